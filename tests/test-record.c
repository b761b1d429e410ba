/* test-record.c: game records written, read back and checked
 *
 * Game-agnostic: moves come from legal_moves(), and edited records are made
 * by replacing the bytes of a parsed node, never by knowing the notation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tw-definition.h"
#include "tw-game.h"
#include "tw-node.h"
#include "tw-record.h"

static TwGame *
load_game_with (guint            players,
                const TwOptions *options)
{
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GError) error = NULL;
  TwGame *game;

  if (path == NULL)
    return NULL;
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  game = tw_game_new (def, players, options, &error);
  g_assert_no_error (error);
  return game;
}

#define REQUIRE_GAME(game, players)                                     \
  g_autoptr(TwGame) game = load_game_with (players, NULL);              \
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

static void
play_to_end (TwHistory *history,
             TwRng     *rng,
             guint      max)
{
  const TwGame *game = tw_history_get_game (history);

  for (guint i = 0; i < max && !tw_state_is_terminal (game, tw_history_get_state (history)); i++)
    {
      TwMove move;

      g_assert_true (random_move (game, tw_history_get_state (history), rng, &move));
      g_assert_true (tw_history_play (history, &move, NULL));
    }
}

/* A record of a whole random game, with a few variations when asked. */
static TwRecord *
random_record (TwGame   *game,
               guint64   seed,
               gboolean  variations)
{
  TwRecord *record = tw_record_new (game, seed);
  TwHistory *history = tw_record_get_history (record);
  TwRng rng;

  tw_rng_seed (&rng, seed * 31 + 1);
  play_to_end (history, &rng, G_MAXUINT);

  if (variations)
    for (guint v = 0; v < 3; v++)
      {
        guint n = tw_history_get_n_nodes (history);

        tw_history_goto (history, tw_rng_below (&rng, n));
        play_to_end (history, &rng, 1 + tw_rng_below (&rng, 20));
      }

  tw_record_set_seat (record, 0, "Ada “the bold”: #1", "human");
  tw_record_set_seat (record, 1, "- bot -", "random");
  return record;
}

static void
assert_same_tree (TwHistory *a,
                  TwHistory *b)
{
  g_assert_cmpuint (tw_history_get_n_nodes (a), ==, tw_history_get_n_nodes (b));
  /* Same shape: walk both trees in parallel. */
  {
    g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
    guint pair[2] = { TW_HISTORY_ROOT, TW_HISTORY_ROOT };

    g_array_append_val (stack, pair);
    while (stack->len > 0)
      {
        guint *top = &g_array_index (stack, guint, (stack->len - 1) * 2);
        guint x = top[0], y = top[1];
        const TwHistoryNode *nx = tw_history_get_node (a, x);
        const TwHistoryNode *ny = tw_history_get_node (b, y);
        guint nc = tw_history_get_n_children (a, x);

        g_array_set_size (stack, stack->len - 1);
        g_assert_cmpstr (nx->text, ==, ny->text);
        g_assert_cmpuint (nx->hash, ==, ny->hash);
        g_assert_cmpint (nx->player, ==, ny->player);
        g_assert_cmpuint (nx->depth, ==, ny->depth);
        g_assert_cmpuint (nc, ==, tw_history_get_n_children (b, y));
        for (guint c = 0; c < nc; c++)
          {
            guint child[2] = { tw_history_get_child (a, x, c), tw_history_get_child (b, y, c) };
            g_array_append_val (stack, child);
          }
      }
  }
  {
    g_autoptr(GArray) pa = tw_history_get_path (a, tw_history_get_current (a));
    g_autoptr(GArray) pb = tw_history_get_path (b, tw_history_get_current (b));

    g_assert_cmpuint (pa->len, ==, pb->len);
    for (guint i = 0; i < pa->len; i++)
      g_assert_cmpstr (tw_history_get_node (a, g_array_index (pa, guint, i))->text, ==,
                       tw_history_get_node (b, g_array_index (pb, guint, i))->text);
  }
}

