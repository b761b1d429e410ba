/* test-colorfield.c: Colorfield's rules, one case per rule, in the notation
 *
 * Positions and moves are written in the notation of doc/rules/colorfield.md.
 * Each case builds a position, plays moves, and checks that the last move is
 * legal or illegal (with the reason) and what the position looks like after
 * it. The positions use tests/data-files/colorfield-test.yaml (tiles of one
 * colour, plain canvases) so that scores are easy to count; the random games
 * and the replays also run on the bundled data/games/colorfield.yaml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-game.h"
#include "tw-result.h"
#include "tw-test-rules.h"
#include "games/colorfield/cf-private.h"

static TwDefinition *test_def;
static TwDefinition *bundled_def;

/* Two players: p1 is Wei-Ta Chin (Coral) on an open canvas (every colour on
 * every edge space), p2 the Lemon painter on an all-navy canvas. */
#define HEAD(phase, extra) \
  "colorfield players=2 round=1 phase=" phase " to-act=1 first=1 run=0" extra "\n"
#define PLAYERS(p1, p2) \
  "p1: painter=wei-ta-chin board=open face=open-a " p1 "\np1-canvas: L L L L L L\n" \
  "p2: painter=lemon-painter board=plain face=navy-a " p2 "\np2-canvas: N N N N N N\n"
#define ROWS "deck: C C N N T T\ntray: C N T\n"
#define POS(tools) HEAD ("ability", "") "tools: " tools "\n" ROWS PLAYERS ("", "")
#define POS_DRAW(tools) HEAD ("draw", "") "tools: " tools "\n" ROWS PLAYERS ("", "")
/* p2 is about to take the last turn of the round */
#define LAST_TURN(round, tools, rounds) \
  "colorfield players=2 round=" round " phase=draw to-act=2 first=1 run=0\ntools: " tools "\n" ROWS \
  PLAYERS ("turns=5 rounds=" rounds, "turns=4 rounds=" rounds)
/* p2 is about to take the last turn of round 1; the next tool is the Rounded
 * Wooden Palette (round set-up in any space) */
#define PALETTE_NEXT(tools) \
  "colorfield players=2 round=1 phase=draw to-act=2 first=1 run=0\ntools: " tools \
  "\ntool-deck: rounded-wooden-palette\n" ROWS PLAYERS ("turns=5", "turns=4")
#define SETUP_POS \
  HEAD ("setup", "") "tools: rounded-wooden-palette\n" ROWS \
  "p1: painter=wei-ta-chin board=open face=open-a\np1-canvas: L - - - - -\np1-setup: C N T L L\n" \
  "p2: painter=lemon-painter board=plain face=navy-a\np2-canvas: - - - - - -\np2-setup: N N N N N N\n"
#define CHOOSE_POS \
  HEAD ("painter", "") "tools:\n" \
  "p1: painter=- board=open face=-\np1-canvas: - - - - - -\n" \
  "p2: painter=- board=plain face=-\np2-canvas: - - - - - -\n"

