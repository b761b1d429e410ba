/* tw-window.c: the studio's main window, one per open game
 *
 * The window holds the four views (Design, Play, Lab, Print) in an
 * AdwViewStack switched from the header bar. A window with nothing open (the
 * studio started from a launcher) shows the welcome page instead, until a
 * definition, a game or a Lab run is opened or a view is asked for.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-window.h"
#include "tw-record-format.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-definition.h"
#include "tw-design-page.h"
#include "tw-game-model.h"
#include "tw-new-game-dialog.h"
#include "tw-lab-page.h"
#include "tw-play-page.h"
#include "tw-print-page.h"
#include "tw-recovery.h"
#include "tw-welcome-page.h"

#define MAX_RECENT_FILES 10

struct _TwWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *document_title;
  AdwViewSwitcherTitle *switcher_title;
  AdwViewSwitcherBar   *switcher_bar;
  AdwToastOverlay      *toast_overlay;
  GtkStack             *main_stack;
  TwWelcomePage        *welcome_page;
  AdwViewStack         *stack;
  TwDesignPage         *design_page;
  TwPlayPage           *play_page;
  TwLabPage            *lab_page;
  TwPrintPage          *print_page;

  /* Owned */
  TwDefinition         *definition;     /* the document's, or a game record's while
                                           the document has none */
  GBinding             *follow[3];      /* Print, Lab and Play follow the document */
  GFile                *file;
  TwGameModel          *model;
  GtkNativeDialog      *file_dialog;
  GSettings            *settings;       /* the application's, or NULL */

  gboolean              close_confirmed;
};

G_DEFINE_FINAL_TYPE (TwWindow, tw_window, ADW_TYPE_APPLICATION_WINDOW)

static const char * const view_names[] = { "design", "play", "lab", "print" };

static GSettings *
get_settings (TwWindow *self)
{
  return self->settings;
}

static void
restore_window_state (TwWindow *self)
{
  GSettings *settings = get_settings (self);

  if (settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
save_window_state (TwWindow *self)
{
  GSettings *settings = get_settings (self);
  int width, height;

  if (settings == NULL)
    return;

  /* The default size tracks the unmaximized size, which is the one to restore. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (settings);
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (settings);
}

static void
add_recent_file (TwWindow   *self,
                 const char *path)
{
  GSettings *settings = get_settings (self);
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) recent = NULL;
  guint n = 1;

  if (settings == NULL)
    return;

  old = g_settings_get_strv (settings, "recent-files");
  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, path);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT_FILES; i++)
    {
      if (g_strcmp0 (old[i], path) != 0)
        {
          g_strv_builder_add (builder, old[i]);
          n++;
        }
    }
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "recent-files", (const char * const *) recent);
}

static void update_actions (TwWindow *self);

/* A window without a definition takes the one a game record carries (the
 * record opened or restored): Print, Lab and Play are given it here, as the
 * document has no definition yet to follow. Design shows the record's text
 * only once it is on screen, and not at all for a game restored after a
 * crash; the document's first definition replaces this one in the views. */
static void
adopt_record_definition (TwWindow *self,
                         TwRecord *record)
{
  TwDefinition *definition = tw_record_get_game (record)->definition;

  g_assert (self->definition == NULL);
  self->definition = tw_definition_ref (definition);
  tw_print_page_set_definition (self->print_page, definition);
  tw_lab_page_set_definition (self->lab_page, definition);
  tw_play_page_set_definition (self->play_page, definition);
}

static gboolean
welcome_shown (TwWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "welcome") == 0;
}

/* The views instead of the welcome page, for good: the header's view
 * switcher comes back with them. */
static void
show_studio (TwWindow *self)
{
  if (!welcome_shown (self))
    return;
  gtk_stack_set_visible_child_name (self->main_stack, "studio");
  adw_view_switcher_title_set_stack (self->switcher_title, self->stack);
  adw_view_switcher_bar_set_stack (self->switcher_bar, self->stack);
}

static void
update_titles (TwWindow *self)
{
  g_autofree char *basename = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *title = NULL;
  g_autofree char *header_title = NULL;
  g_autofree char *header_subtitle = NULL;
  const char *mark, *path;
  gboolean in_game;

  if (self->definition == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Tilewright"));
      adw_view_switcher_title_set_subtitle (self->switcher_title, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->document_title), FALSE);
      return;
    }

  basename = self->file ? g_file_get_basename (self->file)
                        : g_path_get_basename (self->definition->path);
  /* Translators: the window subtitle: game name — file name */
  subtitle = g_strdup_printf (_("%s — %s"), self->definition->name, basename);
  /* the "•" is about the document the visible view is about: the game in
   * Play, the definition elsewhere (Design edits it; Lab and Print use it).
   * The header's title says the same as the window's (which only the shell
   * shows): that document, and whether it has unsaved changes. */
  in_game = self->model != NULL
            && g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "play") == 0;
  if (!in_game)
    {
      mark = tw_design_page_get_modified (self->design_page) ? "• " : "";
      /* Translators: the window title: "•" when the definition has unsaved
       * edits, the game name, the application name */
      title = g_strdup_printf (_("%s%s — Tilewright"), mark, self->definition->name);
      header_subtitle = g_strdup (basename);
      path = self->file ? g_file_peek_path (self->file) : self->definition->path;
    }
  else
    {
      GFile *game_file = tw_game_model_get_file (self->model);

      mark = tw_game_model_get_modified (self->model) ? "• " : "";
      header_subtitle = game_file ? g_file_get_basename (game_file)
                                  : g_strdup (_("Unsaved game"));
      /* Translators: the window title during a game: "•" when it has unsaved
       * moves, the saved game's file, the game's name, the application */
      title = g_strdup_printf (_("%s%s — %s — Tilewright"),
                               mark, header_subtitle, self->definition->name);
      path = game_file ? g_file_peek_path (game_file) : NULL;
    }
  header_title = g_strdup_printf ("%s%s", mark, self->definition->name);

  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
  adw_window_title_set_title (self->document_title, header_title);
  adw_window_title_set_subtitle (self->document_title, header_subtitle);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->document_title), path);
  gtk_widget_set_visible (GTK_WIDGET (self->document_title), TRUE);
}

