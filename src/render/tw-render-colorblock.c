/* tw-render-colorblock.c: Colorblock at the table
 *
 * The shared board (unbounded: drawn as its bounding box plus one cell on
 * each side, where the next tiles go), the tile to play or the Expert Mode
 * draft row, each seat's panel (name, score, chosen colours, private board in
 * its k x k frame) and the face-up goal cards. One unit is one shared cell;
 * private boards use smaller cells until the frame is narrowed down.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tw-render.h"
#include "tw-renderer.h"
#include "tw-render-draw.h"
#include "games/colorblock/cb-view.h"

#define MARGIN      0.5
#define GAP         0.75
#define PCELL       0.7      /* private board cell */
#define SIDE_MIN    5.5
#define HEAD        1.0      /* a panel's title line */
#define T_HEAD      0.5      /* a heading's text: the shared board, the goals */
#define T_TITLE     0.44     /* a panel's title */
#define T_SMALL     0.36     /* a panel's other lines */
#define CARD_W      3.6
#define CARD_H      2.5
#define MIN_SHARED  5

typedef struct
{
  int     k;                 /* private footprint side */
  /* shared board: cell (x, y) is at sx + (x - x0), sy + (y - y0) */
  double  bx, by, bw, bh;    /* the board's panel */
  double  sx, sy;
  int     x0, y0, nx, ny;
  /* supply: tile to play or draft row */
  double  tx, ty, tw, th;
  /* seats */
  double  px[CB_MAX_PLAYERS], py[CB_MAX_PLAYERS], pw, ph;
  /* private board cell (x, y) of seat p is at gx[p] + (x - wx0[p]) * pc[p] ... */
  double  gx[CB_MAX_PLAYERS], gy[CB_MAX_PLAYERS];
  int     wx0[CB_MAX_PLAYERS], wy0[CB_MAX_PLAYERS], wnx[CB_MAX_PLAYERS], wny[CB_MAX_PLAYERS];
  double  pc[CB_MAX_PLAYERS]; /* seat p's private cell: PCELL while a tile may reach
                               * 2k - 1 cells, growing to fill the frame as the
                               * reachable window shrinks (never past a shared cell) */
  /* goals */
  int     arrangement;       /* CbArrangement */
  double  cx, cy;
  guint   per_col;           /* cards a column, right of the seats */
  guint   per_row;           /* cards a row, under the shared board */
  double  width, height;
} CbLayout;

/* Where the goal cards go: in columns right of the seats (the wide
 * arrangement), in rows under the shared board, or in rows under the board
 * and the seats (for a space that is not much wider than high). */
typedef enum
{
  CB_GOALS_RIGHT,
  CB_GOALS_UNDER,
  CB_GOALS_BELOW,
  CB_N_ARRANGEMENTS,
} CbArrangement;

