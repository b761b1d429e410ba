/* cf-view.h: what a picture of a Colorfield position may know
 *
 * The public, read-only face of the game for renderers: the move encoding,
 * the phases, the painters and canvas boards of the definition, and a
 * CfView of a position filled by the rules. Which sides score, a seat's
 * specialty, its unused tokens and its painting's points are asked of the
 * rules, never worked out again. The state's layout and the rules' tables
 * stay in cf-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-game.h"

G_BEGIN_DECLS

#define CF_MAX_PLAYERS   4
#define CF_MAX_TILES     250     /* TW_MAX_TILE_COUNT */
#define CF_SLOTS         6
#define CF_BORDER        10
#define CF_CANVAS_W      3
#define CF_CANVAS_H      2
#define CF_MAX_TRAY      5
#define CF_MAX_TOOLS     64      /* tool cards in the deck, counts expanded */
#define CF_MAX_ACTIVE    16
#define CF_MAX_ROUNDS    8
#define CF_MAX_TURNS     16      /* turns in a round, extra turns included */
#define CF_MAX_PAINTERS  16
#define CF_MAX_BOARDS    32
#define CF_NONE          0xff
#define CF_MAX_EXPR_TOOLS 8      /* tool cards of kind round-bonus in a definition */

enum /* move kinds */
{
  CF_MOVE_PAINTER = 1,  /* a = painter card */
  CF_MOVE_SIDE,         /* a = face of the dealt board, 0 or 1 */
  CF_MOVE_SETUP,        /* a = slot for the revealed hand tile (Rounded Wooden Palette) */
  CF_MOVE_SKIP,         /* no ability this turn */
  CF_MOVE_ROTATE,       /* a = slot, b = new rotation */
  CF_MOVE_SWAP,         /* a < b = slots */
  CF_MOVE_REFRESH,      /* Angled Rigger Brush: replace the face-up tiles */
  CF_MOVE_TAKE,         /* a = tray position */
  CF_MOVE_DECK,         /* the top tile of the draw deck */
  CF_MOVE_DECK2,        /* Watercolor Paper Sketchbook: the top two */
  CF_MOVE_PASS,         /* no tile left anywhere to draw */
  CF_MOVE_PLACE,        /* a = slot, b = rotation, c = drawn tile (0 or 1) */
  CF_MOVE_DISCARD,      /* c = drawn tile to discard unplayed */
};

enum /* phases */
{
  CF_PHASE_PAINTER,     /* `current` chooses a player card */
  CF_PHASE_SIDE,        /* `current` chooses the face of the dealt canvas board */
  CF_PHASE_SETUP,       /* `current` places the top tile of the setup hand */
  CF_PHASE_ABILITY,     /* `current` may Rotate or Swap */
  CF_PHASE_DRAW,        /* `current` draws */
  CF_PHASE_PLACE,       /* `current` places or discards the drawn tile */
  CF_PHASE_DONE,
  CF_N_PHASES,
};

enum /* where the tile in hand came from */
{
  CF_DREW_NONE,
  CF_DREW_TRAY,
  CF_DREW_DECK,
  CF_DREW_DECK2,
};

typedef struct
{
  char     *id;
  char     *name;
  guint8    specialty;
} CfPainter;

typedef struct
{
  char     *id;
  char     *face_id[2];
  guint16   border[2][CF_BORDER];   /* colour masks per edge space */
} CfBoard;

/* The items of a painting's score, in CfScore's order (cf_score_items()) */
typedef enum
{
  CF_ITEM_TILES,
  CF_ITEM_TOKENS,
  CF_ITEM_PERFECT,
  CF_ITEM_SPONSOR,
  CF_ITEM_VARNISH,
  CF_ITEM_SWATH,
  CF_ITEM_EDGES,
  CF_N_ITEMS
} CfItem;

