/* tw-impact-table.h: the per-component figures of a Lab run as a table
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-sim.h"

G_BEGIN_DECLS

#define TW_TYPE_IMPACT_TABLE (tw_impact_table_get_type ())

G_DECLARE_FINAL_TYPE (TwImpactTable, tw_impact_table, TW, IMPACT_TABLE, AdwBin)

GtkWidget  *tw_impact_table_new       (void);
/* Shows the components of @arm (NULL, or an arm without the figures: none). */
void        tw_impact_table_set_arm   (TwImpactTable  *self,
                                       const TwSimArm *arm);
/* The rows as shown (sorted), a GListModel of objects with the properties
 * "id", "appeared", "uses", "users", "others", "diff" and "significant". */
GListModel *tw_impact_table_get_model (TwImpactTable  *self);
GtkColumnView *tw_impact_table_get_view (TwImpactTable *self);

G_END_DECLS