static void
cb_compute_arrangement (const TwGame   *game,
                        const CbView   *v,
                        CbArrangement   arrangement,
                        CbLayout       *L)
{
  guint n_shared = v->n_placed;
  double side_w, y;

  for (guint p = 0; p < v->n_players; p++)
    n_shared -= v->n_private[p];

  L->k = v->private_size;
  L->arrangement = arrangement;

  /* shared board: the bounding box, one cell of margin for the targets */
  if (n_shared == 0)
    {
      L->x0 = -1;
      L->y0 = -1;
      L->nx = L->ny = 3;
    }
  else
    {
      L->x0 = v->sxmin - 1;
      L->y0 = v->symin - 1;
      L->nx = v->sxmax - v->sxmin + 3;
      L->ny = v->symax - v->symin + 3;
    }
  L->bx = MARGIN;
  L->by = MARGIN;
  L->bw = MAX (L->nx, MIN_SHARED) + 0.5;
  L->bh = MAX (L->ny, MIN_SHARED) + 0.5 + HEAD;

  /* under the board: as many cards a row as the board is wide, at least
   * two, and the board's panel as wide as the rows */
  L->per_row = 0;
  if (arrangement == CB_GOALS_UNDER && v->n_goals > 0)
    {
      guint fit = (guint) ((L->bw + 0.3) / (CARD_W + 0.3));

      L->per_row = MIN (v->n_goals, MAX (fit, 2));
      L->bw = MAX (L->bw, L->per_row * (CARD_W + 0.3) - 0.3);
    }
  L->sx = L->bx + (L->bw - L->nx) / 2;
  L->sy = L->by + HEAD + (L->bh - HEAD - L->ny) / 2;

  /* the side column: supply, then the seats (two columns from 3 players) */
  double board_w = (2 * L->k - 1) * PCELL;
  guint cols = v->n_players > 2 ? 2 : 1;
  L->pw = MAX (board_w + 0.6, 3.6);
  side_w = MAX (SIDE_MIN, cols * L->pw + (cols - 1) * 0.4);
  L->tx = L->bx + L->bw + GAP;
  L->ty = MARGIN;
  L->tw = side_w;
  L->th = v->draft_len > 0 && v->expert ? HEAD + 1.9 : HEAD + 1.7;
  L->ph = HEAD + 0.55 + board_w + 0.3;
  y = L->ty + L->th + 0.4;
  for (guint p = 0; p < v->n_players; p++)
    {
      guint col = p % cols, row = p / cols;
      L->px[p] = L->tx + col * (L->pw + 0.4);
      L->py[p] = y + row * (L->ph + 0.4);

      /* the cells a tile may still reach: the k x k frame once it is fixed */
      int xa = v->n_private[p] ? v->pxmax[p] - (L->k - 1) : -(L->k - 1);
      int xb = v->n_private[p] ? v->pxmin[p] + (L->k - 1) : L->k - 1;
      int ya = v->n_private[p] ? v->pymax[p] - (L->k - 1) : -(L->k - 1);
      int yb = v->n_private[p] ? v->pymin[p] + (L->k - 1) : L->k - 1;
      L->wx0[p] = xa;
      L->wy0[p] = ya;
      L->wnx[p] = xb - xa + 1;
      L->wny[p] = yb - ya + 1;
      L->pc[p] = MIN (1.0, board_w / MAX (L->wnx[p], L->wny[p]));
      L->gx[p] = L->px[p] + (L->pw - L->wnx[p] * L->pc[p]) / 2;
      L->gy[p] = L->py[p] + HEAD + 0.55 + (board_w - L->wny[p] * L->pc[p]) / 2;
    }
  double side_h = L->th + 0.4 + ((v->n_players + cols - 1) / cols) * (L->ph + 0.4);

  if (arrangement == CB_GOALS_BELOW)
    {
      double row_w = L->tx + side_w - MARGIN;
      guint fit = (guint) ((row_w + 0.3) / (CARD_W + 0.3));
      guint rows;

      L->per_row = v->n_goals ? MIN (v->n_goals, MAX (fit, 1)) : 1;
      rows = (v->n_goals + L->per_row - 1) / L->per_row;
      L->cx = MARGIN;
      L->cy = MARGIN + MAX (L->bh, side_h) + GAP;
      L->width = MAX (L->tx + side_w, MARGIN + L->per_row * (CARD_W + 0.3) - 0.3) + MARGIN;
      L->height = L->cy + (rows ? HEAD + rows * (CARD_H + 0.3) - 0.3 : 0) + MARGIN;
      return;
    }
  if (arrangement == CB_GOALS_UNDER)
    {
      guint rows = L->per_row ? (v->n_goals + L->per_row - 1) / L->per_row : 0;
      double left_h = L->bh + (rows ? GAP + HEAD + rows * (CARD_H + 0.3) - 0.3 : 0);

      L->cx = L->bx;
      L->cy = L->by + L->bh + GAP;
      L->width = L->tx + side_w + MARGIN;
      L->height = MARGIN + MAX (left_h, side_h) + MARGIN;
      return;
    }

  /* goals in columns to the right, as tall as the rest */
  double rest_h = MAX (L->bh, side_h);
  L->cx = L->tx + side_w + GAP;
  L->cy = MARGIN;
  L->per_col = MAX (1, (guint) ((rest_h - HEAD + 0.3) / (CARD_H + 0.3)));
  guint cols_g = v->n_goals ? (v->n_goals + L->per_col - 1) / L->per_col : 0;
  L->width = (cols_g ? L->cx + cols_g * (CARD_W + 0.3) - 0.3 : L->tx + side_w) + MARGIN;
  L->height = MARGIN + MAX (rest_h, v->n_goals ? HEAD + MIN (v->n_goals, L->per_col) * (CARD_H + 0.3) - 0.3 : 0) + MARGIN;
}

/* The arrangement that draws largest in a space of @params->aspect (width
 * / height); the wide one when the caller has no preference (sheets, the
 * CLI's pictures). */
