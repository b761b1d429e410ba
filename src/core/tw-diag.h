/* tw-diag.h: positioned problems found in a file
 *
 * A loader never stops at the first problem: it collects every one into a
 * TwDiagnostics and the caller prints them as
 *
 *     path:LINE:COLUMN: error: MESSAGE (HINT)
 *
 * Lines and columns are 1-based, as editors count them.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TwNode TwNode;

typedef enum
{
  TW_DIAG_ERROR,
  TW_DIAG_WARNING,
} TwDiagLevel;

typedef struct
{
  TwDiagLevel  level;
  guint        line;     /* 1-based; 0 when the problem has no position */
  guint        column;   /* 1-based */
  char        *message;
  char        *hint;     /* NULL or a suggestion, e.g. "did you mean 'players'?" */
} TwDiag;

typedef struct _TwDiagnostics TwDiagnostics;

TwDiagnostics *tw_diagnostics_new         (const char          *file);
void           tw_diagnostics_free        (TwDiagnostics       *diags);
TwDiagnostics *tw_diagnostics_copy        (const TwDiagnostics *diags);
const char    *tw_diagnostics_get_file    (const TwDiagnostics *diags);
guint          tw_diagnostics_get_n       (const TwDiagnostics *diags);
const TwDiag  *tw_diagnostics_get         (const TwDiagnostics *diags,
                                           guint                i);
guint          tw_diagnostics_n_errors    (const TwDiagnostics *diags);
void           tw_diagnostics_add         (TwDiagnostics       *diags,
                                           TwDiagLevel          level,
                                           guint                line,
                                           guint                column,
                                           const char          *hint,
                                           const char          *format,
                                           ...) G_GNUC_PRINTF (6, 7);
/* An error at a node's position (node may be NULL: no position). */
void           tw_diag_error              (TwDiagnostics       *diags,
                                           const TwNode        *at,
                                           const char          *hint,
                                           const char          *format,
                                           ...) G_GNUC_PRINTF (4, 5);
void           tw_diag_warning            (TwDiagnostics       *diags,
                                           const TwNode        *at,
                                           const char          *hint,
                                           const char          *format,
                                           ...) G_GNUC_PRINTF (4, 5);
/* All problems, one per line, sorted by position, in the format above. */
char          *tw_diagnostics_to_string   (const TwDiagnostics *diags);
/* @text as a message quotes it: at most @max_chars characters (then "..."),
 * control characters as '?', "" when it is not UTF-8; anything can be in a
 * hostile file, a megabyte included. TW_EXCERPT_VALUE for a value quoted in a
 * message, TW_EXCERPT_REASON for a reason that may itself quote one. */
#define TW_EXCERPT_VALUE  40
#define TW_EXCERPT_REASON 200
char          *tw_excerpt                 (const char          *text,
                                           guint                max_chars);
/* The candidate nearest to @word by edit distance, or NULL when none is close. */
const char    *tw_nearest_word            (const char          *word,
                                           const char * const  *candidates);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwDiagnostics, tw_diagnostics_free)

G_END_DECLS
