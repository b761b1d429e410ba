/* cs-score.c: Color Shift's score by rule
 *
 * Completed colour areas score 1 point per tile for each standing meeple in
 * them, during the game; at the very end each standing meeple in an
 * unfinished area scores 1 point for every 2 tiles (rulebook, Scoring and
 * End of the game). Most points wins; a tie is shared (no tie-break given).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-private.h"
#include "tw-result.h"

void
cs_score_terms (const TwGame  *game,
                const TwState *state,
                guint          seat,
                GArray        *terms)
{
  const CsState *s = (const CsState *) state;

  /* Translators: a score's part in Color Shift */
  tw_score_terms_add (terms, g_strdup (_("Completed colour areas: 1 point per tile for each "
                                         "meeple")), s->score[seat]);
  /* Translators: a score's part in Color Shift, counted when the game ends */
  tw_score_terms_add (terms, g_strdup (_("Unfinished areas at the end: 1 point per 2 tiles for "
                                         "each standing meeple")), s->end_points[seat]);
}
