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
/* The text of a file of the source tree: the path's components under
 * $TILEWRIGHT_SRCDIR, NULL-terminated. Free with g_free(). */
char         *tw_test_read_source      (const char        *first,
                                        ...) G_GNUC_NULL_TERMINATED;
/* A bundled definition's @text with @section (a top-level YAML block) put
 * before its variant options, where the bundled files say "# Every variant
 * option of the rules module". Free with g_free(). */
char         *tw_test_with_section     (const char        *text,
                                        const char        *section);
/* Fails unless tests/data-files/@name is @want, byte for byte. */
void          tw_test_check_data_file  (const char        *name,
                                        const char        *want);
/* The first YAML block (between "```yaml" and "```") after the heading
 * @heading of doc/definition-format.md whose text starts with @start.
 * Free with g_free(). */
char         *tw_test_doc_block        (const char        *heading,
                                        const char        *start);
/* Appends every seat's score terms of @state to @out: "; SEAT LABEL POINTS",
 * seats from 0. */
void          tw_test_append_score_terms (GString         *out,
                                        const TwGame      *game,
                                        const TwState     *state);

/* Fails unless every seat's score terms of @state add up to its score. */
void          tw_test_assert_terms_add_up (const TwGame   *game,
                                        const TwState     *state);

/* One seeded game of @game by @spec's bot in every seat, as text (its
 * moves, scores and whatever the test adds); @data is the test's. */
typedef char *(*TwTestGameText) (TwGame          *game,
                                 const TwBotSpec *spec,
                                 guint64          game_seed,
                                 gpointer         data);
/* @n_games games by @bot under @options ("name=value …" or NULL), with 2,
 * 3 and 4 players in turn and game seeds made of @seed as tw-sim.c makes
 * them, played on @a and on @b: the texts @play gives (with @a_data, with
 * @b_data) must be identical; the first that differs fails the test. */
void          tw_test_same_games       (TwDefinition      *a,
                                        TwDefinition      *b,
                                        const char        *bot,
                                        const char        *options,
                                        guint              n_games,
                                        guint64            seed,
                                        TwTestGameText     play,
                                        gpointer           a_data,
                                        gpointer           b_data);

/* A bad section of a definition, and the first problem it must give. */
typedef struct
{
  const char *section;
  const char *where;     /* "line:column" in the file's text */
  const char *message;   /* part of the first problem's message and hint */
} TwTestBadSection;

/* Checks that the definition @text is refused with the problem @where
 * ("line:column") whose message and hint hold @message; @index names the
 * case in the failure. */
void          tw_test_check_bad_text   (const char        *text,
                                        const char        *where,
                                        const char        *message,
                                        guint              index);
/* Loads each case's section, after one line and before @text (so its
 * lines are known: the section starts on line 2), and checks that the
 * definition is refused with the case's problem first. */
void          tw_test_check_bad_sections (const char      *text,
                                        const TwTestBadSection *cases,
                                        guint              n_cases);

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
