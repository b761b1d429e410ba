/* tw-variant-form.c: a rules module's options as a form
 *
 * One row per option of the module's option table (a switch, a number or a
 * choice, each with its description and a button back to the default); the
 * rows show a definition's values, and a change is told as the option's
 * name and value in the text's words, for the Design view to write to the
 * `variant:` section.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-variant-form.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-rules.h"

struct _TwVariantForm
{
  AdwBin         parent_instance;

  /* Owned */
  GPtrArray     *option_rows;   /* of OptionRow */

  /* Borrowed */
  const TwRules *rules;         /* the module shown */

  gboolean       updating;      /* the rows are being set from a definition */
};

G_DEFINE_FINAL_TYPE (TwVariantForm, tw_variant_form, ADW_TYPE_BIN)

enum
{
  OPTION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  TwVariantForm      *form;
  guint               index;
  const TwOptionSpec *spec;
  GtkWidget          *control;
  GtkWidget          *reset;
} OptionRow;

static void
option_row_free (gpointer data)
{
  OptionRow *row = data;

  g_signal_handlers_disconnect_by_data (row->control, row);
  g_signal_handlers_disconnect_by_data (row->reset, row);
  g_free (row);
}

static int
option_row_value (OptionRow *row)
{
  switch (row->spec->type)
    {
    case TW_VALUE_BOOL:
      return gtk_switch_get_active (GTK_SWITCH (row->control));
    case TW_VALUE_INT:
      return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (row->control));
    case TW_VALUE_CHOICE:
      return (int) adw_combo_row_get_selected (ADW_COMBO_ROW (row->control));
    default:
      return row->spec->default_value;
    }
}

static void
option_row_set_value (OptionRow *row,
                      int        value)
{
  switch (row->spec->type)
    {
    case TW_VALUE_BOOL:
      gtk_switch_set_active (GTK_SWITCH (row->control), value != 0);
      break;
    case TW_VALUE_INT:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->control), value);
      break;
    case TW_VALUE_CHOICE:
      adw_combo_row_set_selected (ADW_COMBO_ROW (row->control), (guint) value);
      break;
    default:
      break;
    }
  gtk_widget_set_visible (row->reset, value != row->spec->default_value);
}

static void
option_changed (OptionRow *row)
{
  TwVariantForm *self = row->form;
  int value = option_row_value (row);
  g_autofree char *text = NULL;

  gtk_widget_set_visible (row->reset, value != row->spec->default_value);
  if (self->updating)
    return;
  text = tw_option_value_to_string (row->spec, value);
  g_signal_emit (self, signals[OPTION_CHANGED], 0, row->spec->name, text);
}

static void
option_reset (OptionRow *row)
{
  option_row_set_value (row, row->spec->default_value);
}

static void
clear_form (TwVariantForm *self)
{
  g_ptr_array_set_size (self->option_rows, 0);
  adw_bin_set_child (ADW_BIN (self), NULL);
  self->rules = NULL;
}

