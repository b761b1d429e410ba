/* tw-lab-page.c: the Lab view: batch playtests by bots, results as charts
 *
 * The settings are built from the open definition and its rules module's
 * option table, so the page is the same for every game. A run plays games
 * on a GTask thread through tw_sim_run() in chunks of consecutive game
 * indexes (about a third of a second each); every finished chunk is handed to
 * the main loop, which merges it into the shown results every 250 ms. Since
 * game i is a pure function of (seed, i), the merged chunks are exactly the
 * run tw_sim_run() would make in one go, and an A/B comparison plays the same
 * chunk for both arms so that partial results stay paired (both arms of a
 * chunk are handed over together).
 *
 * Save Run writes the shown results with the settings they were played with
 * (tw_sim_lab_run_save(), on a GTask thread); Open Run reads such a file on
 * a thread, checks it against the rules module, and only then sets the form
 * and the results, so a refused file changes nothing.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-lab-page.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#include "tw-app-util.h"
#include "tw-bot.h"
#include "tw-file.h"
#include "tw-chart.h"
#include "tw-export.h"
#include "tw-diag.h"
#include "tw-game.h"
#include "tw-sim.h"

enum
{
  CHART_WIN,
  CHART_SCORE,
  CHART_SCORE_HIST,
  CHART_LENGTH,
  CHART_COUNTERS,
  N_CHARTS
};

#define CHART_HEIGHT 240
#define MAX_BINS     24

/* Shared by the page and the worker thread; the worker only reads the
 * configuration and touches the rest under the mutex. */
typedef struct
{
  gint       ref_count;
  TwGame    *games[2];
  guint      n_arms;
  char      *change;       /* arm B's difference, "set name=value" or "definition NAME" */
  char      *path;
  char      *path_b;       /* B's definition file when B plays another definition */
  TwBotSpec  bots[TW_MAX_PLAYERS];
  guint64    seed;
  guint64    total;
  guint      jobs;
  gint       cancel;
  GMutex     mutex;
  GPtrArray *pending[2];   /* finished chunks (TwSimArm) not yet shown */
  gboolean   discard;      /* main thread only: the definition changed, drop the results */
  guint64    base;         /* games of finished chunks, over all arms */
  guint64    done;         /* base + games of the chunk being played */
} Run;

struct _TwLabPage
{
  AdwBin          parent_instance;

  /* Template widgets */
  GtkStack       *stack;
  GtkBox         *settings_box;
  GtkProgressBar *progress_bar;
  GtkLabel       *status_label;
  GtkBox         *charts_box;
  GtkBox         *summary_box;

  /* Borrowed: the settings, children of the groups */
  GtkSpinButton  *players_spin;
  GtkSpinButton  *games_spin;
  GtkSpinButton  *jobs_spin;
  AdwEntryRow    *seed_row;
  GtkWidget      *seat_rows[TW_MAX_PLAYERS];
  GtkSpinButton  *iteration_spins[TW_MAX_PLAYERS];
  GtkWidget      *option_widgets[TW_MAX_OPTIONS];
  AdwComboRow    *compare_row;
  GtkWidget      *ab_group;
  GtkWidget      *b_row;           /* the value in B, built from the option's schema */
  GtkWidget      *b_widget;        /* its combo row, switch or spin button */
  GtkWidget      *b_definition_row; /* "Definition in B", when B is another definition */
  GtkWidget      *definition_row;
  GtkWidget      *areas[N_CHARTS];

  /* Owned */
  TwDefinition   *definition;
  GPtrArray      *groups;          /* the settings groups built for the definition */
  Run            *run;             /* while running */
  guint           timer;
  gint64          started;
  gint64          next_charts;     /* monotonic time of the next chart update */
  TwSimArm       *arms[2];         /* what is shown */
  guint           n_arms;
  TwChart        *charts[N_CHARTS];
  GtkNativeDialog *chooser;
  guint           shown_jobs;      /* the threads and B's change of the shown results */
  char           *shown_compare;   /* "name=value", or NULL */
  TwDefinition   *b_definition;    /* chosen for B ("Another definition"), or NULL */
  TwDefinition   *shown_b_definition; /* B's definition of the shown results, or NULL */
  GCancellable   *b_loading;       /* B's definition being loaded */
  char           *run_file;        /* the last run saved or opened, for the file chooser */
  GCancellable   *io;              /* a run being saved or opened */
};

G_DEFINE_FINAL_TYPE (TwLabPage, tw_lab_page, ADW_TYPE_BIN)

static const char * const window_action_names[] = {
  "lab-export-csv", "lab-export-json", "lab-export-png", "lab-export-svg",
  "lab-save-run", "lab-open-run",
};

/* ------------------------------------------------------------------------ */
/* Run                                                                      */

static Run *
run_ref (Run *run)
{
  g_atomic_int_inc (&run->ref_count);
  return run;
}

static void
run_unref (gpointer data)
{
  Run *run = data;

  if (!g_atomic_int_dec_and_test (&run->ref_count))
    return;
  for (guint k = 0; k < 2; k++)
    {
      g_clear_pointer (&run->games[k], tw_game_unref);
      g_clear_pointer (&run->pending[k], g_ptr_array_unref);
    }
  g_free (run->change);
  g_free (run->path);
  g_free (run->path_b);
  g_mutex_clear (&run->mutex);
  g_free (run);
}

static void
run_progress (guint64  done,
              guint64  total,
              gpointer user_data)
{
  Run *run = user_data;

  (void) total;
  g_mutex_lock (&run->mutex);
  run->done = run->base + done;
  g_mutex_unlock (&run->mutex);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Run *run = task_data;
  guint64 next = 0, chunk = MAX (run->jobs * 2, 2);

  (void) source_object;
  (void) cancellable;
  while (next < run->total)
    {
      guint64 last = MIN (run->total, next + chunk);
      gint64 t0 = g_get_monotonic_time ();
      TwSimArm *arms[2] = { NULL, NULL };
      double elapsed;

      for (guint k = 0; k < run->n_arms; k++)
        {
          g_autoptr(GError) error = NULL;
          TwSimConfig config = { 0, };
          TwSimArm *arm;

          config.game = run->games[k];
          config.path = k == 1 && run->path_b != NULL ? run->path_b : run->path;
          memcpy (config.bots, run->bots, sizeof config.bots);
          config.seed = run->seed;
          config.total_games = run->total;
          config.first = next;
          config.last = last;
          config.jobs = run->jobs;
          config.cancel = &run->cancel;
          config.progress = run_progress;
          config.progress_data = run;
          arm = tw_sim_run (&config, &error);
          if (arm == NULL)
            {
              /* a chunk A played but B did not is dropped: the results stay paired */
              g_clear_pointer (&arms[0], tw_sim_arm_free);
              g_task_return_error (task, g_steal_pointer (&error));
              return;
            }
          if (run->n_arms == 2)
            {
              arm->label = g_strdup (k == 0 ? "A" : "B");
              arm->change = g_strdup (k == 0 ? NULL : run->change);
            }
          arms[k] = arm;
          g_mutex_lock (&run->mutex);
          run->base += last - next;
          run->done = run->base;
          g_mutex_unlock (&run->mutex);
        }
      /* both arms of a chunk are shown together, never A alone */
      g_mutex_lock (&run->mutex);
      for (guint k = 0; k < run->n_arms; k++)
        g_ptr_array_add (run->pending[k], arms[k]);
      g_mutex_unlock (&run->mutex);
      /* the next chunk takes about 0.3 s: partial results a few times a second */
      elapsed = MAX ((g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC, 1e-3);
      chunk = (guint64) CLAMP ((last - next) * 0.3 / elapsed, run->jobs, 200000);
      next = last;
    }
  g_task_return_boolean (task, TRUE);
}

/* ------------------------------------------------------------------------ */
/* Settings                                                                 */

static void
toast (TwLabPage  *self,
       const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  AdwToast *t;

  if (overlay == NULL)
    {
      g_message ("%s", message);
      return;
    }
  t = adw_toast_new (message);
  adw_toast_set_timeout (t, 5);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), t);
}

static gboolean
has_results (TwLabPage *self)
{
  return self->n_arms > 0 && self->arms[0]->games->len > 0;
}

static void
update_actions (TwLabPage *self)
{
  gboolean running = self->run != NULL;
  gboolean results = has_results (self);
  gboolean busy = running || self->io != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.run",
                                 self->definition != NULL && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.save-run", results && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.open-run",
                                 self->definition != NULL && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.cancel", running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-csv", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-json", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-png", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.export-svg", results);
  gtk_widget_set_sensitive (GTK_WIDGET (self->settings_box), !busy);
}

static void
update_seats (TwLabPage *self)
{
  guint n = gtk_spin_button_get_value_as_int (self->players_spin);

  for (guint i = 0; i < TW_MAX_PLAYERS; i++)
    if (self->seat_rows[i] != NULL)
      gtk_widget_set_visible (self->seat_rows[i], i < n);
}

/* The Lab's bot choices, from the core's table: the classes, then the
 * strength presets. A class with a main setting shows it in a spin button. */
static guint
n_bot_choices (void)
{
  guint n_classes, n_presets;

  tw_bot_classes (&n_classes);
  tw_bot_presets (&n_presets);
  return n_classes + n_presets;
}

