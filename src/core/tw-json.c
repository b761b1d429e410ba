/* tw-json.c: the one JSON writer, and json-glib's parser with positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-json.h"
#include "tw-diag.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */

void
tw_json_append_string (GString    *out,
                       const char *text)
{
  if (text == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"':  g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

void
tw_json_append_number (GString *out,
                       double   value,
                       guint    max_digits)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  max_digits = CLAMP (max_digits, 15, 17);
  for (guint digits = 15; digits <= max_digits; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%ug", digits);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (digits == max_digits || g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
}

void
tw_json_append_strv (GString *out,
                     char   **strv)
{
  g_string_append_c (out, '[');
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      tw_json_append_string (out, strv[i]);
    }
  g_string_append_c (out, ']');
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */

struct _TwJsonDoc
{
  const char *text;        /* borrowed: the caller keeps it while the document lives */
  gsize       len;
  GQuark      domain;
  gint        code;
  JsonParser *parser;
  GArray     *lines;       /* gsize: the offset where each line starts */
  GHashTable *starts;      /* JsonNode * -> offset + 1 of where the value starts */
  guint       located_depth;
  GArray     *frames;      /* Frame: the containers open while parsing */
  gsize       error_at;
  gsize       duplicate_at;   /* offset + 1 of the first key seen twice in an object, or 0 */
  guint       origin_line;    /* where the text starts in a larger one (1, 1 for itself) */
  guint       origin_column;
  char       *duplicate_key;
};

typedef struct
{
  gboolean object;
  gsize    boundary;       /* just after "{", "[" or the last ",", as the parser left it */
  guint    members;        /* of an object: how many were read, duplicates included */
} Frame;

void
tw_json_doc_free (TwJsonDoc *doc)
{
  if (doc == NULL)
    return;
  g_clear_object (&doc->parser);
  g_clear_pointer (&doc->lines, g_array_unref);
  g_clear_pointer (&doc->starts, g_hash_table_unref);
  g_clear_pointer (&doc->frames, g_array_unref);
  g_free (doc->duplicate_key);
  g_free (doc);
}

JsonNode *
tw_json_doc_root (TwJsonDoc *doc)
{
  return json_parser_get_root (doc->parser);
}

static gsize
line_of (TwJsonDoc *doc,
         gsize      offset)
{
  guint lo = 0, hi = doc->lines->len;

  /* the last line starting at or before @offset */
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (doc->lines, gsize, mid) <= offset)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static gboolean
fail_at (TwJsonDoc   *doc,
         gsize        offset,
         GError     **error,
         const char  *message)
{
  gsize line = line_of (doc, offset);
  guint column = line == 0 ? doc->origin_column : 1;

  for (gsize i = g_array_index (doc->lines, gsize, line); i < offset && i < doc->len; i++)
    if (((guchar) doc->text[i] & 0xc0) != 0x80)
      column++;
  g_set_error (error, doc->domain, doc->code, "%" G_GSIZE_FORMAT ":%u: %s",
               line + doc->origin_line, column, message);
  return FALSE;
}

gboolean
tw_json_doc_fail (TwJsonDoc   *doc,
                  JsonNode    *node,
                  GError     **error,
                  const char  *format,
                  ...)
{
  g_autofree char *message = NULL;
  gsize offset = 0;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  for (; node != NULL; node = json_node_get_parent (node))
    {
      gpointer start = g_hash_table_lookup (doc->starts, node);

      if (start != NULL)
        {
          offset = GPOINTER_TO_SIZE (start) - 1;
          break;
        }
    }
  return fail_at (doc, offset, error, message);
}

static gsize
skip_space (TwJsonDoc *doc,
            gsize      at)
{
  while (at < doc->len && strchr (" \t\r\n", doc->text[at]) != NULL && doc->text[at] != '\0')
    at++;
  return at;
}

/* The text passes for JSON as RFC 8259 has it, before json-glib reads it:
 * UTF-8, strings in double quotes with JSON's escapes only, no comments, one
 * document, and no deeper than TW_JSON_MAX_DEPTH (json-glib's parser would
 * recurse as deep as the text goes). json-glib checks the grammar; this
 * decides where strings end exactly as it does, which is why the nesting
 * count can be trusted. */
static gboolean
check_text (TwJsonDoc  *doc,
            GError    **error)
{
  const char *text = doc->text, *end = NULL;
  guint depth = 0;
  gboolean ended = FALSE;
  gsize i;

  for (i = 0; i < doc->len; i++)
    if (text[i] == '\n')
      {
        gsize next = i + 1;
        g_array_append_val (doc->lines, next);
      }
  if (!g_utf8_validate_len (text, doc->len, &end))
    return fail_at (doc, end - text, error, _("the text is not UTF-8"));
  for (i = 0; i < doc->len; i++)
    {
      guchar c = (guchar) text[i];

      if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
        continue;
      if (ended)
        return fail_at (doc, i, error, _("text after the end of the document"));
      if (c == '{' || c == '[')
        {
          if (++depth > TW_JSON_MAX_DEPTH)
            return fail_at (doc, i, error, _("nested too deeply"));
        }
      else if (c == '}' || c == ']')
        ended = depth <= 1, depth = depth > 0 ? depth - 1 : 0;
      else if (c == '"')
        {
          gsize start = i;

          for (i++; i < doc->len && text[i] != '"'; i++)
            {
              if ((guchar) text[i] < 0x20)
                return fail_at (doc, i, error, _("a control character in a string"));
              if (text[i] != '\\')
                continue;
              if (++i >= doc->len)
                break;
              if (text[i] == 'u')
                {
                  guint code = 0;

                  for (guint k = 0; k < 4; k++)
                    {
                      int v = i + 1 < doc->len ? g_ascii_xdigit_value (text[i + 1]) : -1;

                      if (v < 0)
                        return fail_at (doc, i, error, _("bad \\u escape in a string"));
                      code = code * 16 + (guint) v;
                      i++;
                    }
                  /* json-glib reads past a lone surrogate: refuse it here */
                  if (code >= 0xdc00 && code < 0xe000)
                    return fail_at (doc, i, error, _("a lone surrogate in a string"));
                  if (code >= 0xd800 && code < 0xdc00)
                    {
                      guint low = 0;

                      if (i + 6 >= doc->len || text[i + 1] != '\\' || text[i + 2] != 'u')
                        return fail_at (doc, i, error, _("a lone surrogate in a string"));
                      for (guint k = 3; k < 7; k++)
                        {
                          int v = g_ascii_xdigit_value (text[i + k]);

                          if (v < 0)
                            return fail_at (doc, i + k, error, _("bad \\u escape in a string"));
                          low = low * 16 + (guint) v;
                        }
                      if (low < 0xdc00 || low >= 0xe000)
                        return fail_at (doc, i, error, _("a lone surrogate in a string"));
                      i += 6;
                    }
                }
              else if (strchr ("\"\\/bfnrt", text[i]) == NULL || text[i] == '\0')
                return fail_at (doc, i, error, _("an unknown escape in a string"));
            }
          if (i >= doc->len)
            return fail_at (doc, start, error, _("a string does not end"));
          ended = depth == 0;
        }
      else if (c == ',' || c == ':')
        ;
      else if (g_ascii_isalnum (c) || c == '-' || c == '+' || c == '.')
        {
          /* a number or a word: json-glib reads it; at the top, only it */
          gsize digit = c == '-' ? i + 1 : i;

          /* but json-glib reads 007 as 7, where JSON has no leading zeros */
          if (digit + 1 < doc->len && text[digit] == '0' && g_ascii_isdigit (text[digit + 1]))
            return fail_at (doc, i, error, _("a number with a leading zero"));
          while (i + 1 < doc->len && (g_ascii_isalnum (text[i + 1]) || text[i + 1] == '-'
                                      || text[i + 1] == '+' || text[i + 1] == '.'))
            i++;
          ended = depth == 0;
        }
      else
        return fail_at (doc, i, error, _("a value was expected"));
    }
  if (skip_space (doc, 0) == doc->len)
    return fail_at (doc, doc->len, error, _("a value was expected"));
  return TRUE;
}

static gsize
parser_offset (TwJsonDoc *doc)
{
  guint line = json_parser_get_current_line (doc->parser);
  guint pos = json_parser_get_current_pos (doc->parser);

  line = CLAMP (line, 1, doc->lines->len);
  return MIN (g_array_index (doc->lines, gsize, line - 1) + pos, doc->len);
}

static void
on_start (JsonParser *parser,
          TwJsonDoc  *doc,
          gboolean    object)
{
  Frame frame = { object, parser_offset (doc), 0 };

  (void) parser;
  g_array_append_val (doc->frames, frame);
}

static void
on_object_start (JsonParser *parser,
                 gpointer    doc)
{
  on_start (parser, doc, TRUE);
}

static void
on_array_start (JsonParser *parser,
                gpointer    doc)
{
  on_start (parser, doc, FALSE);
}

static void
on_end (JsonParser *parser,
        gpointer    container,
        gpointer    data)
{
  TwJsonDoc *doc = data;

  (void) parser;
  (void) container;
  g_array_set_size (doc->frames, doc->frames->len - 1);
}

/* @node, the value just read into the innermost container, starts after the
 * boundary (and, in an object, after its key and colon). */
static void
located (TwJsonDoc *doc,
         JsonNode  *node)
{
  Frame *frame = &g_array_index (doc->frames, Frame, doc->frames->len - 1);

  if (doc->frames->len <= doc->located_depth && node != NULL)
    {
      gsize at = skip_space (doc, frame->boundary);

      if (frame->object && at < doc->len && doc->text[at] == '"')
        {
          /* the key: check_text() made sure it ends, and how */
          for (at++; at < doc->len && doc->text[at] != '"'; at++)
            if (doc->text[at] == '\\')
              at++;
          at = skip_space (doc, at + 1);
          if (at < doc->len && doc->text[at] == ':')
            at = skip_space (doc, at + 1);
        }
      g_hash_table_insert (doc->starts, node, GSIZE_TO_POINTER (at + 1));
    }
  frame->boundary = parser_offset (doc);
}

/* json-glib keeps the last of two members of one name: a key seen twice is
 * found by the object not growing, and refused after the parse (RFC 8259
 * leaves it to the reader; one file meaning two things is not wanted). */
static void
on_member (JsonParser *parser,
           JsonObject *object,
           const char *name,
           gpointer    data)
{
  TwJsonDoc *doc = data;
  Frame *frame = &g_array_index (doc->frames, Frame, doc->frames->len - 1);

  (void) parser;
  if (++frame->members > json_object_get_size (object) && doc->duplicate_at == 0)
    {
      doc->duplicate_at = skip_space (doc, frame->boundary) + 1;
      doc->duplicate_key = g_strdup (name);
    }
  located (doc, json_object_get_member (object, name));
}

static void
on_element (JsonParser *parser,
            JsonArray  *array,
            gint        index,
            gpointer    doc)
{
  (void) parser;
  located (doc, json_array_get_element (array, (guint) index));
}

static void
on_error (JsonParser   *parser,
          const GError *error,
          gpointer      data)
{
  TwJsonDoc *doc = data;

  (void) error;
  (void) parser;
  doc->error_at = parser_offset (doc);
}

/* json-glib's errors in the words the rest of the file uses. */
static gboolean
parse_failed (TwJsonDoc    *doc,
              const GError *parse_error,
              GError      **error)
{
  gboolean object = doc->frames->len > 0
                    && g_array_index (doc->frames, Frame, doc->frames->len - 1).object;
  gsize at = doc->error_at, before = at;
  const char *message;

  while (before > 0 && strchr (" \t\r\n", doc->text[before - 1]) != NULL)
    before--;
  switch (parse_error->code)
    {
    case JSON_PARSER_ERROR_MISSING_COMMA:
      message = object ? _("“,” or “}” was expected") : _("“,” or “]” was expected");
      break;
    case JSON_PARSER_ERROR_MISSING_COLON:
      message = _("“:” was expected");
      break;
    default:
      /* after "{" or ",", an object wants a key; anywhere else a value */
      message = object && before > 0 && strchr ("{,", doc->text[before - 1]) != NULL
                ? _("a key in quotes was expected") : _("a value was expected");
      /* a word json-glib read whole: point at its start */
      while (before > 0 && g_ascii_isalnum (doc->text[before - 1]))
        before--;
      if (before < at && g_ascii_isalnum (doc->text[before]))
        at = before;
      break;
    }
  return fail_at (doc, skip_space (doc, at), error, message);
}

/**
 * tw_json_doc_parse:
 * @text: the document
 * @len: its length in bytes, or -1 when nul-terminated
 * @located_depth: values this many levels below the root (the root is 0)
 *   remember where they start, for tw_json_doc_fail()
 * @domain, @code: of the errors
 * @error: "LINE:COLUMN: what is wrong"
 *
 * Returns: (transfer full): the document, or NULL with @error set.
 */
TwJsonDoc *
tw_json_doc_parse (const char  *text,
                   gsize        len,
                   guint        located_depth,
                   GQuark       domain,
                   gint         code,
                   GError     **error)
{
  return tw_json_doc_parse_at (text, len, 1, 1, located_depth, domain, code, error);
}

/**
 * tw_json_doc_parse_at:
 * @line, @column: where @text starts in the file the messages name
 *
 * tw_json_doc_parse() of a piece of a larger text.
 */
TwJsonDoc *
tw_json_doc_parse_at (const char  *text,
                      gsize        len,
                      guint        line,
                      guint        column,
                      guint        located_depth,
                      GQuark       domain,
                      gint         code,
                      GError     **error)
{
  g_autoptr(TwJsonDoc) doc = g_new0 (TwJsonDoc, 1);
  g_autoptr(GError) parse_error = NULL;
  gsize zero = 0;

  g_return_val_if_fail (text != NULL, NULL);

  doc->origin_line = MAX (line, 1);
  doc->origin_column = MAX (column, 1);
  doc->text = text;
  doc->len = len == (gsize) -1 ? strlen (text) : len;
  doc->domain = domain;
  doc->code = code;
  doc->located_depth = located_depth;
  doc->lines = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_array_append_val (doc->lines, zero);
  doc->starts = g_hash_table_new (NULL, NULL);
  doc->frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  if (!check_text (doc, error))
    return NULL;

  doc->parser = json_parser_new ();
  g_signal_connect (doc->parser, "object-start", G_CALLBACK (on_object_start), doc);
  g_signal_connect (doc->parser, "array-start", G_CALLBACK (on_array_start), doc);
  g_signal_connect (doc->parser, "object-end", G_CALLBACK (on_end), doc);
  g_signal_connect (doc->parser, "array-end", G_CALLBACK (on_end), doc);
  g_signal_connect (doc->parser, "object-member", G_CALLBACK (on_member), doc);
  g_signal_connect (doc->parser, "array-element", G_CALLBACK (on_element), doc);
  g_signal_connect (doc->parser, "error", G_CALLBACK (on_error), doc);
  if (!json_parser_load_from_data (doc->parser, text, (gssize) doc->len, &parse_error))
    {
      parse_failed (doc, parse_error, error);
      return NULL;
    }
  g_signal_handlers_disconnect_by_data (doc->parser, doc);
  if (doc->duplicate_at != 0)
    {
      g_autofree char *key = tw_excerpt (doc->duplicate_key, TW_EXCERPT_VALUE);
      g_autofree char *message = g_strdup_printf (_("the key “%s” appears twice in one object"),
                                                  key);

      fail_at (doc, doc->duplicate_at - 1, error, message);
      return NULL;
    }
  if (json_parser_get_root (doc->parser) == NULL)
    {
      fail_at (doc, 0, error, _("a value was expected"));
      return NULL;
    }
  g_hash_table_insert (doc->starts, json_parser_get_root (doc->parser),
                       GSIZE_TO_POINTER (skip_space (doc, 0) + 1));
  return g_steal_pointer (&doc);
}

/* One open container of tw_json_cut_items()'s scan. */
typedef struct
{
  gboolean    object;
  gboolean    want_key;
  const char *key;        /* the last key read in an object, in the text, quotes cut */
  gsize       key_len;
} Level;

static gboolean
level_key_is (const Level *level,
              const char  *key)
{
  return level->object && level->key != NULL && level->key_len == strlen (key)
         && memcmp (level->key, key, level->key_len) == 0;
}

/**
 * tw_json_cut_items:
 * @text: a document, not checked yet
 * @len: its length
 * @key1, @key2: the arrays ROOT.@key1[*].@key2 are cut
 * @spans: (out): where the items of those arrays were, a GArray of
 *   TwJsonSpan per array, in the order of the text
 *
 * For reading a large document without holding it all as a tree: returns a
 * copy of @text in which every item of those arrays is "0" and spaces (line
 * breaks kept, so every other value keeps its line and column), to be parsed
 * as a small tree, while the items are parsed from @spans a few at a time
 * (tw_json_doc_parse_at()). Strings are followed as check_text() follows
 * them. NULL, and nothing cut, when the text is not well enough formed to
 * find them (tw_json_doc_parse() then says what is wrong).
 */
char *
tw_json_cut_items (const char  *text,
                   gsize        len,
                   const char  *key1,
                   const char  *key2,
                   GPtrArray  **spans)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autofree char *copy = g_memdup2 (text, len + 1);
  Level stack[TW_JSON_MAX_DEPTH + 1];
  guint n = 0;
  gsize item = G_MAXSIZE;  /* start of the item being read */

  copy[len] = '\0';
  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];
      gboolean target = n == 4 && !stack[3].object && level_key_is (&stack[2], key2)
                        && !stack[1].object && level_key_is (&stack[0], key1);

      if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
        continue;
      if (target && item == G_MAXSIZE && c != ',' && c != ']')
        item = i;
      if (c == '{' || c == '[')
        {
          if (n == G_N_ELEMENTS (stack))
            return NULL;
          stack[n++] = (Level) { c == '{', TRUE, NULL, 0 };
          if (n == 4 && c == '[' && level_key_is (&stack[2], key2) && !stack[1].object
              && level_key_is (&stack[0], key1))
            g_ptr_array_add (found, g_array_new (FALSE, FALSE, sizeof (TwJsonSpan)));
        }
      else if (c == '}' || c == ']')
        {
          if (n == 0)
            return NULL;
          n--;
        }
      else if (c == ',' || c == ':')
        {
          if (n > 0 && stack[n - 1].object)
            stack[n - 1].want_key = c == ',';
        }
      else if (c == '"')
        {
          gsize start = i + 1;

          for (i++; i < len && text[i] != '"'; i++)
            if (text[i] == '\\')
              i++;
          if (i >= len)
            return NULL;
          if (n > 0 && stack[n - 1].object && stack[n - 1].want_key)
            {
              stack[n - 1].key = text + start;
              stack[n - 1].key_len = i - start;
            }
        }
      else
        while (i + 1 < len && strchr (" \t\r\n,:]}", text[i + 1]) == NULL)
          i++;

      if (item != G_MAXSIZE && n == 4)
        {
          TwJsonSpan span = { item, i + 1 };

          g_array_append_val (g_ptr_array_index (found, found->len - 1), span);
          copy[item] = '0';
          for (gsize k = item + 1; k <= i; k++)
            if (copy[k] != '\n')
              copy[k] = ' ';
          item = G_MAXSIZE;
        }
    }
  *spans = g_steal_pointer (&found);
  return g_steal_pointer (&copy);
}

