/* bb-rules.c: Block 2 Block, every rule in play
 *
 * The rules as read in doc/rules/block-2-block.md (from
 * shared/rules/block-2-block.md): a tiered board of rows that open one after
 * the other, up to a die roll of markers a turn, blocks revealed when first
 * marked and their effects (Crumble, Move with its Bulldozer, Swap,
 * Remove-Marker) resolved at once as follow-up moves of the same seat, locks
 * with two markers capturing the opponents' markers, bids and investments on
 * active tiers, the tier bonus with its rounded-up tie split, and the Short
 * Stack variant with its holdings. What runs when a definition loads is in
 * bb-prepare.c, the schemas and the rules table in bb-module.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bb-private.h"

/* ------------------------------------------------------------------------ */
/* Board bookkeeping                                                        */

/* Recomputes the mask bits of one slot from its tile. */
void
bb_refresh_slot (BbState *s,
                 guint    slot)
{
  guint64 bit = BB_BIT (slot);
  guint t = s->slot_tile[slot];

  s->occ &= ~bit;
  s->rev &= ~bit;
  s->lock &= ~bit;
  s->marked &= ~bit;
  s->turn &= ~bit;
  if (t == BB_NONE)
    return;
  s->occ |= bit;
  if (s->revealed & BB_BIT (t))
    s->rev |= bit;
  if (s->tile_locker[t] != BB_NONE)
    s->lock |= bit;
  if (bb_tile_markers (s, t) > 0)
    s->marked |= bit;
  if (s->marked_turn & BB_BIT (t))
    s->turn |= bit;
}

void
bb_recount_masks (const TwGame *game,
                  BbState      *s)
{
  const BbPrep *p = bb_prep (game);

  s->occ = s->rev = s->lock = s->marked = s->turn = 0;
  for (guint slot = 0; slot < p->n_slots; slot++)
    bb_refresh_slot (s, slot);
}

static inline void
put_tile (BbState *s,
          guint    t,
          guint    slot)
{
  s->slot_tile[slot] = t;
  s->tile_loc[t] = BB_LOC_BOARD;
  s->tile_slot[t] = slot;
  s->tile_holder[t] = BB_NONE;
  bb_refresh_slot (s, slot);
}

/* Takes the tile at @slot off the game; its markers go back to their owners. */
static void
remove_tile (BbState *s,
             guint    slot)
{
  guint t = s->slot_tile[slot];

  for (guint q = 0; q < BB_MAX_PLAYERS; q++)
    {
      s->supply[q] += s->mk[t][q];
      s->mk[t][q] = 0;
    }
  s->tile_loc[t] = BB_LOC_REMOVED;
  s->tile_slot[t] = BB_NONE;
  s->tile_locker[t] = BB_NONE;
  s->tile_value[t] = 0;
  s->tile_hider[t] = BB_NONE;
  /* a tile taken off the game is seen by everyone */
  s->revealed |= BB_BIT (t);
  s->slot_tile[slot] = BB_NONE;
  bb_refresh_slot (s, slot);
  s->counters[BB_COUNTER_TILES_REMOVED]++;
}

static void
move_tile (BbState *s,
           guint    from,
           guint    to)
{
  guint t = s->slot_tile[from];

  s->slot_tile[from] = BB_NONE;
  bb_refresh_slot (s, from);
  put_tile (s, t, to);
}

static guint64
active_slots (const BbPrep  *p,
              const BbState *s)
{
  guint64 m = 0;
  for (guint k = 0; k < p->n_tiers; k++)
    if (p->tier_mask[k] & s->rev)
      m |= p->tier_mask[k];
  return m;
}

static inline gboolean
tier_active (const BbPrep  *p,
             const BbState *s,
             guint          tier)
{
  return tier < p->n_tiers && (p->tier_mask[tier] & s->rev) != 0;
}

static inline gboolean
row_full (const BbPrep  *p,
          const BbState *s,
          guint          row)
{
  return (p->row_mask[row] & s->occ & ~s->marked) == 0;
}

/* Rows open when every tile of the highest open row carries a marker. */
void
bb_update_rows (const TwGame *game,
                BbState      *s)
{
  const BbPrep *p = bb_prep (game);

  if (bb_opt (game, BB_OPT_ROWS_STAY_OPEN))
    {
      while (s->open_rows < p->n_rows && row_full (p, s, s->open_rows - 1))
        s->open_rows++;
    }
  else
    {
      guint h = 1;
      while (h < p->n_rows && row_full (p, s, h - 1))
        h++;
      s->open_rows = h;
    }
}

/* The points a locked tile is worth to its locker. */
static inline guint
lock_value (const TwGame  *game,
            const BbState *s,
            guint          t)
{
  return bb_lock_value_in (game, s, t, s->tile_slot[t]);
}

guint
bb_lock_value (const TwGame  *game,
               const BbState *s,
               guint          t)
{
  return lock_value (game, s, t);
}

gboolean
bb_can_place (const TwGame  *game,
              const BbState *s,
              guint          seat)
{
  const BbPrep *p = bb_prep (game);
  return s->supply[seat] > 0 && (p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn) != 0;
}

/* ------------------------------------------------------------------------ */
/* Effects                                                                  */

typedef struct
{
  guint64 revealed;     /* revealed tiles on the board */
  guint64 removable;    /* tiles Crumble and the Bulldozer may take off */
  guint64 row3;         /* the few-rows clause's unrevealed row-3 tiles, 0 when it does not apply */
  gboolean normal;      /* the normal form is allowed */
  guint64 spaces;       /* Move: open spaces on active tiers */
  guint64 unmarkable;   /* Remove-Marker: tiles a marker may be taken from */
} BbTargets;

