/* tw-face-draw.c: drawing faces, their images and icons
 *
 * See tw-face-draw.h. Images are read with gdk-pixbuf (PNG, JPEG) and
 * librsvg (SVG, drawn as vectors), after their size is known and checked,
 * and cached by path, modification time and size for the whole process: a
 * sheet of 75 tiles with one picture each reads the picture once. A JPEG
 * keeps its file's bytes as cairo MIME data, so a PDF embeds the JPEG
 * itself instead of a decoded copy.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "tw-face-draw.h"
#include "tw-render-draw.h"
#include "tw-renderer.h"

/* ---------------------------------------------------------------------- */
/* Images                                                                  */

typedef struct
{
  gint64           mtime;
  goffset          size;
  cairo_surface_t *surface;   /* PNG, JPEG */
  RsvgHandle      *svg;
  double           width;     /* pixels, or the SVG's own size */
  double           height;
  char            *error;     /* why it cannot be used, or NULL */
} Image;

/* The cache is shared by every thread that draws (the Print view's
 * preview, an export in a worker); librsvg handles are not safe to draw
 * from two threads at once, so SVG drawing holds the lock too. */
static GMutex      cache_lock;
static GHashTable *cache;   /* absolute path -> Image */
static gsize       cache_bytes;

#define CACHE_MAX_BYTES ((gsize) 512 * 1024 * 1024)

static void
image_free (gpointer data)
{
  Image *image = data;

  g_clear_pointer (&image->surface, cairo_surface_destroy);
  g_clear_object (&image->svg);
  g_free (image->error);
  g_free (image);
}

void
tw_face_images_clear (void)
{
  g_mutex_lock (&cache_lock);
  g_clear_pointer (&cache, g_hash_table_unref);
  cache_bytes = 0;
  g_mutex_unlock (&cache_lock);
}

/* gdk-pixbuf's straight RGB(A) into cairo's premultiplied native-endian
 * ARGB32: GDK does this in gdk_texture, but the render layer has no GDK. */