static const TwRuleCase rule_cases[] = {
  /* setup: Player Cards and canvas faces are chosen, then the round is dealt */
  { "choose-painter", 2, NULL, CHOOSE_POS, "painter navy-painter", TRUE, "phase=side to-act=1" },
  { "unknown-painter", 2, NULL, CHOOSE_POS, "painter picasso", FALSE, "unknown painter" },
  { "painter-taken", 2, NULL, CHOOSE_POS, "painter navy-painter; side navy-b; painter navy-painter",
    FALSE, "another player has that Player Card" },
  { "choose-face", 2, NULL, CHOOSE_POS, "painter navy-painter; side navy-b", TRUE,
    "phase=painter to-act=2" },
  { "face-of-own-board-only", 2, NULL, CHOOSE_POS, "painter navy-painter; side lemon-a", FALSE,
    "faces open-a and navy-b" },
  { "round-setup-deals-six", 2, NULL, CHOOSE_POS,
    "painter navy-painter; side navy-b; painter wei-ta-chin; side lemon-a", TRUE,
    "round=1 phase=ability to-act=1" },
  /* Rounded Wooden Palette: setup tiles in any available space (in play at round 1 set-up only when
   * the tool is revealed first) */
  { "free-setup-any-space", 2, "tool-reveal=before-setup", SETUP_POS, "setup 4", TRUE, "p1-canvas: L - - C - -\np1-setup: N T L L" },
  { "free-setup-taken-space", 2, "tool-reveal=before-setup", SETUP_POS, "setup 1", FALSE, "available space" },
  { "free-setup-then-next-player", 2, "tool-reveal=before-setup", SETUP_POS, "setup 2; setup 3; setup 4; setup 5; setup 6",
    TRUE, "phase=setup to-act=2" },
  { "free-setup-then-tray-and-turn", 2, "tool-reveal=before-setup", SETUP_POS,
    "setup 2; setup 3; setup 4; setup 5; setup 6; setup 1; setup 2; setup 3; setup 4; setup 5; setup 6",
    TRUE, "phase=ability to-act=1" },
  /* abilities: one per turn before drawing, with a token */
  { "skip-ability", 2, NULL, POS (""), "skip", TRUE, "phase=draw" },
  { "rotate", 2, NULL, POS (""), "rotate 2 r1", TRUE, "p1-canvas: L L/1 L" },
  { "rotate-spends-token", 2, NULL, POS (""), "rotate 2 r3", TRUE, "abilities=1" },
  { "rotate-same-rotation", 2, NULL, POS (""), "rotate 2 r0", FALSE, "already has that rotation" },
  { "swap", 2, NULL,
    HEAD ("ability", "") "tools:\n" ROWS
    "p1: painter=wei-ta-chin board=open face=open-a\np1-canvas: L/1 C L L L L\n"
    "p2: painter=lemon-painter board=plain face=navy-a\np2-canvas: N N N N N N\n",
    "swap 1 2", TRUE, "p1-canvas: C L/1 L" },
  { "swap-upright-option", 2, "swap-rotation=upright",
    HEAD ("ability", "") "tools:\n" ROWS
    "p1: painter=wei-ta-chin board=open face=open-a\np1-canvas: L/1 C L L L L\n"
    "p2: painter=lemon-painter board=plain face=navy-a\np2-canvas: N N N N N N\n",
    "swap 1 2", TRUE, "p1-canvas: C L L L" },
  { "swap-same-space", 2, NULL, POS (""), "swap 2 2", FALSE, "two different spaces" },
  { "one-ability-per-turn", 2, NULL, POS (""), "rotate 2 r1; rotate 3 r1", FALSE, "before drawing" },
  { "no-tokens-no-ability", 2, NULL,
    HEAD ("draw", "") "tools:\n" ROWS PLAYERS ("abilities=3", ""), "rotate 1 r1", FALSE,
    "no more Ability tokens" },
  { "no-tokens-skips-ability-step", 2, NULL,
    HEAD ("draw", "") "tools:\n" ROWS PLAYERS ("", "abilities=3"), "deck; discard", TRUE,
    "phase=draw to-act=2" },
  /* Local Collective: one ability before every turn, up to five */
  { "local-collective-fourth-ability", 2, NULL,
    HEAD ("ability", "") "tools: local-collective\n" ROWS PLAYERS ("abilities=3", ""),
    "rotate 1 r1", TRUE, "abilities=4" },
  /* drawing */
  { "take-face-up-refills", 2, NULL, POS (""), "skip; take 2", TRUE, "tray: C C T\nhand: N" },
  { "take-empty-place", 2, NULL,
    HEAD ("draw", "") "tools:\ndeck: C\ntray: C - T\n" PLAYERS ("", ""),
    "take 2", FALSE, "no face-up tile" },
  { "draw-deck", 2, NULL, POS (""), "skip; deck", TRUE, "run=1 drew=deck" },
  { "draw-deck-reshuffles-discard", 2, NULL,
    HEAD ("draw", "") "tools:\ndeck:\ntray: C N T\n" PLAYERS ("", ""),
    "deck", TRUE, "discard:\ntray:" },
  { "pass-only-without-tiles", 2, NULL, POS_DRAW (""), "pass", FALSE, "tiles to draw" },
  { "deck2-needs-sketchbook", 2, NULL, POS_DRAW (""), "deck2", FALSE, "Sketchbook" },
  /* placing: replace a canvas tile (to the personal discard) or discard */
  { "place-replaces", 2, NULL, POS (""), "skip; take 1; place 3", TRUE,
    "p1-canvas: L L C L L L\np1-setup:\np1-discards: L\n" },
  { "place-ends-turn", 2, NULL, POS (""), "skip; take 1; place 3", TRUE, "phase=ability to-act=2" },
  { "place-upright-only", 2, NULL, POS (""), "skip; take 1; place 3 r1", FALSE,
    "number 2 oriented upright" },
  { "discard-face-up-tile", 2, NULL, POS (""), "skip; take 1; discard", TRUE, "p1-discards: C\n" },
  { "discard-blind-tile-is-secret", 2, NULL, POS (""), "skip; deck; discard", TRUE, "p1-discards: C~1\n" },
  { "blind-cycle-refreshes-tray", 2, NULL,
    "colorfield players=2 round=1 phase=draw to-act=2 first=1 run=1\ntools:\n" ROWS PLAYERS ("turns=1", ""),
    "deck; discard", TRUE, "run=0\n" },
  { "blind-cycle-new-tiles", 2, NULL,
    "colorfield players=2 round=1 phase=draw to-act=2 first=1 run=1\ntools:\n" ROWS PLAYERS ("turns=1", ""),
    "deck; discard", TRUE, "tray: C N N\n" },
  { "tray-draw-breaks-cycle", 2, NULL,
    "colorfield players=2 round=1 phase=draw to-act=2 first=1 run=1\ntools:\n" ROWS PLAYERS ("turns=1", ""),
    "take 1; discard", TRUE, "run=0" },
  /* rounds: five turns, scoring, three rounds */
  { "round-ends-after-five-turns", 2, NULL, LAST_TURN ("1", "", ""), "deck; discard", TRUE,
    "round=2 phase=ability to-act=1" },
  /* round set-up order: set-up tiles, the tray, "Then, draw and reveal one Community Tool Card" */
  { "tool-revealed-after-setup", 2, NULL, PALETTE_NEXT (""), "deck; discard", TRUE,
    "round=2 phase=ability to-act=1 first=1 run=0\ntools: rounded-wooden-palette\n" },
  { "tool-revealed-before-setup-option", 2, "tool-reveal=before-setup", PALETTE_NEXT (""), "deck; discard",
    TRUE, "round=2 phase=setup to-act=1 first=1 run=0\ntools: rounded-wooden-palette\n" },
  { "kept-palette-acts-at-setup-advanced", 2, "advanced-mode=true",
    "colorfield players=2 round=1 phase=draw to-act=2 first=1 run=0\ntools: rounded-wooden-palette\n"
    "tool-deck: mahl-stick\n" ROWS PLAYERS ("turns=5", "turns=4"),
    "deck; discard", TRUE, "round=2 phase=setup to-act=1 first=1 run=0\ntools: rounded-wooden-palette\n"
    "tool-deck: mahl-stick\n" },
  { "round-scores", 2, NULL, LAST_TURN ("1", "", ""), "deck; discard", TRUE,
    "face=open-a turns=0 abilities=0 bonus=0 rounds=33 items=30,3,0,0,0,0,0\n" },
  { "game-ends-after-three-rounds", 2, NULL, LAST_TURN ("3", "", "10,10"), "deck; discard", TRUE,
    "round=3 phase=done" },
  { "game-over", 2, NULL, LAST_TURN ("3", "",
                                     "10,10"), "deck; discard; skip", FALSE, "game is over" },
  /* the tools */
  { "rigger-refresh", 2, NULL, POS ("angled-rigger-brush"), "skip; refresh", TRUE, "tray: C C N\n" },
  { "rigger-once-a-turn", 2, NULL, POS ("angled-rigger-brush"), "skip; refresh; refresh", FALSE,
    "already replaced" },
  { "refresh-needs-rigger", 2, NULL, POS (""), "skip; refresh", FALSE, "Angled Rigger Brush" },
  { "nylon-filbert-discard-bonus", 2, NULL, POS ("nylon-filbert-brush"), "skip; deck; discard", TRUE,
    "bonus=2" },
  { "nylon-filbert-not-for-placing", 2, NULL, POS ("nylon-filbert-brush"), "skip; deck; place 1", TRUE,
    "bonus=0" },
  { "unpaid-intern-sixth-turn", 2, NULL, LAST_TURN ("1", "unpaid-intern",
                                                    ""), "deck; discard", TRUE,
    "round=1 phase=ability to-act=1" },
  { "new-wave-any-rotation", 2, NULL, POS ("wooden-new-wave-palette"), "skip; deck; place 3 r1", TRUE,
    "p1-canvas: L L C/1 L" },
  { "sketchbook-draws-two", 2, NULL, POS ("watercolor-paper-sketchbook"), "skip; deck2", TRUE,
    "hand: C C\n" },
  { "sketchbook-must-play", 2, NULL, POS ("watercolor-paper-sketchbook"), "skip; deck2; discard", FALSE,
    "one to play and one to discard" },
  { "sketchbook-other-to-discard", 2, NULL, POS ("watercolor-paper-sketchbook"), "skip; deck2; place 1 #2",
    TRUE, "C~1\ntray:" },
  { "sketchbook-discard-option", 2, "sketchbook-must-place=false", POS ("watercolor-paper-sketchbook"),
    "skip; deck2; discard #1", TRUE, "p1-discards: C~1\n" },
  { "advanced-mode-keeps-tools", 2, "advanced-mode=true", LAST_TURN ("1", "mahl-stick", ""),
    "deck; discard", TRUE, "tools: mahl-stick " },
  /* notation */
  { "notation-garbage", 2, NULL, POS (""), "frobnicate", FALSE, "expected a move" },
  { "notation-bad-space", 2, NULL, POS (""), "rotate 7 r1", FALSE, "rotate N rR" },
  { "notation-bad-rotation", 2, NULL, POS (""), "skip; deck; place 3 r5", FALSE, "rotation is" },
  { "notation-second-tile", 2, NULL, POS (""), "skip; deck; place 3 #2", FALSE, "two drawn tiles" },
  { "wrong-step", 2, NULL, POS (""), "place 3", FALSE, "use an ability or skip" },
};

