/* test-sim.c: batch simulation and its statistics
 *
 * Generic over the registered modules: runs use the first one with a bundled
 * definition; the statistics are checked on known values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tw-definition.h"
#include "tw-sim.h"
#include "tw-sim-private.h"

/* The bundled definition of @rules at its fewest players, or NULL. */
static TwGame *
bundled_game (const TwRules *rules)
{
  g_autofree char *path = tw_definition_bundled_path (rules->id);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GError) error = NULL;
  TwGame *game;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  game = tw_game_new (def, def->min_players, NULL, &error);
  g_assert_no_error (error);
  return game;
}

static TwGame *
first_game (void)
{
  const TwRules * const *all;
  guint n;

  all = tw_rules_all (&n);
  for (guint i = 0; i < n; i++)
    {
      TwGame *game = bundled_game (all[i]);

      if (game != NULL)
        return game;
    }
  return NULL;
}

static void
config_init (TwSimConfig  *config,
             const TwGame *game,
             const char   *bots,
             guint64       total)
{
  g_auto(GStrv) specs = g_strsplit (bots, "/", -1);
  guint n = g_strv_length (specs);

  memset (config, 0, sizeof *config);
  config->game = game;
  config->seed = 2024;
  config->total_games = total;
  config->first = 0;
  config->last = total;
  config->jobs = 1;
  for (guint p = 0; p < game->n_players; p++)
    g_assert_true (tw_bot_spec_parse (specs[n == 1 ? 0 : p], &config->bots[p], NULL));
}

static char *
to_json (TwSimArm *arm)
{
  g_autoptr(GPtrArray) arms = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  g_ptr_array_add (arms, arm);
  tw_sim_to_json (arms, out);
  return g_string_free (out, FALSE);
}

/* The rows of two summaries, bit for bit */
static void
assert_same_rows (GArray *ra,
                  GArray *rb)
{
  g_assert_cmpuint (ra->len, ==, rb->len);
  for (guint i = 0; i < ra->len; i++)
    {
      const TwSimRow *x = &g_array_index (ra, TwSimRow, i);
      const TwSimRow *y = &g_array_index (rb, TwSimRow, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpmem (&x->stats, sizeof x->stats, &y->stats, sizeof y->stats);
      g_assert_cmpmem (&x->lo, sizeof x->lo, &y->lo, sizeof y->lo);
      g_assert_cmpmem (&x->hi, sizeof x->hi, &y->hi, sizeof y->hi);
    }
}

static void
assert_same_arm (const TwSimArm *a,
                 const TwSimArm *b)
{
  g_autoptr(GArray) ra = tw_sim_summarize (a);
  g_autoptr(GArray) rb = tw_sim_summarize (b);

  g_assert_cmpuint (a->games->len, ==, b->games->len);
  /* bit for bit: the per-game results, then every statistic */
  g_assert_cmpmem (a->games->data, a->games->len * sizeof (TwSimGame),
                   b->games->data, b->games->len * sizeof (TwSimGame));
  assert_same_rows (ra, rb);
}

/* ------------------------------------------------------------------------ */

static void
test_wilson (void)
{
  const double z = 1.959963984540054;
  double lo, hi;

  tw_sim_wilson (50, 100, z, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.404, 0.0005);
  g_assert_cmpfloat_with_epsilon (hi, 0.596, 0.0005);
  tw_sim_wilson (0, 10, z, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat_with_epsilon (hi, 0.2775, 0.0005);
  tw_sim_wilson (10, 10, z, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.7225, 0.0005);
  g_assert_cmpfloat_with_epsilon (hi, 1, 1e-12);
  tw_sim_wilson (140, 200, z, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.6329, 0.0005);
  g_assert_cmpfloat_with_epsilon (hi, 0.7595, 0.0005);
  /* shared wins are fractional */
  tw_sim_wilson (50.5, 100, z, &lo, &hi);
  g_assert_cmpfloat (lo, >, 0.404);
  tw_sim_wilson (0, 0, z, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 1);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
test_stats (void)
{
  const double v[] = { 4, 1, 3, 2 };
  const double one[] = { 7 };
  TwSimStats s;

  tw_sim_stats_compute (v, 4, &s);
  g_assert_cmpuint (s.n, ==, 4);
  g_assert_cmpfloat (s.sum, ==, 10);
  g_assert_cmpfloat (s.sum_sq, ==, 30);
  g_assert_cmpfloat (s.mean, ==, 2.5);
  g_assert_cmpfloat_with_epsilon (s.sd, 1.2909944487358056, 1e-12);
  g_assert_cmpfloat (s.min, ==, 1);
  g_assert_cmpfloat (s.q25, ==, 1.75);
  g_assert_cmpfloat (s.median, ==, 2.5);
  g_assert_cmpfloat (s.q75, ==, 3.25);
  g_assert_cmpfloat (s.max, ==, 4);

  tw_sim_stats_compute (one, 1, &s);
  g_assert_cmpfloat (s.mean, ==, 7);
  g_assert_cmpfloat (s.sd, ==, 0);
  g_assert_cmpfloat (s.median, ==, 7);

  tw_sim_stats_compute (NULL, 0, &s);
  g_assert_cmpuint (s.n, ==, 0);
  g_assert_true (isnan (s.mean));

  /* quantiles against a plain sort, on runs with many equal values */
  for (guint trial = 0; trial < 300; trial++)
    {
      guint n = 1 + g_test_rand_int_range (0, 200);
      g_autofree double *values = g_new (double, n);
      g_autofree double *sorted = NULL;
      const double qs[] = { 0.25, 0.5, 0.75 };
      double got[3];

      for (guint i = 0; i < n; i++)
        values[i] = g_test_rand_int_range (0, trial % 3 == 0 ? 3 : 1000) / 2.0;
      sorted = g_memdup2 (values, n * sizeof (double));
      qsort (sorted, n, sizeof (double), compare_doubles);
      tw_sim_stats_compute (values, n, &s);
      got[0] = s.q25;
      got[1] = s.median;
      got[2] = s.q75;
      for (guint q = 0; q < 3; q++)
        {
          double h = (n - 1) * qs[q];
          guint lo = (guint) floor (h);
          guint hi = MIN (lo + 1, n - 1);
          g_assert_cmpfloat (got[q], ==, sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]));
        }
      g_assert_cmpfloat (s.min, ==, sorted[0]);
      g_assert_cmpfloat (s.max, ==, sorted[n - 1]);
    }

  g_assert_cmpfloat_with_epsilon (tw_sim_t975 (1), 12.706, 1e-9);
  g_assert_cmpfloat_with_epsilon (tw_sim_t975 (10), 2.228, 1e-9);
  g_assert_cmpfloat_with_epsilon (tw_sim_t975 (10.7), 2.228, 1e-9);
  g_assert_cmpfloat_with_epsilon (tw_sim_t975 (60), 2.000, 0.001);
  g_assert_cmpfloat_with_epsilon (tw_sim_t975 (120), 1.980, 0.001);
  g_assert_cmpfloat_with_epsilon (tw_sim_t975 (1e9), 1.95996, 0.0001);
}

static void
test_seeds_and_shards (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *seeds = g_new (gint64, 1000);

  g_assert_cmpuint (tw_sim_game_seed (1, 5), ==, tw_sim_game_seed (1, 5));
  for (guint i = 0; i < 1000; i++)
    {
      seeds[i] = (gint64) tw_sim_game_seed (i % 2, i / 2);
      g_assert_false (g_hash_table_contains (seen, &seeds[i]));
      g_hash_table_add (seen, &seeds[i]);
    }
  g_assert_cmpuint (tw_sim_seat_seed (9, 0), !=, tw_sim_seat_seed (9, 1));
  g_assert_cmpuint (tw_sim_seat_seed (9, 0), !=, 9);

  for (guint64 total = 0; total < 30; total++)
    for (guint n = 1; n <= 7; n++)
      {
        guint64 expect = 0;

        for (guint k = 1; k <= n; k++)
          {
            guint64 first, last;

            tw_sim_shard_range (total, k, n, &first, &last);
            g_assert_cmpuint (first, ==, expect);
            g_assert_cmpuint (last, >=, first);
            g_assert_cmpuint (last - first, <=, total / n + 1);
            expect = last;
          }
        g_assert_cmpuint (expect, ==, total);
      }
}

static void
test_jobs_do_not_matter (void)
{
  g_autoptr(TwGame) game = first_game ();
  const char * const bots[] = { "random", "greedy/random" };

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  for (guint b = 0; b < G_N_ELEMENTS (bots); b++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TwSimArm) one = NULL;
      g_autoptr(TwSimArm) two = NULL;
      g_autoptr(TwSimArm) three = NULL;
      g_autofree char *json_one = NULL;
      g_autofree char *json_two = NULL;
      TwSimConfig config;

      config_init (&config, game, bots[b], b == 0 ? 60 : 12);
      one = tw_sim_run (&config, &error);
      g_assert_no_error (error);
      config.jobs = 2;
      two = tw_sim_run (&config, &error);
      g_assert_no_error (error);
      config.jobs = 5;
      three = tw_sim_run (&config, &error);
      g_assert_no_error (error);

      g_assert_cmpuint (one->games->len, ==, config.total_games);
      assert_same_arm (one, two);
      assert_same_arm (one, three);
      json_one = to_json (one);
      json_two = to_json (two);
      g_assert_cmpstr (json_one, ==, json_two);

      /* game i is tw_sim_play_game with game i's seed */
      for (guint i = 0; i < one->games->len; i += 5)
        {
          TwSimGame g;

          g_assert_true (tw_sim_play_game (game, config.bots, tw_sim_game_seed (config.seed, i),
                                           NULL, &g, &error));
          g.index = i;
          g_assert_cmpmem (&g, sizeof g, &g_array_index (one->games, TwSimGame, i), sizeof g);
        }
    }
}

