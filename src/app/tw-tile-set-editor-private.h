/* tw-tile-set-editor-private.h: what the files of the tile set editor share
 *
 * TwTileSetEditor is one class in two files: tw-tile-set-editor.c (the
 * GObject, the tile list, the totals and the selected tile's edges, copies
 * and sections) and tw-tile-set-editor-names.c (the tile's name and id
 * popover, and the new name offered when a recolour leaves the name naming a
 * colour the tile no longer has). The instance struct is here so each can
 * reach the fields it works on; nothing outside those files includes this
 * header.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tw-app-util.h"
#include "tw-tile-set-editor.h"

G_BEGIN_DECLS

struct _TwTileSetEditor
{
  AdwBin                parent_instance;

  /* Template widgets */
  GtkLabel             *totals_label;
  GtkFlowBox           *pattern_flow;
  GtkFlowBox           *tile_flow;
  GtkBox               *tile_editor;
  GtkLabel             *tile_title;
  GtkDrawingArea       *tile_large;
  GtkWidget            *edge_buttons[4];   /* N, E, S, W */
  GtkWidget            *join_buttons[4];
  GtkWidget            *color_buttons[4];  /* menus of the definition's colours */
  GtkWidget            *split_buttons[4];
  GtkSpinButton        *count_spin;
  GtkLabel             *sections_label;
  GtkPopover           *names_popover;
  GtkEntry             *name_entry;
  GtkEntry             *id_entry;
  GtkLabel             *names_error;
  GtkWidget            *names_apply;
  GtkRevealer          *rename_revealer;
  GtkLabel             *rename_label;
  GtkButton            *rename_button;

  /* Owned */
  TwDefinitionDocument *document;
  GtkStringList        *tiles;            /* the ids of the definition's tiles */
  char                 *selected_tile;
  char                 *selected_before;  /* the selection before an Add or Duplicate:
                                             the one to go back to when it is undone */
  TwPendingEdits        pending;          /* tile id, key ("edges", "count", "sections"),
                                             YAML value */

  /* the name offered after a recolour: for the tile rename_tile, while its
   * name is still rename_from */
  char                 *rename_tile;
  char                 *rename_from;
  char                 *rename_to;
  gboolean              updating;         /* the controls are being set from the definition */
};

/* tw-tile-set-editor.c */
char            *_tw_tile_set_editor_color_name       (const TwDefinition *def,
                                                       guint               color);
TwDefinition    *_tw_tile_set_editor_definition       (TwTileSetEditor *self);
void             _tw_tile_set_editor_queue_edit       (TwTileSetEditor *self,
                                                       const char      *id,
                                                       const char      *key,
                                                       const char      *value);
const TwTileDef *_tw_tile_set_editor_selected_tile    (TwTileSetEditor *self);

/* tw-tile-set-editor-names.c */
void             _tw_tile_set_editor_clear_rename     (TwTileSetEditor *self);
void             _tw_tile_set_editor_names_class_init (GtkWidgetClass *widget_class);
void             _tw_tile_set_editor_names_init       (TwTileSetEditor *self);
void             _tw_tile_set_editor_offer_rename     (TwTileSetEditor *self,
                                                       const TwTileDef *tile,
                                                       const guint8    *edges,
                                                       guint            from,
                                                       guint            to);

G_END_DECLS
