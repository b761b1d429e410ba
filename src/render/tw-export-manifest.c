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
 * matches the files, which tells a reader the export is incomplete. Frees
 * every save, whatever the result.
 */
gboolean
tw_export_commit_manifest (TwSaveFile        **files,
                           const char * const *names,
                           guint               n_files,
                           const char         *manifest,
                           GError            **error)
{
  g_autofree char *text = NULL;
  g_autoptr(TwSaveFile) list = NULL;

  g_return_val_if_fail (files != NULL && names != NULL && manifest != NULL, FALSE);

  text = manifest_text (files, names, n_files, manifest, error);
  if (text != NULL)
    list = tw_save_file_begin (manifest, error);
  if (list == NULL || !tw_save_file_write (list, text, strlen (text), error))
    {
      for (guint i = 0; i < n_files; i++)
        tw_save_file_abort (files[i]);
      return FALSE;
    }
  if (!tw_save_files_commit (files, n_files, error))
    return FALSE;
  return tw_save_file_commit (g_steal_pointer (&list), error);
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
  g_autofree char *text = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *display = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_return_val_if_fail (manifest != NULL, FALSE);

  if (!tw_file_read_limited (manifest, TW_EXPORT_MANIFEST_MAX_BYTES, _("an export manifest"), &text,
                             NULL, error))
    return FALSE;
  display = g_filename_display_name (manifest);
  dir = g_path_get_dirname (manifest);
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
      return FALSE;
    }
  for (guint l = 1; lines[l] != NULL; l++)
    {
      const char *line = lines[l], *size_at, *name;
      g_autofree char *path = NULL;
      g_autofree char *hex = NULL;
      guint64 listed, size;
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
          return FALSE;
        }
      errno = 0;
      listed = g_ascii_strtoull (size_at, &end, 10);
      name = end + 2;
      if (errno != 0 || strncmp (end, "  ", 2) != 0 || *name == '\0' || strchr (name, '/') != NULL)
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:%u: expected the size in bytes, two spaces and a file's name in the manifest's folder"),
                       display, l + 1, (guint) (size_at - line) + 1);
          return FALSE;
        }
      path = g_build_filename (dir, name, NULL);
      hex = hash_file (path, &size);
      if (hex == NULL)
        {
          int saved = errno;

          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:%u: '%s' cannot be read (%s): the export is incomplete"), display,
                       l + 1, (guint) (name - line) + 1, name, g_strerror (saved));
          return FALSE;
        }
      if (size != listed)
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:1: '%s' is not the file listed (%llu bytes, listed %llu): the export is incomplete or the file was changed since"),
                       display, l + 1, name, (unsigned long long) size,
                       (unsigned long long) listed);
          return FALSE;
        }
      if (strncmp (hex, line, HEX_LEN) != 0)
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("%s:%u:1: '%s' is not the file listed (%llu bytes as listed, another SHA-256): the export is incomplete or the file was changed since"),
                       display, l + 1, name, (unsigned long long) size);
          return FALSE;
        }
      n++;
    }
  if (n_files != NULL)
    *n_files = n;
  return TRUE;
}
