/* test-block-2-block-expr.c: Block 2 Block's scoring written as expressions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What bb-expr.c answers, checked at every position of random games
 * against the board recounted here from the rulebook's values; the shipped
 * scoring written as expressions (tests/data-files/block-2-block-expressions.yaml)
 * playing the same seeded bot games as the C terms, move for move, score
 * for score and term for term, under the options that change what the
 * terms count; the errors of a bad `end-scoring:`, at their line and
 * column; and the worked example of doc/definition-format.md.
 */
#include "config.h"

#include <string.h>

#include "tw-bot.h"
#include "tw-expr.h"
#include "tw-game.h"
#include "tw-result.h"
#include "tw-test-rules.h"
#include "games/block-2-block/bb-private.h"

#define TIER_TERM(k) \
  "  - label: Tier " #k " bonus\n" \
  "    points: sum((t.bonus + t.winners - 1) / t.winners for t in tiers where t.won and t.number == " #k ")\n"

/* The shipped scoring as expressions, with the C terms' labels. */
static const char shipped_terms[] =
  "# The score's terms written as expressions (doc/definition-format.md,\n"
  "# \"Block 2 Block's vocabulary\"): the rulebook's, as the C terms count them,\n"
  "# with the C terms' labels (a tier's bonus divided among tied winners,\n"
  "# rounded up).\n"
  "end-scoring:\n"
  "  - label: Locked blocks\n"
  "    points: sum(b.value for b in blocks(own))\n"
  "  - label: Opponent markers captured\n"
  "    points: captures\n"
  "  - label: Investments, 1 point each\n"
  "    points: investments\n"
  "  - label: Holdings, 1 point each\n"
  "    points: holdings\n"
  TIER_TERM (1) TIER_TERM (2) TIER_TERM (3) TIER_TERM (4)
  "\n";

#define N_SHIPPED 8

static char *bundled_text;

static char *
bundled_with (const char *section)
{
  return tw_test_with_section (bundled_text, section);
}

/* The data file `bench` and `simulate` measure is the bundled definition
 * with the shipped terms as expressions: kept so by this check. */
static void
test_data_file (void)
{
  g_autofree char *want = bundled_with (shipped_terms);

  tw_test_check_data_file ("block-2-block-expressions.yaml", want);
}

/* ------------------------------------------------------------------------ */
/* The board recounted                                                      */

/* What block @t in @slot is worth by the rulebook's values: black 1, clean
 * its tier number, gold that times the multiplier; or as fixed when it was
 * locked (lock-values=when-locked). */
static guint
block_value (const TwGame  *game,
             const BbState *s,
             guint          t,
             guint          slot)
{
  const BbPrep *p = bb_prep (game);
  guint tier = p->slot_row[slot] / 2 + 1;

  if (s->tile_locker[t] != BB_NONE && bb_opt (game, BB_OPT_LOCK_VALUES) == BB_VALUES_WHEN_LOCKED)
    return s->tile_value[t];
  switch (p->inst_kind[t])
    {
    case BB_KIND_CLEAN: return tier;
    case BB_KIND_GOLD:  return tier * (guint) bb_opt (game, BB_OPT_GOLD_MULTIPLIER);
    default:            return 1;
    }
}

/* Per tier: each seat's tier score, the best, the seats at it, the bonus,
 * blocks locked by each seat; from the slots one by one. */
typedef struct
{
  int   score[BB_MAX_PLAYERS];
  int   best;
  guint winners;
  int   bonus;
  guint locked[BB_MAX_PLAYERS];
  guint all_locked;
} Tier;

