/* cf-expr.c: what a Colorfield tool's round-end bonus can ask about a painting
 *
 * The vocabulary a Community Tool card of kind `round-bonus` writes its
 * `points:` in (doc/definition-format.md, "Colorfield's vocabulary"): the
 * seat being scored, its specialty colour and tokens, the round, and the
 * paintings: tiles, sides and swaths of one colour, on the seat's own
 * canvas, on the others' or on all. Every answer is read from the state as
 * cf-rules.c keeps it, and the counts are the rules': a side is matched as
 * cf_matched_sides() says, it scores what cf_side_value() gives, tokens
 * left are cf_tokens_unused(), a swath is what the H-Frame Easel measures.
 *
 * The canvas of the seat being scored comes from the env (CfExprEnv), so
 * that a bot can ask what a bonus would be worth after a placement it is
 * only trying; the other seats' canvases are the state's.
 *
 * Elements: a side is seat * 32 + space * 4 + its direction (N E S W), a
 * tile the same with direction 0, so that a seat's tiles and sides are
 * the bits of one mask; a swath is (seat * 256 + colour * 16 + the lowest
 * space it covers) * 64 + the spaces it covers (bit i), so that its size
 * is not measured again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cf-private.h"

enum /* queries */
{
  Q_SEAT,
  Q_PLAYERS,
  Q_ROUND,
  Q_ROUNDS,
  Q_SPECIALTY,
  Q_TOKENS_LEFT,
  Q_ABILITIES_USED,
  Q_ABILITY_TOKENS,
  Q_TWO_SIDE_POINTS,
  Q_MODIFIERS_STACK,
  Q_SCORE,
  Q_TILES,
  Q_SIDES,
  Q_MATCHED_SIDES,
  Q_SWATHS,
  N_QUERIES,
};

enum /* whose canvases a collection walks */
{
  W_OWN,
  W_OTHERS,
  W_ALL,
};

enum /* record types */
{
  R_TILE,
  R_SIDE,
  R_SWATH,
};

enum /* fields of a tile */
{
  F_TILE_SPACE,
  F_TILE_ROW,
  F_TILE_COLUMN,
  F_TILE_ROTATION,
  F_TILE_UPRIGHT,
  F_TILE_MATCHED,
  F_TILE_PERFECT,
  F_TILE_POINTS,
  F_TILE_TWO_COLOR,
  F_TILE_OWNER,
  F_TILE_OWN,
  N_TILE_FIELDS,
};

enum /* fields of a side */
{
  F_SIDE_COLOR,
  F_SIDE_TWO,
  F_SIDE_MATCHED,
  F_SIDE_BORDER,
  F_SIDE_POINTS,
  F_SIDE_TILE,
  F_SIDE_OWN,
  N_SIDE_FIELDS,
};

enum /* fields of a swath */
{
  F_SWATH_COLOR,
  F_SWATH_SIZE,
  F_SWATH_OWN,
  N_SWATH_FIELDS,
};

static const char * const whose_words[] = { "own", "others", "all", NULL };

