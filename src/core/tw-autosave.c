/* tw-autosave.c: one autosave service for every kind of unsaved work
 *
 * See tw-autosave.h for the contract. The process has one worker thread for
 * every autosave, so writes and removals run in the order they were asked
 * for; each file has a record of the newest generation queued and landed,
 * and a lock held while it is written, so that a write on the calling
 * thread (tw_autosave_flush()) and one on the worker never interleave and
 * an older one never lands after a newer one.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-autosave.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "tw-file.h"

struct _TwAutosave
{
  gatomicrefcount     ref;         /* the owner's, and one per queued job */
  GMainContext       *context;     /* the owner's: timer and callbacks */
  char               *what;        /* what it keeps, for the log: "the game" */
  guint               delay_ms;
  TwAutosaveSnapshot  snapshot;
  TwAutosaveFailed    failed;
  gpointer            user_data;
  char               *path;
  GSource            *timer;
  guint               n_writes;
  gboolean            pending;     /* a change waits for the timer */
  gboolean            failing;     /* told; not again until a success */
  gboolean            detached;    /* freed by its owner: no more callbacks */
  gint                in_flight;   /* its jobs not done yet (atomic) */
};

/* Per file, for the life of the process (a process has a handful). */
typedef struct
{
  GMutex   write_lock;
  guint64  queued;   /* newest generation asked for */
  guint64  landed;   /* newest generation written or removed */
} FileState;

typedef struct
{
  TwAutosave *owner;
  char       *path;
  GBytes     *data;   /* NULL: remove */
  guint64     gen;
  gboolean    ok;
  GError     *error;
} Job;

static GMutex       lock;          /* guards files, next_gen, n_jobs */
static GCond        jobs_done;
static GHashTable  *files;         /* path → FileState */
static guint64      next_gen;
static guint        n_jobs;        /* queued and not done */
static GThreadPool *pool;