JsonNode *
tw_json_member (JsonNode   *object,
                const char *key)
{
  if (object == NULL || !JSON_NODE_HOLDS_OBJECT (object))
    return NULL;
  return json_object_get_member (json_node_get_object (object), key);
}

gboolean
tw_json_is_null (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_NULL (node);
}

const char *
tw_json_string (JsonNode *node)
{
  const char *text;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  text = json_node_get_string (node);
  return text != NULL && g_utf8_validate (text, -1, NULL) ? text : NULL;
}

gboolean
tw_json_u64 (JsonNode *node,
             guint64   min,
             guint64   max,
             guint64  *out)
{
  const char *text;
  gint64 v;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  /* 64-bit seeds are strings: many JSON readers keep only 53 bits of a number */
  if ((text = tw_json_string (node)) != NULL)
    return g_ascii_string_to_unsigned (text, 10, min, max, out, NULL);
  if (json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  v = json_node_get_int (node);
  if (v < 0 || (guint64) v < min || (guint64) v > max)
    return FALSE;
  *out = (guint64) v;
  return TRUE;
}

gboolean
tw_json_double (JsonNode *node,
                double   *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;
  /* + 0.0: json-glib reads "-0" as the integer 0, so -0.0 would not come back */
  *out = json_node_get_double (node) + 0.0;
  return TRUE;
}

char **
tw_json_strv (JsonNode *node)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *text = tw_json_string (json_array_get_element (array, i));

      if (text == NULL)
        return NULL;
      g_strv_builder_add (builder, text);
    }
  return g_strv_builder_end (builder);
}