static void
test_shards_merge (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimArm) full = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autofree char *json_full = NULL;
  g_autofree char *json_merged = NULL;
  TwSimConfig config;
  TwSimArm *merged;

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  config_init (&config, game, "random", 41);
  config.jobs = 2;
  full = tw_sim_run (&config, &error);
  g_assert_no_error (error);

  for (guint k = 1; k <= 3; k++)
    {
      TwSimArm *part;
      g_autofree char *json = NULL;

      tw_sim_shard_range (41, k, 3, &config.first, &config.last);
      part = tw_sim_run (&config, &error);
      g_assert_no_error (error);
      /* through JSON, as shards on other machines would be */
      json = to_json (part);
      tw_sim_arm_free (part);
      g_assert_true (tw_sim_from_json (json, strlen (json), parts, &error));
      g_assert_no_error (error);
    }

  /* merged in any order, the shards are the full run */
  merged = g_ptr_array_index (parts, 2);
  g_assert_true (tw_sim_arm_merge (merged, g_ptr_array_index (parts, 0), &error));
  g_assert_no_error (error);
  g_assert_true (tw_sim_arm_merge (merged, g_ptr_array_index (parts, 1), &error));
  g_assert_no_error (error);
  assert_same_arm (full, merged);

  /* the path is informative, the rest must match to the byte */
  g_clear_pointer (&merged->path, g_free);
  g_clear_pointer (&full->path, g_free);
  json_full = to_json (full);
  json_merged = to_json (merged);
  g_assert_cmpstr (json_full, ==, json_merged);

  /* a JSON round trip changes nothing */
  g_assert_true (tw_sim_from_json (json_full, strlen (json_full), read, &error));
  g_assert_no_error (error);
  assert_same_arm (full, g_ptr_array_index (read, 0));

  /* overlapping shards and other configurations are refused, unchanged */
  g_assert_false (tw_sim_arm_merge (merged, g_ptr_array_index (parts, 0), &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH);
  g_clear_error (&error);
  assert_same_arm (full, merged);
  ((TwSimArm *) g_ptr_array_index (read, 0))->seed++;
  g_assert_false (tw_sim_arm_merge (merged, g_ptr_array_index (read, 0), &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, "seed"));
}

