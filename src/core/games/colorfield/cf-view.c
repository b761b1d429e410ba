/* cf-view.c: Colorfield's public view, filled from the state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cf-private.h"

void
cf_view_fill (const TwGame  *game,
              const TwState *state,
              CfView        *view)
{
  const CfState *s = (const CfState *) state;
  const CfPrep *p;

  g_return_if_fail (game != NULL && state != NULL && view != NULL);

  p = cf_prep (game);
  *view = (CfView) {
    .n_painters = p->n_painters,
    .painters = p->painters,
    .boards = p->boards,
    .edge = (const guint8 (*)[4][4]) p->edge,
    .two = p->two,
    .slot_x = p->slot_x,
    .slot_y = p->slot_y,
    .tray_size = (guint) cf_opt (game, CF_OPT_TRAY),
    .tokens = (guint) cf_opt (game, CF_OPT_TOKENS),
    .rounds = (guint) cf_opt (game, CF_OPT_ROUNDS),
    .swap_upright = cf_opt (game, CF_OPT_SWAP_ROTATION) == 1,
    .state = state,
    .n_players = s->n_players,
    .phase = s->phase,
    .current = s->current,
    .round = s->round,
    .turn_limit = s->turn_limit,
    .drew = s->drew,
    .n_hand = s->n_hand,
    .n_active = s->n_active,
    .tool_deck_len = s->tool_deck_len,
    .deck_len = s->deck_len,
    .discard_len = s->discard_len,
    .hand = s->hand,
    .tray = s->tray,
    .active = s->active,
    .discard = s->discard,
    .discard_seen = s->discard_seen,
    .painter = s->painter,
    .board = s->board,
    .face = s->face,
    .turns = s->turns,
    .setup_len = s->setup_len,
    .pdisc_len = s->pdisc_len,
    .slot = (const guint8 (*)[CF_SLOTS]) s->slot,
    .rot = (const guint8 (*)[CF_SLOTS]) s->rot,
    .setup = (const guint8 (*)[CF_SLOTS]) s->setup,
    .score = s->score,
    .round_score = (const gint16 (*)[CF_MAX_PLAYERS]) s->round_score,
  };
}

void
cf_view_matched (const TwGame *game,
                 const CfView *view,
                 guint         seat,
                 guint8        matched[CF_SLOTS])
{
  g_return_if_fail (view != NULL && seat < view->n_players);

  cf_matched_sides (game, (const CfState *) view->state, seat, matched);
}

int
cf_view_specialty (const TwGame *game,
                   const CfView *view,
                   guint         seat)
{
  g_return_val_if_fail (view != NULL && seat < view->n_players, -1);

  return cf_specialty (game, (const CfState *) view->state, seat);
}

guint
cf_view_tokens_unused (const TwGame *game,
                       const CfView *view,
                       guint         seat)
{
  g_return_val_if_fail (view != NULL && seat < view->n_players, 0);

  return cf_tokens_unused (game, (const CfState *) view->state, seat);
}

void
cf_view_round_points (const TwGame *game,
                      const CfView *view,
                      guint         seat,
                      CfScore      *out)
{
  g_return_if_fail (view != NULL && seat < view->n_players && out != NULL);

  cf_round_points (game, (const CfState *) view->state, seat, out);
}
