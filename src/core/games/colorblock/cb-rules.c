/* cb-rules.c: Colorblock, every rule
 *
 * The rules as read in doc/rules/colorblock.md (from shared/rules/colorblock.md):
 * edge-matching square tiles on a shared board and a private board of at most
 * k x k, completed colour shapes multiplied private x shared, goal cards
 * claimed the moment they are met, the end trigger with one last turn for
 * everyone else, the lightning-round tie-break and the expert draft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cb-private.h"
#include "tw-regions.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const goal_boards_choices[] = { "shared-or-own-private", "shared-only", NULL };
static const char * const completion_choices[] = { "perimeter-and-holes", "perimeter-only", NULL };
static const char * const first_player_choices[] = { "first-seat", "random", NULL };
static const char * const tie_break_choices[] = { "lightning-round", "shared-win", NULL };
static const char * const final_turn_choices[] = { "score-without-turn", "reshuffle-discards", NULL };
static const char * const draft_unplayable_choices[] = { "discard", "discard-and-draw", NULL };
static const char * const board_choices[] = { "any", "shared", "private", NULL };

const TwOptionSpec cb_options[] = {
  [CB_OPT_EXPERT] = { "expert-draft", TW_VALUE_BOOL, 0, 0, 1, NULL,
    "Expert Mode: each round the dealer reveals one tile per player plus one and players draft them.",
    .label = "Expert Mode (draft)",
    .source = "Rulebook, Expert Mode; notes 1.2.14" },
  [CB_OPT_ROTATION] = { "rotation", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "Tiles may be turned before placing (the rulebook shows no orientation marks; off: tiles keep the orientation they are drawn in).",
    .label = "Tiles may be turned",
    .source = "Not stated: the tiles show no orientation marks; notes 1.2.3 (AMBIGUITY)" },
  [CB_OPT_GOALS] = { "goals", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "Play with Goal cards (the rulebook suggests a first game without them).",
    .label = "Goal cards",
    .source = "Rulebook: Goal cards, skipped in a learning game; notes 1.2.4" },
  [CB_OPT_GOALS_2P] = { "goals-2p", TW_VALUE_INT, 3, 0, CB_MAX_GOALS, NULL,
    "Goals turned face up in a 2-player game.",
    .label = "Goals with 2 players",
    .source = "Rulebook, set-up: goals turned face up by player count; notes 1.2.4" },
  [CB_OPT_GOALS_3P] = { "goals-3p", TW_VALUE_INT, 4, 0, CB_MAX_GOALS, NULL,
    "Goals turned face up in a 3-player game.",
    .label = "Goals with 3 players",
    .source = "Rulebook, set-up: goals turned face up by player count; notes 1.2.4" },
  [CB_OPT_GOALS_4P] = { "goals-4p", TW_VALUE_INT, 5, 0, CB_MAX_GOALS, NULL,
    "Goals turned face up in a 4-player game.",
    .label = "Goals with 4 players",
    .source = "Rulebook, set-up: goals turned face up by player count; notes 1.2.4" },
  [CB_OPT_GOAL_BOARDS] = { "goal-boards", TW_VALUE_CHOICE, 0, 0, 0, goal_boards_choices,
    "Where a goal may be met unless its card names a board: the shared board or the placer's own private board (\"the first time a player satisfies the condition\"), or the shared board only.",
    .label = "Where goals count",
    .source = "Rulebook: \"the first time a player satisfies the Goal's condition\"; notes 1.2.10 (AMBIGUITY)" },
  [CB_OPT_GOAL_COMPLETED] = { "goal-needs-completed-shape", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "\"Make a shape\" means a completed shape (only completed shapes matter elsewhere); off: any shape as it stands counts.",
    .label = "Goals need completed shapes",
    .source = "Rulebook: \"make a shape\"; notes 1.2.10 (AMBIGUITY)" },
  [CB_OPT_GOAL_EXACT] = { "goal-size-exact", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "A goal asking for a shape of N tiles needs exactly N tiles (\"the pictured number\"); off: N or more.",
    .label = "Goal shape size exact",
    .source = "Rulebook: \"the pictured number\" of tiles; notes 1.2.10" },
  [CB_OPT_COMPLETION] = { "shape-completion", TW_VALUE_CHOICE, 0, 0, 0, completion_choices,
    "A completed shape has an unbroken perimeter and no missing interior tile (both are stated); perimeter-only ignores holes.",
    .label = "Completed shape",
    .source = "Rulebook: an unbroken perimeter and no missing interior tile; notes 1.2.8" },
  [CB_OPT_PRIVATE_SIZE] = { "private-board-size", TW_VALUE_INT, 3, 2, CB_MAX_PRIVATE, NULL,
    "Side of the private board's square footprint; the game ends when a player fills it.",
    .label = "Private board size",
    .source = "Rulebook: the 3x3 private board, whose 9th tile ends the game; notes 1.2.11a" },
  [CB_OPT_FIRST_PLAYER] = { "first-player", TW_VALUE_CHOICE, 0, 0, 0, first_player_choices,
    "Who starts (the rulebook: the most colourful outfit): the first seat, or a seat drawn from the seed.",
    .label = "First player",
    .source = "Rulebook: the player with the most colorful outfit starts; notes 1.2.4" },
  [CB_OPT_TIE_BREAK] = { "tie-break", TW_VALUE_CHOICE, 0, 0, 0, tie_break_choices,
    "Players tied for the most points add a second colour, then a third (the lightning round); or the tie stands.",
    .label = "Tie-break",
    .source = "Rulebook: the lightning round; notes 1.2.13" },
  [CB_OPT_FINAL_TURN_DECK] = { "final-turn-without-tiles", TW_VALUE_CHOICE, 0, 0, 0, final_turn_choices,
    "If the tiles run out during the last turns, the remaining players score without a turn (\"the game ends if the tiles run out\"), or the discards are shuffled into a new stack for those turns.",
    .label = "Tiles run out in the last turns",
    .source = "Rulebook: \"the game ends if the tiles run out\"; notes 1.2.11a (AMBIGUITY)" },
  [CB_OPT_DRAFT_UNPLAYABLE] = { "draft-unplayable-tile", TW_VALUE_CHOICE, 0, 0, 0, draft_unplayable_choices,
    "Expert Mode: a drafted tile that fits nowhere is discarded with no replacement (it was chosen, not drawn), or discarded and replaced from the stack as in the basic game.",
    .label = "Unplayable drafted tile",
    .source = "Rulebook, Expert Mode; notes 1.2.14 (AMBIGUITY)" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (cb_options) == CB_N_OPTIONS);

static const TwParamSpec p_shape_size[] = {
  { "tiles", TW_VALUE_INT, TRUE, 3, 1, 99, NULL, "Number of tiles in the shape." },
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, "Where the shape must be made." },
};
static const TwParamSpec p_color_shape_size[] = {
  { "color", TW_VALUE_COLOR, TRUE, 0, 0, 0, NULL, "Colour of the shape." },
  { "tiles", TW_VALUE_INT, FALSE, 5, 1, 99, NULL, "Number of tiles in the shape." },
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, "Where the shape must be made." },
};
static const TwParamSpec p_pictured[] = {
  { "shape", TW_VALUE_SHAPE, TRUE, 0, 0, 0, NULL, "The pictured shape, in any orientation." },
  { "color", TW_VALUE_COLOR, FALSE, -1, 0, 0, NULL, "Colour it must be made in (any single colour when absent)." },
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, "Where the shape must be made." },
};
static const TwParamSpec p_island[] = {
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, "Where the shape must be made." },
};
static const TwParamSpec p_private_size[] = {
  { "min-tiles", TW_VALUE_INT, FALSE, 3, 1, 25, NULL, "Least number of tiles in the shape." },
};
static const TwParamSpec p_first_score[] = {
  { "color", TW_VALUE_COLOR, TRUE, 0, 0, 0, NULL, "The colour to score first." },
};

const TwCardKind cb_card_kinds[] = {
  [CB_GOAL_SHAPE_SIZE] = { "shape-size", "goal", "Size",
    "Make any shape with the pictured number of tiles.", p_shape_size, G_N_ELEMENTS (p_shape_size) },
  [CB_GOAL_COLOR_SHAPE_SIZE] = { "color-shape-size", "goal", "Colour",
    "Make any shape with 5 tiles of the pictured colour.", p_color_shape_size, G_N_ELEMENTS (p_color_shape_size) },
  [CB_GOAL_PICTURED_SHAPE] = { "pictured-shape", "goal", "Pattern",
    "Make the pictured shape out of a single colour of tiles.", p_pictured, G_N_ELEMENTS (p_pictured) },
  [CB_GOAL_ISLAND] = { "island", "goal", "Island",
    "Create a shape with an island of a different colour inside of it.", p_island, G_N_ELEMENTS (p_island) },
  [CB_GOAL_PRIVATE_SHAPE_SIZE] = { "private-shape-size", "goal", "Homestead",
    "Create a shape with 3 or more tiles in your Private Board.", p_private_size, G_N_ELEMENTS (p_private_size) },
  [CB_GOAL_PRIVATE_ALL_COLORS] = { "private-all-colors", "goal", "Palette",
    "Create a shape of each colour in your Private Board (claim it when you complete the last one).", NULL, 0 },
  [CB_GOAL_FIRST_TO_SCORE] = { "first-to-score", "goal", "First",
    "Be the first player to score the pictured colour at the end of the game.", p_first_score, G_N_ELEMENTS (p_first_score) },
};

static const char * const cb_counter_names[] = {
  [CB_COUNTER_TURNS] = "turns",
  [CB_COUNTER_DISCARDED] = "tiles-discarded-unplayable",
  [CB_COUNTER_GOALS] = "goals-claimed",
  [CB_COUNTER_SHARED_SHAPES] = "shared-shapes-completed",
  [CB_COUNTER_PRIVATE_SHAPES] = "private-shapes-completed",
  [CB_COUNTER_LIGHTNING] = "lightning-rounds",
  [CB_COUNTER_ENDED_PRIVATE] = "ended-by-full-private-board",
  [CB_COUNTER_ENDED_TILES] = "ended-by-tiles-running-out",
  [CB_COUNTER_PRIVATE_TILES] = "private-tiles-placed",
  NULL,
};

G_STATIC_ASSERT (G_N_ELEMENTS (cb_counter_names) == CB_N_COUNTERS + 1);

/* ------------------------------------------------------------------------ */
/* Definition time                                                          */

