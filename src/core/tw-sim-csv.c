/* tw-sim-csv.c: simulation results as CSV, for spreadsheets
 *
 * One writer for the summary (`simulate --format csv`) and one for the rows
 * of every game (`simulate --per-game`, `merge --per-game`, the Lab's Export
 * Data as CSV). Numbers have 15 significant digits, as people read them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim-private.h"

#include <math.h>
#include <string.h>

/**
 * tw_sim_csv_field:
 *
 * Appends @text as one CSV field, quoted when it holds a comma, a quote or a
 * line break.
 */
void
tw_sim_csv_field (GString    *out,
                  const char *text)
{
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* ",VALUE", or "," alone when the value is not finite */
static void
csv_number (GString *out,
            double   value)
{
  g_string_append_c (out, ',');
  if (isfinite (value))
    tw_json_append_number (out, value, 15);
}

static void
csv_metric (GString           *out,
            const char        *arm,
            const TwSimMetric *metric,
            const char        *name,
            guint64            n)
{
  g_autofree char *label = metric->kind == TW_SIM_METRIC_COUNTER
                           ? g_strconcat ("counter:", name, NULL)
                           : metric->kind == TW_SIM_METRIC_END
                           ? g_strconcat ("end:", name, NULL) : g_strdup (name);

  tw_sim_csv_field (out, arm);
  g_string_append_c (out, ',');
  tw_sim_csv_field (out, label);
  g_string_append_c (out, ',');
  if (metric->kind == TW_SIM_METRIC_WIN || metric->kind == TW_SIM_METRIC_SCORE
      || metric->kind == TW_SIM_METRIC_ADVANTAGE)
    g_string_append_printf (out, "%u", metric->index + 1);
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT, n);
}

/**
 * tw_sim_summary_csv:
 * @arms: (element-type TwSimArm): one arm, or A and B
 * @out: where the table is appended
 *
 * Rows arm,metric,seat,n,mean,sd,min,q25,median,q75,max,lo,hi,significant:
 * every metric of every arm, then B - A of each metric they share.
 */
void
tw_sim_summary_csv (GPtrArray *arms,
                    GString   *out)
{
  g_string_append (out, "arm,metric,seat,n,mean,sd,min,q25,median,q75,max,lo,hi,significant\n");

  for (guint a = 0; a < arms->len; a++)
    {
      const TwSimArm *arm = g_ptr_array_index (arms, a);
      g_autoptr(GArray) rows = tw_sim_summarize (arm);

      for (guint i = 0; i < rows->len; i++)
        {
          const TwSimRow *row = &g_array_index (rows, TwSimRow, i);
          const TwSimStats *s = &row->stats;

          csv_metric (out, arm->label != NULL ? arm->label : "", &row->metric, row->name, s->n);
          csv_number (out, s->mean);
          csv_number (out, s->sd);
          csv_number (out, s->min);
          csv_number (out, s->q25);
          csv_number (out, s->median);
          csv_number (out, s->q75);
          csv_number (out, s->max);
          csv_number (out, row->lo);
          csv_number (out, row->hi);
          g_string_append (out, ",\n");
        }
    }
  if (arms->len == 2)
    {
      g_autoptr(GArray) diffs = tw_sim_compare (g_ptr_array_index (arms, 0),
                                                g_ptr_array_index (arms, 1));

      for (guint i = 0; i < diffs->len; i++)
        {
          const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);

          csv_metric (out, "B-A", &d->metric, d->name, d->n);
          csv_number (out, d->diff);
          g_string_append (out, ",,,,,,");
          csv_number (out, d->lo);
          csv_number (out, d->hi);
          g_string_append_printf (out, ",%d\n", d->significant ? 1 : 0);
        }
    }
}

/**
 * tw_sim_games_csv:
 * @arms: (element-type TwSimArm): one arm, or A and B
 * @arm_column: the column "arm" even for one arm (the Lab's exports keep one
 *   layout whether or not B was played); otherwise only with two arms
 * @out: where the table is appended
 *
 * One row per game: [arm,]game,seed,moves,score_p1…,place_p1…,COUNTER…. place 1 is first and equal places are ties:
 * rank + 1, so that the column is not mistaken for the JSON's 0-based
 * "ranks". The counters are those of every arm, by name, once each; a game
 * of an arm without one leaves it empty. Then, when the games carry how they
 * went (TwSimArm.has_play): end (the end reason's name, empty for a game
 * that ends one way), lead_changes, decided, comeback, forced, legal, as in
 * the JSON.
 */
struct _TwSimGamesCsv
{
  GPtrArray *arms;
  gboolean   with_arm;
  GPtrArray *counters;   /* the names of every arm's counters, once each */
  gboolean   play;
};

