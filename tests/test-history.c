/* test-history.c: the move tree, its undo/redo, variations and cached states
 *
 * Written against the rules interface only: moves are chosen from
 * legal_moves() with a seeded generator, so these tests hold for any game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-definition.h"
#include "tw-game.h"
#include "tw-history.h"

static TwGame *
load_game (guint players)
{
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GError) error = NULL;
  TwGame *game;

  if (path == NULL)
    return NULL;
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  game = tw_game_new (def, players, NULL, &error);
  g_assert_no_error (error);
  return game;
}

#define REQUIRE_GAME(game, players)                                     \
  g_autoptr(TwGame) game = load_game (players);                         \
  if (game == NULL)                                                     \
    {                                                                   \
      g_test_skip ("the bundled colorblock definition is missing");     \
      return;                                                           \
    }

static gboolean
random_move (const TwGame  *game,
             const TwState *state,
             TwRng         *rng,
             TwMove        *move)
{
  TwMoveList list;
  gboolean ok;

  tw_move_list_init (&list);
  game->rules->legal_moves (game, state, &list);
  ok = list.len > 0;
  if (ok)
    *move = list.moves[tw_rng_below (rng, list.len)];
  tw_move_list_free (&list);
  return ok;
}

/* Plays up to @n random moves; returns how many were played. */
static guint
play_random (TwHistory *history,
             TwRng     *rng,
             guint      n)
{
  const TwGame *game = tw_history_get_game (history);
  guint played = 0;

  while (played < n && !tw_state_is_terminal (game, tw_history_get_state (history)))
    {
      g_autoptr(GString) why = g_string_new (NULL);
      TwMove move;

      g_assert_true (random_move (game, tw_history_get_state (history), rng, &move));
      g_assert_true (tw_history_play (history, &move, why));
      g_assert_cmpuint (why->len, ==, 0);
      played++;
    }
  return played;
}

static guint64
current_hash (const TwHistory *history)
{
  const TwGame *game = tw_history_get_game (history);
  return game->rules->hash (game, tw_history_get_state (history));
}

/* The hash at @node computed the slow way: a fresh state and every move of
 * the path applied in order. */
static guint64
replayed_hash (const TwHistory *history,
               guint            node)
{
  const TwGame *game = tw_history_get_game (history);
  g_autoptr(GArray) path = tw_history_get_path (history, node);
  TwState *state = tw_state_new (game, tw_history_get_seed (history));
  guint64 hash;

  for (guint i = 0; i < path->len; i++)
    {
      const TwHistoryNode *n = tw_history_get_node (history, g_array_index (path, guint, i));
      g_assert_true (game->rules->apply (game, state, &n->move, NULL));
    }
  hash = game->rules->hash (game, state);
  tw_state_free (state);
  return hash;
}

static void
test_root (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwHistory) history = tw_history_new (game, 7);
  TwState *fresh = tw_state_new (game, 7);
  const TwHistoryNode *root;

  root = tw_history_get_node (history, TW_HISTORY_ROOT);
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, 1);
  g_assert_cmpuint (tw_history_get_current (history), ==, TW_HISTORY_ROOT);
  g_assert_cmpuint (root->parent, ==, TW_HISTORY_NONE);
  g_assert_cmpuint (root->depth, ==, 0);
  g_assert_cmpint (root->player, ==, -1);
  g_assert_cmpstr (root->text, ==, "");
  g_assert_cmpuint (root->hash, ==, game->rules->hash (game, fresh));
  g_assert_cmpuint (current_hash (history), ==, root->hash);
  g_assert_false (tw_history_can_undo (history));
  g_assert_false (tw_history_can_redo (history));
  g_assert_false (tw_history_undo (history));
  g_assert_false (tw_history_redo (history));
  g_assert_cmpuint (tw_history_get_seed (history), ==, 7);
  g_assert_true (tw_history_get_game (history) == game);
  tw_state_free (fresh);
}

static void
test_undo_to_start (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwHistory) history = tw_history_new (game, 11);
  guint64 initial = current_hash (history);
  TwRng rng;
  guint played;

  tw_rng_seed (&rng, 1);
  played = play_random (history, &rng, 40);
  g_assert_cmpuint (played, >, TW_HISTORY_CACHE_INTERVAL);
  g_assert_cmpuint (tw_history_get_node (history, tw_history_get_current (history))->depth,
                    ==, played);

  for (guint i = 0; i < played; i++)
    {
      guint cur = tw_history_get_current (history);
      guint parent = tw_history_get_node (history, cur)->parent;

      g_assert_true (tw_history_can_undo (history));
      g_assert_true (tw_history_undo (history));
      g_assert_cmpuint (tw_history_get_current (history), ==, parent);
      g_assert_cmpuint (current_hash (history), ==,
                        tw_history_get_node (history, parent)->hash);
    }

  g_assert_cmpuint (tw_history_get_current (history), ==, TW_HISTORY_ROOT);
  g_assert_false (tw_history_can_undo (history));
  g_assert_cmpuint (current_hash (history), ==, initial);
  /* Undo only moves: every node is still there. */
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, played + 1);
}

