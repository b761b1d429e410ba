/* bs-private.h: Blokus Shuffle's state layout and the tables prepare() builds
 *
 * The board is at most 26 x 26 (columns a..z), kept as one 32-bit word per
 * row and per colour: the cells a colour covers (occ), the cells where it may
 * not put a piece under the normal rule (forb: covered by anyone, or sharing
 * a side with the colour) and the cells where a new piece may attach (att:
 * free, not forbidden, diagonal to the colour). A placement is legal when
 * none of its row masks meets forb and one meets att.
 *
 * The generator (bs-place.h) tests every anchor of one orientation at once,
 * row-parallel: per call it builds, for each distinct orientation row mask
 * ("shape", listed by prepare()), the rows of anchors where that row would
 * be free and where it would touch an attach cell; an orientation's anchors
 * are then the AND (touch: the OR) of its h rows' tables, one anchor row per
 * vector lane.
 *
 * Cards live as card definition indexes in per-deck arrays (decks are per
 * colour, or per seat in the 2-player merged game); a card's identity is its
 * definition, so conservation is a count per deck and definition.
 */
#pragma once

#include "tw-expr-terms.h"
#include "tw-game.h"
#include "tw-module-util.h"
#include "bs-view.h"

G_BEGIN_DECLS

#define BS_MAX_PLACEMENTS 65535
enum /* option indexes into bs_options */
{
  BS_OPT_CARDS,
  BS_OPT_SCORING,
  BS_OPT_START_CORNER,
  BS_OPT_TWO_PLAYER_DECK,
  BS_OPT_SHARED_COLOR,
  BS_OPT_EDGE_TO_EDGE,
  BS_OPT_WILD_OWN,
  BS_OPT_DOUBLE_CONTACT,
  BS_OPT_MONOMINO_BONUS,
  BS_OPT_TWO_PLAYER_SCORE,
  BS_N_OPTIONS,
};

enum /* counters */
{
  BS_COUNTER_TURNS,
  BS_COUNTER_PASSES,
  BS_COUNTER_CARDS,
  BS_COUNTER_NO_EFFECT,
  BS_COUNTER_RECYCLED,
  BS_COUNTER_WARPED,
  BS_N_COUNTERS,
};

/* Distinct row masks of the orientations ("shapes") the generator keeps a
 * per-call table for (the classic set has 12); an orientation with a row
 * beyond them is tested cell by cell. */
#define BS_MAX_SHAPES     16

/* One orientation of one piece: its cells and row masks (bit x = column x). */
typedef struct
{
  guint8       piece;
  guint8       index;    /* orientation index within the piece */
  guint8       w;
  guint8       h;
  guint8       n;
  guint8       by_rows;  /* every row's mask is in BsPrep.shapes */
  guint8       shape[BS_MAX_SIZE];  /* rows[r] == shapes[shape[r]] */
  guint32      rows[BS_MAX_SIZE];
  TwPolyomino  cells;
} BsOrient;

typedef struct
{
  guint            n_colors;               /* colours in play: 4, or 2 (Blokus Duo) */
  guint            size;                   /* N */
  guint32          full;                   /* (1 << N) - 1 */
  guint            n_pieces;               /* piece definitions */
  guint8           count[BS_MAX_PIECES];   /* copies per colour */
  guint8           squares[BS_MAX_PIECES];
  guint            total_squares;          /* per colour */
  guint            total_pieces;           /* per colour, counts summed */
  gint             monomino;               /* piece def of the smallest piece if it has 1 cell, else -1 */
  guint            n_orients;
  BsOrient        *orients;
  guint16          first_orient[BS_MAX_PIECES + 1];
  guint            n_shapes;
  guint32          shapes[BS_MAX_SHAPES];
  guint8           start_x[BS_N_COLORS];    /* [colour < n_colors] */
  guint8           start_y[BS_N_COLORS];
  gboolean         starts_in_corners;      /* every colour starts on a corner of the board */
  /* cards per colour deck, expanded by count */
  guint            n_cards;                /* per colour */
  guint8           card_count[TW_MAX_CARD_DEFS];
  /* advanced scoring written as expressions (`advanced-scoring:`, compiled
   * against bs-expr.c's vocabulary); none: the C terms of bs-score.c */
  TwExprTerms      terms;
} BsPrep;

