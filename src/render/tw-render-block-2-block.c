/* tw-render-block-2-block.c: Block 2 Block at the table
 *
 * The tiered board (rows from the definition's `board:` section, two to a
 * tier, drawn bottom row last like the pyramid on the table), each tier's
 * label with its bids and investments, then a side column: whose turn it is
 * with the die and the placements left (or the effect being resolved), and
 * one panel per seat: score, supply, captures, losses and holdings, and a
 * legend of the blocks in the game, each with what it does. One unit
 * is one tile. The geometry depends only on the board and the seat count,
 * never on the position, so regions stay put while a game goes on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tw-render.h"
#include "tw-renderer.h"
#include "tw-render-draw.h"
#include "games/block-2-block/bb-view.h"

#define MARGIN     0.5
#define GAP        0.5
#define HEAD       0.7      /* a panel's title line */
#define TIER_W     3.0      /* the tier label column */
#define TIER_H     2.0      /* two rows */
#define TIER_GAP   0.25
#define INSET      0.05     /* a tile inside its cell */
#define SIDE_W     6.2
#define INFO_H     2.2
#define SEAT_H     1.45
#define SEAT_H_HOLD 2.0     /* with a row of holdings */
#define HOLD_Y     1.38     /* the holdings' row in a seat's panel */
#define LEGEND_ROW 0.66     /* a block of the legend and what it does */
#define N_KINDS    BB_N_KINDS

/* What each kind of block does, for the legend (doc/rules/block-2-block.md). */
static const char * const kind_effects[N_KINDS] = {
  [BB_KIND_CLEAN] = N_("Locked, worth its tier number (1 to 4)."),
  [BB_KIND_GOLD] = N_("Locked, worth twice its tier number."),
  [BB_KIND_CRUMBLE] = N_("When revealed: a revealed tile of your choice leaves the game."),
  [BB_KIND_MOVE] = N_("When revealed: move a revealed tile to an open space."),
  [BB_KIND_SWAP] = N_("When revealed: two revealed tiles trade places."),
  [BB_KIND_REMOVE_MARKER] = N_("When revealed: one marker on an unlocked tile leaves the game."),
};

#define BIT(i) (G_GUINT64_CONSTANT (1) << (i))

typedef struct
{
  guint   n_rows, n_tiers, w;
  double  bx, by, bw, bh;                /* the board panel */
  double  tx;                            /* the tier label column */
  double  tier_y[BB_MAX_TIERS];
  double  row_x[BB_MAX_ROWS], row_y[BB_MAX_ROWS];
  double  sx, sw;                        /* the side column */
  double  iy;                            /* the turn panel */
  double  seat_y[BB_MAX_PLAYERS], seat_h;
  double  legend_y, legend_h;            /* the blocks' legend */
  guint   n_kinds;
  guint   kinds[N_KINDS];                /* the kinds in the definition, in kind order */
  double  width, height;
} BbGeo;

static void
bb_geometry (const TwGame *game,
             const BbView *v,
             BbGeo        *L)
{
  double y;

  L->n_rows = v->n_rows;
  L->n_tiers = v->n_tiers;
  L->w = 1;
  for (guint r = 0; r < v->n_rows; r++)
    L->w = MAX (L->w, v->row_width[r]);

  L->bx = MARGIN;
  L->by = MARGIN;
  L->tx = L->bx + 0.2;
  double px = L->tx + TIER_W + 0.45;
  for (guint k = 0; k < v->n_tiers; k++)
    {
      L->tier_y[k] = L->by + HEAD + (v->n_tiers - 1 - k) * (TIER_H + TIER_GAP);
      for (guint r = 2 * k; r < MIN (2 * k + 2, v->n_rows); r++)
        {
          L->row_y[r] = L->tier_y[k] + (r == 2 * k ? 1.0 : 0.0);
          L->row_x[r] = px + (L->w - v->row_width[r]) / 2.0;
        }
    }
  L->bw = px + L->w + 0.25 - L->bx;
  L->bh = HEAD + v->n_tiers * (TIER_H + TIER_GAP) + 0.1;

  L->sx = L->bx + L->bw + GAP;
  L->sw = SIDE_W;
  L->iy = MARGIN;
  L->seat_h = v->short_stack ? SEAT_H_HOLD : SEAT_H;
  y = L->iy + INFO_H + 0.3;
  for (guint q = 0; q < v->n_players; q++)
    {
      L->seat_y[q] = y;
      y += L->seat_h + 0.2;
    }
  L->n_kinds = 0;
  for (guint k = 0; k < N_KINDS; k++)
    for (guint d = 0; d < game->definition->n_tiles; d++)
      if (v->def_kind[d] == k)
        {
          L->kinds[L->n_kinds++] = k;
          break;
        }
  L->legend_y = y;
  L->legend_h = L->n_kinds ? HEAD + L->n_kinds * LEGEND_ROW + 0.1 : 0;
  if (L->n_kinds)
    y += L->legend_h + 0.2;
  L->width = L->sx + L->sw + MARGIN;
  L->height = MAX (L->by + L->bh, y - 0.2) + MARGIN;
}

static inline TwRect
slot_rect (const BbView *v,
           const BbGeo  *L,
           guint         slot)
{
  guint r = v->slot_row[slot];
  return (TwRect) { L->row_x[r] + v->slot_col[slot], L->row_y[r], 1, 1 };
}

/* The tier's bids box (@invest FALSE) or investments box. */
static inline TwRect
tier_box (const BbGeo *L,
          guint        tier,
          gboolean     invest)
{
  return (TwRect) { L->tx + (invest ? 1.54 : 0.08), L->tier_y[tier] + 0.45, 1.38, 1.45 };
}

/* A marker of @seat on a tile drawn at (x, y) with side @size. */
static inline void
marker_pos (guint   seat,
            double  x,
            double  y,
            double  size,
            double *cx,
            double *cy)
{
  *cx = x + size * (0.2 + 0.3 * (seat % 3));
  *cy = y + size * (seat < 3 ? 0.62 : 0.84);
}

