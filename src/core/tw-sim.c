/* tw-sim.c: batch simulation of bot games and their statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

G_DEFINE_QUARK (tw-sim-error-quark, tw_sim_error)

/* A game that does not end after this many decisions is a rules bug. */
#define MAX_MOVES 100000

/* ------------------------------------------------------------------------ */
/* Seeds                                                                    */

/**
 * tw_sim_game_seed:
 * @seed: the run's seed
 * @index: the game's index, 0-based
 *
 * Returns: the seed of game @index, a function of (@seed, @index) only.
 */
guint64
tw_sim_game_seed (guint64 seed,
                  guint64 index)
{
  guint64 x = seed ^ (index * G_GUINT64_CONSTANT (0xd1b54a32d192ed03));
  guint64 y = tw_splitmix64 (&x);

  /* Two rounds so that neighbouring seeds and indexes do not line up. */
  x = y ^ G_GUINT64_CONSTANT (0x5851f42d4c957f2d);
  return tw_splitmix64 (&x);
}

/**
 * tw_sim_seat_seed:
 * @game_seed: the seed the game's state was created with
 * @seat: 0-based
 *
 * Returns: the seed of the generator @seat's bot draws from; `play --seed S`
 * uses the same, so a simulated game is replayed by `play` with its seed.
 */
guint64
tw_sim_seat_seed (guint64 game_seed,
                  guint   seat)
{
  guint64 x = game_seed ^ ((seat + G_GUINT64_CONSTANT (1)) * G_GUINT64_CONSTANT (0xa0761d6478bd642f));

  x = tw_splitmix64 (&x) ^ G_GUINT64_CONSTANT (0xe7037ed1a0b428db);
  return tw_splitmix64 (&x);
}

/* ------------------------------------------------------------------------ */
/* Arms                                                                     */

/**
 * tw_sim_arm_new:
 * @game: the configuration's game (definition, players, options)
 * @path: (nullable): the definition file, informative
 * @bots: one spec per seat
 * @seed: the run's seed
 * @total_games: N, the number of games of the full run
 *
 * Returns: (transfer full): an arm with no games yet.
 */
TwSimArm *
tw_sim_arm_new (const TwGame    *game,
                const char      *path,
                const TwBotSpec *bots,
                guint64          seed,
                guint64          total_games)
{
  const TwRules *rules = game->rules;
  TwSimArm *arm = g_new0 (TwSimArm, 1);
  guint n_counters = 0;

  arm->rules_id = g_strdup (rules->id);
  arm->definition = g_strdup (game->definition->name);
  arm->path = g_strdup (path);
  arm->n_players = game->n_players;
  arm->bots = g_new0 (char *, game->n_players + 1);
  for (guint p = 0; p < game->n_players; p++)
    arm->bots[p] = tw_bot_spec_to_string (&bots[p]);
  arm->options = g_new0 (char *, rules->n_options + 1);
  for (guint i = 0; i < rules->n_options; i++)
    {
      g_autofree char *value = tw_option_value_to_string (&rules->options[i],
                                                          game->options.values[i]);
      arm->options[i] = g_strdup_printf ("%s=%s", rules->options[i].name, value);
    }
  arm->seed = seed;
  arm->total_games = total_games;
  while (rules->counter_names != NULL && rules->counter_names[n_counters] != NULL
         && n_counters < TW_SIM_MAX_COUNTERS)
    n_counters++;
  arm->n_counters = n_counters;
  arm->counter_names = g_new0 (char *, n_counters + 1);
  for (guint i = 0; i < n_counters; i++)
    arm->counter_names[i] = g_strdup (rules->counter_names[i]);
  arm->games = g_array_new (FALSE, TRUE, sizeof (TwSimGame));
  return arm;
}

void
tw_sim_arm_free (TwSimArm *arm)
{
  if (arm == NULL)
    return;
  g_free (arm->label);
  g_free (arm->change);
  g_free (arm->rules_id);
  g_free (arm->definition);
  g_free (arm->path);
  g_strfreev (arm->bots);
  g_strfreev (arm->options);
  g_strfreev (arm->counter_names);
  g_clear_pointer (&arm->games, g_array_unref);
  g_free (arm);
}

static gboolean
strv_equal (char **a,
            char **b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal ((const char * const *) a, (const char * const *) b);
}

static int
compare_game_index (gconstpointer a,
                    gconstpointer b)
{
  const TwSimGame *x = a, *y = b;
  return (x->index > y->index) - (x->index < y->index);
}

/**
 * tw_sim_arm_merge:
 * @arm: results to add to
 * @other: results of the same configuration on other game indexes
 * @error: a TW_SIM_ERROR_MISMATCH naming what differs, or the duplicate game
 *
 * Returns: %TRUE when @other's games were added; @arm is unchanged otherwise.
 */
gboolean
tw_sim_arm_merge (TwSimArm        *arm,
                  const TwSimArm  *other,
                  GError         **error)
{
  g_autoptr(GArray) merged = NULL;
  const char *what = NULL;

  g_return_val_if_fail (arm != NULL && other != NULL, FALSE);

  if (g_strcmp0 (arm->label, other->label) != 0 || g_strcmp0 (arm->change, other->change) != 0)
    what = "the compared configurations";
  else if (g_strcmp0 (arm->rules_id, other->rules_id) != 0)
    what = "the rules";
  else if (g_strcmp0 (arm->definition, other->definition) != 0)
    what = "the definition";
  else if (arm->n_players != other->n_players)
    what = "the number of players";
  else if (!strv_equal (arm->bots, other->bots))
    what = "the bots";
  else if (!strv_equal (arm->options, other->options))
    what = "the options";
  else if (arm->seed != other->seed)
    what = "the seed";
  else if (arm->total_games != other->total_games)
    what = "the total number of games";
  else if (!strv_equal (arm->counter_names, other->counter_names))
    what = "the counters";
  if (what != NULL)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                   "the results differ in %s and cannot be merged", what);
      return FALSE;
    }

  merged = g_array_sized_new (FALSE, FALSE, sizeof (TwSimGame),
                              arm->games->len + other->games->len);
  g_array_append_vals (merged, arm->games->data, arm->games->len);
  g_array_append_vals (merged, other->games->data, other->games->len);
  g_array_sort (merged, compare_game_index);
  for (guint i = 1; i < merged->len; i++)
    {
      guint64 index = g_array_index (merged, TwSimGame, i).index;

      if (index == g_array_index (merged, TwSimGame, i - 1).index)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       "game %" G_GUINT64_FORMAT " is in two of the results (overlapping shards?)",
                       index);
          return FALSE;
        }
    }
  g_array_unref (arm->games);
  arm->games = g_steal_pointer (&merged);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Running                                                                  */

void
tw_sim_shard_range (guint64  total,
                    guint    k,
                    guint    n,
                    guint64 *first,
                    guint64 *last)
{
  g_return_if_fail (n > 0 && k >= 1 && k <= n);

  /* Contiguous slices whose sizes differ by at most one. */
  *first = total / n * (k - 1) + MIN (total % n, (guint64) (k - 1));
  *last = total / n * k + MIN (total % n, (guint64) k);
}

static inline gboolean
is_cancelled (const gint *cancel)
{
  return cancel != NULL && g_atomic_int_get (cancel);
}

static gint64
thread_cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/* tw_bot_play(), timed and reported to @on_move when it is set. */
static gboolean
bot_play_timed (TwBot         *bot,
                const TwGame  *game,
                const TwState *state,
                TwRng         *rng,
                const gint    *cancel,
                TwSimMoveFunc  on_move,
                gpointer       on_move_data,
                guint64        index,
                guint          seat,
                TwMove        *move)
{
  gint64 start;
  gboolean chosen;

  if (on_move == NULL)
    return tw_bot_play (bot, game, state, rng, cancel, move);
  start = thread_cpu_ns ();
  chosen = tw_bot_play (bot, game, state, rng, cancel, move);
  on_move (index, seat, thread_cpu_ns () - start, on_move_data);
  return chosen;
}

/* One game with @bots, whose buffers a worker reuses from game to game.
 * With @on_move, each decision is timed and reported as game @index's. */
