/* tw-render-bench.h: how long drawing a finished game takes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "tw-game.h"

G_BEGIN_DECLS

/**
 * tw_render_bench_ms:
 * @game: a game
 * @seed: the seed of the game, whose moves are uniformly random to the end
 * @frames: how many frames to draw (at least 1)
 * @cpu_ms: (out) (optional): the median CPU time of the calling thread per
 *   frame, in milliseconds: on a loaded machine the wall time also counts
 *   the time other processes ran, this does not
 *
 * Plays @game from @seed with random moves to the end, then draws the final
 * position with its renderer, fitted into a 1280x800 image surface, @frames
 * times, with the last move marked as the app draws it. Each frame is what
 * the board view does: layout, fit, background, drawing.
 *
 * Returns: the median (wall-clock) time per frame in milliseconds
 */
double tw_render_bench_ms (TwGame  *game,
                           guint64  seed,
                           guint    frames,
                           double  *cpu_ms);

G_END_DECLS
