/* tw-design-page-check.c: the Design view's checks as the designer types, and autosave
 *
 * Every change is checked after a short pause with the same loader the CLI
 * and the game use (in a thread when the text is large); each problem marks
 * its line and is listed below the text with file:line:column. The unsaved
 * text is autosaved for recovery after a crash (tw-recovery.c) by the
 * autosave service (tw-autosave.h), so the window never waits for the disk.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-design-page-private.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tw-autosave.h"
#include "tw-recovery.h"

#define CHECK_DELAY_MS       300
#define AUTOSAVE_DELAY_MS    1000  /* the unsaved text is autosaved this long after an edit */
#define CHECK_IN_THREAD_SIZE (64 * 1024)   /* texts larger than this are checked off the main loop */
#define ERROR_CATEGORY       "tw-error"
#define WARNING_CATEGORY     "tw-warning"

/* ------------------------------------------------------------------------ */
/* Autosave: the unsaved text, for recovery after a crash (tw-recovery.c),  */
/* through the autosave service (tw-autosave.h)                             */

/* The text with its file's name while it has unsaved edits; otherwise
 * nothing to keep, and the file goes. */
static GBytes *
autosave_snapshot (gpointer   user_data,
                   GError   **error)
{
  TwDesignPage *self = user_data;
  g_autofree char *text = NULL;

  if (self->buffer == NULL || !gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer)))
    return NULL;
  text = _tw_design_page_get_text (self);
  return tw_recovery_design_autosave_pack (self->file, text);
}

/* Said once, not at every pause, until a write succeeds again. */
static void
autosave_failed (gpointer      user_data,
                 const GError *error)
{
  TwDesignPage *self = user_data;
  /* Translators: the unsaved definition could not be kept for recovery */
  g_autofree char *message = g_strdup_printf (_("Could not autosave the definition: %s"),
                                              error->message);

  _tw_design_page_notify_user (self, message);
}

/* Writes the text now when it has unsaved edits, else removes the file. */
void
_tw_design_page_autosave_now (TwDesignPage *self)
{
  tw_autosave_changed (self->autosave);
  tw_autosave_flush (self->autosave);
}

/* The text was saved, discarded or replaced: nothing to recover. */
void
_tw_design_page_autosave_clear (TwDesignPage *self)
{
  tw_autosave_remove (self->autosave);
}

/* ------------------------------------------------------------------------ */
/* Checking as the designer types                                           */

typedef struct
{
  char          *text;
  char          *name;
  guint          serial;
} CheckData;

typedef struct
{
  TwDefinition  *definition;
  TwDiagnostics *diags;
} CheckResult;

static void
check_data_free (gpointer data)
{
  CheckData *d = data;

  g_free (d->text);
  g_free (d->name);
  g_free (d);
}

static void
check_result_free (gpointer data)
{
  CheckResult *r = data;

  g_clear_pointer (&r->definition, tw_definition_unref);
  g_clear_pointer (&r->diags, tw_diagnostics_free);
  g_free (r);
}

static CheckResult *
check_text (const char *text,
            const char *name)
{
  CheckResult *r = g_new0 (CheckResult, 1);

  r->diags = tw_diagnostics_new (name);
  r->definition = tw_definition_load_data (text, -1, name, r->diags, NULL);
  return r;
}

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
}

static void
add_problem (TwDesignPage *self,
             const TwDiag *diag)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  g_autofree char *message = NULL;
  g_autofree char *where = NULL;
  GtkWidget *row, *label, *icon;
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

  row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), message);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 3);
  icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
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

void
_tw_design_page_apply_result (TwDesignPage  *self,
                              TwDefinition  *definition,
                              TwDiagnostics *diags,
                              gboolean       announce)
{
  guint n = diags != NULL ? tw_diagnostics_get_n (diags) : 0;
  g_autofree char *summary = NULL;

  clear_problems (self);
  for (guint i = 0; i < n; i++)
    add_problem (self, tw_diagnostics_get (diags, i));
  self->n_errors = diags != NULL ? tw_diagnostics_n_errors (diags) : 0;
  if (definition == NULL && self->n_errors == 0)
    self->n_errors = 1;
  self->checked = TRUE;

  if (n == 0)
    summary = g_strdup (_("No problems"));
  else
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem", "%u problems", n), n);
  gtk_label_set_label (self->problems_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_list), n > 0);

  if (definition != NULL && definition != self->definition)
    {
      g_clear_pointer (&self->definition, tw_definition_unref);
      self->definition = tw_definition_ref (definition);
      _tw_design_page_refresh_forms (self);
      if (announce)
        _tw_design_page_emit_definition_changed (self);
    }
  _tw_design_page_update_actions (self);
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CheckData *d = task_data;

  g_task_return_pointer (task, check_text (d->text, d->name), check_result_free);
}