/* "Edit in Design": the file's text in Design, its problems listed under
 * it, to fix them in the studio. */
static void
load_error_response (AdwMessageDialog *dialog,
                     const char       *response,
                     TwWindow         *self)
{
  GFile *file = g_object_get_data (G_OBJECT (dialog), "tw-file");

  if (g_strcmp0 (response, "edit") != 0 || file == NULL)
    return;
  tw_window_set_visible_view (self, "design");
  tw_design_page_edit_file (self->design_page, file);
}

/* A file that did not open: why, every problem with its file:line:column;
 * a definition with problems (@file given) can be opened in Design to fix. */
static void
show_load_error (TwWindow            *self,
                 GFile               *file,
                 const char          *basename,
                 const GError        *error,
                 const TwDiagnostics *diags)
{
  GtkWidget *dialog;
  g_autofree char *details = NULL;
  guint n_problems = diags != NULL ? tw_diagnostics_get_n (diags) : 0;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL);
  adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog),
                                     _("Could Not Open “%s”"), basename);

  if (n_problems > 0)
    details = tw_diagnostics_to_string (diags);

  if (details == NULL || *details == '\0')
    {
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), error->message);
    }
  else
    {
      /* Every problem, one per line as file:line:column: error: message (hint),
       * so the designer can fix them all in one go; selectable to copy. */
      GtkWidget *label = gtk_label_new (g_strchomp (details));
      GtkWidget *child = label;

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                      g_dngettext (GETTEXT_PACKAGE,
                                                   "Fix this problem and open the file again.",
                                                   "Fix these %u problems and open the file again.",
                                                   n_problems),
                                      n_problems);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_yalign (GTK_LABEL (label), 0.0);
      gtk_widget_add_css_class (label, "diagnostics");

      /* A long list scrolls instead of growing the dialog past the screen. */
      if (n_problems > 8)
        {
          child = gtk_scrolled_window_new ();
          gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (child),
                                          GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
          gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (child), 240);
          gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (child), label);
        }
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), child);
    }

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  if (file != NULL && n_problems > 0)
    {
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "edit", _("_Edit in Design"));
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "edit",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "edit");
      g_object_set_data_full (G_OBJECT (dialog), "tw-file", g_object_ref (file), g_object_unref);
      g_signal_connect_object (dialog, "response", G_CALLBACK (load_error_response), self, 0);
    }
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * tw_window_open_file:
 * @self: a window
 * @file: a game definition (YAML)
 *
 * Loads @file; on failure the window keeps what it had and a dialog lists
 * every problem with its file:line:column.
 *
 * Returns: %TRUE when the game was loaded
 */
