/* tw-sim-json.c: simulation results as JSON, written and read
 *
 * The writer lays the document out as it always has (one game a line) with
 * tw-json.h's number and string writer; the reader is json-glib's parser
 * through tw-json.h. Only the configuration and the games are read: the
 * summary and comparison are recomputed from them (merge, the Lab).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* ------------------------------------------------------------------------ */
/* JSON out                                                                 */

static void
json_stats (GString          *out,
            const TwSimStats *s)
{
  const struct { const char *key; double value; } fields[] = {
    { "mean", s->mean }, { "sd", s->sd }, { "min", s->min }, { "q25", s->q25 },
    { "median", s->median }, { "q75", s->q75 }, { "max", s->max }, { "sum", s->sum },
    { "sum_sq", s->sum_sq },
  };

  g_string_append_printf (out, "\"n\": %" G_GUINT64_FORMAT, s->n);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_string_append_printf (out, ", \"%s\": ", fields[i].key);
      tw_json_append_number (out, fields[i].value, 17);
    }
}

static gboolean
metric_has_seat (const TwSimMetric *m)
{
  return m->kind == TW_SIM_METRIC_WIN || m->kind == TW_SIM_METRIC_SCORE
         || m->kind == TW_SIM_METRIC_ADVANTAGE;
}

static void
json_metric (GString           *out,
             const char        *name,
             const TwSimMetric *m)
{
  g_string_append (out, "\"metric\": ");
  tw_json_append_string (out, m->kind == TW_SIM_METRIC_COUNTER ? "counter"
                             : m->kind == TW_SIM_METRIC_END ? "end" : name);
  if (m->kind == TW_SIM_METRIC_COUNTER || m->kind == TW_SIM_METRIC_END)
    {
      g_string_append_printf (out, ", \"%s\": ", m->kind == TW_SIM_METRIC_END ? "end" : "counter");
      tw_json_append_string (out, name);
    }
  if (metric_has_seat (m))
    g_string_append_printf (out, ", \"seat\": %u", m->index + 1);
}

/* "impact": per component, in the arm's order, the sums that merge reads
 * back and, for readers, the figures of tw_sim_impact_rows(). */
static void
json_impact (GString        *out,
             const TwSimArm *arm)
{
  g_autoptr(GArray) rows = tw_sim_impact_rows (arm);
  g_autofree const TwSimImpactRow **by_component = g_new0 (const TwSimImpactRow *,
                                                           MAX (arm->n_components, 1));

  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimImpactRow *row = &g_array_index (rows, TwSimImpactRow, i);
      by_component[row->component] = row;
    }
  g_string_append (out, "\n      \"impact\": [");
  for (guint c = 0; c < arm->n_components; c++)
    {
      const TwSimImpact *x = &arm->impact[c];
      const TwSimImpactRow *row = by_component[c];

      g_string_append (out, c > 0 ? ",\n        {\"component\": " : "\n        {\"component\": ");
      tw_json_append_string (out, arm->component_ids[c]);
      g_string_append_printf (out, ", \"games\": %" G_GUINT64_FORMAT ", \"uses\": %" G_GUINT64_FORMAT
                              ", \"users\": %" G_GUINT64_FORMAT ", \"win_users\": %" G_GUINT64_FORMAT
                              ", \"win2_users\": %" G_GUINT64_FORMAT ", \"win_all\": %" G_GUINT64_FORMAT
                              ", \"win2_all\": %" G_GUINT64_FORMAT,
                              x->games, x->uses, x->users, x->win_users, x->win2_users,
                              x->win_all, x->win2_all);
      if (row != NULL)
        {
          const struct { const char *name; double value; } figures[] = {
            { "appeared", row->appeared }, { "uses_per_game", row->uses },
            { "win_share_users", row->win_users }, { "win_share_others", row->win_others },
            { "diff", row->diff }, { "lo", row->lo }, { "hi", row->hi },
            { "p", row->p }, { "p_holm", row->p_holm },
          };

          for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
            {
              g_string_append_printf (out, ", \"%s\": ", figures[f].name);
              tw_json_append_number (out, figures[f].value, 17);
            }
          g_string_append_printf (out, ", \"significant\": %s", row->significant ? "true" : "false");
        }
      g_string_append_c (out, '}');
    }
  g_string_append (out, "\n      ],");
}

/* An exact sum as its carried digits, those not 0: [[K, DIGIT], …] for
 * Σ DIGIT 2^(32 K - 1152), the digits of a negative sum all negative. */
