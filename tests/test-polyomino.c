/* test-polyomino.c: orientations, canonical forms and parsing of polyominoes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-polyomino.h"

static void
poly_from (TwPolyomino *p,
           const char  *drawing)
{
  g_auto(GStrv) rows = g_strsplit (drawing, "/", -1);
  g_autoptr(GError) error = NULL;

  g_assert_true (tw_polyomino_from_rows (p, (const char * const *) rows,
                                         g_strv_length (rows), &error));
  g_assert_no_error (error);
}

typedef struct
{
  const char *name;
  const char *drawing;
  guint       orientations;
} Piece;

/* The 21 Blokus pieces: monomino to pentominoes, with their number of
 * distinct fixed orientations. */
static const Piece blokus[] = {
  { "1", "#", 1 },
  { "2", "##", 2 },
  { "I3", "###", 2 },
  { "V3", "##/#.", 4 },
  { "I4", "####", 2 },
  { "O4", "##/##", 1 },
  { "T4", "###/.#.", 4 },
  { "L4", "###/#..", 8 },
  { "Z4", "##./.##", 4 },
  { "F", ".##/##./.#.", 8 },
  { "I", "#####", 2 },
  { "L", "####/#...", 8 },
  { "N", "##../.###", 8 },
  { "P", "##/##/#.", 8 },
  { "T", "###/.#./.#.", 4 },
  { "U", "#.#/###", 4 },
  { "V", "#../#../###", 4 },
  { "W", "#../##./.##", 4 },
  { "X", ".#./###/.#.", 1 },
  { "Y", "####/.#..", 8 },
  { "Z", "##./.#./.##", 4 },
};

static void
test_blokus_orientations (void)
{
  guint total = 0, pentomino_total = 0;

  for (guint i = 0; i < G_N_ELEMENTS (blokus); i++)
    {
      TwPolyomino p, out[8];
      guint n;

      poly_from (&p, blokus[i].drawing);
      n = tw_polyomino_orientations (&p, out);
      if (n != blokus[i].orientations)
        g_error ("piece %s: %u orientations, expected %u", blokus[i].name, n,
                 blokus[i].orientations);
      total += n;
      if (p.n == 5)
        pentomino_total += n;

      /* Every orientation is normalised, congruent to the piece and distinct. */
      for (guint a = 0; a < n; a++)
        {
          TwPolyomino copy = out[a];

          tw_polyomino_normalize (&copy);
          g_assert_true (tw_polyomino_equal (&copy, &out[a]));
          g_assert_true (tw_polyomino_congruent (&out[a], &p));
          for (guint b = a + 1; b < n; b++)
            g_assert_false (tw_polyomino_equal (&out[a], &out[b]));
        }
    }
  g_assert_cmpuint (total, ==, 91);
  g_assert_cmpuint (pentomino_total, ==, 63);
}

static void
test_pieces_pairwise_distinct (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (blokus); i++)
    for (guint j = 0; j < G_N_ELEMENTS (blokus); j++)
      {
        TwPolyomino a, b;

        poly_from (&a, blokus[i].drawing);
        poly_from (&b, blokus[j].drawing);
        g_assert_cmpint (tw_polyomino_congruent (&a, &b), ==, i == j);
      }
}

static void
test_transform (void)
{
  static const struct
  {
    const char *in;
    guint       t;
    const char *out;
  } cases[] = {
    { "###/#..", 0, "###/#.." },
    { "###/#..", 1, "##/.#/.#" },    /* a quarter turn clockwise */
    { "###/#..", 2, "..#/###" },
    { "###/#..", 3, "#./#./##" },
    { "###/#..", 4, "###/..#" },     /* mirrored left-right */
    { "###/#..", 5, ".#/.#/##" },    /* mirrored, then turned */
    { "##./.##", 1, ".#/##/#." },
    { "#", 7, "#" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TwPolyomino p, q;
      g_autofree char *s = NULL;

      poly_from (&p, cases[i].in);
      tw_polyomino_transform (&p, cases[i].t, &q);
      s = tw_polyomino_to_string (&q);
      g_assert_cmpstr (s, ==, cases[i].out);
    }

  /* Four quarter turns are the identity; mirroring twice too. */
  for (guint i = 0; i < G_N_ELEMENTS (blokus); i++)
    {
      TwPolyomino p, q;

      poly_from (&p, blokus[i].drawing);
      q = p;
      for (guint k = 0; k < 4; k++)
        tw_polyomino_transform (&q, 1, &q);
      g_assert_true (tw_polyomino_equal (&p, &q));
      tw_polyomino_transform (&p, 4, &q);
      tw_polyomino_transform (&q, 4, &q);
      g_assert_true (tw_polyomino_equal (&p, &q));
    }
}

static void
test_canonical (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (blokus); i++)
    {
      TwPolyomino p, canon, out[8];
      guint n;

      poly_from (&p, blokus[i].drawing);
      tw_polyomino_canonical (&p, &canon);
      n = tw_polyomino_orientations (&p, out);
      /* Every orientation has the same canonical form. */
      for (guint k = 0; k < n; k++)
        {
          TwPolyomino c;

          tw_polyomino_canonical (&out[k], &c);
          g_assert_true (tw_polyomino_equal (&c, &canon));
        }
    }
}

