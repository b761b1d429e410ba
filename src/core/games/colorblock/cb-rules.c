/* cb-rules.c: Colorblock, every rule in play
 *
 * The rules as read in doc/rules/colorblock.md (from shared/rules/colorblock.md):
 * edge-matching square tiles on a shared board and a private board of at most
 * k x k, completed colour shapes multiplied private x shared, goal cards
 * claimed the moment they are met, the end trigger with one last turn for
 * everyone else, the lightning-round tie-break and the expert draft. What
 * runs when a definition loads is in cb-prepare.c, the schemas and the rules
 * table in cb-module.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cb-private.h"
#include "tw-regions.h"

/* ------------------------------------------------------------------------ */
/* Boards                                                                   */

const TwTileDef *
cb_inst_def (const TwGame *game,
             guint         inst)
{
  return &game->definition->tiles[cb_prep (game)->inst_def[inst]];
}

static inline guint
shared_cell (const CbPrep *p,
             int           x,
             int           y)
{
  int S = (int) p->side;
  int mx = x % S, my = y % S;
  if (mx < 0)
    mx += S;
  if (my < 0)
    my += S;
  return (guint) (my * S + mx);
}

static inline guint
n_shared (const CbState *s)
{
  guint n = s->n_placed;
  for (guint p = 0; p < s->n_players; p++)
    n -= s->n_private[p];
  return n;
}

/* The placement index at a board cell, or CB_NONE. */
guint8
cb_board_at (const TwGame  *game,
             const CbState *s,
             guint          board,
             int            x,
             int            y)
{
  const CbPrep *p = cb_prep (game);

  if (board == 0)
    {
      if (n_shared (s) == 0 || x < s->sxmin - 1 || x > s->sxmax + 1
          || y < s->symin - 1 || y > s->symax + 1)
        return CB_NONE;
      guint16 v = CB_GRID (p, s)[shared_cell (p, x, y)];
      return (v & CB_CELL_FRONT) ? CB_NONE : v;
    }
  int c = cb_private_cell (x, y);
  return c < 0 ? CB_NONE : s->pgrid[board - 1][c];
}

/* The colour required at each side of a cell by its neighbours: 4 bits per
 * direction in @req, and the bits that matter in @mask. Returns how many
 * neighbours there are. */
static inline guint
cell_requirement (const TwGame  *game,
                  const CbState *s,
                  guint          board,
                  int            x,
                  int            y,
                  guint16       *req,
                  guint16       *mask)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  guint n = 0;

  *req = *mask = 0;
  for (guint d = 0; d < 4; d++)
    {
      guint8 j = cb_board_at (game, s, board, x + tw_dir_dx[d], y + tw_dir_dy[d]);
      if (j == CB_NONE)
        continue;
      const TwTileFace *f = cb_inst_face (p, placed[j].inst, placed[j].rot);
      *req |= (guint16) (f->edge[tw_dir_opposite (d)] & 0xf) << (4 * d);
      *mask |= (guint16) 0xf << (4 * d);
      n++;
    }
  return n;
}

/**
 * cb_can_place:
 *
 * Whether @seat may put tile @inst turned @rot at (x, y) of @board (0 shared,
 * 1 + seat its own private board). Appends the reason to @why when not.
 */
gboolean
cb_can_place (const TwGame  *game,
              const CbState *s,
              guint          seat,
              guint          board,
              guint          inst,
              guint          rot,
              int            x,
              int            y,
              GString       *why)
{
  const CbPrep *p = cb_prep (game);
  guint16 req, mask;

  if (rot > 3 || (rot != 0 && !cb_opt (game, CB_OPT_ROTATION)))
    {
      if (why)
        g_string_append (why, _("tiles cannot be turned in this variant (rotation is off)"));
      return FALSE;
    }
  if (board != 0 && board != 1 + seat)
    {
      if (why)
        g_string_append (why, _("you can't play a tile on another player's Private Board"));
      return FALSE;
    }
  if (board == 0 ? n_shared (s) == 0 : s->n_private[seat] == 0)
    {
      if (x != 0 || y != 0)
        {
          if (why)
            g_string_append (why, _("the first tile of a board is placed at 0,0"));
          return FALSE;
        }
      return TRUE;
    }
  if (board == 0 && (ABS (x) > (int) p->n_inst + 1 || ABS (y) > (int) p->n_inst + 1))
    {
      if (why)
        g_string_append (why, _("that cell is not next to any tile"));
      return FALSE;
    }
  if (board != 0 && cb_private_cell (x, y) < 0)
    {
      if (why)
        g_string_printf (why, _("a Private Board can't be bigger than a %ux%u square"),
                         cb_private_side (game), cb_private_side (game));
      return FALSE;
    }
  if (cb_board_at (game, s, board, x, y) != CB_NONE)
    {
      if (why)
        g_string_append (why, _("that cell already holds a tile; tiles don't ever move"));
      return FALSE;
    }
  if (cell_requirement (game, s, board, x, y, &req, &mask) == 0)
    {
      if (why)
        g_string_append (why, _("a tile must be played with at least one edge attached to an existing tile"));
      return FALSE;
    }
  if (board != 0 && !cb_private_fits (game, s, seat, x, y))
    {
      if (why)
        g_string_printf (why, _("a Private Board can't be bigger than a %ux%u square"),
                         cb_private_side (game), cb_private_side (game));
      return FALSE;
    }
  const TwTileFace *f = cb_inst_face (p, inst, rot);
  if ((f->packed & mask) != req)
    {
      if (why)
        {
          const TwDefinition *def = game->definition;
          for (guint d = 0; d < 4; d++)
            {
              guint need = (req >> (4 * d)) & 0xf;
              if (((mask >> (4 * d)) & 0xf) && f->edge[d] != need)
                {
                  static const char * const mismatch[] = {
                    /* Translators: a tile's edge colour and the colour it touches */
                    N_("colours must match: the north edge is %s but touches %s"),
                    N_("colours must match: the east edge is %s but touches %s"),
                    N_("colours must match: the south edge is %s but touches %s"),
                    N_("colours must match: the west edge is %s but touches %s"),
                  };

                  g_string_append_printf (why, _(mismatch[d]), def->colors[f->edge[d]].name,
                                          def->colors[need].name);
                  break;
                }
            }
        }
      return FALSE;
    }
  return TRUE;
}

