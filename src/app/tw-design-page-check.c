/* tw-design-page-check.c: the Design view's problems as the designer types
 *
 * The document (tw-definition-document.c) checks every change after a short
 * pause with the same loader the CLI and the game use; here each problem of
 * its last check marks its line and is listed below the text with
 * line:column, and a row takes the cursor there. The document's quick bot
 * playtest (tw-quick-playtest.c) adds its warning to the list when no player
 * scored, as long as the text loads without errors.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-design-page-private.h"

#include <glib/gi18n.h>

#define ERROR_CATEGORY       "tw-error"
#define WARNING_CATEGORY     "tw-warning"

/* ------------------------------------------------------------------------ */
/* The document's problems                                                  */

static char *
mark_tooltip (GtkSourceMarkAttributes *attributes,
              GtkSourceMark           *mark,
              gpointer                 user_data)
{
  return g_strdup (g_object_get_data (G_OBJECT (mark), "message"));
}

static void
clear_problems (TwDesignPage *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;
  GtkWidget *row;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_source_buffer_remove_source_marks (self->buffer, &start, &end, ERROR_CATEGORY);
  gtk_source_buffer_remove_source_marks (self->buffer, &start, &end, WARNING_CATEGORY);
  gtk_text_buffer_remove_tag_by_name (buffer, "tw-error", &start, &end);
  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->problems_list))) != NULL)
    gtk_list_box_remove (self->problems_list, row);
  self->playtest_row = NULL;
}

/* A row of the list with a warning or error icon. */
static GtkWidget *
problem_row_new (const char *message,
                 gboolean    error)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), message);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 3);
  icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  return row;
}

static void
add_problem (TwDesignPage *self,
             const TwDiag *diag)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  g_autofree char *message = NULL;
  g_autofree char *where = NULL;
  GtkWidget *row, *label;
  GtkTextIter iter, end;
  gboolean error = diag->level == TW_DIAG_ERROR;

  message = diag->hint != NULL ? g_strdup_printf ("%s (%s)", diag->message, diag->hint)
                               : g_strdup (diag->message);
  if (diag->line > 0)
    {
      GtkSourceMark *mark;

      if (!gtk_text_buffer_get_iter_at_line_offset (buffer, &iter, diag->line - 1,
                                                    diag->column > 0 ? diag->column - 1 : 0))
        gtk_text_buffer_get_iter_at_line (buffer, &iter, diag->line - 1);
      mark = gtk_source_buffer_create_source_mark (self->buffer, NULL,
                                                   error ? ERROR_CATEGORY : WARNING_CATEGORY,
                                                   &iter);
      g_object_set_data_full (G_OBJECT (mark), "message", g_strdup (message), g_free);
      end = iter;
      if (!gtk_text_iter_ends_line (&end))
        gtk_text_iter_forward_to_line_end (&end);
      if (gtk_text_iter_equal (&iter, &end))
        gtk_text_iter_backward_char (&iter);
      gtk_text_buffer_apply_tag_by_name (buffer, "tw-error", &iter, &end);
      /* Translators: a problem's position in the text: line:column */
      where = g_strdup_printf (_("%u:%u"), diag->line, diag->column);
    }

  row = problem_row_new (message, error);
  if (where != NULL)
    {
      label = gtk_label_new (where);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_label_set_width_chars (GTK_LABEL (label), 7);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), label);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "line", GUINT_TO_POINTER (diag->line));
      g_object_set_data (G_OBJECT (row), "column", GUINT_TO_POINTER (diag->column));
      gtk_widget_set_tooltip_text (row, _("Show in the text"));
    }
  gtk_list_box_append (self->problems_list, row);
}

/* The forms edit the text through its YAML tree: while the text is not
 * YAML they are off, and say why and where; once it parses again they are
 * back and a form's "fix the syntax first" message goes. (A text that is
 * YAML but not a valid definition keeps them on: they show the last
 * definition that loaded, and an edit goes into the text.) */
static void
update_forms_state (TwDesignPage *self)
{
  const char *error = tw_definition_document_get_syntax_error (self->document);

  gtk_widget_set_sensitive (GTK_WIDGET (self->editor_stack), error == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->forms_off_label), error != NULL);
  if (error != NULL)
    {
      /* Translators: above the Design view's forms while the text is not
       * YAML; %s says where and why ("Line 4, column 2: …") */
      g_autofree char *text = g_strdup_printf (_("The forms are off until the text is valid "
                                                 "YAML again. %s"), error);

      gtk_label_set_label (self->forms_off_label, text);
    }
  else if (g_strcmp0 (gtk_label_get_label (self->status_label), _(FIX_SYNTAX_FIRST)) == 0)
    gtk_label_set_label (self->status_label, "");
}

/* The count above the list, which it shows only when there is something. */
static void
update_summary (TwDesignPage *self)
{
  TwDiagnostics *diags = tw_definition_document_get_diagnostics (self->document);
  guint n = (diags != NULL ? tw_diagnostics_get_n (diags) : 0) + (self->playtest_row != NULL);
  g_autofree char *summary = NULL;

  if (n == 0)
    summary = g_strdup (_("No problems"));
  else
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem", "%u problems", n), n);
  gtk_label_set_label (self->problems_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_list), n > 0);
}

/* The quick playtest's warning, last in the list. It speaks of the last
 * definition that loaded: while the text has errors, they are what to fix,
 * and it waits. Kept while a new playtest runs, so that it does not blink
 * at every edit; gone when one finds a score. */
