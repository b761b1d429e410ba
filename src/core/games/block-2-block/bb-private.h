/* bb-private.h: Block 2 Block's state layout and the tables prepare() builds
 *
 * The board is a stack of rows (widths from the definition's `board:`
 * section), two rows to a tier. Slots are numbered row by row from the bottom,
 * at most 64 of them, so every set of slots is one 64-bit mask: the open rows,
 * the occupied, revealed, locked and marked slots. Those masks are derived
 * from the per-tile fields and kept up to date by bb_refresh_slot(); check()
 * rebuilds them from scratch.
 *
 * Tiles are instances of the definition's tile entries (counts expanded), at
 * most 64. Markers ride on tile instances (mk[tile][seat]), so moving or
 * swapping a tile moves its markers with it. Every marker of a seat is in
 * exactly one of: supply, a tile, a bid, an investment, captured (taken off
 * the game by an opponent's lock) or removed (by a Remove-Marker block).
 *
 * Nothing in the state points to the heap: copying it is one memcpy.
 */
#pragma once

#include "tw-expr-terms.h"
#include "tw-game.h"
#include "tw-module-util.h"
#include "bb-view.h"

G_BEGIN_DECLS

enum /* option indexes into bb_options */
{
  BB_OPT_SHORT_STACK,
  BB_OPT_MOVE_BID,
  BB_OPT_BID_USES_PLACEMENT,
  BB_OPT_ROWS_STAY_OPEN,
  BB_OPT_FEW_ROWS_CLAUSE,
  BB_OPT_REMOVE_LOCKED_TILES,
  BB_OPT_UNMARK_LOCKED,
  BB_OPT_CAPTURE,
  BB_OPT_CAPTURE_POINTS,
  BB_OPT_LOCK_VALUES,
  BB_OPT_GOLD_MULTIPLIER,
  BB_OPT_TIER_SCORE,
  BB_OPT_HOLDING_FACE,
  BB_OPT_IDLE_ROUND_ENDS,
  BB_OPT_ROUND_LIMIT,
  BB_OPT_PLACEMENTS,
  BB_OPT_SHORT_STACK_EMPTY,
  BB_N_OPTIONS,
};

enum { BB_CLAUSE_INSTEAD, BB_CLAUSE_EITHER, BB_CLAUSE_OFF };
enum { BB_CAPTURE_REMOVE, BB_CAPTURE_RETURN };
enum { BB_CAPTURE_PER_MARKER, BB_CAPTURE_PER_TILE };
enum { BB_VALUES_AT_END, BB_VALUES_WHEN_LOCKED };
enum { BB_TIER_LOCK_VALUES, BB_TIER_LOCKED_TILES };
enum { BB_HOLDING_FACE_DOWN, BB_HOLDING_FACE_UP };
enum { BB_PLACE_UP_TO, BB_PLACE_ALL };
enum { BB_EMPTY_EVERY_ROW, BB_EMPTY_TOP, BB_EMPTY_RANDOM };

enum /* counters */
{
  BB_COUNTER_TURNS,
  BB_COUNTER_MARKERS,
  BB_COUNTER_LOCKS,
  BB_COUNTER_CAPTURED,
  BB_COUNTER_EFFECTS,
  BB_COUNTER_EFFECTS_SKIPPED,
  BB_COUNTER_TILES_REMOVED,
  BB_COUNTER_BIDS,
  BB_COUNTER_INVESTMENTS,
  BB_COUNTER_HOLDINGS,
  BB_COUNTER_SAFETY_END,       /* either safety end: no-placement or round-limit */
  BB_COUNTER_ALL_LOCKED_END,   /* the rulebook's end: every tile on the board locked */
  BB_COUNTER_NO_PLACEMENT_END, /* a full round in which nobody could place (or, idle-round-ends, played) */
  BB_COUNTER_ROUND_LIMIT_END,  /* the round-limit safety rule */
  BB_N_COUNTERS,
};

/* Immutable, built once per definition. */
typedef struct
{
  guint    n_rows;
  guint    n_slots;
  guint    n_tiers;
  guint8   row_width[BB_MAX_ROWS];
  guint8   row_start[BB_MAX_ROWS];
  guint8   slot_row[BB_MAX_SLOTS];
  guint8   slot_col[BB_MAX_SLOTS];
  guint64  row_mask[BB_MAX_ROWS];
  guint64  tier_mask[BB_MAX_TIERS];
  guint64  open_mask[BB_MAX_ROWS + 1];  /* slots of the first n rows */
  guint64  all_slots;
  guint    markers;                      /* per player */
  guint    die;                          /* sides of the die rolled each turn */
  guint    tier_value;                   /* points per tier level of the bonus */
  guint    holdings;                     /* short stack: tiles dealt to each player */
  guint    n_inst;
  guint8   inst_def[BB_MAX_TILES];
  guint8   inst_kind[BB_MAX_TILES];
  guint8   def_kind[TW_MAX_TILE_DEFS];
  /* the score's terms written as expressions (`end-scoring:`, compiled
   * against bb-expr.c's vocabulary); none: the C terms of bb-score.c */
  TwExprTerms end_terms;
} BbPrep;

