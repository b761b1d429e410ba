/* tw-node.c: a YAML document as a tree of positioned nodes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built from libyaml's event stream (not its document API) for two reasons:
 * the document API expands nothing under limits we control, and it loses the
 * end positions we want for editors. The tree is built with an explicit
 * stack, so no recursion depends on the input; the only recursive helpers
 * walk trees that the depth limit already bounds.
 */
#include "config.h"

#include "tw-node.h"

#include <math.h>
#include <string.h>
#include <yaml.h>
#include <glib/gi18n-lib.h>

#define DEFAULT_MAX_BYTES (4 * 1024 * 1024)
#define DEFAULT_MAX_NODES 200000
#define DEFAULT_MAX_DEPTH 64

/* What an anchor stands for: the node (borrowed from the tree being built)
 * and what copying it costs, so an alias is refused before it is copied. */
typedef struct
{
  TwNode *node;
  guint   n_nodes;
  gsize   n_bytes;
  guint   height;    /* collection levels inside, 0 for a scalar */
} Anchor;

typedef struct
{
  TwNode    *node;
  GPtrArray *keys;        /* MAP only */
  GPtrArray *children;
  char      *anchor;
  guint      start_nodes;
  gsize      start_bytes;
  guint      height;      /* of the deepest child collection */
} Frame;

typedef struct
{
  const char    *text;
  gsize          len;
  gsize          bom;        /* libyaml skips a UTF-8 BOM without counting it */
  gboolean       ascii;      /* then a character index is a byte offset */
  gsize          cur_char;   /* cursor for character index -> byte offset */
  gsize          cur_byte;
  TwNodeLimits   limits;
  TwDiagnostics *diags;
  guint          n_nodes;    /* including alias copies */
  gsize          n_bytes;    /* scalar bytes, including alias copies */
  GHashTable    *anchors;    /* name -> Anchor* */
  GArray        *stack;      /* Frame */
  TwNode        *root;
} Parser;

static void
node_free_one (TwNode *node)
{
  g_free (node->scalar);
  g_free (node->keys);
  g_free (node->children);
  g_free (node);
}

/**
 * tw_node_free:
 *
 * Frees a tree. Iterative, so even a tree built with generous limits cannot
 * exhaust the C stack.
 */
void
tw_node_free (TwNode *node)
{
  g_autoptr(GPtrArray) todo = NULL;

  if (node == NULL)
    return;

  todo = g_ptr_array_new ();
  g_ptr_array_add (todo, node);
  while (todo->len > 0)
    {
      TwNode *n = g_ptr_array_steal_index_fast (todo, todo->len - 1);

      for (guint i = 0; i < n->n_children; i++)
        {
          if (n->keys != NULL && n->keys[i] != NULL)
            g_ptr_array_add (todo, n->keys[i]);
          if (n->children != NULL && n->children[i] != NULL)
            g_ptr_array_add (todo, n->children[i]);
        }
      node_free_one (n);
    }
}

const char *
tw_node_type_a (TwNodeType type)
{
  switch (type)
    {
    case TW_NODE_SCALAR:
      /* Translators: a YAML value that is not a list or map */
      return _("a scalar");
    case TW_NODE_MAP:
      /* Translators: a YAML mapping, written as 'key: value' lines */
      return _("a map");
    case TW_NODE_SEQ:
      return _("a list");
    default:
      return _("a node");
    }
}

/* Position of byte @offset, for problems found before libyaml runs. The
 * prefix up to @offset must be valid UTF-8. */
static void
position_of_byte (const char *text,
                  gsize       offset,
                  guint      *line,
                  guint      *column)
{
  gsize line_start = 0;
  guint l = 1;

  for (gsize i = 0; i < offset; i++)
    if (text[i] == '\n')
      {
        l++;
        line_start = i + 1;
      }
  *line = l;
  *column = g_utf8_strlen (text + line_start, offset - line_start) + 1;
}

