/* test-color-shift-expr.c: Color Shift's end-of-game scoring written as expressions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What cs-expr.c answers, checked at every position of random games
 * against the colour areas recounted here from the tiles' positions (not
 * from the rules' union-find); the shipped end-of-game term written as an
 * expression (tests/data-files/color-shift-expressions.yaml) playing the
 * same seeded bot games as the C term, move for move, score for score and
 * term for term, under both readings of end-rounding and of
 * merged-finished-tiles; the errors of a bad `end-scoring:`, at their line
 * and column; and the worked example of doc/definition-format.md.
 */
#include "config.h"

#include <string.h>

#include "tw-bot.h"
#include "tw-expr.h"
#include "tw-game.h"
#include "tw-result.h"
#include "tw-test-rules.h"
#include "games/color-shift/cs-private.h"

/* The C term's label, as the score table shows it */
#define END_LABEL "Unfinished areas at the end: 1 point per 2 tiles for each standing meeple"

/* The shipped end-of-game term as an expression, with the C term's label. */
static const char shipped_terms[] =
  "# The end-of-game term written as an expression (doc/definition-format.md,\n"
  "# \"Color Shift's vocabulary\"): the rulebook's, as the C term counts it with\n"
  "# end-rounding: down, and with the C term's label.\n"
  "end-scoring:\n"
  "  - label: \"" END_LABEL "\"\n"
  "    points: sum(m.area.tiles / 2 for m in meeples(standing) where not m.area.complete)\n"
  "\n";

static char *bundled_text;

static TwDefinition *
load_text (const char *text)
{
  return tw_test_load_text (text, "cs-expr.yaml");
}

/* The bundled definition with @section (a top-level YAML block) before its
 * variant options. */
static char *
bundled_with (const char *section)
{
  return tw_test_with_section (bundled_text, section);
}

/* The data file `bench` and `simulate` measure is the bundled definition
 * with the shipped term as an expression: kept so by this check. */
static void
test_data_file (void)
{
  g_autofree char *want = bundled_with (shipped_terms);

  tw_test_check_data_file ("color-shift-expressions.yaml", want);
}

/* ------------------------------------------------------------------------ */
/* The colour areas recounted                                               */

/* Every section of the play area labelled by its area, found by joining
 * sections across touching edges of one colour, with each area's open
 * edges, tiles, finished sections and standing meeples: from the tile list
 * and the finished flags only. Areas are labelled by their smallest
 * section node. */
typedef struct
{
  guint   n_nodes;                        /* 4 * placed tiles */
  gint    label[4 * CS_MAX_TILES];        /* -1: not a section */
  guint   open[4 * CS_MAX_TILES];         /* per label */
  guint   sections[4 * CS_MAX_TILES];
  guint   flagged[4 * CS_MAX_TILES];
  guint   tiles[4 * CS_MAX_TILES];        /* as the rules count them */
  guint   standing[4 * CS_MAX_TILES][CS_MAX_PLAYERS];
} Areas;

/* The placement at (x, y), by a scan of the tile list. */
static gint
tile_at (const CsPrep  *p,
         const CsState *s,
         int            x,
         int            y)
{
  const CsPlaced *placed = CS_PLACED (p, s);

  for (guint i = 0; i < s->n_placed; i++)
    if (placed[i].x == x && placed[i].y == y)
      return i;
  return -1;
}

