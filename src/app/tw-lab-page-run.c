/* tw-lab-page-run.c: the Lab view's run controller
 *
 * A run plays games on a GTask thread through tw_sim_run() in chunks of
 * consecutive game indexes; every finished chunk is handed to the main loop,
 * which merges it into the shown results every 250 ms. Run and Cancel.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-lab-page-private.h"
#include "tw-balance-dialog.h"
#include "tw-sweep-dialog.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"

/* ------------------------------------------------------------------------ */
/* Run                                                                      */

static Run *
run_ref (Run *run)
{
  g_atomic_int_inc (&run->ref_count);
  return run;
}

static void
run_unref (gpointer data)
{
  Run *run = data;

  if (!g_atomic_int_dec_and_test (&run->ref_count))
    return;
  for (guint k = 0; k < 2; k++)
    {
      g_clear_pointer (&run->games[k], tw_game_unref);
      g_clear_pointer (&run->pending[k], g_ptr_array_unref);
    }
  g_free (run->change);
  g_free (run->path);
  g_free (run->path_b);
  g_mutex_clear (&run->mutex);
  g_free (run);
}

static void
run_progress (guint64  done,
              guint64  total,
              gpointer user_data)
{
  Run *run = user_data;

  (void) total;
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
  guint64 next = 0, chunk = MAX (run->jobs * 2, 2);

  (void) source_object;
  (void) cancellable;
  while (next < run->total)
    {
      guint64 last = MIN (run->total, next + chunk);
      gint64 t0 = g_get_monotonic_time ();
      TwSimArm *arms[2] = { NULL, NULL };
      double elapsed;

      for (guint k = 0; k < run->n_arms; k++)
        {
          g_autoptr(GError) error = NULL;
          TwSimConfig config = { 0, };
          TwSimArm *arm;

          config.game = run->games[k];
          config.path = k == 1 && run->path_b != NULL ? run->path_b : run->path;
          memcpy (config.bots, run->bots, sizeof config.bots);
          config.seed = run->seed;
          config.total_games = run->total;
          config.first = next;
          config.last = last;
          config.jobs = run->jobs;
          config.cancel = &run->cancel;
          config.progress = run_progress;
          config.progress_data = run;
          /* the components' figures cost little and answer "which card is
           * too strong?" */
          config.impact = TRUE;
          arm = tw_sim_run (&config, &error);
          if (arm == NULL)
            {
              /* a chunk A played but B did not is dropped: the results stay paired */
              g_clear_pointer (&arms[0], tw_sim_arm_free);
              g_task_return_error (task, g_steal_pointer (&error));
              return;
            }
          if (run->n_arms == 2)
            {
              arm->label = g_strdup (k == 0 ? "A" : "B");
              arm->change = g_strdup (k == 0 ? NULL : run->change);
            }
          arms[k] = arm;
          g_mutex_lock (&run->mutex);
          run->base += last - next;
          run->done = run->base;
          g_mutex_unlock (&run->mutex);
        }
      /* both arms of a chunk are shown together, never A alone */
      g_mutex_lock (&run->mutex);
      for (guint k = 0; k < run->n_arms; k++)
        g_ptr_array_add (run->pending[k], arms[k]);
      g_mutex_unlock (&run->mutex);
      /* the next chunk takes about 0.3 s: partial results a few times a second */
      elapsed = MAX ((g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC, 1e-3);
      chunk = (guint64) CLAMP ((last - next) * 0.3 / elapsed, run->jobs, 200000);
      next = last;
    }
  g_task_return_boolean (task, TRUE);
}

/* ------------------------------------------------------------------------ */
/* Running                                                                  */

/* Hands the finished chunks to the results, which merge and show them;
 * whether there were any. */
static gboolean
take_pending (TwLabPage *self)
{
  Run *run = self->run;
  gboolean changed;
  GPtrArray *chunks[2] = { NULL, NULL };

  g_mutex_lock (&run->mutex);
  for (guint k = 0; k < run->n_arms; k++)
    {
      chunks[k] = run->pending[k];
      run->pending[k] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
    }
  g_mutex_unlock (&run->mutex);

  for (guint k = 0; k < run->n_arms; k++)
    if (run->discard)
      g_ptr_array_set_size (chunks[k], 0);
  changed = tw_lab_results_add_chunks (self->results, chunks[0], chunks[1]);
  for (guint k = 0; k < run->n_arms; k++)
    g_ptr_array_unref (chunks[k]);
  return changed;
}

static char *
format_duration (double seconds)
{
  guint s = (guint) ceil (seconds);

  if (s >= 3600)
    return g_strdup_printf ("%u:%02u:%02u", s / 3600, s / 60 % 60, s % 60);
  return g_strdup_printf ("%u:%02u", s / 60, s % 60);
}

static void
update_progress (TwLabPage *self)
{
  Run *run = self->run;
  guint64 done, total = run->total * run->n_arms;
  double elapsed = (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;
  double rate;
  g_autofree char *left = NULL;
  g_autofree char *text = NULL;

  g_mutex_lock (&run->mutex);
  done = run->done;
  g_mutex_unlock (&run->mutex);

  rate = elapsed > 0 ? done / elapsed : 0;
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  if (rate > 0)
    left = format_duration ((total - done) / rate);
  /* Translators: progress: games done of all, games per second, time left */
  text = g_strdup_printf (_("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " games · "
                            "%.0f games/s · %s left"),
                          done, total, rate, left != NULL ? left : "–");
  gtk_label_set_label (self->status_label, text);
}

/* Merging and summarising cost time in proportion to the games shown, so
 * with hundreds of thousands of games the charts are redrawn less often:
 * at most a tenth of the main loop's time goes to them and the window stays
 * responsive however long the run. The progress line is cheap and is
 * updated on every tick. */
static gboolean
tick (gpointer data)
{
  TwLabPage *self = data;
  gint64 now = g_get_monotonic_time ();

  if (now >= self->next_charts)
    {
      if (take_pending (self))
        _tw_lab_page_update_actions (self);
      self->next_charts = now + 10 * (g_get_monotonic_time () - now);
    }
  update_progress (self);
  return G_SOURCE_CONTINUE;
}

static void
run_finished (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TwLabPage *self = TW_LAB_PAGE (source);
  g_autoptr(GError) error = NULL;
  double elapsed = (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;
  g_autofree char *text = NULL;
  g_autofree char *duration = format_duration (elapsed);
  Run *run = self->run;
  guint played;

  (void) user_data;
  g_task_propagate_boolean (G_TASK (result), &error);
  g_clear_handle_id (&self->timer, g_source_remove);
  take_pending (self);
  update_progress (self);
  played = tw_lab_results_has_results (self->results)
           ? tw_lab_results_get_arm (self->results, 0)->games->len : 0;

  if (error == NULL)
    /* Translators: a finished run: games and the time they took */
    text = g_strdup_printf (_("Finished: %u games in %s"), played, duration);
  else if (g_error_matches (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED))
    text = g_strdup_printf (_("Cancelled after %u games; the results so far are shown"),
                            played);
  else
    {
      text = g_strdup_printf (_("Stopped: %s"), error->message);
      tw_app_toast (GTK_WIDGET (self), text);
    }
  gtk_label_set_label (self->status_label, text);
  self->run = NULL;
  run_unref (run);
  tw_lab_results_set_running (self->results, FALSE);
  _tw_lab_page_update_actions (self);
}

/* Whether @def (B's definition) can be played by @n_players, as A is. */
gboolean
_tw_lab_page_b_supports_players (const TwDefinition  *def,
                                 guint                n_players,
                                 GError             **error)
{
  guint min = MAX (def->min_players, def->rules->min_players);
  guint max = MIN (MIN (def->max_players, def->rules->max_players), TW_MAX_PLAYERS);

  if (n_players >= min && n_players <= max)
    return TRUE;
  /* Translators: B's definition, its rules module, its player range, the Lab's players */
  g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
               _("B’s definition “%s” (rules “%s”) is for %u to %u players, not %u: "
                 "A and B play with the same players"),
               def->name, def->rules->id, min, max, n_players);
  return FALSE;
}

static gboolean
parse_seed (const char *text,
            guint64    *seed)
{
  char *end = NULL;

  if (text == NULL || !g_ascii_isdigit (*text))
    return FALSE;
  *seed = g_ascii_strtoull (text, &end, 10);
  return end != NULL && *end == '\0';
}

/* The form's players, their bots (one per seat) and options. */
guint
_tw_lab_page_read_lineup (TwLabPage *self,
                          TwBotSpec *bots,
                          TwOptions *options)
{
  const TwRules *rules = self->definition->rules;
  guint n_players = gtk_spin_button_get_value_as_int (self->players_spin);

  /* every seat the form has, the hidden ones too: a sweep over the seat
   * count seats them */
  for (guint p = 0; p < TW_MAX_PLAYERS && self->seat_rows[p] != NULL; p++)
    {
      g_autoptr(GError) error = NULL;
      guint choice = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[p]));
      g_autofree char *text = NULL;

      text = _tw_lab_page_bot_choice_spec (choice,
                                           gtk_spin_button_get_value (self->iteration_spins[p]));
      if (!tw_bot_spec_parse (text, &bots[p], &error))
        g_error ("bot spec %s: %s", text, error->message);
    }
  tw_options_set_defaults (options, rules->options, rules->n_options);
  for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
    options->values[i] = _tw_lab_page_option_value (self, i);
  return n_players;
}

