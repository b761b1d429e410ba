/* tw-rules.h: the interface every game's rules module implements
 *
 * A rules module is a static table of functions plus the schemas of its data.
 * The core, the CLI, bots, simulation and the app talk to every game only
 * through this table: nothing outside src/core/games/<game>/ knows a game by
 * name.
 *
 * States are flat blobs of state_size bytes with no pointers, so a copy is a
 * memcpy and a state can be handed to another thread. All chance comes from
 * the TwRng inside the state: a game is a pure function of its seed and moves.
 *
 * Contract of the functions (game is never NULL; see tw-game.h):
 *  - init: a new game from the seed (shuffles, deals, first player).
 *  - to_act: the seat whose decision comes next, or -1 when the game is over.
 *    Every decision, including end-of-game choices, is a move by that seat.
 *  - legal_moves: appends every legal move of the seat to act; empty only when
 *    the game is over.
 *  - apply: checks and plays a move. On an illegal move returns FALSE, leaves
 *    the state unchanged and, when @why is not NULL, appends a sentence that
 *    says why. Chance after the move (draws, dice) is resolved inside.
 *  - scores: one number per seat (final or running); ranking: 0 for first,
 *    with the game's tie-breaks applied; equal ranks share a place.
 *  - move_to_text/move_from_text: the game's notation (doc/notation.md), read
 *    against the state before the move.
 *  - state_to_text/state_from_text: a position in the notation, round-trip
 *    exact, used by rule tests; state_from_text may be NULL.
 *  - observe: resamples in place what @player cannot see (deck order, other
 *    hands), consistently with what they can, using @rng.
 *  - check: recomputes everything incremental from scratch and checks that
 *    every component is in exactly one place; appends the first problem to
 *    @why and returns FALSE.
 */
#pragma once

#include <glib.h>

#include "tw-definition.h"
#include "tw-expr.h"
#include "tw-move.h"
#include "tw-rng.h"
#include "tw-schema.h"

G_BEGIN_DECLS

typedef struct _TwGame TwGame;
typedef struct _TwState TwState;   /* opaque: each module defines its own layout */

/* One part of a seat's score, named by the rule that gave it, in plain words
 * ("Stars of the goals taken": 3). The label is translated and owned by the
 * term; tw_score_term_clear() frees it (tw-result.h). */
typedef struct
{
  char *label;
  int   points;
} TwScoreTerm;

#define TW_MAX_PLAYERS 8

/* The definition's lists a component of the per-component figures comes
 * from (tw-sim.h, "impact"): its index is in def->tiles, ->pieces or ->cards. */
typedef enum
{
  TW_COMPONENT_TILE,
  TW_COMPONENT_PIECE,
  TW_COMPONENT_CARD,
} TwComponentSection;

/* Told by a module's component_events(): component @index of @section came
 * into play (@seat -1: for everyone, e.g. a card dealt face up) or, with
 * @used, seat @seat used it (played it, claimed it, holds its effect). */
typedef void (*TwComponentFunc) (TwComponentSection  section,
                                 guint               index,
                                 int                 seat,
                                 gboolean            used,
                                 gpointer            data);

/* A word a module's notation reads as its own where an id of a definition's
 * list is written, so that an entry with that id would be printed in a move
 * or a position that could not be read back (Colorblock's move "pick 2 ..."
 * against a tile "pick"). The loader refuses such an id at its line and
 * column (tw-definition.c). Only the module knows these: a word reserved in
 * one game is an ordinary id in another (Block 2 Block's tiles "move" and
 * "swap"). */
typedef struct
{
  /* the list whose entries' `id` it is: "tiles", "cards", "colors",
   * "pieces", or a list of the module's own sections; a dotted path walks
   * nested lists ("canvases.faces": the faces of every canvas) */
  const char *list;
  const char *word;    /* compared exactly: ids are case-sensitive */
  const char *reason;  /* N_(): what the notation reads the word as, the
                        * end of "the notation reads it as ..." */
} TwReservedId;

