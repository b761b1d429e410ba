/* cs-module.c: Color Shift's schemas and its rules table
 *
 * What a definition may set (the options), the names of the counters, and
 * the table the registry lists, whose hooks live in cs-prepare.c (definition
 * time), cs-rules.c (play), cs-bot.c (what the bots know) and cs-check.c
 * (the recount from scratch).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cs-private.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const match_choices[] = { "touching-edge", "any-colour", NULL };
static const char * const match_labels[] = { N_("Touching edge"), N_("Any colour"), NULL };
static const char * const unplaceable_choices[] = { "discard-draw-once", "discard-until-placeable", NULL };
static const char * const unplaceable_labels[] = { N_("Discard draw once"), N_("Discard until placeable"), NULL };
static const char * const equal_turns_choices[] = { "remove-random-tiles", "play-all-tiles", NULL };
static const char * const equal_turns_labels[] = { N_("Remove random tiles"), N_("Play all tiles"), NULL };
static const char * const move_path_choices[] = { "turns-allowed", "straight-line", NULL };
static const char * const move_path_labels[] = { N_("Turns allowed"), N_("Straight line"), NULL };
static const char * const rounding_choices[] = { "down", "up", NULL };
static const char * const rounding_labels[] = { N_("Down"), N_("Up"), NULL };
static const char * const merged_choices[] = { "count-all-tiles", "count-unfinished-tiles", NULL };
static const char * const merged_labels[] = { N_("Count all tiles"), N_("Count unfinished tiles"), NULL };
static const char * const empty_hand_choices[] = { "action-only-turn", "passed-over", NULL };
static const char * const empty_hand_labels[] = { N_("Action only turn"), N_("Passed over"), NULL };

const TwOptionSpec cs_options[] = {
  [CS_OPT_MEEPLES] = { "meeples", TW_VALUE_INT, 5, 1, CS_MAX_MEEPLES, NULL,
    N_("Meeples per player (the rulebook does not say; 5 is the project's assumption)."),
    .label = N_("Meeples per player"),
    .source = "Not in the rulebook; notes 2.2.3 [ASSUMPTION]" },
  [CS_OPT_HAND_SIZE] = { "hand-size", TW_VALUE_INT, 1, 1, CS_MAX_HAND, NULL,
    N_("Tiles in each hand (the rulebook never mentions choosing among tiles, so 1; more lets players choose)."),
    .label = N_("Hand size"),
    .source = "Not in the rulebook (it never mentions choosing among tiles); notes 2.2.3 [ASSUMPTION]" },
  [CS_OPT_PLACEMENT_MATCH] = { "placement-match", TW_VALUE_CHOICE, 0, 0, 0, match_choices,
    N_("\"Must share at least 1 color with the adjacent tile\": a touching edge pair of the same colour "
       "(colour areas continue only through touching edges), or any colour anywhere on both tiles."),
    .label = N_("Placement colour match"),
    .choice_labels = match_labels,
    .source = "Rulebook: a tile \"must share at least 1 color with the adjacent tile\"; notes 2.2.6 (AMBIGUITY)" },
  [CS_OPT_UNPLACEABLE] = { "unplaceable-tile", TW_VALUE_CHOICE, 0, 0, 0, unplaceable_choices,
    N_("A hand that cannot be placed: discard a tile and draw one replacement, skipping the placement if "
       "that fails too (the notes' reading); or keep discarding and drawing until a tile fits."),
    .label = N_("Unplaceable tile"),
    .choice_labels = unplaceable_labels,
    .source = "Not in the rulebook; notes 2.2.6 (AMBIGUITY: discard and draw once)" },
  [CS_OPT_EQUAL_TURNS] = { "equal-turns", TW_VALUE_CHOICE, 0, 0, 0, equal_turns_choices,
    N_("\"Everyone should have taken an equal number of turns\": remove random tiles at setup until the "
       "tiles divide by the player count; or play every tile, so that the first seats place one tile more."),
    .label = N_("Equal turns at set-up"),
    .choice_labels = equal_turns_labels,
    .source = "Rulebook: \"Everyone should have taken an equal number of turns\"; notes 2.2.4 (AMBIGUITY)" },
  [CS_OPT_MOVE_PATH] = { "move-path", TW_VALUE_CHOICE, 0, 0, 0, move_path_choices,
    N_("\"Move a meeple 1-3 tiles (orthogonally)\": each step picks its own direction; or all steps go in "
       "one direction."),
    .label = N_("Meeple move path"),
    .choice_labels = move_path_labels,
    .source = "Rulebook: \"Move a meeple 1-3 tiles (orthogonally)\"; notes 2.2.8 (AMBIGUITY)" },
  [CS_OPT_END_ROUNDING] = { "end-rounding", TW_VALUE_CHOICE, 0, 0, 0, rounding_choices,
    N_("End-game points for an unfinished area, \"1 point for every 2 tiles\": rounded down (a lone tile "
       "gives nothing), or up."),
    .label = N_("End-game rounding"),
    .choice_labels = rounding_labels,
    .source = "Rulebook: \"1 point for every 2 tiles\"; notes 2.2.12 (AMBIGUITY)" },
  [CS_OPT_MERGED_FINISHED] = { "merged-finished-tiles", TW_VALUE_CHOICE, 0, 0, 0, merged_choices,
    N_("When a shift joins finished sections to an open area that later completes (or ends the game), "
       "its points count every tile of the area; or only tiles with a section not finished before."),
    .label = N_("Tiles of re-opened areas"),
    .choice_labels = merged_labels,
    .source = "Not in the rulebook: a shift joining finished regions (doc/rules/color-shift.md)" },
  [CS_OPT_EMPTY_HAND] = { "empty-hand", TW_VALUE_CHOICE, 0, 0, 0, empty_hand_choices,
    N_("A seat whose hand ran out while others still hold tiles (after a discard): it takes its turn "
       "with step 1 skipped, so every seat takes the same number of turns; or it is passed over."),
    .label = N_("Seat without tiles"),
    .choice_labels = empty_hand_labels,
    .source = "Rulebook: \"Once all players have played their tiles, the game is over. Everyone should have taken an equal number of turns.\"" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (cs_options) == CS_N_OPTIONS);

static const char * const cs_counter_names[] = {
  [CS_COUNTER_TURNS] = "turns",
  [CS_COUNTER_REMOVED] = "tiles-removed-for-equal-turns",
  [CS_COUNTER_DISCARDED] = "tiles-discarded-unplaceable",
  [CS_COUNTER_SKIPPED_PLACEMENTS] = "placements-skipped",
  [CS_COUNTER_AREAS_COMPLETED] = "areas-completed",
  [CS_COUNTER_AREAS_SCORED] = "areas-scored-with-meeples",
  [CS_COUNTER_COMPLETED_TILES] = "completed-area-tiles",
  [CS_COUNTER_POINTS_COMPLETED] = "points-completed-areas",
  [CS_COUNTER_POINTS_END] = "points-end-game",
  [CS_COUNTER_MEEPLES_PLACED] = "meeples-placed",
  [CS_COUNTER_WALKS] = "meeple-moves",
  [CS_COUNTER_SHIFTS] = "shifts",
  [CS_COUNTER_PASSES] = "no-action-turns",
  NULL,
};

G_STATIC_ASSERT (G_N_ELEMENTS (cs_counter_names) == CS_N_COUNTERS + 1);

static const char * const cs_extra_tile_keys[] = { NULL };

static const char * const cs_sections[] = { "end-scoring", NULL };

/* What a move did with the components, for `simulate --impact`: a tile
 * comes into play when it is drawn (or starts the board) and is used by
 * the seat that places it; one discarded as unplaceable is only in play.
 * The mark of a state: the seat to act (0xff: none) and each tile's
 * location. */
