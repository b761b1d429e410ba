/* tw-lab-page-files.c: the Lab view's files: export, save and open a run
 *
 * Export writes every game (CSV, JSON) or the charts (PNG, SVG). Save Run
 * writes the shown results with the settings they were played with
 * (tw_sim_lab_run_save(), on a GTask thread); Open Run reads such a file on
 * a thread, checks it against the rules module, and only then sets the form
 * and the results, so a refused file changes nothing.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-lab-page-private.h"
#include "tw-app-util.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>

#include "tw-export.h"
#include "tw-file.h"

/* ------------------------------------------------------------------------ */
/* Export                                                                   */

/* Every game of A (and B), as `simulate --per-game` writes them, always
 * with the column "arm"; a run that kept no games (streamed, over
 * TW_SIM_LAB_KEEP_GAMES) has the summary instead, as `simulate --format
 * csv` writes it, and @summary says so. */
static gboolean
export_csv (TwLabPage   *self,
            const char  *path,
            gboolean    *summary,
            GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) arms = tw_lab_results_get_arms (self->results);

  *summary = FALSE;
  for (guint k = 0; k < arms->len; k++)
    *summary = *summary || ((TwSimArm *) arms->pdata[k])->games == NULL;
  if (*summary)
    tw_sim_summary_csv (arms, out);
  else
    tw_sim_games_csv (arms, TRUE, out);
  return tw_file_save (path, out->str, (gssize) out->len, error);
}

static gboolean
export_json (TwLabPage   *self,
             const char  *path,
             GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) arms = tw_lab_results_get_arms (self->results);

  tw_sim_to_json (arms, out);
  return tw_file_save (path, out->str, (gssize) out->len, error);
}

/* Every shown chart, one under the other, black on white; saved atomically
 * (tw-file.h). */
static gboolean
export_charts (TwLabPage   *self,
               const char  *path,
               gboolean     svg,
               GError     **error)
{
  const double black[3] = { 0.1, 0.1, 0.1 };
  const int width = 900;
  const int height = TW_LAB_RESULTS_CHART_HEIGHT;
  g_autoptr(TwSaveFile) file = tw_save_file_begin (path, error);
  g_autoptr(GPtrArray) charts = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  guint n;

  if (file == NULL)
    return FALSE;
  charts = tw_lab_results_get_charts (self->results);
  n = charts->len;
  if (svg)
    surface = cairo_svg_surface_create_for_stream (tw_export_save_write, file, width, n * height);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, n * height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  for (guint c = 0; c < n; c++)
    {
      tw_chart_draw (g_ptr_array_index (charts, c), cr, width, height, black);
      cairo_translate (cr, 0, height);
    }
  cairo_destroy (cr);
  if (svg)
    cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  if (!svg && status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, tw_export_save_write, file);
  cairo_surface_destroy (surface);
  if (!tw_export_save_check (status, file, path, error))
    return FALSE;
  return tw_save_file_commit (g_steal_pointer (&file), error);
}

typedef enum { EXPORT_CSV, EXPORT_JSON, EXPORT_PNG, EXPORT_SVG } ExportKind;

static void
export_to (TwLabPage  *self,
           ExportKind  kind,
           const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *message = NULL;
  gboolean ok, summary = FALSE;

  if (!tw_lab_results_has_results (self->results))
    return;
  switch (kind)
    {
    case EXPORT_CSV:  ok = export_csv (self, path, &summary, &error); break;
    case EXPORT_JSON: ok = export_json (self, path, &error); break;
    case EXPORT_PNG:  ok = export_charts (self, path, FALSE, &error); break;
    case EXPORT_SVG:
    default:          ok = export_charts (self, path, TRUE, &error); break;
    }
  if (ok && summary)
    /* Translators: %s is a file; %'u the largest run that keeps its games */
    message = g_strdup_printf (_("Exported “%s”: the summary, since runs of over %'u games "
                                 "keep no single games"), basename, TW_SIM_LAB_KEEP_GAMES);
  else if (ok)
    message = g_strdup_printf (_("Exported “%s”"), basename);
  else
    message = g_strdup_printf (_("Could not export “%s”: %s"), basename, error->message);
  tw_app_toast (GTK_WIDGET (self), message);
}