gboolean
tw_window_open_file (TwWindow *self,
                     GFile    *file)
{
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(TwDefinition) definition = NULL;
  g_autoptr(GError) error = NULL;
  TwAppFileKind kind;

  g_return_val_if_fail (TW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  basename = g_file_get_basename (file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files can be opened; copy the file to this computer first"),
                   uri);
      show_load_error (self, NULL, basename, error, NULL);
      return FALSE;
    }

  kind = tw_app_file_kind (path);
  /* a saved Lab run opens in the Lab, with the definition it carries */
  if (kind == TW_APP_FILE_LAB_RUN)
    {
      gboolean ok = tw_lab_page_open_run (self->lab_page, file);
      if (ok)
        tw_window_set_visible_view (self, "lab");
      return ok;
    }

  /* a game record (a foreign one, or Tilewright's own YAML) opens in the
   * Play view */
  if (kind == TW_APP_FILE_GAME)
    return tw_window_open_game (self, file);

  /* Messages name the file as the dialog's heading does: a full path would
   * wrap over several lines of a narrow dialog. */
  diags = tw_diagnostics_new (basename);
  definition = tw_definition_load_file (path, diags, &error);
  if (definition == NULL)
    {
      show_load_error (self, file, basename, error, diags);
      return FALSE;
    }

  g_clear_pointer (&self->definition, tw_definition_unref);
  self->definition = g_steal_pointer (&definition);
  g_set_object (&self->file, file);
  /* Print, Lab and Play follow the document's new definition */
  tw_design_page_set_document (self->design_page, file, self->definition);

  update_titles (self);
  update_actions (self);
  add_recent_file (self, path);
  show_studio (self);

  return TRUE;
}

/**
 * tw_window_get_visible_view:
 *
 * Returns: the name of the view shown, "welcome" for the welcome page
 */
const char *
tw_window_get_visible_view (TwWindow *self)
{
  g_return_val_if_fail (TW_IS_WINDOW (self), NULL);

  if (welcome_shown (self))
    return "welcome";
  return adw_view_stack_get_visible_child_name (self->stack);
}

void
tw_window_set_visible_view (TwWindow   *self,
                            const char *name)
{
  g_return_if_fail (TW_IS_WINDOW (self));
  g_return_if_fail (name != NULL);

  if (adw_view_stack_get_child_by_name (self->stack, name) == NULL)
    return;
  show_studio (self);
  adw_view_stack_set_visible_child_name (self->stack, name);
}

/* ------------------------------------------------------------------------ */
/* Games: new, open, save, undo                                             */

