/* test-properties.c: properties every game keeps under every option
 *
 * Generic over the registry. For each module's bundled definition, for every
 * player count and for every option value (each BOOL both ways, each CHOICE
 * every value, each INT at its minimum, default and maximum; one option
 * changed at a time from the definition's values), three games are played by
 * random bots and three by greedy bots. After every move:
 *  - the module's check() holds (conservation, incremental = from scratch);
 *  - a copy of the state hashes like the state;
 *  - the move's notation reads back as the same move (against the state
 *    before the move);
 * and after every game:
 *  - replaying the moves from the seed reproduces every hash;
 *  - the scores are finite and the ranks are below the player count.
 *
 * A failing property does not stop the run: it is reported (module, options,
 * players, seed, bot, move number and text) and the case fails, so that one
 * run lists every problem; the game so far is saved as a record in the test's
 * build directory. TW_PROPERTY_GAMES=N plays N games of each kind of bot per
 * configuration instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tw-bot.h"
#include "tw-game.h"
#include "tw-history.h"
#include "tw-record.h"

#define MAX_MOVES        20000
#define MAX_REPORTS      20

typedef struct
{
  const TwRules *rules;
  const char    *options;   /* "defaults" or "name=value" */
  guint          players;
  guint64        seed;
  const char    *bot;
  GString       *line;      /* the moves of the game so far, in notation */
  /* counts */
  guint64        properties;
  guint64        games;
  guint64        moves;
  guint          failures;
} Run;

static guint64 total_properties, total_games, total_moves;
/* games per configuration and player count, random and greedy */
static guint   games_per_bot[] = { 3, 3 };

static void
report (Run        *run,
        guint       move_number,
        const char *move_text,
        const char *fmt,
        ...) G_GNUC_PRINTF (4, 5);

static void
report (Run        *run,
        guint       move_number,
        const char *move_text,
        const char *fmt,
        ...)
{
  va_list args;
  g_autofree char *what = NULL;

  run->failures++;
  if (run->failures <= MAX_REPORTS)
    {
      va_start (args, fmt);
      what = g_strdup_vprintf (fmt, args);
      va_end (args);
      g_test_message ("FAIL %s [%s] players=%u seed=%" G_GUINT64_FORMAT " bots=%s "
                      "move %u (%s): %s",
                      run->rules->id, run->options, run->players, run->seed, run->bot,
                      move_number, move_text ? move_text : "-", what);
      if (run->line != NULL)
        g_test_message ("     the moves so far: %s", run->line->str);
    }
  g_test_fail ();
}

/* Saves the moves of a game that broke a property as a record beside the
 * test, for `tilewright-cli replay` and the app. */
static void
save_failed_game (Run          *run,
                  const TwGame *game,
                  GArray       *moves)
{
  g_autoptr(TwRecord) record = tw_record_new ((TwGame *) game, run->seed);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("properties-%s-%u-%" G_GUINT64_FORMAT ".yaml",
                                           run->rules->id, run->players, run->seed);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, name, NULL);

  for (guint i = 0; i < moves->len; i++)
    if (!tw_history_play (tw_record_get_history (record),
                          &g_array_index (moves, TwMove, i), why))
      return;
  if (tw_record_save (record, path, &error))
    g_test_message ("     the game so far is saved as %s", path);
}

/* Plays one game with every seat played by @spec and checks the properties;
 * FALSE when a property failed (the game is then abandoned). */
