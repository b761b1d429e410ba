/* bs-view.c: Blokus Shuffle's public view, filled from the state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "bs-private.h"

void
bs_view_fill (const TwGame  *game,
              const TwState *state,
              BsView        *view)
{
  const BsState *s = (const BsState *) state;
  const BsPrep *p;

  g_return_if_fail (game != NULL && state != NULL && view != NULL);

  p = bs_prep (game);
  *view = (BsView) {
    .n_colors = p->n_colors,
    .size = p->size,
    .n_pieces = p->n_pieces,
    .count = p->count,
    .start_x = p->start_x,
    .starts_in_corners = p->starts_in_corners,
    .start_y = p->start_y,
    .cards = bs_cards (game),
    .basic_scoring = bs_opt (game, BS_OPT_SCORING) == 0,
    .shared_color = bs_shared_color (game, s->n_players),
    .state = state,
    .n_players = s->n_players,
    .phase = s->phase,
    .color = s->color,
    .reverse = s->reverse,
    .mode = s->mode,
    .wild = s->wild,
    .first = s->first,
    .skip_mask = s->skip_mask,
    .drawn_len = s->drawn_len,
    .drawn = s->drawn,
    .n_placed = s->n_placed,
    .placed = (const BsPlaced (*)[BS_MAX_PIECES]) s->placed,
    .supply = (const guint8 (*)[BS_MAX_PIECES]) s->supply,
    .remaining = s->remaining,
    .deck_len = s->deck_len,
    .hand_len = s->hand_len,
    .discard_len = s->discard_len,
    .hand = (const guint8 (*)[BS_MAX_HAND]) s->hand,
  };
}

const TwPolyomino *
bs_view_cells (const TwGame *game,
               guint         piece,
               guint         orient)
{
  const BsPrep *p = bs_prep (game);

  g_return_val_if_fail (piece < p->n_pieces, NULL);

  return &p->orients[p->first_orient[piece] + orient].cells;
}

int
bs_view_seat_of (const TwGame *game,
                 const BsView *view,
                 guint         color)
{
  g_return_val_if_fail (view != NULL, -1);

  return bs_seat_of (game, (const BsState *) view->state, color);
}

gboolean
bs_view_hand_seen (const TwGame *game,
                   const BsView *view,
                   guint         deck,
                   int           seat)
{
  g_return_val_if_fail (view != NULL, FALSE);

  return bs_hand_seen (game, (const BsState *) view->state, deck, seat);
}

int
bs_view_score (const TwGame *game,
               const BsView *view,
               guint         seat)
{
  g_return_val_if_fail (view != NULL, 0);

  return bs_score (game, (const BsState *) view->state, seat);
}
