/* cs-rules.c: Color Shift, every rule in play
 *
 * The rules as read in doc/rules/color-shift.md (from shared/rules/color-shift.md):
 * square tiles of coloured edge triangles joined into colour areas, placement
 * next to the play area with a shared colour, one optional action (place a
 * meeple on the tile just placed, move a meeple 1 to 3 steps that skip gaps
 * and wrap around, or shift the placed tile with the run of tiles it pushes),
 * scoring of newly completed areas for every standing meeple, quick score,
 * replacement draw, equal turns, and the end-game points for unfinished areas.
 * What runs when a definition loads is in cs-prepare.c, the schemas and the
 * rules table in cs-module.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cs-private.h"

/* ------------------------------------------------------------------------ */
/* The play area and its colour areas                                       */

const TwTileDef *
cs_inst_def (const TwGame *game,
             guint         inst)
{
  return &game->definition->tiles[cs_prep (game)->inst_def[inst]];
}

static inline guint
grid_cell (const CsPrep *p,
           int           x,
           int           y)
{
  guint m = p->side - 1;
  return (((guint) y & m) << p->side_shift) | ((guint) x & m);
}

static guint16
uf_union (const CsPrep *p,
          CsState      *s,
          guint16       a,
          guint16       b)
{
  guint16 *parent = CS_PARENT (p, s);
  guint16 *open = CS_OPEN (p, s);
  guint16 *unfin = CS_UNFIN (p, s);
  guint16 *next = CS_NEXT (p, s);

  a = tw_uf_union (parent, a, b, &b);
  if (a == b)
    return a;
  open[a] += open[b];
  unfin[a] += unfin[b];
  /* splice the two circular member lists */
  guint16 t = next[a];
  next[a] = next[b];
  next[b] = t;
  return a;
}

/* Tile @i's edge at @d touches tile @j: both edges close (a mismatched
 * neighbour blocks growth too), and equal colours join the two sections. */
static inline void
join_edge (const CsPrep *p,
           CsState      *s,
           guint         i,
           guint         d,
           guint         j)
{
  const CsPlaced *placed = CS_PLACED (p, s);
  guint16 *parent = CS_PARENT (p, s);
  guint16 *open = CS_OPEN (p, s);
  const TwTileFace *f = cs_face (p, placed[i].inst, placed[i].rot);
  const TwTileFace *g = cs_face (p, placed[j].inst, placed[j].rot);
  guint od = tw_dir_opposite (d);
  guint16 a = 4 * i + f->section_of[d];
  guint16 b = 4 * j + g->section_of[od];

  open[tw_uf_find (parent, a)]--;
  open[tw_uf_find (parent, b)]--;
  if (f->edge[d] == g->edge[od])
    uf_union (p, s, a, b);
}

static inline void
init_nodes (const CsPrep *p,
            CsState      *s,
            guint         i)
{
  const CsPlaced *pl = &CS_PLACED (p, s)[i];
  const TwTileFace *f = cs_face (p, pl->inst, pl->rot);
  guint16 *parent = CS_PARENT (p, s);
  guint16 *open = CS_OPEN (p, s);
  guint16 *unfin = CS_UNFIN (p, s);
  guint16 *next = CS_NEXT (p, s);
  const guint8 *flags = CS_FLAGS (p, s);

  for (guint sec = 0; sec < 4; sec++)
    {
      guint n = 4 * i + sec;
      parent[n] = n;
      next[n] = n;
      open[n] = sec < f->n_sections ? (guint16) __builtin_popcount (f->section_mask[sec]) : 0;
      unfin[n] = sec < f->n_sections && !flags[n];
    }
}

/* Tile @i now lies where it is: its cell leaves the frontier, its empty
 * neighbours join it or learn what it shows them. */
static void
front_add_tile (const CsPrep *p,
                CsState      *s,
                guint         i)
{
  const CsPlaced *pl = &CS_PLACED (p, s)[i];
  const TwTileFace *f = cs_face (p, pl->inst, pl->rot);
  CsFront *front = CS_FRONT (p, s);
  gint k = cs_front_find (p, s, pl->x, pl->y);

  if (k >= 0)
    front[k] = front[--s->n_front];
  for (guint d = 0; d < 4; d++)
    {
      int x = pl->x + tw_dir_dx[d], y = pl->y + tw_dir_dy[d];
      if (cs_at (p, s, x, y) != CS_NONE)
        continue;
      k = cs_front_find (p, s, x, y);
      if (k < 0)
        {
          k = s->n_front++;
          front[k] = (CsFront) { .x = x, .y = y };
        }
      front[k].req |= G_GUINT64_CONSTANT (1) << (16 * tw_dir_opposite (d) + (f->edge[d] & 15));
      front[k].colors |= p->def_colors[p->inst_def[pl->inst]];
    }
}

/**
 * cs_put_tile:
 *
 * Adds tile @inst turned @rot at (x, y) as the next placement and joins its
 * sections to its neighbours'. Does not check legality.
 */
