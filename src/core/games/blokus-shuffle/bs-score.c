/* bs-score.c: Blokus Shuffle's score by rule
 *
 * Basic scoring counts the squares left on a colour's pieces, and the fewest
 * wins; advanced scoring is -1 per square left, +15 when every piece is
 * placed, +5 when the last piece placed was the monomino. With 2 players a
 * player scores their worse colour (or, as a variant, the sum of the two);
 * with 3, the shared colour scores for nobody. No tie-break is given.
 *
 * A definition may write advanced scoring's terms itself, as expressions
 * over bs-expr.c's vocabulary (`advanced-scoring:`); they then replace the
 * C terms and the monomino-bonus option, and the score table names them by
 * their labels. The C terms stay for the bundled definitions: they are
 * what the option and the translations describe.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-private.h"
#include "tw-module-util.h"
#include "tw-result.h"

void
bs_color_parts (const TwGame  *game,
                const BsState *s,
                guint          c,
                BsColorParts  *parts)
{
  const BsPrep *p = bs_prep (game);

  parts->squares = parts->all_placed = parts->monomino = 0;
  if (bs_opt (game, BS_OPT_SCORING) == 0)
    {
      parts->squares = parts->total = s->remaining[c];
      return;
    }
  if (p->terms.n > 0)
    {
      BsExprEnv env = { game, s, c };

      parts->total = tw_expr_terms_eval (&p->terms, &env, parts->terms);
      return;
    }
  parts->squares = -(int) s->remaining[c];
  if (s->remaining[c] == 0)
    parts->all_placed = 15;
  if (p->monomino >= 0 && s->n_placed[c] > 0
      && s->placed[c][s->n_placed[c] - 1].piece == p->monomino
      && (bs_opt (game, BS_OPT_MONOMINO_BONUS) == 0 || s->remaining[c] == 0))
    parts->monomino = 5;
  parts->total = parts->squares + parts->all_placed + parts->monomino;
}

void
bs_score_terms (const TwGame  *game,
                const TwState *state,
                guint          seat,
                GArray        *terms)
{
  const BsState *s = (const BsState *) state;
  const BsPrep *p = bs_prep (game);
  const TwDefinition *def = game->definition;
  gboolean basic = bs_opt (game, BS_OPT_SCORING) == 0;
  gboolean sum = bs_opt (game, BS_OPT_TWO_PLAYER_SCORE) == 1;
  int score = bs_score (game, s, seat);
  gboolean counted = FALSE;

  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      const char *color = tw_color_words (def, c);
      BsColorParts parts;

      if (!(bs_owned_mask (game, s, seat) >> c & 1))
        continue;
      bs_color_parts (game, s, c, &parts);
      /* the worse of two colours is the score; the other is shown, for 0 */
      if (!sum && (counted || parts.total != score))
        {
          /* Translators: Blokus Shuffle, 2 players: the better colour does not count */
          tw_score_terms_add (terms, g_strdup_printf (_("%s: not counted, only the worse colour scores"),
                                            color), 0);
          continue;
        }
      counted = TRUE;
      if (basic)
        /* Translators: Blokus Shuffle's basic score: fewer is better */
        tw_score_terms_add (terms, g_strdup_printf (_("%s: squares left on its pieces"), color),
                  parts.squares);
      else if (p->terms.n > 0)
        {
          /* the designer's labels; a term worth nothing now is left out
           * (as the C bonuses are), the first is always shown */
          for (guint i = 0; i < p->terms.n; i++)
            if (i == 0 || parts.terms[i] != 0)
              tw_score_terms_add (terms, g_strdup_printf ("%s: %s", color, p->terms.label[i]),
                                  parts.terms[i]);
        }
      else
        {
          /* Translators: Blokus Shuffle's advanced score */
          tw_score_terms_add (terms, g_strdup_printf (_("%s: squares left, −1 each"), color),
                    parts.squares);
          if (parts.all_placed)
            tw_score_terms_add (terms, g_strdup_printf (_("%s: every piece placed"), color),
                      parts.all_placed);
          if (parts.monomino)
            tw_score_terms_add (terms, g_strdup_printf (_("%s: the monomino placed last"), color),
                      parts.monomino);
        }
    }
}

gboolean
bs_explain_ranking (const TwGame       *game,
                    const TwState      *state,
                    const char * const *names,
                    GString            *out)
{
  const BsState *s = (const BsState *) state;

  if (bs_opt (game, BS_OPT_SCORING) == 0)
    g_string_append (out, _("The score is the squares left on the pieces: the fewest wins."));
  if (s->n_players == 2 && bs_opt (game, BS_OPT_TWO_PLAYER_SCORE) == 0)
    g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "",
                            _("With two players, each scores their worse colour."));
  return FALSE;
}