static void
test_round_trip (void)
{
  REQUIRE_GAME (game, 2);
  guint n_games = g_test_thorough () ? 2000 : 300;

  for (guint64 seed = 1; seed <= n_games; seed++)
    {
      g_autoptr(TwRecord) record = random_record (game, seed, seed % 5 == 0);
      g_autoptr(TwRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      g_autofree char *again = NULL;
      g_autoptr(GArray) line = NULL;
      g_autoptr(GArray) loaded_line = NULL;
      TwHistory *h, *lh;
      TwGame *lgame;
      TwState *state;

      data = tw_record_to_data (record, &error);
      g_assert_no_error (error);
      g_assert_true (g_str_has_prefix (data, "tilewright-record: 1\n"));

      loaded = tw_record_load_data (data, -1, "round-trip.yaml", &error);
      if (error != NULL)
        g_printerr ("%s\n---\n%s\n", error->message, data);
      g_assert_no_error (error);
      h = tw_record_get_history (record);
      lh = tw_record_get_history (loaded);
      lgame = tw_record_get_game (loaded);

      g_assert_cmpuint (tw_history_get_seed (lh), ==, seed);
      g_assert_cmpuint (lgame->n_players, ==, 2);
      g_assert_cmpstr (lgame->definition->text, ==, game->definition->text);
      g_assert_cmpstr (tw_record_get_seat_name (loaded, 0), ==, "Ada “the bold”: #1");
      g_assert_cmpstr (tw_record_get_seat_player (loaded, 1), ==, "random");
      g_assert_cmpstr (tw_record_get_definition_path (loaded), ==,
                       tw_record_get_definition_path (record));

      /* Every hash along the main line, recomputed from a fresh state. */
      line = tw_history_get_main_line (h);
      loaded_line = tw_history_get_main_line (lh);
      g_assert_cmpuint (line->len, ==, loaded_line->len);
      state = tw_state_new (lgame, seed);
      for (guint i = 0; i < line->len; i++)
        {
          const TwHistoryNode *n = tw_history_get_node (h, g_array_index (line, guint, i));
          const TwHistoryNode *ln = tw_history_get_node (lh, g_array_index (loaded_line, guint, i));

          g_assert_true (lgame->rules->apply (lgame, state, &ln->move, NULL));
          g_assert_cmpuint (lgame->rules->hash (lgame, state), ==, n->hash);
          g_assert_cmpuint (ln->hash, ==, n->hash);
        }
      tw_state_free (state);

      assert_same_tree (h, lh);

      /* Writing what was read gives the same text. */
      again = tw_record_to_data (loaded, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (again, ==, data);
    }
}

static void
test_options (void)
{
  g_autoptr(TwGame) plain = load_game_with (2, NULL);
  g_autoptr(TwGame) game = NULL;
  g_autoptr(TwRecord) record = NULL;
  g_autoptr(TwRecord) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  const TwRules *rules;
  TwOptions options;
  guint changed = G_MAXUINT;

  if (plain == NULL)
    {
      g_test_skip ("the bundled colorblock definition is missing");
      return;
    }
  rules = plain->rules;
  options = plain->options;
  for (guint i = 0; i < rules->n_options && changed == G_MAXUINT; i++)
    {
      const TwOptionSpec *spec = &rules->options[i];

      if (spec->type == TW_VALUE_BOOL)
        options.values[i] = !options.values[i];
      else if (spec->type == TW_VALUE_INT && spec->max > spec->min)
        options.values[i] = options.values[i] == spec->min ? spec->min + 1 : spec->min;
      else if (spec->type == TW_VALUE_CHOICE && spec->choices[0] != NULL && spec->choices[1] != NULL)
        options.values[i] = options.values[i] == 0 ? 1 : 0;
      else
        continue;
      changed = i;
    }
  if (changed == G_MAXUINT)
    {
      g_test_skip ("the game has no option to change");
      return;
    }

  game = tw_game_new (plain->definition, 2, &options, &error);
  g_assert_no_error (error);
  record = random_record (game, 5, FALSE);
  data = tw_record_to_data (record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (data, "\noptions:\n"));
  g_assert_nonnull (strstr (data, rules->options[changed].name));

  loaded = tw_record_load_data (data, -1, "options.yaml", &error);
  g_assert_no_error (error);
  g_assert_cmpmem (&tw_record_get_game (loaded)->options, sizeof (TwOptions),
                   &options, sizeof (TwOptions));
}

/* Replaces the bytes of @node in @text by @replacement. */
static char *
replace_node (const char   *text,
              const TwNode *node,
              const char   *replacement)
{
  GString *out = g_string_new_len (text, node->start_offset);

  g_string_append (out, replacement);
  g_string_append (out, text + node->end_offset);
  return g_string_free (out, FALSE);
}

static TwNode *
parse (const char *text)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("test");
  TwNode *root = tw_node_parse (text, -1, NULL, diags);

  g_assert_nonnull (root);
  return root;
}

static void
test_illegal_move (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwRecord) record = random_record (game, 42, FALSE);
  TwHistory *history = tw_record_get_history (record);
  g_autoptr(GArray) line = tw_history_get_main_line (history);
  g_autofree char *data = tw_record_to_data (record, NULL);
  g_autoptr(TwNode) root = parse (data);
  const TwNode *moves = tw_node_get (root, "moves");
  g_autofree char *bad_text = NULL;
  guint bad_index = G_MAXUINT;

  g_assert_nonnull (moves);
  g_assert_cmpuint (moves->n_children, ==, line->len);

  /* Find a move k and the text of another move that reads but is illegal at k. */
  for (guint k = 1; k < line->len && bad_index == G_MAXUINT; k++)
    {
      TwState *state = tw_history_dup_state_at (history, g_array_index (line, guint, k - 1));

      for (guint j = 0; j < line->len && bad_index == G_MAXUINT; j++)
        {
          const char *text = tw_history_get_node (history, g_array_index (line, guint, j))->text;
          TwMove move;
          TwState *copy;

          g_autoptr(GString) why = g_string_new (NULL);

          if (!game->rules->move_from_text (game, state, text, &move, why))
            continue;
          copy = tw_state_copy (game, state);
          if (!game->rules->apply (game, copy, &move, why))
            {
              bad_index = k;
              bad_text = g_strdup (text);
            }
          tw_state_free (copy);
        }
      tw_state_free (state);
    }

  if (bad_index != G_MAXUINT)
    {
      const TwNode *at = moves->children[bad_index];
      g_autofree char *quoted = g_strdup_printf ("\"%s\"", bad_text);
      g_autofree char *edited = replace_node (data, at, quoted);
      g_autofree char *where = g_strdup_printf ("game.yaml:%u:%u: error: move %u “%s” is illegal",
                                                at->line, at->column, bad_index + 1, bad_text);
      g_autoptr(GError) error = NULL;
      g_autoptr(TwRecord) loaded = tw_record_load_data (edited, -1, "game.yaml", &error);

      g_assert_null (loaded);
      g_assert_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_ILLEGAL_MOVE);
      if (!g_str_has_prefix (error->message, where))
        g_error ("expected “%s…”, got “%s”", where, error->message);
    }
  else
    g_test_message ("no illegal replacement found; only the unreadable case is tested");

  /* An unreadable move. */
  {
    const TwNode *at = moves->children[3];
    g_autofree char *edited = replace_node (data, at, "\"%%% no such move %%%\"");
    g_autofree char *where = g_strdup_printf ("game.yaml:%u:%u: error: move 4 “%%%%%% no such move "
                                              "%%%%%%” cannot be read", at->line, at->column);
    g_autoptr(GError) error = NULL;
    g_autoptr(TwRecord) loaded = tw_record_load_data (edited, -1, "game.yaml", &error);

    g_assert_null (loaded);
    g_assert_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_ILLEGAL_MOVE);
    if (!g_str_has_prefix (error->message, where))
      g_error ("expected “%s…”, got “%s”", where, error->message);
  }

  /* A move after the end of the game. */
  {
    const TwNode *last = moves->children[moves->n_children - 1];
    GString *edited = g_string_new_len (data, last->end_offset);
    g_autoptr(GError) error = NULL;
    g_autoptr(TwRecord) loaded = NULL;

    g_string_append_printf (edited, "\n- \"%s\"", tw_history_get_node (history, 1)->text);
    g_string_append (edited, data + last->end_offset);
    loaded = tw_record_load_data (edited->str, -1, "game.yaml", &error);
    g_assert_null (loaded);
    g_assert_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_ILLEGAL_MOVE);
    g_assert_nonnull (strstr (error->message, "the game is over"));
    g_string_free (edited, TRUE);
  }
}