static void
bb_layout (const TwGame         *game,
           const TwState        *state,
           const TwRenderParams *params,
           TwLayout             *layout)
{
  BbView view;
  const BbView *v = &view;
  static const char *tier_labels[BB_MAX_TIERS] = {
    N_("Tier 1"), N_("Tier 2"), N_("Tier 3"), N_("Tier 4"),
    N_("Tier 5"), N_("Tier 6"), N_("Tier 7"), N_("Tier 8"),
  };
  BbGeo L;

  bb_view_fill (game, state, &view);
  bb_geometry (game, v, &L);
  layout->width = L.width;
  layout->height = L.height;
  tw_layout_add_area (layout, TW_AREA_BOARD, -1, L.bx, L.by, L.bw, L.bh, _("Tiered board"));
  for (guint k = 0; k < L.n_tiers; k++)
    tw_layout_add_area (layout, TW_AREA_INFO, -1, L.tx, L.tier_y[k], TIER_W, TIER_H,
                        _(tier_labels[k]));
  tw_layout_add_area (layout, TW_AREA_INFO, -1, L.sx, L.iy, L.sw, INFO_H,
                      _("Turn, die and placements"));
  for (guint q = 0; q < v->n_players; q++)
    tw_layout_add_area (layout, TW_AREA_PRIVATE, q, L.sx, L.seat_y[q], L.sw, L.seat_h,
                        _("Supply, captures and holdings"));
  if (L.n_kinds)
    tw_layout_add_area (layout, TW_AREA_INFO, -1, L.sx, L.legend_y, L.sw, L.legend_h,
                        _("What the blocks do"));
}

static gboolean
bb_move_region (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  BbView view;
  const BbView *v = &view;
  BbGeo L;

  bb_view_fill (game, state, &view);
  bb_geometry (game, v, &L);
  switch (move->kind)
    {
    case BB_MOVE_MARK:
    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
    case BB_MOVE_CRUMBLE:
    case BB_MOVE_SHIFT:      /* the tile moved; the open spaces are its variants */
    case BB_MOVE_BULLDOZE:   /* the slot cleared and filled; the tiles moved are variants */
    case BB_MOVE_SWAP:
      if (move->a >= v->n_slots)
        return FALSE;
      *rect = slot_rect (v, &L, move->a);
      return TRUE;

    case BB_MOVE_UNMARK:
      {
        double cx, cy;
        TwRect r;
        if (move->a >= v->n_slots || move->b >= BB_MAX_PLAYERS)
          return FALSE;
        r = slot_rect (v, &L, move->a);
        marker_pos (move->b, r.x + INSET, r.y + INSET, 1 - 2 * INSET, &cx, &cy);
        *rect = (TwRect) { cx - 0.13, cy - 0.095, 0.26, 0.19 };
        return TRUE;
      }

    case BB_MOVE_BID:
    case BB_MOVE_INVEST:
      if (move->a >= v->n_tiers)
        return FALSE;
      *rect = tier_box (&L, move->a, move->kind == BB_MOVE_INVEST);
      return TRUE;

    case BB_MOVE_MOVE_BID:   /* where the bid lands, beside a new bid there */
      if (move->b >= v->n_tiers)
        return FALSE;
      *rect = tier_box (&L, move->b, FALSE);
      return TRUE;

    default:
      return FALSE;
    }
}

/* Short Stack: putting a held tile into play (hold, replace) takes the first
 * held tile of that kind, where draw_seats() shows the mover's holdings. */
static gboolean
bb_move_source (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  BbView view;
  const BbView *v = &view;
  guint q;
  BbGeo L;
  double hx;

  if (move->kind != BB_MOVE_HOLD && move->kind != BB_MOVE_REPLACE)
    return FALSE;
  bb_view_fill (game, state, &view);
  q = v->current;
  if (q >= v->n_players)
    return FALSE;
  bb_geometry (game, v, &L);
  hx = L.sx + 0.75;
  for (guint t = 0; t < v->n_inst; t++)
    if (v->tile_loc[t] == BB_LOC_HOLDING && v->tile_holder[t] == q)
      {
        if (v->inst_def[t] == move->b)
          {
            *rect = (TwRect) { hx, L.seat_y[q] + HOLD_Y, 0.5, 0.5 };
            return TRUE;
          }
        hx += 0.58;
      }
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Arrows and symbols                                                       */

/* An arrow's shaft (@head FALSE) or its head(s) as a path. */
static void
arrow_path (cairo_t *cr,
            double   x0,
            double   y0,
            double   x1,
            double   y1,
            double   w,
            gboolean both,
            gboolean head)
{
  double a = atan2 (y1 - y0, x1 - x0), h = w * 3.2;

  if (!head)
    {
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      return;
    }
  for (int end = 0; end < (both ? 2 : 1); end++)
    {
      double ex = end ? x0 : x1, ey = end ? y0 : y1, aa = end ? a + G_PI : a;
      cairo_move_to (cr, ex + w * 0.6 * cos (aa), ey + w * 0.6 * sin (aa));
      cairo_line_to (cr, ex - h * cos (aa - 0.45), ey - h * sin (aa - 0.45));
      cairo_line_to (cr, ex - h * cos (aa + 0.45), ey - h * sin (aa + 0.45));
      cairo_close_path (cr);
    }
}

/* An arrow in the current source. */
static void
arrow (cairo_t *cr,
       double   x0,
       double   y0,
       double   x1,
       double   y1,
       double   w,
       gboolean both)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  arrow_path (cr, x0, y0, x1, y1, w, both, FALSE);
  cairo_set_line_width (cr, w);
  cairo_stroke (cr);
  arrow_path (cr, x0, y0, x1, y1, w, both, TRUE);
  cairo_fill (cr);
}

/* The symbol of a kind, centred on (cx, cy) within radius r, as a path: the
 * part to stroke (lines r * 0.16 wide) or the part to fill, so that many
 * symbols of one colour are drawn with one stroke and one fill. */