static void
chooser_response (GtkNativeDialog *dialog,
                  int              response,
                  TwLabPage       *self)
{
  ExportKind kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "kind"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        export_to (self, kind, path);
    }
  g_clear_object (&self->chooser);
}

void
_tw_lab_page_export_activated (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  static const char * const names[] = { "results.csv", "results.json", "charts.png",
                                        "charts.svg" };
  TwLabPage *self = TW_LAB_PAGE (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  ExportKind kind;
  GtkWidget *root;

  if (g_str_equal (action_name, "lab.export-csv"))
    kind = EXPORT_CSV;
  else if (g_str_equal (action_name, "lab.export-json"))
    kind = EXPORT_JSON;
  else if (g_str_equal (action_name, "lab.export-png"))
    kind = EXPORT_PNG;
  else
    kind = EXPORT_SVG;

  if (*path != '\0')
    {
      export_to (self, kind, path);
      return;
    }
  if (self->chooser != NULL)
    return;
  root = GTK_WIDGET (gtk_widget_get_root (widget));
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
      kind == EXPORT_CSV ? _("Export CSV") : kind == EXPORT_JSON ? _("Export JSON")
                                                                  : _("Export Charts"),
      GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, GTK_FILE_CHOOSER_ACTION_SAVE,
      _("_Export"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), names[kind]);
  g_object_set_data (G_OBJECT (self->chooser), "kind", GUINT_TO_POINTER (kind));
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* ------------------------------------------------------------------------ */
/* Saving and opening a run                                                 */

/* The shown results with the settings they were played with (not the form,
 * which may have changed since): what a saved run holds. */
static TwSimLabRun *
run_to_save (TwLabPage *self)
{
  TwSimLabRun *run = tw_sim_lab_run_new ();
  const TwSimArm *a = tw_lab_results_get_arm (self->results, 0);
  guint n_arms = tw_lab_results_get_n_arms (self->results);

  run->definition_path = g_strdup (self->definition->path);
  run->definition_name = g_strdup (self->definition->name);
  run->definition_text = g_strdup (self->definition->text);
  run->n_players = a->n_players;
  run->bots = g_strdupv (a->bots);
  run->games = a->total_games;
  run->seed = a->seed;
  run->jobs = MAX (self->shown_jobs, 1);
  run->options = g_strdupv (a->options);
  run->compare = n_arms == 2 ? g_strdup (self->shown_compare) : NULL;
  if (n_arms == 2 && self->shown_b_definition != NULL)
    {
      run->compare_definition_path = g_strdup (self->shown_b_definition->path);
      run->compare_definition_name = g_strdup (self->shown_b_definition->name);
      run->compare_definition_text = g_strdup (self->shown_b_definition->text);
    }
  for (guint k = 0; k < n_arms; k++)
    g_ptr_array_add (run->arms, tw_sim_arm_copy (tw_lab_results_get_arm (self->results, k)));
  return run;
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  TwSimLabRun *run = task_data;
  const char *path = g_object_get_data (G_OBJECT (task), "path");
  GError *error = NULL;

  (void) source_object;
  (void) cancellable;
  if (tw_sim_lab_run_save (run, path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
save_finished (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  TwLabPage *self = TW_LAB_PAGE (source);
  const char *path = g_object_get_data (G_OBJECT (result), "path");
  g_autofree char *basename = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  (void) user_data;
  g_task_propagate_boolean (G_TASK (result), &error);
  if (g_cancellable_is_cancelled (self->io))
    return;
  g_clear_object (&self->io);
  if (error != NULL)
    {
      tw_app_show_error (GTK_WIDGET (self), _("Could Not Save the Run"), error->message);
    }
  else
    {
      g_free (self->run_file);
      self->run_file = g_strdup (path);
      /* Translators: a Lab run was saved to this file */
      message = g_strdup_printf (_("Saved “%s”"), basename);
      tw_app_toast (GTK_WIDGET (self), message);
    }
  _tw_lab_page_update_actions (self);
}

static void
save_run_to (TwLabPage  *self,
             const char *path)
{
  g_autoptr(GTask) task = NULL;

  if (!tw_lab_results_has_results (self->results) || self->run != NULL || self->io != NULL)
    return;
  self->io = g_cancellable_new ();
  task = g_task_new (self, self->io, save_finished, NULL);
  g_task_set_source_tag (task, save_run_to);
  g_task_set_task_data (task, run_to_save (self), (GDestroyNotify) tw_sim_lab_run_free);
  g_object_set_data_full (G_OBJECT (task), "path", g_strdup (path), g_free);
  g_task_run_in_thread (task, save_thread);
  _tw_lab_page_update_actions (self);
}

typedef struct
{
  char         *path;
  char         *status;      /* the status line before, shown again if the file is refused */
  TwDefinition *current;     /* the page's definition, to reuse when the text is the same */
  TwSimLabRun  *run;         /* out */
  TwDefinition *definition;  /* out: the definition the run was played on */
  TwDefinition *definition_b; /* out: B's, when B played another definition */
} OpenData;

static void
open_data_free (gpointer data)
{
  OpenData *d = data;

  g_free (d->path);
  g_free (d->status);
  g_clear_pointer (&d->current, tw_definition_unref);
  g_clear_pointer (&d->run, tw_sim_lab_run_free);
  g_clear_pointer (&d->definition, tw_definition_unref);
  g_clear_pointer (&d->definition_b, tw_definition_unref);
  g_free (d);
}

static void
open_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenData *d = task_data;
  GError *error = NULL;

  (void) source_object;
  (void) cancellable;
  d->run = tw_sim_lab_run_load (d->path, &error);
  if (d->run == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (d->current != NULL && g_strcmp0 (d->current->text, d->run->definition_text) == 0)
    d->definition = tw_definition_ref (d->current);
  else
    {
      g_autofree char *name = g_path_get_basename (d->run->definition_path != NULL
                                                   ? d->run->definition_path : d->path);

      d->definition = tw_definition_load_data (d->run->definition_text, -1, name, NULL, &error);
      if (d->definition == NULL)
        {
          g_task_return_new_error (task, error->domain, error->code,
                                   _("%s: the definition saved in the run does not load: %s"),
                                   d->path, error->message);
          g_error_free (error);
          return;
        }
    }
  if (d->run->compare_definition_text != NULL)
    {
      g_autofree char *name = g_path_get_basename (d->run->compare_definition_path != NULL
                                                   ? d->run->compare_definition_path
                                                   : d->path);

      d->definition_b = tw_definition_load_data (d->run->compare_definition_text, -1, name,
                                                 NULL, &error);
      if (d->definition_b == NULL)
        {
          g_task_return_new_error (task, error->domain, error->code,
                                   _("%s: B’s definition saved in the run does not load: %s"),
                                   d->path, error->message);
          g_error_free (error);
          return;
        }
      /* the saved path names it in the charts, as when it was played */
      g_free (d->definition_b->path);
      d->definition_b->path = g_strdup (d->run->compare_definition_path);
    }
  g_task_return_boolean (task, TRUE);
}

static gboolean
parse_options (const TwRules  *rules,
               char          **assignments,
               TwOptions      *options,
               GError        **error)
{
  for (guint i = 0; assignments != NULL && assignments[i] != NULL; i++)
    if (!tw_options_set_from_string (options, rules->options, rules->n_options, assignments[i],
                                     error))
      return FALSE;
  return TRUE;
}

/* What the form cannot show or the module does not accept is refused
 * before anything on the page changes. */
static gboolean
check_run (const TwSimLabRun  *run,
           const TwDefinition *def,
           const TwDefinition *def_b,
           TwOptions          *a,
           TwOptions          *b,
           guint              *compared,
           TwBotSpec          *bots,
           GError            **error)
{
  const TwRules *rules = def->rules;
  const TwSimArm *arm = g_ptr_array_index (run->arms, 0);
  guint min_players = MAX (def->min_players, rules->min_players);
  guint max_players = MIN (MIN (def->max_players, rules->max_players), TW_MAX_PLAYERS);

  if (!g_str_equal (arm->rules_id, rules->id))
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                   _("the results are of the rules “%s”, the definition is of “%s”"),
                   arm->rules_id, rules->id);
      return FALSE;
    }
  if (run->n_players < min_players || run->n_players > max_players)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                   g_dngettext (GETTEXT_PACKAGE, "%u player, but %s is for %u to %u",
                                "%u players, but %s is for %u to %u", run->n_players), run->n_players, def->name,
                   min_players, max_players);
      return FALSE;
    }
  for (guint p = 0; p < run->n_players; p++)
    if (!tw_bot_spec_parse (run->bots[p], &bots[p], error))
      return FALSE;
  tw_options_set_defaults (a, rules->options, rules->n_options);
  if (!parse_options (rules, run->options, a, error))
    return FALSE;
  *b = *a;
  *compared = 0;
  if (def_b != NULL)
    {
      const TwSimArm *arm_b = g_ptr_array_index (run->arms, 1);

      if (run->compare != NULL)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("B changes both an option and the definition; the Lab shows one"));
          return FALSE;
        }
      if (!g_str_equal (arm_b->rules_id, def_b->rules->id))
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("B’s results are of the rules “%s”, its definition is of “%s”"),
                       arm_b->rules_id, def_b->rules->id);
          return FALSE;
        }
      if (!tw_lab_form_b_supports_players (def_b, run->n_players, error))
        return FALSE;
      *compared = MIN (rules->n_options, TW_MAX_OPTIONS) + 1;
      return TRUE;
    }
  if (run->compare != NULL)
    {
      g_auto(GStrv) name = g_strsplit (run->compare, "=", 2);
      guint index;

      if (!parse_options (rules, (char *[]) { run->compare, NULL }, b, error))
        return FALSE;
      if (tw_option_find (rules->options, rules->n_options, name[0], &index) == NULL
          || index >= TW_MAX_OPTIONS || b->values[index] == a->values[index])
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("“compare”: %s does not change an option of A"), run->compare);
          return FALSE;
        }
      *compared = index + 1;
    }
  return TRUE;
}

