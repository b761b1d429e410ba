/* cb-view.c: Colorblock's public view, filled from the state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cb-private.h"

void
cb_view_fill (const TwGame  *game,
              const TwState *state,
              CbView        *view)
{
  const CbState *s = (const CbState *) state;

  g_return_if_fail (game != NULL && state != NULL && view != NULL);

  view->n_players = s->n_players;
  view->phase = s->phase;
  view->current = s->current;
  view->tile = s->tile;
  view->deck_len = s->deck_len;
  view->private_size = cb_opt (game, CB_OPT_PRIVATE_SIZE);
  view->expert = cb_opt (game, CB_OPT_EXPERT) != 0;
  view->n_placed = s->n_placed;
  view->placed = CB_PLACED (cb_prep (game), s);
  view->sxmin = s->sxmin;
  view->sxmax = s->sxmax;
  view->symin = s->symin;
  view->symax = s->symax;
  memcpy (view->n_private, s->n_private, sizeof view->n_private);
  memcpy (view->pxmin, s->pxmin, sizeof view->pxmin);
  memcpy (view->pxmax, s->pxmax, sizeof view->pxmax);
  memcpy (view->pymin, s->pymin, sizeof view->pymin);
  memcpy (view->pymax, s->pymax, sizeof view->pymax);
  memcpy (view->n_chosen, s->n_chosen, sizeof view->n_chosen);
  memcpy (view->chosen, s->chosen, sizeof view->chosen);
  memcpy (view->product, s->product, sizeof view->product);
  view->draft_len = s->draft_len;
  memcpy (view->draft, s->draft, sizeof view->draft);
  view->n_goals = s->n_goals;
  memcpy (view->goal_card, s->goal_card, sizeof view->goal_card);
  memcpy (view->goal_owner, s->goal_owner, sizeof view->goal_owner);
}

const TwTileFace *
cb_view_face (const TwGame *game,
              guint         inst,
              guint         rot)
{
  const CbPrep *p = cb_prep (game);

  g_return_val_if_fail (inst < p->n_inst, NULL);

  return &p->faces[p->inst_def[inst]][rot & 3];
}

int
cb_view_score (const TwGame  *game,
               const TwState *state,
               guint          seat)
{
  g_return_val_if_fail (game != NULL && state != NULL, 0);

  return cb_total_score (game, (const CbState *) state, seat);
}