static cairo_surface_t *
surface_from_pixbuf (GdkPixbuf *pixbuf)
{
  int w = gdk_pixbuf_get_width (pixbuf), h = gdk_pixbuf_get_height (pixbuf);
  int n = gdk_pixbuf_get_n_channels (pixbuf), stride = gdk_pixbuf_get_rowstride (pixbuf);
  gboolean alpha = gdk_pixbuf_get_has_alpha (pixbuf);
  const guchar *src = gdk_pixbuf_read_pixels (pixbuf);
  cairo_surface_t *surface = cairo_image_surface_create (alpha ? CAIRO_FORMAT_ARGB32
                                                               : CAIRO_FORMAT_RGB24, w, h);
  guchar *dst;
  int dstride;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    return surface;
  cairo_surface_flush (surface);
  dst = cairo_image_surface_get_data (surface);
  dstride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < h; y++)
    {
      const guchar *s = src + (gsize) y * stride;
      guint32 *d = (guint32 *) (dst + (gsize) y * dstride);

      for (int x = 0; x < w; x++, s += n)
        {
          guint a = alpha ? s[3] : 255;
          guint r = (s[0] * a + 127) / 255, g = (s[1] * a + 127) / 255, b = (s[2] * a + 127) / 255;

          d[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

static void
load_image (Image      *image,
            const char *path)
{
  g_autoptr(GError) error = NULL;

  if (g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".SVG"))
    {
      RsvgHandle *svg = rsvg_handle_new_from_file (path, &error);
      double w = 0, h = 0;

      if (svg == NULL)
        {
          image->error = g_strdup_printf (_("not a readable SVG (%s)"), error->message);
          return;
        }
      if (!rsvg_handle_get_intrinsic_size_in_pixels (svg, &w, &h) || w <= 0 || h <= 0)
        {
          /* no width and height: its viewBox gives the proportions */
          RsvgRectangle ink, logical;
          if (rsvg_handle_get_geometry_for_element (svg, NULL, &ink, &logical, NULL))
            {
              w = logical.width;
              h = logical.height;
            }
        }
      if (!(w > 0 && h > 0 && w < 1e6 && h < 1e6))
        {
          g_object_unref (svg);
          image->error = g_strdup (_("an SVG without a usable size"));
          return;
        }
      image->svg = svg;
      image->width = w;
      image->height = h;
      return;
    }

  {
    int w = 0, h = 0;
    GdkPixbufFormat *format = gdk_pixbuf_get_file_info (path, &w, &h);
    g_autoptr(GdkPixbuf) pixbuf = NULL;
    g_autofree char *name = NULL;

    if (format == NULL)
      {
        image->error = g_strdup (_("not an image that can be read (PNG, JPEG or SVG)"));
        return;
      }
    name = gdk_pixbuf_format_get_name (format);
    if (w <= 0 || h <= 0 || w > TW_FACE_IMAGE_MAX_SIDE || h > TW_FACE_IMAGE_MAX_SIDE
        || (gint64) w * h > TW_FACE_IMAGE_MAX_PIXELS)
      {
        image->error = g_strdup_printf (_("%d x %d pixels, over the limit of %d pixels a side "
                                          "and %d megapixels"), w, h, TW_FACE_IMAGE_MAX_SIDE,
                                        TW_FACE_IMAGE_MAX_PIXELS / (1024 * 1024));
        return;
      }
    pixbuf = gdk_pixbuf_new_from_file (path, &error);
    if (pixbuf == NULL)
      {
        image->error = g_strdup_printf (_("a damaged %s file (%s)"), name, error->message);
        return;
      }
    image->surface = surface_from_pixbuf (pixbuf);
    if (cairo_surface_status (image->surface) != CAIRO_STATUS_SUCCESS)
      {
        image->error = g_strdup (cairo_status_to_string (cairo_surface_status (image->surface)));
        g_clear_pointer (&image->surface, cairo_surface_destroy);
        return;
      }
    image->width = gdk_pixbuf_get_width (pixbuf);
    image->height = gdk_pixbuf_get_height (pixbuf);
    if (strcmp (name, "jpeg") == 0)
      {
        char *bytes = NULL;
        gsize len = 0;

        if (g_file_get_contents (path, &bytes, &len, NULL))
          cairo_surface_set_mime_data (image->surface, CAIRO_MIME_TYPE_JPEG,
                                       (const unsigned char *) bytes, len, g_free, bytes);
      }
  }
}

/* The image at @path, from the cache or read now; with the lock held. */
static Image *
get_image_locked (const char *path)
{
  GStatBuf st;
  Image *image;

  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, image_free);
  image = g_hash_table_lookup (cache, path);
  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      if (image == NULL || image->surface != NULL || image->svg != NULL)
        {
          image = g_new0 (Image, 1);
          g_hash_table_replace (cache, g_strdup (path), image);
        }
      g_free (image->error);
      image->error = g_strdup (g_strerror (saved));
      return image;
    }
  if (image != NULL && image->mtime == (gint64) st.st_mtime && image->size == st.st_size
      && image->error == NULL)
    return image;

  if (cache_bytes > CACHE_MAX_BYTES)
    {
      g_hash_table_remove_all (cache);
      cache_bytes = 0;
    }
  image = g_new0 (Image, 1);
  image->mtime = st.st_mtime;
  image->size = st.st_size;
  if (!S_ISREG (st.st_mode))
    image->error = g_strdup (_("not a file"));
  else if (st.st_size > TW_FACE_IMAGE_MAX_BYTES)
    image->error = g_strdup_printf (_("%.0f MB, over the limit of %d MB"), st.st_size / 1e6,
                                    TW_FACE_IMAGE_MAX_BYTES / (1024 * 1024));
  else
    load_image (image, path);
  if (image->surface != NULL)
    cache_bytes += (gsize) cairo_image_surface_get_stride (image->surface)
                   * cairo_image_surface_get_height (image->surface);
  else
    cache_bytes += st.st_size;
  g_hash_table_replace (cache, g_strdup (path), image);
  return image;
}

