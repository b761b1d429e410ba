/* tw-module-util.h: plumbing every rules module needs
 *
 * The rules modules in games/ each grew a copy of the same small pieces: the
 * hash mixer, the laying out of a variable-size state in prepare(), apply()'s
 * refusals, the ranking by score, and the pieces of the position and move
 * notation readers (numbers, X,Y pairs, words, KEY=VALUE, tile instances).
 * They live here once. What is on a module's hot path (hashing, state
 * layout) is static inline.
 */
#pragma once

#include <glib.h>

#include "tw-definition.h"
#include "tw-rng.h"

G_BEGIN_DECLS

/* One step of a module's state hash: folds @v into @h. */
static inline guint64
tw_mix64 (guint64 h,
          guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  h *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  return h ^ (h >> 33);
}

/* Lays out one array of @bytes in a state being sized in prepare(): aligns
 * *@off to 8 bytes, returns that offset and moves *@off past the array. The
 * state's size is then tw_layout_end (*off). */
static inline gsize
tw_layout_take (gsize *off,
                gsize  bytes)
{
  gsize at = (*off + 7) & ~(gsize) 7;

  *off = at + bytes;
  return at;
}

static inline gsize
tw_layout_end (gsize off)
{
  return (off + 7) & ~(gsize) 7;
}

/* apply()'s refusal: appends @reason, a msgid marked with N_(), to @why in
 * the user's language and returns FALSE. @why may be NULL (a bot or a
 * playout asking), and then nothing is looked up. */
static inline gboolean
tw_refuse (GString    *why,
           const char *reason)
{
  if (why)
    g_string_append (why, g_dgettext (GETTEXT_PACKAGE, reason));
  return FALSE;
}

/* observe(): the hidden pool in a canonical order (ascending) before it is
 * shuffled, so the resampled state depends only on what the seat can see
 * and the generator, never on the real hidden order ("no peeking"). An
 * insertion sort: pools are a few hundred bytes at most. */
static inline void
tw_canonical_pool (guint8 *v,
                   guint   n)
{
  for (guint i = 1; i < n; i++)
    {
      guint8 x = v[i];
      guint j = i;

      for (; j > 0 && v[j - 1] > x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

/* counters(): a state's guint32 counters widened into @out. */
static inline void
tw_counters_copy (const guint32 *counters,
                  guint          n,
                  guint64       *out)
{
  for (guint i = 0; i < n; i++)
    out[i] = counters[i];
}

/* A colour's display name, or its id when it has none; "?" out of range. */
static inline const char *
tw_color_words (const TwDefinition *def,
                guint               c)
{
  if (c >= def->n_colors)
    return "?";
  return def->colors[c].name != NULL ? def->colors[c].name : def->colors[c].id;
}

/* A tile's display name, or its id when it has none. */
static inline const char *
tw_tile_words (const TwTileDef *tile)
{
  return tile->name != NULL ? tile->name : tile->id;
}

/* Appends @n words as a list for people: "A", "A and B", "A, B and C". */
void        tw_append_word_list         (GString            *out,
                                         const char * const *words,
                                         guint               n);

/* For a module's describe_seat(): starts another part of a seat's phrase,
 * with "; " unless nothing was said since @start (the length of @out when
 * the module began). The parts are separated so, not by commas: names of
 * tiles and lists inside a part have commas of their own. */
void        tw_seat_phrase_part         (GString            *out,
                                         gsize               start);

/* For a module's describe_seat(): what a hand the listener may see holds,
 * "holds A and B". A hidden hand is counted by the module, in its words. */
void        tw_seat_phrase_holds        (GString            *out,
                                         const char * const *names,
                                         guint               n);

/* Standard competition ranking of @n seats by @score, higher first: a
 * seat's rank is the number of seats that scored more, so equal scores share
 * a place. */
void        tw_rank_by_score            (const int          *score,
                                         guint               n,
                                         guint              *rank);

/* playout_pick() helper: one pass over the candidates, each offered once
 * with its weight; afterwards @chosen is candidate i with probability
 * w_i / (sum of the weights) (weighted reservoir sampling: no array of
 * weights, no allocation). Start from { 0, 0 }; candidates with a weight
 * <= 0 are never chosen unless none is offered with a positive one, when
 * @chosen stays 0. */
typedef struct
{
  double total;
  guint  chosen;
} TwWeightedPick;

static inline void
tw_weighted_pick_offer (TwWeightedPick *pick,
                        guint           index,
                        double          weight,
                        TwRng          *rng)
{
  if (!(weight > 0))
    return;
  pick->total += weight;
  if (tw_rng_double (rng) * pick->total < weight)
    pick->chosen = index;
}

/* The index of @name in the NULL-terminated @names, or -1. */
gint        tw_name_index               (const char * const *names,
                                         const char         *name);

/* check() helpers -------------------------------------------------------- */

/* Tile instance @inst found @where ("in the stack"), where its location
 * says it is when @loc_agrees: counts it in @seen (one byte per instance).
 * FALSE, with @why set, when it was seen before or the location disagrees. */
gboolean    tw_check_instance_at        (guint8             *seen,
                                         guint               inst,
                                         gboolean            loc_agrees,
                                         const char         *where,
                                         GString            *why);

/* After every place was counted with tw_check_instance_at(): each of the
 * @n_inst instances not seen must be at @loc_away (out of the game). */
gboolean    tw_check_instances_placed   (const guint8       *seen,
                                         const guint8       *loc,
                                         guint               n_inst,
                                         guint8              loc_away,
                                         GString            *why);

/* Notation readers ------------------------------------------------------- */

/* A whole decimal integer from -30000 to 30000 (a sign allowed); FALSE on
 * NULL, empty text or anything else. */
gboolean    tw_notation_parse_int       (const char         *text,
                                         int                *out);

/* "X,Y": two such integers. */
gboolean    tw_notation_parse_xy        (const char         *text,
                                         int                *x,
                                         int                *y);

/* @text split at any of @separators, empty words dropped. */
char      **tw_notation_words           (const char         *text,
                                         const char         *separators);

/* Checks that the first word of a position's header line is @tag; else sets
 * @why to "a @title position starts with '@tag'". */
gboolean    tw_notation_header_tag      (char * const       *head,
                                         const char         *tag,
                                         const char         *title,
                                         GString            *why);

/* Splits @word, a KEY=VALUE word, in place at its first '=': @word is then
 * the key and the value is returned. NULL, with @why set, when there is no
 * '='. */
const char *tw_notation_split_key       (char               *word,
                                         GString            *why);

/* The value of a position header's players=N: FALSE, with @why set, unless
 * it is @n_players. */
gboolean    tw_notation_check_players   (const char         *val,
                                         guint               n_players,
                                         GString            *why);

/* A seat number from 1 to @n_players for the header key @key (to-act=,
 * dealer=); FALSE, with @why set, otherwise. */
gboolean    tw_notation_parse_seat      (const char         *val,
                                         guint               n_players,
                                         const char         *key,
                                         int                *seat,
                                         GString            *why);

/* Takes a tile instance of the definition's tile @id that is not @used yet
 * (instance i is of tile @inst_def[i], i < @n_inst) and marks it used.
 * -1 with @why set for an unknown tile or when all its instances are
 * used. */
gint        tw_notation_take_instance   (const TwDefinition *def,
                                         const guint16      *inst_def,
                                         guint               n_inst,
                                         guint8             *used,
                                         const char         *id,
                                         GString            *why);

G_END_DECLS
