/* tw-cli-play.c: `play` and `replay`, games and their records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <stdio.h>

#include "tw-json.h"
#include "tw-record.h"
#include "tw-result.h"

/* A random game ends long before this; a game that does not is a rules bug,
 * and the CLI reports it instead of looping for ever. */
#define MAX_MOVES 100000

/* With --describe, the stage of the game (TwRules.stage_text) when it is
 * new: "— Round 2 of 3." before the moves of that stage. */
static void
print_stage (TwHistory  *history,
             char      **shown)
{
  const TwGame *game = tw_history_get_game (history);
  g_autofree char *stage = game->rules->stage_text != NULL
                           ? game->rules->stage_text (game, tw_history_get_state (history))
                           : NULL;

  if (stage != NULL && g_strcmp0 (stage, *shown) != 0)
    tw_cli_print ("— %s\n", stage);
  g_free (*shown);
  *shown = g_steal_pointer (&stage);
}

/* The move just played: "3. P1 h-rg S 2,-1 r0", or with @describe in the
 * module's words, "3. P1 places Half red/green on the shared board at 2,-1",
 * and the stage it leads to when that is new (@stage: the one shown). */
static void
print_move (TwHistory  *history,
            gboolean    describe,
            char      **stage)
{
  const TwHistoryNode *node = tw_history_get_node (history, tw_history_get_current (history));
  g_autofree char *who = NULL;
  g_autofree char *sentence = NULL;
  TwState *before;

  if (!describe)
    {
      tw_cli_print ("%u. P%d %s\n", node->depth, node->player + 1, node->text);
      return;
    }
  who = g_strdup_printf ("P%d", node->player + 1);
  before = tw_history_dup_state_at (history, node->parent);
  sentence = tw_move_describe (tw_history_get_game (history), before, &node->move, who);
  tw_state_free (before);
  tw_cli_print ("%u. %s\n", node->depth, sentence);
  print_stage (history, stage);
}

static void
print_result (const TwGame  *game,
              const TwState *state)
{
  double scores[TW_MAX_PLAYERS] = { 0, };
  guint rank[TW_MAX_PLAYERS] = { 0, };
  g_autoptr(GString) line = g_string_new ("scores:");

  game->rules->scores (game, state, scores);
  game->rules->ranking (game, state, rank);

  for (guint p = 0; p < game->n_players; p++)
    {
      g_string_append_printf (line, "%s P%u ", p > 0 ? "," : "", p + 1);
      tw_json_append_number (line, scores[p], 15);
    }
  tw_cli_print ("%s\n", line->str);

  g_string_assign (line, "ranking:");
  for (guint r = 0; r < game->n_players; r++)
    for (guint p = 0; p < game->n_players; p++)
      if (rank[p] == r)
        {
          g_string_append_printf (line, " %u. P%u (", r + 1, p + 1);
          tw_json_append_number (line, scores[p], 15);
          g_string_append_c (line, ')');
        }
  tw_cli_print ("%s\n", line->str);
}

