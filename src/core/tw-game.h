/* tw-game.h: one game being played: definition + options + seats
 *
 * A TwGame is immutable after creation and may be shared between threads; the
 * mutable part of a game is its TwState, which the caller owns. Convenience
 * wrappers here forward to the rules module.
 */
#pragma once

#include <glib.h>

#include "tw-definition.h"
#include "tw-rules.h"

G_BEGIN_DECLS

struct _TwGame
{
  /*< private >*/
  gint                ref_count;
  /*< public, read-only >*/
  TwDefinition       *definition;
  const TwRules      *rules;
  gconstpointer       prepared;     /* definition->prepared */
  guint               n_players;
  TwOptions           options;
  gsize               state_size;
};

#define TW_GAME_ERROR (tw_game_error_quark ())
GQuark tw_game_error_quark (void);

typedef enum
{
  TW_GAME_ERROR_PLAYERS,
  TW_GAME_ERROR_OPTION,
  TW_GAME_ERROR_ILLEGAL_MOVE,
  TW_GAME_ERROR_NOTATION,
} TwGameError;

/* @options NULL: the definition's variant values. */
TwGame   *tw_game_new            (TwDefinition     *definition,
                                  guint             n_players,
                                  const TwOptions  *options,
                                  GError          **error);
TwGame   *tw_game_ref            (TwGame           *game);
void      tw_game_unref          (TwGame           *game);

TwState  *tw_state_new           (const TwGame     *game,
                                  guint64           seed);
TwState  *tw_state_copy          (const TwGame     *game,
                                  const TwState    *state);
void      tw_state_copy_into     (const TwGame     *game,
                                  TwState          *dest,
                                  const TwState    *src);
void      tw_state_free          (TwState          *state);

static inline int
tw_state_to_act (const TwGame *game, const TwState *state)
{
  return game->rules->to_act (game, state);
}

static inline gboolean
tw_state_is_terminal (const TwGame *game, const TwState *state)
{
  return game->rules->to_act (game, state) < 0;
}

/* Plays a move given in notation; FALSE with TW_GAME_ERROR_NOTATION or
 * TW_GAME_ERROR_ILLEGAL_MOVE and the module's reason. */
gboolean  tw_state_play_text     (const TwGame     *game,
                                  TwState          *state,
                                  const char       *text,
                                  GError          **error);
char     *tw_move_to_string      (const TwGame     *game,
                                  const TwState    *state,
                                  const TwMove     *move);
/* @move (legal in @state) as a sentence with @who as its subject: "Player 1
 * places Half red/green on the shared board at 2,-1" from the module's
 * describe_move(); "Player 1: h-rg S 2,-1 r0" (the notation) for a module
 * without one. */
char     *tw_move_describe       (const TwGame     *game,
                                  const TwState    *state,
                                  const TwMove     *move,
                                  const char       *who);
/* What @seat holds beside the board, as @viewer may see it (the module's
 * describe_seat()), or NULL when the module says nothing of it. */
char     *tw_state_describe_seat (const TwGame     *game,
                                  const TwState    *state,
                                  guint             seat,
                                  int               viewer);
char     *tw_state_to_string     (const TwGame     *game,
                                  const TwState    *state);

/* What @move would change in each seat's score: @delta[p] (n_players
 * entries) is seat p's score after the move minus before, computed on a copy
 * of @state through the rules table (apply, then scores), so that any view can
 * show a choice's consequence before it is made. Chance the move triggers is
 * resolved from the copy's RNG as apply() would. FALSE, @delta untouched, when
 * the move is illegal in @state. */
gboolean  tw_state_score_change  (const TwGame     *game,
                                  const TwState    *state,
                                  const TwMove     *move,
                                  double           *delta);

/* Plays uniformly random legal moves to the end; returns the number of moves.
 * @moves is scratch space the caller reuses. */
guint     tw_state_random_playout (const TwGame    *game,
                                  TwState          *state,
                                  TwRng            *rng,
                                  TwMoveList       *moves);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwGame, tw_game_unref)

G_END_DECLS
