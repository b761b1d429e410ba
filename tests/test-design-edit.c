/* test-design-edit.c: the Design view's span edits of a definition's YAML
 *
 * Each case edits a text and compares the whole result with the text a
 * designer would have written, so a stray byte anywhere (a lost comment, a
 * doubled newline) fails; every result must also still parse.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-design-edit.h"

typedef enum
{
  OP_INSERT,      /* arg: the item's text */
  OP_INSERT_MAP,  /* keys id, count with values arg, 1 */
  OP_DUPLICATE,   /* id becomes arg */
  OP_REMOVE,
  OP_SWAP,        /* index and index + 1 */
} Op;

typedef struct
{
  const char *name;
  const char *text;
  Op          op;
  guint       index;
  const char *arg;
  const char *expected;   /* NULL: the edit is refused */
} SeqCase;

#define BLOCK \
  "# tiles, clockwise\n" \
  "tiles:\n" \
  "  - {id: a, edges: [r, r, r, r]}   # all red\n" \
  "  # the halves\n" \
  "  - {id: b, edges: [r, r, g, g]}\n" \
  "  - {id: c, edges: [g, g, g, g]}\n" \
  "cards: []\n"

#define FLOW \
  "tiles: [{id: a}, {id: b, count: 2}, {id: c}]  # three\n" \
  "cards: []\n"

#define BLOCK_MAPS \
  "tiles:\n" \
  "- id: a\n" \
  "  count: 2  # two of them\n" \
  "\n" \
  "- id: b\n" \
  "  edges: [r, g, r, g]\n" \
  "format: 1\n"

