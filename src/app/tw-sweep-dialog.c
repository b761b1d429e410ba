/* tw-sweep-dialog.c: the Lab's Sweep…, every metric against one value
 *
 * See tw-sweep-dialog.h. The values are the cells of a one-axis sweep
 * (tw-sweep.h), built from the picker's text as `simulate --sweep` builds
 * them from the command line; each cell is a plain tw_sim_run() with the
 * same seed, on a worker thread, one after another. Finished cells wait in
 * the run's queue until the main loop's timer takes them (as the Lab's
 * chunks do), so the charts grow a value at a time and the last value is
 * shown before the run's end is. Closing the dialog stops the run.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-sweep-dialog.h"

#include <glib/gi18n.h>
#include <math.h>

#include "tw-app-util.h"
#include "tw-chart-view.h"
#include "tw-file.h"
#include "tw-game.h"
#include "tw-rules.h"
#include "tw-sim.h"
#include "tw-sweep.h"
#include "tw-sweep-picker.h"

/* More values than this make charts whose bars cannot be told apart. */
#define MAX_VALUES 16
#define CHART_HEIGHT 220

/* The charts, one per metric of a run's summary (tw_sim_summarize()). */
enum
{
  CH_WIN,
  CH_SCORE,
  CH_LENGTH,
  CH_TIE,
  CH_MARGIN,
  CH_LEAD,
  CH_DECIDED,
  CH_COMEBACK,
  CH_END,
  CH_BRANCHING,
  CH_FORCED,
  N_CH
};

typedef enum
{
  BY_NONE,     /* one bar a value */
  BY_SEAT,     /* a series per seat */
  BY_REASON,   /* a series per way to end */
} SeriesBy;

static const struct
{
  const char      *title;
  TwSimMetricKind  kind;
  SeriesBy         by;
  gboolean         percent;
} chart_specs[N_CH] = {
  [CH_WIN]       = { N_("Win share per seat"), TW_SIM_METRIC_WIN, BY_SEAT, TRUE },
  [CH_SCORE]     = { N_("Mean score per seat"), TW_SIM_METRIC_SCORE, BY_SEAT, FALSE },
  [CH_LENGTH]    = { N_("Moves a game"), TW_SIM_METRIC_MOVES, BY_NONE, FALSE },
  [CH_TIE]       = { N_("Games tied for first"), TW_SIM_METRIC_TIE, BY_NONE, TRUE },
  [CH_MARGIN]    = { N_("Winning margin (points)"), TW_SIM_METRIC_MARGIN, BY_NONE, FALSE },
  [CH_LEAD]      = { N_("Lead changes a game"), TW_SIM_METRIC_LEAD_CHANGES, BY_NONE, FALSE },
  [CH_DECIDED]   = { N_("Winner led for good from"), TW_SIM_METRIC_DECIDED, BY_NONE, TRUE },
  [CH_COMEBACK]  = { N_("Won from behind at half time"), TW_SIM_METRIC_COMEBACK, BY_NONE,
                     TRUE },
  [CH_END]       = { N_("How games end"), TW_SIM_METRIC_END, BY_REASON, TRUE },
  [CH_BRANCHING] = { N_("Legal moves a decision"), TW_SIM_METRIC_BRANCHING, BY_NONE, FALSE },
  [CH_FORCED]    = { N_("Forced decisions"), TW_SIM_METRIC_FORCED, BY_NONE, TRUE },
};

/* Shared by the dialog and the worker; the worker only reads the settings
 * and touches the queue under the mutex. */
typedef struct
{
  gint        ref_count;
  gint        cancel;
  TwSweep    *sweep;
  TwGame    **games;         /* a game per value */
  guint       n_cells;
  TwBotSpec   bots[TW_MAX_PLAYERS];
  char       *path;
  guint64     games_each;
  guint       jobs;
  GMutex      mutex;
  GPtrArray  *finished;      /* TwSimArm of the values played, in order, not yet shown */
  guint64     done;          /* games of the finished values and of the one being played */
  guint64     base;          /* games of the finished values */
} Run;

struct _TwSweepDialog
{
  AdwWindow       parent_instance;

  TwDefinition   *definition;
  guint           n_players;
  TwBotSpec       bots[TW_MAX_PLAYERS];
  TwOptions       options;
  guint           jobs;