static TwAutosave *
autosave_ref (TwAutosave *self)
{
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

static void
autosave_unref (TwAutosave *self)
{
  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_free (self->path);
  g_free (self->what);
  g_main_context_unref (self->context);
  g_free (self);
}

static void
job_free (Job *job)
{
  autosave_unref (job->owner);
  g_free (job->path);
  g_clear_pointer (&job->data, g_bytes_unref);
  g_clear_error (&job->error);
  g_free (job);
}

/* Under the lock. */
static FileState *
file_state (const char *path)
{
  FileState *fs;

  if (files == NULL)
    files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  fs = g_hash_table_lookup (files, path);
  if (fs == NULL)
    {
      fs = g_new0 (FileState, 1);
      g_mutex_init (&fs->write_lock);
      g_hash_table_insert (files, g_strdup (path), fs);
    }
  return fs;
}

/* A job for @self's file with the next generation: newer than any queued. */
static Job *
job_alloc (TwAutosave *self,
           GBytes     *data)
{
  Job *job = g_new0 (Job, 1);

  job->owner = autosave_ref (self);
  job->path = g_strdup (self->path);
  job->data = data;
  g_mutex_lock (&lock);
  job->gen = ++next_gen;
  file_state (job->path)->queued = job->gen;
  g_mutex_unlock (&lock);
  return job;
}

/* Takes a snapshot for @self's file and gives it the next generation; NULL
 * when the snapshot failed (told). */
static Job *
job_new (TwAutosave *self)
{
  g_autoptr(GError) error = NULL;
  GBytes *data = self->snapshot (self->user_data, &error);

  if (data == NULL && error != NULL)
    {
      g_message ("Could not autosave %s: %s", self->what, error->message);
      if (!self->failing && self->failed != NULL)
        self->failed (self->user_data, error);
      self->failing = TRUE;
      return NULL;
    }
  self->n_writes++;
  return job_alloc (self, data);
}

/* Any thread: writes or removes unless a newer job of the file is queued
 * or has landed (then it is skipped, and counts as done well). */
static void
job_run (Job *job)
{
  g_autofree char *dir = NULL;
  FileState *fs;
  gboolean stale;

  g_mutex_lock (&lock);
  fs = file_state (job->path);
  g_mutex_unlock (&lock);

  g_mutex_lock (&fs->write_lock);
  g_mutex_lock (&lock);
  stale = fs->queued > job->gen || fs->landed > job->gen;
  g_mutex_unlock (&lock);

  job->ok = TRUE;
  if (stale)
    ;
  else if (job->data != NULL)
    {
      gsize len = 0;
      const char *bytes = g_bytes_get_data (job->data, &len);

      dir = g_path_get_dirname (job->path);
      if (g_mkdir_with_parents (dir, 0700) != 0)
        g_set_error (&job->error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", dir,
                     g_strerror (errno));
      else
        tw_file_save_with_mode (job->path, bytes, (gssize) len, 0600, &job->error);
    }
  else if (g_unlink (job->path) != 0 && errno != ENOENT)
    g_set_error (&job->error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s",
                 job->path, g_strerror (errno));

  if (!stale && job->error == NULL)
    {
      g_mutex_lock (&lock);
      fs->landed = MAX (fs->landed, job->gen);
      g_mutex_unlock (&lock);
    }
  job->ok = job->error == NULL;
  g_mutex_unlock (&fs->write_lock);
}

/* The owner's thread: a failure is told once until a success. */
static void
job_report (Job *job)
{
  TwAutosave *self = job->owner;

  if (job->ok)
    {
      self->failing = FALSE;
      return;
    }
  g_message ("Could not autosave %s: %s", self->what, job->error->message);
  if (self->detached || self->failing)
    return;
  self->failing = TRUE;
  if (self->failed != NULL)
    self->failed (self->user_data, job->error);
}

static gboolean
job_report_cb (gpointer data)
{
  Job *job = data;

  job_report (job);
  job_free (job);
  return G_SOURCE_REMOVE;
}

static void
worker (gpointer data,
        gpointer user_data)
{
  Job *job = data;
  GSource *source;

  job_run (job);
  g_atomic_int_add (&job->owner->in_flight, -1);

  source = g_idle_source_new ();
  g_source_set_callback (source, job_report_cb, job, NULL);
  g_source_set_static_name (source, "[tilewright] autosave report");
  g_source_attach (source, job->owner->context);
  g_source_unref (source);

  g_mutex_lock (&lock);
  n_jobs--;
  g_cond_broadcast (&jobs_done);
  g_mutex_unlock (&lock);
}

static void
queue (TwAutosave *self,
       Job        *job)
{
  static gsize once;

  if (g_once_init_enter (&once))
    {
      /* one exclusive thread: the queue's order is the writes' order */
      pool = g_thread_pool_new (worker, NULL, 1, TRUE, NULL);
      g_once_init_leave (&once, 1);
    }
  g_atomic_int_inc (&self->in_flight);
  g_mutex_lock (&lock);
  n_jobs++;
  g_mutex_unlock (&lock);
  g_thread_pool_push (pool, job, NULL);
}

static gboolean
timer_cb (gpointer data)
{
  TwAutosave *self = data;
  Job *job;

  g_clear_pointer (&self->timer, g_source_unref);
  self->pending = FALSE;
  if (self->path != NULL && (job = job_new (self)) != NULL)
    queue (self, job);
  return G_SOURCE_REMOVE;
}

static void
stop_timer (TwAutosave *self)
{
  if (self->timer == NULL)
    return;
  g_source_destroy (self->timer);
  g_clear_pointer (&self->timer, g_source_unref);
}

/**
 * tw_autosave_new:
 * @what: what it keeps, as the log names it ("the game")
 * @delay_ms: how long after a change it is written
 * @snapshot: what to keep, asked on this thread when a write is due
 * @failed: (nullable): told once when writes start failing
 * @user_data: for both
 *
 * Returns: (transfer full): an autosave with no file yet
 */
TwAutosave *
tw_autosave_new (const char        *what,
                 guint              delay_ms,
                 TwAutosaveSnapshot snapshot,
                 TwAutosaveFailed   failed,
                 gpointer           user_data)
{
  TwAutosave *self;

  g_return_val_if_fail (snapshot != NULL, NULL);

  self = g_new0 (TwAutosave, 1);
  g_atomic_ref_count_init (&self->ref);
  self->context = g_main_context_ref_thread_default ();
  self->what = g_strdup (what);
  self->delay_ms = delay_ms;
  self->snapshot = snapshot;
  self->failed = failed;
  self->user_data = user_data;
  return self;
}

void
tw_autosave_free (TwAutosave *self)
{
  if (self == NULL)
    return;
  stop_timer (self);
  self->detached = TRUE;
  self->snapshot = NULL;
  self->failed = NULL;
  self->user_data = NULL;
  autosave_unref (self);
}

void
tw_autosave_set_path (TwAutosave *self,
                      const char *path)
{
  g_return_if_fail (self != NULL);

  if (g_strcmp0 (self->path, path) == 0)
    return;
  if (self->pending)
    tw_autosave_flush (self);
  g_free (self->path);
  self->path = g_strdup (path);
}

const char *
tw_autosave_get_path (TwAutosave *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

/* Armed once, not pushed back by further changes, so that a steady stream of
 * changes is still written every delay. */
void
tw_autosave_changed (TwAutosave *self)
{
  g_return_if_fail (self != NULL);

  if (self->path == NULL)
    return;
  self->pending = TRUE;
  if (self->timer != NULL)
    return;
  self->timer = g_timeout_source_new (self->delay_ms);
  g_source_set_callback (self->timer, timer_cb, self, NULL);
  g_source_set_static_name (self->timer, "[tilewright] autosave");
  g_source_attach (self->timer, self->context);
}

gboolean
tw_autosave_is_pending (TwAutosave *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->pending;
}

/* A change not written yet, or a write of it still under way: written here
 * and now, and newer than anything queued. */
void
tw_autosave_flush (TwAutosave *self)
{
  Job *job;

  g_return_if_fail (self != NULL);

  stop_timer (self);
  if (self->path == NULL || !(self->pending || g_atomic_int_get (&self->in_flight) > 0))
    {
      self->pending = FALSE;
      return;
    }
  self->pending = FALSE;
  if ((job = job_new (self)) == NULL)
    return;
  job_run (job);
  job_report (job);
  job_free (job);
}

void
tw_autosave_remove (TwAutosave *self)
{
  g_return_if_fail (self != NULL);

  stop_timer (self);
  self->pending = FALSE;
  if (self->path == NULL)
    return;
  queue (self, job_alloc (self, NULL));
}

guint
tw_autosave_get_n_writes (TwAutosave *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_writes;
}

void
tw_autosave_wait_all (void)
{
  g_mutex_lock (&lock);
  while (n_jobs > 0)
    g_cond_wait (&jobs_done, &lock);
  g_mutex_unlock (&lock);
}
