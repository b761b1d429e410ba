/* tw-recovery.c: offering back the game of a session that did not end well
 *
 * The game model writes the game in progress to the autosave on every
 * change (a move, undo, redo, a jump, a new variation) within ~250 ms,
 * atomically. Whether that file holds lost work is told by a marker
 * beside it, autosave.clean, which holds the SHA-256 of the autosave's bytes
 * whenever the user is known to have what it holds: the game was saved to a
 * file, a window was closed normally, or the user declined a restore. An
 * autosave whose checksum is not in the marker was left by a session that
 * was killed or crashed after its last change; if its game is not over, the
 * first window of the next start offers to restore it at the very node it
 * was left at.
 *
 * A checksum rather than deleting the autosave: the file stays as the last
 * resort the "Discard the Unsaved Moves?" dialog promises, and nothing has to
 * hook into every move to take the mark back.
 *
 * The Design view's unsaved text is kept apart, in design-autosave/: each
 * page writes its own PID-N.autosave (a key file holding the text and the
 * file it belongs to) about a second after typing stops, and removes it when
 * the text is saved, discarded or replaced. So a file there that no living
 * page of this process wrote is text a killed session lost; after the game
 * (if any) the first window offers the newest such text back, exactly, into
 * its Design view, still unsaved, under its file's name.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-recovery.h"

#include <glib/gi18n.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "tw-design-page.h"
#include "tw-file.h"
#include "tw-game.h"
#include "tw-record.h"

#define DESIGN_GROUP "Design"

/* The same file as the window's autosave path. */
static char *
autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tilewright", "autosave.yaml", NULL);
}

static char *
marker_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tilewright", "autosave.clean", NULL);
}

/* The checksum of the autosave, or NULL when there is none. */
static char *
autosave_checksum (void)
{
  g_autofree char *path = autosave_path ();
  g_autofree char *contents = NULL;
  gsize len = 0;

  if (!tw_file_read_limited (path, TW_RECORD_MAX_BYTES, "a record", &contents, &len, NULL))
    return NULL;
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, len);
}

/**
 * tw_recovery_mark_clean:
 *
 * Records that the user has what the autosave holds now (the game was saved,
 * or the studio closed normally), so that the next start does not offer it.
 */
void
tw_recovery_mark_clean (void)
{
  g_autofree char *checksum = autosave_checksum ();
  g_autofree char *path = marker_path ();
  g_autoptr(GError) error = NULL;

  if (checksum == NULL)
    return;
  if (!tw_file_save_with_mode (path, checksum, -1, 0600, &error))
    g_message ("Could not mark the autosave as saved: %s", error->message);
}

/* The autosave's record when it holds an unfinished game the user does not
 * have elsewhere, else NULL. */
static TwRecord *
lost_game (void)
{
  g_autofree char *checksum = autosave_checksum ();
  g_autofree char *marker = NULL;
  g_autofree char *path = NULL;
  g_autofree char *mpath = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) record = NULL;
  TwHistory *history;

  if (checksum == NULL)
    return NULL;
  mpath = marker_path ();
  if (tw_file_read_limited (mpath, 256, "an autosave marker", &marker, NULL, NULL) &&
      g_strcmp0 (g_strstrip (marker), checksum) == 0)
    return NULL;

  path = autosave_path ();
  record = tw_record_load_file (path, &error);
  if (record == NULL)
    {
      /* a record the current rules refuse cannot be played on anyway */
      g_message ("The autosave cannot be restored: %s", error->message);
      return NULL;
    }
  history = tw_record_get_history (record);
  if (tw_state_is_terminal (tw_history_get_game (history), tw_history_get_state (history)))
    return NULL;
  return g_steal_pointer (&record);
}

