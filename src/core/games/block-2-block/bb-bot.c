/* bb-bot.c: what the bots know of Block 2 Block
 *
 * The heuristic (how good a position is for a seat) and the playout policy
 * (which move a simulated player makes). Nothing here decides what is legal:
 * the rules are in bb-rules.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bb-private.h"

/* ------------------------------------------------------------------------ */
/* How the bots judge a position (doc/rules/block-2-block.md)               */

/* The heuristic estimates every seat's final score, on the scale of points,
 * from the terms the rules score, then returns the player's estimate minus
 * the others' (the mean of the best other and the others' mean):
 *
 *  - banked: captures, investments (1 each) and unplayed holdings (1 each:
 *    a holding kept is a sure point);
 *  - bids: BB_BID_OPTION each, the investment a later bid action can make
 *    of it (a bid by itself scores nothing);
 *  - locked tiles: their lock value where they stand (or as fixed);
 *  - unlocked tiles: lock value plus the markers a lock would capture,
 *    shared by a race: seat q needs 2 - (its markers on the tile) more
 *    markers, one per turn of its own, so it can lock after T_q turns of
 *    the table (the seat to act counts as having had its turn); its share
 *    is proportional to exp (-BB_RACE * T_q / players), none without the
 *    markers in supply. A tile nobody has marked yet is shared evenly (so
 *    that whose turn it is does not tilt the whole board). A tile in a row
 *    not yet open is discounted by BB_ROW_DISCOUNT per row still to open.
 *    Markers are scarce (two players cannot lock every tile with 30 each):
 *    a seat's shares count only as far as its supply covers the markers
 *    they need, the tiles it needs one more marker on first;
 *  - the tier bonus (3 x tier + bids + investments): to the winner by the
 *    locks already made, in proportion to how much of the tier is locked;
 *    the rest shared by the expected tier scores cubed (a soft "highest")
 *    among the seats that could still reach the leader;
 *  - revealing a black block gives its effect to the seat that marked it
 *    (take off a lock, carry one up, take off a marker): BB_REVEAL, while
 *    the effect is pending and for a mark of a face-down black block;
 *  - the seat to act still has placements this turn: marking a tile now
 *    moves it ahead in the race (and a second marker locks). Only as many
 *    tiles as placements are left can gain, so the best gains of a mark are
 *    added, as many as the placements. Ending the turn gives them up, and
 *    a bid or a holding that uses a placement gives up the last of them.
 *
 * A Short Stack holding is worth 1 kept; played, it becomes a tile whose
 * share of the race counts, and the seat that played it in an open row can
 * mark it at once: a high clean or gold holding is worth more on the board,
 * a black one rarely. No move is generated and nothing allocated. */
#define BB_BID_OPTION   0.6
#define BB_REVEAL       1.0
#define BB_RACE         2.5
#define BB_ROW_DISCOUNT 0.85
#define BB_MAX_OPTIONS  8

typedef struct
{
  double e[BB_MAX_PLAYERS];                    /* expected final points */
  double tier[BB_MAX_TIERS][BB_MAX_PLAYERS];   /* expected tier scores */
  double open_w[BB_MAX_TIERS];                 /* tier score still in play */
  double fill[3][BB_MAX_PLAYERS];              /* by markers needed: the part the supply covers */
} BbEstimate;

/* Each seat's share of the race for the unlocked tile at @slot carrying the
 * markers @mk, times the discount of a row not yet open; the seat to act
 * counts as having had its turn, and @spender as having used @spent of its
 * supply. Returns FALSE when nobody can lock it. */