static void
effect_targets (const TwGame  *game,
                const BbState *s,
                BbTargets     *tg)
{
  const BbPrep *p = bb_prep (game);
  int clause = bb_opt (game, BB_OPT_FEW_ROWS_CLAUSE);

  tg->revealed = s->rev & s->occ;
  tg->removable = tg->revealed & (bb_opt (game, BB_OPT_REMOVE_LOCKED_TILES) ? ~G_GUINT64_CONSTANT (0) : ~s->lock);
  tg->row3 = 0;
  if (clause != BB_CLAUSE_OFF && p->n_rows >= 3 && s->open_rows < 3 && tg->revealed != 0)
    tg->row3 = p->row_mask[2] & s->occ & ~s->rev;
  tg->normal = tg->row3 == 0 || clause == BB_CLAUSE_EITHER;
  tg->spaces = p->all_slots & ~s->occ & active_slots (p, s);
  tg->unmarkable = s->occ & s->marked & (bb_opt (game, BB_OPT_UNMARK_LOCKED) ? ~G_GUINT64_CONSTANT (0) : ~s->lock);
}

static inline TwMove *
push2 (TwMoveList *out,
       guint       kind,
       guint       a,
       guint       b)
{
  TwMove *m = tw_move_list_push (out);
  m->kind = kind;
  m->a = a;
  m->b = b;
  return m;
}

/* Appends the follow-up moves of a @kind effect; with @out NULL, only
 * says whether there is one. */
static gboolean
gen_effect (const TwGame  *game,
            const BbState *s,
            guint          kind,
            TwMoveList    *out)
{
  BbTargets tg;
  gboolean any = FALSE;

  effect_targets (game, s, &tg);
  switch (kind)
    {
    case BB_KIND_CRUMBLE:
      if (!out)
        return tg.removable != 0;
      BB_FOR_BITS (a, tg.removable)
        push2 (out, BB_MOVE_CRUMBLE, a, 0);
      return tg.removable != 0;

    case BB_KIND_MOVE:
      if (tg.spaces)
        {
          if (!out)
            return tg.revealed != 0;
          BB_FOR_BITS (a, tg.revealed)
            BB_FOR_BITS (b, tg.spaces)
              push2 (out, BB_MOVE_SHIFT, a, b);
          return tg.revealed != 0;
        }
      /* no open space: the Bulldozer */
      if (tg.row3)
        {
          if (!out)
            return TRUE;
          BB_FOR_BITS (x, tg.row3)
            BB_FOR_BITS (y, tg.revealed)
              push2 (out, BB_MOVE_BULLDOZE, x, y);
          any = TRUE;
        }
      if (tg.normal)
        BB_FOR_BITS (x, tg.removable)
          {
            guint64 ys = tg.revealed & ~BB_BIT (x);
            if (ys && !out)
              return TRUE;
            BB_FOR_BITS (y, ys)
              push2 (out, BB_MOVE_BULLDOZE, x, y);
            any |= ys != 0;
          }
      return any;

    case BB_KIND_SWAP:
      if (tg.row3)
        {
          if (!out)
            return TRUE;
          BB_FOR_BITS (a, tg.row3)
            BB_FOR_BITS (b, tg.revealed)
              push2 (out, BB_MOVE_SWAP, a, b);
          any = TRUE;
        }
      if (tg.normal)
        BB_FOR_BITS (a, tg.revealed)
          {
            guint64 bs = tg.revealed & ~((BB_BIT (a) << 1) - 1);   /* b > a: each pair once */
            if (bs && !out)
              return TRUE;
            BB_FOR_BITS (b, bs)
              push2 (out, BB_MOVE_SWAP, a, b);
            any |= bs != 0;
          }
      return any;

    case BB_KIND_REMOVE_MARKER:
      if (!out)
        return tg.unmarkable != 0;
      BB_FOR_BITS (a, tg.unmarkable)
        {
          guint t = s->slot_tile[a];
          for (guint q = 0; q < s->n_players; q++)
            if (s->mk[t][q])
              push2 (out, BB_MOVE_UNMARK, a, q);
        }
      return tg.unmarkable != 0;

    default:
      return FALSE;
    }
}

