/* cf-bot.c: what the bots know of Colorfield
 *
 * The heuristic (how good a position is for a seat) and the playout policy
 * (which move a simulated player makes). Nothing here decides what is legal:
 * the rules are in cf-rules.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cf-private.h"

/* ------------------------------------------------------------------------ */
/* How the bots judge a position (doc/rules/colorfield.md)                  */

/* The points of a canvas of @seat, as the bots weigh a change: the matched
 * sides (2-sides, specialty and Sponge included), Matte Varnish and Paper
 * Lining Tape; the tools that look at the whole canvas or at other players
 * are left to the full count. A tile's points depend on its own sides and
 * its neighbours' only, so a placement is judged by the slots it touches
 * (the playout policy judges every move this way, and it is most of a
 * Colorfield simulation's time). A round-bonus tool (cf-expr.c) counts
 * too, evaluated on the canvas with the change, unless it asks about
 * swaths: the canvas as a whole, as the H-Frame Easel does; one that
 * does not read the seat's canvas (the Mahl Stick's, the others') gains
 * nothing and is not evaluated. */
typedef struct
{
  const TwGame   *game;
  const CfState  *s;
  const CfPrep   *p;
  const guint16  *border;
  guint           seat;
  int             spec;
  int             two[2];          /* a matched 2-side: another colour, the specialty */
  int             total;           /* the canvas as it is */
  int             at[CF_SLOTS];    /* its slots' parts of total */
  guint           expr_mask;       /* the round-bonus tools counted (CfPrep.expr_local,
                                    * expr_own) */
  int             expr;            /* their points, part of total */
} CfCanvas;

/* The counted round-bonus tools' points with the canvas @slot/@rot. */
static inline int
expr_points (const CfCanvas *c,
             const guint8   *slot,
             const guint8   *rot)
{
  CfExprEnv env;

  if (c->expr_mask == 0)
    return 0;
  cf_expr_env_init (&env, c->game, c->s, c->seat, slot, rot);
  return cf_expr_points (&env, c->expr_mask, NULL);
}

/* A matched side's points: cf_side_value() without its lookups. */
static inline int
side_points (const CfCanvas *c,
             gboolean        is_two,
             guint           color)
{
  return is_two ? c->two[(int) color == c->spec] : 1;
}

/* What slot @i of the canvas @slot/@rot scores by itself. */
static int
slot_points (const CfCanvas *c,
             const guint8   *slot,
             const guint8   *rot,
             guint           i)
{
  const CfPrep *p = c->p;
  guint t = slot[i];

  if (t == CF_NONE)
    return 0;
  const guint8 *e = p->edge[t][rot[i]];
  guint two = (p->two[t] + rot[i]) & 3;
  int pts = rot[i] == 0 ? c->s->fx.varnish : 0;
  for (guint d = 0; d < 4; d++)
    {
      int n = p->neighbour[i][d];
      gboolean match;
      if (n >= 0)
        match = slot[n] != CF_NONE && p->edge[slot[n]][rot[n]][tw_dir_opposite (d)] == e[d];
      else
        match = (c->border[p->border_of[i][d]] & (1u << e[d])) != 0;
      if (match)
        pts += side_points (c, d == two, e[d]) + (n < 0 ? c->s->fx.edge_points : 0);
    }
  return pts;
}

static int
canvas_points_of (const CfCanvas *c,
                  const guint8   *slot,
                  const guint8   *rot)
{
  int pts = expr_points (c, slot, rot);
  for (guint i = 0; i < CF_SLOTS; i++)
    pts += slot_points (c, slot, rot, i);
  return pts;
}

