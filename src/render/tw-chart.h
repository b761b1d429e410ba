/* tw-chart.h: bar charts of simulation results, drawn with cairo
 *
 * A TwChart is plain data (categories × series, optional interval whiskers,
 * marks on significant differences) plus one drawing function, so the same
 * chart is drawn in a GtkDrawingArea, into a PNG or SVG file, and hit-tested
 * for tooltips without any widget state.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

#define TW_CHART_MAX_SERIES 8

/* One category on the x axis, with one value per series. */
typedef struct
{
  char     *label;                        /* "P1", "12–14" */
  double    value[TW_CHART_MAX_SERIES];
  double    lo[TW_CHART_MAX_SERIES];      /* whiskers, when the chart has intervals */
  double    hi[TW_CHART_MAX_SERIES];
  gboolean  marked;                       /* a significant difference between series */
} TwChartBar;

typedef struct
{
  char      *title;
  guint      n_series;
  char      *series[TW_CHART_MAX_SERIES]; /* legend; NULL when one unnamed series */
  gboolean   intervals;
  gboolean   percent;                     /* values are fractions shown as % */
  gboolean   own_scales;                  /* each category on its own y scale (counters
                                           * of different units): no shared axis, each
                                           * bar's value printed above it */
  GArray    *bars;                        /* TwChartBar */
} TwChart;

TwChart    *tw_chart_new         (const char    *title,
                                  guint          n_series);
void        tw_chart_free        (TwChart       *chart);
TwChartBar *tw_chart_add_bar     (TwChart       *chart,
                                  const char    *label);
/* @fg: the text and axis colour (r, g, b). */
void        tw_chart_draw        (const TwChart *chart,
                                  cairo_t       *cr,
                                  int            width,
                                  int            height,
                                  const double  *fg);
/* The text of the bar under (@x, @y), or NULL. */
char       *tw_chart_bar_at      (const TwChart *chart,
                                  int            width,
                                  int            height,
                                  double         x,
                                  double         y);
/* Every value as sentences, for the accessible description. */
char       *tw_chart_describe    (const TwChart *chart);
char       *tw_chart_format      (const TwChart *chart,
                                  double         value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwChart, tw_chart_free)

G_END_DECLS