static gboolean
play_game (const TwGame  *game,
           TwBot         *bots,
           guint64        game_seed,
           const gint    *cancel,
           TwSimMoveFunc  on_move,
           gpointer       on_move_data,
           guint64        index,
           TwSimGame     *out,
           GError       **error)
{
  const TwRules *rules = game->rules;
  TwRng rng[TW_MAX_PLAYERS];
  guint rank[TW_MAX_PLAYERS] = { 0, };
  guint64 counters[TW_SIM_MAX_COUNTERS] = { 0, };
  TwState *state;
  gboolean ok = TRUE;
  int seat;

  memset (out, 0, sizeof *out);
  out->seed = game_seed;
  for (guint p = 0; p < game->n_players; p++)
    tw_rng_seed (&rng[p], tw_sim_seat_seed (game_seed, p));

  state = tw_state_new (game, game_seed);
  while (ok && (seat = rules->to_act (game, state)) >= 0)
    {
      TwMove move;

      if (is_cancelled (cancel))
        {
          g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED, "cancelled");
          ok = FALSE;
        }
      else if (out->moves >= MAX_MOVES || (guint) seat >= game->n_players)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_RULES,
                       "game with seed %" G_GUINT64_FORMAT " did not end after %u moves "
                       "(seat to act: %d): a rules bug", game_seed, out->moves, seat);
          ok = FALSE;
        }
      else if (!bot_play_timed (&bots[seat], game, state, &rng[seat], cancel, on_move,
                                on_move_data, index, (guint) seat, &move))
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_RULES,
                       "game with seed %" G_GUINT64_FORMAT ", move %u: P%d has no legal move "
                       "but the game is not over: a rules bug", game_seed, out->moves + 1, seat + 1);
          ok = FALSE;
        }
      else if (is_cancelled (cancel))
        {
          /* a search cut short returns its best move so far: playing it would
           * make a game that is not game i of the run, so drop the game */
          g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED, "cancelled");
          ok = FALSE;
        }
      else if (!rules->apply (game, state, &move, NULL))
        {
          /* an illegal move leaves the state as it was: ask again for the reason */
          g_autoptr(GString) why = g_string_new (NULL);

          rules->apply (game, state, &move, why);
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_RULES,
                       "game with seed %" G_GUINT64_FORMAT ", move %u: the bot of P%d "
                       "chose an illegal move: %s", game_seed, out->moves + 1, seat + 1,
                       why->str);
          ok = FALSE;
        }
      else
        out->moves++;
    }

  if (ok)
    {
      double scores[TW_MAX_PLAYERS] = { 0, };

      rules->scores (game, state, scores);
      rules->ranking (game, state, rank);
      if (rules->counters != NULL)
        {
          /* The module writes all its counters; give it room for them all. */
          g_autofree guint64 *all = g_new0 (guint64, 256);

          rules->counters (game, state, all);
          memcpy (counters, all, sizeof counters);
        }
      for (guint p = 0; p < game->n_players; p++)
        {
          out->score[p] = scores[p];
          out->rank[p] = (guint8) MIN (rank[p], 255);
        }
      memcpy (out->counters, counters, sizeof counters);
    }
  tw_state_free (state);
  return ok;
}

/**
 * tw_sim_play_game:
 * @game: the game
 * @bots: one spec per seat
 * @game_seed: the state's seed; seat p's bot draws from tw_sim_seat_seed()
 * @cancel: (nullable): polled before every decision and by the bots
 * @out: (out): the result; its index is left 0
 * @error: TW_SIM_ERROR_RULES or TW_SIM_ERROR_CANCELLED
 */
gboolean
tw_sim_play_game (const TwGame    *game,
                  const TwBotSpec *bots,
                  guint64          game_seed,
                  const gint      *cancel,
                  TwSimGame       *out,
                  GError         **error)
{
  TwBot seats[TW_MAX_PLAYERS];
  gboolean ok;

  for (guint p = 0; p < game->n_players; p++)
    tw_bot_init (&seats[p], &bots[p]);
  ok = play_game (game, seats, game_seed, cancel, NULL, NULL, 0, out, error);
  for (guint p = 0; p < game->n_players; p++)
    tw_bot_clear (&seats[p]);
  return ok;
}

typedef struct
{
  const TwSimConfig *config;
  TwSimGame         *results;   /* indexed by game - first */
  guint8            *finished;  /* likewise: 1 once the game has ended */
  GMutex             mutex;
  GCond              cond;
  guint64            next;      /* the next game index to play */
  guint64            done;
  guint              running;   /* workers not yet finished */
  gboolean           stop;
  guint64            error_index;
  GError            *error;     /* of the lowest failing game index */
} Run;

/* The spec of @seat in @lineup (0 without lineups). */
static const TwBotSpec *
seat_bot (const TwSimConfig *config,
          guint              lineup,
          guint              seat)
{
  if (config->n_lineups == 0)
    return &config->bots[seat];
  return &config->lineups[lineup * config->game->n_players + seat];
}

static gpointer
worker (gpointer data)
{
  Run *run = data;
  const TwSimConfig *config = run->config;
  guint n_players = config->game->n_players;
  TwBot bots[TW_MAX_PLAYERS];
  guint lineup = 0;  /* the lineup bots[] holds */

  for (guint p = 0; p < n_players; p++)
    tw_bot_init (&bots[p], seat_bot (config, 0, p));

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      guint64 index;
      TwSimGame *out;

      g_mutex_lock (&run->mutex);
      index = run->next;
      if (!run->stop && index < config->last)
        run->next++;
      g_mutex_unlock (&run->mutex);
      if (run->stop || index >= config->last)
        break;

      if (config->n_lineups > 0 && index % config->n_lineups != lineup)
        {
          lineup = (guint) (index % config->n_lineups);
          for (guint p = 0; p < n_players; p++)
            {
              tw_bot_clear (&bots[p]);
              tw_bot_init (&bots[p], seat_bot (config, lineup, p));
            }
        }

      out = &run->results[index - config->first];
      if (play_game (config->game, bots, tw_sim_game_seed (config->seed, index),
                     config->cancel, config->on_move, config->on_move_data, index, out,
                     &error))
        {
          out->index = index;
          run->finished[index - config->first] = 1;
        }

      g_mutex_lock (&run->mutex);
      if (error != NULL)
        {
          gboolean cancelled = g_error_matches (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED);
          gboolean was_cancelled = run->error != NULL
                                   && g_error_matches (run->error, TW_SIM_ERROR,
                                                       TW_SIM_ERROR_CANCELLED);

          /* a rules bug wins over a cancellation, then the lowest index */
          run->stop = TRUE;
          if (run->error == NULL || (was_cancelled && !cancelled)
              || (was_cancelled == cancelled && index < run->error_index))
            {
              g_clear_error (&run->error);
              run->error = g_steal_pointer (&error);
              run->error_index = index;
            }
        }
      else
        run->done++;
      g_mutex_unlock (&run->mutex);
    }

  for (guint p = 0; p < n_players; p++)
    tw_bot_clear (&bots[p]);

  g_mutex_lock (&run->mutex);
  run->running--;
  g_cond_signal (&run->cond);
  g_mutex_unlock (&run->mutex);
  return NULL;
}

/**
 * tw_sim_run:
 * @config: what to play; games config->first … config->last-1
 * @error: TW_SIM_ERROR_RULES with the first failing game, or
 *   TW_SIM_ERROR_CANCELLED (not with config->keep_partial)
 *
 * Plays the games on config->jobs threads. Each result goes to its game's
 * slot, so the arm is the same whatever the number of threads.
 *
 * When config->cancel is set, the workers stop at their next decision and
 * the games in play are dropped. With config->keep_partial the arm of the
 * games that ended is returned (fewer than last - first: the caller knows it
 * was cancelled); otherwise the run fails with TW_SIM_ERROR_CANCELLED.
 *
 * Returns: (transfer full): the arm, or %NULL on error.
 */
TwSimArm *
tw_sim_run (const TwSimConfig  *config,
            GError            **error)
{
  g_autoptr(TwSimArm) arm = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  guint64 count;
  guint jobs;
  Run run = { 0, };

  g_return_val_if_fail (config != NULL && config->game != NULL, NULL);
  g_return_val_if_fail (config->first <= config->last, NULL);
  g_return_val_if_fail (config->n_lineups == 0 || config->lineups != NULL, NULL);

  count = config->last - config->first;
  jobs = CLAMP (config->jobs, 1, 256);
  if (jobs > count)
    jobs = MAX (1, (guint) count);

  arm = tw_sim_arm_new (config->game, config->path,
                        config->n_lineups > 0 ? config->lineups : config->bots, config->seed,
                        config->total_games);
  g_array_set_size (arm->games, count);

  run.config = config;
  run.results = (TwSimGame *) (gpointer) arm->games->data;
  run.finished = g_new0 (guint8, MAX (count, 1));
  run.next = config->first;
  run.running = jobs;
  g_mutex_init (&run.mutex);
  g_cond_init (&run.cond);

  for (guint j = 0; j < jobs; j++)
    {
      g_autofree char *name = g_strdup_printf ("tw-sim-%u", j);
      g_ptr_array_add (threads, g_thread_new (name, worker, &run));
    }

  g_mutex_lock (&run.mutex);
  while (run.running > 0)
    {
      gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 4;

      while (run.running > 0 && g_cond_wait_until (&run.cond, &run.mutex, until))
        ;
      if (config->progress != NULL && run.running > 0)
        {
          guint64 done = run.done;

          g_mutex_unlock (&run.mutex);
          config->progress (done, count, config->progress_data);
          g_mutex_lock (&run.mutex);
        }
    }
  g_mutex_unlock (&run.mutex);

  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  g_mutex_clear (&run.mutex);
  g_cond_clear (&run.cond);

  if (run.error != NULL && config->keep_partial
      && g_error_matches (run.error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED))
    {
      guint kept = 0;

      /* the games that ended, still in index order */
      for (guint64 i = 0; i < count; i++)
        if (run.finished[i])
          g_array_index (arm->games, TwSimGame, kept++) = g_array_index (arm->games, TwSimGame, i);
      g_array_set_size (arm->games, kept);
      g_clear_error (&run.error);
    }
  g_free (run.finished);
  if (run.error != NULL)
    {
      g_propagate_error (error, run.error);
      return NULL;
    }
  if (config->progress != NULL)
    config->progress (run.done, count, config->progress_data);
  return g_steal_pointer (&arm);
}

