/* cs-view.h: what a picture of a Color Shift position may know
 *
 * The public, read-only face of the game for renderers: the move encoding,
 * the phases, the placement and meeple records, and a CsView of a position
 * filled by the rules. The state's layout and the rules' tables stay in
 * cs-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-game.h"
#include "tw-tile.h"

G_BEGIN_DECLS

#define CS_MAX_PLAYERS   6
#define CS_MAX_MEEPLES   10
#define CS_MAX_HAND      4
#define CS_MAX_TILES     250          /* placement indexes fit a byte, 0xff is "none" */
#define CS_NONE          0xff

enum /* move kinds */
{
  CS_MOVE_PLACE = 1,   /* b = rotation, c = hand slot, x, y */
  CS_MOVE_DISCARD,     /* c = hand slot of a tile that fits nowhere */
  CS_MOVE_MEEPLE,      /* c = section of the tile placed this turn */
  CS_MOVE_WALK,        /* a = the mover's meeple number, c = section, x, y = destination tile */
  CS_MOVE_SHIFT,       /* a = direction (TwDir) */
  CS_MOVE_PASS,        /* no action this turn */
};

enum /* phases */
{
  CS_PHASE_PLACE,      /* `current` places a tile from their hand (or discards one) */
  CS_PHASE_ACTION,     /* `current` takes at most one action */
  CS_PHASE_DONE,
};

typedef struct
{
  guint8  inst;     /* tile instance */
  guint8  rot;
  gint16  x;
  gint16  y;
} CsPlaced;

typedef struct
{
  guint8  tile;     /* placement index, or CS_NONE while in the supply */
  guint8  sec;      /* section of that tile's face */
  guint8  standing; /* 0: on its side (out of play) */
  guint8  pad;
} CsMeeple;

/* A position as a picture sees it, filled by cs_view_fill() without
 * allocating or copying: the arrays are borrowed from the state and live as
 * long as it does. */
typedef struct
{
  const TwState   *state;                      /* the state it was filled from */
  guint            n_meeples;                  /* meeples per seat */
  guint            hand_size;
  guint8           n_players;
  guint8           phase;
  guint8           current;                    /* seat to act */
  guint8           placed;                     /* placement of this turn's tile, or CS_NONE */
  guint8           deck_len;
  guint8           n_placed;
  gint16           xmin, xmax, ymin, ymax;     /* the placed tiles' bounding box */
  const CsPlaced  *tiles;                      /* [n_placed] */
  const guint8    *finished;                   /* [4 * placement + section]: 1 when finished */
  const guint8    *hand_len;                   /* [seat] */
  const guint8   (*hand)[CS_MAX_HAND];         /* [seat][slot]: tile instances */
  const gint32    *end_points;                 /* [seat]: end points for unfinished areas */
  const CsMeeple (*meeple)[CS_MAX_MEEPLES];    /* [seat][meeple] */
} CsView;

void              cs_view_fill  (const TwGame  *game,
                                 const TwState *state,
                                 CsView        *view);
/* The definition of tile instance @inst. */
const TwTileDef  *cs_inst_def   (const TwGame  *game,
                                 guint          inst);
/* Tile instance @inst's edges and sections turned @rot quarter turns. */
const TwTileFace *cs_view_face  (const TwGame  *game,
                                 guint          inst,
                                 guint          rot);
/* The placement at (x, y), or CS_NONE. */
guint             cs_view_at    (const TwGame  *game,
                                 const CsView  *view,
                                 int            x,
                                 int            y);
/* @seat's points as the rules count them. */
int               cs_view_score (const TwGame  *game,
                                 const CsView  *view,
                                 guint          seat);

G_END_DECLS