static void
cb_compute_layout (const TwGame         *game,
                   const CbView         *v,
                   const TwRenderParams *params,
                   CbLayout             *L)
{
  double aspect = params != NULL ? params->aspect : 0;
  double best;

  cb_compute_arrangement (game, v, CB_GOALS_RIGHT, L);
  if (aspect <= 0 || v->n_goals == 0)
    return;
  /* the scale each fits a box of aspect x 1 at; ties keep the wide one */
  best = MIN (aspect / L->width, 1 / L->height);
  for (CbArrangement a = CB_GOALS_UNDER; a < CB_N_ARRANGEMENTS; a++)
    {
      CbLayout other;
      double scale;

      cb_compute_arrangement (game, v, a, &other);
      scale = MIN (aspect / other.width, 1 / other.height);
      if (scale > best * 1.02)
        {
          best = scale;
          *L = other;
        }
    }
}

static void
cb_layout (const TwGame         *game,
           const TwState        *state,
           const TwRenderParams *params,
           TwLayout             *layout)
{
  CbView view;
  const CbView *v = &view;
  CbLayout L;

  cb_view_fill (game, state, &view);
  cb_compute_layout (game, v, params, &L);
  layout->width = L.width;
  layout->height = L.height;
  tw_layout_add_area (layout, TW_AREA_BOARD, -1, L.bx, L.by, L.bw, L.bh, _("Shared board"));
  tw_layout_add_area (layout, TW_AREA_SUPPLY, -1, L.tx, L.ty, L.tw, L.th,
                      v->phase == CB_PHASE_DRAFT ? _("Draft row") : _("Tile to play"));
  for (guint p = 0; p < v->n_players; p++)
    tw_layout_add_area (layout, TW_AREA_PRIVATE, p, L.px[p], L.py[p], L.pw, L.ph,
                        _("Private board"));
  if (v->n_goals > 0)
    tw_layout_add_area (layout, TW_AREA_CARDS, -1, L.cx, L.cy,
                        L.arrangement == CB_GOALS_UNDER ? L.bw : L.width - L.cx - MARGIN,
                        L.height - L.cy - MARGIN, _("Goals"));
}

static gboolean
cb_move_region (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  CbView view;
  const CbView *v = &view;
  CbLayout L;

  if (move->kind != CB_MOVE_PLACE)
    return FALSE;
  cb_view_fill (game, state, &view);
  cb_compute_layout (game, v, params, &L);
  if (move->a == 0)
    {
      *rect = (TwRect) { L.sx + (move->x - L.x0), L.sy + (move->y - L.y0), 1, 1 };
      return TRUE;
    }
  guint p = v->current;
  if (p >= v->n_players)
    return FALSE;
  *rect = (TwRect) { L.gx[p] + (move->x - L.wx0[p]) * L.pc[p],
                     L.gy[p] + (move->y - L.wy0[p]) * L.pc[p], L.pc[p], L.pc[p] };
  return TRUE;
}

/* A placement takes the tile to play, or in Expert Mode a tile of the draft
 * row (a discard too), where cb_draw() shows them. */
static gboolean
cb_move_source (const TwGame         *game,
                const TwState        *state,
                const TwMove         *move,
                const TwRenderParams *params,
                TwRect               *rect)
{
  CbView view;
  const CbView *v = &view;
  CbLayout L;

  if (move->kind != CB_MOVE_PLACE && move->kind != CB_MOVE_DISCARD)
    return FALSE;
  cb_view_fill (game, state, &view);
  cb_compute_layout (game, v, params, &L);
  if (v->phase == CB_PHASE_DRAFT && move->c < v->draft_len)
    *rect = (TwRect) { L.tx + 0.3 + move->c * 1.2, L.ty + HEAD + 0.1, 1.0, 1.0 };
  else if (v->phase == CB_PHASE_PLACE && move->kind == CB_MOVE_PLACE && v->tile != CB_NONE)
    *rect = (TwRect) { L.tx + 0.3, L.ty + HEAD + 0.05, 1.2, 1.2 };
  else
    return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------------ */

static void
draw_preview (cairo_t              *cr,
              const TwGame         *game,
              const TwState        *state,
              const CbView         *v,
              const TwRenderParams *params)
{
  const TwMove *m = params->preview;
  TwRect r;
  guint inst;

  if (m == NULL || !cb_move_region (game, state, m, params, &r))
    return;
  inst = m->c != CB_NONE && m->c < v->draft_len ? v->draft[m->c] : v->tile;
  if (inst == CB_NONE)
    return;

  cairo_push_group (cr);
  tw_render_board_tile (cr, game->definition, cb_inst_def (game, inst), m->b, r.x, r.y, r.width);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, 0.8);

  cairo_rectangle (cr, r.x, r.y, r.width, r.height);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_set_line_width (cr, r.width * (params->preview_selected ? 0.1 : 0.07));
  cairo_stroke (cr);
}

