/* tw-autosave.h: one autosave service for every kind of unsaved work
 *
 * A game at the table and a definition being edited both keep what the user
 * has not saved in a file of their own, for recovery after a crash. Both go
 * through TwAutosave, which owns the rules every such file follows:
 *
 * - debounced: tw_autosave_changed() arms a timer once; whatever changes
 *   come before it fires go out in one write, and a steady stream of
 *   changes is still written every @delay_ms;
 * - off the main thread: the owner's snapshot (the bytes to keep) is taken
 *   on the main thread when the timer fires, so the file holds what was on
 *   screen then; the write and its fsync run on one worker thread shared by
 *   the whole process, so a slow disk never stalls a window;
 * - atomic: written through tw_file_save_with_mode() (tw-file.h), mode 0600
 *   in a folder made 0700, so a crash mid-write leaves the last autosave
 *   whole;
 * - newest write wins: each write or removal takes a generation number when
 *   its snapshot is taken; one of a file is skipped when a newer one of the
 *   same file is queued or has landed, whichever autosave (two owners may
 *   share a file while one replaces the other) and whatever the thread
 *   (tw_autosave_flush() writes on the calling thread).
 *
 * A failure is logged every time ("Could not autosave WHAT: REASON") and
 * told to the owner (@failed, on the main thread) once, then not again
 * until a write succeeds, so that a full disk does not raise one message
 * per move.
 *
 * GLib only: the timer and the callbacks run on the thread-default main
 * context of the thread that created the autosave.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TwAutosave TwAutosave;

/* The bytes to keep, taken on the owner's thread. NULL with @error unset:
 * nothing needs keeping, the file is removed. NULL with @error set: the
 * snapshot failed (told like a failed write). */
typedef GBytes *(*TwAutosaveSnapshot) (gpointer   user_data,
                                       GError   **error);
/* A write or a snapshot failed, the first time since the last success. */
typedef void    (*TwAutosaveFailed)   (gpointer       user_data,
                                       const GError  *error);

TwAutosave *tw_autosave_new           (const char         *what,
                                       guint               delay_ms,
                                       TwAutosaveSnapshot  snapshot,
                                       TwAutosaveFailed    failed,
                                       gpointer            user_data);
/* Stops the timer (nothing more is written for the owner; flush first to
 * keep a pending change) and lets queued writes finish on their own. */
void        tw_autosave_free          (TwAutosave         *self);

/* The file; NULL (the default) writes nothing. A change pending for the
 * previous file is written to it first. */
void        tw_autosave_set_path      (TwAutosave         *self,
                                       const char         *path);
const char *tw_autosave_get_path      (TwAutosave         *self);

/* Something changed: written (a snapshot taken) within the delay. */
void        tw_autosave_changed       (TwAutosave         *self);
/* Whether a change is waiting for its timer. */
gboolean    tw_autosave_is_pending    (TwAutosave         *self);
/* Takes the snapshot and writes it on this thread now; when this returns,
 * the file holds it (or the failure was told). */
void        tw_autosave_flush         (TwAutosave         *self);
/* Nothing to keep any more: the pending change is dropped and the file is
 * removed (queued after the writes before it). */
void        tw_autosave_remove        (TwAutosave         *self);
/* Snapshots taken for writing since the autosave was made. */
guint       tw_autosave_get_n_writes  (TwAutosave         *self);
/* Blocks until the process's queued writes and removals are done (for
 * tests and for the end of the process). */
void        tw_autosave_wait_all      (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwAutosave, tw_autosave_free)

G_END_DECLS
