/* tw-design-page.c: the Design view: the definition as YAML and as forms
 *
 * One GtkSourceBuffer holds the definition's text. Every change is checked
 * after a short pause with the same loader the CLI and the game use (in a
 * thread when the text is large); each problem marks its line and is listed
 * below with file:line:column. The forms are built from the rules module's
 * tables (options) and from the last definition that loaded; an edit in a
 * form parses the current text, finds the node it changes and replaces only
 * that node's bytes, as one user action of the buffer: undo in either view
 * undoes it, and the rest of the file keeps its comments and layout.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-design-page.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtksourceview/gtksource.h>

#include "tw-app-util.h"
#include "tw-card-editor.h"
#include "tw-design-edit.h"
#include "tw-file.h"
#include "tw-recovery.h"
#include "tw-render.h"
#include "tw-rules.h"

#define CHECK_DELAY_MS       300
#define AUTOSAVE_DELAY_MS    1000  /* the unsaved text is autosaved this long after typing stops */
#define CHECK_IN_THREAD_SIZE (64 * 1024)   /* texts larger than this are checked off the main loop */
#define ERROR_CATEGORY       "tw-error"
#define WARNING_CATEGORY     "tw-warning"

typedef struct
{
  TwDesignPage       *page;
  guint               index;
  const TwOptionSpec *spec;
  GtkWidget          *control;
  GtkWidget          *reset;
} OptionRow;

struct _TwDesignPage
{
  AdwBin            parent_instance;

  /* Template widgets */
  GtkMenuButton    *new_button;
  GtkLabel         *status_label;
  GtkSourceView    *source_view;
  GtkLabel         *problems_label;
  GtkListBox       *problems_list;
  GtkStack         *editor_stack;
  GtkBox           *variant_box;
  GtkLabel         *form_hint;
  GtkLabel         *totals_label;
  GtkFlowBox       *pattern_flow;
  GtkFlowBox       *tile_flow;
  GtkBox           *tiles_page;
  GtkBox           *tile_editor;
  GtkLabel         *tile_title;
  GtkDrawingArea   *tile_large;
  GtkGrid          *edge_grid;
  TwCardEditor     *card_editor;

  /* Owned */
  GFile            *file;
  TwDefinition     *definition;     /* the last text that loaded */
  GPtrArray        *option_rows;    /* of OptionRow */
  GtkWidget        *variant_group;
  char             *selected_tile;
  char             *selected_before; /* the selection before an Add or Duplicate, for its undo */
  TwDefinition     *game_definition; /* a saved game's, to show when the page is shown */
  GFile            *game_file;       /* the file holding its text, or NULL: untitled */
  TwDefinition     *asked_definition; /* the same while the designer is asked about their edits */
  GFile            *asked_file;
  char             *autosave_path;  /* this page's file in the design autosave area */
  GThreadPool      *autosave_pool;  /* one thread: writes and removals, in order */
  GCancellable     *check_cancellable;
  GtkNativeDialog  *chooser;

  /* Borrowed */
  GtkSourceBuffer  *buffer;
  const TwRules    *form_rules;     /* the module the variant form shows */
  GtkWidget        *edge_buttons[4];
  GtkSpinButton    *count_spin;
  GtkWidget        *join_buttons[4];
  GtkWidget        *split_buttons[4];
  GtkLabel         *sections_label;

  guint             check_timeout;
  guint             autosave_timeout;
  gboolean          autosave_failed;  /* told the designer once */
  guint             scroll_tick;
  guint             pending_idle;
  GQueue            pending;        /* of PendingEdit, applied from an idle */
  guint             check_serial;
  guint             n_errors;
  gboolean          checked;        /* the text shown has been checked */
  gboolean          setting_text;   /* the buffer is being replaced, not edited */
  gboolean          updating;       /* the forms are being set from the text */
};

G_DEFINE_FINAL_TYPE (TwDesignPage, tw_design_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_MODIFIED,
  N_PROPS
};

enum
{
  DEFINITION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char * const dir_names[4] = { N_("North"), N_("East"), N_("South"), N_("West") };

static void update_actions (TwDesignPage *self);
static void refresh_forms  (TwDesignPage *self);

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static char *
get_text (TwDesignPage *self)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, TRUE);
}

static char *
document_name (TwDesignPage *self)
{
  return self->file != NULL ? g_file_get_basename (self->file) : g_strdup (_("untitled.yaml"));
}

static void
notify_user (TwDesignPage *self,
             const char   *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  gtk_label_set_label (self->status_label, message);
  if (overlay != NULL)
    {
      AdwToast *toast = adw_toast_new (message);

      adw_toast_set_timeout (toast, 4);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
    }
}

/* ------------------------------------------------------------------------ */
/* Autosave: the unsaved text, for recovery after a crash (tw-recovery.c)   */

typedef struct
{
  GWeakRef  page;
  char     *path;
  GBytes   *data;    /* NULL: remove the file */
  char     *error;   /* set by the worker */
} AutosaveJob;

static void
autosave_job_free (AutosaveJob *job)
{
  g_weak_ref_clear (&job->page);
  g_free (job->path);
  g_clear_pointer (&job->data, g_bytes_unref);
  g_free (job->error);
  g_free (job);
}

/* Back on the main thread: a failed write is said once, not at every pause. */
static gboolean
autosave_failed_cb (gpointer data)
{
  AutosaveJob *job = data;
  g_autoptr(TwDesignPage) self = g_weak_ref_get (&job->page);

  if (self != NULL && !self->autosave_failed)
    {
      /* Translators: the unsaved definition could not be kept for recovery */
      g_autofree char *message = g_strdup_printf (_("Could not autosave the definition: %s"),
                                                  job->error);

      self->autosave_failed = TRUE;
      notify_user (self, message);
    }
  autosave_job_free (job);
  return G_SOURCE_REMOVE;
}

/* In the page's one worker thread, so the window never waits for the disk
 * and a removal never overtakes the write before it. */
static void
autosave_worker (gpointer data,
                 gpointer user_data)
{
  AutosaveJob *job = data;
  g_autoptr(GError) error = NULL;

  if (job->data != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (job->path);
      gsize len = 0;
      const char *bytes = g_bytes_get_data (job->data, &len);

      /* a temporary file, fsync, rename: a crash mid-write leaves the last
       * autosave whole */
      if (g_mkdir_with_parents (dir, 0700) != 0)
        g_set_error (&error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", dir,
                     g_strerror (errno));
      else
        tw_file_save_with_mode (job->path, bytes, (gssize) len, 0600, &error);
    }
  else if (g_unlink (job->path) != 0 && errno != ENOENT)
    g_set_error (&error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", job->path,
                 g_strerror (errno));

  if (error != NULL)
    {
      job->error = g_strdup (error->message);
      g_idle_add (autosave_failed_cb, job);
    }
  else
    autosave_job_free (job);
}

static void
autosave_queue (TwDesignPage *self,
                GBytes       *data)
{
  AutosaveJob *job = g_new0 (AutosaveJob, 1);

  if (self->autosave_pool == NULL)
    {
      autosave_job_free (job);
      return;
    }
  g_weak_ref_init (&job->page, self);
  job->path = g_strdup (self->autosave_path);
  job->data = data;
  g_thread_pool_push (self->autosave_pool, job, NULL);
}

/* Writes the text now when it has unsaved edits, else removes the file. */
static void
autosave_now (TwDesignPage *self)
{
  g_autofree char *text = NULL;

  g_clear_handle_id (&self->autosave_timeout, g_source_remove);
  if (!gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer)))
    {
      autosave_queue (self, NULL);
      return;
    }
  text = get_text (self);
  autosave_queue (self, tw_recovery_design_autosave_pack (self->file, text));
}

static gboolean
autosave_timeout_cb (gpointer user_data)
{
  TwDesignPage *self = user_data;

  self->autosave_timeout = 0;
  autosave_now (self);
  return G_SOURCE_REMOVE;
}

/* After each edit: written once typing has paused. */
static void
autosave_later (TwDesignPage *self)
{
  g_clear_handle_id (&self->autosave_timeout, g_source_remove);
  self->autosave_timeout = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_timeout_cb, self);
}

/* The text was saved, discarded or replaced: nothing to recover. */
static void
autosave_clear (TwDesignPage *self)
{
  g_clear_handle_id (&self->autosave_timeout, g_source_remove);
  autosave_queue (self, NULL);
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

static void
apply_result (TwDesignPage  *self,
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
      refresh_forms (self);
      if (announce)
        g_signal_emit (self, signals[DEFINITION_CHANGED], 0, self->definition);
    }
  update_actions (self);
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
    apply_result (self, r->definition, r->diags, TRUE);
  if (r != NULL)
    check_result_free (r);
}

static void
check_now (TwDesignPage *self)
{
  g_autofree char *text = get_text (self);
  g_autofree char *name = document_name (self);

  g_clear_handle_id (&self->check_timeout, g_source_remove);
  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);

  if (strlen (text) < CHECK_IN_THREAD_SIZE)
    {
      CheckResult *r = check_text (text, name);

      apply_result (self, r->definition, r->diags, TRUE);
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
  check_now (self);
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
  autosave_later (self);
  update_actions (self);
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

/* ------------------------------------------------------------------------ */
/* Visual edits: one span of the text replaced                              */

static gboolean
scroll_to_cursor (GtkWidget     *widget,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  TwDesignPage *self = user_data;
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

  GtkTextView *view = GTK_TEXT_VIEW (self->source_view);
  GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  GdkRectangle cursor, visible;
  GtkTextIter iter;

  self->scroll_tick = 0;
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  gtk_text_view_get_iter_location (view, &iter, &cursor);
  gtk_text_view_get_visible_rect (view, &visible);
  /* the edited line a third down the view; its start (key and indentation)
   * kept in sight unless the edit itself lies beyond the right edge */
  if (cursor.y < visible.y || cursor.y + cursor.height > visible.y + visible.height)
    gtk_adjustment_set_value (vadj, cursor.y - visible.height / 3.0);
  if (cursor.x + 48 < visible.width)
    gtk_adjustment_set_value (hadj, 0);
  else if (cursor.x < visible.x || cursor.x + 48 > visible.x + visible.width)
    gtk_adjustment_set_value (hadj, cursor.x + 48 - visible.width);
  return G_SOURCE_REMOVE;
}

/* Shows the cursor (where an edit, an undo or a redo changed the text) at
 * the start of the next frame, before its layout: scrolling from a form
 * control's signal makes GTK 4.8 draw widgets whose allocation it has just
 * invalidated. Undo and redo come here too: an undone tile added or removed
 * (a line more or less) otherwise made GTK 4.8 warn "Trying to snapshot
 * GtkGizmo without a current allocation" on the next frame. */
static void
scroll_later (TwDesignPage *self)
{
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->source_view),
                                                      scroll_to_cursor, self, NULL);
}