static void
toast (TwWindow   *self,
       const char *message)
{
  AdwToast *t = adw_toast_new (message);

  adw_toast_set_timeout (t, 5);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

/* Once per run of failed writes (the model tells only the first): the
 * moves are still on screen, but a crash would lose them. */
static void
model_autosave_failed (TwWindow   *self,
                       const char *message)
{
  g_autofree char *text = NULL;

  /* Translators: a toast; the reason is an error message */
  text = g_strdup_printf (_("Could not autosave the game: %s"), message);
  toast (self, text);
}

static void
model_notify (TwWindow *self)
{
  update_titles (self);
  update_actions (self);
}

static void
set_model (TwWindow    *self,
           TwGameModel *model)
{
  g_autofree char *path = NULL;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    {
      path = tw_recovery_game_autosave_path ();
      tw_game_model_set_autosave_path (model, path);
      g_signal_connect_object (model, "changed", G_CALLBACK (model_notify), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (model, "notify::can-undo", G_CALLBACK (update_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (model, "notify::can-redo", G_CALLBACK (update_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (model, "notify::modified", G_CALLBACK (model_notify), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (model, "autosave-failed", G_CALLBACK (model_autosave_failed),
                               self, G_CONNECT_SWAPPED);
    }
  tw_play_page_set_model (self->play_page, model);
  if (model != NULL)
    tw_window_set_visible_view (self, "play");
  update_titles (self);
  update_actions (self);
}

static void
update_actions (TwWindow *self)
{
  gboolean has_model = self->model != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-game", self->definition != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-game", has_model);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-game-as", has_model);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 has_model && tw_game_model_get_can_undo (self->model));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 has_model && tw_game_model_get_can_redo (self->model));
}

typedef void (*ContinueFunc) (TwWindow *self);

/* Runs @next now, or after the user agreed to lose the unsaved moves. */
static void
confirm_discard (TwWindow     *self,
                 ContinueFunc  next)
{
  if (self->model == NULL || !tw_game_model_get_modified (self->model))
    {
      next (self);
      return;
    }
  tw_app_confirm_discard (GTK_WIDGET (self), _("Discard the Unsaved Moves?"),
                          _("The game in progress has moves that are not saved. "
                            "They stay in the autosave until the next move of "
                            "another game."),
                          (TwAppContinue) next, g_object_ref (self), g_object_unref);
}

static void
new_game_start (TwNewGameDialog *dialog,
                TwWindow        *self)
{
  g_autoptr(GError) error = NULL;
  TwRecord *record = tw_new_game_dialog_create_record (dialog, &error);
  g_autoptr(TwGameModel) model = NULL;

  if (record == NULL)
    {
      toast (self, error->message);
      return;
    }
  model = tw_game_model_new (record);
  gtk_window_destroy (GTK_WINDOW (dialog));
  set_model (self, model);
}

static void
show_new_game_dialog (TwWindow *self)
{
  TwNewGameDialog *dialog;

  if (self->definition == NULL)
    return;
  dialog = tw_new_game_dialog_new (GTK_WINDOW (self), self->definition);
  g_signal_connect_object (dialog, "start", G_CALLBACK (new_game_start), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  confirm_discard (TW_WINDOW (widget), show_new_game_dialog);
}

static void
add_record_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) records = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (records, _("Saved games (.twgame, YAML, Pentobi .blksgf)"));
  gtk_file_filter_add_pattern (records, "*.twgame");
  gtk_file_filter_add_pattern (records, "*.yaml");
  gtk_file_filter_add_pattern (records, "*.yml");
  tw_app_filter_add_foreign_records (records);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, records);
  gtk_file_chooser_add_filter (chooser, all);
}

/* Forgets the last file dialog; FALSE while it is still shown. */
static gboolean
drop_file_dialog (TwWindow *self)
{
  if (self->file_dialog != NULL && gtk_native_dialog_get_visible (self->file_dialog))
    return FALSE;
  if (self->file_dialog != NULL)
    gtk_native_dialog_destroy (self->file_dialog);
  g_clear_object (&self->file_dialog);
  return TRUE;
}

static void
save_to (TwWindow *self,
         GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *message = NULL;

  if (!tw_game_model_save (self->model, file, &error))
    {
      /* Translators: saving a game failed: the reason */
      message = g_strdup_printf (_("Could not save the game: %s"), error->message);
      toast (self, message);
      return;
    }
  tw_recovery_mark_clean ();
  /* Translators: the game was saved to this file */
  message = g_strdup_printf (_("Saved as “%s”"), basename);
  toast (self, message);
}

static void
save_response (GtkNativeDialog *dialog,
               int              response,
               TwWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->model != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      save_to (self, file);
    }
  /* the dialog is dropped when the next one is made, or with the window:
   * unreffing it in its own response handler frees it under GTK's feet */
}

static void
save_game_as_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TwWindow *self = TW_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M");
  g_autofree char *name = NULL;

  if (self->model == NULL || !drop_file_dialog (self))
    return;
  chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_record_filters (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  /* saved games have their own extension (and MIME type), so that the
   * desktop and the Open dialogs tell them from definitions */
  name = g_strdup_printf ("%s-%s.twgame", tw_game_model_get_game (self->model)->rules->id, stamp);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (save_response), self, 0);
  self->file_dialog = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->file_dialog);
}

static void
save_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TwWindow *self = TW_WINDOW (widget);

  if (self->model == NULL)
    return;
  if (tw_game_model_get_file (self->model) != NULL)
    save_to (self, tw_game_model_get_file (self->model));
  else
    save_game_as_action (widget, action_name, parameter);
}