static void
symbol_path (cairo_t *cr,
             guint    kind,
             double   cx,
             double   cy,
             double   r,
             gboolean stroke_part)
{
  switch (kind)
    {
    case BB_KIND_CLEAN:
      /* a plain block */
      if (stroke_part)
        tw_render_rounded_rect (cr, cx - r * 0.6, cy - r * 0.6, r * 1.2, r * 1.2, r * 0.15);
      break;

    case BB_KIND_GOLD:
      if (!stroke_part)
        tw_draw_star_path (cr, cx, cy, r * 0.95);
      break;

    case BB_KIND_CRUMBLE:
      /* a cracked block: a jagged crack through a square */
      if (!stroke_part)
        break;
      tw_render_rounded_rect (cr, cx - r * 0.75, cy - r * 0.75, r * 1.5, r * 1.5, r * 0.12);
      cairo_move_to (cr, cx - r * 0.1, cy - r * 0.75);
      cairo_line_to (cr, cx + r * 0.2, cy - r * 0.3);
      cairo_line_to (cr, cx - r * 0.2, cy + r * 0.05);
      cairo_line_to (cr, cx + r * 0.15, cy + r * 0.4);
      cairo_line_to (cr, cx - r * 0.05, cy + r * 0.75);
      cairo_move_to (cr, cx - r * 0.2, cy + r * 0.05);
      cairo_line_to (cr, cx - r * 0.75, cy + r * 0.2);
      break;

    case BB_KIND_MOVE:
      /* four arrows out of the centre */
      for (int d = 0; d < 4; d++)
        {
          double a = d * G_PI / 2;
          arrow_path (cr, cx, cy, cx + r * 0.7 * cos (a), cy + r * 0.7 * sin (a), r * 0.16,
                      FALSE, !stroke_part);
        }
      break;

    case BB_KIND_SWAP:
      /* two opposed arrows */
      arrow_path (cr, cx - r * 0.85, cy - r * 0.3, cx + r * 0.5, cy - r * 0.3, r * 0.16, FALSE,
                  !stroke_part);
      arrow_path (cr, cx + r * 0.85, cy + r * 0.35, cx - r * 0.5, cy + r * 0.35, r * 0.16,
                  FALSE, !stroke_part);
      break;

    case BB_KIND_REMOVE_MARKER:
      /* a marker crossed out */
      if (!stroke_part)
        break;
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r * 0.55, 0, 2 * G_PI);
      cairo_move_to (cr, cx - r * 0.85, cy - r * 0.85);
      cairo_line_to (cr, cx + r * 0.85, cy + r * 0.85);
      cairo_move_to (cr, cx + r * 0.85, cy - r * 0.85);
      cairo_line_to (cr, cx - r * 0.85, cy + r * 0.85);
      break;

    default:
      break;
    }
}

/* Tiles to draw together: a board of tiles is a handful of cairo operations
 * (one fill per background colour, one stroke per outline kind, one per
 * symbol colour, one per seat's markers) instead of a dozen per tile. */
typedef struct
{
  double  x, y, size;
  guint8  kind;
  guint8  up;
  guint8  value;               /* printed in the corner when > 0 */
  guint8  locker;              /* seat, or BB_NONE */
  gint8   ring;                /* seat whose marker gets a this-turn ring, or -1 */
  guint8  mk[BB_MAX_PLAYERS];
} BatchTile;

typedef struct
{
  guint     n;
  BatchTile t[BB_MAX_SLOTS + BB_MAX_TILES];
} TileBatch;

static BatchTile *
batch_add (TileBatch *b,
           guint      kind,
           gboolean   up,
           guint      value,
           guint      locker,
           double     x,
           double     y,
           double     size)
{
  BatchTile *t;

  g_assert (b->n < G_N_ELEMENTS (b->t));
  t = &b->t[b->n++];
  *t = (BatchTile) { .x = x, .y = y, .size = size, .kind = kind, .up = up, .value = value,
                     .locker = locker, .ring = -1 };
  return t;
}

static inline gboolean
is_black (guint kind)
{
  return kind >= BB_KIND_CRUMBLE;
}

