/* tw-design-page-forms.c: the Design view's variant rules form and card editor
 *
 * The variant form is built from the rules module's option table and the
 * last definition that loaded; the card editor edits the items of `cards:`.
 * Each edit is one span of the text replaced (tw-design-edit.c), as one user
 * action of the buffer.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-design-page-private.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tw-app-util.h"

typedef struct
{
  TwDesignPage       *page;
  guint               index;
  const TwOptionSpec *spec;
  GtkWidget          *control;
  GtkWidget          *reset;
} OptionRow;

/* ------------------------------------------------------------------------ */
/* Variant rules form                                                       */

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
  TwDesignPage *self = row->page;
  int value = option_row_value (row);
  g_autofree char *text = NULL;

  gtk_widget_set_visible (row->reset, value != row->spec->default_value);
  if (self->updating)
    return;
  text = tw_option_value_to_string (row->spec, value);
  _tw_design_page_queue_edit (self, NULL, NULL, row->spec->name, text);
}

static void
option_reset (OptionRow *row)
{
  option_row_set_value (row, row->spec->default_value);
}

static void
clear_variant_form (TwDesignPage *self)
{
  g_ptr_array_set_size (self->option_rows, 0);
  if (self->variant_group != NULL)
    gtk_box_remove (self->variant_box, self->variant_group);
  self->variant_group = NULL;
  self->form_rules = NULL;
}

static void
build_variant_form (TwDesignPage *self)
{
  const TwRules *rules = tw_design_page_get_definition (self)->rules;
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
      row->page = self;
      row->index = i;
      row->spec = spec;

      if (spec->type == TW_VALUE_CHOICE)
        {
          GtkStringList *list = tw_app_choice_list_new (spec);

          widget = adw_combo_row_new ();
          adw_combo_row_set_model (ADW_COMBO_ROW (widget), G_LIST_MODEL (list));
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
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spec->description,
                                          -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (widget), row->control);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), row->control);
        }
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (widget), FALSE);
      /* the label; the name, as written in the text, is the tooltip */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), tw_app_option_label (spec));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (widget), spec->description);
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

  gtk_box_append (self->variant_box, group);
  self->variant_group = group;
  self->form_rules = rules;
}

static void
refresh_variant_form (TwDesignPage *self)
{
  const TwDefinition *def = tw_design_page_get_definition (self);

  gtk_widget_set_visible (GTK_WIDGET (self->form_hint), def == NULL);
  if (def == NULL)
    {
      clear_variant_form (self);
      return;
    }
  if (self->form_rules != tw_design_page_get_definition (self)->rules)
    {
      clear_variant_form (self);
      build_variant_form (self);
    }
  self->updating = TRUE;
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      OptionRow *row = g_ptr_array_index (self->option_rows, i);

      option_row_set_value (row, tw_design_page_get_definition (self)->options.values[row->index]);
    }
  self->updating = FALSE;
}

/* ------------------------------------------------------------------------ */
/* Card editor                                                              */

/* The item of `cards:` with @id, or NULL (and a message). */
static const TwNode *
find_card_node (TwDesignPage *self,
                TwNode       *root,
                const char   *id)
{
  const TwNode *item = tw_design_find_item (root, "cards", id);

  if (item == NULL || item->type != TW_NODE_MAP)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not in the text any more"), id);
      _tw_design_page_notify_user (self, message);
      return NULL;
    }
  return item;
}

/* Sets @key of the map @map to @value like tw_design_edit_map_set(), but
 * where the old value is block text (`key: >-` and its lines, or a block map
 * on the lines below), which the parser ends where the next key starts, the
 * new value goes right after the colon and the line break before the next
 * key stays. */
static TwDesignEdit *
card_map_set (const char   *text,
              const TwNode *map,
              const char   *key,
              const char   *value)
{
  TwDesignEdit *edit = tw_design_edit_map_set (text, map, key, value);

  for (guint i = 0; edit != NULL && i < map->n_children; i++)
    {
      const TwNode *v = map->children[i];
      gsize colon = map->keys[i]->end_offset;

      if (g_strcmp0 (map->keys[i]->scalar, key) != 0 || v->end_offset <= v->start_offset)
        continue;
      while (edit->end > edit->start && g_ascii_isspace (text[edit->end - 1]))
        edit->end--;
      if (v->type != TW_NODE_SCALAR && text[v->start_offset] != '{' && text[v->start_offset] != '[')
        {
          while (text[colon] != '\0' && text[colon] != ':')
            colon++;
          if (text[colon] == ':')
            {
              g_autofree char *old = edit->text;

              edit->start = colon + 1;
              edit->text = g_strconcat (" ", old, NULL);
            }
        }
    }
  return edit;
}

