/* bs-view.h: what a picture of a Blokus Shuffle position may know
 *
 * The public, read-only face of the game for renderers: the move encoding,
 * the phases, the piece rules a card sets, the card kinds, the placement
 * record, and a BsView of a position filled by the rules. Whose colour is
 * whose, which hands a seat may see and the scores are asked of the rules.
 * The state's layout and the rules' tables stay in bs-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-game.h"
#include "tw-polyomino.h"

G_BEGIN_DECLS

#define BS_MAX_SIZE       26
#define BS_N_COLORS       4
#define BS_MAX_PIECES     32    /* piece instances per colour (counts summed) */
#define BS_MAX_CARDS      48    /* cards per colour deck (counts summed) */
#define BS_MAX_DECK       (2 * BS_MAX_CARDS)
#define BS_MAX_HAND       8
#define BS_NONE           0xff

enum /* move kinds */
{
  BS_MOVE_PLACE = 1,  /* a = piece def, b = orientation, x, y = anchor (top-left of the box) */
  BS_MOVE_PASS,       /* no piece can be placed */
  BS_MOVE_CARD,       /* a = card def; q = 1 when it acts on something: b = colour
                       * (Wild: declared; Recycle, Warp: owner of the piece), c = index of
                       * the piece in that colour's placement list, Warp: p = orientation,
                       * x, y = new anchor */
};

enum /* phases */
{
  BS_PHASE_OPEN,      /* the colour places its first piece on its corner, no card */
  BS_PHASE_CARD,      /* the colour's deck owner must play a card from the hand */
  BS_PHASE_DRAWN,     /* Draw 2: play one of the drawn cards */
  BS_PHASE_PIECE,     /* place a piece (under this turn's card) or pass */
  BS_PHASE_DOUBLE,    /* Double Play: a second piece touching the first at a corner */
  BS_PHASE_DONE,
};

enum /* the piece rule this turn's card sets */
{
  BS_MODE_NORMAL,
  BS_MODE_EDGE,       /* Edge to Edge, when at least one such placement exists */
  BS_MODE_WILD,       /* Wild, by the rules of colour `wild`, when possible */
  BS_MODE_DOUBLE,     /* Double Play: the second piece follows the first */
};

enum /* card kinds: indexes into bs_card_kinds */
{
  BS_CARD_SKIP,
  BS_CARD_REVERSE,
  BS_CARD_DRAW2,
  BS_CARD_RECYCLE,
  BS_CARD_EDGE,
  BS_CARD_DOUBLE,
  BS_CARD_WILD,
  BS_CARD_WARP,
  BS_N_CARD_KINDS,
};

typedef struct
{
  guint8  piece;   /* piece definition */
  guint8  orient;  /* orientation index of that piece */
  guint8  x;       /* anchor: top-left corner of the orientation's box */
  guint8  y;
} BsPlaced;

/* A position as a picture sees it, filled by bs_view_fill() without
 * allocating or copying: the arrays are borrowed from the game's tables or
 * from the state, and live as long as they do. Colours are 0 to
 * n_colors - 1 (4, or 2 in a two-colour game); each colour has its own deck
 * of cards. */
typedef struct
{
  /* the board and the pieces, fixed for the game */
  guint            n_colors;                /* colours in play, 0 .. n_colors - 1: 4 or 2 */
  guint            size;                    /* the board's side */
  guint            n_pieces;                /* piece definitions */
  const guint8    *count;                   /* [piece]: copies per colour */
  const guint8    *start_x;                 /* [colour]: its starting corner */
  const guint8    *start_y;
  gboolean         starts_in_corners;       /* every colour starts on a corner */
  gboolean         cards;                   /* played with cards */
  gboolean         basic_scoring;           /* squares left, no bonuses */
  int              shared_color;            /* 3 players: the colour the seats share, else -1 */
  /* the position */
  const TwState   *state;                   /* the state it was filled from */
  guint8           n_players;
  guint8           phase;
  guint8           color;                   /* the colour whose turn it is */
  guint8           reverse;                 /* play runs counterclockwise */
  guint8           mode;                    /* BS_MODE_...: this turn's piece rule */
  guint8           wild;                    /* the colour declared in BS_MODE_WILD */
  guint8           first;                   /* BS_PHASE_DOUBLE: the first piece's index */
  guint8           skip_mask;               /* colours that lose their next turn */
  guint8           drawn_len;
  const guint8    *drawn;                   /* [drawn_len]: Draw 2's cards */
  const guint8    *n_placed;                /* [colour] */
  const BsPlaced (*placed)[BS_MAX_PIECES];  /* [colour][i], in the order placed */
  const guint8   (*supply)[BS_MAX_PIECES];  /* [colour][piece]: copies left */
  const guint16   *remaining;               /* [colour]: squares in the supply */
  const guint8    *deck_len;                /* [deck] */
  const guint8    *hand_len;                /* [deck] */
  const guint8    *discard_len;             /* [deck] */
  const guint8   (*hand)[BS_MAX_HAND];      /* [deck][i]: card definitions */
} BsView;

void               bs_view_fill      (const TwGame  *game,
                                      const TwState *state,
                                      BsView        *view);
/* The cells of orientation @orient of piece @piece, from its box's top-left. */
const TwPolyomino *bs_view_cells     (const TwGame  *game,
                                      guint          piece,
                                      guint          orient);
/* The deck colour @color draws from with @n_players seats. */
guint              bs_deck_of        (const TwGame  *game,
                                      guint          n_players,
                                      guint          color);
/* The seat playing @color now. */
int                bs_view_seat_of   (const TwGame  *game,
                                      const BsView  *view,
                                      guint          color);
/* Whether @seat sees the hand of deck @deck (what bs_observe() keeps). */
gboolean           bs_view_hand_seen (const TwGame  *game,
                                      const BsView  *view,
                                      guint          deck,
                                      int            seat);
int                bs_view_score     (const TwGame  *game,
                                      const BsView  *view,
                                      guint          seat);

G_END_DECLS
