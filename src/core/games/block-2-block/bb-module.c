/* bb-module.c: Block 2 Block's schemas and its rules table
 *
 * What a definition may set (the options), the names of the block kinds, of
 * the counters and of the endings, the module's own sections, and the table
 * the registry lists, whose hooks live in bb-prepare.c (definition time),
 * bb-rules.c (play) and bb-bot.c (what the bots know).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bb-private.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const clause_choices[] = { "instead", "either", "off", NULL };
static const char * const clause_labels[] = { N_("Instead"), N_("Either"), N_("Off"), NULL };
static const char * const capture_choices[] = { "remove", "return", NULL };
static const char * const capture_labels[] = { N_("Remove"), N_("Return"), NULL };
static const char * const capture_points_choices[] = { "per-marker", "per-tile", NULL };
static const char * const capture_points_labels[] = { N_("Per marker"), N_("Per tile"), NULL };
static const char * const lock_values_choices[] = { "at-game-end", "when-locked", NULL };
static const char * const lock_values_labels[] = { N_("At game end"), N_("When locked"), NULL };
static const char * const tier_score_choices[] = { "lock-values", "locked-tiles", NULL };
static const char * const tier_score_labels[] = { N_("Lock values"), N_("Locked tiles"), NULL };
static const char * const holding_face_choices[] = { "face-down", "face-up", NULL };
static const char * const holding_face_labels[] = { N_("Face down"), N_("Face up"), NULL };
static const char * const placements_choices[] = { "up-to-roll", "all-of-roll", NULL };
static const char * const placements_labels[] = { N_("Up to roll"), N_("All of roll"), NULL };
static const char * const empty_choices[] = { "every-row", "top", "random", NULL };
static const char * const empty_labels[] = { N_("Every row"), N_("Top"), N_("Random"), NULL };

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
    N_("Short Stack, \"a fast 2-4 player version\" (refused with 5 or 6): each player is dealt holdings; "
       "once per turn crumble an unrevealed tile in an open row and replace it with a holding, or put a holding in an "
       "open space of an active tier."),
    .label = N_("Short Stack"),
    .max_players = 4,
    .source = "Rulebook, Short Stack: \"a fast 2-4 player version\", \"deal each player 3 block tiles (HOLDINGS)\"; notes 3.2.13" },
  [BB_OPT_MOVE_BID] = { "move-bid", TW_VALUE_BOOL, 0, 0, 1, NULL,
    N_("The bid action may instead move one of your bids to a different active tier: the line is garbled "
       "(\"s of bid s syom ... different active tier\") and only reconstructed, so it is off by default."),
    .label = N_("Move a bid to another tier"),
    .source = "Rulebook, Bids & Investments (garbled line, reconstructed in brackets); notes 3.2.7" },
  [BB_OPT_BID_USES_PLACEMENT] = { "bid-uses-placement", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("A new bid uses one of the die's placements (rule 3 caps the markers \"placed down\" each turn); off: the bid "
       "comes on top of the roll. Converting or moving a bid never uses one."),
    .label = N_("A bid uses a placement"),
    .source = "Rulebook, Game Rules 3 and 6; notes 3.2.7 (AMBIGUITY)" },
  [BB_OPT_ROWS_STAY_OPEN] = { "rows-stay-open", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("A row once open stays open (no rule closes rows); off: openness is recomputed after every change, so a row "
       "closes again when a tile below it loses its last marker or an unmarked tile moves in."),
    .label = N_("Rows stay open"),
    .source = "Rulebook, Game Rules 4 (\"the next row up is open for play\"); notes 3.2.5 (AMBIGUITY)" },
  [BB_OPT_FEW_ROWS_CLAUSE] = { "few-rows-clause", TW_VALUE_CHOICE, BB_CLAUSE_INSTEAD, 0, 0, clause_choices,
    N_("While fewer than 3 rows are open, the Bulldozer removes an unrevealed row-3 tile and Swap trades an unrevealed "
       "row-3 tile with a revealed one: instead of the normal form (the text reads as a replacement), either form at "
       "the player's choice, or off (ignored). When the clause has no target the normal form applies."),
    .label = N_("\"Fewer than 3 rows\" clause"),
    .choice_labels = clause_labels,
    .source = "Rulebook, Black tiles: Move Block and Swap Block; notes 3.2.8 (AMBIGUITY)" },
  [BB_OPT_REMOVE_LOCKED_TILES] = { "remove-locked-tiles", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("Crumble and the Bulldozer may remove a locked tile (\"any revealed block tile\"; the Crumble article destroys "
       "claimed tiles); off: only unlocked tiles can be removed."),
    .label = N_("Crumble removes locked tiles"),
    .source = "Rulebook, Black tiles: Crumble Block; the Crumble article; notes 3.2.8 (AMBIGUITY)" },
  [BB_OPT_UNMARK_LOCKED] = { "unmark-locked", TW_VALUE_BOOL, 0, 0, 1, NULL,
    N_("A Remove-Marker block may take a marker off a locked tile; off (default): LOCKED is final."),
    .label = N_("Remove-Marker on locked tiles"),
    .source = "Rulebook, Black tiles: Remove-Marker Block; notes 3.2.8 (AMBIGUITY)" },
  [BB_OPT_CAPTURE] = { "capture", TW_VALUE_CHOICE, BB_CAPTURE_REMOVE, 0, 0, capture_choices,
    N_("Opponents' markers on a tile when it locks are captured and leave the game (\"capturing\" implies they are "
       "taken); return: they go back to their owners' supplies, the locker still scores them."),
    .label = N_("Captured markers"),
    .choice_labels = capture_labels,
    .source = "Rulebook, Scoring: \"+1 point for capturing opponent markers\"; notes 3.2.6b (AMBIGUITY)" },
  [BB_OPT_CAPTURE_POINTS] = { "capture-points", TW_VALUE_CHOICE, BB_CAPTURE_PER_MARKER, 0, 0, capture_points_choices,
    N_("\"+1 point for capturing opponent markers also on that block\": +1 per captured marker, or +1 per lock that "
       "captured any."),
    .label = N_("Capture points"),
    .choice_labels = capture_points_labels,
    .source = "Rulebook, Scoring: \"+1 point for capturing opponent markers also on that block\"" },
  [BB_OPT_LOCK_VALUES] = { "lock-values", TW_VALUE_CHOICE, BB_VALUES_AT_END, 0, 0, lock_values_choices,
    N_("Lock values come from the tile's row at game end (moving claimed tiles between tiers is the point of Move and "
       "Swap in the Trade article); when-locked fixes the value the moment the tile locks."),
    .label = N_("When lock values are read"),
    .choice_labels = lock_values_labels,
    .source = "Rulebook, Clean blocks; the Trade article; notes 3.2.9 (AMBIGUITY)" },
  [BB_OPT_GOLD_MULTIPLIER] = { "gold-multiplier", TW_VALUE_INT, 2, 1, 4, NULL,
    N_("A gold-bordered clean block locks for this many times its tier number (the rulebook gives no value; the "
       "Trade article speaks of \"extra bonus points\")."),
    .label = N_("Gold block multiplier"),
    .source = "Rulebook, Components (\"1 gold-bordered clean block\", no value given); notes 3.2.9 [ASSUMPTION]" },
  [BB_OPT_TIER_SCORE] = { "tier-score", TW_VALUE_CHOICE, BB_TIER_LOCK_VALUES, 0, 0, tier_score_choices,
    N_("Who wins a tier: the most lock points in it (\"tier score\"), or the most locked tiles in it."),
    .label = N_("Tier winner"),
    .choice_labels = tier_score_labels,
    .source = "Rulebook, Tier Bonus: \"Tier score determines which player won each tier\"; notes 3.2.10 (AMBIGUITY)" },
  [BB_OPT_HOLDING_FACE] = { "holding-face", TW_VALUE_CHOICE, BB_HOLDING_FACE_DOWN, 0, 0, holding_face_choices,
    N_("Short Stack: a holding goes in face down and is revealed and resolved when marked like any tile; face-up: it "
       "goes in revealed and its effect never resolves."),
    .label = N_("Holdings go in"),
    .choice_labels = holding_face_labels,
    .source = "Rulebook, Short Stack; notes 3.2.13 (AMBIGUITY: face down)" },
  [BB_OPT_IDLE_ROUND_ENDS] = { "idle-round-ends", TW_VALUE_BOOL, 0, 0, 1, NULL,
    N_("The rulebook-reading safety end is a full round in which nobody could place a marker on a tile; on: also a "
       "full round in which nobody puts a marker or a holding into play (everyone passed), off by default because "
       "placing is \"up to\" the roll and a pass is a legal choice."),
    .label = N_("End after an idle round"),
    .source = "Not in the rulebook: safety end; notes 3.2.12" },
  [BB_OPT_ROUND_LIMIT] = { "round-limit", TW_VALUE_INT, 200, 1, 1000, NULL,
    N_("Safety rule (not in the rulebook): the game ends and is scored after this many rounds, so that players or "
       "bots who keep passing cannot make it endless (a pass is always legal, so without a limit two players who "
       "prefer passing never finish). Random games end long before 200 rounds."),
    .label = N_("Round limit"),
    .source = "Not in the rulebook: the project's safety rule (doc/rules/block-2-block.md, Termination)" },
  [BB_OPT_PLACEMENTS] = { "placements", TW_VALUE_CHOICE, BB_PLACE_UP_TO, 0, 0, placements_choices,
    N_("The die says how many markers \"may be placed\": up to the roll (a turn may end early); all-of-roll: the turn "
       "ends only when the roll is used up or no marker can go on a tile."),
    .label = N_("Markers per roll"),
    .choice_labels = placements_labels,
    .source = "Rulebook, Game Rules 3: the die says how many markers \"may be placed\"; notes 3.2.6 (AMBIGUITY)" },
  [BB_OPT_SHORT_STACK_EMPTY] = { "short-stack-empty", TW_VALUE_CHOICE, BB_EMPTY_EVERY_ROW, 0, 0, empty_choices,
    N_("Short Stack: where the slots the holdings leave empty are. \"After setting up the board\" (every row of the "
       "configuration): every-row deals one face-down tile to each row from the bottom up, then a second, and so "
       "on, so every tier holds tiles; top: rows are filled from the bottom up and the top slots stay empty (with 4 "
       "players rows 4-8 get no tile and tiers 3-4 cannot be won); random: random slots above the clean tiles."),
    .label = N_("Short Stack empty slots"),
    .choice_labels = empty_labels,
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

static const char * const bb_extra_sections[] = { "board", "markers", "die", "short-stack",
                                                      "end-scoring", NULL };
static const char * const bb_extra_tile_keys[] = { NULL };

/* How a game ended: the rulebook's end (every tile on the board locked) or
 * one of the safety ends (a round in which nobody could place, the round
 * limit), as in doc/rules/block-2-block.md. */
