/* tw-design-page-forms.c: the Design view's variant rules form and its editors
 *
 * The variant form (tw-variant-form.c) shows the rules module's options with
 * the values of the last definition that loaded, and its changes are written
 * to `variant:`; the card editor edits the items of `cards:`, the face
 * editor `faces:` and the tile set editor (tw-tile-set-editor.c, which
 * computes its edits itself) the items of `tiles:`.
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

/* ------------------------------------------------------------------------ */
/* Variant rules form (tw-variant-form.c)                                   */

static void
option_changed (TwDesignPage *self,
                const char   *name,
                const char   *value)
{
  _tw_design_page_queue_option (self, name, value);
}

static void
refresh_variant_form (TwDesignPage *self)
{
  const TwDefinition *def = tw_design_page_get_definition (self);

  gtk_widget_set_visible (GTK_WIDGET (self->form_hint), def == NULL);
  tw_variant_form_set_definition (self->variant_form, def);
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
    edit = tw_design_edit_map_set (text, map, name, value);
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
  kind_edit = tw_design_edit_map_set (text, item, "kind", kind);
  if (params != NULL)
    params_edit = tw_design_edit_map_set (text, item, "params", params);
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
  tw_face_editor_set_definition (self->face_editor, tw_design_page_get_definition (self));
}

/* The key and value of face @name in the text's faces: map, or FALSE. */
static gboolean
find_face (const TwNode  *root,
           const char    *name,
           const TwNode **key,
           const TwNode **value)
{
  const TwNode *faces = tw_node_get (root, "faces");

  for (guint i = 0; faces != NULL && faces->type == TW_NODE_MAP && i < faces->n_children; i++)
    if (strcmp (faces->keys[i]->scalar, name) == 0)
      {
        *key = faces->keys[i];
        *value = faces->children[i];
        return TRUE;
      }
  return FALSE;
}

/* Selects bytes [@start, @end) of @text (the buffer's) and shows them. */
static void
select_span (TwDesignPage *self,
             const char   *text,
             gsize         from,
             gsize         to)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;

  gtk_text_buffer_get_iter_at_offset (buffer, &start, g_utf8_pointer_to_offset (text, text + from));
  gtk_text_buffer_get_iter_at_offset (buffer, &end, g_utf8_pointer_to_offset (text, text + to));
  gtk_text_buffer_select_range (buffer, &start, &end);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source_view), &start, 0.1, TRUE, 0, 0.1);
  gtk_widget_grab_focus (GTK_WIDGET (self->source_view));
}

/* Selects the face in the text and shows it. */
static void
show_face (TwDesignPage *self,
           const char   *name)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = _tw_design_page_parse_current (self, &text);
  const TwNode *key, *value;

  if (root != NULL && find_face (root, name, &key, &value))
    select_span (self, text, key->start_offset, value->end_offset);
}

/* Selects one layer of the face in the text. */
static void
show_layer (TwDesignPage *self,
            const char   *name,
            guint         layer)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = _tw_design_page_parse_current (self, &text);
  const TwNode *key, *value;

  if (root != NULL && find_face (root, name, &key, &value) && value->type == TW_NODE_SEQ
      && layer < value->n_children)
    select_span (self, text, value->children[layer]->start_offset,
                 value->children[layer]->end_offset);
}

/* Writes a new face into the text, as one undoable edit: the module's own
 * look as layers, at the end of `faces:` (added at the end of the text when
 * there is none). */
static void
add_face (TwDesignPage *self,
          const char   *name)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = _tw_design_page_parse_current (self, &text);
  g_auto(GStrv) layers = NULL;
  g_autoptr(GString) insert = g_string_new (NULL);
  TwDefinition *def = tw_design_page_get_definition (self);
  const TwNode *faces, *key, *value;
  TwDesignEdit edit = { 0 };
  g_autofree char *indent = NULL;

  if (root == NULL || def == NULL)
    return;
  if (find_face (root, name, &key, &value))
    {
      show_face (self, name);
      return;
    }
  layers = tw_face_starter_layers (def, name);
  faces = tw_node_get (root, "faces");
  if (faces == NULL)
    {
      gsize len = strlen (text);

      edit.start = edit.end = len;
      if (len > 0 && text[len - 1] != '\n')
        g_string_append_c (insert, '\n');
      g_string_append (insert, "\nfaces:\n");
      indent = g_strdup ("  ");
    }
  else if (faces->type == TW_NODE_MAP && faces->n_children > 0
           && text[faces->start_offset] != '{')
    {
      const TwNode *last = faces->children[faces->n_children - 1];
      const char *eol = strchr (text + last->end_offset, '\n');

      /* after the last face's last line, at the first face's indentation */
      edit.start = edit.end = eol != NULL ? (gsize) (eol - text) : strlen (text);
      indent = g_strnfill (faces->keys[0]->column - 1, ' ');
      g_string_append_c (insert, '\n');
    }
  else
    {
      _tw_design_page_notify_user (self, _("Write the face in the text: its faces: section is not a list of faces one under the other"));
      return;
    }
  g_string_append_printf (insert, "%s%s:", indent, name);
  for (guint i = 0; layers[i] != NULL; i++)
    g_string_append_printf (insert, "\n%s  - %s", indent, layers[i]);
  if (faces == NULL)
    g_string_append_c (insert, '\n');
  edit.text = insert->str;
  _tw_design_page_apply_edit (self, text, &edit);
  /* the text was checked at once: the new face is there to select */
  show_face (self, name);
}

void
_tw_design_page_refresh_forms (TwDesignPage *self)
{
  /* the tile set editor follows the document by itself */
  refresh_variant_form (self);
  refresh_cards (self);
}

/* Called from the page's init, after its template. */
void
_tw_design_page_forms_init (TwDesignPage *self)
{
  self->variant_form = TW_VARIANT_FORM (tw_variant_form_new ());
  gtk_box_append (self->variant_box, GTK_WIDGET (self->variant_form));
  g_signal_connect_object (self->variant_form, "option-changed", G_CALLBACK (option_changed),
                           self, G_CONNECT_SWAPPED);
  tw_tile_set_editor_set_document (self->tile_set_editor, self->document);
  g_signal_connect_object (self->tile_set_editor, "apply-edit",
                           G_CALLBACK (_tw_design_page_apply_edit), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tile_set_editor, "show-message",
                           G_CALLBACK (_tw_design_page_notify_user), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->card_editor, "edit", G_CALLBACK (card_edit), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->card_editor, "change-kind", G_CALLBACK (card_change_kind), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->face_editor, "add-face", G_CALLBACK (add_face), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->face_editor, "show-face", G_CALLBACK (show_face), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->face_editor, "show-layer", G_CALLBACK (show_layer), self,
                           G_CONNECT_SWAPPED);
  tw_face_editor_set_document (self->face_editor, self->document);
  g_signal_connect_object (self->face_editor, "apply-edit",
                           G_CALLBACK (_tw_design_page_apply_edit), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->face_editor, "show-message",
                           G_CALLBACK (_tw_design_page_notify_user), self, G_CONNECT_SWAPPED);
}
