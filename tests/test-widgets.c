/* test-widgets.c: the app's models and editors built in process, driven
 * through their public API, and finalized at the end of every case
 *
 * The GUI tests (tests/gui) drive the real app from outside, over AT-SPI;
 * these link the same library the app ships (tilewright_app_dep) and call
 * it directly, so they can look at what AT-SPI cannot (the definition a page
 * holds, the signals an editor emits, the file a save wrote) and prove with
 * g_assert_finalize_object() that nothing keeps a reference to a widget or a
 * model once it is gone. They need a display: tests/gui/run-gui-test.sh runs
 * them on a private X server and session bus. The helpers they share are in
 * tw-test-widgets.c.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "tw-board-view.h"
#include "tw-card-editor.h"
#include "tw-definition.h"
#include "tw-definition-document.h"
#include "tw-design-page.h"
#include "tw-face-editor.h"
#include "tw-game-model.h"
#include "tw-game.h"
#include "tw-impact-table.h"
#include "tw-lab-page.h"
#include "tw-record.h"
#include "tw-sim.h"
#include "tw-test-widgets.h"
#include "tw-tile-set-editor.h"
#include "tw-variant-form.h"

/* ------------------------------------------------------------------------ */
/* The game model under a board view                                        */

static void
count_signal (guint *count)
{
  (*count)++;
}

static TwGameModel *
new_model (const char *id)
{
  g_autoptr(TwDefinition) def = load_bundled (id);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwGame) game = tw_game_new (def, 2, NULL, &error);

  g_assert_no_error (error);
  return tw_game_model_new (tw_record_new (game, 7));
}

/* Keyboard play on the board view reaches the model; undo and redo come
 * back through it; the view and the model both go when dropped. */
static void
test_board_view_plays (void)
{
  g_autoptr(TwGameModel) model = new_model ("colorblock");
  GtkWidget *view = g_object_ref_sink (tw_board_view_new ());
  GtkWindow *window;
  guint changed = 0;
  const TwMove *selected;
  int first;

  g_signal_connect_swapped (model, "changed", G_CALLBACK (count_signal), &changed);
  tw_board_view_set_model (TW_BOARD_VIEW (view), model);
  g_assert_true (tw_board_view_get_model (TW_BOARD_VIEW (view)) == model);
  window = show_in_window (view);

  g_assert_false (tw_game_model_get_can_undo (model));
  first = tw_game_model_get_to_act (model);
  g_assert_cmpint (first, >=, 0);

  /* the first target region, picked by the keyboard, is a legal move */
  tw_board_view_select_target (TW_BOARD_VIEW (view), 1);
  selected = tw_board_view_get_selected_move (TW_BOARD_VIEW (view));
  g_assert_nonnull (selected);
  g_assert_nonnull (tw_board_view_get_preview_text (TW_BOARD_VIEW (view)));
  g_assert_true (tw_board_view_play_selected (TW_BOARD_VIEW (view)));
  g_assert_cmpuint (changed, >=, 1);
  g_assert_true (tw_game_model_get_can_undo (model));
  g_assert_false (tw_game_model_get_can_redo (model));

  changed = 0;
  g_assert_true (tw_game_model_undo (model));
  g_assert_cmpuint (changed, >=, 1);
  g_assert_false (tw_game_model_get_can_undo (model));
  g_assert_true (tw_game_model_get_can_redo (model));
  g_assert_cmpint (tw_game_model_get_to_act (model), ==, first);
  g_assert_true (tw_game_model_redo (model));
  g_assert_true (tw_game_model_get_can_undo (model));

  /* more moves while the view shows them */
  for (int i = 0; i < 6 && !tw_game_model_is_over (model); i++)
    g_assert_true (tw_game_model_play_random (model));
  while (g_main_context_iteration (NULL, FALSE))
    ;

  g_signal_handlers_disconnect_by_data (model, &changed);
  destroy_window (window);
  g_assert_finalize_object (view);
  finalize_after_idle (g_steal_pointer (&model));
}

/* ------------------------------------------------------------------------ */
/* The card editor                                                          */

typedef struct
{
  guint  n_edits;
  char  *id;
  char  *key;
  char  *value;
} Edits;

static void
edit_cb (TwCardEditor *editor,
         const char   *id,
         const char   *key,
         const char   *value,
         Edits        *edits)
{
  edits->n_edits++;
  g_free (edits->id);
  g_free (edits->key);
  g_free (edits->value);
  edits->id = g_strdup (id);
  edits->key = g_strdup (key);
  edits->value = g_strdup (value);
}

static gboolean
has_edit (gpointer data)
{
  return ((Edits *) data)->n_edits > 0;
}

/* The list box whose rows are the definition's cards. */
static GtkListBox *
card_list (GtkWidget *editor)
{
  g_autoptr(GPtrArray) lists = find_all (editor, GTK_TYPE_LIST_BOX);

  for (guint i = 0; i < lists->len; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (lists->pdata[i], 0);

      if (row != NULL && g_object_get_data (G_OBJECT (row), "card-id") != NULL)
        return lists->pdata[i];
    }
  return NULL;
}

/* Picking a card shows it; changing its points is announced as one edit of
 * that card's "points" key; another definition without the card empties
 * the list. */
static void
test_card_editor_edits (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  GtkWidget *editor = g_object_ref_sink (g_object_new (TW_TYPE_CARD_EDITOR, NULL));
  Edits edits = { 0 };
  GtkWindow *window;
  GtkListBox *list;
  GtkWidget *points;
  g_autofree char *expected = NULL;

  g_assert_cmpuint (def->n_cards, >, 1);
  g_signal_connect (editor, "edit", G_CALLBACK (edit_cb), &edits);
  window = show_in_window (editor);
  tw_card_editor_set_definition (TW_CARD_EDITOR (editor), def);

  list = card_list (editor);
  g_assert_nonnull (list);
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, def->n_cards - 1));
  g_assert_null (gtk_list_box_get_row_at_index (list, def->n_cards));

  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 1));
  g_assert_cmpstr (tw_card_editor_get_card_id (TW_CARD_EDITOR (editor)), ==, def->cards[1].id);

  /* the same definition again keeps the card selected */
  tw_card_editor_set_definition (TW_CARD_EDITOR (editor), def);
  g_assert_cmpstr (tw_card_editor_get_card_id (TW_CARD_EDITOR (editor)), ==, def->cards[1].id);
  g_assert_true (gtk_list_box_get_selected_row (card_list (editor))
                 == gtk_list_box_get_row_at_index (card_list (editor), 1));

  points = find_in_row (editor, "Points", GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (points);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (points)), ==,
                   def->cards[1].points);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (points), def->cards[1].points + 2);
  /* announced from an idle, not from inside the spin button's signal */
  g_assert_cmpuint (edits.n_edits, ==, 0);
  wait_until (has_edit, &edits, "the card editor's edit");
  g_assert_cmpuint (edits.n_edits, ==, 1);
  g_assert_cmpstr (edits.id, ==, def->cards[1].id);
  g_assert_cmpstr (edits.key, ==, "points");
  expected = g_strdup_printf ("%d", def->cards[1].points + 2);
  g_assert_cmpstr (edits.value, ==, expected);

  tw_card_editor_set_card_size (TW_CARD_EDITOR (editor), 70, 120);
  tw_card_editor_set_definition (TW_CARD_EDITOR (editor), NULL);
  g_assert_null (gtk_list_box_get_row_at_index (list, 0));

  destroy_window (window);
  g_assert_finalize_object (editor);
  g_free (edits.id);
  g_free (edits.key);
  g_free (edits.value);
}

