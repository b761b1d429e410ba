/* tw-render-draw.c: small shapes the game renderers share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-render-draw.h"

#include <math.h>

#include "tw-render.h"
#include "tw-renderer.h"

static const double palettes[][TW_DRAW_N_SEAT_COLORS][3] = {
  [TW_DRAW_PALETTE_PLAIN] = {
    { 0.86, 0.20, 0.18 },   /* red */
    { 0.15, 0.42, 0.86 },   /* blue */
    { 0.20, 0.63, 0.28 },   /* green */
    { 0.97, 0.75, 0.10 },   /* yellow */
    { 0.58, 0.30, 0.74 },   /* purple */
    { 0.05, 0.66, 0.70 },   /* teal */
  },
  [TW_DRAW_PALETTE_APART] = {
    { 0.18, 0.62, 0.27 },   /* green */
    { 0.58, 0.26, 0.74 },   /* purple */
    { 0.16, 0.17, 0.19 },   /* black */
    { 0.93, 0.36, 0.62 },   /* pink */
    { 0.96, 0.50, 0.10 },   /* orange */
    { 0.05, 0.65, 0.62 },   /* teal */
  },
};

const double *
tw_draw_palette_rgb (TwDrawPalette palette,
                     guint         seat)
{
  g_return_val_if_fail (palette <= TW_DRAW_PALETTE_APART, palettes[0][0]);

  return palettes[palette][seat % TW_DRAW_N_SEAT_COLORS];
}

void
tw_draw_seat_color (cairo_t      *cr,
                    const TwGame *game,
                    guint         seat)
{
  const TwDefinition *def = game->definition;

  if (def->n_colors >= game->n_players && seat < def->n_colors)
    {
      tw_render_set_color (cr, def, seat);
    }
  else
    {
      const double *c = tw_draw_palette_rgb (TW_DRAW_PALETTE_PLAIN, seat);
      cairo_set_source_rgb (cr, c[0], c[1], c[2]);
    }
}

void
tw_draw_circle (cairo_t *cr,
                double   cx,
                double   cy,
                double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
}

void
tw_draw_ring_path (cairo_t *cr,
                   double   x,
                   double   y,
                   double   w,
                   double   h,
                   double   r,
                   double   lw)
{
  tw_render_rounded_rect (cr, x, y, w, h, r);
  tw_render_rounded_rect (cr, x + lw, y + lw, w - 2 * lw, h - 2 * lw, MAX (r - lw, 0.001));
}

void
tw_draw_fill_rings (cairo_t *cr)
{
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

void
tw_draw_panel_filled (cairo_t  *cr,
                      double    x,
                      double    y,
                      double    w,
                      double    h,
                      gboolean  active)
{
  double lw = active ? 0.08 : 0.03;

  tw_render_rounded_rect (cr, x, y, w, h, 0.25);
  if (active)
    cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  else
    cairo_set_source_rgb (cr, 0.8, 0.79, 0.77);
  cairo_fill (cr);
  tw_render_rounded_rect (cr, x + lw, y + lw, w - 2 * lw, h - 2 * lw, 0.25 - lw);
  cairo_set_source_rgb (cr, 0.975, 0.965, 0.94);
  cairo_fill (cr);
}

void
tw_draw_disc (cairo_t      *cr,
              const TwGame *game,
              guint         seat,
              double        cx,
              double        cy,
              double        r)
{
  tw_draw_circle (cr, cx, cy, r);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_fill (cr);
  tw_draw_circle (cr, cx, cy, r * 0.84);
  tw_draw_seat_color (cr, game, seat);
  cairo_fill (cr);
}

void
tw_draw_count_disc (cairo_t      *cr,
                    const TwGame *game,
                    guint         seat,
                    double        cx,
                    double        cy,
                    double        r,
                    guint         count)
{
  char num[8];
  double rgb[3];
  cairo_pattern_t *pat;

  tw_draw_disc (cr, game, seat, cx, cy, r);
  tw_draw_seat_color (cr, game, seat);
  pat = cairo_get_source (cr);
  cairo_pattern_get_rgba (pat, &rgb[0], &rgb[1], &rgb[2], NULL);
  if (0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2] > 0.55)
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  g_snprintf (num, sizeof num, "%u", count);
  tw_render_text (cr, cx - r, cy - r * 0.72, 2 * r, r * 1.15, TRUE, TW_TEXT_CENTER, FALSE, num);
}

void
tw_draw_star_path (cairo_t *cr,
                   double   cx,
                   double   cy,
                   double   r)
{
  for (int k = 0; k < 10; k++)
    {
      double a = -G_PI / 2 + k * G_PI / 5, rr = k % 2 ? r * 0.45 : r;
      if (k == 0)
        cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
      else
        cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
    }
  cairo_close_path (cr);
}

void
tw_draw_stars (cairo_t *cr,
               double   x,
               double   y,
               double   r,
               int      n)
{
  for (int i = 0; i < n; i++)
    tw_draw_star_path (cr, x + r + i * 2.2 * r, y + r, r);
  cairo_set_source_rgb (cr, 0.93, 0.68, 0.1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, r * 0.1);
  cairo_stroke (cr);
}

void
tw_draw_die (cairo_t *cr,
             double   x,
             double   y,
             double   size,
             guint    n)
{
  char num[8];

  cairo_move_to (cr, x + size / 2, y);
  cairo_line_to (cr, x + size, y + size * 0.9);
  cairo_line_to (cr, x, y + size * 0.9);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  tw_render_ink (cr);
  cairo_set_line_width (cr, size * 0.05);
  cairo_stroke (cr);
  g_snprintf (num, sizeof num, "%u", n);
  tw_render_text (cr, x, y + size * 0.36, size, size * 0.42, TRUE, TW_TEXT_CENTER, FALSE, num);
}

const double tw_draw_corner_x[5] = { 0, 1, 1, 0, 0 };
const double tw_draw_corner_y[5] = { 0, 0, 1, 1, 0 };

void
tw_draw_triangle (cairo_t *cr,
                  double   x,
                  double   y,
                  double   size,
                  guint    d)
{
  cairo_move_to (cr, x + size / 2, y + size / 2);
  cairo_line_to (cr, x + tw_draw_corner_x[d] * size, y + tw_draw_corner_y[d] * size);
  cairo_line_to (cr, x + tw_draw_corner_x[d + 1] * size, y + tw_draw_corner_y[d + 1] * size);
  cairo_close_path (cr);
}

void
tw_draw_grid (cairo_t *cr,
              double   x,
              double   y,
              int      nx,
              int      ny,
              double   cell)
{
  cairo_rectangle (cr, x, y, nx * cell, ny * cell);
  cairo_set_source_rgb (cr, 0.93, 0.91, 0.86);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.08);
  cairo_set_line_width (cr, cell * 0.02);
  for (int i = 0; i <= nx; i++)
    {
      cairo_move_to (cr, x + i * cell, y);
      cairo_line_to (cr, x + i * cell, y + ny * cell);
    }
  for (int j = 0; j <= ny; j++)
    {
      cairo_move_to (cr, x, y + j * cell);
      cairo_line_to (cr, x + nx * cell, y + j * cell);
    }
  cairo_stroke (cr);
}
