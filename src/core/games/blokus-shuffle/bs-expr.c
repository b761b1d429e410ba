/* bs-expr.c: what Blokus Shuffle's scoring expressions can ask about a colour
 *
 * The vocabulary the terms of a definition's `advanced-scoring:` are written
 * in (doc/definition-format.md, "Blokus Shuffle's vocabulary"): one colour's
 * supply and the pieces it has placed, in order. Every answer is read from
 * the state as bs-rules.c keeps it (the supply counts, the squares left, the
 * placement list), so a term sees exactly what the C scoring sees; a
 * Recycle card that takes a piece back puts it in the supply again and out
 * of the placement list, for the expressions as for the C terms.
 *
 * Elements are piece definition indexes; the element -1 is "no piece"
 * (`last` before the colour has placed one), whose fields are all 0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "bs-private.h"

enum /* queries */
{
  Q_COLOR,
  Q_SQUARES_LEFT,
  Q_PIECES_LEFT,
  Q_PIECES_PLACED,
  Q_ALL_PLACED,
  Q_LAST,
  Q_PIECES,
  Q_PLAYERS,
  Q_BOARD_SIZE,
  N_QUERIES,
};

enum /* the pieces `pieces(...)` walks */
{
  W_LEFT,
  W_PLACED,
  W_SET,
};

enum /* fields of a piece */
{
  F_SIZE,
  F_WIDTH,
  F_HEIGHT,
  F_NUMBER,
  F_COPIES_LEFT,
  N_FIELDS,
};

#define NO_PIECE (-1)

static const char * const which_words[] = { "left", "placed", "set", NULL };

static const TwExprField piece_fields[] = {
  [F_SIZE] = { "size", TW_EXPR_NUMBER, "its squares" },
  [F_WIDTH] = { "width", TW_EXPR_NUMBER, "columns of its drawing in `pieces:`" },
  [F_HEIGHT] = { "height", TW_EXPR_NUMBER, "rows of its drawing in `pieces:`" },
  [F_NUMBER] = { "number", TW_EXPR_NUMBER, "its place in the definition's `pieces:` list, from 1" },
  [F_COPIES_LEFT] = { "copies_left", TW_EXPR_NUMBER, "copies of it the colour has not placed" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (piece_fields) == N_FIELDS);

static const TwExprRecordType records[] = {
  { "piece", piece_fields, N_FIELDS, "a piece of the colour's set" },
};

static const TwExprQuery queries[] = {
  [Q_COLOR] = { "color", TW_EXPR_COLOR, NULL, 0, "the colour being scored" },
  [Q_SQUARES_LEFT] = { "squares_left", TW_EXPR_NUMBER, NULL, 0,
                       "squares of the colour's pieces not on the board" },
  [Q_PIECES_LEFT] = { "pieces_left", TW_EXPR_NUMBER, NULL, 0,
                      "the colour's pieces not on the board (copies count one each)" },
  [Q_PIECES_PLACED] = { "pieces_placed", TW_EXPR_NUMBER, NULL, 0,
                        "the colour's pieces on the board" },
  [Q_ALL_PLACED] = { "all_placed", TW_EXPR_BOOL, NULL, 0, "every piece of the colour's set is on the board" },
  [Q_LAST] = { "last", TW_EXPR_RECORD (0), NULL, 0,
               "the piece the colour placed last (of those still on the board); "
               "before its first, no piece: every field 0" },
  [Q_PIECES] = { "pieces", TW_EXPR_LIST_OF (TW_EXPR_RECORD (0)), which_words, 0,
                 "the colour's pieces: left (not on the board), placed (in the order placed) "
                 "or set (all of them); copies one by one" },
  [Q_PLAYERS] = { "players", TW_EXPR_NUMBER, NULL, 0, "the number of seats" },
  [Q_BOARD_SIZE] = { "board_size", TW_EXPR_NUMBER, NULL, 0, "the side of the board" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (queries) == N_QUERIES);

static gint64
bs_expr_value (gconstpointer env_,
               guint         query,
               gint64        arg)
{
  const BsExprEnv *env = env_;
  const BsPrep *p = bs_prep (env->game);
  const BsState *s = env->s;
  guint c = env->color;
  guint n = 0;

  switch (query)
    {
    case Q_COLOR:
      return c;
    case Q_SQUARES_LEFT:
      return s->remaining[c];
    case Q_PIECES_LEFT:
      for (guint k = 0; k < p->n_pieces; k++)
        n += s->supply[c][k];
      return n;
    case Q_PIECES_PLACED:
      return s->n_placed[c];
    case Q_ALL_PLACED:
      /* what the C term asks: no square left in the supply */
      return s->remaining[c] == 0;
    case Q_LAST:
      return s->n_placed[c] > 0 ? s->placed[c][s->n_placed[c] - 1].piece : NO_PIECE;
    case Q_PLAYERS:
      return s->n_players;
    case Q_BOARD_SIZE:
      return p->size;
    default:
      g_assert_not_reached ();
    }
}

/* The copies of piece @k (@have of them) walked one by one: the cursor
 * counts copies over the piece definitions in order. */
static gboolean
next_copy (const BsPrep  *p,
           const guint8  *have,
           gint64        *cursor,
           gint64        *element)
{
  gint64 skipped = 0;

  for (guint k = 0; k < p->n_pieces; k++)
    {
      if (*cursor < skipped + have[k])
        {
          (*cursor)++;
          *element = k;
          return TRUE;
        }
      skipped += have[k];
    }
  return FALSE;
}

static gboolean
bs_expr_next (gconstpointer env_,
              guint         query,
              gint64        arg,
              gint64       *cursor,
              gint64       *element)
{
  const BsExprEnv *env = env_;
  const BsPrep *p = bs_prep (env->game);
  const BsState *s = env->s;
  guint c = env->color;

  g_assert (query == Q_PIECES);
  switch (arg)
    {
    case W_LEFT:
      return next_copy (p, s->supply[c], cursor, element);
    case W_SET:
      return next_copy (p, p->count, cursor, element);
    case W_PLACED:
      if (*cursor >= s->n_placed[c])
        return FALSE;
      *element = s->placed[c][(*cursor)++].piece;
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

static gint64
bs_expr_field (gconstpointer env_,
               guint         record,
               guint         field,
               gint64        element)
{
  const BsExprEnv *env = env_;
  const TwDefinition *def = env->game->definition;
  const TwPolyomino *shape;

  g_assert (record == 0);
  if (element == NO_PIECE)
    return 0;
  shape = &def->pieces[element].shape;
  switch (field)
    {
    case F_SIZE:        return bs_prep (env->game)->squares[element];
    case F_WIDTH:       return tw_polyomino_width (shape);
    case F_HEIGHT:      return tw_polyomino_height (shape);
    case F_NUMBER:      return element + 1;
    case F_COPIES_LEFT: return env->s->supply[env->color][element];
    default:
      g_assert_not_reached ();
    }
}

const TwExprVocabulary bs_expr_vocabulary = {
  .name = "blokus-shuffle",
  .queries = queries,
  .n_queries = N_QUERIES,
  .records = records,
  .n_records = G_N_ELEMENTS (records),
  .value = bs_expr_value,
  .next = bs_expr_next,
  .field = bs_expr_field,
};