static void
assert_same_diffs (GArray *da,
                   GArray *db)
{
  g_assert_cmpuint (da->len, ==, db->len);
  for (guint i = 0; i < da->len; i++)
    {
      const TwSimDiff *x = &g_array_index (da, TwSimDiff, i);
      const TwSimDiff *y = &g_array_index (db, TwSimDiff, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_true (x->paired && y->paired);
      g_assert_cmpmem (&x->diff, sizeof x->diff, &y->diff, sizeof y->diff);
      g_assert_cmpmem (&x->lo, sizeof x->lo, &y->lo, sizeof y->lo);
      g_assert_cmpmem (&x->hi, sizeof x->hi, &y->hi, sizeof y->hi);
      g_assert_cmpmem (&x->p_holm, sizeof x->p_holm, &y->p_holm, sizeof y->p_holm);
    }
}

/* Exact sums: the order of the terms and the split into parts do not
 * change a bit of them, and what a double sum loses is kept. */
static void
test_exact_sums (void)
{
  const double terms[] = { 1e16, 1, -1e16, 0.1, 0.1, 0.1, -0.3, 5e-324, 1e308, 1e308,
                           -1e308, -1e308, 1.0 / 3, -2.0 / 3, 1.0 / 3 };
  TwSimExact forward = { 0, }, backward = { 0, }, part1 = { 0, }, part2 = { 0, };
  TwSimExact many = { 0, };
  double naive = 0;

  for (guint i = 0; i < G_N_ELEMENTS (terms); i++)
    {
      tw_sim_exact_add (&forward, terms[i]);
      tw_sim_exact_add (&backward, terms[G_N_ELEMENTS (terms) - 1 - i]);
      tw_sim_exact_add (i % 2 ? &part1 : &part2, terms[i]);
      naive += terms[i];
    }
  tw_sim_exact_merge (&part1, &part2);
  g_assert_true (tw_sim_exact_equal (&forward, &backward));
  g_assert_true (tw_sim_exact_equal (&forward, &part1));
  /* 1 + (0.1 + 0.1 + 0.1 - 0.3 as doubles: 2^-54 + 2^-56) + 5e-324, nearest double: 1 */
  g_assert_cmpfloat (tw_sim_exact_value (&forward), ==, 1.0);
  g_assert_cmpfloat (naive, !=, 1.0);
  /* negative sums, and sums of more terms than one carry covers */
  tw_sim_exact_add (&forward, -3);
  g_assert_cmpfloat (tw_sim_exact_value (&forward), ==, -2.0);
  for (guint i = 0; i < (1u << 20); i++)
    tw_sim_exact_add (&many, 4294967295.0);
  g_assert_cmpfloat (tw_sim_exact_value (&many), ==, 4294967295.0 * (1u << 20));
}

/* A run that streams (no per-game records) gives the summary of the run
 * that keeps its games bit for bit, its A/B comparison the paired one of
 * the games, its shards merge into the same bytes as one run, and its games
 * are handed on once each, in index order, whatever the threads. */
/* @game with its first option that can change changed, or @game. */
static TwGame *
game_with_other_option (TwGame *game)
{
  for (guint i = 0; i < game->rules->n_options; i++)
    for (int v = 0; v <= 1; v++)
      {
        TwOptions options = game->options;
        TwGame *other;

        if (options.values[i] == v)
          continue;
        options.values[i] = v;
        other = tw_game_new (game->definition, game->n_players, &options, NULL);
        if (other != NULL)
          return other;
      }
  return tw_game_ref (game);
}

typedef struct
{
  guint64 next[2];
  guint   calls;
  gboolean in_order;
} GameOrder;

static void
on_game (guint            arm,
         const TwSimGame *game,
         gpointer         data)
{
  GameOrder *order = data;

  order->in_order &= arm < 2 && game->index == order->next[arm];
  order->next[MIN (arm, 1)] = game->index + 1;
  order->calls++;
}

static void
test_stream (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(TwGame) game_b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimArm) kept = NULL;
  g_autoptr(TwSimArm) kept_b = NULL;
  g_autoptr(TwSimArm) streamed = NULL;
  g_autoptr(TwSimArm) streamed_b = NULL;
  g_autoptr(GArray) rows_kept = NULL;
  g_autoptr(GArray) rows_streamed = NULL;
  g_autoptr(GArray) diffs_kept = NULL;
  g_autoptr(GArray) diffs_streamed = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autofree char *json_full = NULL;
  g_autofree char *json_merged = NULL;
  GameOrder order = { { 0, 0 }, 0, TRUE };
  TwSimConfig config;

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  config_init (&config, game, "random", 37);
  config.jobs = 3;
  kept = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  config.stream = TRUE;
  config.on_game = on_game;
  config.on_game_data = &order;
  streamed = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  g_assert_null (streamed->games);
  g_assert_cmpuint (tw_sim_arm_n_games (streamed), ==, 37);
  g_assert_true (order.in_order);
  g_assert_cmpuint (order.calls, ==, 37);
  rows_kept = tw_sim_summarize (kept);
  rows_streamed = tw_sim_summarize (streamed);
  assert_same_rows (rows_kept, rows_streamed);
  /* every metric's values and their counts, for charts, are the same
   * from the games and from the streamed histogram */
  for (guint i = 0; i < rows_kept->len; i++)
    {
      const TwSimMetric *m = &g_array_index (rows_kept, TwSimRow, i).metric;
      guint n_kept = 0, n_streamed = 0;
      guint64 total = 0;
      g_autofree TwSimBin *from_games = tw_sim_arm_distribution (kept, m, &n_kept);
      g_autofree TwSimBin *from_acc = tw_sim_arm_distribution (streamed, m, &n_streamed);

      g_assert_cmpuint (n_kept, >, 0);
      g_assert_cmpuint (n_kept, ==, n_streamed);
      g_assert_cmpmem (from_games, n_kept * sizeof (TwSimBin),
                       from_acc, n_streamed * sizeof (TwSimBin));
      for (guint b = 0; b < n_kept; b++)
        {
          g_assert_true (b == 0 || from_games[b - 1].value < from_games[b].value);
          total += from_games[b].count;
        }
      g_assert_cmpuint (total, ==, 37);
    }

  /* A/B: B flips an option; the paired sums streamed are those of the
   * games kept, paired by index */
  game_b = game_with_other_option (game);
  config.on_game = NULL;
  config.jobs = 2;
  streamed = (tw_sim_arm_free (streamed), tw_sim_run_pair (&config, game_b, NULL, &streamed_b,
                                                           &error));
  g_assert_no_error (error);
  g_assert_nonnull (streamed_b->acc);
  config.stream = FALSE;
  config.jobs = 1;
  kept = (tw_sim_arm_free (kept), tw_sim_run_pair (&config, game_b, NULL, &kept_b, &error));
  g_assert_no_error (error);
  g_assert_nonnull (kept_b->games);
  diffs_kept = tw_sim_compare (kept, kept_b);
  diffs_streamed = tw_sim_compare (streamed, streamed_b);
  assert_same_diffs (diffs_kept, diffs_streamed);
  {
    gboolean any = FALSE;

    for (guint i = 0; i < diffs_streamed->len; i++)
      {
        const TwSimDiff *d = &g_array_index (diffs_streamed, TwSimDiff, i);

        /* the mean of the differences is the difference of the means */
        g_assert_cmpfloat_with_epsilon (d->diff, d->mean_b - d->mean_a,
                                        1e-12 * MAX (1, fabs (d->mean_a) + fabs (d->mean_b)));
        any |= d->diff != 0;
      }
    g_assert_true (any || game_b == game);
  }

  /* shards through JSON, merged in any order: the bytes of the full run */
  config.stream = TRUE;
  for (guint k = 1; k <= 3; k++)
    {
      TwSimArm *part_a, *part_b = NULL;
      g_autoptr(GPtrArray) two = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
      g_autoptr(GString) json = g_string_new (NULL);

      tw_sim_shard_range (37, k, 3, &config.first, &config.last);
      part_a = tw_sim_run_pair (&config, game_b, NULL, &part_b, &error);
      g_assert_no_error (error);
      part_a->label = g_strdup ("A");
      part_b->label = g_strdup ("B");
      g_ptr_array_add (two, part_a);
      g_ptr_array_add (two, part_b);
      tw_sim_to_json (two, json);
      g_assert_true (tw_sim_from_json (json->str, json->len, parts, &error));
      g_assert_no_error (error);
    }
  for (guint k = 2; k > 0; k--)
    for (guint a = 0; a < 2; a++)
      {
        g_assert_true (tw_sim_arm_merge (g_ptr_array_index (parts, 4 + a),
                                         g_ptr_array_index (parts, 2 * (k - 1) + a), &error));
        g_assert_no_error (error);
      }
  {
    g_autoptr(GPtrArray) whole = g_ptr_array_new ();
    g_autoptr(GPtrArray) joined = g_ptr_array_new ();
    GString *a = g_string_new (NULL), *b = g_string_new (NULL);

    streamed->label = g_strdup ("A");
    streamed_b->label = g_strdup ("B");
    g_ptr_array_add (whole, streamed);
    g_ptr_array_add (whole, streamed_b);
    g_ptr_array_add (joined, g_ptr_array_index (parts, 4));
    g_ptr_array_add (joined, g_ptr_array_index (parts, 5));
    for (guint i = 0; i < 2; i++)
      {
        g_clear_pointer (&((TwSimArm *) g_ptr_array_index (whole, i))->path, g_free);
        g_clear_pointer (&((TwSimArm *) g_ptr_array_index (joined, i))->path, g_free);
      }
    tw_sim_to_json (whole, a);
    tw_sim_to_json (joined, b);
    json_full = g_string_free (a, FALSE);
    json_merged = g_string_free (b, FALSE);
    g_assert_nonnull (strstr (json_full, "\"pairs\": {\"games\": 37"));
    g_assert_cmpstr (json_full, ==, json_merged);
  }
  /* overlapping shards are refused */
  g_assert_false (tw_sim_arm_merge (g_ptr_array_index (parts, 4), g_ptr_array_index (parts, 0),
                                    &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH);
}

/* Results of more games than one batch of the reader (1024; it reads the
 * games a batch at a time, not the whole file as one tree): made by hand
 * (any game's arm, games with the run's seeds), read back the same, and a
 * fault in a game of a later batch is found at its line. */
static void
test_json_many_games (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *where = NULL;
  TwBotSpec bots[TW_MAX_PLAYERS];
  TwSimArm *arm;
  const guint n_games = 2500;
  char *at;
  guint line = 1;

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  for (guint p = 0; p < game->n_players; p++)
    g_assert_true (tw_bot_spec_parse ("random", &bots[p], NULL));
  arm = tw_sim_arm_new (game, NULL, bots, 9, n_games + 10);
  for (guint i = 0; i < n_games; i++)
    {
      /* every index but 0 to 9: a shard */
      TwSimGame g = { .index = i + 10, .seed = tw_sim_game_seed (9, i + 10), .moves = i % 50 };

      for (guint p = 0; p < game->n_players; p++)
        {
          g.rank[p] = (guint8) ((i + p) % game->n_players);
          g.score[p] = (double) (i * 7 % 31) / 4 - p;
        }
      for (guint c = 0; c < arm->n_counters; c++)
        g.counters[c] = i * (c + 1);
      g_array_append_val (arm->games, g);
    }
  json = to_json (arm);
  g_assert_true (tw_sim_from_json (json, strlen (json), read, &error));
  g_assert_no_error (error);
  assert_same_arm (arm, g_ptr_array_index (read, 0));

  /* a syntax fault in game 2001: its line, in the file's numbering */
  at = strstr (json, "{\"game\": 2010,");
  g_assert_nonnull (at);
  for (const char *c = json; c < at; c++)
    line += *c == '\n';
  broken = g_strdup (json);
  broken[at - json + 1] = 'x';
  g_assert_false (tw_sim_from_json (broken, strlen (broken), read, &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE);
  where = g_strdup_printf ("%u:", line);
  if (!g_str_has_prefix (error->message, where))
    g_error ("“%s” is not at line %u", error->message, line);
  tw_sim_arm_free (arm);
}

static void
test_json_errors (void)
{
  static const char * const bad[] = {
    "",
    "{",
    "[1, 2]",
    "{\"format\": \"something-else\", \"arms\": []}",
    "{\"format\": \"tilewright-simulation\", \"arms\": []}",
    "{\"format\": \"tilewright-simulation\", \"arms\": [{}]}",
    "{\"format\": \"tilewright-simulation\", \"arms\": [1]} x",
    "{\"format\": \"tilewright-simulation\" \"arms\": 1}",
    "{\"a\": \"\\q\"}",
    "{\"a\": nul}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
      g_autoptr(GError) error = NULL;

      g_assert_false (tw_sim_from_json (bad[i], strlen (bad[i]), arms, &error));
      g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE);
      g_assert_cmpuint (arms->len, ==, 0);
    }
}

/* Known differences on hand-made results: paired when both arms hold the
 * same games, Welch otherwise. */
static void
test_compare (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(TwSimArm) a = NULL;
  g_autoptr(TwSimArm) b = NULL;
  g_autoptr(GArray) diffs = NULL;
  TwSimConfig config;
  const TwSimDiff *score = NULL, *moves = NULL;

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  config_init (&config, game, "random", 0);
  a = tw_sim_arm_new (game, NULL, config.bots, 1, 5);
  b = tw_sim_arm_new (game, NULL, config.bots, 1, 5);
  for (guint i = 0; i < 5; i++)
    {
      TwSimGame g = { .index = i, .seed = 100 + i, .moves = 10 + i };

      g.score[0] = i + 1;
      g_array_append_val (a->games, g);
      g.score[0] += 1;         /* B scores one more in every game */
      g.moves += i % 2;        /* and plays 0 or 1 more moves */
      g.rank[1] = 1;
      g_array_append_val (b->games, g);
    }

  diffs = tw_sim_compare (a, b);
  for (guint i = 0; i < diffs->len; i++)
    {
      const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);
      if (d->metric.kind == TW_SIM_METRIC_SCORE && d->metric.index == 0)
        score = d;
      if (d->metric.kind == TW_SIM_METRIC_MOVES)
        moves = d;
      g_assert_true (d->paired);
    }
  g_assert_nonnull (score);
  g_assert_cmpfloat (score->diff, ==, 1);
  g_assert_cmpfloat (score->lo, ==, 1);   /* no variance in the differences */
  g_assert_true (score->significant);
  g_assert_nonnull (moves);
  /* differences 0,1,0,1,0: mean 0.4, sd 0.5477, t(4) = 2.776 */
  g_assert_cmpfloat_with_epsilon (moves->diff, 0.4, 1e-12);
  g_assert_cmpfloat_with_epsilon (moves->hi - moves->diff, 2.776 * 0.5477225575 / sqrt (5), 1e-6);
  g_assert_false (moves->significant);
  g_clear_pointer (&diffs, g_array_unref);

  /* other seeds: unpaired */
  g_array_index (b->games, TwSimGame, 0).seed++;
  diffs = tw_sim_compare (a, b);
  g_assert_cmpuint (diffs->len, >, 0);
  g_assert_false (g_array_index (diffs, TwSimDiff, 0).paired);
  g_clear_pointer (&diffs, g_array_unref);

  /* an arm against itself: nothing differs */
  diffs = tw_sim_compare (a, a);
  for (guint i = 0; i < diffs->len; i++)
    {
      g_assert_cmpfloat (g_array_index (diffs, TwSimDiff, i).diff, ==, 0);
      g_assert_false (g_array_index (diffs, TwSimDiff, i).significant);
      g_assert_cmpfloat (g_array_index (diffs, TwSimDiff, i).p_holm, ==, 1);
    }
  {
    TwSimVerdict v;

    g_assert_true (tw_sim_win_verdict (diffs, 0.02, &v));
    g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_NONE);
  }
}