typedef struct
{
  TwRng    rng;
  guint8   n_players;
  guint8   phase;
  guint8   color;          /* the colour whose turn it is */
  guint8   reverse;        /* 1: play runs counterclockwise */
  guint8   mode;           /* BS_MODE_* for this turn's piece */
  guint8   wild;           /* declared colour in BS_MODE_WILD */
  guint8   first;          /* BS_PHASE_DOUBLE: index of the first piece in placed[color] */
  guint8   skip_mask;      /* colours that lose their next turn */
  guint8   passed_mask;    /* colours that ended a turn without placing since the last change */
  guint8   shared_turns;   /* 3 players: turns the shared colour has taken */
  guint8   placed_turn;    /* a piece was placed this turn */
  guint8   drawn_len;
  guint8   drawn[2];
  guint8   n_placed[BS_N_COLORS];
  BsPlaced placed[BS_N_COLORS][BS_MAX_PIECES];      /* in the order they were placed */
  guint8   supply[BS_N_COLORS][BS_MAX_PIECES];      /* copies left per piece def */
  guint16  remaining[BS_N_COLORS];                  /* squares in the supply */
  guint32  occ[BS_N_COLORS][BS_MAX_SIZE];
  guint32  forb[BS_N_COLORS][BS_MAX_SIZE];
  guint32  att[BS_N_COLORS][BS_MAX_SIZE];
  guint8   deck_len[BS_N_COLORS];
  guint8   hand_len[BS_N_COLORS];
  guint8   discard_len[BS_N_COLORS];
  guint8   deck[BS_N_COLORS][BS_MAX_DECK];          /* card defs, top = last */
  guint8   hand[BS_N_COLORS][BS_MAX_HAND];
  guint8   discard[BS_N_COLORS][BS_MAX_DECK];
  guint32  counters[BS_N_COUNTERS];
  /* A cache for the bots: each colour's advanced-scoring terms
   * (BsPrep.terms), whose evaluation is most of what the greedy bot pays
   * for the score. Bit c of terms_known: terms[c] and terms_total[c] hold
   * colour c's points. bs_observe() works them out (the bots judge the
   * moves from an observed copy); bs_put_piece() and remove_piece(), the
   * only changes to a colour's pieces, clear the colour's bit, so a move
   * leaves the other colours' terms known. A state that no bot observed
   * never has a bit set. */
  guint8   terms_known;
  int      terms[BS_N_COLORS][TW_EXPR_MAX_TERMS];
  int      terms_total[BS_N_COLORS];
} BsState;

extern const TwOptionSpec bs_options[];
extern const TwCardKind   bs_card_kinds[];
extern const char * const bs_phase_names[];

static inline const BsPrep *
bs_prep (const TwGame *game)
{
  return game->prepared;
}

/* Whether a placement's piece (@move->a) and orientation (@move->b) exist:
 * what the rules, the notation and the sentences check before reading them. */
static inline gboolean
bs_place_in_range (const BsPrep *p,
                   const TwMove *move)
{
  return move->a < p->n_pieces && move->b < p->first_orient[move->a + 1] - p->first_orient[move->a];
}

/* The colours in play, 0 .. n - 1: the definition's `colors:` (4, or 2 for a
 * two-colour game such as Blokus Duo). The state keeps BS_N_COLORS slots; a
 * colour beyond n has no pieces, so it is finished from the start and never
 * takes a turn. */
static inline guint
bs_n_colors (const TwGame *game)
{
  return bs_prep (game)->n_colors;
}

static inline int
bs_opt (const TwGame *game, guint opt)
{
  return game->options.values[opt];
}

/* With three players, the colour the seats take turns with; else -1. */
static inline int
bs_shared_color (const TwGame *game,
                 guint         n_players)
{
  return n_players == 3 ? bs_opt (game, BS_OPT_SHARED_COLOR) - 1 : -1;
}

static inline gboolean
bs_cards (const TwGame *game)
{
  return bs_opt (game, BS_OPT_CARDS) != 0;
}