static void
batch_flush (cairo_t      *cr,
             const TwGame *game,
             TileBatch    *b)
{
  static const double bg[3][3] = {
    { 0.42, 0.47, 0.56 },   /* face down */
    { 0.17, 0.17, 0.19 },   /* a black block */
    { 0.95, 0.92, 0.84 },   /* a clean block */
  };
  static const double sym[3][3] = {
    { 0.96, 0.96, 0.96 },   /* on black */
    { 0.86, 0.62, 0.08 },   /* gold */
    { 0.45, 0.42, 0.36 },   /* clean */
  };
  gboolean any;

  if (b->n == 0)
    return;
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* backgrounds, then every outline at once */
  for (guint c = 0; c < 3; c++)
    {
      any = FALSE;
      for (guint i = 0; i < b->n; i++)
        {
          const BatchTile *t = &b->t[i];
          guint cls = !t->up ? 0 : is_black (t->kind) ? 1 : 2;
          if (cls == c)
            {
              tw_render_rounded_rect (cr, t->x, t->y, t->size, t->size, t->size * 0.1);
              any = TRUE;
            }
        }
      if (any)
        {
          cairo_set_source_rgb (cr, bg[c][0], bg[c][1], bg[c][2]);
          cairo_fill (cr);
        }
    }
  for (guint i = 0; i < b->n; i++)
    tw_draw_ring_path (cr, b->t[i].x, b->t[i].y, b->t[i].size, b->t[i].size, b->t[i].size * 0.1,
               b->t[i].size * 0.025);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  tw_draw_fill_rings (cr);

  /* backs: a diamond */
  any = FALSE;
  for (guint i = 0; i < b->n; i++)
    {
      const BatchTile *t = &b->t[i];
      double x = t->x, y = t->y, size = t->size;
      if (t->up)
        continue;
      cairo_move_to (cr, x + size * 0.5, y + size * 0.14);
      cairo_line_to (cr, x + size * 0.8, y + size * 0.38);
      cairo_line_to (cr, x + size * 0.5, y + size * 0.62);
      cairo_line_to (cr, x + size * 0.2, y + size * 0.38);
      cairo_close_path (cr);
      any = TRUE;
    }
  if (any)
    {
      cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.45);
      cairo_set_line_width (cr, b->t[0].size * 0.03);
      cairo_stroke (cr);
    }

  /* gold borders */
  any = FALSE;
  for (guint i = 0; i < b->n; i++)
    {
      const BatchTile *t = &b->t[i];
      if (!t->up || t->kind != BB_KIND_GOLD)
        continue;
      tw_draw_ring_path (cr, t->x + t->size * 0.03, t->y + t->size * 0.03, t->size * 0.94,
                 t->size * 0.94, t->size * 0.08, t->size * 0.08);
      any = TRUE;
    }
  if (any)
    {
      cairo_set_source_rgb (cr, 0.86, 0.64, 0.12);
      tw_draw_fill_rings (cr);
    }

  /* locks: a border and a padlock in the locker's colour */
  for (guint q = 0; q < game->n_players; q++)
    {
      any = FALSE;
      for (guint i = 0; i < b->n; i++)
        {
          const BatchTile *t = &b->t[i];
          double s = t->size;
          if (!t->up || t->locker != q)
            continue;
          tw_draw_ring_path (cr, t->x, t->y, s, s, s * 0.1, s * 0.08);
          any = TRUE;
        }
      if (!any)
        continue;
      tw_draw_seat_color (cr, game, q);
      tw_draw_fill_rings (cr);
      for (guint i = 0; i < b->n; i++)
        {
          const BatchTile *t = &b->t[i];
          double s = t->size;
          if (!t->up || t->locker != q)
            continue;
          /* a padlock: the shackle as a half ring, the body */
          cairo_new_sub_path (cr);
          cairo_arc (cr, t->x + s * 0.2, t->y + s * 0.2, s * 0.075, G_PI, 2 * G_PI);
          cairo_arc_negative (cr, t->x + s * 0.2, t->y + s * 0.2, s * 0.045, 2 * G_PI, G_PI);
          cairo_close_path (cr);
          tw_render_rounded_rect (cr, t->x + s * 0.1, t->y + s * 0.19, s * 0.2, s * 0.14,
                                  s * 0.02);
        }
      cairo_fill (cr);
    }

  /* symbols, one colour at a time */
  for (guint c = 0; c < 3; c++)
    for (int part = 0; part < 2; part++)
      {
        any = FALSE;
        for (guint i = 0; i < b->n; i++)
          {
            const BatchTile *t = &b->t[i];
            guint cls = is_black (t->kind) ? 0 : t->kind == BB_KIND_GOLD ? 1 : 2;
            if (!t->up || cls != c)
              continue;
            symbol_path (cr, t->kind, t->x + t->size * 0.5, t->y + t->size * 0.3, t->size * 0.2,
                         part == 0);
            any = TRUE;
          }
        if (!any)
          continue;
        cairo_set_source_rgb (cr, sym[c][0], sym[c][1], sym[c][2]);
        if (part == 0)
          {
            cairo_set_line_width (cr, b->t[0].size * 0.2 * 0.16);
            cairo_stroke (cr);
          }
        else
          cairo_fill (cr);
      }

  /* values */
  for (guint i = 0; i < b->n; i++)
    {
      const BatchTile *t = &b->t[i];
      char num[8];
      if (!t->up || t->value == 0)
        continue;
      g_snprintf (num, sizeof num, "%u", t->value);
      /* a black block is worth 1 too: light digits on it */
      if (is_black (t->kind))
        cairo_set_source_rgb (cr, 0.9, 0.88, 0.82);
      else
        cairo_set_source_rgb (cr, 0.3, 0.25, 0.15);
      tw_render_text (cr, t->x + t->size * 0.62, t->y + t->size * 0.07, t->size * 0.3,
                      t->size * 0.22, TRUE, TW_TEXT_RIGHT, FALSE, num);
    }

  /* markers: a disc per marker, a stack of two for two (the lower disc
   * first, then the top ones); each disc is a dark one under a coloured one */
  for (int layer = 0; layer < 2; layer++)
    for (int q = -1; q < (int) game->n_players; q++)
      {
        any = FALSE;
        for (guint i = 0; i < b->n; i++)
          for (guint m = (q < 0 ? 0 : q); m < (q < 0 ? game->n_players : (guint) q + 1); m++)
            {
              const BatchTile *t = &b->t[i];
              double cx, cy, r = t->size * 0.1, off = layer == 0 ? 1 : -1;
              if (t->mk[m] == 0 || (layer == 0 && t->mk[m] < 2))
                continue;
              marker_pos (m, t->x, t->y, t->size, &cx, &cy);
              if (t->mk[m] >= 2)
                {
                  cx += off * r * 0.25;
                  cy += off * r * 0.3;
                }
              tw_draw_circle (cr, cx, cy, q < 0 ? r : r * 0.82);
              any = TRUE;
            }
        if (!any)
          continue;
        if (q < 0)
          cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
        else
          tw_draw_seat_color (cr, game, q);
        cairo_fill (cr);
      }

  /* markers placed this turn: a ring */
  any = FALSE;
  for (guint i = 0; i < b->n; i++)
    {
      const BatchTile *t = &b->t[i];
      double cx, cy;
      if (t->ring < 0 || t->mk[t->ring] == 0)
        continue;
      marker_pos (t->ring, t->x, t->y, t->size, &cx, &cy);
      tw_draw_circle (cr, cx, cy, t->size * 0.16);
      cairo_arc_negative (cr, cx, cy, t->size * 0.125, 2 * G_PI, 0);
      any = TRUE;
    }
  if (any)
    {
      cairo_set_source_rgb (cr, 1, 0.85, 0.2);
      cairo_fill (cr);
    }

  cairo_restore (cr);
  b->n = 0;
}

/* One tile of @kind without markers. */
static void
tile_face (cairo_t      *cr,
           const TwGame *game,
           guint         kind,
           gboolean      face_up,
           double        x,
           double        y,
           double        size)
{
  TileBatch *b = g_new (TileBatch, 1);

  b->n = 0;
  batch_add (b, kind, face_up, 0, BB_NONE, x, y, size);
  batch_flush (cr, game, b);
  g_free (b);
}

