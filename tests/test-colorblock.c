/* test-colorblock.c: Colorblock's rules, one case per rule, in the notation
 *
 * Positions and moves are written in the notation of doc/notation.md. Each
 * case builds a position, plays moves, and checks that the last move is legal
 * or illegal (with the reason), and what the position looks like after it.
 * The positions use tests/data-files/colorblock-test.yaml, a tile set made
 * so that shapes are easy to build; the random-game properties also run on
 * the bundled data/games/colorblock.yaml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-game.h"
#include "tw-test-rules.h"
#include "games/colorblock/cb-private.h"

static TwDefinition *test_def;
static TwDefinition *bundled_def;

#define EMPTY2 "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fg fb q q\nshared:\nprivate1:\nprivate2:\ngoals:"
#define FR_AT_ORIGIN "colorblock players=2 phase=place to-act=1 tile=h\ndeck: fg fb\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals:"
#define PRIVATE_ROW "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fg fb\nshared: fr@0,0r0\nprivate1: fr@0,0r0 fr@1,0r0 fr@2,0r0\nprivate2:\ngoals:"
#define EIGHT_PRIVATE "private1: fr@0,0r0 fr@1,0r0 fr@2,0r0 fr@0,1r0 fr@1,1r0 fr@2,1r0 fr@0,2r0 fr@1,2r0\nprivate2:\ngoals:"
/* the green ring of doc/rules/colorblock.md: a closed green shape around an empty cell */
#define RING "h@0,0r3 band@1,0r0 h@2,0r0 band@2,1r1 h@2,2r1 band@1,2r0 h@0,2r2 band@0,1r1"

