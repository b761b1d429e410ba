/* test-color-shift.c: Color Shift's rules, one case per rule, in the notation
 *
 * Positions and moves are written in the notation of doc/rules/color-shift.md.
 * Each case builds a position, plays moves, and checks that the last move is
 * legal or illegal (with the reason), and what the position looks like after
 * it. The positions use tests/data-files/color-shift-test.yaml; the random
 * games also run on the bundled data/games/color-shift.yaml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-game.h"
#include "tw-test-rules.h"
#include "games/color-shift/cs-private.h"

static TwDefinition *test_def;
static TwDefinition *bundled_def;

#define HEAD "color-shift players=2 phase=place to-act=1\n"
#define ACTION "color-shift players=2 phase=action to-act=1\n"
/* a white tile at the origin, a white tile to place */
#define BASE HEAD "deck: r r\nhand1: w\nhand2: r\nboard: w@0,0r0\n"
/* a red ring around the empty cell 1,0 */
#define RING "r@0,0r0 r@2,0r0 r@1,-1r0 r@1,1r0"
/* a row with a gap at 2,0: the white area 0,0-1,0 and the white tile 3,0 */
#define GAP_ROW ACTION "deck: r\nhand1: w\nhand2: r\nboard: w@0,0r0 w@1,0r0 w@3,0r0\n"
/* eight white tiles in a row */
#define LONG_ROW ACTION "deck: r\nhand1: w\nhand2: r\nboard: w@0,0r0 w@1,0r0 w@2,0r0 w@3,0r0 " \
                 "w@4,0r0 w@5,0r0 w@6,0r0 w@7,0r0\nmeeples1: 0,0/NESW\n"
/* an L: 0,0 1,0 1,1 */
#define ELL ACTION "deck: r\nhand1: w\nhand2: r\nboard: w@0,0r0 w@1,0r0 b@1,1r0\nmeeples1: 0,0/NESW\n"