/* Appends every placement of @inst for @seat to @out (c = @slot), or, with
 * @out NULL, returns as soon as one exists. Returns the number found. */
static guint
gen_placements (const TwGame  *game,
                const CbState *s,
                guint          seat,
                guint          inst,
                guint8         slot,
                TwMoveList    *out)
{
  const CbPrep *p = cb_prep (game);
  const guint def = p->inst_def[inst];
  const guint8 *rots = p->rotations[def];
  const guint n_rots = cb_opt (game, CB_OPT_ROTATION) ? p->n_rotations[def] : 1;
  const guint8 zero = 0;
  guint n = 0;

  if (n_rots == 1 && !cb_opt (game, CB_OPT_ROTATION))
    rots = &zero;

#define CB_EMIT(board_, x_, y_, r_)                             \
  G_STMT_START {                                                \
    n++;                                                        \
    if (out == NULL)                                            \
      return n;                                                 \
    TwMove *m_ = tw_move_list_push (out);                       \
    m_->kind = CB_MOVE_PLACE;                                   \
    m_->a = (board_);                                           \
    m_->b = (r_);                                               \
    m_->c = slot;                                               \
    m_->x = (x_);                                               \
    m_->y = (y_);                                               \
  } G_STMT_END

  /* shared board */
  if (n_shared (s) == 0)
    {
      for (guint i = 0; i < n_rots; i++)
        CB_EMIT (0, 0, 0, rots[i]);
    }
  else
    {
      const CbFront *front = CB_FRONTIER (p, s);
      for (guint i = 0; i < s->n_frontier; i++)
        for (guint r = 0; r < n_rots; r++)
          if ((p->faces[def][rots[r]].packed & front[i].mask) == front[i].req)
            CB_EMIT (0, front[i].x, front[i].y, rots[r]);
    }

  /* own private board */
  if (s->n_private[seat] == 0)
    {
      for (guint i = 0; i < n_rots; i++)
        CB_EMIT (1, 0, 0, rots[i]);
    }
  else
    {
      int k = (int) cb_private_side (game);
      int x0 = MAX (s->pxmax[seat] - (k - 1), s->pxmin[seat] - 1);
      int x1 = MIN (s->pxmin[seat] + (k - 1), s->pxmax[seat] + 1);
      int y0 = MAX (s->pymax[seat] - (k - 1), s->pymin[seat] - 1);
      int y1 = MIN (s->pymin[seat] + (k - 1), s->pymax[seat] + 1);
      for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
          {
            const guint8 *pg = s->pgrid[seat];
            const CbPlaced *placed = CB_PLACED (p, s);
            guint16 req = 0, mask = 0;
            int c = cb_private_cell (x, y);
            if (pg[c] != CB_NONE)
              continue;
            /* the window has a margin: neighbours of cells in the footprint exist */
            for (guint d = 0; d < 4; d++)
              {
                guint8 j = pg[c + tw_dir_dx[d] + CB_PW * tw_dir_dy[d]];
                if (j == CB_NONE)
                  continue;
                req |= (guint16) (cb_inst_face (p, placed[j].inst, placed[j].rot)->edge[tw_dir_opposite (d)]) << (4 * d);
                mask |= (guint16) 0xf << (4 * d);
              }
            if (mask == 0)
              continue;
            for (guint r = 0; r < n_rots; r++)
              if ((p->faces[def][rots[r]].packed & mask) == req)
                CB_EMIT (1, x, y, rots[r]);
          }
    }
#undef CB_EMIT
  return n;
}

/* ------------------------------------------------------------------------ */
/* Shapes                                                                   */

static guint16
uf_union (guint16 *parent,
          guint16 *open,
          guint16  a,
          guint16  b)
{
  a = tw_uf_union (parent, a, b, &b);
  if (a != b)
    open[a] += open[b];
  return a;
}

/* Board lookup for the shared region functions: placement index or -1. */
typedef struct
{
  const TwGame  *game;
  const CbState *s;
  guint          board;
} CbLookup;

static int
cb_lookup (gpointer user_data,
           int      x,
           int      y)
{
  const CbLookup *l = user_data;
  guint8 j = cb_board_at (l->game, l->s, l->board, x, y);
  return j == CB_NONE ? -1 : j;
}

/* The placements as region tiles, indexed like the placements. */
TwRegionTile *
cb_region_tiles (const TwGame  *game,
                 const CbState *s)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  TwRegionTile *tiles = g_new (TwRegionTile, MAX (s->n_placed, 1));

  for (guint i = 0; i < s->n_placed; i++)
    tiles[i] = (TwRegionTile) { placed[i].x, placed[i].y, cb_inst_face (p, placed[i].inst, placed[i].rot) };
  return tiles;
}

/* The cells of the tiles of the shape rooted at @root (each tile once, at
 * most TW_MAX_TILE_COUNT), into @xs and @ys; returns how many. Reads the
 * union-find without compressing it: expression goals ask this of states
 * the heuristic must leave as they are. */
guint
cb_shape_cells (const TwGame  *game,
                const CbState *s,
                guint16        root,
                int           *xs,
                int           *ys)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  guint board = placed[root / 4].board;
  guint n = 0;

  for (guint i = 0; i < s->n_placed; i++)
    {
      if (placed[i].board != board)
        continue;
      const TwTileFace *f = cb_inst_face (p, placed[i].inst, placed[i].rot);
      for (guint sec = 0; sec < f->n_sections; sec++)
        if (tw_uf_root (parent, 4 * i + sec) == root)
          {
            xs[n] = placed[i].x;
            ys[n] = placed[i].y;
            n++;
            break;
          }
    }
  return n;
}