/* @file of a face, relative to the definition's folder. */
static char *
resolve_path (const TwDefinition *def,
              const char         *file)
{
  g_autofree char *dir = NULL;

  if (g_path_is_absolute (file))
    return g_strdup (file);
  if (def->base_dir != NULL)
    return g_canonicalize_filename (file, def->base_dir);
  if (def->path == NULL || def->path[0] == '<')
    return g_canonicalize_filename (file, NULL);
  dir = g_path_get_dirname (def->path);
  {
    g_autofree char *abs_dir = g_canonicalize_filename (dir, NULL);
    return g_canonicalize_filename (file, abs_dir);
  }
}

/* Why @path cannot be drawn, or NULL when it can. */
static char *
image_problem (const char *path)
{
  char *problem;

  g_mutex_lock (&cache_lock);
  problem = g_strdup (get_image_locked (path)->error);
  g_mutex_unlock (&cache_lock);
  return problem;
}

/* A crossed box where an image is missing: the proof shows the gap. */
static void
draw_missing (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.15);
  cairo_fill_preserve (cr);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + w, y + h);
  cairo_move_to (cr, x + w, y);
  cairo_line_to (cr, x, y + h);
  cairo_set_source_rgba (cr, 0.6, 0.1, 0.1, 0.7);
  cairo_set_line_width (cr, 0.3);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Draws the image at @path into the box, fitted; FALSE when it cannot. */
static gboolean
draw_image (cairo_t   *cr,
            const char *path,
            TwFaceFit  fit,
            double     x,
            double     y,
            double     w,
            double     h)
{
  Image *image;
  double sx, sy, iw, ih;
  gboolean ok = FALSE;

  g_mutex_lock (&cache_lock);
  image = get_image_locked (path);
  if (image->error != NULL || w <= 0 || h <= 0)
    goto out;
  iw = image->width;
  ih = image->height;
  sx = w / iw;
  sy = h / ih;
  if (fit == TW_FIT_CONTAIN)
    sx = sy = MIN (sx, sy);
  else if (fit == TW_FIT_COVER)
    sx = sy = MAX (sx, sy);

  cairo_save (cr);
  /* the box, and within it the image's own rectangle: contained, it
   * leaves the rest of the box as it was */
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  cairo_rectangle (cr, x + (w - iw * sx) / 2, y + (h - ih * sy) / 2, iw * sx, ih * sy);
  cairo_clip (cr);
  cairo_translate (cr, x + (w - iw * sx) / 2, y + (h - ih * sy) / 2);
  if (image->svg != NULL)
    {
      /* librsvg keeps an SVG's proportions: stretch by scaling the viewport */
      RsvgRectangle viewport = { 0, 0, iw, ih };
      cairo_scale (cr, sx, sy);
      ok = rsvg_handle_render_document (image->svg, cr, &viewport, NULL);
    }
  else
    {
      cairo_scale (cr, sx, sy);
      cairo_set_source_surface (cr, image->surface, 0, 0);
      cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
      cairo_paint (cr);
      ok = TRUE;
    }
  cairo_restore (cr);
out:
  g_mutex_unlock (&cache_lock);
  return ok;
}

/* ---------------------------------------------------------------------- */
/* Icons                                                                   */

