/* tw-face-draw.h: drawing a card's or tile's face from its template
 *
 * A face (src/core/tw-faces.h) is a list of layers; this draws them with
 * cairo and Pango at real size, loads the images they name (once, cached,
 * within limits that no hostile file gets past) and checks what the core
 * loader cannot: that the image files exist and can be read, that the
 * fonts are installed.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "tw-definition.h"

G_BEGIN_DECLS

/* Limits on an image a face names: larger files are refused with a message. */
#define TW_FACE_IMAGE_MAX_BYTES  (64 * 1024 * 1024)
#define TW_FACE_IMAGE_MAX_SIDE   16384
#define TW_FACE_IMAGE_MAX_PIXELS (48 * 1024 * 1024)

/* Draws the module's own picture of the component into the box (mm). */
typedef void (*TwFaceComponentFunc) (cairo_t  *cr,
                                     double    x,
                                     double    y,
                                     double    w,
                                     double    h,
                                     gpointer  data);

/* Draws @face on the @index-th component of the face's target; user units
 * are millimetres, the cut is @w x @h at (@x, @y) and artwork may run
 * @bleed past it. @component draws COMPONENT layers. */
void         tw_face_draw          (cairo_t             *cr,
                                    const TwDefinition  *def,
                                    const TwFace        *face,
                                    guint                index,
                                    double               x,
                                    double               y,
                                    double               w,
                                    double               h,
                                    double               bleed,
                                    TwFaceComponentFunc  component,
                                    gpointer             data);

/* Reports every image file a face names that is missing, unreadable,
 * corrupt or over the limits (errors with @as_errors, else warnings), and
 * every font family that is not installed (warnings: Pango falls back). */
void         tw_faces_check        (const TwDefinition  *def,
                                    TwDiagnostics       *diags,
                                    gboolean             as_errors);

/* Does tw_faces_check() have files to read or fonts to look up for @def?
 * (It may take a while then, and belongs off the main loop.) */
gboolean     tw_faces_check_needed (const TwDefinition  *def);

/* A Pango layout for text on @cr whose user units are millimetres: sizes
 * come out in real points, glyphs are placed unhinted and unrounded. */
PangoLayout *tw_face_layout_new    (cairo_t             *cr);

/* Forgets the cached images (tests; a designer's replaced file is
 * noticed by its time and size anyway). */
void         tw_face_images_clear  (void);

G_END_DECLS
