/* test-result.c: a finished game's scores explained (tw-result.h)
 *
 * For every registered game, every player count and a few variants, seeded
 * games played by the module's playout policy (the "policy" bot's moves) to
 * the end: at every position the terms of every seat add up to the score
 * the module reports, and at the end the explanation names the winners and
 * says how a tie for first stands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tw-game.h"
#include "tw-result.h"

#define SEEDS 6

static guint n_lightning;   /* explanations of a lightning round */

/* Variants that change the scoring, tried besides the defaults. */
static const char * const variants[][2] = {
  { "colorblock", "tie-break=shared-win" },
  { "blokus-shuffle", "scoring=advanced" },
  { "blokus-shuffle", "two-player-score=both-colors" },
  { "block-2-block", "tier-score=locked-tiles" },
  { "colorfield", "rounds=2" },
};

static TwDefinition *
load_bundled (const TwRules *rules)
{
  g_autofree char *path = tw_definition_bundled_path (rules->id);
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (path);
  g_autoptr(GError) error = NULL;
  TwDefinition *def = tw_definition_load_file (path, diags, &error);

  g_assert_no_error (error);
  return def;
}

static void
check_terms (const TwGame  *game,
             const TwState *state)
{
  double scores[TW_MAX_PLAYERS] = { 0 };

  game->rules->scores (game, state, scores);
  for (guint p = 0; p < game->n_players; p++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, p);
      int sum = 0;

      g_assert_cmpuint (terms->len, >, 0);
      for (guint i = 0; i < terms->len; i++)
        {
          const TwScoreTerm *term = &g_array_index (terms, TwScoreTerm, i);
          g_assert_nonnull (term->label);
          g_assert_cmpuint (strlen (term->label), >, 0);
          sum += term->points;
        }
      if (sum != (int) lround (scores[p]))
        g_error ("%s: seat %u: the terms add up to %d, the score is %g", game->rules->id,
                 p + 1, sum, scores[p]);
    }
}

static void
check_explanation (const TwGame  *game,
                   const TwState *state,
                   guint         *n_ties)
{
  guint rank[TW_MAX_PLAYERS] = { 0 };
  guint n_first = 0;
  g_autofree char *text = tw_result_explain (game, state, NULL);

  game->rules->ranking (game, state, rank);
  for (guint p = 0; p < game->n_players; p++)
    if (rank[p] == 0)
      {
        g_autofree char *name = g_strdup_printf ("Player %u", p + 1);
        g_assert_nonnull (strstr (text, name));
        n_first++;
      }
  if (strstr (text, "played the lightning round") != NULL)
    n_lightning++;
  if (n_first > 1 || strstr (text, "lightning") != NULL)
    g_test_message ("%s", text);
  if (n_first > 1)
    {
      g_assert_nonnull (strstr (text, " share the win with "));
      /* and why the tie stands */
      g_assert_nonnull (strstr (text, "share the win."));
      (*n_ties)++;
    }
  else
    g_assert_nonnull (strstr (text, " wins with "));
}

static guint n_color_choices;   /* Colorblock's colour choices checked */

/* What a move adds to the chooser's score by rule: a move that changes the
 * chooser's total changes some part of it; a Colorblock colour choice names
 * its colour's shapes even when the total does not change. */
static void
check_term_changes (const TwGame  *game,
                    const TwState *state,
                    const TwMove  *move,
                    guint         *n_choices)
{
  int seat = tw_state_to_act (game, state);
  double delta[TW_MAX_PLAYERS] = { 0 };
  g_autoptr(GArray) changes = NULL;
  g_autofree char *notation = NULL;

  if (seat < 0)
    return;
  changes = tw_result_term_changes (game, state, move, seat);
  if (game->rules->score_terms == NULL)
    {
      g_assert_null (changes);
      return;
    }
  g_assert_nonnull (changes);
  g_assert_true (tw_state_score_change (game, state, move, delta));
  if (lround (delta[seat]) != 0)
    g_assert_cmpuint (changes->len, >, 0);
  notation = tw_move_to_string (game, state, move);
  if (g_str_equal (game->rules->id, "colorblock") && g_str_has_prefix (notation, "color "))
    {
      gboolean named = FALSE;

      for (guint i = 0; i < changes->len; i++)
        {
          g_autofree char *label = g_ascii_strdown (g_array_index (changes, TwScoreTerm, i).label, -1);
          named = named || strstr (label, notation + strlen ("color ")) != NULL;
        }
      if (!named)
        g_error ("colorblock: '%s' shows no part of the score for its colour", notation);
      (*n_choices)++;
    }
}

