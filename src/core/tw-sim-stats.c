/* tw-sim-stats.c: statistics of simulation results
 *
 * Every figure is reduced from an arm's accumulator (tw-sim-acc.c), made
 * from its games when it holds them: exact sums and histograms, so the same
 * games give the same bytes however they were played, ordered or merged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* The winner's score less the best score of a seat not tied with it,
 * whichever way the game counts (fewer points may win): 0 for a tie. */
static double
game_margin (const TwSimArm  *arm,
             const TwSimGame *g)
{
  double best = NAN, winner = NAN;

  for (guint p = 0; p < arm->n_players; p++)
    {
      if (g->rank[p] == 0)
        {
          if (!isnan (winner) && g->score[p] != winner)
            return 0;
          winner = g->score[p];
        }
    }
  for (guint p = 0; p < arm->n_players; p++)
    if (g->rank[p] > 0 && (isnan (best) || fabs (g->score[p] - winner) < fabs (best - winner)))
      best = g->score[p];
  return isnan (best) || isnan (winner) ? 0 : fabs (winner - best);
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
    case TW_SIM_METRIC_ADVANTAGE:
      {
        TwSimMetric win = { TW_SIM_METRIC_WIN, metric->index };

        return tw_sim_game_metric (arm, g, &win) - 1.0 / arm->n_players;
      }
    case TW_SIM_METRIC_END:
      return g->end_reason == metric->index ? 1.0 : 0.0;
    case TW_SIM_METRIC_LEAD_CHANGES:
      return g->lead_changes;
    case TW_SIM_METRIC_DECIDED:
      return g->moves > 0 ? (double) g->decided / g->moves : 1.0;
    case TW_SIM_METRIC_COMEBACK:
      return g->comeback;
    case TW_SIM_METRIC_MARGIN:
      return game_margin (arm, g);
    case TW_SIM_METRIC_BRANCHING:
      return g->moves > 0 ? (double) g->legal / g->moves : 0.0;
    case TW_SIM_METRIC_FORCED:
      return g->moves > 0 ? (double) g->forced / g->moves : 0.0;
    case TW_SIM_METRIC_COUNTER:
    default:
      return (double) g->counters[metric->index];
    }
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

/**
 * tw_sim_metric_is_share:
 *
 * Returns: whether @metric is 0 or 1 in each game (a tie's win aside), so
 * that its mean is a share with a Wilson interval.
 */
