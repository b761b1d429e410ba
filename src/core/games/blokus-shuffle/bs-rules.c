/* bs-rules.c: Blokus Shuffle (and classic Blokus with cards: false), every rule in play
 *
 * The rules as read in doc/rules/blokus-shuffle.md (from
 * shared/rules/blokus-shuffle.md): the square board, 21 polyominoes per
 * colour placed corner to corner, the first piece on the colour's corner,
 * passing, the end when every colour has passed since the board last
 * changed, basic and advanced scoring, the 2- and 3-player games, and the
 * eight action cards played before each piece. What runs when a definition
 * loads is in bs-prepare.c, the schemas and the rules table in bs-module.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bs-private.h"

/* ------------------------------------------------------------------------ */
/* Seats, decks, colours                                                    */

static inline guint
shared_color (const TwGame *game)
{
  return bs_opt (game, BS_OPT_SHARED_COLOR) - 1;
}

/* The deck a colour plays its cards from: its own, or in the merged
 * 2-player game the one deck of the seat. */
guint
bs_deck_of (const TwGame *game,
            guint         n_players,
            guint         color)
{
  if (n_players == 2 && bs_opt (game, BS_OPT_TWO_PLAYER_DECK) == 0)
    return color & 1;
  return color;
}

/* The colours that play their cards from deck @deck, one bit each. */
guint
bs_deck_colors (const TwGame *game,
                guint         n_players,
                guint         deck)
{
  guint m = 0;

  for (guint c = 0; c < bs_n_colors (game); c++)
    if (bs_deck_of (game, n_players, c) == deck)
      m |= 1u << c;
  return m;
}

gboolean
bs_deck_used (const TwGame *game,
              guint         n_players,
              guint         deck)
{
  return bs_deck_of (game, n_players, deck) == deck;
}

/* The seat that plays @color now (for the shared colour: this turn's). */
int
bs_seat_of (const TwGame  *game,
            const BsState *s,
            guint          color)
{
  switch (s->n_players)
    {
    case 2:
      return color & 1;
    case 3:
      {
        guint sh = shared_color (game);
        if (color == sh)
          return s->shared_turns % 3;
        return color < sh ? color : color - 1;
      }
    default:
      return color;
    }
}

/* Colours a seat owns for good (the shared colour belongs to nobody). */
guint
bs_owned_mask (const TwGame  *game,
               const BsState *s,
               guint          seat)
{
  guint m = 0;

  for (guint c = 0; c < bs_n_colors (game); c++)
    {
      if (s->n_players == 3 && c == shared_color (game))
        continue;
      if ((guint) bs_seat_of (game, s, c) == seat)
        m |= 1u << c;
    }
  return m;
}

/* "Your colours" for Recycle: the colours of the deck being played from. */
static guint
my_colors (const TwGame  *game,
           const BsState *s)
{
  if (s->n_players == 2)
    return bs_owned_mask (game, s, s->color & 1);
  return bs_deck_colors (game, s->n_players, bs_deck_of (game, s->n_players, s->color));
}

static guint
opponent_colors (const TwGame  *game,
                 const BsState *s)
{
  guint seat = bs_seat_of (game, s, s->color);
  guint in_play = (1u << bs_n_colors (game)) - 1;

  return in_play & ~(my_colors (game, s) | bs_owned_mask (game, s, seat));
}

static inline gboolean
finished (const BsState *s,
          guint          color)
{
  return s->remaining[color] == 0;
}

/* ------------------------------------------------------------------------ */
/* Board                                                                    */

/* Adds the piece's cells to @color and updates every colour's sets. */
void
bs_put_piece (const TwGame *game,
              BsState      *s,
              guint         color,
              guint         piece,
              guint         orient,
              guint         x,
              guint         y)
{
  const BsPrep *p = bs_prep (game);
  const BsOrient *or = &p->orients[p->first_orient[piece] + orient];
  guint N = p->size;
  guint32 full = p->full;

  for (guint r = 0; r < or->h; r++)
    {
      guint32 m = or->rows[r] << x;
      guint row = y + r;
      guint32 side = ((m << 1) | (m >> 1)) & full;
      s->occ[color][row] |= m;
      for (guint k = 0; k < BS_N_COLORS; k++)
        {
          s->forb[k][row] |= m;
          s->att[k][row] &= ~m;
        }
      s->forb[color][row] |= side;
      if (row > 0)
        {
          s->forb[color][row - 1] |= m;
          s->att[color][row - 1] |= side;
        }
      if (row + 1 < N)
        {
          s->forb[color][row + 1] |= m;
          s->att[color][row + 1] |= side;
        }
    }
  guint lo = y > 0 ? y - 1 : 0, hi = MIN (N - 1, y + or->h);
  for (guint row = lo; row <= hi; row++)
    s->att[color][row] &= ~s->forb[color][row];
  if (s->supply[color][piece] > 0)
    {
      s->supply[color][piece]--;
      s->remaining[color] -= p->squares[piece];
    }
  s->placed[color][s->n_placed[color]++] = (BsPlaced) { piece, orient, x, y };
  s->terms_known &= ~(1u << color);
}

/* Every colour's sets from the covered cells, after a piece left the board. */
void
bs_recompute (const TwGame *game,
              BsState      *s)
{
  const BsPrep *p = bs_prep (game);
  guint N = p->size;
  guint32 all[BS_MAX_SIZE];

  for (guint r = 0; r < N; r++)
    all[r] = s->occ[0][r] | s->occ[1][r] | s->occ[2][r] | s->occ[3][r];
  for (guint c = 0; c < BS_N_COLORS; c++)
    for (guint r = 0; r < N; r++)
      {
        guint32 o = s->occ[c][r];
        guint32 up = r > 0 ? s->occ[c][r - 1] : 0, down = r + 1 < N ? s->occ[c][r + 1] : 0;
        guint32 side = ((o << 1) | (o >> 1)) & p->full;
        guint32 diag = (((up | down) << 1) | ((up | down) >> 1)) & p->full;
        s->forb[c][r] = all[r] | side | up | down;
        s->att[c][r] = diag & ~s->forb[c][r];
      }
}