static const TwRuleCase rule_cases[] = {
  /* 1: place a tile */
  { "place-adjacent-matching", 2, NULL, BASE, "w 1,0 r0", TRUE, "board: w@0,0r0 w@1,0r0\n" },
  { "place-any-rotation", 2, NULL, HEAD "hand1: wr\nhand2: r\nboard: w@0,0r0\n", "wr -1,0 r1", TRUE,
    "wr@-1,0r1" },
  { "place-not-adjacent", 2, NULL, BASE, "w 2,0 r0", FALSE, "adjacent to an already placed tile" },
  { "place-diagonal-is-not-adjacent", 2, NULL, BASE, "w 1,1 r0", FALSE, "adjacent" },
  { "place-occupied", 2, NULL, BASE, "w 0,0 r0", FALSE, "already holds" },
  { "place-no-shared-colour", 2, NULL, HEAD "hand1: wr\nhand2: r\nboard: w@0,0r0\n", "wr 1,0 r0", FALSE,
    "share at least 1 color" },
  { "place-one-match-other-mismatch", 2, NULL, HEAD "hand1: wr\nhand2: r\nboard: w@0,0r0 b@1,1r0\n",
    "wr 1,0 r3", TRUE, "wr@1,0r3" },
  { "place-any-colour-option", 2, "placement-match=any-colour",
    HEAD "hand1: wr\nhand2: r\nboard: w@0,0r0\n", "wr 1,0 r0", TRUE, "wr@1,0r0" },
  { "place-any-colour-option-needs-a-colour", 2, "placement-match=any-colour",
    HEAD "hand1: r\nhand2: r\nboard: w@0,0r0\n", "r 1,0 r0", FALSE, "share at least 1 color" },
  { "place-tile-id-checked", 2, NULL, BASE, "b 1,0 r0", FALSE, "no b in your hand" },
  { "place-once-per-turn", 2, NULL, BASE, "w 1,0 r0; -1,0 r0", FALSE, "already placed" },
  /* a tile that fits nowhere */
  { "unplaceable-discard-and-draw", 2, NULL, HEAD "deck: w r\nhand1: r\nhand2: r\nboard: w@0,0r0\n",
    "discard r", TRUE, "phase=place to-act=1 discarded=1\ndeck: r\nhand1: w\n" },
  { "unplaceable-only", 2, NULL, BASE, "discard w", FALSE, "can be placed" },
  { "unplaceable-twice-skips-placement", 2, NULL, HEAD "deck: r w\nhand1: r\nhand2: r\nboard: w@0,0r0\n",
    "discard r", TRUE, "phase=action to-act=1 discarded=1\ndeck: w\nhand1: r\n" },
  { "unplaceable-skipped-turn-keeps-tile", 2, NULL,
    HEAD "deck: r w\nhand1: r\nhand2: r\nboard: w@0,0r0\n", "discard r; pass", TRUE,
    "to-act=2\ndeck: w\nhand1: r\n" },
  { "unplaceable-until-placeable-option", 2, "unplaceable-tile=discard-until-placeable",
    HEAD "deck: r w\nhand1: r\nhand2: r\nboard: w@0,0r0\n", "discard r; discard r", TRUE,
    "phase=place to-act=1 discarded=1\ndeck:\nhand1: w\n" },
  /* 2: place a meeple */
  { "meeple-on-placed-tile", 2, NULL, BASE, "w 1,0 r0; meeple NESW", TRUE,
    "phase=place to-act=2\ndeck: r\nhand1: r\nhand2: r\nboard: w@0,0r0 w@1,0r0\nfinished:\n"
    "meeples1: 1,0/NESW - - - -\n" },
  { "meeple-region-by-any-edge", 2, NULL, BASE, "w 1,0 r0; meeple S", TRUE, "meeples1: 1,0/NESW -" },
  { "meeple-second-region", 2, NULL, HEAD "hand1: wr\nhand2: r\nboard: w@0,0r0\n",
    "wr 1,0 r3; meeple ES", TRUE, "meeples1: 1,0/ES -" },
  { "meeple-region-must-be-one-colour", 2, NULL, HEAD "hand1: wr\nhand2: r\nboard: w@0,0r0\n",
    "wr 1,0 r3; meeple NE", FALSE, "no single colour region" },
  { "meeple-area-occupied", 2, NULL, BASE "meeples2: 0,0/NESW\n", "w 1,0 r0; meeple NESW", FALSE,
    "no other meeples on it" },
  { "meeple-area-occupied-by-own", 2, NULL, BASE "meeples1: 0,0/NESW\n", "w 1,0 r0; meeple NESW", FALSE,
    "including your own" },
  { "meeple-lying-meeple-ignored", 2, NULL, BASE "meeples2: 0,0/NESW:down\n", "w 1,0 r0; meeple NESW",
    TRUE, "meeples1: 1,0/NESW -" },
  { "meeple-none-left", 2, NULL,
    BASE "meeples1: 0,0/NESW:down 0,0/NESW:down 0,0/NESW:down 0,0/NESW:down 0,0/NESW:down\n",
    "w 1,0 r0; meeple NESW", FALSE, "no meeple left" },
  { "meeple-needs-a-placed-tile", 2, NULL, GAP_ROW, "meeple NESW", FALSE, "placed none" },
  { "meeple-count-option", 2, "meeples=2", BASE "meeples1: 0,0/NESW:down 0,0/NESW:down\n",
    "w 1,0 r0; meeple NESW", FALSE, "no meeple left" },
  /* quick score: placing on an area this turn completed */
  { "quick-score", 2, NULL, HEAD "deck: r\nhand1: w1\nhand2: r\nboard: " RING "\n",
    "w1 1,0 r0; meeple N", TRUE, "finished: 1,0/N\nmeeples1: 1,0/N:down - - - -\n"
    "meeples2: - - - - -\nscores: 1=1 2=0\n" },
  { "completed-area-without-meeple-is-finished", 2, NULL, HEAD "deck: r\nhand1: w1\nhand2: r\nboard: " RING "\n",
    "w1 1,0 r0; pass", TRUE, "finished: 1,0/N\n" },
  { "finished-area-takes-no-meeple-later", 2, NULL,
    "color-shift players=2 phase=action to-act=1 placed=1,0\nhand2: r\nboard: " RING " w1@1,0r0\n"
    "finished: 1,0/N\n", "meeple N", FALSE, "already finished" },
  /* 2: move a meeple */
  { "move-one-step", 2, NULL, GAP_ROW "meeples1: 0,0/NESW\n", "move 1 1,0 NESW", TRUE,
    "meeples1: 1,0/NESW -" },
  { "move-skips-gap", 2, NULL, GAP_ROW "meeples1: 1,0/NESW\n", "move 1 E NESW", TRUE,
    "meeples1: 3,0/NESW -" },
  { "move-wraps-to-far-side", 2, NULL, GAP_ROW "meeples1: 3,0/NESW\n", "move 1 E NESW", TRUE,
    "meeples1: 0,0/NESW -" },
  { "move-wraps-across-gap", 2, NULL, GAP_ROW "meeples1: 0,0/NESW\n", "move 1 W NESW", TRUE,
    "meeples1: 3,0/NESW -" },
  { "move-wrap-counts-one-step", 2, NULL, LONG_ROW, "move 1 WWW NESW", TRUE, "meeples1: 5,0/NESW -" },
  { "move-three-steps", 2, NULL, LONG_ROW, "move 1 3,0 NESW", TRUE, "meeples1: 3,0/NESW -" },
  { "move-four-steps-too-far", 2, NULL, LONG_ROW, "move 1 4,0 NESW", FALSE, "1 - 3 tiles" },
  { "move-path-of-four", 2, NULL, LONG_ROW, "move 1 EEEE NESW", FALSE, "1 - 3 tiles" },
  { "move-turns", 2, NULL, ELL, "move 1 ES NESW", TRUE, "meeples1: 1,1/NESW -" },
  { "move-straight-option", 2, "move-path=straight-line", ELL, "move 1 1,1 NESW", FALSE,
    "in one direction" },
  { "move-straight-option-path", 2, "move-path=straight-line", ELL, "move 1 ES NESW", FALSE,
    "in one direction" },
  { "move-into-occupied-lies", 2, NULL, GAP_ROW "meeples1: 3,0/NESW\nmeeples2: 1,0/NESW\n",
    "move 1 0,0 NESW", TRUE, "meeples1: 0,0/NESW:down -" },
  { "move-into-finished-lies", 2, NULL, GAP_ROW "finished: 3,0/NESW\nmeeples1: 0,0/NESW\n",
    "move 1 3,0 NESW", TRUE, "meeples1: 3,0/NESW:down -" },
  { "move-lying-meeple-stands", 2, NULL, GAP_ROW "meeples1: 3,0/NESW:down\n", "move 1 0,0 NESW", TRUE,
    "meeples1: 0,0/NESW -" },
  { "move-back-to-own-area", 2, NULL, GAP_ROW "meeples1: 0,0/NESW\n", "move 1 EW NESW", TRUE,
    "meeples1: 0,0/NESW -" },
  { "move-only-own-meeples-on-board", 2, NULL, GAP_ROW "meeples1: 0,0/NESW\n", "move 2 1,0 NESW", FALSE,
    "not on the play area" },
  { "move-onto-a-tile", 2, NULL, GAP_ROW "meeples1: 0,0/NESW\n", "move 1 2,0 NESW", FALSE,
    "no tile at 2,0" },
  { "move-lone-tile-in-column-has-no-step", 2, NULL, GAP_ROW "meeples1: 0,0/NESW\n", "move 1 N NESW",
    FALSE, "leads to no tile" },
  /* 2: shift a tile */
  { "shift-pushes-three-tiles-with-meeples", 2, NULL,
    "color-shift players=2 phase=action to-act=1 placed=0,0\ndeck: r\nhand2: r\n"
    "board: w@1,0r0 w@2,0r0 w@3,0r0 w@0,0r0\nmeeples1: 2,0/NESW\nmeeples2: 3,0/NESW:down 1,0/NESW:down\n",
    "shift E", TRUE,
    "board: w@2,0r0 w@3,0r0 w@4,0r0 w@1,0r0\nfinished:\nmeeples1: 3,0/NESW - - - -\n"
    "meeples2: 4,0/NESW:down 2,0/NESW:down - - -\n" },
  { "shift-run-stops-at-gap", 2, NULL,
    "color-shift players=2 phase=action to-act=1 placed=0,0\nhand2: r\nboard: w@1,0r0 w@3,0r0 w@0,0r0\n",
    "shift E", TRUE, "board: w@2,0r0 w@3,0r0 w@1,0r0\n" },
  { "shift-must-push", 2, NULL,
    "color-shift players=2 phase=action to-act=1 placed=0,0\nhand2: r\nboard: w@1,0r0 w@0,0r0\n",
    "shift W", FALSE, "push at least 1 tile" },
  { "shift-only-the-placed-tile", 2, NULL, GAP_ROW, "shift E", FALSE, "placed none" },
  /* the white N of w1 is finished (closed by the red tile north of it); a
   * shift moves it away from that tile: open again, but it stays finished */
  { "shift-keeps-finished-flags", 2, NULL,
    "color-shift players=2 phase=action to-act=1 placed=-1,0\nhand2: r\nboard: " RING " w1@1,0r0 r@-1,0r0\n"
    "finished: 1,0/N\nmeeples1: 1,0/N:down\n",
    "shift E", TRUE, "board: r@1,0r0 r@3,0r0 r@1,-1r0 r@1,1r0 w1@2,0r0 r@0,0r0\nfinished: 2,0/N\n"
    "meeples1: 2,0/N:down -" },
  { "shift-opened-area-stays-finished", 2, NULL,
    "color-shift players=2 phase=action to-act=1 placed=-1,0\ndeck: r\nhand1: r\nhand2: r\nboard: " RING
    " w1@1,0r0 r@-1,0r0\nfinished: 1,0/N\nmeeples2: 1,1/NESW\n", "shift E; r 4,0 r0; move 1 NE N", TRUE,
    "meeples2: 2,0/N:down -" },
  { "shift-completes-area", 2, NULL,
    "color-shift players=2 phase=action to-act=1 placed=3,-1\ndeck: r\nhand2: r\n"
    "board: r@0,0r0 r@2,0r0 r@1,1r0 w1@1,0r0 r@2,-1r0 r@3,-1r0\nmeeples1: 1,0/N\n",
    "shift W", TRUE, "meeples1: 1,0/N:down - - - -\nmeeples2: - - - - -\nscores: 1=1 2=0\n" },
  /* 4: draw a replacement tile */
  { "draw-replacement", 2, NULL, BASE, "w 1,0 r0; pass", TRUE,
    "phase=place to-act=2\ndeck: r\nhand1: r\nhand2: r\n" },
  /* the end: standing meeples in unfinished areas, 1 point per 2 tiles */
  { "end-scoring-rounds-down", 2, NULL,
    HEAD "hand1: w\nboard: w@0,0r0 w@-1,0r0\nmeeples1: 0,0/NESW\nmeeples2: -1,0/NESW:down\n",
    "w 1,0 r0; pass; pass", TRUE, "phase=done to-act=1\n" "deck:\nhand1:\nhand2:\n"
    "board: w@0,0r0 w@-1,0r0 w@1,0r0\nfinished:\nmeeples1: 0,0/NESW - - - -\n"
    "meeples2: -1,0/NESW:down - - - -\nscores: 1=0 2=0\nend: 1=1 2=0\n" },
  { "end-scoring-rounding-up-option", 2, "end-rounding=up",
    HEAD "hand1: w\nboard: w@0,0r0 w@-1,0r0\nmeeples1: 0,0/NESW\n", "w 1,0 r0; pass; pass", TRUE,
    "end: 1=2 2=0\n" },
  { "end-scoring-every-standing-meeple", 2, NULL,
    HEAD "hand1: w\nboard: w@0,0r0 w@-1,0r0 w@-2,0r0\nmeeples1: 0,0/NESW -2,0/NESW\nmeeples2: -1,0/NESW\n",
    "w 1,0 r0; pass; pass", TRUE, "end: 1=4 2=2\n" },
  { "game-goes-on-while-a-hand-holds-tiles", 2, NULL,
    HEAD "hand1: w\nhand2: w\nboard: w@0,0r0\n", "w 1,0 r0; pass", TRUE, "phase=place to-act=2\n" },
  { "no-move-after-the-end", 2, NULL, HEAD "hand1: w\nboard: w@0,0r0\n", "w 1,0 r0; pass; pass; pass",
    FALSE, "game is over" },
  /* equal turns: a discard takes a tile from the stack, so the discarder's hand lasts a turn
   * longer than the others'; the game ends only at the end of a round, and a seat without a
   * tile takes its turn with step 1 skipped (it may still move a meeple) */
  { "equal-turns-after-discard", 2, NULL, HEAD "deck: w w\nhand1: r\nhand2: w\nboard: w@0,0r0\n",
    "discard r; w 1,0 r0; pass; w 2,0 r0; pass; w 3,0 r0; pass", TRUE,
    "phase=action to-act=2\ndeck:\nhand1:\nhand2:\n" },
  { "equal-turns-empty-hand-may-move", 2, NULL,
    HEAD "deck: w w\nhand1: r\nhand2: w\nboard: w@0,0r0\nmeeples2: 0,0/NESW:down\n",
    "discard r; w 1,0 r0; pass; w 2,0 r0; pass; w 3,0 r0; pass; move 1 3,0 NESW", TRUE,
    "phase=done" },
  { "equal-turns-empty-hand-cannot-place", 2, NULL,
    HEAD "deck: w w\nhand1: r\nhand2: w\nboard: w@0,0r0\n",
    "discard r; w 1,0 r0; pass; w 2,0 r0; pass; w 3,0 r0; pass; meeple NESW", FALSE, "placed none" },
  { "equal-turns-game-ends-after-the-round", 2, NULL,
    HEAD "deck: w w\nhand1: r\nhand2: w\nboard: w@0,0r0\n",
    "discard r; w 1,0 r0; pass; w 2,0 r0; pass; w 3,0 r0; pass; pass", TRUE, "phase=done" },
  { "empty-hand-passed-over-option", 2, "empty-hand=passed-over",
    HEAD "deck: w w\nhand1: r\nhand2: w\nboard: w@0,0r0\n",
    "discard r; w 1,0 r0; pass; w 2,0 r0; pass; w 3,0 r0; pass", TRUE, "phase=done" },
  /* notation */
  { "notation-garbage", 2, NULL, BASE, "jump 3", FALSE, "expected" },
  { "notation-bad-rotation", 2, NULL, BASE, "w 1,0 r7", FALSE, "rotation is" },
  { "notation-bad-shift", 2, NULL, BASE, "shift X", FALSE, "shift N|E|S|W" },
};

