/* cb-view.c: Colorblock's public view, filled from the state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-private.h"

void
cb_view_fill (const TwGame  *game,
              const TwState *state,
              CbView        *view)
{
  const CbState *s = (const CbState *) state;

  g_return_if_fail (game != NULL && state != NULL && view != NULL);

  *view = (CbView) {
    .private_size = cb_opt (game, CB_OPT_PRIVATE_SIZE),
    .expert = cb_opt (game, CB_OPT_EXPERT) != 0,
    .state = state,
    .n_players = s->n_players,
    .phase = s->phase,
    .current = s->current,
    .tile = s->tile,
    .deck_len = s->deck_len,
    .n_placed = s->n_placed,
    .placed = CB_PLACED (cb_prep (game), s),
    .sxmin = s->sxmin,
    .sxmax = s->sxmax,
    .symin = s->symin,
    .symax = s->symax,
    .n_private = s->n_private,
    .pxmin = s->pxmin,
    .pxmax = s->pxmax,
    .pymin = s->pymin,
    .pymax = s->pymax,
    .n_chosen = s->n_chosen,
    .chosen = (const guint8 (*)[TW_MAX_COLORS]) s->chosen,
    .product = (const gint16 (*)[TW_MAX_COLORS]) s->product,
    .draft_len = s->draft_len,
    .draft = s->draft,
    .n_goals = s->n_goals,
    .goal_card = s->goal_card,
    .goal_owner = s->goal_owner,
  };
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
cb_view_score (const TwGame *game,
               const CbView *view,
               guint         seat)
{
  g_return_val_if_fail (game != NULL && view != NULL, 0);

  return cb_total_score (game, (const CbState *) view->state, seat);
}
