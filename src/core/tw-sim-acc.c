/* tw-sim-acc.c: the statistics of an arm as exact, mergeable sums
 *
 * A TwSimAcc holds what every summary of an arm needs and nothing that
 * grows with the number of games: per metric, the exact histogram of its
 * per-game values (value → count), from which the sums, the standard
 * deviation, the minimum, the quantiles and the maximum follow; the game
 * indexes added, as ranges; and, in arm B of a comparison played by pairs,
 * the exact sums of the paired differences B - A and of their squares. Games
 * can be added in any order and accumulators of disjoint games added
 * together: every sum is exact (integer counts, and sums of doubles in a
 * fixed-point accumulator wide enough for any double), so the figures are
 * the same bytes however the games were split or ordered.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Exact sums of doubles                                                    */

/* Digit k weighs 2^(32 k - EXACT_OFFSET): the smallest subnormal's bit is
 * 2^-1074 and the largest double is under 2^1024, so the digits cover every
 * bit a double has, with room for carries of 2^64 additions. */
#define EXACT_OFFSET 1152
/* adds between two carry propagations: each changes a digit by under 2^32 */
#define EXACT_ADDS_MAX (1u << 30)

void
tw_sim_exact_add (TwSimExact *e,
                  double      x)
{
  int exp;
  double m;
  guint64 mant;
  unsigned __int128 t;
  guint bit, k, r;

  if (x == 0 || !isfinite (x))
    return;
  if (e->adds >= EXACT_ADDS_MAX)
    tw_sim_exact_normalize (e);
  e->adds++;
  m = frexp (x, &exp);          /* x = m 2^exp, 0.5 <= |m| < 1 */
  mant = (guint64) ldexp (fabs (m), 53);   /* exact: 53 bits */
  bit = (guint) (exp - 53 + EXACT_OFFSET);
  k = bit / 32;
  r = bit % 32;
  t = (unsigned __int128) mant << r;
  for (guint i = 0; i < 3 && k + i < TW_SIM_EXACT_DIGITS; i++)
    {
      gint64 digit = (gint64) (guint64) ((t >> (32 * i)) & 0xffffffffu);

      e->d[k + i] += x < 0 ? -digit : digit;
    }
}

/* Adds @a × @b exactly (both products of two doubles are split by fma). */
static void
exact_add_product (TwSimExact *e,
                   double      a,
                   double      b)
{
  double p = a * b;

  tw_sim_exact_add (e, p);
  tw_sim_exact_add (e, fma (a, b, -p));
}

void
tw_sim_exact_normalize (TwSimExact *e)
{
  for (guint k = 0; k + 1 < TW_SIM_EXACT_DIGITS; k++)
    {
      gint64 carry = e->d[k] >> 32;   /* floor division: arithmetic shift */

      e->d[k] -= carry * (G_GINT64_CONSTANT (1) << 32);
      e->d[k + 1] += carry;
    }
  e->adds = 0;
}

void
tw_sim_exact_merge (TwSimExact       *e,
                    const TwSimExact *other)
{
  TwSimExact copy = *other;

  tw_sim_exact_normalize (e);
  tw_sim_exact_normalize (&copy);
  for (guint k = 0; k < TW_SIM_EXACT_DIGITS; k++)
    e->d[k] += copy.d[k];
  tw_sim_exact_normalize (e);
}

void
tw_sim_exact_negate (TwSimExact *e)
{
  for (guint k = 0; k < TW_SIM_EXACT_DIGITS; k++)
    e->d[k] = -e->d[k];
  tw_sim_exact_normalize (e);
}

