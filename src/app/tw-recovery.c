/* tw-recovery.c: offering back the game of a session that did not end well
 *
 * The game model writes the game in progress to the autosave after every
 * move, atomically. Whether that file holds lost work is told by a marker
 * beside it, autosave.clean, which holds the SHA-256 of the autosave's bytes
 * whenever the user is known to have what it holds: the game was saved to a
 * file, a window was closed normally, or the user declined a restore. An
 * autosave whose checksum is not in the marker was left by a session that
 * was killed or crashed after its last move; if its game is not over, the
 * first window of the next start offers to restore it at the very node it
 * was left at.
 *
 * A checksum rather than deleting the autosave: the file stays as the last
 * resort the "Discard the Unsaved Moves?" dialog promises, and nothing has to
 * hook into every move to take the mark back.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-recovery.h"

#include <glib/gi18n.h>

#include "tw-game.h"
#include "tw-record.h"

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

  if (!g_file_get_contents (path, &contents, &len, NULL))
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
  if (!g_file_set_contents (path, checksum, -1, &error))
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
  if (g_file_get_contents (mpath, &marker, NULL, NULL) &&
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
}

static gboolean
offer_restore (gpointer data)
{
  TwWindow *window = data;
  g_autoptr(TwRecord) record = NULL;
  TwHistory *history;
  TwGame *game;
  GtkWidget *dialog;
  guint moves;

  /* a window closed before it was shown offers nothing */
  if (!gtk_widget_get_visible (GTK_WIDGET (window)) || (record = lost_game ()) == NULL)
    {
      g_object_unref (window);
      return G_SOURCE_REMOVE;
    }

  history = tw_record_get_history (record);
  game = tw_history_get_game (history);
  moves = tw_history_get_n_nodes (history) - 1;
  dialog = adw_message_dialog_new (GTK_WINDOW (window),
                                   _("Restore the game you were playing?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "Tilewright did not close normally during a "
                                               "game of %s (%u move). It can continue from "
                                               "where it was left.",
                                               "Tilewright did not close normally during a "
                                               "game of %s (%u moves). It can continue from "
                                               "where it was left.",
                                               moves),
                                  game->definition->name, moves);
  gtk_window_set_title (GTK_WINDOW (dialog), _("Restore Game"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  /* Escape answers neither: the offer comes back at the next start */
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_response), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (unanswered);
  unanswered = autosave_checksum ();

  g_object_unref (window);
  return G_SOURCE_REMOVE;
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
