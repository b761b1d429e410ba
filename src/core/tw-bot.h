/* tw-bot.h: computer players over the rules-module interface
 *
 * A bot is a spec string, "NAME[:key=value,...]": `random`, `greedy`,
 * `mcts:iterations=2000,seconds=1.5,c=0.7`. Bots see only what their seat may
 * see: before thinking they work on a copy of the state whose hidden parts
 * (deck order, other hands) were resampled by the module's observe().
 *
 * Bots run on any thread: the core has no main loop. Cancellation is a flag
 * the caller sets (the app connects it to a GCancellable).
 */
#pragma once

#include <glib.h>

#include "tw-game.h"

G_BEGIN_DECLS

typedef enum
{
  TW_BOT_RANDOM,
  TW_BOT_GREEDY,
  TW_BOT_MCTS,
} TwBotKind;

typedef struct
{
  TwBotKind kind;
  guint     iterations;   /* mcts: simulations per decision (default 1000) */
  double    seconds;      /* mcts: time limit per decision, 0 for none */
  double    exploration;  /* mcts: UCT constant (default 0.7) */
} TwBotSpec;

#define TW_BOT_ERROR (tw_bot_error_quark ())
GQuark tw_bot_error_quark (void);

/* The bot names, NULL-terminated. */
const char * const *tw_bot_names            (void);
gboolean            tw_bot_spec_parse       (const char        *text,
                                             TwBotSpec         *spec,
                                             GError           **error);
char               *tw_bot_spec_to_string   (const TwBotSpec   *spec);

/* Chooses a move for the seat to act in @state. @cancel (nullable) is polled;
 * when it becomes non-zero the best move found so far is returned. Returns
 * FALSE only when the game is over. */
gboolean            tw_bot_choose           (const TwBotSpec   *spec,
                                             const TwGame      *game,
                                             const TwState     *state,
                                             TwRng             *rng,
                                             const gint        *cancel,
                                             TwMove            *out);

/* A bot with its own scratch memory, for callers that ask one bot for many
 * moves (simulation workers, the CLI's seats): tw_bot_play() reuses the
 * move-list buffer, so once it has grown to the game's largest list the
 * random bot's choice allocates nothing. Not shared between threads; the
 * spec is copied. Clear it with tw_bot_clear(). */
typedef struct
{
  TwBotSpec  spec;
  TwMoveList moves;   /* scratch, owned */
} TwBot;

void                tw_bot_init             (TwBot             *bot,
                                             const TwBotSpec   *spec);
void                tw_bot_clear            (TwBot             *bot);
/* As tw_bot_choose() with the bot's spec, and the same move for the same
 * generator state. */
gboolean            tw_bot_play             (TwBot             *bot,
                                             const TwGame      *game,
                                             const TwState     *state,
                                             TwRng             *rng,
                                             const gint        *cancel,
                                             TwMove            *out);

G_END_DECLS