static void
recount_areas (const TwGame  *game,
               const CsState *s,
               Areas         *a)
{
  const CsPrep *p = cs_prep (game);
  const CsPlaced *placed = CS_PLACED (p, s);
  const guint8 *flags = CS_FLAGS (p, s);
  gboolean only_unfinished = cs_opt (game, CS_OPT_MERGED_FINISHED) == 1;
  guint16 up[4 * CS_MAX_TILES];

  memset (a, 0, sizeof *a);
  a->n_nodes = 4 * s->n_placed;
  for (guint n = 0; n < a->n_nodes; n++)
    up[n] = n;
  for (guint i = 0; i < s->n_placed; i++)
    {
      const TwTileFace *f = cs_face (p, placed[i].inst, placed[i].rot);
      for (guint d = 0; d < 4; d++)
        {
          gint j = tile_at (p, s, placed[i].x + tw_dir_dx[d], placed[i].y + tw_dir_dy[d]);
          if (j < 0)
            continue;
          const TwTileFace *g = cs_face (p, placed[j].inst, placed[j].rot);
          if (f->edge[d] != g->edge[tw_dir_opposite (d)])
            continue;
          guint16 x = tw_uf_root (up, 4 * i + f->section_of[d]);
          guint16 y = tw_uf_root (up, 4 * j + g->section_of[tw_dir_opposite (d)]);
          up[MAX (x, y)] = MIN (x, y);
        }
    }
  for (guint n = 0; n < a->n_nodes; n++)
    {
      const CsPlaced *pl = &placed[n / 4];
      a->label[n] = n % 4 < cs_face (p, pl->inst, pl->rot)->n_sections ? (gint) tw_uf_root (up, n) : -1;
    }
  for (guint i = 0; i < s->n_placed; i++)
    {
      const TwTileFace *f = cs_face (p, placed[i].inst, placed[i].rot);
      guint counted[4] = { G_MAXUINT, G_MAXUINT, G_MAXUINT, G_MAXUINT };

      for (guint d = 0; d < 4; d++)
        if (tile_at (p, s, placed[i].x + tw_dir_dx[d], placed[i].y + tw_dir_dy[d]) < 0)
          a->open[a->label[4 * i + f->section_of[d]]]++;
      for (guint sec = 0; sec < f->n_sections; sec++)
        {
          guint l = a->label[4 * i + sec];
          gboolean seen = FALSE;
          a->sections[l]++;
          a->flagged[l] += flags[4 * i + sec];
          if (only_unfinished && flags[4 * i + sec])
            continue;
          /* the tile counts once for each area it has a (counted) section in */
          for (guint k = 0; k < sec; k++)
            seen |= counted[k] == l;
          counted[sec] = l;
          if (!seen)
            a->tiles[l]++;
        }
    }
  for (guint q = 0; q < s->n_players; q++)
    for (guint k = 0; k < CS_MAX_MEEPLES; k++)
      {
        const CsMeeple *m = &s->meeple[q][k];
        if (m->tile != CS_NONE && m->standing)
          a->standing[a->label[4 * m->tile + m->sec]][q]++;
      }
}

static guint
area_meeples (const Areas *a,
              guint        l,
              guint        n_players)
{
  guint n = 0;

  for (guint q = 0; q < n_players; q++)
    n += a->standing[l][q];
  return n;
}

/* The area's colour: its sections all show one. */
static guint
area_color (const TwGame  *game,
            const CsState *s,
            guint          l)
{
  const CsPrep *p = cs_prep (game);
  const CsPlaced *pl = &CS_PLACED (p, s)[l / 4];

  return cs_face (p, pl->inst, pl->rot)->section_color[l % 4];
}

/* ------------------------------------------------------------------------ */
/* The vocabulary against the state                                         */

enum
{
  V_SEAT,
  V_PLAYERS,
  V_COMPLETED,
  V_STANDING,
  V_STANDING_COUNTED,
  V_LYING,
  V_LYING_COUNTED,
  V_SUPPLY,
  V_SUPPLY_COUNTED,
  V_BOARD,
  V_NUMBERS,
  V_TILES_PLACED,
  V_TILES_LEFT,
  V_MEEPLE_TILES,
  V_MEEPLE_SHAPE,
  V_MEEPLE_STATE,
  V_MEEPLE_COMPANY,
  V_MEEPLE_COLORS,
  V_SUPPLY_AREA,
  V_SHIPPED,
  /* from here: over the areas */
  V_AREAS,
  V_AREA_TILES,
  V_AREA_OPEN,
  V_AREA_STATE,
  V_AREA_SECTIONS,
  V_AREA_COLORS,
  V_AREA_MEEPLES,
  V_OWN_AREAS,
  V_OWN_AREA_TILES,
  V_OCCUPIED_AREAS,
  N_VOCABULARY_EXPRS,
};

