/* tw-face-layer-form.h: the form of one layer of a face
 *
 * The rows are the keys doc/faces.md gives the layer's type (a text's
 * words, font, size, weight, colour and alignment; an image's file; the box
 * every layer has ...), each set from the layer as it is written in the
 * last definition that loaded ("{title}", "50%" as they stand). The form
 * never writes the text: a changed row is announced as ::set-key, and the
 * buttons above the rows as ::move, ::remove and ::show-in-text; the face editor
 * turns them into span edits of the text. Problems the last check found in
 * the layer are listed above its rows, with their line and column.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-diag.h"
#include "tw-faces.h"
#include "tw-node.h"

G_BEGIN_DECLS

#define TW_TYPE_FACE_LAYER_FORM (tw_face_layer_form_get_type ())

G_DECLARE_FINAL_TYPE (TwFaceLayerForm, tw_face_layer_form, TW, FACE_LAYER_FORM, AdwBin)

/* Shows layer @index (of @n_layers) of type @type, written as the map
 * @node (a node of the definition's tree, read now and not kept); @folder is
 * where the definition's files are (NULL: none), for the image chooser. The
 * rows are rebuilt only for another type, else their values are set in
 * place, so that keyboard focus stays where it was. */
void tw_face_layer_form_set_layer    (TwFaceLayerForm *self,
                                      const TwNode    *node,
                                      TwLayerType      type,
                                      guint            index,
                                      guint            n_layers,
                                      const char      *folder);
/* Lists @diags (the last check's problems inside the layer; NULL or empty
 * for none) above the rows. */
void tw_face_layer_form_set_problems (TwFaceLayerForm *self,
                                      GPtrArray       *diags);

/* The layer type's name as the text writes it ("rect", "text", ...). */
const char *tw_face_layer_type_name  (TwLayerType      type);

G_END_DECLS
