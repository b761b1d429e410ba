/* tw-definition-document.c: a definition being edited, apart from any view
 *
 * Every change of the text is checked after a short pause with the same
 * loader the CLI and the game use (in a thread when the text is large: a
 * result that describes a text no longer shown is dropped), and the unsaved
 * text is autosaved for recovery after a crash (tw-recovery.c) through the
 * autosave service, so the window never waits for the disk. Each text that
 * loads gets a quick bot playtest (tw-quick-playtest.c) that warns when no
 * player scores.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-definition-document.h"
#include "tw-face-draw.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tw-autosave.h"
#include "tw-quick-playtest.h"
#include "tw-recovery.h"

#define CHECK_DELAY_MS       300
#define AUTOSAVE_DELAY_MS    1000  /* the unsaved text is autosaved this long after an edit */
#define CHECK_IN_THREAD_SIZE (64 * 1024)   /* larger texts are checked off the main loop */

G_DEFINE_BOXED_TYPE (TwDefinition, tw_definition, tw_definition_ref, tw_definition_unref)

struct _TwDefinitionDocument
{
  GObject          parent_instance;

  /* Owned */
  GtkSourceBuffer *buffer;
  GFile           *file;
  TwDefinition    *definition;     /* the last text that loaded */
  TwDiagnostics   *diags;          /* the last check's */
  TwAutosave      *autosave;
  GCancellable    *check_cancellable;
  TwQuickPlaytest *playtest;       /* of the last definition that loaded */

  guint            check_timeout;
  guint            check_serial;
  guint            n_errors;
  char            *syntax_error;   /* where and why the text is not YAML, or NULL */
  gboolean         checked;        /* the text as it is now has been checked */
  gboolean         setting_text;   /* the text is being replaced, not edited */
};

G_DEFINE_FINAL_TYPE (TwDefinitionDocument, tw_definition_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_DEFINITION,
  N_PROPS
};

enum
{
  CHECKED,
  AUTOSAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Autosave                                                                 */

/* The text with its file's name while it has unsaved edits; otherwise
 * nothing to keep, and the file goes. */
static GBytes *
autosave_snapshot (gpointer   user_data,
                   GError   **error)
{
  TwDefinitionDocument *self = user_data;
  g_autofree char *text = NULL;

  if (!gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer)))
    return NULL;
  text = tw_definition_document_dup_text (self);
  return tw_recovery_design_autosave_pack (self->file, text);
}

static void
autosave_failed (gpointer      user_data,
                 const GError *error)
{
  /* Translators: the unsaved definition could not be kept for recovery */
  g_autofree char *message = g_strdup_printf (_("Could not autosave the definition: %s"),
                                              error->message);

  g_signal_emit (user_data, signals[AUTOSAVE_FAILED], 0, message);
}

void
tw_definition_document_discard_autosave (TwDefinitionDocument *self)
{
  g_return_if_fail (TW_IS_DEFINITION_DOCUMENT (self));
  tw_autosave_remove (self->autosave);
}

/* ------------------------------------------------------------------------ */
/* Checks                                                                   */

typedef struct
{
  char          *text;
  char          *name;
  char          *dir;      /* of the document's file, or NULL */
  guint          serial;
  /* or, for the faces' part of a check done on the main loop: the loaded
   * definition and its problems so far */
  TwDefinition  *definition;
  TwDiagnostics *diags;
} CheckData;

typedef struct
{
  TwDefinition  *definition;
  TwDiagnostics *diags;
  char          *syntax_error;   /* the text is not YAML: where and why */
} CheckResult;

static void
check_data_free (gpointer data)
{
  CheckData *d = data;

  g_free (d->text);
  g_free (d->name);
  g_free (d->dir);
  g_clear_pointer (&d->definition, tw_definition_unref);
  g_clear_pointer (&d->diags, tw_diagnostics_free);
  g_free (d);
}

static void
check_result_free (gpointer data)
{
  CheckResult *r = data;

  g_clear_pointer (&r->definition, tw_definition_unref);
  g_clear_pointer (&r->diags, tw_diagnostics_free);
  g_free (r->syntax_error);
  g_free (r);
}

/* @dir: the folder of the document's file, where its faces' images are
 * (NULL: untitled, the current folder); @faces: check the faces' images and
 * fonts too (which reads files) */