/* libyaml's mark.index counts characters, not bytes (checked against 0.2.5),
 * and starts after a BOM. Marks arrive almost in order, so a cursor that
 * walks from the previous answer is amortised linear. */
static gsize
byte_offset (Parser *p,
             gsize   char_index)
{
  const char *base = p->text + p->bom;
  gsize avail = p->len - p->bom;

  if (p->ascii)
    return p->bom + MIN (char_index, avail);

  while (p->cur_char < char_index && p->cur_byte < avail)
    {
      p->cur_byte = g_utf8_next_char (base + p->cur_byte) - base;
      p->cur_char++;
    }
  while (p->cur_char > char_index && p->cur_byte > 0)
    {
      p->cur_byte = g_utf8_prev_char (base + p->cur_byte) - base;
      p->cur_char--;
    }
  return p->bom + MIN (p->cur_byte, avail);
}

static TwNode *
node_new (Parser       *p,
          TwNodeType    type,
          yaml_mark_t  *start,
          yaml_mark_t  *end)
{
  TwNode *node = g_new0 (TwNode, 1);

  node->type = type;
  node->line = start->line + 1;
  node->column = start->column + 1;
  node->start_offset = byte_offset (p, start->index);
  node->end_offset = byte_offset (p, end->index);
  return node;
}

static void
parser_error_at (Parser      *p,
                 yaml_mark_t *mark,
                 const char  *hint,
                 const char  *message)
{
  tw_diagnostics_add (p->diags, TW_DIAG_ERROR, mark->line + 1, mark->column + 1,
                      hint, "%s", message);
}

/* Recursion bounded by the depth limit: only trees that were built within
 * it are copied. */
static TwNode *
node_copy (const TwNode *node)
{
  TwNode *copy = g_memdup2 (node, sizeof (TwNode));

  copy->scalar = g_strdup (node->scalar);
  if (node->n_children > 0)
    {
      copy->children = g_new (TwNode *, node->n_children);
      if (node->keys != NULL)
        copy->keys = g_new (TwNode *, node->n_children);
      for (guint i = 0; i < node->n_children; i++)
        {
          copy->children[i] = node_copy (node->children[i]);
          if (node->keys != NULL)
            copy->keys[i] = node_copy (node->keys[i]);
        }
    }
  else
    {
      copy->children = NULL;
      copy->keys = NULL;
    }
  return copy;
}

/* Frees a frame and, when parsing stopped half-way, the finished children
 * it was still holding. */
static void
frame_clear (Frame *frame)
{
  if (frame->keys != NULL)
    {
      for (guint i = 0; i < frame->keys->len; i++)
        tw_node_free (g_ptr_array_index (frame->keys, i));
      g_ptr_array_unref (frame->keys);
    }
  if (frame->children != NULL)
    {
      for (guint i = 0; i < frame->children->len; i++)
        tw_node_free (g_ptr_array_index (frame->children, i));
      g_ptr_array_unref (frame->children);
    }
  if (frame->node != NULL)
    tw_node_free (frame->node);
  g_free (frame->anchor);
}

static void
remember_anchor (Parser     *p,
                 const char *name,
                 TwNode     *node,
                 guint       n_nodes,
                 gsize       n_bytes,
                 guint       height)
{
  Anchor *anchor;

  if (name == NULL)
    return;
  anchor = g_new (Anchor, 1);
  anchor->node = node;
  anchor->n_nodes = n_nodes;
  anchor->n_bytes = n_bytes;
  anchor->height = height;
  /* A later anchor of the same name replaces the earlier one, as YAML says. */
  g_hash_table_replace (p->anchors, g_strdup (name), anchor);
}

/* Hands a finished node to its parent (or makes it the root). Takes
 * ownership of @node. FALSE on a problem, already reported. */
