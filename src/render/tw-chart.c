/* tw-chart.c: bar charts of simulation results, drawn with cairo
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-chart.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

/* The GNOME palette's darker shades: readable on light and dark backgrounds. */
static const double palette[TW_CHART_MAX_SERIES][3] = {
  { 0x35 / 255., 0x84 / 255., 0xe4 / 255. },
  { 0xe6 / 255., 0x61 / 255., 0x00 / 255. },
  { 0x26 / 255., 0xa2 / 255., 0x69 / 255. },
  { 0x91 / 255., 0x41 / 255., 0xac / 255. },
  { 0xc0 / 255., 0x1c / 255., 0x28 / 255. },
  { 0xc6 / 255., 0x9f / 255., 0x00 / 255. },
  { 0x86 / 255., 0x5e / 255., 0x3c / 255. },
  { 0x21 / 255., 0x90 / 255., 0xa4 / 255. },
};

#define MARGIN_TOP    30
#define MARGIN_LEFT   52
#define MARGIN_RIGHT  12
#define MARGIN_BOTTOM 34

static void
clear_bar (gpointer data)
{
  TwChartBar *bar = data;
  g_free (bar->label);
}

/**
 * tw_chart_new:
 * @title: shown above the chart
 * @n_series: 1 … TW_CHART_MAX_SERIES values per bar
 *
 * Returns: (transfer full): an empty chart
 */
TwChart *
tw_chart_new (const char *title,
              guint       n_series)
{
  TwChart *chart = g_new0 (TwChart, 1);

  chart->title = g_strdup (title);
  chart->n_series = CLAMP (n_series, 1, TW_CHART_MAX_SERIES);
  chart->bars = g_array_new (FALSE, TRUE, sizeof (TwChartBar));
  g_array_set_clear_func (chart->bars, clear_bar);
  return chart;
}

void
tw_chart_free (TwChart *chart)
{
  if (chart == NULL)
    return;
  g_free (chart->title);
  for (guint i = 0; i < TW_CHART_MAX_SERIES; i++)
    g_free (chart->series[i]);
  g_array_unref (chart->bars);
  g_free (chart);
}

TwChartBar *
tw_chart_add_bar (TwChart    *chart,
                  const char *label)
{
  TwChartBar bar = { 0, };

  bar.label = g_strdup (label);
  g_array_append_val (chart->bars, bar);
  return &g_array_index (chart->bars, TwChartBar, chart->bars->len - 1);
}

char *
tw_chart_format (const TwChart *chart,
                 double         value)
{
  if (!isfinite (value))
    return g_strdup ("–");
  if (chart->percent)
    return g_strdup_printf ("%.1f %%", value * 100);
  if (fabs (value) >= 100 || value == floor (value))
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.2f", value);
}

/* The value range of the y axis over the bars [@first, @end): always
 * includes 0. */
static void
y_range_of (const TwChart *chart,
            guint          first,
            guint          end,
            double        *ymin,
            double        *ymax)
{
  double lo = 0, hi = 0;

  for (guint i = first; i < end; i++)
    {
      const TwChartBar *bar = &g_array_index (chart->bars, TwChartBar, i);

      for (guint s = 0; s < chart->n_series; s++)
        {
          double a = bar->value[s], b = bar->value[s];

          if (chart->intervals)
            {
              a = MIN (a, bar->lo[s]);
              b = MAX (b, bar->hi[s]);
            }
          if (isfinite (a))
            lo = MIN (lo, a);
          if (isfinite (b))
            hi = MAX (hi, b);
        }
    }
  if (chart->percent)
    hi = MIN (MAX (hi, 0.05), 1.0);
  if (hi - lo <= 0)
    hi = lo + 1;
  *ymin = lo;
  *ymax = hi + (chart->percent ? 0 : (hi - lo) * 0.05);
}

static void
y_range (const TwChart *chart,
         double        *ymin,
         double        *ymax)
{
  y_range_of (chart, 0, chart->bars->len, ymin, ymax);
}

static double
nice_step (double range)
{
  double raw = range / 5, mag = pow (10, floor (log10 (raw)));
  double norm = raw / mag;

  return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
}

typedef struct
{
  double x0, y0, w, h;     /* the plot area */
  double ymin, ymax;
  double slot;             /* width of one category */
  double bar_w;
} Geometry;

static void
geometry (const TwChart *chart,
          int            width,
          int            height,
          Geometry      *g)
{
  guint n = MAX (chart->bars->len, 1);

  g->x0 = MARGIN_LEFT;
  g->y0 = MARGIN_TOP;
  g->w = MAX (width - MARGIN_LEFT - MARGIN_RIGHT, 10);
  g->h = MAX (height - MARGIN_TOP - MARGIN_BOTTOM, 10);
  y_range (chart, &g->ymin, &g->ymax);
  g->slot = g->w / n;
  g->bar_w = g->slot * 0.8 / chart->n_series;
}

static double
y_of (const Geometry *g,
      double          v)
{
  return g->y0 + g->h - (v - g->ymin) / (g->ymax - g->ymin) * g->h;
}