static gboolean
play_one (Run             *run,
          const TwGame    *game,
          const TwBotSpec *spec)
{
  const TwRules *rules = game->rules;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (TwMove));
  g_autoptr(GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  TwState *state = tw_state_new (game, run->seed);
  gboolean ok = TRUE;
  TwRng rng;

  tw_rng_seed (&rng, run->seed ^ G_GUINT64_CONSTANT (0x5eed0fb075));
  g_string_truncate (run->line, 0);
  guint64 h = rules->hash (game, state);
  g_array_append_val (hashes, h);

  g_string_truncate (why, 0);
  run->properties++;
  if (!rules->check (game, state, why))
    {
      report (run, 0, NULL, "check() fails on the initial state: %s", why->str);
      ok = FALSE;
    }

  while (ok && tw_state_to_act (game, state) >= 0)
    {
      TwMove m, back;
      guint n = moves->len + 1;

      if (moves->len >= MAX_MOVES)
        {
          report (run, n, NULL, "the game has not ended after %u moves", MAX_MOVES);
          ok = FALSE;
          break;
        }
      if (!tw_bot_choose (spec, game, state, &rng, NULL, &m))
        {
          report (run, n, NULL, "the bot found no move but to_act is %d",
                  tw_state_to_act (game, state));
          ok = FALSE;
          break;
        }

      /* notation round trip, read against the state before the move */
      g_string_truncate (text, 0);
      rules->move_to_text (game, state, &m, text);
      g_string_truncate (why, 0);
      memset (&back, 0, sizeof back);
      run->properties++;
      if (!rules->move_from_text (game, state, text->str, &back, why))
        {
          report (run, n, text->str, "move_from_text refuses the move's own text: %s", why->str);
          ok = FALSE;
        }
      else if (!tw_move_equal (&m, &back))
        {
          g_autoptr(GString) again = g_string_new (NULL);
          rules->move_to_text (game, state, &back, again);
          report (run, n, text->str,
                  "the text reads back as another move "
                  "(kind %u a %u b %u c %u x %d y %d p %d q %d vs "
                  "kind %u a %u b %u c %u x %d y %d p %d q %d, written \"%s\")",
                  m.kind, m.a, m.b, m.c, m.x, m.y, m.p, m.q,
                  back.kind, back.a, back.b, back.c, back.x, back.y, back.p, back.q,
                  again->str);
          ok = FALSE;
        }

      g_string_truncate (why, 0);
      if (!rules->apply (game, state, &m, why))
        {
          report (run, n, text->str, "the bot's move was refused: %s", why->str);
          ok = FALSE;
          break;
        }
      g_array_append_val (moves, m);
      run->moves++;
      if (run->line->len > 0)
        g_string_append (run->line, "; ");
      g_string_append (run->line, text->str);

      g_string_truncate (why, 0);
      run->properties++;
      if (!rules->check (game, state, why))
        {
          report (run, n, text->str, "check() fails after the move: %s", why->str);
          ok = FALSE;
        }

      h = rules->hash (game, state);
      g_array_append_val (hashes, h);
      TwState *copy = tw_state_copy (game, state);
      run->properties++;
      if (rules->hash (game, copy) != h)
        {
          report (run, n, text->str, "a copy of the state hashes differently");
          ok = FALSE;
        }
      tw_state_free (copy);
    }

  if (ok)
    {
      double scores[TW_MAX_PLAYERS];
      guint rank[TW_MAX_PLAYERS];

      rules->scores (game, state, scores);
      rules->ranking (game, state, rank);
      run->properties++;
      for (guint p = 0; p < game->n_players; p++)
        {
          if (!isfinite (scores[p]))
            {
              report (run, moves->len, NULL, "seat %u's score is not finite (%g)", p, scores[p]);
              ok = FALSE;
            }
          if (rank[p] >= game->n_players)
            {
              report (run, moves->len, NULL, "seat %u's rank is %u", p, rank[p]);
              ok = FALSE;
            }
        }
    }

  if (ok)
    {
      /* the game is a pure function of its seed and its moves */
      TwState *replay = tw_state_new (game, run->seed);
      run->properties++;
      if (rules->hash (game, replay) != g_array_index (hashes, guint64, 0))
        {
          report (run, 0, NULL, "a second initial state from the seed hashes differently");
          ok = FALSE;
        }
      for (guint i = 0; ok && i < moves->len; i++)
        {
          const TwMove *m = &g_array_index (moves, TwMove, i);

          g_string_truncate (text, 0);
          rules->move_to_text (game, replay, m, text);
          g_string_truncate (why, 0);
          if (!rules->apply (game, replay, m, why))
            {
              report (run, i + 1, text->str, "replaying from the seed, the move is refused: %s",
                      why->str);
              ok = FALSE;
            }
          else if (rules->hash (game, replay) != g_array_index (hashes, guint64, i + 1))
            {
              report (run, i + 1, text->str, "replaying from the seed gives another hash");
              ok = FALSE;
            }
        }
      tw_state_free (replay);
    }

  if (!ok && run->failures <= MAX_REPORTS)
    save_failed_game (run, game, moves);
  tw_state_free (state);
  run->games++;
  return ok;
}

/* The values of option @spec to try, except @base (the definition's). */
static GArray *
option_values (const TwOptionSpec *spec,
               int                 base)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (int));
  int candidates[64];
  guint n = 0;

  switch (spec->type)
    {
    case TW_VALUE_BOOL:
      candidates[n++] = 0;
      candidates[n++] = 1;
      break;
    case TW_VALUE_CHOICE:
      for (guint i = 0; spec->choices[i] != NULL && n < G_N_ELEMENTS (candidates); i++)
        candidates[n++] = (int) i;
      break;
    case TW_VALUE_INT:
      candidates[n++] = spec->min;
      candidates[n++] = spec->default_value;
      candidates[n++] = spec->max;
      break;
    case TW_VALUE_COLOR:
    case TW_VALUE_SHAPE:
    case TW_VALUE_TEXT:
    default:
      break;
    }

  for (guint i = 0; i < n; i++)
    {
      gboolean seen = candidates[i] == base;
      for (guint j = 0; j < values->len; j++)
        seen = seen || g_array_index (values, int, j) == candidates[i];
      if (!seen)
        g_array_append_val (values, candidates[i]);
    }
  return values;
}