static void
apply_edit (TwDesignPage       *self,
            const char         *text,
            const TwDesignEdit *edit)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;
  glong start_char = g_utf8_pointer_to_offset (text, text + edit->start);
  glong end_char = g_utf8_pointer_to_offset (text, text + edit->end);

  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_get_iter_at_offset (buffer, &start, start_char);
  gtk_text_buffer_get_iter_at_offset (buffer, &end, end_char);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, edit->text, -1);
  gtk_text_buffer_end_user_action (buffer);

  gtk_text_buffer_place_cursor (buffer, &start);
  scroll_later (self);
  /* the forms show the result at once, not after the typing pause */
  check_now (self);
}

/* Parses the text as it is now; NULL (and a message) when it is not YAML. */
static TwNode *
parse_current (TwDesignPage  *self,
               char         **text_out)
{
  g_autofree char *text = get_text (self);
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("");
  TwNode *root = tw_node_parse (text, -1, NULL, diags);

  if (root == NULL)
    {
      notify_user (self, _("Fix the YAML syntax in the text first"));
      return NULL;
    }
  *text_out = g_steal_pointer (&text);
  return root;
}

static void
set_variant_option (TwDesignPage *self,
                    const char   *name,
                    const char   *value)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = parse_current (self, &text);
  g_autoptr(TwDesignEdit) edit = NULL;

  if (root == NULL)
    return;
  edit = tw_design_edit_set_variant (text, root, name, value);
  if (edit == NULL)
    {
      notify_user (self, _("The text has no top-level map to hold a variant section"));
      return;
    }
  apply_edit (self, text, edit);
}

static void rewrite_item_key (TwDesignPage *self,
                              const char   *section,
                              const char   *id,
                              const char   *key,
                              const char   *value);

/* An edit asked for by a form control, applied once its signal is over:
 * changing the text re-lays out the text view, which GTK 4.8 must not do
 * while, say, a switch is in the middle of toggling. */
typedef struct
{
  char *section;   /* "tiles", "cards"; NULL: a variant option */
  char *id;
  char *key;       /* "count", or "params.NAME" for a card parameter */
  char *value;
} PendingEdit;

static void
pending_edit_free (gpointer data)
{
  PendingEdit *e = data;

  g_free (e->section);
  g_free (e->id);
  g_free (e->key);
  g_free (e->value);
  g_free (e);
}

static gboolean
apply_pending (gpointer user_data)
{
  TwDesignPage *self = user_data;
  PendingEdit *e;

  self->pending_idle = 0;
  while ((e = g_queue_pop_head (&self->pending)) != NULL)
    {
      if (e->section != NULL)
        rewrite_item_key (self, e->section, e->id, e->key, e->value);
      else
        set_variant_option (self, e->key, e->value);
      pending_edit_free (e);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_edit (TwDesignPage *self,
            const char   *section,
            const char   *id,
            const char   *key,
            const char   *value)
{
  PendingEdit *e = g_new0 (PendingEdit, 1);

  e->section = g_strdup (section);
  e->id = g_strdup (id);
  e->key = g_strdup (key);
  e->value = g_strdup (value);
  g_queue_push_tail (&self->pending, e);
  if (self->pending_idle == 0)
    self->pending_idle = g_idle_add (apply_pending, self);
}

/* ------------------------------------------------------------------------ */
/* Variant rules form                                                       */

static void
option_row_free (gpointer data)
{
  OptionRow *row = data;

  g_signal_handlers_disconnect_by_data (row->control, row);
  g_signal_handlers_disconnect_by_data (row->reset, row);
  g_free (row);
}

static int
option_row_value (OptionRow *row)
{
  switch (row->spec->type)
    {
    case TW_VALUE_BOOL:
      return gtk_switch_get_active (GTK_SWITCH (row->control));
    case TW_VALUE_INT:
      return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (row->control));
    case TW_VALUE_CHOICE:
      return (int) adw_combo_row_get_selected (ADW_COMBO_ROW (row->control));
    default:
      return row->spec->default_value;
    }
}

static void
option_row_set_value (OptionRow *row,
                      int        value)
{
  switch (row->spec->type)
    {
    case TW_VALUE_BOOL:
      gtk_switch_set_active (GTK_SWITCH (row->control), value != 0);
      break;
    case TW_VALUE_INT:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->control), value);
      break;
    case TW_VALUE_CHOICE:
      adw_combo_row_set_selected (ADW_COMBO_ROW (row->control), (guint) value);
      break;
    default:
      break;
    }
  gtk_widget_set_visible (row->reset, value != row->spec->default_value);
}

static void
option_changed (OptionRow *row)
{
  TwDesignPage *self = row->page;
  int value = option_row_value (row);
  g_autofree char *text = NULL;

  gtk_widget_set_visible (row->reset, value != row->spec->default_value);
  if (self->updating)
    return;
  text = tw_option_value_to_string (row->spec, value);
  queue_edit (self, NULL, NULL, row->spec->name, text);
}

static void
option_reset (OptionRow *row)
{
  option_row_set_value (row, row->spec->default_value);
}

static void
clear_variant_form (TwDesignPage *self)
{
  g_ptr_array_set_size (self->option_rows, 0);
  if (self->variant_group != NULL)
    gtk_box_remove (self->variant_box, self->variant_group);
  self->variant_group = NULL;
  self->form_rules = NULL;
}

static void
build_variant_form (TwDesignPage *self)
{
  const TwRules *rules = self->definition->rules;
  g_autofree char *description = NULL;
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Variant Rules"));
  /* Translators: %s is a rules module's name, e.g. Colorblock */
  description = g_strdup_printf (_("The options of the %s rules. A change is written to the "
                                   "variant: section of the text."), rules->display_name);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);

  for (guint i = 0; i < rules->n_options; i++)
    {
      const TwOptionSpec *spec = &rules->options[i];
      OptionRow *row;
      GtkWidget *widget;
      g_autofree char *default_text = tw_option_value_to_string (spec, spec->default_value);
      g_autofree char *reset_tip = NULL;

      if (spec->type != TW_VALUE_BOOL && spec->type != TW_VALUE_INT
          && spec->type != TW_VALUE_CHOICE)
        continue;

      row = g_new0 (OptionRow, 1);
      row->page = self;
      row->index = i;
      row->spec = spec;

      if (spec->type == TW_VALUE_CHOICE)
        {
          GtkStringList *list = gtk_string_list_new ((const char * const *) spec->choices);

          widget = adw_combo_row_new ();
          adw_combo_row_set_model (ADW_COMBO_ROW (widget), G_LIST_MODEL (list));
          g_object_unref (list);
          row->control = widget;
          g_signal_connect_swapped (widget, "notify::selected", G_CALLBACK (option_changed), row);
        }
      else
        {
          widget = adw_action_row_new ();
          if (spec->type == TW_VALUE_BOOL)
            {
              row->control = gtk_switch_new ();
              g_signal_connect_swapped (row->control, "notify::active",
                                        G_CALLBACK (option_changed), row);
            }
          else
            {
              row->control = gtk_spin_button_new_with_range (spec->min, spec->max, 1);
              g_signal_connect_swapped (row->control, "value-changed",
                                        G_CALLBACK (option_changed), row);
            }
          gtk_widget_set_valign (row->control, GTK_ALIGN_CENTER);
          gtk_accessible_update_property (GTK_ACCESSIBLE (row->control),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, tw_app_option_label (spec),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spec->description,
                                          -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (widget), row->control);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), row->control);
        }
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (widget), FALSE);
      /* the label; the name, as written in the text, is the tooltip */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), tw_app_option_label (spec));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (widget), spec->description);
      gtk_widget_set_tooltip_text (widget, spec->name);

      row->reset = gtk_button_new_from_icon_name ("edit-undo-symbolic");
      gtk_widget_add_css_class (row->reset, "flat");
      gtk_widget_set_valign (row->reset, GTK_ALIGN_CENTER);
      /* Translators: a button that sets an option back to its default value */
      reset_tip = g_strdup_printf (_("Reset to the default, %s"), default_text);
      gtk_widget_set_tooltip_text (row->reset, reset_tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->reset),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, reset_tip, -1);
      g_signal_connect_swapped (row->reset, "clicked", G_CALLBACK (option_reset), row);
      adw_action_row_add_suffix (ADW_ACTION_ROW (widget), row->reset);
      /* the reset button comes before the control */
      gtk_widget_insert_after (row->reset, gtk_widget_get_parent (row->reset), NULL);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), widget);
      g_ptr_array_add (self->option_rows, row);
    }

  if (self->option_rows->len == 0)
    {
      GtkWidget *none = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (none), _("These rules have no options"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), none);
    }

  gtk_box_append (self->variant_box, group);
  self->variant_group = group;
  self->form_rules = rules;
}

