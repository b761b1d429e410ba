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
 * turn the selected component to its next variant in the region (R), play
 * it. The "holding" property is TRUE while a component is picked up. */
void         tw_board_view_select_target     (TwBoardView  *self,
                                              int           step);
void         tw_board_view_cycle_variant     (TwBoardView  *self,
                                              int           step);
/* The next (@step 1) or previous (-1) component that can land on the
 * selected region (another piece, the other meeple): A and Shift+A. */
void         tw_board_view_cycle_alternative (TwBoardView  *self,
                                              int           step);
/* How many ways to turn the component shown there are, and how many
 * components can land on the selected region (0 and 0 without one). */
void         tw_board_view_get_choices       (TwBoardView  *self,
                                              guint        *n_turns,
                                              guint        *n_alternatives);
/* The arrow keys: the nearest target region in that direction. */
void         tw_board_view_move_cursor       (TwBoardView  *self,
                                              int           dx,
                                              int           dy);
gboolean     tw_board_view_play_selected     (TwBoardView  *self);
/* Selects @move (a legal move with a region), e.g. a suggested one. */
gboolean     tw_board_view_select_move       (TwBoardView  *self,
                                              const TwMove *move);
/* The selected or hovered move, or NULL; valid until the model changes. */
const TwMove *tw_board_view_get_selected_move (TwBoardView *self);
/* Whether a component of a tray or hand is picked up. */
gboolean     tw_board_view_get_holding       (TwBoardView  *self);
/* The selected or hovered move in notation, or NULL. */
const char  *tw_board_view_get_preview_text  (TwBoardView  *self);

G_END_DECLS
