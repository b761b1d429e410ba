/* test-colorblock-expr.c: Colorblock's goals written as expressions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What cb-expr.c answers, checked against the state's own counters and
 * against the region search from scratch (tw-regions.c); every shipped goal
 * kind that has an expression twin checked equal to it on every shape of
 * every position of random games; whole seeded games played by bots with
 * the C kinds and with the expressions, move for move and score for score;
 * and the worked examples of doc/definition-format.md.
 */
#include "config.h"

#include <string.h>

#include "tw-bot.h"
#include "tw-expr.h"
#include "tw-game.h"
#include "tw-regions.h"
#include "tw-test-rules.h"
#include "games/colorblock/cb-private.h"

/* The bundled goals that expressions replace: the card's line in
 * data/games/colorblock.yaml and its expression, under the default
 * readings (goal-size-exact, goal-boards: shared-or-own-private). */
typedef struct
{
  const char *id;
  const char *kind;     /* the C kind's text in the card's line */
  const char *when;
} Twin;

static const Twin twins[] = {
  { "size-3", "kind: shape-size, params: {tiles: 3}", "shape.size == 3" },
  { "size-4", "kind: shape-size, params: {tiles: 4}", "shape.size == 4" },
  { "size-5", "kind: shape-size, params: {tiles: 5}", "shape.size == 5" },
  { "five-red", "kind: color-shape-size, params: {color: red, tiles: 5}",
    "shape.color == red and shape.size == 5" },
  { "five-green", "kind: color-shape-size, params: {color: green, tiles: 5}",
    "shape.color == green and shape.size == 5" },
  { "five-blue", "kind: color-shape-size, params: {color: blue, tiles: 5}",
    "shape.color == blue and shape.size == 5" },
  { "island", "kind: island,", "shape.island" },
  { "homestead", "kind: private-shape-size, params: {min-tiles: 3}", "shape.own and shape.size >= 3" },
  { "palette", "kind: private-all-colors,",
    "all(c in colors where any(s in shapes(own) where s.completed and s.color == c))" },
};

#define PALETTE (G_N_ELEMENTS (twins) - 1)

static char *bundled_text;

static TwDefinition *
load_text (const char *text)
{
  return tw_test_load_text (text, "colorblock-expr.yaml");
}

/* The bundled definition with the goals of @which (a bit per twin) written
 * as expressions in place of their C kinds. */
static char *
with_expressions (guint which)
{
  GString *text = g_string_new (bundled_text);

  for (guint i = 0; i < G_N_ELEMENTS (twins); i++)
    {
      if (!(which & (1u << i)))
        continue;
      g_autofree char *line_start = g_strdup_printf ("{id: %s, %s", twins[i].id, twins[i].kind);
      g_autofree char *kind = g_strdup (twins[i].kind);
      /* "kind: island," keeps its comma before points: */
      gboolean comma = g_str_has_suffix (kind, ",");
      g_autofree char *replacement =
        g_strdup_printf ("{id: %s, kind: expression, params: {when: '%s'}%s", twins[i].id,
                         twins[i].when, comma ? "," : "");
      g_assert_cmpuint (g_string_replace (text, line_start, replacement, 1), ==, 1);
    }
  return g_string_free (text, FALSE);
}

/* The twins as cards of their own, "x-" before their ids, plus with
 * @with_c the C kinds under the bundled ids. */
static char *
twin_cards (gboolean with_c)
{
  GString *cards = g_string_new ("cards:\n");

  for (guint i = 0; i < G_N_ELEMENTS (twins); i++)
    {
      g_string_append_printf (cards, "  - {id: x-%s, kind: expression, params: {when: '%s'}}\n",
                              twins[i].id, twins[i].when);
      if (with_c)
        g_string_append_printf (cards, "  - {id: %s, %s%s points: 1}\n", twins[i].id, twins[i].kind,
                                g_str_has_suffix (twins[i].kind, ",") ? "" : ",");
    }
  return g_string_free (cards, FALSE);
}

/* tests/data-files/colorblock-expressions.yaml, the file `bench` and
 * `simulate` measure, is the bundled definition with every twin in place of
 * its C kind: kept so by this check. */
static void
test_data_file (void)
{
  g_autofree char *want = with_expressions ((1u << G_N_ELEMENTS (twins)) - 1);

  tw_test_check_data_file ("colorblock-expressions.yaml", want);
}

/* The bundled definition with every twin added, after the bundled cards. */
static TwDefinition *
load_with_twins_added (void)
{
  g_autofree char *cards = twin_cards (FALSE);
  g_autoptr(GString) text = g_string_new (bundled_text);

  g_assert_cmpuint (g_string_replace (text, "cards:\n", cards, 1), ==, 1);
  return load_text (text->str);
}