  TwSweepPicker  *picker;
  GtkSpinButton  *games_spin;
  GtkButton      *run_button;
  GtkButton      *stop_button;
  GtkButton      *export_button;
  GtkNativeDialog *chooser;     /* the export's file chooser, while open */
  GtkProgressBar *progress;
  GtkLabel       *status_label;
  GtkWidget      *results_box;
  GtkLabel       *results_heading;
  GtkWidget      *views[N_CH];
  GtkWidget      *impact_box;   /* the heading, its words and the grid */
  GtkGrid        *impact_grid;  /* a row per value: its components that differ most */

  Run            *run;          /* while running */
  guint           timer;
  TwSweep        *shown;        /* the sweep of the shown results */
  char           *shown_label;  /* what it varies, in words */
  GPtrArray      *arms;         /* TwSimArm per shown value */
  GPtrArray      *rows;         /* their tw_sim_summarize () */
  TwChart        *charts[N_CH];
  gboolean        disposed;
};

G_DEFINE_FINAL_TYPE (TwSweepDialog, tw_sweep_dialog, ADW_TYPE_WINDOW)

static Run *
run_ref (Run *run)
{
  g_atomic_int_inc (&run->ref_count);
  return run;
}

static void
run_unref (Run *run)
{
  if (!g_atomic_int_dec_and_test (&run->ref_count))
    return;
  for (guint c = 0; c < run->n_cells; c++)
    g_clear_pointer (&run->games[c], tw_game_unref);
  g_free (run->games);
  g_clear_pointer (&run->sweep, tw_sweep_free);
  g_clear_pointer (&run->finished, g_ptr_array_unref);
  g_free (run->path);
  g_mutex_clear (&run->mutex);
  g_free (run);
}

/* ------------------------------------------------------------------------ */
/* The charts                                                               */

/* The most seats, and the ways to end, of the shown values. */
static void
series_counts (TwSweepDialog *self,
               guint         *seats,
               guint         *reasons)
{
  *seats = 0;
  *reasons = 0;
  for (guint c = 0; c < self->arms->len; c++)
    {
      const TwSimArm *arm = g_ptr_array_index (self->arms, c);

      *seats = MAX (*seats, arm->n_players);
      *reasons = MAX (*reasons, g_strv_length (arm->end_reasons));
    }
  *seats = MIN (*seats, TW_CHART_MAX_SERIES);
  *reasons = MIN (*reasons, TW_CHART_MAX_SERIES);
}

static TwChart *
chart_new (TwSweepDialog *self,
           guint          ch,
           guint          seats,
           guint          reasons)
{
  const TwSimArm *first = self->arms->len > 0 ? g_ptr_array_index (self->arms, 0) : NULL;
  guint n_series = chart_specs[ch].by == BY_SEAT ? seats
                   : chart_specs[ch].by == BY_REASON ? reasons : 1;
  TwChart *chart = tw_chart_new (_(chart_specs[ch].title), MAX (n_series, 1));

  chart->intervals = TRUE;
  chart->percent = chart_specs[ch].percent;
  for (guint s = 0; s < n_series && n_series > 1; s++)
    {
      if (chart_specs[ch].by == BY_SEAT)
        /* Translators: a seat in the charts: P1, P2, … */
        chart->series[s] = g_strdup_printf (_("P%u"), s + 1);
      else if (first != NULL && s < g_strv_length (first->end_reasons))
        chart->series[s] = tw_end_reason_words (first->rules_id, first->end_reasons[s]);
    }
  return chart;
}

/* Whether a chart has a bar to draw. */
static gboolean
chart_has_values (const TwChart *chart)
{
  for (guint b = 0; b < chart->bars->len; b++)
    {
      const TwChartBar *bar = &g_array_index (chart->bars, TwChartBar, b);

      for (guint s = 0; s < chart->n_series; s++)
        if (isfinite (bar->value[s]))
          return TRUE;
    }
  return FALSE;
}

/* Per value, the components whose users' win share differs most from the
 * others' in the same games (tw_sim_impact_rows(), outliers first), as
 * `simulate --sweep --impact` prints them: does a value tame a strong card? */
#define IMPACT_PER_VALUE 3

