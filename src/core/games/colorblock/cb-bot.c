/* cb-bot.c: what the bots know of Colorblock
 *
 * The heuristic (how good a position is for a seat) and the playout policy
 * (which move a simulated player makes). Nothing here decides what is legal:
 * the rules are in cb-rules.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cb-private.h"

/* ------------------------------------------------------------------------ */
/* How the bots judge a position (doc/rules/colorblock.md)                  */

/* The heuristic estimates each seat's final score, in points, and returns
 * the mover's estimate minus the best other seat's:
 *
 *   E = max over colours c of  P_c x S_c  (+ an open first-to-score goal)
 *       + stars claimed + stars of goals within reach
 *       + private-board progress
 *
 *  - P_c, the completed c shapes the seat will have on its private board:
 *    those completed, plus each open private shape weighted by its chance to
 *    close: every empty cell it faces must be filled in time (1 - (1 - f)^t,
 *    f the share of the tiles left that fit that cell, t the seat's turns
 *    left), CB_H_GROW per open edge for the new edges a filler brings, and
 *    no chance at all when it faces a cell outside the k x k footprint (the
 *    board's edge) or a cell no tile left can fill.
 *  - S_c, the completed c shapes of the shared board at the end: those
 *    completed, open shared shapes at CB_H_OPEN_SHARED^open, and the shapes
 *    the remaining tiles will complete (CB_H_SHARED_RATE per tile, spread
 *    over the colours).
 *  - The colour is the one the seat will choose: the best product, as at
 *    the end (the product rewards one colour on both boards).
 *  - Goals within reach: an open private shape that meets an unclaimed goal
 *    as it stands, at its chance to close; Palette at the chance of a
 *    completed shape in every colour.
 *  - Progress towards the main ending (a full private board):
 *    CB_H_TILE per private tile, CB_H_FULL for a full board, and
 *    CB_H_RISK for each needed empty cell at the chance that no fitting tile
 *    comes in time: a hole that nothing fits any more means the board can
 *    never fill.
 *  - A seat that has chosen its colour is worth its score; a finished game
 *    its final scores. "Turns left" are the tiles left divided among the
 *    seats, shortened when some board is about to fill.
 */
#define CB_H_GROW          0.7
#define CB_H_OPEN_SHARED   0.45
#define CB_H_SHARED_RATE   0.17
#define CB_H_PRIVATE_RATE  0.12
#define CB_H_FIRST_TO_SCORE 0.5
#define CB_H_TILE          0.4
#define CB_H_FULL          1.5
#define CB_H_RISK          1.0
#define CB_H_FREE_CELL     0.6   /* a cell with no neighbour yet: most tiles will fit */

/* What the tiles still to come (stack, hand, draft row) are: a count per tile
 * definition; the colours of a cell's neighbours then tell how many fit. */
typedef struct
{
  guint8 count[256];
  guint  n_defs;
  guint  total;
} CbTilesLeft;

static void
tiles_left (const TwGame  *game,
            const CbState *s,
            CbTilesLeft   *out)
{
  const CbPrep *p = cb_prep (game);
  const guint8 *loc = CB_LOC (p, s);

  out->n_defs = MIN (game->definition->n_tiles, G_N_ELEMENTS (out->count));
  memset (out->count, 0, out->n_defs);
  out->total = 0;
  for (guint t = 0; t < p->n_inst; t++)
    if ((loc[t] == CB_LOC_DECK || loc[t] == CB_LOC_HAND) && p->inst_def[t] < out->n_defs)
      {
        out->count[p->inst_def[t]]++;
        out->total++;
      }
}

/* The share of the tiles to come that fit a cell whose neighbours require
 * @req under @mask. */