static void
build_form (TwVariantForm *self,
            const TwRules *rules)
{
  g_autofree char *description = NULL;
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Variant Rules"));
  /* Translators: %s is a rules module's name, e.g. Colorblock */
  description = g_strdup_printf (_("The options of the %s rules. A change is written to the "
                                   "variant: section of the text."), rules->display_name);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);

  for (guint i = 0; i < rules->n_options; i++)
    {
      const TwOptionSpec *spec = &rules->options[i];
      OptionRow *row;
      GtkWidget *widget;
      g_autofree char *default_text = tw_option_value_to_string (spec, spec->default_value);
      g_autofree char *reset_tip = NULL;

      if (spec->type != TW_VALUE_BOOL && spec->type != TW_VALUE_INT
          && spec->type != TW_VALUE_CHOICE)
        continue;

      row = g_new0 (OptionRow, 1);
      row->form = self;
      row->index = i;
      row->spec = spec;

      if (spec->type == TW_VALUE_CHOICE)
        {
          GtkStringList *list = tw_app_choice_list_new (spec);

          widget = adw_combo_row_new ();
          adw_combo_row_set_model (ADW_COMBO_ROW (widget), G_LIST_MODEL (list));
          tw_app_combo_row_show_whole_value (widget);
          g_object_unref (list);
          row->control = widget;
          g_signal_connect_swapped (widget, "notify::selected", G_CALLBACK (option_changed), row);
        }
      else
        {
          widget = adw_action_row_new ();
          if (spec->type == TW_VALUE_BOOL)
            {
              row->control = gtk_switch_new ();
              g_signal_connect_swapped (row->control, "notify::active",
                                        G_CALLBACK (option_changed), row);
            }
          else
            {
              row->control = gtk_spin_button_new_with_range (spec->min, spec->max, 1);
              g_signal_connect_swapped (row->control, "value-changed",
                                        G_CALLBACK (option_changed), row);
            }
          gtk_widget_set_valign (row->control, GTK_ALIGN_CENTER);
          gtk_accessible_update_property (GTK_ACCESSIBLE (row->control),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, tw_app_option_label (spec),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(spec->description),
                                          -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (widget), row->control);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), row->control);
        }
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (widget), FALSE);
      /* the label; the name, as written in the text, is the tooltip */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), tw_app_option_label (spec));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (widget), _(spec->description));
      gtk_widget_set_tooltip_text (widget, spec->name);

      row->reset = gtk_button_new_from_icon_name ("edit-undo-symbolic");
      gtk_widget_add_css_class (row->reset, "flat");
      gtk_widget_set_valign (row->reset, GTK_ALIGN_CENTER);
      /* Translators: a button that sets an option back to its default value */
      reset_tip = g_strdup_printf (_("Reset to the default, %s"), default_text);
      gtk_widget_set_tooltip_text (row->reset, reset_tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->reset),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, reset_tip, -1);
      g_signal_connect_swapped (row->reset, "clicked", G_CALLBACK (option_reset), row);
      adw_action_row_add_suffix (ADW_ACTION_ROW (widget), row->reset);
      /* the reset button comes before the control */
      gtk_widget_insert_after (row->reset, gtk_widget_get_parent (row->reset), NULL);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), widget);
      g_ptr_array_add (self->option_rows, row);
    }

  if (self->option_rows->len == 0)
    {
      GtkWidget *none = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (none), _("These rules have no options"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), none);
    }

  adw_bin_set_child (ADW_BIN (self), group);
  self->rules = rules;
}

/**
 * tw_variant_form_set_definition:
 * @definition: (nullable): the definition whose options to show
 *
 * Shows a row per option of @definition's rules module, set to its values;
 * rebuilt only when the module changes. Setting values here emits nothing.
 */
void
tw_variant_form_set_definition (TwVariantForm      *self,
                                const TwDefinition *definition)
{
  g_return_if_fail (TW_IS_VARIANT_FORM (self));

  if (definition == NULL)
    {
      clear_form (self);
      return;
    }
  if (self->rules != definition->rules)
    {
      clear_form (self);
      build_form (self, definition->rules);
    }
  self->updating = TRUE;
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      OptionRow *row = g_ptr_array_index (self->option_rows, i);

      option_row_set_value (row, definition->options.values[row->index]);
    }
  self->updating = FALSE;
}

/**
 * tw_variant_form_new:
 *
 * Returns: (transfer floating): an empty form
 */
GtkWidget *
tw_variant_form_new (void)
{
  return g_object_new (TW_TYPE_VARIANT_FORM, NULL);
}

static void
tw_variant_form_dispose (GObject *object)
{
  TwVariantForm *self = TW_VARIANT_FORM (object);

  /* the rows' handlers point at row data: disconnect them while the
   * controls are alive, then drop the widgets */
  if (self->option_rows != NULL)
    g_ptr_array_set_size (self->option_rows, 0);
  adw_bin_set_child (ADW_BIN (self), NULL);

  G_OBJECT_CLASS (tw_variant_form_parent_class)->dispose (object);
}

static void
tw_variant_form_finalize (GObject *object)
{
  TwVariantForm *self = TW_VARIANT_FORM (object);

  g_clear_pointer (&self->option_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (tw_variant_form_parent_class)->finalize (object);
}

static void
tw_variant_form_class_init (TwVariantFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tw_variant_form_dispose;
  object_class->finalize = tw_variant_form_finalize;

  /**
   * TwVariantForm::option-changed:
   * @name: the option's name, as the text writes it
   * @value: its new value, as the text writes it
   *
   * The designer changed an option (a row's control or its reset button).
   */
  signals[OPTION_CHANGED] =
    g_signal_new ("option-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
tw_variant_form_init (TwVariantForm *self)
{
  self->option_rows = g_ptr_array_new_with_free_func (option_row_free);
}