static const char * const bb_end_reasons[] = { "all-locked", "no-placement", "round-limit", NULL };
static const char * const bb_end_reasons_labels[] = { N_("All locked"), N_("No placement"), N_("Round limit"), NULL };

/* What a move did with the components, for `simulate --impact`: a block
 * comes into play when it is revealed (or dealt as a holding); it is used
 * by the seat that locks it, by the seat whose move sets off its effect,
 * and by the seat that plays it from its holding. The mark of a state: the
 * seat to act, the block being resolved, and per block whether it is
 * shown, who locked it and who played it from a holding. */
enum { BB_MARK_SEAT, BB_MARK_PENDING, BB_MARK_SHOWN,
       BB_MARK_LOCKER = BB_MARK_SHOWN + BB_MAX_TILES, BB_MARK_HIDER = BB_MARK_LOCKER + BB_MAX_TILES,
       BB_MARK_SIZE = BB_MARK_HIDER + BB_MAX_TILES };

static gboolean
bb_shown (const BbState *s,
          guint          t)
{
  return (s->revealed >> t & 1) || s->tile_holder[t] != BB_NONE;
}

static gsize
bb_component_mark_size (const TwGame *game)
{
  return BB_MARK_SIZE;
}

static void
bb_component_mark (const TwGame  *game,
                   const TwState *state,
                   guint8        *mark)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  int seat = bb_to_act (game, state);

  mark[BB_MARK_SEAT] = seat >= 0 ? (guint8) seat : BB_NONE;
  mark[BB_MARK_PENDING] = s->pending;
  for (guint t = 0; t < p->n_inst; t++)
    mark[BB_MARK_SHOWN + t] = bb_shown (s, t);
  memcpy (mark + BB_MARK_LOCKER, s->tile_locker, BB_MAX_TILES);
  memcpy (mark + BB_MARK_HIDER, s->tile_hider, BB_MAX_TILES);
}

