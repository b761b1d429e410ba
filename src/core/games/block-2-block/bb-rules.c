/* bb-rules.c: Block 2 Block, every rule
 *
 * The rules as read in doc/rules/block-2-block.md (from
 * shared/rules/block-2-block.md): a tiered board of rows that open one after
 * the other, up to a die roll of markers a turn, blocks revealed when first
 * marked and their effects (Crumble, Move with its Bulldozer, Swap,
 * Remove-Marker) resolved at once as follow-up moves of the same seat, locks
 * with two markers capturing the opponents' markers, bids and investments on
 * active tiers, the tier bonus with its rounded-up tie split, and the Short
 * Stack variant with its holdings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bb-private.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const clause_choices[] = { "instead", "either", "off", NULL };
static const char * const capture_choices[] = { "remove", "return", NULL };
static const char * const capture_points_choices[] = { "per-marker", "per-tile", NULL };
static const char * const lock_values_choices[] = { "at-game-end", "when-locked", NULL };
static const char * const tier_score_choices[] = { "lock-values", "locked-tiles", NULL };
static const char * const holding_face_choices[] = { "face-down", "face-up", NULL };
static const char * const placements_choices[] = { "up-to-roll", "all-of-roll", NULL };
static const char * const empty_choices[] = { "every-row", "top", "random", NULL };

const char * const bb_kind_names[] = {
  [BB_KIND_CLEAN] = "clean",
  [BB_KIND_GOLD] = "gold",
  [BB_KIND_CRUMBLE] = "crumble",
  [BB_KIND_MOVE] = "move",
  [BB_KIND_SWAP] = "swap",
  [BB_KIND_REMOVE_MARKER] = "remove-marker",
  NULL,
};

const TwOptionSpec bb_options[] = {
  [BB_OPT_SHORT_STACK] = { "short-stack", TW_VALUE_BOOL, 0, 0, 1, NULL,
    "Short Stack, \"a fast 2-4 player version\" (refused with 5 or 6): each player is dealt holdings; "
    "once per turn crumble an unrevealed tile in an open row and replace it with a holding, or put a holding in an "
    "open space of an active tier.",
    .label = "Short Stack",
    .max_players = 4,
    .source = "Rulebook, Short Stack: \"a fast 2-4 player version\", \"deal each player 3 block tiles (HOLDINGS)\"; notes 3.2.13" },
  [BB_OPT_MOVE_BID] = { "move-bid", TW_VALUE_BOOL, 0, 0, 1, NULL,
    "The bid action may instead move one of your bids to a different active tier: the line is garbled "
    "(\"s of bid s syom ... different active tier\") and only reconstructed, so it is off by default.",
    .label = "Move a bid to another tier",
    .source = "Rulebook, Bids & Investments (garbled line, reconstructed in brackets); notes 3.2.7" },
  [BB_OPT_BID_USES_PLACEMENT] = { "bid-uses-placement", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "A new bid uses one of the die's placements (rule 3 caps the markers \"placed down\" each turn); off: the bid "
    "comes on top of the roll. Converting or moving a bid never uses one.",
    .label = "A bid uses a placement",
    .source = "Rulebook, Game Rules 3 and 6; notes 3.2.7 (AMBIGUITY)" },
  [BB_OPT_ROWS_STAY_OPEN] = { "rows-stay-open", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "A row once open stays open (no rule closes rows); off: openness is recomputed after every change, so a row "
    "closes again when a tile below it loses its last marker or an unmarked tile moves in.",
    .label = "Rows stay open",
    .source = "Rulebook, Game Rules 4 (\"the next row up is open for play\"); notes 3.2.5 (AMBIGUITY)" },
  [BB_OPT_FEW_ROWS_CLAUSE] = { "few-rows-clause", TW_VALUE_CHOICE, BB_CLAUSE_INSTEAD, 0, 0, clause_choices,
    "While fewer than 3 rows are open, the Bulldozer removes an unrevealed row-3 tile and Swap trades an unrevealed "
    "row-3 tile with a revealed one: instead of the normal form (the text reads as a replacement), either form at "
    "the player's choice, or off (ignored). When the clause has no target the normal form applies.",
    .label = "\"Fewer than 3 rows\" clause",
    .source = "Rulebook, Black tiles: Move Block and Swap Block; notes 3.2.8 (AMBIGUITY)" },
  [BB_OPT_REMOVE_LOCKED_TILES] = { "remove-locked-tiles", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "Crumble and the Bulldozer may remove a locked tile (\"any revealed block tile\"; the Crumble article destroys "
    "claimed tiles); off: only unlocked tiles can be removed.",
    .label = "Crumble removes locked tiles",
    .source = "Rulebook, Black tiles: Crumble Block; the Crumble article; notes 3.2.8 (AMBIGUITY)" },
  [BB_OPT_UNMARK_LOCKED] = { "unmark-locked", TW_VALUE_BOOL, 0, 0, 1, NULL,
    "A Remove-Marker block may take a marker off a locked tile; off (default): LOCKED is final.",
    .label = "Remove-Marker on locked tiles",
    .source = "Rulebook, Black tiles: Remove-Marker Block; notes 3.2.8 (AMBIGUITY)" },
  [BB_OPT_CAPTURE] = { "capture", TW_VALUE_CHOICE, BB_CAPTURE_REMOVE, 0, 0, capture_choices,
    "Opponents' markers on a tile when it locks are captured and leave the game (\"capturing\" implies they are "
    "taken); return: they go back to their owners' supplies, the locker still scores them.",
    .label = "Captured markers",
    .source = "Rulebook, Scoring: \"+1 point for capturing opponent markers\"; notes 3.2.6b (AMBIGUITY)" },
  [BB_OPT_CAPTURE_POINTS] = { "capture-points", TW_VALUE_CHOICE, BB_CAPTURE_PER_MARKER, 0, 0, capture_points_choices,
    "\"+1 point for capturing opponent markers also on that block\": +1 per captured marker, or +1 per lock that "
    "captured any.",
    .label = "Capture points",
    .source = "Rulebook, Scoring: \"+1 point for capturing opponent markers also on that block\"" },
  [BB_OPT_LOCK_VALUES] = { "lock-values", TW_VALUE_CHOICE, BB_VALUES_AT_END, 0, 0, lock_values_choices,
    "Lock values come from the tile's row at game end (moving claimed tiles between tiers is the point of Move and "
    "Swap in the Trade article); when-locked fixes the value the moment the tile locks.",
    .label = "When lock values are read",
    .source = "Rulebook, Clean blocks; the Trade article; notes 3.2.9 (AMBIGUITY)" },
  [BB_OPT_GOLD_MULTIPLIER] = { "gold-multiplier", TW_VALUE_INT, 2, 1, 4, NULL,
    "A gold-bordered clean block locks for this many times its tier number (the rulebook gives no value; the "
    "Trade article speaks of \"extra bonus points\").",
    .label = "Gold block multiplier",
    .source = "Rulebook, Components (\"1 gold-bordered clean block\", no value given); notes 3.2.9 [ASSUMPTION]" },
  [BB_OPT_TIER_SCORE] = { "tier-score", TW_VALUE_CHOICE, BB_TIER_LOCK_VALUES, 0, 0, tier_score_choices,
    "Who wins a tier: the most lock points in it (\"tier score\"), or the most locked tiles in it.",
    .label = "Tier winner",
    .source = "Rulebook, Tier Bonus: \"Tier score determines which player won each tier\"; notes 3.2.10 (AMBIGUITY)" },
  [BB_OPT_HOLDING_FACE] = { "holding-face", TW_VALUE_CHOICE, BB_HOLDING_FACE_DOWN, 0, 0, holding_face_choices,
    "Short Stack: a holding goes in face down and is revealed and resolved when marked like any tile; face-up: it "
    "goes in revealed and its effect never resolves.",
    .label = "Holdings go in",
    .source = "Rulebook, Short Stack; notes 3.2.13 (AMBIGUITY: face down)" },
  [BB_OPT_IDLE_ROUND_ENDS] = { "idle-round-ends", TW_VALUE_BOOL, 0, 0, 1, NULL,
    "The rulebook-reading safety end is a full round in which nobody could place a marker on a tile; on: also a "
    "full round in which nobody puts a marker or a holding into play (everyone passed), off by default because "
    "placing is \"up to\" the roll and a pass is a legal choice.",
    .label = "End after an idle round",
    .source = "Not in the rulebook: safety end; notes 3.2.12" },
  [BB_OPT_ROUND_LIMIT] = { "round-limit", TW_VALUE_INT, 200, 1, 1000, NULL,
    "Safety rule (not in the rulebook): the game ends and is scored after this many rounds, so that players or "
    "bots who keep passing cannot make it endless (a pass is always legal, so without a limit two players who "
    "prefer passing never finish). Random games end long before 200 rounds.",
    .label = "Round limit",
    .source = "Not in the rulebook: the project's safety rule (doc/rules/block-2-block.md, Termination)" },
  [BB_OPT_PLACEMENTS] = { "placements", TW_VALUE_CHOICE, BB_PLACE_UP_TO, 0, 0, placements_choices,
    "The die says how many markers \"may be placed\": up to the roll (a turn may end early); all-of-roll: the turn "
    "ends only when the roll is used up or no marker can go on a tile.",
    .label = "Markers per roll",
    .source = "Rulebook, Game Rules 3: the die says how many markers \"may be placed\"; notes 3.2.6 (AMBIGUITY)" },
  [BB_OPT_SHORT_STACK_EMPTY] = { "short-stack-empty", TW_VALUE_CHOICE, BB_EMPTY_EVERY_ROW, 0, 0, empty_choices,
    "Short Stack: where the slots the holdings leave empty are. \"After setting up the board\" (every row of the "
    "configuration): every-row deals one face-down tile to each row from the bottom up, then a second, and so "
    "on, so every tier holds tiles; top: rows are filled from the bottom up and the top slots stay empty (with 4 "
    "players rows 4-8 get no tile and tiers 3-4 cannot be won); random: random slots above the clean tiles.",
    .label = "Short Stack empty slots",
    .source = "Rulebook, Short Stack: \"After setting up the board, deal each player 3 block tiles\", \"uses fewer tiles\"; notes 3.2.13 (AMBIGUITY)" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (bb_options) == BB_N_OPTIONS);

static const char * const bb_counter_names[] = {
  [BB_COUNTER_TURNS] = "turns",
  [BB_COUNTER_MARKERS] = "markers-placed",
  [BB_COUNTER_LOCKS] = "tiles-locked",
  [BB_COUNTER_CAPTURED] = "markers-captured",
  [BB_COUNTER_EFFECTS] = "effects-resolved",
  [BB_COUNTER_EFFECTS_SKIPPED] = "effects-without-target",
  [BB_COUNTER_TILES_REMOVED] = "tiles-removed",
  [BB_COUNTER_BIDS] = "bids",
  [BB_COUNTER_INVESTMENTS] = "investments",
  [BB_COUNTER_HOLDINGS] = "holdings-played",
  [BB_COUNTER_SAFETY_END] = "safety-ends",
  [BB_COUNTER_ALL_LOCKED_END] = "all-locked-ends",
  [BB_COUNTER_NO_PLACEMENT_END] = "no-placement-ends",
  [BB_COUNTER_ROUND_LIMIT_END] = "round-limit-ends",
  NULL,
};

static const char * const bb_extra_sections[] = { "board", "markers", "die", "short-stack", NULL };
static const char * const bb_extra_tile_keys[] = { NULL };

/* ------------------------------------------------------------------------ */
/* Definition time                                                          */

