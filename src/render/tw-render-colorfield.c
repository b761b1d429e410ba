/* tw-render-colorfield.c: Colorfield at the table
 *
 * Each seat's panel (name and score, painter and specialty colour, ability
 * tokens, the 2x3 canvas inside its border of ten edge spaces, what the
 * canvas would score now), the supply below them (the face-up tray, the deck,
 * the common discard, the tile in hand), and at the right the round and turn
 * with what the seat to act does, then the Community Tools in play with
 * their text. One unit is one canvas space.
 *
 * Moves that point at a space or a tray place get a region: a setup tile or
 * a drawn tile lands on the whole space, a Rotate on its upper part (the
 * rotations are variants), a Swap on the strip at the bottom of the lower
 * numbered space (the partners are variants); a take on its tray place, a
 * draw on the deck. Every other move (choosing a painter or a face, skip,
 * two from the deck, discard...) is a button. A placement's source is the
 * tile in hand it plays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tw-render.h"
#include "tw-renderer.h"
#include "tw-render-draw.h"
#include "games/colorfield/cf-view.h"

#define MARGIN    0.5
#define GAP       0.4
#define HEAD      0.7       /* a panel's title line */
#define TOOLS_HEAD 0.95     /* the tools' title and deck lines */
#define BORDER    0.32      /* the canvas's edge spaces */
#define PW        6.6       /* a seat's panel */
#define PH        4.15
#define INFO_W    2.35      /* the column beside a canvas */
#define TILE      1.1       /* supply tiles */
#define TILE_GAP  0.2
#define SUPPLY_H  2.3
#define SIDE_W    4.8       /* the right column */
#define CARD_H    1.95
#define CARD_GAP  0.25
#define ROT_H     0.68      /* a Rotate's part of a space; the rest is Swap's */
#define MINI      0.42      /* a canvas space in the face choice */


typedef struct
{
  const guint8 *slot_x, *slot_y;   /* where each canvas space lies: the definition's data */
  guint   n;
  double  px[CF_MAX_PLAYERS], py[CF_MAX_PLAYERS];   /* panels */
  double  cx[CF_MAX_PLAYERS], cy[CF_MAX_PLAYERS];   /* canvas frames, top-left */
  double  grid_w, grid_h;
  /* supply */
  double  sx, sy, sw;
  guint   n_tray;
  double  tray_x, tile_y, deck_x, disc_x, hand_x;
  /* status and tools */
  double  rx, ry, rh;
  double  kx, ky;
  guint   per_col, n_cols;
  double  width, height;
} CfLayout;

static double
choices_height (const TwGame  *game,
                const CfView  *v)
{
  if (v->phase == CF_PHASE_PAINTER)
    return v->n_painters * 0.42 + 0.2;
  if (v->phase == CF_PHASE_SIDE)
    return 2 * MINI + 2 * BORDER * MINI / 0.5 + 0.7;
  return 0;
}

static void
cf_compute_layout (const TwGame  *game,
                   const CfView  *v,
                   CfLayout      *L)
{
  guint rows;
  double left_h, side_h;

  L->slot_x = v->slot_x;
  L->slot_y = v->slot_y;
  L->n = v->n_players;
  rows = (L->n + 1) / 2;
  L->grid_w = 2 * PW + GAP;
  L->grid_h = rows * PH + (rows - 1) * GAP;
  for (guint p = 0; p < L->n; p++)
    {
      L->px[p] = MARGIN + (p % 2) * (PW + GAP);
      L->py[p] = MARGIN + (p / 2) * (PH + GAP);
      L->cx[p] = L->px[p] + 0.25;
      L->cy[p] = L->py[p] + HEAD + 0.5;
    }

  L->n_tray = CLAMP (v->tray_size, 1, CF_MAX_TRAY);
  L->sx = MARGIN;
  L->sy = MARGIN + L->grid_h + GAP;
  L->tray_x = L->sx + 0.3;
  L->tile_y = L->sy + 0.6;
  L->deck_x = L->tray_x + L->n_tray * (TILE + TILE_GAP) - TILE_GAP + 0.7;
  L->disc_x = L->deck_x + TILE + 0.5;
  L->hand_x = L->disc_x + TILE + 0.7;
  L->sw = MAX (L->grid_w, L->hand_x + 2 * TILE + TILE_GAP + 0.3 - L->sx);
  left_h = L->grid_h + GAP + SUPPLY_H;

  L->rx = L->sx + L->sw + GAP;
  L->ry = MARGIN;
  L->rh = choices_height (game, v) > 0 ? 2.65 + choices_height (game, v) : 3.1;
  L->kx = L->rx;
  L->ky = L->ry + L->rh + GAP;
  side_h = MAX (left_h, L->rh + GAP + TOOLS_HEAD + CARD_H);
  L->per_col = MAX (1, (guint) ((side_h - (L->ky - MARGIN) - TOOLS_HEAD + CARD_GAP)
                                / (CARD_H + CARD_GAP)));
  L->n_cols = v->n_active ? (v->n_active + L->per_col - 1) / L->per_col : 1;
  L->width = L->rx + L->n_cols * (SIDE_W + 0.3) - 0.3 + MARGIN;
  L->height = MARGIN + MAX (side_h, L->ky - MARGIN + TOOLS_HEAD
                            + MIN (MAX (v->n_active, 1), L->per_col) * (CARD_H + CARD_GAP)
                            - CARD_GAP) + MARGIN;
}

static inline void
slot_rect (const CfLayout *L,
           guint           seat,
           guint           slot,
           TwRect         *r)
{
  *r = (TwRect) { L->cx[seat] + BORDER + L->slot_x[slot], L->cy[seat] + BORDER + L->slot_y[slot],
                  1, 1 };
}

static inline void
tray_rect (const CfLayout *L,
           guint           i,
           TwRect         *r)
{
  *r = (TwRect) { L->tray_x + i * (TILE + TILE_GAP), L->tile_y, TILE, TILE };
}

