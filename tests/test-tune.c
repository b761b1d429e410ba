/* test-tune.c: the search of `tune` and the Lab's Balance… (tw-tune.h)
 *
 * On Colorfield, whose games grow by about 12 moves with each turn of a
 * round, the value that makes 80 to 90-move games is known before the
 * search: 5 turns. The search finds it, halving the values round by round;
 * targets are read and refused as the command line writes them; a search
 * cancelled before its first round ends says so.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-bot.h"
#include "tw-game.h"
#include "tw-rules.h"
#include "tw-tune.h"

typedef struct
{
  TwDefinition *def;
  TwSweep      *sweep;
  TwGame      **games;
  TwBotSpec    *bots;
  guint         n_cells;
} Cells;

static void
cells_init (Cells      *c,
            const char *game_id,
            const char *axis)
{
  g_autofree char *path = tw_definition_bundled_path (game_id);
  g_autoptr(GError) error = NULL;

  c->def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  c->sweep = tw_sweep_new ();
  g_assert_true (tw_sweep_add (c->sweep, c->def, axis, &error));
  c->n_cells = tw_sweep_n_cells (c->sweep);
  c->games = g_new0 (TwGame *, c->n_cells);
  c->bots = g_new0 (TwBotSpec, (gsize) c->n_cells * TW_MAX_PLAYERS);
  for (guint i = 0; i < c->n_cells; i++)
    {
      guint players = 0;
      g_auto(GStrv) sets = tw_sweep_cell_sets (c->sweep, i, &players);
      TwOptions options = c->def->options;

      for (guint s = 0; sets[s] != NULL; s++)
        g_assert_true (tw_options_set_from_string (&options, c->def->rules->options,
                                                   c->def->rules->n_options, sets[s], &error));
      c->games[i] = tw_game_new (c->def, c->def->min_players, &options, &error);
      g_assert_no_error (error);
      for (guint p = 0; p < TW_MAX_PLAYERS; p++)
        g_assert_true (tw_bot_spec_parse ("random", &c->bots[i * TW_MAX_PLAYERS + p], &error));
    }
}

static void
cells_clear (Cells *c)
{
  for (guint i = 0; i < c->n_cells; i++)
    tw_game_unref (c->games[i]);
  g_free (c->games);
  g_free (c->bots);
  tw_sweep_free (c->sweep);
  tw_definition_unref (c->def);
}

/* A search of @c's cells for @target: @start games first, @games_max for
 * the best, on 2 threads. */
static void
config_init (TwTuneConfig       *config,
             const Cells        *c,
             const TwTuneTarget *target,
             guint64             seed,
             guint64             start,
             guint64             games_max)
{
  config->n_cells = c->n_cells;
  config->games = c->games;
  config->bots = c->bots;
  config->seed = seed;
  config->start = start;
  config->games_max = games_max;
  config->jobs = 2;
  config->targets = target;
  config->n_targets = 1;
}

typedef struct
{
  guint   rounds;
  guint   alive[8];
  guint64 games[8];
} Rounds;

static void
round_cb (const TwTuneRound *round,
          gpointer           user_data)
{
  Rounds *r = user_data;

  g_assert_cmpuint (round->round, ==, r->rounds + 1);
  for (guint i = 1; i < round->n_cells; i++)
    g_assert_cmpfloat (round->miss[i - 1], <=, round->miss[i]);
  if (r->rounds < G_N_ELEMENTS (r->alive))
    {
      r->alive[r->rounds] = round->n_cells;
      r->games[r->rounds] = round->games;
    }
  r->rounds++;
}

static void
test_known_value (void)
{
  Cells c = { 0 };
  TwTuneTarget target;
  TwTuneConfig config = { 0 };
  Rounds rounds = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TwTuneResult) result = NULL;
  g_autofree char *text = NULL;
  const TwSimRow *moves;

  cells_init (&c, "colorfield", "turns-per-round=2..9");
  g_assert_cmpuint (c.n_cells, ==, 8);
  g_assert_true (tw_tune_target_parse ("moves=80..90", c.games[0], &target, &error));
  g_assert_no_error (error);

  config_init (&config, &c, &target, 1, 20, 80);
  config.round = round_cb;
  config.round_data = &rounds;
  result = tw_tune_run (&config, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);

  /* 8 values at 20 games, 4 at 40, 2 at 80, the last confirmed at 80 */
  g_assert_cmpuint (rounds.rounds, ==, 4);
  g_assert_cmpuint (rounds.alive[0], ==, 8);
  g_assert_cmpuint (rounds.alive[1], ==, 4);
  g_assert_cmpuint (rounds.alive[2], ==, 2);
  g_assert_cmpuint (rounds.alive[3], ==, 1);
  g_assert_cmpuint (rounds.games[0], ==, 20);
  g_assert_cmpuint (rounds.games[3], ==, 80);
  g_assert_false (result->interrupted);
  g_assert_cmpstr (tw_sweep_cell_value (c.sweep, result->best, 0), ==, "5");
  g_assert_cmpuint (tw_sim_arm_n_games (result->arm), ==, 80);
  /* the search keeps no games, only their statistics */
  g_assert_null (result->arm->games);
  moves = tw_sim_find_row (result->rows, TW_SIM_METRIC_MOVES, 0);
  g_assert_nonnull (moves);
  g_assert_cmpfloat (moves->lo, >=, 80);
  g_assert_cmpfloat (moves->hi, <=, 90);
  g_assert_cmpfloat (result->miss, ==, 0);

  /* the best value written: the shipped 5, so the text is the file's */
  text = tw_tune_cell_text (c.sweep, c.def, result->best, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, c.def->text);
  cells_clear (&c);
}

