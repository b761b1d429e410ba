/* tw-png.h: PNG files from cairo image surfaces, with their resolution
 *
 * cairo_surface_write_to_png() writes no pHYs chunk, so a sheet exported at
 * 300 DPI opens at the viewer's default size and prints at the wrong one.
 * This writer encodes with libpng and records the DPI the pixels were drawn
 * at, into an atomic save (tw-file.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "tw-file.h"

G_BEGIN_DECLS

/* Pixels per metre for @dpi, as the pHYs chunk stores them (300 → 11811). */
guint32  tw_png_pixels_per_metre (double            dpi);

gboolean tw_png_write            (cairo_surface_t  *image,
                                  double            dpi,
                                  TwSaveFile       *file,
                                  const char       *path,
                                  GError          **error);

G_END_DECLS