static double
fit_share (const TwGame      *game,
           const CbTilesLeft *left,
           guint16            req,
           guint16            mask)
{
  const CbPrep *p = cb_prep (game);
  gboolean turn = cb_opt (game, CB_OPT_ROTATION);
  guint n = 0;

  if (mask == 0)
    return CB_H_FREE_CELL;
  if (left->total == 0)
    return 0;
  for (guint d = 0; d < left->n_defs; d++)
    {
      if (left->count[d] == 0)
        continue;
      guint n_rots = turn ? p->n_rotations[d] : 1;
      for (guint r = 0; r < n_rots; r++)
        if ((p->faces[d][turn ? p->rotations[d][r] : 0].packed & mask) == req)
          {
            n += left->count[d];
            break;
          }
    }
  return (double) n / left->total;
}

/* The requirement of private cell (x, y) of @seat, as cell_requirement(). */
static inline void
private_requirement (const CbPrep  *p,
                     const CbState *s,
                     guint          seat,
                     int            x,
                     int            y,
                     guint16       *req,
                     guint16       *mask)
{
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint8 *pg = s->pgrid[seat];
  int c = cb_private_cell (x, y);

  *req = *mask = 0;
  for (guint d = 0; d < 4; d++)
    {
      guint8 j = pg[c + tw_dir_dx[d] + CB_PW * tw_dir_dy[d]];
      if (j == CB_NONE)
        continue;
      *req |= (guint16) (cb_inst_face (p, placed[j].inst, placed[j].rot)->edge[tw_dir_opposite (d)]) << (4 * d);
      *mask |= (guint16) 0xf << (4 * d);
    }
}

/* A seat's private board as the heuristic sees it. */
typedef struct
{
  double pot[TW_MAX_COLORS];   /* expected further completed shapes per colour */
  double goals;                /* stars of goals within reach, weighted */
  double risk;                 /* expected needed cells never filled */
  double turns_to_fill;        /* rough own turns until the board is full */
} CbPrivateOutlook;

#define CB_H_MAX_ROOTS (CB_MAX_PRIVATE * CB_MAX_PRIVATE * 4)