/* ------------------------------------------------------------------------ */
/* Statistics                                                               */

/* The k-th smallest of v[0 … n-1] (0-based), partially reordering v so that
 * everything after position k is at least v[k]: Hoare's selection with a
 * median-of-three pivot, O(n) on average where a sort would be O(n log n);
 * the summary of a big run is the serial part of simulate. */
static double
select_kth (double  *v,
            guint64  n,
            guint64  k)
{
  guint64 lo = 0, hi = n - 1;

  while (hi > lo)
    {
      guint64 mid = lo + (hi - lo) / 2;
      double a = v[lo], b = v[mid], c = v[hi];
      double pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
      guint64 i = lo, j = hi;

      while (i <= j)
        {
          while (v[i] < pivot)
            i++;
          while (v[j] > pivot)
            j--;
          if (i <= j)
            {
              double t = v[i];
              v[i] = v[j];
              v[j] = t;
              i++;
              if (j == 0)
                break;
              j--;
            }
        }
      if (k <= j && j != G_MAXUINT64)
        hi = j;
      else if (k >= i)
        lo = i;
      else
        break;
    }
  return v[k];
}

/* Linear interpolation between order statistics (R's type 7). */
static double
quantile (double  *v,
          guint64  n,
          double   q)
{
  double h = (n - 1) * q;
  guint64 lo = (guint64) floor (h);
  double x_lo = select_kth (v, n, lo);
  double x_hi = x_lo;

  if (lo + 1 < n && h > lo)
    {
      /* everything after lo is at least x_lo: the next order statistic is their minimum */
      x_hi = v[lo + 1];
      for (guint64 i = lo + 2; i < n; i++)
        x_hi = MIN (x_hi, v[i]);
    }
  return x_lo + (h - lo) * (x_hi - x_lo);
}

/**
 * tw_sim_quantile:
 * @values: the values, reordered
 * @n: how many
 * @q: 0 … 1
 *
 * Returns: the @q quantile by linear interpolation between order statistics
 * (R's type 7, numpy's default), NAN when @n is 0.
 */
double
tw_sim_quantile (double  *values,
                 guint64  n,
                 double   q)
{
  if (n == 0)
    return NAN;
  return quantile (values, n, q);
}

/**
 * tw_sim_stats_compute:
 * @values: the values, in game order (sums are taken in this order)
 * @n: how many
 * @out: (out): the statistics; all NAN but n and the sums when @n is 0
 */
void
tw_sim_stats_compute (const double *values,
                      guint64       n,
                      TwSimStats   *out)
{
  g_autofree double *sorted = NULL;
  double sum = 0, sum_sq = 0, dev = 0;

  memset (out, 0, sizeof *out);
  out->n = n;
  for (guint64 i = 0; i < n; i++)
    {
      sum += values[i];
      sum_sq += values[i] * values[i];
    }
  out->sum = sum;
  out->sum_sq = sum_sq;
  if (n == 0)
    {
      out->mean = out->sd = out->min = out->q25 = out->median = out->q75 = out->max = NAN;
      return;
    }
  out->mean = sum / n;
  /* two passes: the deviations, not sum_sq - n mean², which cancels badly */
  for (guint64 i = 0; i < n; i++)
    dev += (values[i] - out->mean) * (values[i] - out->mean);
  out->sd = n > 1 ? sqrt (dev / (n - 1)) : 0;

  out->min = out->max = values[0];
  for (guint64 i = 1; i < n; i++)
    {
      out->min = MIN (out->min, values[i]);
      out->max = MAX (out->max, values[i]);
    }
  sorted = g_memdup2 (values, n * sizeof (double));
  out->q25 = quantile (sorted, n, 0.25);
  out->median = quantile (sorted, n, 0.5);
  out->q75 = quantile (sorted, n, 0.75);
}

/**
 * tw_sim_wilson:
 * @successes: wins (fractional for shared wins)
 * @n: trials
 * @z: 1.959964 for 95%
 * @lo: (out):
 * @hi: (out):
 *
 * The Wilson score interval, which unlike p ± z·se stays inside [0, 1] and is
 * sound near 0 and 1 and for small @n.
 */
void
tw_sim_wilson (double  successes,
               double  n,
               double  z,
               double *lo,
               double *hi)
{
  double p, z2, denom, centre, half;

  if (n <= 0)
    {
      *lo = 0;
      *hi = 1;
      return;
    }
  p = successes / n;
  z2 = z * z;
  denom = 1 + z2 / n;
  centre = (p + z2 / (2 * n)) / denom;
  half = z / denom * sqrt (p * (1 - p) / n + z2 / (4 * n * n));
  *lo = MAX (0.0, centre - half);
  *hi = MIN (1.0, centre + half);
}

/**
 * tw_sim_t975:
 * @df: degrees of freedom (fractional for Welch)
 *
 * Returns: the 97.5% quantile of Student's t: exact to 3 decimals from a
 * table up to 30 degrees (rounding @df down, so intervals are never too
 * narrow), a Cornish-Fisher expansion above.
 */
double
tw_sim_t975 (double df)
{
  static const double table[] = {
    0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
  };
  const double z = 1.959963984540054;

  if (!(df >= 1))
    return table[1];
  if (df <= 30)
    return table[(guint) floor (df)];
  return z + (z * z * z + z) / (4 * df)
           + (5 * pow (z, 5) + 16 * z * z * z + 3 * z) / (96 * df * df);
}

/**
 * tw_sim_game_metric:
 *
 * Returns: the value of @metric in game @g of @arm.
 */
double
tw_sim_game_metric (const TwSimArm    *arm,
                    const TwSimGame   *g,
                    const TwSimMetric *metric)
{
  guint n_first = 0;

  switch (metric->kind)
    {
    case TW_SIM_METRIC_WIN:
    case TW_SIM_METRIC_TIE:
      for (guint p = 0; p < arm->n_players; p++)
        n_first += g->rank[p] == 0;
      if (metric->kind == TW_SIM_METRIC_TIE)
        return n_first > 1 ? 1.0 : 0.0;
      return g->rank[metric->index] == 0 ? 1.0 / MAX (n_first, 1) : 0.0;
    case TW_SIM_METRIC_SCORE:
      return g->score[metric->index];
    case TW_SIM_METRIC_MOVES:
      return g->moves;
    case TW_SIM_METRIC_COUNTER:
    default:
      return (double) g->counters[metric->index];
    }
}

static void
metric_values (const TwSimArm    *arm,
               const TwSimMetric *metric,
               double            *out)
{
  for (guint i = 0; i < arm->games->len; i++)
    out[i] = tw_sim_game_metric (arm, &g_array_index (arm->games, TwSimGame, i), metric);
}

static void
clear_row (gpointer data)
{
  TwSimRow *row = data;
  g_free (row->name);
}

static void
clear_diff (gpointer data)
{
  TwSimDiff *diff = data;
  g_free (diff->name);
}

/* Every metric of an arm, in the order summaries list them. */
static GArray *
arm_metrics (const TwSimArm *arm)
{
  GArray *metrics = g_array_new (FALSE, FALSE, sizeof (TwSimMetric));
  TwSimMetric m;

  for (guint p = 0; p < arm->n_players; p++)
    {
      m = (TwSimMetric) { TW_SIM_METRIC_WIN, p };
      g_array_append_val (metrics, m);
    }
  for (guint p = 0; p < arm->n_players; p++)
    {
      m = (TwSimMetric) { TW_SIM_METRIC_SCORE, p };
      g_array_append_val (metrics, m);
    }
  m = (TwSimMetric) { TW_SIM_METRIC_MOVES, 0 };
  g_array_append_val (metrics, m);
  m = (TwSimMetric) { TW_SIM_METRIC_TIE, 0 };
  g_array_append_val (metrics, m);
  for (guint c = 0; c < arm->n_counters; c++)
    {
      m = (TwSimMetric) { TW_SIM_METRIC_COUNTER, c };
      g_array_append_val (metrics, m);
    }
  return metrics;
}

static char *
metric_name (const TwSimArm    *arm,
             const TwSimMetric *metric)
{
  switch (metric->kind)
    {
    case TW_SIM_METRIC_WIN:     return g_strdup ("win");
    case TW_SIM_METRIC_SCORE:   return g_strdup ("score");
    case TW_SIM_METRIC_MOVES:   return g_strdup ("moves");
    case TW_SIM_METRIC_TIE:     return g_strdup ("tie");
    case TW_SIM_METRIC_COUNTER:
    default:                    return g_strdup (arm->counter_names[metric->index]);
    }
}

/**
 * tw_sim_summarize:
 * @arm: results
 *
 * Returns: (transfer full) (element-type TwSimRow): one row per metric.
 */