static void
cb_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  if (def->n_colors == 0)
    tw_diag_error (diags, tw_node_get (def->root, "game"), NULL,
                   "Colorblock needs at least one colour under `colors`");
  if (def->n_colors > 15)
    tw_diag_error (diags, tw_node_get (def->root, "colors"), NULL,
                   "Colorblock supports at most 15 colours, this file has %u", def->n_colors);
  if (def->total_tiles == 0)
    tw_diag_error (diags, tw_node_get (def->root, "game"), "add a `tiles:` list",
                   "Colorblock needs at least one tile");
  for (guint i = 0; i < def->n_tiles; i++)
    if (def->tiles[i].n_edges != 4)
      tw_diag_error (diags, def->tiles[i].node, "give it `edges: [N, E, S, W]` colours",
                     "Colorblock tile '%s' has no edges", def->tiles[i].id);
  for (guint i = 0; i < def->n_cards; i++)
    {
      const TwCardDef *card = &def->cards[i];
      if (card->kind == CB_GOAL_PICTURED_SHAPE && card->shape.n == 0)
        tw_diag_error (diags, card->node, NULL, "goal '%s' needs a `shape`", card->id);
    }
}

static gpointer
cb_prepare (const TwDefinition *def)
{
  CbPrep *p = g_new0 (CbPrep, 1);
  guint T = def->total_tiles;

  p->n_inst = T;
  p->side = T + 3;
  p->n_colors = def->n_colors;
  p->inst_def = g_new0 (guint16, MAX (T, 1));
  for (guint i = 0, k = 0; i < def->n_tiles; i++)
    for (guint c = 0; c < def->tiles[i].count; c++)
      p->inst_def[k++] = i;

  p->faces = g_malloc0 (sizeof (TwTileFace[4]) * MAX (def->n_tiles, 1));
  p->rotations = g_malloc0 (sizeof (guint8[4]) * MAX (def->n_tiles, 1));
  p->n_rotations = g_new0 (guint8, MAX (def->n_tiles, 1));
  for (guint i = 0; i < def->n_tiles; i++)
    {
      for (guint r = 0; r < 4; r++)
        tw_tile_face (&def->tiles[i], r, &p->faces[i][r]);
      p->n_rotations[i] = tw_tile_distinct_rotations (&def->tiles[i], p->rotations[i]);
    }

  guint n_goal_cards = 0;
  for (guint i = 0; i < def->n_cards; i++)
    n_goal_cards += def->cards[i].count;
  p->goal_cards = g_new0 (guint16, MAX (n_goal_cards, 1));
  for (guint i = 0; i < def->n_cards; i++)
    for (guint c = 0; c < def->cards[i].count; c++)
      p->goal_cards[p->n_goal_cards++] = i;
  p->goal_canon = g_new0 (TwPolyomino, MAX (def->n_cards, 1));
  for (guint i = 0; i < def->n_cards; i++)
    if (def->cards[i].shape.n > 0)
      tw_polyomino_canonical (&def->cards[i].shape, &p->goal_canon[i]);

  gsize off = sizeof (CbState);
  p->off_deck = tw_layout_take (&off, T);
  p->off_loc = tw_layout_take (&off, T);
  p->off_placed = tw_layout_take (&off, T * sizeof (CbPlaced));
  p->off_parent = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_open = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_flags = tw_layout_take (&off, 4 * T);
  p->off_grid = tw_layout_take (&off, (gsize) p->side * p->side * sizeof (guint16));
  p->off_frontier = tw_layout_take (&off, (4 * T + 4) * sizeof (CbFront));
  p->size = tw_layout_end (off);
  return p;
}