static void
open_finished (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  TwLabPage *self = TW_LAB_PAGE (source);
  OpenData *d = g_task_get_task_data (G_TASK (result));
  g_autofree char *basename = g_path_get_basename (d->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *status = NULL;
  TwBotSpec bots[TW_MAX_PLAYERS];
  TwOptions a, b;
  guint compared;
  TwSimArm *arm;   /* A's, borrowed once the results have it */

  (void) user_data;
  g_task_propagate_boolean (G_TASK (result), &error);
  if (g_cancellable_is_cancelled (self->io))
    return;
  g_clear_object (&self->io);
  _tw_lab_page_update_actions (self);
  if (error == NULL && !check_run (d->run, d->definition, d->definition_b, &a, &b, &compared,
                                   bots, &error))
    g_prefix_error (&error, "%s: ", d->path);
  if (error != NULL)
    {
      gtk_label_set_label (self->status_label, d->status);
      tw_app_show_error (GTK_WIDGET (self), _("Could Not Open the Run"), error->message);
      return;
    }

  /* the form as the run was set up */
  if (d->definition != self->definition)
    {
      _tw_lab_page_use_definition (self, d->definition);
      tw_lab_form_note_saved_definition (self->form);
    }
  _tw_lab_page_clear_results (self);
  tw_lab_form_show_run (self->form, d->run, bots, &a, &b, compared, d->definition_b);

  /* and its results, as they were */
  arm = g_ptr_array_steal_index (d->run->arms, 0);
  tw_lab_results_take_arms (self->results, arm,
                            compared > 0 && d->run->arms->len > 0
                            ? g_ptr_array_steal_index (d->run->arms, 0) : NULL);
  self->shown_jobs = d->run->jobs;
  self->shown_compare = g_strdup (d->run->compare);
  if (d->definition_b != NULL)
    self->shown_b_definition = tw_definition_ref (d->definition_b);
  g_free (self->run_file);
  self->run_file = g_strdup (d->path);
  /* Translators: a Lab run was opened: its file, games played, games asked for */
  status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Opened “%s”: %u of %llu game",
                                         "Opened “%s”: %u of %llu games", arm->total_games),
                            basename, (guint) tw_sim_arm_n_games (arm),
                            (unsigned long long) arm->total_games);
  gtk_label_set_label (self->status_label, status);
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 arm->total_games > 0
                                 ? (double) tw_sim_arm_n_games (arm) / arm->total_games : 0);
  _tw_lab_page_update_actions (self);
}