/* The class of choice @i, or NULL for a preset (then *preset is set). */
static const TwBotClass *
bot_choice (guint i, const TwBotPreset **preset)
{
  guint n_classes, n_presets;
  const TwBotClass * const *classes = tw_bot_classes (&n_classes);
  const TwBotPreset *presets = tw_bot_presets (&n_presets);

  *preset = NULL;
  if (i < n_classes)
    return classes[i];
  *preset = &presets[MIN (i - n_classes, n_presets - 1)];
  return NULL;
}

static const TwBotOptionSpec *
bot_choice_main_option (guint i)
{
  const TwBotPreset *preset;
  const TwBotClass *klass = bot_choice (i, &preset);

  return klass != NULL && klass->main_option >= 0 ? &klass->options[klass->main_option] : NULL;
}

/* The choice that shows @spec, and the value of its main setting. */
static guint
bot_choice_of_spec (const TwBotSpec *spec, double *main_value)
{
  for (guint i = 0; i < n_bot_choices (); i++)
    {
      const TwBotPreset *preset;
      const TwBotClass *klass = bot_choice (i, &preset);

      if (spec->preset != NULL ? preset == spec->preset : klass == spec->klass)
        {
          *main_value = klass != NULL && klass->main_option >= 0
                        ? spec->value[klass->main_option] : 0;
          return i;
        }
    }
  *main_value = 0;
  return 0;
}

static char *
bot_choice_spec (guint i, double main_value)
{
  const TwBotPreset *preset;
  const TwBotClass *klass = bot_choice (i, &preset);
  const TwBotOptionSpec *main = bot_choice_main_option (i);

  if (klass == NULL)
    return g_strdup (preset->name);
  if (main == NULL || main_value == main->default_value)
    return g_strdup (klass->name);
  return g_strdup_printf ("%s:%s=%g", klass->name, main->key, main_value);
}

static void
update_seat_bot (TwLabPage *self)
{
  for (guint i = 0; i < TW_MAX_PLAYERS; i++)
    if (self->seat_rows[i] != NULL)
      {
        guint choice = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i]));
        const TwBotOptionSpec *main = bot_choice_main_option (choice);
        GtkWidget *spin = GTK_WIDGET (self->iteration_spins[i]);
        const TwBotPreset *preset;
        const TwBotClass *klass = bot_choice (choice, &preset);
        g_autofree char *subtitle = NULL;

        /* the unit of the number beside it, or what a preset stands for;
         * what the choice plays in the tooltip (a subtitle that long would
         * squeeze the choice's own name) */
        if (klass == NULL)
          subtitle = g_strdup_printf (_("Preset: %s"), preset->spec);
        else if (main != NULL)
          subtitle = g_strdup (_(main->label));
        adw_action_row_set_subtitle (ADW_ACTION_ROW (self->seat_rows[i]), subtitle ? subtitle : "");
        gtk_widget_set_tooltip_text (self->seat_rows[i],
                                     klass != NULL ? _(klass->description) : _(preset->description));

        gtk_widget_set_visible (spin, main != NULL);
        if (main != NULL && g_strcmp0 (g_object_get_data (G_OBJECT (spin), "tw-key"), main->key) != 0)
          {
            /* a time limit of 0 would mean "none": start the spin at a useful value */
            gtk_spin_button_set_range (GTK_SPIN_BUTTON (spin), MAX (main->min, 1), main->max);
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                                       main->default_value > 0 ? main->default_value : 50);
            gtk_widget_set_tooltip_text (spin, _(main->label));
            g_object_set_data (G_OBJECT (spin), "tw-key", (gpointer) main->key);
          }
      }
}

/* The value of an option's control: a combo row, a switch or a spin button. */
static int
control_get_value (GtkWidget *w)
{
  if (ADW_IS_COMBO_ROW (w))
    return (int) adw_combo_row_get_selected (ADW_COMBO_ROW (w));
  if (GTK_IS_SWITCH (w))
    return gtk_switch_get_active (GTK_SWITCH (w));
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w));
}

static void
control_set_value (GtkWidget *w,
                   int        value)
{
  if (ADW_IS_COMBO_ROW (w))
    adw_combo_row_set_selected (ADW_COMBO_ROW (w), (guint) MAX (value, 0));
  else if (GTK_IS_SWITCH (w))
    gtk_switch_set_active (GTK_SWITCH (w), value != 0);
  else
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), value);
}

static int
option_value (TwLabPage *self,
              guint      i)
{
  return control_get_value (self->option_widgets[i]);
}

/* A row for one option of the module's table: a dropdown for a choice, a
 * switch for a flag, a spin button for a number, so that only values of
 * the option's schema can be entered. */
static GtkWidget *
option_control_new (const TwOptionSpec  *spec,
                    int                  value,
                    const char          *title,
                    const char          *subtitle,
                    GtkWidget          **widget_out)
{
  GtkWidget *row, *widget;

  if (spec->type == TW_VALUE_CHOICE && spec->choices != NULL)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new ((const char * const *) spec->choices);

      row = adw_combo_row_new ();
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), MAX (value, 0));
      widget = row;
    }
  else
    {
      row = adw_action_row_new ();
      if (spec->type == TW_VALUE_BOOL)
        {
          widget = gtk_switch_new ();
          gtk_switch_set_active (GTK_SWITCH (widget), value != 0);
        }
      else
        {
          widget = gtk_spin_button_new_with_range (spec->min, MAX (spec->max, spec->min), 1);
          gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (widget), TRUE);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
        }
      gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), widget);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), widget);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      title, -1);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  *widget_out = widget;
  return row;
}

/* The entry of the A/B list after the options: B plays another definition. */
static guint
another_definition_index (TwLabPage *self)
{
  return MIN (self->definition->rules->n_options, TW_MAX_OPTIONS) + 1;
}

/* A definition's name as the results and charts show it; when A and B have
 * the same name, the file tells them apart. */
static char *
definition_title (const char *name,
                  const char *path,
                  const char *other_name)
{
  g_autofree char *basename = NULL;

  if (g_strcmp0 (name, other_name) != 0 || path == NULL)
    return g_strdup (name);
  basename = g_path_get_basename (path);
  return g_strdup_printf ("%s (%s)", name, basename);
}

static void
update_b_definition_row (TwLabPage *self)
{
  g_autofree char *title = NULL;

  if (self->b_definition_row == NULL)
    return;
  if (self->b_definition != NULL)
    title = definition_title (self->b_definition->name, self->b_definition->path,
                              self->definition->name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->b_definition_row),
                               title != NULL ? title
                               : _("None yet: choose a file or a bundled game"));
}

/* "Definition in B": its name, a file chooser and the bundled games. */
static GtkWidget *
b_definition_row_new (TwLabPage *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *choose = gtk_button_new_with_mnemonic (_("C_hoose…"));
  GtkWidget *bundled = gtk_menu_button_new ();
  g_autoptr(GMenuModel) menu = tw_app_bundled_games_menu_new ("lab.b-definition");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Definition in B"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (choose), "lab.b-definition");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (choose), "s", "");
  gtk_widget_set_tooltip_text (choose, _("A definition file (YAML) for arm B"));
  /* GTK 4.8 would read the mnemonic's underscore out */
  gtk_accessible_update_property (GTK_ACCESSIBLE (choose), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Choose a definition for B"), -1);
  gtk_widget_set_valign (choose, GTK_ALIGN_CENTER);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (bundled), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (bundled), menu);
  gtk_widget_set_tooltip_text (bundled, _("A bundled game for arm B"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (bundled), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Bundled games"), -1);
  gtk_widget_set_valign (bundled, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), choose);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), bundled);
  return row;
}

/* When an option is picked for B, offer a value other than A's; when
 * another definition is, the row that chooses it. */
static void
compare_changed (TwLabPage *self)
{
  const TwRules *rules;
  guint selected = adw_combo_row_get_selected (self->compare_row);
  const TwOptionSpec *spec;
  g_autofree char *subtitle = NULL;
  int value, other;

  if (self->b_row != NULL)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->ab_group), self->b_row);
  if (self->b_definition_row != NULL)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->ab_group),
                                  self->b_definition_row);
  self->b_row = NULL;
  self->b_widget = NULL;
  self->b_definition_row = NULL;
  if (self->definition != NULL && selected == another_definition_index (self))
    {
      self->b_definition_row = b_definition_row_new (self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->ab_group), self->b_definition_row);
      update_b_definition_row (self);
      return;
    }
  if (self->definition == NULL || selected == 0
      || selected > MIN (self->definition->rules->n_options, TW_MAX_OPTIONS))
    return;
  rules = self->definition->rules;
  spec = &rules->options[selected - 1];
  value = option_value (self, selected - 1);
  switch (spec->type)
    {
    case TW_VALUE_BOOL:
      other = !value;
      break;
    case TW_VALUE_CHOICE:
      other = spec->choices[value + 1] != NULL ? value + 1 : 0;
      break;
    default:
      other = value < spec->max ? value + 1 : MAX (spec->min, value - 1);
      break;
    }
  /* Translators: the subtitle of "Value in B": the option it sets */
  subtitle = g_strdup_printf (_("The value of %s in arm B"), tw_app_option_label (spec));
  self->b_row = option_control_new (spec, other, _("Value in B"), subtitle, &self->b_widget);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->ab_group), self->b_row);
}