static void
cf_layout (const TwGame         *game,
           const TwState        *state,
           const TwRenderParams *params,
           TwLayout             *layout)
{
  CfView view;
  const CfView *v = &view;
  CfLayout L;

  cf_view_fill (game, state, &view);
  cf_compute_layout (game, v, &L);
  layout->width = L.width;
  layout->height = L.height;
  for (guint p = 0; p < L.n; p++)
    tw_layout_add_area (layout, TW_AREA_PRIVATE, p, L.px[p], L.py[p], PW, PH, _("Canvas"));
  tw_layout_add_area (layout, TW_AREA_SUPPLY, -1, L.sx, L.sy, L.sw, SUPPLY_H,
                      _("Tray, deck and discard"));
  tw_layout_add_area (layout, TW_AREA_INFO, -1, L.rx, L.ry, SIDE_W, L.rh, _("Round and turn"));
  tw_layout_add_area (layout, TW_AREA_CARDS, -1, L.kx, L.ky, L.width - L.kx - MARGIN,
                      L.height - L.ky - MARGIN, _("Community tools"));
}

static gboolean
cf_move_region (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  CfView view;
  const CfView *v = &view;
  CfLayout L;
  guint seat;

  cf_view_fill (game, state, &view);
  seat = v->current;
  if (seat >= v->n_players)
    return FALSE;
  switch (move->kind)
    {
    case CF_MOVE_SETUP:
    case CF_MOVE_PLACE:
      if (move->a >= CF_SLOTS)
        return FALSE;
      cf_compute_layout (game, v, &L);
      slot_rect (&L, seat, move->a, rect);
      return TRUE;
    case CF_MOVE_ROTATE:
      if (move->a >= CF_SLOTS)
        return FALSE;
      cf_compute_layout (game, v, &L);
      slot_rect (&L, seat, move->a, rect);
      rect->height = ROT_H;
      return TRUE;
    case CF_MOVE_SWAP:
      if (move->a >= CF_SLOTS)
        return FALSE;
      cf_compute_layout (game, v, &L);
      slot_rect (&L, seat, MIN (move->a, move->b), rect);
      rect->y += ROT_H;
      rect->height = 1 - ROT_H;
      return TRUE;
    case CF_MOVE_TAKE:
      cf_compute_layout (game, v, &L);
      if (move->a >= L.n_tray)
        return FALSE;
      tray_rect (&L, move->a, rect);
      return TRUE;
    case CF_MOVE_DECK:        /* a click on the deck draws from it */
      cf_compute_layout (game, v, &L);
      *rect = (TwRect) { L.deck_x, L.tile_y, TILE, TILE };
      return TRUE;
    default:
      return FALSE;
    }
}

/* A placement or a discard takes the tile in hand it names (#1 or #2 after
 * the Watercolor Paper Sketchbook), where draw_supply() shows it. */
static gboolean
cf_move_source (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  CfView view;
  const CfView *v = &view;
  CfLayout L;

  if (move->kind != CF_MOVE_PLACE && move->kind != CF_MOVE_DISCARD)
    return FALSE;
  cf_view_fill (game, state, &view);
  if (move->c >= MIN (v->n_hand, 2) || v->hand[move->c] == CF_NONE)
    return FALSE;
  cf_compute_layout (game, v, &L);
  *rect = (TwRect) { L.hand_x + move->c * (TILE + TILE_GAP), L.tile_y, TILE, TILE };
  return TRUE;
}

/* ------------------------------------------------------------------------ */

static gboolean
is_dark (const TwDefinition *def,
         guint               color)
{
  guint32 rgb;

  if (color >= def->n_colors)
    return FALSE;
  rgb = def->colors[color].rgb;
  return 0.299 * ((rgb >> 16) & 0xff) + 0.587 * ((rgb >> 8) & 0xff) + 0.114 * (rgb & 0xff) < 140;
}

static void
set_color (cairo_t            *cr,
           const TwDefinition *def,
           guint               color)
{
  if (color < def->n_colors)
    tw_render_set_color (cr, def, color);
  else
    cairo_set_source_rgb (cr, 0.7, 0.7, 0.7);
}

/* Adds the printed "2" to the path, @h high, centred on (x, y), turned @rot
 * quarter turns: strokes need no font and stay crisp at any size. */
static void
two_glyph (cairo_t *cr,
           double   x,
           double   y,
           double   h,
           guint    rot)
{
  double w = 0.62 * h;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, rot * G_PI / 2);
  /* the bow as a short polyline: stroking arcs costs far more */
  for (guint i = 0; i <= 6; i++)
    {
      double a = G_PI * (1.05 + i * (2.22 - 1.05) / 6);
      if (i == 0)
        cairo_move_to (cr, 0.5 * w * cos (a), -0.22 * h + 0.5 * w * sin (a));
      else
        cairo_line_to (cr, 0.5 * w * cos (a), -0.22 * h + 0.5 * w * sin (a));
    }
  cairo_line_to (cr, -0.5 * w, 0.5 * h);
  cairo_line_to (cr, 0.5 * w, 0.5 * h);
  cairo_restore (cr);
}

/* One face-up tile to draw. */
typedef struct
{
  guint8  t;
  guint8  r;
  guint8  matched;     /* bit d: side d scores, marked with a dot */
  double  x;
  double  y;
  double  size;
} TileJob;

/* Paint tiles: four triangles each, the "2" on the 2-side, a dot on every
 * side that scores. Drawn together: one path per colour, per glyph ink and
 * per line kind, so a full table is a few dozen cairo operations instead of
 * a dozen per tile. */