/* A list of a module's own sections whose entries have ids the notation
 * writes (Colorfield's painters): the loader checks them as it checks the
 * tiles' and cards' (one word of letters, digits, '-' and '_'). */
typedef struct
{
  const char *list;    /* as TwReservedId.list: "painters", "canvases.faces" */
  const char *noun;    /* N_(): an entry in messages, "painter" */
} TwIdList;

struct _TwRules
{
  const char          *id;            /* "colorblock" */
  const char          *display_name;  /* "Colorblock" */
  guint                min_players;
  guint                max_players;

  const TwOptionSpec  *options;
  guint                n_options;
  const TwCardKind    *card_kinds;
  guint                n_card_kinds;
  /* Top-level keys and tile keys the module reads itself (NULL-terminated). */
  const char * const  *extra_sections;
  const char * const  *extra_tile_keys;
  /* Names of the per-game counters reported by simulation (NULL-terminated). */
  const char * const  *counter_names;
  /* Optional, for games that can end in more than one way: the ways, as
   * ids (NULL-terminated, "full-private-board", "tiles-ran-out"), and
   * end_reason() below says which one ended a finished game. */
  /* Optional: the vocabulary a definition of this module may write
   * expressions in (tw-expr.h), and where in the file they go, as a phrase
   * ("`points:` of each term of `end-scoring:`"), for `tilewright-cli
   * rules`. */
  const TwExprVocabulary *expr_vocabulary;
  const char             *expr_where;
  const char * const  *end_reasons;
  /* What the views show for each end reason, marked with N_() (as many as
   * end_reasons), or NULL: the ids in words. */
  const char * const  *end_reason_labels;
  /* The notation in short, for `tilewright-cli rules`: lines of a move form
   * and what it means (the full text is in doc/rules/<game>.md). */
  const char          *notation;
  /* Optional (NULL: no id is taken): the words the notation reads as its own
   * where ids are written, ending with an entry whose list is NULL. */
  const TwReservedId  *reserved_ids;
  /* Optional (NULL: none): the module's own lists whose ids the loader
   * checks like the core's, ending with an entry whose list is NULL. */
  const TwIdList      *own_id_lists;

  /* Definition time */
  void      (*validate)        (TwDefinition        *def,
                                TwDiagnostics       *diags);
  gpointer  (*prepare)         (const TwDefinition  *def);
  void      (*free_prepared)   (gpointer             prepared);

