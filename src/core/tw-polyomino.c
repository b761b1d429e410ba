/* tw-polyomino.c: sets of grid cells up to rotation and reflection
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Coordinates are screen-like: x to the right, y downwards. A quarter turn
 * clockwise maps (x, y) to (-y, x); the mirror maps (x, y) to (-x, y) and is
 * applied before the rotation.
 */
#include "config.h"

#include "tw-polyomino.h"

#include <string.h>
#include <glib/gi18n-lib.h>


G_DEFINE_QUARK (tw-polyomino-error-quark, tw_polyomino_error)

/* Lexicographic order of normalised polyominoes: cell count, then cells in
 * (y, x) order. Total, so "the smallest orientation" is well defined. */
static int
poly_compare (const TwPolyomino *a,
              const TwPolyomino *b)
{
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  for (guint i = 0; i < a->n; i++)
    {
      if (a->y[i] != b->y[i])
        return a->y[i] < b->y[i] ? -1 : 1;
      if (a->x[i] != b->x[i])
        return a->x[i] < b->x[i] ? -1 : 1;
    }
  return 0;
}

/**
 * tw_polyomino_from_rows:
 * @rows: rows of the drawing, top first
 *
 * Reads a drawing such as ["##.", ".##"] and normalises it.
 */
gboolean
tw_polyomino_from_rows (TwPolyomino        *poly,
                        const char * const *rows,
                        guint               n_rows,
                        GError            **error)
{
  TwPolyomino p = { 0, };
  int xs[TW_POLY_MAX_CELLS], ys[TW_POLY_MAX_CELLS];
  int min_x = G_MAXINT, min_y = G_MAXINT;
  guint n = 0;

  g_return_val_if_fail (poly != NULL, FALSE);
  g_return_val_if_fail (rows != NULL || n_rows == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint r = 0; r < n_rows; r++)
    {
      const char *row = rows[r] ? rows[r] : "";

      for (guint c = 0; row[c] != '\0'; c++)
        {
          switch (row[c])
            {
            case '#':
            case 'X':
              if (n == TW_POLY_MAX_CELLS)
                {
                  g_set_error (error, TW_POLYOMINO_ERROR, TW_POLYOMINO_ERROR_INVALID,
                               g_dngettext (GETTEXT_PACKAGE, "the shape has more than %d cell",
                                            "the shape has more than %d cells", TW_POLY_MAX_CELLS), TW_POLY_MAX_CELLS);
                  return FALSE;
                }
              xs[n] = c;
              ys[n] = r;
              min_x = MIN (min_x, (int) c);
              min_y = MIN (min_y, (int) r);
              n++;
              break;
            case '.':
            case ' ':
              break;
            default:
              g_set_error (error, TW_POLYOMINO_ERROR, TW_POLYOMINO_ERROR_INVALID,
                           _("unexpected character '%c' in row %u of the shape: use '#' "
                             "for a cell and '.' for an empty square"),
                           g_ascii_isprint (row[c]) ? row[c] : '?', r + 1);
              return FALSE;
            }
        }
    }

  if (n == 0)
    {
      g_set_error (error, TW_POLYOMINO_ERROR, TW_POLYOMINO_ERROR_INVALID,
                   _("the shape is empty: draw its cells with '#'"));
      return FALSE;
    }

  /* Translated before narrowing to gint8: a cell far to the right of the
   * drawing is still a small coordinate after this. A connected shape of at
   * most 25 cells spans at most 25 squares, checked just below. */
  p.n = n;
  for (guint i = 0; i < n; i++)
    {
      int x = xs[i] - min_x;
      int y = ys[i] - min_y;

      if (x >= TW_POLY_MAX_CELLS || y >= TW_POLY_MAX_CELLS)
        {
          g_set_error (error, TW_POLYOMINO_ERROR, TW_POLYOMINO_ERROR_INVALID,
                       _("the cells of the shape are not all connected by their edges"));
          return FALSE;
        }
      p.x[i] = x;
      p.y[i] = y;
    }
  tw_polyomino_normalize (&p);
  if (!tw_polyomino_is_connected (&p))
    {
      g_set_error (error, TW_POLYOMINO_ERROR, TW_POLYOMINO_ERROR_INVALID,
                   _("the cells of the shape are not all connected by their edges"));
      return FALSE;
    }

  *poly = p;
  return TRUE;
}

/**
 * tw_polyomino_normalize:
 *
 * Translates the cells so that the minimum x and y are 0 and sorts them by
 * (y, x).
 */
void
tw_polyomino_normalize (TwPolyomino *poly)
{
  int min_x = G_MAXINT, min_y = G_MAXINT;

  g_return_if_fail (poly != NULL);
  g_return_if_fail (poly->n <= TW_POLY_MAX_CELLS);

  for (guint i = 0; i < poly->n; i++)
    {
      min_x = MIN (min_x, poly->x[i]);
      min_y = MIN (min_y, poly->y[i]);
    }
  for (guint i = 0; i < poly->n; i++)
    {
      poly->x[i] -= min_x;
      poly->y[i] -= min_y;
    }
  /* Insertion sort: at most 25 cells. */
  for (guint i = 1; i < poly->n; i++)
    {
      gint8 x = poly->x[i], y = poly->y[i];
      guint j = i;

      while (j > 0 && (poly->y[j - 1] > y || (poly->y[j - 1] == y && poly->x[j - 1] > x)))
        {
          poly->x[j] = poly->x[j - 1];
          poly->y[j] = poly->y[j - 1];
          j--;
        }
      poly->x[j] = x;
      poly->y[j] = y;
    }
}

