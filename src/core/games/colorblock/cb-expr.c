/* cb-expr.c: what Colorblock's expressions can ask about a game
 *
 * The vocabulary a goal card of kind `expression` is written in
 * (doc/definition-format.md, "Colorblock's vocabulary"): the shapes on the
 * boards with their colour, size, completion, islands, holes and
 * footprint; the tiles placed; the goals claimed; and `shape`, the shape
 * the goal is being checked on. Every answer is read from the state as
 * cb-rules.c keeps it (the union-find of sections, the completion flags),
 * never from a copy, so an expression sees exactly what the C goal kinds see.
 *
 * Elements are union-find roots (section nodes, 4 * placement + section);
 * the element -1 is the shape in the caller's CbExprEnv. Walking the
 * seat's own private board goes over its few cells, not every placement,
 * because Palette-like goals ask it after every private placement.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-private.h"

enum /* queries */
{
  Q_SHAPE,
  Q_SHAPES,
  Q_TILES,
  Q_GOALS_CLAIMED,
  Q_GOALS_OPEN,
  Q_PLAYERS,
  Q_PRIVATE_SIZE,
  N_QUERIES,
};

enum /* the boards a query may name */
{
  B_ANY,      /* the shared board and the seat's own private board */
  B_SHARED,
  B_OWN,
  B_OTHERS,   /* the other seats' private boards */
};

enum /* fields of a shape */
{
  F_COLOR,
  F_SIZE,
  F_COMPLETED,
  F_ISLAND,
  F_HOLE,
  F_WIDTH,
  F_HEIGHT,
  F_SHARED,
  F_OWN,
  N_FIELDS,
};

#define SHAPE_ELEMENT_CONTEXT (-1)

static const char * const board_words[] = { "any", "shared", "own", "others", NULL };