static void
cb_free_prepared (gpointer data)
{
  CbPrep *p = data;

  g_free (p->inst_def);
  g_free (p->faces);
  g_free (p->rotations);
  g_free (p->n_rotations);
  g_free (p->goal_cards);
  g_free (p->goal_canon);
  g_free (p);
}

static gsize
cb_state_size (const TwGame *game)
{
  return cb_prep (game)->size;
}

/* ------------------------------------------------------------------------ */
/* Boards                                                                   */

const TwTileDef *
cb_inst_def (const TwGame *game,
             guint         inst)
{
  return &game->definition->tiles[cb_prep (game)->inst_def[inst]];
}

static inline const TwTileFace *
inst_face (const CbPrep *p,
           guint         inst,
           guint         rot)
{
  return &p->faces[p->inst_def[inst]][rot & 3];
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

static inline int
private_cell (int x,
              int y)
{
  if (x < -(CB_MAX_PRIVATE - 1) || x > CB_MAX_PRIVATE - 1
      || y < -(CB_MAX_PRIVATE - 1) || y > CB_MAX_PRIVATE - 1)
    return -1;
  return (y + CB_MAX_PRIVATE) * CB_PW + (x + CB_MAX_PRIVATE);
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
  int c = private_cell (x, y);
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
      const TwTileFace *f = inst_face (p, placed[j].inst, placed[j].rot);
      *req |= (guint16) (f->edge[tw_dir_opposite (d)] & 0xf) << (4 * d);
      *mask |= (guint16) 0xf << (4 * d);
      n++;
    }
  return n;
}

static inline guint
private_side (const TwGame *game)
{
  return (guint) cb_opt (game, CB_OPT_PRIVATE_SIZE);
}

