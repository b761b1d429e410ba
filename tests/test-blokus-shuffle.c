/* test-blokus-shuffle.c: Blokus Shuffle's rules, one case per rule, in the notation
 *
 * Positions and moves are written in the notation of doc/rules/blokus-shuffle.md
 * (cells a1..t20, a20 top-left). Each case builds a position, plays moves, and
 * checks that the last move is legal or illegal (with the reason), and what
 * the position looks like after it. Positions are built without checking the
 * placement rules, so a case can set up exactly the board it needs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-game.h"
#include "tw-test-rules.h"
#include "games/blokus-shuffle/bs-private.h"

static TwDefinition *bundled_def;
static TwDefinition *small_def;
static TwDefinition *duo_def;

#define CORNERS "blue: i1:a20\nyellow: i1:t20\nred: i1:t1\ngreen: i1:a1"
#define CLASSIC "blokus-shuffle players=4 turn=blue phase=piece dir=cw\n" CORNERS
#define WITH(card) "blokus-shuffle players=4 turn=blue phase=card dir=cw\n" CORNERS "\nhand blue: " card
/* blue has a second group far from its corner */
#define TWO_GROUPS "blokus-shuffle players=4 turn=blue phase=card dir=cw\n" \
  "blue: i1:a20 o4:k11,l11,k10,l10\nyellow: i1:t20\nred: i1:t1\ngreen: i1:a1\nhand blue: double-play"
#define YELLOW_TWO "blokus-shuffle players=4 turn=blue phase=card dir=cw\n" \
  "blue: i1:a20\nyellow: i1:t20 i2:r19,s19\nred: i1:t1\ngreen: i1:a1\nhand blue: warp"

