/* tw-expr-terms.c: a definition's section of scoring terms written as expressions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-expr-terms.h"

#include <glib/gi18n-lib.h>

/* One `{label, points}` item into @terms, or FALSE with the problem
 * reported. */
static gboolean
read_term (TwExprTerms            *terms,
           const TwNode           *item,
           guint                   index,
           const TwDefinition     *def,
           const TwExprVocabulary *vocabulary,
           TwDiagnostics          *diags)
{
  static const char * const keys[] = { "label", TW_EXPR_TERMS_KEY, NULL };
  const TwNode *label = tw_node_get (item, "label");
  const TwNode *points = tw_node_get (item, TW_EXPR_TERMS_KEY);
  TwExprProgram *program;

  if (!tw_node_expect (item, TW_NODE_MAP, _("a scoring term"), diags)
      || !tw_node_check_keys (item, keys, _("a scoring term"), diags))
    return FALSE;
  if (label == NULL || points == NULL)
    {
      tw_diag_error (diags, item, _("write both `label: TEXT` and `points: EXPRESSION`"),
                     _("scoring term %u has no `%s`"), index + 1,
                     label == NULL ? "label" : TW_EXPR_TERMS_KEY);
      return FALSE;
    }
  if (!tw_node_expect (label, TW_NODE_SCALAR, _("a label"), diags))
    return FALSE;
  if (label->scalar[0] == '\0')
    {
      tw_diag_error (diags, label, _("say what the term counts, as the score table shows it"),
                     _("a scoring term's label is empty"));
      return FALSE;
    }
  program = tw_expr_compile_node (points, def->text, vocabulary, def, TW_EXPR_NUMBER, diags);
  if (program == NULL)
    return FALSE;
  terms->label[terms->n] = g_strdup (label->scalar);
  terms->points[terms->n++] = program;
  return TRUE;
}

gboolean
tw_expr_terms_read (TwExprTerms            *terms,
                    const TwDefinition     *def,
                    const char             *section,
                    const TwExprVocabulary *vocabulary,
                    TwDiagnostics          *diags)
{
  const TwNode *list;
  gboolean ok = TRUE;

  g_return_val_if_fail (terms != NULL && terms->n == 0, FALSE);
  g_return_val_if_fail (def != NULL && section != NULL && vocabulary != NULL, FALSE);

  list = tw_node_get (def->root, section);
  if (list == NULL)
    return TRUE;
  if (!tw_node_expect (list, TW_NODE_SEQ, section, diags))
    return FALSE;
  if (list->n_children == 0 || list->n_children > TW_EXPR_MAX_TERMS)
    {
      tw_diag_error (diags, list, _("list the terms as `- {label: TEXT, points: EXPRESSION}`"),
                     /* Translators: %s is the section's key ("advanced-scoring",
                      * "end-scoring"), kept in English */
                     g_dngettext (GETTEXT_PACKAGE, "%s needs 1 to %u term, this file has %u",
                                  "%s needs 1 to %u terms, this file has %u", TW_EXPR_MAX_TERMS),
                     section, TW_EXPR_MAX_TERMS, list->n_children);
      return FALSE;
    }
  /* every term is read, so that every problem is reported at once */
  for (guint i = 0; i < list->n_children; i++)
    ok = read_term (terms, list->children[i], i, def, vocabulary, diags) && ok;
  if (!ok)
    tw_expr_terms_clear (terms);
  return ok;
}

void
tw_expr_terms_clear (TwExprTerms *terms)
{
  g_return_if_fail (terms != NULL);

  for (guint i = 0; i < terms->n; i++)
    {
      g_clear_pointer (&terms->label[i], g_free);
      g_clear_pointer (&terms->points[i], tw_expr_program_free);
    }
  terms->n = 0;
}

int
tw_expr_terms_eval (const TwExprTerms *terms,
                    gconstpointer      env,
                    int               *points)
{
  int total = 0;

  for (guint i = 0; i < terms->n; i++)
    {
      gint64 v = tw_expr_eval (terms->points[i], env);
      int held = (int) CLAMP (v, -TW_EXPR_MAX_TERM_POINTS, TW_EXPR_MAX_TERM_POINTS);

      if (points != NULL)
        points[i] = held;
      total += held;
    }
  return total;
}
