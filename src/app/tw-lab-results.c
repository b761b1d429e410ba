/* tw-lab-results.c: the Lab's results: the summary, the charts and the
 * components' table
 *
 * The summary's labels are kept and their text changed as results arrive;
 * the charts (win rate, mean score, score distribution, game length, module
 * counters, components) are drawn by tw-chart.c, A and B side by side, each
 * in a TwChartView; the components' table (TwImpactTable) is filled once the
 * run has ended.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-lab-results.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-chart-view.h"
#include "tw-impact-table.h"

enum
{
  CHART_WIN,
  CHART_SCORE,
  CHART_SCORE_HIST,
  CHART_LENGTH,
  CHART_COUNTERS,
  CHART_IMPACT,
  N_CHARTS
};

#define CHART_HEIGHT TW_LAB_RESULTS_CHART_HEIGHT

struct _TwLabResults
{
  AdwBin     parent_instance;

  /* Borrowed: children of the box */
  GtkBox    *summary_box;
  GtkWidget *areas[N_CHARTS];
  GtkWidget *impact_box;     /* the heading and table of the components */
  GtkWidget *impact_table;

  /* Owned */
  TwSimArm  *arms[2];        /* what is shown */
  guint      n_arms;
  TwChart   *charts[N_CHARTS];

  double     negligible;     /* points of win rate below which a change is negligible */
  gboolean   running;        /* the arms are a run's games so far */
};

G_DEFINE_FINAL_TYPE (TwLabResults, tw_lab_results, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_NEGLIGIBLE,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define MAX_BINS 24

/* ------------------------------------------------------------------------ */
/* Charts                                                                   */

static gboolean
significant (GArray          *diffs,
             TwSimMetricKind  kind,
             guint            index)
{
  for (guint i = 0; diffs != NULL && i < diffs->len; i++)
    {
      const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);
      /* corrected for the other bars of its chart (Holm, tw_sim_compare()) */
      if (d->metric.kind == kind && d->metric.index == index)
        return d->p_holm < 0.05;
    }
  return FALSE;
}

/* A histogram of every series' values over common bins: series @s takes
 * the values of @bins[s] (n_bins[s] of them, each with its count of games),
 * as tw_sim_arm_distribution() gives them. */
static void
histogram (TwChart              *chart,
           TwSimBin      *const *bins,
           const guint          *n_bins)
{
  double min = INFINITY, max = -INFINITY, width;
  gboolean integral = TRUE;
  guint n_bars;

  for (guint s = 0; s < chart->n_series; s++)
    for (guint i = 0; i < n_bins[s]; i++)
      {
        double v = bins[s][i].value;

        min = MIN (min, v);
        max = MAX (max, v);
        integral = integral && v == floor (v);
      }
  if (!isfinite (min))
    return;
  if (integral && max - min < MAX_BINS)
    width = 1;
  else
    {
      width = (max - min) / MAX_BINS;
      if (integral)
        width = ceil (width + 1e-9);
      if (width <= 0)
        width = 1;
    }
  n_bars = MIN ((guint) floor ((max - min) / width) + 1, MAX_BINS + 1);
  for (guint b = 0; b < n_bars; b++)
    {
      double lo = min + b * width;
      g_autofree char *label = width == 1 && integral
                               ? g_strdup_printf ("%g", lo)
                               : integral ? g_strdup_printf ("%g–%g", lo, lo + width - 1)
                                          : g_strdup_printf ("%.3g–%.3g", lo, lo + width);
      tw_chart_add_bar (chart, label);
    }
  for (guint s = 0; s < chart->n_series; s++)
    for (guint i = 0; i < n_bins[s]; i++)
      {
        guint b = MIN ((guint) floor ((bins[s][i].value - min) / width), n_bars - 1);
        g_array_index (chart->bars, TwChartBar, b).value[s] += bins[s][i].count;
      }
}

/* @arm's distribution of @kind (seat or counter @index) as the series
 * @s of a histogram, added to what that series has. */
static void
add_distribution (TwSimBin       **bins,
                  guint           *n_bins,
                  guint            s,
                  const TwSimArm  *arm,
                  TwSimMetricKind  kind,
                  guint            index)
{
  TwSimMetric m = { kind, index };
  g_autofree TwSimBin *more = NULL;
  guint n_more = 0;

  more = tw_sim_arm_distribution (arm, &m, &n_more);
  if (n_more == 0)
    return;
  bins[s] = g_renew (TwSimBin, bins[s], n_bins[s] + n_more);
  memcpy (bins[s] + n_bins[s], more, n_more * sizeof *more);
  n_bins[s] += n_more;
}

/* Whether B of the shown results plays another definition. */
static gboolean
b_is_definition (TwLabResults *self)
{
  return self->n_arms == 2 && self->arms[1]->change != NULL
         && g_str_has_prefix (self->arms[1]->change, "definition ");
}

/* The arm's definition, told apart from the other arm's when both have
 * the same name. */
