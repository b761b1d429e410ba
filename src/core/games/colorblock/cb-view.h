/* cb-view.h: what a picture of a Colorblock position may know
 *
 * The public, read-only face of the game for renderers: the move encoding
 * (kinds and fields of a TwMove), the phases, and a snapshot of the facts a
 * picture needs, filled by the rules from a state. The state's layout and
 * the rules' tables stay in cb-private.h; nothing here lets a caller change
 * a state or recompute a rule.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-game.h"
#include "tw-tile.h"

G_BEGIN_DECLS

#define CB_MAX_PLAYERS   4
#define CB_MAX_GOALS     32
#define CB_NONE          0xff

enum /* move kinds */
{
  CB_MOVE_PLACE = 1,   /* a = board (0 shared, 1 own private), b = rotation, c = draft slot or 255, x, y */
  CB_MOVE_DISCARD,     /* draft only: c = slot of a tile that fits nowhere */
  CB_MOVE_COLOR,       /* a = colour index */
};

enum /* phases */
{
  CB_PHASE_PLACE,      /* `current` places `tile` */
  CB_PHASE_DRAFT,      /* `current` picks from the draft row */
  CB_PHASE_CHOOSE,     /* `current` chooses the colour they score */
  CB_PHASE_LIGHTNING,  /* `current` chooses a further colour (tie-break) */
  CB_PHASE_DONE,
};

typedef struct
{
  guint8  inst;     /* tile instance */
  guint8  rot;
  guint8  board;    /* 0 shared, 1 + seat */
  guint8  pad;
  gint16  x;
  gint16  y;
} CbPlaced;

/* A position as a picture sees it, filled by cb_view_fill() without
 * allocating or copying: the arrays are borrowed from the state and live as
 * long as it does. Placements on the shared board have board 0, on seat
 * p's board 1 + p. */
typedef struct
{
  guint8          private_size;             /* k: a private board's side */
  gboolean        expert;                   /* Expert Mode: the draft row */
  const TwState  *state;                    /* the state it was filled from */
  guint8          n_players;
  guint8          phase;
  guint8          current;                  /* seat to act */
  guint8          tile;                     /* instance to place, or CB_NONE */
  guint8          deck_len;
  /* every placement, on any board */
  guint16         n_placed;
  const CbPlaced *placed;                   /* [n_placed] */
  gint16          sxmin, sxmax, symin, symax;   /* the shared board's extent */
  /* private boards: tiles on each, and their extent */
  const guint8   *n_private;                /* [seat] */
  const gint8    *pxmin, *pxmax;            /* [seat] */
  const gint8    *pymin, *pymax;            /* [seat] */
  /* colours chosen to score, with private x shared points for each */
  const guint8   *n_chosen;                 /* [seat] */
  const guint8  (*chosen)[TW_MAX_COLORS];   /* [seat][i]: colour */
  const gint16  (*product)[TW_MAX_COLORS];  /* [seat][i]: points */
  /* Expert Mode's draft row: tile instances */
  guint8          draft_len;
  const guint8   *draft;                    /* [draft_len] */
  /* face-up goals: card index and the seat that met it or CB_NONE */
  guint8          n_goals;
  const guint16  *goal_card;                /* [n_goals] */
  const guint8   *goal_owner;               /* [n_goals] */
} CbView;

void              cb_view_fill  (const TwGame  *game,
                                 const TwState *state,
                                 CbView        *view);
/* The definition of tile instance @inst. */
const TwTileDef  *cb_inst_def   (const TwGame  *game,
                                 guint          inst);
/* Tile instance @inst's edges and sections turned @rot quarter turns. */
const TwTileFace *cb_view_face  (const TwGame  *game,
                                 guint          inst,
                                 guint          rot);
/* @seat's points: chosen colours and goals met. */
int               cb_view_score (const TwGame  *game,
                                 const CbView  *view,
                                 guint          seat);

G_END_DECLS