static GtkWidget *
spin_row (const char     *title,
          const char     *subtitle,
          double          min,
          double          max,
          double          value,
          GtkSpinButton **out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  *out = GTK_SPIN_BUTTON (spin);
  return row;
}

static GtkWidget *
option_row (TwLabPage          *self,
            const TwOptionSpec *spec,
            int                 value,
            guint               index)
{
  /* labels and descriptions come from the module's table, shown as written */
  return option_control_new (spec, value, tw_app_option_label (spec), spec->description,
                             &self->option_widgets[index]);
}

static GtkWidget *
add_group (TwLabPage  *self,
           const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (self->settings_box, group);
  g_ptr_array_add (self->groups, group);
  return group;
}

static void
build_settings (TwLabPage *self)
{
  const TwRules *rules = self->definition->rules;
  g_autoptr(GtkStringList) compare = NULL;
  GtkWidget *group, *row;
  guint max_players;

  memset (self->seat_rows, 0, sizeof self->seat_rows);
  memset (self->option_widgets, 0, sizeof self->option_widgets);
  self->b_row = NULL;
  self->b_widget = NULL;
  self->b_definition_row = NULL;

  group = add_group (self, _("Games"), NULL);
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Definition"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), self->definition->name);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  self->definition_row = row;

  max_players = MIN (MIN (self->definition->max_players, rules->max_players), TW_MAX_PLAYERS);
  row = spin_row (_("Players"), NULL, MAX (self->definition->min_players, rules->min_players),
                  max_players, MAX (self->definition->min_players, rules->min_players),
                  &self->players_spin);
  g_signal_connect_swapped (self->players_spin, "value-changed", G_CALLBACK (update_seats), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  {
    g_autofree char *subtitle = NULL;
    g_autofree char *tooltip = NULL;

    /* every game is kept (for exact quantiles, histograms and the CSV), so
     * the Lab's runs are bounded; the CLI splits larger ones into shards */
    subtitle = g_strdup_printf (_("How many games each configuration plays, up to %'u"),
                                TW_SIM_LAB_MAX_GAMES);
    tooltip = g_strdup_printf (_("The Lab keeps every game in memory, so a run has at most "
                                 "%u games. Play larger runs with “tilewright-cli simulate "
                                 "--shard K/N” and put them together with “tilewright-cli "
                                 "merge”."), TW_SIM_LAB_MAX_GAMES);
    row = spin_row (_("Games"), subtitle, 1, TW_SIM_LAB_MAX_GAMES, 1000, &self->games_spin);
    gtk_widget_set_tooltip_text (row, tooltip);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  }

  self->seed_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_row), _("Seed"));
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), "1");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->seed_row));

  row = spin_row (_("Threads"), _("The results do not depend on it"), 1,
                  MAX (g_get_num_processors (), 1), MAX (g_get_num_processors (), 1),
                  &self->jobs_spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  group = add_group (self, _("Bots"), NULL);
  for (guint i = 0; i < max_players; i++)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
      g_autofree char *title = g_strdup_printf (_("Seat %u bot"), i + 1);
      g_autofree char *iterations = g_strdup_printf (_("Seat %u bot setting"), i + 1);
      GtkWidget *spin = gtk_spin_button_new_with_range (1, 1000000, 10);

      for (guint c = 0; c < n_bot_choices (); c++)
        {
          const TwBotPreset *preset;
          const TwBotClass *klass = bot_choice (c, &preset);

          gtk_string_list_append (list, klass != NULL ? _(klass->label) : _(preset->label));
        }

      row = adw_combo_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      iterations, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (update_seat_bot), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      self->seat_rows[i] = row;
      self->iteration_spins[i] = GTK_SPIN_BUTTON (spin);
    }
  update_seat_bot (self);

  if (rules->n_options > 0)
    {
      group = add_group (self, _("Variant"), _("The rules module’s options, as in the definition"));
      for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                   option_row (self, &rules->options[i],
                                               self->definition->options.values[i], i));
    }

  group = add_group (self, _("A/B Comparison"),
                     _("Play the same games again with one option changed, or with another "
                       "definition (same players and bots), and compare"));
  compare = gtk_string_list_new (NULL);
  gtk_string_list_append (compare, _("Nothing"));
  for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
    gtk_string_list_append (compare, tw_app_option_label (&rules->options[i]));
  gtk_string_list_append (compare, _("Another definition"));
  self->compare_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->compare_row), _("_What B changes"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->compare_row), TRUE);
  adw_combo_row_set_model (self->compare_row, G_LIST_MODEL (compare));
  g_signal_connect_swapped (self->compare_row, "notify::selected",
                            G_CALLBACK (compare_changed), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->compare_row));
  self->ab_group = group;

  update_seats (self);
  update_seat_bot (self);
  compare_changed (self);
}

static void
clear_results (TwLabPage *self)
{
  for (guint k = 0; k < 2; k++)
    g_clear_pointer (&self->arms[k], tw_sim_arm_free);
  self->n_arms = 0;
  g_clear_pointer (&self->shown_compare, g_free);
  g_clear_pointer (&self->shown_b_definition, tw_definition_unref);
}

static void update_charts (TwLabPage *self);
static void use_definition (TwLabPage *self, TwDefinition *definition);

static void
cancel_run (TwLabPage *self)
{
  if (self->run != NULL)
    g_atomic_int_set (&self->run->cancel, 1);
}

/**
 * tw_lab_page_set_definition:
 * @self: the page
 * @definition: (nullable): the open definition
 *
 * Rebuilds the settings from @definition's module; a running simulation of
 * the previous definition is cancelled and its results are dropped.
 */
void
tw_lab_page_set_definition (TwLabPage    *self,
                            TwDefinition *definition)
{
  g_return_if_fail (TW_IS_LAB_PAGE (self));

  if (definition == self->definition)
    return;
  use_definition (self, definition);
}

static void
use_definition (TwLabPage    *self,
                TwDefinition *definition)
{
  g_autoptr(TwDefinition) keep = definition != NULL ? tw_definition_ref (definition) : NULL;

  /* a run being opened was for the previous definition */
  if (self->io != NULL)
    g_cancellable_cancel (self->io);
  g_clear_object (&self->io);
  cancel_run (self);
  if (self->run != NULL)
    self->run->discard = TRUE;
  for (guint i = 0; i < self->groups->len; i++)
    gtk_box_remove (self->settings_box, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
  g_clear_pointer (&self->definition, tw_definition_unref);
  /* B's definition was chosen against the previous A */
  if (self->b_loading != NULL)
    g_cancellable_cancel (self->b_loading);
  g_clear_object (&self->b_loading);
  g_clear_pointer (&self->b_definition, tw_definition_unref);
  clear_results (self);
  if (definition != NULL)
    {
      self->definition = tw_definition_ref (definition);
      build_settings (self);
    }
  gtk_stack_set_visible_child_name (self->stack, definition != NULL ? "lab" : "empty");
  gtk_label_set_label (self->status_label, _("Set the games up, then press Run"));
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  update_charts (self);
  update_actions (self);
}

/* ------------------------------------------------------------------------ */
/* Charts                                                                   */

static const TwSimRow *
find_row (GArray          *rows,
          TwSimMetricKind  kind,
          guint            index)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const TwSimRow *row = &g_array_index (rows, TwSimRow, i);
      if (row->metric.kind == kind && row->metric.index == index)
        return row;
    }
  return NULL;
}

static gboolean
significant (GArray          *diffs,
             TwSimMetricKind  kind,
             guint            index)
{
  for (guint i = 0; diffs != NULL && i < diffs->len; i++)
    {
      const TwSimDiff *d = &g_array_index (diffs, TwSimDiff, i);
      if (d->metric.kind == kind && d->metric.index == index)
        return d->significant;
    }
  return FALSE;
}

static void
set_bar_from_row (TwChartBar     *bar,
                  guint           s,
                  const TwSimRow *row)
{
  bar->value[s] = row != NULL ? row->stats.mean : NAN;
  bar->lo[s] = row != NULL ? row->lo : NAN;
  bar->hi[s] = row != NULL ? row->hi : NAN;
}

