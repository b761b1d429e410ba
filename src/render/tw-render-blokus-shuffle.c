/* tw-render-blokus-shuffle.c: Blokus Shuffle at the table
 *
 * The N x N board with its coordinates (columns a.., rows 1..N from the
 * bottom, as the notation writes them) and the four start cells, a status
 * panel (the colour to move, what it must do now, direction, skips, scores)
 * and one panel per colour: its pieces still in the supply (used ones stay
 * as faint ghosts, so nothing moves around between turns) and, with cards,
 * the hand of the deck it plays from (face down unless the viewer may see
 * it) with the deck and discard counts. One unit is one board cell; the
 * supply is drawn with smaller cells.
 *
 * Regions: a placement lands on the cell of the piece's FIRST cell (the
 * top-most cell of the orientation, leftmost in that row), not on its anchor
 * (the top-left corner of its box, which the piece may not even cover) and
 * not on its bounding box (boxes of different placements overlap, so one
 * click could not tell them apart). A cell the piece covers is what a
 * player points at; placements that start on the same cell are the variants
 * R turns through (orientations, then the other pieces that fit there), and
 * the preview shows each as it would land. A targeted Recycle lands on the
 * first cell of the piece it takes back and a targeted Warp on the first
 * cell of the piece's new place: there can be hundreds of warps, far too many
 * for buttons, and on the board the preview shows which piece moves where.
 * Every other card, Wild's colour choices and passing have no region and are
 * offered as buttons.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tw-render.h"
#include "tw-renderer.h"
#include "games/blokus-shuffle/bs-view.h"

#define MARGIN   0.5
#define GAP      0.6
#define HEAD     0.8      /* the board panel's title line */
#define COORD    0.7      /* the gutter for the row numbers and column letters */
#define RW       8.2      /* the right column: narrow, the view is often square */
#define INFO_H   3.3
#define PHEAD    0.8      /* a colour panel's title line */
#define PC       0.25     /* supply cell */
#define PC_BIG   0.42     /* supply cell of the colour to move: the tray it picks from */
#define CHIP_W   2.05
#define CHIP_H   0.62
#define DECK_W   2.6      /* deck and discard counts beside the hand */

/* the board's top-left cell: fixed, so move_region() needs no layout */
#define GX       (MARGIN + COORD)
#define GY       (MARGIN + HEAD)

typedef struct
{
  guint        size;
  gboolean     cards;
  double       bx, by, bw, bh;
  double       rx;
  double       iy;
  double       py[BS_N_COLORS], ph[BS_N_COLORS];
  guint        chips_per_row;
  /* supply slots, relative to a panel's supply origin: [0] small, [1] big
   * (the colour to move, big_color) */
  int          big_color;
  double       sup_h[2];
  double       slot_x[2][BS_MAX_PIECES], slot_y[2][BS_MAX_PIECES];
  TwPolyomino  shape[BS_MAX_PIECES];
  double       width, height;
} BsLayout;

static const char *
color_name (const TwDefinition *def,
            guint               c)
{
  return def->colors[c].name ? def->colors[c].name : def->colors[c].id;
}

static const char *
card_title (const TwGame *game,
            guint         card)
{
  const TwCardDef *cd = &game->definition->cards[card];

  if (cd->title != NULL)
    return cd->title;
  if (cd->kind < game->rules->n_card_kinds && game->rules->card_kinds[cd->kind].title)
    return _(game->rules->card_kinds[cd->kind].title);
  return cd->id;
}