/* Scoring of one painting, item by item (cf-rules.c). */
typedef struct
{
  int tiles;        /* matched sides: 1, the 2-side 2, the specialty 2-side 4 (Sponge: 3) */
  int tokens;       /* unused ability tokens (Minimalism: 5 each) */
  int perfect;      /* Mahl Stick */
  int sponsor;      /* Corporate Sponsorships */
  int varnish;      /* Matte Varnish */
  int swath;        /* H-Frame Easel */
  int edges;        /* Paper Lining Tape */
  int expr[CF_MAX_EXPR_TOOLS];   /* each round-bonus tool's points (cf-expr.c), by its index */
  int total;
} CfScore;


/* A position as a picture sees it, filled by cf_view_fill() without
 * allocating or copying: the arrays are borrowed from the game's tables or
 * from the state, and live as long as they do. Canvas spaces are 0 to
 * CF_SLOTS - 1; tiles are instances of the definition's entries. */
typedef struct
{
  /* the definition's tables */
  guint             n_painters;
  const CfPainter  *painters;
  const CfBoard    *boards;
  const guint8    (*edge)[4][4];          /* [tile][rotation][direction]: colour */
  const guint8     *two;                  /* [tile]: the 2-side's direction, upright */
  const guint8     *slot_x;               /* [space]: its column on the canvas */
  const guint8     *slot_y;               /* [space]: its row */
  /* options */
  guint             tray_size;
  guint             tokens;               /* ability tokens per seat */
  guint             rounds;
  gboolean          swap_upright;         /* a swap turns both tiles upright */
  /* the position */
  const TwState    *state;                /* the state it was filled from */
  guint8            n_players;
  guint8            phase;
  guint8            current;
  guint8            round;                /* 0-based */
  guint8            turn_limit;           /* turns in this round */
  guint8            drew;                 /* CF_DREW_...: where the hand came from */
  guint8            n_hand;
  guint8            n_active;
  guint8            tool_deck_len;
  guint8            deck_len;
  guint8            discard_len;
  const guint8     *hand;                 /* [n_hand] */
  const guint8     *tray;                 /* [tray_size], CF_NONE for a gap */
  const guint8     *active;               /* [n_active]: card indexes of the active tools */
  const guint8     *discard;              /* [discard_len], top last */
  const guint8     *discard_seen;         /* [discard_len]: seen by all */
  const guint8     *painter;              /* [seat]: CF_NONE until chosen */
  const guint8     *board;                /* [seat] */
  const guint8     *face;                 /* [seat]: CF_NONE until chosen */
  const guint8     *turns;                /* [seat]: turns taken this round */
  const guint8     *setup_len;            /* [seat] */
  const guint8     *pdisc_len;            /* [seat] */
  const guint8    (*slot)[CF_SLOTS];      /* [seat][space]: tile or CF_NONE */
  const guint8    (*rot)[CF_SLOTS];       /* [seat][space] */
  const guint8    (*setup)[CF_SLOTS];     /* [seat]: face-down hand, next tile last */
  const gint16     *score;                /* [seat] */
  const gint16    (*round_score)[CF_MAX_PLAYERS];   /* [round][seat] */
} CfView;

void     cf_view_fill           (const TwGame  *game,
                                 const TwState *state,
                                 CfView        *view);
/* Which sides of each tile on @seat's canvas score: bit d of matched[space]. */
void     cf_view_matched        (const TwGame  *game,
                                 const CfView  *view,
                                 guint          seat,
                                 guint8         matched[CF_SLOTS]);
/* @seat's specialty colour, or -1. */
int      cf_view_specialty      (const TwGame  *game,
                                 const CfView  *view,
                                 guint          seat);
guint    cf_view_tokens_unused  (const TwGame  *game,
                                 const CfView  *view,
                                 guint          seat);
/* The score of @seat's painting now, item by item. */
void     cf_view_round_points   (const TwGame  *game,
                                 const CfView  *view,
                                 guint          seat,
                                 CfScore       *out);

G_END_DECLS
