/* test-design-expr.c: expressions in the Design view
 *
 * In process, like test-widgets.c: the YAML view highlights the values the
 * loaders read as expressions (GtkSourceView's context class "expression"
 * and the styles of the language's words), an expression's error is listed
 * and marked live at its own line and column, and the card editor's
 * "Custom condition" checks its entry as it is typed, shows the error's
 * column and writes a good condition into the text as one undoable edit.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <gtksourceview/gtksource.h>

#include "tw-card-editor.h"
#include "tw-definition-document.h"
#include "tw-design-page.h"
#include "tw-expr.h"
#include "tw-test-widgets.h"

#define EXPRESSIONS_FILE TW_TEST_DATA_FILES "/colorblock-expressions.yaml"

static TwDefinition *
load_expressions (void)
{
  g_autoptr(GError) error = NULL;
  TwDefinition *def = tw_definition_load_file (EXPRESSIONS_FILE, NULL, &error);

  g_assert_no_error (error);
  return def;
}

/* A Design page in a window, showing tests/data-files/colorblock-expressions.yaml. */
static GtkWidget *
open_page (GtkWindow **window)
{
  g_autoptr(TwDefinition) def = load_expressions ();
  GtkWidget *page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));

  *window = show_in_window (page);
  tw_design_page_set_document (TW_DESIGN_PAGE (page), NULL, def);
  return page;
}

/* The Design page's buffer. */
static GtkSourceBuffer *
page_buffer (GtkWidget *page)
{
  g_autoptr(GPtrArray) views = find_all (page, GTK_SOURCE_TYPE_VIEW);

  g_assert_cmpuint (views->len, ==, 1);
  return GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (views->pdata[0]));
}

/* The iter at the first byte of @needle in the buffer, which must hold it,
 * moved on by @skip characters. */
static void
iter_at (GtkTextBuffer *buffer,
         const char    *needle,
         guint          skip,
         GtkTextIter   *iter)
{
  g_autofree char *text = buffer_text (buffer);
  const char *at = strstr (text, needle);

  g_assert_nonnull (at);
  gtk_text_buffer_get_iter_at_offset (buffer, iter, (int) g_utf8_pointer_to_offset (text, at) + (int) skip);
}

static gboolean
in_expression (GtkSourceBuffer *buffer,
               const char      *needle,
               guint            skip)
{
  GtkTextIter iter;

  iter_at (GTK_TEXT_BUFFER (buffer), needle, skip, &iter);
  return gtk_source_buffer_iter_has_context_class (buffer, &iter, "expression");
}

/* Whether a highlighting tag at @needle + @skip sets @property ("weight-set",
 * "foreground-set"): the style of the token there. */
static gboolean
styled (GtkSourceBuffer *buffer,
        const char      *needle,
        guint            skip,
        const char      *property)
{
  GtkTextIter iter;
  GSList *tags;
  gboolean set = FALSE;

  iter_at (GTK_TEXT_BUFFER (buffer), needle, skip, &iter);
  tags = gtk_text_iter_get_tags (&iter);
  for (GSList *l = tags; l != NULL && !set; l = l->next)
    g_object_get (l->data, property, &set, NULL);
  g_slist_free (tags);
  return set;
}

static void
highlight_all (GtkSourceBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (buffer), &start, &end);
  gtk_source_buffer_ensure_highlight (buffer, &start, &end);
}

/* The page's text is in the language of definitions, and an expression
 * in a flow map (`params: {when: '...'}`) is one: its words styled, the
 * card's other values not. */
static void
test_highlight_page (void)
{
  GtkWindow *window;
  GtkWidget *page = open_page (&window);
  GtkSourceBuffer *buffer;
  GtkSourceLanguage *language;

  buffer = page_buffer (page);
  language = gtk_source_buffer_get_language (buffer);
  g_assert_nonnull (language);
  g_assert_cmpstr (gtk_source_language_get_id (language), ==, "tilewright-yaml");
  highlight_all (buffer);

  /* {id: five-red, kind: expression, params: {when: 'shape.color == red and shape.size == 5'}, */
  g_assert_true (in_expression (buffer, "shape.color == red and", 0));
  g_assert_true (in_expression (buffer, "shape.color == red and", 19));
  g_assert_false (in_expression (buffer, "id: five-red", 4));
  g_assert_false (in_expression (buffer, "title: Red Five", 7));
  g_assert_false (in_expression (buffer, "when: 'shape.color == red", 0));
  /* "and" is a keyword (bold in Adwaita), "5" a number, "color" a field */
  g_assert_true (styled (buffer, "red and shape", 4, "weight-set"));
  g_assert_true (styled (buffer, "shape.size == 5'", 14, "foreground-set"));
  g_assert_true (styled (buffer, "shape.color == red and", 6, "foreground-set"));
  /* the query of a collection and the built-in loop */
  g_assert_true (styled (buffer, "all(c in colors", 0, "foreground-set"));
  g_assert_true (in_expression (buffer, "any(s in shapes(own)", 9));
  g_assert_true (styled (buffer, "any(s in shapes(own)", 9, "foreground-set"));
  /* a plain title is a string, not an expression: not bold */
  g_assert_false (styled (buffer, "title: Palette", 7, "weight-set"));

  destroy_window (window);
  finalize_after_idle (page);
}

