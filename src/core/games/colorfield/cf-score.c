/* cf-score.c: Colorfield's score by rule
 *
 * Each round the players score their paintings (matched sides, 2-point
 * sides, the specialty colour, unused ability tokens, the Community Tools)
 * and add the round's points to their total; the Nylon Filbert Brush adds
 * points at once for a drawn tile discarded unplayed. The most points after
 * the last round wins; tied players share the victory.
 *
 * The state keeps each round's total, not its items (the canvases of the
 * earlier rounds are cleared), so a round is one term.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cf-private.h"
#include "tw-result.h"

void
cf_score_terms (const TwGame  *game,
                const TwState *state,
                guint          seat,
                GArray        *terms)
{
  const CfState *s = (const CfState *) state;

  for (guint r = 0; r < s->round && r < CF_MAX_ROUNDS; r++)
    /* Translators: a score's part in Colorfield: the painting scored at
     * the end of a round */
    tw_score_terms_add (terms, g_strdup_printf (_("Painting of round %u"), r + 1),
                        s->round_score[r][seat]);
  if (s->bonus[seat] != 0)
    /* Translators: a score's part in Colorfield, from a Community Tool */
    tw_score_terms_add (terms, g_strdup (_("Drawn tiles discarded unplayed (Community Tool)")),
                        s->bonus[seat]);
}