/* Member tiles of the shape rooted at @root, their footprint, and whether the
 * shape encloses empty cells (holes) or other-coloured sections (an island). */
void
cb_analyze_shape (const TwGame  *game,
                  const CbState *s,
                  guint16        root,
                  CbShape       *out)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  guint board = placed[root / 4].board;
  int xs[TW_MAX_TILE_COUNT], ys[TW_MAX_TILE_COUNT];
  guint n;
  int x0 = G_MAXINT, y0 = G_MAXINT;

  memset (out, 0, sizeof *out);
  out->board = board;
  out->root = root;
  out->has_root = TRUE;
  out->completed = (CB_FLAGS (p, s)[root] & CB_SHAPE_COMPLETE) != 0;
  out->color = cb_inst_face (p, placed[root / 4].inst, placed[root / 4].rot)->section_color[root % 4];

  n = cb_shape_cells (game, s, root, xs, ys);
  for (guint i = 0; i < n; i++)
    {
      x0 = MIN (x0, xs[i]);
      y0 = MIN (y0, ys[i]);
    }
  out->n_tiles = n;

  if (n <= TW_POLY_MAX_CELLS)
    {
      out->footprint.n = n;
      for (guint i = 0; i < n; i++)
        {
          out->footprint.x[i] = (gint8) (xs[i] - x0);
          out->footprint.y[i] = (gint8) (ys[i] - y0);
        }
      tw_polyomino_normalize (&out->footprint);
    }

  CbLookup lookup = { game, s, board };
  g_autofree TwRegionTile *tiles = cb_region_tiles (game, s);
  tw_regions_enclosure (xs, ys, n, out->color, tiles, cb_lookup, &lookup,
                        &out->has_hole, &out->has_island);
}

static gboolean
goal_board_ok (const TwGame *game,
               guint         param,
               guint         board)
{
  /* the placer's own private board is the only private board a placement touches */
  switch (param)
    {
    case 1:
      return board == 0;
    case 2:
      return board != 0;
    default:
      return board == 0 || cb_opt (game, CB_OPT_GOAL_BOARDS) == 0;
    }
}

static gboolean
size_ok (const TwGame *game,
         guint         have,
         int           want)
{
  return cb_opt (game, CB_OPT_GOAL_EXACT) ? have == (guint) want : have >= (guint) want;
}

/* Is goal @card met by @shape (NULL: the conditions that need no shape)? */
gboolean
cb_goal_met (const TwGame  *game,
             const CbState *s,
             guint          seat,
             guint          card_index,
             const CbShape *shape)
{
  const TwCardDef *card = &game->definition->cards[card_index];
  const CbPrep *p = cb_prep (game);

  if (card->kind == CB_GOAL_EXPRESSION)
    {
      /* like the C kinds, a condition on a shape fails when there is none */
      const TwExprProgram *when = p->goal_expr[card_index];
      CbExprEnv env = { game, s, seat, shape };
      if (shape == NULL && (tw_expr_program_needs (when) & CB_EXPR_NEEDS_SHAPE))
        return FALSE;
      return tw_expr_eval_bool (when, &env);
    }
  if (card->kind == CB_GOAL_PRIVATE_ALL_COLORS)
    {
      for (guint c = 0; c < p->n_colors; c++)
        if (s->done_private[seat][c] == 0)
          return FALSE;
      return TRUE;
    }
  if (shape == NULL)
    return FALSE;

  switch (card->kind)
    {
    case CB_GOAL_SHAPE_SIZE:
      return goal_board_ok (game, card->params[1], shape->board)
             && size_ok (game, shape->n_tiles, card->params[0]);
    case CB_GOAL_COLOR_SHAPE_SIZE:
      return goal_board_ok (game, card->params[2], shape->board)
             && shape->color == (guint) card->params[0]
             && size_ok (game, shape->n_tiles, card->params[1]);
    case CB_GOAL_PICTURED_SHAPE:
      {
        TwPolyomino canon;
        if (!goal_board_ok (game, card->params[2], shape->board) || shape->footprint.n == 0)
          return FALSE;
        if (card->params[1] >= 0 && shape->color != (guint) card->params[1])
          return FALSE;
        if (shape->footprint.n != p->goal_canon[card_index].n)
          return FALSE;
        tw_polyomino_canonical (&shape->footprint, &canon);
        return tw_polyomino_equal (&canon, &p->goal_canon[card_index]);
      }
    case CB_GOAL_ISLAND:
      return goal_board_ok (game, card->params[0], shape->board) && shape->has_island;
    case CB_GOAL_PRIVATE_SHAPE_SIZE:
      return shape->board != 0 && shape->n_tiles >= (guint) card->params[0];
    default:
      return FALSE;
    }
}

static void
claim_goals (const TwGame  *game,
             CbState       *s,
             guint          seat,
             const CbShape *shape)
{
  for (guint g = 0; g < s->n_goals; g++)
    if (s->goal_owner[g] == CB_NONE && cb_goal_met (game, s, seat, s->goal_card[g], shape))
      {
        s->goal_owner[g] = seat;
        s->counters[CB_COUNTER_GOALS]++;
      }
}

static gboolean
any_open_goal (const CbState *s)
{
  for (guint g = 0; g < s->n_goals; g++)
    if (s->goal_owner[g] == CB_NONE)
      return TRUE;
  return FALSE;
}

