/* tw-board-view.h: a game's position, drawn by its renderer, played by pointer or keys
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tw-game-model.h"

G_BEGIN_DECLS

#define TW_TYPE_BOARD_VIEW (tw_board_view_get_type ())

G_DECLARE_FINAL_TYPE (TwBoardView, tw_board_view, TW, BOARD_VIEW, GtkWidget)

GtkWidget   *tw_board_view_new               (void);
void         tw_board_view_set_model         (TwBoardView  *self,
                                              TwGameModel  *model);
TwGameModel *tw_board_view_get_model         (TwBoardView  *self);
void         tw_board_view_set_show_targets  (TwBoardView  *self,
                                              gboolean      show);
gboolean     tw_board_view_get_show_targets  (TwBoardView  *self);

/* Zoom by @factor around the centre; fit the whole position in the view. */
void         tw_board_view_zoom              (TwBoardView  *self,
                                              double        factor);
void         tw_board_view_fit               (TwBoardView  *self);

/* Keyboard play: select the next (@step 1) or previous (-1) target region,
 * turn the selection to the next variant in its region, play it. */
void         tw_board_view_select_target     (TwBoardView  *self,
                                              int           step);
void         tw_board_view_cycle_variant     (TwBoardView  *self,
                                              int           step);
gboolean     tw_board_view_play_selected     (TwBoardView  *self);
/* Selects @move (a legal move with a region), e.g. a suggested one. */
gboolean     tw_board_view_select_move       (TwBoardView  *self,
                                              const TwMove *move);
/* The selected or hovered move, or NULL; valid until the model changes. */
const TwMove *tw_board_view_get_selected_move (TwBoardView *self);
/* The selected or hovered move in notation, or NULL. */
const char  *tw_board_view_get_preview_text  (TwBoardView  *self);

G_END_DECLS