static char *
arm_title (TwLabResults *self,
           guint         k)
{
  const TwSimArm *arm = self->arms[k], *other = self->arms[1 - k];

  return tw_app_definition_title (arm->definition, arm->path, other->definition);
}

/* The legend of arm @k: "A", "B: set goals=false", "A: Colorblock", … */
static char *
series_name (TwLabResults *self,
             guint         k)
{
  g_autofree char *title = NULL;

  if (b_is_definition (self))
    {
      title = arm_title (self, k);
      return g_strdup_printf ("%s: %s", k == 0 ? "A" : "B", title);
    }
  if (k == 0)
    return g_strdup ("A");
  return g_strdup_printf ("B: %s", self->arms[1]->change);
}

static char *
seat_label (const TwSimArm *arm,
            guint           p)
{
  /* Translators: a seat in the charts: P1, P2, … */
  return g_strdup_printf (_("P%u"), p + 1);
}

/* The summary's labels are kept and their text changed as results arrive,
 * a few times a second: replacing the widgets would flood screen readers
 * (and the accessibility bus) with removed and added objects. */
static GtkWidget *
summary_label (TwLabResults  *self,
               GtkWidget    **next)
{
  GtkWidget *label = *next;

  if (label != NULL)
    {
      *next = gtk_widget_get_next_sibling (label);
      return label;
    }
  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (self->summary_box, label);
  return label;
}

static void
add_summary_label (TwLabResults  *self,
                   GtkWidget    **next,
                   const char    *text)
{
  GtkWidget *label = summary_label (self, next);

  gtk_widget_add_css_class (label, "numeric");
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0
      || gtk_label_get_use_markup (GTK_LABEL (label)))
    gtk_label_set_text (GTK_LABEL (label), text);
}

static void
add_summary_heading (TwLabResults  *self,
                     GtkWidget    **next,
                     const char    *markup)
{
  GtkWidget *label = summary_label (self, next);

  gtk_widget_remove_css_class (label, "numeric");
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), markup) != 0
      || !gtk_label_get_use_markup (GTK_LABEL (label)))
    gtk_label_set_markup (GTK_LABEL (label), markup);
}

/* How the games ended and went (TwSimArm.has_play): a line of endings, where
 * the game has more than one, and one of the lead, the margin and the
 * choices. */
static void
add_play_summary (TwLabResults   *self,
                  GtkWidget     **next,
                  const TwSimArm *arm,
                  GArray         *rows)
{
  const TwSimRow *changes = tw_sim_find_row (rows, TW_SIM_METRIC_LEAD_CHANGES, 0);
  const TwSimRow *decided = tw_sim_find_row (rows, TW_SIM_METRIC_DECIDED, 0);
  const TwSimRow *comeback = tw_sim_find_row (rows, TW_SIM_METRIC_COMEBACK, 0);
  const TwSimRow *margin = tw_sim_find_row (rows, TW_SIM_METRIC_MARGIN, 0);
  const TwSimRow *branching = tw_sim_find_row (rows, TW_SIM_METRIC_BRANCHING, 0);
  const TwSimRow *forced = tw_sim_find_row (rows, TW_SIM_METRIC_FORCED, 0);
  g_autofree char *text = NULL;

  if (arm->end_reasons[0] != NULL)
    {
      g_autoptr(GString) ends = g_string_new (NULL);

      for (guint e = 0; arm->end_reasons[e] != NULL; e++)
        {
          const TwSimRow *end = tw_sim_find_row (rows, TW_SIM_METRIC_END, e);
          g_autofree char *words = NULL;

          if (end == NULL)
            continue;
          words = tw_end_reason_words (arm->rules_id, arm->end_reasons[e]);
          /* Translators: one way a game can end (its id in the rules as
           * words, e.g. "Tiles ran out") and the share of games that ended
           * so, with the 95% interval */
          g_string_append_printf (ends, _("%s%s %.1f %% (%.1f–%.1f %%)"),
                                  ends->len > 0 ? ", " : "", words,
                                  end->stats.mean * 100, end->lo * 100, end->hi * 100);
        }
      /* Translators: the list of the ways the games ended, with their shares */
      text = g_strdup_printf (_("Ended by: %s"), ends->str);
      add_summary_label (self, next, text);
      g_clear_pointer (&text, g_free);
    }
  if (changes == NULL || decided == NULL || comeback == NULL || margin == NULL
      || branching == NULL || forced == NULL)
    return;
  /* Translators: how the games went: lead changes per game, the share of a
   * game after which the winner led for good, the share of games won from
   * behind at half time, the mean winning margin, legal moves per decision
   * and the share of decisions with one legal move */
  text = g_strdup_printf (_("The lead changed %.2f times a game; the winner led for good from "
                            "%.0f %% of the game; %.1f %% won from behind at half time; margin "
                            "%.2f; %.1f moves to choose from, %.1f %% of decisions forced"),
                          changes->stats.mean, decided->stats.mean * 100,
                          comeback->stats.mean * 100, margin->stats.mean,
                          branching->stats.mean, forced->stats.mean * 100);
  add_summary_label (self, next, text);
}

