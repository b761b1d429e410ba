/* tw-cli-tournament.c: `tournament`, bots against each other from every seat
 *
 * Plays the lineups of tw-tournament.h through the simulation workers
 * (tw_sim_run with TwSimConfig.lineups), so game i is lineup i mod L with the
 * seed of simulate's game i and the results do not depend on --jobs. Each
 * bot decision is timed with the thread's CPU clock (TwSimConfig.on_move);
 * the times are the only figures that vary from run to run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tw-json.h"
#include "tw-sim.h"
#include "tw-tournament.h"

/* ------------------------------------------------------------------------ */
/* CPU time per move                                                        */

typedef struct
{
  gint64 cpu_ns;
  guint  seat;
} TimedMove;

/* One array of TimedMove per game index: a game is played by one thread at a
 * time, so its slot needs no lock. */
typedef struct
{
  guint64  n_games;
  GArray **games;
} Timings;

static void
on_move (guint64  index,
         guint    seat,
         gint64   cpu_ns,
         gpointer user_data)
{
  Timings *timings = user_data;
  TimedMove move = { cpu_ns, seat };

  g_assert (index < timings->n_games);
  if (timings->games[index] == NULL)
    timings->games[index] = g_array_new (FALSE, FALSE, sizeof (TimedMove));
  g_array_append_val (timings->games[index], move);
}

static void
timings_clear (Timings *timings)
{
  for (guint64 i = 0; i < timings->n_games; i++)
    if (timings->games[i] != NULL)
      g_array_unref (timings->games[i]);
  g_clear_pointer (&timings->games, g_free);
}

typedef struct
{
  guint64 moves;
  double  total_ms;
  double  mean_ms;
  double  median_ms;
} CpuFigures;

/* Per bot, over the moves of the games that ended, in game order. */
static CpuFigures *
cpu_figures (const Timings  *timings,
             const TwSimArm *arm,
             const guint    *lineups,
             guint           n_lineups,
             guint           n_bots)
{
  CpuFigures *figures = g_new0 (CpuFigures, n_bots);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  for (guint b = 0; b < n_bots; b++)
    g_ptr_array_add (values, g_array_new (FALSE, FALSE, sizeof (double)));
  for (guint i = 0; i < arm->games->len; i++)
    {
      guint64 index = g_array_index (arm->games, TwSimGame, i).index;
      const guint *lineup = &lineups[(index % n_lineups) * arm->n_players];
      GArray *moves = timings->games[index];

      for (guint m = 0; moves != NULL && m < moves->len; m++)
        {
          const TimedMove *move = &g_array_index (moves, TimedMove, m);
          double ms = move->cpu_ns / 1e6;

          g_array_append_val (g_ptr_array_index (values, lineup[move->seat]), ms);
        }
    }
  for (guint b = 0; b < n_bots; b++)
    {
      GArray *v = g_ptr_array_index (values, b);

      figures[b].moves = v->len;
      for (guint k = 0; k < v->len; k++)
        figures[b].total_ms += g_array_index (v, double, k);
      figures[b].mean_ms = v->len > 0 ? figures[b].total_ms / v->len : NAN;
      figures[b].median_ms = tw_sim_quantile ((double *) (gpointer) v->data, v->len, 0.5);
    }
  return figures;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */

typedef struct
{
  const TwSimArm     *arm;
  const TwTournament *t;
  const CpuFigures   *cpu;
  char              **names;       /* canonical spec per bot */
  gboolean            interrupted;
} Report;

/* "12.3%", or "-" for a share of no games. */
static char *
percent (double value)
{
  return isfinite (value) ? g_strdup_printf ("%.1f%%", 100 * value) : g_strdup ("-");
}

static char *
interval (double lo,
          double hi,
          double scale,
          const char *format)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (!isfinite (lo) || !isfinite (hi))
    return g_strdup ("");
  a = g_strdup_printf (format, scale * lo);
  b = g_strdup_printf (format, scale * hi);
  return g_strdup_printf ("[%s, %s]", a, b);
}

