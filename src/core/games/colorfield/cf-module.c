/* cf-module.c: Colorfield's schemas and its rules table
 *
 * What a definition may set (the options and the Community Tool kinds), the
 * names of the counters and of the phases, the module's own sections and
 * tile keys, and the table the registry lists, whose hooks live in
 * cf-prepare.c (definition time), cf-rules.c (play) and cf-bot.c (what the
 * bots know); what a round-bonus tool's points can ask is in cf-expr.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cf-private.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const tool_reveal_choices[] = { "before-setup", "after-setup", NULL };
static const char * const tool_reveal_labels[] = { N_("Before setup"), N_("After setup"), NULL };
static const char * const setup_choices[] = { "choose", "dealt", NULL };
static const char * const setup_labels[] = { N_("Choose"), N_("Dealt"), NULL };
static const char * const first_player_choices[] = { "first-seat", "random", NULL };
static const char * const first_player_labels[] = { N_("First seat"), N_("Random"), NULL };
static const char * const swap_choices[] = { "keep-rotation", "upright", NULL };
static const char * const swap_labels[] = { N_("Keep rotation"), N_("Upright"), NULL };
static const char * const reshuffle_choices[] = { "common-discard", "all-discards", NULL };
static const char * const reshuffle_labels[] = { N_("Common discard"), N_("All discards"), NULL };
static const char * const collective_choices[] = { "tokens-first", "free-first", NULL };
static const char * const collective_labels[] = { N_("Tokens first"), N_("Free first"), NULL };

const TwOptionSpec cf_options[] = {
  [CF_OPT_ADVANCED] = { "advanced-mode", TW_VALUE_BOOL, 0, 0, 1, NULL,
    N_("Advanced Mode: each round's Community Tool stays, so rounds have 1, 2 and 3 tools in play."),
    .label = N_("Advanced Mode"),
    .source = "Rulebook, Advanced Mode: each round's Community Tool stays; notes 4.2.4" },
  [CF_OPT_TOOL_DECK_SIZE] = { "tool-deck-size", TW_VALUE_INT, 14, 0, CF_MAX_TOOLS, NULL,
    N_("The tool deck is the definition's first N cards: the components list 10 cards but the text describes 14, so all by default (10: the printed count; 0: no tools)."),
    .label = N_("Tool deck size"),
    .source = "Rulebook: the components list 10 tool cards, the text describes 14; notes 4.2.12 (AMBIGUITY)" },
  [CF_OPT_TOOL_REVEAL] = { "tool-reveal", TW_VALUE_CHOICE, 1, 0, 0, tool_reveal_choices,
    N_("Round set-up as printed: set-up tiles, the tray, \"Then, draw and reveal one Community Tool Card\" (so the Rounded Wooden Palette acts at set-up only when kept in Advanced Mode); before-setup reveals the tool first, so that it always can."),
    .label = N_("Round set-up order"),
    .choice_labels = tool_reveal_labels,
    .source = "Rulebook, round set-up: tiles, then the tray, \"Then, draw and reveal one Community Tool Card\"; notes 4.2.4" },
  [CF_OPT_SETUP_CHOICES] = { "setup-choices", TW_VALUE_CHOICE, 0, 0, 0, setup_choices,
    N_("Players choose their Player Card and the face of their dealt canvas board, as written; dealt draws both at random (quick simulations)."),
    .label = N_("Player Card and canvas face"),
    .choice_labels = setup_labels,
    .source = "Rulebook, game set-up: players choose; notes 4.2.3" },
  [CF_OPT_FIRST_PLAYER] = { "first-player", TW_VALUE_CHOICE, 0, 0, 0, first_player_choices,
    N_("Who starts (the rulebook: whoever painted most recently; the first player never changes): the first seat, or a seat drawn from the seed."),
    .label = N_("First player"),
    .choice_labels = first_player_labels,
    .source = "Rulebook: the most recent painter starts and stays first; notes 4.2.3" },
  [CF_OPT_SWAP_ROTATION] = { "swap-rotation", TW_VALUE_CHOICE, 0, 0, 0, swap_choices,
    N_("Swapped tiles keep their current rotation (\"follow the orientation rules\" forbids turning them, not keeping an earlier Rotate); upright turns both back to upright."),
    .label = N_("Swapped tiles' rotation"),
    .choice_labels = swap_labels,
    .source = "Rulebook, ability Swap: \"follow the orientation rules\"; notes 4.2.6 (AMBIGUITY)" },
  [CF_OPT_RESHUFFLE] = { "reshuffle", TW_VALUE_CHOICE, 0, 0, 0, reshuffle_choices,
    N_("When the draw deck runs out, the common discard pile is shuffled into a new deck and the personal discards stay until the round ends; all-discards shuffles the personal piles in too."),
    .label = N_("Reshuffle"),
    .choice_labels = reshuffle_labels,
    .source = "Rulebook: an empty deck; notes 4.2.8 (AMBIGUITY)" },
  [CF_OPT_COLLECTIVE_TOKENS] = { "local-collective-tokens", TW_VALUE_CHOICE, 0, 0, 0, collective_choices,
    N_("Local Collective allows more abilities than tokens: the tokens are spent first and the extra uses are free (unspent tokens still pay); free-first spends the free uses before any token."),
    .label = N_("Local Collective tokens"),
    .choice_labels = collective_labels,
    .source = "Rulebook, tool Local Collective; notes 4.2.12 (AMBIGUITY)" },
  [CF_OPT_SKETCH_MUST_PLACE] = { "sketchbook-must-place", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("After drawing two with the Sketchbook the kept tile must be played (\"choose one to play and one to discard\"); off: it may also be discarded."),
    .label = N_("Sketchbook tile must be played"),
    .source = "Rulebook, tool Watercolor Paper Sketchbook: \"choose one to play and one to discard\"; notes 4.2.12 (AMBIGUITY)" },
  [CF_OPT_STACK] = { "tool-modifiers-stack", TW_VALUE_BOOL, 0, 0, 1, NULL,
    N_("Scoring tools do not stack on the rules or specialities (the rulebook's footnote): Minimalism pays 5 per token instead of 1, the Sponge skips specialty sides; on: they add up (6 per token, a specialty 2-side under the Sponge scores 5)."),
    .label = N_("Scoring tools stack"),
    .source = "Rulebook footnote: tool effects that modify scoring do not stack; notes 4.2.12" },
  [CF_OPT_ROUNDS] = { "rounds", TW_VALUE_INT, 3, 1, CF_MAX_ROUNDS, NULL,
    N_("Rounds in a game (the rulebook: three)."),
    .label = N_("Rounds"),
    .source = "Rulebook: three rounds; notes 4.2.4" },
  [CF_OPT_TURNS] = { "turns-per-round", TW_VALUE_INT, 5, 1, CF_MAX_TURNS - 4, NULL,
    N_("Turns each player takes in a round before scoring (the rulebook: five)."),
    .label = N_("Turns per round"),
    .source = "Rulebook: five turns per player and round; notes 4.2.5" },
  [CF_OPT_TOKENS] = { "ability-tokens", TW_VALUE_INT, 3, 0, 12, NULL,
    N_("Ability tokens per player and round (the rulebook: three of the four markers)."),
    .label = N_("Ability tokens"),
    .source = "Rulebook: three of the four markers are ability tokens; notes 4.2.3" },
  [CF_OPT_TRAY] = { "tray-size", TW_VALUE_INT, 3, 1, CF_MAX_TRAY, NULL,
    N_("Face-up tiles on the draw tray (the rulebook: three)."),
    .label = N_("Tray size"),
    .source = "Rulebook: three face-up tiles on the draw tray; notes 4.2.4" },
  [CF_OPT_TWO_POINTS] = { "two-side-points", TW_VALUE_INT, 2, 0, 9, NULL,
    N_("Points for a matched 2-side (the rulebook: 2)."),
    .label = N_("Points for a 2-side"),
    .source = "Rulebook, round scoring: a matched 2-side scores 2; notes 4.2.9" },
  [CF_OPT_SPECIALTY_BONUS] = { "specialty-bonus", TW_VALUE_INT, 2, 0, 9, NULL,
    N_("Bonus for a matched 2-side of the player's Specialty colour (the rulebook: 2, so 4 in all)."),
    .label = N_("Specialty bonus"),
    .source = "Rulebook, round scoring: the Specialty colour's 2-side scores 2 more; notes 4.2.9" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (cf_options) == CF_N_OPTIONS);

static const TwParamSpec p_points1[] = {
  { "points", TW_VALUE_INT, FALSE, 1, 0, 20, NULL, N_("Points for each.") },
};
static const TwParamSpec p_points2[] = {
  { "points", TW_VALUE_INT, FALSE, 2, 0, 20, NULL, N_("Points for each.") },
};
static const TwParamSpec p_two_value[] = {
  { "points", TW_VALUE_INT, FALSE, 3, 0, 20, NULL, N_("What a matched non-specialty 2-side scores.") },
};
static const TwParamSpec p_abilities[] = {
  { "abilities", TW_VALUE_INT, FALSE, 5, 1, CF_MAX_TURNS, NULL, N_("Abilities a player may use this round, one before each turn.") },
};
static const TwParamSpec p_turns[] = {
  { "turns", TW_VALUE_INT, FALSE, 1, 1, 4, NULL, N_("Additional turns before scoring.") },
};
static const TwParamSpec p_swath[] = {
  { "points", TW_VALUE_INT, FALSE, 5, 0, 50, NULL, N_("Bonus for the swath.") },
  { "tiles", TW_VALUE_INT, FALSE, 3, 2, CF_SLOTS, NULL, N_("Tiles the swath must cover.") },
};
static const TwParamSpec p_refreshes[] = {
  { "per-turn", TW_VALUE_INT, FALSE, 1, 1, 9, NULL,
    N_("Refreshes a player may make before one draw (the card says \"before drawing you may refresh the tray\"; "
       "once is the project's reading: a second refresh would only cycle the deck).") },
};
static const TwParamSpec p_token_value[] = {
  { "points", TW_VALUE_INT, FALSE, 5, 0, 20, NULL, N_("Points per unused ability token.") },
};

static const TwParamSpec p_round_bonus[] = {
  { "points", TW_VALUE_TEXT, TRUE, 0, 0, 0, NULL,
    N_("The points each player scores at the end of the round, an expression such as "
       "`2 * count(t in tiles(own) where t.upright)` (doc/definition-format.md, Expressions)."),
    NULL, TW_EXPR_NUMBER },
};

const TwCardKind cf_card_kinds[] = {
  [CF_TOOL_PERFECT] = { "opponent-perfect-tiles", "tool", N_("Mahl Stick"),
    N_("When scoring, +N for every tile on an opponent's canvas that matches on all four sides."),
    p_points1, G_N_ELEMENTS (p_points1) },
  [CF_TOOL_REFRESH] = { "refresh-tray", "tool", N_("Angled Rigger Brush"),
    N_("Before drawing, a player may discard the face-up tiles and replace them from the deck (N times a turn)."),
    p_refreshes, G_N_ELEMENTS (p_refreshes) },
  [CF_TOOL_TWO_VALUE] = { "two-side-value", "tool", N_("High-Density Sponge"),
    N_("Matched non-specialty 2-sides score N."), p_two_value, G_N_ELEMENTS (p_two_value) },
  [CF_TOOL_ABILITIES] = { "ability-every-turn", "tool", N_("Local Collective"),
    N_("One ability before each turn, up to N this round."), p_abilities, G_N_ELEMENTS (p_abilities) },
  [CF_TOOL_DISCARD_BONUS] = { "discard-bonus", "tool", N_("Nylon Filbert Brush"),
    N_("+N at once for a drawn tile discarded without playing it."), p_points2, G_N_ELEMENTS (p_points2) },
  [CF_TOOL_EXTRA_TURNS] = { "extra-turns", "tool", N_("Unpaid Intern"),
    N_("Every player takes N more turns before scoring."), p_turns, G_N_ELEMENTS (p_turns) },
  [CF_TOOL_SPONSOR] = { "sponsorship", "tool", N_("Corporate Sponsorships"),
    N_("+N for every scoring 1-point side of your specialty colour on opponents' canvases."),
    p_points1, G_N_ELEMENTS (p_points1) },
  [CF_TOOL_FREE_ORIENT] = { "free-orientation", "tool", N_("Wooden New Wave Palette"),
    N_("Tiles may be played in any rotation on a turn."), NULL, 0 },
  [CF_TOOL_DRAW_TWO] = { "draw-two", "tool", N_("Watercolor Paper Sketchbook"),
    N_("Draw two from the deck instead of one; play one, the other goes to the discard pile."), NULL, 0 },
  [CF_TOOL_FREE_SETUP] = { "free-setup", "tool", N_("Rounded Wooden Palette"),
    N_("During Round Setup, revealed tiles go in any empty space."), NULL, 0 },
  [CF_TOOL_VARNISH] = { "orientation-bonus", "tool", N_("Matte Varnish"),
    N_("+N for every upright tile at the end of the round."), p_points2, G_N_ELEMENTS (p_points2) },
  [CF_TOOL_SWATH] = { "specialty-swath", "tool", N_("H-Frame Easel"),
    N_("+N if one continuous swath of your specialty colour covers at least T tiles."),
    p_swath, G_N_ELEMENTS (p_swath) },
  [CF_TOOL_EDGE_POINTS] = { "canvas-edge-points", "tool", N_("Paper Lining Tape"),
    N_("+N for every canvas edge space matched by its tile side."), p_points1, G_N_ELEMENTS (p_points1) },
  [CF_TOOL_TOKEN_VALUE] = { "token-value", "tool", N_("Minimalism"),
    N_("Unused ability tokens score N each."), p_token_value, G_N_ELEMENTS (p_token_value) },
  [CF_TOOL_ROUND_BONUS] = { "round-bonus", "tool", N_("Custom tool"),
    N_("When scoring, every player adds the points written on the card."),
    p_round_bonus, G_N_ELEMENTS (p_round_bonus) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (cf_card_kinds) == CF_N_TOOL_KINDS);

static const char * const cf_counter_names[] = {
  [CF_COUNTER_TURNS] = "turns",
  [CF_COUNTER_TRAY_DRAWS] = "tray-draws",
  [CF_COUNTER_DECK_DRAWS] = "deck-draws",
  [CF_COUNTER_ABILITIES] = "abilities-used",
  [CF_COUNTER_BLIND_REFRESHES] = "tray-refreshes-after-blind-draws",
  [CF_COUNTER_TOOL_REFRESHES] = "tray-refreshes-by-tool",
  [CF_COUNTER_RESHUFFLES] = "deck-reshuffles",
  [CF_COUNTER_UNPLAYED] = "tiles-discarded-unplayed",
  NULL,
};

const char * const cf_phase_names[] = {
  "painter", "side", "setup", "ability", "draw", "place", "done", NULL
};

static const char * const cf_extra_tile_keys[] = { "two", NULL };
static const char * const cf_extra_sections[] = { "canvases", "canvas", "painters", NULL };

/* What a move did with the components, for `simulate --impact`: a tile is
 * used by the seat on whose canvas it lands (placed, replaced or dealt at a
 * round's start; moving it on the canvas is not a new use); a tool card
 * comes into play when it becomes active, for every seat alike (its
 * effects apply to all, so it has no users: its weight shows in a sweep or
 * a comparison without it, not here). The mark of a state: every canvas'
 * slots and the active tools. */
