/* tw-render-color-shift.c: Color Shift at the table
 *
 * The play area (sparse, and moved by shifts: drawn as the bounding box of
 * the placed tiles plus one cell on each side, where the next tile goes),
 * each tile as its four edge triangles, finished regions hatched, meeples
 * standing or lying in their seat's colour; beside it the turn and the stack,
 * then each seat's panel (name, points, meeples in the supply, hand tiles,
 * face down unless the viewer may see them). One unit is one cell.
 *
 * Where moves land: a placement on its cell (rotations and hand tiles are
 * variants); a meeple placement or a meeple move on a small rectangle inside
 * the chosen region of the tile (the meeples that can reach it are
 * variants); a shift on an arrow across the edge between the placed tile and
 * the tile it pushes. The rectangles of one cell never overlap, so every
 * region and every arrow stays clickable. Discarding and passing are buttons.
 *
 * The definition names no seat colours, so meeples take theirs from a fixed
 * palette chosen to stand apart from tile colours.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "tw-render.h"
#include "tw-renderer.h"
#include "tw-render-draw.h"
#include "games/color-shift/cs-view.h"

#define MARGIN      0.5
#define GAP         0.75
#define HEAD        0.75     /* a panel's title line */
#define MIN_BOARD   5
#define SIDE_MIN    5.2
#define SEAT_H      1.6
#define INFO_H      (HEAD + 1.35)
#define HAND_TILE   1.1
#define MEEPLE      0.3      /* a meeple's height on the board */
#define BOUNDARY_W  0.018    /* region boundaries come out about 0.025 wide */

typedef struct
{
  /* play area: cell (x, y) is at sx + (x - x0), sy + (y - y0) */
  double  bx, by, bw, bh;    /* the board's panel */
  double  sx, sy;
  int     x0, y0, nx, ny;
  /* turn and stack */
  double  ix, iy, iw, ih;
  /* seats */
  double  px[CS_MAX_PLAYERS], py[CS_MAX_PLAYERS], pw, ph;
  double  width, height;
} CsLayout;

/* The side panels (the turn, then the seats) in a column right of the play
 * area, or in rows under it: the play area grows wide, and a space not much
 * wider than high fits it larger with the panels under it. */
static void
cs_compute_arrangement (const TwGame  *game,
                        const CsView  *v,
                        gboolean       under,
                        CsLayout      *L)
{
  guint hand = v->hand_size;
  guint meeples = v->n_meeples;
  double side_w, side_h, y;

  if (v->n_placed == 0)
    {
      L->x0 = L->y0 = -1;
      L->nx = L->ny = 3;
    }
  else
    {
      L->x0 = v->xmin - 1;
      L->y0 = v->ymin - 1;
      L->nx = v->xmax - v->xmin + 3;
      L->ny = v->ymax - v->ymin + 3;
    }

  /* one row per seat: name, points and supply on the left, the hand on the right */
  L->pw = MAX (SIDE_MIN, MAX (2.8, meeples * 0.3 + 0.5) + hand * (HAND_TILE + 0.15) + 0.3);
  L->ph = SEAT_H;
  side_w = L->pw;
  side_h = INFO_H + v->n_players * (L->ph + 0.3);

  L->bx = MARGIN;
  L->by = MARGIN;
  L->bw = MAX (L->nx, MIN_BOARD) + 0.5;
  L->bh = MAX (L->ny, MIN_BOARD) + 0.5 + HEAD;
  L->iw = side_w;
  L->ih = INFO_H;

  if (under)
    {
      /* the turn and the seats as cells of a grid as wide as the play area
       * (two columns at least), a row as high as the turn's panel */
      guint n = v->n_players + 1;
      guint cols = MAX (2, (guint) ((L->bw + 0.3) / (L->pw + 0.3)));
      guint rows;
      double row_h = MAX (L->ih, L->ph);

      cols = MIN (cols, n);
      rows = (n + cols - 1) / cols;
      L->bw = MAX (L->bw, cols * (L->pw + 0.3) - 0.3);
      y = L->by + L->bh + GAP;
      L->ix = L->bx;
      L->iy = y;
      for (guint p = 0; p < v->n_players; p++)
        {
          L->px[p] = L->bx + ((p + 1) % cols) * (L->pw + 0.3);
          L->py[p] = y + ((p + 1) / cols) * (row_h + 0.3);
        }
      L->width = MARGIN + L->bw + MARGIN;
      L->height = y + rows * (row_h + 0.3) - 0.3 + MARGIN;
    }
  else
    {
      L->bh = MAX (L->bh, side_h);
      L->ix = L->bx + L->bw + GAP;
      L->iy = MARGIN;
      y = L->iy + L->ih + 0.3;
      for (guint p = 0; p < v->n_players; p++)
        {
          L->px[p] = L->ix;
          L->py[p] = y + p * (L->ph + 0.3);
        }
      L->width = L->ix + side_w + MARGIN;
      L->height = MARGIN + L->bh + MARGIN;
    }
  L->sx = L->bx + (L->bw - L->nx) / 2;
  L->sy = L->by + HEAD + (L->bh - HEAD - L->ny) / 2;
}

