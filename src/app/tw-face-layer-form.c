/* tw-face-layer-form.c: the form of one layer of a face
 *
 * See tw-face-layer-form.h. The rows come from one table of the keys
 * doc/faces.md defines, with the layer types each belongs to, so that the
 * form and the format stay side by side.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-face-layer-form.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-design-edit.h"

typedef enum
{
  ROW_WORDS,     /* an entry: any text, quoted as YAML needs */
  ROW_LENGTH,    /* an entry: 12, 12.5mm, 2cm, 50% */
  ROW_COLOR,     /* an entry with a colour button */
  ROW_FILE,      /* an entry with a file chooser */
  ROW_ICON,      /* an entry with a menu of the project's icons */
  ROW_NUMBER,    /* a spin button */
  ROW_SWITCH,
  ROW_CHOICE,    /* a combo row of words; the first may mean "no key" */
} RowKind;

#define T(t) (1u << TW_LAYER_##t)

typedef struct
{
  const char         *key;
  const char         *title;     /* N_() */
  RowKind             kind;
  guint               types;     /* the layer types that have it, T(TEXT) | ... */
  double              lo, hi, step, fallback;  /* NUMBER: range and the loader's default */
  guint               digits;
  gboolean            zero_removes;            /* NUMBER: 0 means "no key" */
  const char * const *words;     /* CHOICE: the values written, NULL-terminated;
                                    "" writes no key */
  const char * const *labels;    /* CHOICE: N_() labels of the words */
  gboolean            fallback_on;             /* SWITCH: the loader's default */
  gboolean            box;       /* in the "Position and Size" group */
} KeySpec;

static const char * const aligns[] = { "left", "center", "right", NULL };
static const char * const align_labels[] = { N_("Left"), N_("Center"), N_("Right"), NULL };
static const char * const valigns[] = { "top", "middle", "bottom", NULL };
static const char * const valign_labels[] = {
  N_("At the top"), N_("In the middle"), N_("At the bottom"), NULL
};
static const char * const fits[] = { "contain", "cover", "stretch", NULL };
static const char * const fit_labels[] = {
  N_("Contain: all of the image"), N_("Cover: the whole box, cropped"), N_("Stretch"), NULL
};
static const char * const weights[] = {
  "", "100", "200", "300", "normal", "500", "600", "bold", "800", "900", NULL
};
static const char * const weight_labels[] = {
  N_("The font’s own"), N_("Thin"), N_("Extra Light"), N_("Light"), N_("Normal"), N_("Medium"),
  N_("Semibold"), N_("Bold"), N_("Extra Bold"), N_("Black"), NULL
};

