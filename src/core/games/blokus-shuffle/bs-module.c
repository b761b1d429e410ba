/* bs-module.c: Blokus Shuffle's schemas and its rules table
 *
 * What a definition may set (the options and the action card kinds), the
 * names of the phases and of the counters, the module's own section, and the
 * table the registry lists, whose hooks live in bs-prepare.c (definition
 * time), bs-rules.c (play), bs-bot.c (what the bots know) and bs-foreign.c
 * (classic Blokus and Blokus Duo as Pentobi writes them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bs-private.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const scoring_choices[] = { "basic", "advanced", NULL };
static const char * const scoring_labels[] = { N_("Basic"), N_("Advanced"), NULL };
static const char * const start_choices[] = { "fixed", "any-free", NULL };
static const char * const start_labels[] = { N_("Fixed"), N_("Any free"), NULL };
static const char * const deck2_choices[] = { "merged", "per-color", NULL };
static const char * const deck2_labels[] = { N_("Merged"), N_("Per color"), NULL };
static const char * const edge_choices[] = { "must-touch-side", "may-touch-side", NULL };
static const char * const edge_labels[] = { N_("Must touch side"), N_("May touch side"), NULL };
static const char * const double_choices[] = { "first-piece", "any-own-corner", NULL };
static const char * const double_labels[] = { N_("First piece"), N_("Any own corner"), NULL };
static const char * const mono_choices[] = { "last-placed", "only-if-all-placed", NULL };
static const char * const mono_labels[] = { N_("Last placed"), N_("Only if all placed"), NULL };
static const char * const score2_choices[] = { "worse-color", "both-colors", NULL };
static const char * const score2_labels[] = { N_("Worse color"), N_("Both colors"), NULL };

const TwOptionSpec bs_options[] = {
  [BS_OPT_CARDS] = { "cards", TW_VALUE_BOOL, 1, 0, 1, NULL,
    N_("Play with the Blokus Shuffle action cards; off: classic Blokus (no card step, no decks)."),
    .label = N_("Action cards"),
    .source = "Rulebook (Blokus Shuffle: UNO Edition): the card step of every turn; off is classic Blokus" },
  [BS_OPT_SCORING] = { "scoring", TW_VALUE_CHOICE, 0, 0, 0, scoring_choices,
    N_("basic: fewest remaining squares wins; advanced: -1 per remaining square, +15 all placed, "
       "+5 monomino last (the rulebook's optional scoring)."),
    .label = N_("Scoring"),
    .choice_labels = scoring_labels,
    .source = "Rulebook, basic scoring and the optional advanced scoring; notes 5.2.9" },
  [BS_OPT_START_CORNER] = { "start-corner", TW_VALUE_CHOICE, 0, 0, 0, start_choices,
    N_("The first piece covers the colour's own corner as in standard Blokus (the rulebook only "
       "says \"a corner square\"); any-free: any start corner not yet covered."),
    .label = N_("Start corner"),
    .choice_labels = start_labels,
    .source = "Rulebook: the first piece covers \"a corner square\"; notes 5.2.2 (AMBIGUITY)" },
  [BS_OPT_TWO_PLAYER_DECK] = { "two-player-deck", TW_VALUE_CHOICE, 0, 0, 0, deck2_choices,
    N_("2 players: both colours' cards shuffled into one deck and one hand (\"shuffle ... together "
       "to form a single deck\"); per-color: each colour keeps its own deck and hand."),
    .label = N_("Two-player deck"),
    .choice_labels = deck2_labels,
    .source = "Rulebook, 2 players: \"shuffle ... together to form a single deck\"; notes 5.2.3 (AMBIGUITY)" },
  [BS_OPT_SHARED_COLOR] = { "shared-color", TW_VALUE_INT, 4, 1, 4, NULL,
    N_("3 players: the shared colour, by its place in the turn order (4 = green; the rulebook "
       "only says \"the remaining color\")."),
    .label = N_("Shared colour (3 players)"),
    .source = "Rulebook, 3 players: \"the remaining color\"; notes 5.2.2" },
  [BS_OPT_EDGE_TO_EDGE] = { "edge-to-edge", TW_VALUE_CHOICE, 0, 0, 0, edge_choices,
    N_("Edge to Edge: the piece must touch its own colour along a side (corner contact not needed); "
       "may-touch-side: side or corner contact both count for that piece."),
    .label = N_("Edge to Edge card"),
    .choice_labels = edge_labels,
    .source = "Rulebook, card Edge to Edge; notes 5.2.7 (AMBIGUITY)" },
  [BS_OPT_WILD_OWN] = { "wild-own-color", TW_VALUE_BOOL, 0, 0, 1, NULL,
    N_("Wild: the piece's own colour may be declared (then the card changes nothing); off: "
       "\"a color of your choice\" is read as another colour."),
    .label = N_("Wild may name own colour"),
    .source = "Rulebook, card Wild: \"a color of your choice\"; notes 5.2.7 (AMBIGUITY)" },
  [BS_OPT_DOUBLE_CONTACT] = { "double-play-contact", TW_VALUE_CHOICE, 0, 0, 0, double_choices,
    N_("Double Play: the second piece must touch the first piece at a corner (the card's text); "
       "any-own-corner: any corner contact with its colour."),
    .label = N_("Double Play contact"),
    .choice_labels = double_labels,
    .source = "Rulebook, card Double Play; notes 5.2.7 (AMBIGUITY)" },
  [BS_OPT_MONOMINO_BONUS] = { "monomino-bonus", TW_VALUE_CHOICE, 0, 0, 0, mono_choices,
    N_("Advanced scoring's +5: the colour's last placed piece is the monomino (as written); "
       "only-if-all-placed: also needs every piece placed, as in classic Blokus."),
    .label = N_("Monomino bonus"),
    .choice_labels = mono_labels,
    .source = "Rulebook, advanced scoring: +5 if the last piece placed was the monomino; notes 5.2.9" },
  [BS_OPT_TWO_PLAYER_SCORE] = { "two-player-score", TW_VALUE_CHOICE, 0, 0, 0, score2_choices,
    N_("2 players: a player's score is their worse colour (this rulebook); both-colors adds the two "
       "colours up, as classic Blokus and Pentobi's Blokus Two-Player do."),
    .label = N_("Two-player score"),
    .choice_labels = score2_labels,
    .source = "Rulebook, 2 players: the worse colour scores; notes 5.2.9; classic Blokus: both colours" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (bs_options) == BS_N_OPTIONS);

const TwCardKind bs_card_kinds[] = {
  [BS_CARD_SKIP] = { "skip", "action", N_("Skip"),
    N_("When played, the next player loses their turn."), NULL, 0 },
  [BS_CARD_REVERSE] = { "reverse", "action", N_("Reverse"),
    N_("When played, the direction of play is reversed."), NULL, 0 },
  [BS_CARD_DRAW2] = { "draw-2", "action", N_("Draw 2"),
    N_("Draw two cards. Play one of them and put the other on the bottom of your Draw Pile."), NULL, 0 },
  [BS_CARD_RECYCLE] = { "recycle", "action", N_("Recycle"),
    N_("Take one of your pieces from the board and return it to your supply."), NULL, 0 },
  [BS_CARD_EDGE] = { "edge-to-edge", "action", N_("Edge to Edge"),
    N_("Play your next piece so it touches at least one of your other pieces along the side."), NULL, 0 },
  [BS_CARD_DOUBLE] = { "double-play", "action", N_("Double Play"),
    N_("After you play your piece this turn, play a second piece touching your first piece at a corner."),
    NULL, 0 },
  [BS_CARD_WILD] = { "wild", "action", N_("Wild"),
    N_("Play your next piece as if it were a color of your choice."), NULL, 0 },
  [BS_CARD_WARP] = { "warp", "action", N_("Warp"),
    N_("Move an opponent's piece to another legal location, touching one of their other pieces at a corner."),
    NULL, 0 },
};

const char * const bs_phase_names[] = { "open", "card", "drawn", "piece", "double", "done", NULL };

static const char * const bs_counter_names[] = {
  [BS_COUNTER_TURNS] = "turns",
  [BS_COUNTER_PASSES] = "passes",
  [BS_COUNTER_CARDS] = "cards-played",
  [BS_COUNTER_NO_EFFECT] = "cards-without-effect",
  [BS_COUNTER_RECYCLED] = "pieces-recycled",
  [BS_COUNTER_WARPED] = "pieces-warped",
  NULL,
};

static const char * const bs_sections[] = { "board", "advanced-scoring", NULL };

/* What a move did with the components, for `simulate --impact`: every
 * piece is in play from the start and is used by the seat that places a
 * copy of it (in any of its colours; the shared colour of three players is
 * the placing seat's for that turn); a card comes into play when it reaches
 * a hand or is drawn, and is used by the seat that plays it. The mark of a
 * state: the seat to act, per colour the pieces placed, the cards played
 * and the hand, and the cards drawn. */