/* ------------------------------------------------------------------------ */
/* Scoring: the rulebook's examples and every scoring tool                  */

static void
score_of (const char *options,
          const char *position,
          guint       seat,
          CfScore    *out)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, options);
  g_autofree TwState *state = tw_test_make_position (game, position, TW_TEST_POSITION_BUILDS);
  cf_round_points (game, (CfState *) state, seat, out);
}

/* "each tile initially has a maximum of 5 possible points (1+1+1+2)" */
static void
test_tile_maximum (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game, POS (""), TW_TEST_POSITION_BUILDS);
  CfState *s = (CfState *) state;
  CfScore sc;

  /* lemon everywhere on an open canvas: every side matches */
  for (guint i = 0; i < CF_SLOTS; i++)
    g_assert_cmpint (cf_tile_points (game, s, 0, i), ==, 5);
  /* "Typically, the score should be somewhere in the area of 15-35 points" */
  cf_round_points (game, s, 0, &sc);
  g_assert_cmpint (sc.tiles, ==, 30);
  g_assert_cmpint (sc.tokens, ==, 3);
  g_assert_cmpint (sc.total, ==, 33);
}

/* "Wei-Ta Chin receives 4 points if he is able to match a 2-point Coral side
 * with an adjacent tile side or canvas edge space." */
static void
test_specialty_example (void)
{
  const char *pos =
    HEAD ("ability", "") "tools:\n" ROWS
    "p1: painter=wei-ta-chin board=plain face=navy-a\np1-canvas: C L L C L L\n"
    "p2: painter=lemon-painter board=open face=open-a\np2-canvas: C L L C L L\n";
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game, pos, TW_TEST_POSITION_BUILDS);
  CfState *s = (CfState *) state;

  /* space 1: only its south side (the 2, coral) touches coral (space 4's north) */
  g_assert_cmpint (cf_tile_points (game, s, 0, 0), ==, 4);
  /* the same tile for the Lemon painter on an open canvas: N and W edges, the 2-side */
  g_assert_cmpint (cf_tile_points (game, s, 1, 0), ==, 1 + 1 + 2);
  /* a specialty 2-side matched by a canvas edge: space 4's south, coral on open-a */
  {
    const char *edge =
      HEAD ("ability", "") "tools:\n" ROWS
      "p1: painter=wei-ta-chin board=open face=open-a\np1-canvas: N N N C N N\n"
      "p2: painter=lemon-painter board=plain face=navy-a\np2-canvas: N N N N N N\n";
    g_autoptr(TwGame) g2 = tw_test_make_game (test_def, 2, NULL);
    g_autofree TwState *st = tw_test_make_position (g2, edge, TW_TEST_POSITION_BUILDS);
    /* W edge 1 + S edge (2-side, coral, specialty) 4 */
    g_assert_cmpint (cf_tile_points (g2, (CfState *) st, 0, 3), ==, 1 + 4);
  }
}

/* Unused ability tokens: 1 VP each. */
static void
test_unused_tokens (void)
{
  CfScore sc;
  score_of (NULL, HEAD ("ability", "") "tools:\n" ROWS PLAYERS ("abilities=2", ""), 0, &sc);
  g_assert_cmpint (sc.tokens, ==, 1);
  g_assert_cmpint (sc.total, ==, 31);
}

