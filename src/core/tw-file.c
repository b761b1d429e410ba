/* tw-file.c: atomic saves and size-limited reads (contract in tw-file.h) */

#include "config.h"
#include "tw-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>

#define TEMP_SUFFIX ".tw-save"
/* the target's name is cut to this many bytes in the temporary file's name,
 * which then stays under NAME_MAX (255) */
#define TEMP_BASE_MAX 200
#define MAX_LINK_HOPS 40

G_DEFINE_QUARK (tw-file-error-quark, tw_file_error)

struct _TwSaveFile
{
  char     *path;         /* as the caller named it, for messages */
  char     *target;       /* @path with every symbolic link followed */
  char     *temp;         /* NULL when writing straight to a device or FIFO */
  int       fd;
  int       saved_errno;  /* the first failed write, 0 if none */
};

static void
set_errno_error (GError     **error,
                 const char  *path,
                 int          saved_errno)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               _("cannot write '%s': %s"), display, g_strerror (saved_errno));
}

/* @path with every symbolic link in the final component followed, so that a
 * save replaces the file a link points to and keeps the link. A dangling link
 * gives the path it points to (the save creates that file). */
static char *
follow_links (const char  *path,
              GError     **error)
{
  g_autofree char *cur = g_strdup (path);

  for (guint hops = 0; hops < MAX_LINK_HOPS; hops++)
    {
      g_autofree char *link = NULL;
      GStatBuf st;

      if (g_lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&cur);
      link = g_file_read_link (cur, NULL);
      if (link == NULL)
        return g_steal_pointer (&cur);
      if (g_path_is_absolute (link))
        {
          g_free (cur);
          cur = g_steal_pointer (&link);
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (cur);

          g_free (cur);
          cur = g_build_filename (dir, link, NULL);
        }
    }
  set_errno_error (error, path, ELOOP);
  return NULL;
}

/* Removes the temporary files of earlier saves of @base in @dir whose writer
 * is gone: a live writer holds the lock on its file, a killed one does not. */
static void
remove_stale (const char *dir,
              const char *base)
{
  g_autofree char *prefix = g_strdup_printf (".%.*s.", TEMP_BASE_MAX, base);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *full = NULL;
      int fd;

      if (strlen (name) != strlen (prefix) + 6 + strlen (TEMP_SUFFIX)
          || !g_str_has_prefix (name, prefix) || !g_str_has_suffix (name, TEMP_SUFFIX))
        continue;
      full = g_build_filename (dir, name, NULL);
      fd = g_open (full, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0);
      if (fd < 0)
        continue;
      if (flock (fd, LOCK_EX | LOCK_NB) == 0)
        g_unlink (full);
      close (fd);
    }
}

/**
 * tw_save_file_begin:
 * @path: the file to write (it may not exist yet; it may be a symbolic link)
 * @error: a G_FILE_ERROR
 *
 * Starts a save of @path: creates the temporary file (removing those that
 * killed saves of @path left behind). Write with tw_save_file_write() or
 * anything that writes to tw_save_file_get_path(), then
 * tw_save_file_commit() or tw_save_file_abort(). A device or FIFO (e.g.
 * /dev/null, /dev/stdout on a pipe) is written directly: it cannot be
 * replaced.
 *
 * Returns: (transfer full): the save, or NULL with @error set.
 */
TwSaveFile *
tw_save_file_begin (const char  *path,
                    GError     **error)
{
  return tw_save_file_begin_with_mode (path, 0666, error);
}

/**
 * tw_save_file_begin_with_mode:
 * @mode: the permission bits of a new file (minus the umask); a replaced
 *   file keeps its own
 *
 * tw_save_file_begin() for a file that is private when new (0600).
 */
TwSaveFile *
tw_save_file_begin_with_mode (const char  *path,
                              int          mode,
                              GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  TwSaveFile *file;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_stat (path, &st) == 0 && S_ISDIR (st.st_mode))
    {
      set_errno_error (error, path, EISDIR);
      return NULL;
    }
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      int fd = g_open (path, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0);

      if (fd < 0)
        {
          set_errno_error (error, path, errno);
          return NULL;
        }
      file = g_new0 (TwSaveFile, 1);
      file->path = g_strdup (path);
      file->target = g_strdup (path);
      file->fd = fd;
      return file;
    }

  target = follow_links (path, error);
  if (target == NULL)
    return NULL;
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  remove_stale (dir, base);

  for (guint attempt = 0; attempt < 8; attempt++)
    {
      g_autofree char *temp = g_strdup_printf ("%s/.%.*s.XXXXXX" TEMP_SUFFIX, dir,
                                               TEMP_BASE_MAX, base);
      int fd = g_mkstemp_full (temp, O_RDWR | O_CLOEXEC, mode);
      struct stat fst;

      if (fd < 0)
        {
          set_errno_error (error, path, errno);
          return NULL;
        }
      /* A concurrent remove_stale() may have taken the lock between the
       * creation and now, and unlinked the file: then try another name. */
      while (flock (fd, LOCK_EX) != 0 && errno == EINTR)
        ;
      if (fstat (fd, &fst) == 0 && fst.st_nlink == 0)
        {
          close (fd);
          continue;
        }
      file = g_new0 (TwSaveFile, 1);
      file->path = g_strdup (path);
      file->target = g_steal_pointer (&target);
      file->temp = g_steal_pointer (&temp);
      file->fd = fd;
      return file;
    }
  set_errno_error (error, path, EEXIST);
  return NULL;
}