/* A verdict's difference as a size in points (the sentence says "more"
 * or "less") and its interval on the same side. */
static void
verdict_size (const TwSimVerdict *v,
              double             *points,
              double             *lo,
              double             *hi)
{
  *points = fabs (v->diff) * 100;
  *lo = (v->diff < 0 ? -v->hi : v->lo) * 100;
  *hi = (v->diff < 0 ? -v->lo : v->hi) * 100;
}

/* The first line of an A/B run: what B did to who wins, in plain words,
 * with the interval, and whether it is a real difference, a negligible one
 * (under the designer's threshold) or none the run can detect. */
static void
add_verdict (TwLabResults  *self,
             GtkWidget    **next,
             GArray        *diffs)
{
  double negligible = self->negligible;
  g_autofree char *b = b_is_definition (self) ? arm_title (self, 1)
                                              : g_strdup (self->arms[1]->change);
  g_autofree char *text = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *seat = NULL;
  TwSimVerdict v;
  double points, lo, hi;

  if (diffs == NULL || !tw_sim_win_verdict (diffs, negligible / 100, &v))
    return;
  seat = g_strdup_printf (_("Player %u"), v.metric.index + 1);
  verdict_size (&v, &points, &lo, &hi);
  switch (v.kind)
    {
    case TW_SIM_VERDICT_REAL:
      text = g_strdup_printf (v.diff > 0
                              /* Translators: the Lab's verdict on an A/B run: B's change,
                               * the seat, the difference of win rate in points and its 95%
                               * interval */
                              ? _("With B (%s), %s wins %.1f points more often (95 %%: %.1f to "
                                  "%.1f) — a real difference.")
                              : _("With B (%s), %s wins %.1f points less often (95 %%: %.1f to "
                                  "%.1f) — a real difference."),
                              b, seat, points, lo, hi);
      break;
    case TW_SIM_VERDICT_NEGLIGIBLE:
      text = g_strdup_printf (v.diff > 0
                              /* Translators: as above, and the designer's threshold */
                              ? _("With B (%s), %s wins %.1f points more often (95 %%: %.1f to "
                                  "%.1f): significant, but under %.0f points, so negligible.")
                              : _("With B (%s), %s wins %.1f points less often (95 %%: %.1f to "
                                  "%.1f): significant, but under %.0f points, so negligible."),
                              b, seat, points, lo, hi, negligible);
      break;
    case TW_SIM_VERDICT_NONE:
    default:
      /* Translators: the Lab's verdict when B changes nothing detectable:
       * B's change, the seat whose win rate moved most, by how many points
       * (signed) and its 95% interval */
      text = g_strdup_printf (_("With B (%s), no difference in who wins that this run can "
                                "detect (the largest: %s, %+.1f points, 95 %%: %+.1f to %+.1f). "
                                "More games narrow the interval."),
                              b, seat, v.diff * 100, v.lo * 100, v.hi * 100);
      break;
    }
  /* ties for first, corrected with the seats' wins */
  if (v.ties != NULL)
    {
      const TwSimDiff *d = v.ties;
      g_autofree char *ties = NULL;
      char *both;

      /* Translators: added to the Lab's verdict: the share of games tied
       * for first in A and in B, the difference in points and its 95%
       * interval */
      ties = g_strdup_printf (_(" Ties for first: %.1f %% with A, %.1f %% with B (%+.1f points, "
                                "95 %%: %+.1f to %+.1f) — a real difference."),
                              d->mean_a * 100, d->mean_b * 100, d->diff * 100, d->lo * 100,
                              d->hi * 100);
      both = g_strconcat (text, ties, NULL);
      g_free (text);
      text = both;
    }
  markup = g_markup_printf_escaped ("<b>%s</b>", text);
  add_summary_heading (self, next, markup);
}

/* The first line of a run of one arm: does a seat win more or less often
 * than its fair share? A seat advantage when every seat has the same bot;
 * with different bots, the difference is theirs as much as the seat's. */
