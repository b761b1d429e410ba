/* tw-card-editor.c: the Design view's form for one card, with its print preview
 *
 * The rows are built from the rules module's card catalogue: nothing here
 * knows a game. A change in a row is queued and announced from an idle as
 * ::edit (one key of the card, as YAML source; NULL to remove the key) or,
 * for a new kind, ::change-kind with the params map the new kind needs:
 * parameters the two kinds share by name and type keep their values,
 * required ones the card lacks get the kind's defaults, and the rest go.
 *
 * A text parameter the module declares an expression (TwParamSpec's
 * `expression`) is checked as it is typed against the module's vocabulary,
 * its error shown under it with its column, and written only when it
 * compiles; the kind that takes a condition is offered as "Custom
 * condition".
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-card-editor.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-export.h"
#include "tw-expr.h"
#include "tw-rules.h"

#define SHAPE_GRID_MIN 5   /* the shape drawing grid: at least 5 x 5 cells */

typedef struct
{
  TwCardEditor      *editor;
  guint              index;       /* into the kind's params */
  const TwParamSpec *spec;
  GtkWidget         *row;
  GtkWidget         *control;     /* switch, spin button, combo row or entry row */
  GPtrArray         *cells;       /* SHAPE: the grid's toggle buttons, row by row */
  guint              grid;        /* SHAPE: cells per side */
  GtkWidget         *error_row;   /* an expression: its error, under the entry */
  gboolean           valid;       /* an expression: the entry's text compiles */
} ParamRow;

struct _TwCardEditor
{
  AdwBin               parent_instance;

  /* Template widgets */
  GtkListBox          *card_list;
  GtkStack            *stack;
  GtkLabel            *hint_label;
  GtkDrawingArea      *preview;
  AdwPreferencesGroup *card_group;
  AdwComboRow         *kind_row;
  GtkBox              *params_box;
  AdwEntryRow         *title_row;
  AdwEntryRow         *text_row;
  GtkSpinButton       *points_spin;
  GtkSpinButton       *count_spin;

  /* Owned */
  TwDefinition        *definition;
  char                *card_id;
  char                *form_id;      /* the card, module and kind the rows were built for */
  const TwRules       *form_rules;
  guint                form_kind;
  GPtrArray           *params;       /* of ParamRow */
  GtkWidget           *params_group;
  TwPendingEdits       pending;      /* card id; key, NULL: a change of kind; YAML value,
                                        NULL: the key (or the params) removed */
  double               card_width;   /* mm: the Print view's card size */
  double               card_height;

  gboolean             updating;     /* the rows are being set from the definition */
  gboolean             listing;      /* the list is being rebuilt */
};

G_DEFINE_FINAL_TYPE (TwCardEditor, tw_card_editor, ADW_TYPE_BIN)

enum
{
  EDIT,
  CHANGE_KIND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void set_entry_text (AdwEntryRow *row,
                            const char  *text);

/* ------------------------------------------------------------------------ */
/* YAML values                                                              */

/* Plain scalars the loader would read as something other than a string. */
static gboolean
is_reserved_word (const char *text)
{
  static const char * const words[] = {
    "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", NULL
  };

  for (guint i = 0; words[i] != NULL; i++)
    if (g_ascii_strcasecmp (text, words[i]) == 0)
      return TRUE;
  return FALSE;
}

static char *
yaml_quote (const char *text)
{
  GString *s;
  gboolean plain = g_ascii_isalpha (text[0]) && !is_reserved_word (text)
                   && !g_ascii_isspace (text[strlen (text) - 1]);

  /* letters, digits, spaces and harmless punctuation read back as the same
   * string, also inside a flow map; anything else is quoted */
  for (const char *p = text; plain && *p != '\0'; p++)
    plain = g_ascii_isalnum (*p) || strchr (" .'()!?-_", *p) != NULL || (guchar) *p >= 0x80;
  if (plain)
    return g_strdup (text);

  s = g_string_new ("\"");
  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
      case '"':  g_string_append (s, "\\\""); break;
      case '\\': g_string_append (s, "\\\\"); break;
      case '\n': g_string_append (s, "\\n"); break;
      case '\t': g_string_append (s, "\\t"); break;
      case '\r': g_string_append (s, "\\r"); break;
      default:
        if ((guchar) *p < 0x20)
          g_string_append_printf (s, "\\x%02x", (guchar) *p);
        else
          g_string_append_c (s, *p);
      }
  g_string_append_c (s, '"');
  return g_string_free (s, FALSE);
}