static void
test_normalize (void)
{
  TwPolyomino p = { 3, { 7, 5, 6 }, { -2, -1, -2 } };
  g_autofree char *s = NULL;

  tw_polyomino_normalize (&p);
  g_assert_cmpint (p.x[0], ==, 1);
  g_assert_cmpint (p.y[0], ==, 0);
  g_assert_cmpint (p.x[1], ==, 2);
  g_assert_cmpint (p.y[1], ==, 0);
  g_assert_cmpint (p.x[2], ==, 0);
  g_assert_cmpint (p.y[2], ==, 1);
  g_assert_cmpuint (tw_polyomino_width (&p), ==, 3);
  g_assert_cmpuint (tw_polyomino_height (&p), ==, 2);
  s = tw_polyomino_to_string (&p);
  g_assert_cmpstr (s, ==, ".##/#..");
}

static void
test_from_rows (void)
{
  static const struct
  {
    const char *rows;
    const char *result;   /* the normalised drawing, or NULL for an error */
    const char *error;    /* a word the message contains */
  } cases[] = {
    { "##./.##", "##./.##", NULL },
    { "XX./.XX", "##./.##", NULL },
    { "  #  /  #  ", "#/#", NULL },
    { "..../.##./....", "##", NULL },
    { "", NULL, "empty" },
    { "..../....", NULL, "empty" },
    { "#.#", NULL, "connected" },
    { "#./.#", NULL, "connected" },
    { "#o", NULL, "character" },
    { "##########/##########/######", NULL, "more than 25" },
    { "#...................................................................."
      "...................................................................#", NULL, "connected" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(GStrv) rows = g_strsplit (cases[i].rows, "/", -1);
      g_autoptr(GError) error = NULL;
      TwPolyomino p;
      gboolean ok;

      ok = tw_polyomino_from_rows (&p, (const char * const *) rows, g_strv_length (rows),
                                   &error);
      if (cases[i].result != NULL)
        {
          g_autofree char *s = NULL;

          g_assert_no_error (error);
          g_assert_true (ok);
          s = tw_polyomino_to_string (&p);
          g_assert_cmpstr (s, ==, cases[i].result);
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, TW_POLYOMINO_ERROR, TW_POLYOMINO_ERROR_INVALID);
          if (strstr (error->message, cases[i].error) == NULL)
            g_error ("case %u: '%s' lacks '%s'", i, error->message, cases[i].error);
        }
    }
}

static void
test_connected (void)
{
  TwPolyomino p = { 2, { 0, 1 }, { 0, 1 } };

  g_assert_false (tw_polyomino_is_connected (&p));
  p.x[1] = 0;
  g_assert_true (tw_polyomino_is_connected (&p));
  p.n = 0;
  g_assert_false (tw_polyomino_is_connected (&p));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/polyomino/blokus-orientations", test_blokus_orientations);
  g_test_add_func ("/tw/polyomino/pieces-pairwise-distinct", test_pieces_pairwise_distinct);
  g_test_add_func ("/tw/polyomino/transform", test_transform);
  g_test_add_func ("/tw/polyomino/canonical", test_canonical);
  g_test_add_func ("/tw/polyomino/normalize", test_normalize);
  g_test_add_func ("/tw/polyomino/from-rows", test_from_rows);
  g_test_add_func ("/tw/polyomino/connected", test_connected);

  return g_test_run ();
}
