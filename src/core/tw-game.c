/* tw-game.c: a game = definition + options + seat count; states as blobs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-game.h"
#include "tw-diag.h"

G_DEFINE_QUARK (tw-game-error-quark, tw_game_error)

/**
 * tw_game_new:
 * @definition: a loaded definition
 * @n_players: the number of seats
 * @options: (nullable): option values, or %NULL for the definition's `variant:`
 * @error: return location for a #GError
 *
 * Returns: (transfer full): a new game, or %NULL when the seat count is
 *   outside the definition's range.
 */
TwGame *
tw_game_new (TwDefinition     *definition,
             guint             n_players,
             const TwOptions  *options,
             GError          **error)
{
  g_return_val_if_fail (definition != NULL, NULL);
  g_return_val_if_fail (definition->rules != NULL, NULL);

  if (n_players < definition->min_players || n_players > definition->max_players
      || n_players > TW_MAX_PLAYERS)
    {
      g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_PLAYERS,
                   g_dngettext (GETTEXT_PACKAGE, "%s is for %u to %u player, not %u",
                                "%s is for %u to %u players, not %u", definition->max_players),
                   definition->name, definition->min_players,
                   definition->max_players, n_players);
      return NULL;
    }

  const TwRules *rules = definition->rules;
  for (guint i = 0; options != NULL && i < rules->n_options; i++)
    {
      const TwOptionSpec *spec = &rules->options[i];
      int v = options->values[i];
      gboolean ok = TRUE;

      switch (spec->type)
        {
        case TW_VALUE_BOOL:
          ok = v == 0 || v == 1;
          break;
        case TW_VALUE_INT:
          ok = v >= spec->min && v <= spec->max;
          break;
        case TW_VALUE_CHOICE:
          ok = v >= 0 && v < (int) g_strv_length ((char **) spec->choices);
          break;
        default:
          break;
        }
      if (!ok)
        {
          g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_OPTION,
                       _("option '%s' has an invalid value (%d)"), spec->name, v);
          return NULL;
        }
    }

  /* options made for fewer seats ("a fast 2-4 player version"), also when
   * they come from the definition's variant: section */
  const TwOptions *values = options ? options : &definition->options;
  for (guint i = 0; i < rules->n_options; i++)
    {
      g_autoptr(GString) why = g_string_new (NULL);
      if (!tw_option_allowed (&rules->options[i], values->values[i], n_players, why))
        {
          g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_OPTION,
                       _("%s: %s; play it with fewer players or turn it off"), definition->name, why->str);
          return NULL;
        }
    }

  TwGame *game = g_new0 (TwGame, 1);
  game->ref_count = 1;
  game->definition = tw_definition_ref (definition);
  game->rules = rules;
  game->prepared = definition->prepared;
  game->n_players = n_players;
  game->options = options ? *options : definition->options;
  game->state_size = rules->state_size (game);
  return game;
}

TwGame *
tw_game_ref (TwGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_atomic_int_inc (&game->ref_count);
  return game;
}

void
tw_game_unref (TwGame *game)
{
  if (game == NULL)
    return;
  if (g_atomic_int_dec_and_test (&game->ref_count))
    {
      tw_definition_unref (game->definition);
      g_free (game);
    }
}

/**
 * tw_state_new:
 * @game: a game
 * @seed: the seed every chance event of the game derives from
 *
 * Returns: (transfer full): the initial state; free with tw_state_free().
 */
TwState *
tw_state_new (const TwGame *game,
              guint64       seed)
{
  TwState *state = g_malloc0 (game->state_size);
  game->rules->init (game, state, seed);
  return state;
}

TwState *
tw_state_copy (const TwGame  *game,
               const TwState *state)
{
  return g_memdup2 (state, game->state_size);
}

void
tw_state_copy_into (const TwGame  *game,
                    TwState       *dest,
                    const TwState *src)
{
  memcpy (dest, src, game->state_size);
}

void
tw_state_free (TwState *state)
{
  g_free (state);
}

/**
 * tw_state_play_text:
 * @game: a game
 * @state: the state to play on; unchanged on failure
 * @text: one move in the game's notation
 * @error: return location for a #GError
 *
 * Returns: %TRUE when the move was read and was legal.
 */