/* The rulebook: "Amy places a tile to complete her white area that has 1
 * meeple on it and is 6 tiles large. She scores 6 points and lays her meeple
 * on its side." Five white tiles in a red frame; Amy places the sixth. */
static void
test_example_amy (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game,
    HEAD "deck: r\nhand1: w\nhand2: r\n"
    "board: w@0,0r0 w@1,0r0 w@2,0r0 w@0,1r0 w@1,1r0 "
    "r@0,-1r0 r@1,-1r0 r@2,-1r0 r@0,2r0 r@1,2r0 r@2,2r0 r@-1,0r0 r@-1,1r0 r@3,0r0 r@3,1r0\n"
    "meeples1: 0,0/NESW\n", TW_TEST_POSITION_BUILDS);
  g_autoptr(GString) why = g_string_new (NULL);
  double scores[2];

  g_assert_true (tw_test_play_moves (game, state, "w 2,1 r0; pass", why));
  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[0], ==, 6);
  g_assert_cmpfloat (scores[1], ==, 0);
  g_autofree char *text = tw_state_to_string (game, state);
  g_assert_nonnull (strstr (text, "meeples1: 0,0/NESW:down -"));
  g_assert_nonnull (strstr (text, "finished: 0,0/NESW 1,0/NESW 2,0/NESW 0,1/NESW 1,1/NESW 2,1/NESW\n"));
  g_assert_true (game->rules->check (game, state, why));
}

