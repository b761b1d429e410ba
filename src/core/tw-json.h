/* tw-json.h: the JSON the core writes and reads (simulation results, Lab runs)
 *
 * Writing: one small writer for every JSON and CSV number and string the
 * core and the CLI print. It is not JsonGenerator: json-glib 1.6 writes a
 * double with "%.17g" (0.1 becomes 0.10000000000000001) and lays out every
 * member on its own line, while the results keep the layout and the
 * shortest numbers they have always had (tests/cli/golden holds them).
 *
 * Reading: json-glib's JsonParser, with what it lacks in 1.6 added around it:
 * a nesting limit (its parser recurses), strict JSON (it also takes comments,
 * single quotes and several documents in one text), and the line and column
 * of the values a caller may complain about (its nodes carry no position).
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Nesting deeper than this is refused before json-glib sees the text. */
#define TW_JSON_MAX_DEPTH 64

/* Appends @text quoted and escaped, or null when @text is NULL. */
void             tw_json_append_string   (GString        *out,
                                          const char     *text);
/* Appends the shortest text of at least 15 and at most @max_digits
 * significant digits that reads back as @value when one exists ("12", "0.1");
 * null when @value is not finite. 17 digits always read back exactly. */
void             tw_json_append_number   (GString        *out,
                                          double          value,
                                          guint           max_digits);
/* ["a", "b"] */
void             tw_json_append_strv     (GString        *out,
                                          char          **strv);

/* A parsed document. Owns the tree and knows, for values at most
 * @located_depth levels below the root, where in the text they start. */
typedef struct _TwJsonDoc TwJsonDoc;

/* Errors are @domain / @code with the message "LINE:COLUMN: what is wrong".
 * @text must outlive the document (tw_json_doc_fail() reads it). */
TwJsonDoc       *tw_json_doc_parse       (const char     *text,
                                          gsize           len,
                                          guint           located_depth,
                                          GQuark          domain,
                                          gint            code,
                                          GError        **error);
TwJsonDoc       *tw_json_doc_parse_at    (const char     *text,
                                          gsize           len,
                                          guint           line,
                                          guint           column,
                                          guint           located_depth,
                                          GQuark          domain,
                                          gint            code,
                                          GError        **error);
void             tw_json_doc_free        (TwJsonDoc      *doc);

/* Where a value is in a text: bytes start … end-1. */
typedef struct
{
  gsize start;
  gsize end;
} TwJsonSpan;

char            *tw_json_cut_items       (const char     *text,
                                          gsize           len,
                                          const char     *key1,
                                          const char     *key2,
                                          GPtrArray     **spans);
JsonNode        *tw_json_doc_root        (TwJsonDoc      *doc);
/* Sets @error to "LINE:COLUMN: message" at @node (or at its nearest located
 * parent; the start of the text when @node is NULL) and returns FALSE. */
gboolean         tw_json_doc_fail        (TwJsonDoc      *doc,
                                          JsonNode       *node,
                                          GError        **error,
                                          const char     *format,
                                          ...) G_GNUC_PRINTF (4, 5);

/* Typed access; each is FALSE (or NULL) for a node of another kind. */
JsonNode        *tw_json_member          (JsonNode       *object,
                                          const char     *key);
gboolean         tw_json_is_null         (JsonNode       *node);
/* A string, valid UTF-8. */
const char      *tw_json_string          (JsonNode       *node);
/* A whole number, or a string of decimal digits (64-bit seeds), from @min to
 * @max. */
gboolean         tw_json_u64             (JsonNode       *node,
                                          guint64         min,
                                          guint64         max,
                                          guint64        *out);
gboolean         tw_json_double          (JsonNode       *node,
                                          double         *out);
/* A list of strings; NULL otherwise. */
char           **tw_json_strv            (JsonNode       *node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwJsonDoc, tw_json_doc_free)

G_END_DECLS
