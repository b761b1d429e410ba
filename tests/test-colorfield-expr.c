/* test-colorfield-expr.c: Colorfield's Community Tools' scoring written as expressions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What cf-expr.c answers, checked at every position of random games
 * against the canvases recounted here; the shipped tools that add points
 * at a round's end written as round-bonus cards
 * (tests/data-files/colorfield-expressions.yaml) playing the same seeded
 * bot games as the C tools, move for move, score for score and item for
 * item, under the options that change what the tools count; the errors of
 * a bad `points:`, at their line and column; and the worked example of
 * doc/definition-format.md.
 */
#include "config.h"

#include <string.h>

#include "tw-bot.h"
#include "tw-expr.h"
#include "tw-game.h"
#include "tw-result.h"
#include "tw-test-rules.h"
#include "games/colorfield/cf-private.h"

/* The shipped tools that add points at a round's end, each card's line as
 * the bundled file has it and as round-bonus. */
typedef struct
{
  const char *c_line;
  const char *x_line;
} ToolLine;

#define CARD(id) "  - {id: " id ", "
static const ToolLine shipped_tools[] = {
  { CARD ("mahl-stick") "kind: opponent-perfect-tiles, params: {points: 1},",
    CARD ("mahl-stick") "kind: round-bonus,\n"
    "     params: {points: \"count(t in tiles(others) where t.perfect)\"}," },
  { CARD ("corporate-sponsorships") "kind: sponsorship, params: {points: 1},",
    CARD ("corporate-sponsorships") "kind: round-bonus,\n"
    "     params: {points: \"let c = specialty in\n"
    "                       count(s in matched_sides(others) where s.color == c and not s.two)\"}," },
  { CARD ("matte-varnish") "kind: orientation-bonus, params: {points: 2},",
    CARD ("matte-varnish") "kind: round-bonus,\n"
    "     params: {points: \"2 * count(t in tiles(own) where t.upright)\"}," },
  { CARD ("h-frame-easel") "kind: specialty-swath, params: {points: 5, tiles: 3},",
    CARD ("h-frame-easel") "kind: round-bonus,\n"
    "     params: {points: \"if max(w.size for w in swaths(own) where w.color == specialty) >= 3\n"
    "                       then 5 else 0\"}," },
  { CARD ("paper-lining-tape") "kind: canvas-edge-points, params: {points: 1},",
    CARD ("paper-lining-tape") "kind: round-bonus,\n"
    "     params: {points: \"count(s in matched_sides(own) where s.border)\"}," },
};

#define N_SHIPPED G_N_ELEMENTS (shipped_tools)

static const char shipped_note[] =
  "# Community Tool cards, in the order the rulebook describes them.";
static const char expressions_note[] =
  "# Community Tool cards, in the order the rulebook describes them. The five\n"
  "# that add points at the end of a round are written here as `round-bonus`\n"
  "# cards, their points as expressions (doc/definition-format.md,\n"
  "# \"Colorfield's vocabulary\"), counting what the C tools count.";

static char *bundled_text;
static char *test_set_text;    /* tests/data-files/colorfield-test.yaml */

/* @text with the first @from replaced by @to (which must be there). */
static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* @c_text (the bundled definition, or the test set) with the shipped
 * tools as round-bonus cards. */
static char *
expressions_of (const char *c_text)
{
  char *text = strstr (c_text, shipped_note) != NULL
               ? replace_once (c_text, shipped_note, expressions_note) : g_strdup (c_text);

  for (guint i = 0; i < N_SHIPPED; i++)
    {
      char *next = replace_once (text, shipped_tools[i].c_line, shipped_tools[i].x_line);
      g_free (text);
      text = next;
    }
  return text;
}

/* The data file `simulate` measures is the bundled definition with the
 * shipped tools as expressions: kept so by this check. */
static void
test_data_file (void)
{
  g_autofree char *want = expressions_of (bundled_text);

  tw_test_check_data_file ("colorfield-expressions.yaml", want);
}

/* ------------------------------------------------------------------------ */
/* The canvases recounted                                                   */

enum
{
  V_SEAT,
  V_PLAYERS,
  V_ROUND,
  V_ROUNDS,
  V_TOKENS,
  V_ABILITIES,
  V_OPTIONS,
  V_SCORE,
  V_SPECIALTY,
  /* from here: over the tiles */
  V_TILE_PLACES,
  V_TILE_WHOSE,
  V_TILE_ROTATIONS,
  V_TILE_MATCHED,
  V_TILE_POINTS,
  V_TILE_TWO_COLOR,
  /* over the sides */
  V_SIDES,
  V_SIDE_COLORS,
  V_SIDE_TILES,
  V_MATCHED_SIDES,
  /* over the swaths */
  V_SWATHS,
  V_SPECIALTY_SWATH,
  N_VOCABULARY_EXPRS,
};