static void
mark_complete (const TwGame  *game,
               CbState       *s,
               guint16        root,
               guint          board,
               guint          color,
               guint          seat,
               const CbShape *shape)
{
  const CbPrep *p = cb_prep (game);

  CB_FLAGS (p, s)[root] = CB_SHAPE_COMPLETE;
  if (board == 0)
    {
      s->done_shared[color]++;
      s->counters[CB_COUNTER_SHARED_SHAPES]++;
    }
  else
    {
      s->done_private[board - 1][color]++;
      s->counters[CB_COUNTER_PRIVATE_SHAPES]++;
    }
  if (cb_opt (game, CB_OPT_GOAL_COMPLETED) && any_open_goal (s))
    claim_goals (game, s, seat, shape);
}

/* A closed shape (no edge facing an empty cell) is complete unless it
 * encloses a hole; a holed one is rechecked after later placements. */
static void
consider_closed (const TwGame *game,
                 CbState      *s,
                 guint16       root,
                 guint         seat)
{
  const CbPrep *p = cb_prep (game);
  guint8 *flags = CB_FLAGS (p, s);
  CbShape shape;

  cb_analyze_shape (game, s, root, &shape);
  if (shape.has_hole && cb_opt (game, CB_OPT_COMPLETION) == 0)
    {
      if (!(flags[root] & CB_SHAPE_HOLED))
        {
          flags[root] |= CB_SHAPE_HOLED;
          s->n_holed++;
        }
      return;
    }
  if (flags[root] & CB_SHAPE_HOLED)
    s->n_holed--;
  shape.completed = TRUE;   /* mark_complete() makes it so */
  mark_complete (game, s, root, shape.board, shape.color, seat, &shape);
}

/**
 * cb_place:
 *
 * Puts tile @inst on a board and updates shapes, completions and goals for the
 * placing seat. Does not check legality (see cb_can_place()).
 */
void
cb_place (const TwGame *game,
          CbState      *s,
          guint         board,
          guint         inst,
          guint         rot,
          int           x,
          int           y)
{
  const CbPrep *p = cb_prep (game);
  CbPlaced *placed = CB_PLACED (p, s);
  guint16 *parent = CB_PARENT (p, s);
  guint16 *open = CB_OPEN (p, s);
  guint8 *flags = CB_FLAGS (p, s);
  const TwTileFace *f = cb_inst_face (p, inst, rot);
  guint seat = board == 0 ? s->current : board - 1;
  guint i = s->n_placed++;

  placed[i] = (CbPlaced) { .inst = inst, .rot = rot, .board = board, .x = x, .y = y };
  CB_LOC (p, s)[inst] = CB_LOC_BOARD;
  s->last_placer = s->current;

  for (guint sec = 0; sec < 4; sec++)
    {
      parent[4 * i + sec] = 4 * i + sec;
      open[4 * i + sec] = 0;
      flags[4 * i + sec] = 0;
    }

  guint8 nb[4];
  for (guint d = 0; d < 4; d++)
    {
      nb[d] = cb_board_at (game, s, board, x + tw_dir_dx[d], y + tw_dir_dy[d]);
      if (nb[d] == CB_NONE)
        open[4 * i + f->section_of[d]]++;
    }

  /* put the tile on its grid */
  if (board == 0)
    {
      guint16 *grid = CB_GRID (p, s);
      CbFront *front = CB_FRONTIER (p, s);
      guint c = shared_cell (p, x, y);

      if (n_shared (s) == 1)
        {
          s->sxmin = s->sxmax = x;
          s->symin = s->symax = y;
        }
      else
        {
          s->sxmin = MIN (s->sxmin, x);
          s->sxmax = MAX (s->sxmax, x);
          s->symin = MIN (s->symin, y);
          s->symax = MAX (s->symax, y);
        }
      if (grid[c] != CB_CELL_EMPTY && (grid[c] & CB_CELL_FRONT))
        {
          guint k = grid[c] & ~CB_CELL_FRONT;
          guint last = --s->n_frontier;
          if (k != last)
            {
              front[k] = front[last];
              grid[shared_cell (p, front[k].x, front[k].y)] = CB_CELL_FRONT | k;
            }
        }
      grid[c] = i;
      for (guint d = 0; d < 4; d++)
        {
          int nx = x + tw_dir_dx[d], ny = y + tw_dir_dy[d];
          guint nc = shared_cell (p, nx, ny);
          guint shift = 4 * tw_dir_opposite (d);
          guint16 need = (guint16) f->edge[d] << shift;
          guint16 bits = (guint16) 0xf << shift;
          if (grid[nc] == CB_CELL_EMPTY)
            {
              guint k = s->n_frontier++;
              front[k] = (CbFront) { .x = nx, .y = ny, .req = need, .mask = bits };
              grid[nc] = CB_CELL_FRONT | k;
            }
          else if (grid[nc] & CB_CELL_FRONT)
            {
              CbFront *e = &front[grid[nc] & ~CB_CELL_FRONT];
              e->req |= need;
              e->mask |= bits;
            }
        }
    }
  else
    {
      guint sp = board - 1;
      if (s->n_private[sp] == 0)
        {
          s->pxmin[sp] = s->pxmax[sp] = x;
          s->pymin[sp] = s->pymax[sp] = y;
        }
      else
        {
          s->pxmin[sp] = MIN (s->pxmin[sp], x);
          s->pxmax[sp] = MAX (s->pxmax[sp], x);
          s->pymin[sp] = MIN (s->pymin[sp], y);
          s->pymax[sp] = MAX (s->pymax[sp], y);
        }
      s->pgrid[sp][cb_private_cell (x, y)] = i;
      s->n_private[sp]++;
    }

  /* join sections across the edges this tile closes */
  for (guint d = 0; d < 4; d++)
    {
      if (nb[d] == CB_NONE)
        continue;
      guint j = nb[d];
      const TwTileFace *g = cb_inst_face (p, placed[j].inst, placed[j].rot);
      guint16 other = tw_uf_find (parent, 4 * j + g->section_of[tw_dir_opposite (d)]);
      open[other]--;
      uf_union (parent, open, 4 * i + f->section_of[d], other);
    }

  /* shapes touched by this tile: closed ones are checked for completion */
  guint16 roots[4];
  guint n_roots = 0;
  for (guint sec = 0; sec < f->n_sections; sec++)
    {
      guint16 r = tw_uf_find (parent, 4 * i + sec);
      gboolean seen = FALSE;
      for (guint k = 0; k < n_roots; k++)
        seen |= roots[k] == r;
      if (!seen)
        roots[n_roots++] = r;
    }
  for (guint k = 0; k < n_roots; k++)
    if (open[roots[k]] == 0 && !(flags[roots[k]] & CB_SHAPE_COMPLETE))
      consider_closed (game, s, roots[k], seat);

  /* a placement may fill the hole of an earlier closed shape */
  if (s->n_holed > 0)
    for (guint n = 0; n < 4u * s->n_placed; n++)
      if ((flags[n] & CB_SHAPE_HOLED) && parent[n] == n && placed[n / 4].board == board)
        consider_closed (game, s, n, seat);

  if (!cb_opt (game, CB_OPT_GOAL_COMPLETED) && any_open_goal (s))
    for (guint k = 0; k < n_roots; k++)
      {
        CbShape shape;
        cb_analyze_shape (game, s, roots[k], &shape);
        claim_goals (game, s, seat, &shape);
      }
  if (board != 0 && any_open_goal (s))
    claim_goals (game, s, seat, NULL);
}