typedef struct
{
  TwRng    rng;
  guint8   n_players;
  guint8   phase;
  guint8   current;
  guint8   roll;               /* this turn's die */
  guint8   used;               /* placements used this turn (markers on tiles, new bids) */
  guint8   bid_done;           /* the bid action of this turn was taken */
  guint8   hold_done;          /* the short-stack action of this turn was taken */
  guint8   progress;           /* this turn put a marker or a holding into play */
  guint8   could_place;        /* at the start of the turn a marker could go on a tile */
  guint8   open_rows;          /* rows 1..open_rows are open */
  guint8   pending;            /* tile instance whose effect is being resolved, or BB_NONE */
  guint8   idle;               /* consecutive idle turns (the safety end) */
  guint8   ended_by_safety;
  guint8   pad;
  guint16  turn_no;            /* turns begun, for the round limit */
  /* slot masks derived from the tiles (bb_refresh_slot) */
  guint64  occ, rev, lock, marked, turn;
  /* the board and the tiles */
  guint8   slot_tile[BB_MAX_SLOTS];
  guint8   tile_loc[BB_MAX_TILES];
  guint8   tile_slot[BB_MAX_TILES];
  guint8   tile_holder[BB_MAX_TILES];   /* seat of a holding, else BB_NONE */
  guint8   tile_locker[BB_MAX_TILES];   /* seat that locked it, else BB_NONE */
  guint8   tile_hider[BB_MAX_TILES];    /* seat that put it face down from a holding, else BB_NONE */
  guint8   tile_value[BB_MAX_TILES];    /* lock value fixed when locked (lock-values=when-locked) */
  guint64  revealed;                    /* by tile instance */
  guint64  marked_turn;                 /* by tile instance: marked this turn */
  guint8   mk[BB_MAX_TILES][BB_MAX_PLAYERS];
  /* markers off the board */
  guint8   supply[BB_MAX_PLAYERS];
  guint8   bids[BB_MAX_TIERS][BB_MAX_PLAYERS];
  guint8   inv[BB_MAX_TIERS][BB_MAX_PLAYERS];
  guint8   lost[BB_MAX_PLAYERS];        /* own markers captured by opponents */
  guint8   removed[BB_MAX_PLAYERS];     /* own markers removed by Remove-Marker blocks */
  guint16  capture_points[BB_MAX_PLAYERS];
  guint8   n_holdings[BB_MAX_PLAYERS];
  guint8   pad2[4];
  /* statistics, not part of the position */
  guint32  counters[BB_N_COUNTERS];
} BbState;

extern const TwOptionSpec bb_options[];

static inline const BbPrep *
bb_prep (const TwGame *game)
{
  return game->prepared;
}

static inline int
bb_opt (const TwGame *game, guint opt)
{
  return game->options.values[opt];
}

static inline guint
bb_tier_of_slot (const BbPrep *p, guint slot)
{
  return p->slot_row[slot] / 2;
}

/* A seat's score by rule (bb-score.c): tier_shared[k] is the number of
 * players who won tier k (0: not this seat); with `end-scoring:` terms
 * only terms[] is filled. total is the score. */
typedef struct
{
  int    locks;
  int    captures;
  int    investments;
  int    holdings;
  int    tier_bonus[BB_MAX_TIERS];
  guint8 tier_shared[BB_MAX_TIERS];
  int    terms[TW_EXPR_MAX_TERMS];
  int    total;
} BbScoreParts;

void     bb_score_parts       (const TwGame *game, const BbState *s, BbScoreParts *parts);
void     bb_score_terms       (const TwGame *game, const TwState *state, guint seat,
                               GArray *terms);
void     bb_describe_seat     (const TwGame *game, const TwState *state, guint seat,
                               int viewer, GString *out);
/* Each seat's tier score in tier @k (lock values, or locked tiles with
 * tier-score=locked-tiles) in @tier_score; returns the best of them (0:
 * nobody locked a tile there) and the number of seats at the best in
 * @tied. */
int      bb_tier_scores       (const TwGame *game, const BbState *s, guint k, int *tier_score,
                               guint *tied);
/* Tier @k's bonus before any tie: the tier value times its number, plus
 * every bid and investment on it. */
int      bb_tier_bonus        (const TwGame *game, const BbState *s, guint k);

/* What tile @t is worth locked in @slot: a black block 1, a clean block its
 * tier number (rows 1-2: 1, rows 3-4: 2, ...), a gold one that times the
 * gold multiplier. */