/* A shape as the rows the loader reads: ["#.", "##"]. */
static char *
shape_yaml (const TwPolyomino *poly)
{
  g_autofree char *rows = tw_polyomino_to_string (poly);
  g_auto(GStrv) lines = g_strsplit (rows, "/", -1);
  GString *s = g_string_new ("[");

  for (guint i = 0; lines[i] != NULL; i++)
    g_string_append_printf (s, "%s\"%s\"", i > 0 ? ", " : "", lines[i]);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

/* The value of parameter @p of @card as YAML source, NULL when it has none. */
static char *
param_yaml (const TwDefinition *def,
            const TwCardDef    *card,
            const TwCardKind   *kind,
            guint               p)
{
  const TwParamSpec *spec = &kind->params[p];
  int v = card->params[p];

  switch (spec->type)
    {
    case TW_VALUE_BOOL:
      return g_strdup (v ? "true" : "false");
    case TW_VALUE_INT:
      return g_strdup_printf ("%d", v);
    case TW_VALUE_CHOICE:
      for (int i = 0; spec->choices != NULL && spec->choices[i] != NULL; i++)
        if (i == v)
          return g_strdup (spec->choices[i]);
      return NULL;
    case TW_VALUE_COLOR:
      return v >= 0 && (guint) v < def->n_colors ? g_strdup (def->colors[v].id) : NULL;
    case TW_VALUE_SHAPE:
      return card->shape.n > 0 ? shape_yaml (&card->shape) : NULL;
    case TW_VALUE_TEXT:
      return card->text_param != NULL ? yaml_quote (card->text_param) : NULL;
    default:
      return NULL;
    }
}

/* What a new card of @spec's kind gets for it. */
static char *
default_yaml (const TwDefinition *def,
              const TwParamSpec  *spec)
{
  switch (spec->type)
    {
    case TW_VALUE_BOOL:
      return g_strdup (spec->default_value ? "true" : "false");
    case TW_VALUE_INT:
      return g_strdup_printf ("%d", CLAMP (spec->default_value, spec->min, spec->max));
    case TW_VALUE_CHOICE:
      return spec->choices != NULL && spec->choices[0] != NULL
             ? g_strdup (spec->choices[MAX (spec->default_value, 0)]) : NULL;
    case TW_VALUE_COLOR:
      if (def->n_colors == 0)
        return NULL;
      return g_strdup (def->colors[spec->default_value >= 0
                                   && (guint) spec->default_value < def->n_colors
                                   ? spec->default_value : 0].id);
    case TW_VALUE_SHAPE:
      return g_strdup ("[\"##\"]");
    case TW_VALUE_TEXT:
      /* an expression starts as the plainest one of its type that compiles:
       * a condition never met, no points */
      if (spec->expression == TW_EXPR_BOOL)
        return yaml_quote ("false");
      if (spec->expression == TW_EXPR_NUMBER)
        return yaml_quote ("0");
      return g_strdup ("\"\"");
    default:
      return NULL;
    }
}

/* Whether @spec is an expression this build's module can check. */
static gboolean
is_expression (const TwDefinition *def,
               const TwParamSpec  *spec)
{
  return spec->type == TW_VALUE_TEXT && spec->expression != 0
         && def->rules->expr_vocabulary != NULL;
}

/* What the kind list calls @kind: its name, or "Custom condition" for a kind
 * whose parameter is a condition written as an expression (the row's
 * subtitle says what it does; the list is narrow). */
static char *
kind_label (const TwDefinition *def,
            const TwCardKind   *kind)
{
  for (guint p = 0; p < kind->n_params; p++)
    if (is_expression (def, &kind->params[p]))
      return g_strdup (kind->params[p].expression == TW_EXPR_BOOL
                       /* Translators: a card kind whose condition the
                        * designer writes as an expression */
                       ? _("Custom condition")
                       /* Translators: a card kind whose value the designer
                        * writes as an expression */
                       : _("Custom expression"));
  return g_strdup (kind->name);
}

static gboolean
choice_exists (const TwParamSpec *spec,
               const char        *word)
{
  for (guint i = 0; spec->choices != NULL && spec->choices[i] != NULL; i++)
    if (g_strcmp0 (spec->choices[i], word) == 0)
      return TRUE;
  return FALSE;
}

/* The params map @card needs as a card of @to, or NULL when it needs none. */
static char *
params_for_kind (const TwDefinition *def,
                 const TwCardDef    *card,
                 const TwCardKind   *from,
                 const TwCardKind   *to)
{
  g_autoptr(GString) s = g_string_new ("{");
  const TwNode *written = tw_node_get (card->node, "params");
  gboolean any = FALSE;

  for (guint p = 0; p < to->n_params; p++)
    {
      const TwParamSpec *spec = &to->params[p];
      g_autofree char *value = NULL;

      for (guint q = 0; q < from->n_params && value == NULL; q++)
        /* only what the designer wrote: defaults of the old kind stay unsaid */
        if (g_strcmp0 (from->params[q].name, spec->name) == 0
            && from->params[q].type == spec->type
            && tw_node_get (written, spec->name) != NULL)
          {
            value = param_yaml (def, card, from, q);
            if (value != NULL && spec->type == TW_VALUE_CHOICE && !choice_exists (spec, value))
              g_clear_pointer (&value, g_free);
            if (value != NULL && spec->type == TW_VALUE_INT)
              {
                g_free (value);
                value = g_strdup_printf ("%d", CLAMP (card->params[q], spec->min, spec->max));
              }
          }
      if (value == NULL && spec->required)
        value = default_yaml (def, spec);
      if (value == NULL)
        continue;
      g_string_append_printf (s, "%s%s: %s", any ? ", " : "", spec->name, value);
      any = TRUE;
    }
  g_string_append_c (s, '}');
  return any ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Announcing edits                                                         */

static void
emit_edit (gpointer    owner,
           const char *id,
           const char *key,
           const char *value)
{
  TwCardEditor *self = owner;

  if (key == NULL)
    {
      g_auto(GStrv) parts = g_strsplit (value, "\n", 2);

      g_signal_emit (self, signals[CHANGE_KIND], 0, id, parts[0],
                     parts[1] != NULL && parts[1][0] != '\0' ? parts[1] : NULL);
    }
  else
    g_signal_emit (self, signals[EDIT], 0, id, key, value);
}

/* From a control's signal handler: the text changes only from an idle, as
 * re-laying out the text view while, say, a switch toggles upsets GTK 4.8. */
static void
queue_edit (TwCardEditor *self,
            const char   *key,
            const char   *value)
{
  tw_pending_edits_push (&self->pending, self->card_id, key, value);
}

/* ------------------------------------------------------------------------ */
/* The card shown                                                           */

static const TwCardDef *
current_card (TwCardEditor *self)
{
  gint i;

  if (self->definition == NULL || self->card_id == NULL)
    return NULL;
  i = tw_definition_find_card (self->definition, self->card_id);
  return i >= 0 ? &self->definition->cards[i] : NULL;
}

static const TwCardKind *
card_kind (const TwDefinition *def,
           const TwCardDef    *card)
{
  return card->kind < def->rules->n_card_kinds ? &def->rules->card_kinds[card->kind] : NULL;
}

/* ------------------------------------------------------------------------ */
/* Parameter rows                                                           */

static void
param_row_free (gpointer data)
{
  ParamRow *r = data;

  /* rows may outlive the form (accessibility holds references): their
   * handlers must not reach the freed row data */
  if (r->control != NULL)
    g_signal_handlers_disconnect_by_data (r->control, r);
  for (guint i = 0; r->cells != NULL && i < r->cells->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (r->cells, i), r);
  g_clear_pointer (&r->cells, g_ptr_array_unref);
  g_free (r);
}

/* Compiles the entry's text against the module's vocabulary and shows
 * the first error under the entry, at its column. */
static void
check_expression (ParamRow *r)
{
  const TwDefinition *def = r->editor->definition;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (r->control));
  g_autoptr(GError) error = NULL;
  g_autoptr(TwExprProgram) program = NULL;
  TwExprWhere where = { 0, };

  if (def == NULL)
    return;
  program = tw_expr_compile (text, -1, def->rules->expr_vocabulary, def,
                             (TwExprType) r->spec->expression, &where, &error);
  r->valid = program != NULL;
  if (r->valid)
    {
      gtk_widget_remove_css_class (r->control, "error");
      gtk_widget_set_visible (r->error_row, FALSE);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (r->control),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  else
    {
      glong column = g_utf8_pointer_to_offset (text, text + MIN (where.offset, strlen (text))) + 1;
      g_autofree char *message = NULL;

      message = where.hint != NULL
                /* Translators: an expression's error under its entry: the
                 * column, the message and a hint ("did you mean 'shapes'?") */
                ? g_strdup_printf (_("Column %ld: %s (%s)"), column, error->message, where.hint)
                /* Translators: an expression's error under its entry */
                : g_strdup_printf (_("Column %ld: %s"), column, error->message);
      gtk_widget_add_css_class (r->control, "error");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (r->error_row), message);
      gtk_widget_set_visible (r->error_row, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (r->control),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    }
  tw_expr_where_clear (&where);
}

static void
param_changed (ParamRow *r)
{
  TwCardEditor *self = r->editor;
  const TwCardDef *card = current_card (self);
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;
  g_autofree char *old = NULL;

  if (self->updating || card == NULL)
    return;
  key = g_strconcat ("params.", r->spec->name, NULL);
  switch (r->spec->type)
    {
    case TW_VALUE_BOOL:
      value = g_strdup (gtk_switch_get_active (GTK_SWITCH (r->control)) ? "true" : "false");
      break;
    case TW_VALUE_INT:
      value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (r->control)));
      break;
    case TW_VALUE_CHOICE:
      {
        guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (r->control));

        if (i == GTK_INVALID_LIST_POSITION)
          return;
        value = g_strdup (r->spec->choices[i]);
      }
      break;
    case TW_VALUE_COLOR:
      {
        guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (r->control));

        /* an optional colour lists "any" first: choosing it removes the key */
        if (!r->spec->required)
          {
            if (i == 0)
              break;
            i--;
          }
        if (i >= self->definition->n_colors)
          return;
        value = g_strdup (self->definition->colors[i].id);
      }
      break;
    case TW_VALUE_TEXT:
      /* an expression that does not compile stays in the entry, with its
       * error, until it does */
      if (r->error_row != NULL && !r->valid)
        {
          gtk_widget_error_bell (r->control);
          return;
        }
      value = yaml_quote (gtk_editable_get_text (GTK_EDITABLE (r->control)));
      break;
    case TW_VALUE_SHAPE:
      {
        TwPolyomino poly = { 0 };

        for (guint i = 0; i < r->cells->len; i++)
          if (gtk_toggle_button_get_active (g_ptr_array_index (r->cells, i))
              && poly.n < TW_POLY_MAX_CELLS)
            {
              poly.x[poly.n] = (gint8) (i % r->grid);
              poly.y[poly.n] = (gint8) (i / r->grid);
              poly.n++;
            }
        if (poly.n == 0)
          {
            /* a card pictures at least one cell: switch the last one back on */
            self->updating = TRUE;
            for (guint i = 0; i < card->shape.n; i++)
              {
                if ((guint) card->shape.x[i] < r->grid && (guint) card->shape.y[i] < r->grid)
                  gtk_toggle_button_set_active (g_ptr_array_index (r->cells, card->shape.y[i] * r->grid
                                                                   + card->shape.x[i]), TRUE);
              }
            self->updating = FALSE;
            return;
          }
        tw_polyomino_normalize (&poly);
        value = shape_yaml (&poly);
      }
      break;
    default:
      return;
    }
  old = param_yaml (self->definition, card, card_kind (self->definition, card), r->index);
  if (g_strcmp0 (old, value) == 0)
    return;
  queue_edit (self, key, value);
}

