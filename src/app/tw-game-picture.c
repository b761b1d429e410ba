/* tw-game-picture.c: a picture of a game in progress
 *
 * See tw-game-picture.h. Nothing here knows a game: the renderer of the
 * definition's rules draws it.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-game-picture.h"

#include "tw-bot.h"
#include "tw-game.h"
#include "tw-renderer.h"

#define PICTURE_SEED 7

typedef struct
{
  char         *path;        /* the definition to load, or NULL */
  TwDefinition *definition;  /* the definition given, or NULL */
  TwGame       *game;        /* NULL until drawn first, or when the game fails */
  TwState      *state;
  gboolean      tried;
} Picture;

static void
picture_free (gpointer data)
{
  Picture *p = data;

  if (p->state != NULL)
    tw_state_free (p->state);
  g_clear_pointer (&p->game, tw_game_unref);
  g_clear_pointer (&p->definition, tw_definition_unref);
  g_free (p->path);
  g_free (p);
}

/* The position the picture shows: the policy bot plays two fifths of as many
 * moves as a random game of the same seed lasts. */
static void
picture_prepare (Picture *p)
{
  g_autoptr(TwDefinition) loaded = NULL;
  g_autoptr(GError) error = NULL;
  TwDefinition *def = p->definition;
  TwBotSpec spec;
  TwMoveList moves;
  TwState *probe;
  TwBot bot;
  TwRng rng;
  guint length;

  p->tried = TRUE;
  if (def == NULL && p->path != NULL)
    {
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (p->path);

      def = loaded = tw_definition_load_file (p->path, diags, &error);
    }
  if (def == NULL)
    return;
  p->game = tw_game_new (def, MAX (def->min_players, 2), NULL, &error);
  if (p->game == NULL)
    return;
  p->state = tw_state_new (p->game, PICTURE_SEED);

  tw_rng_seed (&rng, PICTURE_SEED);
  tw_move_list_init (&moves);
  probe = tw_state_copy (p->game, p->state);
  length = tw_state_random_playout (p->game, probe, &rng, &moves);
  tw_state_free (probe);
  tw_move_list_free (&moves);

  if (!tw_bot_spec_parse ("policy", &spec, NULL))
    return;
  tw_bot_init (&bot, &spec);
  probe = tw_state_copy (p->game, p->state);
  for (guint i = 0; i < length * 2 / 5; i++)
    {
      TwMove move;

      if (!tw_bot_play (&bot, p->game, p->state, &rng, NULL, &move))
        break;
      tw_state_copy_into (p->game, probe, p->state);
      if (!p->game->rules->apply (p->game, p->state, &move, NULL))
        break;
      /* a game in progress, not its end: the position before a last move */
      if (tw_state_is_terminal (p->game, p->state))
        {
          tw_state_copy_into (p->game, p->state, probe);
          break;
        }
    }
  tw_state_free (probe);
  tw_bot_clear (&bot);
}

static void
picture_draw (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  Picture *p = user_data;
  const double margin = 8;
  /* the picture's shape, so that a renderer can arrange for it */
  const TwRenderParams params = { .viewer = -1,
                                  .aspect = width > 2 * margin && height > 2 * margin
                                            ? (width - 2 * margin) / (height - 2 * margin) : 0 };
  const TwRenderer *renderer;
  TwLayout layout;
  double scale;

  if (!p->tried)
    picture_prepare (p);

  /* the table, as the Play view paints it */
  cairo_set_source_rgb (cr, 0.86, 0.84, 0.80);
  cairo_paint (cr);
  if (p->state == NULL)
    return;

  renderer = tw_renderer_lookup (p->game->rules->id);
  tw_renderer_layout (renderer, p->game, p->state, &params, &layout);
  if (layout.width <= 0 || layout.height <= 0)
    return;
  scale = MIN ((width - 2 * margin) / layout.width, (height - 2 * margin) / layout.height);
  if (scale <= 0)
    return;
  cairo_translate (cr, (width - layout.width * scale) / 2, (height - layout.height * scale) / 2);
  cairo_scale (cr, scale, scale);
  tw_renderer_draw (renderer, cr, p->game, p->state, &params);
}

GtkWidget *
tw_game_picture_new (int width,
                     int height)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), width);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), height);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), picture_draw,
                                  g_new0 (Picture, 1), picture_free);
  return area;
}

/* Draws @picture's new game, worked out again when next drawn. */
static void
picture_replace (GtkWidget *picture,
                 Picture   *p)
{
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (picture), picture_draw, p, picture_free);
}

void
tw_game_picture_set_path (GtkWidget  *picture,
                          const char *path)
{
  Picture *p = g_new0 (Picture, 1);

  g_return_if_fail (GTK_IS_DRAWING_AREA (picture));
  p->path = g_strdup (path);
  picture_replace (picture, p);
}

void
tw_game_picture_set_definition (GtkWidget    *picture,
                                TwDefinition *definition)
{
  Picture *p = g_new0 (Picture, 1);

  g_return_if_fail (GTK_IS_DRAWING_AREA (picture));
  p->definition = definition != NULL ? tw_definition_ref (definition) : NULL;
  picture_replace (picture, p);
}
