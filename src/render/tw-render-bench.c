/* tw-render-bench.c: how long drawing a finished game takes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-render-bench.h"
#include "tw-clock.h"

#include <cairo.h>
#include <stdlib.h>

#include "tw-renderer.h"

#define BENCH_WIDTH  1280
#define BENCH_HEIGHT 800

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *v,
        guint   n)
{
  qsort (v, n, sizeof (double), compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double
tw_render_bench_ms (TwGame  *game,
                    guint64  seed,
                    guint    frames,
                    double  *cpu_ms)
{
  const TwRenderer *renderer;
  g_autofree double *times = NULL;
  g_autofree double *cpu = NULL;
  TwState *state, *before;
  TwMoveList moves;
  TwMove last = { 0 };
  TwRng rng;
  TwLayout layout;
  TwRenderParams params = { .viewer = -1 };
  cairo_surface_t *surface;
  double result;

  g_return_val_if_fail (game != NULL, 0);

  frames = MAX (frames, 1);
  renderer = tw_renderer_lookup (game->rules->id);
  state = tw_state_new (game, seed);
  before = tw_state_copy (game, state);
  tw_move_list_init (&moves);
  tw_rng_seed (&rng, seed ^ G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  /* random moves to the end, keeping the position before the last move */
  while (!tw_state_is_terminal (game, state))
    {
      tw_move_list_clear (&moves);
      game->rules->legal_moves (game, state, &moves);
      if (moves.len == 0)
        break;
      tw_state_copy_into (game, before, state);
      last = moves.moves[tw_rng_below (&rng, moves.len)];
      game->rules->apply (game, state, &last, NULL);
    }

  params.last_move = last.kind ? &last : NULL;
  params.last_state = last.kind ? before : NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, BENCH_WIDTH, BENCH_HEIGHT);
  times = g_new (double, frames);
  cpu = g_new (double, frames);
  for (guint f = 0; f < frames; f++)
    {
      double cpu_start = tw_thread_cpu_ns () / 1e6;
      gint64 start = g_get_monotonic_time ();
      cairo_t *cr = cairo_create (surface);
      double scale;

      /* what the board view does per frame: layout, fit, paint, draw */
      tw_renderer_layout (renderer, game, state, &params, &layout);
      scale = MIN (BENCH_WIDTH / layout.width, BENCH_HEIGHT / layout.height);
      cairo_set_source_rgb (cr, 0.9, 0.88, 0.84);
      cairo_paint (cr);
      cairo_translate (cr, (BENCH_WIDTH - layout.width * scale) / 2,
                       (BENCH_HEIGHT - layout.height * scale) / 2);
      cairo_scale (cr, scale, scale);
      tw_renderer_draw (renderer, cr, game, state, &params);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      times[f] = (g_get_monotonic_time () - start) / 1000.0;
      cpu[f] = tw_thread_cpu_ns () / 1e6 - cpu_start;
    }
  result = median (times, frames);
  if (cpu_ms != NULL)
    *cpu_ms = median (cpu, frames);

  cairo_surface_destroy (surface);
  tw_move_list_free (&moves);
  tw_state_free (before);
  tw_state_free (state);
  return result;
}