static void
refresh_variant_form (TwDesignPage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->form_hint), self->definition == NULL);
  if (self->definition == NULL)
    {
      clear_variant_form (self);
      return;
    }
  if (self->form_rules != self->definition->rules)
    {
      clear_variant_form (self);
      build_variant_form (self);
    }
  self->updating = TRUE;
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      OptionRow *row = g_ptr_array_index (self->option_rows, i);

      option_row_set_value (row, self->definition->options.values[row->index]);
    }
  self->updating = FALSE;
}

/* ------------------------------------------------------------------------ */
/* Tile set editor                                                          */

static const TwTileDef *
selected_tile (TwDesignPage *self)
{
  gint i;

  if (self->definition == NULL || self->selected_tile == NULL)
    return NULL;
  i = tw_definition_find_tile (self->definition, self->selected_tile);
  return i >= 0 ? &self->definition->tiles[i] : NULL;
}

static void
draw_tile (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  TwDesignPage *self = user_data;
  const char *id = g_object_get_data (G_OBJECT (area), "tile-id");
  const TwTileDef *tile;
  double size = MIN (width, height) - 4;
  gint i;

  if (self->definition == NULL)
    return;
  i = id != NULL ? tw_definition_find_tile (self->definition, id) : -1;
  tile = i >= 0 ? &self->definition->tiles[i] : selected_tile (self);
  if (tile == NULL || size <= 0)
    return;
  tw_render_tile (cr, self->definition, tile, 0, (width - size) / 2, (height - size) / 2, size);
}

static char *
color_name (const TwDefinition *def,
            guint               color)
{
  if (color >= def->n_colors)
    return g_strdup ("?");
  return g_strdup (def->colors[color].name != NULL ? def->colors[color].name
                                                   : def->colors[color].id);
}

static char *
tile_description (const TwDefinition *def,
                  const TwTileDef    *tile)
{
  GString *s = g_string_new (NULL);

  /* Translators: a tile in the tile-set editor: its id and how many copies */
  g_string_printf (s, g_dngettext (GETTEXT_PACKAGE, "Tile %s, %u copy", "Tile %s, %u copies",
                                   tile->count), tile->id, tile->count);
  if (tile->n_edges == 4)
    for (guint d = 0; d < 4; d++)
      {
        g_autofree char *c = color_name (def, tile->edges[d]);

        g_string_append_printf (s, ", %s %s", _(dir_names[d]), c);
      }
  return g_string_free (s, FALSE);
}

/* Sets @key of the item @id of list @section; "params.NAME" sets a card
 * parameter, adding the `params` map when the card has none. */
static void
rewrite_item_key (TwDesignPage *self,
                  const char   *section,
                  const char   *id,
                  const char   *key,
                  const char   *value)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = parse_current (self, &text);
  g_autoptr(TwDesignEdit) edit = NULL;
  const TwNode *item;

  if (root == NULL)
    return;
  item = tw_design_find_item (root, section, id);
  if (item == NULL || item->type != TW_NODE_MAP)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not in the text any more"), id);
      notify_user (self, message);
      return;
    }
  if (g_str_has_prefix (key, "params."))
    {
      const char *name = key + strlen ("params.");
      const TwNode *params = tw_node_get (item, "params");

      if (params != NULL && params->type == TW_NODE_MAP)
        edit = tw_design_edit_map_set (text, params, name, value);
      else
        {
          g_autofree char *map = g_strdup_printf ("{%s: %s}", name, value);
          edit = tw_design_edit_map_set (text, item, "params", map);
        }
    }
  else
    edit = tw_design_edit_map_set (text, item, key, value);
  if (edit != NULL)
    apply_edit (self, text, edit);
}

/* Cycles the colour of edge @dir of the selected tile. When the tile's
 * sections are written out, the whole section of that edge changes colour,
 * as all edges of a section must share one. */
static void
cycle_edge (TwDesignPage *self,
            guint         dir)
{
  const TwTileDef *tile = selected_tile (self);
  const TwDefinition *def = self->definition;
  g_autofree char *tile_id = NULL;
  GString *value;
  guint8 edges[4];
  guint mask = 1u << dir;

  if (tile == NULL || tile->n_edges != 4 || def->n_colors == 0)
    return;
  memcpy (edges, tile->edges, sizeof edges);
  if (tw_node_get (tile->node, "sections") != NULL)
    for (guint s = 0; s < tile->n_sections; s++)
      if (tile->section_mask[s] & mask)
        mask = tile->section_mask[s];
  for (guint d = 0; d < 4; d++)
    if (mask & (1u << d))
      edges[d] = (tile->edges[dir] + 1) % def->n_colors;

  value = g_string_new ("[");
  for (guint d = 0; d < 4; d++)
    g_string_append_printf (value, "%s%s", d > 0 ? ", " : "", def->colors[edges[d]].id);
  g_string_append_c (value, ']');
  tile_id = g_strdup (tile->id);
  queue_edit (self, "tiles", tile_id, "edges", value->str);
  g_string_free (value, TRUE);
}

static void
edge_button_clicked (GtkButton    *button,
                     TwDesignPage *self)
{
  cycle_edge (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "dir")));
}

static void
tile_large_pressed (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    TwDesignPage    *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self->tile_large));
  int h = gtk_widget_get_height (GTK_WIDGET (self->tile_large));
  double dx = x - w / 2.0, dy = y - h / 2.0;
  guint dir;

  if (ABS (dy) > ABS (dx))
    dir = dy < 0 ? TW_NORTH : TW_SOUTH;
  else
    dir = dx > 0 ? TW_EAST : TW_WEST;
  cycle_edge (self, dir);
}

static void
count_changed (GtkSpinButton *spin,
               TwDesignPage  *self)
{
  const TwTileDef *tile = selected_tile (self);
  g_autofree char *value = NULL;
  g_autofree char *tile_id = NULL;

  if (self->updating || tile == NULL)
    return;
  if ((guint) gtk_spin_button_get_value_as_int (spin) == tile->count)
    return;
  value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));
  tile_id = g_strdup (tile->id);
  queue_edit (self, "tiles", tile_id, "count", value);
}

/* Sections: join the section of an edge with another section of its colour
 * (the next edge's, or one across the tile: `[NS, E, W]`), or split an edge
 * off into a section of its own; either rewrites only the tile's
 * `sections:` value (adding it when the sections were derived). */

static guint
section_of (const TwTileDef *tile,
            guint            dir)
{
  for (guint s = 0; s < tile->n_sections; s++)
    if (tile->section_mask[s] & (1u << dir))
      return s;
  g_assert_not_reached ();
  return 0;
}

/* Whether edge @dir's section can be joined with edge @other's: they are
 * apart and of one colour (a section has one colour). */
static gboolean
can_join (const TwTileDef *tile,
          guint            dir,
          guint            other)
{
  return tile != NULL && tile->n_edges == 4 && dir < 4 && other < 4
         && section_of (tile, dir) != section_of (tile, other)
         && tile->edges[dir] == tile->edges[other];
}

static gboolean
can_split (const TwTileDef *tile,
           guint            dir)
{
  return tile != NULL && tile->n_edges == 4 && dir < 4
         && tile->section_mask[section_of (tile, dir)] != (1u << dir);
}

/* design.tile-join (uu): the two edges whose sections become one;
 * design.tile-split (u): the edge that becomes a section of its own. */
static void
sections_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);
  const TwTileDef *tile = selected_tile (self);
  gboolean join = g_str_equal (action_name, "design.tile-join");
  guint dir, other = 0;
  guint8 masks[4];
  guint n;
  g_autofree char *value = NULL;

  if (join)
    g_variant_get (parameter, "(uu)", &dir, &other);
  else
    g_variant_get (parameter, "u", &dir);
  if (join ? !can_join (tile, dir, other) : !can_split (tile, dir))
    return;
  n = join ? tw_design_sections_join (tile->section_mask, tile->n_sections, dir, other, masks)
           : tw_design_sections_split (tile->section_mask, tile->n_sections, dir, masks);
  value = tw_design_sections_text (masks, n);
  queue_edit (self, "tiles", tile->id, "sections", value);
}

/* Add, duplicate, delete and move tiles: each one span edit of the `tiles:`
 * list (tw-design-edit.h), applied from an idle like the form edits, so one
 * undo step each; the selection follows the new or moved tile. */

typedef enum
{
  TILE_ADD,
  TILE_DUPLICATE,
  TILE_DELETE,
  TILE_MOVE_UP,
  TILE_MOVE_DOWN,
} TileOp;

typedef struct
{
  TwDesignPage *page;
  TileOp        op;
  char         *id;       /* the selected tile, or NULL */
} TileOpData;

static void
tile_op_data_free (gpointer data)
{
  TileOpData *d = data;

  g_object_unref (d->page);
  g_free (d->id);
  g_free (d);
}

static const char *
item_id (const TwNode *item)
{
  const TwNode *id = tw_node_get (item, "id");

  return id != NULL && id->type == TW_NODE_SCALAR ? id->scalar : NULL;
}

/* A new tile: a fresh id, one copy, edges in the first colour (when the
 * definition has colours and the selected tile, if any, has edges), and the
 * selected tile's kind. */
