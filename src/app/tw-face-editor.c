/* tw-face-editor.c: the Design view's faces, previewed at print size
 *
 * See tw-face-editor.h. Nothing here knows a game: the faces offered come
 * from the definition's cards and tiles and its module's card catalogue.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-face-editor.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-design-edit.h"
#include "tw-export.h"
#include "tw-face-layer-form.h"
#include "tw-rules.h"
#include "tw-tile-set-editor.h"   /* TW_TYPE_DESIGN_EDIT */

/* screen pixels to the millimetre at the 96 DPI GTK assumes */
#define PX_PER_MM (96.0 / 25.4)

struct _TwFaceEditor
{
  AdwBin          parent_instance;

  /* Template widgets */
  AdwComboRow    *face_row;
  AdwComboRow    *subject_row;
  AdwActionRow   *source_row;
  GtkButton      *source_button;
  GtkDrawingArea *preview;
  GtkLabel       *size_label;
  AdwPreferencesGroup *layers_group;
  GtkListBox     *layer_list;
  TwFaceLayerForm *layer_form;

  /* Owned */
  TwDefinition   *definition;
  TwDefinitionDocument *document; /* whose text the layer form's edits are made on */
  GPtrArray      *face_names;     /* "card", "card.KIND", ... in face_row's order */
  GArray         *subjects;       /* guint: the cards, tiles or pieces (tw_face_piece_index())
                                   * subject_row lists */
  TwExportSettings sizes;         /* card and tile sizes, bleed: the Print view's */
  GPtrArray      *layer_rows;     /* the rows in layer_list */
  guint           layer;          /* the layer in the form, G_MAXUINT: none */
  char           *layer_face;     /* the face it belongs to */
  TwPendingEdits  pending;        /* face; "INDEX KEY" or "INDEX !up|!down|!remove"; YAML value */
  gboolean        updating;
};

enum
{
  ADD_FACE,
  SHOW_FACE,
  SHOW_LAYER,
  APPLY_EDIT,
  SHOW_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TwFaceEditor, tw_face_editor, ADW_TYPE_BIN)

/* ------------------------------------------------------------------------ */
/* Faces and what they are drawn on                                         */

static TwFaceTarget
target_of (const char *name,
           gint       *kind_out,
           const TwDefinition *def)
{
  *kind_out = -1;
  if (g_str_has_prefix (name, "card."))
    {
      for (guint k = 0; def != NULL && def->rules != NULL && k < def->rules->n_card_kinds; k++)
        if (strcmp (def->rules->card_kinds[k].name, name + 5) == 0)
          *kind_out = k;
      return TW_FACE_CARD;
    }
  if (strcmp (name, "card-back") == 0)
    return TW_FACE_CARD_BACK;
  if (strcmp (name, "tile") == 0)
    return TW_FACE_TILE;
  if (strcmp (name, "tile-back") == 0)
    return TW_FACE_TILE_BACK;
  if (strcmp (name, "piece") == 0)
    return TW_FACE_PIECE;
  if (g_str_has_prefix (name, "piece."))
    {
      if (def != NULL)
        *kind_out = tw_definition_find_piece (def, name + 6);
      return TW_FACE_PIECE;
    }
  return TW_FACE_CARD;
}

static const char *
current_face (TwFaceEditor *self)
{
  guint i = adw_combo_row_get_selected (self->face_row);

  if (self->face_names == NULL || i >= self->face_names->len)
    return NULL;
  return g_ptr_array_index (self->face_names, i);
}

/* The written face @name of the definition, or NULL. */
static const TwFace *
written_face (TwFaceEditor *self,
              const char   *name)
{
  for (guint i = 0; self->definition != NULL && i < self->definition->n_faces; i++)
    if (strcmp (self->definition->faces[i].name, name) == 0)
      return &self->definition->faces[i];
  return NULL;
}

/* A colour parameter of the cards @kind (-1: of any kind), or NULL. */
static const char *
color_param (const TwDefinition *def,
             gint                kind)
{
  for (guint k = 0; def->rules != NULL && k < def->rules->n_card_kinds; k++)
    {
      const TwCardKind *ck = &def->rules->card_kinds[k];
      if (kind >= 0 && (guint) kind != k)
        continue;
      for (guint p = 0; p < ck->n_params; p++)
        if (ck->params[p].type == TW_VALUE_COLOR)
          return ck->params[p].name;
    }
  return NULL;
}

