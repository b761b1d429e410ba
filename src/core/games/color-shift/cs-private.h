/* cs-private.h: Color Shift's state layout and the tables prepare() builds
 *
 * The state is one flat blob: a fixed header (CsState) followed by arrays
 * sized by the definition's tile count T, at offsets kept in CsPrep. Nothing
 * in it points to the heap, so copying a state is one memcpy.
 *
 * The play area is a list of placed tiles with real coordinates (CsPlaced,
 * in placement order: a tile keeps its placement index for the whole game,
 * so meeples and finished flags, which name a tile by that index, ride along
 * when a shift moves it) plus a grid on a torus of side S, a power of two
 * with S >= 2T + 2, for constant-time lookups.
 *
 * Why the torus is large enough: each turn adds at most one tile (which can
 * widen the bounding box of the tiles by one cell in one direction) and makes
 * at most one shift (which moves a run of tiles one cell: again at most one
 * cell of growth). The start tile is a 1 x 1 box, so after n tiles
 * (W - 1) + (H - 1) <= 2 (n - 1), hence W, H <= 2T - 1 < S: the tiles never
 * collide modulo S. Lookups outside the bounding box answer "empty" without
 * reading the grid, so no cell ever aliases. Coordinates stay within
 * +-2T (|x|, |y| < 500 for the largest definition), well inside gint16.
 * check() verifies the bound; state_from_text() refuses positions that
 * break it.
 *
 * Areas are unions of tile sections (union-find over section nodes numbered
 * 4 * placement + section), each root carrying the number of its edges that
 * face an empty cell. A placement updates them incrementally; a shift moves
 * tiles apart and together, so the union-find is rebuilt from scratch (at
 * most 4T nodes). Finished flags are per section node and never cleared.
 * Each root also keeps its count of unfinished sections, and the sections of
 * an area form a circular list (spliced in O(1) on a union) so that scoring
 * visits only the area's own sections.
 */
#pragma once

#include "tw-expr-terms.h"
#include "tw-game.h"
#include "tw-tile.h"
#include "tw-module-util.h"
#include "cs-view.h"

G_BEGIN_DECLS

enum /* component locations, one per tile instance */
{
  CS_LOC_DECK,
  CS_LOC_HAND,
  CS_LOC_BOARD,
  CS_LOC_OUT,          /* removed at setup for equal turns, or discarded as unplaceable */
};

enum /* option indexes into cs_options */
{
  CS_OPT_MEEPLES,
  CS_OPT_HAND_SIZE,
  CS_OPT_PLACEMENT_MATCH,
  CS_OPT_UNPLACEABLE,
  CS_OPT_EQUAL_TURNS,
  CS_OPT_MOVE_PATH,
  CS_OPT_END_ROUNDING,
  CS_OPT_MERGED_FINISHED,
  CS_OPT_EMPTY_HAND,
  CS_N_OPTIONS,
};

enum /* counters */
{
  CS_COUNTER_TURNS,
  CS_COUNTER_REMOVED,
  CS_COUNTER_DISCARDED,
  CS_COUNTER_SKIPPED_PLACEMENTS,
  CS_COUNTER_AREAS_COMPLETED,
  CS_COUNTER_AREAS_SCORED,
  CS_COUNTER_COMPLETED_TILES,
  CS_COUNTER_POINTS_COMPLETED,
  CS_COUNTER_POINTS_END,
  CS_COUNTER_MEEPLES_PLACED,
  CS_COUNTER_WALKS,
  CS_COUNTER_SHIFTS,
  CS_COUNTER_PASSES,
  CS_N_COUNTERS,
};

/* An empty cell next to at least one tile, with what its neighbours show
 * towards it, kept up to date as tiles arrive (rebuilt after a shift): a
 * placement test is then one AND. */
typedef struct
{
  gint16  x;
  gint16  y;
  guint16 colors;   /* colours anywhere on the neighbouring tiles, one bit each */
  guint16 pad;
  guint32 pad2;
  guint64 req;      /* bit 16 d + colour: the colour the neighbour at d shows */
} CsFront;

typedef struct
{
  guint            n_inst;               /* T */
  guint            side;                 /* S, a power of two */
  guint            side_shift;           /* log2 S */
  gint             start_inst;           /* the `kind: start` tile, or -1: the top of the deck */
  guint            n_colors;
  guint16         *inst_def;             /* tile definition of each instance */
  TwTileFace     (*faces)[4];            /* per tile definition, per rotation */
  guint64        (*face_bits)[4];        /* bit 16 d + colour for the edge at each direction */
  guint16         *def_colors;           /* colours shown anywhere on the tile, one bit each */
  guint8         (*rotations)[4];        /* distinct rotations per tile definition */
  guint8          *n_rotations;
  /* layout of the blob */
  gsize            off_deck;             /* guint8[T], top = last */
  gsize            off_loc;              /* guint8[T] */
  gsize            off_placed;           /* CsPlaced[T] */
  gsize            off_parent;           /* guint16[4T] */
  gsize            off_open;             /* guint16[4T] */
  gsize            off_flags;            /* guint8[4T]: 1 = finished section */
  gsize            off_next;             /* guint16[4T]: circular list of an area's sections */
  gsize            off_unfin;            /* guint16[4T]: at roots, sections not finished */
  gsize            off_front;            /* CsFront[4T + 4] */
  gsize            off_grid;             /* guint8[S*S]: placement index or CS_NONE */
  gsize            size;
  /* the end-of-game term written as expressions (`end-scoring:`, compiled
   * against cs-expr.c's vocabulary); none: the C term of cs-score.c */
  TwExprTerms      end_terms;
} CsPrep;

