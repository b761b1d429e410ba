/* cs-bot.c: what the bots know of Color Shift
 *
 * The heuristic (how good a position is for a seat) and the playout policy
 * (which move a simulated player makes). Nothing here decides what is legal:
 * the rules are in cs-rules.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-private.h"

/* ------------------------------------------------------------------------ */
/* How the bots judge a position (doc/rules/color-shift.md)                 */

/* The heuristic estimates each seat's final score, in points, and returns
 * the mover's estimate minus the best other seat's:
 *
 *   E = points scored
 *       + for each standing meeple, what its area will pay it
 *       + for each meeple in the supply or lying down, what a later action
 *         can still make of it
 *       + on the mover's own action step, the best area of the tile just
 *         placed for a meeple from the supply
 *
 *  - An area pays a standing meeple its tiles if it completes and half of
 *    them (the end-game rate) if not. An area with no open edge completes
 *    this turn (quick score: certain). With k open edges it is expected to
 *    end at tiles + CS_H_GROW x k x tau tiles and to complete with chance
 *    tau x CS_H_CLOSE^k, tau = L / (L + CS_H_TAU) for L tiles still to be
 *    played: at the end tau is 0 and the estimate is the end-game score.
 *  - A free meeple (in the supply, or lying: walking stands it up) is worth
 *    CS_H_FREE while its owner has turns to use it: n free meeples are
 *    worth CS_H_FREE x min (n, turns / 2). Placing one costs what the
 *    supply loses by it, so with more meeples than turns a meeple is placed
 *    on any area that pays, and the bots place and stand meeples rather than
 *    hoard them.
 *  - Shifts have no term of their own: a shift is judged by what it does to
 *    the areas (closing one under a meeple, joining areas, opening a rival's).
 */
#define CS_H_GROW   0.6
#define CS_H_CLOSE  0.7
#define CS_H_TAU    8.0
#define CS_H_FREE   1.5

/* What a standing meeple in the area of @root can expect from it. */
static double
area_outlook (const TwGame  *game,
              const CsState *s,
              guint16        root,
              double         tau)
{
  const CsPrep *p = cs_prep (game);
  guint k = CS_OPEN (p, s)[root];
  double n = cs_area_tiles (game, s, root, NULL);

  if (k == 0)
    return n;
  double size = n + CS_H_GROW * k * tau;
  double close = tau * pow (CS_H_CLOSE, k);
  return size * (close + (1 - close) / 2);
}

/* What @n free meeples are worth with @turns turns left to use them. */
static inline double
free_meeples (guint  n,
              double turns)
{
  return CS_H_FREE * MIN ((double) n, turns / 2);
}

double
cs_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  guint n_meeples = (guint) cs_opt (game, CS_OPT_MEEPLES);
  double value[CS_MAX_PLAYERS];
  double left = s->deck_len;

  for (guint q = 0; q < s->n_players; q++)
    left += s->hand_len[q];
  double tau = left / (left + CS_H_TAU);

  for (guint q = 0; q < s->n_players; q++)
    {
      guint n_free = 0;
      double turns;
      value[q] = cs_total_score (s, q);
      if (s->phase == CS_PHASE_DONE)
        continue;
      for (guint k = 0; k < n_meeples; k++)
        {
          const CsMeeple *m = &s->meeple[q][k];
          if (m->tile == CS_NONE || !m->standing)
            {
              n_free++;
              continue;
            }
          value[q] += area_outlook (game, s, cs_area_of (p, s, m->tile, m->sec), tau);
        }
      /* the turns this seat still has: its share of the tiles to play */
      turns = left / s->n_players;
      value[q] += free_meeples (n_free, turns);

      /* the action still to take: a supply meeple on the placed tile */
      if (q == s->current && s->phase == CS_PHASE_ACTION && s->placed != CS_NONE
          && cs_first_supply_meeple (game, s, q) >= 0)
        {
          const CsPlaced *pl = &CS_PLACED (p, s)[s->placed];
          const TwTileFace *f = cs_face (p, pl->inst, pl->rot);
          double best = 0;
          for (guint sec = 0; sec < f->n_sections; sec++)
            {
              guint16 root = cs_area_of (p, s, s->placed, sec);
              if (cs_area_finished (p, s, root) || cs_area_has_standing (p, s, root, NULL))
                continue;
              best = MAX (best, area_outlook (game, s, root, tau)
                                - (free_meeples (n_free, turns) - free_meeples (n_free - 1, turns)));
            }
          value[q] += best;
        }
    }

  double other = -G_MAXDOUBLE;
  for (guint q = 0; q < s->n_players; q++)
    if (q != player)
      other = MAX (other, value[q]);
  return value[player] - other;
}