static void
expect_error (const char    *text,
              TwRecordError  code,
              const char    *pattern)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) record = tw_record_load_data (text, -1, "bad.yaml", &error);

  g_assert_null (record);
  g_assert_error (error, TW_RECORD_ERROR, (int) code);
  if (!g_regex_match_simple (pattern, error->message, 0, 0))
    g_error ("“%s” does not match “%s”", error->message, pattern);
}

static void
test_garbage (void)
{
  expect_error ("tilewright-record: 1\nmoves: [a, b\nseed: 3\n", TW_RECORD_ERROR_SYNTAX,
                "^bad\\.yaml:[0-9]+:[0-9]+: error: ");
  expect_error ("\"unterminated\n", TW_RECORD_ERROR_SYNTAX,
                "^bad\\.yaml:[0-9]+:[0-9]+: error: ");
  expect_error ("- just\n- a list\n", TW_RECORD_ERROR_INVALID,
                "^bad\\.yaml:1:1: error: ");
  expect_error ("game: colorblock\n", TW_RECORD_ERROR_INVALID,
                "^bad\\.yaml:1:1: error: this is not a Tilewright game record");
  expect_error ("tilewright-record: 99\nrules: x\nplayers: 2\nseed: 1\nmoves: []\ndefinition: x\n",
                TW_RECORD_ERROR_INVALID, "^bad\\.yaml:1:20: error: record format 99 is newer");
  expect_error ("tilewright-record: 1\nrules: x\nplayers: 2\nseed: -4\nmoves: []\ndefinition: x\n",
                TW_RECORD_ERROR_INVALID, "^bad\\.yaml:4:7: error: the seed");
  expect_error ("tilewright-record: 1\nrules: x\nplayers: 2\nseed: 1\n", TW_RECORD_ERROR_INVALID,
                "the record has no `moves`");
  expect_error ("", TW_RECORD_ERROR_INVALID, "^bad\\.yaml:");
  expect_error ("\xff\xfe\x00garbage", TW_RECORD_ERROR_SYNTAX, "^bad\\.yaml:");
}

