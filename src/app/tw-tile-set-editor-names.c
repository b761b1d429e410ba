/* tw-tile-set-editor-names.c: a tile's name and id in the tile set editor
 *
 * The popover that renames the selected tile and changes its id, and the
 * new name offered after a recolour ("Half red / green" whose red half
 * turned blue: "Rename to “Half blue / green”", design.tile-rename). Both
 * queue edits of the tile's entry as the editor's other controls do.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-tile-set-editor-private.h"

#include <string.h>

#include <glib/gi18n.h>

/* The name and id popover: filled from the selected tile when it opens. */
static void
names_popover_show (TwTileSetEditor *self)
{
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);

  gtk_editable_set_text (GTK_EDITABLE (self->name_entry),
                         tile != NULL && tile->name != NULL ? tile->name : "");
  gtk_editable_set_text (GTK_EDITABLE (self->id_entry), tile != NULL ? tile->id : "");
  gtk_widget_set_visible (GTK_WIDGET (self->names_error), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
}

static void
names_error (TwTileSetEditor *self,
             const char      *message)
{
  gtk_label_set_label (self->names_error, message);
  gtk_widget_set_visible (GTK_WIDGET (self->names_error), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->id_entry));
}

/* Apply: the name (removed when empty) and the id, each an edit of the
 * tile's line; an id must be a word the notation reads back and no other
 * tile's. The selection follows the new id, and an undo of it goes back
 * to the old one. */
static void
names_apply_clicked (TwTileSetEditor *self)
{
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (
                                        GTK_EDITABLE (self->name_entry))));
  g_autofree char *id = g_strstrip (g_strdup (gtk_editable_get_text (
                                      GTK_EDITABLE (self->id_entry))));
  g_autofree char *old_id = NULL;

  if (tile == NULL || def == NULL)
    {
      gtk_popover_popdown (self->names_popover);
      return;
    }
  if (!tw_definition_id_is_valid (id))
    {
      names_error (self, _("An id is one word of letters, digits, “-” and “_”, such as "
                           "“half-rg”: the move notation writes it."));
      return;
    }
  if (g_strcmp0 (id, tile->id) != 0 && tw_definition_find_tile (def, id) >= 0)
    {
      g_autofree char *message = g_strdup_printf (_("Another tile has the id “%s”."), id);

      names_error (self, message);
      return;
    }
  old_id = g_strdup (tile->id);
  /* the id first, so that the list selects the renamed tile at once; the
   * name then by the new id */
  if (g_strcmp0 (id, old_id) != 0)
    {
      g_autofree char *value = tw_design_yaml_scalar (id);

      _tw_tile_set_editor_queue_edit (self, old_id, "id", value);
      g_free (self->selected_tile);
      self->selected_tile = g_strdup (id);
      g_free (self->selected_before);
      self->selected_before = g_strdup (old_id);
    }
  if (g_strcmp0 (name, tile->name != NULL ? tile->name : "") != 0)
    {
      g_autofree char *value = *name != '\0' ? tw_design_yaml_scalar (name) : NULL;

      _tw_tile_set_editor_queue_edit (self, id, "name", value);
    }
  gtk_popover_popdown (self->names_popover);
}

/* Where @word is in @text as a whole word, ignoring case, or NULL. */
static const char *
find_word (const char *text,
           const char *word)
{
  gsize n = strlen (word);

  if (n == 0)
    return NULL;
  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_strncasecmp (p, word, n) == 0
        && (p == text || !g_ascii_isalnum (p[-1])) && !g_ascii_isalnum (p[n]))
      return p;
  return NULL;
}

void
_tw_tile_set_editor_clear_rename (TwTileSetEditor *self)
{
  g_clear_pointer (&self->rename_tile, g_free);
  g_clear_pointer (&self->rename_from, g_free);
  g_clear_pointer (&self->rename_to, g_free);
  gtk_revealer_set_reveal_child (self->rename_revealer, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-rename", FALSE);
}

/* A recolour of @tile from colour @from to @to (its edges to be @edges)
 * that leaves no edge of @from while its name still names @from ("Half
 * red / green" whose red half turns blue): offers the name with @to in its
 * place ("Half blue / green"). A name that names @to already, or that the
 * recolour leaves right, gets no offer. */
void
_tw_tile_set_editor_offer_rename (TwTileSetEditor *self,
                                  const TwTileDef *tile,
                                  const guint8    *edges,
                                  guint            from,
                                  guint            to)
{
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  g_autofree char *old_name = _tw_tile_set_editor_color_name (def, from);
  g_autofree char *new_name = _tw_tile_set_editor_color_name (def, to);
  g_autoptr(GString) name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *button = NULL;
  const char *at;

  _tw_tile_set_editor_clear_rename (self);
  for (guint d = 0; d < 4; d++)
    if (edges[d] == from)
      return;
  if (tile->name == NULL || find_word (tile->name, old_name) == NULL
      || find_word (tile->name, new_name) != NULL)
    return;
  /* every mention, its first letter's case kept */
  name = g_string_new (tile->name);
  while ((at = find_word (name->str, old_name)) != NULL)
    {
      gsize pos = at - name->str;
      g_autofree char *word = g_strdup (new_name);

      word[0] = g_ascii_isupper (name->str[pos]) ? g_ascii_toupper (word[0])
                                                 : g_ascii_tolower (word[0]);
      g_string_erase (name, pos, strlen (old_name));
      g_string_insert (name, pos, word);
    }
  self->rename_tile = g_strdup (tile->id);
  self->rename_from = g_strdup (tile->name);
  self->rename_to = g_string_free (g_steal_pointer (&name), FALSE);
  /* Translators: offered after a tile's edge changed colour: its name, and
   * the colour the name still names */
  text = g_strdup_printf (_("The name “%s” still says %s."), self->rename_from, old_name);
  /* Translators: the button that renames the tile */
  button = g_strdup_printf (_("Rename to “%s”"), self->rename_to);
  gtk_label_set_label (self->rename_label, text);
  gtk_button_set_label (self->rename_button, button);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-rename", TRUE);
  gtk_revealer_set_reveal_child (self->rename_revealer, TRUE);
}

/* design.tile-rename: the offered name */
static void
rename_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TwTileSetEditor *self = TW_TILE_SET_EDITOR (widget);
  g_autofree char *value = NULL;
  g_autofree char *id = NULL;

  if (self->rename_tile == NULL)
    return;
  value = tw_design_yaml_scalar (self->rename_to);
  id = g_strdup (self->rename_tile);
  _tw_tile_set_editor_clear_rename (self);
  _tw_tile_set_editor_queue_edit (self, id, "name", value);
}

void
_tw_tile_set_editor_names_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, names_popover);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, name_entry);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, id_entry);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, names_error);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, names_apply);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, rename_revealer);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, rename_label);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, rename_button);
  gtk_widget_class_bind_template_callback (widget_class, names_popover_show);
  gtk_widget_class_bind_template_callback (widget_class, names_apply_clicked);
  gtk_widget_class_install_action (widget_class, "design.tile-rename", NULL, rename_action);
}

void
_tw_tile_set_editor_names_init (TwTileSetEditor *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-rename", FALSE);
  gtk_popover_set_default_widget (self->names_popover, self->names_apply);
}
