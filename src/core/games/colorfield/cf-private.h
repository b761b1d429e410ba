/* cf-private.h: Colorfield's state layout and the tables prepare() builds
 *
 * The state is one fixed-size blob (CfState) with no pointers: tile
 * instances are bytes, every pile is an array with its length, so copying a
 * state is one memcpy. Where a tile is follows from the piles it is in;
 * check() counts every instance once.
 *
 * A canvas is 2 rows of 3 spaces; slot i is the rulebook's space i + 1, and
 * where each space lies (so which spaces touch) is data, the definition's
 * `canvas: {spaces: ...}` (reading order when absent). The border is the 10
 * edge spaces clockwise from the top of the top-left space. A tile's
 * rotation r turns it r quarter turns clockwise from upright (the printed
 * "2" reading upright is rotation 0).
 *
 * Hidden information: the deck order, the face-down setup hands, and tiles a
 * single player saw (a blind draw discarded unplayed, the tile a Sketchbook
 * draw put back). Piles that can hold such tiles keep, per entry, the seat
 * that saw it (CF_NONE: everyone did); observe() shuffles the others.
 */
#pragma once

#include "tw-game.h"
#include "tw-tile.h"
#include "tw-module-util.h"
#include "tw-expr.h"
#include "cf-view.h"

G_BEGIN_DECLS

enum /* tool effect kinds: indexes into cf_card_kinds */
{
  CF_TOOL_PERFECT,        /* Mahl Stick */
  CF_TOOL_REFRESH,        /* Angled Rigger Brush */
  CF_TOOL_TWO_VALUE,      /* High-Density Sponge */
  CF_TOOL_ABILITIES,      /* Local Collective */
  CF_TOOL_DISCARD_BONUS,  /* Nylon Filbert Brush */
  CF_TOOL_EXTRA_TURNS,    /* Unpaid Intern */
  CF_TOOL_SPONSOR,        /* Corporate Sponsorships */
  CF_TOOL_FREE_ORIENT,    /* Wooden New Wave Palette */
  CF_TOOL_DRAW_TWO,       /* Watercolor Paper Sketchbook */
  CF_TOOL_FREE_SETUP,     /* Rounded Wooden Palette */
  CF_TOOL_VARNISH,        /* Matte Varnish */
  CF_TOOL_SWATH,          /* H-Frame Easel */
  CF_TOOL_EDGE_POINTS,    /* Paper Lining Tape */
  CF_TOOL_TOKEN_VALUE,    /* Minimalism */
  CF_TOOL_ROUND_BONUS,    /* points written as an expression (cf-expr.c) */
  CF_N_TOOL_KINDS,
};

enum /* option indexes into cf_options */
{
  CF_OPT_ADVANCED,
  CF_OPT_TOOL_DECK_SIZE,
  CF_OPT_TOOL_REVEAL,
  CF_OPT_SETUP_CHOICES,
  CF_OPT_FIRST_PLAYER,
  CF_OPT_SWAP_ROTATION,
  CF_OPT_RESHUFFLE,
  CF_OPT_COLLECTIVE_TOKENS,
  CF_OPT_SKETCH_MUST_PLACE,
  CF_OPT_STACK,
  CF_OPT_ROUNDS,
  CF_OPT_TURNS,
  CF_OPT_TOKENS,
  CF_OPT_TRAY,
  CF_OPT_TWO_POINTS,
  CF_OPT_SPECIALTY_BONUS,
  CF_N_OPTIONS,
};

enum /* counters */
{
  CF_COUNTER_TURNS,
  CF_COUNTER_TRAY_DRAWS,
  CF_COUNTER_DECK_DRAWS,
  CF_COUNTER_ABILITIES,
  CF_COUNTER_BLIND_REFRESHES,
  CF_COUNTER_TOOL_REFRESHES,
  CF_COUNTER_RESHUFFLES,
  CF_COUNTER_UNPLAYED,
  CF_N_COUNTERS,
};

/* What the active tools do, recomputed whenever they change. Several active
 * tools of one kind (Advanced Mode with a custom deck) do not stack: the
 * largest number counts. */