static TwDesignEdit *
add_tile_edit (TwDesignPage  *self,
               const char    *text,
               const TwNode  *root,
               const TwNode  *tiles,
               gint           index,
               char         **new_id)
{
  const TwDefinition *def = self->definition;
  const TwTileDef *like = selected_tile (self);
  const char *keys[5] = { NULL, };
  const char *values[5] = { NULL, };
  g_autofree char *id = tw_design_fresh_id (root, "tiles", "tile", 1);
  g_autofree char *id_value = tw_design_yaml_scalar (id);
  g_autofree char *kind = NULL;
  g_autofree char *edges = NULL;
  g_autofree char *item = NULL;
  guint n = 0;

  keys[n] = "id", values[n++] = id_value;
  if (like != NULL && like->kind != NULL)
    {
      kind = tw_design_yaml_scalar (like->kind);
      keys[n] = "kind", values[n++] = kind;
    }
  keys[n] = "count", values[n++] = "1";
  if (def != NULL && def->n_colors > 0 && (like == NULL || like->n_edges == 4))
    {
      g_autofree char *c = tw_design_yaml_scalar (def->colors[0].id);

      edges = g_strdup_printf ("[%s, %s, %s, %s]", c, c, c, c);
      keys[n] = "edges", values[n++] = edges;
    }

  *new_id = g_steal_pointer (&id);
  if (tiles != NULL && tiles->type == TW_NODE_SEQ && tiles->n_children > 0)
    return tw_design_edit_seq_insert_map_after (text, tiles,
                                                index >= 0 ? (guint) index
                                                           : tiles->n_children - 1,
                                                keys, values);
  if (tiles != NULL && tiles->type == TW_NODE_SEQ)
    {
      GString *s = g_string_new ("{");

      for (guint i = 0; i < n; i++)
        g_string_append_printf (s, "%s%s: %s", i > 0 ? ", " : "", keys[i], values[i]);
      g_string_append_c (s, '}');
      item = g_string_free (s, FALSE);
      return tw_design_edit_seq_insert_after (text, tiles, 0, item);
    }
  if (tiles != NULL && !(tiles->type == TW_NODE_SCALAR && tiles->plain
                         && (tiles->scalar[0] == '\0' || g_str_equal (tiles->scalar, "~")
                             || g_str_equal (tiles->scalar, "null"))))
    return NULL;   /* `tiles:` holds something that is not a list */
  {
    GString *s = g_string_new ("[{");

    for (guint i = 0; i < n; i++)
      g_string_append_printf (s, "%s%s: %s", i > 0 ? ", " : "", keys[i], values[i]);
    g_string_append (s, "}]");
    item = g_string_free (s, FALSE);
  }
  /* no list yet: `tiles: [{...}]`, in place of an empty or null value */
  return tw_design_edit_map_set (text, root, "tiles", item);
}

static gboolean
run_tile_op (gpointer data)
{
  TileOpData *d = data;
  TwDesignPage *self = d->page;
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = NULL;
  g_autoptr(TwDesignEdit) edit = NULL;
  g_autofree char *select = NULL;
  const TwNode *tiles, *item = NULL;
  gint index = -1;

  if (self->buffer == NULL)
    return G_SOURCE_REMOVE;   /* the page went (disposed) before the idle ran */
  root = parse_current (self, &text);
  if (root == NULL)
    return G_SOURCE_REMOVE;
  tiles = tw_node_get (root, "tiles");
  if (d->id != NULL)
    {
      item = tw_design_find_item (root, "tiles", d->id);
      index = item != NULL ? tw_design_seq_index (tiles, item) : -1;
      if (index < 0 && d->op != TILE_ADD)
        {
          g_autofree char *message = g_strdup_printf (_("“%s” is not in the text any more"),
                                                      d->id);
          notify_user (self, message);
          return G_SOURCE_REMOVE;
        }
    }

  switch (d->op)
    {
    case TILE_ADD:
      edit = add_tile_edit (self, text, root, tiles, index, &select);
      break;
    case TILE_DUPLICATE:
      {
        g_autofree char *fresh = tw_design_fresh_id (root, "tiles", d->id, 2);
        g_autofree char *value = tw_design_yaml_scalar (fresh);

        edit = tw_design_edit_seq_duplicate (text, tiles, index, "id", value);
        select = g_steal_pointer (&fresh);
      }
      break;
    case TILE_DELETE:
      edit = tw_design_edit_seq_remove (text, tiles, index);
      /* the selection moves on to the next tile, or back to the previous */
      if ((guint) index + 1 < tiles->n_children)
        select = g_strdup (item_id (tiles->children[index + 1]));
      else if (index > 0)
        select = g_strdup (item_id (tiles->children[index - 1]));
      break;
    case TILE_MOVE_UP:
      edit = index > 0 ? tw_design_edit_seq_swap (text, tiles, index - 1) : NULL;
      select = g_strdup (d->id);
      break;
    case TILE_MOVE_DOWN:
      edit = tw_design_edit_seq_swap (text, tiles, index);
      select = g_strdup (d->id);
      break;
    default:
      g_assert_not_reached ();
    }

  if (edit == NULL)
    {
      if (d->op == TILE_ADD)
        notify_user (self, _("The tiles section is not a list: fix it in the text first"));
      else if (d->op == TILE_DUPLICATE)
        notify_user (self, _("The tile’s id is not written in its entry: copy it in the text"));
      else
        notify_user (self, _("The tile cannot be moved further"));
      return G_SOURCE_REMOVE;
    }
  /* undoing an Add takes the new tile away: the selection goes back then */
  g_free (self->selected_before);
  self->selected_before = d->op == TILE_ADD || d->op == TILE_DUPLICATE
                          ? g_strdup (self->selected_tile) : NULL;
  g_free (self->selected_tile);
  self->selected_tile = g_steal_pointer (&select);
  apply_edit (self, text, edit);
  return G_SOURCE_REMOVE;
}

static void
tile_op_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);
  TileOpData *d = g_new0 (TileOpData, 1);
  const TwTileDef *tile = selected_tile (self);

  d->page = g_object_ref (self);
  d->id = tile != NULL ? g_strdup (tile->id) : NULL;
  if (g_str_equal (action_name, "design.tile-add"))
    d->op = TILE_ADD;
  else if (g_str_equal (action_name, "design.tile-duplicate"))
    d->op = TILE_DUPLICATE;
  else if (g_str_equal (action_name, "design.tile-delete"))
    d->op = TILE_DELETE;
  else if (g_str_equal (action_name, "design.tile-move-up"))
    d->op = TILE_MOVE_UP;
  else
    d->op = TILE_MOVE_DOWN;
  if (d->op != TILE_ADD && d->id == NULL)
    {
      tile_op_data_free (d);
      return;
    }
  /* like the form edits: not inside the signal of the button pressed */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, run_tile_op, d, tile_op_data_free);
}

static void
update_tile_actions (TwDesignPage *self)
{
  const TwTileDef *tile = selected_tile (self);
  guint n = self->definition != NULL ? self->definition->n_tiles : 0;
  gint i = tile != NULL ? (gint) (tile - self->definition->tiles) : -1;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-add", n < TW_MAX_TILE_DEFS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-duplicate",
                                 tile != NULL && n < TW_MAX_TILE_DEFS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-delete", tile != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-move-up", i > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-move-down",
                                 i >= 0 && (guint) i + 1 < n);
}

/* The list's keys work where the tile set has the focus, not in the text. */
static void
add_tile_shortcuts (TwDesignPage *self)
{
  static const struct { const char *trigger, *action; } keys[] = {
    { "Insert", "design.tile-add" },
    { "<Control>d", "design.tile-duplicate" },
    { "Delete", "design.tile-delete" },
    { "KP_Delete", "design.tile-delete" },
    { "<Alt>Up", "design.tile-move-up" },
    { "<Alt>Left", "design.tile-move-up" },
    { "<Alt>Down", "design.tile-move-down" },
    { "<Alt>Right", "design.tile-move-down" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                            gtk_named_action_new (keys[i].action)));
  /* on the whole Tiles page: the list, its buttons and the tile editor */
  gtk_widget_add_controller (GTK_WIDGET (self->tiles_page), controller);
}

static void
build_tile_editor (TwDesignPage *self)
{
  GtkWidget *label, *box;
  char *label_text = NULL;

  for (guint d = 0; d < 4; d++)
    {
      label = gtk_label_new (_(dir_names[d]));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_grid_attach (self->edge_grid, label, 0, d, 1, 1);
      self->edge_buttons[d] = gtk_button_new_with_label ("");
      gtk_widget_set_hexpand (self->edge_buttons[d], TRUE);
      g_object_set_data (G_OBJECT (self->edge_buttons[d]), "dir", GUINT_TO_POINTER (d));
      g_signal_connect (self->edge_buttons[d], "clicked", G_CALLBACK (edge_button_clicked), self);
      gtk_grid_attach (self->edge_grid, self->edge_buttons[d], 1, d, 1, 1);

      /* its menu lists the other sections of the edge's colour */
      self->join_buttons[d] = gtk_menu_button_new ();
      gtk_menu_button_set_label (GTK_MENU_BUTTON (self->join_buttons[d]), _("Join…"));
      /* Translators: the accessible name of an edge's "Join With…" menu button */
      label_text = g_strdup_printf (_("Join %s with"), _(dir_names[d]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->join_buttons[d]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label_text, -1);
      /* GTK 4.8 puts the focus and the press action on the menu button's
       * inner toggle button, which would be read as just "Join With…" */
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (self->join_buttons[d])),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label_text, -1);
      g_clear_pointer (&label_text, g_free);
      gtk_grid_attach (self->edge_grid, self->join_buttons[d], 2, d, 1, 1);

      self->split_buttons[d] = gtk_button_new_with_label (_("Split"));
      /* Translators: the accessible name of the "Split Off" button of an edge */
      label_text = g_strdup_printf (_("Split %s off into its own section"), _(dir_names[d]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->split_buttons[d]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label_text, -1);
      g_clear_pointer (&label_text, g_free);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->split_buttons[d]),
                                      "design.tile-split");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->split_buttons[d]), "u", d);
      gtk_grid_attach (self->edge_grid, self->split_buttons[d], 3, d, 1, 1);
    }
  /* the copies and the sections share the last row: the editor stays
   * short, so that the tile list keeps its rows in a 720 px window */
  label = gtk_label_new (_("Copies"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (self->edge_grid, label, 0, 4, 1, 1);
  self->count_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, TW_MAX_TILE_COUNT, 1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->count_spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Copies of the tile"), -1);
  g_signal_connect (self->count_spin, "value-changed", G_CALLBACK (count_changed), self);
  gtk_grid_attach (self->edge_grid, GTK_WIDGET (self->count_spin), 1, 4, 1, 1);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new (_("Sections"));
  gtk_box_append (GTK_BOX (box), label);
  self->sections_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->sections_label, 0);
  gtk_label_set_wrap (self->sections_label, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->sections_label));
  gtk_grid_attach (self->edge_grid, box, 2, 4, 2, 1);
}

