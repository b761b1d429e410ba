/* tw-new-game-dialog.h: who plays, which seed, which variant
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-record.h"

G_BEGIN_DECLS

#define TW_TYPE_NEW_GAME_DIALOG (tw_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TwNewGameDialog, tw_new_game_dialog, TW, NEW_GAME_DIALOG, AdwWindow)

TwNewGameDialog *tw_new_game_dialog_new           (GtkWindow        *parent,
                                                   TwDefinition     *definition);
TwRecord        *tw_new_game_dialog_create_record (TwNewGameDialog  *self,
                                                   GError          **error);

G_END_DECLS