/* Reads the module's own sections into @p (when not NULL), reporting every
 * problem to @diags. The loader has checked the core sections already. */
static gboolean
parse_config (const TwDefinition *def,
              TwDiagnostics      *diags,
              BbPrep             *p)
{
  static const char * const board_keys[] = { "rows", "tier-value", NULL };
  static const char * const short_keys[] = { "holdings", NULL };
  const TwNode *board = tw_node_get (def->root, "board");
  const TwNode *markers = tw_node_get (def->root, "markers");
  const TwNode *die = tw_node_get (def->root, "die");
  const TwNode *short_stack = tw_node_get (def->root, "short-stack");
  const TwNode *game = tw_node_get (def->root, "game");
  guint before = tw_diagnostics_n_errors (diags);
  gint64 v;

  if (board == NULL)
    tw_diag_error (diags, game, "add `board: {rows: [4, 5, 4, 3, 3, 2, 2, 2], tier-value: 3}`",
                   "Block 2 Block needs a `board:` section with the row widths");
  else if (tw_node_expect (board, TW_NODE_MAP, "the board", diags)
           && tw_node_check_keys (board, board_keys, "board", diags))
    {
      const TwNode *rows = tw_node_get (board, "rows");
      const TwNode *tv = tw_node_get (board, "tier-value");
      guint slots = 0;

      if (rows == NULL)
        tw_diag_error (diags, board, "list the width of each row from the bottom, e.g. [4, 5, 4, 3]",
                       "the board needs `rows:`");
      else if (tw_node_expect (rows, TW_NODE_SEQ, "the board rows", diags))
        {
          if (rows->n_children < 1 || rows->n_children > BB_MAX_ROWS)
            tw_diag_error (diags, rows, "two rows make a tier",
                           "the board has %u rows; Block 2 Block supports 1 to %u",
                           rows->n_children, BB_MAX_ROWS);
          for (guint r = 0; r < rows->n_children && r < BB_MAX_ROWS; r++)
            if (tw_node_to_int (rows->children[r], 1, 16, &v, diags))
              {
                if (p)
                  {
                    p->row_width[r] = v;
                    p->row_start[r] = slots;
                  }
                slots += v;
              }
          if (slots > BB_MAX_SLOTS)
            tw_diag_error (diags, rows, NULL, "the rows hold %u slots; at most %u are supported",
                           slots, BB_MAX_SLOTS);
          if (p)
            {
              p->n_rows = MIN (rows->n_children, BB_MAX_ROWS);
              p->n_slots = slots;
            }
        }
      if (tv == NULL)
        tw_diag_error (diags, board, "the rulebook: \"Tiers are worth 3 points each\"",
                       "the board needs `tier-value:`, the points of a tier per level");
      else if (tw_node_to_int (tv, 0, 100, &v, diags) && p)
        p->tier_value = v;
    }

  if (markers == NULL)
    tw_diag_error (diags, game, "the rulebook has 30 markers per player: `markers: 30`",
                   "Block 2 Block needs `markers:`, the markers of each player");
  else if (tw_node_to_int (markers, 1, BB_MAX_MARKERS, &v, diags) && p)
    p->markers = v;

  if (die == NULL)
    tw_diag_error (diags, game, "the rulebook rolls a D4: `die: 4`",
                   "Block 2 Block needs `die:`, the sides of the die rolled each turn");
  else if (tw_node_to_int (die, 1, 20, &v, diags) && p)
    p->die = v;

  if (short_stack == NULL)
    tw_diag_error (diags, game, "the rulebook deals 3: `short-stack: {holdings: 3}`",
                   "Block 2 Block needs `short-stack:` with the holdings dealt in that variant");
  else if (tw_node_expect (short_stack, TW_NODE_MAP, "short-stack", diags)
           && tw_node_check_keys (short_stack, short_keys, "short-stack", diags))
    {
      const TwNode *h = tw_node_get (short_stack, "holdings");
      if (h == NULL)
        tw_diag_error (diags, short_stack, NULL, "short-stack needs `holdings:`");
      else if (tw_node_to_int (h, 0, BB_MAX_HOLDINGS, &v, diags) && p)
        p->holdings = v;
    }

  if (def->total_tiles == 0 || def->total_tiles > BB_MAX_TILES)
    tw_diag_error (diags, tw_node_get (def->root, "tiles"), NULL,
                   "Block 2 Block needs 1 to %u tiles, this file has %u", BB_MAX_TILES,
                   def->total_tiles);
  for (guint i = 0; i < def->n_tiles; i++)
    {
      const TwTileDef *tile = &def->tiles[i];
      guint k;

      if (tile->n_edges != 0)
        tw_diag_error (diags, tile->node, "remove `edges:`; a block has only a `kind:`",
                       "Block 2 Block tile '%s' has edges", tile->id);
      for (k = 0; k < BB_N_KINDS; k++)
        if (tile->kind && g_str_equal (tile->kind, bb_kind_names[k]))
          break;
      if (k == BB_N_KINDS)
        tw_diag_error (diags, tile->node,
                       "the kinds are clean, gold, crumble, move, swap and remove-marker",
                       tile->kind ? "tile '%s' has an unknown kind" : "tile '%s' needs a `kind:`",
                       tile->id);
      else if (p)
        p->def_kind[i] = k;
    }
  return tw_diagnostics_n_errors (diags) == before;
}

static void
bb_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  parse_config (def, diags, NULL);
}

static gpointer
bb_prepare (const TwDefinition *def)
{
  BbPrep *p = g_new0 (BbPrep, 1);
  TwDiagnostics *scratch = tw_diagnostics_new (def->path);

  /* validate() passed, so this only fills the tables */
  parse_config (def, scratch, p);
  tw_diagnostics_free (scratch);

  p->n_tiers = (p->n_rows + 1) / 2;
  for (guint r = 0; r < p->n_rows; r++)
    for (guint c = 0; c < p->row_width[r]; c++)
      {
        guint slot = p->row_start[r] + c;
        p->slot_row[slot] = r;
        p->slot_col[slot] = c;
        p->row_mask[r] |= G_GUINT64_CONSTANT (1) << slot;
        p->tier_mask[r / 2] |= G_GUINT64_CONSTANT (1) << slot;
      }
  for (guint r = 0; r < p->n_rows; r++)
    p->open_mask[r + 1] = p->open_mask[r] | p->row_mask[r];
  p->all_slots = p->open_mask[p->n_rows];

  for (guint i = 0; i < def->n_tiles; i++)
    for (guint c = 0; c < def->tiles[i].count && p->n_inst < BB_MAX_TILES; c++)
      {
        p->inst_def[p->n_inst] = i;
        p->inst_kind[p->n_inst] = p->def_kind[i];
        p->n_inst++;
      }
  return p;
}

static void
bb_free_prepared (gpointer data)
{
  g_free (data);
}

static gsize
bb_state_size (const TwGame *game)
{
  return sizeof (BbState);
}

/* ------------------------------------------------------------------------ */
/* Board bookkeeping                                                        */

#define BIT(i) (G_GUINT64_CONSTANT (1) << (i))

static inline guint
tile_markers (const BbState *s,
              guint          t)
{
  guint n = 0;
  for (guint q = 0; q < BB_MAX_PLAYERS; q++)
    n += s->mk[t][q];
  return n;
}

/* Recomputes the mask bits of one slot from its tile. */
void
bb_refresh_slot (BbState *s,
                 guint    slot)
{
  guint64 bit = BIT (slot);
  guint t = s->slot_tile[slot];

  s->occ &= ~bit;
  s->rev &= ~bit;
  s->lock &= ~bit;
  s->marked &= ~bit;
  s->turn &= ~bit;
  if (t == BB_NONE)
    return;
  s->occ |= bit;
  if (s->revealed & BIT (t))
    s->rev |= bit;
  if (s->tile_locker[t] != BB_NONE)
    s->lock |= bit;
  if (tile_markers (s, t) > 0)
    s->marked |= bit;
  if (s->marked_turn & BIT (t))
    s->turn |= bit;
}

void
bb_recount_masks (const TwGame *game,
                  BbState      *s)
{
  const BbPrep *p = bb_prep (game);

  s->occ = s->rev = s->lock = s->marked = s->turn = 0;
  for (guint slot = 0; slot < p->n_slots; slot++)
    bb_refresh_slot (s, slot);
}

static inline void
put_tile (BbState *s,
          guint    t,
          guint    slot)
{
  s->slot_tile[slot] = t;
  s->tile_loc[t] = BB_LOC_BOARD;
  s->tile_slot[t] = slot;
  s->tile_holder[t] = BB_NONE;
  bb_refresh_slot (s, slot);
}

/* Takes the tile at @slot off the game; its markers go back to their owners. */
static void
remove_tile (BbState *s,
             guint    slot)
{
  guint t = s->slot_tile[slot];

  for (guint q = 0; q < BB_MAX_PLAYERS; q++)
    {
      s->supply[q] += s->mk[t][q];
      s->mk[t][q] = 0;
    }
  s->tile_loc[t] = BB_LOC_REMOVED;
  s->tile_slot[t] = BB_NONE;
  s->tile_locker[t] = BB_NONE;
  s->tile_value[t] = 0;
  s->tile_hider[t] = BB_NONE;
  /* a tile taken off the game is seen by everyone */
  s->revealed |= BIT (t);
  s->slot_tile[slot] = BB_NONE;
  bb_refresh_slot (s, slot);
  s->counters[BB_COUNTER_TILES_REMOVED]++;
}