static void
open_run_from (TwLabPage  *self,
               const char *path)
{
  g_autoptr(GTask) task = NULL;
  OpenData *d;

  if (self->run != NULL || self->io != NULL)
    return;
  d = g_new0 (OpenData, 1);
  d->path = g_strdup (path);
  d->status = g_strdup (gtk_label_get_label (self->status_label));
  d->current = self->definition != NULL ? tw_definition_ref (self->definition) : NULL;
  self->io = g_cancellable_new ();
  task = g_task_new (self, self->io, open_finished, NULL);
  g_task_set_source_tag (task, open_run_from);
  g_task_set_task_data (task, d, open_data_free);
  g_task_run_in_thread (task, open_thread);
  gtk_label_set_label (self->status_label, _("Opening…"));
  _tw_lab_page_update_actions (self);
}

/**
 * tw_lab_page_open_run:
 * @self: the Lab page
 * @file: a saved run (.twlab)
 *
 * Opens @file in the background as Open Run does, with the definition the
 * run carries when none is open (or another is). Returns %FALSE when a
 * simulation or another file is in progress; the page then says nothing new.
 */
gboolean
tw_lab_page_open_run (TwLabPage *self,
                      GFile     *file)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (TW_IS_LAB_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL || self->run != NULL || self->io != NULL)
    return FALSE;
  open_run_from (self, path);
  return TRUE;
}