static void
test_targets (void)
{
  Cells c = { 0 };
  TwTuneTarget t;
  static const char * const bad[] = {
    "moves", "=3", "nope=1", "win_p3=0.5", "moves=x", "moves=9..1", "tie=0.1..", NULL,
  };

  cells_init (&c, "colorfield", "turns-per-round=4,5");
  g_assert_true (tw_tune_target_parse ("advantage_p1=-0.02..0.02", c.games[0], &t, NULL));
  g_assert_cmpint (t.metric.kind, ==, TW_SIM_METRIC_ADVANTAGE);
  g_assert_cmpuint (t.metric.index, ==, 0);
  g_assert_cmpfloat (t.lo, ==, -0.02);
  g_assert_cmpfloat (t.hi, ==, 0.02);
  g_assert_true (tw_tune_target_parse ("win_p2=0.5", c.games[0], &t, NULL));
  g_assert_cmpuint (t.metric.index, ==, 1);
  g_assert_cmpfloat (t.lo, ==, t.hi);
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (tw_tune_target_parse (bad[i], c.games[0], &t, &error));
      g_assert_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_TARGET);
    }
  cells_clear (&c);
}

static void
test_cancelled (void)
{
  Cells c = { 0 };
  TwTuneTarget target;
  TwTuneConfig config = { 0 };
  gint cancel = 1;
  g_autoptr(GError) error = NULL;
  TwTuneResult *result;

  cells_init (&c, "colorfield", "turns-per-round=4,5");
  g_assert_true (tw_tune_target_parse ("moves=80..90", c.games[0], &target, NULL));
  config_init (&config, &c, &target, 0, 10, 40);
  config.jobs = 1;
  config.cancel = &cancel;
  result = tw_tune_run (&config, &error);
  g_assert_null (result);
  g_assert_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_CANCELLED);
  cells_clear (&c);
}

/* TwTuneConfig.play: what a search run round by round hands out */
typedef struct
{
  guint    asked;      /* cells asked for */
  guint64  first;
  guint64  last;
  gboolean pending;    /* answer TW_TUNE_ERROR_PENDING */
} Play;

static TwSimArm *
play_cb (const TwSimConfig *sim,
         guint              cell,
         gpointer           user_data,
         GError           **error)
{
  Play *p = user_data;
  TwSimConfig half = *sim;
  TwSimArm *arm;
  g_autoptr(TwSimArm) rest = NULL;

  p->asked++;
  p->first = sim->first;
  p->last = sim->last;
  if (p->pending)
    {
      g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_PENDING, "not played");
      return NULL;
    }
  /* two shards that stream, merged: what merge gives the search */
  half.stream = TRUE;
  half.last = sim->first + (sim->last - sim->first) / 2;
  arm = tw_sim_run (&half, error);
  g_assert_nonnull (arm);
  g_assert_false (tw_tune_arm_covers (arm, sim->first, sim->last));
  half.first = half.last;
  half.last = sim->last;
  rest = tw_sim_run (&half, error);
  g_assert_true (tw_sim_arm_merge (arm, rest, error));
  g_assert_true (tw_tune_arm_covers (arm, sim->first, sim->last));
  g_assert_false (tw_tune_arm_covers (arm, sim->first + 1, sim->last));
  g_assert_false (tw_tune_arm_covers (arm, sim->first, sim->last + 1));
  return arm;
}

static void
test_play (void)
{
  Cells c = { 0 };
  TwTuneTarget target;
  TwTuneConfig config = { 0 };
  Play play = { 0, 0, 0, TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(TwTuneResult) whole = NULL;
  g_autoptr(TwTuneResult) played = NULL;
  TwTuneResult *result;
  const TwSimRow *a, *b;

  cells_init (&c, "colorfield", "turns-per-round=3..6");
  g_assert_true (tw_tune_target_parse ("moves=80..90", c.games[0], &target, NULL));
  config_init (&config, &c, &target, 3, 10, 40);
  whole = tw_tune_run (&config, &error);
  g_assert_no_error (error);

  /* nothing played yet: every cell of round 1 is asked for, then it stops */
  config.play = play_cb;
  config.play_data = &play;
  result = tw_tune_run (&config, &error);
  g_assert_null (result);
  g_assert_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_PENDING);
  g_clear_error (&error);
  g_assert_cmpuint (play.asked, ==, 4);
  g_assert_cmpuint (play.first, ==, 0);
  g_assert_cmpuint (play.last, ==, 10);

  /* handed out in shards, the games make the whole run's search */
  play.pending = FALSE;
  play.asked = 0;
  played = tw_tune_run (&config, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (play.asked, ==, 4 + 2 + 1);
  g_assert_cmpuint (played->best, ==, whole->best);
  g_assert_cmpuint (played->rounds, ==, whole->rounds);
  g_assert_cmpfloat (played->miss, ==, whole->miss);
  g_assert_cmpuint (tw_sim_arm_n_games (played->arm), ==, 40);
  a = tw_sim_find_row (whole->rows, TW_SIM_METRIC_MOVES, 0);
  b = tw_sim_find_row (played->rows, TW_SIM_METRIC_MOVES, 0);
  g_assert_cmpfloat (a->stats.mean, ==, b->stats.mean);
  g_assert_cmpfloat (a->lo, ==, b->lo);
  g_assert_cmpfloat (a->hi, ==, b->hi);
  cells_clear (&c);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tw/tune/known-value", test_known_value);
  g_test_add_func ("/tw/tune/targets", test_targets);
  g_test_add_func ("/tw/tune/cancelled", test_cancelled);
  g_test_add_func ("/tw/tune/play", test_play);
  return g_test_run ();
}
