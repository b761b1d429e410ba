/* tw-balance-dialog.c: the Lab's Balance…, a search for a fairer value
 *
 * See tw-balance-dialog.h. The form is built in code from the module's
 * option table, like the Lab's own form; the search is tw_tune_run() on a
 * worker thread, which reports each round through the main loop. Closing
 * the dialog stops the search.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-balance-dialog.h"

#include <glib/gi18n.h>
#include <math.h>

#include "tw-app-util.h"
#include "tw-game.h"
#include "tw-rules.h"
#include "tw-sweep-picker.h"
#include "tw-tune.h"

#define MAX_VALUES 32
/* With a second thing that may change: the combinations of their values. */
#define MAX_CELLS 64

enum
{
  GOAL_FAIR,
  GOAL_LENGTH,
};

/* Shared by the dialog and the worker; the worker only reads the settings. */
typedef struct
{
  gint           ref_count;
  gint           cancel;
  TwSweep       *sweep;
  TwDefinition  *definition;
  TwGame       **games;
  guint          n_cells;
  TwBotSpec     *bots;
  TwTuneTarget   target;
  guint64        start;
  guint64        games_max;
  guint64        planned;     /* games the whole search plays */
  guint          jobs;
  char          *option_label;  /* "Goals with 2 players" */
  char          *also_label;    /* the second thing that may change, or NULL */
  GWeakRef       dialog;
} Search;

struct _TwBalanceDialog
{
  AdwWindow       parent_instance;

  TwDefinition   *definition;
  guint           n_players;
  TwBotSpec       bots[TW_MAX_PLAYERS];
  TwOptions       options;
  guint           jobs;
  TwSweepPicker  *picker;           /* what may change, over which values */
  TwSweepPicker  *also;             /* and, if chosen, a second thing: a grid */

  AdwComboRow    *goal_row;
  GtkWidget      *within_row;
  GtkSpinButton  *within_spin;
  GtkWidget      *length_row;
  GtkSpinButton  *moves_lo_spin;
  GtkSpinButton  *moves_hi_spin;
  GtkSpinButton  *games_spin;
  GtkButton      *search_button;
  GtkButton      *stop_button;
  GtkProgressBar *progress;
  GtkLabel       *status_label;
  AdwActionRow   *result_row;
  GtkButton      *apply_button;

  Search         *search;           /* while searching */
  char           *best_text;        /* the definition's text with the best value */
  char           *best_label;       /* "goals-2p=0" */
  gboolean        disposed;         /* a search's news comes too late */
};

enum
{
  APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TwBalanceDialog, tw_balance_dialog, ADW_TYPE_WINDOW)

static Search *
search_ref (Search *s)
{
  g_atomic_int_inc (&s->ref_count);
  return s;
}

static void
search_unref (Search *s)
{
  if (!g_atomic_int_dec_and_test (&s->ref_count))
    return;
  for (guint c = 0; c < s->n_cells; c++)
    g_clear_pointer (&s->games[c], tw_game_unref);
  g_free (s->games);
  g_free (s->bots);
  g_clear_pointer (&s->sweep, tw_sweep_free);
  g_clear_pointer (&s->definition, tw_definition_unref);
  g_free (s->option_label);
  g_free (s->also_label);
  g_weak_ref_clear (&s->dialog);
  g_free (s);
}

static void
update_form (TwBalanceDialog *self)
{
  gboolean fair = adw_combo_row_get_selected (self->goal_row) == GOAL_FAIR;
  gboolean searching = self->search != NULL;

  gtk_widget_set_visible (self->within_row, fair);
  gtk_widget_set_visible (self->length_row, !fair);
  gtk_widget_set_sensitive (GTK_WIDGET (self->search_button),
                            tw_sweep_picker_has_choice (self->picker) && !searching);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), searching);
  gtk_widget_set_sensitive (GTK_WIDGET (self->apply_button),
                            self->best_text != NULL && !searching);
}

/* ------------------------------------------------------------------------ */
/* The search                                                               */

typedef struct
{
  Search *search;
  char   *text;
  double  fraction;
} RoundNews;

static gboolean
show_round (gpointer data)
{
  RoundNews *news = data;
  g_autoptr(TwBalanceDialog) self = g_weak_ref_get (&news->search->dialog);

  if (self != NULL && !self->disposed && self->search == news->search)
    {
      gtk_label_set_text (self->status_label, news->text);
      gtk_progress_bar_set_fraction (self->progress, news->fraction);
    }
  search_unref (news->search);
  g_free (news->text);
  g_free (news);
  return G_SOURCE_REMOVE;
}

