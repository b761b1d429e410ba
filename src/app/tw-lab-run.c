/* tw-lab-run.c: a Lab run: bots play a game many times off the main loop
 *
 * A run plays games on a GTask thread through tw_sim_run() in chunks of
 * consecutive game indexes (about a third of a second each); every finished
 * chunk is kept for the main loop, which hands them on ("results") every
 * 250 ms. Since game i is a pure function of (seed, i), the merged chunks are
 * exactly the run tw_sim_run() would make in one go, and an A/B comparison
 * plays the same chunk for both arms so that partial results stay paired
 * (both arms of a chunk are handed over together).
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-lab-run.h"

#include <string.h>

/* Shared by the main loop and the worker thread; the worker only reads the
 * configuration and touches the rest under the mutex. */
typedef struct
{
  gint       ref_count;
  TwGame    *games[2];
  guint      n_arms;
  char      *change;       /* arm B's difference, "set name=value" or "definition NAME" */
  char      *path;
  char      *path_b;       /* B's definition file when B plays another definition */
  TwBotSpec  bots[TW_MAX_PLAYERS];
  guint64    seed;
  guint64    total;
  guint      jobs;
  gboolean   stream;       /* chunks keep no games (tw_sim_run's stream) */
  gint       cancel;
  GMutex     mutex;
  GPtrArray *pending[2];   /* finished chunks (TwSimArm) not yet handed on */
  guint64    base;         /* games of finished chunks, over all arms */
  guint64    done;         /* base + games of the chunk being played */
} Run;

struct _TwLabRun
{
  GObject         parent_instance;

  /* Owned */
  TwLabRunConfig  config;
  Run            *run;
  guint           timer;
  gint64          started;       /* monotonic time of the start */
  gint64          ended;         /* … and of the end, or 0 */
  gint64          next_charts;   /* monotonic time of the next chunks handed on */
  gboolean        running;
  gboolean        discard;       /* hand nothing more on */
};

