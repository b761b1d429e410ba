/* tw-cli-bots.c: who plays a seat in `play`
 *
 * A small table of bot kinds, each with a constructor, a choose function and
 * a destructor, so that greedy and MCTS bots are one row each. A bot spec is
 * "NAME" or "NAME:KEY=VALUE[:KEY=VALUE…]". Every bot draws its chance from
 * its own TwRng, so a game is a pure function of the seed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

typedef struct
{
  const char *name;
  const char *description;
  gpointer  (*create)  (const TwGame  *game,
                        guint          seat,
                        guint64        seed,
                        char         **params,   /* "KEY=VALUE", NULL-terminated */
                        GError       **error);
  gboolean  (*choose)  (gpointer       data,
                        const TwGame  *game,
                        const TwState *state,
                        TwMove        *move);
  void      (*destroy) (gpointer       data);
} TwCliBotKind;

struct _TwCliBot
{
  const TwCliBotKind *kind;
  const TwGame       *game;
  gpointer            data;
};

/* random: a uniform choice among the legal moves. */

typedef struct
{
  TwRng      rng;
  TwMoveList moves;
} RandomBot;

static gpointer
random_create (const TwGame  *game,
               guint          seat,
               guint64        seed,
               char         **params,
               GError       **error)
{
  RandomBot *bot;

  if (params != NULL && params[0] != NULL)
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   "the random bot takes no parameters, not “%s”", params[0]);
      return NULL;
    }

  bot = g_new0 (RandomBot, 1);
  tw_rng_seed (&bot->rng, seed + seat);
  tw_move_list_init (&bot->moves);
  return bot;
}

static gboolean
random_choose (gpointer       data,
               const TwGame  *game,
               const TwState *state,
               TwMove        *move)
{
  RandomBot *bot = data;

  tw_move_list_clear (&bot->moves);
  game->rules->legal_moves (game, state, &bot->moves);
  if (bot->moves.len == 0)
    return FALSE;
  *move = bot->moves.moves[tw_rng_below (&bot->rng, bot->moves.len)];
  return TRUE;
}

static void
random_destroy (gpointer data)
{
  RandomBot *bot = data;

  tw_move_list_free (&bot->moves);
  g_free (bot);
}

static const TwCliBotKind bot_kinds[] = {
  { "random", "a uniform choice among the legal moves",
    random_create, random_choose, random_destroy },
};

char *
tw_cli_bot_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bot_kinds); i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", bot_kinds[i].name);
  return g_string_free (names, FALSE);
}

TwCliBot *
tw_cli_bot_new (const char    *spec,
                const TwGame  *game,
                guint          seat,
                guint64        seed,
                GError       **error)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", -1);
  const TwCliBotKind *kind = NULL;
  TwCliBot *bot;
  gpointer data;

  if (parts[0] == NULL || *g_strstrip (parts[0]) == '\0')
    {
      g_autofree char *names = tw_cli_bot_names ();

      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   "a bot name is empty (known bots: %s)", names);
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (bot_kinds); i++)
    if (g_str_equal (bot_kinds[i].name, parts[0]))
      kind = &bot_kinds[i];

  if (kind == NULL)
    {
      g_autofree char *names = tw_cli_bot_names ();

      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   "unknown bot “%s” (known bots: %s)", parts[0], names);
      return NULL;
    }

  data = kind->create (game, seat, seed, parts + 1, error);
  if (data == NULL)
    return NULL;

  bot = g_new0 (TwCliBot, 1);
  bot->kind = kind;
  bot->game = game;
  bot->data = data;
  return bot;
}

gboolean
tw_cli_bot_choose (TwCliBot      *bot,
                   const TwState *state,
                   TwMove        *move)
{
  return bot->kind->choose (bot->data, bot->game, state, move);
}

void
tw_cli_bot_free (TwCliBot *bot)
{
  if (bot == NULL)
    return;
  bot->kind->destroy (bot->data);
  g_free (bot);
}