static const TwExprField tile_fields[] = {
  [F_TILE_SPACE] = { "space", TW_EXPR_NUMBER, "its space on the canvas, 1 to 6" },
  [F_TILE_ROW] = { "row", TW_EXPR_NUMBER, "its row, 1 at the top" },
  [F_TILE_COLUMN] = { "column", TW_EXPR_NUMBER, "its column, 1 at the left" },
  [F_TILE_ROTATION] = { "rotation", TW_EXPR_NUMBER,
                        "quarter turns clockwise from upright, 0 to 3" },
  [F_TILE_UPRIGHT] = { "upright", TW_EXPR_BOOL, "it is upright (its 2 reads the right way up)" },
  [F_TILE_MATCHED] = { "matched", TW_EXPR_NUMBER,
                       "its sides that score: matching the neighbour or the canvas edge, 0 to 4" },
  [F_TILE_PERFECT] = { "perfect", TW_EXPR_BOOL, "all four sides score" },
  [F_TILE_POINTS] = { "points", TW_EXPR_NUMBER,
                      "what its matched sides score: 1 each, the 2-side 2, the specialty's "
                      "2-side 4, as the round's scoring counts them (High-Density Sponge "
                      "included)" },
  [F_TILE_TWO_COLOR] = { "two_color", TW_EXPR_COLOR, "the colour of its 2-side" },
  [F_TILE_OWNER] = { "owner", TW_EXPR_NUMBER, "the seat whose canvas it is on, from 1" },
  [F_TILE_OWN] = { "own", TW_EXPR_BOOL, "it is on the canvas of the seat being scored" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (tile_fields) == N_TILE_FIELDS);

static const TwExprField side_fields[] = {
  [F_SIDE_COLOR] = { "color", TW_EXPR_COLOR, "its colour" },
  [F_SIDE_TWO] = { "two", TW_EXPR_BOOL, "it is the tile's 2-side" },
  [F_SIDE_MATCHED] = { "matched", TW_EXPR_BOOL,
                       "it scores: the facing side of the neighbour has its colour, or it faces "
                       "an edge space of the canvas that shows its colour" },
  [F_SIDE_BORDER] = { "border", TW_EXPR_BOOL, "it faces the canvas edge (not another space)" },
  [F_SIDE_POINTS] = { "points", TW_EXPR_NUMBER,
                      "what it scores: 0 unmatched, else 1, the 2-side 2, the specialty's "
                      "2-side 4" },
  [F_SIDE_TILE] = { "tile", TW_EXPR_RECORD (R_TILE), "the tile it is a side of" },
  [F_SIDE_OWN] = { "own", TW_EXPR_BOOL, "it is on the canvas of the seat being scored" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (side_fields) == N_SIDE_FIELDS);

static const TwExprField swath_fields[] = {
  [F_SWATH_COLOR] = { "color", TW_EXPR_COLOR, "its colour" },
  [F_SWATH_SIZE] = { "size", TW_EXPR_NUMBER, "the tiles it covers" },
  [F_SWATH_OWN] = { "own", TW_EXPR_BOOL, "it is on the canvas of the seat being scored" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (swath_fields) == N_SWATH_FIELDS);

static const TwExprRecordType records[] = {
  [R_TILE] = { "tile", tile_fields, N_TILE_FIELDS, "a paint tile on a canvas" },
  [R_SIDE] = { "side", side_fields, N_SIDE_FIELDS, "one of the four sides of a tile on a canvas" },
  [R_SWATH] = { "swath", swath_fields, N_SWATH_FIELDS,
                "tiles of one canvas joined by touching sides of one colour (the H-Frame "
                "Easel's): each group once, a tile alone when it shows the colour" },
};

static const TwExprQuery queries[] = {
  [Q_SEAT] = { "seat", TW_EXPR_NUMBER, NULL, 0, "the seat being scored, from 1" },
  [Q_PLAYERS] = { "players", TW_EXPR_NUMBER, NULL, 0, "the number of seats" },
  [Q_ROUND] = { "round", TW_EXPR_NUMBER, NULL, 0, "the round being scored, from 1" },
  [Q_ROUNDS] = { "rounds", TW_EXPR_NUMBER, NULL, 0, "rounds in the game (option rounds)" },
  [Q_SPECIALTY] = { "specialty", TW_EXPR_COLOR, NULL, 0,
                    "the seat's specialty colour (its painter's); no colour before one is chosen" },
  [Q_TOKENS_LEFT] = { "tokens_left", TW_EXPR_NUMBER, NULL, 0,
                      "the seat's ability tokens left unused this round (the Local Collective's "
                      "free uses as option local-collective-tokens says)" },
  [Q_ABILITIES_USED] = { "abilities_used", TW_EXPR_NUMBER, NULL, 0,
                         "abilities the seat used this round" },
  [Q_ABILITY_TOKENS] = { "ability_tokens", TW_EXPR_NUMBER, NULL, 0,
                         "ability tokens a seat has each round (option ability-tokens)" },
  [Q_TWO_SIDE_POINTS] = { "two_side_points", TW_EXPR_NUMBER, NULL, 0,
                          "what a matched 2-side scores by the rules (option two-side-points)" },
  [Q_MODIFIERS_STACK] = { "modifiers_stack", TW_EXPR_BOOL, NULL, 0,
                          "scoring tools stack on the rules and specialties (option "
                          "tool-modifiers-stack)" },
  [Q_SCORE] = { "score", TW_EXPR_NUMBER, NULL, 0,
                "the seat's points before this round's scoring" },
  [Q_TILES] = { "tiles", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_TILE)), whose_words, 0,
                "the tiles on canvases, seat by seat, space by space: own (the seat being "
                "scored), others or all" },
  [Q_SIDES] = { "sides", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_SIDE)), whose_words, 0,
                "the sides of those tiles, N E S W of each" },
  [Q_MATCHED_SIDES] = { "matched_sides", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_SIDE)), whose_words, 0,
                        "the sides of those tiles that score, as sides(...) where matched, "
                        "gone through faster" },
  [Q_SWATHS] = { "swaths", TW_EXPR_LIST_OF (TW_EXPR_RECORD (R_SWATH)), whose_words,
                 CF_EXPR_NEEDS_WHOLE,
                 "the swaths on those canvases, colour by colour; the bots' quick gain of a "
                 "placement leaves a bonus that asks this to the full count" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (queries) == N_QUERIES);