static gboolean
add_to_parent (Parser      *p,
               TwNode      *node,
               guint        height,
               yaml_mark_t *mark)
{
  Frame *frame;

  if (p->stack->len == 0)
    {
      if (p->root == NULL)
        p->root = node;
      else
        tw_node_free (node);
      return TRUE;
    }

  frame = &g_array_index (p->stack, Frame, p->stack->len - 1);
  if (node->type != TW_NODE_SCALAR)
    frame->height = MAX (frame->height, height);

  if (frame->node->type == TW_NODE_SEQ)
    {
      g_ptr_array_add (frame->children, node);
      return TRUE;
    }

  if (frame->keys->len == frame->children->len)
    {
      if (node->type != TW_NODE_SCALAR)
        {
          /* At the key's own start: @mark is where its closing bracket is. */
          tw_diagnostics_add (p->diags, TW_DIAG_ERROR, node->line, node->column,
                              _("write the key as plain text before the ':'"),
                              _("a key must be a scalar, not %s"), tw_node_type_a (node->type));
          tw_node_free (node);
          return FALSE;
        }
      g_ptr_array_add (frame->keys, node);
    }
  else
    g_ptr_array_add (frame->children, node);
  return TRUE;
}

static gboolean
count_node (Parser      *p,
            yaml_mark_t *mark)
{
  if (p->n_nodes >= p->limits.max_nodes)
    {
      g_autofree char *msg =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the document has more than %u value",
                                      "the document has more than %u values", p->limits.max_nodes), p->limits.max_nodes);
      parser_error_at (p, mark, _("split the file or remove repeated aliases"), msg);
      return FALSE;
    }
  p->n_nodes++;
  return TRUE;
}

static gboolean
handle_scalar (Parser       *p,
               yaml_event_t *event)
{
  TwNode *node;
  gsize length = event->data.scalar.length;

  if (!count_node (p, &event->start_mark))
    return FALSE;

  node = node_new (p, TW_NODE_SCALAR, &event->start_mark, &event->end_mark);
  /* A scalar may hold a NUL escape ("\0"); the text stops there, which
   * loses nothing a definition could use. */
  node->scalar = g_strndup ((const char *) event->data.scalar.value, length);
  node->plain = event->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
                && event->data.scalar.tag == NULL;
  p->n_bytes += length;
  remember_anchor (p, (const char *) event->data.scalar.anchor, node, 1, length, 0);
  return add_to_parent (p, node, 0, &event->start_mark);
}

static gboolean
handle_start (Parser       *p,
              yaml_event_t *event,
              TwNodeType    type)
{
  Frame frame = { 0, };
  const yaml_char_t *anchor;

  if (p->stack->len + 1 > p->limits.max_depth)
    {
      g_autofree char *msg =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "lists and maps are nested more than %u level deep",
                                      "lists and maps are nested more than %u levels deep", p->limits.max_depth),
                         p->limits.max_depth);
      parser_error_at (p, &event->start_mark, NULL, msg);
      return FALSE;
    }
  if (!count_node (p, &event->start_mark))
    return FALSE;

  anchor = type == TW_NODE_MAP ? event->data.mapping_start.anchor
                               : event->data.sequence_start.anchor;
  frame.node = node_new (p, type, &event->start_mark, &event->end_mark);
  frame.children = g_ptr_array_new ();
  if (type == TW_NODE_MAP)
    frame.keys = g_ptr_array_new ();
  frame.anchor = g_strdup ((const char *) anchor);
  frame.start_nodes = p->n_nodes - 1;
  frame.start_bytes = p->n_bytes;
  g_array_append_val (p->stack, frame);
  return TRUE;
}