/* a colour as a power of 100, for sums that tell the colours apart */
#define COLOR_DIGIT(x) "(if " x " == white then 1 else if " x " == red then 100 " \
                       "else if " x " == blue then 10000 else 1000000)"

static const char * const vocabulary_exprs[] = {
  [V_SEAT] = "seat",
  [V_PLAYERS] = "players",
  [V_COMPLETED] = "completed_points",
  [V_STANDING] = "meeples_standing",
  [V_STANDING_COUNTED] = "count(meeples(standing))",
  [V_LYING] = "meeples_lying",
  [V_LYING_COUNTED] = "count(m in meeples(lying) where not m.standing)",
  [V_SUPPLY] = "meeples_in_supply",
  [V_SUPPLY_COUNTED] = "count(meeples(supply))",
  [V_BOARD] = "count(meeples(board))",
  /* which meeples stand, by number: digits base 16 */
  [V_NUMBERS] = "sum(m.number * (if m.standing then 16 else 1) for m in meeples(board))",
  [V_TILES_PLACED] = "tiles_placed",
  [V_TILES_LEFT] = "tiles_left",
  [V_MEEPLE_TILES] = "sum(m.area.tiles for m in meeples(board))",
  [V_MEEPLE_SHAPE] = "sum(1000 * m.area.sections + m.area.open_edges for m in meeples(board))",
  [V_MEEPLE_STATE] = "100 * count(m in meeples(board) where m.area.complete) "
                     "+ count(meeples(board) where it.area.finished)",
  [V_MEEPLE_COMPANY] = "sum(100 * m.area.meeples + m.area.own_meeples for m in meeples(board))",
  [V_MEEPLE_COLORS] = "sum(" COLOR_DIGIT ("m.area.color") " for m in meeples(board))",
  /* a meeple in the supply is in no area: every field 0 */
  [V_SUPPLY_AREA] = "sum(m.area.tiles + m.area.sections + m.area.open_edges + m.area.meeples "
                    "+ (if m.area.complete or m.area.finished then 1 else 0) for m in meeples(supply))",
  [V_SHIPPED] = "sum(m.area.tiles / 2 for m in meeples(standing) where not m.area.complete)",
  [V_AREAS] = "count(areas(all))",
  [V_AREA_TILES] = "sum(a.tiles for a in areas(all))",
  [V_AREA_OPEN] = "sum(a.open_edges for a in areas(all))",
  [V_AREA_STATE] = "10000 * count(a in areas(all) where a.complete) "
                   "+ count(areas(all) where it.finished)",
  [V_AREA_SECTIONS] = "sum(a.sections * a.sections for a in areas(all))",
  [V_AREA_COLORS] = "sum(a.sections * " COLOR_DIGIT ("a.color") " for a in areas(all))",
  [V_AREA_MEEPLES] = "sum(100 * a.meeples + a.own_meeples for a in areas(all))",
  [V_OWN_AREAS] = "count(areas(own))",
  [V_OWN_AREA_TILES] = "sum(a.tiles * a.own_meeples for a in areas(own))",
  [V_OCCUPIED_AREAS] = "count(areas(occupied))",
};

G_STATIC_ASSERT (G_N_ELEMENTS (vocabulary_exprs) == N_VOCABULARY_EXPRS);

static gint64
color_digit (guint c)
{
  static const gint64 digits[] = { 1, 100, 10000, 1000000 };

  g_assert (c < G_N_ELEMENTS (digits));
  return digits[c];
}

