/* tw-export-manifest.c: the manifest of a multi-file export (contract in tw-export-manifest.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"
#include "tw-export-manifest.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "tw-export.h"

#define HEX_LEN 64  /* a SHA-256 in hex */

/**
 * tw_export_manifest_path:
 * @out: the export as named (the PDF, SVG or PNG file, the TTS JSON)
 *
 * Returns: (transfer full): its manifest, @out with ".manifest" added.
 */
char *
tw_export_manifest_path (const char *out)
{
  g_return_val_if_fail (out != NULL, NULL);
  return g_strconcat (out, TW_EXPORT_MANIFEST_SUFFIX, NULL);
}

/* The SHA-256 (hex) and size of the file at @path, read in pieces; NULL with
 * errno set when it cannot be read. */
static char *
hash_file (const char *path,
           guint64    *size)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 chunk[65536];
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY, 0);
  struct stat st;

  *size = 0;
  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      int saved = S_ISDIR (st.st_mode) ? EISDIR : EINVAL;

      close (fd);
      errno = saved;
      return NULL;
    }
  for (;;)
    {
      ssize_t n = read (fd, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          errno = saved;
          return NULL;
        }
      if (n == 0)
        break;
      g_checksum_update (sum, chunk, n);
      *size += (guint64) n;
    }
  close (fd);
  return g_strdup (g_checksum_get_string (sum));
}

/* The manifest's text for the saves @files, hashed from their temporary
 * files; NULL with @error set when one is not beside @manifest or cannot be
 * read back. */
static char *
manifest_text (TwSaveFile        **files,
               const char * const *names,
               guint               n_files,
               const char         *manifest,
               GError            **error)
{
  g_autoptr(GString) out = g_string_new (TW_EXPORT_MANIFEST_HEADER "\n");
  g_autofree char *dir = g_path_get_dirname (manifest);
  g_autofree char *manifest_base = g_path_get_basename (manifest);

  /* a file for programs as much as people: the same bytes in every locale */
  g_string_append (out, "# Written after the files below. The export is complete when each file\n"
                        "# beside this one has the size (bytes) and SHA-256 given here.\n"
                        "# sha256  size  name\n");
  for (guint i = 0; i < n_files; i++)
    {
      const char *temp = tw_save_file_get_path (files[i]);
      const char *path = names[i];
      g_autofree char *file_dir = g_path_get_dirname (path);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *hex = NULL;
      guint64 size;

      /* every file of an export is named from its stem, so in one folder */
      g_assert (strcmp (file_dir, dir) == 0);
      if (strchr (base, '\n') != NULL || strcmp (base, manifest_base) == 0)
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("'%s' cannot be listed in a manifest: choose an output name without line breaks"),
                       display);
          return NULL;
        }
      hex = hash_file (temp, &size);
      if (hex == NULL)
        {
          int saved = errno;
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("cannot write '%s': %s"), display, g_strerror (saved));
          return NULL;
        }
      g_string_append_printf (out, "%s  %" G_GUINT64_FORMAT "  %s\n", hex, size, base);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
is_hex (const char *s,
        gsize       n)
{
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isxdigit (s[i]) || g_ascii_isupper (s[i]))
      return FALSE;
  return TRUE;
}

/* One line of a manifest. */
typedef struct
{
  guint    line;
  guint    name_column;
  guint64  size;
  char     hex[HEX_LEN + 1];
  char    *name;
} Entry;

static void
entry_clear (Entry *e)
{
  g_free (e->name);
}

/* The entries of @manifest, or NULL with a G_FILE_ERROR when it cannot be
 * read or a TW_EXPORT_ERROR at the line that is not a manifest's. */
static GArray *
read_entries (const char  *manifest,
              GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *display = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));

  g_array_set_clear_func (entries, (GDestroyNotify) entry_clear);
  if (!tw_file_read_limited (manifest, TW_EXPORT_MANIFEST_MAX_BYTES, _("an export manifest"), &text,
                             NULL, error))
    return NULL;
  display = g_filename_display_name (manifest);
  lines = g_strsplit (text, "\n", -1);
  /* a manifest that went through an editor or a transfer in CRLF */
  for (guint l = 0; lines[l] != NULL; l++)
    if (g_str_has_suffix (lines[l], "\r"))
      lines[l][strlen (lines[l]) - 1] = '\0';
  if (strcmp (lines[0], TW_EXPORT_MANIFEST_HEADER) != 0)
    {
      g_set_error (error, TW_EXPORT_ERROR, 0,
                   _("%s:1:1: not an export manifest: the first line must be '%s'"), display,
                   TW_EXPORT_MANIFEST_HEADER);
      return NULL;
    }
  for (guint l = 1; lines[l] != NULL; l++)
    {
      const char *line = lines[l], *size_at, *name;
      Entry e = { 0 };
      char *end;

      if (line[0] == '#' || (line[0] == '\0' && lines[l + 1] == NULL))
        continue;
      size_at = line + HEX_LEN + 2;
      if (strlen (line) < HEX_LEN + 2 || !is_hex (line, HEX_LEN)
          || strncmp (line + HEX_LEN, "  ", 2) != 0 || !g_ascii_isdigit (*size_at))
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:1: expected 'SHA256  SIZE  NAME': 64 lower-case hex digits, the size in bytes and the file's name"),
                       display, l + 1);
          return NULL;
        }
      errno = 0;
      e.size = g_ascii_strtoull (size_at, &end, 10);
      name = end + 2;
      if (errno != 0 || strncmp (end, "  ", 2) != 0 || *name == '\0' || strchr (name, '/') != NULL)
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:%u: expected the size in bytes, two spaces and a file's name in the manifest's folder"),
                       display, l + 1, (guint) (size_at - line) + 1);
          return NULL;
        }
      e.line = l + 1;
      e.name_column = (guint) (name - line) + 1;
      memcpy (e.hex, line, HEX_LEN);
      e.name = g_strdup (name);
      g_array_append_val (entries, e);
    }
  return g_steal_pointer (&entries);
}

