/* tw-board-view-private.h: what the files of the board view share
 *
 * TwBoardView is one class in two files: tw-board-view.c (the GObject, the
 * regions of the legal moves, the drawing, the selection and playing) and
 * tw-board-view-input.c (the pointer, drag, scroll and key controllers). The
 * instance struct is here so each can reach the fields it works on; nothing
 * outside those files includes this header.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tw-board-view.h"
#include "tw-renderer.h"

G_BEGIN_DECLS

typedef struct
{
  TwRect rect;
  guint  first;   /* into members */
  guint  count;
} Region;

struct _TwBoardView
{
  GtkWidget         parent_instance;

  /* Owned */
  TwGameModel      *model;
  GArray           *regions;       /* Region */
  guint            *members;       /* legal move indices grouped by region */
  TwState          *last_state;    /* the state before the current node's move */
  TwMove            last_move;
  GStrv             seat_names;
  char             *preview_text;

  /* Borrowed */
  const TwRenderer *renderer;

  TwLayout          layout;
  double            scale;
  double            off_x;
  double            off_y;
  gboolean          fit_mode;
  int               fit_width;     /* the widget size the scale was fitted to */
  int               fit_height;
  double            aspect;         /* the widget's width / height the layout follows, 0: none yet */
  gboolean          show_targets;

  int               sel_region;     /* -1: none */
  guint             sel_variant;
  gboolean          sel_keyboard;   /* chosen with keys, not under the pointer */
  double            pointer_x;
  double            pointer_y;
  gboolean          pointer_in;

  /* panning (middle button) */
  double            pan_off_x;
  double            pan_off_y;
  gboolean          panning;

  /* placing (primary button): a press that moved past DRAG_SLOP */
  gboolean          dragging;
  gboolean          drag_cancelled;
  /* the component each legal move takes (the renderer's move_source()) */
  TwRect           *sources;
  gboolean         *has_source;
  /* the component picked up (by a click, or by a drag that started on it) */
  gboolean          held;
  gboolean          held_by_drag;
  TwRect            held_rect;
};


/* tw-board-view.c */
void      _tw_board_view_hover               (TwBoardView  *self);
gboolean  _tw_board_view_play_move           (TwBoardView  *self,
                                              const TwMove *move);
void      _tw_board_view_play_at             (TwBoardView  *self,
                                              double        x,
                                              double        y);
int       _tw_board_view_region_at           (TwBoardView  *self,
                                              double        wx,
                                              double        wy);
gboolean  _tw_board_view_same_source         (TwBoardView  *self,
                                              guint         i,
                                              guint         j);
void      _tw_board_view_set_held            (TwBoardView  *self,
                                              const TwRect *rect,
                                              gboolean      by_drag);
void      _tw_board_view_update_preview_text (TwBoardView  *self);
void      _tw_board_view_zoom_at             (TwBoardView  *self,
                                              double        factor,
                                              double        wx,
                                              double        y);

/* tw-board-view-input.c */
void      _tw_board_view_input_init          (TwBoardView  *self);

G_END_DECLS