G_DEFINE_FINAL_TYPE (TwLabRun, tw_lab_run, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  RESULTS,
  PROGRESS,
  FINISHED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * tw_lab_run_config_clear:
 * @config: a run's configuration
 *
 * Frees what @config holds and zeroes it.
 */
void
tw_lab_run_config_clear (TwLabRunConfig *config)
{
  for (guint k = 0; k < 2; k++)
    g_clear_pointer (&config->games[k], tw_game_unref);
  g_clear_pointer (&config->change, g_free);
  g_clear_pointer (&config->compare, g_free);
  memset (config, 0, sizeof *config);
}

/* ------------------------------------------------------------------------ */
/* Run                                                                      */

static Run *
run_ref (Run *run)
{
  g_atomic_int_inc (&run->ref_count);
  return run;
}

static void
run_unref (gpointer data)
{
  Run *run = data;

  if (!g_atomic_int_dec_and_test (&run->ref_count))
    return;
  for (guint k = 0; k < 2; k++)
    {
      g_clear_pointer (&run->games[k], tw_game_unref);
      g_clear_pointer (&run->pending[k], g_ptr_array_unref);
    }
  g_free (run->change);
  g_free (run->path);
  g_free (run->path_b);
  g_mutex_clear (&run->mutex);
  g_free (run);
}

static void
run_progress (guint64  done,
              guint64  total,
              gpointer user_data)
{
  Run *run = user_data;

  (void) total;
  g_mutex_lock (&run->mutex);
  run->done = run->base + done;
  g_mutex_unlock (&run->mutex);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Run *run = task_data;
  guint64 next = 0, chunk = MAX (run->jobs * 2, 2);

  (void) source_object;
  (void) cancellable;
  while (next < run->total)
    {
      guint64 last = MIN (run->total, next + chunk);
      gint64 t0 = g_get_monotonic_time ();
      TwSimArm *arms[2] = { NULL, NULL };
      double elapsed;

      /* a streamed A/B chunk plays game i of both arms together, so that
       * B's statistics keep the paired differences without the games;
       * otherwise an arm at a time */
      for (guint k = 0; k < (run->stream ? 1 : run->n_arms); k++)
        {
          g_autoptr(GError) error = NULL;
          TwSimConfig config = { 0, };
          TwSimArm *arm;
          gboolean pair = run->stream && run->n_arms == 2;

          config.game = run->games[k];
          config.path = k == 1 && run->path_b != NULL ? run->path_b : run->path;
          memcpy (config.bots, run->bots, sizeof config.bots);
          config.seed = run->seed;
          config.total_games = run->total;
          config.first = next;
          config.last = last;
          config.jobs = run->jobs;
          config.cancel = &run->cancel;
          config.progress = run_progress;
          config.progress_data = run;
          config.stream = run->stream;
          /* the components' figures cost little and answer "which card is
           * too strong?" */
          config.impact = TRUE;
          arm = pair ? tw_sim_run_pair (&config, run->games[1], run->path_b, &arms[1], &error)
                     : tw_sim_run (&config, &error);
          if (arm == NULL)
            {
              /* a chunk A played but B did not is dropped: the results stay paired */
              g_clear_pointer (&arms[0], tw_sim_arm_free);
              g_task_return_error (task, g_steal_pointer (&error));
              return;
            }
          arms[k] = arm;
          g_mutex_lock (&run->mutex);
          run->base += (last - next) * (pair ? 2 : 1);
          run->done = run->base;
          g_mutex_unlock (&run->mutex);
        }
      if (run->n_arms == 2)
        for (guint k = 0; k < 2; k++)
          {
            arms[k]->label = g_strdup (k == 0 ? "A" : "B");
            arms[k]->change = g_strdup (k == 0 ? NULL : run->change);
          }
      /* both arms of a chunk are shown together, never A alone */
      g_mutex_lock (&run->mutex);
      for (guint k = 0; k < run->n_arms; k++)
        g_ptr_array_add (run->pending[k], arms[k]);
      g_mutex_unlock (&run->mutex);
      /* the next chunk takes about 0.3 s: partial results a few times a second */
      elapsed = MAX ((g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC, 1e-3);
      chunk = (guint64) CLAMP ((last - next) * 0.3 / elapsed, run->jobs, 200000);
      next = last;
    }
  g_task_return_boolean (task, TRUE);
}

/* ------------------------------------------------------------------------ */
/* Running                                                                  */

/* Hands the finished chunks on (none once discarded). */
static void
take_pending (TwLabRun *self)
{
  Run *run = self->run;
  GPtrArray *chunks[2] = { NULL, NULL };
  gboolean any = FALSE;

  g_mutex_lock (&run->mutex);
  for (guint k = 0; k < run->n_arms; k++)
    {
      chunks[k] = run->pending[k];
      run->pending[k] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
      any = any || chunks[k]->len > 0;
    }
  g_mutex_unlock (&run->mutex);

  if (any && !self->discard)
    g_signal_emit (self, signals[RESULTS], 0, chunks[0], chunks[1]);
  for (guint k = 0; k < run->n_arms; k++)
    g_ptr_array_unref (chunks[k]);
}

/* Merging and summarising cost time in proportion to the games shown, so
 * with hundreds of thousands of games the charts are redrawn less often:
 * at most a tenth of the main loop's time goes to them (the handlers of
 * "results") and the window stays responsive however long the run. The
 * progress is cheap and is told on every tick. */
static gboolean
tick (gpointer data)
{
  TwLabRun *self = data;
  gint64 now = g_get_monotonic_time ();

  if (now >= self->next_charts)
    {
      take_pending (self);
      self->next_charts = now + 10 * (g_get_monotonic_time () - now);
    }
  g_signal_emit (self, signals[PROGRESS], 0);
  return G_SOURCE_CONTINUE;
}

static void
run_finished (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TwLabRun *self = TW_LAB_RUN (source);
  g_autoptr(GError) error = NULL;

  (void) user_data;
  self->ended = g_get_monotonic_time ();
  g_task_propagate_boolean (G_TASK (result), &error);
  g_clear_handle_id (&self->timer, g_source_remove);
  take_pending (self);
  g_signal_emit (self, signals[PROGRESS], 0);
  self->running = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  if (error == NULL || g_error_matches (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED))
    g_signal_emit (self, signals[FINISHED], 0, error != NULL);
  else
    g_signal_emit (self, signals[FAILED], 0, error);
}

/* ------------------------------------------------------------------------ */

static void
tw_lab_run_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  TwLabRun *self = TW_LAB_RUN (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_lab_run_dispose (GObject *object)
{
  TwLabRun *self = TW_LAB_RUN (object);

  /* the task holds the run until its thread ends: this is after, or a
   * forced dispose, which stops the games */
  if (self->run != NULL)
    g_atomic_int_set (&self->run->cancel, 1);
  g_clear_handle_id (&self->timer, g_source_remove);
  G_OBJECT_CLASS (tw_lab_run_parent_class)->dispose (object);
}

static void
tw_lab_run_finalize (GObject *object)
{
  TwLabRun *self = TW_LAB_RUN (object);

  g_clear_pointer (&self->run, run_unref);
  tw_lab_run_config_clear (&self->config);
  G_OBJECT_CLASS (tw_lab_run_parent_class)->finalize (object);
}

static void
tw_lab_run_class_init (TwLabRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tw_lab_run_get_property;
  object_class->dispose = tw_lab_run_dispose;
  object_class->finalize = tw_lab_run_finalize;

  /* from tw_lab_run_start() until "finished" or "failed" */
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TwLabRun::results:
   * @a: (element-type TwSimArm): A's chunks finished since the last time, in
   *   the order of their games
   * @b: (element-type TwSimArm) (nullable): B's as many, paired with A's, in
   *   an A/B run
   *
   * Finished games, a few times a second while the run plays and once at its
   * end when any are left. The chunks are the run's: a handler copies or
   * merges what it keeps.
   */
  signals[RESULTS] = g_signal_new ("results", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER,
                                   G_TYPE_POINTER);
  /**
   * TwLabRun::progress:
   *
   * Four times a second, and once at the end: tw_lab_run_get_progress()
   * has moved on.
   */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * TwLabRun::finished:
   * @cancelled: the run was cancelled; the games played until then were
   *   handed on
   *
   * The run ended, after its last "results" and "progress".
   */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /**
   * TwLabRun::failed:
   * @error: why a game could not be played
   *
   * The run stopped, after its last "results" and "progress": the chunks
   * before the failing one were handed on.
   */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
tw_lab_run_init (TwLabRun *self)
{
  (void) self;
}

/**
 * tw_lab_run_new:
 * @config: what to play (copied)
 *
 * Returns: (transfer full): a run of @config, not started.
 */
TwLabRun *
tw_lab_run_new (const TwLabRunConfig *config)
{
  TwLabRun *self;
  Run *run;

  g_return_val_if_fail (config != NULL && config->games[0] != NULL, NULL);

  self = g_object_new (TW_TYPE_LAB_RUN, NULL);
  for (guint k = 0; k < 2; k++)
    self->config.games[k] = config->games[k] != NULL ? tw_game_ref (config->games[k]) : NULL;
  self->config.change = g_strdup (config->change);
  self->config.compare = g_strdup (config->compare);
  memcpy (self->config.bots, config->bots, sizeof self->config.bots);
  self->config.seed = config->seed;
  self->config.total = config->total;
  self->config.jobs = config->jobs;
  self->config.stream = config->stream || config->total > TW_SIM_LAB_KEEP_GAMES;

  run = g_new0 (Run, 1);
  run->ref_count = 1;
  g_mutex_init (&run->mutex);
  run->pending[0] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  run->pending[1] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  run->n_arms = config->games[1] != NULL ? 2 : 1;
  for (guint k = 0; k < run->n_arms; k++)
    run->games[k] = tw_game_ref (config->games[k]);
  run->change = g_strdup (config->change);
  run->path = g_strdup (config->games[0]->definition->path);
  /* B plays another definition: its own file */
  if (run->n_arms == 2 && config->games[1]->definition != config->games[0]->definition)
    run->path_b = g_strdup (config->games[1]->definition->path);
  memcpy (run->bots, config->bots, sizeof run->bots);
  run->seed = config->seed;
  run->total = config->total;
  run->jobs = config->jobs;
  run->stream = self->config.stream;
  self->run = run;
  return self;
}

/* What the run plays, as it was given. */
const TwLabRunConfig *
tw_lab_run_get_config (TwLabRun *self)
{
  g_return_val_if_fail (TW_IS_LAB_RUN (self), NULL);

  return &self->config;
}

/* 2 for an A/B run, else 1. */
guint
tw_lab_run_get_n_arms (TwLabRun *self)
{
  g_return_val_if_fail (TW_IS_LAB_RUN (self), 0);

  return self->run->n_arms;
}

/**
 * tw_lab_run_start:
 * @self: a run not started yet
 *
 * Starts the games on a worker thread; the signals come from the main loop
 * of the thread that calls this.
 */
void
tw_lab_run_start (TwLabRun *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (TW_IS_LAB_RUN (self));
  g_return_if_fail (self->started == 0);

  self->started = g_get_monotonic_time ();
  self->next_charts = 0;
  self->running = TRUE;
  task = g_task_new (self, NULL, run_finished, NULL);
  g_task_set_source_tag (task, tw_lab_run_start);
  g_task_set_task_data (task, run_ref (self->run), run_unref);
  g_task_run_in_thread (task, run_thread);
  self->timer = g_timeout_add (250, tick, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/**
 * tw_lab_run_cancel:
 * @self: a run
 *
 * Stops the games soon; the games played until then are still handed on,
 * then "finished" says the run was cancelled.
 */
void
tw_lab_run_cancel (TwLabRun *self)
{
  g_return_if_fail (TW_IS_LAB_RUN (self));

  g_atomic_int_set (&self->run->cancel, 1);
}

/**
 * tw_lab_run_discard:
 * @self: a run
 *
 * Cancels the run and hands no more results on: they were for something
 * that changed (the definition). "progress" and "finished" still come.
 */
void
tw_lab_run_discard (TwLabRun *self)
{
  g_return_if_fail (TW_IS_LAB_RUN (self));

  self->discard = TRUE;
  tw_lab_run_cancel (self);
}

gboolean
tw_lab_run_get_running (TwLabRun *self)
{
  g_return_val_if_fail (TW_IS_LAB_RUN (self), FALSE);

  return self->running;
}

/**
 * tw_lab_run_get_progress:
 * @self: a run
 * @done: (out): games played, over all arms
 * @total: (out): games to play, over all arms
 */
void
tw_lab_run_get_progress (TwLabRun *self,
                         guint64  *done,
                         guint64  *total)
{
  Run *run;

  g_return_if_fail (TW_IS_LAB_RUN (self));

  run = self->run;
  g_mutex_lock (&run->mutex);
  *done = run->done;
  g_mutex_unlock (&run->mutex);
  *total = run->total * run->n_arms;
}

/* Seconds since the start (0 before it), until the end. */
double
tw_lab_run_get_elapsed (TwLabRun *self)
{
  g_return_val_if_fail (TW_IS_LAB_RUN (self), 0);

  if (self->started == 0)
    return 0;
  return ((self->ended != 0 ? self->ended : g_get_monotonic_time ()) - self->started)
         / (double) G_USEC_PER_SEC;
}
