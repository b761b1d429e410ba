/* tw-design-page-private.h: what the files of the Design view share
 *
 * TwDesignPage is one class in several files, as GNOME Text Editor's page
 * is: tw-design-page.c (showing the document, tw-definition-document.h, and
 * editing it; the GObject), tw-design-page-check.c (the document's problems
 * as marks and a list),
 * tw-design-page-forms.c (the variant form, the card editor),
 * tw-design-page-tiles.c (the tile set editor) and tw-design-page-actions.c
 * (the page's actions). The instance struct is here so each can reach the
 * fields it works on; nothing outside those files includes this header.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "tw-card-editor.h"
#include "tw-definition-document.h"
#include "tw-design-edit.h"
#include "tw-design-page.h"
#include "tw-face-editor.h"
#include "tw-rules.h"
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
  GtkBox           *variant_box;
  GtkLabel         *form_hint;
  GtkLabel         *totals_label;
  GtkFlowBox       *pattern_flow;
  GtkFlowBox       *tile_flow;
  GtkBox           *tiles_page;
  GtkBox           *tile_editor;
  GtkLabel         *tile_title;
  GtkDrawingArea   *tile_large;
  GtkGrid          *edge_grid;
  TwCardEditor     *card_editor;
  TwFaceEditor     *face_editor;

  /* Owned */
  TwDefinitionDocument *document;   /* the text, its file, checks, autosave */
  char             *selected_tile;
  char             *selected_before; /* the selection before an Add or Duplicate, for its undo */
  TwDefinition     *game_definition; /* a saved game's, to show when the page is shown */
  GFile            *game_file;       /* the file holding its text, or NULL: untitled */
  TwDefinition     *asked_definition; /* the same while the designer is asked about their edits */
  GFile            *asked_file;
  GtkNativeDialog  *chooser;

  /* Borrowed */
  GtkSourceBuffer  *buffer;         /* the document's */
  TwVariantForm    *variant_form;   /* in variant_box */
  GtkWidget        *edge_buttons[4];
  GtkSpinButton    *count_spin;
  GtkWidget        *join_buttons[4];
  GtkWidget        *split_buttons[4];
  GtkLabel         *sections_label;

  guint             scroll_tick;
  guint             pending_idle;
  GQueue            pending;        /* of PendingEdit, applied from an idle */
  gboolean          updating;       /* the forms are being set from the text */
};

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
void      _tw_design_page_queue_edit              (TwDesignPage *self,
                                                   const char   *section,
                                                   const char   *id,
                                                   const char   *key,
                                                   const char   *value);

/* tw-design-page-check.c */
void      _tw_design_page_check_init              (TwDesignPage *self);
void      _tw_design_page_check_now               (TwDesignPage *self);
void      _tw_design_page_show_checking           (TwDesignPage *self);

/* tw-design-page-forms.c */
void      _tw_design_page_forms_init              (TwDesignPage *self);
void      _tw_design_page_refresh_forms           (TwDesignPage *self);

/* tw-design-page-tiles.c */
void      _tw_design_page_tiles_init              (TwDesignPage *self);
void      _tw_design_page_refresh_tiles           (TwDesignPage *self);
void      _tw_design_page_rewrite_item_key        (TwDesignPage *self,
                                                   const char   *section,
                                                   const char   *id,
                                                   const char   *key,
                                                   const char   *value);
void      _tw_design_page_sections_action         (GtkWidget  *widget,
                                                   const char *action_name,
                                                   GVariant   *parameter);
void      _tw_design_page_tile_op_action          (GtkWidget  *widget,
                                                   const char *action_name,
                                                   GVariant   *parameter);
void      _tw_design_page_update_tile_actions     (TwDesignPage *self);
void      _tw_design_page_update_tile_editor      (TwDesignPage *self);

/* tw-design-page-actions.c */
void      _tw_design_page_class_actions_init      (GtkWidgetClass *widget_class);
void      _tw_design_page_update_actions          (TwDesignPage *self);

G_END_DECLS