typedef struct
{
  TwRng    rng;
  guint8   n_players;
  guint8   phase;
  guint8   current;            /* seat to act */
  guint8   placed;             /* placement index of this turn's tile, or CS_NONE */
  guint8   discarded;          /* this turn has discarded an unplaceable tile */
  guint8   deck_len;
  guint8   n_placed;
  guint8   pad;
  guint16  n_front;
  guint16  pad2;
  guint8   hand_len[CS_MAX_PLAYERS];
  guint8   hand[CS_MAX_PLAYERS][CS_MAX_HAND];
  gint16   xmin, xmax, ymin, ymax;   /* bounding box of the placed tiles */
  gint32   score[CS_MAX_PLAYERS];    /* points from completed areas */
  gint32   end_points[CS_MAX_PLAYERS]; /* end-game points for unfinished areas */
  CsMeeple meeple[CS_MAX_PLAYERS][CS_MAX_MEEPLES];
  guint32  counters[CS_N_COUNTERS];
} CsState;

#define CS_DECK(p, s)     ((guint8 *) ((char *) (s) + (p)->off_deck))
#define CS_LOC(p, s)      ((guint8 *) ((char *) (s) + (p)->off_loc))
#define CS_PLACED(p, s)   ((CsPlaced *) ((char *) (s) + (p)->off_placed))
#define CS_PARENT(p, s)   ((guint16 *) ((char *) (s) + (p)->off_parent))
#define CS_OPEN(p, s)     ((guint16 *) ((char *) (s) + (p)->off_open))
#define CS_FLAGS(p, s)    ((guint8 *) ((char *) (s) + (p)->off_flags))
#define CS_GRID(p, s)     ((guint8 *) ((char *) (s) + (p)->off_grid))
#define CS_NEXT(p, s)     ((guint16 *) ((char *) (s) + (p)->off_next))
#define CS_UNFIN(p, s)    ((guint16 *) ((char *) (s) + (p)->off_unfin))
#define CS_FRONT(p, s)    ((CsFront *) ((char *) (s) + (p)->off_front))

extern const TwOptionSpec cs_options[];

static inline const CsPrep *
cs_prep (const TwGame *game)
{
  return game->prepared;
}

static inline int
cs_opt (const TwGame *game, guint opt)
{
  return game->options.values[opt];
}

static inline const TwTileFace *
cs_face (const CsPrep *p,
         guint         inst,
         guint         rot)
{
  return &p->faces[p->inst_def[inst]][rot & 3];
}

/* The placement index at (x, y), or CS_NONE. */
static inline guint8
cs_at (const CsPrep  *p,
       const CsState *s,
       int            x,
       int            y)
{
  if (s->n_placed == 0 || x < s->xmin || x > s->xmax || y < s->ymin || y > s->ymax)
    return CS_NONE;
  guint m = p->side - 1;
  return CS_GRID (p, s)[(((guint) y & m) << p->side_shift) | ((guint) x & m)];
}

/* Helpers of cs-rules.c that cs-bot.c and cs-check.c share */

/* The frontier entry of cell (x, y), or -1. */
static inline gint
cs_front_find (const CsPrep  *p,
               const CsState *s,
               int            x,
               int            y)
{
  const CsFront *front = CS_FRONT (p, s);
  for (guint k = 0; k < s->n_front; k++)
    if (front[k].x == x && front[k].y == y)
      return k;
  return -1;
}

/* The root of a section's area. Read-only (no path halving), so that a
 * refused move or a query leaves the state's bytes as they were. */
static inline guint16
cs_area_of (const CsPrep  *p,
            const CsState *s,
            guint          tile,
            guint          sec)
{
  return tw_uf_root (CS_PARENT (p, s), 4 * tile + sec);
}

/* Is the area finished: is every section of it flagged? A finished area
 * that a shift joins to new sections is not; see doc/rules/color-shift.md. */
static inline gboolean
cs_area_finished (const CsPrep  *p,
                  const CsState *s,
                  guint16        root)
{
  return CS_UNFIN (p, s)[root] == 0;
}

