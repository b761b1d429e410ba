/* test-lab-dialogs.c: the Lab's Balance… and Sweep…, and the parts of its
 * page, built in process
 *
 * As test-widgets.c: each dialog is driven through its widgets, its search
 * or run ends (waited for, never timed), and its results are checked
 * against the core's own figures for the same games. The page's parts on
 * their own: its form makes a run's configuration, its run plays (and is
 * cancelled), and its results are given chunks of games as a run hands
 * them over.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tw-balance-dialog.h"
#include "tw-chart-view.h"
#include "tw-definition.h"
#include "tw-impact-table.h"
#include "tw-lab-form.h"
#include "tw-lab-results.h"
#include "tw-lab-run.h"
#include "tw-rules.h"
#include "tw-sim.h"
#include "tw-sweep.h"
#include "tw-sweep-dialog.h"
#include "tw-test-widgets.h"

typedef struct
{
  guint  n;
  char  *base;
  char  *text;
  char  *label;
} Applied;

static void
applied_cb (GtkWidget  *dialog,
            const char *base,
            const char *text,
            const char *label,
            Applied    *applied)
{
  applied->n++;
  applied->base = g_strdup (base);
  applied->text = g_strdup (text);
  applied->label = g_strdup (label);
}

static gboolean
search_ended (gpointer data)
{
  return gtk_widget_get_visible (data);
}

/* Runs Balance… on Colorblock over entry @choice of what may change, with
 * random bots, and applies the best value; returns what Apply handed over. */
static void
balance_search_also (TwDefinition *def,
                     guint         choice,
                     gint          also,
                     Applied      *applied);

static void
balance_search (TwDefinition *def,
                guint         choice,
                Applied      *applied)
{
  balance_search_also (def, choice, -1, applied);
}

/* The same with a second thing that may change, entry @also of its list
 * (after "Nothing"), when @also >= 0. */
static void
balance_search_also (TwDefinition *def,
                     guint         choice,
                     gint          also,
                     Applied      *applied)
{
  g_autoptr(GPtrArray) buttons = NULL;
  g_autoptr(GError) error = NULL;
  TwBotSpec bots[TW_MAX_PLAYERS] = { { 0 } };
  GtkWidget *dialog, *option_row, *games, *search = NULL, *apply = NULL, *result = NULL;

  g_assert_true (tw_bot_spec_parse ("random", &bots[0], &error));
  bots[1] = bots[0];
  dialog = tw_balance_dialog_new (NULL, def, 2, bots, &def->options, 1);
  g_object_ref (dialog);
  g_signal_connect (dialog, "apply", G_CALLBACK (applied_cb), applied);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_until (is_mapped, dialog, "the dialog to show");

  option_row = find_in_row (dialog, "_Change", ADW_TYPE_COMBO_ROW);
  g_assert_nonnull (option_row);
  adw_combo_row_set_selected (ADW_COMBO_ROW (option_row), choice);
  if (also >= 0)
    {
      GtkWidget *also_row = find_in_row (dialog, "_And Change", ADW_TYPE_COMBO_ROW);

      g_assert_nonnull (also_row);
      /* "Nothing" first */
      g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (also_row)), ==, 0);
      adw_combo_row_set_selected (ADW_COMBO_ROW (also_row), (guint) also + 1);
    }
  games = find_in_row (dialog, "Games for the Best", GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (games);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (games), 200);
  buttons = find_all (dialog, GTK_TYPE_BUTTON);
  for (guint i = 0; i < buttons->len; i++)
    {
      const char *l = gtk_button_get_label (buttons->pdata[i]);
      if (g_strcmp0 (l, "_Search") == 0)
        search = buttons->pdata[i];
      else if (g_strcmp0 (l, "_Apply to Definition") == 0)
        apply = buttons->pdata[i];
    }
  g_assert_nonnull (search);
  g_assert_nonnull (apply);
  result = gtk_widget_get_ancestor (apply, ADW_TYPE_ACTION_ROW);
  g_assert_false (gtk_widget_get_visible (result));
  g_signal_emit_by_name (search, "clicked");
  wait_until (search_ended, result, "the search to end");
  g_assert_true (gtk_widget_get_sensitive (apply));
  g_signal_emit_by_name (apply, "clicked");
  g_assert_cmpuint (applied->n, ==, 1);
  g_assert_cmpstr (applied->base, ==, def->text);
  /* Apply closed it */
  finalize_after_idle (dialog);
}

/* Balance…: a search over Colorblock's goals for two players ends with a
 * value, and Apply hands over the definition's text with that value in its
 * variant and nothing else changed. */