/* Dropped while an edit waits in its idle: the idle goes with it. */
static void
test_card_editor_pending (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  GtkWidget *editor = g_object_ref_sink (g_object_new (TW_TYPE_CARD_EDITOR, NULL));
  Edits edits = { 0 };
  GtkWidget *points;

  g_signal_connect (editor, "edit", G_CALLBACK (edit_cb), &edits);
  tw_card_editor_set_definition (TW_CARD_EDITOR (editor), def);
  gtk_list_box_select_row (card_list (editor), gtk_list_box_get_row_at_index (card_list (editor),
                                                                               0));
  points = find_in_row (editor, "Points", GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (points);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (points), def->cards[0].points + 1);

  g_assert_finalize_object (editor);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (edits.n_edits, ==, 0);
}

/* ------------------------------------------------------------------------ */
/* The tile set editor                                                      */

typedef struct
{
  TwTileSetEditor *editor;
  guint            n_edits;
  guint            n_tiles;   /* what the waits below wait for: tiles shown, */
  guint            n_wanted;  /* edits applied */
} TileEdits;

/* What the Design page does with an edit: one user action of the buffer,
 * checked at once. */
static void
tile_apply_edit_cb (TwTileSetEditor    *editor,
                    const char         *text,
                    const TwDesignEdit *edit,
                    TileEdits          *edits)
{
  TwDefinitionDocument *document = tw_tile_set_editor_get_document (editor);
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (tw_definition_document_get_buffer (document));
  g_autofree char *now = tw_definition_document_dup_text (document);
  GtkTextIter start, end;

  /* computed on the text as it is */
  g_assert_cmpstr (now, ==, text);
  edits->n_edits++;
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_get_iter_at_offset (buffer, &start,
                                      g_utf8_pointer_to_offset (text, text + edit->start));
  gtk_text_buffer_get_iter_at_offset (buffer, &end,
                                      g_utf8_pointer_to_offset (text, text + edit->end));
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, edit->text, -1);
  gtk_text_buffer_end_user_action (buffer);
  tw_definition_document_check_now (document);
}

static gboolean
shows_n_tiles (gpointer data)
{
  TileEdits *edits = data;

  return g_list_model_get_n_items (tw_tile_set_editor_get_tiles (edits->editor))
         == edits->n_tiles;
}

static gboolean
has_tile_edits (gpointer data)
{
  return ((TileEdits *) data)->n_edits == ((TileEdits *) data)->n_wanted;
}

/* The first button labelled @label below @widget, in the order drawn. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  g_autoptr(GPtrArray) buttons = find_all (widget, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), label) == 0)
      return buttons->pdata[i];
  return NULL;
}

/* A tile-set editor on @document, loaded with @def, in a window; its edits
 * counted and applied in @edits. */
static GtkWidget *
tile_editor_new (TwDefinitionDocument  *document,
                 TwDefinition          *def,
                 TileEdits             *edits,
                 GtkWindow            **window)
{
  GtkWidget *editor;

  tw_definition_document_load (document, NULL, def);
  editor = g_object_ref_sink (g_object_new (TW_TYPE_TILE_SET_EDITOR, "document", document,
                                            NULL));
  edits->editor = TW_TILE_SET_EDITOR (editor);
  g_signal_connect (editor, "apply-edit", G_CALLBACK (tile_apply_edit_cb), edits);
  *window = show_in_window (editor);
  return editor;
}

/* The list is the definition's tiles; Duplicate on the selected tile is one
 * edit inserting its copy's line after its own, and the copy is selected;
 * its copies changed in the spin button are one edit of its `count`, a click
 * on its North edge one of its `edges` and the offered name ("Full green"
 * is not green any more) one of its `name`, a colour from the edge's menu
 * another; five undos give the text back, and
 * the selection goes back to the original. */