/* Adds tile instance @t, with its markers, in the cell of @slot. */
static void
add_tile (TileBatch     *b,
          const TwGame  *game,
          const BbView  *v,
          const BbGeo   *L,
          guint          t,
          guint          slot)
{
  TwRect c = slot_rect (v, L, slot);
  gboolean up = (v->revealed & BIT (t)) != 0;
  BatchTile *bt;

  bt = batch_add (b, v->inst_kind[t], up, up ? bb_view_value_at (game, v, t, slot) : 0,
                  v->tile_locker[t], c.x + INSET, c.y + INSET, 1 - 2 * INSET);
  memcpy (bt->mk, v->mk[t], sizeof bt->mk);
  if ((v->marked_turn & BIT (t)) && v->phase != BB_PHASE_DONE)
    bt->ring = v->current;
}

/* Every open space at once: one fill and one dashed stroke for the board
 * (the dash pattern restarts on each space's outline, as it did when each
 * was stroked alone; spaces are INSET apart, so no pixel is shared). */
static void
draw_spaces (cairo_t       *cr,
             const BbGeo   *L,
             const BbView  *v)
{
  static const double dash[] = { 0.08, 0.06 };
  gboolean any = FALSE;

  for (guint slot = 0; slot < v->n_slots; slot++)
    if (v->slot_tile[slot] == BB_NONE)
      {
        TwRect c = slot_rect (v, L, slot);

        tw_render_rounded_rect (cr, c.x + INSET, c.y + INSET, 1 - 2 * INSET, 1 - 2 * INSET, 0.09);
        any = TRUE;
      }
  if (!any)
    return;
  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  cairo_fill_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 0.025);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* A bids or investments box: one counted disc per seat with any there.
 * @mark is the seat whose entry is outlined (a preview), or -1. */
static void
draw_count_box (cairo_t      *cr,
                const TwGame *game,
                TwRect        b,
                const char   *label,
                const guint8 *counts,
                guint         n_players,
                int           mark)
{
  guint i = 0;

  tw_render_rounded_rect (cr, b.x, b.y, b.width, b.height, 0.12);
  cairo_set_source_rgb (cr, 0.78, 0.77, 0.75);
  cairo_fill (cr);
  tw_render_rounded_rect (cr, b.x + 0.025, b.y + 0.025, b.width - 0.05, b.height - 0.05, 0.1);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);
  tw_render_muted (cr);
  tw_render_text (cr, b.x + 0.1, b.y + 0.06, b.width - 0.2, 0.24, FALSE, TW_TEXT_LEFT, FALSE,
                  label);
  for (guint q = 0; q < n_players; q++)
    {
      double cx, cy;
      if (counts[q] == 0)
        continue;
      cx = b.x + 0.25 + (i % 3) * 0.44;
      cy = b.y + 0.56 + (i / 3) * 0.46;
      tw_draw_count_disc (cr, game, q, cx, cy, 0.19, counts[q]);
      if ((int) q == mark)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, cx, cy, 0.24, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
          cairo_set_line_width (cr, 0.05);
          cairo_stroke (cr);
        }
      i++;
    }
}

/* ------------------------------------------------------------------------ */

static void
draw_board (cairo_t              *cr,
            const TwGame         *game,
            const BbView         *v,
            const BbGeo          *L)
{
  g_autofree char *head = NULL;
  g_autofree TileBatch *batch = NULL;

  tw_draw_panel_filled (cr, L->bx, L->by, L->bw, L->bh, FALSE);
  if (v->open_rows >= L->n_rows)
    head = g_strdup (_("Board · every row open"));
  else
    /* Translators: the board's title: rows 1 to N are open */
    head = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Board · row %u open",
                                         "Board · rows 1–%u open", v->open_rows), v->open_rows);
  tw_render_ink (cr);
  tw_render_text (cr, L->bx + 0.2, L->by + 0.17, L->bw - 0.4, 0.34, TRUE, TW_TEXT_LEFT, FALSE,
                  head);

  for (guint k = 0; k < L->n_tiers; k++)
    {
      g_autofree char *title = NULL;
      guint8 inv[BB_MAX_PLAYERS], bids[BB_MAX_PLAYERS];
      double band_x = L->tx - 0.1, band_w = L->bx + L->bw - 0.1 - band_x;

      /* the tier's band behind its label and its rows */
      tw_render_rounded_rect (cr, band_x, L->tier_y[k] - 0.05, band_w, TIER_H + 0.1, 0.2);
      cairo_set_source_rgba (cr, 0.55, 0.45, 0.3, k % 2 ? 0.13 : 0.07);
      cairo_fill (cr);

      /* Translators: a tier's label: its number and the points of its bonus */
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Tier %u · %u pt",
                                            "Tier %u · %u pts", v->tier_value * (k + 1)), k + 1, v->tier_value * (k + 1));
      tw_render_ink (cr);
      tw_render_text (cr, L->tx + 0.08, L->tier_y[k] + 0.08, TIER_W - 0.1, 0.26, TRUE,
                      TW_TEXT_LEFT, FALSE, title);
      for (guint q = 0; q < v->n_players; q++)
        {
          bids[q] = v->bids[k][q];
          inv[q] = v->inv[k][q];
        }
      draw_count_box (cr, game, tier_box (L, k, FALSE), _("Bids"), bids, v->n_players, -1);
      draw_count_box (cr, game, tier_box (L, k, TRUE), _("Invested"), inv, v->n_players, -1);
    }

  /* row numbers, open rows in ink */
  for (guint r = 0; r < L->n_rows; r++)
    {
      char num[8];
      g_snprintf (num, sizeof num, "%u", r + 1);
      if (r < v->open_rows)
        tw_render_ink (cr);
      else
        cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
      tw_render_text (cr, L->row_x[r] - 0.42, L->row_y[r] + 0.32, 0.34, 0.3, r < v->open_rows,
                      TW_TEXT_RIGHT, FALSE, num);
    }

  /* the tiles and the open spaces */
  batch = g_new (TileBatch, 1);
  batch->n = 0;
  draw_spaces (cr, L, v);
  for (guint slot = 0; slot < v->n_slots; slot++)
    if (v->slot_tile[slot] != BB_NONE)
      add_tile (batch, game, v, L, v->slot_tile[slot], slot);
  batch_flush (cr, game, batch);

  /* closed rows: veiled */
  for (guint r = v->open_rows; r < L->n_rows; r++)
    {
      tw_render_rounded_rect (cr, L->row_x[r], L->row_y[r], v->row_width[r], 1, 0.1);
      cairo_set_source_rgba (cr, 0.86, 0.84, 0.80, 0.45);
      cairo_fill (cr);
    }

  /* the block whose effect is being resolved */
  if (v->phase == BB_PHASE_EFFECT && v->pending != BB_NONE && v->tile_loc[v->pending] == BB_LOC_BOARD)
    {
      TwRect c = slot_rect (v, L, v->tile_slot[v->pending]);
      tw_render_rounded_rect (cr, c.x, c.y, c.width, c.height, 0.12);
      cairo_set_source_rgb (cr, 0.95, 0.45, 0.1);
      cairo_set_line_width (cr, 0.07);
      cairo_stroke (cr);
    }
}