char **
tw_face_starter_layers (const TwDefinition *def,
                        const char         *name)
{
  GStrvBuilder *b = g_strv_builder_new ();
  gint kind;
  TwFaceTarget target = target_of (name, &kind, def);
  char **layers;

  g_return_val_if_fail (def != NULL && name != NULL, NULL);

  if (target == TW_FACE_CARD)
    {
      const char *color = color_param (def, kind);
      g_autofree char *header = color != NULL
        ? g_strdup_printf ("{type: rect, h: 14, fill: \"{%s|#383d4d}\", bleed: true}", color)
        : g_strdup ("{type: rect, h: 14, fill: \"#383d4d\", bleed: true}");

      g_strv_builder_add (b, "{type: rect, fill: \"#f7f5ed\", bleed: true}");
      g_strv_builder_add (b, header);
      g_strv_builder_add (b, "{type: text, text: \"{title}\", x: 4, y: 3, w: 39, h: 9, "
                             "font: \"Sans Bold\", size: 11, color: \"#ffffff\"}");
      g_strv_builder_add (b, "{type: symbols, icon: star, count: \"{points}\", max: 10, x: 39, "
                             "y: 4.5, w: 20, size: 3.5, spacing: 0.3, align: right, "
                             "color: \"#ffffff\"}");
      g_strv_builder_add (b, "{type: component, x: 4, y: 20, w: 55, h: 24}");
      g_strv_builder_add (b, "{type: text, text: \"{text}\", x: 4, y: 49, w: 55, h: 29, "
                             "size: 10, shrink: true}");
      g_strv_builder_add (b, "{type: text, text: \"{game}\", x: 4, y: 81, w: 55, h: 4, size: 6, "
                             "italic: true, color: \"#66666b\"}");
    }
  else
    /* tiles, pieces and backs: the module's drawing, to build on */
    g_strv_builder_add (b, "{type: component}");
  layers = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return layers;
}

/* The faces @def can have, with their labels. */
static void
list_faces (TwFaceEditor *self,
            GPtrArray    *names,
            GtkStringList *labels)
{
  const TwDefinition *def = self->definition;

  if (def == NULL)
    return;
  if (def->n_cards > 0)
    {
      g_autoptr(GHashTable) kinds = g_hash_table_new (NULL, NULL);

      g_ptr_array_add (names, g_strdup ("card"));
      gtk_string_list_append (labels, _("Card fronts"));
      for (guint c = 0; c < def->n_cards; c++)
        {
          const TwCardKind *kind;
          g_autofree char *label = NULL;

          if (def->rules == NULL || def->cards[c].kind >= def->rules->n_card_kinds
              || !g_hash_table_add (kinds, GUINT_TO_POINTER (def->cards[c].kind + 1)))
            continue;
          kind = &def->rules->card_kinds[def->cards[c].kind];
          g_ptr_array_add (names, g_strconcat ("card.", kind->name, NULL));
          /* Translators: a face drawn on the cards of one kind, e.g. "Fronts of Island cards" */
          label = g_strdup_printf (_("Fronts of %s cards"), _(kind->title));
          gtk_string_list_append (labels, label);
        }
      g_ptr_array_add (names, g_strdup ("card-back"));
      gtk_string_list_append (labels, _("Card backs"));
    }
  if (def->n_tiles > 0)
    {
      g_ptr_array_add (names, g_strdup ("tile"));
      gtk_string_list_append (labels, _("Tiles"));
      g_ptr_array_add (names, g_strdup ("tile-back"));
      gtk_string_list_append (labels, _("Tile backs"));
    }
  if (def->n_pieces > 0)
    {
      g_ptr_array_add (names, g_strdup ("piece"));
      gtk_string_list_append (labels, _("Pieces"));
      for (guint p = 0; p < def->n_pieces; p++)
        {
          const TwPieceDef *piece = &def->pieces[p];
          /* Translators: a face drawn on one piece, e.g. "Piece L5" */
          g_autofree char *label = g_strdup_printf (_("Piece %s"),
                                                    piece->name ? piece->name : piece->id);

          g_ptr_array_add (names, g_strconcat ("piece.", piece->id, NULL));
          gtk_string_list_append (labels, label);
        }
    }
}

/* The piece the preview shows (its index in the definition), or -1. */
static gint
preview_piece (TwFaceEditor *self)
{
  guint selected = adw_combo_row_get_selected (self->subject_row);

  if (self->definition == NULL || self->definition->n_pieces == 0
      || self->subjects == NULL || selected >= self->subjects->len)
    return -1;
  return g_array_index (self->subjects, guint, selected) % self->definition->n_pieces;
}

/* ------------------------------------------------------------------------ */
/* The preview                                                               */

static void
face_size (TwFaceEditor     *self,
           TwExportSettings *settings,
           double           *w,
           double           *h)
{
  const char *name = current_face (self);
  gint kind;
  TwFaceTarget target = name ? target_of (name, &kind, self->definition) : TW_FACE_CARD;

  *settings = self->sizes;
  if (target == TW_FACE_TILE || target == TW_FACE_TILE_BACK)
    *w = *h = settings->tile_size;
  else if (target == TW_FACE_PIECE)
    {
      /* the piece's bounding box: what the face's lengths are measured on */
      gint piece = preview_piece (self);
      const TwPolyomino *poly = piece >= 0 ? &self->definition->pieces[piece].shape : NULL;

      *w = poly ? tw_polyomino_width (poly) * settings->piece_cell : settings->piece_cell;
      *h = poly ? tw_polyomino_height (poly) * settings->piece_cell : settings->piece_cell;
    }
  else
    {
      *w = settings->card_width;
      *h = settings->card_height;
    }
}

static const TwFaceLayer *selected_layer (TwFaceEditor *self);