static const KeySpec keys[] = {
  { "text", N_("Text"), ROW_WORDS, T (TEXT) },
  { "font", N_("Font"), ROW_WORDS, T (TEXT) },
  { "size", N_("Size (pt)"), ROW_NUMBER, T (TEXT), 0, 400, 0.5, 0, 1, TRUE },
  { "weight", N_("Weight"), ROW_CHOICE, T (TEXT), .words = weights, .labels = weight_labels },
  { "italic", N_("Italic"), ROW_SWITCH, T (TEXT) },
  { "file", N_("Image file"), ROW_FILE, T (IMAGE) },
  { "fit", N_("Fit"), ROW_CHOICE, T (IMAGE), .words = fits, .labels = fit_labels },
  { "icon", N_("Icon"), ROW_ICON, T (ICON) | T (SYMBOLS) },
  { "count", N_("How many"), ROW_WORDS, T (SYMBOLS) },
  { "max", N_("At most"), ROW_NUMBER, T (SYMBOLS), 0, 100, 1, 100, 0 },
  { "size", N_("Symbol size (mm)"), ROW_NUMBER, T (SYMBOLS), 0.5, 200, 0.5, 4, 1 },
  { "spacing", N_("Spacing (mm)"), ROW_NUMBER, T (SYMBOLS), -100, 100, 0.1, 0.5, 1 },
  { "fill", N_("Fill colour"), ROW_COLOR, T (RECT) },
  { "stroke", N_("Line colour"), ROW_COLOR, T (RECT) },
  { "stroke-width", N_("Line width (mm)"), ROW_NUMBER, T (RECT), 0, 50, 0.1, 0.3, 2 },
  { "radius", N_("Corner radius (mm)"), ROW_NUMBER, T (RECT), 0, 500, 0.5, 0, 1 },
  { "color", N_("Colour"), ROW_COLOR, T (TEXT) | T (ICON) | T (SYMBOLS) },
  { "align", N_("Alignment"), ROW_CHOICE, T (TEXT) | T (SYMBOLS), .words = aligns,
    .labels = align_labels },
  { "valign", N_("Vertical alignment"), ROW_CHOICE, T (TEXT), .words = valigns,
    .labels = valign_labels },
  { "wrap", N_("Wrap at words"), ROW_SWITCH, T (TEXT), .fallback_on = TRUE },
  { "shrink", N_("Shrink to fit"), ROW_SWITCH, T (TEXT) },
  { "markup", N_("Pango markup"), ROW_SWITCH, T (TEXT) },
  { "bleed", N_("Run into the bleed"), ROW_SWITCH, T (RECT) | T (IMAGE) },
  { "x", N_("Left edge (x)"), ROW_LENGTH, ~0u, .box = TRUE },
  { "y", N_("Top edge (y)"), ROW_LENGTH, ~0u, .box = TRUE },
  { "w", N_("Width"), ROW_LENGTH, ~0u, .box = TRUE },
  { "h", N_("Height"), ROW_LENGTH, ~0u, .box = TRUE },
  { "opacity", N_("Opacity"), ROW_NUMBER, ~0u, 0, 1, 0.05, 1, 2, .box = TRUE },
};

typedef struct
{
  TwFaceLayerForm *form;
  const KeySpec   *spec;
  GtkWidget       *row;
  GtkWidget       *control;   /* the entry row, spin button, switch or combo row */
  GtkWidget       *color;     /* ROW_COLOR: the colour button */
} KeyRow;

struct _TwFaceLayerForm
{
  AdwBin               parent_instance;

  /* Template widgets */
  GtkListBox          *problems_list;
  AdwPreferencesGroup *group;
  AdwPreferencesGroup *box_group;
  GtkButton           *up_button;
  GtkButton           *down_button;

  /* Owned */
  GPtrArray           *rows;         /* of KeyRow */
  GPtrArray           *problem_rows;
  char                *folder;
  GtkNativeDialog     *chooser;

  /* what the rows were built for */
  TwLayerType          type;
  gboolean             built;
  gboolean             updating;     /* the rows are being set from the layer */
};

enum
{
  SET_KEY,
  MOVE,
  REMOVE,
  SHOW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TwFaceLayerForm, tw_face_layer_form, ADW_TYPE_BIN)

/* What a layer of each type draws, under the form's heading. */
static const char * const type_descriptions[] = {
  N_("rect: a rectangle or a frame"),
  N_("text: words, fields filled in"),
  N_("image: a PNG, JPEG or SVG file"),
  N_("icon: one icon or SVG file"),
  N_("symbols: an icon, once per point"),
  N_("component: the rules module’s own drawing"),
};

const char *
tw_face_layer_type_name (TwLayerType type)
{
  static const char * const names[] = { "rect", "text", "image", "icon", "symbols", "component" };

  return type < G_N_ELEMENTS (names) ? names[type] : "?";
}

/* ------------------------------------------------------------------------ */
/* Values: YAML source from a row, and a row from the layer's node          */

/* A length as typed, plain when YAML reads it back as typed (12, 12.5mm,
 * 50%), else quoted: the loader then says what is wrong with it. */
static char *
length_yaml (const char *text)
{
  gboolean plain = text[0] != '\0';

  for (const char *p = text; plain && *p != '\0'; p++)
    plain = g_ascii_isdigit (*p) || g_ascii_islower (*p) || strchr (".%+- ", *p) != NULL;
  return plain ? g_strstrip (g_strdup (text)) : tw_design_yaml_scalar (text);
}