static const TwRuleCase rule_cases[] = {
  /* the opening: the first piece covers the colour's corner, no card */
  { "open-covers-corner", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=open dir=cw\nblue:\nyellow:\nred:\ngreen:",
    "v5 a20,a19,a18,b18,c18", TRUE, "turn=yellow phase=open" },
  { "open-not-corner", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=open dir=cw\nblue:\nyellow:\nred:\ngreen:",
    "i2 b20,c20", FALSE, "corner square" },
  { "open-other-corner", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=open dir=cw\nblue:\nyellow:\nred:\ngreen:",
    "i1 t20", FALSE, "corner square" },
  { "open-any-free-corner", 4, "start-corner=any-free",
    "blokus-shuffle players=4 turn=blue phase=open dir=cw\nblue:\nyellow:\nred:\ngreen:",
    "i1 t20", TRUE, "blue: i1:t20" },
  { "open-no-card-step", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=open dir=cw\nblue:\nyellow:\nred:\ngreen:\nhand blue: skip",
    "skip", FALSE, "without a card" },
  { "open-draws-two", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=open dir=cw\nblue:\nyellow:\nred:\ngreen:\ndeck blue: wild skip reverse",
    "i1 a20", TRUE, "deck blue: reverse\nhand blue: wild skip\n" },
  { "open-last-then-blue-plays-card", 4, NULL,
    "blokus-shuffle players=4 turn=green phase=open dir=cw\nblue: i1:a20\nyellow: i1:t20\nred: i1:t1\ngreen:\n"
    "hand blue: skip",
    "i1 a1", TRUE, "turn=blue phase=card" },
  /* placement: corners only with one's own colour */
  { "corner-contact", 4, "cards=false", CLASSIC, "i2 b19,c19", TRUE, "blue: i1:a20 i2:b19,c19" },
  { "edge-contact-own", 4, "cards=false", CLASSIC, "i2 b20,c20", FALSE, "only at the corners" },
  { "no-contact", 4, "cards=false", CLASSIC, "i2 e15,f15", FALSE, "touch another piece of your color" },
  { "overlap", 4, "cards=false", CLASSIC, "i2 a20,b20", FALSE, "already covered" },
  { "off-board-cell", 4, "cards=false", CLASSIC, "i2 u20,v20", FALSE, "not a cell" },
  { "edge-contact-other-colour", 4, "cards=false",
    "blokus-shuffle players=4 turn=blue phase=piece dir=cw\nblue: i1:a20\nyellow: i1:t20 i2:c19,d19\nred: i1:t1\ngreen: i1:a1",
    "v3 b19,b18,c18", TRUE, "blue: i1:a20 v3:b19,b18,c18" },
  { "piece-used-up", 4, "cards=false",
    "blokus-shuffle players=4 turn=blue phase=piece dir=cw\nblue: i1:a20 i2:b19,c19\nyellow: i1:t20\nred: i1:t1\ngreen: i1:a1",
    "i2 d18,e18", FALSE, "no piece 'i2' left" },
  { "wrong-piece-id", 4, "cards=false", CLASSIC, "i3 b19,c19", FALSE, "are piece i2" },
  { "pass-when-able", 4, "cards=false", CLASSIC, "pass", FALSE, "unable to place" },
  { "pass-when-blocked", 4, "cards=false",
    "blokus-shuffle players=4 turn=blue phase=piece dir=cw\nblue: i1:a20\nyellow: i1:t20 i2:b19,c19\nred: i1:t1\ngreen: i1:a1",
    "pass", TRUE, "turn=yellow phase=piece dir=cw passed=blue" },
  { "all-passed-ends", 4, "cards=false",
    "blokus-shuffle players=4 turn=blue phase=piece dir=cw passed=yellow,red,green\nblue: i1:a20\nyellow: i1:t20 i2:b19,c19\nred: i1:t1\ngreen: i1:a1",
    "pass", TRUE, "phase=done" },
  { "placement-resets-passes", 4, "cards=false",
    "blokus-shuffle players=4 turn=blue phase=piece dir=cw passed=yellow,red,green\n" CORNERS,
    "i2 b19,c19", TRUE, "turn=yellow phase=piece dir=cw\n" },
  /* a turn: card (mandatory), piece, draw */
  { "card-is-mandatory", 4, NULL, WITH ("skip"), "i2 b19,c19", FALSE, "must always play a card" },
  { "card-not-in-hand", 4, NULL, WITH ("skip"), "reverse", FALSE, "not in your hand" },
  { "draw-after-piece", 4, NULL,
    WITH ("reverse") "\ndeck blue: wild", "reverse; i2 b19,c19", TRUE, "deck blue:\nhand blue: wild\n" },
  { "empty-hand-skips-card-step", 4, NULL,
    "blokus-shuffle players=4 turn=yellow phase=piece dir=cw\n" CORNERS "\nhand blue: skip",
    "i2 s19,r19", TRUE, "turn=red phase=piece" },
  /* Skip */
  { "skip", 4, NULL, WITH ("skip"), "skip; i2 b19,c19", TRUE, "turn=red phase=piece" },
  { "skip-flag", 4, NULL, WITH ("skip"), "skip", TRUE, "skip=yellow" },
  /* Reverse */
  { "reverse", 4, NULL, WITH ("reverse"), "reverse; i2 b19,c19", TRUE, "turn=green phase=piece dir=ccw" },
  /* Draw 2 */
  { "draw-2-draws", 4, NULL, WITH ("draw-2") "\ndeck blue: wild skip reverse", "draw-2", TRUE,
    "phase=drawn" },
  { "draw-2-play-one-other-under", 4, NULL, WITH ("draw-2") "\ndeck blue: wild skip reverse",
    "draw-2; skip", TRUE, "deck blue: reverse wild\n" },
  { "draw-2-only-drawn", 4, NULL, WITH ("draw-2 recycle") "\ndeck blue: wild skip reverse",
    "draw-2; recycle a20", FALSE, "two cards you drew" },
  { "draw-2-empty-deck", 4, NULL, WITH ("draw-2"), "draw-2", TRUE, "phase=piece" },
  { "draw-2-chain", 4, NULL, WITH ("draw-2") "\ndeck blue: draw-2 skip reverse wild",
    "draw-2; draw-2", TRUE, "deck blue: skip\nhand blue:\ndiscard blue: skip reverse recycle recycle "
    "edge-to-edge edge-to-edge double-play double-play warp draw-2 draw-2\n" },
  { "draw-2-chain-draws-again", 4, NULL, WITH ("draw-2") "\ndeck blue: draw-2 skip reverse wild",
    "draw-2; draw-2", TRUE, "drawn: reverse wild\n" },
  /* Recycle */
  { "recycle-and-replay", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=card dir=cw\nblue: i1:a20 i2:b19,c19\nyellow: i1:t20\nred: i1:t1\ngreen: i1:a1\nhand blue: recycle",
    "recycle c19; i2 b19,b18", TRUE, "blue: i1:a20 i2:b19,b18\n" },
  { "recycle-keep-for-later", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=card dir=cw\nblue: i1:a20 i2:b19,c19\nyellow: i1:t20\nred: i1:t1\ngreen: i1:a1\nhand blue: recycle",
    "recycle c19; i3 b19,c19,d19", TRUE, "blue: i1:a20 i3:b19,c19,d19\n" },
  { "recycle-not-opponents", 4, NULL, WITH ("recycle"), "recycle t20", FALSE, "one of your pieces" },
  { "recycle-must-act", 4, NULL, WITH ("recycle"), "recycle", FALSE, "if you are able" },
  { "recycle-2p-either-colour", 2, NULL,
    "blokus-shuffle players=2 turn=blue phase=card dir=cw\n" CORNERS "\nhand p1: recycle",
    "recycle t1", TRUE, "red:\n" },
  /* Edge to Edge */
  { "edge-to-edge-side", 4, NULL, WITH ("edge-to-edge"), "edge-to-edge; i2 b20,c20", TRUE,
    "blue: i1:a20 i2:b20,c20" },
  { "edge-to-edge-not-corner", 4, NULL, WITH ("edge-to-edge"), "edge-to-edge; i2 b19,c19", FALSE,
    "along the side" },
  { "edge-to-edge-may-option", 4, "edge-to-edge=may-touch-side", WITH ("edge-to-edge"),
    "edge-to-edge; i2 b19,c19", TRUE, "blue: i1:a20 i2:b19,c19" },
  { "edge-to-edge-impossible", 4, NULL,
    "blokus-shuffle players=4 turn=blue phase=card dir=cw\nblue: i1:a20\nyellow: i1:t20 i2:b20,c20\nred: i1:t1 i2:a19,a18\ngreen: i1:a1\nhand blue: edge-to-edge",
    "edge-to-edge; i2 b19,c19", TRUE, "blue: i1:a20 i2:b19,c19" },
  /* Double Play */
  { "double-play", 4, NULL, TWO_GROUPS, "double-play; i2 b19,c19; i3 d18,e18,f18", TRUE,
    "turn=yellow phase=piece" },
  { "double-play-second-step", 4, NULL, TWO_GROUPS, "double-play; i2 b19,c19", TRUE,
    "turn=blue phase=double dir=cw mode=double first=b19" },
  { "double-play-touch-first", 4, NULL, TWO_GROUPS, "double-play; i2 b19,c19; i3 m9,n9,o9", FALSE,
    "touch your first piece" },
  { "double-play-any-own-option", 4, "double-play-contact=any-own-corner", TWO_GROUPS,
    "double-play; i2 b19,c19; i3 m9,n9,o9", TRUE, "i3:m9,n9,o9" },
  /* Wild */
  { "wild-other-colour", 4, NULL, WITH ("wild"), "wild yellow; i2 r19,s19", TRUE,
    "blue: i1:a20 i2:r19,s19" },
  { "wild-own-rules-refused", 4, NULL, WITH ("wild"), "wild yellow; i2 b19,c19", FALSE,
    "rules for Yellow" },
  { "wild-own-colour-refused", 4, NULL, WITH ("wild"), "wild blue", FALSE, "other than" },
  { "wild-own-colour-option", 4, "wild-own-color=true", WITH ("wild"), "wild blue; i2 b19,c19", TRUE,
    "i2:b19,c19" },
  /* Warp */
  { "warp", 4, NULL, YELLOW_TWO, "warp s19 s19,s18; i2 b19,c19", TRUE, "yellow: i1:t20 i2:s19,s18\n" },
  { "warp-needs-corner", 4, NULL, YELLOW_TWO, "warp s19 j10,j11", FALSE, "another legal location" },
  { "warp-not-own", 4, NULL, YELLOW_TWO, "warp a20 j10", FALSE, "opponent's piece" },
  { "warp-lone-piece", 4, NULL, WITH ("warp"), "warp", TRUE, "phase=piece" },
  /* notation */
  { "notation-garbage", 4, "cards=false", CLASSIC, "zz9", FALSE, "not a cell" },
  { "notation-unknown", 4, "cards=false", CLASSIC, "hello a1", FALSE, "unknown piece or card" },
};

