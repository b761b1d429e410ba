/* test-face-editor.c: the Design view's face editor, layer by layer
 *
 * In process, on the Design page itself (so that an edit goes the page's
 * way: one user action of the buffer, checked at once): the layer form sets
 * and removes keys of one layer, each change one span of the text and one
 * step of undo, with the comments left as they were; a layer is added,
 * moves and goes; a value the loader refuses is listed in the form with its
 * line:column while the text keeps it.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tw-definition.h"
#include "tw-definition-document.h"
#include "tw-design-page.h"
#include "tw-face-editor.h"
#include "tw-face-layer-form.h"
#include "tw-test-render.h"
#include "tw-test-widgets.h"

/* The face the tests edit: a comment on a line of its own and one at the
 * end of a layer's line, which every edit must leave where they are. */
static const char faces[] =
  "\nfaces:\n"
  "  card:\n"
  "    # the background\n"
  "    - {type: rect, fill: \"#f7f5ed\", bleed: true}\n"
  "    - {type: rect, h: 14, fill: \"#383d4d\"}  # the band\n"
  "    - {type: text, text: \"{title}\", x: 4, y: 3, w: 39, h: 9, size: 11}\n"
  "    - {type: image, file: \"art/{id}.png\", x: 4, y: 20, w: 55, h: 24}\n"
  "    - type: icon\n"
  "      icon: star   # the icon\n"
  "      x: 45%\n";

typedef struct
{
  GtkWidget     *page;
  GtkWindow     *window;
  GtkTextBuffer *buffer;
  GtkWidget     *editor;
  char          *dir;
  char          *path;
  char          *original;
} Fixture;

/* The Design page on the bundled definition of @game with @extra at the
 * end of its text, which has @n_faces faces. */
static void
fixture_set_up_game (Fixture    *f,
                     const char *game,
                     const char *extra,
                     guint       n_faces)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *source = tw_definition_bundled_path (game);
  g_autofree char *rules = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) editors = NULL;

  f->dir = g_dir_make_tmp ("tw-faces-XXXXXX", &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (source, &rules, NULL, &error));
  f->original = g_strconcat (rules, extra, NULL);
  f->path = g_build_filename (f->dir, "game.yaml", NULL);
  g_assert_true (g_file_set_contents (f->path, f->original, -1, &error));
  def = tw_definition_load_file (f->path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (def->n_faces, ==, n_faces);
  file = g_file_new_for_path (f->path);

  f->page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  f->window = show_in_window (f->page);
  tw_design_page_set_document (TW_DESIGN_PAGE (f->page), file, def);
  f->buffer = GTK_TEXT_BUFFER (tw_definition_document_get_buffer (
    tw_design_page_get_document (TW_DESIGN_PAGE (f->page))));
  editors = find_all (f->page, TW_TYPE_FACE_EDITOR);
  g_assert_cmpuint (editors->len, ==, 1);
  f->editor = editors->pdata[0];
}

static void
fixture_set_up (Fixture *f)
{
  fixture_set_up_game (f, "colorblock", faces, 1);
}

static void
fixture_tear_down (Fixture *f)
{
  destroy_window (f->window);
  finalize_after_idle (f->page);
  g_unlink (f->path);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
  g_free (f->original);
}

typedef struct
{
  GtkTextBuffer *buffer;
  const char    *before;
} TextWait;

static gboolean
text_changed (gpointer data)
{
  TextWait *w = data;
  g_autofree char *now = buffer_text (w->buffer);

  return strcmp (now, w->before) != 0;
}

/* Runs the main loop until the text is no longer @before (the form hands
 * its edits on from an idle), and returns it. */
static char *
wait_for_edit (Fixture    *f,
               const char *before)
{
  TextWait w = { f->buffer, before };

  wait_until (text_changed, &w, "the form's edit in the text");
  return buffer_text (f->buffer);
}

/* @text with its only @old replaced by @new. */
static char *
replaced (const char *text,
          const char *old,
          const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, old));
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

/* The row of the layer list titled @title ("3. text"). */
static GtkListBoxRow *
layer_row (Fixture    *f,
           const char *title)
{
  g_autoptr(GPtrArray) rows = find_all (f->editor, ADW_TYPE_ACTION_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), title) == 0)
      return rows->pdata[i];
  g_error ("no layer row %s", title);
}