enum { BS_MARK_SEAT, BS_MARK_PLACED = 1, BS_MARK_PLAYED = BS_MARK_PLACED + BS_N_COLORS,
       BS_MARK_DRAWN = BS_MARK_PLAYED + BS_N_COLORS, BS_MARK_HAND_LEN,
       BS_MARK_HAND = BS_MARK_HAND_LEN + BS_N_COLORS,
       BS_MARK_SIZE = BS_MARK_HAND + BS_N_COLORS * BS_MAX_HAND };

static gsize
bs_component_mark_size (const TwGame *game)
{
  return BS_MARK_SIZE;
}

static void
bs_component_mark (const TwGame  *game,
                   const TwState *state,
                   guint8        *mark)
{
  const BsState *s = (const BsState *) state;
  int seat = bs_to_act (game, state);

  mark[BS_MARK_SEAT] = seat >= 0 ? (guint8) seat : 0xff;
  memcpy (mark + BS_MARK_PLACED, s->n_placed, BS_N_COLORS);
  memcpy (mark + BS_MARK_PLAYED, s->discard_len, BS_N_COLORS);
  mark[BS_MARK_DRAWN] = s->drawn_len;
  memcpy (mark + BS_MARK_HAND_LEN, s->hand_len, BS_N_COLORS);
  memcpy (mark + BS_MARK_HAND, s->hand, BS_N_COLORS * BS_MAX_HAND);
}

