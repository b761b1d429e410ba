/* tw-move.h: a move is a small value; a move list is a flat reusable array
 *
 * Every decision in every game (placing a tile, choosing a colour, playing a
 * card, bidding) is one TwMove. What its fields mean belongs to the game's
 * rules module; the core only copies and compares them. Multi-step turns are
 * sequences of moves by the same player.
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef struct
{
  guint8  kind;   /* module-defined move kind; 0 is never a valid move */
  guint8  a;
  guint8  b;
  guint8  c;
  gint16  x;
  gint16  y;
  gint16  p;
  gint16  q;
} TwMove;

G_STATIC_ASSERT (sizeof (TwMove) == 12);

static inline gboolean
tw_move_equal (const TwMove *m1,
               const TwMove *m2)
{
  return memcmp (m1, m2, sizeof (TwMove)) == 0;
}

/* A move list owns its array and grows by doubling; clear it with
 * tw_move_list_clear() and reuse it so that playouts do not allocate. */
typedef struct
{
  TwMove *moves;
  guint   len;
  guint   cap;
} TwMoveList;

void tw_move_list_init  (TwMoveList *list);
void tw_move_list_free  (TwMoveList *list);
void tw_move_list_grow  (TwMoveList *list);

static inline void
tw_move_list_clear (TwMoveList *list)
{
  list->len = 0;
}

static inline TwMove *
tw_move_list_push (TwMoveList *list)
{
  if (G_UNLIKELY (list->len == list->cap))
    tw_move_list_grow (list);
  TwMove *m = &list->moves[list->len++];
  memset (m, 0, sizeof *m);
  return m;
}

G_END_DECLS