static void
update_impact (TwSweepDialog *self)
{
  GtkWidget *child;
  gboolean any = FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->impact_grid))) != NULL)
    gtk_grid_remove (self->impact_grid, child);
  for (guint c = 0; c < self->arms->len; c++)
    {
      const TwSimArm *arm = g_ptr_array_index (self->arms, c);
      g_autoptr(GArray) rows = arm->impact != NULL ? tw_sim_impact_rows (arm) : NULL;
      g_autoptr(GString) text = g_string_new (NULL);
      GtkWidget *value, *components;
      guint shown = 0;

      for (guint i = 0; rows != NULL && i < rows->len && shown < IMPACT_PER_VALUE; i++)
        {
          const TwSimImpactRow *r = &g_array_index (rows, TwSimImpactRow, i);

          if (isnan (r->p))
            continue;
          /* Translators: a component, the difference of its users' win
           * share in points, and ★ when it is significant */
          g_string_append_printf (text, _("%s%s %+.1f%s"), shown > 0 ? ", " : "", r->id,
                                  100 * r->diff, r->significant ? " ★" : "");
          shown++;
        }
      value = gtk_label_new (tw_sweep_cell_value (self->shown, c, 0));
      gtk_label_set_xalign (GTK_LABEL (value), 0);
      gtk_widget_add_css_class (value, "heading");
      components = gtk_label_new (shown > 0 ? text->str
                                  : _("None used by some seats and not by others"));
      gtk_label_set_xalign (GTK_LABEL (components), 0);
      gtk_label_set_wrap (GTK_LABEL (components), TRUE);
      gtk_widget_set_hexpand (components, TRUE);
      gtk_grid_attach (self->impact_grid, value, 0, (int) c, 1, 1);
      gtk_grid_attach (self->impact_grid, components, 1, (int) c, 1, 1);
      any |= arm->impact != NULL;
    }
  gtk_widget_set_visible (self->impact_box, any);
}

static void
update_charts (TwSweepDialog *self)
{
  guint seats, reasons;

  series_counts (self, &seats, &reasons);
  for (guint ch = 0; ch < N_CH; ch++)
    {
      TwChart *old = self->charts[ch];

      self->charts[ch] = chart_new (self, ch, seats, reasons);
      for (guint c = 0; c < self->arms->len; c++)
        {
          const TwSimArm *arm = g_ptr_array_index (self->arms, c);
          GArray *rows = g_ptr_array_index (self->rows, c);
          g_autofree char *label = NULL;
          TwChartBar *bar;

          if (arm->interrupted)
            /* Translators: a value of a sweep stopped before its games
             * were all played, and the games it played */
            label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u game)",
                                                  "%s (%u games)", (gulong) tw_sim_arm_n_games (arm)), tw_sweep_cell_value (self->shown, c, 0),
                                     (guint) tw_sim_arm_n_games (arm));
          else
            label = g_strdup (tw_sweep_cell_value (self->shown, c, 0));
          bar = tw_chart_add_bar (self->charts[ch], label);
          for (guint s = 0; s < self->charts[ch]->n_series; s++)
            {
              guint index = chart_specs[ch].by == BY_NONE ? 0 : s;
              const TwSimRow *row = NULL;

              if (chart_specs[ch].by != BY_SEAT || s < arm->n_players)
                row = tw_sim_find_row (rows, chart_specs[ch].kind, index);
              tw_chart_bar_set_row (bar, s, row);
            }
        }
      tw_chart_view_set_chart (TW_CHART_VIEW (self->views[ch]), self->charts[ch]);
      g_clear_pointer (&old, tw_chart_free);
      /* a chart of nothing, or of one way to end, says nothing */
      gtk_widget_set_visible (self->views[ch],
                              chart_has_values (self->charts[ch])
                              && (ch != CH_END || reasons > 1));
    }
  gtk_widget_set_visible (self->results_box, self->arms->len > 0);
  update_impact (self);
}

/* ------------------------------------------------------------------------ */
/* The run                                                                  */

static void
update_form (TwSweepDialog *self)
{
  gboolean running = self->run != NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button),
                            tw_sweep_picker_has_choice (self->picker) && !running);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), !running && self->arms->len > 0);
  gtk_widget_set_sensitive (tw_sweep_picker_get_change_row (self->picker), !running);
  gtk_widget_set_sensitive (tw_sweep_picker_get_range_row (self->picker), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->games_spin), !running);
}