/* The box of the layer in the form, outlined in the accent blue. */
static void
draw_layer_box (TwFaceEditor *self,
                cairo_t      *cr,
                double        w,
                double        h)
{
  const TwFaceLayer *l = selected_layer (self);
  double x, y;

  if (l == NULL)
    return;
  x = tw_face_length_mm (l->x, w);
  y = tw_face_length_mm (l->y, h);
  cairo_rectangle (cr, x, y, l->has_w ? tw_face_length_mm (l->w, w) : w - x,
                   l->has_h ? tw_face_length_mm (l->h, h) : h - y);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
  cairo_set_line_width (cr, 1.5 / PX_PER_MM);
  cairo_set_dash (cr, (double[]) { 2 / PX_PER_MM, 2 / PX_PER_MM }, 2, 0);
  cairo_stroke (cr);
}

static gboolean
has_cell (const TwPolyomino *poly,
          int                x,
          int                y)
{
  for (guint i = 0; i < poly->n; i++)
    if (poly->x[i] == x && poly->y[i] == y)
      return TRUE;
  return FALSE;
}

/* A piece's cut: the sides of its cells that no other cell shares. */
static void
piece_outline (cairo_t           *cr,
               const TwPolyomino *poly,
               double             cell)
{
  for (guint i = 0; i < poly->n; i++)
    {
      double x = poly->x[i] * cell, y = poly->y[i] * cell;

      if (!has_cell (poly, poly->x[i], poly->y[i] - 1))
        {
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + cell, y);
        }
      if (!has_cell (poly, poly->x[i] + 1, poly->y[i]))
        {
          cairo_move_to (cr, x + cell, y);
          cairo_line_to (cr, x + cell, y + cell);
        }
      if (!has_cell (poly, poly->x[i], poly->y[i] + 1))
        {
          cairo_move_to (cr, x, y + cell);
          cairo_line_to (cr, x + cell, y + cell);
        }
      if (!has_cell (poly, poly->x[i] - 1, poly->y[i]))
        {
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x, y + cell);
        }
    }
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TwFaceEditor *self = user_data;
  const char *name = current_face (self);
  guint selected = adw_combo_row_get_selected (self->subject_row);
  TwExportSettings settings;
  TwExportComponent what;
  double w, h, b;
  guint index = 0;
  gint kind;

  if (name == NULL || self->definition == NULL)
    return;
  face_size (self, &settings, &w, &h);
  b = settings.bleed;
  switch (target_of (name, &kind, self->definition))
    {
    case TW_FACE_TILE:
      what = TW_EXPORT_COMPONENT_TILE;
      break;
    case TW_FACE_CARD_BACK:
      what = TW_EXPORT_COMPONENT_CARD_BACK;
      break;
    case TW_FACE_TILE_BACK:
      what = TW_EXPORT_COMPONENT_TILE_BACK;
      break;
    case TW_FACE_PIECE:
      what = TW_EXPORT_COMPONENT_PIECE;
      break;
    case TW_FACE_CARD:
    default:
      what = TW_EXPORT_COMPONENT_CARD_FRONT;
      break;
    }
  if (what == TW_EXPORT_COMPONENT_TILE || what == TW_EXPORT_COMPONENT_CARD_FRONT
      || what == TW_EXPORT_COMPONENT_PIECE)
    {
      if (self->subjects == NULL || selected >= self->subjects->len)
        return;
      index = g_array_index (self->subjects, guint, selected);
    }
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  cairo_translate (cr, b, b);
  cairo_save (cr);
  tw_export_draw_component (cr, self->definition, what, index, &settings);
  cairo_restore (cr);
  /* the cut line, dashed: what is outside it is bleed */
  if (what == TW_EXPORT_COMPONENT_PIECE)
    piece_outline (cr, &self->definition->pieces[index % self->definition->n_pieces].shape,
                   settings.piece_cell);
  else
    cairo_rectangle (cr, 0, 0, w, h);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, 1 / PX_PER_MM);
  cairo_set_dash (cr, (double[]) { 4 / PX_PER_MM, 3 / PX_PER_MM }, 2, 0);
  cairo_stroke (cr);
  draw_layer_box (self, cr, w, h);
}

/* ------------------------------------------------------------------------ */
/* Updating                                                                  */

