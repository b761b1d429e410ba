/* tw-cli-bench.c: `bench`, random playouts per second on one thread
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

#include <stdio.h>
#include <stdlib.h>

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
  const GOptionEntry entries[] = {
    { "render", 'r', 0, G_OPTION_ARG_NONE, &render,
      "Time drawing a finished game at 1280x800 instead of playouts", NULL },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players,
      "Number of players (default: the definition's minimum)", "N" },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games,
      "Total games, split into 5 batches (default: 1000)", "G" },
    { "seconds", 't', 0, G_OPTION_ARG_DOUBLE, &seconds,
      "Run for about T seconds in total instead of a number of games", "T" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      "Seed of the initial state and the playouts (default: 1)", "S" },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      "Set a variant option (repeatable)", "OPTION=VALUE" },
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
    "Prints games/s and moves/s as the median of 5 timed batches with the\n"
    "spread (min–max), the moves per game and the state size in bytes.\n"
    "With --render: the median time to draw the final position of 5 random\n"
    "games (200 frames each), as wall-clock time and as this thread's CPU\n"
    "time (which other processes on a loaded machine do not inflate).\n\n"
    "Exit status:\n"
    "  0  done\n"
    "  2  bad command line\n"
    "  3  the definition has problems\n"
    "  5  the definition cannot be read\n");

  rc = tw_cli_parse (context, &argc, &argv);
  if (rc == TW_EXIT_OK && argc != 2)
    {
      tw_cli_error (argc < 2 ? "no definition file given" : "only one definition file, please");
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && games < 0)
    {
      tw_cli_error ("--games must be positive");
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && (seconds < 0 || seconds > 86400 || seconds != seconds))
    {
      tw_cli_error ("--seconds must be between 0 and 86400");
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && seed_text != NULL && !tw_cli_parse_seed (seed_text, &seed, &error))
    rc = tw_cli_report_error (error);
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
  g_strfreev (sets);
  return rc;
}