  /* Game time */
  gsize     (*state_size)      (const TwGame        *game);
  void      (*init)            (const TwGame        *game,
                                TwState             *state,
                                guint64              seed);
  guint64   (*hash)            (const TwGame        *game,
                                const TwState       *state);
  int       (*to_act)          (const TwGame        *game,
                                const TwState       *state);
  void      (*legal_moves)     (const TwGame        *game,
                                const TwState       *state,
                                TwMoveList          *out);
  gboolean  (*apply)           (const TwGame        *game,
                                TwState             *state,
                                const TwMove        *move,
                                GString             *why);
  void      (*scores)          (const TwGame        *game,
                                const TwState       *state,
                                double              *scores);
  void      (*ranking)         (const TwGame        *game,
                                const TwState       *state,
                                guint               *rank);
  /* Optional (NULL: the score is one term, "Points"): appends to @terms (a
   * GArray of TwScoreTerm) @seat's score in @state broken down by the rule
   * that gave each part, named as the rulebook names it; the points add up
   * to scores()[seat] (tests/test-result.c checks it for every module). */
  void      (*score_terms)     (const TwGame        *game,
                                const TwState       *state,
                                guint                seat,
                                GArray              *terms);
  /* Optional (NULL: the most points win and a tie is shared): appends to
   * @out, for a finished game, sentences that say how ranking() goes beyond
   * the most points (that the fewest win, the tie-break that decided or why
   * a tie stands). @names: one display name per seat. Returns TRUE when it
   * has said how a tie for first was settled; otherwise
   * tw_result_explain() says, for a shared win, that the tie stands. */
  gboolean  (*explain_ranking) (const TwGame        *game,
                                const TwState       *state,
                                const char * const  *names,
                                GString             *out);
  void      (*move_to_text)    (const TwGame        *game,
                                const TwState       *state,
                                const TwMove        *move,
                                GString             *out);
  gboolean  (*move_from_text)  (const TwGame        *game,
                                const TwState       *state,
                                const char          *text,
                                TwMove              *move,
                                GString             *why);
  /* Optional (NULL: the notation stands for the move): @move, legal in
   * @state, in words, as the rest of a sentence whose subject is the seat
   * ("places Half red/green on the shared board at 2,-1"), for people: the
   * table's move list, buttons and messages, `tilewright-cli play
   * --describe`. Records and tests keep the notation. */
  void      (*describe_move)   (const TwGame        *game,
                                const TwState       *state,
                                const TwMove        *move,
                                GString             *out);
  /* Optional (NULL: the game has no stages to tell): the stage of the game
   * @state is in, as a sentence for people ("Round 2 of 3."), or NULL in
   * the game's ordinary course and once it is over. The table shows it
   * beside the turn and announces it when a move changes it. Free with
   * g_free(). */
  char     *(*stage_text)      (const TwGame        *game,
                                const TwState       *state);
  /* Optional (NULL: the board shows all a seat has): what @seat holds or
   * has left beside the board, as a phrase for people appended to @out
   * ("holds Half red / green; 3 meeples in the supply"); nothing when there
   * is nothing to say. What @viewer may not see (a hidden hand; -1: every
   * seat's hand is hidden) is counted, never named. The board's description
   * for screen readers says it after each seat's score. */
  void      (*describe_seat)   (const TwGame        *game,
                                const TwState       *state,
                                guint                seat,
                                int                  viewer,
                                GString             *out);
  void      (*state_to_text)   (const TwGame        *game,
                                const TwState       *state,
                                GString             *out);
  gboolean  (*state_from_text) (const TwGame        *game,
                                TwState             *state,
                                const char          *text,
                                GString             *why);
  void      (*observe)         (const TwGame        *game,
                                TwState             *state,
                                guint                player,
                                TwRng               *rng);
  /* A cheap evaluation for greedy bots and MCTS priors, from @player's view. */
  double    (*heuristic)       (const TwGame        *game,
                                const TwState       *state,
                                guint                player);
  /* The RAVE equivalence the tree search uses for this game unless told
   * otherwise (0: no RAVE). RAVE assumes a move is worth about the same
   * whenever its player makes it (a placement on a cell, a tile); where a
   * move's meaning changes with the moment (a draw, "paint tile 4"), it
   * misleads the search: measured per game in doc/bots.md. */
  double              search_rave;
  /* The power the tree search raises its heuristic prior rates to unless
   * told otherwise (0: 1, plain): above 1 it spends more of its time on the
   * moves the heuristic likes best; measured per game in doc/bots.md. */
  double              search_sharp;
  /* Optional (NULL, or FALSE returned: the search applies every move and
   * ranks the results by the heuristic): the tree search's priors for the
   * legal moves @moves of the seat to act in @state, without applying them.
   * Fills @weights[i] >= 0, in proportion to how likely move i is to be the
   * best (0: not worth searching); cheaper than the heuristic on every child
   * in games of hundreds of moves. */
  gboolean  (*move_priors)     (const TwGame        *game,
                                const TwState       *state,
                                const TwMoveList    *moves,
                                double              *weights);
  /* Optional (NULL: uniform): the playout policy of the search bots. Picks
   * the move a simulated game plays next from @moves, the legal moves of the
   * seat to act in @state (never empty), by cheap rule-aware weights; it is
   * called for every move of every playout, so it must be fast (no apply, no
   * allocation). Returns an index into @moves. */
  guint     (*playout_pick)    (const TwGame        *game,
                                const TwState       *state,
                                const TwMoveList    *moves,
                                TwRng               *rng);
  /* Optional (with end_reasons): the index in end_reasons of the way
   * @state, a finished game, ended. */
  guint     (*end_reason)      (const TwGame        *game,
                                const TwState       *state);
  /* Optional (all three, or none: no per-component figures), for
   * `simulate --impact` only, never in a search. component_mark() writes
   * into @mark (component_mark_size() bytes) what component_events() needs
   * of a state to tell what a move did: where the components are, who
   * holds them, the seat to act. component_events() tells @emit what the
   * move @move did with the definition's components, from the mark of the
   * state before it (@before) to the state after it (@after); with @before
   * and @move NULL, what the game's start (@after) put into play. A pure
   * function of its arguments. The module's doc says what "used" means. */
  gsize     (*component_mark_size) (const TwGame    *game);
  void      (*component_mark)  (const TwGame        *game,
                                const TwState       *state,
                                guint8              *mark);
  void      (*component_events) (const TwGame       *game,
                                const guint8        *before,
                                const TwMove        *move,
                                const TwState       *after,
                                TwComponentFunc      emit,
                                gpointer             data);
  void      (*counters)        (const TwGame        *game,
                                const TwState       *state,
                                guint64             *out);
  gboolean  (*check)           (const TwGame        *game,
                                const TwState       *state,
                                GString             *why);