/**
 * tw_window_open_game:
 * @file: a game record
 *
 * Loads a saved game and shows it in the Play view; a record that does not
 * load (or whose moves are no longer legal) is reported with where and why.
 *
 * Returns: TRUE when the game was loaded
 */
gboolean
tw_window_open_game (TwWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(TwGameModel) model = NULL;
  TwRecord *record;

  g_return_val_if_fail (TW_IS_WINDOW (self), FALSE);

  /* a foreign record (Pentobi's) is played with the bundled definition */
  record = path ? tw_record_load_any (path, basename, &error) : NULL;
  if (record == NULL)
    {
      if (error == NULL)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: only local files can be opened; copy the file to this computer first"),
                     basename);
      show_load_error (self, NULL, basename, error, NULL);
      return FALSE;
    }
  model = tw_game_model_new (record);
  /* an imported foreign record is saved as a Tilewright record under a new name */
  if (tw_record_format_for_path (path) == NULL)
    tw_game_model_set_file (model, file);
  if (self->definition == NULL)
    adopt_record_definition (self, record);
  set_model (self, model);
  /* Design shows the definition the game was played with (asking before
   * it gives unsaved edits up); the other views follow it */
  tw_design_page_show_game_definition (self->design_page,
                                       tw_record_get_game (record)->definition,
                                       tw_record_get_definition_path (record), file);
  return TRUE;
}

/**
 * tw_window_restore_game:
 * @record: (transfer full): a game that was not saved (the autosave)
 *
 * Shows @record in the Play view at its current node, as a game not yet saved
 * to any file.
 */
void
tw_window_restore_game (TwWindow *self,
                        TwRecord *record)
{
  g_autoptr(TwGameModel) model = NULL;

  g_return_if_fail (TW_IS_WINDOW (self));
  g_return_if_fail (record != NULL);

  model = tw_game_model_new (record);
  if (self->definition == NULL)
    adopt_record_definition (self, record);
  set_model (self, model);
}

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               TwWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      tw_window_open_game (self, file);
    }
}

static void
show_open_dialog (TwWindow *self)
{
  GtkFileChooserNative *chooser;

  if (!drop_file_dialog (self))
    return;
  chooser = gtk_file_chooser_native_new (_("Open Saved Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_record_filters (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (open_response), self, 0);
  self->file_dialog = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->file_dialog);
}

static void
open_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  confirm_discard (TW_WINDOW (widget), show_open_dialog);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwWindow *self = TW_WINDOW (widget);

  if (self->model != NULL)
    tw_game_model_undo (self->model);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwWindow *self = TW_WINDOW (widget);

  if (self->model != NULL)
    tw_game_model_redo (self->model);
}

static void
close_confirmed (TwWindow *self)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}


/* Opens a file (its path) where it belongs: a definition in Design, a
 * game in Play, a Lab run in the Lab; for the pages' own Open dialogs when
 * they are given a file of another kind. */
static void
open_file_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  tw_window_open_file (TW_WINDOW (widget), file);
}

static void
show_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  tw_window_set_visible_view (TW_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* A definition edited in Design that loads becomes the window's, saved or
 * not (Play, Lab and Print follow the document by their bindings). */
static void
design_definition_changed (TwWindow *self)
{
  TwDefinition *definition = tw_design_page_get_definition (self->design_page);

  if (definition == NULL || definition == self->definition)
    return;
  g_clear_pointer (&self->definition, tw_definition_unref);
  self->definition = tw_definition_ref (definition);
  update_titles (self);
  update_actions (self);
  /* a definition restored after a crash, or started in Design */
  show_studio (self);
}

static void
design_file_changed (TwWindow *self)
{
  g_set_object (&self->file, tw_design_page_get_file (self->design_page));
  update_titles (self);
}

/* After the Design view's edits were given up: the game's moves next. */
static void
design_discarded (gpointer user_data)
{
  TwWindow *self = user_data;

  if (self->model != NULL && tw_game_model_get_modified (self->model))
    confirm_discard (self, close_confirmed);
  else
    close_confirmed (self);
}

static gboolean
tw_window_close_request (GtkWindow *window)
{
  TwWindow *self = TW_WINDOW (window);

  if (!self->close_confirmed && tw_design_page_get_modified (self->design_page))
    {
      tw_design_page_confirm_discard (self->design_page, design_discarded, self);
      return TRUE;
    }
  if (!self->close_confirmed && self->model != NULL && tw_game_model_get_modified (self->model))
    {
      confirm_discard (self, close_confirmed);
      return TRUE;
    }
  /* the autosave holds the screen before tw-recovery marks it clean */
  if (self->model != NULL)
    tw_game_model_flush_autosave (self->model);
  save_window_state (self);

  return GTK_WINDOW_CLASS (tw_window_parent_class)->close_request (window);
}

static void
tw_window_dispose (GObject *object)
{
  TwWindow *self = TW_WINDOW (object);

  if (self->file_dialog != NULL)
    gtk_native_dialog_destroy (self->file_dialog);
  g_clear_object (&self->file_dialog);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  /* before the pages and the document go */
  for (guint i = 0; i < G_N_ELEMENTS (self->follow); i++)
    g_clear_pointer (&self->follow[i], g_binding_unbind);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_WINDOW);

  G_OBJECT_CLASS (tw_window_parent_class)->dispose (object);
}