static const char * const vocabulary_exprs[] = {
  [V_SEAT] = "seat",
  [V_PLAYERS] = "players",
  [V_ROUND] = "round",
  [V_ROUNDS] = "rounds",
  [V_TOKENS] = "tokens_left",
  [V_ABILITIES] = "abilities_used",
  [V_OPTIONS] = "ability_tokens + 100 * two_side_points + (if modifiers_stack then 10000 else 0)",
  [V_SCORE] = "score",
  [V_SPECIALTY] = "count(c in colors where c == specialty) + 10 * count(s in sides(own) where "
                  "s.color == specialty)",
  [V_TILE_PLACES] = "sum(t.owner * 1000 + t.space * t.space + 10 * t.row + 100 * t.column "
                    "for t in tiles(all))",
  [V_TILE_WHOSE] = "count(tiles(own)) + 10 * count(tiles(others)) "
                   "+ 100 * count(t in tiles(all) where t.own)",
  [V_TILE_ROTATIONS] = "sum(t.rotation + (if t.upright then 10 else 0) for t in tiles(all))",
  [V_TILE_MATCHED] = "sum(t.matched * t.owner + (if t.perfect then 100 else 0) for t in tiles(all))",
  [V_TILE_POINTS] = "sum(t.points for t in tiles(own)) + 1000 * sum(t.points for t in tiles(others))",
  [V_TILE_TWO_COLOR] = "count(t in tiles(all) where t.two_color == specialty)",
  [V_SIDES] = "sum((if s.matched then 1 else 0) + (if s.two then 10 else 0) "
              "+ (if s.border then 100 else 0) + 1000 * s.points for s in sides(all))",
  [V_SIDE_COLORS] = "sum(count(s in sides(own) where s.color == c and s.matched) for c in colors) "
                    "+ 100 * count(s in sides(all) where s.own)",
  [V_SIDE_TILES] = "sum(s.tile.space + 10 * s.tile.owner for s in sides(others) where s.matched)",
  [V_MATCHED_SIDES] = "sum(s.points * (s.tile.space + 10 * s.tile.owner) + (if s.border then 1000 "
                      "else 0) for s in matched_sides(all)) + 100000 * count(matched_sides(own)) "
                      "+ 10000000 * count(s in matched_sides(others) where s.two)",
  [V_SWATHS] = "sum(w.size * w.size + (if w.own then 1000 else 0) for w in swaths(all)) "
               "+ 100000 * count(swaths(others))",
  [V_SPECIALTY_SWATH] = "max(w.size for w in swaths(own) where w.color == specialty)",
};

G_STATIC_ASSERT (G_N_ELEMENTS (vocabulary_exprs) == N_VOCABULARY_EXPRS);

/* The swaths of colour @c on seat @q's canvas: the component of each
 * space by a union of the spaces whose touching sides both show @c; sizes
 * in @size[root] (0 elsewhere), and a tile alone only when it shows @c. */
static void
recount_swaths (const TwGame  *game,
                const CfState *s,
                guint          q,
                guint          c,
                guint         *size)
{
  const CfPrep *p = cf_prep (game);
  guint root[CF_SLOTS];

  for (guint i = 0; i < CF_SLOTS; i++)
    root[i] = i;
  /* join pairs until nothing changes: six spaces, no hurry */
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < CF_SLOTS; i++)
        for (guint d = 0; d < 4; d++)
          {
            int n = p->neighbour[i][d];
            if (n < 0 || s->slot[q][i] == CF_NONE || s->slot[q][n] == CF_NONE)
              continue;
            if (p->edge[s->slot[q][i]][s->rot[q][i]][d] == c
                && p->edge[s->slot[q][n]][s->rot[q][n]][(d + 2) % 4] == c
                && root[i] != root[n])
              {
                guint lo = MIN (root[i], root[n]), hi = MAX (root[i], root[n]);
                for (guint k = 0; k < CF_SLOTS; k++)
                  if (root[k] == hi)
                    root[k] = lo;
                changed = TRUE;
              }
          }
    }
  memset (size, 0, CF_SLOTS * sizeof *size);
  for (guint i = 0; i < CF_SLOTS; i++)
    if (s->slot[q][i] != CF_NONE)
      size[root[i]]++;
  for (guint i = 0; i < CF_SLOTS; i++)
    if (size[i] == 1)
      {
        const guint8 *e = p->edge[s->slot[q][i]][s->rot[q][i]];
        if (e[0] != c && e[1] != c && e[2] != c && e[3] != c)
          size[i] = 0;
      }
}

