/* test-sweep.c: sweep axes and their cells (tw-sweep.h)
 *
 * On a made-up option table (a boolean, an integer and a choice), so that
 * no game's options are needed: lists, ranges, the grid's order, the
 * players axis and every refusal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "tw-rules.h"
#include "tw-sweep.h"

static const char * const shapes[] = { "square", "round", "long", NULL };

static const TwOptionSpec options[] = {
  { .name = "flag", .type = TW_VALUE_BOOL, .default_value = 1 },
  { .name = "count", .type = TW_VALUE_INT, .default_value = 3, .min = 0, .max = 2000 },
  { .name = "shape", .type = TW_VALUE_CHOICE, .choices = shapes },
};

static const TwRules rules = {
  .id = "test",
  .display_name = "Test",
  .min_players = 2,
  .max_players = 4,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
};

/* A definition with only what a sweep reads. */
static void
init_definition (TwDefinition *def)
{
  memset (def, 0, sizeof *def);
  def->name = (char *) "Test";
  def->rules = &rules;
  def->min_players = 2;
  def->max_players = 4;
  tw_options_set_defaults (&def->options, options, G_N_ELEMENTS (options));
}

/* The cells of @sweep as labels joined by "; ". */
static char *
cells_text (const TwSweep *sweep)
{
  GString *text = g_string_new (NULL);

  for (guint c = 0; c < tw_sweep_n_cells (sweep); c++)
    {
      g_autofree char *label = tw_sweep_cell_label (sweep, c);

      g_string_append_printf (text, "%s%s", c > 0 ? "; " : "", label);
    }
  return g_string_free (text, FALSE);
}

static void
test_lists_and_ranges (void)
{
  const struct { const char *axis; const char *cells; TwValueType type; } cases[] = {
    { "flag=true,false", "flag=true; flag=false", TW_VALUE_BOOL },
    /* values are written as --set reads them back */
    { " flag = yes , off ", "flag=true; flag=false", TW_VALUE_BOOL },
    { "count=1,5,2", "count=1; count=5; count=2", TW_VALUE_INT },
    { "count=2..4", "count=2; count=3; count=4", TW_VALUE_INT },
    { "count=7..7", "count=7", TW_VALUE_INT },
    { "count= 0 .. 1", "count=0; count=1", TW_VALUE_INT },
    { "shape=long,square", "shape=long; shape=square", TW_VALUE_CHOICE },
    { "players=2..4", "players=2; players=3; players=4", TW_VALUE_INT },
    { "players=4,2", "players=4; players=2", TW_VALUE_INT },
  };
  TwDefinition def;

  init_definition (&def);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TwSweep) sweep = tw_sweep_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *cells = NULL;

      g_test_message ("%s", cases[i].axis);
      g_assert_true (tw_sweep_add (sweep, &def, cases[i].axis, &error));
      g_assert_no_error (error);
      cells = cells_text (sweep);
      g_assert_cmpstr (cells, ==, cases[i].cells);
      g_assert_cmpuint (tw_sweep_n_axes (sweep), ==, 1);
      g_assert_cmpint (tw_sweep_get_axis (sweep, 0)->type, ==, cases[i].type);
    }
}