static CheckResult *
check_text (const char *text,
            const char *name,
            const char *dir,
            gboolean    faces)
{
  CheckResult *r = g_new0 (CheckResult, 1);

  r->diags = tw_diagnostics_new (name);
  r->definition = tw_definition_load_data (text, -1, name, r->diags, NULL);
  if (r->definition != NULL && dir != NULL)
    tw_definition_set_base_dir (r->definition, dir);
  /* the faces' images and fonts: warnings, the game still plays without them */
  if (r->definition != NULL && faces)
    tw_faces_check (r->definition, r->diags, FALSE);
  /* a text that does not load may still be YAML, which the forms can edit */
  if (r->definition == NULL)
    {
      g_autoptr(TwDiagnostics) syntax = tw_diagnostics_new (name);
      g_autoptr(TwNode) root = tw_node_parse (text, -1, NULL, syntax);

      if (root == NULL)
        {
          const TwDiag *d = tw_diagnostics_get_n (syntax) > 0 ? tw_diagnostics_get (syntax, 0)
                                                               : NULL;

          if (d == NULL)
            r->syntax_error = g_strdup (_("The text is not YAML."));
          else if (d->line > 0)
            /* Translators: where the YAML text breaks, and why */
            r->syntax_error = g_strdup_printf (_("Line %u, column %u: %s"), d->line, d->column,
                                               d->message);
          else
            r->syntax_error = g_strdup (d->message);
        }
    }
  return r;
}

/* Takes @diags; @definition NULL keeps the last one that loaded;
 * @syntax_error: why the text is not YAML, or NULL. */
static void
apply_result (TwDefinitionDocument *self,
              TwDefinition         *definition,
              TwDiagnostics        *diags,
              const char           *syntax_error)
{
  g_free (self->syntax_error);
  self->syntax_error = g_strdup (syntax_error);
  g_clear_pointer (&self->diags, tw_diagnostics_free);
  self->diags = diags;
  self->n_errors = diags != NULL ? tw_diagnostics_n_errors (diags) : 0;
  if (definition == NULL && self->n_errors == 0)
    self->n_errors = 1;
  self->checked = TRUE;
  if (definition != NULL && definition != self->definition)
    {
      g_clear_pointer (&self->definition, tw_definition_unref);
      self->definition = tw_definition_ref (definition);
      tw_quick_playtest_start (self->playtest, definition);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEFINITION]);
    }
  g_signal_emit (self, signals[CHECKED], 0);
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CheckData *d = task_data;

  g_task_return_pointer (task, check_text (d->text, d->name, d->dir, TRUE), check_result_free);
}

/* The faces' part of a check: decoding their images can take long */
static void
faces_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CheckData *d = task_data;
  CheckResult *r = g_new0 (CheckResult, 1);

  r->definition = tw_definition_ref (d->definition);
  r->diags = g_steal_pointer (&d->diags);
  tw_faces_check (r->definition, r->diags, FALSE);
  g_task_return_pointer (task, r, check_result_free);
}

static void
check_done (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  TwDefinitionDocument *self = TW_DEFINITION_DOCUMENT (object);
  CheckData *d = g_task_get_task_data (G_TASK (result));
  CheckResult *r = g_task_propagate_pointer (G_TASK (result), NULL);

  /* a newer text is on its way: this result describes a text no longer shown */
  if (r != NULL && d->serial == self->check_serial)
    apply_result (self, r->definition, g_steal_pointer (&r->diags), r->syntax_error);
  if (r != NULL)
    check_result_free (r);
}

/* Runs @func on @d (taken) in a thread, in place of any check under way;
 * check_done() shows its result unless the text has changed since. */
static void
run_check_task (TwDefinitionDocument *self,
                CheckData            *d,
                GTaskThreadFunc       func)
{
  g_autoptr(GTask) task = NULL;

  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);
  d->serial = self->check_serial;
  self->check_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->check_cancellable, check_done, NULL);
  g_task_set_task_data (task, d, check_data_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, func);
}

/* Checks @definition's faces in a thread and shows @diags (taken) with what
 * that finds, unless the text changes meanwhile. */
static void
check_faces_in_thread (TwDefinitionDocument *self,
                       TwDefinition         *definition,
                       TwDiagnostics        *diags)
{
  CheckData *d = g_new0 (CheckData, 1);

  d->definition = tw_definition_ref (definition);
  d->diags = diags;
  run_check_task (self, d, faces_thread);
}

void
tw_definition_document_check_now (TwDefinitionDocument *self)
{
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *dir = NULL;

  g_return_if_fail (TW_IS_DEFINITION_DOCUMENT (self));

  text = tw_definition_document_dup_text (self);
  name = tw_definition_document_dup_name (self);
  if (self->file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (self->file);
      dir = parent != NULL ? g_file_get_path (parent) : NULL;
    }
  g_clear_handle_id (&self->check_timeout, g_source_remove);
  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);

  if (strlen (text) < CHECK_IN_THREAD_SIZE)
    {
      CheckResult *r = check_text (text, name, dir, FALSE);

      /* what the loader says at once, the faces' files and fonts when they
       * have been read */
      if (r->definition != NULL && tw_faces_check_needed (r->definition))
        {
          apply_result (self, r->definition, tw_diagnostics_copy (r->diags), NULL);
          check_faces_in_thread (self, r->definition, g_steal_pointer (&r->diags));
        }
      else
        apply_result (self, r->definition, g_steal_pointer (&r->diags), r->syntax_error);
      check_result_free (r);
    }
  else
    {
      CheckData *d = g_new0 (CheckData, 1);

      d->text = g_steal_pointer (&text);
      d->name = g_steal_pointer (&name);
      d->dir = g_steal_pointer (&dir);
      run_check_task (self, d, check_thread);
    }
}