/* A histogram of every series' values over common bins. */
static void
histogram (TwChart       *chart,
           double *const *values,
           const guint64 *n)
{
  double min = INFINITY, max = -INFINITY, width;
  gboolean integral = TRUE;
  guint n_bins;

  for (guint s = 0; s < chart->n_series; s++)
    for (guint64 i = 0; i < n[s]; i++)
      {
        min = MIN (min, values[s][i]);
        max = MAX (max, values[s][i]);
        integral = integral && values[s][i] == floor (values[s][i]);
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
  n_bins = MIN ((guint) floor ((max - min) / width) + 1, MAX_BINS + 1);
  for (guint b = 0; b < n_bins; b++)
    {
      double lo = min + b * width;
      g_autofree char *label = width == 1 && integral
                               ? g_strdup_printf ("%g", lo)
                               : integral ? g_strdup_printf ("%g–%g", lo, lo + width - 1)
                                          : g_strdup_printf ("%.3g–%.3g", lo, lo + width);
      tw_chart_add_bar (chart, label);
    }
  for (guint s = 0; s < chart->n_series; s++)
    for (guint64 i = 0; i < n[s]; i++)
      {
        guint b = MIN ((guint) floor ((values[s][i] - min) / width), n_bins - 1);
        g_array_index (chart->bars, TwChartBar, b).value[s] += 1;
      }
}

/* Whether B of the shown results plays another definition. */
static gboolean
b_is_definition (TwLabPage *self)
{
  return self->n_arms == 2 && self->arms[1]->change != NULL
         && g_str_has_prefix (self->arms[1]->change, "definition ");
}

/* The arm's definition, told apart from the other arm's when both have
 * the same name. */
static char *
arm_title (TwLabPage *self,
           guint      k)
{
  const TwSimArm *arm = self->arms[k], *other = self->arms[1 - k];

  return definition_title (arm->definition, arm->path, other->definition);
}

/* The legend of arm @k: "A", "B: set goals=false", "A: Colorblock", … */
static char *
series_name (TwLabPage *self,
             guint      k)
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
summary_label (TwLabPage  *self,
               GtkWidget **next)
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
add_summary_label (TwLabPage   *self,
                   GtkWidget  **next,
                   const char  *text)
{
  GtkWidget *label = summary_label (self, next);

  gtk_widget_add_css_class (label, "numeric");
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0
      || gtk_label_get_use_markup (GTK_LABEL (label)))
    gtk_label_set_text (GTK_LABEL (label), text);
}

static void
add_summary_heading (TwLabPage   *self,
                     GtkWidget  **next,
                     const char  *markup)
{
  GtkWidget *label = summary_label (self, next);

  gtk_widget_remove_css_class (label, "numeric");
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), markup) != 0
      || !gtk_label_get_use_markup (GTK_LABEL (label)))
    gtk_label_set_markup (GTK_LABEL (label), markup);
}

static void
update_summary (TwLabPage *self,
                GArray    *rows[2],
                GArray    *diffs)
{
  GtkWidget *next = gtk_widget_get_first_child (GTK_WIDGET (self->summary_box));

  if (!has_results (self))
    goto out;

  for (guint k = 0; k < self->n_arms; k++)
    {
      const TwSimArm *arm = self->arms[k];
      const TwSimRow *moves = find_row (rows[k], TW_SIM_METRIC_MOVES, 0);
      const TwSimRow *tie = find_row (rows[k], TW_SIM_METRIC_TIE, 0);
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
          const TwSimRow *win = find_row (rows[k], TW_SIM_METRIC_WIN, p);
          const TwSimRow *score = find_row (rows[k], TW_SIM_METRIC_SCORE, p);
          g_autofree char *seat = seat_label (arm, p);
          g_autofree char *text = NULL;

          /* Translators: one seat's results: seat, bot, win rate with its 95%
           * interval, mean score */
          text = g_strdup_printf (_("%s (%s): wins %.1f %% (95 %% interval %.1f–%.1f %%), "
                                    "mean score %.2f%s"),
                                  seat, arm->bots[p], win->stats.mean * 100, win->lo * 100,
                                  win->hi * 100, score->stats.mean,
                                  k == 1 && significant (diffs, TW_SIM_METRIC_WIN, p)
                                  ? _(" — win rate differs from A significantly") : "");
          add_summary_label (self, &next, text);
        }
      {
        g_autofree char *text = NULL;

        /* Translators: games played, mean game length in moves, share of ties */
        text = g_strdup_printf (_("%u games, %.1f moves on average (median %.0f), ties %.1f %%"),
                                arm->games->len, moves->stats.mean, moves->stats.median,
                                tie->stats.mean * 100);
        add_summary_label (self, &next, text);
      }
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

static void
update_charts (TwLabPage *self)
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
  self->charts[CHART_WIN] = tw_chart_new (_("Win rate per seat"), n_series);
  self->charts[CHART_WIN]->percent = TRUE;
  self->charts[CHART_WIN]->intervals = TRUE;
  self->charts[CHART_SCORE] = tw_chart_new (_("Mean score per seat"), n_series);
  self->charts[CHART_SCORE]->intervals = TRUE;
  self->charts[CHART_LENGTH] = tw_chart_new (_("Game length (moves)"), n_series);
  self->charts[CHART_COUNTERS] = tw_chart_new (_("Module counters (mean per game)"), n_series);
  self->charts[CHART_COUNTERS]->intervals = TRUE;

  if (!has_results (self))
    {
      self->charts[CHART_SCORE_HIST] = tw_chart_new (_("Score distribution"), 1);
      update_summary (self, NULL, NULL);
      goto out;
    }

  a = self->arms[0];
  rows_a = tw_sim_summarize (a);
  if (self->n_arms == 2 && self->arms[1]->games->len > 0)
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
          set_bar_from_row (win, k, find_row (rows[k], TW_SIM_METRIC_WIN, p));
          set_bar_from_row (score, k, find_row (rows[k], TW_SIM_METRIC_SCORE, p));
        }
      win->marked = significant (diffs, TW_SIM_METRIC_WIN, p);
      score->marked = significant (diffs, TW_SIM_METRIC_SCORE, p);
    }
  for (guint c = 0; c < a->n_counters; c++)
    {
      TwChartBar *bar = tw_chart_add_bar (self->charts[CHART_COUNTERS], a->counter_names[c]);

      set_bar_from_row (bar, 0, find_row (rows[0], TW_SIM_METRIC_COUNTER, c));
      if (self->n_arms == 2)
        {
          const TwSimArm *b = self->arms[1];
          guint cb;

          for (cb = 0; cb < b->n_counters; cb++)
            if (g_str_equal (b->counter_names[cb], a->counter_names[c]))
              break;
          set_bar_from_row (bar, 1, cb < b->n_counters
                                    ? find_row (rows[1], TW_SIM_METRIC_COUNTER, cb) : NULL);
        }
      bar->marked = significant (diffs, TW_SIM_METRIC_COUNTER, c);
    }

  /* distributions: per seat for one run, per arm (seats pooled) for A/B */
  {
    double *values[TW_CHART_MAX_SERIES] = { NULL, };
    guint64 n[TW_CHART_MAX_SERIES] = { 0, };
    TwChart *hist;

    if (self->n_arms == 1)
      {
        hist = tw_chart_new (_("Score distribution (games per score)"), a->n_players);
        for (guint p = 0; p < a->n_players; p++)
          {
            TwSimMetric m = { TW_SIM_METRIC_SCORE, p };

            hist->series[p] = seat_label (a, p);
            values[p] = g_new (double, a->games->len);
            n[p] = a->games->len;
            for (guint g = 0; g < a->games->len; g++)
              values[p][g] = tw_sim_game_metric (a, &g_array_index (a->games, TwSimGame, g), &m);
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
            values[k] = g_new (double, (gsize) arm->games->len * arm->n_players + 1);
            for (guint g = 0; g < arm->games->len; g++)
              for (guint p = 0; p < arm->n_players; p++)
                values[k][n[k]++] = g_array_index (arm->games, TwSimGame, g).score[p];
          }
      }
    histogram (hist, values, n);
    self->charts[CHART_SCORE_HIST] = hist;
    for (guint s = 0; s < TW_CHART_MAX_SERIES; s++)
      g_clear_pointer (&values[s], g_free);

    for (guint k = 0; k < self->n_arms; k++)
      {
        const TwSimArm *arm = self->arms[k];

        values[k] = g_new (double, arm->games->len + 1);
        n[k] = arm->games->len;
        for (guint g = 0; g < arm->games->len; g++)
          values[k][g] = g_array_index (arm->games, TwSimGame, g).moves;
      }
    histogram (self->charts[CHART_LENGTH], values, n);
    for (guint s = 0; s < TW_CHART_MAX_SERIES; s++)
      g_clear_pointer (&values[s], g_free);
  }
  update_summary (self, rows, diffs);

out:
  for (guint c = 0; c < N_CHARTS; c++)
    {
      g_autofree char *description = tw_chart_describe (self->charts[c]);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self->areas[c]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
      gtk_widget_set_visible (self->areas[c], c != CHART_COUNTERS
                                              || self->charts[c]->bars->len > 0
                                              || !has_results (self));
      gtk_widget_queue_draw (self->areas[c]);
    }
}

static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  TwLabPage *self = user_data;
  guint c = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "chart"));
  GdkRGBA color;
  double fg[3];

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &color);
  fg[0] = color.red;
  fg[1] = color.green;
  fg[2] = color.blue;
  if (self->charts[c] != NULL)
    tw_chart_draw (self->charts[c], cr, width, height, fg);
}