static void
bs_compute_layout (const TwGame  *game,
                   const BsView  *v,
                   BsLayout      *L)
{
  const TwDefinition *def = game->definition;
  double inner = RW - 0.4, x = 0, y = 0, row_h = 0;

  L->size = v->size;
  L->cards = v->cards;
  L->bx = MARGIN;
  L->by = MARGIN;
  L->bw = COORD + v->size + 0.35;
  L->bh = HEAD + v->size + COORD;
  L->rx = L->bx + L->bw + GAP;
  L->iy = MARGIN;

  /* the supply: every piece lying flat (wider than tall), flowed in rows;
   * once small, once big for the colour to move */
  for (guint k = 0; k < v->n_pieces && k < BS_MAX_PIECES; k++)
    {
      const TwPolyomino *shape = &def->pieces[k].shape;

      if (tw_polyomino_height (shape) > tw_polyomino_width (shape))
        tw_polyomino_transform (shape, 1, &L->shape[k]);
      else
        L->shape[k] = *shape;
    }
  for (guint z = 0; z < 2; z++)
    {
      double pc = z ? PC_BIG : PC;

      x = y = row_h = 0;
      for (guint k = 0; k < v->n_pieces && k < BS_MAX_PIECES; k++)
        {
          double w = tw_polyomino_width (&L->shape[k]) * pc + (v->count[k] > 1 ? 0.45 : 0);
          double h = tw_polyomino_height (&L->shape[k]) * pc;

          if (x > 0 && x + w > inner)
            {
              x = 0;
              y += row_h + 0.22;
              row_h = 0;
            }
          L->slot_x[z][k] = x;
          L->slot_y[z][k] = y;
          x += w + 0.32;
          row_h = MAX (row_h, h);
        }
      L->sup_h[z] = y + row_h;
    }
  L->big_color = v->phase != BS_PHASE_DONE && v->color < BS_N_COLORS ? (int) v->color : -1;

  L->chips_per_row = MAX (1, (guint) ((inner - DECK_W + 0.12) / (CHIP_W + 0.12)));
  y = L->iy + INFO_H + 0.3;
  for (guint c = 0; c < v->n_colors; c++)
    {
      L->py[c] = y;
      L->ph[c] = PHEAD + L->sup_h[(int) c == L->big_color] + 0.25;
      if (L->cards)
        {
          guint d = bs_deck_of (game, v->n_players, c);
          guint rows = d == c ? MAX (1, (v->hand_len[d] + L->chips_per_row - 1) / L->chips_per_row) : 1;
          L->ph[c] += rows * (CHIP_H + 0.12) + 0.1;
        }
      y += L->ph[c] + 0.3;
    }
  L->width = L->rx + RW + MARGIN;
  L->height = MAX (L->by + L->bh, y - 0.3) + MARGIN;
}

static void
bs_layout (const TwGame         *game,
           const TwState        *state,
           const TwRenderParams *params,
           TwLayout             *layout)
{
  BsView view;
  const BsView *v = &view;
  BsLayout L;

  bs_view_fill (game, state, &view);
  bs_compute_layout (game, v, &L);
  layout->width = L.width;
  layout->height = L.height;
  tw_layout_add_area (layout, TW_AREA_BOARD, -1, L.bx, L.by, L.bw, L.bh, _("Board"));
  tw_layout_add_area (layout, TW_AREA_INFO, -1, L.rx, L.iy, RW, INFO_H,
                      _("Turn, direction and scores"));
  for (guint c = 0; c < v->n_colors; c++)
    {
      gboolean shared = (int) c == v->shared_color;
      tw_layout_add_area (layout, TW_AREA_PRIVATE, shared ? -1 : bs_view_seat_of (game, v, c),
                          L.rx, L.py[c], RW, L.ph[c],
                          shared ? _("Shared colour's pieces and cards")
                                 : _("Pieces and cards"));
    }
}

/* ------------------------------------------------------------------------ */

static gboolean
bs_move_region (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  BsView view;
  const BsView *v = &view;
  const TwPolyomino *or;
  int x, y;

  bs_view_fill (game, state, &view);
  if (move->kind == BS_MOVE_PLACE)
    {
      or = bs_view_cells (game, move->a, move->b);
      x = move->x;
      y = move->y;
    }
  else if (move->kind == BS_MOVE_CARD && move->q && move->a < game->definition->n_cards
           && move->b < BS_N_COLORS && move->c < v->n_placed[move->b])
    {
      const BsPlaced *pl = &v->placed[move->b][move->c];
      switch (game->definition->cards[move->a].kind)
        {
        case BS_CARD_RECYCLE:
          or = bs_view_cells (game, pl->piece, pl->orient);
          x = pl->x;
          y = pl->y;
          break;
        case BS_CARD_WARP:
          or = bs_view_cells (game, pl->piece, move->p);
          x = move->x;
          y = move->y;
          break;
        default:
          return FALSE;
        }
    }
  else
    return FALSE;

  *rect = (TwRect) { GX + x + or->x[0], GY + y + or->y[0], 1, 1 };
  return TRUE;
}

/* A placement takes a piece from the supply of the colour to move, as
 * draw_color_panel() lays it out (its box, with a little slack around thin
 * pieces): clicking it or dragging from it picks that piece up. */
