/* tw-card-editor.h: the Design view's form for one card, with its print preview
 *
 * The editor lists the cards of the last definition that loaded and shows
 * the one selected: its kind,
 * chosen from the rules module's card catalogue, a row for every parameter
 * the kind declares (numbers, words, colours, switches, a drawn shape, text),
 * its title, text, points and copies, and the card's front drawn by the same
 * code that prints it (tw_export_draw_card()).
 *
 * The editor never writes the text itself: each change is announced as one
 * key of the card to rewrite, as YAML source, and the Design page turns it
 * into one span edit of its buffer (so that undo covers it). Signals are
 * emitted from an idle, after the control's own signal is over.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_CARD_EDITOR (tw_card_editor_get_type ())

G_DECLARE_FINAL_TYPE (TwCardEditor, tw_card_editor, TW, CARD_EDITOR, AdwBin)

/* Lists the cards of @definition (NULL: none) and shows the one selected,
 * which stays selected while its id is in the new definition. The form is
 * rebuilt only when the card or its kind changed, else its values are set in
 * place, so that keyboard focus stays where it was. */
void        tw_card_editor_set_definition (TwCardEditor *self,
                                           TwDefinition *definition);
/* The selected card's id, or NULL. */
const char *tw_card_editor_get_card_id    (TwCardEditor *self);
/* The card size the preview draws, in mm (what the Print view prints;
 * 63 × 88 until set). */
void        tw_card_editor_set_card_size  (TwCardEditor *self,
                                           double        width,
                                           double        height);

G_END_DECLS