/* Edge @dir's "Join With…" menu: each other edge of its colour that is in
 * another section, clockwise from the next one. */
static void
update_join_menu (TwDesignPage    *self,
                  const TwTileDef *tile,
                  guint            dir,
                  gboolean         edges)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  gboolean same_section = FALSE;

  for (guint k = 1; edges && k < 4; k++)
    {
      guint other = (dir + k) % 4;
      g_autoptr(GMenuItem) item = NULL;

      if (!can_join (tile, dir, other))
        {
          same_section |= section_of (tile, dir) == section_of (tile, other);
          continue;
        }
      item = g_menu_item_new (_(dir_names[other]), NULL);
      g_menu_item_set_action_and_target (item, "design.tile-join", "(uu)", dir, other);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->join_buttons[dir]),
                                  G_MENU_MODEL (menu));
  if (g_menu_model_get_n_items (G_MENU_MODEL (menu)) == 0 && edges)
    {
      /* after its last join the button goes insensitive: the focus stays in
       * the row (not nowhere), so that Ctrl+Z still undoes the join */
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

      if (focus != NULL && (focus == self->join_buttons[dir]
                            || gtk_widget_is_ancestor (focus, self->join_buttons[dir])))
        gtk_widget_grab_focus (self->edge_buttons[dir]);
    }
  gtk_widget_set_sensitive (self->join_buttons[dir],
                            g_menu_model_get_n_items (G_MENU_MODEL (menu)) > 0);
  if (!edges || g_menu_model_get_n_items (G_MENU_MODEL (menu)) > 0)
    gtk_widget_set_tooltip_text (self->join_buttons[dir],
                                 _("Join the edge’s section with another of its colour"));
  else if (same_section)
    gtk_widget_set_tooltip_text (self->join_buttons[dir],
                                 _("The edges of this colour are joined already"));
  else
    gtk_widget_set_tooltip_text (self->join_buttons[dir],
                                 _("No other edge has this colour: give one this colour "
                                   "first"));
}

static void
update_tile_editor (TwDesignPage *self)
{
  const TwTileDef *tile = selected_tile (self);
  gboolean edges = tile != NULL && tile->n_edges == 4 && self->definition->n_colors > 0;

  gtk_widget_set_sensitive (GTK_WIDGET (self->tile_editor), tile != NULL);
  gtk_label_set_label (self->tile_title, tile == NULL ? _("Select a tile to edit it")
                                         : tile->name != NULL ? tile->name : tile->id);
  for (guint d = 0; d < 4; d++)
    {
      g_autofree char *name = edges ? color_name (self->definition, tile->edges[d]) : NULL;
      g_autofree char *a11y = NULL;

      gtk_button_set_label (GTK_BUTTON (self->edge_buttons[d]), name != NULL ? name : "—");
      gtk_widget_set_sensitive (self->edge_buttons[d], edges);
      /* Translators: a button that changes a tile edge's colour: "North edge: Red" */
      a11y = g_strdup_printf (_("%s edge: %s"), _(dir_names[d]), name != NULL ? name : "—");
      gtk_widget_set_tooltip_text (self->edge_buttons[d], _("Change to the next colour"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->edge_buttons[d]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);

      update_join_menu (self, tile, d, edges);
      gtk_widget_set_sensitive (self->split_buttons[d], edges && can_split (tile, d));
      gtk_widget_set_tooltip_text (self->split_buttons[d],
                                   edges && !can_split (tile, d)
                                   ? _("The edge is a section of its own already")
                                   : _("Make the edge a section of its own"));
    }
  if (edges)
    {
      g_autofree char *value = tw_design_sections_text (tile->section_mask, tile->n_sections);

      if (tw_node_get (tile->node, "sections") != NULL)
        gtk_label_set_label (self->sections_label, value);
      else
        {
          /* Translators: a tile's sections when the file does not write them */
          g_autofree char *derived = g_strdup_printf (_("%s (from the edge colours)"), value);

          gtk_label_set_label (self->sections_label, derived);
        }
    }
  else
    gtk_label_set_label (self->sections_label, "—");
  self->updating = TRUE;
  gtk_spin_button_set_value (self->count_spin, tile != NULL ? tile->count : 0);
  self->updating = FALSE;
  if (tile != NULL)
    {
      g_autofree char *description = tile_description (self->definition, tile);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self->tile_large),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->tile_large));
  update_tile_actions (self);
}

static void
tile_selection_changed (TwDesignPage *self)
{
  GList *selected;

  if (self->updating)
    return;
  selected = gtk_flow_box_get_selected_children (self->tile_flow);
  if (selected != NULL)
    {
      g_free (self->selected_tile);
      self->selected_tile = g_strdup (g_object_get_data (selected->data, "tile-id"));
      g_clear_pointer (&self->selected_before, g_free);
    }
  g_list_free (selected);
  update_tile_editor (self);
}

typedef struct
{
  guint32 pattern;   /* four colour indices, N in the high byte */
  guint   count;
} PatternTotal;

static void
clear_patterns (TwDesignPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->pattern_flow))) != NULL)
    gtk_flow_box_remove (self->pattern_flow, child);
}

/* A pattern as a small tile: four triangles in the edge colours. */
static void
draw_pattern (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TwDesignPage *self = user_data;
  guint32 pattern = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "pattern"));
  double size = MIN (width, height) - 1, x0 = (width - size) / 2, y0 = (height - size) / 2;
  double cx = x0 + size / 2, cy = y0 + size / 2;
  const double corner[5][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 0 } };

  if (self->definition == NULL)
    return;
  for (guint d = 0; d < 4; d++)
    {
      guint c = (pattern >> (8 * (3 - d))) & 0xff;
      guint32 rgb = c < self->definition->n_colors ? self->definition->colors[c].rgb : 0x808080;

      /* edge d lies between corners d and d + 1, clockwise from the top left */
      cairo_move_to (cr, cx, cy);
      cairo_line_to (cr, x0 + corner[d][0] * size, y0 + corner[d][1] * size);
      cairo_line_to (cr, x0 + corner[d + 1][0] * size, y0 + corner[d + 1][1] * size);
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                            (rgb & 0xff) / 255.0);
      cairo_fill (cr);
    }
  cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, x0 + 0.5, y0 + 0.5, size - 1, size - 1);
  cairo_stroke (cr);
}

static void
add_pattern (TwDesignPage       *self,
             const PatternTotal *total)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 3);
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *label, *child;
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *count = g_strdup_printf ("%u", total->count);
  g_autofree char *description = NULL;

  for (guint d = 0; d < 4; d++)
    {
      g_autofree char *c = color_name (self->definition, (total->pattern >> (8 * (3 - d))) & 0xff);

      g_string_append_printf (name, "%s%s", d > 0 ? "/" : "", c);
    }
  /* Translators: the tiles of one edge pattern, its colours clockwise from the
   * north: "Red/Red/Green/Green: 5 tiles" */
  description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u tile", "%s: %u tiles",
                                              total->count), name->str, total->count);

  g_object_set_data (G_OBJECT (area), "pattern", GUINT_TO_POINTER (total->pattern));
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 18);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 18);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_pattern, self, NULL);
  gtk_box_append (GTK_BOX (box), area);
  label = gtk_label_new (count);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_tooltip_text (box, description);
  gtk_flow_box_append (self->pattern_flow, box);
  child = gtk_widget_get_parent (box);
  gtk_widget_set_focusable (child, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

static void
refresh_totals (TwDesignPage *self)
{
  const TwDefinition *def = self->definition;
  guint per_color[TW_MAX_COLORS] = { 0 };
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < def->n_tiles; i++)
    if (def->tiles[i].n_edges == 4)
      for (guint d = 0; d < 4; d++)
        if (def->tiles[i].edges[d] < TW_MAX_COLORS)
          per_color[def->tiles[i].edges[d]] += def->tiles[i].count;

  g_string_printf (s, g_dngettext (GETTEXT_PACKAGE, "%u tile", "%u tiles", def->total_tiles),
                   def->total_tiles);
  for (guint c = 0; c < def->n_colors; c++)
    {
      g_autofree char *name = color_name (def, c);

      /* Translators: how many tile edges show a colour: "Red: 100 edges" */
      g_string_append (s, " · ");
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%s: %u edge", "%s: %u edges",
                                              per_color[c]), name, per_color[c]);
    }
  gtk_label_set_label (self->totals_label, s->str);

  /* per edge pattern (tw_design_edge_pattern), in the patterns' order */
  {
    g_autoptr(GArray) patterns = g_array_new (FALSE, FALSE, sizeof (PatternTotal));

    for (guint i = 0; i < def->n_tiles; i++)
      {
        const TwTileDef *tile = &def->tiles[i];
        guint32 key;
        guint j;

        if (tile->n_edges != 4)
          continue;
        key = tw_design_edge_pattern (tile->edges);
        for (j = 0; j < patterns->len; j++)
          if (g_array_index (patterns, PatternTotal, j).pattern == key)
            break;
        if (j == patterns->len)
          {
            PatternTotal entry = { key, 0 };

            /* kept sorted by pattern */
            for (j = 0; j < patterns->len && g_array_index (patterns, PatternTotal, j).pattern < key; j++)
              ;
            g_array_insert_val (patterns, j, entry);
          }
        g_array_index (patterns, PatternTotal, j).count += tile->count;
      }

    clear_patterns (self);
    for (guint j = 0; j < patterns->len; j++)
      add_pattern (self, &g_array_index (patterns, PatternTotal, j));
  }
  g_string_free (s, TRUE);
}

