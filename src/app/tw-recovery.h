/* tw-recovery.h: offering back the game of a session that did not end well
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-window.h"

G_BEGIN_DECLS

void    tw_recovery_watch                   (TwWindow    *window);
void    tw_recovery_mark_clean              (void);

/* The Design view's autosave: each page writes its unsaved text, with the
 * file it belongs to, to its own file in this process's part of the area. */
char   *tw_recovery_design_autosave_path    (void);
/* The contents of such a file for @text read from @file (NULL: untitled). */
GBytes *tw_recovery_design_autosave_pack    (GFile       *file,
                                             const char  *text);
/* Reads one back: FALSE when it is not one. @uri is "" for an untitled text. */
gboolean tw_recovery_design_autosave_unpack (GBytes      *bytes,
                                             char       **uri,
                                             char       **text,
                                             GError     **error);

G_END_DECLS
