/* bb-expr.c: what Block 2 Block's scoring expressions can ask about a seat
 *
 * The vocabulary the terms of a definition's `end-scoring:` are written in
 * (doc/definition-format.md, "Block 2 Block's vocabulary"): the seat being
 * scored, its markers off the board (captures, bids, investments,
 * holdings), the tiers with their bonus and tier scores, and the blocks on
 * the board with their value, kind and markers. Every answer is read from
 * the state as bb-rules.c keeps it, and the counts the rules define are
 * theirs: a block's value is bb_lock_value() (lock-values,
 * gold-multiplier), a tier's scores are bb_tier_scores() (tier-score), so
 * a term sees exactly what the C terms see.
 *
 * Elements: a tier is its index from the bottom (0-based); a block is its
 * slot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "bb-private.h"

enum /* queries */
{
  Q_SEAT,
  Q_PLAYERS,
  Q_CAPTURES,
  Q_INVESTMENTS,
  Q_BIDS,
  Q_HOLDINGS,
  Q_MARKERS_IN_SUPPLY,
  Q_TIERS,
  Q_BLOCKS,
  N_QUERIES,
};

enum /* the blocks `blocks(...)` walks */
{
  W_OWN,
  W_LOCKED,
  W_BOARD,
};

enum /* record types */
{
  R_TIER,
  R_BLOCK,
};

enum /* fields of a tier */
{
  F_NUMBER,
  F_BONUS,
  F_SCORE,
  F_BEST,
  F_WINNERS,
  F_WON,
  F_TIER_BIDS,
  F_TIER_INVESTMENTS,
  F_OWN_BIDS,
  F_OWN_INVESTMENTS,
  F_LOCKED,
  F_OWN_LOCKED,
  N_TIER_FIELDS,
};

enum /* fields of a block */
{
  F_VALUE,
  F_TIER,
  F_ROW,
  F_IS_LOCKED,
  F_OWN,
  F_CLEAN,
  F_GOLD,
  F_BLACK,
  F_REVEALED,
  F_MARKERS,
  F_OWN_MARKERS,
  N_BLOCK_FIELDS,
};

static const char * const block_words[] = { "own", "locked", "board", NULL };