static const TwExprField shape_fields[] = {
  [F_COLOR] = { "color", TW_EXPR_COLOR, "its colour" },
  [F_SIZE] = { "size", TW_EXPR_NUMBER, "the number of tiles it spans" },
  [F_COMPLETED] = { "completed", TW_EXPR_BOOL,
                    "whether it is complete (`shape` on a completion: true)" },
  [F_ISLAND] = { "island", TW_EXPR_BOOL, "whether it encloses a tile of another colour" },
  [F_HOLE] = { "hole", TW_EXPR_BOOL, "whether it encloses an empty cell" },
  [F_WIDTH] = { "width", TW_EXPR_NUMBER, "columns of its footprint (bounding box)" },
  [F_HEIGHT] = { "height", TW_EXPR_NUMBER, "rows of its footprint (bounding box)" },
  [F_SHARED] = { "shared", TW_EXPR_BOOL, "whether it is on the shared board" },
  [F_OWN] = { "own", TW_EXPR_BOOL, "whether it is on the seat's own private board" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (shape_fields) == N_FIELDS);

static const TwExprRecordType records[] = {
  { "shape", shape_fields, N_FIELDS, "a connected area of one colour across tiles" },
};

static const TwExprQuery queries[] = {
  [Q_SHAPE] = { "shape", TW_EXPR_RECORD (0), NULL, CB_EXPR_NEEDS_SHAPE,
                "the shape the goal is checked on: the one just completed (or, when goals "
                "do not need completed shapes, one the placement touched)" },
  [Q_SHAPES] = { "shapes", TW_EXPR_LIST_OF (TW_EXPR_RECORD (0)), board_words, 0,
                 "the shapes on the boards named: any (shared and own), shared, own, others" },
  [Q_TILES] = { "tiles", TW_EXPR_NUMBER, board_words, 0, "the tiles placed on the boards named" },
  [Q_GOALS_CLAIMED] = { "goals_claimed", TW_EXPR_NUMBER, NULL, 0, "goals the seat has claimed" },
  [Q_GOALS_OPEN] = { "goals_open", TW_EXPR_NUMBER, NULL, 0, "face-up goals nobody has claimed" },
  [Q_PLAYERS] = { "players", TW_EXPR_NUMBER, NULL, 0, "the number of seats" },
  [Q_PRIVATE_SIZE] = { "private_size", TW_EXPR_NUMBER, NULL, 0,
                       "the side of a private board's square footprint" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (queries) == N_QUERIES);

static inline guint
private_tiles_of_others (const CbState *s,
                         guint          seat)
{
  guint n = 0;
  for (guint q = 0; q < s->n_players; q++)
    if (q != seat)
      n += s->n_private[q];
  return n;
}

static gint64
cb_expr_value (gconstpointer env_,
               guint         query,
               gint64        arg)
{
  const CbExprEnv *env = env_;
  const CbState *s = env->s;
  guint own = s->n_private[env->seat];
  guint others = private_tiles_of_others (s, env->seat);
  guint shared = s->n_placed - own - others;
  guint n = 0;

  switch (query)
    {
    case Q_SHAPE:
      return SHAPE_ELEMENT_CONTEXT;
    case Q_TILES:
      switch (arg)
        {
        case B_SHARED: return shared;
        case B_OWN:    return own;
        case B_OTHERS: return others;
        default:       return shared + own;
        }
    case Q_GOALS_CLAIMED:
    case Q_GOALS_OPEN:
      for (guint g = 0; g < s->n_goals; g++)
        n += s->goal_owner[g] == (query == Q_GOALS_OPEN ? CB_NONE : env->seat);
      return n;
    case Q_PLAYERS:
      return s->n_players;
    case Q_PRIVATE_SIZE:
      return cb_private_side (env->game);
    default:
      g_assert_not_reached ();
    }
}

/* Whether section @sec of placement @i is a shape's root. */
static inline gboolean
is_root (const CbExprEnv *env,
         guint            i,
         guint            sec)
{
  const CbPrep *p = cb_prep (env->game);
  const CbPlaced *pl = &CB_PLACED (p, env->s)[i];

  return sec < cb_inst_face (p, pl->inst, pl->rot)->n_sections
         && CB_PARENT (p, env->s)[4 * i + sec] == 4 * i + sec;
}

/* The next root among the section nodes of the placements on the shared
 * board (@shared) or on the other seats' private boards (@others), from
 * node *cursor on. */
static gboolean
next_root_of_placements (const CbExprEnv *env,
                         gboolean         shared,
                         gboolean         others,
                         gint64          *cursor,
                         gint64          *element)
{
  const CbPlaced *placed = CB_PLACED (cb_prep (env->game), env->s);
  guint end = 4u * env->s->n_placed;

  while (*cursor < end)
    {
      guint node = (guint) (*cursor)++;
      guint board = placed[node / 4].board;
      if (board == 0 ? !shared : (!others || board == 1 + env->seat))
        continue;
      if (is_root (env, node / 4, node % 4))
        {
          *element = node;
          return TRUE;
        }
    }
  return FALSE;
}

/* The same over the cells of the seat's own private board, from cell and
 * section *cursor - @base on. */
static gboolean
next_root_of_own_board (const CbExprEnv *env,
                        gint64           base,
                        gint64          *cursor,
                        gint64          *element)
{
  const CbState *s = env->s;
  guint seat = env->seat;

  if (s->n_private[seat] == 0)
    return FALSE;
  int w = s->pxmax[seat] - s->pxmin[seat] + 1;
  int h = s->pymax[seat] - s->pymin[seat] + 1;
  while (*cursor - base < 4 * w * h)
    {
      int k = (int) (*cursor - base);
      (*cursor)++;
      int cell = k / 4;
      guint8 i = s->pgrid[seat][cb_private_cell (s->pxmin[seat] + cell % w, s->pymin[seat] + cell / w)];
      if (i != CB_NONE && is_root (env, i, k % 4))
        {
          *element = 4 * i + k % 4;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
cb_expr_next (gconstpointer env_,
              guint         query,
              gint64        arg,
              gint64       *cursor,
              gint64       *element)
{
  const CbExprEnv *env = env_;
  gint64 shared_end = 4 * (gint64) env->s->n_placed;

  g_assert (query == Q_SHAPES);
  switch (arg)
    {
    case B_SHARED:
      return next_root_of_placements (env, TRUE, FALSE, cursor, element);
    case B_OTHERS:
      return next_root_of_placements (env, FALSE, TRUE, cursor, element);
    case B_OWN:
      return next_root_of_own_board (env, 0, cursor, element);
    default:
      /* the shared board's nodes first, then the own board's cells */
      if (*cursor < shared_end && next_root_of_placements (env, TRUE, FALSE, cursor, element))
        return TRUE;
      *cursor = MAX (*cursor, shared_end);
      return next_root_of_own_board (env, shared_end, cursor, element);
    }
}

/* Tiles and footprint of the shape rooted at @root. */
static void
measure (const CbExprEnv *env,
         guint            root,
         guint           *n_tiles,
         int             *width,
         int             *height)
{
  int xs[TW_MAX_TILE_COUNT], ys[TW_MAX_TILE_COUNT];
  int x0 = G_MAXINT, y0 = G_MAXINT, x1 = G_MININT, y1 = G_MININT;
  guint n = cb_shape_cells (env->game, env->s, root, xs, ys);

  for (guint i = 0; i < n; i++)
    {
      x0 = MIN (x0, xs[i]);
      x1 = MAX (x1, xs[i]);
      y0 = MIN (y0, ys[i]);
      y1 = MAX (y1, ys[i]);
    }
  *n_tiles = n;
  *width = n ? x1 - x0 + 1 : 0;
  *height = n ? y1 - y0 + 1 : 0;
}

/* The fields of the caller's shape, from its analysis. */
static gint64
context_field (const CbExprEnv *env,
               guint            field)
{
  const CbShape *sh = env->shape;
  int w = 0, h = 0;

  if (sh == NULL)
    return 0;
  switch (field)
    {
    case F_COLOR:     return sh->color;
    case F_SIZE:      return sh->n_tiles;
    case F_COMPLETED: return sh->completed;
    case F_ISLAND:    return sh->has_island;
    case F_HOLE:      return sh->has_hole;
    case F_SHARED:    return sh->board == 0;
    case F_OWN:       return sh->board == 1 + env->seat;
    case F_WIDTH:
    case F_HEIGHT:
      if (sh->footprint.n > 0)
        for (guint i = 0; i < sh->footprint.n; i++)
          {
            w = MAX (w, sh->footprint.x[i] + 1);
            h = MAX (h, sh->footprint.y[i] + 1);
          }
      else if (sh->has_root)
        {
          guint n;
          measure (env, sh->root, &n, &w, &h);
        }
      return field == F_WIDTH ? w : h;
    default:
      g_assert_not_reached ();
    }
}

static gint64
cb_expr_field (gconstpointer env_,
               guint         record,
               guint         field,
               gint64        element)
{
  const CbExprEnv *env = env_;
  const CbPrep *p = cb_prep (env->game);
  const CbState *s = env->s;
  const CbPlaced *placed = CB_PLACED (p, s);

  g_assert (record == 0);
  if (element == SHAPE_ELEMENT_CONTEXT)
    return context_field (env, field);

  guint root = (guint) element;
  guint board = placed[root / 4].board;
  switch (field)
    {
    case F_COLOR:
      return cb_inst_face (p, placed[root / 4].inst, placed[root / 4].rot)->section_color[root % 4];
    case F_COMPLETED:
      return (CB_FLAGS (p, s)[root] & CB_SHAPE_COMPLETE) != 0;
    case F_SHARED:
      return board == 0;
    case F_OWN:
      return board == 1 + env->seat;
    case F_SIZE:
    case F_WIDTH:
    case F_HEIGHT:
      {
        guint n;
        int w, h;
        measure (env, root, &n, &w, &h);
        return field == F_SIZE ? (gint64) n : field == F_WIDTH ? w : h;
      }
    case F_ISLAND:
    case F_HOLE:
      {
        /* the enclosure search of the rules, on demand */
        CbShape sh;
        cb_analyze_shape (env->game, s, root, &sh);
        return field == F_ISLAND ? sh.has_island : sh.has_hole;
      }
    default:
      g_assert_not_reached ();
    }
}

const TwExprVocabulary cb_expr_vocabulary = {
  .name = "colorblock",
  .queries = queries,
  .n_queries = N_QUERIES,
  .records = records,
  .n_records = G_N_ELEMENTS (records),
  .value = cb_expr_value,
  .next = cb_expr_next,
  .field = cb_expr_field,
};