static void
test_bad_definition (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwRecord) record = random_record (game, 3, FALSE);
  g_autofree char *data = tw_record_to_data (record, NULL);
  g_autoptr(TwNode) root = parse (data);
  const TwNode *def = tw_node_get (root, "definition");
  const TwNode *rules = tw_node_get (root, "rules");
  const TwNode *hashes = tw_node_get (root, "hashes");
  const TwNode *final_hash = tw_node_get (hashes, "final");

  g_assert_nonnull (def);
  g_assert_cmpint (data[def->start_offset], ==, '|');

  /* An embedded definition that does not load: the error is in the record. */
  {
    g_autofree char *edited = replace_node (data, def, "|\n  game:\n    name: [\n");
    g_autoptr(GError) error = NULL;
    g_autoptr(TwRecord) loaded = tw_record_load_data (edited, -1, "game.yaml", &error);

    g_assert_null (loaded);
    g_assert_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_DEFINITION);
    g_assert_true (g_str_has_prefix (error->message, "game.yaml:"));
  }

  /* Rules that disagree with the definition. */
  {
    g_autofree char *edited = replace_node (data, rules, "blokus-shuffle");
    g_autofree char *where = g_strdup_printf ("game.yaml:%u:%u: error:", rules->line, rules->column);
    g_autoptr(GError) error = NULL;
    g_autoptr(TwRecord) loaded = tw_record_load_data (edited, -1, "game.yaml", &error);

    g_assert_null (loaded);
    g_assert_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_INVALID);
    g_assert_true (g_str_has_prefix (error->message, where));
  }

  /* A hash that the moves do not reach. */
  {
    g_autofree char *edited = replace_node (data, final_hash, "\"0123456789abcdef\"");
    g_autoptr(GError) error = NULL;
    g_autoptr(TwRecord) loaded = tw_record_load_data (edited, -1, "game.yaml", &error);

    g_assert_null (loaded);
    g_assert_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_HASH);
    g_assert_nonnull (strstr (error->message, "0123456789abcdef"));
  }
}