/* Blokus Duo (the bundled blokus-duo.yaml): two colours on 14 x 14, purple
 * starting on e10, orange on j5, one colour a player. */
#define DUO_OPEN "blokus-shuffle players=2 turn=purple phase=open dir=cw\npurple:\norange:"
#define DUO "blokus-shuffle players=2 turn=purple phase=piece dir=cw\npurple: i1:e10\norange: i1:j5"
/* purple in the corner a14, its one diagonal b13 taken by orange */
#define DUO_BLOCKED "purple: i1:a14\norange: i1:j5 i2:b13,c13"

static const TwRuleCase duo_cases[] = {
  /* the first piece covers the colour's own start point */
  { "open-covers-start", 2, NULL, DUO_OPEN, "x5 e11,d10,e10,f10,e9", TRUE,
    "turn=orange phase=open dir=cw\npurple: x5:e11,d10,e10,f10,e9\norange:" },
  { "open-not-start", 2, NULL, DUO_OPEN, "i1 a14", FALSE, "colour's start point" },
  { "open-other-colours-start", 2, NULL, DUO_OPEN, "i1 j5", FALSE, "colour's start point" },
  { "open-second-colour", 2, NULL,
    "blokus-shuffle players=2 turn=orange phase=open dir=cw\npurple: i1:e10\norange:",
    "i2 j5,j4", TRUE, "turn=purple phase=piece dir=cw\npurple: i1:e10\norange: i2:j5,j4" },
  { "open-second-not-own-start", 2, NULL,
    "blokus-shuffle players=2 turn=orange phase=open dir=cw\npurple: i1:e10\norange:",
    "i2 e9,e8", FALSE, "colour's start point" },
  /* turns alternate between the two colours, corners only with the own colour */
  { "turns-alternate", 2, NULL, DUO, "i2 f9,g9; i2 k4,l4", TRUE,
    "turn=purple phase=piece dir=cw\npurple: i1:e10 i2:f9,g9\norange: i1:j5 i2:k4,l4" },
  { "second-colour-next", 2, NULL, DUO, "i2 f9,g9", TRUE, "turn=orange phase=piece" },
  { "side-contact-own", 2, NULL, DUO, "i2 e9,e8", FALSE, "only at the corners" },
  { "off-the-14-board", 2, NULL, DUO, "i2 o1,o2", FALSE, "not a cell" },
  /* passing and the end */
  { "pass-when-able", 2, NULL, DUO, "pass", FALSE, "unable to place" },
  { "pass-when-blocked", 2, NULL,
    "blokus-shuffle players=2 turn=purple phase=piece dir=cw\n" DUO_BLOCKED, "pass", TRUE,
    "turn=orange phase=piece dir=cw passed=purple" },
  { "both-passed-ends", 2, NULL,
    "blokus-shuffle players=2 turn=purple phase=piece dir=cw passed=orange\n" DUO_BLOCKED, "pass",
    TRUE, "phase=done" },
  { "placement-resets-passes", 2, NULL,
    "blokus-shuffle players=2 turn=orange phase=piece dir=cw passed=purple\n" DUO_BLOCKED,
    "i3 k4,l4,m4", TRUE, "turn=purple phase=piece dir=cw\n" },
};