/* The checksum of a lost autosave offered and not yet answered: closing a
 * window does not mark it clean, so that the offer comes back. */
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
restore_response (AdwMessageDialog *dialog,
                  const char       *response,
                  TwWindow         *window)
{
  if (g_strcmp0 (response, "restore") == 0 || g_strcmp0 (response, "discard") == 0)
    g_clear_pointer (&unanswered, g_free);
  if (g_strcmp0 (response, "restore") == 0)
    {
      g_autofree char *path = autosave_path ();
      g_autoptr(GError) error = NULL;
      TwRecord *record = tw_record_load_file (path, &error);

      /* read again: the file the user was shown may have changed since */
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
offer_restore (gpointer data)
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
  if ((record = lost_game ()) == NULL)
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
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_response), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (unanswered);
  unanswered = autosave_checksum ();

  g_object_unref (window);
  return G_SOURCE_REMOVE;
}

/* ------------------------------------------------------------------------ */
/* The Design view's text                                                   */

static const char *process_prefix (void);

static char *
design_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "tilewright", "design-autosave", NULL);
}

/**
 * tw_recovery_design_autosave_path:
 *
 * Returns: a new file name in the design autosave area, unique to the caller
 * in this process (the directory may not exist yet)
 */
char *
tw_recovery_design_autosave_path (void)
{
  static gint counter;
  g_autofree char *dir = design_dir ();
  g_autofree char *name = g_strdup_printf ("%s%d.autosave", process_prefix (),
                                           g_atomic_int_add (&counter, 1));

  return g_build_filename (dir, name, NULL);
}

/**
 * tw_recovery_design_autosave_pack:
 * @file: (nullable): the file the text belongs to
 * @text: the unsaved text
 *
 * Returns: (transfer full): the contents of an autosave file
 */
GBytes *
tw_recovery_design_autosave_pack (GFile      *file,
                                  const char *text)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : g_strdup ("");
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *when = g_date_time_format_iso8601 (now);
  gsize len = 0;
  char *data;

  g_return_val_if_fail (text != NULL, NULL);

  /* key files escape newlines, tabs and backslashes: the text comes back
   * byte for byte */
  g_key_file_set_string (keys, DESIGN_GROUP, "File", uri);
  g_key_file_set_string (keys, DESIGN_GROUP, "Saved", when);
  g_key_file_set_string (keys, DESIGN_GROUP, "Text", text);
  data = g_key_file_to_data (keys, &len, NULL);
  return g_bytes_new_take (data, len);
}

gboolean
tw_recovery_design_autosave_unpack (GBytes  *bytes,
                                    char   **uri,
                                    char   **text,
                                    GError **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  gsize len = 0;
  const char *data = g_bytes_get_data (bytes, &len);
  g_autofree char *u = NULL;
  g_autofree char *t = NULL;

  if (!g_key_file_load_from_data (keys, data, len, G_KEY_FILE_NONE, error)
      || (u = g_key_file_get_string (keys, DESIGN_GROUP, "File", error)) == NULL
      || (t = g_key_file_get_string (keys, DESIGN_GROUP, "Text", error)) == NULL)
    return FALSE;
  *uri = g_steal_pointer (&u);
  *text = g_steal_pointer (&t);
  return TRUE;
}

/* What this process's autosaves start with: its PID and a random word, so
 * that one of a dead process whose PID came back is not taken for ours. */
static const char *
process_prefix (void)
{
  static char *prefix;

  /* main thread only, like every caller */
  if (prefix == NULL)
    prefix = g_strdup_printf ("%d-%08x-", (int) getpid (), g_random_int ());
  return prefix;
}

/* The newest autosave another process left, or NULL. */
static char *
lost_definition (void)
{
  g_autofree char *dir = design_dir ();
  const char *ours = process_prefix ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  char *newest = NULL;
  gint64 newest_time = G_MININT64;
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;

      if (!g_str_has_suffix (name, ".autosave") || g_str_has_prefix (name, ours))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_stat (path, &st) != 0 || st.st_mtime < newest_time)
        continue;
      g_free (newest);
      newest = g_steal_pointer (&path);
      newest_time = st.st_mtime;
    }
  return newest;
}

