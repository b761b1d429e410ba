/* fuzz-notation.c: every module's move and position parsers
 *
 * The first bytes choose a registered module, a player count, a seed and a
 * number of random moves; the rest is read as a move (and, for modules that
 * read positions, as a position) in that state. Whatever reads must be
 * legal or refused with a reason; an accepted move is applied.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "tw-game.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static TwDefinition *definitions[16];

static TwDefinition *
definition_for (const TwRules *rules,
                guint          i)
{
  if (definitions[i] == NULL)
    {
      g_autofree char *path = tw_definition_bundled_path (rules->id);
      if (path == NULL)
        return NULL;
      definitions[i] = tw_definition_load_file (path, NULL, NULL);
    }
  return definitions[i];
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  guint n_rules;
  const TwRules * const *all = tw_rules_all (&n_rules);

  if (size < 4 || n_rules == 0)
    return 0;

  guint which = data[0] % MIN (n_rules, G_N_ELEMENTS (definitions));
  TwDefinition *def = definition_for (all[which], which);
  if (def == NULL)
    return 0;

  guint players = def->min_players + data[1] % (def->max_players - def->min_players + 1);
  g_autoptr(TwGame) game = tw_game_new (def, players, NULL, NULL);
  g_assert (game != NULL);
  g_autofree TwState *state = tw_state_new (game, data[2]);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *text = g_strndup ((const char *) data + 4, size - 4);
  TwMoveList moves;
  TwRng rng;

  /* walk into the game so that later phases are parsed too */
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, data[3]);
  for (guint i = 0; i < data[3] && tw_state_to_act (game, state) >= 0; i++)
    {
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      game->rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)], NULL);
    }
  tw_move_list_free (&moves);

  TwMove move;
  if (game->rules->move_from_text (game, state, text, &move, why))
    {
      g_autofree TwState *copy = tw_state_copy (game, state);
      g_string_truncate (why, 0);
      if (!game->rules->apply (game, copy, &move, why))
        g_assert (why->len > 0);
    }
  else
    g_assert (why->len > 0);

  if (game->rules->state_from_text)
    {
      g_autofree TwState *pos = g_malloc0 (game->state_size);
      g_string_truncate (why, 0);
      if (game->rules->state_from_text (game, pos, text, why))
        {
          g_autofree char *back = tw_state_to_string (game, pos);
          g_assert (back != NULL);
        }
    }
  return 0;
}
