/* fuzz-expr.c: the expression compiler and evaluator on arbitrary text
 *
 * The first byte chooses what the expression must give (a condition or a
 * number); the rest is compiled against Colorblock's vocabulary and the
 * bundled definition's colours. It must compile or be refused with an
 * error whose offset lies inside the text, in bounded time; whatever
 * compiles is evaluated for every seat of a position in the middle of a
 * game, with and without a shape, and must end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>

#include "tw-expr.h"
#include "tw-game.h"
#include "games/colorblock/cb-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* kept for the life of the process: loaded once, like the real app's */
static TwDefinition *definition;
static TwGame *game;
static TwState *state;
static CbShape shapes[2];

static gboolean
setup (void)
{
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  TwMoveList moves;
  TwRng rng;

  if (path == NULL || (definition = tw_definition_load_file (path, NULL, NULL)) == NULL)
    return FALSE;
  game = tw_game_new (definition, 3, NULL, NULL);
  state = tw_state_new (game, 7);
  /* some way into the game, so that boards hold shapes, complete or not */
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 11);
  for (guint i = 0; i < 40 && !tw_state_is_terminal (game, state); i++)
    {
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      game->rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)], NULL);
    }
  tw_move_list_free (&moves);

  const CbState *s = (const CbState *) state;
  for (guint i = 0; i < G_N_ELEMENTS (shapes) && i < s->n_placed; i++)
    cb_analyze_shape (game, s, 4 * (s->n_placed - 1 - i), &shapes[i]);
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  TwExprWhere where = { 0, };

  if (size < 1 || (game == NULL && !setup ()))
    return 0;

  TwExprType want = data[0] & 1 ? TW_EXPR_NUMBER : TW_EXPR_BOOL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(TwExprProgram) program = tw_expr_compile ((const char *) data + 1, size - 1,
                                                      &cb_expr_vocabulary, definition, want,
                                                      &where, &error);
  g_assert ((program == NULL) == (error != NULL));
  if (program == NULL)
    {
      g_assert (where.offset <= size - 1);
      g_assert (error->message[0] != '\0');
      tw_expr_where_clear (&where);
      return 0;
    }
  for (guint seat = 0; seat < game->n_players; seat++)
    for (guint k = 0; k <= G_N_ELEMENTS (shapes); k++)
      {
        const CbShape *shape = k < G_N_ELEMENTS (shapes) && shapes[k].has_root ? &shapes[k] : NULL;
        CbExprEnv env = { game, (const CbState *) state, seat, shape };
        if (shape == NULL && (tw_expr_program_needs (program) & CB_EXPR_NEEDS_SHAPE))
          continue;
        gint64 v = tw_expr_eval (program, &env);
        g_assert (want != TW_EXPR_BOOL || v == 0 || v == 1);
      }
  /* compiling and a few evaluations of the largest expression take
   * milliseconds; seconds would mean a limit does not hold */
  g_assert (g_get_monotonic_time () - t0 < 5 * G_USEC_PER_SEC);
  return 0;
}