/* The Duo table runs on its own definition (tw_test_add_rule_cases takes one
 * table a program, the classic one). */
static void
duo_case_test (gconstpointer data)
{
  tw_test_run_rule_case (duo_def, data, TW_TEST_POSITION_BUILDS);
}

/* A position line placing the given pieces of a colour, packed top-left
 * first without regard to the placement rule (scoring only looks at what
 * is left and what came last). @omit lists piece ids to keep in supply;
 * @last is placed last. */
static void
pack_color (TwGame      *game,
            guint32     *used,
            const char  *color,
            const char  *omit,
            const char  *last,
            GString     *out)
{
  const BsPrep *p = bs_prep (game);
  const TwDefinition *def = game->definition;
  g_auto(GStrv) omitted = g_strsplit (omit, " ", -1);
  gint last_piece = last ? tw_definition_find_piece (def, last) : -1;

  g_string_append_printf (out, "\n%s:", color);
  for (guint step = 0; step <= p->n_pieces; step++)
    {
      gint k = step < p->n_pieces ? (gint) step : last_piece;
      if (k < 0 || (step < p->n_pieces && k == last_piece))
        continue;
      if (g_strv_contains ((const char * const *) omitted, def->pieces[k].id))
        continue;
      gboolean done = FALSE;
      for (guint y = 0; y < p->size && !done; y++)
        for (guint x = 0; x < p->size && !done; x++)
          for (guint og = p->first_orient[k]; og < p->first_orient[k + 1] && !done; og++)
          {
            const BsOrient *or = &p->orients[og];
            if (x + or->w > p->size || y + or->h > p->size)
              continue;
            guint r;
            for (r = 0; r < or->h; r++)
              if (used[y + r] & (or->rows[r] << x))
                break;
            if (r < or->h)
              continue;
            for (r = 0; r < or->h; r++)
              used[y + r] |= or->rows[r] << x;
            g_string_append_printf (out, " %s:", def->pieces[k].id);
            bs_append_cells (game, og, x, y, out);
            done = TRUE;
          }
      g_assert_true (done);
    }
}

/* The rulebook's advanced-scoring example: blue placed every piece, the
 * monomino last: +20. Red could not place 1 three-square piece, 4
 * four-square pieces and 1 five-square piece: -24. Green: 1 three, 3 four,
 * 1 five: -20. */
static void
test_advanced_scoring_example (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 4, "scoring=advanced");
  g_autoptr(GString) text = g_string_new ("blokus-shuffle players=4 turn=blue phase=piece dir=cw");
  guint32 used[BS_MAX_SIZE] = { 0 };
  double scores[4];
  guint rank[4];

  pack_color (game, used, "blue", "", "i1", text);
  pack_color (game, used, "yellow", "i5 l5 n5 p5", NULL, text);
  pack_color (game, used, "red", "v3 i4 o4 t4 l4 x5", NULL, text);
  pack_color (game, used, "green", "i3 i4 o4 t4 f5", NULL, text);
  g_autofree TwState *state = tw_test_make_position (game, text->str, TW_TEST_POSITION_BUILDS);
  g_autoptr(GString) why = g_string_new (NULL);
  g_assert_true (game->rules->check (game, state, why));

  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[0], ==, 20);
  g_assert_cmpfloat (scores[2], ==, -24);
  g_assert_cmpfloat (scores[3], ==, -20);
  g_assert_cmpfloat (scores[1], ==, -20);
  game->rules->ranking (game, state, rank);
  g_assert_cmpuint (rank[0], ==, 0);
  g_assert_cmpuint (rank[2], ==, 3);
  g_assert_cmpuint (rank[3], ==, 1);

  /* basic scoring counts the squares left: fewest wins */
  g_autoptr(TwGame) basic = tw_test_make_game (bundled_def, 4, NULL);
  g_autofree TwState *b = tw_test_make_position (basic, text->str, TW_TEST_POSITION_BUILDS);
  basic->rules->scores (basic, b, scores);
  g_assert_cmpfloat (scores[0], ==, 0);
  g_assert_cmpfloat (scores[2], ==, 24);
  basic->rules->ranking (basic, b, rank);
  g_assert_cmpuint (rank[0], ==, 0);
  g_assert_cmpuint (rank[2], ==, 3);
}

