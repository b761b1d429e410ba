/* cb-score.c: Colorblock's score by rule, and how its ties are broken
 *
 * A score is the product of the chosen colour's completed shapes on the
 * private board and on the shared board, plus a product per further colour
 * of the lightning round, plus the stars of the goals taken (rulebook,
 * Scoring and Goals).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-private.h"
#include "tw-module-util.h"
#include "tw-result.h"

void
cb_score_terms (const TwGame  *game,
                const TwState *state,
                guint          seat,
                GArray        *terms)
{
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;

  for (guint i = 0; i < s->n_chosen[seat]; i++)
    {
      guint c = s->chosen[seat][i];
      int mine = s->done_private[seat][c], shared = s->done_shared[c];
      const char *color = tw_color_words (def, c);
      char *label;

      /* the counts as they stand; a colour chosen before the last tiles
       * were placed keeps the product of its moment */
      if (mine * shared == s->product[seat][i])
        label = i == 0
          /* Translators: a score's part: the colour chosen, its completed
           * shapes on the player's private board times those on the shared board */
          ? g_strdup_printf (_("%s shapes: %d on the private board × %d on the shared board"),
                             color, mine, shared)
          /* Translators: the same for a further colour of the lightning round */
          : g_strdup_printf (_("Lightning round, %s shapes: %d on the private board × %d on "
                               "the shared board"), color, mine, shared);
      else
        label = i == 0
          /* Translators: a score's part: the colour chosen, scored when chosen */
          ? g_strdup_printf (_("%s shapes, private board × shared board when chosen"), color)
          : g_strdup_printf (_("Lightning round, %s shapes, private board × shared board "
                               "when chosen"), color);
      tw_score_terms_add (terms, label, s->product[seat][i]);
    }
  for (guint g = 0; g < s->n_goals; g++)
    if (s->goal_owner[g] == seat)
      {
        const TwCardDef *card = &def->cards[s->goal_card[g]];
        /* Translators: a score's part: the stars of a goal card the player took */
        tw_score_terms_add (terms, g_strdup_printf (_("Goal “%s”"), card->title != NULL ? card->title
                                                                              : card->id),
                  card->points);
      }
}

/* The lightning round: the players tied for the most points after everyone
 * scored add a second colour, then the third; a tie after that is shared. */
gboolean
cb_explain_ranking (const TwGame       *game,
                    const TwState      *state,
                    const char * const *names,
                    GString            *out)
{
  const CbState *s = (const CbState *) state;
  int best = G_MININT;
  guint n_best = 0;
  guint tied[CB_MAX_PLAYERS];
  guint n_tied = 0;

  for (guint q = 0; q < s->n_players; q++)
    best = MAX (best, cb_total_score (game, s, q));
  for (guint q = 0; q < s->n_players; q++)
    n_best += cb_total_score (game, s, q) == best;

  if (s->lightning_round == 0)
    {
      if (n_best > 1 && cb_opt (game, CB_OPT_TIE_BREAK) != 0)
        g_string_append (out, _("The tie-break is set to a shared win: there is no lightning "
                                "round, and tied players share the win."));
      else if (n_best > 1)
        g_string_append (out, _("The lightning round cannot break the tie: there is no other "
                                "colour to add. Tied players share the win."));
      return n_best > 1;
    }

  /* the seats of the first lightning round are the ones with a second colour */
  for (guint q = 0; q < s->n_players; q++)
    if (s->n_chosen[q] > 1)
      tied[n_tied++] = q;
  tw_result_append_names (out, names, tied, n_tied);
  if (n_tied > 0)
    {
      /* the points they were tied at: their score before the lightning round */
      int at = cb_total_score (game, s, tied[0]);

      for (guint i = 1; i < s->n_chosen[tied[0]]; i++)
        at -= s->product[tied[0]][i];
      /* Translators: after the tied players' names; %d: the points they had */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                " were tied for first with %d point, so they "
                                                "played the lightning round: each added a second "
                                                "colour",
                                                " were tied for first with %d points, so they "
                                                "played the lightning round: each added a second "
                                                "colour", ABS (at)), at);
    }
  if (s->lightning_round > 1)
    g_string_append (out, _(", and, still tied, the third"));
  g_string_append (out, n_best > 1
                   ? _(". They are still tied and share the win.")
                   : _(". That broke the tie."));
  return TRUE;
}