/* Holm's method on a worked example, NaN left out of the family; the
 * verdict on who wins: the clearest change among the seats' wins, real
 * when its Holm-adjusted p is under 0.05 and it is at least the
 * negligible size, negligible when smaller, none otherwise. */
static void
test_holm_and_verdict (void)
{
  const double p[5] = { 0.01, 0.04, 0.03, NAN, 0.005 };
  double adjusted[5];
  g_autoptr(GArray) diffs = g_array_new (FALSE, TRUE, sizeof (TwSimDiff));
  TwSimDiff seat[3] = {
    { .metric = { TW_SIM_METRIC_WIN, 0 }, .diff = 0.042, .lo = 0.021, .hi = 0.063, .p_holm = 0.003 },
    { .metric = { TW_SIM_METRIC_WIN, 1 }, .diff = -0.030, .lo = -0.05, .hi = -0.01, .p_holm = 0.02 },
    { .metric = { TW_SIM_METRIC_SCORE, 0 }, .diff = 5, .lo = 4, .hi = 6, .p_holm = 0.0001 },
  };
  TwSimVerdict v;

  tw_sim_holm (p, 5, adjusted);
  g_assert_cmpfloat_with_epsilon (adjusted[4], 0.02, 1e-12);
  g_assert_cmpfloat_with_epsilon (adjusted[0], 0.03, 1e-12);
  g_assert_cmpfloat_with_epsilon (adjusted[2], 0.06, 1e-12);
  g_assert_cmpfloat_with_epsilon (adjusted[1], 0.06, 1e-12);   /* kept non-decreasing */
  g_assert_true (isnan (adjusted[3]));

  /* no seat's win: no verdict */
  g_array_append_val (diffs, seat[2]);
  g_assert_false (tw_sim_win_verdict (diffs, 0.02, &v));
  g_array_append_vals (diffs, seat, 2);
  g_assert_true (tw_sim_win_verdict (diffs, 0.02, &v));
  g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_REAL);
  g_assert_cmpuint (v.metric.index, ==, 0);
  g_assert_cmpfloat (v.diff, ==, 0.042);
  /* the same change under a larger threshold is negligible */
  g_assert_true (tw_sim_win_verdict (diffs, 0.05, &v));
  g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_NEGLIGIBLE);
  /* not significant after the correction: no difference */
  g_array_index (diffs, TwSimDiff, 1).p_holm = 0.2;
  g_array_index (diffs, TwSimDiff, 2).p_holm = 0.06;
  g_assert_true (tw_sim_win_verdict (diffs, 0.02, &v));
  g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_NONE);
  g_assert_cmpuint (v.metric.index, ==, 1);
  g_assert_null (v.ties);

  /* ties for first: told when their change is real, not when it is
   * insignificant or under the threshold */
  {
    TwSimDiff tie = { .metric = { TW_SIM_METRIC_TIE, 0 }, .diff = 0.33, .lo = 0.28,
                      .hi = 0.38, .p_holm = 0.001 };
    const TwSimDiff *added;

    g_array_append_val (diffs, tie);
    added = &g_array_index (diffs, TwSimDiff, diffs->len - 1);
    g_assert_true (tw_sim_win_verdict (diffs, 0.02, &v));
    g_assert_true (v.ties == added);
    g_assert_true (tw_sim_win_verdict (diffs, 0.40, &v));
    g_assert_null (v.ties);
    g_array_index (diffs, TwSimDiff, diffs->len - 1).p_holm = 0.07;
    g_assert_true (tw_sim_win_verdict (diffs, 0.02, &v));
    g_assert_null (v.ties);
  }
}

