/* test-describe-seat.c: what each seat holds beside the board, in words
 * (the rules modules' describe_seat(), through tw_state_describe_seat())
 *
 * For every bundled definition at every seat count (2 and the most among
 * them), with its defaults and a variant, a seeded random game from start
 * to end: at every position each seat's phrase, to every
 * viewer and to nobody (-1), is said, valid UTF-8 and without a full stop
 * (the board's description splits sentences there), and what a viewer may
 * not see is never named: the phrases it hears stay the same when observe()
 * deals again what it cannot see. Then one small position per game with its
 * phrase written out, so the wording is pinned.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-game.h"
#include "tw-test-rules.h"

/* Each seat's phrase to @viewer in @state, one string per seat. */
static GStrv
phrases (const TwGame  *game,
         const TwState *state,
         int            viewer)
{
  GStrv out = g_new0 (char *, game->n_players + 1);

  for (guint p = 0; p < game->n_players; p++)
    out[p] = tw_state_describe_seat (game, state, p, viewer);
  return out;
}

/* What @viewer hears in @state: every seat has something to say (every
 * bundled game has: pieces, meeples, markers, tokens, a private board), in
 * one clause of a sentence; to nobody, no title of a Blokus Shuffle card,
 * as every hand is hidden. */
static void
check_phrases (const TwGame      *game,
               const char * const *said,
               int                viewer)
{
  const TwDefinition *def = game->definition;

  for (guint p = 0; p < game->n_players; p++)
    {
      const char *phrase = said[p];

      if (phrase == NULL)
        g_error ("%s, %u seats: seat %u says nothing to viewer %d", def->name, game->n_players,
                 p + 1, viewer);
      g_assert_true (g_utf8_validate (phrase, -1, NULL));
      if (strpbrk (phrase, ".?") != NULL)
        g_error ("%s: seat %u: “%s” has a full stop or an unknown name", def->name, p + 1,
                 phrase);
      if (viewer >= 0 || !g_str_equal (game->rules->id, "blokus-shuffle"))
        continue;
      for (guint i = 0; i < def->n_cards; i++)
        {
          const TwCardDef *card = &def->cards[i];
          const char *title = card->title != NULL ? card->title
                              : game->rules->card_kinds[card->kind].title;

          if (strstr (phrase, title) != NULL)
            g_error ("%s: seat %u names “%s” to nobody: “%s”", def->name, p + 1, title, phrase);
        }
    }
}

/* Variants that put more beside the board, played besides the defaults. */
static const char * const variants[][2] = {
  { "block-2-block", "short-stack=true" },
  { "colorblock", "expert-draft=true" },
  { "color-shift", "hand-size=3" },
  { "colorfield", "advanced-mode=true" },
  { "blokus-shuffle", "two-player-deck=per-color" },
};

/* A random game of @def with @players seats and @options from @seed,
 * checked at every position from the start to the end. */
static void
play_checked (TwDefinition *def,
              guint         players,
              const char   *options,
              guint64       seed)
{
  g_autoptr(TwGame) game = tw_test_make_game (def, players, options);
  g_autofree TwState *state = tw_state_new (game, seed);
  TwMoveList moves;
  TwRng rng;
  guint n_moves = 0;

  g_test_message ("%s, %u seats, %s", def->name, players, options ? options : "defaults");
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, seed);
  for (;;)
    {
      for (int viewer = -1; viewer < (int) players; viewer++)
        {
          g_auto(GStrv) said = phrases (game, state, viewer);

          check_phrases (game, (const char * const *) said, viewer);
        }
      /* what a seat cannot see, dealt again: it hears the same, and so
       * does nobody */
      for (guint viewer = 0; viewer < players; viewer++)
        {
          g_autofree TwState *seen = tw_state_copy (game, state);
          g_auto(GStrv) mine = NULL, theirs = NULL, nobody = NULL, nobody_seen = NULL;

          game->rules->observe (game, seen, viewer, &rng);
          mine = phrases (game, state, viewer);
          theirs = phrases (game, seen, viewer);
          nobody = phrases (game, state, -1);
          nobody_seen = phrases (game, seen, -1);
          for (guint p = 0; p < players; p++)
            {
              g_assert_cmpstr (mine[p], ==, theirs[p]);
              g_assert_cmpstr (nobody[p], ==, nobody_seen[p]);
            }
        }
      if (tw_state_to_act (game, state) < 0)
        break;
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      g_assert_true (game->rules->apply (game, state,
                                         &moves.moves[tw_rng_below (&rng, moves.len)], NULL));
      g_assert_cmpuint (++n_moves, <, 5000);
    }
  g_test_message ("%u moves to the end", n_moves);
  tw_move_list_free (&moves);
}