static void
draw_tiles (cairo_t            *cr,
            const TwDefinition *def,
            const CfView        *v,
            const TileJob      *jobs,
            guint               n)
{
  const double *fx = tw_draw_corner_x, *fy = tw_draw_corner_y;
  static const double gx[4] = { 0.5, 0.79, 0.5, 0.21 };
  static const double gy[4] = { 0.21, 0.5, 0.79, 0.5 };
  gboolean any_dot = FALSE;

  if (n == 0)
    return;
  cairo_save (cr);
  for (guint c = 0; c <= def->n_colors; c++)
    {
      gboolean any = FALSE;
      for (guint j = 0; j < n; j++)
        {
          const TileJob *b = &jobs[j];
          const guint8 *e = v->edge[b->t][b->r & 3];
          for (guint d = 0; d < 4; d++)
            if (e[d] == c || (c == def->n_colors && e[d] >= def->n_colors))
              {
                tw_draw_triangle (cr, b->x, b->y, b->size, d);
                any = TRUE;
              }
        }
      if (any)
        {
          set_color (cr, def, c);
          cairo_fill (cr);
        }
    }

  /* sides of one colour stay apart: a line between equal neighbours */
  for (guint j = 0; j < n; j++)
    {
      const TileJob *b = &jobs[j];
      const guint8 *e = v->edge[b->t][b->r & 3];
      for (guint d = 0; d < 4; d++)
        if (e[d] == e[(d + 1) & 3])
          {
            cairo_move_to (cr, b->x + b->size / 2, b->y + b->size / 2);
            cairo_line_to (cr, b->x + fx[d + 1] * b->size, b->y + fy[d + 1] * b->size);
          }
    }
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.6);
  cairo_set_line_width (cr, 0.015);
  cairo_stroke (cr);

  /* the 2s: white on dark colours, ink on light ones */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_width (cr, 0.036);
  for (guint pass = 0; pass < 2; pass++)
    {
      gboolean any = FALSE;
      for (guint j = 0; j < n; j++)
        {
          const TileJob *b = &jobs[j];
          guint two = (v->two[b->t] + b->r) & 3;
          if (is_dark (def, v->edge[b->t][b->r & 3][two]) != (pass == 1))
            continue;
          two_glyph (cr, b->x + gx[two] * b->size, b->y + gy[two] * b->size, b->size * 0.24,
                     b->r & 3);
          any = TRUE;
        }
      if (!any)
        continue;
      if (pass == 1)
        cairo_set_source_rgb (cr, 1, 1, 1);
      else
        tw_render_ink (cr);
      cairo_stroke (cr);
    }

  /* scoring sides: a white diamond in a dark one, two fills for them all */
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint j = 0; j < n; j++)
        {
          const TileJob *b = &jobs[j];
          double rr = b->size * (pass ? 0.04 : 0.065);
          for (guint d = 0; d < 4; d++)
            if (b->matched & (1u << d))
              {
                double mx = b->x + (fx[d] + fx[d + 1]) / 2 * b->size;
                double my = b->y + (fy[d] + fy[d + 1]) / 2 * b->size;
                mx += (b->x + b->size / 2 - mx) * 0.16;
                my += (b->y + b->size / 2 - my) * 0.16;
                cairo_move_to (cr, mx, my - rr);
                cairo_line_to (cr, mx + rr, my);
                cairo_line_to (cr, mx, my + rr);
                cairo_line_to (cr, mx - rr, my);
                cairo_close_path (cr);
                any_dot = TRUE;
              }
        }
      if (!any_dot)
        break;
      if (pass)
        cairo_set_source_rgb (cr, 1, 1, 1);
      else
        cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.8);
      cairo_fill (cr);
    }

  for (guint j = 0; j < n; j++)
    cairo_rectangle (cr, jobs[j].x, jobs[j].y, jobs[j].size, jobs[j].size);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  cairo_set_line_width (cr, 0.02);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_tile (cairo_t            *cr,
           const TwDefinition *def,
           const CfView        *v,
           guint               t,
           guint               r,
           double              x,
           double              y,
           double              size,
           guint8              matched)
{
  TileJob job = { t, r, matched, x, y, size };
  draw_tiles (cr, def, v, &job, 1);
}

/* A tile face down (the deck, a tile only another seat has seen). */
static void
draw_back (cairo_t *cr,
           double   x,
           double   y,
           double   size)
{
  tw_render_rounded_rect (cr, x, y, size, size, size * 0.08);
  cairo_set_source_rgb (cr, 0.33, 0.31, 0.38);
  cairo_fill (cr);
  tw_render_rounded_rect (cr, x + size * 0.12, y + size * 0.12, size * 0.76, size * 0.76,
                          size * 0.05);
  cairo_move_to (cr, x + size / 2, y + size * 0.25);
  cairo_line_to (cr, x + size * 0.75, y + size / 2);
  cairo_line_to (cr, x + size / 2, y + size * 0.75);
  cairo_line_to (cr, x + size * 0.25, y + size / 2);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  cairo_set_line_width (cr, size * 0.03);
  cairo_stroke (cr);
}

/* An empty place: a dashed outline. */
static void
draw_empty (cairo_t *cr,
            double   x,
            double   y,
            double   size)
{
  static const double dash[] = { 0.08, 0.06 };

  cairo_rectangle (cr, x + 0.03, y + 0.03, size - 0.06, size - 0.06);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 0.025);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* A canvas frame: the ten edge spaces (@border NULL: the face is not chosen
 * yet, grey) around 3x2 spaces of @cell units, its top-left at (x, y). */
typedef struct
{
  const guint16 *border;
  double         x;
  double         y;
  double         cell;
  double         b;
} FrameJob;

static void
frame_background (cairo_t        *cr,
                  const FrameJob *f)
{
  tw_render_rounded_rect (cr, f->x, f->y, 3 * f->cell + 2 * f->b, 2 * f->cell + 2 * f->b,
                          f->b * 0.4);
  cairo_set_source_rgb (cr, 0.36, 0.30, 0.25);
  cairo_fill (cr);
  cairo_rectangle (cr, f->x + f->b, f->y + f->b, 3 * f->cell, 2 * f->cell);
  cairo_set_source_rgb (cr, 0.96, 0.94, 0.89);
  cairo_fill (cr);
}