/* A small set where islands are common: wedges with one blue or green
 * edge ring a full tile of that colour with red. */
static TwDefinition *
load_island_set (void)
{
  g_autofree char *cards = twin_cards (TRUE);
  g_autofree char *text = g_strconcat (
    "game: {name: Islands, rules: colorblock}\n"
    "colors:\n"
    "  - {id: red, rgb: \"#ff0000\"}\n"
    "  - {id: green, rgb: \"#00ff00\"}\n"
    "  - {id: blue, rgb: \"#0000ff\"}\n"
    "tiles:\n"
    "  - {id: red, count: 16, edges: [red, red, red, red]}\n"
    "  - {id: blue, count: 8, edges: [blue, blue, blue, blue]}\n"
    "  - {id: green, count: 6, edges: [green, green, green, green]}\n"
    "  - {id: blue-in, count: 24, edges: [blue, red, red, red], sections: [N, ESW]}\n"
    "  - {id: green-in, count: 16, edges: [green, red, red, red], sections: [N, ESW]}\n",
    cards, NULL);
  return load_text (text);
}

/* Every shape root of board @board in @s. */
static guint
shape_roots (const TwGame  *game,
             const CbState *s,
             guint          board,
             guint16       *roots)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  guint n = 0;

  for (guint i = 0; i < s->n_placed; i++)
    {
      if (placed[i].board != board)
        continue;
      for (guint sec = 0; sec < cb_inst_face (p, placed[i].inst, placed[i].rot)->n_sections; sec++)
        if (parent[4 * i + sec] == 4 * i + sec)
          roots[n++] = 4 * i + sec;
    }
  return n;
}

/* ------------------------------------------------------------------------ */
/* The vocabulary against the state and against the regions from scratch    */

typedef struct
{
  const TwGame  *game;
  const CbState *s;
  guint          board;
} Lookup;

static int
lookup_local (gpointer user_data,
              int      x,
              int      y)
{
  const Lookup *l = user_data;
  guint8 j = cb_board_at (l->game, l->s, l->board, x, y);
  int local = 0;

  if (j == CB_NONE)
    return -1;
  /* the index of placement j among the board's placements */
  for (guint i = 0; i < j; i++)
    local += CB_PLACED (cb_prep (l->game), l->s)[i].board == l->board;
  return local;
}

/* Sums over the regions of one board found from scratch. */
typedef struct
{
  guint n, tiles, islands, holes, width, height;
} BoardSums;

static void
board_sums (const TwGame  *game,
            const CbState *s,
            guint          board,
            BoardSums     *out)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  g_autofree TwRegionTile *tiles = g_new (TwRegionTile, MAX (s->n_placed, 1));
  Lookup lookup = { game, s, board };
  guint n = 0;

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < s->n_placed; i++)
    if (placed[i].board == board)
      tiles[n++] = (TwRegionTile) { placed[i].x, placed[i].y, cb_inst_face (p, placed[i].inst, placed[i].rot) };
  if (n == 0)
    return;
  g_autoptr(TwRegionMap) map = tw_regions_compute (tiles, n, lookup_local, &lookup);
  out->n = map->n_regions;
  for (guint r = 0; r < map->n_regions; r++)
    {
      const TwRegion *region = &map->regions[r];
      out->tiles += region->n_tiles;
      out->islands += region->has_island;
      out->holes += region->has_hole;
      out->width += region->x1 - region->x0 + 1;
      out->height += region->y1 - region->y0 + 1;
    }
}

static const char * const vocabulary_exprs[] = {
  "count(s in shapes(shared))",
  "sum(s.size for s in shapes(shared))",
  "count(s in shapes(shared) where s.island)",
  "count(s in shapes(shared) where s.hole)",
  "sum(s.width for s in shapes(shared))",
  "sum(s.height for s in shapes(shared))",
  "count(s in shapes(own))",
  "sum(s.size for s in shapes(own))",
  "count(s in shapes(own) where s.island)",
  "sum(s.width * 1000 + s.height for s in shapes(own))",
  "count(s in shapes(shared) where s.completed)",
  "count(s in shapes(own) where s.completed)",
  "count(s in shapes(others) where s.completed)",
  "count(s in shapes(any)) - count(s in shapes(shared)) - count(s in shapes(own))",
  "count(s in shapes(own) where not s.own or s.shared) + count(s in shapes(shared) where s.own or not s.shared)",
  "tiles(shared) * 10000 + tiles(own) * 100 + tiles(others)",
  "tiles(any) - tiles(shared) - tiles(own)",
  "goals_claimed * 100 + goals_open",
  "players * 10 + private_size",
};