/* Whether @move is one of the follow-up moves of the pending effect. */
static gboolean
effect_move_legal (const TwGame  *game,
                   const BbState *s,
                   const TwMove  *move,
                   GString       *why)
{
  const BbPrep *p = bb_prep (game);
  guint kind = p->inst_kind[s->pending];
  guint a = move->a, b = move->b;
  BbTargets tg;
  const char *expected;

  static const guint8 move_for_kind[] = {
    [BB_KIND_CRUMBLE] = BB_MOVE_CRUMBLE,
    [BB_KIND_MOVE] = BB_MOVE_SHIFT,
    [BB_KIND_SWAP] = BB_MOVE_SWAP,
    [BB_KIND_REMOVE_MARKER] = BB_MOVE_UNMARK,
  };
  switch (kind)
    {
    case BB_KIND_CRUMBLE: expected = _("the Crumble block: 'crumble SLOT', any revealed tile"); break;
    case BB_KIND_MOVE: expected = _("the Move block: 'move FROM TO' to an open space, or 'bulldoze REMOVED MOVED' when there is none"); break;
    case BB_KIND_SWAP: expected = _("the Swap block: 'swap SLOT SLOT', two revealed tiles"); break;
    default: expected = _("the Remove-Marker block: 'unmark SLOT pN'"); break;
    }
  if (move->kind != move_for_kind[kind]
      && !(kind == BB_KIND_MOVE && move->kind == BB_MOVE_BULLDOZE))
    {
      if (why)
        g_string_printf (why, _("resolve the effect of %s first"), expected);
      return FALSE;
    }
  if (a >= p->n_slots || (move->kind != BB_MOVE_CRUMBLE && move->kind != BB_MOVE_UNMARK && b >= p->n_slots)
      || (move->kind == BB_MOVE_CRUMBLE && b != 0))
    {
      if (why)
        g_string_append (why, _("no such slot on this board"));
      return FALSE;
    }
  effect_targets (game, s, &tg);

#define REFUSE(msg) G_STMT_START { if (why) g_string_append (why, msg); return FALSE; } G_STMT_END
  switch (move->kind)
    {
    case BB_MOVE_CRUMBLE:
      if (!(tg.revealed & BB_BIT (a)))
        REFUSE (_("Crumble: select any revealed block tile"));
      if (!(tg.removable & BB_BIT (a)))
        REFUSE (_("Crumble: locked tiles cannot be removed in this variant"));
      return TRUE;

    case BB_MOVE_SHIFT:
      if (!tg.spaces)
        REFUSE (_("there is no open space on an active tier: the Move block becomes the BULLDOZER"));
      if (!(tg.revealed & BB_BIT (a)))
        REFUSE (_("Move: select any revealed tile"));
      if (!(tg.spaces & BB_BIT (b)))
        REFUSE (_("Move: the tile goes to an open space on an active tier"));
      return TRUE;

    case BB_MOVE_BULLDOZE:
      if (tg.spaces)
        REFUSE (_("there is an open space on an active tier: move the tile there (the BULLDOZER is only "
                  "for when no open spaces exist)"));
      if (!(tg.revealed & BB_BIT (b)) || a == b)
        REFUSE (_("BULLDOZER: then move a revealed tile into the REMOVED tile's previous position"));
      if (tg.row3 & BB_BIT (a))
        return TRUE;
      if (tg.row3 && !tg.normal)
        REFUSE (_("fewer than 3 rows are open: bulldoze an unrevealed tile in row 3"));
      if (!(tg.revealed & BB_BIT (a)))
        REFUSE (_("BULLDOZER: remove a revealed tile from the playspace"));
      if (!(tg.removable & BB_BIT (a)))
        REFUSE (_("BULLDOZER: locked tiles cannot be removed in this variant"));
      return TRUE;

    case BB_MOVE_SWAP:
      if (a == b)
        REFUSE (_("Swap: two different tiles"));
      if ((tg.row3 & BB_BIT (a) && tg.revealed & BB_BIT (b)) || (tg.row3 & BB_BIT (b) && tg.revealed & BB_BIT (a)))
        return TRUE;
      if (tg.row3 && !tg.normal)
        REFUSE (_("fewer than 3 rows are open: exchange an unrevealed tile in row 3 with a revealed tile"));
      if (!(tg.revealed & BB_BIT (a)) || !(tg.revealed & BB_BIT (b)))
        REFUSE (_("Swap: swap the position of any two revealed block tiles"));
      return TRUE;

    case BB_MOVE_UNMARK:
      if (b >= s->n_players || !(s->occ & BB_BIT (a)) || s->mk[s->slot_tile[a]][b] == 0)
        REFUSE (_("Remove-Marker: select a marker placed upon a block tile"));
      if (!(tg.unmarkable & BB_BIT (a)))
        REFUSE (_("Remove-Marker: a LOCKED tile keeps its markers"));
      return TRUE;

    default:
      return FALSE;
    }
#undef REFUSE
}

/* ------------------------------------------------------------------------ */
/* Turns                                                                    */

static void
finish (BbState *s)
{
  s->phase = BB_PHASE_DONE;
  s->pending = BB_NONE;
}

void
bb_begin_turn_flags (const TwGame *game,
                     BbState      *s)
{
  s->phase = BB_PHASE_TURN;
  s->pending = BB_NONE;
  s->used = 0;
  s->bid_done = 0;
  s->hold_done = 0;
  s->progress = 0;
  s->marked_turn = 0;
  s->turn = 0;
  s->could_place = bb_can_place (game, s, s->current);
}

static void
begin_turn (const TwGame *game,
            BbState      *s)
{
  const BbPrep *p = bb_prep (game);

  s->roll = 1 + tw_rng_below (&s->rng, p->die);
  s->turn_no = MIN (s->turn_no + 1, G_MAXUINT16 - 1);
  bb_begin_turn_flags (game, s);
  s->counters[BB_COUNTER_TURNS]++;
}

/* After every action: rows opening, then the end when every tile is locked. */
static void
after_action (const TwGame *game,
              BbState      *s)
{
  bb_update_rows (game, s);
  if ((s->occ & ~s->lock) == 0)
    {
      s->counters[BB_COUNTER_ALL_LOCKED_END]++;
      finish (s);
    }
}

static void
lock_tile (const TwGame *game,
           BbState      *s,
           guint         t,
           guint         seat)
{
  guint captured = 0;

  s->tile_locker[t] = seat;
  s->tile_value[t] = bb_opt (game, BB_OPT_LOCK_VALUES) == BB_VALUES_WHEN_LOCKED
                     ? bb_slot_value (game, s, t) : 0;
  for (guint q = 0; q < s->n_players; q++)
    {
      guint c = s->mk[t][q];
      if (q == seat || c == 0)
        continue;
      s->mk[t][q] = 0;
      captured += c;
      if (bb_opt (game, BB_OPT_CAPTURE) == BB_CAPTURE_RETURN)
        s->supply[q] += c;
      else
        s->lost[q] += c;
    }
  if (captured)
    s->capture_points[seat] += bb_opt (game, BB_OPT_CAPTURE_POINTS) == BB_CAPTURE_PER_TILE ? 1 : captured;
  s->counters[BB_COUNTER_LOCKS]++;
  s->counters[BB_COUNTER_CAPTURED] += captured;
}

