/* tw-play-page.h: the Play view: the table, the move list and the controls
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-game-model.h"

G_BEGIN_DECLS

#define TW_TYPE_PLAY_PAGE (tw_play_page_get_type ())

G_DECLARE_FINAL_TYPE (TwPlayPage, tw_play_page, TW, PLAY_PAGE, AdwBin)

/* The game shown, or NULL for the "start a game" page. */
void         tw_play_page_set_model (TwPlayPage  *self,
                                     TwGameModel *model);
TwGameModel *tw_play_page_get_model (TwPlayPage  *self);
/* The definition open in the window, or NULL: the "start a game" page
 * names it, with its description and player counts. The `definition`
 * property, which the window binds to its document's. */
void         tw_play_page_set_definition (TwPlayPage   *self,
                                          TwDefinition *definition);

G_END_DECLS