/* The playout policy (doc/rules/color-shift.md): a weight per move from the
 * move and the areas it touches, without playing it, then a weighted draw.
 *  - Placing a tile: 1 + CS_P_TOUCH per neighbour (closing edges is what
 *    completes areas), + CS_P_MINE for each area under the mover's standing
 *    meeple it would complete, + CS_P_QUICK for an area it would complete
 *    with nobody on it while the mover has a supply meeple (quick score),
 *    x CS_P_RIVAL for each area it would complete for the others only.
 *  - A meeple from the supply: CS_P_MEEPLE, x (1 + CS_P_QUICK) on an area
 *    already closed (it scores at the end of the turn), else larger the
 *    fewer its open edges.
 *  - Walking: standing a lying meeple (or one on a finished area) up on an
 *    open, free area weighs like a placement; leaving an open area one
 *    stands on, or walking to where it must lie down, CS_P_POINTLESS; onto
 *    an area already closed (quick score) like such a meeple placement. But
 *    for the quick scores, the walks' weights are scaled so that all walks
 *    together weigh about as much as CS_P_WALKS moves: there are dozens.
 *  - A shift CS_P_SHIFT, passing CS_P_PASS, a discard 1.
 */
#define CS_P_TOUCH     0.5
#define CS_P_MINE      4.0
#define CS_P_QUICK     2.0
#define CS_P_RIVAL     0.5
#define CS_P_MEEPLE    3.0
#define CS_P_POINTLESS 0.02
#define CS_P_WALKS     4.0
#define CS_P_SHIFT     0.5
#define CS_P_PASS      0.1

#define CS_NODE_WORDS ((4 * CS_MAX_TILES + 63) / 64)

typedef struct
{
  guint64 mine[CS_NODE_WORDS];    /* roots with a standing meeple of the mover */
  guint64 any[CS_NODE_WORDS];     /* roots with any standing meeple */
} CsStanding;

static inline gboolean
node_in (const guint64 *set,
         guint16        n)
{
  return (set[n >> 6] >> (n & 63)) & 1;
}

/* What completing the area of @root is worth to the mover's playout. */
static double
completion_weight (const CsStanding *st,
                   guint16           root,
                   gboolean          supply,
                   double           *factor)
{
  if (node_in (st->mine, root))
    return CS_P_MINE;
  if (node_in (st->any, root))
    {
      *factor *= CS_P_RIVAL;
      return 0;
    }
  return supply ? CS_P_QUICK : 0;
}

/* What a placement's weight needs to know of the tiles around its cell,
 * the same for every tile and rotation tried there (the generator lists a
 * cell's placements together): per side the neighbour's edge and area
 * (root TW_EDGE_OPEN where there is none). */
typedef struct
{
  int      x, y;
  gboolean valid;
  guint    n_nb;
  guint8   edge[4];
  guint16  root[4];
} CsCellNeighbours;

static void
cell_neighbours (const CsPrep     *p,
                 const CsState    *s,
                 int               x,
                 int               y,
                 CsCellNeighbours *cn)
{
  const CsPlaced *placed = CS_PLACED (p, s);

  cn->x = x;
  cn->y = y;
  cn->valid = TRUE;
  cn->n_nb = 0;
  for (guint d = 0; d < 4; d++)
    {
      guint8 j = cs_at (p, s, x + tw_dir_dx[d], y + tw_dir_dy[d]);

      cn->root[d] = TW_EDGE_OPEN;
      cn->edge[d] = 0;
      if (j == CS_NONE)
        continue;
      const TwTileFace *g = cs_face (p, placed[j].inst, placed[j].rot);
      cn->n_nb++;
      cn->root[d] = cs_area_of (p, s, j, g->section_of[tw_dir_opposite (d)]);
      cn->edge[d] = g->edge[tw_dir_opposite (d)];
    }
}