static gint64
recount (const TwGame  *game,
         const CfState *s,
         guint          seat,
         guint          which)
{
  const CfPrep *p = cf_prep (game);
  int spec = cf_specialty (game, s, seat);
  gint64 n = 0;

  switch (which)
    {
    case V_SEAT:      return seat + 1;
    case V_PLAYERS:   return s->n_players;
    case V_ROUND:     return s->round + 1;
    case V_ROUNDS:    return cf_opt (game, CF_OPT_ROUNDS);
    case V_TOKENS:    return cf_tokens_unused (game, s, seat);
    case V_ABILITIES: return s->uses[seat];
    case V_OPTIONS:
      return cf_opt (game, CF_OPT_TOKENS) + 100 * cf_opt (game, CF_OPT_TWO_POINTS)
             + (cf_opt (game, CF_OPT_STACK) ? 10000 : 0);
    case V_SCORE:     return s->score[seat];
    default:
      break;
    }
  if (which == V_SPECIALTY)
    n += spec >= 0;
  for (guint q = 0; q < s->n_players; q++)
    {
      guint8 matched[CF_SLOTS];
      int qspec = cf_specialty (game, s, q);
      guint size[CF_SLOTS];

      cf_matched_sides (game, s, q, matched);
      if (which == V_SWATHS || which == V_SPECIALTY_SWATH)
        {
          for (guint c = 0; c < p->n_colors; c++)
            {
              recount_swaths (game, s, q, c, size);
              for (guint i = 0; i < CF_SLOTS; i++)
                if (size[i] > 0)
                  {
                    if (which == V_SWATHS)
                      n += size[i] * size[i] + (q == seat ? 1000 : 100000);
                    else if (q == seat && (int) c == spec)
                      n = MAX (n, size[i]);
                  }
            }
          continue;
        }
      for (guint i = 0; i < CF_SLOTS; i++)
        {
          guint t = s->slot[q][i], r = s->rot[q][i];
          guint two;
          int points = 0;

          if (t == CF_NONE)
            continue;
          two = (p->two[t] + r) & 3;
          switch (which)
            {
            case V_TILE_PLACES:
              n += (q + 1) * 1000 + (i + 1) * (i + 1) + 10 * (i / 3 + 1) + 100 * (i % 3 + 1);
              break;
            case V_TILE_WHOSE:    n += q == seat ? 101 : 10; break;
            case V_TILE_ROTATIONS: n += r + (r == 0 ? 10 : 0); break;
            case V_TILE_MATCHED:
              n += __builtin_popcount (matched[i]) * (q + 1) + (matched[i] == 0xf ? 100 : 0);
              break;
            case V_TILE_TWO_COLOR: n += p->edge[t][0][p->two[t]] == spec; break;
            default:
              break;
            }
          for (guint d = 0; d < 4; d++)
            {
              guint color = p->edge[t][r][d];
              gboolean m = (matched[i] >> d) & 1;
              int v = m ? cf_side_value (game, s, qspec, d == two, color) : 0;
              /* the canvas is 3 wide, 2 high */
              gboolean border = (d == 0 && i < 3) || (d == 2 && i >= 3) || (d == 1 && i % 3 == 2)
                                || (d == 3 && i % 3 == 0);
              points += v;
              switch (which)
                {
                case V_SPECIALTY:   n += q == seat && (int) color == spec ? 10 : 0; break;
                case V_SIDES:       n += m + (d == two ? 10 : 0) + (border ? 100 : 0) + 1000 * v; break;
                case V_SIDE_COLORS: n += (q == seat && m ? 1 : 0) + (q == seat ? 100 : 0); break;
                case V_SIDE_TILES:  n += q != seat && m ? (i + 1) + 10 * (q + 1) : 0; break;
                case V_MATCHED_SIDES:
                  if (m)
                    n += v * ((i + 1) + 10 * (q + 1)) + (border ? 1000 : 0) + (q == seat ? 100000 : 0)
                         + (q != seat && d == two ? 10000000 : 0);
                  break;
                default:            break;
                }
            }
          if (which == V_TILE_POINTS)
            n += q == seat ? points : 1000 * points;
        }
    }
  return n;
}