/**
 * tw_save_file_get_path:
 *
 * Returns: the file the content goes to until the commit: the temporary file,
 * or the device itself.
 */
const char *
tw_save_file_get_path (const TwSaveFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->temp != NULL ? file->temp : file->target;
}

/**
 * tw_save_file_write:
 * @error: (nullable): a G_FILE_ERROR
 *
 * Appends @len bytes. A failure is also kept in @file: the commit then fails
 * with it, so a writer that cannot check every write (a cairo stream) still
 * cannot replace the target with a short file.
 */
gboolean
tw_save_file_write (TwSaveFile  *file,
                    const void  *data,
                    gsize        len,
                    GError     **error)
{
  const char *p = data;

  g_return_val_if_fail (file != NULL && file->fd >= 0, FALSE);

  if (file->saved_errno != 0)
    {
      set_errno_error (error, file->path, file->saved_errno);
      return FALSE;
    }
  while (len > 0)
    {
      ssize_t n = write (file->fd, p, MIN (len, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          file->saved_errno = n < 0 ? errno : EIO;
          set_errno_error (error, file->path, file->saved_errno);
          return FALSE;
        }
      p += n;
      len -= (gsize) n;
    }
  return TRUE;
}

/* fsync and the replaced file's mode and owner: everything but the rename */
static gboolean
prepare_commit (TwSaveFile  *file,
                GError     **error)
{
  GStatBuf st;

  if (file->saved_errno != 0)
    {
      set_errno_error (error, file->path, file->saved_errno);
      return FALSE;
    }
  if (file->temp == NULL)
    return TRUE;
  if (g_stat (file->target, &st) == 0 && S_ISREG (st.st_mode))
    {
      if (fchmod (file->fd, st.st_mode & 07777) != 0)
        {
          set_errno_error (error, file->path, errno);
          return FALSE;
        }
      /* Only root or the owner can keep the owner; for anyone else the
       * replaced file becomes theirs, as with any editor that saves by
       * renaming. */
      if (fchown (file->fd, st.st_uid, st.st_gid) != 0 && errno != EPERM)
        {
          set_errno_error (error, file->path, errno);
          return FALSE;
        }
    }
  if (fsync (file->fd) != 0)
    {
      set_errno_error (error, file->path, errno);
      return FALSE;
    }
  return TRUE;
}

static void
sync_dir (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  int fd = g_open (dir, O_RDONLY | O_CLOEXEC | O_DIRECTORY, 0);

  /* Some file systems refuse fsync on a folder; the rename is done anyway. */
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

static void
save_file_free (TwSaveFile *file)
{
  if (file->fd >= 0)
    close (file->fd);
  g_free (file->path);
  g_free (file->target);
  g_free (file->temp);
  g_free (file);
}

/**
 * tw_save_files_commit:
 * @files: (transfer full): saves begun with tw_save_file_begin()
 * @error: a G_FILE_ERROR
 *
 * Commits several files together, for an export of several pages: every
 * file is flushed first, and only when all of them are on the disk are they
 * renamed over their targets, one after the other. On a failure before the
 * renames nothing is replaced. Frees every save, whatever the result.
 */
gboolean
tw_save_files_commit (TwSaveFile **files,
                      guint        n_files,
                      GError     **error)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < n_files && ok; i++)
    ok = prepare_commit (files[i], error);
  for (guint i = 0; i < n_files && ok; i++)
    {
      if (files[i]->temp == NULL)
        continue;
      if (g_rename (files[i]->temp, files[i]->target) != 0)
        {
          set_errno_error (error, files[i]->path, errno);
          ok = FALSE;
          break;
        }
      g_clear_pointer (&files[i]->temp, g_free);
      sync_dir (files[i]->target);
    }
  /* The lock goes with the close, so only after the rename: before it,
   * remove_stale() in another save could take the temporary file for a
   * killed one. */
  for (guint i = 0; i < n_files; i++)
    {
      if (files[i]->fd >= 0 && close (files[i]->fd) != 0 && ok)
        {
          set_errno_error (error, files[i]->path, errno);
          ok = FALSE;
        }
      files[i]->fd = -1;
      tw_save_file_abort (files[i]);
    }
  return ok;
}

/**
 * tw_save_file_commit:
 * @file: (transfer full): the save
 * @error: a G_FILE_ERROR
 *
 * Flushes the content to the disk and puts it in place of the target; on a
 * failure removes it and leaves the target as it was. Frees @file.
 */
gboolean
tw_save_file_commit (TwSaveFile  *file,
                     GError     **error)
{
  g_return_val_if_fail (file != NULL, FALSE);
  return tw_save_files_commit (&file, 1, error);
}