static const TwExprField tier_fields[] = {
  [F_NUMBER] = { "number", TW_EXPR_NUMBER, "1 for the bottom tier (rows 1-2), 2 for the next..." },
  [F_BONUS] = { "bonus", TW_EXPR_NUMBER,
                "its bonus before a tie: tier-value times its number, plus every bid and "
                "investment on it" },
  [F_SCORE] = { "score", TW_EXPR_NUMBER,
                "the seat's tier score there: the values of the blocks it locked there "
                "(with tier-score: locked-tiles, how many)" },
  [F_BEST] = { "best", TW_EXPR_NUMBER, "the highest tier score there of any seat" },
  [F_WINNERS] = { "winners", TW_EXPR_NUMBER,
                  "the seats with the highest tier score there, when it is above 0; else 0" },
  [F_WON] = { "won", TW_EXPR_BOOL, "the seat's tier score there is the highest, and above 0" },
  [F_TIER_BIDS] = { "bids", TW_EXPR_NUMBER, "bids on it, of every seat" },
  [F_TIER_INVESTMENTS] = { "investments", TW_EXPR_NUMBER, "investments on it, of every seat" },
  [F_OWN_BIDS] = { "own_bids", TW_EXPR_NUMBER, "the seat's bids on it" },
  [F_OWN_INVESTMENTS] = { "own_investments", TW_EXPR_NUMBER, "the seat's investments on it" },
  [F_LOCKED] = { "locked", TW_EXPR_NUMBER, "blocks locked on it, by any seat" },
  [F_OWN_LOCKED] = { "own_locked", TW_EXPR_NUMBER, "blocks on it the seat locked" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (tier_fields) == N_TIER_FIELDS);

static const TwExprField block_fields[] = {
  [F_VALUE] = { "value", TW_EXPR_NUMBER,
                "what it is worth locked: black 1, clean its tier number, gold that times "
                "gold-multiplier; where it stands, or as fixed when locked (lock-values)" },
  [F_TIER] = { "tier", TW_EXPR_RECORD (R_TIER), "the tier it stands on" },
  [F_ROW] = { "row", TW_EXPR_NUMBER, "its row, 1 at the bottom" },
  [F_IS_LOCKED] = { "locked", TW_EXPR_BOOL, "some seat locked it" },
  [F_OWN] = { "own", TW_EXPR_BOOL, "the seat locked it" },
  [F_CLEAN] = { "clean", TW_EXPR_BOOL, "a clean block (not gold-bordered)" },
  [F_GOLD] = { "gold", TW_EXPR_BOOL, "a gold-bordered clean block" },
  [F_BLACK] = { "black", TW_EXPR_BOOL, "a black block (crumble, move, swap or remove-marker)" },
  [F_REVEALED] = { "revealed", TW_EXPR_BOOL, "face up" },
  [F_MARKERS] = { "markers", TW_EXPR_NUMBER, "markers on it, of every seat" },
  [F_OWN_MARKERS] = { "own_markers", TW_EXPR_NUMBER, "the seat's markers on it" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (block_fields) == N_BLOCK_FIELDS);

static const TwExprRecordType records[] = {
  [R_TIER] = { "tier", tier_fields, N_TIER_FIELDS, "a tier of the board (two rows)" },
  [R_BLOCK] = { "block", block_fields, N_BLOCK_FIELDS, "a block tile on the board" },
};

static const TwExprQuery queries[] = {
  [Q_SEAT] = { "seat", TW_EXPR_NUMBER, NULL, 0, "the seat being scored, from 1" },
  [Q_PLAYERS] = { "players", TW_EXPR_NUMBER, NULL, 0, "the number of seats" },
  [Q_CAPTURES] = { "captures", TW_EXPR_NUMBER, NULL, 0,
                   "the seat's capture points: opponent markers it captured (with "
                   "capture-points: per-tile, locks that captured)" },
  [Q_INVESTMENTS] = { "investments", TW_EXPR_NUMBER, NULL, 0, "the seat's investments, all tiers" },
  [Q_BIDS] = { "bids", TW_EXPR_NUMBER, NULL, 0, "the seat's bids, all tiers" },
  [Q_HOLDINGS] = { "holdings", TW_EXPR_NUMBER, NULL, 0, "the seat's unplayed holdings" },
  [Q_MARKERS_IN_SUPPLY] = { "markers_in_supply", TW_EXPR_NUMBER, NULL, 0,
                            "the seat's markers in its supply" },
  [Q_TIERS] = { "tiers", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_TIER)), NULL, 0,
                "the board's tiers, from the bottom" },
  [Q_BLOCKS] = { "blocks", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_BLOCK)), block_words, 0,
                 "blocks on the board, slot by slot from the bottom: own (the seat locked "
                 "them), locked (by any seat) or board (all)" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (queries) == N_QUERIES);

static gint64
bb_expr_value (gconstpointer env_,
               guint         query,
               gint64        arg)
{
  const BbExprEnv *env = env_;
  const BbState *s = env->s;
  guint q = env->seat;
  gint64 n = 0;

  switch (query)
    {
    case Q_SEAT:
      return q + 1;
    case Q_PLAYERS:
      return s->n_players;
    case Q_CAPTURES:
      return s->capture_points[q];
    case Q_INVESTMENTS:
    case Q_BIDS:
      for (guint k = 0; k < bb_prep (env->game)->n_tiers; k++)
        n += query == Q_BIDS ? s->bids[k][q] : s->inv[k][q];
      return n;
    case Q_HOLDINGS:
      return s->n_holdings[q];
    case Q_MARKERS_IN_SUPPLY:
      return s->supply[q];
    default:
      g_assert_not_reached ();
    }
}

