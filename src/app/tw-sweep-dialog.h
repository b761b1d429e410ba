/* tw-sweep-dialog.h: the Lab's Sweep…, every metric against one value
 *
 * The designer picks what varies (the number of players, an option of the
 * rules module, a card's points or a tile's copies) and its values; each
 * value plays the same games (the same seeds) with the Lab's players and
 * bots, off the main thread, one value after another. As each value ends,
 * a chart per metric grows a bar for it: win share and mean score per seat,
 * game length, ties, final margin, lead changes, when the game was decided,
 * comebacks, how games end, legal moves a decision and forced moves, each
 * with its 95% interval; under them, per value, the three components whose
 * users' win share differs most from the others'. It is `tilewright-cli
 * simulate --sweep --impact` over one axis, drawn.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-bot.h"
#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_SWEEP_DIALOG (tw_sweep_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TwSweepDialog, tw_sweep_dialog, TW, SWEEP_DIALOG, AdwWindow)

/* A dialog over @parent for @definition played by @n_players with @bots
 * (TW_MAX_PLAYERS of them: a sweep over the seat count seats them all) and
 * the options @options, on @jobs threads. */
GtkWidget *tw_sweep_dialog_new (GtkWindow       *parent,
                                TwDefinition    *definition,
                                guint            n_players,
                                const TwBotSpec *bots,
                                const TwOptions *options,
                                guint            jobs);

/* Writes the shown values' figures to @path as `simulate --sweep --format
 * csv` does (tw_sweep_csv()); FALSE with @error when there are none or the
 * file cannot be written. */
gboolean   tw_sweep_dialog_export_csv (TwSweepDialog  *self,
                                       const char     *path,
                                       GError        **error);

G_END_DECLS