typedef struct
{
  TwExprProgram *programs[G_N_ELEMENTS (vocabulary_exprs)];
  guint          checked;
} VocabularyRun;

static void
check_vocabulary (const TwGame  *game,
                  const TwState *state,
                  gpointer       data)
{
  const CbState *s = (const CbState *) state;
  VocabularyRun *run = data;

  BoardSums shared;

  board_sums (game, s, 0, &shared);
  for (guint seat = 0; seat < s->n_players; seat++)
    {
      CbExprEnv env = { game, s, seat, NULL };
      BoardSums own;
      guint done_shared = 0, done_own = 0, done_others = 0, claimed = 0, open = 0;
      guint t_shared = 0, t_own = 0, t_others = 0, own_wh = 0;
      const CbPlaced *placed = CB_PLACED (cb_prep (game), s);

      board_sums (game, s, 1 + seat, &own);
      for (guint c = 0; c < TW_MAX_COLORS; c++)
        {
          done_shared += s->done_shared[c];
          for (guint q = 0; q < s->n_players; q++)
            *(q == seat ? &done_own : &done_others) += s->done_private[q][c];
        }
      for (guint i = 0; i < s->n_placed; i++)
        *(placed[i].board == 0 ? &t_shared : placed[i].board == 1 + seat ? &t_own : &t_others) += 1;
      for (guint g = 0; g < s->n_goals; g++)
        {
          claimed += s->goal_owner[g] == seat;
          open += s->goal_owner[g] == CB_NONE;
        }
      own_wh = own.width * 1000 + own.height;

      const gint64 want[] = {
        shared.n, shared.tiles, shared.islands, shared.holes, shared.width, shared.height,
        own.n, own.tiles, own.islands, own_wh,
        done_shared, done_own, done_others,
        0, 0,
        t_shared * 10000 + t_own * 100 + t_others,
        0,
        claimed * 100 + open,
        s->n_players * 10 + cb_private_side (game),
      };
      G_STATIC_ASSERT (G_N_ELEMENTS (want) == G_N_ELEMENTS (vocabulary_exprs));
      for (guint e = 0; e < G_N_ELEMENTS (vocabulary_exprs); e++)
        {
          gint64 got = tw_expr_eval (run->programs[e], &env);
          if (got != want[e])
            g_error ("'%s' for seat %u gives %" G_GINT64_FORMAT ", the state says %" G_GINT64_FORMAT,
                     vocabulary_exprs[e], seat, got, want[e]);
        }
      run->checked++;
    }
}

static void
test_vocabulary (void)
{
  g_autoptr(TwDefinition) def = load_text (bundled_text);
  VocabularyRun run = { { 0, }, 0 };

  for (guint e = 0; e < G_N_ELEMENTS (vocabulary_exprs); e++)
    {
      g_autoptr(GError) error = NULL;
      run.programs[e] = tw_expr_compile (vocabulary_exprs[e], -1, &cb_expr_vocabulary, def,
                                         TW_EXPR_NUMBER, NULL, &error);
      g_assert_no_error (error);
    }
  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (def, players, NULL);
      tw_test_random_positions (game, 2, players, check_vocabulary, &run);
    }
  /* and holes: only a variant keeps holed shapes complete */
  {
    g_autoptr(TwGame) game = tw_test_make_game (def, 2, "shape-completion=perimeter-only");
    tw_test_random_positions (game, 3, 9, check_vocabulary, &run);
  }
  g_assert_cmpuint (run.checked, >, 1000);
  for (guint e = 0; e < G_N_ELEMENTS (vocabulary_exprs); e++)
    tw_expr_program_free (run.programs[e]);
}

/* ------------------------------------------------------------------------ */
/* Each twin equal to its C kind on every shape of every position           */

typedef struct
{
  guint  c_card[G_N_ELEMENTS (twins)];
  guint  x_card[G_N_ELEMENTS (twins)];
  guint  met[G_N_ELEMENTS (twins)];       /* positions where the C kind is met */
  guint  unmet[G_N_ELEMENTS (twins)];
} TwinRun;

static void
compare_twins (const TwGame  *game,
               const CbState *s,
               TwinRun       *run,
               guint          seat,
               const CbShape *shape)
{
  for (guint t = 0; t < G_N_ELEMENTS (twins); t++)
    {
      gboolean c = cb_goal_met (game, s, seat, run->c_card[t], shape);
      gboolean x = cb_goal_met (game, s, seat, run->x_card[t], shape);
      if (c != x)
        g_error ("goal %s: the C kind says %d, the expression %d (seat %u, %s, %u tiles)",
                 twins[t].id, c, x, seat, shape ? (shape->board ? "private shape" : "shared shape")
                                                : "no shape", shape ? shape->n_tiles : 0);
      *(c ? &run->met[t] : &run->unmet[t]) += 1;
    }
}

