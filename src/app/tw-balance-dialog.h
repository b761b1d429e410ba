/* tw-balance-dialog.h: the Lab's Balance…, a search for a fairer value
 *
 * The designer picks what may change (an option of the rules module, a
 * card's points or a tile's copies, and optionally a second one: a grid),
 * over which values, and what to reach: the first seat's advantage near
 * zero, or games of a length. The dialog searches the values (tw-tune.h) with the
 * Lab's players and bots, off the main thread, round by round, and shows
 * the best value with its measured figure and interval. "Apply" asks for
 * the definition's text with that value (::apply); the Lab passes it to
 * the Design view, which makes it one undoable edit.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-bot.h"
#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_BALANCE_DIALOG (tw_balance_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TwBalanceDialog, tw_balance_dialog, TW, BALANCE_DIALOG, AdwWindow)

/* A dialog over @parent for @definition played by @n_players with @bots
 * (one per seat) and the options @options, on @jobs threads. */
GtkWidget *tw_balance_dialog_new (GtkWindow       *parent,
                                  TwDefinition    *definition,
                                  guint            n_players,
                                  const TwBotSpec *bots,
                                  const TwOptions *options,
                                  guint            jobs);

G_END_DECLS