/* The project's icons, as paths in the unit square. */
static void
icon_path (cairo_t    *cr,
           const char *name)
{
  if (strcmp (name, "star") == 0)
    tw_draw_star_path (cr, 0.5, 0.53, 0.5);
  else if (strcmp (name, "heart") == 0)
    {
      cairo_move_to (cr, 0.5, 0.95);
      cairo_curve_to (cr, 0.1, 0.65, 0.0, 0.45, 0.0, 0.3);
      cairo_curve_to (cr, 0.0, 0.1, 0.15, 0.02, 0.28, 0.02);
      cairo_curve_to (cr, 0.4, 0.02, 0.47, 0.1, 0.5, 0.2);
      cairo_curve_to (cr, 0.53, 0.1, 0.6, 0.02, 0.72, 0.02);
      cairo_curve_to (cr, 0.85, 0.02, 1.0, 0.1, 1.0, 0.3);
      cairo_curve_to (cr, 1.0, 0.45, 0.9, 0.65, 0.5, 0.95);
      cairo_close_path (cr);
    }
  else if (strcmp (name, "circle") == 0)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.5, 0.5, 0.5, 0, 2 * G_PI);
    }
  else if (strcmp (name, "dot") == 0)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.5, 0.5, 0.25, 0, 2 * G_PI);
    }
  else if (strcmp (name, "square") == 0)
    cairo_rectangle (cr, 0.05, 0.05, 0.9, 0.9);
  else if (strcmp (name, "diamond") == 0)
    {
      cairo_move_to (cr, 0.5, 0);
      cairo_line_to (cr, 1, 0.5);
      cairo_line_to (cr, 0.5, 1);
      cairo_line_to (cr, 0, 0.5);
      cairo_close_path (cr);
    }
  else if (strcmp (name, "triangle") == 0)
    {
      cairo_move_to (cr, 0.5, 0.05);
      cairo_line_to (cr, 1, 0.92);
      cairo_line_to (cr, 0, 0.92);
      cairo_close_path (cr);
    }
  else if (strcmp (name, "hexagon") == 0)
    {
      for (int i = 0; i < 6; i++)
        {
          double a = G_PI / 3 * i;
          if (i == 0)
            cairo_move_to (cr, 0.5 + 0.5 * cos (a), 0.5 + 0.5 * sin (a));
          else
            cairo_line_to (cr, 0.5 + 0.5 * cos (a), 0.5 + 0.5 * sin (a));
        }
      cairo_close_path (cr);
    }
  else if (strcmp (name, "cross") == 0)
    {
      /* an X of two bars, as one outline */
      static const double p[][2] = {
        { 0.2, 0.05 }, { 0.5, 0.35 }, { 0.8, 0.05 }, { 0.95, 0.2 }, { 0.65, 0.5 },
        { 0.95, 0.8 }, { 0.8, 0.95 }, { 0.5, 0.65 }, { 0.2, 0.95 }, { 0.05, 0.8 },
        { 0.35, 0.5 }, { 0.05, 0.2 },
      };
      for (guint i = 0; i < G_N_ELEMENTS (p); i++)
        (i == 0 ? cairo_move_to : cairo_line_to) (cr, p[i][0], p[i][1]);
      cairo_close_path (cr);
    }
  else if (strcmp (name, "check") == 0)
    {
      cairo_move_to (cr, 0.02, 0.55);
      cairo_line_to (cr, 0.17, 0.4);
      cairo_line_to (cr, 0.38, 0.6);
      cairo_line_to (cr, 0.83, 0.1);
      cairo_line_to (cr, 0.98, 0.25);
      cairo_line_to (cr, 0.38, 0.9);
      cairo_close_path (cr);
    }
}

/* ---------------------------------------------------------------------- */
/* Layers                                                                  */

typedef struct
{
  cairo_t            *cr;
  const TwDefinition *def;
  const TwFace       *face;
  guint               index;
  double              x, y, w, h, bleed;
} Ctx;

/* A colour template's colour; FALSE when it expands to nothing usable. */
static gboolean
set_color (Ctx        *c,
           const char *template_,
           double      fallback_gray)
{
  double rgba[4] = { fallback_gray, fallback_gray, fallback_gray, 1 };

  if (template_ != NULL)
    {
      g_autofree char *s = tw_face_expand (c->def, c->face->target, c->index, template_, FALSE);
      if (!tw_face_parse_color (c->def, s, rgba))
        return FALSE;
    }
  if (rgba[3] <= 0)
    return FALSE;
  cairo_set_source_rgba (c->cr, rgba[0], rgba[1], rgba[2], rgba[3]);
  return TRUE;
}

/* The layer's box in mm on the page; with @bleed, sides on the cut move out
 * into the bleed. */