static void
update_subjects (TwFaceEditor *self)
{
  const char *name = current_face (self);
  const TwDefinition *def = self->definition;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint old = adw_combo_row_get_selected (self->subject_row);
  guint old_index = self->subjects != NULL && old < self->subjects->len
                    ? g_array_index (self->subjects, guint, old) : G_MAXUINT;
  guint reselect = 0;
  gint kind;
  TwFaceTarget target;

  g_array_set_size (self->subjects, 0);
  if (name == NULL || def == NULL)
    {
      adw_combo_row_set_model (self->subject_row, G_LIST_MODEL (labels));
      return;
    }
  target = target_of (name, &kind, def);
  if (target == TW_FACE_CARD)
    for (guint c = 0; c < def->n_cards; c++)
      {
        if (kind >= 0 && def->cards[c].kind != (guint) kind)
          continue;
        if (c == old_index)
          reselect = self->subjects->len;
        g_array_append_val (self->subjects, c);
        {
          g_autofree char *field = tw_face_field (def, TW_FACE_CARD, c, "title");
          gtk_string_list_append (labels, field != NULL ? field : def->cards[c].id);
        }
      }
  else if (target == TW_FACE_TILE)
    for (guint t = 0; t < def->n_tiles; t++)
      {
        if (t == old_index)
          reselect = self->subjects->len;
        g_array_append_val (self->subjects, t);
        gtk_string_list_append (labels, def->tiles[t].name ? def->tiles[t].name : def->tiles[t].id);
      }
  else if (target == TW_FACE_PIECE)
    /* every piece (or the one) in every colour's set: {color} differs */
    for (guint i = 0; i < tw_face_n_subjects (def, TW_FACE_PIECE); i++)
      {
        g_autofree char *id = tw_face_field (def, TW_FACE_PIECE, i, "name");
        g_autofree char *color = tw_face_field (def, TW_FACE_PIECE, i, "color-name");
        /* Translators: a piece in one colour's set, e.g. "L5, Blue" */
        g_autofree char *label = color ? g_strdup_printf (_("%s, %s"), id, color) : g_strdup (id);

        if (kind >= 0 && i % def->n_pieces != (guint) kind)
          continue;
        if (i == old_index)
          reselect = self->subjects->len;
        g_array_append_val (self->subjects, i);
        gtk_string_list_append (labels, label);
      }
  else
    gtk_string_list_append (labels, target == TW_FACE_CARD_BACK ? _("Every card")
                                                                 : _("Every tile"));
  adw_combo_row_set_model (self->subject_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (self->subject_row, reselect);
  gtk_widget_set_sensitive (GTK_WIDGET (self->subject_row),
                            target == TW_FACE_CARD || target == TW_FACE_TILE
                            || target == TW_FACE_PIECE);
}

/* A layer in a few words: its type and what it shows. */
static char *
layer_summary (const TwFaceLayer *l)
{
  switch (l->type)
    {
    case TW_LAYER_RECT:
      return g_strdup_printf ("%s%s%s", l->fill ? l->fill : "", l->fill && l->stroke ? ", " : "",
                              l->stroke ? l->stroke : "");
    case TW_LAYER_TEXT:
      return g_strdup (l->text ? l->text : "");
    case TW_LAYER_IMAGE:
      return g_strdup (l->file ? l->file : "");
    case TW_LAYER_ICON:
      return g_strdup (l->icon ? l->icon : "");
    case TW_LAYER_SYMBOLS:
      return g_strdup_printf ("%s × %s", l->icon ? l->icon : "", l->count ? l->count : "");
    case TW_LAYER_COMPONENT:
    default:
      return g_strdup (_("the rules module's drawing"));
    }
}

/* The folder the definition's files are named from, or NULL. */
static char *
definition_folder (const TwDefinition *def)
{
  if (def == NULL)
    return NULL;
  if (def->base_dir != NULL)
    return g_strdup (def->base_dir);
  if (def->path != NULL && g_path_is_absolute (def->path))
    return g_path_get_dirname (def->path);
  return NULL;
}

/* The layer in the form, or NULL. */
static const TwFaceLayer *
selected_layer (TwFaceEditor *self)
{
  const char *name = current_face (self);
  const TwFace *face = name != NULL ? written_face (self, name) : NULL;

  if (face == NULL || g_strcmp0 (self->layer_face, name) != 0 || self->layer >= face->n_layers)
    return NULL;
  return &face->layers[self->layer];
}

/* The layers of face @name as the text writes them (now), or NULL. */
static const TwNode *
text_layers (const TwNode *root,
             const char   *name)
{
  const TwNode *faces = tw_node_get (root, "faces");
  const TwNode *layers = faces != NULL && faces->type == TW_NODE_MAP ? tw_node_get (faces, name)
                                                                    : NULL;

  return layers != NULL && layers->type == TW_NODE_SEQ ? layers : NULL;
}

/* The byte offset of 1-based @line and @column in @text. */
static gsize
offset_of (const char *text,
           guint       line,
           guint       column)
{
  const char *p = text;

  for (guint l = 1; l < line && *p != '\0'; p++)
    if (*p == '\n')
      l++;
  for (guint c = 1; c < column && *p != '\0' && *p != '\n'; c++)
    p = g_utf8_next_char (p);
  return p - text;
}

/* The last check's problems inside @item, the layer in the form as the
 * text writes it now: an edit the loader refused is not in the definition,
 * but it is in the text and said there. */
static void
update_problems (TwFaceEditor *self,
                 const char   *text,
                 const TwNode *item)
{
  TwDiagnostics *diags = self->document != NULL
    ? tw_definition_document_get_diagnostics (self->document) : NULL;
  g_autoptr(GPtrArray) inside = g_ptr_array_new ();

  for (guint i = 0; diags != NULL && item != NULL && i < tw_diagnostics_get_n (diags); i++)
    {
      const TwDiag *d = tw_diagnostics_get (diags, i);
      gsize at = d->line > 0 ? offset_of (text, d->line, d->column) : 0;

      if (d->line > 0 && at >= item->start_offset
          && at < MAX (item->end_offset, item->start_offset + 1))
        g_ptr_array_add (inside, (gpointer) d);
    }
  tw_face_layer_form_set_problems (self->layer_form, inside);
}

/* Shows the selected layer in the form, or hides the form. The values are
 * the text's as it is now (a value the loader refused stays in the form, as
 * in the text), else the definition's. */
static void
update_form (TwFaceEditor *self)
{
  const char *name = current_face (self);
  const TwFace *face = name != NULL ? written_face (self, name) : NULL;
  const TwFaceLayer *l = selected_layer (self);
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = NULL;
  const TwNode *item = NULL;

  if (l != NULL && self->document != NULL
      && (root = tw_definition_document_parse_text (self->document, &text)) != NULL)
    {
      const TwNode *layers = text_layers (root, name);
      const TwNode *type;

      if (layers != NULL && self->layer < layers->n_children
          && (type = tw_node_get (layers->children[self->layer], "type")) != NULL
          && type->type == TW_NODE_SCALAR
          && g_strcmp0 (type->scalar, tw_face_layer_type_name (l->type)) == 0)
        item = layers->children[self->layer];
    }
  gtk_widget_set_visible (GTK_WIDGET (self->layer_form), l != NULL);
  if (l != NULL)
    {
      g_autofree char *folder = definition_folder (self->definition);

      tw_face_layer_form_set_layer (self->layer_form, item != NULL ? item : l->node, l->type,
                                    self->layer, face->n_layers, folder);
    }
  update_problems (self, text, item);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
layer_selected (TwFaceEditor  *self,
                GtkListBoxRow *row)
{
  if (self->updating)
    return;
  g_free (self->layer_face);
  self->layer_face = g_strdup (current_face (self));
  self->layer = row != NULL ? GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "layer"))
                            : G_MAXUINT;
  update_form (self);
}

