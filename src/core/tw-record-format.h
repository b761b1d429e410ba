/* tw-record-format.h: the record formats Tilewright reads and writes
 *
 * Its own YAML records (tw-record.h) and, beside them, foreign formats: a
 * table of the records other programs write, each with its file suffix, its
 * size limit and its reader and writer. Today Pentobi's .blksgf of classic
 * Blokus (tw-sgf.h); another Pentobi game type is one more row. The window
 * and the CLI ask the table (tw_record_load_any()) instead of naming a
 * suffix.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-record.h"

G_BEGIN_DECLS

/* One foreign record format. Rows are static and immutable. */
typedef struct
{
  const char  *id;              /* "blksgf": the CLI's --format */
  const char  *suffix;          /* ".blksgf" */
  const char  *what;            /* "a .blksgf record", for size-limit messages */
  gsize        max_bytes;       /* the largest file read */
  /* Reads @text with @def, or with the bundled definition of the game the
   * record names when @def is NULL. */
  TwRecord  *(*import)          (TwDefinition   *def,
                                 const char     *text,
                                 gssize          len,
                                 const char     *name,
                                 GError        **error);
  /* The record in this format; fails for a game the format cannot hold. */
  char      *(*export)          (TwRecord       *record,
                                 GError        **error);
} TwRecordFormat;

/* The foreign formats, @n_formats of them. */
const TwRecordFormat *tw_record_formats          (guint              *n_formats);
/* The format called @id, or NULL. */
const TwRecordFormat *tw_record_format_lookup    (const char         *id);
/* The foreign format whose suffix @path has, or NULL for a Tilewright record. */
const TwRecordFormat *tw_record_format_for_path  (const char         *path);
/* Reads @path with @format's reader, with @def or (NULL) the bundled one. */
TwRecord             *tw_record_format_load      (const TwRecordFormat *format,
                                                  TwDefinition       *def,
                                                  const char         *path,
                                                  const char         *name,
                                                  GError            **error);
/* Reads the record @path in whichever format its suffix names: a foreign
 * one with the bundled definition of its game (its messages naming the file
 * @name, NULL: @path), else a Tilewright record (tw_record_load_file()). */
TwRecord             *tw_record_load_any         (const char         *path,
                                                  const char         *name,
                                                  GError            **error);

G_END_DECLS