/* "Mark has 2 meeples on a colored area and Charissa has 1. The colored area
 * is 5 tiles large. Mark scores 10 points, Charissa scores 5 points." Four
 * one-triangle white arms, each with its own meeple, joined by a white tile
 * in the middle; a lying meeple of Charissa's scores nothing. */
static void
test_example_shared (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 3, NULL);
  g_autofree TwState *state = tw_test_make_position (game,
    "color-shift players=3 phase=place to-act=3\ndeck: r\nhand1: r\nhand2: r\nhand3: w\n"
    "board: w1@1,0r3 w1@-1,0r1 w1@0,1r0 w1@0,-1r2\n"
    "meeples1: 1,0/W -1,0/E\nmeeples2: 0,1/N 0,-1/S:down\n", TW_TEST_POSITION_BUILDS);
  g_autoptr(GString) why = g_string_new (NULL);
  double scores[3];
  guint rank[3];

  g_assert_true (tw_test_play_moves (game, state, "w 0,0 r0; pass", why));
  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[0], ==, 10);
  g_assert_cmpfloat (scores[1], ==, 5);
  g_assert_cmpfloat (scores[2], ==, 0);
  game->rules->ranking (game, state, rank);
  g_assert_cmpuint (rank[0], ==, 0);
  g_assert_cmpuint (rank[1], ==, 1);
  g_assert_cmpuint (rank[2], ==, 2);
  g_autofree char *text = tw_state_to_string (game, state);
  g_assert_nonnull (strstr (text, "meeples1: 1,0/W:down -1,0/E:down -"));
  g_assert_true (game->rules->check (game, state, why));
}