static void
json_exact (GString          *out,
            const TwSimExact *e)
{
  TwSimExact n = *e;
  gboolean any = FALSE, negative;

  tw_sim_exact_normalize (&n);
  negative = n.d[TW_SIM_EXACT_DIGITS - 1] < 0;
  /* a negative sum: the digits of its magnitude, negated */
  if (negative)
    {
      tw_sim_exact_negate (&n);
      for (guint k = 0; k < TW_SIM_EXACT_DIGITS; k++)
        n.d[k] = -n.d[k];
    }
  g_string_append_c (out, '[');
  for (guint k = 0; k < TW_SIM_EXACT_DIGITS; k++)
    if (n.d[k] != 0)
      {
        g_string_append_printf (out, "%s[%u, %" G_GINT64_FORMAT "]", any ? ", " : "", k, n.d[k]);
        any = TRUE;
      }
  g_string_append_c (out, ']');
}

/* "accumulator": what a run that kept no games knows of them
 * (tw-sim-acc.c), so that merge gives the figures of one run. */
static void
json_acc (GString        *out,
          const TwSimArm *arm)
{
  const TwSimAcc *acc = arm->acc;

  g_string_append (out, "\n      \"accumulator\": {\n        \"ranges\": [");
  for (guint i = 0; i < acc->ranges->len; i++)
    {
      const TwSimRange *r = &g_array_index (acc->ranges, TwSimRange, i);

      g_string_append_printf (out, "%s[%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "]",
                              i > 0 ? ", " : "", r->first, r->last);
    }
  g_string_append (out, "],\n        \"histograms\": [");
  for (guint i = 0; i < acc->n_metrics; i++)
    {
      g_autofree char *name = tw_sim_metric_name (arm, &acc->metrics[i]);
      g_autofree TwSimBin *bins = NULL;
      guint n_bins;

      g_string_append (out, i > 0 ? ",\n          {" : "\n          {");
      json_metric (out, name, &acc->metrics[i]);
      g_string_append (out, ", \"values\": [");
      bins = tw_sim_hist_bins (&acc->hist[i], &n_bins);
      for (guint b = 0; b < n_bins; b++)
        {
          g_string_append (out, b > 0 ? ", [" : "[");
          tw_json_append_number (out, bins[b].value, 17);
          g_string_append_printf (out, ", %" G_GUINT64_FORMAT "]", bins[b].count);
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "\n        ],\n        \"pairs\": ");
  if (acc->pair_sum == NULL)
    g_string_append (out, "null");
  else
    {
      g_string_append_printf (out, "{\"games\": %" G_GUINT64_FORMAT ", \"sums\": [", acc->n_pairs);
      for (guint i = 0; i < acc->n_pair_metrics; i++)
        {
          g_string_append (out, i > 0 ? ",\n          {\"sum\": " : "\n          {\"sum\": ");
          json_exact (out, &acc->pair_sum[i]);
          g_string_append (out, ", \"sum_sq\": ");
          json_exact (out, &acc->pair_sum_sq[i]);
          g_string_append_c (out, '}');
        }
      g_string_append (out, "\n        ]}");
    }
  g_string_append (out, "\n      }\n    }");
}

