/* test-games.c: what every registered game must do, checked for all of them
 *
 * Generic over the registry: each module's bundled definition loads without
 * a problem; for every player count a game from a fixed seed played by random
 * moves is saved as a record and loaded again, reproducing the hash after
 * every move; undoing to the start restores the initial hash; redoing
 * reaches the end again; a different move after an undo keeps the old line as
 * a variation; observe() keeps the seat to act and what it may do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-game.h"
#include "tw-history.h"
#include "tw-record.h"

static TwDefinition *
load_bundled (const TwRules *rules)
{
  g_autofree char *path = tw_definition_bundled_path (rules->id);
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (path);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (path);
  TwDefinition *def = tw_definition_load_file (path, diags, &error);
  g_assert_no_error (error);
  /* not even a warning in the file we ship */
  g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 0);
  g_assert_true (def->rules == rules);
  return def;
}

static void
test_game_records (gconstpointer data)
{
  const TwRules *rules = data;
  g_autoptr(TwDefinition) def = load_bundled (rules);
  g_autoptr(GString) why = g_string_new (NULL);

  for (guint players = def->min_players; players <= def->max_players; players++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TwGame) game = tw_game_new (def, players, NULL, &error);
      guint64 seed = 1000 + players;
      g_autoptr(TwRecord) record = tw_record_new (game, seed);
      TwHistory *history = tw_record_get_history (record);
      g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
      TwMoveList moves;
      TwRng rng;

      g_assert_no_error (error);
      tw_move_list_init (&moves);
      tw_rng_seed (&rng, seed);
      guint64 h0 = rules->hash (game, tw_history_get_state (history));
      g_array_append_val (hashes, h0);

      /* a whole game of random moves */
      while (tw_state_to_act (game, tw_history_get_state (history)) >= 0)
        {
          const TwState *state = tw_history_get_state (history);
          tw_move_list_clear (&moves);
          rules->legal_moves (game, state, &moves);
          g_assert_cmpuint (moves.len, >, 0);
          TwMove m = moves.moves[tw_rng_below (&rng, moves.len)];
          if (!tw_history_play (history, &m, why))
            g_error ("%s: a legal move was refused: %s", rules->id, why->str);
          guint64 h = rules->hash (game, tw_history_get_state (history));
          g_array_append_val (hashes, h);
          g_assert_cmpuint (hashes->len, <, 20000);
        }

      /* the record reproduces every hash of the game */
      g_autofree char *text = tw_record_to_data (record, &error);
      g_assert_no_error (error);
      g_autoptr(TwRecord) again = tw_record_load_data (text, -1, "test-record.yaml", &error);
      g_assert_no_error (error);
      TwHistory *replayed = tw_record_get_history (again);
      g_autoptr(GArray) line = tw_history_get_main_line (replayed);
      /* the main line leaves out the root: element i is the node after move i + 1 */
      g_assert_cmpuint (line->len + 1, ==, hashes->len);
      for (guint i = 0; i < line->len; i++)
        {
          const TwHistoryNode *node = tw_history_get_node (replayed, g_array_index (line, guint, i));
          g_assert_cmpuint (node->hash, ==, g_array_index (hashes, guint64, i + 1));
        }

      /* undo to the start restores the initial hash; redo reaches the end */
      guint end = tw_history_get_current (history);
      while (tw_history_can_undo (history))
        g_assert_true (tw_history_undo (history));
      g_assert_cmpuint (rules->hash (game, tw_history_get_state (history)), ==, h0);
      while (tw_history_can_redo (history))
        g_assert_true (tw_history_redo (history));
      g_assert_cmpuint (tw_history_get_current (history), ==, end);
      g_assert_cmpuint (rules->hash (game, tw_history_get_state (history)),
                        ==, g_array_index (hashes, guint64, hashes->len - 1));

      /* another first move after undoing keeps the old line as a variation */
      while (tw_history_can_undo (history))
        tw_history_undo (history);
      tw_move_list_clear (&moves);
      rules->legal_moves (game, tw_history_get_state (history), &moves);
      if (moves.len > 1)
        {
          const TwHistoryNode *first = tw_history_get_node (history, tw_history_get_child (history, 0, 0));
          TwMove other = tw_move_equal (&moves.moves[0], &first->move) ? moves.moves[1] : moves.moves[0];
          g_assert_true (tw_history_play (history, &other, why));
          g_assert_cmpuint (tw_history_get_n_children (history, 0), ==, 2);
          g_assert_true (tw_history_goto (history, end));
          g_assert_cmpuint (rules->hash (game, tw_history_get_state (history)),
                            ==, g_array_index (hashes, guint64, hashes->len - 1));
        }
      tw_move_list_free (&moves);
    }
}