/* +5 only when the monomino came last; with only-if-all-placed it also
 * needs every piece on the board. */
static void
test_monomino_bonus (void)
{
  g_autoptr(GString) text = g_string_new ("blokus-shuffle players=4 turn=blue phase=piece dir=cw");
  guint32 used[BS_MAX_SIZE] = { 0 };
  double scores[4];

  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 4, "scoring=advanced");
  pack_color (game, used, "blue", "i5", "i1", text);
  pack_color (game, used, "yellow", "i1", NULL, text);
  g_string_append (text, "\nred:\ngreen:");
  g_autofree TwState *state = tw_test_make_position (game, text->str, TW_TEST_POSITION_BUILDS);
  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[0], ==, -5 + 5);
  g_assert_cmpfloat (scores[1], ==, -1);

  g_autoptr(TwGame) strict = tw_test_make_game (bundled_def, 4, "scoring=advanced monomino-bonus=only-if-all-placed");
  g_autofree TwState *s2 = tw_test_make_position (strict, text->str, TW_TEST_POSITION_BUILDS);
  strict->rules->scores (strict, s2, scores);
  g_assert_cmpfloat (scores[0], ==, -5);
}

/* 2 players: each scores the worse of their two colours (8 blue squares
 * left and 22 red: 22). */
static void
test_two_player_worse_colour (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 2, NULL);
  g_autoptr(GString) text = g_string_new ("blokus-shuffle players=2 turn=blue phase=piece dir=cw");
  guint32 used[BS_MAX_SIZE] = { 0 };
  double scores[2];
  guint rank[2];

  pack_color (game, used, "blue", "i3 p5", NULL, text);
  pack_color (game, used, "yellow", "i5 i4 i3", NULL, text);
  pack_color (game, used, "red", "i2 f5 i5 l5 n5", NULL, text);
  pack_color (game, used, "green", "i1", NULL, text);
  g_autofree TwState *state = tw_test_make_position (game, text->str, TW_TEST_POSITION_BUILDS);
  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[0], ==, 22);
  g_assert_cmpfloat (scores[1], ==, 12);
  game->rules->ranking (game, state, rank);
  g_assert_cmpuint (rank[1], ==, 0);
  g_assert_cmpuint (rank[0], ==, 1);
  /* seats: blue and red are seat 1, yellow and green seat 2 */
  g_assert_cmpint (tw_state_to_act (game, state), ==, 0);
}

/* 63 fixed orientations of the 12 pentominoes, 91 for the 21-piece set;
 * 89 squares per colour. */
static void
test_orientation_counts (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 4, NULL);
  const BsPrep *p = bs_prep (game);
  guint pent = 0;

  g_assert_cmpuint (p->n_pieces, ==, 21);
  g_assert_cmpuint (p->n_orients, ==, 91);
  for (guint k = 0; k < p->n_pieces; k++)
    if (p->squares[k] == 5)
      pent += p->first_orient[k + 1] - p->first_orient[k];
  g_assert_cmpuint (pent, ==, 63);
  g_assert_cmpuint (p->total_squares, ==, 89);
  g_assert_cmpuint (p->n_cards, ==, 14);
  g_assert_cmpint (p->monomino, ==, 0);
  /* the opening: 58 distinct first moves cover a corner on the empty board
   * (every orientation of every piece with a cell on the corner) */
  g_autofree TwState *state = tw_state_new (game, 1);
  TwMoveList moves;
  tw_move_list_init (&moves);
  game->rules->legal_moves (game, state, &moves);
  guint expect = 0;
  for (guint og = 0; og < p->n_orients; og++)
    expect += (p->orients[og].rows[0] & 1) != 0;
  g_assert_cmpuint (moves.len, ==, expect);
  g_assert_cmpuint (moves.len, ==, 58);
  tw_move_list_free (&moves);
}

/* 3 players: the shared colour (green) is played by seats 1, 2, 3, 1, ...
 * in turn, starting with the opening; its score is ignored. */