GArray *
tw_sim_summarize (const TwSimArm *arm)
{
  g_autoptr(GArray) metrics = arm_metrics (arm);
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (TwSimRow));
  g_autofree double *values = g_new (double, MAX (arm->games->len, 1));
  guint64 n = arm->games->len;

  g_array_set_clear_func (rows, clear_row);
  for (guint i = 0; i < metrics->len; i++)
    {
      TwSimRow row = { 0, };

      row.metric = g_array_index (metrics, TwSimMetric, i);
      row.name = metric_name (arm, &row.metric);
      metric_values (arm, &row.metric, values);
      tw_sim_stats_compute (values, n, &row.stats);
      if (row.metric.kind == TW_SIM_METRIC_WIN || row.metric.kind == TW_SIM_METRIC_TIE)
        tw_sim_wilson (row.stats.sum, n, 1.959963984540054, &row.lo, &row.hi);
      else if (n > 1)
        {
          double half = tw_sim_t975 (n - 1) * row.stats.sd / sqrt (n);
          row.lo = row.stats.mean - half;
          row.hi = row.stats.mean + half;
        }
      else
        row.lo = row.hi = row.stats.mean;
      g_array_append_val (rows, row);
    }
  return rows;
}

static gboolean
arms_paired (const TwSimArm *a,
             const TwSimArm *b)
{
  if (a->games->len != b->games->len || a->games->len < 2)
    return FALSE;
  for (guint i = 0; i < a->games->len; i++)
    {
      const TwSimGame *ga = &g_array_index (a->games, TwSimGame, i);
      const TwSimGame *gb = &g_array_index (b->games, TwSimGame, i);
      if (ga->index != gb->index || ga->seed != gb->seed)
        return FALSE;
    }
  return TRUE;
}

/**
 * tw_sim_compare:
 * @a: the base results
 * @b: the changed configuration's results
 *
 * Returns: (transfer full) (element-type TwSimDiff): B - A for every metric
 * both arms have, with a 95% interval: paired (t on the per-game
 * differences) when both arms played the same games, else Welch's.
 */
GArray *
tw_sim_compare (const TwSimArm *a,
                const TwSimArm *b)
{
  g_autoptr(GArray) metrics = arm_metrics (a);
  GArray *diffs = g_array_new (FALSE, TRUE, sizeof (TwSimDiff));
  guint64 na = a->games->len, nb = b->games->len;
  g_autofree double *va = g_new (double, MAX (na, 1));
  g_autofree double *vb = g_new (double, MAX (nb, 1));
  gboolean paired = arms_paired (a, b);

  g_array_set_clear_func (diffs, clear_diff);
  for (guint i = 0; i < metrics->len; i++)
    {
      TwSimMetric ma = g_array_index (metrics, TwSimMetric, i);
      TwSimMetric mb = ma;
      TwSimDiff d = { 0, };
      TwSimStats sa, sb;
      double half;

      if ((ma.kind == TW_SIM_METRIC_WIN || ma.kind == TW_SIM_METRIC_SCORE)
          && ma.index >= b->n_players)
        continue;
      if (ma.kind == TW_SIM_METRIC_COUNTER)
        {
          guint c;
          for (c = 0; c < b->n_counters; c++)
            if (g_str_equal (b->counter_names[c], a->counter_names[ma.index]))
              break;
          if (c == b->n_counters)
            continue;
          mb.index = c;
        }
      if (na == 0 || nb == 0)
        continue;

      d.metric = ma;
      d.index_b = mb.index;
      d.name = metric_name (a, &ma);
      d.paired = paired;
      metric_values (a, &ma, va);
      metric_values (b, &mb, vb);
      tw_sim_stats_compute (va, na, &sa);
      tw_sim_stats_compute (vb, nb, &sb);
      d.mean_a = sa.mean;
      d.mean_b = sb.mean;
      if (paired)
        {
          TwSimStats sd;

          for (guint64 g = 0; g < na; g++)
            va[g] = vb[g] - va[g];
          tw_sim_stats_compute (va, na, &sd);
          d.diff = sd.mean;
          d.n = na;
          half = tw_sim_t975 (na - 1) * sd.sd / sqrt (na);
        }
      else
        {
          double ea = na > 1 ? sa.sd * sa.sd / na : 0;
          double eb = nb > 1 ? sb.sd * sb.sd / nb : 0;
          double se = sqrt (ea + eb);
          double df = 1;

          if (ea + eb > 0 && na > 1 && nb > 1)
            df = (ea + eb) * (ea + eb) / (ea * ea / (na - 1) + eb * eb / (nb - 1));
          d.diff = sb.mean - sa.mean;
          d.n = MIN (na, nb);
          half = tw_sim_t975 (df) * se;
        }
      d.lo = d.diff - half;
      d.hi = d.diff + half;
      d.significant = d.lo > 0 || d.hi < 0;
      g_array_append_val (diffs, d);
    }
  return diffs;
}

/* ------------------------------------------------------------------------ */
/* JSON out                                                                 */

static void
json_string (GString    *out,
             const char *text)
{
  if (text == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"':  g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

/* Shortest text that reads back as the same double ("12", "0.1"). */
static void
json_number (GString *out,
             double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (digits == 17 || g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
}

static void
json_strv (GString *out,
           char   **strv)
{
  g_string_append_c (out, '[');
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      json_string (out, strv[i]);
    }
  g_string_append_c (out, ']');
}

static void
json_stats (GString          *out,
            const TwSimStats *s)
{
  g_string_append_printf (out, "\"n\": %" G_GUINT64_FORMAT ", \"mean\": ", s->n);
  json_number (out, s->mean);
  g_string_append (out, ", \"sd\": ");
  json_number (out, s->sd);
  g_string_append (out, ", \"min\": ");
  json_number (out, s->min);
  g_string_append (out, ", \"q25\": ");
  json_number (out, s->q25);
  g_string_append (out, ", \"median\": ");
  json_number (out, s->median);
  g_string_append (out, ", \"q75\": ");
  json_number (out, s->q75);
  g_string_append (out, ", \"max\": ");
  json_number (out, s->max);
  g_string_append (out, ", \"sum\": ");
  json_number (out, s->sum);
  g_string_append (out, ", \"sum_sq\": ");
  json_number (out, s->sum_sq);
}

static gboolean
metric_has_seat (const TwSimMetric *m)
{
  return m->kind == TW_SIM_METRIC_WIN || m->kind == TW_SIM_METRIC_SCORE;
}

static void
json_metric (GString           *out,
             const char        *name,
             const TwSimMetric *m)
{
  g_string_append (out, "\"metric\": ");
  json_string (out, m->kind == TW_SIM_METRIC_COUNTER ? "counter" : name);
  if (m->kind == TW_SIM_METRIC_COUNTER)
    {
      g_string_append (out, ", \"counter\": ");
      json_string (out, name);
    }
  if (metric_has_seat (m))
    g_string_append_printf (out, ", \"seat\": %u", m->index + 1);
}

static void
json_arm (GString        *out,
          const TwSimArm *arm)
{
  g_autoptr(GArray) rows = tw_sim_summarize (arm);

  g_string_append (out, "    {\n      \"label\": ");
  json_string (out, arm->label);
  g_string_append (out, ",\n      \"change\": ");
  json_string (out, arm->change);
  g_string_append (out, ",\n      \"rules\": ");
  json_string (out, arm->rules_id);
  g_string_append (out, ",\n      \"definition\": ");
  json_string (out, arm->definition);
  g_string_append (out, ",\n      \"path\": ");
  json_string (out, arm->path);
  g_string_append_printf (out, ",\n      \"players\": %u,\n      \"bots\": ", arm->n_players);
  json_strv (out, arm->bots);
  g_string_append (out, ",\n      \"options\": ");
  json_strv (out, arm->options);
  /* 64-bit seeds as strings: many JSON readers keep only 53 bits of a number */
  g_string_append_printf (out, ",\n      \"seed\": \"%" G_GUINT64_FORMAT "\","
                          "\n      \"games_total\": %" G_GUINT64_FORMAT ","
                          "\n      \"games_played\": %u,\n      \"counter_names\": ",
                          arm->seed, arm->total_games, arm->games->len);
  json_strv (out, arm->counter_names);

  g_string_append (out, ",\n      \"summary\": [");
  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);

      g_string_append (out, i > 0 ? ",\n        {" : "\n        {");
      json_metric (out, row->name, &row->metric);
      g_string_append (out, ", ");
      json_stats (out, &row->stats);
      g_string_append (out, ", \"lo\": ");
      json_number (out, row->lo);
      g_string_append (out, ", \"hi\": ");
      json_number (out, row->hi);
      g_string_append (out, "}");
    }
  g_string_append (out, "\n      ],\n      \"games\": [");
  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);

      g_string_append_printf (out, "%s\n        {\"game\": %" G_GUINT64_FORMAT ", "
                              "\"seed\": \"%" G_GUINT64_FORMAT "\", \"moves\": %u, \"scores\": [",
                              i > 0 ? "," : "", g->index, g->seed, g->moves);
      for (guint p = 0; p < arm->n_players; p++)
        {
          if (p > 0)
            g_string_append (out, ", ");
          json_number (out, g->score[p]);
        }
      g_string_append (out, "], \"ranks\": [");
      for (guint p = 0; p < arm->n_players; p++)
        g_string_append_printf (out, "%s%u", p > 0 ? ", " : "", g->rank[p]);
      g_string_append (out, "], \"counters\": [");
      for (guint c = 0; c < arm->n_counters; c++)
        g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, c > 0 ? ", " : "", g->counters[c]);
      g_string_append (out, "]}");
    }
  g_string_append (out, "\n      ]\n    }");
}