static gboolean
chart_tooltip (GtkWidget  *area,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip,
               TwLabPage  *self)
{
  guint c = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "chart"));
  g_autofree char *text = NULL;

  if (keyboard || self->charts[c] == NULL)
    return FALSE;
  text = tw_chart_bar_at (self->charts[c], gtk_widget_get_width (area),
                          gtk_widget_get_height (area), x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Running                                                                  */

static gboolean
take_pending (TwLabPage *self)
{
  Run *run = self->run;
  gboolean changed = FALSE;
  GPtrArray *chunks[2] = { NULL, NULL };

  g_mutex_lock (&run->mutex);
  for (guint k = 0; k < run->n_arms; k++)
    {
      chunks[k] = run->pending[k];
      run->pending[k] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
    }
  g_mutex_unlock (&run->mutex);

  for (guint k = 0; k < run->n_arms; k++)
    {
      if (run->discard)
        g_ptr_array_set_size (chunks[k], 0);
      for (guint i = 0; i < chunks[k]->len; i++)
        {
          g_autoptr(GError) error = NULL;
          TwSimArm *chunk = g_ptr_array_index (chunks[k], i);

          if (self->arms[k] == NULL)
            self->arms[k] = g_ptr_array_steal_index (chunks[k], i--);
          else if (!tw_sim_arm_merge (self->arms[k], chunk, &error))
            g_critical ("merging simulation chunks: %s", error->message);
          changed = TRUE;
        }
      g_ptr_array_unref (chunks[k]);
    }
  if (self->arms[0] != NULL)
    self->n_arms = run->n_arms;
  return changed;
}

static char *
format_duration (double seconds)
{
  guint s = (guint) ceil (seconds);

  if (s >= 3600)
    return g_strdup_printf ("%u:%02u:%02u", s / 3600, s / 60 % 60, s % 60);
  return g_strdup_printf ("%u:%02u", s / 60, s % 60);
}

static void
update_progress (TwLabPage *self)
{
  Run *run = self->run;
  guint64 done, total = run->total * run->n_arms;
  double elapsed = (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;
  double rate;
  g_autofree char *left = NULL;
  g_autofree char *text = NULL;

  g_mutex_lock (&run->mutex);
  done = run->done;
  g_mutex_unlock (&run->mutex);

  rate = elapsed > 0 ? done / elapsed : 0;
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  if (rate > 0)
    left = format_duration ((total - done) / rate);
  /* Translators: progress: games done of all, games per second, time left */
  text = g_strdup_printf (_("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " games · "
                            "%.0f games/s · %s left"),
                          done, total, rate, left != NULL ? left : "–");
  gtk_label_set_label (self->status_label, text);
}

/* Merging and summarising cost time in proportion to the games shown, so
 * with hundreds of thousands of games the charts are redrawn less often:
 * at most a tenth of the main loop's time goes to them and the window stays
 * responsive however long the run. The progress line is cheap and is
 * updated on every tick. */
static gboolean
tick (gpointer data)
{
  TwLabPage *self = data;
  gint64 now = g_get_monotonic_time ();

  if (now >= self->next_charts)
    {
      if (take_pending (self))
        {
          update_charts (self);
          update_actions (self);
        }
      self->next_charts = now + 10 * (g_get_monotonic_time () - now);
    }
  update_progress (self);
  return G_SOURCE_CONTINUE;
}

static void
run_finished (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TwLabPage *self = TW_LAB_PAGE (source);
  g_autoptr(GError) error = NULL;
  double elapsed = (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;
  g_autofree char *text = NULL;
  g_autofree char *duration = format_duration (elapsed);
  Run *run = self->run;

  (void) user_data;
  g_task_propagate_boolean (G_TASK (result), &error);
  g_clear_handle_id (&self->timer, g_source_remove);
  take_pending (self);
  update_progress (self);

  if (error == NULL)
    /* Translators: a finished run: games and the time they took */
    text = g_strdup_printf (_("Finished: %u games in %s"),
                            has_results (self) ? self->arms[0]->games->len : 0, duration);
  else if (g_error_matches (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED))
    text = g_strdup_printf (_("Cancelled after %u games; the results so far are shown"),
                            has_results (self) ? self->arms[0]->games->len : 0);
  else
    {
      text = g_strdup_printf (_("Stopped: %s"), error->message);
      toast (self, text);
    }
  gtk_label_set_label (self->status_label, text);
  self->run = NULL;
  run_unref (run);
  update_charts (self);
  update_actions (self);
}

/* Whether @def (B's definition) can be played by @n_players, as A is. */
static gboolean
b_supports_players (const TwDefinition  *def,
                    guint                n_players,
                    GError             **error)
{
  guint min = MAX (def->min_players, def->rules->min_players);
  guint max = MIN (MIN (def->max_players, def->rules->max_players), TW_MAX_PLAYERS);

  if (n_players >= min && n_players <= max)
    return TRUE;
  /* Translators: B's definition, its rules module, its player range, the Lab's players */
  g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
               _("B’s definition “%s” (rules “%s”) is for %u to %u players, not %u: "
                 "A and B play with the same players"),
               def->name, def->rules->id, min, max, n_players);
  return FALSE;
}

static gboolean
parse_seed (const char *text,
            guint64    *seed)
{
  char *end = NULL;

  if (text == NULL || !g_ascii_isdigit (*text))
    return FALSE;
  *seed = g_ascii_strtoull (text, &end, 10);
  return end != NULL && *end == '\0';
}

static void
run_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  const TwRules *rules;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  TwOptions options;
  guint n_players, compare;
  g_autofree char *assignment = NULL;
  Run *run;

  (void) action_name;
  (void) parameter;
  if (self->definition == NULL || self->run != NULL)
    return;
  rules = self->definition->rules;

  run = g_new0 (Run, 1);
  run->ref_count = 1;
  g_mutex_init (&run->mutex);
  run->pending[0] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  run->pending[1] = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  run->path = g_strdup (self->definition->path);
  run->total = gtk_spin_button_get_value_as_int (self->games_spin);
  run->jobs = gtk_spin_button_get_value_as_int (self->jobs_spin);
  if (!parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &run->seed))
    {
      toast (self, _("The seed must be a whole number from 0 to 18446744073709551615"));
      run_unref (run);
      return;
    }

  n_players = gtk_spin_button_get_value_as_int (self->players_spin);
  for (guint p = 0; p < n_players; p++)
    {
      TwBotSpec *spec = &run->bots[p];
      g_autofree char *text = NULL;

      text = bot_choice_spec (adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[p])),
                              gtk_spin_button_get_value (self->iteration_spins[p]));
      if (!tw_bot_spec_parse (text, spec, &error))
        g_error ("bot spec %s: %s", text, error->message);
    }

  tw_options_set_defaults (&options, rules->options, rules->n_options);
  for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
    options.values[i] = option_value (self, i);
  run->games[0] = tw_game_new (self->definition, n_players, &options, &error);
  run->n_arms = 1;

  compare = adw_combo_row_get_selected (self->compare_row);
  if (run->games[0] != NULL && compare == another_definition_index (self))
    {
      /* B plays another definition, as written in its file, with the same
       * players, bots, seed and games (tw-cli simulate --compare-file) */
      TwDefinition *b = self->b_definition;

      if (b == NULL)
        g_set_error_literal (&error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                             _("Choose the definition B plays: a file or a bundled game"));
      else if (b_supports_players (b, n_players, &error))
        run->games[1] = tw_game_new (b, n_players, &b->options, &error);
      if (run->games[1] != NULL)
        {
          g_autofree char *title = definition_title (b->name, b->path, self->definition->name);

          run->n_arms = 2;
          run->change = g_strdup_printf ("definition %s", title);
          run->path_b = g_strdup (b->path);
        }
    }
  else if (run->games[0] != NULL && compare > 0 && self->b_widget != NULL)
    {
      const TwOptionSpec *spec = &rules->options[compare - 1];
      int value = control_get_value (self->b_widget);
      g_autofree char *text = tw_option_value_to_string (spec, value);
      TwOptions b = options;

      assignment = g_strdup_printf ("%s=%s", spec->name, text);
      if (value == options.values[compare - 1])
        g_set_error (&error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                     _("B would play the same rules as A: pick another value of %s for B"),
                     tw_app_option_label (spec));
      else if (tw_options_set_from_string (&b, rules->options, rules->n_options, assignment,
                                           &error))
        run->games[1] = tw_game_new (self->definition, n_players, &b, &error);
      if (run->games[1] != NULL)
        {
          run->n_arms = 2;
          run->change = g_strdup_printf ("set %s", assignment);
        }
    }
  if (error != NULL)
    {
      toast (self, error->message);
      run_unref (run);
      return;
    }

  clear_results (self);
  self->shown_jobs = run->jobs;
  self->shown_compare = run->n_arms == 2 ? g_steal_pointer (&assignment) : NULL;
  if (run->n_arms == 2 && run->path_b != NULL)
    self->shown_b_definition = tw_definition_ref (self->b_definition);
  self->run = run;
  self->started = g_get_monotonic_time ();
  self->next_charts = 0;
  task = g_task_new (self, NULL, run_finished, NULL);
  g_task_set_source_tag (task, run_activated);
  g_task_set_task_data (task, run_ref (run), run_unref);
  g_task_run_in_thread (task, run_thread);
  self->timer = g_timeout_add (250, tick, self);
  gtk_label_set_label (self->status_label, _("Starting…"));
  update_charts (self);
  update_actions (self);
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  (void) action_name;
  (void) parameter;
  cancel_run (TW_LAB_PAGE (widget));
}

/* ------------------------------------------------------------------------ */
/* Export                                                                   */

/* Every game of A (and B), as `simulate --per-game` writes them, always
 * with the column "arm". */
static gboolean
export_csv (TwLabPage   *self,
            const char  *path,
            GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) arms = g_ptr_array_new ();

  for (guint k = 0; k < self->n_arms; k++)
    g_ptr_array_add (arms, self->arms[k]);
  tw_sim_games_csv (arms, TRUE, out);
  return tw_file_save (path, out->str, (gssize) out->len, error);
}