static void
layer_box (Ctx               *c,
           const TwFaceLayer *l,
           gboolean           bleed,
           double            *bx,
           double            *by,
           double            *bw,
           double            *bh)
{
  double x = tw_face_length_mm (l->x, c->w), y = tw_face_length_mm (l->y, c->h);
  double w = l->has_w ? tw_face_length_mm (l->w, c->w) : c->w - x;
  double h = l->has_h ? tw_face_length_mm (l->h, c->h) : c->h - y;

  if (bleed && c->bleed > 0)
    {
      const double eps = 0.01;
      if (x <= eps)
        {
          w += x + c->bleed;
          x = -c->bleed;
        }
      if (y <= eps)
        {
          h += y + c->bleed;
          y = -c->bleed;
        }
      if (x + w >= c->w - eps)
        w = c->w + c->bleed - x;
      if (y + h >= c->h - eps)
        h = c->h + c->bleed - y;
    }
  *bx = c->x + x;
  *by = c->y + y;
  *bw = MAX (w, 0);
  *bh = MAX (h, 0);
}

PangoLayout *
tw_face_layout_new (cairo_t *cr)
{
  PangoContext *context = pango_cairo_create_context (cr);
  cairo_font_options_t *options = cairo_font_options_create ();
  PangoLayout *layout;

  /* Glyphs where the font puts them: Pango rounds glyph positions to whole
   * units, here millimetres ("F ive", "Col orbl ock"), and hinted metrics
   * would snap advances to a device grid a PDF or SVG does not have. */
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  /* user units are millimetres: 25.4 of them to the inch makes font sizes
   * come out in real points */
  pango_cairo_context_set_resolution (context, 25.4);
  layout = pango_layout_new (context);
  g_object_unref (context);   /* the layout keeps its own reference */
  return layout;
}