static void
refresh_tiles (TwDesignPage *self)
{
  const TwDefinition *def = self->definition;
  GtkWidget *child;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  /* after a key in the list (Ctrl+D, Alt+Down...) the new children take the
   * focus back, so that the next key works on the tile just selected */
  gboolean had_focus = focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->tile_flow));

  focus = NULL;   /* it goes with the old children */
  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tile_flow))) != NULL)
    gtk_flow_box_remove (self->tile_flow, child);
  self->updating = FALSE;
  if (def == NULL)
    {
      gtk_label_set_label (self->totals_label, "");
      clear_patterns (self);
      update_tile_editor (self);
      return;
    }
  /* the selected tile is gone (an Add undone): back to the one selected
   * before it, if that is still there */
  if (self->selected_before != NULL
      && (self->selected_tile == NULL || tw_definition_find_tile (def, self->selected_tile) < 0)
      && tw_definition_find_tile (def, self->selected_before) >= 0)
    {
      g_free (self->selected_tile);
      self->selected_tile = g_steal_pointer (&self->selected_before);
    }

  for (guint i = 0; i < def->n_tiles; i++)
    {
      const TwTileDef *tile = &def->tiles[i];
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *area = gtk_drawing_area_new ();
      GtkWidget *label;
      g_autofree char *count = g_strdup_printf ("×%u", tile->count);
      g_autofree char *description = tile_description (def, tile);

      g_object_set_data_full (G_OBJECT (area), "tile-id", g_strdup (tile->id), g_free);
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 56);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 56);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_tile, self, NULL);
      gtk_box_append (GTK_BOX (box), area);
      label = gtk_label_new (tile->id);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 9);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), label);
      label = gtk_label_new (count);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_set_tooltip_text (box, description);

      gtk_flow_box_append (self->tile_flow, box);
      child = gtk_widget_get_parent (box);
      g_object_set_data_full (G_OBJECT (child), "tile-id", g_strdup (tile->id), g_free);
      gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
      if (g_strcmp0 (tile->id, self->selected_tile) == 0)
        {
          self->updating = TRUE;
          gtk_flow_box_select_child (self->tile_flow, GTK_FLOW_BOX_CHILD (child));
          self->updating = FALSE;
          if (had_focus)
            focus = child;
        }
    }
  /* the selected tile, or the first when none is: left without a focus widget, GTK 4.8 draws the page before
   * it is laid out again */
  if (had_focus)
    {
      if (focus == NULL)
        focus = gtk_widget_get_first_child (GTK_WIDGET (self->tile_flow));
      if (focus != NULL)
        gtk_widget_grab_focus (focus);
    }
  refresh_totals (self);
  update_tile_editor (self);
}

/* ------------------------------------------------------------------------ */
/* Card editor                                                              */

/* The item of `cards:` with @id, or NULL (and a message). */
static const TwNode *
find_card_node (TwDesignPage *self,
                TwNode       *root,
                const char   *id)
{
  const TwNode *item = tw_design_find_item (root, "cards", id);

  if (item == NULL || item->type != TW_NODE_MAP)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not in the text any more"), id);
      notify_user (self, message);
      return NULL;
    }
  return item;
}

/* Sets @key of the map @map to @value like tw_design_edit_map_set(), but
 * where the old value is block text (`key: >-` and its lines, or a block map
 * on the lines below), which the parser ends where the next key starts, the
 * new value goes right after the colon and the line break before the next
 * key stays. */
static TwDesignEdit *
card_map_set (const char   *text,
              const TwNode *map,
              const char   *key,
              const char   *value)
{
  TwDesignEdit *edit = tw_design_edit_map_set (text, map, key, value);

  for (guint i = 0; edit != NULL && i < map->n_children; i++)
    {
      const TwNode *v = map->children[i];
      gsize colon = map->keys[i]->end_offset;

      if (g_strcmp0 (map->keys[i]->scalar, key) != 0 || v->end_offset <= v->start_offset)
        continue;
      while (edit->end > edit->start && g_ascii_isspace (text[edit->end - 1]))
        edit->end--;
      if (v->type != TW_NODE_SCALAR && text[v->start_offset] != '{' && text[v->start_offset] != '[')
        {
          while (text[colon] != '\0' && text[colon] != ':')
            colon++;
          if (text[colon] == ':')
            {
              g_autofree char *old = edit->text;

              edit->start = colon + 1;
              edit->text = g_strconcat (" ", old, NULL);
            }
        }
    }
  return edit;
}

/* One key of a card, from the card editor: "params.NAME" sets a parameter,
 * adding the `params` map when the card has none; a NULL @value removes the
 * key (an optional colour back to "any", a title back to the kind's). */
static void
card_edit (TwDesignPage *self,
           const char   *id,
           const char   *key,
           const char   *value)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = parse_current (self, &text);
  g_autoptr(TwDesignEdit) edit = NULL;
  const TwNode *item;
  const TwNode *map;
  const char *name = key;

  if (root == NULL || (item = find_card_node (self, root, id)) == NULL)
    return;
  map = item;
  if (g_str_has_prefix (key, "params."))
    {
      const TwNode *params = tw_node_get (item, "params");

      name = key + strlen ("params.");
      if (params != NULL && params->type == TW_NODE_MAP)
        map = params;
      else if (value != NULL)
        {
          g_autofree char *flow = g_strdup_printf ("{%s: %s}", name, value);

          edit = tw_design_edit_map_set (text, item, "params", flow);
          if (edit == NULL)
            return;
        }
      else
        return;
    }
  if (edit == NULL && value != NULL)
    edit = card_map_set (text, map, name, value);
  else if (edit == NULL)
    {
      /* nothing to remove: the card already shows the default */
      if (tw_node_get (map, name) == NULL)
        return;
      edit = tw_design_edit_map_remove (text, map, name);
    }
  if (edit == NULL && value == NULL)
    {
      notify_user (self, _("This key cannot be removed from the form: edit it in the text"));
      return;
    }
  if (edit != NULL)
    apply_edit (self, text, edit);
}

/* A new kind for a card: its `kind` and its `params` rewritten as one edit of
 * the text (one step of undo); @params NULL removes the card's params. */
static void
card_change_kind (TwDesignPage *self,
                  const char   *id,
                  const char   *kind,
                  const char   *params)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = parse_current (self, &text);
  g_autoptr(TwDesignEdit) kind_edit = NULL;
  g_autoptr(TwDesignEdit) params_edit = NULL;
  g_autoptr(TwDesignEdit) edit = NULL;
  const TwNode *item;

  if (root == NULL || (item = find_card_node (self, root, id)) == NULL)
    return;
  kind_edit = card_map_set (text, item, "kind", kind);
  if (params != NULL)
    params_edit = card_map_set (text, item, "params", params);
  else if (tw_node_get (item, "params") != NULL)
    {
      params_edit = tw_design_edit_map_remove (text, item, "params");
      /* written on a line with other keys: an empty map says the same */
      if (params_edit == NULL)
        params_edit = tw_design_edit_map_set (text, item, "params", "{}");
    }
  if (kind_edit == NULL)
    return;
  edit = params_edit != NULL ? tw_design_edit_merge (text, kind_edit, params_edit)
                             : g_steal_pointer (&kind_edit);
  if (edit != NULL)
    apply_edit (self, text, edit);
}

static void
refresh_cards (TwDesignPage *self)
{
  tw_card_editor_set_definition (self->card_editor, self->definition);
}

static void
refresh_forms (TwDesignPage *self)
{
  refresh_variant_form (self);
  refresh_tiles (self);
  refresh_cards (self);
}

/* ------------------------------------------------------------------------ */
/* Documents: new, open, save                                               */

static void
set_file (TwDesignPage *self,
          GFile        *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/* Replaces the whole text; not undoable, not an edit. */
static void
set_text (TwDesignPage *self,
          const char   *text)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start;

  self->setting_text = TRUE;
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, text, -1);
  gtk_text_buffer_end_irreversible_action (buffer);
  self->setting_text = FALSE;
  gtk_text_buffer_set_modified (buffer, FALSE);
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  /* a new document is shown from its top-left corner */
  gtk_adjustment_set_value (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->source_view)), 0);
  gtk_adjustment_set_value (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->source_view)), 0);
  gtk_label_set_label (self->status_label, "");
}

/**
 * tw_design_page_set_document:
 * @file: (nullable): where the text was read from
 * @definition: the definition loaded from it
 *
 * Shows @definition's text, unmodified and without undo history. The
 * definition is taken as already checked: nothing is announced.
 */
void
tw_design_page_set_document (TwDesignPage *self,
                             GFile        *file,
                             TwDefinition *definition)
{
  g_return_if_fail (TW_IS_DESIGN_PAGE (self));
  g_return_if_fail (definition != NULL);

  g_clear_handle_id (&self->check_timeout, g_source_remove);
  set_file (self, file);
  set_text (self, definition->text != NULL ? definition->text : "");
  apply_result (self, definition, NULL, FALSE);
}

/**
 * tw_design_page_restore:
 * @file: (nullable): the file the text belongs to
 * @text: the text as it was autosaved
 *
 * Shows @text as the unsaved edits of @file: modified, checked and announced
 * like an edit, and autosaved again under this page's name at once.
 */
void
tw_design_page_restore (TwDesignPage *self,
                        GFile        *file,
                        const char   *text)
{
  g_return_if_fail (TW_IS_DESIGN_PAGE (self));
  g_return_if_fail (text != NULL);

  g_clear_handle_id (&self->check_timeout, g_source_remove);
  set_file (self, file);
  set_text (self, text);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), TRUE);
  check_now (self);
  update_actions (self);
  autosave_now (self);
}

/* The text of a definition file, read no further than the format's limit
 * (a device or a huge file is refused, not read whole). */
static gboolean
read_definition (GFile   *file,
                 char   **contents,
                 gsize   *len,
                 GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GFileInfo) info = NULL;

  if (path != NULL)
    return tw_file_read_limited (path, TW_DEFINITION_MAX_BYTES, "a definition", contents, len,
                                 error);
  /* not a local file: its size as the remote says it */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL,
                            error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_size (info) > TW_DEFINITION_MAX_BYTES)
    {
      g_set_error (error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE,
                   "the file is more than the limit of 4 MiB for a definition");
      return FALSE;
    }
  return g_file_load_contents (file, NULL, contents, len, NULL, error);
}

