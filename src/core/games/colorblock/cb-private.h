/* cb-private.h: Colorblock's state layout and the tables prepare() builds
 *
 * The state is one flat blob: a fixed header (CbState) followed by arrays
 * sized by the definition's tile count T, at offsets kept in CbPrep. Nothing
 * in it points to the heap, so copying a state is one memcpy.
 *
 * Boards: board 0 is the shared board, board 1+p the private board of seat p.
 * The shared board lives on a torus of side S = T + 3: a connected group of
 * at most T tiles spans at most T cells in each direction, so its cells and
 * their neighbours never collide modulo S while real coordinates are kept in
 * the placement records. Private boards use a (2k-1)² window around their
 * first tile, k being the private footprint (3 by default).
 *
 * Shapes are unions of tile sections (union-find over section nodes numbered
 * 4 * placement + section), each root carrying the number of its edges that
 * face an empty cell. A shape whose count reaches zero is checked once for
 * holes; completion is permanent, because a completed shape has no edge left
 * that a new tile could join.
 */
#pragma once

#include "tw-expr.h"
#include "tw-game.h"
#include "tw-tile.h"
#include "tw-module-util.h"
#include "tw-regions.h"
#include "cb-view.h"

G_BEGIN_DECLS

#define CB_MAX_PRIVATE   5            /* largest private footprint side */
#define CB_PW            (2 * CB_MAX_PRIVATE + 1)   /* the footprint window plus a margin */

enum /* component locations, one per tile instance */
{
  CB_LOC_DECK,
  CB_LOC_HAND,         /* the tile drawn for the current turn, or the draft row */
  CB_LOC_BOARD,
  CB_LOC_DISCARD,
};

enum /* goal condition kinds: indexes into cb_card_kinds */
{
  CB_GOAL_SHAPE_SIZE,
  CB_GOAL_COLOR_SHAPE_SIZE,
  CB_GOAL_PICTURED_SHAPE,
  CB_GOAL_ISLAND,
  CB_GOAL_PRIVATE_SHAPE_SIZE,
  CB_GOAL_PRIVATE_ALL_COLORS,
  CB_GOAL_FIRST_TO_SCORE,
  CB_GOAL_EXPRESSION,          /* a condition written in the definition (cb-expr.c) */
  CB_N_GOAL_KINDS,
};

enum /* option indexes into cb_options */
{
  CB_OPT_EXPERT,
  CB_OPT_ROTATION,
  CB_OPT_GOALS,
  CB_OPT_GOALS_2P,
  CB_OPT_GOALS_3P,
  CB_OPT_GOALS_4P,
  CB_OPT_GOAL_BOARDS,
  CB_OPT_GOAL_COMPLETED,
  CB_OPT_GOAL_EXACT,
  CB_OPT_COMPLETION,
  CB_OPT_PRIVATE_SIZE,
  CB_OPT_FIRST_PLAYER,
  CB_OPT_TIE_BREAK,
  CB_OPT_FINAL_TURN_DECK,
  CB_OPT_DRAFT_UNPLAYABLE,
  CB_N_OPTIONS,
};

enum /* counters */
{
  CB_COUNTER_TURNS,
  CB_COUNTER_DISCARDED,
  CB_COUNTER_GOALS,
  CB_COUNTER_SHARED_SHAPES,
  CB_COUNTER_PRIVATE_SHAPES,
  CB_COUNTER_LIGHTNING,
  CB_COUNTER_ENDED_PRIVATE,    /* 1 when a full private board ended the game */
  CB_COUNTER_ENDED_TILES,      /* 1 when the tiles ran out first */
  CB_COUNTER_PRIVATE_TILES,    /* tiles placed on private boards, all seats */
  CB_N_COUNTERS,
};

/* An empty shared cell next to at least one tile, with the colours its
 * neighbours require (4 bits per direction, as TwTileFace.packed) kept up to
 * date as tiles arrive: a placement test is then one mask and compare. */
typedef struct
{
  gint16  x;
  gint16  y;
  guint16 req;
  guint16 mask;
} CbFront;

#define CB_CELL_EMPTY 0xffff
#define CB_CELL_FRONT 0x8000

typedef struct
{
  guint            n_inst;               /* T */
  guint            side;                 /* S, the shared torus side */
  guint16         *inst_def;             /* tile definition of each instance */
  TwTileFace     (*faces)[4];            /* per tile definition, per rotation */
  guint8         (*rotations)[4];        /* distinct rotations per tile definition */
  guint8          *n_rotations;
  guint            n_colors;
  guint            n_cards;
  guint            n_goal_cards;
  guint16         *goal_cards;           /* card indexes of goal cards, expanded by count */
  TwPolyomino     *goal_canon;           /* per card: canonical pictured shape */
  TwExprProgram  **goal_expr;            /* per card: the compiled `when` of an expression goal, or NULL */
  /* layout of the blob */
  gsize            off_deck;             /* guint8[T], top = last */
  gsize            off_loc;              /* guint8[T] */
  gsize            off_placed;           /* CbPlaced[T] */
  gsize            off_parent;           /* guint16[4T] */
  gsize            off_open;             /* guint16[4T] */
  gsize            off_flags;            /* guint8[4T] */
  gsize            off_grid;             /* guint16[S*S]: placement index, CB_CELL_EMPTY, or CB_CELL_FRONT | frontier index */
  gsize            off_frontier;         /* CbFront[4T+4]: shared empty cells next to tiles */
  gsize            size;
} CbPrep;

