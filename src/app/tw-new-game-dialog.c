/* tw-new-game-dialog.c: who plays, which seed, which variant
 *
 * Built from the open definition and its rules module's option table: every
 * TwOptionSpec becomes a row (switch, spin button or combo), its description
 * the subtitle, so a new option appears here with no change to the app.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-new-game-dialog.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-bot.h"
#include "tw-game.h"

struct _TwNewGameDialog
{
  AdwWindow            parent_instance;

  /* Owned */
  TwDefinition        *definition;

  /* Borrowed (children) */
  AdwPreferencesPage  *page;
  AdwPreferencesGroup *seats_group;
  GtkSpinButton       *players_spin;
  AdwEntryRow         *seed_row;
  GtkWidget           *seat_rows[2 * TW_MAX_PLAYERS];
  GtkWidget           *option_widgets[TW_MAX_OPTIONS];
};

G_DEFINE_FINAL_TYPE (TwNewGameDialog, tw_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Options made for fewer seats than chosen (TwOptionSpec.max_players) go
 * back to their default and are disabled, with the reason as subtitle. */
static void
update_options (TwNewGameDialog *self,
                guint            n_players)
{
  const TwRules *rules = self->definition->rules;

  for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
    if (self->option_widgets[i] != NULL)
      tw_app_option_allow_players (self->option_widgets[i], &rules->options[i], n_players);
}

static void
update_seats (TwNewGameDialog *self)
{
  guint n = gtk_spin_button_get_value_as_int (self->players_spin);

  update_options (self, n);

  for (guint i = 0; i < TW_MAX_PLAYERS; i++)
    {
      if (self->seat_rows[2 * i] == NULL)
        continue;
      gtk_widget_set_visible (self->seat_rows[2 * i], i < n);
      gtk_widget_set_visible (self->seat_rows[2 * i + 1], i < n);
    }
}

static void
start_clicked (TwNewGameDialog *self)
{
  g_signal_emit (self, signals[START], 0);
}

static void
cancel_clicked (TwNewGameDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static GtkWidget *
option_row (TwNewGameDialog    *self,
            const TwOptionSpec *spec,
            int                 value,
            guint               index)
{
  GtkWidget *row;
  GtkWidget *widget = NULL;

  if (spec->type == TW_VALUE_CHOICE && spec->choices != NULL)
    {
      GtkStringList *list = tw_app_choice_list_new (spec);
      row = adw_combo_row_new ();
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
      tw_app_combo_row_show_whole_value (row);
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), MAX (value, 0));
      g_object_unref (list);
      widget = row;
    }
  else
    {
      row = adw_action_row_new ();
      if (spec->type == TW_VALUE_BOOL)
        {
          widget = gtk_switch_new ();
          gtk_switch_set_active (GTK_SWITCH (widget), value != 0);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), widget);
        }
      else
        {
          widget = gtk_spin_button_new_with_range (spec->min, MAX (spec->max, spec->min), 1);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
        }
      gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), widget);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tw_app_option_label (spec), -1);
    }
  /* labels and descriptions come from the module's table; shown as written */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tw_app_option_label (spec));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(spec->description));
  gtk_widget_set_tooltip_text (row, spec->name);
  self->option_widgets[index] = widget;
  return row;
}

static void
build (TwNewGameDialog *self)
{
  const TwRules *rules = self->definition->rules;
  GtkWidget *group, *row, *box, *header, *button, *toolbar;
  char seed[32];

  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  button = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (cancel_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), button);
  button = gtk_button_new_with_mnemonic (_("_Start Game"));
  gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (start_clicked), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), button);
  /* Return in any entry starts the game */
  gtk_window_set_default_widget (GTK_WINDOW (self), button);

  self->page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());

  /* the game */
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Game"));
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Definition"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), self->definition->name);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Players"));
  self->players_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (
      MAX (self->definition->min_players, rules->min_players),
      MIN (MIN (self->definition->max_players, rules->max_players), TW_MAX_PLAYERS), 1));
  gtk_widget_set_valign (GTK_WIDGET (self->players_spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->players_spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
  g_signal_connect_swapped (self->players_spin, "value-changed", G_CALLBACK (update_seats), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->players_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  self->seed_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_row), _("Seed"));
  adw_entry_row_set_activates_default (self->seed_row, TRUE);
  g_snprintf (seed, sizeof seed, "%u", g_random_int ());
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->seed_row));
  adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (group));

  /* the seats */
  self->seats_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->seats_group, _("Seats"));
  for (guint i = 0; i < MIN (rules->max_players, TW_MAX_PLAYERS); i++)
    {
      g_autofree char *name = g_strdup_printf (_("Player %u"), i + 1);
      g_autofree char *title = g_strdup_printf (_("Seat %u name"), i + 1);
      g_autofree char *who = g_strdup_printf (_("Seat %u plays"), i + 1);
      GtkStringList *list = tw_app_seat_kinds_new ();

      row = adw_entry_row_new ();
      adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_editable_set_text (GTK_EDITABLE (row), name);
      adw_preferences_group_add (self->seats_group, row);
      self->seat_rows[2 * i] = row;

      row = adw_combo_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), who);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
      g_object_unref (list);
      adw_preferences_group_add (self->seats_group, row);
      self->seat_rows[2 * i + 1] = row;
    }
  adw_preferences_page_add (self->page, self->seats_group);

  /* the variant: every option of the module */
  if (rules->n_options > 0)
    {
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Variant"));
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                             _("The rules module’s options, set as in the definition"));
      for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                   option_row (self, &rules->options[i],
                                               self->definition->options.values[i], i));
      adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (group));
    }

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  toolbar = header;
  gtk_box_append (GTK_BOX (box), toolbar);
  gtk_widget_set_vexpand (GTK_WIDGET (self->page), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->page));
  adw_window_set_content (ADW_WINDOW (self), box);

  update_seats (self);
}

