/* tw-move.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-move.h"

void
tw_move_list_init (TwMoveList *list)
{
  list->len = 0;
  list->cap = 64;
  list->moves = g_new (TwMove, list->cap);
}

void
tw_move_list_free (TwMoveList *list)
{
  g_clear_pointer (&list->moves, g_free);
  list->len = list->cap = 0;
}

void
tw_move_list_grow (TwMoveList *list)
{
  list->cap = list->cap ? list->cap * 2 : 64;
  list->moves = g_renew (TwMove, list->moves, list->cap);
}
