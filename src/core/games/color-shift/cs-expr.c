/* cs-expr.c: what Color Shift's end-of-game scoring expressions can ask about a seat
 *
 * The vocabulary the terms of a definition's `end-scoring:` are written in
 * (doc/definition-format.md, "Color Shift's vocabulary"): the seat being
 * scored, its meeples, the colour areas of the play area with their tiles,
 * open edges and meeples, and a few counts. Every answer is read from the
 * state as cs-rules.c keeps it (the meeples, the union-find of sections
 * with its open-edge and unfinished counts, the finished flags), so a term
 * sees exactly what the C end term sees; an area's tiles are counted by
 * cs_area_tiles(), as the rules count them under `merged-finished-tiles`.
 *
 * Elements: a meeple is its number among the seat's meeples (0-based); an
 * area is the union-find root of its sections (node 4 * placement +
 * section). The area -1 is "no area" (that of a meeple in the supply),
 * whose fields are all 0 or false (its colour the definition's first).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cs-private.h"

enum /* queries */
{
  Q_SEAT,
  Q_PLAYERS,
  Q_COMPLETED_POINTS,
  Q_MEEPLES_STANDING,
  Q_MEEPLES_LYING,
  Q_MEEPLES_IN_SUPPLY,
  Q_MEEPLES,
  Q_AREAS,
  Q_TILES_PLACED,
  Q_TILES_LEFT,
  N_QUERIES,
};

enum /* the meeples `meeples(...)` walks */
{
  W_STANDING,
  W_LYING,
  W_BOARD,
  W_SUPPLY,
};

enum /* the areas `areas(...)` walks */
{
  A_OWN,
  A_OCCUPIED,
  A_ALL,
};

enum /* record types */
{
  R_MEEPLE,
  R_AREA,
};

enum /* fields of a meeple */
{
  F_STANDING,
  F_AREA,
  F_NUMBER,
  N_MEEPLE_FIELDS,
};

enum /* fields of an area */
{
  F_TILES,
  F_SECTIONS,
  F_COMPLETE,
  F_FINISHED,
  F_OPEN_EDGES,
  F_COLOR,
  F_MEEPLES,
  F_OWN_MEEPLES,
  N_AREA_FIELDS,
};

#define NO_AREA (-1)

static const char * const meeple_words[] = { "standing", "lying", "board", "supply", NULL };
static const char * const area_words[] = { "own", "occupied", "all", NULL };

