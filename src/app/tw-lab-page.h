/* tw-lab-page.h: the Lab view: batch playtests by bots, results as charts
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_LAB_PAGE (tw_lab_page_get_type ())

G_DECLARE_FINAL_TYPE (TwLabPage, tw_lab_page, TW, LAB_PAGE, AdwBin)

/* The definition the games are played on, or NULL; cancels a run. */
void     tw_lab_page_set_definition (TwLabPage    *self,
                                     TwDefinition *definition);
/* Where the form's games, seed, threads and bots are kept from one run
 * to the next start (NULL: nowhere); restores them into the form. */
void     tw_lab_page_set_settings   (TwLabPage    *self,
                                     GSettings    *settings);
/* Opens a saved run (.twlab) with the definition it carries. */
gboolean tw_lab_page_open_run       (TwLabPage    *self,
                                     GFile        *file);

G_END_DECLS