static const SeqCase seq_cases[] = {
  /* block list of flow maps */
  { "block/insert-first", BLOCK, OP_INSERT, 0, "{id: n}",
    "# tiles, clockwise\n"
    "tiles:\n"
    "  - {id: a, edges: [r, r, r, r]}   # all red\n"
    "  - {id: n}\n"
    "  # the halves\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "  - {id: c, edges: [g, g, g, g]}\n"
    "cards: []\n" },
  { "block/insert-last", BLOCK, OP_INSERT, 2, "{id: n}",
    "# tiles, clockwise\n"
    "tiles:\n"
    "  - {id: a, edges: [r, r, r, r]}   # all red\n"
    "  # the halves\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "  - {id: c, edges: [g, g, g, g]}\n"
    "  - {id: n}\n"
    "cards: []\n" },
  { "block/insert-map", BLOCK, OP_INSERT_MAP, 1, "n",
    "# tiles, clockwise\n"
    "tiles:\n"
    "  - {id: a, edges: [r, r, r, r]}   # all red\n"
    "  # the halves\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "  - {id: n, count: 1}\n"
    "  - {id: c, edges: [g, g, g, g]}\n"
    "cards: []\n" },
  { "block/duplicate-first", BLOCK, OP_DUPLICATE, 0, "a-2",
    "# tiles, clockwise\n"
    "tiles:\n"
    "  - {id: a, edges: [r, r, r, r]}   # all red\n"
    "  - {id: a-2, edges: [r, r, r, r]}   # all red\n"
    "  # the halves\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "  - {id: c, edges: [g, g, g, g]}\n"
    "cards: []\n" },
  { "block/remove-first", BLOCK, OP_REMOVE, 0, NULL,
    "# tiles, clockwise\n"
    "tiles:\n"
    "  # the halves\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "  - {id: c, edges: [g, g, g, g]}\n"
    "cards: []\n" },
  { "block/remove-last", BLOCK, OP_REMOVE, 2, NULL,
    "# tiles, clockwise\n"
    "tiles:\n"
    "  - {id: a, edges: [r, r, r, r]}   # all red\n"
    "  # the halves\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "cards: []\n" },
  { "block/swap-first", BLOCK, OP_SWAP, 0, NULL,
    "# tiles, clockwise\n"
    "tiles:\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "  # the halves\n"
    "  - {id: a, edges: [r, r, r, r]}   # all red\n"
    "  - {id: c, edges: [g, g, g, g]}\n"
    "cards: []\n" },
  { "block/swap-last", BLOCK, OP_SWAP, 1, NULL,
    "# tiles, clockwise\n"
    "tiles:\n"
    "  - {id: a, edges: [r, r, r, r]}   # all red\n"
    "  # the halves\n"
    "  - {id: c, edges: [g, g, g, g]}\n"
    "  - {id: b, edges: [r, r, g, g]}\n"
    "cards: []\n" },
  { "block/swap-past-end", BLOCK, OP_SWAP, 2, NULL, NULL },
  { "block/remove-out-of-range", BLOCK, OP_REMOVE, 3, NULL, NULL },
  { "block/remove-only", "tiles:\n  - {id: a}  # one\nformat: 1\n", OP_REMOVE, 0, NULL,
    "tiles: []\nformat: 1\n" },
  { "block/no-final-newline", "tiles:\n  - {id: a}\n  - {id: b}", OP_REMOVE, 1, NULL,
    "tiles:\n  - {id: a}" },
  { "block/no-final-newline-insert", "tiles:\n  - {id: a}", OP_INSERT, 0, "{id: b}",
    "tiles:\n  - {id: a}\n  - {id: b}" },

  /* flow list */
  { "flow/insert-first", FLOW, OP_INSERT, 0, "{id: n}",
    "tiles: [{id: a}, {id: n}, {id: b, count: 2}, {id: c}]  # three\n"
    "cards: []\n" },
  { "flow/insert-last", FLOW, OP_INSERT, 2, "{id: n}",
    "tiles: [{id: a}, {id: b, count: 2}, {id: c}, {id: n}]  # three\n"
    "cards: []\n" },
  { "flow/insert-map", FLOW, OP_INSERT_MAP, 1, "n",
    "tiles: [{id: a}, {id: b, count: 2}, {id: n, count: 1}, {id: c}]  # three\n"
    "cards: []\n" },
  { "flow/insert-empty", "tiles: []  # none yet\n", OP_INSERT, 0, "{id: n}",
    "tiles: [{id: n}]  # none yet\n" },
  { "flow/duplicate-middle", FLOW, OP_DUPLICATE, 1, "b-2",
    "tiles: [{id: a}, {id: b, count: 2}, {id: b-2, count: 2}, {id: c}]  # three\n"
    "cards: []\n" },
  { "flow/remove-first", FLOW, OP_REMOVE, 0, NULL,
    "tiles: [{id: b, count: 2}, {id: c}]  # three\ncards: []\n" },
  { "flow/remove-middle", FLOW, OP_REMOVE, 1, NULL,
    "tiles: [{id: a}, {id: c}]  # three\ncards: []\n" },
  { "flow/remove-last", FLOW, OP_REMOVE, 2, NULL,
    "tiles: [{id: a}, {id: b, count: 2}]  # three\ncards: []\n" },
  { "flow/remove-only", "tiles: [{id: a}]\n", OP_REMOVE, 0, NULL, "tiles: []\n" },
  { "flow/swap-first", FLOW, OP_SWAP, 0, NULL,
    "tiles: [{id: b, count: 2}, {id: a}, {id: c}]  # three\ncards: []\n" },
  { "flow/swap-last", FLOW, OP_SWAP, 1, NULL,
    "tiles: [{id: a}, {id: c}, {id: b, count: 2}]  # three\ncards: []\n" },
  { "flow/separator-kept", "tiles: [\n  {id: a},\n  {id: b}\n]\n", OP_INSERT, 1, "{id: n}",
    "tiles: [\n  {id: a},\n  {id: b},\n  {id: n}\n]\n" },

  /* block list of block maps */
  { "block-maps/insert-map", BLOCK_MAPS, OP_INSERT_MAP, 0, "n",
    "tiles:\n"
    "- id: a\n"
    "  count: 2  # two of them\n"
    "- id: n\n"
    "  count: 1\n"
    "\n"
    "- id: b\n"
    "  edges: [r, g, r, g]\n"
    "format: 1\n" },
  { "block-maps/duplicate-last", BLOCK_MAPS, OP_DUPLICATE, 1, "b-2",
    "tiles:\n"
    "- id: a\n"
    "  count: 2  # two of them\n"
    "\n"
    "- id: b\n"
    "  edges: [r, g, r, g]\n"
    "- id: b-2\n"
    "  edges: [r, g, r, g]\n"
    "format: 1\n" },
  { "block-maps/remove-first", BLOCK_MAPS, OP_REMOVE, 0, NULL,
    "tiles:\n"
    "\n"
    "- id: b\n"
    "  edges: [r, g, r, g]\n"
    "format: 1\n" },
  /* a block scalar and a nested block list end where their text ends, not
   * where libyaml's next token (past the comment) starts */
  { "block-maps/nested-remove",
    "tiles:\n"
    "  - id: a\n"
    "    text: |\n"
    "      two\n"
    "      lines\n"
    "\n"
    "  # b is next\n"
    "  - id: b\n"
    "    edges:\n"
    "      - r\n"
    "      - g  # green\n"
    "    # the end of b\n"
    "cards: []\n", OP_REMOVE, 0, NULL,
    "tiles:\n"
    "\n"
    "  # b is next\n"
    "  - id: b\n"
    "    edges:\n"
    "      - r\n"
    "      - g  # green\n"
    "    # the end of b\n"
    "cards: []\n" },
  { "block-maps/nested-swap",
    "tiles:\n"
    "  - id: a\n"
    "    text: |\n"
    "      two\n"
    "      lines\n"
    "  # b is next\n"
    "  - id: b\n"
    "    edges:\n"
    "      - r\n"
    "      - g  # green\n"
    "    # the end of b\n"
    "cards: []\n", OP_SWAP, 0, NULL,
    "tiles:\n"
    "  - id: b\n"
    "    edges:\n"
    "      - r\n"
    "      - g  # green\n"
    "  # b is next\n"
    "  - id: a\n"
    "    text: |\n"
    "      two\n"
    "      lines\n"
    "    # the end of b\n"
    "cards: []\n" },
  { "block-maps/swap", BLOCK_MAPS, OP_SWAP, 0, NULL,
    "tiles:\n"
    "- id: b\n"
    "  edges: [r, g, r, g]\n"
    "\n"
    "- id: a\n"
    "  count: 2  # two of them\n"
    "format: 1\n" },
};

/* Parses @text, which must be YAML without errors. */
static TwNode *
parse_ok (const char *text)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("test.yaml");
  TwNode *root = tw_node_parse (text, -1, NULL, diags);

  g_assert_nonnull (root);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 0);
  return root;
}

