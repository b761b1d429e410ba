/* test-file.c: atomic saves and size-limited reads (tw-file.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tw-file.h"

/* The names in @dir that are temporary files of a save. */
static guint
count_temp_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    n += g_str_has_suffix (name, ".tw-save");
  return n;
}

/* Removes @dir and the files in it. */
static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_save_replaces (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tw-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;
  mode_t mask = umask (022);

  g_assert_true (tw_file_save (path, "one", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);  /* 0666 minus the umask */
  g_assert_true (tw_file_save (path, "two", 3, &error));
  text = read_text (path);
  g_assert_cmpstr (text, ==, "two");
  g_assert_cmpuint (count_temp_files (dir), ==, 0);

  /* a private file stays private, a new private one is 0600 */
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (tw_file_save_with_mode (path, "three", -1, 0600, &error));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  g_unlink (path);
  g_assert_true (tw_file_save_with_mode (path, "four", -1, 0600, &error));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  umask (mask);

  remove_dir (dir);
}

static void
test_save_through_links (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tw-file-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "real.txt", NULL);
  g_autofree char *link1 = g_build_filename (dir, "l1", NULL);
  g_autofree char *link2 = g_build_filename (dir, "l2", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  /* a chain of two links, the last one dangling: the file is created */
  g_assert_cmpint (symlink ("real.txt", link1), ==, 0);
  g_assert_cmpint (symlink (link1, link2), ==, 0);
  g_assert_true (tw_file_save (link2, "x", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link2, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_lstat (link1, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  text = read_text (real);
  g_assert_cmpstr (text, ==, "x");

  /* a loop of links is an error, not a hang */
  g_assert_cmpint (symlink ("loop", loop), ==, 0);
  g_assert_false (tw_file_save (loop, "x", -1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_LOOP);
  g_assert_cmpuint (count_temp_files (dir), ==, 0);

  remove_dir (dir);
}

static void
test_abort_keeps_target (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tw-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  TwSaveFile *file;

  g_assert_true (tw_file_save (path, "old", -1, &error));
  file = tw_save_file_begin (path, &error);
  g_assert_nonnull (file);
  g_assert_true (tw_save_file_write (file, "new, but cut", 12, &error));
  g_assert_cmpuint (count_temp_files (dir), ==, 1);
  tw_save_file_abort (file);
  g_assert_cmpuint (count_temp_files (dir), ==, 0);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "old");

  remove_dir (dir);
}

/* A failed write (here /dev/full's "no space") is kept: the commit fails
 * with it even when the writer did not look at the write's result. */
static void
test_write_error_is_kept (void)
{
  g_autoptr(GError) error = NULL;
  TwSaveFile *file;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  file = tw_save_file_begin ("/dev/full", &error);
  g_assert_no_error (error);
  g_assert_false (tw_save_file_write (file, "x", 1, NULL));
  g_assert_false (tw_save_file_commit (file, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC);
}

/* A killed save's temporary file is removed by the next save of the same
 * file; one whose writer is alive (it holds the lock) is left alone, as is
 * the temporary file of another target. */
static void
test_stale_temp_removed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tw-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a.txt", NULL);
  g_autofree char *stale = g_build_filename (dir, ".a.txt.AAAAAA.tw-save", NULL);
  g_autofree char *live = g_build_filename (dir, ".a.txt.BBBBBB.tw-save", NULL);
  g_autofree char *other = g_build_filename (dir, ".b.txt.CCCCCC.tw-save", NULL);
  g_autoptr(GError) error = NULL;
  int fd;

  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  g_assert_true (g_file_set_contents (live, "half", -1, NULL));
  g_assert_true (g_file_set_contents (other, "half", -1, NULL));
  fd = open (live, O_RDONLY);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);

  g_assert_true (tw_file_save (path, "whole", -1, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (live, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));

  close (fd);
  g_assert_true (tw_file_save (path, "whole", -1, &error));
  g_assert_false (g_file_test (live, G_FILE_TEST_EXISTS));

  remove_dir (dir);
}

static void
test_save_several (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tw-file-XXXXXX", NULL);
  g_autofree char *p1 = g_build_filename (dir, "p-1", NULL);
  g_autofree char *p2 = g_build_filename (dir, "p-2", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  TwSaveFile *files[2];

  g_assert_true (tw_file_save (p1, "old 1", -1, &error));
  files[0] = tw_save_file_begin (p1, &error);
  files[1] = tw_save_file_begin (p2, &error);
  g_assert_no_error (error);
  g_assert_true (tw_save_file_write (files[0], "new 1", 5, NULL));
  g_assert_true (tw_save_file_write (files[1], "new 2", 5, NULL));
  /* nothing is in place before the commit */
  text = read_text (p1);
  g_assert_cmpstr (text, ==, "old 1");
  g_assert_false (g_file_test (p2, G_FILE_TEST_EXISTS));
  g_assert_true (tw_save_files_commit (files, 2, &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  text = read_text (p2);
  g_assert_cmpstr (text, ==, "new 2");
  g_assert_cmpuint (count_temp_files (dir), ==, 0);

  remove_dir (dir);
}

static void
test_read_limited (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tw-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sparse", NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gsize len = 0;
  int fd;

  g_assert_true (tw_file_save (path, "12345", -1, &error));
  g_assert_true (tw_file_read_limited (path, 5, "a test file", &text, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, ==, 5);
  g_assert_cmpstr (text, ==, "12345");
  g_free (text);
  text = NULL;
  g_assert_false (tw_file_read_limited (path, 4, "a test file", &text, &len, &error));
  g_assert_error (error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "a test file"));
  g_assert_null (text);
  g_clear_error (&error);

  /* a sparse file of 1 TiB is refused from its size, without reading */
  fd = open (path, O_WRONLY | O_TRUNC);
  g_assert_cmpint (ftruncate (fd, G_GINT64_CONSTANT (1) << 40), ==, 0);
  close (fd);
  g_assert_false (tw_file_read_limited (path, 1 << 20, "a test file", &text, &len, &error));
  g_assert_error (error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* a device that never ends: refused after the limit */
  g_assert_false (tw_file_read_limited ("/dev/zero", 1 << 20, "a test file", &text, &len,
                                        &error));
  g_assert_error (error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE);
  g_clear_error (&error);

  g_assert_false (tw_file_read_limited (dir, 1 << 20, "a test file", &text, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);

  remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/file/save-replaces", test_save_replaces);
  g_test_add_func ("/tw/file/save-through-links", test_save_through_links);
  g_test_add_func ("/tw/file/abort-keeps-target", test_abort_keeps_target);
  g_test_add_func ("/tw/file/write-error-is-kept", test_write_error_is_kept);
  g_test_add_func ("/tw/file/stale-temp-removed", test_stale_temp_removed);
  g_test_add_func ("/tw/file/save-several", test_save_several);
  g_test_add_func ("/tw/file/read-limited", test_read_limited);

  return g_test_run ();
}