static const char *
kind_display_name (const TwGame *game,
                   const BbView *v,
                   guint         kind)
{
  const TwDefinition *def = game->definition;

  for (guint d = 0; d < def->n_tiles; d++)
    if (v->def_kind[d] == kind)
      return def->tiles[d].name ? def->tiles[d].name : def->tiles[d].id;
  return bb_kind_names[kind];
}

static void
draw_info (cairo_t              *cr,
           const TwGame         *game,
           const BbView         *v,
           const TwRenderParams *params,
           const BbGeo          *L)
{
  double x = L->sx, y = L->iy;
  guint removed = 0;

  tw_draw_panel_filled (cr, x, y, L->sw, INFO_H, FALSE);
  for (guint t = 0; t < v->n_inst; t++)
    removed += v->tile_loc[t] == BB_LOC_REMOVED;

  if (v->phase == BB_PHASE_DONE)
    {
      int best = G_MININT;
      g_autoptr(GString) names = g_string_new (NULL);
      g_autofree char *line = NULL;
      for (guint q = 0; q < v->n_players; q++)
        best = MAX (best, bb_view_score (game, v, q));
      for (guint q = 0; q < v->n_players; q++)
        if (bb_view_score (game, v, q) == best)
          {
            g_autofree char *name = tw_render_seat_name (params, q);
            if (names->len)
              g_string_append (names, ", ");
            g_string_append (names, name);
          }
      tw_render_ink (cr);
      tw_render_text (cr, x + 0.2, y + 0.17, L->sw - 0.4, 0.36, TRUE, TW_TEXT_LEFT, FALSE,
                      _("Game over"));
      /* Translators: the winner(s) of the game and their score */
      line = g_strdup_printf (_("Won by %s with %d"), names->str, best);
      tw_render_text (cr, x + 0.2, y + 0.75, L->sw - 0.4, 0.26, FALSE, TW_TEXT_LEFT, FALSE, line);
      if (v->ended_by_safety)
        {
          tw_render_muted (cr);
          tw_render_text (cr, x + 0.2, y + 1.2, L->sw - 0.4, 0.26, FALSE, TW_TEXT_LEFT, FALSE,
                          _("Ended by a safety rule: nobody could place"));
        }
      return;
    }

  {
    g_autofree char *name = tw_render_seat_name (params, v->current);
    /* Translators: the seat to act */
    g_autofree char *title = g_strdup_printf (_("%s to play"), name);
    tw_draw_disc (cr, game, v->current, x + 0.38, y + 0.37, 0.17);
    tw_render_ink (cr);
    tw_render_text (cr, x + 0.65, y + 0.17, L->sw - 0.85, 0.34, TRUE, TW_TEXT_LEFT, FALSE, title);
  }

  if (v->phase == BB_PHASE_EFFECT && v->pending != BB_NONE)
    {
      guint kind = v->inst_kind[v->pending];
      g_autofree char *what = NULL;
      tile_face (cr, game, kind, TRUE, x + 0.25, y + 0.75, 0.9);
      /* Translators: the effect of the block just revealed must be resolved */
      what = g_strdup_printf (_("Resolve the %s"), kind_display_name (game, v, kind));
      double h;
      tw_render_ink (cr);
      h = tw_render_text (cr, x + 1.35, y + 0.74, L->sw - 1.55, 0.27, TRUE, TW_TEXT_LEFT, FALSE,
                          what);
      tw_render_muted (cr);
      tw_render_text (cr, x + 1.35, y + 0.8 + h, L->sw - 1.55, 0.26, FALSE, TW_TEXT_LEFT, FALSE,
                      kind == BB_KIND_CRUMBLE ? _("Choose a revealed tile to remove")
                      : kind == BB_KIND_MOVE ? _("Choose a revealed tile, then R for where it goes")
                      : kind == BB_KIND_SWAP ? _("Choose a tile, then R for its partner")
                      : _("Choose a marker to remove"));
      return;
    }

  {
    guint left = v->roll > v->used ? v->roll - v->used : 0;
    g_autofree char *line = NULL;
    g_autofree char *line2 = NULL;
    tw_draw_die (cr, x + 0.25, y + 0.72, 0.95, v->roll);
    line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Rolled %u · %u placement left",
                                         "Rolled %u · %u placements left", left),
                            v->roll, left);
    tw_render_ink (cr);
    tw_render_text (cr, x + 1.4, y + 0.74, L->sw - 1.6, 0.26, TRUE, TW_TEXT_LEFT, FALSE, line);
    /* Translators: the once-a-turn bid action, the tiles removed so far and the turn number */
    line2 = g_strdup_printf (_("Bid action %s · %u removed · turn %u"),
                             v->bid_done ? _("taken") : _("open"), removed, v->turn_no);
    tw_render_muted (cr);
    tw_render_text (cr, x + 1.4, y + 1.15, L->sw - 1.6, 0.26, FALSE, TW_TEXT_LEFT, FALSE, line2);
  }
}