static void
test_balance_dialog (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(TwDefinition) applied_def = NULL;
  g_autoptr(GError) error = NULL;
  Applied applied = { 0 };
  gint goals = -1;
  g_autofree char *expected = NULL;
  const char *value;

  for (guint i = 0; i < def->rules->n_options; i++)
    if (g_str_equal (def->rules->options[i].name, "goals-2p"))
      goals = i;
  g_assert_cmpint (goals, >=, 0);
  balance_search (def, goals, &applied);

  g_assert_true (g_str_has_prefix (applied.label, "Goals with 2 players = "));
  value = applied.label + strlen ("Goals with 2 players = ");
  applied_def = tw_definition_load_data (applied.text, -1, "applied.yaml", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (applied_def->options.values[goals], ==, atoi (value));
  expected = g_strdup_printf ("goals-2p: %s", value);
  g_assert_nonnull (strstr (applied.text, expected));
  g_free (applied.base);
  g_free (applied.text);
  g_free (applied.label);
}

/* The same over a number of the definition: a card's points, after the
 * options in the list; Apply rewrites that card's points in the text. */
static void
test_balance_dialog_points (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(TwDefinition) applied_def = NULL;
  g_autoptr(GError) error = NULL;
  Applied applied = { 0 };
  gint card = tw_definition_find_card (def, "five-red");
  const char *value;

  g_assert_cmpint (card, >=, 0);
  balance_search (def, def->rules->n_options + card, &applied);

  g_assert_true (g_str_has_prefix (applied.label, "Points of Red Five = "));
  value = applied.label + strlen ("Points of Red Five = ");
  applied_def = tw_definition_load_data (applied.text, -1, "applied.yaml", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (applied_def->cards[card].points, ==, atoi (value));
  /* the other cards as they were */
  for (guint i = 0; i < def->n_cards; i++)
    if ((gint) i != card)
      g_assert_cmpint (applied_def->cards[i].points, ==, def->cards[i].points);
  g_free (applied.base);
  g_free (applied.text);
  g_free (applied.label);
}


/* Two things at once: Colorblock's goals for two players and a card's
 * points; the answer names both, and Apply writes both into the text. */
static void
test_balance_dialog_two (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(TwDefinition) applied_def = NULL;
  g_autoptr(GError) error = NULL;
  Applied applied = { 0 };
  gint card = tw_definition_find_card (def, "five-red");
  gint goals = -1;
  g_auto(GStrv) parts = NULL;
  g_autofree char *expected = NULL;

  for (guint i = 0; i < def->rules->n_options; i++)
    if (g_str_equal (def->rules->options[i].name, "goals-2p"))
      goals = i;
  g_assert_cmpint (goals, >=, 0);
  g_assert_cmpint (card, >=, 0);
  balance_search_also (def, goals, (gint) def->rules->n_options + card, &applied);

  /* "Goals with 2 players = G, Points of Red Five = P" */
  g_assert_true (g_str_has_prefix (applied.label, "Goals with 2 players = "));
  parts = g_strsplit (applied.label + strlen ("Goals with 2 players = "),
                      ", Points of Red Five = ", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  applied_def = tw_definition_load_data (applied.text, -1, "applied.yaml", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (applied_def->options.values[goals], ==, atoi (parts[0]));
  g_assert_cmpint (applied_def->cards[card].points, ==, atoi (parts[1]));
  expected = g_strdup_printf ("goals-2p: %s", parts[0]);
  g_assert_nonnull (strstr (applied.text, expected));
  g_free (applied.base);
  g_free (applied.text);
  g_free (applied.label);
}

/* The label below @widget whose text starts with @prefix, or NULL. */
static GtkWidget *
label_starting (GtkWidget  *widget,
                const char *prefix)
{
  g_autoptr(GPtrArray) labels = find_all (widget, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_prefix (gtk_label_get_text (labels->pdata[i]), prefix))
      return labels->pdata[i];
  return NULL;
}

/* Whether a label under @data says the search or sweep stopped. */
static gboolean
says_stopped (gpointer data)
{
  return label_starting (data, "Stopped") != NULL;
}

/* Closed while it searches, the dialog stops the search (it does not play
 * on, unseen, to the last of its 100,000 games). */
static void
test_balance_dialog_close (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(GPtrArray) buttons = NULL;
  g_autoptr(GError) error = NULL;
  TwBotSpec bots[TW_MAX_PLAYERS] = { { 0 } };
  GtkWidget *dialog, *games, *search = NULL;

  g_assert_true (tw_bot_spec_parse ("random", &bots[0], &error));
  bots[1] = bots[0];
  dialog = tw_balance_dialog_new (NULL, def, 2, bots, &def->options, 1);
  g_object_ref (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_until (is_mapped, dialog, "the dialog to show");
  games = find_in_row (dialog, "Games for the Best", GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (games), 100000);
  buttons = find_all (dialog, GTK_TYPE_BUTTON);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Search") == 0)
      search = buttons->pdata[i];
  g_assert_nonnull (search);
  g_signal_emit_by_name (search, "clicked");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_until (says_stopped, dialog, "the search to stop");
  finalize_after_idle (dialog);
}

/* ------------------------------------------------------------------------ */
/* Sweep…                                                                   */

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  g_autoptr(GPtrArray) buttons = find_all (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), label) == 0)
      return buttons->pdata[i];
  return NULL;
}

/* The chart view whose chart is titled @title. */
static const TwChart *
find_chart (GtkWidget  *root,
            const char *title)
{
  g_autoptr(GPtrArray) views = find_all (root, TW_TYPE_CHART_VIEW);

  for (guint i = 0; i < views->len; i++)
    {
      const TwChart *chart = tw_chart_view_get_chart (views->pdata[i]);

      if (chart != NULL && g_strcmp0 (chart->title, title) == 0)
        return chart;
    }
  return NULL;
}

static gboolean
run_ended (gpointer data)
{
  /* Stop shows only while the sweep runs */
  return !gtk_widget_get_visible (data);
}

/* What `tilewright-cli simulate --sweep @axis` writes as CSV for @path
 * with @games games a value, random bots and seed 1. */
static char *
cli_sweep_csv (const char *path,
               const char *axis,
               guint       games)
{
  g_autofree char *games_text = g_strdup_printf ("%u", games);
  const char *argv[] = { TW_TEST_CLI, "simulate", path, "--sweep", axis, "--games", games_text,
                         "--bots", "random", "--seed", "1", "--format", "csv", "-j", "1",
                         NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  return out;
}

/* Sweep… over the seat count of Colorblock: a bar per value in every chart,
 * a series per seat in the win shares, and its CSV is the CLI's for the
 * same sweep, byte for byte. */
static void
test_sweep_dialog_players (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp (NULL, &error);
  g_autofree char *path = NULL;
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  TwBotSpec bots[TW_MAX_PLAYERS] = { { 0 } };
  GtkWidget *dialog, *vary, *games, *run, *stop, *export;
  const TwChart *wins, *length;

  g_assert_no_error (error);
  g_assert_true (tw_bot_spec_parse ("random", &bots[0], &error));
  for (guint p = 1; p < TW_MAX_PLAYERS; p++)
    bots[p] = bots[0];
  dialog = tw_sweep_dialog_new (NULL, def, 2, bots, &def->options, 1);
  g_object_ref (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_until (is_mapped, dialog, "the dialog to show");

  vary = find_in_row (dialog, "_Vary", ADW_TYPE_COMBO_ROW);
  g_assert_nonnull (vary);
  /* the seat count comes first, over every count the definition takes */
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (vary)), ==, 0);
  games = find_in_row (dialog, "Games a Value", GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (games);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (games), 12);
  run = find_button (dialog, "_Run Sweep");
  stop = find_button (dialog, "S_top");
  export = find_button (dialog, "Export _CSV…");
  g_assert_nonnull (run);
  g_assert_nonnull (stop);
  g_assert_nonnull (export);
  g_assert_false (gtk_widget_get_sensitive (export));
  g_assert_false (tw_sweep_dialog_export_csv (TW_SWEEP_DIALOG (dialog), "unused.csv", &error));
  g_clear_error (&error);

  g_signal_emit_by_name (run, "clicked");
  g_assert_true (gtk_widget_get_visible (stop));
  g_assert_false (gtk_widget_get_sensitive (run));
  wait_until (run_ended, stop, "the sweep to end");
  g_assert_true (gtk_widget_get_sensitive (run));
  g_assert_true (gtk_widget_get_sensitive (export));

  wins = find_chart (dialog, "Win share per seat");
  length = find_chart (dialog, "Moves a game");
  g_assert_nonnull (wins);
  g_assert_nonnull (length);
  g_assert_cmpuint (wins->bars->len, ==, def->max_players - def->min_players + 1);
  g_assert_cmpuint (wins->n_series, ==, def->max_players);
  g_assert_cmpuint (length->bars->len, ==, wins->bars->len);
  for (guint b = 0; b < wins->bars->len; b++)
    {
      const TwChartBar *bar = &g_array_index (wins->bars, TwChartBar, b);
      guint seats = def->min_players + b;
      double sum = 0;
      g_autofree char *label = g_strdup_printf ("%u", seats);

      g_assert_cmpstr (bar->label, ==, label);
      /* a share per seat that plays, none for the others; they add up */
      for (guint s = 0; s < wins->n_series; s++)
        {
          g_assert_true (s < seats ? isfinite (bar->value[s]) : isnan (bar->value[s]));
          if (s < seats)
            sum += bar->value[s];
        }
      g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
    }

  /* under the charts, a line of components per value */
  {
    g_autoptr(GPtrArray) labels = find_all (dialog, GTK_TYPE_LABEL);
    guint lines = 0;

    for (guint i = 0; i < labels->len; i++)
      {
        const char *text = gtk_label_get_label (labels->pdata[i]);

        if (g_str_has_prefix (text, "tile:") || g_str_has_prefix (text, "card:")
            || g_str_has_prefix (text, "None used"))
          lines++;
      }
    g_assert_cmpuint (lines, ==, wins->bars->len);
  }

  path = g_build_filename (dir, "sweep.csv", NULL);
  g_assert_true (tw_sweep_dialog_export_csv (TW_SWEEP_DIALOG (dialog), path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, NULL, &error));
  expected = cli_sweep_csv (def->path, "players=2..4", 12);
  g_assert_cmpstr (written, ==, expected);
  g_assert_true (g_str_has_prefix (written, "players,games,games_total,win_p1,"));

  gtk_window_destroy (GTK_WINDOW (dialog));
  finalize_after_idle (dialog);
  g_unlink (path);
  g_rmdir (dir);
}

/* Stop ends a long sweep with what was played, and closing the dialog
 * while a sweep runs leaves nothing behind. */
static void
test_sweep_dialog_stop (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(GError) error = NULL;
  TwBotSpec bots[TW_MAX_PLAYERS] = { { 0 } };
  GtkWidget *dialog, *games, *run, *stop;
  g_autofree char *status = NULL;

  g_assert_true (tw_bot_spec_parse ("random", &bots[0], &error));
  for (guint p = 1; p < TW_MAX_PLAYERS; p++)
    bots[p] = bots[0];
  for (guint close_running = 0; close_running < 2; close_running++)
    {
      GtkWidget *vary;
      g_autoptr(GPtrArray) labels = NULL;

      dialog = tw_sweep_dialog_new (NULL, def, 2, bots, &def->options, 1);
      g_object_ref (dialog);
      gtk_window_present (GTK_WINDOW (dialog));
      wait_until (is_mapped, dialog, "the dialog to show");
      vary = find_in_row (dialog, "_Vary", ADW_TYPE_COMBO_ROW);
      /* an option this time: the first of the module's */
      adw_combo_row_set_selected (ADW_COMBO_ROW (vary), 1);
      games = find_in_row (dialog, "Games a Value", GTK_TYPE_SPIN_BUTTON);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (games), 100000);
      run = find_button (dialog, "_Run Sweep");
      stop = find_button (dialog, "S_top");
      g_signal_emit_by_name (run, "clicked");
      g_assert_true (gtk_widget_get_visible (stop));
      if (close_running)
        /* closed while it plays: the sweep stops (it does not play on,
         * unseen, to its last game) */
        gtk_window_destroy (GTK_WINDOW (dialog));
      else
        g_signal_emit_by_name (stop, "clicked");
      wait_until (run_ended, stop, "the sweep to stop");
      labels = find_all (dialog, GTK_TYPE_LABEL);
      for (guint i = 0; i < labels->len; i++)
        if (g_str_has_prefix (gtk_label_get_label (labels->pdata[i]), "Stopped with "))
          status = g_strdup (gtk_label_get_label (labels->pdata[i]));
      g_assert_nonnull (status);
      g_clear_pointer (&status, g_free);
      g_assert_true (gtk_widget_get_sensitive (run));
      if (!close_running)
        gtk_window_destroy (GTK_WINDOW (dialog));
      finalize_after_idle (dialog);
    }
}

/* Games @first … @last-1 of 80 of Colorblock for a greedy bot and a random
 * one, from seed 5, with the components' figures: a chunk as the Lab's run
 * hands over. */
static TwSimArm *
lab_chunk (TwGame  *game,
           guint64  first,
           guint64  last)
{
  g_autoptr(GError) error = NULL;
  TwSimConfig config = { 0, };
  TwSimArm *arm;

  config.game = game;
  g_assert_true (tw_bot_spec_parse ("greedy", &config.bots[0], NULL));
  g_assert_true (tw_bot_spec_parse ("random", &config.bots[1], NULL));
  config.seed = 5;
  config.total_games = 80;
  config.first = first;
  config.last = last;
  config.jobs = 1;
  config.impact = TRUE;
  arm = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  return arm;
}

/* The Lab's results: chunks merge into the games shown, the summary and
 * the charts follow them, the components' table waits for the run's end,
 * and the verdict follows the threshold. */
static void
test_lab_results (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(TwGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) first = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autoptr(GPtrArray) second = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(TwSimArm) whole = NULL;
  GtkWidget *results = g_object_ref_sink (tw_lab_results_new ());
  GtkWindow *window = show_in_window (results);
  g_autoptr(GPtrArray) tables = find_all (results, TW_TYPE_IMPACT_TABLE);
  GListModel *table;
  GtkWidget *verdict;

  game = tw_game_new (def, 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tables->len, ==, 1);
  table = tw_impact_table_get_model (tables->pdata[0]);
  g_assert_false (tw_lab_results_has_results (TW_LAB_RESULTS (results)));
  g_assert_null (label_starting (results, "P1 (greedy)"));

  /* a run's chunks, as they arrive */
  tw_lab_results_set_running (TW_LAB_RESULTS (results), TRUE);
  g_assert_false (tw_lab_results_add_chunks (TW_LAB_RESULTS (results), none, NULL));
  g_ptr_array_add (first, lab_chunk (game, 0, 30));
  g_ptr_array_add (second, lab_chunk (game, 30, 50));
  g_ptr_array_add (second, lab_chunk (game, 50, 80));
  g_assert_true (tw_lab_results_add_chunks (TW_LAB_RESULTS (results), first, NULL));
  g_assert_cmpuint (tw_lab_results_get_arm (TW_LAB_RESULTS (results), 0)->games->len, ==, 30);
  g_assert_true (tw_lab_results_add_chunks (TW_LAB_RESULTS (results), second, NULL));
  g_assert_cmpuint (tw_lab_results_get_n_arms (TW_LAB_RESULTS (results)), ==, 1);
  /* the games of the whole run, played at once */
  whole = lab_chunk (game, 0, 80);
  g_assert_cmpuint (tw_lab_results_get_arm (TW_LAB_RESULTS (results), 0)->games->len, ==,
                    whole->games->len);
  g_assert_cmpmem (tw_lab_results_get_arm (TW_LAB_RESULTS (results), 0)->games->data,
                   whole->games->len * sizeof (TwSimGame), whole->games->data,
                   whole->games->len * sizeof (TwSimGame));
  g_assert_nonnull (label_starting (results, "P1 (greedy): wins"));
  g_assert_nonnull (label_starting (results, "80 games, "));
  g_assert_cmpuint (g_list_model_get_n_items (table), ==, 0);

  /* the run ends: the table fills */
  tw_lab_results_set_running (TW_LAB_RESULTS (results), FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (table), >, 0);
  charts = tw_lab_results_get_charts (TW_LAB_RESULTS (results));
  g_assert_cmpuint (charts->len, >=, 4);
  g_assert_cmpstr (((TwChart *) charts->pdata[0])->title, ==, "Win rate per seat, and games tied");

  /* a higher threshold is said at once */
  verdict = gtk_widget_get_first_child (gtk_widget_get_parent (label_starting (results,
                                                                               "P1 (greedy)")));
  g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (verdict)),
                                   "— a real difference."));
  tw_lab_results_set_negligible (TW_LAB_RESULTS (results), 50);
  g_assert_cmpfloat (tw_lab_results_get_negligible (TW_LAB_RESULTS (results)), ==, 50);
  g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (verdict)),
                                   "under 50 points, so negligible."));

  /* cleared: nothing shown */
  g_clear_pointer (&charts, g_ptr_array_unref);
  tw_lab_results_clear (TW_LAB_RESULTS (results));
  g_assert_false (tw_lab_results_has_results (TW_LAB_RESULTS (results)));
  g_assert_cmpuint (g_list_model_get_n_items (table), ==, 0);
  g_assert_null (label_starting (results, "P1 (greedy)"));

  destroy_window (window);
  g_assert_finalize_object (results);
}