static void
private_outlook (const TwGame      *game,
                 const CbState     *s,
                 guint              seat,
                 const CbTilesLeft *left,
                 double             turns,
                 CbPrivateOutlook  *out)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  const guint16 *open = CB_OPEN (p, s);
  const guint8 *flags = CB_FLAGS (p, s);
  const guint8 *pg = s->pgrid[seat];
  guint k = cb_private_side (game);
  guint16 roots[CB_H_MAX_ROOTS];
  double chance[CB_H_MAX_ROOTS];
  CbShape shape[CB_H_MAX_ROOTS];
  guint n_roots = 0;
  double cell_fill[CB_PW * CB_PW];

  memset (out, 0, sizeof *out);
  if (s->n_private[seat] == 0)
    {
      out->turns_to_fill = k * k / CB_H_FREE_CELL;
      return;
    }

  /* every empty cell next to the board or inside its box: the chance that a
   * fitting tile comes in time; a needed cell (inside the box) that stays
   * empty keeps the board from filling */
  int x0 = s->pxmin[seat] - 1, x1 = s->pxmax[seat] + 1;
  int y0 = s->pymin[seat] - 1, y1 = s->pymax[seat] + 1;
  guint box = (guint) (s->pxmax[seat] - s->pxmin[seat] + 1) * (s->pymax[seat] - s->pymin[seat] + 1);
  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        /* the window's margin holds every neighbour of the footprint */
        int c = (y + CB_MAX_PRIVATE) * CB_PW + (x + CB_MAX_PRIVATE);
        if (pg[c] != CB_NONE)
          continue;
        gboolean inside = x > x0 && x < x1 && y > y0 && y < y1;
        if (!inside && (cb_private_cell (x, y) < 0 || !cb_private_fits (game, s, seat, x, y)))
          {
            cell_fill[c] = 0;
            continue;
          }
        guint16 req, mask;
        private_requirement (p, s, seat, x, y, &req, &mask);
        double f = fit_share (game, left, req, mask);
        double miss = f >= 1 ? 0 : exp (turns * log1p (-f));
        cell_fill[c] = 1 - miss;
        if (inside)
          {
            out->risk += miss;
            out->turns_to_fill += 1 / MAX (f, 0.02);
          }
      }
  if (k * k > box)
    out->turns_to_fill += (k * k - box) / CB_H_FREE_CELL;

  /* open shapes: the cells each one faces */
  for (int y = s->pymin[seat]; y <= s->pymax[seat]; y++)
    for (int x = s->pxmin[seat]; x <= s->pxmax[seat]; x++)
      {
        guint8 i = pg[cb_private_cell (x, y)];
        if (i == CB_NONE)
          continue;
        const TwTileFace *f = cb_inst_face (p, placed[i].inst, placed[i].rot);
        for (guint sec = 0; sec < f->n_sections; sec++)
          {
            guint16 r = tw_uf_root (parent, 4 * i + sec);
            guint n;
            if (flags[r] & CB_SHAPE_COMPLETE)
              continue;
            for (n = 0; n < n_roots && roots[n] != r; n++)
              ;
            if (n == n_roots)
              {
                roots[n_roots] = r;
                /* a closed shape with a hole waits for the hole's tile */
                chance[n_roots] = open[r] == 0 ? 0.5 : 1.0;
                memset (&shape[n_roots], 0, sizeof shape[n_roots]);
                shape[n_roots].board = 1 + seat;
                shape[n_roots].completed = TRUE;   /* goals are judged as if it closed */
                shape[n_roots].color = f->section_color[sec];
                n_roots++;
              }
            CbShape *sh = &shape[n];
            if (sh->n_tiles < TW_POLY_MAX_CELLS
                && (sh->n_tiles == 0 || sh->footprint.x[sh->n_tiles - 1] != x
                    || sh->footprint.y[sh->n_tiles - 1] != y))
              {
                sh->footprint.x[sh->n_tiles] = (gint8) x;
                sh->footprint.y[sh->n_tiles] = (gint8) y;
                sh->n_tiles++;
              }
            for (guint d = 0; d < 4; d++)
              {
                if (!(f->section_mask[sec] & (1u << d)))
                  continue;
                int c = cb_private_cell (x, y) + tw_dir_dx[d] + CB_PW * tw_dir_dy[d];
                if (pg[c] != CB_NONE)
                  continue;
                chance[n] *= cell_fill[c] * CB_H_GROW;
              }
          }
      }

  for (guint n = 0; n < n_roots; n++)
    {
      CbShape *sh = &shape[n];
      out->pot[sh->color] += chance[n];
      if (chance[n] <= 0 || s->n_goals == 0)
        continue;
      sh->footprint.n = sh->n_tiles;
      tw_polyomino_normalize (&sh->footprint);
      for (guint g = 0; g < s->n_goals; g++)
        if (s->goal_owner[g] == CB_NONE
            && cb_goal_met (game, s, seat, s->goal_card[g], sh))
          out->goals += chance[n] * game->definition->cards[s->goal_card[g]].points;
    }
}

