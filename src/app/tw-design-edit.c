/* tw-design-edit.c: rewriting one part of a definition's YAML text
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-design-edit.h"

#include <string.h>

void
tw_design_edit_free (TwDesignEdit *edit)
{
  if (edit == NULL)
    return;
  g_free (edit->text);
  g_free (edit);
}

static TwDesignEdit *
edit_new (gsize       start,
          gsize       end,
          char       *text)
{
  TwDesignEdit *edit = g_new0 (TwDesignEdit, 1);

  edit->start = start;
  edit->end = end;
  edit->text = text;
  return edit;
}

/* The offset of the end of the line holding @offset (its '\n', or the end). */
static gsize
end_of_line (const char *text,
             gsize       offset)
{
  const char *nl = strchr (text + offset, '\n');

  return nl != NULL ? (gsize) (nl - text) : strlen (text);
}

static gboolean
is_flow (const char   *text,
         const TwNode *node)
{
  gsize len = strlen (text);

  return node->start_offset < len && text[node->start_offset] == '{'
         && node->end_offset >= 1 && node->end_offset <= len
         && text[node->end_offset - 1] == '}';
}

TwDesignEdit *
tw_design_edit_map_set (const char   *text,
                        const TwNode *map,
                        const char   *key,
                        const char   *value)
{
  g_return_val_if_fail (text != NULL && map != NULL && key != NULL && value != NULL, NULL);

  if (map->type != TW_NODE_MAP)
    return NULL;

  for (guint i = 0; i < map->n_children; i++)
    if (g_strcmp0 (map->keys[i]->scalar, key) == 0)
      {
        const TwNode *v = map->children[i];

        /* an empty value (`key:`) has no span of its own: write after the key */
        if (v->type == TW_NODE_SCALAR && v->end_offset <= v->start_offset)
          {
            gsize at = map->keys[i]->end_offset;

            while (text[at] != '\0' && text[at] != ':')
              at++;
            if (text[at] == ':')
              at++;
            return edit_new (at, at, g_strconcat (" ", value, NULL));
          }
        return edit_new (v->start_offset, v->end_offset, g_strdup (value));
      }

  if (is_flow (text, map))
    {
      gsize close = map->end_offset - 1;
      gsize back = close;

      while (back > map->start_offset + 1 && g_ascii_isspace (text[back - 1]))
        back--;
      if (map->n_children == 0)
        return edit_new (map->start_offset + 1, close, g_strdup_printf ("%s: %s", key, value));
      return edit_new (back, back, g_strdup_printf (", %s: %s", key, value));
    }

  if (map->n_children > 0)
    {
      const TwNode *last = map->children[map->n_children - 1];
      guint indent = map->keys[0]->column > 0 ? map->keys[0]->column - 1 : 0;
      gsize at = end_of_line (text, MAX (last->end_offset, map->keys[map->n_children - 1]->end_offset));
      g_autofree char *pad = g_strnfill (indent, ' ');

      return edit_new (at, at, g_strdup_printf ("\n%s%s: %s", pad, key, value));
    }
  return NULL;
}

TwDesignEdit *
tw_design_edit_set_variant (const char   *text,
                            const TwNode *root,
                            const char   *name,
                            const char   *value)
{
  gsize len;

  g_return_val_if_fail (text != NULL && name != NULL && value != NULL, NULL);

  if (root == NULL || root->type != TW_NODE_MAP)
    return NULL;
  for (guint i = 0; i < root->n_children; i++)
    if (g_strcmp0 (root->keys[i]->scalar, "variant") == 0)
      {
        const TwNode *variant = root->children[i];

        if (variant->type == TW_NODE_MAP)
          return tw_design_edit_map_set (text, variant, name, value);
        if (variant->type != TW_NODE_SCALAR)
          return NULL;
        if (variant->end_offset > variant->start_offset)
          /* `variant: ~` or `variant: null`: a flow map in its place */
          return edit_new (variant->start_offset, variant->end_offset,
                           g_strdup_printf ("{%s: %s}", name, value));
        {
          gsize at = end_of_line (text, root->keys[i]->end_offset);
          return edit_new (at, at, g_strdup_printf ("\n  %s: %s", name, value));
        }
      }

  len = strlen (text);
  return edit_new (len, len, g_strdup_printf ("%svariant:\n  %s: %s\n",
                                              len > 0 && text[len - 1] != '\n' ? "\n" : "",
                                              name, value));
}

const TwNode *
tw_design_find_item (const TwNode *root,
                     const char   *section,
                     const char   *id)
{
  const TwNode *tiles = tw_node_get (root, section);

  if (tiles == NULL || tiles->type != TW_NODE_SEQ)
    return NULL;
  for (guint i = 0; i < tiles->n_children; i++)
    {
      const TwNode *tile_id = tw_node_get (tiles->children[i], "id");

      if (tile_id != NULL && tile_id->type == TW_NODE_SCALAR
          && g_strcmp0 (tile_id->scalar, id) == 0)
        return tiles->children[i];
    }
  return NULL;
}

char *
tw_design_edit_apply (const char         *text,
                      const TwDesignEdit *edit)
{
  GString *out;

  g_return_val_if_fail (text != NULL && edit != NULL, NULL);
  g_return_val_if_fail (edit->start <= edit->end && edit->end <= strlen (text), NULL);

  out = g_string_new_len (text, edit->start);
  g_string_append (out, edit->text);
  g_string_append (out, text + edit->end);
  return g_string_free (out, FALSE);
}