static void
bb_component_events (const TwGame    *game,
                     const guint8    *before,
                     const TwMove    *move,
                     const TwState   *after_state,
                     TwComponentFunc  emit,
                     gpointer         data)
{
  const BbPrep *p = bb_prep (game);
  const BbState *after = (const BbState *) after_state;
  int seat = before != NULL && before[BB_MARK_SEAT] != BB_NONE ? before[BB_MARK_SEAT] : -1;

  for (guint t = 0; t < p->n_inst; t++)
    {
      guint def = p->inst_def[t];

      if (bb_shown (after, t) && (before == NULL || !before[BB_MARK_SHOWN + t]))
        emit (TW_COMPONENT_TILE, def, -1, FALSE, data);
      if (before == NULL)
        continue;
      if (before[BB_MARK_LOCKER + t] == BB_NONE && after->tile_locker[t] != BB_NONE)
        emit (TW_COMPONENT_TILE, def, after->tile_locker[t], TRUE, data);
      if (before[BB_MARK_HIDER + t] == BB_NONE && after->tile_hider[t] != BB_NONE)
        emit (TW_COMPONENT_TILE, def, after->tile_hider[t], TRUE, data);
      if (after->pending == t && before[BB_MARK_PENDING] != t && seat >= 0)
        emit (TW_COMPONENT_TILE, def, seat, TRUE, data);
    }
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
  .expr_vocabulary = &bb_expr_vocabulary,
  .expr_where = "`points:` of each term of `end-scoring:`, a number",
  .end_reasons = bb_end_reasons,
  .end_reason_labels = bb_end_reasons_labels,
  .notation = bb_notation_summary,
  /* no reserved_ids: a tile's id is read only where a tile must stand (the
   * last word of replace and hold, a token of a position's row), never
   * where a move's word could, so the tiles "move" and "swap" are fine */
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
  .describe_seat = bb_describe_seat,
  .move_from_text = bb_move_from_text,
  .state_to_text = bb_state_to_text,
  .state_from_text = bb_state_from_text,
  .observe = bb_observe,
  .heuristic = bb_heuristic,
  /* RAVE measured off: no help or a loss (doc/bots.md) */
  .search_rave = 0,
  .playout_pick = bb_playout_pick,
  .end_reason = bb_end_reason,
  .component_mark_size = bb_component_mark_size,
  .component_mark = bb_component_mark,
  .component_events = bb_component_events,
  .counters = bb_counters,
  .check = bb_check,
};