static void
remove_piece (const TwGame *game,
              BsState      *s,
              guint         color,
              guint         index)
{
  const BsPrep *p = bs_prep (game);
  const BsPlaced *pl = &s->placed[color][index];
  const BsOrient *or = &p->orients[p->first_orient[pl->piece] + pl->orient];

  for (guint r = 0; r < or->h; r++)
    s->occ[color][pl->y + r] &= ~(or->rows[r] << pl->x);
  s->supply[color][pl->piece]++;
  s->remaining[color] += p->squares[pl->piece];
  memmove (&s->placed[color][index], &s->placed[color][index + 1],
           (s->n_placed[color] - index - 1) * sizeof (BsPlaced));
  s->n_placed[color]--;
  s->terms_known &= ~(1u << color);
}

/* The placed piece covering (x, y): its index, with its colour in @color; -1 if none. */
int
bs_piece_at (const BsState *s,
             const BsPrep  *p,
             guint          x,
             guint          y,
             guint         *color)
{
  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      if (!(s->occ[c][y] >> x & 1))
        continue;
      for (guint i = 0; i < s->n_placed[c]; i++)
        {
          const BsPlaced *pl = &s->placed[c][i];
          const BsOrient *or = &p->orients[p->first_orient[pl->piece] + pl->orient];
          if (y >= pl->y && y < pl->y + or->h && x >= pl->x
              && (or->rows[y - pl->y] >> (x - pl->x) & 1))
            {
              *color = c;
              return i;
            }
        }
    }
  return -1;
}

/* The orientation and anchor of a set of absolute cells; the global
 * orientation index, or -1 when no piece has that shape. */
int
bs_find_orient (const TwGame      *game,
                const TwPolyomino *cells,
                guint             *orient,
                guint             *x,
                guint             *y)
{
  const BsPrep *p = bs_prep (game);
  TwPolyomino norm = *cells;
  int mx = G_MAXINT, my = G_MAXINT;

  for (guint i = 0; i < cells->n; i++)
    {
      mx = MIN (mx, cells->x[i]);
      my = MIN (my, cells->y[i]);
    }
  tw_polyomino_normalize (&norm);
  for (guint og = 0; og < p->n_orients; og++)
    if (tw_polyomino_equal (&norm, &p->orients[og].cells))
      {
        *orient = p->orients[og].index;
        *x = mx;
        *y = my;
        return og;
      }
  return -1;
}

/* The start cells a colour without a piece on the board may cover. */
static void
start_rows (const TwGame  *game,
            const BsState *s,
            guint          color,
            guint32       *A)
{
  const BsPrep *p = bs_prep (game);

  memset (A, 0, sizeof (guint32) * BS_MAX_SIZE);
  for (guint c = 0; c < p->n_colors; c++)
    {
      if (c != color && bs_opt (game, BS_OPT_START_CORNER) == 0)
        continue;
      guint x = p->start_x[c], y = p->start_y[c];
      if (!(s->forb[color][y] >> x & 1))
        A[y] |= 1u << x;
    }
}

/* The attach cells of a colour under the normal rule. */
static const guint32 *
attach_rows (const TwGame  *game,
             const BsState *s,
             guint          color,
             guint32       *buf)
{
  if (s->n_placed[color] > 0)
    return s->att[color];
  start_rows (game, s, color, buf);
  return buf;
}

/* The generator is written once, in bs-place.h, on GCC's generic vectors
 * of BS_GEN_LANES rows, and built for each instruction set with the widest
 * vector it handles well: 16 rows in one AVX-512 register, 8 in one AVX2
 * register (16 in two AVX2 registers compile to spills and are slower than
 * the plain build), 8 otherwise. gen_place() picks the build by the CPU. */

/* gen_place() writes a move as a word (kind, a, b, c, x, y) and p, q = 0 */
G_STATIC_ASSERT (G_STRUCT_OFFSET (TwMove, x) == 4 && G_STRUCT_OFFSET (TwMove, y) == 6
                 && G_STRUCT_OFFSET (TwMove, p) == 8 && sizeof (TwMove) == 12);

/* The first word of a placement with x = 0, built in a register: a word
 * loaded from a TwMove written field by field would wait for the stores. */
static inline guint64
move_head (guint piece,
           guint orient,
           guint y)
{
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  return BS_MOVE_PLACE | piece << 8 | orient << 16 | (guint64) y << 48;
#else
  TwMove t = { .kind = BS_MOVE_PLACE, .a = piece, .b = orient, .y = y };
  guint64 head;

  memcpy (&head, &t, sizeof head);
  return head;
#endif
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__SSE2__)
#define BS_X86_BUILDS 1
#define BS_GEN_NAME  gen_place_avx512
#define BS_GEN_LANES 16
#define BS_GEN_ATTR  __attribute__ ((target ("avx512f")))
#define BS_GEN_AVX512 1
#include "bs-place.h"
#define BS_GEN_NAME  gen_place_avx2
#define BS_GEN_LANES 8
#define BS_GEN_ATTR  __attribute__ ((target ("avx2")))
#define BS_GEN_AVX2  1
#include "bs-place.h"
#endif
#define BS_GEN_NAME  gen_place_plain
#define BS_GEN_LANES 8
#define BS_GEN_ATTR
#include "bs-place.h"

/* Every placement of a piece in @supply (or only @only_piece) that meets no
 * cell of F and covers a cell of A. @skip (a placement, or NULL) is left
 * out. Appends to @out when not NULL, ordered by orientation, then anchor
 * row, then column; stops at @limit. Returns the number found. */