/* The merged-finished-tiles option: a finished section joined to an open area
 * counts, or not, when the area completes. */
static void
test_merged_finished (void)
{
  const char *pos =
    "color-shift players=2 phase=place to-act=1\ndeck: r\nhand1: w\nhand2: r\n"
    "board: w1@1,0r3 w1@-1,0r1 w1@0,1r0 w1@0,-1r2\nfinished: 1,0/W\nmeeples1: -1,0/E\n";
  static const struct { const char *options; double points; } cases[] = {
    { NULL, 5 },
    { "merged-finished-tiles=count-unfinished-tiles", 4 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, cases[i].options);
      g_autofree TwState *state = tw_test_make_position (game, pos, TW_TEST_POSITION_BUILDS);
      g_autoptr(GString) why = g_string_new (NULL);
      double scores[2];
      g_assert_true (tw_test_play_moves (game, state, "w 0,0 r0; pass", why));
      game->rules->scores (game, state, scores);
      g_assert_cmpfloat (scores[0], ==, cases[i].points);
    }
}

/* Setup: the start tile, one tile per hand, and tiles removed until every
 * seat gets the same number of turns. */
static void
test_setup_equal_turns (void)
{
  for (guint players = 2; players <= 4; players++)
    for (guint v = 0; v < 2; v++)
      {
        g_autoptr(TwGame) game = tw_test_make_game (bundled_def, players,
                                            v ? "equal-turns=play-all-tiles" : NULL);
        g_autoptr(GString) why = g_string_new (NULL);
        for (guint64 seed = 0; seed < 5; seed++)
          {
            g_autofree TwState *state = tw_state_new (game, seed);
            CsState *s = (CsState *) state;
            guint total = s->deck_len;
            for (guint q = 0; q < players; q++)
              {
                g_assert_cmpuint (s->hand_len[q], ==, 1);
                total += s->hand_len[q];
              }
            g_assert_cmpuint (s->n_placed, ==, 1);
            g_assert_cmpstr (cs_inst_def (game, CS_PLACED (cs_prep (game), s)[0].inst)->kind, ==, "start");
            if (v == 0)
              g_assert_cmpuint (total % players, ==, 0);
            g_assert_cmpuint (total + s->counters[CS_COUNTER_REMOVED], ==, bundled_def->total_tiles - 1);
            g_assert_true (game->rules->check (game, state, why));
          }
      }
  /* the test set has 82 tiles and no start tile: one starts, 81 remain */
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 4, NULL);
  g_autofree TwState *state = tw_state_new (game, 3);
  CsState *s = (CsState *) state;
  g_assert_cmpuint (s->counters[CS_COUNTER_REMOVED], ==, 1);
  g_assert_cmpuint (s->deck_len + 4, ==, 80);
}