static void
test_tile_set_editor_edits (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  TwDefinitionDocument *document = tw_definition_document_new ();
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (tw_definition_document_get_buffer (document));
  static const char line[] = "  - {id: full-g, name: \"Full green\", count: 3, "
                             "edges: [green, green, green, green], sections: [NESW]}\n";
  TileEdits edits = { 0 };
  GtkWidget *editor;
  GListModel *tiles;
  GtkWindow *window;
  GtkWidget *north;
  g_autoptr(GPtrArray) spins = NULL;
  g_autoptr(GString) expected = NULL;
  g_autofree char *before = NULL;
  g_autofree char *text = NULL;
  const char *at;

  editor = tile_editor_new (document, def, &edits, &window);

  tiles = tw_tile_set_editor_get_tiles (TW_TILE_SET_EDITOR (editor));
  g_assert_cmpuint (g_list_model_get_n_items (tiles), ==, def->n_tiles);
  for (guint i = 0; i < def->n_tiles; i++)
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (tiles), i), ==,
                     def->tiles[i].id);
  g_assert_null (tw_tile_set_editor_get_selected_tile (TW_TILE_SET_EDITOR (editor)));
  g_assert_false (tw_tile_set_editor_select_tile (TW_TILE_SET_EDITOR (editor), "no-such-tile"));
  g_assert_true (tw_tile_set_editor_select_tile (TW_TILE_SET_EDITOR (editor), "full-g"));
  g_assert_cmpstr (tw_tile_set_editor_get_selected_tile (TW_TILE_SET_EDITOR (editor)), ==,
                   "full-g");

  /* Duplicate: from an idle, one edit: the copy's line after the tile's */
  before = tw_definition_document_dup_text (document);
  at = strstr (before, line);
  g_assert_nonnull (at);
  expected = g_string_new_len (before, at - before + strlen (line));
  g_string_append (expected, "  - {id: full-g-2,");
  g_string_append (expected, line + strlen ("  - {id: full-g,"));
  g_string_append (expected, at + strlen (line));
  g_assert_true (gtk_widget_activate_action (editor, "design.tile-duplicate", NULL));
  g_assert_cmpuint (edits.n_edits, ==, 0);
  edits.n_tiles = def->n_tiles + 1;
  wait_until (shows_n_tiles, &edits, "the duplicated tile");
  g_assert_cmpuint (edits.n_edits, ==, 1);
  text = tw_definition_document_dup_text (document);
  g_assert_cmpstr (text, ==, expected->str);
  g_assert_cmpstr (tw_tile_set_editor_get_selected_tile (TW_TILE_SET_EDITOR (editor)), ==,
                   "full-g-2");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (tiles), 2), ==, "full-g-2");

  /* its copies: the only spin button */
  spins = find_all (editor, GTK_TYPE_SPIN_BUTTON);
  g_assert_cmpuint (spins->len, ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spins->pdata[0]), ==, 3);
  gtk_spin_button_set_value (spins->pdata[0], 7);
  edits.n_wanted = 2;
  wait_until (has_tile_edits, &edits, "the count edit");
  g_clear_pointer (&text, g_free);
  text = tw_definition_document_dup_text (document);
  g_assert_nonnull (strstr (text, "  - {id: full-g-2, name: \"Full green\", count: 7, "));
  g_assert_nonnull (strstr (text, line));

  /* its North edge (the first "Green" button): its one section, all four
   * edges, to the next colour */
  north = find_button (editor, "Green");
  g_assert_nonnull (north);
  g_signal_emit_by_name (north, "clicked");
  edits.n_wanted = 3;
  wait_until (has_tile_edits, &edits, "the edge edit");
  g_clear_pointer (&text, g_free);
  text = tw_definition_document_dup_text (document);
  g_assert_nonnull (strstr (text, "  - {id: full-g-2, name: \"Full green\", count: 7, "
                                  "edges: [blue, blue, blue, blue], sections: [NESW]}\n"));
  g_assert_null (find_button (editor, "Green"));

  /* no edge is green any more, and the name still says so: the editor
   * offers "Full blue", which is one more edit */
  {
    GtkWidget *rename = find_button (editor, "Rename to “Full blue”");

    g_assert_nonnull (rename);
    g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (
      gtk_widget_get_ancestor (rename, GTK_TYPE_REVEALER))));
    g_signal_emit_by_name (rename, "clicked");
  }
  edits.n_wanted = 4;
  wait_until (has_tile_edits, &edits, "the rename");
  g_clear_pointer (&text, g_free);
  text = tw_definition_document_dup_text (document);
  g_assert_nonnull (strstr (text, "  - {id: full-g-2, name: \"Full blue\", count: 7, "
                                  "edges: [blue, blue, blue, blue], sections: [NESW]}\n"));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (
    gtk_widget_get_ancestor (find_button (editor, "Rename to “Full blue”"), GTK_TYPE_REVEALER))));

  /* its North edge's colour menu: the three colours, Blue marked as the
   * edge's; choosing Red recolours the section */
  {
    g_autoptr(GPtrArray) menus = find_all (editor, GTK_TYPE_MENU_BUTTON);
    GMenuModel *colors = NULL;
    g_autofree char *label = NULL;

    for (guint i = 0; i < menus->len && colors == NULL; i++)
      if (g_strcmp0 (gtk_menu_button_get_icon_name (menus->pdata[i]), "color-select-symbolic") == 0)
        colors = gtk_menu_button_get_menu_model (menus->pdata[i]);
    g_assert_nonnull (colors);
    g_assert_cmpint (g_menu_model_get_n_items (colors), ==, def->n_colors);
    g_assert_true (g_menu_model_get_item_attribute (colors, 2, G_MENU_ATTRIBUTE_LABEL, "s",
                                                    &label));
    g_assert_cmpstr (label, ==, "Blue (now)");
  }
  g_assert_true (gtk_widget_activate_action (editor, "design.tile-edge-color", "(uu)",
                                             TW_NORTH, 0));
  edits.n_wanted = 5;
  wait_until (has_tile_edits, &edits, "the edge colour chosen");
  g_clear_pointer (&text, g_free);
  text = tw_definition_document_dup_text (document);
  g_assert_nonnull (strstr (text, "  - {id: full-g-2, name: \"Full blue\", count: 7, "
                                  "edges: [red, red, red, red], sections: [NESW]}\n"));

  /* five undos: the text as loaded, full-g selected again */
  gtk_text_buffer_undo (buffer);
  gtk_text_buffer_undo (buffer);
  gtk_text_buffer_undo (buffer);
  gtk_text_buffer_undo (buffer);
  gtk_text_buffer_undo (buffer);
  tw_definition_document_check_now (document);
  edits.n_tiles = def->n_tiles;
  wait_until (shows_n_tiles, &edits, "the undone duplicate");
  g_clear_pointer (&text, g_free);
  text = tw_definition_document_dup_text (document);
  g_assert_cmpstr (text, ==, before);
  g_assert_cmpstr (tw_tile_set_editor_get_selected_tile (TW_TILE_SET_EDITOR (editor)), ==,
                   "full-g");

  /* no document: nothing to show */
  tw_tile_set_editor_set_document (TW_TILE_SET_EDITOR (editor), NULL);
  g_assert_cmpuint (g_list_model_get_n_items (tiles), ==, 0);
  g_assert_cmpuint (edits.n_edits, ==, 5);

  destroy_window (window);
  g_assert_finalize_object (editor);
  g_assert_finalize_object (document);
}

/* The name and id popover: an id the notation cannot read, or another
 * tile's, is refused with a message and no edit; a new name and id are two
 * edits of the tile's line, the selection follows the new id, and two
 * undos give the text and the selection back. */