static void
draw_goal (cairo_t              *cr,
           const TwGame         *game,
           const CbView         *v,
           const TwRenderParams *params,
           guint                 g,
           double                x,
           double                y)
{
  const TwDefinition *def = game->definition;
  const TwCardDef *card = &def->cards[v->goal_card[g]];
  const char *text = tw_card_text (def, card);
  guint owner = v->goal_owner[g];

  tw_render_rounded_rect (cr, x, y, CARD_W, CARD_H, 0.18);
  if (owner != CB_NONE)
    cairo_set_source_rgb (cr, 0.88, 0.92, 0.86);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);

  double stars_w = MAX (card->points, 1) * 0.33 + 0.1;
  double title_h;
  tw_render_ink (cr);
  title_h = tw_render_text (cr, x + 0.15, y + 0.1, CARD_W - 0.3 - stars_w, 0.34, TRUE,
                            TW_TEXT_LEFT, FALSE, card->title);
  tw_draw_stars (cr, x + CARD_W - 0.15 - MAX (card->points, 1) * 0.33, y + 0.14, 0.15,
              card->points);
  /* the picture (the shape, the number) on the left, as the printed card
   * has it; the text beside it */
  double top = y + 0.2 + MAX (title_h, 0.35);
  double bottom = y + CARD_H - (owner != CB_NONE ? 0.5 : 0.15);
  double pic_w = 1.0;
  double pic = tw_render_card_picture (cr, def, card, x + 0.15, top + 0.05, pic_w,
                                       MIN (bottom - top - 0.1, 1.1));
  double tx = pic > 0 ? x + 0.25 + pic_w : x + 0.15;
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.33);
  tw_render_text (cr, tx, top, x + CARD_W - 0.15 - tx, 0.26, FALSE, TW_TEXT_LEFT, FALSE, text);
  if (owner != CB_NONE)
    {
      g_autofree char *name = tw_render_seat_name (params, owner);
      /* Translators: on a goal card: the seat that met it */
      g_autofree char *claimed = g_strdup_printf (_("Claimed by %s"), name);
      cairo_set_source_rgb (cr, 0.15, 0.45, 0.2);
      tw_render_text (cr, x + 0.15, y + CARD_H - 0.44, CARD_W - 0.3, 0.27, TRUE, TW_TEXT_LEFT,
                      FALSE, claimed);
    }
}

/* Where placed tile @pl is drawn. */
static void
placed_rect (const CbLayout *L,
             const CbPlaced *pl,
             double         *x,
             double         *y,
             double         *size)
{
  if (pl->board == 0)
    {
      *x = L->sx + (pl->x - L->x0);
      *y = L->sy + (pl->y - L->y0);
      *size = 1.0;
    }
  else
    {
      guint p = pl->board - 1;
      *x = L->gx[p] + (pl->x - L->wx0[p]) * L->pc[p];
      *y = L->gy[p] + (pl->y - L->wy0[p]) * L->pc[p];
      *size = L->pc[p];
    }
}

/* All placed tiles at once, drawn as tw_render_tile() draws one but batched:
 * one path per colour holding every triangle of that colour (filling them
 * together also leaves no seam between triangles of a section), then every
 * section boundary and every outline in one stroke each. A full board is
 * then a handful of cairo operations instead of ten per tile. */
