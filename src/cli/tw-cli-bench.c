/* tw-cli-bench.c: `bench`, random playouts per second on one thread, or a
 * bot's search speed from one position (--bot)
 *
 * The unit measured is the one bots and simulation repeat: copy an initial
 * state into a reused buffer and play uniformly random legal moves to the end
 * with a reused move list (tw_state_random_playout), no allocation per game.
 * Five batches are timed separately and the median is reported with the
 * spread, so one noisy batch does not decide the figure.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"
#include "tw-render-bench.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>

#include "tw-history.h"
#include "tw-record.h"
#include "tw-clock.h"

#define N_BATCHES 5

typedef struct
{
  double games_per_s;
  double moves_per_s;
  guint  games;
  guint64 moves;
} Batch;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
median_and_spread (const Batch *batches,
                   gboolean     moves,
                   double      *median,
                   double      *min,
                   double      *max)
{
  double v[N_BATCHES];

  for (guint i = 0; i < N_BATCHES; i++)
    v[i] = moves ? batches[i].moves_per_s : batches[i].games_per_s;
  qsort (v, N_BATCHES, sizeof (double), compare_doubles);
  *median = v[N_BATCHES / 2];
  *min = v[0];
  *max = v[N_BATCHES - 1];
}

/* The position --bot thinks about: move @move of @record's main line, or
 * without a record @move moves into the game the policy bot plays from the
 * seed (a real game, not a random one). NULL with the exit code in @rc. */
static TwState *
bench_position (const char *record_path,
                int         move,
                TwGame    **game_inout,
                guint64     seed,
                int        *rc)
{
  g_autoptr(GError) error = NULL;

  if (record_path != NULL)
    {
      g_autoptr(TwRecord) record = tw_record_load_file (record_path, &error);
      TwHistory *history;
      g_autoptr(GArray) line = NULL;

      if (record == NULL)
        {
          *rc = tw_cli_report_error (error);
          return NULL;
        }
      history = tw_record_get_history (record);
      line = tw_history_get_main_line (history);
      if ((guint) move > line->len)
        {
          tw_cli_error (g_dngettext (GETTEXT_PACKAGE, "--move %d: the record's main line has %u move",
                                     "--move %d: the record's main line has %u moves", line->len),
                        move, line->len);
          *rc = TW_EXIT_USAGE;
          return NULL;
        }
      g_clear_pointer (game_inout, tw_game_unref);
      *game_inout = tw_game_ref (tw_record_get_game (record));
      if (move == 0)
        {
          TwState *s = tw_state_new (*game_inout, tw_history_get_seed (history));
          return s;
        }
      return tw_history_dup_state_at (history, g_array_index (line, guint, move - 1));
    }
  else
    {
      TwGame *game = *game_inout;
      TwState *state = tw_state_new (game, seed);
      TwBotSpec spec;
      TwBot bot;
      TwRng rng;

      tw_bot_spec_init (&spec, tw_bot_class_lookup ("policy"));
      tw_bot_init (&bot, &spec);
      tw_rng_seed (&rng, seed);
      for (int i = 0; i < move; i++)
        {
          TwMove m;

          if (!tw_bot_play (&bot, game, state, &rng, NULL, &m)
              || !game->rules->apply (game, state, &m, NULL))
            {
              tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                         "--move %d: the game from seed %llu ended after %d move",
                                         "--move %d: the game from seed %llu ended after %d moves",
                                         i),
                            move, (unsigned long long) seed, i);
              tw_bot_clear (&bot);
              tw_state_free (state);
              *rc = TW_EXIT_USAGE;
              return NULL;
            }
        }
      tw_bot_clear (&bot);
      return state;
    }
}

/* --bot: N_BATCHES decisions from the same position by a fresh bot each,
 * the median of simulations per CPU second. */