/* The slots whose blocks `blocks(@which)` walks. */
static guint64
block_slots (const BbExprEnv *env,
             gint64           which)
{
  const BbState *s = env->s;
  guint64 own = 0;

  switch (which)
    {
    case W_OWN:
      for (guint64 m = s->lock; m != 0; m &= m - 1)
        {
          guint slot = __builtin_ctzll (m);
          if (s->tile_locker[s->slot_tile[slot]] == env->seat)
            own |= BB_BIT (slot);
        }
      return own;
    case W_LOCKED:
      return s->lock;
    case W_BOARD:
      return s->occ;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
bb_expr_next (gconstpointer env_,
              guint         query,
              gint64        arg,
              gint64       *cursor,
              gint64       *element)
{
  const BbExprEnv *env = env_;
  guint64 left;

  if (query == Q_TIERS)
    {
      if (*cursor >= bb_prep (env->game)->n_tiers)
        return FALSE;
      *element = (*cursor)++;
      return TRUE;
    }
  g_assert (query == Q_BLOCKS);
  /* the cursor is the next slot to look at */
  left = *cursor >= 64 ? 0 : block_slots (env, arg) & ~(BB_BIT (*cursor) - 1);
  if (left == 0)
    {
      *cursor = 64;
      return FALSE;
    }
  *element = __builtin_ctzll (left);
  *cursor = *element + 1;
  return TRUE;
}

static gint64
tier_field (const BbExprEnv *env,
            guint            field,
            guint            k)
{
  const BbPrep *p = bb_prep (env->game);
  const BbState *s = env->s;
  int tier_score[BB_MAX_PLAYERS];
  guint tied, n = 0;
  int best;

  switch (field)
    {
    case F_NUMBER:
      return k + 1;
    case F_BONUS:
      return bb_tier_bonus (env->game, s, k);
    case F_SCORE:
    case F_BEST:
    case F_WINNERS:
    case F_WON:
      best = bb_tier_scores (env->game, s, k, tier_score, &tied);
      if (field == F_SCORE)
        return tier_score[env->seat];
      if (field == F_BEST)
        return best;
      if (field == F_WINNERS)
        return best > 0 ? tied : 0;
      return best > 0 && tier_score[env->seat] == best;
    case F_TIER_BIDS:
    case F_TIER_INVESTMENTS:
      for (guint q = 0; q < s->n_players; q++)
        n += field == F_TIER_BIDS ? s->bids[k][q] : s->inv[k][q];
      return n;
    case F_OWN_BIDS:
      return s->bids[k][env->seat];
    case F_OWN_INVESTMENTS:
      return s->inv[k][env->seat];
    case F_LOCKED:
      return __builtin_popcountll (p->tier_mask[k] & s->lock);
    case F_OWN_LOCKED:
      return __builtin_popcountll (p->tier_mask[k] & block_slots (env, W_OWN));
    default:
      g_assert_not_reached ();
    }
}

static gint64
block_field (const BbExprEnv *env,
             guint            field,
             guint            slot)
{
  const BbPrep *p = bb_prep (env->game);
  const BbState *s = env->s;
  guint t = s->slot_tile[slot];

  switch (field)
    {
    case F_VALUE:
      return s->tile_locker[t] != BB_NONE ? bb_lock_value (env->game, s, t) : bb_slot_value (env->game, s, t);
    case F_TIER:
      return bb_tier_of_slot (p, slot);
    case F_ROW:
      return p->slot_row[slot] + 1;
    case F_IS_LOCKED:
      return s->tile_locker[t] != BB_NONE;
    case F_OWN:
      return s->tile_locker[t] == env->seat;
    case F_CLEAN:
      return p->inst_kind[t] == BB_KIND_CLEAN;
    case F_GOLD:
      return p->inst_kind[t] == BB_KIND_GOLD;
    case F_BLACK:
      return p->inst_kind[t] != BB_KIND_CLEAN && p->inst_kind[t] != BB_KIND_GOLD;
    case F_REVEALED:
      return (s->rev & BB_BIT (slot)) != 0;
    case F_MARKERS:
      return bb_tile_markers (s, t);
    case F_OWN_MARKERS:
      return s->mk[t][env->seat];
    default:
      g_assert_not_reached ();
    }
}

static gint64
bb_expr_field (gconstpointer env_,
               guint         record,
               guint         field,
               gint64        element)
{
  const BbExprEnv *env = env_;

  if (record == R_TIER)
    return tier_field (env, field, element);
  g_assert (record == R_BLOCK);
  return block_field (env, field, element);
}

const TwExprVocabulary bb_expr_vocabulary = {
  .name = "block-2-block",
  .queries = queries,
  .n_queries = N_QUERIES,
  .records = records,
  .n_records = G_N_ELEMENTS (records),
  .value = bb_expr_value,
  .next = bb_expr_next,
  .field = bb_expr_field,
};
