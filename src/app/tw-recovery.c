/* tw-recovery.c: what a session that did not end well left to restore
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
 * This file only reports what can be restored and keeps the marks; the
 * application asks the user and restores (tw-application.c), so recovery
 * knows nothing of windows or pages.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-recovery.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "tw-definition.h"
#include "tw-file.h"
#include "tw-game.h"
#include "tw-record.h"

#define DESIGN_GROUP "Design"

/**
 * tw_recovery_game_autosave_path:
 *
 * Returns: the file every window's game is autosaved to
 */
char *
tw_recovery_game_autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tilewright", "autosave.yaml", NULL);
}

static char *
marker_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tilewright", "autosave.clean", NULL);
}

/**
 * tw_recovery_game_checksum:
 *
 * Returns: (nullable): the checksum of the game autosave, NULL when there is none
 */
char *
tw_recovery_game_checksum (void)
{
  g_autofree char *path = tw_recovery_game_autosave_path ();
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
  g_autofree char *checksum = tw_recovery_game_checksum ();
  g_autofree char *path = marker_path ();
  g_autoptr(GError) error = NULL;

  if (checksum == NULL)
    return;
  if (!tw_file_save_with_mode (path, checksum, -1, 0600, &error))
    g_message ("Could not mark the autosave as saved: %s", error->message);
}

/**
 * tw_recovery_lost_game:
 *
 * Returns: (transfer full) (nullable): the autosave's record when it holds an
 *   unfinished game the user does not have elsewhere, else NULL
 */
TwRecord *
tw_recovery_lost_game (void)
{
  g_autofree char *checksum = tw_recovery_game_checksum ();
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

  path = tw_recovery_game_autosave_path ();
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

/**
 * tw_recovery_load_game:
 *
 * Reads the game autosave again, for a restore the user asked for (the file
 * may have changed since it was offered).
 *
 * Returns: (transfer full) (nullable): its record
 */
TwRecord *
tw_recovery_load_game (GError **error)
{
  g_autofree char *path = tw_recovery_game_autosave_path ();

  return tw_record_load_file (path, error);
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

/**
 * tw_recovery_lost_definition:
 *
 * Returns: (nullable): the newest design autosave another process left, or NULL
 */
char *
tw_recovery_lost_definition (void)
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

/**
 * tw_recovery_remove_definition:
 * @path: a design autosave
 *
 * Removes it: restored (the page autosaves under its own name) or declined.
 */
void
tw_recovery_remove_definition (const char *path)
{
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_message ("Could not remove the autosave %s: %s", path, g_strerror (errno));
}

/**
 * tw_recovery_read_definition:
 * @path: a design autosave
 * @file: (out) (transfer full) (nullable): the file its text belongs to, NULL for untitled
 * @text: (out) (transfer full): the unsaved text
 *
 * Returns: FALSE when it cannot be read or is not a design autosave
 */
gboolean
tw_recovery_read_definition (const char  *path,
                             GFile      **file,
                             char       **text,
                             GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *uri = NULL;
  gsize len = 0;

  if (!tw_file_read_limited (path, TW_DEFINITION_MAX_BYTES, _("a definition"), &contents, &len,
                             error))
    return FALSE;
  bytes = g_bytes_new_take (g_steal_pointer (&contents), len);
  if (!tw_recovery_design_autosave_unpack (bytes, &uri, text, error))
    return FALSE;
  *file = uri[0] != '\0' ? g_file_new_for_uri (uri) : NULL;
  return TRUE;
}
