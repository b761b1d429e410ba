/* tw-design-page-private.h: what the files of the Design view share
 *
 * TwDesignPage is one class in several files, as GNOME Text Editor's page
 * is: tw-design-page.c (showing the document, tw-definition-document.h, and
 * editing it; the GObject), tw-design-page-check.c (the document's problems
 * as marks and a list),
 * tw-design-page-forms.c (the variant form; the card, face and tile set
 * editors, each a widget of its own, connected to the page) and
 * tw-design-page-actions.c (the page's actions). The instance struct is here so each can reach the
 * fields it works on; nothing outside those files includes this header.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "tw-app-util.h"
#include "tw-card-editor.h"
#include "tw-definition-document.h"
#include "tw-design-edit.h"
#include "tw-design-page.h"
#include "tw-face-editor.h"
#include "tw-rules.h"
#include "tw-tile-set-editor.h"
#include "tw-variant-form.h"

G_BEGIN_DECLS

struct _TwDesignPage
{
  AdwBin            parent_instance;

  /* Template widgets */
  GtkMenuButton    *new_button;
  GtkLabel         *status_label;
  GtkSourceView    *source_view;
  GtkLabel         *problems_label;
  GtkListBox       *problems_list;
  GtkStack         *editor_stack;
  GtkLabel         *forms_off_label;
  GtkBox           *variant_box;
  GtkLabel         *form_hint;
  TwTileSetEditor  *tile_set_editor;
  TwCardEditor     *card_editor;
  TwFaceEditor     *face_editor;

  /* Owned */
  TwDefinitionDocument *document;   /* the text, its file, checks, autosave */
  TwDefinition     *game_definition; /* a saved game's, to show when the page is shown */
  GFile            *game_file;       /* the file holding its text, or NULL: untitled */
  TwDefinition     *asked_definition; /* the same while the designer is asked about their edits */
  GFile            *asked_file;
  GtkNativeDialog  *chooser;

  /* Borrowed */
  GtkSourceBuffer  *buffer;         /* the document's */
  TwVariantForm    *variant_form;   /* in variant_box */
  GtkWidget        *playtest_row;   /* the quick playtest's warning in problems_list, or NULL */

  guint             scroll_tick;
  TwPendingEdits    pending;        /* variant options: name and value */
};

/* What a form says when the text it would edit is not YAML */
#define FIX_SYNTAX_FIRST N_("Fix the YAML syntax in the text first")

/* tw-design-page.c */
void      _tw_design_page_apply_edit              (TwDesignPage       *self,
                                                   const char         *text,
                                                   const TwDesignEdit *edit);
void      _tw_design_page_discarded               (gpointer data);
gboolean  _tw_design_page_load_file               (TwDesignPage *self,
                                                   GFile        *file,
                                                   gboolean      as_template);
void      _tw_design_page_notify_user             (TwDesignPage *self,
                                                   const char   *message);
TwNode   *_tw_design_page_parse_current           (TwDesignPage  *self,
                                                   char         **text_out);
void      _tw_design_page_queue_option            (TwDesignPage *self,
                                                   const char   *name,
                                                   const char   *value);

/* tw-design-page-check.c */
void      _tw_design_page_check_init              (TwDesignPage *self);
void      _tw_design_page_check_now               (TwDesignPage *self);
void      _tw_design_page_show_checking           (TwDesignPage *self);

/* tw-design-page-forms.c */
void      _tw_design_page_forms_init              (TwDesignPage *self);
void      _tw_design_page_refresh_forms           (TwDesignPage *self);

/* tw-design-page-actions.c */
void      _tw_design_page_class_actions_init      (GtkWidgetClass *widget_class);
void      _tw_design_page_update_actions          (TwDesignPage *self);

G_END_DECLS