/* Picks the layer titled @title in the list, as a click does. */
static void
select_layer (Fixture    *f,
              const char *title)
{
  GtkListBoxRow *row = layer_row (f, title);

  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (GTK_WIDGET (row))), row);
}

static TwFaceLayerForm *
layer_form (Fixture *f)
{
  g_autoptr(GPtrArray) forms = find_all (f->editor, TW_TYPE_FACE_LAYER_FORM);

  g_assert_cmpuint (forms->len, ==, 1);
  g_assert_true (gtk_widget_get_visible (forms->pdata[0]));
  return forms->pdata[0];
}

/* The form's heading and what it says of the type: "Layer 3 text". */
static char *
form_title (Fixture *f)
{
  g_autoptr(GPtrArray) groups = find_all (GTK_WIDGET (layer_form (f)),
                                          ADW_TYPE_PREFERENCES_GROUP);
  const char *description = adw_preferences_group_get_description (groups->pdata[0]);

  return g_strdup_printf ("%s %.*s", adw_preferences_group_get_title (groups->pdata[0]),
                          (int) strcspn (description, ":"), description);
}

static void
assert_form_title (Fixture    *f,
                   const char *want)
{
  g_autofree char *title = form_title (f);

  g_assert_cmpstr (title, ==, want);
}

static GtkWidget *
form_control (Fixture    *f,
              const char *title,
              GType       type)
{
  GtkWidget *control = find_in_row (GTK_WIDGET (layer_form (f)), title, type);

  if (control == NULL)
    g_error ("no %s in the form's row %s", g_type_name (type), title);
  return control;
}

static GtkWidget *
form_button (Fixture    *f,
             const char *name)
{
  g_autoptr(GPtrArray) buttons = find_all (GTK_WIDGET (layer_form (f)), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_widget_get_tooltip_text (buttons->pdata[i]), name) == 0
        || g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), name) == 0)
      return buttons->pdata[i];
  g_error ("no button %s in the form", name);
}

static void
undo (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action (f->page, "design.undo", NULL));
}

/* Undoes @n steps and checks that the text is then @want. */
static void
assert_undone (Fixture    *f,
               guint       n,
               const char *want)
{
  g_autofree char *undone = NULL;

  for (guint i = 0; i < n; i++)
    undo (f);
  undone = buffer_text (f->buffer);
  g_assert_cmpstr (undone, ==, want);
}

static const TwFaceLayer *
loaded_layer (Fixture *f,
              guint    index)
{
  TwDefinition *def = tw_design_page_get_definition (TW_DESIGN_PAGE (f->page));

  g_assert_cmpuint (def->n_faces, ==, 1);
  g_assert_cmpuint (index, <, def->faces[0].n_layers);
  return &def->faces[0].layers[index];
}

/* Each row of the form changes its key alone, in place, and one undo takes
 * each change back. */
