/* tw-cli-sweep.c: `simulate --sweep`, one simulation per cell of a grid
 *
 * The cells come from the core (tw-sweep.h); each is played as a plain
 * `simulate --set NAME=VALUE …` with the same seed, so game i of every cell
 * is dealt from the same seed and the cells differ only by the swept values.
 * A cell's JSON is tw_sim_to_json()'s document for that one run, and the
 * table reads its figures from tw_sim_summarize(), so a sweep computes no
 * statistic of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "tw-design-edit.h"
#include "tw-file.h"
#include "tw-json.h"
#include "tw-sim.h"
#include "tw-sweep.h"
#include "tw-tune.h"

/* One cell: its game and bots, then its results. */
typedef struct
{
  TwGame    *game;
  TwBotSpec  bots[TW_MAX_PLAYERS];
  TwSimArm  *arm;   /* NULL until played */
  GArray    *rows;  /* tw_sim_summarize (arm) */
} Cell;

static void
cell_clear (Cell *cell)
{
  g_clear_pointer (&cell->game, tw_game_unref);
  g_clear_pointer (&cell->arm, tw_sim_arm_free);
  g_clear_pointer (&cell->rows, g_array_unref);
}

/* The name of an option in "NAME=VALUE" (as --set gives it), stripped. */
static char *
setting_name (const char *setting)
{
  const char *eq = strchr (setting, '=');

  return g_strstrip (g_strndup (setting, eq != NULL ? (gsize) (eq - setting) : strlen (setting)));
}

/* The sweep of @args, refused when it overlaps --set or --players. */
static TwSweep *
read_sweep (const TwCliSweepArgs  *args,
            GError               **error)
{
  g_autoptr(TwSweep) sweep = tw_sweep_new ();
  const char *option = args->sweep_option != NULL ? args->sweep_option : "--sweep";

  for (guint i = 0; args->sweeps[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!tw_sweep_add (sweep, args->def, args->sweeps[i], &local_error))
        {
          g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE, "%s %s: %s", option, args->sweeps[i],
                       local_error->message);
          return NULL;
        }
    }
  for (guint i = 0; args->sets != NULL && args->sets[i] != NULL; i++)
    {
      g_autofree char *name = setting_name (args->sets[i]);

      if (tw_sweep_has_axis (sweep, name))
        {
          g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                       _("%s %s=…: '%s' is also given with --set %s; vary it or set it, "
                         "not both"), option, name, name, args->sets[i]);
          return NULL;
        }
    }
  if (args->players != 0 && tw_sweep_has_axis (sweep, TW_SWEEP_PLAYERS))
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   _("%s players=…: the seat count is also given with --players; vary it "
                     "or set it, not both"), option);
      return NULL;
    }
  return g_steal_pointer (&sweep);
}

/* Every cell's game and bots, before anything is played, so that a
 * combination the rules refuse stops the run at once. */
