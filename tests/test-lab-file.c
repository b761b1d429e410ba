/* test-lab-file.c: Lab runs saved to a file and read back (tw_sim_lab_run_*)
 *
 * A real A/B run of the bundled Colorblock definition is saved and loaded:
 * the settings, the definition's text and every game come back bit for bit.
 * Then edited, truncated and hostile documents are refused with
 * "LINE:COLUMN: " and a message, never with a crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tw-definition.h"
#include "tw-sim.h"

#define GAMES 24

/* Whether play_arm() streams (keeps no games), as a Lab run of over
 * TW_SIM_LAB_KEEP_GAMES games does. */
static gboolean play_streamed;

static TwSimArm *
play_arm (TwDefinition *def,
          const char   *assignment,
          const char   *label)
{
  g_autoptr(GError) error = NULL;
  TwSimConfig config = { 0, };
  TwOptions options = def->options;
  TwGame *game;
  TwSimArm *arm;

  if (assignment != NULL)
    g_assert_true (tw_options_set_from_string (&options, def->rules->options,
                                               def->rules->n_options, assignment, &error));
  g_assert_no_error (error);
  game = tw_game_new (def, 2, &options, &error);
  g_assert_no_error (error);
  config.game = game;
  config.path = def->path;
  g_assert_true (tw_bot_spec_parse ("random", &config.bots[0], NULL));
  g_assert_true (tw_bot_spec_parse ("greedy", &config.bots[1], NULL));
  config.seed = 77;
  config.total_games = GAMES;
  config.first = 0;
  config.last = GAMES;
  config.jobs = 2;
  config.stream = play_streamed;
  arm = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  tw_game_unref (game);
  if (label != NULL)
    {
      arm->label = g_strdup (label);
      arm->change = assignment != NULL ? g_strdup_printf ("set %s", assignment) : NULL;
    }
  return arm;
}

/* An A/B run of Colorblock: B changes the module's first option. */
static TwSimLabRun *
make_run (char **compare_out)
{
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GError) error = NULL;
  TwSimLabRun *run = tw_sim_lab_run_new ();
  const TwOptionSpec *spec;
  g_autofree char *other = NULL;
  TwSimArm *a;

  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (def->rules->n_options, >, 0);
  spec = &def->rules->options[0];
  /* any value other than the definition's */
  if (spec->type == TW_VALUE_BOOL)
    other = tw_option_value_to_string (spec, !def->options.values[0]);
  else if (spec->type == TW_VALUE_CHOICE)
    other = tw_option_value_to_string (spec, spec->choices[def->options.values[0] + 1] != NULL
                                             ? def->options.values[0] + 1 : 0);
  else
    other = tw_option_value_to_string (spec, def->options.values[0] < spec->max
                                             ? def->options.values[0] + 1 : spec->min);

  run->definition_path = g_strdup (def->path);
  run->definition_name = g_strdup (def->name);
  run->definition_text = g_strdup (def->text);
  run->n_players = 2;
  run->bots = g_strsplit ("random greedy", " ", -1);
  run->games = GAMES;
  run->seed = 77;
  run->jobs = 2;
  run->compare = g_strdup_printf ("%s=%s", spec->name, other);
  a = play_arm (def, NULL, "A");
  run->options = g_strdupv (a->options);
  g_ptr_array_add (run->arms, a);
  g_ptr_array_add (run->arms, play_arm (def, run->compare, "B"));
  if (compare_out != NULL)
    *compare_out = g_strdup (run->compare);
  return run;
}

static char *
run_json (const TwSimLabRun *run)
{
  GString *out = g_string_new (NULL);

  tw_sim_lab_run_to_json (run, out);
  return g_string_free (out, FALSE);
}