/* Edge space @k of @f: its rectangle, inset a little from its neighbours. */
static void
space_rect (const FrameJob *f,
            guint           k,
            double         *sx,
            double         *sy,
            double         *w,
            double         *h)
{
  double in = f->b * 0.12, len = f->cell - 2 * in, thick = f->b - 2 * in;
  gboolean horizontal = k <= 2 || (k >= 5 && k <= 7);

  switch (k)
    {
    case 0: case 1: case 2: *sx = f->x + f->b + k * f->cell; *sy = f->y; break;
    case 3: case 4: *sx = f->x + f->b + 3 * f->cell; *sy = f->y + f->b + (k - 3) * f->cell; break;
    case 5: case 6: case 7: *sx = f->x + f->b + (7 - k) * f->cell; *sy = f->y + f->b + 2 * f->cell; break;
    default: *sx = f->x; *sy = f->y + f->b + (9 - k) * f->cell; break;
    }
  *sx += in;
  *sy += in;
  *w = horizontal ? len : thick;
  *h = horizontal ? thick : len;
}

/* The edge spaces of @n frames, one path per colour: a space shows its
 * colours side by side, clockwise along the frame. */
static void
frame_spaces (cairo_t            *cr,
              const TwDefinition *def,
              const FrameJob     *frames,
              guint               n)
{
  double sx, sy, w, h;

  for (guint c = 0; c <= def->n_colors; c++)
    {
      gboolean any = FALSE;
      for (guint j = 0; j < n; j++)
        for (guint k = 0; k < CF_BORDER; k++)
          {
            const guint16 *border = frames[j].border;
            guint cols[16], m = 0;
            if (border != NULL)
              for (guint ci = 0; ci < def->n_colors && ci < 16; ci++)
                if (border[k] & (1u << ci))
                  cols[m++] = ci;
            /* c == n_colors: spaces without colours (face not chosen) */
            if (c == def->n_colors)
              {
                if (m == 0)
                  {
                    space_rect (&frames[j], k, &sx, &sy, &w, &h);
                    cairo_rectangle (cr, sx, sy, w, h);
                    any = TRUE;
                  }
                continue;
              }
            for (guint i = 0; i < m; i++)
              {
                guint ci = k >= 5 ? m - 1 - i : i;
                if (cols[ci] != c)
                  continue;
                space_rect (&frames[j], k, &sx, &sy, &w, &h);
                if (w > h)
                  cairo_rectangle (cr, sx + i * w / m, sy, w / m + 0.002, h);
                else
                  cairo_rectangle (cr, sx, sy + i * h / m, w, h / m + 0.002);
                any = TRUE;
              }
          }
      if (!any)
        continue;
      if (c == def->n_colors)
        cairo_set_source_rgb (cr, 0.62, 0.6, 0.57);
      else
        tw_render_set_color (cr, def, c);
      cairo_fill (cr);
    }

  for (guint j = 0; j < n; j++)
    for (guint k = 0; k < CF_BORDER; k++)
      {
        space_rect (&frames[j], k, &sx, &sy, &w, &h);
        cairo_rectangle (cr, sx, sy, w, h);
      }
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, MAX (frames[0].b * 0.04, 0.006));
  cairo_stroke (cr);
}

static void
draw_frame (cairo_t            *cr,
            const TwDefinition *def,
            const guint16      *border,
            double              x,
            double              y,
            double              cell,
            double              b)
{
  FrameJob f = { border, x, y, cell, b };
  frame_background (cr, &f);
  frame_spaces (cr, def, &f, 1);
}

/* What cf_draw() draws at once after the panels. */
typedef struct
{
  TileJob  tiles[CF_MAX_PLAYERS * CF_SLOTS + CF_MAX_TRAY + 4];
  guint    n_tiles;
  FrameJob frames[CF_MAX_PLAYERS];
  guint    n_frames;
} Batch;

static void
queue_tile (Batch  *batch,
            guint   t,
            guint   r,
            double  x,
            double  y,
            double  size,
            guint8  matched)
{
  if (batch->n_tiles < G_N_ELEMENTS (batch->tiles))
    batch->tiles[batch->n_tiles++] = (TileJob) { t, r, matched, x, y, size };
}

static void
draw_tokens (cairo_t *cr,
             double   right,
             double   y,
             guint    total,
             guint    left)
{
  for (guint i = 0; i < total; i++)
    {
      double cx = right - 0.13 - (total - 1 - i) * 0.32;
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, y + 0.15, 0.12, 0, 2 * G_PI);
      /* a spent token: a pale disc (fills only: cheaper than outlines) */
      if (i < left)
        cairo_set_source_rgb (cr, 0.85, 0.6, 0.15);
      else
        cairo_set_source_rgb (cr, 0.84, 0.82, 0.78);
      cairo_fill (cr);
    }
}

