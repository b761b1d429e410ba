/* test-bot.c: the core's bots over every registered rules module
 *
 * Generic: every registered module with a bundled definition is loaded and
 * played; nothing here knows a game's rules or notation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <time.h>

#include "tw-bot.h"
#include "tw-definition.h"
#include "tw-game.h"

typedef struct
{
  TwDefinition *def;
  TwGame       *game;
} Entry;

static void
entry_free (gpointer data)
{
  Entry *e = data;

  tw_game_unref (e->game);
  tw_definition_unref (e->def);
  g_free (e);
}

/* One game per registered module with a bundled definition, at its minimum
 * and (when different) its maximum number of players. */
static GPtrArray *
load_games (void)
{
  GPtrArray *games = g_ptr_array_new_with_free_func (entry_free);
  const TwRules * const *all;
  guint n;

  all = tw_rules_all (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = tw_definition_bundled_path (all[i]->id);
      g_autoptr(GError) error = NULL;
      TwDefinition *def;

      if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_test_message ("%s: no bundled definition, skipped", all[i]->id);
          continue;
        }
      def = tw_definition_load_file (path, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (def);
      for (guint players = def->min_players; players <= def->max_players;
           players += MAX (1, def->max_players - def->min_players))
        {
          Entry *e = g_new0 (Entry, 1);

          e->def = tw_definition_ref (def);
          e->game = tw_game_new (def, players, NULL, &error);
          g_assert_no_error (error);
          g_ptr_array_add (games, e);
        }
      tw_definition_unref (def);
    }
  return games;
}

/* A position reached by uniformly random moves, somewhere in the game but
 * not over; NULL if the game ended first. */
static TwState *
random_position (const TwGame *game,
                 guint64       seed,
                 double        fraction)
{
  TwState *state = tw_state_new (game, seed);
  g_autofree TwState *probe = tw_state_copy (game, state);
  TwMoveList moves;
  TwRng rng;
  guint length, target;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, seed * 31 + 7);
  length = tw_state_random_playout (game, probe, &rng, &moves);
  target = (guint) (length * fraction);
  for (guint i = 0; i < target && !tw_state_is_terminal (game, state); i++)
    {
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      g_assert_cmpuint (moves.len, >, 0);
      g_assert_true (game->rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)],
                                         NULL));
    }
  tw_move_list_free (&moves);
  if (tw_state_is_terminal (game, state))
    {
      tw_state_free (state);
      return NULL;
    }
  return state;
}

static void
assert_legal (const TwGame  *game,
              const TwState *state,
              const TwMove  *move,
              const char    *bot)
{
  g_autofree TwState *copy = tw_state_copy (game, state);
  g_autoptr(GString) why = g_string_new (NULL);

  if (!game->rules->apply (game, copy, move, why))
    g_error ("%s: bot %s chose an illegal move: %s", game->rules->id, bot, why->str);
}

/* ------------------------------------------------------------------------ */