static void
bs_component_events (const TwGame    *game,
                     const guint8    *before,
                     const TwMove    *move,
                     const TwState   *after_state,
                     TwComponentFunc  emit,
                     gpointer         data)
{
  const BsPrep *p = bs_prep (game);
  const BsState *after = (const BsState *) after_state;
  int seat = before != NULL && before[BS_MARK_SEAT] != 0xff ? before[BS_MARK_SEAT] : -1;

  if (before == NULL)
    for (guint k = 0; k < p->n_pieces; k++)
      if (p->count[k] > 0)
        emit (TW_COMPONENT_PIECE, k, -1, FALSE, data);
  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      guint placed = before != NULL ? before[BS_MARK_PLACED + c] : 0;
      guint played = before != NULL ? before[BS_MARK_PLAYED + c] : 0;
      guint in_hand = before != NULL ? before[BS_MARK_HAND_LEN + c] : 0;
      const guint8 *hand = before != NULL ? before + BS_MARK_HAND + c * BS_MAX_HAND : NULL;
      guint8 taken[BS_MAX_HAND] = { 0, };

      for (guint i = placed; i < after->n_placed[c]; i++)
        emit (TW_COMPONENT_PIECE, after->placed[c][i].piece, seat, seat >= 0, data);
      /* a card in the hand now that was not there before (each earlier
       * copy matched once) has come into play */
      for (guint i = 0; i < after->hand_len[c]; i++)
        {
          guint j;

          for (j = 0; j < in_hand && (taken[j] || hand[j] != after->hand[c][i]); j++)
            ;
          if (j < in_hand)
            taken[j] = 1;
          else
            emit (TW_COMPONENT_CARD, after->hand[c][i], -1, FALSE, data);
        }
      for (guint i = played; i < after->discard_len[c]; i++)
        emit (TW_COMPONENT_CARD, after->discard[c][i], seat, seat >= 0, data);
    }
  if (after->drawn_len > 0 && (before == NULL || before[BS_MARK_DRAWN] == 0))
    for (guint i = 0; i < after->drawn_len; i++)
      emit (TW_COMPONENT_CARD, after->drawn[i], -1, FALSE, data);
}

const TwRules tw_bs_rules = {
  .id = "blokus-shuffle",
  .expr_vocabulary = &bs_expr_vocabulary,
  .expr_where = "`points:` of each term of `advanced-scoring:`, a number",
  .display_name = "Blokus Shuffle",
  .min_players = 2,
  .max_players = 4,
  .options = bs_options,
  .n_options = BS_N_OPTIONS,
  .card_kinds = bs_card_kinds,
  .n_card_kinds = BS_N_CARD_KINDS,
  .extra_sections = bs_sections,
  .extra_tile_keys = NULL,
  .counter_names = bs_counter_names,
  .notation = bs_notation_summary,
  .reserved_ids = bs_reserved_ids,
  .validate = bs_validate,
  .prepare = bs_prepare,
  .free_prepared = bs_free_prepared,
  .state_size = bs_state_size,
  .init = bs_init,
  .hash = bs_hash,
  .to_act = bs_to_act,
  .legal_moves = bs_legal_moves,
  .apply = bs_apply,
  .scores = bs_scores,
  .ranking = bs_ranking,
  .score_terms = bs_score_terms,
  .explain_ranking = bs_explain_ranking,
  .move_to_text = bs_move_to_text,
  .describe_move = bs_describe_move,
  .describe_seat = bs_describe_seat,
  .move_from_text = bs_move_from_text,
  .state_to_text = bs_state_to_text,
  .state_from_text = bs_state_from_text,
  .observe = bs_observe,
  .heuristic = bs_heuristic,
  /* RAVE measured a gain (doc/bots.md) */
  .search_rave = 1000,
  .move_priors = bs_move_priors,
  .playout_pick = bs_playout_pick,
  .component_mark_size = bs_component_mark_size,
  .component_mark = bs_component_mark,
  .component_events = bs_component_events,
  .counters = bs_counters,
  .check = bs_check,
  .foreign_game = "Blokus",
  .foreign_games = bs_foreign_games,
  .foreign_definitions = bs_foreign_definitions,
  .foreign_color_from_text = bs_foreign_color_from_text,
  .foreign_setup = bs_foreign_setup,
  .foreign_name = bs_foreign_name,
  .foreign_color = bs_foreign_color,
  .foreign_final_score = bs_foreign_final_score,
  .foreign_move_from_text = bs_foreign_move_from_text,
  .foreign_move_to_text = bs_foreign_move_to_text,
};