static int
bench_bot (const char *spec_text,
           TwGame     *game,
           TwState    *state,
           guint64     seed,
           int         move)
{
  g_autoptr(GError) error = NULL;
  TwBotSpec spec;
  double rate[N_BATCHES], ms[N_BATCHES];
  guint64 sims[N_BATCHES], nodes[N_BATCHES];
  g_autofree char *canonical = NULL;
  g_autofree char *text = NULL;

  if (!tw_cli_bot_spec_parse (spec_text, &spec, &error))
    return tw_cli_report_error (error);
  if (tw_state_is_terminal (game, state))
    {
      tw_cli_error (_("--move %d: the game is over there"), move);
      return TW_EXIT_USAGE;
    }
  for (guint b = 0; b < N_BATCHES; b++)
    {
      TwBot bot;
      TwRng rng;
      TwMove m;
      gint64 start;

      tw_bot_init (&bot, &spec);
      tw_rng_seed (&rng, seed + b);
      start = tw_thread_cpu_ns ();
      tw_bot_play (&bot, game, state, &rng, NULL, &m);
      ms[b] = (tw_thread_cpu_ns () - start) / 1e6;
      sims[b] = nodes[b] = 0;
      tw_bot_last_search (&bot, &sims[b], &nodes[b]);
      rate[b] = sims[b] / MAX (ms[b] / 1000, 1e-9);
      if (b == 0)
        text = tw_move_to_string (game, state, &m);
      tw_bot_clear (&bot);
    }
  canonical = tw_bot_spec_to_string (&spec);
  tw_cli_print ("game: %s (%s), %u players, seed %" G_GUINT64_FORMAT ", position after %d moves\n",
                game->definition->name, game->rules->id, game->n_players, seed, move);
  tw_cli_print ("bot: %s (first choice: %s)\n", canonical, text);
  tw_cli_print ("decisions: %d, each by a fresh bot\n", N_BATCHES);
  qsort (ms, N_BATCHES, sizeof (double), compare_doubles);
  tw_cli_print ("CPU ms/decision: %.1f (min %.1f, max %.1f)\n",
                ms[N_BATCHES / 2], ms[0], ms[N_BATCHES - 1]);
  qsort (rate, N_BATCHES, sizeof (double), compare_doubles);
  if (sims[0] > 0)
    {
      tw_cli_print ("simulations/decision: %" G_GUINT64_FORMAT ", tree nodes: %" G_GUINT64_FORMAT "\n",
                    sims[0], nodes[0]);
      tw_cli_print ("simulations/s: %.0f (min %.0f, max %.0f)\n",
                    rate[N_BATCHES / 2], rate[0], rate[N_BATCHES - 1]);
    }
  return TW_EXIT_OK;
}