static void
test_tile_set_editor_names (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  TwDefinitionDocument *document = tw_definition_document_new ();
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (tw_definition_document_get_buffer (document));
  TileEdits edits = { 0 };
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) popovers = NULL;
  g_autofree char *before = NULL;
  g_autofree char *text = NULL;
  GtkWidget *editor, *apply, *error = NULL;
  GtkWindow *window;

  editor = tile_editor_new (document, def, &edits, &window);
  g_assert_true (tw_tile_set_editor_select_tile (TW_TILE_SET_EDITOR (editor), "half-rg"));
  before = tw_definition_document_dup_text (document);

  popovers = find_all (editor, GTK_TYPE_POPOVER);
  for (guint i = 0; i < popovers->len; i++)
    if (find_button (popovers->pdata[i], "_Apply") != NULL)
      gtk_popover_popup (popovers->pdata[i]);
  entries = find_all (editor, GTK_TYPE_ENTRY);
  g_assert_cmpuint (entries->len, ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (entries->pdata[0]), ==, "Half red / green");
  g_assert_cmpstr (gtk_editable_get_text (entries->pdata[1]), ==, "half-rg");
  apply = find_button (editor, "_Apply");
  for (GtkWidget *w = gtk_widget_get_prev_sibling (apply); w != NULL && error == NULL;
       w = gtk_widget_get_prev_sibling (w))
    if (GTK_IS_LABEL (w))
      error = w;
  g_assert_nonnull (error);

  gtk_editable_set_text (entries->pdata[1], "half rg");
  g_signal_emit_by_name (apply, "clicked");
  g_assert_true (gtk_widget_get_visible (error));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error)), "one word"));
  gtk_editable_set_text (entries->pdata[1], "full-r");
  g_signal_emit_by_name (apply, "clicked");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (error)), ==,
                   "Another tile has the id “full-r”.");
  g_assert_cmpuint (edits.n_edits, ==, 0);

  gtk_editable_set_text (entries->pdata[0], "Half blue / green");
  gtk_editable_set_text (entries->pdata[1], "half-bg");
  g_signal_emit_by_name (apply, "clicked");
  edits.n_wanted = 2;
  wait_until (has_tile_edits, &edits, "the name and the id");
  tw_definition_document_check_now (document);
  text = tw_definition_document_dup_text (document);
  g_assert_nonnull (strstr (text, "  - {id: half-bg, name: \"Half blue / green\", count: 5,"));
  g_assert_null (strstr (text, "half-rg"));
  g_assert_cmpstr (tw_tile_set_editor_get_selected_tile (TW_TILE_SET_EDITOR (editor)), ==,
                   "half-bg");

  gtk_text_buffer_undo (buffer);
  gtk_text_buffer_undo (buffer);
  tw_definition_document_check_now (document);
  g_clear_pointer (&text, g_free);
  text = tw_definition_document_dup_text (document);
  g_assert_cmpstr (text, ==, before);
  g_assert_cmpstr (tw_tile_set_editor_get_selected_tile (TW_TILE_SET_EDITOR (editor)), ==,
                   "half-rg");

  destroy_window (window);
  g_assert_finalize_object (editor);
  g_assert_finalize_object (document);
}

/* ------------------------------------------------------------------------ */
/* The Design page                                                          */

typedef struct
{
  guint         n_changes;
  TwDefinition *last;   /* borrowed, as the signal hands it */
} Changes;

static void
definition_changed_cb (TwDefinitionDocument *document,
                       GParamSpec           *pspec,
                       Changes              *changes)
{
  changes->n_changes++;
  changes->last = tw_definition_document_get_definition (document);
}

static gboolean
has_change (gpointer data)
{
  return ((Changes *) data)->n_changes > 0;
}

/* A document shown as read; an edit of its text marks it modified and,
 * once checked, announces the new definition; design.save writes the text
 * to its file; undo takes the edit back. */