/* A marker of @seat on the tile at @slot: reveal, resolve, lock. */
static void
mark (const TwGame *game,
      BbState      *s,
      guint         seat,
      guint         slot)
{
  const BbPrep *p = bb_prep (game);
  guint t = s->slot_tile[slot];

  s->mk[t][seat]++;
  s->supply[seat]--;
  s->used++;
  s->progress = 1;
  s->marked_turn |= BB_BIT (t);
  s->counters[BB_COUNTER_MARKERS]++;
  if (!(s->revealed & BB_BIT (t)))
    {
      /* a face-down tile is turned over and its effect resolved at once; it
       * carries only this marker, so it cannot lock on the same marking */
      s->revealed |= BB_BIT (t);
      s->tile_hider[t] = BB_NONE;
      bb_refresh_slot (s, slot);
      guint kind = p->inst_kind[t];
      if (kind >= BB_KIND_CRUMBLE)
        {
          if (gen_effect (game, s, kind, NULL))
            {
              s->phase = BB_PHASE_EFFECT;
              s->pending = t;
              return;
            }
          s->counters[BB_COUNTER_EFFECTS_SKIPPED]++;
        }
    }
  if (s->mk[t][seat] >= 2)
    lock_tile (game, s, t, seat);
  bb_refresh_slot (s, slot);
  after_action (game, s);
}

static void
end_turn (const TwGame *game,
          BbState      *s)
{
  gboolean idle = !s->could_place || (bb_opt (game, BB_OPT_IDLE_ROUND_ENDS) && !s->progress);

  guint limit = (guint) bb_opt (game, BB_OPT_ROUND_LIMIT);

  s->idle = idle ? MIN (s->idle + 1, 255) : 0;
  if (s->idle >= s->n_players || (limit && s->turn_no >= limit * s->n_players))
    {
      s->ended_by_safety = 1;
      s->counters[BB_COUNTER_SAFETY_END]++;
      s->counters[s->idle >= s->n_players ? BB_COUNTER_NO_PLACEMENT_END : BB_COUNTER_ROUND_LIMIT_END]++;
      finish (s);
      return;
    }
  s->current = (s->current + 1) % s->n_players;
  begin_turn (game, s);
}

/* The first instance of tile definition @def held by @seat, or BB_NONE. */
static guint
held_instance (const TwGame  *game,
               const BbState *s,
               guint          seat,
               guint          def)
{
  const BbPrep *p = bb_prep (game);

  for (guint t = 0; t < p->n_inst; t++)
    if (s->tile_loc[t] == BB_LOC_HOLDING && s->tile_holder[t] == seat && p->inst_def[t] == def)
      return t;
  return BB_NONE;
}

static void
play_holding (const TwGame *game,
              BbState      *s,
              guint         seat,
              guint         t,
              guint         slot)
{
  s->n_holdings[seat]--;
  if (bb_opt (game, BB_OPT_HOLDING_FACE) == BB_HOLDING_FACE_UP)
    {
      s->revealed |= BB_BIT (t);
      s->tile_hider[t] = BB_NONE;
    }
  else
    {
      s->revealed &= ~BB_BIT (t);
      s->tile_hider[t] = seat;
    }
  put_tile (s, t, slot);
  s->hold_done = 1;
  s->progress = 1;
  s->counters[BB_COUNTER_HOLDINGS]++;
}

/* ------------------------------------------------------------------------ */
/* Scores                                                                   */

void
bb_compute_scores (const TwGame  *game,
                   const BbState *s,
                   int           *out)
{
  BbScoreParts parts[BB_MAX_PLAYERS];

  bb_score_parts (game, s, parts);
  for (guint q = 0; q < s->n_players; q++)
    out[q] = parts[q].total;
}

int
bb_total_score (const TwGame  *game,
                const BbState *s,
                guint          seat)
{
  int sc[BB_MAX_PLAYERS];
  bb_compute_scores (game, s, sc);
  return sc[seat];
}

/* ------------------------------------------------------------------------ */
/* The module interface                                                     */

