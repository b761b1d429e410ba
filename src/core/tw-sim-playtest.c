/* tw-sim-playtest.c: the quick playtest: can a game reach its scoring?
 *
 * A designer's variant that no play can score in (a tile set whose shapes
 * never close, goals switched off) loads without a problem: only playing it
 * shows it. The Design view asks this after every edit, so it must be cheap
 * in the usual case and bounded in the worst: it stops at the first game
 * that ends with a score, which for a sound definition is the first or
 * second game, and plays all of max_games only when nothing scores.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim.h"

/* Two bots, game by game: the greedy bot heads for what the module's
 * heuristic values, so it finds scoring that takes intent; the random bot
 * plays moves no heuristic picks, so it finds scoring that a bot racing to
 * end the game passes by. Neither is the better judge everywhere: in
 * Colorblock with a 2x2 private board and no goals (200 games from seed 1,
 * the rarest scoring among the variants tried), greedy scored in 22 games,
 * random in 36 and the playout policy bot in 6. Both are cheap (no search):
 * 200 games of the slowest bundled game, half each, take 1.3 s of CPU
 * (Blokus Shuffle, measured 2026-11-25); the tree search would take minutes. */
static const char * const playtest_bots[] = { "greedy", "random" };

/**
 * tw_sim_quick_playtest:
 * @game: the game, at the number of seats to try
 * @seed: the run's seed; game i is seeded with tw_sim_game_seed (@seed, i)
 * @max_games: at least 1
 * @cancel: (nullable): polled before every decision
 * @out: (out): the games played and whether the last scored
 * @error: TW_SIM_ERROR_RULES or TW_SIM_ERROR_CANCELLED
 *
 * Plays until a game ends with a seat's score other than 0, or until
 * @max_games have ended with none.
 */
gboolean
tw_sim_quick_playtest (const TwGame  *game,
                       guint64        seed,
                       guint          max_games,
                       const gint    *cancel,
                       TwSimPlaytest *out,
                       GError       **error)
{
  TwBotSpec bots[G_N_ELEMENTS (playtest_bots)][TW_MAX_PLAYERS];

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (max_games > 0, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint b = 0; b < G_N_ELEMENTS (playtest_bots); b++)
    for (guint p = 0; p < game->n_players; p++)
      {
        gboolean ok = tw_bot_spec_parse (playtest_bots[b], &bots[b][p], NULL);

        g_assert (ok);
      }

  out->games = 0;
  out->scored = FALSE;
  for (guint i = 0; i < max_games && !out->scored; i++)
    {
      TwSimGame result = { 0, };

      if (!tw_sim_play_game (game, bots[i % G_N_ELEMENTS (playtest_bots)],
                             tw_sim_game_seed (seed, i), cancel, &result, error))
        return FALSE;
      out->games++;
      for (guint p = 0; p < game->n_players; p++)
        if (result.score[p] != 0.0)
          out->scored = TRUE;
    }
  return TRUE;
}