static void
run_chooser_response (GtkNativeDialog *dialog,
                      int              response,
                      TwLabPage       *self)
{
  gboolean save = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "save"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && save)
        save_run_to (self, path);
      else if (path != NULL)
        open_run_from (self, path);
    }
  g_clear_object (&self->chooser);
}

void
_tw_lab_page_run_file_activated (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  gboolean save = g_str_equal (action_name, "lab.save-run");
  const char *path = g_variant_get_string (parameter, NULL);
  g_autoptr(GtkFileFilter) runs = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  GtkRoot *root;

  if (*path != '\0')
    {
      if (save)
        save_run_to (self, path);
      else
        open_run_from (self, path);
      return;
    }
  if (self->chooser != NULL)
    return;
  root = gtk_widget_get_root (widget);
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
      save ? _("Save Run") : _("Open Run"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
      save ? _("_Save") : _("_Open"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_filter_set_name (runs, _("Lab runs"));
  gtk_file_filter_add_pattern (runs, "*.twlab");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), runs);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  if (save)
    {
      g_autofree char *name = NULL;

      if (self->run_file != NULL)
        name = g_path_get_basename (self->run_file);
      else
        {
          g_autofree char *lower = g_ascii_strdown (self->definition->name, -1);

          g_strdelimit (lower, " /\\:", '-');
          name = g_strconcat (lower, ".twlab", NULL);
        }
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_object_set_data (G_OBJECT (self->chooser), "save", GUINT_TO_POINTER (save));
  g_signal_connect (self->chooser, "response", G_CALLBACK (run_chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}