void
bb_init (const TwGame *game,
         TwState      *state,
         guint64       seed)
{
  const BbPrep *p = bb_prep (game);
  BbState *s = (BbState *) state;
  guint8 pool[BB_MAX_TILES];
  guint n_pool = 0, next = 0;
  guint slot = 0;

  memset (s, 0, sizeof *s);
  tw_rng_seed (&s->rng, seed);
  s->n_players = game->n_players;
  memset (s->slot_tile, BB_NONE, sizeof s->slot_tile);
  memset (s->tile_slot, BB_NONE, sizeof s->tile_slot);
  memset (s->tile_holder, BB_NONE, sizeof s->tile_holder);
  memset (s->tile_locker, BB_NONE, sizeof s->tile_locker);
  memset (s->tile_hider, BB_NONE, sizeof s->tile_hider);
  for (guint t = 0; t < BB_MAX_TILES; t++)
    s->tile_loc[t] = BB_LOC_BOX;
  for (guint q = 0; q < s->n_players; q++)
    s->supply[q] = p->markers;

  /* the clean tiles face up along the bottom row, the rest shuffled */
  for (guint t = 0; t < p->n_inst; t++)
    if (p->inst_kind[t] == BB_KIND_CLEAN && slot < p->row_width[0])
      {
        s->revealed |= BB_BIT (t);
        put_tile (s, t, slot++);
      }
    else
      pool[n_pool++] = t;
  tw_rng_shuffle_u8 (&s->rng, pool, n_pool);

  /* short stack: the holdings are dealt before the board is filled */
  if (bb_opt (game, BB_OPT_SHORT_STACK))
    for (guint h = 0; h < p->holdings; h++)
      for (guint q = 0; q < s->n_players && next < n_pool; q++)
        {
          guint t = pool[next++];
          s->tile_loc[t] = BB_LOC_HOLDING;
          s->tile_holder[t] = q;
          s->n_holdings[q]++;
        }
  /* face down from the bottom up; slots left over stay open spaces, tiles
   * left over stay in the box */
  {
    guint8 order[BB_MAX_SLOTS];
    guint n_order = 0;
    int empty = bb_opt (game, BB_OPT_SHORT_STACK) ? bb_opt (game, BB_OPT_SHORT_STACK_EMPTY) : BB_EMPTY_TOP;
    if (empty == BB_EMPTY_EVERY_ROW)
      {
        /* round robin over the rows, bottom up: the j-th free slot of each
         * row before the (j+1)-th of any */
        for (guint j = 0; n_order < p->n_slots - slot; j++)
          for (guint r = 0; r < p->n_rows; r++)
            {
              guint k = p->row_start[r] + (r == 0 ? slot : 0) + j;
              if (k < (guint) p->row_start[r] + p->row_width[r])
                order[n_order++] = k;
            }
      }
    else
      for (guint k = slot; k < p->n_slots; k++)
        order[n_order++] = k;
    if (empty == BB_EMPTY_RANDOM)
      tw_rng_shuffle_u8 (&s->rng, order, n_order);
    for (guint k = 0; k < n_order && next < n_pool; k++)
      put_tile (s, pool[next++], order[k]);
  }

  s->open_rows = 1;
  bb_update_rows (game, s);

  /* everyone rolls the die, the highest goes first, ties roll again */
  {
    guint8 cand[BB_MAX_PLAYERS];
    guint n_cand = s->n_players;
    for (guint q = 0; q < n_cand; q++)
      cand[q] = q;
    while (n_cand > 1)
      {
        guint best = 0, n_best = 0;
        guint8 roll[BB_MAX_PLAYERS];
        for (guint i = 0; i < n_cand; i++)
          {
            roll[i] = 1 + tw_rng_below (&s->rng, p->die);
            best = MAX (best, roll[i]);
          }
        for (guint i = 0; i < n_cand; i++)
          if (roll[i] == best)
            cand[n_best++] = cand[i];
        n_cand = n_best;
        if (p->die == 1)
          break;
      }
    s->current = cand[0];
  }
  begin_turn (game, s);
  if ((s->occ & ~s->lock) == 0)
    finish (s);
}

/* The whole position but the statistics: the state has no padding holes that
 * apply() could leave unset, it is zeroed in init() and state_from_text(). */
guint64
bb_hash (const TwGame  *game,
         const TwState *state)
{
  const guint8 *bytes = (const guint8 *) state;
  gsize n = G_STRUCT_OFFSET (BbState, counters);
  guint64 h = G_GUINT64_CONSTANT (0x243f6a8885a308d3);

  for (gsize i = 0; i + 8 <= n; i += 8)
    {
      guint64 w;
      memcpy (&w, bytes + i, 8);
      h = tw_mix64 (h, w);
    }
  for (gsize i = n & ~(gsize) 7; i < n; i++)
    h = tw_mix64 (h, bytes[i]);
  return h;
}

int
bb_to_act (const TwGame  *game,
           const TwState *state)
{
  const BbState *s = (const BbState *) state;
  return s->phase == BB_PHASE_DONE ? -1 : s->current;
}

void
bb_legal_moves (const TwGame  *game,
                const TwState *state,
                TwMoveList    *out)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  guint seat = s->current;

  if (s->phase == BB_PHASE_EFFECT)
    {
      gen_effect (game, s, p->inst_kind[s->pending], out);
      return;
    }
  if (s->phase != BB_PHASE_TURN)
    return;

  gboolean can_use = s->used < s->roll && s->supply[seat] > 0;
  if (can_use)
    BB_FOR_BITS (slot, p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn)
      push2 (out, BB_MOVE_MARK, slot, 0);

  if (!s->bid_done)
    for (guint k = 0; k < p->n_tiers; k++)
      {
        gboolean active = tier_active (p, s, k);
        if (active && s->supply[seat] > 0
            && (!bb_opt (game, BB_OPT_BID_USES_PLACEMENT) || s->used < s->roll))
          push2 (out, BB_MOVE_BID, k, 0);
        if (s->bids[k][seat] > 0)
          {
            push2 (out, BB_MOVE_INVEST, k, 0);
            if (bb_opt (game, BB_OPT_MOVE_BID))
              for (guint k2 = 0; k2 < p->n_tiers; k2++)
                if (k2 != k && tier_active (p, s, k2))
                  push2 (out, BB_MOVE_MOVE_BID, k, k2);
          }
      }

  if (bb_opt (game, BB_OPT_SHORT_STACK) && !s->hold_done && s->n_holdings[seat] > 0)
    {
      guint8 seen[TW_MAX_TILE_DEFS / 8] = { 0 };
      guint64 unrevealed = p->open_mask[s->open_rows] & s->occ & ~s->rev;
      guint64 spaces = p->all_slots & ~s->occ & active_slots (p, s);
      for (guint t = 0; t < p->n_inst; t++)
        {
          guint d = p->inst_def[t];
          if (s->tile_loc[t] != BB_LOC_HOLDING || s->tile_holder[t] != seat
              || seen[d / 8] & (1 << (d % 8)))
            continue;
          seen[d / 8] |= 1 << (d % 8);
          BB_FOR_BITS (slot, unrevealed)
            push2 (out, BB_MOVE_REPLACE, slot, d);
          BB_FOR_BITS (slot, spaces)
            push2 (out, BB_MOVE_HOLD, slot, d);
        }
    }

  if (!(bb_opt (game, BB_OPT_PLACEMENTS) == BB_PLACE_ALL && can_use
        && (p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn)))
    push2 (out, BB_MOVE_DONE, 0, 0);
}

