/* tw-lab-page.c: the Lab view: batch playtests by bots, results as charts
 *
 * The settings (TwLabForm, tw-lab-form.h) are built from the open
 * definition and its rules module's option table, so the page is the same
 * for every game. Run makes a TwLabRun of the settings (tw-lab-run.h),
 * which plays the games off the main loop and hands their chunks to the
 * results (TwLabResults, tw-lab-results.h) as they finish; the page shows
 * its progress and how it ended.
 *
 * Save Run writes the shown results with the settings they were played with
 * (tw_sim_lab_run_save(), on a GTask thread); Open Run reads such a file on
 * a thread, checks it against the rules module, and only then sets the form
 * and the results, so a refused file changes nothing.
 *
 * This file holds the GObject, its actions and its runs, and wires the
 * three parts; the files (export, save and open a run) are in
 * tw-lab-page-files.c, sharing tw-lab-page-private.h.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-lab-page-private.h"

#include <math.h>

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-balance-dialog.h"
#include "tw-definition-document.h"
#include "tw-sweep-dialog.h"

G_DEFINE_FINAL_TYPE (TwLabPage, tw_lab_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_DEFINITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------ */
/* The definition and the actions                                           */

void
_tw_lab_page_update_actions (TwLabPage *self)
{
  gboolean running = self->run != NULL;
  gboolean results = tw_lab_results_has_results (self->results);
  gboolean busy = running || self->io != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.run",
                                 self->definition != NULL && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.balance",
                                 self->definition != NULL && !busy
                                 && self->definition->rules->n_options > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.sweep",
                                 self->definition != NULL && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.save-run", results && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.open-run",
                                 self->definition != NULL && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.cancel", running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-csv", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-json", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-png", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-svg", results);
  gtk_widget_set_sensitive (GTK_WIDGET (self->settings_box), !busy);
}

void
_tw_lab_page_clear_results (TwLabPage *self)
{
  tw_lab_results_clear (self->results);
  g_clear_pointer (&self->shown_compare, g_free);
  g_clear_pointer (&self->shown_b_definition, tw_definition_unref);
}

static void
cancel_run (TwLabPage *self)
{
  if (self->run != NULL)
    tw_lab_run_cancel (self->run);
}

/**
 * tw_lab_page_set_definition:
 * @self: the page
 * @definition: (nullable): the open definition
 *
 * Rebuilds the settings from @definition's module; a running simulation of
 * the previous definition is cancelled and its results are dropped.
 */
void
tw_lab_page_set_definition (TwLabPage    *self,
                            TwDefinition *definition)
{
  g_return_if_fail (TW_IS_LAB_PAGE (self));

  if (definition == self->definition)
    return;
  _tw_lab_page_use_definition (self, definition);
}

void
_tw_lab_page_use_definition (TwLabPage    *self,
                             TwDefinition *definition)
{
  g_autoptr(TwDefinition) keep = definition != NULL ? tw_definition_ref (definition) : NULL;
  gboolean changed = definition != self->definition;

  /* a run being opened was for the previous definition */
  if (self->io != NULL)
    g_cancellable_cancel (self->io);
  g_clear_object (&self->io);
  /* and a run that plays it: its results are not shown */
  if (self->run != NULL)
    tw_lab_run_discard (self->run);
  g_clear_pointer (&self->definition, tw_definition_unref);
  _tw_lab_page_clear_results (self);
  if (definition != NULL)
    self->definition = tw_definition_ref (definition);
  tw_lab_form_set_definition (self->form, definition);
  gtk_stack_set_visible_child_name (self->stack, definition != NULL ? "lab" : "empty");
  gtk_label_set_label (self->status_label, _("Set the games up, then press Run"));
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  _tw_lab_page_update_actions (self);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEFINITION]);
}

/* ------------------------------------------------------------------------ */
/* Runs                                                                     */

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
  guint64 done, total;
  double elapsed = tw_lab_run_get_elapsed (self->run);
  double rate;
  g_autofree char *left = NULL;
  g_autofree char *text = NULL;

  tw_lab_run_get_progress (self->run, &done, &total);
  rate = elapsed > 0 ? done / elapsed : 0;
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  if (rate > 0)
    left = format_duration ((total - done) / rate);
  /* Translators: progress: games done of all, games per second, time left */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%llu of %llu game · %.0f games/s · %s left",
                                       "%llu of %llu games · %.0f games/s · %s left", total),
                          (unsigned long long) done, (unsigned long long) total, rate,
                          left != NULL ? left : "–");
  gtk_label_set_label (self->status_label, text);
}