static void
json_arm (GString        *out,
          const TwSimArm *arm)
{
  g_autoptr(GArray) rows = tw_sim_summarize (arm);

  g_string_append (out, "    {\n      \"label\": ");
  tw_json_append_string (out, arm->label);
  g_string_append (out, ",\n      \"change\": ");
  tw_json_append_string (out, arm->change);
  g_string_append (out, ",\n      \"rules\": ");
  tw_json_append_string (out, arm->rules_id);
  g_string_append (out, ",\n      \"definition\": ");
  tw_json_append_string (out, arm->definition);
  g_string_append (out, ",\n      \"definition_sha256\": ");
  tw_json_append_string (out, arm->definition_sha256);
  g_string_append (out, ",\n      \"path\": ");
  tw_json_append_string (out, arm->path);
  g_string_append_printf (out, ",\n      \"players\": %u,\n      \"bots\": ", arm->n_players);
  tw_json_append_strv (out, arm->bots);
  g_string_append (out, ",\n      \"options\": ");
  tw_json_append_strv (out, arm->options);
  /* 64-bit seeds as strings: many JSON readers keep only 53 bits of a number */
  g_string_append_printf (out, ",\n      \"seed\": \"%" G_GUINT64_FORMAT "\","
                          "\n      \"games_total\": %" G_GUINT64_FORMAT ","
                          "\n      \"games_played\": %" G_GUINT64_FORMAT ",\n      \"counter_names\": ",
                          arm->seed, arm->total_games, tw_sim_arm_n_games (arm));
  tw_json_append_strv (out, arm->counter_names);
  g_string_append (out, ",\n      \"end_reasons\": ");
  tw_json_append_strv (out, arm->end_reasons);

  g_string_append (out, ",\n      \"summary\": [");
  for (guint i = 0; i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);

      g_string_append (out, i > 0 ? ",\n        {" : "\n        {");
      json_metric (out, row->name, &row->metric);
      g_string_append (out, ", ");
      json_stats (out, &row->stats);
      g_string_append (out, ", \"lo\": ");
      tw_json_append_number (out, row->lo, 17);
      g_string_append (out, ", \"hi\": ");
      tw_json_append_number (out, row->hi, 17);
      g_string_append (out, "}");
    }
  g_string_append (out, "\n      ],");
  if (arm->impact != NULL)
    json_impact (out, arm);
  if (arm->games == NULL)
    {
      json_acc (out, arm);
      return;
    }
  g_string_append (out, "\n      \"games\": [");
  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);

      g_string_append_printf (out, "%s\n        {\"game\": %" G_GUINT64_FORMAT ", "
                              "\"seed\": \"%" G_GUINT64_FORMAT "\", \"moves\": %u, \"scores\": [",
                              i > 0 ? "," : "", g->index, g->seed, g->moves);
      for (guint p = 0; p < arm->n_players; p++)
        {
          if (p > 0)
            g_string_append (out, ", ");
          tw_json_append_number (out, g->score[p], 17);
        }
      g_string_append (out, "], \"ranks\": [");
      for (guint p = 0; p < arm->n_players; p++)
        g_string_append_printf (out, "%s%u", p > 0 ? ", " : "", g->rank[p]);
      g_string_append (out, "], \"counters\": [");
      for (guint c = 0; c < arm->n_counters; c++)
        g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, c > 0 ? ", " : "", g->counters[c]);
      g_string_append_c (out, ']');
      if (arm->end_reasons[0] != NULL)
        g_string_append_printf (out, ", \"end\": %u", g->end_reason);
      if (arm->has_play)
        g_string_append_printf (out, ", \"lead_changes\": %u, \"decided\": %u, \"comeback\": %u, "
                                "\"forced\": %u, \"legal\": %" G_GUINT64_FORMAT,
                                g->lead_changes, g->decided, g->comeback, g->forced, g->legal);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "\n      ]\n    }");
}

/**
 * tw_sim_to_json:
 * @arms: (element-type TwSimArm): one arm, or two for a comparison (A, B)
 * @out: where to append the document
 *
 * The summary and comparison in it are for readers; tw_sim_from_json() reads
 * only the configuration and the games and recomputes the rest.
 */
void
tw_sim_to_json (GPtrArray *arms,
                GString   *out)
{
  gboolean interrupted = FALSE;

  for (guint i = 0; i < arms->len; i++)
    interrupted |= ((const TwSimArm *) g_ptr_array_index (arms, i))->interrupted;
  g_string_append (out, "{\n  \"format\": \"tilewright-simulation\",\n  \"version\": 1,\n");
  /* only when set, so that a whole run's document is what it always was */
  if (interrupted)
    g_string_append (out, "  \"interrupted\": true,\n");
  g_string_append (out, "  \"arms\": [\n");
  for (guint i = 0; i < arms->len; i++)
    {
      if (i > 0)
        g_string_append (out, ",\n");
      json_arm (out, g_ptr_array_index (arms, i));
    }
  g_string_append (out, "\n  ],\n  \"comparison\": [");
  if (arms->len == 2)
    {
      g_autoptr(GArray) diffs = tw_sim_compare (g_ptr_array_index (arms, 0),
                                                g_ptr_array_index (arms, 1));

      for (guint i = 0; i < diffs->len; i++)
        {
          const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);

          g_string_append (out, i > 0 ? ",\n    {" : "\n    {");
          json_metric (out, d->name, &d->metric);
          g_string_append (out, ", \"a\": ");
          tw_json_append_number (out, d->mean_a, 17);
          g_string_append (out, ", \"b\": ");
          tw_json_append_number (out, d->mean_b, 17);
          g_string_append (out, ", \"diff\": ");
          tw_json_append_number (out, d->diff, 17);
          g_string_append (out, ", \"lo\": ");
          tw_json_append_number (out, d->lo, 17);
          g_string_append (out, ", \"hi\": ");
          tw_json_append_number (out, d->hi, 17);
          g_string_append_printf (out, ", \"n\": %" G_GUINT64_FORMAT ", \"paired\": %s, "
                                  "\"significant\": %s}", d->n,
                                  d->paired ? "true" : "false",
                                  d->significant ? "true" : "false");
        }
      g_string_append (out, "\n  ");
    }
  g_string_append (out, "]\n}\n");
}

/* ------------------------------------------------------------------------ */
/* JSON in                                                                  */

static gboolean
get_string (JsonNode    *object,
            const char  *key,
            gboolean     nullable,
            char       **out)
{
  JsonNode *node = tw_json_member (object, key);
  const char *text = tw_json_string (node);

  *out = g_strdup (text);
  if (text != NULL)
    return g_utf8_validate (text, -1, NULL);
  return nullable && (node == NULL || tw_json_is_null (node));
}