static void
update_playtest_row (TwDesignPage *self)
{
  TwQuickPlaytest *playtest = tw_definition_document_get_playtest (self->document);
  const char *warning = tw_quick_playtest_get_warning (playtest);

  if (self->playtest_row != NULL)
    {
      gtk_list_box_remove (self->problems_list, self->playtest_row);
      self->playtest_row = NULL;
    }
  if (warning != NULL && tw_definition_document_get_n_errors (self->document) == 0)
    {
      self->playtest_row = problem_row_new (warning, FALSE);
      gtk_widget_set_tooltip_text (self->playtest_row,
                                   _("Found by bot games played in the background after the "
                                     "last edit"));
      gtk_list_box_append (self->problems_list, self->playtest_row);
    }
}

static void
playtest_warning_changed (TwDesignPage *self)
{
  /* before the first check (a page that shows no definition) there is no
   * list to add to */
  if (tw_definition_document_get_diagnostics (self->document) == NULL)
    return;
  update_playtest_row (self);
  update_summary (self);
}

/* A check of the document is done: its problems replace the ones shown. */
static void
document_checked (TwDesignPage *self)
{
  TwDiagnostics *diags = tw_definition_document_get_diagnostics (self->document);
  guint n = diags != NULL ? tw_diagnostics_get_n (diags) : 0;

  clear_problems (self);
  for (guint i = 0; i < n; i++)
    add_problem (self, tw_diagnostics_get (diags, i));
  update_playtest_row (self);
  update_summary (self);
  update_forms_state (self);
  _tw_design_page_update_actions (self);
}

/* A large text is checked in a thread: said meanwhile. */
void
_tw_design_page_show_checking (TwDesignPage *self)
{
  if (!tw_definition_document_get_checked (self->document))
    gtk_label_set_label (self->problems_label, _("Checking…"));
}

void
_tw_design_page_check_now (TwDesignPage *self)
{
  tw_definition_document_check_now (self->document);
  _tw_design_page_show_checking (self);
}

static void
problem_activated (TwDesignPage  *self,
                   GtkListBoxRow *row)
{
  guint line = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "line"));
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "column"));
  GtkTextIter iter;

  if (line == 0)
    return;
  if (!gtk_text_buffer_get_iter_at_line_offset (GTK_TEXT_BUFFER (self->buffer), &iter, line - 1,
                                                column > 0 ? column - 1 : 0))
    gtk_text_buffer_get_iter_at_line (GTK_TEXT_BUFFER (self->buffer), &iter, line - 1);
  gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (self->buffer), &iter);
  gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (self->source_view),
                                gtk_text_buffer_get_insert (GTK_TEXT_BUFFER (self->buffer)),
                                0.2, FALSE, 0, 0);
  gtk_widget_grab_focus (GTK_WIDGET (self->source_view));
}

/* The messages of the problems on the line under the pointer. */
static gboolean
view_query_tooltip (TwDesignPage *self,
                    int           x,
                    int           y,
                    gboolean      keyboard,
                    GtkTooltip   *tooltip)
{
  GtkTextView *view = GTK_TEXT_VIEW (self->source_view);
  g_autoptr(GString) text = g_string_new (NULL);
  GtkTextIter iter;
  int bx, by;
  GSList *marks;

  if (keyboard)
    gtk_text_buffer_get_iter_at_mark (GTK_TEXT_BUFFER (self->buffer), &iter,
                                      gtk_text_buffer_get_insert (GTK_TEXT_BUFFER (self->buffer)));
  else
    {
      gtk_text_view_window_to_buffer_coords (view, GTK_TEXT_WINDOW_WIDGET, x, y, &bx, &by);
      if (!gtk_text_view_get_iter_at_location (view, &iter, bx, by))
        return FALSE;
    }
  marks = gtk_source_buffer_get_source_marks_at_line (self->buffer, gtk_text_iter_get_line (&iter),
                                                      NULL);
  for (GSList *l = marks; l != NULL; l = l->next)
    {
      const char *message = g_object_get_data (l->data, "message");

      if (message != NULL)
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", message);
    }
  g_slist_free (marks);
  if (text->len == 0)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text->str);
  return TRUE;
}

/* Called from the page's init, once the buffer is set up. */
void
_tw_design_page_check_init (TwDesignPage *self)
{
  g_autoptr(GtkSourceMarkAttributes) error_attrs = gtk_source_mark_attributes_new ();
  g_autoptr(GtkSourceMarkAttributes) warning_attrs = gtk_source_mark_attributes_new ();


  gtk_source_mark_attributes_set_icon_name (error_attrs, "dialog-error-symbolic");
  g_signal_connect (error_attrs, "query-tooltip-text", G_CALLBACK (mark_tooltip), NULL);
  gtk_source_view_set_mark_attributes (self->source_view, ERROR_CATEGORY, error_attrs, 10);
  gtk_source_mark_attributes_set_icon_name (warning_attrs, "dialog-warning-symbolic");
  g_signal_connect (warning_attrs, "query-tooltip-text", G_CALLBACK (mark_tooltip), NULL);
  gtk_source_view_set_mark_attributes (self->source_view, WARNING_CATEGORY, warning_attrs, 5);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->source_view), TRUE);
  g_signal_connect_swapped (self->source_view, "query-tooltip", G_CALLBACK (view_query_tooltip),
                            self);

  g_signal_connect_object (self->document, "checked", G_CALLBACK (document_checked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (tw_definition_document_get_playtest (self->document),
                           "notify::warning", G_CALLBACK (playtest_warning_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->problems_list, "row-activated", G_CALLBACK (problem_activated),
                            self);
}