static void
check_twins (const TwGame  *game,
             const TwState *state,
             gpointer       data)
{
  const CbState *s = (const CbState *) state;
  guint16 roots[4 * TW_MAX_TILE_COUNT];

  for (guint seat = 0; seat < s->n_players; seat++)
    {
      compare_twins (game, s, data, seat, NULL);
      /* the shapes of the boards a seat's placement touches */
      for (guint board = 0; board <= 1 + seat; board += 1 + seat)
        for (guint k = 0, n = shape_roots (game, s, board, roots); k < n; k++)
          {
            CbShape shape;
            cb_analyze_shape (game, s, roots[k], &shape);
            compare_twins (game, s, data, seat, &shape);
          }
    }
}

static void
twins_equal_in (TwDefinition *def,
                TwinRun      *run,
                guint         n_games)
{
  for (guint t = 0; t < G_N_ELEMENTS (twins); t++)
    {
      g_autofree char *x_id = g_strconcat ("x-", twins[t].id, NULL);
      gint c = tw_definition_find_card (def, twins[t].id);
      gint x = tw_definition_find_card (def, x_id);
      g_assert_cmpint (c, >=, 0);
      g_assert_cmpint (x, >=, 0);
      g_assert_cmpuint (def->cards[x].kind, ==, CB_GOAL_EXPRESSION);
      g_assert_cmpuint (def->cards[c].kind, !=, CB_GOAL_EXPRESSION);
      run->c_card[t] = c;
      run->x_card[t] = x;
    }
  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (def, players, NULL);
      tw_test_random_positions (game, n_games, 100 + players, check_twins, run);
    }
}

static void
test_twins_equal (void)
{
  g_autoptr(TwDefinition) bundled = load_with_twins_added ();
  g_autoptr(TwDefinition) islands = load_island_set ();
  TwinRun run = { { 0, }, };

  twins_equal_in (bundled, &run, 6);
  twins_equal_in (islands, &run, 6);
  /* every goal both met and not met, many times: the comparison means something */
  for (guint t = 0; t < G_N_ELEMENTS (twins); t++)
    {
      g_test_message ("%s: met %u times, unmet %u times", twins[t].id, run.met[t], run.unmet[t]);
      if (run.met[t] < 20 || run.unmet[t] < 20)
        g_error ("goal %s met %u times, unmet %u times", twins[t].id, run.met[t], run.unmet[t]);
    }
}

/* ------------------------------------------------------------------------ */
/* Whole games: the same moves and scores                                   */

/* The moves of one seeded game in notation, then its scores and the
 * goals claimed (also added to *@goals). */
static char *
play_game (TwGame           *game,
           const TwBotSpec  *spec,
           guint64           game_seed,
           gpointer          data)
{
  guint *goals = data;
  g_autofree TwState *state = NULL;
  g_autofree char *played = tw_test_play_bot_game (game, spec, game_seed, &state);
  guint n = ((CbState *) state)->counters[CB_COUNTER_GOALS];

  *goals += n;
  return g_strdup_printf ("%s goals %u", played, n);
}

static void
same_games (const char *bot,
            guint       which,
            guint       n_games,
            guint64     seed)
{
  g_autoptr(TwDefinition) c_def = tw_test_load_text (bundled_text, "C kinds");
  g_autofree char *x_text = with_expressions (which);
  g_autoptr(TwDefinition) x_def = tw_test_load_text (x_text, "expressions");
  guint c_goals = 0, x_goals = 0;

  tw_test_same_games (c_def, x_def, bot, NULL, n_games, seed, play_game, &c_goals, &x_goals);
  /* goals were claimed, about one a game or more: the games tested them */
  g_assert_cmpuint (c_goals, ==, x_goals);
  g_assert_cmpuint (c_goals, >=, n_games);
}

/* Bots that read goals through cb_goal_met() (greedy's heuristic asks it of
 * open shapes) play the same games; Palette stays a C kind here because the
 * heuristic values an open Palette card specially (doc/rules/colorblock.md). */
static void
test_same_games_greedy (void)
{
  same_games ("greedy", ((1u << G_N_ELEMENTS (twins)) - 1) & ~(1u << PALETTE), 30, 24);
}

/* Random play with every twin, Palette included: the goals claimed, hence
 * the scores, are the same. */