static void
print_text (GString      *out,
            const Report *r)
{
  const TwSimArm *arm = r->arm;
  const TwTournament *t = r->t;
  int width = 24, pair_width = 0;

  for (guint b = 0; b < t->n_bots; b++)
    width = MAX (width, (int) g_utf8_strlen (r->names[b], -1));
  for (guint k = 0; k < t->n_pairs; k++)
    pair_width = MAX (pair_width, (int) (g_utf8_strlen (r->names[t->pairs[k].a], -1)
                                         + g_utf8_strlen (r->names[t->pairs[k].b], -1) + 4));

  if (r->interrupted)
    g_string_append (out, "interrupted (Ctrl-C): these results count only the games "
                          "that had ended\n\n");
  g_string_append_printf (out, "%s (%s), %u players, seed %" G_GUINT64_FORMAT ", %u of %"
                          G_GUINT64_FORMAT " games, %u lineups\n",
                          arm->definition, arm->rules_id, arm->n_players, arm->seed,
                          arm->games->len, arm->total_games, t->n_lineups);
  if (arm->games->len == 0)
    {
      g_string_append (out, "\nno game finished: there are no statistics to show\n");
      return;
    }

  g_string_append (out, "\nwin share per seat played (a k-way tie for first counts 1/k win "
                        "for each), 95% Wilson interval:\n");
  g_string_append_printf (out, "  %-*s %7s %7s %9s %7s  %-16s %6s %10s\n", width, "bot",
                          "games", "seats", "wins", "share", "95% interval", "fair",
                          "share/fair");
  for (guint b = 0; b < t->n_bots; b++)
    {
      const TwTournamentBot *bot = &t->bots[b];
      g_autofree char *share = percent (bot->share);
      g_autofree char *fair = percent (bot->fair);
      g_autofree char *ci = interval (bot->lo, bot->hi, 100, "%5.1f%%");

      g_string_append_printf (out, "  %-*s %7" G_GUINT64_FORMAT " %7" G_GUINT64_FORMAT
                              " %9.1f %7s  %-16s %6s %10.2f\n", width, r->names[b],
                              bot->games, bot->seats, bot->wins, share, ci, fair, bot->ratio);
    }

  g_string_append (out, "\nhead to head (the first bot's win share in the games of the two, "
                        "over all its seats), 95% Wilson interval:\n");
  for (guint k = 0; k < t->n_pairs; k++)
    {
      const TwTournamentPair *pair = &t->pairs[k];
      g_autofree char *label = g_strdup_printf ("%s vs %s", r->names[pair->a],
                                                r->names[pair->b]);
      g_autofree char *share = percent (pair->share);
      g_autofree char *ci = interval (pair->lo, pair->hi, 100, "%5.1f%%");

      g_string_append_printf (out, "  %-*s %7" G_GUINT64_FORMAT " games %7s  %s\n",
                              pair_width, label, pair->games, share, ci);
    }

  g_string_append_printf (out, "\nratings (Bradley–Terry over the seats' ranks in every game, "
                               "Elo scale, %s = 0),\n95%% interval from %u bootstrap resamples "
                               "of the games:\n", r->names[0], t->resamples);
  for (guint b = 0; b < t->n_bots; b++)
    {
      const TwTournamentBot *bot = &t->bots[b];
      g_autofree char *ci = b == 0 ? g_strdup ("(the anchor)")
                                   : interval (bot->rating_lo, bot->rating_hi, 1, "%+5.0f");

      g_autofree char *rating = b == 0 ? g_strdup ("0") : g_strdup_printf ("%+.0f", bot->rating);

      g_string_append_printf (out, "  %-*s %7s  %s\n", width, r->names[b], rating, ci);
    }

  g_string_append (out, "\nCPU time per move (the thread's CPU time of each decision):\n");
  g_string_append_printf (out, "  %-*s %9s %10s %10s %10s\n", width, "bot", "moves", "mean ms",
                          "median ms", "total s");
  for (guint b = 0; b < t->n_bots; b++)
    g_string_append_printf (out, "  %-*s %9" G_GUINT64_FORMAT " %10.3f %10.3f %10.2f\n", width,
                            r->names[b], r->cpu[b].moves, r->cpu[b].mean_ms,
                            r->cpu[b].median_ms, r->cpu[b].total_ms / 1000);
}

static void
json_member (GString    *out,
             const char *name,
             double      value)
{
  g_string_append_printf (out, ", \"%s\": ", name);
  tw_json_append_number (out, value, 15);
}

static void
json_name (GString    *out,
           const char *key,
           const char *text)
{
  g_string_append_printf (out, "\"%s\": ", key);
  tw_json_append_string (out, text);
}

/* Opens row @i of an array of objects with its "bot". */
static void
json_row (GString    *out,
          guint       i,
          const char *bot)
{
  g_string_append (out, i > 0 ? ",\n    {" : "\n    {");
  json_name (out, "bot", bot);
}

/* Wins, their share and its interval. */
static void
json_share (GString *out,
            double   wins,
            double   share,
            double   lo,
            double   hi)
{
  json_member (out, "wins", wins);
  json_member (out, "share", share);
  json_member (out, "lo", lo);
  json_member (out, "hi", hi);
}