static void
test_design_page_edit_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tw-widgets-XXXXXX", &error);
  g_autofree char *source = tw_definition_bundled_path ("colorblock");
  g_autofree char *path = NULL;
  g_autofree char *original = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) views = NULL;
  GtkWidget *page;
  GtkWindow *window;
  GtkTextBuffer *buffer;
  GtkTextIter end;
  Changes changes = { 0 };
  static const char comment[] = "# edited in process\n";

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (source, &original, NULL, &error));
  g_assert_no_error (error);
  path = g_build_filename (dir, "game.yaml", NULL);
  g_assert_true (g_file_set_contents (path, original, -1, &error));
  g_assert_no_error (error);
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);

  page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  window = show_in_window (page);
  tw_design_page_set_document (TW_DESIGN_PAGE (page), file, def);
  /* the document's definition changes from here on only by edits */
  g_signal_connect (tw_design_page_get_document (TW_DESIGN_PAGE (page)), "notify::definition",
                    G_CALLBACK (definition_changed_cb), &changes);
  g_assert_true (tw_design_page_get_definition (TW_DESIGN_PAGE (page)) == def);
  g_assert_true (g_file_equal (tw_design_page_get_file (TW_DESIGN_PAGE (page)), file));
  g_assert_false (tw_design_page_get_modified (TW_DESIGN_PAGE (page)));

  /* the page's one text view holds the file's text */
  views = find_all (page, GTK_TYPE_TEXT_VIEW);
  g_assert_cmpuint (views->len, ==, 1);
  buffer = gtk_text_view_get_buffer (views->pdata[0]);
  {
    g_autofree char *shown = buffer_text (buffer);
    g_assert_cmpstr (shown, ==, original);
  }

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, comment, -1);
  g_assert_true (tw_design_page_get_modified (TW_DESIGN_PAGE (page)));
  edited = buffer_text (buffer);
  g_assert_true (g_str_has_suffix (edited, comment));

  wait_until (has_change, &changes, "the edited text's check");
  g_assert_cmpuint (changes.n_changes, ==, 1);
  g_assert_true (changes.last == tw_design_page_get_definition (TW_DESIGN_PAGE (page)));
  g_assert_true (changes.last != def);
  g_assert_cmpstr (changes.last->text, ==, edited);

  g_assert_true (gtk_widget_activate_action (page, "design.save", NULL));
  g_assert_false (tw_design_page_get_modified (TW_DESIGN_PAGE (page)));
  g_assert_true (g_file_get_contents (path, &saved, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (saved, ==, edited);

  g_assert_true (gtk_widget_activate_action (page, "design.undo", NULL));
  undone = buffer_text (buffer);
  g_assert_cmpstr (undone, ==, original);
  g_assert_true (tw_design_page_get_modified (TW_DESIGN_PAGE (page)));

  g_signal_handlers_disconnect_by_data (page, &changes);
  destroy_window (window);
  finalize_after_idle (page);
  g_unlink (path);
  g_rmdir (dir);
}

/* What a document's faces name is read in a thread: the loader's verdict
 * shows at once, the images' problems when they have been read, and a
 * result for a text that has been replaced meanwhile is never shown. */
typedef struct
{
  guint    n_checked;
  gboolean stale_shown;   /* a check after the last text named the first image */
  gboolean replaced;
} FacesChecks;

static gboolean
diags_mention (TwDiagnostics *diags,
               const char    *word)
{
  for (guint i = 0; diags != NULL && i < tw_diagnostics_get_n (diags); i++)
    if (strstr (tw_diagnostics_get (diags, i)->message, word) != NULL)
      return TRUE;
  return FALSE;
}

static void
faces_checked_cb (TwDefinitionDocument *doc,
                  FacesChecks          *checks)
{
  checks->n_checked++;
  if (checks->replaced && diags_mention (tw_definition_document_get_diagnostics (doc), "first.png"))
    checks->stale_shown = TRUE;
}

static gboolean
keep_ticking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static gboolean
doc_mentions_second (gpointer data)
{
  return diags_mention (tw_definition_document_get_diagnostics (data), "second.png");
}

static gboolean
doc_mentions_first (gpointer data)
{
  return diags_mention (tw_definition_document_get_diagnostics (data), "first.png");
}

static void
test_document_faces_in_thread (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tw-widgets-XXXXXX", &error);
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autofree char *first = g_strconcat (def->text, "\nfaces:\n  card:\n"
                                        "    - {type: image, file: first.png}\n", NULL);
  g_autofree char *second = g_strconcat (def->text, "\nfaces:\n  card:\n"
                                         "    - {type: image, file: second.png}\n", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(TwDefinition) loaded = NULL;
  TwDefinitionDocument *doc = tw_definition_document_new ();
  FacesChecks checks = { 0 };

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.yaml", NULL);
  file = g_file_new_for_path (path);
  g_signal_connect (doc, "checked", G_CALLBACK (faces_checked_cb), &checks);

  /* opened: the definition is there at once, the missing image later */
  loaded = tw_definition_load_data (first, -1, path, NULL, &error);
  g_assert_no_error (error);
  tw_definition_set_base_dir (loaded, dir);
  tw_definition_document_load (doc, file, loaded);
  g_assert_true (tw_definition_document_get_definition (doc) == loaded);
  g_assert_true (tw_definition_document_get_checked (doc));
  g_assert_false (doc_mentions_first (doc));
  wait_until (doc_mentions_first, doc, "the missing first.png to be reported");
  g_assert_cmpuint (tw_definition_document_get_n_errors (doc), ==, 0);

  /* edited twice before the first edit's images are read: only the last
   * text's problems are shown */
  tw_definition_document_set_text (doc, file, first);
  g_assert_cmpuint (tw_definition_document_get_definition (doc)->n_faces, ==, 1);
  g_assert_false (doc_mentions_first (doc));
  checks.replaced = TRUE;
  tw_definition_document_set_text (doc, file, second);
  g_assert_false (doc_mentions_second (doc));
  wait_until (doc_mentions_second, doc, "the missing second.png to be reported");
  g_assert_false (checks.stale_shown);
  g_assert_false (doc_mentions_first (doc));

  g_signal_handlers_disconnect_by_data (doc, &checks);
  {
    /* a cancelled check's thread lets go of the document when it ends,
     * which wakes no main loop: look again now and then */
    guint tick = g_timeout_add (10, keep_ticking, NULL);

    finalize_after_idle (doc);
    g_source_remove (tick);
  }
  g_rmdir (dir);
}

/* The Lab's table of components: a row per component in play, outliers
 * first; every column sorts, the figures largest first. */
static gdouble
item_double (GListModel *model,
             guint       i,
             const char *property)
{
  g_autoptr(GObject) item = g_list_model_get_item (model, i);
  double value;

  g_object_get (item, property, &value, NULL);
  return value;
}

static void
test_impact_table (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_autoptr(TwGame) game = NULL;
  g_autoptr(TwSimArm) arm = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *table = g_object_ref_sink (tw_impact_table_new ());
  GtkWindow *window = show_in_window (table);
  GListModel *model = tw_impact_table_get_model (TW_IMPACT_TABLE (table));
  GtkColumnView *view = tw_impact_table_get_view (TW_IMPACT_TABLE (table));
  GListModel *columns = gtk_column_view_get_columns (view);
  TwSimConfig config = { 0, };
  guint n, diff_column = G_MAXUINT, id_column = G_MAXUINT;

  game = tw_game_new (def, 2, NULL, &error);
  g_assert_no_error (error);
  config.game = game;
  for (guint p = 0; p < 2; p++)
    g_assert_true (tw_bot_spec_parse ("random", &config.bots[p], NULL));
  config.seed = 3;
  config.total_games = config.last = 60;
  config.jobs = 1;
  config.impact = TRUE;
  arm = tw_sim_run (&config, &error);
  g_assert_no_error (error);
  rows = tw_sim_impact_rows (arm);

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  tw_impact_table_set_arm (TW_IMPACT_TABLE (table), arm);
  n = g_list_model_get_n_items (model);
  g_assert_cmpuint (n, ==, rows->len);
  g_assert_cmpuint (n, >, 10);
  g_assert_cmpfloat (item_double (model, 0, "diff"), ==, g_array_index (rows, TwSimImpactRow, 0).diff);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);
      const char *title = gtk_column_view_column_get_title (column);

      if (g_str_has_prefix (title, "Difference"))
        diff_column = c;
      else if (g_str_equal (title, "Component"))
        id_column = c;
    }
  g_assert_cmpuint (diff_column, !=, G_MAXUINT);
  g_assert_cmpuint (id_column, !=, G_MAXUINT);
  {
    g_autoptr(GtkColumnViewColumn) diff = g_list_model_get_item (columns, diff_column);
    g_autoptr(GtkColumnViewColumn) id = g_list_model_get_item (columns, id_column);

    /* a first click: the largest difference first */
    gtk_column_view_sort_by_column (view, diff, GTK_SORT_ASCENDING);
    for (guint i = 1; i < n; i++)
      g_assert_cmpfloat (item_double (model, i - 1, "diff"), >=, item_double (model, i, "diff"));
    gtk_column_view_sort_by_column (view, diff, GTK_SORT_DESCENDING);
    for (guint i = 1; i < n; i++)
      g_assert_cmpfloat (item_double (model, i - 1, "diff"), <=, item_double (model, i, "diff"));
    gtk_column_view_sort_by_column (view, id, GTK_SORT_ASCENDING);
    for (guint i = 1; i < n; i++)
      {
        g_autoptr(GObject) a = g_list_model_get_item (model, i - 1);
        g_autoptr(GObject) b = g_list_model_get_item (model, i);
        g_autofree char *ida = NULL, *idb = NULL;

        g_object_get (a, "id", &ida, NULL);
        g_object_get (b, "id", &idb, NULL);
        g_assert_cmpint (g_utf8_collate (ida, idb), <=, 0);
      }
  }

  /* an arm without the figures empties it */
  tw_impact_table_set_arm (TW_IMPACT_TABLE (table), NULL);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  destroy_window (window);
  finalize_after_idle (table);
}

/* The Lab keeps the last run's games, seed, threads and bots in GSettings
 * and a new page (the next start) shows them. */
static GtkWidget *
row_titled (GtkWidget  *page,
            GType       type,
            const char *title)
{
  g_autoptr(GPtrArray) rows = find_all (page, type);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), title) == 0)
      return rows->pdata[i];
  g_error ("no row %s", title);
  return NULL;
}

static GtkSpinButton *
row_spin (GtkWidget *row)
{
  g_autoptr(GPtrArray) spins = find_all (row, GTK_TYPE_SPIN_BUTTON);

  g_assert_cmpuint (spins->len, >=, 1);
  return spins->pdata[0];
}

static const char *
combo_text (GtkWidget *row)
{
  GObject *item = adw_combo_row_get_selected_item (ADW_COMBO_ROW (row));

  return gtk_string_object_get_string (GTK_STRING_OBJECT (item));
}

static void
select_text (GtkWidget  *row,
             const char *text)
{
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (row));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), text))
        {
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), i);
          return;
        }
    }
  g_error ("no choice %s", text);
}

