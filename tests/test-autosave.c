/* test-autosave.c: the autosave service (tw-autosave.h): coalesced writes,
 * flushes, removals, newest write wins, failures told once
 *
 * Nothing here waits for a time to pass: the tests run the main loop until
 * the event they expect (the timer firing, the worker's report) has come.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "tw-autosave.h"

typedef struct
{
  char    *dir;
  char    *path;
  char    *text;       /* what the snapshot gives; NULL: nothing to keep */
  gboolean fail_snapshot;
  guint    n_snapshots;
  guint    n_failed;
} Owner;

static GBytes *
snapshot (gpointer   user_data,
          GError   **error)
{
  Owner *o = user_data;

  o->n_snapshots++;
  if (o->fail_snapshot)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "no snapshot");
      return NULL;
    }
  return o->text != NULL ? g_bytes_new (o->text, strlen (o->text)) : NULL;
}

static void
failed (gpointer      user_data,
        const GError *error)
{
  Owner *o = user_data;

  g_assert_nonnull (error);
  o->n_failed++;
}

static void
owner_init (Owner *o)
{
  memset (o, 0, sizeof *o);
  o->dir = g_dir_make_tmp ("tw-autosave-XXXXXX", NULL);
  g_assert_nonnull (o->dir);
  o->path = g_build_filename (o->dir, "sub", "autosave.yaml", NULL);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
owner_clear (Owner *o)
{
  remove_tree (o->dir);
  g_free (o->dir);
  g_free (o->path);
  g_free (o->text);
}

/* The queued writes done and their reports delivered. */
static void
settle (void)
{
  tw_autosave_wait_all ();
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static char *
contents (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

/* Changes before the timer fires go out in one write, of the last text. */
static void
test_coalesced (void)
{
  Owner o;
  TwAutosave *a;
  g_autofree char *got = NULL;
  GStatBuf st;

  owner_init (&o);
  a = tw_autosave_new ("the test", 5, snapshot, failed, &o);

  /* no path: nothing is armed */
  tw_autosave_changed (a);
  g_assert_false (tw_autosave_is_pending (a));

  tw_autosave_set_path (a, o.path);
  g_assert_cmpstr (tw_autosave_get_path (a), ==, o.path);
  for (guint i = 0; i < 5; i++)
    {
      g_free (o.text);
      o.text = g_strdup_printf ("move %u\n", i);
      tw_autosave_changed (a);
    }
  g_assert_true (tw_autosave_is_pending (a));
  g_assert_cmpuint (o.n_snapshots, ==, 0);
  while (tw_autosave_is_pending (a))
    g_main_context_iteration (NULL, TRUE);
  settle ();

  g_assert_cmpuint (o.n_snapshots, ==, 1);
  g_assert_cmpuint (tw_autosave_get_n_writes (a), ==, 1);
  got = contents (o.path);
  g_assert_cmpstr (got, ==, "move 4\n");
  /* private: the file 0600 */
  g_assert_cmpint (g_stat (o.path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpuint (o.n_failed, ==, 0);

  tw_autosave_free (a);
  owner_clear (&o);
}

/* A flush writes on this thread, now; with nothing pending it writes
 * nothing. */
static void
test_flush (void)
{
  Owner o;
  TwAutosave *a;
  g_autofree char *got = NULL;

  owner_init (&o);
  a = tw_autosave_new ("the test", 60 * 1000, snapshot, failed, &o);
  tw_autosave_set_path (a, o.path);

  tw_autosave_flush (a);
  g_assert_cmpuint (o.n_snapshots, ==, 0);
  g_assert_false (g_file_test (o.path, G_FILE_TEST_EXISTS));

  o.text = g_strdup ("flushed\n");
  tw_autosave_changed (a);
  tw_autosave_flush (a);
  g_assert_false (tw_autosave_is_pending (a));
  got = contents (o.path);
  g_assert_cmpstr (got, ==, "flushed\n");
  g_assert_cmpuint (tw_autosave_get_n_writes (a), ==, 1);

  tw_autosave_free (a);
  settle ();
  owner_clear (&o);
}

/* Two owners of one file: whatever the worker's timing, the newest snapshot
 * is what the file holds. */
static void
test_newest_wins (void)
{
  Owner o1, o2;
  TwAutosave *a1, *a2;

  owner_init (&o1);
  owner_init (&o2);
  a1 = tw_autosave_new ("the test", 1, snapshot, failed, &o1);
  a2 = tw_autosave_new ("the test", 60 * 1000, snapshot, failed, &o2);
  tw_autosave_set_path (a1, o1.path);
  tw_autosave_set_path (a2, o1.path);

  for (guint round = 0; round < 20; round++)
    {
      g_autofree char *got = NULL;

      g_free (o1.text);
      o1.text = g_strdup_printf ("old %u\n", round);
      g_free (o2.text);
      o2.text = g_strdup_printf ("new %u\n", round);
      /* the older write queued on the worker… */
      tw_autosave_changed (a1);
      while (tw_autosave_is_pending (a1))
        g_main_context_iteration (NULL, TRUE);
      /* …the newer one written here, maybe before it, maybe after */
      tw_autosave_changed (a2);
      tw_autosave_flush (a2);
      settle ();
      got = contents (o1.path);
      g_assert_cmpstr (got, ==, o2.text);
    }
  g_assert_cmpuint (o1.n_failed + o2.n_failed, ==, 0);

  tw_autosave_free (a1);
  tw_autosave_free (a2);
  owner_clear (&o1);
  owner_clear (&o2);
}

/* A removal drops what is pending and removes the file; a snapshot with
 * nothing to keep removes it too; a write after a removal lands. */
static void
test_remove (void)
{
  Owner o;
  TwAutosave *a;
  g_autofree char *got = NULL;

  owner_init (&o);
  a = tw_autosave_new ("the test", 60 * 1000, snapshot, failed, &o);
  tw_autosave_set_path (a, o.path);

  o.text = g_strdup ("text\n");
  tw_autosave_changed (a);
  tw_autosave_flush (a);
  g_assert_true (g_file_test (o.path, G_FILE_TEST_EXISTS));

  tw_autosave_changed (a);
  tw_autosave_remove (a);
  g_assert_false (tw_autosave_is_pending (a));
  settle ();
  g_assert_false (g_file_test (o.path, G_FILE_TEST_EXISTS));
  /* removing what is not there is no failure */
  tw_autosave_remove (a);
  settle ();
  g_assert_cmpuint (o.n_failed, ==, 0);

  tw_autosave_changed (a);
  tw_autosave_flush (a);
  got = contents (o.path);
  g_assert_cmpstr (got, ==, "text\n");

  g_clear_pointer (&o.text, g_free);
  tw_autosave_changed (a);
  tw_autosave_flush (a);
  g_assert_false (g_file_test (o.path, G_FILE_TEST_EXISTS));

  tw_autosave_free (a);
  settle ();
  owner_clear (&o);
}

/* A failing write is told once, not again until a write succeeds; then the
 * next failure is told again. A failed snapshot counts as a failure. */
static void
test_failure_told_once (void)
{
  Owner o;
  TwAutosave *a;
  g_autofree char *blocker = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *good = NULL;

  owner_init (&o);
  /* a path under a regular file: its folder cannot be made */
  blocker = g_build_filename (o.dir, "file", NULL);
  g_assert_true (g_file_set_contents (blocker, "x", 1, NULL));
  bad = g_build_filename (blocker, "autosave.yaml", NULL);
  good = g_build_filename (o.dir, "good.yaml", NULL);

  a = tw_autosave_new ("the test", 1, snapshot, failed, &o);
  tw_autosave_set_path (a, bad);
  o.text = g_strdup ("text\n");
  for (guint i = 0; i < 3; i++)
    {
      tw_autosave_changed (a);
      while (tw_autosave_is_pending (a))
        g_main_context_iteration (NULL, TRUE);
      settle ();
    }
  g_assert_cmpuint (tw_autosave_get_n_writes (a), ==, 3);
  g_assert_cmpuint (o.n_failed, ==, 1);

  tw_autosave_set_path (a, good);
  tw_autosave_changed (a);
  tw_autosave_flush (a);
  g_assert_true (g_file_test (good, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (o.n_failed, ==, 1);

  o.fail_snapshot = TRUE;
  tw_autosave_changed (a);
  tw_autosave_flush (a);
  tw_autosave_changed (a);
  tw_autosave_flush (a);
  g_assert_cmpuint (o.n_failed, ==, 2);

  tw_autosave_free (a);
  settle ();
  owner_clear (&o);
}

/* An owner gone while its writes are queued hears nothing more, and the
 * writes still land. */
static void
test_free_while_queued (void)
{
  Owner o;
  TwAutosave *a;
  g_autofree char *got = NULL;

  owner_init (&o);
  a = tw_autosave_new ("the test", 1, snapshot, failed, &o);
  tw_autosave_set_path (a, o.path);
  o.text = g_strdup ("last\n");
  tw_autosave_changed (a);
  while (tw_autosave_is_pending (a))
    g_main_context_iteration (NULL, TRUE);
  tw_autosave_free (a);
  settle ();
  got = contents (o.path);
  g_assert_cmpstr (got, ==, "last\n");
  g_assert_cmpuint (o.n_failed, ==, 0);
  owner_clear (&o);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/autosave/coalesced", test_coalesced);
  g_test_add_func ("/autosave/flush", test_flush);
  g_test_add_func ("/autosave/newest-wins", test_newest_wins);
  g_test_add_func ("/autosave/remove", test_remove);
  g_test_add_func ("/autosave/failure-told-once", test_failure_told_once);
  g_test_add_func ("/autosave/free-while-queued", test_free_while_queued);

  return g_test_run ();
}
