/* tw-window.c: the studio's main window, one per open game
 *
 * The window holds the four views (Design, Play, Lab, Print) in an
 * AdwViewStack switched from the header bar. Until the views land, each is a
 * status page saying what it will hold.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-window.h"

#include <glib/gi18n.h>

#include "tw-definition.h"

#define MAX_RECENT_FILES 10

struct _TwWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *document_title;
  AdwViewSwitcherTitle *switcher_title;
  AdwToastOverlay      *toast_overlay;
  AdwViewStack         *stack;

  /* Owned */
  TwDefinition         *definition;
  GFile                *file;
};

G_DEFINE_FINAL_TYPE (TwWindow, tw_window, ADW_TYPE_APPLICATION_WINDOW)

static const char * const view_names[] = { "design", "play", "lab", "print" };

static GSettings *
get_settings (TwWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return TW_IS_APPLICATION (app) ? tw_application_get_settings (TW_APPLICATION (app)) : NULL;
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

static void
update_titles (TwWindow *self)
{
  g_autofree char *basename = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *title = NULL;

  if (self->definition == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Tilewright"));
      adw_view_switcher_title_set_subtitle (self->switcher_title, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->document_title), FALSE);
      return;
    }

  basename = g_file_get_basename (self->file);
  /* Translators: the window subtitle: game name — file name */
  subtitle = g_strdup_printf (_("%s — %s"), self->definition->name, basename);
  /* Translators: the window title: game name — application name */
  title = g_strdup_printf (_("%s — Tilewright"), self->definition->name);

  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
  adw_window_title_set_title (self->document_title, self->definition->name);
  adw_window_title_set_subtitle (self->document_title, basename);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->document_title), g_file_peek_path (self->file));
  gtk_widget_set_visible (GTK_WIDGET (self->document_title), TRUE);
}

static void
show_load_error (TwWindow            *self,
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
      show_load_error (self, basename, error, NULL);
      return FALSE;
    }

  /* Messages name the file as the dialog's heading does: a full path would
   * wrap over several lines of a narrow dialog. */
  diags = tw_diagnostics_new (basename);
  definition = tw_definition_load_file (path, diags, &error);
  if (definition == NULL)
    {
      show_load_error (self, basename, error, diags);
      return FALSE;
    }

  g_clear_pointer (&self->definition, tw_definition_unref);
  self->definition = g_steal_pointer (&definition);
  g_set_object (&self->file, file);

  update_titles (self);
  add_recent_file (self, path);

  return TRUE;
}

/**
 * tw_window_get_visible_view:
 *
 * Returns: the name of the view shown
 */
const char *
tw_window_get_visible_view (TwWindow *self)
{
  g_return_val_if_fail (TW_IS_WINDOW (self), NULL);

  return adw_view_stack_get_visible_child_name (self->stack);
}

void
tw_window_set_visible_view (TwWindow   *self,
                            const char *name)
{
  g_return_if_fail (TW_IS_WINDOW (self));
  g_return_if_fail (name != NULL);

  if (adw_view_stack_get_child_by_name (self->stack, name) != NULL)
    adw_view_stack_set_visible_child_name (self->stack, name);
}

static void
show_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  tw_window_set_visible_view (TW_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static gboolean
tw_window_close_request (GtkWindow *window)
{
  save_window_state (TW_WINDOW (window));

  return GTK_WINDOW_CLASS (tw_window_parent_class)->close_request (window);
}

static void
tw_window_dispose (GObject *object)
{
  TwWindow *self = TW_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_WINDOW);

  G_OBJECT_CLASS (tw_window_parent_class)->dispose (object);
}

static void
tw_window_finalize (GObject *object)
{
  TwWindow *self = TW_WINDOW (object);

  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (tw_window_parent_class)->finalize (object);
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
  gtk_widget_class_bind_template_child (widget_class, TwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TwWindow, stack);

  /* GtkWindow provides window.close; bind its shortcut here. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);

  gtk_widget_class_install_action (widget_class, "win.show-view", "s", show_view_action);
  for (guint i = 0; i < G_N_ELEMENTS (view_names); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "win.show-view", "s", view_names[i]);
}

static void
tw_window_init (TwWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

/**
 * tw_window_new:
 * @application: the application
 *
 * Returns: (transfer none): a new window, sized as the last one closed
 */
TwWindow *
tw_window_new (TwApplication *application)
{
  TwWindow *self;

  g_return_val_if_fail (TW_IS_APPLICATION (application), NULL);

  self = g_object_new (TW_TYPE_WINDOW, "application", application, NULL);
  restore_window_state (self);

  return self;
}