int
tw_cli_play (int    argc,
             char **argv)
{
  int players = 0;
  char *seed_text = NULL;
  char *bots_text = NULL;
  char **sets = NULL;
  char *record_path = NULL;
  char *moves_text = NULL;
  gboolean describe = FALSE;
  g_autofree char *stage = NULL;  /* the stage last printed (--describe) */
  const GOptionEntry entries[] = {
    { "players", 'p', 0, G_OPTION_ARG_INT, &players,
      N_("Number of players (default: the definition's minimum)"), "N" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the game and of the bots (default: from the clock, printed)"), "S" },
    { "bots", 'b', 0, G_OPTION_ARG_STRING, &bots_text,
      N_("Who plays each seat, comma-separated; one bot for all seats (default: random)"),
      N_("BOT,BOT…") },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      N_("Set a variant option (repeatable)"), N_("OPTION=VALUE") },
    { "record", 'r', 0, G_OPTION_ARG_FILENAME, &record_path,
      N_("Save the game as a record"), N_("OUT.yaml") },
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &moves_text,
      N_("Play these moves first, in the game's notation"), "\"M1; M2; …\"" },
    { "describe", 0, 0, G_OPTION_ARG_NONE, &describe,
      N_("Print each move in words (\"P1 places … on the shared board\") instead of notation"),
      NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("play", entries);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autoptr(TwRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  TwBotSpec specs[TW_MAX_PLAYERS];
  g_autoptr(GPtrArray) bots = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_cli_bot_free);
  TwHistory *history;
  guint64 seed;
  int rc;

  g_option_context_set_description (context,
    N_("Every seat is played by a bot with the seat's own random generator\n"
      "(seeded from S and the seat), so the same seed gives the same game.\n"
      "Bots: random, greedy, mcts[:iterations=N,seconds=T,c=C], e.g.\n"
      "--bots random,greedy,mcts:iterations=500. Moves are printed as\n"
      "“N. PLAYER MOVE”, then the scores and the ranking.\n\n"
      "Exit status:\n"
      "  0  the game was played\n"
      "  2  bad command line (players, options, bots)\n"
      "  3  the definition has problems\n"
      "  4  a move of --moves is unreadable or illegal\n"
      "  5  a file cannot be read or written\n"));

  rc = tw_cli_parse (context, &argc, &argv);
  if (rc == TW_EXIT_OK && argc != 2)
    {
      tw_cli_error (argc < 2 ? _("no definition file given") : _("only one definition file, please"));
      rc = TW_EXIT_USAGE;
    }
  if (rc == TW_EXIT_OK && seed_text != NULL && !tw_cli_parse_seed (seed_text, &seed, &error))
    rc = tw_cli_report_error (error);
  if (rc != TW_EXIT_OK)
    goto out;
  if (seed_text == NULL)
    seed = (guint64) g_get_real_time ();

  def = tw_cli_load_definition (argv[1], &rc);
  if (def == NULL)
    goto out;

  game = tw_cli_new_game (def, players, sets, &error);
  if (game == NULL)
    {
      rc = tw_cli_report_error (error);
      goto out;
    }

  if (!tw_cli_parse_bots (bots_text, game->n_players, specs, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }

  record = tw_record_new (game, seed);
  tw_record_set_definition_path (record, argv[1]);
  history = tw_record_get_history (record);
  for (guint p = 0; p < game->n_players; p++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", p + 1);
      g_autofree char *spec = tw_bot_spec_to_string (&specs[p]);

      g_ptr_array_add (bots, tw_cli_bot_new (&specs[p], game, p, seed));
      tw_record_set_seat (record, p, name, spec);
    }

  tw_cli_print ("# %s (%s), %u players, seed %" G_GUINT64_FORMAT "\n",
                def->name, game->rules->id, game->n_players, seed);
  if (describe)
    print_stage (history, &stage);

  if (moves_text != NULL)
    {
      g_auto(GStrv) moves = g_strsplit (moves_text, ";", -1);
      guint index = 0;

      for (guint i = 0; moves[i] != NULL; i++)
        {
          const char *text = g_strstrip (moves[i]);

          if (*text == '\0')
            continue;
          index++;
          if (!tw_history_play_text (history, text, &error))
            {
              tw_cli_error (_("--moves: move %u: %s"), index, error->message);
              rc = TW_EXIT_ILLEGAL_MOVE;
              goto out;
            }
          print_move (history, describe, &stage);
        }
    }

  for (guint n = 0; !tw_state_is_terminal (game, tw_history_get_state (history)); n++)
    {
      const TwState *state = tw_history_get_state (history);
      int seat = tw_state_to_act (game, state);
      g_autoptr(GString) why = g_string_new (NULL);
      TwMove move;

      if (n >= MAX_MOVES || seat < 0 || (guint) seat >= game->n_players)
        {
          tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                     "the game did not end after %u move (seat to act: %d): a rules bug",
                                     "the game did not end after %u moves (seat to act: %d): a rules bug",
                                     n),
                        n, seat);
          rc = TW_EXIT_FAILURE;
          goto out;
        }
      if (!tw_cli_bot_choose (g_ptr_array_index (bots, seat), state, &move))
        {
          tw_cli_error (_("P%d has no legal move but the game is not over: a rules bug"), seat + 1);
          rc = TW_EXIT_FAILURE;
          goto out;
        }
      if (!tw_history_play (history, &move, why))
        {
          tw_cli_error (_("the bot of P%d chose an illegal move: %s"), seat + 1, why->str);
          rc = TW_EXIT_FAILURE;
          goto out;
        }
      print_move (history, describe, &stage);
    }

  print_result (game, tw_history_get_state (history));

  if (record_path != NULL && !tw_record_save (record, record_path, &error))
    {
      rc = tw_cli_report_error (error);
      goto out;
    }

  rc = TW_EXIT_OK;

out:
  g_free (seed_text);
  g_free (bots_text);
  g_strfreev (sets);
  g_free (record_path);
  g_free (moves_text);
  return rc;
}

/* A finished game's score by rule, what each seat holds beside the board
 * (the module's describe_seat(), every hand hidden) and who won, for `replay`:
 * "breakdown": [{"seat": 1, "name": "P1", "terms": [{"label": …, "points": N}, …],
 *                "holds": "Blue: 3 pieces left, 11 squares"}, …],
 * "result": "P1 wins with 14 points. …" */