/**
 * tw_save_file_abort:
 *
 * Drops a save: removes the temporary file; the target is untouched.
 */
void
tw_save_file_abort (TwSaveFile *file)
{
  if (file == NULL)
    return;
  if (file->temp != NULL)
    g_unlink (file->temp);
  save_file_free (file);
}

/**
 * tw_file_save:
 * @path: the file to replace or create
 * @len: the length of @data, or -1 when it is a NUL-terminated string
 * @error: a G_FILE_ERROR
 *
 * Saves @data as the whole content of @path atomically (see tw-file.h).
 */
gboolean
tw_file_save (const char  *path,
              const void  *data,
              gssize       len,
              GError     **error)
{
  return tw_file_save_with_mode (path, data, len, 0666, error);
}

/**
 * tw_file_save_with_mode:
 * @mode: the permission bits of a new file, see tw_save_file_begin_with_mode()
 *
 * tw_file_save() for a file that is private when new.
 */
gboolean
tw_file_save_with_mode (const char  *path,
                        const void  *data,
                        gssize       len,
                        int          mode,
                        GError     **error)
{
  g_autoptr(TwSaveFile) file = NULL;

  g_return_val_if_fail (path != NULL && data != NULL, FALSE);

  file = tw_save_file_begin_with_mode (path, mode, error);
  if (file == NULL)
    return FALSE;
  if (!tw_save_file_write (file, data, len < 0 ? strlen (data) : (gsize) len, error))
    return FALSE;
  return tw_save_file_commit (g_steal_pointer (&file), error);
}

/* "4 MiB", "3 GiB", "5.2 MiB", "812 bytes": plain spaces and a '.' (not
 * g_format_size(), whose no-break space and decimal comma a terminal in the
 * C locale shows as garbage); only the word "bytes" is translated. */
static char *
format_size (guint64 n)
{
  const guint64 mib = 1024 * 1024, gib = mib * 1024;

  if (n >= gib && n % gib == 0)
    return g_strdup_printf ("%llu GiB", (unsigned long long) (n / gib));
  if (n >= mib && n % mib == 0)
    return g_strdup_printf ("%llu MiB", (unsigned long long) (n / mib));
  if (n >= mib)
    return g_strdup_printf ("%llu.%llu MiB", (unsigned long long) (n / mib),
                            (unsigned long long) (n % mib * 10 / mib));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%llu byte", "%llu bytes", n),
                          (unsigned long long) n);
}

/**
 * tw_file_read_limited:
 * @path: the file
 * @max_bytes: the most it may hold
 * @what: what the file is, for the message ("a record")
 * @contents: (out): the bytes, NUL-terminated
 * @length: (out): their number
 * @error: a G_FILE_ERROR, or TW_FILE_ERROR_TOO_LARGE over the limit
 *
 * Reads a whole file, but never more than @max_bytes + 1 bytes of it: a
 * regular file over the limit is refused before reading (a sparse file of
 * terabytes costs nothing), and a device or FIFO that never ends (/dev/zero)
 * is refused once it has given more than the limit. Memory grows with what
 * was read, not with the limit.
 */
gboolean
tw_file_read_limited (const char  *path,
                      gsize        max_bytes,
                      const char  *what,
                      char       **contents,
                      gsize       *length,
                      GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *limit = format_size (max_bytes);
  g_autoptr(GByteArray) buf = NULL;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL && contents != NULL, FALSE);

  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot read '%s': %s"), display, g_strerror (saved_errno));
      return FALSE;
    }
  if (fstat (fd, &st) == 0 && S_ISDIR (st.st_mode))
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                   _("cannot read '%s': %s"), display, g_strerror (EISDIR));
      return FALSE;
    }
  if (S_ISREG (st.st_mode) && (guint64) st.st_size > max_bytes)
    {
      g_autofree char *size = format_size (st.st_size);

      close (fd);
      g_set_error (error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE,
                   _("%s:1:1: the file is %s, more than the limit of %s for %s"), display, size,
                   limit, what);
      return FALSE;
    }

  buf = g_byte_array_sized_new (S_ISREG (st.st_mode) ? (guint) st.st_size + 1 : 65536);
  for (;;)
    {
      guint8 chunk[65536];
      gsize want = MIN (sizeof chunk, max_bytes + 1 - buf->len);
      ssize_t n = read (fd, chunk, want);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          close (fd);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("cannot read '%s': %s"), display, g_strerror (saved_errno));
          return FALSE;
        }
      if (n == 0)
        break;
      g_byte_array_append (buf, chunk, (guint) n);
      if (buf->len > max_bytes)
        {
          close (fd);
          g_set_error (error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE,
                       _("%s:1:1: the file is more than the limit of %s for %s"), display,
                       limit, what);
          return FALSE;
        }
    }
  close (fd);

  if (length != NULL)
    *length = buf->len;
  g_byte_array_append (buf, (const guint8 *) "", 1);
  *contents = (char *) g_byte_array_free (g_steal_pointer (&buf), FALSE);
  return TRUE;
}
