/* cb-check.c: Colorblock's state recounted from scratch
 *
 * The check() hook of the rules table: what cb-rules.c keeps incrementally
 * (shapes, completed counts, where each tile is) recomputed the slow way and
 * compared. Tests and the simulator's checks call it; play never does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-private.h"
#include "tw-regions.h"

/* The same over one board's tiles only, numbered by @local. */
typedef struct
{
  const TwGame  *game;
  const CbState *s;
  guint          board;
  const int     *local;
} CbBoardTiles;

static int
cb_lookup_local (gpointer user_data,
                 int      x,
                 int      y)
{
  const CbBoardTiles *l = user_data;
  guint8 j = cb_board_at (l->game, l->s, l->board, x, y);
  return j == CB_NONE ? -1 : l->local[j];
}

/* From scratch: shapes by the shared region search (tw-regions.c) compared
 * with the union-find and the completed counts, and every tile instance in
 * exactly one place. */
gboolean
cb_check (const TwGame  *game,
          const TwState *state,
          GString       *why)
{
  const CbPrep *p = cb_prep (game);
  const CbState *s = (const CbState *) state;
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint8 *loc = CB_LOC (p, s);
  const guint8 *deck = CB_DECK (p, s);
  guint16 *parent = CB_PARENT (p, (CbState *) s);
  g_autofree guint8 *seen = g_new0 (guint8, MAX (p->n_inst, 1));

  for (guint i = 0; i < s->deck_len; i++)
    if (!tw_check_instance_at (seen, deck[i], loc[deck[i]] == CB_LOC_DECK, "in the stack", why))
      return FALSE;
  for (guint i = 0; i < s->n_placed; i++)
    if (!tw_check_instance_at (seen, placed[i].inst, loc[placed[i].inst] == CB_LOC_BOARD,
                               "on a board", why))
      return FALSE;
  if (s->tile != CB_NONE && (seen[s->tile]++ || loc[s->tile] != CB_LOC_HAND))
    {
      g_string_printf (why, "the drawn tile %u is also elsewhere", s->tile);
      return FALSE;
    }
  for (guint i = 0; i < s->draft_len; i++)
    if (seen[s->draft[i]]++ || loc[s->draft[i]] != CB_LOC_HAND)
      {
        g_string_printf (why, "drafted tile %u is also elsewhere", s->draft[i]);
        return FALSE;
      }
  if (!tw_check_instances_placed (seen, loc, p->n_inst, CB_LOC_DISCARD, why))
    return FALSE;

  /* every region of every board, searched from scratch over that board's tiles */
  g_autofree TwRegionTile *all = cb_region_tiles (game, s);
  g_autofree TwRegionTile *tiles = g_new (TwRegionTile, MAX (s->n_placed, 1));
  g_autofree guint *index = g_new (guint, MAX (s->n_placed, 1));   /* board tile -> placement */
  g_autofree int *local = g_new (int, MAX (s->n_placed, 1));       /* placement -> board tile */
  for (guint board = 0; board <= s->n_players; board++)
    {
      CbBoardTiles lookup = { game, s, board, local };
      guint n = 0;
      guint done[TW_MAX_COLORS] = { 0 };

      for (guint i = 0; i < s->n_placed; i++)
        {
          local[i] = -1;
          if (placed[i].board == board)
            {
              local[i] = n;
              index[n] = i;
              tiles[n++] = all[i];
            }
        }
      g_autoptr(TwRegionMap) map = tw_regions_compute (tiles, n, cb_lookup_local, &lookup);
      g_autofree guint16 *root_of = g_new (guint16, MAX (map->n_regions, 1));
      for (guint k = 0; k < map->n_regions; k++)
        root_of[k] = G_MAXUINT16;

      for (guint t = 0; t < n; t++)
        {
          guint i = index[t];
          for (guint sec = 0; sec < tiles[t].face->n_sections; sec++)
            {
              guint k = map->section_region[4 * t + sec];
              const TwRegion *r = &map->regions[k];
              guint16 root = tw_uf_find (parent, 4 * i + sec);
              if (r->mismatched_edges > 0)
                {
                  g_string_printf (why, "the tile at %d,%d does not match a neighbour", placed[i].x, placed[i].y);
                  return FALSE;
                }
              if (r->open_edges != CB_OPEN (p, s)[root])
                {
                  g_string_printf (why, "shape at %d,%d: %u open edges, %u counted",
                                   placed[i].x, placed[i].y, r->open_edges, CB_OPEN (p, s)[root]);
                  return FALSE;
                }
              /* sections in one region share a root, and distinct regions distinct roots */
              if (root_of[k] == G_MAXUINT16)
                root_of[k] = root;
              else if (root_of[k] != root)
                {
                  g_string_printf (why, "the shape at %d,%d is split in the union-find", placed[i].x, placed[i].y);
                  return FALSE;
                }
            }
        }
      for (guint k = 0; k < map->n_regions; k++)
        for (guint o = k + 1; o < map->n_regions; o++)
          if (root_of[k] == root_of[o])
            {
              g_string_append (why, "two separate shapes share a union-find root");
              return FALSE;
            }
      for (guint k = 0; k < map->n_regions; k++)
        {
          const TwRegion *r = &map->regions[k];
          if (r->open_edges == 0 && (!r->has_hole || cb_opt (game, CB_OPT_COMPLETION) != 0))
            done[r->color]++;
        }
      for (guint c = 0; c < p->n_colors; c++)
        {
          guint counted = board == 0 ? s->done_shared[c] : s->done_private[board - 1][c];
          if (done[c] != counted)
            {
              g_string_printf (why, "%u completed %s shapes on %s%u, %u counted", done[c],
                               game->definition->colors[c].name,
                               board == 0 ? "the shared board" : "private board ", board, counted);
              return FALSE;
            }
        }
    }
  return TRUE;
}