static void
remove_autosave (const char *path)
{
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_message ("Could not remove the autosave %s: %s", path, g_strerror (errno));
}

static void
definition_response (AdwMessageDialog *dialog,
                     const char       *response,
                     TwWindow         *window)
{
  char *path = g_object_get_data (G_OBJECT (dialog), "tw-path");

  if (g_strcmp0 (response, "restore") == 0)
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *uri = NULL;
      g_autofree char *text = NULL;
      gsize len = 0;

      /* read again: the file the user was asked about may have changed since */
      if (!tw_file_read_limited (path, TW_DEFINITION_MAX_BYTES, "a definition", &contents, &len,
                                 &error))
        {
          g_message ("The definition autosave cannot be restored: %s", error->message);
          return;
        }
      bytes = g_bytes_new_take (g_steal_pointer (&contents), len);
      if (!tw_recovery_design_autosave_unpack (bytes, &uri, &text, &error))
        {
          g_message ("The definition autosave cannot be restored: %s", error->message);
          return;
        }
      file = uri[0] != '\0' ? g_file_new_for_uri (uri) : NULL;
      tw_window_set_visible_view (window, "design");
      /* the page autosaves the text under its own name at once: the old
       * file can go */
      tw_design_page_restore (tw_window_get_design_page (window), file, text);
      remove_autosave (path);
    }
  else if (g_strcmp0 (response, "discard") == 0)
    remove_autosave (path);
  /* Escape answers neither: the offer comes back at the next start */
}

static void
offer_definition (TwWindow *window)
{
  g_autofree char *path = lost_definition ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;
  gsize len = 0;
  GtkWidget *dialog;

  if (path == NULL || gtk_widget_in_destruction (GTK_WIDGET (window)))
    return;
  if (!tw_file_read_limited (path, TW_DEFINITION_MAX_BYTES, "a definition", &contents, &len,
                             &error))
    {
      g_message ("The definition autosave cannot be read: %s", error->message);
      return;
    }
  bytes = g_bytes_new_take (g_steal_pointer (&contents), len);
  if (!tw_recovery_design_autosave_unpack (bytes, &uri, &text, &error))
    {
      /* not ours to keep offering: a half-written file cannot be, as
       * autosaves are renamed into place */
      g_message ("Removing an unreadable definition autosave %s: %s", path, error->message);
      remove_autosave (path);
      return;
    }
  if (uri[0] != '\0')
    {
      file = g_file_new_for_uri (uri);
      name = g_file_get_basename (file);
    }
  else
    name = g_strdup (_("untitled.yaml"));

  body = g_strdup_printf (_("Tilewright did not close normally while “%s” had edits "
                            "that were not saved. They can be restored in the Design "
                            "view, still unsaved."), name);
  dialog = restore_dialog_new (window, _("Restore Definition"),
                               _("Restore the unsaved definition?"), body);
  g_object_set_data_full (G_OBJECT (dialog), "tw-path", g_steal_pointer (&path), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (definition_response), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
window_closing (TwWindow *window)
{
  g_autofree char *checksum = unanswered != NULL ? autosave_checksum () : NULL;

  if (unanswered == NULL || g_strcmp0 (checksum, unanswered) != 0)
    tw_recovery_mark_clean ();
  return FALSE;
}

/**
 * tw_recovery_watch:
 * @window: a new window
 *
 * Marks the autosave clean when @window closes normally; for the first window
 * of the process, offers once it is shown to restore a game that a previous
 * session lost.
 */
void
tw_recovery_watch (TwWindow *window)
{
  static gboolean checked;

  g_return_if_fail (TW_IS_WINDOW (window));

  /* after the class handler, which returns TRUE (stopping the emission)
   * while it asks whether to discard unsaved moves: we run only on a close */
  g_signal_connect_after (window, "close-request", G_CALLBACK (window_closing), NULL);
  if (!checked)
    {
      checked = TRUE;
      /* an idle: the application opens the files it was given first */
      g_idle_add (offer_restore, g_object_ref (window));
    }
}