static gboolean
race_shares (const TwGame  *game,
             const BbState *s,
             guint          slot,
             const guint8  *mk,
             guint          spender,
             guint          spent,
             double        *share)
{
  const BbPrep *p = bb_prep (game);
  guint n = s->n_players, cur = s->current;
  double total = 0, d = 1;
  guint markers = 0;

  for (guint q = 0; q < n; q++)
    markers += mk[q];
  for (guint r = s->open_rows; r <= p->slot_row[slot]; r++)
    d *= BB_ROW_DISCOUNT;
  for (guint q = 0; q < n; q++)
    {
      guint need = mk[q] >= 2 ? 0 : 2 - mk[q];
      guint offset = q == cur ? n : (q + n - cur) % n;
      share[q] = 0;
      if (need == 0 || s->supply[q] < need + (q == spender ? spent : 0))
        continue;
      /* nobody has started on it: even shares, whoever is to act */
      share[q] = markers == 0 ? 1 : exp (-BB_RACE * (offset + (need - 1) * n) / (double) n);
      total += share[q];
    }
  if (total <= 0)
    return FALSE;
  for (guint q = 0; q < n; q++)
    share[q] *= d / total;
  return TRUE;
}

/* Adds to @est what the unlocked tile @t at @slot, carrying the markers
 * @mk, is worth to each seat: its shares of the race, as far as the seat's
 * supply covers the markers it needs (est->fill). */
static void
estimate_unlocked (const TwGame  *game,
                   const BbState *s,
                   guint          t,
                   guint          slot,
                   const guint8  *mk,
                   guint          spender,
                   guint          spent,
                   BbEstimate    *est)
{
  const BbPrep *p = bb_prep (game);
  double share[BB_MAX_PLAYERS];
  double v = bb_slot_value (game, s, t);
  double tw = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES ? 1 : v;
  gboolean per_tile = bb_opt (game, BB_OPT_CAPTURE_POINTS) == BB_CAPTURE_PER_TILE;
  guint k = bb_tier_of_slot (p, slot);
  guint markers = 0;

  if (!race_shares (game, s, slot, mk, spender, spent, share))
    return;
  for (guint q = 0; q < s->n_players; q++)
    markers += mk[q];
  for (guint q = 0; q < s->n_players; q++)
    {
      est->open_w[k] += tw * share[q];
      double x = share[q] * est->fill[MIN (2 - MIN (mk[q], 2), 2)][q];
      guint captured = markers - mk[q];
      est->e[q] += x * (v + (per_tile ? captured > 0 : captured));
      est->tier[k][q] += share[q] * tw;
    }
}

/* How much of each seat's expected demand for markers its supply covers:
 * the tiles it needs one more marker on come first. */
static void
supply_fill (const TwGame  *game,
             const BbState *s,
             BbEstimate    *est)
{
  double demand[3][BB_MAX_PLAYERS] = { { 0 } };
  double share[BB_MAX_PLAYERS];

  BB_FOR_BITS (slot, s->occ & ~s->lock)
    {
      const guint8 *mk = s->mk[s->slot_tile[slot]];
      if (race_shares (game, s, slot, mk, 0, 0, share))
        for (guint q = 0; q < s->n_players; q++)
          if (mk[q] < 2)
            demand[2 - mk[q]][q] += share[q] * (2 - mk[q]);
    }
  for (guint q = 0; q < s->n_players; q++)
    {
      double left = s->supply[q];
      est->fill[0][q] = 1;
      for (guint need = 1; need <= 2; need++)
        {
          est->fill[need][q] = demand[need][q] > left ? left / demand[need][q] : 1;
          left = MAX (0, left - demand[need][q]);
        }
    }
}

/* Adds to @est the best @room marks @seat could make now, on tiles of open
 * rows outside @skip: each as the difference one more marker of @seat
 * makes to the tile's estimate (a second one locks it). Returns the slots
 * of the marks counted. */