static void
draw_placed_tiles (cairo_t        *cr,
                   const TwGame   *game,
                   const CbView   *v,
                   const CbLayout *L)
{
  const double *fx = tw_draw_corner_x, *fy = tw_draw_corner_y;
  const TwDefinition *def = game->definition;
  const CbPlaced *placed = v->placed;
  double x, y, size;

  if (v->n_placed == 0)
    return;

  cairo_save (cr);
  for (guint c = 0; c < def->n_colors; c++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < v->n_placed; i++)
        {
          const TwTileFace *f = cb_view_face (game, placed[i].inst, placed[i].rot);
          placed_rect (L, &placed[i], &x, &y, &size);
          for (guint d = 0; d < 4; d++)
            if (f->edge[d] == c)
              {
                tw_draw_triangle (cr, x, y, size, d);
                any = TRUE;
              }
        }
      if (any)
        {
          tw_render_set_color (cr, def, c);
          cairo_fill (cr);
        }
    }

  /* section boundaries: from the corner between two sections to the centre */
  for (guint i = 0; i < v->n_placed; i++)
    {
      const TwTileFace *f = cb_view_face (game, placed[i].inst, placed[i].rot);
      placed_rect (L, &placed[i], &x, &y, &size);
      for (guint d = 0; d < 4; d++)
        if (f->section_of[d] != f->section_of[(d + 1) & 3])
          {
            cairo_move_to (cr, x + fx[d + 1] * size, y + fy[d + 1] * size);
            cairo_line_to (cr, x + size / 2, y + size / 2);
          }
    }
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.85);
  cairo_set_line_width (cr, 0.025);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);

  for (guint i = 0; i < v->n_placed; i++)
    {
      placed_rect (L, &placed[i], &x, &y, &size);
      cairo_rectangle (cr, x, y, size, size);
    }
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  cairo_set_line_width (cr, 0.02);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
cb_draw (cairo_t              *cr,
         const TwGame         *game,
         const TwState        *state,
         const TwRenderParams *params)
{
  const TwDefinition *def = game->definition;
  CbView view;
  const CbView *v = &view;
  const TwRenderer *self = tw_renderer_lookup (game->rules->id);
  int to_act;
  CbLayout L;

  cb_view_fill (game, state, &view);
  to_act = v->phase == CB_PHASE_DONE ? -1 : v->current;
  cb_compute_layout (game, v, params, &L);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* shared board */
  tw_render_panel (cr, L.bx, L.by, L.bw, L.bh, FALSE);
  tw_render_ink (cr);
  tw_render_text (cr, L.bx + 0.2, L.by + 0.15, L.bw - 0.4, T_HEAD, TRUE, TW_TEXT_LEFT, FALSE,
                  _("Shared board"));
  tw_draw_grid (cr, L.sx, L.sy, L.nx, L.ny, 1.0);

  /* private boards */
  for (guint p = 0; p < v->n_players; p++)
    {
      g_autofree char *name = tw_render_seat_name (params, p);
      g_autofree char *head = NULL;
      int score = cb_view_score (game, v, p);

      tw_render_panel (cr, L.px[p], L.py[p], L.pw, L.ph, (int) p == to_act);
      /* Translators: a seat's panel title: name and points */
      head = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %d point", "%s · %d points",
                                           ABS (score)), name, score);
      tw_render_ink (cr);
      tw_render_text_line (cr, L.px[p] + 0.2, L.py[p] + 0.15, L.pw - 0.4, T_TITLE, TRUE,
                           TW_TEXT_LEFT, head);
      /* chosen colours, with what each scored */
      double cx = L.px[p] + 0.2, cy = L.py[p] + HEAD;
      if (v->n_chosen[p] == 0)
        {
          cairo_set_source_rgb (cr, 0.45, 0.45, 0.48);
          tw_render_text_line (cr, cx, cy, L.pw - 0.4, T_SMALL, FALSE, TW_TEXT_LEFT,
                               _("No colour yet"));
        }
      for (guint i = 0; i < v->n_chosen[p]; i++)
        {
          char num[16];
          tw_render_rounded_rect (cr, cx, cy + 0.02, 0.36, 0.36, 0.06);
          tw_render_set_color (cr, def, v->chosen[p][i]);
          cairo_fill (cr);
          g_snprintf (num, sizeof num, "%d", v->product[p][i]);
          tw_render_ink (cr);
          tw_render_text (cr, cx + 0.45, cy, -1, T_SMALL, FALSE, TW_TEXT_LEFT, FALSE, num);
          cx += 1.2;
        }
      tw_draw_grid (cr, L.gx[p], L.gy[p], L.wnx[p], L.wny[p], L.pc[p]);
      if (v->n_private[p] > 0 && L.wnx[p] == L.k && L.wny[p] == L.k)
        {
          /* the footprint is fixed: frame it */
          cairo_rectangle (cr, L.gx[p], L.gy[p], L.k * L.pc[p], L.k * L.pc[p]);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
          cairo_set_line_width (cr, 0.05);
          cairo_stroke (cr);
        }
    }

  /* every placed tile, on whichever board */
  draw_placed_tiles (cr, game, v, &L);

  /* the last move, marked with a ring */
  if (params->last_move != NULL && params->last_state != NULL)
    {
      TwRect r;
      if (cb_move_region (game, params->last_state, params->last_move, params, &r))
        {
          /* regions are computed against the state before the move: map the
           * cell through this state's layout instead */
          const TwMove *m = params->last_move;
          CbView before_view;
          const CbView *before = &before_view;
          cb_view_fill (game, params->last_state, &before_view);
          if (m->a == 0)
            r = (TwRect) { L.sx + (m->x - L.x0), L.sy + (m->y - L.y0), 1, 1 };
          else if (before->current < v->n_players)
            {
              guint p = before->current;
              r = (TwRect) { L.gx[p] + (m->x - L.wx0[p]) * L.pc[p],
                             L.gy[p] + (m->y - L.wy0[p]) * L.pc[p], L.pc[p], L.pc[p] };
            }
          cairo_rectangle (cr, r.x, r.y, r.width, r.height);
          cairo_set_source_rgb (cr, 1, 0.85, 0.2);
          cairo_set_line_width (cr, r.width * 0.07);
          cairo_stroke (cr);
        }
    }

  /* the tile to play or the draft row */
  tw_render_panel (cr, L.tx, L.ty, L.tw, L.th, FALSE);
  tw_render_ink (cr);
  if (v->phase == CB_PHASE_DRAFT)
    {
      tw_render_text (cr, L.tx + 0.2, L.ty + 0.15, L.tw - 0.4, T_TITLE, TRUE, TW_TEXT_LEFT, FALSE,
                      _("Draft row"));
      for (guint i = 0; i < v->draft_len; i++)
        {
          char num[8];
          double x = L.tx + 0.3 + i * 1.2;
          tw_render_board_tile (cr, def, cb_inst_def (game, v->draft[i]), 0, x, L.ty + HEAD + 0.1, 1.0);
          g_snprintf (num, sizeof num, "%u", i + 1);
          tw_render_ink (cr);
          tw_render_text (cr, x, L.ty + HEAD + 1.15, 1.0, T_SMALL, FALSE, TW_TEXT_CENTER, FALSE,
                          num);
        }
    }
  else
    {
      g_autofree char *deck = NULL;
      const char *what = v->phase == CB_PHASE_PLACE ? _("Tile to play")
                         : v->phase == CB_PHASE_DONE ? _("Game over")
                         : _("Choose a colour to score");
      tw_render_text_line (cr, L.tx + 0.2, L.ty + 0.15, L.tw - 0.4, T_TITLE, TRUE, TW_TEXT_LEFT,
                           what);
      if (v->phase == CB_PHASE_PLACE && v->tile != CB_NONE)
        {
          const TwTileDef *tile = cb_inst_def (game, v->tile);
          tw_render_board_tile (cr, def, tile, 0, L.tx + 0.3, L.ty + HEAD + 0.05, 1.2);
          tw_render_ink (cr);
          tw_render_text (cr, L.tx + 1.75, L.ty + HEAD + 0.05, L.tw - 2.0, T_SMALL, FALSE,
                          TW_TEXT_LEFT, FALSE, tile->name ? tile->name : tile->id);
        }
      deck = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile in the stack",
                                           "%u tiles in the stack", v->deck_len), v->deck_len);
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.43);
      tw_render_text (cr, v->phase == CB_PHASE_PLACE ? L.tx + 1.75 : L.tx + 0.2,
                      L.ty + HEAD + (v->phase == CB_PHASE_PLACE ? 0.65 : 0.1), L.tw - 2.0,
                      T_SMALL, FALSE, TW_TEXT_LEFT, FALSE, deck);
    }

  /* goals */
  if (v->n_goals > 0)
    {
      tw_render_ink (cr);
      tw_render_text (cr, L.cx, L.cy, -1, T_HEAD, TRUE, TW_TEXT_LEFT, FALSE, _("Goals"));
      for (guint g = 0; g < v->n_goals; g++)
        if (L.arrangement != CB_GOALS_RIGHT)
          draw_goal (cr, game, v, params, g, L.cx + (g % L.per_row) * (CARD_W + 0.3),
                     L.cy + HEAD + (g / L.per_row) * (CARD_H + 0.3));
        else
          draw_goal (cr, game, v, params, g, L.cx + (g / L.per_col) * (CARD_W + 0.3),
                     L.cy + HEAD + (g % L.per_col) * (CARD_H + 0.3));
    }

  tw_render_targets (cr, self, game, state, params);
  draw_preview (cr, game, state, v, params);
}

const TwRenderer tw_renderer_colorblock = {
  .rules_id = "colorblock",
  .layout = cb_layout,
  .draw = cb_draw,
  .move_region = cb_move_region,
  .move_source = cb_move_source,
};
