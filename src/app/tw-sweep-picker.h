/* tw-sweep-picker.h: the rows where a designer picks what varies, and over
 * which values
 *
 * Balance… and Sweep… both ask "what may change?": an option of the rules
 * module, a card's points or a tile's copies (a number of the definition at
 * a path, tw-sweep.h) and, for a sweep, the number of players. The picker
 * builds the two rows that ask it (a combo row of what varies, a row of the
 * first and last value for whole numbers) and gives the choice as a sweep
 * axis ("NAME=LO..HI", "NAME=V1,V2,…"), so both dialogs hand the same text to
 * the core.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_SWEEP_PICKER (tw_sweep_picker_get_type ())

G_DECLARE_FINAL_TYPE (TwSweepPicker, tw_sweep_picker, TW, SWEEP_PICKER, GObject)

/* Rows for @definition with @options (whose integer values centre the
 * ranges), titled @title ("_Change"). With @n_players > 0 the seat count is
 * offered first, around @n_players. With @none_label ("Nothing") the list
 * starts with it, for a choice that may be left out. At most @max_values
 * values are accepted. ::changed is emitted when the choice changes. */
TwSweepPicker *tw_sweep_picker_new            (TwDefinition     *definition,
                                               const TwOptions  *options,
                                               const char       *title,
                                               const char       *none_label,
                                               guint             n_players,
                                               guint             max_values);
GtkWidget     *tw_sweep_picker_get_change_row (TwSweepPicker    *self);
GtkWidget     *tw_sweep_picker_get_range_row  (TwSweepPicker    *self);
/* Whether something is chosen (a definition without options, cards or
 * tiles, and no seat count offered, has nothing to choose; the optional
 * "Nothing" is no choice). */
gboolean       tw_sweep_picker_has_choice     (TwSweepPicker    *self);
/* The choice as a sweep axis, or NULL with a sentence for the user in
 * @problem (values out of order, too many). */
char          *tw_sweep_picker_axis           (TwSweepPicker    *self,
                                               char            **problem);
/* What the choice is called in the form: "Goals with 2 players", "Points
 * of Red Five", "Players". */
char          *tw_sweep_picker_label          (TwSweepPicker    *self);

G_END_DECLS