static gboolean
export_json (TwLabPage   *self,
             const char  *path,
             GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) arms = g_ptr_array_new ();

  for (guint k = 0; k < self->n_arms; k++)
    g_ptr_array_add (arms, self->arms[k]);
  tw_sim_to_json (arms, out);
  return tw_file_save (path, out->str, (gssize) out->len, error);
}

/* Every shown chart, one under the other, black on white; saved atomically
 * (tw-file.h). */
static gboolean
export_charts (TwLabPage   *self,
               const char  *path,
               gboolean     svg,
               GError     **error)
{
  const double black[3] = { 0.1, 0.1, 0.1 };
  const int width = 900;
  g_autoptr(TwSaveFile) file = tw_save_file_begin (path, error);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  guint n = 0;

  if (file == NULL)
    return FALSE;
  for (guint c = 0; c < N_CHARTS; c++)
    n += gtk_widget_get_visible (self->areas[c]);
  if (svg)
    surface = cairo_svg_surface_create_for_stream (tw_export_save_write, file, width, n * CHART_HEIGHT);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, n * CHART_HEIGHT);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  for (guint c = 0; c < N_CHARTS; c++)
    {
      if (!gtk_widget_get_visible (self->areas[c]))
        continue;
      tw_chart_draw (self->charts[c], cr, width, CHART_HEIGHT, black);
      cairo_translate (cr, 0, CHART_HEIGHT);
    }
  cairo_destroy (cr);
  if (svg)
    cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  if (!svg && status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, tw_export_save_write, file);
  cairo_surface_destroy (surface);
  if (!tw_export_save_check (status, file, path, error))
    return FALSE;
  return tw_save_file_commit (g_steal_pointer (&file), error);
}

typedef enum { EXPORT_CSV, EXPORT_JSON, EXPORT_PNG, EXPORT_SVG } ExportKind;

static void
export_to (TwLabPage  *self,
           ExportKind  kind,
           const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *message = NULL;
  gboolean ok;

  if (!has_results (self))
    return;
  switch (kind)
    {
    case EXPORT_CSV:  ok = export_csv (self, path, &error); break;
    case EXPORT_JSON: ok = export_json (self, path, &error); break;
    case EXPORT_PNG:  ok = export_charts (self, path, FALSE, &error); break;
    case EXPORT_SVG:
    default:          ok = export_charts (self, path, TRUE, &error); break;
    }
  if (ok)
    message = g_strdup_printf (_("Exported “%s”"), basename);
  else
    message = g_strdup_printf (_("Could not export “%s”: %s"), basename, error->message);
  toast (self, message);
}

static void
chooser_response (GtkNativeDialog *dialog,
                  int              response,
                  TwLabPage       *self)
{
  ExportKind kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "kind"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        export_to (self, kind, path);
    }
  g_clear_object (&self->chooser);
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  static const char * const names[] = { "results.csv", "results.json", "charts.png",
                                        "charts.svg" };
  TwLabPage *self = TW_LAB_PAGE (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  ExportKind kind;
  GtkWidget *root;

  if (g_str_equal (action_name, "lab.export-csv"))
    kind = EXPORT_CSV;
  else if (g_str_equal (action_name, "lab.export-json"))
    kind = EXPORT_JSON;
  else if (g_str_equal (action_name, "lab.export-png"))
    kind = EXPORT_PNG;
  else
    kind = EXPORT_SVG;

  if (*path != '\0')
    {
      export_to (self, kind, path);
      return;
    }
  if (self->chooser != NULL)
    return;
  root = GTK_WIDGET (gtk_widget_get_root (widget));
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
      kind == EXPORT_CSV ? _("Export CSV") : kind == EXPORT_JSON ? _("Export JSON")
                                                                  : _("Export Charts"),
      GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, GTK_FILE_CHOOSER_ACTION_SAVE,
      _("_Export"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), names[kind]);
  g_object_set_data (G_OBJECT (self->chooser), "kind", GUINT_TO_POINTER (kind));
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* ------------------------------------------------------------------------ */
/* Saving and opening a run                                                 */

static void
show_error (TwLabPage  *self,
            const char *heading,
            const char *message)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, NULL);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The shown results with the settings they were played with (not the form,
 * which may have changed since): what a saved run holds. */
static TwSimLabRun *
run_to_save (TwLabPage *self)
{
  TwSimLabRun *run = tw_sim_lab_run_new ();
  const TwSimArm *a = self->arms[0];

  run->definition_path = g_strdup (self->definition->path);
  run->definition_name = g_strdup (self->definition->name);
  run->definition_text = g_strdup (self->definition->text);
  run->n_players = a->n_players;
  run->bots = g_strdupv (a->bots);
  run->games = a->total_games;
  run->seed = a->seed;
  run->jobs = MAX (self->shown_jobs, 1);
  run->options = g_strdupv (a->options);
  run->compare = self->n_arms == 2 ? g_strdup (self->shown_compare) : NULL;
  if (self->n_arms == 2 && self->shown_b_definition != NULL)
    {
      run->compare_definition_path = g_strdup (self->shown_b_definition->path);
      run->compare_definition_name = g_strdup (self->shown_b_definition->name);
      run->compare_definition_text = g_strdup (self->shown_b_definition->text);
    }
  for (guint k = 0; k < self->n_arms; k++)
    g_ptr_array_add (run->arms, tw_sim_arm_copy (self->arms[k]));
  return run;
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  TwSimLabRun *run = task_data;
  const char *path = g_object_get_data (G_OBJECT (task), "path");
  GError *error = NULL;

  (void) source_object;
  (void) cancellable;
  if (tw_sim_lab_run_save (run, path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
save_finished (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  TwLabPage *self = TW_LAB_PAGE (source);
  const char *path = g_object_get_data (G_OBJECT (result), "path");
  g_autofree char *basename = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  (void) user_data;
  g_task_propagate_boolean (G_TASK (result), &error);
  if (g_cancellable_is_cancelled (self->io))
    return;
  g_clear_object (&self->io);
  if (error != NULL)
    {
      show_error (self, _("Could Not Save the Run"), error->message);
    }
  else
    {
      g_free (self->run_file);
      self->run_file = g_strdup (path);
      /* Translators: a Lab run was saved to this file */
      message = g_strdup_printf (_("Saved “%s”"), basename);
      toast (self, message);
    }
  update_actions (self);
}

static void
save_run_to (TwLabPage  *self,
             const char *path)
{
  g_autoptr(GTask) task = NULL;

  if (!has_results (self) || self->run != NULL || self->io != NULL)
    return;
  self->io = g_cancellable_new ();
  task = g_task_new (self, self->io, save_finished, NULL);
  g_task_set_source_tag (task, save_run_to);
  g_task_set_task_data (task, run_to_save (self), (GDestroyNotify) tw_sim_lab_run_free);
  g_object_set_data_full (G_OBJECT (task), "path", g_strdup (path), g_free);
  g_task_run_in_thread (task, save_thread);
  update_actions (self);
}

typedef struct
{
  char         *path;
  char         *status;      /* the status line before, shown again if the file is refused */
  TwDefinition *current;     /* the page's definition, to reuse when the text is the same */
  TwSimLabRun  *run;         /* out */
  TwDefinition *definition;  /* out: the definition the run was played on */
  TwDefinition *definition_b; /* out: B's, when B played another definition */
} OpenData;

static void
open_data_free (gpointer data)
{
  OpenData *d = data;

  g_free (d->path);
  g_free (d->status);
  g_clear_pointer (&d->current, tw_definition_unref);
  g_clear_pointer (&d->run, tw_sim_lab_run_free);
  g_clear_pointer (&d->definition, tw_definition_unref);
  g_clear_pointer (&d->definition_b, tw_definition_unref);
  g_free (d);
}

static void
open_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenData *d = task_data;
  GError *error = NULL;

  (void) source_object;
  (void) cancellable;
  d->run = tw_sim_lab_run_load (d->path, &error);
  if (d->run == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (d->current != NULL && g_strcmp0 (d->current->text, d->run->definition_text) == 0)
    d->definition = tw_definition_ref (d->current);
  else
    {
      g_autofree char *name = g_path_get_basename (d->run->definition_path != NULL
                                                   ? d->run->definition_path : d->path);

      d->definition = tw_definition_load_data (d->run->definition_text, -1, name, NULL, &error);
      if (d->definition == NULL)
        {
          g_prefix_error (&error, _("%s: the definition saved in the run does not load: "),
                          d->path);
          g_task_return_error (task, error);
          return;
        }
    }
  if (d->run->compare_definition_text != NULL)
    {
      g_autofree char *name = g_path_get_basename (d->run->compare_definition_path != NULL
                                                   ? d->run->compare_definition_path
                                                   : d->path);

      d->definition_b = tw_definition_load_data (d->run->compare_definition_text, -1, name,
                                                 NULL, &error);
      if (d->definition_b == NULL)
        {
          g_prefix_error (&error, _("%s: B’s definition saved in the run does not load: "),
                          d->path);
          g_task_return_error (task, error);
          return;
        }
      /* the saved path names it in the charts, as when it was played */
      g_free (d->definition_b->path);
      d->definition_b->path = g_strdup (d->run->compare_definition_path);
    }
  g_task_return_boolean (task, TRUE);
}

static gboolean
parse_options (const TwRules  *rules,
               char          **assignments,
               TwOptions      *options,
               GError        **error)
{
  for (guint i = 0; assignments != NULL && assignments[i] != NULL; i++)
    if (!tw_options_set_from_string (options, rules->options, rules->n_options, assignments[i],
                                     error))
      return FALSE;
  return TRUE;
}

/* What the form cannot show or the module does not accept is refused
 * before anything on the page changes. */
static gboolean
check_run (const TwSimLabRun  *run,
           const TwDefinition *def,
           const TwDefinition *def_b,
           TwOptions          *a,
           TwOptions          *b,
           guint              *compared,
           TwBotSpec          *bots,
           GError            **error)
{
  const TwRules *rules = def->rules;
  const TwSimArm *arm = g_ptr_array_index (run->arms, 0);
  guint min_players = MAX (def->min_players, rules->min_players);
  guint max_players = MIN (MIN (def->max_players, rules->max_players), TW_MAX_PLAYERS);

  if (!g_str_equal (arm->rules_id, rules->id))
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                   _("the results are of the rules “%s”, the definition is of “%s”"),
                   arm->rules_id, rules->id);
      return FALSE;
    }
  if (run->n_players < min_players || run->n_players > max_players)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                   _("%u players, but %s is for %u to %u"), run->n_players, def->name,
                   min_players, max_players);
      return FALSE;
    }
  for (guint p = 0; p < run->n_players; p++)
    if (!tw_bot_spec_parse (run->bots[p], &bots[p], error))
      return FALSE;
  tw_options_set_defaults (a, rules->options, rules->n_options);
  if (!parse_options (rules, run->options, a, error))
    return FALSE;
  *b = *a;
  *compared = 0;
  if (def_b != NULL)
    {
      const TwSimArm *arm_b = g_ptr_array_index (run->arms, 1);

      if (run->compare != NULL)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("B changes both an option and the definition; the Lab shows one"));
          return FALSE;
        }
      if (!g_str_equal (arm_b->rules_id, def_b->rules->id))
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("B’s results are of the rules “%s”, its definition is of “%s”"),
                       arm_b->rules_id, def_b->rules->id);
          return FALSE;
        }
      if (!b_supports_players (def_b, run->n_players, error))
        return FALSE;
      *compared = MIN (rules->n_options, TW_MAX_OPTIONS) + 1;
      return TRUE;
    }
  if (run->compare != NULL)
    {
      g_auto(GStrv) name = g_strsplit (run->compare, "=", 2);
      guint index;

      if (!parse_options (rules, (char *[]) { run->compare, NULL }, b, error))
        return FALSE;
      if (tw_option_find (rules->options, rules->n_options, name[0], &index) == NULL
          || index >= TW_MAX_OPTIONS || b->values[index] == a->values[index])
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("“compare”: %s does not change an option of A"), run->compare);
          return FALSE;
        }
      *compared = index + 1;
    }
  return TRUE;
}