static const TwRuleCase rule_cases[] = {
  /* placement */
  { "first-tile-at-origin", 2, NULL, EMPTY2, "S 0,0 r0", TRUE, "shared: fr@0,0r0" },
  { "first-tile-elsewhere", 2, NULL, EMPTY2, "S 2,1 r0", FALSE, "first tile" },
  { "first-private-tile", 2, NULL, EMPTY2, "P 0,0 r3", TRUE, "private1: fr@0,0r3" },
  { "edges-match", 2, NULL, FR_AT_ORIGIN, "S 1,0 r2", TRUE, "h@1,0r2" },
  { "edges-match-other-rotation", 2, NULL, FR_AT_ORIGIN, "S 1,0 r3", TRUE, "h@1,0r3" },
  { "edges-mismatch", 2, NULL, FR_AT_ORIGIN, "S 1,0 r0", FALSE, "colours must match" },
  { "not-attached", 2, NULL, FR_AT_ORIGIN, "S 3,0 r2", FALSE, "at least one edge attached" },
  { "diagonal-is-not-attached", 2, NULL, FR_AT_ORIGIN, "S 1,1 r2", FALSE, "at least one edge attached" },
  { "occupied", 2, NULL, FR_AT_ORIGIN, "S 0,0 r0", FALSE, "already holds" },
  { "rotation-off-refuses-turns", 2, "rotation=false", FR_AT_ORIGIN, "S 1,0 r2", FALSE, "rotation" },
  { "rotation-off-upright-fits", 2, "rotation=false", FR_AT_ORIGIN, "S -1,0 r0", TRUE, "h@-1,0r0" },
  { "tile-id-checked", 2, NULL, FR_AT_ORIGIN, "fg S 1,0 r2", FALSE, "the tile to play is h" },
  { "private-footprint-3x3", 2, NULL, PRIVATE_ROW, "P 3,0 r0", FALSE, "3x3" },
  { "private-footprint-other-side", 2, NULL, PRIVATE_ROW, "P -1,0 r0", FALSE, "3x3" },
  { "private-inside-footprint", 2, NULL, PRIVATE_ROW, "P 0,1 r0", TRUE, "fr@0,1r0" },
  { "private-footprint-option", 2, "private-board-size=4", PRIVATE_ROW, "P 3,0 r0", TRUE, "fr@3,0r0" },
  /* must play if able, else discard and draw again */
  { "unplayable-drawn-tile-discarded", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fg fr\nshared: fr@0,0r0\nprivate1:\nprivate2: fr@0,0r0\ngoals:",
    "S 1,0 r0", TRUE, "to-act=2 tile=fr\ndeck:\n" },
  /* goals, claimed by the placer the moment they are met */
  { "goal-size-claimed", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared: q@0,0r0\nprivate1:\nprivate2:\ngoals: size-2",
    "S 1,0 r0", TRUE, "goals: size-2=1" },
  { "goal-size-exact", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared: q@0,0r0\nprivate1:\nprivate2:\ngoals: size-4",
    "S 1,0 r0", TRUE, "goals: size-4\n" },
  { "goal-size-at-least", 2, "goal-size-exact=false",
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared: q@0,0r0\nprivate1:\nprivate2:\ngoals: size-2",
    "S 1,0 r0", TRUE, "goals: size-2=1" },
  { "goal-on-own-private-board", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared:\nprivate1: q@0,0r0\nprivate2:\ngoals: size-2",
    "P 1,0 r0", TRUE, "goals: size-2=1" },
  { "goal-shared-only-option", 2, "goal-boards=shared-only",
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared:\nprivate1: q@0,0r0\nprivate2:\ngoals: size-2",
    "P 1,0 r0", TRUE, "goals: size-2\n" },
  { "goal-card-names-shared-board", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared:\nprivate1: q@0,0r0\nprivate2:\ngoals: size-2-shared",
    "P 1,0 r0", TRUE, "goals: size-2-shared\n" },
  { "goal-pictured-shape", 2, NULL,
    "colorblock players=2 phase=place to-act=2 tile=q\ndeck: fr\nshared: h@0,0r3 q@1,0r0\nprivate1:\nprivate2:\ngoals: elbow",
    "S 0,1 r1", TRUE, "goals: elbow=2" },
  { "goal-colour-shape-size", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=h\ndeck: fr\nshared: h@0,0r3 h@1,0r0 h@0,1r2\nprivate1:\nprivate2:\ngoals: green-4",
    "S 1,1 r1", TRUE, "goals: green-4=1" },
  { "goal-private-shape-size", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared:\nprivate1: h@0,0r3 q@1,0r0\nprivate2:\ngoals: home",
    "P 0,1 r1", TRUE, "goals: home=1" },
  { "goal-private-all-colours", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=qb\ndeck: fr\nshared:\nprivate1: q@0,0r0 q@0,1r0 q@1,0r0 qb@2,0r0\nprivate2:\ngoals: palette",
    "P 2,1 r0", TRUE, "goals: palette=1" },
  { "goal-island", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fg\nshared: " RING "\nprivate1:\nprivate2:\ngoals: island",
    "S 1,1 r0", TRUE, "goals: island=1" },
  { "goal-first-to-score", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals: first-red",
    "S 1,0 r0; color red", TRUE, "goals: first-red=1" },
  /* goals written as expressions: the same positions, the same claims */
  { "expr-goal-size-claimed", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared: q@0,0r0\nprivate1:\nprivate2:\ngoals: x-size-2",
    "S 1,0 r0", TRUE, "goals: x-size-2=1" },
  { "expr-goal-size-exact", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared: q@0,0r0\nprivate1:\nprivate2:\ngoals: x-size-4",
    "S 1,0 r0", TRUE, "goals: x-size-4\n" },
  { "expr-goal-size-states-its-own-reading", 2, "goal-size-exact=false",
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared: q@0,0r0\nprivate1:\nprivate2:\ngoals: x-size-4",
    "S 1,0 r0", TRUE, "goals: x-size-4\n" },
  { "expr-goal-on-own-private-board", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared:\nprivate1: q@0,0r0\nprivate2:\ngoals: x-size-2",
    "P 1,0 r0", TRUE, "goals: x-size-2=1" },
  { "expr-goal-colour-shape-size", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=h\ndeck: fr\nshared: h@0,0r3 h@1,0r0 h@0,1r2\nprivate1:\nprivate2:\ngoals: x-green-4",
    "S 1,1 r1", TRUE, "goals: x-green-4=1" },
  { "expr-goal-private-shape-size", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared:\nprivate1: h@0,0r3 q@1,0r0\nprivate2:\ngoals: x-home",
    "P 0,1 r1", TRUE, "goals: x-home=1" },
  { "expr-goal-private-all-colours", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=qb\ndeck: fr\nshared:\nprivate1: q@0,0r0 q@0,1r0 q@1,0r0 qb@2,0r0\nprivate2:\ngoals: x-palette",
    "P 2,1 r0", TRUE, "goals: x-palette=1" },
  { "expr-goal-private-all-colours-not-yet", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=qb\ndeck: fr\nshared:\nprivate1: q@0,0r0 q@0,1r0 q@1,0r0 qb@2,0r0\nprivate2:\ngoals: x-palette",
    "S 0,0 r0", TRUE, "goals: x-palette\n" },
  { "expr-goal-island", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fg\nshared: " RING "\nprivate1:\nprivate2:\ngoals: x-island",
    "S 1,1 r0", TRUE, "goals: x-island=1" },
  /* the end: the ninth private tile, a last turn for everyone else */
  { "ninth-private-tile-ends", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fr fr fr\nshared:\n" EIGHT_PRIVATE,
    "P 2,2 r0", TRUE, "phase=choose to-act=1" },
  { "others-get-one-last-turn", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fr fr fr\nshared:\n" EIGHT_PRIVATE,
    "P 2,2 r0; color red", TRUE, "phase=place to-act=2" },
  { "last-turn-then-score", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fr fr fr\nshared:\n" EIGHT_PRIVATE,
    "P 2,2 r0; color red; S 0,0 r0", TRUE, "phase=choose to-act=2" },
  { "no-placing-when-choosing", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fr fr fr\nshared:\n" EIGHT_PRIVATE,
    "P 2,2 r0; S 0,0 r0", FALSE, "choose a colour" },
  { "tiles-out-in-last-turns", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared:\n" EIGHT_PRIVATE,
    "P 2,2 r0; color red", TRUE, "phase=choose to-act=2" },
  { "tiles-out-reshuffle-option", 3, "final-turn-without-tiles=reshuffle-discards",
    "colorblock players=3 phase=place to-act=1 tile=fr\ndeck:\nshared:\n"
    "private1: fr@0,0r0 fr@1,0r0 fr@2,0r0 fr@0,1r0 fr@1,1r0 fr@2,1r0 fr@0,2r0 fr@1,2r0\nprivate2:\nprivate3:\ngoals:",
    "P 2,2 r0; color red", TRUE, "phase=place to-act=2" },
  { "tiles-out-everyone-scores-from-last-placer", 3, NULL,
    "colorblock players=3 phase=place to-act=2 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\nprivate3:\ngoals:",
    "S 1,0 r0", TRUE, "phase=choose to-act=2" },
  { "colour-chosen-once", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals:",
    "S 1,0 r0; color red; color red", TRUE, "chosen: 1=red 2=red" },
  { "unknown-colour", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals:",
    "S 1,0 r0; color purple", FALSE, "expected 'color ID'" },
  /* ties: the lightning round */
  { "lightning-round", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals:",
    "S 1,0 r0; color red; color red", TRUE, "phase=lightning to-act=1" },
  { "lightning-needs-new-colour", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals:",
    "S 1,0 r0; color red; color red; color red", FALSE, "already scored" },
  { "lightning-third-colour-automatic", 2, NULL,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals:",
    "S 1,0 r0; color red; color red; color green; color blue", TRUE, "phase=done" },
  { "tie-stands-option", 2, "tie-break=shared-win",
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\nprivate1:\nprivate2:\ngoals:",
    "S 1,0 r0; color red; color red", TRUE, "phase=done" },
  /* expert draft */
  { "draft-pick", 2, "expert-draft=true",
    "colorblock players=2 phase=draft to-act=1 dealer=1\ndraft: fr fg fb\ndeck: fr fr fr fg\nshared:\nprivate1:\nprivate2:\ngoals:",
    "pick 2 fg S 0,0 r0", TRUE, "to-act=2" },
  { "draft-next-dealer", 2, "expert-draft=true",
    "colorblock players=2 phase=draft to-act=1 dealer=1\ndraft: fr fg fb\ndeck: fr fr fr fg\nshared:\nprivate1:\nprivate2:\ngoals:",
    "pick 2 fg S 0,0 r0; pick 1 fr P 0,0 r0", TRUE, "to-act=2 dealer=2\ndeck: fg\n" },
  { "draft-discard-only-unplayable", 2, "expert-draft=true",
    "colorblock players=2 phase=draft to-act=1 dealer=1\ndraft: fr fg fb\ndeck: fr fr fr fg\nshared:\nprivate1:\nprivate2:\ngoals:",
    "pick 1 discard", FALSE, "must play" },
  { "draft-too-few-tiles-ends", 2, "expert-draft=true",
    "colorblock players=2 phase=draft to-act=1 dealer=1\ndraft: fr fg fb\ndeck: fr fr\nshared:\nprivate1:\nprivate2:\ngoals:",
    "pick 2 fg S 0,0 r0; pick 1 fr P 0,0 r0", TRUE, "phase=choose" },
  { "draft-no-such-slot", 2, "expert-draft=true",
    "colorblock players=2 phase=draft to-act=1 dealer=1\ndraft: fr fg fb\ndeck: fr fr\nshared:\nprivate1:\nprivate2:\ngoals:",
    "pick 4 S 0,0 r0", FALSE, "no tile 4" },
  /* notation */
  { "notation-garbage", 2, NULL, FR_AT_ORIGIN, "S 1", FALSE, "expected" },
  { "notation-bad-rotation", 2, NULL, FR_AT_ORIGIN, "S 1,0 r7", FALSE, "rotation is" },
};