typedef struct
{
  guint8  refresh;       /* Rigger Brush refreshes allowed a turn (0: none) */
  guint8  free_orient;
  guint8  draw_two;
  guint8  free_setup;
  guint8  abilities;       /* Local Collective's limit, 0 without it */
  guint8  extra_turns;
  guint8  discard_bonus;
  guint8  perfect;
  guint8  two_value;       /* 0: no Sponge */
  guint8  sponsor;
  guint8  varnish;
  guint8  swath_points;
  guint8  swath_tiles;
  guint8  edge_points;
  guint8  token_value;     /* 0: no Minimalism */
  guint8  expr;            /* round-bonus tools in play: bit k for CfPrep.expr[k] */
} CfEffects;

/* Immutable tables built from the definition. */
typedef struct
{
  guint      n_inst;
  guint16    inst_def[CF_MAX_TILES];
  guint8     edge[CF_MAX_TILES][4][4];   /* per instance, rotation, direction: colour */
  guint8     two[CF_MAX_TILES];          /* the 2-side's direction, upright */
  guint      n_colors;
  guint      n_painters;
  CfPainter  painters[CF_MAX_PAINTERS];
  guint      n_boards;
  CfBoard    boards[CF_MAX_BOARDS];
  guint      n_tools;                    /* tool cards, counts expanded, definition order */
  guint8     tools[CF_MAX_TOOLS];
  /* the canvas: each slot's column and row, its neighbour slot in each
   * direction N E S W (-1: none) and the border space that side faces (-1:
   * none) */
  guint8     slot_x[CF_SLOTS];
  guint8     slot_y[CF_SLOTS];
  gint8      neighbour[CF_SLOTS][4];
  gint8      border_of[CF_SLOTS][4];
  /* the tool cards of kind round-bonus, in definition order: each one's
   * card index and its `points:` compiled against cf-expr.c's vocabulary;
   * expr_local has bit k when expr[k] asks nothing of the canvas as a
   * whole (CF_EXPR_NEEDS_WHOLE), so the bots count it in a placement's
   * quick gain as they count Matte Varnish; expr_own has bit k when
   * expr[k] reads the canvas of the seat being scored
   * (cf_expr_reads_own()): one that does not, such as the Mahl Stick's
   * count of the others' tiles, gains nothing by a placement, and the bots
   * leave it out of a placement's gain */
  guint      n_expr;
  guint8     expr_card[CF_MAX_EXPR_TOOLS];
  TwExprProgram *expr[CF_MAX_EXPR_TOOLS];
  guint8     expr_local;
  guint8     expr_own;
} CfPrep;

/* The rounds' points item by item: CfItem's, then each round-bonus tool's */
#define CF_N_ALL_ITEMS (CF_N_ITEMS + CF_MAX_EXPR_TOOLS)

typedef struct
{
  TwRng      rng;
  guint8     n_players;
  guint8     phase;
  guint8     current;
  guint8     first;
  guint8     round;                      /* 0-based */
  guint8     turn_limit;                 /* turns in this round */
  guint8     blind_run;                  /* consecutive turns that drew from the deck */
  guint8     refreshed;                  /* times the Rigger Brush was used this turn */
  guint8     n_hand;
  guint8     drew;
  guint8     hand[2];
  guint8     tray[CF_MAX_TRAY];
  /* per player */
  guint8     painter[CF_MAX_PLAYERS];    /* CF_NONE until chosen */
  guint8     board[CF_MAX_PLAYERS];
  guint8     face[CF_MAX_PLAYERS];       /* CF_NONE until chosen */
  guint8     turns[CF_MAX_PLAYERS];      /* turns taken this round */
  guint8     uses[CF_MAX_PLAYERS];       /* abilities used this round */
  guint8     slot[CF_MAX_PLAYERS][CF_SLOTS];
  guint8     rot[CF_MAX_PLAYERS][CF_SLOTS];
  guint8     setup_len[CF_MAX_PLAYERS];
  guint8     setup[CF_MAX_PLAYERS][CF_SLOTS];    /* face-down hand, next tile last */
  guint8     pdisc_len[CF_MAX_PLAYERS];
  guint8     pdisc[CF_MAX_PLAYERS][CF_MAX_TURNS];
  guint8     pdisc_seen[CF_MAX_PLAYERS][CF_MAX_TURNS];
  gint16     score[CF_MAX_PLAYERS];
  gint16     bonus[CF_MAX_PLAYERS];      /* points scored during play (Nylon Filbert Brush) */
  gint16     round_score[CF_MAX_ROUNDS][CF_MAX_PLAYERS];
  /* the rounds' points summed item by item (CfItem), for the score by rule;
   * not hashed: they follow from the rounds' canvases like round_score */
  gint16     item_score[CF_MAX_PLAYERS][CF_N_ALL_ITEMS];
  /* tools */
  guint8     tool_deck_len;
  guint8     n_active;
  guint8     tool_discard_len;
  guint8     tool_deck[CF_MAX_TOOLS];    /* card indexes, top last */
  guint8     active[CF_MAX_ACTIVE];
  guint8     tool_discard[CF_MAX_TOOLS];
  CfEffects  fx;
  /* tiles */
  guint8     deck_len;
  guint8     discard_len;
  guint8     deck[CF_MAX_TILES];         /* top last */
  guint8     discard[CF_MAX_TILES];
  guint8     discard_seen[CF_MAX_TILES];
  guint32    counters[CF_N_COUNTERS];
} CfState;