/* ------------------------------------------------------------------------ */
/* Turns and the end of the game                                            */

int
cb_total_score (const TwGame  *game,
                const CbState *s,
                guint          seat)
{
  const TwDefinition *def = game->definition;
  int total = 0;

  for (guint i = 0; i < s->n_chosen[seat]; i++)
    total += s->product[seat][i];
  for (guint g = 0; g < s->n_goals; g++)
    if (s->goal_owner[g] == seat)
      total += def->cards[s->goal_card[g]].points;
  return total;
}

static gboolean
draw_tile (const TwGame *game,
           CbState      *s,
           guint         seat,
           gboolean      final_turn)
{
  const CbPrep *p = cb_prep (game);
  guint8 *deck = CB_DECK (p, s);
  guint8 *loc = CB_LOC (p, s);

  for (guint attempt = 0; attempt < 2; attempt++)
    {
      while (s->deck_len > 0)
        {
          guint inst = deck[--s->deck_len];
          if (gen_placements (game, s, seat, inst, CB_NONE, NULL) > 0)
            {
              loc[inst] = CB_LOC_HAND;
              s->tile = inst;
              return TRUE;
            }
          loc[inst] = CB_LOC_DISCARD;
          s->counters[CB_COUNTER_DISCARDED]++;
        }
      /* variant: the last turns may use the discards as a new stack */
      if (!final_turn || cb_opt (game, CB_OPT_FINAL_TURN_DECK) != 1 || attempt > 0)
        break;
      for (guint t = 0; t < p->n_inst; t++)
        if (loc[t] == CB_LOC_DISCARD)
          {
            loc[t] = CB_LOC_DECK;
            deck[s->deck_len++] = t;
          }
      tw_rng_shuffle_u8 (&s->rng, deck, s->deck_len);
    }
  s->tile = CB_NONE;
  return FALSE;
}

static void start_round (const TwGame *game, CbState *s);

static void
finish (const TwGame *game,
        CbState      *s)
{
  s->phase = CB_PHASE_DONE;
  s->tile = CB_NONE;
  s->current = 0;
}

/* After everyone has scored: the lightning round for the players tied for the
 * most points, one further colour at a time, while colours remain. */
static void
lightning_next (const TwGame *game,
                CbState      *s)
{
  const CbPrep *p = cb_prep (game);

  for (;;)
    {
      /* the next tied player still to choose in this lightning round */
      while (s->queue_pos < s->queue_len)
        {
          guint q = s->queue[s->queue_pos];
          guint remaining = p->n_colors - s->n_chosen[q];
          if (s->n_chosen[q] > s->lightning_round)
            {
              s->queue_pos++;
              continue;
            }
          if (remaining == 1)
            {
              /* one colour left: no choice to make */
              for (guint c = 0; c < p->n_colors; c++)
                {
                  gboolean used = FALSE;
                  for (guint i = 0; i < s->n_chosen[q]; i++)
                    used |= s->chosen[q][i] == c;
                  if (!used)
                    {
                      s->chosen[q][s->n_chosen[q]] = c;
                      s->product[q][s->n_chosen[q]] = s->done_private[q][c] * s->done_shared[c];
                      s->n_chosen[q]++;
                    }
                }
              s->queue_pos++;
              continue;
            }
          s->current = q;
          s->phase = CB_PHASE_LIGHTNING;
          return;
        }

      /* everyone in the round has chosen: is there still a tie at the top? */
      int best = G_MININT;
      guint n_best = 0;
      for (guint q = 0; q < s->n_players; q++)
        best = MAX (best, cb_total_score (game, s, q));
      for (guint q = 0; q < s->n_players; q++)
        n_best += cb_total_score (game, s, q) == best;
      if (n_best < 2 || cb_opt (game, CB_OPT_TIE_BREAK) != 0
          || s->lightning_round + 1u >= p->n_colors)
        {
          finish (game, s);
          return;
        }
      s->lightning_round++;
      s->counters[CB_COUNTER_LIGHTNING]++;
      guint8 order[CB_MAX_PLAYERS];
      guint n = 0;
      for (guint i = 0; i < s->n_players; i++)
        {
          guint start = s->trigger != CB_NONE ? s->trigger
                        : s->last_placer != CB_NONE ? s->last_placer : 0;
          guint q = (start + i) % s->n_players;
          if (cb_total_score (game, s, q) == best)
            order[n++] = q;
        }
      for (guint q = 0; q < s->n_players; q++)
        s->in_tie[q] = 0;
      for (guint i = 0; i < n; i++)
        {
          s->in_tie[order[i]] = 1;
          s->queue[i] = order[i];
        }
      s->queue_len = n;
      s->queue_pos = 0;
      s->queue_turns = 0;
    }
}

