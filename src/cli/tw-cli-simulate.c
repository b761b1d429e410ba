/* tw-cli-simulate.c: `simulate` and `merge`, batch playtesting
 *
 * simulate plays games with bots on several threads through tw-sim.h and
 * prints a summary (text, JSON or CSV); merge reads the JSON of several
 * shards of one run and prints the summary of the whole. Both print through
 * the same functions, so a merged run reads exactly like the full run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tw-sim.h"

static gboolean
parse_format (const char  *text,
              TwCliFormat *format,
              GError     **error)
{
  if (text == NULL || g_str_equal (text, "text"))
    *format = TW_CLI_FORMAT_TEXT;
  else if (g_str_equal (text, "json"))
    *format = TW_CLI_FORMAT_JSON;
  else if (g_str_equal (text, "csv"))
    *format = TW_CLI_FORMAT_CSV;
  else
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   _("--format must be text, json or csv, not “%s”"), text);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */

static char *
row_label (const TwSimArm    *arm,
           const TwSimMetric *metric,
           const char        *name)
{
  switch (metric->kind)
    {
    case TW_SIM_METRIC_WIN:
      {
        g_autofree char *bot = tw_cli_printable (arm->bots[metric->index]);

        return g_strdup_printf ("P%u %s", metric->index + 1, bot);
      }
    case TW_SIM_METRIC_SCORE:
      return g_strdup_printf ("P%u score", metric->index + 1);
    case TW_SIM_METRIC_MOVES:
      return g_strdup ("moves per game");
    case TW_SIM_METRIC_TIE:
      return g_strdup ("ties for first");
    case TW_SIM_METRIC_ADVANTAGE:
      return g_strdup_printf ("P%u advantage", metric->index + 1);
    case TW_SIM_METRIC_LEAD_CHANGES:
      return g_strdup ("lead changes");
    case TW_SIM_METRIC_DECIDED:
      return g_strdup ("winner leads for good from");
    case TW_SIM_METRIC_COMEBACK:
      return g_strdup ("comebacks");
    case TW_SIM_METRIC_MARGIN:
      return g_strdup ("winning margin");
    case TW_SIM_METRIC_BRANCHING:
      return g_strdup ("legal moves per decision");
    case TW_SIM_METRIC_FORCED:
      return g_strdup ("forced decisions");
    case TW_SIM_METRIC_END:
    case TW_SIM_METRIC_COUNTER:
    default:
      return tw_cli_printable (name);
    }
}

/* The rows of @kind (share rows, with their Wilson interval) under @heading. */
static void
print_share_rows (GString        *out,
                  const TwSimArm *arm,
                  GArray         *rows,
                  const char     *heading,
                  TwSimMetricKind kind)
{
  gboolean any = FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);
      g_autofree char *label = NULL;

      if (row->metric.kind != kind)
        continue;
      if (!any)
        g_string_append_printf (out, "\n%s\n", heading);
      any = TRUE;
      label = row_label (arm, &row->metric, row->name);
      if (kind == TW_SIM_METRIC_ADVANTAGE)
        g_string_append_printf (out, "  %-28s %+9.1f points  [%+5.1f, %+5.1f]\n", label,
                                100 * row->stats.mean, 100 * row->lo, 100 * row->hi);
      else
        g_string_append_printf (out, "  %-28s %9.0f  %6.1f%%  [%5.1f%%, %5.1f%%]\n", label,
                                row->stats.sum, 100 * row->stats.mean, 100 * row->lo, 100 * row->hi);
    }
}

/* The per-component figures (TwSimArm.impact), outliers first. */
static void
print_impact_text (GString        *out,
                   const TwSimArm *arm)
{
  g_autoptr(GArray) rows = tw_sim_impact_rows (arm);

  g_string_append (out, "\ncomponents, outliers first: share of games in play, uses a game in "
                        "play, win share of the\nseats that used it and of the others (same "
                        "games), the difference with its 95% interval;\n* marks a difference "
                        "significant after Holm's correction for the components compared:\n");
  g_string_append_printf (out, "  %-28s %7s %6s %8s %8s %8s   %s\n", "component", "in play", "uses",
                          "users", "others", "diff", "95% interval");
  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimImpactRow *row = &g_array_index (rows, TwSimImpactRow, i);
      g_autofree char *id = tw_cli_printable (row->id);

      if (isnan (row->p))
        {
          g_autofree char *users = row->users > 0 ? g_strdup_printf ("%7.1f%%", 100 * row->win_users)
                                                  : g_strdup ("       —");
          g_autofree char *others = row->others > 0 ? g_strdup_printf ("%7.1f%%", 100 * row->win_others)
                                                    : g_strdup ("       —");

          g_string_append_printf (out, "  %-28s %6.1f%% %6.2f %s %s   (%s)\n", id,
                                  100 * row->appeared, row->uses, users, others,
                                  row->users == 0 ? "never used" : "too few seat-games to compare");
        }
      else
        g_string_append_printf (out, "  %-28s %6.1f%% %6.2f %7.1f%% %7.1f%% %+7.1f   [%+5.1f, %+5.1f]%s\n",
                                id, 100 * row->appeared, row->uses, 100 * row->win_users,
                                100 * row->win_others, 100 * row->diff, 100 * row->lo,
                                100 * row->hi, row->significant ? " *" : "");
    }
  if (rows->len == 0)
    g_string_append (out, "  (no component came into play)\n");
}