static void
bar_rect (const Geometry *g,
          guint           i,
          guint           s,
          double          value,
          double         *x,
          double         *y,
          double         *w,
          double         *h)
{
  double top = y_of (g, MAX (value, 0)), bottom = y_of (g, MIN (value, 0));

  *x = g->x0 + i * g->slot + g->slot * 0.1 + s * g->bar_w;
  *w = MAX (g->bar_w - 1, 1);
  *y = top;
  *h = MAX (bottom - top, 1);
}

/* The layout text() draws @str with. */
static PangoLayout *
text_layout (cairo_t    *cr,
             const char *str,
             gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold 10"
                                                                         : "Sans 8");

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, str, -1);
  pango_font_description_free (font);
  return layout;
}

/* How wide text() draws @str (unbounded). */
static int
text_width (cairo_t    *cr,
            const char *str,
            gboolean    bold)
{
  PangoLayout *layout = text_layout (cr, str, bold);
  int tw, th;

  pango_layout_get_pixel_size (layout, &tw, &th);
  g_object_unref (layout);
  return tw;
}

static void
text (cairo_t    *cr,
      const char *str,
      double      x,
      double      y,
      double      xalign,
      double      yalign,
      gboolean    bold,
      double      max_width)
{
  PangoLayout *layout = text_layout (cr, str, bold);
  int tw, th;

  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_move_to (cr, x - tw * xalign, y - th * yalign);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/**
 * tw_chart_draw:
 *
 * Draws the chart in (0, 0, @width, @height) with the text in @fg.
 */
void
tw_chart_draw (const TwChart *chart,
               cairo_t       *cr,
               int            width,
               int            height,
               const double  *fg)
{
  Geometry g;
  double step, legend_x;
  guint label_every;

  geometry (chart, width, height, &g);
  cairo_save (cr);

  /* the title takes the title row but for the legend, right-aligned there
   * (at least a third of the width, where a long legend would crowd it) */
  {
    double legend_width = 0;

    for (guint s = 0; s < chart->n_series; s++)
      if (chart->series[s] != NULL)
        legend_width += text_width (cr, chart->series[s], FALSE) + 4 + 14 + 10;
    cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
    text (cr, chart->title, 4, 4, 0, 0, TRUE,
          MAX (width - MARGIN_RIGHT - legend_width - 12 - 4, width / 3.0));
  }

  /* legend, right-aligned in the title row */
  legend_x = width - MARGIN_RIGHT;
  for (int s = (int) chart->n_series - 1; s >= 0; s--)
    {
      int tw;

      if (chart->series[s] == NULL)
        continue;
      /* measured in the font it is drawn in */
      tw = text_width (cr, chart->series[s], FALSE);
      legend_x -= tw + 4;
      cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
      text (cr, chart->series[s], legend_x, 8, 0, 0, FALSE, 0);
      legend_x -= 14;
      cairo_set_source_rgb (cr, palette[s][0], palette[s][1], palette[s][2]);
      cairo_rectangle (cr, legend_x, 9, 10, 10);
      cairo_fill (cr);
      legend_x -= 10;
    }

  if (chart->bars->len == 0)
    {
      cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], 0.6);
      text (cr, _("No results yet"), width / 2.0, height / 2.0, 0.5, 0.5, FALSE, 0);
      cairo_restore (cr);
      return;
    }

  /* grid and y ticks; with a scale per category, the zero line only (each
   * bar then says its value) */
  step = nice_step (g.ymax - g.ymin);
  cairo_set_line_width (cr, 1);
  for (double v = ceil (g.ymin / step) * step; v <= g.ymax + step * 1e-6 && !chart->own_scales;
       v += step)
    {
      double shown = chart->percent ? v * 100 : v, unit = chart->percent ? step * 100 : step;
      int decimals = unit >= 1 ? 0 : (int) ceil (-log10 (unit) - 1e-9);
      g_autofree char *label = g_strdup_printf (chart->percent ? "%.*f %%" : "%.*f", decimals,
                                                fabs (shown) < unit * 1e-6 ? 0.0 : shown);
      double y = round (y_of (&g, v)) + 0.5;

      cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], fabs (v) < step * 1e-6 ? 0.6 : 0.15);
      cairo_move_to (cr, g.x0, y);
      cairo_line_to (cr, g.x0 + g.w, y);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], 0.8);
      text (cr, label, g.x0 - 4, y, 1, 0.5, FALSE, 0);
    }

  /* bars, whiskers, marks */
  label_every = MAX (1, (guint) ceil (40.0 / MAX (g.slot, 1)));
  for (guint i = 0; i < chart->bars->len; i++)
    {
      const TwChartBar *bar = &g_array_index (chart->bars, TwChartBar, i);
      double top = g.y0 + g.h;
      Geometry own = g;

      if (chart->own_scales)
        {
          /* this category's scale, with room above for its values */
          y_range_of (chart, i, i + 1, &own.ymin, &own.ymax);
          own.y0 += 26;
          own.h -= 26;
          if (i == 0 || g.ymin < 0)
            {
              double y0 = round (y_of (&own, 0)) + 0.5;

              cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], 0.6);
              cairo_move_to (cr, g.x0 + i * g.slot, y0);
              cairo_line_to (cr, g.x0 + (i + 1) * g.slot, y0);
              cairo_stroke (cr);
            }
        }
      for (guint s = 0; s < chart->n_series; s++)
        {
          double x, y, w, h, bar_top;

          if (!isfinite (bar->value[s]))
            continue;
          bar_rect (&own, i, s, bar->value[s], &x, &y, &w, &h);
          bar_top = y;
          cairo_set_source_rgb (cr, palette[s][0], palette[s][1], palette[s][2]);
          cairo_rectangle (cr, x, y, w, h);
          cairo_fill (cr);
          top = MIN (top, y);
          if (chart->intervals && isfinite (bar->lo[s]) && isfinite (bar->hi[s]))
            {
              double cx = round (x + w / 2) + 0.5, ylo = y_of (&own, bar->lo[s]);
              double yhi = y_of (&own, bar->hi[s]), cap = MIN (w / 4, 6);

              cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
              cairo_set_line_width (cr, 1.5);
              cairo_move_to (cr, cx, ylo);
              cairo_line_to (cr, cx, yhi);
              cairo_move_to (cr, cx - cap, ylo);
              cairo_line_to (cr, cx + cap, ylo);
              cairo_move_to (cr, cx - cap, yhi);
              cairo_line_to (cr, cx + cap, yhi);
              cairo_stroke (cr);
              top = MIN (top, yhi);
              bar_top = MIN (bar_top, yhi);
            }
          if (chart->own_scales)
            {
              /* the value above its own bar (and whisker), where it fits
               * (the tooltip and the description say it anyway) */
              g_autofree char *value = tw_chart_format (chart, bar->value[s]);

              if (strlen (value) * 5.5 <= g.slot / chart->n_series + 2)
                {
                  cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
                  text (cr, value, x + w / 2, bar_top - 1, 0.5, 1, FALSE, 0);
                  top = MIN (top, bar_top - 12);
                }
            }
        }
      cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
      if (bar->marked)
        /* a significant difference between the series: a star above the group */
        text (cr, "★", g.x0 + (i + 0.5) * g.slot, top - 2, 0.5, 1, TRUE, 0);
      if (i % label_every == 0)
        text (cr, bar->label, g.x0 + (i + 0.5) * g.slot, g.y0 + g.h + 4, 0.5, 0, FALSE,
              g.slot * label_every);
    }

  cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], 0.6);
  cairo_move_to (cr, g.x0 + 0.5, g.y0);
  cairo_line_to (cr, g.x0 + 0.5, g.y0 + g.h);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static char *