void
cs_put_tile (const TwGame *game,
             CsState      *s,
             guint         inst,
             guint         rot,
             int           x,
             int           y)
{
  const CsPrep *p = cs_prep (game);
  CsPlaced *placed = CS_PLACED (p, s);
  guint i = s->n_placed;

  placed[i] = (CsPlaced) { .inst = inst, .rot = rot, .x = x, .y = y };
  CS_LOC (p, s)[inst] = CS_LOC_BOARD;
  CS_FLAGS (p, s)[4 * i] = CS_FLAGS (p, s)[4 * i + 1] = 0;
  CS_FLAGS (p, s)[4 * i + 2] = CS_FLAGS (p, s)[4 * i + 3] = 0;
  init_nodes (p, s, i);
  if (s->n_placed == 0)
    {
      s->xmin = s->xmax = x;
      s->ymin = s->ymax = y;
    }
  else
    {
      s->xmin = MIN (s->xmin, x);
      s->xmax = MAX (s->xmax, x);
      s->ymin = MIN (s->ymin, y);
      s->ymax = MAX (s->ymax, y);
    }
  s->n_placed++;
  CS_GRID (p, s)[grid_cell (p, x, y)] = i;
  for (guint d = 0; d < 4; d++)
    {
      guint8 j = cs_at (p, s, x + tw_dir_dx[d], y + tw_dir_dy[d]);
      if (j != CS_NONE)
        join_edge (p, s, i, d, j);
    }
  front_add_tile (p, s, i);
  /* point every section at its area's root, so that the read-only lookups
   * of the heuristic and the playouts (area_of) take one step: a root is the
   * smallest node of its area, so one pass upwards flattens all */
  {
    guint16 *parent = CS_PARENT (p, s);

    for (guint n = 0; n < 4 * s->n_placed; n++)
      parent[n] = parent[parent[n]];
  }
}

/**
 * cs_rebuild_areas:
 *
 * Recomputes the bounding box and every area from the tiles' positions:
 * after a shift, and when a position is read from text.
 */
void
cs_rebuild_areas (const TwGame *game,
                  CsState      *s)
{
  const CsPrep *p = cs_prep (game);
  const CsPlaced *placed = CS_PLACED (p, s);

  for (guint i = 0; i < s->n_placed; i++)
    {
      init_nodes (p, s, i);
      if (i == 0)
        {
          s->xmin = s->xmax = placed[i].x;
          s->ymin = s->ymax = placed[i].y;
        }
      s->xmin = MIN (s->xmin, placed[i].x);
      s->xmax = MAX (s->xmax, placed[i].x);
      s->ymin = MIN (s->ymin, placed[i].y);
      s->ymax = MAX (s->ymax, placed[i].y);
    }
  for (guint i = 0; i < s->n_placed; i++)
    for (guint d = TW_EAST; d <= TW_SOUTH; d++)
      {
        guint8 j = cs_at (p, s, placed[i].x + tw_dir_dx[d], placed[i].y + tw_dir_dy[d]);
        if (j != CS_NONE)
          join_edge (p, s, i, d, j);
      }
  s->n_front = 0;
  for (guint i = 0; i < s->n_placed; i++)
    front_add_tile (p, s, i);
}

/* The spread bound of cs-private.h: (W - 1) + (H - 1) <= 2 (n - 1). */
gboolean
cs_spread_ok (const CsState *s)
{
  if (s->n_placed == 0)
    return TRUE;
  return (s->xmax - s->xmin) + (s->ymax - s->ymin) <= 2 * (s->n_placed - 1);
}

/* Distinct tiles of an area (see the merged-finished-tiles option), and
 * whether every section of it is finished. */
guint
cs_area_tiles (const TwGame  *game,
               const CsState *s,
               guint16        root,
               gboolean      *all_finished)
{
  const CsPrep *p = cs_prep (game);
  const guint8 *flags = CS_FLAGS (p, s);
  const guint16 *next = CS_NEXT (p, s);
  gboolean only_unfinished = cs_opt (game, CS_OPT_MERGED_FINISHED) == 1;
  guint64 in[4] = { 0 }, fresh[4] = { 0 };
  guint16 node = root;

  do
    {
      guint i = node / 4;
      in[i >> 6] |= G_GUINT64_CONSTANT (1) << (i & 63);
      if (!flags[node])
        fresh[i >> 6] |= G_GUINT64_CONSTANT (1) << (i & 63);
      node = next[node];
    }
  while (node != root);
  if (all_finished)
    *all_finished = CS_UNFIN (p, s)[root] == 0;
  guint n = 0;
  for (guint w = 0; w < 4; w++)
    n += __builtin_popcountll (only_unfinished ? fresh[w] : in[w]);
  return n;
}

