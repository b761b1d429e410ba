/* tw-render-draw.h: small shapes the game renderers share
 *
 * Seat colours, discs, stars, a die, panels and grids, drawn the same way
 * in every game's picture. All take board units and draw into the current
 * path or source as each says; none saves or restores the cairo state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "tw-game.h"

G_BEGIN_DECLS

#define TW_DRAW_N_SEAT_COLORS 6

typedef enum
{
  TW_DRAW_PALETTE_PLAIN,        /* red, blue, green, yellow, purple, teal */
  TW_DRAW_PALETTE_APART,        /* none of white, red, blue or yellow: beside such tiles */
} TwDrawPalette;

/* The RGB of @seat in @palette (seats past the palette wrap around). */
const double *tw_draw_palette_rgb  (TwDrawPalette  palette,
                                    guint          seat);
/* Sets @seat's colour as source: the definition's colour of that index when
 * it names a colour per seat, else the plain palette's. */
void          tw_draw_seat_color   (cairo_t       *cr,
                                    const TwGame  *game,
                                    guint          seat);
/* A full circle as a new sub-path. */
void          tw_draw_circle       (cairo_t       *cr,
                                    double         cx,
                                    double         cy,
                                    double         r);
/* A rounded ring (outline @lw wide) as two sub-paths, for tw_draw_fill_rings():
 * cairo's image backend fills several times faster than it strokes, and a
 * board has hundreds of outlines. */
void          tw_draw_ring_path    (cairo_t       *cr,
                                    double         x,
                                    double         y,
                                    double         w,
                                    double         h,
                                    double         r,
                                    double         lw);
/* Fills the current path even-odd, so each ring keeps its hole. */
void          tw_draw_fill_rings   (cairo_t       *cr);
/* tw_render_panel() drawn with fills only (a border fill, then the card). */
void          tw_draw_panel_filled (cairo_t       *cr,
                                    double         x,
                                    double         y,
                                    double         w,
                                    double         h,
                                    gboolean       active);
/* A seat's disc: a dark rim around the seat colour. */
void          tw_draw_disc         (cairo_t       *cr,
                                    const TwGame  *game,
                                    guint          seat,
                                    double         cx,
                                    double         cy,
                                    double         r);
/* A disc with @count in it: white digits on dark colours, black on light. */
void          tw_draw_count_disc   (cairo_t       *cr,
                                    const TwGame  *game,
                                    guint          seat,
                                    double         cx,
                                    double         cy,
                                    double         r,
                                    guint          count);
/* A five-pointed star as a closed sub-path. */
void          tw_draw_star_path    (cairo_t       *cr,
                                    double         cx,
                                    double         cy,
                                    double         r);
/* @n gold stars of radius @r in a row from (x, y), outlined. */
void          tw_draw_stars        (cairo_t       *cr,
                                    double         x,
                                    double         y,
                                    double         r,
                                    int            n);
/* A four-sided die showing @n, @size wide with its top at (x, y). */
void          tw_draw_die          (cairo_t       *cr,
                                    double         x,
                                    double         y,
                                    double         size,
                                    guint          n);
/* The corners of a unit square clockwise from the top-left, the first
 * repeated: side d (0 north, 1 east, 2 south, 3 west) runs from corner d to
 * corner d + 1. */
extern const double tw_draw_corner_x[5];
extern const double tw_draw_corner_y[5];
/* The triangle of side @d of a square tile @size wide at (x, y), between its
 * centre and that side, as a closed sub-path: a tile's colours are filled
 * triangle by triangle, every triangle of one colour in one path. */
void          tw_draw_triangle     (cairo_t       *cr,
                                    double         x,
                                    double         y,
                                    double         size,
                                    guint          d);
/* An empty board of @nx x @ny cells of side @cell: a sand fill, faint lines. */
void          tw_draw_grid         (cairo_t       *cr,
                                    double         x,
                                    double         y,
                                    int            nx,
                                    int            ny,
                                    double         cell);

G_END_DECLS