static void
add_seat_verdict (TwLabResults   *self,
                  GtkWidget     **next,
                  const TwSimArm *arm,
                  GArray         *rows)
{
  double negligible = self->negligible;
  double fair = 100.0 / MAX (arm->n_players, 1);
  gboolean same_bots = tw_sim_arm_same_bots (arm);
  g_autofree char *text = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *seat = NULL;
  TwSimVerdict v;
  double points, lo, hi;

  if (!tw_sim_seat_verdict (rows, arm->n_players, negligible / 100, &v))
    return;
  seat = same_bots ? g_strdup_printf (_("Player %u"), v.metric.index + 1)
                   /* Translators: a seat and the bot that played it */
                   : g_strdup_printf (_("Player %u (%s)"), v.metric.index + 1,
                                      arm->bots[v.metric.index]);
  verdict_size (&v, &points, &lo, &hi);
  switch (v.kind)
    {
    case TW_SIM_VERDICT_REAL:
      text = g_strdup_printf (v.diff > 0
                              /* Translators: the Lab's verdict on a run: the seat, by how
                               * many points its win rate is above its fair share, the fair
                               * share in %, the 95% interval of the difference */
                              ? _("%s wins %.1f points more often than the fair share of "
                                  "%.0f %% (95 %%: %.1f to %.1f) — a real difference.")
                              : _("%s wins %.1f points less often than the fair share of "
                                  "%.0f %% (95 %%: %.1f to %.1f) — a real difference."),
                              seat, points, fair, lo, hi);
      break;
    case TW_SIM_VERDICT_NEGLIGIBLE:
      text = g_strdup_printf (v.diff > 0
                              /* Translators: as above, and the designer's threshold */
                              ? _("%s wins %.1f points more often than the fair share of "
                                  "%.0f %% (95 %%: %.1f to %.1f): significant, but under %.0f "
                                  "points, so negligible.")
                              : _("%s wins %.1f points less often than the fair share of "
                                  "%.0f %% (95 %%: %.1f to %.1f): significant, but under %.0f "
                                  "points, so negligible."),
                              seat, points, fair, lo, hi, negligible);
      break;
    case TW_SIM_VERDICT_NONE:
    default:
      /* Translators: the Lab's verdict on a run where no seat's win rate is
       * detectably off its fair share: the fair share, the seat farthest
       * from it, by how many points (signed) and its 95% interval */
      text = g_strdup_printf (_("No seat wins more or less often than the fair share of %.0f %% "
                                "by a difference this run can detect (the largest: %s, %+.1f "
                                "points, 95 %%: %+.1f to %+.1f). More games narrow the "
                                "interval."),
                              fair, seat, v.diff * 100, v.lo * 100, v.hi * 100);
      break;
    }
  markup = g_markup_printf_escaped ("<b>%s</b>", text);
  add_summary_heading (self, next, markup);
}

static void
update_summary (TwLabResults *self,
                GArray       *rows[2],
                GArray       *diffs)
{
  GtkWidget *next = gtk_widget_get_first_child (GTK_WIDGET (self->summary_box));

  if (!tw_lab_results_has_results (self))
    goto out;

  if (self->n_arms == 2)
    add_verdict (self, &next, diffs);
  else
    add_seat_verdict (self, &next, self->arms[0], rows[0]);

  for (guint k = 0; k < self->n_arms; k++)
    {
      const TwSimArm *arm = self->arms[k];
      const TwSimRow *moves = tw_sim_find_row (rows[k], TW_SIM_METRIC_MOVES, 0);
      const TwSimRow *tie = tw_sim_find_row (rows[k], TW_SIM_METRIC_TIE, 0);
      g_autofree char *head = NULL;

      if (b_is_definition (self))
        {
          g_autofree char *title = arm_title (self, k);

          head = g_markup_printf_escaped (k == 0 ? _("<b>A</b> (%s)") : _("<b>B</b> (%s)"),
                                          title);
        }
      else if (self->n_arms == 2)
        head = g_strdup_printf (k == 0 ? _("<b>A</b> (as set)") : _("<b>B</b> (%s)"),
                                arm->change);
      if (head != NULL)
        add_summary_heading (self, &next, head);
      for (guint p = 0; p < arm->n_players; p++)
        {
          const TwSimRow *win = tw_sim_find_row (rows[k], TW_SIM_METRIC_WIN, p);
          const TwSimRow *score = tw_sim_find_row (rows[k], TW_SIM_METRIC_SCORE, p);
          g_autofree char *seat = seat_label (arm, p);
          g_autofree char *text = NULL;

          /* Translators: one seat's results: seat, bot, win rate with its 95%
           * interval, mean score */
          text = g_strdup_printf (_("%s (%s): wins %.1f %% (95 %% interval %.1f–%.1f %%), "
                                    "mean score %.2f%s"),
                                  seat, arm->bots[p], win->stats.mean * 100, win->lo * 100,
                                  win->hi * 100, score->stats.mean,
                                  k == 1 && significant (diffs, TW_SIM_METRIC_WIN, p)
                                  ? _(" — win rate differs from A (significant after Holm’s "
                                      "correction over the seats and ties)") : "");
          add_summary_label (self, &next, text);
        }
      {
        g_autofree char *text = NULL;

        /* Translators: games played, mean game length in moves, share of ties */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game, %.1f moves on average (median %.0f), ties %.1f %%",
                                             "%u games, %.1f moves on average (median %.0f), ties %.1f %%", (gulong) tw_sim_arm_n_games (arm)),
                                (guint) tw_sim_arm_n_games (arm), moves->stats.mean, moves->stats.median,
                                tie->stats.mean * 100);
        add_summary_label (self, &next, text);
      }
      if (arm->has_play)
        add_play_summary (self, &next, arm, rows[k]);
    }
out:
  /* fewer lines than before */
  while (next != NULL)
    {
      GtkWidget *label = next;

      next = gtk_widget_get_next_sibling (label);
      gtk_box_remove (self->summary_box, label);
    }
}

