/* bs-bot.c: what the bots know of Blokus Shuffle
 *
 * The heuristic (how good a position is for a seat), the playout policy
 * (which placement a simulated player makes) and the move priors (which
 * placements the tree search looks at first). Nothing here decides what is
 * legal: the rules are in bs-rules.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bs-private.h"

/* The distance from the board's centre to the nearest cell of @occ. */
static double
center_distance (const BsPrep *p, const guint32 *occ)
{
  double c = 0.5 * p->size - 0.5, best = G_MAXDOUBLE;

  for (guint r = 0; r < p->size; r++)
    {
      guint32 row = occ[r];
      double dy = r - c;

      if (row == 0 || dy * dy >= best)
        continue;
      while (row != 0)
        {
          guint x = (guint) __builtin_ctz (row);
          double dx = x - c, d = dx * dx + dy * dy;

          best = MIN (best, d);
          row &= row - 1;
        }
    }
  return best == G_MAXDOUBLE ? 0 : sqrt (best);
}

/* How the bots judge a position (doc/rules/blokus-shuffle.md), from @player's
 * view, in squares:
 *  - the score: squares placed by the seat's colours against the others'
 *    mean (remaining squares under basic scoring, the advanced points else),
 *    so larger pieces count as they do at the end;
 *  - room to grow: each attach cell (a free cell where the colour may place
 *    next) of the seat's colours is worth up to 0.25 of a square by how open
 *    it is (ATTACH_BASE, ATTACH_OPEN), and each attach cell of the others'
 *    colours as much negative / (their number): taking an opponent's corner
 *    is worth as much as keeping one of one's own, as strong Blokus programs
 *    weigh "reachable corners";
 * everything divided by the squares of one colour's set (89 in the classic
 * set) to stay near the unit of a win. */
/* An attach cell's worth, in quarter squares: ATTACH_BASE, and ATTACH_OPEN
 * more per side of it that opens on a cell the colour may still cover (a
 * corner in a pocket takes a monomino at best; one in open space takes any
 * piece). Measured, classic Blokus, mcts:ms=5 against the same search
 * counting every attach cell 1: 59.0% [52.1, 65.6] of 200 games; greedy
 * against Pentobi level 1 went from 18.0% to 26.8% of 200 games. */
#define ATTACH_BASE 0.4
#define ATTACH_OPEN 0.3

double
bs_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const BsPrep *p = bs_prep (game);
  const BsState *s = (const BsState *) state;
  double mine = bs_score (game, s, player), others = 0;
  double my_att = 0, their_att = 0;
  guint n = 0, n_their = 0;

  for (guint q = 0; q < s->n_players; q++)
    if (q != player)
      {
        others += bs_score (game, s, q);
        n++;
      }
  if (n > 0)
    others /= n;
  double v = bs_opt (game, BS_OPT_SCORING) == 0 ? others - mine : mine - others;
  guint owned = bs_owned_mask (game, s, player);
  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      double cells = 0;

      if (s->remaining[c] == 0)
        continue;
      for (guint r = 0; r < p->size; r++)
        {
          guint32 a = s->att[c][r];
          if (a == 0)
            continue;
          guint32 here = ~s->forb[c][r] & p->full;
          guint32 up = r > 0 ? ~s->forb[c][r - 1] & p->full : 0;
          guint32 down = r + 1 < p->size ? ~s->forb[c][r + 1] & p->full : 0;
          guint open = bs_popcount32 (a & (here << 1)) + bs_popcount32 (a & (here >> 1))
                       + bs_popcount32 (a & up) + bs_popcount32 (a & down);
          cells += ATTACH_BASE * bs_popcount32 (a) + ATTACH_OPEN * open;
        }
      if (owned >> c & 1)
        my_att += cells;
      else
        {
          their_att += cells;
          n_their++;
        }
    }
  v += 0.25 * my_att - (n_their > 0 ? 0.25 * their_att / n_their : 0);
  /* the opening: the first twelve pieces of a colour head for the centre,
   * half a square per cell its nearest square is from it (no difference
   * within two cells), fading as the colour places pieces */
  for (guint c = 0; c < BS_N_COLORS; c++)
    if ((owned >> c & 1) && s->n_placed[c] > 0 && s->n_placed[c] < 12)
      v -= 0.5 * (12 - s->n_placed[c]) / 12.0 * MAX (center_distance (p, s->occ[c]) - 2, 0);
  return v / MAX (p->total_squares, 1);
}

/* The seat to act's colours, with the colour to move (the shared colour of
 * the 3-player game belongs to no seat). */
