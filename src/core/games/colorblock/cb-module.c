/* cb-module.c: Colorblock's schemas and its rules table
 *
 * What a definition may set (the options and the goal card kinds), the names
 * of the counters and of the endings, and the table the registry lists, whose
 * hooks live in cb-prepare.c (definition time), cb-rules.c (play),
 * cb-bot.c (what the bots know) and cb-check.c (the recount from scratch);
 * what expression goals can ask is in cb-expr.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cb-private.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const goal_boards_choices[] = { "shared-or-own-private", "shared-only", NULL };
static const char * const goal_boards_labels[] = { N_("Shared or own private"), N_("Shared only"), NULL };
static const char * const completion_choices[] = { "perimeter-and-holes", "perimeter-only", NULL };
static const char * const completion_labels[] = { N_("Perimeter and holes"), N_("Perimeter only"), NULL };
static const char * const first_player_choices[] = { "first-seat", "random", NULL };
static const char * const first_player_labels[] = { N_("First seat"), N_("Random"), NULL };
static const char * const tie_break_choices[] = { "lightning-round", "shared-win", NULL };
static const char * const tie_break_labels[] = { N_("Lightning round"), N_("Shared win"), NULL };
static const char * const final_turn_choices[] = { "score-without-turn", "reshuffle-discards", NULL };
static const char * const final_turn_labels[] = { N_("Score without turn"), N_("Reshuffle discards"), NULL };
static const char * const draft_unplayable_choices[] = { "discard", "discard-and-draw", NULL };
static const char * const draft_unplayable_labels[] = { N_("Discard"), N_("Discard and draw"), NULL };
static const char * const board_choices[] = { "any", "shared", "private", NULL };
static const char * const board_labels[] = { N_("Any"), N_("Shared"), N_("Private"), NULL };

const TwOptionSpec cb_options[] = {
  [CB_OPT_EXPERT] = { "expert-draft", TW_VALUE_BOOL, 0, 0, 1, NULL,
    N_("Expert Mode: each round the dealer reveals one tile per player plus one and players draft them."),
    .label = N_("Expert Mode (draft)"),
    .source = "Rulebook, Expert Mode; notes 1.2.14" },
  [CB_OPT_ROTATION] = { "rotation", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("Tiles may be turned before placing (the rulebook shows no orientation marks; off: tiles keep the orientation they are drawn in)."),
    .label = N_("Tiles may be turned"),
    .source = "Not stated: the tiles show no orientation marks; notes 1.2.3 (AMBIGUITY)" },
  [CB_OPT_GOALS] = { "goals", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("Play with Goal cards (the rulebook suggests a first game without them)."),
    .label = N_("Goal cards"),
    .source = "Rulebook: Goal cards, skipped in a learning game; notes 1.2.4" },
  [CB_OPT_GOALS_2P] = { "goals-2p", TW_VALUE_INT, 3, 0, CB_MAX_GOALS, NULL,
    N_("Goals turned face up in a 2-player game."),
    .label = N_("Goals with 2 players"),
    .source = "Rulebook, set-up: goals turned face up by player count; notes 1.2.4" },
  [CB_OPT_GOALS_3P] = { "goals-3p", TW_VALUE_INT, 4, 0, CB_MAX_GOALS, NULL,
    N_("Goals turned face up in a 3-player game."),
    .label = N_("Goals with 3 players"),
    .source = "Rulebook, set-up: goals turned face up by player count; notes 1.2.4" },
  [CB_OPT_GOALS_4P] = { "goals-4p", TW_VALUE_INT, 5, 0, CB_MAX_GOALS, NULL,
    N_("Goals turned face up in a 4-player game."),
    .label = N_("Goals with 4 players"),
    .source = "Rulebook, set-up: goals turned face up by player count; notes 1.2.4" },
  [CB_OPT_GOAL_BOARDS] = { "goal-boards", TW_VALUE_CHOICE, 0, 0, 0, goal_boards_choices,
    N_("Where a goal may be met unless its card names a board: the shared board or the placer's own private board (\"the first time a player satisfies the condition\"), or the shared board only."),
    .label = N_("Where goals count"),
    .choice_labels = goal_boards_labels,
    .source = "Rulebook: \"the first time a player satisfies the Goal's condition\"; notes 1.2.10 (AMBIGUITY)" },
  [CB_OPT_GOAL_COMPLETED] = { "goal-needs-completed-shape", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("\"Make a shape\" means a completed shape (only completed shapes matter elsewhere); off: any shape as it stands counts."),
    .label = N_("Goals need completed shapes"),
    .source = "Rulebook: \"make a shape\"; notes 1.2.10 (AMBIGUITY)" },
  [CB_OPT_GOAL_EXACT] = { "goal-size-exact", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("A goal asking for a shape of N tiles needs exactly N tiles (\"the pictured number\"); off: N or more."),
    .label = N_("Goal shape size exact"),
    .source = "Rulebook: \"the pictured number\" of tiles; notes 1.2.10" },
  [CB_OPT_COMPLETION] = { "shape-completion", TW_VALUE_CHOICE, 0, 0, 0, completion_choices,
    N_("A completed shape has an unbroken perimeter and no missing interior tile (both are stated); perimeter-only ignores holes."),
    .label = N_("Completed shape"),
    .choice_labels = completion_labels,
    .source = "Rulebook: an unbroken perimeter and no missing interior tile; notes 1.2.8" },
  [CB_OPT_PRIVATE_SIZE] = { "private-board-size", TW_VALUE_INT, 3, 2, CB_MAX_PRIVATE, NULL,
    N_("Side of the private board's square footprint; the game ends when a player fills it."),
    .label = N_("Private board size"),
    .source = "Rulebook: the 3x3 private board, whose 9th tile ends the game; notes 1.2.11a" },
  [CB_OPT_FIRST_PLAYER] = { "first-player", TW_VALUE_CHOICE, 0, 0, 0, first_player_choices,
    N_("Who starts (the rulebook: the most colourful outfit): the first seat, or a seat drawn from the seed."),
    .label = N_("First player"),
    .choice_labels = first_player_labels,
    .source = "Rulebook: the player with the most colorful outfit starts; notes 1.2.4" },
  [CB_OPT_TIE_BREAK] = { "tie-break", TW_VALUE_CHOICE, 0, 0, 0, tie_break_choices,
    N_("Players tied for the most points add a second colour, then a third (the lightning round); or the tie stands."),
    .label = N_("Tie-break"),
    .choice_labels = tie_break_labels,
    .source = "Rulebook: the lightning round; notes 1.2.13" },
  [CB_OPT_FINAL_TURN_DECK] = { "final-turn-without-tiles", TW_VALUE_CHOICE, 0, 0, 0, final_turn_choices,
    N_("If the tiles run out during the last turns, the remaining players score without a turn (\"the game ends if the tiles run out\"), or the discards are shuffled into a new stack for those turns."),
    .label = N_("Tiles run out in the last turns"),
    .choice_labels = final_turn_labels,
    .source = "Rulebook: \"the game ends if the tiles run out\"; notes 1.2.11a (AMBIGUITY)" },
  [CB_OPT_DRAFT_UNPLAYABLE] = { "draft-unplayable-tile", TW_VALUE_CHOICE, 0, 0, 0, draft_unplayable_choices,
    N_("Expert Mode: a drafted tile that fits nowhere is discarded with no replacement (it was chosen, not drawn), or discarded and replaced from the stack as in the basic game."),
    .label = N_("Unplayable drafted tile"),
    .choice_labels = draft_unplayable_labels,
    .source = "Rulebook, Expert Mode; notes 1.2.14 (AMBIGUITY)" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (cb_options) == CB_N_OPTIONS);

static const TwParamSpec p_shape_size[] = {
  { "tiles", TW_VALUE_INT, TRUE, 3, 1, 99, NULL, N_("Number of tiles in the shape.") },
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, N_("Where the shape must be made."),
    board_labels },
};
static const TwParamSpec p_color_shape_size[] = {
  { "color", TW_VALUE_COLOR, TRUE, 0, 0, 0, NULL, N_("Colour of the shape.") },
  { "tiles", TW_VALUE_INT, FALSE, 5, 1, 99, NULL, N_("Number of tiles in the shape.") },
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, N_("Where the shape must be made."),
    board_labels },
};
static const TwParamSpec p_pictured[] = {
  { "shape", TW_VALUE_SHAPE, TRUE, 0, 0, 0, NULL, N_("The pictured shape, in any orientation.") },
  { "color", TW_VALUE_COLOR, FALSE, -1, 0, 0, NULL, N_("Colour it must be made in (any single colour when absent).") },
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, N_("Where the shape must be made."),
    board_labels },
};
static const TwParamSpec p_island[] = {
  { "board", TW_VALUE_CHOICE, FALSE, 0, 0, 0, board_choices, N_("Where the shape must be made."),
    board_labels },
};
static const TwParamSpec p_private_size[] = {
  { "min-tiles", TW_VALUE_INT, FALSE, 3, 1, 25, NULL, N_("Least number of tiles in the shape.") },
};
static const TwParamSpec p_first_score[] = {
  { "color", TW_VALUE_COLOR, TRUE, 0, 0, 0, NULL, N_("The colour to score first.") },
};
static const TwParamSpec p_expression[] = {
  { "when", TW_VALUE_TEXT, TRUE, 0, 0, 0, NULL,
    N_("The condition, an expression such as `shape.size >= 4 and shape.own` "
       "(doc/definition-format.md, Expressions)."), NULL, TW_EXPR_BOOL },
};

const TwCardKind cb_card_kinds[] = {
  [CB_GOAL_SHAPE_SIZE] = { "shape-size", "goal", N_("Size"),
    N_("Make any shape with the pictured number of tiles."), p_shape_size, G_N_ELEMENTS (p_shape_size) },
  [CB_GOAL_COLOR_SHAPE_SIZE] = { "color-shape-size", "goal", N_("Colour"),
    N_("Make any shape with 5 tiles of the pictured colour."), p_color_shape_size, G_N_ELEMENTS (p_color_shape_size) },
  [CB_GOAL_PICTURED_SHAPE] = { "pictured-shape", "goal", N_("Pattern"),
    N_("Make the pictured shape out of a single colour of tiles."), p_pictured, G_N_ELEMENTS (p_pictured) },
  [CB_GOAL_ISLAND] = { "island", "goal", N_("Island"),
    N_("Create a shape with an island of a different colour inside of it."), p_island, G_N_ELEMENTS (p_island) },
  [CB_GOAL_PRIVATE_SHAPE_SIZE] = { "private-shape-size", "goal", N_("Homestead"),
    N_("Create a shape with 3 or more tiles in your Private Board."), p_private_size, G_N_ELEMENTS (p_private_size) },
  [CB_GOAL_PRIVATE_ALL_COLORS] = { "private-all-colors", "goal", N_("Palette"),
    N_("Create a shape of each colour in your Private Board (claim it when you complete the last one)."), NULL, 0 },
  [CB_GOAL_FIRST_TO_SCORE] = { "first-to-score", "goal", N_("First"),
    N_("Be the first player to score the pictured colour at the end of the game."), p_first_score, G_N_ELEMENTS (p_first_score) },
  [CB_GOAL_EXPRESSION] = { "expression", "goal", N_("Custom"),
    N_("Meet the condition written on the card (checked whenever a shape is completed and after every private placement)."), p_expression, G_N_ELEMENTS (p_expression) },
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

/* How a game ended: the rulebook's main ending, a full private board, or
 * its fallback, the tiles running out (doc/rules/colorblock.md). */
