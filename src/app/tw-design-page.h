/* tw-design-page.h: the Design view: the definition as YAML and as forms
 *
 * The definition file's text is the one source of truth. The page shows it
 * in a source view checked as the designer types, and offers forms (variant
 * rules, tiles) whose edits rewrite only the span of the text they touch, in
 * the same buffer, so undo covers both. Every text that loads without error
 * becomes the document's `definition`, which the other views follow.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition-document.h"
#include "tw-export.h"

G_BEGIN_DECLS

#define TW_TYPE_DESIGN_PAGE (tw_design_page_get_type ())

G_DECLARE_FINAL_TYPE (TwDesignPage, tw_design_page, TW, DESIGN_PAGE, AdwBin)

typedef void (*TwDesignContinue) (gpointer user_data);

/* Shows @definition's text as the document read from @file (NULL: untitled);
 * no edits, nothing to undo. */
void          tw_design_page_set_document    (TwDesignPage     *self,
                                              GFile            *file,
                                              TwDefinition     *definition);
/* Shows @text, recovered from an autosave, as the unsaved edits of @file
 * (NULL: untitled): marked modified, autosaved again at once. */
void          tw_design_page_restore         (TwDesignPage     *self,
                                              GFile            *file,
                                              const char       *text);
/* The document shown: its `definition` is the last text that loaded. */
TwDefinitionDocument *tw_design_page_get_document (TwDesignPage *self);
GFile        *tw_design_page_get_file        (TwDesignPage     *self);
/* Whether the text has edits not saved. */
gboolean      tw_design_page_get_modified    (TwDesignPage     *self);
/* The last text that loaded without error, or NULL. */
TwDefinition *tw_design_page_get_definition  (TwDesignPage     *self);
/* Runs @next now when there is nothing unsaved, else after the designer
 * agreed to discard the edits (not at all when they cancel). */
void          tw_design_page_confirm_discard (TwDesignPage     *self,
                                              TwDesignContinue  next,
                                              gpointer          user_data);
/* Shows the definition a saved game embeds (its file when @path, the file
 * the record names, still holds that text; else untitled) once the page is
 * shown, asking first when there are unsaved edits. */
void          tw_design_page_show_game_definition (TwDesignPage *self,
                                                   TwDefinition *definition,
                                                   const char   *path,
                                                   GFile        *record_file);
/* Opens @file's text to fix it, even when it does not load (its problems
 * listed under the text), asking first when there are unsaved edits. */
void          tw_design_page_edit_file       (TwDesignPage     *self,
                                              GFile            *file);
/* Changes the text from @base, which it must still be, to @text, as one
 * undoable edit of the part that differs; FALSE when the text is no longer
 * @base (it was edited meanwhile). */
gboolean      tw_design_page_change_text     (TwDesignPage           *self,
                                              const char             *base,
                                              const char             *text);
/* The sizes the card and face previews draw at: the Print view's card and
 * tile sizes and bleed. */
void          tw_design_page_set_print_sizes (TwDesignPage           *self,
                                              const TwExportSettings *settings);

G_END_DECLS
