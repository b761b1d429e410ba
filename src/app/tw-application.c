/* tw-application.c: the studio's AdwApplication
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-application.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-autosave.h"
#include "tw-design-page.h"
#include "tw-game.h"
#include "tw-recovery.h"
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

  gboolean        offered;   /* lost work was looked for, at the first window */
  char           *found_autosave; /* the game autosave's checksum at start-up, or NULL */
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
    window = GTK_WINDOW (tw_window_new (GTK_APPLICATION (self), self->settings));

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
      TwWindow *window = tw_window_new (GTK_APPLICATION (self), self->settings);

      gtk_window_present (GTK_WINDOW (window));
      /* a definition opens where the user can act first: Play, with its
       * New Game (a game record opens in Play, a Lab run in the Lab) */
      if (tw_window_open_file (window, files[i])
          && g_strcmp0 (tw_window_get_visible_view (window), "design") == 0)
        tw_window_set_visible_view (window, "play");
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

/* The help is Mallard pages installed as help/C/tilewright (help/meson.build),
 * opened by whatever handles help: URIs (Yelp). Each view has a page whose
 * id is the view's name, so F1 opens the page of what the window shows; the
 * welcome page, a dialog or no window at all open the index. */
static char *
help_uri (GtkWindow *window)
{
  const char *view = TW_IS_WINDOW (window) ? tw_window_get_visible_view (TW_WINDOW (window))
                                           : NULL;

  if (view == NULL || g_strcmp0 (view, "welcome") == 0)
    return g_strdup ("help:tilewright");
  return g_strconcat ("help:tilewright/", view, NULL);
}

/* Without a help viewer (Yelp is not installed, say) the user is told why,
 * over the window the help was asked from; a dialog, as the reason and what
 * to do are more than a toast shows. */
static void
help_shown (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  GtkWindow *window = GTK_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (gtk_show_uri_full_finish (window, result, &error)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  /* no application takes help: URIs */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
    /* Translators: the reason in brackets is an error message from the system */
    body = g_strdup_printf (_("No application on this computer opens help pages (%s). "
                              "Install a help viewer such as Yelp, then ask for the help "
                              "again."), error->message);
  else
    body = g_strdup (error->message);
  if (window != NULL && gtk_widget_in_destruction (GTK_WIDGET (window)))
    window = NULL;
  dialog = adw_message_dialog_new (window, _("Could Not Open the Help"), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  TwApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autofree char *uri = help_uri (window);

  gtk_show_uri_full (window, uri, GDK_CURRENT_TIME, NULL, help_shown, NULL);
}

/* Another window, on the welcome page: a second game or definition beside
 * the first. */
static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  TwApplication *self = user_data;

  gtk_window_present (GTK_WINDOW (tw_window_new (GTK_APPLICATION (self), self->settings)));
}

static const GActionEntry app_actions[] = {
  { .name = "new-window", .activate = new_window_action },
  { .name = "quit",      .activate = quit_action },
  { .name = "about",     .activate = about_action },
  { .name = "shortcuts", .activate = shortcuts_action },
  { .name = "help",      .activate = help_action },
};

/* ------------------------------------------------------------------------ */
/* Restoring what a session that did not end well left (tw-recovery.h      */
/* reports it; the application asks and restores)                          */

/* The checksum of a lost game autosave offered and not yet answered:
 * closing a window does not mark it clean, so that the offer comes back. */
static char *unanswered;

static void offer_definition (TwWindow *window);

/* The offer both kinds of lost work share: @heading and @body over Discard
 * and Restore (the default); Escape answers neither, so the offer comes back
 * at the next start. */
static GtkWidget *
restore_dialog_new (TwWindow   *window,
                    const char *title,
                    const char *heading,
                    const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (window), heading, body);

  gtk_window_set_title (GTK_WINDOW (dialog), title);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  return dialog;
}

static void
game_response (AdwMessageDialog *dialog,
               const char       *response,
               TwWindow         *window)
{
  if (g_strcmp0 (response, "restore") == 0 || g_strcmp0 (response, "discard") == 0)
    g_clear_pointer (&unanswered, g_free);
  if (g_strcmp0 (response, "restore") == 0)
    {
      g_autoptr(GError) error = NULL;
      /* read again: the file the user was shown may have changed since */
      TwRecord *record = tw_recovery_load_game (&error);

      if (record != NULL)
        tw_window_restore_game (window, record);
      else
        g_message ("The autosave cannot be restored: %s", error->message);
    }
  else if (g_strcmp0 (response, "discard") == 0)
    {
      tw_recovery_mark_clean ();
    }
  /* one question at a time: the Design view's lost text next */
  offer_definition (window);
}

