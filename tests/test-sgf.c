/* test-sgf.c: Pentobi's .blksgf records of classic Blokus and Blokus Duo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tw-history.h"
#include "tw-record-format.h"
#include "tw-sgf.h"

static TwDefinition *blokus;

static TwRecord *
import (const char *text,
        GError    **error)
{
  return tw_sgf_import (text, -1, "test.blksgf", error);
}

/* Games of random moves written as .blksgf and read back reach the same
 * positions; the passes Pentobi leaves out come back where they were, except
 * the closing ones after the last piece. */
static void
test_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  guint n_players;
  TwOptions options;

  g_assert_true (blokus->rules->foreign_setup (blokus, "Blokus", &n_players, &options, &error));
  g_autoptr(TwGame) game = tw_game_new (blokus, n_players, &options, &error);
  g_assert_no_error (error);
  for (guint g = 0; g < 10; g++)
    {
      g_autoptr(TwRecord) record = tw_record_new (game, 0);
      TwHistory *history = tw_record_get_history (record);
      TwMoveList moves;
      TwRng rng;

      tw_move_list_init (&moves);
      tw_rng_seed (&rng, g);
      while (tw_state_to_act (game, tw_history_get_state (history)) >= 0)
        {
          tw_move_list_clear (&moves);
          game->rules->legal_moves (game, tw_history_get_state (history), &moves);
          TwMove m = moves.moves[tw_rng_below (&rng, moves.len)];
          g_assert_true (tw_history_play (history, &m, NULL));
        }
      tw_move_list_free (&moves);

      g_autofree char *sgf = tw_sgf_export (record, &error);
      g_assert_no_error (error);
      g_assert_true (g_str_has_prefix (sgf, "(;FF[4]CA[UTF-8]AP[Tilewright:"));
      g_assert_nonnull (strstr (sgf, "GM[Blokus]"));
      g_autoptr(TwRecord) back = import (sgf, &error);
      g_assert_no_error (error);

      g_autoptr(GArray) a = tw_history_get_main_line (history);
      g_autoptr(GArray) b = tw_history_get_main_line (tw_record_get_history (back));
      g_assert_cmpuint (b->len, <=, a->len);
      for (guint i = 0; i < a->len; i++)
        {
          const TwHistoryNode *na = tw_history_get_node (history, g_array_index (a, guint, i));
          if (i < b->len)
            {
              const TwHistoryNode *nb = tw_history_get_node (tw_record_get_history (back),
                                                             g_array_index (b, guint, i));
              g_assert_cmpuint (na->hash, ==, nb->hash);
            }
          else
            g_assert_cmpstr (na->text, ==, "pass");
        }
    }
}

static void
test_read_sample (void)
{
  g_autoptr(GError) error = NULL;
  /* the four corners, then blue's domino touching its monomino at a corner;
   * cells in any order and either case */
  g_autoptr(TwRecord) record = import ("(;FF[4]CA[UTF-8]GM[Blokus]PB[x]\n"
                                       ";1[a20];2[T20];3[t1];4[a1]\n"
                                       ";1[c19,b19])", &error);
  g_assert_no_error (error);
  TwHistory *history = tw_record_get_history (record);
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, 6);
  const TwHistoryNode *last = tw_history_get_node (history, tw_history_get_current (history));
  g_assert_nonnull (strstr (last->text, "b19,c19") ? last->text : strstr (last->text, "c19,b19"));
}

/* tw_record_load_any() picks the reader from the table by the file's
 * suffix: a .blksgf through the SGF reader, anything else as a Tilewright
 * record. */
static void
test_load_any (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tw-sgf-XXXXXX", &error);
  g_autofree char *sgf = g_build_filename (dir, "game.blksgf", NULL);
  g_autofree char *yaml = g_build_filename (dir, "game.yaml", NULL);

  g_assert_no_error (error);
  g_assert_null (tw_record_format_for_path (yaml));
  g_assert_true (tw_record_format_for_path (sgf) == tw_record_format_lookup ("blksgf"));
  g_assert_null (tw_record_format_lookup ("yaml"));
  g_assert_true (g_file_set_contents (sgf, "(;FF[4]GM[Blokus];1[a20];2[T20];3[t1];4[a1])", -1,
                                      &error));

  g_autoptr(TwRecord) from_sgf = tw_record_load_any (sgf, "game.blksgf", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tw_history_get_n_nodes (tw_record_get_history (from_sgf)), ==, 5);
  g_assert_true (tw_record_save (from_sgf, yaml, &error));
  g_autoptr(TwRecord) from_yaml = tw_record_load_any (yaml, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tw_history_get_n_nodes (tw_record_get_history (from_yaml)), ==, 5);

  g_unlink (sgf);
  g_unlink (yaml);
  g_rmdir (dir);
}