static gboolean
bs_move_source (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  BsView view;
  const BsView *v = &view;
  BsLayout L;
  guint c, k = move->a, z;
  double pc;

  bs_view_fill (game, state, &view);
  c = v->color;
  if (move->kind != BS_MOVE_PLACE || v->phase == BS_PHASE_DONE || c >= BS_N_COLORS
      || k >= v->n_pieces || k >= BS_MAX_PIECES)
    return FALSE;
  bs_view_fill (game, state, &view);
  bs_compute_layout (game, v, &L);
  z = (int) c == L.big_color;
  pc = z ? PC_BIG : PC;
  *rect = (TwRect) { L.rx + 0.2 + L.slot_x[z][k] - 0.08, L.py[c] + PHEAD + L.slot_y[z][k] - 0.08,
                     tw_polyomino_width (&L.shape[k]) * pc + 0.16,
                     tw_polyomino_height (&L.shape[k]) * pc + 0.16 };
  return TRUE;
}

/* ------------------------------------------------------------------------ */

static void
grey (cairo_t *cr)
{
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.43);
}

/* A cell mask of the board: bit x of row y. */
typedef guint32 Mask[BS_MAX_SIZE];

static void
mask_add (Mask               m,
          const TwPolyomino *or,
          int                x,
          int                y)
{
  for (guint i = 0; i < or->n; i++)
    {
      int cx = x + or->x[i], cy = y + or->y[i];
      if (cx >= 0 && cy >= 0 && cx < BS_MAX_SIZE && cy < BS_MAX_SIZE)
        m[cy] |= 1u << cx;
    }
}

static void
mask_cells_path (cairo_t    *cr,
                 const Mask  m,
                 guint       n,
                 double      inset)
{
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      if (m[y] >> x & 1)
        cairo_rectangle (cr, GX + x + inset, GY + y + inset, 1 - 2 * inset, 1 - 2 * inset);
}

/* The outer boundary of a set of cells as line segments. */
static void
mask_outline_path (cairo_t    *cr,
                   const Mask  m,
                   guint       n)
{
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        if (!(m[y] >> x & 1))
          continue;
        double X = GX + x, Y = GY + y;
        if (y == 0 || !(m[y - 1] >> x & 1))
          {
            cairo_move_to (cr, X, Y);
            cairo_line_to (cr, X + 1, Y);
          }
        if (y + 1 >= n || !(m[y + 1] >> x & 1))
          {
            cairo_move_to (cr, X, Y + 1);
            cairo_line_to (cr, X + 1, Y + 1);
          }
        if (x == 0 || !(m[y] >> (x - 1) & 1))
          {
            cairo_move_to (cr, X, Y);
            cairo_line_to (cr, X, Y + 1);
          }
        if (x + 1 >= n || !(m[y] >> (x + 1) & 1))
          {
            cairo_move_to (cr, X + 1, Y);
            cairo_line_to (cr, X + 1, Y + 1);
          }
      }
}

