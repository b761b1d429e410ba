/* tw-render.h: drawing shared by the app and the exporter
 *
 * cairo only, no GTK: every board, tile and printed sheet is drawn by these
 * functions into any cairo context at any scale.
 */
#pragma once

#include <cairo.h>

#include "tw-definition.h"

G_BEGIN_DECLS

/* The colour of a definition's colour index as cairo source (alpha 1). */
void tw_render_set_color  (cairo_t            *cr,
                           const TwDefinition *def,
                           guint               color);

/* A square tile with its coloured sections, turned @rotation quarter turns
 * clockwise, its top-left corner at (x, y) and sides of @size user units.
 * Each section is the union of the triangles between the tile's centre and
 * the edges it covers; boundaries between sections are drawn as thin lines,
 * so two same-coloured sections of one tile stay visibly apart. */
void tw_render_tile       (cairo_t            *cr,
                           const TwDefinition *def,
                           const TwTileDef    *tile,
                           guint               rotation,
                           double              x,
                           double              y,
                           double              size);

G_END_DECLS