static void
check_done (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  TwDesignPage *self = TW_DESIGN_PAGE (object);
  CheckData *d = g_task_get_task_data (G_TASK (result));
  CheckResult *r = g_task_propagate_pointer (G_TASK (result), NULL);

  /* a newer text is on its way: this result describes a text no longer shown */
  if (r != NULL && d->serial == self->check_serial)
    _tw_design_page_apply_result (self, r->definition, r->diags, TRUE);
  if (r != NULL)
    check_result_free (r);
}

void
_tw_design_page_check_now (TwDesignPage *self)
{
  g_autofree char *text = _tw_design_page_get_text (self);
  g_autofree char *name = _tw_design_page_document_name (self);

  g_clear_handle_id (&self->check_timeout, g_source_remove);
  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);

  if (strlen (text) < CHECK_IN_THREAD_SIZE)
    {
      CheckResult *r = check_text (text, name);

      _tw_design_page_apply_result (self, r->definition, r->diags, TRUE);
      check_result_free (r);
    }
  else
    {
      g_autoptr(GTask) task = NULL;
      CheckData *d = g_new0 (CheckData, 1);

      d->text = g_steal_pointer (&text);
      d->name = g_steal_pointer (&name);
      d->serial = self->check_serial;
      self->check_cancellable = g_cancellable_new ();
      task = g_task_new (self, self->check_cancellable, check_done, NULL);
      g_task_set_task_data (task, d, check_data_free);
      g_task_set_return_on_cancel (task, TRUE);
      g_task_run_in_thread (task, check_thread);
      gtk_label_set_label (self->problems_label, _("Checking…"));
    }
}

static gboolean
check_timeout_cb (gpointer user_data)
{
  TwDesignPage *self = user_data;

  self->check_timeout = 0;
  _tw_design_page_check_now (self);
  return G_SOURCE_REMOVE;
}

static void
buffer_changed (TwDesignPage *self)
{
  self->check_serial++;
  self->checked = FALSE;
  if (self->setting_text)
    return;
  g_clear_handle_id (&self->check_timeout, g_source_remove);
  self->check_timeout = g_timeout_add (CHECK_DELAY_MS, check_timeout_cb, self);
  tw_autosave_changed (self->autosave);
  _tw_design_page_update_actions (self);
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

  g_autofree char *autosave_path = tw_recovery_design_autosave_path ();

  self->autosave = tw_autosave_new ("the definition", AUTOSAVE_DELAY_MS,
                                    autosave_snapshot, autosave_failed, self);
  tw_autosave_set_path (self->autosave, autosave_path);

  gtk_source_mark_attributes_set_icon_name (error_attrs, "dialog-error-symbolic");
  g_signal_connect (error_attrs, "query-tooltip-text", G_CALLBACK (mark_tooltip), NULL);
  gtk_source_view_set_mark_attributes (self->source_view, ERROR_CATEGORY, error_attrs, 10);
  gtk_source_mark_attributes_set_icon_name (warning_attrs, "dialog-warning-symbolic");
  g_signal_connect (warning_attrs, "query-tooltip-text", G_CALLBACK (mark_tooltip), NULL);
  gtk_source_view_set_mark_attributes (self->source_view, WARNING_CATEGORY, warning_attrs, 5);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->source_view), TRUE);
  g_signal_connect_swapped (self->source_view, "query-tooltip", G_CALLBACK (view_query_tooltip),
                            self);

  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (buffer_changed), self);
  g_signal_connect_swapped (self->problems_list, "row-activated", G_CALLBACK (problem_activated),
                            self);
}
