/* test-render.c: every game's renderer, whatever the position
 *
 * For each registered game: positions from random games are laid out and
 * drawn into an image surface without a cairo error, and every legal move
 * that has a place on the drawing lands inside the layout. Games whose
 * renderer has landed must give a place to at least some of their moves,
 * or the board view could not be played with the pointer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-chart.h"
#include "tw-renderer.h"

/* Draws @state fitted into a @w x @h surface: no cairo error. */
static void
draw_fitted (const TwRenderer     *renderer,
             const TwGame         *game,
             const TwState        *state,
             const TwRenderParams *params,
             const TwLayout       *layout,
             int                   w,
             int                   h)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  double scale = MIN (w / layout->width, h / layout->height);

  cairo_scale (cr, scale, scale);
  tw_renderer_draw (renderer, cr, game, state, params);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_game (gconstpointer data)
{
  const TwRules *rules = data;
  g_autofree char *path = tw_definition_bundled_path (rules->id);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = tw_definition_load_file (path, NULL, &error);
  const TwRenderer *renderer = tw_renderer_lookup (rules->id);
  guint with_region = 0, total = 0;

  g_assert_no_error (error);
  for (guint players = def->min_players; players <= MIN (def->max_players, 4); players++)
    {
      g_autoptr(TwGame) game = tw_game_new (def, players, NULL, &error);
      g_autofree TwState *state = tw_state_new (game, players);
      TwMoveList moves;
      TwRng rng;

      g_assert_no_error (error);
      tw_move_list_init (&moves);
      tw_rng_seed (&rng, 7 * players);
      for (guint step = 0; step < 2000; step++)
        {
          gboolean over = tw_state_to_act (game, state) < 0;
          if (step % 9 == 0 || over)
            {
              /* the board view asks for its own shape; sheets ask for none */
              static const double aspects[] = { 0, 0.8, 1.2, 1.6, 2.4 };
              TwRenderParams params = { .viewer = tw_state_to_act (game, state),
                                        .aspect = aspects[(step / 9) % G_N_ELEMENTS (aspects)] };
              TwRenderParams plain = { .viewer = params.viewer };
              TwLayout layout, wide;

              tw_renderer_layout (renderer, game, state, &params, &layout);
              g_assert_cmpfloat (layout.width, >, 0);
              g_assert_cmpfloat (layout.height, >, 0);
              /* an arrangement chosen for the shape never draws smaller in
               * it than the one made without a preference */
              tw_renderer_layout (renderer, game, state, &plain, &wide);
              if (params.aspect > 0)
                g_assert_cmpfloat (MIN (params.aspect / layout.width, 1 / layout.height), >=,
                                   MIN (params.aspect / wide.width, 1 / wide.height) - 1e-9);
              draw_fitted (renderer, game, state, &params, &layout, 640, 400);

              tw_move_list_clear (&moves);
              rules->legal_moves (game, state, &moves);
              for (guint i = 0; i < moves.len; i++)
                {
                  TwRect r;
                  total++;
                  if (!tw_renderer_move_region (renderer, game, state, &moves.moves[i], &params, &r))
                    continue;
                  with_region++;
                  if (r.width <= 0 || r.height <= 0 || r.x < -1e-6 || r.y < -1e-6
                      || r.x + r.width > layout.width + 1e-6 || r.y + r.height > layout.height + 1e-6)
                    {
                      g_autofree char *text = tw_move_to_string (game, state, &moves.moves[i]);
                      g_error ("%s: the region of '%s' (%g,%g %gx%g) is outside the layout (%gx%g)",
                               rules->id, text, r.x, r.y, r.width, r.height, layout.width, layout.height);
                    }
                }
            }
          if (over)
            break;
          tw_move_list_clear (&moves);
          rules->legal_moves (game, state, &moves);
          rules->apply (game, state, &moves.moves[tw_rng_below (&rng, moves.len)], NULL);
        }
      tw_move_list_free (&moves);
    }
  if (tw_renderer_is_fallback (renderer))
    g_test_message ("%s has no renderer yet: drawn as text, every move a button", rules->id);
  else
    g_assert_cmpuint (with_region, >, 0);
  g_test_message ("%s: %u of %u legal moves have a place on the board", rules->id, with_region, total);
}