static void
balance_apply (TwLabPage  *self,
               const char *base,
               const char *text,
               const char *label)
{
  g_signal_emit_by_name (self, "change-definition", base, text, label);
}

/* Balance… (a search for the value of an option that reaches a goal,
 * tw-balance-dialog.h) and Sweep… (every metric against the values of one
 * thing that varies, tw-sweep-dialog.h), with the form's players and bots. */
void
_tw_lab_page_dialog_activated (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  TwBotSpec bots[TW_MAX_PLAYERS] = { { 0 } };
  TwOptions options;
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWindow *parent = GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
  guint jobs = gtk_spin_button_get_value_as_int (self->jobs_spin);
  GtkWidget *dialog;
  guint n_players;

  if (self->definition == NULL || self->run != NULL)
    return;
  n_players = _tw_lab_page_read_lineup (self, bots, &options);
  if (g_str_equal (action_name, "lab.balance"))
    {
      dialog = tw_balance_dialog_new (parent, self->definition, n_players, bots, &options, jobs);
      g_signal_connect_object (dialog, "apply", G_CALLBACK (balance_apply), self,
                               G_CONNECT_SWAPPED);
    }
  else
    dialog = tw_sweep_dialog_new (parent, self->definition, n_players, bots, &options, jobs);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_tw_lab_page_run_activated (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  const TwRules *rules;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  TwOptions options;
  guint n_players, compare;
  g_autofree char *assignment = NULL;
  Run *run;

  (void) action_name;
  (void) parameter;
  if (self->definition == NULL || self->run != NULL)
    return;
  rules = self->definition->rules;

  run = g_new0 (Run, 1);
  run->ref_count = 1;
  g_mutex_init (&run->mutex);
  run->pending[0] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  run->pending[1] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  run->path = g_strdup (self->definition->path);
  run->total = gtk_spin_button_get_value_as_int (self->games_spin);
  run->jobs = gtk_spin_button_get_value_as_int (self->jobs_spin);
  if (!parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &run->seed))
    {
      tw_app_toast (GTK_WIDGET (self),
                    _("The seed must be a whole number from 0 to 18446744073709551615"));
      run_unref (run);
      return;
    }

  n_players = _tw_lab_page_read_lineup (self, run->bots, &options);
  run->games[0] = tw_game_new (self->definition, n_players, &options, &error);
  run->n_arms = 1;

  compare = adw_combo_row_get_selected (self->compare_row);
  if (run->games[0] != NULL && compare == _tw_lab_page_another_definition_index (self))
    {
      /* B plays another definition, as written in its file, with the same
       * players, bots, seed and games (tw-cli simulate --compare-file) */
      TwDefinition *b = self->b_definition;

      if (b == NULL)
        g_set_error_literal (&error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                             _("Choose the definition B plays: a file or a bundled game"));
      else if (_tw_lab_page_b_supports_players (b, n_players, &error))
        run->games[1] = tw_game_new (b, n_players, &b->options, &error);
      if (run->games[1] != NULL)
        {
          g_autofree char *title = tw_app_definition_title (b->name, b->path,
                                                            self->definition->name);

          run->n_arms = 2;
          run->change = g_strdup_printf ("definition %s", title);
          run->path_b = g_strdup (b->path);
        }
    }
  else if (run->games[0] != NULL && compare > 0 && self->b_widget != NULL)
    {
      const TwOptionSpec *spec = &rules->options[compare - 1];
      int value = _tw_lab_page_control_get_value (self->b_widget);
      g_autofree char *text = tw_option_value_to_string (spec, value);
      TwOptions b = options;

      assignment = g_strdup_printf ("%s=%s", spec->name, text);
      if (value == options.values[compare - 1])
        g_set_error (&error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                     _("B would play the same rules as A: pick another value of %s for B"),
                     tw_app_option_label (spec));
      else if (tw_options_set_from_string (&b, rules->options, rules->n_options, assignment,
                                           &error))
        run->games[1] = tw_game_new (self->definition, n_players, &b, &error);
      if (run->games[1] != NULL)
        {
          run->n_arms = 2;
          run->change = g_strdup_printf ("set %s", assignment);
        }
    }
  if (error != NULL)
    {
      tw_app_toast (GTK_WIDGET (self), error->message);
      run_unref (run);
      return;
    }

  _tw_lab_page_keep_form (self);
  tw_lab_results_set_running (self->results, TRUE);
  _tw_lab_page_clear_results (self);
  self->shown_jobs = run->jobs;
  self->shown_compare = run->n_arms == 2 ? g_steal_pointer (&assignment) : NULL;
  if (run->n_arms == 2 && run->path_b != NULL)
    self->shown_b_definition = tw_definition_ref (self->b_definition);
  self->run = run;
  self->started = g_get_monotonic_time ();
  self->next_charts = 0;
  task = g_task_new (self, NULL, run_finished, NULL);
  g_task_set_source_tag (task, _tw_lab_page_run_activated);
  g_task_set_task_data (task, run_ref (run), run_unref);
  g_task_run_in_thread (task, run_thread);
  self->timer = g_timeout_add (250, tick, self);
  gtk_label_set_label (self->status_label, _("Starting…"));
  _tw_lab_page_update_actions (self);
}

void
_tw_lab_page_cancel_activated (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  (void) action_name;
  (void) parameter;
  _tw_lab_page_cancel_run (TW_LAB_PAGE (widget));
}