static void
test_spec_parse (void)
{
  TwBotSpec spec;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (tw_bot_spec_parse ("random", &spec, &error));
  g_assert_no_error (error);
  g_assert_true (spec.klass == tw_bot_class_lookup ("random"));
  g_assert_true (tw_bot_spec_parse ("greedy", &spec, &error));
  g_assert_true (spec.klass == tw_bot_class_lookup ("greedy"));

  g_assert_true (tw_bot_spec_parse ("mcts", &spec, &error));
  g_assert_true (spec.klass == &tw_bot_class_mcts);
  /* unset: 1000 simulations when no time is set */
  g_assert_cmpfloat (tw_bot_spec_get (&spec, "iterations", -1), ==, 0);
  g_assert_cmpfloat (tw_bot_spec_get (&spec, "seconds", -1), ==, 0);
  g_assert_cmpfloat (tw_bot_spec_get (&spec, "ms", -1), ==, 0);
  g_assert_cmpfloat (tw_bot_spec_get (&spec, "threads", -1), ==, 1);
  g_assert_cmpfloat (tw_bot_spec_get (&spec, "nosuchkey", -1), ==, -1);

  g_assert_true (tw_bot_spec_parse ("mcts:iterations=2000,seconds=1.5,c=0.3", &spec, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (tw_bot_spec_get (&spec, "iterations", 0), ==, 2000);
  g_assert_cmpfloat_with_epsilon (tw_bot_spec_get (&spec, "seconds", 0), 1.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (tw_bot_spec_get (&spec, "c", 0), 0.3, 1e-12);

  /* the canonical text reads back as the same spec */
  text = tw_bot_spec_to_string (&spec);
  g_assert_cmpstr (text, ==, "mcts:iterations=2000,seconds=1.5,c=0.3");
  {
    TwBotSpec again;
    g_assert_true (tw_bot_spec_parse (text, &again, &error));
    g_assert_true (tw_bot_spec_equal (&again, &spec));
  }
  g_clear_pointer (&text, g_free);
  g_assert_true (tw_bot_spec_parse ("greedy", &spec, NULL));
  text = tw_bot_spec_to_string (&spec);
  g_assert_cmpstr (text, ==, "greedy");

  /* settings in table order, defaults left out */
  g_clear_pointer (&text, g_free);
  g_assert_true (tw_bot_spec_parse ("mcts:threads=2,ms=50", &spec, NULL));
  text = tw_bot_spec_to_string (&spec);
  g_assert_cmpstr (text, ==, "mcts:ms=50,threads=2");

  /* a preset reads back as its name */
  g_clear_pointer (&text, g_free);
  g_assert_true (tw_bot_spec_parse ("strong", &spec, NULL));
  g_assert_true (spec.klass == &tw_bot_class_mcts);
  g_assert_cmpfloat (tw_bot_spec_get (&spec, "ms", 0), >, 0);
  text = tw_bot_spec_to_string (&spec);
  g_assert_cmpstr (text, ==, "strong");

  for (guint i = 0; tw_bot_names ()[i] != NULL; i++)
    g_assert_true (tw_bot_spec_parse (tw_bot_names ()[i], &spec, NULL));

  /* every class's defaults are inside its own ranges */
  {
    guint n;
    const TwBotClass * const *classes = tw_bot_classes (&n);

    for (guint i = 0; i < n; i++)
      for (guint o = 0; o < classes[i]->n_options; o++)
        {
          const TwBotOptionSpec *opt = &classes[i]->options[o];

          g_assert_true (opt->default_value == 0
                         || (opt->default_value >= opt->min && opt->default_value <= opt->max));
        }
  }
}

static void
test_spec_errors (void)
{
  static const char * const bad[] = {
    "",
    "nosuchbot",
    "Random",
    "random:iterations=5",
    "greedy:c=1",
    "mcts:iterations=0",
    "mcts:iterations=-5",
    "mcts:iterations=abc",
    "mcts:iterations=",
    "mcts:iterations",
    "mcts:seconds=-1",
    "mcts:seconds=nan",
    "mcts:c=inf",
    "mcts:c=101",
    "mcts:depth=3",
    "mcts:iterations=5,",
    "mcts:,",
    "mcts:=5",
    "mcts:threads=1.5",
    "mcts:threads=0",
    "strong:ms=5",
    "policy:c=1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      TwBotSpec spec;

      if (tw_bot_spec_parse (bad[i], &spec, &error))
        g_error ("“%s” was accepted", bad[i]);
      g_assert_error (error, TW_BOT_ERROR, 0);
      g_assert_nonnull (error->message);
    }
}

static void
test_legal_everywhere (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  static const char * const specs[] = {
    "random", "policy", "greedy", "mcts:iterations=40", "mcts:iterations=40,threads=2,rave=0,prior=0",
  };

  if (games->len == 0)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;
      guint positions = 0;

      for (guint64 seed = 1; seed <= 40; seed++)
        {
          TwState *state = random_position (game, seed, (seed % 10) / 10.0);

          if (state == NULL)
            continue;
          positions++;
          for (guint b = 0; b < G_N_ELEMENTS (specs); b++)
            {
              TwBotSpec spec;
              TwRng rng;
              TwMove move;

              /* mcts on every fourth position only: it is the slow one */
              if (b == 2 && seed % 4 != 0)
                continue;
              g_assert_true (tw_bot_spec_parse (specs[b], &spec, NULL));
              tw_rng_seed (&rng, seed);
              g_assert_true (tw_bot_choose (&spec, game, state, &rng, NULL, &move));
              assert_legal (game, state, &move, specs[b]);
            }
          tw_state_free (state);
        }
      g_assert_cmpuint (positions, >, 10);

      /* and no move at all once the game is over */
      {
        TwState *state = tw_state_new (game, 99);
        TwMoveList moves;
        TwRng rng;
        TwBotSpec spec;
        TwMove move;

        tw_move_list_init (&moves);
        tw_rng_seed (&rng, 99);
        tw_state_random_playout (game, state, &rng, &moves);
        g_assert_true (tw_bot_spec_parse ("greedy", &spec, NULL));
        g_assert_false (tw_bot_choose (&spec, game, state, &rng, NULL, &move));
        tw_move_list_free (&moves);
        tw_state_free (state);
      }
    }
}

/* A module's move priors (TwRules.move_priors), where it has them: on
 * positions all through the game, weights for every legal move that are
 * finite, not negative and not all zero, and the state left as it was. */
static void
test_move_priors (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  guint checked = 0;

  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;

      if (game->rules->move_priors == NULL)
        continue;
      for (guint64 seed = 1; seed <= 30; seed++)
        {
          TwState *state = random_position (game, seed, (seed % 10) / 10.0);
          g_autofree TwState *before = NULL;
          g_autofree double *weights = NULL;
          TwMoveList moves;
          double total = 0;

          if (state == NULL)
            continue;
          before = tw_state_copy (game, state);
          tw_move_list_init (&moves);
          game->rules->legal_moves (game, state, &moves);
          weights = g_new (double, moves.len);
          if (game->rules->move_priors (game, state, &moves, weights))
            {
              for (guint k = 0; k < moves.len; k++)
                {
                  g_assert_true (isfinite (weights[k]));
                  g_assert_cmpfloat (weights[k], >=, 0);
                  total += weights[k];
                }
              g_assert_cmpfloat (total, >, 0);
              checked++;
            }
          g_assert_cmpmem (before, game->state_size, state, game->state_size);
          tw_move_list_free (&moves);
          tw_state_free (state);
        }
    }
  if (checked == 0)
    g_test_skip ("no module gives move priors");
}

/* Greedy's choice maximises the module's heuristic over the legal moves of
 * the position it sees (the same observe() draw, replayed from a copy of its
 * generator). */
static void
test_greedy_maximises (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  TwBotSpec spec;

  if (games->len == 0)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  g_assert_true (tw_bot_spec_parse ("greedy", &spec, NULL));
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;
      const TwRules *rules = game->rules;
      guint strict = 0;

      for (guint64 seed = 1; seed <= 30; seed++)
        {
          TwState *state = random_position (game, seed, (seed % 10) / 10.0);
          g_autofree TwState *obs = NULL;
          g_autofree TwState *tmp = g_malloc (game->state_size);
          TwMoveList moves;
          TwRng rng, replay;
          TwMove move;
          double best = -G_MAXDOUBLE, worst = G_MAXDOUBLE, chosen;
          int player;

          if (state == NULL)
            continue;
          player = rules->to_act (game, state);
          tw_rng_seed (&rng, seed);
          replay = rng;
          g_assert_true (tw_bot_choose (&spec, game, state, &rng, NULL, &move));
          assert_legal (game, state, &move, "greedy");

          obs = tw_state_copy (game, state);
          rules->observe (game, obs, (guint) player, &replay);
          tw_move_list_init (&moves);
          rules->legal_moves (game, obs, &moves);
          for (guint m = 0; m < moves.len; m++)
            {
              double v;

              tw_state_copy_into (game, tmp, obs);
              g_assert_true (rules->apply (game, tmp, &moves.moves[m], NULL));
              v = rules->heuristic (game, tmp, (guint) player);
              best = MAX (best, v);
              worst = MIN (worst, v);
            }
          tw_state_copy_into (game, tmp, obs);
          g_assert_true (rules->apply (game, tmp, &move, NULL));
          chosen = rules->heuristic (game, tmp, (guint) player);
          g_assert_cmpfloat (chosen, >=, best - 1e-9);
          strict += best > worst + 1e-9;
          tw_move_list_free (&moves);
          tw_state_free (state);
        }
      /* the check means something only where moves differ in value */
      g_test_message ("%s: %u positions where the heuristic tells moves apart", rules->id, strict);
    }
}