static void
draw_seats (cairo_t              *cr,
            const TwGame         *game,
            const BbView         *v,
            const TwRenderParams *params,
            const BbGeo          *L)
{
  int to_act = v->phase == BB_PHASE_DONE ? -1 : v->current;

  for (guint q = 0; q < v->n_players; q++)
    {
      double x = L->sx, y = L->seat_y[q];
      int score = bb_view_score (game, v, q);
      g_autofree char *name = tw_render_seat_name (params, q);
      g_autofree char *head = NULL;
      g_autofree char *line = NULL;

      tw_draw_panel_filled (cr, x, y, L->sw, L->seat_h, (int) q == to_act);
      tw_draw_disc (cr, game, q, x + 0.38, y + 0.36, 0.17);
      /* Translators: a seat's panel title: name and points */
      head = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %d point", "%s · %d points",
                                           ABS (score)), name, score);
      tw_render_ink (cr);
      tw_render_text (cr, x + 0.65, y + 0.18, L->sw - 0.85, 0.3, TRUE, TW_TEXT_LEFT, FALSE, head);

      tw_draw_count_disc (cr, game, q, x + 0.42, y + 0.88, 0.22, v->supply[q]);
      /* Translators: a seat's markers: in supply, points for captures, own markers lost */
      line = g_strdup_printf (_("in supply · captures +%u · lost %u · removed %u"),
                              v->capture_points[q], v->lost[q], v->removed[q]);
      tw_render_muted (cr);
      tw_render_text (cr, x + 0.75, y + 0.74, L->sw - 0.9, 0.25, FALSE, TW_TEXT_LEFT, FALSE, line);

      if (v->short_stack)
        {
          double hx = x + 0.75;
          /* holdings: face up to their owner only */
          for (guint t = 0; t < v->n_inst; t++)
            if (v->tile_loc[t] == BB_LOC_HOLDING && v->tile_holder[t] == q)
              {
                tile_face (cr, game, v->inst_kind[t], params->viewer == (int) q, hx, y + HOLD_Y,
                           0.5);
                hx += 0.58;
              }
          tw_render_muted (cr);
          tw_render_text (cr, x + 0.2, y + HOLD_Y + 0.12, 0.6, 0.24, FALSE, TW_TEXT_LEFT, FALSE,
                          v->n_holdings[q] ? _("Held") : _("None held"));
        }
    }
}

/* The legend: each kind of block in the game, face up, its name and what it
 * does. */
static void
draw_legend (cairo_t      *cr,
             const TwGame *game,
             const BbView *v,
             const BbGeo  *L)
{
  double x = L->sx, y = L->legend_y;

  if (L->n_kinds == 0)
    return;
  tw_draw_panel_filled (cr, x, y, L->sw, L->legend_h, FALSE);
  tw_render_ink (cr);
  tw_render_text (cr, x + 0.2, y + 0.18, L->sw - 0.4, 0.3, TRUE, TW_TEXT_LEFT, FALSE,
                  _("What the blocks do"));
  for (guint i = 0; i < L->n_kinds; i++)
    {
      guint kind = L->kinds[i];
      double ry = y + HEAD + i * LEGEND_ROW;
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b> %s",
                                                         kind_display_name (game, v, kind),
                                                         _(kind_effects[kind]));

      tile_face (cr, game, kind, TRUE, x + 0.2, ry + 0.03, 0.52);
      tw_render_ink (cr);
      tw_render_text (cr, x + 0.9, ry + 0.02, L->sw - 1.05, 0.22, FALSE, TW_TEXT_LEFT, TRUE,
                      markup);
    }
}

/* The slots a move touches, for marking it. */
static guint
move_slots (const TwMove *m,
            guint        *slots)
{
  switch (m->kind)
    {
    case BB_MOVE_MARK:
    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
    case BB_MOVE_CRUMBLE:
    case BB_MOVE_UNMARK:
      slots[0] = m->a;
      return 1;
    case BB_MOVE_SHIFT:
    case BB_MOVE_BULLDOZE:
    case BB_MOVE_SWAP:
      slots[0] = m->a;
      slots[1] = m->b;
      return 2;
    default:
      return 0;
    }
}

static void
draw_last_move (cairo_t              *cr,
                const TwGame         *game,
                const BbView         *v,
                const TwRenderParams *params,
                const BbGeo          *L)
{
  const TwMove *m = params->last_move;
  guint slots[2], n;

  if (m == NULL)
    return;
  cairo_set_source_rgb (cr, 1, 0.8, 0.1);
  cairo_set_line_width (cr, 0.07);
  n = move_slots (m, slots);
  for (guint i = 0; i < n; i++)
    if (slots[i] < v->n_slots)
      {
        TwRect c = slot_rect (v, L, slots[i]);
        tw_render_rounded_rect (cr, c.x + 0.01, c.y + 0.01, c.width - 0.02, c.height - 0.02, 0.12);
        cairo_stroke (cr);
      }
  if (m->kind == BB_MOVE_BID || m->kind == BB_MOVE_INVEST || m->kind == BB_MOVE_MOVE_BID)
    {
      guint k = m->kind == BB_MOVE_MOVE_BID ? m->b : m->a;
      if (k < L->n_tiers)
        {
          TwRect b = tier_box (L, k, m->kind == BB_MOVE_INVEST);
          tw_render_rounded_rect (cr, b.x, b.y, b.width, b.height, 0.12);
          cairo_stroke (cr);
        }
    }
}

/* A translucent copy of what sits in @from drawn in the cell of @to. */
static void
ghost_tile (cairo_t       *cr,
            const TwGame  *game,
            const BbView  *v,
            const BbGeo   *L,
            guint          from,
            guint          to,
            double         alpha)
{
  guint t = v->slot_tile[from];

  if (t == BB_NONE)
    return;
  TileBatch *b = g_new (TileBatch, 1);
  b->n = 0;
  add_tile (b, game, v, L, t, to);
  cairo_push_group (cr);
  batch_flush (cr, game, b);
  cairo_pop_group_to_source (cr);
  g_free (b);
  cairo_paint_with_alpha (cr, alpha);
}