static void
test_current (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwRecord) record = random_record (game, 9, TRUE);
  TwHistory *history = tw_record_get_history (record);
  guint n = tw_history_get_n_nodes (history);

  for (guint node = 0; node < n; node += 1 + n / 17)
    {
      g_autoptr(TwRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      TwHistory *lh;

      tw_history_goto (history, node);
      data = tw_record_to_data (record, &error);
      g_assert_no_error (error);
      loaded = tw_record_load_data (data, -1, "current.yaml", &error);
      g_assert_no_error (error);
      lh = tw_record_get_history (loaded);
      g_assert_cmpuint (tw_history_get_node (lh, tw_history_get_current (lh))->hash, ==,
                        tw_history_get_node (history, node)->hash);
      assert_same_tree (history, lh);
    }
}

static void
test_atomic_save (void)
{
  REQUIRE_GAME (game, 2);
  g_autoptr(TwRecord) record = random_record (game, 77, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tw-record-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(TwRecord) loaded = NULL;
  GDir *d;
  const char *name;
  guint n_files = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.yaml", NULL);

  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));
  g_assert_true (tw_record_save (record, path, &error));
  g_assert_no_error (error);
  g_assert_true (tw_record_save (record, path, &error));
  g_assert_no_error (error);

  d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_assert_cmpstr (name, ==, "game.yaml");
      n_files++;
    }
  g_dir_close (d);
  g_assert_cmpuint (n_files, ==, 1);

  expected = tw_record_to_data (record, NULL);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, expected);

  loaded = tw_record_load_file (path, &error);
  g_assert_no_error (error);
  assert_same_tree (tw_record_get_history (record), tw_record_get_history (loaded));

  /* A directory that does not exist: an IO error naming the file. */
  {
    g_autofree char *bad = g_build_filename (dir, "missing", "game.yaml", NULL);
    g_autoptr(GError) save_error = NULL;

    g_assert_false (tw_record_save (record, bad, &save_error));
    g_assert_error (save_error, TW_RECORD_ERROR, TW_RECORD_ERROR_IO);
    g_assert_nonnull (strstr (save_error->message, "missing"));
    g_clear_error (&save_error);
    g_assert_null (tw_record_load_file (bad, &save_error));
    g_assert_error (save_error, TW_RECORD_ERROR, TW_RECORD_ERROR_IO);
  }

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/record/round-trip", test_round_trip);
  g_test_add_func ("/tw/record/options", test_options);
  g_test_add_func ("/tw/record/illegal-move", test_illegal_move);
  g_test_add_func ("/tw/record/garbage", test_garbage);
  g_test_add_func ("/tw/record/bad-definition", test_bad_definition);
  g_test_add_func ("/tw/record/current", test_current);
  g_test_add_func ("/tw/record/atomic-save", test_atomic_save);

  return g_test_run ();
}