/* On the worker: a round ended. */
static void
round_ended (const TwTuneRound *round,
             gpointer           user_data)
{
  Search *s = user_data;
  RoundNews *news = g_new0 (RoundNews, 1);
  g_autofree char *label = tw_sweep_cell_label (s->sweep, round->cells[0]);
  guint64 done = 0, alive = s->n_cells, games = MIN (s->start, s->games_max), before = 0;

  /* the games played so far, following the plan */
  for (guint r = 1; r <= round->round; r++)
    {
      done += alive * (games - before);
      before = games;
      if (alive > 1)
        alive = (alive + 1) / 2;
      games = MIN (games * 2, s->games_max);
    }
  news->search = search_ref (s);
  /* Translators: a round of the Balance search: its number, values left,
   * games each, the nearest value and its distance to the target */
  news->text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Round %u: %u values, %llu game each; "
                                             "nearest %s (off by %.1f)",
                                             "Round %u: %u values, %llu games each; "
                                             "nearest %s (off by %.1f)", round->games),
                                round->round, round->n_cells,
                                (unsigned long long) round->games, label, round->miss[0]);
  news->fraction = s->planned > 0 ? MIN (1.0, (double) done / s->planned) : 0;
  g_idle_add (show_round, news);
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Search *s = task_data;
  TwTuneConfig config = { 0, };
  GError *error = NULL;
  TwTuneResult *result;

  config.n_cells = s->n_cells;
  config.games = s->games;
  config.bots = s->bots;
  config.path = s->definition->path;
  config.seed = 1;
  config.start = s->start;
  config.games_max = s->games_max;
  config.jobs = s->jobs;
  config.cancel = &s->cancel;
  config.targets = &s->target;
  config.n_targets = 1;
  config.round = round_ended;
  config.round_data = s;
  result = tw_tune_run (&config, &error);
  if (result != NULL)
    g_task_return_pointer (task, result, (GDestroyNotify) tw_tune_result_free);
  else
    g_task_return_error (task, error);
}

/* The figure the search aimed at, in words, with its interval. */
static char *
result_text (TwBalanceDialog    *self,
             const Search       *s,
             const TwTuneResult *result)
{
  const TwSimRow *row = tw_sim_find_row (result->rows, s->target.metric.kind,
                                          s->target.metric.index);

  if (row == NULL)
    return g_strdup ("");
  if (s->target.metric.kind == TW_SIM_METRIC_MOVES)
    /* Translators: the best value's game length: mean, interval, games */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.1f moves a game (95%%: %.1f to %.1f) in %u game",
                                         "%.1f moves a game (95%%: %.1f to %.1f) in %u games", (guint) tw_sim_arm_n_games (result->arm)),
                            row->stats.mean, row->lo, row->hi, (guint) tw_sim_arm_n_games (result->arm));
  /* Translators: the best value's first-seat advantage in points of a
   * share: mean, interval, games */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Player 1's advantage %+.1f points (95%%: %+.1f to %+.1f) in %u game",
                                       "Player 1's advantage %+.1f points (95%%: %+.1f to %+.1f) in %u games", (guint) tw_sim_arm_n_games (result->arm)),
                          100 * row->stats.mean, 100 * row->lo, 100 * row->hi,
                          (guint) tw_sim_arm_n_games (result->arm));
}

static gboolean
focus_apply (gpointer data)
{
  TwBalanceDialog *self = data;

  if (!self->disposed)
    gtk_widget_grab_focus (GTK_WIDGET (self->apply_button));
  return G_SOURCE_REMOVE;
}