/* A ring that reads on every piece colour, yellow included. */
static void
stroke_marked (cairo_t *cr,
               double   width)
{
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.75);
  cairo_set_line_width (cr, width * 2);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 0.85, 0.2);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_board (cairo_t              *cr,
            const TwGame         *game,
            const BsView         *v,
            const BsLayout       *L)
{
  const TwDefinition *def = game->definition;
  guint n = L->size;
  guint8 id[BS_MAX_SIZE][BS_MAX_SIZE];

  /* the empty board and its grid */
  cairo_rectangle (cr, GX, GY, n, n);
  cairo_set_source_rgb (cr, 0.93, 0.92, 0.89);
  cairo_fill (cr);
  for (guint i = 0; i <= n; i++)
    {
      cairo_move_to (cr, GX + i, GY);
      cairo_line_to (cr, GX + i, GY + n);
      cairo_move_to (cr, GX, GY + i);
      cairo_line_to (cr, GX + n, GY + i);
    }
  cairo_set_source_rgba (cr, 0, 0, 0, 0.14);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);

  /* start cells: a ring in the colour, under any piece that covers it */
  for (guint c = 0; c < v->n_colors; c++)
    {
      double cx = GX + v->start_x[c] + 0.5, cy = GY + v->start_y[c] + 0.5;
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, 0.3, 0, 2 * G_PI);
      tw_render_set_color (cr, def, c);
      cairo_set_line_width (cr, 0.1);
      cairo_stroke_preserve (cr);
      cairo_save (cr);
      cairo_clip (cr);
      tw_render_set_color (cr, def, c);
      cairo_paint_with_alpha (cr, 0.25);
      cairo_restore (cr);
      cairo_new_path (cr);
    }

  /* the pieces: one fill per colour, then the cell seams inside pieces and
   * the outlines between pieces, one stroke each */
  memset (id, 0, sizeof id);
  for (guint c = 0; c < v->n_colors; c++)
    {
      if (v->n_placed[c] == 0)
        continue;
      for (guint i = 0; i < v->n_placed[c]; i++)
        {
          const BsPlaced *pl = &v->placed[c][i];
          const TwPolyomino *or = bs_view_cells (game, pl->piece, pl->orient);
          for (guint k = 0; k < or->n; k++)
            {
              guint x = pl->x + or->x[k], y = pl->y + or->y[k];
              if (x < n && y < n)
                {
                  id[y][x] = c * BS_MAX_PIECES + i + 1;
                  cairo_rectangle (cr, GX + x, GY + y, 1, 1);
                }
            }
        }
      tw_render_set_color (cr, def, c);
      cairo_fill (cr);
    }

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      if (id[y][x])
        {
          if (x + 1 < n && id[y][x + 1] == id[y][x])
            {
              cairo_move_to (cr, GX + x + 1, GY + y + 0.12);
              cairo_line_to (cr, GX + x + 1, GY + y + 0.88);
            }
          if (y + 1 < n && id[y + 1][x] == id[y][x])
            {
              cairo_move_to (cr, GX + x + 0.12, GY + y + 1);
              cairo_line_to (cr, GX + x + 0.88, GY + y + 1);
            }
        }
  cairo_set_source_rgba (cr, 0, 0, 0, 0.22);
  cairo_set_line_width (cr, 0.035);
  cairo_stroke (cr);

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint8 a = id[y][x];
        guint8 right = x + 1 < n ? id[y][x + 1] : 0;
        guint8 below = y + 1 < n ? id[y + 1][x] : 0;
        guint8 left = x > 0 ? id[y][x - 1] : 0;
        guint8 above = y > 0 ? id[y - 1][x] : 0;
        if (a == 0)
          continue;
        if (right != a)
          {
            cairo_move_to (cr, GX + x + 1, GY + y);
            cairo_line_to (cr, GX + x + 1, GY + y + 1);
          }
        if (below != a)
          {
            cairo_move_to (cr, GX + x, GY + y + 1);
            cairo_line_to (cr, GX + x + 1, GY + y + 1);
          }
        if (left == 0)
          {
            cairo_move_to (cr, GX + x, GY + y);
            cairo_line_to (cr, GX + x, GY + y + 1);
          }
        if (above == 0)
          {
            cairo_move_to (cr, GX + x, GY + y);
            cairo_line_to (cr, GX + x + 1, GY + y);
          }
      }
  cairo_set_source_rgba (cr, 0.08, 0.08, 0.1, 0.9);
  cairo_set_line_width (cr, 0.06);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* Double Play: the piece the second one must touch */
  if (v->phase == BS_PHASE_DOUBLE && v->first < v->n_placed[v->color])
    {
      const BsPlaced *pl = &v->placed[v->color][v->first];
      Mask m = { 0 };
      mask_add (m, bs_view_cells (game, pl->piece, pl->orient), pl->x, pl->y);
      mask_outline_path (cr, m, n);
      cairo_save (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 0.08);
      cairo_set_dash (cr, (double[]) { 0.18, 0.12 }, 2, 0);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

static void
draw_coords (cairo_t *cr,
             guint    n)
{
  grey (cr);
  for (guint x = 0; x < n; x++)
    {
      char t[4] = { (char) ('a' + x), 0 };
      tw_render_text (cr, GX + x, GY + n + 0.12, 1, 0.3, FALSE, TW_TEXT_CENTER, FALSE, t);
    }
  for (guint y = 0; y < n; y++)
    {
      char t[8];
      g_snprintf (t, sizeof t, "%u", n - y);
      tw_render_text (cr, GX - COORD, GY + y + 0.3, COORD - 0.12, 0.3, FALSE, TW_TEXT_RIGHT,
                      FALSE, t);
    }
}

/* The cells a move puts on the board (placement, Warp) and the cells it
 * takes off (Recycle, Warp), in @state, the state before the move. */
static gboolean
move_cells (const TwGame  *game,
            const BsView  *v,
            const TwMove  *m,
            Mask           on,
            Mask           off,
            guint         *color)
{

  memset (on, 0, sizeof (Mask));
  memset (off, 0, sizeof (Mask));
  if (m->kind == BS_MOVE_PLACE)
    {
      mask_add (on, bs_view_cells (game, m->a, m->b), m->x, m->y);
      *color = v->color;
      return TRUE;
    }
  if (m->kind != BS_MOVE_CARD || !m->q || m->a >= game->definition->n_cards
      || m->b >= BS_N_COLORS || m->c >= v->n_placed[m->b])
    return FALSE;

  const BsPlaced *pl = &v->placed[m->b][m->c];
  switch (game->definition->cards[m->a].kind)
    {
    case BS_CARD_RECYCLE:
      mask_add (off, bs_view_cells (game, pl->piece, pl->orient), pl->x, pl->y);
      break;
    case BS_CARD_WARP:
      mask_add (off, bs_view_cells (game, pl->piece, pl->orient), pl->x, pl->y);
      mask_add (on, bs_view_cells (game, pl->piece, m->p), m->x, m->y);
      break;
    default:
      return FALSE;
    }
  *color = m->b;
  return TRUE;
}

static void
draw_targets (cairo_t              *cr,
              const TwGame         *game,
              const BsView         *v,
              const TwRenderParams *params)
{
  Mask seen = { 0 };
  gboolean any = FALSE;

  for (guint i = 0; i < params->n_targets; i++)
    {
      TwRect r;
      if (!bs_move_region (game, v->state, &params->targets[i], params, &r))
        continue;
      int x = (int) lround (r.x - GX), y = (int) lround (r.y - GY);
      if (x < 0 || y < 0 || x >= BS_MAX_SIZE || y >= BS_MAX_SIZE || (seen[y] >> x & 1))
        continue;
      seen[y] |= 1u << x;
      tw_render_rounded_rect (cr, r.x + 0.1, r.y + 0.1, 0.8, 0.8, 0.12);
      any = TRUE;
    }
  if (!any)
    return;
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.2);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
  cairo_set_line_width (cr, 0.05);
  cairo_stroke (cr);
}