static void
emit_set (KeyRow     *r,
          const char *value)
{
  if (!r->form->updating)
    g_signal_emit (r->form, signals[SET_KEY], 0, r->spec->key, value);
}

static void
entry_applied (KeyRow *r)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (r->control));
  g_autofree char *value = NULL;

  if (text[0] != '\0')
    value = r->spec->kind == ROW_LENGTH ? length_yaml (text) : tw_design_yaml_scalar (text);
  emit_set (r, value);
}

static void
number_changed (KeyRow *r)
{
  double v = gtk_spin_button_get_value (GTK_SPIN_BUTTON (r->control));
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (r->spec->zero_removes && v == 0)
    emit_set (r, NULL);
  else
    emit_set (r, g_ascii_formatd (buf, sizeof buf, "%g", v));
}

static void
switch_changed (KeyRow *r)
{
  emit_set (r, gtk_switch_get_active (GTK_SWITCH (r->control)) ? "true" : "false");
}

static void
choice_changed (KeyRow *r)
{
  guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (r->control));

  if (i >= g_strv_length ((char **) r->spec->words))
    return;
  emit_set (r, r->spec->words[i][0] != '\0' ? r->spec->words[i] : NULL);
}

/* Sets an entry row's text without offering to apply it: a text set from
 * the layer is not an edit. */
static void
set_entry_text (GtkWidget  *row,
                const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), text) == 0)
    return;
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), FALSE);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
}

/* The word of @spec the text @value means (a weight as a number is rounded
 * to the nearest hundred the list has), or -1. */
static gint
choice_index (const KeySpec *spec,
              const char    *value)
{
  for (guint i = 0; spec->words[i] != NULL; i++)
    if (g_strcmp0 (spec->words[i], value) == 0)
      return (gint) i;
  if (spec->words == weights && value != NULL && g_ascii_isdigit (value[0]))
    {
      gint hundreds = CLAMP ((gint) ((g_ascii_strtod (value, NULL) + 50) / 100), 1, 9);

      /* words[n] is n hundred ("normal" is 400, "bold" 700) */
      return hundreds;
    }
  return -1;
}

static void
set_row_value (KeyRow       *r,
               const TwNode *node)
{
  const TwNode *v = tw_node_get (node, r->spec->key);
  const char *text = v != NULL && v->type == TW_NODE_SCALAR ? v->scalar : NULL;

  switch (r->spec->kind)
    {
    case ROW_WORDS:
    case ROW_LENGTH:
    case ROW_COLOR:
    case ROW_FILE:
    case ROW_ICON:
      set_entry_text (r->control, text != NULL ? text : "");
      if (r->color != NULL)
        {
          GdkRGBA rgba = { 0.5, 0.5, 0.5, 1 };

          /* a colour id or a field shows grey: the text says what it is */
          if (text != NULL && text[0] == '#')
            gdk_rgba_parse (&rgba, text);
          gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (r->color), &rgba);
        }
      break;
    case ROW_NUMBER:
      {
        double d = r->spec->fallback;

        if (text != NULL)
          d = g_ascii_strtod (text, NULL);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (r->control), d);
      }
      break;
    case ROW_SWITCH:
      {
        gboolean on = r->spec->fallback_on;

        if (text != NULL)
          on = g_ascii_strcasecmp (text, "true") == 0 || g_ascii_strcasecmp (text, "yes") == 0
               || g_ascii_strcasecmp (text, "on") == 0;
        gtk_switch_set_active (GTK_SWITCH (r->control), on);
      }
      break;
    case ROW_CHOICE:
      {
        gint i = choice_index (r->spec, text);

        adw_combo_row_set_selected (ADW_COMBO_ROW (r->control), i >= 0 ? (guint) i : 0);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------------ */
/* Colours, files and icons chosen rather than typed                        */

static void
color_set (KeyRow *r)
{
  GdkRGBA rgba;
  g_autofree char *hex = NULL;
  g_autofree char *value = NULL;

  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (r->color), &rgba);
  if (rgba.alpha < 1)
    hex = g_strdup_printf ("#%02x%02x%02x%02x", (int) (rgba.red * 255 + 0.5),
                           (int) (rgba.green * 255 + 0.5), (int) (rgba.blue * 255 + 0.5),
                           (int) (rgba.alpha * 255 + 0.5));
  else
    hex = g_strdup_printf ("#%02x%02x%02x", (int) (rgba.red * 255 + 0.5),
                           (int) (rgba.green * 255 + 0.5), (int) (rgba.blue * 255 + 0.5));
  set_entry_text (r->control, hex);
  value = tw_design_yaml_scalar (hex);
  emit_set (r, value);
}

