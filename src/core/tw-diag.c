/* tw-diag.c: positioned problems found in a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-diag.h"

#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-node.h"

/* A hostile file can produce a problem per byte; past this many the rest are
 * only counted, so that the list a designer reads stays useful and bounded. */
#define MAX_STORED_DIAGS 500

typedef struct
{
  TwDiag diag;   /* first, so that a TwDiag* is an Item* */
  guint  seq;    /* insertion order: ties in position keep it */
} Item;

struct _TwDiagnostics
{
  char      *file;
  GPtrArray *items;      /* Item*, owned */
  guint      n_errors;   /* including errors dropped past MAX_STORED_DIAGS */
  guint      n_dropped;
};

static void
item_free (gpointer data)
{
  Item *item = data;

  g_free (item->diag.message);
  g_free (item->diag.hint);
  g_free (item);
}

/**
 * tw_diagnostics_new:
 * @file: (nullable): the file name shown in messages
 *
 * Returns: (transfer full): an empty list of problems
 */
TwDiagnostics *
tw_diagnostics_new (const char *file)
{
  TwDiagnostics *diags = g_new0 (TwDiagnostics, 1);

  diags->file = g_strdup (file ? file : "<string>");
  diags->items = g_ptr_array_new_with_free_func (item_free);
  return diags;
}

void
tw_diagnostics_free (TwDiagnostics *diags)
{
  if (diags == NULL)
    return;
  g_ptr_array_unref (diags->items);
  g_free (diags->file);
  g_free (diags);
}

/* A copy with its own items, for a caller that shows one list while another
 * is extended in a thread. */
TwDiagnostics *
tw_diagnostics_copy (const TwDiagnostics *diags)
{
  TwDiagnostics *copy;

  g_return_val_if_fail (diags != NULL, NULL);

  copy = tw_diagnostics_new (diags->file);
  for (guint i = 0; i < diags->items->len; i++)
    {
      const TwDiag *d = g_ptr_array_index (diags->items, i);

      tw_diagnostics_add (copy, d->level, d->line, d->column, d->hint, "%s", d->message);
    }
  /* the problems over the stored limit count too */
  copy->n_errors = diags->n_errors;
  copy->n_dropped = diags->n_dropped;
  return copy;
}

const char *
tw_diagnostics_get_file (const TwDiagnostics *diags)
{
  g_return_val_if_fail (diags != NULL, NULL);
  return diags->file;
}

/* The number of stored problems (at most MAX_STORED_DIAGS). */
guint
tw_diagnostics_get_n (const TwDiagnostics *diags)
{
  g_return_val_if_fail (diags != NULL, 0);
  return diags->items->len;
}

/* The @i-th problem in the order it was found. */
const TwDiag *
tw_diagnostics_get (const TwDiagnostics *diags,
                    guint                i)
{
  g_return_val_if_fail (diags != NULL, NULL);
  g_return_val_if_fail (i < diags->items->len, NULL);
  return &((Item *) g_ptr_array_index (diags->items, i))->diag;
}

/* Every error found, also those not stored. */
guint
tw_diagnostics_n_errors (const TwDiagnostics *diags)
{
  g_return_val_if_fail (diags != NULL, 0);
  return diags->n_errors;
}

static void
add_valist (TwDiagnostics *diags,
            TwDiagLevel    level,
            guint          line,
            guint          column,
            const char    *hint,
            const char    *format,
            va_list        args)
{
  Item *item;

  if (level == TW_DIAG_ERROR)
    diags->n_errors++;
  if (diags->items->len >= MAX_STORED_DIAGS)
    {
      diags->n_dropped++;
      return;
    }

  item = g_new0 (Item, 1);
  item->diag.level = level;
  item->diag.line = line;
  item->diag.column = line ? MAX (column, 1) : 0;
  item->diag.message = g_strdup_vprintf (format, args);
  item->diag.hint = g_strdup (hint);
  item->seq = diags->items->len;
  g_ptr_array_add (diags->items, item);
}

/**
 * tw_diagnostics_add:
 * @line: 1-based line, 0 when the problem has no position
 * @hint: (nullable): a suggestion shown in parentheses
 *
 * Adds one problem.
 */
char *
tw_excerpt (const char *text,
            guint       max_chars)
{
  GString *out = g_string_new (NULL);
  guint n = 0;
  const char *c;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return g_string_free (out, FALSE);
  for (c = text; *c != '\0' && n < max_chars; c = g_utf8_next_char (c), n++)
    {
      if ((guchar) *c < 0x20 || *c == 0x7F)
        g_string_append_c (out, '?');
      else
        g_string_append_len (out, c, g_utf8_next_char (c) - c);
    }
  if (*c != '\0')
    g_string_append (out, "...");
  return g_string_free (out, FALSE);
}

void
tw_diagnostics_add (TwDiagnostics *diags,
                    TwDiagLevel    level,
                    guint          line,
                    guint          column,
                    const char    *hint,
                    const char    *format,
                    ...)
{
  va_list args;

  g_return_if_fail (diags != NULL);
  g_return_if_fail (format != NULL);

  va_start (args, format);
  add_valist (diags, level, line, column, hint, format, args);
  va_end (args);
}

