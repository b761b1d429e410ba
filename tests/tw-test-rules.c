/* tw-test-rules.c: what the rules tests of every game share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-test-rules.h"

#include <string.h>

#include "tw-result.h"
#include "tw-sim.h"

TwDefinition *
tw_test_load_data_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data-files", name, NULL);
  g_autoptr(GError) error = NULL;
  TwDefinition *def = tw_definition_load_file (path, NULL, &error);

  g_assert_no_error (error);
  return def;
}

TwDefinition *
tw_test_load_bundled (const char *rules_id)
{
  g_autofree char *path = tw_definition_bundled_path (rules_id);
  g_autoptr(GError) error = NULL;
  TwDefinition *def;

  g_assert_nonnull (path);
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  return def;
}

char *
tw_test_read_bundled (const char *rules_id)
{
  g_autofree char *path = tw_definition_bundled_path (rules_id);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_nonnull (path);
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

TwDefinition *
tw_test_load_text (const char *text,
                   const char *name)
{
  g_autoptr(GError) error = NULL;
  TwDefinition *def = tw_definition_load_data (text, -1, name, NULL, &error);

  g_assert_no_error (error);
  return def;
}

TwGame *
tw_test_make_game (TwDefinition *def,
                   guint         players,
                   const char   *options)
{
  g_autoptr(GError) error = NULL;
  TwOptions opts = def->options;
  TwGame *game;

  if (options)
    {
      g_auto(GStrv) parts = g_strsplit (options, " ", -1);
      for (guint i = 0; parts[i]; i++)
        if (*parts[i])
          {
            gboolean ok = tw_options_set_from_string (&opts, def->rules->options,
                                                      def->rules->n_options, parts[i], &error);
            g_assert_no_error (error);
            g_assert_true (ok);
          }
    }
  game = tw_game_new (def, players, &opts, &error);
  g_assert_no_error (error);
  return game;
}

TwState *
tw_test_make_position (TwGame         *game,
                       const char     *text,
                       TwTestPosition  what)
{
  g_autoptr(GString) why = g_string_new (NULL);
  TwState *state = g_malloc0 (game->state_size);

  if (!game->rules->state_from_text (game, state, text, why))
    g_error ("position does not build: %s\n%s", why->str, text);
  if (what == TW_TEST_POSITION_CHECKED && !game->rules->check (game, state, why))
    g_error ("position is not consistent: %s\n%s", why->str, text);
  return state;
}

double
tw_test_heuristic (TwGame         *game,
                   const char     *position,
                   TwTestPosition  what,
                   guint           seat)
{
  g_autofree TwState *state = tw_test_make_position (game, position, what);

  return game->rules->heuristic (game, state, seat);
}

gboolean
tw_test_play_moves (TwGame     *game,
                    TwState    *state,
                    const char *moves,
                    GString    *why)
{
  g_auto(GStrv) list = g_strsplit (moves, ";", -1);
  guint n = g_strv_length (list);

  for (guint i = 0; i < n; i++)
    {
      TwMove move;
      g_string_truncate (why, 0);
      if (!game->rules->move_from_text (game, state, list[i], &move, why)
          || !game->rules->apply (game, state, &move, why))
        {
          if (i + 1 < n)
            g_error ("move %u '%s' of '%s' refused: %s", i + 1, list[i], moves, why->str);
          return FALSE;
        }
    }
  return TRUE;
}

char *
tw_test_move_round_trip (TwGame        *game,
                         const TwState *state,
                         const TwMove  *move,
                         GString       *why)
{
  char *text = tw_move_to_string (game, state, move);
  TwMove back;

  g_string_truncate (why, 0);
  if (!game->rules->move_from_text (game, state, text, &back, why))
    g_error ("cannot read back '%s': %s", text, why->str);
  if (!tw_move_equal (&back, move))
    g_error ("'%s' reads back as a different move", text);
  return text;
}

TwState *
tw_test_position_round_trip (TwGame         *game,
                             const TwState  *state,
                             char          **text,
                             GString        *why)
{
  TwState *back = g_malloc0 (game->state_size);
  g_autofree char *again = NULL;

  *text = tw_state_to_string (game, state);
  g_string_truncate (why, 0);
  if (!game->rules->state_from_text (game, back, *text, why))
    g_error ("cannot read back:\n%s\n%s", *text, why->str);
  again = tw_state_to_string (game, back);
  g_assert_cmpstr (*text, ==, again);
  return back;
}

void
tw_test_run_rule_case (TwDefinition     *def,
                       const TwRuleCase *rc,
                       TwTestPosition    what)
{
  g_autoptr(TwGame) game = tw_test_make_game (def, rc->players, rc->options);
  g_autofree TwState *state = tw_test_make_position (game, rc->position, what);
  g_autoptr(GString) why = g_string_new (NULL);
  gboolean legal = tw_test_play_moves (game, state, rc->moves, why);
  g_autofree char *text = NULL;

  if (legal != rc->legal)
    g_error ("%s: '%s' was %s (%s)", rc->name, rc->moves, legal ? "legal" : "illegal", why->str);
  if (!legal)
    {
      if (strstr (why->str, rc->expect) == NULL)
        g_error ("%s: reason '%s' does not say '%s'", rc->name, why->str, rc->expect);
      return;
    }
  text = tw_state_to_string (game, state);
  if (rc->expect && strstr (text, rc->expect) == NULL)
    g_error ("%s: position after '%s' lacks '%s':\n%s", rc->name, rc->moves, rc->expect, text);
  if (!game->rules->check (game, state, why))
    g_error ("%s: %s", rc->name, why->str);
}

/* What the registered cases run on: one table per test program. */
static TwDefinition   *rule_case_def;
static TwTestPosition  rule_case_what;