extern const TwOptionSpec cf_options[];
extern const TwCardKind   cf_card_kinds[];
extern const char * const cf_phase_names[];

static inline const CfPrep *
cf_prep (const TwGame *game)
{
  return game->prepared;
}

static inline int
cf_opt (const TwGame *game, guint opt)
{
  return game->options.values[opt];
}

/* Helpers of cf-rules.c that cf-bot.c shares */

static inline const guint16 *
cf_border_of (const CfPrep  *p,
              const CfState *s,
              guint          seat)
{
  return p->boards[s->board[seat]].border[s->face[seat] == CF_NONE ? 0 : s->face[seat]];
}

/* The value of a matched side of colour @color, the 2-side or not. */
static inline int
cf_side_value (const TwGame  *game,
               const CfState *s,
               int            specialty,
               gboolean       is_two,
               guint          color)
{
  if (!is_two)
    return 1;
  int two = cf_opt (game, CF_OPT_TWO_POINTS);
  if ((int) color == specialty)
    {
      /* the footnote: a tool does not stack on the specialty */
      if (s->fx.two_value && cf_opt (game, CF_OPT_STACK))
        return s->fx.two_value + cf_opt (game, CF_OPT_SPECIALTY_BONUS);
      return two + cf_opt (game, CF_OPT_SPECIALTY_BONUS);
    }
  return s->fx.two_value ? s->fx.two_value : two;
}

/* May @s->current discard drawn tile @c unplayed? */
static inline gboolean
cf_may_discard (const TwGame  *game,
                const CfState *s)
{
  return s->n_hand == 1 || !cf_opt (game, CF_OPT_SKETCH_MUST_PLACE);
}

int      cf_tile_points        (const TwGame *game, const CfState *s, guint seat, guint slot);
void     cf_matched_sides      (const TwGame *game, const CfState *s, guint seat,
                                guint8 matched[CF_SLOTS]);
void     cf_matched_sides_of   (const TwGame *game, const CfState *s, guint seat,
                                const guint8 *slot, const guint8 *rot, guint8 matched[CF_SLOTS]);
void     cf_round_points       (const TwGame *game, const CfState *s, guint seat, CfScore *out);
/* The same for every seat at once (faster with round-bonus tools) */
void     cf_round_points_all   (const TwGame *game, const CfState *s,
                                CfScore out[CF_MAX_PLAYERS]);
void     cf_compute_effects    (const TwGame *game, const CfState *s, CfEffects *fx);
guint    cf_tokens_unused      (const TwGame *game, const CfState *s, guint seat);
int      cf_specialty          (const TwGame *game, const CfState *s, guint seat);
guint    cf_swath_mask         (const CfPrep *p, const guint8 *slot, const guint8 *rot,
                                guint color, guint i);
gboolean cf_shows_color        (const CfPrep *p, guint t, guint r, guint color);
gboolean cf_check              (const TwGame *game, const TwState *state, GString *why);

/* cf-prepare.c: definition time */
void     cf_validate      (TwDefinition *def, TwDiagnostics *diags);
gpointer cf_prepare       (const TwDefinition *def);
void     cf_free_prepared (gpointer data);
gsize    cf_state_size    (const TwGame *game);

