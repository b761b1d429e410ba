/* test-rng.c: the seeded generator every game draws its chance from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reference values are those of the published splitmix64 and xoshiro256**
 * (Blackman and Vigna), so that records replay identically on any build.
 */
#include "config.h"

#include <string.h>

#include "tw-rng.h"

static void
test_splitmix_reference (void)
{
  static const guint64 expected[] = {
    G_GUINT64_CONSTANT (0xe220a8397b1dcdaf),
    G_GUINT64_CONSTANT (0x6e789e6aa1b965f4),
    G_GUINT64_CONSTANT (0x06c45d188009454f),
  };
  guint64 x = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmphex (tw_splitmix64 (&x), ==, expected[i]);
}

static void
test_xoshiro_reference (void)
{
  static const guint64 expected[] = {
    G_GUINT64_CONSTANT (11520),
    G_GUINT64_CONSTANT (0),
    G_GUINT64_CONSTANT (1509978240),
    G_GUINT64_CONSTANT (1215971899390074240),
    G_GUINT64_CONSTANT (1216172134540287360),
  };
  TwRng rng = { { 1, 2, 3, 4 } };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpuint (tw_rng_next (&rng), ==, expected[i]);
}

static void
test_seed_deterministic (void)
{
  TwRng a, b, c;

  tw_rng_seed (&a, 42);
  tw_rng_seed (&b, 42);
  tw_rng_seed (&c, 43);
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (tw_rng_next (&a), ==, tw_rng_next (&b));

  tw_rng_seed (&a, 42);
  g_assert_cmpuint (tw_rng_next (&a), !=, tw_rng_next (&c));

  /* A copy of the state is a copy of its future. */
  tw_rng_seed (&a, 7);
  b = a;
  for (guint i = 0; i < 100; i++)
    g_assert_cmpuint (tw_rng_below (&a, 1000), ==, tw_rng_below (&b, 1000));
}

static void
test_below_range_and_spread (void)
{
  static const guint32 bounds[] = { 1, 2, 3, 6, 7, 10, 100, 1000003, G_MAXUINT32 };
  TwRng rng;

  tw_rng_seed (&rng, 1);
  for (guint b = 0; b < G_N_ELEMENTS (bounds); b++)
    for (guint i = 0; i < 10000; i++)
      g_assert_cmpuint (tw_rng_below (&rng, bounds[b]), <, bounds[b]);

  /* A six-sided die over 60000 throws: every face within 5% of 10000. */
  {
    guint counts[6] = { 0, };

    for (guint i = 0; i < 60000; i++)
      counts[tw_rng_below (&rng, 6)]++;
    for (guint f = 0; f < 6; f++)
      g_assert_cmpuint (ABS ((int) counts[f] - 10000), <, 500);
  }
}

static void
test_double_range (void)
{
  TwRng rng;
  double sum = 0;

  tw_rng_seed (&rng, 99);
  for (guint i = 0; i < 100000; i++)
    {
      double d = tw_rng_double (&rng);

      g_assert_cmpfloat (d, >=, 0.0);
      g_assert_cmpfloat (d, <, 1.0);
      sum += d;
    }
  g_assert_cmpfloat (ABS (sum / 100000 - 0.5), <, 0.01);
}

static void
test_shuffle_permutes (void)
{
  TwRng rng;
  guint16 v16[50];
  guint8 v8[50];
  guint first_positions[5] = { 0, };

  tw_rng_seed (&rng, 5);
  for (guint round = 0; round < 500; round++)
    {
      gboolean seen16[50] = { FALSE, }, seen8[50] = { FALSE, };

      for (guint i = 0; i < 50; i++)
        v16[i] = v8[i] = i;
      tw_rng_shuffle_u16 (&rng, v16, 50);
      tw_rng_shuffle_u8 (&rng, v8, 50);
      for (guint i = 0; i < 50; i++)
        {
          g_assert_false (seen16[v16[i]]);
          g_assert_false (seen8[v8[i]]);
          seen16[v16[i]] = seen8[v8[i]] = TRUE;
        }
      if (v8[0] < 5)
        first_positions[v8[0]]++;
    }
  /* Every small value reaches the front sometimes (500/50 = 10 expected). */
  for (guint i = 0; i < 5; i++)
    g_assert_cmpuint (first_positions[i], >, 0);

  /* Empty and single-element shuffles are no-ops. */
  tw_rng_shuffle_u8 (&rng, v8, 0);
  v8[0] = 9;
  tw_rng_shuffle_u8 (&rng, v8, 1);
  g_assert_cmpuint (v8[0], ==, 9);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/rng/splitmix-reference", test_splitmix_reference);
  g_test_add_func ("/tw/rng/xoshiro-reference", test_xoshiro_reference);
  g_test_add_func ("/tw/rng/seed-deterministic", test_seed_deterministic);
  g_test_add_func ("/tw/rng/below-range-and-spread", test_below_range_and_spread);
  g_test_add_func ("/tw/rng/double-range", test_double_range);
  g_test_add_func ("/tw/rng/shuffle-permutes", test_shuffle_permutes);

  return g_test_run ();
}
