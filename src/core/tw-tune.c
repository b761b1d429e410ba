/* tw-tune.c: searching the values that bring the games to a target
 *
 * See tw-tune.h. Successive halving (Jamieson and Talwalkar, 2016) over a
 * sweep's cells: the cells share their seeds, so game i of every cell is
 * dealt alike and the cells differ only by their values.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-design-edit.h"
#include "tw-rules.h"
#include "tw-sim-private.h"
#include "tw-tune.h"

G_DEFINE_QUARK (tw-tune-error-quark, tw_tune_error)

gboolean
tw_tune_target_parse (const char    *text,
                      const TwGame  *game,
                      TwTuneTarget  *target,
                      GError       **error)
{
  const char *eq = strchr (text, '=');
  g_autofree char *name = eq != NULL ? g_strstrip (g_strndup (text, eq - text)) : NULL;
  const char *range = eq != NULL ? eq + 1 : NULL;
  const char *dots = range != NULL ? strstr (range, "..") : NULL;
  const char * const *reasons = game->rules->end_reasons;
  guint64 seat = 0;
  char *end = NULL;

  if (name == NULL || name[0] == '\0')
    {
      g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_TARGET,
                   _("--target %s: write METRIC=VALUE or METRIC=LO..HI"), text);
      return FALSE;
    }
  if (g_str_has_prefix (name, "win_p") || g_str_has_prefix (name, "advantage_p"))
    {
      const char *number = strrchr (name, 'p') + 1;

      target->metric.kind = name[0] == 'w' ? TW_SIM_METRIC_WIN : TW_SIM_METRIC_ADVANTAGE;
      if (!g_ascii_string_to_unsigned (number, 10, 1, game->n_players, &seat, NULL))
        {
          g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_TARGET,
                       g_dngettext (GETTEXT_PACKAGE, "--target %s: no seat '%s' in a %u-player game",
                                    "--target %s: no seat '%s' in a %u-player game", game->n_players), text, number,
                       game->n_players);
          return FALSE;
        }
      target->metric.index = (guint) seat - 1;
    }
  else if (g_str_equal (name, "moves") || g_str_equal (name, "tie"))
    {
      target->metric.kind = name[0] == 'm' ? TW_SIM_METRIC_MOVES : TW_SIM_METRIC_TIE;
      target->metric.index = 0;
    }
  else if (g_str_has_prefix (name, "end:") && reasons != NULL
           && g_strv_contains (reasons, name + strlen ("end:")))
    {
      target->metric.kind = TW_SIM_METRIC_END;
      for (guint i = 0; reasons[i] != NULL; i++)
        if (g_str_equal (reasons[i], name + strlen ("end:")))
          target->metric.index = i;
    }
  else
    {
      g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_TARGET,
                   _("--target %s: unknown metric '%s': use win_pK, advantage_pK, moves, tie "
                     "or end:REASON (a column of the sweep's CSV)"), text, name);
      return FALSE;
    }
  if (dots != NULL)
    {
      g_autofree char *lo = g_strndup (range, dots - range);

      target->lo = g_ascii_strtod (lo, &end);
      if (end == lo || *end != '\0')
        end = NULL;
      else
        target->hi = g_ascii_strtod (dots + 2, &end);
    }
  else
    target->lo = target->hi = g_ascii_strtod (range, &end);
  if (end == NULL || end == range || *end != '\0' || target->lo > target->hi
      || !isfinite (target->lo) || !isfinite (target->hi))
    {
      g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_TARGET,
                   _("--target %s: '%s' is not a number or a range LO..HI (shares are "
                     "fractions: 0.5 is half)"), text, range);
      return FALSE;
    }
  return TRUE;
}

double
tw_tune_miss (GArray             *rows,
              const TwTuneTarget *targets,
              guint               n_targets)
{
  double miss = 0;

  for (guint t = 0; t < n_targets; t++)
    {
      const TwTuneTarget *target = &targets[t];
      const TwSimRow *row = tw_sim_find_row (rows, target->metric.kind, target->metric.index);
      double unit = target->metric.kind == TW_SIM_METRIC_MOVES ? 1 : 100;
      double mean = row != NULL ? row->stats.mean : 0;

      if (mean < target->lo)
        miss += (target->lo - mean) * unit;
      else if (mean > target->hi)
        miss += (mean - target->hi) * unit;
    }
  return miss;
}

typedef struct
{
  guint  cell;
  double miss;
} Ranked;

static gint
ranked_cmp (gconstpointer a,
            gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->miss != y->miss)
    return x->miss < y->miss ? -1 : 1;
  return x->cell < y->cell ? -1 : x->cell > y->cell;
}

void
tw_tune_result_free (TwTuneResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->arm, tw_sim_arm_free);
  g_clear_pointer (&result->rows, g_array_unref);
  g_free (result);
}

TwTuneResult *
tw_tune_run (const TwTuneConfig  *config,
             GError             **error)
{
  g_autoptr(GArray) alive = g_array_new (FALSE, FALSE, sizeof (Ranked));
  g_autofree guint64 *played = NULL;
  TwSimArm **arms = NULL;
  GArray **rows = NULL;
  TwSimConfig sim = { 0, };
  guint64 games;
  guint round = 0;
  TwTuneResult *result = NULL;
  gboolean interrupted = FALSE;
  Ranked last_lead = { 0, 0 };
  gboolean have_lead = FALSE;
  gboolean pending = FALSE;

  g_return_val_if_fail (config != NULL && config->n_cells > 0, NULL);
  g_return_val_if_fail (config->n_targets > 0 && config->games_max > 0, NULL);

  games = MIN (config->start > 0 ? config->start : 20, config->games_max);
  played = g_new0 (guint64, config->n_cells);
  arms = g_new0 (TwSimArm *, config->n_cells);
  rows = g_new0 (GArray *, config->n_cells);
  for (guint c = 0; c < config->n_cells; c++)
    {
      Ranked r = { c, 0 };
      g_array_append_val (alive, r);
    }

  sim.path = config->path;
  sim.seed = config->seed;
  sim.total_games = config->games_max;
  sim.jobs = MAX (config->jobs, 1);
  sim.cancel = config->cancel;
  /* a cell's games are only summarised: its memory stays the same however
   * many it plays (merging streamed arms adds their exact sums) */
  sim.stream = TRUE;
  for (;;)
    {
      round++;
      for (guint i = 0; i < alive->len && !interrupted; i++)
        {
          Ranked *r = &g_array_index (alive, Ranked, i);
          g_autoptr(TwSimArm) more = NULL;

          sim.game = config->games[r->cell];
          memcpy (sim.bots, &config->bots[r->cell * TW_MAX_PLAYERS], sizeof sim.bots);
          sim.first = played[r->cell];
          sim.last = games;
          if (sim.first < sim.last)
            {
              GError *local_error = NULL;

              more = config->play != NULL
                     ? config->play (&sim, r->cell, config->play_data, &local_error)
                     : tw_sim_run (&sim, &local_error);
              if (more == NULL
                  && g_error_matches (local_error, TW_TUNE_ERROR, TW_TUNE_ERROR_PENDING))
                {
                  /* asked for: the other cells of the round are asked too */
                  g_clear_error (&local_error);
                  pending = TRUE;
                  continue;
                }
              if (local_error != NULL)
                g_propagate_error (error, local_error);
              if (more == NULL && config->cancel != NULL && g_atomic_int_get (config->cancel))
                {
                  /* a run cancelled before any game ended has nothing to keep */
                  g_clear_error (error);
                  interrupted = TRUE;
                  break;
                }
              if (more == NULL)
                goto out;
              if (more->interrupted)
                {
                  interrupted = TRUE;
                  break;
                }
              if (arms[r->cell] == NULL)
                arms[r->cell] = g_steal_pointer (&more);
              else if (!tw_sim_arm_merge (arms[r->cell], more, error))
                goto out;
              played[r->cell] = games;
              g_clear_pointer (&rows[r->cell], g_array_unref);
              rows[r->cell] = tw_sim_summarize (arms[r->cell]);
            }
          r->miss = tw_tune_miss (rows[r->cell], config->targets, config->n_targets);
        }
      if (interrupted)
        break;
      if (pending)
        {
          g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_PENDING,
                       _("round %u waits for its games"), round);
          goto out;
        }
      g_array_sort (alive, ranked_cmp);
      last_lead = g_array_index (alive, Ranked, 0);
      have_lead = TRUE;
      if (config->round != NULL)
        {
          g_autofree guint *cells = g_new (guint, alive->len);
          g_autofree double *miss = g_new (double, alive->len);
          TwTuneRound info = { round, alive->len, cells, miss, games };

          for (guint i = 0; i < alive->len; i++)
            {
              cells[i] = g_array_index (alive, Ranked, i).cell;
              miss[i] = g_array_index (alive, Ranked, i).miss;
            }
          config->round (&info, config->round_data);
        }
      if (alive->len == 1 && games >= config->games_max)
        break;
      if (alive->len > 1)
        g_array_set_size (alive, (alive->len + 1) / 2);
      games = MIN (games * 2, config->games_max);
    }

  if (!have_lead)
    {
      g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_CANCELLED,
                   _("stopped before the first round ended"));
      goto out;
    }
  result = g_new0 (TwTuneResult, 1);
  result->best = last_lead.cell;
  result->miss = last_lead.miss;
  result->arm = g_steal_pointer (&arms[last_lead.cell]);
  result->rows = g_steal_pointer (&rows[last_lead.cell]);
  result->rounds = interrupted ? round - 1 : round;
  result->interrupted = interrupted;