/* The arrangement that draws largest in a space of @params->aspect; the
 * column at the right when the caller has no preference (sheets, the CLI's
 * pictures). */
static void
cs_compute_layout (const TwGame         *game,
                   const CsView         *v,
                   const TwRenderParams *params,
                   CsLayout             *L)
{
  double aspect = params != NULL ? params->aspect : 0;
  CsLayout other;

  cs_compute_arrangement (game, v, FALSE, L);
  if (aspect <= 0)
    return;
  cs_compute_arrangement (game, v, TRUE, &other);
  /* ties keep the column */
  if (MIN (aspect / other.width, 1 / other.height) > 1.02 * MIN (aspect / L->width, 1 / L->height))
    *L = other;
}

static void
cs_layout (const TwGame         *game,
           const TwState        *state,
           const TwRenderParams *params,
           TwLayout             *layout)
{
  CsView view;
  const CsView *v = &view;
  CsLayout L;

  cs_view_fill (game, state, &view);
  cs_compute_layout (game, v, params, &L);
  layout->width = L.width;
  layout->height = L.height;
  tw_layout_add_area (layout, TW_AREA_BOARD, -1, L.bx, L.by, L.bw, L.bh, _("Play area"));
  tw_layout_add_area (layout, TW_AREA_SUPPLY, -1, L.ix, L.iy, L.iw, L.ih, _("Turn and stack"));
  for (guint p = 0; p < v->n_players; p++)
    tw_layout_add_area (layout, TW_AREA_PRIVATE, p, L.px[p], L.py[p], L.pw, L.ph,
                        _("Hand, meeples and points"));
}

/* ------------------------------------------------------------------------ */
/* Where moves land                                                          */

/* The clickable rectangle of a region covering the edge triangles @mask,
 * inside a unit cell. The rectangles of the regions of one tile never
 * overlap, and all keep 0.12 away from the cell's edges (where the shift
 * arrows are). */
static void
zone_of_mask (guint   mask,
              double *u0,
              double *v0,
              double *u1,
              double *v1)
{
  static const double single[4][4] = {
    { 0.36, 0.12, 0.64, 0.36 },   /* N */
    { 0.64, 0.36, 0.88, 0.64 },   /* E */
    { 0.36, 0.64, 0.64, 0.88 },   /* S */
    { 0.12, 0.36, 0.36, 0.64 },   /* W */
  };
  static const double corner[4][4] = {
    { 0.50, 0.12, 0.88, 0.50 },   /* N + E */
    { 0.50, 0.50, 0.88, 0.88 },   /* E + S */
    { 0.12, 0.50, 0.50, 0.88 },   /* S + W */
    { 0.12, 0.12, 0.50, 0.50 },   /* W + N */
  };
  const double *z = NULL;
  double all[4] = { 0.12, 0.12, 0.88, 0.88 };
  guint n = __builtin_popcount (mask & 15);

  mask &= 15;
  if (n == 1)
    z = single[__builtin_ctz (mask)];
  else if (n == 2)
    {
      for (guint d = 0; d < 4 && z == NULL; d++)
        if (mask == ((1u << d) | (1u << ((d + 1) & 3))))
          z = corner[d];
      if (z == NULL)   /* two opposite triangles (a `sections:` key): the first one */
        z = single[__builtin_ctz (mask)];
    }
  else if (n == 3)
    {
      /* everything but the strip of the missing triangle */
      guint d = __builtin_ctz (~mask & 15);
      if (d == TW_NORTH)
        all[1] = 0.36;
      else if (d == TW_EAST)
        all[2] = 0.64;
      else if (d == TW_SOUTH)
        all[3] = 0.64;
      else
        all[0] = 0.36;
      z = all;
    }
  else
    z = all;
  *u0 = z[0];
  *v0 = z[1];
  *u1 = z[2];
  *v1 = z[3];
}

static TwRect
cell_rect (const CsLayout *L,
           int             x,
           int             y)
{
  return (TwRect) { L->sx + (x - L->x0), L->sy + (y - L->y0), 1, 1 };
}

static TwRect
section_rect (const CsLayout   *L,
              const TwTileFace *f,
              int               x,
              int               y,
              guint             sec)
{
  double u0, v0, u1, v1;
  TwRect c = cell_rect (L, x, y);

  zone_of_mask (sec < f->n_sections ? f->section_mask[sec] : 15, &u0, &v0, &u1, &v1);
  return (TwRect) { c.x + u0, c.y + v0, u1 - u0, v1 - v0 };
}

