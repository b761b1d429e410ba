/* tw-expr-terms.h: a definition's section of scoring terms written as expressions
 *
 * A rules module that lets a definition write some of its scoring (Blokus
 * Shuffle's `advanced-scoring:`, Color Shift's `end-scoring:`) reads the
 * section with this: a list of 1 to TW_EXPR_MAX_TERMS terms
 * `{label: TEXT, points: EXPRESSION}`, each `points` compiled against the
 * module's vocabulary to a number, every problem reported at its line and
 * column. The module keeps the terms in its prepared tables and evaluates
 * them in play with tw_expr_terms_eval().
 *
 * Ownership: a TwExprTerms owns its labels and programs; once read it is
 * immutable and may be shared between threads, as the programs are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-expr.h"

G_BEGIN_DECLS

/* The key of a term that holds its expression. */
#define TW_EXPR_TERMS_KEY "points"

/* Terms a section may list. */
#define TW_EXPR_MAX_TERMS       8
/* A term's points are held to +-this, so that the terms add up inside an int. */
#define TW_EXPR_MAX_TERM_POINTS 1000000

typedef struct
{
  guint          n;                          /* 0: no section, or a bad one */
  char          *label[TW_EXPR_MAX_TERMS];   /* what the score table calls each term */
  TwExprProgram *points[TW_EXPR_MAX_TERMS];  /* a number over the module's vocabulary */
} TwExprTerms;

/* Reads the top-level section @section of @def into @terms (which must be
 * empty), compiling each term's points against @vocabulary. Returns FALSE
 * when the section has a problem, reported to @diags, and leaves @terms
 * empty; an absent section is no problem (TRUE, no terms). */
gboolean tw_expr_terms_read  (TwExprTerms            *terms,
                              const TwDefinition     *def,
                              const char             *section,
                              const TwExprVocabulary *vocabulary,
                              TwDiagnostics          *diags);
/* Frees the labels and programs; @terms is then empty. */
void     tw_expr_terms_clear (TwExprTerms            *terms);
/* Evaluates every term over @env (the module's state, as its vocabulary
 * reads it): each term's points, held to +-TW_EXPR_MAX_TERM_POINTS, in
 * @points[i] when @points is not NULL. Returns their sum. */
int      tw_expr_terms_eval  (const TwExprTerms      *terms,
                              gconstpointer           env,
                              int                    *points);

G_END_DECLS
