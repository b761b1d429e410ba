/* bb-view.c: Block 2 Block's public view, filled from the state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "bb-private.h"

void
bb_view_fill (const TwGame  *game,
              const TwState *state,
              BbView        *view)
{
  const BbState *s = (const BbState *) state;
  const BbPrep *p;

  g_return_if_fail (game != NULL && state != NULL && view != NULL);

  p = bb_prep (game);
  *view = (BbView) {
    .n_rows = p->n_rows,
    .n_slots = p->n_slots,
    .n_tiers = p->n_tiers,
    .n_inst = p->n_inst,
    .row_width = p->row_width,
    .slot_row = p->slot_row,
    .slot_col = p->slot_col,
    .inst_def = p->inst_def,
    .inst_kind = p->inst_kind,
    .def_kind = p->def_kind,
    .tier_value = p->tier_value,
    .short_stack = bb_opt (game, BB_OPT_SHORT_STACK) != 0,
    .holdings_face_up = bb_opt (game, BB_OPT_HOLDING_FACE) == BB_HOLDING_FACE_UP,
    .state = state,
    .n_players = s->n_players,
    .phase = s->phase,
    .current = s->current,
    .roll = s->roll,
    .used = s->used,
    .bid_done = s->bid_done,
    .open_rows = s->open_rows,
    .pending = s->pending,
    .ended_by_safety = s->ended_by_safety,
    .turn_no = s->turn_no,
    .revealed = s->revealed,
    .marked_turn = s->marked_turn,
    .slot_tile = s->slot_tile,
    .tile_loc = s->tile_loc,
    .tile_slot = s->tile_slot,
    .tile_holder = s->tile_holder,
    .tile_locker = s->tile_locker,
    .mk = (const guint8 (*)[BB_MAX_PLAYERS]) s->mk,
    .bids = (const guint8 (*)[BB_MAX_PLAYERS]) s->bids,
    .inv = (const guint8 (*)[BB_MAX_PLAYERS]) s->inv,
    .supply = s->supply,
    .lost = s->lost,
    .removed = s->removed,
    .capture_points = s->capture_points,
    .n_holdings = s->n_holdings,
  };
}

guint
bb_view_value_at (const TwGame  *game,
                  const BbView  *view,
                  guint          t,
                  guint          slot)
{
  const BbState *s;

  g_return_val_if_fail (game != NULL && view != NULL, 0);
  g_return_val_if_fail (t < bb_prep (game)->n_inst && slot < bb_prep (game)->n_slots, 0);

  s = (const BbState *) view->state;
  if (s->tile_locker[t] != BB_NONE)
    return bb_lock_value_in (game, s, t, slot);
  return bb_value_in_slot (game, t, slot);
}

int
bb_view_score (const TwGame  *game,
               const BbView  *view,
               guint          seat)
{
  g_return_val_if_fail (game != NULL && view != NULL, 0);

  return bb_total_score (game, (const BbState *) view->state, seat);
}
