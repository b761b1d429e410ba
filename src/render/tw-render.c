/* tw-render.c: tiles drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-render.h"
#include "tw-tile.h"

void
tw_render_set_color (cairo_t            *cr,
                     const TwDefinition *def,
                     guint               color)
{
  guint32 rgb = color < def->n_colors ? def->colors[color].rgb : 0x808080;
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

/* The corners of the square clockwise from the north-west one; the edge in
 * direction d runs from corner d to corner d + 1. */
static void
corner (guint   i,
        double  x,
        double  y,
        double  size,
        double *cx,
        double *cy)
{
  static const double fx[4] = { 0, 1, 1, 0 };
  static const double fy[4] = { 0, 0, 1, 1 };
  *cx = x + fx[i & 3] * size;
  *cy = y + fy[i & 3] * size;
}

void
tw_render_tile (cairo_t            *cr,
                const TwDefinition *def,
                const TwTileDef    *tile,
                guint               rotation,
                double              x,
                double              y,
                double              size)
{
  double mx = x + size / 2, my = y + size / 2;
  double ax, ay, bx, by;

  cairo_save (cr);
  if (tile->n_edges != 4)
    {
      cairo_rectangle (cr, x, y, size, size);
      cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
      cairo_fill (cr);
      cairo_restore (cr);
      return;
    }

  TwTileFace face;
  tw_tile_face (tile, rotation, &face);

  /* fill each edge's triangle in its colour; a hairline of the same colour
   * hides the seams between triangles of one section */
  for (guint d = 0; d < 4; d++)
    {
      corner (d, x, y, size, &ax, &ay);
      corner (d + 1, x, y, size, &bx, &by);
      cairo_move_to (cr, mx, my);
      cairo_line_to (cr, ax, ay);
      cairo_line_to (cr, bx, by);
      cairo_close_path (cr);
      tw_render_set_color (cr, def, face.edge[d]);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, size * 0.01);
      cairo_stroke (cr);
    }

  /* boundaries: between consecutive edges that belong to different sections,
   * along the diagonal from the shared corner to the centre */
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.85);
  cairo_set_line_width (cr, MAX (size * 0.025, 0.5));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint d = 0; d < 4; d++)
    {
      guint next = (d + 1) & 3;
      if (face.section_of[d] == face.section_of[next])
        continue;
      corner (d + 1, x, y, size, &ax, &ay);
      cairo_move_to (cr, ax, ay);
      cairo_line_to (cr, mx, my);
      cairo_stroke (cr);
    }

  cairo_rectangle (cr, x, y, size, size);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 1);
  cairo_set_line_width (cr, MAX (size * 0.02, 0.5));
  cairo_stroke (cr);
  cairo_restore (cr);
}