static gboolean
get_strv (JsonNode     *object,
          const char   *key,
          char       ***out)
{
  *out = tw_json_strv (tw_json_member (object, key));
  for (guint i = 0; *out != NULL && (*out)[i] != NULL; i++)
    if (!g_utf8_validate ((*out)[i], -1, NULL))
      return FALSE;
  return *out != NULL;
}

/* 64 lower-case hex digits */
static gboolean
is_sha256 (const char *text)
{
  if (text == NULL || strlen (text) != 64)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isxdigit (*p) || g_ascii_isupper (*p))
      return FALSE;
  return TRUE;
}

/* A whole number written as a number (ranks, counters). */
static gboolean
number_u64 (JsonNode *node,
            guint64   max,
            guint64  *out)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_INT64
         && tw_json_u64 (node, 0, max, out);
}

/* A list of @n items, or NULL. */
static JsonArray *
list_of (JsonNode *node,
         guint     n)
{
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (json_node_get_array (node)) != n)
    return NULL;
  return json_node_get_array (node);
}

/* Reads one game of @arm; returns NULL, or what is wrong with it. A game
 * must be one the run can have played: an index within the run, a rank per
 * seat below the number of players and finite scores (and, checked by the
 * caller, the seed the run gives that index), so that forged or damaged
 * results are not summarized. */
static char *
game_from_json (JsonNode        *item,
                const TwSimArm  *arm,
                TwSimGame       *g,
                gboolean        *has_play)
{
  JsonArray *scores = list_of (tw_json_member (item, "scores"), arm->n_players);
  JsonArray *ranks = list_of (tw_json_member (item, "ranks"), arm->n_players);
  JsonArray *counters = list_of (tw_json_member (item, "counters"), arm->n_counters);
  guint64 v;

  if (!tw_json_u64 (tw_json_member (item, "game"), 0, G_MAXUINT64, &g->index))
    return g_strdup (_("“game” is missing or wrong"));
  if (g->index >= arm->total_games)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "game %llu is not one of the %llu game",
                                         "game %llu is not one of the %llu games",
                                         arm->total_games),
                            (unsigned long long) g->index, (unsigned long long) arm->total_games);
  if (!tw_json_u64 (tw_json_member (item, "seed"), 0, G_MAXUINT64, &g->seed))
    return g_strdup (_("“seed” is missing or wrong"));
  if (!tw_json_u64 (tw_json_member (item, "moves"), 0, G_MAXUINT32, &v))
    return g_strdup (_("“moves” is missing or wrong"));
  if (scores == NULL || ranks == NULL || counters == NULL)
    return g_strdup (_("“scores”, “ranks” or “counters” is missing or has the wrong length"));
  g->moves = (guint32) v;
  for (guint p = 0; p < arm->n_players; p++)
    {
      if (!tw_json_double (json_array_get_element (scores, p), &g->score[p])
          || !isfinite (g->score[p]))
        return g_strdup (_("a score is not a finite number"));
      if (!number_u64 (json_array_get_element (ranks, p), arm->n_players - 1, &v))
        return g_strdup (_("a rank is not a whole number below the number of players"));
      g->rank[p] = (guint8) v;
    }
  for (guint c = 0; c < arm->n_counters; c++)
    if (!number_u64 (json_array_get_element (counters, c), G_MAXUINT64, &g->counters[c]))
      return g_strdup (_("a counter is not a whole number"));
  if (arm->end_reasons[0] != NULL)
    {
      if (!number_u64 (tw_json_member (item, "end"), g_strv_length (arm->end_reasons) - 1, &v))
        return g_strdup (_("“end” is missing or not one of the end reasons"));
      g->end_reason = (guint8) v;
    }
  /* how the game went: in results written since games carried it */
  if (tw_json_member (item, "lead_changes") == NULL)
    {
      *has_play = FALSE;
      return NULL;
    }
  if (!number_u64 (tw_json_member (item, "lead_changes"), g->moves, &v))
    return g_strdup (_("“lead_changes” is not a whole number up to the moves"));
  g->lead_changes = (guint32) v;
  if (!number_u64 (tw_json_member (item, "decided"), g->moves, &v))
    return g_strdup (_("“decided” is not a whole number up to the moves"));
  g->decided = (guint32) v;
  if (!number_u64 (tw_json_member (item, "comeback"), 1, &v))
    return g_strdup (_("“comeback” is not 0 or 1"));
  g->comeback = (guint8) v;
  if (!number_u64 (tw_json_member (item, "forced"), g->moves, &v))
    return g_strdup (_("“forced” is not a whole number up to the moves"));
  g->forced = (guint32) v;
  if (!number_u64 (tw_json_member (item, "legal"), G_MAXUINT64, &g->legal))
    return g_strdup (_("“legal” is not a whole number"));
  return NULL;
}

