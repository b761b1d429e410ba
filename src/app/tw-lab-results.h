/* tw-lab-results.h: the Lab's results: the summary, the verdict, the charts
 * and the components' table
 *
 * Shows the games of one arm, or of A and B, finished or a run's games so
 * far: it owns the arms it shows and the charts drawn from them.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-chart.h"
#include "tw-sim.h"

G_BEGIN_DECLS

/* The height of a chart, on screen and in an export. */
#define TW_LAB_RESULTS_CHART_HEIGHT 240

#define TW_TYPE_LAB_RESULTS (tw_lab_results_get_type ())

G_DECLARE_FINAL_TYPE (TwLabResults, tw_lab_results, TW, LAB_RESULTS, AdwBin)

GtkWidget      *tw_lab_results_new            (void);
void            tw_lab_results_clear          (TwLabResults *self);
gboolean        tw_lab_results_add_chunks     (TwLabResults *self,
                                               GPtrArray    *a,
                                               GPtrArray    *b);
void            tw_lab_results_take_arms      (TwLabResults *self,
                                               TwSimArm     *a,
                                               TwSimArm     *b);
gboolean        tw_lab_results_has_results    (TwLabResults *self);
guint           tw_lab_results_get_n_arms     (TwLabResults *self);
const TwSimArm *tw_lab_results_get_arm        (TwLabResults *self,
                                               guint         k);
GPtrArray      *tw_lab_results_get_arms       (TwLabResults *self);
GPtrArray      *tw_lab_results_get_charts     (TwLabResults *self);
void            tw_lab_results_set_running    (TwLabResults *self,
                                               gboolean      running);
gboolean        tw_lab_results_get_running    (TwLabResults *self);
void            tw_lab_results_set_negligible (TwLabResults *self,
                                               double        points);
double          tw_lab_results_get_negligible (TwLabResults *self);

G_END_DECLS
