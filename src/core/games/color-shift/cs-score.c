/* cs-score.c: Color Shift's score by rule
 *
 * Completed colour areas score 1 point per tile for each standing meeple in
 * them, during the game; at the very end each standing meeple in an
 * unfinished area scores 1 point for every 2 tiles (rulebook, Scoring and
 * End of the game). Most points wins; a tie is shared (no tie-break given).
 *
 * A definition may write the end-of-game points itself, as expressions
 * over cs-expr.c's vocabulary (`end-scoring:`); they then replace the C
 * term and the end-rounding option, and the score table names them by
 * their labels. The scoring of completed areas stays C: it happens during
 * play, as an effect of a placement, a move or a shift (cs-rules.c,
 * score_if_complete()), not at the end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-private.h"
#include "tw-result.h"

int
cs_end_points (const TwGame  *game,
               const CsState *s,
               guint          seat,
               int           *terms)
{
  const CsPrep *p = cs_prep (game);
  gboolean up = cs_opt (game, CS_OPT_END_ROUNDING) == 1;
  int total = 0;

  if (p->end_terms.n > 0)
    {
      CsExprEnv env = { game, s, seat };

      return tw_expr_terms_eval (&p->end_terms, &env, terms);
    }
  for (guint k = 0; k < CS_MAX_MEEPLES; k++)
    {
      const CsMeeple *m = &s->meeple[seat][k];
      if (m->tile == CS_NONE || !m->standing)
        continue;
      guint16 root = cs_area_of (p, s, m->tile, m->sec);
      if (CS_OPEN (p, s)[root] == 0)
        continue;   /* completed areas were scored at the end of the turn */
      guint n = cs_area_tiles (game, s, root, NULL);
      total += up ? (int) (n + 1) / 2 : (int) n / 2;
    }
  return total;
}

void
cs_score_terms (const TwGame  *game,
                const TwState *state,
                guint          seat,
                GArray        *terms)
{
  const CsState *s = (const CsState *) state;
  const CsPrep *p = cs_prep (game);
  int points[TW_EXPR_MAX_TERMS] = { 0, };

  /* Translators: a score's part in Color Shift */
  tw_score_terms_add (terms, g_strdup (_("Completed colour areas: 1 point per tile for each "
                                         "meeple")), s->score[seat]);
  if (p->end_terms.n == 0)
    {
      /* Translators: a score's part in Color Shift, counted when the game ends */
      tw_score_terms_add (terms, g_strdup (_("Unfinished areas at the end: 1 point per 2 tiles "
                                             "for each standing meeple")), s->end_points[seat]);
      return;
    }
  /* the designer's labels, every term shown as the C term is; they count
   * when the game ends, so they are 0 before, and at the end they are what
   * finish() added up on this same final position */
  if (s->phase == CS_PHASE_DONE)
    cs_end_points (game, s, seat, points);
  for (guint i = 0; i < p->end_terms.n; i++)
    tw_score_terms_add (terms, g_strdup (p->end_terms.label[i]), points[i]);
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
