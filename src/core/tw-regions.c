/* tw-regions.c: colour regions across square tiles, from scratch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-regions.h"

void
tw_regions_enclosure (const int          *xs,
                      const int          *ys,
                      guint               n,
                      guint               color,
                      const TwRegionTile *tiles,
                      TwRegionLookup      lookup,
                      gpointer            user_data,
                      gboolean           *has_hole,
                      gboolean           *has_island)
{
  int x0 = G_MAXINT, x1 = G_MININT, y0 = G_MAXINT, y1 = G_MININT;

  *has_hole = *has_island = FALSE;
  for (guint i = 0; i < n; i++)
    {
      x0 = MIN (x0, xs[i]);
      x1 = MAX (x1, xs[i]);
      y0 = MIN (y0, ys[i]);
      y1 = MAX (y1, ys[i]);
    }
  /* nothing fits inside cells less than 3 wide and high */
  if (n == 0 || x1 - x0 < 2 || y1 - y0 < 2)
    return;

  int w = x1 - x0 + 3, h = y1 - y0 + 3;
  g_autofree guint8 *cell = g_malloc0 ((gsize) w * h);  /* 1 wall, 2 reached from outside */
  g_autofree int *stack = g_new (int, (gsize) w * h);
  guint sp = 0;

  for (guint i = 0; i < n; i++)
    cell[(ys[i] - y0 + 1) * w + (xs[i] - x0 + 1)] = 1;
  for (int yy = 0; yy < h; yy++)
    for (int xx = 0; xx < w; xx++)
      if ((yy == 0 || yy == h - 1 || xx == 0 || xx == w - 1) && cell[yy * w + xx] == 0)
        {
          cell[yy * w + xx] = 2;
          stack[sp++] = yy * w + xx;
        }
  while (sp > 0)
    {
      int c = stack[--sp];
      int cx = c % w, cy = c / w;
      for (guint d = 0; d < 4; d++)
        {
          int nx = cx + tw_dir_dx[d], ny = cy + tw_dir_dy[d];
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && cell[ny * w + nx] == 0)
            {
              cell[ny * w + nx] = 2;
              stack[sp++] = ny * w + nx;
            }
        }
    }
  for (int yy = 1; yy < h - 1; yy++)
    for (int xx = 1; xx < w - 1; xx++)
      {
        if (cell[yy * w + xx] != 0)
          continue;
        int t = lookup (user_data, xx - 1 + x0, yy - 1 + y0);
        if (t < 0)
          *has_hole = TRUE;
        else
          {
            const TwTileFace *f = tiles[t].face;
            for (guint s = 0; s < f->n_sections; s++)
              if (f->section_color[s] != color)
                *has_island = TRUE;
          }
      }
}

/**
 * tw_regions_compute:
 * @tiles: the placed tiles
 * @n_tiles: how many
 * @lookup: finds a tile index by cell
 * @user_data: for @lookup
 *
 * Breadth-first search over sections; for each region its colour, size in
 * tiles, open and mismatched edges, bounding box, footprint and enclosure.
 *
 * Returns: (transfer full): the regions; free with tw_regions_free().
 */
TwRegionMap *
tw_regions_compute (const TwRegionTile *tiles,
                    guint               n_tiles,
                    TwRegionLookup      lookup,
                    gpointer            user_data)
{
  TwRegionMap *map = g_new0 (TwRegionMap, 1);
  guint n_nodes = 4 * n_tiles;
  g_autofree guint *queue = g_new (guint, MAX (n_nodes, 1));
  g_autofree guint *tile_mark = g_new0 (guint, MAX (n_tiles, 1));
  g_autofree int *xs = g_new (int, MAX (n_tiles, 1));
  g_autofree int *ys = g_new (int, MAX (n_tiles, 1));
  GArray *regions = g_array_new (FALSE, TRUE, sizeof (TwRegion));

  map->section_region = g_new (guint, MAX (n_nodes, 1));
  for (guint i = 0; i < n_nodes; i++)
    map->section_region[i] = G_MAXUINT;

  for (guint t = 0; t < n_tiles; t++)
    for (guint s = 0; s < tiles[t].face->n_sections; s++)
      {
        guint start = 4 * t + s;
        guint head = 0, tail = 0, n_cells = 0;
        guint id = regions->len;
        TwRegion r = { .color = tiles[t].face->section_color[s],
                       .x0 = G_MAXINT, .y0 = G_MAXINT, .x1 = G_MININT, .y1 = G_MININT };

        if (map->section_region[start] != G_MAXUINT)
          continue;
        map->section_region[start] = id;
        queue[tail++] = start;
        while (head < tail)
          {
            guint node = queue[head++];
            const TwRegionTile *rt = &tiles[node / 4];
            const TwTileFace *f = rt->face;

            r.n_sections++;
            if (tile_mark[node / 4] != id + 1)
              {
                tile_mark[node / 4] = id + 1;
                xs[n_cells] = rt->x;
                ys[n_cells] = rt->y;
                n_cells++;
                r.x0 = MIN (r.x0, rt->x);
                r.x1 = MAX (r.x1, rt->x);
                r.y0 = MIN (r.y0, rt->y);
                r.y1 = MAX (r.y1, rt->y);
              }
            for (guint d = 0; d < 4; d++)
              {
                if (f->section_of[d] != node % 4)
                  continue;
                int j = lookup (user_data, rt->x + tw_dir_dx[d], rt->y + tw_dir_dy[d]);
                if (j < 0)
                  {
                    r.open_edges++;
                    continue;
                  }
                const TwTileFace *g = tiles[j].face;
                guint back = tw_dir_opposite (d);
                if (g->edge[back] != f->edge[d])
                  {
                    r.mismatched_edges++;
                    continue;
                  }
                guint other = 4 * j + g->section_of[back];
                if (map->section_region[other] == G_MAXUINT)
                  {
                    map->section_region[other] = id;
                    queue[tail++] = other;
                  }
              }
          }
        r.n_tiles = n_cells;
        if (n_cells <= TW_POLY_MAX_CELLS)
          {
            r.footprint.n = n_cells;
            for (guint i = 0; i < n_cells; i++)
              {
                r.footprint.x[i] = (gint8) (xs[i] - r.x0);
                r.footprint.y[i] = (gint8) (ys[i] - r.y0);
              }
            tw_polyomino_normalize (&r.footprint);
          }
        tw_regions_enclosure (xs, ys, n_cells, r.color, tiles, lookup, user_data,
                              &r.has_hole, &r.has_island);
        g_array_append_val (regions, r);
      }

  map->n_regions = regions->len;
  map->regions = (TwRegion *) g_array_free (regions, FALSE);
  return map;
}

void
tw_regions_free (TwRegionMap *map)
{
  if (map == NULL)
    return;
  g_free (map->regions);
  g_free (map->section_region);
  g_free (map);
}