/* The canvas of seat @q: the env's for the seat being scored. */
static inline void
canvas_of (const CfExprEnv *env,
           guint            q,
           const guint8   **slot,
           const guint8   **rot)
{
  *slot = q == env->seat ? env->slot : env->s->slot[q];
  *rot = q == env->seat ? env->rot : env->s->rot[q];
}

/* The env with its facts about seat @q's canvas worked out: the callbacks
 * take the env as const, but the facts are the env's own cache. */
static inline const CfExprEnv *
know (const CfExprEnv *env_,
      guint            q)
{
  CfExprEnv *env = (CfExprEnv *) env_;

  if (!(env->known & (1u << q)))
    {
      const guint8 *slot, *rot;
      guint8 occupied = 0;

      canvas_of (env, q, &slot, &rot);
      env->sides[q] = 0;
      for (guint i = 0; i < CF_SLOTS; i++)
        if (slot[i] != CF_NONE)
          {
            occupied |= 1u << i;
            env->sides[q] |= 0xfu << (4 * i);
          }
      env->occupied[q] = occupied;
      env->specialty[q] = (gint8) cf_specialty (env->game, env->s, q);
      env->known |= 1u << q;
    }
  return env;
}

/* The env with the sides of seat @q's canvas that score worked out. */
static inline const CfExprEnv *
know_matched (const CfExprEnv *env_,
              guint            q)
{
  CfExprEnv *env = (CfExprEnv *) env_;

  if (!(env->known_matched & (1u << q)))
    {
      const guint8 *slot, *rot;

      canvas_of (env, q, &slot, &rot);
      cf_matched_sides_of (env->game, env->s, q, slot, rot, env->matched[q]);
      env->matched_sides[q] = 0;
      for (guint i = 0; i < CF_SLOTS; i++)
        env->matched_sides[q] |= (guint32) env->matched[q][i] << (4 * i);
      env->known_matched |= 1u << q;
    }
  return env;
}

/* Which sides of the tile in space @i of seat @q score: bit d. */
static inline guint
matched_of (const CfExprEnv *env,
            guint            q,
            guint            i)
{
  return know_matched (env, q)->matched[q][i];
}

const guint8 *
cf_expr_env_matched (CfExprEnv *env,
                     guint      q)
{
  return know_matched (env, q)->matched[q];
}

