/* cs-check.c: Color Shift's state recounted from scratch
 *
 * The check() hook of the rules table: what cs-rules.c keeps incrementally
 * (the grid, the bounding box, the colour areas, where the meeples stand)
 * recomputed the slow way and compared. Tests and the simulator's checks
 * call it; play never does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cs-private.h"

/* From scratch: every tile instance in exactly one place, the grid and the
 * bounding box from the tile list, areas by breadth-first search over
 * sections with their open edges, meeples where they may be. */
gboolean
cs_check (const TwGame  *game,
          const TwState *state,
          GString       *why)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  const CsPlaced *placed = CS_PLACED (p, s);
  const guint8 *loc = CS_LOC (p, s);
  const guint8 *deck = CS_DECK (p, s);
  const guint8 *grid = CS_GRID (p, s);
  const guint8 *flags = CS_FLAGS (p, s);
  g_autofree guint8 *seen = g_new0 (guint8, MAX (p->n_inst, 1));
  guint M = (guint) cs_opt (game, CS_OPT_MEEPLES);

  for (guint i = 0; i < s->deck_len; i++)
    if (!tw_check_instance_at (seen, deck[i], loc[deck[i]] == CS_LOC_DECK, "in the stack", why))
      return FALSE;
  for (guint q = 0; q < s->n_players; q++)
    {
      if (s->hand_len[q] > (guint) cs_opt (game, CS_OPT_HAND_SIZE))
        {
          g_string_printf (why, "seat %u holds %u tiles", q + 1, s->hand_len[q]);
          return FALSE;
        }
      for (guint i = 0; i < s->hand_len[q]; i++)
        if (!tw_check_instance_at (seen, s->hand[q][i], loc[s->hand[q][i]] == CS_LOC_HAND,
                                   "in a hand", why))
          return FALSE;
    }
  for (guint i = 0; i < s->n_placed; i++)
    if (!tw_check_instance_at (seen, placed[i].inst, loc[placed[i].inst] == CS_LOC_BOARD,
                               "on the play area", why))
      return FALSE;
  if (!tw_check_instances_placed (seen, loc, p->n_inst, CS_LOC_OUT, why))
    return FALSE;

  /* grid and bounding box */
  if (s->n_placed == 0)
    {
      g_string_assign (why, "the play area is empty: the start tile is missing");
      return FALSE;
    }
  int x0 = placed[0].x, x1 = x0, y0 = placed[0].y, y1 = y0;
  for (guint i = 0; i < s->n_placed; i++)
    {
      x0 = MIN (x0, placed[i].x);
      x1 = MAX (x1, placed[i].x);
      y0 = MIN (y0, placed[i].y);
      y1 = MAX (y1, placed[i].y);
      if (cs_at (p, s, placed[i].x, placed[i].y) != i)
        {
          g_string_printf (why, "the grid does not hold tile %u at %d,%d", i, placed[i].x, placed[i].y);
          return FALSE;
        }
    }
  if (x0 != s->xmin || x1 != s->xmax || y0 != s->ymin || y1 != s->ymax)
    {
      g_string_printf (why, "bounding box %d..%d x %d..%d, kept %d..%d x %d..%d",
                       x0, x1, y0, y1, s->xmin, s->xmax, s->ymin, s->ymax);
      return FALSE;
    }
  if (!cs_spread_ok (s) || x1 - x0 + 2 >= (int) p->side || y1 - y0 + 2 >= (int) p->side)
    {
      g_string_printf (why, "the tiles spread over %d x %d cells, beyond the bound for %u tiles",
                       x1 - x0 + 1, y1 - y0 + 1, s->n_placed);
      return FALSE;
    }
  guint occupied = 0;
  for (guint c = 0; c < p->side * p->side; c++)
    occupied += grid[c] != CS_NONE;
  if (occupied != s->n_placed)
    {
      g_string_printf (why, "%u grid cells hold tiles, %u tiles are placed", occupied, s->n_placed);
      return FALSE;
    }

  /* areas by search */
  guint n_nodes = 4 * s->n_placed;
  g_autofree guint16 *comp = g_new (guint16, MAX (n_nodes, 1));
  g_autofree guint16 *queue = g_new (guint16, MAX (n_nodes, 1));
  for (guint n = 0; n < n_nodes; n++)
    comp[n] = G_MAXUINT16;
  for (guint i = 0; i < s->n_placed; i++)
    {
      const TwTileFace *f = cs_face (p, placed[i].inst, placed[i].rot);
      for (guint sec = 0; sec < f->n_sections; sec++)
        {
          guint16 start = 4 * i + sec;
          guint head = 0, tail = 0, open_edges = 0;
          if (comp[start] != G_MAXUINT16)
            continue;
          comp[start] = start;
          queue[tail++] = start;
          while (head < tail)
            {
              guint16 node = queue[head++];
              const CsPlaced *pl = &placed[node / 4];
              const TwTileFace *nf = cs_face (p, pl->inst, pl->rot);
              for (guint d = 0; d < 4; d++)
                {
                  if (nf->section_of[d] != node % 4)
                    continue;
                  guint8 j = cs_at (p, s, pl->x + tw_dir_dx[d], pl->y + tw_dir_dy[d]);
                  if (j == CS_NONE)
                    {
                      open_edges++;
                      continue;
                    }
                  const TwTileFace *jf = cs_face (p, placed[j].inst, placed[j].rot);
                  if (jf->edge[tw_dir_opposite (d)] != nf->edge[d])
                    continue;
                  guint16 other = 4 * j + jf->section_of[tw_dir_opposite (d)];
                  if (comp[other] == G_MAXUINT16)
                    {
                      comp[other] = start;
                      queue[tail++] = other;
                    }
                }
            }
          guint16 root = cs_area_of (p, s, i, sec);
          for (guint k = 0; k < tail; k++)
            if (cs_area_of (p, s, queue[k] / 4, queue[k] % 4) != root)
              {
                g_string_printf (why, "the area at %d,%d is split in the union-find",
                                 placed[i].x, placed[i].y);
                return FALSE;
              }
          if (open_edges != CS_OPEN (p, s)[root])
            {
              g_string_printf (why, "area at %d,%d: %u open edges, %u counted",
                               placed[i].x, placed[i].y, open_edges, CS_OPEN (p, s)[root]);
              return FALSE;
            }
          /* between turns every completed area has been scored and finished */
          if (open_edges == 0 && s->phase != CS_PHASE_ACTION && !cs_area_finished (p, s, root))
            {
              g_string_printf (why, "the completed area at %d,%d was not scored",
                               placed[i].x, placed[i].y);
              return FALSE;
            }
        }
      for (guint sec = f->n_sections; sec < 4; sec++)
        if (flags[4 * i + sec])
          {
            g_string_printf (why, "tile %u has a finished flag on a section it lacks", i);
            return FALSE;
          }
    }
  /* the union-find must not join different searches */
  for (guint a = 0; a < n_nodes; a++)
    {
      const TwTileFace *f = cs_face (p, placed[a / 4].inst, placed[a / 4].rot);
      if (a % 4 >= f->n_sections)
        continue;
      for (guint b = a + 1; b < n_nodes; b++)
        {
          const TwTileFace *g = cs_face (p, placed[b / 4].inst, placed[b / 4].rot);
          if (b % 4 >= g->n_sections)
            continue;
          gboolean same = cs_area_of (p, s, a / 4, a % 4) == cs_area_of (p, s, b / 4, b % 4);
          if (same != (comp[a] == comp[b]))
            {
              g_string_printf (why, "sections %u and %u: union-find and search disagree", a, b);
              return FALSE;
            }
        }
    }

  /* per root: unfinished sections and the circular member list */
  for (guint a = 0; a < n_nodes; a++)
    {
      const TwTileFace *f = cs_face (p, placed[a / 4].inst, placed[a / 4].rot);
      guint16 root = cs_area_of (p, s, a / 4, a % 4);
      if (a % 4 >= f->n_sections || root != a)
        continue;
      guint members = 0, unfinished = 0, expected = 0;
      guint16 node = root;
      do
        {
          if (comp[node] != comp[root] || ++members > n_nodes)
            {
              g_string_printf (why, "the member list of area %u strays", root);
              return FALSE;
            }
          unfinished += !flags[node];
          node = CS_NEXT (p, s)[node];
        }
      while (node != root);
      for (guint b = 0; b < n_nodes; b++)
        {
          const TwTileFace *g = cs_face (p, placed[b / 4].inst, placed[b / 4].rot);
          expected += b % 4 < g->n_sections && comp[b] == comp[root];
        }
      if (members != expected || unfinished != CS_UNFIN (p, s)[root])
        {
          g_string_printf (why, "area %u: %u members listed of %u, %u unfinished counted %u",
                           root, members, expected, unfinished, CS_UNFIN (p, s)[root]);
          return FALSE;
        }
    }

  /* the frontier: every empty cell next to a tile, once, with its needs */
  guint n_front = 0;
  for (int y = y0 - 1; y <= y1 + 1; y++)
    for (int x = x0 - 1; x <= x1 + 1; x++)
      {
        guint64 req;
        guint16 colors;
        if (cs_at (p, s, x, y) != CS_NONE || cs_cell_needs (p, s, x, y, &req, &colors) == CS_NONE)
          continue;
        n_front++;
        gint k = cs_front_find (p, s, x, y);
        if (k < 0 || CS_FRONT (p, s)[k].req != req || CS_FRONT (p, s)[k].colors != colors)
          {
            g_string_printf (why, "the frontier cell %d,%d is missing or stale", x, y);
            return FALSE;
          }
      }
  if (n_front != s->n_front)
    {
      g_string_printf (why, "%u frontier cells, %u kept", n_front, s->n_front);
      return FALSE;
    }

  /* meeples */
  for (guint q = 0; q < s->n_players; q++)
    for (guint k = 0; k < CS_MAX_MEEPLES; k++)
      {
        const CsMeeple *m = &s->meeple[q][k];
        if (m->tile == CS_NONE)
          {
            if (m->standing || m->sec)
              {
                g_string_printf (why, "meeple %u of seat %u is in the supply but standing", k + 1, q + 1);
                return FALSE;
              }
            continue;
          }
        if (k >= M || m->tile >= s->n_placed
            || m->sec >= cs_face (p, placed[m->tile].inst, placed[m->tile].rot)->n_sections)
          {
            g_string_printf (why, "meeple %u of seat %u is on no region", k + 1, q + 1);
            return FALSE;
          }
        if (m->standing)
          {
            guint16 root = cs_area_of (p, s, m->tile, m->sec);
            if (cs_area_finished (p, s, root))
              {
                g_string_printf (why, "meeple %u of seat %u stands in a finished area", k + 1, q + 1);
                return FALSE;
              }
          }
      }
  if (s->phase == CS_PHASE_ACTION && s->placed != CS_NONE && s->placed + 1 != s->n_placed)
    {
      g_string_assign (why, "the tile placed this turn is not the last placement");
      return FALSE;
    }
  /* end-scoring terms may take points away; the C term only adds */
  for (guint q = 0; q < s->n_players; q++)
    if (s->score[q] < 0 || (s->end_points[q] < 0 && p->end_terms.n == 0))
      {
        g_string_printf (why, "seat %u has a negative score", q + 1);
        return FALSE;
      }
  return TRUE;
}