typedef struct
{
  TwExprProgram *programs[N_VOCABULARY_EXPRS];
  guint          checked;
  guint          perfect;     /* perfect tiles seen */
  guint          swaths;      /* swaths of three tiles or more */
  guint          rotated;
} VocabularyRun;

static void
check_vocabulary (const TwGame  *game,
                  const TwState *state,
                  gpointer       data)
{
  const CfState *s = (const CfState *) state;
  VocabularyRun *run = data;

  for (guint seat = 0; seat < s->n_players; seat++)
    {
      CfExprEnv env;
      CfScore sc;

      /* one env for every expression: its facts are worked out once */
      cf_expr_env_init (&env, game, s, seat, s->slot[seat], s->rot[seat]);
      for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
        {
          gint64 got = tw_expr_eval (run->programs[i], &env);
          gint64 want = recount (game, s, seat, i);
          if (got != want)
            g_error ("seat %u: '%s' gave %" G_GINT64_FORMAT ", the recount %" G_GINT64_FORMAT,
                     seat + 1, vocabulary_exprs[i], got, want);
        }
      /* a tile's points are the rules' matched sides */
      cf_round_points (game, s, seat, &sc);
      g_assert_cmpint (tw_expr_eval (run->programs[V_TILE_POINTS], &env) % 1000, ==, sc.tiles);
      run->perfect += recount (game, s, seat, V_TILE_MATCHED) >= 100;
      run->swaths += recount (game, s, seat, V_SPECIALTY_SWATH) >= 2;
      run->rotated += recount (game, s, seat, V_TILE_ROTATIONS) % 10 != 0;
      run->checked++;
    }
}

static void
test_vocabulary (void)
{
  g_autoptr(TwDefinition) def = tw_test_load_text (bundled_text, "cf-expr.yaml");
  static const char * const options[] = {
    NULL,
    "advanced-mode=true tool-modifiers-stack=true ability-tokens=5 two-side-points=3",
    "setup-choices=dealt rounds=2 local-collective-tokens=free-first",
  };
  VocabularyRun run = { { NULL, }, };

  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    {
      g_autoptr(GError) error = NULL;
      run.programs[i] = tw_expr_compile (vocabulary_exprs[i], -1, &cf_expr_vocabulary, def,
                                         TW_EXPR_NUMBER, NULL, &error);
      g_assert_no_error (error);
    }
  for (guint players = 2; players <= 4; players++)
    for (guint o = 0; o < G_N_ELEMENTS (options); o++)
      {
        g_autoptr(TwGame) game = tw_test_make_game (def, players, options[o]);
        tw_test_random_positions (game, 2, 40 + 10 * players + o, check_vocabulary, &run);
      }
  g_test_message ("%u seat positions; %u with a perfect tile, %u with a specialty swath of 2 or more, "
                  "%u with a tile turned", run.checked, run.perfect, run.swaths, run.rotated);
  g_assert_cmpuint (run.checked, >, 3000);
  g_assert_cmpuint (run.perfect, >, 0);
  g_assert_cmpuint (run.swaths, >, 0);
  g_assert_cmpuint (run.rotated, >, 0);
  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    g_clear_pointer (&run.programs[i], tw_expr_program_free);
}

/* ------------------------------------------------------------------------ */
/* Whole games: the same moves, scores and score items                      */

/* What a tool's points earned in a game, summed over the games */
typedef struct
{
  guint earned[CF_N_ITEMS];
} GamesRun;

/* The moves of one seeded game in notation, its scores and each seat's
 * score items as the score table lists them (labels and points); the
 * items' points must add up to the score. */
static char *
play_game (TwGame          *game,
           const TwBotSpec *spec,
           guint64          game_seed,
           gpointer         data)
{
  GamesRun *run = data;
  g_autofree TwState *state = NULL;
  g_autofree char *played = tw_test_play_bot_game (game, spec, game_seed, &state);
  GString *out = g_string_new (played);
  const CfState *s = (const CfState *) state;

  tw_test_append_score_terms (out, game, state);
  tw_test_assert_terms_add_up (game, state);
  for (guint q = 0; q < game->n_players && run != NULL; q++)
    for (guint k = 0; k < CF_N_ITEMS; k++)
      run->earned[k] += s->item_score[q][k] != 0;
  return g_string_free (out, FALSE);
}

/* @n_games seeded games with 2, 3 and 4 players by @bot under @options,
 * with the C tools and with the shipped expressions: identical. */