/* The arrow across the edge in direction @d of the tile at (x, y). */
static TwRect
shift_rect (const CsLayout *L,
            int             x,
            int             y,
            guint           d)
{
  static const double r[4][4] = {
    { 0.25, -0.11, 0.5, 0.22 },
    { 0.89, 0.25, 0.22, 0.5 },
    { 0.25, 0.89, 0.5, 0.22 },
    { -0.11, 0.25, 0.22, 0.5 },
  };
  TwRect c = cell_rect (L, x, y);

  return (TwRect) { c.x + r[d & 3][0], c.y + r[d & 3][1], r[d & 3][2], r[d & 3][3] };
}

static gboolean
region_in_layout (const TwGame   *game,
                  const CsView   *v,
                  const CsLayout *L,
                  const TwMove   *move,
                  TwRect         *rect)
{
  const CsPlaced *placed = v->tiles;

  switch (move->kind)
    {
    case CS_MOVE_PLACE:
      *rect = cell_rect (L, move->x, move->y);
      return TRUE;

    case CS_MOVE_MEEPLE:
      {
        if (v->placed == CS_NONE || v->placed >= v->n_placed)
          return FALSE;
        const CsPlaced *pl = &placed[v->placed];
        *rect = section_rect (L, cs_view_face (game, pl->inst, pl->rot), pl->x, pl->y, move->c);
        return TRUE;
      }

    case CS_MOVE_WALK:
      {
        guint8 j = cs_view_at (game, v, move->x, move->y);
        if (j == CS_NONE)
          return FALSE;
        *rect = section_rect (L, cs_view_face (game, placed[j].inst, placed[j].rot), move->x, move->y,
                              move->c);
        return TRUE;
      }

    case CS_MOVE_SHIFT:
      if (v->placed == CS_NONE || v->placed >= v->n_placed)
        return FALSE;
      *rect = shift_rect (L, placed[v->placed].x, placed[v->placed].y, move->a);
      return TRUE;

    default:
      return FALSE;   /* discard, pass: buttons */
    }
}

static gboolean
cs_move_region (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  CsView view;
  const CsView *v = &view;
  CsLayout L;

  cs_view_fill (game, state, &view);
  cs_compute_layout (game, v, params, &L);
  return region_in_layout (game, v, &L, move, rect);
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

/* A hand tile the viewer may not see. */
static void
draw_tile_back (cairo_t *cr,
                double   x,
                double   y,
                double   size)
{
  tw_render_rounded_rect (cr, x, y, size, size, size * 0.08);
  cairo_set_source_rgb (cr, 0.42, 0.36, 0.31);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.25, 0.21, 0.18);
  cairo_set_line_width (cr, size * 0.03);
  cairo_stroke (cr);
  tw_render_rounded_rect (cr, x + size * 0.14, y + size * 0.14, size * 0.72, size * 0.72,
                          size * 0.05);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.25);
  cairo_set_line_width (cr, size * 0.025);
  cairo_stroke (cr);
}

/* A meeple centred on (cx, cy), @h high; on its side when @lying. Leaves the
 * path for the caller to fill. */
static void
meeple_path (cairo_t  *cr,
             double    cx,
             double    cy,
             double    h,
             gboolean  lying)
{
  static const double body[][2] = {
    { -0.13, -0.16 }, { -0.46, -0.06 }, { -0.46, 0.09 }, { -0.2, 0.08 },
    { -0.34, 0.5 }, { -0.07, 0.5 }, { 0, 0.32 }, { 0.07, 0.5 }, { 0.34, 0.5 },
    { 0.2, 0.08 }, { 0.46, 0.09 }, { 0.46, -0.06 }, { 0.13, -0.16 },
  };

  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  if (lying)
    cairo_rotate (cr, -G_PI / 2);
  cairo_scale (cr, h, h);
  cairo_new_sub_path (cr);
  for (guint i = 0; i < G_N_ELEMENTS (body); i++)
    cairo_line_to (cr, body[i][0], body[i][1]);
  cairo_close_path (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, -0.31, 0.17, 0, 2 * G_PI);
  cairo_close_path (cr);
  cairo_restore (cr);
}

static void
set_seat_color (cairo_t *cr,
                guint    seat,
                double   alpha)
{
  /* none of white, red, blue or yellow: the tile colours */
  const double *c = tw_draw_palette_rgb (TW_DRAW_PALETTE_APART, seat);
  cairo_set_source_rgba (cr, c[0], c[1], c[2], alpha);
}

static void
draw_meeple (cairo_t  *cr,
             guint     seat,
             double    cx,
             double    cy,
             double    h,
             gboolean  lying,
             double    alpha)
{
  /* three fills (a light halo, a dark rim, the colour) instead of strokes:
   * a board full of meeples stays cheap */
  meeple_path (cr, cx, cy, h * 1.3, lying);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8 * alpha);
  cairo_fill (cr);
  meeple_path (cr, cx, cy, h * 1.14, lying);
  cairo_set_source_rgba (cr, 0.08, 0.08, 0.1, alpha);
  cairo_fill (cr);
  meeple_path (cr, cx, cy, h, lying);
  set_seat_color (cr, seat, alpha);
  cairo_fill (cr);
}