static gboolean
handle_end (Parser       *p,
            yaml_event_t *event)
{
  Frame frame;
  TwNode *node;
  guint height;

  g_assert (p->stack->len > 0);
  frame = g_array_index (p->stack, Frame, p->stack->len - 1);
  g_array_set_size (p->stack, p->stack->len - 1);

  node = g_steal_pointer (&frame.node);
  node->end_offset = byte_offset (p, event->end_mark.index);
  /* libyaml always pairs a key with a value (an empty value is ""); should
   * it not, the lone key is dropped so that no child is ever NULL. */
  if (node->type == TW_NODE_MAP && frame.keys->len > frame.children->len)
    {
      tw_node_free (g_ptr_array_steal_index (frame.keys, frame.keys->len - 1));
    }
  node->n_children = frame.children->len;
  if (node->n_children > 0)
    {
      node->children = (TwNode **) g_ptr_array_steal (frame.children, NULL);
      if (frame.keys != NULL)
        node->keys = (TwNode **) g_ptr_array_steal (frame.keys, NULL);
    }
  height = frame.height + 1;
  remember_anchor (p, frame.anchor, node, p->n_nodes - frame.start_nodes,
                   p->n_bytes - frame.start_bytes, height);
  frame_clear (&frame);
  return add_to_parent (p, node, height, &event->start_mark);
}

static gboolean
handle_alias (Parser       *p,
              yaml_event_t *event)
{
  const char *name = (const char *) event->data.alias.anchor;
  Anchor *anchor = g_hash_table_lookup (p->anchors, name);
  TwNode *copy;

  if (anchor == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("unknown anchor '%s'"), name);
      parser_error_at (p, &event->start_mark,
                       _("an alias *name must follow a finished &name anchor"), msg);
      return FALSE;
    }
  /* Refused before copying, so that "billion laughs" costs nothing. */
  if (anchor->n_nodes > p->limits.max_nodes - p->n_nodes)
    {
      g_autofree char *msg =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "alias '*%s' expands the document to more than %u value",
                                      "alias '*%s' expands the document to more than %u values", p->limits.max_nodes),
                         name, p->limits.max_nodes);
      parser_error_at (p, &event->start_mark, _("use fewer aliases"), msg);
      return FALSE;
    }
  if (anchor->n_bytes > p->limits.max_bytes
      || p->n_bytes > p->limits.max_bytes * 2 - anchor->n_bytes)
    {
      g_autofree char *msg =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "alias '*%s' expands the document to more text than the "
                                      "limit of %zu byte",
                                      "alias '*%s' expands the document to more text than the "
                                      "limit of %zu bytes", p->limits.max_bytes),
                         name, (size_t) p->limits.max_bytes);
      parser_error_at (p, &event->start_mark, _("use fewer aliases"), msg);
      return FALSE;
    }
  if (anchor->height + p->stack->len > p->limits.max_depth)
    {
      g_autofree char *msg =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "alias '*%s' nests lists and maps more than %u level deep",
                                      "alias '*%s' nests lists and maps more than %u levels deep", p->limits.max_depth),
                         name, p->limits.max_depth);
      parser_error_at (p, &event->start_mark, NULL, msg);
      return FALSE;
    }

  p->n_nodes += anchor->n_nodes;
  p->n_bytes += anchor->n_bytes;
  copy = node_copy (anchor->node);
  /* The copy sits where the alias is written, so messages point there. */
  copy->line = event->start_mark.line + 1;
  copy->column = event->start_mark.column + 1;
  copy->start_offset = byte_offset (p, event->start_mark.index);
  copy->end_offset = byte_offset (p, event->end_mark.index);
  return add_to_parent (p, copy, anchor->height, &event->start_mark);
}