static guint
gen_place (const BsPrep   *p,
           const guint32  *F,
           const guint32  *A,
           const guint8   *supply,
           int             only_piece,
           const BsPlaced *skip,
           TwMoveList     *out,
           guint           limit)
{
#ifdef BS_X86_BUILDS
  if (__builtin_cpu_supports ("avx512f"))
    return gen_place_avx512 (p, F, A, supply, only_piece, skip, out, limit);
  if (__builtin_cpu_supports ("avx2"))
    return gen_place_avx2 (p, F, A, supply, only_piece, skip, out, limit);
#endif
  return gen_place_plain (p, F, A, supply, only_piece, skip, out, limit);
}

/* The forbidden and attach rows of this turn's piece under its mode. */
static void
piece_rule (const TwGame  *game,
            const BsState *s,
            guint32       *F,
            guint32       *A)
{
  const BsPrep *p = bs_prep (game);
  guint c = s->color;
  guint N = p->size;

  switch (s->phase == BS_PHASE_DOUBLE ? BS_MODE_DOUBLE : s->mode)
    {
    case BS_MODE_EDGE:
      for (guint r = 0; r < N; r++)
        {
          guint32 all = s->occ[0][r] | s->occ[1][r] | s->occ[2][r] | s->occ[3][r];
          F[r] = all;
          /* a side neighbour of the colour: forbidden for it, but not covered */
          A[r] = s->forb[c][r] & ~all;
          if (bs_opt (game, BS_OPT_EDGE_TO_EDGE) == 1)
            A[r] |= s->att[c][r];
        }
      break;
    case BS_MODE_WILD:
      memcpy (F, s->forb[s->wild], N * sizeof (guint32));
      memcpy (A, attach_rows (game, s, s->wild, A), N * sizeof (guint32));
      break;
    case BS_MODE_DOUBLE:
      memcpy (F, s->forb[c], N * sizeof (guint32));
      if (s->phase == BS_PHASE_DOUBLE && bs_opt (game, BS_OPT_DOUBLE_CONTACT) == 0)
        {
          const BsPlaced *pl = &s->placed[c][s->first];
          const BsOrient *or = &p->orients[p->first_orient[pl->piece] + pl->orient];
          memset (A, 0, N * sizeof (guint32));
          for (guint r = 0; r < or->h; r++)
            {
              guint32 m = or->rows[r] << pl->x;
              guint32 d = ((m << 1) | (m >> 1)) & p->full;
              guint row = pl->y + r;
              if (row > 0)
                A[row - 1] |= d;
              if (row + 1 < N)
                A[row + 1] |= d;
            }
          for (guint r = 0; r < N; r++)
            A[r] &= s->att[c][r];
        }
      else
        memcpy (A, attach_rows (game, s, c, A), N * sizeof (guint32));
      break;
    default:
      memcpy (F, s->forb[c], N * sizeof (guint32));
      memcpy (A, attach_rows (game, s, c, A), N * sizeof (guint32));
      break;
    }
}

static guint
gen_pieces (const TwGame  *game,
            const BsState *s,
            TwMoveList    *out,
            guint          limit)
{
  guint32 F[BS_MAX_SIZE], A[BS_MAX_SIZE];

  piece_rule (game, s, F, A);
  return gen_place (bs_prep (game), F, A, s->supply[s->color], -1, NULL, out, limit);
}

/* Warp: the sets of colour @o as if its piece @index were off the board. */
static gboolean
warp_rule (const TwGame  *game,
           const BsState *s,
           guint          o,
           guint          index,
           BsState       *tmp,
           guint32       *F,
           guint32       *A)
{
  const BsPrep *p = bs_prep (game);

  /* "touching one of their other pieces": a lone piece cannot move */
  if (s->n_placed[o] < 2)
    return FALSE;
  memcpy (tmp->occ, s->occ, sizeof s->occ);
  memcpy (tmp->placed, s->placed, sizeof s->placed);
  memcpy (tmp->n_placed, s->n_placed, sizeof s->n_placed);
  memcpy (tmp->supply, s->supply, sizeof s->supply);
  memcpy (tmp->remaining, s->remaining, sizeof s->remaining);
  tmp->terms_known = 0;   /* a scratch copy of the pieces only */
  remove_piece (game, tmp, o, index);
  bs_recompute (game, tmp);
  memcpy (F, tmp->forb[o], p->size * sizeof (guint32));
  memcpy (A, tmp->att[o], p->size * sizeof (guint32));
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Game time                                                                */

static void
draw_cards (BsState *s,
            guint    deck,
            guint    n)
{
  while (n-- > 0 && s->deck_len[deck] > 0 && s->hand_len[deck] < BS_MAX_HAND)
    s->hand[deck][s->hand_len[deck]++] = s->deck[deck][--s->deck_len[deck]];
}

void
bs_init (const TwGame *game,
         TwState      *state,
         guint64       seed)
{
  const BsPrep *p = bs_prep (game);
  const TwDefinition *def = game->definition;
  BsState *s = (BsState *) state;

  memset (s, 0, sizeof *s);
  tw_rng_seed (&s->rng, seed);
  s->n_players = game->n_players;
  s->phase = BS_PHASE_OPEN;
  s->color = 0;
  s->wild = BS_NONE;
  s->first = BS_NONE;
  /* a colour the game does not play keeps an empty supply: finished */
  for (guint c = 0; c < p->n_colors; c++)
    {
      for (guint k = 0; k < p->n_pieces; k++)
        s->supply[c][k] = p->count[k];
      s->remaining[c] = p->total_squares;
    }
  bs_recompute (game, s);
  if (!bs_cards (game))
    return;
  for (guint c = 0; c < p->n_colors; c++)
    {
      guint d = bs_deck_of (game, s->n_players, c);
      for (guint i = 0; i < def->n_cards; i++)
        for (guint k = 0; k < p->card_count[i]; k++)
          s->deck[d][s->deck_len[d]++] = i;
    }
  for (guint d = 0; d < BS_N_COLORS; d++)
    tw_rng_shuffle_u8 (&s->rng, s->deck[d], s->deck_len[d]);
}

guint64
bs_hash (const TwGame  *game,
         const TwState *state)
{
  const BsState *s = (const BsState *) state;
  guint64 h = 0x6a09e667f3bcc909ull;

  h = tw_mix64 (h, s->phase | s->color << 8 | s->reverse << 16 | s->mode << 24
                   | (guint64) s->wild << 32 | (guint64) s->first << 40
                   | (guint64) s->skip_mask << 48 | (guint64) s->passed_mask << 56);
  h = tw_mix64 (h, s->shared_turns | s->placed_turn << 8 | s->n_players << 16);
  for (guint i = 0; i < 4; i++)
    h = tw_mix64 (h, s->rng.s[i]);
  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      /* placement order matters: it decides the monomino bonus */
      for (guint i = 0; i < s->n_placed[c]; i++)
        h = tw_mix64 (h, (guint64) c << 32 | s->placed[c][i].piece | s->placed[c][i].orient << 8
                         | s->placed[c][i].x << 16 | s->placed[c][i].y << 24);
      h = tw_mix64 (h, 0x100 + s->n_placed[c]);
      for (guint i = 0; i < s->deck_len[c]; i++)
        h = tw_mix64 (h, 0x1000 + s->deck[c][i]);
      for (guint i = 0; i < s->hand_len[c]; i++)
        h = tw_mix64 (h, 0x2000 + s->hand[c][i]);
      for (guint i = 0; i < s->discard_len[c]; i++)
        h = tw_mix64 (h, 0x3000 + s->discard[c][i]);
    }
  for (guint i = 0; i < s->drawn_len; i++)
    h = tw_mix64 (h, 0x4000 + s->drawn[i]);
  return h;
}