static void
move_tile (BbState *s,
           guint    from,
           guint    to)
{
  guint t = s->slot_tile[from];

  s->slot_tile[from] = BB_NONE;
  bb_refresh_slot (s, from);
  put_tile (s, t, to);
}

static guint64
active_slots (const BbPrep  *p,
              const BbState *s)
{
  guint64 m = 0;
  for (guint k = 0; k < p->n_tiers; k++)
    if (p->tier_mask[k] & s->rev)
      m |= p->tier_mask[k];
  return m;
}

static inline gboolean
tier_active (const BbPrep  *p,
             const BbState *s,
             guint          tier)
{
  return tier < p->n_tiers && (p->tier_mask[tier] & s->rev) != 0;
}

static inline gboolean
row_full (const BbPrep  *p,
          const BbState *s,
          guint          row)
{
  return (p->row_mask[row] & s->occ & ~s->marked) == 0;
}

/* Rows open when every tile of the highest open row carries a marker. */
void
bb_update_rows (const TwGame *game,
                BbState      *s)
{
  const BbPrep *p = bb_prep (game);

  if (bb_opt (game, BB_OPT_ROWS_STAY_OPEN))
    {
      while (s->open_rows < p->n_rows && row_full (p, s, s->open_rows - 1))
        s->open_rows++;
    }
  else
    {
      guint h = 1;
      while (h < p->n_rows && row_full (p, s, h - 1))
        h++;
      s->open_rows = h;
    }
}

/* What tile @t is worth locked where it stands now (bb_value_in_slot()). */
static inline guint
slot_value (const TwGame  *game,
            const BbState *s,
            guint          t)
{
  return bb_value_in_slot (game, t, s->tile_slot[t]);
}

/* The points a locked tile is worth to its locker. */
static inline guint
lock_value (const TwGame  *game,
            const BbState *s,
            guint          t)
{
  return bb_lock_value_in (game, s, t, s->tile_slot[t]);
}

guint
bb_lock_value (const TwGame  *game,
               const BbState *s,
               guint          t)
{
  return lock_value (game, s, t);
}

gboolean
bb_can_place (const TwGame  *game,
              const BbState *s,
              guint          seat)
{
  const BbPrep *p = bb_prep (game);
  return s->supply[seat] > 0 && (p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn) != 0;
}

/* ------------------------------------------------------------------------ */
/* Effects                                                                  */

typedef struct
{
  guint64 revealed;     /* revealed tiles on the board */
  guint64 removable;    /* tiles Crumble and the Bulldozer may take off */
  guint64 row3;         /* the few-rows clause's unrevealed row-3 tiles, 0 when it does not apply */
  gboolean normal;      /* the normal form is allowed */
  guint64 spaces;       /* Move: open spaces on active tiers */
  guint64 unmarkable;   /* Remove-Marker: tiles a marker may be taken from */
} BbTargets;

static void
effect_targets (const TwGame  *game,
                const BbState *s,
                BbTargets     *tg)
{
  const BbPrep *p = bb_prep (game);
  int clause = bb_opt (game, BB_OPT_FEW_ROWS_CLAUSE);

  tg->revealed = s->rev & s->occ;
  tg->removable = tg->revealed & (bb_opt (game, BB_OPT_REMOVE_LOCKED_TILES) ? ~G_GUINT64_CONSTANT (0) : ~s->lock);
  tg->row3 = 0;
  if (clause != BB_CLAUSE_OFF && p->n_rows >= 3 && s->open_rows < 3 && tg->revealed != 0)
    tg->row3 = p->row_mask[2] & s->occ & ~s->rev;
  tg->normal = tg->row3 == 0 || clause == BB_CLAUSE_EITHER;
  tg->spaces = p->all_slots & ~s->occ & active_slots (p, s);
  tg->unmarkable = s->occ & s->marked & (bb_opt (game, BB_OPT_UNMARK_LOCKED) ? ~G_GUINT64_CONSTANT (0) : ~s->lock);
}

static inline TwMove *
push2 (TwMoveList *out,
       guint       kind,
       guint       a,
       guint       b)
{
  TwMove *m = tw_move_list_push (out);
  m->kind = kind;
  m->a = a;
  m->b = b;
  return m;
}

