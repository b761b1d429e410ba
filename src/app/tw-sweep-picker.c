/* tw-sweep-picker.c: the rows where a designer picks what varies
 *
 * See tw-sweep-picker.h. The list is built from the module's option table
 * and the definition's cards and tiles, so it names no game.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-sweep-picker.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-faces.h"
#include "tw-rules.h"
#include "tw-sweep.h"

/* What may change: the seat count, an option of the rules, or a number of
 * the definition at a path (tw-sweep.h): a card's points, a tile's copies. */
typedef enum
{
  CHOICE_NONE,
  CHOICE_PLAYERS,
  CHOICE_OPTION,
  CHOICE_CARD_POINTS,
  CHOICE_TILE_COUNT,
} ChoiceKind;

typedef struct
{
  ChoiceKind kind;
  guint      index;   /* into the option table, the cards or the tiles */
} Choice;

struct _TwSweepPicker
{
  GObject         parent_instance;

  TwDefinition   *definition;
  char           *none_label;
  TwOptions       options;
  guint           n_players;
  guint           max_values;
  GArray         *choices;      /* Choice: change_row's entries */

  AdwComboRow    *change_row;   /* owned references: the dialog packs them */
  GtkWidget      *range_row;
  GtkSpinButton  *from_spin;
  GtkSpinButton  *to_spin;
};

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TwSweepPicker, tw_sweep_picker, G_TYPE_OBJECT)

static const Choice *
chosen (TwSweepPicker *self)
{
  guint i = adw_combo_row_get_selected (self->change_row);

  if (i >= self->choices->len || g_array_index (self->choices, Choice, i).kind == CHOICE_NONE)
    return NULL;
  return &g_array_index (self->choices, Choice, i);
}

/* The option chosen, or NULL when something else is. */
static const TwOptionSpec *
chosen_option (TwSweepPicker *self)
{
  const Choice *c = chosen (self);

  if (c == NULL || c->kind != CHOICE_OPTION)
    return NULL;
  return &self->definition->rules->options[c->index];
}

static char *
choice_label (TwSweepPicker *self,
              const Choice  *c)
{
  const TwDefinition *def = self->definition;

  switch (c->kind)
    {
    case CHOICE_NONE:
      return g_strdup (self->none_label);
    case CHOICE_PLAYERS:
      /* Translators: what a sweep may vary: the number of players */
      return g_strdup (_("Players"));
    case CHOICE_CARD_POINTS:
      {
        g_autofree char *title = tw_face_field (def, TW_FACE_CARD, c->index, "title");
        /* Translators: a number Balance… or Sweep… may change: the points of a card */
        return g_strdup_printf (_("Points of %s"), title != NULL ? title : def->cards[c->index].id);
      }
    case CHOICE_TILE_COUNT:
      /* Translators: a number Balance… or Sweep… may change: the copies of a tile */
      return g_strdup_printf (_("Copies of %s"), def->tiles[c->index].name != NULL
                                                 ? def->tiles[c->index].name
                                                 : def->tiles[c->index].id);
    case CHOICE_OPTION:
    default:
      return g_strdup (tw_app_option_label (&def->rules->options[c->index]));
    }
}