/* Random games: after every move, everything incremental equals a from-scratch
 * recount, every tile is in exactly one place, the hash survives a copy, the
 * notation reads back what it wrote, and every seat plays the same number of
 * tiles when the equal-turns rule is on. */
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
      CsState *s = (CsState *) state;
      guint placed_by[CS_MAX_PLAYERS] = { 0 };
      guint turns[CS_MAX_PLAYERS] = { 0 };
      int last_seat = -1;
      guint n = 0;
      while (tw_state_to_act (game, state) >= 0)
        {
          /* seats alternate (a turn never ends on the same seat by default) */
          if ((int) s->current != last_seat)
            turns[s->current]++;
          last_seat = (int) s->current;
          tw_move_list_clear (&moves);
          game->rules->legal_moves (game, state, &moves);
          g_assert_cmpuint (moves.len, >, 0);
          const TwMove *m = &moves.moves[tw_rng_below (&rng, moves.len)];

          g_autofree char *text = tw_test_move_round_trip (game, state, m, why);

          guint seat = s->current;
          if (m->kind == CS_MOVE_PLACE)
            placed_by[seat]++;
          g_assert_true (game->rules->apply (game, state, m, why));
          if (!game->rules->check (game, state, why))
            g_error ("game %u move %u (%s), options '%s': %s", g, n, text, options ? options : "", why->str);
          g_autofree TwState *copy = tw_state_copy (game, state);
          g_assert_cmpuint (game->rules->hash (game, copy), ==, game->rules->hash (game, state));
          n++;
          g_assert_cmpuint (n, <, 4000);
        }
      double scores[TW_MAX_PLAYERS];
      game->rules->scores (game, state, scores);
      for (guint q = 0; q < players; q++)
        g_assert_cmpfloat (scores[q], >=, 0);
      if (s->counters[CS_COUNTER_DISCARDED] == 0 && (options == NULL || !strstr (options, "play-all")))
        for (guint q = 1; q < players; q++)
          g_assert_cmpuint (placed_by[q], ==, placed_by[0]);
      /* "Everyone should have taken an equal number of turns", discards or not */
      if (options == NULL || !strstr (options, "passed-over"))
        for (guint q = 1; q < players; q++)
          g_assert_cmpuint (turns[q], ==, turns[0]);
    }
  tw_move_list_free (&moves);
}

static void
test_random_bundled (void)
{
  for (guint players = 2; players <= 4; players++)
    random_games (bundled_def, players, NULL, 40, players);
}

static void
test_random_variants (void)
{
  static const char * const variants[] = {
    "placement-match=any-colour",
    "unplaceable-tile=discard-until-placeable",
    "equal-turns=play-all-tiles",
    "move-path=straight-line",
    "end-rounding=up",
    "merged-finished-tiles=count-unfinished-tiles",
    "empty-hand=passed-over",
    "hand-size=3",
    "hand-size=2 meeples=10",
    "meeples=1",
  };
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint players = 2; players <= 4; players++)
      random_games (bundled_def, players, variants[v], 6, 100 + v * 10 + players);
}