/* Every form YAML writes a scalar in, for each key the loaders read as an
 * expression: a scoring term's `points` and a card parameter's `when`. */
static void
test_highlight_forms (void)
{
  static const struct
  {
    const char *text;
    const char *needle;   /* inside the expression */
    const char *outside;  /* a value that is none */
  } cases[] = {
    { "end-scoring:\n  - {label: Rows, points: 'count(r in rows where r.full)'}\n",
      "r in rows", "Rows" },
    { "end-scoring:\n  - label: Rows\n    points: count(r in rows where r.full) * 2\n",
      "* 2", "Rows" },
    { "end-scoring:\n  - label: \"Rows\"\n    points: \"sum(2 for r in rows)\"\n",
      "for r", "Rows" },
    { "cards:\n  - id: a\n    params:\n      when: |\n        shape.size >= 4\n          and shape.own\n    title: Big\n",
      "and shape.own", "Big" },
    { "cards:\n  - {id: b, params: {when: shape.own and not shape.island}, title: Home}\n",
      "not shape", "Home" },
    { "advanced-scoring:\n  - {label: Bonus, points: \"if players > 2 then 1 else 0\"}\n",
      "then 1", "Bonus" },
    /* the entry ends with its value: the keys after it are YAML again */
    { "cards:\n  - id: a\n    params:\n      when: |\n        shape.own\n    points: 3\n    title: Any shape\n",
      "own", "Any shape" },
    { "cards:\n  - id: a\n    points: 3 * 2\n    title: Any shape\n  - id: b\n",
      "3 *", "Any shape" },
    { "cards:\n  - id: a\n    params: {when: 'shape.own'}\n    text: Any shape\n",
      "own", "Any shape" },
  };
  GtkWidget *page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  GtkSourceLanguage *language = gtk_source_buffer_get_language (page_buffer (page));

  g_assert_nonnull (language);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GtkSourceBuffer) buffer = gtk_source_buffer_new_with_language (language);

      g_test_message ("case %u: %s", i, cases[i].text);
      gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer), cases[i].text, -1);
      highlight_all (buffer);
      g_assert_true (in_expression (buffer, cases[i].needle, 0));
      g_assert_true (in_expression (buffer, cases[i].needle, 1));
      g_assert_false (in_expression (buffer, cases[i].outside, 1));
    }
  g_assert_finalize_object (page);
}

/* The language's words are those of the core: each reserved word and
 * built-in name is styled inside an expression. */
static void
test_highlight_words (void)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  GtkSourceLanguage *language = gtk_source_buffer_get_language (page_buffer (page));
  g_autoptr(GString) text = g_string_new ("end-scoring:\n  - {label: All, points: 'x");
  g_autoptr(GtkSourceBuffer) buffer = gtk_source_buffer_new_with_language (language);
  g_autoptr(GPtrArray) words = g_ptr_array_new ();

  for (const char * const *w = tw_expr_keywords (); *w != NULL; w++)
    g_ptr_array_add (words, (gpointer) *w);
  for (const char * const *w = tw_expr_builtins (); *w != NULL; w++)
    g_ptr_array_add (words, (gpointer) *w);
  for (guint i = 0; i < words->len; i++)
    g_string_append_printf (text, " +%s+", (const char *) words->pdata[i]);
  g_string_append (text, "'}\n");
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer), text->str, -1);
  highlight_all (buffer);
  for (guint i = 0; i < words->len; i++)
    {
      g_autofree char *needle = g_strdup_printf ("+%s+", (const char *) words->pdata[i]);

      g_test_message ("word %s", needle);
      g_assert_true (in_expression (buffer, needle, 1));
      g_assert_true (styled (buffer, needle, 1, "foreground-set")
                     || styled (buffer, needle, 1, "weight-set"));
    }
  /* a name of no vocabulary is not */
  g_assert_false (styled (buffer, "'x +", 1, "foreground-set"));
  g_assert_finalize_object (page);
}

/* A bad expression typed into the text is listed at once (after the
 * document's check) at the line and column of the token at fault, and the
 * text is marked there. */