/* A two-colour Blokus game (the bundled Blokus Duo) lays out two trays, one
 * a colour, not four, and draws without a cairo error. */
static void
test_blokus_two_colours (void)
{
  g_autofree char *path = tw_definition_bundled_path ("blokus-duo");
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = tw_definition_load_file (path, NULL, &error);
  const TwRenderer *renderer = tw_renderer_lookup ("blokus-shuffle");
  TwRenderParams params = { .viewer = 0 };
  guint trays = 0;
  TwLayout layout;

  g_assert_no_error (error);
  g_autoptr(TwGame) game = tw_game_new (def, 2, NULL, &error);
  g_assert_no_error (error);
  g_autofree TwState *state = tw_state_new (game, 1);
  tw_renderer_layout (renderer, game, state, &params, &layout);
  for (guint i = 0; i < layout.n_areas; i++)
    trays += layout.areas[i].kind == TW_AREA_PRIVATE;
  g_assert_cmpuint (trays, ==, 2);
  draw_fitted (renderer, game, state, &params, &layout, 600, 400);
}

/* Labels are laid out once and the layouts kept (tw_render_text): a label
 * drawn again, after its layout was evicted, or with other settings draws
 * what it drew the first time, and the height it reports does not change. */
static cairo_surface_t *
draw_labels (double *heights)
{
  static const char * const labels[] = { "7", "Tier 2 · 8 pts", "<b>Bold</b> and plain", "Bids" };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, 40, 40);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      heights[2 * i] = tw_render_text (cr, 0.2, 0.2 + i * 1.6, 4, 0.4, i == 0, TW_TEXT_LEFT,
                                       i == 2, labels[i]);
      heights[2 * i + 1] = tw_render_text (cr, 5, 0.2 + i * 1.6, 2.5, 0.3, FALSE,
                                           TW_TEXT_CENTER, i == 2, labels[i]);
    }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
test_text_cache (void)
{
  double first[8], again[8];
  cairo_surface_t *a = draw_labels (first);

  for (guint round = 1; round <= 2; round++)
    {
      cairo_surface_t *b = draw_labels (again);

      g_assert_cmpmem (cairo_image_surface_get_data (a), cairo_image_surface_get_stride (a) * 300,
                       cairo_image_surface_get_data (b), cairo_image_surface_get_stride (b) * 300);
      g_assert_cmpmem (first, sizeof first, again, sizeof again);
      cairo_surface_destroy (b);

      /* more distinct labels than the cache holds: the next round lays out afresh */
      {
        cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
        cairo_t *cr = cairo_create (scratch);

        for (guint i = 0; i < 2000; i++)
          {
            char text[16];

            g_snprintf (text, sizeof text, "%u", i);
            g_assert_cmpfloat (tw_render_text (cr, 0, 0, -1, 0.3, FALSE, TW_TEXT_LEFT, FALSE, text),
                               >, 0);
          }
        cairo_destroy (cr);
        cairo_surface_destroy (scratch);
      }
    }
  cairo_surface_destroy (a);
}

/* The height in pixels of the coloured (bar) part of the column at @x */
static int
bar_height_at (cairo_surface_t *surface,
               int              x)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    {
      const guint32 px = *(const guint32 *) (data + y * stride + x * 4);
      guint8 r = px >> 16, g = px >> 8, b = px;

      /* the bars' palette is saturated; the text and axes are grey */
      if (MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) > 60)
        n++;
    }
  return n;
}

/* A chart of counters on their own scales: a counter of 1 a game beside one
 * of 100 still gets a bar as tall as the other (on a shared axis it is a
 * sliver). */