bar_text (const TwChart    *chart,
          const TwChartBar *bar,
          guint             s)
{
  g_autofree char *value = tw_chart_format (chart, bar->value[s]);
  GString *out = g_string_new (bar->label);

  if (chart->series[s] != NULL)
    g_string_append_printf (out, " (%s)", chart->series[s]);
  g_string_append_printf (out, ": %s", value);
  if (chart->intervals && isfinite (bar->lo[s]))
    {
      g_autofree char *lo = tw_chart_format (chart, bar->lo[s]);
      g_autofree char *hi = tw_chart_format (chart, bar->hi[s]);

      /* Translators: a 95% confidence interval after a value */
      g_string_append_printf (out, _(", 95%% interval %s to %s"), lo, hi);
    }
  return g_string_free (out, FALSE);
}

char *
tw_chart_bar_at (const TwChart *chart,
                 int            width,
                 int            height,
                 double         x,
                 double         y)
{
  Geometry g;

  if (chart == NULL || chart->bars->len == 0)
    return NULL;
  geometry (chart, width, height, &g);
  if (y < g.y0 || y > g.y0 + g.h + MARGIN_BOTTOM)
    return NULL;
  for (guint i = 0; i < chart->bars->len; i++)
    {
      const TwChartBar *bar = &g_array_index (chart->bars, TwChartBar, i);

      for (guint s = 0; s < chart->n_series; s++)
        {
          double bx, by, bw, bh;

          bar_rect (&g, i, s, bar->value[s], &bx, &by, &bw, &bh);
          /* the whole column of a bar counts: thin bars are hard to hit */
          if (x >= bx && x < bx + MAX (bw, 1) + 1)
            {
              char *t = bar_text (chart, bar, s);

              if (bar->marked)
                {
                  char *marked = g_strconcat (t, _(" — the series differ significantly"), NULL);
                  g_free (t);
                  t = marked;
                }
              return t;
            }
        }
    }
  return NULL;
}

char *
tw_chart_describe (const TwChart *chart)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s. ", chart->title);
  if (chart->bars->len == 0)
    g_string_append (out, _("No results yet."));
  for (guint i = 0; i < chart->bars->len; i++)
    {
      const TwChartBar *bar = &g_array_index (chart->bars, TwChartBar, i);

      for (guint s = 0; s < chart->n_series; s++)
        {
          g_autofree char *t = bar_text (chart, bar, s);
          g_string_append_printf (out, "%s%s", t, bar->marked ? _(" (significant). ") : ". ");
        }
    }
  return g_string_free (out, FALSE);
}