static void
test_grid (void)
{
  g_autoptr(TwSweep) sweep = tw_sweep_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *cells = NULL;
  TwDefinition def;
  guint players = 99;

  init_definition (&def);
  g_assert_cmpuint (tw_sweep_n_cells (sweep), ==, 1);
  g_assert_true (tw_sweep_add (sweep, &def, "players=2..3", &error));
  g_assert_true (tw_sweep_add (sweep, &def, "flag=false,true", &error));
  g_assert_true (tw_sweep_add (sweep, &def, "shape=round,long", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tw_sweep_n_cells (sweep), ==, 8);
  /* nested loops: the first axis slowest, the last fastest */
  cells = cells_text (sweep);
  g_assert_cmpstr (cells, ==,
                   "players=2, flag=false, shape=round; players=2, flag=false, shape=long; "
                   "players=2, flag=true, shape=round; players=2, flag=true, shape=long; "
                   "players=3, flag=false, shape=round; players=3, flag=false, shape=long; "
                   "players=3, flag=true, shape=round; players=3, flag=true, shape=long");
  g_assert_cmpstr (tw_sweep_cell_value (sweep, 5, 0), ==, "3");
  g_assert_cmpstr (tw_sweep_cell_value (sweep, 5, 1), ==, "false");
  g_assert_cmpstr (tw_sweep_cell_value (sweep, 5, 2), ==, "long");
  g_assert_true (tw_sweep_has_axis (sweep, "flag"));
  g_assert_false (tw_sweep_has_axis (sweep, "count"));

  /* a cell as --set settings and a seat count */
  {
    g_auto(GStrv) sets = tw_sweep_cell_sets (sweep, 5, &players);
    const char * const want[] = { "flag=false", "shape=long", NULL };

    g_assert_cmpuint (players, ==, 3);
    g_assert_true (g_strv_equal ((const char * const *) sets, want));
  }
  /* without a players axis the seat count is left to the caller */
  {
    g_autoptr(TwSweep) options_only = tw_sweep_new ();
    g_auto(GStrv) sets = NULL;

    g_assert_true (tw_sweep_add (options_only, &def, "count=4,9", &error));
    sets = tw_sweep_cell_sets (options_only, 1, &players);
    g_assert_cmpuint (players, ==, 0);
    g_assert_cmpstr (sets[0], ==, "count=9");
    g_assert_null (sets[1]);
  }
}

static void
test_errors (void)
{
  const struct { const char *axis; GQuark domain; int code; const char *message; } cases[] = {
    { "flag", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX, "not a sweep: write NAME=V1,V2,… or NAME=LO..HI" },
    { "=1,2", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX, "not a sweep: write NAME=V1,V2,… or NAME=LO..HI" },
    { "flag=true,,false", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
      "an empty value: write NAME=V1,V2,… or NAME=LO..HI" },
    { "flag=", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
      "an empty value: write NAME=V1,V2,… or NAME=LO..HI" },
    /* --set's own messages for a bad name or value */
    { "flg=true", TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_UNKNOWN_OPTION,
      "unknown option 'flg' (did you mean 'flag'?)" },
    { "flag=maybe", TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_INVALID_VALUE,
      "invalid value 'maybe' for option 'flag': expected true or false" },
    { "count=1..2001", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SIZE,
      "the range '1..2001' has 2001 values, more than the limit of 1000 cells" },
    { "count=1999..2001", TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_INVALID_VALUE,
      "invalid value '2001' for option 'count': expected a whole number from 0 to 2000" },
    { "count=3..1", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
      "the range '3..1' is empty: write LO..HI with LO at most HI" },
    { "count=a..b", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
      "'a..b' is not a range: write LO..HI with two whole numbers" },
    { "flag=0..1", TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
      "'flag' is not an integer option: list its values, V1,V2,…" },
    { "shape=round,round", TW_SWEEP_ERROR, TW_SWEEP_ERROR_VALUE,
      "the value 'round' of 'shape' is listed twice" },
    { "flag=on,true", TW_SWEEP_ERROR, TW_SWEEP_ERROR_VALUE,
      "the value 'true' of 'flag' is listed twice" },
    { "players=1..3", TW_SWEEP_ERROR, TW_SWEEP_ERROR_VALUE,
      "invalid value '1' for players: expected a whole number from 2 to 4 (the seats of Test)" },
    { "players=two", TW_SWEEP_ERROR, TW_SWEEP_ERROR_VALUE,
      "invalid value 'two' for players: expected a whole number from 2 to 4 (the seats of Test)" },
  };
  TwDefinition def;

  init_definition (&def);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TwSweep) sweep = tw_sweep_new ();
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", cases[i].axis);
      g_assert_false (tw_sweep_add (sweep, &def, cases[i].axis, &error));
      g_assert_error (error, cases[i].domain, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_assert_cmpuint (tw_sweep_n_axes (sweep), ==, 0);
    }
}

static void
test_twice_and_too_many (void)
{
  g_autoptr(TwSweep) sweep = tw_sweep_new ();
  g_autoptr(GError) error = NULL;
  TwDefinition def;

  init_definition (&def);
  g_assert_true (tw_sweep_add (sweep, &def, "count=0..99", &error));
  g_assert_no_error (error);
  /* the same name twice, whatever its values */
  g_assert_false (tw_sweep_add (sweep, &def, " count =200", &error));
  g_assert_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME);
  g_assert_cmpstr (error->message, ==, "'count' is swept twice: give all its values in one sweep");
  g_clear_error (&error);
  g_assert_true (tw_sweep_add (sweep, &def, "players=2..4", &error));
  g_assert_false (tw_sweep_add (sweep, &def, "players=2", &error));
  g_assert_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME);
  g_clear_error (&error);
  g_assert_true (tw_sweep_add (sweep, &def, "flag=true,false", &error));
  g_assert_cmpuint (tw_sweep_n_cells (sweep), ==, 600);
  /* 600 × 3 cells: over the limit; the sweep is left as it was */
  g_assert_false (tw_sweep_add (sweep, &def, "shape=square,round,long", &error));
  g_assert_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SIZE);
  g_assert_cmpstr (error->message, ==,
                   "the sweep would have 1800 cells, more than the limit of 1000");
  g_assert_cmpuint (tw_sweep_n_axes (sweep), ==, 3);
  g_assert_cmpuint (tw_sweep_n_cells (sweep), ==, 600);
}

