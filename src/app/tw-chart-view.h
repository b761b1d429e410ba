/* tw-chart-view.h: a widget that shows a TwChart
 *
 * The Lab's charts and the sweep's are plain data drawn by tw_chart_draw()
 * (src/render/tw-chart.h); this widget draws one in the theme's text colour,
 * tells the bar under the pointer in a tooltip, and gives assistive
 * technologies every value as its description.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tw-chart.h"
#include "tw-sim.h"

G_BEGIN_DECLS

#define TW_TYPE_CHART_VIEW (tw_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (TwChartView, tw_chart_view, TW, CHART_VIEW, GtkWidget)

/* A view named @label for assistive technologies, @height pixels high. */
GtkWidget     *tw_chart_view_new       (const char    *label,
                                        int            height);
/* Shows @chart (borrowed: it must stay until the next call, or the view's
 * disposal; NULL shows nothing) and reads its values into the description. */
void           tw_chart_view_set_chart (TwChartView   *self,
                                        const TwChart *chart);
const TwChart *tw_chart_view_get_chart (TwChartView   *self);

/* Sets series @s of @bar to @row's mean and 95% interval, or to nothing
 * (not drawn) when @row is NULL. */
void           tw_chart_bar_set_row    (TwChartBar    *bar,
                                        guint          s,
                                        const TwSimRow *row);

G_END_DECLS