static void
assert_same_run (const TwSimLabRun *x,
                 const TwSimLabRun *y)
{
  g_assert_cmpstr (x->definition_path, ==, y->definition_path);
  g_assert_cmpstr (x->definition_name, ==, y->definition_name);
  g_assert_cmpstr (x->definition_text, ==, y->definition_text);
  g_assert_cmpuint (x->n_players, ==, y->n_players);
  g_assert_true (g_strv_equal ((const char * const *) x->bots, (const char * const *) y->bots));
  g_assert_cmpuint (x->games, ==, y->games);
  g_assert_cmpuint (x->seed, ==, y->seed);
  g_assert_cmpuint (x->jobs, ==, y->jobs);
  g_assert_true (g_strv_equal ((const char * const *) x->options,
                               (const char * const *) y->options));
  g_assert_cmpstr (x->compare, ==, y->compare);
  g_assert_cmpuint (x->arms->len, ==, y->arms->len);
  for (guint k = 0; k < x->arms->len; k++)
    {
      const TwSimArm *a = g_ptr_array_index (x->arms, k);
      const TwSimArm *b = g_ptr_array_index (y->arms, k);
      g_autoptr(GArray) ra = tw_sim_summarize (a);
      g_autoptr(GArray) rb = tw_sim_summarize (b);

      g_assert_cmpstr (a->label, ==, b->label);
      g_assert_cmpstr (a->change, ==, b->change);
      g_assert_true (g_strv_equal ((const char * const *) a->options,
                                   (const char * const *) b->options));
      g_assert_true ((a->games == NULL) == (b->games == NULL));
      g_assert_cmpuint (tw_sim_arm_n_games (a), ==, tw_sim_arm_n_games (b));
      if (a->games != NULL)
        g_assert_cmpmem (a->games->data, a->games->len * sizeof (TwSimGame),
                         b->games->data, b->games->len * sizeof (TwSimGame));
      g_assert_cmpuint (ra->len, ==, rb->len);
      for (guint i = 0; i < ra->len; i++)
        g_assert_cmpmem (&g_array_index (ra, TwSimRow, i).stats, sizeof (TwSimStats),
                         &g_array_index (rb, TwSimRow, i).stats, sizeof (TwSimStats));
    }
}