static void
test_redo (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwHistory) history = tw_history_new (game, 12);
  g_autoptr(GArray) line = NULL;
  TwRng rng;
  guint played;

  tw_rng_seed (&rng, 2);
  played = play_random (history, &rng, 35);
  line = tw_history_get_main_line (history);
  g_assert_cmpuint (line->len, ==, played);

  while (tw_history_undo (history))
    ;

  for (guint i = 0; i < played; i++)
    {
      guint expected = g_array_index (line, guint, i);

      g_assert_true (tw_history_can_redo (history));
      g_assert_true (tw_history_redo (history));
      g_assert_cmpuint (tw_history_get_current (history), ==, expected);
      g_assert_cmpuint (current_hash (history), ==,
                        tw_history_get_node (history, expected)->hash);
    }
  g_assert_false (tw_history_can_redo (history));
  g_assert_false (tw_history_redo (history));
}

/* Finds a legal move at the current node that is not yet a child. */
static gboolean
other_move (TwHistory *history,
            TwMove    *move)
{
  const TwGame *game = tw_history_get_game (history);
  TwMoveList list;
  gboolean found = FALSE;

  tw_move_list_init (&list);
  game->rules->legal_moves (game, tw_history_get_state (history), &list);
  for (guint i = 0; i < list.len && !found; i++)
    if (tw_history_find_child (history, tw_history_get_current (history),
                               &list.moves[i]) == TW_HISTORY_NONE)
      {
        *move = list.moves[i];
        found = TRUE;
      }
  tw_move_list_free (&list);
  return found;
}

static void
test_variation (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwHistory) history = tw_history_new (game, 13);
  g_autoptr(GArray) old_line = NULL;
  g_autoptr(GArray) line = NULL;
  g_autoptr(GString) why = g_string_new (NULL);
  guint branch, old_child, old_leaf, new_child, n_nodes;
  guint64 old_leaf_hash;
  TwMove move;
  TwRng rng;

  tw_rng_seed (&rng, 3);
  g_assert_cmpuint (play_random (history, &rng, 10), ==, 10);
  old_line = tw_history_get_main_line (history);
  old_leaf = tw_history_get_current (history);
  old_leaf_hash = tw_history_get_node (history, old_leaf)->hash;

  for (guint i = 0; i < 3; i++)
    g_assert_true (tw_history_undo (history));
  branch = tw_history_get_current (history);
  old_child = g_array_index (old_line, guint, 7);
  g_assert_cmpuint (tw_history_get_node (history, old_child)->parent, ==, branch);

  /* Playing the same move again goes back to the existing child. */
  n_nodes = tw_history_get_n_nodes (history);
  g_assert_true (tw_history_play (history, &tw_history_get_node (history, old_child)->move, why));
  g_assert_cmpuint (tw_history_get_current (history), ==, old_child);
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, n_nodes);
  g_assert_true (tw_history_undo (history));

  /* A different move adds a variation after the main line. */
  g_assert_true (other_move (history, &move));
  g_assert_true (tw_history_play (history, &move, why));
  new_child = tw_history_get_current (history);
  g_assert_cmpuint (new_child, ==, n_nodes);
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, n_nodes + 1);
  g_assert_cmpuint (tw_history_get_n_children (history, branch), ==, 2);
  g_assert_cmpuint (tw_history_get_child (history, branch, 0), ==, old_child);
  g_assert_cmpuint (tw_history_get_child (history, branch, 1), ==, new_child);
  g_assert_cmpuint (tw_history_get_child (history, branch, 2), ==, TW_HISTORY_NONE);
  g_assert_cmpuint (tw_history_get_node (history, new_child)->depth, ==, 8);
  g_assert_cmpstr (tw_history_get_node (history, new_child)->text, !=, "");
  g_assert_cmpuint (current_hash (history), ==, tw_history_get_node (history, new_child)->hash);

  /* The old line is intact and is still the main line. */
  line = tw_history_get_main_line (history);
  g_assert_cmpuint (line->len, ==, old_line->len);
  g_assert_cmpmem (line->data, line->len * sizeof (guint),
                   old_line->data, old_line->len * sizeof (guint));
  g_assert_cmpuint (tw_history_get_main_line_end (history), ==, old_leaf);
  g_assert_true (tw_history_goto (history, old_leaf));
  g_assert_cmpuint (current_hash (history), ==, old_leaf_hash);

  /* Redo follows the child last visited. */
  g_assert_true (tw_history_goto (history, new_child));
  g_assert_true (tw_history_undo (history));
  g_assert_true (tw_history_redo (history));
  g_assert_cmpuint (tw_history_get_current (history), ==, new_child);
  g_assert_true (tw_history_goto (history, branch));
  g_assert_true (tw_history_redo (history));
  g_assert_cmpuint (tw_history_get_current (history), ==, new_child);
  g_assert_true (tw_history_goto (history, old_leaf));
  g_assert_true (tw_history_goto (history, branch));
  g_assert_true (tw_history_redo (history));
  g_assert_cmpuint (tw_history_get_current (history), ==, old_child);

  /* Promotion makes the variation the main line, ids unchanged. */
  tw_history_promote (history, new_child);
  g_assert_cmpuint (tw_history_get_child (history, branch, 0), ==, new_child);
  g_assert_cmpuint (tw_history_get_child (history, branch, 1), ==, old_child);
  g_assert_cmpuint (tw_history_get_main_line_end (history), ==, new_child);
  tw_history_promote (history, old_leaf);
  g_assert_cmpuint (tw_history_get_child (history, branch, 0), ==, old_child);
  g_assert_cmpuint (tw_history_get_main_line_end (history), ==, old_leaf);
}