/* Is a meeple standing in the area (@skip: a meeple to leave out)? */
gboolean
cs_area_has_standing (const CsPrep  *p,
                      const CsState *s,
                      guint16        root,
                      const CsMeeple *skip)
{
  for (guint q = 0; q < s->n_players; q++)
    for (guint k = 0; k < CS_MAX_MEEPLES; k++)
      {
        const CsMeeple *m = &s->meeple[q][k];
        if (m->tile == CS_NONE)
          continue;
        if (m != skip && m->standing && cs_area_of (p, s, m->tile, m->sec) == root)
          return TRUE;
      }
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Placement                                                                */

static inline gboolean
fits (const TwGame *game,
      const CsPrep *p,
      guint         def,
      guint         rot,
      guint64       req,
      guint16       nb_colors)
{
  if (cs_opt (game, CS_OPT_PLACEMENT_MATCH) == 1)
    return (p->def_colors[def] & nb_colors) != 0;
  return (p->face_bits[def][rot] & req) != 0;
}

/* Appends every placement of the hand of @seat to @out, or with @out NULL
 * returns as soon as one exists. Returns the number found. Hand tiles of the
 * same definition and rotations that show the same face are listed once. */
static guint
gen_placements (const TwGame  *game,
                const CsState *s,
                guint          seat,
                TwMoveList    *out)
{
  const CsPrep *p = cs_prep (game);
  guint8 slots[CS_MAX_HAND];
  guint n_slots = 0, n = 0;

  for (guint h = 0; h < s->hand_len[seat]; h++)
    {
      gboolean dup = FALSE;
      for (guint k = 0; k < n_slots; k++)
        dup |= p->inst_def[s->hand[seat][slots[k]]] == p->inst_def[s->hand[seat][h]];
      if (!dup)
        slots[n_slots++] = h;
    }
  if (n_slots == 0)
    return 0;

  const CsFront *front = CS_FRONT (p, s);
  for (guint e = 0; e < s->n_front; e++)
      {
        int x = front[e].x, y = front[e].y;
        guint64 req = front[e].req;
        guint16 nb_colors = front[e].colors;
        for (guint k = 0; k < n_slots; k++)
          {
            guint def = p->inst_def[s->hand[seat][slots[k]]];
            for (guint r = 0; r < p->n_rotations[def]; r++)
              {
                guint rot = p->rotations[def][r];
                if (!fits (game, p, def, rot, req, nb_colors))
                  continue;
                n++;
                if (out == NULL)
                  return n;
                TwMove *m = tw_move_list_push (out);
                m->kind = CS_MOVE_PLACE;
                m->b = rot;
                m->c = slots[k];
                m->x = x;
                m->y = y;
              }
          }
      }
  return n;
}

static gboolean
can_place (const TwGame  *game,
           const CsState *s,
           guint          inst,
           guint          rot,
           int            x,
           int            y,
           GString       *why)
{
  const CsPrep *p = cs_prep (game);
  guint def = p->inst_def[inst];
  guint64 req;
  guint16 nb_colors;

  if (rot > 3)
    {
      if (why)
        g_string_append (why, _("a rotation is 0 to 3 quarter turns"));
      return FALSE;
    }
  if (cs_at (p, s, x, y) != CS_NONE)
    {
      if (why)
        g_string_append (why, _("that cell already holds a tile"));
      return FALSE;
    }
  if (cs_cell_needs (p, s, x, y, &req, &nb_colors) == CS_NONE)
    {
      if (why)
        g_string_append (why, _("a tile must be placed adjacent to an already placed tile"));
      return FALSE;
    }
  if (!fits (game, p, def, rot, req, nb_colors))
    {
      if (why)
        g_string_append (why, cs_opt (game, CS_OPT_PLACEMENT_MATCH) == 1
                         ? _("the placed tile must share at least 1 color with the adjacent tile")
                         : _("the placed tile must share at least 1 color with the adjacent tile "
                             "on a touching edge"));
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Meeple movement                                                          */

/**
 * cs_step:
 *
 * One step of a meeple from the tile at placement @from in direction @d: to
 * the next tile in that row or column, skipping gaps; past the last tile,
 * off the edge of the play area and onto the farthest tile at the opposite
 * end of the same row or column (one step). A tile alone in its row has no
 * step that way.
 */
guint8
cs_step (const CsPrep  *p,
         const CsState *s,
         guint          from,
         guint          d)
{
  const CsPlaced *pl = &CS_PLACED (p, s)[from];
  const guint8 *grid = CS_GRID (p, s);
  const guint m = p->side - 1;
  int dx = tw_dir_dx[d], dy = tw_dir_dy[d];
  int lo, hi, at;
  guint base, stride;

  /* walk the row or column inside the bounding box, straight on the grid */
  if (dx != 0)
    {
      base = ((guint) pl->y & m) << p->side_shift;
      stride = 1;
      lo = s->xmin;
      hi = s->xmax;
      at = pl->x;
    }
  else
    {
      base = (guint) pl->x & m;
      stride = p->side;
      lo = s->ymin;
      hi = s->ymax;
      at = pl->y;
    }
  int step = dx + dy;
  for (int v = at + step; v >= lo && v <= hi; v += step)
    {
      guint8 j = grid[base + ((guint) v & m) * stride];
      if (j != CS_NONE)
        return j;
    }
  /* wrap: the far end of the same row or column, scanning back towards the start */
  for (int v = step > 0 ? lo : hi; v != at; v += step)
    {
      guint8 j = grid[base + ((guint) v & m) * stride];
      if (j != CS_NONE)
        return j;
    }
  return CS_NONE;
}

typedef struct
{
  guint8 next[CS_MAX_TILES][4];   /* CS_NONE - 1 = not computed yet */
} StepMemo;

#define CS_UNKNOWN 0xfe

static inline guint8
memo_step (const CsPrep  *p,
           const CsState *s,
           StepMemo      *memo,
           guint          from,
           guint          d)
{
  if (memo->next[from][d] == CS_UNKNOWN)
    memo->next[from][d] = cs_step (p, s, from, d);
  return memo->next[from][d];
}

static void
reach_memo (const TwGame  *game,
            const CsState *s,
            StepMemo      *memo,
            guint          from,
            guint64        out[4])
{
  const CsPrep *p = cs_prep (game);

  out[0] = out[1] = out[2] = out[3] = 0;
  if (cs_opt (game, CS_OPT_MOVE_PATH) == 1)
    {
      for (guint d = 0; d < 4; d++)
        {
          guint j = from;
          for (guint k = 0; k < 3; k++)
            {
              j = memo_step (p, s, memo, j, d);
              if (j == CS_NONE)
                break;
              out[j >> 6] |= G_GUINT64_CONSTANT (1) << (j & 63);
            }
        }
      return;
    }

  guint64 cur[4] = { 0 }, next[4];
  cur[from >> 6] = G_GUINT64_CONSTANT (1) << (from & 63);
  for (guint level = 0; level < 3; level++)
    {
      next[0] = next[1] = next[2] = next[3] = 0;
      for (guint w = 0; w < 4; w++)
        for (guint64 bits = cur[w]; bits; bits &= bits - 1)
          {
            guint i = 64 * w + __builtin_ctzll (bits);
            for (guint d = 0; d < 4; d++)
              {
                guint8 j = memo_step (p, s, memo, i, d);
                if (j != CS_NONE)
                  next[j >> 6] |= G_GUINT64_CONSTANT (1) << (j & 63);
              }
          }
      for (guint w = 0; w < 4; w++)
        {
          out[w] |= next[w];
          cur[w] = next[w];
        }
    }
}

void
cs_reach (const TwGame  *game,
          const CsState *s,
          guint          from,
          guint64        out[4])
{
  StepMemo memo;

  memset (memo.next, CS_UNKNOWN, sizeof (memo.next[0]) * s->n_placed);
  reach_memo (game, s, &memo, from, out);
}

/* ------------------------------------------------------------------------ */
/* Scoring and turns                                                        */

int
cs_total_score (const CsState *s,
                guint          seat)
{
  return s->score[seat] + s->end_points[seat];
}

/* An area with no edge facing an empty cell: every standing meeple in it
 * scores one point per tile for its owner, then every meeple in it lies
 * down and its sections are flagged finished. */
static void
score_if_complete (const TwGame *game,
                   CsState      *s,
                   guint16       root)
{
  const CsPrep *p = cs_prep (game);
  guint8 *flags = CS_FLAGS (p, s);
  gboolean all_finished;
  gboolean any_meeple = FALSE;

  if (CS_OPEN (p, s)[root] != 0)
    return;
  guint n_tiles = cs_area_tiles (game, s, root, &all_finished);
  if (all_finished)
    return;
  for (guint q = 0; q < s->n_players; q++)
    for (guint k = 0; k < CS_MAX_MEEPLES; k++)
      {
        CsMeeple *m = &s->meeple[q][k];
        if (m->tile == CS_NONE || cs_area_of (p, s, m->tile, m->sec) != root)
          continue;
        if (m->standing)
          {
            s->score[q] += n_tiles;
            s->counters[CS_COUNTER_POINTS_COMPLETED] += n_tiles;
            any_meeple = TRUE;
          }
        m->standing = 0;
      }
  const guint16 *next = CS_NEXT (p, s);
  guint16 node = root;
  do
    {
      flags[node] = 1;
      node = next[node];
    }
  while (node != root);
  CS_UNFIN (p, s)[root] = 0;
  s->counters[CS_COUNTER_AREAS_COMPLETED]++;
  s->counters[CS_COUNTER_COMPLETED_TILES] += n_tiles;
  if (any_meeple)
    s->counters[CS_COUNTER_AREAS_SCORED]++;
}

/* Step 3: score what this turn completed. Only the placed tile's areas and
 * the areas its edges closed can have completed, unless a shift moved tiles. */
static void
score_turn (const TwGame *game,
            CsState      *s,
            gboolean      shifted)
{
  const CsPrep *p = cs_prep (game);
  const CsPlaced *placed = CS_PLACED (p, s);

  if (shifted)
    {
      /* a shift can cut a finished section (which a meeple may stand on while
       * its area also held unfinished sections) away into an area that is
       * all finished: a meeple standing there lies down, as one that ends a
       * move on a finished area does ("finished areas stay finished") */
      for (guint q = 0; q < s->n_players; q++)
        for (guint k = 0; k < CS_MAX_MEEPLES; k++)
          {
            CsMeeple *m = &s->meeple[q][k];
            if (m->tile != CS_NONE && m->standing
                && cs_area_finished (p, s, cs_area_of (p, s, m->tile, m->sec)))
              m->standing = 0;
          }
      for (guint i = 0; i < s->n_placed; i++)
        {
          const TwTileFace *f = cs_face (p, placed[i].inst, placed[i].rot);
          for (guint sec = 0; sec < f->n_sections; sec++)
            score_if_complete (game, s, cs_area_of (p, s, i, sec));
        }
      return;
    }
  if (s->placed == CS_NONE)
    return;
  guint i = s->placed;
  const TwTileFace *f = cs_face (p, placed[i].inst, placed[i].rot);
  for (guint sec = 0; sec < f->n_sections; sec++)
    score_if_complete (game, s, cs_area_of (p, s, i, sec));
  for (guint d = 0; d < 4; d++)
    {
      guint8 j = cs_at (p, s, placed[i].x + tw_dir_dx[d], placed[i].y + tw_dir_dy[d]);
      if (j == CS_NONE)
        continue;
      const TwTileFace *g = cs_face (p, placed[j].inst, placed[j].rot);
      score_if_complete (game, s, cs_area_of (p, s, j, g->section_of[tw_dir_opposite (d)]));
    }
}

/* The end: lying meeples leave (they score nothing), and every seat scores
 * its end-of-game points (cs_end_points(): by the rulebook, 1 point per 2
 * tiles of an unfinished area for each standing meeple in it) in the final
 * position. The counter adds up what the seats gain: a seat whose terms
 * sum below 0 adds nothing to it (counters only count up). */
static void
finish (const TwGame *game,
        CsState      *s)
{
  s->phase = CS_PHASE_DONE;
  s->placed = CS_NONE;
  s->current = 0;
  for (guint q = 0; q < s->n_players; q++)
    {
      int pts = cs_end_points (game, s, q, NULL);
      s->end_points[q] = pts;
      s->counters[CS_COUNTER_POINTS_END] += MAX (pts, 0);
    }
}

static void
draw_to_hand (const TwGame *game,
              CsState      *s,
              guint         seat)
{
  const CsPrep *p = cs_prep (game);
  guint8 *deck = CS_DECK (p, s);

  while (s->hand_len[seat] < (guint) cs_opt (game, CS_OPT_HAND_SIZE) && s->deck_len > 0)
    {
      guint inst = deck[--s->deck_len];
      CS_LOC (p, s)[inst] = CS_LOC_HAND;
      s->hand[seat][s->hand_len[seat]++] = inst;
    }
}

/* Whether some seat still holds a tile. */
static gboolean
any_hand (const CsState *s)
{
  for (guint q = 0; q < s->n_players; q++)
    if (s->hand_len[q] > 0)
      return TRUE;
  return FALSE;
}

/* The next turn. "Everyone should have taken an equal number of turns": by
 * default the game ends only at the end of a round (seat 1 plays first), and
 * a seat whose hand ran out before the others' (a discard took a tile from
 * the stack) takes its turn with step 1 skipped. With empty-hand=passed-over
 * the next seat holding a tile plays, and the game ends when nobody holds
 * one. */
static void
next_turn (const TwGame *game,
           CsState      *s)
{
  s->placed = CS_NONE;
  s->discarded = 0;
  if (cs_opt (game, CS_OPT_EMPTY_HAND) == 0)
    {
      guint q = (s->current + 1) % s->n_players;
      if (q == 0 && !any_hand (s))
        {
          finish (game, s);
          return;
        }
      s->current = q;
      s->counters[CS_COUNTER_TURNS]++;
      if (s->hand_len[q] > 0)
        s->phase = CS_PHASE_PLACE;
      else
        {
          s->phase = CS_PHASE_ACTION;
          s->counters[CS_COUNTER_SKIPPED_PLACEMENTS]++;
        }
      return;
    }
  for (guint i = 1; i <= s->n_players; i++)
    {
      guint q = (s->current + i) % s->n_players;
      if (s->hand_len[q] > 0)
        {
          s->current = q;
          s->phase = CS_PHASE_PLACE;
          s->counters[CS_COUNTER_TURNS]++;
          return;
        }
    }
  finish (game, s);
}

static void
end_turn (const TwGame *game,
          CsState      *s,
          gboolean      shifted)
{
  score_turn (game, s, shifted);
  draw_to_hand (game, s, s->current);
  next_turn (game, s);
}

static void
remove_hand_slot (CsState *s,
                  guint    seat,
                  guint    slot)
{
  memmove (&s->hand[seat][slot], &s->hand[seat][slot + 1], s->hand_len[seat] - slot - 1);
  s->hand_len[seat]--;
  s->hand[seat][s->hand_len[seat]] = 0;
}

/**
 * cs_reset:
 *
 * An empty position: no tiles anywhere (every instance out), meeples in the
 * supplies. The caller fills it in.
 */
void
cs_reset (const TwGame *game,
          CsState      *s,
          guint         n_players)
{
  const CsPrep *p = cs_prep (game);

  memset (s, 0, p->size);
  s->n_players = n_players;
  s->placed = CS_NONE;
  memset (CS_GRID (p, s), CS_NONE, (gsize) p->side * p->side);
  memset (CS_LOC (p, s), CS_LOC_OUT, p->n_inst);
  for (guint q = 0; q < CS_MAX_PLAYERS; q++)
    for (guint k = 0; k < CS_MAX_MEEPLES; k++)
      s->meeple[q][k].tile = CS_NONE;
}

void
cs_init (const TwGame *game,
         TwState      *state,
         guint64       seed)
{
  const CsPrep *p = cs_prep (game);
  CsState *s = (CsState *) state;
  guint8 *deck = CS_DECK (p, s);
  guint8 *loc = CS_LOC (p, s);

  cs_reset (game, s, game->n_players);
  tw_rng_seed (&s->rng, seed);
  for (guint t = 0; t < p->n_inst; t++)
    if ((gint) t != p->start_inst)
      {
        deck[s->deck_len++] = t;
        loc[t] = CS_LOC_DECK;
      }
  tw_rng_shuffle_u8 (&s->rng, deck, s->deck_len);

  /* the start tile: the definition's, else the top of the shuffled stack */
  guint start = p->start_inst >= 0 ? (guint) p->start_inst : deck[--s->deck_len];
  cs_put_tile (game, s, start, 0, 0, 0);

  for (guint q = 0; q < s->n_players; q++)
    draw_to_hand (game, s, q);
  if (cs_opt (game, CS_OPT_EQUAL_TURNS) == 0)
    {
      /* the stack is shuffled: its top tiles are random tiles */
      guint total = s->deck_len;
      for (guint q = 0; q < s->n_players; q++)
        total += s->hand_len[q];
      guint extra = MIN (total % s->n_players, s->deck_len);
      for (guint k = 0; k < extra; k++)
        loc[deck[--s->deck_len]] = CS_LOC_OUT;
      s->counters[CS_COUNTER_REMOVED] = extra;
    }
  s->current = s->n_players - 1;
  next_turn (game, s);
}

guint64
cs_hash (const TwGame  *game,
         const TwState *state)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  const CsPlaced *placed = CS_PLACED (p, s);
  const guint8 *deck = CS_DECK (p, s);
  const guint8 *flags = CS_FLAGS (p, s);
  guint64 h = 0x243f6a8885a308d3ull;

  h = tw_mix64 (h, s->phase | (guint64) s->current << 8 | (guint64) s->placed << 16
                   | (guint64) s->discarded << 24 | (guint64) s->n_players << 32);
  for (guint i = 0; i < 4; i++)
    h = tw_mix64 (h, s->rng.s[i]);
  for (guint i = 0; i < s->deck_len; i++)
    h = tw_mix64 (h, deck[i]);
  for (guint q = 0; q < s->n_players; q++)
    {
      h = tw_mix64 (h, (guint64) (guint32) s->score[q] | (guint64) (guint32) s->end_points[q] << 32);
      for (guint i = 0; i < s->hand_len[q]; i++)
        h = tw_mix64 (h, s->hand[q][i] | 0x100u << q);
      for (guint k = 0; k < CS_MAX_MEEPLES; k++)
        h = tw_mix64 (h, s->meeple[q][k].tile | s->meeple[q][k].sec << 8 | s->meeple[q][k].standing << 16);
    }
  for (guint i = 0; i < s->n_placed; i++)
    h = tw_mix64 (h, placed[i].inst | (guint64) placed[i].rot << 8
                     | (guint64) (guint16) placed[i].x << 16 | (guint64) (guint16) placed[i].y << 32
                     | (guint64) (flags[4 * i] | flags[4 * i + 1] << 1 | flags[4 * i + 2] << 2
                                  | flags[4 * i + 3] << 3) << 48);
  return h;
}

int
cs_to_act (const TwGame  *game,
           const TwState *state)
{
  const CsState *s = (const CsState *) state;
  return s->phase == CS_PHASE_DONE ? -1 : s->current;
}

gint
cs_first_supply_meeple (const TwGame  *game,
                        const CsState *s,
                        guint          seat)
{
  guint n = (guint) cs_opt (game, CS_OPT_MEEPLES);
  for (guint k = 0; k < n; k++)
    if (s->meeple[seat][k].tile == CS_NONE)
      return k;
  return -1;
}

void
cs_legal_moves (const TwGame  *game,
                const TwState *state,
                TwMoveList    *out)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  const CsPlaced *placed = CS_PLACED (p, s);
  guint seat = s->current;

  switch (s->phase)
    {
    case CS_PHASE_PLACE:
      if (gen_placements (game, s, seat, out) == 0)
        for (guint h = 0; h < s->hand_len[seat]; h++)
          {
            gboolean dup = FALSE;
            for (guint k = 0; k < h; k++)
              dup |= p->inst_def[s->hand[seat][k]] == p->inst_def[s->hand[seat][h]];
            if (dup)
              continue;
            TwMove *m = tw_move_list_push (out);
            m->kind = CS_MOVE_DISCARD;
            m->c = h;
          }
      break;

    case CS_PHASE_ACTION:
      {
        TwMove *m = tw_move_list_push (out);
        m->kind = CS_MOVE_PASS;

        if (s->placed != CS_NONE)
          {
            const CsPlaced *pl = &placed[s->placed];
            const TwTileFace *f = cs_face (p, pl->inst, pl->rot);
            if (cs_first_supply_meeple (game, s, seat) >= 0)
              for (guint sec = 0; sec < f->n_sections; sec++)
                {
                  guint16 root = cs_area_of (p, s, s->placed, sec);
                  if (cs_area_has_standing (p, s, root, NULL) || cs_area_finished (p, s, root))
                    continue;
                  m = tw_move_list_push (out);
                  m->kind = CS_MOVE_MEEPLE;
                  m->c = sec;
                }
            for (guint d = 0; d < 4; d++)
              if (cs_at (p, s, pl->x + tw_dir_dx[d], pl->y + tw_dir_dy[d]) != CS_NONE)
                {
                  m = tw_move_list_push (out);
                  m->kind = CS_MOVE_SHIFT;
                  m->a = d;
                }
          }

        StepMemo memo;
        gboolean memo_ready = FALSE;
        for (guint k = 0; k < (guint) cs_opt (game, CS_OPT_MEEPLES); k++)
          {
            const CsMeeple *mp = &s->meeple[seat][k];
            guint64 reach[4];
            if (mp->tile == CS_NONE)
              continue;
            if (!memo_ready)
              {
                memset (memo.next, CS_UNKNOWN, sizeof (memo.next[0]) * s->n_placed);
                memo_ready = TRUE;
              }
            reach_memo (game, s, &memo, mp->tile, reach);
            for (guint w = 0; w < 4; w++)
              for (guint64 bits = reach[w]; bits; bits &= bits - 1)
                {
                  guint j = 64 * w + __builtin_ctzll (bits);
                  guint n_sec = cs_face (p, placed[j].inst, placed[j].rot)->n_sections;
                  for (guint sec = 0; sec < n_sec; sec++)
                    {
                      m = tw_move_list_push (out);
                      m->kind = CS_MOVE_WALK;
                      m->a = k;
                      m->c = sec;
                      m->x = placed[j].x;
                      m->y = placed[j].y;
                    }
                }
          }
        break;
      }

    default:
      break;
    }
}

/* After a discard or a placement-less turn start: is there still a tile to
 * place, or is step 1 skipped? */
static void
after_discard (const TwGame *game,
               CsState      *s)
{
  if (gen_placements (game, s, s->current, NULL) > 0)
    return;
  if (cs_opt (game, CS_OPT_UNPLACEABLE) == 1 && s->deck_len > 0 && s->hand_len[s->current] > 0)
    return;   /* keep discarding */
  s->phase = CS_PHASE_ACTION;
  s->placed = CS_NONE;
  s->counters[CS_COUNTER_SKIPPED_PLACEMENTS]++;
}

gboolean
cs_apply (const TwGame  *game,
          TwState       *state,
          const TwMove  *move,
          GString       *why)
{
  const CsPrep *p = cs_prep (game);
  CsState *s = (CsState *) state;
  CsPlaced *placed = CS_PLACED (p, s);
  guint seat = s->current;

  if (s->phase == CS_PHASE_DONE)
    return tw_refuse (why, N_("the game is over"));

  switch (move->kind)
    {
    case CS_MOVE_PLACE:
      {
        if (s->phase != CS_PHASE_PLACE)
          return tw_refuse (why, N_("the tile is already placed: take an action or pass"));
        if (move->c >= s->hand_len[seat])
          return tw_refuse (why, N_("there is no such tile in your hand"));
        if (move->a != 0)
          return tw_refuse (why, N_("not a Color Shift move"));
        guint inst = s->hand[seat][move->c];
        if (!can_place (game, s, inst, move->b, move->x, move->y, why))
          return FALSE;
        remove_hand_slot (s, seat, move->c);
        cs_put_tile (game, s, inst, move->b, move->x, move->y);
        s->placed = s->n_placed - 1;
        s->phase = CS_PHASE_ACTION;
        return TRUE;
      }

    case CS_MOVE_DISCARD:
      {
        if (s->phase != CS_PHASE_PLACE)
          return tw_refuse (why, N_("only a tile that cannot be placed is discarded, before placing"));
        if (move->c >= s->hand_len[seat])
          return tw_refuse (why, N_("there is no such tile in your hand"));
        if (gen_placements (game, s, seat, NULL) > 0)
          return tw_refuse (why, N_("a tile in your hand can be placed: place it"));
        guint inst = s->hand[seat][move->c];
        remove_hand_slot (s, seat, move->c);
        CS_LOC (p, s)[inst] = CS_LOC_OUT;
        s->counters[CS_COUNTER_DISCARDED]++;
        s->discarded = 1;
        if (s->deck_len > 0)
          {
            guint8 *deck = CS_DECK (p, s);
            guint drawn = deck[--s->deck_len];
            CS_LOC (p, s)[drawn] = CS_LOC_HAND;
            s->hand[seat][s->hand_len[seat]++] = drawn;
          }
        after_discard (game, s);
        return TRUE;
      }

    case CS_MOVE_MEEPLE:
      {
        if (s->phase != CS_PHASE_ACTION)
          return tw_refuse (why, N_("place your tile first"));
        if (s->placed == CS_NONE)
          return tw_refuse (why, N_("a meeple goes on the tile you just placed, and you placed none"));
        const CsPlaced *pl = &placed[s->placed];
        const TwTileFace *f = cs_face (p, pl->inst, pl->rot);
        if (move->c >= f->n_sections)
          return tw_refuse (why, N_("that tile has no such colour region"));
        gint k = cs_first_supply_meeple (game, s, seat);
        if (k < 0)
          return tw_refuse (why, N_("you have no meeple left to place"));
        guint16 root = cs_area_of (p, s, s->placed, move->c);
        if (cs_area_has_standing (p, s, root, NULL))
          return tw_refuse (why, N_("you may only place a meeple on a connected color area that has "
                                   "no other meeples on it (including your own)"));
        if (cs_area_finished (p, s, root))
          return tw_refuse (why, N_("that color area is already finished"));
        s->meeple[seat][k] = (CsMeeple) { .tile = s->placed, .sec = move->c, .standing = 1 };
        s->counters[CS_COUNTER_MEEPLES_PLACED]++;
        end_turn (game, s, FALSE);
        return TRUE;
      }

    case CS_MOVE_WALK:
      {
        if (s->phase != CS_PHASE_ACTION)
          return tw_refuse (why, N_("place your tile first"));
        if (move->a >= (guint) cs_opt (game, CS_OPT_MEEPLES) || s->meeple[seat][move->a].tile == CS_NONE)
          return tw_refuse (why, N_("you have no such meeple on the play area"));
        guint8 dest = cs_at (p, s, move->x, move->y);
        if (dest == CS_NONE)
          return tw_refuse (why, N_("a meeple moves onto a tile, and that cell is empty"));
        const TwTileFace *f = cs_face (p, placed[dest].inst, placed[dest].rot);
        if (move->c >= f->n_sections)
          return tw_refuse (why, N_("that tile has no such colour region"));
        guint64 reach[4];
        cs_reach (game, s, s->meeple[seat][move->a].tile, reach);
        if (!(reach[dest >> 6] & (G_GUINT64_CONSTANT (1) << (dest & 63))))
          return tw_refuse (why, cs_opt (game, CS_OPT_MOVE_PATH) == 1
                                 ? N_("a meeple moves 1 - 3 tiles in one direction")
                                 : N_("a meeple moves 1 - 3 tiles (orthogonally)"));
        CsMeeple *mp = &s->meeple[seat][move->a];
        guint16 root = cs_area_of (p, s, dest, move->c);
        mp->tile = dest;
        mp->sec = move->c;
        /* on a finished area or an occupied one it lies down; elsewhere it stands */
        mp->standing = !cs_area_finished (p, s, root) && !cs_area_has_standing (p, s, root, mp);
        s->counters[CS_COUNTER_WALKS]++;
        end_turn (game, s, FALSE);
        return TRUE;
      }

    case CS_MOVE_SHIFT:
      {
        if (s->phase != CS_PHASE_ACTION)
          return tw_refuse (why, N_("place your tile first"));
        if (s->placed == CS_NONE)
          return tw_refuse (why, N_("only the tile you just placed can be shifted, and you placed none"));
        if (move->a > 3)
          return tw_refuse (why, N_("a direction is N, E, S or W"));
        int dx = tw_dir_dx[move->a], dy = tw_dir_dy[move->a];
        const CsPlaced *pl = &placed[s->placed];
        if (cs_at (p, s, pl->x + dx, pl->y + dy) == CS_NONE)
          return tw_refuse (why, N_("you must push at least 1 tile"));
        /* the run: the placed tile and every tile after it up to the first gap */
        guint8 run[CS_MAX_TILES];
        guint n = 0;
        int x = pl->x, y = pl->y;
        guint8 j;
        while ((j = cs_at (p, s, x, y)) != CS_NONE)
          {
            run[n++] = j;
            x += dx;
            y += dy;
          }
        guint8 *grid = CS_GRID (p, s);
        grid[grid_cell (p, pl->x, pl->y)] = CS_NONE;
        for (guint k = n; k > 0; k--)
          {
            CsPlaced *t = &placed[run[k - 1]];
            t->x += dx;
            t->y += dy;
            grid[grid_cell (p, t->x, t->y)] = run[k - 1];
          }
        cs_rebuild_areas (game, s);
        s->counters[CS_COUNTER_SHIFTS]++;
        end_turn (game, s, TRUE);
        return TRUE;
      }

    case CS_MOVE_PASS:
      if (s->phase != CS_PHASE_ACTION)
        return tw_refuse (why, N_("place your tile first"));
      s->counters[CS_COUNTER_PASSES]++;
      end_turn (game, s, FALSE);
      return TRUE;

    default:
      return tw_refuse (why, N_("not a Color Shift move"));
    }
}

void
cs_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const CsState *s = (const CsState *) state;
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = cs_total_score (s, q);
}

