/* tw-lab-form.c: the Lab view's settings
 *
 * Built from the open definition and its rules module's option table:
 * players, games, threads, seed, a bot per seat, the options, and what B
 * changes in an A/B comparison (an option's value or another definition,
 * loaded on a thread). The settings make a run's configuration
 * (tw_lab_form_get_config()); the games, seed, threads, bots and threshold
 * of the last run are kept in GSettings for the next start.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-lab-form.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-diag.h"

struct _TwLabForm
{
  AdwBin           parent_instance;

  /* Borrowed: the settings, children of the groups */
  GtkBox          *box;              /* the groups */
  GtkSpinButton   *players_spin;
  GtkSpinButton   *games_spin;
  GtkSpinButton   *jobs_spin;
  GtkSpinButton   *negligible_spin;
  AdwEntryRow     *seed_row;
  GtkWidget       *seat_rows[TW_MAX_PLAYERS];
  GtkSpinButton   *iteration_spins[TW_MAX_PLAYERS];
  GtkWidget       *option_widgets[TW_MAX_OPTIONS];
  AdwComboRow     *compare_row;
  GtkWidget       *ab_group;
  GtkWidget       *b_row;            /* the value in B, built from the option's schema */
  GtkWidget       *b_widget;         /* its combo row, switch or spin button */
  GtkWidget       *b_definition_row; /* "Definition in B", when B is another definition */
  GtkWidget       *definition_row;

  /* Owned */
  TwDefinition    *definition;
  GPtrArray       *groups;           /* the settings groups built for the definition */
  GSettings       *gsettings;        /* the last run's form is kept here, or NULL */
  TwDefinition    *b_definition;     /* chosen for B ("Another definition"), or NULL */
  GCancellable    *b_loading;        /* B's definition being loaded */
  GtkNativeDialog *chooser;          /* for B's definition */

  double           negligible;       /* points of win rate below which a change is negligible */
};