int
bs_to_act (const TwGame  *game,
           const TwState *state)
{
  const BsState *s = (const BsState *) state;

  if (s->phase == BS_PHASE_DONE)
    return -1;
  return bs_seat_of (game, s, s->color);
}

/* The next colour in the direction of play that still has pieces. */
static int
next_active (const BsState *s,
             guint          from,
             gboolean       forward)
{
  for (guint i = 1; i <= BS_N_COLORS; i++)
    {
      guint c = forward ? (from + i) & 3 : (from + BS_N_COLORS - i) & 3;
      if (!finished (s, c))
        return c;
    }
  return -1;
}

static void
begin_turn (const TwGame *game,
            BsState      *s)
{
  guint d = bs_deck_of (game, s->n_players, s->color);

  s->mode = BS_MODE_NORMAL;
  s->wild = BS_NONE;
  s->first = BS_NONE;
  s->placed_turn = 0;
  s->phase = bs_cards (game) && s->hand_len[d] > 0 ? BS_PHASE_CARD : BS_PHASE_PIECE;
}

/* Draws, records a pass, and hands the turn on. */
static void
end_turn (const TwGame *game,
          BsState      *s)
{
  guint c = s->color;
  gboolean opening = s->phase == BS_PHASE_OPEN;
  guint d = bs_deck_of (game, s->n_players, c);

  s->counters[BS_COUNTER_TURNS]++;
  if (!s->placed_turn)
    {
      s->passed_mask |= 1u << c;
      s->counters[BS_COUNTER_PASSES]++;
    }
  if (s->n_players == 3 && c == shared_color (game))
    s->shared_turns++;
  if (bs_cards (game))
    {
      /* the opening: the deck's first colour to place draws the hand of two */
      if (opening)
        {
          guint first = 0;
          while (bs_deck_of (game, s->n_players, first) != d)
            first++;
          if (first == c)
            draw_cards (s, d, 2);
        }
      else
        draw_cards (s, d, 1);
    }
  s->mode = BS_MODE_NORMAL;
  s->wild = BS_NONE;
  s->first = BS_NONE;
  s->placed_turn = 0;

  if (opening && c + 1 < bs_n_colors (game))
    {
      s->color = c + 1;
      s->phase = BS_PHASE_OPEN;
      return;
    }

  guint fin = 0;
  for (guint k = 0; k < BS_N_COLORS; k++)
    if (finished (s, k))
      fin |= 1u << k;
  if (((s->passed_mask | fin) & 0xf) == 0xf)
    {
      s->phase = BS_PHASE_DONE;
      return;
    }
  int next = next_active (s, opening ? BS_N_COLORS - 1 : c, opening || !s->reverse);
  while (next >= 0 && (s->skip_mask >> next & 1))
    {
      s->skip_mask &= ~(1u << next);
      next = next_active (s, next, !s->reverse);
    }
  if (next < 0)
    {
      s->phase = BS_PHASE_DONE;
      return;
    }
  s->color = next;
  begin_turn (game, s);
}

/* --- cards --------------------------------------------------------------- */

static inline const TwCardDef *
card_def (const TwGame *game,
          guint         card)
{
  return &game->definition->cards[card];
}

/* Appends the moves that play card definition @card. */
static void
gen_card (const TwGame  *game,
          const BsState *s,
          guint          card,
          TwMoveList    *out)
{
  const BsPrep *p = bs_prep (game);
  guint kind = card_def (game, card)->kind;
  TwMove *m;

  switch (kind)
    {
    case BS_CARD_WILD:
      for (guint c = 0; c < p->n_colors; c++)
        if (c != s->color || bs_opt (game, BS_OPT_WILD_OWN))
          {
            m = tw_move_list_push (out);
            m->kind = BS_MOVE_CARD;
            m->a = card;
            m->b = c;
            m->q = 1;
          }
      return;

    case BS_CARD_RECYCLE:
      {
        guint mine = my_colors (game, s), n = 0;
        for (guint c = 0; c < BS_N_COLORS; c++)
          if (mine >> c & 1)
            for (guint i = 0; i < s->n_placed[c]; i++, n++)
              {
                m = tw_move_list_push (out);
                m->kind = BS_MOVE_CARD;
                m->a = card;
                m->b = c;
                m->c = i;
                m->q = 1;
              }
        if (n > 0)
          return;
        break;
      }

    case BS_CARD_WARP:
      {
        guint opp = opponent_colors (game, s), n = 0;
        BsState tmp;
        guint32 F[BS_MAX_SIZE], A[BS_MAX_SIZE];
        for (guint o = 0; o < BS_N_COLORS; o++)
          if (opp >> o & 1)
            for (guint i = 0; i < s->n_placed[o]; i++)
              {
                if (!warp_rule (game, s, o, i, &tmp, F, A))
                  continue;
                guint start = out->len;
                n += gen_place (p, F, A, tmp.supply[o], s->placed[o][i].piece,
                                &s->placed[o][i], out, G_MAXUINT);
                for (guint j = start; j < out->len; j++)
                  {
                    TwMove *w = &out->moves[j];
                    w->p = w->b;
                    w->kind = BS_MOVE_CARD;
                    w->a = card;
                    w->b = o;
                    w->c = i;
                    w->q = 1;
                  }
              }
        if (n > 0)
          return;
        break;
      }

    default:
      break;
    }
  m = tw_move_list_push (out);
  m->kind = BS_MOVE_CARD;
  m->a = card;
}