static void
draw_preview (cairo_t              *cr,
              const TwGame         *game,
              const BsView         *v,
              const TwRenderParams *params)
{
  const TwMove *m = params->preview;
  Mask on, off;
  guint color, n = v->size;
  TwRect r;

  if (m == NULL || !bs_move_region (game, v->state, m, params, &r)
      || !move_cells (game, v, m, on, off, &color))
    return;

  /* what leaves the board: washed out and crossed */
  mask_cells_path (cr, off, n, 0);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.6);
  cairo_fill (cr);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      if (off[y] >> x & 1)
        {
          cairo_move_to (cr, GX + x + 0.25, GY + y + 0.25);
          cairo_line_to (cr, GX + x + 0.75, GY + y + 0.75);
          cairo_move_to (cr, GX + x + 0.75, GY + y + 0.25);
          cairo_line_to (cr, GX + x + 0.25, GY + y + 0.75);
        }
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.7);
  cairo_set_line_width (cr, 0.06);
  cairo_stroke (cr);

  /* what lands: the piece in its colour, see-through */
  cairo_push_group (cr);
  mask_cells_path (cr, on, n, 0);
  tw_render_set_color (cr, game->definition, color);
  cairo_fill (cr);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, 0.72);
  /* outlined in the selection colour, so it never reads as a placed piece */
  mask_outline_path (cr, on, n);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_set_line_width (cr, 0.09);
  cairo_stroke (cr);

  /* the cell the pointer is on */
  cairo_rectangle (cr, r.x + 0.04, r.y + 0.04, r.width - 0.08, r.height - 0.08);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_set_line_width (cr, params->preview_selected ? 0.1 : 0.07);
  cairo_stroke (cr);
}

