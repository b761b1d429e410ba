/* tw-cli-bots.c: who plays a seat, from the core's bots
 *
 * The bots themselves live in the core (tw-bot.h: random, greedy, mcts), so
 * `play`, `simulate` and the app play alike. This file reads the --bots
 * list: comma-separated specs, where an item of the form KEY=VALUE without a
 * bot name continues the previous bot's settings, so that
 * "random,mcts:iterations=500,c=0.5,greedy" is three bots. The older form
 * "mcts:iterations=500:c=0.5" is read too.
 *
 * Each seat's bot draws from its own TwRng seeded with
 * tw_sim_seat_seed (seed, seat), so a game is a pure function of the seed and
 * `play --seed S` replays the simulated game whose seed is S.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "tw-sim.h"

struct _TwCliBot
{
  const TwGame *game;
  TwBot         bot;
  TwRng         rng;
};

char *
tw_cli_bot_names (void)
{
  return g_strjoinv (", ", (char **) tw_bot_names ());
}

gboolean
tw_cli_bot_spec_parse (const char  *text,
                       TwBotSpec   *spec,
                       GError     **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  g_autoptr(GError) local_error = NULL;
  const char * const *names = tw_bot_names ();
  char *colon = strchr (copy, ':');
  g_autofree char *name = g_strndup (copy, colon != NULL ? (gsize) (colon - copy) : strlen (copy));
  gboolean known = FALSE;

  for (guint i = 0; names[i] != NULL; i++)
    known |= g_str_equal (names[i], name);
  if (!known)
    {
      g_autofree char *list = tw_cli_bot_names ();

      if (*name == '\0')
        g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                     _("--bots: a bot name is empty (known bots: %s)"), list);
      else
        g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                     _("unknown bot “%s” (known bots: %s)"), name, list);
      return FALSE;
    }

  /* "mcts:a=1:b=2" is "mcts:a=1,b=2" */
  if (colon != NULL)
    for (char *p = colon + 1; *p != '\0'; p++)
      if (*p == ':')
        *p = ',';

  if (!tw_bot_spec_parse (copy, spec, &local_error))
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE, _("--bots “%s”: %s"), text,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}

char **
tw_cli_split_bots (const char *list)
{
  g_auto(GStrv) items = g_strsplit (list, ",", -1);
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);
      gboolean setting = strchr (item, '=') != NULL && strchr (item, ':') == NULL;

      if (setting && specs->len > 0)
        {
          char **last = (char **) &g_ptr_array_index (specs, specs->len - 1);
          char *joined = g_strconcat (*last, ",", item, NULL);

          g_free (*last);
          *last = joined;
        }
      else
        g_ptr_array_add (specs, g_strdup (item));
    }
  g_ptr_array_add (specs, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&specs), FALSE);
}

gboolean
tw_cli_parse_bots (const char  *list,
                   guint        n_players,
                   TwBotSpec   *specs,
                   GError     **error)
{
  g_auto(GStrv) items = tw_cli_split_bots (list != NULL ? list : "random");
  guint n = g_strv_length (items);

  if (n != 1 && n != n_players)
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "--bots names %u bot for %u players (give one for all or one per seat)",
                                "--bots names %u bots for %u players (give one for all or one per seat)",
                                n),
                   n, n_players);
      return FALSE;
    }
  for (guint p = 0; p < n_players; p++)
    if (!tw_cli_bot_spec_parse (items[n == 1 ? 0 : p], &specs[p], error))
      return FALSE;
  return TRUE;
}

TwCliBot *
tw_cli_bot_new (const TwBotSpec *spec,
                const TwGame    *game,
                guint            seat,
                guint64          seed)
{
  TwCliBot *bot = g_new0 (TwCliBot, 1);

  bot->game = game;
  tw_bot_init (&bot->bot, spec);
  tw_rng_seed (&bot->rng, tw_sim_seat_seed (seed, seat));
  return bot;
}

gboolean
tw_cli_bot_choose (TwCliBot      *bot,
                   const TwState *state,
                   TwMove        *move)
{
  return tw_bot_play (&bot->bot, bot->game, state, &bot->rng, NULL, move);
}

void
tw_cli_bot_free (TwCliBot *bot)
{
  tw_bot_clear (&bot->bot);
  g_free (bot);
}