/* Does the private board of @seat still fit its footprint with (x, y) added? */
static inline gboolean
private_fits (const TwGame  *game,
              const CbState *s,
              guint          seat,
              int            x,
              int            y)
{
  int k = (int) private_side (game);
  int x0 = MIN (s->pxmin[seat], x), x1 = MAX (s->pxmax[seat], x);
  int y0 = MIN (s->pymin[seat], y), y1 = MAX (s->pymax[seat], y);
  return x1 - x0 < k && y1 - y0 < k;
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
        g_string_append (why, "tiles cannot be turned in this variant (rotation is off)");
      return FALSE;
    }
  if (board != 0 && board != 1 + seat)
    {
      if (why)
        g_string_append (why, "you can't play a tile on another player's Private Board");
      return FALSE;
    }
  if (board == 0 ? n_shared (s) == 0 : s->n_private[seat] == 0)
    {
      if (x != 0 || y != 0)
        {
          if (why)
            g_string_append (why, "the first tile of a board is placed at 0,0");
          return FALSE;
        }
      return TRUE;
    }
  if (board == 0 && (ABS (x) > (int) p->n_inst + 1 || ABS (y) > (int) p->n_inst + 1))
    {
      if (why)
        g_string_append (why, "that cell is not next to any tile");
      return FALSE;
    }
  if (board != 0 && private_cell (x, y) < 0)
    {
      if (why)
        g_string_printf (why, "a Private Board can't be bigger than a %ux%u square",
                         private_side (game), private_side (game));
      return FALSE;
    }
  if (cb_board_at (game, s, board, x, y) != CB_NONE)
    {
      if (why)
        g_string_append (why, "that cell already holds a tile; tiles don't ever move");
      return FALSE;
    }
  if (cell_requirement (game, s, board, x, y, &req, &mask) == 0)
    {
      if (why)
        g_string_append (why, "a tile must be played with at least one edge attached to an existing tile");
      return FALSE;
    }
  if (board != 0 && !private_fits (game, s, seat, x, y))
    {
      if (why)
        g_string_printf (why, "a Private Board can't be bigger than a %ux%u square",
                         private_side (game), private_side (game));
      return FALSE;
    }
  const TwTileFace *f = inst_face (p, inst, rot);
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
                  g_string_append_printf (why, "colours must match: the %s edge is %s but touches %s",
                                          (const char *[]) { "north", "east", "south", "west" }[d],
                                          def->colors[f->edge[d]].name, def->colors[need].name);
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
      int k = (int) private_side (game);
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
            int c = private_cell (x, y);
            if (pg[c] != CB_NONE)
              continue;
            /* the window has a margin: neighbours of cells in the footprint exist */
            for (guint d = 0; d < 4; d++)
              {
                guint8 j = pg[c + tw_dir_dx[d] + CB_PW * tw_dir_dy[d]];
                if (j == CB_NONE)
                  continue;
                req |= (guint16) (inst_face (p, placed[j].inst, placed[j].rot)->edge[tw_dir_opposite (d)]) << (4 * d);
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

typedef struct
{
  guint        board;
  guint        color;
  guint        n_tiles;
  gboolean     has_hole;
  gboolean     has_island;
  TwPolyomino  footprint;   /* n == 0 when larger than TW_POLY_MAX_CELLS */
} CbShape;

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

/* The placements as region tiles, indexed like the placements. */
static TwRegionTile *
region_tiles (const TwGame  *game,
              const CbState *s)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  TwRegionTile *tiles = g_new (TwRegionTile, MAX (s->n_placed, 1));

  for (guint i = 0; i < s->n_placed; i++)
    tiles[i] = (TwRegionTile) { placed[i].x, placed[i].y, inst_face (p, placed[i].inst, placed[i].rot) };
  return tiles;
}

/* Member tiles of the shape rooted at @root, their footprint, and whether the
 * shape encloses empty cells (holes) or other-coloured sections (an island). */
static void
analyze_shape (const TwGame  *game,
               const CbState *s,
               guint16        root,
               CbShape       *out)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  guint16 *parent = CB_PARENT (p, (CbState *) s);
  guint board = placed[root / 4].board;
  int xs[256], ys[256];
  guint n = 0;
  int x0 = G_MAXINT, y0 = G_MAXINT;

  memset (out, 0, sizeof *out);
  out->board = board;
  out->color = inst_face (p, placed[root / 4].inst, placed[root / 4].rot)->section_color[root % 4];

  for (guint i = 0; i < s->n_placed; i++)
    {
      if (placed[i].board != board)
        continue;
      const TwTileFace *f = inst_face (p, placed[i].inst, placed[i].rot);
      for (guint sec = 0; sec < f->n_sections; sec++)
        if (tw_uf_find (parent, 4 * i + sec) == root)
          {
            xs[n] = placed[i].x;
            ys[n] = placed[i].y;
            x0 = MIN (x0, xs[n]);
            y0 = MIN (y0, ys[n]);
            n++;
            break;
          }
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
  g_autofree TwRegionTile *tiles = region_tiles (game, s);
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
static gboolean
goal_met (const TwGame  *game,
          const CbState *s,
          guint          seat,
          guint          card_index,
          const CbShape *shape)
{
  const TwCardDef *card = &game->definition->cards[card_index];
  const CbPrep *p = cb_prep (game);

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
    if (s->goal_owner[g] == CB_NONE && goal_met (game, s, seat, s->goal_card[g], shape))
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

  analyze_shape (game, s, root, &shape);
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
  const TwTileFace *f = inst_face (p, inst, rot);
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
      s->pgrid[sp][private_cell (x, y)] = i;
      s->n_private[sp]++;
    }

  /* join sections across the edges this tile closes */
  for (guint d = 0; d < 4; d++)
    {
      if (nb[d] == CB_NONE)
        continue;
      guint j = nb[d];
      const TwTileFace *g = inst_face (p, placed[j].inst, placed[j].rot);
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
        analyze_shape (game, s, roots[k], &shape);
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
  guint k = private_side (game);
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

static void
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

static guint64
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

static int
cb_to_act (const TwGame  *game,
           const TwState *state)
{
  const CbState *s = (const CbState *) state;
  return s->phase == CB_PHASE_DONE ? -1 : s->current;
}

static void
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

static gboolean
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
        g_string_append (why, "the game is over");
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
              g_string_append (why, "it is time to choose a colour, not to place a tile");
            return FALSE;
          }
        if (from_draft)
          {
            if (move->c >= s->draft_len)
              {
                if (why)
                  g_string_printf (why, "there is no tile %u in the draft", move->c + 1u);
                return FALSE;
              }
            inst = s->draft[move->c];
          }
        else
          {
            if (move->c != CB_NONE)
              {
                if (why)
                  g_string_append (why, "there is no draft this turn: place the tile you drew");
                return FALSE;
              }
            inst = s->tile;
          }
        if (move->a > 1)
          {
            if (why)
              g_string_append (why, "a tile goes on the shared board or on your private board");
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
              g_string_append (why, "only a drafted tile that fits nowhere may be discarded");
            return FALSE;
          }
        guint inst = s->draft[move->c];
        if (gen_placements (game, s, seat, inst, CB_NONE, NULL) > 0)
          {
            if (why)
              g_string_append (why, "you must play your piece if able: that tile fits");
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
              g_string_append (why, "colours are chosen at the end of the game, not now");
            return FALSE;
          }
        if (move->a >= p->n_colors)
          {
            if (why)
              g_string_append (why, "there is no such colour");
            return FALSE;
          }
        for (guint i = 0; i < s->n_chosen[seat]; i++)
          if (s->chosen[seat][i] == move->a)
            {
              if (why)
                g_string_printf (why, "%s was already scored; choose a different colour",
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
        g_string_append (why, "not a Colorblock move");
      return FALSE;
    }
}

static void
cb_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const CbState *s = (const CbState *) state;
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = cb_total_score (game, s, q);
}