double
cb_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const CbPrep *p = cb_prep (game);
  const CbState *s = (const CbState *) state;
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  const guint16 *open = CB_OPEN (p, s);
  const guint8 *flags = CB_FLAGS (p, s);
  const TwDefinition *def = game->definition;
  guint n = s->n_players, k = cb_private_side (game);
  double value[CB_MAX_PLAYERS], shared[TW_MAX_COLORS] = { 0 };
  CbPrivateOutlook outlook[CB_MAX_PLAYERS];
  CbTilesLeft left;

  if (s->phase == CB_PHASE_DONE)
    {
      for (guint q = 0; q < n; q++)
        value[q] = cb_total_score (game, s, q);
    }
  else
    {
      tiles_left (game, s, &left);

      /* turns left: the tiles left, or fewer when a board is about to fill */
      double turns = (double) left.total / n;
      if (s->ending)
        turns = 1;
      double horizon = turns;
      for (guint q = 0; q < n; q++)
        {
          private_outlook (game, s, q, &left, turns, &outlook[q]);
          if (s->n_chosen[q] == 0)
            horizon = MIN (horizon, outlook[q].turns_to_fill);
        }

      /* the shared board: open shapes and the completions still to come */
      for (guint node = 0; node < 4u * s->n_placed; node++)
        {
          const CbPlaced *pl = &placed[node / 4];
          const TwTileFace *f;
          if (parent[node] != node || pl->board != 0 || (flags[node] & CB_SHAPE_COMPLETE))
            continue;
          f = cb_inst_face (p, pl->inst, pl->rot);
          if (node % 4 >= f->n_sections)
            continue;
          shared[f->section_color[node % 4]] += open[node] == 0 ? 0.5
                                                : pow (CB_H_OPEN_SHARED, open[node]);
        }
      for (guint c = 0; c < p->n_colors; c++)
        shared[c] = shared[c] * MIN (1.0, horizon / 3) + s->done_shared[c]
                    + CB_H_SHARED_RATE * horizon * n / p->n_colors;

      for (guint q = 0; q < n; q++)
        {
          if (s->n_chosen[q] > 0)
            {
              value[q] = cb_total_score (game, s, q);
              continue;
            }
          double cells = (double) k * k - s->n_private[q];
          double best = 0;
          for (guint c = 0; c < p->n_colors; c++)
            {
              double priv = s->done_private[q][c] + outlook[q].pot[c]
                            + CB_H_PRIVATE_RATE * MIN (cells, horizon) / p->n_colors;
              double v = priv * shared[c];
              for (guint g = 0; g < s->n_goals; g++)
                {
                  const TwCardDef *card = &def->cards[s->goal_card[g]];
                  if (s->goal_owner[g] == CB_NONE && card->kind == CB_GOAL_FIRST_TO_SCORE
                      && card->params[0] == (int) c)
                    v += CB_H_FIRST_TO_SCORE * card->points;
                }
              best = MAX (best, v);
            }
          double palette = 1;
          for (guint c = 0; c < p->n_colors; c++)
            palette *= MIN (1.0, s->done_private[q][c] + outlook[q].pot[c]);
          for (guint g = 0; g < s->n_goals; g++)
            if (s->goal_owner[g] == CB_NONE
                && def->cards[s->goal_card[g]].kind == CB_GOAL_PRIVATE_ALL_COLORS)
              best += palette * def->cards[s->goal_card[g]].points;
          value[q] = best + cb_total_score (game, s, q) + outlook[q].goals
                     + CB_H_TILE * s->n_private[q]
                     + (s->n_private[q] >= k * k ? CB_H_FULL : 0)
                     - CB_H_RISK * outlook[q].risk;
        }
    }

  double other = -G_MAXDOUBLE;
  for (guint q = 0; q < n; q++)
    if (q != player)
      other = MAX (other, value[q]);
  return value[player] - other;
}

/* The playout policy (doc/rules/colorblock.md): a colour choice takes the
 * best product (with an open first-to-score goal's stars); a placement is
 * drawn with a weight that grows with what it does, read from the move and
 * the shapes it touches, without playing it:
 *   1, plus for every shape it would complete (all its open edges closed),
 *   1 + CB_P_COMPLETE x what the shape multiplies (on the shared board the
 *   mover's private shapes of that colour, on the private board the shared
 *   ones), plus CB_P_NEAR for a shape left one edge from closing;
 *   x CB_P_PRIVATE on the mover's own private board before the ending
 *   (filling it is the main ending), x CB_P_HOLE for every needed empty cell
 *   it would leave with three or more neighbours (hard to fill).
 * A draft discard (only offered for a tile that fits nowhere) weighs 1.
 * The private weight is large because filling the private board is what
 * wins: the policy bot against greedy (2 players, 1000 games) won 20.5% of
 * the wins with x4, 28.7% with x10, 36.1% with x25 and 40.5% with x60; it
 * wins 84.5% (seat 1) and 81.3% (seat 2) against random. */
#define CB_P_COMPLETE 1.5
#define CB_P_NEAR     0.3
#define CB_P_PRIVATE  50.0
#define CB_P_HOLE     0.1