static void
draw_seat (cairo_t              *cr,
           const TwGame         *game,
           const CfView         *v,
           const TwRenderParams *params,
           const CfLayout       *L,
           guint                 q,
           gboolean              active,
           Batch                *batch)
{
  const TwDefinition *def = game->definition;
  g_autofree char *name = tw_render_seat_name (params, q);
  g_autofree char *head = NULL;
  g_autoptr(GString) info = g_string_new (NULL);
  double x = L->px[q], y = L->py[q];
  int spec = cf_view_specialty (game, v, q);
  guint8 matched[CF_SLOTS];
  guint tokens = v->tokens;

  tw_render_panel (cr, x, y, PW, PH, active);
  /* Translators: a seat's panel title: name and points */
  head = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %d point", "%s · %d points",
                                       ABS (v->score[q])), name, v->score[q]);
  tw_render_ink (cr);
  tw_render_text (cr, x + 0.25, y + 0.15, PW - 0.5 - tokens * 0.32, 0.32, TRUE, TW_TEXT_LEFT,
                  FALSE, head);
  draw_tokens (cr, x + PW - 0.2, y + 0.17, tokens, cf_view_tokens_unused (game, v, q));

  /* painter and specialty colour */
  if (spec >= 0)
    {
      tw_render_rounded_rect (cr, x + 0.25, y + HEAD, 0.3, 0.3, 0.06);
      set_color (cr, def, spec);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
      cairo_set_line_width (cr, 0.02);
      cairo_stroke (cr);
      g_autofree char *line = NULL;
      /* Translators: painter name, then the specialty colour */
      line = g_strdup_printf (_("%s · specialty %s"), v->painters[v->painter[q]].name,
                              spec < (int) def->n_colors ? def->colors[spec].name : "?");
      tw_render_ink (cr);
      tw_render_text (cr, x + 0.65, y + HEAD + 0.02, PW - 0.9, 0.28, FALSE, TW_TEXT_LEFT, FALSE,
                      line);
    }
  else
    {
      tw_render_muted (cr);
      tw_render_text (cr, x + 0.25, y + HEAD + 0.02, PW - 0.5, 0.28, FALSE, TW_TEXT_LEFT, FALSE,
                      _("No painter chosen yet"));
    }

  /* the canvas */
  const guint16 *border = v->face[q] == CF_NONE ? NULL : v->boards[v->board[q]].border[v->face[q]];
  if (batch->n_frames < G_N_ELEMENTS (batch->frames))
    {
      FrameJob *f = &batch->frames[batch->n_frames++];
      *f = (FrameJob) { border, L->cx[q], L->cy[q], 1.0, BORDER };
      frame_background (cr, f);
    }
  cf_view_matched (game, v, q, matched);
  for (guint i = 0; i < CF_SLOTS; i++)
    {
      TwRect r;
      slot_rect (L, q, i, &r);
      if (v->slot[q][i] != CF_NONE)
        queue_tile (batch, v->slot[q][i], v->rot[q][i], r.x, r.y, 1.0, matched[i]);
      else
        {
          char num[4];
          g_snprintf (num, sizeof num, "%u", i + 1);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
          tw_render_text (cr, r.x, r.y + 0.3, 1, 0.34, FALSE, TW_TEXT_CENTER, FALSE, num);
        }
    }

  /* beside it: what it scores, rounds, turns, hidden piles */
  double ix = L->cx[q] + 3 + 2 * BORDER + 0.25, iy = L->cy[q];
  if (v->face[q] != CF_NONE && v->phase != CF_PHASE_DONE)
    {
      CfScore sc;
      cf_view_round_points (game, v, q, &sc);
      /* Translators: what a canvas would score if the round ended now */
      g_string_append_printf (info, _("This round: %d"), sc.total);
      g_string_append_c (info, '\n');
    }
  if (v->round > 0 || v->phase == CF_PHASE_DONE)
    {
      guint n = MIN (v->phase == CF_PHASE_DONE ? v->round : v->round, CF_MAX_ROUNDS);
      g_autoptr(GString) list = g_string_new (NULL);
      for (guint r = 0; r < n; r++)
        g_string_append_printf (list, r ? " · %d" : "%d", v->round_score[r][q]);
      /* Translators: the points of each finished round */
      g_string_append_printf (info, _("Rounds: %s"), list->str);
      g_string_append_c (info, '\n');
    }
  if (v->phase >= CF_PHASE_ABILITY && v->phase < CF_PHASE_DONE)
    {
      /* Translators: turns a seat has taken this round, of how many */
      g_string_append_printf (info, _("Turns: %u of %u"), v->turns[q], v->turn_limit);
      g_string_append_c (info, '\n');
    }
  if (v->setup_len[q] > 0)
    {
      /* Translators: face-down tiles left in a seat's setup hand */
      g_string_append_printf (info, g_dngettext (GETTEXT_PACKAGE, "Setup: %u tile",
                                                 "Setup: %u tiles", v->setup_len[q]),
                              v->setup_len[q]);
      g_string_append_c (info, '\n');
    }
  /* Translators: how many tiles are in a seat's personal discard pile */
  g_string_append_printf (info, _("Discards: %u"), v->pdisc_len[q]);
  tw_render_ink (cr);
  tw_render_text (cr, ix, iy, INFO_W, 0.28, FALSE, TW_TEXT_LEFT, FALSE, info->str);
}

/* The tile in hand @c: face up for everyone when it came from the tray, for
 * its drawer only when it came from the deck. */
static gboolean
hand_visible (const CfView         *v,
              const TwRenderParams *params)
{
  return v->drew == CF_DREW_TRAY || (params->viewer >= 0 && params->viewer == v->current);
}