static void
test_lab_keeps_form (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  g_auto(GStrv) bots = NULL;
  g_autofree char *seed = NULL;
  GtkWidget *first, *second;
  GtkWindow *window;

  source = g_settings_schema_source_new_from_directory (TW_TEST_SCHEMA_DIR, NULL, FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.tilewright.Tilewright", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, backend, NULL);

  first = g_object_ref_sink (g_object_new (TW_TYPE_LAB_PAGE, NULL));
  window = show_in_window (first);
  tw_lab_page_set_settings (TW_LAB_PAGE (first), settings);
  tw_lab_page_set_definition (TW_LAB_PAGE (first), def);
  /* nothing kept yet: the form's own defaults */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (row_spin (row_titled (first, ADW_TYPE_ACTION_ROW,
                                                                           "Games"))), ==, 1000);
  gtk_spin_button_set_value (row_spin (row_titled (first, ADW_TYPE_ACTION_ROW, "Games")), 250);
  gtk_spin_button_set_value (row_spin (row_titled (first, ADW_TYPE_ACTION_ROW, "Threads")), 1);
  gtk_editable_set_text (GTK_EDITABLE (row_titled (first, ADW_TYPE_ENTRY_ROW, "Seed")), "42");
  select_text (row_titled (first, ADW_TYPE_COMBO_ROW, "Seat 2 bot"), "Greedy");
  g_assert_true (gtk_widget_activate_action (first, "lab.run", NULL));
  g_assert_true (gtk_widget_activate_action (first, "lab.cancel", NULL));

  g_assert_cmpint (g_settings_get_int (settings, "lab-games"), ==, 250);
  g_assert_cmpint (g_settings_get_int (settings, "lab-threads"), ==, 1);
  seed = g_settings_get_string (settings, "lab-seed");
  g_assert_cmpstr (seed, ==, "42");
  bots = g_settings_get_strv (settings, "lab-bots");
  g_assert_cmpuint (g_strv_length (bots), ==, 2);
  g_assert_cmpstr (bots[0], ==, "random");
  g_assert_cmpstr (bots[1], ==, "greedy");
  destroy_window (window);
  finalize_after_idle (first);

  /* the next start */
  second = g_object_ref_sink (g_object_new (TW_TYPE_LAB_PAGE, NULL));
  window = show_in_window (second);
  tw_lab_page_set_definition (TW_LAB_PAGE (second), def);
  tw_lab_page_set_settings (TW_LAB_PAGE (second), settings);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (row_spin (row_titled (second, ADW_TYPE_ACTION_ROW,
                                                                           "Games"))), ==, 250);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (row_spin (row_titled (second, ADW_TYPE_ACTION_ROW,
                                                                           "Threads"))), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_titled (second, ADW_TYPE_ENTRY_ROW, "Seed"))),
                   ==, "42");
  g_assert_cmpstr (combo_text (row_titled (second, ADW_TYPE_COMBO_ROW, "Seat 1 bot")), ==, "Random");
  g_assert_cmpstr (combo_text (row_titled (second, ADW_TYPE_COMBO_ROW, "Seat 2 bot")), ==, "Greedy");
  destroy_window (window);
  finalize_after_idle (second);
}

/* The Faces tab's Add Face writes the chosen face into the text as one
 * edit: the new text loads with the face, and one undo takes it back. */
static void
test_design_page_add_face (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tw-widgets-XXXXXX", &error);
  g_autofree char *source = tw_definition_bundled_path ("colorblock");
  g_autofree char *path = NULL;
  g_autofree char *original = NULL;
  g_autofree char *added = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) editors = NULL;
  g_autoptr(GPtrArray) buttons = NULL;
  GtkWidget *page, *add = NULL;
  GtkWindow *window;
  GtkTextBuffer *buffer;
  TwDefinition *now;
  Changes changes = { 0 };

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (source, &original, NULL, &error));
  path = g_build_filename (dir, "game.yaml", NULL);
  g_assert_true (g_file_set_contents (path, original, -1, &error));
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (def->n_faces, ==, 0);
  file = g_file_new_for_path (path);

  page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  window = show_in_window (page);
  tw_design_page_set_document (TW_DESIGN_PAGE (page), file, def);
  g_signal_connect (tw_design_page_get_document (TW_DESIGN_PAGE (page)), "notify::definition",
                    G_CALLBACK (definition_changed_cb), &changes);
  buffer = GTK_TEXT_BUFFER (tw_definition_document_get_buffer (tw_design_page_get_document (TW_DESIGN_PAGE (page))));

  editors = find_all (page, TW_TYPE_FACE_EDITOR);
  g_assert_cmpuint (editors->len, ==, 1);
  buttons = find_all (editors->pdata[0], GTK_TYPE_BUTTON);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Add Face") == 0)
      add = buttons->pdata[i];
  g_assert_nonnull (add);
  g_signal_emit_by_name (add, "clicked");

  wait_until (has_change, &changes, "the text with the face to be checked");
  now = tw_design_page_get_definition (TW_DESIGN_PAGE (page));
  g_assert_cmpuint (now->n_faces, ==, 1);
  g_assert_cmpstr (now->faces[0].name, ==, "card");
  g_assert_cmpuint (now->faces[0].n_layers, >, 3);
  added = buffer_text (buffer);
  g_assert_true (g_str_has_prefix (added, original));
  g_assert_nonnull (strstr (added + strlen (original), "\nfaces:\n  card:\n    - {type: rect"));
  /* the button now shows the face in the text */
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (add)), ==, "_Show in Text");

  /* its layers are listed in order; the one picked is in the form, whose
   * Show in Text selects it in the text */
  {
    g_autoptr(GPtrArray) rows = find_all (editors->pdata[0], ADW_TYPE_ACTION_ROW);
    GtkWidget *second = NULL;
    GtkTextIter start, end;
    g_autofree char *selected = NULL;
    guint n_layers = 0;

    for (guint i = 0; i < rows->len; i++)
      {
        const char *title = adw_preferences_row_get_title (rows->pdata[i]);
        if (title != NULL && g_ascii_isdigit (title[0]) && strstr (title, ". ") != NULL)
          n_layers++;
        if (g_strcmp0 (title, "2. rect") == 0)
          second = rows->pdata[i];
      }
    g_assert_cmpuint (n_layers, ==, now->faces[0].n_layers);
    g_assert_nonnull (second);
    gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (second)),
                             GTK_LIST_BOX_ROW (second));
    {
      g_autoptr(GPtrArray) shows = find_all (editors->pdata[0], GTK_TYPE_BUTTON);
      GtkWidget *show = NULL;

      for (guint i = 0; i < shows->len; i++)
        if (g_strcmp0 (gtk_widget_get_tooltip_text (shows->pdata[i]), "Show in Text") == 0)
          show = shows->pdata[i];
      g_assert_nonnull (show);
      g_signal_emit_by_name (show, "clicked");
    }
    g_assert_true (gtk_text_buffer_get_selection_bounds (buffer, &start, &end));
    selected = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    g_assert_true (g_str_has_prefix (selected, "{type: rect, h: 14"));
    g_assert_true (g_str_has_suffix (selected, "}"));
  }

  g_assert_true (gtk_widget_activate_action (page, "design.undo", NULL));
  undone = buffer_text (buffer);
  g_assert_cmpstr (undone, ==, original);

  g_signal_handlers_disconnect_by_data (tw_design_page_get_document (TW_DESIGN_PAGE (page)), &changes);
  destroy_window (window);
  finalize_after_idle (page);
  g_unlink (path);
  g_rmdir (dir);
}