static void
test_layer_form_edits (void)
{
  Fixture f = { 0 };
  g_autofree char *t1 = NULL, *t2 = NULL, *t3 = NULL, *t4 = NULL, *t5 = NULL;
  g_autofree char *want = NULL;
  GtkWidget *text_row;

  fixture_set_up (&f);

  /* the face's first layer is in the form until another is picked */
  assert_form_title (&f, "Layer 1 rect");
  select_layer (&f, "3. text");
  assert_form_title (&f, "Layer 3 text");
  text_row = form_control (&f, "Text", ADW_TYPE_ENTRY_ROW);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (text_row)), ==, "{title}");
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (
    form_control (&f, "Size (pt)", GTK_TYPE_SPIN_BUTTON))), ==, 11);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (form_control (&f, "Left edge (x)",
                                                                      ADW_TYPE_ENTRY_ROW))),
                   ==, "4");

  /* a text: quoted, in place of the old one */
  gtk_editable_set_text (GTK_EDITABLE (text_row), "{title}: {points}");
  g_signal_emit_by_name (text_row, "apply");
  t1 = wait_for_edit (&f, f.original);
  want = replaced (f.original, "text: \"{title}\"", "text: \"{title}: {points}\"");
  g_assert_cmpstr (t1, ==, want);
  g_assert_cmpstr (loaded_layer (&f, 2)->text, ==, "{title}: {points}");
  /* the definition loaded again and the form is the same layer's */
  assert_form_title (&f, "Layer 3 text");

  /* a number from its spin button */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (form_control (&f, "Size (pt)",
                                                            GTK_TYPE_SPIN_BUTTON)), 14.5);
  t2 = wait_for_edit (&f, t1);
  g_clear_pointer (&want, g_free);
  want = replaced (t1, "size: 11}", "size: 14.5}");
  g_assert_cmpstr (t2, ==, want);
  g_assert_cmpfloat (loaded_layer (&f, 2)->size, ==, 14.5);

  /* a key the layer does not have yet is added to its map */
  adw_combo_row_set_selected (ADW_COMBO_ROW (form_control (&f, "Alignment", ADW_TYPE_COMBO_ROW)), 1);
  t3 = wait_for_edit (&f, t2);
  g_clear_pointer (&want, g_free);
  want = replaced (t2, "size: 14.5}", "size: 14.5, align: center}");
  g_assert_cmpstr (t3, ==, want);
  g_assert_cmpint (loaded_layer (&f, 2)->align, ==, TW_ALIGN_CENTER);

  gtk_switch_set_active (GTK_SWITCH (form_control (&f, "Italic", GTK_TYPE_SWITCH)), TRUE);
  t4 = wait_for_edit (&f, t3);
  g_clear_pointer (&want, g_free);
  want = replaced (t3, "align: center}", "align: center, italic: true}");
  g_assert_cmpstr (t4, ==, want);
  g_assert_true (loaded_layer (&f, 2)->italic);

  /* an emptied length goes from the text: the layer runs to the far edge */
  gtk_editable_set_text (GTK_EDITABLE (form_control (&f, "Width", ADW_TYPE_ENTRY_ROW)), "");
  g_signal_emit_by_name (form_control (&f, "Width", ADW_TYPE_ENTRY_ROW), "apply");
  t5 = wait_for_edit (&f, t4);
  g_clear_pointer (&want, g_free);
  want = replaced (t4, "y: 3, w: 39, h: 9", "y: 3, h: 9");
  g_assert_cmpstr (t5, ==, want);
  g_assert_false (loaded_layer (&f, 2)->has_w);

  /* one step of undo per change, newest first */
  assert_undone (&f, 1, t4);
  assert_undone (&f, 1, t3);
  assert_undone (&f, 3, f.original);

  fixture_tear_down (&f);
}

/* Draw Earlier and Draw Later swap the layer with its neighbour, a comment
 * at the end of a layer's line going with it, and the form follows; Remove
 * Layer takes its line out. Each is one step of undo. */
static void
test_layer_form_order (void)
{
  Fixture f = { 0 };
  g_autofree char *up = NULL, *down = NULL, *removed = NULL, *want = NULL;
  const char *band = "{type: rect, h: 14, fill: \"#383d4d\"}";
  const char *text = "{type: text, text: \"{title}\", x: 4, y: 3, w: 39, h: 9, size: 11}";

  fixture_set_up (&f);
  select_layer (&f, "3. text");

  g_signal_emit_by_name (form_button (&f, "Draw Earlier"), "clicked");
  up = wait_for_edit (&f, f.original);
  {
    g_autofree char *old = g_strdup_printf ("    - %s  # the band\n    - %s\n", band, text);
    /* the comment at the end of the band's line goes with it */
    g_autofree char *new = g_strdup_printf ("    - %s\n    - %s  # the band\n", text, band);
    want = replaced (f.original, old, new);
  }
  g_assert_cmpstr (up, ==, want);
  g_assert_cmpint (loaded_layer (&f, 1)->type, ==, TW_LAYER_TEXT);
  assert_form_title (&f, "Layer 2 text");

  /* Alt+Down in the list: the same as Draw Later */
  g_assert_true (gtk_widget_activate_action (f.editor, "design.layer-down", NULL));
  down = wait_for_edit (&f, up);
  g_assert_cmpstr (down, ==, f.original);
  assert_form_title (&f, "Layer 3 text");

  g_signal_emit_by_name (form_button (&f, "Remove Layer"), "clicked");
  removed = wait_for_edit (&f, down);
  g_clear_pointer (&want, g_free);
  {
    g_autofree char *line = g_strdup_printf ("    - %s\n", text);
    want = replaced (f.original, line, "");
  }
  g_assert_cmpstr (removed, ==, want);
  g_assert_cmpuint (tw_design_page_get_definition (TW_DESIGN_PAGE (f.page))->faces[0].n_layers,
                    ==, 4);
  /* the layer that took its place is in the form */
  assert_form_title (&f, "Layer 3 image");

  assert_undone (&f, 1, down);
  fixture_tear_down (&f);
}