static void
draw_arrow (cairo_t *cr,
            TwRect  *r,
            guint    d)
{
  double cx = r->x + r->width / 2, cy = r->y + r->height / 2;
  double a = 0.13;

  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_rotate (cr, d * G_PI / 2);
  cairo_move_to (cr, 0, -a);
  cairo_line_to (cr, a * 1.1, a * 0.35);
  cairo_line_to (cr, a * 0.35, a * 0.35);
  cairo_line_to (cr, a * 0.35, a);
  cairo_line_to (cr, -a * 0.35, a);
  cairo_line_to (cr, -a * 0.35, a * 0.35);
  cairo_line_to (cr, -a * 1.1, a * 0.35);
  cairo_close_path (cr);
  cairo_restore (cr);
}

/* The corners of a unit cell (tw_draw_corner_x/y) */
static const double *const fx = tw_draw_corner_x, *const fy = tw_draw_corner_y;

/* Diagonal stripes for finished regions: a tiny tile drawn at the device
 * resolution of the current transform and repeated, so that the stripes stay
 * crisp at any zoom and a board full of finished regions is one cheap fill
 * (stroking the stripes, or a repeating gradient, costs ten times more). */
static cairo_pattern_t *
stripe_pattern (cairo_t *cr)
{
  const double period = 0.09;   /* board units between stripes, along x */
  double ux = period, uy = 0;
  cairo_surface_t *tile;
  cairo_pattern_t *pattern;
  cairo_matrix_t m;
  cairo_t *tc;
  int px;

  cairo_user_to_device_distance (cr, &ux, &uy);
  px = CLAMP ((int) round (hypot (ux, uy)), 3, 256);
  tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
  tc = cairo_create (tile);
  for (int o = -1; o <= 1; o++)
    {
      cairo_move_to (tc, o * px, px);
      cairo_line_to (tc, (o + 1) * px, 0);
    }
  cairo_set_source_rgba (tc, 0.05, 0.05, 0.08, 0.4);
  cairo_set_line_width (tc, MAX (1.0, px * 0.22));
  cairo_stroke (tc);
  cairo_destroy (tc);

  pattern = cairo_pattern_create_for_surface (tile);
  cairo_surface_destroy (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  /* pattern space is device space: an identity blit, pixman's fast path */
  cairo_get_matrix (cr, &m);
  cairo_pattern_set_matrix (pattern, &m);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  return pattern;
}

/* Every placed tile at once: one path per colour holding every triangle of
 * that colour, then the region boundaries and the outlines in one stroke
 * each; then the finished regions, hatched through one clip. */
static void
draw_placed_tiles (cairo_t        *cr,
                   const TwGame   *game,
                   const CsView   *v,
                   const CsLayout *L)
{
  const TwDefinition *def = game->definition;
  const CsPlaced *placed = v->tiles;
  const guint8 *flags = v->finished;
  gboolean any_finished = FALSE;

  if (v->n_placed == 0)
    return;

  cairo_save (cr);
  for (guint c = 0; c < def->n_colors; c++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < v->n_placed; i++)
        {
          const TwTileFace *f = cs_view_face (game, placed[i].inst, placed[i].rot);
          TwRect r = cell_rect (L, placed[i].x, placed[i].y);
          for (guint d = 0; d < 4; d++)
            if (f->edge[d] == c)
              {
                tw_draw_triangle (cr, r.x, r.y, 1.0, d);
                any = TRUE;
              }
        }
      if (any)
        {
          tw_render_set_color (cr, def, c);
          cairo_fill (cr);
        }
    }

  /* region boundaries: from the corner between two regions to the centre */
  for (guint i = 0; i < v->n_placed; i++)
    {
      const TwTileFace *f = cs_view_face (game, placed[i].inst, placed[i].rot);
      TwRect r = cell_rect (L, placed[i].x, placed[i].y);
      for (guint d = 0; d < 4; d++)
        if (f->section_of[d] != f->section_of[(d + 1) & 3])
          {
            /* a thin quad along the diagonal: filling is much cheaper than stroking */
            double cx = r.x + fx[d + 1], cy = r.y + fy[d + 1];
            double nx = (fy[d + 1] - 0.5) * BOUNDARY_W, ny = (0.5 - fx[d + 1]) * BOUNDARY_W;
            cairo_move_to (cr, cx + nx, cy + ny);
            cairo_line_to (cr, r.x + 0.5 + nx, r.y + 0.5 + ny);
            cairo_line_to (cr, r.x + 0.5 - nx, r.y + 0.5 - ny);
            cairo_line_to (cr, cx - nx, cy - ny);
            cairo_close_path (cr);
          }
    }
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.85);
  cairo_fill (cr);

  /* finished regions: hatched */
  for (guint i = 0; i < v->n_placed; i++)
    {
      const TwTileFace *f = cs_view_face (game, placed[i].inst, placed[i].rot);
      TwRect r = cell_rect (L, placed[i].x, placed[i].y);
      for (guint d = 0; d < 4; d++)
        if (flags[4 * i + f->section_of[d]])
          {
            tw_draw_triangle (cr, r.x, r.y, 1.0, d);
            any_finished = TRUE;
          }
    }
  if (any_finished)
    {
      cairo_pattern_t *stripes = stripe_pattern (cr);
      cairo_set_source (cr, stripes);
      cairo_fill (cr);
      cairo_pattern_destroy (stripes);
    }
  cairo_new_path (cr);

  /* outlines as frames (outer square one way, inner the other), filled:
   * a rectilinear fill is cairo's fastest path */
  for (guint i = 0; i < v->n_placed; i++)
    {
      TwRect r = cell_rect (L, placed[i].x, placed[i].y);
      const double w = 0.01;
      cairo_rectangle (cr, r.x - w, r.y - w, 1 + 2 * w, 1 + 2 * w);
      cairo_move_to (cr, r.x + w, r.y + w);
      cairo_line_to (cr, r.x + w, r.y + 1 - w);
      cairo_line_to (cr, r.x + 1 - w, r.y + 1 - w);
      cairo_line_to (cr, r.x + 1 - w, r.y + w);
      cairo_close_path (cr);
    }
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Every meeple on the play area, side by side when several share a region. */
/* Where meeple @k of seat @q stands on the play area: the middle of its
 * region, side by side with the others there. FALSE when it is in the
 * supply. */