static void
recount_tiers (const TwGame  *game,
               const BbState *s,
               Tier          *tiers)
{
  const BbPrep *p = bb_prep (game);
  gboolean by_count = bb_opt (game, BB_OPT_TIER_SCORE) == BB_TIER_LOCKED_TILES;

  memset (tiers, 0, p->n_tiers * sizeof *tiers);
  for (guint slot = 0; slot < p->n_slots; slot++)
    {
      guint t = s->slot_tile[slot];
      Tier *tier = &tiers[p->slot_row[slot] / 2];
      if (t == BB_NONE || s->tile_locker[t] == BB_NONE)
        continue;
      tier->score[s->tile_locker[t]] += by_count ? 1 : (int) block_value (game, s, t, slot);
      tier->locked[s->tile_locker[t]]++;
      tier->all_locked++;
    }
  for (guint k = 0; k < p->n_tiers; k++)
    {
      Tier *tier = &tiers[k];
      tier->bonus = (int) p->tier_value * (int) (k + 1);
      for (guint q = 0; q < s->n_players; q++)
        {
          tier->bonus += s->bids[k][q] + s->inv[k][q];
          tier->best = MAX (tier->best, tier->score[q]);
        }
      for (guint q = 0; q < s->n_players; q++)
        tier->winners += tier->best > 0 && tier->score[q] == tier->best;
    }
}

/* ------------------------------------------------------------------------ */
/* The vocabulary against the state                                         */

enum
{
  V_SEAT,
  V_PLAYERS,
  V_CAPTURES,
  V_INVESTMENTS,
  V_BIDS,
  V_HOLDINGS,
  V_SUPPLY,
  /* from here: over the blocks */
  V_OWN_VALUES,
  V_OWN_COUNT,
  V_LOCKED_VALUES,
  V_BOARD_COUNT,
  V_BOARD_PLACES,
  V_BOARD_KINDS,
  V_BOARD_FLAGS,
  V_BOARD_MARKERS,
  V_BOARD_TIERS,
  /* from here: over the tiers */
  V_TIERS,
  V_TIER_BONUS,
  V_TIER_SCORES,
  V_TIER_WINNERS,
  V_TIER_MARKERS,
  V_TIER_LOCKED,
  N_VOCABULARY_EXPRS,
};

static const char * const vocabulary_exprs[] = {
  [V_SEAT] = "seat",
  [V_PLAYERS] = "players",
  [V_CAPTURES] = "captures",
  [V_INVESTMENTS] = "investments",
  [V_BIDS] = "bids",
  [V_HOLDINGS] = "holdings",
  [V_SUPPLY] = "markers_in_supply",
  [V_OWN_VALUES] = "sum(b.value for b in blocks(own))",
  [V_OWN_COUNT] = "count(b in blocks(own) where b.own and b.locked)",
  [V_LOCKED_VALUES] = "sum(b.value * (if b.own then 1000 else 1) for b in blocks(locked))",
  [V_BOARD_COUNT] = "count(blocks(board))",
  /* which slots, in order: rows as digits base 16 */
  [V_BOARD_PLACES] = "sum(b.row * b.row + 16 * b.tier.number for b in blocks(board))",
  [V_BOARD_KINDS] = "sum((if b.clean then 1 else 0) + (if b.gold then 100 else 0) "
                    "+ (if b.black then 10000 else 0) for b in blocks(board))",
  [V_BOARD_FLAGS] = "sum((if b.revealed then 1 else 0) + (if b.locked then 100 else 0) "
                    "+ (if b.own then 10000 else 0) for b in blocks(board))",
  [V_BOARD_MARKERS] = "sum(100 * b.markers + b.own_markers for b in blocks(board))",
  [V_BOARD_TIERS] = "sum(b.value * b.tier.number for b in blocks(board))",
  [V_TIERS] = "count(tiers)",
  [V_TIER_BONUS] = "sum(t.number * t.bonus for t in tiers)",
  [V_TIER_SCORES] = "sum(t.number * (1000 * t.score + t.best) for t in tiers)",
  [V_TIER_WINNERS] = "sum(t.number * (10 * t.winners + (if t.won then 1 else 0)) for t in tiers)",
  [V_TIER_MARKERS] = "sum(t.number * (1000000 * t.bids + 10000 * t.investments + 100 * t.own_bids "
                     "+ t.own_investments) for t in tiers)",
  [V_TIER_LOCKED] = "sum(t.number * (100 * t.locked + t.own_locked) for t in tiers)",
};

