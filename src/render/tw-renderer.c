/* tw-renderer.c: the renderer registry, the fallback renderer and helpers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-renderer.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "tw-render.h"

/* Renderers present in the build: meson defines TW_RENDER_HAVE_<GAME> for
 * every src/render/tw-render-<game>.c it finds, so a game's renderer lands
 * without an edit here once its row below exists. */
extern const TwRenderer tw_renderer_colorblock;
#ifdef TW_RENDER_HAVE_BLOKUS_SHUFFLE
extern const TwRenderer tw_renderer_blokus_shuffle;
#endif
#ifdef TW_RENDER_HAVE_COLORFIELD
extern const TwRenderer tw_renderer_colorfield;
#endif
#ifdef TW_RENDER_HAVE_COLOR_SHIFT
extern const TwRenderer tw_renderer_color_shift;
#endif
#ifdef TW_RENDER_HAVE_BLOCK_2_BLOCK
extern const TwRenderer tw_renderer_block_2_block;
#endif

static const TwRenderer * const renderers[] = {
  &tw_renderer_colorblock,
#ifdef TW_RENDER_HAVE_BLOKUS_SHUFFLE
  &tw_renderer_blokus_shuffle,
#endif
#ifdef TW_RENDER_HAVE_COLORFIELD
  &tw_renderer_colorfield,
#endif
#ifdef TW_RENDER_HAVE_COLOR_SHIFT
  &tw_renderer_color_shift,
#endif
#ifdef TW_RENDER_HAVE_BLOCK_2_BLOCK
  &tw_renderer_block_2_block,
#endif
};

/* ------------------------------------------------------------------------ */
/* Fallback: the position in the game's notation, every move a button.     */

#define FALLBACK_SIZE 0.5     /* text height in units */
#define FALLBACK_ADVANCE 0.3  /* rough monospace advance */

static void
fallback_layout (const TwGame         *game,
                 const TwState        *state,
                 const TwRenderParams *params,
                 TwLayout             *layout)
{
  g_autofree char *text = tw_state_to_string (game, state);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint longest = 10;
  guint n = g_strv_length (lines);

  for (guint i = 0; i < n; i++)
    longest = MAX (longest, g_utf8_strlen (lines[i], -1));
  layout->width = 1 + longest * FALLBACK_ADVANCE;
  layout->height = 1 + (n + 2) * FALLBACK_SIZE * 1.3;
  tw_layout_add_area (layout, TW_AREA_INFO, -1, 0, 0, layout->width, layout->height,
                      _("Position in notation"));
}

static void
fallback_draw (cairo_t              *cr,
               const TwGame         *game,
               const TwState        *state,
               const TwRenderParams *params)
{
  g_autofree char *text = tw_state_to_string (game, state);
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autofree char *markup = NULL;

  markup = g_strdup_printf ("<i>%s</i>\n<tt>%s</tt>",
                            _("No drawing for this game yet: its position in notation"),
                            escaped);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.18);
  tw_render_text (cr, 0.5, 0.5, -1, FALLBACK_SIZE * 0.8, FALSE, TW_TEXT_LEFT, TRUE, markup);
}

static gboolean
fallback_move_region (const TwGame         *game,
                      const TwState        *state,
                      const TwMove         *move,
                      const TwRenderParams *params,
                      TwRect               *rect)
{
  return FALSE;
}

static const TwRenderer fallback_renderer = {
  .rules_id = "",
  .layout = fallback_layout,
  .draw = fallback_draw,
  .move_region = fallback_move_region,
};

/**
 * tw_renderer_lookup:
 * @rules_id: (nullable): a rules module id
 *
 * Returns: (transfer none): the game's renderer, else the fallback renderer
 */
const TwRenderer *
tw_renderer_lookup (const char *rules_id)
{
  for (guint i = 0; rules_id != NULL && i < G_N_ELEMENTS (renderers); i++)
    if (strcmp (renderers[i]->rules_id, rules_id) == 0)
      return renderers[i];
  return &fallback_renderer;
}

gboolean
tw_renderer_is_fallback (const TwRenderer *renderer)
{
  return renderer == &fallback_renderer;
}

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