/* The components of the largest differences in arm A (at most
 * IMPACT_BARS), each with its difference in every arm that measured it. */
#define IMPACT_BARS 12

static void
impact_chart (TwLabResults *self,
              TwChart      *chart)
{
  GArray *rows[2] = { NULL, NULL };

  for (guint k = 0; k < self->n_arms; k++)
    rows[k] = tw_sim_impact_rows (self->arms[k]);
  if (rows[0] == NULL)
    {
      g_clear_pointer (&rows[1], g_array_unref);
      return;
    }
  for (guint i = 0; i < rows[0]->len && chart->bars->len < IMPACT_BARS; i++)
    {
      const TwSimImpactRow *row = &g_array_index (rows[0], TwSimImpactRow, i);
      const char *colon = strchr (row->id, ':');
      TwChartBar *bar;

      if (isnan (row->p))
        break;   /* the rest were not compared */
      bar = tw_chart_add_bar (chart, colon != NULL ? colon + 1 : row->id);
      for (guint k = 0; k < self->n_arms; k++)
        {
          bar->value[k] = bar->lo[k] = bar->hi[k] = NAN;
          for (guint j = 0; rows[k] != NULL && j < rows[k]->len; j++)
            {
              const TwSimImpactRow *other = &g_array_index (rows[k], TwSimImpactRow, j);

              if (g_str_equal (other->id, row->id) && !isnan (other->p))
                {
                  bar->value[k] = other->diff;
                  bar->lo[k] = other->lo;
                  bar->hi[k] = other->hi;
                  bar->marked |= other->significant;
                }
            }
        }
    }
  for (guint k = 0; k < 2; k++)
    g_clear_pointer (&rows[k], g_array_unref);
}

/* The table once the run has ended: rebuilding its rows a few times a
 * second would flood screen readers (and the accessibility bus). */
static void
update_table (TwLabResults *self)
{
  tw_impact_table_set_arm (TW_IMPACT_TABLE (self->impact_table),
                           tw_lab_results_has_results (self) && !self->running
                           ? self->arms[0] : NULL);
  gtk_widget_set_visible (self->impact_box,
                          g_list_model_get_n_items (tw_impact_table_get_model (
                            TW_IMPACT_TABLE (self->impact_table))) > 0);
}