/* What a run told: its chunks merged per arm, and how it ended. */
typedef struct
{
  TwSimArm *arms[2];
  guint     n_results;
  guint     n_progress;
  gint      finished;    /* -1 not yet, else whether cancelled */
  GError   *error;       /* "failed" */
  gboolean  was_running; /* "running" when a chunk came */
} Told;

static void
told_results (TwLabRun  *run,
              GPtrArray *a,
              GPtrArray *b,
              Told      *told)
{
  GPtrArray *chunks[2] = { a, b };

  g_assert_cmpuint (a->len, >, 0);
  g_assert_true ((b == NULL) == (tw_lab_run_get_n_arms (run) == 1));
  for (guint k = 0; k < 2 && chunks[k] != NULL; k++)
    {
      /* both arms' chunks come paired */
      g_assert_cmpuint (chunks[k]->len, ==, a->len);
      for (guint i = 0; i < chunks[k]->len; i++)
        {
          g_autoptr(GError) error = NULL;

          if (told->arms[k] == NULL)
            told->arms[k] = tw_sim_arm_copy (chunks[k]->pdata[i]);
          else
            g_assert_true (tw_sim_arm_merge (told->arms[k], chunks[k]->pdata[i], &error));
          g_assert_no_error (error);
        }
    }
  told->was_running = tw_lab_run_get_running (run);
  told->n_results++;
}