#define FOR_BITS(var, mask) \
  for (guint64 var##_m = (mask); var##_m; var##_m &= var##_m - 1) \
    for (guint var = __builtin_ctzll (var##_m), var##_once = 1; var##_once; var##_once = 0)

/* Appends the follow-up moves of a @kind effect; with @out NULL, only
 * says whether there is one. */
static gboolean
gen_effect (const TwGame  *game,
            const BbState *s,
            guint          kind,
            TwMoveList    *out)
{
  BbTargets tg;
  gboolean any = FALSE;

  effect_targets (game, s, &tg);
  switch (kind)
    {
    case BB_KIND_CRUMBLE:
      if (!out)
        return tg.removable != 0;
      FOR_BITS (a, tg.removable)
        push2 (out, BB_MOVE_CRUMBLE, a, 0);
      return tg.removable != 0;

    case BB_KIND_MOVE:
      if (tg.spaces)
        {
          if (!out)
            return tg.revealed != 0;
          FOR_BITS (a, tg.revealed)
            FOR_BITS (b, tg.spaces)
              push2 (out, BB_MOVE_SHIFT, a, b);
          return tg.revealed != 0;
        }
      /* no open space: the Bulldozer */
      if (tg.row3)
        {
          if (!out)
            return TRUE;
          FOR_BITS (x, tg.row3)
            FOR_BITS (y, tg.revealed)
              push2 (out, BB_MOVE_BULLDOZE, x, y);
          any = TRUE;
        }
      if (tg.normal)
        FOR_BITS (x, tg.removable)
          {
            guint64 ys = tg.revealed & ~BIT (x);
            if (ys && !out)
              return TRUE;
            FOR_BITS (y, ys)
              push2 (out, BB_MOVE_BULLDOZE, x, y);
            any |= ys != 0;
          }
      return any;

    case BB_KIND_SWAP:
      if (tg.row3)
        {
          if (!out)
            return TRUE;
          FOR_BITS (a, tg.row3)
            FOR_BITS (b, tg.revealed)
              push2 (out, BB_MOVE_SWAP, a, b);
          any = TRUE;
        }
      if (tg.normal)
        FOR_BITS (a, tg.revealed)
          {
            guint64 bs = tg.revealed & ~((BIT (a) << 1) - 1);   /* b > a: each pair once */
            if (bs && !out)
              return TRUE;
            FOR_BITS (b, bs)
              push2 (out, BB_MOVE_SWAP, a, b);
            any |= bs != 0;
          }
      return any;

    case BB_KIND_REMOVE_MARKER:
      if (!out)
        return tg.unmarkable != 0;
      FOR_BITS (a, tg.unmarkable)
        {
          guint t = s->slot_tile[a];
          for (guint q = 0; q < s->n_players; q++)
            if (s->mk[t][q])
              push2 (out, BB_MOVE_UNMARK, a, q);
        }
      return tg.unmarkable != 0;

    default:
      return FALSE;
    }
}

/* Whether @move is one of the follow-up moves of the pending effect. */
static gboolean
effect_move_legal (const TwGame  *game,
                   const BbState *s,
                   const TwMove  *move,
                   GString       *why)
{
  const BbPrep *p = bb_prep (game);
  guint kind = p->inst_kind[s->pending];
  guint a = move->a, b = move->b;
  BbTargets tg;
  const char *expected;

  static const guint8 move_for_kind[] = {
    [BB_KIND_CRUMBLE] = BB_MOVE_CRUMBLE,
    [BB_KIND_MOVE] = BB_MOVE_SHIFT,
    [BB_KIND_SWAP] = BB_MOVE_SWAP,
    [BB_KIND_REMOVE_MARKER] = BB_MOVE_UNMARK,
  };
  switch (kind)
    {
    case BB_KIND_CRUMBLE: expected = "the Crumble block: 'crumble SLOT', any revealed tile"; break;
    case BB_KIND_MOVE: expected = "the Move block: 'move FROM TO' to an open space, or 'bulldoze REMOVED MOVED' when there is none"; break;
    case BB_KIND_SWAP: expected = "the Swap block: 'swap SLOT SLOT', two revealed tiles"; break;
    default: expected = "the Remove-Marker block: 'unmark SLOT pN'"; break;
    }
  if (move->kind != move_for_kind[kind]
      && !(kind == BB_KIND_MOVE && move->kind == BB_MOVE_BULLDOZE))
    {
      if (why)
        g_string_printf (why, "resolve the effect of %s first", expected);
      return FALSE;
    }
  if (a >= p->n_slots || (move->kind != BB_MOVE_CRUMBLE && move->kind != BB_MOVE_UNMARK && b >= p->n_slots)
      || (move->kind == BB_MOVE_CRUMBLE && b != 0))
    {
      if (why)
        g_string_append (why, "no such slot on this board");
      return FALSE;
    }
  effect_targets (game, s, &tg);

#define REFUSE(msg) G_STMT_START { if (why) g_string_append (why, msg); return FALSE; } G_STMT_END
  switch (move->kind)
    {
    case BB_MOVE_CRUMBLE:
      if (!(tg.revealed & BIT (a)))
        REFUSE ("Crumble: select any revealed block tile");
      if (!(tg.removable & BIT (a)))
        REFUSE ("Crumble: locked tiles cannot be removed in this variant");
      return TRUE;

    case BB_MOVE_SHIFT:
      if (!tg.spaces)
        REFUSE ("there is no open space on an active tier: the Move block becomes the BULLDOZER");
      if (!(tg.revealed & BIT (a)))
        REFUSE ("Move: select any revealed tile");
      if (!(tg.spaces & BIT (b)))
        REFUSE ("Move: the tile goes to an open space on an active tier");
      return TRUE;

    case BB_MOVE_BULLDOZE:
      if (tg.spaces)
        REFUSE ("there is an open space on an active tier: move the tile there (the BULLDOZER is only "
                "for when no open spaces exist)");
      if (!(tg.revealed & BIT (b)) || a == b)
        REFUSE ("BULLDOZER: then move a revealed tile into the REMOVED tile's previous position");
      if (tg.row3 & BIT (a))
        return TRUE;
      if (tg.row3 && !tg.normal)
        REFUSE ("fewer than 3 rows are open: bulldoze an unrevealed tile in row 3");
      if (!(tg.revealed & BIT (a)))
        REFUSE ("BULLDOZER: remove a revealed tile from the playspace");
      if (!(tg.removable & BIT (a)))
        REFUSE ("BULLDOZER: locked tiles cannot be removed in this variant");
      return TRUE;

    case BB_MOVE_SWAP:
      if (a == b)
        REFUSE ("Swap: two different tiles");
      if ((tg.row3 & BIT (a) && tg.revealed & BIT (b)) || (tg.row3 & BIT (b) && tg.revealed & BIT (a)))
        return TRUE;
      if (tg.row3 && !tg.normal)
        REFUSE ("fewer than 3 rows are open: exchange an unrevealed tile in row 3 with a revealed tile");
      if (!(tg.revealed & BIT (a)) || !(tg.revealed & BIT (b)))
        REFUSE ("Swap: swap the position of any two revealed block tiles");
      return TRUE;

    case BB_MOVE_UNMARK:
      if (b >= s->n_players || !(s->occ & BIT (a)) || s->mk[s->slot_tile[a]][b] == 0)
        REFUSE ("Remove-Marker: select a marker placed upon a block tile");
      if (!(tg.unmarkable & BIT (a)))
        REFUSE ("Remove-Marker: a LOCKED tile keeps its markers");
      return TRUE;

    default:
      return FALSE;
    }
#undef REFUSE
}

/* ------------------------------------------------------------------------ */
/* Turns                                                                    */

static void
finish (BbState *s)
{
  s->phase = BB_PHASE_DONE;
  s->pending = BB_NONE;
}

void
bb_begin_turn_flags (const TwGame *game,
                     BbState      *s)
{
  s->phase = BB_PHASE_TURN;
  s->pending = BB_NONE;
  s->used = 0;
  s->bid_done = 0;
  s->hold_done = 0;
  s->progress = 0;
  s->marked_turn = 0;
  s->turn = 0;
  s->could_place = bb_can_place (game, s, s->current);
}

static void
begin_turn (const TwGame *game,
            BbState      *s)
{
  const BbPrep *p = bb_prep (game);

  s->roll = 1 + tw_rng_below (&s->rng, p->die);
  s->turn_no = MIN (s->turn_no + 1, G_MAXUINT16 - 1);
  bb_begin_turn_flags (game, s);
  s->counters[BB_COUNTER_TURNS]++;
}

/* After every action: rows opening, then the end when every tile is locked. */
static void
after_action (const TwGame *game,
              BbState      *s)
{
  bb_update_rows (game, s);
  if ((s->occ & ~s->lock) == 0)
    {
      s->counters[BB_COUNTER_ALL_LOCKED_END]++;
      finish (s);
    }
}

static void
lock_tile (const TwGame *game,
           BbState      *s,
           guint         t,
           guint         seat)
{
  guint captured = 0;

  s->tile_locker[t] = seat;
  s->tile_value[t] = bb_opt (game, BB_OPT_LOCK_VALUES) == BB_VALUES_WHEN_LOCKED
                     ? slot_value (game, s, t) : 0;
  for (guint q = 0; q < s->n_players; q++)
    {
      guint c = s->mk[t][q];
      if (q == seat || c == 0)
        continue;
      s->mk[t][q] = 0;
      captured += c;
      if (bb_opt (game, BB_OPT_CAPTURE) == BB_CAPTURE_RETURN)
        s->supply[q] += c;
      else
        s->lost[q] += c;
    }
  if (captured)
    s->capture_points[seat] += bb_opt (game, BB_OPT_CAPTURE_POINTS) == BB_CAPTURE_PER_TILE ? 1 : captured;
  s->counters[BB_COUNTER_LOCKS]++;
  s->counters[BB_COUNTER_CAPTURED] += captured;
}

/* A marker of @seat on the tile at @slot: reveal, resolve, lock. */
static void
mark (const TwGame *game,
      BbState      *s,
      guint         seat,
      guint         slot)
{
  const BbPrep *p = bb_prep (game);
  guint t = s->slot_tile[slot];

  s->mk[t][seat]++;
  s->supply[seat]--;
  s->used++;
  s->progress = 1;
  s->marked_turn |= BIT (t);
  s->counters[BB_COUNTER_MARKERS]++;
  if (!(s->revealed & BIT (t)))
    {
      /* a face-down tile is turned over and its effect resolved at once; it
       * carries only this marker, so it cannot lock on the same marking */
      s->revealed |= BIT (t);
      s->tile_hider[t] = BB_NONE;
      bb_refresh_slot (s, slot);
      guint kind = p->inst_kind[t];
      if (kind >= BB_KIND_CRUMBLE)
        {
          if (gen_effect (game, s, kind, NULL))
            {
              s->phase = BB_PHASE_EFFECT;
              s->pending = t;
              return;
            }
          s->counters[BB_COUNTER_EFFECTS_SKIPPED]++;
        }
    }
  if (s->mk[t][seat] >= 2)
    lock_tile (game, s, t, seat);
  bb_refresh_slot (s, slot);
  after_action (game, s);
}

static void
end_turn (const TwGame *game,
          BbState      *s)
{
  gboolean idle = !s->could_place || (bb_opt (game, BB_OPT_IDLE_ROUND_ENDS) && !s->progress);

  guint limit = (guint) bb_opt (game, BB_OPT_ROUND_LIMIT);

  s->idle = idle ? MIN (s->idle + 1, 255) : 0;
  if (s->idle >= s->n_players || (limit && s->turn_no >= limit * s->n_players))
    {
      s->ended_by_safety = 1;
      s->counters[BB_COUNTER_SAFETY_END]++;
      s->counters[s->idle >= s->n_players ? BB_COUNTER_NO_PLACEMENT_END : BB_COUNTER_ROUND_LIMIT_END]++;
      finish (s);
      return;
    }
  s->current = (s->current + 1) % s->n_players;
  begin_turn (game, s);
}

/* The first instance of tile definition @def held by @seat, or BB_NONE. */
static guint
held_instance (const TwGame  *game,
               const BbState *s,
               guint          seat,
               guint          def)
{
  const BbPrep *p = bb_prep (game);

  for (guint t = 0; t < p->n_inst; t++)
    if (s->tile_loc[t] == BB_LOC_HOLDING && s->tile_holder[t] == seat && p->inst_def[t] == def)
      return t;
  return BB_NONE;
}

static void
play_holding (const TwGame *game,
              BbState      *s,
              guint         seat,
              guint         t,
              guint         slot)
{
  s->n_holdings[seat]--;
  if (bb_opt (game, BB_OPT_HOLDING_FACE) == BB_HOLDING_FACE_UP)
    {
      s->revealed |= BIT (t);
      s->tile_hider[t] = BB_NONE;
    }
  else
    {
      s->revealed &= ~BIT (t);
      s->tile_hider[t] = seat;
    }
  put_tile (s, t, slot);
  s->hold_done = 1;
  s->progress = 1;
  s->counters[BB_COUNTER_HOLDINGS]++;
}

/* ------------------------------------------------------------------------ */
/* Scores                                                                   */

static void
compute_scores (const TwGame  *game,
                const BbState *s,
                int           *out)
{
  BbScoreParts parts[BB_MAX_PLAYERS];

  bb_score_parts (game, s, parts);
  for (guint q = 0; q < s->n_players; q++)
    out[q] = bb_score_parts_total (&parts[q]);
}

int
bb_total_score (const TwGame  *game,
                const BbState *s,
                guint          seat)
{
  int sc[BB_MAX_PLAYERS];
  compute_scores (game, s, sc);
  return sc[seat];
}

/* ------------------------------------------------------------------------ */
/* The module interface                                                     */

static void
bb_init (const TwGame *game,
         TwState      *state,
         guint64       seed)
{
  const BbPrep *p = bb_prep (game);
  BbState *s = (BbState *) state;
  guint8 pool[BB_MAX_TILES];
  guint n_pool = 0, next = 0;
  guint slot = 0;

  memset (s, 0, sizeof *s);
  tw_rng_seed (&s->rng, seed);
  s->n_players = game->n_players;
  memset (s->slot_tile, BB_NONE, sizeof s->slot_tile);
  memset (s->tile_slot, BB_NONE, sizeof s->tile_slot);
  memset (s->tile_holder, BB_NONE, sizeof s->tile_holder);
  memset (s->tile_locker, BB_NONE, sizeof s->tile_locker);
  memset (s->tile_hider, BB_NONE, sizeof s->tile_hider);
  for (guint t = 0; t < BB_MAX_TILES; t++)
    s->tile_loc[t] = BB_LOC_BOX;
  for (guint q = 0; q < s->n_players; q++)
    s->supply[q] = p->markers;

  /* the clean tiles face up along the bottom row, the rest shuffled */
  for (guint t = 0; t < p->n_inst; t++)
    if (p->inst_kind[t] == BB_KIND_CLEAN && slot < p->row_width[0])
      {
        s->revealed |= BIT (t);
        put_tile (s, t, slot++);
      }
    else
      pool[n_pool++] = t;
  tw_rng_shuffle_u8 (&s->rng, pool, n_pool);

  /* short stack: the holdings are dealt before the board is filled */
  if (bb_opt (game, BB_OPT_SHORT_STACK))
    for (guint h = 0; h < p->holdings; h++)
      for (guint q = 0; q < s->n_players && next < n_pool; q++)
        {
          guint t = pool[next++];
          s->tile_loc[t] = BB_LOC_HOLDING;
          s->tile_holder[t] = q;
          s->n_holdings[q]++;
        }
  /* face down from the bottom up; slots left over stay open spaces, tiles
   * left over stay in the box */
  {
    guint8 order[BB_MAX_SLOTS];
    guint n_order = 0;
    int empty = bb_opt (game, BB_OPT_SHORT_STACK) ? bb_opt (game, BB_OPT_SHORT_STACK_EMPTY) : BB_EMPTY_TOP;
    if (empty == BB_EMPTY_EVERY_ROW)
      {
        /* round robin over the rows, bottom up: the j-th free slot of each
         * row before the (j+1)-th of any */
        for (guint j = 0; n_order < p->n_slots - slot; j++)
          for (guint r = 0; r < p->n_rows; r++)
            {
              guint k = p->row_start[r] + (r == 0 ? slot : 0) + j;
              if (k < (guint) p->row_start[r] + p->row_width[r])
                order[n_order++] = k;
            }
      }
    else
      for (guint k = slot; k < p->n_slots; k++)
        order[n_order++] = k;
    if (empty == BB_EMPTY_RANDOM)
      tw_rng_shuffle_u8 (&s->rng, order, n_order);
    for (guint k = 0; k < n_order && next < n_pool; k++)
      put_tile (s, pool[next++], order[k]);
  }

  s->open_rows = 1;
  bb_update_rows (game, s);

  /* everyone rolls the die, the highest goes first, ties roll again */
  {
    guint8 cand[BB_MAX_PLAYERS];
    guint n_cand = s->n_players;
    for (guint q = 0; q < n_cand; q++)
      cand[q] = q;
    while (n_cand > 1)
      {
        guint best = 0, n_best = 0;
        guint8 roll[BB_MAX_PLAYERS];
        for (guint i = 0; i < n_cand; i++)
          {
            roll[i] = 1 + tw_rng_below (&s->rng, p->die);
            best = MAX (best, roll[i]);
          }
        for (guint i = 0; i < n_cand; i++)
          if (roll[i] == best)
            cand[n_best++] = cand[i];
        n_cand = n_best;
        if (p->die == 1)
          break;
      }
    s->current = cand[0];
  }
  begin_turn (game, s);
  if ((s->occ & ~s->lock) == 0)
    finish (s);
}

/* The whole position but the statistics: the state has no padding holes that
 * apply() could leave unset, it is zeroed in init() and state_from_text(). */
static guint64
bb_hash (const TwGame  *game,
         const TwState *state)
{
  const guint8 *bytes = (const guint8 *) state;
  gsize n = G_STRUCT_OFFSET (BbState, counters);
  guint64 h = G_GUINT64_CONSTANT (0x243f6a8885a308d3);

  for (gsize i = 0; i + 8 <= n; i += 8)
    {
      guint64 w;
      memcpy (&w, bytes + i, 8);
      h = tw_mix64 (h, w);
    }
  for (gsize i = n & ~(gsize) 7; i < n; i++)
    h = tw_mix64 (h, bytes[i]);
  return h;
}

static int
bb_to_act (const TwGame  *game,
           const TwState *state)
{
  const BbState *s = (const BbState *) state;
  return s->phase == BB_PHASE_DONE ? -1 : s->current;
}

static void
bb_legal_moves (const TwGame  *game,
                const TwState *state,
                TwMoveList    *out)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  guint seat = s->current;

  if (s->phase == BB_PHASE_EFFECT)
    {
      gen_effect (game, s, p->inst_kind[s->pending], out);
      return;
    }
  if (s->phase != BB_PHASE_TURN)
    return;

  gboolean can_use = s->used < s->roll && s->supply[seat] > 0;
  if (can_use)
    FOR_BITS (slot, p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn)
      push2 (out, BB_MOVE_MARK, slot, 0);

  if (!s->bid_done)
    for (guint k = 0; k < p->n_tiers; k++)
      {
        gboolean active = tier_active (p, s, k);
        if (active && s->supply[seat] > 0
            && (!bb_opt (game, BB_OPT_BID_USES_PLACEMENT) || s->used < s->roll))
          push2 (out, BB_MOVE_BID, k, 0);
        if (s->bids[k][seat] > 0)
          {
            push2 (out, BB_MOVE_INVEST, k, 0);
            if (bb_opt (game, BB_OPT_MOVE_BID))
              for (guint k2 = 0; k2 < p->n_tiers; k2++)
                if (k2 != k && tier_active (p, s, k2))
                  push2 (out, BB_MOVE_MOVE_BID, k, k2);
          }
      }

  if (bb_opt (game, BB_OPT_SHORT_STACK) && !s->hold_done && s->n_holdings[seat] > 0)
    {
      guint8 seen[TW_MAX_TILE_DEFS / 8] = { 0 };
      guint64 unrevealed = p->open_mask[s->open_rows] & s->occ & ~s->rev;
      guint64 spaces = p->all_slots & ~s->occ & active_slots (p, s);
      for (guint t = 0; t < p->n_inst; t++)
        {
          guint d = p->inst_def[t];
          if (s->tile_loc[t] != BB_LOC_HOLDING || s->tile_holder[t] != seat
              || seen[d / 8] & (1 << (d % 8)))
            continue;
          seen[d / 8] |= 1 << (d % 8);
          FOR_BITS (slot, unrevealed)
            push2 (out, BB_MOVE_REPLACE, slot, d);
          FOR_BITS (slot, spaces)
            push2 (out, BB_MOVE_HOLD, slot, d);
        }
    }

  if (!(bb_opt (game, BB_OPT_PLACEMENTS) == BB_PLACE_ALL && can_use
        && (p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn)))
    push2 (out, BB_MOVE_DONE, 0, 0);
}

static gboolean
bb_apply (const TwGame  *game,
          TwState       *state,
          const TwMove  *move,
          GString       *why)
{
  const BbPrep *p = bb_prep (game);
  BbState *s = (BbState *) state;
  guint seat = s->current;
  guint a = move->a, b = move->b;

#define REFUSE(...) G_STMT_START { if (why) g_string_append_printf (why, __VA_ARGS__); return FALSE; } G_STMT_END

  if (s->phase == BB_PHASE_DONE)
    REFUSE ("the game is over");
  if (move->c != 0 || move->x != 0 || move->y != 0 || move->p != 0 || move->q != 0)
    REFUSE ("not a Block 2 Block move");

  if (s->phase == BB_PHASE_EFFECT)
    {
      if (!effect_move_legal (game, s, move, why))
        return FALSE;
      switch (move->kind)
        {
        case BB_MOVE_CRUMBLE:
          remove_tile (s, a);
          break;
        case BB_MOVE_SHIFT:
          move_tile (s, a, b);
          break;
        case BB_MOVE_BULLDOZE:
          remove_tile (s, a);
          move_tile (s, b, a);
          break;
        case BB_MOVE_SWAP:
          {
            guint ta = s->slot_tile[a], tb = s->slot_tile[b];
            put_tile (s, tb, a);
            put_tile (s, ta, b);
            break;
          }
        case BB_MOVE_UNMARK:
          {
            guint t = s->slot_tile[a];
            s->mk[t][b]--;
            s->removed[b]++;
            bb_refresh_slot (s, a);
            break;
          }
        default:
          break;
        }
      s->counters[BB_COUNTER_EFFECTS]++;
      s->phase = BB_PHASE_TURN;
      s->pending = BB_NONE;
      after_action (game, s);
      return TRUE;
    }

  switch (move->kind)
    {
    case BB_MOVE_MARK:
      if (a >= p->n_slots || !(s->occ & BIT (a)))
        REFUSE ("there is no tile there to mark");
      if (!(p->open_mask[s->open_rows] & BIT (a)))
        REFUSE ("row %u is not open for play yet: every tile of the row below needs a marker first",
                p->slot_row[a] + 1u);
      if (s->lock & BIT (a))
        REFUSE ("that tile is LOCKED");
      if (s->turn & BIT (a))
        REFUSE ("only one marker can be placed on a tile per turn");
      if (s->used >= s->roll)
        REFUSE ("the die allows %u marker%s this turn", s->roll, s->roll == 1 ? "" : "s");
      if (s->supply[seat] == 0)
        REFUSE ("you have no markers left");
      if (b != 0)
        REFUSE ("not a Block 2 Block move");
      mark (game, s, seat, a);
      return TRUE;

    case BB_MOVE_BID:
    case BB_MOVE_INVEST:
    case BB_MOVE_MOVE_BID:
      if (s->bid_done)
        REFUSE ("bids and investments: once per turn");
      if (a >= p->n_tiers)
        REFUSE ("there is no tier %u", a + 1u);
      if (move->kind == BB_MOVE_BID)
        {
          if (b != 0)
            REFUSE ("not a Block 2 Block move");
          if (!tier_active (p, s, a))
            REFUSE ("place a BID on an active tier (a tier with revealed blocks upon it)");
          if (s->supply[seat] == 0)
            REFUSE ("you have no markers left");
          if (bb_opt (game, BB_OPT_BID_USES_PLACEMENT) && s->used >= s->roll)
            REFUSE ("a bid is one of the %u marker%s the die allows this turn", s->roll,
                    s->roll == 1 ? "" : "s");
          s->supply[seat]--;
          s->bids[a][seat]++;
          if (bb_opt (game, BB_OPT_BID_USES_PLACEMENT))
            s->used++;
          s->progress = 1;
          s->counters[BB_COUNTER_BIDS]++;
        }
      else if (move->kind == BB_MOVE_INVEST)
        {
          if (b != 0)
            REFUSE ("not a Block 2 Block move");
          if (s->bids[a][seat] == 0)
            REFUSE ("you have no bid on tier %u to convert", a + 1u);
          s->bids[a][seat]--;
          s->inv[a][seat]++;
          s->counters[BB_COUNTER_INVESTMENTS]++;
        }
      else
        {
          if (!bb_opt (game, BB_OPT_MOVE_BID))
            REFUSE ("moving a bid is a variant (move-bid) not in play");
          if (s->bids[a][seat] == 0)
            REFUSE ("you have no bid on tier %u to move", a + 1u);
          if (b == a || !tier_active (p, s, b))
            REFUSE ("move a bid to a different active tier");
          s->bids[a][seat]--;
          s->bids[b][seat]++;
        }
      s->bid_done = 1;
      return TRUE;

    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
      {
        if (!bb_opt (game, BB_OPT_SHORT_STACK))
          REFUSE ("holdings are played only in the Short Stack variant");
        if (s->hold_done)
          REFUSE ("a holding: once per turn");
        if (a >= p->n_slots)
          REFUSE ("no such slot on this board");
        guint t = b < game->definition->n_tiles ? held_instance (game, s, seat, b) : BB_NONE;
        if (t == BB_NONE)
          REFUSE ("that block is not in your HOLDINGS");
        if (move->kind == BB_MOVE_REPLACE)
          {
            if (!(s->occ & BIT (a)) || (s->rev & BIT (a)))
              REFUSE ("crumble an UNREVEALED block and replace it with a block from your HOLDINGS");
            if (!(p->open_mask[s->open_rows] & BIT (a)))
              REFUSE ("the block to crumble must be in an open row");
            remove_tile (s, a);
          }
        else
          {
            if (s->occ & BIT (a))
              REFUSE ("place a holding in an available open space: that slot holds a tile");
            if (!(active_slots (p, s) & BIT (a)))
              REFUSE ("the open space must be on an active tier");
          }
        play_holding (game, s, seat, t, a);
        after_action (game, s);
        return TRUE;
      }

    case BB_MOVE_DONE:
      if (a != 0 || b != 0)
        REFUSE ("not a Block 2 Block move");
      if (bb_opt (game, BB_OPT_PLACEMENTS) == BB_PLACE_ALL && s->used < s->roll && s->supply[seat] > 0
          && (p->open_mask[s->open_rows] & s->occ & ~s->lock & ~s->turn))
        REFUSE ("the die's %u marker%s must all be placed while a tile can take one", s->roll,
                s->roll == 1 ? "" : "s");
      end_turn (game, s);
      return TRUE;

    case BB_MOVE_CRUMBLE:
    case BB_MOVE_SHIFT:
    case BB_MOVE_BULLDOZE:
    case BB_MOVE_SWAP:
    case BB_MOVE_UNMARK:
      REFUSE ("there is no block effect to resolve now");

    default:
      REFUSE ("not a Block 2 Block move");
    }
#undef REFUSE
}

static void
bb_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const BbState *s = (const BbState *) state;
  int sc[BB_MAX_PLAYERS];

  compute_scores (game, s, sc);
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = sc[q];
}

static void
bb_ranking (const TwGame  *game,
            const TwState *state,
            guint         *rank)
{
  const BbState *s = (const BbState *) state;
  int sc[BB_MAX_PLAYERS];

  /* the rulebook names no tie-break: equal scores share a place */
  compute_scores (game, s, sc);
  tw_rank_by_score (sc, s->n_players, rank);
}

/* Face-down tiles (but those @player put down from a holding), the other
 * players' holdings and the box are unknown to @player: their identities are
 * dealt again among those places. Who knows a face-down tile goes with the
 * place, not the tile. */
static void
bb_observe (const TwGame *game,
            TwState      *state,
            guint         player,
            TwRng        *rng)
{
  const BbPrep *p = bb_prep (game);
  BbState *s = (BbState *) state;
  guint8 inst[BB_MAX_TILES], loc[BB_MAX_TILES], where[BB_MAX_TILES], hider[BB_MAX_TILES];
  guint n = 0;

  for (guint t = 0; t < p->n_inst; t++)
    {
      gboolean unknown;
      switch (s->tile_loc[t])
        {
        case BB_LOC_BOARD:
          unknown = !(s->revealed & BIT (t)) && s->tile_hider[t] != player;
          break;
        case BB_LOC_HOLDING:
          unknown = s->tile_holder[t] != player;
          break;
        case BB_LOC_BOX:
          unknown = TRUE;
          break;
        default:
          unknown = FALSE;
          break;
        }
      if (!unknown)
        continue;
      inst[n] = t;
      loc[n] = s->tile_loc[t];
      where[n] = s->tile_loc[t] == BB_LOC_BOARD ? s->tile_slot[t] : s->tile_holder[t];
      hider[n] = s->tile_hider[t];
      n++;
    }
  /* the tiles are listed by index, but the places by the tile in them,
   * which is what is hidden: list the places in their own order first */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0; j--)
      {
        guint a = (guint) loc[j - 1] << 16 | (guint) where[j - 1] << 8 | hider[j - 1];
        guint b = (guint) loc[j] << 16 | (guint) where[j] << 8 | hider[j];
        guint8 tmp;

        if (a <= b)
          break;
        tmp = loc[j]; loc[j] = loc[j - 1]; loc[j - 1] = tmp;
        tmp = where[j]; where[j] = where[j - 1]; where[j - 1] = tmp;
        tmp = hider[j]; hider[j] = hider[j - 1]; hider[j - 1] = tmp;
      }
  tw_rng_shuffle_u8 (rng, inst, n);
  for (guint i = 0; i < n; i++)
    {
      guint t = inst[i];
      s->tile_loc[t] = loc[i];
      s->tile_hider[t] = hider[i];
      s->tile_slot[t] = BB_NONE;
      s->tile_holder[t] = BB_NONE;
      if (loc[i] == BB_LOC_BOARD)
        {
          s->tile_slot[t] = where[i];
          s->slot_tile[where[i]] = t;
        }
      else if (loc[i] == BB_LOC_HOLDING)
        s->tile_holder[t] = where[i];
    }
  tw_rng_seed (&s->rng, tw_rng_next (rng));
}

