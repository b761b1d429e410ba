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

/* What a seat has beside the board: the meeples left in its supply, and
 * the tiles in its hand, named to the seat itself and counted to anyone
 * else (cs_observe() deals the other hands again). */
void
cs_describe_seat (const TwGame  *game,
                  const TwState *state,
                  guint          seat,
                  int            viewer,
                  GString       *out)
{
  const CsState *s = (const CsState *) state;
  guint n_meeples = (guint) cs_opt (game, CS_OPT_MEEPLES), in_supply = 0;
  guint n_hand = s->hand_len[seat];
  const char *tiles[CS_MAX_HAND];
  gsize start = out->len;

  for (guint k = 0; k < n_meeples; k++)
    in_supply += s->meeple[seat][k].tile == CS_NONE;
  if (in_supply == 0)
    /* Translators: in what a seat holds, for screen readers */
    g_string_append (out, _("no meeple left in the supply"));
  else
    /* Translators: in what a seat holds, for screen readers */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u meeple in the supply",
                                              "%u meeples in the supply", in_supply),
                            in_supply);

  if (n_hand == 0)
    return;
  tw_seat_phrase_part (out, start);
  if (viewer != (int) seat)
    {
      /* Translators: in what a seat holds: tiles in a hand the listener may not see */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u tile in hand",
                                                "%u tiles in hand", n_hand), n_hand);
      return;
    }
  for (guint i = 0; i < n_hand; i++)
    tiles[i] = tw_tile_words (cs_inst_def (game, s->hand[seat][i]));
  tw_seat_phrase_holds (out, tiles, n_hand);
}