static gboolean
check_timeout_cb (gpointer user_data)
{
  TwDefinitionDocument *self = user_data;

  self->check_timeout = 0;
  tw_definition_document_check_now (self);
  return G_SOURCE_REMOVE;
}

static void
buffer_changed (TwDefinitionDocument *self)
{
  self->check_serial++;
  self->checked = FALSE;
  /* it plays a definition no longer shown */
  tw_quick_playtest_cancel (self->playtest);
  if (self->setting_text)
    return;
  g_clear_handle_id (&self->check_timeout, g_source_remove);
  self->check_timeout = g_timeout_add (CHECK_DELAY_MS, check_timeout_cb, self);
  tw_autosave_changed (self->autosave);
}

static void
modified_changed (TwDefinitionDocument *self)
{
  /* saved (or replaced by another document): nothing left to recover */
  if (!gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer)))
    tw_autosave_remove (self->autosave);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* ------------------------------------------------------------------------ */
/* Text and file                                                            */

/* Replaces the whole text; not undoable, not an edit. */
static void
replace_text (TwDefinitionDocument *self,
              GFile                *file,
              const char           *text)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start;

  g_clear_handle_id (&self->check_timeout, g_source_remove);
  tw_definition_document_set_file (self, file);
  self->setting_text = TRUE;
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, text, -1);
  gtk_text_buffer_end_irreversible_action (buffer);
  self->setting_text = FALSE;
  gtk_text_buffer_set_modified (buffer, FALSE);
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
}

void
tw_definition_document_load (TwDefinitionDocument *self,
                             GFile                *file,
                             TwDefinition         *definition)
{
  g_return_if_fail (TW_IS_DEFINITION_DOCUMENT (self));
  g_return_if_fail (definition != NULL);

  replace_text (self, file, definition->text != NULL ? definition->text : "");
  {
    /* loaded and checked already, but for what only the render layer sees:
     * the faces' images and fonts, read in a thread */
    g_autofree char *name = tw_definition_document_dup_name (self);

    apply_result (self, definition, tw_diagnostics_new (name), NULL);
    if (tw_faces_check_needed (definition))
      check_faces_in_thread (self, definition, tw_diagnostics_new (name));
  }
}

void
tw_definition_document_set_text (TwDefinitionDocument *self,
                                 GFile                *file,
                                 const char           *text)
{
  g_return_if_fail (TW_IS_DEFINITION_DOCUMENT (self));
  g_return_if_fail (text != NULL);

  replace_text (self, file, text);
  tw_definition_document_check_now (self);
}

void
tw_definition_document_restore (TwDefinitionDocument *self,
                                GFile                *file,
                                const char           *text)
{
  g_return_if_fail (TW_IS_DEFINITION_DOCUMENT (self));
  g_return_if_fail (text != NULL);

  replace_text (self, file, text);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), TRUE);
  tw_definition_document_check_now (self);
  /* under this document's own autosave name at once */
  tw_autosave_changed (self->autosave);
  tw_autosave_flush (self->autosave);
}

void
tw_definition_document_set_file (TwDefinitionDocument *self,
                                 GFile                *file)
{
  g_return_if_fail (TW_IS_DEFINITION_DOCUMENT (self));
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

GtkSourceBuffer *
tw_definition_document_get_buffer (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  return self->buffer;
}

GFile *
tw_definition_document_get_file (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  return self->file;
}

char *
tw_definition_document_dup_name (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  return self->file != NULL ? g_file_get_basename (self->file) : g_strdup (_("untitled.yaml"));
}

char *
tw_definition_document_dup_text (TwDefinitionDocument *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, TRUE);
}

/**
 * tw_definition_document_parse_text:
 * @text_out: (out): the text parsed
 *
 * Parses the text as it is now into a positioned node tree, for a span edit
 * of it (tw-design-edit.h). Returns: (transfer full) (nullable): the tree,
 * or NULL when the text is not YAML (@text_out is then left alone).
 */
TwNode *
tw_definition_document_parse_text (TwDefinitionDocument  *self,
                                   char                 **text_out)
{
  g_autofree char *text = NULL;
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("");
  TwNode *root;

  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  g_return_val_if_fail (text_out != NULL, NULL);

  text = tw_definition_document_dup_text (self);
  root = tw_node_parse (text, -1, NULL, diags);
  if (root != NULL)
    *text_out = g_steal_pointer (&text);
  return root;
}