void
cs_ranking (const TwGame  *game,
            const TwState *state,
            guint         *rank)
{
  const CsState *s = (const CsState *) state;
  int sc[CS_MAX_PLAYERS];

  /* no tie-break is given: equal scores share a place */
  for (guint q = 0; q < s->n_players; q++)
    sc[q] = cs_total_score (s, q);
  tw_rank_by_score (sc, s->n_players, rank);
}

void
cs_observe (const TwGame *game,
            TwState      *state,
            guint         player,
            TwRng        *rng)
{
  const CsPrep *p = cs_prep (game);
  CsState *s = (CsState *) state;
  guint8 *deck = CS_DECK (p, s);
  guint8 pool[CS_MAX_TILES];
  guint n = 0;

  /* the stack's order and the other hands are hidden: deal them again */
  for (guint i = 0; i < s->deck_len; i++)
    pool[n++] = deck[i];
  for (guint q = 0; q < s->n_players; q++)
    if (q != player)
      for (guint i = 0; i < s->hand_len[q]; i++)
        pool[n++] = s->hand[q][i];
  tw_canonical_pool (pool, n);
  tw_rng_shuffle_u8 (rng, pool, n);
  n = 0;
  for (guint i = 0; i < s->deck_len; i++)
    {
      deck[i] = pool[n++];
      CS_LOC (p, s)[deck[i]] = CS_LOC_DECK;
    }
  for (guint q = 0; q < s->n_players; q++)
    if (q != player)
      for (guint i = 0; i < s->hand_len[q]; i++)
        {
          s->hand[q][i] = pool[n++];
          CS_LOC (p, s)[s->hand[q][i]] = CS_LOC_HAND;
        }
  tw_rng_seed (&s->rng, tw_rng_next (rng));
}

void
cs_counters (const TwGame  *game,
             const TwState *state,
             guint64       *out)
{
  tw_counters_copy (((const CsState *) state)->counters, CS_N_COUNTERS, out);
}