static void
shape_cell_toggled (GtkToggleButton *cell,
                    ParamRow        *r)
{
  param_changed (r);
}

static GtkWidget *
shape_grid_new (ParamRow *r,
                guint     size)
{
  GtkWidget *grid = gtk_grid_new ();

  r->grid = size;
  r->cells = g_ptr_array_new ();
  gtk_widget_add_css_class (grid, "shape-grid");
  gtk_widget_set_valign (grid, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  for (guint y = 0; y < size; y++)
    for (guint x = 0; x < size; x++)
      {
        GtkWidget *cell = gtk_toggle_button_new ();
        g_autofree char *name = NULL;

        /* Translators: a square of the grid a card's shape is drawn on */
        name = g_strdup_printf (_("%s: row %u, column %u"), r->spec->name, y + 1, x + 1);
        gtk_widget_set_size_request (cell, 22, 22);
        gtk_widget_add_css_class (cell, "shape-cell");
        gtk_accessible_update_property (GTK_ACCESSIBLE (cell),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
        g_signal_connect (cell, "toggled", G_CALLBACK (shape_cell_toggled), r);
        gtk_grid_attach (GTK_GRID (grid), cell, (int) x, (int) y, 1, 1);
        g_ptr_array_add (r->cells, cell);
      }
  return grid;
}

static void
add_param_row (TwCardEditor      *self,
               GtkWidget         *group,
               const TwCardDef   *card,
               guint              index,
               const TwParamSpec *spec)
{
  const TwDefinition *def = self->definition;
  ParamRow *r = g_new0 (ParamRow, 1);
  GtkWidget *row;

  r->editor = self;
  r->index = index;
  r->spec = spec;
  switch (spec->type)
    {
    case TW_VALUE_CHOICE:
    case TW_VALUE_COLOR:
      {
        g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

        if (spec->type == TW_VALUE_CHOICE)
          for (guint i = 0; spec->choices != NULL && spec->choices[i] != NULL; i++)
            {
              g_autofree char *words = tw_choice_words (spec->choices, spec->choice_labels, i);

              gtk_string_list_append (list, words);
            }
        else
          {
            if (!spec->required)
              /* Translators: an optional colour parameter left out of a card */
              gtk_string_list_append (list, _("Any colour"));
            for (guint i = 0; i < def->n_colors; i++)
              gtk_string_list_append (list, def->colors[i].name != NULL ? def->colors[i].name
                                                                        : def->colors[i].id);
          }
        row = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
        r->control = row;
        g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (param_changed), r);
      }
      break;
    case TW_VALUE_TEXT:
      row = adw_entry_row_new ();
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      r->control = row;
      g_signal_connect_swapped (row, "apply", G_CALLBACK (param_changed), r);
      if (is_expression (def, spec))
        {
          r->error_row = adw_action_row_new ();
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (r->error_row), FALSE);
          gtk_widget_add_css_class (r->error_row, "error");
          gtk_widget_add_css_class (r->error_row, "expression-error");
          gtk_widget_set_visible (r->error_row, FALSE);
          gtk_widget_add_css_class (row, "monospace");
          g_signal_connect_swapped (row, "changed", G_CALLBACK (check_expression), r);
        }
      break;
    case TW_VALUE_SHAPE:
      {
        guint size = SHAPE_GRID_MIN;

        if (card->shape.n > 0)
          size = MAX (size, MAX (tw_polyomino_width (&card->shape),
                                 tw_polyomino_height (&card->shape)) + 1);
        row = adw_action_row_new ();
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), shape_grid_new (r, MIN (size, 25)));
      }
      break;
    case TW_VALUE_BOOL:
      row = adw_action_row_new ();
      r->control = gtk_switch_new ();
      g_signal_connect_swapped (r->control, "notify::active", G_CALLBACK (param_changed), r);
      break;
    case TW_VALUE_INT:
    default:
      row = adw_action_row_new ();
      r->control = gtk_spin_button_new_with_range (spec->min, spec->max, 1);
      g_signal_connect_swapped (r->control, "value-changed", G_CALLBACK (param_changed), r);
      break;
    }
  if (GTK_IS_SWITCH (r->control) || GTK_IS_SPIN_BUTTON (r->control))
    {
      gtk_widget_set_valign (r->control, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (r->control),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, spec->name, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), r->control);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), r->control);
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), spec->name);
  if (ADW_IS_ACTION_ROW (row) && spec->description != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(spec->description));
  else if (spec->description != NULL)
    gtk_widget_set_tooltip_text (row, _(spec->description));
  r->row = row;
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  if (r->error_row != NULL)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), r->error_row);
  g_ptr_array_add (self->params, r);
}

