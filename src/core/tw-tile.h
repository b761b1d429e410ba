/* tw-tile.h: square tiles with coloured edges and sections, and their rotations
 *
 * Shared by every edge-matching game. A TwTileFace is a tile definition seen
 * in one rotation; games precompute the faces of every tile once (prepare)
 * so that play-time checks are table lookups and bit operations.
 *
 * Coordinates: x grows east, y grows south (screen order). Rotation r turns
 * the tile r quarter turns clockwise, so the edge shown at direction d is the
 * definition's edge (d - r) mod 4.
 */
#pragma once

#include <glib.h>

#include "tw-definition.h"

G_BEGIN_DECLS

static const int tw_dir_dx[4] = { 0, 1, 0, -1 };
static const int tw_dir_dy[4] = { -1, 0, 1, 0 };

static inline guint
tw_dir_opposite (guint d)
{
  return (d + 2) & 3;
}

typedef struct
{
  guint8  edge[4];           /* colour index shown at each direction */
  guint8  section_of[4];     /* which section owns the edge at each direction */
  guint8  n_sections;
  guint8  section_color[4];
  guint8  section_mask[4];   /* directions covered by each section */
  guint16 packed;            /* edge colours, 4 bits per direction (N lowest) */
} TwTileFace;

/* The tile @def turned @rotation quarter turns clockwise. */
void     tw_tile_face            (const TwTileDef  *def,
                                  guint             rotation,
                                  TwTileFace       *out);
gboolean tw_tile_face_equal      (const TwTileFace *a,
                                  const TwTileFace *b);
/* The rotations (0..3) that give distinct faces, in increasing order; returns
 * how many (1, 2 or 4). */
guint    tw_tile_distinct_rotations (const TwTileDef *def,
                                  guint8           *rotations);
/* "N", "NE", "NES"...: the letters of an edge mask, clockwise from north. */
const char *tw_dir_mask_name     (guint             mask);
char      tw_dir_letter          (guint             dir);

/* Union-find over small integer ids with path halving; used for shapes,
 * colour areas and regions. */
static inline guint16
tw_uf_find (guint16 *parent,
            guint16  x)
{
  while (parent[x] != x)
    {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
  return x;
}

/* The root of @x without path halving: for readers of a const state (a
 * heuristic, a playout policy) that must leave its bytes as they are. */
static inline guint16
tw_uf_root (const guint16 *parent,
            guint16        x)
{
  while (parent[x] != x)
    x = parent[x];
  return x;
}

/* What a tile about to be placed would do to one of its sections' shape,
 * for playout policies that judge a placement without playing it. @root[d]
 * says what the section's edge at d meets: the union-find root of the
 * neighbour's section it would join, TW_EDGE_OPEN (an empty cell) or
 * TW_EDGE_CLOSED (a neighbour it does not join); @open holds each root's
 * edges facing empty cells. Returns the open edges the merged shape of
 * section @sec would keep (0: it completes; ignores a hole it encloses) and
 * the roots it joins in @joined (*@n_joined of them, none: -1 returned). */
#define TW_EDGE_OPEN   0xffff
#define TW_EDGE_CLOSED 0xfffe

static inline int
tw_section_open_after (const TwTileFace *f,
                       guint             sec,
                       const guint16    *root,
                       const guint16    *open,
                       guint16          *joined,
                       guint            *n_joined)
{
  guint touch[4];
  int left = 0;

  *n_joined = 0;
  for (guint d = 0; d < 4; d++)
    {
      guint k;
      if (f->section_of[d] != sec || root[d] == TW_EDGE_CLOSED)
        continue;
      if (root[d] == TW_EDGE_OPEN)
        {
          left++;
          continue;
        }
      for (k = 0; k < *n_joined && joined[k] != root[d]; k++)
        ;
      if (k == *n_joined)
        {
          joined[k] = root[d];
          touch[k] = 0;
          (*n_joined)++;
        }
      touch[k]++;
    }
  if (*n_joined == 0)
    return -1;
  for (guint k = 0; k < *n_joined; k++)
    left += open[joined[k]] - (int) touch[k];
  return left;
}

/* Joins the sets of @a and @b under the lower of their two roots, which is
 * returned; *@joined is set to the root that went under it, or to the same
 * root when @a and @b were in one set already. */
static inline guint16
tw_uf_union (guint16 *parent,
             guint16  a,
             guint16  b,
             guint16 *joined)
{
  a = tw_uf_find (parent, a);
  b = tw_uf_find (parent, b);
  if (b < a)
    {
      guint16 t = a;
      a = b;
      b = t;
    }
  parent[b] = a;
  *joined = b;
  return a;
}

G_END_DECLS
