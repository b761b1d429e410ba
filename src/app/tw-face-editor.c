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

#include "tw-export.h"
#include "tw-rules.h"

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

  /* Owned */
  TwDefinition   *definition;
  GPtrArray      *face_names;     /* "card", "card.KIND", ... in face_row's order */
  GArray         *subjects;       /* guint: the cards or tiles subject_row lists */
  TwExportSettings sizes;         /* card and tile sizes, bleed: the Print view's */
  GPtrArray      *layer_rows;     /* the rows in layers_group */
  gboolean        updating;
};

enum
{
  ADD_FACE,
  SHOW_FACE,
  SHOW_LAYER,
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
    /* tiles and backs: the module's drawing, to build on */
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
  else
    {
      *w = settings->card_width;
      *h = settings->card_height;
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
    case TW_FACE_CARD:
    default:
      what = TW_EXPORT_COMPONENT_CARD_FRONT;
      break;
    }
  if (what == TW_EXPORT_COMPONENT_TILE || what == TW_EXPORT_COMPONENT_CARD_FRONT)
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
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, 1 / PX_PER_MM);
  cairo_set_dash (cr, (double[]) { 4 / PX_PER_MM, 3 / PX_PER_MM }, 2, 0);
  cairo_stroke (cr);
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
  else
    gtk_string_list_append (labels, target == TW_FACE_CARD_BACK ? _("Every card")
                                                                 : _("Every tile"));
  adw_combo_row_set_model (self->subject_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (self->subject_row, reselect);
  gtk_widget_set_sensitive (GTK_WIDGET (self->subject_row),
                            target == TW_FACE_CARD || target == TW_FACE_TILE);
}

static void
layer_activated (AdwActionRow *row,
                 TwFaceEditor *self)
{
  const char *name = current_face (self);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "layer"));

  if (name != NULL)
    g_signal_emit (self, signals[SHOW_LAYER], 0, name, index);
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

static void
update_layers (TwFaceEditor *self,
               const TwFace *face)
{
  static const char * const types[] = { "rect", "text", "image", "icon", "symbols", "component" };

  for (guint i = 0; i < self->layer_rows->len; i++)
    adw_preferences_group_remove (self->layers_group, self->layer_rows->pdata[i]);
  g_ptr_array_set_size (self->layer_rows, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->layers_group), face != NULL && face->n_layers > 0);
  for (guint i = 0; face != NULL && i < face->n_layers; i++)
    {
      const TwFaceLayer *l = &face->layers[i];
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_strdup_printf ("%u. %s", i + 1,
                                                l->type < G_N_ELEMENTS (types) ? types[l->type] : "?");
      g_autofree char *summary = layer_summary (l);
      g_autofree char *shown = g_markup_escape_text (summary, -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), shown);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data (G_OBJECT (row), "layer", GUINT_TO_POINTER (i));
      g_signal_connect (row, "activated", G_CALLBACK (layer_activated), self);
      adw_preferences_group_add (self->layers_group, row);
      g_ptr_array_add (self->layer_rows, row);
    }
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

      /* Translators: where a face is written in the definition's text */
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u layer, written at line %u",
                                            "%u layers, written at line %u", face->n_layers),
                               face->n_layers, face->node->line);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->source_row), title);
      gtk_button_set_label (self->source_button, _("_Show in Text"));
    }
  else
    {
      gint kind;
      gboolean general = name != NULL && g_str_has_prefix (name, "card.")
                         && written_face (self, "card") != NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->source_row),
                                     general ? _("Drawn by the face of every card front")
                                             : _("Drawn by the rules module"));
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
   * @name: the face to add: "card", "card.KIND", "card-back", "tile", "tile-back"
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
   * The designer picked a layer: select it in the text.
   */
  signals[SHOW_LAYER] = g_signal_new ("show-layer", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING,
                                      G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/face-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, face_row);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, subject_row);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, source_row);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, source_button);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, size_label);
  gtk_widget_class_bind_template_child (widget_class, TwFaceEditor, layers_group);
}

static void
tw_face_editor_init (TwFaceEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->subjects = g_array_new (FALSE, FALSE, sizeof (guint));
  self->layer_rows = g_ptr_array_new ();
  tw_export_settings_init (&self->sizes);
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  g_signal_connect_swapped (self->face_row, "notify::selected", G_CALLBACK (face_selected), self);
  g_signal_connect_swapped (self->subject_row, "notify::selected", G_CALLBACK (subject_selected),
                            self);
  g_signal_connect_swapped (self->source_button, "clicked", G_CALLBACK (source_clicked), self);
  update_source (self);
}