static void
test_illegal (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwHistory) history = tw_history_new (game, 14);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  TwMove bad = { 0, };   /* kind 0 is never a valid move */
  guint64 hash = current_hash (history);

  g_assert_false (tw_history_play (history, &bad, why));
  g_assert_cmpuint (why->len, >, 0);
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, 1);
  g_assert_cmpuint (tw_history_get_current (history), ==, TW_HISTORY_ROOT);
  g_assert_cmpuint (current_hash (history), ==, hash);

  g_assert_false (tw_history_play_text (history, "\x01 not a move \x02", &error));
  g_assert_error (error, TW_GAME_ERROR, TW_GAME_ERROR_NOTATION);
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, 1);
  g_assert_false (tw_history_goto (history, 99));
}

static void
test_play_text (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwHistory) a = tw_history_new (game, 15);
  g_autoptr(TwHistory) b = tw_history_new (game, 15);
  TwRng rng;
  guint played;

  tw_rng_seed (&rng, 5);
  played = play_random (a, &rng, 30);
  g_assert_cmpuint (played, >, 0);
  for (guint i = 1; i <= played; i++)
    {
      g_autoptr(GError) error = NULL;
      const TwHistoryNode *na = tw_history_get_node (a, i);
      const TwHistoryNode *nb;

      g_assert_true (tw_history_play_text (b, na->text, &error));
      g_assert_no_error (error);
      nb = tw_history_get_node (b, tw_history_get_current (b));
      g_assert_cmpstr (nb->text, ==, na->text);
      g_assert_true (tw_move_equal (&nb->move, &na->move));
      g_assert_cmpuint (nb->hash, ==, na->hash);
      g_assert_cmpint (nb->player, ==, na->player);
    }
}

/* A bushy random tree, then every node visited in random order: the state
 * there must be the one that replaying its path gives. */
static void
test_goto (void)
{
  REQUIRE_GAME (game, 3);
  g_autoptr(TwHistory) history = tw_history_new (game, 16);
  g_autoptr(GString) why = g_string_new (NULL);
  TwRng rng;
  guint n;

  tw_rng_seed (&rng, 6);
  for (guint step = 0; step < 600; step++)
    {
      guint r = tw_rng_below (&rng, 10);

      if (r == 0)
        g_assert_true (tw_history_goto (history,
                                        tw_rng_below (&rng, tw_history_get_n_nodes (history))));
      else if (r == 1)
        tw_history_undo (history);
      else if (r == 2)
        tw_history_redo (history);
      else
        {
          TwMove move;

          if (random_move (game, tw_history_get_state (history), &rng, &move))
            g_assert_true (tw_history_play (history, &move, why));
        }
    }

  n = tw_history_get_n_nodes (history);
  g_assert_cmpuint (n, >, 200);
  for (guint i = 0; i < n; i++)
    {
      guint node = tw_rng_below (&rng, n);
      const TwHistoryNode *nd = tw_history_get_node (history, node);
      g_autoptr(GArray) path = tw_history_get_path (history, node);
      TwState *copy;

      g_assert_cmpuint (path->len, ==, nd->depth);
      if (path->len > 0)
        g_assert_cmpuint (g_array_index (path, guint, path->len - 1), ==, node);

      copy = tw_history_dup_state_at (history, node);
      g_assert_cmpuint (game->rules->hash (game, copy), ==, nd->hash);
      tw_state_free (copy);

      g_assert_true (tw_history_goto (history, node));
      g_assert_cmpuint (tw_history_get_current (history), ==, node);
      g_assert_cmpuint (current_hash (history), ==, nd->hash);
      g_assert_cmpuint (replayed_hash (history, node), ==, nd->hash);
    }

  /* Every node's parent links and child lists agree. */
  for (guint i = 1; i < n; i++)
    {
      const TwHistoryNode *nd = tw_history_get_node (history, i);
      guint parent = nd->parent;
      gboolean listed = FALSE;

      for (guint c = 0; c < tw_history_get_n_children (history, parent); c++)
        listed |= tw_history_get_child (history, parent, c) == i;
      g_assert_true (listed);
      g_assert_cmpuint (nd->depth, ==, tw_history_get_node (history, parent)->depth + 1);
    }
}