/* Whether the card move is one gen_card() lists (the card's source checked by the caller). */
static gboolean
card_move_legal (const TwGame  *game,
                 const BsState *s,
                 const TwMove  *move,
                 GString       *why)
{
  TwMoveList list;
  gboolean found = FALSE;

  /* a Warp with a target is checked directly: listing every warp to find
   * one would make each check as slow as the whole generation */
  if (card_def (game, move->a)->kind == BS_CARD_WARP && move->q)
    {
      const BsPrep *p = bs_prep (game);
      guint o = move->b;
      BsState tmp;
      guint32 F[BS_MAX_SIZE], A[BS_MAX_SIZE];

      if (o < BS_N_COLORS && (opponent_colors (game, s) >> o & 1) && move->c < s->n_placed[o]
          && move->x >= 0 && move->y >= 0
          && warp_rule (game, s, o, move->c, &tmp, F, A))
        {
          const BsPlaced *pl = &s->placed[o][move->c];
          guint n_or = p->first_orient[pl->piece + 1] - p->first_orient[pl->piece];
          if (move->p >= 0 && (guint) move->p < n_or)
            {
              const BsOrient *or = &p->orients[p->first_orient[pl->piece] + move->p];
              if ((guint) move->x + or->w <= p->size && (guint) move->y + or->h <= p->size
                  && !(move->p == pl->orient && move->x == pl->x && move->y == pl->y))
                {
                  gboolean bad = FALSE, attached = FALSE;
                  for (guint r = 0; r < or->h; r++)
                    {
                      guint32 m = or->rows[r] << move->x;
                      bad |= (F[move->y + r] & m) != 0;
                      attached |= (A[move->y + r] & m) != 0;
                    }
                  found = !bad && attached;
                }
            }
        }
      if (!found && why)
        g_string_append (why, _("Warp moves an opponent's piece to another legal location, "
                                "touching one of their other pieces at a corner"));
      return found;
    }

  tw_move_list_init (&list);
  gen_card (game, s, move->a, &list);
  for (guint i = 0; i < list.len && !found; i++)
    found = tw_move_equal (&list.moves[i], move);
  if (!found && why)
    {
      guint kind = card_def (game, move->a)->kind;
      if (list.len == 1 && list.moves[0].q == 0 && move->q)
        g_string_append (why, _("you can't do what the card says, so simply discard it"));
      else if (list.len > 0 && list.moves[0].q == 1 && !move->q)
        g_string_append (why, _("you must take whatever action the card describes if you are able"));
      else if (kind == BS_CARD_RECYCLE)
        g_string_append (why, _("Recycle takes one of your pieces from the board"));
      else if (kind == BS_CARD_WARP)
        g_string_append (why, _("Warp moves an opponent's piece to another legal location, "
                                "touching one of their other pieces at a corner"));
      else if (kind == BS_CARD_WILD)
        g_string_append (why, _("Wild: declare a colour other than the piece's own"));
      else
        g_string_append (why, _("this card takes no parameters"));
    }
  tw_move_list_free (&list);
  return found;
}

/* The effect of a card just played from the hand or the drawn pair. */
static void
card_effect (const TwGame *game,
             BsState      *s,
             const TwMove *move)
{
  guint kind = card_def (game, move->a)->kind;
  guint d = bs_deck_of (game, s->n_players, s->color);

  s->counters[BS_COUNTER_CARDS]++;
  s->phase = BS_PHASE_PIECE;
  switch (kind)
    {
    case BS_CARD_SKIP:
      {
        int next = next_active (s, s->color, !s->reverse);
        if (next >= 0 && (guint) next != s->color)
          s->skip_mask |= 1u << next;
        else
          s->counters[BS_COUNTER_NO_EFFECT]++;
        break;
      }
    case BS_CARD_REVERSE:
      s->reverse ^= 1;
      break;
    case BS_CARD_DRAW2:
      while (s->drawn_len < 2 && s->deck_len[d] > 0)
        s->drawn[s->drawn_len++] = s->deck[d][--s->deck_len[d]];
      if (s->drawn_len > 0)
        s->phase = BS_PHASE_DRAWN;
      else
        s->counters[BS_COUNTER_NO_EFFECT]++;
      break;
    case BS_CARD_RECYCLE:
      if (!move->q)
        {
          s->counters[BS_COUNTER_NO_EFFECT]++;
          break;
        }
      remove_piece (game, s, move->b, move->c);
      bs_recompute (game, s);
      s->passed_mask = 0;
      s->counters[BS_COUNTER_RECYCLED]++;
      break;
    case BS_CARD_EDGE:
      s->mode = BS_MODE_EDGE;
      if (gen_pieces (game, s, NULL, 1) == 0)
        {
          s->mode = BS_MODE_NORMAL;
          s->counters[BS_COUNTER_NO_EFFECT]++;
        }
      break;
    case BS_CARD_DOUBLE:
      s->mode = BS_MODE_DOUBLE;
      break;
    case BS_CARD_WILD:
      s->mode = BS_MODE_WILD;
      s->wild = move->b;
      if (move->b == s->color || gen_pieces (game, s, NULL, 1) == 0)
        {
          s->mode = BS_MODE_NORMAL;
          s->wild = BS_NONE;
          s->counters[BS_COUNTER_NO_EFFECT]++;
        }
      break;
    case BS_CARD_WARP:
      if (!move->q)
        {
          s->counters[BS_COUNTER_NO_EFFECT]++;
          break;
        }
      {
        guint o = move->b;
        BsPlaced pl = s->placed[o][move->c];
        /* the warped piece keeps its place in the colour's order */
        pl.orient = move->p;
        pl.x = move->x;
        pl.y = move->y;
        remove_piece (game, s, o, move->c);
        bs_put_piece (game, s, o, pl.piece, pl.orient, pl.x, pl.y);
        BsPlaced moved = s->placed[o][s->n_placed[o] - 1];
        memmove (&s->placed[o][move->c + 1], &s->placed[o][move->c],
                 (s->n_placed[o] - 1 - move->c) * sizeof (BsPlaced));
        s->placed[o][move->c] = moved;
        bs_recompute (game, s);
        s->passed_mask = 0;
        s->counters[BS_COUNTER_WARPED]++;
      }
      break;
    default:
      break;
    }
}