static gboolean
offer_game (gpointer data)
{
  TwWindow *window = data;
  g_autoptr(TwRecord) record = NULL;
  TwHistory *history;
  TwGame *game;
  g_autofree char *body = NULL;
  GtkWidget *dialog;
  guint moves;

  /* a window closed before it was shown offers nothing */
  if (!gtk_widget_get_visible (GTK_WIDGET (window)))
    {
      g_object_unref (window);
      return G_SOURCE_REMOVE;
    }
  /* only what an earlier session left: once this one has written the
   * autosave (a game opened and changed before this idle ran, as on a busy
   * machine), it holds the game on screen, which is not lost */
  TwApplication *app = TW_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autofree char *now = tw_recovery_game_checksum ();

  if (app == NULL || g_strcmp0 (now, app->found_autosave) != 0
      || (record = tw_recovery_lost_game ()) == NULL)
    {
      offer_definition (window);
      g_object_unref (window);
      return G_SOURCE_REMOVE;
    }

  history = tw_record_get_history (record);
  game = tw_history_get_game (history);
  moves = tw_history_get_n_nodes (history) - 1;
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "Tilewright did not close normally during a "
                                      "game of %s (%u move). It can continue from "
                                      "where it was left.",
                                      "Tilewright did not close normally during a "
                                      "game of %s (%u moves). It can continue from "
                                      "where it was left.",
                                      moves),
                          game->definition->name, moves);
  dialog = restore_dialog_new (window, _("Restore Game"),
                               _("Restore the game you were playing?"), body);
  g_signal_connect_object (dialog, "response", G_CALLBACK (game_response), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (unanswered);
  unanswered = tw_recovery_game_checksum ();

  g_object_unref (window);
  return G_SOURCE_REMOVE;
}

static void
definition_response (AdwMessageDialog *dialog,
                     const char       *response,
                     TwWindow         *window)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "tw-path");

  if (g_strcmp0 (response, "restore") == 0)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = NULL;
      g_autofree char *text = NULL;

      /* read again: the file the user was asked about may have changed since */
      if (!tw_recovery_read_definition (path, &file, &text, &error))
        {
          g_message ("The definition autosave cannot be restored: %s", error->message);
          return;
        }
      tw_window_set_visible_view (window, "design");
      /* the page autosaves the text under its own name at once: the old
       * file can go */
      tw_design_page_restore (tw_window_get_design_page (window), file, text);
      tw_recovery_remove_definition (path);
    }
  else if (g_strcmp0 (response, "discard") == 0)
    tw_recovery_remove_definition (path);
  /* Escape answers neither: the offer comes back at the next start */
}

static void
offer_definition (TwWindow *window)
{
  g_autofree char *path = tw_recovery_lost_definition ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (path == NULL || gtk_widget_in_destruction (GTK_WIDGET (window)))
    return;
  if (!tw_recovery_read_definition (path, &file, &text, &error))
    {
      /* not ours to keep offering: a half-written file cannot be, as
       * autosaves are renamed into place */
      g_message ("Removing an unreadable definition autosave %s: %s", path, error->message);
      tw_recovery_remove_definition (path);
      return;
    }
  name = file != NULL ? g_file_get_basename (file) : g_strdup (_("untitled.yaml"));

  body = g_strdup_printf (_("Tilewright did not close normally while “%s” had edits "
                            "that were not saved. They can be restored in the Design "
                            "view, still unsaved."), name);
  dialog = restore_dialog_new (window, _("Restore Definition"),
                               _("Restore the unsaved definition?"), body);
  g_object_set_data_full (G_OBJECT (dialog), "tw-path", g_steal_pointer (&path), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (definition_response), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* After the window's class handler, which returns TRUE (stopping the
 * emission) while it asks whether to discard unsaved moves: this runs only
 * on a close. The user has what the game autosave holds, unless it is an
 * offer still unanswered. */
static gboolean
window_closing (TwWindow *window)
{
  g_autofree char *checksum = unanswered != NULL ? tw_recovery_game_checksum () : NULL;

  if (unanswered == NULL || g_strcmp0 (checksum, unanswered) != 0)
    tw_recovery_mark_clean ();
  return FALSE;
}

/* Every window marks the autosave clean when it closes normally; the first
 * of the process offers, once it is shown, what a previous session lost. */
static void
window_added (TwApplication *self,
              GtkWindow     *window)
{
  if (!TW_IS_WINDOW (window))
    return;
  g_signal_connect_after (window, "close-request", G_CALLBACK (window_closing), NULL);
  if (!self->offered)
    {
      self->offered = TRUE;
      /* an idle: the application opens the files it was given first */
      g_idle_add (offer_game, g_object_ref (window));
    }
}

static void
tw_application_startup (GApplication *app)
{
  TwApplication *self = TW_APPLICATION (app);
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;

  G_APPLICATION_CLASS (tw_application_parent_class)->startup (app);
  tw_app_fix_button_names ();
  /* before any window can autosave over it */
  self->found_autosave = tw_recovery_game_checksum ();

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
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help",
                                         (const char *[]) { "F1", NULL });
}

/* The autosaves queued by the last windows (a removal after a save or a
 * discard) land before the process ends. */
static void
tw_application_shutdown (GApplication *app)
{
  tw_autosave_wait_all ();
  G_APPLICATION_CLASS (tw_application_parent_class)->shutdown (app);
}

static void
tw_application_dispose (GObject *object)
{
  TwApplication *self = TW_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->found_autosave, g_free);

  G_OBJECT_CLASS (tw_application_parent_class)->dispose (object);
}

static void
tw_application_class_init (TwApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = tw_application_dispose;

  app_class->startup = tw_application_startup;
  app_class->shutdown = tw_application_shutdown;
  app_class->activate = tw_application_activate;
  app_class->open = tw_application_open;
}

static void
tw_application_init (TwApplication *self)
{
  g_signal_connect (self, "window-added", G_CALLBACK (window_added), NULL);
}