/**
 * tw_sim_to_json:
 * @arms: (element-type TwSimArm): one arm, or two for a comparison (A, B)
 * @out: where to append the document
 *
 * The summary and comparison in it are for readers; tw_sim_from_json() reads
 * only the configuration and the games and recomputes the rest.
 */
void
tw_sim_to_json (GPtrArray *arms,
                GString   *out)
{
  g_string_append (out, "{\n  \"format\": \"tilewright-simulation\",\n  \"version\": 1,\n"
                   "  \"arms\": [\n");
  for (guint i = 0; i < arms->len; i++)
    {
      if (i > 0)
        g_string_append (out, ",\n");
      json_arm (out, g_ptr_array_index (arms, i));
    }
  g_string_append (out, "\n  ],\n  \"comparison\": [");
  if (arms->len == 2)
    {
      g_autoptr(GArray) diffs = tw_sim_compare (g_ptr_array_index (arms, 0),
                                                g_ptr_array_index (arms, 1));

      for (guint i = 0; i < diffs->len; i++)
        {
          const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);

          g_string_append (out, i > 0 ? ",\n    {" : "\n    {");
          json_metric (out, d->name, &d->metric);
          g_string_append (out, ", \"a\": ");
          json_number (out, d->mean_a);
          g_string_append (out, ", \"b\": ");
          json_number (out, d->mean_b);
          g_string_append (out, ", \"diff\": ");
          json_number (out, d->diff);
          g_string_append (out, ", \"lo\": ");
          json_number (out, d->lo);
          g_string_append (out, ", \"hi\": ");
          json_number (out, d->hi);
          g_string_append_printf (out, ", \"n\": %" G_GUINT64_FORMAT ", \"paired\": %s, "
                                  "\"significant\": %s}", d->n,
                                  d->paired ? "true" : "false",
                                  d->significant ? "true" : "false");
        }
      g_string_append (out, "\n  ");
    }
  g_string_append (out, "]\n}\n");
}

/* ------------------------------------------------------------------------ */
/* JSON in: a small reader for what tw_sim_to_json() writes (and any JSON)  */

typedef enum
{
  J_NULL,
  J_BOOL,
  J_NUMBER,
  J_STRING,
  J_ARRAY,
  J_OBJECT,
} JType;

typedef struct _JNode JNode;
struct _JNode
{
  JType      type;
  gboolean   boolean;
  double     number;
  char      *text;    /* J_STRING: the string; J_NUMBER: the number as written */
  GPtrArray *items;   /* J_ARRAY and J_OBJECT: JNode */
  GPtrArray *keys;    /* J_OBJECT: char * */
  const char *at;     /* where the value starts in the text, for messages */
};

static void
jnode_free (gpointer data)
{
  JNode *node = data;

  if (node == NULL)
    return;
  g_free (node->text);
  if (node->items != NULL)
    g_ptr_array_unref (node->items);
  if (node->keys != NULL)
    g_ptr_array_unref (node->keys);
  g_free (node);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JNode, jnode_free)

typedef struct
{
  const char *text;
  const char *end;
  const char *p;
  GError    **error;
} JParser;

static gboolean
jfail (JParser    *parser,
       const char *what)
{
  guint line = 1, column = 1;

  for (const char *q = parser->text; q < parser->p; q++)
    if (*q == '\n')
      {
        line++;
        column = 1;
      }
    else if (((guchar) *q & 0xc0) != 0x80)
      column++;
  g_set_error (parser->error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE, "%u:%u: %s", line, column, what);
  return FALSE;
}

static void
jskip (JParser *parser)
{
  while (parser->p < parser->end
         && (*parser->p == ' ' || *parser->p == '\t' || *parser->p == '\n' || *parser->p == '\r'))
    parser->p++;
}

static JNode *jparse_value (JParser *parser, guint depth);

static gboolean
jparse_hex4 (JParser  *parser,
             gunichar *out)
{
  *out = 0;
  for (guint i = 0; i < 4; i++)
    {
      int v;

      if (parser->p >= parser->end || (v = g_ascii_xdigit_value (*parser->p)) < 0)
        return jfail (parser, "bad \\u escape in a string");
      *out = *out * 16 + (gunichar) v;
      parser->p++;
    }
  return TRUE;
}

static char *
jparse_string (JParser *parser)
{
  g_autoptr(GString) s = g_string_new (NULL);

  g_assert (*parser->p == '"');
  parser->p++;
  while (parser->p < parser->end && *parser->p != '"')
    {
      char c = *parser->p++;

      if ((guchar) c < 0x20)
        {
          parser->p--;
          jfail (parser, "a control character in a string");
          return NULL;
        }
      if (c != '\\')
        {
          g_string_append_c (s, c);
          continue;
        }
      if (parser->p >= parser->end)
        break;
      c = *parser->p++;
      switch (c)
        {
        case '"': case '\\': case '/': g_string_append_c (s, c); break;
        case 'b': g_string_append_c (s, '\b'); break;
        case 'f': g_string_append_c (s, '\f'); break;
        case 'n': g_string_append_c (s, '\n'); break;
        case 'r': g_string_append_c (s, '\r'); break;
        case 't': g_string_append_c (s, '\t'); break;
        case 'u':
          {
            gunichar u, low;

            if (!jparse_hex4 (parser, &u))
              return NULL;
            if (u >= 0xd800 && u < 0xdc00 && parser->p + 1 < parser->end
                && parser->p[0] == '\\' && parser->p[1] == 'u')
              {
                parser->p += 2;
                if (!jparse_hex4 (parser, &low))
                  return NULL;
                if (low >= 0xdc00 && low < 0xe000)
                  u = 0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00);
              }
            if (!g_unichar_validate (u))
              u = 0xfffd;
            g_string_append_unichar (s, u);
          }
          break;
        default:
          parser->p--;
          jfail (parser, "an unknown escape in a string");
          return NULL;
        }
    }
  if (parser->p >= parser->end)
    {
      jfail (parser, "a string does not end");
      return NULL;
    }
  parser->p++;
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static JNode *
jparse_value (JParser *parser,
              guint    depth)
{
  g_autoptr(JNode) node = g_new0 (JNode, 1);

  jskip (parser);
  node->at = parser->p;
  if (depth > 64)
    {
      jfail (parser, "nested too deeply");
      return NULL;
    }
  if (parser->p >= parser->end)
    {
      jfail (parser, "a value was expected");
      return NULL;
    }
  switch (*parser->p)
    {
    case '{':
    case '[':
      {
        gboolean object = *parser->p == '{';
        char close = object ? '}' : ']';

        node->type = object ? J_OBJECT : J_ARRAY;
        node->items = g_ptr_array_new_with_free_func (jnode_free);
        if (object)
          node->keys = g_ptr_array_new_with_free_func (g_free);
        parser->p++;
        jskip (parser);
        if (parser->p < parser->end && *parser->p == close)
          {
            parser->p++;
            break;
          }
        for (;;)
          {
            JNode *item;

            if (object)
              {
                char *key;

                jskip (parser);
                if (parser->p >= parser->end || *parser->p != '"')
                  {
                    jfail (parser, "a key in quotes was expected");
                    return NULL;
                  }
                if ((key = jparse_string (parser)) == NULL)
                  return NULL;
                g_ptr_array_add (node->keys, key);
                jskip (parser);
                if (parser->p >= parser->end || *parser->p != ':')
                  {
                    jfail (parser, "“:” was expected");
                    return NULL;
                  }
                parser->p++;
              }
            if ((item = jparse_value (parser, depth + 1)) == NULL)
              return NULL;
            g_ptr_array_add (node->items, item);
            jskip (parser);
            if (parser->p < parser->end && *parser->p == ',')
              {
                parser->p++;
                continue;
              }
            if (parser->p < parser->end && *parser->p == close)
              {
                parser->p++;
                break;
              }
            jfail (parser, object ? "“,” or “}” was expected" : "“,” or “]” was expected");
            return NULL;
          }
      }
      break;
    case '"':
      node->type = J_STRING;
      if ((node->text = jparse_string (parser)) == NULL)
        return NULL;
      break;
    default:
      {
        static const struct { const char *word; JType type; gboolean value; } words[] = {
          { "null", J_NULL, FALSE }, { "true", J_BOOL, TRUE }, { "false", J_BOOL, FALSE },
        };
        const char *start = parser->p;
        char *end = NULL;

        for (guint i = 0; i < G_N_ELEMENTS (words); i++)
          {
            gsize len = strlen (words[i].word);
            if ((gsize) (parser->end - parser->p) >= len
                && strncmp (parser->p, words[i].word, len) == 0)
              {
                node->type = words[i].type;
                node->boolean = words[i].value;
                parser->p += len;
                return g_steal_pointer (&node);
              }
          }
        while (parser->p < parser->end && strchr ("+-0123456789.eE", *parser->p) != NULL)
          parser->p++;
        node->type = J_NUMBER;
        node->text = g_strndup (start, parser->p - start);
        node->number = g_ascii_strtod (node->text, &end);
        if (parser->p == start || end == NULL || *end != '\0')
          {
            parser->p = start;
            jfail (parser, "a value was expected");
            return NULL;
          }
      }
      break;
    }
  return g_steal_pointer (&node);
}