/* The next seat of the ending queue acts: a last turn then a colour, or only
 * a colour. When the queue is done, the lightning round or the end. */
static void
queue_next (const TwGame *game,
            CbState      *s)
{
  while (s->queue_pos < s->queue_len)
    {
      guint q = s->queue[s->queue_pos++];
      if (s->n_chosen[q] > 0)
        continue;
      s->current = q;
      if (s->queue_turns && draw_tile (game, s, q, TRUE))
        {
          s->counters[CB_COUNTER_TURNS]++;
          s->phase = CB_PHASE_PLACE;
          return;
        }
      s->phase = CB_PHASE_CHOOSE;
      return;
    }
  s->queue_len = s->queue_pos = 0;
  s->lightning_round = 0;
  lightning_next (game, s);
}

/* Everyone who has not scored does, in turn order from @first. */
static void
score_all_from (const TwGame *game,
                CbState      *s,
                guint         first)
{
  s->ending = 1;
  s->tile = CB_NONE;
  s->queue_len = 0;
  s->queue_pos = 0;
  s->queue_turns = 0;
  for (guint i = 0; i < s->n_players; i++)
    s->queue[s->queue_len++] = (first + i) % s->n_players;
  queue_next (game, s);
}

static void
begin_turn (const TwGame *game,
            CbState      *s)
{
  if (draw_tile (game, s, s->current, FALSE))
    {
      s->counters[CB_COUNTER_TURNS]++;
      s->phase = CB_PHASE_PLACE;
      return;
    }
  /* the tiles ran out: everyone scores, starting with whoever played last */
  if (s->trigger == CB_NONE)
    s->counters[CB_COUNTER_ENDED_TILES] = 1;
  score_all_from (game, s, s->last_placer != CB_NONE ? s->last_placer : s->current);
}

static void
start_round (const TwGame *game,
             CbState      *s)
{
  const CbPrep *p = cb_prep (game);
  guint8 *deck = CB_DECK (p, s);
  guint8 *loc = CB_LOC (p, s);
  guint need = s->n_players + 1u;

  if (s->deck_len < need)
    {
      if (s->trigger == CB_NONE)
        s->counters[CB_COUNTER_ENDED_TILES] = 1;
      score_all_from (game, s, s->last_placer != CB_NONE ? s->last_placer : s->dealer);
      return;
    }
  s->draft_len = need;
  for (guint i = 0; i < need; i++)
    {
      s->draft[i] = deck[--s->deck_len];
      loc[s->draft[i]] = CB_LOC_HAND;
    }
  s->picks = 0;
  s->round_completed = 0;
  s->current = s->dealer;
  s->phase = CB_PHASE_DRAFT;
  s->counters[CB_COUNTER_TURNS]++;
}

/* Expert mode: the next pick of the round, or the end of the round. */
static void
draft_next (const TwGame *game,
            CbState      *s)
{
  const CbPrep *p = cb_prep (game);
  guint8 *loc = CB_LOC (p, s);

  s->picks++;
  if (s->picks < s->n_players)
    {
      s->current = (s->dealer + s->picks) % s->n_players;
      s->phase = CB_PHASE_DRAFT;
      s->counters[CB_COUNTER_TURNS]++;
      return;
    }
  for (guint i = 0; i < s->draft_len; i++)
    loc[s->draft[i]] = CB_LOC_DISCARD;
  s->draft_len = 0;
  if (s->round_completed)
    {
      score_all_from (game, s, s->dealer);
      return;
    }
  s->dealer = (s->dealer + 1) % s->n_players;
  start_round (game, s);
}

/* The first full private board ends the game (the rulebook's main ending). */
static void
note_trigger (CbState *s,
              guint    seat)
{
  if (s->trigger != CB_NONE)
    return;
  s->trigger = seat;
  s->counters[CB_COUNTER_ENDED_PRIVATE] = 1;
}

static gboolean
private_full (const TwGame  *game,
              const CbState *s,
              guint          seat)
{
  guint k = cb_private_side (game);
  return s->n_private[seat] >= k * k;
}

/* What follows a placement by the current seat. */
static void
after_place (const TwGame *game,
             CbState      *s)
{
  guint seat = s->current;
  gboolean full = private_full (game, s, seat);

  if (cb_opt (game, CB_OPT_EXPERT) && !s->ending)
    {
      if (full)
        {
          /* score at once, then the round's draft goes on */
          s->round_completed = 1;
          note_trigger (s, seat);
          s->phase = CB_PHASE_CHOOSE;
          return;
        }
      draft_next (game, s);
      return;
    }

  if (s->ending)
    {
      /* a last turn is followed by this seat's choice of colour */
      s->phase = CB_PHASE_CHOOSE;
      return;
    }
  if (full)
    {
      /* the end: this seat scores now, then everyone else plays one last turn */
      s->ending = 1;
      note_trigger (s, seat);
      s->queue_len = 0;
      s->queue_pos = 0;
      s->queue_turns = 1;
      for (guint i = 1; i < s->n_players; i++)
        s->queue[s->queue_len++] = (seat + i) % s->n_players;
      s->phase = CB_PHASE_CHOOSE;
      return;
    }
  s->current = (seat + 1) % s->n_players;
  begin_turn (game, s);
}

/* ------------------------------------------------------------------------ */
/* The module interface                                                     */