void
tw_diag_error (TwDiagnostics *diags,
               const TwNode  *at,
               const char    *hint,
               const char    *format,
               ...)
{
  va_list args;

  g_return_if_fail (diags != NULL);
  g_return_if_fail (format != NULL);

  va_start (args, format);
  add_valist (diags, TW_DIAG_ERROR, at ? at->line : 0, at ? at->column : 0,
              hint, format, args);
  va_end (args);
}

void
tw_diag_warning (TwDiagnostics *diags,
                 const TwNode  *at,
                 const char    *hint,
                 const char    *format,
                 ...)
{
  va_list args;

  g_return_if_fail (diags != NULL);
  g_return_if_fail (format != NULL);

  va_start (args, format);
  add_valist (diags, TW_DIAG_WARNING, at ? at->line : 0, at ? at->column : 0,
              hint, format, args);
  va_end (args);
}

static int
compare_items (gconstpointer a,
               gconstpointer b)
{
  const Item *ia = *(const Item * const *) a;
  const Item *ib = *(const Item * const *) b;

  if (ia->diag.line != ib->diag.line)
    return ia->diag.line < ib->diag.line ? -1 : 1;
  if (ia->diag.column != ib->diag.column)
    return ia->diag.column < ib->diag.column ? -1 : 1;
  /* Problems at one spot stay in the order they were found: the loader
   * reports the cause before its consequences. */
  return ia->seq < ib->seq ? -1 : (ia->seq > ib->seq ? 1 : 0);
}

/**
 * tw_diagnostics_to_string:
 *
 * Every problem, one per line, sorted by position (problems without a
 * position first), as `path:LINE:COL: error: MESSAGE (HINT)`.
 *
 * Returns: (transfer full): the text, "" when there are no problems
 */
char *
tw_diagnostics_to_string (const TwDiagnostics *diags)
{
  g_autoptr(GPtrArray) sorted = NULL;
  GString *out;

  g_return_val_if_fail (diags != NULL, NULL);

  sorted = g_ptr_array_sized_new (diags->items->len);
  for (guint i = 0; i < diags->items->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (diags->items, i));
  g_ptr_array_sort (sorted, compare_items);

  out = g_string_new (NULL);
  for (guint i = 0; i < sorted->len; i++)
    {
      const Item *item = g_ptr_array_index (sorted, i);
      const char *level = item->diag.level == TW_DIAG_ERROR ? "error" : "warning";

      if (item->diag.line > 0)
        g_string_append_printf (out, "%s:%u:%u: %s: %s", diags->file,
                                item->diag.line, item->diag.column, level,
                                item->diag.message);
      else
        g_string_append_printf (out, "%s: %s: %s", diags->file, level,
                                item->diag.message);
      if (item->diag.hint != NULL)
        g_string_append_printf (out, " (%s)", item->diag.hint);
      g_string_append_c (out, '\n');
    }
  if (diags->n_dropped > 0)
    {
      g_autofree char *note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u more problem not shown",
                                                            "%u more problems not shown",
                                                            diags->n_dropped),
                                               diags->n_dropped);

      /* "note:", like "error:", is part of the form tools read */
      g_string_append_printf (out, "%s: note: %s\n", diags->file, note);
    }

  return g_string_free (out, FALSE);
}

/* Levenshtein distance over ASCII-folded bytes, two rows of memory. Names
 * compared here are short identifiers; anything long is cut off at 64 bytes
 * because a hint about a 10 kB "word" helps no one. */
static guint
edit_distance (const char *a,
               const char *b)
{
  guint la = MIN (strlen (a), 64);
  guint lb = MIN (strlen (b), 64);
  guint prev[65], cur[65];

  for (guint j = 0; j <= lb; j++)
    prev[j] = j;
  for (guint i = 1; i <= la; i++)
    {
      cur[0] = i;
      for (guint j = 1; j <= lb; j++)
        {
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;
          guint best = prev[j - 1] + cost;

          best = MIN (best, prev[j] + 1);
          best = MIN (best, cur[j - 1] + 1);
          cur[j] = best;
        }
      memcpy (prev, cur, sizeof (guint) * (lb + 1));
    }
  return prev[lb];
}

/**
 * tw_nearest_word:
 * @word: what was written
 * @candidates: (nullable): NULL-terminated names that would have been valid
 *
 * A candidate is close when its edit distance to @word is at most
 * max(2, strlen(@word) / 3) and smaller than both lengths (so that "ab" is
 * not "corrected" to an unrelated "cd"). Ties go to the earlier candidate.
 *
 * Returns: (nullable): the nearest close candidate (borrowed), or NULL
 */
const char *
tw_nearest_word (const char         *word,
                 const char * const *candidates)
{
  const char *best = NULL;
  guint best_distance = G_MAXUINT;
  guint len;
  guint limit;

  if (word == NULL || candidates == NULL)
    return NULL;

  len = strlen (word);
  limit = MAX (2, len / 3);
  for (guint i = 0; candidates[i] != NULL; i++)
    {
      guint d = edit_distance (word, candidates[i]);

      if (d > limit || d >= MAX (len, strlen (candidates[i])))
        continue;
      if (d < best_distance)
        {
          best = candidates[i];
          best_distance = d;
        }
    }
  return best;
}