static void
test_mcts_deterministic (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  TwBotSpec spec;

  if (games->len == 0)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  g_assert_true (tw_bot_spec_parse ("mcts:iterations=150", &spec, NULL));
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;

      for (guint64 seed = 3; seed <= 6; seed++)
        {
          TwState *state = random_position (game, seed, 0.3);
          TwRng rng1, rng2;
          TwMove m1, m2;

          if (state == NULL)
            continue;
          tw_rng_seed (&rng1, seed);
          tw_rng_seed (&rng2, seed);
          g_assert_true (tw_bot_choose (&spec, game, state, &rng1, NULL, &m1));
          g_assert_true (tw_bot_choose (&spec, game, state, &rng2, NULL, &m2));
          g_assert_true (tw_move_equal (&m1, &m2));
          g_assert_cmpmem (&rng1, sizeof rng1, &rng2, sizeof rng2);
          tw_state_free (state);
        }
    }
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (50 * 1000);
  g_atomic_int_set ((gint *) data, 1);
  return NULL;
}

static void
test_mcts_cancel (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  TwBotSpec spec;

  if (games->len == 0)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  /* far more iterations than could finish in the test's time */
  g_assert_true (tw_bot_spec_parse ("mcts:iterations=10000000", &spec, NULL));
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;
      TwState *state = random_position (game, 11, 0.2);
      gint cancel = 1;
      TwRng rng;
      TwMove move;
      gint64 start;
      GThread *thread;

      if (state == NULL)
        continue;
      tw_rng_seed (&rng, 1);

      /* already cancelled: returns at once, with a legal move */
      start = g_get_monotonic_time ();
      g_assert_true (tw_bot_choose (&spec, game, state, &rng, &cancel, &move));
      assert_legal (game, state, &move, "mcts");
      /* ten million iterations take minutes: a bound this loose only fails
       * when the flag is ignored, never because the machine is busy */
      g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);

      /* cancelled from another thread while thinking */
      cancel = 0;
      start = g_get_monotonic_time ();
      thread = g_thread_new ("cancel", cancel_later, &cancel);
      g_assert_true (tw_bot_choose (&spec, game, state, &rng, &cancel, &move));
      g_thread_join (thread);
      assert_legal (game, state, &move, "mcts");
      /* cancelled after 50 ms; as above, the bound only catches a search
       * that ignores the flag */
      g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
      tw_state_free (state);
    }
}