/* Add Layer writes a layer of the type chosen after the one in the form,
 * with fields the face has, and shows it in the form. */
static void
test_layer_form_add (void)
{
  Fixture f = { 0 };
  g_autofree char *added = NULL, *want = NULL;

  fixture_set_up (&f);
  select_layer (&f, "2. rect");
  g_assert_true (gtk_widget_activate_action (f.editor, "faces.add-layer", "s", "text"));
  added = wait_for_edit (&f, f.original);
  want = replaced (f.original, "  # the band\n",
                   "  # the band\n"
                   "    - {type: text, text: \"{title}\", x: 4, y: 4, w: 40, h: 8, size: 10}\n");
  g_assert_cmpstr (added, ==, want);
  g_assert_cmpuint (tw_design_page_get_definition (TW_DESIGN_PAGE (f.page))->faces[0].n_layers,
                    ==, 6);
  assert_form_title (&f, "Layer 3 text");
  g_assert_cmpstr (loaded_layer (&f, 2)->text, ==, "{title}");

  assert_undone (&f, 1, f.original);
  fixture_tear_down (&f);
}

/* A layer written as a block map is edited in its own style: a value in
 * place with its comment, a key added on a line of its own, a key removed
 * with its line; the icon menu writes the icon chosen. */
static void
test_layer_form_block (void)
{
  Fixture f = { 0 };
  g_autofree char *t1 = NULL, *t2 = NULL, *t3 = NULL;
  GtkWidget *x;

  fixture_set_up (&f);
  select_layer (&f, "5. icon");
  assert_form_title (&f, "Layer 5 icon");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (form_control (&f, "Icon", ADW_TYPE_ENTRY_ROW))),
                   ==, "star");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (layer_form (&f)), "layer.icon", "s",
                                             "heart"));
  t1 = wait_for_edit (&f, f.original);
  {
    g_autofree char *want = replaced (f.original, "icon: star   # the icon", "icon: heart   # the icon");
    g_assert_cmpstr (t1, ==, want);
  }

  gtk_editable_set_text (GTK_EDITABLE (form_control (&f, "Colour", ADW_TYPE_ENTRY_ROW)), "#ff0000");
  g_signal_emit_by_name (form_control (&f, "Colour", ADW_TYPE_ENTRY_ROW), "apply");
  t2 = wait_for_edit (&f, t1);
  {
    g_autofree char *want = replaced (t1, "      x: 45%\n", "      x: 45%\n      color: \"#ff0000\"\n");
    g_assert_cmpstr (t2, ==, want);
  }
  g_assert_cmpstr (loaded_layer (&f, 4)->color, ==, "#ff0000");

  x = form_control (&f, "Left edge (x)", ADW_TYPE_ENTRY_ROW);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (x)), ==, "45%");
  gtk_editable_set_text (GTK_EDITABLE (x), "");
  g_signal_emit_by_name (x, "apply");
  t3 = wait_for_edit (&f, t2);
  {
    g_autofree char *want = replaced (t2, "      x: 45%\n", "");
    g_assert_cmpstr (t3, ==, want);
  }

  assert_undone (&f, 3, f.original);
  fixture_tear_down (&f);
}

/* A colour the loader refuses goes into the text as typed; the form lists
 * the loader's error at its line and column, and the definition stays the
 * last one that loaded. */