static void
test_seq (gconstpointer data)
{
  const SeqCase *c = data;
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("test.yaml");
  g_autoptr(TwNode) root = tw_node_parse (c->text, -1, NULL, diags);
  g_autoptr(TwDesignEdit) edit = NULL;
  g_autoptr(TwDiagnostics) diags2 = tw_diagnostics_new ("test.yaml");
  g_autoptr(TwNode) again = NULL;
  g_autofree char *result = NULL;
  const TwNode *seq;

  g_assert_nonnull (root);
  seq = tw_node_get (root, "tiles");
  g_assert_nonnull (seq);
  switch (c->op)
    {
    case OP_INSERT:
      edit = tw_design_edit_seq_insert_after (c->text, seq, c->index, c->arg);
      break;
    case OP_INSERT_MAP:
      {
        const char * const keys[] = { "id", "count", NULL };
        const char * const values[] = { c->arg, "1", NULL };

        edit = tw_design_edit_seq_insert_map_after (c->text, seq, c->index, keys, values);
      }
      break;
    case OP_DUPLICATE:
      edit = tw_design_edit_seq_duplicate (c->text, seq, c->index, "id", c->arg);
      break;
    case OP_REMOVE:
      edit = tw_design_edit_seq_remove (c->text, seq, c->index);
      break;
    case OP_SWAP:
      edit = tw_design_edit_seq_swap (c->text, seq, c->index);
      break;
    default:
      g_assert_not_reached ();
    }
  if (c->expected == NULL)
    {
      g_assert_null (edit);
      return;
    }
  g_assert_nonnull (edit);
  result = tw_design_edit_apply (c->text, edit);
  g_assert_cmpstr (result, ==, c->expected);
  again = tw_node_parse (result, -1, NULL, diags2);
  g_assert_nonnull (again);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags2), ==, 0);
}