static guint64
add_marks (const TwGame  *game,
           const BbState *s,
           guint          seat,
           guint          room,
           guint64        skip,
           BbEstimate    *est)
{
  const BbPrep *p = bb_prep (game);
  guint n = s->n_players;
  gboolean by_count = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES;
  gboolean per_tile = bb_opt (game, BB_OPT_CAPTURE_POINTS) == BB_CAPTURE_PER_TILE;
  double gains[BB_MAX_OPTIONS];
  BbEstimate delta[BB_MAX_OPTIONS];
  guint8 where[BB_MAX_OPTIONS];
  guint64 chosen = 0;
  guint n_opt = 0;

  room = MIN (MIN (room, (guint) s->supply[seat]), BB_MAX_OPTIONS);
  if (room == 0)
    return 0;
  BB_FOR_BITS (slot, p->open_mask[s->open_rows] & s->occ & ~s->lock & ~skip)
    {
      guint t = s->slot_tile[slot];
      guint k = bb_tier_of_slot (p, slot);
      BbEstimate now = { { 0 } }, after = { { 0 } };
      guint8 mk[BB_MAX_PLAYERS];

      memcpy (now.fill, est->fill, sizeof est->fill);
      memcpy (after.fill, est->fill, sizeof est->fill);
      memcpy (mk, s->mk[t], sizeof mk);
      estimate_unlocked (game, s, t, slot, mk, seat, 0, &now);
      mk[seat]++;
      if (mk[seat] >= 2)
        {
          guint v = bb_slot_value (game, s, t), captured = 0;
          for (guint q = 0; q < n; q++)
            if (q != seat)
              captured += mk[q];
          after.e[seat] = v + (per_tile ? captured > 0 : captured);
          after.tier[k][seat] = by_count ? 1 : v;
        }
      else
        estimate_unlocked (game, s, t, slot, mk, seat, 1, &after);
      if (!(s->revealed & BB_BIT (t)) && p->inst_kind[t] >= BB_KIND_CRUMBLE)
        after.e[seat] += BB_REVEAL;
      double others = 0;
      for (guint q = 0; q < n; q++)
        {
          after.e[q] -= now.e[q];
          after.tier[k][q] -= now.tier[k][q];
          if (q != seat)
            others += after.e[q];
        }
      double gain = after.e[seat] - others / MAX (n - 1, 1);
      if (gain <= 0)
        continue;
      /* keep the best @room gains: replace the smallest when full */
      guint at = n_opt;
      if (n_opt == room)
        {
          at = 0;
          for (guint i = 1; i < n_opt; i++)
            if (gains[i] < gains[at])
              at = i;
          if (gains[at] >= gain)
            continue;
        }
      else
        n_opt++;
      gains[at] = gain;
      where[at] = slot;
      /* only the tier of this tile changes */
      memset (&delta[at], 0, sizeof delta[at]);
      memcpy (delta[at].e, after.e, sizeof after.e);
      memcpy (delta[at].tier[k], after.tier[k], sizeof after.tier[k]);
    }
  for (guint i = 0; i < n_opt; i++)
    {
      chosen |= BB_BIT (where[i]);
      for (guint q = 0; q < n; q++)
        {
          est->e[q] += delta[i].e[q];
          for (guint k = 0; k < p->n_tiers; k++)
            est->tier[k][q] += delta[i].tier[k][q];
        }
    }
  return chosen;
}