/* ------------------------------------------------------------------------ */
/* How the bots judge a position (doc/rules/block-2-block.md)               */

/* The heuristic estimates every seat's final score, on the scale of points,
 * from the terms the rules score, then returns the player's estimate minus
 * the others' (the mean of the best other and the others' mean):
 *
 *  - banked: captures, investments (1 each) and unplayed holdings (1 each:
 *    a holding kept is a sure point);
 *  - bids: BB_BID_OPTION each, the investment a later bid action can make
 *    of it (a bid by itself scores nothing);
 *  - locked tiles: their lock value where they stand (or as fixed);
 *  - unlocked tiles: lock value plus the markers a lock would capture,
 *    shared by a race: seat q needs 2 - (its markers on the tile) more
 *    markers, one per turn of its own, so it can lock after T_q turns of
 *    the table (the seat to act counts as having had its turn); its share
 *    is proportional to exp (-BB_RACE * T_q / players), none without the
 *    markers in supply. A tile nobody has marked yet is shared evenly (so
 *    that whose turn it is does not tilt the whole board). A tile in a row
 *    not yet open is discounted by BB_ROW_DISCOUNT per row still to open.
 *    Markers are scarce (two players cannot lock every tile with 30 each):
 *    a seat's shares count only as far as its supply covers the markers
 *    they need, the tiles it needs one more marker on first;
 *  - the tier bonus (3 x tier + bids + investments): to the winner by the
 *    locks already made, in proportion to how much of the tier is locked;
 *    the rest shared by the expected tier scores cubed (a soft "highest")
 *    among the seats that could still reach the leader;
 *  - revealing a black block gives its effect to the seat that marked it
 *    (take off a lock, carry one up, take off a marker): BB_REVEAL, while
 *    the effect is pending and for a mark of a face-down black block;
 *  - the seat to act still has placements this turn: marking a tile now
 *    moves it ahead in the race (and a second marker locks). Only as many
 *    tiles as placements are left can gain, so the best gains of a mark are
 *    added, as many as the placements. Ending the turn gives them up, and
 *    a bid or a holding that uses a placement gives up the last of them.
 *
 * A Short Stack holding is worth 1 kept; played, it becomes a tile whose
 * share of the race counts, and the seat that played it in an open row can
 * mark it at once: a high clean or gold holding is worth more on the board,
 * a black one rarely. No move is generated and nothing allocated. */