static void
report_yaml_error (Parser        *p,
                   yaml_parser_t *yp)
{
  const char *problem = yp->problem ? yp->problem : _("unknown problem");
  g_autofree char *hint = NULL;

  switch (yp->error)
    {
    case YAML_MEMORY_ERROR:
      tw_diagnostics_add (p->diags, TW_DIAG_ERROR, 0, 0, NULL,
                          _("out of memory while reading the YAML text"));
      return;

    case YAML_READER_ERROR:
      {
        guint line, column;
        gsize offset = MIN (yp->problem_offset, p->len);

        /* The reader reports a byte offset; our UTF-8 check already passed,
         * so the prefix is valid UTF-8. */
        position_of_byte (p->text, offset, &line, &column);
        if (yp->problem_value != -1)
          tw_diagnostics_add (p->diags, TW_DIAG_ERROR, line, column,
                              _("remove the character or save the file as UTF-8 text"),
                              _("invalid YAML text: %s (#x%X)"), problem,
                              (guint) yp->problem_value);
        else
          tw_diagnostics_add (p->diags, TW_DIAG_ERROR, line, column, NULL,
                              _("invalid YAML text: %s"), problem);
        return;
      }

    default:
      if (yp->context != NULL)
        hint = g_strdup_printf (_("%s at line %zu, column %zu"), yp->context,
                                yp->context_mark.line + 1, yp->context_mark.column + 1);
      tw_diagnostics_add (p->diags, TW_DIAG_ERROR, yp->problem_mark.line + 1,
                          yp->problem_mark.column + 1, hint,
                          _("invalid YAML: %s"), problem);
      return;
    }
}

/* "4.0 MiB": plain spaces and binary units, as the limits are defined. */
static char *
format_mib (guint64 bytes)
{
  return g_strdup_printf (_("%.1f MiB"), bytes / (1024.0 * 1024.0));
}

/* Checks libyaml cannot do with useful positions: size, NUL bytes, UTF-8. */
static gboolean
check_text (const char          *text,
            gsize                len,
            const TwNodeLimits  *limits,
            TwDiagnostics       *diags)
{
  const char *end;

  if (len > limits->max_bytes)
    {
      g_autofree char *size = format_mib (len);
      g_autofree char *limit = format_mib (limits->max_bytes);

      tw_diagnostics_add (diags, TW_DIAG_ERROR, 1, 1, _("a definition is a few kB of text"),
                          _("the file is %s, more than the limit of %s"), size, limit);
      return FALSE;
    }

  if (!g_utf8_validate_len (text, len, &end))
    {
      guint line, column;
      gsize offset = end - text;

      position_of_byte (text, offset, &line, &column);
      if (*end == '\0')
        tw_diagnostics_add (diags, TW_DIAG_ERROR, line, column,
                            _("this is not a text file, or it is damaged"),
                            _("the text contains a NUL byte (at byte %zu)"), (size_t) offset);
      else
        tw_diagnostics_add (diags, TW_DIAG_ERROR, line, column,
                            _("save the file as UTF-8"),
                            _("the text is not valid UTF-8: byte 0x%02X (at byte %zu)"),
                            (guint) (guchar) *end, (size_t) offset);
      return FALSE;
    }
  return TRUE;
}

/**
 * tw_node_parse:
 * @text: the YAML text; need not be NUL-terminated when @len >= 0
 * @len: its length in bytes, or -1
 * @limits: (nullable): NULL for the defaults (4 MiB, 200000 values, depth 64);
 *   a zero field also means its default
 * @diags: where problems go
 *
 * Returns: (transfer full) (nullable): the first document, or NULL on a problem
 */
