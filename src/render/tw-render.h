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

/* The picture a card's parameters call for, as large as fits the box (x, y,
 * w, h) and centred in it: its SHAPE parameter as cells; else its number (the
 * first INT parameter, when it is required or the card also has a colour) as
 * a numeral; else its colour as a swatch. Drawn in the card's COLOR parameter
 * when it has one. Returns the height used, 0 when the card pictures nothing.
 * Play, Design's previews and the printed sheets all picture cards with it. */
double tw_render_card_picture (cairo_t            *cr,
                               const TwDefinition *def,
                               const TwCardDef    *card,
                               double              x,
                               double              y,
                               double              w,
                               double              h);

G_END_DECLS