/* The summary and the charts of the arms shown, and the table. */
static void
update (TwLabResults *self)
{
  g_autoptr(GArray) rows_a = NULL;
  g_autoptr(GArray) rows_b = NULL;
  g_autoptr(GArray) diffs = NULL;
  GArray *rows[2];
  const TwSimArm *a;
  guint n_series;

  for (guint c = 0; c < N_CHARTS; c++)
    g_clear_pointer (&self->charts[c], tw_chart_free);

  n_series = MAX (self->n_arms, 1);
  self->charts[CHART_WIN] = tw_chart_new (_("Win rate per seat, and games tied"), n_series);
  self->charts[CHART_WIN]->percent = TRUE;
  self->charts[CHART_WIN]->intervals = TRUE;
  self->charts[CHART_SCORE] = tw_chart_new (_("Mean score per seat"), n_series);
  self->charts[CHART_SCORE]->intervals = TRUE;
  self->charts[CHART_LENGTH] = tw_chart_new (_("Game length (moves)"), n_series);
  self->charts[CHART_COUNTERS] = tw_chart_new (_("Counters per game (own scales)"), n_series);
  self->charts[CHART_COUNTERS]->own_scales = TRUE;
  self->charts[CHART_COUNTERS]->intervals = TRUE;
  self->charts[CHART_IMPACT] = tw_chart_new (_("Components: users’ wins less others’"), n_series);
  self->charts[CHART_IMPACT]->intervals = TRUE;
  self->charts[CHART_IMPACT]->percent = TRUE;

  if (!tw_lab_results_has_results (self))
    {
      self->charts[CHART_SCORE_HIST] = tw_chart_new (_("Score distribution"), 1);
      update_summary (self, NULL, NULL);
      goto out;
    }

  a = self->arms[0];
  rows_a = tw_sim_summarize (a);
  if (self->n_arms == 2 && tw_sim_arm_n_games (self->arms[1]) > 0)
    {
      rows_b = tw_sim_summarize (self->arms[1]);
      diffs = tw_sim_compare (a, self->arms[1]);
    }
  rows[0] = rows_a;
  rows[1] = rows_b;
  if (self->n_arms == 2)
    for (guint c = 0; c < N_CHARTS; c++)
      if (c != CHART_SCORE_HIST)
        {
          self->charts[c]->series[0] = series_name (self, 0);
          self->charts[c]->series[1] = series_name (self, 1);
        }

  for (guint p = 0; p < a->n_players; p++)
    {
      g_autofree char *seat = seat_label (a, p);
      TwChartBar *win = tw_chart_add_bar (self->charts[CHART_WIN], seat);
      TwChartBar *score = tw_chart_add_bar (self->charts[CHART_SCORE], seat);

      for (guint k = 0; k < self->n_arms; k++)
        {
          tw_chart_bar_set_row (win, k, tw_sim_find_row (rows[k], TW_SIM_METRIC_WIN, p));
          tw_chart_bar_set_row (score, k, tw_sim_find_row (rows[k], TW_SIM_METRIC_SCORE, p));
        }
      win->marked = significant (diffs, TW_SIM_METRIC_WIN, p);
      score->marked = significant (diffs, TW_SIM_METRIC_SCORE, p);
    }
  {
    /* a tie for first shares the win between the seats, so the seats' bars
     * add up to 100 %: the games that ended in a tie get their own bar */
    /* Translators: the Lab's win chart: games with a tie for first */
    TwChartBar *ties = tw_chart_add_bar (self->charts[CHART_WIN], _("Tied"));

    for (guint k = 0; k < self->n_arms; k++)
      tw_chart_bar_set_row (ties, k, tw_sim_find_row (rows[k], TW_SIM_METRIC_TIE, 0));
    ties->marked = significant (diffs, TW_SIM_METRIC_TIE, 0);
  }
  for (guint c = 0; c < a->n_counters; c++)
    {
      TwChartBar *bar = tw_chart_add_bar (self->charts[CHART_COUNTERS], a->counter_names[c]);

      tw_chart_bar_set_row (bar, 0, tw_sim_find_row (rows[0], TW_SIM_METRIC_COUNTER, c));
      if (self->n_arms == 2)
        {
          const TwSimArm *b = self->arms[1];
          guint cb;

          for (cb = 0; cb < b->n_counters; cb++)
            if (g_str_equal (b->counter_names[cb], a->counter_names[c]))
              break;
          tw_chart_bar_set_row (bar, 1, cb < b->n_counters
                                    ? tw_sim_find_row (rows[1], TW_SIM_METRIC_COUNTER, cb) : NULL);
        }
      bar->marked = significant (diffs, TW_SIM_METRIC_COUNTER, c);
    }

  impact_chart (self, self->charts[CHART_IMPACT]);

  /* distributions: per seat for one run, per arm (seats pooled) for A/B;
   * from the games held or a streamed arm's histograms alike */
  {
    TwSimBin *bins[TW_CHART_MAX_SERIES] = { NULL, };
    guint n_bins[TW_CHART_MAX_SERIES] = { 0, };
    TwChart *hist;

    if (self->n_arms == 1)
      {
        hist = tw_chart_new (_("Score distribution (games per score)"), a->n_players);
        for (guint p = 0; p < a->n_players; p++)
          {
            hist->series[p] = seat_label (a, p);
            add_distribution (bins, n_bins, p, a, TW_SIM_METRIC_SCORE, p);
          }
      }
    else
      {
        hist = tw_chart_new (_("Score distribution (seats pooled)"), 2);
        for (guint k = 0; k < 2; k++)
          {
            const TwSimArm *arm = self->arms[k];

            hist->series[k] = b_is_definition (self) ? series_name (self, k)
                                                     : g_strdup (k == 0 ? "A" : "B");
            for (guint p = 0; p < arm->n_players; p++)
              add_distribution (bins, n_bins, k, arm, TW_SIM_METRIC_SCORE, p);
          }
      }
    histogram (hist, bins, n_bins);
    self->charts[CHART_SCORE_HIST] = hist;
    for (guint s = 0; s < TW_CHART_MAX_SERIES; s++)
      {
        g_clear_pointer (&bins[s], g_free);
        n_bins[s] = 0;
      }

    for (guint k = 0; k < self->n_arms; k++)
      add_distribution (bins, n_bins, k, self->arms[k], TW_SIM_METRIC_MOVES, 0);
    histogram (self->charts[CHART_LENGTH], bins, n_bins);
    for (guint s = 0; s < TW_CHART_MAX_SERIES; s++)
      g_clear_pointer (&bins[s], g_free);
  }
  update_summary (self, rows, diffs);

out:
  update_table (self);
  for (guint c = 0; c < N_CHARTS; c++)
    {
      tw_chart_view_set_chart (TW_CHART_VIEW (self->areas[c]), self->charts[c]);
      gtk_widget_set_visible (self->areas[c], (c != CHART_COUNTERS && c != CHART_IMPACT)
                                              || self->charts[c]->bars->len > 0
                                              || (c == CHART_COUNTERS
                                                  && !tw_lab_results_has_results (self)));
    }
}

/* ------------------------------------------------------------------------ */