void
tw_layout_add_area (TwLayout   *layout,
                    TwAreaKind  kind,
                    int         seat,
                    double      x,
                    double      y,
                    double      width,
                    double      height,
                    const char *label)
{
  if (layout->n_areas >= TW_LAYOUT_MAX_AREAS)
    return;
  layout->areas[layout->n_areas++] = (TwArea) {
    .kind = kind, .seat = seat, .rect = { x, y, width, height }, .label = label,
  };
}

void
tw_render_rounded_rect (cairo_t *cr,
                        double   x,
                        double   y,
                        double   width,
                        double   height,
                        double   radius)
{
  radius = MIN (radius, MIN (width, height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
tw_render_board_tile (cairo_t            *cr,
                      const TwDefinition *def,
                      const TwTileDef    *tile,
                      guint               rotation,
                      double              x,
                      double              y,
                      double              size)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size / 100.0, size / 100.0);
  tw_render_tile (cr, def, tile, rotation, 0, 0, 100.0);
  cairo_restore (cr);
}

void
tw_render_ink (cairo_t *cr)
{
  cairo_set_source_rgb (cr, 0.14, 0.14, 0.17);
}

void
tw_render_muted (cairo_t *cr)
{
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.43);
}

void
tw_render_panel (cairo_t  *cr,
                 double    x,
                 double    y,
                 double    width,
                 double    height,
                 gboolean  active)
{
  tw_render_rounded_rect (cr, x, y, width, height, 0.25);
  cairo_set_source_rgb (cr, 0.975, 0.965, 0.94);
  cairo_fill_preserve (cr);
  if (active)
    {
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      cairo_set_line_width (cr, 0.08);
    }
  else
    {
      cairo_set_source_rgba (cr, 0, 0, 0, 0.18);
      cairo_set_line_width (cr, 0.03);
    }
  cairo_stroke (cr);
}