static void
test_same_games_random (void)
{
  same_games ("random", (1u << G_N_ELEMENTS (twins)) - 1, 90, 25);
}

/* ------------------------------------------------------------------------ */
/* The worked examples of doc/definition-format.md                          */

/* The cards of the doc's "Worked examples", verbatim: every YAML block there
 * that holds `kind: expression`. */
static char *
doc_example_cards (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TILEWRIGHT_SRCDIR"), "doc",
                                            "definition-format.md", NULL);
  g_autofree char *doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) cards = g_string_new ("cards:\n");
  const char *p;

  g_file_get_contents (path, &doc, NULL, &error);
  g_assert_no_error (error);
  p = strstr (doc, "### Worked examples");
  g_assert_nonnull (p);
  while ((p = strstr (p, "```yaml\n")) != NULL)
    {
      const char *end = strstr (p + 8, "```");
      g_assert_nonnull (end);
      g_autofree char *block = g_strndup (p + 8, end - (p + 8));
      if (strstr (block, "kind: expression") != NULL)
        g_string_append (cards, block);
      p = end + 3;
    }
  return g_string_free (g_steal_pointer (&cards), FALSE);
}

/* Each example card, and the same condition computed directly. */
typedef struct
{
  guint two_colours, third_shared, wide;
  guint met[3];
} ExampleRun;

static void
check_examples (const TwGame  *game,
                const TwState *state,
                gpointer       data)
{
  const CbState *s = (const CbState *) state;
  ExampleRun *run = data;
  guint16 roots[4 * TW_MAX_TILE_COUNT];

  for (guint seat = 0; seat < s->n_players; seat++)
    {
      guint colours = 0;
      for (guint c = 0; c < game->definition->n_colors; c++)
        colours += s->done_private[seat][c] > 0;
      gboolean want = colours >= 2;
      g_assert_cmpint (cb_goal_met (game, s, seat, run->two_colours, NULL), ==, want);
      run->met[0] += want;

      for (guint board = 0; board <= 1 + seat; board += 1 + seat)
        for (guint k = 0, n = shape_roots (game, s, board, roots); k < n; k++)
          {
            CbShape shape;
            cb_analyze_shape (game, s, roots[k], &shape);
            want = shape.board == 0 && shape.completed && s->done_shared[shape.color] >= 3;
            g_assert_cmpint (cb_goal_met (game, s, seat, run->third_shared, &shape), ==, want);
            run->met[1] += want;

            int w = 0, h = 0;
            for (guint i = 0; i < shape.footprint.n; i++)
              {
                w = MAX (w, shape.footprint.x[i] + 1);
                h = MAX (h, shape.footprint.y[i] + 1);
              }
            want = shape.board == 1 + seat && w >= 2 && h >= 2 && (guint) (w * h) == shape.n_tiles;
            g_assert_cmpint (cb_goal_met (game, s, seat, run->wide, &shape), ==, want);
            run->met[2] += want;
          }
    }
}

static void
test_doc_examples (void)
{
  g_autofree char *cards = doc_example_cards ();
  g_autoptr(GString) text = g_string_new (bundled_text);
  g_autoptr(TwDefinition) def = NULL;
  ExampleRun run = { 0, };

  g_assert_cmpuint (g_string_replace (text, "cards:\n", cards, 1), ==, 1);
  def = load_text (text->str);
  g_assert_cmpint (tw_definition_find_card (def, "two-colours-at-home"), >=, 0);
  g_assert_cmpint (tw_definition_find_card (def, "third-shared"), >=, 0);
  g_assert_cmpint (tw_definition_find_card (def, "solid-block"), >=, 0);
  run.two_colours = tw_definition_find_card (def, "two-colours-at-home");
  run.third_shared = tw_definition_find_card (def, "third-shared");
  run.wide = tw_definition_find_card (def, "solid-block");
  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (def, players, NULL);
      tw_test_random_positions (game, 6, 40 + players, check_examples, &run);
    }
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (run.met[i], >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  bundled_text = tw_test_read_bundled ("colorblock");

  g_test_add_func ("/tw/colorblock-expr/data-file", test_data_file);
  g_test_add_func ("/tw/colorblock-expr/vocabulary", test_vocabulary);
  g_test_add_func ("/tw/colorblock-expr/twins-equal", test_twins_equal);
  g_test_add_func ("/tw/colorblock-expr/same-games/greedy", test_same_games_greedy);
  g_test_add_func ("/tw/colorblock-expr/same-games/random", test_same_games_random);
  g_test_add_func ("/tw/colorblock-expr/doc-examples", test_doc_examples);

  int status = g_test_run ();
  g_free (bundled_text);
  return status;
}