G_STATIC_ASSERT (G_N_ELEMENTS (vocabulary_exprs) == N_VOCABULARY_EXPRS);

static gint64
recount (const TwGame  *game,
         const BbState *s,
         const Tier    *tiers,
         guint          seat,
         guint          which)
{
  const BbPrep *p = bb_prep (game);
  gint64 n = 0;

  switch (which)
    {
    case V_SEAT:        return seat + 1;
    case V_PLAYERS:     return s->n_players;
    case V_CAPTURES:    return s->capture_points[seat];
    case V_HOLDINGS:    return s->n_holdings[seat];
    case V_SUPPLY:      return s->supply[seat];
    case V_INVESTMENTS:
    case V_BIDS:
      for (guint k = 0; k < p->n_tiers; k++)
        n += which == V_BIDS ? s->bids[k][seat] : s->inv[k][seat];
      return n;
    default:
      break;
    }
  if (which < V_TIERS)
    for (guint slot = 0; slot < p->n_slots; slot++)
      {
        guint t = s->slot_tile[slot];
        guint kind, tier, row, markers = 0;
        gboolean locked, own;
        gint64 v;

        if (t == BB_NONE)
          continue;
        kind = p->inst_kind[t];
        tier = p->slot_row[slot] / 2 + 1;
        row = p->slot_row[slot] + 1;
        locked = s->tile_locker[t] != BB_NONE;
        own = s->tile_locker[t] == seat;
        v = block_value (game, s, t, slot);
        for (guint q = 0; q < s->n_players; q++)
          markers += s->mk[t][q];
        switch (which)
          {
          case V_OWN_VALUES:    n += own ? v : 0; break;
          case V_OWN_COUNT:     n += own; break;
          case V_LOCKED_VALUES: n += locked ? v * (own ? 1000 : 1) : 0; break;
          case V_BOARD_COUNT:   n++; break;
          case V_BOARD_PLACES:  n += row * row + 16 * tier; break;
          case V_BOARD_KINDS:
            n += kind == BB_KIND_CLEAN ? 1 : kind == BB_KIND_GOLD ? 100 : 10000;
            break;
          case V_BOARD_FLAGS:
            n += ((s->revealed >> t) & 1) + 100 * locked + 10000 * own;
            break;
          case V_BOARD_MARKERS: n += 100 * markers + s->mk[t][seat]; break;
          case V_BOARD_TIERS:   n += v * tier; break;
          default:
            g_assert_not_reached ();
          }
      }
  else
    for (guint k = 0; k < p->n_tiers; k++)
      {
        const Tier *tier = &tiers[k];
        gint64 bids = 0, inv = 0;
        for (guint q = 0; q < s->n_players; q++)
          {
            bids += s->bids[k][q];
            inv += s->inv[k][q];
          }
        switch (which)
          {
          case V_TIERS:       n++; break;
          case V_TIER_BONUS:  n += (k + 1) * tier->bonus; break;
          case V_TIER_SCORES: n += (k + 1) * (1000 * tier->score[seat] + tier->best); break;
          case V_TIER_WINNERS:
            n += (k + 1) * (10 * tier->winners
                            + (tier->best > 0 && tier->score[seat] == tier->best));
            break;
          case V_TIER_MARKERS:
            n += (k + 1) * (1000000 * bids + 10000 * inv + 100 * s->bids[k][seat]
                            + s->inv[k][seat]);
            break;
          case V_TIER_LOCKED: n += (k + 1) * (100 * tier->all_locked + tier->locked[seat]); break;
          default:
            g_assert_not_reached ();
          }
      }
  return n;
}