/* Whether the option of @variant ("name=value") plays with @players seats. */
static gboolean
variant_fits (const TwRules *rules,
              const char    *variant,
              guint          players)
{
  g_autofree char *name = g_strndup (variant, strcspn (variant, "="));

  for (guint i = 0; i < rules->n_options; i++)
    if (g_str_equal (rules->options[i].name, name))
      return rules->options[i].max_players == 0 || players <= rules->options[i].max_players;
  g_error ("%s has no option '%s'", rules->id, name);
}

/* The bundled definition @data (a file name in data/games/) at every seat
 * count, 2 and the most among them, with its defaults and a variant. */
static void
test_random_games (gconstpointer data)
{
  const char *name = data;
  g_autoptr(TwDefinition) def = tw_test_load_bundled (name);

  for (guint players = def->min_players; players <= def->max_players; players++)
    {
      play_checked (def, players, NULL, 40 + players);
      for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
        if (g_str_equal (def->rules->id, variants[v][0])
            && variant_fits (def->rules, variants[v][1], players))
          play_checked (def, players, variants[v][1], 50 + players);
    }
}

/* The phrase of @seat to @viewer in the position @text of @rules_id's
 * bundled definition with @players seats and @options, after @moves
 * ("m1; m2", or NULL). */
static char *
phrase_at (const char *rules_id,
           guint       players,
           const char *options,
           const char *text,
           const char *moves,
           guint       seat,
           int         viewer)
{
  g_autoptr(TwDefinition) def = tw_test_load_bundled (rules_id);
  g_autoptr(TwGame) game = tw_test_make_game (def, players, options);
  g_autofree TwState *state = tw_test_make_position (game, text, TW_TEST_POSITION_CHECKED);
  g_autoptr(GString) why = g_string_new (NULL);

  if (moves != NULL && !tw_test_play_moves (game, state, moves, why))
    g_error ("%s: %s", moves, why->str);
  return tw_state_describe_seat (game, state, seat, viewer);
}

/* The phrase of @seat to @viewer at the start of a game of the bundled
 * definition @name (seed 1). */
static char *
phrase_at_start (const char *name,
                 guint       players,
                 const char *options,
                 guint       seat,
                 int         viewer)
{
  g_autoptr(TwDefinition) def = tw_test_load_bundled (name);
  g_autoptr(TwGame) game = tw_test_make_game (def, players, options);
  g_autofree TwState *state = tw_state_new (game, 1);

  return tw_state_describe_seat (game, state, seat, viewer);
}

/* Colorblock: the tile to place, the private board, the goals met and the
 * colours chosen to score; nothing is hidden. */
static void
test_colorblock (void)
{
  const char *place = "colorblock players=2 phase=place to-act=1 tile=half-rg\n"
                      "deck: full-g full-b\n"
                      "shared: full-r@0,0r0\n"
                      "private1: full-r@0,0r0 full-r@1,0r0\n"
                      "private2:\n"
                      "goals: size-3=1 size-4\n";
  /* the last tile placed, seat 1 chooses red; seat 2 is to choose */
  const char *last = "colorblock players=2 phase=place to-act=1 tile=full-r\n"
                     "deck:\n"
                     "shared: full-r@0,0r0\n"
                     "private1: full-r@0,0r0\n"
                     "private2: full-b@0,0r0\n"
                     "goals: size-3=1 size-4=1\n";
  g_autofree char *first = phrase_at ("colorblock", 2, NULL, place, NULL, 0, -1);
  g_autofree char *second = phrase_at ("colorblock", 2, NULL, place, NULL, 1, -1);
  g_autofree char *chose = phrase_at ("colorblock", 2, NULL, last, "S 1,0 r0; color red", 0, 1);

  g_assert_cmpstr (first, ==, "has Half red / green to place; 2 tiles on the 3 by 3 private "
                              "board; met the goal “Three”");
  g_assert_cmpstr (second, ==, "no tile yet on the 3 by 3 private board");
  g_assert_cmpstr (chose, ==, "1 tile on the 3 by 3 private board; met the goals “Three” and "
                              "“Four”; scores Red");
}