static void
tw_window_finalize (GObject *object)
{
  TwWindow *self = TW_WINDOW (object);

  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tw_window_parent_class)->finalize (object);
}

/* Start-up measurement (build-aux/measure-startup): with
 * TILEWRIGHT_FIRST_FRAME_TIME set, the first window prints the wall-clock
 * time of its first painted frame, in microseconds since the epoch, so
 * that a script can subtract the time it started the process. */
static void
first_frame_painted (GdkFrameClock *clock,
                     gpointer       user_data)
{
  g_printerr ("tilewright: first frame %" G_GINT64_FORMAT "\n", g_get_real_time ());
  g_signal_handlers_disconnect_by_func (clock, first_frame_painted, user_data);
}

static void
report_first_frame (GtkWidget *widget)
{
  static gboolean reported;

  if (reported)
    return;
  reported = TRUE;
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                    G_CALLBACK (first_frame_painted), NULL);
}

static void
tw_window_class_init (TwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tw_window_dispose;
  object_class->finalize = tw_window_finalize;
  window_class->close_request = tw_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/window.ui");
  gtk_widget_class_bind_template_child (widget_class, TwWindow, document_title);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, design_page);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, play_page);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, lab_page);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, print_page);

  /* GtkWindow provides window.close; bind its shortcut here. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);

  gtk_widget_class_install_action (widget_class, "win.show-view", "s", show_view_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_action);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.new-game", NULL);
  gtk_widget_class_install_action (widget_class, "win.open-game", NULL, open_game_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "win.open-game", NULL);
  gtk_widget_class_install_action (widget_class, "win.save-game", NULL, save_game_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "win.save-game", NULL);
  gtk_widget_class_install_action (widget_class, "win.save-game-as", NULL, save_game_as_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-game-as", NULL);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "win.undo", NULL);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (view_names); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "win.show-view", "s", view_names[i]);
}

/* Only the view shown is in the accessibility tree: a screen reader (or an
 * AT-SPI test) walking the window otherwise walks the hidden views as well,
 * which hold most of its widgets. */
static void
hide_other_views (TwWindow *self)
{
  GtkWidget *shown = adw_view_stack_get_visible_child (self->stack);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->stack));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    gtk_accessible_update_state (GTK_ACCESSIBLE (child),
                                 GTK_ACCESSIBLE_STATE_HIDDEN, child != shown, -1);
}

/* The welcome page's Play: the bundled definition opens and its New Game
 * dialog asks for the seats. */
static void
welcome_play (TwWindow   *self,
              const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (!tw_window_open_file (self, file))
    return;
  tw_window_set_visible_view (self, "play");
  show_new_game_dialog (self);
}

/* A file chosen on the welcome page, or a recent one: a definition, a
 * game record or a Lab run. */
static void
welcome_open (TwWindow *self,
              GFile    *file)
{
  tw_window_open_file (self, file);
}

/* The welcome page's Design: a new, untitled definition from the bundled
 * one, so that the bundled file itself is never edited. */
static void
welcome_design (TwWindow   *self,
                const char *path)
{
  tw_window_set_visible_view (self, "design");
  gtk_widget_activate_action (GTK_WIDGET (self->design_page), "design.new-from", "s", path);
}