/* What a seat sees is what it may act on: after observe() the same seat is to
 * act with the same legal moves (hidden parts may change, choices may not). */
static void
test_game_observe (gconstpointer data)
{
  const TwRules *rules = data;
  g_autoptr(TwDefinition) def = load_bundled (rules);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwGame) game = tw_game_new (def, def->min_players, NULL, &error);
  TwMoveList a, b;
  TwRng rng, orng;

  tw_move_list_init (&a);
  tw_move_list_init (&b);
  tw_rng_seed (&rng, 3);
  tw_rng_seed (&orng, 4);
  for (guint g = 0; g < 5; g++)
    {
      g_autofree TwState *state = tw_state_new (game, g);
      for (guint n = 0; tw_state_to_act (game, state) >= 0 && n < 400; n++)
        {
          int seat = tw_state_to_act (game, state);
          g_autofree TwState *seen = tw_state_copy (game, state);
          rules->observe (game, seen, seat, &orng);
          g_assert_cmpint (tw_state_to_act (game, seen), ==, seat);
          tw_move_list_clear (&a);
          tw_move_list_clear (&b);
          rules->legal_moves (game, state, &a);
          rules->legal_moves (game, seen, &b);
          g_assert_cmpuint (a.len, ==, b.len);
          g_assert_true (memcmp (a.moves, b.moves, a.len * sizeof (TwMove)) == 0);
          rules->apply (game, state, &a.moves[tw_rng_below (&rng, a.len)], NULL);
        }
    }
  tw_move_list_free (&a);
  tw_move_list_free (&b);
}

/* tw_state_score_change() is what the move's player would see before
 * choosing: the scores after playing it minus the scores before, and the
 * state it was asked about is left as it was. An illegal move changes
 * nothing. */
static void
test_game_score_change (gconstpointer data)
{
  const TwRules *rules = data;
  g_autoptr(TwDefinition) def = load_bundled (rules);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwGame) game = tw_game_new (def, def->min_players, NULL, &error);
  TwMoveList moves;
  TwRng rng;
  guint changed = 0;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 11);
  for (guint g = 0; g < 3; g++)
    {
      g_autofree TwState *state = tw_state_new (game, g);
      for (guint n = 0; tw_state_to_act (game, state) >= 0 && n < 400; n++)
        {
          double delta[TW_MAX_PLAYERS], before[TW_MAX_PLAYERS], after[TW_MAX_PLAYERS];
          guint64 hash = rules->hash (game, state);
          TwMove move, bogus;

          tw_move_list_clear (&moves);
          rules->legal_moves (game, state, &moves);
          move = moves.moves[tw_rng_below (&rng, moves.len)];
          g_assert_true (tw_state_score_change (game, state, &move, delta));
          g_assert_cmpuint (rules->hash (game, state), ==, hash);
          rules->scores (game, state, before);
          g_assert_true (rules->apply (game, state, &move, NULL));
          rules->scores (game, state, after);
          for (guint p = 0; p < game->n_players; p++)
            {
              g_assert_cmpfloat_with_epsilon (delta[p], after[p] - before[p], 1e-9);
              changed += delta[p] != 0;
            }

          memset (&bogus, 0xff, sizeof bogus);
          delta[0] = 12345;
          if (!tw_state_score_change (game, state, &bogus, delta))
            g_assert_cmpfloat (delta[0], ==, 12345);
        }
    }
  /* some move in three games scores */
  g_assert_cmpuint (changed, >, 0);
  tw_move_list_free (&moves);
}

/* Every option says what it is to a person: a label (unique in the module),
 * a description and the rulebook passage or reading it comes from; an
 * option limited to fewer seats names a count the module can play. */