/* A change of win share under this many points is negligible in the
 * verdict (simulate --negligible; 2 as in the Lab's default) */
static double negligible_points = 2;

/* The verdict on seat advantage in a run of one arm
 * (tw_sim_seat_verdict()), one line; the seat's bot is named when the
 * seats have different bots */
static void
print_seat_verdict_text (GString        *out,
                         const TwSimArm *arm,
                         GArray         *rows)
{
  double fair = 100.0 / MAX (arm->n_players, 1);
  g_autofree char *seat = NULL;
  TwSimVerdict v;

  if (!tw_sim_seat_verdict (rows, arm->n_players, negligible_points / 100, &v))
    return;
  if (tw_sim_arm_same_bots (arm))
    seat = g_strdup_printf ("P%u", v.metric.index + 1);
  else
    {
      g_autofree char *bot = tw_cli_printable (arm->bots[v.metric.index]);

      seat = g_strdup_printf ("P%u (%s)", v.metric.index + 1, bot);
    }
  g_string_append (out, "\nverdict: ");
  if (v.kind == TW_SIM_VERDICT_NONE)
    g_string_append_printf (out, "no seat wins more or less often than the fair share of %.1f%% "
                            "by a difference these games can detect (the largest: %s, %+.1f "
                            "points, 95%%: %+.1f to %+.1f)\n", fair, seat, v.diff * 100,
                            v.lo * 100, v.hi * 100);
  else
    g_string_append_printf (out, "%s wins %.1f points %s often than the fair share of %.1f%% "
                            "(95%%: %+.1f to %+.1f): %s\n", seat, fabs (v.diff) * 100,
                            v.diff > 0 ? "more" : "less", fair, v.lo * 100, v.hi * 100,
                            v.kind == TW_SIM_VERDICT_REAL ? "a real difference"
                            : "significant, but under the negligible size");
}

/* @verdict: a run of one arm, whose first line is the seat verdict */
static void
print_arm_text (GString        *out,
                const TwSimArm *arm,
                gboolean        verdict)
{
  g_autoptr(GArray) rows = tw_sim_summarize (arm);
  gboolean counters_heading = FALSE, play_heading = FALSE;
  /* names read from results files (merge) are printed escaped */
  g_autofree char *label = arm->label != NULL ? tw_cli_printable (arm->label) : NULL;
  g_autofree char *definition = tw_cli_printable (arm->definition);
  g_autofree char *rules_id = tw_cli_printable (arm->rules_id);

  g_string_append_printf (out, "%s%s%s%s (%s), %u players, seed %" G_GUINT64_FORMAT ", %u of %"
                G_GUINT64_FORMAT " games\n",
                label != NULL ? "[" : "", label != NULL ? label : "",
                label != NULL ? "] " : "", definition, rules_id,
                arm->n_players, arm->seed, (guint) tw_sim_arm_n_games (arm), arm->total_games);
  if (arm->change != NULL)
    {
      g_autofree char *change = tw_cli_printable (arm->change);

      g_string_append_printf (out, "change: %s\n", change);
    }
  if (tw_sim_arm_n_games (arm) == 0)
    {
      /* statistics of no games are all NaN: say so instead of rows of nan */
      g_string_append (out, "\nno game finished: there are no statistics to show\n");
      return;
    }
  if (verdict)
    print_seat_verdict_text (out, arm, rows);

  g_string_append_printf (out, "\nwins (a k-way tie for first counts 1/k win for each), 95%% Wilson interval:\n");
  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);
      g_autofree char *label = NULL;

      if (row->metric.kind != TW_SIM_METRIC_WIN && row->metric.kind != TW_SIM_METRIC_TIE)
        continue;
      label = row_label (arm, &row->metric, row->name);
      g_string_append_printf (out, "  %-28s %9.1f  %6.1f%%  [%5.1f%%, %5.1f%%]\n", label, row->stats.sum,
                    100 * row->stats.mean, 100 * row->lo, 100 * row->hi);
    }

  print_share_rows (out, arm, rows, "seat advantage (win share less the fair share), 95% interval:",
                    TW_SIM_METRIC_ADVANTAGE);
  print_share_rows (out, arm, rows, "how the games ended, 95% Wilson interval:",
                    TW_SIM_METRIC_END);

  g_string_append_printf (out, "\n  %-28s %9s %8s %8s %8s %8s %8s %8s\n", "per game", "mean", "sd", "min",
                "25%", "median", "75%", "max");
  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);
      const TwSimStats *s = &row->stats;
      g_autofree char *label = NULL;

      if (row->metric.kind == TW_SIM_METRIC_WIN || row->metric.kind == TW_SIM_METRIC_TIE
          || row->metric.kind == TW_SIM_METRIC_ADVANTAGE || row->metric.kind == TW_SIM_METRIC_END)
        continue;
      if (row->metric.kind == TW_SIM_METRIC_COUNTER && !counters_heading)
        {
          g_string_append_printf (out, "  counters:\n");
          counters_heading = TRUE;
        }
      if (row->metric.kind >= TW_SIM_METRIC_LEAD_CHANGES && !play_heading)
        {
          g_string_append_printf (out, "  how the games went:\n");
          play_heading = counters_heading = TRUE;
        }
      label = row_label (arm, &row->metric, row->name);
      g_string_append_printf (out, "  %s%-*s %9.3f %8.3f %8.6g %8.6g %8.6g %8.6g %8.6g\n",
                    counters_heading ? "  " : "", counters_heading ? 26 : 28, label,
                    s->mean, s->sd, s->min, s->q25, s->median, s->q75, s->max);
    }
  if (arm->impact != NULL)
    print_impact_text (out, arm);
}