static void
draw_last_move (cairo_t              *cr,
                const TwGame         *game,
                const TwRenderParams *params)
{
  BsView before;
  Mask on, off;
  guint color, n;

  if (params->last_move == NULL || params->last_state == NULL)
    return;
  bs_view_fill (game, params->last_state, &before);
  n = before.size;
  if (!move_cells (game, &before, params->last_move, on, off, &color))
    return;
  mask_outline_path (cr, off, n);
  cairo_save (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.8);
  cairo_set_line_width (cr, 0.07);
  cairo_set_dash (cr, (double[]) { 0.15, 0.12 }, 2, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
  mask_outline_path (cr, on, n);
  stroke_marked (cr, 0.08);
}

/* One piece of the supply at (x, y), in its colour or as a ghost. */
static void
supply_piece_path (cairo_t           *cr,
                   const TwPolyomino *shape,
                   double             x,
                   double             y,
                   double             pc)
{
  double gap = pc * 0.06;

  for (guint i = 0; i < shape->n; i++)
    cairo_rectangle (cr, x + shape->x[i] * pc + gap, y + shape->y[i] * pc + gap,
                     pc - 2 * gap, pc - 2 * gap);
}

static void
draw_card_chip (cairo_t      *cr,
                const TwGame *game,
                guint         color,
                int           card,
                double        x,
                double        y)
{
  tw_render_rounded_rect (cr, x, y, CHIP_W, CHIP_H, 0.1);
  if (card < 0)
    {
      /* face down: the back in the deck's colour */
      tw_render_set_color (cr, game->definition, color);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_set_line_width (cr, 0.03);
      cairo_stroke (cr);
      tw_render_rounded_rect (cr, x + 0.12, y + 0.1, CHIP_W - 0.24, CHIP_H - 0.2, 0.06);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
      cairo_set_line_width (cr, 0.04);
      cairo_stroke (cr);
      return;
    }
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  tw_render_set_color (cr, game->definition, color);
  cairo_set_line_width (cr, 0.06);
  cairo_stroke (cr);
  tw_render_ink (cr);
  tw_render_text (cr, x + 0.05, y + 0.16, CHIP_W - 0.1, 0.25, TRUE, TW_TEXT_CENTER, FALSE,
                  card_title (game, card));
}


static void
draw_color_panel (cairo_t              *cr,
                  const TwGame         *game,
                  const BsView         *v,
                  const TwRenderParams *params,
                  const BsLayout       *L,
                  guint                 c)
{
  const TwDefinition *def = game->definition;
  gboolean shared = (int) c == v->shared_color;
  gboolean to_move = v->phase != BS_PHASE_DONE && v->color == c;
  double x = L->rx, y = L->py[c];
  g_autofree char *seat = tw_render_seat_name (params, bs_view_seat_of (game, v, c));
  g_autofree char *title = NULL;
  g_autofree char *left = NULL;

  tw_render_panel (cr, x, y, RW, L->ph[c], to_move);

  /* title: swatch, colour, who plays it, squares left */
  tw_render_rounded_rect (cr, x + 0.2, y + 0.17, 0.46, 0.46, 0.08);
  tw_render_set_color (cr, def, c);
  cairo_fill (cr);
  if (shared)
    /* Translators: a colour panel's title in the 3-player game: colour, and
     * the seat that plays the shared colour this (or its next) turn */
    title = g_strdup_printf (_("%s · shared (%s)"), color_name (def, c), seat);
  else
    /* Translators: a colour panel's title: colour and seat name */
    title = g_strdup_printf (_("%s · %s"), color_name (def, c), seat);
  tw_render_ink (cr);
  tw_render_text_line (cr, x + 0.8, y + 0.15, RW - 3.6, 0.4, TRUE, TW_TEXT_LEFT, title);
  left = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u square left", "%u squares left",
                                       v->remaining[c]), v->remaining[c]);
  grey (cr);
  tw_render_text_line (cr, x + RW - 2.8, y + 0.2, 2.6, 0.32, FALSE, TW_TEXT_RIGHT, left);

  /* the supply: pieces left in colour, used ones as ghosts */
  double sx = x + 0.2, sy = y + PHEAD;
  guint z = (int) c == L->big_color;
  double pc = z ? PC_BIG : PC;
  for (guint k = 0; k < v->n_pieces && k < BS_MAX_PIECES; k++)
    if (v->supply[c][k] == 0)
      supply_piece_path (cr, &L->shape[k], sx + L->slot_x[z][k], sy + L->slot_y[z][k], pc);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.07);
  cairo_fill (cr);
  for (guint k = 0; k < v->n_pieces && k < BS_MAX_PIECES; k++)
    if (v->supply[c][k] > 0)
      supply_piece_path (cr, &L->shape[k], sx + L->slot_x[z][k], sy + L->slot_y[z][k], pc);
  tw_render_set_color (cr, def, c);
  cairo_fill (cr);
  for (guint k = 0; k < v->n_pieces && k < BS_MAX_PIECES; k++)
    if (v->count[k] > 1)
      {
        char t[16];
        g_snprintf (t, sizeof t, "×%u", v->supply[c][k]);
        grey (cr);
        tw_render_text (cr, sx + L->slot_x[z][k] + tw_polyomino_width (&L->shape[k]) * pc + 0.05,
                        sy + L->slot_y[z][k], -1, 0.22, FALSE, TW_TEXT_LEFT, FALSE, t);
      }

  if (!L->cards)
    return;

  /* the hand of the deck this colour plays from */
  guint d = bs_deck_of (game, v->n_players, c);
  double cy = sy + L->sup_h[z] + 0.25;
  if (d != c)
    {
      g_autofree char *with = g_strdup_printf (_("Plays its cards from %s's hand"),
                                               color_name (def, d));
      grey (cr);
      tw_render_text (cr, sx, cy + 0.1, RW - 0.4, 0.32, FALSE, TW_TEXT_LEFT, FALSE, with);
      return;
    }
  gboolean visible = bs_view_hand_seen (game, v, d, params->viewer);
  if (v->hand_len[d] == 0)
    {
      grey (cr);
      tw_render_text (cr, sx, cy + 0.1, RW - DECK_W - 0.4, 0.32, FALSE, TW_TEXT_LEFT, FALSE,
                      _("No cards in hand"));
    }
  for (guint i = 0; i < v->hand_len[d]; i++)
    draw_card_chip (cr, game, c, visible ? v->hand[d][i] : -1,
                    sx + (i % L->chips_per_row) * (CHIP_W + 0.12),
                    cy + (i / L->chips_per_row) * (CHIP_H + 0.12));

  g_autofree char *deck = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Deck: %u card",
                                                        "Deck: %u cards", v->deck_len[d]),
                                           v->deck_len[d]);
  g_autofree char *discard = g_strdup_printf (_("Discard: %u"), v->discard_len[d]);
  grey (cr);
  tw_render_text (cr, x + RW - DECK_W - 0.2, cy - 0.06, DECK_W, 0.3, FALSE, TW_TEXT_RIGHT,
                  FALSE, deck);
  tw_render_text (cr, x + RW - DECK_W - 0.2, cy + 0.31, DECK_W, 0.3, FALSE, TW_TEXT_RIGHT,
                  FALSE, discard);
}