static void
append_breakdown (GString       *json,
                  TwRecord      *record,
                  const TwState *state)
{
  TwGame *game = tw_history_get_game (tw_record_get_history (record));
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *result = NULL;

  g_string_append (json, ", \"breakdown\": [");
  for (guint p = 0; p < game->n_players; p++)
    {
      g_autoptr(GArray) terms = tw_result_terms (game, state, p);
      g_autofree char *holds = tw_state_describe_seat (game, state, p, -1);

      g_ptr_array_add (names, (gpointer) tw_record_get_seat_name (record, p));
      g_string_append_printf (json, "%s{\"seat\": %u, \"name\": ", p > 0 ? ", " : "", p + 1);
      tw_json_append_string (json, g_ptr_array_index (names, p));
      g_string_append (json, ", \"terms\": [");
      for (guint i = 0; i < terms->len; i++)
        {
          const TwScoreTerm *term = &g_array_index (terms, TwScoreTerm, i);

          g_string_append (json, i > 0 ? ", {\"label\": " : "{\"label\": ");
          tw_json_append_string (json, term->label);
          g_string_append_printf (json, ", \"points\": %d}", term->points);
        }
      g_string_append_c (json, ']');
      if (holds != NULL)
        {
          g_string_append (json, ", \"holds\": ");
          tw_json_append_string (json, holds);
        }
      g_string_append_c (json, '}');
    }
  g_ptr_array_add (names, NULL);
  result = tw_result_explain (game, state, (const char * const *) names->pdata);
  g_string_append (json, "], \"result\": ");
  tw_json_append_string (json, result);
}

int
tw_cli_replay (int    argc,
               char **argv)
{
  gboolean verbose = FALSE;
  const GOptionEntry entries[] = {
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
      N_("Print every move of the main line on stderr"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("replay", entries);
  g_autoptr(TwRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) line = NULL;
  g_autoptr(GString) json = g_string_new (NULL);
  g_autofree char *hash = NULL;
  TwHistory *history;
  TwGame *game;
  TwState *state;
  double scores[TW_MAX_PLAYERS] = { 0, };
  guint rank[TW_MAX_PLAYERS] = { 0, };
  guint end;
  int rc;

  g_option_context_set_description (context,
    N_("Loads the record, replays every move of its tree and checks each one,\n"
      "then prints the end of the main line as JSON on stdout:\n"
      "  {\"game\": …, \"players\": N, \"moves\": M, \"scores\": […], \"ranking\": […], \"hash\": …}\n"
      "Ranking: 0 is first; equal ranks share a place. When the game is over, also\n"
      "each seat's score by the rule that gave each part and who won, in words:\n"
      "  \"breakdown\": [{\"seat\": 1, \"name\": …, \"terms\": [{\"label\": …, \"points\": N}, …],\n"
      "                 \"holds\": …}, …],\n"
      "  \"result\": \"P1 wins with 14 points.\"\n\n"
      "Exit status:\n"
      "  0  the record is valid\n"
      "  2  bad command line\n"
      "  3  the record or its definition has problems\n"
      "  4  a move is unreadable or illegal\n"
      "  5  the record cannot be read\n"));

  if ((rc = tw_cli_parse (context, &argc, &argv)) != TW_EXIT_OK)
    return rc;
  if (argc != 2)
    {
      tw_cli_error (argc < 2 ? _("no record file given") : _("only one record file, please"));
      return TW_EXIT_USAGE;
    }

  record = tw_record_load_file (argv[1], &error);
  if (record == NULL)
    return tw_cli_report_error (error);

  history = tw_record_get_history (record);
  game = tw_history_get_game (history);
  line = tw_history_get_main_line (history);
  end = tw_history_get_main_line_end (history);

  if (verbose)
    for (guint i = 0; i < line->len; i++)
      {
        const TwHistoryNode *node = tw_history_get_node (history, g_array_index (line, guint, i));
        fprintf (stderr, "%u. P%d %s\n", node->depth, node->player + 1, node->text);
      }

  state = tw_history_dup_state_at (history, end);
  game->rules->scores (game, state, scores);
  game->rules->ranking (game, state, rank);

  hash = tw_hash_to_string (tw_history_get_node (history, end)->hash);
  g_string_append (json, "{\"game\": ");
  tw_json_append_string (json, game->definition->name);
  g_string_append_printf (json, ", \"rules\": \"%s\", \"players\": %u, "
                          "\"moves\": %u, \"scores\": [",
                          game->rules->id, game->n_players, line->len);
  for (guint p = 0; p < game->n_players; p++)
    {
      g_string_append (json, p > 0 ? ", " : "");
      tw_json_append_number (json, scores[p], 15);
    }
  g_string_append (json, "], \"ranking\": [");
  for (guint p = 0; p < game->n_players; p++)
    g_string_append_printf (json, "%s%u", p > 0 ? ", " : "", rank[p]);
  g_string_append_printf (json, "], \"hash\": \"%s\"", hash);
  if (tw_state_is_terminal (game, state))
    append_breakdown (json, record, state);
  g_string_append_c (json, '}');
  tw_state_free (state);
  tw_cli_print ("%s\n", json->str);

  return TW_EXIT_OK;
}