/* Takes the values the worker finished into the charts. */
static void
take_finished (TwSweepDialog *self,
               Run           *run)
{
  g_autoptr(GPtrArray) finished = NULL;
  guint64 done;

  g_mutex_lock (&run->mutex);
  finished = g_steal_pointer (&run->finished);
  run->finished = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  done = run->done;
  g_mutex_unlock (&run->mutex);

  gtk_progress_bar_set_fraction (self->progress,
                                 MIN (1.0, (double) done / (run->games_each * run->n_cells)));
  if (finished->len == 0)
    return;
  for (guint i = 0; i < finished->len; i++)
    {
      TwSimArm *arm = g_ptr_array_steal_index (finished, i--);

      g_ptr_array_add (self->rows, tw_sim_summarize (arm));
      g_ptr_array_add (self->arms, arm);
    }
  update_charts (self);
}

static gboolean
tick (gpointer data)
{
  TwSweepDialog *self = data;

  if (self->run == NULL)
    {
      self->timer = 0;
      return G_SOURCE_REMOVE;
    }
  take_finished (self, self->run);
  if (self->arms->len < self->run->n_cells)
    {
      /* Translators: a sweep under way: the value being played (its
       * number and the count of values) and the value itself */
      g_autofree char *text = g_strdup_printf (_("Playing value %u of %u: %s…"),
                                               self->arms->len + 1, self->run->n_cells,
                                               tw_sweep_cell_value (self->run->sweep,
                                                                    self->arms->len, 0));
      gtk_label_set_text (self->status_label, text);
    }
  return G_SOURCE_CONTINUE;
}

/* On the worker, a few times a second: the games of the value being played. */
static void
progress (guint64  done,
          guint64  total,
          gpointer user_data)
{
  Run *run = user_data;

  g_mutex_lock (&run->mutex);
  run->done = run->base + done;
  g_mutex_unlock (&run->mutex);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Run *run = task_data;

  for (guint c = 0; c < run->n_cells && !g_atomic_int_get (&run->cancel); c++)
    {
      TwSimConfig config = { 0, };
      GError *error = NULL;
      TwSimArm *arm;

      config.game = run->games[c];
      config.path = run->path;
      memcpy (config.bots, run->bots, sizeof config.bots);
      config.seed = 1;
      config.total_games = run->games_each;
      config.first = 0;
      config.last = run->games_each;
      config.jobs = run->jobs;
      config.cancel = &run->cancel;
      config.progress = progress;
      config.progress_data = run;
      config.keep_partial = TRUE;
      config.impact = TRUE;
      /* as `simulate --sweep`: a value's memory does not grow with its games */
      config.stream = TRUE;
      arm = tw_sim_run (&config, &error);
      if (arm == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      g_mutex_lock (&run->mutex);
      if (tw_sim_arm_n_games (arm) > 0)
        g_ptr_array_add (run->finished, arm);
      else
        tw_sim_arm_free (arm);
      run->base += run->games_each;
      run->done = run->base;
      g_mutex_unlock (&run->mutex);
    }
  g_task_return_boolean (task, TRUE);
}

static void
run_done (GObject      *source,
          GAsyncResult *res,
          gpointer      user_data)
{
  TwSweepDialog *self = TW_SWEEP_DIALOG (source);
  Run *run = g_task_get_task_data (G_TASK (res));
  g_autoptr(GError) error = NULL;
  gboolean stopped;

  g_task_propagate_boolean (G_TASK (res), &error);
  if (self->disposed || self->run != run)
    return;
  stopped = g_atomic_int_get (&run->cancel) != 0;
  take_finished (self, run);
  g_clear_handle_id (&self->timer, g_source_remove);
  g_clear_pointer (&self->run, run_unref);
  if (error != NULL && !g_error_matches (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED))
    gtk_label_set_text (self->status_label, error->message);
  else if (stopped)
    {
      /* Translators: a sweep stopped: the values with results, of all */
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Stopped with %u of %u value played",
                                                            "Stopped with %u of %u values played", tw_sweep_n_cells (self->shown)),
                                               self->arms->len, tw_sweep_n_cells (self->shown));
      gtk_label_set_text (self->status_label, text);
    }
  else
    {
      const TwSimArm *arm = self->arms->len > 0 ? g_ptr_array_index (self->arms, 0) : NULL;
      /* Translators: a sweep ended: the values, the games each and the
       * bots that played */
      g_autofree char *bots = arm != NULL ? g_strjoinv (", ", arm->bots) : g_strdup ("");
      g_autofree char *text = g_strdup_printf (_("Done: %u values, %u games each, "
                                                 "played by %s"),
                                               self->arms->len,
                                               arm != NULL ? (guint) tw_sim_arm_n_games (arm) : 0, bots);
      gtk_label_set_text (self->status_label, text);
      gtk_progress_bar_set_fraction (self->progress, 1);
    }
  update_form (self);
}