static void
draw_info (cairo_t              *cr,
           const TwGame         *game,
           const BsView         *v,
           const TwRenderParams *params,
           const BsLayout       *L)
{
  const TwDefinition *def = game->definition;
  double x = L->rx + 0.25, y = L->iy + 0.18, w = RW - 0.5;
  g_autofree char *title = NULL;
  g_autofree char *what = NULL;
  GString *line = g_string_new (NULL);
  gboolean basic = v->basic_scoring;

  tw_render_panel (cr, L->rx, L->iy, RW, INFO_H, FALSE);

  if (v->phase == BS_PHASE_DONE)
    title = g_strdup (_("Game over"));
  else
    {
      g_autofree char *seat = tw_render_seat_name (params, bs_view_seat_of (game, v, v->color));
      /* Translators: the status line: colour to move and the seat playing it */
      title = g_strdup_printf (_("%s to move · %s"), color_name (def, v->color), seat);
      tw_render_rounded_rect (cr, x, y + 0.02, 0.42, 0.42, 0.08);
      tw_render_set_color (cr, def, v->color);
      cairo_fill (cr);
    }
  tw_render_ink (cr);
  tw_render_text (cr, v->phase == BS_PHASE_DONE ? x : x + 0.58, y, w - 0.6, 0.38, TRUE,
                  TW_TEXT_LEFT, FALSE, title);

  switch (v->phase)
    {
    case BS_PHASE_OPEN:
      what = g_strdup (v->starts_in_corners
                       ? _("Opening: place a first piece covering the start corner.")
                       : _("Opening: place a first piece covering the colour's start point."));
      break;
    case BS_PHASE_CARD:
      what = g_strdup (_("Play a card from the hand."));
      break;
    case BS_PHASE_DRAWN:
      {
        guint d = bs_deck_of (game, v->n_players, v->color);
        int actor = bs_view_seat_of (game, v, v->color);
        if (params->viewer >= 0 && params->viewer == actor && d < BS_N_COLORS)
          {
            GString *cards = g_string_new (NULL);
            for (guint i = 0; i < v->drawn_len; i++)
              g_string_append_printf (cards, "%s%s", i ? ", " : "", card_title (game, v->drawn[i]));
            /* Translators: %s lists the two cards drawn by Draw 2 */
            what = g_strdup_printf (_("Draw 2: play one of the drawn cards (%s)."), cards->str);
            g_string_free (cards, TRUE);
          }
        else
          what = g_strdup (_("Draw 2: play one of the two drawn cards."));
        break;
      }
    case BS_PHASE_PIECE:
      if (v->mode == BS_MODE_EDGE)
        what = g_strdup (_("Edge to Edge: place a piece touching its colour along a side."));
      else if (v->mode == BS_MODE_WILD && v->wild < BS_N_COLORS)
        what = g_strdup_printf (_("Wild: place a piece by %s's rules."),
                                color_name (def, v->wild));
      else if (v->mode == BS_MODE_DOUBLE)
        what = g_strdup (_("Double Play: place a piece, then a second one touching it."));
      else
        what = g_strdup (_("Place a piece touching its colour at a corner, or pass."));
      break;
    case BS_PHASE_DOUBLE:
      what = g_strdup (_("Double Play: place a second piece touching the first at a corner."));
      break;
    default:
      {
        guint rank[TW_MAX_PLAYERS];
        GString *winners = g_string_new (NULL);
        game->rules->ranking (game, v->state, rank);
        for (guint q = 0; q < v->n_players; q++)
          if (rank[q] == 0)
            {
              g_autofree char *name = tw_render_seat_name (params, q);
              g_string_append_printf (winners, "%s%s", winners->len ? ", " : "", name);
            }
        /* Translators: %s names the winner, or the tied winners */
        what = g_strdup_printf (basic ? _("Won by %s: fewest squares left.")
                                      : _("Won by %s: most points."), winners->str);
        g_string_free (winners, TRUE);
        break;
      }
    }
  grey (cr);
  y += 0.55;
  y += tw_render_text (cr, x, y, w, 0.33, FALSE, TW_TEXT_LEFT, FALSE, what) + 0.08;

  /* direction and skips */
  if (L->cards && v->phase != BS_PHASE_DONE)
    {
      g_string_append (line, v->reverse ? _("Play runs counterclockwise ↺")
                                        : _("Play runs clockwise ↻"));
      if (v->skip_mask & 0xf)
        {
          g_string_append (line, " · ");
          g_string_append (line, _("skips:"));
          for (guint c = 0; c < v->n_colors; c++)
            if (v->skip_mask >> c & 1)
              g_string_append_printf (line, " %s", color_name (def, c));
        }
      y += tw_render_text (cr, x, y, w, 0.31, FALSE, TW_TEXT_LEFT, FALSE, line->str) + 0.08;
    }

  /* scores, one per seat */
  g_string_truncate (line, 0);
  g_string_append (line, basic ? _("Squares left:") : _("Points:"));
  for (guint q = 0; q < v->n_players; q++)
    {
      g_autofree char *name = tw_render_seat_name (params, q);
      g_string_append_printf (line, "%s %s %d", q ? " ·" : "", name, bs_view_score (game, v, q));
    }
  tw_render_ink (cr);
  tw_render_text (cr, x, y + 0.05, w, 0.32, TRUE, TW_TEXT_LEFT, FALSE, line->str);
  g_string_free (line, TRUE);
}

static void
bs_draw (cairo_t              *cr,
         const TwGame         *game,
         const TwState        *state,
         const TwRenderParams *params)
{
  BsView view;
  const BsView *v = &view;
  BsLayout L;

  bs_view_fill (game, state, &view);
  bs_compute_layout (game, v, &L);
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);

  tw_render_panel (cr, L.bx, L.by, L.bw, L.bh, FALSE);
  tw_render_ink (cr);
  tw_render_text (cr, L.bx + 0.25, L.by + 0.18, L.bw - 0.5, 0.38, TRUE, TW_TEXT_LEFT, FALSE,
                  _("Board"));
  draw_board (cr, game, v, &L);
  draw_coords (cr, L.size);
  draw_last_move (cr, game, params);

  draw_info (cr, game, v, params, &L);
  for (guint c = 0; c < v->n_colors; c++)
    draw_color_panel (cr, game, v, params, &L, c);

  draw_targets (cr, game, v, params);
  draw_preview (cr, game, v, params);
  cairo_restore (cr);
}

const TwRenderer tw_renderer_blokus_shuffle = {
  .rules_id = "blokus-shuffle",
  .layout = bs_layout,
  .draw = bs_draw,
  .move_region = bs_move_region,
  .move_source = bs_move_source,
};