static void
update_layers (TwFaceEditor *self,
               const TwFace *face)
{
  const char *name = current_face (self);
  gboolean had_focus;

  /* another face: its first layer in the form */
  if (g_strcmp0 (self->layer_face, name) != 0)
    {
      g_free (self->layer_face);
      self->layer_face = g_strdup (name);
      self->layer = 0;
    }
  if (face != NULL && face->n_layers > 0 && self->layer != G_MAXUINT)
    self->layer = MIN (self->layer, face->n_layers - 1);

  self->updating = TRUE;
  /* a key in the list moved or removed a layer: the focus stays in the list */
  had_focus = gtk_widget_get_focus_child (GTK_WIDGET (self->layer_list)) != NULL;
  for (guint i = 0; i < self->layer_rows->len; i++)
    gtk_list_box_remove (self->layer_list, self->layer_rows->pdata[i]);
  g_ptr_array_set_size (self->layer_rows, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->layers_group), face != NULL);
  for (guint i = 0; face != NULL && i < face->n_layers; i++)
    {
      const TwFaceLayer *l = &face->layers[i];
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_strdup_printf ("%u. %s", i + 1, tw_face_layer_type_name (l->type));
      g_autofree char *summary = layer_summary (l);
      g_autofree char *shown = g_markup_escape_text (summary, -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), shown);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
      g_object_set_data (G_OBJECT (row), "layer", GUINT_TO_POINTER (i));
      gtk_list_box_append (self->layer_list, row);
      g_ptr_array_add (self->layer_rows, row);
      if (i == self->layer)
        gtk_list_box_select_row (self->layer_list, GTK_LIST_BOX_ROW (row));
    }
  if (had_focus && self->layer < self->layer_rows->len)
    gtk_widget_grab_focus (self->layer_rows->pdata[self->layer]);
  self->updating = FALSE;
  update_form (self);
}

/* ------------------------------------------------------------------------ */
/* The layer form's edits                                                   */

static void
show_message (TwFaceEditor *self,
              const char   *message)
{
  g_signal_emit (self, signals[SHOW_MESSAGE], 0, message);
}

/* A new layer of @type for face @name as a one-line flow map: a box where a
 * designer would start, and only fields the face has. */
static char *
new_layer (const TwDefinition *def,
           const char         *name,
           const char         *type)
{
  gint kind;
  TwFaceTarget target = target_of (name, &kind, def);
  gboolean front = target == TW_FACE_CARD || target == TW_FACE_TILE || target == TW_FACE_PIECE;
  const char *words = target == TW_FACE_CARD ? "{title}"
                      : target == TW_FACE_TILE || target == TW_FACE_PIECE ? "{name}" : "{game}";
  const char *count = target == TW_FACE_CARD ? "{points}"
                      : target == TW_FACE_TILE ? "{count}"
                      : target == TW_FACE_PIECE ? "{size}" : "3";

  if (strcmp (type, "rect") == 0)
    return g_strdup ("{type: rect, x: 4, y: 4, w: 20, h: 10, fill: \"#383d4d\"}");
  if (strcmp (type, "text") == 0)
    return g_strdup_printf ("{type: text, text: \"%s\", x: 4, y: 4, w: 40, h: 8, size: 10}",
                            words);
  if (strcmp (type, "image") == 0)
    return g_strdup (front ? "{type: image, file: \"{art}\", x: 4, y: 4, w: 30, h: 30}"
                           : "{type: image, file: back.png, fit: cover, bleed: true}");
  if (strcmp (type, "icon") == 0)
    return g_strdup ("{type: icon, icon: star, x: 4, y: 4, w: 8, h: 8, color: \"#383d4d\"}");
  if (strcmp (type, "symbols") == 0)
    return g_strdup_printf ("{type: symbols, icon: star, count: \"%s\", x: 4, y: 4, w: 30, "
                            "size: 4, color: \"#383d4d\"}", count);
  if (strcmp (type, "component") == 0)
    return g_strdup ("{type: component}");
  return NULL;
}

