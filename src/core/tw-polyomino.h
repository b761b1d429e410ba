/* tw-polyomino.h: sets of grid cells up to rotation and reflection
 *
 * Used for Blokus pieces, for the "pictured shape" goals of Colorblock and for
 * the footprint of a colour shape. A polyomino is normalised: cells sorted by
 * (y, x) and translated so that the minimum x and y are 0.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TW_POLY_MAX_CELLS 25

typedef struct
{
  guint8 n;
  gint8  x[TW_POLY_MAX_CELLS];
  gint8  y[TW_POLY_MAX_CELLS];
} TwPolyomino;

/* Errors of tw_polyomino_from_rows(). */
#define TW_POLYOMINO_ERROR (tw_polyomino_error_quark ())
GQuark   tw_polyomino_error_quark   (void);

typedef enum
{
  TW_POLYOMINO_ERROR_INVALID,   /* empty, too large, bad character or not connected */
} TwPolyominoError;

/* Parse rows such as ["##.", ".##"]: '#' (or 'X') is a cell, '.' or ' ' empty.
 * FALSE with a message in @error when empty, too large or not edge-connected. */
gboolean tw_polyomino_from_rows     (TwPolyomino        *poly,
                                     const char * const *rows,
                                     guint               n_rows,
                                     GError            **error);
void     tw_polyomino_normalize     (TwPolyomino        *poly);
/* Transform t in 0..7: rotation by t%4 quarter turns clockwise, mirrored when t>=4. */
void     tw_polyomino_transform     (const TwPolyomino  *in,
                                     guint               t,
                                     TwPolyomino        *out);
/* The distinct normalised orientations (1..8) written to @out (8 slots). */
guint    tw_polyomino_orientations  (const TwPolyomino  *poly,
                                     TwPolyomino        *out);
/* The lexicographically smallest orientation: equal for congruent polyominoes. */
void     tw_polyomino_canonical     (const TwPolyomino  *poly,
                                     TwPolyomino        *out);
gboolean tw_polyomino_equal         (const TwPolyomino  *a,
                                     const TwPolyomino  *b);
gboolean tw_polyomino_congruent     (const TwPolyomino  *a,
                                     const TwPolyomino  *b);
gboolean tw_polyomino_is_connected  (const TwPolyomino  *poly);
guint    tw_polyomino_width         (const TwPolyomino  *poly);
guint    tw_polyomino_height        (const TwPolyomino  *poly);
/* Rows of '#' and '.', joined by '/': "##./.##". Free with g_free(). */
char    *tw_polyomino_to_string     (const TwPolyomino  *poly);

G_END_DECLS