static const TwExprField meeple_fields[] = {
  [F_STANDING] = { "standing", TW_EXPR_BOOL, "it stands on the board (not lying, not in the supply)" },
  [F_AREA] = { "area", TW_EXPR_RECORD (R_AREA), "the colour area it is in; in the supply, no area" },
  [F_NUMBER] = { "number", TW_EXPR_NUMBER, "its number, from 1, as the notation's `meeples` line lists them" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (meeple_fields) == N_MEEPLE_FIELDS);

static const TwExprField area_fields[] = {
  [F_TILES] = { "tiles", TW_EXPR_NUMBER,
                "its tiles, each once, as the rules count them (merged-finished-tiles)" },
  [F_SECTIONS] = { "sections", TW_EXPR_NUMBER, "the tile sections it joins" },
  [F_COMPLETE] = { "complete", TW_EXPR_BOOL, "no edge of it faces an empty cell" },
  [F_FINISHED] = { "finished", TW_EXPR_BOOL, "every section of it was scored complete already" },
  [F_OPEN_EDGES] = { "open_edges", TW_EXPR_NUMBER, "its edges that face an empty cell" },
  [F_COLOR] = { "color", TW_EXPR_COLOR, "its colour" },
  [F_MEEPLES] = { "meeples", TW_EXPR_NUMBER, "standing meeples in it, of every seat" },
  [F_OWN_MEEPLES] = { "own_meeples", TW_EXPR_NUMBER, "the seat's own standing meeples in it" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (area_fields) == N_AREA_FIELDS);

static const TwExprRecordType records[] = {
  [R_MEEPLE] = { "meeple", meeple_fields, N_MEEPLE_FIELDS, "one of the seat's meeples" },
  [R_AREA] = { "area", area_fields, N_AREA_FIELDS, "a colour area of the play area" },
};

static const TwExprQuery queries[] = {
  [Q_SEAT] = { "seat", TW_EXPR_NUMBER, NULL, 0, "the seat being scored, from 1" },
  [Q_PLAYERS] = { "players", TW_EXPR_NUMBER, NULL, 0, "the number of seats" },
  [Q_COMPLETED_POINTS] = { "completed_points", TW_EXPR_NUMBER, NULL, 0,
                           "the seat's points from completed areas" },
  [Q_MEEPLES_STANDING] = { "meeples_standing", TW_EXPR_NUMBER, NULL, 0,
                           "the seat's meeples standing on the board" },
  [Q_MEEPLES_LYING] = { "meeples_lying", TW_EXPR_NUMBER, NULL, 0,
                        "the seat's meeples lying on the board" },
  [Q_MEEPLES_IN_SUPPLY] = { "meeples_in_supply", TW_EXPR_NUMBER, NULL, 0,
                            "the seat's meeples never placed" },
  [Q_MEEPLES] = { "meeples", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_MEEPLE)), meeple_words, 0,
                  "the seat's meeples: standing, lying, on the board (standing or lying) "
                  "or in the supply, by number" },
  [Q_AREAS] = { "areas", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_AREA)), area_words, 0,
                "colour areas, each once: own (the seat has a standing meeple in it), "
                "occupied (some seat has) or all" },
  [Q_TILES_PLACED] = { "tiles_placed", TW_EXPR_NUMBER, NULL, 0,
                       "tiles in the play area, the start tile included" },
  [Q_TILES_LEFT] = { "tiles_left", TW_EXPR_NUMBER, NULL, 0,
                     "tiles in the stack and in the hands (0 at the end)" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (queries) == N_QUERIES);

/* Does meeple @m belong in the walk @which? */
static gboolean
meeple_in (const CsMeeple *m,
           gint64          which)
{
  switch (which)
    {
    case W_STANDING: return m->tile != CS_NONE && m->standing;
    case W_LYING:    return m->tile != CS_NONE && !m->standing;
    case W_BOARD:    return m->tile != CS_NONE;
    case W_SUPPLY:   return m->tile == CS_NONE;
    default:
      g_assert_not_reached ();
    }
}

static guint
count_meeples (const CsExprEnv *env,
               gint64           which)
{
  guint n_meeples = (guint) cs_opt (env->game, CS_OPT_MEEPLES);
  guint n = 0;

  for (guint k = 0; k < n_meeples; k++)
    n += meeple_in (&env->s->meeple[env->seat][k], which);
  return n;
}

/* Standing meeples in the area of @root: @seat's, or every seat's when
 * @seat is -1. */
static guint
standing_in (const CsExprEnv *env,
             guint16          root,
             gint             seat)
{
  const CsPrep *p = cs_prep (env->game);
  const CsState *s = env->s;
  guint n = 0;

  for (guint q = 0; q < s->n_players; q++)
    for (guint k = 0; k < CS_MAX_MEEPLES; k++)
      {
        const CsMeeple *m = &s->meeple[q][k];
        if ((seat < 0 || (guint) seat == q) && m->tile != CS_NONE && m->standing
            && cs_area_of (p, s, m->tile, m->sec) == root)
          n++;
      }
  return n;
}

static gint64
cs_expr_value (gconstpointer env_,
               guint         query,
               gint64        arg)
{
  const CsExprEnv *env = env_;
  const CsState *s = env->s;
  guint n = s->deck_len;

  switch (query)
    {
    case Q_SEAT:
      return env->seat + 1;
    case Q_PLAYERS:
      return s->n_players;
    case Q_COMPLETED_POINTS:
      return s->score[env->seat];
    case Q_MEEPLES_STANDING:
      return count_meeples (env, W_STANDING);
    case Q_MEEPLES_LYING:
      return count_meeples (env, W_LYING);
    case Q_MEEPLES_IN_SUPPLY:
      return count_meeples (env, W_SUPPLY);
    case Q_TILES_PLACED:
      return s->n_placed;
    case Q_TILES_LEFT:
      for (guint q = 0; q < s->n_players; q++)
        n += s->hand_len[q];
      return n;
    default:
      g_assert_not_reached ();
    }
}