#define BB_BID_OPTION   0.6
#define BB_REVEAL       1.0
#define BB_RACE         2.5
#define BB_ROW_DISCOUNT 0.85
#define BB_MAX_OPTIONS  8

typedef struct
{
  double e[BB_MAX_PLAYERS];                    /* expected final points */
  double tier[BB_MAX_TIERS][BB_MAX_PLAYERS];   /* expected tier scores */
  double open_w[BB_MAX_TIERS];                 /* tier score still in play */
  double fill[3][BB_MAX_PLAYERS];              /* by markers needed: the part the supply covers */
} BbEstimate;

/* Each seat's share of the race for the unlocked tile at @slot carrying the
 * markers @mk, times the discount of a row not yet open; the seat to act
 * counts as having had its turn, and @spender as having used @spent of its
 * supply. Returns FALSE when nobody can lock it. */
static gboolean
race_shares (const TwGame  *game,
             const BbState *s,
             guint          slot,
             const guint8  *mk,
             guint          spender,
             guint          spent,
             double        *share)
{
  const BbPrep *p = bb_prep (game);
  guint n = s->n_players, cur = s->current;
  double total = 0, d = 1;
  guint markers = 0;

  for (guint q = 0; q < n; q++)
    markers += mk[q];
  for (guint r = s->open_rows; r <= p->slot_row[slot]; r++)
    d *= BB_ROW_DISCOUNT;
  for (guint q = 0; q < n; q++)
    {
      guint need = mk[q] >= 2 ? 0 : 2 - mk[q];
      guint offset = q == cur ? n : (q + n - cur) % n;
      share[q] = 0;
      if (need == 0 || s->supply[q] < need + (q == spender ? spent : 0))
        continue;
      /* nobody has started on it: even shares, whoever is to act */
      share[q] = markers == 0 ? 1 : exp (-BB_RACE * (offset + (need - 1) * n) / (double) n);
      total += share[q];
    }
  if (total <= 0)
    return FALSE;
  for (guint q = 0; q < n; q++)
    share[q] *= d / total;
  return TRUE;
}

/* Adds to @est what the unlocked tile @t at @slot, carrying the markers
 * @mk, is worth to each seat: its shares of the race, as far as the seat's
 * supply covers the markers it needs (est->fill). */
static void
estimate_unlocked (const TwGame  *game,
                   const BbState *s,
                   guint          t,
                   guint          slot,
                   const guint8  *mk,
                   guint          spender,
                   guint          spent,
                   BbEstimate    *est)
{
  const BbPrep *p = bb_prep (game);
  double share[BB_MAX_PLAYERS];
  double v = slot_value (game, s, t);
  double tw = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES ? 1 : v;
  gboolean per_tile = bb_opt (game, BB_OPT_CAPTURE_POINTS) == BB_CAPTURE_PER_TILE;
  guint k = bb_tier_of_slot (p, slot);
  guint markers = 0;

  if (!race_shares (game, s, slot, mk, spender, spent, share))
    return;
  for (guint q = 0; q < s->n_players; q++)
    markers += mk[q];
  for (guint q = 0; q < s->n_players; q++)
    {
      est->open_w[k] += tw * share[q];
      double x = share[q] * est->fill[MIN (2 - MIN (mk[q], 2), 2)][q];
      guint captured = markers - mk[q];
      est->e[q] += x * (v + (per_tile ? captured > 0 : captured));
      est->tier[k][q] += share[q] * tw;
    }
}

