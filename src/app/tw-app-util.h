/* tw-app-util.h: dialog plumbing the studio's views share
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef void (*TwAppContinue) (gpointer user_data);

void tw_app_confirm_discard (GtkWidget      *for_widget,
                             const char     *heading,
                             const char     *body,
                             TwAppContinue   next,
                             gpointer        user_data,
                             GDestroyNotify  destroy);

G_END_DECLS