#define TOOL_POS(tool, c1, c2) \
  HEAD ("ability", "") "tools: " tool "\n" ROWS \
  "p1: painter=wei-ta-chin board=open face=open-a\np1-canvas: " c1 "\n" \
  "p2: painter=lemon-painter board=plain face=navy-a\np2-canvas: " c2 "\n"

static void
test_tool_mahl_stick (void)
{
  CfScore sc;
  /* p2's navy tiles on a navy canvas are all perfect */
  score_of (NULL, TOOL_POS ("mahl-stick", "L L L L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.perfect, ==, 6);
  g_assert_cmpint (sc.total, ==, 30 + 3 + 6);
  /* a tile of a different colour spoils itself and its neighbours' sides */
  score_of (NULL, TOOL_POS ("mahl-stick", "L L L L L L", "C N N N N N"), 0, &sc);
  g_assert_cmpint (sc.perfect, ==, 3);
}

static void
test_tool_sponge (void)
{
  CfScore sc;
  /* lemon 2-sides (not Wei-Ta Chin's coral) score 3 */
  score_of (NULL, TOOL_POS ("high-density-sponge", "L L L L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.tiles, ==, 6 * (3 + 3));
  /* specialty 2-sides keep 4: the Sponge does not stack on the specialty */
  score_of (NULL, TOOL_POS ("high-density-sponge", "C C C C C C", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.tiles, ==, 6 * (3 + 4));
  score_of ("tool-modifiers-stack=true", TOOL_POS ("high-density-sponge", "C C C C C C",
                                                   "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.tiles, ==, 6 * (3 + 5));
}

static void
test_tool_sponsorships (void)
{
  CfScore sc;
  /* p1 (coral) scores p2's matched 1-point coral sides: p2 has coral tiles on
   * a navy canvas; in a 2x3 block of coral, 7 inner edges give 14 matched
   * sides, of which the 2-sides (S) of the top row (3) are not 1-point */
  score_of (NULL, TOOL_POS ("corporate-sponsorships", "L L L L L L", "C C C C C C"), 0, &sc);
  g_assert_cmpint (sc.sponsor, ==, 14 - 3);
  /* the other way round: lemon on p1's open canvas, every side matched, 18 1-point sides */
  score_of (NULL, TOOL_POS ("corporate-sponsorships", "L L L L L L", "C C C C C C"), 1, &sc);
  g_assert_cmpint (sc.sponsor, ==, 18);
}

static void
test_tool_varnish (void)
{
  CfScore sc;
  score_of (NULL, TOOL_POS ("matte-varnish", "L L L L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.varnish, ==, 12);
  score_of (NULL, TOOL_POS ("matte-varnish", "L/1 L L/2 L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.varnish, ==, 8);
}

static void
test_tool_easel (void)
{
  CfScore sc;
  /* three coral tiles in a row: a swath of Wei-Ta Chin's colour over three tiles */
  score_of (NULL, TOOL_POS ("h-frame-easel", "C C C L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.swath, ==, 5);
  score_of (NULL, TOOL_POS ("h-frame-easel", "C C L L L C", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.swath, ==, 0);
  /* an L shape counts too */
  score_of (NULL, TOOL_POS ("h-frame-easel", "C C L C L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.swath, ==, 5);
}

static void
test_tool_lining_tape (void)
{
  CfScore sc;
  score_of (NULL, TOOL_POS ("paper-lining-tape", "L L L L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.edges, ==, 10);
  /* lemon tiles on p2's navy canvas match no edge space */
  score_of (NULL, TOOL_POS ("paper-lining-tape", "L L L L L L", "L L L L L L"), 1, &sc);
  g_assert_cmpint (sc.edges, ==, 0);
}

static void
test_tool_minimalism (void)
{
  CfScore sc;
  score_of (NULL, TOOL_POS ("minimalism", "L L L L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.tokens, ==, 15);
  score_of ("tool-modifiers-stack=true", TOOL_POS ("minimalism", "L L L L L L", "N N N N N N"), 0,
            &sc);
  g_assert_cmpint (sc.tokens, ==, 18);
}

/* Local Collective: five uses, the extra two free; unspent tokens still pay. */
static void
test_tool_local_collective_tokens (void)
{
  CfScore sc;
  const char *pos = HEAD ("ability", "") "tools: local-collective\n" ROWS
                    PLAYERS ("abilities=2", "");
  score_of (NULL, pos, 0, &sc);
  g_assert_cmpint (sc.tokens, ==, 1);
  score_of ("local-collective-tokens=free-first", pos, 0, &sc);
  g_assert_cmpint (sc.tokens, ==, 3);
}

/* The scoring tools are separate items: with every one in play (Advanced
 * Mode) each still counts from the base rules. */
static void
test_tools_do_not_stack (void)
{
  CfScore sc;
  score_of ("advanced-mode=true",
            TOOL_POS ("mahl-stick high-density-sponge matte-varnish paper-lining-tape minimalism",
                      "L L L L L L", "N N N N N N"), 0, &sc);
  g_assert_cmpint (sc.tiles, ==, 36);
  g_assert_cmpint (sc.perfect, ==, 6);
  g_assert_cmpint (sc.varnish, ==, 12);
  g_assert_cmpint (sc.edges, ==, 10);
  g_assert_cmpint (sc.tokens, ==, 15);
  g_assert_cmpint (sc.total, ==, 36 + 6 + 12 + 10 + 15);
}

/* ------------------------------------------------------------------------ */
/* Whole games                                                              */

/* Random games: after every move, everything incremental equals a from-scratch
 * recount, every tile is in exactly one place, the hash survives a copy, and
 * the notation reads back what it wrote. */
static void
random_games (TwDefinition *def,
              guint         players,
              const char   *options,
              guint         n_games,
              guint64       seed)
{
  g_autoptr(TwGame) game = tw_test_make_game (def, players, options);
  g_autoptr(GString) why = g_string_new (NULL);
  TwMoveList moves;
  TwRng rng;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, seed);
  for (guint g = 0; g < n_games; g++)
    {
      g_autofree TwState *state = tw_state_new (game, seed * 1000 + g);
      guint n = 0;
      while (tw_state_to_act (game, state) >= 0)
        {
          tw_move_list_clear (&moves);
          game->rules->legal_moves (game, state, &moves);
          g_assert_cmpuint (moves.len, >, 0);
          const TwMove *m = &moves.moves[tw_rng_below (&rng, moves.len)];

          g_autofree char *text = tw_test_move_round_trip (game, state, m, why);

          if (!game->rules->apply (game, state, m, why))
            g_error ("generated move '%s' refused: %s", text, why->str);
          if (!game->rules->check (game, state, why))
            g_error ("game %u move %u (%s), options '%s': %s", g, n, text, options ? options : "",
                     why->str);
          g_autofree TwState *copy = tw_state_copy (game, state);
          g_assert_cmpuint (game->rules->hash (game, copy), ==, game->rules->hash (game, state));
          n++;
          g_assert_cmpuint (n, <, 5000);
        }
      double scores[TW_MAX_PLAYERS];
      guint rank[TW_MAX_PLAYERS];
      game->rules->scores (game, state, scores);
      game->rules->ranking (game, state, rank);
      for (guint q = 0; q < players; q++)
        {
          g_assert_cmpfloat (scores[q], >=, 0);
          for (guint o = 0; o < players; o++)
            if (scores[o] == scores[q])
              g_assert_cmpuint (rank[o], ==, rank[q]);   /* ties share the victory */
        }
    }
  tw_move_list_free (&moves);
}

static void
test_random_bundled (void)
{
  for (guint players = 2; players <= 4; players++)
    random_games (bundled_def, players, NULL, 30, players);
}

static void
test_random_variants (void)
{
  static const char * const variants[] = {
    "advanced-mode=true",
    "tool-deck-size=10",
    "tool-deck-size=0",
    "tool-deck-size=1 rounds=5",
    "tool-reveal=before-setup advanced-mode=true",
    "tool-reveal=before-setup",
    "setup-choices=dealt first-player=random",
    "swap-rotation=upright",
    "reshuffle=all-discards",
    "local-collective-tokens=free-first",
    "sketchbook-must-place=false tool-modifiers-stack=true",
    "turns-per-round=12 ability-tokens=0 tray-size=1",
    "tray-size=5 two-side-points=3 specialty-bonus=0 advanced-mode=true rounds=8",
  };
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint players = 2; players <= 4; players++)
      random_games (bundled_def, players, variants[v], 5, 100 + v * 10 + players);
}

static void
test_random_test_set (void)
{
  for (guint players = 2; players <= 4; players++)
    random_games (test_def, players, "advanced-mode=true", 10, 7 + players);
}

/* A whole game from a fixed seed, written down move by move in the notation,
 * replays to the same final position and hash. */
static void
test_replay (void)
{
  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (bundled_def, players, "advanced-mode=true");
      g_autofree TwState *state = tw_state_new (game, 20240 + players);
      g_autoptr(GPtrArray) record = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GString) why = g_string_new (NULL);
      TwMoveList moves;
      TwRng rng;

      tw_move_list_init (&moves);
      tw_rng_seed (&rng, players);
      while (tw_state_to_act (game, state) >= 0)
        {
          tw_move_list_clear (&moves);
          game->rules->legal_moves (game, state, &moves);
          const TwMove *m = &moves.moves[tw_rng_below (&rng, moves.len)];
          g_ptr_array_add (record, tw_move_to_string (game, state, m));
          g_assert_true (game->rules->apply (game, state, m, why));
        }
      tw_move_list_free (&moves);

      g_autofree TwState *again = tw_state_new (game, 20240 + players);
      for (guint i = 0; i < record->len; i++)
        {
          g_autoptr(GError) error = NULL;
          if (!tw_state_play_text (game, again, record->pdata[i], &error))
            g_error ("replay move %u '%s': %s", i, (char *) record->pdata[i], error->message);
        }
      g_assert_true (tw_state_is_terminal (game, again));
      g_assert_cmpuint (game->rules->hash (game, again), ==, game->rules->hash (game, state));
      g_autofree char *t1 = tw_state_to_string (game, state);
      g_autofree char *t2 = tw_state_to_string (game, again);
      g_assert_cmpstr (t1, ==, t2);
      /* three rounds, five turns each, every player: at least 15 draws and 15 placements */
      g_assert_cmpuint (record->len, >=, players * 3 * 5 * 2);
    }
}

/* The position notation reads back what it wrote, in every phase. */
static void
test_position_round_trip (void)
{
  static const char * const variants[] = { NULL, "advanced-mode=true" };
  g_autoptr(GString) why = g_string_new (NULL);

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint players = 2; players <= 4; players++)
      {
        g_autoptr(TwGame) game = tw_test_make_game (bundled_def, players, variants[v]);
        TwMoveList moves;
        TwRng rng;

        tw_move_list_init (&moves);
        tw_rng_seed (&rng, 5 + players);
        for (guint g = 0; g < 3; g++)
          {
            g_autofree TwState *state = tw_state_new (game, g);
            for (;;)
              {
                g_autofree char *text = NULL;
                g_autofree TwState *back = tw_test_position_round_trip (game, state, &text, why);
                /* the same position but for the generator */
                ((CfState *) back)->rng = ((CfState *) state)->rng;
                g_assert_cmpuint (game->rules->hash (game, back), ==,
                                  game->rules->hash (game, state));
                if (tw_state_is_terminal (game, state))
                  break;
                tw_move_list_clear (&moves);
                game->rules->legal_moves (game, state, &moves);
                g_assert_true (game->rules->apply (game, state,
                                                   &moves.moves[tw_rng_below (&rng, moves.len)],
                                                   why));
              }
          }
        tw_move_list_free (&moves);
      }
}

/* The score by rule: a finished game's points by scoring item (matched
 * sides, unused tokens, each tool), adding up to the score, kept through the
 * position text; a text whose items do not add up to its rounds is refused,
 * and one without items is broken down by round. */
static void
test_score_items (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 3, NULL);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree TwState *state = tw_state_new (game, 11);
  g_autofree char *text = NULL;
  g_autofree TwState *back = NULL;
  double scores[TW_MAX_PLAYERS];
  TwMoveList moves;
  TwRng rng;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 11);
  while (!tw_state_is_terminal (game, state))
    {
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      g_assert_true (game->rules->apply (game, state,
                                         &moves.moves[tw_rng_below (&rng, moves.len)], why));
    }
  tw_move_list_free (&moves);
  game->rules->scores (game, state, scores);
  for (guint q = 0; q < 3; q++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, q);
      const TwScoreTerm *t = (const TwScoreTerm *) terms->data;
      int sum = 0;

      g_assert_cmpstr (t[0].label, ==, "Matched sides");
      for (guint i = 0; i < terms->len; i++)
        {
          sum += t[i].points;
          g_assert_null (strstr (t[i].label, "round"));
        }
      g_assert_cmpint (sum, ==, (int) scores[q]);
    }

  /* through the position text */
  back = tw_test_position_round_trip (game, state, &text, why);
  g_assert_cmpmem (((CfState *) back)->item_score, sizeof ((CfState *) back)->item_score,
                   ((CfState *) state)->item_score, sizeof ((CfState *) state)->item_score);

  /* items that do not add up to the rounds are refused */
  {
    g_autoptr(GRegex) items = g_regex_new ("p1: (.*) items=(\\d+)", 0, 0, NULL);
    g_autofree char *bad = g_regex_replace (items, text, -1, 0, "p1: \\1 items=1\\2", 0, NULL);
    g_autofree TwState *refused = g_malloc0 (game->state_size);

    g_assert_cmpstr (bad, !=, text);
    g_string_truncate (why, 0);
    g_assert_false (game->rules->state_from_text (game, refused, bad, why));
    g_assert_nonnull (strstr (why->str, "item scores add up to"));
  }

  /* without items: by round */
  {
    g_autoptr(GRegex) items = g_regex_new (" items=[0-9,]+", 0, 0, NULL);
    g_autofree char *old = g_regex_replace_literal (items, text, -1, 0, "", 0, NULL);
    g_autofree TwState *read = g_malloc0 (game->state_size);
    g_autoptr(GArray) terms = NULL;

    g_assert_true (game->rules->state_from_text (game, read, old, why));
    terms = tw_result_terms (game, read, 0);
    g_assert_cmpstr (((const TwScoreTerm *) terms->data)[0].label, ==, "Painting of round 1");
  }
}

/* The stages told at the table: painters and canvases first, then each
 * round, its set-up first; nothing once the game is over. */
static void
test_stage_text (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 2, NULL);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree TwState *state = tw_state_new (game, 3);
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  TwMoveList moves;
  TwRng rng;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 3);
  for (;;)
    {
      g_autofree char *stage = game->rules->stage_text (game, state);

      if (tw_state_is_terminal (game, state))
        {
          g_assert_null (stage);
          break;
        }
      g_assert_nonnull (stage);
      if (seen->len == 0 || strcmp (stage, g_ptr_array_index (seen, seen->len - 1)) != 0)
        g_ptr_array_add (seen, g_steal_pointer (&stage));
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      g_assert_true (game->rules->apply (game, state,
                                         &moves.moves[tw_rng_below (&rng, moves.len)], why));
    }
  tw_move_list_free (&moves);
  g_assert_cmpuint (seen->len, >=, 4);
  g_assert_cmpstr (g_ptr_array_index (seen, 0), ==,
                   "Before the first round: everyone chooses a painter and a canvas.");
  g_assert_cmpstr (g_ptr_array_index (seen, seen->len - 1), ==, "Round 3 of 3.");
  for (guint i = 1; i < seen->len; i++)
    g_assert_true (g_str_has_prefix (g_ptr_array_index (seen, i), "Round "));
}

/* Illegal moves leave the state exactly as it was. */
static void
test_illegal_leaves_state (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game, POS (""), TW_TEST_POSITION_BUILDS);
  g_autofree TwState *before = tw_state_copy (game, state);
  g_autoptr(GString) why = g_string_new (NULL);
  static const char * const bad[] = {
    "place 1", "deck", "rotate 1 r0", "swap 3 1", "setup 1", "painter wei-ta-chin", "refresh",
    "deck2", "pass", "discard",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      TwMove m;
      g_string_truncate (why, 0);
      if (game->rules->move_from_text (game, state, bad[i], &m, why))
        {
          g_assert_false (game->rules->apply (game, state, &m, why));
          g_assert_cmpuint (why->len, >, 0);
        }
      g_assert_true (memcmp (state, before, game->state_size) == 0);
    }
}

/* observe() changes only what the player cannot see, and keeps the state whole. */
static void
test_observe (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 3, NULL);
  g_autoptr(GString) why = g_string_new (NULL);
  TwMoveList moves;
  TwRng rng;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 77);
  g_autofree TwState *state = tw_state_new (game, 3);
  for (guint n = 0; n < 150 && !tw_state_is_terminal (game, state); n++)
    {
      for (guint q = 0; q < 3; q++)
        {
          g_autofree TwState *seen = tw_state_copy (game, state);
          game->rules->observe (game, seen, q, &rng);
          g_assert_true (game->rules->check (game, seen, why));
          const CfState *a = (const CfState *) state, *b = (const CfState *) seen;
          g_assert_true (memcmp (a->slot, b->slot, sizeof a->slot) == 0);
          g_assert_true (memcmp (a->tray, b->tray, sizeof a->tray) == 0);
          g_assert_cmpuint (a->deck_len, ==, b->deck_len);
          for (guint i = 0; i < a->pdisc_len[q]; i++)
            g_assert_cmpuint (a->pdisc[q][i], ==, b->pdisc[q][i]);
          if (a->current == q)
            g_assert_true (memcmp (a->hand, b->hand, sizeof a->hand) == 0);
        }
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      g_assert_true (game->rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)],
                                         why));
    }
  tw_move_list_free (&moves);
}

/* The bundled components, as data/games/colorfield.yaml assumes them. */
static void
test_bundled_set (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 4, NULL);
  const CfPrep *p = cf_prep (game);
  guint sides[4] = { 0 }, twos[4] = { 0 }, dirs[4] = { 0 };

  g_assert_cmpuint (bundled_def->total_tiles, ==, 72);
  g_assert_cmpuint (bundled_def->n_cards, ==, 14);
  g_assert_cmpuint (p->n_boards, ==, 6);
  g_assert_cmpuint (p->n_painters, ==, 4);
  for (guint t = 0; t < p->n_inst; t++)
    {
      for (guint d = 0; d < 4; d++)
        sides[p->edge[t][0][d]]++;
      twos[p->edge[t][0][p->two[t]]]++;
      dirs[p->two[t]]++;
    }
  for (guint c = 0; c < 4; c++)
    {
      g_assert_cmpuint (sides[c], ==, 72);
      g_assert_cmpuint (twos[c], ==, 18);
      g_assert_cmpuint (dirs[c], ==, 18);
    }
  /* 12 faces, each edge space with two or three colours */
  for (guint b = 0; b < p->n_boards; b++)
    for (guint f = 0; f < 2; f++)
      for (guint k = 0; k < CF_BORDER; k++)
        {
          guint n = __builtin_popcount (p->boards[b].border[f][k]);
          g_assert_true (n == 2 || n == 3);
        }
  /* the painters' specialties are the four colours */
  guint spec = 0;
  for (guint i = 0; i < p->n_painters; i++)
    spec |= 1u << p->painters[i].specialty;
  g_assert_cmpuint (spec, ==, 0xf);
}

/* The definition checks: a tile without its 2-side, a canvas face that is
 * short of edge spaces, an unknown specialty colour, a painter's name that is
 * not text. */
static void
test_validation (void)
{
  static const struct { const char *from; const char *to; const char *message; } broken[] = {
    { "two: S}", "}", "which side shows the 2" },
    { "two: S}", "two: Q}", "must be a direction" },
    { "specialty: coral}", "specialty: mauve}", "unknown colour" },
    { "canvases:", "canvasses:", "canvases" },
    { "name: Wei-Ta Chin,", "name: [Wei, Ta],", "the name of a painter must be text, not a list" },
  };
  g_autofree char *text = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data-files",
                                                 "colorfield-test.yaml", NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autoptr(GError) error = NULL;
      char *at = strstr (text, broken[i].from);
      g_assert_nonnull (at);
      g_autoptr(GString) bad = g_string_new_len (text, at - text);
      g_string_append (bad, broken[i].to);
      g_string_append (bad, at + strlen (broken[i].from));
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("broken.yaml");
      TwDefinition *def = tw_definition_load_data (bad->str, bad->len, "broken.yaml", diags,
                                                   &error);
      g_assert_null (def);
      g_autofree char *all = tw_diagnostics_to_string (diags);
      if (strstr (all, broken[i].message) == NULL)
        g_error ("case %u: '%s' not in:\n%s", i, broken[i].message, all);
    }
}

/* The test set with @extra appended (top-level keys), or NULL with the
 * diagnostics in @all. */
static TwDefinition *
test_set_with (const char  *extra,
               char       **all)
{
  g_autofree char *text = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data-files",
                                                 "colorfield-test.yaml", NULL);
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("canvas.yaml");
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_autofree char *both = g_strconcat (text, extra, NULL);
  TwDefinition *def = tw_definition_load_data (both, -1, "canvas.yaml", diags, &error);
  *all = tw_diagnostics_to_string (diags);
  return def;
}

/* The canvas numbering (an assumption: reading order) is data: numbered by
 * columns, space 2 lies under space 1, so Wei-Ta Chin's coral 2-side (south)
 * on space 1 matches space 2 instead of space 4. */
static void
test_canvas_numbering (void)
{
  const char *pos =
    HEAD ("ability", "") "tools:\n" ROWS
    "p1: painter=wei-ta-chin board=plain face=navy-a\np1-canvas: C C L L L L\n"
    "p2: painter=lemon-painter board=open face=open-a\np2-canvas: L L L L L L\n";
  static const struct { const char *extra; const char *message; } broken[] = {
    { "canvas:\n  spaces: [[1, 2, 3], [4, 5, 5]]\n", "canvas space 5 is named twice" },
    { "canvas:\n  spaces: [[1, 2, 3, 4], [5, 6]]\n", "a canvas row holds 3 space numbers" },
    { "canvas:\n  spaces: [[1, 2, 3]]\n", "canvas spaces: 2 rows of 3 space numbers" },
    { "canvas:\n  spaces: [[1, 2, 3], [4, 5, 7]]\n", "canvas.yaml:" },
    { "canvas:\n  space: [[1, 2, 3], [4, 5, 6]]\n", "space" },
  };
  g_autofree char *all = NULL;

  /* reading order, the default and as written out */
  {
    g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
    g_autofree TwState *state = tw_test_make_position (game, pos, TW_TEST_POSITION_BUILDS);
    /* E side coral against space 2's coral: 1; the 2-side faces space 4 (lemon) */
    g_assert_cmpint (cf_tile_points (game, (CfState *) state, 0, 0), ==, 1);
  }
  {
    g_autoptr(TwDefinition) def = test_set_with ("canvas:\n  spaces: [[1, 2, 3], [4, 5, 6]]\n", &all);
    g_assert_nonnull (def);
    g_autoptr(TwGame) game = tw_test_make_game (def, 2, NULL);
    g_autofree TwState *state = tw_test_make_position (game, pos, TW_TEST_POSITION_BUILDS);
    g_assert_cmpint (cf_tile_points (game, (CfState *) state, 0, 0), ==, 1);
  }
  /* by columns: the coral 2-side meets space 2's coral: 2 + 2 specialty */
  {
    g_clear_pointer (&all, g_free);
    g_autoptr(TwDefinition) def = test_set_with ("canvas:\n  spaces: [[1, 3, 5], [2, 4, 6]]\n", &all);
    g_assert_nonnull (def);
    g_autoptr(TwGame) game = tw_test_make_game (def, 2, NULL);
    g_autofree TwState *state = tw_test_make_position (game, pos, TW_TEST_POSITION_BUILDS);
    const CfPrep *p = cf_prep (game);
    g_assert_cmpint (cf_tile_points (game, (CfState *) state, 0, 0), ==, 4);
    g_assert_cmpint (p->neighbour[0][2], ==, 1);
    g_assert_cmpint (p->neighbour[1][0], ==, 0);
    g_assert_cmpint (p->border_of[1][3], ==, 8);   /* space 2: bottom left, its west side */
    g_assert_cmpint (p->border_of[5][1], ==, 4);   /* space 6: bottom right, its east side */
  }
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_clear_pointer (&all, g_free);
      TwDefinition *def = test_set_with (broken[i].extra, &all);
      g_assert_null (def);
      if (strstr (all, broken[i].message) == NULL)
        g_error ("case %u: '%s' not in:\n%s", i, broken[i].message, all);
    }
}