/* ------------------------------------------------------------------------ */

void
bs_legal_moves (const TwGame  *game,
                const TwState *state,
                TwMoveList    *out)
{
  const BsState *s = (const BsState *) state;
  guint d = bs_deck_of (game, s->n_players, s->color);

  switch (s->phase)
    {
    case BS_PHASE_CARD:
    case BS_PHASE_DRAWN:
      {
        const guint8 *cards = s->phase == BS_PHASE_CARD ? s->hand[d] : s->drawn;
        guint n = s->phase == BS_PHASE_CARD ? s->hand_len[d] : s->drawn_len;
        guint32 seen[TW_MAX_CARD_DEFS / 32] = { 0 };
        for (guint i = 0; i < n; i++)
          {
            if (seen[cards[i] / 32] >> (cards[i] % 32) & 1)
              continue;
            seen[cards[i] / 32] |= 1u << (cards[i] % 32);
            gen_card (game, s, cards[i], out);
          }
        break;
      }
    case BS_PHASE_OPEN:
    case BS_PHASE_PIECE:
    case BS_PHASE_DOUBLE:
      if (gen_pieces (game, s, out, G_MAXUINT) == 0)
        tw_move_list_push (out)->kind = BS_MOVE_PASS;
      break;
    default:
      break;
    }
}

gboolean
bs_apply (const TwGame  *game,
          TwState       *state,
          const TwMove  *move,
          GString       *why)
{
  const BsPrep *p = bs_prep (game);
  BsState *s = (BsState *) state;
  guint c = s->color;
  guint d = bs_deck_of (game, s->n_players, c);

  if (s->phase == BS_PHASE_DONE)
    {
      if (why)
        g_string_append (why, _("the game is over"));
      return FALSE;
    }

  switch (move->kind)
    {
    case BS_MOVE_PLACE:
      {
        if (s->phase == BS_PHASE_CARD || s->phase == BS_PHASE_DRAWN)
          {
            if (why)
              g_string_append (why, _("you must always play a card if you have one, before the piece"));
            return FALSE;
          }
        if (!bs_place_in_range (p, move) || move->c || move->p || move->q)
          {
            if (why)
              g_string_append (why, _("there is no such piece or orientation"));
            return FALSE;
          }
        const BsOrient *or = &p->orients[p->first_orient[move->a] + move->b];
        if (move->x < 0 || move->y < 0 || move->x + or->w > (int) p->size
            || move->y + or->h > (int) p->size)
          {
            if (why)
              g_string_append (why, _("the piece must lie inside the board"));
            return FALSE;
          }
        if (s->supply[c][move->a] == 0)
          {
            if (why)
              g_string_printf (why, _("%s has no piece '%s' left to play"),
                               game->definition->colors[c].name, game->definition->pieces[move->a].id);
            return FALSE;
          }
        guint32 F[BS_MAX_SIZE], A[BS_MAX_SIZE];
        gboolean overlap = FALSE, attached = FALSE, side = FALSE;
        piece_rule (game, s, F, A);
        for (guint r = 0; r < or->h; r++)
          {
            guint row = move->y + r;
            guint32 m = or->rows[r] << move->x;
            guint32 all = s->occ[0][row] | s->occ[1][row] | s->occ[2][row] | s->occ[3][row];
            overlap |= (all & m) != 0;
            side |= (F[row] & m) != 0;
            attached |= (A[row] & m) != 0;
          }
        if (overlap || side || !attached)
          {
            /* Duo's start cells are not corners */
            const char *start_word = bs_prep (game)->starts_in_corners ? _("corner square")
                                                                       : _("start point");

            if (!why)
              return FALSE;
            if (overlap)
              g_string_append (why, _("the piece would cover a square that is already covered"));
            else if (s->phase == BS_PHASE_OPEN)
              g_string_append_printf (why, _("the first piece must cover the colour's %s"), start_word);
            else if (s->mode == BS_MODE_EDGE && s->phase == BS_PHASE_PIECE)
              g_string_append (why, _("Edge to Edge: play your next piece so it touches at least one "
                                      "of your other pieces along the side"));
            else if (s->mode == BS_MODE_WILD && s->phase == BS_PHASE_PIECE)
              g_string_printf (why, _("Wild: the piece follows normal Blokus rules for %s: it must touch "
                                      "%s only at the corners"),
                               game->definition->colors[s->wild].name,
                               game->definition->colors[s->wild].name);
            else if (s->phase == BS_PHASE_DOUBLE && side)
              g_string_append (why, _("every piece you play must touch another piece of your color, "
                                      "but only at the corners"));
            else if (s->phase == BS_PHASE_DOUBLE)
              g_string_append (why, _("Double Play: the second piece must touch your first piece at a corner"));
            else if (s->n_placed[c] == 0)
              g_string_append_printf (why, _("with no piece on the board, the piece must cover the "
                                        "colour's %s"), start_word);
            else
              g_string_append (why, _("every piece you play must touch another piece of your color, "
                                      "but only at the corners"));
            return FALSE;
          }
        bs_put_piece (game, s, c, move->a, move->b, move->x, move->y);
        s->passed_mask = 0;
        s->placed_turn = 1;
        if (s->phase == BS_PHASE_PIECE && s->mode == BS_MODE_DOUBLE && !finished (s, c))
          {
            s->phase = BS_PHASE_DOUBLE;
            s->first = s->n_placed[c] - 1;
            return TRUE;
          }
        end_turn (game, s);
        return TRUE;
      }

    case BS_MOVE_PASS:
      if (s->phase == BS_PHASE_CARD || s->phase == BS_PHASE_DRAWN)
        {
          if (why)
            g_string_append (why, _("you must always play a card if you have one"));
          return FALSE;
        }
      if (gen_pieces (game, s, NULL, 1) > 0)
        {
          if (why)
            g_string_append (why, _("only a player unable to place a piece on the board may pass"));
          return FALSE;
        }
      end_turn (game, s);
      return TRUE;

    case BS_MOVE_CARD:
      {
        guint8 *cards;
        guint8 *len;
        guint slot;

        if (s->phase != BS_PHASE_CARD && s->phase != BS_PHASE_DRAWN)
          {
            if (why)
              g_string_append (why, s->phase == BS_PHASE_OPEN
                                    ? _("the first piece is placed without a card")
                                    : _("a card is played before the piece, once per turn"));
            return FALSE;
          }
        cards = s->phase == BS_PHASE_CARD ? s->hand[d] : s->drawn;
        len = s->phase == BS_PHASE_CARD ? &s->hand_len[d] : &s->drawn_len;
        for (slot = 0; slot < *len && cards[slot] != move->a; slot++)
          ;
        if (move->a >= game->definition->n_cards || slot == *len)
          {
            if (why)
              g_string_append (why, s->phase == BS_PHASE_CARD ? _("that card is not in your hand")
                                                               : _("play one of the two cards you drew"));
            return FALSE;
          }
        if (!card_move_legal (game, s, move, why))
          return FALSE;
        /* to the discard pile; after Draw 2 the other drawn card goes under the deck */
        s->discard[d][s->discard_len[d]++] = move->a;
        memmove (&cards[slot], &cards[slot + 1], *len - slot - 1);
        (*len)--;
        if (s->phase == BS_PHASE_DRAWN)
          {
            for (guint i = 0; i < s->drawn_len; i++)
              {
                memmove (&s->deck[d][1], &s->deck[d][0], s->deck_len[d]);
                s->deck[d][0] = s->drawn[i];
                s->deck_len[d]++;
              }
            s->drawn_len = 0;
          }
        card_effect (game, s, move);
        return TRUE;
      }

    default:
      if (why)
        g_string_append (why, _("not a Blokus Shuffle move"));
      return FALSE;
    }
}