/* The children of history node @node, by their move text. */
static char *
children_of (TwHistory *history,
             guint      node)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < tw_history_get_n_children (history, node); i++)
    g_string_append_printf (out, "%s[%s]", i ? " " : "",
                            tw_history_get_node (history, tw_history_get_child (history, node, i))->text);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Variations are read too (Pentobi's opening book is a tree): each from the
 * position it branches from, the main line first; the record ends at the
 * end of the main line, and writing the record as YAML keeps the tree. */
static void
test_variations (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) record = import ("(;FF[4]GM[Blokus];1[a20];2[t20]\n"
                                       "  (;3[t1];4[a1](;1[b19,c19])(;1[b19,b18]))\n"
                                       "  (;3[s1,t1];4[a1,a2]))", &error);
  g_assert_no_error (error);
  TwHistory *history = tw_record_get_history (record);

  /* root, a20, t20, then t1 a1 b19,c19 | b19,b18 and s1,t1 a1,a2 */
  g_assert_cmpuint (tw_history_get_n_nodes (history), ==, 9);
  g_autoptr(GArray) main_line = tw_history_get_main_line (history);
  g_assert_cmpuint (main_line->len, ==, 5);
  g_assert_cmpuint (tw_history_get_current (history), ==, g_array_index (main_line, guint, 4));
  g_assert_cmpstr (tw_history_get_node (history, g_array_index (main_line, guint, 4))->text, ==, "i2 b19,c19");

  g_autofree char *after_t20 = children_of (history, g_array_index (main_line, guint, 1));
  g_assert_cmpstr (after_t20, ==, "[i1 t1] [i2 s1,t1]");
  g_autofree char *after_a1 = children_of (history, g_array_index (main_line, guint, 3));
  g_assert_cmpstr (after_a1, ==, "[i2 b19,c19] [i2 b19,b18]");

  g_autofree char *yaml = tw_record_to_data (record, &error);
  g_assert_no_error (error);
  g_autoptr(TwRecord) back = tw_record_load_data (yaml, -1, "back.yaml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tw_history_get_n_nodes (tw_record_get_history (back)), ==, 9);
}

/* Pentobi's other Blokus game types this module plays: hand-written records
 * read into games of the right seat count and written back the same. */
static void
test_game_types (void)
{
  static const struct { const char *gm; guint players; } types[] = {
    { "Blokus", 4 }, { "Blokus Two-Player", 2 }, { "Blokus Three-Player", 3 },
  };
  static const char *moves = ";1[a20]\n;2[t20]\n;3[t1]\n;4[a1]\n;1[b19,c19]\n;2[s18,s19]\n;3[r2,s2]\n";

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *sgf = g_strdup_printf ("(;FF[4]GM[%s]\n%s)", types[i].gm, moves);
      g_autoptr(TwRecord) record = import (sgf, &error);
      g_assert_no_error (error);
      TwGame *game = tw_record_get_game (record);
      g_assert_cmpuint (game->n_players, ==, types[i].players);
      g_assert_cmpstr (game->rules->foreign_name (game), ==, types[i].gm);

      g_autofree char *back = tw_sgf_export (record, &error);
      g_assert_no_error (error);
      g_autofree char *gm = g_strdup_printf ("GM[%s]\n", types[i].gm);
      g_assert_nonnull (strstr (back, gm));
      g_assert_nonnull (strstr (back, moves));
    }
  /* the three-player game: green is the fourth colour, played in turn */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TwRecord) record = import ("(;GM[Blokus Three-Player];1[a20];2[t20];3[t1];4[a1])", &error);
    g_assert_no_error (error);
    TwHistory *history = tw_record_get_history (record);
    g_assert_cmpint (tw_history_get_node (history, tw_history_get_current (history))->player, ==, 0);
  }
}

typedef struct
{
  const char *name;
  const char *sgf;
  const char *message;
} BadCase;