/**
 * tw_new_game_dialog_create_record:
 * @error: a reason to show when the choices do not make a game (bad seed,
 *   option out of range)
 *
 * Returns: (transfer full): a new record for the chosen game, or NULL
 */
TwRecord *
tw_new_game_dialog_create_record (TwNewGameDialog  *self,
                                  GError          **error)
{
  const TwRules *rules;
  const char *seed_text;
  guint64 seed;
  guint n_players;
  TwOptions options;
  g_autoptr(TwGame) game = NULL;
  TwRecord *record;
  char *end = NULL;

  g_return_val_if_fail (TW_IS_NEW_GAME_DIALOG (self), NULL);

  rules = self->definition->rules;
  seed_text = gtk_editable_get_text (GTK_EDITABLE (self->seed_row));
  seed = g_ascii_strtoull (seed_text, &end, 10);
  if (*seed_text == '\0' || end == NULL || *g_strstrip (end) != '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The seed must be a whole number, such as 42, not “%s”."), seed_text);
      return NULL;
    }

  options = self->definition->options;
  for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
    {
      GtkWidget *w = self->option_widgets[i];
      if (ADW_IS_COMBO_ROW (w))
        options.values[i] = adw_combo_row_get_selected (ADW_COMBO_ROW (w));
      else if (GTK_IS_SWITCH (w))
        options.values[i] = gtk_switch_get_active (GTK_SWITCH (w));
      else if (GTK_IS_SPIN_BUTTON (w))
        options.values[i] = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w));
    }

  n_players = gtk_spin_button_get_value_as_int (self->players_spin);
  game = tw_game_new (self->definition, n_players, &options, error);
  if (game == NULL)
    return NULL;

  record = tw_record_new (game, seed);
  for (guint i = 0; i < n_players; i++)
    {
      const char *name = gtk_editable_get_text (GTK_EDITABLE (self->seat_rows[2 * i]));
      guint kind = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[2 * i + 1]));
      g_autofree char *fallback = g_strdup_printf (_("Player %u"), i + 1);

      tw_record_set_seat (record, i, *name ? name : fallback,
                          tw_app_seat_kind_spec (kind));
    }
  return record;
}

static void
tw_new_game_dialog_finalize (GObject *object)
{
  TwNewGameDialog *self = TW_NEW_GAME_DIALOG (object);

  g_clear_pointer (&self->definition, tw_definition_unref);

  G_OBJECT_CLASS (tw_new_game_dialog_parent_class)->finalize (object);
}

static void
tw_new_game_dialog_class_init (TwNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tw_new_game_dialog_finalize;

  /**
   * TwNewGameDialog::start:
   *
   * The user asked to start the game; call
   * tw_new_game_dialog_create_record() and close the dialog.
   */
  signals[START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tw_new_game_dialog_init (TwNewGameDialog *self)
{
  gtk_window_set_title (GTK_WINDOW (self), _("New Game"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 640);
}

/**
 * tw_new_game_dialog_new:
 * @parent: the window it belongs to
 * @definition: the open definition
 *
 * Returns: (transfer none): a new dialog; the seed row has the focus, its
 *   random number selected, so typing replaces it
 */
TwNewGameDialog *
tw_new_game_dialog_new (GtkWindow    *parent,
                        TwDefinition *definition)
{
  TwNewGameDialog *self;

  g_return_val_if_fail (definition != NULL, NULL);

  self = g_object_new (TW_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
  self->definition = tw_definition_ref (definition);
  build (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->seed_row));
  return self;
}
