/* tw-node.h: a YAML document as a tree of positioned nodes
 *
 * Built with libyaml's event parser under hard limits (file size, node count,
 * nesting depth, alias expansion), so no input can make the loader crash,
 * hang or allocate without bound. Every node keeps its position in the text:
 * line/column for messages, byte offsets so that an editor can rewrite just
 * the part of the text a node covers.
 *
 * A tree is immutable once built and owned by its root.
 */
#pragma once

#include <glib.h>

#include "tw-diag.h"

G_BEGIN_DECLS

typedef enum
{
  TW_NODE_SCALAR,
  TW_NODE_MAP,
  TW_NODE_SEQ,
} TwNodeType;

struct _TwNode
{
  TwNodeType   type;
  guint        line;          /* 1-based */
  guint        column;        /* 1-based */
  gsize        start_offset;  /* byte offsets of the node in the text */
  gsize        end_offset;
  char        *scalar;        /* SCALAR: the value (never NULL for scalars) */
  gboolean     plain;         /* SCALAR: unquoted (so "null", "true", numbers apply) */
  guint        n_children;
  TwNode     **keys;          /* MAP: key scalars, n_children of them */
  TwNode     **children;      /* MAP: values; SEQ: items */
};

typedef struct
{
  gsize  max_bytes;     /* default 4 MiB */
  guint  max_nodes;     /* default 200000, counting alias expansions */
  guint  max_depth;     /* default 64 */
} TwNodeLimits;

/* Parse @text (@len bytes, -1 for NUL-terminated). On a syntax error or a limit,
 * returns NULL and adds a positioned error to @diags. A document that is empty
 * gives an empty MAP. Anchors and aliases are expanded by copying, counted
 * against max_nodes. Only the first document of a stream is read. */
TwNode       *tw_node_parse          (const char          *text,
                                      gssize               len,
                                      const TwNodeLimits  *limits,   /* NULL: defaults */
                                      TwDiagnostics       *diags);
void          tw_node_free           (TwNode              *node);

/* MAP lookup by key; NULL if absent or @node is not a map. */
const TwNode *tw_node_get            (const TwNode        *node,
                                      const char          *key);
/* A type as messages name it, translated: "a map", "a list", "a scalar". */
const char   *tw_node_type_a         (TwNodeType           type);

/* Checked conversions: on failure they add an error at @node to @diags and
 * return FALSE; @node may be NULL (then FALSE without a message). */
gboolean      tw_node_expect         (const TwNode        *node,
                                      TwNodeType           type,
                                      const char          *what,
                                      TwDiagnostics       *diags);
gboolean      tw_node_to_int         (const TwNode        *node,
                                      gint64               min,
                                      gint64               max,
                                      gint64              *out,
                                      TwDiagnostics       *diags);
gboolean      tw_node_to_bool        (const TwNode        *node,
                                      gboolean            *out,
                                      TwDiagnostics       *diags);
gboolean      tw_node_to_double      (const TwNode        *node,
                                      double              *out,
                                      TwDiagnostics       *diags);
/* A scalar that must be one of @choices (NULL-terminated); *out is its index.
 * The error names the nearest choice. */
gboolean      tw_node_to_choice      (const TwNode        *node,
                                      const char * const  *choices,
                                      guint               *out,
                                      TwDiagnostics       *diags);
/* Reports every key of MAP @node that is not in @allowed (NULL-terminated), with
 * the nearest allowed name as hint; also reports duplicate keys. Returns TRUE
 * when all keys are known and unique. */
gboolean      tw_node_check_keys     (const TwNode        *node,
                                      const char * const  *allowed,
                                      const char          *what,
                                      TwDiagnostics       *diags);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwNode, tw_node_free)

G_END_DECLS