/* The bundled Colorblock definition (the tests run with TILEWRIGHT_DATADIR). */
static TwDefinition *
load_colorblock (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TILEWRIGHT_DATADIR"), "games",
                                            "colorblock.yaml", NULL);
  g_autoptr(GError) error = NULL;
  TwDefinition *def = tw_definition_load_file (path, NULL, &error);

  g_assert_no_error (error);
  return def;
}

/* Numbers of the definition addressed by a path: each cell plays a
 * definition whose text differs from the file only in those numbers, with
 * comments kept; no option settings come of them. */
static void
test_paths (void)
{
  g_autoptr(TwDefinition) def = load_colorblock ();
  g_autoptr(TwSweep) sweep = tw_sweep_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *labels = NULL;
  gint tile = tw_definition_find_tile (def, "full-r");
  gint card = tw_definition_find_card (def, "size-5");
  const char *counts[] = { "1", "1", "6", "6" };
  const char *sizes[] = { "4", "5", "4", "5" };

  g_assert_cmpint (tile, >=, 0);
  g_assert_cmpint (card, >=, 0);
  g_assert_true (tw_sweep_add (sweep, def, "tiles.full-r.count=1,6", &error));
  g_assert_no_error (error);
  g_assert_true (tw_sweep_add (sweep, def, "cards.size-5.params.tiles=4..5", &error));
  g_assert_no_error (error);
  g_assert_true (tw_sweep_get_axis (sweep, 0)->path);
  g_assert_cmpuint (tw_sweep_n_cells (sweep), ==, 4);
  labels = cells_text (sweep);
  g_assert_cmpstr (labels, ==, "tiles.full-r.count=1, cards.size-5.params.tiles=4; "
                               "tiles.full-r.count=1, cards.size-5.params.tiles=5; "
                               "tiles.full-r.count=6, cards.size-5.params.tiles=4; "
                               "tiles.full-r.count=6, cards.size-5.params.tiles=5");

  for (guint c = 0; c < 4; c++)
    {
      g_autoptr(TwDefinition) cell = tw_sweep_cell_definition (sweep, def, c, &error);
      g_auto(GStrv) sets = NULL;
      g_autofree char *line = NULL;
      guint players = 9;

      g_assert_no_error (error);
      g_assert_nonnull (cell);
      g_assert_true (cell != def);
      g_assert_cmpuint (cell->tiles[tile].count, ==, atoi (counts[c]));
      g_assert_cmpint (cell->cards[card].params[0], ==, atoi (sizes[c]));
      /* the rest of the text as written, comments and all */
      g_assert_cmpuint (strlen (cell->text), ==, strlen (def->text));
      g_assert_true (g_str_has_prefix (cell->text, "# Colorblock"));
      line = g_strdup_printf ("{id: full-r, name: \"Full red\", count: %s,", counts[c]);
      g_assert_nonnull (strstr (cell->text, line));
      sets = tw_sweep_cell_sets (sweep, c, &players);
      g_assert_cmpuint (g_strv_length (sets), ==, 0);
      g_assert_cmpuint (players, ==, 0);
    }

  /* without path axes a cell plays the definition itself */
  {
    g_autoptr(TwSweep) plain = tw_sweep_new ();
    g_autoptr(TwDefinition) same = NULL;

    g_assert_true (tw_sweep_add (plain, def, "players=2..3", &error));
    same = tw_sweep_cell_definition (plain, def, 1, &error);
    g_assert_no_error (error);
    g_assert_true (same == def);
  }
}

/* A path that names nothing or no whole number, a value that is not one,
 * and a cell whose definition the loader refuses. */