/* The verdict on who wins (tw_sim_win_verdict()), one line */
static void
print_verdict_text (GString *out,
                    GArray  *diffs)
{
  TwSimVerdict v;

  if (!tw_sim_win_verdict (diffs, negligible_points / 100, &v))
    return;
  g_string_append_printf (out, "\nverdict: ");
  switch (v.kind)
    {
    case TW_SIM_VERDICT_REAL:
      g_string_append_printf (out, "with B, P%u wins %.1f points %s often (95%%: %+.1f to "
                              "%+.1f): a real difference\n", v.metric.index + 1,
                              fabs (v.diff) * 100, v.diff > 0 ? "more" : "less", v.lo * 100,
                              v.hi * 100);
      break;
    case TW_SIM_VERDICT_NEGLIGIBLE:
      g_string_append_printf (out, "with B, P%u wins %.1f points %s often (95%%: %+.1f to "
                              "%+.1f): significant, but under %g points, so negligible\n",
                              v.metric.index + 1, fabs (v.diff) * 100,
                              v.diff > 0 ? "more" : "less", v.lo * 100, v.hi * 100,
                              negligible_points);
      break;
    case TW_SIM_VERDICT_NONE:
    default:
      g_string_append_printf (out, "no difference in who wins that these games can detect (the "
                              "largest: P%u, %+.1f points, 95%%: %+.1f to %+.1f)\n",
                              v.metric.index + 1, v.diff * 100, v.lo * 100, v.hi * 100);
      break;
    }
  if (v.ties != NULL)
    g_string_append_printf (out, "verdict: ties for first, %.1f%% with A and %.1f%% with B "
                            "(%+.1f points, 95%%: %+.1f to %+.1f): a real difference\n",
                            v.ties->mean_a * 100, v.ties->mean_b * 100, v.ties->diff * 100,
                            v.ties->lo * 100, v.ties->hi * 100);
}

static void
print_compare_text (GString        *out,
                    const TwSimArm *a,
                    const TwSimArm *b)
{
  g_autoptr(GArray) diffs = NULL;
  gboolean paired;

  if (tw_sim_arm_n_games (a) == 0 || tw_sim_arm_n_games (b) == 0)
    {
      g_string_append_printf (out, "\nB - A: no comparison, no game of %s finished\n",
                              tw_sim_arm_n_games (a) == 0 ? "A" : "B");
      return;
    }
  diffs = tw_sim_compare (a, b);
  paired = diffs->len > 0 && g_array_index (diffs, TwSimDiff, 0).paired;

  g_autofree char *change = tw_cli_printable (b->change != NULL ? b->change : "?");

  print_verdict_text (out, diffs);
  g_string_append_printf (out, "\nB - A (B: %s), %s, 95%% intervals; * marks a significant difference "
                "(the interval excludes 0); p (Holm): adjusted within the seats' wins and ties, "
                "the scores, the counters, the endings:\n",
                change,
                paired ? "paired by game (same seeds)" : "unpaired (Welch)");
  g_string_append_printf (out, "  %-28s %10s %10s %10s   %-22s%s\n", "mean of", "A", "B", "B - A",
                          "95% interval", "p (Holm)");
  for (guint i = 0; i < diffs->len; i++)
    {
      const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);
      g_autofree char *label = NULL;
      g_autofree char *interval = g_strdup_printf ("[%+.3f, %+.3f]", d->lo, d->hi);

      label = d->metric.kind == TW_SIM_METRIC_WIN
              ? g_strdup_printf ("P%u win rate", d->metric.index + 1)
              : d->metric.kind == TW_SIM_METRIC_TIE ? g_strdup ("tie rate")
              : row_label (a, &d->metric, d->name);
      g_string_append_printf (out, "  %-28s %10.3f %10.3f %+10.3f   %-20s%-2s%8.4f\n", label,
                              d->mean_a, d->mean_b, d->diff, interval,
                              d->significant ? " *" : "", d->p_holm);
    }
}

/* The results in @format, to @path or, when NULL, to standard output. An
 * interrupted run (TwSimArm.interrupted) is marked: a line in text,
 * "interrupted": true in JSON (CSV has no place for it; the caller says it
 * on standard error). */