static void
test_random_test_set (void)
{
  for (guint players = 2; players <= 4; players++)
    random_games (test_def, players, NULL, 10, 7 + players);
}

/* The position notation reads back what it wrote. */
static void
test_position_round_trip (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 3, NULL);
  g_autoptr(GString) why = g_string_new (NULL);
  TwMoveList moves;
  TwRng rng;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 5);
  for (guint g = 0; g < 6; g++)
    {
      g_autofree TwState *state = tw_state_new (game, g);
      while (tw_state_to_act (game, state) >= 0)
        {
          g_autofree char *text = NULL;
          g_autofree TwState *back = tw_test_position_round_trip (game, state, &text, why);
          if (!game->rules->check (game, back, why))
            g_error ("%s\n%s", why->str, text);

          tw_move_list_clear (&moves);
          game->rules->legal_moves (game, state, &moves);
          g_assert_true (game->rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)], why));
        }
    }
  tw_move_list_free (&moves);
}

/* Illegal moves leave the state exactly as it was. */
static void
test_illegal_leaves_state (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game, BASE "meeples2: 0,0/NESW\n", TW_TEST_POSITION_BUILDS);
  g_autofree TwState *before = tw_state_copy (game, state);
  g_autoptr(GString) why = g_string_new (NULL);
  static const char * const bad[] = { "w 2,0 r0", "w 0,0 r0", "discard w", "pass", "shift E" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      TwMove m;
      g_string_truncate (why, 0);
      if (game->rules->move_from_text (game, state, bad[i], &m, why))
        g_assert_false (game->rules->apply (game, state, &m, why));
      g_assert_true (memcmp (state, before, game->state_size) == 0);
    }
  /* in the action phase too */
  g_assert_true (tw_test_play_moves (game, state, "w 1,0 r0", why));
  g_free (before);
  before = tw_state_copy (game, state);
  static const char * const bad2[] = { "meeple NESW", "shift E", "w 2,0 r0", "move 1 0,0 NESW" };
  for (guint i = 0; i < G_N_ELEMENTS (bad2); i++)
    {
      TwMove m;
      g_string_truncate (why, 0);
      if (game->rules->move_from_text (game, state, bad2[i], &m, why))
        g_assert_false (game->rules->apply (game, state, &m, why));
      g_assert_true (memcmp (state, before, game->state_size) == 0);
    }
}

/* observe() deals the hidden tiles again, keeping what the player sees. */
static void
test_observe (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 4, NULL);
  g_autofree TwState *state = tw_state_new (game, 11);
  g_autofree TwState *seen = tw_state_copy (game, state);
  g_autoptr(GString) why = g_string_new (NULL);
  TwRng rng;
  CsState *a = (CsState *) state, *b = (CsState *) seen;

  tw_rng_seed (&rng, 4);
  game->rules->observe (game, seen, 0, &rng);
  g_assert_cmpuint (a->hand[0][0], ==, b->hand[0][0]);
  g_assert_cmpuint (a->deck_len, ==, b->deck_len);
  if (!game->rules->check (game, seen, why))
    g_error ("%s", why->str);
}

static void
test_bundled_set (void)
{
  guint edges[4] = { 0 };
  guint start = 0;

  g_assert_cmpuint (bundled_def->n_colors, ==, 4);
  g_assert_cmpstr (bundled_def->colors[0].id, ==, "white");
  g_assert_cmpuint (bundled_def->total_tiles, ==, 61);
  for (guint i = 0; i < bundled_def->n_tiles; i++)
    {
      if (bundled_def->tiles[i].kind)
        {
          start += bundled_def->tiles[i].count;
          continue;
        }
      for (guint d = 0; d < 4; d++)
        edges[bundled_def->tiles[i].edges[d]] += bundled_def->tiles[i].count;
    }
  g_assert_cmpuint (start, ==, 1);
  for (guint c = 0; c < 4; c++)
    g_assert_cmpuint (edges[c], ==, 60);
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 2, NULL);
  g_assert_cmpint (cs_opt (game, CS_OPT_MEEPLES), ==, 5);
  g_assert_cmpint (cs_opt (game, CS_OPT_HAND_SIZE), ==, 1);
}

/* The heuristic of a position, from @seat's view. */
static double
heuristic_of (TwGame     *game,
              const char *position,
              guint       seat)
{
  return tw_test_heuristic (game, position, TW_TEST_POSITION_CHECKED, seat);
}