static gboolean
meeple_centre (const TwGame   *game,
               const CsView   *v,
               const CsLayout *L,
               guint           q,
               guint           k,
               double         *cx,
               double         *cy)
{
  const CsPlaced *placed = v->tiles;
  guint n_meeples = v->n_meeples;
  const CsMeeple *m = &v->meeple[q][k];
  guint before = 0, count = 0;

  if (m->tile == CS_NONE || m->tile >= v->n_placed)
    return FALSE;
  /* its place among the meeples of the same region */
  for (guint q2 = 0; q2 < v->n_players; q2++)
    for (guint k2 = 0; k2 < n_meeples; k2++)
      if (v->meeple[q2][k2].tile == m->tile && v->meeple[q2][k2].sec == m->sec)
        {
          if (q2 < q || (q2 == q && k2 < k))
            before++;
          count++;
        }
  const CsPlaced *pl = &placed[m->tile];
  TwRect r = section_rect (L, cs_view_face (game, pl->inst, pl->rot), pl->x, pl->y, m->sec);
  double step = MIN (0.2, (0.7 - MEEPLE) / MAX (count - 1, 1));
  *cx = r.x + r.width / 2 + (before - (count - 1) / 2.0) * step;
  *cy = r.y + r.height / 2;
  return TRUE;
}

static void
draw_board_meeples (cairo_t        *cr,
                    const TwGame   *game,
                    const CsView   *v,
                    const CsLayout *L)
{
  guint n_meeples = v->n_meeples;

  for (guint q = 0; q < v->n_players; q++)
    for (guint k = 0; k < n_meeples; k++)
      {
        double cx, cy;
        if (meeple_centre (game, v, L, q, k, &cx, &cy))
          draw_meeple (cr, q, cx, cy, MEEPLE, !v->meeple[q][k].standing, 1.0);
      }
}

static int
compare_rects (const void *a,
               const void *b)
{
  const TwRect *r = a, *t = b;
  if (r->x != t->x)
    return r->x < t->x ? -1 : 1;
  if (r->y != t->y)
    return r->y < t->y ? -1 : 1;
  if (r->width != t->width)
    return r->width < t->width ? -1 : 1;
  if (r->height != t->height)
    return r->height < t->height ? -1 : 1;
  return 0;
}

/* The regions of the targets, each once (meeple moves to one region come
 * from several meeples, far apart in legal order), with shift arrows. */
static void
draw_targets (cairo_t              *cr,
              const TwGame         *game,
              const CsView         *v,
              const CsLayout       *L,
              const TwRenderParams *params)
{
  g_autofree TwRect *rects = NULL;
  guint n = 0;

  if (params->n_targets == 0)
    return;
  rects = g_new (TwRect, params->n_targets);
  for (guint i = 0; i < params->n_targets; i++)
    {
      const TwMove *m = &params->targets[i];
      TwRect r;
      if (!region_in_layout (game, v, L, m, &r))
        continue;
      if (m->kind == CS_MOVE_SHIFT)
        {
          tw_render_rounded_rect (cr, r.x, r.y, r.width, r.height, 0.07);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
          cairo_set_line_width (cr, 0.025);
          cairo_stroke (cr);
          draw_arrow (cr, &r, m->a);
          cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
          cairo_fill (cr);
          continue;
        }
      rects[n++] = r;
    }
  qsort (rects, n, sizeof (TwRect), compare_rects);
  for (guint i = 0; i < n; i++)
    {
      const TwRect *r = &rects[i];
      double inset, w;
      if (i > 0 && tw_rect_equal (r, &rects[i - 1]))
        continue;
      inset = MIN (r->width, r->height) * 0.08;
      w = r->width < 1 ? 0.03 : 0.05;
      tw_render_rounded_rect (cr, r->x + inset, r->y + inset, r->width - 2 * inset,
                              r->height - 2 * inset, MIN (r->width, r->height) * 0.14);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.2);
      cairo_fill_preserve (cr);
      /* white under the blue: the blue tiles would swallow it */
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_set_line_width (cr, w * 2);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
    }
}