enum { CF_MARK_SLOTS = 0, CF_MARK_N_ACTIVE = CF_MAX_PLAYERS * CF_SLOTS,
       CF_MARK_ACTIVE, CF_MARK_SIZE = CF_MARK_ACTIVE + CF_MAX_ACTIVE };

static gsize
cf_component_mark_size (const TwGame *game)
{
  return CF_MARK_SIZE;
}

static void
cf_component_mark (const TwGame  *game,
                   const TwState *state,
                   guint8        *mark)
{
  const CfState *s = (const CfState *) state;

  memcpy (mark + CF_MARK_SLOTS, s->slot, CF_MAX_PLAYERS * CF_SLOTS);
  mark[CF_MARK_N_ACTIVE] = s->n_active;
  memcpy (mark + CF_MARK_ACTIVE, s->active, CF_MAX_ACTIVE);
}

/* Was tile instance @inst on seat @p's canvas in @before (a mark)? */
static gboolean
was_on_canvas (const guint8 *before,
               guint         p,
               guint         inst)
{
  for (guint i = 0; i < CF_SLOTS; i++)
    if (before[CF_MARK_SLOTS + p * CF_SLOTS + i] == inst)
      return TRUE;
  return FALSE;
}

static void
cf_component_events (const TwGame    *game,
                     const guint8    *before,
                     const TwMove    *move,
                     const TwState   *after_state,
                     TwComponentFunc  emit,
                     gpointer         data)
{
  const CfPrep *prep = game->prepared;
  const CfState *after = (const CfState *) after_state;

  for (guint p = 0; p < after->n_players; p++)
    for (guint i = 0; i < CF_SLOTS; i++)
      {
        guint inst = after->slot[p][i];

        if (inst != CF_NONE && inst < prep->n_inst
            && (before == NULL || !was_on_canvas (before, p, inst)))
          emit (TW_COMPONENT_TILE, prep->inst_def[inst], (int) p, TRUE, data);
      }
  for (guint k = 0; k < after->n_active; k++)
    {
      gboolean was = FALSE;

      for (guint j = 0; before != NULL && j < before[CF_MARK_N_ACTIVE] && !was; j++)
        was = before[CF_MARK_ACTIVE + j] == after->active[k];
      if (!was)
        emit (TW_COMPONENT_CARD, after->active[k], -1, FALSE, data);
    }
}