/* How much of each seat's expected demand for markers its supply covers:
 * the tiles it needs one more marker on come first. */
static void
supply_fill (const TwGame  *game,
             const BbState *s,
             BbEstimate    *est)
{
  double demand[3][BB_MAX_PLAYERS] = { { 0 } };
  double share[BB_MAX_PLAYERS];

  FOR_BITS (slot, s->occ & ~s->lock)
    {
      const guint8 *mk = s->mk[s->slot_tile[slot]];
      if (race_shares (game, s, slot, mk, 0, 0, share))
        for (guint q = 0; q < s->n_players; q++)
          if (mk[q] < 2)
            demand[2 - mk[q]][q] += share[q] * (2 - mk[q]);
    }
  for (guint q = 0; q < s->n_players; q++)
    {
      double left = s->supply[q];
      est->fill[0][q] = 1;
      for (guint need = 1; need <= 2; need++)
        {
          est->fill[need][q] = demand[need][q] > left ? left / demand[need][q] : 1;
          left = MAX (0, left - demand[need][q]);
        }
    }
}

/* Adds to @est the best @room marks @seat could make now, on tiles of open
 * rows outside @skip: each as the difference one more marker of @seat
 * makes to the tile's estimate (a second one locks it). Returns the slots
 * of the marks counted. */
static guint64
add_marks (const TwGame  *game,
           const BbState *s,
           guint          seat,
           guint          room,
           guint64        skip,
           BbEstimate    *est)
{
  const BbPrep *p = bb_prep (game);
  guint n = s->n_players;
  gboolean by_count = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES;
  gboolean per_tile = bb_opt (game, BB_OPT_CAPTURE_POINTS) == BB_CAPTURE_PER_TILE;
  double gains[BB_MAX_OPTIONS];
  BbEstimate delta[BB_MAX_OPTIONS];
  guint8 where[BB_MAX_OPTIONS];
  guint64 chosen = 0;
  guint n_opt = 0;

  room = MIN (MIN (room, (guint) s->supply[seat]), BB_MAX_OPTIONS);
  if (room == 0)
    return 0;
  FOR_BITS (slot, p->open_mask[s->open_rows] & s->occ & ~s->lock & ~skip)
    {
      guint t = s->slot_tile[slot];
      guint k = bb_tier_of_slot (p, slot);
      BbEstimate now = { { 0 } }, after = { { 0 } };
      guint8 mk[BB_MAX_PLAYERS];

      memcpy (now.fill, est->fill, sizeof est->fill);
      memcpy (after.fill, est->fill, sizeof est->fill);
      memcpy (mk, s->mk[t], sizeof mk);
      estimate_unlocked (game, s, t, slot, mk, seat, 0, &now);
      mk[seat]++;
      if (mk[seat] >= 2)
        {
          guint v = slot_value (game, s, t), captured = 0;
          for (guint q = 0; q < n; q++)
            if (q != seat)
              captured += mk[q];
          after.e[seat] = v + (per_tile ? captured > 0 : captured);
          after.tier[k][seat] = by_count ? 1 : v;
        }
      else
        estimate_unlocked (game, s, t, slot, mk, seat, 1, &after);
      if (!(s->revealed & BIT (t)) && p->inst_kind[t] >= BB_KIND_CRUMBLE)
        after.e[seat] += BB_REVEAL;
      double others = 0;
      for (guint q = 0; q < n; q++)
        {
          after.e[q] -= now.e[q];
          after.tier[k][q] -= now.tier[k][q];
          if (q != seat)
            others += after.e[q];
        }
      double gain = after.e[seat] - others / MAX (n - 1, 1);
      if (gain <= 0)
        continue;
      /* keep the best @room gains: replace the smallest when full */
      guint at = n_opt;
      if (n_opt == room)
        {
          at = 0;
          for (guint i = 1; i < n_opt; i++)
            if (gains[i] < gains[at])
              at = i;
          if (gains[at] >= gain)
            continue;
        }
      else
        n_opt++;
      gains[at] = gain;
      where[at] = slot;
      /* only the tier of this tile changes */
      memset (&delta[at], 0, sizeof delta[at]);
      memcpy (delta[at].e, after.e, sizeof after.e);
      memcpy (delta[at].tier[k], after.tier[k], sizeof after.tier[k]);
    }
  for (guint i = 0; i < n_opt; i++)
    {
      chosen |= BIT (where[i]);
      for (guint q = 0; q < n; q++)
        {
          est->e[q] += delta[i].e[q];
          for (guint k = 0; k < p->n_tiers; k++)
            est->tier[k][q] += delta[i].tier[k][q];
        }
    }
  return chosen;
}

static double
bb_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  guint n = s->n_players, cur = s->current;
  gboolean by_count = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES;
  BbEstimate est;
  double locked_w[BB_MAX_TIERS] = { 0 };
  double exact_tier[BB_MAX_TIERS][BB_MAX_PLAYERS] = { { 0 } };

  if (s->phase == BB_PHASE_DONE)
    {
      int sc[BB_MAX_PLAYERS];
      compute_scores (game, s, sc);
      for (guint q = 0; q < n; q++)
        est.e[q] = sc[q];
      goto relative;
    }

  memset (&est, 0, sizeof est);
  supply_fill (game, s, &est);
  for (guint q = 0; q < n; q++)
    {
      est.e[q] = s->capture_points[q] + s->n_holdings[q];
      for (guint k = 0; k < p->n_tiers; k++)
        est.e[q] += s->inv[k][q] + BB_BID_OPTION * s->bids[k][q];
    }
  /* the effect of the block just revealed is the mover's to resolve */
  if (s->phase == BB_PHASE_EFFECT)
    est.e[cur] += BB_REVEAL;

  FOR_BITS (slot, s->occ)
    {
      guint t = s->slot_tile[slot];
      guint k = bb_tier_of_slot (p, slot);
      if (s->tile_locker[t] != BB_NONE)
        {
          guint v = lock_value (game, s, t);
          est.e[s->tile_locker[t]] += v;
          locked_w[k] += by_count ? 1 : v;
          exact_tier[k][s->tile_locker[t]] += by_count ? 1 : v;
        }
      else
        estimate_unlocked (game, s, t, slot, s->mk[t], 0, 0, &est);
    }
  /* the marks the mover can still make this turn */
  if (s->used < s->roll)
    add_marks (game, s, cur, s->roll - s->used, s->turn, &est);

  /* the tier bonus: the locks so far decide the part of the tier that is
   * locked; the rest goes by the expected tier scores cubed, among the seats
   * that can still reach the leader */
  for (guint k = 0; k < p->n_tiers; k++)
    {
      double bonus = (double) p->tier_value * (k + 1);
      double best = 0, cube_sum = 0, cubes[BB_MAX_PLAYERS];
      double in_play = locked_w[k] + est.open_w[k];
      guint tied = 0;
      if (in_play <= 0)
        continue;
      for (guint q = 0; q < n; q++)
        {
          bonus += s->bids[k][q] + s->inv[k][q];
          if (exact_tier[k][q] > best + 1e-9)
            {
              best = exact_tier[k][q];
              tied = 1;
            }
          else if (best > 0 && exact_tier[k][q] > best - 1e-9)
            tied++;
        }
      for (guint q = 0; q < n; q++)
        {
          double x = exact_tier[k][q] + est.tier[k][q];
          cubes[q] = exact_tier[k][q] + est.open_w[k] >= best - 1e-9 ? x * x : 0;
          cube_sum += cubes[q];
        }
      double sure = locked_w[k] / in_play;
      for (guint q = 0; q < n; q++)
        {
          if (tied && exact_tier[k][q] > best - 1e-9)
            est.e[q] += sure * ceil (bonus / tied);
          if (cube_sum > 0)
            est.e[q] += (1 - sure) * bonus * cubes[q] / cube_sum;
        }
    }

relative:
  {
    double best = -G_MAXDOUBLE, sum = 0;
    for (guint q = 0; q < n; q++)
      if (q != player)
        {
          best = MAX (best, est.e[q]);
          sum += est.e[q];
        }
    if (n < 2)
      return est.e[player];
    return est.e[player] - 0.5 * (best + sum / (n - 1));
  }
}

/* The playout policy: each legal move gets a cheap weight from the rules,
 * and the move is drawn in proportion to it (two passes over @moves, one
 * random number). Weights, from the mover's side:
 *  - a marker that locks: 4 + 2 x (lock value + captures);
 *  - a marker on an unmarked tile: 1 + its lock value (a face-down one: 2,
 *    its value unknown); on a tile an opponent already marked (contested,
 *    the marker is likely captured): 0.3;
 *  - converting a bid: 1.5; a new bid: 0.5; moving a bid: 0.1;
 *  - a holding: 0.3 x its lock value there (black blocks: 0.3);
 *  - ending the turn: 0.4 while placements are left, else 3;
 *  - effects: taking off or moving down an opponent's lock and moving up
 *    one's own weigh by the points they change, hurting oneself weighs 0.05;
 *    a Remove-Marker prefers an opponent's marker. */
static double
lock_change (const TwGame  *game,
             const BbState *s,
             guint          t,
             guint          to_slot,
             guint          seat)
{
  const BbPrep *p = bb_prep (game);
  guint locker = s->tile_locker[t];
  guint kind = p->inst_kind[t];

  if (locker == BB_NONE || kind > BB_KIND_GOLD
      || bb_opt (game, BB_OPT_LOCK_VALUES) == BB_VALUES_WHEN_LOCKED)
    return 0;
  double mult = kind == BB_KIND_GOLD ? bb_opt (game, BB_OPT_GOLD_MULTIPLIER) : 1;
  double change = mult * ((double) bb_tier_of_slot (p, to_slot) - bb_tier_of_slot (p, s->tile_slot[t]));
  return locker == seat ? change : -change;
}

/* What removing the tile at @slot is worth to @seat. */
static double
removal_gain (const TwGame  *game,
              const BbState *s,
              guint          slot,
              guint          seat)
{
  guint t = s->slot_tile[slot];

  if (s->tile_locker[t] == BB_NONE)
    return (double) tile_markers (s, t) - 2.0 * s->mk[t][seat];
  if (s->tile_locker[t] == seat)
    return -2.0 * lock_value (game, s, t);
  return 2.0 * lock_value (game, s, t);
}