static void
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

static void
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

/* ------------------------------------------------------------------------ */
/* How the bots judge a position (doc/rules/colorblock.md)                  */

/* The heuristic estimates each seat's final score, in points, and returns
 * the mover's estimate minus the best other seat's:
 *
 *   E = max over colours c of  P_c x S_c  (+ an open first-to-score goal)
 *       + stars claimed + stars of goals within reach
 *       + private-board progress
 *
 *  - P_c, the completed c shapes the seat will have on its private board:
 *    those completed, plus each open private shape weighted by its chance to
 *    close: every empty cell it faces must be filled in time (1 - (1 - f)^t,
 *    f the share of the tiles left that fit that cell, t the seat's turns
 *    left), CB_H_GROW per open edge for the new edges a filler brings, and
 *    no chance at all when it faces a cell outside the k x k footprint (the
 *    board's edge) or a cell no tile left can fill.
 *  - S_c, the completed c shapes of the shared board at the end: those
 *    completed, open shared shapes at CB_H_OPEN_SHARED^open, and the shapes
 *    the remaining tiles will complete (CB_H_SHARED_RATE per tile, spread
 *    over the colours).
 *  - The colour is the one the seat will choose: the best product, as at
 *    the end (the product rewards one colour on both boards).
 *  - Goals within reach: an open private shape that meets an unclaimed goal
 *    as it stands, at its chance to close; Palette at the chance of a
 *    completed shape in every colour.
 *  - Progress towards the main ending (a full private board):
 *    CB_H_TILE per private tile, CB_H_FULL for a full board, and
 *    CB_H_RISK for each needed empty cell at the chance that no fitting tile
 *    comes in time: a hole that nothing fits any more means the board can
 *    never fill.
 *  - A seat that has chosen its colour is worth its score; a finished game
 *    its final scores. "Turns left" are the tiles left divided among the
 *    seats, shortened when some board is about to fill.
 */
#define CB_H_GROW          0.7
#define CB_H_OPEN_SHARED   0.45
#define CB_H_SHARED_RATE   0.17
#define CB_H_PRIVATE_RATE  0.12
#define CB_H_FIRST_TO_SCORE 0.5
#define CB_H_TILE          0.4
#define CB_H_FULL          1.5
#define CB_H_RISK          1.0
#define CB_H_FREE_CELL     0.6   /* a cell with no neighbour yet: most tiles will fit */

/* What the tiles still to come (stack, hand, draft row) are: a count per tile
 * definition; the colours of a cell's neighbours then tell how many fit. */
typedef struct
{
  guint8 count[256];
  guint  n_defs;
  guint  total;
} CbTilesLeft;

static void
tiles_left (const TwGame  *game,
            const CbState *s,
            CbTilesLeft   *out)
{
  const CbPrep *p = cb_prep (game);
  const guint8 *loc = CB_LOC (p, s);

  out->n_defs = MIN (game->definition->n_tiles, G_N_ELEMENTS (out->count));
  memset (out->count, 0, out->n_defs);
  out->total = 0;
  for (guint t = 0; t < p->n_inst; t++)
    if ((loc[t] == CB_LOC_DECK || loc[t] == CB_LOC_HAND) && p->inst_def[t] < out->n_defs)
      {
        out->count[p->inst_def[t]]++;
        out->total++;
      }
}

/* The share of the tiles to come that fit a cell whose neighbours require
 * @req under @mask. */
static double
fit_share (const TwGame      *game,
           const CbTilesLeft *left,
           guint16            req,
           guint16            mask)
{
  const CbPrep *p = cb_prep (game);
  gboolean turn = cb_opt (game, CB_OPT_ROTATION);
  guint n = 0;

  if (mask == 0)
    return CB_H_FREE_CELL;
  if (left->total == 0)
    return 0;
  for (guint d = 0; d < left->n_defs; d++)
    {
      if (left->count[d] == 0)
        continue;
      guint n_rots = turn ? p->n_rotations[d] : 1;
      for (guint r = 0; r < n_rots; r++)
        if ((p->faces[d][turn ? p->rotations[d][r] : 0].packed & mask) == req)
          {
            n += left->count[d];
            break;
          }
    }
  return (double) n / left->total;
}

/* The requirement of private cell (x, y) of @seat, as cell_requirement(). */
static inline void
private_requirement (const CbPrep  *p,
                     const CbState *s,
                     guint          seat,
                     int            x,
                     int            y,
                     guint16       *req,
                     guint16       *mask)
{
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint8 *pg = s->pgrid[seat];
  int c = private_cell (x, y);

  *req = *mask = 0;
  for (guint d = 0; d < 4; d++)
    {
      guint8 j = pg[c + tw_dir_dx[d] + CB_PW * tw_dir_dy[d]];
      if (j == CB_NONE)
        continue;
      *req |= (guint16) (inst_face (p, placed[j].inst, placed[j].rot)->edge[tw_dir_opposite (d)]) << (4 * d);
      *mask |= (guint16) 0xf << (4 * d);
    }
}