static void
cross (cairo_t *cr,
       double   cx,
       double   cy,
       double   r)
{
  cairo_move_to (cr, cx - r, cy - r);
  cairo_line_to (cr, cx + r, cy + r);
  cairo_move_to (cr, cx + r, cy - r);
  cairo_line_to (cr, cx - r, cy + r);
  cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.9);
  cairo_set_line_width (cr, r * 0.28);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);
}

static void
draw_preview (cairo_t              *cr,
              const TwGame         *game,
              const BbView         *v,
              const TwRenderParams *params,
              const BbGeo          *L)
{
  const TwMove *m = params->preview;
  guint seat = v->current;
  TwRect r, ra, rb;

  if (m == NULL || seat >= v->n_players || !bb_move_region (game, v->state, m, params, &r))
    return;
  if (m->a < v->n_slots)
    ra = slot_rect (v, L, m->a);
  if (m->b < v->n_slots)
    rb = slot_rect (v, L, m->b);

  switch (m->kind)
    {
    case BB_MOVE_MARK:
      {
        double cx, cy;
        marker_pos (seat, ra.x + INSET, ra.y + INSET, 1 - 2 * INSET, &cx, &cy);
        cairo_push_group (cr);
        tw_draw_disc (cr, game, seat, cx, cy, 0.09);
        cairo_pop_group_to_source (cr);
        cairo_paint_with_alpha (cr, 0.8);
      }
      break;

    case BB_MOVE_BID:
    case BB_MOVE_INVEST:
    case BB_MOVE_MOVE_BID:
      {
        guint8 bids[BB_MAX_PLAYERS], inv[BB_MAX_PLAYERS];
        guint k = m->a;
        /* the changed boxes drawn as they would be */
        memcpy (bids, v->bids[k], sizeof bids);
        memcpy (inv, v->inv[k], sizeof inv);
        if (m->kind == BB_MOVE_BID)
          bids[seat]++;
        else if (m->kind == BB_MOVE_INVEST)
          {
            bids[seat]--;
            inv[seat]++;
            draw_count_box (cr, game, tier_box (L, k, TRUE), _("Invested"), inv, v->n_players,
                            seat);
          }
        else
          {
            guint8 to[BB_MAX_PLAYERS];
            for (guint q = 0; q < v->n_players; q++)
              to[q] = v->bids[m->b][q];
            bids[seat]--;
            to[seat]++;
            draw_count_box (cr, game, tier_box (L, m->b, FALSE), _("Bids"), to, v->n_players,
                            seat);
            cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
            TwRect f = tier_box (L, k, FALSE);
            arrow (cr, f.x + f.width / 2, f.y + (k > m->b ? f.height : 0),
                   r.x + r.width / 2, r.y + (k > m->b ? 0 : r.height), 0.06, FALSE);
          }
        draw_count_box (cr, game, tier_box (L, k, FALSE), _("Bids"), bids, v->n_players,
                        m->kind == BB_MOVE_BID ? (int) seat : -1);
      }
      break;

    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
      if (m->b < game->definition->n_tiles)
        {
          cairo_push_group (cr);
          guint kind = v->def_kind[m->b];
          /* face down as it goes in, but its holder sees what it is */
          tile_face (cr, game, kind, v->holdings_face_up,
                     ra.x + INSET, ra.y + INSET, 1 - 2 * INSET);
          tile_face (cr, game, kind, TRUE, ra.x + 0.3, ra.y + 0.5, 0.4);
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, 0.85);
        }
      break;

    case BB_MOVE_CRUMBLE:
      cross (cr, ra.x + 0.5, ra.y + 0.5, 0.35);
      break;

    case BB_MOVE_SHIFT:
      ghost_tile (cr, game, v, L, m->a, m->b, 0.7);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
      arrow (cr, ra.x + 0.5, ra.y + 0.5, rb.x + 0.5, rb.y + 0.5, 0.07, FALSE);
      break;

    case BB_MOVE_BULLDOZE:
      cross (cr, ra.x + 0.5, ra.y + 0.5, 0.35);
      ghost_tile (cr, game, v, L, m->b, m->a, 0.55);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
      arrow (cr, rb.x + 0.5, rb.y + 0.5, ra.x + 0.5, ra.y + 0.5, 0.07, FALSE);
      break;

    case BB_MOVE_SWAP:
      ghost_tile (cr, game, v, L, m->a, m->b, 0.6);
      ghost_tile (cr, game, v, L, m->b, m->a, 0.6);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
      arrow (cr, ra.x + 0.5, ra.y + 0.5, rb.x + 0.5, rb.y + 0.5, 0.07, TRUE);
      break;

    case BB_MOVE_UNMARK:
      cross (cr, r.x + r.width / 2, r.y + r.height / 2, 0.12);
      break;

    default:
      break;
    }

  tw_render_rounded_rect (cr, r.x, r.y, r.width, r.height, MIN (r.width, r.height) * 0.12);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_set_line_width (cr, params->preview_selected ? 0.09 : 0.06);
  cairo_stroke (cr);
}

static void
bb_draw (cairo_t              *cr,
         const TwGame         *game,
         const TwState        *state,
         const TwRenderParams *params)
{
  BbView view;
  const BbView *v = &view;
  const TwRenderer *self = tw_renderer_lookup (game->rules->id);
  BbGeo L;

  bb_view_fill (game, state, &view);
  bb_geometry (game, v, &L);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  draw_board (cr, game, v, &L);
  draw_info (cr, game, v, params, &L);
  draw_seats (cr, game, v, params, &L);
  draw_legend (cr, game, v, &L);
  draw_last_move (cr, game, v, params, &L);
  tw_render_targets (cr, self, game, state, params);
  draw_preview (cr, game, v, params, &L);
}

const TwRenderer tw_renderer_block_2_block = {
  .rules_id = "block-2-block",
  .layout = bb_layout,
  .draw = bb_draw,
  .move_region = bb_move_region,
  .move_source = bb_move_source,
};