static void
param_row_set (ParamRow        *r,
               const TwCardDef *card)
{
  int v = card->params[r->index];

  switch (r->spec->type)
    {
    case TW_VALUE_BOOL:
      gtk_switch_set_active (GTK_SWITCH (r->control), v != 0);
      break;
    case TW_VALUE_INT:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (r->control), v);
      break;
    case TW_VALUE_CHOICE:
      adw_combo_row_set_selected (ADW_COMBO_ROW (r->control), (guint) v);
      break;
    case TW_VALUE_COLOR:
      if (!r->spec->required)
        adw_combo_row_set_selected (ADW_COMBO_ROW (r->control), v >= 0 ? (guint) v + 1 : 0);
      else
        adw_combo_row_set_selected (ADW_COMBO_ROW (r->control),
                                    v >= 0 ? (guint) v : GTK_INVALID_LIST_POSITION);
      break;
    case TW_VALUE_TEXT:
      set_entry_text (ADW_ENTRY_ROW (r->control), card->text_param != NULL ? card->text_param : "");
      break;
    case TW_VALUE_SHAPE:
      for (guint i = 0; i < r->cells->len; i++)
        {
          gboolean on = FALSE;

          for (guint c = 0; c < card->shape.n && !on; c++)
            on = (guint) card->shape.x[c] == i % r->grid && (guint) card->shape.y[c] == i / r->grid;
          gtk_toggle_button_set_active (g_ptr_array_index (r->cells, i), on);
        }
      break;
    default:
      break;
    }
}