int
tw_cli_bench (int    argc,
              char **argv)
{
  int players = 0;
  int games = 0;
  double seconds = 0;
  char *seed_text = NULL;
  char **sets = NULL;
  gboolean render = FALSE;
  char *bot_text = NULL;
  char *record_path = NULL;
  int at_move = 0;
  const GOptionEntry entries[] = {
    { "bot", 'b', 0, G_OPTION_ARG_STRING, &bot_text,
      N_("Time this bot's search from one position instead of random playouts"), N_("SPEC") },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record_path,
      N_("With --bot: the position is in this record (its definition and seats)"), N_("FILE") },
    { "move", 'm', 0, G_OPTION_ARG_INT, &at_move,
      N_("With --bot: the position after this many moves (default: 0)"), "N" },
    { "render", 'r', 0, G_OPTION_ARG_NONE, &render,
      N_("Time drawing a finished game at 1280x800 instead of playouts"), NULL },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players,
      N_("Number of players (default: the definition's minimum)"), "N" },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games,
      N_("Total games, split into 5 batches (default: 1000)"), "G" },
    { "seconds", 't', 0, G_OPTION_ARG_DOUBLE, &seconds,
      N_("Run for about T seconds in total instead of a number of games"), "T" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the initial state and the playouts (default: 1)"), "S" },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      N_("Set a variant option (repeatable)"), N_("OPTION=VALUE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("bench", entries);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autoptr(GError) error = NULL;
  TwState *initial = NULL;
  TwState *state = NULL;
  TwMoveList moves = { 0, };
  Batch batches[N_BATCHES] = { { 0, }, };
  guint64 seed = 1;
  guint64 game_index = 0;
  guint64 total_games = 0, total_moves = 0;
  guint per_batch;
  double median, min, max;
  int rc;

  g_option_context_set_description (context,
    N_("Prints games/s and moves/s as the median of 5 timed batches with the\n"
      "spread (min–max), the moves per game and the state size in bytes.\n"
      "With --render: the median time to draw the final position of 5 random\n"
      "games (200 frames each), as wall-clock time and as this thread's CPU\n"
      "time (which other processes on a loaded machine do not inflate).\n"
      "With --bot SPEC: 5 decisions from one position (the record's main line\n"
      "after --move N moves, or N moves into the game the policy bot plays\n"
      "from the seed), each by a fresh bot; prints the median CPU time per\n"
      "decision and, for a search bot, simulations per CPU second.\n\n"
      "Exit status:\n"
      "  0  done\n"
      "  2  bad command line\n"
      "  3  the definition has problems\n"
      "  5  the definition cannot be read\n"));

  rc = tw_cli_parse (context, &argc, &argv);
  if (rc == TW_EXIT_OK && argc != 2)
    {
      tw_cli_error (argc < 2 ? _("no definition file given") : _("only one definition file, please"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && games < 0)
    {
      tw_cli_error (_("--games must be positive"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && (seconds < 0 || seconds > 86400 || seconds != seconds))
    {
      tw_cli_error (_("--seconds must be between 0 and 86400"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && seed_text != NULL && !tw_cli_parse_seed (seed_text, &seed, &error))
    rc = tw_cli_report_error (error);
  if (rc != TW_EXIT_OK)
    goto out;

  if (rc == TW_EXIT_OK && at_move < 0)
    {
      tw_cli_error (_("--move must be 0 or more"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && (record_path != NULL || at_move > 0) && bot_text == NULL)
    {
      tw_cli_error (_("--record and --move go with --bot"));
      rc = TW_EXIT_USAGE;
    }
  if (rc != TW_EXIT_OK)
    goto out;

  def = tw_cli_load_definition (argv[1], &rc);
  if (def == NULL)
    goto out;
  game = tw_cli_new_game (def, players, sets, &error);
  if (game == NULL)
    {
      rc = tw_cli_report_error (error);
      goto out;
    }

  if (bot_text != NULL)
    {
      TwState *position = bench_position (record_path, at_move, &game, seed, &rc);

      if (position != NULL)
        {
          rc = bench_bot (bot_text, game, position, seed, at_move);
          tw_state_free (position);
        }
      goto out;
    }

  if (render)
    {
      /* the final position of a random game, drawn as the board view draws
       * it; the median of five games of 200 frames each */
      double ms[N_BATCHES], cpu[N_BATCHES];
      for (guint b = 0; b < N_BATCHES; b++)
        ms[b] = tw_render_bench_ms (game, seed + b, 200, &cpu[b]);
      qsort (ms, N_BATCHES, sizeof (double), compare_doubles);
      qsort (cpu, N_BATCHES, sizeof (double), compare_doubles);
      tw_cli_print ("game: %s (%s), %u players\n", def->name, def->rules->id, game->n_players);
      tw_cli_print ("render: %.2f ms per frame at 1280x800 (median of %u finished games, %.2f–%.2f)\n",
                    ms[N_BATCHES / 2], N_BATCHES, ms[0], ms[N_BATCHES - 1]);
      /* the wall time counts other processes on a loaded machine */
      tw_cli_print ("render CPU: %.2f ms per frame (same games, this thread only, %.2f–%.2f)\n",
                    cpu[N_BATCHES / 2], cpu[0], cpu[N_BATCHES - 1]);
      goto out;
    }

  if (games == 0)
    games = 1000;
  per_batch = MAX (1, (guint) games / N_BATCHES);

  initial = tw_state_new (game, seed);
  state = tw_state_copy (game, initial);
  tw_move_list_init (&moves);

  for (guint b = 0; b < N_BATCHES; b++)
    {
      gint64 start = g_get_monotonic_time ();
      gint64 budget = (gint64) (seconds * G_USEC_PER_SEC / N_BATCHES);
      gint64 elapsed;
      Batch *batch = &batches[b];

      for (;;)
        {
          TwRng rng;

          tw_rng_seed (&rng, seed ^ (game_index++ * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)));
          tw_state_copy_into (game, state, initial);
          batch->moves += tw_state_random_playout (game, state, &rng, &moves);
          batch->games++;

          if (seconds > 0 ? g_get_monotonic_time () - start >= budget
                          : batch->games >= per_batch)
            break;
        }
      elapsed = MAX (1, g_get_monotonic_time () - start);
      batch->games_per_s = batch->games * (double) G_USEC_PER_SEC / elapsed;
      batch->moves_per_s = batch->moves * (double) G_USEC_PER_SEC / elapsed;
      total_games += batch->games;
      total_moves += batch->moves;
    }

  tw_cli_print ("game: %s (%s), %u players, seed %" G_GUINT64_FORMAT "\n",
                def->name, game->rules->id, game->n_players, seed);
  tw_cli_print ("state size: %" G_GSIZE_FORMAT " bytes\n", game->state_size);
  tw_cli_print ("batches: %d, %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " moves\n",
                N_BATCHES, total_games, total_moves);
  tw_cli_print ("moves/game: %.1f\n", (double) total_moves / MAX (total_games, 1));
  median_and_spread (batches, FALSE, &median, &min, &max);
  tw_cli_print ("games/s: %.0f (min %.0f, max %.0f)\n", median, min, max);
  median_and_spread (batches, TRUE, &median, &min, &max);
  tw_cli_print ("moves/s: %.0f (min %.0f, max %.0f)\n", median, min, max);

out:
  if (moves.moves != NULL)
    tw_move_list_free (&moves);
  g_clear_pointer (&initial, tw_state_free);
  g_clear_pointer (&state, tw_state_free);
  g_free (seed_text);
  g_free (bot_text);
  g_free (record_path);
  g_strfreev (sets);
  return rc;
}
