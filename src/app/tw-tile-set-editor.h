/* tw-tile-set-editor.h: the Design view's tile set editor
 *
 * The editor shows the tiles of its document's last definition that loaded
 * (a list model of their ids, shown as a grid), their totals per colour and
 * per edge pattern, and the selected tile's edges, copies and sections; it
 * adds, duplicates, deletes and moves tiles (the design.tile-* actions, with
 * their keys while the editor has the focus).
 *
 * It reads the document's text to find what an edit changes, but never
 * writes it: every change is announced as ::apply-edit, one span of the text
 * to replace, which whoever shows the text applies as one undoable user
 * action (the Design page also places the cursor there). What it cannot do
 * ("the tiles section is not a list") it says with ::show-message.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition-document.h"
#include "tw-design-edit.h"

G_BEGIN_DECLS

/* The core's TwDesignEdit (tw-design-edit.h, no GObject there) as a boxed
 * type, for ::apply-edit. */
#define TW_TYPE_DESIGN_EDIT (tw_design_edit_get_type ())
GType tw_design_edit_get_type (void) G_GNUC_CONST;

#define TW_TYPE_TILE_SET_EDITOR (tw_tile_set_editor_get_type ())

G_DECLARE_FINAL_TYPE (TwTileSetEditor, tw_tile_set_editor, TW, TILE_SET_EDITOR, AdwBin)

GtkWidget            *tw_tile_set_editor_new               (void);
/* The document whose definition is shown and whose text the edits are
 * computed from (NULL: none, an empty editor). */
TwDefinitionDocument *tw_tile_set_editor_get_document      (TwTileSetEditor      *self);
void                  tw_tile_set_editor_set_document      (TwTileSetEditor      *self,
                                                            TwDefinitionDocument *document);
/* The tiles shown, in the definition's order: a list of GtkStringObject,
 * each a tile's id. Owned by the editor. */
GListModel           *tw_tile_set_editor_get_tiles         (TwTileSetEditor      *self);
/* The selected tile's id, or NULL. */
const char           *tw_tile_set_editor_get_selected_tile (TwTileSetEditor      *self);
/* Selects the tile @id, as a click on it would; FALSE when it is not shown. */
gboolean              tw_tile_set_editor_select_tile       (TwTileSetEditor      *self,
                                                            const char           *id);

G_END_DECLS