static void
open_finished (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  TwLabPage *self = TW_LAB_PAGE (source);
  OpenData *d = g_task_get_task_data (G_TASK (result));
  g_autofree char *basename = g_path_get_basename (d->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *status = NULL;
  TwBotSpec bots[TW_MAX_PLAYERS];
  TwOptions a, b;
  guint compared;
  const TwSimArm *arm;

  (void) user_data;
  g_task_propagate_boolean (G_TASK (result), &error);
  if (g_cancellable_is_cancelled (self->io))
    return;
  g_clear_object (&self->io);
  update_actions (self);
  if (error == NULL && !check_run (d->run, d->definition, d->definition_b, &a, &b, &compared,
                                   bots, &error))
    g_prefix_error (&error, "%s: ", d->path);
  if (error != NULL)
    {
      gtk_label_set_label (self->status_label, d->status);
      show_error (self, _("Could Not Open the Run"), error->message);
      return;
    }

  /* the form as the run was set up */
  if (d->definition != self->definition)
    {
      g_autofree char *subtitle = NULL;

      use_definition (self, d->definition);
      /* Translators: the Lab's definition row after opening a run made on
       * another version of the open definition */
      subtitle = g_strdup_printf (_("%s, as saved in the run"), d->definition->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->definition_row), subtitle);
    }
  clear_results (self);
  gtk_spin_button_set_value (self->players_spin, d->run->n_players);
  /* a run saved before the Lab's limit may be larger: show what it asked for */
  gtk_spin_button_set_range (self->games_spin, 1,
                             MAX (TW_SIM_LAB_MAX_GAMES, (double) d->run->games));
  gtk_spin_button_set_value (self->games_spin, (double) d->run->games);
  text = g_strdup_printf ("%" G_GUINT64_FORMAT, d->run->seed);
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
  gtk_spin_button_set_range (self->jobs_spin, 1,
                             MAX ((guint) MAX (g_get_num_processors (), 1), d->run->jobs));
  gtk_spin_button_set_value (self->jobs_spin, d->run->jobs);
  for (guint p = 0; p < d->run->n_players; p++)
    {
      double main_value;
      guint choice = bot_choice_of_spec (&bots[p], &main_value);

      adw_combo_row_set_selected (ADW_COMBO_ROW (self->seat_rows[p]), choice);
      update_seat_bot (self);
      if (bot_choice_main_option (choice) != NULL && main_value > 0)
        gtk_spin_button_set_value (self->iteration_spins[p], main_value);
    }
  for (guint i = 0; i < MIN (d->definition->rules->n_options, TW_MAX_OPTIONS); i++)
    control_set_value (self->option_widgets[i], a.values[i]);
  if (d->definition_b != NULL)
    {
      g_clear_pointer (&self->b_definition, tw_definition_unref);
      self->b_definition = tw_definition_ref (d->definition_b);
    }
  adw_combo_row_set_selected (self->compare_row, compared);
  compare_changed (self);
  if (compared > 0 && d->definition_b == NULL)
    control_set_value (self->b_widget, b.values[compared - 1]);

  /* and its results, as they were */
  for (guint k = 0; d->run->arms->len > 0; k++)
    self->arms[k] = g_ptr_array_steal_index (d->run->arms, 0);
  self->n_arms = compared > 0 ? 2 : 1;
  self->shown_jobs = d->run->jobs;
  self->shown_compare = g_strdup (d->run->compare);
  if (d->definition_b != NULL)
    self->shown_b_definition = tw_definition_ref (d->definition_b);
  g_free (self->run_file);
  self->run_file = g_strdup (d->path);
  arm = self->arms[0];
  /* Translators: a Lab run was opened: its file, games played, games asked for */
  status = g_strdup_printf (_("Opened “%s”: %u of %" G_GUINT64_FORMAT " games"),
                            basename, arm->games->len, arm->total_games);
  gtk_label_set_label (self->status_label, status);
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 arm->total_games > 0
                                 ? (double) arm->games->len / arm->total_games : 0);
  update_charts (self);
  update_actions (self);
}

static void
open_run_from (TwLabPage  *self,
               const char *path)
{
  g_autoptr(GTask) task = NULL;
  OpenData *d;

  if (self->run != NULL || self->io != NULL)
    return;
  d = g_new0 (OpenData, 1);
  d->path = g_strdup (path);
  d->status = g_strdup (gtk_label_get_label (self->status_label));
  d->current = self->definition != NULL ? tw_definition_ref (self->definition) : NULL;
  self->io = g_cancellable_new ();
  task = g_task_new (self, self->io, open_finished, NULL);
  g_task_set_source_tag (task, open_run_from);
  g_task_set_task_data (task, d, open_data_free);
  g_task_run_in_thread (task, open_thread);
  gtk_label_set_label (self->status_label, _("Opening…"));
  update_actions (self);
}

static void
run_chooser_response (GtkNativeDialog *dialog,
                      int              response,
                      TwLabPage       *self)
{
  gboolean save = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "save"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && save)
        save_run_to (self, path);
      else if (path != NULL)
        open_run_from (self, path);
    }
  g_clear_object (&self->chooser);
}