/* The edit @what ("!add", "!up", "!down", "!remove" or a key to set to
 * @value, or remove when @value is NULL) makes of layer @index of @layers
 * (for "!add": the one to add after, G_MAXUINT for the last), and the
 * layer to show in the form then; NULL (with a message when it helps)
 * for none. */
static TwDesignEdit *
layer_edit (TwFaceEditor *self,
            const char   *text,
            const char   *name,
            const TwNode *layers,
            guint         index,
            const char   *what,
            const char   *value,
            guint        *next)
{
  const TwNode *item;
  TwDesignEdit *edit;

  if (strcmp (what, "!add") == 0)
    {
      g_autofree char *layer = new_layer (self->definition, name, value);

      if (layer == NULL)
        return NULL;
      if (index >= layers->n_children)
        index = layers->n_children > 0 ? layers->n_children - 1 : 0;
      *next = layers->n_children > 0 ? index + 1 : 0;
      edit = tw_design_edit_seq_insert_after (text, layers, index, layer);
      if (edit == NULL)
        show_message (self, _("Write the layer in the text: the face is not a list of layers "
                              "one under the other"));
      return edit;
    }
  if (index >= layers->n_children)
    {
      show_message (self, _("The layer is not in the text any more"));
      return NULL;
    }
  item = layers->children[index];
  *next = index;
  if (strcmp (what, "!up") == 0)
    {
      *next = index - 1;
      return index > 0 ? tw_design_edit_seq_swap (text, layers, index - 1) : NULL;
    }
  if (strcmp (what, "!down") == 0)
    {
      *next = index + 1;
      return tw_design_edit_seq_swap (text, layers, index);
    }
  if (strcmp (what, "!remove") == 0)
    {
      *next = index + 1 < layers->n_children ? index : index > 0 ? index - 1 : G_MAXUINT;
      return tw_design_edit_seq_remove (text, layers, index);
    }
  if (item->type != TW_NODE_MAP)
    return NULL;
  if (value != NULL)
    return tw_design_edit_map_set (text, item, what, value);
  if (tw_node_get (item, what) == NULL)
    return NULL;   /* nothing to remove: the layer already has the default */
  edit = tw_design_edit_map_remove (text, item, what);
  if (edit == NULL)
    show_message (self, _("This key cannot be removed from the form: edit it in the text"));
  return edit;
}

/* One edit of the form, made on the text as it is now and handed to the
 * page as one span (one step of undo). */
static void
apply_layer_edit (gpointer    owner,
                  const char *name,
                  const char *key,
                  const char *value)
{
  TwFaceEditor *self = owner;
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = NULL;
  g_autoptr(TwDesignEdit) edit = NULL;
  const TwNode *layers;
  char *end;
  guint index, next = G_MAXUINT;

  if (self->document == NULL)
    return;
  index = (guint) g_ascii_strtoull (key, &end, 10);
  root = tw_definition_document_parse_text (self->document, &text);
  if (root == NULL)
    {
      show_message (self, _("Fix the YAML syntax in the text first"));
      return;
    }
  layers = text_layers (root, name);
  if (layers == NULL)
    {
      show_message (self, _("The layer is not in the text any more"));
      return;
    }
  edit = layer_edit (self, text, name, layers, index, *end == ' ' ? end + 1 : end, value, &next);
  if (edit == NULL)
    return;
  g_free (self->layer_face);
  self->layer_face = g_strdup (name);
  self->layer = next;
  g_signal_emit (self, signals[APPLY_EDIT], 0, text, edit);
  /* a text that does not load leaves the definition, and so the list, as
   * they were: the selection follows the layer all the same */
  for (guint i = 0; i < self->layer_rows->len; i++)
    if (i == self->layer)
      {
        self->updating = TRUE;
        gtk_list_box_select_row (self->layer_list, self->layer_rows->pdata[i]);
        self->updating = FALSE;
      }
  update_form (self);
}

static void
add_layer_activated (GtkWidget  *widget,
                     const char *action,
                     GVariant   *parameter)
{
  TwFaceEditor *self = TW_FACE_EDITOR (widget);
  const char *name = current_face (self);
  g_autofree char *key = NULL;

  if (name == NULL || written_face (self, name) == NULL)
    return;
  /* after the layer in the form, else last */
  key = g_strdup_printf ("%u !add", g_strcmp0 (self->layer_face, name) == 0
                                    ? self->layer : G_MAXUINT);
  tw_pending_edits_push (&self->pending, name, key, g_variant_get_string (parameter, NULL));
}

static void
queue_layer_edit (TwFaceEditor *self,
                  const char   *what,
                  const char   *value)
{
  g_autofree char *key = NULL;

  if (self->layer_face == NULL || self->layer == G_MAXUINT)
    return;
  key = g_strdup_printf ("%u %s", self->layer, what);
  tw_pending_edits_push (&self->pending, self->layer_face, key, value);
}

static void
form_set_key (TwFaceEditor *self,
              const char   *key,
              const char   *value)
{
  queue_layer_edit (self, key, value);
}

static void
form_move (TwFaceEditor *self,
           int           delta)
{
  queue_layer_edit (self, delta < 0 ? "!up" : "!down", NULL);
}

