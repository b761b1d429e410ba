/* tw-cli-tune.c: `tune FILE --vary NAME=LO..HI --target METRIC=VALUE`
 *
 * The designer's question "what value makes the game fair (or as long as
 * I want)?" as a command of its own: the values to try are a sweep's cells
 * (tw-sweep.h), searched by successive halving in tw-cli-sweep.c, which
 * spends games where the answer is still open; the best cell is reported
 * with its intervals and, with --write, saved as a definition whose text
 * differs from the original only in the changed values.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <stdio.h>

int
tw_cli_tune (int    argc,
             char **argv)
{
  int games = -1, players = 0, jobs = 0, start = 0, shards = 0;
  g_autofree char *round_state = NULL;
  g_auto(GStrv) round_results = NULL;
  g_autofree char *bots = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *output = NULL;
  g_autofree char *write = NULL;
  g_auto(GStrv) varies = NULL;
  g_auto(GStrv) targets = NULL;
  g_auto(GStrv) sets = NULL;
  const GOptionEntry entries[] = {
    { "vary", 'v', 0, G_OPTION_ARG_STRING_ARRAY, &varies,
      N_("What may change: an option, players, or a number at a path (cards.ID.points), "
         "over LO..HI or V1,V2… (repeatable: a grid)"), N_("NAME=LO..HI") },
    { "target", 't', 0, G_OPTION_ARG_STRING_ARRAY, &targets,
      N_("What to reach: win_pK, advantage_pK, moves, tie or end:REASON, a value or LO..HI "
         "(shares as fractions; repeatable)"), N_("METRIC=VALUE") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games,
      N_("Games the best value plays in the end (default: 400)"), "N" },
    { "start", 0, 0, G_OPTION_ARG_INT, &start,
      N_("Games every value plays in the first round (default: 20)"), "N" },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players,
      N_("Number of players (default: the definition's minimum)"), "P" },
    { "bots", 'b', 0, G_OPTION_ARG_STRING, &bots,
      N_("Who plays each seat (default: greedy)"), N_("BOT,BOT…") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed: every value plays the same games (default: 1)"), "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      N_("Threads (default: the number of processors); results do not depend on it"), "J" },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      N_("Set a variant option for every game (repeatable)"), N_("OPTION=VALUE") },
    { "write", 'w', 0, G_OPTION_ARG_FILENAME, &write,
      N_("Save the definition with the best values to FILE (comments and layout kept)"), N_("FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the report to FILE instead of standard output"), N_("FILE") },
    { "round-state", 0, 0, G_OPTION_ARG_FILENAME, &round_state,
      N_("Run the search round by round, its state in FILE: each step writes the next "
         "round's plan and prints the commands of its shards"), N_("FILE") },
    { "round-results", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &round_results,
      N_("With --round-state: the results of the round it waits for (merged, or its "
         "shards; repeatable)"), N_("FILE") },
    { "shards", 0, 0, G_OPTION_ARG_INT, &shards,
      N_("With --round-state: how many shards the printed commands split a round into "
         "(default: 4)"), "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("tune", entries);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GError) error = NULL;
  guint64 seed = 1;
  int rc;

  g_option_context_set_description (context,
    /* xgettext:no-c-format */
    N_("Searches the values of --vary whose games come nearest the --target\n"
      "figures. Every value first plays --start games (the same seeds for all),\n"
      "the half nearer the targets plays as many again, and so on until one is\n"
      "left, which plays on to --games; it is reported with 95% intervals.\n"
      "A miss is the distance from a figure to its target: in moves, and in\n"
      "points of a share (0.01 of a share is one point).\n\n"
      "Examples:\n"
      "  tune colorblock.yaml --vary cards.island.points=0..5 --target advantage_p1=-0.02..0.02\n"
      "  tune colorfield.yaml --vary turns-per-round=3..8 --target moves=80..90 --write long.yaml\n\n"
      "Ctrl-C stops the search: the rounds played so far are reported and the\n"
      "exit status is 130. See doc/simulate.md, \"Tuning\".\n\n"
      "With --round-state, the search runs round by round, each round split into\n"
      "shards (on a cluster): every step prints the next one's commands, and the\n"
      "last prints and writes what the whole run would. See doc/simulate.md,\n"
      "\"A search on a cluster\".\n\n"
      "Exit status:\n"
      "  0    done\n"
      "  1    a game did not end or a bot found no legal move (a bug)\n"
      "  2    bad command line\n"
      "  3    a definition has problems\n"
      "  5    a file cannot be read or written\n"
      "  130  interrupted by Ctrl-C (SIGINT)\n"));

  rc = tw_cli_parse (context, &argc, &argv);
  if (rc != TW_EXIT_OK)
    return rc;
  if (round_state == NULL && (round_results != NULL || shards != 0))
    {
      tw_cli_error (_("--round-results and --shards go with --round-state"));
      return TW_EXIT_USAGE;
    }
  if (shards < 0 || shards > TW_CLI_ROUNDS_MAX_SHARDS)
    {
      tw_cli_error (_("--shards must be between 1 and %d"), TW_CLI_ROUNDS_MAX_SHARDS);
      return TW_EXIT_USAGE;
    }
  if (games == 0 || games < -1)
    {
      tw_cli_error (_("--games must be at least 1"));
      return TW_EXIT_USAGE;
    }
  if (round_state != NULL && round_results != NULL && argc <= 2 && start >= 0
      && jobs >= 0 && jobs <= 256)
    {
      /* a next step: the search is the state's */
      TwCliRoundsArgs rounds = {
        .state = round_state, .results = round_results, .path = argc == 2 ? argv[1] : NULL,
        .varies = varies, .targets = targets, .sets = sets, .players = players, .bots = bots,
        .seed_given = seed_text != NULL, .games = games > 0 ? (guint64) games : 0,
        .start = (guint64) start, .shards = (guint) shards,
        .jobs = jobs > 0 ? (guint) jobs : g_get_num_processors (), .output = output, .write = write, .sweep_option = "--vary",
      };

      if (seed_text != NULL && !tw_cli_parse_seed (seed_text, &rounds.seed, &error))
        return tw_cli_report_error (error);
      return tw_cli_rounds_run (&rounds);
    }
  if (games == -1)
    games = 400;
  if (argc != 2)
    {
      tw_cli_error (argc < 2 ? _("no definition file given") : _("only one definition file, please"));
      return TW_EXIT_USAGE;
    }
  if (varies == NULL || targets == NULL)
    {
      tw_cli_error (varies == NULL ? _("give what may change with --vary NAME=LO..HI")
                                   : _("give what to reach with --target METRIC=VALUE"));
      tw_cli_try_help ();
      return TW_EXIT_USAGE;
    }
  if (games < 1 || start < 0 || (start > 0 && start > games))
    {
      tw_cli_error (games < 1 ? _("--games must be at least 1")
                              : _("--start must be between 1 and --games"));
      return TW_EXIT_USAGE;
    }
  if (jobs < 0 || jobs > 256)
    {
      tw_cli_error (_("--jobs must be between 1 and 256"));
      return TW_EXIT_USAGE;
    }
  if (seed_text != NULL && !tw_cli_parse_seed (seed_text, &seed, &error))
    return tw_cli_report_error (error);

  def = tw_cli_load_definition (argv[1], &rc);
  if (def == NULL)
    return rc;
  {
    g_autoptr(TwGame) game = tw_cli_new_game (def, players, sets, &error);

    if (game == NULL)
      return tw_cli_report_error (error);
  }
  if (round_state != NULL)
    {
      /* the first step of a search round by round */
      TwCliRoundsArgs rounds = {
        .state = round_state, .path = argv[1], .varies = varies, .targets = targets,
        .sets = sets, .players = players, .bots = bots != NULL ? bots : "greedy", .seed = seed,
        .games = (guint64) games, .start = (guint64) (start > 0 ? start : MIN (20, games)),
        .shards = shards > 0 ? (guint) shards : 4,
        .jobs = jobs > 0 ? (guint) jobs : g_get_num_processors (), .output = output,
        .write = write, .sweep_option = "--vary",
      };

      return tw_cli_rounds_run (&rounds);
    }
  {
    TwCliSweepArgs args = {
      .path = argv[1], .def = def, .sweeps = varies, .sets = sets, .players = players,
      .bots = bots != NULL ? bots : "greedy", .seed = seed, .games = (guint64) games,
      .jobs = jobs > 0 ? (guint) jobs : g_get_num_processors (), .format = TW_CLI_FORMAT_TEXT,
      .output = output, .targets = targets, .start = (guint64) start, .write = write,
      .sweep_option = "--vary",
    };

    return tw_cli_sweep_run (&args);
  }
}