static void
test_round_trip (void)
{
  g_autoptr(TwSimLabRun) run = make_run (NULL);
  g_autoptr(TwSimLabRun) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tw-lab-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "run.twlab", NULL);
  g_autofree char *json = run_json (run);
  g_autofree char *json_back = NULL;
  g_autofree char *on_disk = NULL;
  GDir *listing;
  const char *name;
  guint n_files = 0;

  g_assert_no_error (error);
  /* the comparison is a real one: B's option differs from A's */
  g_assert_false (g_strv_equal (
      (const char * const *) ((TwSimArm *) g_ptr_array_index (run->arms, 0))->options,
      (const char * const *) ((TwSimArm *) g_ptr_array_index (run->arms, 1))->options));

  /* over an existing file: it is replaced whole, no temporary file stays */
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (tw_sim_lab_run_save (run, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &on_disk, NULL, NULL));
  g_assert_cmpstr (on_disk, ==, json);
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    n_files++;
  g_dir_close (listing);
  g_assert_cmpuint (n_files, ==, 1);

  back = tw_sim_lab_run_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  assert_same_run (run, back);
  /* and it writes the same bytes again */
  json_back = run_json (back);
  g_assert_cmpstr (json, ==, json_back);

  /* a cancelled run: fewer games than asked for, still a run */
  {
    g_autoptr(TwSimLabRun) partial = NULL;
    g_autofree char *text = NULL;

    for (guint k = 0; k < run->arms->len; k++)
      g_array_set_size (((TwSimArm *) g_ptr_array_index (run->arms, k))->games, GAMES / 3);
    text = run_json (run);
    partial = tw_sim_lab_run_from_json (text, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (((TwSimArm *) g_ptr_array_index (partial->arms, 1))->games->len, ==,
                      GAMES / 3);
    g_assert_cmpuint (partial->games, ==, GAMES);
  }

  /* saving into a folder that does not exist fails cleanly */
  {
    g_autofree char *bad = g_build_filename (dir, "no-such-dir", "run.twlab", NULL);

    g_assert_false (tw_sim_lab_run_save (run, bad, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_clear_error (&error);
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A run that kept no games (streamed) is saved and read back as it was,
 * with its statistics; an A/B run with one arm streamed and the other not
 * is refused. */
static void
test_streamed (void)
{
  g_autoptr(TwSimLabRun) run = NULL;
  g_autoptr(TwSimLabRun) back = NULL;
  g_autoptr(TwSimLabRun) kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_back = NULL;
  g_autofree char *mixed = NULL;
  TwSimArm *swap;

  play_streamed = TRUE;
  run = make_run (NULL);
  play_streamed = FALSE;
  for (guint k = 0; k < 2; k++)
    g_assert_null (((TwSimArm *) g_ptr_array_index (run->arms, k))->games);
  json = run_json (run);
  g_assert_nonnull (strstr (json, "\"accumulator\""));
  back = tw_sim_lab_run_from_json (json, -1, &error);
  g_assert_no_error (error);
  assert_same_run (run, back);
  json_back = run_json (back);
  g_assert_cmpstr (json, ==, json_back);

  /* B of a run that kept its games, A of the streamed one */
  kept = make_run (NULL);
  swap = run->arms->pdata[1];
  run->arms->pdata[1] = kept->arms->pdata[1];
  kept->arms->pdata[1] = swap;
  mixed = run_json (run);
  g_assert_null (tw_sim_lab_run_from_json (mixed, -1, &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "result B must keep its games as result A does"));
}

/* Replaces the first @from in @text by @to. */
static char *
edit (const char *text,
      const char *from,
      const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

static void
assert_refused (const char *text,
                gssize      len,
                const char *wanted)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimLabRun) run = tw_sim_lab_run_from_json (text, len, &error);

  g_assert_null (run);
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE);
  if (!g_regex_match_simple ("^[0-9]+:[0-9]+: ", error->message, 0, 0))
    g_error ("no LINE:COLUMN in “%s”", error->message);
  if (wanted != NULL && strstr (error->message, wanted) == NULL)
    g_error ("“%s” does not say “%s”", error->message, wanted);
}

static void
test_refusals (void)
{
  g_autofree char *compare = NULL;
  g_autoptr(TwSimLabRun) run = make_run (&compare);
  g_autofree char *json = run_json (run);
  g_autofree char *seed = g_strdup_printf ("\"seed\": \"%d\",\n  \"jobs\"", 77);
  g_autofree char *compare_json = g_strdup_printf ("\"compare\": \"%s\"", compare);
  struct { const char *from, *to, *wanted; } cases[] = {
    { "tilewright-lab-run", "tilewright-simulation", "not a Tilewright Lab run" },
    { "\"version\": 1", "\"version\": 3", "newer" },
    { "\"version\": 1", "\"version\": \"one\"", "“version” must be a whole number" },
    { "\"text\": \"", "\"text\": \"# edited\\n", "does not match its SHA-256" },
    { "\"players\": 2", "\"players\": 0", "“players” must be a whole number from 1" },
    { "\"players\": 2", "\"players\": 3", "2 bots for 3 players" },
    { "[\"random\", \"greedy\"]", "[\"random\", \"mcts:iterations=lots\"]", "seat 2" },
    { "[\"random\", \"greedy\"]", "[\"random\", 7]", "list of strings" },
    { "\"games\": 24", "\"games\": 0", "“games” must be" },
    { "\"games\": 24", "\"games\": 10", "seed or number of games differs" },
    { "{\"game\": 0,", "{\"game\": 99,", "game 99 is not one of the 24 games" },
    { "{\"game\": 0,", "{\"game\": 1,", "appears twice" },
    { seed, "\"seed\": \"78\",\n  \"jobs\"", "seed or number of games differs" },
    { "\"jobs\": 2", "\"jobs\": -1", "“jobs” must be" },
    { "\"jobs\": 2", "\"jobs\": 02", "a number with a leading zero" },
    { "\"jobs\": 2", "\"jobs\": 2, \"jobs\": 3", "the key “jobs” appears twice in one object" },
    { compare_json, "\"compare\": null", "must have one result" },
    { compare_json, "\"compare\": \"nothing\"", "name=value" },
    { "\"settings\": {", "\"settings\": 3, \"x\": {", "“settings” must be an object" },
    { "\"definition\": {", "\"def\": {", "has no “definition”" },
    { "\"scores\": [", "\"scores\": [1e999, ", "wrong length" },
    { "\"scores\": [", "\"scores\": [1e999", "a score is not a finite number" },
    { "\"ranks\": [0", "\"ranks\": [3", "a rank is not a whole number below the number of players" },
    { "\"label\": \"B\"", "\"label\": \"C\"", "labelled “B”" },
    { "\"results\": {", "\"results\": [], \"x\": {", "“results” must be an object" },
    { "\"players\": 2", "\"players\": 2,,", "a key in quotes was expected" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = edit (json, cases[i].from, cases[i].to);

      g_test_message ("case %u: %s", i, cases[i].wanted);
      assert_refused (text, -1, cases[i].wanted);
    }

  /* not JSON at all, nothing, and nesting deep enough to blow a stack */
  assert_refused ("", 0, "a value was expected");
  assert_refused ("\x89PNG\r\n\x1a\n\0\0\0", 11, NULL);
  assert_refused ("[1, 2]", -1, "not a Tilewright Lab run");
  {
    GString *deep = g_string_new (NULL);

    for (guint i = 0; i < 100000; i++)
      g_string_append_c (deep, '[');
    assert_refused (deep->str, deep->len, "nested too deeply");
    g_string_free (deep, TRUE);
  }
  /* the position is the line and column of the value at fault */
  {
    g_autofree char *text = edit (json, "\"players\": 2", "\"players\": 0");
    g_autoptr(GError) error = NULL;
    g_autoptr(TwSimLabRun) bad = tw_sim_lab_run_from_json (text, -1, &error);
    const char *at = strstr (text, "\"players\": 0") + strlen ("\"players\": ");
    guint line = 1, column = 1;
    g_autofree char *prefix = NULL;

    for (const char *p = text; p < at; p++)
      if (*p == '\n')
        line++, column = 1;
      else if (((guchar) *p & 0xc0) != 0x80)
        column++;
    prefix = g_strdup_printf ("%u:%u: ", line, column);
    g_assert_null (bad);
    g_assert_true (g_str_has_prefix (error->message, prefix));
  }
  /* every truncation is refused, never read half */
  for (gsize len = 0; len + 2 < strlen (json); len += 1 + len / 16)
    assert_refused (json, len, NULL);
}

/* B plays another definition: a copy of Colorblock with one tile count
 * changed. Its text travels in the file (version 2) and comes back. */
static void
test_other_definition (void)
{
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwDefinition) def_b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimLabRun) run = tw_sim_lab_run_new ();
  g_autoptr(TwSimLabRun) back = NULL;
  g_autofree char *text_b = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_back = NULL;
  TwSimArm *a, *b;

  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  text_b = edit (def->text, "name: Colorblock", "name: Colorblock more red");
  {
    g_autofree char *more = edit (text_b, "count: 3, edges: [red, red, red, red]",
                                  "count: 9, edges: [red, red, red, red]");
    g_free (text_b);
    text_b = g_steal_pointer (&more);
  }
  def_b = tw_definition_load_data (text_b, -1, "colorblock-more-red.yaml", NULL, &error);
  g_assert_no_error (error);

  run->definition_path = g_strdup (def->path);
  run->definition_name = g_strdup (def->name);
  run->definition_text = g_strdup (def->text);
  run->compare_definition_path = g_strdup ("/tmp/colorblock-more-red.yaml");
  run->compare_definition_name = g_strdup (def_b->name);
  run->compare_definition_text = g_strdup (def_b->text);
  run->n_players = 2;
  run->bots = g_strsplit ("random greedy", " ", -1);
  run->games = GAMES;
  run->seed = 77;
  run->jobs = 2;
  a = play_arm (def, NULL, "A");
  b = play_arm (def_b, NULL, "B");
  g_free (b->change);
  b->change = g_strdup ("definition Colorblock more red");
  run->options = g_strdupv (a->options);
  g_ptr_array_add (run->arms, a);
  g_ptr_array_add (run->arms, b);
  /* nine full red tiles instead of three: B really plays other games */
  g_assert_false (memcmp (a->games->data, b->games->data, GAMES * sizeof (TwSimGame)) == 0);

  json = run_json (run);
  g_assert_nonnull (strstr (json, "\"version\": 2,"));
  g_assert_nonnull (strstr (json, "\"compare_definition\": {"));
  back = tw_sim_lab_run_from_json (json, -1, &error);
  g_assert_no_error (error);
  assert_same_run (run, back);
  g_assert_cmpstr (back->compare_definition_path, ==, run->compare_definition_path);
  g_assert_cmpstr (back->compare_definition_name, ==, "Colorblock more red");
  g_assert_cmpstr (back->compare_definition_text, ==, text_b);
  json_back = run_json (back);
  g_assert_cmpstr (json, ==, json_back);

  /* B's text is checked like A's; B's results must be of B's definition */
  {
    struct { const char *from, *to, *wanted; } cases[] = {
      { "\"text\": \"#", "\"text\": \"# edited\\n#", NULL },
      { "\"version\": 2", "\"version\": 1", "needs version 2" },
      { "\"compare_definition\": {", "\"compare_definition\": null, \"x\": {",
        "must have one result" },
      { "\"definition\": \"Colorblock more red\"", "\"definition\": \"Colorblock\"",
        "result B is of the definition “Colorblock”, not “Colorblock more red”" },
    };
    const char *second = strstr (strstr (json, "\"compare_definition\""), "\"text\": \"");

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *text = NULL;

        g_test_message ("case %u: %s", i, cases[i].from);
        if (i == 0)
          {
            /* B's text, not A's: edit after "compare_definition" */
            g_autofree char *tail = edit (second, cases[i].from, cases[i].to);

            text = g_strdup_printf ("%.*s%s", (int) (second - json), json, tail);
            assert_refused (text, -1, "the text of “compare_definition” does not match its "
                                      "SHA-256");
            continue;
          }
        text = edit (json, cases[i].from, cases[i].to);
        assert_refused (text, -1, cases[i].wanted);
      }
  }
  /* every truncation is refused */
  for (gsize len = 0; len + 2 < strlen (json); len += 1 + len / 8)
    assert_refused (json, len, NULL);
}

static void
test_load_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tw-lab-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "broken.twlab", NULL);
  g_autofree char *expected = g_strdup_printf ("%s:1:", path);
  g_autoptr(TwSimLabRun) run = NULL;

  g_assert_no_error (error);
  run = tw_sim_lab_run_load (path, &error);
  g_assert_null (run);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  /* a message a user can act on: the file, the line and column */
  g_assert_true (g_file_set_contents (path, "{\"format\": \"tilewright-lab-run\", \"version\": 1}",
                                      -1, NULL));
  run = tw_sim_lab_run_load (path, &error);
  g_assert_null (run);
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "has no “definition”"));
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tw/lab-file/round-trip", test_round_trip);
  g_test_add_func ("/tw/lab-file/refusals", test_refusals);
  g_test_add_func ("/tw/lab-file/streamed", test_streamed);
  g_test_add_func ("/tw/lab-file/other-definition", test_other_definition);
  g_test_add_func ("/tw/lab-file/load-errors", test_load_errors);
  return g_test_run ();
}