void
cf_expr_env_init (CfExprEnv     *env,
                  const TwGame  *game,
                  const CfState *s,
                  guint          seat,
                  const guint8  *slot,
                  const guint8  *rot)
{
  env->game = game;
  env->s = s;
  env->seat = seat;
  env->slot = slot;
  env->rot = rot;
  env->known = 0;
  env->known_matched = 0;
}

void
cf_expr_env_seat (CfExprEnv *env,
                  guint      seat)
{
  g_assert (env->slot == env->s->slot[env->seat] && env->rot == env->s->rot[env->seat]);
  env->seat = seat;
  env->slot = env->s->slot[seat];
  env->rot = env->s->rot[seat];
}

/* The swath of colour @c through space @i of seat @q's canvas. */
static guint
swath_mask (const CfExprEnv *env,
            guint            q,
            guint            c,
            guint            i)
{
  const guint8 *slot, *rot;

  canvas_of (env, q, &slot, &rot);
  return cf_swath_mask (cf_prep (env->game), slot, rot, c, i);
}

static inline gboolean
whose (const CfExprEnv *env,
       gint64           which,
       guint            q)
{
  switch (which)
    {
    case W_OWN:    return q == env->seat;
    case W_OTHERS: return q != env->seat;
    case W_ALL:    return TRUE;
    default:       g_assert_not_reached ();
    }
}

static gint64
cf_expr_value (gconstpointer env_,
               guint         query,
               gint64        arg)
{
  const CfExprEnv *env = env_;
  const TwGame *game = env->game;
  const CfState *s = env->s;

  switch (query)
    {
    case Q_SEAT:            return env->seat + 1;
    case Q_PLAYERS:         return s->n_players;
    case Q_ROUND:           return s->round + 1;
    case Q_ROUNDS:          return cf_opt (game, CF_OPT_ROUNDS);
    case Q_SPECIALTY:       return know (env, env->seat)->specialty[env->seat];
    case Q_TOKENS_LEFT:     return cf_tokens_unused (game, s, env->seat);
    case Q_ABILITIES_USED:  return s->uses[env->seat];
    case Q_ABILITY_TOKENS:  return cf_opt (game, CF_OPT_TOKENS);
    case Q_TWO_SIDE_POINTS: return cf_opt (game, CF_OPT_TWO_POINTS);
    case Q_MODIFIERS_STACK: return cf_opt (game, CF_OPT_STACK) != 0;
    case Q_SCORE:           return s->score[env->seat];
    default:                g_assert_not_reached ();
    }
}

enum /* what next_in() walks */
{
  WALK_TILES,
  WALK_SIDES,
  WALK_MATCHED_SIDES,
};

/* The next tile, side or side that scores (@walk) from *@cursor on the
 * canvases @which says: the next bit of a seat's mask. */
static gboolean
next_in (const CfExprEnv *env,
         gint64           which,
         guint            walk,
         gint64          *cursor,
         gint64          *element)
{
  const guint n = env->s->n_players;
  const guint k = (guint) *cursor;

  for (guint q = k / 32, from = k % 32; q < n; q++, from = 0)
    {
      guint32 left;
      if (!whose (env, which, q))
        continue;
      switch (walk)
        {
        case WALK_TILES:  left = know (env, q)->sides[q] & 0x111111u; break;
        case WALK_SIDES:  left = know (env, q)->sides[q]; break;
        default:          left = know_matched (env, q)->matched_sides[q]; break;
        }
      left &= ~0u << from;
      if (left != 0)
        {
          *element = q * 32 + (guint) __builtin_ctz (left);
          *cursor = *element + 1;
          return TRUE;
        }
    }
  *cursor = (gint64) n * 32;
  return FALSE;
}

G_STATIC_ASSERT (CF_SLOTS <= 6);

/* The next swath from *@cursor: each once, at its lowest space. The
 * cursor is the next seat * 256 + colour * 16 + space to look at, and
 * above bit 16 the spaces that that seat's swaths of that colour so far
 * cover, which need no measuring again. */