/* What @which is for @seat, from the state and the recount @a. */
static gint64
recount (const TwGame  *game,
         const CsState *s,
         const Areas   *a,
         guint          seat,
         guint          which)
{
  guint M = (guint) cs_opt (game, CS_OPT_MEEPLES);
  gint64 n = 0;

  switch (which)
    {
    case V_SEAT:
      return seat + 1;
    case V_PLAYERS:
      return s->n_players;
    case V_COMPLETED:
      return s->score[seat];
    case V_TILES_PLACED:
      return s->n_placed;
    case V_TILES_LEFT:
      n = s->deck_len;
      for (guint q = 0; q < s->n_players; q++)
        n += s->hand_len[q];
      return n;
    case V_SUPPLY_AREA:
      return 0;
    default:
      break;
    }
  if (which < V_AREAS)
    for (guint k = 0; k < M; k++)
      {
        const CsMeeple *m = &s->meeple[seat][k];
        gboolean board = m->tile != CS_NONE;
        gint l = board ? a->label[4 * m->tile + m->sec] : -1;

        switch (which)
          {
          case V_STANDING:
          case V_STANDING_COUNTED:
            n += board && m->standing;
            break;
          case V_LYING:
          case V_LYING_COUNTED:
            n += board && !m->standing;
            break;
          case V_SUPPLY:
          case V_SUPPLY_COUNTED:
            n += !board;
            break;
          case V_BOARD:
            n += board;
            break;
          case V_NUMBERS:
            n += board ? (k + 1) * (m->standing ? 16 : 1) : 0;
            break;
          case V_MEEPLE_TILES:
            n += board ? a->tiles[l] : 0;
            break;
          case V_MEEPLE_SHAPE:
            n += board ? 1000 * a->sections[l] + a->open[l] : 0;
            break;
          case V_MEEPLE_STATE:
            n += board ? 100 * (a->open[l] == 0) + (a->flagged[l] == a->sections[l]) : 0;
            break;
          case V_MEEPLE_COMPANY:
            n += board ? 100 * area_meeples (a, l, s->n_players) + a->standing[l][seat] : 0;
            break;
          case V_MEEPLE_COLORS:
            n += board ? color_digit (area_color (game, s, l)) : 0;
            break;
          case V_SHIPPED:
            n += board && m->standing && a->open[l] > 0 ? a->tiles[l] / 2 : 0;
            break;
          default:
            g_assert_not_reached ();
          }
      }
  else
    for (guint l = 0; l < a->n_nodes; l++)
      {
        guint company;

        if (a->label[l] != (gint) l)
          continue;   /* not a section, or not its area's first */
        company = area_meeples (a, l, s->n_players);
        switch (which)
          {
          case V_AREAS:
            n++;
            break;
          case V_AREA_TILES:
            n += a->tiles[l];
            break;
          case V_AREA_OPEN:
            n += a->open[l];
            break;
          case V_AREA_STATE:
            n += 10000 * (a->open[l] == 0) + (a->flagged[l] == a->sections[l]);
            break;
          case V_AREA_SECTIONS:
            n += a->sections[l] * a->sections[l];
            break;
          case V_AREA_COLORS:
            n += a->sections[l] * color_digit (area_color (game, s, l));
            break;
          case V_AREA_MEEPLES:
            n += 100 * company + a->standing[l][seat];
            break;
          case V_OWN_AREAS:
            n += a->standing[l][seat] > 0;
            break;
          case V_OWN_AREA_TILES:
            n += a->standing[l][seat] > 0 ? a->tiles[l] * a->standing[l][seat] : 0;
            break;
          case V_OCCUPIED_AREAS:
            n += company > 0;
            break;
          default:
            g_assert_not_reached ();
          }
      }
  return n;
}

typedef struct
{
  TwExprProgram *programs[N_VOCABULARY_EXPRS];
  Areas          areas;
  guint          checked;
  /* what the positions held, so that the checks meant something */
  guint          lying;
  guint          supply;
  guint          open_standing;      /* standing meeples in open areas */
  guint          finished_open;      /* areas finished but no longer complete (a shift) */
  guint          shared;             /* areas with two standing meeples */
  guint          ended;
} VocabularyRun;

