/* tw-quick-playtest.h: can the definition being edited score at all?
 *
 * After every edit that loads, the definition document (tw-definition-
 * document.h) starts a quick playtest of the new definition: bot games on a
 * worker thread (tw_sim_quick_playtest(), tw-sim.h) at the definition's
 * fewest players, deterministic, stopped at the first game with a score.
 * When none of them scores, `warning` says so in plain words, and the
 * Design view lists it with the text's problems; a later playtest that
 * finds a score clears it. A new start or cancel() drops the run under way:
 * what it would have found is never shown.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_QUICK_PLAYTEST (tw_quick_playtest_get_type ())

G_DECLARE_FINAL_TYPE (TwQuickPlaytest, tw_quick_playtest, TW, QUICK_PLAYTEST, GObject)

TwQuickPlaytest *tw_quick_playtest_new          (void);
/* Plays @definition's quick playtest in a thread, in place of any under
 * way; the warning stays as it is until this one ends. */
void             tw_quick_playtest_start        (TwQuickPlaytest *self,
                                                 TwDefinition    *definition);
/* Stops the playtest under way, if any; its result is dropped. */
void             tw_quick_playtest_cancel       (TwQuickPlaytest *self);
gboolean         tw_quick_playtest_get_running  (TwQuickPlaytest *self);
/* What the last playtest that ended found wrong, or NULL. */
const char      *tw_quick_playtest_get_warning  (TwQuickPlaytest *self);

G_END_DECLS