gboolean
bb_apply (const TwGame  *game,
          TwState       *state,
          const TwMove  *move,
          GString       *why)
{
  const BbPrep *p = bb_prep (game);
  BbState *s = (BbState *) state;
  guint seat = s->current;
  guint a = move->a, b = move->b;

#define REFUSE(...) G_STMT_START { if (why) g_string_append_printf (why, __VA_ARGS__); return FALSE; } G_STMT_END

  if (s->phase == BB_PHASE_DONE)
    REFUSE (_("the game is over"));
  if (move->c != 0 || move->x != 0 || move->y != 0 || move->p != 0 || move->q != 0)
    REFUSE (_("not a Block 2 Block move"));

  if (s->phase == BB_PHASE_EFFECT)
    {
      if (!effect_move_legal (game, s, move, why))
        return FALSE;
      switch (move->kind)
        {
        case BB_MOVE_CRUMBLE:
          remove_tile (s, a);
          break;
        case BB_MOVE_SHIFT:
          move_tile (s, a, b);
          break;
        case BB_MOVE_BULLDOZE:
          remove_tile (s, a);
          move_tile (s, b, a);
          break;
        case BB_MOVE_SWAP:
          {
            guint ta = s->slot_tile[a], tb = s->slot_tile[b];
            put_tile (s, tb, a);
            put_tile (s, ta, b);
            break;
          }
        case BB_MOVE_UNMARK:
          {
            guint t = s->slot_tile[a];
            s->mk[t][b]--;
            s->removed[b]++;
            bb_refresh_slot (s, a);
            break;
          }
        default:
          break;
        }
      s->counters[BB_COUNTER_EFFECTS]++;
      s->phase = BB_PHASE_TURN;
      s->pending = BB_NONE;
      after_action (game, s);
      return TRUE;
    }

  switch (move->kind)
    {
    case BB_MOVE_MARK:
      if (a >= p->n_slots || !(s->occ & BB_BIT (a)))
        REFUSE (_("there is no tile there to mark"));
      if (!(p->open_mask[s->open_rows] & BB_BIT (a)))
        REFUSE (_("row %u is not open for play yet: every tile of the row below needs a marker first"),
                p->slot_row[a] + 1u);
      if (s->lock & BB_BIT (a))
        REFUSE (_("that tile is LOCKED"));
      if (s->turn & BB_BIT (a))
        REFUSE (_("only one marker can be placed on a tile per turn"));
      if (s->used >= s->roll)
        REFUSE (g_dngettext (GETTEXT_PACKAGE, "the die allows %u marker this turn",
                             "the die allows %u markers this turn", s->roll), s->roll);
      if (s->supply[seat] == 0)
        REFUSE (_("you have no markers left"));
      if (b != 0)
        REFUSE (_("not a Block 2 Block move"));
      mark (game, s, seat, a);
      return TRUE;

    case BB_MOVE_BID:
    case BB_MOVE_INVEST:
    case BB_MOVE_MOVE_BID:
      if (s->bid_done)
        REFUSE (_("bids and investments: once per turn"));
      if (a >= p->n_tiers)
        REFUSE (_("there is no tier %u"), a + 1u);
      if (move->kind == BB_MOVE_BID)
        {
          if (b != 0)
            REFUSE (_("not a Block 2 Block move"));
          if (!tier_active (p, s, a))
            REFUSE (_("place a BID on an active tier (a tier with revealed blocks upon it)"));
          if (s->supply[seat] == 0)
            REFUSE (_("you have no markers left"));
          if (bb_opt (game, BB_OPT_BID_USES_PLACEMENT) && s->used >= s->roll)
            REFUSE (g_dngettext (GETTEXT_PACKAGE,
                                 "a bid is one of the %u marker the die allows this turn",
                                 "a bid is one of the %u markers the die allows this turn",
                                 s->roll), s->roll);
          s->supply[seat]--;
          s->bids[a][seat]++;
          if (bb_opt (game, BB_OPT_BID_USES_PLACEMENT))
            s->used++;
          s->progress = 1;
          s->counters[BB_COUNTER_BIDS]++;
        }
      else if (move->kind == BB_MOVE_INVEST)
        {
          if (b != 0)
            REFUSE (_("not a Block 2 Block move"));
          if (s->bids[a][seat] == 0)
            REFUSE (_("you have no bid on tier %u to convert"), a + 1u);
          s->bids[a][seat]--;
          s->inv[a][seat]++;
          s->counters[BB_COUNTER_INVESTMENTS]++;
        }
      else
        {
          if (!bb_opt (game, BB_OPT_MOVE_BID))
            REFUSE (_("moving a bid is a variant (move-bid) not in play"));
          if (s->bids[a][seat] == 0)
            REFUSE (_("you have no bid on tier %u to move"), a + 1u);
          if (b == a || !tier_active (p, s, b))
            REFUSE (_("move a bid to a different active tier"));
          s->bids[a][seat]--;
          s->bids[b][seat]++;
        }
      s->bid_done = 1;
      return TRUE;

    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
      {
        if (!bb_opt (game, BB_OPT_SHORT_STACK))
          REFUSE (_("holdings are played only in the Short Stack variant"));
        if (s->hold_done)
          REFUSE (_("a holding: once per turn"));
        if (a >= p->n_slots)
          REFUSE (_("no such slot on this board"));
        guint t = b < game->definition->n_tiles ? held_instance (game, s, seat, b) : BB_NONE;
        if (t == BB_NONE)
          REFUSE (_("that block is not in your HOLDINGS"));
        if (move->kind == BB_MOVE_REPLACE)
          {
            if (!(s->occ & BB_BIT (a)) || (s->rev & BB_BIT (a)))
              REFUSE (_("crumble an UNREVEALED block and replace it with a block from your HOLDINGS"));
            if (!(p->open_mask[s->open_rows] & BB_BIT (a)))
              REFUSE (_("the block to crumble must be in an open row"));
            remove_tile (s, a);
          }
        else
          {
            if (s->occ & BB_BIT (a))
              REFUSE (_("place a holding in an available open space: that slot holds a tile"));
            if (!(active_slots (p, s) & BB_BIT (a)))
              REFUSE (_("the open space must be on an active tier"));
          }
        play_holding (game, s, seat, t, a);
        after_action (game, s);
        return TRUE;
      }

    case BB_MOVE_DONE:
      if (a != 0 || b != 0)
        REFUSE (_("not a Block 2 Block move"));
      if (bb_opt (game, BB_OPT_PLACEMENTS) == BB_PLACE_ALL && s->used < s->roll && s->supply[seat] > 0
          && (p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn))
        REFUSE (g_dngettext (GETTEXT_PACKAGE,
                             "the die's %u marker must all be placed while a tile can take one",
                             "the die's %u markers must all be placed while a tile can take one",
                             s->roll), s->roll);
      end_turn (game, s);
      return TRUE;

    case BB_MOVE_CRUMBLE:
    case BB_MOVE_SHIFT:
    case BB_MOVE_BULLDOZE:
    case BB_MOVE_SWAP:
    case BB_MOVE_UNMARK:
      REFUSE (_("there is no block effect to resolve now"));

    default:
      REFUSE (_("not a Block 2 Block move"));
    }
#undef REFUSE
}

