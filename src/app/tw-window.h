/* tw-window.h: the studio's main window, one per open game
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-design-page.h"
#include "tw-record.h"

G_BEGIN_DECLS

#define TW_TYPE_WINDOW (tw_window_get_type ())

G_DECLARE_FINAL_TYPE (TwWindow, tw_window, TW, WINDOW, AdwApplicationWindow)

TwWindow   *tw_window_new             (GtkApplication *application,
                                       GSettings      *settings);
/* Loads a game definition into the window. A file that cannot be read or has
 * problems is reported in the window (every diagnostic, with file:line:column);
 * returns whether the game was loaded. */
gboolean    tw_window_open_file       (TwWindow      *self,
                                       GFile         *file);
/* Loads a saved game (a record) and shows it in the Play view. */
gboolean    tw_window_open_game       (TwWindow      *self,
                                       GFile         *file);
void        tw_window_restore_game    (TwWindow      *self,
                                       TwRecord      *record);
/* The window's Design view. */
TwDesignPage *tw_window_get_design_page (TwWindow   *self);
/* The view shown: "design", "play", "lab" or "print". */
const char *tw_window_get_visible_view (TwWindow     *self);
void        tw_window_set_visible_view (TwWindow     *self,
                                        const char   *name);

G_END_DECLS