/* ------------------------------------------------------------------------ */
/* Scores                                                                   */

/* A colour's points: remaining squares (basic), or the advanced score. */
static int
color_points (const TwGame  *game,
              const BsState *s,
              guint          c)
{
  BsColorParts parts;

  bs_color_parts (game, s, c, &parts);
  return parts.total;
}

/* A seat's score: its colour, or in the 2-player game its worse colour (or
 * with two-player-score=both-colors the sum of its two). */
int
bs_score (const TwGame  *game,
          const BsState *s,
          guint          seat)
{
  gboolean basic = bs_opt (game, BS_OPT_SCORING) == 0;
  gboolean sum = bs_opt (game, BS_OPT_TWO_PLAYER_SCORE) == 1;
  guint owned = bs_owned_mask (game, s, seat);
  int best = 0, total = 0;
  gboolean any = FALSE;

  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      if (!(owned >> c & 1))
        continue;
      int v = color_points (game, s, c);
      total += v;
      if (!any || (basic ? v > best : v < best))
        best = v;
      any = TRUE;
    }
  return sum ? total : best;
}

void
bs_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const BsState *s = (const BsState *) state;
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = bs_score (game, s, q);
}

void
bs_ranking (const TwGame  *game,
            const TwState *state,
            guint         *rank)
{
  const BsState *s = (const BsState *) state;
  gboolean basic = bs_opt (game, BS_OPT_SCORING) == 0;
  int sc[TW_MAX_PLAYERS];

  /* basic scoring counts the squares left over: fewer is better */
  for (guint q = 0; q < s->n_players; q++)
    sc[q] = basic ? -bs_score (game, s, q) : bs_score (game, s, q);
  tw_rank_by_score (sc, s->n_players, rank);
}

/* ------------------------------------------------------------------------ */
/* Hidden information                                                       */

/* A hand is seen by the seat that owns the deck; the shared colour's hand
 * only by the seat playing it now. */
gboolean
bs_hand_seen (const TwGame  *game,
              const BsState *s,
              guint          deck,
              int            seat)
{
  if (seat < 0)
    return FALSE;
  if (s->n_players == 3 && deck == shared_color (game))
    return bs_to_act (game, (const TwState *) s) == seat && s->color == deck;
  return bs_seat_of (game, s, deck) == seat;
}

