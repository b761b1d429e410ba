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

static gsize content_end (const char   *text,
                          const TwNode *node);

/* Where the block scalar (`|` or `>` and its lines) that is the value of a
 * key at 1-based @key_column and starts at @start ends: its last line
 * indented deeper than the key. libyaml ends it where the next token
 * starts, past blank and comment lines that are not its own. */
static gsize
block_scalar_end (const char *text,
                  gsize       start,
                  guint       key_column)
{
  gsize last = end_of_line (text, start);
  gsize p = last;

  while (text[p] == '\n')
    {
      gsize q = p + 1;
      guint indent = 0;

      while (text[q] == ' ')
        {
          q++;
          indent++;
        }
      if (text[q] == '\n')
        {
          p = q;   /* a blank line: the scalar's if more of it follows */
          continue;
        }
      if (text[q] == '\0' || indent + 1 <= key_column)
        break;
      last = p = end_of_line (text, q);
    }
  return last;
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
        if (text[v->start_offset] == '|' || text[v->start_offset] == '>')
          return edit_new (v->start_offset,
                           block_scalar_end (text, v->start_offset, map->keys[i]->column),
                           g_strdup (value));
        if (v->type != TW_NODE_SCALAR && text[v->start_offset] != '{'
            && text[v->start_offset] != '[')
          {
            /* a block collection on the lines below: the new value goes
             * right after the colon, the lines up to the next key go */
            gsize colon = map->keys[i]->end_offset;

            while (text[colon] != '\0' && text[colon] != ':')
              colon++;
            if (text[colon] == ':')
              return edit_new (colon + 1, content_end (text, v),
                               g_strconcat (" ", value, NULL));
          }
        return edit_new (v->start_offset, content_end (text, v), g_strdup (value));
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

/* ------------------------------------------------------------------------ */
/* Sequences                                                                */

static gboolean
is_flow_seq (const char   *text,
             const TwNode *seq)
{
  gsize len = strlen (text);

  return seq->start_offset < len && text[seq->start_offset] == '['
         && seq->end_offset >= 1 && seq->end_offset <= len
         && text[seq->end_offset - 1] == ']';
}

static gboolean
is_flow_collection (const char   *text,
                    const TwNode *node)
{
  return node->type != TW_NODE_SCALAR
         && (text[node->start_offset] == '{' || text[node->start_offset] == '[');
}

/* Where the text of @node ends: libyaml ends a block collection (and a block
 * scalar) where the next token starts, which may be lines further down, past
 * comments; this is the end of its last character instead. */
static gsize
content_end (const char   *text,
             const TwNode *node)
{
  gsize end = node->end_offset;

  if (node->type != TW_NODE_SCALAR && !is_flow_collection (text, node))
    {
      end = node->start_offset;
      for (guint i = 0; i < node->n_children; i++)
        {
          end = MAX (end, content_end (text, node->children[i]));
          if (node->type == TW_NODE_MAP)
            end = MAX (end, content_end (text, node->keys[i]));
        }
    }
  while (end > node->start_offset && g_ascii_isspace (text[end - 1]))
    end--;
  return end;
}

static gsize
start_of_line (const char *text,
               gsize       offset)
{
  while (offset > 0 && text[offset - 1] != '\n')
    offset--;
  return offset;
}

/* The `-` before @item, an item of a block sequence. */
static gsize
item_dash (const char   *text,
           const TwNode *item)
{
  gsize at = item->start_offset;

  while (at > 0 && text[at - 1] != '-')
    {
      if (!g_ascii_isspace (text[at - 1]))
        break;
      at--;
    }
  return at > 0 && text[at - 1] == '-' ? at - 1 : item->start_offset;
}

/* Bytes [start, end) of item @index: in a block list from the start of its
 * `- ` line to the end of its last line, else the item's own text. *text_start
 * is where the item itself starts (after `- `). */
static void
item_span (const char   *text,
           const TwNode *seq,
           guint         index,
           gsize        *start,
           gsize        *text_start,
           gsize        *end)
{
  const TwNode *item = seq->children[index];

  *text_start = item->start_offset;
  if (is_flow_seq (text, seq))
    {
      *start = item->start_offset;
      *end = content_end (text, item);
    }
  else
    {
      *start = start_of_line (text, item_dash (text, item));
      *end = end_of_line (text, content_end (text, item));
    }
}

/* What separates two items of a flow list, as written between the first two
 * (", " when there are not two). */
static char *
flow_separator (const char   *text,
                const TwNode *seq)
{
  if (seq->n_children >= 2)
    {
      gsize from = content_end (text, seq->children[0]);
      gsize to = seq->children[1]->start_offset;

      if (memchr (text + from, ',', to - from) != NULL)
        return g_strndup (text + from, to - from);
    }
  return g_strdup (", ");
}

TwDesignEdit *
tw_design_edit_seq_insert_after (const char   *text,
                                 const TwNode *seq,
                                 guint         index,
                                 const char   *item)
{
  gsize start, text_start, end;

  g_return_val_if_fail (text != NULL && seq != NULL && item != NULL, NULL);

  if (seq->type != TW_NODE_SEQ)
    return NULL;
  if (seq->n_children == 0)
    {
      if (!is_flow_seq (text, seq))
        return NULL;
      return edit_new (seq->start_offset + 1, seq->end_offset - 1, g_strdup (item));
    }
  if (index >= seq->n_children)
    return NULL;

  item_span (text, seq, index, &start, &text_start, &end);
  if (is_flow_seq (text, seq))
    {
      g_autofree char *sep = flow_separator (text, seq);

      return edit_new (end, end, g_strconcat (sep, item, NULL));
    }
  {
    /* the new item's `- ` written like this one's */
    g_autofree char *prefix = g_strndup (text + start, text_start - start);

    return edit_new (end, end, g_strconcat ("\n", prefix, item, NULL));
  }
}

TwDesignEdit *
tw_design_edit_seq_insert_map_after (const char         *text,
                                     const TwNode       *seq,
                                     guint               index,
                                     const char * const *keys,
                                     const char * const *values)
{
  g_autoptr(GString) item = g_string_new (NULL);
  const TwNode *like;
  gboolean block;

  g_return_val_if_fail (text != NULL && seq != NULL && keys != NULL && values != NULL, NULL);
  g_return_val_if_fail (keys[0] != NULL, NULL);

  if (seq->type != TW_NODE_SEQ)
    return NULL;
  like = index < seq->n_children ? seq->children[index] : NULL;
  block = like != NULL && like->type == TW_NODE_MAP && like->n_children > 0
          && !is_flow_seq (text, seq) && !is_flow_collection (text, like);

  if (block)
    {
      guint column = like->keys[0]->column > 0 ? like->keys[0]->column - 1 : 0;
      g_autofree char *pad = g_strnfill (column, ' ');

      for (guint i = 0; keys[i] != NULL; i++)
        g_string_append_printf (item, "%s%s%s: %s", i > 0 ? "\n" : "", i > 0 ? pad : "",
                                keys[i], values[i]);
    }
  else
    {
      g_string_append_c (item, '{');
      for (guint i = 0; keys[i] != NULL; i++)
        g_string_append_printf (item, "%s%s: %s", i > 0 ? ", " : "", keys[i], values[i]);
      g_string_append_c (item, '}');
    }
  return tw_design_edit_seq_insert_after (text, seq, index, item->str);
}

TwDesignEdit *
tw_design_edit_seq_duplicate (const char   *text,
                              const TwNode *seq,
                              guint         index,
                              const char   *key,
                              const char   *value)
{
  const TwNode *item, *old;
  gsize start, text_start, end;
  g_autoptr(GString) copy = NULL;

  g_return_val_if_fail (text != NULL && seq != NULL && key != NULL && value != NULL, NULL);

  if (seq->type != TW_NODE_SEQ || index >= seq->n_children)
    return NULL;
  item = seq->children[index];
  old = tw_node_get (item, key);
  if (old == NULL || old->type != TW_NODE_SCALAR || old->end_offset <= old->start_offset)
    return NULL;
  item_span (text, seq, index, &start, &text_start, &end);
  if (old->start_offset < text_start || old->end_offset > end)
    return NULL;   /* an alias: the value is written elsewhere */

  copy = g_string_new_len (text + text_start, old->start_offset - text_start);
  g_string_append (copy, value);
  g_string_append_len (copy, text + old->end_offset, end - old->end_offset);
  return tw_design_edit_seq_insert_after (text, seq, index, copy->str);
}

TwDesignEdit *
tw_design_edit_seq_remove (const char   *text,
                           const TwNode *seq,
                           guint         index)
{
  gsize start, text_start, end;

  g_return_val_if_fail (text != NULL && seq != NULL, NULL);

  if (seq->type != TW_NODE_SEQ || index >= seq->n_children)
    return NULL;
  item_span (text, seq, index, &start, &text_start, &end);

  if (is_flow_seq (text, seq))
    {
      if (seq->n_children == 1)
        return edit_new (start, end, g_strdup (""));
      if (index + 1 < seq->n_children)
        return edit_new (start, seq->children[index + 1]->start_offset, g_strdup (""));
      return edit_new (content_end (text, seq->children[index - 1]), end, g_strdup (""));
    }

  if (seq->n_children == 1)
    {
      /* `tiles: []` rather than an empty (null) value */
      gsize dash = item_dash (text, seq->children[0]);
      gsize back = dash;

      while (back > 0 && g_ascii_isspace (text[back - 1]))
        back--;
      if (back > 0 && text[back - 1] == ':')
        return edit_new (back, end, g_strdup (" []"));
      return edit_new (dash, end, g_strdup ("[]"));
    }
  if (text[end] == '\n')
    return edit_new (start, end + 1, g_strdup (""));
  /* the last line of a text without a final newline: take the one before */
  return edit_new (start > 0 ? start - 1 : start, end, g_strdup (""));
}

TwDesignEdit *
tw_design_edit_seq_swap (const char   *text,
                         const TwNode *seq,
                         guint         index)
{
  gsize a_start, a_text, a_end, b_start, b_text, b_end;
  GString *out;

  g_return_val_if_fail (text != NULL && seq != NULL, NULL);

  if (seq->type != TW_NODE_SEQ || index + 1 >= seq->n_children)
    return NULL;
  item_span (text, seq, index, &a_start, &a_text, &a_end);
  item_span (text, seq, index + 1, &b_start, &b_text, &b_end);

  /* each item's own text (not its `- `) trades places; what lies between
   * them, separators and comment lines, stays */
  out = g_string_new_len (text + b_text, b_end - b_text);
  g_string_append_len (out, text + a_end, b_text - a_end);
  g_string_append_len (out, text + a_text, a_end - a_text);
  return edit_new (a_text, b_end, g_string_free (out, FALSE));
}

gint
tw_design_seq_index (const TwNode *seq,
                     const TwNode *item)
{
  g_return_val_if_fail (seq != NULL, -1);

  if (seq->type != TW_NODE_SEQ)
    return -1;
  for (guint i = 0; i < seq->n_children; i++)
    if (seq->children[i] == item)
      return (gint) i;
  return -1;
}

char *
tw_design_fresh_id (const TwNode *root,
                    const char   *section,
                    const char   *id,
                    guint         first)
{
  g_autofree char *stem = NULL;
  gsize len;

  g_return_val_if_fail (root != NULL && section != NULL && id != NULL, NULL);

  len = strlen (id);
  while (len > 0 && g_ascii_isdigit (id[len - 1]))
    len--;
  if (len > 0 && len < strlen (id) && id[len - 1] == '-')
    len--;
  else
    len = strlen (id);
  stem = g_strndup (id, len);

  for (guint n = first; ; n++)
    {
      char *candidate = g_strdup_printf ("%s-%u", stem, n);

      if (tw_design_find_item (root, section, candidate) == NULL)
        return candidate;
      g_free (candidate);
    }
}

char *
tw_design_yaml_scalar (const char *s)
{
  GString *out;
  gboolean plain;

  g_return_val_if_fail (s != NULL, NULL);

  plain = s[0] != '\0';
  for (const char *c = s; *c != '\0' && plain; c++)
    plain = g_ascii_isalnum (*c) || *c == '-' || *c == '_' || *c == '.'
            || (guchar) *c >= 0x80;
  /* a leading '-' or '.' or a word YAML reads as another type needs quotes too */
  if (plain && (s[0] == '-' || s[0] == '.' || g_ascii_isdigit (s[0])))
    plain = FALSE;
  if (plain)
    {
      static const char * const special[] = {
        "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", NULL
      };

      if (g_strv_contains (special, s))
        plain = FALSE;
    }
  if (plain)
    return g_strdup (s);

  out = g_string_new ("\"");
  for (const char *c = s; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

guint32
tw_design_edge_pattern (const guint8 edges[4])
{
  guint32 least = G_MAXUINT32;

  for (guint r = 0; r < 4; r++)
    {
      guint32 k = 0;

      for (guint d = 0; d < 4; d++)
        k = (k << 8) | edges[(r + d) % 4];
      least = MIN (least, k);
    }
  return least;
}

static gint
section_index (const guint8 *masks,
               guint         n,
               guint         dir)
{
  for (guint s = 0; s < n; s++)
    if (masks[s] & (1u << dir))
      return (gint) s;
  return -1;
}

guint
tw_design_sections_join (const guint8 *masks,
                         guint         n,
                         guint         dir,
                         guint         other,
                         guint8        out[4])
{
  gint a, b;
  guint len = 0;

  g_return_val_if_fail (masks != NULL && n <= 4 && dir < 4 && other < 4 && out != NULL, 0);

  a = section_index (masks, n, dir);
  b = section_index (masks, n, other);
  if (a < 0 || b < 0 || a == b)
    return 0;
  for (guint s = 0; s < n; s++)
    if ((gint) s == MIN (a, b))
      out[len++] = masks[a] | masks[b];
    else if ((gint) s != MAX (a, b))
      out[len++] = masks[s];
  return len;
}

guint
tw_design_sections_split (const guint8 *masks,
                          guint         n,
                          guint         dir,
                          guint8        out[4])
{
  gint from;
  guint len = 0;

  g_return_val_if_fail (masks != NULL && n <= 4 && dir < 4 && out != NULL, 0);

  from = section_index (masks, n, dir);
  if (from < 0 || masks[from] == (1u << dir) || n >= 4)
    return 0;
  for (guint s = 0; s < n; s++)
    {
      out[len++] = masks[s] & ~(1u << dir);
      if ((gint) s == from)
        out[len++] = 1u << dir;
    }
  return len;
}

char *
tw_design_sections_text (const guint8 *masks,
                         guint         n)
{
  static const char letters[4] = { 'N', 'E', 'S', 'W' };
  GString *s = g_string_new ("[");

  g_return_val_if_fail (masks != NULL || n == 0, NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      for (guint d = 0; d < 4; d++)
        if (masks[i] & (1u << d))
          g_string_append_c (s, letters[d]);
    }
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
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

/* ------------------------------------------------------------------------ */
/* Removing a key, and two edits as one                                     */

TwDesignEdit *
tw_design_edit_map_remove (const char   *text,
                           const TwNode *map,
                           const char   *key)
{
  g_return_val_if_fail (text != NULL && map != NULL && key != NULL, NULL);

  if (map->type != TW_NODE_MAP)
    return NULL;
  for (guint i = 0; i < map->n_children; i++)
    {
      const TwNode *k = map->keys[i];
      gsize value_end, line, end;

      if (g_strcmp0 (k->scalar, key) != 0)
        continue;
      value_end = MAX (content_end (text, map->children[i]), k->end_offset);
      if (is_flow (text, map))
        {
          gsize prev;

          if (map->n_children == 1)
            return edit_new (k->start_offset, value_end, g_strdup (""));
          if (i == 0)
            return edit_new (k->start_offset, map->keys[1]->start_offset, g_strdup (""));
          /* from the end of the entry before: its separator goes too */
          prev = MAX (content_end (text, map->children[i - 1]), map->keys[i - 1]->end_offset);
          return edit_new (prev, value_end, g_strdup (""));
        }
      /* a block entry: its whole lines, when the key starts its line */
      line = start_of_line (text, k->start_offset);
      for (gsize p = line; p < k->start_offset; p++)
        if (!g_ascii_isspace (text[p]))
          return NULL;
      end = end_of_line (text, value_end);
      if (text[end] == '\n')
        end++;
      return edit_new (line, end, g_strdup (""));
    }
  return NULL;
}

TwDesignEdit *
tw_design_edit_merge (const char         *text,
                      const TwDesignEdit *a,
                      const TwDesignEdit *b)
{
  g_autofree char *between = NULL;

  g_return_val_if_fail (text != NULL && a != NULL && b != NULL, NULL);

  if (a->start > b->start)
    {
      const TwDesignEdit *t = a;
      a = b;
      b = t;
    }
  if (a->end > b->start || b->end > strlen (text))
    return NULL;
  between = g_strndup (text + a->end, b->start - a->end);
  return edit_new (a->start, b->end, g_strconcat (a->text, between, b->text, NULL));
}