static const JNode *
jget (const JNode *object,
      const char  *key)
{
  if (object == NULL || object->type != J_OBJECT)
    return NULL;
  for (guint i = 0; i < object->keys->len; i++)
    if (g_str_equal (g_ptr_array_index (object->keys, i), key))
      return g_ptr_array_index (object->items, i);
  return NULL;
}

static gboolean
jget_u64 (const JNode *object,
          const char  *key,
          guint64      max,
          guint64     *out)
{
  const JNode *node = jget (object, key);

  /* numbers and numbers in strings (the 64-bit seeds) */
  return node != NULL && (node->type == J_NUMBER || node->type == J_STRING)
         && g_ascii_string_to_unsigned (node->text, 10, 0, max, out, NULL);
}

static gboolean
jget_string (const JNode  *object,
             const char   *key,
             gboolean      nullable,
             char        **out)
{
  const JNode *node = jget (object, key);

  if (node != NULL && node->type == J_STRING)
    {
      *out = g_strdup (node->text);
      return TRUE;
    }
  *out = NULL;
  return nullable && (node == NULL || node->type == J_NULL);
}

static gboolean
jget_strv (const JNode  *object,
           const char   *key,
           char       ***out)
{
  const JNode *node = jget (object, key);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  *out = NULL;
  if (node == NULL || node->type != J_ARRAY)
    return FALSE;
  for (guint i = 0; i < node->items->len; i++)
    {
      const JNode *item = g_ptr_array_index (node->items, i);
      if (item->type != J_STRING)
        return FALSE;
      g_strv_builder_add (builder, item->text);
    }
  *out = g_strv_builder_end (builder);
  return TRUE;
}

static gboolean
arm_from_json (const JNode  *object,
               guint         arm_index,
               TwSimArm    **out,
               GError      **error)
{
  g_autoptr(TwSimArm) arm = g_new0 (TwSimArm, 1);
  const JNode *games;
  guint64 v;
  const char *bad = NULL;

  arm->games = g_array_new (FALSE, TRUE, sizeof (TwSimGame));
  if (object->type != J_OBJECT)
    bad = "arm";
  else if (!jget_string (object, "label", TRUE, &arm->label))
    bad = "label";
  else if (!jget_string (object, "change", TRUE, &arm->change))
    bad = "change";
  else if (!jget_string (object, "rules", FALSE, &arm->rules_id))
    bad = "rules";
  else if (!jget_string (object, "definition", FALSE, &arm->definition))
    bad = "definition";
  else if (!jget_string (object, "path", TRUE, &arm->path))
    bad = "path";
  else if (!jget_u64 (object, "players", TW_MAX_PLAYERS, &v) || v < 1)
    bad = "players";
  else if ((arm->n_players = (guint) v, !jget_strv (object, "bots", &arm->bots))
           || g_strv_length (arm->bots) != arm->n_players)
    bad = "bots";
  else if (!jget_strv (object, "options", &arm->options))
    bad = "options";
  else if (!jget_u64 (object, "seed", G_MAXUINT64, &arm->seed))
    bad = "seed";
  else if (!jget_u64 (object, "games_total", G_MAXUINT64, &arm->total_games))
    bad = "games_total";
  else if (!jget_strv (object, "counter_names", &arm->counter_names)
           || g_strv_length (arm->counter_names) > TW_SIM_MAX_COUNTERS)
    bad = "counter_names";
  else if ((games = jget (object, "games")) == NULL || games->type != J_ARRAY)
    bad = "games";
  if (bad != NULL)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                   "arm %u: “%s” is missing or wrong", arm_index + 1, bad);
      return FALSE;
    }
  arm->n_counters = g_strv_length (arm->counter_names);

  g_array_set_size (arm->games, games->items->len);
  for (guint i = 0; i < games->items->len; i++)
    {
      const JNode *item = g_ptr_array_index (games->items, i);
      TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);
      const JNode *scores = jget (item, "scores");
      const JNode *ranks = jget (item, "ranks");
      const JNode *counters = jget (item, "counters");
      gboolean ok;

      ok = jget_u64 (item, "game", G_MAXUINT64, &g->index)
           && jget_u64 (item, "seed", G_MAXUINT64, &g->seed)
           && jget_u64 (item, "moves", G_MAXUINT32, &v)
           && scores != NULL && scores->type == J_ARRAY && scores->items->len == arm->n_players
           && ranks != NULL && ranks->type == J_ARRAY && ranks->items->len == arm->n_players
           && counters != NULL && counters->type == J_ARRAY
           && counters->items->len == arm->n_counters;
      if (ok)
        {
          g->moves = (guint32) v;
          for (guint p = 0; ok && p < arm->n_players; p++)
            {
              const JNode *s = g_ptr_array_index (scores->items, p);
              const JNode *r = g_ptr_array_index (ranks->items, p);
              guint64 rank;

              ok = s->type == J_NUMBER && r->type == J_NUMBER
                   && g_ascii_string_to_unsigned (r->text, 10, 0, TW_MAX_PLAYERS, &rank, NULL);
              if (ok)
                {
                  g->score[p] = s->number;
                  g->rank[p] = (guint8) rank;
                }
            }
          for (guint c = 0; ok && c < arm->n_counters; c++)
            {
              const JNode *n = g_ptr_array_index (counters->items, c);
              ok = n->type == J_NUMBER
                   && g_ascii_string_to_unsigned (n->text, 10, 0, G_MAXUINT64, &g->counters[c], NULL);
            }
        }
      if (!ok)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                       "arm %u: game entry %u is malformed", arm_index + 1, i + 1);
          return FALSE;
        }
    }
  g_array_sort (arm->games, compare_game_index);
  for (guint i = 1; i < arm->games->len; i++)
    if (g_array_index (arm->games, TwSimGame, i).index
        == g_array_index (arm->games, TwSimGame, i - 1).index)
      {
        g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                     "arm %u: game %" G_GUINT64_FORMAT " appears twice", arm_index + 1,
                     g_array_index (arm->games, TwSimGame, i).index);
        return FALSE;
      }
  *out = g_steal_pointer (&arm);
  return TRUE;
}

/**
 * tw_sim_from_json:
 * @text: a document written by tw_sim_to_json()
 * @len: its length, or -1 when nul-terminated
 * @arms: (element-type TwSimArm): where the arms are appended
 * @error: TW_SIM_ERROR_PARSE with line:column or the field at fault
 */
gboolean
tw_sim_from_json (const char  *text,
                  gsize        len,
                  GPtrArray   *arms,
                  GError     **error)
{
  /* text + (gsize) -1 would overflow the pointer: the end comes once @len is known */
  JParser parser = { text, text, text, error };
  g_autoptr(JNode) root = NULL;
  const JNode *format, *list;
  g_autoptr(GPtrArray) parsed = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);

  parser.end = text + (len == (gsize) -1 ? strlen (text) : len);
  if ((root = jparse_value (&parser, 0)) == NULL)
    return FALSE;
  jskip (&parser);
  if (parser.p != parser.end)
    return jfail (&parser, "text after the end of the document");

  format = jget (root, "format");
  if (format == NULL || format->type != J_STRING
      || !g_str_equal (format->text, "tilewright-simulation"))
    {
      g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           "not simulation results (no “format”: “tilewright-simulation”; "
                           "write them with simulate --format json)");
      return FALSE;
    }
  list = jget (root, "arms");
  if (list == NULL || list->type != J_ARRAY || list->items->len < 1 || list->items->len > 2)
    {
      g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           "“arms” must be a list of one or two results");
      return FALSE;
    }
  for (guint i = 0; i < list->items->len; i++)
    {
      TwSimArm *arm = NULL;

      if (!arm_from_json (g_ptr_array_index (list->items, i), i, &arm, error))
        return FALSE;
      g_ptr_array_add (parsed, arm);
    }
  for (guint i = 0; i < parsed->len; i++)
    g_ptr_array_add (arms, g_ptr_array_steal_index (parsed, i--));
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Lab runs: settings and results in one file                               */

/**
 * tw_sim_arm_copy:
 * @arm: an arm
 *
 * Returns: (transfer full): a deep copy of @arm.
 */
TwSimArm *
tw_sim_arm_copy (const TwSimArm *arm)
{
  TwSimArm *copy;

  g_return_val_if_fail (arm != NULL, NULL);

  copy = g_new0 (TwSimArm, 1);
  copy->label = g_strdup (arm->label);
  copy->change = g_strdup (arm->change);
  copy->rules_id = g_strdup (arm->rules_id);
  copy->definition = g_strdup (arm->definition);
  copy->path = g_strdup (arm->path);
  copy->n_players = arm->n_players;
  copy->bots = g_strdupv (arm->bots);
  copy->options = g_strdupv (arm->options);
  copy->seed = arm->seed;
  copy->total_games = arm->total_games;
  copy->n_counters = arm->n_counters;
  copy->counter_names = g_strdupv (arm->counter_names);
  copy->games = g_array_sized_new (FALSE, TRUE, sizeof (TwSimGame), arm->games->len);
  g_array_append_vals (copy->games, arm->games->data, arm->games->len);
  return copy;
}