/* The verdict of a run of one arm: the seat farthest from its fair share
 * by a score test against it, Holm over the seats; in a 2-player run, the
 * seat that wins more is named. */
static void
seat_rows (GArray       *rows,
           const double *means,
           guint         n_players,
           guint64       n)
{
  g_array_set_size (rows, 0);
  for (guint s = 0; s < n_players; s++)
    {
      TwSimRow row = { .metric = { TW_SIM_METRIC_WIN, s } };

      row.stats.n = n;
      row.stats.mean = means[s];
      row.stats.sum = means[s] * n;
      tw_sim_wilson (row.stats.sum, n, 1.959963984540054, &row.lo, &row.hi);
      g_array_append_val (rows, row);
    }
}

static void
test_seat_verdict (void)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (TwSimRow));
  const double four[4] = { 0.34, 0.22, 0.22, 0.22 };
  const double fair[4] = { 0.25, 0.26, 0.24, 0.25 };
  const double two[2] = { 0.4, 0.6 };
  TwSimVerdict v;

  seat_rows (rows, four, 4, 400);
  g_assert_true (tw_sim_seat_verdict (rows, 4, 0.02, &v));
  g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_REAL);
  g_assert_cmpuint (v.metric.index, ==, 0);
  g_assert_cmpfloat_with_epsilon (v.diff, 0.09, 1e-12);
  g_assert_cmpfloat (v.lo, >, 0);
  g_assert_cmpfloat (v.p_holm, <, 0.001);
  /* under a threshold of 10 points: negligible */
  g_assert_true (tw_sim_seat_verdict (rows, 4, 0.10, &v));
  g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_NEGLIGIBLE);
  /* close to fair: nothing to tell, the farthest seat named */
  seat_rows (rows, fair, 4, 400);
  g_assert_true (tw_sim_seat_verdict (rows, 4, 0.02, &v));
  g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_NONE);
  g_assert_cmpuint (v.metric.index, ==, 1);
  /* two players: both are 10 points off; the winner is named */
  seat_rows (rows, two, 2, 200);
  g_assert_true (tw_sim_seat_verdict (rows, 2, 0.02, &v));
  g_assert_cmpint (v.kind, ==, TW_SIM_VERDICT_REAL);
  g_assert_cmpuint (v.metric.index, ==, 1);
  g_assert_cmpfloat (v.diff, >, 0);
  /* no game, or a seat missing: no verdict */
  seat_rows (rows, two, 2, 0);
  g_assert_false (tw_sim_seat_verdict (rows, 2, 0.02, &v));
  seat_rows (rows, two, 2, 200);
  g_assert_false (tw_sim_seat_verdict (rows, 3, 0.02, &v));
}