/* A seat's private board as the heuristic sees it. */
typedef struct
{
  double pot[TW_MAX_COLORS];   /* expected further completed shapes per colour */
  double goals;                /* stars of goals within reach, weighted */
  double risk;                 /* expected needed cells never filled */
  double turns_to_fill;        /* rough own turns until the board is full */
} CbPrivateOutlook;

#define CB_H_MAX_ROOTS (CB_MAX_PRIVATE * CB_MAX_PRIVATE * 4)

static void
private_outlook (const TwGame      *game,
                 const CbState     *s,
                 guint              seat,
                 const CbTilesLeft *left,
                 double             turns,
                 CbPrivateOutlook  *out)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  const guint16 *open = CB_OPEN (p, s);
  const guint8 *flags = CB_FLAGS (p, s);
  const guint8 *pg = s->pgrid[seat];
  guint k = private_side (game);
  guint16 roots[CB_H_MAX_ROOTS];
  double chance[CB_H_MAX_ROOTS];
  CbShape shape[CB_H_MAX_ROOTS];
  guint n_roots = 0;
  double cell_fill[CB_PW * CB_PW];

  memset (out, 0, sizeof *out);
  if (s->n_private[seat] == 0)
    {
      out->turns_to_fill = k * k / CB_H_FREE_CELL;
      return;
    }

  /* every empty cell next to the board or inside its box: the chance that a
   * fitting tile comes in time; a needed cell (inside the box) that stays
   * empty keeps the board from filling */
  int x0 = s->pxmin[seat] - 1, x1 = s->pxmax[seat] + 1;
  int y0 = s->pymin[seat] - 1, y1 = s->pymax[seat] + 1;
  guint box = (guint) (s->pxmax[seat] - s->pxmin[seat] + 1) * (s->pymax[seat] - s->pymin[seat] + 1);
  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        /* the window's margin holds every neighbour of the footprint */
        int c = (y + CB_MAX_PRIVATE) * CB_PW + (x + CB_MAX_PRIVATE);
        if (pg[c] != CB_NONE)
          continue;
        gboolean inside = x > x0 && x < x1 && y > y0 && y < y1;
        if (!inside && (private_cell (x, y) < 0 || !private_fits (game, s, seat, x, y)))
          {
            cell_fill[c] = 0;
            continue;
          }
        guint16 req, mask;
        private_requirement (p, s, seat, x, y, &req, &mask);
        double f = fit_share (game, left, req, mask);
        double miss = f >= 1 ? 0 : exp (turns * log1p (-f));
        cell_fill[c] = 1 - miss;
        if (inside)
          {
            out->risk += miss;
            out->turns_to_fill += 1 / MAX (f, 0.02);
          }
      }
  if (k * k > box)
    out->turns_to_fill += (k * k - box) / CB_H_FREE_CELL;

  /* open shapes: the cells each one faces */
  for (int y = s->pymin[seat]; y <= s->pymax[seat]; y++)
    for (int x = s->pxmin[seat]; x <= s->pxmax[seat]; x++)
      {
        guint8 i = pg[private_cell (x, y)];
        if (i == CB_NONE)
          continue;
        const TwTileFace *f = inst_face (p, placed[i].inst, placed[i].rot);
        for (guint sec = 0; sec < f->n_sections; sec++)
          {
            guint16 r = tw_uf_root (parent, 4 * i + sec);
            guint n;
            if (flags[r] & CB_SHAPE_COMPLETE)
              continue;
            for (n = 0; n < n_roots && roots[n] != r; n++)
              ;
            if (n == n_roots)
              {
                roots[n_roots] = r;
                /* a closed shape with a hole waits for the hole's tile */
                chance[n_roots] = open[r] == 0 ? 0.5 : 1.0;
                memset (&shape[n_roots], 0, sizeof shape[n_roots]);
                shape[n_roots].board = 1 + seat;
                shape[n_roots].color = f->section_color[sec];
                n_roots++;
              }
            CbShape *sh = &shape[n];
            if (sh->n_tiles < TW_POLY_MAX_CELLS
                && (sh->n_tiles == 0 || sh->footprint.x[sh->n_tiles - 1] != x
                    || sh->footprint.y[sh->n_tiles - 1] != y))
              {
                sh->footprint.x[sh->n_tiles] = (gint8) x;
                sh->footprint.y[sh->n_tiles] = (gint8) y;
                sh->n_tiles++;
              }
            for (guint d = 0; d < 4; d++)
              {
                if (!(f->section_mask[sec] & (1u << d)))
                  continue;
                int c = private_cell (x, y) + tw_dir_dx[d] + CB_PW * tw_dir_dy[d];
                if (pg[c] != CB_NONE)
                  continue;
                chance[n] *= cell_fill[c] * CB_H_GROW;
              }
          }
      }

  for (guint n = 0; n < n_roots; n++)
    {
      CbShape *sh = &shape[n];
      out->pot[sh->color] += chance[n];
      if (chance[n] <= 0 || s->n_goals == 0)
        continue;
      sh->footprint.n = sh->n_tiles;
      tw_polyomino_normalize (&sh->footprint);
      for (guint g = 0; g < s->n_goals; g++)
        if (s->goal_owner[g] == CB_NONE
            && goal_met (game, s, seat, s->goal_card[g], sh))
          out->goals += chance[n] * game->definition->cards[s->goal_card[g]].points;
    }
}