static void
clear_results (TwSweepDialog *self)
{
  g_ptr_array_set_size (self->arms, 0);
  g_ptr_array_set_size (self->rows, 0);
  g_clear_pointer (&self->shown, tw_sweep_free);
  g_clear_pointer (&self->shown_label, g_free);
}

static void
run_clicked (TwSweepDialog *self)
{
  g_autofree char *problem = NULL;
  g_autofree char *axis = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(TwSweep) sweep = NULL;
  g_autofree char *heading = NULL;
  Run *run;

  if (self->run != NULL || !tw_sweep_picker_has_choice (self->picker))
    return;
  axis = tw_sweep_picker_axis (self->picker, &problem);
  if (axis == NULL)
    {
      gtk_label_set_text (self->status_label, problem);
      return;
    }
  sweep = tw_sweep_new ();
  if (!tw_sweep_add (sweep, self->definition, axis, &error))
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }

  run = g_new0 (Run, 1);
  run->ref_count = 1;
  g_mutex_init (&run->mutex);
  run->finished = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  run->n_cells = tw_sweep_n_cells (sweep);
  run->games = g_new0 (TwGame *, run->n_cells);
  run->games_each = gtk_spin_button_get_value_as_int (self->games_spin);
  run->jobs = self->jobs;
  run->path = g_strdup (self->definition->path);
  memcpy (run->bots, self->bots, sizeof run->bots);
  /* every value's game before any is played: a combination the rules
   * refuse stops the sweep at once */
  for (guint c = 0; c < run->n_cells; c++)
    {
      run->games[c] = tw_sweep_cell_game (sweep, self->definition, c, self->n_players,
                                          &self->options, &error);
      if (run->games[c] == NULL)
        {
          gtk_label_set_text (self->status_label, error->message);
          run_unref (run);
          return;
        }
    }

  clear_results (self);
  self->shown = tw_sweep_new ();
  tw_sweep_add (self->shown, self->definition, axis, NULL);
  run->sweep = g_steal_pointer (&sweep);
  self->shown_label = tw_sweep_picker_label (self->picker);
  /* Translators: the heading of a sweep's charts: what varies */
  heading = g_strdup_printf (_("By %s"), self->shown_label);
  gtk_label_set_text (self->results_heading, heading);
  update_charts (self);
  self->run = run;
  gtk_progress_bar_set_fraction (self->progress, 0);
  tick (self);
  self->timer = g_timeout_add (250, tick, self);
  update_form (self);

  task = g_task_new (self, NULL, run_done, NULL);
  g_task_set_task_data (task, run_ref (run), (GDestroyNotify) run_unref);
  g_task_run_in_thread (task, run_thread);
}

static void
stop_clicked (TwSweepDialog *self)
{
  if (self->run != NULL)
    g_atomic_int_set (&self->run->cancel, 1);
}

/* ------------------------------------------------------------------------ */
/* Export                                                                   */

gboolean
tw_sweep_dialog_export_csv (TwSweepDialog  *self,
                            const char     *path,
                            GError        **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (TW_IS_SWEEP_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->arms->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The sweep has no results yet"));
      return FALSE;
    }
  tw_sweep_csv (out, self->shown, (const TwSimArm * const *) self->arms->pdata,
                (GArray * const *) self->rows->pdata, self->arms->len);
  return tw_file_save (path, out->str, (gssize) out->len, error);
}