/* The rulebook's worked example: Albee chooses green with 2 completed green
 * shapes on the private board and 3 on the shared board: 2 x 3 = 6. */
static void
test_worked_example (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, "goals=false");
  g_autofree TwState *state = tw_test_make_position (game,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\n"
    "shared: q@0,0r0 q@1,0r0 q@2,0r0 q@3,0r0\n"
    "private1: q@0,0r0 q@1,0r0 q@2,0r0\nprivate2:\ngoals:", TW_TEST_POSITION_BUILDS);
  CbState *s = (CbState *) state;
  g_autoptr(GString) why = g_string_new (NULL);
  double scores[2];

  g_assert_cmpuint (s->done_private[0][1], ==, 2);
  g_assert_cmpuint (s->done_shared[1], ==, 3);
  /* the last tile: the stack is empty, so everyone scores, Albee first */
  g_assert_true (tw_test_play_moves (game, state, "S 0,-1 r0; color green", why));
  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[0], ==, 6);
  g_assert_true (tw_test_play_moves (game, state, "color blue", why));
  g_assert_cmpint (tw_state_to_act (game, state), ==, -1);
  game->rules->scores (game, state, scores);
  g_assert_cmpfloat (scores[1], ==, 0);
  guint rank[2];
  game->rules->ranking (game, state, rank);
  g_assert_cmpuint (rank[0], ==, 0);
  g_assert_cmpuint (rank[1], ==, 1);
}

