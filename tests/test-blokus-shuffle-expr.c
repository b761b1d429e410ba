/* test-blokus-shuffle-expr.c: Blokus Shuffle's advanced scoring written as expressions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What bs-expr.c answers, checked against the state's supply and placement
 * list at every position of random games; the shipped advanced scoring
 * written as expressions (tests/data-files/blokus-shuffle-expressions.yaml)
 * playing the same seeded bot games as the C terms, move for move, score
 * for score and term for term, under both readings of monomino-bonus; the
 * errors of a bad `advanced-scoring:`, at their line and column; and the
 * worked example of doc/definition-format.md.
 */
#include "config.h"

#include <string.h>

#include "tw-bot.h"
#include "tw-expr.h"
#include "tw-game.h"
#include "tw-result.h"
#include "tw-test-rules.h"
#include "games/blokus-shuffle/bs-private.h"

/* The shipped advanced scoring as expressions, with the C terms' labels. */
static const char shipped_terms[] =
  "# Advanced scoring's terms written as expressions (doc/definition-format.md,\n"
  "# \"Blokus Shuffle's vocabulary\"): the rulebook's, as the C terms count them\n"
  "# with monomino-bonus: last-placed. They count with `scoring: advanced`.\n"
  "advanced-scoring:\n"
  "  - label: squares left, −1 each\n"
  "    points: -squares_left\n"
  "  - label: every piece placed\n"
  "    points: if all_placed then 15 else 0\n"
  "  - label: the monomino placed last\n"
  "    points: if last.size == 1 then 5 else 0\n"
  "\n";

static char *bundled_text;

static TwDefinition *
load_text (const char *text)
{
  return tw_test_load_text (text, "bs-expr.yaml");
}

/* The bundled definition with @section (a top-level YAML block) before its
 * variant options. */
static char *
bundled_with (const char *section)
{
  return tw_test_with_section (bundled_text, section);
}

/* The bundled definition's text without its pieces after z4: a set that
 * random play on the full board often places whole, with two pentominoes. */
static char *
small_set (const char *text)
{
  const char *from = strstr (text, "  - {id: i5,");
  const char *to = strstr (text, "  - {id: z5,");
  g_autofree char *head = NULL;

  g_assert_true (from != NULL && to != NULL && from < to);
  head = g_strndup (text, from - text);
  return g_strconcat (head, strchr (to, '\n') + 1, NULL);
}

/* The data file `bench` and `simulate` measure is the bundled definition
 * with the shipped terms as expressions: kept so by this check. */
static void
test_data_file (void)
{
  g_autofree char *want = bundled_with (shipped_terms);

  tw_test_check_data_file ("blokus-shuffle-expressions.yaml", want);
}

/* ------------------------------------------------------------------------ */
/* The vocabulary against the state                                         */

/* Each query and field, as a number, and what the state says it is. */
enum
{
  V_SQUARES_LEFT,
  V_SQUARES_LEFT_SUMMED,
  V_PIECES_LEFT,
  V_PIECES_LEFT_COUNTED,
  V_PIECES_PLACED,
  V_PIECES_PLACED_COUNTED,
  V_SET_PIECES,
  V_SET_SQUARES,
  V_ALL_PLACED,
  V_LAST_SIZE,
  V_LAST_NUMBER,
  V_LAST_BOX,
  V_LAST_COPIES_LEFT,
  V_PLACED_ORDER,
  V_PLAYERS,
  V_BOARD_SIZE,
  V_IS_COLOR,
  N_VOCABULARY_EXPRS,
};

static const char * const vocabulary_exprs[] = {
  [V_SQUARES_LEFT] = "squares_left",
  [V_SQUARES_LEFT_SUMMED] = "sum(p.size for p in pieces(left))",
  [V_PIECES_LEFT] = "pieces_left",
  [V_PIECES_LEFT_COUNTED] = "count(pieces(left))",
  [V_PIECES_PLACED] = "pieces_placed",
  [V_PIECES_PLACED_COUNTED] = "count(pieces(placed))",
  [V_SET_PIECES] = "count(pieces(set))",
  [V_SET_SQUARES] = "sum(p.size for p in pieces(set))",
  [V_ALL_PLACED] = "if all_placed then 1 else 0",
  [V_LAST_SIZE] = "last.size",
  [V_LAST_NUMBER] = "last.number",
  [V_LAST_BOX] = "100 * last.width + last.height",
  [V_LAST_COPIES_LEFT] = "last.copies_left",
  /* the placed pieces' numbers in the order placed, as digits base 32 */
  [V_PLACED_ORDER] = "sum(p.number * (if p.size > 3 then 32 else 1) for p in pieces(placed) where p.size != 2)",
  [V_PLAYERS] = "players",
  [V_BOARD_SIZE] = "board_size",
  [V_IS_COLOR] = NULL,   /* "color == ID", per colour */
};