static void
search_done (GObject      *source,
             GAsyncResult *res,
             gpointer      user_data)
{
  TwBalanceDialog *self = TW_BALANCE_DIALOG (source);
  Search *s = g_task_get_task_data (G_TASK (res));
  g_autoptr(TwTuneResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = g_task_propagate_pointer (G_TASK (res), &error);
  if (self->disposed)
    return;
  if (self->search == s)
    g_clear_pointer (&self->search, search_unref);
  gtk_progress_bar_set_fraction (self->progress, result != NULL && !result->interrupted ? 1 : 0);
  if (result == NULL)
    {
      gtk_label_set_text (self->status_label,
                          g_error_matches (error, TW_TUNE_ERROR, TW_TUNE_ERROR_CANCELLED)
                          ? _("Stopped before the first round ended")
                          : error->message);
      update_form (self);
      return;
    }
  {
    /* Translators: an option and its value, e.g. "Goals with 2 players = 0" */
    g_autofree char *label = g_strdup_printf (_("%s = %s"), s->option_label,
                                              tw_sweep_cell_value (s->sweep, result->best, 0));
    g_autofree char *figure = result_text (self, s, result);
    g_autofree char *title = NULL;

    if (s->also_label != NULL)
      {
        /* Translators: two options and their values, e.g. "Goals with 2
         * players = 0, Points of Red Five = 4" */
        g_autofree char *both = g_strdup_printf (_("%s, %s = %s"), label, s->also_label,
                                                 tw_sweep_cell_value (s->sweep, result->best, 1));
        g_free (label);
        label = g_steal_pointer (&both);
      }

    /* Translators: the Balance search's answer: the value, e.g. "goals-2p=0" */
    title = g_strdup_printf (result->interrupted ? _("Best so far, not confirmed: %s")
                                                 : _("Best: %s"), label);
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), title);
    adw_action_row_set_subtitle (self->result_row, figure);
    gtk_widget_set_visible (GTK_WIDGET (self->result_row), TRUE);
    if (result->interrupted)
      gtk_label_set_text (self->status_label, _("Stopped"));
    else
      {
        /* Translators: the Balance search ended: rounds and values tried */
        g_autofree char *done = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Done in %u round over %u values",
                                                              "Done in %u rounds over %u values", result->rounds),
                                                 result->rounds, s->n_cells);
        gtk_label_set_text (self->status_label, done);
      }
    g_clear_pointer (&self->best_text, g_free);
    g_clear_pointer (&self->best_label, g_free);
    if (!result->interrupted)
      {
        self->best_text = tw_tune_cell_text (s->sweep, self->definition, result->best, &error);
        self->best_label = g_steal_pointer (&label);
        if (self->best_text == NULL)
          gtk_label_set_text (self->status_label, error->message);
      }
  }
  update_form (self);
  /* shows the answer, which may be below the fold: focus scrolls the page
   * to it once it has its place */
  if (self->best_text != NULL)
    g_idle_add_full (G_PRIORITY_LOW, focus_apply, g_object_ref (self), g_object_unref);
}

static void
search_clicked (TwBalanceDialog *self)
{
  g_autofree char *problem = NULL;
  g_autofree char *axis = NULL;
  g_autofree char *also_axis = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  Search *s;

  if (self->search != NULL || !tw_sweep_picker_has_choice (self->picker))
    return;
  axis = tw_sweep_picker_axis (self->picker, &problem);
  if (axis != NULL && tw_sweep_picker_has_choice (self->also))
    also_axis = tw_sweep_picker_axis (self->also, &problem);
  if (axis == NULL || problem != NULL)
    {
      gtk_label_set_text (self->status_label, problem);
      return;
    }
  s = g_new0 (Search, 1);
  s->ref_count = 1;
  g_weak_ref_init (&s->dialog, self);
  s->definition = tw_definition_ref (self->definition);
  s->option_label = tw_sweep_picker_label (self->picker);
  s->sweep = tw_sweep_new ();
  s->jobs = self->jobs;
  s->games_max = gtk_spin_button_get_value_as_int (self->games_spin);
  s->start = MIN (MAX (s->games_max / 16, 20), s->games_max);
  if (!tw_sweep_add (s->sweep, self->definition, axis, &error))
    goto fail;
  if (also_axis != NULL)
    {
      s->also_label = tw_sweep_picker_label (self->also);
      if (!tw_sweep_add (s->sweep, self->definition, also_axis, &error))
        goto fail;
      if (tw_sweep_n_cells (s->sweep) > MAX_CELLS)
        {
          /* Translators: two things may change; their values make too many
           * combinations: the count and the limit */
          g_autofree char *text = g_strdup_printf (_("The two make %u combinations to try; "
                                                     "choose fewer values, at most %d "
                                                     "combinations"),
                                                   tw_sweep_n_cells (s->sweep), MAX_CELLS);
          gtk_label_set_text (self->status_label, text);
          search_unref (s);
          return;
        }
    }
  s->n_cells = tw_sweep_n_cells (s->sweep);
  s->games = g_new0 (TwGame *, s->n_cells);
  s->bots = g_new0 (TwBotSpec, (gsize) s->n_cells * TW_MAX_PLAYERS);
  for (guint c = 0; c < s->n_cells; c++)
    {
      s->games[c] = tw_sweep_cell_game (s->sweep, self->definition, c, self->n_players,
                                        &self->options, &error);
      if (s->games[c] == NULL)
        goto fail;
      memcpy (&s->bots[c * TW_MAX_PLAYERS], self->bots, sizeof self->bots);
    }
  if (adw_combo_row_get_selected (self->goal_row) == GOAL_FAIR)
    {
      double w = gtk_spin_button_get_value (self->within_spin) / 100;
      s->target.metric.kind = TW_SIM_METRIC_ADVANTAGE;
      s->target.metric.index = 0;
      s->target.lo = -w;
      s->target.hi = w;
    }
  else
    {
      s->target.metric.kind = TW_SIM_METRIC_MOVES;
      s->target.lo = gtk_spin_button_get_value (self->moves_lo_spin);
      s->target.hi = MAX (s->target.lo, gtk_spin_button_get_value (self->moves_hi_spin));
    }
  /* the plan, for the progress bar */
  {
    guint64 alive = s->n_cells, games = MIN (s->start, s->games_max), before = 0;
    for (;;)
      {
        s->planned += alive * (games - before);
        before = games;
        if (alive == 1 && games >= s->games_max)
          break;
        if (alive > 1)
          alive = (alive + 1) / 2;
        games = MIN (games * 2, s->games_max);
      }
  }

  self->search = s;
  g_clear_pointer (&self->best_text, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->result_row), FALSE);
  gtk_progress_bar_set_fraction (self->progress, 0);
  /* Translators: the Balance search started: values and games */
  {
    g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "Trying %u values, %llu game in all…",
                                                          "Trying %u values, %llu games in all…",
                                                          s->planned),
                                             s->n_cells, (unsigned long long) s->planned);
    gtk_label_set_text (self->status_label, text);
  }
  update_form (self);
  task = g_task_new (self, NULL, search_done, NULL);
  g_task_set_task_data (task, search_ref (s), (GDestroyNotify) search_unref);
  g_task_run_in_thread (task, search_thread);
  return;

