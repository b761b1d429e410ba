/* tw-face-editor.h: the Design view's faces, previewed at print size
 *
 * The editor lists the faces a definition can have (card fronts, the
 * fronts of each card kind it uses, card backs, tiles, tile backs), shows
 * the chosen one on a chosen card or tile at its printed size, drawn by the
 * code that prints it (tw_export_draw_component()), and says where the
 * face is written in the text. A written face's layers are listed, and the
 * one selected is edited in a form (tw-face-layer-form.h) and outlined on
 * the preview. Like the tile set editor it reads the document's text to
 * find what an edit changes but never writes it: each change of the form
 * (a key set or removed, a layer added, moved or removed) is announced as
 * ::apply-edit, one span of the text, and the last check's problems inside
 * the layer are shown in the form. ::add-face asks the Design page to add a
 * face (the module's own look written as layers, to edit from there: one
 * undoable edit), ::show-face and ::show-layer to select one in the text.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition-document.h"
#include "tw-definition.h"
#include "tw-export.h"

G_BEGIN_DECLS

#define TW_TYPE_FACE_EDITOR (tw_face_editor_get_type ())

G_DECLARE_FINAL_TYPE (TwFaceEditor, tw_face_editor, TW, FACE_EDITOR, AdwBin)

/* Shows the faces of @definition (NULL: none); the face and component
 * chosen stay chosen while the new definition has them. */
void    tw_face_editor_set_definition (TwFaceEditor       *self,
                                       TwDefinition       *definition);

/* The document whose text the layer form's edits are made on, and whose
 * checks' problems it shows (NULL: none; the form then edits nothing). */
void    tw_face_editor_set_document   (TwFaceEditor         *self,
                                       TwDefinitionDocument *document);

/* The card and tile sizes and the bleed the preview draws at (the Print
 * view's; tw_export_settings_init()'s until set). */
void    tw_face_editor_set_sizes      (TwFaceEditor           *self,
                                       const TwExportSettings *settings);

/* The layers of a new face @name ("card", "card.KIND", "card-back",
 * "tile", "tile-back", "piece", "piece.ID") that draw what the module draws without one, as
 * one-line YAML flow maps, NULL-terminated. */
char  **tw_face_starter_layers        (const TwDefinition *definition,
                                       const char         *name);

G_END_DECLS