static gboolean
next_swath (const CfExprEnv *env,
            gint64           which,
            gint64          *cursor,
            gint64          *element)
{
  const CfPrep *p = cf_prep (env->game);
  const guint n = env->s->n_players;
  guint seen = (guint) (*cursor >> 16);

  for (guint k = (guint) (*cursor & 0xffff); k < n * 256; k++)
    {
      guint q = k / 256, c = (k % 256) / 16, i = k % 16;
      const guint8 *slot, *rot;
      guint mask;

      if (i == 0)
        seen = 0;
      if (!whose (env, which, q) || c >= p->n_colors)
        {
          k = (q + 1) * 256 - 1;
          continue;
        }
      if (i >= CF_SLOTS || !(know (env, q)->occupied[q] & (1u << i)) || (seen & (1u << i)))
        continue;
      mask = swath_mask (env, q, c, i);
      seen |= mask;
      if ((mask & ((1u << i) - 1)) != 0)
        continue;
      canvas_of (env, q, &slot, &rot);
      /* a tile alone is a swath only if it shows the colour at all */
      if (mask == (1u << i) && !cf_shows_color (p, slot[i], rot[i], c))
        continue;
      *element = (gint64) k * 64 + mask;
      *cursor = (k + 1) | (gint64) seen << 16;
      return TRUE;
    }
  *cursor = (gint64) n * 256;
  return FALSE;
}

static gboolean
cf_expr_next (gconstpointer env_,
              guint         query,
              gint64        arg,
              gint64       *cursor,
              gint64       *element)
{
  switch (query)
    {
    case Q_TILES:         return next_in (env_, arg, WALK_TILES, cursor, element);
    case Q_SIDES:         return next_in (env_, arg, WALK_SIDES, cursor, element);
    case Q_MATCHED_SIDES: return next_in (env_, arg, WALK_MATCHED_SIDES, cursor, element);
    case Q_SWATHS:        return next_swath (env_, arg, cursor, element);
    default:       g_assert_not_reached ();
    }
}

/* What the tile (side @d when @d < 4) of seat @q in space @i scores. */
static int
points_of (const CfExprEnv *env,
           guint            q,
           guint            i,
           guint            d)
{
  const CfPrep *p = cf_prep (env->game);
  const guint8 *slot, *rot;
  guint bits = matched_of (env, q, i);
  int spec = know (env, q)->specialty[q], pts = 0;

  canvas_of (env, q, &slot, &rot);
  guint two = (p->two[slot[i]] + rot[i]) & 3;
  for (guint k = 0; k < 4; k++)
    if ((bits & (1u << k)) && (d >= 4 || d == k))
      pts += cf_side_value (env->game, env->s, spec, k == two,
                            p->edge[slot[i]][rot[i]][k]);
  return pts;
}

/* Field @field of the tile in space @i of seat @q's canvas @slot/@rot. */
static inline gint64
tile_field_at (const CfExprEnv *env,
               const CfPrep    *p,
               const guint8    *slot,
               const guint8    *rot,
               guint            field,
               guint            q,
               guint            i)
{
  switch (field)
    {
    case F_TILE_SPACE:     return i + 1;
    case F_TILE_ROW:       return p->slot_y[i] + 1;
    case F_TILE_COLUMN:    return p->slot_x[i] + 1;
    case F_TILE_ROTATION:  return rot[i];
    case F_TILE_UPRIGHT:   return rot[i] == 0;
    case F_TILE_MATCHED:   return __builtin_popcount (matched_of (env, q, i));
    case F_TILE_PERFECT:   return matched_of (env, q, i) == 0xf;
    case F_TILE_POINTS:    return points_of (env, q, i, 4);
    case F_TILE_TWO_COLOR: return p->edge[slot[i]][0][p->two[slot[i]]];
    case F_TILE_OWNER:     return q + 1;
    case F_TILE_OWN:       return q == env->seat;
    default:               g_assert_not_reached ();
    }
}