static void
play_out (const TwRules *rules,
          TwDefinition  *def,
          const char    *variant,
          guint         *n_games,
          guint         *n_ties)
{
  for (guint players = def->min_players; players <= def->max_players; players++)
    for (guint64 seed = 1; seed <= SEEDS; seed++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(TwGame) game = NULL;
        TwOptions options;
        TwState *state;
        TwMoveList moves;
        TwRng rng;
        guint n = 0;

        tw_options_set_defaults (&options, rules->options, rules->n_options);
        if (variant != NULL)
          {
            tw_options_set_from_string (&options, rules->options, rules->n_options, variant,
                                        &error);
            g_assert_no_error (error);
          }
        game = tw_game_new (def, players, &options, &error);
        if (game == NULL)   /* a variant not for this many players */
          continue;
        state = tw_state_new (game, seed);
        tw_move_list_init (&moves);
        tw_rng_seed (&rng, seed * 7919);
        while (tw_state_to_act (game, state) >= 0)
          {
            guint pick;

            if (n++ % 8 == 0)
              check_terms (game, state);
            tw_move_list_clear (&moves);
            rules->legal_moves (game, state, &moves);
            g_assert_cmpuint (moves.len, >, 0);
            pick = rules->playout_pick != NULL ? rules->playout_pick (game, state, &moves, &rng)
                                               : tw_rng_below (&rng, moves.len);
            if (n % 8 == 1)
              check_term_changes (game, state, &moves.moves[pick], &n_color_choices);
            g_assert_true (rules->apply (game, state, &moves.moves[pick], NULL));
            g_assert_cmpuint (n, <, 20000);
          }
        check_terms (game, state);
        check_explanation (game, state, n_ties);
        (*n_games)++;
        tw_move_list_free (&moves);
        tw_state_free (state);
      }
}

static void
test_terms_add_up (gconstpointer data)
{
  const TwRules *rules = data;
  g_autoptr(TwDefinition) def = load_bundled (rules);
  guint n_games = 0, n_ties = 0;

  play_out (rules, def, NULL, &n_games, &n_ties);
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    if (g_str_equal (variants[i][0], rules->id))
      play_out (rules, def, variants[i][1], &n_games, &n_ties);
  g_assert_cmpuint (n_games, >=, SEEDS);
  /* the seeds include ties that Colorblock's lightning round settles */
  if (g_str_equal (rules->id, "colorblock"))
    {
      g_assert_cmpuint (n_lightning, >, 0);
      g_assert_cmpuint (n_color_choices, >, 0);
    }
  g_test_message ("%s: %u games, %u shared wins", rules->id, n_games, n_ties);
}

/* The explanation speaks of the seats by the names it is given. */
static void
test_explain_names (void)
{
  const TwRules *rules = tw_rules_lookup ("color-shift");
  g_autoptr(TwDefinition) def = load_bundled (rules);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwGame) game = tw_game_new (def, 2, NULL, &error);
  TwState *state = tw_state_new (game, 5);
  const char * const names[] = { "Ada", "Grace", NULL };
  g_autofree char *text = NULL;
  TwMoveList moves;
  TwRng rng;

  g_assert_no_error (error);
  tw_rng_seed (&rng, 5);
  tw_move_list_init (&moves);
  tw_state_random_playout (game, state, &rng, &moves);
  tw_move_list_free (&moves);
  text = tw_result_explain (game, state, names);
  g_assert_true (strstr (text, "Ada") != NULL || strstr (text, "Grace") != NULL);
  g_assert_null (strstr (text, "Player "));
  tw_state_free (state);
}

int
main (int    argc,
      char **argv)
{
  guint n;
  const TwRules * const *all;

  g_test_init (&argc, &argv, NULL);
  all = tw_rules_all (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("/tw/result/terms-add-up/%s", all[i]->id);
      g_test_add_data_func (path, all[i], test_terms_add_up);
    }
  g_test_add_func ("/tw/result/explain-names", test_explain_names);
  return g_test_run ();
}