static void
same_games (const char *c_text,
            const char *bot,
            const char *options,
            guint       n_games,
            guint64     seed,
            GamesRun   *run)
{
  g_autoptr(TwDefinition) c_def = tw_test_load_text (c_text, "C tools");
  g_autofree char *x_text = expressions_of (c_text);
  g_autoptr(TwDefinition) x_def = tw_test_load_text (x_text, "expressions");
  g_autoptr(TwGame) x_game = tw_test_make_game (x_def, 2, options);

  g_assert_cmpuint (cf_prep (x_game)->n_expr, ==, N_SHIPPED);
  /* the Easel asks about swaths: left to the full count by the bots' quick gain */
  g_assert_cmphex (cf_prep (x_game)->expr_local, ==, 0x17);
  tw_test_same_games (c_def, x_def, bot, options, n_games, seed, play_game, run, NULL);
}

/* The rulebook's readings by the greedy bot (whose heuristic counts every
 * tool, and the quick gain of a drawn tile) and at random; in Advanced
 * Mode several tools score in one round, and tool-modifiers-stack changes
 * Minimalism and the Sponge, which stay C terms. */
static void
test_same_games (void)
{
  GamesRun run = { { 0, }, };

  same_games (bundled_text, "greedy", NULL, 90, 24, &run);
  same_games (bundled_text, "random", NULL, 300, 25, &run);
  same_games (bundled_text, "greedy", "advanced-mode=true", 60, 26, &run);
  same_games (bundled_text, "random", "advanced-mode=true tool-modifiers-stack=true", 150, 27, &run);
  same_games (bundled_text, "policy", "advanced-mode=true", 30, 28, &run);
  /* every bundled tile shows each colour once, so no swath covers three
   * tiles there: the H-Frame Easel pays on the test set's plain tiles */
  same_games (test_set_text, "greedy", "advanced-mode=true", 60, 29, &run);
  same_games (test_set_text, "random", "advanced-mode=true", 150, 30, &run);
  g_test_message ("seats that earned: Mahl Stick %u, Sponsorships %u, Varnish %u, Easel %u, "
                  "Tape %u", run.earned[CF_ITEM_PERFECT], run.earned[CF_ITEM_SPONSOR],
                  run.earned[CF_ITEM_VARNISH], run.earned[CF_ITEM_SWATH],
                  run.earned[CF_ITEM_EDGES]);
  for (guint k = CF_ITEM_PERFECT; k < CF_N_ITEMS; k++)
    g_assert_cmpuint (run.earned[k], >, 0);
}

/* ------------------------------------------------------------------------ */
/* Positions                                                                */

typedef struct
{
  guint checked;
  guint bonus;      /* positions whose round-bonus items are not all 0 */
} NotationRun;

/* The position written and read back keeps the round-bonus items. */
static void
check_notation (const TwGame  *game,
                const TwState *state,
                gpointer       data)
{
  const CfState *s = (const CfState *) state;
  NotationRun *run = data;
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autofree TwState *back = tw_test_position_round_trip ((TwGame *) game, state, &text, why);

  g_assert_nonnull (back);
  g_assert_cmpmem (((CfState *) back)->item_score, sizeof s->item_score, s->item_score,
                   sizeof s->item_score);
  for (guint q = 0; q < s->n_players; q++)
    for (guint k = CF_N_ITEMS; k < CF_N_ALL_ITEMS; k++)
      if (s->item_score[q][k] != 0)
        {
          run->bonus++;
          q = s->n_players;
          break;
        }
  run->checked++;
}

static void
test_notation (void)
{
  g_autofree char *x_text = expressions_of (bundled_text);
  g_autoptr(TwDefinition) def = tw_test_load_text (x_text, "expressions");
  g_autoptr(TwGame) game = tw_test_make_game (def, 3, "advanced-mode=true");
  NotationRun run = { 0, };

  tw_test_random_positions (game, 6, 61, check_notation, &run);
  g_test_message ("%u positions, %u with round-bonus points", run.checked, run.bonus);
  g_assert_cmpuint (run.bonus, >, 0);
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */

static void
test_errors (void)
{
  static const struct
  {
    const char *points;
    const char *where;
    const char *message;
  } cases[] = {
    { "count(t in tile(own) where t.perfect)", "195:70", "did you mean 'tiles'" },
    { "count(t in tiles(others) where t.perfct)", "195:92", "did you mean 'perfect'" },
    { "count(t in tiles(mine))", "195:76", "one of: own, others, all" },
    { "count(s in sides(own) where s.color == specialty) > 2", "195:59", "must give a number" },
    { "tiles(own)", "195:59", "a collection, not a value" },
    { "max(w.size for w in swaths(own) where w.color == magenta)", "195:108",
      "unknown name 'magenta'" },
  };
  const char *line = "  - {id: mahl-stick, kind: opponent-perfect-tiles, params: {points: 1},";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bad = g_strdup_printf ("  - {id: mahl-stick, kind: round-bonus, "
                                              "params: {points: \"%s\"},", cases[i].points);
      g_autofree char *text = replace_once (bundled_text, line, bad);

      tw_test_check_bad_text (text, cases[i].where, cases[i].message, i);
    }
}