static void
told_progress (TwLabRun *run,
               Told     *told)
{
  told->n_progress++;
}

static void
told_finished (TwLabRun *run,
               gboolean  cancelled,
               Told     *told)
{
  g_assert_cmpint (told->finished, ==, -1);
  g_assert_false (tw_lab_run_get_running (run));
  told->finished = cancelled;
}

static void
told_failed (TwLabRun *run,
             GError   *error,
             Told     *told)
{
  told->error = g_error_copy (error);
}

static gboolean
run_told_end (gpointer data)
{
  Told *told = data;

  return told->finished != -1 || told->error != NULL;
}

static void
told_clear (Told *told)
{
  for (guint k = 0; k < 2; k++)
    g_clear_pointer (&told->arms[k], tw_sim_arm_free);
  g_clear_error (&told->error);
}

static gboolean
keep_ticking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* The task lets go of the run when its thread ends, which wakes no main
 * loop: look again now and then. */
static void
finalize_run (TwLabRun *run)
{
  guint tick = g_timeout_add (10, keep_ticking, NULL);

  finalize_after_idle (run);
  g_source_remove (tick);
}

/* A run of @config, to its end; what it told is in @told. */
static TwLabRun *
run_to_end (const TwLabRunConfig *config,
            Told                 *told,
            void                (*then) (TwLabRun *run))
{
  TwLabRun *run = tw_lab_run_new (config);

  *told = (Told) { .finished = -1 };
  g_signal_connect (run, "results", G_CALLBACK (told_results), told);
  g_signal_connect (run, "progress", G_CALLBACK (told_progress), told);
  g_signal_connect (run, "finished", G_CALLBACK (told_finished), told);
  g_signal_connect (run, "failed", G_CALLBACK (told_failed), told);
  g_assert_false (tw_lab_run_get_running (run));
  tw_lab_run_start (run);
  g_assert_true (tw_lab_run_get_running (run));
  if (then != NULL)
    then (run);
  wait_until (run_told_end, told, "the run to end");
  return run;
}