/* Field @field of side @d of that tile. */
static inline gint64
side_field_at (const CfExprEnv *env,
               const CfPrep    *p,
               const guint8    *slot,
               const guint8    *rot,
               guint            field,
               guint            q,
               guint            i,
               guint            d)
{
  switch (field)
    {
    case F_SIDE_COLOR:   return p->edge[slot[i]][rot[i]][d];
    case F_SIDE_TWO:     return ((p->two[slot[i]] + rot[i]) & 3) == d;
    case F_SIDE_MATCHED: return (matched_of (env, q, i) >> d) & 1;
    case F_SIDE_BORDER:  return p->border_of[i][d] >= 0;
    case F_SIDE_POINTS:  return points_of (env, q, i, d);
    case F_SIDE_TILE:    return q * 32 + i * 4;
    case F_SIDE_OWN:     return q == env->seat;
    default:             g_assert_not_reached ();
    }
}

/* Field @field of tile or side (@record) @k, bit 4i + d of seat @q's
 * canvas @slot/@rot. */
static inline gint64
field_at (const CfExprEnv *env,
          const CfPrep    *p,
          const guint8    *slot,
          const guint8    *rot,
          guint            record,
          guint            field,
          guint            q,
          guint            k)
{
  return record == R_TILE ? tile_field_at (env, p, slot, rot, field, q, k / 4)
                          : side_field_at (env, p, slot, rot, field, q, k / 4, k % 4);
}

static gint64
cf_expr_field (gconstpointer env_,
               guint         record,
               guint         field,
               gint64        element)
{
  const CfExprEnv *env = env_;

  switch (record)
    {
    case R_TILE:
    case R_SIDE:
      {
        guint q = (guint) element / 32;
        const guint8 *slot, *rot;
        canvas_of (env, q, &slot, &rot);
        return field_at (env, cf_prep (env->game), slot, rot, record, field, q,
                         (guint) element % 32);
      }
    case R_SWATH:
      {
        guint k = (guint) (element / 64), q = k / 256, c = k % 256 / 16;
        switch (field)
          {
          case F_SWATH_COLOR: return c;
          case F_SWATH_SIZE:  return __builtin_popcount ((guint) (element % 64));
          case F_SWATH_OWN:   return q == env->seat;
          default:            g_assert_not_reached ();
          }
      }
    default:
      g_assert_not_reached ();
    }
}

/* The tiles, sides or sides that score of a seat's canvas at a time. */
static gboolean
cf_expr_next_set (gconstpointer env_,
                  guint         query,
                  gint64        arg,
                  gint64       *cursor,
                  gint64       *base,
                  guint64      *bits)
{
  const CfExprEnv *env = env_;
  const guint n = env->s->n_players;

  for (guint q = (guint) *cursor; q < n; q++)
    if (whose (env, arg, q))
      {
        switch (query)
          {
          case Q_TILES:         *bits = know (env, q)->sides[q] & 0x111111u; break;
          case Q_SIDES:         *bits = know (env, q)->sides[q]; break;
          case Q_MATCHED_SIDES: *bits = know_matched (env, q)->matched_sides[q]; break;
          default:              g_assert_not_reached ();
          }
        *base = q * 32;
        *cursor = q + 1;
        return TRUE;
      }
  *cursor = n;
  return FALSE;
}

/* Of the elements @bits of seat @q's canvas, those whose @field is @value;
 * inlined with a constant field where the hot ones are asked, so that
 * their loop reads the one array it needs. */
static inline __attribute__ ((always_inline)) guint64
field_set_of (const CfExprEnv *env,
              const CfPrep    *p,
              const guint8    *slot,
              const guint8    *rot,
              guint            record,
              guint            field,
              guint            q,
              guint64          bits,
              gint64           value)
{
  guint64 out = 0;

  for (guint64 left = bits; left != 0; left &= left - 1)
    {
      guint k = (guint) __builtin_ctzll (left);
      if (field_at (env, p, slot, rot, record, field, q, k) == value)
        out |= G_GUINT64_CONSTANT (1) << k;
    }
  return out;
}