double
bb_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  guint n = s->n_players, cur = s->current;
  gboolean by_count = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES;
  BbEstimate est;
  double locked_w[BB_MAX_TIERS] = { 0 };
  double exact_tier[BB_MAX_TIERS][BB_MAX_PLAYERS] = { { 0 } };

  if (s->phase == BB_PHASE_DONE)
    {
      int sc[BB_MAX_PLAYERS];
      bb_compute_scores (game, s, sc);
      for (guint q = 0; q < n; q++)
        est.e[q] = sc[q];
      goto relative;
    }

  memset (&est, 0, sizeof est);
  supply_fill (game, s, &est);
  for (guint q = 0; q < n; q++)
    {
      est.e[q] = s->capture_points[q] + s->n_holdings[q];
      for (guint k = 0; k < p->n_tiers; k++)
        est.e[q] += s->inv[k][q] + BB_BID_OPTION * s->bids[k][q];
    }
  /* the effect of the block just revealed is the mover's to resolve */
  if (s->phase == BB_PHASE_EFFECT)
    est.e[cur] += BB_REVEAL;

  BB_FOR_BITS (slot, s->occ)
    {
      guint t = s->slot_tile[slot];
      guint k = bb_tier_of_slot (p, slot);
      if (s->tile_locker[t] != BB_NONE)
        {
          guint v = bb_lock_value (game, s, t);
          est.e[s->tile_locker[t]] += v;
          locked_w[k] += by_count ? 1 : v;
          exact_tier[k][s->tile_locker[t]] += by_count ? 1 : v;
        }
      else
        estimate_unlocked (game, s, t, slot, s->mk[t], 0, 0, &est);
    }
  /* the marks the mover can still make this turn */
  if (s->used < s->roll)
    add_marks (game, s, cur, s->roll - s->used, s->turn, &est);

  /* the tier bonus: the locks so far decide the part of the tier that is
   * locked; the rest goes by the expected tier scores cubed, among the seats
   * that can still reach the leader */
  for (guint k = 0; k < p->n_tiers; k++)
    {
      double bonus = (double) p->tier_value * (k + 1);
      double best = 0, cube_sum = 0, cubes[BB_MAX_PLAYERS];
      double in_play = locked_w[k] + est.open_w[k];
      guint tied = 0;
      if (in_play <= 0)
        continue;
      for (guint q = 0; q < n; q++)
        {
          bonus += s->bids[k][q] + s->inv[k][q];
          if (exact_tier[k][q] > best + 1e-9)
            {
              best = exact_tier[k][q];
              tied = 1;
            }
          else if (best > 0 && exact_tier[k][q] > best - 1e-9)
            tied++;
        }
      for (guint q = 0; q < n; q++)
        {
          double x = exact_tier[k][q] + est.tier[k][q];
          cubes[q] = exact_tier[k][q] + est.open_w[k] >= best - 1e-9 ? x * x : 0;
          cube_sum += cubes[q];
        }
      double sure = locked_w[k] / in_play;
      for (guint q = 0; q < n; q++)
        {
          if (tied && exact_tier[k][q] > best - 1e-9)
            est.e[q] += sure * ceil (bonus / tied);
          if (cube_sum > 0)
            est.e[q] += (1 - sure) * bonus * cubes[q] / cube_sum;
        }
    }

relative:
  {
    double best = -G_MAXDOUBLE, sum = 0;
    for (guint q = 0; q < n; q++)
      if (q != player)
        {
          best = MAX (best, est.e[q]);
          sum += est.e[q];
        }
    if (n < 2)
      return est.e[player];
    return est.e[player] - 0.5 * (best + sum / (n - 1));
  }
}

/* The playout policy: each legal move gets a cheap weight from the rules,
 * and the move is drawn in proportion to it (two passes over @moves, one
 * random number). Weights, from the mover's side:
 *  - a marker that locks: 4 + 2 x (lock value + captures);
 *  - a marker on an unmarked tile: 1 + its lock value (a face-down one: 2,
 *    its value unknown); on a tile an opponent already marked (contested,
 *    the marker is likely captured): 0.3;
 *  - converting a bid: 1.5; a new bid: 0.5; moving a bid: 0.1;
 *  - a holding: 0.3 x its lock value there (black blocks: 0.3);
 *  - ending the turn: 0.4 while placements are left, else 3;
 *  - effects: taking off or moving down an opponent's lock and moving up
 *    one's own weigh by the points they change, hurting oneself weighs 0.05;
 *    a Remove-Marker prefers an opponent's marker. */
