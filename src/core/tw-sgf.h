/* tw-sgf.h: game records in the Smart Game Format of another world
 *
 * Reads and writes the SGF records of a module that declares a foreign game
 * (tw-rules.h: foreign_game and its hooks), today Pentobi's .blksgf for
 * classic Blokus and Blokus Duo. Every variation is read into the record's history (an
 * opening book is a tree), the main line first; only the main line is
 * written. Setup properties are refused.
 * Passes, which such records leave out, are put back where the rules need
 * them when a record is read.
 */
#pragma once

#include <glib.h>

#include "tw-record.h"

G_BEGIN_DECLS

/* the largest .blksgf file read (doc/record-format.md, "Limits") */
#define TW_SGF_MAX_BYTES (4 * 1024 * 1024)

#define TW_SGF_ERROR (tw_sgf_error_quark ())
GQuark tw_sgf_error_quark (void);

typedef enum
{
  TW_SGF_ERROR_SYNTAX,
  TW_SGF_ERROR_GAME,      /* no module plays the record's GM, or the game is not that one */
  TW_SGF_ERROR_MOVE,      /* a move cannot be read or is illegal */
  TW_SGF_ERROR_UNSUPPORTED,
} TwSgfError;

/* Reads @text (a record named @name in messages) with the bundled definition
 * of the module whose foreign game the record names. Errors name the line
 * and column. */
TwRecord *tw_sgf_import (const char     *text,
                         gssize          len,
                         const char     *name,
                         GError        **error);
/* The same with a given definition instead of the bundled one. */
TwRecord *tw_sgf_import_with_definition (TwDefinition  *def,
                         const char     *text,
                         gssize          len,
                         const char     *name,
                         GError        **error);
/* The bundled definition that plays the foreign game @game of @rules (its
 * foreign_definitions entry, or the module's own `<id>.yaml`). */
TwDefinition *tw_sgf_bundled_definition (const TwRules *rules,
                         const char     *game,
                         GError        **error);
/* The main line of @record as SGF; fails unless its game is a foreign one. */
char     *tw_sgf_export (TwRecord       *record,
                         GError        **error);

G_END_DECLS