static void
draw_supply (cairo_t              *cr,
             const TwGame         *game,
             const CfView         *v,
             const TwRenderParams *params,
             const CfLayout       *L,
             Batch                *batch)
{
  double cap_y = L->sy + 0.15, num_y = L->tile_y + TILE + 0.08;
  char num[32];

  tw_render_panel (cr, L->sx, L->sy, L->sw, SUPPLY_H, FALSE);
  tw_render_ink (cr);
  tw_render_text (cr, L->tray_x, cap_y, -1, 0.28, TRUE, TW_TEXT_LEFT, FALSE, _("Face-up tray"));
  for (guint i = 0; i < L->n_tray; i++)
    {
      TwRect r;
      tray_rect (L, i, &r);
      if (v->tray[i] != CF_NONE)
        queue_tile (batch, v->tray[i], 0, r.x, r.y, TILE, 0);
      else
        draw_empty (cr, r.x, r.y, TILE);
      g_snprintf (num, sizeof num, "%u", i + 1);
      tw_render_muted (cr);
      tw_render_text (cr, r.x, num_y, TILE, 0.28, FALSE, TW_TEXT_CENTER, FALSE, num);
    }

  /* the deck, face down */
  tw_render_ink (cr);
  tw_render_text (cr, L->deck_x, cap_y, TILE, 0.28, TRUE, TW_TEXT_CENTER, FALSE, _("Deck"));
  if (v->deck_len > 0)
    {
      if (v->deck_len > 1)
        draw_back (cr, L->deck_x + 0.06, L->tile_y - 0.06, TILE);
      draw_back (cr, L->deck_x, L->tile_y, TILE);
    }
  else
    draw_empty (cr, L->deck_x, L->tile_y, TILE);
  g_snprintf (num, sizeof num, "%u", v->deck_len);
  tw_render_muted (cr);
  tw_render_text (cr, L->deck_x, num_y, TILE, 0.28, FALSE, TW_TEXT_CENTER, FALSE, num);

  /* the common discard: its top tile, unless only another seat saw it */
  tw_render_ink (cr);
  tw_render_text (cr, L->disc_x - 0.2, cap_y, TILE + 0.4, 0.28, TRUE, TW_TEXT_CENTER, FALSE,
                  _("Discard"));
  if (v->discard_len > 0)
    {
      guint top = v->discard_len - 1;
      guint seen = v->discard_seen[top];
      if (seen == CF_NONE || (params->viewer >= 0 && (guint) params->viewer == seen))
        queue_tile (batch, v->discard[top], 0, L->disc_x, L->tile_y, TILE, 0);
      else
        draw_back (cr, L->disc_x, L->tile_y, TILE);
    }
  else
    draw_empty (cr, L->disc_x, L->tile_y, TILE);
  g_snprintf (num, sizeof num, "%u", v->discard_len);
  tw_render_muted (cr);
  tw_render_text (cr, L->disc_x, num_y, TILE, 0.28, FALSE, TW_TEXT_CENTER, FALSE, num);

  /* the tile in hand, or the setup tile revealed */
  tw_render_ink (cr);
  if (v->phase == CF_PHASE_SETUP && v->current < v->n_players && v->setup_len[v->current] > 0)
    {
      tw_render_text (cr, L->hand_x, cap_y, -1, 0.28, TRUE, TW_TEXT_LEFT, FALSE,
                      _("Revealed tile"));
      queue_tile (batch, v->setup[v->current][v->setup_len[v->current] - 1], 0, L->hand_x,
                  L->tile_y, TILE, 0);
    }
  else
    {
      tw_render_text (cr, L->hand_x, cap_y, -1, 0.28, TRUE, TW_TEXT_LEFT, FALSE, _("In hand"));
      for (guint c = 0; c < v->n_hand && c < 2; c++)
        {
          double x = L->hand_x + c * (TILE + TILE_GAP);
          if (v->hand[c] == CF_NONE)
            continue;
          if (hand_visible (v, params))
            queue_tile (batch, v->hand[c], 0, x, L->tile_y, TILE, 0);
          else
            draw_back (cr, x, L->tile_y, TILE);
          if (v->n_hand == 2)
            {
              g_snprintf (num, sizeof num, "#%u", c + 1);
              tw_render_muted (cr);
              tw_render_text (cr, x, num_y, TILE, 0.28, FALSE, TW_TEXT_CENTER, FALSE, num);
            }
        }
      if (v->n_hand == 0)
        draw_empty (cr, L->hand_x, L->tile_y, TILE);
    }
}

static char *
prompt (const TwGame         *game,
        const CfView         *v,
        const TwRenderParams *params)
{
  g_autofree char *name = NULL;

  if (v->phase == CF_PHASE_DONE)
    {
      g_autoptr(GString) names = g_string_new (NULL);
      int best = G_MININT;
      guint n = 0;
      for (guint q = 0; q < v->n_players; q++)
        best = MAX (best, v->score[q]);
      for (guint q = 0; q < v->n_players; q++)
        if (v->score[q] == best)
          {
            g_autofree char *w = tw_render_seat_name (params, q);
            g_string_append_printf (names, n++ ? ", %s" : "%s", w);
          }
      /* Translators: the end of the game: the winner, or the tied winners */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Game over: %s wins",
                                           "Game over: %s share the victory", n), names->str);
    }
  name = tw_render_seat_name (params, v->current);
  switch (v->phase)
    {
    case CF_PHASE_PAINTER:
      return g_strdup_printf (_("%s chooses a painter"), name);
    case CF_PHASE_SIDE:
      return g_strdup_printf (_("%s chooses a face of the canvas"), name);
    case CF_PHASE_SETUP:
      return g_strdup_printf (_("%s places the revealed tile in an empty space"), name);
    case CF_PHASE_ABILITY:
      return g_strdup_printf (_("%s may rotate a tile or swap two (or skip)"), name);
    case CF_PHASE_DRAW:
      return g_strdup_printf (_("%s draws a tile from the tray or the deck"), name);
    case CF_PHASE_PLACE:
      return g_strdup_printf (_("%s replaces a space with the drawn tile or discards it"), name);
    default:
      return g_strdup ("");
    }
}