void
bb_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const BbState *s = (const BbState *) state;
  int sc[BB_MAX_PLAYERS];

  bb_compute_scores (game, s, sc);
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = sc[q];
}

void
bb_ranking (const TwGame  *game,
            const TwState *state,
            guint         *rank)
{
  const BbState *s = (const BbState *) state;
  int sc[BB_MAX_PLAYERS];

  /* the rulebook names no tie-break: equal scores share a place */
  bb_compute_scores (game, s, sc);
  tw_rank_by_score (sc, s->n_players, rank);
}

/* Face-down tiles (but those @player put down from a holding), the other
 * players' holdings and the box are unknown to @player: their identities are
 * dealt again among those places. Who knows a face-down tile goes with the
 * place, not the tile. */
void
bb_observe (const TwGame *game,
            TwState      *state,
            guint         player,
            TwRng        *rng)
{
  const BbPrep *p = bb_prep (game);
  BbState *s = (BbState *) state;
  guint8 inst[BB_MAX_TILES], loc[BB_MAX_TILES], where[BB_MAX_TILES], hider[BB_MAX_TILES];
  guint n = 0;

  for (guint t = 0; t < p->n_inst; t++)
    {
      gboolean unknown;
      switch (s->tile_loc[t])
        {
        case BB_LOC_BOARD:
          unknown = !(s->revealed & BB_BIT (t)) && s->tile_hider[t] != player;
          break;
        case BB_LOC_HOLDING:
          unknown = s->tile_holder[t] != player;
          break;
        case BB_LOC_BOX:
          unknown = TRUE;
          break;
        default:
          unknown = FALSE;
          break;
        }
      if (!unknown)
        continue;
      inst[n] = t;
      loc[n] = s->tile_loc[t];
      where[n] = s->tile_loc[t] == BB_LOC_BOARD ? s->tile_slot[t] : s->tile_holder[t];
      hider[n] = s->tile_hider[t];
      n++;
    }
  /* the tiles are listed by index, but the places by the tile in them,
   * which is what is hidden: list the places in their own order first */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0; j--)
      {
        guint a = (guint) loc[j - 1] << 16 | (guint) where[j - 1] << 8 | hider[j - 1];
        guint b = (guint) loc[j] << 16 | (guint) where[j] << 8 | hider[j];
        guint8 tmp;

        if (a <= b)
          break;
        tmp = loc[j]; loc[j] = loc[j - 1]; loc[j - 1] = tmp;
        tmp = where[j]; where[j] = where[j - 1]; where[j - 1] = tmp;
        tmp = hider[j]; hider[j] = hider[j - 1]; hider[j - 1] = tmp;
      }
  tw_rng_shuffle_u8 (rng, inst, n);
  for (guint i = 0; i < n; i++)
    {
      guint t = inst[i];
      s->tile_loc[t] = loc[i];
      s->tile_hider[t] = hider[i];
      s->tile_slot[t] = BB_NONE;
      s->tile_holder[t] = BB_NONE;
      if (loc[i] == BB_LOC_BOARD)
        {
          s->tile_slot[t] = where[i];
          s->slot_tile[where[i]] = t;
        }
      else if (loc[i] == BB_LOC_HOLDING)
        s->tile_holder[t] = where[i];
    }
  tw_rng_seed (&s->rng, tw_rng_next (rng));
}

guint
bb_end_reason (const TwGame  *game,
               const TwState *state)
{
  const BbState *s = (const BbState *) state;

  if (s->counters[BB_COUNTER_NO_PLACEMENT_END] > 0)
    return 1;
  return s->counters[BB_COUNTER_ROUND_LIMIT_END] > 0 ? 2 : 0;
}

void
bb_counters (const TwGame  *game,
             const TwState *state,
             guint64       *out)
{
  tw_counters_copy (((const BbState *) state)->counters, BB_N_COUNTERS, out);
}