static void
tw_lab_results_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TwLabResults *self = TW_LAB_RESULTS (object);

  switch (prop_id)
    {
    case PROP_NEGLIGIBLE:
      g_value_set_double (value, self->negligible);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_lab_results_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TwLabResults *self = TW_LAB_RESULTS (object);

  switch (prop_id)
    {
    case PROP_NEGLIGIBLE:
      tw_lab_results_set_negligible (self, g_value_get_double (value));
      break;
    case PROP_RUNNING:
      tw_lab_results_set_running (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_lab_results_dispose (GObject *object)
{
  TwLabResults *self = TW_LAB_RESULTS (object);

  /* the chart views borrow the charts: they go first */
  adw_bin_set_child (ADW_BIN (self), NULL);
  self->summary_box = NULL;
  memset (self->areas, 0, sizeof self->areas);
  self->impact_box = NULL;
  self->impact_table = NULL;
  G_OBJECT_CLASS (tw_lab_results_parent_class)->dispose (object);
}

static void
tw_lab_results_finalize (GObject *object)
{
  TwLabResults *self = TW_LAB_RESULTS (object);

  for (guint k = 0; k < 2; k++)
    g_clear_pointer (&self->arms[k], tw_sim_arm_free);
  for (guint c = 0; c < N_CHARTS; c++)
    g_clear_pointer (&self->charts[c], tw_chart_free);
  G_OBJECT_CLASS (tw_lab_results_parent_class)->finalize (object);
}

static void
tw_lab_results_class_init (TwLabResultsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tw_lab_results_get_property;
  object_class->set_property = tw_lab_results_set_property;
  object_class->dispose = tw_lab_results_dispose;
  object_class->finalize = tw_lab_results_finalize;

  /* the designer's threshold in the verdicts (the Lab's form sets it) */
  properties[PROP_NEGLIGIBLE] =
    g_param_spec_double ("negligible", NULL, NULL, 0, 100, 2,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* A drawing area for each chart, under the summary; the legend and the
 * components' table under them. */
static void
tw_lab_results_init (TwLabResults *self)
{
  static const char * const names[N_CHARTS] = {
    N_("Win rate per seat"), N_("Mean score per seat"), N_("Score distribution"),
    N_("Game length"), N_("Module counters"), N_("Components by impact"),
  };
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));

  self->negligible = 2;
  self->summary_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 2));
  gtk_box_append (box, GTK_WIDGET (self->summary_box));
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (box));

  for (guint c = 0; c < N_CHARTS; c++)
    {
      GtkWidget *area = tw_chart_view_new (_(names[c]), CHART_HEIGHT);

      gtk_box_append (box, area);
      self->areas[c] = area;
    }

  {
    /* what the charts' marks mean; not a format: "95 % i" is no directive */
    GtkWidget *legend = gtk_label_new (/* xgettext:no-c-format */
                                       _("Bars are means (shares in percent) and the lines "
                                         "through them their 95 % intervals. ★ in an A/B run: "
                                         "B differs from A, significant after Holm’s "
                                         "correction for the bars compared in that chart (the "
                                         "seats and ties, the seats’ scores, the counters, the components). The counters "
                                         "each have their own scale, with the mean written "
                                         "above the bar."));

    gtk_label_set_wrap (GTK_LABEL (legend), TRUE);
    gtk_label_set_xalign (GTK_LABEL (legend), 0);
    gtk_widget_add_css_class (legend, "dim-label");
    gtk_box_append (box, legend);
  }

  {
    GtkWidget *heading = gtk_label_new (_("Components by Impact"));
    GtkWidget *about = gtk_label_new (_("For each tile, piece or card that came into play: how "
                                        "often, its uses a game, and the win share of the seats "
                                        "that used it against the others’ in the same games. ★: "
                                        "a difference that stays significant after Holm’s "
                                        "correction for the number of components. A component "
                                        "that wins games is not always the cause: claiming a "
                                        "goal is scoring. An A/B run shows A’s."));

    self->impact_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_add_css_class (heading, "heading");
    gtk_label_set_xalign (GTK_LABEL (heading), 0);
    gtk_label_set_wrap (GTK_LABEL (about), TRUE);
    gtk_label_set_xalign (GTK_LABEL (about), 0);
    gtk_widget_add_css_class (about, "dim-label");
    self->impact_table = tw_impact_table_new ();
    gtk_box_append (GTK_BOX (self->impact_box), heading);
    gtk_box_append (GTK_BOX (self->impact_box), about);
    gtk_box_append (GTK_BOX (self->impact_box), self->impact_table);
    gtk_widget_set_visible (self->impact_box, FALSE);
    gtk_box_append (box, self->impact_box);
  }

  update (self);
}

GtkWidget *
tw_lab_results_new (void)
{
  return g_object_new (TW_TYPE_LAB_RESULTS, NULL);
}

/**
 * tw_lab_results_clear:
 * @self: the results
 *
 * Shows no results: the charts empty, no summary.
 */
void
tw_lab_results_clear (TwLabResults *self)
{
  g_return_if_fail (TW_IS_LAB_RESULTS (self));

  for (guint k = 0; k < 2; k++)
    g_clear_pointer (&self->arms[k], tw_sim_arm_free);
  self->n_arms = 0;
  update (self);
}