static void
rule_case_test (gconstpointer data)
{
  tw_test_run_rule_case (rule_case_def, data, rule_case_what);
}

void
tw_test_add_rule_cases (const char       *prefix,
                        TwDefinition     *def,
                        const TwRuleCase *cases,
                        guint             n_cases,
                        TwTestPosition    what)
{
  g_assert_null (rule_case_def);
  rule_case_def = def;
  rule_case_what = what;
  for (guint i = 0; i < n_cases; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s", prefix, cases[i].name);
      g_test_add_data_func (path, &cases[i], rule_case_test);
    }
}

void
tw_test_check_playout_pick (TwGame  *game,
                            guint    n_games,
                            guint64  seed)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree TwState *tmp = g_malloc (game->state_size);
  TwMoveList moves;
  TwRng rng;

  tw_move_list_init (&moves);
  tw_rng_seed (&rng, seed);
  for (guint g = 0; g < n_games; g++)
    {
      g_autofree TwState *state = tw_state_new (game, seed * 1000 + g);
      guint n = 0;

      while (tw_state_to_act (game, state) >= 0)
        {
          guint pick = 0;

          /* and the games it plays end */
          g_assert_cmpuint (++n, <, 20000);
          tw_move_list_clear (&moves);
          game->rules->legal_moves (game, state, &moves);
          for (guint k = 0; k < 4; k++)
            {
              pick = game->rules->playout_pick (game, state, &moves, &rng);
              g_assert_cmpuint (pick, <, moves.len);
              tw_state_copy_into (game, tmp, state);
              if (!game->rules->apply (game, tmp, &moves.moves[pick], why))
                g_error ("the playout policy picked an illegal move: %s", why->str);
            }
          /* half the games by the policy itself, half at random */
          if (g % 2)
            pick = tw_rng_below (&rng, moves.len);
          g_assert_true (game->rules->apply (game, state, &moves.moves[pick], why));
        }
    }
  tw_move_list_free (&moves);
}

void
tw_test_random_positions (TwGame      *game,
                          guint        n_games,
                          guint64      seed,
                          TwTestVisit  visit,
                          gpointer     data)
{
  TwMoveList moves = { 0, };
  TwRng rng;

  tw_rng_seed (&rng, seed);
  for (guint g = 0; g < n_games; g++)
    {
      g_autofree TwState *state = tw_state_new (game, tw_rng_next (&rng));
      while (!tw_state_is_terminal (game, state))
        {
          tw_move_list_clear (&moves);
          game->rules->legal_moves (game, state, &moves);
          g_assert_cmpuint (moves.len, >, 0);
          g_assert_true (game->rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)], NULL));
          visit (game, state, data);
        }
    }
  tw_move_list_free (&moves);
}

char *
tw_test_play_bot_game (TwGame           *game,
                       const TwBotSpec  *spec,
                       guint64           game_seed,
                       TwState         **final)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree TwState *state = tw_state_new (game, game_seed);
  TwRng rngs[TW_MAX_PLAYERS];
  double scores[TW_MAX_PLAYERS];

  for (guint q = 0; q < game->n_players; q++)
    tw_rng_seed (&rngs[q], tw_sim_seat_seed (game_seed, q));
  while (!tw_state_is_terminal (game, state))
    {
      int seat = tw_state_to_act (game, state);
      TwMove move;
      g_assert_true (tw_bot_choose (spec, game, state, &rngs[seat], NULL, &move));
      g_autofree char *text = tw_move_to_string (game, state, &move);
      g_string_append_printf (out, "%s; ", text);
      g_assert_true (game->rules->apply (game, state, &move, NULL));
    }
  game->rules->scores (game, state, scores);
  g_string_append (out, "scores");
  for (guint q = 0; q < game->n_players; q++)
    g_string_append_printf (out, " %g", scores[q]);
  if (final != NULL)
    *final = g_steal_pointer (&state);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
