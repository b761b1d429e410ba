/* tw-notation.h: the one reader of positions in the notation (doc/notation.md)
 *
 * Every game writes a position as a header line and section lines:
 *
 *   TAG key=value key=value ...
 *   NAME: word word ...
 *
 * A game describes its header as a table of typed fields (TwNotationField)
 * and its section lines as a table of names with a callback each
 * (TwNotationSection); the reader does the splitting, the KEY=VALUE words,
 * the numbers, seats and names, and the refusals with their reasons. What a
 * section's words mean stays the game's.
 *
 * Blanks: lines are split at '\n' and trimmed; words are separated by any
 * run of spaces, tabs or carriage returns.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How the value of a header key is read, and what it is stored in. */
typedef enum
{
  TW_FIELD_INT,       /* a number from .min to .max -> int */
  TW_FIELD_SEAT,      /* a seat from 1 to the player count -> int, as written */
  TW_FIELD_PLAYERS,   /* must be the game's player count; stores nothing */
  TW_FIELD_NAME,      /* one of .names (those in .accept) -> int, its index */
  TW_FIELD_SEED,      /* a decimal number, never refused -> guint64 */
  TW_FIELD_TEXT,      /* the value itself -> const char *, owned by the reader */
  TW_FIELD_FLAG,      /* "1" TRUE, anything else FALSE -> gboolean */
  TW_FIELD_CUSTOM,    /* .read (the header's user_data, value, .dest, why) */
  TW_FIELD_REFUSED,   /* a key a position may not have: always refused */
} TwNotationFieldType;

/* One header key. Refusals are templates in which {key}, {value},
 * {players}, {min} and {max} are replaced; .refusal may be NULL, then the
 * header's, then the type's own is used. A TW_FIELD_CUSTOM reader that sets
 * @why keeps its own reason. */
typedef struct
{
  const char          *key;
  TwNotationFieldType  type;
  gpointer             dest;        /* borrowed; NULL for PLAYERS, REFUSED */
  int                  min;         /* INT */
  int                  max;         /* INT */
  const char * const  *names;       /* NAME: NULL-terminated */
  guint                accept;      /* NAME: bit i accepts names[i]; 0 all */
  gboolean           (*read)        (gpointer    user_data,
                                     const char *value,
                                     gpointer    dest,
                                     GString    *why);
  const char          *refusal;
} TwNotationField;

/* The header line: its first word, the game's title for the refusal of
 * another first word, and the keys (ending with a NULL .key). */
typedef struct
{
  const char            *tag;
  const char            *title;
  const TwNotationField *fields;
  const char            *refusal;   /* for fields without their own, or NULL */
  gboolean               digits;    /* numbers are plain digits: no sign */
  gpointer               user_data; /* for TW_FIELD_CUSTOM readers */
} TwNotationHeader;

/* A section line as the reader hands it to a section's callback. */
typedef struct
{
  const char  *key;      /* the name before ':' */
  guint        number;   /* numbered sections: the number in the name */
  const char  *arg;      /* named sections: the rest of the name */
  char       **words;    /* the items; the callback may cut them in place */
  guint        n_words;
  guint        line;     /* from 1, the header being line 1 */
} TwNotationLine;

typedef gboolean (*TwNotationLineFunc) (gpointer        user_data,
                                        TwNotationLine *line,
                                        GString        *why);

/* One kind of section line, in a table ending with a NULL .name.
 * - plain: the line is called .name;
 * - numbered (.max > 0): .name, a number from 1 to .max and .suffix
 *   ("private2", "p1-canvas"); another number is refused with .refusal;
 * - named (.named): .name is a prefix and the rest is line->arg
 *   ("deck blue").
 * The first entry that matches reads the line: .read is called, or the
 * words are kept in .keep (a later line of the name replaces them) or
 * appended to .collect (a GPtrArray freeing with g_free); with none of the
 * three the line is skipped. */
typedef struct
{
  const char         *name;
  TwNotationLineFunc  read;
  guint               max;
  const char         *suffix;
  const char         *refusal;
  gboolean            named;
  GStrv              *keep;
  GPtrArray          *collect;
} TwNotationSection;

typedef enum
{
  TW_NOTATION_SECTIONS_DEFAULT = 0,
  /* Lines of no section in the table, and lines without ':', are skipped:
   * for a first pass that reads one section before the others. */
  TW_NOTATION_SECTIONS_SOME = 1 << 0,
  /* A section's refusal is prefixed with its name: "deck: ...". */
  TW_NOTATION_SECTIONS_NAME_ERRORS = 1 << 1,
} TwNotationSectionFlags;

/* The lines of one position text, read in two steps: the header, then the
 * sections (as often as the game needs passes). Strings handed out live as
 * long as the reader. */
typedef struct _TwNotationReader TwNotationReader;

TwNotationReader *tw_notation_reader_new      (const char               *text,
                                               guint                     n_players);
void              tw_notation_reader_free     (TwNotationReader         *reader);

/* Reads the header line into the fields' destinations. Keys not in the
 * table, and a first word other than the tag, are refused. */
gboolean          tw_notation_read_header     (TwNotationReader         *reader,
                                               const TwNotationHeader   *header,
                                               GString                  *why);

/* Reads @words (NULL-terminated), each KEY=VALUE and cut at '=' in place,
 * into @keys's fields as the header's keys are read (its tag and title are
 * not used): a seat's line of keys, say. A key not in the table is refused
 * with @unknown, a template as the fields' refusals are. */
gboolean          tw_notation_read_fields     (TwNotationReader         *reader,
                                               const TwNotationHeader   *keys,
                                               char                    **words,
                                               const char               *unknown,
                                               GString                  *why);

/* Hands every section line after the header to its entry's callback, in
 * the order written, stopping at the first refusal. */
gboolean          tw_notation_read_sections   (TwNotationReader         *reader,
                                               const TwNotationSection  *sections,
                                               gpointer                  user_data,
                                               TwNotationSectionFlags    flags,
                                               GString                  *why);

/* "TILE@X,YrR": cuts @word at '@', so that it holds the tile's id, and
 * reads the place and the quarter turns (0 to 3). FALSE with @why set. */
gboolean          tw_notation_parse_placement (char                     *word,
                                               int                      *x,
                                               int                      *y,
                                               int                      *rot,
                                               GString                  *why);

/* A move's words: @text trimmed of blanks at both ends and split at spaces
 * and tabs, empty words dropped. */
char            **tw_notation_tokens          (const char               *text);

/* "rR", R a quarter turn count from 0 to 3; FALSE with @why set. */
gboolean          tw_notation_parse_rotation  (const char               *word,
                                               int                      *rot,
                                               GString                  *why);

/* Replaces {key}, {value}, {players}, {min}, {max} in @refusal into @why
 * (emptied first): the refusals of header keys. */
void              tw_notation_refuse          (GString                  *why,
                                               const char               *refusal,
                                               const char               *key,
                                               const char               *value,
                                               guint                     n_players,
                                               int                       min,
                                               int                       max);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwNotationReader, tw_notation_reader_free)

G_END_DECLS