static void
form_remove (TwFaceEditor *self)
{
  queue_layer_edit (self, "!remove", NULL);
}

/* design.layer-up, -down and -remove: the form's buttons from the keyboard */
static void
layer_key_activated (GtkWidget  *widget,
                     const char *action,
                     GVariant   *parameter)
{
  TwFaceEditor *self = TW_FACE_EDITOR (widget);

  if (strcmp (action, "design.layer-remove") == 0)
    form_remove (self);
  else
    form_move (self, strcmp (action, "design.layer-up") == 0 ? -1 : 1);
}

static void
form_show (TwFaceEditor *self)
{
  if (self->layer_face != NULL && self->layer != G_MAXUINT)
    g_signal_emit (self, signals[SHOW_LAYER], 0, self->layer_face, self->layer);
}

static void
update_source (TwFaceEditor *self)
{
  const char *name = current_face (self);
  const TwFace *face = name != NULL ? written_face (self, name) : NULL;
  TwExportSettings settings;
  double w, h;

  gtk_widget_set_sensitive (GTK_WIDGET (self->source_row), name != NULL);
  update_layers (self, face);
  if (face != NULL)
    {
      g_autofree char *title = NULL;
      g_autofree char *where = NULL;

      /* Translators: how many layers a face written in the text has */
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u layer", "%u layers",
                                            face->n_layers), face->n_layers);
      /* Translators: where a face is written in the definition's text */
      where = g_strdup_printf (_("Written at line %u"), face->node->line);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->source_row), title);
      adw_action_row_set_subtitle (self->source_row, where);
      gtk_button_set_label (self->source_button, _("_Show in Text"));
    }
  else
    {
      gint kind;
      gboolean general = name != NULL && g_str_has_prefix (name, "card.")
                         && written_face (self, "card") != NULL;
      gboolean every_piece = name != NULL && g_str_has_prefix (name, "piece.")
                             && written_face (self, "piece") != NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->source_row),
                                     general ? _("Drawn by the face of every card front")
                                     : every_piece ? _("Drawn by the face of every piece")
                                     : _("Drawn by the rules module"));
      adw_action_row_set_subtitle (self->source_row, "");
      gtk_button_set_label (self->source_button, _("_Add Face"));
      (void) kind;
    }
  face_size (self, &settings, &w, &h);
  gtk_drawing_area_set_content_width (self->preview, (int) ceil ((w + 2 * settings.bleed) * PX_PER_MM));
  gtk_drawing_area_set_content_height (self->preview, (int) ceil ((h + 2 * settings.bleed) * PX_PER_MM));
  {
    /* Translators: under the face preview: the size and the bleed in millimetres */
    g_autofree char *size = g_strdup_printf (_("Actual size: %g × %g mm, with %g mm of bleed "
                                               "outside the dashed cut line"),
                                             w, h, settings.bleed);
    gtk_label_set_text (self->size_label, size);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, size, -1);
  }
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
face_selected (TwFaceEditor *self)
{
  if (self->updating)
    return;
  update_subjects (self);
  update_source (self);
}

static void
subject_selected (TwFaceEditor *self)
{
  const char *name = current_face (self);
  gint kind;

  /* pieces differ in size: the preview takes the one chosen's */
  if (name != NULL && target_of (name, &kind, self->definition) == TW_FACE_PIECE)
    update_source (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
source_clicked (TwFaceEditor *self)
{
  const char *name = current_face (self);

  if (name == NULL)
    return;
  g_signal_emit (self, signals[written_face (self, name) ? SHOW_FACE : ADD_FACE], 0, name);
}

void
tw_face_editor_set_definition (TwFaceEditor *self,
                               TwDefinition *definition)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autofree char *old = NULL;
  gboolean same;

  g_return_if_fail (TW_IS_FACE_EDITOR (self));

  old = g_strdup (current_face (self));
  if (definition != NULL)
    tw_definition_ref (definition);
  g_clear_pointer (&self->definition, tw_definition_unref);
  self->definition = definition;

  list_faces (self, names, labels);
  same = self->face_names != NULL && names->len == self->face_names->len;
  for (guint i = 0; same && i < names->len; i++)
    same = strcmp (g_ptr_array_index (names, i), g_ptr_array_index (self->face_names, i)) == 0;
  if (!same)
    {
      guint reselect = 0;

      for (guint i = 0; old != NULL && i < names->len; i++)
        if (strcmp (g_ptr_array_index (names, i), old) == 0)
          reselect = i;
      g_clear_pointer (&self->face_names, g_ptr_array_unref);
      self->face_names = g_steal_pointer (&names);
      self->updating = TRUE;
      adw_combo_row_set_model (self->face_row, G_LIST_MODEL (labels));
      adw_combo_row_set_selected (self->face_row, reselect);
      self->updating = FALSE;
    }
  update_subjects (self);
  update_source (self);
}

void
tw_face_editor_set_document (TwFaceEditor         *self,
                             TwDefinitionDocument *document)
{
  g_return_if_fail (TW_IS_FACE_EDITOR (self));
  g_return_if_fail (document == NULL || TW_IS_DEFINITION_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "checked", G_CALLBACK (update_form), self,
                             G_CONNECT_SWAPPED);
  update_form (self);
}

void
tw_face_editor_set_sizes (TwFaceEditor           *self,
                          const TwExportSettings *settings)
{
  g_return_if_fail (TW_IS_FACE_EDITOR (self));
  g_return_if_fail (settings != NULL);

  self->sizes.card_width = settings->card_width;
  self->sizes.card_height = settings->card_height;
  self->sizes.tile_size = settings->tile_size;
  self->sizes.bleed = settings->bleed;
  update_source (self);
}

/* ------------------------------------------------------------------------ */
/* The GObject                                                               */

static void
tw_face_editor_dispose (GObject *object)
{
  TwFaceEditor *self = TW_FACE_EDITOR (object);

  tw_pending_edits_clear (&self->pending);
  /* the list's rows going would select none */
  self->updating = TRUE;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_FACE_EDITOR);
  G_OBJECT_CLASS (tw_face_editor_parent_class)->dispose (object);
}

