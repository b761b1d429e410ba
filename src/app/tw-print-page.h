/* tw-print-page.h: the Print view: sheet settings, a live page preview,
 * export to PDF/SVG/PNG and printing
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-export.h"

#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_PRINT_PAGE (tw_print_page_get_type ())

G_DECLARE_FINAL_TYPE (TwPrintPage, tw_print_page, TW, PRINT_PAGE, AdwBin)

/* The definition whose sheets are shown, or NULL for "no game open": the
 * `definition` property, which the window binds to its document's. */
void tw_print_page_set_definition (TwPrintPage  *self,
                                   TwDefinition *definition);
/* The settings the sheets use, the card and tile sizes and the bleed
 * among them; ::sizes-changed tells a change of those. */
void tw_print_page_get_sizes      (TwPrintPage      *self,
                                   TwExportSettings *settings);

G_END_DECLS