static gboolean
print_results (GPtrArray   *arms,
               TwCliFormat  format,
               const char  *path,
               GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean interrupted = FALSE;

  for (guint a = 0; a < arms->len; a++)
    interrupted |= ((const TwSimArm *) g_ptr_array_index (arms, a))->interrupted;
  switch (format)
    {
    case TW_CLI_FORMAT_JSON:
      tw_sim_to_json (arms, out);
      break;
    case TW_CLI_FORMAT_CSV:
      tw_sim_summary_csv (arms, out);
      break;
    case TW_CLI_FORMAT_TEXT:
    default:
      if (interrupted)
        g_string_append (out, "interrupted (Ctrl-C): these results count only the games "
                              "that had ended\n\n");
      for (guint a = 0; a < arms->len; a++)
        {
          if (a > 0)
            g_string_append (out, "\n");
          print_arm_text (out, g_ptr_array_index (arms, a), arms->len == 1);
        }
      if (arms->len == 2)
        print_compare_text (out, g_ptr_array_index (arms, 0), g_ptr_array_index (arms, 1));
      break;
    }
  return tw_cli_write_output (out, path, error);
}

/* The first lines of a per-game table whose games are not all there
 * (Ctrl-C, or a shard missing from a merge): the table alone cannot tell a
 * partial run from a whole one. */
static void
per_game_partial (GString   *out,
                  GPtrArray *arms)
{
  for (guint a = 0; a < arms->len; a++)
    {
      const TwSimArm *arm = g_ptr_array_index (arms, a);
      guint64 n = tw_sim_arm_n_games (arm);

      if (n < arm->total_games)
        g_string_append_printf (out, "# partial: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
                                " games%s%s, %s\n",
                                n, arm->total_games,
                                arm->label != NULL ? " of " : "",
                                arm->label != NULL ? arm->label : "",
                                arm->interrupted ? "the run was interrupted (Ctrl-C)"
                                                 : "a shard is missing");
    }
}

/* One CSV row per game (tw_sim_games_csv()) to @path, from arms that hold
 * their games (merge). */
static gboolean
write_per_game (const char  *path,
                GPtrArray   *arms,
                GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  per_game_partial (out, arms);
  tw_sim_games_csv (arms, FALSE, out);
  return tw_file_save (path, out->str, (gssize) out->len, error);
}

/* The per-game table of a run that keeps no games: each arm's rows go to
 * an anonymous temporary file as the games end (in index order), and the
 * table is put together when the run is over, after the lines that say
 * whether it is partial. */
typedef struct
{
  TwSimGamesCsv *csv;
  GString       *header;
  GString       *line;
  FILE          *rows[2];
  int            write_errno;   /* 0, or the first write's failure */
} PerGame;

static void
per_game_row (guint            arm,
              const TwSimGame *game,
              gpointer         data)
{
  PerGame *pg = data;

  g_string_truncate (pg->line, 0);
  tw_sim_games_csv_row (pg->csv, arm, game, pg->line);
  if (pg->write_errno == 0 && fwrite (pg->line->str, 1, pg->line->len, pg->rows[arm]) != pg->line->len)
    pg->write_errno = errno != 0 ? errno : EIO;
}

static gboolean
per_game_open (PerGame    *pg,
               GPtrArray  *templates,
               const char *path,
               GError    **error)
{
  pg->header = g_string_new (NULL);
  pg->line = g_string_new (NULL);
  pg->csv = tw_sim_games_csv_new (templates, FALSE, pg->header);
  for (guint a = 0; a < templates->len; a++)
    if ((pg->rows[a] = tmpfile ()) == NULL)
      {
        int saved_errno = errno;
        g_autofree char *display = g_filename_display_name (path);

        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                     _("cannot write '%s': %s"), display, g_strerror (saved_errno));
        return FALSE;
      }
  return TRUE;
}

static void
per_game_clear (PerGame *pg)
{
  for (guint a = 0; a < G_N_ELEMENTS (pg->rows); a++)
    g_clear_pointer (&pg->rows[a], fclose);
  g_clear_pointer (&pg->csv, tw_sim_games_csv_free);
  if (pg->header != NULL)
    g_string_free (g_steal_pointer (&pg->header), TRUE);
  if (pg->line != NULL)
    g_string_free (g_steal_pointer (&pg->line), TRUE);
}

/* Writes the table to @path: the partial lines and the header, then the
 * rows of each arm, through a temporary file renamed over @path. */
static gboolean
per_game_finish (PerGame     *pg,
                 GPtrArray   *arms,
                 const char  *path,
                 GError     **error)
{
  g_autoptr(GString) head = g_string_new (NULL);
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *tmp = g_strdup_printf ("%s.XXXXXX", path);
  int saved_errno = pg->write_errno;
  char buffer[65536];
  FILE *out = NULL;
  int fd;

  per_game_partial (head, arms);
  g_string_append_len (head, pg->header->str, pg->header->len);
  fd = saved_errno == 0 ? g_mkstemp (tmp) : -1;
  if (fd >= 0 && (out = fdopen (fd, "wb")) == NULL)
    close (fd);
  if (out == NULL && saved_errno == 0)
    saved_errno = errno;
  if (out != NULL && fwrite (head->str, 1, head->len, out) != head->len)
    saved_errno = errno;
  for (guint a = 0; out != NULL && saved_errno == 0 && a < arms->len; a++)
    {
      size_t n;

      rewind (pg->rows[a]);
      while (saved_errno == 0 && (n = fread (buffer, 1, sizeof buffer, pg->rows[a])) > 0)
        if (fwrite (buffer, 1, n, out) != n)
          saved_errno = errno;
      if (ferror (pg->rows[a]))
        saved_errno = EIO;
    }
  if (out != NULL && fclose (out) != 0 && saved_errno == 0)
    saved_errno = errno;
  if (saved_errno == 0 && g_rename (tmp, path) != 0)
    saved_errno = errno;
  if (saved_errno != 0)
    {
      if (fd >= 0)
        g_unlink (tmp);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot write '%s': %s"), display, g_strerror (saved_errno != 0 ? saved_errno : EIO));
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* simulate                                                                 */

static gboolean
parse_shard (const char  *text,
             guint       *k,
             guint       *n,
             GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (text, "/", -1);
  guint64 kk = 0, nn = 0;

  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 1, 1000000, &kk, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 1, 1000000, &nn, NULL)
      || kk > nn)
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   _("--shard must be K/N with 1 ≤ K ≤ N, e.g. 3/8, not “%s”"), text);
      return FALSE;
    }
  *k = (guint) kk;
  *n = (guint) nn;
  return TRUE;
}