static double
cb_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const CbPrep *p = cb_prep (game);
  const CbState *s = (const CbState *) state;
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  const guint16 *open = CB_OPEN (p, s);
  const guint8 *flags = CB_FLAGS (p, s);
  const TwDefinition *def = game->definition;
  guint n = s->n_players, k = private_side (game);
  double value[CB_MAX_PLAYERS], shared[TW_MAX_COLORS] = { 0 };
  CbPrivateOutlook outlook[CB_MAX_PLAYERS];
  CbTilesLeft left;

  if (s->phase == CB_PHASE_DONE)
    {
      for (guint q = 0; q < n; q++)
        value[q] = cb_total_score (game, s, q);
    }
  else
    {
      tiles_left (game, s, &left);

      /* turns left: the tiles left, or fewer when a board is about to fill */
      double turns = (double) left.total / n;
      if (s->ending)
        turns = 1;
      double horizon = turns;
      for (guint q = 0; q < n; q++)
        {
          private_outlook (game, s, q, &left, turns, &outlook[q]);
          if (s->n_chosen[q] == 0)
            horizon = MIN (horizon, outlook[q].turns_to_fill);
        }

      /* the shared board: open shapes and the completions still to come */
      for (guint node = 0; node < 4u * s->n_placed; node++)
        {
          const CbPlaced *pl = &placed[node / 4];
          const TwTileFace *f;
          if (parent[node] != node || pl->board != 0 || (flags[node] & CB_SHAPE_COMPLETE))
            continue;
          f = inst_face (p, pl->inst, pl->rot);
          if (node % 4 >= f->n_sections)
            continue;
          shared[f->section_color[node % 4]] += open[node] == 0 ? 0.5
                                                : pow (CB_H_OPEN_SHARED, open[node]);
        }
      for (guint c = 0; c < p->n_colors; c++)
        shared[c] = shared[c] * MIN (1.0, horizon / 3) + s->done_shared[c]
                    + CB_H_SHARED_RATE * horizon * n / p->n_colors;

      for (guint q = 0; q < n; q++)
        {
          if (s->n_chosen[q] > 0)
            {
              value[q] = cb_total_score (game, s, q);
              continue;
            }
          double cells = (double) k * k - s->n_private[q];
          double best = 0;
          for (guint c = 0; c < p->n_colors; c++)
            {
              double priv = s->done_private[q][c] + outlook[q].pot[c]
                            + CB_H_PRIVATE_RATE * MIN (cells, horizon) / p->n_colors;
              double v = priv * shared[c];
              for (guint g = 0; g < s->n_goals; g++)
                {
                  const TwCardDef *card = &def->cards[s->goal_card[g]];
                  if (s->goal_owner[g] == CB_NONE && card->kind == CB_GOAL_FIRST_TO_SCORE
                      && card->params[0] == (int) c)
                    v += CB_H_FIRST_TO_SCORE * card->points;
                }
              best = MAX (best, v);
            }
          double palette = 1;
          for (guint c = 0; c < p->n_colors; c++)
            palette *= MIN (1.0, s->done_private[q][c] + outlook[q].pot[c]);
          for (guint g = 0; g < s->n_goals; g++)
            if (s->goal_owner[g] == CB_NONE
                && def->cards[s->goal_card[g]].kind == CB_GOAL_PRIVATE_ALL_COLORS)
              best += palette * def->cards[s->goal_card[g]].points;
          value[q] = best + cb_total_score (game, s, q) + outlook[q].goals
                     + CB_H_TILE * s->n_private[q]
                     + (s->n_private[q] >= k * k ? CB_H_FULL : 0)
                     - CB_H_RISK * outlook[q].risk;
        }
    }

  double other = -G_MAXDOUBLE;
  for (guint q = 0; q < n; q++)
    if (q != player)
      other = MAX (other, value[q]);
  return value[player] - other;
}

/* The playout policy (doc/rules/colorblock.md): a colour choice takes the
 * best product (with an open first-to-score goal's stars); a placement is
 * drawn with a weight that grows with what it does, read from the move and
 * the shapes it touches, without playing it:
 *   1, plus for every shape it would complete (all its open edges closed),
 *   1 + CB_P_COMPLETE x what the shape multiplies (on the shared board the
 *   mover's private shapes of that colour, on the private board the shared
 *   ones), plus CB_P_NEAR for a shape left one edge from closing;
 *   x CB_P_PRIVATE on the mover's own private board before the ending
 *   (filling it is the main ending), x CB_P_HOLE for every needed empty cell
 *   it would leave with three or more neighbours (hard to fill).
 * A draft discard (only offered for a tile that fits nowhere) weighs 1.
 * The private weight is large because filling the private board is what
 * wins: the policy bot against greedy (2 players, 1000 games) won 20.5% of
 * the wins with x4, 28.7% with x10, 36.1% with x25 and 40.5% with x60; it
 * wins 84.5% (seat 1) and 81.3% (seat 2) against random. */
#define CB_P_COMPLETE 1.5
#define CB_P_NEAR     0.3
#define CB_P_PRIVATE  50.0
#define CB_P_HOLE     0.1