out:
  for (guint c = 0; c < config->n_cells; c++)
    {
      g_clear_pointer (&arms[c], tw_sim_arm_free);
      g_clear_pointer (&rows[c], g_array_unref);
    }
  g_free (arms);
  g_free (rows);
  return result;
}

gboolean
tw_tune_arm_covers (const TwSimArm *arm,
                    guint64         first,
                    guint64         last)
{
  if (arm->games != NULL)
    {
      const TwSimGame *g = (const TwSimGame *) arm->games->data;

      /* sorted, without duplicates */
      return arm->games->len == last - first
             && (arm->games->len == 0
                 || (g[0].index == first && g[arm->games->len - 1].index == last - 1));
    }
  if (arm->acc->ranges->len == 0)
    return first == last;
  return arm->acc->ranges->len == 1
         && g_array_index (arm->acc->ranges, TwSimRange, 0).first == first
         && g_array_index (arm->acc->ranges, TwSimRange, 0).last == last;
}

char *
tw_tune_cell_text (const TwSweep *sweep,
                   TwDefinition  *def,
                   guint          cell,
                   GError       **error)
{
  g_autoptr(TwDefinition) cell_def = tw_sweep_cell_definition (sweep, def, cell, error);
  g_autofree char *text = NULL;

  if (cell_def == NULL)
    return NULL;
  /* the paths' values are in the cell's text already; the options go to
   * `variant:` */
  text = g_strdup (cell_def->text);
  for (guint a = 0; a < tw_sweep_n_axes (sweep); a++)
    {
      const TwSweepAxis *axis = tw_sweep_get_axis (sweep, a);
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (def->path);
      g_autoptr(TwNode) root = NULL;
      g_autoptr(TwDesignEdit) edit = NULL;
      GString *edited;

      if (axis->path || g_str_equal (axis->name, TW_SWEEP_PLAYERS))
        continue;
      root = tw_node_parse (text, -1, NULL, diags);
      edit = root != NULL ? tw_design_edit_set_variant (text, root, axis->name,
                                                        tw_sweep_cell_value (sweep, cell, a))
                          : NULL;
      if (edit == NULL)
        {
          g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_FAILED,
                       _("the option '%s' cannot be written to the definition's variant:"),
                       axis->name);
          return NULL;
        }
      edited = g_string_new_len (text, (gssize) edit->start);
      g_string_append (edited, edit->text);
      g_string_append (edited, text + edit->end);
      g_free (text);
      text = g_string_free (edited, FALSE);
    }
  return g_steal_pointer (&text);
}