/* @seat's canvas as it is, ready to judge changes. */
static void
canvas_init (CfCanvas      *c,
             const TwGame  *game,
             const CfState *s,
             guint          seat)
{
  c->game = game;
  c->s = s;
  c->p = cf_prep (game);
  c->border = cf_border_of (c->p, s, seat);
  c->seat = seat;
  c->spec = cf_specialty (game, s, seat);
  c->two[0] = cf_side_value (game, s, -1, TRUE, 0);
  c->two[1] = c->spec >= 0 ? cf_side_value (game, s, c->spec, TRUE, (guint) c->spec) : 0;
  /* a tool that does not read this canvas gains nothing from a change of it */
  c->expr_mask = s->fx.expr & c->p->expr_local & c->p->expr_own;
  c->expr = expr_points (c, s->slot[seat], s->rot[seat]);
  c->total = c->expr;
  for (guint i = 0; i < CF_SLOTS; i++)
    c->total += c->at[i] = slot_points (c, s->slot[seat], s->rot[seat], i);
}

/* What the canvas gains with tile @t turned @r in @at: the slot itself,
 * and of each neighbour the one side that faces it, change; no other. */
static int
place_gain (const CfCanvas *c,
            guint           at,
            guint           t,
            guint           r)
{
  const CfPrep *p = c->p;
  const guint8 *slot = c->s->slot[c->seat], *rot = c->s->rot[c->seat];
  const guint8 *e = p->edge[t][r];
  const guint8 *was = slot[at] == CF_NONE ? NULL : p->edge[slot[at]][rot[at]];
  guint two = (p->two[t] + r) & 3;
  int gain = (r == 0 ? c->s->fx.varnish : 0) - c->at[at];

  if (c->expr_mask)
    {
      guint8 with_slot[CF_SLOTS], with_rot[CF_SLOTS];
      memcpy (with_slot, slot, sizeof with_slot);
      memcpy (with_rot, rot, sizeof with_rot);
      with_slot[at] = t;
      with_rot[at] = r;
      gain += expr_points (c, with_slot, with_rot) - c->expr;
    }
  for (guint d = 0; d < 4; d++)
    {
      int n = p->neighbour[at][d];
      if (n < 0)
        {
          if (c->border[p->border_of[at][d]] & (1u << e[d]))
            gain += side_points (c, d == two, e[d]) + c->s->fx.edge_points;
          continue;
        }
      guint u = slot[n];
      if (u == CF_NONE)
        continue;
      guint od = tw_dir_opposite (d);
      guint color = p->edge[u][rot[n]][od];
      gboolean is = e[d] == color;
      if (is)
        gain += side_points (c, d == two, color);
      if (is != (was != NULL && was[d] == color))
        {
          int v = side_points (c, od == ((p->two[u] + rot[n]) & 3), color);
          gain += is ? v : -v;
        }
    }
  return gain;
}

static gboolean
slots_adjacent (const CfPrep *p,
                guint         a,
                guint         b)
{
  for (guint d = 0; d < 4; d++)
    if (p->neighbour[a][d] == (int) b)
      return TRUE;
  return FALSE;
}

/* The best gain of tile @t anywhere on the canvas (0: keep the canvas,
 * the tile can always be discarded). */
static int
best_place_gain (const CfCanvas *c,
                 guint           t)
{
  guint n_rot = c->s->fx.free_orient ? 4 : 1;
  int best = 0;

  for (guint i = 0; i < CF_SLOTS; i++)
    for (guint r = 0; r < n_rot; r++)
      best = MAX (best, place_gain (c, i, t, r));
  return best;
}

/* The heuristic, in points, from @player's view: each seat's banked score
 * plus its painting as it would score now (every scoring item: matched
 * sides, unspent tokens, the active tools); the seat placing a drawn tile
 * adds the best it can gain with it (so drawing the better tile counts
 * before it is placed), or the Nylon Filbert Brush's bonus for discarding
 * it. The result is the player's total minus the mean of the best other
 * seat's and the others' average. A token spent on Rotate or Swap costs
 * its point(s) here, so an ability is used only for a larger gain. */