static double
lock_change (const TwGame  *game,
             const BbState *s,
             guint          t,
             guint          to_slot,
             guint          seat)
{
  const BbPrep *p = bb_prep (game);
  guint locker = s->tile_locker[t];
  guint kind = p->inst_kind[t];

  if (locker == BB_NONE || kind > BB_KIND_GOLD
      || bb_opt (game, BB_OPT_LOCK_VALUES) == BB_VALUES_WHEN_LOCKED)
    return 0;
  double mult = kind == BB_KIND_GOLD ? bb_opt (game, BB_OPT_GOLD_MULTIPLIER) : 1;
  double change = mult * ((double) bb_tier_of_slot (p, to_slot) - bb_tier_of_slot (p, s->tile_slot[t]));
  return locker == seat ? change : -change;
}

/* What removing the tile at @slot is worth to @seat. */
static double
removal_gain (const TwGame  *game,
              const BbState *s,
              guint          slot,
              guint          seat)
{
  guint t = s->slot_tile[slot];

  if (s->tile_locker[t] == BB_NONE)
    return (double) bb_tile_markers (s, t) - 2.0 * s->mk[t][seat];
  if (s->tile_locker[t] == seat)
    return -2.0 * bb_lock_value (game, s, t);
  return 2.0 * bb_lock_value (game, s, t);
}

static double
pick_weight (const TwGame  *game,
             const BbState *s,
             const TwMove  *m)
{
  const BbPrep *p = bb_prep (game);
  guint seat = s->current;
  guint a = m->a, b = m->b;
  double g;

  switch (m->kind)
    {
    case BB_MOVE_MARK:
      {
        guint t = s->slot_tile[a];
        guint others = bb_tile_markers (s, t) - s->mk[t][seat];
        if (s->mk[t][seat] == 1)
          return 4 + 2 * (bb_slot_value (game, s, t) + others);
        if (!(s->revealed & BB_BIT (t)))
          return 2;
        return others ? 0.3 : 1 + bb_slot_value (game, s, t);
      }
    case BB_MOVE_INVEST:
      return 1.5;
    case BB_MOVE_BID:
      return 0.5;
    case BB_MOVE_MOVE_BID:
      return 0.1;
    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
      {
        guint kind = p->def_kind[b];
        double tier = bb_tier_of_slot (p, a) + 1;
        if (kind == BB_KIND_CLEAN)
          return 0.3 * tier;
        if (kind == BB_KIND_GOLD)
          return 0.3 * tier * bb_opt (game, BB_OPT_GOLD_MULTIPLIER);
        return 0.3;
      }
    case BB_MOVE_DONE:
      return bb_can_place (game, s, seat) && s->used < s->roll ? 0.4 : 3;
    case BB_MOVE_CRUMBLE:
      g = removal_gain (game, s, a, seat);
      break;
    case BB_MOVE_SHIFT:
      g = lock_change (game, s, s->slot_tile[a], b, seat);
      break;
    case BB_MOVE_BULLDOZE:
      g = (s->rev & BB_BIT (a) ? removal_gain (game, s, a, seat) : 0)
          + lock_change (game, s, s->slot_tile[b], a, seat);
      break;
    case BB_MOVE_SWAP:
      g = lock_change (game, s, s->slot_tile[a], b, seat) + lock_change (game, s, s->slot_tile[b], a, seat);
      break;
    case BB_MOVE_UNMARK:
      return b == seat ? 0.05 : 1 + s->mk[s->slot_tile[a]][b];
    default:
      return 0.1;
    }
  return g < 0 ? 0.05 : 1 + g;
}

guint
bb_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const BbState *s = (const BbState *) state;
  double total = 0;

  for (guint i = 0; i < moves->len; i++)
    total += pick_weight (game, s, &moves->moves[i]);
  double r = tw_rng_double (rng) * total;
  for (guint i = 0; i + 1 < moves->len; i++)
    {
      r -= pick_weight (game, s, &moves->moves[i]);
      if (r < 0)
        return i;
    }
  return moves->len - 1;
}