static void
test_three_player_shared (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 3, "cards=false");
  g_autofree TwState *state = tw_state_new (game, 7);
  g_autoptr(GString) why = g_string_new (NULL);
  BsState *s = (BsState *) state;
  TwMoveList moves;
  guint green_turn = 0;
  TwRng rng;

  tw_rng_seed (&rng, 3);
  tw_move_list_init (&moves);
  for (guint turn = 0; turn < 24 && tw_state_to_act (game, state) >= 0; turn++)
    {
      int seat = tw_state_to_act (game, state);
      if (s->color == 3)
        {
          g_assert_cmpint (seat, ==, green_turn % 3);
          green_turn++;
        }
      else
        g_assert_cmpint (seat, ==, s->color);
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      g_assert_true (game->rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)], why));
    }
  g_assert_cmpuint (green_turn, >=, 5);
  tw_move_list_free (&moves);

  /* the shared colour may be another by option */
  g_autoptr(TwGame) g1 = tw_test_make_game (bundled_def, 3, "cards=false shared-color=1");
  g_autofree TwState *s1 = tw_state_new (g1, 1);
  g_assert_cmpint (tw_state_to_act (g1, s1), ==, 0);   /* blue, shared, opened by seat 1 */
  g_assert_true (tw_test_play_moves (g1, s1, "i1 a20", why));
  g_assert_cmpint (tw_state_to_act (g1, s1), ==, 0);   /* yellow is seat 1's own */

  /* score: the shared colour is ignored */
  g_autoptr(GString) text = g_string_new ("blokus-shuffle players=3 turn=blue phase=piece dir=cw shared-turns=0");
  guint32 used[BS_MAX_SIZE] = { 0 };
  double scores[3];
  pack_color (game, used, "blue", "i1", NULL, text);
  pack_color (game, used, "yellow", "i2", NULL, text);
  pack_color (game, used, "red", "i3", NULL, text);
  g_string_append (text, "\ngreen:");
  g_autofree TwState *end = tw_test_make_position (game, text->str, TW_TEST_POSITION_BUILDS);
  game->rules->scores (game, end, scores);
  g_assert_cmpfloat (scores[0], ==, 1);
  g_assert_cmpfloat (scores[1], ==, 2);
  g_assert_cmpfloat (scores[2], ==, 3);
}

/* The 2-player merged deck: blue and red play from one hand. */
static void
test_two_player_deck (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 2, NULL);
  g_autofree TwState *state = tw_state_new (game, 11);
  BsState *s = (BsState *) state;
  g_autoptr(GString) why = g_string_new (NULL);

  g_assert_cmpuint (s->deck_len[0], ==, 28);
  g_assert_cmpuint (s->deck_len[1], ==, 28);
  g_assert_cmpuint (s->deck_len[2], ==, 0);
  g_assert_true (tw_test_play_moves (game, state, "i1 a20; i1 t20; i1 t1; i1 a1", why));
  /* two cards each, drawn by the first colour of each deck */
  g_assert_cmpuint (s->hand_len[0], ==, 2);
  g_assert_cmpuint (s->hand_len[1], ==, 2);
  g_assert_cmpuint (s->phase, ==, BS_PHASE_CARD);
  g_assert_true (game->rules->check (game, state, why));

  g_autoptr(TwGame) per = tw_test_make_game (bundled_def, 2, "two-player-deck=per-color");
  g_autofree TwState *s2 = tw_state_new (per, 11);
  g_assert_true (tw_test_play_moves (per, s2, "i1 a20; i1 t20; i1 t1; i1 a1", why));
  for (guint c = 0; c < 4; c++)
    g_assert_cmpuint (((BsState *) s2)->hand_len[c], ==, 2);
}

/* observe() hides other hands and deck order but keeps what the player sees. */
static void
test_observe (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 4, NULL);
  g_autofree TwState *state = tw_state_new (game, 5);
  g_autoptr(GString) why = g_string_new (NULL);
  TwRng rng;

  g_assert_true (tw_test_play_moves (game, state, "i1 a20; i1 t20; i1 t1; i1 a1", why));
  tw_rng_seed (&rng, 9);
  for (guint i = 0; i < 20; i++)
    {
      g_autofree TwState *copy = tw_state_copy (game, state);
      game->rules->observe (game, copy, 0, &rng);
      g_assert_true (game->rules->check (game, copy, why));
      g_assert_cmpmem (((BsState *) copy)->hand[0], 2, ((BsState *) state)->hand[0], 2);
      g_assert_cmpmem (((BsState *) copy)->occ, sizeof ((BsState *) copy)->occ,
                       ((BsState *) state)->occ, sizeof ((BsState *) state)->occ);
    }
}

/* Illegal moves leave the state exactly as it was. */
static void
test_illegal_leaves_state (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (bundled_def, 4, NULL);
  g_autofree TwState *state = tw_test_make_position (game, YELLOW_TWO, TW_TEST_POSITION_BUILDS);
  g_autofree TwState *before = tw_state_copy (game, state);
  g_autoptr(GString) why = g_string_new (NULL);
  static const char * const bad[] = { "i2 b19,c19", "warp s19 j10,j11", "warp", "pass", "skip",
                                      "warp t20 s19" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      TwMove m;
      g_string_truncate (why, 0);
      if (game->rules->move_from_text (game, state, bad[i], &m, why))
        g_assert_false (game->rules->apply (game, state, &m, why));
      g_assert_true (memcmp (state, before, game->state_size) == 0);
    }
}