/* Every face a bundled game can have starts as layers that load without a
 * problem and draw what the module draws. */
static void
test_face_starters (void)
{
  static const char * const games[] = {
    "colorblock", "color-shift", "block-2-block", "colorfield", "blokus-shuffle",
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(TwDefinition) def = load_bundled (games[g]);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GString) text = g_string_new (def->text);
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (games[g]);
      g_autoptr(TwDefinition) with = NULL;

      if (def->n_cards > 0)
        {
          g_ptr_array_add (names, g_strdup ("card"));
          g_ptr_array_add (names, g_strdup ("card-back"));
          for (guint c = 0; c < def->n_cards; c++)
            {
              char *name = g_strconcat ("card.", def->rules->card_kinds[def->cards[c].kind].name, NULL);
              gboolean seen = FALSE;
              for (guint i = 0; i < names->len && !seen; i++)
                seen = strcmp (names->pdata[i], name) == 0;
              if (seen)
                g_free (name);
              else
                g_ptr_array_add (names, name);
            }
        }
      if (def->n_tiles > 0)
        {
          g_ptr_array_add (names, g_strdup ("tile"));
          g_ptr_array_add (names, g_strdup ("tile-back"));
        }
      if (names->len == 0)
        continue;
      g_string_append (text, "\nfaces:\n");
      for (guint i = 0; i < names->len; i++)
        {
          g_auto(GStrv) layers = tw_face_starter_layers (def, names->pdata[i]);
          g_string_append_printf (text, "  %s:\n", (char *) names->pdata[i]);
          for (guint l = 0; layers[l] != NULL; l++)
            g_string_append_printf (text, "    - %s\n", layers[l]);
        }
      with = tw_definition_load_data (text->str, -1, games[g], diags, NULL);
      if (tw_diagnostics_get_n (diags) > 0)
        {
          g_autofree char *all = tw_diagnostics_to_string (diags);
          g_test_message ("%s", all);
        }
      g_assert_nonnull (with);
      g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 0);
      g_assert_cmpuint (with->n_faces, ==, names->len);
    }
}

/* The label that says why the forms are off, if shown */
static GtkWidget *
forms_off_label (GtkWidget *page)
{
  g_autoptr(GPtrArray) labels = find_all (page, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_prefix (gtk_label_get_label (labels->pdata[i]), "The forms are off")
        && gtk_widget_get_visible (labels->pdata[i]))
      return labels->pdata[i];
  return NULL;
}

/* A text that does not load keeps the last definition that did; while it
 * is not YAML the forms are off and say where it breaks, and they come back
 * when it parses; the page goes cleanly while its check of a text may still
 * be running. */
static void
test_design_page_broken_text (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorfield");
  g_autoptr(GPtrArray) views = NULL;
  GtkWidget *page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  GtkWindow *window = show_in_window (page);
  GtkTextBuffer *buffer;
  GtkTextIter start;

  tw_design_page_set_document (TW_DESIGN_PAGE (page), NULL, def);
  g_assert_null (tw_design_page_get_file (TW_DESIGN_PAGE (page)));
  g_assert_true (tw_design_page_get_definition (TW_DESIGN_PAGE (page)) == def);

  views = find_all (page, GTK_TYPE_TEXT_VIEW);
  g_assert_cmpuint (views->len, ==, 1);
  buffer = gtk_text_view_get_buffer (views->pdata[0]);
  /* typed, as a designer would (gtk_text_buffer_set_text() left the page
   * unmodified here) */
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_insert (buffer, &start, "game: [unclosed\n", -1);
  g_assert_true (tw_design_page_get_modified (TW_DESIGN_PAGE (page)));
  g_assert_true (tw_design_page_get_definition (TW_DESIGN_PAGE (page)) == def);

  /* checked: not YAML, so the forms are off, with the line */
  {
    TwDefinitionDocument *doc = tw_design_page_get_document (TW_DESIGN_PAGE (page));
    g_autoptr(GPtrArray) editors = find_all (page, TW_TYPE_TILE_SET_EDITOR);
    GtkWidget *label;
    GtkTextIter end;

    g_assert_cmpuint (editors->len, ==, 1);
    g_assert_null (forms_off_label (page));
    g_assert_true (gtk_widget_is_sensitive (editors->pdata[0]));
    tw_definition_document_check_now (doc);
    g_assert_nonnull (tw_definition_document_get_syntax_error (doc));
    label = forms_off_label (page);
    g_assert_nonnull (label);
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "Line "));
    g_assert_false (gtk_widget_is_sensitive (editors->pdata[0]));
    g_assert_true (tw_design_page_get_definition (TW_DESIGN_PAGE (page)) == def);

    /* the line taken out again: YAML, forms back */
    gtk_text_buffer_get_start_iter (buffer, &start);
    gtk_text_buffer_get_iter_at_line (buffer, &end, 1);
    gtk_text_buffer_delete (buffer, &start, &end);
    tw_definition_document_check_now (doc);
    g_assert_null (tw_definition_document_get_syntax_error (doc));
    g_assert_null (forms_off_label (page));
    g_assert_true (gtk_widget_is_sensitive (editors->pdata[0]));
  }

  /* broken again, and the page goes before the check */
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_insert (buffer, &start, "game: [unclosed\n", -1);
  destroy_window (window);
  finalize_after_idle (page);
}

/* The quick playtest: a variant that cannot score gets a warning in the
 * problems list once its bot games are over, not from a run the text left
 * behind; a text that scores takes it away. */

static gboolean
playtest_ended (gpointer data)
{
  return !tw_quick_playtest_get_running (data);
}