static void
run_results (TwLabPage *self,
             GPtrArray *a,
             GPtrArray *b)
{
  if (tw_lab_results_add_chunks (self->results, a, b))
    _tw_lab_page_update_actions (self);
}

/* The games of the run shown so far. */
static guint
games_shown (TwLabPage *self)
{
  return tw_lab_results_has_results (self->results)
         ? (guint) tw_sim_arm_n_games (tw_lab_results_get_arm (self->results, 0)) : 0;
}

/* The run has ended as @text says; Run may start the next. */
static void
run_ended (TwLabPage  *self,
           const char *text)
{
  gtk_label_set_label (self->status_label, text);
  g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
  tw_lab_results_set_running (self->results, FALSE);
  _tw_lab_page_update_actions (self);
}

static void
run_finished (TwLabPage *self,
              gboolean   cancelled)
{
  g_autofree char *duration = format_duration (tw_lab_run_get_elapsed (self->run));
  g_autofree char *text = NULL;

  if (!cancelled)
    /* Translators: a finished run: games and the time they took */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Finished: %u game in %s",
                                         "Finished: %u games in %s", games_shown (self)),
                            games_shown (self), duration);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Cancelled after %u game; the results so far are shown",
                                         "Cancelled after %u games; the results so far are shown",
                                         games_shown (self)),
                            games_shown (self));
  run_ended (self, text);
}

static void
run_failed (TwLabPage *self,
            GError    *error)
{
  g_autofree char *text = g_strdup_printf (_("Stopped: %s"), error->message);

  tw_app_toast (GTK_WIDGET (self), text);
  run_ended (self, text);
}

static void
run_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  g_auto(TwLabRunConfig) config = { { NULL, }, };
  g_autoptr(GError) error = NULL;

  (void) action_name;
  (void) parameter;
  if (self->definition == NULL || self->run != NULL)
    return;
  if (!tw_lab_form_get_config (self->form, &config, &error))
    {
      tw_app_toast (GTK_WIDGET (self), error->message);
      return;
    }

  tw_lab_form_keep (self->form);
  tw_lab_results_set_running (self->results, TRUE);
  _tw_lab_page_clear_results (self);
  /* what a saved run says it was played with */
  self->shown_jobs = config.jobs;
  self->shown_compare = g_strdup (config.compare);
  if (config.games[1] != NULL && config.games[1]->definition != config.games[0]->definition
      && config.games[1]->definition->path != NULL)
    self->shown_b_definition = tw_definition_ref (config.games[1]->definition);
  self->run = tw_lab_run_new (&config);
  g_signal_connect_object (self->run, "results", G_CALLBACK (run_results), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "progress", G_CALLBACK (update_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "finished", G_CALLBACK (run_finished), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "failed", G_CALLBACK (run_failed), self,
                           G_CONNECT_SWAPPED);
  tw_lab_run_start (self->run);
  gtk_label_set_label (self->status_label, _("Starting…"));
  _tw_lab_page_update_actions (self);
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  (void) action_name;
  (void) parameter;
  cancel_run (TW_LAB_PAGE (widget));
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
static void
dialog_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  TwBotSpec bots[TW_MAX_PLAYERS] = { { 0 } };
  TwOptions options;
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWindow *parent = GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
  GtkWidget *dialog;
  guint n_players, jobs;

  if (self->definition == NULL || self->run != NULL)
    return;
  jobs = tw_lab_form_get_jobs (self->form);
  n_players = tw_lab_form_read_lineup (self->form, bots, &options);
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

/* ------------------------------------------------------------------------ */

/* Ctrl+S saves the run while the Lab is on screen and leaves the key to
 * the window (Save Game) otherwise. */
static gboolean
save_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  TwLabPage *self = TW_LAB_PAGE (widget);

  (void) args;
  (void) user_data;
  if (!gtk_widget_get_mapped (widget) || !tw_lab_results_has_results (self->results)
      || self->run != NULL
      || self->io != NULL)
    return FALSE;
  gtk_widget_activate_action (widget, "lab.save-run", "s", "");
  return TRUE;
}