static void
file_chosen (GtkNativeDialog *dialog,
             int              response,
             gpointer         user_data)
{
  TwFaceLayerForm *self = user_data;
  KeyRow *r = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *value = NULL;
  const char *shown;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_clear_object (&self->chooser);
  /* the rows may have been rebuilt while the chooser was open */
  for (guint i = 0; i < self->rows->len; i++)
    if (((KeyRow *) self->rows->pdata[i])->spec->kind == ROW_FILE)
      r = self->rows->pdata[i];
  if (r == NULL || file == NULL || (path = g_file_get_path (file)) == NULL)
    return;
  shown = path;
  /* inside the definition's folder the text names it from there */
  if (self->folder != NULL)
    {
      g_autoptr(GFile) folder = g_file_new_for_path (self->folder);
      g_autofree char *relative = g_file_get_relative_path (folder, file);

      if (relative != NULL)
        {
          g_free (path);
          path = g_steal_pointer (&relative);
          shown = path;
        }
    }
  set_entry_text (r->control, shown);
  value = tw_design_yaml_scalar (shown);
  emit_set (r, value);
}

static void
choose_file (KeyRow *r)
{
  TwFaceLayerForm *self = r->form;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
    _("Choose an Image"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
    GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel")));
  gtk_file_filter_set_name (filter, _("PNG, JPEG and SVG images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/jpeg");
  gtk_file_filter_add_mime_type (filter, "image/svg+xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (self->folder != NULL)
    {
      g_autoptr(GFile) folder = g_file_new_for_path (self->folder);
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (file_chosen), self);
  gtk_native_dialog_show (self->chooser);
}

static void
icon_activated (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  TwFaceLayerForm *self = TW_FACE_LAYER_FORM (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      KeyRow *r = self->rows->pdata[i];

      if (r->spec->kind == ROW_ICON)
        {
          set_entry_text (r->control, name);
          emit_set (r, name);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Building the rows                                                         */

static GtkWidget *
suffix_button (const char *icon,
               const char *label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, label);
  tw_app_set_accessible_label (button, label);
  return button;
}

static KeyRow *
key_row_new (TwFaceLayerForm *self,
             const KeySpec   *spec)
{
  KeyRow *r = g_new0 (KeyRow, 1);
  const char *title = _(spec->title);

  r->form = self;
  r->spec = spec;
  switch (spec->kind)
    {
    case ROW_WORDS:
    case ROW_LENGTH:
    case ROW_COLOR:
    case ROW_FILE:
    case ROW_ICON:
      r->row = r->control = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (r->row), title);
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (r->row), TRUE);
      g_signal_connect_swapped (r->row, "apply", G_CALLBACK (entry_applied), r);
      if (spec->kind == ROW_COLOR)
        {
          r->color = gtk_color_button_new ();
          gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (r->color), TRUE);
          gtk_widget_set_valign (r->color, GTK_ALIGN_CENTER);
          gtk_widget_set_tooltip_text (r->color, _("Choose a colour"));
          tw_app_set_accessible_label (r->color, title);
          g_signal_connect_swapped (r->color, "color-set", G_CALLBACK (color_set), r);
          adw_entry_row_add_suffix (ADW_ENTRY_ROW (r->row), r->color);
        }
      else if (spec->kind == ROW_FILE)
        {
          GtkWidget *button = suffix_button ("document-open-symbolic", _("Choose an Image"));

          g_signal_connect_swapped (button, "clicked", G_CALLBACK (choose_file), r);
          adw_entry_row_add_suffix (ADW_ENTRY_ROW (r->row), button);
        }
      else if (spec->kind == ROW_ICON)
        {
          g_autoptr(GMenu) menu = g_menu_new ();
          const char * const *names = tw_face_icon_names ();
          GtkWidget *button = gtk_menu_button_new ();

          for (guint i = 0; names[i] != NULL; i++)
            {
              g_autoptr(GMenuItem) item = g_menu_item_new (names[i], NULL);

              g_menu_item_set_action_and_target (item, "layer.icon", "s", names[i]);
              g_menu_append_item (menu, item);
            }
          gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
          gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (button, "flat");
          gtk_widget_set_tooltip_text (button, _("The project’s icons"));
          tw_app_set_accessible_label (button, _("The project’s icons"));
          adw_entry_row_add_suffix (ADW_ENTRY_ROW (r->row), button);
        }
      break;
    case ROW_NUMBER:
      r->row = tw_app_row_new (title, spec->zero_removes ? _("0: the font’s own size") : NULL);
      r->control = GTK_WIDGET (tw_app_spin_new (spec->lo, spec->hi, spec->step, spec->fallback,
                                                spec->digits, title));
      adw_action_row_add_suffix (ADW_ACTION_ROW (r->row), r->control);
      g_signal_connect_swapped (r->control, "value-changed", G_CALLBACK (number_changed), r);
      break;
    case ROW_SWITCH:
      r->row = tw_app_row_new (title, NULL);
      r->control = gtk_switch_new ();
      gtk_widget_set_valign (r->control, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (r->control),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (r->row), r->control);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (r->row), r->control);
      g_signal_connect_swapped (r->control, "notify::active", G_CALLBACK (switch_changed), r);
      break;
    case ROW_CHOICE:
      {
        g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

        for (guint i = 0; spec->labels[i] != NULL; i++)
          gtk_string_list_append (labels, _(spec->labels[i]));
        r->row = r->control = adw_combo_row_new ();
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (r->row), title);
        adw_combo_row_set_model (ADW_COMBO_ROW (r->row), G_LIST_MODEL (labels));
        g_signal_connect_swapped (r->row, "notify::selected", G_CALLBACK (choice_changed), r);
      }
      break;
    default:
      g_assert_not_reached ();
    }
  return r;
}

