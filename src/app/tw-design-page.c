/* tw-design-page.c: the Design view: the definition as YAML and as forms
 *
 * The page shows a TwDefinitionDocument (tw-definition-document.h), which
 * owns the text, its file, the checks made as it changes and the autosave;
 * each problem of its last check marks its line and is listed below with
 * line:column. The forms are built from the rules module's
 * tables (options) and from the last definition that loaded; an edit in a
 * form parses the current text, finds the node it changes and replaces only
 * that node's bytes, as one user action of the buffer: undo in either view
 * undoes it, and the rest of the file keeps its comments and layout.
 *
 * This file holds opening and showing documents, span edits and the
 * GObject; the problems, the forms and the actions are in
 * tw-design-page-{check,forms,actions}.c, sharing tw-design-page-private.h.
 * The tile set, card and face editors are widgets of their own
 * (tw-tile-set-editor.c, tw-card-editor.c, tw-face-editor.c), which the
 * page connects in tw-design-page-forms.c.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-design-page-private.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-file.h"

/* Where the app's resources keep the language definition (data/meson.build). */
#define TW_LANGUAGE_SPECS "/io/github/tilewright/Tilewright/language-specs/"

G_DEFINE_FINAL_TYPE (TwDesignPage, tw_design_page, ADW_TYPE_BIN)


/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

void
_tw_design_page_notify_user (TwDesignPage *self,
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

void
_tw_design_page_apply_edit (TwDesignPage       *self,
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
  _tw_design_page_check_now (self);
}

/* Parses the text as it is now; NULL (and a message) when it is not YAML. */
TwNode *
_tw_design_page_parse_current (TwDesignPage  *self,
                               char         **text_out)
{
  TwNode *root = tw_definition_document_parse_text (self->document, text_out);

  if (root == NULL)
    _tw_design_page_notify_user (self, _(FIX_SYNTAX_FIRST));
  return root;
}

static void
set_variant_option (TwDesignPage *self,
                    const char   *name,
                    const char   *value)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = _tw_design_page_parse_current (self, &text);
  g_autoptr(TwDesignEdit) edit = NULL;

  if (root == NULL)
    return;
  edit = tw_design_edit_set_variant (text, root, name, value);
  if (edit == NULL)
    {
      _tw_design_page_notify_user (self,
                                   _("The text has no top-level map to hold a variant section"));
      return;
    }
  _tw_design_page_apply_edit (self, text, edit);
}

static void
apply_option (gpointer    owner,
              const char *id,
              const char *name,
              const char *value)
{
  set_variant_option (owner, name, value);
}

/* An option changed in the variant form, applied once its signal is over
 * (tw-app-util.h). */
void
_tw_design_page_queue_option (TwDesignPage *self,
                              const char   *name,
                              const char   *value)
{
  tw_pending_edits_push (&self->pending, NULL, name, value);
}

/* ------------------------------------------------------------------------ */
/* Documents: new, open, save                                               */

/* A new document is shown from its top-left corner. */
static void
show_from_top (TwDesignPage *self)
{
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

  tw_definition_document_load (self->document, file, definition);
  show_from_top (self);
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

  tw_definition_document_restore (self->document, file, text);
  show_from_top (self);
  _tw_design_page_show_checking (self);
  _tw_design_page_update_actions (self);
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
    return tw_file_read_limited (path, TW_DEFINITION_MAX_BYTES, _("a definition"), contents, len,
                                 error);
  /* not a local file: its size as the remote says it */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL,
                            error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_size (info) > TW_DEFINITION_MAX_BYTES)
    {
      g_set_error (error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE,
                   _("the file is more than the limit of 4 MiB for a definition"));
      return FALSE;
    }
  return g_file_load_contents (file, NULL, contents, len, NULL, error);
}

gboolean
_tw_design_page_load_file (TwDesignPage *self,
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
      _tw_design_page_notify_user (self, message);
      return FALSE;
    }
  if (!g_utf8_validate_len (contents, len, NULL))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open “%s”: it is not UTF-8 "
                                                    "text"), basename);
      _tw_design_page_notify_user (self, message);
      return FALSE;
    }
  tw_definition_document_set_text (self->document, as_template ? NULL : file, contents);
  show_from_top (self);
  _tw_design_page_show_checking (self);
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

void
_tw_design_page_discarded (gpointer data)
{
  Continuation *c = data;

  /* the designer gave the edits up: they are not offered back */
  tw_definition_document_discard_autosave (c->page->document);
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
  name = tw_definition_document_dup_name (self->document);
  body = g_strdup_printf (_("“%s” has edits that are not saved. If you go on, they are lost."),
                          name);
  c = g_new0 (Continuation, 1);
  c->page = g_object_ref (self);
  c->next = next;
  c->user_data = user_data;
  tw_app_confirm_discard (GTK_WIDGET (self), _("Discard Unsaved Changes?"), body,
                          _tw_design_page_discarded, c, continuation_free);
}

