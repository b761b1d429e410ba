/* tw-gen-lang.c: writes the Design view's highlighting of definitions
 *
 *   tw-gen-lang TEMPLATE OUTPUT
 *
 * Fills data/tilewright-yaml.lang.in with what the core knows of
 * expressions, so that the highlighting follows the language and the rules
 * modules instead of a copy of their words: the keys the loaders read as
 * expressions (a card parameter whose spec says it is one, a scoring term's
 * TW_EXPR_TERMS_KEY), the language's reserved words and built-in names
 * (tw_expr_keywords(), tw_expr_builtins()), and the query names of every
 * module's vocabulary. Run at build time (data/meson.build).
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include <glib.h>

#include "tw-expr-terms.h"
#include "tw-expr.h"
#include "tw-rules.h"

static void
add_word (GPtrArray  *words,
          const char *word)
{
  for (guint i = 0; i < words->len; i++)
    if (g_strcmp0 (g_ptr_array_index (words, i), word) == 0)
      return;
  g_ptr_array_add (words, (gpointer) word);
}

static int
compare_words (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* @words sorted and joined: as <keyword> lines of a GtkSourceView keyword
 * context, or (@regex) as a regex alternation "points|when". */
static char *
join_words (GPtrArray *words,
            gboolean   regex)
{
  GString *s = g_string_new (NULL);

  g_ptr_array_sort (words, compare_words);
  for (guint i = 0; i < words->len; i++)
    {
      const char *word = g_ptr_array_index (words, i);
      g_autofree char *escaped = regex ? g_regex_escape_string (word, -1)
                                       : g_markup_escape_text (word, -1);

      if (regex)
        g_string_append_printf (s, "%s%s", i > 0 ? "|" : "", escaped);
      else
        g_string_append_printf (s, "%s          <keyword>%s</keyword>", i > 0 ? "\n" : "",
                                escaped);
    }
  return g_string_free (s, FALSE);
}

static void
replace (GString    *text,
         const char *mark,
         const char *value)
{
  if (g_string_replace (text, mark, value, 0) != 1)
    {
      g_printerr ("tw-gen-lang: the template has not exactly one %s\n", mark);
      exit (1);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GPtrArray) keywords = g_ptr_array_new ();
  g_autoptr(GPtrArray) booleans = g_ptr_array_new ();
  g_autoptr(GPtrArray) builtins = g_ptr_array_new ();
  g_autoptr(GPtrArray) queries = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *template = NULL;
  g_autoptr(GString) text = NULL;
  const TwRules * const *all;
  guint n_rules;

  if (argc != 3)
    {
      g_printerr ("usage: tw-gen-lang TEMPLATE OUTPUT\n");
      return 2;
    }
  if (!g_file_get_contents (argv[1], &template, NULL, &error))
    {
      g_printerr ("tw-gen-lang: %s\n", error->message);
      return 1;
    }

  add_word (keys, TW_EXPR_TERMS_KEY);
  all = tw_rules_all (&n_rules);
  for (guint r = 0; r < n_rules; r++)
    {
      const TwRules *rules = all[r];
      const TwExprVocabulary *v = rules->expr_vocabulary;

      for (guint k = 0; k < rules->n_card_kinds; k++)
        for (guint p = 0; p < rules->card_kinds[k].n_params; p++)
          if (rules->card_kinds[k].params[p].expression != 0)
            add_word (keys, rules->card_kinds[k].params[p].name);
      for (guint q = 0; v != NULL && q < v->n_queries; q++)
        add_word (queries, v->queries[q].name);
    }
  for (const char * const *w = tw_expr_keywords (); *w != NULL; w++)
    add_word (g_str_equal (*w, "true") || g_str_equal (*w, "false") ? booleans : keywords, *w);
  for (const char * const *w = tw_expr_builtins (); *w != NULL; w++)
    add_word (builtins, *w);

  text = g_string_new (template);
  {
    g_autofree char *k = join_words (keys, TRUE);
    g_autofree char *kw = join_words (keywords, FALSE);
    g_autofree char *b = join_words (booleans, FALSE);
    g_autofree char *bi = join_words (builtins, FALSE);
    g_autofree char *q = join_words (queries, FALSE);

    replace (text, "@KEYS@", k);
    replace (text, "@KEYWORDS@", kw);
    replace (text, "@BOOLEANS@", b);
    replace (text, "@BUILTINS@", bi);
    replace (text, "@QUERIES@", q);
  }
  if (!g_file_set_contents (argv[2], text->str, (gssize) text->len, &error))
    {
      g_printerr ("tw-gen-lang: %s\n", error->message);
      return 1;
    }
  return 0;
}
