/* bb-view.h: what a picture of a Block 2 Block position may know
 *
 * The public, read-only face of the game for renderers: the move encoding,
 * the tile kinds, phases and tile locations, the board's geometry and a
 * BbView of a position, filled by the rules. The state's layout, the
 * options and the rules' tables stay in bb-private.h; what a tile is worth
 * is asked of the rules (bb_view_value_at()), never worked out again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-game.h"

G_BEGIN_DECLS

#define BB_MAX_PLAYERS  6
#define BB_MAX_TILES    64
#define BB_MAX_SLOTS    64
#define BB_MAX_ROWS     16
#define BB_MAX_TIERS    8
#define BB_MAX_MARKERS  99
#define BB_MAX_HOLDINGS 8
#define BB_NONE         0xff

enum /* tile kinds, the values of a tile's `kind:` */
{
  BB_KIND_CLEAN,
  BB_KIND_GOLD,
  BB_KIND_CRUMBLE,
  BB_KIND_MOVE,
  BB_KIND_SWAP,
  BB_KIND_REMOVE_MARKER,
  BB_N_KINDS,
};

enum /* move kinds */
{
  BB_MOVE_MARK = 1,    /* a = slot */
  BB_MOVE_BID,         /* a = tier */
  BB_MOVE_INVEST,      /* a = tier: one of the mover's bids there becomes an investment */
  BB_MOVE_MOVE_BID,    /* a = from tier, b = to tier (variant) */
  BB_MOVE_DONE,        /* the end of the turn */
  BB_MOVE_REPLACE,     /* short stack: a = slot of an unrevealed tile, b = tile definition held */
  BB_MOVE_HOLD,        /* short stack: a = empty slot, b = tile definition held */
  BB_MOVE_CRUMBLE,     /* effect: a = slot */
  BB_MOVE_SHIFT,       /* effect (Move block): a = from slot, b = empty slot */
  BB_MOVE_BULLDOZE,    /* effect (Move block, no open space): a = slot removed, b = slot moved into it */
  BB_MOVE_SWAP,        /* effect: a, b = slots */
  BB_MOVE_UNMARK,      /* effect (Remove-Marker): a = slot, b = seat of the marker */
};

enum /* phases */
{
  BB_PHASE_TURN,       /* `current` marks, bids, plays holdings or ends the turn */
  BB_PHASE_EFFECT,     /* `current` resolves the effect of the block just revealed */
  BB_PHASE_DONE,
};

enum /* where a tile instance is */
{
  BB_LOC_BOARD,
  BB_LOC_HOLDING,      /* in the hand of tile_holder[t] (short stack) */
  BB_LOC_REMOVED,      /* crumbled or bulldozed off the game */
  BB_LOC_BOX,          /* never in play (more tiles than slots) */
};

/* The kinds' names as the definition's `kind:` spells them. */
extern const char * const bb_kind_names[];

/* A position as a picture sees it, filled by bb_view_fill() without
 * allocating or copying: every array is borrowed from the game's tables or
 * from the state, and lives as long as they do. Slots are numbered row by
 * row from the bottom; tiles are instances of the definition's entries. */
typedef struct
{
  /* the board and the tiles, fixed for the game */
  guint           n_rows;
  guint           n_slots;
  guint           n_tiers;                 /* two rows to a tier */
  guint           n_inst;
  const guint8   *row_width;               /* [n_rows] */
  const guint8   *slot_row;                /* [n_slots] */
  const guint8   *slot_col;                /* [n_slots] */
  const guint8   *inst_def;                /* [n_inst]: its tile definition */
  const guint8   *inst_kind;               /* [n_inst] */
  const guint8   *def_kind;                /* per tile definition */
  guint           tier_value;              /* points per tier level of the bonus */
  gboolean        short_stack;             /* seats hold tiles */
  gboolean        holdings_face_up;
  /* the position */
  const TwState  *state;                   /* the state it was filled from */
  guint8          n_players;
  guint8          phase;
  guint8          current;
  guint8          roll;                    /* this turn's die */
  guint8          used;                    /* placements used this turn */
  guint8          bid_done;                /* the bid action of this turn was taken */
  guint8          open_rows;               /* rows 1..open_rows are open */
  guint8          pending;                 /* tile whose effect is resolved, or BB_NONE */
  guint8          ended_by_safety;
  guint16         turn_no;
  guint64         revealed;                /* by tile instance */
  guint64         marked_turn;             /* by tile instance: marked this turn */
  const guint8   *slot_tile;               /* [n_slots]: tile instance or BB_NONE */
  const guint8   *tile_loc;                /* [n_inst]: BB_LOC_... */
  const guint8   *tile_slot;               /* [n_inst] */
  const guint8   *tile_holder;             /* [n_inst]: seat of a holding, else BB_NONE */
  const guint8   *tile_locker;             /* [n_inst]: seat that locked it, else BB_NONE */
  const guint8  (*mk)[BB_MAX_PLAYERS];     /* [n_inst][seat]: markers on a tile */
  const guint8  (*bids)[BB_MAX_PLAYERS];   /* [tier][seat] */
  const guint8  (*inv)[BB_MAX_PLAYERS];    /* [tier][seat]: investments */
  const guint8   *supply;                  /* [seat]: markers in the supply */
  const guint8   *lost;                    /* [seat]: own markers captured */
  const guint8   *removed;                 /* [seat]: own markers removed by blocks */
  const guint16  *capture_points;          /* [seat] */
  const guint8   *n_holdings;              /* [seat] */
} BbView;

void    bb_view_fill     (const TwGame  *game,
                          const TwState *state,
                          BbView        *view);
/* The value tile @t shows standing in @slot: fixed when it was locked under
 * lock-values=when-locked, else what it is worth there by the rules. */
guint   bb_view_value_at (const TwGame  *game,
                          const BbView  *view,
                          guint          t,
                          guint          slot);
/* @seat's points as the rules count them. */
int     bb_view_score    (const TwGame  *game,
                          const BbView  *view,
                          guint          seat);

G_END_DECLS