static guint
own_colors (const TwGame  *game,
            const BsState *s)
{
  int seat = bs_seat_of (game, s, s->color);
  guint own = seat >= 0 ? bs_owned_mask (game, s, (guint) seat) : 1u << s->color;

  return own | 1u << s->color;
}

/* "Local points" (Enzenberger's name): the attach cells that the opponents'
 * most recent pieces opened, a free cell where that colour could place next
 * diagonal to its last piece, in @local (row r at r + 1). Returns whether
 * there is any. */
static gboolean
local_points (const TwGame  *game,
              const BsState *s,
              guint          own,
              guint32        local[BS_MAX_SIZE + 2])
{
  const BsPrep *p = bs_prep (game);
  gboolean any_local = FALSE;

  memset (local, 0, (BS_MAX_SIZE + 2) * sizeof *local);
  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      const BsPlaced *last;
      const BsOrient *o;

      if ((own >> c & 1) || s->n_placed[c] == 0)
        continue;
      last = &s->placed[c][s->n_placed[c] - 1];
      o = &p->orients[p->first_orient[last->piece] + last->orient];
      /* the cells diagonal to the piece, kept where the colour may attach */
      for (int r = -1; r <= (int) o->h; r++)
        {
          int y = last->y + r;
          guint32 above = r - 1 >= 0 && r - 1 < (int) o->h ? o->rows[r - 1] : 0;
          guint32 below = r + 1 >= 0 && r + 1 < (int) o->h ? o->rows[r + 1] : 0;
          guint32 near = above | below;

          if (y < 0 || y >= (int) p->size)
            continue;
          near = ((near << 1) | (near >> 1)) << last->x;
          local[y + 1] |= near & s->att[c][y] & p->full;
          any_local |= local[y + 1] != 0;
        }
    }
  return any_local;
}

/* The playout policy, after the published description of Pentobi's
 * playouts (Enzenberger): a placement is drawn with weight
 * 5^squares · 10^(4 · local), where `local` is the number of its cells on
 * "local points": attach cells that the opponents' most recent pieces
 * opened (a free cell where that colour could place next, diagonal to its
 * last piece). Large pieces first, and an answer to what the opponents
 * just did, in most simulated moves; cards and passes weigh 1. */
guint
bs_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const BsPrep *p = bs_prep (game);
  const BsState *s = (const BsState *) state;
  guint32 local[BS_MAX_SIZE + 2];   /* row r + 1 */
  gboolean any_local;
  TwWeightedPick pick = { 0, 0 };

  any_local = local_points (game, s, own_colors (game, s), local);
  for (guint i = 0; i < moves->len; i++)
    {
      const TwMove *m = &moves->moves[i];
      double w = 1;

      if (m->kind == BS_MOVE_PLACE)
        {
          static const double size_gamma[] = { 1, 5, 25, 125, 625, 3125, 15625, 78125 };
          const BsOrient *o = &p->orients[p->first_orient[m->a] + m->b];
          guint n_local = 0;

          w = size_gamma[MIN (p->squares[m->a], G_N_ELEMENTS (size_gamma) - 1)];
          if (any_local)
            for (guint r = 0; r < o->h; r++)
              n_local += bs_popcount32 ((o->rows[r] << m->x) & local[m->y + r + 1]);
          for (guint k = 0; k < MIN (n_local, 3); k++)
            w *= 1e4;
        }
      tw_weighted_pick_offer (&pick, i, w, rng);
    }
  return pick.chosen;
}

/* The search's move priors: a placement's weight is exp (sum of feature
 * weights / 0.84) over the features Enzenberger describes for Pentobi's
 * move priors (a softmax model of a strong player's choice, "gamma"
 * values), counted here with the row bitboards:
 *  - each square of the piece: on or beside an attach cell of an opponent
 *    (taking or spoiling its corner), or elsewhere; on an attach cell of
 *    the seat's other colour (its corner taken by its own partner);
 *  - each cell sharing a side with the piece (and not in it): the seat's
 *    other colour there (the two colours join), another colour there,
 *    already forbidden to the colour, one of its own attach cells (wasted),
 *    or open;
 *  - each cell diagonal to the piece (the corners it opens): covered by the
 *    colour itself, forbidden to it, or open with n of its four sides open
 *    (a corner with room beats one in a pocket); also an attach cell of the
 *    seat's other colour;
 *  - whether the piece covers a local point (an answer to an opponent's
 *    last piece, as in the playouts), and the piece's size.
 * The values are those published with Pentobi for two-colour classic
 * Blokus (learned from its games); we did not fit our own. While twelve
 * pieces or fewer are on the board a colour only considers the placements
 * that get nearest the centre (within 0.3 of a square, nearer than two
 * squares counting as two), and a seat with two colours, while fewer than
 * fourteen pieces are down, only those that join its colours when there
 * are any. Returns FALSE (the search then ranks by the heuristic) for card
 * choices and for the turns a card changes the placement rule. */