static void
check_vocabulary (const TwGame  *game,
                  const TwState *state,
                  gpointer       data)
{
  const CsState *s = (const CsState *) state;
  VocabularyRun *run = data;
  Areas *a = &run->areas;

  recount_areas (game, s, a);
  for (guint seat = 0; seat < s->n_players; seat++)
    {
      CsExprEnv env = { game, s, seat };
      g_autoptr(GArray) terms = tw_result_terms (game, state, seat);
      const TwScoreTerm *end = &g_array_index (terms, TwScoreTerm, terms->len - 1);

      for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
        {
          gint64 got = tw_expr_eval (run->programs[i], &env);
          gint64 want = recount (game, s, a, seat, i);
          if (got != want)
            g_error ("seat %u: '%s' gave %" G_GINT64_FORMAT ", the recount %" G_GINT64_FORMAT,
                     seat + 1, vocabulary_exprs[i], got, want);
        }
      /* the definition's term: in the score table by its label, 0 until
       * the game ends, then the recount's end points, which the score adds */
      g_assert_cmpuint (terms->len, ==, 2);
      g_assert_cmpstr (end->label, ==, END_LABEL);
      g_assert_cmpint (end->points, ==, s->end_points[seat]);
      g_assert_cmpint (end->points, ==,
                       s->phase == CS_PHASE_DONE ? recount (game, s, a, seat, V_SHIPPED) : 0);
      run->lying += recount (game, s, a, seat, V_LYING);
      run->supply += recount (game, s, a, seat, V_SUPPLY);
      run->checked++;
    }
  for (guint l = 0; l < a->n_nodes; l++)
    if (a->label[l] == (gint) l)
      {
        guint company = area_meeples (a, l, s->n_players);
        run->open_standing += a->open[l] > 0 ? company : 0;
        run->finished_open += a->open[l] > 0 && a->flagged[l] == a->sections[l];
        run->shared += company >= 2;
      }
  run->ended += s->phase == CS_PHASE_DONE;
}

static void
test_vocabulary (void)
{
  g_autofree char *text = bundled_with (shipped_terms);
  g_autoptr(TwDefinition) def = load_text (text);
  static const char * const options[] = {
    NULL,
    "merged-finished-tiles=count-unfinished-tiles",
    "meeples=10 hand-size=2",
  };
  VocabularyRun *run = g_new0 (VocabularyRun, 1);

  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    {
      g_autoptr(GError) error = NULL;
      run->programs[i] = tw_expr_compile (vocabulary_exprs[i], -1, &cs_expr_vocabulary, def,
                                          TW_EXPR_NUMBER, NULL, &error);
      g_assert_no_error (error);
    }
  for (guint players = 2; players <= 4; players++)
    for (guint o = 0; o < G_N_ELEMENTS (options); o++)
      {
        g_autoptr(TwGame) game = tw_test_make_game (def, players, options[o]);
        tw_test_random_positions (game, 3, 40 + 10 * players + o, check_vocabulary, run);
      }
  /* two seats standing in one area, which only a shift that joins two
   * areas makes in play (rare in random games) */
  {
    g_autoptr(TwGame) game = tw_test_make_game (def, 2, NULL);
    g_autofree TwState *state =
      tw_test_make_position (game, "color-shift players=2 phase=action to-act=1\n"
                                   "deck: full-r\nhand1: full-b\nhand2: full-y\n"
                                   "board: full-w@0,0r0 wedge-rw@1,0r0 stripe-wr@0,1r1\n"
                                   "meeples1: 0,0/NESW 1,0/NES:down\nmeeples2: 1,0/W 0,1/N\n",
                           TW_TEST_POSITION_CHECKED);
    check_vocabulary (game, state, run);
  }
  g_test_message ("%u seat positions; %u lying and %u supply meeples, %u standing in open areas, "
                  "%u finished areas open again, %u areas with two standing meeples",
                  run->checked, run->lying, run->supply, run->open_standing, run->finished_open,
                  run->shared);
  g_assert_cmpuint (run->checked, >, 3000);
  g_assert_cmpuint (run->ended, ==, 3 * 3 * G_N_ELEMENTS (options));
  g_assert_cmpuint (run->lying, >, 0);
  g_assert_cmpuint (run->supply, >, 0);
  g_assert_cmpuint (run->open_standing, >, 0);
  g_assert_cmpuint (run->finished_open, >, 0);
  g_assert_cmpuint (run->shared, >, 0);
  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    g_clear_pointer (&run->programs[i], tw_expr_program_free);
  g_free (run);
}