/* Without -mpopcnt __builtin_popcount() is a libgcc call; this is inline. */
static inline guint
bs_popcount32 (guint32 v)
{
  v = v - ((v >> 1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
  return (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

/* bs-prepare.c: definition time */
void      bs_validate       (TwDefinition *def, TwDiagnostics *diags);
gpointer  bs_prepare        (const TwDefinition *def);
void      bs_free_prepared  (gpointer data);
gsize     bs_state_size     (const TwGame *game);

/* bs-rules.c: the rules table's play hooks */
void      bs_init           (const TwGame *game, TwState *state, guint64 seed);
guint64   bs_hash           (const TwGame *game, const TwState *state);
int       bs_to_act         (const TwGame *game, const TwState *state);
void      bs_legal_moves    (const TwGame *game, const TwState *state, TwMoveList *out);
gboolean  bs_apply          (const TwGame *game, TwState *state, const TwMove *move,
                             GString *why);
void      bs_scores         (const TwGame *game, const TwState *state, double *scores);
void      bs_ranking        (const TwGame *game, const TwState *state, guint *rank);
void      bs_observe        (const TwGame *game, TwState *state, guint player, TwRng *rng);
void      bs_counters       (const TwGame *game, const TwState *state, guint64 *out);
gboolean  bs_check          (const TwGame *game, const TwState *state, GString *why);

/* bs-rules.c, shared with the notation and the bots */
gboolean  bs_deck_used      (const TwGame *game, guint n_players, guint deck);
guint     bs_deck_colors    (const TwGame *game, guint n_players, guint deck);
int       bs_seat_of        (const TwGame *game, const BsState *s, guint color);
gboolean  bs_hand_seen      (const TwGame *game, const BsState *s, guint deck, int seat);
void      bs_put_piece      (const TwGame *game, BsState *s, guint color, guint piece,
                             guint orient, guint x, guint y);
void      bs_recompute      (const TwGame *game, BsState *s);
int       bs_find_orient    (const TwGame *game, const TwPolyomino *cells, guint *orient,
                             guint *x, guint *y);
int       bs_piece_at       (const BsState *s, const BsPrep *p, guint x, guint y, guint *color);
int       bs_score          (const TwGame *game, const BsState *s, guint seat);
guint     bs_owned_mask     (const TwGame *game, const BsState *s, guint seat);

/* bs-notation.c: a cell "a20" on a board of side @n (also read by the
 * definition's `board: starts:`) */
gboolean  bs_parse_cell     (const char *text, guint n, guint *x, guint *y);

/* bs-bot.c: what the bots know of the game */
double   bs_heuristic       (const TwGame *game, const TwState *state, guint player);
guint    bs_playout_pick    (const TwGame *game, const TwState *state, const TwMoveList *moves,
                             TwRng *rng);
gboolean bs_move_priors     (const TwGame *game, const TwState *state, const TwMoveList *moves,
                             double *weights);

/* bs-score.c: a colour's points by rule; total is its score */
typedef struct
{
  int squares;      /* basic: squares left; advanced in C: -1 per square left */
  int all_placed;   /* advanced in C: +15 */
  int monomino;     /* advanced in C: +5 */
  int terms[TW_EXPR_MAX_TERMS];  /* advanced as expressions: BsPrep.terms' points */
  int total;
} BsColorParts;

void     bs_color_parts     (const TwGame *game, const BsState *s, guint c,
                             BsColorParts *parts);
/* Works out every colour's advanced-scoring terms into the state's cache
 * (BsState.terms_known); nothing without terms or in basic scoring. */
void     bs_terms_know      (const TwGame *game, BsState *s);
void     bs_score_terms     (const TwGame *game, const TwState *state, guint seat,
                             GArray *terms);
gboolean bs_explain_ranking (const TwGame *game, const TwState *state,
                             const char * const *names, GString *out);
void     bs_describe_seat   (const TwGame *game, const TwState *state, guint seat, int viewer,
                             GString *out);

/* bs-notation.c */
void     bs_describe_move   (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
void     bs_move_to_text    (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
gboolean bs_move_from_text  (const TwGame *game, const TwState *state, const char *text,
                             TwMove *move, GString *why);
void     bs_state_to_text   (const TwGame *game, const TwState *state, GString *out);
gboolean bs_state_from_text (const TwGame *game, TwState *state, const char *text,
                             GString *why);
void     bs_append_cells    (const TwGame *game, guint og, guint x, guint y, GString *out);
void     bs_append_cell     (const TwGame *game, guint x, guint y, GString *out);
const char *bs_deck_name    (const TwGame *game, guint n_players, guint deck, char buf[16]);
const char *bs_card_words   (const TwGame *game, guint card);

/* bs-foreign.c: classic Blokus and Blokus Duo as Pentobi writes them */
gboolean bs_foreign_setup   (const TwDefinition *def, const char *name, guint *n_players,
                             TwOptions *options, GError **error);
const char *bs_foreign_name (const TwGame *game);
extern const char * const bs_foreign_games[];
extern const char * const bs_foreign_definitions[];
gboolean bs_foreign_color_from_text (const TwGame *game, const char *text, GString *out,
                             GString *why);
void     bs_foreign_color   (const TwGame *game, const TwState *state, GString *out);
gboolean bs_foreign_move_from_text (const TwGame *game, const TwState *state, const char *text,
                             TwMove *move, GString *why);
void     bs_foreign_move_to_text (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
void     bs_foreign_final_score (const TwGame *game, const TwState *state, GString *out);

extern const char bs_notation_summary[];
extern const TwReservedId bs_reserved_ids[];

/* bs-expr.c: what a scoring expression reads, one colour of one state */
typedef struct
{
  const TwGame  *game;
  const BsState *s;
  guint          color;
} BsExprEnv;

extern const TwExprVocabulary bs_expr_vocabulary;

G_END_DECLS
