/* tw-result.c: a finished game's scores explained, for every view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-result.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tw-module-util.h"

void
tw_score_term_clear (gpointer term)
{
  g_clear_pointer (&((TwScoreTerm *) term)->label, g_free);
}

void
tw_score_terms_add (GArray *terms,
                    char   *label,
                    int     points)
{
  TwScoreTerm term = { label, points };

  g_array_append_val (terms, term);
}

GArray *
tw_result_terms (const TwGame  *game,
                 const TwState *state,
                 guint          seat)
{
  GArray *terms = g_array_new (FALSE, TRUE, sizeof (TwScoreTerm));

  g_return_val_if_fail (seat < game->n_players, terms);
  g_array_set_clear_func (terms, tw_score_term_clear);
  if (game->rules->score_terms != NULL)
    {
      game->rules->score_terms (game, state, seat, terms);
      if (terms->len == 0)
        /* Translators: a score with no parts yet */
        tw_score_terms_add (terms, g_strdup (_("Nothing scored yet")), 0);
    }
  else
    {
      double scores[TW_MAX_PLAYERS] = { 0 };

      game->rules->scores (game, state, scores);
      tw_score_terms_add (terms, g_strdup (_("Points")), (int) lround (scores[seat]));
    }
  return terms;
}

GArray *
tw_result_term_changes (const TwGame  *game,
                        const TwState *state,
                        const TwMove  *move,
                        guint          seat)
{
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  GArray *changes;
  TwState *copy;
  TwMove m;

  g_return_val_if_fail (game != NULL && state != NULL && move != NULL, NULL);

  if (game->rules->score_terms == NULL || seat >= game->n_players)
    return NULL;
  m = *move;
  copy = tw_state_copy (game, state);
  if (!game->rules->apply (game, copy, &m, NULL))
    {
      tw_state_free (copy);
      return NULL;
    }
  before = tw_result_terms (game, state, seat);
  after = tw_result_terms (game, copy, seat);
  tw_state_free (copy);

  changes = g_array_new (FALSE, TRUE, sizeof (TwScoreTerm));
  g_array_set_clear_func (changes, tw_score_term_clear);
  for (guint i = 0; i < after->len; i++)
    {
      TwScoreTerm *t = &g_array_index (after, TwScoreTerm, i);
      gboolean same = FALSE;

      for (guint j = 0; j < before->len && !same; j++)
        {
          const TwScoreTerm *u = &g_array_index (before, TwScoreTerm, j);

          same = u->points == t->points && g_strcmp0 (u->label, t->label) == 0;
        }
      if (!same)
        tw_score_terms_add (changes, g_steal_pointer (&t->label), t->points);
    }
  return changes;
}

void
tw_result_append_names (GString            *out,
                        const char * const *names,
                        const guint        *seats,
                        guint               n)
{
  const char *list[TW_MAX_PLAYERS];

  g_return_if_fail (n <= TW_MAX_PLAYERS);
  for (guint i = 0; i < n; i++)
    list[i] = names[seats[i]];
  tw_append_word_list (out, list, n);
}

void
tw_result_explain_parts (const TwGame       *game,
                         const TwState      *state,
                         const char * const *names,
                         char              **winners_out,
                         char              **how_out)
{
  g_autoptr(GPtrArray) own = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) who = g_string_new (NULL);
  GString *out = g_string_new (NULL);
  GString *how = g_string_new (NULL);
  double scores[TW_MAX_PLAYERS] = { 0 };
  guint rank[TW_MAX_PLAYERS] = { 0 };
  guint winners[TW_MAX_PLAYERS];
  guint n_winners = 0;
  gboolean tie_told = FALSE;
  int points;

  if (names == NULL)
    {
      for (guint p = 0; p < game->n_players; p++)
        /* Translators: a seat with no name of its own */
        g_ptr_array_add (own, g_strdup_printf (_("Player %u"), p + 1));
      g_ptr_array_add (own, NULL);
      names = (const char * const *) own->pdata;
    }
  game->rules->scores (game, state, scores);
  game->rules->ranking (game, state, rank);
  for (guint p = 0; p < game->n_players; p++)
    if (rank[p] == 0)
      winners[n_winners++] = p;
  g_assert (n_winners > 0);

  tw_result_append_names (who, names, winners, n_winners);
  points = (int) lround (scores[winners[0]]);
  if (n_winners == 1)
    /* Translators: who won a finished game, and their score */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s wins with %d point.",
                                              "%s wins with %d points.", ABS (points)),
                            who->str, points);
  else
    /* Translators: several players tied for first place, and their score */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                              "%s share the win with %d point each.",
                                              "%s share the win with %d points each.",
                                              ABS (points)),
                            who->str, points);

  if (game->rules->explain_ranking != NULL)
    tie_told = game->rules->explain_ranking (game, state, names, how);
  if (!tie_told && n_winners > 1)
    g_string_append_printf (how, "%s%s", how->len > 0 ? " " : "",
                            _("The rules give no tie-break: tied players share the win."));
  *winners_out = g_string_free (out, FALSE);
  *how_out = g_string_free (how, FALSE);
}

char *
tw_result_explain (const TwGame       *game,
                   const TwState      *state,
                   const char * const *names)
{
  g_autofree char *winners = NULL;
  g_autofree char *how = NULL;

  tw_result_explain_parts (game, state, names, &winners, &how);
  return *how != '\0' ? g_strconcat (winners, " ", how, NULL) : g_steal_pointer (&winners);
}