/* From scratch: every tile in exactly one place, the slot masks, every marker
 * of every seat in exactly one place, locks and open rows. */
gboolean
bb_check (const TwGame  *game,
          const TwState *state,
          GString       *why)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  BbState copy;
  guint held[BB_MAX_PLAYERS] = { 0 };

#define FAIL(...) G_STMT_START { g_string_printf (why, __VA_ARGS__); return FALSE; } G_STMT_END

  for (guint slot = 0; slot < BB_MAX_SLOTS; slot++)
    {
      guint t = s->slot_tile[slot];
      if (t == BB_NONE)
        continue;
      if (slot >= p->n_slots || t >= p->n_inst)
        FAIL ("slot %u holds tile %u outside the board or the tile set", slot, t);
      if (s->tile_loc[t] != BB_LOC_BOARD || s->tile_slot[t] != slot)
        FAIL ("tile %u is in slot %u and elsewhere", t, slot);
    }
  for (guint t = 0; t < BB_MAX_TILES; t++)
    {
      guint n = bb_tile_markers (s, t);
      if (t >= p->n_inst)
        {
          if (n || s->tile_loc[t] != BB_LOC_BOX)
            FAIL ("tile %u does not exist but is in play", t);
          continue;
        }
      switch (s->tile_loc[t])
        {
        case BB_LOC_BOARD:
          if (s->tile_slot[t] >= p->n_slots || s->slot_tile[s->tile_slot[t]] != t)
            FAIL ("tile %u thinks it is in slot %u", t, s->tile_slot[t]);
          break;
        case BB_LOC_HOLDING:
          if (s->tile_holder[t] >= s->n_players)
            FAIL ("tile %u is held by no player", t);
          held[s->tile_holder[t]]++;
          break;
        case BB_LOC_REMOVED:
        case BB_LOC_BOX:
          break;
        default:
          FAIL ("tile %u is nowhere", t);
        }
      if (s->tile_loc[t] != BB_LOC_BOARD)
        {
          if (n || s->tile_locker[t] != BB_NONE)
            FAIL ("tile %u is off the board with markers or a lock", t);
          continue;
        }
      if (!(s->revealed & BB_BIT (t)) && (n || s->tile_locker[t] != BB_NONE))
        FAIL ("face-down tile %u carries markers", t);
      for (guint q = 0; q < BB_MAX_PLAYERS; q++)
        {
          if (q >= s->n_players && s->mk[t][q])
            FAIL ("tile %u carries markers of seat %u, not in the game", t, q + 1);
          if (s->tile_locker[t] == BB_NONE && s->mk[t][q] >= 2)
            FAIL ("tile %u has two markers of seat %u but is not locked", t, q + 1);
          if (s->tile_locker[t] != BB_NONE && q != s->tile_locker[t] && s->mk[t][q])
            FAIL ("locked tile %u still carries an opponent's marker", t);
        }
    }
  for (guint q = 0; q < s->n_players; q++)
    {
      guint total = s->supply[q] + s->lost[q] + s->removed[q];
      for (guint t = 0; t < p->n_inst; t++)
        total += s->mk[t][q];
      for (guint k = 0; k < BB_MAX_TIERS; k++)
        {
          if (k >= p->n_tiers && (s->bids[k][q] || s->inv[k][q]))
            FAIL ("seat %u bids on tier %u, which does not exist", q + 1, k + 1);
          total += s->bids[k][q] + s->inv[k][q];
        }
      if (total != p->markers)
        FAIL ("seat %u has %u markers in all, not %u", q + 1, total, p->markers);
      if (held[q] != s->n_holdings[q])
        FAIL ("seat %u holds %u tiles, %u counted", q + 1, held[q], s->n_holdings[q]);
    }

  memcpy (&copy, s, sizeof copy);
  bb_recount_masks (game, &copy);
  if (copy.occ != s->occ || copy.rev != s->rev || copy.lock != s->lock
      || copy.marked != s->marked || copy.turn != s->turn)
    FAIL ("the slot masks do not match the tiles");

  /* open rows: never fewer than the marked rows allow; the highest open row
   * is not complete (or it would have opened the next) */
  if (s->open_rows < 1 || s->open_rows > p->n_rows)
    FAIL ("%u rows open", s->open_rows);
  if (s->phase != BB_PHASE_EFFECT)
    {
      guint h = 1;
      while (h < p->n_rows && row_full (p, &copy, h - 1))
        h++;
      if (bb_opt (game, BB_OPT_ROWS_STAY_OPEN))
        {
          if (s->open_rows < h || (s->open_rows < p->n_rows && row_full (p, s, s->open_rows - 1)))
            FAIL ("%u rows open, the markers open %u", s->open_rows, h);
        }
      else if (s->open_rows != h)
        FAIL ("%u rows open, the markers open %u", s->open_rows, h);
    }

  switch (s->phase)
    {
    case BB_PHASE_EFFECT:
      if (s->pending >= p->n_inst || p->inst_kind[s->pending] < BB_KIND_CRUMBLE)
        FAIL ("an effect is pending without a black block");
      /* fall through */
    case BB_PHASE_TURN:
      if (s->current >= s->n_players || s->roll < 1 || s->roll > p->die)
        FAIL ("seat %u to act with a roll of %u", s->current + 1, s->roll);
      if (s->used > s->roll)
        FAIL ("%u placements used of %u", s->used, s->roll);
      if ((s->occ & ~s->lock) == 0)
        FAIL ("every tile is locked but the game goes on");
      break;
    case BB_PHASE_DONE:
      break;
    default:
      FAIL ("unknown phase %u", s->phase);
    }
  return TRUE;
#undef FAIL
}