/* The stages told at the table: none in the ordinary course; the end (the
 * last tile placed: everyone chooses a colour); a lightning round for a tie
 * at the top; none once the game is over. */
static void
test_stage_text (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\nshared: fr@0,0r0\n"
    "private1:\nprivate2:\ngoals:", TW_TEST_POSITION_BUILDS);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *before = game->rules->stage_text (game, state);
  g_autofree char *end = NULL;
  g_autofree char *lightning = NULL;
  g_autofree char *over = NULL;

  g_assert_null (before);
  g_assert_true (tw_test_play_moves (game, state, "S 1,0 r0", why));
  end = game->rules->stage_text (game, state);
  g_assert_cmpstr (end, ==, "The end: everyone chooses a colour to score.");
  g_assert_true (tw_test_play_moves (game, state, "color red; color red", why));
  lightning = game->rules->stage_text (game, state);
  g_assert_nonnull (lightning);
  g_assert_true (g_str_has_prefix (lightning, "Lightning round 1:"));
  g_assert_true (tw_test_play_moves (game, state, "color green; color blue", why));
  g_assert_cmpint (tw_state_to_act (game, state), ==, -1);
  over = game->rules->stage_text (game, state);
  g_assert_null (over);
}

/* A closed shape around an empty cell is not complete until the hole is
 * filled; with perimeter-only it is complete at once. */
