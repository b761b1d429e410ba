/* tw-application.c: the studio's AdwApplication
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-application.h"

#include <glib/gi18n.h>

#include "tw-window.h"

#define SCHEMA_ID      "io.github.tilewright.Tilewright"
#define RESOURCE_PATH  "/io/github/tilewright/Tilewright"
#define ICON_NAME      "io.github.tilewright.Tilewright"
#define WEBSITE        "https://tilewright.github.io"
#define ISSUE_URL      "https://github.com/tilewright/tilewright/issues"

struct _TwApplication
{
  AdwApplication  parent_instance;

  /* Owned */
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (TwApplication, tw_application, ADW_TYPE_APPLICATION)

/**
 * tw_application_new:
 *
 * Returns: (transfer full): the application, which opens the files it is given.
 */
TwApplication *
tw_application_new (void)
{
  return g_object_new (TW_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PATH,
                       NULL);
}

/**
 * tw_application_get_settings:
 *
 * Returns: (transfer none) (nullable): the settings, NULL when the schema is missing.
 */
GSettings *
tw_application_get_settings (TwApplication *self)
{
  g_return_val_if_fail (TW_IS_APPLICATION (self), NULL);

  return self->settings;
}

static GtkWindow *
get_or_create_window (TwApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (tw_window_new (self));

  return window;
}

static void
tw_application_activate (GApplication *app)
{
  gtk_window_present (get_or_create_window (TW_APPLICATION (app)));
}

/* One window per file: each game is a document of its own. */
static void
tw_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  TwApplication *self = TW_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      TwWindow *window = tw_window_new (self);

      gtk_window_present (GTK_WINDOW (window));
      tw_window_open_file (window, files[i]);
    }
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  TwApplication *self = user_data;
  GList *copy = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    copy = g_list_prepend (copy, g_object_ref (l->data));

  /* Closing each window, rather than g_application_quit(), lets every window
   * save its state on close-request; the application ends with its last window. */
  for (GList *l = copy; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (copy, g_object_unref);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  TwApplication *self = user_data;
  const char *developers[] = { _("The Tilewright team"), NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-name", _("Tilewright"),
                        "application-icon", ICON_NAME,
                        "version", PACKAGE_VERSION,
                        "developer-name", _("The Tilewright team"),
                        "developers", developers,
                        "copyright", _("© 2026 The Tilewright team"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "website", WEBSITE,
                        "issue-url", ISSUE_URL,
                        /* Translators: replace with your names, one per line. */
                        "translator-credits", _("translator-credits"),
                        "comments", _("Design, play, test and print tile-laying board games."),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  TwApplication *self = user_data;
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_PATH "/shortcuts.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  gtk_window_set_transient_for (window,
                                gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_set_application (window, GTK_APPLICATION (self));
  gtk_window_present (window);
}

/* Another window, on the welcome page: a second game or definition beside
 * the first. */
static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (tw_window_new (TW_APPLICATION (user_data))));
}

static const GActionEntry app_actions[] = {
  { .name = "new-window", .activate = new_window_action },
  { .name = "quit",      .activate = quit_action },
  { .name = "about",     .activate = about_action },
  { .name = "shortcuts", .activate = shortcuts_action },
};

static void
tw_application_startup (GApplication *app)
{
  TwApplication *self = TW_APPLICATION (app);
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;

  G_APPLICATION_CLASS (tw_application_parent_class)->startup (app);

  /* Follow the system's light or dark preference. */
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);

  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SCHEMA_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new_full (schema, NULL, NULL);
  else
    g_message ("Schema %s is not installed; window size and recent files are not saved. "
               "Set GSETTINGS_SCHEMA_DIR to the build's data directory to run uninstalled.",
               SCHEMA_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-window",
                                         (const char *[]) { "<Control><Shift>n", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.shortcuts",
                                         (const char *[]) { "<Control>question", NULL });
}

static void
tw_application_dispose (GObject *object)
{
  TwApplication *self = TW_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tw_application_parent_class)->dispose (object);
}

static void
tw_application_class_init (TwApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = tw_application_dispose;

  app_class->startup = tw_application_startup;
  app_class->activate = tw_application_activate;
  app_class->open = tw_application_open;
}

static void
tw_application_init (TwApplication *self)
{
}