/* Of the tiles or sides @base + k (bits k of @bits), those whose @field
 * is @value: the fields as cf_expr_field() reads them, one canvas's
 * elements in one loop. */
static guint64
cf_expr_field_set (gconstpointer env_,
                   guint         record,
                   guint         field,
                   gint64        base,
                   guint64       bits,
                   gint64        value)
{
  const CfExprEnv *env = env_;
  const CfPrep *p = cf_prep (env->game);
  const guint q = (guint) base / 32;
  const guint8 *slot, *rot;

  /* a part is one canvas: base is its seat's first element */
  canvas_of (env, q, &slot, &rot);
#define FIELD_SET(r, f) field_set_of (env, p, slot, rot, r, f, q, bits, value)
  if (record == R_SIDE && field == F_SIDE_COLOR)
    return FIELD_SET (R_SIDE, F_SIDE_COLOR);
  if (record == R_SIDE && field == F_SIDE_TWO)
    return FIELD_SET (R_SIDE, F_SIDE_TWO);
  if (record == R_SIDE && field == F_SIDE_BORDER)
    return FIELD_SET (R_SIDE, F_SIDE_BORDER);
  if (record == R_TILE && field == F_TILE_PERFECT)
    return FIELD_SET (R_TILE, F_TILE_PERFECT);
  if (record == R_TILE && field == F_TILE_UPRIGHT)
    return FIELD_SET (R_TILE, F_TILE_UPRIGHT);
  return FIELD_SET (record, field);
#undef FIELD_SET
}

/* next_set() walks tiles(), sides() and matched_sides(); every field of a
 * tile and of a side is asked as a set (swaths are walked one by one). */
static const guint32 set_fields[] = {
  [R_TILE] = (1u << N_TILE_FIELDS) - 1,
  [R_SIDE] = (1u << N_SIDE_FIELDS) - 1,
  [R_SWATH] = 0,
};

G_STATIC_ASSERT (G_N_ELEMENTS (set_fields) == G_N_ELEMENTS (records));

const TwExprVocabulary cf_expr_vocabulary = {
  .name = "colorfield",
  .queries = queries,
  .n_queries = N_QUERIES,
  .records = records,
  .n_records = G_N_ELEMENTS (records),
  .value = cf_expr_value,
  .next = cf_expr_next,
  .field = cf_expr_field,
  .set_queries = (1u << Q_TILES) | (1u << Q_SIDES) | (1u << Q_MATCHED_SIDES),
  .set_fields = set_fields,
  .next_set = cf_expr_next_set,
  .field_set = cf_expr_field_set,
};

gboolean
cf_expr_reads_own (const TwExprProgram *program)
{
  static const guint canvas_queries[] = { Q_TILES, Q_SIDES, Q_MATCHED_SIDES, Q_SWATHS };

  for (guint k = 0; k < G_N_ELEMENTS (canvas_queries); k++)
    if (tw_expr_program_asks (program, canvas_queries[k], W_OWN)
        || tw_expr_program_asks (program, canvas_queries[k], W_ALL))
      return TRUE;
  return FALSE;
}

int
cf_expr_points (CfExprEnv *env,
                guint      mask,
                int       *points)
{
  const CfPrep *p = cf_prep (env->game);
  int total = 0;

  for (guint k = 0; k < p->n_expr; k++)
    if (mask & (1u << k))
      {
        gint64 v = tw_expr_eval (p->expr[k], env);
        /* a bonus, never a penalty (the position's items are counts), and
         * held so that a game's items add up inside the state's numbers */
        int held = (int) CLAMP (v, 0, CF_MAX_BONUS);
        if (points != NULL)
          points[k] = held;
        total += held;
      }
  return total;
}