/* ------------------------------------------------------------------------ */
/* Whole games: the same moves, scores and score terms                       */

/* The moves of one seeded game in notation, then its scores and every
 * seat's score terms, which must add up to the score; the end points are
 * added to @end_points. */
static char *
play_game (TwGame          *game,
           const TwBotSpec *spec,
           guint64          game_seed,
           gpointer         data)
{
  guint *end_points = data;
  g_autofree TwState *state = NULL;
  g_autofree char *played = tw_test_play_bot_game (game, spec, game_seed, &state);
  GString *out = g_string_new (played);
  const CsState *s = (const CsState *) state;
  double scores[CS_MAX_PLAYERS];

  tw_test_append_score_terms (out, game, state);
  game->rules->scores (game, state, scores);
  for (guint q = 0; q < game->n_players; q++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, q);
      int sum = 0;
      for (guint i = 0; i < terms->len; i++)
        sum += g_array_index (terms, TwScoreTerm, i).points;
      g_assert_cmpint (sum, ==, (int) scores[q]);
      *end_points += s->end_points[q];
    }
  return g_string_free (out, FALSE);
}

/* @n_games seeded games with 2, 3 and 4 players by @bot under @options,
 * with the C term and with @terms: identical. Returns the end points the C
 * games gave. */
static guint
same_games (const char *bot,
            const char *terms,
            const char *options,
            guint       n_games,
            guint64     seed)
{
  g_autoptr(TwDefinition) c_def = tw_test_load_text (bundled_text, "C term");
  g_autofree char *x_text = bundled_with (terms);
  g_autoptr(TwDefinition) x_def = tw_test_load_text (x_text, "expression");
  g_autoptr(TwGame) c_game = tw_test_make_game (c_def, 2, options);
  g_autoptr(TwGame) x_game = tw_test_make_game (x_def, 2, options);
  guint c_points = 0, x_points = 0;

  g_assert_cmpuint (cs_prep (c_game)->end_terms.n, ==, 0);
  g_assert_cmpuint (cs_prep (x_game)->end_terms.n, ==, 1);
  tw_test_same_games (c_def, x_def, bot, options, n_games, seed, play_game, &c_points, &x_points);
  g_assert_cmpuint (c_points, ==, x_points);
  return c_points;
}

/* The rulebook's reading, by the greedy bot (whose heuristic reads the
 * score of the final position) and at random; with hands of two tiles too,
 * where the greedy bot chooses among more placements. */
static void
test_same_games (void)
{
  guint points = 0;

  points += same_games ("greedy", shipped_terms, NULL, 60, 24);
  points += same_games ("greedy", shipped_terms, "hand-size=2", 30, 25);
  points += same_games ("random", shipped_terms, NULL, 150, 26);
  points += same_games ("random", shipped_terms, "meeples=10", 60, 27);
  /* end points were earned, so the games tested the term */
  g_test_message ("end points in the C games: %u", points);
  g_assert_cmpuint (points, >, 100);
}

/* end-rounding: up is another expression, not an option the expression
 * reads; merged-finished-tiles is read through `tiles`. */