static void
test_holes (void)
{
  const char *pos = "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fg\nshared: " RING
                    "\nprivate1:\nprivate2:\ngoals:";
  g_autoptr(GString) why = g_string_new (NULL);
  {
    g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
    g_autofree TwState *state = tw_test_make_position (game, pos, TW_TEST_POSITION_BUILDS);
    CbState *s = (CbState *) state;
    g_assert_cmpuint (s->done_shared[1], ==, 0);
    g_assert_true (tw_test_play_moves (game, state, "S 1,1 r0", why));
    g_assert_cmpuint (s->done_shared[1], ==, 1);   /* the green ring */
    g_assert_cmpuint (s->done_shared[0], ==, 1);   /* the red centre and its four edges */
    g_assert_true (game->rules->check (game, state, why));
  }
  {
    g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, "shape-completion=perimeter-only");
    g_autofree TwState *state = tw_test_make_position (game, pos, TW_TEST_POSITION_BUILDS);
    CbState *s = (CbState *) state;
    g_assert_cmpuint (s->done_shared[1], ==, 1);
  }
}

/* Two same-coloured sections of one tile are separate shapes, and a shape
 * that joins them counts the tile once. */
static void
test_split_sections (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck: fg\nshared: split@0,0r0\nprivate1:\nprivate2:\ngoals:", TW_TEST_POSITION_BUILDS);
  const CbPrep *p = cb_prep (game);
  CbState *s = (CbState *) state;
  guint16 *parent = CB_PARENT (p, s);

  g_assert_cmpuint (tw_uf_find (parent, 0), !=, tw_uf_find (parent, 1));
  /* fr north of the split joins nothing but its NE section */
  g_autoptr(GString) why = g_string_new (NULL);
  g_assert_true (tw_test_play_moves (game, state, "S 0,-1 r0", why));
  g_assert_cmpuint (tw_uf_find (parent, 0), !=, tw_uf_find (parent, 1));
}

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

          /* notation round trip */
          g_autofree char *text = tw_test_move_round_trip (game, state, m, why);

          g_assert_true (game->rules->apply (game, state, m, why));
          if (!game->rules->check (game, state, why))
            g_error ("game %u move %u (%s), options '%s': %s", g, n, text, options ? options : "", why->str);
          g_autofree TwState *copy = tw_state_copy (game, state);
          g_assert_cmpuint (game->rules->hash (game, copy), ==, game->rules->hash (game, state));
          n++;
          g_assert_cmpuint (n, <, 2000);
        }
      double scores[TW_MAX_PLAYERS];
      game->rules->scores (game, state, scores);
      for (guint q = 0; q < players; q++)
        g_assert_cmpfloat (scores[q], >=, 0);
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
    "expert-draft=true",
    "expert-draft=true draft-unplayable-tile=discard-and-draw",
    "rotation=false",
    "shape-completion=perimeter-only",
    "goal-needs-completed-shape=false",
    "goal-size-exact=false goal-boards=shared-only",
    "private-board-size=2",
    "private-board-size=5",
    "first-player=random tie-break=shared-win",
    "final-turn-without-tiles=reshuffle-discards",
    "goals=false",
  };
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint players = 2; players <= 4; players++)
      random_games (bundled_def, players, variants[v], 8, 100 + v * 10 + players);
}

static void
test_random_test_set (void)
{
  for (guint players = 2; players <= 4; players++)
    random_games (test_def, players, NULL, 20, 7 + players);
}

/* The heuristic of a position, from @seat's view. */
static double
heuristic_of (TwGame     *game,
              const char *position,
              guint       seat)
{
  return tw_test_heuristic (game, position, TW_TEST_POSITION_BUILDS, seat);
}

#define H_HEAD "colorblock players=2 phase=place to-act=2 tile=fb\n"

/* The bots' heuristic (doc/rules/colorblock.md, "How the bots judge a
 * position"), all else equal: one more tile on the private board is
 * progress; a completed private shape counts in the colour with shared
 * shapes to multiply; a needed cell that no tile left fits is a loss. */