/* ------------------------------------------------------------------------ */
/* The fixed rows                                                           */

static void
kind_changed (TwCardEditor *self)
{
  const TwCardDef *card = current_card (self);
  const TwCardKind *from, *to;
  guint k = adw_combo_row_get_selected (self->kind_row);
  g_autofree char *params = NULL;
  g_autofree char *value = NULL;

  if (self->updating || card == NULL || k >= self->definition->rules->n_card_kinds
      || k == card->kind)
    return;
  from = card_kind (self->definition, card);
  to = &self->definition->rules->card_kinds[k];
  adw_preferences_group_set_description (self->card_group, _(to->description));
  params = params_for_kind (self->definition, card, from, to);
  /* the kind and the params it needs travel together: one edit of the text */
  value = g_strdup_printf ("%s\n%s", to->name, params != NULL ? params : "");
  queue_edit (self, NULL, value);
}

static void
number_changed (TwCardEditor  *self,
                GtkSpinButton *spin)
{
  const TwCardDef *card = current_card (self);
  int v = gtk_spin_button_get_value_as_int (spin);
  gboolean points = spin == self->points_spin;
  g_autofree char *value = NULL;

  if (self->updating || card == NULL || v == (points ? card->points : (int) card->count))
    return;
  value = g_strdup_printf ("%d", v);
  queue_edit (self, points ? "points" : "count", value);
}