/* The Angled Rigger Brush's limit is the card's `per-turn` (1 on the bundled
 * card: the project's reading). */
static void
test_rigger_per_turn (void)
{
  g_autofree char *all = NULL;
  g_autoptr(TwDefinition) def =
    test_set_with ("  - {id: rigger-twice, kind: refresh-tray, params: {per-turn: 2}, title: Twice}\n", &all);
  g_assert_nonnull (def);
  /* the 15th card: in the deck with all 15 */
  g_autoptr(TwGame) game = tw_test_make_game (def, 2, "tool-deck-size=15");
  g_autoptr(GString) why = g_string_new (NULL);
  {
    g_autofree TwState *state = tw_test_make_position (game, POS ("rigger-twice"), TW_TEST_POSITION_CHECKED);
    g_assert_true (tw_test_play_moves (game, state, "skip; refresh; refresh", why));
  }
  {
    g_autofree TwState *state = tw_test_make_position (game, POS ("rigger-twice"), TW_TEST_POSITION_CHECKED);
    g_assert_false (tw_test_play_moves (game, state, "skip; refresh; refresh; refresh", why));
    g_assert_nonnull (strstr (why->str, "as often as the tool allows"));
  }
}

/* The playout policy returns an index into the moves over random games of
 * 2-4 players, with every tool in play at once (Advanced Mode) and without,
 * and its games end. */