/* An exact sum written by json_exact(); FALSE when it is not one. */
static gboolean
exact_from_json (JsonNode   *node,
                 TwSimExact *e)
{
  JsonArray *list;
  guint n;

  memset (e, 0, sizeof *e);
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  list = json_node_get_array (node);
  n = json_array_get_length (list);
  for (guint i = 0; i < n; i++)
    {
      JsonArray *pair = list_of (json_array_get_element (list, i), 2);
      JsonNode *value = pair != NULL ? json_array_get_element (pair, 1) : NULL;
      guint64 k;
      gint64 d;

      if (pair == NULL || !number_u64 (json_array_get_element (pair, 0), TW_SIM_EXACT_DIGITS - 1, &k)
          || !JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_INT64)
        return FALSE;
      d = json_node_get_int (value);
      /* carried digits: under 2^32 either way */
      if (d <= -(G_GINT64_CONSTANT (1) << 32) || d >= (G_GINT64_CONSTANT (1) << 32))
        return FALSE;
      e->d[k] = d;
    }
  return TRUE;
}

/* Reads the "accumulator" of @arm, a run that kept no games; NULL, or what
 * is wrong with it. Its figures must be ones games can have made: every
 * histogram counts the games of the ranges, which lie in the run. */
static char *
acc_from_json (JsonNode *node,
               TwSimArm *arm)
{
  g_autoptr(TwSimAcc) acc = NULL;
  JsonArray *ranges, *hists;
  JsonNode *pairs;
  guint64 n = 0;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return g_strdup (_("“accumulator” is missing or wrong"));
  acc = tw_sim_acc_new (arm);
  ranges = tw_json_member (node, "ranges") != NULL
           && JSON_NODE_HOLDS_ARRAY (tw_json_member (node, "ranges"))
           ? json_node_get_array (tw_json_member (node, "ranges")) : NULL;
  for (guint i = 0; ranges != NULL && i < json_array_get_length (ranges); i++)
    {
      JsonArray *r = list_of (json_array_get_element (ranges, i), 2);
      guint64 first, last;

      if (r == NULL || !number_u64 (json_array_get_element (r, 0), arm->total_games, &first)
          || !number_u64 (json_array_get_element (r, 1), arm->total_games, &last)
          || first >= last || !tw_sim_ranges_add (acc->ranges, first, last, NULL))
        return g_strdup (_("“ranges” are not disjoint game indexes of the run"));
      n += last - first;
    }
  hists = list_of (tw_json_member (node, "histograms"), acc->n_metrics);
  if (ranges == NULL || hists == NULL)
    return g_strdup (_("“ranges” or “histograms” is missing or has the wrong length"));
  acc->n = n;
  for (guint i = 0; i < acc->n_metrics; i++)
    {
      JsonNode *item = json_array_get_element (hists, i);
      JsonNode *values = JSON_NODE_HOLDS_OBJECT (item) ? tw_json_member (item, "values") : NULL;
      JsonArray *list = values != NULL && JSON_NODE_HOLDS_ARRAY (values)
                        ? json_node_get_array (values) : NULL;
      guint64 total = 0;

      for (guint b = 0; list != NULL && b < json_array_get_length (list); b++)
        {
          JsonArray *bin = list_of (json_array_get_element (list, b), 2);
          double value;
          guint64 count;

          if (bin == NULL || !tw_json_double (json_array_get_element (bin, 0), &value)
              || !isfinite (value)
              || !number_u64 (json_array_get_element (bin, 1), n - total, &count) || count == 0)
            {
              list = NULL;
              break;
            }
          total += count;
          tw_sim_acc_add_value (acc, i, value, count);
        }
      if (list == NULL || total != n)
        return g_strdup_printf (_("histogram %u does not count the games of the ranges"), i + 1);
    }
  pairs = tw_json_member (node, "pairs");
  if (pairs != NULL && !tw_json_is_null (pairs))
    {
      JsonArray *sums = JSON_NODE_HOLDS_OBJECT (pairs)
                        && tw_json_member (pairs, "sums") != NULL
                        && JSON_NODE_HOLDS_ARRAY (tw_json_member (pairs, "sums"))
                        ? json_node_get_array (tw_json_member (pairs, "sums")) : NULL;
      guint m = sums != NULL ? json_array_get_length (sums) : 0;

      acc->n_pair_metrics = m;
      acc->pair_sum = g_new0 (TwSimExact, MAX (m, 1));
      acc->pair_sum_sq = g_new0 (TwSimExact, MAX (m, 1));
      if (sums == NULL || m > 4096
          || !number_u64 (tw_json_member (pairs, "games"), n, &acc->n_pairs))
        return g_strdup (_("“pairs” is wrong"));
      for (guint i = 0; i < m; i++)
        {
          JsonNode *item = json_array_get_element (sums, i);

          if (!JSON_NODE_HOLDS_OBJECT (item)
              || !exact_from_json (tw_json_member (item, "sum"), &acc->pair_sum[i])
              || !exact_from_json (tw_json_member (item, "sum_sq"), &acc->pair_sum_sq[i]))
            return g_strdup (_("“pairs” is wrong"));
        }
    }
  arm->acc = g_steal_pointer (&acc);
  return NULL;
}