static gboolean
prepare_cells (const TwCliSweepArgs  *args,
               const TwSweep         *sweep,
               Cell                  *cells,
               GError               **error)
{
  for (guint c = 0; c < tw_sweep_n_cells (sweep); c++)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) cell_sets = NULL;
      g_auto(GStrv) sets = NULL;
      g_autoptr(GError) local_error = NULL;
      g_autoptr(TwDefinition) def = NULL;
      guint players = 0;

      cell_sets = tw_sweep_cell_sets (sweep, c, &players);
      if (args->sets != NULL)
        g_strv_builder_addv (builder, (const char **) args->sets);
      g_strv_builder_addv (builder, (const char **) cell_sets);
      sets = g_strv_builder_end (builder);
      /* a path axis changes the definition itself */
      def = tw_sweep_cell_definition (sweep, args->def, c, &local_error);
      if (def != NULL)
        cells[c].game = tw_cli_new_game (def, players != 0 ? (int) players : args->players,
                                         sets, &local_error);
      if (cells[c].game != NULL)
        tw_cli_parse_bots (args->bots, cells[c].game->n_players, cells[c].bots, &local_error);
      if (local_error != NULL)
        {
          g_autofree char *label = tw_sweep_cell_label (sweep, c);

          g_set_error (error, TW_CLI_ERROR, tw_cli_exit_for_error (local_error),
                       _("the sweep's cell %s: %s"), label, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */

/* The most seats of the played cells: the P1 … Pn columns. */
static guint
max_seats (const Cell *cells,
           guint       n_played)
{
  guint seats = 0;

  for (guint c = 0; c < n_played; c++)
    seats = MAX (seats, cells[c].arm->n_players);
  return seats;
}

/* A table of text cells, printed with each column as wide as its widest
 * entry: the first column(s) left-aligned, numbers right-aligned. */
static void
print_table (GString   *out,
             GPtrArray *table,
             guint      n_left)
{
  g_autofree guint *widths = NULL;
  guint n_columns = 0;

  for (guint r = 0; r < table->len; r++)
    n_columns = MAX (n_columns, ((GPtrArray *) g_ptr_array_index (table, r))->len);
  widths = g_new0 (guint, n_columns);
  for (guint r = 0; r < table->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (table, r);

      for (guint i = 0; i < row->len; i++)
        widths[i] = MAX (widths[i], (guint) g_utf8_strlen (g_ptr_array_index (row, i), -1));
    }
  for (guint r = 0; r < table->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (table, r);
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint i = 0; i < row->len; i++)
        {
          const char *text = g_ptr_array_index (row, i);
          guint pad = widths[i] - (guint) g_utf8_strlen (text, -1);

          if (i > 0)
            g_string_append (line, "  ");
          if (i >= n_left)
            g_string_append_printf (line, "%*s", pad, "");
          g_string_append (line, text);
          if (i < n_left)
            g_string_append_printf (line, "%*s", pad, "");
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      g_string_append_printf (out, "  %s\n", line->str);
    }
}

static char *
share_text (const TwSimRow *row)
{
  if (row == NULL)
    return g_strdup ("");
  return g_strdup_printf ("%.1f [%.1f,%.1f]", 100 * row->stats.mean, 100 * row->lo,
                          100 * row->hi);
}

/* The bots as --bots takes them: one name when every seat has the same. */
static char *
bots_text (char **bots)
{
  for (guint s = 1; bots[0] != NULL && bots[s] != NULL; s++)
    if (!g_str_equal (bots[s], bots[0]))
      return g_strjoinv (",", bots);
  return g_strdup (bots[0] != NULL ? bots[0] : "");
}

/* With --impact: per cell, the components whose users' win share differs
 * most from the others' (tw_sim_impact_rows(), outliers first), so that a
 * designer sees whether a value tames a strong card. */
#define IMPACT_PER_CELL 3

static void
print_impact_text (GString       *out,
                   const TwSweep *sweep,
                   const Cell    *cells,
                   guint          n_played)
{
  g_autoptr(GPtrArray) table = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) header = g_ptr_array_new_with_free_func (g_free);
  guint n_axes = tw_sweep_n_axes (sweep);
  gboolean any = FALSE;

  for (guint c = 0; c < n_played; c++)
    any |= cells[c].arm->impact != NULL;
  if (!any)
    return;
  g_string_append_printf (out, "\ncomponents per cell, the %d whose users' win share differs most "
                          "from the others' in\nthe same games (points; * significant after "
                          "Holm's correction; all in the JSON):\n\n", IMPACT_PER_CELL);
  for (guint a = 0; a < n_axes; a++)
    g_ptr_array_add (header, g_strdup (tw_sweep_get_axis (sweep, a)->name));
  g_ptr_array_add (header, g_strdup ("components"));
  g_ptr_array_add (table, g_steal_pointer (&header));
  for (guint c = 0; c < n_played; c++)
    {
      GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GArray) rows = cells[c].arm->impact != NULL ? tw_sim_impact_rows (cells[c].arm)
                                                           : NULL;
      g_autoptr(GString) text = g_string_new (NULL);
      guint shown = 0;

      g_ptr_array_add (table, row);
      for (guint a = 0; a < n_axes; a++)
        g_ptr_array_add (row, g_strdup (tw_sweep_cell_value (sweep, c, a)));
      for (guint i = 0; rows != NULL && i < rows->len && shown < IMPACT_PER_CELL; i++)
        {
          const TwSimImpactRow *r = &g_array_index (rows, TwSimImpactRow, i);
          g_autofree char *id = NULL;

          if (isnan (r->p))
            continue;
          id = tw_cli_printable (r->id);
          g_string_append_printf (text, "%s%s %+.1f%s", shown > 0 ? ", " : "", id,
                                  100 * r->diff, r->significant ? "*" : "");
          shown++;
        }
      g_ptr_array_add (row, g_strdup (shown > 0 ? text->str : "(none to compare)"));
    }
  print_table (out, table, n_axes + 1);
}

