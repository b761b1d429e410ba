/* tw-sim-private.h: what the files of the simulation share (tw-sim.c the
 * runner and arms, tw-sim-stats.c, tw-sim-json.c, tw-sim-csv.c, tw-lab-file.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-json.h"
#include "tw-sim.h"

G_BEGIN_DECLS

/* Equal lists, NULL only equal to NULL. */
gboolean         tw_sim_strv_equal          (char          **a,
                                             char          **b);
/* GCompareFunc of TwSimGame by index. */
int              tw_sim_compare_game_index  (gconstpointer   a,
                                             gconstpointer   b);
/* One item of a results document's "arms": its configuration and games.
 * The error (TW_SIM_ERROR_PARSE) names the arm and the member, no position.
 * With @spans (tw_json_cut_items()), "games" holds placeholders and the
 * games are read from @text at @spans, a batch at a time. */
gboolean         tw_sim_arm_from_json       (JsonNode       *object,
                                             guint           arm_index,
                                             const char     *text,
                                             GArray         *spans,
                                             TwSimArm      **out,
                                             GError        **error);

/* Accumulators (tw-sim-acc.c) -------------------------------------------- */

/* An exact sum of doubles: 32-bit digits in 64-bit words, carried now and
 * then, covering every bit a double can have. */
#define TW_SIM_EXACT_DIGITS 72
typedef struct
{
  gint64  d[TW_SIM_EXACT_DIGITS];
  guint32 adds;     /* since the digits were last carried */
} TwSimExact;

void             tw_sim_exact_add           (TwSimExact       *e,
                                             double            x);
/* Carries the digits: all in 0 … 2^32-1 but the top one, which has the sign. */
void             tw_sim_exact_normalize     (TwSimExact       *e);
/* -e, carried */
void             tw_sim_exact_negate        (TwSimExact       *e);
void             tw_sim_exact_merge         (TwSimExact       *e,
                                             const TwSimExact *other);
double           tw_sim_exact_value         (const TwSimExact *e);
gboolean         tw_sim_exact_equal         (const TwSimExact *a,
                                             const TwSimExact *b);

/* An open-addressing table of value → count; a count of 0 is an empty slot. */
typedef struct
{
  guint    size;      /* slots, a power of two, or 0 */
  guint    used;
  guint64 *keys;      /* the values' bits (-0 as 0) */
  guint64 *counts;
} TwSimHist;

/* Game indexes first … last-1 */
typedef struct
{
  guint64 first;
  guint64 last;
} TwSimRange;

struct _TwSimAcc
{
  guint64      n;             /* games added */
  GArray      *ranges;        /* TwSimRange: their indexes, sorted, joined */
  guint        n_metrics;
  TwSimMetric *metrics;       /* tw_sim_arm_metrics() of the arm */
  TwSimHist   *hist;          /* [n_metrics]: the per-game values' counts */
  /* In arm B of a comparison played by pairs: per metric of arm A, the
   * exact sums of the differences B - A of the games of one index and of
   * their squares; NULL otherwise. */
  guint        n_pair_metrics;
  guint64      n_pairs;
  TwSimExact  *pair_sum;
  TwSimExact  *pair_sum_sq;
};

/* Every metric of an arm, in the order summaries list them. */
GArray          *tw_sim_arm_metrics         (const TwSimArm   *arm);
/* Its name in summaries ("win", a counter's name…) */
char            *tw_sim_metric_name         (const TwSimArm    *arm,
                                             const TwSimMetric *metric);
TwSimAcc        *tw_sim_acc_new             (const TwSimArm   *arm);
TwSimAcc        *tw_sim_acc_copy            (const TwSimAcc   *acc);
void             tw_sim_acc_free            (TwSimAcc         *acc);
void             tw_sim_acc_add_game        (TwSimAcc         *acc,
                                             const TwSimArm   *arm,
                                             const TwSimGame  *g);
void             tw_sim_acc_add_value       (TwSimAcc         *acc,
                                             guint             metric,
                                             double            value,
                                             guint64           count);
void             tw_sim_acc_add_pair        (TwSimAcc         *acc_b,
                                             const TwSimArm   *a,
                                             const TwSimGame  *ga,
                                             const TwSimAcc   *acc_a,
                                             const TwSimArm   *b,
                                             const TwSimGame  *gb);
void             tw_sim_acc_drop_pairs      (TwSimAcc         *acc);
/* Adds @other's games (disjoint indexes) to @acc; FALSE with the first
 * index in both at @overlap, @acc unchanged. */
gboolean         tw_sim_acc_merge           (TwSimAcc         *acc,
                                             const TwSimAcc   *other,
                                             guint64          *overlap);
void             tw_sim_acc_stats           (const TwSimAcc   *acc,
                                             guint             metric,
                                             TwSimStats       *out);
void             tw_sim_acc_pair_stats      (const TwSimAcc   *acc,
                                             guint             metric,
                                             TwSimStats       *out);
TwSimAcc        *tw_sim_acc_from_games      (const TwSimArm   *arm);
TwSimAcc        *tw_sim_acc_pairs_from_games (const TwSimArm  *a,
                                             const TwSimAcc   *acc_a,
                                             const TwSimArm   *b,
                                             const TwSimAcc   *acc_b);
void             tw_sim_hist_clear          (TwSimHist        *h);
TwSimBin        *tw_sim_hist_bins           (const TwSimHist  *h,
                                             guint            *n_bins);
/* The values @metric takes in the games @arm holds, with their counts,
 * ascending, as an accumulator's bins. */
TwSimBin        *tw_sim_games_bins          (const TwSimArm   *arm,
                                             const TwSimMetric *metric,
                                             guint            *n_bins);
gboolean         tw_sim_ranges_add          (GArray           *ranges,
                                             guint64           first,
                                             guint64           last,
                                             guint64          *overlap);
gboolean         tw_sim_pair_metric         (const TwSimArm    *a,
                                             const TwSimArm    *b,
                                             const TwSimMetric *ma,
                                             TwSimMetric       *mb);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwSimAcc, tw_sim_acc_free)

G_END_DECLS