/* Reads the optional "impact" of @arm, whose games are read; FALSE when it
 * is there but wrong: every sum must be one the games can have made. */
static gboolean
impact_from_json (JsonNode *node,
                  TwSimArm *arm)
{
  JsonArray *list;
  guint n;
  GPtrArray *ids;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  list = json_node_get_array (node);
  n = json_array_get_length (list);
  if (n > 65536)
    return FALSE;
  ids = g_ptr_array_new_with_free_func (g_free);
  arm->impact = g_new0 (TwSimImpact, MAX (n, 1));
  arm->n_components = n;
  for (guint c = 0; c < n; c++)
    {
      JsonNode *item = json_array_get_element (list, c);
      TwSimImpact *x = &arm->impact[c];
      const char *id = JSON_NODE_HOLDS_OBJECT (item) ? tw_json_string (tw_json_member (item, "component")) : NULL;
      guint64 seat_games;

      if (id == NULL
          || !number_u64 (tw_json_member (item, "games"), tw_sim_arm_n_games (arm), &x->games)
          || !number_u64 (tw_json_member (item, "uses"), G_MAXUINT64, &x->uses)
          || (seat_games = x->games * arm->n_players,
              !number_u64 (tw_json_member (item, "users"), seat_games, &x->users))
          || !number_u64 (tw_json_member (item, "win_all"), x->games * TW_SIM_WIN_UNIT, &x->win_all)
          || !number_u64 (tw_json_member (item, "win2_all"), x->win_all * TW_SIM_WIN_UNIT,
                          &x->win2_all)
          || !number_u64 (tw_json_member (item, "win_users"), x->win_all, &x->win_users)
          || !number_u64 (tw_json_member (item, "win2_users"), x->win2_all, &x->win2_users))
        {
          g_ptr_array_free (ids, TRUE);
          tw_sim_arm_drop_impact (arm);
          return FALSE;
        }
      g_ptr_array_add (ids, g_strdup (id));
    }
  g_ptr_array_add (ids, NULL);
  arm->component_ids = (char **) g_ptr_array_free (ids, FALSE);
  return TRUE;
}

/**
 * tw_sim_arm_from_json:
 * @object: one item of "arms"
 * @arm_index: its index, for messages
 * @out: (out) (transfer full): the arm
 * @error: TW_SIM_ERROR_PARSE naming the arm and the member at fault
 *
 * Reads the configuration and the games of one arm.
 */
/* Games read per batch from the text, so that the tree of no more than this
 * many is held at once. */
#define GAMES_PER_BATCH 1024

/* Reads the games of @arm from @text at @spans (tw_json_cut_items()): a batch
 * of them at a time as the list "[GAME, GAME, …]", so that merge needs
 * memory for its output and one batch, not for a tree of the whole file. */
static gboolean
games_from_spans (TwSimArm    *arm,
                  guint        arm_index,
                  const char  *text,
                  GArray      *spans,
                  GError     **error)
{
  gsize at = 0;            /* where line and column were counted to */
  guint line = 1, column = 1;

  for (guint first = 0; first < spans->len; first += GAMES_PER_BATCH)
    {
      guint last = MIN (first + GAMES_PER_BATCH, spans->len);
      const TwJsonSpan *a = &g_array_index (spans, TwJsonSpan, first);
      const TwJsonSpan *b = &g_array_index (spans, TwJsonSpan, last - 1);
      g_autoptr(GString) batch = g_string_sized_new (b->end - a->start + 2);
      g_autoptr(TwJsonDoc) doc = NULL;
      g_autoptr(GError) batch_error = NULL;
      JsonNode *root;

      for (; at < a->start; at++)
        if (text[at] == '\n')
          line++, column = 1;
        else if (((guchar) text[at] & 0xc0) != 0x80)
          column++;
      g_string_append_c (batch, '[');
      g_string_append_len (batch, text + a->start, b->end - a->start);
      g_string_append_c (batch, ']');
      /* the "[" stands just before the first game */
      doc = tw_json_doc_parse_at (batch->str, batch->len, line, column > 1 ? column - 1 : 1, 0,
                                  TW_SIM_ERROR, TW_SIM_ERROR_PARSE, &batch_error);
      if (doc == NULL)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE, _("%s (arm %u, game entry %u or "
                         "after)"), batch_error->message, arm_index + 1, first + 1);
          return FALSE;
        }
      root = tw_json_doc_root (doc);
      if (!JSON_NODE_HOLDS_ARRAY (root)
          || json_array_get_length (json_node_get_array (root)) != last - first)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                       _("arm %u: “games” is missing or wrong"), arm_index + 1);
          return FALSE;
        }
      for (guint i = first; i < last; i++)
        {
          g_autofree char *wrong = game_from_json (json_array_get_element (json_node_get_array (root),
                                                                           i - first),
                                                   arm, &g_array_index (arm->games, TwSimGame, i),
                                                   &arm->has_play);

          if (wrong != NULL)
            {
              g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           _("arm %u: game entry %u: %s"), arm_index + 1, i + 1, wrong);
              return FALSE;
            }
        }
    }
  return TRUE;
}