TwNode *
tw_node_parse (const char         *text,
               gssize              len,
               const TwNodeLimits *limits,
               TwDiagnostics      *diags)
{
  Parser p = { 0, };
  yaml_parser_t yp;
  gboolean ok = TRUE;
  gboolean done = FALSE;
  gboolean initialized = FALSE;
  TwNode *root;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (diags != NULL, NULL);

  if (text == NULL)
    text = "";
  p.text = text;
  p.len = len < 0 ? strlen (text) : (gsize) len;
  p.limits.max_bytes = limits && limits->max_bytes ? limits->max_bytes : DEFAULT_MAX_BYTES;
  p.limits.max_nodes = limits && limits->max_nodes ? limits->max_nodes : DEFAULT_MAX_NODES;
  p.limits.max_depth = limits && limits->max_depth ? limits->max_depth : DEFAULT_MAX_DEPTH;
  p.diags = diags;

  if (!check_text (text, p.len, &p.limits, diags))
    return NULL;

  p.bom = p.len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  p.ascii = TRUE;
  for (gsize i = 0; i < p.len && p.ascii; i++)
    p.ascii = (guchar) text[i] < 0x80;
  p.anchors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  p.stack = g_array_new (FALSE, TRUE, sizeof (Frame));

  if (!yaml_parser_initialize (&yp))
    {
      tw_diagnostics_add (diags, TW_DIAG_ERROR, 0, 0, NULL,
                          _("out of memory while starting the YAML reader"));
      ok = FALSE;
      done = TRUE;
    }
  else
    {
      initialized = TRUE;
      yaml_parser_set_input_string (&yp, (const unsigned char *) text, p.len);
    }

  while (!done)
    {
      yaml_event_t event;

      if (!yaml_parser_parse (&yp, &event))
        {
          report_yaml_error (&p, &yp);
          ok = FALSE;
          break;
        }

      switch (event.type)
        {
        case YAML_SCALAR_EVENT:
          ok = handle_scalar (&p, &event);
          break;
        case YAML_SEQUENCE_START_EVENT:
          ok = handle_start (&p, &event, TW_NODE_SEQ);
          break;
        case YAML_MAPPING_START_EVENT:
          ok = handle_start (&p, &event, TW_NODE_MAP);
          break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
          ok = handle_end (&p, &event);
          break;
        case YAML_ALIAS_EVENT:
          ok = handle_alias (&p, &event);
          break;
        case YAML_DOCUMENT_END_EVENT:
        case YAML_STREAM_END_EVENT:
          /* Only the first document: what follows is not read at all. */
          done = TRUE;
          break;
        case YAML_NO_EVENT:
        case YAML_STREAM_START_EVENT:
        case YAML_DOCUMENT_START_EVENT:
        default:
          break;
        }
      yaml_event_delete (&event);
      if (!ok)
        break;
    }

  if (initialized)
    yaml_parser_delete (&yp);

  for (guint i = 0; i < p.stack->len; i++)
    frame_clear (&g_array_index (p.stack, Frame, i));
  g_array_unref (p.stack);
  g_hash_table_unref (p.anchors);

  root = g_steal_pointer (&p.root);
  if (!ok)
    {
      tw_node_free (root);
      return NULL;
    }

  /* An empty document (no text, only comments, or a bare "---") is an
   * empty map, so that callers see "missing key" rather than a type error. */
  if (root == NULL || (root->type == TW_NODE_SCALAR && root->plain && root->scalar[0] == '\0'))
    {
      tw_node_free (root);
      root = g_new0 (TwNode, 1);
      root->type = TW_NODE_MAP;
      root->line = 1;
      root->column = 1;
      root->start_offset = 0;
      root->end_offset = p.len;
    }
  return root;
}

/**
 * tw_node_get:
 *
 * Returns: (nullable): the value of the first @key of MAP @node
 */
const TwNode *
tw_node_get (const TwNode *node,
             const char   *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  if (node == NULL || node->type != TW_NODE_MAP)
    return NULL;
  for (guint i = 0; i < node->n_children; i++)
    if (g_strcmp0 (node->keys[i]->scalar, key) == 0)
      return node->children[i];
  return NULL;
}

/* A scalar as shown inside a message: quoted, control characters escaped,
 * cut short, because hostile files put anything in a scalar. */