static void
test_heuristic (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, "goals=false");

  /* private-board progress: the third tile on the private board, not in the stack */
  g_assert_cmpfloat (heuristic_of (game, H_HEAD "deck: fg fg fg fg\nshared: fb@0,0r0\n"
                                   "private1: fr@0,0r0 fr@1,0r0 fr@2,0r0\nprivate2:\ngoals:", 0),
                     >,
                     heuristic_of (game, H_HEAD "deck: fg fg fg fr fg\nshared: fb@0,0r0\n"
                                   "private1: fr@0,0r0 fr@1,0r0\nprivate2:\ngoals:", 0));
  /* the colour the seat will score: a completed green pair on the private
   * board is worth more beside completed green shared shapes than red ones */
  g_assert_cmpfloat (heuristic_of (game, H_HEAD "deck: fg fg fg fg\nshared: q@0,0r0 q@1,0r0 q@2,0r0\n"
                                   "private1: q@0,0r0 q@1,0r0\nprivate2:\ngoals:", 0),
                     >,
                     heuristic_of (game, H_HEAD "deck: fg fg fg fg\nshared: q@0,0r0 q@0,1r0 q@0,2r0\n"
                                   "private1: q@0,0r0 q@1,0r0\nprivate2:\ngoals:", 0));
  /* relative: the same progress on the other seat's board is bad news */
  g_assert_cmpfloat (heuristic_of (game, H_HEAD "deck: fg fg fg fg\nshared: fb@0,0r0\n"
                                   "private1:\nprivate2: fr@0,0r0 fr@1,0r0\ngoals:", 0),
                     <, 0);
  /* a hole in the private board that nothing left can fill: the centre
   * needs red, red, red and green; the stack holds only full red tiles */
  g_assert_cmpfloat (heuristic_of (game, H_HEAD "deck: fr fr fr fr\nshared: fb@0,0r0\n"
                                   "private1: fr@0,0r0 fr@1,0r0 fr@2,0r0 fr@0,1r0 q@2,1r0 fr@0,2r0 fr@1,2r0 fr@2,2r0\n"
                                   "private2:\ngoals:", 0),
                     <,
                     heuristic_of (game, H_HEAD "deck: fr fr fr fr\nshared: fb@0,0r0\n"
                                   "private1: fr@0,0r0 fr@1,0r0 fr@2,0r0 fr@0,1r0 fr@2,1r0 fr@0,2r0 fr@1,2r0 fr@2,2r0\n"
                                   "private2:\ngoals:", 0));
}

/* The playout policy picks from the list only, a legal move, in every
 * phase (random games of every player count, the draft too), and the
 * colour that scores the most. */