const TwRules tw_cf_rules = {
  .id = "colorfield",
  .display_name = "Colorfield",
  .min_players = 2,
  .max_players = CF_MAX_PLAYERS,
  .options = cf_options,
  .n_options = CF_N_OPTIONS,
  .card_kinds = cf_card_kinds,
  .expr_vocabulary = &cf_expr_vocabulary,
  .expr_where = "the parameter `points:` of a tool card of kind `round-bonus`, a number",
  .n_card_kinds = CF_N_TOOL_KINDS,
  .extra_sections = cf_extra_sections,
  .extra_tile_keys = cf_extra_tile_keys,
  .counter_names = cf_counter_names,
  .notation = cf_notation_summary,
  .reserved_ids = cf_reserved_ids,
  .own_id_lists = cf_own_id_lists,
  .validate = cf_validate,
  .prepare = cf_prepare,
  .free_prepared = cf_free_prepared,
  .state_size = cf_state_size,
  .init = cf_init,
  .hash = cf_hash,
  .to_act = cf_to_act,
  .legal_moves = cf_legal_moves,
  .apply = cf_apply,
  .scores = cf_scores,
  .ranking = cf_ranking,
  .score_terms = cf_score_terms,
  .move_to_text = cf_move_to_text,
  .describe_move = cf_describe_move,
  .stage_text = cf_stage_text,
  .describe_seat = cf_describe_seat,
  .move_from_text = cf_move_from_text,
  .state_to_text = cf_state_to_text,
  .state_from_text = cf_state_from_text,
  .observe = cf_observe,
  .heuristic = cf_heuristic,
  /* RAVE measured off: no help or a loss (doc/bots.md) */
  .search_rave = 0,
  .playout_pick = cf_playout_pick,
  .component_mark_size = cf_component_mark_size,
  .component_mark = cf_component_mark,
  .component_events = cf_component_events,
  .counters = cf_counters,
  .check = cf_check,
};