/* Random games: check() after every move, copy hash, move notation round
 * trip, position notation round trip every few moves. */
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

          if (n % 7 == 0)
            {
              g_autofree char *pos = NULL;
              g_autofree TwState *copy = tw_test_position_round_trip (game, state, &pos, why);
              if (!game->rules->check (game, copy, why))
                g_error ("position read back fails check: %s\n%s", why->str, pos);
            }

          g_string_truncate (why, 0);
          if (!game->rules->apply (game, state, m, why))
            g_error ("generated move '%s' refused: %s", text, why->str);
          if (!game->rules->check (game, state, why))
            g_error ("game %u move %u (%s), options '%s': %s", g, n, text, options ? options : "", why->str);
          g_autofree TwState *copy = tw_state_copy (game, state);
          g_assert_cmpuint (game->rules->hash (game, copy), ==, game->rules->hash (game, state));
          n++;
          g_assert_cmpuint (n, <, 3000);
        }
    }
  tw_move_list_free (&moves);
}

static void
test_random_classic (void)
{
  for (guint players = 2; players <= 4; players++)
    random_games (bundled_def, players, "cards=false", 12, players);
}

static void
test_random_cards (void)
{
  for (guint players = 2; players <= 4; players++)
    random_games (bundled_def, players, NULL, 12, 10 + players);
}

static void
test_random_variants (void)
{
  static const char * const variants[] = {
    "scoring=advanced monomino-bonus=only-if-all-placed",
    "start-corner=any-free",
    "two-player-deck=per-color",
    "shared-color=1",
    "edge-to-edge=may-touch-side",
    "wild-own-color=true",
    "double-play-contact=any-own-corner",
    "cards=false start-corner=any-free",
  };
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint players = 2; players <= 4; players++)
      random_games (bundled_def, players, variants[v], 3, 100 + v * 10 + players);
}

static void
test_random_small_board (void)
{
  for (guint players = 2; players <= 4; players++)
    {
      random_games (small_def, players, NULL, 10, 50 + players);
      random_games (small_def, players, "cards=false", 10, 60 + players);
    }
}

/* Blokus Duo scores as classic Blokus: squares left, fewest wins (purple
 * kept i5 and l5: 10; orange placed all: 0); advanced: -1 a square, +15 all
 * placed (its last piece is not the monomino); Pentobi's final_score counts
 * the squares placed with the bonuses: 79 against 89 + 15, "W+25". */
static void
test_duo_scoring (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (duo_def, 2, NULL);
  g_autoptr(GString) text = g_string_new ("blokus-shuffle players=2 turn=purple phase=done dir=cw");
  g_autoptr(GString) pentobi = g_string_new (NULL);
  guint32 used[BS_MAX_SIZE] = { 0 };
  double scores[2];
  guint rank[2];

  pack_color (game, used, "purple", "i5 l5", NULL, text);
  pack_color (game, used, "orange", "", NULL, text);
  g_autofree TwState *state = tw_test_make_position (game, text->str, TW_TEST_POSITION_CHECKED);
  g_assert_true (tw_state_is_terminal (game, state));
  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[0], ==, 10);
  g_assert_cmpfloat (scores[1], ==, 0);
  game->rules->ranking (game, state, rank);
  g_assert_cmpuint (rank[1], ==, 0);
  g_assert_cmpuint (rank[0], ==, 1);
  game->rules->foreign_final_score (game, state, pentobi);
  g_assert_cmpstr (pentobi->str, ==, "W+25");

  g_autoptr(TwGame) advanced = tw_test_make_game (duo_def, 2, "scoring=advanced");
  g_autofree TwState *a = tw_test_make_position (advanced, text->str, TW_TEST_POSITION_CHECKED);
  advanced->rules->scores (advanced, a, scores);
  g_assert_cmpfloat (scores[0], ==, -10);
  g_assert_cmpfloat (scores[1], ==, 15);
}

/* The text of the bundled blokus-duo.yaml with @from (present once) made @to. */
static GString *
duo_text_with (const char *from,
               const char *to)
{
  g_autofree char *path = tw_definition_bundled_path ("blokus-duo");
  g_autofree char *text = NULL;
  GString *yaml;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  yaml = g_string_new (text);
  g_assert_cmpuint (g_string_replace (yaml, from, to, 1), ==, 1);
  return yaml;
}

/* The colours are the definition's: two need two start cells and two
 * seats; three colours are no Blokus game. */
static void
test_duo_bad_definitions (void)
{
  static const struct { const char *from, *to, *says; } cases[] = {
    { "  starts: [e10, j5]", "  starts: [e10, j5, a1, n1]", "board.starts lists 4 cells" },
    { "players: {min: 2, max: 2}", "players: {min: 2, max: 4}", "one colour each" },
    { "  - {id: orange", "  - {id: teal, name: Teal, rgb: \"#008080\"}\n  - {id: orange",
      "this file has 3" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) bad = duo_text_with (cases[i].from, cases[i].to);
      g_autoptr(GError) error = NULL;
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("bad.yaml");

      TwDefinition *def = tw_definition_load_data (bad->str, -1, "bad.yaml", diags, &error);
      g_assert_null (def);
      g_autofree char *report = tw_diagnostics_to_string (diags);
      if (strstr (report, cases[i].says) == NULL)
        g_error ("case %u: '%s' does not say '%s'", i, report, cases[i].says);
    }
}