void
cb_init (const TwGame *game,
         TwState      *state,
         guint64       seed)
{
  const CbPrep *p = cb_prep (game);
  CbState *s = (CbState *) state;
  guint8 *deck = CB_DECK (p, s);

  memset (s, 0, p->size);
  tw_rng_seed (&s->rng, seed);
  s->n_players = game->n_players;
  s->tile = CB_NONE;
  s->last_placer = CB_NONE;
  s->trigger = CB_NONE;
  memset (CB_GRID (p, s), 0xff, (gsize) p->side * p->side * sizeof (guint16));
  memset (s->pgrid, CB_NONE, sizeof s->pgrid);

  for (guint t = 0; t < p->n_inst; t++)
    deck[t] = t;
  s->deck_len = p->n_inst;
  tw_rng_shuffle_u8 (&s->rng, deck, s->deck_len);

  if (cb_opt (game, CB_OPT_GOALS) && p->n_goal_cards > 0)
    {
      static const guint goal_opts[] = { CB_OPT_GOALS_2P, CB_OPT_GOALS_2P, CB_OPT_GOALS_2P,
                                         CB_OPT_GOALS_3P, CB_OPT_GOALS_4P };
      guint want = (guint) cb_opt (game, goal_opts[MIN (game->n_players, 4)]);
      guint16 pool[256];
      guint n = MIN (p->n_goal_cards, G_N_ELEMENTS (pool));
      memcpy (pool, p->goal_cards, n * sizeof (guint16));
      tw_rng_shuffle_u16 (&s->rng, pool, n);
      s->n_goals = MIN (MIN (want, n), CB_MAX_GOALS);
      for (guint g = 0; g < s->n_goals; g++)
        {
          s->goal_card[g] = pool[g];
          s->goal_owner[g] = CB_NONE;
        }
    }

  guint first = cb_opt (game, CB_OPT_FIRST_PLAYER) == 1 ? tw_rng_below (&s->rng, s->n_players) : 0;
  s->current = first;
  s->dealer = first;
  if (cb_opt (game, CB_OPT_EXPERT))
    start_round (game, s);
  else
    begin_turn (game, s);
}

guint64
cb_hash (const TwGame  *game,
         const TwState *state)
{
  const CbPrep *p = cb_prep (game);
  const CbState *s = (const CbState *) state;
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint8 *deck = CB_DECK (p, s);
  guint64 h = 0x243f6a8885a308d3ull;
  guint64 boards = 0;

  h = tw_mix64 (h, s->phase | (guint64) s->current << 8 | (guint64) s->tile << 16
                   | (guint64) s->n_players << 24 | (guint64) s->lightning_round << 32);
  for (guint i = 0; i < 4; i++)
    h = tw_mix64 (h, s->rng.s[i]);
  for (guint i = 0; i < s->deck_len; i++)
    h = tw_mix64 (h, deck[i]);
  /* the same tiles in the same places are the same position, whatever the order */
  for (guint i = 0; i < s->n_placed; i++)
    boards += tw_mix64 (placed[i].inst, (guint64) placed[i].rot | (guint64) placed[i].board << 8
                        | (guint64) (guint16) placed[i].x << 16 | (guint64) (guint16) placed[i].y << 32);
  h = tw_mix64 (h, boards);
  for (guint g = 0; g < s->n_goals; g++)
    h = tw_mix64 (h, s->goal_card[g] | (guint64) s->goal_owner[g] << 16);
  for (guint q = 0; q < s->n_players; q++)
    for (guint i = 0; i < s->n_chosen[q]; i++)
      h = tw_mix64 (h, (guint64) q << 8 | s->chosen[q][i]);
  for (guint i = 0; i < s->draft_len; i++)
    h = tw_mix64 (h, s->draft[i] | 0x1000);
  return h;
}

int
cb_to_act (const TwGame  *game,
           const TwState *state)
{
  const CbState *s = (const CbState *) state;
  return s->phase == CB_PHASE_DONE ? -1 : s->current;
}

void
cb_legal_moves (const TwGame  *game,
                const TwState *state,
                TwMoveList    *out)
{
  const CbPrep *p = cb_prep (game);
  const CbState *s = (const CbState *) state;

  switch (s->phase)
    {
    case CB_PHASE_PLACE:
      gen_placements (game, s, s->current, s->tile, CB_NONE, out);
      break;
    case CB_PHASE_DRAFT:
      for (guint i = 0; i < s->draft_len; i++)
        if (gen_placements (game, s, s->current, s->draft[i], i, out) == 0)
          {
            TwMove *m = tw_move_list_push (out);
            m->kind = CB_MOVE_DISCARD;
            m->c = i;
          }
      break;
    case CB_PHASE_CHOOSE:
    case CB_PHASE_LIGHTNING:
      for (guint c = 0; c < p->n_colors; c++)
        {
          gboolean used = FALSE;
          for (guint i = 0; i < s->n_chosen[s->current]; i++)
            used |= s->chosen[s->current][i] == c;
          if (used)
            continue;
          TwMove *m = tw_move_list_push (out);
          m->kind = CB_MOVE_COLOR;
          m->a = c;
        }
      break;
    default:
      break;
    }
}