static void
test_same_games_other_readings (void)
{
  g_autoptr(GString) terms = g_string_new (shipped_terms);

  g_assert_cmpuint (same_games ("greedy", shipped_terms,
                                "merged-finished-tiles=count-unfinished-tiles", 30, 28), >, 0);
  g_assert_cmpuint (same_games ("random", shipped_terms,
                                "merged-finished-tiles=count-unfinished-tiles", 60, 29), >, 0);
  g_assert_cmpuint (g_string_replace (terms, "m.area.tiles / 2", "(m.area.tiles + 1) / 2", 1), ==, 1);
  g_assert_cmpuint (same_games ("greedy", terms->str, "end-rounding=up", 30, 30), >, 0);
  g_assert_cmpuint (same_games ("random", terms->str, "end-rounding=up", 60, 31), >, 0);
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */

static void
test_errors (void)
{
  static const TwTestBadSection cases[] = {
    { "end-scoring:\n  - label: left\n    points: -meeples_standin\n", "4:14",
      "did you mean 'meeples_standing'" },
    { "end-scoring:\n  - label: left\n    points: count(meeples(standin))\n", "4:27",
      "did you mean 'standing'" },
    { "end-scoring:\n  - label: left\n    points: sum(m.area.tile for m in meeples(board))\n", "4:24",
      "no field 'tile'" },
    { "end-scoring:\n  - label: left\n    points: meeples_standing > 1\n", "4:13",
      "must give a number" },
    { "end-scoring:\n  - label: left\n    points: count(m in meeples(board) where m.area)\n", "4:47",
      "must be true or false, not an area" },
    { "end-scoring:\n  - {label: left}\n", "3:5", "has no `points`" },
    { "end-scoring:\n  - {points: 1}\n", "3:5", "has no `label`" },
    { "end-scoring:\n  - {label: left, points: 1, bonus: 2}\n", "3:30", "bonus" },
    { "end-scoring:\n  - {label: '', points: 1}\n", "3:13", "label is empty" },
    { "end-scoring: {label: left}\n", "2:14", "end-scoring" },
    { "end-scoring: []\n", "2:14", "1 to 8 terms, this file has 0" },
    { "end-scoring:\n" "  - {label: a, points: 1}\n" "  - {label: b, points: 1}\n"
      "  - {label: c, points: 1}\n" "  - {label: d, points: 1}\n" "  - {label: e, points: 1}\n"
      "  - {label: f, points: 1}\n" "  - {label: g, points: 1}\n" "  - {label: h, points: 1}\n"
      "  - {label: i, points: 1}\n", "3:3", "1 to 8 terms, this file has 9" },
    { "end-scorin:\n  - {label: a, points: 1}\n", "2:1", "did you mean 'end-scoring'" },
  };

  tw_test_check_bad_sections (bundled_text, cases, G_N_ELEMENTS (cases));
}

/* 8 terms are allowed, each counted */
static void
test_eight_terms (void)
{
  GString *section = g_string_new ("end-scoring:\n");
  g_autofree char *text = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autofree TwState *state = NULL;
  g_autofree char *played = NULL;
  TwBotSpec spec;
  double scores[2];

  for (guint i = 1; i <= 8; i++)
    g_string_append_printf (section, "  - {label: term %u, points: %u * seat}\n", i, i);
  g_string_append_c (section, '\n');
  text = bundled_with (section->str);
  g_string_free (section, TRUE);
  def = load_text (text);
  game = tw_test_make_game (def, 2, NULL);
  g_assert_cmpuint (cs_prep (game)->end_terms.n, ==, 8);
  g_assert_true (tw_bot_spec_parse ("random", &spec, NULL));
  played = tw_test_play_bot_game (game, &spec, 8, &state);
  game->rules->scores (game, state, scores);
  for (guint q = 0; q < 2; q++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, q);
      const CsState *s = (const CsState *) state;
      g_assert_cmpuint (terms->len, ==, 9);
      for (guint i = 1; i <= 8; i++)
        {
          g_autofree char *label = g_strdup_printf ("term %u", i);
          g_assert_cmpstr (g_array_index (terms, TwScoreTerm, i).label, ==, label);
          g_assert_cmpint (g_array_index (terms, TwScoreTerm, i).points, ==, i * (q + 1));
        }
      g_assert_cmpint (s->end_points[q], ==, 36 * (q + 1));
      g_assert_cmpint ((int) scores[q], ==, s->score[q] + 36 * (q + 1));
    }
}