/**
 * tw_lab_results_add_chunks:
 * @self: the results
 * @a: (element-type TwSimArm): A's finished chunks, in the order played
 * @b: (element-type TwSimArm) (nullable): B's, as many, in an A/B run
 *
 * Adds the games of a run's chunks (borrowed) to the arms shown and shows
 * them again. Returns whether there were any.
 */
gboolean
tw_lab_results_add_chunks (TwLabResults *self,
                           GPtrArray    *a,
                           GPtrArray    *b)
{
  GPtrArray *chunks[2] = { a, b };
  guint n_arms = b != NULL ? 2 : 1;
  gboolean changed = FALSE;

  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), FALSE);
  g_return_val_if_fail (a != NULL, FALSE);

  for (guint k = 0; k < n_arms; k++)
    for (guint i = 0; i < chunks[k]->len; i++)
      {
        g_autoptr(GError) error = NULL;
        TwSimArm *chunk = g_ptr_array_index (chunks[k], i);

        if (self->arms[k] == NULL)
          self->arms[k] = tw_sim_arm_copy (chunk);
        else if (!tw_sim_arm_merge (self->arms[k], chunk, &error))
          g_critical ("merging simulation chunks: %s", error->message);
        changed = TRUE;
      }
  if (self->arms[0] != NULL)
    self->n_arms = n_arms;
  if (changed)
    update (self);
  return changed;
}

/**
 * tw_lab_results_take_arms:
 * @self: the results
 * @a: (transfer full): A's results
 * @b: (transfer full) (nullable): B's, in an A/B run
 *
 * Shows @a (and @b) instead of the arms shown, as a saved run holds them.
 */
void
tw_lab_results_take_arms (TwLabResults *self,
                          TwSimArm     *a,
                          TwSimArm     *b)
{
  g_return_if_fail (TW_IS_LAB_RESULTS (self));
  g_return_if_fail (a != NULL);

  for (guint k = 0; k < 2; k++)
    g_clear_pointer (&self->arms[k], tw_sim_arm_free);
  self->arms[0] = a;
  self->arms[1] = b;
  self->n_arms = b != NULL ? 2 : 1;
  update (self);
}

/* Whether any game is shown. */
gboolean
tw_lab_results_has_results (TwLabResults *self)
{
  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), FALSE);

  return self->n_arms > 0 && tw_sim_arm_n_games (self->arms[0]) > 0;
}

guint
tw_lab_results_get_n_arms (TwLabResults *self)
{
  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), 0);

  return self->n_arms;
}

const TwSimArm *
tw_lab_results_get_arm (TwLabResults *self,
                        guint         k)
{
  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), NULL);
  g_return_val_if_fail (k < self->n_arms, NULL);

  return self->arms[k];
}

/**
 * tw_lab_results_get_arms:
 * @self: the results
 *
 * Returns: (transfer container) (element-type TwSimArm): the arms shown,
 * borrowed, as tw_sim_games_csv() and tw_sim_to_json() take them.
 */
GPtrArray *
tw_lab_results_get_arms (TwLabResults *self)
{
  GPtrArray *arms;

  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), NULL);

  arms = g_ptr_array_new ();
  for (guint k = 0; k < self->n_arms; k++)
    g_ptr_array_add (arms, self->arms[k]);
  return arms;
}

/**
 * tw_lab_results_get_charts:
 * @self: the results
 *
 * Returns: (transfer container): the charts on screen (TwChart, borrowed
 * until the results change), top to bottom, for an export that draws each
 * TW_LAB_RESULTS_CHART_HEIGHT high.
 */
GPtrArray *
tw_lab_results_get_charts (TwLabResults *self)
{
  GPtrArray *charts;

  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), NULL);

  charts = g_ptr_array_new ();
  for (guint c = 0; c < N_CHARTS; c++)
    if (gtk_widget_get_visible (self->areas[c]))
      g_ptr_array_add (charts, self->charts[c]);
  return charts;
}

/**
 * tw_lab_results_set_running:
 * @self: the results
 * @running: whether the arms are a run's games so far
 *
 * While a run plays, the components' table stays empty; it is filled when
 * the run ends.
 */
void
tw_lab_results_set_running (TwLabResults *self,
                            gboolean      running)
{
  g_return_if_fail (TW_IS_LAB_RESULTS (self));

  running = !!running;
  if (running == self->running)
    return;
  self->running = running;
  update_table (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
tw_lab_results_get_running (TwLabResults *self)
{
  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), FALSE);

  return self->running;
}

/**
 * tw_lab_results_set_negligible:
 * @self: the results
 * @points: points of win rate below which a change is called negligible
 *
 * The verdicts say it again with the new threshold.
 */
void
tw_lab_results_set_negligible (TwLabResults *self,
                               double        points)
{
  g_return_if_fail (TW_IS_LAB_RESULTS (self));

  if (points == self->negligible)
    return;
  self->negligible = points;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NEGLIGIBLE]);
}

double
tw_lab_results_get_negligible (TwLabResults *self)
{
  g_return_val_if_fail (TW_IS_LAB_RESULTS (self), 2);

  return self->negligible;
}
