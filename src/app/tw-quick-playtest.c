/* tw-quick-playtest.c: bot games after every edit, to warn of a variant
 * that cannot score
 *
 * The games are tw_sim_quick_playtest()'s (tw-sim-playtest.c): greedy and
 * random bots, a fixed seed, at most TW_SIM_PLAYTEST_GAMES games, which
 * take at most 1.3 s of CPU on one core for the slowest bundled game and a
 * few milliseconds for a definition that scores. The GCancellable of a run
 * sets the flag the core polls before every decision, so a run stops as
 * soon as the text changes.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-quick-playtest.h"

#include <glib/gi18n.h>

#include "tw-sim.h"

struct _TwQuickPlaytest
{
  GObject       parent_instance;

  /* Owned */
  GCancellable *cancellable;   /* of the run under way, or NULL */
  char         *warning;

  guint         serial;        /* of the run whose result may be shown */
};

G_DEFINE_FINAL_TYPE (TwQuickPlaytest, tw_quick_playtest, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_WARNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  TwGame        *game;
  guint          serial;
  gint           cancel;   /* the core's flag, set from the GCancellable */
  TwSimPlaytest  result;
} Run;

static void
run_free (gpointer data)
{
  Run *run = data;

  tw_game_unref (run->game);
  g_free (run);
}

static void
run_cancelled (GCancellable *cancellable,
               gpointer      data)
{
  Run *run = data;

  g_atomic_int_set (&run->cancel, 1);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Run *run = task_data;
  GError *error = NULL;
  gulong handler;
  gboolean ok;

  handler = g_cancellable_connect (cancellable, G_CALLBACK (run_cancelled), run, NULL);
  ok = tw_sim_quick_playtest (run->game, TW_SIM_PLAYTEST_SEED, TW_SIM_PLAYTEST_GAMES,
                              &run->cancel, &run->result, &error);
  g_cancellable_disconnect (cancellable, handler);
  if (g_task_return_error_if_cancelled (task))
    g_clear_error (&error);
  else if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
set_warning (TwQuickPlaytest *self,
             const char      *warning)
{
  if (g_strcmp0 (self->warning, warning) == 0)
    return;
  g_free (self->warning);
  self->warning = g_strdup (warning);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WARNING]);
}

static void
run_done (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  TwQuickPlaytest *self = TW_QUICK_PLAYTEST (object);
  Run *run = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;

  /* a newer run, or none: the text has changed since this one began */
  if (run->serial != self->serial)
    return;
  g_clear_object (&self->cancellable);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        /* Translators: a bot or the rules failed in a quick playtest
         * (a bug); %s says how */
        warning = g_strdup_printf (_("The quick bot playtest stopped: %s"), error->message);
    }
  else if (!run->result.scored)
    warning = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            /* Translators: after an edit the Design view plays
                                             * bot games in the background; none of them ended
                                             * with a score other than 0 */
                                            "In %u quick game with greedy and random bots, no "
                                            "player scored: check that this variant can reach "
                                            "its scoring.",
                                            "In %u quick games with greedy and random bots, no "
                                            "player scored: check that this variant can reach "
                                            "its scoring.",
                                            run->result.games),
                               run->result.games);
  set_warning (self, warning);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
tw_quick_playtest_cancel (TwQuickPlaytest *self)
{
  g_return_if_fail (TW_IS_QUICK_PLAYTEST (self));

  if (self->cancellable == NULL)
    return;
  /* its result, when it comes, is no one's */
  self->serial++;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/**
 * tw_quick_playtest_start:
 * @definition: a definition that loaded without errors
 *
 * Plays its quick playtest at the definition's fewest players (as Play and
 * the Lab start), with the options of its `variant:`.
 */
void
tw_quick_playtest_start (TwQuickPlaytest *self,
                         TwDefinition    *definition)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  gboolean was_running;
  TwGame *game;
  Run *run;

  g_return_if_fail (TW_IS_QUICK_PLAYTEST (self));
  g_return_if_fail (definition != NULL);

  was_running = self->cancellable != NULL;
  if (was_running)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  self->serial++;
  game = tw_game_new (definition, MAX (definition->min_players, definition->rules->min_players),
                      NULL, &error);
  if (game == NULL)
    {
      /* the loader accepted a player range the module refuses: a problem
       * the check reports, not this */
      g_debug ("no quick playtest: %s", error->message);
      if (was_running)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
      return;
    }
  run = g_new0 (Run, 1);
  run->game = game;
  run->serial = self->serial;
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, run_done, NULL);
  g_task_set_source_tag (task, tw_quick_playtest_start);
  g_task_set_task_data (task, run, run_free);
  g_task_run_in_thread (task, run_thread);
  if (!was_running)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
tw_quick_playtest_get_running (TwQuickPlaytest *self)
{
  g_return_val_if_fail (TW_IS_QUICK_PLAYTEST (self), FALSE);
  return self->cancellable != NULL;
}

const char *
tw_quick_playtest_get_warning (TwQuickPlaytest *self)
{
  g_return_val_if_fail (TW_IS_QUICK_PLAYTEST (self), NULL);
  return self->warning;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

/**
 * tw_quick_playtest_new:
 *
 * Returns: (transfer full): a playtest that has not run: no warning
 */
TwQuickPlaytest *
tw_quick_playtest_new (void)
{
  return g_object_new (TW_TYPE_QUICK_PLAYTEST, NULL);
}

static void
tw_quick_playtest_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TwQuickPlaytest *self = TW_QUICK_PLAYTEST (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, tw_quick_playtest_get_running (self));
      break;
    case PROP_WARNING:
      g_value_set_string (value, self->warning);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_quick_playtest_dispose (GObject *object)
{
  TwQuickPlaytest *self = TW_QUICK_PLAYTEST (object);

  /* a run under way holds a reference until it ends: reached from
   * g_object_run_dispose() only */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (tw_quick_playtest_parent_class)->dispose (object);
}

static void
tw_quick_playtest_finalize (GObject *object)
{
  TwQuickPlaytest *self = TW_QUICK_PLAYTEST (object);

  g_free (self->warning);

  G_OBJECT_CLASS (tw_quick_playtest_parent_class)->finalize (object);
}

static void
tw_quick_playtest_class_init (TwQuickPlaytestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tw_quick_playtest_get_property;
  object_class->dispose = tw_quick_playtest_dispose;
  object_class->finalize = tw_quick_playtest_finalize;

  /**
   * TwQuickPlaytest:running:
   *
   * A playtest is under way; it turns FALSE when one ends (its warning is
   * set by then) or is cancelled.
   */
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TwQuickPlaytest:warning:
   *
   * What the last playtest that ended found wrong ("In 200 quick games … no
   * player scored …"), or NULL.
   */
  properties[PROP_WARNING] =
    g_param_spec_string ("warning", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tw_quick_playtest_init (TwQuickPlaytest *self)
{
}