/* Two-player games of Colorblock in @config: A as @def sets them, B with
 * "goals-2p=1". */
static void
ab_config (TwDefinition   *def,
           TwLabRunConfig *config)
{
  g_autoptr(GError) error = NULL;
  TwOptions b = def->options;

  g_assert_true (tw_options_set_from_string (&b, def->rules->options, def->rules->n_options,
                                             "goals-2p=1", &error));
  config->games[0] = tw_game_new (def, 2, NULL, &error);
  g_assert_no_error (error);
  config->games[1] = tw_game_new (def, 2, &b, &error);
  g_assert_no_error (error);
  config->change = g_strdup ("set goals-2p=1");
  config->compare = g_strdup ("goals-2p=1");
}

/* The Lab's run: A/B chunks, paired, make the games tw_sim_run() plays in
 * one go, labelled A and B; cancelled, it hands over what it played; once
 * discarded, nothing. Every run lets go of itself when its thread ends. */
static void
test_lab_run (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(GError) error = NULL;
  g_auto(TwLabRunConfig) config = { { NULL, }, };
  g_autoptr(TwSimArm) whole = NULL;
  TwSimConfig sim = { 0, };
  TwLabRun *run;
  Told told;
  guint64 done, total;

  ab_config (def, &config);
  for (guint p = 0; p < 2; p++)
    g_assert_true (tw_bot_spec_parse ("random", &config.bots[p], NULL));
  config.seed = 9;
  config.total = 120;
  config.jobs = 2;

  run = run_to_end (&config, &told, NULL);
  g_assert_no_error (told.error);
  g_assert_cmpint (told.finished, ==, FALSE);
  g_assert_cmpuint (told.n_results, >=, 1);
  g_assert_true (told.was_running);
  g_assert_cmpuint (told.n_progress, >=, 1);
  tw_lab_run_get_progress (run, &done, &total);
  g_assert_cmpuint (done, ==, 240);
  g_assert_cmpuint (total, ==, 240);
  g_assert_cmpfloat (tw_lab_run_get_elapsed (run), >, 0);
  g_assert_cmpstr (tw_lab_run_get_config (run)->compare, ==, "goals-2p=1");
  g_assert_cmpstr (told.arms[0]->label, ==, "A");
  g_assert_null (told.arms[0]->change);
  g_assert_cmpstr (told.arms[1]->label, ==, "B");
  g_assert_cmpstr (told.arms[1]->change, ==, "set goals-2p=1");
  /* B's games, as one run plays them */
  sim.game = config.games[1];
  memcpy (sim.bots, config.bots, sizeof sim.bots);
  sim.seed = 9;
  sim.total_games = sim.last = 120;
  sim.jobs = 1;
  sim.impact = TRUE;
  whole = tw_sim_run (&sim, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (told.arms[1]->games->len, ==, 120);
  g_assert_cmpmem (told.arms[1]->games->data, 120 * sizeof (TwSimGame), whole->games->data,
                   120 * sizeof (TwSimGame));
  told_clear (&told);
  finalize_run (run);

  /* cancelled: what was played so far, then "finished" */
  g_clear_pointer (&config.games[1], tw_game_unref);
  g_clear_pointer (&config.change, g_free);
  g_clear_pointer (&config.compare, g_free);
  config.total = TW_SIM_LAB_MAX_GAMES;
  run = run_to_end (&config, &told, tw_lab_run_cancel);
  g_assert_no_error (told.error);
  g_assert_cmpint (told.finished, ==, TRUE);
  g_assert_cmpuint (tw_lab_run_get_n_arms (run), ==, 1);
  tw_lab_run_get_progress (run, &done, &total);
  g_assert_cmpuint (done, <, total);
  /* a run this long keeps no games: it streams */
  g_assert_true (tw_lab_run_get_config (run)->stream);
  g_assert_true (told.arms[0] == NULL || told.arms[0]->games == NULL);
  g_assert_cmpuint (told.arms[0] != NULL ? tw_sim_arm_n_games (told.arms[0]) : 0, <=, done);
  told_clear (&told);
  finalize_run (run);

  /* discarded: nothing handed over */
  run = run_to_end (&config, &told, tw_lab_run_discard);
  g_assert_cmpint (told.finished, ==, TRUE);
  g_assert_cmpuint (told.n_results, ==, 0);
  told_clear (&told);
  finalize_run (run);
}

/* Equal to 1e-9, or both not a number (a bar without a value). */
static void
assert_same_value (double x,
                   double y)
{
  if (isnan (x) || isnan (y))
    g_assert_true (isnan (x) && isnan (y));
  else
    g_assert_cmpfloat_with_epsilon (x, y, 1e-9);
}

/* Two results widgets show the same when their charts have the same bars
 * and values, and their summaries the same lines. */
static void
assert_same_results (GtkWidget *x,
                     GtkWidget *y)
{
  g_autoptr(GPtrArray) cx = tw_lab_results_get_charts (TW_LAB_RESULTS (x));
  g_autoptr(GPtrArray) cy = tw_lab_results_get_charts (TW_LAB_RESULTS (y));
  g_autoptr(GPtrArray) lx = find_all (x, GTK_TYPE_LABEL);
  g_autoptr(GPtrArray) ly = find_all (y, GTK_TYPE_LABEL);

  g_assert_cmpuint (cx->len, ==, cy->len);
  for (guint c = 0; c < cx->len; c++)
    {
      const TwChart *a = cx->pdata[c], *b = cy->pdata[c];

      g_assert_cmpstr (a->title, ==, b->title);
      g_assert_cmpuint (a->bars->len, ==, b->bars->len);
      for (guint i = 0; i < a->bars->len; i++)
        {
          const TwChartBar *ba = &g_array_index (a->bars, TwChartBar, i);
          const TwChartBar *bb = &g_array_index (b->bars, TwChartBar, i);

          g_assert_cmpstr (ba->label, ==, bb->label);
          g_assert_true (ba->marked == bb->marked);
          for (guint s = 0; s < a->n_series; s++)
            {
              assert_same_value (ba->value[s], bb->value[s]);
              assert_same_value (ba->lo[s], bb->lo[s]);
              assert_same_value (ba->hi[s], bb->hi[s]);
            }
        }
    }
  g_assert_cmpuint (lx->len, ==, ly->len);
  for (guint i = 0; i < lx->len; i++)
    g_assert_cmpstr (gtk_label_get_text (lx->pdata[i]), ==, gtk_label_get_text (ly->pdata[i]));
}

/* A Lab run that streams (as every run over TW_SIM_LAB_KEEP_GAMES games
 * does) keeps no games, yet shows exactly what the same run keeping its
 * games shows: the same summary lines, the same charts and histograms, and
 * B against A still compared game by game (paired). */
static void
test_lab_run_stream (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(GError) error = NULL;
  g_auto(TwLabRunConfig) config = { { NULL, }, };
  GPtrArray *chunks[2][2];
  g_autoptr(GArray) diffs_kept = NULL;
  g_autoptr(GArray) diffs_streamed = NULL;
  GtkWidget *shown[2];
  GtkWindow *windows[2];
  TwLabRun *run;
  Told told[2];

  ab_config (def, &config);
  g_assert_true (tw_bot_spec_parse ("greedy", &config.bots[0], NULL));
  g_assert_true (tw_bot_spec_parse ("random", &config.bots[1], NULL));
  config.seed = 4;
  config.total = 150;
  config.jobs = 2;

  /* the same run, keeping its games and streaming */
  for (guint k = 0; k < 2; k++)
    {
      config.stream = k == 1;
      run = run_to_end (&config, &told[k], NULL);
      g_assert_no_error (told[k].error);
      g_assert_cmpint (told[k].finished, ==, FALSE);
      g_assert_true (tw_lab_run_get_config (run)->stream == (k == 1));
      for (guint a = 0; a < 2; a++)
        {
          g_assert_cmpuint (tw_sim_arm_n_games (told[k].arms[a]), ==, 150);
          g_assert_true ((told[k].arms[a]->games == NULL) == (k == 1));
        }
      finalize_run (run);
    }
  g_assert_cmpstr (told[1].arms[1]->label, ==, "B");
  g_assert_cmpstr (told[1].arms[1]->change, ==, "set goals-2p=1");

  /* B against A, game by game in both */
  diffs_kept = tw_sim_compare (told[0].arms[0], told[0].arms[1]);
  diffs_streamed = tw_sim_compare (told[1].arms[0], told[1].arms[1]);
  g_assert_cmpuint (diffs_kept->len, ==, diffs_streamed->len);
  for (guint i = 0; i < diffs_kept->len; i++)
    {
      const TwSimDiff *x = &g_array_index (diffs_kept, TwSimDiff, i);
      const TwSimDiff *y = &g_array_index (diffs_streamed, TwSimDiff, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_true (x->paired && y->paired);
      g_assert_cmpuint (x->n, ==, y->n);
      g_assert_cmpfloat_with_epsilon (x->diff, y->diff, 1e-12);
      g_assert_cmpfloat_with_epsilon (x->lo, y->lo, 1e-9);
      g_assert_cmpfloat_with_epsilon (x->hi, y->hi, 1e-9);
    }

  /* and the Lab's results show the same */
  for (guint k = 0; k < 2; k++)
    {
      for (guint a = 0; a < 2; a++)
        {
          chunks[k][a] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
          g_ptr_array_add (chunks[k][a], g_steal_pointer (&told[k].arms[a]));
        }
      shown[k] = g_object_ref_sink (tw_lab_results_new ());
      windows[k] = show_in_window (shown[k]);
      g_assert_true (tw_lab_results_add_chunks (TW_LAB_RESULTS (shown[k]), chunks[k][0],
                                                chunks[k][1]));
    }
  g_assert_nonnull (label_starting (shown[1], "150 games, "));
  assert_same_results (shown[0], shown[1]);
  {
    /* each arm's length histogram counts its 150 games */
    g_autoptr(GPtrArray) charts = tw_lab_results_get_charts (TW_LAB_RESULTS (shown[1]));
    const TwChart *length = NULL;

    for (guint c = 0; c < charts->len; c++)
      if (g_str_equal (((TwChart *) charts->pdata[c])->title, "Game length (moves)"))
        length = charts->pdata[c];
    g_assert_nonnull (length);
    g_assert_cmpuint (length->bars->len, >, 1);
    for (guint a = 0; a < 2; a++)
      {
        double sum = 0;

        for (guint i = 0; i < length->bars->len; i++)
          sum += g_array_index (length->bars, TwChartBar, i).value[a];
        g_assert_cmpfloat (sum, ==, 150);
      }
  }
  for (guint k = 0; k < 2; k++)
    {
      told_clear (&told[k]);
      for (guint a = 0; a < 2; a++)
        g_ptr_array_unref (chunks[k][a]);
      destroy_window (windows[k]);
      g_assert_finalize_object (shown[k]);
    }
}

static void
count_notify (guint *count)
{
  (*count)++;
}

/* The Lab's settings: a row per setting of the definition, a run's
 * configuration from them (refused, with its reason, for a seed that is not
 * a number or a B that plays A's rules), "What B changes" offering B's
 * value, and the threshold told as "negligible". */
static void
test_lab_form (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(GError) error = NULL;
  GtkWidget *form = g_object_ref_sink (tw_lab_form_new ());
  GtkWindow *window = show_in_window (form);
  g_auto(TwLabRunConfig) config = { { NULL, }, };
  GtkWidget *games, *seed, *seat2, *compare, *value_b, *negligible;
  TwBotSpec bots[TW_MAX_PLAYERS];
  TwOptions options;
  guint notified = 0;
  gint goals = -1;

  g_assert_null (find_in_row (form, "Games", GTK_TYPE_SPIN_BUTTON));
  tw_lab_form_set_definition (TW_LAB_FORM (form), def);
  g_assert_true (tw_lab_form_get_definition (TW_LAB_FORM (form)) == def);
  games = find_in_row (form, "Games", GTK_TYPE_SPIN_BUTTON);
  seed = find_in_row (form, "Seed", ADW_TYPE_ENTRY_ROW);
  seat2 = find_in_row (form, "Seat 2 bot", ADW_TYPE_COMBO_ROW);
  compare = find_in_row (form, "_What B changes", ADW_TYPE_COMBO_ROW);
  negligible = find_in_row (form, "Smallest difference that matters", GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (games);
  g_assert_nonnull (seed);
  g_assert_nonnull (seat2);
  g_assert_nonnull (compare);
  g_assert_nonnull (negligible);
  g_assert_nonnull (find_in_row (form, "Tiles may be turned", GTK_TYPE_SWITCH));
  for (guint i = 0; i < def->rules->n_options; i++)
    if (g_str_equal (def->rules->options[i].name, "goals"))
      goals = i;
  g_assert_cmpint (goals, >=, 0);

  /* one arm: the form's games, seed and bots */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (games), 300);
  gtk_editable_set_text (GTK_EDITABLE (seed), "42");
  adw_combo_row_set_selected (ADW_COMBO_ROW (seat2), 1);
  g_assert_cmpuint (tw_lab_form_read_lineup (TW_LAB_FORM (form), bots, &options), ==, 2);
  g_assert_true (tw_lab_form_get_config (TW_LAB_FORM (form), &config, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.total, ==, 300);
  g_assert_cmpuint (config.seed, ==, 42);
  g_assert_cmpuint (config.jobs, ==, tw_lab_form_get_jobs (TW_LAB_FORM (form)));
  g_assert_nonnull (config.games[0]);
  g_assert_true (config.games[0]->definition == def);
  g_assert_null (config.games[1]);
  g_assert_true (config.bots[1].klass == bots[1].klass);
  g_assert_false (config.bots[0].klass == config.bots[1].klass);
  tw_lab_run_config_clear (&config);

  /* a seed that is not a number */
  gtk_editable_set_text (GTK_EDITABLE (seed), "-1");
  g_assert_false (tw_lab_form_get_config (TW_LAB_FORM (form), &config, &error));
  g_assert_cmpstr (error->message, ==,
                   "The seed must be a whole number from 0 to 18446744073709551615");
  g_clear_error (&error);
  tw_lab_run_config_clear (&config);
  gtk_editable_set_text (GTK_EDITABLE (seed), "42");

  /* B changes the goals: B's value is the other one */
  adw_combo_row_set_selected (ADW_COMBO_ROW (compare), goals + 1);
  value_b = find_in_row (form, "Value in B", GTK_TYPE_SWITCH);
  g_assert_nonnull (value_b);
  g_assert_true (tw_lab_form_get_config (TW_LAB_FORM (form), &config, &error));
  g_assert_no_error (error);
  g_assert_nonnull (config.games[1]);
  g_assert_cmpstr (config.change, ==, "set goals=false");
  g_assert_cmpstr (config.compare, ==, "goals=false");
  tw_lab_run_config_clear (&config);
  /* … unless it is A's */
  gtk_switch_set_active (GTK_SWITCH (value_b), TRUE);
  g_assert_false (tw_lab_form_get_config (TW_LAB_FORM (form), &config, &error));
  g_assert_true (g_str_has_prefix (error->message, "B would play the same rules as A"));
  g_clear_error (&error);
  tw_lab_run_config_clear (&config);
  /* another definition, none chosen yet */
  adw_combo_row_set_selected (ADW_COMBO_ROW (compare),
                              MIN (def->rules->n_options, TW_MAX_OPTIONS) + 1);
  g_assert_nonnull (find_in_row (form, "Definition in B", ADW_TYPE_ACTION_ROW));
  g_assert_false (tw_lab_form_get_config (TW_LAB_FORM (form), &config, &error));
  g_assert_cmpstr (error->message, ==, "Choose the definition B plays: a file or a bundled game");
  g_clear_error (&error);
  tw_lab_run_config_clear (&config);

  /* the threshold */
  g_signal_connect_swapped (form, "notify::negligible", G_CALLBACK (count_notify), &notified);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (negligible), 7);
  g_assert_cmpfloat (tw_lab_form_get_negligible (TW_LAB_FORM (form)), ==, 7);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (negligible), 7);
  g_assert_cmpuint (notified, ==, 1);

  /* no definition: no settings */
  tw_lab_form_set_definition (TW_LAB_FORM (form), NULL);
  g_assert_null (tw_lab_form_get_definition (TW_LAB_FORM (form)));
  g_assert_null (find_in_row (form, "Games", GTK_TYPE_SPIN_BUTTON));

  destroy_window (window);
  g_assert_finalize_object (form);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/tw/lab-dialogs/balance/search-apply", test_balance_dialog);
  g_test_add_func ("/tw/lab-dialogs/balance/card-points", test_balance_dialog_points);
  g_test_add_func ("/tw/lab-dialogs/balance/two", test_balance_dialog_two);
  g_test_add_func ("/tw/lab-dialogs/balance/close", test_balance_dialog_close);
  g_test_add_func ("/tw/lab-dialogs/sweep/players", test_sweep_dialog_players);
  g_test_add_func ("/tw/lab-dialogs/sweep/stop", test_sweep_dialog_stop);
  g_test_add_func ("/tw/lab-dialogs/results/chunks", test_lab_results);
  g_test_add_func ("/tw/lab-dialogs/run/chunks", test_lab_run);
  g_test_add_func ("/tw/lab-dialogs/run/stream", test_lab_run_stream);
  g_test_add_func ("/tw/lab-dialogs/form/config", test_lab_form);

  return g_test_run ();
}
