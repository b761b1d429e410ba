/* tw-bot.h: computer players over the rules-module interface
 *
 * A bot kind is a class: a name, a label, a description and a table of the
 * settings it takes (TwBotOptionSpec), so the CLI, simulate and the Lab build
 * their choices from the table and never switch on a kind. A bot is a spec
 * string, "NAME[:key=value,...]": `random`, `policy`, `greedy`,
 * `mcts:ms=50,threads=2`. The strength presets ("beginner", "casual",
 * "strong") are names too; a preset reads back as its own name.
 *
 * Bots see only what their seat may see: before thinking they work on copies
 * of the state whose hidden parts (deck order, other hands) were resampled by
 * the module's observe().
 *
 * Bots run on any thread: the core has no main loop. Cancellation is a flag
 * the caller sets (the app connects it to a GCancellable).
 */
#pragma once

#include <glib.h>

#include "tw-game.h"

G_BEGIN_DECLS

#define TW_BOT_MAX_OPTIONS 12

/* One setting of a bot kind: a number in [min, max]. */
typedef struct
{
  const char *key;            /* "ms" */
  const char *label;          /* "Time per move (ms)", for forms */
  const char *help;           /* one sentence */
  double      min;
  double      max;
  double      default_value;
  gboolean    integer;
} TwBotOptionSpec;

typedef struct _TwBotClass  TwBotClass;
typedef struct _TwBotPreset TwBotPreset;

typedef struct
{
  const TwBotClass  *klass;
  const TwBotPreset *preset;                    /* set when parsed from a preset name */
  double             value[TW_BOT_MAX_OPTIONS]; /* per klass->options */
} TwBotSpec;

typedef struct _TwBot TwBot;

struct _TwBotClass
{
  const char            *name;          /* "mcts" */
  const char            *label;         /* "Tree search", for menus */
  const char            *description;   /* one sentence, for tooltips and --help */
  const TwBotOptionSpec *options;
  guint                  n_options;
  /* the option a compact form shows beside the kind (-1: none) */
  int                    main_option;

  /*< private >*/
  gboolean (*choose) (TwBot          *bot,     /* NULL: no memory between moves */
                      const TwBotSpec *spec,
                      const TwGame    *game,
                      const TwState   *state,
                      TwRng           *rng,
                      const gint      *cancel,
                      TwMoveList      *scratch,
                      TwMove          *out);
  void     (*free_memory) (gpointer memory);
  /* choose() leaves in @scratch the legal moves of the position as the seat
   * sees them (as many as in the real one: hidden information does not
   * change what the seat to act may do), so a runner that counts them need
   * not list them again */
  gboolean   lists_moves;
};

/* A named strength a designer picks without knowing the settings. */
struct _TwBotPreset
{
  const char *name;          /* "strong" */
  const char *label;         /* "Strong" */
  const char *description;   /* what it plays and how long it thinks */
  const char *spec;          /* "mcts:ms=100" */
};

#define TW_BOT_ERROR (tw_bot_error_quark ())
GQuark tw_bot_error_quark (void);

/* The classes and presets in menu order. */
const TwBotClass * const *tw_bot_classes       (guint             *n_out);
const TwBotClass         *tw_bot_class_lookup  (const char        *name);
const TwBotPreset        *tw_bot_presets       (guint             *n_out);
/* Every name a spec may start with (classes, then presets), NULL-terminated. */
const char * const       *tw_bot_names         (void);

/* The class's defaults. */
void                tw_bot_spec_init        (TwBotSpec         *spec,
                                             const TwBotClass  *klass);
gboolean            tw_bot_spec_parse       (const char        *text,
                                             TwBotSpec         *spec,
                                             GError           **error);
/* The canonical text: the preset's name, or the class name and every setting
 * that differs from its default, in table order. */
char               *tw_bot_spec_to_string   (const TwBotSpec   *spec);
/* A setting by key; @fallback when the class has no such setting. */
double              tw_bot_spec_get         (const TwBotSpec   *spec,
                                             const char        *key,
                                             double             fallback);
/* Sets a setting by key, within its range; FALSE when the class has no
 * such setting or @value is outside it. */
gboolean            tw_bot_spec_set         (TwBotSpec         *spec,
                                             const char        *key,
                                             double             value);
gboolean            tw_bot_spec_equal       (const TwBotSpec   *a,
                                             const TwBotSpec   *b);

/* Chooses a move for the seat to act in @state. @cancel (nullable) is polled;
 * when it becomes non-zero the best move found so far is returned. Returns
 * FALSE only when the game is over. */
gboolean            tw_bot_choose           (const TwBotSpec   *spec,
                                             const TwGame      *game,
                                             const TwState     *state,
                                             TwRng             *rng,
                                             const gint        *cancel,
                                             TwMove            *out);

/* A bot with memory of its own, for callers that ask one bot for many moves
 * (simulation workers, the CLI's seats, the app's bot seats): it reuses the
 * move-list buffer, and a search bot keeps the part of its last tree that
 * the game went on to (matched by position, so a bot reused for another game
 * starts afresh). Not shared between threads; the spec is copied. Clear it
 * with tw_bot_clear(). */
struct _TwBot
{
  TwBotSpec  spec;
  TwMoveList moves;    /* scratch, owned */
  gpointer   memory;   /* the class's, owned */
};

void                tw_bot_init             (TwBot             *bot,
                                             const TwBotSpec   *spec);
void                tw_bot_clear            (TwBot             *bot);
gboolean            tw_bot_play             (TwBot             *bot,
                                             const TwGame      *game,
                                             const TwState     *state,
                                             TwRng             *rng,
                                             const gint        *cancel,
                                             TwMove            *out);

/* Search statistics of the last tw_bot_play() of a search bot, for bench:
 * simulations run and tree nodes. FALSE for other kinds. */
gboolean            tw_bot_last_search      (const TwBot       *bot,
                                             guint64           *simulations,
                                             guint64           *nodes);

/* The search (tw-search.c). */
extern const TwBotClass tw_bot_class_mcts;

G_END_DECLS