/* One key of a card, from the card editor: "params.NAME" sets a parameter,
 * adding the `params` map when the card has none; a NULL @value removes the
 * key (an optional colour back to "any", a title back to the kind's). */
static void
card_edit (TwDesignPage *self,
           const char   *id,
           const char   *key,
           const char   *value)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = _tw_design_page_parse_current (self, &text);
  g_autoptr(TwDesignEdit) edit = NULL;
  const TwNode *item;
  const TwNode *map;
  const char *name = key;

  if (root == NULL || (item = find_card_node (self, root, id)) == NULL)
    return;
  map = item;
  if (g_str_has_prefix (key, "params."))
    {
      const TwNode *params = tw_node_get (item, "params");

      name = key + strlen ("params.");
      if (params != NULL && params->type == TW_NODE_MAP)
        map = params;
      else if (value != NULL)
        {
          g_autofree char *flow = g_strdup_printf ("{%s: %s}", name, value);

          edit = tw_design_edit_map_set (text, item, "params", flow);
          if (edit == NULL)
            return;
        }
      else
        return;
    }
  if (edit == NULL && value != NULL)
    edit = card_map_set (text, map, name, value);
  else if (edit == NULL)
    {
      /* nothing to remove: the card already shows the default */
      if (tw_node_get (map, name) == NULL)
        return;
      edit = tw_design_edit_map_remove (text, map, name);
    }
  if (edit == NULL && value == NULL)
    {
      _tw_design_page_notify_user (self, _("This key cannot be removed from the form: "
                                           "edit it in the text"));
      return;
    }
  if (edit != NULL)
    _tw_design_page_apply_edit (self, text, edit);
}

/* A new kind for a card: its `kind` and its `params` rewritten as one edit of
 * the text (one step of undo); @params NULL removes the card's params. */
static void
card_change_kind (TwDesignPage *self,
                  const char   *id,
                  const char   *kind,
                  const char   *params)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = _tw_design_page_parse_current (self, &text);
  g_autoptr(TwDesignEdit) kind_edit = NULL;
  g_autoptr(TwDesignEdit) params_edit = NULL;
  g_autoptr(TwDesignEdit) edit = NULL;
  const TwNode *item;

  if (root == NULL || (item = find_card_node (self, root, id)) == NULL)
    return;
  kind_edit = card_map_set (text, item, "kind", kind);
  if (params != NULL)
    params_edit = card_map_set (text, item, "params", params);
  else if (tw_node_get (item, "params") != NULL)
    {
      params_edit = tw_design_edit_map_remove (text, item, "params");
      /* written on a line with other keys: an empty map says the same */
      if (params_edit == NULL)
        params_edit = tw_design_edit_map_set (text, item, "params", "{}");
    }
  if (kind_edit == NULL)
    return;
  edit = params_edit != NULL ? tw_design_edit_merge (text, kind_edit, params_edit)
                             : g_steal_pointer (&kind_edit);
  if (edit != NULL)
    _tw_design_page_apply_edit (self, text, edit);
}

static void
refresh_cards (TwDesignPage *self)
{
  tw_card_editor_set_definition (self->card_editor, tw_design_page_get_definition (self));
}

void
_tw_design_page_refresh_forms (TwDesignPage *self)
{
  refresh_variant_form (self);
  _tw_design_page_refresh_tiles (self);
  refresh_cards (self);
}

/* Called from the page's init, after its template. */
void
_tw_design_page_forms_init (TwDesignPage *self)
{
  self->option_rows = g_ptr_array_new_with_free_func (option_row_free);
  g_signal_connect_object (self->card_editor, "edit", G_CALLBACK (card_edit), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->card_editor, "change-kind", G_CALLBACK (card_change_kind), self,
                           G_CONNECT_SWAPPED);
}