static inline guint
bb_value_in_slot (const TwGame *game, guint t, guint slot)
{
  const BbPrep *p = bb_prep (game);
  guint tier = bb_tier_of_slot (p, slot) + 1;

  switch (p->inst_kind[t])
    {
    case BB_KIND_CLEAN:
      return tier;
    case BB_KIND_GOLD:
      return tier * (guint) bb_opt (game, BB_OPT_GOLD_MULTIPLIER);
    default:
      return 1;
    }
}

/* What locked tile @t is worth to its locker in @slot: fixed when it was
 * locked under lock-values=when-locked, else by where it stands. */
static inline guint
bb_lock_value_in (const TwGame *game, const BbState *s, guint t, guint slot)
{
  if (bb_opt (game, BB_OPT_LOCK_VALUES) == BB_VALUES_WHEN_LOCKED)
    return s->tile_value[t];
  return bb_value_in_slot (game, t, slot);
}

/* Helpers of bb-rules.c that bb-bot.c shares */

#define BB_BIT(i) (G_GUINT64_CONSTANT (1) << (i))

/* Every set bit of @mask, lowest first, as guint @var. */
#define BB_FOR_BITS(var, mask) \
  for (guint64 var##_m = (mask); var##_m; var##_m &= var##_m - 1) \
    for (guint var = __builtin_ctzll (var##_m), var##_once = 1; var##_once; var##_once = 0)

static inline guint
bb_tile_markers (const BbState *s,
                 guint          t)
{
  guint n = 0;
  for (guint q = 0; q < BB_MAX_PLAYERS; q++)
    n += s->mk[t][q];
  return n;
}

/* What tile @t is worth locked where it stands now (bb_value_in_slot()). */
static inline guint
bb_slot_value (const TwGame  *game,
               const BbState *s,
               guint          t)
{
  return bb_value_in_slot (game, t, s->tile_slot[t]);
}

void     bb_compute_scores (const TwGame *game, const BbState *s, int *out);

/* bb-prepare.c: definition time */
void     bb_validate      (TwDefinition *def, TwDiagnostics *diags);
gpointer bb_prepare       (const TwDefinition *def);
void     bb_free_prepared (gpointer data);
gsize    bb_state_size    (const TwGame *game);

/* bb-rules.c: the rules table's play hooks */
void     bb_init        (const TwGame *game, TwState *state, guint64 seed);
guint64  bb_hash        (const TwGame *game, const TwState *state);
int      bb_to_act      (const TwGame *game, const TwState *state);
void     bb_legal_moves (const TwGame *game, const TwState *state, TwMoveList *out);
gboolean bb_apply       (const TwGame *game, TwState *state, const TwMove *move, GString *why);
void     bb_scores      (const TwGame *game, const TwState *state, double *scores);
void     bb_ranking     (const TwGame *game, const TwState *state, guint *rank);
void     bb_observe     (const TwGame *game, TwState *state, guint player, TwRng *rng);
guint    bb_end_reason  (const TwGame *game, const TwState *state);
void     bb_counters    (const TwGame *game, const TwState *state, guint64 *out);
gboolean bb_check       (const TwGame *game, const TwState *state, GString *why);

/* bb-bot.c */
double   bb_heuristic    (const TwGame *game, const TwState *state, guint player);
guint    bb_playout_pick (const TwGame *game, const TwState *state, const TwMoveList *moves,
                          TwRng *rng);

/* bb-rules.c, used by the notation */
guint    bb_lock_value       (const TwGame *game, const BbState *s, guint t);
void     bb_refresh_slot     (BbState *s, guint slot);
void     bb_recount_masks    (const TwGame *game, BbState *s);
void     bb_update_rows      (const TwGame *game, BbState *s);
int      bb_total_score      (const TwGame *game, const BbState *s, guint seat);
void     bb_begin_turn_flags (const TwGame *game, BbState *s);
gboolean bb_can_place        (const TwGame *game, const BbState *s, guint seat);

/* bb-notation.c */
void     bb_slot_name        (const BbPrep *p, guint slot, GString *out);
void     bb_describe_move   (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
void     bb_move_to_text     (const TwGame *game, const TwState *state, const TwMove *move,
                              GString *out);
gboolean bb_move_from_text   (const TwGame *game, const TwState *state, const char *text,
                              TwMove *move, GString *why);
void     bb_state_to_text    (const TwGame *game, const TwState *state, GString *out);
gboolean bb_state_from_text  (const TwGame *game, TwState *state, const char *text,
                              GString *why);

extern const char bb_notation_summary[];

/* bb-expr.c: what a scoring expression reads, one seat of one state */
typedef struct
{
  const TwGame  *game;
  const BbState *s;
  guint          seat;
} BbExprEnv;

extern const TwExprVocabulary bb_expr_vocabulary;

G_END_DECLS