/**
 * tw_sim_lab_run_new:
 *
 * Returns: (transfer full): an empty run with an empty list of arms.
 */
TwSimLabRun *
tw_sim_lab_run_new (void)
{
  TwSimLabRun *run = g_new0 (TwSimLabRun, 1);

  run->arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  return run;
}

void
tw_sim_lab_run_free (TwSimLabRun *run)
{
  if (run == NULL)
    return;
  g_free (run->definition_path);
  g_free (run->definition_name);
  g_free (run->definition_text);
  g_strfreev (run->bots);
  g_strfreev (run->options);
  g_free (run->compare);
  g_free (run->compare_definition_path);
  g_free (run->compare_definition_name);
  g_free (run->compare_definition_text);
  g_clear_pointer (&run->arms, g_ptr_array_unref);
  g_free (run);
}

/**
 * tw_sim_lab_run_to_json:
 * @run: a run with one arm, or two when @run->compare is set
 * @out: where the document is appended
 *
 * Writes the format of doc/simulate.md ("Lab runs"): the definition (path,
 * name, text and the SHA-256 of the text), the settings, and under
 * "results" the document tw_sim_to_json() writes for the arms.
 */
/* {"path", "name", "sha256" of the text, "text"} */
static void
json_definition (GString    *out,
                 const char *path,
                 const char *name,
                 const char *text)
{
  g_autofree char *sha256 = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);

  g_string_append (out, "{\n  \"path\": ");
  json_string (out, path);
  g_string_append (out, ",\n  \"name\": ");
  json_string (out, name);
  g_string_append (out, ",\n  \"sha256\": ");
  json_string (out, sha256);
  g_string_append (out, ",\n  \"text\": ");
  json_string (out, text);
  g_string_append (out, "\n}");
}

void
tw_sim_lab_run_to_json (const TwSimLabRun *run,
                        GString           *out)
{
  g_return_if_fail (run != NULL && run->definition_text != NULL);

  /* version 2 only when B is another definition: version 1 readers refuse
   * such a file by its version instead of misreading it */
  g_string_append_printf (out, "{\n\"format\": \"tilewright-lab-run\",\n\"version\": %d,\n"
                          "\"definition\": ", run->compare_definition_text != NULL ? 2 : 1);
  json_definition (out, run->definition_path, run->definition_name, run->definition_text);
  if (run->compare_definition_text != NULL)
    {
      g_string_append (out, ",\n\"compare_definition\": ");
      json_definition (out, run->compare_definition_path, run->compare_definition_name,
                       run->compare_definition_text);
    }
  g_string_append_printf (out, ",\n\"settings\": {\n  \"players\": %u,\n  \"bots\": ",
                          run->n_players);
  json_strv (out, run->bots);
  /* 64-bit seeds as strings, as in the results */
  g_string_append_printf (out, ",\n  \"games\": %" G_GUINT64_FORMAT ",\n  \"seed\": \"%"
                          G_GUINT64_FORMAT "\",\n  \"jobs\": %u,\n  \"options\": ",
                          run->games, run->seed, run->jobs);
  json_strv (out, run->options);
  g_string_append (out, ",\n  \"compare\": ");
  json_string (out, run->compare);
  g_string_append (out, "\n},\n\"results\": ");
  tw_sim_to_json (run->arms, out);
  g_string_append (out, "}\n");
}

/* "LINE:COLUMN: " of @node in @text, then the message. */
G_GNUC_PRINTF (4, 5)
static gboolean
lab_fail (const char   *text,
          const JNode  *node,
          GError      **error,
          const char   *format,
          ...)
{
  JParser parser = { text, NULL, node != NULL ? node->at : text, NULL };
  g_autoptr(GError) located = NULL;
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  parser.error = &located;
  jfail (&parser, message);
  g_propagate_error (error, g_steal_pointer (&located));
  return FALSE;
}

/* The member @key of @object, of @type, or NULL after an error that says
 * where; a J_NULL member passes when @nullable. */
static const JNode *
lab_member (const char   *text,
            const JNode  *object,
            const char   *object_name,
            const char   *key,
            JType         type,
            gboolean      nullable,
            GError      **error)
{
  static const char * const type_names[] = {
    "null", "true or false", "a number", "a string", "a list", "an object",
  };
  const JNode *node = jget (object, key);

  if (node == NULL)
    {
      lab_fail (text, object, error, "%s has no “%s”", object_name, key);
      return NULL;
    }
  if (node->type != type && !(nullable && node->type == J_NULL))
    {
      lab_fail (text, node, error, "“%s” must be %s", key, type_names[type]);
      return NULL;
    }
  return node;
}

static gboolean
lab_u64 (const char   *text,
         const JNode  *object,
         const char   *object_name,
         const char   *key,
         guint64       min,
         guint64       max,
         guint64      *out,
         GError      **error)
{
  const JNode *node = jget (object, key);

  if (node == NULL)
    return lab_fail (text, object, error, "%s has no “%s”", object_name, key);
  if ((node->type != J_NUMBER && node->type != J_STRING)
      || !g_ascii_string_to_unsigned (node->text, 10, min, max, out, NULL))
    return lab_fail (text, node, error,
                     "“%s” must be a whole number from %" G_GUINT64_FORMAT " to %"
                     G_GUINT64_FORMAT, key, min, max);
  return TRUE;
}

static char **
lab_strv (const char   *text,
          const JNode  *node,
          const char   *key,
          GError      **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < node->items->len; i++)
    {
      const JNode *item = g_ptr_array_index (node->items, i);

      if (item->type != J_STRING)
        {
          lab_fail (text, item, error, "“%s” must be a list of strings", key);
          return NULL;
        }
      g_strv_builder_add (builder, item->text);
    }
  return g_strv_builder_end (builder);
}

/* The object @def ("definition" or "compare_definition"): path, name, and
 * the text, checked against its SHA-256. */
static gboolean
lab_read_definition (const char   *text,
                     const JNode  *def,
                     const char   *key,
                     char        **path_out,
                     char        **name_out,
                     char        **text_out,
                     GError      **error)
{
  g_autofree char *in = g_strdup_printf ("“%s”", key);
  const JNode *path, *name, *sha, *yaml;
  g_autofree char *actual = NULL;

  if ((path = lab_member (text, def, in, "path", J_STRING, TRUE, error)) == NULL
      || (name = lab_member (text, def, in, "name", J_STRING, FALSE, error)) == NULL
      || (sha = lab_member (text, def, in, "sha256", J_STRING, FALSE, error)) == NULL
      || (yaml = lab_member (text, def, in, "text", J_STRING, FALSE, error)) == NULL)
    return FALSE;
  if (*yaml->text == '\0')
    return lab_fail (text, yaml, error, "the text of %s is empty", in);
  actual = g_compute_checksum_for_string (G_CHECKSUM_SHA256, yaml->text, -1);
  if (g_ascii_strcasecmp (actual, sha->text) != 0)
    return lab_fail (text, sha, error, "the text of %s does not match its SHA-256: "
                     "the file was changed after it was saved", in);
  *path_out = g_strdup (path->text);
  *name_out = g_strdup (name->text);
  *text_out = g_strdup (yaml->text);
  return TRUE;
}

static gboolean
lab_read_definitions (const char   *text,
                      const JNode  *root,
                      guint64       version,
                      TwSimLabRun  *run,
                      GError      **error)
{
  const JNode *def, *other;

  if ((def = lab_member (text, root, "the document", "definition", J_OBJECT, FALSE,
                         error)) == NULL
      || !lab_read_definition (text, def, "definition", &run->definition_path,
                               &run->definition_name, &run->definition_text, error))
    return FALSE;
  other = jget (root, "compare_definition");
  if (version < 2)
    {
      if (other != NULL && other->type != J_NULL)
        return lab_fail (text, other, error, "“compare_definition” needs version 2");
      return TRUE;
    }
  if ((other = lab_member (text, root, "the document", "compare_definition", J_OBJECT, TRUE,
                           error)) == NULL)
    return FALSE;
  if (other->type == J_NULL)
    return TRUE;
  return lab_read_definition (text, other, "compare_definition", &run->compare_definition_path,
                              &run->compare_definition_name, &run->compare_definition_text,
                              error);
}