/* cf-rules.c: the rules table's play hooks */
void     cf_init        (const TwGame *game, TwState *state, guint64 seed);
guint64  cf_hash        (const TwGame *game, const TwState *state);
int      cf_to_act      (const TwGame *game, const TwState *state);
void     cf_legal_moves (const TwGame *game, const TwState *state, TwMoveList *out);
gboolean cf_apply       (const TwGame *game, TwState *state, const TwMove *move, GString *why);
void     cf_scores      (const TwGame *game, const TwState *state, double *scores);
void     cf_ranking     (const TwGame *game, const TwState *state, guint *rank);
void     cf_observe     (const TwGame *game, TwState *state, guint player, TwRng *rng);
void     cf_counters    (const TwGame *game, const TwState *state, guint64 *out);

/* cf-bot.c */
double   cf_heuristic    (const TwGame *game, const TwState *state, guint player);
guint    cf_playout_pick (const TwGame *game, const TwState *state, const TwMoveList *moves,
                          TwRng *rng);

/* cf-score.c */
char    *cf_stage_text      (const TwGame *game, const TwState *state);
void     cf_score_terms     (const TwGame *game, const TwState *state, guint seat,
                             GArray *terms);
void     cf_describe_seat   (const TwGame *game, const TwState *state, guint seat, int viewer,
                             GString *out);

/* cf-expr.c: what a round-bonus tool's points read: one seat's painting
 * at the end of a round. The canvas of @seat is @slot/@rot (the state's,
 * or one a bot is trying); the other seats' canvases are the state's.
 * Make one with cf_expr_env_init(); the vocabulary's callbacks fill its
 * facts about each canvas the first time they need them, so an env serves
 * one position (and may be used again while that position stays). */
typedef struct
{
  const TwGame  *game;
  const CfState *s;
  guint          seat;
  const guint8  *slot;
  const guint8  *rot;
  /* Private: worked out seat by seat as needed (bit q of known, of
   * known_matched for matched[q]) */
  guint          known;
  guint          known_matched;
  guint8         occupied[CF_MAX_PLAYERS];            /* spaces with a tile: bit i */
  guint8         matched[CF_MAX_PLAYERS][CF_SLOTS];   /* sides that score: bit d */
  guint32        sides[CF_MAX_PLAYERS];               /* the sides of tiles: bit 4i + d */
  guint32        matched_sides[CF_MAX_PLAYERS];       /* the sides that score: bit 4i + d */
  gint8          specialty[CF_MAX_PLAYERS];
} CfExprEnv;

void     cf_expr_env_init   (CfExprEnv *env, const TwGame *game, const CfState *s, guint seat,
                             const guint8 *slot, const guint8 *rot);
/* Turns an env made with the state's canvas to another seat with its
 * canvas in the state, keeping what it worked out (every canvas it read
 * is the state's). */
void     cf_expr_env_seat   (CfExprEnv *env, guint seat);
/* Which sides of each tile of seat @q's canvas (the env's) score, as
 * cf_matched_sides_of() gives them, worked out once for the env. */
const guint8 *cf_expr_env_matched (CfExprEnv *env, guint q);

/* a round-bonus tool's points are held to 0 to this */
#define CF_MAX_BONUS 1000

/* the `needs` bit of queries that look at a canvas as a whole */
#define CF_EXPR_NEEDS_WHOLE 1u

extern const TwExprVocabulary cf_expr_vocabulary;

/* The points of the round-bonus tools of @mask (bits of CfPrep.expr) for
 * the env's seat and canvas, each in @points[k] when not NULL; returns
 * their sum. */
int      cf_expr_points     (CfExprEnv *env, guint mask, int *points);
/* Whether @program reads the canvas of the seat being scored (its tiles,
 * sides or swaths, as own or all): one that does not is worth the same
 * whatever that canvas holds. */
gboolean cf_expr_reads_own  (const TwExprProgram *program);


/* cf-notation.c */
void     cf_describe_move   (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
void     cf_move_to_text    (const TwGame *game, const TwState *state, const TwMove *move,
                             GString *out);
gboolean cf_move_from_text  (const TwGame *game, const TwState *state, const char *text,
                             TwMove *move, GString *why);
void     cf_state_to_text   (const TwGame *game, const TwState *state, GString *out);
gboolean cf_state_from_text (const TwGame *game, TwState *state, const char *text,
                             GString *why);

extern const char cf_notation_summary[];
extern const TwReservedId cf_reserved_ids[];
extern const TwIdList cf_own_id_lists[];

G_END_DECLS