/**
 * tw_sim_games_csv_new:
 * @arms: (element-type TwSimArm): one arm, or A and B (kept, not owned)
 * @arm_column: as tw_sim_games_csv()
 * @out: where the header line is appended
 *
 * Returns: (transfer full): a writer of the rows, one game at a time
 * (tw_sim_games_csv_row()), for a run that keeps no games.
 */
TwSimGamesCsv *
tw_sim_games_csv_new (GPtrArray *arms,
                      gboolean   arm_column,
                      GString   *out)
{
  TwSimGamesCsv *csv = g_new0 (TwSimGamesCsv, 1);
  const TwSimArm *first = g_ptr_array_index (arms, 0);

  csv->arms = g_ptr_array_ref (arms);
  csv->with_arm = arm_column || arms->len > 1;
  csv->counters = g_ptr_array_new ();
  csv->play = TRUE;
  for (guint a = 0; a < arms->len; a++)
    {
      const TwSimArm *arm = g_ptr_array_index (arms, a);

      csv->play &= arm->has_play;
      for (guint c = 0; c < arm->n_counters; c++)
        if (!g_ptr_array_find_with_equal_func (csv->counters, arm->counter_names[c], g_str_equal,
                                               NULL))
          g_ptr_array_add (csv->counters, arm->counter_names[c]);
    }

  g_string_append (out, csv->with_arm ? "arm,game,seed,moves" : "game,seed,moves");
  for (guint p = 0; p < first->n_players; p++)
    g_string_append_printf (out, ",score_p%u", p + 1);
  for (guint p = 0; p < first->n_players; p++)
    g_string_append_printf (out, ",place_p%u", p + 1);
  for (guint c = 0; c < csv->counters->len; c++)
    {
      g_string_append_c (out, ',');
      tw_sim_csv_field (out, g_ptr_array_index (csv->counters, c));
    }
  if (csv->play)
    g_string_append (out, ",end,lead_changes,decided,comeback,forced,legal");
  g_string_append_c (out, '\n');
  return csv;
}

void
tw_sim_games_csv_free (TwSimGamesCsv *csv)
{
  if (csv == NULL)
    return;
  g_ptr_array_unref (csv->counters);
  g_ptr_array_unref (csv->arms);
  g_free (csv);
}

/* Appends the row of game @g of arm @a. */
void
tw_sim_games_csv_row (TwSimGamesCsv   *csv,
                      guint            a,
                      const TwSimGame *g,
                      GString         *out)
{
  const TwSimArm *first = g_ptr_array_index (csv->arms, 0);
  const TwSimArm *arm = g_ptr_array_index (csv->arms, a);

  if (csv->with_arm)
    g_string_append_printf (out, "%s,", arm->label != NULL ? arm->label : "");
  g_string_append_printf (out, "%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%u",
                          g->index, g->seed, g->moves);
  for (guint p = 0; p < first->n_players; p++)
    csv_number (out, p < arm->n_players ? g->score[p] : NAN);
  for (guint p = 0; p < first->n_players; p++)
    if (p < arm->n_players)
      g_string_append_printf (out, ",%u", g->rank[p] + 1);
    else
      g_string_append_c (out, ',');
  for (guint c = 0; c < csv->counters->len; c++)
    {
      guint k;

      g_string_append_c (out, ',');
      for (k = 0; k < arm->n_counters; k++)
        if (g_str_equal (arm->counter_names[k], g_ptr_array_index (csv->counters, c)))
          break;
      if (k < arm->n_counters)
        g_string_append_printf (out, "%" G_GUINT64_FORMAT, g->counters[k]);
    }
  if (csv->play)
    {
      g_string_append_c (out, ',');
      if (arm->end_reasons[0] != NULL)
        tw_sim_csv_field (out, arm->end_reasons[g->end_reason]);
      g_string_append_printf (out, ",%u,%u,%u,%u,%" G_GUINT64_FORMAT, g->lead_changes,
                              g->decided, g->comeback, g->forced, g->legal);
    }
  g_string_append_c (out, '\n');
}

void
tw_sim_games_csv (GPtrArray *arms,
                  gboolean   arm_column,
                  GString   *out)
{
  TwSimGamesCsv *csv = tw_sim_games_csv_new (arms, arm_column, out);

  for (guint a = 0; a < arms->len; a++)
    {
      const TwSimArm *arm = g_ptr_array_index (arms, a);

      /* an arm that streamed has no games to list */
      for (guint i = 0; arm->games != NULL && i < arm->games->len; i++)
        tw_sim_games_csv_row (csv, a, &g_array_index (arm->games, TwSimGame, i), out);
    }
  tw_sim_games_csv_free (csv);
}