static void
test_live_error (void)
{
  GtkWindow *window;
  GtkWidget *page = open_page (&window);
  TwDefinitionDocument *doc = tw_design_page_get_document (TW_DESIGN_PAGE (page));
  GtkTextBuffer *buffer;
  GtkTextIter at, end;
  g_autofree char *where = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  gboolean listed = FALSE;
  GSList *marks;

  buffer = GTK_TEXT_BUFFER (page_buffer (page));
  /* {id: homestead, kind: expression, params: {when: 'shape.own and shape.size >= 3'}, */
  iter_at (buffer, "shape.own and shape.size >= 3", 20, &at);
  end = at;
  gtk_text_iter_forward_chars (&end, 4);
  g_assert_cmpstr (gtk_text_iter_get_text (&at, &end), ==, "size");
  gtk_text_buffer_delete (buffer, &at, &end);
  gtk_text_buffer_insert (buffer, &at, "sise", -1);
  tw_definition_document_check_now (doc);

  iter_at (buffer, "shape.sise", 6, &at);
  where = g_strdup_printf ("%d:%d", gtk_text_iter_get_line (&at) + 1,
                           gtk_text_iter_get_line_offset (&at) + 1);
  labels = find_all (page, GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len && !listed; i++)
    if (g_strcmp0 (gtk_label_get_label (labels->pdata[i]), where) == 0)
      {
        GtkWidget *row = gtk_widget_get_ancestor (labels->pdata[i], ADW_TYPE_ACTION_ROW);

        g_assert_nonnull (row);
        g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                                  "sise"));
        listed = TRUE;
      }
  g_assert_true (listed);

  /* marked where the other errors are: a source mark on the line, the
   * error underline from the column */
  marks = gtk_source_buffer_get_source_marks_at_iter (GTK_SOURCE_BUFFER (buffer), &at, "tw-error");
  g_assert_nonnull (marks);
  g_slist_free (marks);
  {
    GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "tw-error");
    GtkTextIter before = at;

    g_assert_true (gtk_text_iter_has_tag (&at, tag));
    gtk_text_iter_backward_char (&before);
    g_assert_false (gtk_text_iter_has_tag (&before, tag));
  }

  destroy_window (window);
  finalize_after_idle (page);
}

/* ------------------------------------------------------------------------ */
/* The card editor's Custom condition                                       */

static GtkListBox *
card_list (GtkWidget *editor)
{
  g_autoptr(GPtrArray) lists = find_all (editor, GTK_TYPE_LIST_BOX);

  for (guint i = 0; i < lists->len; i++)
    if (gtk_widget_has_css_class (lists->pdata[i], "navigation-sidebar"))
      return lists->pdata[i];
  return NULL;
}

static void
select_card (GtkWidget  *editor,
             const char *id)
{
  GtkListBox *list = card_list (editor);
  GtkListBoxRow *row;

  g_assert_nonnull (list);
  for (int i = 0; (row = gtk_list_box_get_row_at_index (list, i)) != NULL; i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "card-id"), id) == 0)
      {
        gtk_list_box_select_row (list, row);
        g_assert_cmpstr (tw_card_editor_get_card_id (TW_CARD_EDITOR (editor)), ==, id);
        return;
      }
  g_assert_not_reached ();
}

/* The entry row titled "when" and the error row under it. */
static GtkWidget *
condition_entry (GtkWidget  *editor,
                 GtkWidget **error_row)
{
  g_autoptr(GPtrArray) rows = find_all (editor, ADW_TYPE_PREFERENCES_ROW);

  *error_row = NULL;
  for (guint i = 0; i < rows->len; i++)
    if (ADW_IS_ENTRY_ROW (rows->pdata[i])
        && g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "when") == 0)
      {
        for (guint j = i + 1; j < rows->len && *error_row == NULL; j++)
          if (gtk_widget_has_css_class (rows->pdata[j], "expression-error"))
            *error_row = rows->pdata[j];
        return rows->pdata[i];
      }
  return NULL;
}

typedef struct
{
  GtkTextBuffer *buffer;
  const char    *needle;
} TextWait;

static gboolean
text_has (gpointer data)
{
  TextWait *w = data;
  g_autofree char *text = buffer_text (w->buffer);

  return strstr (text, w->needle) != NULL;
}

/* A bad condition is refused with its column and the text stays; a good
 * one is written as the card's `when` in one edit that one undo takes back. */