void
tw_render_targets (cairo_t              *cr,
                   const TwRenderer     *renderer,
                   const TwGame         *game,
                   const TwState        *state,
                   const TwRenderParams *params)
{
  TwRect prev = { -1, -1, -1, -1 };

  if (params->n_targets == 0)
    return;

  cairo_save (cr);
  for (guint i = 0; i < params->n_targets; i++)
    {
      TwRect r;

      /* moves sharing a region come one after another in legal order */
      if (!tw_renderer_move_region (renderer, game, state, &params->targets[i], params, &r)
          || tw_rect_equal (&r, &prev))
        continue;
      prev = r;
      double inset = MIN (r.width, r.height) * 0.08;
      tw_render_rounded_rect (cr, r.x + inset, r.y + inset, r.width - 2 * inset,
                              r.height - 2 * inset, MIN (r.width, r.height) * 0.12);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
      cairo_set_line_width (cr, MIN (r.width, r.height) * 0.05);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* Layouts are made at this many device units per board unit and scaled down,
 * so that font metrics are never rounded at a tiny size. */
#define TEXT_RES 64.0

static PangoFontMap *
text_font_map (void)
{
  /* One font map per thread: the bench and export may draw off the main thread. */
  static GPrivate key = G_PRIVATE_INIT (g_object_unref);
  PangoFontMap *map = g_private_get (&key);

  if (map == NULL)
    {
      map = pango_cairo_font_map_new ();
      g_private_set (&key, map);
    }
  return map;
}

static PangoContext *
text_context (void)
{
  static GPrivate key = G_PRIVATE_INIT (g_object_unref);
  PangoContext *context = g_private_get (&key);

  if (context == NULL)
    {
      cairo_font_options_t *options = cairo_font_options_create ();

      context = pango_font_map_create_context (text_font_map ());
      /* Unhinted metrics: the same layout at every zoom, no jumping text. */
      cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
      cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
      pango_cairo_context_set_font_options (context, options);
      cairo_font_options_destroy (options);
      g_private_set (&key, context);
    }
  return context;
}

static PangoLayout *
text_layout_new (double       width,
                 double       size,
                 gboolean     bold,
                 TwTextAlign  align,
                 gboolean     markup,
                 const char  *text)
{
  PangoLayout *layout = pango_layout_new (text_context ());
  PangoFontDescription *desc;

  desc = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (desc, size * TEXT_RES * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);

  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * TEXT_RES * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_alignment (layout, align == TW_TEXT_CENTER ? PANGO_ALIGN_CENTER
                                      : align == TW_TEXT_RIGHT ? PANGO_ALIGN_RIGHT
                                      : PANGO_ALIGN_LEFT);
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Laid-out text by (width, size, bold, align, markup, text), per thread.
 * Shaping is most of what drawing a label costs, and a board redraws the
 * same labels (numbers, titles, counts) every frame. A layout depends on
 * nothing but these and the thread's fixed context (text_context()), so a
 * cached one draws exactly what a new one would. The cache is emptied when
 * it holds TEXT_CACHE_MAX layouts, which bounds it when text keeps changing. */
#define TEXT_CACHE_MAX 512
#define TEXT_KEY_MAX   256   /* longer text is laid out every time */

static GHashTable *
text_cache (void)
{
  static GPrivate key = G_PRIVATE_INIT ((GDestroyNotify) g_hash_table_unref);
  GHashTable *cache = g_private_get (&key);

  if (cache == NULL)
    {
      cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      g_private_set (&key, cache);
    }
  return cache;
}

/* The laid-out text for these, from the cache when it has it (borrowed), or
 * new in *@owned when the key is too long to cache. @ellipsize ends a line
 * that does not fit @width with "…" instead of wrapping it. */
static PangoLayout *
text_layout_get (double        width,
                 double        size,
                 gboolean      bold,
                 TwTextAlign   align,
                 gboolean      markup,
                 gboolean      ellipsize,
                 const char   *text,
                 PangoLayout **owned)
{
  PangoLayout *layout;
  char key[TEXT_KEY_MAX + 64];
  int n;

  /* exact doubles (%a) in the key: equal keys, equal layouts */
  n = g_snprintf (key, sizeof key, "%a %a %d %d %d %d %s", width > 0 ? width : 0.0, size,
                  bold != FALSE, (int) align, markup != FALSE, ellipsize != FALSE, text);
  if (n > 0 && (gsize) n < sizeof key)
    {
      GHashTable *cache = text_cache ();

      layout = g_hash_table_lookup (cache, key);
      if (layout == NULL)
        {
          if (g_hash_table_size (cache) >= TEXT_CACHE_MAX)
            g_hash_table_remove_all (cache);
          layout = text_layout_new (width, size, bold, align, markup, text);
          if (ellipsize)
            pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
          g_hash_table_insert (cache, g_strdup (key), layout);
        }
      return layout;
    }
  layout = *owned = text_layout_new (width, size, bold, align, markup, text);
  if (ellipsize)
    pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

/* Shows @layout with its top-left at (x, y); returns its height in units. */
static double
text_show (cairo_t     *cr,
           PangoLayout *layout,
           double       x,
           double       y)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, 1 / TEXT_RES, 1 / TEXT_RES);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);

  return (double) h / PANGO_SCALE / TEXT_RES;
}

double
tw_render_text (cairo_t     *cr,
                double       x,
                double       y,
                double       width,
                double       size,
                gboolean     bold,
                TwTextAlign  align,
                gboolean     markup,
                const char  *text)
{
  g_autoptr(PangoLayout) owned = NULL;

  if (text == NULL || *text == '\0')
    return 0;
  return text_show (cr, text_layout_get (width, size, bold, align, markup, FALSE, text, &owned),
                    x, y);
}

double
tw_render_text_line (cairo_t     *cr,
                     double       x,
                     double       y,
                     double       width,
                     double       size,
                     gboolean     bold,
                     TwTextAlign  align,
                     const char  *text)
{
  g_autoptr(PangoLayout) measured = NULL;
  g_autoptr(PangoLayout) owned = NULL;
  PangoLayout *layout;
  int w, h;

  if (text == NULL || *text == '\0')
    return 0;
  layout = text_layout_get (-1, size, bold, align, FALSE, FALSE, text, &measured);
  pango_layout_get_size (layout, &w, &h);
  if (width > 0 && (double) w / PANGO_SCALE / TEXT_RES > width)
    size = MAX (size * 0.75, size * width / ((double) w / PANGO_SCALE / TEXT_RES));
  return text_show (cr, text_layout_get (width, size, bold, align, FALSE, TRUE, text, &owned),
                    x, y);
}

char *
tw_render_seat_name (const TwRenderParams *params,
                     guint                 seat)
{
  if (params != NULL && params->seat_names != NULL && params->seat_names[seat] != NULL)
    return g_strdup (params->seat_names[seat]);
  /* Translators: a seat at the table, numbered from 1 */
  return g_strdup_printf (_("Player %u"), seat + 1);
}
