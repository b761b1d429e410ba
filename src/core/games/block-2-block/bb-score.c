/* bb-score.c: Block 2 Block's score by rule
 *
 * Rulebook, Scoring: lock a block = its value (1, or its tier for a clean
 * block), +1 for capturing opponent markers on it, investments 1 point each,
 * holdings 1 point each, and the Tier Bonus of every tier won (tier value +
 * 1 per bid + 1 per investment on it; tied winners divide it, rounding up).
 * The final score is the sum; the rulebook gives no tie-break for it.
 *
 * A definition may write the score's terms itself, as expressions over
 * bb-expr.c's vocabulary (`end-scoring:`); they then replace all of these
 * C terms, and the score table names them by their labels. The options
 * keep their say through the vocabulary: a block's `value` is what
 * lock-values and gold-multiplier make it, a tier's `score` and `won` go
 * by tier-score, and `captures` counts as capture-points does. The C terms
 * stay for the bundled definition: their labels are translated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bb-private.h"
#include "tw-result.h"

int
bb_tier_scores (const TwGame  *game,
                const BbState *s,
                guint          k,
                int           *tier_score,
                guint         *tied)
{
  const BbPrep *p = bb_prep (game);
  gboolean by_count = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES;
  int best = 0;

  memset (tier_score, 0, s->n_players * sizeof *tier_score);
  *tied = 0;
  for (guint64 m = p->tier_mask[k] & s->lock; m != 0; m &= m - 1)
    {
      guint t = s->slot_tile[__builtin_ctzll (m)];
      tier_score[s->tile_locker[t]] += by_count ? 1 : (int) bb_lock_value (game, s, t);
    }
  for (guint q = 0; q < s->n_players; q++)
    if (tier_score[q] > best)
      {
        best = tier_score[q];
        *tied = 1;
      }
    else if (tier_score[q] == best && best > 0)
      (*tied)++;
  return best;
}

int
bb_tier_bonus (const TwGame  *game,
               const BbState *s,
               guint          k)
{
  int bonus = (int) bb_prep (game)->tier_value * (int) (k + 1);

  for (guint q = 0; q < s->n_players; q++)
    bonus += s->bids[k][q] + s->inv[k][q];
  return bonus;
}

void
bb_score_parts (const TwGame  *game,
                const BbState *s,
                BbScoreParts  *parts)
{
  const BbPrep *p = bb_prep (game);
  guint n = s->n_players;

  memset (parts, 0, n * sizeof *parts);
  if (p->end_terms.n > 0)
    {
      for (guint q = 0; q < n; q++)
        {
          BbExprEnv env = { game, s, q };

          parts[q].total = tw_expr_terms_eval (&p->end_terms, &env, parts[q].terms);
        }
      return;
    }
  for (guint q = 0; q < n; q++)
    {
      parts[q].captures = s->capture_points[q];
      parts[q].holdings = s->n_holdings[q];
      for (guint k = 0; k < p->n_tiers; k++)
        parts[q].investments += s->inv[k][q];
    }
  for (guint64 m = p->all_slots & s->lock; m != 0; m &= m - 1)
    {
      guint t = s->slot_tile[__builtin_ctzll (m)];
      parts[s->tile_locker[t]].locks += bb_lock_value (game, s, t);
    }
  for (guint k = 0; k < p->n_tiers; k++)
    {
      int tier_score[BB_MAX_PLAYERS];
      guint tied;
      int best = bb_tier_scores (game, s, k, tier_score, &tied);
      int bonus = bb_tier_bonus (game, s, k);

      if (best <= 0)
        continue;   /* nobody locked a tile here: the bonus is not awarded */
      /* a tie: each tied player gets the bonus divided, rounding up */
      for (guint q = 0; q < n; q++)
        if (tier_score[q] == best)
          {
            parts[q].tier_bonus[k] = (bonus + (int) tied - 1) / (int) tied;
            parts[q].tier_shared[k] = tied;
          }
    }
  for (guint q = 0; q < n; q++)
    {
      parts[q].total = parts[q].locks + parts[q].captures + parts[q].investments
                       + parts[q].holdings;
      for (guint k = 0; k < p->n_tiers; k++)
        parts[q].total += parts[q].tier_bonus[k];
    }
}