static double
placement_weight (const TwGame     *game,
                  const CsState    *s,
                  const CsStanding *st,
                  CsCellNeighbours *cn,
                  const TwMove     *m,
                  gboolean          supply)
{
  const CsPrep *p = cs_prep (game);
  const guint16 *open = CS_OPEN (p, s);
  const TwTileFace *f = cs_face (p, s->hand[s->current][m->c], m->b);
  guint16 nroot[4];
  double w = 1, factor = 1;

  if (!cn->valid || cn->x != m->x || cn->y != m->y)
    cell_neighbours (p, s, m->x, m->y, cn);
  for (guint d = 0; d < 4; d++)
    {
      guint16 r = cn->root[d];

      nroot[d] = r;
      if (r != TW_EDGE_OPEN && cn->edge[d] != f->edge[d])
        {
          /* a mismatched edge closes that area without joining it: it
           * completes if that was its last open edge */
          nroot[d] = TW_EDGE_CLOSED;
          if (open[r] == 1)
            w += completion_weight (st, r, supply, &factor);
        }
    }
  w += CS_P_TOUCH * cn->n_nb;

  for (guint sec = 0; sec < f->n_sections; sec++)
    {
      guint16 joined[4];
      guint n_joined;
      if (tw_section_open_after (f, sec, nroot, open, joined, &n_joined) != 0)
        continue;
      double best = 0;
      for (guint k = 0; k < n_joined; k++)
        best = MAX (best, completion_weight (st, joined[k], supply, &factor));
      w += best;
    }
  return w * factor;
}

guint
cs_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  const guint16 *open = CS_OPEN (p, s);
  guint seat = s->current;
  gboolean supply = cs_first_supply_meeple (game, s, seat) >= 0;
  TwWeightedPick pick = { 0, 0 };
  CsStanding st;
  CsCellNeighbours cn = { .valid = FALSE };
  guint n_walks = 0;

  memset (&st, 0, sizeof st);
  for (guint q = 0; q < s->n_players; q++)
    for (guint k = 0; k < CS_MAX_MEEPLES; k++)
      {
        const CsMeeple *mp = &s->meeple[q][k];
        if (mp->tile == CS_NONE || !mp->standing)
          continue;
        guint16 r = cs_area_of (p, s, mp->tile, mp->sec);
        st.any[r >> 6] |= G_GUINT64_CONSTANT (1) << (r & 63);
        if (q == seat)
          st.mine[r >> 6] |= G_GUINT64_CONSTANT (1) << (r & 63);
      }
  for (guint i = 0; i < moves->len; i++)
    n_walks += moves->moves[i].kind == CS_MOVE_WALK;
  double walk_scale = n_walks > 0 ? MIN (1.0, CS_P_WALKS / n_walks) : 1;

  for (guint i = 0; i < moves->len; i++)
    {
      const TwMove *m = &moves->moves[i];
      double w = 1;
      switch (m->kind)
        {
        case CS_MOVE_PLACE:
          w = placement_weight (game, s, &st, &cn, m, supply);
          break;
        case CS_MOVE_MEEPLE:
          {
            guint k = open[cs_area_of (p, s, s->placed, m->c)];
            w = CS_P_MEEPLE * (k == 0 ? 1 + CS_P_QUICK : 1 + 1.0 / k);
            break;
          }
        case CS_MOVE_WALK:
          {
            const CsMeeple *mp = &s->meeple[seat][m->a];
            guint8 dest = cs_at (p, s, m->x, m->y);
            guint16 to = cs_area_of (p, s, dest, m->c);
            gboolean earning = mp->standing && !cs_area_finished (p, s, cs_area_of (p, s, mp->tile, mp->sec));
            if (cs_area_finished (p, s, to) || (node_in (st.any, to) && to != cs_area_of (p, s, mp->tile, mp->sec)))
              w = CS_P_POINTLESS * walk_scale;
            else if (open[to] == 0)
              w = CS_P_MEEPLE * (1 + CS_P_QUICK);   /* quick score: rare, not scaled */
            else if (earning)
              w = CS_P_POINTLESS * walk_scale;
            else
              w = CS_P_MEEPLE * (1 + 1.0 / open[to]) * walk_scale;
            break;
          }
        case CS_MOVE_SHIFT:
          w = CS_P_SHIFT;
          break;
        case CS_MOVE_PASS:
          w = CS_P_PASS;
          break;
        default:
          break;
        }
      tw_weighted_pick_offer (&pick, i, w, rng);
    }
  return pick.chosen;
}