/* The file tw_design_page_edit_file() opens once unsaved edits are given
 * up: kept on the page, so that a cancelled question leaks nothing. */
#define EDIT_FILE_KEY "tw-design-edit-file"

static void
edit_file_now (gpointer user_data)
{
  TwDesignPage *self = user_data;
  g_autoptr(GFile) file = g_object_steal_data (G_OBJECT (self), EDIT_FILE_KEY);

  if (file != NULL)
    _tw_design_page_load_file (self, file, FALSE);
}

void
tw_design_page_edit_file (TwDesignPage *self,
                          GFile        *file)
{
  g_return_if_fail (TW_IS_DESIGN_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));

  g_object_set_data_full (G_OBJECT (self), EDIT_FILE_KEY, g_object_ref (file), g_object_unref);
  tw_design_page_confirm_discard (self, edit_file_now, self);
}

static void
show_game_definition (gpointer user_data)
{
  TwDesignPage *self = user_data;
  g_autoptr(TwDefinition) definition = g_steal_pointer (&self->asked_definition);
  g_autoptr(GFile) file = g_steal_pointer (&self->asked_file);

  if (definition == NULL || self->buffer == NULL)
    return;
  /* Play, Lab and Print follow the document's definition */
  tw_design_page_set_document (self, file, definition);
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
  current = tw_definition_document_dup_text (self->document);
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

gboolean
tw_design_page_change_text (TwDesignPage *self,
                            const char   *base,
                            const char   *text)
{
  g_autofree char *now = NULL;
  TwDesignEdit edit = { 0 };
  gsize len_now, len_text, prefix = 0, suffix = 0;
  g_autofree char *middle = NULL;

  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), FALSE);

  now = tw_definition_document_dup_text (self->document);
  if (g_strcmp0 (now, base) != 0)
    return FALSE;
  /* one edit of the part that differs, whole UTF-8 characters */
  len_now = strlen (now);
  len_text = strlen (text);
  while (prefix < len_now && prefix < len_text && now[prefix] == text[prefix])
    prefix++;
  while (prefix > 0 && (now[prefix] & 0xc0) == 0x80)
    prefix--;
  while (suffix < len_now - prefix && suffix < len_text - prefix
         && now[len_now - 1 - suffix] == text[len_text - 1 - suffix])
    suffix++;
  while (suffix > 0 && (now[len_now - suffix] & 0xc0) == 0x80)
    suffix--;
  if (prefix == len_now && prefix == len_text)
    return TRUE;
  middle = g_strndup (text + prefix, len_text - prefix - suffix);
  edit.start = prefix;
  edit.end = len_now - suffix;
  edit.text = middle;
  _tw_design_page_apply_edit (self, now, &edit);
  return TRUE;
}

void
tw_design_page_set_print_sizes (TwDesignPage           *self,
                                const TwExportSettings *settings)
{
  g_return_if_fail (TW_IS_DESIGN_PAGE (self));

  tw_card_editor_set_card_size (self->card_editor, settings->card_width, settings->card_height);
  tw_face_editor_set_sizes (self->face_editor, settings);
}

/* A text that loads: the forms show it. */
static void
definition_changed (TwDesignPage *self)
{
  _tw_design_page_refresh_forms (self);
}

static void
autosave_failed (TwDesignPage *self,
                 const char   *message)
{
  _tw_design_page_notify_user (self, message);
}

static void
build_new_menu (TwDesignPage *self)
{
  g_autoptr(GMenuModel) menu = tw_app_bundled_games_menu_new ("design.new-from");

  gtk_menu_button_set_menu_model (self->new_button, menu);
}

/* The definition's language: YAML with its expressions highlighted
 * (data/tilewright-yaml.lang.in), from a language manager of the page's own
 * whose search path adds the app's resources to GtkSourceView's folders; the
 * default manager's path is fixed once a language has loaded. */
static GtkSourceLanguage *
definition_language (void)
{
  static GtkSourceLanguageManager *manager;

  if (manager == NULL)
    {
      manager = gtk_source_language_manager_new ();
      gtk_source_language_manager_append_search_path (manager, "resource://" TW_LANGUAGE_SPECS);
    }
  return gtk_source_language_manager_get_language (manager, "tilewright-yaml");
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

/* The document the page shows: the window and the other views follow its
 * `definition`. */
TwDefinitionDocument *
tw_design_page_get_document (TwDesignPage *self)
{
  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), NULL);
  return self->document;
}