static const BadCase bad_cases[] = {
  { "not-sgf", "hello", "test.blksgf: no game" },
  { "other-game", "(;GM[Blokus Trigon];1[a20])", "no game" },
  /* Duo's two colours are B and W, and the first piece covers e10 */
  { "duo-colour-number", "(;GM[Blokus Duo];1[e10])",
    "move 1 is colour 1's, but colour B is to play" },
  { "duo-second-first", "(;GM[Blokus Duo];W[j5])", "move 1 is colour W's, but colour B is to play" },
  { "duo-off-start", "(;GM[Blokus Duo];B[a14])", "move 1 (B[a14])" },
  { "duo-other-start", "(;GM[Blokus Duo];B[j5])", "move 1 (B[j5])" },
  { "unclosed-value", "(;GM[Blokus];1[a20)", "1:15: error: a value is not closed" },
  { "no-node", "(;GM[Blokus]\n x)", "2:2: error: a property needs a value" },
  { "unclosed-tree", "(;GM[Blokus];1[a20]", "the record ends before" },
  { "edge-contact", "(;GM[Blokus];1[a20];2[t20];3[t1];4[a1];1[b20])", "move 5 (1[b20])" },
  { "not-a-cell", "(;GM[Blokus];1[z99])", "move 1 (1[z99])" },
  { "setup", "(;GM[Blokus]AB[a20])", "setup properties (AB) are not supported" },
  { "wrong-colour", "(;GM[Blokus];2[t20])", "move 1 is colour 2's, but colour 1 is to play" },
  /* a move in a variation: its number counts along its own line */
  { "bad-variation", "(;GM[Blokus];1[a20](;2[t20])\n(;2[b20]))", "2:5: error: move 2 (2[b20])" },
  { "unclosed-variation", "(;GM[Blokus];1[a20](;2[t20])", "the record ends before" },
};

static void
test_bad (gconstpointer data)
{
  const BadCase *bc = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) record = import (bc->sgf, &error);

  g_assert_null (record);
  g_assert_nonnull (error);
  if (strstr (error->message, bc->message) == NULL)
    g_error ("%s: '%s' does not say '%s'", bc->name, error->message, bc->message);
}

/* A hand-written Blokus Duo record, in Pentobi's colours (B, W) and order
 * of cells (by row from the bottom), is read onto the bundled two-colour
 * definition and written back move for move: the same text. */
static void
test_duo_round_trip (void)
{
  static const char duo[] =
    "(;FF[4]CA[UTF-8]AP[Tilewright:" PACKAGE_VERSION "]GM[Blokus Duo]\n"
    ";B[e10,e11,e12,e13,e14]\n"
    ";W[j3,k3,j4,j5]\n"
    ";B[f8,g8,f9,g9]\n"
    ";W[k6,l6,m6]\n"
    ";B[i4,h5,i5,h6,h7]\n"
    ")\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) record = import (duo, &error);

  g_assert_no_error (error);
  TwGame *game = tw_record_get_game (record);
  g_assert_cmpstr (game->definition->name, ==, "Blokus Duo");
  g_assert_cmpuint (game->n_players, ==, 2);
  TwHistory *history = tw_record_get_history (record);
  g_autoptr(GArray) line = tw_history_get_main_line (history);
  g_assert_cmpuint (line->len, ==, 5);
  /* the players alternate, one colour each */
  for (guint i = 0; i < line->len; i++)
    g_assert_cmpint (tw_history_get_node (history, g_array_index (line, guint, i))->player, ==,
                     i % 2);
  g_autofree char *back = tw_sgf_export (record, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back, ==, duo);

  /* Duo is not played on four colours, nor classic Blokus on two */
  g_autoptr(TwRecord) on_four = tw_sgf_import_with_definition (blokus, duo, -1, "duo.blksgf",
                                                               &error);
  g_assert_null (on_four);
  g_assert_nonnull (strstr (error->message, "Blokus Duo is played on two colours"));
  g_clear_error (&error);
  g_autoptr(TwRecord) classic = tw_sgf_import_with_definition (game->definition,
                                                               "(;GM[Blokus];1[a20])", -1,
                                                               "classic.blksgf", &error);
  g_assert_null (classic);
  g_assert_nonnull (strstr (error->message, "Blokus is played on four colours"));
}

/* Only the classic game has a .blksgf form. */
static void
test_export_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwGame) cards = tw_game_new (blokus, 4, NULL, &error);
  g_autoptr(TwRecord) record = tw_record_new (cards, 1);
  g_autofree char *sgf = tw_sgf_export (record, &error);

  g_assert_null (sgf);
  g_assert_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  g_test_init (&argc, &argv, NULL);
  path = tw_definition_bundled_path ("blokus-shuffle");
  blokus = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/tw/sgf/round-trip", test_round_trip);
  g_test_add_func ("/tw/sgf/read-sample", test_read_sample);
  g_test_add_func ("/tw/sgf/load-any", test_load_any);
  g_test_add_func ("/tw/sgf/variations", test_variations);
  g_test_add_func ("/tw/sgf/game-types", test_game_types);
  g_test_add_func ("/tw/sgf/export-refused", test_export_refused);
  g_test_add_func ("/tw/sgf/duo-round-trip", test_duo_round_trip);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *p = g_strdup_printf ("/tw/sgf/bad/%s", bad_cases[i].name);
      g_test_add_data_func (p, &bad_cases[i], test_bad);
    }
  int ret = g_test_run ();
  tw_definition_unref (blokus);
  return ret;
}