int
tw_cli_simulate (int    argc,
                 char **argv)
{
  int players = 0;
  int games = 100;
  int jobs = 0;
  char *seed_text = NULL;
  char *bots_text = NULL;
  char **sets = NULL;
  char *format_text = NULL;
  char *per_game = NULL;
  char **compare = NULL;
  char *compare_file = NULL;
  char *shard_text = NULL;
  char *output = NULL;
  char **sweeps = NULL;
  char **targets = NULL;
  int start = 0;
  char *write = NULL;
  char *round_state = NULL;
  gboolean impact = FALSE;
  const GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_INT, &games,
      N_("Number of games of the whole run (default: 100)"), "N" },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players,
      N_("Number of players (default: the definition's minimum)"), "P" },
    { "bots", 'b', 0, G_OPTION_ARG_STRING, &bots_text,
      N_("Who plays each seat, comma-separated; one bot for all seats (default: random)"),
      N_("BOT,BOT…") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the run; game i is a function of (S, i) only (default: 1)"), "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      N_("Threads (default: the number of processors); results do not depend on it"), "J" },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      N_("Set a variant option (repeatable)"), N_("OPTION=VALUE") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_text,
      N_("Output: text, json (mergeable) or csv (default: text)"), N_("FORMAT") },
    { "per-game", 0, 0, G_OPTION_ARG_FILENAME, &per_game,
      N_("Write one CSV row per game to FILE"), N_("FILE") },
    { "compare", 'c', 0, G_OPTION_ARG_STRING_ARRAY, &compare,
      N_("Also play the same seeds with this option changed and compare (repeatable)"),
      N_("OPTION=VALUE") },
    { "compare-file", 0, 0, G_OPTION_ARG_FILENAME, &compare_file,
      N_("Also play the same seeds with this definition and compare"), N_("FILE2") },
    { "negligible", 0, 0, G_OPTION_ARG_DOUBLE, &negligible_points,
      N_("With --compare: a change of win rate under POINTS is negligible in the verdict "
         "(default: 2)"), N_("POINTS") },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard_text,
      N_("Play only the K-th of N disjoint slices of the games (merge them with merge)"), "K/N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the results to FILE instead of standard output"), N_("FILE") },
    { "sweep", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sweeps,
      N_("Play the run once per value of an option, of players or of a number at a path "
         "(cards.ID.points; LO..HI: every integer); two or more make a grid"), N_("NAME=V1,V2…") },
    { "target", 0, 0, G_OPTION_ARG_STRING_ARRAY, &targets,
      N_("With --sweep: search the cell nearest this (win_pK, advantage_pK, moves, tie, "
         "end:REASON; shares as fractions), by successive halving; repeatable"),
      N_("METRIC=LO..HI") },
    { "start", 0, 0, G_OPTION_ARG_INT, &start,
      N_("With --target: games a cell plays in the first round (default: 20)"), "N" },
    { "write", 0, 0, G_OPTION_ARG_FILENAME, &write,
      N_("With --target: save the definition with the best cell's values to FILE"), N_("FILE") },
    { "impact", 0, 0, G_OPTION_ARG_NONE, &impact,
      N_("Per component (tile, piece, card): how often it came into play and was used, and "
         "the win share of the seats that used it against the others'"), NULL },
    { "round-state", 0, 0, G_OPTION_ARG_FILENAME, &round_state,
      N_("Play the next round of a search run round by round (tune --round-state) and "
         "write its results as JSON; with --shard, a slice of its games"), N_("STATE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("simulate", entries);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwDefinition) def_b = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autoptr(TwGame) game_b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  TwSimConfig config = { 0, };
  PerGame pg = { 0, };
  TwCliProgress progress = { 0, };
  TwCliFormat format = TW_CLI_FORMAT_TEXT;
  guint shard_k = 1, shard_n = 1;
  guint64 seed = 1;
  gboolean stopped = FALSE;
  int rc;

  g_option_context_set_description (context,
    N_("Plays N bot games on J threads and prints per seat the win rate with its\n"
      "95% Wilson interval (a k-way tie for first gives each tied seat 1/k of a\n"
      "win), the score's mean, sd and quantiles, moves per game, the tie rate\n"
      "and the rules module's counters. Game i uses a seed derived from (S, i)\n"
      "only, so the results are the same whatever J; `play --seed GAME_SEED`\n"
      "replays game i (its seed is in --per-game and in the JSON).\n"
      "With --compare or --compare-file the same seeds are played again under\n"
      "the change (B) and every metric's B - A is shown with a 95% interval.\n"
      "--shard K/N with --format json, then `merge`, splits a run over machines.\n"
      "--sweep NAME=V1,V2 (or LO..HI) plays the run once per value, with the same\n"
      "seeds, and prints a row per value (with two or more, per combination);\n"
      "NAME is an option, players, or a number of the definition at a path\n"
      "SECTION.ID.KEY (tiles.full-r.count, cards.size-5.points). With --target,\n"
      "the cells are searched by successive halving for the one whose figures\n"
      "are nearest the targets, and --write saves the definition with its values.\n"
      "Ctrl-C stops the run: the games that had ended are reported, marked as\n"
      "interrupted, and the exit status is 130; a second Ctrl-C quits at once.\n"
      "See doc/simulate.md.\n\n"
      "Exit status:\n"
      "  0    done\n"
      "  1    a game did not end or a bot found no legal move (a bug)\n"
      "  2    bad command line\n"
      "  3    a definition has problems\n"
      "  5    a file cannot be read or written\n"
      "  130  interrupted by Ctrl-C (SIGINT); partial results were written\n"));

  rc = tw_cli_parse (context, &argc, &argv);
  if (rc == TW_EXIT_OK && round_state != NULL)
    {
      if (argc > 1 || sweeps != NULL || targets != NULL || compare != NULL || compare_file != NULL
          || per_game != NULL || sets != NULL || players != 0 || bots_text != NULL
          || seed_text != NULL || start != 0 || write != NULL || impact
          || (format_text != NULL && !g_str_equal (format_text, "json")))
        {
          tw_cli_error (_("--round-state plays the round its state plans: give only --shard, "
                          "--jobs and --output"));
          rc = TW_EXIT_USAGE;
        }
      if (rc == TW_EXIT_OK && (jobs < 0 || jobs > 256))
        {
          tw_cli_error (_("--jobs must be between 1 and 256"));
          rc = TW_EXIT_USAGE;
        }
      if (rc == TW_EXIT_OK && shard_text != NULL
          && !parse_shard (shard_text, &shard_k, &shard_n, &error))
        rc = tw_cli_report_error (error);
      if (rc == TW_EXIT_OK)
        {
          TwCliRoundsArgs step = {
            .state = round_state, .jobs = jobs > 0 ? (guint) jobs : g_get_num_processors (),
            .output = output, .sweep_option = "--sweep", .shard_k = shard_k,
            .shard_n = shard_n,
          };

          rc = tw_cli_rounds_run (&step);
        }
      goto out;
    }
  if (rc == TW_EXIT_OK && argc != 2)
    {
      tw_cli_error (argc < 2 ? _("no definition file given") : _("only one definition file, please"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && games < 1)
    {
      tw_cli_error (_("--games must be at least 1"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && (jobs < 0 || jobs > 256))
    {
      tw_cli_error (_("--jobs must be between 1 and 256"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && seed_text != NULL && !tw_cli_parse_seed (seed_text, &seed, &error))
    rc = tw_cli_report_error (error);
  if (rc == TW_EXIT_OK && !parse_format (format_text, &format, &error))
    rc = tw_cli_report_error (error);
  if (rc == TW_EXIT_OK && shard_text != NULL && !parse_shard (shard_text, &shard_k, &shard_n, &error))
    rc = tw_cli_report_error (error);
  if (rc == TW_EXIT_OK && targets == NULL && (start != 0 || write != NULL))
    {
      tw_cli_error (_("--start and --write go with --target"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && targets != NULL && (sweeps == NULL || format != TW_CLI_FORMAT_TEXT
                                              || start < 0))
    {
      tw_cli_error (sweeps == NULL ? _("--target searches the cells of a --sweep: give one")
                    : start < 0 ? _("--start must be at least 1")
                    : _("--target prints text only (its search has no JSON or CSV yet)"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && sweeps != NULL)
    {
      /* what a sweep does not do (yet), each with its reason */
      const struct { gboolean given; const char *option, *why; } refused[] = {
        { compare != NULL, "--compare", _("the cells of a sweep are its comparison") },
        { compare_file != NULL, "--compare-file", _("the cells of a sweep are its comparison") },
        { shard_text != NULL && targets != NULL, "--shard",
          _("a search (--target) decides each round from the last: run it whole, or round "
            "by round with tune --round-state (doc/simulate.md, \"A search on a cluster\")") },
        { per_game != NULL, "--per-game",
          _("a sweep writes no per-game rows; its JSON holds every cell's games") },
      };

      for (guint i = 0; i < G_N_ELEMENTS (refused) && rc == TW_EXIT_OK; i++)
        if (refused[i].given)
          {
            tw_cli_error (_("--sweep cannot be combined with %s: %s"), refused[i].option,
                          refused[i].why);
            rc = TW_EXIT_USAGE;
          }
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
  if (sweeps != NULL)
    {
      TwCliSweepArgs sweep = {
        .path = argv[1], .def = def, .sweeps = sweeps, .sets = sets, .players = players,
        .bots = bots_text, .seed = seed, .games = (guint64) games,
        .jobs = jobs > 0 ? (guint) jobs : g_get_num_processors (), .format = format,
        .output = output, .targets = targets, .start = (guint64) start, .write = write,
        .shard_k = shard_k, .shard_n = shard_n, .impact = impact,
      };

      rc = tw_cli_sweep_run (&sweep);
      goto out;
    }
  if (!tw_cli_parse_bots (bots_text, game->n_players, config.bots, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }

  if (compare != NULL || compare_file != NULL)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) sets_b = NULL;

      if (compare_file != NULL)
        {
          def_b = tw_cli_load_definition (compare_file, &rc);
          if (def_b == NULL)
            goto out;
        }
      if (sets != NULL)
        g_strv_builder_addv (builder, (const char **) sets);
      if (compare != NULL)
        g_strv_builder_addv (builder, (const char **) compare);
      sets_b = g_strv_builder_end (builder);
      game_b = tw_cli_new_game (def_b != NULL ? def_b : def, (int) game->n_players, sets_b,
                                &error);
      if (game_b == NULL)
        {
          rc = tw_cli_report_error (error);
          goto out;
        }
    }

  config.game = game;
  config.path = argv[1];
  config.seed = seed;
  config.total_games = (guint64) games;
  tw_sim_shard_range (config.total_games, shard_k, shard_n, &config.first, &config.last);
  config.jobs = jobs > 0 ? (guint) jobs : g_get_num_processors ();
  config.progress = tw_cli_progress_cb;
  config.progress_data = &progress;
  config.keep_partial = TRUE;
  config.impact = impact;
  /* no per-game records: the statistics are exact sums, the per-game rows
   * go to the file as the games end */
  config.stream = TRUE;

  {
    g_autoptr(GString) change = g_string_new (NULL);
    const char *path_b = compare_file != NULL ? compare_file : argv[1];

    if (game_b != NULL)
      {
        if (compare_file != NULL)
          g_string_append_printf (change, "file %s", compare_file);
        for (guint i = 0; compare != NULL && compare[i] != NULL; i++)
          g_string_append_printf (change, "%sset %s", change->len > 0 ? ", " : "", compare[i]);
      }
    if (per_game != NULL)
      {
        /* arms of the run's configuration, for the table's columns */
        g_autoptr(GPtrArray) templates = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);

        g_ptr_array_add (templates, tw_sim_arm_new (game, argv[1], config.bots, seed, config.total_games));
        if (game_b != NULL)
          {
            g_ptr_array_add (templates, tw_sim_arm_new (game_b, path_b, config.bots, seed,
                                                        config.total_games));
            ((TwSimArm *) g_ptr_array_index (templates, 0))->label = g_strdup ("A");
            ((TwSimArm *) g_ptr_array_index (templates, 1))->label = g_strdup ("B");
          }
        if (!per_game_open (&pg, templates, per_game, &error))
          {
            rc = tw_cli_report_error (error);
            goto out;
          }
        config.on_game = per_game_row;
        config.on_game_data = &pg;
      }

    tw_cli_progress_init (&progress, (config.last - config.first) * (game_b != NULL ? 2 : 1));
    config.cancel = tw_cli_sigint_catch ();
    {
      TwSimArm *arm_b = NULL;
      TwSimArm *arm = game_b != NULL ? tw_sim_run_pair (&config, game_b, path_b, &arm_b, &error)
                                     : tw_sim_run (&config, &error);

      tw_cli_sigint_release ();
      tw_cli_progress_end (&progress);
      if (arm == NULL)
        {
          tw_cli_error ("%s", error->message);
          rc = TW_EXIT_FAILURE;
          goto out;
        }
      stopped = arm->interrupted;
      g_ptr_array_add (arms, arm);
      if (arm_b != NULL)
        {
          arm->label = g_strdup ("A");
          arm_b->label = g_strdup ("B");
          arm_b->change = g_string_free (g_steal_pointer (&change), FALSE);
          g_ptr_array_add (arms, arm_b);
        }
    }
  }

  if (stopped)
    {
      const TwSimArm *last = g_ptr_array_index (arms, arms->len - 1);
      unsigned long long total = config.last - config.first;

      /* with a comparison, A and B count the same games: those that ended in both */
      tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                 "interrupted: %u of %llu game had ended; the results count only those",
                                 "interrupted: %u of %llu games had ended; the results count only those",
                                 total),
                    (guint) tw_sim_arm_n_games (last), total);
    }
  if (per_game != NULL && !per_game_finish (&pg, arms, per_game, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }
  if (!print_results (arms, format, output, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }
  rc = stopped ? TW_EXIT_INTERRUPTED : TW_EXIT_OK;

out:
  per_game_clear (&pg);
  g_free (round_state);
  g_free (seed_text);
  g_free (bots_text);
  g_strfreev (sets);
  g_free (format_text);
  g_free (per_game);
  g_strfreev (compare);
  g_free (compare_file);
  g_free (shard_text);
  g_free (output);
  g_strfreev (sweeps);
  g_strfreev (targets);
  g_free (write);
  return rc;
}

/* ------------------------------------------------------------------------ */
/* merge                                                                    */

int
tw_cli_merge (int    argc,
              char **argv)
{
  char *format_text = NULL;
  char *per_game = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_text,
      N_("Output: text, json or csv (default: text)"), N_("FORMAT") },
    { "per-game", 0, 0, G_OPTION_ARG_FILENAME, &per_game,
      N_("Write one CSV row per game to FILE"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("merge", entries);
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autoptr(GError) error = NULL;
  TwCliFormat format = TW_CLI_FORMAT_TEXT;
  int rc;

  g_option_context_set_description (context,
    N_("Reads the JSON results (simulate --format json) of shards of one run,\n"
      "checks that they are of the same configuration and do not overlap, and\n"
      "prints the summary of all their games, the same as one run of them all.\n"
      "Shards of one sweep (simulate --sweep … --shard K/N --format json) merge\n"
      "cell by cell into the sweep's table. A warning names the games still\n"
      "missing.\n\n"
      "Exit status:\n"
      "  0  merged\n"
      "  2  bad command line\n"
      "  3  a file is not simulation results, or the results do not fit together\n"
      "  5  a file cannot be read or written\n"));

  rc = tw_cli_parse (context, &argc, &argv);
  if (rc == TW_EXIT_OK && argc < 2)
    {
      tw_cli_error (_("no results file given"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && !parse_format (format_text, &format, &error))
    rc = tw_cli_report_error (error);
  if (rc != TW_EXIT_OK)
    goto out;

  if (tw_cli_rounds_results_file (argv[1]))
    {
      if (per_game != NULL || (format_text != NULL && format != TW_CLI_FORMAT_JSON))
        {
          tw_cli_error (_("a search round's shards merge into JSON only, for tune "
                          "--round-results"));
          rc = TW_EXIT_USAGE;
        }
      else
        rc = tw_cli_rounds_merge (argv + 1);
      goto out;
    }
  if (tw_cli_sweep_results_file (argv[1]))
    {
      if (per_game != NULL)
        {
          tw_cli_error (_("--per-game: a sweep writes no per-game rows; its JSON holds every "
                          "cell's games"));
          rc = TW_EXIT_USAGE;
        }
      else
        rc = tw_cli_sweep_merge (argv + 1, (guint) argc - 1, format);
      goto out;
    }

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GPtrArray) file_arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
      g_autofree char *text = NULL;
      gsize len = 0;

      if (!tw_file_read_limited (argv[i], TW_SIM_RESULTS_MAX_BYTES, _("simulation results"), &text,
                                 &len, &error))
        {
          rc = tw_cli_report_error (error);
          goto out;
        }
      if (!tw_sim_from_json (text, len, file_arms, &error))
        {
          tw_cli_error ("%s:%s%s", argv[i],
                        g_ascii_isdigit (error->message[0]) ? "" : " ", error->message);
          rc = TW_EXIT_INVALID_FILE;
          goto out;
        }
      if (i > 1 && file_arms->len != arms->len)
        {
          tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                     "%s: has %u result where %s has %u (a comparison and a single run?)",
                                     "%s: has %u results where %s has %u (a comparison and a single run?)",
                                     file_arms->len),
                        argv[i], file_arms->len, argv[1], arms->len);
          rc = TW_EXIT_INVALID_FILE;
          goto out;
        }
      for (guint a = 0; a < file_arms->len; a++)
        {
          if (i == 1)
            g_ptr_array_add (arms, g_ptr_array_steal_index (file_arms, a--));
          else if (!tw_sim_arm_merge (g_ptr_array_index (arms, a),
                                      g_ptr_array_index (file_arms, a), &error))
            {
              tw_cli_error ("%s: %s", argv[i], error->message);
              rc = TW_EXIT_INVALID_FILE;
              goto out;
            }
        }
    }

  for (guint a = 0; a < arms->len; a++)
    {
      const TwSimArm *arm = g_ptr_array_index (arms, a);

      if (tw_sim_arm_n_games (arm) < arm->total_games)
        {
          unsigned long long total = arm->total_games;

          if (arm->label != NULL)
            tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                       "warning: %u of %llu game in [%s] (a shard is missing?)",
                                       "warning: %u of %llu games in [%s] (a shard is missing?)",
                                       total),
                          (guint) tw_sim_arm_n_games (arm), total, arm->label);
          else
            tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                       "warning: %u of %llu game (a shard is missing?)",
                                       "warning: %u of %llu games (a shard is missing?)",
                                       total),
                          (guint) tw_sim_arm_n_games (arm), total);
        }
    }

  for (guint a = 0; per_game != NULL && a < arms->len; a++)
    if (((const TwSimArm *) g_ptr_array_index (arms, a))->games == NULL)
      {
        tw_cli_error (_("--per-game: these results hold no games (simulate keeps none; "
                        "its --per-game writes them)"));
        rc = TW_EXIT_USAGE;
        goto out;
      }
  if (per_game != NULL && !write_per_game (per_game, arms, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }
  if (!print_results (arms, format, NULL, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }
  rc = TW_EXIT_OK;

out:
  g_free (format_text);
  g_free (per_game);
  return rc;
}
