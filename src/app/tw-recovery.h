/* tw-recovery.h: what a session that did not end well left to restore
 *
 * Reports only: the application asks the user and restores.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tw-record.h"

G_BEGIN_DECLS

/* The game at the table: one autosave for every window. */
char     *tw_recovery_game_autosave_path     (void);
char     *tw_recovery_game_checksum          (void);
void      tw_recovery_mark_clean             (void);
TwRecord *tw_recovery_lost_game              (void);
TwRecord *tw_recovery_load_game              (GError     **error);

/* The Design view's autosave: each page writes its unsaved text, with the
 * file it belongs to, to its own file in this process's part of the area. */
char     *tw_recovery_design_autosave_path   (void);
/* The contents of such a file for @text read from @file (NULL: untitled). */
GBytes   *tw_recovery_design_autosave_pack   (GFile       *file,
                                              const char  *text);
/* Reads one back: FALSE when it is not one. @uri is "" for an untitled text. */
gboolean  tw_recovery_design_autosave_unpack (GBytes      *bytes,
                                              char       **uri,
                                              char       **text,
                                              GError     **error);
char     *tw_recovery_lost_definition        (void);
gboolean  tw_recovery_read_definition        (const char  *path,
                                              GFile      **file,
                                              char       **text,
                                              GError     **error);
void      tw_recovery_remove_definition      (const char  *path);

G_END_DECLS