/* A tie for first gives each tied seat 1/k of a win. */
static void
test_shared_wins (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(TwSimArm) arm = NULL;
  g_autoptr(GArray) rows = NULL;
  TwSimConfig config;
  TwSimGame g = { 0, };

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  config_init (&config, game, "random", 0);
  arm = tw_sim_arm_new (game, NULL, config.bots, 1, 2);
  g_array_append_val (arm->games, g);          /* everybody ties for first */
  g.index = 1;
  for (guint p = 1; p < game->n_players; p++)
    g.rank[p] = 1;                             /* seat 1 wins alone */
  g_array_append_val (arm->games, g);

  rows = tw_sim_summarize (arm);
  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);

      if (row->metric.kind == TW_SIM_METRIC_WIN)
        g_assert_cmpfloat_with_epsilon (row->stats.sum,
                                        1.0 / game->n_players + (row->metric.index == 0),
                                        1e-12);
      if (row->metric.kind == TW_SIM_METRIC_TIE)
        g_assert_cmpfloat (row->stats.mean, ==, 0.5);
    }
}

/* How the games went (TwSimArm.has_play), on real games of every bundled
 * module: within their bounds; then the metrics of two games made by hand. */
static void
test_how_games_went (void)
{
  const TwRules * const *all;
  guint n_rules, checked = 0;

  all = tw_rules_all (&n_rules);
  for (guint r = 0; r < n_rules; r++)
    {
      g_autoptr(TwGame) game = bundled_game (all[r]);
      g_autoptr(TwSimArm) arm = NULL;
      g_autoptr(GError) error = NULL;
      TwSimConfig config;
      guint n_reasons;

      if (game == NULL)
        continue;
      config_init (&config, game, "random", 12);
      arm = tw_sim_run (&config, &error);
      g_assert_no_error (error);
      g_assert_true (arm->has_play);
      n_reasons = g_strv_length (arm->end_reasons);
      g_assert_true ((all[r]->end_reason != NULL) == (n_reasons > 0));
      for (guint i = 0; i < arm->games->len; i++)
        {
          const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);
          guint n_first = 0;

          for (guint p = 0; p < game->n_players; p++)
            n_first += g->rank[p] == 0;
          g_assert_cmpuint (g->moves, >, 0);
          g_assert_cmpuint (g->legal, >=, g->moves);   /* one legal move at least each time */
          g_assert_cmpuint (g->forced, <=, g->moves);
          g_assert_cmpuint (g->decided, <=, g->moves);
          g_assert_cmpuint (g->lead_changes, <, g->moves);
          g_assert_true (n_reasons == 0 ? g->end_reason == 0 : g->end_reason < n_reasons);
          if (n_first > 1)
            g_assert_cmpuint (g->decided, ==, g->moves);
          else
            g_assert_cmpuint (g->decided, <, g->moves);  /* it led after the last move */
          g_assert_true (!g->comeback || n_first == 1);
        }
      /* and through JSON, bit for bit */
      {
        g_autofree char *json = to_json (arm);
        g_autoptr(GPtrArray) back = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);

        g_assert_true (tw_sim_from_json (json, strlen (json), back, &error));
        g_assert_no_error (error);
        assert_same_arm (arm, g_ptr_array_index (back, 0));
        g_assert_true (((TwSimArm *) g_ptr_array_index (back, 0))->has_play);
      }
      checked++;
    }
  if (checked == 0)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }

  /* two games by hand: seat 1 wins 10 to 7 after leading from move 6 of 8,
   * and a tie */
  {
    g_autoptr(TwGame) game = first_game ();
    g_autoptr(TwSimArm) arm = NULL;
    g_autoptr(GArray) rows = NULL;
    TwSimConfig config;
    TwSimGame g = { 0, };

    config_init (&config, game, "random", 0);
    arm = tw_sim_arm_new (game, NULL, config.bots, 1, 2);
    g.moves = 8;
    g.decided = 6;
    g.comeback = 1;
    g.lead_changes = 3;
    g.legal = 24;
    g.forced = 2;
    g.score[0] = 10;
    for (guint p = 1; p < game->n_players; p++)
      {
        g.score[p] = 7 - (double) p;
        g.rank[p] = 1;
      }
    g.score[1] = 7;
    g_array_append_val (arm->games, g);
    memset (&g, 0, sizeof g);
    g.index = 1;
    g.moves = 4;
    g.decided = 4;
    g.legal = 4;
    g.forced = 4;
    g_array_append_val (arm->games, g);

    rows = tw_sim_summarize (arm);
    for (guint i = 0; i < rows->len; i++)
      {
        const TwSimRow *row = &g_array_index (rows, TwSimRow, i);
        double fair = 1.0 / game->n_players;
        /* lead changes, decided, comeback, margin, branching, forced */
        static const double expected[] = {
          (3 + 0) / 2.0, (6.0 / 8 + 1) / 2, 0.5, (3 + 0) / 2.0, (3 + 1) / 2.0, (0.25 + 1) / 2,
        };

        switch (row->metric.kind)
          {
          case TW_SIM_METRIC_ADVANTAGE:
            /* seat 1: a win and a share of the tie; the others a share */
            g_assert_cmpfloat_with_epsilon (row->stats.mean,
                                            ((row->metric.index == 0) + fair) / 2 - fair, 1e-12);
            g_assert_cmpfloat (row->lo, <, row->stats.mean);
            g_assert_cmpfloat (row->hi, >, row->stats.mean);
            break;
          case TW_SIM_METRIC_LEAD_CHANGES ... TW_SIM_METRIC_FORCED:
            g_assert_cmpfloat_with_epsilon (row->stats.mean,
                                            expected[row->metric.kind - TW_SIM_METRIC_LEAD_CHANGES],
                                            1e-12);
            break;
          default:
            break;
          }
      }
  }
}

static void
count_progress (guint64  done,
                guint64  total,
                gpointer user_data)
{
  guint64 *last = user_data;

  g_assert_cmpuint (done, <=, total);
  *last = done;
}

static void
test_progress_and_cancel (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimArm) arm = NULL;
  TwSimConfig config;
  guint64 last = 0;
  gint cancel = 1;

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  config_init (&config, game, "random", 20);
  config.jobs = 2;
  config.progress = count_progress;
  config.progress_data = &last;
  arm = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (last, ==, 20);

  config.cancel = &cancel;
  g_assert_null (tw_sim_run (&config, &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED);
}