void
bb_score_terms (const TwGame  *game,
                const TwState *state,
                guint          seat,
                GArray        *terms)
{
  const BbState *s = (const BbState *) state;
  const BbPrep *p = bb_prep (game);
  BbScoreParts parts[BB_MAX_PLAYERS];
  const BbScoreParts *mine = &parts[seat];

  bb_score_parts (game, s, parts);
  if (p->end_terms.n > 0)
    {
      /* the designer's labels, every term shown */
      for (guint i = 0; i < p->end_terms.n; i++)
        tw_score_terms_add (terms, g_strdup (p->end_terms.label[i]), mine->terms[i]);
      return;
    }
  /* Translators: the parts of a score in Block 2 Block, as its rulebook names them */
  tw_score_terms_add (terms, g_strdup (_("Locked blocks")), mine->locks);
  tw_score_terms_add (terms, g_strdup (_("Opponent markers captured")), mine->captures);
  tw_score_terms_add (terms, g_strdup (_("Investments, 1 point each")), mine->investments);
  tw_score_terms_add (terms, g_strdup (_("Holdings, 1 point each")), mine->holdings);
  for (guint k = 0; k < BB_MAX_TIERS; k++)
    if (mine->tier_shared[k] == 1)
      /* Translators: the bonus of a tier the player won alone */
      tw_score_terms_add (terms, g_strdup_printf (_("Tier %u bonus"), k + 1), mine->tier_bonus[k]);
    else if (mine->tier_shared[k] > 1)
      /* Translators: the bonus of a tier tied between several players */
      tw_score_terms_add (terms, g_strdup_printf (_("Tier %u bonus, tied: divided by %u, rounded up"),
                                        k + 1, mine->tier_shared[k]),
                mine->tier_bonus[k]);
}

/* What a seat has beside the board: the markers in its supply, its own
 * markers that opponents captured or blocks removed, and in Short Stack
 * its holdings, named to the holder and counted to anyone else
 * (bb_observe() deals the others' holdings again). Bids and investments
 * stand on the board's tiers. */
void
bb_describe_seat (const TwGame  *game,
                  const TwState *state,
                  guint          seat,
                  int            viewer,
                  GString       *out)
{
  const BbState *s = (const BbState *) state;
  const BbPrep *p = bb_prep (game);
  const char *held[BB_MAX_TILES];
  guint n_held = 0;
  gsize start = out->len;

  if (s->supply[seat] == 0)
    /* Translators: in what a seat holds, for screen readers */
    g_string_append (out, _("no marker left in the supply"));
  else
    /* Translators: in what a seat holds, for screen readers */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u marker in the supply",
                                              "%u markers in the supply", s->supply[seat]),
                            s->supply[seat]);
  if (s->lost[seat] > 0)
    {
      tw_seat_phrase_part (out, start);
      /* Translators: in what a seat holds: its markers taken by opponents' locks */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u marker captured by others",
                                                "%u markers captured by others", s->lost[seat]),
                              s->lost[seat]);
    }
  if (s->removed[seat] > 0)
    {
      tw_seat_phrase_part (out, start);
      /* Translators: in what a seat holds: its markers taken off by Remove-Marker blocks */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u marker removed by a block",
                                                "%u markers removed by blocks", s->removed[seat]),
                              s->removed[seat]);
    }

  for (guint t = 0; t < p->n_inst; t++)
    if (s->tile_loc[t] == BB_LOC_HOLDING && s->tile_holder[t] == seat)
      held[n_held++] = tw_tile_words (&game->definition->tiles[p->inst_def[t]]);
  if (n_held == 0)
    return;
  tw_seat_phrase_part (out, start);
  if (viewer != (int) seat)
    /* Translators: in what a seat holds: Short Stack's tiles in a hand the
     * listener may not see */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u tile held",
                                              "%u tiles held", n_held), n_held);
  else
    tw_seat_phrase_holds (out, held, n_held);
}