static void
run_configuration (Run             *total,
                   TwDefinition    *def,
                   const TwOptions *options,
                   const char      *label,
                   guint            config_index)
{
  const TwRules *rules = def->rules;
  static const char * const bot_names[] = { "random", "greedy" };
  TwBotSpec bots[G_N_ELEMENTS (bot_names)];

  for (guint b = 0; b < G_N_ELEMENTS (bot_names); b++)
    tw_bot_spec_init (&bots[b], tw_bot_class_lookup (bot_names[b]));

  for (guint players = def->min_players; players <= def->max_players; players++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TwGame) game = tw_game_new (def, players, options, &error);
      g_autoptr(GString) line = g_string_new (NULL);
      Run run = { .rules = rules, .options = label, .players = players, .bot = "-" };
      gboolean allowed = TRUE;

      /* an option made for fewer seats is refused there, and only there */
      for (guint i = 0; i < rules->n_options; i++)
        allowed &= tw_option_allowed (&rules->options[i], options->values[i], players, NULL);
      if (!allowed)
        {
          if (game != NULL || !g_error_matches (error, TW_GAME_ERROR, TW_GAME_ERROR_OPTION))
            report (&run, 0, NULL, "tw_game_new accepts an option outside its seat counts");
          continue;
        }
      if (game == NULL)
        {
          report (&run, 0, NULL, "tw_game_new refuses an option value in range: %s",
                  error->message);
          total->failures += run.failures;
          continue;
        }

      for (guint b = 0; b < G_N_ELEMENTS (bots); b++)
        for (guint g = 0; g < games_per_bot[b]; g++)
          {
            run.bot = bot_names[b];
            run.line = line;
            run.seed = 7919u * config_index + 131u * players + 17u * b + g + 1;
            play_one (&run, game, &bots[b]);
          }

      total->properties += run.properties;
      total->games += run.games;
      total->moves += run.moves;
      total->failures += run.failures;
    }
}

static void
test_properties (gconstpointer data)
{
  const TwRules *rules = data;
  g_autofree char *path = tw_definition_bundled_path (rules->id);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = NULL;
  Run total = { .rules = rules };
  guint configs = 0;
  gint64 start = g_get_monotonic_time ();

  g_assert_nonnull (path);
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (def->rules == rules);

  run_configuration (&total, def, &def->options, "defaults", configs++);

  for (guint i = 0; i < rules->n_options; i++)
    {
      const TwOptionSpec *spec = &rules->options[i];
      g_autoptr(GArray) values = option_values (spec, def->options.values[i]);

      for (guint v = 0; v < values->len; v++)
        {
          TwOptions options = def->options;
          int value = g_array_index (values, int, v);
          g_autofree char *value_text = tw_option_value_to_string (spec, value);
          g_autofree char *label = g_strdup_printf ("%s=%s", spec->name, value_text);

          options.values[i] = value;
          run_configuration (&total, def, &options, label, configs++);
        }
    }

  g_test_message ("%s: %u configurations, %" G_GUINT64_FORMAT " properties checked, "
                  "%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " moves, "
                  "%u failures, %.1f s",
                  rules->id, configs, total.properties, total.games, total.moves,
                  total.failures, (g_get_monotonic_time () - start) / 1e6);
  total_properties += total.properties;
  total_games += total.games;
  total_moves += total.moves;
}

static void
test_summary (void)
{
  g_test_message ("all modules: %" G_GUINT64_FORMAT " properties checked, "
                  "%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " moves",
                  total_properties, total_games, total_moves);
}

int
main (int argc, char **argv)
{
  guint n;
  const TwRules * const *all = tw_rules_all (&n);
  const char *games = g_getenv ("TW_PROPERTY_GAMES");
  g_autofree char **args = g_new0 (char *, argc + 2);

  /* every module and every property is reported in one run: a failing case
   * does not end the run ("Bail out!") before the others */
  memcpy (args, argv, argc * sizeof (char *));
  args[argc++] = (char *) "--keep-going";
  argv = args;
  g_test_init (&argc, &argv, NULL);
  if (games != NULL && g_ascii_strtoull (games, NULL, 10) > 0)
    games_per_bot[0] = games_per_bot[1] = (guint) g_ascii_strtoull (games, NULL, 10);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = g_strdup_printf ("/tw/properties/%s", all[i]->id);
      g_test_add_data_func (p, all[i], test_properties);
    }
  /* added last, so it runs after the modules (GTest runs in order added) */
  g_test_add_func ("/tw/properties/summary", test_summary);
  return g_test_run ();
}