/* Whole games: the node after every move carries the right player, text and hash. */
static void
test_full_games (void)
{
  REQUIRE_GAME (game, 2);

  for (guint64 seed = 100; seed < 110; seed++)
    {
      g_autoptr(TwHistory) history = tw_history_new (game, seed);
      TwState *state = tw_state_new (game, seed);
      TwRng rng;
      guint played;

      tw_rng_seed (&rng, seed);
      played = play_random (history, &rng, G_MAXUINT);
      g_assert_true (tw_state_is_terminal (game, tw_history_get_state (history)));
      for (guint i = 1; i <= played; i++)
        {
          const TwHistoryNode *nd = tw_history_get_node (history, i);
          g_autofree char *text = tw_move_to_string (game, state, &nd->move);

          g_assert_cmpint (nd->player, ==, tw_state_to_act (game, state));
          g_assert_cmpstr (nd->text, ==, text);
          g_assert_true (game->rules->apply (game, state, &nd->move, NULL));
          g_assert_cmpuint (nd->hash, ==, game->rules->hash (game, state));
        }
      tw_state_free (state);
    }
}

/* A tree wider than the cache budget: many variations at a cached depth, some
 * continued past the next one. The cache never holds more than the budget,
 * and every node's state, recomputed from whatever ancestor is still kept,
 * is the one its moves give. */
static void
test_cache_budget (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwHistory) history = tw_history_new (game, 7);
  guint max = 0, branch;
  TwRng rng;

  tw_rng_seed (&rng, 7);
  tw_history_set_cache_budget (history, 0);  /* the minimum number of states */
  g_assert_cmpuint (tw_history_get_cache_size (history, &max), <=, max);
  g_assert_cmpuint (max, ==, TW_HISTORY_CACHE_MIN_STATES + 1);

  g_assert_cmpuint (play_random (history, &rng, TW_HISTORY_CACHE_INTERVAL - 1), ==,
                    TW_HISTORY_CACHE_INTERVAL - 1);
  branch = tw_history_get_current (history);
  for (guint v = 0; v < 4 * max; v++)
    {
      g_assert_true (tw_history_goto (history, branch));
      play_random (history, &rng, v % 3 == 0 ? 2 * TW_HISTORY_CACHE_INTERVAL + 1 : 1);
      g_assert_cmpuint (tw_history_get_cache_size (history, NULL), <=, max);
    }
  g_assert_cmpuint (tw_history_get_n_nodes (history), >, 4 * max);

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < tw_history_get_n_nodes (history); i++)
      {
        guint node = pass == 0 ? i : tw_history_get_n_nodes (history) - 1 - i;
        guint64 want = tw_history_get_node (history, node)->hash;
        TwState *state = tw_history_dup_state_at (history, node);

        g_assert_cmpuint (game->rules->hash (game, state), ==, want);
        g_assert_cmpuint (replayed_hash (history, node), ==, want);
        tw_state_free (state);
        g_assert_true (tw_history_goto (history, node));
        g_assert_cmpuint (current_hash (history), ==, want);
        g_assert_cmpuint (tw_history_get_cache_size (history, NULL), <=, max);
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/history/root", test_root);
  g_test_add_func ("/tw/history/undo-to-start", test_undo_to_start);
  g_test_add_func ("/tw/history/redo", test_redo);
  g_test_add_func ("/tw/history/variation", test_variation);
  g_test_add_func ("/tw/history/illegal", test_illegal);
  g_test_add_func ("/tw/history/play-text", test_play_text);
  g_test_add_func ("/tw/history/goto", test_goto);
  g_test_add_func ("/tw/history/full-games", test_full_games);
  g_test_add_func ("/tw/history/cache-budget", test_cache_budget);

  return g_test_run ();
}