static void
test_random_duo (void)
{
  random_games (duo_def, 2, NULL, 12, 70);
  random_games (duo_def, 2, "scoring=advanced start-corner=any-free", 6, 71);
}

/* The action cards with two colours: each colour its own deck (the merged
 * deck of two seats is then the colour's), every card kind in play. */
static void
test_random_duo_cards (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) yaml = duo_text_with ("variant:\n", "cards:\n"
                                           "  - {id: skip, kind: skip, count: 2}\n"
                                           "  - {id: reverse, kind: reverse, count: 2}\n"
                                           "  - {id: draw-2, kind: draw-2, count: 2}\n"
                                           "  - {id: recycle, kind: recycle, count: 2}\n"
                                           "  - {id: edge-to-edge, kind: edge-to-edge, count: 2}\n"
                                           "  - {id: double-play, kind: double-play, count: 2}\n"
                                           "  - {id: wild, kind: wild, count: 1}\n"
                                           "  - {id: warp, kind: warp, count: 1}\n"
                                           "variant:\n");
  g_autoptr(TwDefinition) def = tw_definition_load_data (yaml->str, -1, "duo-cards.yaml", NULL,
                                                         &error);
  g_assert_no_error (error);
  random_games (def, 2, "cards=true", 12, 72);
  random_games (def, 2, "cards=true two-player-deck=per-color wild-own-color=true", 6, 73);
}

/* Bad board sections are reported at their position. */
static void
test_bad_board (void)
{
  g_autofree char *path = tw_definition_bundled_path ("blokus-shuffle");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  GString *bad = g_string_new (text);
  g_string_replace (bad, "  size: 20", "  size: 40", 1);
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("bad.yaml");
  TwDefinition *def = tw_definition_load_data (bad->str, -1, "bad.yaml", diags, &error);
  g_assert_null (def);
  g_assert_nonnull (error);
  g_string_free (bad, TRUE);

  g_clear_error (&error);
  bad = g_string_new (text);
  g_string_replace (bad, "  size: 20", "  size: 20\n  starts: [a20, t20, t1, z9]", 1);
  g_autoptr(TwDiagnostics) d2 = tw_diagnostics_new ("bad2.yaml");
  def = tw_definition_load_data (bad->str, -1, "bad2.yaml", d2, &error);
  g_assert_null (def);
  g_assert_nonnull (strstr (error->message, "z9"));
  g_string_free (bad, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  bundled_def = tw_test_load_bundled ("blokus-shuffle");
  small_def = tw_test_load_data_file ("blokus-shuffle-small.yaml");
  duo_def = tw_test_load_bundled ("blokus-duo");

  tw_test_add_rule_cases ("/tw/blokus-shuffle/rule", bundled_def, rule_cases, G_N_ELEMENTS (rule_cases),
                          TW_TEST_POSITION_BUILDS);
  for (guint i = 0; i < G_N_ELEMENTS (duo_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/tw/blokus-shuffle/duo/%s", duo_cases[i].name);
      g_test_add_data_func (path, &duo_cases[i], duo_case_test);
    }
  g_test_add_func ("/tw/blokus-shuffle/duo-scoring", test_duo_scoring);
  g_test_add_func ("/tw/blokus-shuffle/duo-bad-definitions", test_duo_bad_definitions);
  g_test_add_func ("/tw/blokus-shuffle/random/duo", test_random_duo);
  g_test_add_func ("/tw/blokus-shuffle/random/duo-cards", test_random_duo_cards);
  g_test_add_func ("/tw/blokus-shuffle/advanced-scoring-example", test_advanced_scoring_example);
  g_test_add_func ("/tw/blokus-shuffle/monomino-bonus", test_monomino_bonus);
  g_test_add_func ("/tw/blokus-shuffle/two-player-worse-colour", test_two_player_worse_colour);
  g_test_add_func ("/tw/blokus-shuffle/orientation-counts", test_orientation_counts);
  g_test_add_func ("/tw/blokus-shuffle/three-player-shared", test_three_player_shared);
  g_test_add_func ("/tw/blokus-shuffle/two-player-deck", test_two_player_deck);
  g_test_add_func ("/tw/blokus-shuffle/observe", test_observe);
  g_test_add_func ("/tw/blokus-shuffle/illegal-leaves-state", test_illegal_leaves_state);
  g_test_add_func ("/tw/blokus-shuffle/bad-board", test_bad_board);
  g_test_add_func ("/tw/blokus-shuffle/random/classic", test_random_classic);
  g_test_add_func ("/tw/blokus-shuffle/random/cards", test_random_cards);
  g_test_add_func ("/tw/blokus-shuffle/random/variants", test_random_variants);
  g_test_add_func ("/tw/blokus-shuffle/random/small-board", test_random_small_board);

  int ret = g_test_run ();
  tw_definition_unref (bundled_def);
  tw_definition_unref (small_def);
  tw_definition_unref (duo_def);
  return ret;
}