/* The value rounded to the nearest double (ties to even). */
double
tw_sim_exact_value (const TwSimExact *e)
{
  TwSimExact n = *e;
  gboolean negative;
  int top = -1;
  unsigned __int128 t;
  guint64 x, sticky = 0;
  guint shift = 0;

  tw_sim_exact_normalize (&n);
  negative = n.d[TW_SIM_EXACT_DIGITS - 1] < 0;
  if (negative)
    tw_sim_exact_negate (&n);
  for (int k = TW_SIM_EXACT_DIGITS - 1; k >= 0 && top < 0; k--)
    if (n.d[k] != 0)
      top = k;
  if (top < 0)
    return 0;
  /* the top three digits, the rest as a sticky bit below them */
  t = 0;
  for (int k = top; k >= top - 2; k--)
    t = (t << 32) | (guint64) (k >= 0 ? n.d[k] : 0);
  for (int k = top - 3; k >= 0; k--)
    sticky |= n.d[k] != 0;
  while ((t >> shift) >> 64 != 0)
    shift++;
  /* the top digit is not 0, so the 96 bits hold at least 65: shift >= 1 */
  sticky |= (t & ((((unsigned __int128) 1) << shift) - 1)) != 0;
  x = (guint64) (t >> shift) | sticky;
  /* x >= 2^63: its last bit is below a double's precision, a sticky bit */
  return (negative ? -1.0 : 1.0) * ldexp ((double) x, (int) (32 * (top - 2) + shift) - EXACT_OFFSET);
}

gboolean
tw_sim_exact_equal (const TwSimExact *a,
                    const TwSimExact *b)
{
  TwSimExact x = *a, y = *b;

  tw_sim_exact_normalize (&x);
  tw_sim_exact_normalize (&y);
  return memcmp (x.d, y.d, sizeof x.d) == 0;
}

/* Mean, sum, sum of squares and standard deviation (n-1) from the exact
 * sums @s1 = Σx and @s2 = Σx² of @n values: Σ(x - mean)² = s2 - 2 mean s1 +
 * n mean², taken exactly but for one product of two small doubles. */
static void
moments_from_sums (guint64           n,
                   const TwSimExact *s1,
                   const TwSimExact *s2,
                   TwSimStats       *out)
{
  TwSimExact dev = *s2, rest = *s1;
  double mean, hi, lo, nd = (double) n;

  out->n = n;
  out->sum = tw_sim_exact_value (s1);
  out->sum_sq = tw_sim_exact_value (s2);
  if (n == 0)
    {
      out->mean = out->sd = NAN;
      return;
    }
  out->mean = mean = out->sum / nd;
  if (n < 2)
    {
      out->sd = 0;
      return;
    }
  /* s1 = hi + lo (+ a remainder under lo's last bit) */
  hi = out->sum;
  tw_sim_exact_add (&rest, -hi);
  lo = tw_sim_exact_value (&rest);
  /* - 2 mean (hi + lo) */
  exact_add_product (&dev, -2 * mean, hi);
  tw_sim_exact_add (&dev, -2 * mean * lo);
  /* + n mean²: mean² = p + q exactly, then n p and n q exactly */
  {
    double p = mean * mean, q = fma (mean, mean, -p);

    exact_add_product (&dev, nd, p);
    exact_add_product (&dev, nd, q);
  }
  out->sd = sqrt (MAX (0.0, tw_sim_exact_value (&dev)) / (nd - 1));
}

/* ------------------------------------------------------------------------ */
/* Histograms                                                               */


static guint64
value_key (double v)
{
  guint64 bits;

  if (v == 0)
    v = 0;     /* -0 and 0 are one value */
  memcpy (&bits, &v, sizeof bits);
  return bits;
}

static double
key_value (guint64 key)
{
  double v;

  memcpy (&v, &key, sizeof v);
  return v;
}

static guint
hist_slot (const TwSimHist *h,
           guint64          key)
{
  guint64 x = key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  guint i = (guint) (x >> 32) & (h->size - 1);

  while (h->counts[i] != 0 && h->keys[i] != key)
    i = (i + 1) & (h->size - 1);
  return i;
}