void
bs_observe (const TwGame *game,
            TwState      *state,
            guint         player,
            TwRng        *rng)
{
  BsState *s = (BsState *) state;
  int actor = bs_to_act (game, state);
  guint cur_deck = bs_deck_of (game, s->n_players, s->color);

  for (guint d = 0; d < BS_N_COLORS; d++)
    {
      guint8 pool[BS_MAX_DECK + BS_MAX_HAND + 2];
      guint n = 0;
      gboolean hand_seen, drawn_seen;

      if (!bs_deck_used (game, s->n_players, d))
        continue;
      hand_seen = bs_hand_seen (game, s, d, (int) player);
      drawn_seen = d == cur_deck && actor == (int) player;

      memcpy (pool, s->deck[d], s->deck_len[d]);
      n = s->deck_len[d];
      if (!hand_seen)
        {
          memcpy (pool + n, s->hand[d], s->hand_len[d]);
          n += s->hand_len[d];
        }
      if (d == cur_deck && !drawn_seen)
        {
          memcpy (pool + n, s->drawn, s->drawn_len);
          n += s->drawn_len;
        }
      tw_canonical_pool (pool, n);
      tw_rng_shuffle_u8 (rng, pool, n);
      n = 0;
      if (d == cur_deck && !drawn_seen)
        for (guint i = 0; i < s->drawn_len; i++)
          s->drawn[i] = pool[n++];
      if (!hand_seen)
        for (guint i = 0; i < s->hand_len[d]; i++)
          s->hand[d][i] = pool[n++];
      memcpy (s->deck[d], pool + n, s->deck_len[d]);
    }
  tw_rng_seed (&s->rng, tw_rng_next (rng));
  /* the bots judge moves from here: the colours' terms once, not once a move */
  bs_terms_know (game, s);
}

void
bs_counters (const TwGame  *game,
             const TwState *state,
             guint64       *out)
{
  tw_counters_copy (((const BsState *) state)->counters, BS_N_COUNTERS, out);
}

/* From scratch: the covered cells from the placement lists, every colour's
 * sets, the supply and the cards of every deck. */
gboolean
bs_check (const TwGame  *game,
          const TwState *state,
          GString       *why)
{
  const BsPrep *p = bs_prep (game);
  const TwDefinition *def = game->definition;
  const BsState *s = (const BsState *) state;
  BsState *t = g_new0 (BsState, 1);
  gboolean ok = FALSE;

  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      /* a colour the game does not play has no pieces at all */
      const guint8 *count = c < p->n_colors ? p->count : (const guint8 [BS_MAX_PIECES]) { 0 };
      guint on_board[BS_MAX_PIECES] = { 0 };
      guint rem = 0;
      for (guint i = 0; i < s->n_placed[c]; i++)
        {
          const BsPlaced *pl = &s->placed[c][i];
          if (pl->piece >= p->n_pieces
              || pl->orient >= p->first_orient[pl->piece + 1] - p->first_orient[pl->piece])
            {
              g_string_printf (why, "%s placement %u names no piece", tw_color_words (def, c), i);
              goto out;
            }
          const BsOrient *or = &p->orients[p->first_orient[pl->piece] + pl->orient];
          if (pl->x + or->w > p->size || pl->y + or->h > p->size)
            {
              g_string_printf (why, "%s piece %u leaves the board", tw_color_words (def, c), i);
              goto out;
            }
          for (guint r = 0; r < or->h; r++)
            {
              guint32 m = or->rows[r] << pl->x;
              for (guint k = 0; k < BS_N_COLORS; k++)
                if (t->occ[k][pl->y + r] & m)
                  {
                    g_string_printf (why, "%s piece %u overlaps another piece", tw_color_words (def, c), i);
                    goto out;
                  }
              t->occ[c][pl->y + r] |= m;
            }
          on_board[pl->piece]++;
        }
      for (guint k = 0; k < p->n_pieces; k++)
        {
          if (on_board[k] + s->supply[c][k] != count[k])
            {
              g_string_printf (why, "%s has %u '%s' on the board and %u in supply, the set has %u",
                               tw_color_words (def, c), on_board[k], def->pieces[k].id,
                               s->supply[c][k], count[k]);
              goto out;
            }
          rem += s->supply[c][k] * p->squares[k];
        }
      if (rem != s->remaining[c])
        {
          g_string_printf (why, "%s has %u squares left, %u counted", tw_color_words (def, c), rem,
                           s->remaining[c]);
          goto out;
        }
    }
  bs_recompute (game, t);
  for (guint c = 0; c < BS_N_COLORS; c++)
    for (guint r = 0; r < p->size; r++)
      if (t->occ[c][r] != s->occ[c][r] || t->forb[c][r] != s->forb[c][r]
          || t->att[c][r] != s->att[c][r])
        {
          g_string_printf (why, "%s: the incremental board sets differ from a recount on row %u",
                           tw_color_words (def, c), r);
          goto out;
        }

  /* cards: every card of every deck in exactly one place */
  for (guint d = 0; d < BS_N_COLORS; d++)
    {
      guint n_colors = 0;
      guint count[TW_MAX_CARD_DEFS] = { 0 };
      for (guint c = 0; c < p->n_colors; c++)
        n_colors += bs_deck_of (game, s->n_players, c) == d;
      if (!bs_cards (game))
        n_colors = 0;
      for (guint i = 0; i < s->deck_len[d]; i++)
        count[s->deck[d][i]]++;
      for (guint i = 0; i < s->hand_len[d]; i++)
        count[s->hand[d][i]]++;
      for (guint i = 0; i < s->discard_len[d]; i++)
        count[s->discard[d][i]]++;
      if (d == bs_deck_of (game, s->n_players, s->color))
        for (guint i = 0; i < s->drawn_len; i++)
          count[s->drawn[i]]++;
      for (guint k = 0; k < def->n_cards; k++)
        if (count[k] != n_colors * p->card_count[k])
          {
            char buf[16];
            g_string_printf (why, "deck %s holds %u '%s' cards in all, it should hold %u",
                             bs_deck_name (game, s->n_players, d, buf), count[k], def->cards[k].id,
                             n_colors * p->card_count[k]);
            goto out;
          }
    }
  if (s->phase == BS_PHASE_DOUBLE && (s->first >= s->n_placed[s->color]))
    {
      g_string_append (why, "Double Play: the first piece is missing");
      goto out;
    }
  if (s->phase != BS_PHASE_DRAWN && s->drawn_len)
    {
      g_string_append (why, "drawn cards outside the Draw 2 step");
      goto out;
    }
  ok = TRUE;
out:
  g_free (t);
  return ok;
}
