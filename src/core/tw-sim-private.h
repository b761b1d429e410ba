/* tw-sim-private.h: what the files of the simulation share (tw-sim.c the
 * runner and arms, tw-sim-stats.c, tw-sim-json.c, tw-sim-csv.c, tw-lab-file.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-json.h"
#include "tw-sim.h"

G_BEGIN_DECLS

/* Equal lists, NULL only equal to NULL. */
gboolean         tw_sim_strv_equal          (char          **a,
                                             char          **b);
/* GCompareFunc of TwSimGame by index. */
int              tw_sim_compare_game_index  (gconstpointer   a,
                                             gconstpointer   b);
/* One item of a results document's "arms": its configuration and games.
 * The error (TW_SIM_ERROR_PARSE) names the arm and the member, no position.
 * With @spans (tw_json_cut_items()), "games" holds placeholders and the
 * games are read from @text at @spans, a batch at a time. */
gboolean         tw_sim_arm_from_json       (JsonNode       *object,
                                             guint           arm_index,
                                             const char     *text,
                                             GArray         *spans,
                                             TwSimArm      **out,
                                             GError        **error);

G_END_DECLS