static void
points_changed (TwCardEditor *self)
{
  number_changed (self, self->points_spin);
}

static void
count_changed (TwCardEditor *self)
{
  number_changed (self, self->count_spin);
}

/* Title and text: an empty entry removes the key, so the kind's own title or
 * description is printed again. */
static void
string_applied (TwCardEditor *self,
                AdwEntryRow  *row)
{
  const TwCardDef *card = current_card (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  gboolean title = row == self->title_row;
  g_autofree char *value = NULL;

  if (self->updating || card == NULL)
    return;
  if (g_strcmp0 (text, title ? card->title : card->text) == 0)
    return;
  g_strstrip (value = g_strdup (text));
  if (value[0] == '\0')
    queue_edit (self, title ? "title" : "text", NULL);
  else
    {
      g_autofree char *quoted = yaml_quote (value);
      queue_edit (self, title ? "title" : "text", quoted);
    }
}

static void
title_applied (TwCardEditor *self)
{
  string_applied (self, self->title_row);
}

static void
text_applied (TwCardEditor *self)
{
  string_applied (self, self->text_row);
}

/* ------------------------------------------------------------------------ */
/* The preview                                                              */

static void
card_settings (TwCardEditor     *self,
               TwExportSettings *settings)
{
  tw_export_settings_init (settings);
  settings->card_width = self->card_width;
  settings->card_height = self->card_height;
  /* the cut only: what the player holds */
  settings->bleed = 0;
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TwCardEditor *self = user_data;
  const TwCardDef *card = current_card (self);
  TwExportSettings settings;
  double scale;

  if (card == NULL)
    return;
  card_settings (self, &settings);
  scale = MIN ((width - 4) / settings.card_width, (height - 4) / settings.card_height);
  cairo_translate (cr, (width - settings.card_width * scale) / 2,
                   (height - settings.card_height * scale) / 2);
  cairo_scale (cr, scale, scale);
  cairo_save (cr);
  tw_export_draw_card (cr, self->definition, (guint) (card - self->definition->cards), &settings);
  cairo_restore (cr);
  /* the cut line, as a hairline */
  cairo_rectangle (cr, 0, 0, settings.card_width, settings.card_height);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1 / scale);
  cairo_stroke (cr);
}

/* What the preview shows, for screen readers (and tests). */
static void
describe_preview (TwCardEditor    *self,
                  const TwCardDef *card)
{
  const TwCardKind *kind = card_kind (self->definition, card);
  g_autoptr(GString) s = g_string_new (NULL);

  /* Translators: the card preview's description: title, kind and deck */
  g_string_append_printf (s, _("%s, a %s card of the %s deck"),
                          card->title != NULL ? card->title : card->id,
                          kind != NULL ? kind->name : "?", kind != NULL ? kind->deck : "?");
  g_string_append (s, "; ");
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points",
                                          ABS (card->points)), card->points);
  for (guint p = 0; kind != NULL && p < kind->n_params; p++)
    {
      g_autofree char *v = param_yaml (self->definition, card, kind, p);

      if (v != NULL)
        g_string_append_printf (s, "; %s %s", kind->params[p].name, v);
    }
  /* Translators: the card size in the preview's description, in millimetres */
  g_string_append_printf (s, _("; %g × %g mm"), self->card_width, self->card_height);
  if (card->text != NULL)
    g_string_append_printf (s, ". %s", card->text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, s->str, -1);
}