static double
placement_weight (const TwGame  *game,
                  const CbState *s,
                  guint          seat,
                  const TwMove  *m)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);
  const guint16 *parent = CB_PARENT (p, s);
  const guint16 *open = CB_OPEN (p, s);
  guint board = m->a == 0 ? 0 : 1 + seat;
  guint inst = s->phase == CB_PHASE_DRAFT ? s->draft[m->c] : s->tile;
  const TwTileFace *f = inst_face (p, inst, m->b);
  guint8 nb[4];
  guint16 nroot[4];
  double w = 1;

  for (guint d = 0; d < 4; d++)
    {
      nb[d] = cb_board_at (game, s, board, m->x + tw_dir_dx[d], m->y + tw_dir_dy[d]);
      nroot[d] = TW_EDGE_OPEN;
      if (nb[d] != CB_NONE)
        {
          /* edges match, so every neighbour joins */
          const CbPlaced *pl = &placed[nb[d]];
          nroot[d] = tw_uf_root (parent, 4 * nb[d] + inst_face (p, pl->inst, pl->rot)->section_of[tw_dir_opposite (d)]);
        }
    }

  for (guint sec = 0; sec < f->n_sections; sec++)
    {
      guint16 joined[4];
      guint n_joined;
      int left = tw_section_open_after (f, sec, nroot, open, joined, &n_joined);
      guint c = f->section_color[sec];
      if (left == 0)
        w += 1 + CB_P_COMPLETE * (board == 0 ? s->done_private[seat][c] : s->done_shared[c]);
      else if (left == 1)
        w += CB_P_NEAR;
    }

  if (board != 0 && !s->ending)
    {
      w *= CB_P_PRIVATE;
      /* empty cells of the footprint this tile would hem in */
      for (guint d = 0; d < 4; d++)
        {
          int x = m->x + tw_dir_dx[d], y = m->y + tw_dir_dy[d];
          guint n_full = 1;
          if (nb[d] != CB_NONE || private_cell (x, y) < 0 || !private_fits (game, s, seat, x, y))
            continue;
          for (guint e = 0; e < 4; e++)
            {
              int nx = x + tw_dir_dx[e], ny = y + tw_dir_dy[e];
              if ((nx != m->x || ny != m->y) && cb_board_at (game, s, board, nx, ny) != CB_NONE)
                n_full++;
            }
          if (n_full >= 3)
            w *= CB_P_HOLE;
        }
    }
  return w;
}

static guint
cb_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;
  guint seat = s->current;
  TwWeightedPick pick = { 0, 0 };

  if (s->phase == CB_PHASE_CHOOSE || s->phase == CB_PHASE_LIGHTNING)
    {
      /* the best colour, ties drawn evenly */
      double best = -1;
      guint chosen = 0, n_best = 0;
      for (guint i = 0; i < moves->len; i++)
        {
          const TwMove *m = &moves->moves[i];
          double v;
          if (m->kind != CB_MOVE_COLOR)
            continue;
          v = s->done_private[seat][m->a] * s->done_shared[m->a];
          for (guint g = 0; g < s->n_goals && s->n_chosen[seat] == 0; g++)
            if (s->goal_owner[g] == CB_NONE
                && def->cards[s->goal_card[g]].kind == CB_GOAL_FIRST_TO_SCORE
                && def->cards[s->goal_card[g]].params[0] == (int) m->a)
              v += def->cards[s->goal_card[g]].points;
          if (v > best)
            {
              best = v;
              chosen = i;
              n_best = 1;
            }
          else if (v == best && tw_rng_below (rng, ++n_best) == 0)
            chosen = i;
        }
      return chosen;
    }

  for (guint i = 0; i < moves->len; i++)
    {
      const TwMove *m = &moves->moves[i];
      tw_weighted_pick_offer (&pick, i, m->kind == CB_MOVE_PLACE ? placement_weight (game, s, seat, m) : 1,
                              rng);
    }
  return pick.chosen;
}

/* How a game ended: the rulebook's main ending, a full private board, or
 * its fallback, the tiles running out (doc/rules/colorblock.md). */
static const char * const cb_end_reasons[] = { "full-private-board", "tiles-ran-out", NULL };

static guint
cb_end_reason (const TwGame  *game,
               const TwState *state)
{
  return ((const CbState *) state)->counters[CB_COUNTER_ENDED_PRIVATE] ? 0 : 1;
}

static void
cb_counters (const TwGame  *game,
             const TwState *state,
             guint64       *out)
{
  tw_counters_copy (((const CbState *) state)->counters, CB_N_COUNTERS, out);
}

/* From scratch: shapes by the shared region search (tw-regions.c) compared
 * with the union-find and the completed counts, and every tile instance in
 * exactly one place. */
static gboolean
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
  g_autofree TwRegionTile *all = region_tiles (game, s);
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

static const char * const cb_extra_tile_keys[] = { NULL };

const TwRules tw_colorblock_rules = {
  .id = "colorblock",
  .display_name = "Colorblock",
  .min_players = 2,
  .max_players = CB_MAX_PLAYERS,
  .options = cb_options,
  .n_options = CB_N_OPTIONS,
  .card_kinds = cb_card_kinds,
  .n_card_kinds = CB_N_GOAL_KINDS,
  .extra_sections = NULL,
  .extra_tile_keys = cb_extra_tile_keys,
  .counter_names = cb_counter_names,
  .end_reasons = cb_end_reasons,
  .notation = cb_notation_summary,
  .validate = cb_validate,
  .prepare = cb_prepare,
  .free_prepared = cb_free_prepared,
  .state_size = cb_state_size,
  .init = cb_init,
  .hash = cb_hash,
  .to_act = cb_to_act,
  .legal_moves = cb_legal_moves,
  .apply = cb_apply,
  .scores = cb_scores,
  .ranking = cb_ranking,
  .score_terms = cb_score_terms,
  .explain_ranking = cb_explain_ranking,
  .move_to_text = cb_move_to_text,
  .describe_move = cb_describe_move,
  .move_from_text = cb_move_from_text,
  .state_to_text = cb_state_to_text,
  .state_from_text = cb_state_from_text,
  .observe = cb_observe,
  .heuristic = cb_heuristic,
  /* RAVE measured a gain (doc/bots.md) */
  .search_rave = 1000,
  .playout_pick = cb_playout_pick,
  .end_reason = cb_end_reason,
  .counters = cb_counters,
  .check = cb_check,
};