static double
pick_weight (const TwGame  *game,
             const BbState *s,
             const TwMove  *m)
{
  const BbPrep *p = bb_prep (game);
  guint seat = s->current;
  guint a = m->a, b = m->b;
  double g;

  switch (m->kind)
    {
    case BB_MOVE_MARK:
      {
        guint t = s->slot_tile[a];
        guint others = tile_markers (s, t) - s->mk[t][seat];
        if (s->mk[t][seat] == 1)
          return 4 + 2 * (slot_value (game, s, t) + others);
        if (!(s->revealed & BIT (t)))
          return 2;
        return others ? 0.3 : 1 + slot_value (game, s, t);
      }
    case BB_MOVE_INVEST:
      return 1.5;
    case BB_MOVE_BID:
      return 0.5;
    case BB_MOVE_MOVE_BID:
      return 0.1;
    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
      {
        guint kind = p->def_kind[b];
        double tier = bb_tier_of_slot (p, a) + 1;
        if (kind == BB_KIND_CLEAN)
          return 0.3 * tier;
        if (kind == BB_KIND_GOLD)
          return 0.3 * tier * bb_opt (game, BB_OPT_GOLD_MULTIPLIER);
        return 0.3;
      }
    case BB_MOVE_DONE:
      return bb_can_place (game, s, seat) && s->used < s->roll ? 0.4 : 3;
    case BB_MOVE_CRUMBLE:
      g = removal_gain (game, s, a, seat);
      break;
    case BB_MOVE_SHIFT:
      g = lock_change (game, s, s->slot_tile[a], b, seat);
      break;
    case BB_MOVE_BULLDOZE:
      g = (s->rev & BIT (a) ? removal_gain (game, s, a, seat) : 0)
          + lock_change (game, s, s->slot_tile[b], a, seat);
      break;
    case BB_MOVE_SWAP:
      g = lock_change (game, s, s->slot_tile[a], b, seat) + lock_change (game, s, s->slot_tile[b], a, seat);
      break;
    case BB_MOVE_UNMARK:
      return b == seat ? 0.05 : 1 + s->mk[s->slot_tile[a]][b];
    default:
      return 0.1;
    }
  return g < 0 ? 0.05 : 1 + g;
}

static guint
bb_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const BbState *s = (const BbState *) state;
  double total = 0;

  for (guint i = 0; i < moves->len; i++)
    total += pick_weight (game, s, &moves->moves[i]);
  double r = tw_rng_double (rng) * total;
  for (guint i = 0; i + 1 < moves->len; i++)
    {
      r -= pick_weight (game, s, &moves->moves[i]);
      if (r < 0)
        return i;
    }
  return moves->len - 1;
}

/* How a game ended: the rulebook's end (every tile on the board locked) or
 * one of the safety ends (a round in which nobody could place, the round
 * limit), as in doc/rules/block-2-block.md. */
static const char * const bb_end_reasons[] = { "all-locked", "no-placement", "round-limit", NULL };

static guint
bb_end_reason (const TwGame  *game,
               const TwState *state)
{
  const BbState *s = (const BbState *) state;

  if (s->counters[BB_COUNTER_NO_PLACEMENT_END] > 0)
    return 1;
  return s->counters[BB_COUNTER_ROUND_LIMIT_END] > 0 ? 2 : 0;
}

static void
bb_counters (const TwGame  *game,
             const TwState *state,
             guint64       *out)
{
  tw_counters_copy (((const BbState *) state)->counters, BB_N_COUNTERS, out);
}

/* From scratch: every tile in exactly one place, the slot masks, every marker
 * of every seat in exactly one place, locks and open rows. */
static gboolean
bb_check (const TwGame  *game,
          const TwState *state,
          GString       *why)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  BbState copy;
  guint held[BB_MAX_PLAYERS] = { 0 };

#define FAIL(...) G_STMT_START { g_string_printf (why, __VA_ARGS__); return FALSE; } G_STMT_END

  for (guint slot = 0; slot < BB_MAX_SLOTS; slot++)
    {
      guint t = s->slot_tile[slot];
      if (t == BB_NONE)
        continue;
      if (slot >= p->n_slots || t >= p->n_inst)
        FAIL ("slot %u holds tile %u outside the board or the tile set", slot, t);
      if (s->tile_loc[t] != BB_LOC_BOARD || s->tile_slot[t] != slot)
        FAIL ("tile %u is in slot %u and elsewhere", t, slot);
    }
  for (guint t = 0; t < BB_MAX_TILES; t++)
    {
      guint n = tile_markers (s, t);
      if (t >= p->n_inst)
        {
          if (n || s->tile_loc[t] != BB_LOC_BOX)
            FAIL ("tile %u does not exist but is in play", t);
          continue;
        }
      switch (s->tile_loc[t])
        {
        case BB_LOC_BOARD:
          if (s->tile_slot[t] >= p->n_slots || s->slot_tile[s->tile_slot[t]] != t)
            FAIL ("tile %u thinks it is in slot %u", t, s->tile_slot[t]);
          break;
        case BB_LOC_HOLDING:
          if (s->tile_holder[t] >= s->n_players)
            FAIL ("tile %u is held by no player", t);
          held[s->tile_holder[t]]++;
          break;
        case BB_LOC_REMOVED:
        case BB_LOC_BOX:
          break;
        default:
          FAIL ("tile %u is nowhere", t);
        }
      if (s->tile_loc[t] != BB_LOC_BOARD)
        {
          if (n || s->tile_locker[t] != BB_NONE)
            FAIL ("tile %u is off the board with markers or a lock", t);
          continue;
        }
      if (!(s->revealed & BIT (t)) && (n || s->tile_locker[t] != BB_NONE))
        FAIL ("face-down tile %u carries markers", t);
      for (guint q = 0; q < BB_MAX_PLAYERS; q++)
        {
          if (q >= s->n_players && s->mk[t][q])
            FAIL ("tile %u carries markers of seat %u, not in the game", t, q + 1);
          if (s->tile_locker[t] == BB_NONE && s->mk[t][q] >= 2)
            FAIL ("tile %u has two markers of seat %u but is not locked", t, q + 1);
          if (s->tile_locker[t] != BB_NONE && q != s->tile_locker[t] && s->mk[t][q])
            FAIL ("locked tile %u still carries an opponent's marker", t);
        }
    }
  for (guint q = 0; q < s->n_players; q++)
    {
      guint total = s->supply[q] + s->lost[q] + s->removed[q];
      for (guint t = 0; t < p->n_inst; t++)
        total += s->mk[t][q];
      for (guint k = 0; k < BB_MAX_TIERS; k++)
        {
          if (k >= p->n_tiers && (s->bids[k][q] || s->inv[k][q]))
            FAIL ("seat %u bids on tier %u, which does not exist", q + 1, k + 1);
          total += s->bids[k][q] + s->inv[k][q];
        }
      if (total != p->markers)
        FAIL ("seat %u has %u markers in all, not %u", q + 1, total, p->markers);
      if (held[q] != s->n_holdings[q])
        FAIL ("seat %u holds %u tiles, %u counted", q + 1, held[q], s->n_holdings[q]);
    }

  memcpy (&copy, s, sizeof copy);
  bb_recount_masks (game, &copy);
  if (copy.occ != s->occ || copy.rev != s->rev || copy.lock != s->lock
      || copy.marked != s->marked || copy.turn != s->turn)
    FAIL ("the slot masks do not match the tiles");

  /* open rows: never fewer than the marked rows allow; the highest open row
   * is not complete (or it would have opened the next) */
  if (s->open_rows < 1 || s->open_rows > p->n_rows)
    FAIL ("%u rows open", s->open_rows);
  if (s->phase != BB_PHASE_EFFECT)
    {
      guint h = 1;
      while (h < p->n_rows && row_full (p, &copy, h - 1))
        h++;
      if (bb_opt (game, BB_OPT_ROWS_STAY_OPEN))
        {
          if (s->open_rows < h || (s->open_rows < p->n_rows && row_full (p, s, s->open_rows - 1)))
            FAIL ("%u rows open, the markers open %u", s->open_rows, h);
        }
      else if (s->open_rows != h)
        FAIL ("%u rows open, the markers open %u", s->open_rows, h);
    }

  switch (s->phase)
    {
    case BB_PHASE_EFFECT:
      if (s->pending >= p->n_inst || p->inst_kind[s->pending] < BB_KIND_CRUMBLE)
        FAIL ("an effect is pending without a black block");
      /* fall through */
    case BB_PHASE_TURN:
      if (s->current >= s->n_players || s->roll < 1 || s->roll > p->die)
        FAIL ("seat %u to act with a roll of %u", s->current + 1, s->roll);
      if (s->used > s->roll)
        FAIL ("%u placements used of %u", s->used, s->roll);
      if ((s->occ & ~s->lock) == 0)
        FAIL ("every tile is locked but the game goes on");
      break;
    case BB_PHASE_DONE:
      break;
    default:
      FAIL ("unknown phase %u", s->phase);
    }
  return TRUE;
#undef FAIL
}

const TwRules tw_bb_rules = {
  .id = "block-2-block",
  .display_name = "Block 2 Block",
  .min_players = 2,
  .max_players = BB_MAX_PLAYERS,
  .options = bb_options,
  .n_options = BB_N_OPTIONS,
  .card_kinds = NULL,
  .n_card_kinds = 0,
  .extra_sections = bb_extra_sections,
  .extra_tile_keys = bb_extra_tile_keys,
  .counter_names = bb_counter_names,
  .end_reasons = bb_end_reasons,
  .notation = bb_notation_summary,
  .validate = bb_validate,
  .prepare = bb_prepare,
  .free_prepared = bb_free_prepared,
  .state_size = bb_state_size,
  .init = bb_init,
  .hash = bb_hash,
  .to_act = bb_to_act,
  .legal_moves = bb_legal_moves,
  .apply = bb_apply,
  .scores = bb_scores,
  .ranking = bb_ranking,
  .score_terms = bb_score_terms,
  .move_to_text = bb_move_to_text,
  .describe_move = bb_describe_move,
  .move_from_text = bb_move_from_text,
  .state_to_text = bb_state_to_text,
  .state_from_text = bb_state_from_text,
  .observe = bb_observe,
  .heuristic = bb_heuristic,
  /* RAVE measured off: no help or a loss (doc/bots.md) */
  .search_rave = 0,
  .playout_pick = bb_playout_pick,
  .end_reason = bb_end_reason,
  .counters = bb_counters,
  .check = bb_check,
};