gboolean
cb_apply (const TwGame  *game,
          TwState       *state,
          const TwMove  *move,
          GString       *why)
{
  const CbPrep *p = cb_prep (game);
  CbState *s = (CbState *) state;
  guint seat = s->current;

  if (s->phase == CB_PHASE_DONE)
    {
      if (why)
        g_string_append (why, _("the game is over"));
      return FALSE;
    }

  switch (move->kind)
    {
    case CB_MOVE_PLACE:
      {
        guint inst;
        gboolean from_draft = s->phase == CB_PHASE_DRAFT;
        if (s->phase != CB_PHASE_PLACE && !from_draft)
          {
            if (why)
              g_string_append (why, _("it is time to choose a colour, not to place a tile"));
            return FALSE;
          }
        if (from_draft)
          {
            if (move->c >= s->draft_len)
              {
                if (why)
                  g_string_printf (why, _("there is no tile %u in the draft"), move->c + 1u);
                return FALSE;
              }
            inst = s->draft[move->c];
          }
        else
          {
            if (move->c != CB_NONE)
              {
                if (why)
                  g_string_append (why, _("there is no draft this turn: place the tile you drew"));
                return FALSE;
              }
            inst = s->tile;
          }
        if (move->a > 1)
          {
            if (why)
              g_string_append (why, _("a tile goes on the shared board or on your private board"));
            return FALSE;
          }
        guint board = move->a == 0 ? 0 : 1 + seat;
        if (!cb_can_place (game, s, seat, board, inst, move->b, move->x, move->y, why))
          return FALSE;
        if (from_draft)
          {
            /* keep the row in reveal order: the notation numbers its tiles */
            memmove (&s->draft[move->c], &s->draft[move->c + 1], s->draft_len - move->c - 1);
            s->draft_len--;
          }
        s->tile = CB_NONE;
        cb_place (game, s, board, inst, move->b, move->x, move->y);
        if (board != 0)
          s->counters[CB_COUNTER_PRIVATE_TILES]++;
        if (s->redraw_pick)
          {
            s->redraw_pick = 0;
            if (private_full (game, s, seat))
              {
                s->round_completed = 1;
                note_trigger (s, seat);
                s->phase = CB_PHASE_CHOOSE;
              }
            else
              draft_next (game, s);
            return TRUE;
          }
        after_place (game, s);
        return TRUE;
      }

    case CB_MOVE_DISCARD:
      {
        if (s->phase != CB_PHASE_DRAFT || move->c >= s->draft_len)
          {
            if (why)
              g_string_append (why, _("only a drafted tile that fits nowhere may be discarded"));
            return FALSE;
          }
        guint inst = s->draft[move->c];
        if (gen_placements (game, s, seat, inst, CB_NONE, NULL) > 0)
          {
            if (why)
              g_string_append (why, _("you must play your piece if able: that tile fits"));
            return FALSE;
          }
        memmove (&s->draft[move->c], &s->draft[move->c + 1], s->draft_len - move->c - 1);
        s->draft_len--;
        CB_LOC (p, s)[inst] = CB_LOC_DISCARD;
        s->counters[CB_COUNTER_DISCARDED]++;
        if (cb_opt (game, CB_OPT_DRAFT_UNPLAYABLE) == 1 && draw_tile (game, s, seat, FALSE))
          {
            s->redraw_pick = 1;
            s->phase = CB_PHASE_PLACE;
            return TRUE;
          }
        draft_next (game, s);
        return TRUE;
      }

    case CB_MOVE_COLOR:
      {
        if (s->phase != CB_PHASE_CHOOSE && s->phase != CB_PHASE_LIGHTNING)
          {
            if (why)
              g_string_append (why, _("colours are chosen at the end of the game, not now"));
            return FALSE;
          }
        if (move->a >= p->n_colors)
          {
            if (why)
              g_string_append (why, _("there is no such colour"));
            return FALSE;
          }
        for (guint i = 0; i < s->n_chosen[seat]; i++)
          if (s->chosen[seat][i] == move->a)
            {
              if (why)
                g_string_printf (why, _("%s was already scored; choose a different colour"),
                                 game->definition->colors[move->a].name);
              return FALSE;
            }
        guint c = move->a;
        gboolean first_choice = s->n_chosen[seat] == 0;
        s->chosen[seat][s->n_chosen[seat]] = c;
        s->product[seat][s->n_chosen[seat]] = s->done_private[seat][c] * s->done_shared[c];
        s->n_chosen[seat]++;
        if (first_choice)
          for (guint g = 0; g < s->n_goals; g++)
            {
              const TwCardDef *card = &game->definition->cards[s->goal_card[g]];
              if (s->goal_owner[g] == CB_NONE && card->kind == CB_GOAL_FIRST_TO_SCORE
                  && card->params[0] == (int) c)
                {
                  s->goal_owner[g] = seat;
                  s->counters[CB_COUNTER_GOALS]++;
                }
            }
        if (s->phase == CB_PHASE_LIGHTNING)
          {
            s->queue_pos++;
            lightning_next (game, s);
          }
        else if (cb_opt (game, CB_OPT_EXPERT) && !s->ending)
          draft_next (game, s);   /* scored during the draft: the round goes on */
        else
          queue_next (game, s);
        return TRUE;
      }

    default:
      if (why)
        g_string_append (why, _("not a Colorblock move"));
      return FALSE;
    }
}

void
cb_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const CbState *s = (const CbState *) state;
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = cb_total_score (game, s, q);
}

void
cb_ranking (const TwGame  *game,
            const TwState *state,
            guint         *rank)
{
  const CbState *s = (const CbState *) state;
  int sc[CB_MAX_PLAYERS];

  for (guint q = 0; q < s->n_players; q++)
    sc[q] = cb_total_score (game, s, q);
  tw_rank_by_score (sc, s->n_players, rank);
}

void
cb_observe (const TwGame *game,
            TwState      *state,
            guint         player,
            TwRng        *rng)
{
  const CbPrep *p = cb_prep (game);
  CbState *s = (CbState *) state;

  /* the stack's order is the only thing nobody sees */
  tw_canonical_pool (CB_DECK (p, s), s->deck_len);
  tw_rng_shuffle_u8 (rng, CB_DECK (p, s), s->deck_len);
  /* and the future draws must not follow the real generator either */
  tw_rng_seed (&s->rng, tw_rng_next (rng));
}

guint
cb_end_reason (const TwGame  *game,
               const TwState *state)
{
  return ((const CbState *) state)->counters[CB_COUNTER_ENDED_PRIVATE] ? 0 : 1;
}

void
cb_counters (const TwGame  *game,
             const TwState *state,
             guint64       *out)
{
  tw_counters_copy (((const CbState *) state)->counters, CB_N_COUNTERS, out);
}