/* Removes what an earlier export of the same name wrote and the new one no
 * longer has (the pages beyond the new last one), as the old manifest
 * listed them: only files still as listed, so nothing anyone changed since. */
static void
remove_dropped (GArray             *old,
              const char         *dir,
              const char * const *names,
              guint               n_names)
{
  g_autoptr(GHashTable) kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n_names; i++)
    g_hash_table_add (kept, g_path_get_basename (names[i]));
  for (guint i = 0; old != NULL && i < old->len; i++)
    {
      const Entry *e = &g_array_index (old, Entry, i);
      g_autofree char *path = NULL;
      g_autofree char *hex = NULL;
      guint64 size;

      if (g_hash_table_contains (kept, e->name))
        continue;
      path = g_build_filename (dir, e->name, NULL);
      hex = hash_file (path, &size);
      if (hex != NULL && size == e->size && strcmp (hex, e->hex) == 0)
        g_unlink (path);
    }
}

/**
 * tw_export_commit_manifest:
 * @files: (transfer full): the saves of the export's files, all written
 * @names: the files as named (beside @manifest), one for each save
 * @manifest: the manifest's path (tw_export_manifest_path())
 * @error: a G_FILE_ERROR or TW_EXPORT_ERROR
 *
 * Commits a multi-file export: hashes every file as written, puts the files
 * in place together (tw_save_files_commit()), then the manifest that lists
 * them. On a failure before the renames the old files and the old manifest
 * stay as they were; on one between the renames the old manifest no longer
 * matches the files, which tells a reader the export is incomplete. Once the
 * new manifest is in place, the files the old one listed that the new export
 * does not have (the pages beyond its last) are removed if they are still as
 * listed. Frees every save, whatever the result.
 */
gboolean
tw_export_commit_manifest (TwSaveFile        **files,
                           const char * const *names,
                           guint               n_files,
                           const char         *manifest,
                           GError            **error)
{
  g_autofree char *text = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(TwSaveFile) list = NULL;
  g_autoptr(GArray) old = NULL;

  g_return_val_if_fail (files != NULL && names != NULL && manifest != NULL, FALSE);

  /* what an earlier export of this name wrote (none, or not a manifest: nothing) */
  old = read_entries (manifest, NULL);
  text = manifest_text (files, names, n_files, manifest, error);
  if (text != NULL)
    list = tw_save_file_begin (manifest, error);
  if (list == NULL || !tw_save_file_write (list, text, strlen (text), error))
    {
      for (guint i = 0; i < n_files; i++)
        tw_save_file_abort (files[i]);
      return FALSE;
    }
  if (!tw_save_files_commit (files, n_files, error)
      || !tw_save_file_commit (g_steal_pointer (&list), error))
    return FALSE;
  dir = g_path_get_dirname (manifest);
  remove_dropped (old, dir, names, n_files);
  return TRUE;
}

/**
 * tw_export_manifest_check:
 * @manifest: an export's manifest
 * @n_files: (out) (optional): how many files it lists
 * @error: a TW_EXPORT_ERROR naming the manifest's line and the file that
 *   differs, or a G_FILE_ERROR when the manifest cannot be read
 *
 * What a reader of a multi-file export checks: every file the manifest lists
 * is beside it with the size and SHA-256 listed.
 *
 * Returns: whether the export is complete.
 */
gboolean
tw_export_manifest_check (const char  *manifest,
                          guint       *n_files,
                          GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GArray) entries = NULL;

  g_return_val_if_fail (manifest != NULL, FALSE);

  entries = read_entries (manifest, error);
  if (entries == NULL)
    return FALSE;
  display = g_filename_display_name (manifest);
  dir = g_path_get_dirname (manifest);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      g_autofree char *path = g_build_filename (dir, e->name, NULL);
      g_autofree char *hex = NULL;
      guint64 size;

      hex = hash_file (path, &size);
      if (hex == NULL)
        {
          int saved = errno;

          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:%u: '%s' cannot be read (%s): the export is incomplete"), display,
                       e->line, e->name_column, e->name, g_strerror (saved));
          return FALSE;
        }
      if (size != e->size)
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:1: '%s' is not the file listed (%llu bytes, listed %llu): the export is incomplete or the file was changed since"),
                       display, e->line, e->name, (unsigned long long) size,
                       (unsigned long long) e->size);
          return FALSE;
        }
      if (strcmp (hex, e->hex) != 0)
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:1: '%s' is not the file listed (%llu bytes as listed, another SHA-256): the export is incomplete or the file was changed since"),
                       display, e->line, e->name, (unsigned long long) size);
          return FALSE;
        }
    }
  if (n_files != NULL)
    *n_files = entries->len;
  return TRUE;
}
