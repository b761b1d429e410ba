/* tw-test-rules.h: what the rules tests of every game share
 *
 * Each game's tests/test-<game>.c builds positions from the notation, plays
 * moves in the notation and checks one rule per case. The helpers here make
 * games with variant options, read positions, play move lists, and run and
 * register the table of rule cases; everything fails the test (g_error) on
 * a setup mistake, so a case body reads as the rule it checks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-bot.h"
#include "tw-definition.h"
#include "tw-game.h"

G_BEGIN_DECLS

/* One rule, one case: from @position, play @moves ("m1; m2"; all but the
 * last must be legal); the last must be @legal. @expect is part of the
 * refusal's reason when illegal, else part of the position after it (or
 * NULL for no check of the text). @options: "name=value name=value". */
typedef struct
{
  const char *name;
  guint       players;
  const char *options;
  const char *position;
  const char *moves;
  gboolean    legal;
  const char *expect;
} TwRuleCase;

/* What a position must be before the moves of a case. */
typedef enum
{
  TW_TEST_POSITION_BUILDS,      /* it reads (state_from_text) */
  TW_TEST_POSITION_CHECKED,     /* it reads and passes the module's check() */
} TwTestPosition;

/* The definition tests/data-files/@name, or the bundled one of @rules_id. */
TwDefinition *tw_test_load_data_file   (const char        *name);
TwDefinition *tw_test_load_bundled     (const char        *rules_id);
/* The text of the bundled definition of @rules_id (free with g_free()), and
 * a definition loaded from a text (that must load) named @name in messages,
 * for tests that edit a definition before loading it. */
char         *tw_test_read_bundled     (const char        *rules_id);
TwDefinition *tw_test_load_text        (const char        *text,
                                        const char        *name);

/* A game of @def with @players seats and @options set ("name=value …",
 * or NULL). */
TwGame       *tw_test_make_game        (TwDefinition      *def,
                                        guint              players,
                                        const char        *options);
/* The position @text, built by the module's state_from_text(); with
 * TW_TEST_POSITION_CHECKED its check() must pass too. Free with g_free(). */
TwState      *tw_test_make_position    (TwGame            *game,
                                        const char        *text,
                                        TwTestPosition     what);
/* The module's heuristic() of the position @position (built as above)
 * from @seat's view (0-based). */
double        tw_test_heuristic        (TwGame            *game,
                                        const char        *position,
                                        TwTestPosition     what,
                                        guint              seat);
/* Plays @n_games games of @game from seeds made of @seed, half by the
 * module's playout_pick() and half at random; at every position the
 * policy must pick an index into the legal moves, and a legal move, and
 * the games must end. */
void          tw_test_check_playout_pick (TwGame          *game,
                                        guint              n_games,
                                        guint64            seed);
/* Plays "m1; m2; …" and returns whether the last was legal (earlier ones
 * must be), with the reason in @why. */
gboolean      tw_test_play_moves       (TwGame            *game,
                                        TwState           *state,
                                        const char        *moves,
                                        GString           *why);
/* The notation of @move (legal in @state), after checking that it reads
 * back as the same move; @why is cleared first and holds any reason. */
char         *tw_test_move_round_trip  (TwGame            *game,
                                        const TwState     *state,
                                        const TwMove      *move,
                                        GString           *why);
/* @state written in the notation and read back: the text must read and
 * write again the same. Returns the state read back (free with g_free())
 * and the text in @text (free with g_free()); checking the state read back
 * is the caller's. @why is cleared first. */
TwState      *tw_test_position_round_trip (TwGame         *game,
                                           const TwState  *state,
                                           char          **text,
                                           GString        *why);
/* Plays @n_games games of @game at random, their seeds drawn from @seed,
 * and calls @visit with the position after every move. */
typedef void (*TwTestVisit) (const TwGame *game, const TwState *state, gpointer data);
void          tw_test_random_positions (TwGame            *game,
                                        guint              n_games,
                                        guint64            seed,
                                        TwTestVisit        visit,
                                        gpointer           data);
/* One game from @game_seed by @spec's bot in every seat, the seats' seeds
 * made as tw-sim.c makes them: its moves in notation, each followed by
 * "; ", then "scores" and each seat's score. The final position goes to
 * @final (free with g_free()) when not NULL. */
char         *tw_test_play_bot_game    (TwGame            *game,
                                        const TwBotSpec   *spec,
                                        guint64            game_seed,
                                        TwState          **final);
/* Runs one case on a game of @def. */
void          tw_test_run_rule_case    (TwDefinition      *def,
                                        const TwRuleCase  *rc,
                                        TwTestPosition     what);
/* Registers every case as "@prefix/NAME" ("/tw/colorblock/rule" …), run on
 * games of @def. Call once per test program. */
void          tw_test_add_rule_cases   (const char        *prefix,
                                        TwDefinition      *def,
                                        const TwRuleCase  *cases,
                                        guint              n_cases,
                                        TwTestPosition     what);

G_END_DECLS