static void
test_chart_own_scales (void)
{
  int heights[2][2];

  for (guint own = 0; own < 2; own++)
    {
      g_autoptr(TwChart) chart = tw_chart_new ("counters", 1);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 200);
      cairo_t *cr = cairo_create (surface);
      const double fg[3] = { 0.2, 0.2, 0.2 };

      chart->own_scales = own;
      tw_chart_add_bar (chart, "turns")->value[0] = 100;
      tw_chart_add_bar (chart, "goals")->value[0] = 1;
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      tw_chart_draw (chart, cr, 400, 200, fg);
      cairo_surface_flush (surface);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      /* the bars are the two runs of coloured columns, left to right */
      {
        guint run = 0;
        gboolean in_bar = FALSE;

        heights[own][0] = heights[own][1] = 0;
        for (int x = 0; x < 400; x++)
          {
            int h = bar_height_at (surface, x);

            if (h > 0 && !in_bar && run < 2)
              run++;
            in_bar = h > 0;
            if (h > 0)
              heights[own][run - 1] = MAX (heights[own][run - 1], h);
          }
        g_assert_cmpuint (run, ==, 2);
      }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  g_assert_cmpint (heights[0][0], >, 50);
  g_assert_cmpint (heights[0][1], <, heights[0][0] / 20 + 2);
  g_assert_cmpint (heights[1][1], >, heights[1][0] / 2);
}

/* Colorblock at the table follows the board view's shape: in a square
 * space its goal cards leave the right-hand column (under the shared board),
 * so the position draws larger than in the wide arrangement sheets use;
 * every place a move lands stays inside the new layout. */
static void
test_colorblock_aspect (void)
{
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = tw_definition_load_file (path, NULL, &error);
  g_autoptr(TwGame) game = NULL;
  g_autofree TwState *state = NULL;
  const TwRenderer *renderer = tw_renderer_lookup ("colorblock");
  TwRenderParams square = { .viewer = -1, .aspect = 1.0 }, plain = { .viewer = -1 };
  TwLayout a, b;
  TwMoveList moves;
  guint cards = 0;

  g_assert_no_error (error);
  game = tw_game_new (def, 3, NULL, &error);
  g_assert_no_error (error);
  state = tw_state_new (game, 3);
  tw_renderer_layout (renderer, game, state, &plain, &a);
  tw_renderer_layout (renderer, game, state, &square, &b);
  g_assert_cmpfloat (MIN (1 / b.width, 1 / b.height), >, 1.1 * MIN (1 / a.width, 1 / a.height));
  for (guint i = 0; i < b.n_areas; i++)
    if (b.areas[i].kind == TW_AREA_CARDS)
      {
        /* under the shared board, within its width */
        g_assert_cmpfloat (b.areas[i].rect.x, ==, b.areas[0].rect.x);
        g_assert_cmpfloat (b.areas[i].rect.y, >, b.areas[0].rect.y + b.areas[0].rect.height);
        cards++;
      }
  g_assert_cmpuint (cards, ==, 1);
  tw_move_list_init (&moves);
  game->rules->legal_moves (game, state, &moves);
  g_assert_cmpuint (moves.len, >, 0);
  for (guint i = 0; i < moves.len; i++)
    {
      TwRect r;

      if (tw_renderer_move_region (renderer, game, state, &moves.moves[i], &square, &r))
        g_assert_true (r.x >= 0 && r.y >= 0 && r.x + r.width <= b.width
                       && r.y + r.height <= b.height);
    }
  tw_move_list_free (&moves);
}

int
main (int argc, char **argv)
{
  guint n;
  const TwRules * const *all = tw_rules_all (&n);

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = g_strdup_printf ("/tw/render/%s", all[i]->id);
      g_test_add_data_func (p, all[i], test_game);
    }
  g_test_add_func ("/tw/render/blokus-two-colours", test_blokus_two_colours);
  g_test_add_func ("/tw/render/text-cache", test_text_cache);
  g_test_add_func ("/tw/render/chart-own-scales", test_chart_own_scales);
  g_test_add_func ("/tw/render/colorblock-aspect", test_colorblock_aspect);
  return g_test_run ();
}