  /* Optional: the module's games as another world knows them (Pentobi's
   * .blksgf records and GTP engines for Blokus). NULL when there is none.
   *  - foreign_game: the main SGF GM value, e.g. "Blokus";
   *  - foreign_games: every GM value the module plays, foreign_game first
   *    (NULL-terminated);
   *  - foreign_setup: the seat count and options of the game @name on @def;
   *  - foreign_name: which of them @game is, or NULL (then no record can be
   *    exported);
   *  - foreign_color: the colour to move, as the SGF property ("1".."4",
   *    "B"/"W");
   *  - foreign_move_*: a move in the foreign syntax ("a20,b20,b19", "pass").
   *  - foreign_definitions (may be NULL): beside each of foreign_games, the
   *    id of the bundled definition that plays it when the module's own
   *    (`<id>.yaml`) does not, e.g. "blokus-duo"; NULL entries (or a NULL
   *    array) mean the module's own;
   *  - foreign_color_from_text (may be NULL): a colour as a GTP controller
   *    names it ("b", "white", "3") into its SGF property; when NULL the
   *    controller must name it by the property itself. */
  const char *foreign_game;
  const char * const *foreign_games;
  const char * const *foreign_definitions;
  gboolean  (*foreign_color_from_text) (const TwGame *game,
                                const char          *text,
                                GString             *out,
                                GString             *why);
  gboolean  (*foreign_setup)   (const TwDefinition  *def,
                                const char          *name,
                                guint               *n_players,
                                TwOptions           *options,
                                GError             **error);
  const char *(*foreign_name)  (const TwGame        *game);
  void      (*foreign_color)   (const TwGame        *game,
                                const TwState       *state,
                                GString             *out);
  gboolean  (*foreign_move_from_text) (const TwGame *game,
                                const TwState       *state,
                                const char          *text,
                                TwMove              *move,
                                GString             *why);
  void      (*foreign_move_to_text) (const TwGame   *game,
                                const TwState       *state,
                                const TwMove        *move,
                                GString             *out);
  /* Optional (NULL: the scores as numbers): the final score as the foreign
   * engine answers GTP's final_score, e.g. Pentobi's points per colour. */
  void      (*foreign_final_score) (const TwGame    *game,
                                const TwState       *state,
                                GString             *out);
};

/* The registry of built-in modules. */
const TwRules         *tw_rules_lookup     (const char *id);
/* What the views show for the end reason @reason of module @rules_id: its
 * label translated, else the id in words (also for a module or reason this
 * build does not know, as a saved run may name). Free with g_free(). */
char                  *tw_end_reason_words (const char *rules_id,
                                            const char *reason);
const TwRules * const *tw_rules_all        (guint      *n_out);
/* The module ids, NULL-terminated, for "did you mean" hints. */
const char * const    *tw_rules_ids        (void);

G_END_DECLS