typedef struct
{
  TwExprProgram *programs[N_VOCABULARY_EXPRS];
  guint          checked;
  guint          tied;        /* tiers won by two seats or more */
  guint          gold;        /* gold blocks locked */
  guint          captures;
  guint          holdings;
} VocabularyRun;

static void
check_vocabulary (const TwGame  *game,
                  const TwState *state,
                  gpointer       data)
{
  const BbState *s = (const BbState *) state;
  const BbPrep *p = bb_prep (game);
  VocabularyRun *run = data;
  Tier tiers[BB_MAX_TIERS];

  recount_tiers (game, s, tiers);
  for (guint seat = 0; seat < s->n_players; seat++)
    {
      BbExprEnv env = { game, s, seat };

      for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
        {
          gint64 got = tw_expr_eval (run->programs[i], &env);
          gint64 want = recount (game, s, tiers, seat, i);
          if (got != want)
            g_error ("seat %u: '%s' gave %" G_GINT64_FORMAT ", the recount %" G_GINT64_FORMAT,
                     seat + 1, vocabulary_exprs[i], got, want);
        }
      run->captures += s->capture_points[seat];
      run->holdings += s->n_holdings[seat];
      run->checked++;
    }
  for (guint k = 0; k < p->n_tiers; k++)
    run->tied += tiers[k].winners >= 2;
  for (guint64 m = s->lock; m != 0; m &= m - 1)
    run->gold += p->inst_kind[s->slot_tile[__builtin_ctzll (m)]] == BB_KIND_GOLD;
}

static void
test_vocabulary (void)
{
  g_autoptr(TwDefinition) def = tw_test_load_text (bundled_text, "bb-expr.yaml");
  static const char * const options[] = {
    NULL,
    "tier-score=locked-tiles lock-values=when-locked gold-multiplier=3",
    "short-stack=true capture-points=per-tile",
  };
  VocabularyRun run = { { NULL, }, };

  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    {
      g_autoptr(GError) error = NULL;
      run.programs[i] = tw_expr_compile (vocabulary_exprs[i], -1, &bb_expr_vocabulary, def,
                                         TW_EXPR_NUMBER, NULL, &error);
      g_assert_no_error (error);
    }
  for (guint players = 2; players <= 4; players++)
    for (guint o = 0; o < G_N_ELEMENTS (options); o++)
      {
        g_autoptr(TwGame) game = tw_test_make_game (def, players, options[o]);
        tw_test_random_positions (game, 3, 40 + 10 * players + o, check_vocabulary, &run);
      }
  g_test_message ("%u seat positions; %u tied tiers, %u gold blocks locked, %u capture points, "
                  "%u holdings", run.checked, run.tied, run.gold, run.captures, run.holdings);
  g_assert_cmpuint (run.checked, >, 3000);
  g_assert_cmpuint (run.tied, >, 0);
  g_assert_cmpuint (run.gold, >, 0);
  g_assert_cmpuint (run.captures, >, 0);
  g_assert_cmpuint (run.holdings, >, 0);
  for (guint i = 0; i < N_VOCABULARY_EXPRS; i++)
    g_clear_pointer (&run.programs[i], tw_expr_program_free);
}

/* ------------------------------------------------------------------------ */
/* Whole games: the same moves, scores and score terms                       */

/* The moves of one seeded game in notation, its scores and each seat's
 * points by term: the C terms' points (locks, captures, investments,
 * holdings, each tier's bonus) or the expressions'; the tiers won by a tie
 * are added to @tied. The expressions' score table must name the terms by
 * their labels, and the terms must add up to the score. */