static void
print_text (GString       *out,
            const TwSweep *sweep,
            const Cell    *cells,
            guint          n_played)
{
  const TwSimArm *first = cells[0].arm;
  guint n_axes = tw_sweep_n_axes (sweep);
  guint seats = max_seats (cells, n_played);
  guint n_ends = g_strv_length (first->end_reasons);
  g_autoptr(GPtrArray) table = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autofree char *definition = tw_cli_printable (first->definition);
  g_autofree char *rules_id = tw_cli_printable (first->rules_id);
  g_autofree char *bots = bots_text (first->bots);
  g_autoptr(GPtrArray) header = g_ptr_array_new_with_free_func (g_free);
  gboolean interrupted = cells[n_played - 1].arm->interrupted;

  if (interrupted)
    g_string_append (out, "interrupted (Ctrl-C): the last cell counts only the games that had "
                          "ended,\nand the cells after it were not played\n\n");
  g_string_append_printf (out, "%s (%s), seed %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
                          " games per cell, bots %s\nsweep:", definition, rules_id, first->seed,
                          first->total_games, bots);
  for (guint a = 0; a < n_axes; a++)
    {
      const TwSweepAxis *axis = tw_sweep_get_axis (sweep, a);
      g_autofree char *values = g_strjoinv (",", axis->values);

      g_string_append_printf (out, " %s=%s", axis->name, values);
    }
  g_string_append_printf (out, " (%u cells)\n\n", tw_sweep_n_cells (sweep));
  g_string_append (out, "P1 …: each seat's share of the wins (a k-way tie for first counts 1/k);\n"
                        "P1 advantage: P1's share less the fair share; ties: ties for first;\n");
  /* the ways to end as E1, E2 … under their names here: as column headings
   * they would widen the table past 100 columns */
  for (guint e = 0; e < n_ends; e++)
    {
      g_autofree char *name = tw_cli_printable (first->end_reasons[e]);

      g_string_append_printf (out, "%sE%u %s%s", e > 0 ? ", " : "", e + 1, name,
                              e + 1 == n_ends ? ": how the games ended;\n" : "");
    }
  g_string_append (out, "in % of games, 95% Wilson intervals in brackets; moves: mean per game.\n\n");

  for (guint a = 0; a < n_axes; a++)
    g_ptr_array_add (header, g_strdup (tw_sweep_get_axis (sweep, a)->name));
  g_ptr_array_add (header, g_strdup ("games"));
  for (guint s = 0; s < seats; s++)
    g_ptr_array_add (header, g_strdup_printf ("P%u", s + 1));
  g_ptr_array_add (header, g_strdup ("P1 advantage"));
  g_ptr_array_add (header, g_strdup ("moves"));
  g_ptr_array_add (header, g_strdup ("ties"));
  for (guint e = 0; e < n_ends; e++)
    g_ptr_array_add (header, g_strdup_printf ("E%u", e + 1));
  g_ptr_array_add (table, g_steal_pointer (&header));

  for (guint c = 0; c < n_played; c++)
    {
      const Cell *cell = &cells[c];
      GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
      const TwSimRow *adv = tw_sim_find_row (cell->rows, TW_SIM_METRIC_ADVANTAGE, 0);
      const TwSimRow *moves = tw_sim_find_row (cell->rows, TW_SIM_METRIC_MOVES, 0);
      const TwSimRow *tie = tw_sim_find_row (cell->rows, TW_SIM_METRIC_TIE, 0);

      g_ptr_array_add (table, row);
      for (guint a = 0; a < n_axes; a++)
        g_ptr_array_add (row, g_strdup (tw_sweep_cell_value (sweep, c, a)));
      g_ptr_array_add (row, g_strdup_printf ("%u", (guint) tw_sim_arm_n_games (cell->arm)));
      if (tw_sim_arm_n_games (cell->arm) == 0)
        {
          g_ptr_array_add (row, g_strdup ("no game finished"));
          continue;
        }
      for (guint s = 0; s < seats; s++)
        g_ptr_array_add (row, share_text (s < cell->arm->n_players
                                          ? tw_sim_find_row (cell->rows, TW_SIM_METRIC_WIN, s) : NULL));
      g_ptr_array_add (row, adv != NULL
                            ? g_strdup_printf ("%+.1f [%+.1f,%+.1f]", 100 * adv->stats.mean,
                                               100 * adv->lo, 100 * adv->hi)
                            : g_strdup (""));
      g_ptr_array_add (row, g_strdup_printf ("%.1f", moves->stats.mean));
      g_ptr_array_add (row, g_strdup_printf ("%.1f", 100 * tie->stats.mean));
      for (guint e = 0; e < n_ends; e++)
        {
          const TwSimRow *end = tw_sim_find_row (cell->rows, TW_SIM_METRIC_END, e);

          g_ptr_array_add (row, end != NULL ? g_strdup_printf ("%.1f", 100 * end->stats.mean)
                                            : g_strdup (""));
        }
      if (cell->arm->interrupted)
        g_ptr_array_add (row, g_strdup ("(interrupted)"));
    }
  print_table (out, table, n_axes);
  print_impact_text (out, sweep, cells, n_played);
}