/* Cancels the run from the progress callback once a game has ended. */
static void
cancel_after_first (guint64  done,
                    guint64  total,
                    gpointer user_data)
{
  if (done > 0)
    g_atomic_int_set ((gint *) user_data, 1);
}

/* With keep_partial a cancelled run returns the games that ended, each the
 * same as in a full run, in index order. */
static void
test_cancel_keeps_partial (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimArm) arm = NULL;
  TwSimConfig config;
  gint cancel = 0;

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  config_init (&config, game, "mcts:iterations=40", 2000);
  config.jobs = 2;
  config.cancel = &cancel;
  config.progress = cancel_after_first;
  config.progress_data = &cancel;
  config.keep_partial = TRUE;
  arm = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  g_assert_nonnull (arm);
  g_assert_true (g_atomic_int_get (&cancel));
  g_assert_cmpuint (arm->games->len, >, 0);
  g_assert_cmpuint (arm->games->len, <, 2000);
  g_assert_cmpuint (arm->total_games, ==, 2000);
  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);
      TwSimGame again;

      if (i > 0)
        g_assert_cmpuint (g->index, >, g_array_index (arm->games, TwSimGame, i - 1).index);
      g_assert_cmpuint (g->seed, ==, tw_sim_game_seed (config.seed, g->index));
      g_assert_true (tw_sim_play_game (game, config.bots, g->seed, NULL, &again, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (again.moves, ==, g->moves);
      g_assert_cmpmem (again.rank, sizeof again.rank, g->rank, sizeof g->rank);
      g_assert_cmpmem (again.score, sizeof again.score, g->score, sizeof g->score);
    }
}

typedef struct
{
  guint64 n_games;
  guint   *moves;     /* per game: decisions timed */
  gboolean negative;  /* a decision took negative CPU time */
} Timings;

static void
count_move (guint64  index,
            guint    seat,
            gint64   cpu_ns,
            gpointer user_data)
{
  Timings *t = user_data;

  g_assert_cmpuint (index, <, t->n_games);
  (void) seat;
  t->moves[index]++;  /* one thread per game: no lock needed */
  if (cpu_ns < 0)
    t->negative = TRUE;
}

/* With lineups, game i is played by lineup i mod L (and still with the seed
 * of (seed, i)), whatever the number of threads; every decision is timed. */