static void
draw_preview (cairo_t              *cr,
              const TwGame         *game,
              const CsView         *v,
              const CsLayout       *L,
              const TwRenderParams *params)
{
  const CsPlaced *placed = v->tiles;
  const TwMove *m = params->preview;
  double line = params->preview_selected ? 0.08 : 0.05;
  TwRect r;

  if (m == NULL || !region_in_layout (game, v, L, m, &r))
    return;

  switch (m->kind)
    {
    case CS_MOVE_PLACE:
      if (m->c >= v->hand_len[v->current])
        return;
      cairo_push_group (cr);
      tw_render_board_tile (cr, game->definition, cs_inst_def (game, v->hand[v->current][m->c]),
                            m->b, r.x, r.y, 1.0);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.8);
      break;

    case CS_MOVE_MEEPLE:
    case CS_MOVE_WALK:
      draw_meeple (cr, v->current, r.x + r.width / 2, r.y + r.height / 2, MEEPLE, FALSE, 0.75);
      if (m->kind == CS_MOVE_WALK && m->a < CS_MAX_MEEPLES)
        {
          /* the meeple that would go: ringed where it stands */
          const CsMeeple *mp = &v->meeple[v->current][m->a];
          if (mp->tile < v->n_placed)
            {
              const CsPlaced *pl = &placed[mp->tile];
              TwRect from = section_rect (L, cs_view_face (game, pl->inst, pl->rot), pl->x, pl->y,
                                          mp->sec);
              cairo_arc (cr, from.x + from.width / 2, from.y + from.height / 2, 0.24, 0,
                         2 * G_PI);
              cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
              cairo_set_line_width (cr, 0.04);
              cairo_stroke (cr);
            }
        }
      break;

    case CS_MOVE_SHIFT:
      {
        /* the run that moves, one cell on */
        int dx = tw_dir_dx[m->a & 3], dy = tw_dir_dy[m->a & 3];
        int x = placed[v->placed].x, y = placed[v->placed].y;
        guint8 j;
        /* the run lifted off its cells, then put down one cell on */
        while (cs_view_at (game, v, x, y) != CS_NONE)
          {
            TwRect c = cell_rect (L, x, y);
            cairo_rectangle (cr, c.x, c.y, 1, 1);
            x += dx;
            y += dy;
          }
        cairo_set_source_rgba (cr, 0.93, 0.91, 0.86, 0.8);
        cairo_fill (cr);
        x = placed[v->placed].x;
        y = placed[v->placed].y;
        cairo_push_group (cr);
        while ((j = cs_view_at (game, v, x, y)) != CS_NONE)
          {
            TwRect c = cell_rect (L, x + dx, y + dy);
            tw_render_board_tile (cr, game->definition, cs_inst_def (game, placed[j].inst),
                                  placed[j].rot, c.x, c.y, 1.0);
            x += dx;
            y += dy;
          }
        cairo_pop_group_to_source (cr);
        cairo_paint_with_alpha (cr, 0.85);
        draw_arrow (cr, &r, m->a);
        cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
        cairo_fill (cr);
        break;
      }

    default:
      return;
    }

  cairo_rectangle (cr, r.x, r.y, r.width, r.height);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_set_line_width (cr, MIN (r.width, r.height) < 1 ? line / 2 : line);
  cairo_stroke (cr);
}