static void
tw_face_editor_finalize (GObject *object)
{
  TwFaceEditor *self = TW_FACE_EDITOR (object);

  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->face_names, g_ptr_array_unref);
  g_clear_pointer (&self->subjects, g_array_unref);
  g_clear_pointer (&self->layer_rows, g_ptr_array_unref);
  g_free (self->layer_face);
  G_OBJECT_CLASS (tw_face_editor_parent_class)->finalize (object);
}

static void
tw_face_editor_class_init (TwFaceEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_face_editor_dispose;
  object_class->finalize = tw_face_editor_finalize;

  /**
   * TwFaceEditor::add-face:
   * @name: the face to add: "card", "card.KIND", "card-back", "tile", "tile-back",
   *   "piece", "piece.ID"
   *
   * The face is not written: the page adds tw_face_starter_layers() for it.
   */
  signals[ADD_FACE] = g_signal_new ("add-face", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * TwFaceEditor::show-face:
   * @name: the written face to select in the text
   */
  signals[SHOW_FACE] = g_signal_new ("show-face", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * TwFaceEditor::show-layer:
   * @name: the written face
   * @layer: the layer, 0 for the first
   *
   * The designer asked to see the layer in the form in the text.
   */
  signals[SHOW_LAYER] = g_signal_new ("show-layer", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING,
                                      G_TYPE_UINT);
  /**
   * TwFaceEditor::apply-edit:
   * @text: the document's text the edit was computed on (its text now)
   * @edit: the span of @text to replace, and with what
   *
   * A change in the layer form, as one span of the text to replace in one
   * undoable user action of the document's buffer.
   */
  signals[APPLY_EDIT] = g_signal_new ("apply-edit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                      G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                                      TW_TYPE_DESIGN_EDIT | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * TwFaceEditor::show-message:
   * @message: why an edit could not be made, and what to do
   */
  signals[SHOW_MESSAGE] = g_signal_new ("show-message", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                        G_TYPE_STRING);

  g_type_ensure (TW_TYPE_FACE_LAYER_FORM);
  gtk_widget_class_install_action (widget_class, "faces.add-layer", "s", add_layer_activated);
  gtk_widget_class_install_action (widget_class, "design.layer-up", NULL, layer_key_activated);
  gtk_widget_class_install_action (widget_class, "design.layer-down", NULL, layer_key_activated);
  gtk_widget_class_install_action (widget_class, "design.layer-remove", NULL,
                                   layer_key_activated);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/face-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, face_row);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, subject_row);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, source_row);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, source_button);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, size_label);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, layers_group);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, layer_list);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, layer_form);
}

static void
tw_face_editor_init (TwFaceEditor *self)
{
  /* on the list alone: Delete in one of the form's entries stays the entry's */
  static const struct { const char *trigger; const char *action; } keys[] = {
    { "<Alt>Up", "design.layer-up" },
    { "<Alt>Down", "design.layer-down" },
    { "Delete", "design.layer-remove" },
    { "KP_Delete", "design.layer-remove" },
  };
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  shortcuts = gtk_shortcut_controller_new ();
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self->layer_list), shortcuts);

  self->subjects = g_array_new (FALSE, FALSE, sizeof (guint));
  self->layer_rows = g_ptr_array_new ();
  self->layer = G_MAXUINT;
  tw_pending_edits_init (&self->pending, apply_layer_edit, self);
  tw_export_settings_init (&self->sizes);
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  g_signal_connect_swapped (self->face_row, "notify::selected", G_CALLBACK (face_selected), self);
  g_signal_connect_swapped (self->subject_row, "notify::selected", G_CALLBACK (subject_selected),
                            self);
  g_signal_connect_swapped (self->source_button, "clicked", G_CALLBACK (source_clicked), self);
  g_signal_connect_swapped (self->layer_list, "row-selected", G_CALLBACK (layer_selected), self);
  g_signal_connect_swapped (self->layer_form, "set-key", G_CALLBACK (form_set_key), self);
  g_signal_connect_swapped (self->layer_form, "move", G_CALLBACK (form_move), self);
  g_signal_connect_swapped (self->layer_form, "remove", G_CALLBACK (form_remove), self);
  g_signal_connect_swapped (self->layer_form, "show-in-text", G_CALLBACK (form_show), self);
  update_source (self);
}