/* Color Shift: the meeples left in the supply and the hand, named only to
 * its own seat. */
static void
test_color_shift (void)
{
  const char *one = "color-shift players=2 phase=place to-act=1\n"
                    "deck: full-b\n"
                    "hand1: full-r\n"
                    "hand2: full-y\n"
                    "board: full-w@0,0r0\n"
                    "meeples1: 0,0/NESW\n";
  const char *two = "color-shift players=2 phase=place to-act=1\n"
                    "deck: wedge-wr\n"
                    "hand1: full-r full-b\n"
                    "hand2: full-y\n"
                    "board: full-w@0,0r0\n"
                    "meeples1: 0,0/NESW\n";
  g_autofree char *own = phrase_at ("color-shift", 2, NULL, one, NULL, 0, 0);
  g_autofree char *other = phrase_at ("color-shift", 2, NULL, one, NULL, 0, 1);
  g_autofree char *nobody = phrase_at ("color-shift", 2, NULL, one, NULL, 1, -1);
  g_autofree char *pair = phrase_at ("color-shift", 2, "meeples=1 hand-size=2", two, NULL, 0, 0);

  g_assert_cmpstr (own, ==, "4 meeples in the supply; holds All red");
  g_assert_cmpstr (other, ==, "4 meeples in the supply; 1 tile in hand");
  g_assert_cmpstr (nobody, ==, "5 meeples in the supply; 1 tile in hand");
  g_assert_cmpstr (pair, ==, "no meeple left in the supply; holds All red and All blue");
}

/* Block 2 Block: the markers in the supply, those lost, and Short Stack's
 * holdings, named only to their holder. */
static void
test_block_2_block (void)
{
  const char *held = "block-2-block players=2 to-act=1 roll=3 open=2\n"
                     "row1: clean/2 clean/11!1 clean/2 .\n"
                     "row2: ~crumble ~move . . ~gold\n"
                     "row3: ~crumble ~move ~swap ~remove-marker\n"
                     "row4: ~crumble ~move ~swap\n"
                     "row5: ~remove-marker ~crumble ~move\n"
                     "row6: ~swap ~remove-marker\n"
                     "row7: ~crumble ~move\n"
                     "row8: ~swap ~remove-marker\n"
                     "removed: clean\n"
                     "p1: supply=25 lost=2 removed=1 holdings=swap,remove-marker\n"
                     "p2: supply=28\n";
  g_autofree char *own = phrase_at ("block-2-block", 2, "short-stack=true", held, NULL, 0, 0);
  g_autofree char *other = phrase_at ("block-2-block", 2, "short-stack=true", held, NULL, 0, -1);
  g_autofree char *second = phrase_at ("block-2-block", 2, "short-stack=true", held, NULL, 1, 0);

  g_assert_cmpstr (own, ==, "25 markers in the supply; 2 markers captured by others; 1 marker "
                            "removed by a block; holds Swap block and Remove-Marker block");
  g_assert_cmpstr (other, ==, "25 markers in the supply; 2 markers captured by others; 1 marker "
                              "removed by a block; 2 tiles held");
  g_assert_cmpstr (second, ==, "28 markers in the supply");
}

/* Colorfield: the painter, the tile drawn (named when it came from the
 * tray or to its drawer, else counted), the set-up tiles, the tokens left
 * and the rounds' points. */