/**
 * tw_definition_document_get_syntax_error:
 *
 * Returns: (nullable): where and why the text, as last checked, is not
 * YAML ("Line 4, column 2: …"), or NULL when it is (whether or not it loads
 * as a definition). The forms cannot edit a text that is not YAML.
 */
const char *
tw_definition_document_get_syntax_error (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  return self->syntax_error;
}

gboolean
tw_definition_document_get_modified (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), FALSE);
  return gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer));
}

TwDefinition *
tw_definition_document_get_definition (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  return self->definition;
}

TwDiagnostics *
tw_definition_document_get_diagnostics (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  return self->diags;
}

guint
tw_definition_document_get_n_errors (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), 0);
  return self->n_errors;
}

gboolean
tw_definition_document_get_checked (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), FALSE);
  return self->checked;
}

/* The quick playtest of the last definition that loaded: started whenever
 * `definition` changes, cancelled when the text does. */
TwQuickPlaytest *
tw_definition_document_get_playtest (TwDefinitionDocument *self)
{
  g_return_val_if_fail (TW_IS_DEFINITION_DOCUMENT (self), NULL);
  return self->playtest;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

/**
 * tw_definition_document_new:
 *
 * Returns: (transfer full): an empty, untitled document
 */
TwDefinitionDocument *
tw_definition_document_new (void)
{
  return g_object_new (TW_TYPE_DEFINITION_DOCUMENT, NULL);
}

static void
tw_definition_document_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  TwDefinitionDocument *self = TW_DEFINITION_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, tw_definition_document_get_modified (self));
      break;
    case PROP_DEFINITION:
      g_value_set_boxed (value, self->definition);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_definition_document_dispose (GObject *object)
{
  TwDefinitionDocument *self = TW_DEFINITION_DOCUMENT (object);

  g_clear_handle_id (&self->check_timeout, g_source_remove);
  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);
  if (self->playtest != NULL)
    tw_quick_playtest_cancel (self->playtest);
  g_clear_object (&self->playtest);
  if (self->buffer != NULL)
    g_signal_handlers_disconnect_by_data (self->buffer, self);
  /* what was queued is written (or removed) by the service after the
   * document goes, and before the application ends (tw_autosave_wait_all()) */
  g_clear_pointer (&self->autosave, tw_autosave_free);

  G_OBJECT_CLASS (tw_definition_document_parent_class)->dispose (object);
}

static void
tw_definition_document_finalize (GObject *object)
{
  TwDefinitionDocument *self = TW_DEFINITION_DOCUMENT (object);

  g_clear_object (&self->buffer);
  g_clear_object (&self->file);
  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->diags, tw_diagnostics_free);
  g_clear_pointer (&self->syntax_error, g_free);

  G_OBJECT_CLASS (tw_definition_document_parent_class)->finalize (object);
}

static void
tw_definition_document_class_init (TwDefinitionDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tw_definition_document_get_property;
  object_class->dispose = tw_definition_document_dispose;
  object_class->finalize = tw_definition_document_finalize;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TwDefinitionDocument:definition:
   *
   * The last text that loaded without error, or NULL.
   */
  properties[PROP_DEFINITION] =
    g_param_spec_boxed ("definition", NULL, NULL, TW_TYPE_DEFINITION,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TwDefinitionDocument::checked:
   *
   * A check of the text is done: its diagnostics (and, when the text
   * loaded, its definition) are the document's now.
   */
  signals[CHECKED] =
    g_signal_new ("checked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * TwDefinitionDocument::autosave-failed:
   * @message: what to tell the designer
   *
   * The unsaved text could not be kept: said once, then not again until a
   * write succeeds.
   */
  signals[AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tw_definition_document_init (TwDefinitionDocument *self)
{
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
  g_autofree char *autosave_path = tw_recovery_design_autosave_path ();

  self->playtest = tw_quick_playtest_new ();
  self->buffer = gtk_source_buffer_new (NULL);
  gtk_source_buffer_set_language (self->buffer,
                                  gtk_source_language_manager_get_language (languages, "yaml"));
  gtk_source_buffer_set_highlight_syntax (self->buffer, TRUE);
  /* the text is the file, byte for byte: no newline taken off or added */
  gtk_source_buffer_set_implicit_trailing_newline (self->buffer, FALSE);

  self->autosave = tw_autosave_new ("the definition", AUTOSAVE_DELAY_MS,
                                    autosave_snapshot, autosave_failed, self);
  tw_autosave_set_path (self->autosave, autosave_path);

  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (buffer_changed), self);
  g_signal_connect_swapped (self->buffer, "modified-changed", G_CALLBACK (modified_changed),
                            self);
}