static void
test_mcts_time_limit (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  TwBotSpec spec;

  if (games->len == 0)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  g_assert_true (tw_bot_spec_parse ("mcts:iterations=10000000,seconds=0.1", &spec, NULL));
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;
      TwState *state = random_position (game, 12, 0.2);
      TwRng rng;
      TwMove move;
      gint64 start;

      if (state == NULL)
        continue;
      tw_rng_seed (&rng, 1);
      start = g_get_monotonic_time ();
      g_assert_true (tw_bot_choose (&spec, game, state, &rng, NULL, &move));
      /* a 0.1 s limit on ten million iterations: only a search that ignores
       * its clock gets anywhere near this bound */
      g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
      assert_legal (game, state, &move, "mcts");
      tw_state_free (state);
    }
}

/* A TwBot plays the same moves as tw_bot_choose() with its spec, and the
 * random bot lists the moves into the bot's own buffer, which grows by
 * doubling and is never given back: a few reallocations in the first
 * choices, then none, so choosing allocates nothing. */
static void
test_random_reuses_buffer (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  TwBotSpec spec;

  if (games->len == 0)
    {
      g_test_skip ("no registered game has a bundled definition");
      return;
    }
  g_assert_true (tw_bot_spec_parse ("random", &spec, NULL));
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;
      guint calls = 0, grown = 0;
      TwBot bot;

      tw_bot_init (&bot, &spec);
      for (guint64 seed = 1; seed <= 4; seed++)
        {
          g_autofree TwState *state = tw_state_new (game, seed);
          TwRng rng1, rng2;

          tw_rng_seed (&rng1, seed);
          tw_rng_seed (&rng2, seed);
          while (tw_state_to_act (game, state) >= 0)
            {
              const TwMove *buffer = bot.moves.moves;
              guint cap = bot.moves.cap;
              TwMove m1, m2;

              g_assert_true (tw_bot_play (&bot, game, state, &rng1, NULL, &m1));
              g_assert_true (tw_bot_choose (&spec, game, state, &rng2, NULL, &m2));
              g_assert_true (tw_move_equal (&m1, &m2));
              /* the move came from the bot's own list */
              g_assert_cmpuint (bot.moves.len, >, 0);
              {
                gboolean listed = FALSE;

                for (guint k = 0; k < bot.moves.len && !listed; k++)
                  listed = tw_move_equal (&bot.moves.moves[k], &m1);
                g_assert_true (listed);
              }
              if (bot.moves.moves != buffer || bot.moves.cap != cap)
                grown++;
              g_assert_true (game->rules->apply (game, state, &m1, NULL));
              g_assert_cmpuint (++calls, <, 400000);
            }
        }
      /* doubling: a handful of reallocations in hundreds of choices */
      g_assert_cmpuint (grown, <=, 8);
      g_assert_cmpuint (calls, >, 8 * (grown + 1));
      tw_bot_clear (&bot);
    }
}