gboolean
tw_sim_metric_is_share (const TwSimMetric *metric)
{
  switch (metric->kind)
    {
    case TW_SIM_METRIC_WIN:
    case TW_SIM_METRIC_TIE:
    case TW_SIM_METRIC_END:
    case TW_SIM_METRIC_COMEBACK:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Every metric of an arm, in the order summaries list them (the metrics of
 * how the games went last: tw-sim.c's merge relies on it). */
GArray *
tw_sim_arm_metrics (const TwSimArm *arm)
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
  if (!arm->has_play)
    return metrics;
  for (guint p = 0; p < arm->n_players; p++)
    {
      m = (TwSimMetric) { TW_SIM_METRIC_ADVANTAGE, p };
      g_array_append_val (metrics, m);
    }
  for (guint e = 0; arm->end_reasons[e] != NULL; e++)
    {
      m = (TwSimMetric) { TW_SIM_METRIC_END, e };
      g_array_append_val (metrics, m);
    }
  for (TwSimMetricKind k = TW_SIM_METRIC_LEAD_CHANGES; k <= TW_SIM_METRIC_FORCED; k++)
    {
      m = (TwSimMetric) { k, 0 };
      g_array_append_val (metrics, m);
    }
  return metrics;
}

char *
tw_sim_metric_name (const TwSimArm    *arm,
             const TwSimMetric *metric)
{
  switch (metric->kind)
    {
    case TW_SIM_METRIC_WIN:     return g_strdup ("win");
    case TW_SIM_METRIC_SCORE:   return g_strdup ("score");
    case TW_SIM_METRIC_MOVES:   return g_strdup ("moves");
    case TW_SIM_METRIC_TIE:     return g_strdup ("tie");
    case TW_SIM_METRIC_ADVANTAGE:    return g_strdup ("advantage");
    case TW_SIM_METRIC_END:          return g_strdup (arm->end_reasons[metric->index]);
    case TW_SIM_METRIC_LEAD_CHANGES: return g_strdup ("lead-changes");
    case TW_SIM_METRIC_DECIDED:      return g_strdup ("decided");
    case TW_SIM_METRIC_COMEBACK:     return g_strdup ("comeback");
    case TW_SIM_METRIC_MARGIN:       return g_strdup ("margin");
    case TW_SIM_METRIC_BRANCHING:    return g_strdup ("branching");
    case TW_SIM_METRIC_FORCED:       return g_strdup ("forced");
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
/* The accumulator of @arm's games: its own, or one made into @owned from
 * the games it holds. */
static const TwSimAcc *
arm_acc (const TwSimArm  *arm,
         TwSimAcc       **owned)
{
  if (arm->games != NULL)
    return *owned = tw_sim_acc_from_games (arm);
  if (arm->acc == NULL)
    return *owned = tw_sim_acc_new (arm);   /* neither: no games */
  return arm->acc;
}

/* The index in @acc of @metric, or G_MAXUINT. */
static guint
acc_metric (const TwSimAcc    *acc,
            const TwSimMetric *metric)
{
  for (guint i = 0; i < acc->n_metrics; i++)
    if (acc->metrics[i].kind == metric->kind && acc->metrics[i].index == metric->index)
      return i;
  return G_MAXUINT;
}

TwSimBin *
tw_sim_arm_distribution (const TwSimArm    *arm,
                         const TwSimMetric *metric,
                         guint             *n_bins)
{
  TwSimBin *bins;
  guint k;

  g_return_val_if_fail (arm != NULL && metric != NULL && n_bins != NULL, NULL);

  *n_bins = 0;
  if (arm->games != NULL)
    bins = tw_sim_games_bins (arm, metric, n_bins);
  else if (arm->acc != NULL && (k = acc_metric (arm->acc, metric)) != G_MAXUINT)
    bins = tw_sim_hist_bins (&arm->acc->hist[k], n_bins);
  else
    return NULL;
  if (*n_bins == 0)
    g_clear_pointer (&bins, g_free);
  return bins;
}

GArray *
tw_sim_summarize (const TwSimArm *arm)
{
  g_autoptr(GArray) metrics = tw_sim_arm_metrics (arm);
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (TwSimRow));
  TwSimAcc *owned = NULL;
  const TwSimAcc *acc = arm_acc (arm, &owned);
  guint64 n = acc->n;

  g_array_set_clear_func (rows, clear_row);
  for (guint i = 0; i < metrics->len; i++)
    {
      TwSimRow row = { 0, };
      guint k;

      row.metric = g_array_index (metrics, TwSimMetric, i);
      k = acc_metric (acc, &row.metric);
      if (k == G_MAXUINT)
        continue;
      row.name = tw_sim_metric_name (arm, &row.metric);
      tw_sim_acc_stats (acc, k, &row.stats);
      if (tw_sim_metric_is_share (&row.metric))
        tw_sim_wilson (row.stats.sum, n, 1.959963984540054, &row.lo, &row.hi);
      else if (row.metric.kind == TW_SIM_METRIC_ADVANTAGE)
        {
          /* the win share's interval, less the fair share */
          double fair = 1.0 / arm->n_players;

          tw_sim_wilson (row.stats.sum + n * fair, n, 1.959963984540054, &row.lo, &row.hi);
          row.lo -= fair;
          row.hi -= fair;
        }
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
  tw_sim_acc_free (owned);
  return rows;
}

/* The accumulator of arm B holding the paired differences B - A: @b's own
 * when the arms streamed by pairs, one made into @owned from the games when
 * both hold the same games (index and seed), or NULL: not paired. */
static const TwSimAcc *
pairs_acc (const TwSimArm  *a,
           const TwSimAcc  *acc_a,
           const TwSimArm  *b,
           const TwSimAcc  *acc_b,
           TwSimAcc       **owned)
{
  if (acc_a->n != acc_b->n || acc_a->n < 2)
    return NULL;
  if (a->games != NULL && b->games != NULL)
    return *owned = tw_sim_acc_pairs_from_games (a, acc_a, b, acc_b);
  if (a->games != NULL || b->games != NULL || acc_b->pair_sum == NULL
      || acc_b->n_pairs != acc_b->n || acc_b->n_pair_metrics != acc_a->n_metrics
      || a->seed != b->seed || acc_a->ranges->len != acc_b->ranges->len
      || memcmp (acc_a->ranges->data, acc_b->ranges->data,
                 acc_a->ranges->len * sizeof (TwSimRange)) != 0)
    return NULL;
  return acc_b;
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
static void holm_families (GArray *diffs);

GArray *
tw_sim_compare (const TwSimArm *a,
                const TwSimArm *b)
{
  g_autoptr(GArray) metrics = tw_sim_arm_metrics (a);
  GArray *diffs = g_array_new (FALSE, TRUE, sizeof (TwSimDiff));
  TwSimAcc *owned_a = NULL, *owned_b = NULL, *owned_pairs = NULL;
  const TwSimAcc *acc_a = arm_acc (a, &owned_a);
  const TwSimAcc *acc_b = arm_acc (b, &owned_b);
  const TwSimAcc *pairs = pairs_acc (a, acc_a, b, acc_b, &owned_pairs);
  guint64 na = acc_a->n, nb = acc_b->n;

  g_array_set_clear_func (diffs, clear_diff);
  for (guint i = 0; i < metrics->len; i++)
    {
      TwSimMetric ma = g_array_index (metrics, TwSimMetric, i);
      TwSimMetric mb;
      TwSimDiff d = { 0, };
      TwSimStats sa, sb;
      guint ka, kb;
      double half;

      if (!tw_sim_pair_metric (a, b, &ma, &mb))
        continue;
      ka = acc_metric (acc_a, &ma);
      kb = acc_metric (acc_b, &mb);
      if (na == 0 || nb == 0 || ka == G_MAXUINT || kb == G_MAXUINT)
        continue;

      d.metric = ma;
      d.index_b = mb.index;
      d.name = tw_sim_metric_name (a, &ma);
      d.paired = pairs != NULL;
      tw_sim_acc_stats (acc_a, ka, &sa);
      tw_sim_acc_stats (acc_b, kb, &sb);
      d.mean_a = sa.mean;
      d.mean_b = sb.mean;
      if (pairs != NULL)
        {
          TwSimStats sd;

          tw_sim_acc_pair_stats (pairs, ka, &sd);
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
      d.p = half > 0 ? erfc (fabs (d.diff) / (half / 1.959964) / G_SQRT2)
                     : (d.diff == 0 ? 1 : 0);
      g_array_append_val (diffs, d);
    }
  holm_families (diffs);
  tw_sim_acc_free (owned_a);
  tw_sim_acc_free (owned_b);
  tw_sim_acc_free (owned_pairs);
  return diffs;
}

static int
compare_by_p (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const double *p = data;
  guint x = *(const guint *) a, y = *(const guint *) b;

  if (p[x] != p[y])
    return p[x] < p[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

void
tw_sim_holm (const double *p,
             guint         n,
             double       *adjusted)
{
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  g_autofree double *copy = g_memdup2 (p, MAX (n, 1) * sizeof (double));
  guint m = 0;
  double last = 0;

  for (guint i = 0; i < n; i++)
    if (!isnan (copy[i]))
      order[m++] = i;
  /* by p, smallest first */
  g_qsort_with_data (order, m, sizeof (guint), compare_by_p, copy);
  for (guint i = 0; i < n; i++)
    adjusted[i] = copy[i];
  /* the k-th smallest of m is multiplied by m - k + 1, the adjusted values
   * kept non-decreasing */
  for (guint k = 0; k < m; k++)
    {
      double a = MIN (1.0, (m - k) * copy[order[k]]);

      last = k > 0 ? MAX (a, last) : a;
      adjusted[order[k]] = last;
    }
}

/* The family a comparison is corrected within (tw_sim_compare()) */
static guint
diff_family (const TwSimDiff *d)
{
  switch (d->metric.kind)
    {
    case TW_SIM_METRIC_WIN:
    case TW_SIM_METRIC_TIE:
      return 0;
    case TW_SIM_METRIC_SCORE:
      return 1;
    case TW_SIM_METRIC_COUNTER:
      return 2;
    case TW_SIM_METRIC_END:
      return 3;
    case TW_SIM_METRIC_ADVANTAGE:
      return 4;
    default:
      return 5 + d->metric.kind;
    }
}

static void
holm_families (GArray *diffs)
{
  g_autofree double *p = g_new (double, MAX (diffs->len, 1));
  g_autofree double *adjusted = g_new (double, MAX (diffs->len, 1));

  for (guint i = 0; i < diffs->len; i++)
    g_array_index (diffs, TwSimDiff, i).p_holm = NAN;
  for (guint i = 0; i < diffs->len; i++)
    {
      guint family = diff_family (&g_array_index (diffs, TwSimDiff, i));
      guint n = 0;
      guint members[256];

      if (!isnan (g_array_index (diffs, TwSimDiff, i).p_holm))
        continue;   /* its family is done */
      for (guint j = i; j < diffs->len && n < G_N_ELEMENTS (members); j++)
        if (diff_family (&g_array_index (diffs, TwSimDiff, j)) == family)
          {
            members[n] = j;
            p[n++] = g_array_index (diffs, TwSimDiff, j).p;
          }
      tw_sim_holm (p, n, adjusted);
      for (guint k = 0; k < n; k++)
        g_array_index (diffs, TwSimDiff, members[k]).p_holm = adjusted[k];
    }
}

gboolean
tw_sim_win_verdict (GArray       *diffs,
                    double        negligible,
                    TwSimVerdict *out)
{
  const TwSimDiff *best = NULL;
  const TwSimDiff *ties = NULL;

  g_return_val_if_fail (diffs != NULL && out != NULL, FALSE);

  for (guint i = 0; i < diffs->len; i++)
    {
      const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);

      if (d->metric.kind == TW_SIM_METRIC_TIE && d->p_holm < 0.05
          && fabs (d->diff) >= negligible)
        ties = d;
      if (d->metric.kind != TW_SIM_METRIC_WIN)
        continue;
      /* the smallest adjusted p first (the clearest change), then the largest */
      if (best == NULL || d->p_holm < best->p_holm
          || (d->p_holm == best->p_holm && fabs (d->diff) > fabs (best->diff)))
        best = d;
    }
  if (best == NULL)
    return FALSE;
  out->metric = best->metric;
  out->diff = best->diff;
  out->lo = best->lo;
  out->hi = best->hi;
  out->p_holm = best->p_holm;
  out->ties = ties;
  if (best->p_holm >= 0.05)
    out->kind = TW_SIM_VERDICT_NONE;
  else if (fabs (best->diff) < negligible)
    out->kind = TW_SIM_VERDICT_NEGLIGIBLE;
  else
    out->kind = TW_SIM_VERDICT_REAL;
  return TRUE;
}

gboolean
tw_sim_arm_same_bots (const TwSimArm *arm)
{
  g_return_val_if_fail (arm != NULL, FALSE);

  for (guint p = 1; p < arm->n_players; p++)
    if (g_strcmp0 (arm->bots[p], arm->bots[0]) != 0)
      return FALSE;
  return TRUE;
}

gboolean
tw_sim_seat_verdict (GArray       *rows,
                     guint         n_players,
                     double        negligible,
                     TwSimVerdict *out)
{
  const TwSimRow *win[TW_MAX_PLAYERS];
  double p[TW_MAX_PLAYERS], adjusted[TW_MAX_PLAYERS];
  double fair;
  guint best = 0;

  g_return_val_if_fail (rows != NULL && out != NULL, FALSE);

  if (n_players == 0 || n_players > TW_MAX_PLAYERS)
    return FALSE;
  fair = 1.0 / n_players;
  for (guint s = 0; s < n_players; s++)
    {
      double se;

      win[s] = tw_sim_find_row (rows, TW_SIM_METRIC_WIN, s);
      if (win[s] == NULL || win[s]->stats.n == 0)
        return FALSE;
      /* the share's standard error under the fair share (a shared win of
       * 1/k makes the true variance a little smaller: the test is on the
       * safe side) */
      se = sqrt (fair * (1 - fair) / win[s]->stats.n);
      p[s] = erfc (fabs (win[s]->stats.mean - fair) / se / G_SQRT2);
    }
  tw_sim_holm (p, n_players, adjusted);
  /* the clearest first, then the farthest, then the seat that wins more
   * (in a 2-player run both seats are equally far) */
  for (guint s = 1; s < n_players; s++)
    {
      double d = win[s]->stats.mean - fair, d_best = win[best]->stats.mean - fair;

      if (adjusted[s] < adjusted[best]
          || (adjusted[s] == adjusted[best]
              && (fabs (d) > fabs (d_best) + 1e-12
                  || (fabs (d) >= fabs (d_best) - 1e-12 && d > d_best))))
        best = s;
    }
  *out = (TwSimVerdict) {
    .metric = win[best]->metric,
    .diff = win[best]->stats.mean - fair,
    .lo = win[best]->lo - fair,
    .hi = win[best]->hi - fair,
    .p_holm = adjusted[best],
  };
  if (adjusted[best] >= 0.05)
    out->kind = TW_SIM_VERDICT_NONE;
  else if (fabs (out->diff) < negligible)
    out->kind = TW_SIM_VERDICT_NEGLIGIBLE;
  else
    out->kind = TW_SIM_VERDICT_REAL;
  return TRUE;
}

const TwSimRow *
tw_sim_find_row (GArray          *rows,
                 TwSimMetricKind  kind,
                 guint            index)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);

      if (row->metric.kind == kind && row->metric.index == index)
        return row;
    }
  return NULL;
}

/* ------------------------------------------------------------------------ */
/* Per-component figures                                                    */

/* The rows with both groups, by p ascending, for Holm's method. */
/* Outliers first: rows that were tested by |diff|, then the others by id. */
static int
compare_row_impact (gconstpointer a,
                    gconstpointer b)
{
  const TwSimImpactRow *x = a, *y = b;
  gboolean tx = !isnan (x->p), ty = !isnan (y->p);

  if (tx != ty)
    return tx ? -1 : 1;
  if (tx && fabs (x->diff) != fabs (y->diff))
    return fabs (x->diff) > fabs (y->diff) ? -1 : 1;
  return g_strcmp0 (x->id, y->id);
}

/* The mean and variance (n-1) of a group of @n seat-games from its sums in
 * 1/TW_SIM_WIN_UNIT. */
static void
group_moments (double  n,
               double  sum,
               double  sum_sq,
               double *mean,
               double *var)
{
  double u = TW_SIM_WIN_UNIT;

  *mean = n > 0 ? sum / u / n : NAN;
  *var = n > 1 ? MAX (0.0, (sum_sq / (u * u) - n * *mean * *mean) / (n - 1)) : NAN;
}

/**
 * tw_sim_impact_rows:
 * @arm: results with per-component figures
 *
 * For each component that came into play, compares the win share of the
 * seat-games that used it with that of the other seat-games of the games it
 * came into play: the difference with its 95% interval (normal
 * approximation, Welch's standard error; with no spread in either group, the
 * pooled share's), a two-sided p, and Holm's adjustment of p over the
 * components with at least two seat-games in each group (so that, of many
 * components, one is not called different by chance alone).
 *
 * Returns: (transfer full) (nullable): TwSimImpactRow, outliers first.
 */
GArray *
tw_sim_impact_rows (const TwSimArm *arm)
{
  GArray *rows;
  double n_games;

  g_return_val_if_fail (arm != NULL, NULL);

  if (arm->impact == NULL)
    return NULL;
  rows = g_array_new (FALSE, TRUE, sizeof (TwSimImpactRow));
  n_games = tw_sim_arm_n_games (arm);
  for (guint c = 0; c < arm->n_components; c++)
    {
      const TwSimImpact *x = &arm->impact[c];
      TwSimImpactRow row = { 0, };
      double m1, v1, m0, v0, se;

      if (x->games == 0)
        continue;
      row.id = arm->component_ids[c];
      row.component = c;
      row.appeared = n_games > 0 ? x->games / n_games : 0;
      row.uses = (double) x->uses / x->games;
      row.users = x->users;
      row.others = x->games * arm->n_players - x->users;
      group_moments (row.users, x->win_users, x->win2_users, &m1, &v1);
      group_moments (row.others, x->win_all - x->win_users, x->win2_all - x->win2_users, &m0, &v0);
      row.win_users = m1;
      row.win_others = m0;
      row.diff = m1 - m0;
      row.lo = row.hi = row.p = row.p_holm = NAN;
      if (row.users >= 2 && row.others >= 2)
        {
          se = sqrt (v1 / row.users + v0 / row.others);
          if (se == 0)
            {
              double pooled = (double) x->win_all / TW_SIM_WIN_UNIT / (row.users + row.others);

              se = sqrt (pooled * (1 - pooled) * (1.0 / row.users + 1.0 / row.others));
            }
          row.lo = row.diff - 1.959964 * se;
          row.hi = row.diff + 1.959964 * se;
          row.p = se > 0 ? erfc (fabs (row.diff) / se / G_SQRT2) : (row.diff == 0 ? 1 : 0);
        }
      g_array_append_val (rows, row);
    }

  /* Holm over the components tested */
  {
    g_autofree double *p = g_new (double, MAX (rows->len, 1));

    for (guint i = 0; i < rows->len; i++)
      p[i] = g_array_index (rows, TwSimImpactRow, i).p;
    tw_sim_holm (p, rows->len, p);
    for (guint i = 0; i < rows->len; i++)
      {
        TwSimImpactRow *row = &g_array_index (rows, TwSimImpactRow, i);

        row->p_holm = p[i];
        row->significant = !isnan (p[i]) && p[i] < 0.05;
      }
  }
  g_array_sort (rows, compare_row_impact);
  return rows;
}