static void
test_custom_condition_entry (void)
{
  GtkWindow *window;
  GtkWidget *page = open_page (&window);
  TwDefinitionDocument *doc = tw_design_page_get_document (TW_DESIGN_PAGE (page));
  g_autoptr(GPtrArray) editors = NULL;
  GtkWidget *editor, *entry, *error_row;
  GtkTextBuffer *buffer;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  TextWait wait;

  buffer = GTK_TEXT_BUFFER (page_buffer (page));
  editors = find_all (page, TW_TYPE_CARD_EDITOR);
  g_assert_cmpuint (editors->len, ==, 1);
  editor = editors->pdata[0];
  select_card (editor, "island");
  entry = condition_entry (editor, &error_row);
  g_assert_nonnull (entry);
  g_assert_nonnull (error_row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "shape.island");
  g_assert_false (gtk_widget_get_visible (error_row));
  before = buffer_text (buffer);

  /* checked as typed: an unknown field, at its column (7, after "shape.") */
  gtk_editable_set_text (GTK_EDITABLE (entry), "shape.iland");
  g_assert_true (gtk_widget_get_visible (error_row));
  g_assert_true (g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (error_row)),
                                   "Column 7: "));
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (error_row)),
                            "island"));
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  /* a type error: a number where a condition is wanted, at column 1 */
  gtk_editable_set_text (GTK_EDITABLE (entry), "shape.size + 1");
  g_assert_true (g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (error_row)),
                                   "Column "));
  /* applied while bad: nothing is written */
  g_signal_emit_by_name (entry, "apply");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  after = buffer_text (buffer);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  /* a good one: the error goes, and apply writes it */
  gtk_editable_set_text (GTK_EDITABLE (entry), "shape.island and shape.size > 4");
  g_assert_false (gtk_widget_get_visible (error_row));
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  g_signal_emit_by_name (entry, "apply");
  wait.buffer = buffer;
  wait.needle = "when: \"shape.island and shape.size > 4\"";
  wait_until (text_has, &wait, "the condition written into the text");
  tw_definition_document_check_now (doc);
  g_assert_nonnull (tw_design_page_get_definition (TW_DESIGN_PAGE (page)));
  g_assert_true (gtk_text_buffer_get_can_undo (buffer));

  /* one undo takes it back, whole */
  gtk_text_buffer_undo (buffer);
  after = buffer_text (buffer);
  g_assert_cmpstr (after, ==, before);

  destroy_window (window);
  finalize_after_idle (page);
}

/* The kind list offers the kind with a condition as "Custom condition";
 * choosing it for a printed goal writes that kind with a condition that
 * compiles, and the form shows the entry. */
static void
test_custom_condition_kind (void)
{
  GtkWindow *window;
  GtkWidget *page = open_page (&window);
  TwDefinitionDocument *doc = tw_design_page_get_document (TW_DESIGN_PAGE (page));
  g_autoptr(GPtrArray) editors = NULL;
  GtkWidget *editor, *kind_row, *entry, *error_row;
  GListModel *kinds;
  guint custom = GTK_INVALID_LIST_POSITION;
  TextWait wait;

  editors = find_all (page, TW_TYPE_CARD_EDITOR);
  editor = editors->pdata[0];
  select_card (editor, "first-red");
  g_assert_null (condition_entry (editor, &error_row));

  {
    /* the kind is the form's first combo row */
    g_autoptr(GPtrArray) combos = find_all (editor, ADW_TYPE_COMBO_ROW);

    g_assert_cmpuint (combos->len, >, 0);
    kind_row = combos->pdata[0];
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (kind_row)), ==, "_Kind");
  }
  kinds = adw_combo_row_get_model (ADW_COMBO_ROW (kind_row));
  for (guint i = 0; i < g_list_model_get_n_items (kinds); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (kinds), i),
                   "Custom condition") == 0)
      custom = i;
  g_assert_cmpuint (custom, !=, GTK_INVALID_LIST_POSITION);
  /* the others keep their names */
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (kinds), 0), ==, "shape-size");

  adw_combo_row_set_selected (ADW_COMBO_ROW (kind_row), custom);
  wait.buffer = GTK_TEXT_BUFFER (page_buffer (page));
  wait.needle = "{id: first-red, kind: expression, params: {when: \"false\"}";
  wait_until (text_has, &wait, "the kind changed in the text");
  tw_definition_document_check_now (doc);
  g_assert_nonnull (tw_design_page_get_definition (TW_DESIGN_PAGE (page)));
  g_assert_cmpuint (tw_definition_document_get_n_errors (doc), ==, 0);
  entry = condition_entry (editor, &error_row);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "false");

  destroy_window (window);
  finalize_after_idle (page);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/tw/design-expr/highlight/page", test_highlight_page);
  g_test_add_func ("/tw/design-expr/highlight/forms", test_highlight_forms);
  g_test_add_func ("/tw/design-expr/highlight/words", test_highlight_words);
  g_test_add_func ("/tw/design-expr/live-error", test_live_error);
  g_test_add_func ("/tw/design-expr/custom-condition/entry", test_custom_condition_entry);
  g_test_add_func ("/tw/design-expr/custom-condition/kind", test_custom_condition_kind);

  return g_test_run ();
}