gboolean
tw_sim_arm_from_json (JsonNode     *object,
                      guint         arm_index,
                      const char   *text,
                      GArray       *spans,
                      TwSimArm    **out,
                      GError      **error)
{
  g_autoptr(TwSimArm) arm = g_new0 (TwSimArm, 1);
  JsonNode *games = tw_json_member (object, "games");
  JsonNode *acc = tw_json_member (object, "accumulator");
  JsonArray *list;
  guint64 v;
  const char *bad = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (object))
    bad = "arm";
  else if (!get_string (object, "label", TRUE, &arm->label))
    bad = "label";
  else if (!get_string (object, "change", TRUE, &arm->change))
    bad = "change";
  else if (!get_string (object, "rules", FALSE, &arm->rules_id))
    bad = "rules";
  else if (!get_string (object, "definition", FALSE, &arm->definition))
    bad = "definition";
  else if (!get_string (object, "definition_sha256", TRUE, &arm->definition_sha256)
           || (arm->definition_sha256 != NULL && !is_sha256 (arm->definition_sha256)))
    bad = "definition_sha256";
  else if (!get_string (object, "path", TRUE, &arm->path))
    bad = "path";
  else if (!tw_json_u64 (tw_json_member (object, "players"), 1, TW_MAX_PLAYERS, &v))
    bad = "players";
  else if ((arm->n_players = (guint) v, !get_strv (object, "bots", &arm->bots))
           || g_strv_length (arm->bots) != arm->n_players)
    bad = "bots";
  else if (!get_strv (object, "options", &arm->options))
    bad = "options";
  else if (!tw_json_u64 (tw_json_member (object, "seed"), 0, G_MAXUINT64, &arm->seed))
    bad = "seed";
  else if (!tw_json_u64 (tw_json_member (object, "games_total"), 1, G_MAXUINT64,
                         &arm->total_games))
    bad = "games_total";
  else if (!get_strv (object, "counter_names", &arm->counter_names)
           || g_strv_length (arm->counter_names) > TW_SIM_MAX_COUNTERS)
    bad = "counter_names";
  else if (games != NULL ? !JSON_NODE_HOLDS_ARRAY (games) : acc == NULL)
    bad = "games";
  if (bad != NULL)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                   _("arm %u: “%s” is missing or wrong"), arm_index + 1, bad);
      return FALSE;
    }
  arm->n_counters = g_strv_length (arm->counter_names);
  /* results written before end reasons were kept have none */
  if (tw_json_member (object, "end_reasons") == NULL)
    arm->end_reasons = g_new0 (char *, 1);
  else if (!get_strv (object, "end_reasons", &arm->end_reasons)
           || g_strv_length (arm->end_reasons) > 255)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                   _("arm %u: “end_reasons” is missing or wrong"), arm_index + 1);
      return FALSE;
    }
  arm->has_play = TRUE;

  /* a run that kept no games: its sums */
  if (games == NULL)
    {
      g_autofree char *wrong = acc_from_json (acc, arm);

      if (wrong != NULL)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE, _("arm %u: %s"), arm_index + 1,
                       wrong);
          return FALSE;
        }
      if (!impact_from_json (tw_json_member (object, "impact"), arm))
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                       _("arm %u: “impact” is wrong"), arm_index + 1);
          return FALSE;
        }
      *out = g_steal_pointer (&arm);
      return TRUE;
    }

  arm->games = g_array_new (FALSE, TRUE, sizeof (TwSimGame));
  list = json_node_get_array (games);
  g_array_set_size (arm->games, json_array_get_length (list));
  if (spans != NULL && spans->len != arm->games->len)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                   _("arm %u: “games” is missing or wrong"), arm_index + 1);
      return FALSE;
    }
  if (spans != NULL && !games_from_spans (arm, arm_index, text, spans, error))
    return FALSE;
  for (guint i = 0; spans == NULL && i < arm->games->len; i++)
    {
      g_autofree char *wrong = game_from_json (json_array_get_element (list, i), arm,
                                               &g_array_index (arm->games, TwSimGame, i),
                                               &arm->has_play);

      if (wrong != NULL)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                       _("arm %u: game entry %u: %s"), arm_index + 1, i + 1, wrong);
          return FALSE;
        }
    }
  g_array_sort (arm->games, tw_sim_compare_game_index);
  for (guint i = 1; i < arm->games->len; i++)
    if (g_array_index (arm->games, TwSimGame, i).index
        == g_array_index (arm->games, TwSimGame, i - 1).index)
      {
        g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                     _("arm %u: game %llu appears twice"), arm_index + 1,
                     (unsigned long long) g_array_index (arm->games, TwSimGame, i).index);
        return FALSE;
      }
  if (!impact_from_json (tw_json_member (object, "impact"), arm))
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                   _("arm %u: “impact” is wrong"), arm_index + 1);
      return FALSE;
    }
  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);

      if (g->seed != tw_sim_game_seed (arm->seed, g->index))
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                       _("arm %u: game %llu: its seed is not the one the run's seed gives it"),
                       arm_index + 1, (unsigned long long) g->index);
          return FALSE;
        }
    }
  *out = g_steal_pointer (&arm);
  return TRUE;
}