/* The last move, ringed in white and black (no tile colour is either alone). */
static void
draw_last_move (cairo_t              *cr,
                const TwGame         *game,
                const CsView         *v,
                const CsLayout       *L,
                const TwRenderParams *params)
{
  const CsPlaced *placed = v->tiles;
  const TwMove *m = params->last_move;
  CsView before_view;
  const CsView *before = &before_view;
  TwRect r;

  if (m == NULL || params->last_state == NULL)
    return;
  cs_view_fill (game, params->last_state, &before_view);
  switch (m->kind)
    {
    case CS_MOVE_PLACE:
      if (cs_view_at (game, v, m->x, m->y) == CS_NONE)
        return;
      r = cell_rect (L, m->x, m->y);
      break;

    case CS_MOVE_SHIFT:
      /* the shifted tile where it is now */
      if (before->placed >= v->n_placed)
        return;
      r = cell_rect (L, placed[before->placed].x, placed[before->placed].y);
      break;

    case CS_MOVE_MEEPLE:
      {
        if (before->placed >= v->n_placed)
          return;
        const CsPlaced *pl = &placed[before->placed];
        r = section_rect (L, cs_view_face (game, pl->inst, pl->rot), pl->x, pl->y, m->c);
        break;
      }

    case CS_MOVE_WALK:
      {
        guint8 j = cs_view_at (game, v, m->x, m->y);
        if (j == CS_NONE)
          return;
        r = section_rect (L, cs_view_face (game, placed[j].inst, placed[j].rot), m->x, m->y, m->c);
        break;
      }

    default:
      return;
    }

  tw_render_rounded_rect (cr, r.x, r.y, r.width, r.height, MIN (r.width, r.height) * 0.1);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  cairo_set_line_width (cr, 0.09);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  cairo_set_line_width (cr, 0.035);
  cairo_stroke (cr);
}

static void
draw_info (cairo_t              *cr,
           const TwGame         *game,
           const CsView         *v,
           const CsLayout       *L,
           const TwRenderParams *params)
{
  g_autofree char *title = NULL;
  g_autofree char *deck = NULL;
  double y;

  tw_render_panel (cr, L->ix, L->iy, L->iw, L->ih, FALSE);
  if (v->phase == CS_PHASE_DONE)
    {
      int best = G_MININT;
      guint n_best = 0, winner = 0;
      for (guint q = 0; q < v->n_players; q++)
        {
          int t = cs_view_score (game, v, q);
          if (t > best)
            {
              best = t;
              n_best = 0;
              winner = q;
            }
          if (t == best)
            n_best++;
        }
      if (n_best == 1)
        {
          g_autofree char *name = tw_render_seat_name (params, winner);
          /* the same message as Colorfield's, which has shared wins */
          title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Game over: %s wins",
                                                "Game over: %s share the victory", 1), name);
        }
      else
        title = g_strdup (_("Game over: a tie"));
    }
  else
    {
      g_autofree char *name = tw_render_seat_name (params, v->current);
      if (v->phase == CS_PHASE_PLACE)
        /* Translators: %s is the seat to act */
        title = g_strdup_printf (_("%s: place a tile"), name);
      else if (v->placed != CS_NONE)
        /* Translators: %s is the seat to act; the optional action after placing */
        title = g_strdup_printf (_("%s: place or move a meeple, shift, or pass"), name);
      else
        /* Translators: %s is the seat to act, who could place no tile */
        title = g_strdup_printf (_("%s: move a meeple or pass"), name);
    }
  tw_render_ink (cr);
  y = L->iy + 0.15;
  y += tw_render_text (cr, L->ix + 0.2, y, L->iw - 0.4, 0.36, TRUE, TW_TEXT_LEFT, FALSE, title);

  deck = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile in the stack",
                                       "%u tiles in the stack", v->deck_len), v->deck_len);
  tw_render_muted (cr);
  y += 0.12;
  y += tw_render_text (cr, L->ix + 0.2, y, L->iw - 0.4, 0.29, FALSE, TW_TEXT_LEFT, FALSE, deck);

  if (params->last_move != NULL && params->last_state != NULL)
    {
      g_autofree char *move = tw_move_to_string (game, params->last_state, params->last_move);
      /* Translators: %s is a move in the game's notation, e.g. "shift E" */
      g_autofree char *last = g_strdup_printf (_("Last move: %s"), move);
      y += 0.08;
      tw_render_text (cr, L->ix + 0.2, y, L->iw - 0.4, 0.29, FALSE, TW_TEXT_LEFT, FALSE, last);
    }
}