static double
placement_weight (const TwGame  *game,
                  const CbState *s,
                  guint          seat,
                  const TwMove  *m)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  const guint16 *open = CB_OPEN (p, s);
  guint board = m->a == 0 ? 0 : 1 + seat;
  guint inst = s->phase == CB_PHASE_DRAFT ? s->draft[m->c] : s->tile;
  const TwTileFace *f = cb_inst_face (p, inst, m->b);
  guint8 nb[4];
  guint16 nroot[4];
  double w = 1;

  for (guint d = 0; d < 4; d++)
    {
      nb[d] = cb_board_at (game, s, board, m->x + tw_dir_dx[d], m->y + tw_dir_dy[d]);
      nroot[d] = TW_EDGE_OPEN;
      if (nb[d] != CB_NONE)
        {
          /* edges match, so every neighbour joins */
          const CbPlaced *pl = &placed[nb[d]];
          nroot[d] = tw_uf_root (parent, 4 * nb[d] + cb_inst_face (p, pl->inst, pl->rot)->section_of[tw_dir_opposite (d)]);
        }
    }

  for (guint sec = 0; sec < f->n_sections; sec++)
    {
      guint16 joined[4];
      guint n_joined;
      int left = tw_section_open_after (f, sec, nroot, open, joined, &n_joined);
      guint c = f->section_color[sec];
      if (left == 0)
        w += 1 + CB_P_COMPLETE * (board == 0 ? s->done_private[seat][c] : s->done_shared[c]);
      else if (left == 1)
        w += CB_P_NEAR;
    }

  if (board != 0 && !s->ending)
    {
      w *= CB_P_PRIVATE;
      /* empty cells of the footprint this tile would hem in */
      for (guint d = 0; d < 4; d++)
        {
          int x = m->x + tw_dir_dx[d], y = m->y + tw_dir_dy[d];
          guint n_full = 1;
          if (nb[d] != CB_NONE || cb_private_cell (x, y) < 0 || !cb_private_fits (game, s, seat, x, y))
            continue;
          for (guint e = 0; e < 4; e++)
            {
              int nx = x + tw_dir_dx[e], ny = y + tw_dir_dy[e];
              if ((nx != m->x || ny != m->y) && cb_board_at (game, s, board, nx, ny) != CB_NONE)
                n_full++;
            }
          if (n_full >= 3)
            w *= CB_P_HOLE;
        }
    }
  return w;
}

guint
cb_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;
  guint seat = s->current;
  TwWeightedPick pick = { 0, 0 };

  if (s->phase == CB_PHASE_CHOOSE || s->phase == CB_PHASE_LIGHTNING)
    {
      /* the best colour, ties drawn evenly */
      double best = -1;
      guint chosen = 0, n_best = 0;
      for (guint i = 0; i < moves->len; i++)
        {
          const TwMove *m = &moves->moves[i];
          double v;
          if (m->kind != CB_MOVE_COLOR)
            continue;
          v = s->done_private[seat][m->a] * s->done_shared[m->a];
          for (guint g = 0; g < s->n_goals && s->n_chosen[seat] == 0; g++)
            if (s->goal_owner[g] == CB_NONE
                && def->cards[s->goal_card[g]].kind == CB_GOAL_FIRST_TO_SCORE
                && def->cards[s->goal_card[g]].params[0] == (int) m->a)
              v += def->cards[s->goal_card[g]].points;
          if (v > best)
            {
              best = v;
              chosen = i;
              n_best = 1;
            }
          else if (v == best && tw_rng_below (rng, ++n_best) == 0)
            chosen = i;
        }
      return chosen;
    }

  for (guint i = 0; i < moves->len; i++)
    {
      const TwMove *m = &moves->moves[i];
      tw_weighted_pick_offer (&pick, i, m->kind == CB_MOVE_PLACE ? placement_weight (game, s, seat, m) : 1,
                              rng);
    }
  return pick.chosen;
}