static gboolean
load_file (TwDesignPage *self,
           GFile        *file,
           gboolean      as_template)
{
  g_autofree char *contents = NULL;
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GError) error = NULL;
  gsize len;

  if (!read_definition (file, &contents, &len, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open “%s”: %s"), basename,
                                                  error->message);
      notify_user (self, message);
      return FALSE;
    }
  if (!g_utf8_validate_len (contents, len, NULL))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open “%s”: it is not UTF-8 "
                                                    "text"), basename);
      notify_user (self, message);
      return FALSE;
    }
  g_clear_handle_id (&self->check_timeout, g_source_remove);
  set_file (self, as_template ? NULL : file);
  set_text (self, contents);
  check_now (self);
  return TRUE;
}

typedef struct
{
  TwDesignPage     *page;
  TwDesignContinue  next;
  gpointer          user_data;
} Continuation;

static void
continuation_free (gpointer data)
{
  Continuation *c = data;

  g_object_unref (c->page);
  g_free (c);
}

static void
discarded (gpointer data)
{
  Continuation *c = data;

  /* the designer gave the edits up: they are not offered back */
  autosave_clear (c->page);
  c->next (c->user_data);
}

void
tw_design_page_confirm_discard (TwDesignPage     *self,
                                TwDesignContinue  next,
                                gpointer          user_data)
{
  Continuation *c;
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;

  g_return_if_fail (TW_IS_DESIGN_PAGE (self));

  if (!tw_design_page_get_modified (self))
    {
      next (user_data);
      return;
    }
  name = document_name (self);
  body = g_strdup_printf (_("“%s” has edits that are not saved. If you go on, they are lost."),
                          name);
  c = g_new0 (Continuation, 1);
  c->page = g_object_ref (self);
  c->next = next;
  c->user_data = user_data;
  tw_app_confirm_discard (GTK_WIDGET (self), _("Discard Unsaved Changes?"), body,
                          discarded, c, continuation_free);
}

static void
show_game_definition (gpointer user_data)
{
  TwDesignPage *self = user_data;
  g_autoptr(TwDefinition) definition = g_steal_pointer (&self->asked_definition);
  g_autoptr(GFile) file = g_steal_pointer (&self->asked_file);

  if (definition == NULL || self->buffer == NULL)
    return;
  tw_design_page_set_document (self, file, definition);
  /* Play, Lab and Print follow the text shown, as after an edit */
  g_signal_emit (self, signals[DEFINITION_CHANGED], 0, self->definition);
}

static gboolean
confirm_game_definition (gpointer user_data)
{
  TwDesignPage *self = user_data;

  if (self->game_definition == NULL || self->buffer == NULL)
    return G_SOURCE_REMOVE;
  /* asked once: when the designer keeps their edits, it is not asked again */
  g_clear_pointer (&self->asked_definition, tw_definition_unref);
  g_clear_object (&self->asked_file);
  self->asked_definition = g_steal_pointer (&self->game_definition);
  self->asked_file = g_steal_pointer (&self->game_file);
  tw_design_page_confirm_discard (self, show_game_definition, self);
  return G_SOURCE_REMOVE;
}

/**
 * tw_design_page_show_game_definition:
 * @definition: the definition a saved game embeds
 * @path: (nullable): the definition file the record names
 * @record_file: (nullable): the record, for a relative @path
 *
 * Shows the definition a game was played with, unless the text is that
 * already: as the file the record names when that file holds the same text,
 * else untitled; when the page is hidden, once it is shown. Unsaved edits are
 * given up only once the designer agreed; when they cancel, the text stays
 * as it is.
 */
void
tw_design_page_show_game_definition (TwDesignPage *self,
                                     TwDefinition *definition,
                                     const char   *path,
                                     GFile        *record_file)
{
  g_autofree char *current = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL;

  g_return_if_fail (TW_IS_DESIGN_PAGE (self));
  g_return_if_fail (definition != NULL);

  if (definition->text == NULL)
    return;
  current = get_text (self);
  if (g_str_equal (current, definition->text))
    return;   /* shown already, saved or not */
  if (path != NULL && g_path_is_absolute (path))
    file = g_file_new_for_path (path);
  else if (path != NULL && record_file != NULL)
    {
      g_autoptr(GFile) dir = g_file_get_parent (record_file);

      file = dir != NULL ? g_file_resolve_relative_path (dir, path) : NULL;
    }
  /* the named file only when it still holds the text the game was played
   * with: saving must not overwrite a file edited since */
  if (file != NULL
      && !(read_definition (file, &contents, NULL, NULL)
           && g_str_equal (contents, definition->text)))
    g_clear_object (&file);

  g_clear_pointer (&self->game_definition, tw_definition_unref);
  self->game_definition = tw_definition_ref (definition);
  g_set_object (&self->game_file, file);
  /* When the Design view is shown: the question comes where the edits are,
   * and GTK 4.8 warns of a snapshot without an allocation when the forms of
   * a hidden page are rebuilt. Not from inside the signal of the file
   * chooser that opened the game either. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, confirm_game_definition, g_object_ref (self),
                     g_object_unref);
}

void
tw_design_page_set_card_size (TwDesignPage *self,
                              double        width,
                              double        height)
{
  g_return_if_fail (TW_IS_DESIGN_PAGE (self));

  tw_card_editor_set_card_size (self->card_editor, width, height);
}

static gboolean
drop_chooser (TwDesignPage *self)
{
  if (self->chooser != NULL && gtk_native_dialog_get_visible (self->chooser))
    return FALSE;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  return TRUE;
}

static void
add_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) yaml = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (yaml, _("Game definitions (YAML)"));
  gtk_file_filter_add_pattern (yaml, "*.yaml");
  gtk_file_filter_add_pattern (yaml, "*.yml");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, yaml);
  gtk_file_chooser_add_filter (chooser, all);
}

static GtkFileChooserNative *
new_chooser (TwDesignPage         *self,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action, accept, _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  return chooser;
}

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               TwDesignPage    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      load_file (self, file, FALSE);
    }
}

static void
show_open_chooser (gpointer user_data)
{
  TwDesignPage *self = user_data;
  GtkFileChooserNative *chooser;

  if (!drop_chooser (self))
    return;
  chooser = new_chooser (self, _("Open Game Definition"), GTK_FILE_CHOOSER_ACTION_OPEN,
                         _("_Open"));
  g_signal_connect_object (chooser, "response", G_CALLBACK (open_response), self, 0);
  gtk_native_dialog_show (self->chooser);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  tw_design_page_confirm_discard (TW_DESIGN_PAGE (widget), show_open_chooser, widget);
}

static void
new_from_template (gpointer user_data)
{
  TwDesignPage *self = user_data;
  const char *path = g_object_get_data (G_OBJECT (self), "template");
  g_autoptr(GFile) file = NULL;

  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  load_file (self, file, TRUE);
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  g_object_set_data_full (G_OBJECT (widget), "template",
                          g_variant_dup_string (parameter, NULL), g_free);
  tw_design_page_confirm_discard (TW_DESIGN_PAGE (widget), new_from_template, widget);
}

static gboolean
save_to (TwDesignPage *self,
         GFile        *file)
{
  g_autofree char *text = get_text (self);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  /* atomic (tw-file.h): a crash mid-save never leaves half a definition
   * behind, and a symbolic link or the file's mode survive the save */
  if (path == NULL || !tw_file_save (path, text, -1, &error))
    {
      /* Translators: saving a definition failed: the file and the reason */
      message = g_strdup_printf (_("Could not save “%s”: %s"), basename,
                                 error != NULL ? error->message : _("not a local file"));
      notify_user (self, message);
      return FALSE;
    }
  set_file (self, file);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  if (self->n_errors > 0)
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Saved “%s”, with %u problem to fix",
                                            "Saved “%s”, with %u problems to fix",
                                            self->n_errors), basename, self->n_errors);
  else
    message = g_strdup_printf (_("Saved “%s”"), basename);
  notify_user (self, message);
  return TRUE;
}

static void
save_response (GtkNativeDialog *dialog,
               int              response,
               TwDesignPage    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      save_to (self, file);
    }
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);
  GtkFileChooserNative *chooser;
  g_autofree char *name = document_name (self);

  if (!drop_chooser (self))
    return;
  chooser = new_chooser (self, _("Save Game Definition"), GTK_FILE_CHOOSER_ACTION_SAVE,
                         _("_Save"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (save_response), self, 0);
  gtk_native_dialog_show (self->chooser);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (self->file != NULL)
    save_to (self, self->file);
  else
    save_as_action (widget, action_name, parameter);
}

/* design.save-to PATH: Save As without a file chooser, for scripts and tests */
static void
save_to_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  save_to (TW_DESIGN_PAGE (widget), file);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (gtk_text_buffer_get_can_undo (GTK_TEXT_BUFFER (self->buffer)))
    gtk_text_buffer_undo (GTK_TEXT_BUFFER (self->buffer));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (gtk_text_buffer_get_can_redo (GTK_TEXT_BUFFER (self->buffer)))
    gtk_text_buffer_redo (GTK_TEXT_BUFFER (self->buffer));
}

/* Plays the text as it is now: the other views already have it; a new game
 * of it starts in Play. */
static void
playtest_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);

  if (self->definition == NULL || self->n_errors > 0)
    return;
  gtk_widget_activate_action (widget, "win.show-view", "s", "play");
  gtk_widget_activate_action (widget, "win.new-game", NULL);
}

static void
update_actions (TwDesignPage *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.undo",
                                 gtk_text_buffer_get_can_undo (buffer));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.redo",
                                 gtk_text_buffer_get_can_redo (buffer));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.playtest",
                                 self->checked && self->definition != NULL
                                 && self->n_errors == 0);
  update_tile_actions (self);
}

