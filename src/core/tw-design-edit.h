/* tw-design-edit.h: rewriting one part of a definition's YAML text
 *
 * The Design view's forms never regenerate the file: each visual edit is one
 * replacement of a byte span of the text, found through the positions the
 * parser keeps on every node (tw-node.h), so comments, order and layout
 * everywhere else stay as the designer wrote them.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-node.h"

G_BEGIN_DECLS

/* Replace bytes [start, end) of the text with @text. */
typedef struct
{
  gsize  start;
  gsize  end;
  char  *text;
} TwDesignEdit;

void          tw_design_edit_free        (TwDesignEdit       *edit);

/* Sets @key of the map @map to @value (YAML source text): the value's span is
 * replaced when the key exists, else a `key: value` entry is added in the
 * map's own style (flow `{...}` or block, indented like its first key). An
 * old value written as block text (`key: >-` and its lines, or a block map
 * or list on the lines below) is replaced up to its last character, and
 * @value written after the colon: the line break before the next key and
 * comment lines after the old value stay. */
TwDesignEdit *tw_design_edit_map_set     (const char         *text,
                                          const TwNode       *map,
                                          const char         *key,
                                          const char         *value);
/* Sets option @name of the top-level `variant:` map, adding the map at the
 * end of the text when it is absent. NULL when @root is not a map. */
TwDesignEdit *tw_design_edit_set_variant (const char         *text,
                                          const TwNode       *root,
                                          const char         *name,
                                          const char         *value);
/* The map whose `id` is @id in the top-level list @section ("tiles", "cards"). */
const TwNode *tw_design_find_item        (const TwNode       *root,
                                          const char         *section,
                                          const char         *id);

/* Edits of a sequence (a top-level list such as `tiles:`), each one span of
 * the text in the list's own style: in a block list an item is its lines,
 * from its `- ` to the end of its last line (a comment at the end of that
 * line goes with it; comments on lines of their own stay where they are); in
 * a flow list `[a, b]` an item is its own text, and new items are separated
 * like the existing ones. @index counts from 0; NULL when it is out of range
 * or @seq is not a sequence. */

/* Inserts @item (the YAML text of one item, on one line) after item @index
 * (anywhere in an empty flow list `[]`). */
TwDesignEdit *tw_design_edit_seq_insert_after     (const char         *text,
                                                   const TwNode       *seq,
                                                   guint               index,
                                                   const char         *item);
/* Inserts a new map item with @keys and @values (YAML source texts,
 * NULL-terminated) after item @index, written like that item: as block lines
 * when it is a block map, else as a flow map `{key: value, ...}`. */
TwDesignEdit *tw_design_edit_seq_insert_map_after (const char         *text,
                                                   const TwNode       *seq,
                                                   guint               index,
                                                   const char * const *keys,
                                                   const char * const *values);
/* Inserts a copy of item @index (a map) after it, its source text kept but for
 * the value of @key, which becomes @value. NULL when the item has no @key. */
TwDesignEdit *tw_design_edit_seq_duplicate        (const char         *text,
                                                   const TwNode       *seq,
                                                   guint               index,
                                                   const char         *key,
                                                   const char         *value);
/* Removes item @index; the last item of a block list leaves `[]`. */
TwDesignEdit *tw_design_edit_seq_remove           (const char         *text,
                                                   const TwNode       *seq,
                                                   guint               index);
/* Swaps items @index and @index + 1. */
TwDesignEdit *tw_design_edit_seq_swap             (const char         *text,
                                                   const TwNode       *seq,
                                                   guint               index);
/* The position of @item in @seq, or -1. */
gint          tw_design_seq_index                 (const TwNode       *seq,
                                                   const TwNode       *item);
/* An id not used by any item of the top-level list @section: @id without a
 * final "-NUMBER", then "-N" for the first free N from @first on. */
char         *tw_design_fresh_id                  (const TwNode       *root,
                                                   const char         *section,
                                                   const char         *id,
                                                   guint               first);
/* @s as a YAML scalar: as is when it is safe unquoted, else double-quoted. */
char         *tw_design_yaml_scalar               (const char         *s);

/* Removes @key and its value from the map @map: in a flow map with the
 * separator before it (after it, for the first), in a block map its whole
 * lines. NULL when @key is absent, or shares its line with other text. */
TwDesignEdit *tw_design_edit_map_remove           (const char         *text,
                                                   const TwNode       *map,
                                                   const char         *key);
/* @a and @b, two edits of the same @text that do not overlap, as one edit
 * (the text between them kept), so that they are one step of undo. NULL when
 * they overlap. */
TwDesignEdit *tw_design_edit_merge                (const char         *text,
                                                   const TwDesignEdit *a,
                                                   const TwDesignEdit *b);

/* A tile's edge pattern: its four edge colours (colour indices) clockwise,
 * the same under the four rotations. Packed one byte per edge, the north's
 * highest, from the rotation that gives the least number, so that tiles
 * which are rotations of each other share it, and patterns sort by colour. */
guint32       tw_design_edge_pattern              (const guint8        edges[4]);

/* A tile's sections as bit masks (bit d: edge d, N E S W clockwise). Join
 * puts edge @dir's section and edge @other's together (neighbours or not:
 * `[NS, E, W]` joins opposite edges), in the place of the earlier of the two; split makes edge @dir a section of its own,
 * right after the one it leaves. Both write the result to @out and return its
 * length, or 0 when there is nothing to do (joined, or alone, already). */
guint         tw_design_sections_join             (const guint8       *masks,
                                                   guint               n,
                                                   guint               dir,
                                                   guint               other,
                                                   guint8              out[4]);
guint         tw_design_sections_split            (const guint8       *masks,
                                                   guint               n,
                                                   guint               dir,
                                                   guint8              out[4]);
/* "[NE, SW]": the value of a `sections:` key, each section's letters
 * clockwise from the north. */
char         *tw_design_sections_text             (const guint8       *masks,
                                                   guint               n);

/* Applies @edit to @text, for tests. */
char         *tw_design_edit_apply       (const char         *text,
                                          const TwDesignEdit *edit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwDesignEdit, tw_design_edit_free)

G_END_DECLS