/* ------------------------------------------------------------------------ */
/* The worked example of doc/definition-format.md                           */

#define N_EXAMPLE_TERMS 4

typedef struct
{
  Areas areas;
  guint earned[N_EXAMPLE_TERMS];
} ExampleRun;

/* The example's terms, computed here from the state and the recount. */
static void
check_example (const TwGame  *game,
               const TwState *state,
               gpointer       data)
{
  const CsState *s = (const CsState *) state;
  ExampleRun *run = data;
  const Areas *a = &run->areas;
  guint M = (guint) cs_opt (game, CS_OPT_MEEPLES);

  recount_areas (game, s, &run->areas);
  for (guint q = 0; q < s->n_players; q++)
    {
      int got[N_EXAMPLE_TERMS];
      int want[N_EXAMPLE_TERMS] = { 0, };
      guint colors = 0;
      int total = cs_end_points (game, s, q, got);

      for (guint k = 0; k < M; k++)
        {
          const CsMeeple *m = &s->meeple[q][k];
          guint l;
          if (m->tile == CS_NONE)
            {
              want[1] -= 2;
              continue;
            }
          l = a->label[4 * m->tile + m->sec];
          colors |= 1u << area_color (game, s, l);
          if (m->standing && a->open[l] > 0)
            {
              want[0] += a->tiles[l] / 2;
              if (a->tiles[l] >= 4)
                want[2] = 3;
            }
        }
      want[3] = __builtin_popcount (colors);
      for (guint i = 0; i < N_EXAMPLE_TERMS; i++)
        {
          if (got[i] != want[i])
            g_error ("seat %u, term %u: %d, the recount %d", q + 1, i + 1, got[i], want[i]);
          run->earned[i] += want[i] != 0;
        }
      g_assert_cmpint (total, ==, want[0] + want[1] + want[2] + want[3]);
      if (s->phase == CS_PHASE_DONE)
        g_assert_cmpint (s->end_points[q], ==, total);
    }
}

static void
test_doc_example (void)
{
  g_autofree char *example = tw_test_doc_block ("### Color Shift's vocabulary", "end-scoring:");
  g_autofree char *section = g_strconcat (example, "\n", NULL);
  g_autofree char *text = bundled_with (section);
  g_autoptr(TwDefinition) def = load_text (text);
  ExampleRun *run = g_new0 (ExampleRun, 1);

  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (def, players, NULL);
      g_assert_cmpuint (cs_prep (game)->end_terms.n, ==, N_EXAMPLE_TERMS);
      tw_test_random_positions (game, 4, 80 + players, check_example, run);
    }
  for (guint i = 0; i < N_EXAMPLE_TERMS; i++)
    if (run->earned[i] == 0)
      g_error ("the example's term %u was never earned", i + 1);
  g_free (run);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  bundled_text = tw_test_read_bundled ("color-shift");

  g_test_add_func ("/tw/color-shift-expr/data-file", test_data_file);
  g_test_add_func ("/tw/color-shift-expr/vocabulary", test_vocabulary);
  g_test_add_func ("/tw/color-shift-expr/same-games", test_same_games);
  g_test_add_func ("/tw/color-shift-expr/same-games/other-readings", test_same_games_other_readings);
  g_test_add_func ("/tw/color-shift-expr/errors", test_errors);
  g_test_add_func ("/tw/color-shift-expr/eight-terms", test_eight_terms);
  g_test_add_func ("/tw/color-shift-expr/doc-example", test_doc_example);

  int status = g_test_run ();
  g_free (bundled_text);
  return status;
}