G_DEFINE_FINAL_TYPE (TwLabForm, tw_lab_form, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_NEGLIGIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------ */
/* Settings                                                                 */

static void
update_seats (TwLabForm *self)
{
  guint n = gtk_spin_button_get_value_as_int (self->players_spin);

  for (guint i = 0; i < TW_MAX_PLAYERS; i++)
    if (self->seat_rows[i] != NULL)
      gtk_widget_set_visible (self->seat_rows[i], i < n);
  /* options made for fewer seats are off, as in the New Game dialog */
  if (self->definition != NULL)
    for (guint i = 0; i < MIN (self->definition->rules->n_options, TW_MAX_OPTIONS); i++)
      if (self->option_widgets[i] != NULL)
        tw_app_option_allow_players (self->option_widgets[i], &self->definition->rules->options[i],
                                     n);
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
update_seat_bot (TwLabForm *self)
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

static int
option_value (TwLabForm *self,
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
      g_autoptr(GtkStringList) list = tw_app_choice_list_new (spec);

      row = adw_combo_row_new ();
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
      tw_app_combo_row_show_whole_value (row);
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
another_definition_index (TwLabForm *self)
{
  return MIN (self->definition->rules->n_options, TW_MAX_OPTIONS) + 1;
}

static void
update_b_definition_row (TwLabForm *self)
{
  g_autofree char *title = NULL;

  if (self->b_definition_row == NULL)
    return;
  if (self->b_definition != NULL)
    title = tw_app_definition_title (self->b_definition->name, self->b_definition->path,
                                     self->definition->name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->b_definition_row),
                               title != NULL ? title
                               : _("None yet: choose a file or a bundled game"));
}

/* "Definition in B": its name, a file chooser and the bundled games. */
static GtkWidget *
b_definition_row_new (TwLabForm *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *choose = gtk_button_new_with_mnemonic (_("C_hoose…"));
  GtkWidget *bundled = gtk_menu_button_new ();
  g_autoptr(GMenuModel) menu = tw_app_bundled_games_menu_new ("lab.b-definition");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Definition in B"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (choose), "lab.b-definition");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (choose), "s", "");
  gtk_widget_set_tooltip_text (choose, _("A definition file (YAML) for arm B"));
  tw_app_set_accessible_label (choose, _("Choose a definition for B"));
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
compare_changed (TwLabForm *self)
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

static void
set_negligible (TwLabForm *self,
                double     points)
{
  if (points == self->negligible)
    return;
  self->negligible = points;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NEGLIGIBLE]);
}

/* The verdicts follow the threshold as it is changed. */
static void
negligible_changed (TwLabForm *self)
{
  set_negligible (self, gtk_spin_button_get_value (self->negligible_spin));
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
option_row (TwLabForm          *self,
            const TwOptionSpec *spec,
            int                 value,
            guint               index)
{
  /* labels and descriptions come from the module's table, shown as written */
  return option_control_new (spec, value, tw_app_option_label (spec), _(spec->description),
                             &self->option_widgets[index]);
}

static GtkWidget *
add_group (TwLabForm  *self,
           const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (self->box, group);
  g_ptr_array_add (self->groups, group);
  return group;
}

static void
build_settings (TwLabForm *self)
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

    /* runs up to TW_SIM_LAB_KEEP_GAMES keep every game (for the per-game
     * CSV); larger ones keep exact statistics only, in the same memory */
    subtitle = g_strdup (_("How many games each configuration plays"));
    tooltip = g_strdup_printf (_("Runs of up to %'u games keep every game, for the per-game "
                                 "CSV. Larger runs keep only their statistics, exact and in "
                                 "the same memory however many games they play; their CSV "
                                 "export is the summary."), TW_SIM_LAB_KEEP_GAMES);
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
  tw_app_combo_row_show_whole_value (self->compare_row);
  g_signal_connect_swapped (self->compare_row, "notify::selected",
                            G_CALLBACK (compare_changed), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->compare_row));
  row = spin_row (_("Smallest difference that matters"),
                  _("A change of win rate smaller than this many points is called negligible, "
                    "even when it is significant"), 0, 50, 2, &self->negligible_spin);
  g_signal_connect_swapped (self->negligible_spin, "value-changed",
                            G_CALLBACK (negligible_changed), self);
  negligible_changed (self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  self->ab_group = group;

  update_seats (self);
  update_seat_bot (self);
  compare_changed (self);
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
  TwLabForm *self = TW_LAB_FORM (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = g_task_propagate_pointer (G_TASK (result), &error);

  (void) user_data;
  if (g_task_get_cancellable (G_TASK (result)) != self->b_loading)
    return;
  g_clear_object (&self->b_loading);
  if (def != NULL)
    tw_lab_form_b_supports_players (def, gtk_spin_button_get_value_as_int (self->players_spin),
                                    &error);
  if (error != NULL)
    {
      /* B stays what it was */
      update_b_definition_row (self);
      tw_app_show_error (GTK_WIDGET (self), _("Could Not Use the Definition for B"),
                         error->message);
      return;
    }
  g_clear_pointer (&self->b_definition, tw_definition_unref);
  self->b_definition = g_steal_pointer (&def);
  update_b_definition_row (self);
}

static void
b_load (TwLabForm  *self,
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
                    TwLabForm       *self)
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
  TwLabForm *self = TW_LAB_FORM (widget);
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

/* ------------------------------------------------------------------------ */
/* The run                                                                  */

/**
 * tw_lab_form_b_supports_players:
 * @def: B's definition
 * @n_players: the players of A
 * @error: where to say why not
 *
 * Whether @def can be played by @n_players, as A is.
 */
gboolean
tw_lab_form_b_supports_players (const TwDefinition  *def,
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

/**
 * tw_lab_form_read_lineup:
 * @self: a form with a definition
 * @bots: (out caller-allocates) (array fixed-size=TW_MAX_PLAYERS): a bot per seat
 * @options: (out caller-allocates): the options
 *
 * The form's players, their bots (one per seat the form has, the hidden
 * ones too) and options. Returns the players.
 */
guint
tw_lab_form_read_lineup (TwLabForm *self,
                         TwBotSpec *bots,
                         TwOptions *options)
{
  const TwRules *rules;
  guint n_players;

  g_return_val_if_fail (TW_IS_LAB_FORM (self), 0);
  g_return_val_if_fail (self->definition != NULL, 0);

  rules = self->definition->rules;
  n_players = gtk_spin_button_get_value_as_int (self->players_spin);

  /* every seat the form has, the hidden ones too: a sweep over the seat
   * count seats them */
  for (guint p = 0; p < TW_MAX_PLAYERS && self->seat_rows[p] != NULL; p++)
    {
      g_autoptr(GError) error = NULL;
      guint choice = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[p]));
      g_autofree char *text = NULL;

      text = bot_choice_spec (choice, gtk_spin_button_get_value (self->iteration_spins[p]));
      if (!tw_bot_spec_parse (text, &bots[p], &error))
        g_error ("bot spec %s: %s", text, error->message);
    }
  tw_options_set_defaults (options, rules->options, rules->n_options);
  for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
    options->values[i] = option_value (self, i);
  return n_players;
}

/**
 * tw_lab_form_get_config:
 * @self: a form with a definition
 * @config: (out caller-allocates): a cleared configuration, to clear again
 *   after (tw_lab_run_config_clear()) whatever this returns
 * @error: what is wrong in words
 *
 * The run the form sets up: A's game (and B's), the bots, the seed, the
 * games and the threads. FALSE when the seed is not a number or B is not
 * set up to play.
 */
gboolean
tw_lab_form_get_config (TwLabForm       *self,
                        TwLabRunConfig  *config,
                        GError         **error)
{
  const TwRules *rules;
  TwOptions options;
  guint n_players, compare;

  g_return_val_if_fail (TW_IS_LAB_FORM (self), FALSE);
  g_return_val_if_fail (self->definition != NULL, FALSE);

  rules = self->definition->rules;

  config->total = gtk_spin_button_get_value_as_int (self->games_spin);
  config->jobs = gtk_spin_button_get_value_as_int (self->jobs_spin);
  if (!parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &config->seed))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The seed must be a whole number from 0 to 18446744073709551615"));
      return FALSE;
    }

  n_players = tw_lab_form_read_lineup (self, config->bots, &options);
  config->games[0] = tw_game_new (self->definition, n_players, &options, error);
  if (config->games[0] == NULL)
    return FALSE;

  compare = adw_combo_row_get_selected (self->compare_row);
  if (compare == another_definition_index (self))
    {
      /* B plays another definition, as written in its file, with the same
       * players, bots, seed and games (tw-cli simulate --compare-file) */
      TwDefinition *b = self->b_definition;
      g_autofree char *title = NULL;

      if (b == NULL)
        {
          g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                               _("Choose the definition B plays: a file or a bundled game"));
          return FALSE;
        }
      if (!tw_lab_form_b_supports_players (b, n_players, error))
        return FALSE;
      config->games[1] = tw_game_new (b, n_players, &b->options, error);
      if (config->games[1] == NULL)
        return FALSE;
      title = tw_app_definition_title (b->name, b->path, self->definition->name);
      config->change = g_strdup_printf ("definition %s", title);
    }
  else if (compare > 0 && self->b_widget != NULL)
    {
      const TwOptionSpec *spec = &rules->options[compare - 1];
      int value = control_get_value (self->b_widget);
      g_autofree char *text = tw_option_value_to_string (spec, value);
      g_autofree char *assignment = g_strdup_printf ("%s=%s", spec->name, text);
      TwOptions b = options;

      if (value == options.values[compare - 1])
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("B would play the same rules as A: pick another value of %s for B"),
                       tw_app_option_label (spec));
          return FALSE;
        }
      if (!tw_options_set_from_string (&b, rules->options, rules->n_options, assignment, error))
        return FALSE;
      config->games[1] = tw_game_new (self->definition, n_players, &b, error);
      if (config->games[1] == NULL)
        return FALSE;
      config->change = g_strdup_printf ("set %s", assignment);
      config->compare = g_steal_pointer (&assignment);
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* The last run's form, kept in GSettings                                   */