double
cf_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const CfState *s = (const CfState *) state;
  double total[CF_MAX_PLAYERS];
  CfScore sc[CF_MAX_PLAYERS];
  guint n = s->n_players;

  if (s->phase != CF_PHASE_DONE)
    cf_round_points_all (game, s, sc);
  for (guint q = 0; q < n; q++)
    total[q] = s->score[q] + (s->phase != CF_PHASE_DONE ? sc[q].total : 0);
  if (s->phase == CF_PHASE_PLACE && s->n_hand > 0)
    {
      guint q = s->current;
      CfCanvas canvas;
      canvas_init (&canvas, game, s, q);
      int best = cf_may_discard (game, s) ? s->fx.discard_bonus : -100;
      for (guint c = 0; c < s->n_hand; c++)
        best = MAX (best, best_place_gain (&canvas, s->hand[c]));
      total[q] += best;
    }
  if (n < 2)
    return total[player];
  double best = -G_MAXDOUBLE, sum = 0;
  for (guint q = 0; q < n; q++)
    if (q != player)
      {
        best = MAX (best, total[q]);
        sum += total[q];
      }
  return total[player] - 0.5 * (best + sum / (n - 1));
}

/* The playout policy: the move with the best cheap value, nine times in
 * ten (ties at random), else any move. Values: a placement, the canvas
 * points it gains; a discard, the Filbert Brush's bonus; drawing a tray
 * tile, its best gain on the canvas; a blind draw CF_BLIND_DRAW (two with
 * the Sketchbook: CF_BLIND_DRAW + 1), refreshing the tray 0.5; Rotate and
 * Swap, their gain minus the token's points; skipping 0. The set-up choices
 * (painter, face, Rounded Wooden Palette spaces) are uniform. */
#define CF_BLIND_DRAW 1.5

static double
move_value (const TwGame   *game,
            const CfState  *s,
            const TwMove   *m,
            const CfCanvas *now)
{
  guint seat = s->current;
  guint8 slot[CF_SLOTS], rot[CF_SLOTS];
  double token = s->fx.token_value ? s->fx.token_value : 1;

  switch (m->kind)
    {
    case CF_MOVE_PLACE:
      return place_gain (now, m->a, s->hand[m->c], m->b);
    case CF_MOVE_DISCARD:
      return s->fx.discard_bonus;
    case CF_MOVE_TAKE:
      return best_place_gain (now, s->tray[m->a]);
    case CF_MOVE_DECK:
      return CF_BLIND_DRAW;
    case CF_MOVE_DECK2:
      return CF_BLIND_DRAW + 1;
    case CF_MOVE_REFRESH:
      return 0.5;
    case CF_MOVE_ROTATE:
      return place_gain (now, m->a, s->slot[seat][m->a], m->b) - token;
    case CF_MOVE_SWAP:
      {
        gboolean zero = cf_opt (game, CF_OPT_SWAP_ROTATION) == 1;
        guint ra = zero ? 0 : s->rot[seat][m->a], rb = zero ? 0 : s->rot[seat][m->b];
        /* apart, each slot's change is its own; side by side, they share a side */
        if (!slots_adjacent (cf_prep (game), m->a, m->b))
          return place_gain (now, m->a, s->slot[seat][m->b], rb)
                 + place_gain (now, m->b, s->slot[seat][m->a], ra) - token;
        memcpy (slot, s->slot[seat], sizeof slot);
        memcpy (rot, s->rot[seat], sizeof rot);
        slot[m->a] = s->slot[seat][m->b];
        slot[m->b] = s->slot[seat][m->a];
        rot[m->a] = rb;
        rot[m->b] = ra;
        return canvas_points_of (now, slot, rot) - now->total - token;
      }
    default:
      return 0;
    }
}

guint
cf_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const CfState *s = (const CfState *) state;
  double best = -G_MAXDOUBLE;
  guint pick = 0, n_best = 0;

  if (s->phase < CF_PHASE_ABILITY || tw_rng_below (rng, 10) == 0)
    return tw_rng_below (rng, moves->len);
  CfCanvas now;
  canvas_init (&now, game, s, s->current);
  for (guint i = 0; i < moves->len; i++)
    {
      double v = move_value (game, s, &moves->moves[i], &now);
      if (v > best + 1e-9)
        {
          best = v;
          pick = i;
          n_best = 1;
        }
      else if (v > best - 1e-9 && tw_rng_below (rng, ++n_best) == 0)
        pick = i;
    }
  return pick;
}