static void
test_layer_form_problem (void)
{
  Fixture f = { 0 };
  g_autofree char *bad = NULL, *want = NULL, *where = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  GtkWidget *fill;
  const char *at;
  guint line = 1, column;
  gboolean found = FALSE;

  fixture_set_up (&f);
  select_layer (&f, "2. rect");
  fill = form_control (&f, "Fill colour", ADW_TYPE_ENTRY_ROW);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (fill)), ==, "#383d4d");
  gtk_editable_set_text (GTK_EDITABLE (fill), "#38zz4d");
  g_signal_emit_by_name (fill, "apply");
  bad = wait_for_edit (&f, f.original);
  want = replaced (f.original, "fill: \"#383d4d\"", "fill: \"#38zz4d\"");
  g_assert_cmpstr (bad, ==, want);
  /* the definition that loaded last is kept */
  g_assert_cmpstr (loaded_layer (&f, 1)->fill, ==, "#383d4d");

  /* where the loader points: the value, at its line and column */
  at = strstr (bad, "\"#38zz4d\"");
  for (const char *p = bad; p < at; p++)
    if (*p == '\n')
      line++;
  {
    const char *line_start = at;

    while (line_start > bad && line_start[-1] != '\n')
      line_start--;
    column = (guint) (at - line_start) + 1;
  }
  where = g_strdup_printf ("%u:%u", line, column);
  labels = find_all (GTK_WIDGET (layer_form (&f)), GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (labels->pdata[i]), where) == 0
        && gtk_widget_is_visible (labels->pdata[i]))
      found = TRUE;
  g_assert_true (found);
  /* the form still shows the value the text holds */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (fill)), ==, "#38zz4d");

  /* undone, the problem goes from the form */
  undo (&f);
  tw_definition_document_check_now (tw_design_page_get_document (TW_DESIGN_PAGE (f.page)));
  g_clear_pointer (&labels, g_ptr_array_unref);
  labels = find_all (GTK_WIDGET (layer_form (&f)), GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len; i++)
    g_assert_false (g_strcmp0 (gtk_label_get_label (labels->pdata[i]), where) == 0
                    && gtk_widget_is_visible (labels->pdata[i]));
  fixture_tear_down (&f);
}

/* The position of @label in the combo row whose list holds it. */
static AdwComboRow *
combo_with (Fixture    *f,
            const char *label,
            guint      *position)
{
  g_autoptr(GPtrArray) rows = find_all (f->editor, ADW_TYPE_COMBO_ROW);

  for (guint r = 0; r < rows->len; r++)
    {
      GListModel *model = adw_combo_row_get_model (rows->pdata[r]);

      for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
        if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), label) == 0)
          {
            *position = i;
            return rows->pdata[r];
          }
    }
  g_error ("no combo row lists %s", label);
}

static gboolean
has_size (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

/* Keeps what @widget shows as NAME.png among the GUI suite's screenshots,
 * when the test runs from a build tree. */
static void
keep_widget (GtkWidget  *widget,
             const char *name)
{
  g_autofree char *path = tw_test_screenshot_path (name);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  if (path == NULL || w <= 0 || h <= 0)
    {
      g_test_message ("%s not kept: %s", name, path == NULL ? "not in a build tree" : "not shown");
      return;
    }
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, NULL);
  gdk_texture_save_to_png (texture, path);
}

/* Blokus Shuffle's pieces in the colours of their sets, with a star and
 * their id: the face of every piece. */
static const char piece_faces[] =
  "\nfaces:\n"
  "  piece:\n"
  "    - {type: rect, fill: \"{color}\", bleed: true}\n"
  "    - {type: rect, fill: \"#ffffff55\", x: 2, y: 2, w: 8, h: 8, radius: 1}\n"
  "    - {type: icon, icon: star, x: 3, y: 3, w: 6, h: 6, color: \"#ffffff\"}\n"
  "    - {type: text, text: \"{id} · {size}\", x: 0, y: 0, w: 100%, h: 100%, size: 9,"
  " weight: bold, align: right, valign: bottom, color: \"#ffffff\"}\n";

/* The text of the source row: "Drawn by the rules module" ... */
static const char *
source_title (Fixture *f)
{
  g_autoptr(GPtrArray) rows = find_all (f->editor, ADW_TYPE_ACTION_ROW);

  for (guint i = 0; i < rows->len; i++)
    {
      const char *title = adw_preferences_row_get_title (rows->pdata[i]);
      if (g_str_has_prefix (title, "Drawn by") || g_str_has_suffix (title, "layers"))
        return title;
    }
  g_error ("no source row");
}