/* An axis value as JSON: a number for integers and players, true or false
 * for a boolean option, else a string. */
static void
json_value (GString           *out,
            const TwSweepAxis *axis,
            const char        *value)
{
  if (axis->type == TW_VALUE_INT || axis->type == TW_VALUE_BOOL)
    g_string_append (out, value);
  else
    tw_json_append_string (out, value);
}

static void
print_json (GString       *out,
            const TwSweep *sweep,
            const Cell    *cells,
            guint          n_played)
{
  guint n_axes = tw_sweep_n_axes (sweep);

  g_string_append (out, "{\n  \"format\": \"tilewright-sweep\",\n  \"version\": 1,\n");
  if (cells[n_played - 1].arm->interrupted)
    g_string_append (out, "  \"interrupted\": true,\n");
  g_string_append (out, "  \"sweep\": [");
  for (guint a = 0; a < n_axes; a++)
    {
      const TwSweepAxis *axis = tw_sweep_get_axis (sweep, a);

      g_string_append (out, a > 0 ? ",\n    {\"name\": " : "\n    {\"name\": ");
      tw_json_append_string (out, axis->name);
      g_string_append (out, ", \"values\": [");
      for (guint v = 0; v < axis->n_values; v++)
        {
          if (v > 0)
            g_string_append (out, ", ");
          json_value (out, axis, axis->values[v]);
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "\n  ],\n  \"cells\": [");
  for (guint c = 0; c < n_played; c++)
    {
      g_autoptr(GPtrArray) arms = g_ptr_array_new ();
      g_autoptr(GString) summary = g_string_new (NULL);

      g_string_append (out, c > 0 ? ",\n    {\"values\": {" : "\n    {\"values\": {");
      for (guint a = 0; a < n_axes; a++)
        {
          const TwSweepAxis *axis = tw_sweep_get_axis (sweep, a);

          if (a > 0)
            g_string_append (out, ", ");
          tw_json_append_string (out, axis->name);
          g_string_append (out, ": ");
          json_value (out, axis, tw_sweep_cell_value (sweep, c, a));
        }
      /* simulate's own document for this run, indented under the cell (a
       * JSON string holds no raw line break, so this moves only the layout) */
      g_ptr_array_add (arms, cells[c].arm);
      tw_sim_to_json (arms, summary);
      while (summary->len > 0 && summary->str[summary->len - 1] == '\n')
        g_string_truncate (summary, summary->len - 1);
      g_string_replace (summary, "\n", "\n      ", 0);
      g_string_append_printf (out, "},\n      \"summary\": %s}", summary->str);
    }
  g_string_append (out, "\n  ]\n}\n");
}

static void
print_csv (GString       *out,
           const TwSweep *sweep,
           const Cell    *cells,
           guint          n_played)
{
  g_autofree TwSimArm **arms = g_new0 (TwSimArm *, n_played);
  g_autofree GArray **rows = g_new0 (GArray *, n_played);

  for (guint c = 0; c < n_played; c++)
    {
      arms[c] = cells[c].arm;
      rows[c] = cells[c].rows;
    }
  tw_sweep_csv (out, sweep, (const TwSimArm * const *) arms, (GArray * const *) rows, n_played);
}

/* ------------------------------------------------------------------------ */
/* Tuning: --target                                                         */

/* What tune_run() prints after each round. */
typedef struct
{
  GString       *out;
  const TwSweep *sweep;
  guint          round;
  guint          lead;
  double         lead_miss;
  TwCliRounds   *rounds;
} RoundPrinter;

static void
print_round (const TwTuneRound *round,
             gpointer           user_data)
{
  RoundPrinter *p = user_data;

  g_string_append_printf (p->out, "round %u: %u cell%s, %" G_GUINT64_FORMAT " games each; "
                          "nearest:", round->round, round->n_cells, round->n_cells == 1 ? "" : "s",
                          round->games);
  for (guint i = 0; i < MIN (round->n_cells, 3u); i++)
    {
      g_autofree char *label = tw_sweep_cell_label (p->sweep, round->cells[i]);

      g_string_append_printf (p->out, "%s %s (miss %.2f)", i > 0 ? "," : "", label,
                              round->miss[i]);
    }
  g_string_append_c (p->out, '\n');
  p->round = round->round;
  p->lead = round->cells[0];
  p->lead_miss = round->miss[0];
  if (p->rounds != NULL)
    tw_cli_rounds_round_ended (p->rounds);
}

/* Successive halving over the sweep's cells (tw-tune.h): the rounds, then
 * the best cell's figures with their intervals. */
static int
tune_run (const TwCliSweepArgs *args,
          const TwSweep        *sweep,
          Cell                 *cells,
          GString              *out)
{
  guint n_cells = tw_sweep_n_cells (sweep);
  g_autofree TwTuneTarget *targets = g_new0 (TwTuneTarget, g_strv_length (args->targets));
  g_autofree TwGame **games = g_new0 (TwGame *, n_cells);
  g_autofree TwBotSpec *bots = g_new0 (TwBotSpec, (gsize) n_cells * TW_MAX_PLAYERS);
  g_autoptr(TwTuneResult) result = NULL;
  g_autoptr(GError) error = NULL;
  RoundPrinter printer = { out, sweep, 0, 0, 0, args->rounds };
  TwTuneConfig config = { 0, };
  guint n_targets = 0;
  int rc = TW_EXIT_OK;

  for (guint t = 0; args->targets[t] != NULL; t++)
    if (!tw_tune_target_parse (args->targets[t], cells[0].game, &targets[n_targets++], &error))
      return tw_cli_report_error (error);
  for (guint c = 0; c < n_cells; c++)
    {
      games[c] = cells[c].game;
      memcpy (&bots[c * TW_MAX_PLAYERS], cells[c].bots, sizeof cells[c].bots);
    }
  config.n_cells = n_cells;
  config.games = games;
  config.bots = bots;
  config.path = args->path;
  config.seed = args->seed;
  config.start = args->start > 0 ? args->start : 20;
  config.games_max = args->games;
  config.jobs = args->jobs;
  config.targets = targets;
  config.n_targets = n_targets;
  config.round = print_round;
  config.round_data = &printer;
  config.cancel = tw_cli_sigint_catch ();
  if (args->rounds != NULL)
    {
      /* round by round: the rounds played are handed out, the next waits */
      config.play = tw_cli_rounds_play;
      config.play_data = args->rounds;
      tw_cli_rounds_set_sweep (args->rounds, sweep);
    }
  g_string_append_printf (out, "tuning %u cells by successive halving, up to %" G_GUINT64_FORMAT
                          " games for the best; a miss is the distance to the targets, in "
                          "moves and in points of a share\n", n_cells, args->games);
  result = tw_tune_run (&config, &error);
  tw_cli_sigint_release ();
  if (result == NULL && g_error_matches (error, TW_TUNE_ERROR, TW_TUNE_ERROR_PENDING))
    return tw_cli_rounds_pending (args->rounds, sweep, out);
  if (result != NULL && args->rounds != NULL && !tw_cli_rounds_check_done (args->rounds, &error))
    return tw_cli_report_error (error);
  if (result == NULL && g_error_matches (error, TW_TUNE_ERROR, TW_TUNE_ERROR_CANCELLED))
    {
      tw_cli_error (_("interrupted: the search stopped in round 1"));
      return TW_EXIT_INTERRUPTED;
    }
  if (result == NULL)
    return tw_cli_report_error (error);
  if (result->interrupted)
    {
      g_autofree char *label = tw_sweep_cell_label (sweep, printer.lead);

      /* the rounds that ended stay in @out, which is written */
      g_string_append_printf (out, "interrupted in round %u: nearest after round %u: %s "
                              "(miss %.2f), not confirmed\n", printer.round + 1, printer.round,
                              label, printer.lead_miss);
      tw_cli_error (_("interrupted: the search stopped in round %u"), printer.round + 1);
      return TW_EXIT_INTERRUPTED;
    }

  {
    g_autofree char *label = tw_sweep_cell_label (sweep, result->best);

    g_string_append_printf (out, "\nbest: %s, %u games, miss %.2f\n", label,
                            (guint) tw_sim_arm_n_games (result->arm), result->miss);
    for (guint t = 0; t < n_targets; t++)
      {
        const TwTuneTarget *target = &targets[t];
        const TwSimRow *row = tw_sim_find_row (result->rows, target->metric.kind,
                                                target->metric.index);
        gboolean share = target->metric.kind != TW_SIM_METRIC_MOVES;
        g_autofree char *name = NULL;
        const char *eq = strchr (args->targets[t], '=');

        name = g_strstrip (g_strndup (args->targets[t], eq - args->targets[t]));
        g_string_append_printf (out, "  %-16s %8.3f [%.3f, %.3f]   target %g..%g%s\n",
                                name, row != NULL ? row->stats.mean : 0,
                                row != NULL ? row->lo : 0, row != NULL ? row->hi : 0,
                                target->lo, target->hi,
                                share ? " (a share: 95% Wilson interval)"
                                      : " (95% interval of the mean)");
      }
    if (args->write != NULL)
      {
        g_autofree char *text = tw_tune_cell_text (sweep, args->def, result->best, &error);
        g_autoptr(TwDefinition) check = NULL;

        if (text != NULL)
          check = tw_definition_load_data (text, -1, args->write, NULL, &error);
        if (check == NULL || !tw_file_save (args->write, text, -1, &error))
          rc = tw_cli_report_error (error);
        else
          g_string_append_printf (out, "wrote the definition with these values to %s\n",
                                  args->write);
      }
  }
  return rc;
}

/* ------------------------------------------------------------------------ */
/* Running                                                                  */

int
tw_cli_sweep_run (const TwCliSweepArgs *args)
{
  g_autoptr(TwSweep) sweep = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree Cell *cells = NULL;
  TwSimConfig config = { 0, };
  TwCliProgress progress = { 0, };
  guint n_cells, n_played = 0;
  gboolean stopped = FALSE;
  int rc = TW_EXIT_OK;

  sweep = read_sweep (args, &error);
  if (sweep == NULL)
    return tw_cli_report_error (error);
  n_cells = tw_sweep_n_cells (sweep);
  cells = g_new0 (Cell, n_cells);
  if (!prepare_cells (args, sweep, cells, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }
  if (args->targets != NULL)
    {
      rc = tune_run (args, sweep, cells, out);
      /* a round's shard that was stopped has no results to write */
      if ((rc == TW_EXIT_OK
           || (rc == TW_EXIT_INTERRUPTED && !tw_cli_rounds_is_shard (args->rounds)))
          && !tw_cli_write_output (out, args->output, &error))
        rc = tw_cli_report_error (error);
      goto out;
    }

  config.path = args->path;
  config.seed = args->seed;
  config.total_games = args->games;
  /* a shard plays the same slice of every cell's games */
  tw_sim_shard_range (args->games, MAX (args->shard_k, 1), MAX (args->shard_n, 1),
                      &config.first, &config.last);
  config.jobs = args->jobs;
  config.progress = tw_cli_progress_cb;
  config.progress_data = &progress;
  config.keep_partial = TRUE;
  config.impact = args->impact;
  /* each cell is the plain run's simulate: no per-game records */
  config.stream = TRUE;
  tw_cli_progress_init (&progress, (config.last - config.first) * n_cells);
  config.cancel = tw_cli_sigint_catch ();
  for (guint c = 0; c < n_cells && !stopped; c++)
    {
      config.game = cells[c].game;
      memcpy (config.bots, cells[c].bots, sizeof config.bots);
      progress.offset = c * (config.last - config.first);
      cells[c].arm = tw_sim_run (&config, &error);
      if (cells[c].arm == NULL)
        {
          g_autofree char *label = tw_sweep_cell_label (sweep, c);

          tw_cli_sigint_release ();
          tw_cli_progress_end (&progress);
          tw_cli_error (_("the sweep's cell %s: %s"), label, error->message);
          rc = TW_EXIT_FAILURE;
          goto out;
        }
      cells[c].rows = tw_sim_summarize (cells[c].arm);
      stopped = cells[c].arm->interrupted;
      n_played++;
    }
  tw_cli_sigint_release ();
  tw_cli_progress_end (&progress);

  if (stopped)
    {
      g_autofree char *label = tw_sweep_cell_label (sweep, n_played - 1);

      unsigned long long total = config.last - config.first;

      /* Translators: the plural follows the games of the cell; the cells
       * after it are always counted as "cells" */
      tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                 "interrupted: %u of %llu game of the cell %s (%u of %u) "
                                 "had ended; the results count only those, and the %u cells "
                                 "after it were not played",
                                 "interrupted: %u of %llu games of the cell %s (%u of %u) "
                                 "had ended; the results count only those, and the %u cells "
                                 "after it were not played",
                                 total),
                    (guint) tw_sim_arm_n_games (cells[n_played - 1].arm), total, label,
                    n_played, n_cells, n_cells - n_played);
    }
  switch (args->format)
    {
    case TW_CLI_FORMAT_JSON:
      print_json (out, sweep, cells, n_played);
      break;
    case TW_CLI_FORMAT_CSV:
      print_csv (out, sweep, cells, n_played);
      break;
    case TW_CLI_FORMAT_TEXT:
    default:
      print_text (out, sweep, cells, n_played);
      break;
    }
  if (!tw_cli_write_output (out, args->output, &error))
    rc = tw_cli_report_error (error);
  else
    rc = stopped ? TW_EXIT_INTERRUPTED : TW_EXIT_OK;

out:
  for (guint c = 0; c < n_cells; c++)
    cell_clear (&cells[c]);
  return rc;
}

