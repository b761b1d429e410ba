/* bs-place.h: Blokus Shuffle's placement generator, for one vector width
 *
 * Included by bs-rules.c once per instruction set, with BS_GEN_NAME (the
 * function), BS_GEN_LANES (board rows per vector: 8 or 16), BS_GEN_ATTR
 * (its target attribute, or nothing) and, for the AVX-512 or AVX2 build,
 * BS_GEN_AVX512 or BS_GEN_AVX2 defined; it undefines them.
 *
 * Bitboard style, BS_GEN_LANES anchor rows at a time: for one orientation,
 * bit x of fit[y] is set when every cell of the piece anchored at (x, y) is
 * free, and of touch[y] when one of them is in A. Per call, a table per row
 * mask ("shape") holds where that mask, anchored at (x, y), is all free and
 * where it meets A; fit (touch) is the AND (OR) over the orientation's rows r
 * of its shape's table at y + r. A placement is one (orientation, anchor)
 * pair, so none is found twice, and only the anchor rows that can reach a row
 * of A are looked at. Every build lists the same moves in the same order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifdef __SSE2__
#include <immintrin.h>
#endif

#ifdef BS_GEN_AVX512
/* The moves of up to 16 (x, y) words, packed at the start of @xy, laid out
 * at @m as TwMoves (head word, x and y, zero): dword j of the output is
 * field j % 3 of move j / 3, taken by two-table permutes (index 16 is the
 * head word, 17 a zero). Writes 16 moves' room. */
__attribute__ ((target ("avx512f"))) static inline void
bs_emit16 (TwMove  *m,
           __m512i  xy,
           guint32  head)
{
  const __m512i consts = _mm512_set_epi32 (0, 0, 0, 0, 0, 0, 0, 0,
                                           0, 0, 0, 0, 0, 0, 0, (int) head);
  const __m512i idx0 = _mm512_set_epi32 (16, 17, 4, 16, 17, 3, 16, 17,
                                         2, 16, 17, 1, 16, 17, 0, 16);
  const __m512i idx1 = _mm512_set_epi32 (10, 16, 17, 9, 16, 17, 8, 16,
                                         17, 7, 16, 17, 6, 16, 17, 5);
  const __m512i idx2 = _mm512_set_epi32 (17, 15, 16, 17, 14, 16, 17, 13,
                                         16, 17, 12, 16, 17, 11, 16, 17);

  _mm512_storeu_si512 ((char *) m, _mm512_permutex2var_epi32 (xy, idx0, consts));
  _mm512_storeu_si512 ((char *) m + 64, _mm512_permutex2var_epi32 (xy, idx1, consts));
  _mm512_storeu_si512 ((char *) m + 128, _mm512_permutex2var_epi32 (xy, idx2, consts));
}

/* Bits 0..15 of @k moved to the even bits of a 32-bit word. */
static inline guint32
bs_spread16 (guint32 k)
{
  k = (k | k << 8) & 0x00ff00ffu;
  k = (k | k << 4) & 0x0f0f0f0fu;
  k = (k | k << 2) & 0x33333333u;
  return (k | k << 1) & 0x55555555u;
}

/* The placements of a block of 16 anchor rows (@fit, nonzero in @lanes)
 * appended at *@m in row then column order when no row holds more than two;
 * FALSE, with nothing written, otherwise. A bit's column is the exponent of
 * its value as a float. The first and second placement of each row are
 * interleaved and packed by compress, 16 slots (8 rows) at a time. Writes
 * up to 48 moves' room. */