static void
draw_status (cairo_t              *cr,
             const TwGame         *game,
             const CfView         *v,
             const TwRenderParams *params,
             const CfLayout       *L)
{
  const TwDefinition *def = game->definition;
  double x = L->rx + 0.25, w = SIDE_W - 0.5, y = L->ry + 0.15;
  guint rounds = v->rounds;
  g_autofree char *title = NULL;
  g_autofree char *what = prompt (game, v, params);

  tw_render_panel (cr, L->rx, L->ry, SIDE_W, L->rh, FALSE);
  if (v->phase < CF_PHASE_SETUP)
    title = g_strdup (_("Setup"));
  else
    /* Translators: the round being played, of how many */
    title = g_strdup_printf (_("Round %u of %u"), MIN (v->round + 1u, rounds), rounds);
  tw_render_ink (cr);
  tw_render_text (cr, x, y, w, 0.34, TRUE, TW_TEXT_LEFT, FALSE, title);
  y += 0.5;
  if (v->phase >= CF_PHASE_ABILITY && v->phase < CF_PHASE_DONE && v->current < v->n_players)
    {
      g_autofree char *turn = NULL;
      /* Translators: the turn of the seat to act, of how many this round */
      turn = g_strdup_printf (_("Turn %u of %u"), MIN (v->turns[v->current] + 1u, v->turn_limit),
                              v->turn_limit);
      tw_render_muted (cr);
      tw_render_text (cr, x, y, w, 0.26, FALSE, TW_TEXT_LEFT, FALSE, turn);
    }
  y += 0.4;
  cairo_set_source_rgb (cr, 0.12, 0.35, 0.7);
  y += tw_render_text (cr, x, y, w, 0.27, TRUE, TW_TEXT_LEFT, FALSE, what) + 0.15;
  if (params->last_move != NULL && params->last_state != NULL)
    {
      CfView before;
      cf_view_fill (game, params->last_state, &before);
      g_autofree char *text = tw_move_to_string (game, params->last_state, params->last_move);
      g_autofree char *who = tw_render_seat_name (params, before.current);
      /* Translators: the last move played: the seat, then the move in notation */
      g_autofree char *line = g_strdup_printf (_("Last move: %s, %s"), who, text);
      tw_render_muted (cr);
      tw_render_text (cr, x, y, w, 0.28, FALSE, TW_TEXT_LEFT, FALSE, line);
    }
  y = L->ry + 2.55;

  if (v->phase == CF_PHASE_PAINTER)
    {
      for (guint i = 0; i < v->n_painters; i++)
        {
          int owner = -1;
          for (guint q = 0; q < v->n_players; q++)
            if (v->painter[q] == i)
              owner = q;
          tw_render_rounded_rect (cr, x, y + 0.04, 0.28, 0.28, 0.05);
          set_color (cr, def, v->painters[i].specialty);
          cairo_fill (cr);
          if (owner >= 0)
            {
              g_autofree char *who = tw_render_seat_name (params, owner);
              /* Translators: a painter card and the seat that chose it */
              g_autofree char *line = g_strdup_printf (_("%s (%s)"), v->painters[i].name, who);
              tw_render_muted (cr);
              tw_render_text (cr, x + 0.4, y + 0.05, w - 0.4, 0.28, FALSE, TW_TEXT_LEFT, FALSE,
                              line);
            }
          else
            {
              tw_render_ink (cr);
              tw_render_text (cr, x + 0.4, y + 0.05, w - 0.4, 0.28, TRUE, TW_TEXT_LEFT, FALSE,
                              v->painters[i].name);
            }
          y += 0.42;
        }
    }
  else if (v->phase == CF_PHASE_SIDE && v->current < v->n_players)
    {
      const CfBoard *b = &v->boards[v->board[v->current]];
      double bb = BORDER * MINI / 0.5, fw = 3 * MINI + 2 * bb;
      for (guint f = 0; f < 2; f++)
        {
          double fx = x + f * (fw + 0.4);
          tw_render_ink (cr);
          tw_render_text (cr, fx, y, fw, 0.28, TRUE, TW_TEXT_CENTER, FALSE, b->face_id[f]);
          draw_frame (cr, def, b->border[f], fx, y + 0.35, MINI, bb);
        }
    }
}

static void
draw_tools (cairo_t       *cr,
            const TwGame  *game,
            const CfView  *v,
            const CfLayout *L)
{
  const TwDefinition *def = game->definition;
  g_autofree char *deck = NULL;

  tw_render_ink (cr);
  tw_render_text (cr, L->kx, L->ky, SIDE_W, 0.34, TRUE, TW_TEXT_LEFT, FALSE, _("Community tools"));
  deck = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card in the deck",
                                       "%u cards in the deck", v->tool_deck_len),
                          v->tool_deck_len);
  tw_render_muted (cr);
  tw_render_text (cr, L->kx, L->ky + 0.48, SIDE_W, 0.28, FALSE, TW_TEXT_LEFT, FALSE, deck);
  if (v->n_active == 0)
    {
      tw_render_text (cr, L->kx, L->ky + TOOLS_HEAD, SIDE_W, 0.28, FALSE, TW_TEXT_LEFT, FALSE,
                      _("No tool in play"));
      return;
    }
  for (guint i = 0; i < v->n_active; i++)
    {
      const TwCardDef *card = &def->cards[v->active[i]];
      const char *text = tw_card_text (def, card);
      double x = L->kx + (i / L->per_col) * (SIDE_W + 0.3);
      double y = L->ky + TOOLS_HEAD + (i % L->per_col) * (CARD_H + CARD_GAP);
      double th;

      tw_render_rounded_rect (cr, x, y, SIDE_W, CARD_H, 0.18);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
      cairo_set_line_width (cr, 0.03);
      cairo_stroke (cr);
      cairo_rectangle (cr, x + 0.02, y + 0.2, 0.1, CARD_H - 0.4);
      cairo_set_source_rgb (cr, 0.55, 0.35, 0.65);
      cairo_fill (cr);
      tw_render_ink (cr);
      th = tw_render_text (cr, x + 0.25, y + 0.12, SIDE_W - 0.4, 0.3, TRUE, TW_TEXT_LEFT, FALSE,
                           card->title ? card->title : card->id);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.33);
      tw_render_text (cr, x + 0.25, y + 0.2 + MAX (th, 0.35), SIDE_W - 0.4, 0.28, FALSE,
                      TW_TEXT_LEFT, FALSE, text);
    }
}

