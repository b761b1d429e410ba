/* tw-rng.h: the seeded random generator every game draws its chance from
 *
 * xoshiro256** seeded through splitmix64. The generator lives inside a game
 * state, so copying a state copies its future: a game is a pure function of
 * its seed and its moves. Inline because playouts call it constantly.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 s[4];
} TwRng;

static inline guint64
tw_splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline void
tw_rng_seed (TwRng   *rng,
             guint64  seed)
{
  guint64 x = seed;
  for (guint i = 0; i < 4; i++)
    rng->s[i] = tw_splitmix64 (&x);
}

static inline guint64
tw_rng_rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
tw_rng_next (TwRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = tw_rng_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = tw_rng_rotl (s[3], 45);
  return result;
}

/* A uniform integer in [0, n), n > 0 (Lemire's multiply-shift, unbiased). */
static inline guint32
tw_rng_below (TwRng   *rng,
              guint32  n)
{
  guint64 m = (guint64) (guint32) (tw_rng_next (rng) >> 32) * n;
  guint32 l = (guint32) m;
  if (l < n)
    {
      guint32 t = (guint32) -n % n;
      while (l < t)
        {
          m = (guint64) (guint32) (tw_rng_next (rng) >> 32) * n;
          l = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

/* A uniform double in [0, 1). */
static inline double
tw_rng_double (TwRng *rng)
{
  return (tw_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* Fisher-Yates shuffle of n 16-bit values. */
static inline void
tw_rng_shuffle_u16 (TwRng   *rng,
                    guint16 *v,
                    guint    n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = tw_rng_below (rng, i);
      guint16 t = v[i - 1];
      v[i - 1] = v[j];
      v[j] = t;
    }
}

/* Fisher-Yates shuffle of n 8-bit values. */
static inline void
tw_rng_shuffle_u8 (TwRng  *rng,
                   guint8 *v,
                   guint   n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = tw_rng_below (rng, i);
      guint8 t = v[i - 1];
      v[i - 1] = v[j];
      v[j] = t;
    }
}

G_END_DECLS