static void
print_json (GString      *out,
            const Report *r)
{
  const TwSimArm *arm = r->arm;
  const TwTournament *t = r->t;

  g_string_append_printf (out, "{\n  \"format\": \"tilewright-tournament\",\n  \"version\": 1,\n"
                          "  \"interrupted\": %s,\n  ", r->interrupted ? "true" : "false");
  json_name (out, "rules", arm->rules_id);
  g_string_append (out, ",\n  ");
  json_name (out, "definition", arm->definition);
  g_string_append (out, ",\n  ");
  json_name (out, "path", arm->path != NULL ? arm->path : "");
  g_string_append_printf (out, ",\n  \"players\": %u,\n  \"options\": ", arm->n_players);
  tw_json_append_strv (out, arm->options);
  /* 64-bit seeds as strings, as simulate writes them */
  g_string_append_printf (out, ",\n  \"seed\": \"%" G_GUINT64_FORMAT "\",\n"
                          "  \"games_total\": %" G_GUINT64_FORMAT ",\n"
                          "  \"games_played\": %u,\n  \"bots\": [",
                          arm->seed, arm->total_games, arm->games->len);
  for (guint b = 0; b < t->n_bots; b++)
    {
      g_string_append (out, b > 0 ? ", " : "");
      tw_json_append_string (out, r->names[b]);
    }
  g_string_append (out, "],\n  \"counter_names\": ");
  tw_json_append_strv (out, arm->counter_names);
  g_string_append (out, ",\n  \"lineups\": [");
  for (guint l = 0; l < t->n_lineups; l++)
    {
      g_string_append (out, l > 0 ? ", [" : "[");
      for (guint p = 0; p < t->n_players; p++)
        g_string_append_printf (out, "%s%u", p > 0 ? ", " : "", t->lineups[l * t->n_players + p]);
      g_string_append_c (out, ']');
    }

  g_string_append (out, "],\n  \"standings\": [");
  for (guint b = 0; b < t->n_bots; b++)
    {
      const TwTournamentBot *bot = &t->bots[b];

      json_row (out, b, r->names[b]);
      g_string_append_printf (out, ", \"games\": %" G_GUINT64_FORMAT ", \"seats\": %"
                              G_GUINT64_FORMAT, bot->games, bot->seats);
      json_share (out, bot->wins, bot->share, bot->lo, bot->hi);
      json_member (out, "fair", bot->fair);
      json_member (out, "ratio", bot->ratio);
      g_string_append (out, "}");
    }

  g_string_append (out, "\n  ],\n  \"pairs\": [");
  for (guint k = 0; k < t->n_pairs; k++)
    {
      const TwTournamentPair *pair = &t->pairs[k];

      json_row (out, k, r->names[pair->a]);
      g_string_append (out, ", ");
      json_name (out, "opponent", r->names[pair->b]);
      g_string_append_printf (out, ", \"games\": %" G_GUINT64_FORMAT, pair->games);
      json_share (out, pair->wins, pair->share, pair->lo, pair->hi);
      g_string_append (out, "}");
    }

  g_string_append_printf (out, "\n  ],\n  \"ratings\": {\"model\": \"bradley-terry\", "
                          "\"scale\": \"elo\", \"anchor\": 0, \"resamples\": %u, \"bots\": [",
                          t->resamples);
  for (guint b = 0; b < t->n_bots; b++)
    {
      const TwTournamentBot *bot = &t->bots[b];

      json_row (out, b, r->names[b]);
      json_member (out, "rating", bot->rating);
      json_member (out, "lo", bot->rating_lo);
      json_member (out, "hi", bot->rating_hi);
      g_string_append (out, "}");
    }

  /* the only figures that change from run to run */
  g_string_append (out, "\n  ]},\n  \"cpu\": [");
  for (guint b = 0; b < t->n_bots; b++)
    {
      json_row (out, b, r->names[b]);
      g_string_append_printf (out, ", \"moves\": %" G_GUINT64_FORMAT, r->cpu[b].moves);
      json_member (out, "mean_ms", r->cpu[b].mean_ms);
      json_member (out, "median_ms", r->cpu[b].median_ms);
      json_member (out, "total_ms", r->cpu[b].total_ms);
      g_string_append (out, "}");
    }

  g_string_append (out, "\n  ],\n  \"games\": [");
  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);

      g_string_append_printf (out, "%s\n    {\"game\": %" G_GUINT64_FORMAT ", \"seed\": \"%"
                              G_GUINT64_FORMAT "\", \"lineup\": %u, \"moves\": %u, \"scores\": [",
                              i > 0 ? "," : "", g->index, g->seed,
                              (guint) (g->index % t->n_lineups), g->moves);
      for (guint p = 0; p < arm->n_players; p++)
        {
          g_string_append (out, p > 0 ? ", " : "");
          tw_json_append_number (out, g->score[p], 15);
        }
      g_string_append (out, "], \"ranks\": [");
      for (guint p = 0; p < arm->n_players; p++)
        g_string_append_printf (out, "%s%u", p > 0 ? ", " : "", g->rank[p]);
      g_string_append (out, "], \"counters\": [");
      for (guint k = 0; k < arm->n_counters; k++)
        g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, k > 0 ? ", " : "", g->counters[k]);
      g_string_append (out, "]}");
    }
  g_string_append (out, "\n  ]\n}\n");
}