static void
ring (cairo_t      *cr,
      const TwRect *r,
      double        width)
{
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* The last move's spaces or tray place, in this state's layout (it does not
 * move between states of one game but for the right column). */
static void
draw_last_move (cairo_t              *cr,
                const TwGame         *game,
                const CfView         *v,
                const TwRenderParams *params,
                const CfLayout       *L)
{
  const TwMove *m = params->last_move;
  CfView before;
  guint q;
  TwRect r;

  if (m == NULL || params->last_state == NULL)
    return;
  cf_view_fill (game, params->last_state, &before);
  if (before.current >= v->n_players)
    return;
  q = before.current;
  cairo_set_source_rgb (cr, 1, 0.8, 0.15);
  switch (m->kind)
    {
    case CF_MOVE_SETUP:
    case CF_MOVE_PLACE:
    case CF_MOVE_ROTATE:
      if (m->a >= CF_SLOTS)
        return;
      slot_rect (L, q, m->a, &r);
      ring (cr, &r, 0.08);
      break;
    case CF_MOVE_SWAP:
      if (m->a >= CF_SLOTS || m->b >= CF_SLOTS)
        return;
      slot_rect (L, q, m->a, &r);
      ring (cr, &r, 0.08);
      slot_rect (L, q, m->b, &r);
      ring (cr, &r, 0.08);
      break;
    case CF_MOVE_TAKE:
      if (m->a >= L->n_tray)
        return;
      tray_rect (L, m->a, &r);
      ring (cr, &r, 0.08);
      break;
    default:
      break;
    }
}

static void
draw_preview (cairo_t              *cr,
              const TwGame         *game,
              const CfView         *v,
              const TwRenderParams *params,
              const CfLayout       *L)
{
  const TwDefinition *def = game->definition;
  const TwMove *m = params->preview;
  guint q = v->current;
  double lw = params->preview_selected ? 0.1 : 0.07;
  TwRect r, r2;

  if (m == NULL || q >= v->n_players)
    return;
  switch (m->kind)
    {
    case CF_MOVE_SETUP:
    case CF_MOVE_PLACE:
    case CF_MOVE_ROTATE:
      {
        guint t, rot = m->kind == CF_MOVE_SETUP ? 0 : m->b;
        gboolean visible = TRUE;
        if (m->a >= CF_SLOTS)
          return;
        if (m->kind == CF_MOVE_SETUP)
          t = v->setup_len[q] > 0 ? v->setup[q][v->setup_len[q] - 1] : CF_NONE;
        else if (m->kind == CF_MOVE_ROTATE)
          t = v->slot[q][m->a];
        else
          {
            t = m->c < v->n_hand ? v->hand[m->c] : CF_NONE;
            visible = hand_visible (v, params);
          }
        slot_rect (L, q, m->a, &r);
        if (t != CF_NONE)
          {
            cairo_push_group (cr);
            cairo_rectangle (cr, r.x, r.y, 1, 1);
            cairo_set_source_rgb (cr, 0.96, 0.94, 0.89);
            cairo_fill (cr);
            if (visible)
              draw_tile (cr, def, v, t, rot, r.x, r.y, 1.0, 0);
            else
              draw_back (cr, r.x, r.y, 1.0);
            cairo_pop_group_to_source (cr);
            cairo_paint_with_alpha (cr, 0.9);
          }
        cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
        ring (cr, &r, lw);
        break;
      }
    case CF_MOVE_SWAP:
      {
        gboolean upright = v->swap_upright;
        guint a = m->a, b = m->b;
        if (a >= CF_SLOTS || b >= CF_SLOTS)
          return;
        slot_rect (L, q, a, &r);
        slot_rect (L, q, b, &r2);
        cairo_push_group (cr);
        cairo_rectangle (cr, r.x, r.y, 1, 1);
        cairo_rectangle (cr, r2.x, r2.y, 1, 1);
        cairo_set_source_rgb (cr, 0.96, 0.94, 0.89);
        cairo_fill (cr);
        if (v->slot[q][b] != CF_NONE)
          draw_tile (cr, def, v, v->slot[q][b], upright ? 0 : v->rot[q][b], r.x, r.y, 1.0, 0);
        if (v->slot[q][a] != CF_NONE)
          draw_tile (cr, def, v, v->slot[q][a], upright ? 0 : v->rot[q][a], r2.x, r2.y, 1.0, 0);
        cairo_pop_group_to_source (cr);
        cairo_paint_with_alpha (cr, 0.9);
        cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
        ring (cr, &r, lw);
        ring (cr, &r2, lw);
        /* the exchange, centre to centre */
        cairo_move_to (cr, r.x + 0.5, r.y + 0.5);
        cairo_line_to (cr, r2.x + 0.5, r2.y + 0.5);
        cairo_set_line_width (cr, 0.06);
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_stroke (cr);
        cairo_new_sub_path (cr);
        cairo_arc (cr, r.x + 0.5, r.y + 0.5, 0.09, 0, 2 * G_PI);
        cairo_new_sub_path (cr);
        cairo_arc (cr, r2.x + 0.5, r2.y + 0.5, 0.09, 0, 2 * G_PI);
        cairo_fill (cr);
        break;
      }
    case CF_MOVE_TAKE:
      if (m->a >= L->n_tray)
        return;
      tray_rect (L, m->a, &r);
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      ring (cr, &r, lw);
      break;
    default:
      break;
    }
}

static void
cf_draw (cairo_t              *cr,
         const TwGame         *game,
         const TwState        *state,
         const TwRenderParams *params)
{
  CfView view;
  const CfView *v = &view;
  const TwRenderer *self = tw_renderer_lookup (game->rules->id);
  int to_act;
  CfLayout L;
  Batch batch;

  batch.n_tiles = batch.n_frames = 0;
  cf_view_fill (game, state, &view);
  to_act = v->phase == CF_PHASE_DONE ? -1 : v->current;
  cf_compute_layout (game, v, &L);
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  for (guint q = 0; q < v->n_players; q++)
    draw_seat (cr, game, v, params, &L, q, (int) q == to_act, &batch);
  draw_supply (cr, game, v, params, &L, &batch);
  if (batch.n_frames > 0)
    frame_spaces (cr, game->definition, batch.frames, batch.n_frames);
  draw_tiles (cr, game->definition, v, batch.tiles, batch.n_tiles);
  draw_status (cr, game, v, params, &L);
  draw_tools (cr, game, v, &L);
  draw_last_move (cr, game, v, params, &L);
  cairo_restore (cr);

  tw_render_targets (cr, self, game, state, params);
  draw_preview (cr, game, v, params, &L);
}

const TwRenderer tw_renderer_colorfield = {
  .rules_id = "colorfield",
  .layout = cf_layout,
  .draw = cf_draw,
  .move_region = cf_move_region,
  .move_source = cf_move_source,
};