static void
hist_add_key (TwSimHist *h,
              guint64    key,
              guint64    count)
{
  guint i;

  if (count == 0)
    return;
  if (2 * (h->used + 1) > h->size)
    {
      guint old_size = h->size;
      guint64 *old_keys = h->keys, *old_counts = h->counts;

      h->size = MAX (16u, 2 * old_size);
      h->keys = g_new0 (guint64, h->size);
      h->counts = g_new0 (guint64, h->size);
      h->used = 0;
      for (guint j = 0; j < old_size; j++)
        if (old_counts[j] != 0)
          {
            i = hist_slot (h, old_keys[j]);
            h->keys[i] = old_keys[j];
            h->counts[i] = old_counts[j];
            h->used++;
          }
      g_free (old_keys);
      g_free (old_counts);
    }
  i = hist_slot (h, key);
  if (h->counts[i] == 0)
    {
      h->keys[i] = key;
      h->used++;
    }
  h->counts[i] += count;
}

void
tw_sim_hist_clear (TwSimHist *h)
{
  g_free (h->keys);
  g_free (h->counts);
  memset (h, 0, sizeof *h);
}

static int
compare_bin (gconstpointer a,
             gconstpointer b)
{
  const TwSimBin *x = a, *y = b;

  return (x->value > y->value) - (x->value < y->value);
}

/* The bins of @h, by value ascending; free with g_free. */
TwSimBin *
tw_sim_hist_bins (const TwSimHist *h,
                  guint           *n_bins)
{
  TwSimBin *bins = g_new (TwSimBin, MAX (h->used, 1));
  guint n = 0;

  for (guint i = 0; i < h->size; i++)
    if (h->counts[i] != 0)
      bins[n++] = (TwSimBin) { key_value (h->keys[i]), h->counts[i] };
  qsort (bins, n, sizeof *bins, compare_bin);
  *n_bins = n;
  return bins;
}

/* The values @metric takes in the games @arm holds, with their counts,
 * ascending: the bins an accumulator of those games would have for it, from
 * the same value table (-0 counted as 0). Free with g_free. */
TwSimBin *
tw_sim_games_bins (const TwSimArm    *arm,
                   const TwSimMetric *metric,
                   guint             *n_bins)
{
  TwSimHist h = { 0, };
  TwSimBin *bins;

  for (guint g = 0; g < arm->games->len; g++)
    hist_add_key (&h, value_key (tw_sim_game_metric (arm, &g_array_index (arm->games, TwSimGame,
                                                                           g), metric)), 1);
  bins = tw_sim_hist_bins (&h, n_bins);
  tw_sim_hist_clear (&h);
  return bins;
}

/* The k-th smallest (0-based) of the values the sorted @bins count. */
static double
bins_kth (const TwSimBin *bins,
          guint           n_bins,
          guint64         k)
{
  guint64 below = 0;

  for (guint i = 0; i < n_bins; i++)
    {
      below += bins[i].count;
      if (k < below)
        return bins[i].value;
    }
  return n_bins > 0 ? bins[n_bins - 1].value : NAN;
}

/* As tw_sim_quantile(): linear interpolation between order statistics. */
static double
bins_quantile (const TwSimBin *bins,
               guint           n_bins,
               guint64         n,
               double          q)
{
  double h = (n - 1) * q;
  guint64 lo = (guint64) floor (h);
  double x_lo = bins_kth (bins, n_bins, lo);
  double x_hi = x_lo;

  if (lo + 1 < n && h > lo)
    x_hi = bins_kth (bins, n_bins, lo + 1);
  return x_lo + (h - lo) * (x_hi - x_lo);
}

/* ------------------------------------------------------------------------ */
/* Accumulators                                                             */

TwSimAcc *
tw_sim_acc_new (const TwSimArm *arm)
{
  TwSimAcc *acc = g_new0 (TwSimAcc, 1);
  g_autoptr(GArray) metrics = tw_sim_arm_metrics (arm);

  acc->n_metrics = metrics->len;
  acc->metrics = (TwSimMetric *) g_array_free (g_steal_pointer (&metrics), FALSE);
  acc->hist = g_new0 (TwSimHist, MAX (acc->n_metrics, 1));
  acc->ranges = g_array_new (FALSE, FALSE, sizeof (TwSimRange));
  return acc;
}