/* ------------------------------------------------------------------------ */
/* Building and updating the form                                           */

/* Sets an entry row's text without offering to apply it: a text set from
 * the definition is not an edit. */
static void
set_entry_text (AdwEntryRow *row,
                const char  *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), text) == 0)
    return;
  adw_entry_row_set_show_apply_button (row, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  adw_entry_row_set_show_apply_button (row, TRUE);
}

static void
clear_params (TwCardEditor *self)
{
  g_ptr_array_set_size (self->params, 0);
  if (self->params_group != NULL)
    gtk_box_remove (self->params_box, self->params_group);
  self->params_group = NULL;
}

static void
build_form (TwCardEditor    *self,
            const TwCardDef *card)
{
  const TwDefinition *def = self->definition;
  const TwCardKind *kind = card_kind (def, card);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);

  clear_params (self);
  for (guint k = 0; k < def->rules->n_card_kinds; k++)
    {
      g_autofree char *label = kind_label (def, &def->rules->card_kinds[k]);

      gtk_string_list_append (kinds, label);
    }
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kinds));

  if (kind != NULL && kind->n_params > 0)
    {
      GtkWidget *group = adw_preferences_group_new ();

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Parameters"));
      for (guint p = 0; p < kind->n_params && p < TW_MAX_PARAMS; p++)
        add_param_row (self, group, card, p, &kind->params[p]);
      gtk_box_append (self->params_box, group);
      self->params_group = group;
    }

  g_free (self->form_id);
  self->form_id = g_strdup (card->id);
  self->form_rules = def->rules;
  self->form_kind = card->kind;
}

static void
update_form (TwCardEditor *self)
{
  const TwCardDef *card = current_card (self);
  const TwCardKind *kind;

  if (card == NULL)
    {
      clear_params (self);
      g_clear_pointer (&self->form_id, g_free);
      gtk_label_set_label (self->hint_label,
                           self->definition != NULL && self->definition->n_cards > 0
                           ? _("Select a card to edit it")
                           : _("This definition has no cards"));
      gtk_stack_set_visible_child_name (self->stack, "empty");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("No card selected"), -1);
      gtk_widget_queue_draw (GTK_WIDGET (self->preview));
      return;
    }

  self->updating = TRUE;
  if (g_strcmp0 (card->id, self->form_id) != 0 || self->definition->rules != self->form_rules
      || card->kind != self->form_kind)
    build_form (self, card);

  kind = card_kind (self->definition, card);
  adw_preferences_group_set_title (self->card_group,
                                   card->title != NULL ? card->title : card->id);
  adw_combo_row_set_selected (self->kind_row, card->kind);
  if (kind != NULL)
    {
      /* Translators: the kind row's subtitle: the card family and what it does */
      g_autofree char *subtitle = g_strdup_printf (_("%s deck: %s"), kind->deck,
                                                   _(kind->description));

      /* under the card's title, not in the kind row, where a long text left
       * the chosen kind a few letters ("Cust…") */
      adw_preferences_group_set_description (self->card_group, subtitle);
    }
  for (guint i = 0; i < self->params->len; i++)
    param_row_set (g_ptr_array_index (self->params, i), card);
  set_entry_text (self->title_row, card->title != NULL ? card->title : "");
  set_entry_text (self->text_row, card->text != NULL ? card->text : "");
  gtk_spin_button_set_value (self->points_spin, card->points);
  gtk_spin_button_set_value (self->count_spin, card->count);
  self->updating = FALSE;

  describe_preview (self, card);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
  gtk_stack_set_visible_child_name (self->stack, "card");
}

static void
card_selected (TwCardEditor *self)
{
  GtkListBoxRow *row;

  if (self->listing)
    return;
  row = gtk_list_box_get_selected_row (self->card_list);
  if (row != NULL)
    {
      g_free (self->card_id);
      self->card_id = g_strdup (g_object_get_data (G_OBJECT (row), "card-id"));
    }
  update_form (self);
}

static void
fill_list (TwCardEditor *self)
{
  const TwDefinition *def = self->definition;
  GtkWidget *child;

  self->listing = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->card_list))) != NULL)
    gtk_list_box_remove (self->card_list, child);
  for (guint i = 0; def != NULL && i < def->n_cards; i++)
    {
      const TwCardDef *card = &def->cards[i];
      const TwCardKind *kind = card_kind (def, card);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = NULL;

      /* Translators: a card in the list: kind · points · copies */
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %d point · ×%u",
                                               "%s · %d points · ×%u", ABS (card->points)),
                                  kind != NULL ? kind->name : "?", card->points, card->count);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     card->title != NULL ? card->title : card->id);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      g_object_set_data_full (G_OBJECT (row), "card-id", g_strdup (card->id), g_free);
      gtk_list_box_append (self->card_list, row);
      if (g_strcmp0 (card->id, self->card_id) == 0)
        gtk_list_box_select_row (self->card_list, GTK_LIST_BOX_ROW (row));
    }
  self->listing = FALSE;
}