static void
run_file_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  gboolean save = g_str_equal (action_name, "lab.save-run");
  const char *path = g_variant_get_string (parameter, NULL);
  g_autoptr(GtkFileFilter) runs = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  GtkRoot *root;

  if (*path != '\0')
    {
      if (save)
        save_run_to (self, path);
      else
        open_run_from (self, path);
      return;
    }
  if (self->chooser != NULL)
    return;
  root = gtk_widget_get_root (widget);
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
      save ? _("Save Run") : _("Open Run"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
      save ? _("_Save") : _("_Open"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_filter_set_name (runs, _("Lab runs"));
  gtk_file_filter_add_pattern (runs, "*.twlab");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), runs);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  if (save)
    {
      g_autofree char *name = NULL;

      if (self->run_file != NULL)
        name = g_path_get_basename (self->run_file);
      else
        {
          g_autofree char *lower = g_ascii_strdown (self->definition->name, -1);

          g_strdelimit (lower, " /\\:", '-');
          name = g_strconcat (lower, ".twlab", NULL);
        }
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_object_set_data (G_OBJECT (self->chooser), "save", GUINT_TO_POINTER (save));
  g_signal_connect (self->chooser, "response", G_CALLBACK (run_chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* ------------------------------------------------------------------------ */
/* B's definition                                                           */

static void
b_load_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  const char *path = task_data;
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (path);
  GError *error = NULL;
  TwDefinition *def;

  (void) source_object;
  (void) cancellable;
  def = tw_definition_load_file (path, diags, &error);
  if (def == NULL)
    {
      /* every problem as FILE:LINE:COLUMN: message, as the CLI says them */
      g_autoptr(GString) text = g_string_new (NULL);
      guint shown = 0;

      for (guint i = 0; i < tw_diagnostics_get_n (diags) && shown < 5; i++)
        {
          const TwDiag *d = tw_diagnostics_get (diags, i);

          if (d->level != TW_DIAG_ERROR)
            continue;
          if (text->len > 0)
            g_string_append_c (text, '\n');
          if (d->line > 0)
            g_string_append_printf (text, "%s:%u:%u: %s", path, d->line, d->column, d->message);
          else
            g_string_append_printf (text, "%s: %s", path, d->message);
          if (d->hint != NULL)
            g_string_append_printf (text, " (%s)", d->hint);
          shown++;
        }
      if (shown > 0)
        {
          g_clear_error (&error);
          g_set_error_literal (&error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID,
                               text->str);
        }
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, def, (GDestroyNotify) tw_definition_unref);
}

static void
b_load_finished (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  TwLabPage *self = TW_LAB_PAGE (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = g_task_propagate_pointer (G_TASK (result), &error);

  (void) user_data;
  if (g_task_get_cancellable (G_TASK (result)) != self->b_loading)
    return;
  g_clear_object (&self->b_loading);
  if (def != NULL)
    b_supports_players (def, gtk_spin_button_get_value_as_int (self->players_spin), &error);
  if (error != NULL)
    {
      /* B stays what it was */
      update_b_definition_row (self);
      show_error (self, _("Could Not Use the Definition for B"), error->message);
      return;
    }
  g_clear_pointer (&self->b_definition, tw_definition_unref);
  self->b_definition = g_steal_pointer (&def);
  update_b_definition_row (self);
}

static void
b_load (TwLabPage  *self,
        const char *path)
{
  g_autoptr(GTask) task = NULL;

  if (self->definition == NULL)
    return;
  if (self->b_loading != NULL)
    g_cancellable_cancel (self->b_loading);
  g_clear_object (&self->b_loading);
  self->b_loading = g_cancellable_new ();
  task = g_task_new (self, self->b_loading, b_load_finished, NULL);
  g_task_set_source_tag (task, b_load);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, b_load_thread);
  if (self->b_definition_row != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->b_definition_row), _("Loading…"));
}

static void
b_chooser_response (GtkNativeDialog *dialog,
                    int              response,
                    TwLabPage       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        b_load (self, path);
    }
  g_clear_object (&self->chooser);
}

/* "lab.b-definition": a path (a bundled game), or "" for a file chooser. */
static void
b_definition_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  g_autoptr(GtkFileFilter) yaml = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  GtkRoot *root;

  (void) action_name;
  if (*path != '\0')
    {
      b_load (self, path);
      return;
    }
  if (self->chooser != NULL)
    return;
  root = gtk_widget_get_root (widget);
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
      _("Definition for B"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_filter_set_name (yaml, _("Game definitions (YAML)"));
  gtk_file_filter_add_pattern (yaml, "*.yaml");
  gtk_file_filter_add_pattern (yaml, "*.yml");
  gtk_file_filter_add_mime_type (yaml, "application/x-yaml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), yaml);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  g_signal_connect (self->chooser, "response", G_CALLBACK (b_chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* Ctrl+S saves the run while the Lab is on screen and leaves the key to
 * the window (Save Game) otherwise. */
static gboolean
save_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  TwLabPage *self = TW_LAB_PAGE (widget);

  (void) args;
  (void) user_data;
  if (!gtk_widget_get_mapped (widget) || !has_results (self) || self->run != NULL
      || self->io != NULL)
    return FALSE;
  gtk_widget_activate_action (widget, "lab.save-run", "s", "");
  return TRUE;
}

/* The same exports as window actions ("win.lab-export-csv" with a path):
 * a window's action group is exported on D-Bus with the application, which
 * lets scripts and tests export without a file chooser. */
static void
window_export_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  TwLabPage *self = user_data;
  const char *name = g_action_get_name (G_ACTION (action));
  g_autofree char *page_action = g_strconcat ("lab.", name + strlen ("lab-"), NULL);

  gtk_widget_activate_action_variant (GTK_WIDGET (self), page_action, parameter);
}

static void
tw_lab_page_root (GtkWidget *widget)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  GtkRoot *root;

  GTK_WIDGET_CLASS (tw_lab_page_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (!G_IS_ACTION_MAP (root))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (window_action_names); i++)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new (window_action_names[i],
                                                             G_VARIANT_TYPE_STRING);

      g_signal_connect_object (action, "activate", G_CALLBACK (window_export_activated), self, 0);
      g_action_map_add_action (G_ACTION_MAP (root), G_ACTION (action));
    }
}

static void
tw_lab_page_unroot (GtkWidget *widget)
{
  TwLabPage *self = TW_LAB_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  /* a closed window stops its games */
  cancel_run (self);
  if (G_IS_ACTION_MAP (root))
    for (guint i = 0; i < G_N_ELEMENTS (window_action_names); i++)
      g_action_map_remove_action (G_ACTION_MAP (root), window_action_names[i]);
  GTK_WIDGET_CLASS (tw_lab_page_parent_class)->unroot (widget);
}

/* ------------------------------------------------------------------------ */

static void
tw_lab_page_dispose (GObject *object)
{
  TwLabPage *self = TW_LAB_PAGE (object);

  cancel_run (self);
  if (self->io != NULL)
    g_cancellable_cancel (self->io);
  g_clear_object (&self->io);
  if (self->b_loading != NULL)
    g_cancellable_cancel (self->b_loading);
  g_clear_object (&self->b_loading);
  g_clear_handle_id (&self->timer, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  /* the rows' handlers must not run on a half-disposed page */
  if (self->compare_row != NULL)
    g_signal_handlers_disconnect_by_data (self->compare_row, self);
  if (self->players_spin != NULL)
    g_signal_handlers_disconnect_by_data (self->players_spin, self);
  for (guint i = 0; i < TW_MAX_PLAYERS; i++)
    if (self->seat_rows[i] != NULL)
      g_signal_handlers_disconnect_by_data (self->seat_rows[i], self);
  self->compare_row = NULL;
  self->players_spin = NULL;
  memset (self->seat_rows, 0, sizeof self->seat_rows);
  /* AdwBin owns the template's root and unparents it itself */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_LAB_PAGE);
  G_OBJECT_CLASS (tw_lab_page_parent_class)->dispose (object);
}

static void
tw_lab_page_finalize (GObject *object)
{
  TwLabPage *self = TW_LAB_PAGE (object);

  clear_results (self);
  g_clear_pointer (&self->b_definition, tw_definition_unref);
  g_free (self->run_file);
  for (guint c = 0; c < N_CHARTS; c++)
    g_clear_pointer (&self->charts[c], tw_chart_free);
  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  G_OBJECT_CLASS (tw_lab_page_parent_class)->finalize (object);
}

static void
tw_lab_page_class_init (TwLabPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_lab_page_dispose;
  object_class->finalize = tw_lab_page_finalize;
  widget_class->root = tw_lab_page_root;
  widget_class->unroot = tw_lab_page_unroot;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/lab-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, settings_box);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, charts_box);
  gtk_widget_class_bind_template_child (widget_class, TwLabPage, summary_box);

  gtk_widget_class_install_action (widget_class, "lab.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "lab.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-csv", "s", export_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-json", "s", export_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-png", "s", export_activated);
  gtk_widget_class_install_action (widget_class, "lab.export-svg", "s", export_activated);
  gtk_widget_class_install_action (widget_class, "lab.save-run", "s", run_file_activated);
  gtk_widget_class_install_action (widget_class, "lab.open-run", "s", run_file_activated);
  gtk_widget_class_install_action (widget_class, "lab.b-definition", "s",
                                   b_definition_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "lab.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "lab.cancel", NULL);
}

static void
tw_lab_page_init (TwLabPage *self)
{
  static const char * const names[N_CHARTS] = {
    N_("Win rate per seat"), N_("Mean score per seat"), N_("Score distribution"),
    N_("Game length"), N_("Module counters"),
  };

  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->groups = g_ptr_array_new ();

  /* managed by the window and in the capture phase: Ctrl+S reaches the page
   * wherever the focus is, before the window's Save Game */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                     GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_s,
                                                                                  GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (save_shortcut,
                                                                                   NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  for (guint c = 0; c < N_CHARTS; c++)
    {
      GtkWidget *area = g_object_new (GTK_TYPE_DRAWING_AREA,
                                      "accessible-role", GTK_ACCESSIBLE_ROLE_IMG, NULL);

      gtk_widget_set_size_request (area, 320, CHART_HEIGHT);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_chart, self, NULL);
      g_object_set_data (G_OBJECT (area), "chart", GUINT_TO_POINTER (c));
      gtk_widget_set_has_tooltip (area, TRUE);
      g_signal_connect (area, "query-tooltip", G_CALLBACK (chart_tooltip), self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(names[c]), -1);
      gtk_box_append (self->charts_box, area);
      self->areas[c] = area;
    }
  gtk_label_set_label (self->status_label, _("Set the games up, then press Run"));
  update_charts (self);
  update_actions (self);
}