static void
draw_seat (cairo_t              *cr,
           const TwGame         *game,
           const CsView         *v,
           const CsLayout       *L,
           const TwRenderParams *params,
           guint                 q)
{
  const TwDefinition *def = game->definition;
  guint n_meeples = v->n_meeples;
  double x = L->px[q], y = L->py[q];
  g_autofree char *name = tw_render_seat_name (params, q);
  g_autofree char *points = NULL;
  int score = cs_view_score (game, v, q);
  guint supply = 0;
  double hand_w = v->hand_len[q] * (HAND_TILE + 0.15);
  gboolean visible = params->viewer == (int) q;

  tw_render_panel (cr, x, y, L->pw, L->ph, v->phase != CS_PHASE_DONE && v->current == q);
  draw_meeple (cr, q, x + 0.36, y + 0.34, 0.36, FALSE, 1.0);
  tw_render_ink (cr);
  tw_render_text_line (cr, x + 0.65, y + 0.12, L->pw - 0.85 - hand_w, 0.36, TRUE, TW_TEXT_LEFT,
                       name);
  if (v->phase == CS_PHASE_DONE)
    /* Translators: a seat's points at the end of the game, and how many of
     * them came from the unfinished areas */
    points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point (%d at the end)",
                                           "%d points (%d at the end)", ABS (score)),
                              score, v->end_points[q]);
  else
    points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points",
                                           ABS (score)), score);
  tw_render_text_line (cr, x + 0.65, y + 0.55, L->pw - 0.85 - hand_w, 0.3, FALSE, TW_TEXT_LEFT,
                       points);

  /* meeples in the supply */
  for (guint k = 0; k < n_meeples; k++)
    if (v->meeple[q][k].tile == CS_NONE)
      {
        draw_meeple (cr, q, x + 0.36 + supply * 0.3, y + 1.23, 0.25, FALSE, 1.0);
        supply++;
      }
  if (supply == 0)
    {
      tw_render_muted (cr);
      tw_render_text_line (cr, x + 0.2, y + 1.06, L->pw - 0.4 - hand_w, 0.28, FALSE,
                           TW_TEXT_LEFT, _("No meeple in the supply"));
    }

  /* the hand, right-aligned */
  for (guint h = 0; h < v->hand_len[q] && v->phase != CS_PHASE_DONE; h++)
    {
      double tx = x + L->pw - 0.2 - (v->hand_len[q] - h) * (HAND_TILE + 0.15) + 0.15;
      double ty = y + (L->ph - HAND_TILE) / 2;
      if (visible)
        tw_render_board_tile (cr, def, cs_inst_def (game, v->hand[q][h]), 0, tx, ty, HAND_TILE);
      else
        draw_tile_back (cr, tx, ty, HAND_TILE);
    }
}

static void
cs_draw (cairo_t              *cr,
         const TwGame         *game,
         const TwState        *state,
         const TwRenderParams *params)
{
  CsView view;
  const CsView *v = &view;
  CsLayout L;

  cs_view_fill (game, state, &view);
  cs_compute_layout (game, v, params, &L);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* the play area */
  tw_render_panel (cr, L.bx, L.by, L.bw, L.bh, FALSE);
  tw_render_ink (cr);
  tw_render_text (cr, L.bx + 0.2, L.by + 0.15, L.bw - 0.4, 0.35, TRUE, TW_TEXT_LEFT, FALSE,
                  _("Play area"));
  tw_draw_grid (cr, L.sx, L.sy, L.nx, L.ny, 1.0);
  draw_placed_tiles (cr, game, v, &L);

  /* this turn's tile: the one that may take a meeple or be shifted */
  if (v->phase == CS_PHASE_ACTION && v->placed < v->n_placed)
    {
      const CsPlaced *pl = &v->tiles[v->placed];
      TwRect r = cell_rect (&L, pl->x, pl->y);
      cairo_rectangle (cr, r.x + 0.02, r.y + 0.02, 0.96, 0.96);
      set_seat_color (cr, v->current, 1.0);
      cairo_set_line_width (cr, 0.05);
      cairo_stroke (cr);
    }

  draw_last_move (cr, game, v, &L, params);
  draw_board_meeples (cr, game, v, &L);

  draw_info (cr, game, v, &L, params);
  for (guint q = 0; q < v->n_players; q++)
    draw_seat (cr, game, v, &L, params, q);

  draw_targets (cr, game, v, &L, params);
  draw_preview (cr, game, v, &L, params);
}

/* A placement takes a tile of the mover's hand, where draw_seat() shows it;
 * a walk takes the meeple that walks, where it stands now. */
static gboolean
cs_move_source (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  CsView view;
  const CsView *v = &view;
  guint q;
  CsLayout L;
  double cx, cy;

  cs_view_fill (game, state, &view);
  q = v->current;
  if (q >= v->n_players || v->phase == CS_PHASE_DONE)
    return FALSE;
  cs_compute_layout (game, v, params, &L);
  switch (move->kind)
    {
    case CS_MOVE_PLACE:
    case CS_MOVE_DISCARD:
      if (move->c >= v->hand_len[q])
        return FALSE;
      *rect = (TwRect) { L.px[q] + L.pw - 0.2 - (v->hand_len[q] - move->c) * (HAND_TILE + 0.15)
                         + 0.15, L.py[q] + (L.ph - HAND_TILE) / 2, HAND_TILE, HAND_TILE };
      return TRUE;
    case CS_MOVE_WALK:
      if (move->a >= v->n_meeples
          || !meeple_centre (game, v, &L, q, move->a, &cx, &cy))
        return FALSE;
      *rect = (TwRect) { cx - MEEPLE / 2, cy - MEEPLE / 2, MEEPLE, MEEPLE };
      return TRUE;
    default:
      return FALSE;
    }
}

const TwRenderer tw_renderer_color_shift = {
  .rules_id = "color-shift",
  .layout = cs_layout,
  .draw = cs_draw,
  .move_region = cs_move_region,
  .move_source = cs_move_source,
};