static void
test_playout_pick (void)
{
  static const char * const variants[] = { NULL, "expert-draft=true" };
  g_autoptr(GString) why = g_string_new (NULL);
  TwMoveList moves;
  TwRng rng;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint players = 2; players <= 4; players++)
      {
        g_autoptr(TwGame) bundled = tw_test_make_game (bundled_def, players, variants[v]);
        tw_test_check_playout_pick (bundled, 6, 10 * v + players);
      }

  /* Albee's colour in the worked example: green, 2 x 3 */
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, "goals=false");
  g_autofree TwState *state = tw_test_make_position (game,
    "colorblock players=2 phase=place to-act=1 tile=fr\ndeck:\n"
    "shared: q@0,0r0 q@1,0r0 q@2,0r0 q@3,0r0\n"
    "private1: q@0,0r0 q@1,0r0 q@2,0r0\nprivate2:\ngoals:", TW_TEST_POSITION_BUILDS);
  g_assert_true (tw_test_play_moves (game, state, "S 0,-1 r0", why));
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 11);
  game->rules->legal_moves (game, state, &moves);
  for (guint k = 0; k < 20; k++)
    {
      guint pick = game->rules->playout_pick (game, state, &moves, &rng);
      g_assert_cmpuint (moves.moves[pick].kind, ==, CB_MOVE_COLOR);
      g_assert_cmpuint (moves.moves[pick].a, ==, 1);
    }
  tw_move_list_free (&moves);
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
  for (guint g = 0; g < 10; g++)
    {
      g_autofree TwState *state = tw_state_new (game, g);
      CbState *s = (CbState *) state;
      while (tw_state_to_act (game, state) >= 0 && !s->ending)
        {
          g_autofree char *text = NULL;
          g_autofree TwState *back = tw_test_position_round_trip (game, state, &text, why);
          if (!game->rules->check (game, back, why))
            g_error ("position read back fails its check: %s\n%s", why->str, text);

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
  g_autofree TwState *state = tw_test_make_position (game, FR_AT_ORIGIN, TW_TEST_POSITION_BUILDS);
  g_autofree TwState *before = tw_state_copy (game, state);
  g_autoptr(GString) why = g_string_new (NULL);
  static const char * const bad[] = { "S 1,0 r0", "S 5,5 r0", "S 0,0 r0", "color red", "pick 1 discard" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      TwMove m;
      g_string_truncate (why, 0);
      if (game->rules->move_from_text (game, state, bad[i], &m, why))
        g_assert_false (game->rules->apply (game, state, &m, why));
      g_assert_true (memcmp (state, before, game->state_size) == 0);
    }
}

/* check() is only worth running if it notices damage. */
static void
test_check_detects_damage (void)
{
  g_autoptr(TwGame) game = tw_test_make_game (test_def, 2, NULL);
  g_autofree TwState *state = tw_test_make_position (game,
    "colorblock players=2 phase=place to-act=1 tile=q\ndeck: fr\nshared: q@0,0r0\nprivate1:\nprivate2:\ngoals:", TW_TEST_POSITION_BUILDS);
  g_autoptr(GString) why = g_string_new (NULL);
  const CbPrep *p = cb_prep (game);

  g_assert_true (tw_test_play_moves (game, state, "S 1,0 r0", why));
  g_assert_true (game->rules->check (game, state, why));
  {
    g_autofree TwState *bad = tw_state_copy (game, state);
    ((CbState *) bad)->done_shared[1]++;
    g_assert_false (game->rules->check (game, bad, why));
  }
  {
    g_autofree TwState *bad = tw_state_copy (game, state);
    CB_OPEN (p, bad)[tw_uf_find (CB_PARENT (p, bad), 0)]++;
    g_assert_false (game->rules->check (game, bad, why));
  }
  {
    g_autofree TwState *bad = tw_state_copy (game, state);
    CB_LOC (p, bad)[CB_DECK (p, bad)[0]] = CB_LOC_DISCARD;
    g_assert_false (game->rules->check (game, bad, why));
  }
}

static void
test_bundled_set (void)
{
  guint edges[3] = { 0 };

  g_assert_cmpuint (bundled_def->total_tiles, ==, 75);
  g_assert_cmpuint (bundled_def->n_cards, ==, 15);
  for (guint i = 0; i < bundled_def->n_tiles; i++)
    for (guint d = 0; d < 4; d++)
      edges[bundled_def->tiles[i].edges[d]] += bundled_def->tiles[i].count;
  /* the assumed mix shows every colour on 100 of the 300 edges */
  g_assert_cmpuint (edges[0], ==, 100);
  g_assert_cmpuint (edges[1], ==, 100);
  g_assert_cmpuint (edges[2], ==, 100);
  /* 3, 4 and 5 goals for 2, 3 and 4 players */
  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (bundled_def, players, NULL);
      g_autofree TwState *state = tw_state_new (game, 1);
      g_assert_cmpuint (((CbState *) state)->n_goals, ==, players + 1);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  test_def = tw_test_load_data_file ("colorblock-test.yaml");
  bundled_def = tw_test_load_bundled ("colorblock");

  tw_test_add_rule_cases ("/tw/colorblock/rule", test_def, rule_cases, G_N_ELEMENTS (rule_cases),
                          TW_TEST_POSITION_BUILDS);
  g_test_add_func ("/tw/colorblock/worked-example", test_worked_example);
  g_test_add_func ("/tw/colorblock/stage-text", test_stage_text);
  g_test_add_func ("/tw/colorblock/holes", test_holes);
  g_test_add_func ("/tw/colorblock/split-sections", test_split_sections);
  g_test_add_func ("/tw/colorblock/illegal-leaves-state", test_illegal_leaves_state);
  g_test_add_func ("/tw/colorblock/bundled-set", test_bundled_set);
  g_test_add_func ("/tw/colorblock/check-detects-damage", test_check_detects_damage);
  g_test_add_func ("/tw/colorblock/position-round-trip", test_position_round_trip);
  g_test_add_func ("/tw/colorblock/heuristic", test_heuristic);
  g_test_add_func ("/tw/colorblock/playout-pick", test_playout_pick);
  g_test_add_func ("/tw/colorblock/random/bundled", test_random_bundled);
  g_test_add_func ("/tw/colorblock/random/variants", test_random_variants);
  g_test_add_func ("/tw/colorblock/random/test-set", test_random_test_set);

  int ret = g_test_run ();
  tw_definition_unref (test_def);
  tw_definition_unref (bundled_def);
  return ret;
}