enum /* section node flags (valid at roots) */
{
  CB_SHAPE_COMPLETE = 1 << 0,
  CB_SHAPE_HOLED    = 1 << 1,   /* closed but encloses an empty cell */
};

typedef struct
{
  TwRng    rng;
  guint8   n_players;
  guint8   phase;
  guint8   current;            /* seat to act */
  guint8   tile;               /* tile to place this turn, or CB_NONE */
  guint8   deck_len;
  guint8   last_placer;        /* CB_NONE before the first placement */
  guint8   trigger;            /* seat that completed its private board first, or CB_NONE */
  guint8   ending;             /* the game is in its final turns or scoring */
  guint16  n_placed;
  guint16  n_frontier;
  guint16  n_holed;            /* closed shapes with holes, to recheck */
  guint16  holed[32];
  gint16   sxmin, sxmax, symin, symax;
  /* private boards */
  guint8   n_private[CB_MAX_PLAYERS];
  gint8    pxmin[CB_MAX_PLAYERS], pxmax[CB_MAX_PLAYERS];
  gint8    pymin[CB_MAX_PLAYERS], pymax[CB_MAX_PLAYERS];
  guint8   pgrid[CB_MAX_PLAYERS][CB_PW * CB_PW];
  /* completed shapes per board and colour */
  guint8   done_shared[TW_MAX_COLORS];
  guint8   done_private[CB_MAX_PLAYERS][TW_MAX_COLORS];
  /* goals */
  guint8   n_goals;
  guint16  goal_card[CB_MAX_GOALS];
  guint8   goal_owner[CB_MAX_GOALS];   /* seat or CB_NONE */
  /* end of game */
  guint8   queue[CB_MAX_PLAYERS * 2];  /* seats still to act in the ending, in order */
  guint8   queue_len;
  guint8   queue_pos;
  guint8   queue_turns;                /* 1: queued seats play a final turn before choosing */
  guint8   n_chosen[CB_MAX_PLAYERS];
  guint8   chosen[CB_MAX_PLAYERS][TW_MAX_COLORS];
  gint16   product[CB_MAX_PLAYERS][TW_MAX_COLORS]; /* private x shared for each chosen colour */
  guint8   lightning_round;            /* 0: none yet; 1: second colour; 2: third ... */
  guint8   in_tie[CB_MAX_PLAYERS];
  /* expert draft */
  guint8   dealer;
  guint8   draft[CB_MAX_PLAYERS + 1];
  guint8   draft_len;
  guint8   picks;
  guint8   round_completed;            /* someone completed a private board this round */
  guint8   redraw_pick;                /* draft: placing a redrawn tile after an unplayable pick */
  /* statistics */
  guint32  counters[CB_N_COUNTERS];
} CbState;

#define CB_DECK(p, s)     ((guint8 *) ((char *) (s) + (p)->off_deck))
#define CB_LOC(p, s)      ((guint8 *) ((char *) (s) + (p)->off_loc))
#define CB_PLACED(p, s)   ((CbPlaced *) ((char *) (s) + (p)->off_placed))
#define CB_PARENT(p, s)   ((guint16 *) ((char *) (s) + (p)->off_parent))
#define CB_OPEN(p, s)     ((guint16 *) ((char *) (s) + (p)->off_open))
#define CB_FLAGS(p, s)    ((guint8 *) ((char *) (s) + (p)->off_flags))
#define CB_GRID(p, s)     ((guint16 *) ((char *) (s) + (p)->off_grid))
#define CB_FRONTIER(p, s) ((CbFront *) ((char *) (s) + (p)->off_frontier))

extern const TwOptionSpec cb_options[];
extern const TwCardKind   cb_card_kinds[];

static inline const CbPrep *
cb_prep (const TwGame *game)
{
  return game->prepared;
}

static inline int
cb_opt (const TwGame *game, guint opt)
{
  return game->options.values[opt];
}

/* Board helpers of cb-rules.c that cb-bot.c and cb-check.c share */

static inline const TwTileFace *
cb_inst_face (const CbPrep *p,
              guint         inst,
              guint         rot)
{
  return &p->faces[p->inst_def[inst]][rot & 3];
}

static inline int
cb_private_cell (int x,
                 int y)
{
  if (x < -(CB_MAX_PRIVATE - 1) || x > CB_MAX_PRIVATE - 1
      || y < -(CB_MAX_PRIVATE - 1) || y > CB_MAX_PRIVATE - 1)
    return -1;
  return (y + CB_MAX_PRIVATE) * CB_PW + (x + CB_MAX_PRIVATE);
}

static inline guint
cb_private_side (const TwGame *game)
{
  return (guint) cb_opt (game, CB_OPT_PRIVATE_SIZE);
}