__attribute__ ((target ("avx512f"))) static inline gboolean
bs_emit2 (TwMove    **m,
          __m512i     fit,
          __mmask16   lanes,
          guint       y0,
          guint32     head)
{
  const __m512i one = _mm512_set1_epi32 (1);
  const __m512i bias = _mm512_set1_epi32 (127);
  const __m512i iota = _mm512_set_epi32 (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  __m512i rest = _mm512_and_si512 (fit, _mm512_sub_epi32 (fit, one));
  __m512i rest2 = _mm512_and_si512 (rest, _mm512_sub_epi32 (rest, one));

  if (_mm512_test_epi32_mask (rest2, rest2) != 0)
    return FALSE;

  __mmask16 two = _mm512_test_epi32_mask (rest, rest);
  __m512i y = _mm512_slli_epi32 (_mm512_add_epi32 (iota, _mm512_set1_epi32 (y0)), 16);
  /* lowest bit, then (when two) the other one */
  __m512i x1 = _mm512_srli_epi32 (_mm512_castps_si512 (
                 _mm512_cvtepu32_ps (_mm512_xor_si512 (fit, rest))), 23);
  __m512i xy1 = _mm512_or_si512 (_mm512_sub_epi32 (x1, bias), y);

  if (two == 0)
    {
      bs_emit16 (*m, _mm512_maskz_compress_epi32 (lanes, xy1), head);
      *m += __builtin_popcount (lanes);
      return TRUE;
    }

  __m512i x2 = _mm512_srli_epi32 (_mm512_castps_si512 (_mm512_cvtepu32_ps (rest)), 23);
  __m512i xy2 = _mm512_or_si512 (_mm512_sub_epi32 (x2, bias), y);
  const __m512i lo = _mm512_set_epi32 (23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  const __m512i hi = _mm512_set_epi32 (31, 15, 30, 14, 29, 13, 28, 12,
                                       27, 11, 26, 10, 25, 9, 24, 8);
  guint32 slots = bs_spread16 (lanes) | bs_spread16 (two) << 1;
  __mmask16 k_lo = slots & 0xffff, k_hi = slots >> 16;

  bs_emit16 (*m, _mm512_maskz_compress_epi32 (k_lo, _mm512_permutex2var_epi32 (xy1, lo, xy2)),
             head);
  *m += __builtin_popcount (k_lo);
  bs_emit16 (*m, _mm512_maskz_compress_epi32 (k_hi, _mm512_permutex2var_epi32 (xy1, hi, xy2)),
             head);
  *m += __builtin_popcount (k_hi);
  return TRUE;
}
#endif

BS_GEN_ATTR static guint
BS_GEN_NAME (const BsPrep   *p,
             const guint32  *F,
             const guint32  *A,
             const guint8   *supply,
             int             only_piece,
             const BsPlaced *skip,
             TwMoveList     *out,
             guint           limit)
{
  enum
  {
    LANES = BS_GEN_LANES,
    /* rows kept per table: a vector from anchor row N - h at most reads row
     * N + LANES - 2, rounded up to whole vectors */
    ROWS = (BS_MAX_SIZE + 2 * LANES - 2) / LANES * LANES,
  };
  typedef guint32 Rows __attribute__ ((vector_size (4 * LANES)));
  const guint N = p->size;
  /* rows past the board stay 0: not free, nothing to attach to */
  guint32 fr[ROWS] = { 0 };
  guint32 at[ROWS] = { 0 };
  guint n = 0;
  int ylo = -1, yhi = -1;
  guint k0 = only_piece >= 0 ? (guint) only_piece : 0;
  guint k1 = only_piece >= 0 ? (guint) only_piece + 1 : p->n_pieces;

  for (guint y = 0; y < N; y++)
    {
      fr[y] = ~F[y] & p->full;
      at[y] = A[y] & fr[y];
      if (at[y])
        {
          if (ylo < 0)
            ylo = y;
          yhi = y;
        }
    }
  if (ylo < 0)
    return 0;

  /* per row shape s, bit x of sfr[s][y] (sat[s][y]) when every (any) cell
   * of s, anchored at (x, y), is free (in A) */
  guint32 sfr[BS_MAX_SHAPES][ROWS];
  guint32 sat[BS_MAX_SHAPES][ROWS];
  for (guint k = 0; k < p->n_shapes; k++)
    for (guint y = 0; y < ROWS; y += LANES)
      {
        Rows f, a, v, w;
        if (y >= N)
          {
            /* past the board: nothing free, nothing to attach to */
            memset (sfr[k] + y, 0, sizeof f);
            memset (sat[k] + y, 0, sizeof a);
            continue;
          }
        memcpy (&v, fr + y, sizeof v);
        memcpy (&w, at + y, sizeof w);
        f = ~(Rows) { 0 };
        a = (Rows) { 0 };
        for (guint32 bits = p->shapes[k]; bits; bits &= bits - 1)
          {
            guint dx = __builtin_ctz (bits);
            f &= v >> dx;
            a |= w >> dx;
          }
        memcpy (sfr[k] + y, &f, sizeof f);
        memcpy (sat[k] + y, &a, sizeof a);
      }

  /* the common case: every placement wanted, none left out */
  const gboolean fast = out != NULL && skip == NULL && limit == G_MAXUINT;

  for (guint og = p->first_orient[k0]; og < p->first_orient[k1]; og++)
    {
      const BsOrient *or = &p->orients[og];
      if (supply[or->piece] == 0)
        {
          og = p->first_orient[or->piece + 1] - 1;
          continue;
        }
      int ya = MAX (0, ylo - (int) or->h + 1);
      int yb = MIN (yhi, (int) N - (int) or->h);
      guint64 head = move_head (or->piece, or->index, 0);
      for (int y0 = ya; y0 <= yb; y0 += LANES)
        {
          Rows touch = { 0 }, fit, v;
          fit = ~touch;
          if (G_LIKELY (or->by_rows))
            for (guint r = 0; r < or->h; r++)
              {
                guint k = or->shape[r];
                memcpy (&v, sat[k] + y0 + r, sizeof v);
                touch |= v;
                memcpy (&v, sfr[k] + y0 + r, sizeof v);
                fit &= v;
              }
          else
            for (guint c = 0; c < or->n; c++)
              {
                guint dx = or->cells.x[c], dy = or->cells.y[c];
                memcpy (&v, at + y0 + dy, sizeof v);
                touch |= v >> dx;
                memcpy (&v, fr + y0 + dy, sizeof v);
                fit &= v >> dx;
              }
          fit &= touch;

          /* the lanes (anchor rows) with a placement; those past yb have
           * none: past N - h a cell is off the board, past yhi none is in A */
          guint32 lanes = 0;
#if defined(BS_GEN_AVX512)
          __m512i z;
          memcpy (&z, &fit, sizeof z);
          lanes = _mm512_test_epi32_mask (z, z);
#elif defined(BS_GEN_AVX2)
          /* the sign bits of the lanes' "!= 0" */
          typedef gint32 LaneFlags __attribute__ ((vector_size (4 * LANES)));
          LaneFlags nz = fit != 0;
          __m256 f8;
          G_STATIC_ASSERT (sizeof nz == sizeof f8);
          memcpy (&f8, &nz, sizeof f8);
          lanes = _mm256_movemask_ps (f8);
#elif defined(__SSE2__)
          typedef gint8 LaneBytes __attribute__ ((vector_size (LANES)));
          LaneBytes nz = __builtin_convertvector (fit != 0, LaneBytes);
          __m128i b = _mm_setzero_si128 ();
          memcpy (&b, &nz, sizeof nz);
          lanes = _mm_movemask_epi8 (b);
#else
          typedef gint8 LaneBytes __attribute__ ((vector_size (LANES)));
          LaneBytes nz = __builtin_convertvector (fit != 0, LaneBytes);
          for (guint i = 0; i < LANES; i++)
            lanes |= (guint32) (nz[i] & 1) << i;
#endif
          if (G_LIKELY (fast) && lanes)
            {
              /* room for every placement of the block (a row has at most N)
               * and for bs_emit2()'s stores (48 moves; N >= 5) */
              while (out->cap - out->len < LANES * N)
                tw_move_list_grow (out);
              TwMove *m = out->moves + out->len;
              const guint32 zero = 0;
#ifdef BS_GEN_AVX512
              /* usually every row holds at most two placements: then all of
               * them at once, in the same order (bs_emit2) */
              if (bs_emit2 (&m, z, (__mmask16) lanes, y0, (guint32) head))
                lanes = 0;
              while (lanes)
#else
              do
#endif
                {
                  guint i = __builtin_ctz (lanes);
                  guint32 bits = fit[i];
                  /* the move's first 8 bytes (kind, a, b, c, x, y) as one
                   * word, x or'ed in per move; p and q stay 0 */
                  guint64 row = head | move_head (0, 0, y0 + i);
                  lanes &= lanes - 1;
                  do
                    {
                      guint64 x = __builtin_ctz (bits);
                      guint64 word = row | x << (G_BYTE_ORDER == G_LITTLE_ENDIAN ? 32 : 16);
                      memcpy (m, &word, sizeof word);
                      memcpy ((char *) m + sizeof word, &zero, sizeof zero);
                      m++;
                      bits &= bits - 1;
                    }
                  while (bits);
                }
#ifndef BS_GEN_AVX512
              while (lanes);
#endif
              n += m - (out->moves + out->len);
              out->len = m - out->moves;
              continue;
            }
          while (lanes)
            {
              guint i = __builtin_ctz (lanes);
              lanes &= lanes - 1;
              guint32 bits = fit[i];
              while (bits)
                {
                  guint x = __builtin_ctz (bits);
                  bits &= bits - 1;
                  if (skip && skip->piece == or->piece && skip->orient == or->index
                      && skip->x == x && skip->y == y0 + i)
                    continue;
                  n++;
                  if (out)
                    *tw_move_list_push (out) = (TwMove) { .kind = BS_MOVE_PLACE, .a = or->piece,
                                                          .b = or->index, .x = x, .y = y0 + i };
                  if (n >= limit)
                    return n;
                }
            }
        }
    }
  return n;
}

#undef BS_GEN_NAME
#undef BS_GEN_LANES
#undef BS_GEN_ATTR
#undef BS_GEN_AVX512
#undef BS_GEN_AVX2
