/* tw-png.c: PNG files from cairo image surfaces, with their resolution
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <string.h>

#include <png.h>
#include <glib/gi18n-lib.h>

#include "tw-png.h"

/* Where libpng's bytes go: a buffer in front of the save, so that the file
 * sees a few large writes rather than one per chunk header and CRC. */
typedef struct
{
  TwSaveFile *file;
  GError     *error;         /* the write that failed, with the system's reason */
  char        message[256];  /* libpng's own complaint */
  gsize       len;
  guint8      buf[64 * 1024];
} Sink;

static gboolean
sink_flush (Sink *sink)
{
  if (sink->len > 0 && !tw_save_file_write (sink->file, sink->buf, sink->len, &sink->error))
    return FALSE;
  sink->len = 0;
  return TRUE;
}

static void
on_write (png_structp png,
          png_bytep   data,
          size_t      len)
{
  Sink *sink = png_get_io_ptr (png);

  if (sink->len + len > sizeof sink->buf && !sink_flush (sink))
    png_error (png, _("write failed"));
  if (len > sizeof sink->buf)
    {
      if (!tw_save_file_write (sink->file, data, len, &sink->error))
        png_error (png, _("write failed"));
      return;
    }
  memcpy (sink->buf + sink->len, data, len);
  sink->len += len;
}

static void
on_flush (png_structp png)
{
  (void) png;   /* the save flushes once, when it is committed */
}

static void
on_error (png_structp     png,
          png_const_charp message)
{
  Sink *sink = png_get_error_ptr (png);

  g_strlcpy (sink->message, message, sizeof sink->message);
  png_longjmp (png, 1);
}

static void
on_warning (png_structp     png,
            png_const_charp message)
{
  (void) png;
  g_debug ("libpng: %s", message);
}

/* One row of cairo's native-endian, premultiplied pixels as RGB or straight
 * (not premultiplied) RGBA bytes. */
static void
convert_row (const guint32 *src,
             guint8        *dst,
             int            width,
             gboolean       alpha)
{
  for (int x = 0; x < width; x++)
    {
      guint32 p = src[x];
      guint a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

      if (!alpha)
        {
          *dst++ = (guint8) r;
          *dst++ = (guint8) g;
          *dst++ = (guint8) b;
          continue;
        }
      if (a == 0)
        r = g = b = 0;
      else if (a < 255)
        {
          r = (r * 255 + a / 2) / a;
          g = (g * 255 + a / 2) / a;
          b = (b * 255 + a / 2) / a;
        }
      *dst++ = (guint8) r;
      *dst++ = (guint8) g;
      *dst++ = (guint8) b;
      *dst++ = (guint8) a;
    }
}

/* The part that libpng may leave by longjmp: nothing here is changed after
 * setjmp() and read after the jump, and what must be freed is freed by the
 * caller, which holds it in variables the jump does not touch. */
static gboolean
encode (png_structp      png,
        png_infop        info,
        cairo_surface_t *image,
        double           dpi,
        guint8          *row)
{
  const guint8 *data = cairo_image_surface_get_data (image);
  int width = cairo_image_surface_get_width (image);
  int height = cairo_image_surface_get_height (image);
  int stride = cairo_image_surface_get_stride (image);
  gboolean alpha = cairo_image_surface_get_format (image) == CAIRO_FORMAT_ARGB32;
  guint32 ppm = tw_png_pixels_per_metre (dpi);

  if (setjmp (png_jmpbuf (png)))
    return FALSE;

  png_set_IHDR (png, info, (png_uint_32) width, (png_uint_32) height, 8,
                alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_pHYs (png, info, ppm, ppm, PNG_RESOLUTION_METER);
  /* No row filters: the sheets are flat colour, which zlib packs as well
   * unfiltered, and libpng's trial of every filter on every row was half
   * the time of a Tabletop Simulator export (100 cards: 1.12 s, 199 kB a
   * sheet with them; 0.63 s, 181 kB without); print pages come out about a
   * quarter larger and a third faster. */
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_write_info (png, info);
  for (int y = 0; y < height; y++)
    {
      convert_row ((const guint32 *) (data + (gsize) y * (gsize) stride), row, width, alpha);
      png_write_row (png, row);
    }
  png_write_end (png, info);
  return TRUE;
}

guint32
tw_png_pixels_per_metre (double dpi)
{
  return (guint32) lround (dpi / 0.0254);
}

/**
 * tw_png_write:
 * @image: an image surface, CAIRO_FORMAT_ARGB32 or CAIRO_FORMAT_RGB24
 * @dpi: what the pixels were drawn at, recorded in a pHYs chunk
 * @file: the save to write into; not committed here
 * @path: the file's name for messages
 * @error: a G_FILE_ERROR
 *
 * Encodes @image as an 8-bit RGB (RGB24) or RGBA (ARGB32, unpremultiplied)
 * PNG. A failed write is reported with the system's reason ("No space left
 * on device"), a surface in error with cairo's.
 */
gboolean
tw_png_write (cairo_surface_t  *image,
              double            dpi,
              TwSaveFile       *file,
              const char       *path,
              GError          **error)
{
  cairo_status_t st;
  cairo_format_t format;
  png_structp png;
  png_infop info;
  Sink *sink;
  guint8 *row;
  gboolean ok;

  g_return_val_if_fail (image != NULL && file != NULL && path != NULL, FALSE);
  g_return_val_if_fail (dpi > 0, FALSE);

  st = cairo_surface_status (image);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("cannot write '%s': %s"),
                   path, cairo_status_to_string (st));
      return FALSE;
    }
  g_return_val_if_fail (cairo_surface_get_type (image) == CAIRO_SURFACE_TYPE_IMAGE, FALSE);
  format = cairo_image_surface_get_format (image);
  g_return_val_if_fail (format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24, FALSE);
  cairo_surface_flush (image);

  sink = g_new0 (Sink, 1);
  sink->file = file;
  row = g_malloc ((gsize) MAX (cairo_image_surface_get_width (image), 1) * 4);
  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, sink, on_error, on_warning);
  info = png != NULL ? png_create_info_struct (png) : NULL;
  if (info == NULL)
    {
      g_strlcpy (sink->message, _("out of memory"), sizeof sink->message);
      ok = FALSE;
    }
  else
    {
      png_set_write_fn (png, sink, on_write, on_flush);
      ok = encode (png, info, image, dpi, row) && sink_flush (sink);
    }
  png_destroy_write_struct (&png, &info);

  if (!ok)
    {
      if (sink->error != NULL)
        g_propagate_error (error, g_steal_pointer (&sink->error));
      else
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("cannot write '%s': %s"),
                     path, sink->message);
    }
  g_clear_error (&sink->error);
  g_free (sink);
  g_free (row);
  return ok;
}