/* A game with pieces offers a face for every piece and one for each
 * piece; the preview takes the chosen piece's size, in each colour's set;
 * Add Face writes the face for the one piece. No game is named in the
 * editor: the pieces come from the definition. */
static void
test_piece_face (void)
{
  Fixture f = { 0 };
  g_autofree char *added = NULL, *want = NULL;
  g_autoptr(GPtrArray) previews = NULL;
  AdwComboRow *face_row, *subject_row;
  TwDefinition *def;
  guint every, one, at;
  int w, h;

  fixture_set_up_game (&f, "blokus-shuffle", piece_faces, 1);
  face_row = combo_with (&f, "Pieces", &every);
  g_assert_true (combo_with (&f, "Piece i5", &one) == face_row);
  g_assert_cmpuint (one, ==, every + 1 + 10);   /* i5 is the 11th piece */

  adw_combo_row_set_selected (face_row, one);
  g_assert_cmpstr (source_title (&f), ==, "Drawn by the face of every piece");
  /* i5 in each of the four sets */
  subject_row = combo_with (&f, "i5, Yellow", &at);
  g_assert_cmpuint (at, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (subject_row)), ==, 4);
  /* the preview: 60 x 12 mm and 1.5 mm of bleed around, at 96 DPI */
  previews = find_all (f.editor, GTK_TYPE_DRAWING_AREA);
  g_assert_cmpuint (previews->len, ==, 1);
  w = gtk_drawing_area_get_content_width (previews->pdata[0]);
  h = gtk_drawing_area_get_content_height (previews->pdata[0]);
  g_assert_cmpint (w, ==, 239);
  g_assert_cmpint (h, ==, 57);

  {
    g_autoptr(GPtrArray) buttons = find_all (f.editor, GTK_TYPE_BUTTON);
    GtkWidget *add = NULL;

    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Add Face") == 0)
        add = buttons->pdata[i];
    g_assert_nonnull (add);
    g_signal_emit_by_name (add, "clicked");
  }
  added = wait_for_edit (&f, f.original);
  /* written as the page writes a new face, after a blank line */
  want = g_strconcat (f.original, "\n  piece.i5:\n    - {type: component}", NULL);
  g_assert_cmpstr (added, ==, want);
  tw_definition_document_check_now (tw_design_page_get_document (TW_DESIGN_PAGE (f.page)));
  def = tw_design_page_get_definition (TW_DESIGN_PAGE (f.page));
  g_assert_cmpuint (def->n_faces, ==, 2);
  g_assert_cmpint (def->faces[1].target, ==, TW_FACE_PIECE);
  g_assert_cmpint (def->faces[1].kind, ==, tw_definition_find_piece (def, "i5"));
  assert_undone (&f, 1, f.original);

  /* every piece: each piece in each set, the preview as big as the one
   * chosen (x5: 36 x 36 mm) */
  adw_combo_row_set_selected (face_row, every);
  subject_row = combo_with (&f, "x5, Green", &at);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (subject_row)), ==, 21 * 4);
  adw_combo_row_set_selected (subject_row, at);
  g_assert_cmpint (gtk_drawing_area_get_content_width (previews->pdata[0]), ==, 148);
  g_assert_cmpint (gtk_drawing_area_get_content_height (previews->pdata[0]), ==, 148);
  {
    /* on the Faces tab, to be seen */
    GtkWidget *stack = gtk_widget_get_ancestor (f.editor, GTK_TYPE_STACK);

    g_assert_nonnull (stack);
    gtk_stack_set_visible_child_name (GTK_STACK (stack), "faces");
    gtk_window_set_default_size (f.window, 1200, 800);
    wait_until (has_size, previews->pdata[0], "the preview laid out");
    keep_widget (f.editor, "design-piece-face");
  }
  fixture_tear_down (&f);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/tw/face-editor/layer-form/edits", test_layer_form_edits);
  g_test_add_func ("/tw/face-editor/layer-form/order", test_layer_form_order);
  g_test_add_func ("/tw/face-editor/layer-form/add", test_layer_form_add);
  g_test_add_func ("/tw/face-editor/layer-form/block", test_layer_form_block);
  g_test_add_func ("/tw/face-editor/layer-form/problem", test_layer_form_problem);
  g_test_add_func ("/tw/face-editor/piece-face", test_piece_face);

  return g_test_run ();
}