static void
test_playout_pick (void)
{
  static const char * const variants[] = { NULL, "advanced-mode=true tool-modifiers-stack=true" };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint players = 2; players <= 4; players++)
      {
        g_autoptr(TwGame) game = tw_test_make_game (bundled_def, players, variants[v]);
        tw_test_check_playout_pick (game, 4, 91 + v * 100 + players * 10);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  test_def = tw_test_load_data_file ("colorfield-test.yaml");
  bundled_def = tw_test_load_bundled ("colorfield");

  tw_test_add_rule_cases ("/tw/colorfield/rule", test_def, rule_cases, G_N_ELEMENTS (rule_cases),
                          TW_TEST_POSITION_BUILDS);
  g_test_add_func ("/tw/colorfield/score/tile-maximum", test_tile_maximum);
  g_test_add_func ("/tw/colorfield/playout-pick", test_playout_pick);
  g_test_add_func ("/tw/colorfield/score/specialty-example", test_specialty_example);
  g_test_add_func ("/tw/colorfield/score/unused-tokens", test_unused_tokens);
  g_test_add_func ("/tw/colorfield/tool/mahl-stick", test_tool_mahl_stick);
  g_test_add_func ("/tw/colorfield/tool/high-density-sponge", test_tool_sponge);
  g_test_add_func ("/tw/colorfield/tool/corporate-sponsorships", test_tool_sponsorships);
  g_test_add_func ("/tw/colorfield/tool/matte-varnish", test_tool_varnish);
  g_test_add_func ("/tw/colorfield/tool/h-frame-easel", test_tool_easel);
  g_test_add_func ("/tw/colorfield/tool/paper-lining-tape", test_tool_lining_tape);
  g_test_add_func ("/tw/colorfield/tool/minimalism", test_tool_minimalism);
  g_test_add_func ("/tw/colorfield/tool/local-collective-tokens",
                   test_tool_local_collective_tokens);
  g_test_add_func ("/tw/colorfield/tool/no-stacking", test_tools_do_not_stack);
  g_test_add_func ("/tw/colorfield/illegal-leaves-state", test_illegal_leaves_state);
  g_test_add_func ("/tw/colorfield/observe", test_observe);
  g_test_add_func ("/tw/colorfield/bundled-set", test_bundled_set);
  g_test_add_func ("/tw/colorfield/validation", test_validation);
  g_test_add_func ("/tw/colorfield/canvas-numbering", test_canvas_numbering);
  g_test_add_func ("/tw/colorfield/tool/rigger-per-turn", test_rigger_per_turn);
  g_test_add_func ("/tw/colorfield/position-round-trip", test_position_round_trip);
  g_test_add_func ("/tw/colorfield/score-items", test_score_items);
  g_test_add_func ("/tw/colorfield/stage-text", test_stage_text);
  g_test_add_func ("/tw/colorfield/replay", test_replay);
  g_test_add_func ("/tw/colorfield/random/bundled", test_random_bundled);
  g_test_add_func ("/tw/colorfield/random/variants", test_random_variants);
  g_test_add_func ("/tw/colorfield/random/test-set", test_random_test_set);

  int ret = g_test_run ();
  tw_definition_unref (test_def);
  tw_definition_unref (bundled_def);
  return ret;
}
