/* tw-definition-document.h: a definition being edited, apart from any view
 *
 * The document owns the text (a GtkSourceBuffer: the file, byte for byte),
 * the file it belongs to, the checks made as it changes (debounced; in a
 * thread when the text is large), their diagnostics, the autosave of
 * unsaved edits (tw-autosave.h), the `definition` property: the last
 * text that loaded without error, and a quick bot playtest of it
 * (tw-quick-playtest.h). The Design view shows and edits it; the
 * window and the other views follow its `definition`.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <gtksourceview/gtksource.h>

#include "tw-definition.h"
#include "tw-node.h"
#include "tw-quick-playtest.h"

G_BEGIN_DECLS

#define TW_TYPE_DEFINITION (tw_definition_get_type ())
GType tw_definition_get_type (void) G_GNUC_CONST;

#define TW_TYPE_DEFINITION_DOCUMENT (tw_definition_document_get_type ())

G_DECLARE_FINAL_TYPE (TwDefinitionDocument, tw_definition_document, TW, DEFINITION_DOCUMENT,
                      GObject)

TwDefinitionDocument *tw_definition_document_new             (void);
GtkSourceBuffer      *tw_definition_document_get_buffer      (TwDefinitionDocument *self);
GFile                *tw_definition_document_get_file        (TwDefinitionDocument *self);
void                  tw_definition_document_set_file        (TwDefinitionDocument *self,
                                                              GFile                *file);
/* The file's name, or "untitled.yaml". */
char                 *tw_definition_document_dup_name        (TwDefinitionDocument *self);
char                 *tw_definition_document_dup_text        (TwDefinitionDocument *self);
/* The text as it is now, parsed (tw-node.h) for a span edit; NULL when it
 * is not YAML. */
TwNode               *tw_definition_document_parse_text      (TwDefinitionDocument  *self,
                                                              char                 **text_out);
gboolean              tw_definition_document_get_modified    (TwDefinitionDocument *self);
/* The last text that loaded without error, or NULL. */
TwDefinition         *tw_definition_document_get_definition  (TwDefinitionDocument *self);
/* The last check's problems (NULL before the first, or for a text loaded
 * as already checked), and how many are errors. */
TwDiagnostics        *tw_definition_document_get_diagnostics (TwDefinitionDocument *self);
guint                 tw_definition_document_get_n_errors    (TwDefinitionDocument *self);
const char           *tw_definition_document_get_syntax_error (TwDefinitionDocument *self);
/* Whether the text as it is now has been checked. */
gboolean              tw_definition_document_get_checked     (TwDefinitionDocument *self);
/* Bot games of the last definition that loaded: can it score at all? */
TwQuickPlaytest      *tw_definition_document_get_playtest    (TwDefinitionDocument *self);

/* @definition's text, read from @file (NULL: untitled), as already checked:
 * unmodified, no undo history. */
void                  tw_definition_document_load            (TwDefinitionDocument *self,
                                                              GFile                *file,
                                                              TwDefinition         *definition);
/* @text read from @file (NULL: untitled), unmodified, checked now. */
void                  tw_definition_document_set_text        (TwDefinitionDocument *self,
                                                              GFile                *file,
                                                              const char           *text);
/* @text as the unsaved edits of @file: modified, checked and autosaved now. */
void                  tw_definition_document_restore         (TwDefinitionDocument *self,
                                                              GFile                *file,
                                                              const char           *text);
/* Checks the text now instead of after the pause. */
void                  tw_definition_document_check_now       (TwDefinitionDocument *self);
/* The edits were given up: nothing to recover. */
void                  tw_definition_document_discard_autosave (TwDefinitionDocument *self);

G_END_DECLS