G_STATIC_ASSERT (G_N_ELEMENTS (vocabulary_exprs) == N_VOCABULARY_EXPRS);

typedef struct
{
  TwExprProgram *programs[N_VOCABULARY_EXPRS];
  TwExprProgram *is_color[BS_N_COLORS];
  guint          checked;
  guint          all_placed;
} VocabularyRun;

static gint64
recount (const TwGame  *game,
         const BsState *s,
         guint          c,
         guint          which)
{
  const BsPrep *p = bs_prep (game);
  const TwDefinition *def = game->definition;
  int last = s->n_placed[c] > 0 ? s->placed[c][s->n_placed[c] - 1].piece : -1;
  gint64 n = 0;

  switch (which)
    {
    case V_SQUARES_LEFT:
    case V_SQUARES_LEFT_SUMMED:
      for (guint k = 0; k < p->n_pieces; k++)
        n += s->supply[c][k] * def->pieces[k].shape.n;
      return n;
    case V_PIECES_LEFT:
    case V_PIECES_LEFT_COUNTED:
      for (guint k = 0; k < p->n_pieces; k++)
        n += s->supply[c][k];
      return n;
    case V_PIECES_PLACED:
    case V_PIECES_PLACED_COUNTED:
      return s->n_placed[c];
    case V_SET_PIECES:
      for (guint k = 0; k < def->n_pieces; k++)
        n += def->pieces[k].count;
      return n;
    case V_SET_SQUARES:
      for (guint k = 0; k < def->n_pieces; k++)
        n += def->pieces[k].count * def->pieces[k].shape.n;
      return n;
    case V_ALL_PLACED:
      for (guint k = 0; k < p->n_pieces; k++)
        n += s->supply[c][k];
      return n == 0;
    case V_LAST_SIZE:
      return last < 0 ? 0 : def->pieces[last].shape.n;
    case V_LAST_NUMBER:
      return last + 1;
    case V_LAST_BOX:
      return last < 0 ? 0 : 100 * tw_polyomino_width (&def->pieces[last].shape)
                            + tw_polyomino_height (&def->pieces[last].shape);
    case V_LAST_COPIES_LEFT:
      return last < 0 ? 0 : s->supply[c][last];
    case V_PLACED_ORDER:
      for (guint i = 0; i < s->n_placed[c]; i++)
        {
          guint k = s->placed[c][i].piece;
          guint size = def->pieces[k].shape.n;
          if (size != 2)
            n += (gint64) (k + 1) * (size > 3 ? 32 : 1);
        }
      return n;
    case V_PLAYERS:
      return s->n_players;
    case V_BOARD_SIZE:
      return p->size;
    default:
      g_assert_not_reached ();
    }
}

static void
check_vocabulary (const TwGame  *game,
                  const TwState *state,
                  gpointer       data)
{
  const BsState *s = (const BsState *) state;
  VocabularyRun *run = data;

  for (guint c = 0; c < bs_n_colors (game); c++)
    {
      BsExprEnv env = { game, s, c };

      for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
        {
          if (i == V_IS_COLOR)
            {
              for (guint d = 0; d < bs_n_colors (game); d++)
                g_assert_cmpint (tw_expr_eval (run->is_color[d], &env), ==, c == d);
              continue;
            }
          gint64 got = tw_expr_eval (run->programs[i], &env);
          gint64 want = recount (game, s, c, i);
          if (got != want)
            g_error ("colour %u: '%s' gave %" G_GINT64_FORMAT ", the state says %" G_GINT64_FORMAT,
                     c, vocabulary_exprs[i], got, want);
        }
      run->all_placed += recount (game, s, c, V_ALL_PLACED) != 0;
      run->checked++;
    }
}