gboolean
tw_state_play_text (const TwGame  *game,
                    TwState       *state,
                    const char    *text,
                    GError       **error)
{
  g_autoptr(GString) why = g_string_new (NULL);
  TwMove move;
  gboolean read;

  if (!(read = game->rules->move_from_text (game, state, text, &move, why))
      || !game->rules->apply (game, state, &move, why))
    {
      g_autofree char *shown = tw_excerpt (text, TW_EXCERPT_VALUE);
      g_autofree char *reason = tw_excerpt (why->str, TW_EXCERPT_REASON);

      g_set_error (error, TW_GAME_ERROR,
                   read ? TW_GAME_ERROR_ILLEGAL_MOVE : TW_GAME_ERROR_NOTATION,
                   read ? _("illegal move '%s': %s") : _("cannot read move '%s': %s"), shown, reason);
      return FALSE;
    }
  return TRUE;
}

char *
tw_move_to_string (const TwGame  *game,
                   const TwState *state,
                   const TwMove  *move)
{
  GString *out = g_string_new (NULL);
  game->rules->move_to_text (game, state, move, out);
  return g_string_free (out, FALSE);
}

char *
tw_move_describe (const TwGame  *game,
                  const TwState *state,
                  const TwMove  *move,
                  const char    *who)
{
  GString *out = g_string_new (who);

  if (game->rules->describe_move == NULL)
    {
      g_string_append (out, ": ");
      game->rules->move_to_text (game, state, move, out);
    }
  else
    {
      g_string_append_c (out, ' ');
      game->rules->describe_move (game, state, move, out);
    }
  return g_string_free (out, FALSE);
}

char *
tw_state_describe_seat (const TwGame  *game,
                        const TwState *state,
                        guint          seat,
                        int            viewer)
{
  GString *out;

  g_return_val_if_fail (seat < game->n_players, NULL);
  if (game->rules->describe_seat == NULL)
    return NULL;
  out = g_string_new (NULL);
  game->rules->describe_seat (game, state, seat, viewer, out);
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

char *
tw_state_to_string (const TwGame  *game,
                    const TwState *state)
{
  GString *out = g_string_new (NULL);
  game->rules->state_to_text (game, state, out);
  return g_string_free (out, FALSE);
}

gboolean
tw_state_score_change (const TwGame  *game,
                       const TwState *state,
                       const TwMove  *move,
                       double        *delta)
{
  double before[TW_MAX_PLAYERS] = { 0 }, after[TW_MAX_PLAYERS] = { 0 };
  TwState *copy;
  TwMove m;
  gboolean ok;

  g_return_val_if_fail (game != NULL && state != NULL && move != NULL && delta != NULL, FALSE);

  m = *move;
  copy = tw_state_copy (game, state);
  ok = game->rules->apply (game, copy, &m, NULL);
  if (ok)
    {
      game->rules->scores (game, state, before);
      game->rules->scores (game, copy, after);
      for (guint p = 0; p < game->n_players; p++)
        delta[p] = after[p] - before[p];
    }
  tw_state_free (copy);
  return ok;
}

/**
 * tw_state_random_playout:
 * @game: a game
 * @state: the state to play to its end
 * @rng: the generator choosing the moves
 * @moves: scratch move list, reused between calls
 *
 * Plays uniformly random legal moves until the game is over. This is the unit
 * `tilewright-cli bench` measures, so it must not allocate.
 *
 * Returns: the number of moves played.
 */
guint
tw_state_random_playout (const TwGame *game,
                         TwState      *state,
                         TwRng        *rng,
                         TwMoveList   *moves)
{
  const TwRules *rules = game->rules;
  guint n = 0;

  while (rules->to_act (game, state) >= 0)
    {
      tw_move_list_clear (moves);
      rules->legal_moves (game, state, moves);
      if (G_UNLIKELY (moves->len == 0))
        {
          g_critical ("%s: no legal move in a state that is not over", rules->id);
          break;
        }
      const TwMove *m = &moves->moves[tw_rng_below (rng, moves->len)];
      if (G_UNLIKELY (!rules->apply (game, state, m, NULL)))
        {
          g_critical ("%s: a generated move was refused", rules->id);
          break;
        }
      n++;
    }
  return n;
}