static void
clear_rows (TwFaceLayerForm *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      KeyRow *r = self->rows->pdata[i];

      adw_preferences_group_remove (r->spec->box ? self->box_group : self->group, r->row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

static void
build_rows (TwFaceLayerForm *self,
            TwLayerType      type)
{
  clear_rows (self);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (keys[i].types & (1u << type))
      {
        KeyRow *r = key_row_new (self, &keys[i]);

        adw_preferences_group_add (keys[i].box ? self->box_group : self->group, r->row);
        g_ptr_array_add (self->rows, r);
      }
}

void
tw_face_layer_form_set_layer (TwFaceLayerForm *self,
                              const TwNode    *node,
                              TwLayerType      type,
                              guint            index,
                              guint            n_layers,
                              const char      *folder)
{
  g_autofree char *title = NULL;

  g_return_if_fail (TW_IS_FACE_LAYER_FORM (self));
  g_return_if_fail (node != NULL);
  g_return_if_fail (type < G_N_ELEMENTS (type_descriptions));

  self->updating = TRUE;
  if (!self->built || self->type != type)
    {
      build_rows (self, type);
      self->type = type;
      self->built = TRUE;
    }
  g_free (self->folder);
  self->folder = g_strdup (folder);
  for (guint i = 0; i < self->rows->len; i++)
    set_row_value (self->rows->pdata[i], node);
  self->updating = FALSE;

  /* Translators: the heading of a face layer's form, its place in the list */
  title = g_strdup_printf (_("Layer %u"), index + 1);
  adw_preferences_group_set_title (self->group, title);
  adw_preferences_group_set_description (self->group, _(type_descriptions[type]));
  gtk_widget_set_sensitive (GTK_WIDGET (self->up_button), index > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->down_button), index + 1 < n_layers);
}

void
tw_face_layer_form_set_problems (TwFaceLayerForm *self,
                                 GPtrArray       *diags)
{
  g_return_if_fail (TW_IS_FACE_LAYER_FORM (self));

  for (guint i = 0; i < self->problem_rows->len; i++)
    gtk_list_box_remove (self->problems_list, self->problem_rows->pdata[i]);
  g_ptr_array_set_size (self->problem_rows, 0);
  for (guint i = 0; diags != NULL && i < diags->len; i++)
    {
      const TwDiag *diag = diags->pdata[i];
      g_autofree char *message = diag->hint != NULL
        ? g_strdup_printf ("%s (%s)", diag->message, diag->hint) : g_strdup (diag->message);
      /* Translators: a problem's position in the text: line:column */
      g_autofree char *where = g_strdup_printf (_("%u:%u"), diag->line, diag->column);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *icon, *label;
      gboolean error = diag->level == TW_DIAG_ERROR;

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), message);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 3);
      icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic"
                                                 : "dialog-warning-symbolic");
      gtk_widget_add_css_class (icon, error ? "error" : "warning");
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      label = gtk_label_new (where);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_add_css_class (label, "dim-label");
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), label);
      gtk_list_box_append (self->problems_list, row);
      g_ptr_array_add (self->problem_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problems_list), self->problem_rows->len > 0);
}