/* The label showing @text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *page,
            const char *text)
{
  g_autoptr(GPtrArray) labels = find_all (page, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (labels->pdata[i]), text) == 0)
      return labels->pdata[i];
  return NULL;
}

static void
test_design_page_playtest_no_score (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data-files",
                                                 "colorblock-no-score.yaml", NULL);
  g_autofree char *no_score = NULL;
  g_autofree char *bundled_path = tw_definition_bundled_path ("colorblock");
  g_autofree char *bundled = NULL;
  g_autofree char *warning = NULL;
  GtkWidget *page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  GtkWindow *window = show_in_window (page);
  TwDefinitionDocument *doc = tw_design_page_get_document (TW_DESIGN_PAGE (page));
  TwQuickPlaytest *playtest = tw_definition_document_get_playtest (doc);
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (tw_definition_document_get_buffer (doc));
  GtkTextIter start;

  g_assert_true (g_file_get_contents (path, &no_score, NULL, NULL));
  g_assert_true (g_file_get_contents (bundled_path, &bundled, NULL, NULL));

  /* the text changes while the games are played: they stop, and what they
   * found is not shown */
  tw_definition_document_set_text (doc, NULL, no_score);
  g_assert_true (tw_quick_playtest_get_running (playtest));
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_insert (buffer, &start, "# edited\n", -1);
  g_assert_false (tw_quick_playtest_get_running (playtest));
  wait_until (holds_only_ref, playtest, "the cancelled playtest to end");
  g_assert_null (tw_quick_playtest_get_warning (playtest));

  /* checked: the games are played to the end, and none scores */
  tw_definition_document_check_now (doc);
  g_assert_true (tw_quick_playtest_get_running (playtest));
  wait_until (playtest_ended, playtest, "the quick playtest");
  warning = g_strdup (tw_quick_playtest_get_warning (playtest));
  g_assert_cmpstr (warning, ==, "In 200 quick games with greedy and random bots, no player "
                                "scored: check that this variant can reach its scoring.");
  /* listed with the text's problems, with their warning icon */
  g_assert_nonnull (find_in_row (page, warning, GTK_TYPE_IMAGE));
  g_assert_nonnull (find_label (page, "1 problem"));

  /* the designer pastes a definition that scores: the warning goes */
  gtk_text_buffer_set_text (buffer, bundled, -1);
  tw_definition_document_check_now (doc);
  g_assert_true (tw_quick_playtest_get_running (playtest));
  wait_until (playtest_ended, playtest, "the quick playtest");
  g_assert_null (tw_quick_playtest_get_warning (playtest));
  g_assert_null (find_in_row (page, warning, GTK_TYPE_IMAGE));
  g_assert_nonnull (find_label (page, "No problems"));

  destroy_window (window);
  finalize_after_idle (page);
}

static void
test_design_page_playtest_bundled (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  GtkWidget *page = g_object_ref_sink (g_object_new (TW_TYPE_DESIGN_PAGE, NULL));
  GtkWindow *window = show_in_window (page);
  TwDefinitionDocument *doc = tw_design_page_get_document (TW_DESIGN_PAGE (page));
  TwQuickPlaytest *playtest = tw_definition_document_get_playtest (doc);
  g_autoptr(GPtrArray) rows = NULL;

  tw_design_page_set_document (TW_DESIGN_PAGE (page), NULL, def);
  g_assert_true (tw_quick_playtest_get_running (playtest));
  wait_until (playtest_ended, playtest, "the quick playtest");
  g_assert_null (tw_quick_playtest_get_warning (playtest));
  rows = find_all (page, ADW_TYPE_ACTION_ROW);
  for (guint i = 0; i < rows->len; i++)
    g_assert_null (strstr (adw_preferences_row_get_title (rows->pdata[i]), "quick games"));
  g_assert_nonnull (find_label (page, "No problems"));

  destroy_window (window);
  finalize_after_idle (page);
}

/* ------------------------------------------------------------------------ */
/* The variant form                                                         */

typedef struct
{
  guint  n_changes;
  char  *name;
  char  *value;
} OptionChanges;

static void
option_changed_cb (TwVariantForm *form,
                   const char    *name,
                   const char    *value,
                   OptionChanges *changes)
{
  changes->n_changes++;
  g_free (changes->name);
  changes->name = g_strdup (name);
  g_free (changes->value);
  changes->value = g_strdup (value);
}

/* A row per option, set from the definition without a word; a switch the
 * designer turns is told as the option's name and value in the text's
 * words; the reset button puts the default back. */
static void
test_variant_form_options (void)
{
  g_autoptr(TwDefinition) def = load_bundled ("colorblock");
  GtkWidget *form = g_object_ref_sink (tw_variant_form_new ());
  OptionChanges changes = { 0 };
  g_autoptr(GPtrArray) switches = NULL;
  GtkWindow *window;
  GtkSwitch *first;
  gboolean was;

  g_signal_connect (form, "option-changed", G_CALLBACK (option_changed_cb), &changes);
  window = show_in_window (form);
  tw_variant_form_set_definition (TW_VARIANT_FORM (form), def);
  tw_variant_form_set_definition (TW_VARIANT_FORM (form), def);
  g_assert_cmpuint (changes.n_changes, ==, 0);

  switches = find_all (form, GTK_TYPE_SWITCH);
  g_assert_cmpuint (switches->len, >, 0);
  first = switches->pdata[0];
  was = gtk_switch_get_active (first);
  gtk_switch_set_active (first, !was);
  g_assert_cmpuint (changes.n_changes, ==, 1);
  g_assert_nonnull (changes.name);
  g_assert_cmpstr (changes.value, ==, was ? "false" : "true");

  /* no options without a definition */
  tw_variant_form_set_definition (TW_VARIANT_FORM (form), NULL);
  g_clear_pointer (&switches, g_ptr_array_unref);
  switches = find_all (form, GTK_TYPE_SWITCH);
  g_assert_cmpuint (switches->len, ==, 0);
  g_assert_cmpuint (changes.n_changes, ==, 1);

  destroy_window (window);
  g_assert_finalize_object (form);
  g_free (changes.name);
  g_free (changes.value);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/tw/widgets/board-view/plays", test_board_view_plays);
  g_test_add_func ("/tw/widgets/card-editor/edits", test_card_editor_edits);
  g_test_add_func ("/tw/widgets/card-editor/pending", test_card_editor_pending);
  g_test_add_func ("/tw/widgets/tile-set-editor/edits", test_tile_set_editor_edits);
  g_test_add_func ("/tw/widgets/tile-set-editor/names", test_tile_set_editor_names);
  g_test_add_func ("/tw/widgets/design-page/edit-save", test_design_page_edit_save);
  g_test_add_func ("/tw/widgets/design-page/broken-text", test_design_page_broken_text);
  g_test_add_func ("/tw/widgets/design-page/add-face", test_design_page_add_face);
  g_test_add_func ("/tw/widgets/design-page/playtest-no-score", test_design_page_playtest_no_score);
  g_test_add_func ("/tw/widgets/design-page/playtest-bundled", test_design_page_playtest_bundled);
  g_test_add_func ("/tw/widgets/face-editor/starters", test_face_starters);
  g_test_add_func ("/tw/widgets/impact-table/sorts", test_impact_table);
  g_test_add_func ("/tw/widgets/lab-page/keeps-form", test_lab_keeps_form);
  g_test_add_func ("/tw/widgets/definition-document/faces-in-thread", test_document_faces_in_thread);
  g_test_add_func ("/tw/widgets/variant-form/options", test_variant_form_options);

  return g_test_run ();
}