/* The range row around the value the definition (or the form) has. */
static void
choice_changed (TwSweepPicker *self)
{
  const Choice *c = chosen (self);
  const TwOptionSpec *spec = chosen_option (self);
  int value = 0, min = 0, max = 1;

  gtk_widget_set_visible (self->range_row, c != NULL && (c->kind != CHOICE_OPTION
                                                         || spec->type == TW_VALUE_INT));
  if (c != NULL && (spec == NULL || spec->type == TW_VALUE_INT))
    {
      switch (c->kind)
        {
        case CHOICE_PLAYERS:
          value = (int) self->n_players;
          min = (int) self->definition->min_players;
          max = (int) self->definition->max_players;
          break;
        case CHOICE_CARD_POINTS:
          value = self->definition->cards[c->index].points;
          min = MIN (0, value);
          max = MAX (20, value);
          break;
        case CHOICE_TILE_COUNT:
          value = (int) self->definition->tiles[c->index].count;
          min = 0;
          max = MAX (20, value);
          break;
        case CHOICE_NONE:
        case CHOICE_OPTION:
        default:
          value = self->options.values[c->index];
          min = spec->min;
          max = spec->max;
          break;
        }
      gtk_spin_button_set_range (self->from_spin, min, max);
      gtk_spin_button_set_range (self->to_spin, min, max);
      if (c->kind == CHOICE_PLAYERS)
        {
          /* every seat count the definition takes */
          gtk_spin_button_set_value (self->from_spin, min);
          gtk_spin_button_set_value (self->to_spin, max);
        }
      else
        {
          gtk_spin_button_set_value (self->from_spin, MAX (min, value - 3));
          gtk_spin_button_set_value (self->to_spin, MIN (max, value + 3));
        }
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
tw_sweep_picker_has_choice (TwSweepPicker *self)
{
  g_return_val_if_fail (TW_IS_SWEEP_PICKER (self), FALSE);

  return chosen (self) != NULL;
}

char *
tw_sweep_picker_label (TwSweepPicker *self)
{
  const Choice *c;

  g_return_val_if_fail (TW_IS_SWEEP_PICKER (self), NULL);

  c = chosen (self);
  return c != NULL ? choice_label (self, c) : NULL;
}

char *
tw_sweep_picker_axis (TwSweepPicker  *self,
                      char          **problem)
{
  const Choice *c;
  const TwOptionSpec *spec;
  g_autoptr(GString) s = g_string_new (NULL);

  g_return_val_if_fail (TW_IS_SWEEP_PICKER (self), NULL);
  g_return_val_if_fail (problem != NULL && *problem == NULL, NULL);

  c = chosen (self);
  spec = chosen_option (self);
  if (c == NULL)
    {
      *problem = g_strdup (_("Nothing in this definition can vary"));
      return NULL;
    }
  switch (c->kind)
    {
    case CHOICE_PLAYERS:
      g_string_append (s, TW_SWEEP_PLAYERS "=");
      break;
    case CHOICE_CARD_POINTS:
      g_string_append_printf (s, "cards.%s.points=", self->definition->cards[c->index].id);
      break;
    case CHOICE_TILE_COUNT:
      g_string_append_printf (s, "tiles.%s.count=", self->definition->tiles[c->index].id);
      break;
    case CHOICE_NONE:
    case CHOICE_OPTION:
    default:
      g_string_append_printf (s, "%s=", spec->name);
      break;
    }
  if (spec == NULL || spec->type == TW_VALUE_INT)
    {
      int lo = gtk_spin_button_get_value_as_int (self->from_spin);
      int hi = gtk_spin_button_get_value_as_int (self->to_spin);

      if (lo >= hi || hi - lo + 1 > (int) self->max_values)
        {
          *problem = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Choose from 2 to %u value, the first below the last",
                                                   "Choose from 2 to %u values, the first below the last", self->max_values),
                                      self->max_values);
          return NULL;
        }
      g_string_append_printf (s, "%d..%d", lo, hi);
    }
  else if (spec->type == TW_VALUE_BOOL)
    g_string_append (s, "false,true");
  else
    for (guint i = 0; spec->choices != NULL && spec->choices[i] != NULL; i++)
      g_string_append_printf (s, "%s%s", i > 0 ? "," : "", spec->choices[i]);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

GtkWidget *
tw_sweep_picker_get_change_row (TwSweepPicker *self)
{
  g_return_val_if_fail (TW_IS_SWEEP_PICKER (self), NULL);

  return GTK_WIDGET (self->change_row);
}

GtkWidget *
tw_sweep_picker_get_range_row (TwSweepPicker *self)
{
  g_return_val_if_fail (TW_IS_SWEEP_PICKER (self), NULL);

  return self->range_row;
}

static void
add_choice (TwSweepPicker *self,
            ChoiceKind     kind,
            guint          index)
{
  Choice c = { kind, index };

  g_array_append_val (self->choices, c);
}

TwSweepPicker *
tw_sweep_picker_new (TwDefinition    *definition,
                     const TwOptions *options,
                     const char      *title,
                     const char      *none_label,
                     guint            n_players,
                     guint            max_values)
{
  TwSweepPicker *self;
  const TwRules *rules;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GtkWidget *box;

  g_return_val_if_fail (definition != NULL && options != NULL && title != NULL, NULL);
  g_return_val_if_fail (max_values >= 2, NULL);

  self = g_object_new (TW_TYPE_SWEEP_PICKER, NULL);
  self->definition = tw_definition_ref (definition);
  self->none_label = g_strdup (none_label);
  self->options = *options;
  self->n_players = n_players;
  self->max_values = max_values;
  rules = definition->rules;

  if (none_label != NULL)
    add_choice (self, CHOICE_NONE, 0);
  if (n_players > 0 && definition->min_players < definition->max_players)
    add_choice (self, CHOICE_PLAYERS, 0);
  for (guint i = 0; i < MIN (rules->n_options, TW_MAX_OPTIONS); i++)
    add_choice (self, CHOICE_OPTION, i);
  /* the numbers of the definition a designer tunes: cards' points and
   * tiles' copies, by the paths a sweep takes */
  for (guint i = 0; i < definition->n_cards; i++)
    add_choice (self, CHOICE_CARD_POINTS, i);
  for (guint i = 0; i < definition->n_tiles; i++)
    add_choice (self, CHOICE_TILE_COUNT, i);
  for (guint i = 0; i < self->choices->len; i++)
    {
      g_autofree char *label = choice_label (self, &g_array_index (self->choices, Choice, i));
      gtk_string_list_append (labels, label);
    }

  self->change_row = g_object_ref_sink (ADW_COMBO_ROW (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->change_row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->change_row), TRUE);
  adw_combo_row_set_model (self->change_row, G_LIST_MODEL (labels));
  tw_app_combo_row_show_whole_value (self->change_row);

  self->range_row = g_object_ref_sink (tw_app_row_new (_("Values"), _("From and to, both tried")));
  self->from_spin = tw_app_spin_new (0, 1, 1, 0, 0, _("First value"));
  self->to_spin = tw_app_spin_new (0, 1, 1, 1, 0, _("Last value"));
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->from_spin));
  gtk_box_append (GTK_BOX (box), gtk_label_new ("–"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->to_spin));
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->range_row), box);

  g_signal_connect_object (self->change_row, "notify::selected", G_CALLBACK (choice_changed),
                           self, G_CONNECT_SWAPPED);
  choice_changed (self);
  return self;
}

static void
tw_sweep_picker_finalize (GObject *object)
{
  TwSweepPicker *self = TW_SWEEP_PICKER (object);

  g_clear_object (&self->change_row);
  g_clear_object (&self->range_row);
  g_clear_pointer (&self->definition, tw_definition_unref);
  g_free (self->none_label);
  g_clear_pointer (&self->choices, g_array_unref);
  G_OBJECT_CLASS (tw_sweep_picker_parent_class)->finalize (object);
}

static void
tw_sweep_picker_class_init (TwSweepPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tw_sweep_picker_finalize;

  /**
   * TwSweepPicker::changed:
   *
   * What varies, or its values' range, was chosen anew.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tw_sweep_picker_init (TwSweepPicker *self)
{
  self->choices = g_array_new (FALSE, FALSE, sizeof (Choice));
}