static void
draw_text (Ctx               *c,
           const TwFaceLayer *l)
{
  g_autofree char *text = tw_face_expand (c->def, c->face->target, c->index, l->text, l->markup);
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *desc;
  double x, y, w, h, size;
  int lw, lh;

  if (text == NULL || text[0] == '\0')
    return;
  layer_box (c, l, FALSE, &x, &y, &w, &h);
  if (w <= 0 || h <= 0)
    return;
  layout = tw_face_layout_new (c->cr);
  desc = pango_font_description_from_string (l->font ? l->font : "Sans 10");
  if (pango_font_description_get_family (desc) == NULL)
    pango_font_description_set_family (desc, "Sans");
  if (l->size > 0)
    pango_font_description_set_size (desc, (int) (l->size * PANGO_SCALE));
  else if (pango_font_description_get_size (desc) == 0)
    pango_font_description_set_size (desc, 10 * PANGO_SCALE);
  if (l->weight > 0)
    pango_font_description_set_weight (desc, l->weight);
  if (l->italic)
    pango_font_description_set_style (desc, PANGO_STYLE_ITALIC);
  size = pango_font_description_get_size (desc) / (double) PANGO_SCALE;

  pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
  pango_layout_set_alignment (layout, l->align == TW_ALIGN_CENTER ? PANGO_ALIGN_CENTER
                                      : l->align == TW_ALIGN_END ? PANGO_ALIGN_RIGHT
                                      : PANGO_ALIGN_LEFT);
  if (l->markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);

  if (l->shrink)
    {
      /* whole words only, then smaller type until the text fits the box */
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
      if (!l->wrap)
        pango_layout_set_width (layout, -1);
      for (;;)
        {
          pango_font_description_set_size (desc, (int) (size * PANGO_SCALE));
          pango_layout_set_font_description (layout, desc);
          pango_layout_get_size (layout, &lw, &lh);
          if ((lh <= h * PANGO_SCALE && lw <= w * PANGO_SCALE) || size <= 3)
            break;
          size = MAX (3, size * 0.93);
        }
      if (!l->wrap)
        pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
      pango_layout_set_height (layout, (int) (h * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  else
    {
      pango_layout_set_font_description (layout, desc);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, l->wrap ? (int) (h * PANGO_SCALE) : 0);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_font_description_free (desc);
  pango_layout_get_size (layout, &lw, &lh);
  if (l->valign == TW_ALIGN_CENTER)
    y += (h - lh / (double) PANGO_SCALE) / 2;
  else if (l->valign == TW_ALIGN_END)
    y += h - lh / (double) PANGO_SCALE;

  if (!set_color (c, l->color, 0.1))
    return;
  cairo_save (c->cr);
  cairo_rectangle (c->cr, x, MIN (y, c->y + tw_face_length_mm (l->y, c->h)), w, MAX (h, lh / (double) PANGO_SCALE));
  cairo_clip (c->cr);
  cairo_move_to (c->cr, x, y);
  pango_cairo_show_layout (c->cr, layout);
  cairo_restore (c->cr);
}

/* An icon of the set or an SVG file, in a box. */
static void
draw_icon (Ctx        *c,
           const char *icon,
           const char *color,
           double      x,
           double      y,
           double      w,
           double      h)
{
  if (g_str_has_suffix (icon, ".svg"))
    {
      g_autofree char *path = resolve_path (c->def, icon);
      if (!draw_image (c->cr, path, TW_FIT_CONTAIN, x, y, w, h))
        draw_missing (c->cr, x, y, w, h);
      return;
    }
  if (!g_strv_contains (tw_face_icon_names (), icon))
    return;
  double s = MIN (w, h);
  cairo_save (c->cr);
  cairo_translate (c->cr, x + (w - s) / 2, y + (h - s) / 2);
  cairo_scale (c->cr, s, s);
  icon_path (c->cr, icon);
  cairo_restore (c->cr);
  if (set_color (c, color, 0.1))
    cairo_fill (c->cr);
  else
    cairo_new_path (c->cr);
}

static void
draw_layer (Ctx                 *c,
            const TwFaceLayer   *l,
            TwFaceComponentFunc  component,
            gpointer             data)
{
  cairo_t *cr = c->cr;
  double x, y, w, h;

  switch (l->type)
    {
    case TW_LAYER_RECT:
      layer_box (c, l, l->bleed, &x, &y, &w, &h);
      if (l->radius > 0)
        tw_render_rounded_rect (cr, x, y, w, h, l->radius);
      else
        cairo_rectangle (cr, x, y, w, h);
      if (l->fill != NULL && set_color (c, l->fill, 0))
        cairo_fill_preserve (cr);
      if (l->stroke != NULL && l->stroke_width > 0 && set_color (c, l->stroke, 0))
        {
          cairo_set_line_width (cr, l->stroke_width);
          cairo_stroke_preserve (cr);
        }
      cairo_new_path (cr);
      break;
    case TW_LAYER_TEXT:
      draw_text (c, l);
      break;
    case TW_LAYER_IMAGE:
      {
        g_autofree char *file = tw_face_expand (c->def, c->face->target, c->index, l->file, FALSE);
        g_autofree char *path = NULL;

        /* no file for this component ("{art}" of a card without art): no image */
        if (file == NULL || g_strstrip (file)[0] == '\0')
          break;
        path = resolve_path (c->def, file);
        layer_box (c, l, l->bleed, &x, &y, &w, &h);
        if (!draw_image (cr, path, l->fit, x, y, w, h))
          draw_missing (cr, x, y, w, h);
        break;
      }
    case TW_LAYER_ICON:
      {
        g_autofree char *icon = tw_face_expand (c->def, c->face->target, c->index, l->icon, FALSE);
        layer_box (c, l, FALSE, &x, &y, &w, &h);
        if (icon != NULL && icon[0] != '\0')
          draw_icon (c, icon, l->color, x, y, w, h);
        break;
      }
    case TW_LAYER_SYMBOLS:
      {
        g_autofree char *icon = tw_face_expand (c->def, c->face->target, c->index, l->icon, FALSE);
        g_autofree char *count_s = tw_face_expand (c->def, c->face->target, c->index, l->count, FALSE);
        gint64 n = count_s ? g_ascii_strtoll (count_s, NULL, 10) : 0;
        double s = l->size, step = l->size + l->spacing, row_x;
        guint per_row, done = 0;

        n = CLAMP (n, 0, (gint64) l->max);
        layer_box (c, l, FALSE, &x, &y, &w, &h);
        if (n == 0 || icon == NULL || icon[0] == '\0' || step <= 0)
          break;
        /* a row as wide as the box allows, then the next row below */
        per_row = MAX (1, (guint) floor ((w + l->spacing) / step));
        for (double row_y = y; done < n; row_y += step)
          {
            guint in_row = MIN (per_row, (guint) n - done);
            double row_w = in_row * step - l->spacing;

            row_x = l->align == TW_ALIGN_CENTER ? x + (w - row_w) / 2
                    : l->align == TW_ALIGN_END ? x + w - row_w : x;
            for (guint i = 0; i < in_row; i++)
              draw_icon (c, icon, l->color, row_x + i * step, row_y, s, s);
            done += in_row;
          }
        break;
      }
    case TW_LAYER_COMPONENT:
      layer_box (c, l, FALSE, &x, &y, &w, &h);
      if (component != NULL && w > 0 && h > 0)
        {
          cairo_save (cr);
          component (cr, x, y, w, h, data);
          cairo_restore (cr);
        }
      break;
    default:
      break;
    }
}

void
tw_face_draw (cairo_t             *cr,
              const TwDefinition  *def,
              const TwFace        *face,
              guint                index,
              double               x,
              double               y,
              double               w,
              double               h,
              double               bleed,
              TwFaceComponentFunc  component,
              gpointer             data)
{
  Ctx c = { cr, def, face, index, x, y, w, h, bleed };

  g_return_if_fail (cr != NULL && def != NULL && face != NULL);

  for (guint i = 0; i < face->n_layers; i++)
    {
      const TwFaceLayer *l = &face->layers[i];

      cairo_save (cr);
      if (l->opacity < 1)
        cairo_push_group (cr);
      draw_layer (&c, l, component, data);
      if (l->opacity < 1)
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, l->opacity);
        }
      cairo_restore (cr);
    }
}

/* ---------------------------------------------------------------------- */
/* Checks                                                                  */

static const char *
subject_name (const TwDefinition *def,
              const TwFace       *face,
              guint               i)
{
  if (face->target == TW_FACE_CARD)
    return def->cards[i].id;
  if (face->target == TW_FACE_TILE)
    return def->tiles[i].id;
  if (face->target == TW_FACE_PIECE)
    return def->pieces[i % def->n_pieces].id;
  return face->target == TW_FACE_TILE_BACK ? _("the tile back") : _("the card back");
}

static void
check_file (const TwDefinition *def,
            const TwFace       *face,
            const TwFaceLayer  *l,
            const char         *template_,
            const char         *key,
            TwDiagnostics      *diags,
            gboolean            as_errors)
{
  guint reported = 0, more = 0;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const TwNode *at = tw_node_get (l->node, key);

  for (guint i = 0; i < tw_face_n_subjects (def, face->target); i++)
    {
      g_autofree char *file = NULL;
      g_autofree char *path = NULL;
      g_autofree char *problem = NULL;

      if ((face->target == TW_FACE_CARD || face->target == TW_FACE_PIECE)
          && tw_face_find (def, face->target, i) != face)
        continue;
      file = tw_face_expand (def, face->target, i, template_, FALSE);
      if (file == NULL || g_strstrip (file)[0] == '\0'
          || (l->type != TW_LAYER_IMAGE && !g_str_has_suffix (file, ".svg")))
        continue;
      path = resolve_path (def, file);
      if (!g_hash_table_add (seen, g_strdup (path)))
        continue;
      problem = image_problem (path);
      if (problem == NULL)
        continue;
      if (reported++ >= 5)
        {
          more++;
          continue;
        }
      {
        g_autofree char *shown = tw_excerpt (file, TW_EXCERPT_REASON);
        g_autofree char *msg = NULL;

        if (strchr (template_, '{') != NULL
            && (face->target == TW_FACE_CARD || face->target == TW_FACE_TILE
                || face->target == TW_FACE_PIECE))
          msg = g_strdup_printf (face->target == TW_FACE_TILE ? _("image '%s' of tile '%s': %s")
                                 : face->target == TW_FACE_PIECE ? _("image '%s' of piece '%s': %s")
                                 : _("image '%s' of card '%s': %s"), shown,
                                 subject_name (def, face, i), problem);
        else
          msg = g_strdup_printf (_("image '%s': %s"), shown, problem);
        tw_diagnostics_add (diags, as_errors ? TW_DIAG_ERROR : TW_DIAG_WARNING,
                            at ? at->line : 0, at ? at->column : 0,
                            _("image paths are relative to the definition's folder"), "%s", msg);
      }
    }
  if (more > 0)
    tw_diagnostics_add (diags, as_errors ? TW_DIAG_ERROR : TW_DIAG_WARNING,
                        at ? at->line : 0, at ? at->column : 0, NULL,
                        g_dngettext (GETTEXT_PACKAGE,
                                     "and %u more image of this layer cannot be used",
                                     "and %u more images of this layer cannot be used", more),
                        more);
}

static gboolean
family_installed (PangoFontMap *map,
                  const char   *family)
{
  PangoFontFamily **families = NULL;
  int n = 0;
  gboolean found = FALSE;

  /* the generic names fontconfig always resolves */
  if (g_ascii_strcasecmp (family, "sans") == 0 || g_ascii_strcasecmp (family, "serif") == 0
      || g_ascii_strcasecmp (family, "monospace") == 0 || g_ascii_strcasecmp (family, "sans-serif") == 0
      || g_ascii_strcasecmp (family, "cursive") == 0 || g_ascii_strcasecmp (family, "fantasy") == 0
      || g_ascii_strcasecmp (family, "system-ui") == 0)
    return TRUE;
  pango_font_map_list_families (map, &families, &n);
  for (int i = 0; i < n && !found; i++)
    found = g_ascii_strcasecmp (pango_font_family_get_name (families[i]), family) == 0;
  g_free (families);
  return found;
}

gboolean
tw_faces_check_needed (const TwDefinition *def)
{
  g_return_val_if_fail (def != NULL, FALSE);

  for (guint f = 0; f < def->n_faces; f++)
    for (guint i = 0; i < def->faces[f].n_layers; i++)
      {
        const TwFaceLayer *l = &def->faces[f].layers[i];

        if ((l->type == TW_LAYER_IMAGE && l->file != NULL)
            || ((l->type == TW_LAYER_ICON || l->type == TW_LAYER_SYMBOLS) && l->icon != NULL)
            || (l->type == TW_LAYER_TEXT && l->font != NULL))
          return TRUE;
      }
  return FALSE;
}

void
tw_faces_check (const TwDefinition *def,
                TwDiagnostics      *diags,
                gboolean            as_errors)
{
  PangoFontMap *map = NULL;

  g_return_if_fail (def != NULL);

  for (guint f = 0; f < def->n_faces; f++)
    {
      const TwFace *face = &def->faces[f];

      for (guint i = 0; i < face->n_layers; i++)
        {
          const TwFaceLayer *l = &face->layers[i];

          if (l->type == TW_LAYER_IMAGE && l->file != NULL)
            check_file (def, face, l, l->file, "file", diags, as_errors);
          else if ((l->type == TW_LAYER_ICON || l->type == TW_LAYER_SYMBOLS) && l->icon != NULL)
            check_file (def, face, l, l->icon, "icon", diags, as_errors);
          else if (l->type == TW_LAYER_TEXT && l->font != NULL)
            {
              PangoFontDescription *desc = pango_font_description_from_string (l->font);
              const char *families = pango_font_description_get_family (desc);

              if (map == NULL)
                map = pango_cairo_font_map_new ();
              if (families != NULL)
                {
                  g_auto(GStrv) list = g_strsplit (families, ",", -1);
                  gboolean any = FALSE;

                  for (guint k = 0; list[k] != NULL && !any; k++)
                    any = family_installed (map, g_strstrip (list[k]));
                  if (!any)
                    {
                      g_autofree char *shown = tw_excerpt (families, TW_EXCERPT_VALUE);
                      tw_diag_warning (diags, tw_node_get (l->node, "font"),
                                       _("install the font, or name one that is installed "
                                         "(fc-list : family lists them)"),
                                       _("the font '%s' is not installed: a similar one is used"),
                                       shown);
                    }
                }
              pango_font_description_free (desc);
            }
        }
    }
  g_clear_object (&map);
}