static void
test_game_options (gconstpointer data)
{
  const TwRules *rules = data;
  g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < rules->n_options; i++)
    {
      const TwOptionSpec *spec = &rules->options[i];

      g_test_message ("%s: %s", rules->id, spec->name);
      g_assert_nonnull (spec->label);
      g_assert_cmpuint (strlen (spec->label), >, 0);
      g_assert_cmpuint (strlen (spec->label), <=, 40);
      g_assert_false (g_hash_table_contains (labels, spec->label));
      g_hash_table_add (labels, (gpointer) spec->label);
      g_assert_nonnull (spec->description);
      g_assert_nonnull (spec->source);
      g_assert_cmpuint (strlen (spec->source), >, 0);
      if (spec->max_players != 0)
        {
          g_assert_cmpuint (spec->max_players, >=, rules->min_players);
          g_assert_cmpuint (spec->max_players, <, rules->max_players);
        }
      /* forms show a choice by its label, marked for translation, one per
       * choice (tw_choice_words()): two choices of an option never read the
       * same, and every one reads as a capitalised phrase with no
       * punctuation of the id left */
      if (spec->type == TW_VALUE_CHOICE)
        {
          g_autoptr(GHashTable) words = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                               g_free, NULL);

          g_assert_nonnull (spec->choice_labels);
          g_assert_cmpuint (g_strv_length ((GStrv) spec->choice_labels), ==,
                            g_strv_length ((GStrv) spec->choices));
          for (guint c = 0; spec->choices[c] != NULL; c++)
            {
              char *w = tw_choice_words (spec->choices, spec->choice_labels, c);

              g_assert_true (g_ascii_isupper (w[0]) || g_ascii_isdigit (w[0]));
              g_assert_null (strpbrk (w, "-_"));
              g_assert_false (g_hash_table_contains (words, w));
              g_hash_table_add (words, w);
            }
        }
    }

  /* the ways to end and the choices of card parameters have labels too,
   * one per id */
  if (rules->end_reasons != NULL)
    {
      g_assert_nonnull (rules->end_reason_labels);
      g_assert_cmpuint (g_strv_length ((GStrv) rules->end_reason_labels), ==,
                        g_strv_length ((GStrv) rules->end_reasons));
    }
  for (guint k = 0; k < rules->n_card_kinds; k++)
    for (guint p = 0; p < rules->card_kinds[k].n_params; p++)
      {
        const TwParamSpec *param = &rules->card_kinds[k].params[p];

        if (param->type != TW_VALUE_CHOICE)
          continue;
        g_assert_nonnull (param->choice_labels);
        g_assert_cmpuint (g_strv_length ((GStrv) param->choice_labels), ==,
                          g_strv_length ((GStrv) param->choices));
      }

  /* the bundled definition lists every option in its variant: section, so
   * that a designer reading the file sees what can be switched */
  g_autoptr(TwDefinition) def = load_bundled (rules);
  const TwNode *variant = tw_node_get (def->root, "variant");
  g_assert_nonnull (variant);
  for (guint i = 0; i < rules->n_options; i++)
    if (tw_node_get (variant, rules->options[i].name) == NULL)
      g_error ("%s: the bundled definition's variant: does not list '%s'", rules->id,
               rules->options[i].name);
}

/* Every legal move has words: a sentence that is not the notation's
 * fallback, names no unknown move, and tells the seat's choices apart (two
 * legal moves never read the same), at every decision of three games. */
static void
test_game_describe (gconstpointer data)
{
  const TwRules *rules = data;
  g_autoptr(TwDefinition) def = load_bundled (rules);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwGame) game = tw_game_new (def, def->min_players, NULL, &error);
  TwMoveList moves;
  TwRng rng;
  guint n_said = 0;

  g_assert_nonnull (rules->describe_move);
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 5);
  for (guint g = 0; g < 3; g++)
    {
      g_autofree TwState *state = tw_state_new (game, g);
      for (guint n = 0; tw_state_to_act (game, state) >= 0 && n < 400; n++)
        {
          g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                             NULL);

          tw_move_list_clear (&moves);
          rules->legal_moves (game, state, &moves);
          for (guint i = 0; i < moves.len; i++)
            {
              char *words = tw_move_describe (game, state, &moves.moves[i], "P1");

              g_assert_true (g_str_has_prefix (words, "P1 "));
              g_assert_null (strstr (words, "unknown move"));
              g_assert_null (strstr (words, "?"));
              if (g_hash_table_contains (seen, words))
                g_error ("%s: two legal moves read \"%s\"", rules->id, words);
              g_hash_table_add (seen, words);
              n_said++;
            }
          g_assert_true (rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)],
                                       NULL));
        }
    }
  g_assert_cmpuint (n_said, >, 0);
  tw_move_list_free (&moves);
}

int
main (int argc, char **argv)
{
  guint n;
  const TwRules * const *all = tw_rules_all (&n);

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p1 = g_strdup_printf ("/tw/games/%s/records-and-history", all[i]->id);
      g_autofree char *p2 = g_strdup_printf ("/tw/games/%s/observe", all[i]->id);
      g_test_add_data_func (p1, all[i], test_game_records);
      g_autofree char *p3 = g_strdup_printf ("/tw/games/%s/score-change", all[i]->id);
      g_test_add_data_func (p2, all[i], test_game_observe);
      g_test_add_data_func (p3, all[i], test_game_score_change);
      g_autofree char *p4 = g_strdup_printf ("/tw/games/%s/options", all[i]->id);
      g_test_add_data_func (p4, all[i], test_game_options);
      g_autofree char *p5 = g_strdup_printf ("/tw/games/%s/describe", all[i]->id);
      g_test_add_data_func (p5, all[i], test_game_describe);
    }
  return g_test_run ();
}