void
tw_sim_acc_free (TwSimAcc *acc)
{
  if (acc == NULL)
    return;
  for (guint i = 0; i < acc->n_metrics; i++)
    tw_sim_hist_clear (&acc->hist[i]);
  g_free (acc->hist);
  g_free (acc->metrics);
  g_array_unref (acc->ranges);
  g_free (acc->pair_sum);
  g_free (acc->pair_sum_sq);
  g_free (acc);
}

TwSimAcc *
tw_sim_acc_copy (const TwSimAcc *acc)
{
  TwSimAcc *copy = g_memdup2 (acc, sizeof *acc);

  copy->metrics = g_memdup2 (acc->metrics, MAX (acc->n_metrics, 1) * sizeof (TwSimMetric));
  copy->hist = g_new0 (TwSimHist, MAX (acc->n_metrics, 1));
  for (guint i = 0; i < acc->n_metrics; i++)
    {
      const TwSimHist *h = &acc->hist[i];

      copy->hist[i] = *h;
      copy->hist[i].keys = g_memdup2 (h->keys, h->size * sizeof (guint64));
      copy->hist[i].counts = g_memdup2 (h->counts, h->size * sizeof (guint64));
    }
  copy->ranges = g_array_copy (acc->ranges);
  copy->pair_sum = g_memdup2 (acc->pair_sum, acc->n_pair_metrics * sizeof (TwSimExact));
  copy->pair_sum_sq = g_memdup2 (acc->pair_sum_sq, acc->n_pair_metrics * sizeof (TwSimExact));
  return copy;
}

void
tw_sim_acc_add_value (TwSimAcc *acc,
                      guint     metric,
                      double    value,
                      guint64   count)
{
  g_return_if_fail (metric < acc->n_metrics);
  hist_add_key (&acc->hist[metric], value_key (value), count);
}

/* Adds [first, last) to the sorted, disjoint, coalesced @ranges; FALSE
 * (and @ranges unchanged) when it overlaps one of them. */
gboolean
tw_sim_ranges_add (GArray  *ranges,
                   guint64  first,
                   guint64  last,
                   guint64 *overlap)
{
  guint i = 0;
  TwSimRange r = { first, last };

  if (first >= last)
    return TRUE;
  while (i < ranges->len && g_array_index (ranges, TwSimRange, i).last < first)
    i++;
  /* ranges from i on end at first or after */
  for (guint j = i; j < ranges->len; j++)
    {
      const TwSimRange *x = &g_array_index (ranges, TwSimRange, j);

      if (x->first >= last)
        break;
      if (x->last > first && x->first < last)
        {
          if (overlap != NULL)
            *overlap = MAX (x->first, first);
          return FALSE;
        }
    }
  /* join with a neighbour that ends at first, and one that starts at last */
  if (i < ranges->len && g_array_index (ranges, TwSimRange, i).last == first)
    {
      r.first = g_array_index (ranges, TwSimRange, i).first;
      g_array_remove_index (ranges, i);
    }
  if (i < ranges->len && g_array_index (ranges, TwSimRange, i).first == last)
    {
      r.last = g_array_index (ranges, TwSimRange, i).last;
      g_array_remove_index (ranges, i);
    }
  g_array_insert_val (ranges, i, r);
  return TRUE;
}

void
tw_sim_acc_add_game (TwSimAcc        *acc,
                     const TwSimArm  *arm,
                     const TwSimGame *g)
{
  for (guint i = 0; i < acc->n_metrics; i++)
    hist_add_key (&acc->hist[i], value_key (tw_sim_game_metric (arm, g, &acc->metrics[i])), 1);
  acc->n++;
}

