/* tw-recovery.h: offering back the game of a session that did not end well
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-window.h"

G_BEGIN_DECLS

void  tw_recovery_watch       (TwWindow *window);
void  tw_recovery_mark_clean  (void);

G_END_DECLS
