/* cs-view.c: Color Shift's public view, filled from the state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cs-private.h"

void
cs_view_fill (const TwGame  *game,
              const TwState *state,
              CsView        *view)
{
  const CsState *s = (const CsState *) state;
  const CsPrep *p;

  g_return_if_fail (game != NULL && state != NULL && view != NULL);

  p = cs_prep (game);
  *view = (CsView) {
    .state = state,
    .n_meeples = (guint) cs_opt (game, CS_OPT_MEEPLES),
    .hand_size = (guint) cs_opt (game, CS_OPT_HAND_SIZE),
    .n_players = s->n_players,
    .phase = s->phase,
    .current = s->current,
    .placed = s->placed,
    .deck_len = s->deck_len,
    .n_placed = s->n_placed,
    .xmin = s->xmin,
    .xmax = s->xmax,
    .ymin = s->ymin,
    .ymax = s->ymax,
    .tiles = CS_PLACED (p, s),
    .finished = CS_FLAGS (p, s),
    .hand_len = s->hand_len,
    .hand = (const guint8 (*)[CS_MAX_HAND]) s->hand,
    .end_points = s->end_points,
    .meeple = (const CsMeeple (*)[CS_MAX_MEEPLES]) s->meeple,
  };
}

const TwTileFace *
cs_view_face (const TwGame *game,
              guint         inst,
              guint         rot)
{
  g_return_val_if_fail (inst < cs_prep (game)->n_inst, NULL);

  return cs_face (cs_prep (game), inst, rot);
}

guint
cs_view_at (const TwGame *game,
            const CsView *view,
            int           x,
            int           y)
{
  return cs_at (cs_prep (game), (const CsState *) view->state, x, y);
}

int
cs_view_score (const TwGame *game,
               const CsView *view,
               guint         seat)
{
  g_return_val_if_fail (view != NULL, 0);

  return cs_total_score ((const CsState *) view->state, seat);
}
