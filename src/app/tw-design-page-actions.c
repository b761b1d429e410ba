/* tw-design-page-actions.c: the Design view's actions
 *
 * New, open, save, save as, undo, redo and playtest, with
 * their shortcuts; every enabled state is computed in update_actions().
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-design-page-private.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-file.h"

static gboolean
drop_chooser (TwDesignPage *self)
{
  if (self->chooser != NULL && gtk_native_dialog_get_visible (self->chooser))
    return FALSE;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  return TRUE;
}

static void
add_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) yaml = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (yaml, _("Game definitions (YAML)"));
  gtk_file_filter_add_pattern (yaml, "*.yaml");
  gtk_file_filter_add_pattern (yaml, "*.yml");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, yaml);
  gtk_file_chooser_add_filter (chooser, all);
}

static GtkFileChooserNative *
new_chooser (TwDesignPage         *self,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action, accept, _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  return chooser;
}

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               TwDesignPage    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      /* a saved game or a Lab run goes where it belongs (the window's
       * open-file), not into the definition's text */
      if (path != NULL && tw_app_file_kind (path) != TW_APP_FILE_DEFINITION
          && gtk_widget_activate_action (GTK_WIDGET (self), "win.open-file", "s", path))
        return;
      _tw_design_page_load_file (self, file, FALSE);
    }
}

static void
show_open_chooser (gpointer user_data)
{
  TwDesignPage *self = user_data;
  GtkFileChooserNative *chooser;

  if (!drop_chooser (self))
    return;
  chooser = new_chooser (self, _("Open Game Definition"), GTK_FILE_CHOOSER_ACTION_OPEN,
                         _("_Open"));
  g_signal_connect_object (chooser, "response", G_CALLBACK (open_response), self, 0);
  gtk_native_dialog_show (self->chooser);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  tw_design_page_confirm_discard (TW_DESIGN_PAGE (widget), show_open_chooser, widget);
}

static void
new_from_template (gpointer user_data)
{
  TwDesignPage *self = user_data;
  const char *path = g_object_get_data (G_OBJECT (self), "template");
  g_autoptr(GFile) file = NULL;

  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  _tw_design_page_load_file (self, file, TRUE);
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  g_object_set_data_full (G_OBJECT (widget), "template",
                          g_variant_dup_string (parameter, NULL), g_free);
  tw_design_page_confirm_discard (TW_DESIGN_PAGE (widget), new_from_template, widget);
}

static gboolean
save_to (TwDesignPage *self,
         GFile        *file)
{
  g_autofree char *text = tw_definition_document_dup_text (self->document);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *message = NULL;
  guint n_errors;
  g_autoptr(GError) error = NULL;

  /* atomic (tw-file.h): a crash mid-save never leaves half a definition
   * behind, and a symbolic link or the file's mode survive the save */
  if (path == NULL || !tw_file_save (path, text, -1, &error))
    {
      /* Translators: saving a definition failed: the file and the reason */
      message = g_strdup_printf (_("Could not save “%s”: %s"), basename,
                                 error != NULL ? error->message : _("not a local file"));
      _tw_design_page_notify_user (self, message);
      return FALSE;
    }
  tw_definition_document_set_file (self->document, file);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  n_errors = tw_definition_document_get_n_errors (self->document);
  if (n_errors > 0)
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Saved “%s”, with %u problem to fix",
                                            "Saved “%s”, with %u problems to fix",
                                            n_errors), basename, n_errors);
  else
    message = g_strdup_printf (_("Saved “%s”"), basename);
  _tw_design_page_notify_user (self, message);
  return TRUE;
}

static void
save_response (GtkNativeDialog *dialog,
               int              response,
               TwDesignPage    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      save_to (self, file);
    }
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);
  GtkFileChooserNative *chooser;
  g_autofree char *name = tw_definition_document_dup_name (self->document);

  if (!drop_chooser (self))
    return;
  chooser = new_chooser (self, _("Save Game Definition"), GTK_FILE_CHOOSER_ACTION_SAVE,
                         _("_Save"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (save_response), self, 0);
  gtk_native_dialog_show (self->chooser);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (tw_design_page_get_file (self) != NULL)
    save_to (self, tw_design_page_get_file (self));
  else
    save_as_action (widget, action_name, parameter);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (gtk_text_buffer_get_can_undo (GTK_TEXT_BUFFER (self->buffer)))
    gtk_text_buffer_undo (GTK_TEXT_BUFFER (self->buffer));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (gtk_text_buffer_get_can_redo (GTK_TEXT_BUFFER (self->buffer)))
    gtk_text_buffer_redo (GTK_TEXT_BUFFER (self->buffer));
}

/* Plays the text as it is now: the other views already have it; a new game
 * of it starts in Play. */
static void
playtest_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (tw_design_page_get_definition (self) == NULL
      || tw_definition_document_get_n_errors (self->document) > 0)
    return;
  gtk_widget_activate_action (widget, "win.show-view", "s", "play");
  gtk_widget_activate_action (widget, "win.new-game", NULL);
}

void
_tw_design_page_update_actions (TwDesignPage *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.undo",
                                 gtk_text_buffer_get_can_undo (buffer));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.redo",
                                 gtk_text_buffer_get_can_redo (buffer));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.playtest",
                                 tw_definition_document_get_checked (self->document)
                                 && tw_design_page_get_definition (self) != NULL
                                 && tw_definition_document_get_n_errors (self->document) == 0);
}

void
_tw_design_page_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "design.new-from", "s", new_action);
  gtk_widget_class_install_action (widget_class, "design.open", NULL, open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "design.open", NULL);
  gtk_widget_class_install_action (widget_class, "design.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "design.save", NULL);
  gtk_widget_class_install_action (widget_class, "design.save-as", NULL, save_as_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.save-as", NULL);
  /* inside the page, Ctrl+Z undoes edits of the text, not moves of a game */
  gtk_widget_class_install_action (widget_class, "design.undo", NULL, undo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "design.undo", NULL);
  gtk_widget_class_install_action (widget_class, "design.redo", NULL, redo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.redo", NULL);
  gtk_widget_class_install_action (widget_class, "design.playtest", NULL, playtest_action);
  /* the tile set's actions are its editor's (tw-tile-set-editor.c) */
}