GFile *
tw_design_page_get_file (TwDesignPage *self)
{
  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), NULL);
  return tw_definition_document_get_file (self->document);
}

gboolean
tw_design_page_get_modified (TwDesignPage *self)
{
  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), FALSE);
  return tw_definition_document_get_modified (self->document);
}

TwDefinition *
tw_design_page_get_definition (TwDesignPage *self)
{
  g_return_val_if_fail (TW_IS_DESIGN_PAGE (self), NULL);
  return tw_definition_document_get_definition (self->document);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

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
tw_design_page_dispose (GObject *object)
{
  TwDesignPage *self = TW_DESIGN_PAGE (object);

  tw_pending_edits_clear (&self->pending);
  if (self->scroll_tick != 0 && self->source_view != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->source_view), self->scroll_tick);
  self->scroll_tick = 0;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->buffer != NULL)
    g_signal_handlers_disconnect_by_data (self->buffer, self);
  /* containers emit selection changes while they are torn down */
  if (self->problems_list != NULL)
    g_signal_handlers_disconnect_by_data (self->problems_list, self);
  if (self->source_view != NULL)
    g_signal_handlers_disconnect_by_data (self->source_view, self);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_signal_handlers_disconnect_by_data (tw_definition_document_get_playtest (self->document),
                                            self);
    }
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_DESIGN_PAGE);
  self->buffer = NULL;
  g_clear_object (&self->document);
  G_OBJECT_CLASS (tw_design_page_parent_class)->dispose (object);
}

static void
tw_design_page_finalize (GObject *object)
{
  TwDesignPage *self = TW_DESIGN_PAGE (object);

  g_clear_pointer (&self->game_definition, tw_definition_unref);
  g_clear_object (&self->game_file);
  g_clear_pointer (&self->asked_definition, tw_definition_unref);
  g_clear_object (&self->asked_file);
  G_OBJECT_CLASS (tw_design_page_parent_class)->finalize (object);
}

static void
tw_design_page_class_init (TwDesignPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_design_page_dispose;
  object_class->finalize = tw_design_page_finalize;
  widget_class->map = tw_design_page_map;

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
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, forms_off_label);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, variant_box);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, form_hint);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, tile_set_editor);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, card_editor);
  gtk_widget_class_bind_template_child (widget_class, TwDesignPage, face_editor);

  _tw_design_page_class_actions_init (widget_class);
}

static void
tw_design_page_init (TwDesignPage *self)
{
  g_type_ensure (TW_TYPE_TILE_SET_EDITOR);
  g_type_ensure (TW_TYPE_CARD_EDITOR);
  g_type_ensure (TW_TYPE_FACE_EDITOR);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->document = tw_definition_document_new ();
  self->buffer = tw_definition_document_get_buffer (self->document);
  gtk_text_view_set_buffer (GTK_TEXT_VIEW (self->source_view), GTK_TEXT_BUFFER (self->buffer));
  {
    GtkSourceLanguage *language = definition_language ();

    /* without it (a broken install) the document's plain YAML stays */
    if (language != NULL)
      gtk_source_buffer_set_language (self->buffer, language);
    else
      g_warning ("The definition language %s is missing from the resources", TW_LANGUAGE_SPECS);
  }
  tw_pending_edits_init (&self->pending, apply_option, self);
  _tw_design_page_forms_init (self);
  gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (self->buffer), "tw-error",
                              "underline", PANGO_UNDERLINE_ERROR, NULL);
  update_scheme (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_scheme), self, G_CONNECT_SWAPPED);

  _tw_design_page_check_init (self);

  g_signal_connect_swapped (self->document, "notify::definition",
                            G_CALLBACK (definition_changed), self);
  g_signal_connect_swapped (self->document, "autosave-failed", G_CALLBACK (autosave_failed),
                            self);
  g_signal_connect_swapped (self->buffer, "changed",
                            G_CALLBACK (_tw_design_page_update_actions), self);
  g_signal_connect_swapped (self->buffer, "notify::can-undo",
                            G_CALLBACK (_tw_design_page_update_actions), self);
  /* the page's Undo and the text view's own Ctrl+Z alike */
  g_signal_connect_swapped (self->buffer, "undo", G_CALLBACK (scroll_later), self);
  g_signal_connect_swapped (self->buffer, "redo", G_CALLBACK (scroll_later), self);
  g_signal_connect_swapped (self->buffer, "notify::can-redo",
                            G_CALLBACK (_tw_design_page_update_actions), self);

  build_new_menu (self);
  gtk_label_set_label (self->problems_label, _("No definition open"));
  gtk_widget_set_visible (GTK_WIDGET (self->problems_list), FALSE);
  _tw_design_page_update_actions (self);
}