/* Does the private board of @seat still fit its footprint with (x, y) added? */
static inline gboolean
cb_private_fits (const TwGame  *game,
                 const CbState *s,
                 guint          seat,
                 int            x,
                 int            y)
{
  int k = (int) cb_private_side (game);
  int x0 = MIN (s->pxmin[seat], x), x1 = MAX (s->pxmax[seat], x);
  int y0 = MIN (s->pymin[seat], y), y1 = MAX (s->pymax[seat], y);
  return x1 - x0 < k && y1 - y0 < k;
}

/* A shape as goals see it: one of the state's (analysed by
 * cb_analyze_shape(), has_root set) or one the heuristic imagines complete. */
typedef struct
{
  guint        board;
  guint        color;
  guint        n_tiles;
  gboolean     has_hole;
  gboolean     has_island;
  gboolean     completed;   /* complete, or checked as if it were */
  gboolean     has_root;    /* root is its union-find root in the state */
  guint16      root;
  TwPolyomino  footprint;   /* n == 0 when larger than TW_POLY_MAX_CELLS */
} CbShape;

TwRegionTile *cb_region_tiles  (const TwGame *game, const CbState *s);
guint         cb_shape_cells   (const TwGame *game, const CbState *s, guint16 root,
                                int *xs, int *ys);
void          cb_analyze_shape (const TwGame *game, const CbState *s, guint16 root, CbShape *out);
gboolean      cb_goal_met      (const TwGame *game, const CbState *s, guint seat, guint card_index,
                                const CbShape *shape);

/* cb-expr.c: what expression goals can ask. The env of tw_expr_eval() is a
 * CbExprEnv; a program whose needs include CB_EXPR_NEEDS_SHAPE asks about
 * `shape` and is only evaluated when there is one. */
#define CB_EXPR_NEEDS_SHAPE (1u << 0)

typedef struct
{
  const TwGame  *game;
  const CbState *s;
  guint          seat;    /* whose goal: `own` is this seat's private board */
  const CbShape *shape;   /* `shape`, or NULL */
} CbExprEnv;

extern const TwExprVocabulary cb_expr_vocabulary;

/* cb-prepare.c: definition time */
void     cb_validate      (TwDefinition *def, TwDiagnostics *diags);
gpointer cb_prepare       (const TwDefinition *def);
void     cb_free_prepared (gpointer data);
gsize    cb_state_size    (const TwGame *game);

/* cb-rules.c: the rules table's play hooks */
void     cb_init        (const TwGame *game, TwState *state, guint64 seed);
guint64  cb_hash        (const TwGame *game, const TwState *state);
int      cb_to_act      (const TwGame *game, const TwState *state);
void     cb_legal_moves (const TwGame *game, const TwState *state, TwMoveList *out);
gboolean cb_apply       (const TwGame *game, TwState *state, const TwMove *move, GString *why);
void     cb_scores      (const TwGame *game, const TwState *state, double *scores);
void     cb_ranking     (const TwGame *game, const TwState *state, guint *rank);
void     cb_observe     (const TwGame *game, TwState *state, guint player, TwRng *rng);
guint    cb_end_reason  (const TwGame *game, const TwState *state);
void     cb_counters    (const TwGame *game, const TwState *state, guint64 *out);

/* cb-bot.c */
double   cb_heuristic    (const TwGame *game, const TwState *state, guint player);
guint    cb_playout_pick (const TwGame *game, const TwState *state, const TwMoveList *moves,
                          TwRng *rng);

/* cb-check.c */
gboolean cb_check (const TwGame *game, const TwState *state, GString *why);

/* cb-rules.c, used by the notation */
void             cb_place           (const TwGame *game, CbState *s, guint board,
                                     guint inst, guint rot, int x, int y);
gboolean         cb_can_place       (const TwGame *game, const CbState *s, guint seat,
                                     guint board, guint inst, guint rot, int x, int y,
                                     GString *why);
int              cb_total_score     (const TwGame *game, const CbState *s, guint seat);
guint8           cb_board_at        (const TwGame *game, const CbState *s, guint board,
                                     int x, int y);
void             cb_recount         (const TwGame *game, CbState *s);

/* cb-notation.c */
void     cb_describe_move   (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
void     cb_move_to_text    (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
gboolean cb_move_from_text  (const TwGame *game, const TwState *state, const char *text,
                             TwMove *move, GString *why);
void     cb_state_to_text   (const TwGame *game, const TwState *state, GString *out);
gboolean cb_state_from_text (const TwGame *game, TwState *state, const char *text,
                             GString *why);

extern const char cb_notation_summary[];
extern const TwReservedId cb_reserved_ids[];

/* cb-score.c */
char    *cb_stage_text      (const TwGame *game, const TwState *state);
void     cb_score_terms     (const TwGame *game, const TwState *state, guint seat,
                             GArray *terms);
gboolean cb_explain_ranking (const TwGame *game, const TwState *state,
                             const char * const *names, GString *out);
void     cb_describe_seat   (const TwGame *game, const TwState *state, guint seat, int viewer,
                             GString *out);

G_END_DECLS