fail:
  gtk_label_set_text (self->status_label, error->message);
  search_unref (s);
}

static void
stop_clicked (TwBalanceDialog *self)
{
  if (self->search != NULL)
    g_atomic_int_set (&self->search->cancel, 1);
}

static void
apply_clicked (TwBalanceDialog *self)
{
  if (self->best_text == NULL)
    return;
  g_signal_emit (self, signals[APPLY], 0, self->definition->text, self->best_text,
                 self->best_label);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

static void
build (TwBalanceDialog *self)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *what = adw_preferences_group_new ();
  GtkWidget *goal = adw_preferences_group_new ();
  GtkWidget *run = adw_preferences_group_new ();
  g_autoptr(GtkStringList) goals = gtk_string_list_new (NULL);
  TwAppJobControls controls;
  GtkWidget *box, *row;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (what), _("What May Change"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (what),
    _("Every value plays the same games; those nearer the goal play more."));
  self->picker = tw_sweep_picker_new (self->definition, &self->options, _("_Change"), NULL, 0,
                                      MAX_VALUES);
  /* Translators: a second thing Balance… may change; "Nothing" leaves it out */
  self->also = tw_sweep_picker_new (self->definition, &self->options, _("_And Change"),
                                    _("Nothing"), 0, MAX_VALUES);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (what),
                             tw_sweep_picker_get_change_row (self->picker));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (what),
                             tw_sweep_picker_get_range_row (self->picker));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (what),
                             tw_sweep_picker_get_change_row (self->also));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (what),
                             tw_sweep_picker_get_range_row (self->also));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (goal), _("Goal"));
  gtk_string_list_append (goals, _("A fair first seat"));
  gtk_string_list_append (goals, _("A game length"));
  self->goal_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->goal_row), _("_Reach"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->goal_row), TRUE);
  adw_combo_row_set_model (self->goal_row, G_LIST_MODEL (goals));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (goal), GTK_WIDGET (self->goal_row));
  self->within_row = tw_app_row_new (_("Within (points)"),
                              _("Player 1 wins this close to a fair share: 2 points of 50% "
                                "is 48% to 52% with two players"));
  self->within_spin = tw_app_spin_new (0.5, 20, 0.5, 2, 1, _("Within points"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->within_row), GTK_WIDGET (self->within_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (goal), self->within_row);
  self->length_row = tw_app_row_new (_("Moves a Game"), _("From and to"));
  self->moves_lo_spin = tw_app_spin_new (1, 10000, 1, 40, 0, _("Fewest moves"));
  self->moves_hi_spin = tw_app_spin_new (1, 10000, 1, 50, 0, _("Most moves"));
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->moves_lo_spin));
  gtk_box_append (GTK_BOX (box), gtk_label_new ("–"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->moves_hi_spin));
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->length_row), box);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (goal), self->length_row);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (run), _("Search"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (run),
    _("With the Lab's players and bots."));
  row = tw_app_row_new (_("Games for the Best"), _("The value found plays this many games in the end"));
  self->games_spin = tw_app_spin_new (20, 100000, 100, 800, 0, _("Games for the best"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->games_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (run), row);

  box = tw_app_job_controls_new (_("_Search"), _("Search progress"), &controls);
  gtk_widget_set_margin_top (box, 12);
  self->search_button = controls.start;
  self->stop_button = controls.stop;
  self->progress = controls.progress;
  self->status_label = controls.status;
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (run), box);

  /* the answer right under the button that asked for it */
  self->result_row = ADW_ACTION_ROW (adw_action_row_new ());
  gtk_widget_set_margin_top (GTK_WIDGET (self->result_row), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->result_row), "card");
  self->apply_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Apply to Definition")));
  gtk_widget_set_valign (GTK_WIDGET (self->apply_button), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->apply_button),
                               _("Write the value into the definition's variant; undo it in Design"));
  adw_action_row_add_suffix (self->result_row, GTK_WIDGET (self->apply_button));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->result_row));
  gtk_widget_set_visible (GTK_WIDGET (self->result_row), FALSE);

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (what));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (goal));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (run));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);

  g_signal_connect_object (self->picker, "changed", G_CALLBACK (update_form), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->goal_row, "notify::selected", G_CALLBACK (update_form), self);
  g_signal_connect_swapped (self->search_button, "clicked", G_CALLBACK (search_clicked), self);
  g_signal_connect_swapped (self->stop_button, "clicked", G_CALLBACK (stop_clicked), self);
  g_signal_connect_swapped (self->apply_button, "clicked", G_CALLBACK (apply_clicked), self);
  update_form (self);
}