tw_test_read_source (const char *first,
                     ...)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  va_list args;

  va_start (args, first);
  path = g_build_filename_valist (first, &args);
  va_end (args);
  {
    g_autofree char *full = g_build_filename (g_getenv ("TILEWRIGHT_SRCDIR"), path, NULL);
    g_file_get_contents (full, &text, NULL, &error);
  }
  g_assert_no_error (error);
  return text;
}

#define VARIANT_MARKER "# Every variant option of the rules module"

char *
tw_test_with_section (const char *text,
                      const char *section)
{
  GString *out = g_string_new (text);
  g_autofree char *replacement = g_strconcat (section, VARIANT_MARKER, NULL);

  g_assert_cmpuint (g_string_replace (out, VARIANT_MARKER, replacement, 1), ==, 1);
  return g_string_free (out, FALSE);
}

void
tw_test_check_data_file (const char *name,
                         const char *want)
{
  g_autofree char *text = tw_test_read_source ("tests", "data-files", name, NULL);

  if (strcmp (text, want) != 0)
    g_error ("tests/data-files/%s is not what the test writes", name);
}

char *
tw_test_doc_block (const char *heading,
                   const char *start)
{
  g_autofree char *doc = tw_test_read_source ("doc", "definition-format.md", NULL);
  const char *p = strstr (doc, heading);

  g_assert_nonnull (p);
  while ((p = strstr (p, "```yaml\n")) != NULL)
    {
      const char *end = strstr (p + 8, "```");
      g_assert_nonnull (end);
      if (g_str_has_prefix (p + 8, start))
        return g_strndup (p + 8, end - (p + 8));
      p = end + 3;
    }
  g_error ("no YAML block starting '%s' after '%s' in doc/definition-format.md", start, heading);
}

void
tw_test_assert_terms_add_up (const TwGame  *game,
                             const TwState *state)
{
  double scores[TW_MAX_PLAYERS];

  game->rules->scores (game, state, scores);
  for (guint q = 0; q < game->n_players; q++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, q);
      int sum = 0;

      for (guint i = 0; i < terms->len; i++)
        sum += g_array_index (terms, TwScoreTerm, i).points;
      g_assert_cmpint (sum, ==, (int) scores[q]);
    }
}

void
tw_test_append_score_terms (GString       *out,
                            const TwGame  *game,
                            const TwState *state)
{
  for (guint q = 0; q < game->n_players; q++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, q);
      for (guint i = 0; i < terms->len; i++)
        {
          const TwScoreTerm *t = &g_array_index (terms, TwScoreTerm, i);
          g_string_append_printf (out, "; %u %s %d", q, t->label, t->points);
        }
    }
}

void
tw_test_check_bad_text (const char *text,
                        const char *where,
                        const char *message,
                        guint       index)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("bad.yaml");
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = tw_definition_load_data (text, -1, "bad.yaml", diags, &error);
  const TwDiag *d;
  g_autofree char *at = NULL;

  g_assert_null (def);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), >=, 1);
  d = tw_diagnostics_get (diags, 0);
  at = g_strdup_printf ("%u:%u: %s (%s)", d->line, d->column, d->message,
                        d->hint ? d->hint : "no hint");
  if (!g_str_has_prefix (at, where) || strstr (at, message) == NULL)
    g_error ("case %u: %s (wanted %s: ...%s...)", index, at, where, message);
}

void
tw_test_check_bad_sections (const char             *text,
                            const TwTestBadSection *cases,
                            guint                   n_cases)
{
  for (guint i = 0; i < n_cases; i++)
    {
      g_autofree char *full = g_strconcat ("# x\n", cases[i].section, text, NULL);
      tw_test_check_bad_text (full, cases[i].where, cases[i].message, i);
    }
}

void
tw_test_same_games (TwDefinition   *a,
                    TwDefinition   *b,
                    const char     *bot,
                    const char     *options,
                    guint           n_games,
                    guint64         seed,
                    TwTestGameText  play,
                    gpointer        a_data,
                    gpointer        b_data)
{
  g_autoptr(GError) error = NULL;
  TwBotSpec spec;

  g_assert_true (tw_bot_spec_parse (bot, &spec, &error));
  for (guint g = 0; g < n_games; g++)
    {
      guint players = 2 + g % 3;
      g_autoptr(TwGame) a_game = tw_test_make_game (a, players, options);
      g_autoptr(TwGame) b_game = tw_test_make_game (b, players, options);
      guint64 game_seed = tw_sim_game_seed (seed, g);
      g_autofree char *a_text = play (a_game, &spec, game_seed, a_data);
      g_autofree char *b_text = play (b_game, &spec, game_seed, b_data);

      if (strcmp (a_text, b_text) != 0)
        g_error ("%s game %u (%s) differs:\n%s: %s\n%s: %s", bot, g,
                 options ? options : "default options", a->path, a_text, b->path, b_text);
    }
}