/* Moving an item down and back up, or inserting then removing it, gives the
 * text back byte for byte: what the GUI's undo-free round trips rely on. */
static void
test_round_trips (void)
{
  const char *texts[] = { BLOCK, FLOW, BLOCK_MAPS };

  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    {
      g_autoptr(TwNode) root = parse_ok (texts[t]);
      const TwNode *seq = tw_node_get (root, "tiles");

      for (guint i = 0; i + 1 < seq->n_children; i++)
        {
          g_autoptr(TwDesignEdit) down = tw_design_edit_seq_swap (texts[t], seq, i);
          g_autofree char *moved = tw_design_edit_apply (texts[t], down);
          g_autoptr(TwNode) root2 = parse_ok (moved);
          const TwNode *seq2 = tw_node_get (root2, "tiles");
          g_autoptr(TwDesignEdit) up = tw_design_edit_seq_swap (moved, seq2, i);
          g_autofree char *back = tw_design_edit_apply (moved, up);

          g_assert_cmpstr (back, ==, texts[t]);
        }
      for (guint i = 0; i < seq->n_children; i++)
        {
          g_autoptr(TwDesignEdit) ins = tw_design_edit_seq_insert_after (texts[t], seq, i,
                                                                         "{id: new}");
          g_autofree char *added = tw_design_edit_apply (texts[t], ins);
          g_autoptr(TwNode) root2 = parse_ok (added);
          const TwNode *seq2 = tw_node_get (root2, "tiles");
          g_autoptr(TwDesignEdit) del = NULL;
          g_autofree char *back = NULL;

          g_assert_cmpuint (seq2->n_children, ==, seq->n_children + 1);
          g_assert_cmpstr (tw_node_get (seq2->children[i + 1], "id")->scalar, ==, "new");
          del = tw_design_edit_seq_remove (added, seq2, i + 1);
          back = tw_design_edit_apply (added, del);
          g_assert_cmpstr (back, ==, texts[t]);
        }
    }
}

static void
test_fresh_id (void)
{
  const char *text = "tiles:\n  - {id: half}\n  - {id: half-2}\n  - {id: tile-1}\n"
                     "  - {id: x-9}\ncards: [{id: half-3}]\n";
  g_autoptr(TwNode) root = parse_ok (text);
  struct { const char *id; guint first; const char *fresh; } cases[] = {
    { "half", 2, "half-3" },      /* half-2 is taken; cards do not count */
    { "half-2", 2, "half-3" },    /* a copy of a copy is numbered on */
    { "tile", 1, "tile-2" },
    { "x-9", 2, "x-2" },
    { "a-b", 2, "a-b-2" },        /* "-b" is not a number */
    { "7", 2, "7-2" },            /* nothing before the digits: kept whole */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *fresh = tw_design_fresh_id (root, "tiles", cases[i].id, cases[i].first);

      g_assert_cmpstr (fresh, ==, cases[i].fresh);
    }
}