static char *
play_game (TwGame          *game,
           const TwBotSpec *spec,
           guint64          game_seed,
           gpointer         data)
{
  guint *tied = data;
  const BbPrep *p = bb_prep (game);
  g_autofree TwState *state = NULL;
  g_autofree char *played = tw_test_play_bot_game (game, spec, game_seed, &state);
  GString *out = g_string_new (played);
  BbScoreParts parts[BB_MAX_PLAYERS];
  double scores[BB_MAX_PLAYERS];

  bb_score_parts (game, (const BbState *) state, parts);
  game->rules->scores (game, state, scores);
  for (guint q = 0; q < game->n_players; q++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, q);
      const BbScoreParts *mine = &parts[q];
      int sum = 0;

      g_string_append_printf (out, "; seat %u:", q + 1);
      if (p->end_terms.n > 0)
        {
          g_assert_cmpuint (terms->len, ==, p->end_terms.n);
          for (guint i = 0; i < p->end_terms.n; i++)
            {
              const TwScoreTerm *t = &g_array_index (terms, TwScoreTerm, i);
              g_assert_cmpstr (t->label, ==, p->end_terms.label[i]);
              g_assert_cmpint (t->points, ==, mine->terms[i]);
              g_string_append_printf (out, " %d", mine->terms[i]);
            }
        }
      else
        {
          g_string_append_printf (out, " %d %d %d %d", mine->locks, mine->captures,
                                  mine->investments, mine->holdings);
          for (guint k = 0; k < p->n_tiers; k++)
            {
              g_string_append_printf (out, " %d", mine->tier_bonus[k]);
              *tied += mine->tier_shared[k] > 1;
            }
        }
      for (guint i = 0; i < terms->len; i++)
        sum += g_array_index (terms, TwScoreTerm, i).points;
      g_assert_cmpint (sum, ==, (int) scores[q]);
      g_assert_cmpint (mine->total, ==, (int) scores[q]);
    }
  return g_string_free (out, FALSE);
}

/* @n_games seeded games with 2, 3 and 4 players by @bot under @options,
 * with the C terms and with the shipped expressions: identical. Returns
 * the tied tiers of the C games. */
static guint
same_games (const char *bot,
            const char *options,
            guint       n_games,
            guint64     seed)
{
  g_autoptr(TwDefinition) c_def = tw_test_load_text (bundled_text, "C terms");
  g_autofree char *x_text = bundled_with (shipped_terms);
  g_autoptr(TwDefinition) x_def = tw_test_load_text (x_text, "expressions");
  g_autoptr(TwGame) x_game = tw_test_make_game (x_def, 2, options);
  guint c_tied = 0, x_tied = 0;

  g_assert_cmpuint (bb_prep (x_game)->end_terms.n, ==, N_SHIPPED);
  g_assert_cmpuint (bb_prep (x_game)->n_tiers, ==, 4);
  tw_test_same_games (c_def, x_def, bot, options, n_games, seed, play_game, &c_tied, &x_tied);
  return c_tied;
}

/* The rulebook's readings, by the greedy bot (whose heuristic reads the
 * score of the final position) and at random; the options that change
 * what a term counts read through the vocabulary. */