/* ------------------------------------------------------------------------ */
/* The GObject                                                               */

static void
up_clicked (TwFaceLayerForm *self)
{
  g_signal_emit (self, signals[MOVE], 0, -1);
}

static void
down_clicked (TwFaceLayerForm *self)
{
  g_signal_emit (self, signals[MOVE], 0, 1);
}

static void
remove_clicked (TwFaceLayerForm *self)
{
  g_signal_emit (self, signals[REMOVE], 0);
}

static void
show_clicked (TwFaceLayerForm *self)
{
  g_signal_emit (self, signals[SHOW], 0);
}

static void
tw_face_layer_form_dispose (GObject *object)
{
  TwFaceLayerForm *self = TW_FACE_LAYER_FORM (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_FACE_LAYER_FORM);
  G_OBJECT_CLASS (tw_face_layer_form_parent_class)->dispose (object);
}

static void
tw_face_layer_form_finalize (GObject *object)
{
  TwFaceLayerForm *self = TW_FACE_LAYER_FORM (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->problem_rows, g_ptr_array_unref);
  g_free (self->folder);
  G_OBJECT_CLASS (tw_face_layer_form_parent_class)->finalize (object);
}

static void
tw_face_layer_form_class_init (TwFaceLayerFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_face_layer_form_dispose;
  object_class->finalize = tw_face_layer_form_finalize;

  /**
   * TwFaceLayerForm::set-key:
   * @key: the layer's key ("size", "x", ...)
   * @value: (nullable): its new value as YAML source, or NULL to remove it
   */
  signals[SET_KEY] = g_signal_new ("set-key", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * TwFaceLayerForm::move:
   * @delta: -1: draw the layer before the one before it; 1: after the next
   */
  signals[MOVE] = g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /** TwFaceLayerForm::remove: the layer is to go */
  signals[REMOVE] = g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /** TwFaceLayerForm::show-in-text: select the layer in the text */
  signals[SHOW] = g_signal_new ("show-in-text", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "layer.icon", "s", icon_activated);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/face-layer-form.ui");
  gtk_widget_class_bind_template_child (widget_class, TwFaceLayerForm, problems_list);
  gtk_widget_class_bind_template_child (widget_class, TwFaceLayerForm, group);
  gtk_widget_class_bind_template_child (widget_class, TwFaceLayerForm, box_group);
  gtk_widget_class_bind_template_child (widget_class, TwFaceLayerForm, up_button);
  gtk_widget_class_bind_template_child (widget_class, TwFaceLayerForm, down_button);
  gtk_widget_class_bind_template_callback (widget_class, up_clicked);
  gtk_widget_class_bind_template_callback (widget_class, down_clicked);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked);
  gtk_widget_class_bind_template_callback (widget_class, show_clicked);
}

static void
tw_face_layer_form_init (TwFaceLayerForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new_with_free_func (g_free);
  self->problem_rows = g_ptr_array_new ();
}
