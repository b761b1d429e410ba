/* tw-regions.h: colour regions across square tiles, shared by the games
 *
 * A region (a Colorblock "shape", a Color Shift "area") is a connected set of
 * tile sections: sections of neighbouring tiles join across a touching edge
 * when both edges show the same colour. These functions analyse a set of
 * placed tiles from scratch; games that need speed keep their own incremental
 * union-find and use this to check it (and for the rarer questions: holes,
 * islands, footprints).
 */
#pragma once

#include <glib.h>

#include "tw-polyomino.h"
#include "tw-tile.h"

G_BEGIN_DECLS

typedef struct
{
  int               x;
  int               y;
  const TwTileFace *face;
} TwRegionTile;

/* Finds the tile at a cell, or returns -1: the caller's board lookup. */
typedef int (*TwRegionLookup) (gpointer user_data,
                               int      x,
                               int      y);

typedef struct
{
  guint       color;
  guint       n_sections;
  guint       n_tiles;           /* distinct tiles: two sections of one tile count once */
  guint       open_edges;        /* edges facing an empty cell */
  guint       mismatched_edges;  /* edges facing a tile whose touching edge differs */
  int         x0, y0, x1, y1;    /* bounding box of its tiles */
  gboolean    has_hole;          /* an empty cell is enclosed by its tiles */
  gboolean    has_island;        /* an enclosed tile shows another colour */
  TwPolyomino footprint;         /* its tiles' cells, normalised; n == 0 when too large */
} TwRegion;

typedef struct
{
  guint     n_regions;
  TwRegion *regions;
  guint    *section_region;      /* [4 * tile + section]: region index, G_MAXUINT if none */
} TwRegionMap;

/* Every region of @tiles. @lookup finds a tile by cell (index into @tiles). */
TwRegionMap *tw_regions_compute    (const TwRegionTile *tiles,
                                    guint               n_tiles,
                                    TwRegionLookup      lookup,
                                    gpointer            user_data);
void         tw_regions_free       (TwRegionMap        *map);

/* Enclosure of the cells (xs[i], ys[i]), i < n: flood-fills from outside
 * their bounding box through every other cell; cells not reached are inside.
 * Sets *has_hole when an inside cell is empty and *has_island when an inside
 * tile has a section of a colour other than @color. */
void         tw_regions_enclosure  (const int          *xs,
                                    const int          *ys,
                                    guint               n,
                                    guint               color,
                                    const TwRegionTile *tiles,
                                    TwRegionLookup      lookup,
                                    gpointer            user_data,
                                    gboolean           *has_hole,
                                    gboolean           *has_island);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwRegionMap, tw_regions_free)

G_END_DECLS