/**
 * tw_sim_from_json:
 * @text: a document written by tw_sim_to_json()
 * @len: its length, or -1 when nul-terminated
 * @arms: (element-type TwSimArm): where the arms are appended
 * @error: TW_SIM_ERROR_PARSE with line:column or the field at fault
 *
 * Reads the configuration and the games; "interrupted" and the summary are
 * not read (merge recomputes the summary, and merged shards are whole runs).
 */
gboolean
tw_sim_from_json (const char  *text,
                  gsize        len,
                  GPtrArray   *arms,
                  GError     **error)
{
  g_autoptr(GPtrArray) spans = NULL;
  /* the games apart: a tree of the whole file would take some 20 times its size */
  g_autofree char *cut = tw_json_cut_items (text, len, "arms", "games", &spans);
  g_autoptr(TwJsonDoc) doc = NULL;
  g_autoptr(GPtrArray) parsed = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  const char *format;
  JsonNode *root, *list;
  guint n;

  doc = tw_json_doc_parse (cut != NULL ? cut : text, len, 0, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           error);
  if (doc == NULL)
    return FALSE;
  root = tw_json_doc_root (doc);
  format = tw_json_string (tw_json_member (root, "format"));
  if (format == NULL || !g_str_equal (format, "tilewright-simulation"))
    {
      g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           _("not simulation results (no “format”: “tilewright-simulation”; "
                             "write them with simulate --format json)"));
      return FALSE;
    }
  list = tw_json_member (root, "arms");
  n = list != NULL && JSON_NODE_HOLDS_ARRAY (list)
      ? json_array_get_length (json_node_get_array (list)) : 0;
  if (n < 1 || n > 2)
    {
      g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           _("“arms” must be a list of one or two results"));
      return FALSE;
    }
  for (guint i = 0, with_games = 0; i < n; i++)
    {
      JsonNode *item = json_array_get_element (json_node_get_array (list), i);
      gboolean has_games = JSON_NODE_HOLDS_OBJECT (item) && tw_json_member (item, "games") != NULL;
      TwSimArm *arm = NULL;

      /* the cut lists, one per arm that has games (runs that streamed have none) */
      if (cut != NULL && has_games && with_games >= spans->len)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                       _("arm %u: “games” is missing or wrong"), i + 1);
          return FALSE;
        }
      if (!tw_sim_arm_from_json (item, i, text,
                                 cut != NULL && has_games ? g_ptr_array_index (spans, with_games)
                                                          : NULL,
                                 &arm, error))
        return FALSE;
      with_games += has_games;
      g_ptr_array_add (parsed, arm);
    }
  /* a single run has no label, a comparison is A then B */
  for (guint i = 0; i < n; i++)
    {
      const char *label = ((const TwSimArm *) g_ptr_array_index (parsed, i))->label;

      if (n == 1 ? label != NULL : g_strcmp0 (label, i == 0 ? "A" : "B") != 0)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                       _("arm %u: “label” must be %s"), i + 1,
                       n == 1 ? _("null in a single run") : i == 0 ? "“A”" : "“B”");
          return FALSE;
        }
    }
  for (guint i = 0; i < parsed->len; i++)
    g_ptr_array_add (arms, g_ptr_array_steal_index (parsed, i--));
  return TRUE;
}