static void
tw_lab_page_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TwLabPage *self = TW_LAB_PAGE (object);

  switch (prop_id)
    {
    case PROP_DEFINITION:
      g_value_set_boxed (value, self->definition);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_lab_page_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  TwLabPage *self = TW_LAB_PAGE (object);

  switch (prop_id)
    {
    case PROP_DEFINITION:
      tw_lab_page_set_definition (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_lab_page_unroot (GtkWidget *widget)
{
  /* a closed window stops its games */
  cancel_run (TW_LAB_PAGE (widget));
  GTK_WIDGET_CLASS (tw_lab_page_parent_class)->unroot (widget);
}

/* ------------------------------------------------------------------------ */

static void
tw_lab_page_dispose (GObject *object)
{
  TwLabPage *self = TW_LAB_PAGE (object);

  if (self->run != NULL)
    {
      /* its thread ends by itself, with nobody to tell */
      g_signal_handlers_disconnect_by_data (self->run, self);
      tw_lab_run_cancel (self->run);
      g_clear_object (&self->run);
    }
  if (self->io != NULL)
    g_cancellable_cancel (self->io);
  g_clear_object (&self->io);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  /* AdwBin owns the template's root and unparents it itself */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_LAB_PAGE);
  G_OBJECT_CLASS (tw_lab_page_parent_class)->dispose (object);
}

static void
tw_lab_page_finalize (GObject *object)
{
  TwLabPage *self = TW_LAB_PAGE (object);

  g_clear_pointer (&self->shown_compare, g_free);
  g_clear_pointer (&self->shown_b_definition, tw_definition_unref);
  g_free (self->run_file);
  g_clear_pointer (&self->definition, tw_definition_unref);
  G_OBJECT_CLASS (tw_lab_page_parent_class)->finalize (object);
}

static void
tw_lab_page_class_init (TwLabPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tw_lab_page_get_property;
  object_class->set_property = tw_lab_page_set_property;
  object_class->dispose = tw_lab_page_dispose;
  object_class->finalize = tw_lab_page_finalize;
  widget_class->unroot = tw_lab_page_unroot;

  /* the definition the settings are built from (a run opened from a file
   * brings its own); the window binds it to its definition document's
   * (tw-definition-document.h) */
  properties[PROP_DEFINITION] =
    g_param_spec_boxed ("definition", NULL, NULL, TW_TYPE_DEFINITION,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TW_TYPE_LAB_FORM);
  g_type_ensure (TW_TYPE_LAB_RESULTS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/lab-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, settings_box);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, form);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, results);

  /**
   * TwLabPage::change-definition:
   * @base: the definition's text a change was made to
   * @text: the changed text
   * @label: what changed, in words ("Goals with 2 players = 0")
   *
   * Balance… found a value and the designer applies it: the Design view
   * makes it an edit of its text, when its text is still @base.
   */
  g_signal_new ("change-definition", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "lab.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "lab.balance", NULL, dialog_activated);
  gtk_widget_class_install_action (widget_class, "lab.sweep", NULL, dialog_activated);
  gtk_widget_class_install_action (widget_class, "lab.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-csv", "s",
                                   _tw_lab_page_export_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-json", "s",
                                   _tw_lab_page_export_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-png", "s",
                                   _tw_lab_page_export_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-svg", "s",
                                   _tw_lab_page_export_activated);
  gtk_widget_class_install_action (widget_class, "lab.save-run", "s",
                                   _tw_lab_page_run_file_activated);
  gtk_widget_class_install_action (widget_class, "lab.open-run", "s",
                                   _tw_lab_page_run_file_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "lab.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "lab.cancel", NULL);
}

static void
tw_lab_page_init (TwLabPage *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* the verdicts follow the form's "Smallest difference that matters" */
  g_object_bind_property (self->form, "negligible", self->results, "negligible",
                          G_BINDING_SYNC_CREATE);

  /* managed by the window and in the capture phase: Ctrl+S reaches the page
   * wherever the focus is, before the window's Save Game */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                     GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_s,
                                                                                  GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (save_shortcut,
                                                                                   NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  gtk_label_set_label (self->status_label, _("Set the games up, then press Run"));
  _tw_lab_page_update_actions (self);
}

void
tw_lab_page_set_settings (TwLabPage *self,
                          GSettings *settings)
{
  g_return_if_fail (TW_IS_LAB_PAGE (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  tw_lab_form_set_settings (self->form, settings);
}