static void
test_same_games (void)
{
  guint tied = 0;

  tied += same_games ("greedy", NULL, 45, 24);
  tied += same_games ("random", NULL, 150, 25);
  tied += same_games ("greedy", "short-stack=true", 30, 26);
  tied += same_games ("random", "tier-score=locked-tiles lock-values=when-locked", 90, 27);
  tied += same_games ("random", "capture-points=per-tile gold-multiplier=3 short-stack=true", 90, 28);
  g_test_message ("tiers won by a tie in the C games: %u", tied);
  g_assert_cmpuint (tied, >, 0);
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */

static void
test_errors (void)
{
  static const TwTestBadSection cases[] = {
    { "end-scoring:\n  - label: x\n    points: sum(t.bonus for t in tier)\n", "4:34",
      "did you mean 'tiers'" },
    { "end-scoring:\n  - label: x\n    points: count(blocks(lockd))\n", "4:26",
      "did you mean 'locked'" },
    { "end-scoring:\n  - label: x\n    points: sum(b.tier.bonuss for b in blocks(own))\n", "4:24",
      "no field 'bonuss'" },
    { "end-scoring:\n  - label: x\n    points: count(t in tiers where t.won) > 1\n", "4:13",
      "must give a number" },
    { "end-scoring:\n  - label: x\n    points: tiers\n", "4:13", "a collection, not a value" },
    { "end-scoring:\n  - {label: x}\n", "3:5", "has no `points`" },
  };

  tw_test_check_bad_sections (bundled_text, cases, G_N_ELEMENTS (cases));
}

/* ------------------------------------------------------------------------ */
/* The worked example of doc/definition-format.md                           */

#define N_EXAMPLE_TERMS 5

typedef struct
{
  guint earned[N_EXAMPLE_TERMS];
} ExampleRun;

/* The example's terms, computed here from the state and the recount. */
static void
check_example (const TwGame  *game,
               const TwState *state,
               gpointer       data)
{
  const BbState *s = (const BbState *) state;
  const BbPrep *p = bb_prep (game);
  ExampleRun *run = data;
  BbScoreParts parts[BB_MAX_PLAYERS];
  Tier tiers[BB_MAX_TIERS];

  recount_tiers (game, s, tiers);
  bb_score_parts (game, s, parts);
  for (guint q = 0; q < s->n_players; q++)
    {
      int want[N_EXAMPLE_TERMS] = { 0, };

      for (guint slot = 0; slot < p->n_slots; slot++)
        {
          guint t = s->slot_tile[slot];
          if (t == BB_NONE || s->tile_locker[t] != q)
            continue;
          want[0] += block_value (game, s, t, slot);
          want[3] += p->inst_kind[t] == BB_KIND_GOLD ? 3 : 0;
        }
      want[1] = s->capture_points[q] + s->n_holdings[q];
      for (guint k = 0; k < p->n_tiers; k++)
        {
          const Tier *tier = &tiers[k];
          want[1] += s->inv[k][q];
          if (tier->best <= 0 || tier->score[q] != tier->best)
            continue;
          want[2] += (tier->bonus + (int) tier->winners - 1) / (int) tier->winners;
          if (tier->winners == 1 && tier->locked[q] == tier->all_locked)
            want[4] += 2;
        }
      for (guint i = 0; i < N_EXAMPLE_TERMS; i++)
        {
          if (parts[q].terms[i] != want[i])
            g_error ("seat %u, term %u: %d, the recount %d", q + 1, i + 1, parts[q].terms[i],
                     want[i]);
          run->earned[i] += want[i] != 0;
        }
    }
}

static void
test_doc_example (void)
{
  g_autofree char *example = tw_test_doc_block ("### Block 2 Block's vocabulary", "end-scoring:");
  g_autofree char *section = g_strconcat (example, "\n", NULL);
  g_autofree char *text = bundled_with (section);
  g_autoptr(TwDefinition) def = tw_test_load_text (text, "bb-example.yaml");
  ExampleRun run = { { 0, }, };

  for (guint players = 2; players <= 4; players++)
    {
      g_autoptr(TwGame) game = tw_test_make_game (def, players, NULL);
      g_assert_cmpuint (bb_prep (game)->end_terms.n, ==, N_EXAMPLE_TERMS);
      tw_test_random_positions (game, 4, 80 + players, check_example, &run);
    }
  for (guint i = 0; i < N_EXAMPLE_TERMS; i++)
    if (run.earned[i] == 0)
      g_error ("the example's term %u was never earned", i + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  bundled_text = tw_test_read_bundled ("block-2-block");

  g_test_add_func ("/tw/block-2-block-expr/data-file", test_data_file);
  g_test_add_func ("/tw/block-2-block-expr/vocabulary", test_vocabulary);
  g_test_add_func ("/tw/block-2-block-expr/same-games", test_same_games);
  g_test_add_func ("/tw/block-2-block-expr/errors", test_errors);
  g_test_add_func ("/tw/block-2-block-expr/doc-example", test_doc_example);

  int status = g_test_run ();
  g_free (bundled_text);
  return status;
}
