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
 * map's own style (flow `{...}` or block, indented like its first key). */
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
/* Applies @edit to @text, for tests. */
char         *tw_design_edit_apply       (const char         *text,
                                          const TwDesignEdit *edit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwDesignEdit, tw_design_edit_free)

G_END_DECLS
