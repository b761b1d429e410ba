/* tw-tile.c: faces of square tiles under rotation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-tile.h"

void
tw_tile_face (const TwTileDef *def,
              guint            rotation,
              TwTileFace      *out)
{
  g_return_if_fail (def->n_edges == 4);

  memset (out, 0, sizeof *out);
  rotation &= 3;
  out->n_sections = def->n_sections;
  for (guint s = 0; s < def->n_sections; s++)
    {
      guint m = def->section_mask[s];
      out->section_mask[s] = ((m << rotation) | (m >> (4 - rotation))) & 0xf;
      out->section_color[s] = def->section_color[s];
    }
  for (guint d = 0; d < 4; d++)
    {
      guint from = (d + 4 - rotation) & 3;
      out->edge[d] = def->edges[from];
      out->packed |= (guint16) (def->edges[from] & 0xf) << (4 * d);
      for (guint s = 0; s < def->n_sections; s++)
        if (out->section_mask[s] & (1u << d))
          out->section_of[d] = s;
    }
}

gboolean
tw_tile_face_equal (const TwTileFace *a,
                    const TwTileFace *b)
{
  if (a->packed != b->packed)
    return FALSE;
  for (guint d = 0; d < 4; d++)
    if (a->section_mask[a->section_of[d]] != b->section_mask[b->section_of[d]])
      return FALSE;
  return TRUE;
}

guint
tw_tile_distinct_rotations (const TwTileDef *def,
                            guint8          *rotations)
{
  TwTileFace faces[4];
  guint n = 0;

  for (guint r = 0; r < 4; r++)
    {
      gboolean seen = FALSE;
      tw_tile_face (def, r, &faces[r]);
      for (guint q = 0; q < r && !seen; q++)
        seen = tw_tile_face_equal (&faces[q], &faces[r]);
      if (!seen)
        rotations[n++] = r;
    }
  return n;
}

char
tw_dir_letter (guint dir)
{
  return "NESW"[dir & 3];
}

const char *
tw_dir_mask_name (guint mask)
{
  static const char * const names[16] = {
    "", "N", "E", "NE", "S", "NS", "ES", "NES",
    "W", "NW", "EW", "NEW", "SW", "NSW", "ESW", "NESW",
  };
  return names[mask & 0xf];
}