static void
chooser_response (GtkNativeDialog *dialog,
                  int              response,
                  TwSweepDialog   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *basename = path != NULL ? g_path_get_basename (path) : NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *message = NULL;

      if (path == NULL)
        message = g_strdup (_("Could not export: the place chosen is not a local file"));
      else if (tw_sweep_dialog_export_csv (self, path, &error))
        message = g_strdup_printf (_("Exported “%s”"), basename);
      else
        message = g_strdup_printf (_("Could not export “%s”: %s"), basename, error->message);
      gtk_label_set_text (self->status_label, message);
    }
  g_clear_object (&self->chooser);
}

static void
export_clicked (TwSweepDialog *self)
{
  if (self->chooser != NULL || self->arms->len == 0)
    return;
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
      _("Export CSV"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
      _("_Export"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), "sweep.csv");
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

static void
build (TwSweepDialog *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *what = adw_preferences_group_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *charts = gtk_flow_box_new ();
  TwAppJobControls controls;
  GtkWidget *box, *row, *legend;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (what), _("What Varies"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (what),
    _("Every value plays the same games, with the Lab’s players and bots."));
  self->picker = tw_sweep_picker_new (self->definition, &self->options, _("_Vary"), NULL,
                                      self->n_players, MAX_VALUES);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (what),
                             tw_sweep_picker_get_change_row (self->picker));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (what),
                             tw_sweep_picker_get_range_row (self->picker));
  row = tw_app_row_new (_("Games a Value"), _("More games narrow the intervals"));
  self->games_spin = tw_app_spin_new (10, 100000, 100, 200, 0, _("Games a value"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->games_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (what), row);
  gtk_box_append (GTK_BOX (content), what);

  box = tw_app_job_controls_new (_("_Run Sweep"), _("Sweep progress"), &controls);
  self->run_button = controls.start;
  self->stop_button = controls.stop;
  self->progress = controls.progress;
  self->status_label = controls.status;
  self->export_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("Export _CSV…")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->export_button),
                               _("Save every value’s figures as simulate --sweep writes them"));
  gtk_box_append (controls.buttons, GTK_WIDGET (self->export_button));
  gtk_box_append (GTK_BOX (content), box);

  self->results_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->results_heading = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->results_heading, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->results_heading), "title-4");
  gtk_box_append (GTK_BOX (self->results_box), GTK_WIDGET (self->results_heading));
  legend = gtk_label_new (/* xgettext:no-c-format */
                          _("Each bar is a value’s mean (shares in percent) over its games, "
                            "and the line through it the 95 % interval. Values whose "
                            "intervals do not overlap differ."));
  gtk_label_set_wrap (GTK_LABEL (legend), TRUE);
  gtk_label_set_xalign (GTK_LABEL (legend), 0);
  gtk_widget_add_css_class (legend, "dim-label");
  gtk_box_append (GTK_BOX (self->results_box), legend);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (charts), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (charts), 2);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (charts), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (charts), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (charts), 12);
  for (guint ch = 0; ch < N_CH; ch++)
    {
      self->views[ch] = tw_chart_view_new (_(chart_specs[ch].title), CHART_HEIGHT);
      gtk_flow_box_append (GTK_FLOW_BOX (charts), self->views[ch]);
      /* the flow box's child follows the chart's visibility */
      g_object_bind_property (self->views[ch], "visible",
                              gtk_widget_get_parent (self->views[ch]), "visible",
                              G_BINDING_SYNC_CREATE);
      gtk_widget_set_focusable (gtk_widget_get_parent (self->views[ch]), FALSE);
    }
  gtk_box_append (GTK_BOX (self->results_box), charts);
  {
    GtkWidget *heading = gtk_label_new (_("Components That Differ Most"));
    GtkWidget *about = gtk_label_new (_("For each value, the three tiles, pieces or cards whose "
                                        "users’ win share differs most from the other seats’ in "
                                        "the same games, in points; ★: significant after Holm’s "
                                        "correction for the components compared. A component "
                                        "that wins games is not always the cause: claiming a "
                                        "goal is scoring."));

    self->impact_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_top (self->impact_box, 12);
    gtk_label_set_xalign (GTK_LABEL (heading), 0);
    gtk_widget_add_css_class (heading, "title-4");
    gtk_label_set_wrap (GTK_LABEL (about), TRUE);
    gtk_label_set_xalign (GTK_LABEL (about), 0);
    gtk_widget_add_css_class (about, "dim-label");
    self->impact_grid = GTK_GRID (gtk_grid_new ());
    gtk_grid_set_column_spacing (self->impact_grid, 18);
    gtk_grid_set_row_spacing (self->impact_grid, 6);
    gtk_box_append (GTK_BOX (self->impact_box), heading);
    gtk_box_append (GTK_BOX (self->impact_box), about);
    gtk_box_append (GTK_BOX (self->impact_box), GTK_WIDGET (self->impact_grid));
    gtk_widget_set_visible (self->impact_box, FALSE);
    gtk_box_append (GTK_BOX (self->results_box), self->impact_box);
  }
  gtk_widget_set_visible (self->results_box, FALSE);
  gtk_box_append (GTK_BOX (content), self->results_box);

  gtk_widget_set_margin_top (content, 24);
  gtk_widget_set_margin_bottom (content, 24);
  gtk_widget_set_margin_start (content, 12);
  gtk_widget_set_margin_end (content, 12);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 960);
  adw_clamp_set_child (ADW_CLAMP (clamp), content);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (self), box);

  g_signal_connect_object (self->picker, "changed", G_CALLBACK (update_form), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->run_button, "clicked", G_CALLBACK (run_clicked), self);
  g_signal_connect_swapped (self->stop_button, "clicked", G_CALLBACK (stop_clicked), self);
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (export_clicked), self);
  update_form (self);
}