static gboolean
lab_read_settings (const char   *text,
                   const JNode  *root,
                   TwSimLabRun  *run,
                   GError      **error)
{
  const char *in = "“settings”";
  const JNode *settings, *bots, *options, *compare;
  guint64 v;

  if ((settings = lab_member (text, root, "the document", "settings", J_OBJECT, FALSE,
                              error)) == NULL
      || !lab_u64 (text, settings, in, "players", 1, TW_MAX_PLAYERS, &v, error))
    return FALSE;
  run->n_players = (guint) v;
  if ((bots = lab_member (text, settings, in, "bots", J_ARRAY, FALSE, error)) == NULL
      || (run->bots = lab_strv (text, bots, "bots", error)) == NULL)
    return FALSE;
  if (bots->items->len != run->n_players)
    return lab_fail (text, bots, error, "%u bots for %u players", bots->items->len,
                     run->n_players);
  for (guint p = 0; p < run->n_players; p++)
    {
      g_autoptr(GError) bot_error = NULL;
      TwBotSpec spec;

      if (!tw_bot_spec_parse (run->bots[p], &spec, &bot_error))
        return lab_fail (text, g_ptr_array_index (bots->items, p), error, "seat %u: %s", p + 1,
                         bot_error->message);
    }
  if (!lab_u64 (text, settings, in, "games", 1, G_MAXUINT32, &run->games, error)
      || !lab_u64 (text, settings, in, "seed", 0, G_MAXUINT64, &run->seed, error)
      || !lab_u64 (text, settings, in, "jobs", 1, 1024, &v, error))
    return FALSE;
  run->jobs = (guint) v;
  if ((options = lab_member (text, settings, in, "options", J_ARRAY, FALSE, error)) == NULL
      || (run->options = lab_strv (text, options, "options", error)) == NULL)
    return FALSE;
  for (guint i = 0; run->options[i] != NULL; i++)
    if (strchr (run->options[i], '=') == NULL)
      return lab_fail (text, g_ptr_array_index (options->items, i), error,
                       "an option must be written name=value");
  if ((compare = lab_member (text, settings, in, "compare", J_STRING, TRUE, error)) == NULL)
    return FALSE;
  if (compare->type == J_STRING)
    {
      if (strchr (compare->text, '=') == NULL)
        return lab_fail (text, compare, error, "“compare” must be written name=value");
      run->compare = g_strdup (compare->text);
    }
  return TRUE;
}

/* The results must be what these settings played: the file can be edited. */
static gboolean
lab_check_arm (const char        *text,
               const JNode       *node,
               const TwSimLabRun *run,
               guint              k,
               const TwSimArm    *arm,
               GError           **error)
{
  gboolean ab = run->compare != NULL || run->compare_definition_text != NULL;
  const char *name = !ab ? "the result" : k == 0 ? "result A" : "result B";

  if (arm->n_players != run->n_players || !strv_equal (arm->bots, run->bots))
    return lab_fail (text, node, error, "%s: the players or bots differ from the settings",
                     name);
  if (arm->seed != run->seed || arm->total_games != run->games)
    return lab_fail (text, node, error, "%s: the seed or number of games differs from "
                     "the settings", name);
  if (k == 0 && !strv_equal (arm->options, run->options))
    return lab_fail (text, node, error, "result A: the options differ from the settings");
  if (ab && g_strcmp0 (arm->label, k == 0 ? "A" : "B") != 0)
    return lab_fail (text, node, error, "result %u must be labelled “%s”", k + 1,
                     k == 0 ? "A" : "B");
  if (g_strcmp0 (arm->definition, k == 1 && run->compare_definition_text != NULL
                                  ? run->compare_definition_name : run->definition_name) != 0)
    return lab_fail (text, node, error, "%s is of the definition “%s”, not “%s”", name,
                     arm->definition, k == 1 && run->compare_definition_text != NULL
                                      ? run->compare_definition_name : run->definition_name);
  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);

      if (g->index >= run->games)
        return lab_fail (text, node, error, "%s: game %" G_GUINT64_FORMAT " is not one "
                         "of the %" G_GUINT64_FORMAT " games", name, g->index, run->games);
      for (guint p = 0; p < arm->n_players; p++)
        if (!isfinite (g->score[p]) || g->rank[p] >= arm->n_players)
          return lab_fail (text, node, error, "%s: game %" G_GUINT64_FORMAT " has a score "
                           "or rank out of range", name, g->index);
    }
  return TRUE;
}

static gboolean
lab_read_results (const char   *text,
                  const JNode  *root,
                  TwSimLabRun  *run,
                  GError      **error)
{
  const JNode *results, *format, *list;
  guint n_arms = run->compare != NULL || run->compare_definition_text != NULL ? 2 : 1;

  if ((results = lab_member (text, root, "the document", "results", J_OBJECT, FALSE,
                             error)) == NULL
      || (format = lab_member (text, results, "“results”", "format", J_STRING, FALSE,
                               error)) == NULL)
    return FALSE;
  if (!g_str_equal (format->text, "tilewright-simulation"))
    return lab_fail (text, format, error, "the results must be “tilewright-simulation”");
  if ((list = lab_member (text, results, "“results”", "arms", J_ARRAY, FALSE, error)) == NULL)
    return FALSE;
  if (list->items->len != n_arms)
    return lab_fail (text, list, error, n_arms == 2
                     ? "an A/B run must have two results, A and B"
                     : "a run without “compare” or “compare_definition” must have one "
                       "result");
  for (guint k = 0; k < n_arms; k++)
    {
      const JNode *node = g_ptr_array_index (list->items, k);
      g_autoptr(GError) arm_error = NULL;
      TwSimArm *arm = NULL;

      if (!arm_from_json (node, k, &arm, &arm_error))
        return lab_fail (text, node, error, "%s", arm_error->message);
      g_ptr_array_add (run->arms, arm);
      if (!lab_check_arm (text, node, run, k, arm, error))
        return FALSE;
    }
  if (n_arms == 2)
    {
      const TwSimArm *a = g_ptr_array_index (run->arms, 0);
      const TwSimArm *b = g_ptr_array_index (run->arms, 1);

      /* another definition may be of another module; the same one cannot */
      if (run->compare_definition_text == NULL && !g_str_equal (a->rules_id, b->rules_id))
        return lab_fail (text, list, error, "A and B are results of different rules modules");
    }
  return TRUE;
}

/**
 * tw_sim_lab_run_from_json:
 * @text: a document written by tw_sim_lab_run_to_json()
 * @len: its length, or -1 when nul-terminated
 * @error: TW_SIM_ERROR_PARSE, the message starting with "LINE:COLUMN: "
 *
 * Reads and checks a saved run: the definition's text against its hash, the
 * bots, and that the results are those of the settings. It does not load the
 * definition or check the options against its module: the caller does.
 *
 * Returns: (transfer full): the run, or NULL with @error set.
 */
TwSimLabRun *
tw_sim_lab_run_from_json (const char  *text,
                          gsize        len,
                          GError     **error)
{
  /* the end is computed only once @len is known: text + (gsize) -1 would
   * overflow the pointer, which is undefined behaviour */
  JParser parser = { text, text, text, error };
  g_autoptr(JNode) root = NULL;
  g_autoptr(TwSimLabRun) run = tw_sim_lab_run_new ();
  const JNode *format;
  guint64 version;

  g_return_val_if_fail (text != NULL, NULL);

  parser.end = text + (len == (gsize) -1 ? strlen (text) : len);
  if ((root = jparse_value (&parser, 0)) == NULL)
    return NULL;
  jskip (&parser);
  if (parser.p != parser.end)
    {
      jfail (&parser, "text after the end of the document");
      return NULL;
    }
  if (root->type != J_OBJECT)
    {
      lab_fail (text, root, error, "not a Tilewright Lab run (the document is not an object)");
      return NULL;
    }
  format = jget (root, "format");
  if (format == NULL || format->type != J_STRING
      || !g_str_equal (format->text, "tilewright-lab-run"))
    {
      lab_fail (text, format != NULL ? format : root, error,
                "not a Tilewright Lab run (no “format”: “tilewright-lab-run”)");
      return NULL;
    }
  if (!lab_u64 (text, root, "the document", "version", 1, G_MAXUINT32, &version, error))
    return NULL;
  if (version > 2)
    {
      lab_fail (text, jget (root, "version"), error,
                "version %" G_GUINT64_FORMAT " is newer than this Tilewright reads (2)", version);
      return NULL;
    }
  if (!lab_read_definitions (text, root, version, run, error)
      || !lab_read_settings (text, root, run, error)
      || !lab_read_results (text, root, run, error))
    return NULL;
  return g_steal_pointer (&run);
}

/**
 * tw_sim_lab_run_save:
 * @run: the run
 * @path: the file
 * @error: a GFileError
 *
 * Writes the run to a temporary file beside @path, flushes it to the disk
 * and renames it over @path, so that @path holds the old run or the new one
 * whatever happens.
 */
gboolean
tw_sim_lab_run_save (const TwSimLabRun  *run,
                     const char         *path,
                     GError            **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (run != NULL && path != NULL, FALSE);

  tw_sim_lab_run_to_json (run, out);
  return g_file_set_contents_full (path, out->str, out->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0666, error);
}

#define LAB_MAX_FILE_SIZE (1024 * 1024 * 1024)

/**
 * tw_sim_lab_run_load:
 * @path: a file written by tw_sim_lab_run_save()
 * @error: a GFileError, or TW_SIM_ERROR_PARSE with "PATH:LINE:COLUMN: " first
 *
 * Returns: (transfer full): the run, or NULL with @error set.
 */
TwSimLabRun *
tw_sim_lab_run_load (const char  *path,
                     GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  TwSimLabRun *run;
  GStatBuf st;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  /* a 1 GiB limit: a run of millions of games is far below it */
  if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_size > LAB_MAX_FILE_SIZE)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                   "%s: the file is too large for a Lab run (over 1 GiB)", path);
      return NULL;
    }
  if (!g_file_get_contents (path, &text, &len, error))
    return NULL;
  run = tw_sim_lab_run_from_json (text, len, &local_error);
  if (run == NULL)
    {
      g_prefix_error (&local_error, "%s:", path);
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return run;
}