/* ------------------------------------------------------------------------ */
/* The worked example of doc/definition-format.md                           */

typedef struct
{
  guint scored[2];   /* seats at a position each of the example's tools paid */
  guint checked;
} ExampleRun;

/* The example's bonuses, computed here with the tools in play: 3 points
 * for each colour that joins two tiles or more of the own canvas, 2 for
 * each matched 2-side of the specialty colour. */
static void
check_example (const TwGame  *game,
               const TwState *state,
               gpointer       data)
{
  const CfState *s = (const CfState *) state;
  const CfPrep *p = cf_prep (game);
  ExampleRun *run = data;

  g_assert_cmpuint (p->n_expr, ==, 2);
  for (guint q = 0; q < s->n_players; q++)
    {
      int spec = cf_specialty (game, s, q);
      guint8 matched[CF_SLOTS];
      CfScore sc;
      int want[2] = { 0, 0 };

      cf_round_points (game, s, q, &sc);
      cf_matched_sides (game, s, q, matched);
      for (guint c = 0; c < p->n_colors && (s->fx.expr & 1); c++)
        {
          guint size[CF_SLOTS];
          gboolean joins = FALSE;
          recount_swaths (game, s, q, c, size);
          for (guint i = 0; i < CF_SLOTS; i++)
            joins = joins || size[i] >= 2;
          want[0] += joins ? 3 : 0;
        }
      for (guint i = 0; i < CF_SLOTS && (s->fx.expr & 2); i++)
        {
          guint t = s->slot[q][i], r = s->rot[q][i];
          if (t == CF_NONE)
            continue;
          guint two = (p->two[t] + r) & 3;
          if ((matched[i] >> two) & 1 && (int) p->edge[t][r][two] == spec)
            want[1] += 2;
        }
      for (guint k = 0; k < 2; k++)
        {
          if (sc.expr[k] != want[k])
            g_error ("seat %u: the example's tool %u gave %d, the recount %d", q + 1, k + 1,
                     sc.expr[k], want[k]);
          run->scored[k] += want[k] > 0;
        }
      run->checked++;
    }
}

static void
test_doc_example (void)
{
  g_autofree char *example = tw_test_doc_block ("### Colorfield's vocabulary", "cards:\n");
  /* the example's cards first in the bundled list */
  g_autofree char *cards = g_strconcat ("\n", example, NULL);
  g_autofree char *text = replace_once (bundled_text, "\ncards:\n", cards);
  g_autoptr(TwDefinition) def = tw_test_load_text (text, "cf-example.yaml");
  ExampleRun run = { 0, };

  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (def, players, "advanced-mode=true");
      tw_test_random_positions (game, 4, 80 + players, check_example, &run);
    }
  g_test_message ("%u seat positions, paid by the example's tools: %u and %u", run.checked,
                  run.scored[0], run.scored[1]);
  g_assert_cmpuint (run.scored[0], >, 0);
  g_assert_cmpuint (run.scored[1], >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  bundled_text = tw_test_read_bundled ("colorfield");
  test_set_text = tw_test_read_source ("tests", "data-files", "colorfield-test.yaml", NULL);

  g_test_add_func ("/tw/colorfield-expr/data-file", test_data_file);
  g_test_add_func ("/tw/colorfield-expr/vocabulary", test_vocabulary);
  g_test_add_func ("/tw/colorfield-expr/same-games", test_same_games);
  g_test_add_func ("/tw/colorfield-expr/notation", test_notation);
  g_test_add_func ("/tw/colorfield-expr/errors", test_errors);
  g_test_add_func ("/tw/colorfield-expr/doc-example", test_doc_example);

  int status = g_test_run ();
  g_free (bundled_text);
  g_free (test_set_text);
  return status;
}