static gsize
cs_component_mark_size (const TwGame *game)
{
  return 1 + cs_prep (game)->n_inst;
}

static void
cs_component_mark (const TwGame  *game,
                   const TwState *state,
                   guint8        *mark)
{
  const CsPrep *p = cs_prep (game);
  int seat = cs_to_act (game, state);

  mark[0] = seat >= 0 ? (guint8) seat : 0xff;
  memcpy (mark + 1, CS_LOC (p, state), p->n_inst);
}

static void
cs_component_events (const TwGame    *game,
                     const guint8    *before,
                     const TwMove    *move,
                     const TwState   *after_state,
                     TwComponentFunc  emit,
                     gpointer         data)
{
  const CsPrep *p = cs_prep (game);
  const guint8 *loc_after = CS_LOC (p, after_state);
  const guint8 *loc_before = before != NULL ? before + 1 : NULL;
  int seat = before != NULL && before[0] != 0xff ? before[0] : -1;

  for (guint i = 0; i < p->n_inst; i++)
    {
      guint8 was = loc_before != NULL ? loc_before[i] : CS_LOC_DECK;

      if (loc_after[i] == was || (loc_before == NULL && loc_after[i] == CS_LOC_OUT))
        continue;   /* unchanged, or set aside at setup */
      emit (TW_COMPONENT_TILE, p->inst_def[i], seat,
            seat >= 0 && loc_after[i] == CS_LOC_BOARD, data);
    }
}

const TwRules tw_cs_rules = {
  .id = "color-shift",
  .expr_vocabulary = &cs_expr_vocabulary,
  .expr_where = "`points:` of each term of `end-scoring:`, a number",
  .display_name = "Color Shift",
  .min_players = 2,
  .max_players = CS_MAX_PLAYERS,
  .options = cs_options,
  .n_options = CS_N_OPTIONS,
  .card_kinds = NULL,
  .n_card_kinds = 0,
  .extra_sections = cs_sections,
  .extra_tile_keys = cs_extra_tile_keys,
  .counter_names = cs_counter_names,
  .notation = cs_notation_summary,
  .reserved_ids = cs_reserved_ids,
  .validate = cs_validate,
  .prepare = cs_prepare,
  .free_prepared = cs_free_prepared,
  .state_size = cs_state_size,
  .init = cs_init,
  .hash = cs_hash,
  .to_act = cs_to_act,
  .legal_moves = cs_legal_moves,
  .apply = cs_apply,
  .scores = cs_scores,
  .ranking = cs_ranking,
  .score_terms = cs_score_terms,
  .move_to_text = cs_move_to_text,
  .describe_move = cs_describe_move,
  .describe_seat = cs_describe_seat,
  .move_from_text = cs_move_from_text,
  .state_to_text = cs_state_to_text,
  .state_from_text = cs_state_from_text,
  .observe = cs_observe,
  .heuristic = cs_heuristic,
  /* RAVE measured off: no help or a loss (doc/bots.md) */
  .search_rave = 0,
  /* measured: the Strong preset won 84.2% of 200 games against greedy with
   * it, 72.5% without (doc/bots.md) */
  .search_sharp = 3,
  .playout_pick = cs_playout_pick,
  .component_mark_size = cs_component_mark_size,
  .component_mark = cs_component_mark,
  .component_events = cs_component_events,
  .counters = cs_counters,
  .check = cs_check,
};