/* The metric of arm B that metric @ma of arm A is compared with (counters
 * and end reasons by name); FALSE when B has none. */
gboolean
tw_sim_pair_metric (const TwSimArm    *a,
                    const TwSimArm    *b,
                    const TwSimMetric *ma,
                    TwSimMetric       *mb)
{
  *mb = *ma;
  if ((ma->kind == TW_SIM_METRIC_WIN || ma->kind == TW_SIM_METRIC_SCORE
       || ma->kind == TW_SIM_METRIC_ADVANTAGE) && ma->index >= b->n_players)
    return FALSE;
  if (ma->kind >= TW_SIM_METRIC_ADVANTAGE && !b->has_play)
    return FALSE;
  if (ma->kind == TW_SIM_METRIC_END)
    {
      for (guint e = 0; b->end_reasons[e] != NULL; e++)
        if (g_str_equal (b->end_reasons[e], a->end_reasons[ma->index]))
          {
            mb->index = e;
            return TRUE;
          }
      return FALSE;
    }
  if (ma->kind == TW_SIM_METRIC_COUNTER)
    {
      for (guint c = 0; c < b->n_counters; c++)
        if (g_str_equal (b->counter_names[c], a->counter_names[ma->index]))
          {
            mb->index = c;
            return TRUE;
          }
      return FALSE;
    }
  return TRUE;
}

void
tw_sim_acc_add_pair (TwSimAcc        *acc_b,
                     const TwSimArm  *a,
                     const TwSimGame *ga,
                     const TwSimAcc  *acc_a,
                     const TwSimArm  *b,
                     const TwSimGame *gb)
{
  if (acc_b->pair_sum == NULL)
    {
      acc_b->n_pair_metrics = acc_a->n_metrics;
      acc_b->pair_sum = g_new0 (TwSimExact, MAX (acc_a->n_metrics, 1));
      acc_b->pair_sum_sq = g_new0 (TwSimExact, MAX (acc_a->n_metrics, 1));
    }
  g_return_if_fail (acc_b->n_pair_metrics == acc_a->n_metrics);
  for (guint i = 0; i < acc_a->n_metrics; i++)
    {
      TwSimMetric mb;
      double d;

      if (!tw_sim_pair_metric (a, b, &acc_a->metrics[i], &mb))
        continue;
      d = tw_sim_game_metric (b, gb, &mb) - tw_sim_game_metric (a, ga, &acc_a->metrics[i]);
      tw_sim_exact_add (&acc_b->pair_sum[i], d);
      exact_add_product (&acc_b->pair_sum_sq[i], d, d);
    }
  acc_b->n_pairs++;
}

gboolean
tw_sim_acc_merge (TwSimAcc       *acc,
                  const TwSimAcc *other,
                  guint64        *overlap)
{
  g_autoptr(GArray) ranges = g_array_copy (acc->ranges);

  g_return_val_if_fail (acc->n_metrics == other->n_metrics, FALSE);
  for (guint i = 0; i < other->ranges->len; i++)
    {
      const TwSimRange *r = &g_array_index (other->ranges, TwSimRange, i);

      if (!tw_sim_ranges_add (ranges, r->first, r->last, overlap))
        return FALSE;
    }
  g_array_unref (acc->ranges);
  acc->ranges = g_steal_pointer (&ranges);
  for (guint i = 0; i < acc->n_metrics; i++)
    {
      const TwSimHist *h = &other->hist[i];

      for (guint s = 0; s < h->size; s++)
        if (h->counts[s] != 0)
          hist_add_key (&acc->hist[i], h->keys[s], h->counts[s]);
    }
  acc->n += other->n;
  /* paired sums add up when both have them, of the same metrics */
  if (acc->pair_sum != NULL && other->pair_sum != NULL
      && acc->n_pair_metrics == other->n_pair_metrics)
    {
      for (guint i = 0; i < acc->n_pair_metrics; i++)
        {
          tw_sim_exact_merge (&acc->pair_sum[i], &other->pair_sum[i]);
          tw_sim_exact_merge (&acc->pair_sum_sq[i], &other->pair_sum_sq[i]);
        }
      acc->n_pairs += other->n_pairs;
    }
  else
    tw_sim_acc_drop_pairs (acc);
  return TRUE;
}