static void
test_lineups (void)
{
  g_autoptr(TwGame) game = first_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimArm) one = NULL;
  g_autoptr(TwSimArm) two = NULL;
  g_autofree guint *moves = NULL;
  TwBotSpec lineups[3 * TW_MAX_PLAYERS];
  const char * const names[] = { "random", "greedy" };
  Timings timings = { 0, };
  TwSimConfig config;

  if (game == NULL)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  /* lineup l: seat p plays names[(l + p) % 2] */
  for (guint l = 0; l < 3; l++)
    for (guint p = 0; p < game->n_players; p++)
      g_assert_true (tw_bot_spec_parse (names[(l + p) % 2], &lineups[l * game->n_players + p],
                                        NULL));
  config_init (&config, game, "random", 10);
  config.lineups = lineups;
  config.n_lineups = 3;
  moves = g_new0 (guint, 10);
  timings.n_games = 10;
  timings.moves = moves;
  config.on_move = count_move;
  config.on_move_data = &timings;
  one = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  config.jobs = 3;
  config.on_move = NULL;
  two = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  assert_same_arm (one, two);
  g_assert_false (timings.negative);

  for (guint i = 0; i < one->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (one->games, TwSimGame, i);
      TwSimGame again;

      g_assert_true (tw_sim_play_game (game, &lineups[(i % 3) * game->n_players], g->seed, NULL,
                                       &again, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (again.moves, ==, g->moves);
      g_assert_cmpuint (moves[i], ==, g->moves);
      g_assert_cmpmem (again.rank, sizeof again.rank, g->rank, sizeof g->rank);
      g_assert_cmpmem (again.score, sizeof again.score, g->score, sizeof g->score);
    }
}

/* Per-component figures: every module's events name components of its
 * definition; the sums do not depend on the threads, shards merge to the
 * whole run through JSON, the figures agree with the module's counters
 * where both count the same thing, and the statistics hold together. */
static void
test_impact (void)
{
  const TwRules * const *all;
  guint n;

  all = tw_rules_all (&n);
  for (guint r = 0; r < n; r++)
    {
      g_autoptr(TwGame) game = bundled_game (all[r]);
      g_autoptr(GError) error = NULL;
      g_autoptr(TwSimArm) one = NULL;
      g_autoptr(TwSimArm) two = NULL;
      g_autoptr(GArray) rows = NULL;
      g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
      g_autofree char *json_whole = NULL;
      g_autofree char *json_merged = NULL;
      TwSimConfig config;
      guint64 appeared = 0;

      if (game == NULL || all[r]->component_events == NULL)
        continue;
      config_init (&config, game, "random", 24);
      config.impact = TRUE;
      config.jobs = 1;
      one = tw_sim_run (&config, &error);
      g_assert_no_error (error);
      config.jobs = 2;
      two = tw_sim_run (&config, &error);
      g_assert_no_error (error);
      g_assert_nonnull (one->impact);
      g_assert_cmpuint (one->n_components, ==, game->definition->n_tiles
                        + game->definition->n_pieces + game->definition->n_cards);
      g_assert_cmpmem (one->impact, one->n_components * sizeof (TwSimImpact),
                       two->impact, two->n_components * sizeof (TwSimImpact));
      for (guint c = 0; c < one->n_components; c++)
        {
          const TwSimImpact *x = &one->impact[c];

          appeared += x->games;
          g_assert_cmpuint (x->games, <=, 24);
          g_assert_cmpuint (x->users, <=, x->games * game->n_players);
          g_assert_cmpuint (x->users, <=, x->uses);
          g_assert_cmpuint (x->win_users, <=, x->win_all);
          /* a game's wins add up to one whole win */
          g_assert_cmpuint (x->win_all, ==, x->games * TW_SIM_WIN_UNIT);
        }
      g_assert_cmpuint (appeared, >, 0);

      /* Colorblock: every goal claimed is a card used */
      if (g_strcmp0 (all[r]->id, "colorblock") == 0)
        {
          guint64 claimed = 0, used = 0;
          int goals = -1;

          for (guint k = 0; k < one->n_counters; k++)
            if (g_strcmp0 (one->counter_names[k], "goals-claimed") == 0)
              goals = (int) k;
          g_assert_cmpint (goals, >=, 0);
          for (guint i = 0; i < one->games->len; i++)
            claimed += g_array_index (one->games, TwSimGame, i).counters[goals];
          for (guint c = 0; c < one->n_components; c++)
            if (g_str_has_prefix (one->component_ids[c], "card:"))
              used += one->impact[c].uses;
          g_assert_cmpuint (used, ==, claimed);
        }

      /* shards through JSON merge to the whole run, byte for byte */
      for (guint k = 1; k <= 2; k++)
        {
          g_autoptr(TwSimArm) part = NULL;
          g_autofree char *json = NULL;

          tw_sim_shard_range (24, k, 2, &config.first, &config.last);
          part = tw_sim_run (&config, &error);
          g_assert_no_error (error);
          json = to_json (part);
          g_assert_true (tw_sim_from_json (json, strlen (json), parts, &error));
          g_assert_no_error (error);
        }
      g_assert_true (tw_sim_arm_merge (g_ptr_array_index (parts, 1), g_ptr_array_index (parts, 0),
                                       &error));
      g_assert_no_error (error);
      g_clear_pointer (&((TwSimArm *) g_ptr_array_index (parts, 1))->path, g_free);
      g_clear_pointer (&one->path, g_free);
      json_whole = to_json (one);
      json_merged = to_json (g_ptr_array_index (parts, 1));
      g_assert_cmpstr (json_merged, ==, json_whole);

      /* the rows: intervals around the difference, Holm's p at least p */
      rows = tw_sim_impact_rows (one);
      g_assert_nonnull (rows);
      for (guint i = 0; i < rows->len; i++)
        {
          const TwSimImpactRow *row = &g_array_index (rows, TwSimImpactRow, i);

          g_assert_cmpfloat (row->appeared, >, 0);
          g_assert_cmpfloat (row->appeared, <=, 1);
          if (isnan (row->p))
            continue;
          g_assert_cmpfloat (row->lo, <=, row->diff);
          g_assert_cmpfloat (row->hi, >=, row->diff);
          g_assert_cmpfloat (row->p_holm, >=, row->p);
          g_assert_cmpfloat (row->p_holm, <=, 1);
          g_assert_true (row->significant == (row->p_holm < 0.05));
          /* outliers first */
          if (i > 0 && !isnan (g_array_index (rows, TwSimImpactRow, i - 1).p))
            g_assert_cmpfloat (fabs (g_array_index (rows, TwSimImpactRow, i - 1).diff), >=,
                               fabs (row->diff));
        }
    }
}

/* Results with per-component figures merged with results without them keep
 * none; sums the games cannot have made are refused when read. */
static void
test_impact_merge_and_errors (void)
{
  g_autoptr(TwGame) game = bundled_game (tw_rules_lookup ("colorblock"));
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimArm) with = NULL;
  g_autoptr(TwSimArm) without = NULL;
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autofree char *json = NULL;
  g_autoptr(GString) forged = NULL;
  char *at;
  TwSimConfig config;

  g_assert_nonnull (game);
  config_init (&config, game, "random", 10);
  config.impact = TRUE;
  config.last = 5;
  with = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  config.impact = FALSE;
  config.first = 5;
  config.last = 10;
  without = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  g_assert_null (without->impact);

  json = to_json (with);
  g_assert_true (tw_sim_from_json (json, strlen (json), read, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (((TwSimArm *) g_ptr_array_index (read, 0))->impact,
                   with->n_components * sizeof (TwSimImpact), with->impact,
                   with->n_components * sizeof (TwSimImpact));
  g_assert_true (tw_sim_arm_merge (with, without, &error));
  g_assert_no_error (error);
  g_assert_null (with->impact);
  g_assert_null (with->component_ids);

  /* more users than seats in the games it was in */
  forged = g_string_new (json);
  at = strstr (forged->str, "\"users\": ");
  g_assert_nonnull (at);
  g_string_insert (forged, at - forged->str + strlen ("\"users\": "), "9999");
  g_ptr_array_set_size (read, 0);
  g_assert_false (tw_sim_from_json (forged->str, forged->len, read, &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "impact"));
}

/* The quick playtest stops at the first game with a score: every bundled
 * definition scores at once; a variant that cannot score plays every game,
 * the same way each time; a cancelled one says so. */
static void
test_quick_playtest (void)
{
  const TwRules * const *all;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data-files",
                                                 "colorblock-no-score.yaml", NULL);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autoptr(GError) error = NULL;
  TwSimPlaytest result, again;
  gint cancel = 1;
  guint n;

  all = tw_rules_all (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TwGame) bundled = bundled_game (all[i]);

      if (bundled == NULL)
        continue;
      g_assert_true (tw_sim_quick_playtest (bundled, TW_SIM_PLAYTEST_SEED, TW_SIM_PLAYTEST_GAMES,
                                            NULL, &result, &error));
      g_assert_no_error (error);
      g_assert_true (result.scored);
      g_assert_cmpuint (result.games, >=, 1);
      g_assert_cmpuint (result.games, <=, 2);
    }

  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  game = tw_game_new (def, def->min_players, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (tw_sim_quick_playtest (game, TW_SIM_PLAYTEST_SEED, 40, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_false (result.scored);
  g_assert_cmpuint (result.games, ==, 40);
  g_assert_true (tw_sim_quick_playtest (game, TW_SIM_PLAYTEST_SEED, 40, NULL, &again, &error));
  g_assert_cmpmem (&result, sizeof result, &again, sizeof again);

  g_assert_false (tw_sim_quick_playtest (game, TW_SIM_PLAYTEST_SEED, 40, &cancel, &result,
                                         &error));
  g_assert_error (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/sim/seat-verdict", test_seat_verdict);
  g_test_add_func ("/tw/sim/wilson", test_wilson);
  g_test_add_func ("/tw/sim/stats", test_stats);
  g_test_add_func ("/tw/sim/seeds-and-shards", test_seeds_and_shards);
  g_test_add_func ("/tw/sim/jobs-do-not-matter", test_jobs_do_not_matter);
  g_test_add_func ("/tw/sim/shards-merge", test_shards_merge);
  g_test_add_func ("/tw/sim/exact-sums", test_exact_sums);
  g_test_add_func ("/tw/sim/stream", test_stream);
  g_test_add_func ("/tw/sim/json-many-games", test_json_many_games);
  g_test_add_func ("/tw/sim/json-errors", test_json_errors);
  g_test_add_func ("/tw/sim/compare", test_compare);
  g_test_add_func ("/tw/sim/holm-and-verdict", test_holm_and_verdict);
  g_test_add_func ("/tw/sim/shared-wins", test_shared_wins);
  g_test_add_func ("/tw/sim/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/tw/sim/cancel-keeps-partial", test_cancel_keeps_partial);
  g_test_add_func ("/tw/sim/lineups", test_lineups);
  g_test_add_func ("/tw/sim/how-games-went", test_how_games_went);
  g_test_add_func ("/tw/sim/impact", test_impact);
  g_test_add_func ("/tw/sim/impact-merge-and-errors", test_impact_merge_and_errors);
  g_test_add_func ("/tw/sim/quick-playtest", test_quick_playtest);

  return g_test_run ();
}