static const char * const cb_end_reasons[] = { "full-private-board", "tiles-ran-out", NULL };
static const char * const cb_end_reasons_labels[] = { N_("Full private board"), N_("Tiles ran out"), NULL };

static const char * const cb_extra_tile_keys[] = { NULL };

/* What a move did with the components, for `simulate --impact`: a tile that
 * reaches a board is used by the seat that placed it (drawn, drafted or
 * discarded it only came into play); a goal card dealt face up comes into
 * play for everyone, and is used by the seat that claims it. The mark of a
 * state: the seat to act, each tile's location, each goal's owner. */
static gsize
cb_component_mark_size (const TwGame *game)
{
  return 1 + cb_prep (game)->n_inst + CB_MAX_GOALS;
}

static void
cb_component_mark (const TwGame  *game,
                   const TwState *state,
                   guint8        *mark)
{
  const CbPrep *p = cb_prep (game);
  const CbState *s = (const CbState *) state;

  mark[0] = s->current;
  memcpy (mark + 1, CB_LOC (p, s), p->n_inst);
  memcpy (mark + 1 + p->n_inst, s->goal_owner, CB_MAX_GOALS);
}

static void
cb_component_events (const TwGame    *game,
                     const guint8    *before,
                     const TwMove    *move,
                     const TwState   *after_state,
                     TwComponentFunc  emit,
                     gpointer         data)
{
  const CbPrep *p = cb_prep (game);
  const CbState *after = (const CbState *) after_state;
  const guint8 *loc_after = CB_LOC (p, after);

  if (before == NULL)
    {
      for (guint g = 0; g < after->n_goals; g++)
        emit (TW_COMPONENT_CARD, after->goal_card[g], -1, FALSE, data);
      for (guint i = 0; i < p->n_inst; i++)
        if (loc_after[i] != CB_LOC_DECK)
          emit (TW_COMPONENT_TILE, p->inst_def[i], -1, loc_after[i] == CB_LOC_BOARD, data);
      return;
    }
  {
    const guint8 *loc_before = before + 1, *owner_before = before + 1 + p->n_inst;
    int seat = before[0];

    for (guint i = 0; i < p->n_inst; i++)
      if (loc_after[i] != loc_before[i])
        emit (TW_COMPONENT_TILE, p->inst_def[i], seat, loc_after[i] == CB_LOC_BOARD, data);
    for (guint g = 0; g < after->n_goals; g++)
      if (owner_before[g] == CB_NONE && after->goal_owner[g] != CB_NONE)
        emit (TW_COMPONENT_CARD, after->goal_card[g], after->goal_owner[g], TRUE, data);
  }
}

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
  .expr_vocabulary = &cb_expr_vocabulary,
  .expr_where = "the parameter `when:` of a goal card of kind `expression`, a condition",
  .end_reasons = cb_end_reasons,
  .end_reason_labels = cb_end_reasons_labels,
  .notation = cb_notation_summary,
  .reserved_ids = cb_reserved_ids,
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
  .stage_text = cb_stage_text,
  .describe_seat = cb_describe_seat,
  .move_from_text = cb_move_from_text,
  .state_to_text = cb_state_to_text,
  .state_from_text = cb_state_from_text,
  .observe = cb_observe,
  .heuristic = cb_heuristic,
  /* RAVE measured a gain (doc/bots.md) */
  .search_rave = 1000,
  .playout_pick = cb_playout_pick,
  .end_reason = cb_end_reason,
  .component_mark_size = cb_component_mark_size,
  .component_mark = cb_component_mark,
  .component_events = cb_component_events,
  .counters = cb_counters,
  .check = cb_check,
};