static void
modified_changed (TwDesignPage *self)
{
  /* saved (or replaced by another document): nothing left to recover */
  if (!gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer)))
    autosave_clear (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
build_new_menu (TwDesignPage *self)
{
  g_autoptr(GMenuModel) menu = tw_app_bundled_games_menu_new ("design.new-from");

  gtk_menu_button_set_menu_model (self->new_button, menu);
}

static void
update_scheme (TwDesignPage *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  GtkSourceStyleScheme *scheme;

  scheme = gtk_source_style_scheme_manager_get_scheme (schemes, adw_style_manager_get_dark (manager)
                                                                ? "Adwaita-dark" : "Adwaita");
  if (scheme != NULL)
    gtk_source_buffer_set_style_scheme (self->buffer, scheme);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GFile *
tw_design_page_get_file (TwDesignPage *self)
{
  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), NULL);
  return self->file;
}

gboolean
tw_design_page_get_modified (TwDesignPage *self)
{
  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), FALSE);
  return gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer));
}

TwDefinition *
tw_design_page_get_definition (TwDesignPage *self)
{
  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), NULL);
  return self->definition;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
save_to_window_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  gtk_widget_activate_action_variant (GTK_WIDGET (user_data), "design.save-to", parameter);
}

/* "win.design-save-to" PATH: the window's action group is exported on D-Bus
 * with the application, so scripts and tests can save without a chooser. */
static void
tw_design_page_root (GtkWidget *widget)
{
  GtkRoot *root;

  GTK_WIDGET_CLASS (tw_design_page_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (G_IS_ACTION_MAP (root))
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new ("design-save-to",
                                                             G_VARIANT_TYPE_STRING);

      g_signal_connect_object (action, "activate", G_CALLBACK (save_to_window_action), widget, 0);
      g_action_map_add_action (G_ACTION_MAP (root), G_ACTION (action));
    }
}

static void
tw_design_page_unroot (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (G_IS_ACTION_MAP (root))
    g_action_map_remove_action (G_ACTION_MAP (root), "design-save-to");
  GTK_WIDGET_CLASS (tw_design_page_parent_class)->unroot (widget);
}

/* The text editor takes the focus when the page is shown, unless something
 * in the page has it already. */
static void
tw_design_page_map (GtkWidget *widget)
{
  TwDesignPage *self = TW_DESIGN_PAGE (widget);
  GtkRoot *root;
  GtkWidget *focus;

  GTK_WIDGET_CLASS (tw_design_page_parent_class)->map (widget);
  root = gtk_widget_get_root (widget);
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, widget))
    gtk_widget_grab_focus (GTK_WIDGET (self->source_view));
  /* a saved game opened in Play while the page was hidden */
  if (self->game_definition != NULL)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, confirm_game_definition, g_object_ref (self),
                     g_object_unref);
}

static void
tw_design_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TwDesignPage *self = TW_DESIGN_PAGE (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, tw_design_page_get_modified (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_design_page_dispose (GObject *object)
{
  TwDesignPage *self = TW_DESIGN_PAGE (object);

  g_clear_handle_id (&self->check_timeout, g_source_remove);
  g_clear_handle_id (&self->pending_idle, g_source_remove);
  g_queue_clear_full (&self->pending, pending_edit_free);
  if (self->scroll_tick != 0 && self->source_view != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->source_view), self->scroll_tick);
  self->scroll_tick = 0;
  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->buffer != NULL)
    g_signal_handlers_disconnect_by_data (self->buffer, self);
  /* containers emit selection changes while they are torn down */
  if (self->tile_flow != NULL)
    g_signal_handlers_disconnect_by_data (self->tile_flow, self);
  if (self->problems_list != NULL)
    g_signal_handlers_disconnect_by_data (self->problems_list, self);
  if (self->source_view != NULL)
    g_signal_handlers_disconnect_by_data (self->source_view, self);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  /* the rows' handlers point at row data: disconnect them while the
   * controls are alive, then drop the widgets */
  if (self->option_rows != NULL)
    g_ptr_array_set_size (self->option_rows, 0);
  g_clear_handle_id (&self->autosave_timeout, g_source_remove);
  /* what was queued is written (or removed) before the page goes: a
   * removal must not be lost, or the next start offers saved text back */
  if (self->autosave_pool != NULL)
    g_thread_pool_free (g_steal_pointer (&self->autosave_pool), FALSE, TRUE);
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_DESIGN_PAGE);
  self->buffer = NULL;
  G_OBJECT_CLASS (tw_design_page_parent_class)->dispose (object);
}

static void
tw_design_page_finalize (GObject *object)
{
  TwDesignPage *self = TW_DESIGN_PAGE (object);

  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->autosave_path, g_free);
  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->selected_tile, g_free);
  g_clear_pointer (&self->selected_before, g_free);
  g_clear_pointer (&self->game_definition, tw_definition_unref);
  g_clear_object (&self->game_file);
  g_clear_pointer (&self->asked_definition, tw_definition_unref);
  g_clear_object (&self->asked_file);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (tw_design_page_parent_class)->finalize (object);
}

static void
tw_design_page_class_init (TwDesignPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tw_design_page_get_property;
  object_class->dispose = tw_design_page_dispose;
  object_class->finalize = tw_design_page_finalize;
  widget_class->root = tw_design_page_root;
  widget_class->unroot = tw_design_page_unroot;
  widget_class->map = tw_design_page_map;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TwDesignPage::definition-changed:
   * @definition: (type gpointer): the edited text's definition
   *
   * The text was changed and now loads without error.
   */
  signals[DEFINITION_CHANGED] =
    g_signal_new ("definition-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_source_init ();
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/design-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, new_button);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, source_view);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, problems_label);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, problems_list);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, editor_stack);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, variant_box);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, form_hint);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, totals_label);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, pattern_flow);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, tile_flow);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, tiles_page);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, tile_editor);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, tile_title);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, tile_large);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, edge_grid);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, card_editor);

  gtk_widget_class_install_action (widget_class, "design.new-from", "s", new_action);
  gtk_widget_class_install_action (widget_class, "design.open", NULL, open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "design.open", NULL);
  gtk_widget_class_install_action (widget_class, "design.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "design.save", NULL);
  gtk_widget_class_install_action (widget_class, "design.save-as", NULL, save_as_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.save-as", NULL);
  gtk_widget_class_install_action (widget_class, "design.save-to", "s", save_to_action);
  /* inside the page, Ctrl+Z undoes edits of the text, not moves of a game */
  gtk_widget_class_install_action (widget_class, "design.undo", NULL, undo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "design.undo", NULL);
  gtk_widget_class_install_action (widget_class, "design.redo", NULL, redo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "design.redo", NULL);
  gtk_widget_class_install_action (widget_class, "design.playtest", NULL, playtest_action);
  /* the tile set's keys are bound on its page only (add_tile_shortcuts) */
  gtk_widget_class_install_action (widget_class, "design.tile-add", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-duplicate", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-delete", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-move-up", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-move-down", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-join", "(uu)", sections_action);
  gtk_widget_class_install_action (widget_class, "design.tile-split", "u", sections_action);
}

static void
tw_design_page_init (TwDesignPage *self)
{
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
  g_autoptr(GtkSourceMarkAttributes) error_attrs = gtk_source_mark_attributes_new ();
  g_autoptr(GtkSourceMarkAttributes) warning_attrs = gtk_source_mark_attributes_new ();
  GtkGesture *click;

  g_type_ensure (TW_TYPE_CARD_EDITOR);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->option_rows = g_ptr_array_new_with_free_func (option_row_free);
  self->autosave_path = tw_recovery_design_autosave_path ();
  self->autosave_pool = g_thread_pool_new (autosave_worker, NULL, 1, FALSE, NULL);
  g_signal_connect_object (self->card_editor, "edit", G_CALLBACK (card_edit), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->card_editor, "change-kind", G_CALLBACK (card_change_kind), self,
                           G_CONNECT_SWAPPED);
  self->buffer = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->source_view)));
  gtk_source_buffer_set_language (self->buffer,
                                  gtk_source_language_manager_get_language (languages, "yaml"));
  gtk_source_buffer_set_highlight_syntax (self->buffer, TRUE);
  /* the text is the file, byte for byte: no newline taken off or added */
  gtk_source_buffer_set_implicit_trailing_newline (self->buffer, FALSE);
  gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (self->buffer), "tw-error",
                              "underline", PANGO_UNDERLINE_ERROR, NULL);
  update_scheme (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_scheme), self, G_CONNECT_SWAPPED);

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
  g_signal_connect_swapped (self->buffer, "modified-changed", G_CALLBACK (modified_changed), self);
  g_signal_connect_swapped (self->buffer, "notify::can-undo", G_CALLBACK (update_actions), self);
  /* the page's Undo and the text view's own Ctrl+Z alike */
  g_signal_connect_swapped (self->buffer, "undo", G_CALLBACK (scroll_later), self);
  g_signal_connect_swapped (self->buffer, "redo", G_CALLBACK (scroll_later), self);
  g_signal_connect_swapped (self->buffer, "notify::can-redo", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->problems_list, "row-activated", G_CALLBACK (problem_activated),
                            self);
  g_signal_connect_swapped (self->tile_flow, "selected-children-changed",
                            G_CALLBACK (tile_selection_changed), self);

  build_tile_editor (self);
  add_tile_shortcuts (self);
  gtk_drawing_area_set_draw_func (self->tile_large, draw_tile, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->tile_large),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Selected tile"), -1);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (tile_large_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->tile_large), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tile_large),
                               _("Click an edge to change it to the next colour"));

  build_new_menu (self);
  gtk_label_set_label (self->problems_label, _("No definition open"));
  gtk_widget_set_visible (GTK_WIDGET (self->problems_list), FALSE);
  update_tile_editor (self);
  update_actions (self);
}