static char *
quote_scalar (const char *s)
{
  GString *out;
  guint n_chars = 0;
  const char *c;

  /* libyaml hands out valid UTF-8, but be sure before walking characters. */
  if (!g_utf8_validate (s, -1, NULL))
    return g_strdup (_("(text that is not UTF-8)"));

  out = g_string_new ("'");

  for (c = s; *c != '\0' && n_chars < 40; c = g_utf8_next_char (c), n_chars++)
    {
      guchar b = (guchar) *c;

      if (b == '\n')
        g_string_append (out, "\\n");
      else if (b < 0x20 || b == 0x7F)
        g_string_append_printf (out, "\\x%02X", b);
      else
        g_string_append_len (out, c, g_utf8_next_char (c) - c);
    }
  if (*c != '\0')
    g_string_append (out, "...");
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

/* What a node is, for "found ..." in messages. */
static char *
describe (const TwNode *node)
{
  if (node->type == TW_NODE_SCALAR)
    {
      g_autofree char *q = NULL;

      if (node->plain && node->scalar[0] == '\0')
        return g_strdup (_("nothing"));
      q = quote_scalar (node->scalar);
      if (node->plain)
        return g_steal_pointer (&q);
      return g_strdup_printf (_("the quoted text %s"), q);
    }
  return g_strdup (tw_node_type_a (node->type));
}

/**
 * tw_node_expect:
 * @what: what the node is, for the message ("tiles", "the edges of tile 'a'")
 */
gboolean
tw_node_expect (const TwNode  *node,
                TwNodeType     type,
                const char    *what,
                TwDiagnostics *diags)
{
  g_autofree char *found = NULL;

  g_return_val_if_fail (diags != NULL, FALSE);

  if (node == NULL)
    return FALSE;
  if (node->type == type)
    return TRUE;

  found = describe (node);
  tw_diag_error (diags, node,
                 type == TW_NODE_SEQ ? _("write it as [a, b] or as lines starting with '- '")
                 : type == TW_NODE_MAP ? _("write it as 'key: value' lines") : NULL,
                 /* Translators: what the value is ("'name' of tile 'a'"), the type it
                  * must have ("a list"), what was found ("a map", "'abc'") */
                 _("%s must be %s, found %s"), what ? what : _("the value"),
                 tw_node_type_a (type), found);
  return FALSE;
}

/**
 * tw_node_to_int:
 *
 * A plain decimal integer in [@min, @max].
 */
gboolean
tw_node_to_int (const TwNode  *node,
                gint64         min,
                gint64         max,
                gint64        *out,
                TwDiagnostics *diags)
{
  gint64 value;
  g_autofree char *expected = NULL;

  g_return_val_if_fail (diags != NULL, FALSE);

  if (node == NULL)
    return FALSE;

  if (min == G_MININT64 && max == G_MAXINT64)
    expected = g_strdup (_("a whole number"));
  else
    expected = g_strdup_printf (_("a whole number from %lld to %lld"), (long long) min,
                                (long long) max);

  if (node->type != TW_NODE_SCALAR || node->scalar[0] == '\0'
      || !g_ascii_string_to_signed (node->scalar, 10, G_MININT64, G_MAXINT64, &value, NULL))
    {
      g_autofree char *found = describe (node);

      tw_diag_error (diags, node, NULL, _("expected %s, found %s"), expected, found);
      return FALSE;
    }
  if (!node->plain)
    {
      g_autofree char *found = describe (node);

      tw_diag_error (diags, node, _("remove the quotes"),
                     _("expected %s, found %s"), expected, found);
      return FALSE;
    }
  if (value < min || value > max)
    {
      tw_diag_error (diags, node, NULL, _("%lld is out of range: expected %s"), (long long) value,
                     expected);
      return FALSE;
    }
  if (out != NULL)
    *out = value;
  return TRUE;
}

/**
 * tw_node_to_bool:
 *
 * A plain true/false/yes/no, in any letter case.
 */
gboolean
tw_node_to_bool (const TwNode  *node,
                 gboolean      *out,
                 TwDiagnostics *diags)
{
  static const char * const yes_no[] = { "true", "false", "yes", "no", NULL };

  g_return_val_if_fail (diags != NULL, FALSE);

  if (node == NULL)
    return FALSE;
  if (node->type == TW_NODE_SCALAR && node->plain)
    for (guint i = 0; yes_no[i] != NULL; i++)
      if (g_ascii_strcasecmp (node->scalar, yes_no[i]) == 0)
        {
          if (out != NULL)
            *out = i % 2 == 0;
          return TRUE;
        }

  {
    g_autofree char *found = describe (node);

    tw_diag_error (diags, node, node->type == TW_NODE_SCALAR && !node->plain
                   ? _("remove the quotes") : NULL,
                   _("expected true or false, found %s"), found);
  }
  return FALSE;
}

gboolean
tw_node_to_double (const TwNode  *node,
                   double        *out,
                   TwDiagnostics *diags)
{
  g_return_val_if_fail (diags != NULL, FALSE);

  if (node == NULL)
    return FALSE;
  if (node->type == TW_NODE_SCALAR && node->plain && node->scalar[0] != '\0')
    {
      char *end = NULL;
      double value = g_ascii_strtod (node->scalar, &end);

      if (end != NULL && *end == '\0' && isfinite (value))
        {
          if (out != NULL)
            *out = value;
          return TRUE;
        }
    }

  {
    g_autofree char *found = describe (node);

    tw_diag_error (diags, node, NULL, _("expected a number, found %s"), found);
  }
  return FALSE;
}

gboolean
tw_node_to_choice (const TwNode       *node,
                   const char * const *choices,
                   guint              *out,
                   TwDiagnostics      *diags)
{
  g_autofree char *list = NULL;
  g_autofree char *found = NULL;
  g_autofree char *hint = NULL;
  const char *nearest = NULL;

  g_return_val_if_fail (choices != NULL, FALSE);
  g_return_val_if_fail (diags != NULL, FALSE);

  if (node == NULL)
    return FALSE;
  if (node->type == TW_NODE_SCALAR)
    {
      for (guint i = 0; choices[i] != NULL; i++)
        if (strcmp (node->scalar, choices[i]) == 0)
          {
            if (out != NULL)
              *out = i;
            return TRUE;
          }
      nearest = tw_nearest_word (node->scalar, choices);
    }

  list = g_strjoinv (", ", (char **) choices);
  found = describe (node);
  if (nearest != NULL)
    hint = g_strdup_printf (_("did you mean '%s'?"), nearest);
  tw_diag_error (diags, node, hint, _("expected one of %s, found %s"), list, found);
  return FALSE;
}

/**
 * tw_node_check_keys:
 * @what: the map's name in messages ("game", "tile 'a'")
 */
gboolean
tw_node_check_keys (const TwNode       *node,
                    const char * const *allowed,
                    const char         *what,
                    TwDiagnostics      *diags)
{
  g_autoptr(GHashTable) seen = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (allowed != NULL, FALSE);
  g_return_val_if_fail (diags != NULL, FALSE);

  if (node == NULL || !tw_node_expect (node, TW_NODE_MAP, what, diags))
    return FALSE;

  seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < node->n_children; i++)
    {
      const TwNode *key = node->keys[i];
      const TwNode *first;
      gboolean known = FALSE;

      for (guint j = 0; allowed[j] != NULL && !known; j++)
        known = strcmp (key->scalar, allowed[j]) == 0;

      if (!known)
        {
          const char *nearest = tw_nearest_word (key->scalar, allowed);
          g_autofree char *hint = NULL;
          g_autofree char *q = quote_scalar (key->scalar);

          if (nearest != NULL)
            hint = g_strdup_printf (_("did you mean '%s'?"), nearest);
          else
            {
              g_autofree char *list = g_strjoinv (", ", (char **) allowed);
              hint = g_strdup_printf (_("known keys: %s"), list);
            }
          tw_diag_error (diags, key, hint, _("unknown key %s in %s"), q, what);
          ok = FALSE;
        }

      first = g_hash_table_lookup (seen, key->scalar);
      if (first != NULL)
        {
          g_autofree char *hint = g_strdup_printf (_("the first is at line %u"), first->line);
          g_autofree char *q = quote_scalar (key->scalar);

          tw_diag_error (diags, key, hint, _("duplicate key %s in %s"), q, what);
          ok = FALSE;
        }
      else
        g_hash_table_insert (seen, key->scalar, (gpointer) key);
    }
  return ok;
}