/* ------------------------------------------------------------------------ */
/* merge: shards of one sweep                                               */

gboolean
tw_cli_sweep_results_file (const char *path)
{
  /* the format's name, which simulate --sweep writes before the cells
   * (however a tool may have laid the JSON out again) */
  return tw_cli_file_head_has (path, "\"tilewright-sweep\"");
}

/* Whether two sweeps have the same axes and values. */
static gboolean
same_axes (const TwSweep *a,
           const TwSweep *b)
{
  if (tw_sweep_n_axes (a) != tw_sweep_n_axes (b))
    return FALSE;
  for (guint i = 0; i < tw_sweep_n_axes (a); i++)
    {
      const TwSweepAxis *x = tw_sweep_get_axis (a, i);
      const TwSweepAxis *y = tw_sweep_get_axis (b, i);

      if (!g_str_equal (x->name, y->name)
          || !g_strv_equal ((const char * const *) x->values, (const char * const *) y->values))
        return FALSE;
    }
  return TRUE;
}

int
tw_cli_sweep_merge (char        **paths,
                    guint         n_paths,
                    TwCliFormat   format)
{
  g_autoptr(TwSweep) sweep = NULL;
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree Cell *cells = NULL;
  int rc = TW_EXIT_INVALID_FILE;

  for (guint i = 0; i < n_paths; i++)
    {
      g_autoptr(GPtrArray) file_arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
      g_autoptr(TwSweep) file_sweep = NULL;
      g_autofree char *text = NULL;
      gboolean is_sweep = FALSE;
      gsize len = 0;

      if (!tw_file_read_limited (paths[i], TW_SWEEP_RESULTS_MAX_BYTES, _("sweep results"), &text,
                                 &len, &error))
        return tw_cli_report_error (error);
      file_sweep = tw_sweep_results_read (text, len, file_arms, &is_sweep, &error);
      if (file_sweep == NULL)
        {
          if (!is_sweep)
            tw_cli_error (_("%s: not a sweep's results, as %s is: merge the shards of one sweep"),
                          paths[i], paths[0]);
          else
            tw_cli_error ("%s:%s%s", paths[i], g_ascii_isdigit (error->message[0]) ? "" : " ",
                          error->message);
          return TW_EXIT_INVALID_FILE;
        }
      if (i == 0)
        {
          sweep = g_steal_pointer (&file_sweep);
          g_ptr_array_extend_and_steal (arms, g_steal_pointer (&file_arms));
          continue;
        }
      if (!same_axes (sweep, file_sweep) || file_arms->len != arms->len)
        {
          tw_cli_error (_("%s: its sweep is not the one of %s (other axes, values or cells)"),
                        paths[i], paths[0]);
          return TW_EXIT_INVALID_FILE;
        }
      for (guint c = 0; c < arms->len; c++)
        if (!tw_sim_arm_merge (g_ptr_array_index (arms, c), g_ptr_array_index (file_arms, c),
                               &error))
          {
            g_autofree char *label = tw_sweep_cell_label (sweep, c);

            tw_cli_error (_("%s: the cell %s: %s"), paths[i], label, error->message);
            return TW_EXIT_INVALID_FILE;
          }
    }

  cells = g_new0 (Cell, arms->len);
  for (guint c = 0; c < arms->len; c++)
    {
      const TwSimArm *arm = g_ptr_array_index (arms, c);

      cells[c].arm = g_ptr_array_index (arms, c);
      cells[c].rows = tw_sim_summarize (cells[c].arm);
      if (tw_sim_arm_n_games (arm) < arm->total_games)
        {
          g_autofree char *label = tw_sweep_cell_label (sweep, c);

          unsigned long long total = arm->total_games;

          tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                     "warning: %u of %llu game in the cell %s (a shard is missing?)",
                                     "warning: %u of %llu games in the cell %s (a shard is missing?)",
                                     total),
                        (guint) tw_sim_arm_n_games (arm), total, label);
        }
    }
  if (arms->len < tw_sweep_n_cells (sweep))
    tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                               "warning: %u of the sweep's %u cell were played (interrupted?)",
                               "warning: %u of the sweep's %u cells were played (interrupted?)",
                               tw_sweep_n_cells (sweep)),
                  arms->len, tw_sweep_n_cells (sweep));
  switch (format)
    {
    case TW_CLI_FORMAT_JSON:
      print_json (out, sweep, cells, arms->len);
      break;
    case TW_CLI_FORMAT_CSV:
      print_csv (out, sweep, cells, arms->len);
      break;
    case TW_CLI_FORMAT_TEXT:
    default:
      print_text (out, sweep, cells, arms->len);
      break;
    }
  if (!tw_cli_write_output (out, NULL, &error))
    rc = tw_cli_report_error (error);
  else
    rc = TW_EXIT_OK;
  /* the arms are the array's */
  for (guint c = 0; c < arms->len; c++)
    g_clear_pointer (&cells[c].rows, g_array_unref);
  return rc;
}
