/* tw-faces.h: how printed cards and tiles look, as the designer wrote it
 *
 * A definition's `faces:` section gives, per kind of component (every card
 * front, the fronts of one card kind, the card back, tiles, pieces, one
 * piece), a template: a
 * list of layers drawn in order on the component, measured in millimetres
 * (or percent of the component) from the cut's top-left corner. Layers are
 * rectangles and rounded frames, text bound to the component's fields
 * ("{title}", "{points}", a parameter, a designer's own field), images and
 * icons, a repeated symbol (one star per point), and the module's own
 * drawing of the component. doc/faces.md describes the format.
 *
 * This file reads and checks the section and expands the templates' fields;
 * it is GLib only. Drawing, fonts and image files are src/render's
 * (tw-face-draw.h). Strings of layers point into the definition's document
 * tree and live as long as the definition.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-diag.h"
#include "tw-node.h"

G_BEGIN_DECLS

typedef struct _TwDefinition TwDefinition;

/* Which components a face is drawn on. */
typedef enum
{
  TW_FACE_CARD,        /* card fronts ("card", or "card.KIND" for one kind) */
  TW_FACE_CARD_BACK,   /* the back every card shares */
  TW_FACE_TILE,        /* tiles */
  TW_FACE_TILE_BACK,   /* the back every tile shares (duplex sheets) */
  TW_FACE_PIECE,       /* polyomino pieces ("piece", or "piece.ID" for one), once per
                        * colour set: see tw_face_piece_index() */
} TwFaceTarget;

typedef enum
{
  TW_LAYER_RECT,       /* a filled and/or stroked rectangle, corners rounded by radius */
  TW_LAYER_TEXT,       /* text with its fields filled in */
  TW_LAYER_IMAGE,      /* a PNG, JPEG or SVG file, fitted to the box */
  TW_LAYER_ICON,       /* one icon of the project's set, or an SVG file */
  TW_LAYER_SYMBOLS,    /* an icon repeated COUNT times in a row */
  TW_LAYER_COMPONENT,  /* the module's own drawing: a tile's sections, a card's picture */
} TwLayerType;

typedef enum
{
  TW_ALIGN_START,
  TW_ALIGN_CENTER,
  TW_ALIGN_END,
} TwFaceAlign;

typedef enum
{
  TW_FIT_CONTAIN,      /* all of the image, letterboxed */
  TW_FIT_COVER,        /* fills the box, cropped */
  TW_FIT_STRETCH,
} TwFaceFit;

/* A length along one side: millimetres, or a percentage of the side. */
typedef struct
{
  double   value;
  gboolean percent;
} TwFaceLength;

typedef struct
{
  TwLayerType   type;
  TwFaceLength  x, y, w, h;       /* w, h default to the rest of the component */
  gboolean      has_w, has_h;
  gboolean      bleed;            /* RECT, IMAGE: sides on the cut run into the bleed */
  double        opacity;          /* 0..1 */
  const char   *fill;             /* RECT: colour template, NULL for none */
  const char   *stroke;           /* RECT: colour template, NULL for none */
  double        stroke_width;     /* mm */
  double        radius;           /* mm */
  const char   *text;             /* TEXT: template */
  const char   *font;             /* TEXT: a Pango font description, NULL for "Sans" */
  double        size;             /* TEXT: points, 0 for the font's; SYMBOLS: mm */
  int           weight;           /* TEXT: 100..1000, 0 for the font's */
  gboolean      italic;
  const char   *color;            /* TEXT, ICON, SYMBOLS: colour template */
  TwFaceAlign   align;            /* TEXT, SYMBOLS */
  TwFaceAlign   valign;           /* TEXT */
  gboolean      wrap;             /* TEXT: wrap at words (default) or one line */
  gboolean      shrink;           /* TEXT: smaller type until the text fits */
  gboolean      markup;           /* TEXT: Pango markup; fields are escaped */
  const char   *file;             /* IMAGE: path template, relative to the definition */
  TwFaceFit     fit;              /* IMAGE */
  const char   *icon;             /* ICON, SYMBOLS: an icon name or an .svg path template */
  const char   *count;            /* SYMBOLS: template of a whole number */
  guint         max;              /* SYMBOLS: at most this many */
  double        spacing;          /* SYMBOLS: mm between symbols */
  const TwNode *node;             /* the layer, for messages */
} TwFaceLayer;

typedef struct
{
  const char   *name;             /* "card", "card.skip", "card-back", "tile", "tile-back",
                                   * "piece", "piece.i5" */
  TwFaceTarget  target;
  gint          kind;             /* card kind index for "card.KIND", piece index for
                                   * "piece.ID", else -1 */
  TwFaceLayer  *layers;
  guint         n_layers;
  const TwNode *node;
} TwFace;

/* The icons the project draws (NULL-terminated): star, heart, ... */
const char * const *tw_face_icon_names   (void);

/* A piece is printed once per colour set, and its fields ({color}) differ
 * from set to set: the index of piece @piece in colour set @set, for the
 * functions below with TW_FACE_PIECE. */
guint         tw_face_piece_index     (const TwDefinition *def,
                                       guint               piece,
                                       guint               set);

/* How many components of @target there are to draw a face on: cards, tiles,
 * pieces times colour sets, or 1 for a back. */
guint         tw_face_n_subjects      (const TwDefinition *def,
                                       TwFaceTarget        target);

/* The face drawn on @index-th component of @target (for cards, the card's
 * kind's own face first; for pieces, the piece's own), or NULL when the
 * definition has none: the module's default drawing applies. @index is
 * ignored for TW_FACE_CARD_BACK and TW_FACE_TILE_BACK. */
const TwFace *tw_face_find            (const TwDefinition *def,
                                       TwFaceTarget        target,
                                       guint               index);

/* @template with every "{field}" replaced by the value of the field for
 * the @index-th component of @target; "{field|fallback}" gives the fallback
 * when the field is empty, "{{" and "}}" are braces. With @escape each value
 * is escaped for Pango markup. */
char         *tw_face_expand          (const TwDefinition *def,
                                       TwFaceTarget        target,
                                       guint               index,
                                       const char         *template_,
                                       gboolean            escape);

/* The value of one field ("title", "points", a parameter, a `fields:` key),
 * or NULL when the component has no such field or it is empty. */
char         *tw_face_field           (const TwDefinition *def,
                                       TwFaceTarget        target,
                                       guint               index,
                                       const char         *name);

/* A colour as a face writes it: "#rgb", "#rrggbb", "#rrggbbaa", "none"
 * (transparent) or a colour id of @def; FALSE for anything else. */
gboolean      tw_face_parse_color     (const TwDefinition *def,
                                       const char         *text,
                                       double              rgba[4]);

/* @length in millimetres on a side of @side mm. */
static inline double
tw_face_length_mm (TwFaceLength length,
                   double       side)
{
  return length.percent ? length.value * side / 100.0 : length.value;
}

/* Reads `faces:` of @root into @def (tw-definition.c calls it once the
 * components are loaded), reporting every problem to @diags. */
void          tw_faces_load           (TwDefinition       *def,
                                       const TwNode       *root,
                                       TwDiagnostics      *diags);
void          tw_faces_free           (TwDefinition       *def);

G_END_DECLS