#define PRIOR_T            0.84
#define W_SQUARE_OTHER     0.137
#define W_SQUARE_OPPONENT  0.898
#define W_SQUARE_PARTNER  -0.248
#define W_SIDE_JOIN        0.616
#define W_SIDE_OCCUPIED    0.568
#define W_SIDE_FORBIDDEN   0.544
#define W_SIDE_OWN_ATTACH -0.849
#define W_SIDE_OPEN       -0.115
#define W_CORNER_OWN       0.007
#define W_CORNER_FORBIDDEN -0.439
#define W_CORNER_PARTNER  -0.011
#define W_LOCAL            0.610
static const double w_corner_open[5] = { -0.177, -0.002, 0.232, 0.342, 0.694 };
static const double w_size[6] = { 0, 0.476, -0.316, -0.842, -0.301, 0.969 };

typedef struct
{
  guint32 forb[BS_MAX_SIZE];      /* forbidden to the colour to move */
  guint32 occ_own[BS_MAX_SIZE];   /* covered by it */
  guint32 occ_all[BS_MAX_SIZE];   /* covered by anyone */
  guint32 partner[BS_MAX_SIZE];   /* covered by the seat's other colour */
  guint32 own_att[BS_MAX_SIZE];
  guint32 partner_att[BS_MAX_SIZE];
  guint32 opponent[BS_MAX_SIZE];  /* an opponent's attach cell or an open side of one */
  guint32 open[5][BS_MAX_SIZE];   /* open cells with n open sides */
  guint32 local[BS_MAX_SIZE + 2];
} PriorBoards;

static void
prior_boards (const TwGame  *game,
              const BsState *s,
              guint          own,
              guint          partner,
              PriorBoards   *b)
{
  const BsPrep *p = bs_prep (game);
  guint n = p->size, t = s->color;

  memset (b, 0, sizeof *b);
  for (guint r = 0; r < n; r++)
    {
      b->forb[r] = s->forb[t][r];
      b->occ_own[r] = s->occ[t][r];
      b->own_att[r] = s->att[t][r];
      for (guint c = 0; c < BS_N_COLORS; c++)
        b->occ_all[r] |= s->occ[c][r];
      if (partner != t)
        {
          b->partner[r] = s->occ[partner][r];
          b->partner_att[r] = s->att[partner][r];
        }
    }
  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      if ((own >> c & 1) || s->remaining[c] == 0)
        continue;
      for (guint r = 0; r < n; r++)
        {
          guint32 a = s->att[c][r];

          if (a == 0)
            continue;
          b->opponent[r] |= (a | ((a << 1) | (a >> 1))) & ~s->forb[c][r] & p->full;
          if (r > 0)
            b->opponent[r - 1] |= a & ~s->forb[c][r - 1];
          if (r + 1 < n)
            b->opponent[r + 1] |= a & ~s->forb[c][r + 1];
        }
    }
  /* count each open cell's open sides, bit-sliced: 0..4 in three planes */
  for (guint r = 0; r < n; r++)
    {
      guint32 open = ~b->forb[r] & p->full;
      guint32 left = (open << 1) & p->full, right = open >> 1;
      guint32 up = r > 0 ? ~b->forb[r - 1] & p->full : 0;
      guint32 down = r + 1 < n ? ~b->forb[r + 1] & p->full : 0;
      guint32 s0 = left ^ right, c0 = left & right, s1 = up ^ down, c1 = up & down;
      guint32 bit0 = s0 ^ s1, carry = s0 & s1;
      guint32 bit1 = c0 ^ c1 ^ carry, bit2 = (c0 & c1) | (c0 & carry) | (c1 & carry);

      b->open[0][r] = open & ~bit0 & ~bit1 & ~bit2;
      b->open[1][r] = open & bit0 & ~bit1 & ~bit2;
      b->open[2][r] = open & ~bit0 & bit1 & ~bit2;
      b->open[3][r] = open & bit0 & bit1;
      b->open[4][r] = open & bit2;
    }
}

/* The distance from the board's centre to the nearest square of the
 * placement, at least 2. */
static double
placement_center_distance (const BsPrep *p, const BsOrient *o, guint x, guint y)
{
  double c = 0.5 * p->size - 0.5, best = G_MAXDOUBLE;

  for (guint r = 0; r < o->h; r++)
    for (guint32 row = o->rows[r]; row != 0; row &= row - 1)
      {
        double dx = x + __builtin_ctz (row) - c, dy = y + r - c;

        best = MIN (best, dx * dx + dy * dy);
      }
  return MAX (sqrt (best), 2);
}

