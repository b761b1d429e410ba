/* tw-score-breakdown.h: a finished game's scores by rule, as widgets
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tw-game.h"

G_BEGIN_DECLS

/* One block per seat, in the order of @rank (the ranking), each a heading
 * ("Player 1 — 14 points") over a boxed list of the terms of
 * tw_result_terms(): the rule in words and its points. Generic over the
 * rules modules. @names: one display name per seat. */
GtkWidget *tw_score_breakdown_new (const TwGame       *game,
                                   const TwState      *state,
                                   const char * const *names);

G_END_DECLS
