/* fuzz-expr.c: the expression compiler and evaluator on arbitrary text
 *
 * The first byte chooses what the expression must give (bit 0: a number,
 * else a condition) and the vocabulary (bit 6: Colorfield's, else bit 3:
 * Block 2 Block's, else bit 2: Color Shift's, else bit 1: Blokus
 * Shuffle's, else Colorblock's); the rest
 * is compiled against it and the bundled definition's colours. It must
 * compile or be refused with an error whose offset lies inside the text, in
 * bounded time; whatever compiles is evaluated on a position in the middle
 * of a game (Colorblock: for every seat, with and without a shape; Blokus
 * Shuffle: for every colour; Color Shift, Block 2 Block and Colorfield:
 * for every seat) and must end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>

#include "tw-expr.h"
#include "tw-game.h"
#include "games/block-2-block/bb-private.h"
#include "games/blokus-shuffle/bs-private.h"
#include "games/color-shift/cs-private.h"
#include "games/colorblock/cb-private.h"
#include "games/colorfield/cf-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* kept for the life of the process: loaded once, like the real app's */
static TwDefinition *definition, *bs_definition, *cs_definition, *bb_definition, *cf_definition;
static TwGame *game, *bs_game, *cs_game, *bb_game, *cf_game;
static TwState *state, *bs_state, *cs_state, *bb_state, *cf_state;
static CbShape shapes[2];

/* A game of the bundled @rules_id with @players seats, 40 random moves in
 * (so that boards hold shapes, complete or not, and pieces are placed). */
static gboolean
start_game (const char     *rules_id,
            guint           players,
            TwDefinition  **def_out,
            TwGame        **game_out,
            TwState       **state_out)
{
  g_autofree char *path = tw_definition_bundled_path (rules_id);
  TwMoveList moves;
  TwRng rng;

  if (path == NULL || (*def_out = tw_definition_load_file (path, NULL, NULL)) == NULL)
    return FALSE;
  *game_out = tw_game_new (*def_out, players, NULL, NULL);
  *state_out = tw_state_new (*game_out, 7);
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, 11);
  for (guint i = 0; i < 40 && !tw_state_is_terminal (*game_out, *state_out); i++)
    {
      tw_move_list_clear (&moves);
      (*game_out)->rules->legal_moves (*game_out, *state_out, &moves);
      (*game_out)->rules->apply (*game_out, *state_out,
                                 &moves.moves[tw_rng_below (&rng, moves.len)], NULL);
    }
  tw_move_list_free (&moves);
  return TRUE;
}

static gboolean
setup (void)
{
  if (!start_game ("colorblock", 3, &definition, &game, &state)
      || !start_game ("blokus-shuffle", 4, &bs_definition, &bs_game, &bs_state)
      || !start_game ("color-shift", 3, &cs_definition, &cs_game, &cs_state)
      || !start_game ("block-2-block", 3, &bb_definition, &bb_game, &bb_state)
      || !start_game ("colorfield", 3, &cf_definition, &cf_game, &cf_state))
    return FALSE;

  const CbState *s = (const CbState *) state;
  for (guint i = 0; i < G_N_ELEMENTS (shapes) && i < s->n_placed; i++)
    cb_analyze_shape (game, s, 4 * (s->n_placed - 1 - i), &shapes[i]);
  return TRUE;
}

/* @program for every seat, with and without a shape. */
static void
eval_colorblock (const TwExprProgram *program,
                 TwExprType           want)
{
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
}

/* @program over @env with *@index (the env's colour or seat) from 0 to
 * @n - 1. */
static void
eval_each (const TwExprProgram *program,
           TwExprType           want,
           gconstpointer        env,
           guint               *index,
           guint                n)
{
  for (*index = 0; *index < n; (*index)++)
    {
      gint64 v = tw_expr_eval (program, env);
      g_assert (want != TW_EXPR_BOOL || v == 0 || v == 1);
    }
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
  gboolean colorfield = (data[0] & 0x40) != 0;
  gboolean block_2_block = !colorfield && (data[0] & 8) != 0;
  gboolean color_shift = !block_2_block && (data[0] & 4) != 0;
  gboolean blokus = !block_2_block && !color_shift && (data[0] & 2) != 0;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(TwExprProgram) program =
    tw_expr_compile ((const char *) data + 1, size - 1,
                     colorfield ? &cf_expr_vocabulary
                     : block_2_block ? &bb_expr_vocabulary
                     : color_shift ? &cs_expr_vocabulary
                     : blokus ? &bs_expr_vocabulary : &cb_expr_vocabulary,
                     colorfield ? cf_definition
                     : block_2_block ? bb_definition
                     : color_shift ? cs_definition : blokus ? bs_definition : definition,
                     want, &where, &error);
  g_assert ((program == NULL) == (error != NULL));
  if (program == NULL)
    {
      g_assert (where.offset <= size - 1);
      g_assert (error->message[0] != '\0');
      tw_expr_where_clear (&where);
      return 0;
    }
  if (colorfield)
    {
      const CfState *s = (const CfState *) cf_state;
      for (guint seat = 0; seat < cf_game->n_players; seat++)
        {
          CfExprEnv env;
          cf_expr_env_init (&env, cf_game, s, seat, s->slot[seat], s->rot[seat]);
          gint64 v = tw_expr_eval (program, &env);
          g_assert (want != TW_EXPR_BOOL || v == 0 || v == 1);
        }
    }
  else if (block_2_block)
    {
      BbExprEnv env = { bb_game, (const BbState *) bb_state, 0 };
      eval_each (program, want, &env, &env.seat, bb_game->n_players);
    }
  else if (color_shift)
    {
      CsExprEnv env = { cs_game, (const CsState *) cs_state, 0 };
      eval_each (program, want, &env, &env.seat, cs_game->n_players);
    }
  else if (blokus)
    {
      BsExprEnv env = { bs_game, (const BsState *) bs_state, 0 };
      eval_each (program, want, &env, &env.color, bs_n_colors (bs_game));
    }
  else
    eval_colorblock (program, want);
  /* compiling and a few evaluations of the largest expression take
   * milliseconds; seconds would mean a limit does not hold */
  g_assert (g_get_monotonic_time () - t0 < 5 * G_USEC_PER_SEC);
  return 0;
}
