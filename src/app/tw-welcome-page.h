/* tw-welcome-page.h: what a window shows before anything is open: the
 * bundled games with a picture of each, Open, and the recent definitions
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TW_TYPE_WELCOME_PAGE (tw_welcome_page_get_type ())

G_DECLARE_FINAL_TYPE (TwWelcomePage, tw_welcome_page, TW, WELCOME_PAGE, AdwBin)

/* The settings whose "recent-files" the page lists (and follows). */
void tw_welcome_page_set_settings (TwWelcomePage *self,
                                   GSettings     *settings);

G_END_DECLS