static void
test_vocabulary (void)
{
  /* a definition with a second monomino, so `last.number` tells pieces of
   * one size apart, with copies, so `pieces(left)` walks them, and small
   * enough that colours place every piece */
  g_autoptr(GString) text = g_string_new (bundled_text);
  g_autofree char *small = NULL;
  g_autoptr(TwDefinition) def = NULL;
  VocabularyRun run = { { NULL, }, };

  g_assert_cmpuint (g_string_replace (text, "  - {id: i2, cells: [\"##\"]}\n",
                                      "  - {id: i2, cells: [\"##\"], count: 2}\n"
                                      "  - {id: dot, cells: [\"#\"]}\n", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (text, "size: 20", "size: 14", 1), ==, 1);
  small = small_set (text->str);
  def = load_text (small);
  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    {
      g_autoptr(GError) error = NULL;
      if (vocabulary_exprs[i] == NULL)
        continue;
      run.programs[i] = tw_expr_compile (vocabulary_exprs[i], -1, &bs_expr_vocabulary, def,
                                         TW_EXPR_NUMBER, NULL, &error);
      g_assert_no_error (error);
    }
  for (guint c = 0; c < def->n_colors; c++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *is = g_strdup_printf ("color == color(%s)", def->colors[c].id);
      run.is_color[c] = tw_expr_compile (is, -1, &bs_expr_vocabulary, def, TW_EXPR_BOOL, NULL,
                                         &error);
      g_assert_no_error (error);
    }
  for (guint players = 2; players <= 4; players++)
    {
      /* without cards every colour places what it can: some finish */
      g_autoptr(TwGame) game = tw_test_make_game (def, players, players == 4 ? "cards=false" : NULL);
      tw_test_random_positions (game, 3, 60 + players, check_vocabulary, &run);
    }
  g_assert_cmpuint (run.checked, >, 1000);
  g_assert_cmpuint (run.all_placed, >, 0);
  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    g_clear_pointer (&run.programs[i], tw_expr_program_free);
  for (guint c = 0; c < BS_N_COLORS; c++)
    g_clear_pointer (&run.is_color[c], tw_expr_program_free);
}

/* ------------------------------------------------------------------------ */
/* Whole games: the same moves, scores and score terms                       */

/* The moves of one seeded game in notation, then its scores and every
 * seat's score terms; the number of colours that earned each C bonus is
 * added to @bonuses. */
static char *
play_game (TwGame          *game,
           const TwBotSpec *spec,
           guint64          game_seed,
           gpointer         data)
{
  guint *bonuses = data;
  g_autofree TwState *state = NULL;
  g_autofree char *played = tw_test_play_bot_game (game, spec, game_seed, &state);
  GString *out = g_string_new (played);
  const BsState *s = (const BsState *) state;

  tw_test_append_score_terms (out, game, state);
  for (guint c = 0; c < bs_n_colors (game); c++)
    {
      bonuses[0] += s->remaining[c] == 0;
      bonuses[1] += s->n_placed[c] > 0 && s->placed[c][s->n_placed[c] - 1].piece == 0;
    }
  return g_string_free (out, FALSE);
}

/* @n_games seeded games with 2, 3 and 4 players by @bot under @options,
 * with the C terms and with @terms: identical. Returns the colours that
 * earned each bonus (all placed, monomino last) in the C games. */
static void
same_games (const char *bot,
            const char *terms,
            const char *options,
            guint       n_games,
            guint64     seed,
            guint      *bonuses)
{
  g_autoptr(TwDefinition) c_def = tw_test_load_text (bundled_text, "C terms");
  g_autofree char *x_text = bundled_with (terms);
  g_autoptr(TwDefinition) x_def = tw_test_load_text (x_text, "expressions");
  g_autoptr(TwGame) x_game = tw_test_make_game (x_def, 2, options);
  guint x_bonuses[2] = { 0, 0 };

  g_assert_cmpuint (bs_prep (x_game)->terms.n, ==, 3);
  tw_test_same_games (c_def, x_def, bot, options, n_games, seed, play_game, bonuses, x_bonuses);
}

/* The rulebook's reading of the monomino bonus, by the greedy bot (whose
 * heuristic reads the score at every choice) and at random; without the
 * cards too, where more colours place every piece. */
static void
test_same_games (void)
{
  guint bonuses[2] = { 0, 0 };

  same_games ("greedy", shipped_terms, "scoring=advanced", 30, 24, bonuses);
  same_games ("greedy", shipped_terms, "scoring=advanced cards=false", 30, 25, bonuses);
  same_games ("random", shipped_terms, "scoring=advanced", 60, 26, bonuses);
  same_games ("random", shipped_terms, "scoring=advanced cards=false", 60, 27, bonuses);
  /* both bonuses were earned, so the games tested them */
  g_test_message ("colours with every piece placed: %u, with the monomino last: %u",
                  bonuses[0], bonuses[1]);
  g_assert_cmpuint (bonuses[0], >, 0);
  g_assert_cmpuint (bonuses[1], >, 0);
}

/* monomino-bonus: only-if-all-placed is another expression, not an option
 * the expressions read. */
static void
test_same_games_only_if_all_placed (void)
{
  g_autoptr(GString) terms = g_string_new (shipped_terms);
  guint bonuses[2] = { 0, 0 };

  g_assert_cmpuint (g_string_replace (terms, "if last.size == 1 then",
                                      "if all_placed and last.size == 1 then", 1), ==, 1);
  same_games ("greedy", terms->str, "scoring=advanced monomino-bonus=only-if-all-placed cards=false",
              9, 28, bonuses);
  same_games ("random", terms->str, "scoring=advanced monomino-bonus=only-if-all-placed", 15, 29,
              bonuses);
  g_assert_cmpuint (bonuses[0], >, 0);
}

/* With basic scoring the section counts for nothing: the same games. */
static void
test_basic_ignores_terms (void)
{
  guint bonuses[2] = { 0, 0 };

  same_games ("greedy", shipped_terms, NULL, 6, 30, bonuses);
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */

static void
test_errors (void)
{
  static const TwTestBadSection cases[] = {
    { "advanced-scoring:\n  - label: left\n    points: -squares_lef\n", "4:14",
      "did you mean 'squares_left'" },
    { "advanced-scoring:\n  - label: left\n    points: all_placed\n", "4:13",
      "must give a number" },
    { "advanced-scoring:\n  - label: left\n    points: last.colour\n", "4:18", "no field 'colour'" },
    { "advanced-scoring:\n  - label: left\n    points: count(pieces(lft))\n", "4:26", "did you mean 'left'" },
    { "advanced-scoring:\n  - {label: left}\n", "3:5", "has no `points`" },
    { "advanced-scoring:\n  - {label: left, points: 1, bonus: 2}\n", "3:30", "bonus" },
    { "advanced-scoring:\n  - {label: '', points: 1}\n", "3:13", "label is empty" },
    { "advanced-scoring: {label: left}\n", "2:19", "advanced-scoring" },
    { "advanced-scoring: []\n", "2:19", "1 to 8 terms" },
  };

  tw_test_check_bad_sections (bundled_text, cases, G_N_ELEMENTS (cases));
}

/* ------------------------------------------------------------------------ */
/* The worked example of doc/definition-format.md                           */

typedef struct
{
  guint earned[4];
} ExampleRun;

/* The example's four terms, computed here from the state. */
static void
check_example (const TwGame  *game,
               const TwState *state,
               gpointer       data)
{
  const BsState *s = (const BsState *) state;
  ExampleRun *run = data;
  const TwDefinition *def = game->definition;

  for (guint c = 0; c < bs_n_colors (game); c++)
    {
      BsColorParts parts;
      int want[4] = { 0, };
      guint left = 0;
      int last = s->n_placed[c] > 0 ? s->placed[c][s->n_placed[c] - 1].piece : -1;

      for (guint k = 0; k < def->n_pieces; k++)
        {
          left += s->supply[c][k] * def->pieces[k].shape.n;
          if (def->pieces[k].shape.n == 5)
            want[2] -= 2 * s->supply[c][k];
        }
      want[0] = -(int) left;
      want[1] = left == 0 ? 15 : 0;
      want[3] = left == 0 && last >= 0 && def->pieces[last].shape.n <= 2 ? 5 : 0;
      bs_color_parts (game, s, c, &parts);
      for (guint i = 0; i < 4; i++)
        {
          g_assert_cmpint (parts.terms[i], ==, want[i]);
          run->earned[i] += want[i] != 0;
        }
      g_assert_cmpint (parts.total, ==, want[0] + want[1] + want[2] + want[3]);
    }
}

static void
test_doc_example (void)
{
  g_autofree char *example = tw_test_doc_block ("### Blokus Shuffle's vocabulary",
                                                "advanced-scoring:");
  g_autofree char *section = g_strconcat (example, "\n", NULL);
  g_autofree char *full = bundled_with (section);
  g_autofree char *text = small_set (full);
  g_autoptr(TwDefinition) def = load_text (text);
  ExampleRun run = { { 0, }, };

  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (def, players, "scoring=advanced cards=false");
      g_assert_cmpuint (bs_prep (game)->terms.n, ==, 4);
      tw_test_random_positions (game, 4, 80 + players, check_example, &run);
    }
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (run.earned[i], >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  bundled_text = tw_test_read_bundled ("blokus-shuffle");

  g_test_add_func ("/tw/blokus-shuffle-expr/data-file", test_data_file);
  g_test_add_func ("/tw/blokus-shuffle-expr/vocabulary", test_vocabulary);
  g_test_add_func ("/tw/blokus-shuffle-expr/same-games", test_same_games);
  g_test_add_func ("/tw/blokus-shuffle-expr/same-games/only-if-all-placed",
                   test_same_games_only_if_all_placed);
  g_test_add_func ("/tw/blokus-shuffle-expr/basic-ignores-terms", test_basic_ignores_terms);
  g_test_add_func ("/tw/blokus-shuffle-expr/errors", test_errors);
  g_test_add_func ("/tw/blokus-shuffle-expr/doc-example", test_doc_example);

  int status = g_test_run ();
  g_free (bundled_text);
  return status;
}