/**
 * tw_polyomino_transform:
 * @t: 0..7; t % 4 quarter turns clockwise, after a left-right mirror when t >= 4
 *
 * @out is normalised. @in and @out may be the same.
 */
void
tw_polyomino_transform (const TwPolyomino *in,
                        guint              t,
                        TwPolyomino       *out)
{
  TwPolyomino r;

  g_return_if_fail (in != NULL && out != NULL);
  g_return_if_fail (t < 8);
  g_return_if_fail (in->n <= TW_POLY_MAX_CELLS);

  r.n = in->n;
  for (guint i = 0; i < in->n; i++)
    {
      int x = t >= 4 ? -in->x[i] : in->x[i];
      int y = in->y[i];

      for (guint q = 0; q < t % 4; q++)
        {
          int nx = -y;

          y = x;
          x = nx;
        }
      r.x[i] = x;
      r.y[i] = y;
    }
  tw_polyomino_normalize (&r);
  *out = r;
}

/**
 * tw_polyomino_orientations:
 * @out: 8 slots
 *
 * Returns: the number of distinct orientations written, in the order of the
 *   first transform that gives each
 */
guint
tw_polyomino_orientations (const TwPolyomino *poly,
                           TwPolyomino       *out)
{
  guint n = 0;

  g_return_val_if_fail (poly != NULL && out != NULL, 0);

  for (guint t = 0; t < 8; t++)
    {
      TwPolyomino o;
      gboolean seen = FALSE;

      tw_polyomino_transform (poly, t, &o);
      for (guint i = 0; i < n && !seen; i++)
        seen = poly_compare (&out[i], &o) == 0;
      if (!seen)
        out[n++] = o;
    }
  return n;
}

void
tw_polyomino_canonical (const TwPolyomino *poly,
                        TwPolyomino       *out)
{
  TwPolyomino best;

  g_return_if_fail (poly != NULL && out != NULL);

  tw_polyomino_transform (poly, 0, &best);
  for (guint t = 1; t < 8; t++)
    {
      TwPolyomino o;

      tw_polyomino_transform (poly, t, &o);
      if (poly_compare (&o, &best) < 0)
        best = o;
    }
  *out = best;
}

/* Equal as sets of cells, after normalising both (so translation does not
 * matter, orientation does). */
gboolean
tw_polyomino_equal (const TwPolyomino *a,
                    const TwPolyomino *b)
{
  TwPolyomino na, nb;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  na = *a;
  nb = *b;
  tw_polyomino_normalize (&na);
  tw_polyomino_normalize (&nb);
  return poly_compare (&na, &nb) == 0;
}

gboolean
tw_polyomino_congruent (const TwPolyomino *a,
                        const TwPolyomino *b)
{
  TwPolyomino ca, cb;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  tw_polyomino_canonical (a, &ca);
  tw_polyomino_canonical (b, &cb);
  return poly_compare (&ca, &cb) == 0;
}

gboolean
tw_polyomino_is_connected (const TwPolyomino *poly)
{
  guint8 queue[TW_POLY_MAX_CELLS];
  gboolean reached[TW_POLY_MAX_CELLS] = { FALSE, };
  guint head = 0, tail = 0;

  g_return_val_if_fail (poly != NULL, FALSE);
  g_return_val_if_fail (poly->n <= TW_POLY_MAX_CELLS, FALSE);

  if (poly->n == 0)
    return FALSE;

  queue[tail++] = 0;
  reached[0] = TRUE;
  while (head < tail)
    {
      guint c = queue[head++];

      for (guint i = 0; i < poly->n; i++)
        if (!reached[i] && ABS (poly->x[i] - poly->x[c]) + ABS (poly->y[i] - poly->y[c]) == 1)
          {
            reached[i] = TRUE;
            queue[tail++] = i;
          }
    }
  return tail == poly->n;
}

guint
tw_polyomino_width (const TwPolyomino *poly)
{
  int min_x = G_MAXINT, max_x = G_MININT;

  g_return_val_if_fail (poly != NULL, 0);

  if (poly->n == 0)
    return 0;
  for (guint i = 0; i < poly->n; i++)
    {
      min_x = MIN (min_x, poly->x[i]);
      max_x = MAX (max_x, poly->x[i]);
    }
  return max_x - min_x + 1;
}

guint
tw_polyomino_height (const TwPolyomino *poly)
{
  int min_y = G_MAXINT, max_y = G_MININT;

  g_return_val_if_fail (poly != NULL, 0);

  if (poly->n == 0)
    return 0;
  for (guint i = 0; i < poly->n; i++)
    {
      min_y = MIN (min_y, poly->y[i]);
      max_y = MAX (max_y, poly->y[i]);
    }
  return max_y - min_y + 1;
}

/**
 * tw_polyomino_to_string:
 *
 * Returns: (transfer full): the rows joined by '/', e.g. "##./.##"; "" when empty
 */
char *
tw_polyomino_to_string (const TwPolyomino *poly)
{
  TwPolyomino p;
  GString *out;
  guint w, h;

  g_return_val_if_fail (poly != NULL, NULL);

  if (poly->n == 0)
    return g_strdup ("");
  p = *poly;
  tw_polyomino_normalize (&p);
  w = tw_polyomino_width (&p);
  h = tw_polyomino_height (&p);

  out = g_string_new (NULL);
  for (guint y = 0; y < h; y++)
    {
      if (y > 0)
        g_string_append_c (out, '/');
      for (guint x = 0; x < w; x++)
        {
          gboolean cell = FALSE;

          for (guint i = 0; i < p.n && !cell; i++)
            cell = p.x[i] == (int) x && p.y[i] == (int) y;
          g_string_append_c (out, cell ? '#' : '.');
        }
    }
  return g_string_free (out, FALSE);
}