/* Shows @spec as seat @p's bot in the form. */
static void
show_seat_bot (TwLabForm       *self,
               guint            p,
               const TwBotSpec *spec)
{
  double main_value = 0;
  guint choice = bot_choice_of_spec (spec, &main_value);

  adw_combo_row_set_selected (ADW_COMBO_ROW (self->seat_rows[p]), choice);
  update_seat_bot (self);
  if (bot_choice_main_option (choice) != NULL && main_value > 0)
    gtk_spin_button_set_value (self->iteration_spins[p], main_value);
}

/* Puts the games, seed, threads and bots of the last run into the form
 * (nothing without settings or a form). Bots that no longer parse, and
 * seats beyond the list, stay as the form has them. */
static void
restore (TwLabForm *self)
{
  g_autofree char *seed = NULL;
  g_auto(GStrv) bots = NULL;
  int threads;

  if (self->gsettings == NULL || self->definition == NULL || self->games_spin == NULL)
    return;
  gtk_spin_button_set_value (self->games_spin, g_settings_get_int (self->gsettings, "lab-games"));
  gtk_spin_button_set_value (self->negligible_spin,
                             g_settings_get_int (self->gsettings, "lab-negligible"));
  threads = g_settings_get_int (self->gsettings, "lab-threads");
  if (threads > 0)
    gtk_spin_button_set_value (self->jobs_spin, threads);
  seed = g_settings_get_string (self->gsettings, "lab-seed");
  if (seed[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);
  bots = g_settings_get_strv (self->gsettings, "lab-bots");
  for (guint p = 0; bots[p] != NULL && p < TW_MAX_PLAYERS && self->seat_rows[p] != NULL; p++)
    {
      TwBotSpec spec;

      if (tw_bot_spec_parse (bots[p], &spec, NULL))
        show_seat_bot (self, p, &spec);
    }
}

/* Keeps the form's games, seed, threads and bots for the next start. */
void
tw_lab_form_keep (TwLabForm *self)
{
  TwBotSpec bots[TW_MAX_PLAYERS];
  TwOptions options;
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func (g_free);
  guint n_players;

  g_return_if_fail (TW_IS_LAB_FORM (self));

  if (self->gsettings == NULL || self->definition == NULL)
    return;
  n_players = tw_lab_form_read_lineup (self, bots, &options);
  for (guint p = 0; p < n_players; p++)
    g_ptr_array_add (specs, tw_bot_spec_to_string (&bots[p]));
  g_ptr_array_add (specs, NULL);
  g_settings_delay (self->gsettings);
  g_settings_set_int (self->gsettings, "lab-games",
                      CLAMP (gtk_spin_button_get_value_as_int (self->games_spin), 1,
                             TW_SIM_LAB_MAX_GAMES));
  g_settings_set_int (self->gsettings, "lab-threads",
                      CLAMP (gtk_spin_button_get_value_as_int (self->jobs_spin), 0, 1024));
  g_settings_set_int (self->gsettings, "lab-negligible",
                      CLAMP (gtk_spin_button_get_value_as_int (self->negligible_spin), 0, 50));
  g_settings_set_string (self->gsettings, "lab-seed",
                         gtk_editable_get_text (GTK_EDITABLE (self->seed_row)));
  g_settings_set_strv (self->gsettings, "lab-bots", (const char * const *) specs->pdata);
  g_settings_apply (self->gsettings);
}

/* ------------------------------------------------------------------------ */

/* Lets go of the rows of the groups shown, and of their handlers: they
 * must not run on a form half taken down. */
static void
forget_rows (TwLabForm *self)
{
  GtkWidget *handled[] = { GTK_WIDGET (self->compare_row), GTK_WIDGET (self->players_spin),
                           GTK_WIDGET (self->negligible_spin) };

  for (guint i = 0; i < G_N_ELEMENTS (handled); i++)
    if (handled[i] != NULL)
      g_signal_handlers_disconnect_by_data (handled[i], self);
  for (guint i = 0; i < TW_MAX_PLAYERS; i++)
    if (self->seat_rows[i] != NULL)
      g_signal_handlers_disconnect_by_data (self->seat_rows[i], self);
  self->players_spin = NULL;
  self->games_spin = NULL;
  self->jobs_spin = NULL;
  self->negligible_spin = NULL;
  self->seed_row = NULL;
  memset (self->seat_rows, 0, sizeof self->seat_rows);
  memset (self->iteration_spins, 0, sizeof self->iteration_spins);
  memset (self->option_widgets, 0, sizeof self->option_widgets);
  self->compare_row = NULL;
  self->ab_group = NULL;
  self->b_row = NULL;
  self->b_widget = NULL;
  self->b_definition_row = NULL;
  self->definition_row = NULL;
}

static void
tw_lab_form_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TwLabForm *self = TW_LAB_FORM (object);

  switch (prop_id)
    {
    case PROP_NEGLIGIBLE:
      g_value_set_double (value, self->negligible);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_lab_form_dispose (GObject *object)
{
  TwLabForm *self = TW_LAB_FORM (object);

  if (self->b_loading != NULL)
    g_cancellable_cancel (self->b_loading);
  g_clear_object (&self->b_loading);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  forget_rows (self);
  adw_bin_set_child (ADW_BIN (self), NULL);
  self->box = NULL;
  G_OBJECT_CLASS (tw_lab_form_parent_class)->dispose (object);
}

static void
tw_lab_form_finalize (GObject *object)
{
  TwLabForm *self = TW_LAB_FORM (object);

  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->b_definition, tw_definition_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_object (&self->gsettings);
  G_OBJECT_CLASS (tw_lab_form_parent_class)->finalize (object);
}

static void
tw_lab_form_class_init (TwLabFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tw_lab_form_get_property;
  object_class->dispose = tw_lab_form_dispose;
  object_class->finalize = tw_lab_form_finalize;

  /* "Smallest difference that matters": the results' verdicts follow it */
  properties[PROP_NEGLIGIBLE] =
    g_param_spec_double ("negligible", NULL, NULL, 0, 100, 2,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "lab.b-definition", "s",
                                   b_definition_activated);
}

static void
tw_lab_form_init (TwLabForm *self)
{
  self->box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 18));
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->box));
  self->groups = g_ptr_array_new ();
  self->negligible = 2;
}