gboolean
bs_move_priors (const TwGame     *game,
                const TwState    *state,
                const TwMoveList *moves,
                double           *weights)
{
  const BsPrep *p = bs_prep (game);
  const BsState *s = (const BsState *) state;
  guint own = own_colors (game, s), partner = s->color, on_board = 0;
  gboolean any_local, center, join, any_join = FALSE;
  double best_distance = G_MAXDOUBLE, *distance = NULL;
  gboolean *joined = NULL;
  PriorBoards b;

  if (s->mode == BS_MODE_WILD || s->mode == BS_MODE_DOUBLE || s->phase == BS_PHASE_DOUBLE)
    return FALSE;
  for (guint i = 0; i < moves->len; i++)
    if (moves->moves[i].kind != BS_MOVE_PLACE)
      return FALSE;
  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      on_board += s->n_placed[c];
      if ((own >> c & 1) && c != s->color && partner == s->color)
        partner = c;
    }
  center = on_board <= 12;
  join = partner != s->color && on_board < 14;
  if (center)
    distance = g_new (double, moves->len);
  if (join)
    joined = g_new (gboolean, moves->len);
  prior_boards (game, s, own, partner, &b);
  any_local = local_points (game, s, own, b.local);

  for (guint i = 0; i < moves->len; i++)
    {
      const TwMove *m = &moves->moves[i];
      const BsOrient *o = &p->orients[p->first_orient[m->a] + m->b];
      guint64 rows[BS_MAX_SIZE + 3] = { 0, };   /* the piece from row -1, column -1 */
      double lw = w_size[MIN (p->squares[m->a], G_N_ELEMENTS (w_size) - 1)];
      gboolean local = FALSE, joins = FALSE;

      for (guint r = 0; r < o->h; r++)
        rows[r + 1] = (guint64) o->rows[r] << (m->x + 1);
      for (guint i1 = 0; i1 < o->h + 2u; i1++)
        {
          int y = (int) m->y + (int) i1 - 1;
          guint64 up = i1 > 0 ? rows[i1 - 1] : 0, down = rows[i1 + 1], here = rows[i1];
          guint64 side64 = (up | down | here << 1 | here >> 1) & ~here;
          guint64 corner64 = ((up | down) << 1 | (up | down) >> 1) & ~(side64 | here);
          guint32 cells, side, corner, fb;

          if (y < 0 || y >= (int) p->size)
            continue;
          cells = (guint32) (here >> 1);
          side = (guint32) (side64 >> 1) & p->full;
          corner = (guint32) (corner64 >> 1) & p->full;
          fb = b.forb[y];
          if (cells != 0)
            {
              guint n_opp = bs_popcount32 (cells & b.opponent[y]);

              lw += W_SQUARE_OPPONENT * n_opp
                    + W_SQUARE_OTHER * (bs_popcount32 (cells) - n_opp)
                    + W_SQUARE_PARTNER * bs_popcount32 (cells & b.partner_att[y]);
              local |= any_local && (cells & b.local[y + 1]) != 0;
            }
          joins |= (side & b.partner[y]) != 0;
          lw += W_SIDE_JOIN * bs_popcount32 (side & fb & b.partner[y])
                + W_SIDE_OCCUPIED * bs_popcount32 (side & fb & b.occ_all[y] & ~b.partner[y])
                + W_SIDE_FORBIDDEN * bs_popcount32 (side & fb & ~b.occ_all[y])
                + W_SIDE_OWN_ATTACH * bs_popcount32 (side & ~fb & b.own_att[y])
                + W_SIDE_OPEN * bs_popcount32 (side & ~fb & ~b.own_att[y]);
          lw += W_CORNER_OWN * bs_popcount32 (corner & fb & b.occ_own[y])
                + W_CORNER_FORBIDDEN * bs_popcount32 (corner & fb & ~b.occ_own[y])
                + W_CORNER_PARTNER * bs_popcount32 (corner & ~fb & b.partner_att[y]);
          for (guint k = 0; k < 5; k++)
            lw += w_corner_open[k] * bs_popcount32 (corner & b.open[k][y]);
        }
      if (local)
        lw += W_LOCAL;
      weights[i] = exp (lw / PRIOR_T);
      if (center)
        {
          distance[i] = placement_center_distance (p, o, m->x, m->y);
          best_distance = MIN (best_distance, distance[i]);
        }
      if (join)
        {
          joined[i] = joins;
          any_join |= joins;
        }
    }
  for (guint i = 0; i < moves->len; i++)
    if ((center && distance[i] > best_distance + 0.3) || (any_join && !joined[i]))
      weights[i] = 0;
  g_free (distance);
  g_free (joined);
  return TRUE;
}