GtkWidget *
tw_sweep_dialog_new (GtkWindow       *parent,
                     TwDefinition    *definition,
                     guint            n_players,
                     const TwBotSpec *bots,
                     const TwOptions *options,
                     guint            jobs)
{
  TwSweepDialog *self;

  g_return_val_if_fail (definition != NULL && bots != NULL && options != NULL, NULL);

  self = g_object_new (TW_TYPE_SWEEP_DIALOG,
                       "modal", TRUE,
                       "transient-for", parent,
                       "title", _("Sweep"),
                       "default-width", 900,
                       "default-height", 680,
                       NULL);
  self->definition = tw_definition_ref (definition);
  self->n_players = n_players;
  memcpy (self->bots, bots, sizeof self->bots);
  self->options = *options;
  self->jobs = MAX (jobs, 1);
  build (self);
  return GTK_WIDGET (self);
}

static void
tw_sweep_dialog_dispose (GObject *object)
{
  TwSweepDialog *self = TW_SWEEP_DIALOG (object);

  /* a run still going stops; its task keeps what it needs */
  self->disposed = TRUE;
  if (self->run != NULL)
    g_atomic_int_set (&self->run->cancel, 1);
  g_clear_pointer (&self->run, run_unref);
  g_clear_handle_id (&self->timer, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (tw_sweep_dialog_parent_class)->dispose (object);
}

static void
tw_sweep_dialog_finalize (GObject *object)
{
  TwSweepDialog *self = TW_SWEEP_DIALOG (object);

  clear_results (self);
  g_clear_pointer (&self->arms, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  for (guint ch = 0; ch < N_CH; ch++)
    g_clear_pointer (&self->charts[ch], tw_chart_free);
  g_clear_object (&self->picker);
  g_clear_pointer (&self->definition, tw_definition_unref);
  G_OBJECT_CLASS (tw_sweep_dialog_parent_class)->finalize (object);
}

/* Closed (destroyed) while a sweep plays: it stops now. Its task holds the
 * dialog until the thread ends, so dispose alone would come only after every
 * game was played. */
static void
tw_sweep_dialog_unrealize (GtkWidget *widget)
{
  TwSweepDialog *self = TW_SWEEP_DIALOG (widget);

  if (self->run != NULL)
    g_atomic_int_set (&self->run->cancel, 1);
  GTK_WIDGET_CLASS (tw_sweep_dialog_parent_class)->unrealize (widget);
}

static void
tw_sweep_dialog_class_init (TwSweepDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_sweep_dialog_dispose;
  object_class->finalize = tw_sweep_dialog_finalize;
  widget_class->unrealize = tw_sweep_dialog_unrealize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tw_sweep_dialog_init (TwSweepDialog *self)
{
  self->arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
}