/* The CPU budget: a search told ms=20 stops soon after 20 ms of its own
 * thread's CPU time. CPU time is not inflated by a busy machine, so the
 * bound only allows for the one simulation or expansion under way. */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void
test_mcts_cpu_budget (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  TwBotSpec spec;

  g_assert_true (tw_bot_spec_parse ("mcts:ms=20", &spec, NULL));
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;

      for (guint64 seed = 1; seed <= 3; seed++)
        {
          TwState *state = random_position (game, seed, 0.1 * seed);
          TwRng rng;
          TwMove move;
          double start;

          if (state == NULL)
            continue;
          tw_rng_seed (&rng, seed);
          start = thread_cpu_ms ();
          g_assert_true (tw_bot_choose (&spec, game, state, &rng, NULL, &move));
          g_assert_cmpfloat (thread_cpu_ms () - start, <, 20 + 400);
          assert_legal (game, state, &move, "mcts:ms=20");
          tw_state_free (state);
        }
    }
}

/* Threads: with an iteration budget, two trees give the same move for the
 * same seed, whatever the scheduling. */
static void
test_mcts_threads_deterministic (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  TwBotSpec spec;

  g_assert_true (tw_bot_spec_parse ("mcts:iterations=200,threads=2", &spec, NULL));
  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;
      TwState *state = random_position (game, 8, 0.4);
      TwRng rng1, rng2;
      TwMove m1, m2;

      if (state == NULL)
        continue;
      tw_rng_seed (&rng1, 8);
      tw_rng_seed (&rng2, 8);
      g_assert_true (tw_bot_choose (&spec, game, state, &rng1, NULL, &m1));
      g_assert_true (tw_bot_choose (&spec, game, state, &rng2, NULL, &m2));
      g_assert_true (tw_move_equal (&m1, &m2));
      tw_state_free (state);
    }
}

/* A search bot that keeps its tree from move to move (one TwBot per seat
 * for a whole game, then the next game with the same bots) plays legal
 * moves only, and the same game for the same seed. */