/* ------------------------------------------------------------------------ */
/* tournament                                                               */

/* The distinct bots of a --bots list, at least two. */
static gboolean
parse_bots (const char  *list,
            GArray      *specs,
            GPtrArray   *names,
            GError     **error)
{
  g_auto(GStrv) items = tw_cli_split_bots (list);

  for (guint i = 0; items[i] != NULL; i++)
    {
      TwBotSpec spec;
      char *name;

      if (!tw_cli_bot_spec_parse (items[i], &spec, error))
        return FALSE;
      name = tw_bot_spec_to_string (&spec);
      for (guint k = 0; k < names->len; k++)
        if (g_str_equal (g_ptr_array_index (names, k), name))
          {
            g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                         _("--bots names %s twice: a tournament is between different bots"), name);
            g_free (name);
            return FALSE;
          }
      g_array_append_val (specs, spec);
      g_ptr_array_add (names, name);
    }
  if (specs->len < 2 || specs->len > TW_TOURNAMENT_MAX_BOTS)
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   _("--bots must name 2 to %u different bots, not %u"), TW_TOURNAMENT_MAX_BOTS,
                   specs->len);
      return FALSE;
    }
  return TRUE;
}

int
tw_cli_tournament (int    argc,
                   char **argv)
{
  int players = 0;
  int games = 0;
  int jobs = 0;
  char *seed_text = NULL;
  char *bots_text = NULL;
  char **sets = NULL;
  char *format_text = NULL;
  char *output = NULL;
  gboolean alone = FALSE;
  const GOptionEntry entries[] = {
    { "bots", 'b', 0, G_OPTION_ARG_STRING, &bots_text,
      N_("The bots, comma-separated, at least two, as for simulate (required)"), N_("BOT,BOT…") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games,
      N_("Number of games, at least the number of lineups (required)"), "N" },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players,
      N_("Number of players (default: the definition's minimum)"), "P" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the run; game i is a function of (S, i) only (default: 1)"), "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      N_("Threads (default: the number of processors); results do not depend on it"), "J" },
    { "alone", 0, 0, G_OPTION_ARG_NONE, &alone,
      N_("Only the lineups in which the first bot sits alone (a bot against fields of the others)"), NULL },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      N_("Set a variant option (repeatable)"), N_("OPTION=VALUE") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_text,
      N_("Output: text or json (default: text)"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the results to FILE instead of standard output"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("tournament", entries);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) specs = g_array_new (FALSE, FALSE, sizeof (TwBotSpec));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(TwSimArm) arm = NULL;
  g_autoptr(TwTournament) tournament = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree guint *lineups = NULL;
  g_autofree TwBotSpec *lineup_specs = NULL;
  g_autofree CpuFigures *cpu = NULL;
  TwSimConfig config = { 0, };
  TwCliProgress progress;
  Timings timings = { 0, };
  Report report = { 0, };
  guint n_lineups = 0;
  guint64 seed = 1;
  gboolean json = FALSE;
  int rc;

  g_option_context_set_description (context,
    N_("Plays the bots against each other: for every ordered pair (X, Y) of\n"
      "different bots, X sits in one seat and Y in every other seat, X's seat\n"
      "rotated through all P seats (with 2 players every pair plays both\n"
      "seatings). Game i uses lineup i mod L and simulate's seed of (S, i), so\n"
      "the results are the same whatever J. With --alone only the lineups in\n"
      "which the first bot sits alone are played: its share against a field\n"
      "of each other bot, without paying for the games of the others alone.\n"
      "Prints per bot its win share per\n"
      "seat played with a 95% Wilson interval against the fair share 1/P, each\n"
      "pair's head-to-head share, Bradley–Terry ratings on the Elo scale (the\n"
      "first bot is 0) with 95% intervals from 200 bootstrap resamples of the\n"
      "games, and the CPU time per move of each bot. Ctrl-C stops the run: the\n"
      "games that had ended are reported, marked as interrupted, and the exit\n"
      "status is 130. See doc/cli.md and doc/simulate.md.\n\n"
      "Exit status:\n"
      "  0    done\n"
      "  1    a game did not end or a bot found no legal move (a bug)\n"
      "  2    bad command line (also: fewer games than lineups)\n"
      "  3    the definition has problems\n"
      "  5    a file cannot be read or written\n"
      "  130  interrupted by Ctrl-C (SIGINT); partial results were written\n"));

  rc = tw_cli_parse (context, &argc, &argv);
  if (rc == TW_EXIT_OK && argc != 2)
    {
      tw_cli_error (argc < 2 ? _("no definition file given") : _("only one definition file, please"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && bots_text == NULL)
    {
      tw_cli_error (_("--bots is required: the bots to play, e.g. --bots random,greedy"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && games < 1)
    {
      tw_cli_error (_("--games is required and must be at least 1"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && (jobs < 0 || jobs > 256))
    {
      tw_cli_error (_("--jobs must be between 1 and 256"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && format_text != NULL && !g_str_equal (format_text, "text"))
    {
      json = g_str_equal (format_text, "json");
      if (!json)
        {
          tw_cli_error (_("--format must be text or json, not “%s”"), format_text);
          rc = TW_EXIT_USAGE;
        }
    }
  if (rc == TW_EXIT_OK && seed_text != NULL && !tw_cli_parse_seed (seed_text, &seed, &error))
    rc = tw_cli_report_error (error);
  if (rc == TW_EXIT_OK && !parse_bots (bots_text, specs, names, &error))
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

  lineups = tw_tournament_lineups (specs->len, game->n_players, alone, &n_lineups);
  if ((guint64) games < n_lineups)
    {
      tw_cli_error (_("--games must be at least %u, the number of lineups of %u bots for %u "
                      "players (each bot alone against each other bot, from every seat), not %d"),
                    n_lineups, specs->len, game->n_players, games);
      rc = TW_EXIT_USAGE;
      goto out;
    }
  lineup_specs = g_new (TwBotSpec, (gsize) n_lineups * game->n_players);
  for (guint i = 0; i < n_lineups * game->n_players; i++)
    lineup_specs[i] = g_array_index (specs, TwBotSpec, lineups[i]);

  timings.n_games = (guint64) games;
  timings.games = g_new0 (GArray *, timings.n_games);

  config.game = game;
  config.path = argv[1];
  config.seed = seed;
  config.total_games = (guint64) games;
  config.first = 0;
  config.last = (guint64) games;
  config.jobs = jobs > 0 ? (guint) jobs : g_get_num_processors ();
  config.lineups = lineup_specs;
  config.n_lineups = n_lineups;
  config.on_move = on_move;
  config.on_move_data = &timings;
  config.progress = tw_cli_progress_cb;
  config.progress_data = &progress;
  config.keep_partial = TRUE;

  tw_cli_progress_init (&progress, config.last);
  config.cancel = tw_cli_sigint_catch ();
  arm = tw_sim_run (&config, &error);
  tw_cli_sigint_release ();
  tw_cli_progress_end (&progress);
  if (arm == NULL)
    {
      tw_cli_error ("%s", error->message);
      rc = TW_EXIT_FAILURE;
      goto out;
    }

  report.interrupted = arm->interrupted;
  if (report.interrupted)
    tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                               "interrupted: %u of %d game had ended; the results count only those",
                               "interrupted: %u of %d games had ended; the results count only those",
                               games),
                  arm->games->len, games);
  tournament = tw_tournament_analyze (arm, specs->len, alone, seed);
  cpu = cpu_figures (&timings, arm, lineups, n_lineups, specs->len);
  report.arm = arm;
  report.t = tournament;
  report.cpu = cpu;
  report.names = (char **) names->pdata;
  if (json)
    print_json (out, &report);
  else
    print_text (out, &report);

  if (output != NULL)
    {
      if (!tw_file_save (output, out->str, (gssize) out->len, &error))
        {
          rc = tw_cli_report_error (error);
          goto out;
        }
    }
  else
    {
      fwrite (out->str, 1, out->len, stdout);
      fflush (stdout);
    }
  rc = report.interrupted ? TW_EXIT_INTERRUPTED : TW_EXIT_OK;

out:
  if (timings.games != NULL)
    timings_clear (&timings);
  g_free (seed_text);
  g_free (bots_text);
  g_strfreev (sets);
  g_free (format_text);
  g_free (output);
  return rc;
}