/* Balance… found a value and the designer applies it: an edit of the
 * Design view's text, undone there. */
static void
lab_change_definition (TwWindow   *self,
                       const char *base,
                       const char *text,
                       const char *label)
{
  g_autofree char *message = NULL;

  if (tw_design_page_change_text (self->design_page, base, text))
    /* Translators: a value Balance… found was written; %s is "Option = value" */
    message = g_strdup_printf (_("Applied “%s” to the definition; Undo in Design takes it back"),
                               label);
  else
    message = g_strdup (_("The definition was edited during the search: search again"));
  tw_app_toast (GTK_WIDGET (self->lab_page), message);
}

/* The Design view's card and face previews draw at the size they print. */
static void
print_sizes_changed (TwWindow *self)
{
  TwExportSettings settings;

  tw_print_page_get_sizes (self->print_page, &settings);
  tw_design_page_set_print_sizes (self->design_page, &settings);
}

static void
tw_window_init (TwWindow *self)
{
  TwDefinitionDocument *document;

  g_type_ensure (TW_TYPE_DESIGN_PAGE);
  g_type_ensure (TW_TYPE_PLAY_PAGE);
  g_type_ensure (TW_TYPE_LAB_PAGE);
  g_type_ensure (TW_TYPE_PRINT_PAGE);
  g_type_ensure (TW_TYPE_WELCOME_PAGE);
  gtk_widget_init_template (GTK_WIDGET (self));
  if (g_getenv ("TILEWRIGHT_FIRST_FRAME_TIME") != NULL)
    g_signal_connect (self, "realize", G_CALLBACK (report_first_frame), NULL);
  g_signal_connect_object (self->welcome_page, "play",
                           G_CALLBACK (welcome_play), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->welcome_page, "design",
                           G_CALLBACK (welcome_design), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->welcome_page, "open",
                           G_CALLBACK (welcome_open), self, G_CONNECT_SWAPPED);
  /* nothing is open yet: the welcome page, without the views' switcher
   * (not only hidden: its tabs would still be in the accessibility tree) */
  adw_view_switcher_title_set_stack (self->switcher_title, NULL);
  adw_view_switcher_bar_set_stack (self->switcher_bar, NULL);
  /* the views and the window follow the definition document Design edits */
  document = tw_design_page_get_document (self->design_page);
  self->follow[0] = g_object_bind_property (document, "definition", self->print_page,
                                            "definition", G_BINDING_DEFAULT);
  self->follow[1] = g_object_bind_property (document, "definition", self->lab_page,
                                            "definition", G_BINDING_DEFAULT);
  self->follow[2] = g_object_bind_property (document, "definition", self->play_page,
                                            "definition", G_BINDING_DEFAULT);
  g_signal_connect_object (document, "notify::definition",
                           G_CALLBACK (design_definition_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::file",
                           G_CALLBACK (design_file_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified",
                           G_CALLBACK (update_titles), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->lab_page, "change-definition",
                           G_CALLBACK (lab_change_definition), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->print_page, "sizes-changed",
                           G_CALLBACK (print_sizes_changed), self, G_CONNECT_SWAPPED);
  print_sizes_changed (self);
  g_signal_connect_object (self->stack, "notify::visible-child",
                           G_CALLBACK (hide_other_views), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->stack, "notify::visible-child",
                           G_CALLBACK (update_titles), self, G_CONNECT_SWAPPED);
  hide_other_views (self);
  update_actions (self);

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

/**
 * tw_window_new:
 * @application: the application
 * @settings: (nullable): where window state and recent files are kept
 *
 * Returns: (transfer none): a new window, sized as the last one closed
 */
TwWindow *
tw_window_new (GtkApplication *application,
               GSettings      *settings)
{
  TwWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (TW_TYPE_WINDOW, "application", application, NULL);
  g_set_object (&self->settings, settings);
  tw_welcome_page_set_settings (self->welcome_page, get_settings (self));
  tw_lab_page_set_settings (self->lab_page, get_settings (self));
  restore_window_state (self);

  return self;
}

TwDesignPage *
tw_window_get_design_page (TwWindow *self)
{
  g_return_val_if_fail (TW_IS_WINDOW (self), NULL);

  return self->design_page;
}
