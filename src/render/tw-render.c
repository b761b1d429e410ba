/* tw-render.c: tiles drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <pango/pangocairo.h>

#include "tw-render.h"
#include "tw-renderer.h"
#include "tw-rules.h"
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

double
tw_render_card_picture (cairo_t            *cr,
                        const TwDefinition *def,
                        const TwCardDef    *card,
                        double              x,
                        double              y,
                        double              w,
                        double              h)
{
  const TwCardKind *kind;
  int color = -1, number = -1, required_number = -1;

  g_return_val_if_fail (cr != NULL && def != NULL && card != NULL, 0);
  if (def->rules == NULL || card->kind >= def->rules->n_card_kinds || w <= 0 || h <= 0)
    return 0;
  kind = &def->rules->card_kinds[card->kind];
  for (guint p = 0; p < kind->n_params && p < TW_MAX_PARAMS; p++)
    {
      if (kind->params[p].type == TW_VALUE_COLOR && card->params[p] >= 0 && color < 0)
        color = card->params[p];
      else if (kind->params[p].type == TW_VALUE_INT && number < 0)
        {
          number = card->params[p];
          if (kind->params[p].required)
            required_number = number;
        }
    }

  cairo_save (cr);
  if (card->shape.n > 0)
    {
      int sw = MAX (tw_polyomino_width (&card->shape), 1);
      int sh = MAX (tw_polyomino_height (&card->shape), 1);
      double cell = MIN (w / sw, h / sh);
      double ox = x + (w - sw * cell) / 2, oy = y + (h - sh * cell) / 2;

      for (guint i = 0; i < card->shape.n; i++)
        cairo_rectangle (cr, ox + card->shape.x[i] * cell, oy + card->shape.y[i] * cell,
                         cell, cell);
      if (color >= 0)
        tw_render_set_color (cr, def, color);
      else
        cairo_set_source_rgb (cr, 0.45, 0.45, 0.5);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
      cairo_set_line_width (cr, cell * 0.06);
      cairo_stroke (cr);
      cairo_restore (cr);
      return h;
    }
  if (required_number >= 0 || (number >= 0 && color >= 0))
    {
      g_autofree char *text = g_strdup_printf ("%d", required_number >= 0 ? required_number
                                                                         : number);
      /* a numeral as tall as the box, its ink centred; laid out at a fixed
       * resolution (as tw_render_text() does) so that it is crisp in board
       * units as in millimetres */
      const double res = 64.0;
      g_autoptr(PangoLayout) layout = NULL;
      PangoFontDescription *desc = pango_font_description_from_string ("Sans Bold");
      PangoRectangle ink;

      /* the layout follows the transform in place when it is made */
      cairo_translate (cr, x + w / 2, y + h / 2);
      cairo_scale (cr, 1 / res, 1 / res);
      layout = pango_cairo_create_layout (cr);

      pango_font_description_set_absolute_size (desc, h * 1.25 * res * PANGO_SCALE);
      pango_layout_set_font_description (layout, desc);
      pango_font_description_free (desc);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_extents (layout, &ink, NULL);
      if (ink.height > 0 && ink.height > h * res * 0.95)
        {
          /* fit the ink to the box */
          double f = h * res * 0.95 / ink.height;
          desc = pango_font_description_from_string ("Sans Bold");
          pango_font_description_set_absolute_size (desc, h * 1.25 * f * res * PANGO_SCALE);
          pango_layout_set_font_description (layout, desc);
          pango_font_description_free (desc);
          pango_layout_get_pixel_extents (layout, &ink, NULL);
        }
      if (color >= 0)
        tw_render_set_color (cr, def, color);
      else
        cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
      cairo_move_to (cr, -ink.x - ink.width / 2.0, -ink.y - ink.height / 2.0);
      pango_cairo_show_layout (cr, layout);
      cairo_new_path (cr);   /* the current point is not part of the saved state */
      cairo_restore (cr);
      return h;
    }
  if (color >= 0)
    {
      double side = MIN (w, h);
      tw_render_rounded_rect (cr, x + (w - side) / 2, y + (h - side) / 2, side, side, side * 0.15);
      tw_render_set_color (cr, def, color);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
      cairo_set_line_width (cr, side * 0.04);
      cairo_stroke (cr);
      cairo_restore (cr);
      return h;
    }
  cairo_restore (cr);
  return 0;
}