static void
test_yaml_scalar (void)
{
  struct { const char *in, *out; } cases[] = {
    { "half-rg", "half-rg" },
    { "tile_1.b", "tile_1.b" },
    { "a:b", "\"a:b\"" },
    { "yes", "\"yes\"" },
    { "-x", "\"-x\"" },
    { "12", "\"12\"" },
    { "say \"hi\"", "\"say \\\"hi\\\"\"" },
    { "", "\"\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = tw_design_yaml_scalar (cases[i].in);
      g_autofree char *doc = g_strdup_printf ("k: %s\n", s);
      g_autoptr(TwNode) root = parse_ok (doc);

      g_assert_cmpstr (s, ==, cases[i].out);
      /* and YAML reads it back as the same string */
      g_assert_cmpstr (tw_node_get (root, "k")->scalar, ==, cases[i].in);
    }
}

#define P(a, b, c, d) (((guint32) (a) << 24) | ((b) << 16) | ((c) << 8) | (d))

static void
test_edge_pattern (void)
{
  struct { guint8 edges[4]; guint32 pattern; } cases[] = {
    { { 0, 0, 0, 0 }, P (0, 0, 0, 0) },
    { { 0, 0, 1, 1 }, P (0, 0, 1, 1) },
    { { 1, 0, 0, 1 }, P (0, 0, 1, 1) },   /* the same tile turned */
    { { 1, 1, 0, 0 }, P (0, 0, 1, 1) },
    { { 0, 1, 1, 0 }, P (0, 0, 1, 1) },
    { { 2, 1, 0, 1 }, P (0, 1, 2, 1) },
    { { 0, 1, 0, 1 }, P (0, 1, 0, 1) },
    { { 1, 0, 1, 0 }, P (0, 1, 0, 1) },
    { { 0, 1, 2, 3 }, P (0, 1, 2, 3) },
    { { 0, 3, 2, 1 }, P (0, 3, 2, 1) },   /* its mirror image is another pattern */
    { { 2, 2, 1, 2 }, P (1, 2, 2, 2) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmphex (tw_design_edge_pattern (cases[i].edges), ==, cases[i].pattern);
}

enum { N = 1, E = 2, S = 4, W = 8 };

static void
test_sections (void)
{
  struct {
    gboolean join;
    guint8 masks[4];
    guint n;
    guint dir;
    guint other;            /* join: the other edge */
    const char *expected;   /* NULL: nothing to do */
  } cases[] = {
    { FALSE, { N | E | S | W }, 1, 0, 0, "[ESW, N]" },
    { TRUE, { E | S | W, N }, 2, 0, 1, "[NESW]" },          /* and back */
    { TRUE, { E | S | W, N }, 2, 3, 0, "[NESW]" },          /* W with N, wrapping round */
    { TRUE, { E | S | W, N }, 2, 1, 2, NULL },              /* E and S are one already */
    { FALSE, { N | E, S | W }, 2, 1, 0, "[N, E, SW]" },
    { TRUE, { N, E, S, W }, 4, 2, 3, "[N, E, SW]" },        /* the later section joins the earlier */
    { TRUE, { N | S, E, W }, 3, 0, 1, "[NES, W]" },         /* opposite edges stay joined */
    { FALSE, { N | S, E, W }, 3, 2, 0, "[N, S, E, W]" },
    { FALSE, { N, E, S, W }, 4, 3, 0, NULL },               /* W is alone */
    { FALSE, { E | S, W | N }, 2, 0, 0, "[ES, W, N]" },
    /* not neighbours: opposite edges, either way round */
    { TRUE, { N, E, S, W }, 4, 0, 2, "[NS, E, W]" },
    { TRUE, { N, E, S, W }, 4, 2, 0, "[NS, E, W]" },
    { TRUE, { N | S, E, W }, 3, 3, 1, "[NS, EW]" },
    { TRUE, { N | S, E, W }, 3, 2, 0, NULL },               /* one section already */
    { TRUE, { N, E, S, W }, 4, 1, 1, NULL },                /* an edge with itself */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint8 out[4] = { 0, };
      guint n = cases[i].join
                ? tw_design_sections_join (cases[i].masks, cases[i].n, cases[i].dir,
                                           cases[i].other, out)
                : tw_design_sections_split (cases[i].masks, cases[i].n, cases[i].dir, out);
      g_autofree char *text = n > 0 ? tw_design_sections_text (out, n) : NULL;
      guint8 all = 0;

      g_assert_cmpstr (text, ==, cases[i].expected);
      /* the result still partitions the four edges */
      for (guint s = 0; s < n; s++)
        {
          g_assert_cmpuint (all & out[s], ==, 0);
          all |= out[s];
        }
      if (n > 0)
        g_assert_cmpuint (all, ==, 0xf);
    }
}

/* tw_design_edit_map_set() on the map `layer:`, for the face and card
 * forms: a value in place, a key added, block text replaced whole. */
typedef struct
{
  const char *text;
  const char *key;
  const char *value;
  const char *expected;
} MapCase;

static const MapCase map_cases[] = {
  /* flow: in place, added before the brace */
  { "layer: {type: text, size: 11}  # title\nnext: 1\n", "size", "14",
    "layer: {type: text, size: 14}  # title\nnext: 1\n" },
  { "layer: {type: text, size: 11}  # title\nnext: 1\n", "align", "center",
    "layer: {type: text, size: 11, align: center}  # title\nnext: 1\n" },
  /* block: in place, the comment kept; added under the last key */
  { "layer:\n  type: icon\n  icon: star   # the icon\nnext: 1\n", "icon", "heart",
    "layer:\n  type: icon\n  icon: heart   # the icon\nnext: 1\n" },
  { "layer:\n  type: icon\n  icon: star   # the icon\nnext: 1\n", "color", "\"#fff\"",
    "layer:\n  type: icon\n  icon: star   # the icon\n  color: \"#fff\"\nnext: 1\n" },
  /* a block scalar, the blank line in it and the comment after it */
  { "layer:\n  text: >-\n    two\n\n    lines\n  # the size\n  size: 3\n", "text", "\"one\"",
    "layer:\n  text: \"one\"\n  # the size\n  size: 3\n" },
  { "layer:\n  text: |\n    last\n", "text", "\"one\"",
    "layer:\n  text: \"one\"\n" },
  /* a block map below its key becomes a flow map after the colon */
  { "layer:\n  params:\n    a: 1\n    b: 2\n  size: 3\n", "params", "{a: 2}",
    "layer:\n  params: {a: 2}\n  size: 3\n" },
};

static void
test_map_set (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (map_cases); i++)
    {
      const MapCase *c = &map_cases[i];
      g_autoptr(TwNode) root = parse_ok (c->text);
      g_autoptr(TwDesignEdit) edit = tw_design_edit_map_set (c->text, tw_node_get (root, "layer"),
                                                             c->key, c->value);
      g_autofree char *result = NULL;
      g_autoptr(TwNode) again = NULL;

      g_assert_nonnull (edit);
      result = tw_design_edit_apply (c->text, edit);
      g_assert_cmpstr (result, ==, c->expected);
      again = parse_ok (result);
    }
}

static void
test_seq_index (void)
{
  g_autoptr(TwNode) root = parse_ok (FLOW);
  const TwNode *seq = tw_node_get (root, "tiles");

  g_assert_cmpint (tw_design_seq_index (seq, seq->children[2]), ==, 2);
  g_assert_cmpint (tw_design_seq_index (seq, root), ==, -1);
  g_assert_cmpint (tw_design_seq_index (root, seq->children[0]), ==, -1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (seq_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/tw/design-edit/seq/%s", seq_cases[i].name);

      g_test_add_data_func (path, &seq_cases[i], test_seq);
    }
  g_test_add_func ("/tw/design-edit/round-trips", test_round_trips);
  g_test_add_func ("/tw/design-edit/fresh-id", test_fresh_id);
  g_test_add_func ("/tw/design-edit/yaml-scalar", test_yaml_scalar);
  g_test_add_func ("/tw/design-edit/seq-index", test_seq_index);
  g_test_add_func ("/tw/design-edit/map-set", test_map_set);
  g_test_add_func ("/tw/design-edit/edge-pattern", test_edge_pattern);
  g_test_add_func ("/tw/design-edit/sections", test_sections);
  return g_test_run ();
}
