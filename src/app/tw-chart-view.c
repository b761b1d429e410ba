/* tw-chart-view.c: a widget that shows a TwChart
 *
 * See tw-chart-view.h.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-chart-view.h"

#include <math.h>

struct _TwChartView
{
  GtkWidget      parent_instance;

  const TwChart *chart;   /* borrowed */
};

G_DEFINE_FINAL_TYPE (TwChartView, tw_chart_view, GTK_TYPE_WIDGET)

static void
tw_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  TwChartView *self = TW_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;
  GdkRGBA color;
  double fg[3];

  if (self->chart == NULL || width <= 0 || height <= 0)
    return;
  /* gtk_widget_get_color() is GTK 4.10's */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  fg[0] = color.red;
  fg[1] = color.green;
  fg[2] = color.blue;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  tw_chart_draw (self->chart, cr, width, height, fg);
  cairo_destroy (cr);
}

static gboolean
tw_chart_view_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard,
                             GtkTooltip *tooltip)
{
  TwChartView *self = TW_CHART_VIEW (widget);
  g_autofree char *text = NULL;

  if (keyboard || self->chart == NULL)
    return FALSE;
  text = tw_chart_bar_at (self->chart, gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget), x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
tw_chart_view_set_chart (TwChartView   *self,
                         const TwChart *chart)
{
  g_autofree char *description = NULL;

  g_return_if_fail (TW_IS_CHART_VIEW (self));

  self->chart = chart;
  description = chart != NULL ? tw_chart_describe (chart) : NULL;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "", -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const TwChart *
tw_chart_view_get_chart (TwChartView *self)
{
  g_return_val_if_fail (TW_IS_CHART_VIEW (self), NULL);

  return self->chart;
}

void
tw_chart_bar_set_row (TwChartBar     *bar,
                      guint           s,
                      const TwSimRow *row)
{
  g_return_if_fail (bar != NULL && s < TW_CHART_MAX_SERIES);

  bar->value[s] = row != NULL ? row->stats.mean : NAN;
  bar->lo[s] = row != NULL ? row->lo : NAN;
  bar->hi[s] = row != NULL ? row->hi : NAN;
}

GtkWidget *
tw_chart_view_new (const char *label,
                   int         height)
{
  GtkWidget *self = g_object_new (TW_TYPE_CHART_VIEW,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                                  "has-tooltip", TRUE,
                                  NULL);

  gtk_widget_set_size_request (self, 320, height);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return self;
}

static void
tw_chart_view_class_init (TwChartViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = tw_chart_view_snapshot;
  widget_class->query_tooltip = tw_chart_view_query_tooltip;
}

static void
tw_chart_view_init (TwChartView *self)
{
}