static void
play_kept (const TwGame *game, guint64 seed, GString *log)
{
  TwBotSpec spec;
  TwBot bots[TW_MAX_PLAYERS];
  TwRng rng;

  g_assert_true (tw_bot_spec_parse ("mcts:iterations=12", &spec, NULL));
  for (guint p = 0; p < game->n_players; p++)
    tw_bot_init (&bots[p], &spec);
  tw_rng_seed (&rng, seed);
  for (guint g = 0; g < 2; g++)
    {
      g_autofree TwState *state = tw_state_new (game, seed + g);
      int seat;
      guint n = 0;

      /* 50 moves are enough to pass through kept trees many times, and
       * the next game starts with the bots' old memory */
      while ((seat = tw_state_to_act (game, state)) >= 0 && n++ < 50)
        {
          TwMove move;

          g_assert_true (tw_bot_play (&bots[seat], game, state, &rng, NULL, &move));
          assert_legal (game, state, &move, "mcts kept");
          g_string_append_printf (log, "%d:%d,%d,%d,%d,%d;", seat, move.kind, move.a, move.b,
                                  move.x, move.y);
          g_assert_true (game->rules->apply (game, state, &move, NULL));
        }
    }
  for (guint p = 0; p < game->n_players; p++)
    tw_bot_clear (&bots[p]);
}

static void
test_mcts_tree_kept (void)
{
  g_autoptr(GPtrArray) games = load_games ();

  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;
      g_autoptr(GString) a = g_string_new (NULL);
      g_autoptr(GString) b = g_string_new (NULL);

      if (game->n_players > 2)
        continue;   /* the 2-player games are enough, and keep the test quick */
      play_kept (game, 5, a);
      play_kept (game, 5, b);
      g_assert_cmpstr (a->str, ==, b->str);
    }
}

/* No peeking: a bot's move does not depend on what its seat cannot see.
 * The position is resampled from the mover's view (another deck order,
 * other hands); every bot with the same generator state must choose the
 * same move in both. */
static void
test_no_peeking (void)
{
  g_autoptr(GPtrArray) games = load_games ();
  static const char * const specs[] = { "policy", "greedy", "mcts:iterations=50" };

  for (guint i = 0; i < games->len; i++)
    {
      const TwGame *game = ((Entry *) g_ptr_array_index (games, i))->game;

      for (guint64 seed = 1; seed <= 6; seed++)
        {
          TwState *state = random_position (game, seed, 0.15 * seed);
          g_autofree TwState *other = NULL;
          TwRng shuffle;

          if (state == NULL)
            continue;
          other = tw_state_copy (game, state);
          tw_rng_seed (&shuffle, seed * 977);
          game->rules->observe (game, other, (guint) tw_state_to_act (game, state), &shuffle);
          for (guint b = 0; b < G_N_ELEMENTS (specs); b++)
            {
              TwBotSpec spec;
              TwRng rng1, rng2;
              TwMove m1, m2;

              g_assert_true (tw_bot_spec_parse (specs[b], &spec, NULL));
              tw_rng_seed (&rng1, seed);
              tw_rng_seed (&rng2, seed);
              g_assert_true (tw_bot_choose (&spec, game, state, &rng1, NULL, &m1));
              g_assert_true (tw_bot_choose (&spec, game, other, &rng2, NULL, &m2));
              if (!tw_move_equal (&m1, &m2))
                g_error ("%s, %u players, seed %" G_GUINT64_FORMAT ": %s plays another move "
                         "when only hidden information differs",
                         game->rules->id, game->n_players, seed, specs[b]);
            }
          tw_state_free (state);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/bot/spec/parse", test_spec_parse);
  g_test_add_func ("/tw/bot/spec/errors", test_spec_errors);
  g_test_add_func ("/tw/bot/legal-everywhere", test_legal_everywhere);
  g_test_add_func ("/tw/bot/greedy/maximises", test_greedy_maximises);
  g_test_add_func ("/tw/bot/move-priors", test_move_priors);
  g_test_add_func ("/tw/bot/mcts/deterministic", test_mcts_deterministic);
  g_test_add_func ("/tw/bot/mcts/cancel", test_mcts_cancel);
  g_test_add_func ("/tw/bot/mcts/time-limit", test_mcts_time_limit);
  g_test_add_func ("/tw/bot/mcts/cpu-budget", test_mcts_cpu_budget);
  g_test_add_func ("/tw/bot/mcts/threads-deterministic", test_mcts_threads_deterministic);
  g_test_add_func ("/tw/bot/mcts/tree-kept", test_mcts_tree_kept);
  g_test_add_func ("/tw/bot/no-peeking", test_no_peeking);
  g_test_add_func ("/tw/bot/random/reuses-buffer", test_random_reuses_buffer);

  return g_test_run ();
}
