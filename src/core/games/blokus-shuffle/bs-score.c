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

      if (s->terms_known & (1u << c))
        {
          memcpy (parts->terms, s->terms[c], sizeof parts->terms);
          parts->total = s->terms_total[c];
          return;
        }
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
bs_terms_know (const TwGame *game,
               BsState      *s)
{
  const BsPrep *p = bs_prep (game);

  if (p->terms.n == 0 || bs_opt (game, BS_OPT_SCORING) == 0)
    return;
  for (guint c = 0; c < p->n_colors; c++)
    if (!(s->terms_known & (1u << c)))
      {
        BsExprEnv env = { game, s, c };

        memset (s->terms[c], 0, sizeof s->terms[c]);
        s->terms_total[c] = tw_expr_terms_eval (&p->terms, &env, s->terms[c]);
        s->terms_known |= 1u << c;
      }
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

/* The cards of deck @d's hand, or @n drawn ones: named when @seen, else
 * counted; appended as they are, to a colour's part or as a part. */
static void
append_cards (const TwGame *game,
              const guint8 *cards,
              guint         n,
              gboolean      seen,
              GString      *out)
{
  const char *names[MAX (BS_MAX_HAND, 2)];

  if (n == 0)
    /* Translators: in what a seat holds, for screen readers */
    g_string_append (out, _("no card in hand"));
  else if (!seen)
    /* Translators: in what a seat holds: cards in a hand the listener may not see */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u card in hand",
                                              "%u cards in hand", n), n);
  else
    {
      for (guint i = 0; i < n; i++)
        names[i] = bs_card_words (game, cards[i]);
      tw_seat_phrase_holds (out, names, n);
    }
}

/* Is deck @d colour @d's alone? */
static gboolean
own_deck (const TwGame  *game,
          const BsState *s,
          guint          d)
{
  return bs_deck_colors (game, s->n_players, d) == 1u << d;
}

/* One colour's part: "Blue: 12 pieces left, 53 squares", with the hand of
 * the colour's own deck when it has one (not the one deck of both colours
 * of a seat in the merged two-player game). */
static void
append_color (const TwGame  *game,
              const BsState *s,
              guint          c,
              const char    *label,
              int            viewer,
              GString       *out)
{
  const BsPrep *p = bs_prep (game);
  g_autofree char *pieces = NULL;
  g_autofree char *squares = NULL;
  guint n = 0;

  for (guint k = 0; k < p->n_pieces; k++)
    n += s->supply[c][k];
  /* Translators: a colour's pieces not yet on the board, for screen readers */
  pieces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u piece left", "%u pieces left", n),
                            n);
  /* Translators: the squares of a colour's pieces not yet on the board */
  squares = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u square", "%u squares",
                                          s->remaining[c]), s->remaining[c]);
  /* Translators: in what a seat holds: a colour it plays, its pieces left
   * and their squares ("Blue: 12 pieces left, 53 squares") */
  g_string_append_printf (out, _("%s: %s, %s"), label, pieces, squares);
  if (bs_cards (game) && own_deck (game, s, c))
    {
      g_string_append (out, _(", "));
      append_cards (game, s->hand[c], s->hand_len[c], bs_hand_seen (game, s, c, viewer), out);
    }
}

/* What a seat has beside the board: for each colour it plays, the pieces
 * and squares it has left and the cards in its hand; with three players,
 * the shared colour for the seat that plays it next; the cards it drew with
 * Draw 2. A hand is named only to a seat that sees it (bs_hand_seen(), what
 * bs_observe() keeps), else counted. */
void
bs_describe_seat (const TwGame  *game,
                  const TwState *state,
                  guint          seat,
                  int            viewer,
                  GString       *out)
{
  const BsState *s = (const BsState *) state;
  const TwDefinition *def = game->definition;
  guint owned = bs_owned_mask (game, s, seat);
  int shared = bs_shared_color (game, s->n_players);
  int actor = bs_to_act (game, state);
  gsize start = out->len;

  for (guint c = 0; c < bs_n_colors (game); c++)
    if (owned >> c & 1)
      {
        tw_seat_phrase_part (out, start);
        append_color (game, s, c, tw_color_words (def, c), viewer, out);
      }
  /* a hand several colours play from (the merged two-player deck) is the
   * seat's, said once after its colours */
  for (guint d = 0; d < bs_n_colors (game) && bs_cards (game); d++)
    if (!own_deck (game, s, d) && (owned & bs_deck_colors (game, s->n_players, d)) != 0)
      {
        tw_seat_phrase_part (out, start);
        append_cards (game, s->hand[d], s->hand_len[d], bs_hand_seen (game, s, d, viewer), out);
      }
  if (shared >= 0 && actor >= 0 && bs_seat_of (game, s, shared) == (int) seat)
    {
      /* Translators: the colour the three players take turns with, which
       * this seat plays at its next turn */
      g_autofree char *label = g_strdup_printf (_("%s (shared, played next)"),
                                                tw_color_words (def, shared));

      tw_seat_phrase_part (out, start);
      append_color (game, s, shared, label, viewer, out);
    }
  if (s->phase == BS_PHASE_DRAWN && actor == (int) seat && s->drawn_len > 0)
    {
      tw_seat_phrase_part (out, start);
      if (viewer == actor)
        {
          const char *names[G_N_ELEMENTS (s->drawn)];

          for (guint i = 0; i < s->drawn_len; i++)
            names[i] = bs_card_words (game, s->drawn[i]);
          /* Translators: in what a seat holds: then the cards it drew with Draw 2 */
          g_string_append (out, _("drew "));
          tw_append_word_list (out, names, s->drawn_len);
        }
      else
        /* Translators: in what a seat holds: cards drawn with Draw 2 that the
         * listener may not see */
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u card drawn",
                                                  "%u cards drawn", s->drawn_len), s->drawn_len);
    }
}