#define CF_PLACE(drew, hand) \
  "colorfield players=2 round=2 phase=place to-act=1 first=1 run=0 drew=" drew "\n" \
  "tools: watercolor-paper-sketchbook\n" \
  "hand: " hand "\n" \
  "p1: painter=wei-ta-chin board=board-1 face=1a turns=1 abilities=1 rounds=12\n" \
  "p1-canvas: tncl-s tlcn-e lctn-s nctl-s ntlc-s nltc-e/3\n" \
  "p2: painter=lemon-painter board=board-6 face=6b turns=0 abilities=3 rounds=9\n" \
  "p2-canvas: tlnc-e/3 tcln-w cnlt-n lntc-n cntl-e nlct-e\n"

static void
test_colorfield (void)
{
  const char *setup = "colorfield players=2 round=2 phase=setup to-act=1 first=1 run=0\n"
                      "tools: watercolor-paper-sketchbook rounded-wooden-palette\n"
                      "p1: painter=wei-ta-chin board=board-1 face=1a rounds=12\n"
                      "p1-canvas: tncl-s tlcn-e lctn-s - - -\n"
                      "p1-setup: nctl-s ntlc-s nltc-e\n"
                      "p2: painter=lemon-painter board=board-6 face=6b rounds=9\n"
                      "p2-canvas: - - - - - -\n"
                      "p2-setup: tlnc-e tcln-w cnlt-n lntc-n cntl-e nlct-e\n";
  g_autofree char *tray = phrase_at ("colorfield", 2, NULL, CF_PLACE ("tray", "lcnt-w"), NULL,
                                     0, -1);
  g_autofree char *drawn = phrase_at ("colorfield", 2, NULL, CF_PLACE ("deck2", "lcnt-w ntcl-n"),
                                      NULL, 0, 0);
  g_autofree char *unseen = phrase_at ("colorfield", 2, NULL,
                                       CF_PLACE ("deck2", "lcnt-w ntcl-n"), NULL, 0, 1);
  g_autofree char *waiting = phrase_at ("colorfield", 2, NULL, CF_PLACE ("tray", "lcnt-w"), NULL,
                                        1, 1);
  g_autofree char *dealt = phrase_at ("colorfield", 2, NULL, setup, NULL, 0, 0);

  g_assert_cmpstr (tray, ==, "paints as Wei-Ta Chin, specialty Coral; holds Lemon / Coral / "
                             "Navy / Turquoise from the top clockwise with the 2 on Turquoise; "
                             "2 ability tokens left; round score: 12");
  g_assert_cmpstr (drawn, ==, "paints as Wei-Ta Chin, specialty Coral; holds Lemon / Coral / "
                              "Navy / Turquoise from the top clockwise with the 2 on Turquoise "
                              "and Navy / Turquoise / Coral / Lemon from the top clockwise with "
                              "the 2 on Navy; 2 ability tokens left; round score: 12");
  g_assert_cmpstr (unseen, ==, "paints as Wei-Ta Chin, specialty Coral; 2 tiles drawn from the "
                               "deck; 2 ability tokens left; round score: 12");
  g_assert_cmpstr (waiting, ==, "paints as Lemon Painter, specialty Lemon; no ability token "
                                "left; round score: 9");
  g_assert_cmpstr (dealt, ==, "paints as Wei-Ta Chin, specialty Coral; 3 set-up tiles face "
                              "down; 3 ability tokens left; round score: 12");
}

/* Blokus Shuffle: each colour a seat plays with its pieces and squares
 * left, the hand of its deck (after the colours when both colours of a
 * seat play from one), the shared colour of three players for the seat
 * that plays it next, and Draw 2's cards; a hand is named only to a seat
 * that sees it. */
#define BS_HANDS(players, turn, phase, hands) \
  "blokus-shuffle players=" players " turn=" turn " phase=" phase " dir=cw\n" \
  "blue: i1:a20\nyellow: i1:t20\nred: i1:t1\ngreen: i1:a1\n" hands