/* The game's end, told as it comes: the final turns and colour choices after
 * a private board is completed (or the tiles run out), and the lightning
 * rounds that break a tie at the top. */
char *
cb_stage_text (const TwGame  *game,
               const TwState *state)
{
  const CbState *s = (const CbState *) state;

  if (s->phase == CB_PHASE_DONE)
    return NULL;
  if (s->phase == CB_PHASE_LIGHTNING || s->lightning_round > 0)
    /* Translators: a stage of Colorblock's game */
    return g_strdup_printf (_("Lightning round %u: the players tied for the most points "
                              "each choose another colour to score."), s->lightning_round);
  if (s->ending && s->queue_turns)
    /* Translators: a stage of Colorblock's game */
    return g_strdup (_("The end: a private board is complete. The others play one last "
                       "turn, and everyone chooses a colour to score."));
  if (s->ending)
    /* Translators: a stage of Colorblock's game */
    return g_strdup (_("The end: everyone chooses a colour to score."));
  return NULL;
}

/* What a seat has beside the shared board: the tile it is to place, the
 * tiles on its private board, the goals it met and the colours it chose to
 * score. Colorblock hides nothing a phrase would tell (only the stack's
 * order), so @viewer changes nothing; Expert Mode's draft row is everyone's
 * and is left to the board. */
void
cb_describe_seat (const TwGame  *game,
                  const TwState *state,
                  guint          seat,
                  int            viewer,
                  GString       *out)
{
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;
  guint k = cb_private_side (game), n = s->n_private[seat];
  g_autoptr(GPtrArray) goals = g_ptr_array_new_with_free_func (g_free);
  const char *colors[TW_MAX_COLORS];
  gsize start = out->len;

  if (s->phase == CB_PHASE_PLACE && s->current == seat && s->tile != CB_NONE)
    /* Translators: in what a seat holds, for screen readers: the tile it
     * drew and places this turn */
    g_string_append_printf (out, _("has %s to place"), tw_tile_words (cb_inst_def (game, s->tile)));

  tw_seat_phrase_part (out, start);
  if (n == 0)
    /* Translators: in what a seat holds: its private board of k by k tiles */
    g_string_append_printf (out, _("no tile yet on the %u by %u private board"), k, k);
  else
    /* Translators: in what a seat holds: the tiles on its private board of k by k */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                              "%u tile on the %u by %u private board",
                                              "%u tiles on the %u by %u private board", n),
                            n, k, k);

  for (guint g = 0; g < s->n_goals; g++)
    if (s->goal_owner[g] == seat)
      {
        const TwCardDef *card = &def->cards[s->goal_card[g]];

        /* Translators: a goal card's title, quoted */
        g_ptr_array_add (goals, g_strdup_printf (_("“%s”"), card->title != NULL ? card->title
                                                                            : card->id));
      }
  if (goals->len > 0)
    {
      tw_seat_phrase_part (out, start);
      /* Translators: in what a seat holds: the goals it met, then their titles */
      g_string_append (out, g_dngettext (GETTEXT_PACKAGE, "met the goal ", "met the goals ",
                                         goals->len));
      tw_append_word_list (out, (const char * const *) goals->pdata, goals->len);
    }

  if (s->n_chosen[seat] > 0)
    {
      for (guint i = 0; i < s->n_chosen[seat]; i++)
        colors[i] = tw_color_words (def, s->chosen[seat][i]);
      tw_seat_phrase_part (out, start);
      /* Translators: in what a seat holds: the colours it chose to score
       * (a second and third in the lightning round), then their names */
      g_string_append (out, _("scores "));
      tw_append_word_list (out, colors, s->n_chosen[seat]);
    }
}