/* Neighbour colours of an empty cell, as bits 16 d + colour of the colour
 * each neighbour shows towards the cell; the colours anywhere on the
 * neighbours in @nb_colors; the smallest neighbouring placement index. */
static inline guint8
cs_cell_needs (const CsPrep  *p,
               const CsState *s,
               int            x,
               int            y,
               guint64       *req,
               guint16       *nb_colors)
{
  const CsPlaced *placed = CS_PLACED (p, s);
  guint8 lowest = CS_NONE;

  *req = 0;
  *nb_colors = 0;
  for (guint d = 0; d < 4; d++)
    {
      guint8 j = cs_at (p, s, x + tw_dir_dx[d], y + tw_dir_dy[d]);
      if (j == CS_NONE)
        continue;
      const TwTileFace *g = cs_face (p, placed[j].inst, placed[j].rot);
      *req |= G_GUINT64_CONSTANT (1) << (16 * d + (g->edge[tw_dir_opposite (d)] & 15));
      *nb_colors |= p->def_colors[p->inst_def[placed[j].inst]];
      lowest = MIN (lowest, j);
    }
  return lowest;
}

guint    cs_area_tiles          (const TwGame *game, const CsState *s, guint16 root,
                                 gboolean *all_finished);
gboolean cs_area_has_standing   (const CsPrep *p, const CsState *s, guint16 root,
                                 const CsMeeple *skip);
gint     cs_first_supply_meeple (const TwGame *game, const CsState *s, guint seat);

/* cs-prepare.c: definition time */
void     cs_validate      (TwDefinition *def, TwDiagnostics *diags);
gpointer cs_prepare       (const TwDefinition *def);
void     cs_free_prepared (gpointer data);
gsize    cs_state_size    (const TwGame *game);

/* cs-rules.c: the rules table's play hooks */
void     cs_init        (const TwGame *game, TwState *state, guint64 seed);
guint64  cs_hash        (const TwGame *game, const TwState *state);
int      cs_to_act      (const TwGame *game, const TwState *state);
void     cs_legal_moves (const TwGame *game, const TwState *state, TwMoveList *out);
gboolean cs_apply       (const TwGame *game, TwState *state, const TwMove *move, GString *why);
void     cs_scores      (const TwGame *game, const TwState *state, double *scores);
void     cs_ranking     (const TwGame *game, const TwState *state, guint *rank);
void     cs_observe     (const TwGame *game, TwState *state, guint player, TwRng *rng);
void     cs_counters    (const TwGame *game, const TwState *state, guint64 *out);

/* cs-bot.c */
double   cs_heuristic    (const TwGame *game, const TwState *state, guint player);
guint    cs_playout_pick (const TwGame *game, const TwState *state, const TwMoveList *moves,
                          TwRng *rng);

/* cs-check.c */
gboolean cs_check (const TwGame *game, const TwState *state, GString *why);

/* cs-rules.c, used by the notation */
void             cs_reset           (const TwGame *game, CsState *s, guint n_players);
void             cs_put_tile        (const TwGame *game, CsState *s, guint inst, guint rot,
                                     int x, int y);
void             cs_rebuild_areas   (const TwGame *game, CsState *s);
gboolean         cs_spread_ok       (const CsState *s);
int              cs_total_score     (const CsState *s, guint seat);
/* Tiles a meeple can reach in 1 to 3 steps from placement @from: bitset of placement indexes. */
void             cs_reach           (const TwGame *game, const CsState *s, guint from,
                                     guint64 out[4]);
/* The tile one step from @from in direction @d (skipping gaps, wrapping), or CS_NONE. */
guint8           cs_step            (const CsPrep *p, const CsState *s, guint from, guint d);

/* cs-score.c */
void     cs_score_terms     (const TwGame *game, const TwState *state, guint seat,
                             GArray *terms);
void     cs_describe_seat   (const TwGame *game, const TwState *state, guint seat, int viewer,
                             GString *out);
/* @seat's end-of-game points in the final position @s: the C term, or the
 * sum of the definition's `end-scoring:` terms, each term's points then in
 * @terms[i] when @terms is not NULL. */
int      cs_end_points      (const TwGame *game, const CsState *s, guint seat, int *terms);

/* cs-notation.c */
void     cs_describe_move   (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
void     cs_move_to_text    (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
gboolean cs_move_from_text  (const TwGame *game, const TwState *state, const char *text,
                             TwMove *move, GString *why);
void     cs_state_to_text   (const TwGame *game, const TwState *state, GString *out);
gboolean cs_state_from_text (const TwGame *game, TwState *state, const char *text,
                             GString *why);

extern const char cs_notation_summary[];
extern const TwReservedId cs_reserved_ids[];

/* cs-expr.c: what an end-of-game scoring expression reads, one seat of one state */
typedef struct
{
  const TwGame  *game;
  const CsState *s;
  guint          seat;
} CsExprEnv;

extern const TwExprVocabulary cs_expr_vocabulary;

G_END_DECLS