GtkWidget *
tw_lab_form_new (void)
{
  return g_object_new (TW_TYPE_LAB_FORM, NULL);
}

/**
 * tw_lab_form_set_definition:
 * @self: the form
 * @definition: (nullable): the definition the games are played on
 *
 * Builds the settings again from @definition's module (none for NULL), as
 * the last run kept them when there are settings; B's definition is
 * dropped.
 */
void
tw_lab_form_set_definition (TwLabForm    *self,
                            TwDefinition *definition)
{
  g_autoptr(TwDefinition) keep = definition != NULL ? tw_definition_ref (definition) : NULL;

  g_return_if_fail (TW_IS_LAB_FORM (self));

  forget_rows (self);
  for (guint i = 0; i < self->groups->len; i++)
    gtk_box_remove (self->box, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
  g_clear_pointer (&self->definition, tw_definition_unref);
  /* B's definition was chosen against the previous A */
  if (self->b_loading != NULL)
    g_cancellable_cancel (self->b_loading);
  g_clear_object (&self->b_loading);
  g_clear_pointer (&self->b_definition, tw_definition_unref);
  if (definition != NULL)
    {
      self->definition = tw_definition_ref (definition);
      build_settings (self);
      restore (self);
    }
}

TwDefinition *
tw_lab_form_get_definition (TwLabForm *self)
{
  g_return_val_if_fail (TW_IS_LAB_FORM (self), NULL);

  return self->definition;
}

/**
 * tw_lab_form_set_settings:
 * @self: the form
 * @settings: (nullable): where the last run's form is kept
 *
 * Keeps the form's games, seed, threads, bots and threshold there from
 * one run to the next start (tw_lab_form_keep()), and shows them now.
 */
void
tw_lab_form_set_settings (TwLabForm *self,
                          GSettings *settings)
{
  g_return_if_fail (TW_IS_LAB_FORM (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  g_set_object (&self->gsettings, settings);
  restore (self);
}

/* The threads the form asks for. */
guint
tw_lab_form_get_jobs (TwLabForm *self)
{
  g_return_val_if_fail (TW_IS_LAB_FORM (self), 1);
  g_return_val_if_fail (self->jobs_spin != NULL, 1);

  return gtk_spin_button_get_value_as_int (self->jobs_spin);
}

/* Points of win rate below which a change is called negligible. */
double
tw_lab_form_get_negligible (TwLabForm *self)
{
  g_return_val_if_fail (TW_IS_LAB_FORM (self), 2);

  return self->negligible;
}

/**
 * tw_lab_form_show_run:
 * @self: a form showing the definition @run was played on
 * @run: a saved run
 * @bots: its bot per seat
 * @a: A's options
 * @b: B's, when B changes an option
 * @compared: the entry of "What B changes": 0 for nothing, an option's
 *   index + 1, or the entry after the options for another definition
 * @definition_b: (nullable): B's definition, when B played another
 *
 * Sets the form up as @run was.
 */
void
tw_lab_form_show_run (TwLabForm         *self,
                      const TwSimLabRun *run,
                      const TwBotSpec   *bots,
                      const TwOptions   *a,
                      const TwOptions   *b,
                      guint              compared,
                      TwDefinition      *definition_b)
{
  g_autofree char *text = NULL;

  g_return_if_fail (TW_IS_LAB_FORM (self));
  g_return_if_fail (self->definition != NULL);

  gtk_spin_button_set_value (self->players_spin, run->n_players);
  /* a run saved before the Lab's limit may be larger: show what it asked for */
  gtk_spin_button_set_range (self->games_spin, 1,
                             MAX (TW_SIM_LAB_MAX_GAMES, (double) run->games));
  gtk_spin_button_set_value (self->games_spin, (double) run->games);
  text = g_strdup_printf ("%" G_GUINT64_FORMAT, run->seed);
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
  gtk_spin_button_set_range (self->jobs_spin, 1,
                             MAX ((guint) MAX (g_get_num_processors (), 1), run->jobs));
  gtk_spin_button_set_value (self->jobs_spin, run->jobs);
  for (guint p = 0; p < run->n_players; p++)
    show_seat_bot (self, p, &bots[p]);
  for (guint i = 0; i < MIN (self->definition->rules->n_options, TW_MAX_OPTIONS); i++)
    tw_app_option_control_set (self->option_widgets[i], a->values[i]);
  if (definition_b != NULL)
    {
      g_clear_pointer (&self->b_definition, tw_definition_unref);
      self->b_definition = tw_definition_ref (definition_b);
    }
  adw_combo_row_set_selected (self->compare_row, compared);
  compare_changed (self);
  if (compared > 0 && definition_b == NULL)
    tw_app_option_control_set (self->b_widget, b->values[compared - 1]);
}

/* The definition row says that the definition is the one a saved run
 * carried (another version of the one open). */
void
tw_lab_form_note_saved_definition (TwLabForm *self)
{
  g_autofree char *subtitle = NULL;

  g_return_if_fail (TW_IS_LAB_FORM (self));
  g_return_if_fail (self->definition_row != NULL);

  /* Translators: the Lab's definition row after opening a run made on
   * another version of the open definition */
  subtitle = g_strdup_printf (_("%s, as saved in the run"), self->definition->name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->definition_row), subtitle);
}