void
tw_sim_acc_drop_pairs (TwSimAcc *acc)
{
  g_clear_pointer (&acc->pair_sum, g_free);
  g_clear_pointer (&acc->pair_sum_sq, g_free);
  acc->n_pair_metrics = 0;
  acc->n_pairs = 0;
}

/* The statistics of metric @i: everything tw_sim_stats_compute() gives. */
void
tw_sim_acc_stats (const TwSimAcc *acc,
                  guint           i,
                  TwSimStats     *out)
{
  g_autofree TwSimBin *bins = NULL;
  TwSimExact s1 = { 0, }, s2 = { 0, };
  guint n_bins;
  guint64 n = 0;

  memset (out, 0, sizeof *out);
  bins = tw_sim_hist_bins (&acc->hist[i], &n_bins);
  for (guint b = 0; b < n_bins; b++)
    {
      double c = (double) bins[b].count, v = bins[b].value;
      double p = v * v, q = fma (v, v, -p);

      n += bins[b].count;
      exact_add_product (&s1, c, v);
      exact_add_product (&s2, c, p);
      exact_add_product (&s2, c, q);
    }
  moments_from_sums (n, &s1, &s2, out);
  if (n == 0)
    {
      out->min = out->q25 = out->median = out->q75 = out->max = NAN;
      return;
    }
  out->min = bins[0].value;
  out->max = bins[n_bins - 1].value;
  out->q25 = bins_quantile (bins, n_bins, n, 0.25);
  out->median = bins_quantile (bins, n_bins, n, 0.5);
  out->q75 = bins_quantile (bins, n_bins, n, 0.75);
}

/* The mean and standard deviation of the paired differences of A's metric
 * @i, from arm B's @acc. */
void
tw_sim_acc_pair_stats (const TwSimAcc *acc,
                       guint           i,
                       TwSimStats     *out)
{
  memset (out, 0, sizeof *out);
  moments_from_sums (acc->n_pairs, &acc->pair_sum[i], &acc->pair_sum_sq[i], out);
}

/* An accumulator of @arm's games (an arm that holds them). */
TwSimAcc *
tw_sim_acc_from_games (const TwSimArm *arm)
{
  TwSimAcc *acc = tw_sim_acc_new (arm);

  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);

      tw_sim_acc_add_game (acc, arm, g);
      tw_sim_ranges_add (acc->ranges, g->index, g->index + 1, NULL);
    }
  return acc;
}

/* Paired differences of arms that hold the same games (index and seed),
 * into a copy of @b's accumulator; NULL when they are not paired. */
TwSimAcc *
tw_sim_acc_pairs_from_games (const TwSimArm *a,
                             const TwSimAcc *acc_a,
                             const TwSimArm *b,
                             const TwSimAcc *acc_b)
{
  TwSimAcc *acc;

  if (a->games == NULL || b->games == NULL || a->games->len != b->games->len)
    return NULL;
  for (guint i = 0; i < a->games->len; i++)
    {
      const TwSimGame *ga = &g_array_index (a->games, TwSimGame, i);
      const TwSimGame *gb = &g_array_index (b->games, TwSimGame, i);

      if (ga->index != gb->index || ga->seed != gb->seed)
        return NULL;
    }
  acc = tw_sim_acc_copy (acc_b);
  tw_sim_acc_drop_pairs (acc);
  for (guint i = 0; i < a->games->len; i++)
    tw_sim_acc_add_pair (acc, a, &g_array_index (a->games, TwSimGame, i), acc_a, b,
                         &g_array_index (b->games, TwSimGame, i));
  return acc;
}