/**
 * tw_card_editor_set_definition:
 * @definition: (nullable): the last definition that loaded
 *
 * Lists its cards and shows the selected one, or a hint when there is none.
 */
void
tw_card_editor_set_definition (TwCardEditor *self,
                               TwDefinition *definition)
{
  g_return_if_fail (TW_IS_CARD_EDITOR (self));

  if (definition != self->definition)
    {
      g_clear_pointer (&self->definition, tw_definition_unref);
      self->definition = definition != NULL ? tw_definition_ref (definition) : NULL;
    }
  fill_list (self);
  update_form (self);
}

/**
 * tw_card_editor_set_card_size:
 * @width: mm
 * @height: mm
 *
 * Draws the preview at this size, the one the cards are printed at.
 */
void
tw_card_editor_set_card_size (TwCardEditor *self,
                              double        width,
                              double        height)
{
  const TwCardDef *card;

  g_return_if_fail (TW_IS_CARD_EDITOR (self));
  g_return_if_fail (width > 0 && height > 0);

  if (width == self->card_width && height == self->card_height)
    return;
  self->card_width = width;
  self->card_height = height;
  card = current_card (self);
  if (card != NULL)
    describe_preview (self, card);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

const char *
tw_card_editor_get_card_id (TwCardEditor *self)
{
  g_return_val_if_fail (TW_IS_CARD_EDITOR (self), NULL);

  return self->card_id;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
tw_card_editor_dispose (GObject *object)
{
  TwCardEditor *self = TW_CARD_EDITOR (object);

  tw_pending_edits_clear (&self->pending);
  /* containers emit selection changes while they are torn down */
  if (self->card_list != NULL)
    g_signal_handlers_disconnect_by_data (self->card_list, self);
  if (self->params != NULL)
    g_ptr_array_set_size (self->params, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_CARD_EDITOR);

  G_OBJECT_CLASS (tw_card_editor_parent_class)->dispose (object);
}

static void
tw_card_editor_finalize (GObject *object)
{
  TwCardEditor *self = TW_CARD_EDITOR (object);

  g_clear_pointer (&self->params, g_ptr_array_unref);
  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->card_id, g_free);
  g_clear_pointer (&self->form_id, g_free);

  G_OBJECT_CLASS (tw_card_editor_parent_class)->finalize (object);
}

static void
tw_card_editor_class_init (TwCardEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_card_editor_dispose;
  object_class->finalize = tw_card_editor_finalize;

  /**
   * TwCardEditor::edit:
   * @id: the card
   * @key: "points", "count", "title", "text" or "params.NAME"
   * @value: (nullable): the new value as YAML source; NULL removes the key
   */
  signals[EDIT] = g_signal_new ("edit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 3,
                                G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * TwCardEditor::change-kind:
   * @id: the card
   * @kind: the new kind's name
   * @params: (nullable): the card's new params map as YAML source; NULL:
   *   the new kind needs none, and the card's params go
   */
  signals[CHANGE_KIND] = g_signal_new ("change-kind", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                       G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/card-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, card_list);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, stack);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, card_group);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, kind_row);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, params_box);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, title_row);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, text_row);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, points_spin);
  gtk_widget_class_bind_template_child (widget_class, TwCardEditor, count_spin);
}

static void
tw_card_editor_init (TwCardEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->params = g_ptr_array_new_with_free_func (param_row_free);
  tw_pending_edits_init (&self->pending, emit_edit, self);
  {
    TwExportSettings settings;

    tw_export_settings_init (&settings);
    self->card_width = settings.card_width;
    self->card_height = settings.card_height;
  }
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  g_signal_connect_swapped (self->card_list, "selected-rows-changed",
                            G_CALLBACK (card_selected), self);
  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (kind_changed), self);
  g_signal_connect_swapped (self->points_spin, "value-changed", G_CALLBACK (points_changed), self);
  g_signal_connect_swapped (self->count_spin, "value-changed", G_CALLBACK (count_changed), self);
  g_signal_connect_swapped (self->title_row, "apply", G_CALLBACK (title_applied), self);
  g_signal_connect_swapped (self->text_row, "apply", G_CALLBACK (text_applied), self);
  update_form (self);
}
