/* tw-result.h: a finished game's scores explained, for every view
 *
 * The table's results, `tilewright-cli replay` and the tests read a score's
 * parts and the sentence that says who won from here, never from a game by
 * name: the module's optional score_terms() and explain_ranking() hooks, or
 * generic words without them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-game.h"

G_BEGIN_DECLS

void       tw_score_term_clear  (gpointer            term);
/* Appends to @terms (of TwScoreTerm) a term that takes @label. For the
 * modules' score_terms(). */
void       tw_score_terms_add   (GArray             *terms,
                                 char               *label,
                                 int                 points);

/* @seat's score in @state as TwScoreTerm, by the rule that gave each part;
 * one term "Points" for a module without score_terms(). Never empty; the
 * points add up to scores()[seat] rounded. Free with
 * g_array_unref(). */
GArray    *tw_result_terms      (const TwGame       *game,
                                 const TwState      *state,
                                 guint               seat);

/* What @move (legal in @state) would add to @seat's score by rule: the
 * terms of the state after it that were not among @state's terms (by label)
 * or whose points differ, so that a choice can show what it yields even
 * when it changes no total ("Red shapes: 1 on the private board × 0 on the
 * shared board"). Only for a module with score_terms(); NULL when it has
 * none or @move is not legal. Free with g_array_unref(). */
GArray    *tw_result_term_changes (const TwGame     *game,
                                   const TwState    *state,
                                   const TwMove     *move,
                                   guint             seat);

/* Who won @state, a finished game, in sentences: "Player 1 wins with 14
 * points." or "Player 1 and Player 2 share the win with 9 points each.",
 * then what the module adds (the tie-break that decided), else for a shared
 * win that the rules give no tie-break. @names: one display name per seat,
 * or NULL for "Player N". */
char      *tw_result_explain    (const TwGame       *game,
                                 const TwState      *state,
                                 const char * const *names);
/* The same in two parts: the sentence of who won (@winners) and what the
 * module adds or the shared win's reason (@how, "" when nothing). */
void       tw_result_explain_parts (const TwGame       *game,
                                    const TwState      *state,
                                    const char * const *names,
                                    char              **winners,
                                    char              **how);

/* Appends the names of @seats: "Player 1", "Player 1 and Player 2",
 * "Player 1, Player 2 and Player 3". */
void       tw_result_append_names (GString            *out,
                                   const char * const *names,
                                   const guint        *seats,
                                   guint               n);

G_END_DECLS