/* Is node @node a section of a placed tile and its area's root, and is the
 * area in the walk @which? */
static gboolean
area_in (const CsExprEnv *env,
         guint            node,
         gint64           which)
{
  const CsPrep *p = cs_prep (env->game);
  const CsState *s = env->s;
  const CsPlaced *pl = &CS_PLACED (p, s)[node / 4];

  if (node % 4 >= cs_face (p, pl->inst, pl->rot)->n_sections
      || cs_area_of (p, s, node / 4, node % 4) != node)
    return FALSE;
  switch (which)
    {
    case A_OWN:      return standing_in (env, node, env->seat) > 0;
    case A_OCCUPIED: return cs_area_has_standing (p, s, node, NULL);
    case A_ALL:      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
cs_expr_next (gconstpointer env_,
              guint         query,
              gint64        arg,
              gint64       *cursor,
              gint64       *element)
{
  const CsExprEnv *env = env_;

  if (query == Q_MEEPLES)
    {
      gint64 n_meeples = cs_opt (env->game, CS_OPT_MEEPLES);
      for (gint64 k = *cursor; k < n_meeples; k++)
        if (meeple_in (&env->s->meeple[env->seat][k], arg))
          {
            *cursor = k + 1;
            *element = k;
            return TRUE;
          }
      *cursor = n_meeples;
      return FALSE;
    }
  g_assert (query == Q_AREAS);
  for (gint64 node = *cursor; node < 4 * env->s->n_placed; node++)
    if (area_in (env, node, arg))
      {
        *cursor = node + 1;
        *element = node;
        return TRUE;
      }
  *cursor = 4 * env->s->n_placed;
  return FALSE;
}

static gint64
meeple_field (const CsExprEnv *env,
              guint            field,
              gint64           k)
{
  const CsMeeple *m = &env->s->meeple[env->seat][k];

  switch (field)
    {
    case F_STANDING:
      return m->tile != CS_NONE && m->standing;
    case F_AREA:
      return m->tile == CS_NONE ? NO_AREA : cs_area_of (cs_prep (env->game), env->s, m->tile, m->sec);
    case F_NUMBER:
      return k + 1;
    default:
      g_assert_not_reached ();
    }
}

static gint64
area_field (const CsExprEnv *env,
            guint            field,
            guint16          root)
{
  const CsPrep *p = cs_prep (env->game);
  const CsState *s = env->s;
  const CsPlaced *pl = &CS_PLACED (p, s)[root / 4];
  const guint16 *next = CS_NEXT (p, s);
  guint16 node = root;
  guint n = 0;

  switch (field)
    {
    case F_TILES:
      return cs_area_tiles (env->game, s, root, NULL);
    case F_SECTIONS:
      do
        {
          n++;
          node = next[node];
        }
      while (node != root);
      return n;
    case F_COMPLETE:
      return CS_OPEN (p, s)[root] == 0;
    case F_FINISHED:
      return cs_area_finished (p, s, root);
    case F_OPEN_EDGES:
      return CS_OPEN (p, s)[root];
    case F_COLOR:
      return cs_face (p, pl->inst, pl->rot)->section_color[root % 4];
    case F_MEEPLES:
      return standing_in (env, root, -1);
    case F_OWN_MEEPLES:
      return standing_in (env, root, env->seat);
    default:
      g_assert_not_reached ();
    }
}

static gint64
cs_expr_field (gconstpointer env_,
               guint         record,
               guint         field,
               gint64        element)
{
  const CsExprEnv *env = env_;

  if (record == R_MEEPLE)
    return meeple_field (env, field, element);
  g_assert (record == R_AREA);
  if (element == NO_AREA)
    return 0;
  return area_field (env, field, element);
}

const TwExprVocabulary cs_expr_vocabulary = {
  .name = "color-shift",
  .queries = queries,
  .n_queries = N_QUERIES,
  .records = records,
  .n_records = G_N_ELEMENTS (records),
  .value = cs_expr_value,
  .next = cs_expr_next,
  .field = cs_expr_field,
};