/* three white tiles in a row, white to come: the area has 8 open edges */
#define H_ROW "color-shift players=2 phase=place to-act=2\ndeck: w w w w w w w w\nhand1: w\nhand2: w\n" \
              "board: w@0,0r0 w@1,0r0 w@2,0r0\n"

#define H_ACT "color-shift players=2 phase=action to-act=1 placed="

/* The bots' heuristic (doc/rules/color-shift.md, "How the bots judge a
 * position"), all else equal. */
static void
test_heuristic (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);

  /* a meeple standing on an open area beats the same meeple in the supply */
  g_assert_cmpfloat (heuristic_of (game, H_ROW "meeples1: 1,0/NESW - - - -\nmeeples2: - - - - -\n", 0),
                     >, heuristic_of (game, H_ROW "meeples1: - - - - -\nmeeples2: - - - - -\n", 0));
  /* and a lying meeple is worth less than a standing one */
  g_assert_cmpfloat (heuristic_of (game, H_ROW "meeples1: 1,0/NESW:down - - - -\nmeeples2: - - - - -\n", 0),
                     <, heuristic_of (game, H_ROW "meeples1: 1,0/NESW - - - -\nmeeples2: - - - - -\n", 0));
  /* relative: the other seat's meeple on the area is bad news */
  g_assert_cmpfloat (heuristic_of (game, H_ROW "meeples1: - - - - -\nmeeples2: 1,0/NESW - - - -\n", 0),
                     <, 0);
  /* the action step counts the area of the placed tile a supply meeple can take:
   * a closed area (quick score) is worth more than an open one */
  g_assert_cmpfloat (heuristic_of (game, H_ACT "1,0\ndeck: r r\nhand2: r\nboard: " RING " w1@1,0r0\n"
                                   "meeples1: - - - - -\nmeeples2: - - - - -\n", 0),
                     >, heuristic_of (game, H_ACT "1,2\ndeck: r r\nhand2: r\nboard: " RING " w@1,2r0\n"
                                      "meeples1: - - - - -\nmeeples2: - - - - -\n", 0));
}

/* The playout policy picks from the list only, a legal move, in random
 * games; a meeple that can quick-score is its favourite action. */
static void
test_playout_pick (void)
{
  TwMoveList moves;
  TwRng rng;

  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) bundled = tw_test_make_game (bundled_def, players, NULL);
      tw_test_check_playout_pick (bundled, 4, players);
    }

  /* the white tile closes the red ring's centre: a meeple there scores now */
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game,
    H_ACT "1,0\ndeck: r r\nhand2: r\nboard: " RING " w1@1,0r0\n"
    "meeples1: - - - - -\nmeeples2: - - - - -\n", TW_TEST_POSITION_CHECKED);
  guint meeple = 0;
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 13);
  game->rules->legal_moves (game, state, &moves);
  for (guint k = 0; k < 200; k++)
    meeple += moves.moves[game->rules->playout_pick (game, state, &moves, &rng)].kind == CS_MOVE_MEEPLE;
  g_assert_cmpuint (meeple, >, 200 / 2);
  tw_move_list_free (&moves);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  test_def = tw_test_load_data_file ("color-shift-test.yaml");
  bundled_def = tw_test_load_bundled ("color-shift");

  tw_test_add_rule_cases ("/tw/color-shift/rule", test_def, rule_cases, G_N_ELEMENTS (rule_cases),
                          TW_TEST_POSITION_BUILDS);
  g_test_add_func ("/tw/color-shift/example/amy-six-tile-white-area", test_example_amy);
  g_test_add_func ("/tw/color-shift/example/shared-meeple-area", test_example_shared);
  g_test_add_func ("/tw/color-shift/merged-finished-tiles", test_merged_finished);
  g_test_add_func ("/tw/color-shift/setup-equal-turns", test_setup_equal_turns);
  g_test_add_func ("/tw/color-shift/illegal-leaves-state", test_illegal_leaves_state);
  g_test_add_func ("/tw/color-shift/observe", test_observe);
  g_test_add_func ("/tw/color-shift/bundled-set", test_bundled_set);
  g_test_add_func ("/tw/color-shift/position-round-trip", test_position_round_trip);
  g_test_add_func ("/tw/color-shift/heuristic", test_heuristic);
  g_test_add_func ("/tw/color-shift/playout-pick", test_playout_pick);
  g_test_add_func ("/tw/color-shift/random/bundled", test_random_bundled);
  g_test_add_func ("/tw/color-shift/random/variants", test_random_variants);
  g_test_add_func ("/tw/color-shift/random/test-set", test_random_test_set);

  int ret = g_test_run ();
  tw_definition_unref (test_def);
  tw_definition_unref (bundled_def);
  return ret;
}