static void
test_path_errors (void)
{
  g_autoptr(TwDefinition) def = load_colorblock ();
  const char *bad[][2] = {
    { "cardz.size-5.points=1", "no list 'cardz:'" },
    { "cards.nope.points=1", "no item with id 'nope'" },
    { "cards.size-5.nothing=1", "has no key at" },
    { "tiles.full-r.name=1", "is not a whole number in the definition" },
    { "tiles.full-r=1", "is not a path" },
    { "tiles.full-r.count=x", "expected a whole number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(TwSweep) sweep = tw_sweep_new ();
      g_autoptr(GError) error = NULL;

      gint code = i + 1 == G_N_ELEMENTS (bad) ? TW_SWEEP_ERROR_VALUE : TW_SWEEP_ERROR_NAME;

      g_assert_false (tw_sweep_add (sweep, def, bad[i][0], &error));
      g_assert_error (error, TW_SWEEP_ERROR, code);
      g_assert_nonnull (strstr (error->message, bad[i][1]));
      g_assert_cmpuint (tw_sweep_n_axes (sweep), ==, 0);
    }

  {
    g_autoptr(TwSweep) sweep = tw_sweep_new ();
    g_autoptr(GError) error = NULL;
    g_autoptr(TwDefinition) cell = NULL;

    g_assert_true (tw_sweep_add (sweep, def, "tiles.full-r.count=-1", &error));
    cell = tw_sweep_cell_definition (sweep, def, 0, &error);
    g_assert_null (cell);
    g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "(tiles.full-r.count=-1)"));
  }
}

/* A cell's game: the seat count, the option and the number the cell gives,
 * over the options it was handed; a combination the rules refuse is an
 * error named by its cell. */
static void
test_cell_games (void)
{
  g_autoptr(TwDefinition) def = load_colorblock ();
  g_autoptr(TwSweep) sweep = tw_sweep_new ();
  g_autoptr(GError) error = NULL;
  gint card = tw_definition_find_card (def, "size-5");
  gint goals = -1;
  TwOptions base = def->options;

  for (guint i = 0; i < def->rules->n_options; i++)
    if (g_str_equal (def->rules->options[i].name, "goals-2p"))
      goals = (gint) i;
  g_assert_cmpint (goals, >=, 0);
  g_assert_cmpint (card, >=, 0);
  base.values[goals] = 0;
  g_assert_true (tw_sweep_add (sweep, def, "players=2..3", &error));
  g_assert_true (tw_sweep_add (sweep, def, "cards.size-5.points=7,9", &error));
  g_assert_no_error (error);
  for (guint c = 0; c < 4; c++)
    {
      g_autoptr(TwGame) game = tw_sweep_cell_game (sweep, def, c, 4, &base, &error);

      g_assert_no_error (error);
      g_assert_nonnull (game);
      g_assert_cmpuint (game->n_players, ==, 2 + c / 2);
      g_assert_cmpint (game->definition->cards[card].points, ==, c % 2 == 0 ? 7 : 9);
      /* the options handed over, where the cell does not set them */
      g_assert_cmpint (game->options.values[goals], ==, 0);
    }

  /* the seat count of the caller when the sweep does not vary it, and the
   * option the cell sets over the one handed over */
  {
    g_autoptr(TwSweep) options = tw_sweep_new ();
    g_autoptr(TwGame) game = NULL;

    g_assert_true (tw_sweep_add (options, def, "goals-2p=1", &error));
    g_assert_no_error (error);
    game = tw_sweep_cell_game (options, def, 0, 2, &base, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (game->n_players, ==, 2);
    g_assert_cmpint (game->options.values[goals], ==, 1);
  }

  /* more seats than the definition has: refused, named by the cell */
  {
    g_autoptr(TwSweep) seats = tw_sweep_new ();
    g_autoptr(TwGame) game = NULL;

    g_assert_true (tw_sweep_add (seats, def, "cards.size-5.points=3", &error));
    game = tw_sweep_cell_game (seats, def, 0, 9, &base, &error);
    g_assert_null (game);
    g_assert_nonnull (error);
    g_assert_true (g_str_has_prefix (error->message, "cards.size-5.points=3: "));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/sweep/lists-and-ranges", test_lists_and_ranges);
  g_test_add_func ("/tw/sweep/grid", test_grid);
  g_test_add_func ("/tw/sweep/errors", test_errors);
  g_test_add_func ("/tw/sweep/twice-and-too-many", test_twice_and_too_many);
  g_test_add_func ("/tw/sweep/paths", test_paths);
  g_test_add_func ("/tw/sweep/path-errors", test_path_errors);
  g_test_add_func ("/tw/sweep/cell-games", test_cell_games);

  return g_test_run ();
}