GtkWidget *
tw_balance_dialog_new (GtkWindow       *parent,
                       TwDefinition    *definition,
                       guint            n_players,
                       const TwBotSpec *bots,
                       const TwOptions *options,
                       guint            jobs)
{
  TwBalanceDialog *self;

  g_return_val_if_fail (definition != NULL && bots != NULL && options != NULL, NULL);

  self = g_object_new (TW_TYPE_BALANCE_DIALOG,
                       "modal", TRUE,
                       "transient-for", parent,
                       "title", _("Balance"),
                       "default-width", 560,
                       "default-height", 720,
                       NULL);
  self->definition = tw_definition_ref (definition);
  self->n_players = n_players;
  memcpy (self->bots, bots, sizeof self->bots);
  self->options = *options;
  self->jobs = MAX (jobs, 1);
  build (self);
  return GTK_WIDGET (self);
}

static void
tw_balance_dialog_dispose (GObject *object)
{
  TwBalanceDialog *self = TW_BALANCE_DIALOG (object);

  /* a search still running stops; its task keeps what it needs */
  self->disposed = TRUE;
  if (self->search != NULL)
    g_atomic_int_set (&self->search->cancel, 1);
  g_clear_pointer (&self->search, search_unref);
  G_OBJECT_CLASS (tw_balance_dialog_parent_class)->dispose (object);
}

static void
tw_balance_dialog_finalize (GObject *object)
{
  TwBalanceDialog *self = TW_BALANCE_DIALOG (object);

  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_object (&self->picker);
  g_clear_object (&self->also);
  g_free (self->best_text);
  g_free (self->best_label);
  G_OBJECT_CLASS (tw_balance_dialog_parent_class)->finalize (object);
}

/* Closed (destroyed) while a search plays: it stops now. Its task holds the
 * dialog until the thread ends, so dispose alone would come only after every
 * game was played. */
static void
tw_balance_dialog_unrealize (GtkWidget *widget)
{
  TwBalanceDialog *self = TW_BALANCE_DIALOG (widget);

  if (self->search != NULL)
    g_atomic_int_set (&self->search->cancel, 1);
  GTK_WIDGET_CLASS (tw_balance_dialog_parent_class)->unrealize (widget);
}

static void
tw_balance_dialog_class_init (TwBalanceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_balance_dialog_dispose;
  object_class->finalize = tw_balance_dialog_finalize;
  widget_class->unrealize = tw_balance_dialog_unrealize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  /**
   * TwBalanceDialog::apply:
   * @base: the definition's text the search started from
   * @text: that text with the best value
   * @label: the option and its value in words, "Goals with 2 players = 0"
   */
  signals[APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 3,
                                 G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
}

static void
tw_balance_dialog_init (TwBalanceDialog *self)
{
}