static void
test_blokus_shuffle (void)
{
  struct
  {
    const char *name;
    guint       players;
    const char *options;
    guint       seat;
    const char *phrase;
  } starts[] = {
    { "blokus-shuffle", 4, NULL, 0, "Blue: 21 pieces left, 89 squares, no card in hand" },
    { "blokus-shuffle", 4, "cards=false", 3, "Green: 21 pieces left, 89 squares" },
    { "blokus-shuffle", 2, NULL, 1, "Yellow: 21 pieces left, 89 squares; Green: 21 pieces left, "
                                    "89 squares; no card in hand" },
    { "blokus-shuffle", 2, "two-player-deck=per-color", 0, "Blue: 21 pieces left, 89 squares, no "
                                                           "card in hand; Red: 21 pieces left, 89 "
                                                           "squares, no card in hand" },
    { "blokus-shuffle", 3, NULL, 0, "Blue: 21 pieces left, 89 squares, no card in hand; Green "
                                    "(shared, played next): 21 pieces left, 89 squares, no card "
                                    "in hand" },
    { "blokus-shuffle", 3, NULL, 1, "Yellow: 21 pieces left, 89 squares, no card in hand" },
    { "blokus-duo", 2, NULL, 1, "Orange: 21 pieces left, 89 squares" },
  };
  struct
  {
    const char *position;
    guint       players;
    guint       seat;
    int         viewer;
    const char *phrase;
  } cases[] = {
    { BS_HANDS ("4", "blue", "card", "hand blue: skip wild\nhand yellow: draw-2\n"), 4, 0, 0,
      "Blue: 20 pieces left, 88 squares, holds Skip and Wild" },
    { BS_HANDS ("4", "blue", "card", "hand blue: skip wild\nhand yellow: draw-2\n"), 4, 0, 1,
      "Blue: 20 pieces left, 88 squares, 2 cards in hand" },
    { BS_HANDS ("4", "blue", "card", "hand blue: skip wild\nhand yellow: draw-2\n"), 4, 1, -1,
      "Yellow: 20 pieces left, 88 squares, 1 card in hand" },
    { BS_HANDS ("2", "blue", "card", "hand p1: skip edge-to-edge wild\n"), 2, 0, 0,
      "Blue: 20 pieces left, 88 squares; Red: 20 pieces left, 88 squares; holds Skip, Edge to "
      "Edge and Wild" },
    { BS_HANDS ("2", "blue", "card", "hand p1: skip edge-to-edge wild\n"), 2, 0, -1,
      "Blue: 20 pieces left, 88 squares; Red: 20 pieces left, 88 squares; 3 cards in hand" },
    { BS_HANDS ("4", "blue", "drawn", "drawn: skip wild\n"), 4, 0, 0,
      "Blue: 20 pieces left, 88 squares, no card in hand; drew Skip and Wild" },
    { BS_HANDS ("4", "blue", "drawn", "drawn: skip wild\n"), 4, 0, 2,
      "Blue: 20 pieces left, 88 squares, no card in hand; 2 cards drawn" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      g_autofree char *phrase = phrase_at_start (starts[i].name, starts[i].players,
                                                 starts[i].options, starts[i].seat, -1);

      g_assert_cmpstr (phrase, ==, starts[i].phrase);
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *phrase = phrase_at ("blokus-shuffle", cases[i].players, NULL,
                                           cases[i].position, NULL, cases[i].seat,
                                           cases[i].viewer);

      g_assert_cmpstr (phrase, ==, cases[i].phrase);
    }
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = g_build_filename (g_getenv ("TILEWRIGHT_DATADIR"), "games", NULL);
  g_autoptr(GDir) games = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *file;

  g_test_init (&argc, &argv, NULL);
  games = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (games);
  while ((file = g_dir_read_name (games)) != NULL)
    if (g_str_has_suffix (file, ".yaml"))
      g_ptr_array_add (names, g_strndup (file, strlen (file) - strlen (".yaml")));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/tw/describe-seat/%s/random-games",
                                               (char *) names->pdata[i]);

      g_test_add_data_func (path, names->pdata[i], test_random_games);
    }
  g_test_add_func ("/tw/describe-seat/colorblock", test_colorblock);
  g_test_add_func ("/tw/describe-seat/color-shift", test_color_shift);
  g_test_add_func ("/tw/describe-seat/block-2-block", test_block_2_block);
  g_test_add_func ("/tw/describe-seat/colorfield", test_colorfield);
  g_test_add_func ("/tw/describe-seat/blokus-shuffle", test_blokus_shuffle);
  return g_test_run ();
}
