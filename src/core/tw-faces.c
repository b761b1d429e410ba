/* tw-faces.c: the `faces:` section of a definition, read and checked
 *
 * See tw-faces.h and doc/faces.md. Every problem is reported at its line
 * and column like the rest of the definition: an unknown layer type, key,
 * field, colour or icon, a length that is not a length. What needs the
 * disk or the fonts (image files, font families) is checked by
 * src/render/tw-face-draw.c, which can open them.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-definition.h"
#include "tw-faces.h"
#include "tw-rules.h"

#define MAX_FACES  (TW_MAX_CARD_DEFS + TW_MAX_PIECE_DEFS + 8)
#define MAX_LAYERS 64
#define MAX_SYMBOLS 100

static const char * const layer_types[] = {
  "rect", "text", "image", "icon", "symbols", "component", NULL
};

static const char * const icon_names[] = {
  "star", "heart", "circle", "square", "diamond", "triangle", "hexagon", "cross", "check",
  "dot", NULL
};

const char * const *
tw_face_icon_names (void)
{
  return icon_names;
}

/* ---------------------------------------------------------------------- */
/* Fields                                                                  */

static const TwCardKind *
card_kind (const TwDefinition *def,
           const TwCardDef    *card)
{
  if (def->rules == NULL || card->kind >= def->rules->n_card_kinds)
    return NULL;
  return &def->rules->card_kinds[card->kind];
}

/* A scalar of the component's own map: `art`, or a key of `fields:`. */
static char *
node_field (const TwNode *node,
            const char   *key,
            gboolean      in_fields)
{
  const TwNode *v;

  if (node == NULL)
    return NULL;
  if (in_fields)
    node = tw_node_get (node, "fields");
  v = tw_node_get (node, key);
  if (v == NULL || v->type != TW_NODE_SCALAR || v->scalar[0] == '\0')
    return NULL;
  if (v->plain && (strcmp (v->scalar, "~") == 0 || strcmp (v->scalar, "null") == 0))
    return NULL;
  return g_strdup (v->scalar);
}

static char *
card_param (const TwDefinition *def,
            const TwCardDef    *card,
            const char         *name)
{
  const TwCardKind *kind = card_kind (def, card);

  if (kind == NULL)
    return NULL;
  for (guint p = 0; p < kind->n_params; p++)
    {
      const TwParamSpec *spec = &kind->params[p];
      gsize len = strlen (spec->name);
      gboolean color_name = spec->type == TW_VALUE_COLOR && strncmp (name, spec->name, len) == 0
                            && strcmp (name + len, "-name") == 0;
      int v = card->params[p];

      if (strcmp (spec->name, name) != 0 && !color_name)
        continue;
      switch (spec->type)
        {
        case TW_VALUE_BOOL:
          return g_strdup (v ? "yes" : "no");
        case TW_VALUE_INT:
          return g_strdup_printf ("%d", v);
        case TW_VALUE_CHOICE:
          return spec->choices != NULL && v >= 0 ? g_strdup (spec->choices[v]) : NULL;
        case TW_VALUE_COLOR:
          if (v < 0 || (guint) v >= def->n_colors)
            return NULL;
          return g_strdup (color_name ? def->colors[v].name : def->colors[v].id);
        case TW_VALUE_TEXT:
          return card->text_param != NULL ? g_strdup (card->text_param) : NULL;
        case TW_VALUE_SHAPE:
        default:
          return NULL;
        }
    }
  return NULL;
}

char *
tw_face_field (const TwDefinition *def,
               TwFaceTarget        target,
               guint               index,
               const char         *name)
{
  g_return_val_if_fail (def != NULL && name != NULL, NULL);

  if (strcmp (name, "game") == 0)
    return g_strdup (def->name);
  if (strcmp (name, "description") == 0)
    return g_strdup (def->description);

  if (target == TW_FACE_CARD && index < def->n_cards)
    {
      const TwCardDef *card = &def->cards[index];
      const TwCardKind *kind = card_kind (def, card);
      char *v;

      if (strcmp (name, "id") == 0)
        return g_strdup (card->id);
      if (strcmp (name, "title") == 0)
        return g_strdup (card->title ? card->title : kind ? _(kind->title) : NULL);
      if (strcmp (name, "text") == 0)
        return g_strdup (tw_card_text (def, card));
      if (strcmp (name, "points") == 0)
        return g_strdup_printf ("%d", card->points);
      if (strcmp (name, "count") == 0)
        return g_strdup_printf ("%u", card->count);
      if (strcmp (name, "kind") == 0)
        return kind ? g_strdup (kind->name) : NULL;
      if (strcmp (name, "kind-title") == 0)
        return kind ? g_strdup (_(kind->title)) : NULL;
      if (strcmp (name, "art") == 0)
        return node_field (card->node, "art", FALSE);
      if ((v = card_param (def, card, name)) != NULL)
        return v;
      return node_field (card->node, name, TRUE);
    }
  if (target == TW_FACE_TILE && index < def->n_tiles)
    {
      const TwTileDef *tile = &def->tiles[index];

      if (strcmp (name, "id") == 0)
        return g_strdup (tile->id);
      if (strcmp (name, "name") == 0)
        return g_strdup (tile->name ? tile->name : tile->id);
      if (strcmp (name, "kind") == 0)
        return g_strdup (tile->kind);
      if (strcmp (name, "count") == 0)
        return g_strdup_printf ("%u", tile->count);
      if (strcmp (name, "art") == 0)
        return node_field (tile->node, "art", FALSE);
      return node_field (tile->node, name, TRUE);
    }
  if (target == TW_FACE_PIECE && index < tw_face_n_subjects (def, TW_FACE_PIECE))
    {
      const TwPieceDef *piece = &def->pieces[index % def->n_pieces];
      guint set = index / def->n_pieces;

      if (strcmp (name, "id") == 0)
        return g_strdup (piece->id);
      if (strcmp (name, "name") == 0)
        return g_strdup (piece->name ? piece->name : piece->id);
      if (strcmp (name, "size") == 0)
        return g_strdup_printf ("%u", piece->shape.n);
      if (strcmp (name, "count") == 0)
        return g_strdup_printf ("%u", piece->count);
      if (strcmp (name, "color") == 0)
        return set < def->n_colors ? g_strdup (def->colors[set].id) : NULL;
      if (strcmp (name, "color-name") == 0)
        return set < def->n_colors ? g_strdup (def->colors[set].name) : NULL;
      if (strcmp (name, "art") == 0)
        return node_field (piece->node, "art", FALSE);
      return node_field (piece->node, name, TRUE);
    }
  return NULL;
}

/* Calls @func for every field a template names, with its fallback (or
 * NULL), and copies the text between them to @literal (when not NULL);
 * FALSE at a "{" without its "}". */
typedef gboolean (*FieldFunc) (const char *name,
                               gsize       name_len,
                               const char *fallback,
                               gsize       fallback_len,
                               gpointer    data);

static gboolean
scan_template (const char *t,
               FieldFunc   func,
               gpointer    data,
               GString    *literal)
{
  while (*t != '\0')
    {
      if ((t[0] == '{' && t[1] == '{') || (t[0] == '}' && t[1] == '}'))
        {
          if (literal != NULL)
            g_string_append_c (literal, t[0]);
          t += 2;
          continue;
        }
      if (*t == '{')
        {
          const char *end = strchr (t, '}');
          const char *bar;

          if (end == NULL)
            return FALSE;
          bar = memchr (t + 1, '|', end - t - 1);
          if (!func (t + 1, (bar ? bar : end) - t - 1, bar ? bar + 1 : NULL,
                     bar ? (gsize) (end - bar - 1) : 0, data))
            return FALSE;
          t = end + 1;
          continue;
        }
      if (literal != NULL)
        g_string_append_c (literal, *t);
      t++;
    }
  return TRUE;
}

typedef struct
{
  const TwDefinition *def;
  TwFaceTarget        target;
  guint               index;
  gboolean            escape;
  GString            *out;
} Expand;

static gboolean
expand_field (const char *name,
              gsize       name_len,
              const char *fallback,
              gsize       fallback_len,
              gpointer    data)
{
  Expand *e = data;
  g_autofree char *key = g_strstrip (g_strndup (name, name_len));
  g_autofree char *value = tw_face_field (e->def, e->target, e->index, key);
  g_autofree char *alt = NULL;

  if (value == NULL || value[0] == '\0')
    {
      if (fallback == NULL)
        return TRUE;
      g_free (value);
      alt = g_strndup (fallback, fallback_len);
      /* the fallback is the designer's own text: markup stays markup */
      g_string_append (e->out, alt);
      return TRUE;
    }
  if (e->escape)
    {
      g_autofree char *escaped = g_markup_escape_text (value, -1);
      g_string_append (e->out, escaped);
    }
  else
    g_string_append (e->out, value);
  return TRUE;
}

char *
tw_face_expand (const TwDefinition *def,
                TwFaceTarget        target,
                guint               index,
                const char         *template_,
                gboolean            escape)
{
  Expand e = { def, target, index, escape, NULL };

  g_return_val_if_fail (def != NULL, NULL);
  if (template_ == NULL)
    return NULL;
  /* literal text and field values go to the same string, in order; a "{"
   * without its "}" (refused when loading) ends the text */
  e.out = g_string_new (NULL);
  scan_template (template_, expand_field, &e, e.out);
  return g_string_free (e.out, FALSE);
}

/* ---------------------------------------------------------------------- */
/* Finding a component's face                                              */

guint
tw_face_piece_index (const TwDefinition *def,
                     guint               piece,
                     guint               set)
{
  g_return_val_if_fail (def != NULL && piece < def->n_pieces, 0);

  return set * def->n_pieces + piece;
}

guint
tw_face_n_subjects (const TwDefinition *def,
                    TwFaceTarget        target)
{
  g_return_val_if_fail (def != NULL, 0);

  switch (target)
    {
    case TW_FACE_CARD:
      return def->n_cards;
    case TW_FACE_TILE:
      return def->n_tiles;
    case TW_FACE_PIECE:
      /* as the sheets print them: every piece in every colour's set */
      return def->n_pieces * MAX (def->n_colors, 1);
    case TW_FACE_CARD_BACK:
    case TW_FACE_TILE_BACK:
    default:
      return 1;
    }
}

const TwFace *
tw_face_find (const TwDefinition *def,
              TwFaceTarget        target,
              guint               index)
{
  const TwFace *general = NULL;

  g_return_val_if_fail (def != NULL, NULL);

  for (guint i = 0; i < def->n_faces; i++)
    {
      const TwFace *face = &def->faces[i];

      if (face->target != target)
        continue;
      if (face->kind < 0)
        general = face;
      else if (target == TW_FACE_CARD && index < def->n_cards
               && (guint) face->kind == def->cards[index].kind)
        return face;
      else if (target == TW_FACE_PIECE && def->n_pieces > 0
               && (guint) face->kind == index % def->n_pieces)
        return face;
    }
  return general;
}

/* ---------------------------------------------------------------------- */
/* Loading                                                                 */

typedef struct
{
  TwDefinition  *def;
  TwDiagnostics *diags;
  TwFace        *face;
  GPtrArray     *fields;     /* the field names a template of this face may use */
} FaceLoader;

typedef struct
{
  FaceLoader   *F;
  const TwNode *node;
  gboolean      ok;
} CheckField;

static gboolean
check_field (const char *name,
             gsize       name_len,
             const char *fallback,
             gsize       fallback_len,
             gpointer    data)
{
  CheckField *c = data;
  g_autofree char *key = g_strstrip (g_strndup (name, name_len));

  for (guint i = 0; i < c->F->fields->len; i++)
    if (strcmp (key, g_ptr_array_index (c->F->fields, i)) == 0)
      return TRUE;

  {
    g_autoptr(GPtrArray) names = g_ptr_array_copy (c->F->fields, NULL, NULL);
    const char *near;
    g_autofree char *hint = NULL;
    g_autofree char *shown = tw_excerpt (key, TW_EXCERPT_VALUE);

    g_ptr_array_add (names, NULL);
    near = tw_nearest_word (key, (const char * const *) names->pdata);
    if (near != NULL)
      hint = g_strdup_printf (_("did you mean '{%s}'?"), near);
    else
      {
        g_ptr_array_remove_index (names, names->len - 1);
        g_ptr_array_add (names, NULL);
        g_autofree char *all = g_strjoinv (", ", (char **) names->pdata);
        hint = g_strdup_printf (_("the fields of a %s face are: %s"), c->F->face->name, all);
      }
    tw_diag_error (c->F->diags, c->node, hint, _("unknown field '{%s}' in face '%s'"), shown,
                   c->F->face->name);
  }
  c->ok = FALSE;
  return TRUE;
}

/* A template: a scalar whose "{fields}" this face knows. */
static const char *
get_template (FaceLoader   *F,
              const TwNode *layer,
              const char   *key)
{
  const TwNode *node = tw_node_get (layer, key);
  g_autofree char *where = g_strdup_printf (_("'%s' of a layer"), key);
  CheckField c = { F, node, TRUE };

  if (node == NULL || !tw_node_expect (node, TW_NODE_SCALAR, where, F->diags))
    return NULL;
  if (!scan_template (node->scalar, check_field, &c, NULL))
    {
      tw_diag_error (F->diags, node, _("write '{{' for a brace itself"),
                     _("'{' without its '}' in '%s' of a layer"), key);
      return NULL;
    }
  return c.ok ? node->scalar : NULL;
}

gboolean
tw_face_parse_color (const TwDefinition *def,
                     const char         *s,
                     double              rgba[4])
{
  gsize len;

  while (g_ascii_isspace (*s))
    s++;
  len = strlen (s);
  while (len > 0 && g_ascii_isspace (s[len - 1]))
    len--;
  if (len == 4 && strncmp (s, "none", 4) == 0)
    {
      rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
      return TRUE;
    }
  if (s[0] == '#' && (len == 4 || len == 7 || len == 9))
    {
      guint digits = len == 4 ? 1 : 2;
      guint n = (len - 1) / digits;
      int v[4] = { 0, 0, 0, 255 };

      for (guint i = 0; i < n; i++)
        {
          int d = 0;
          for (guint j = 0; j < digits; j++)
            {
              int x = g_ascii_xdigit_value (s[1 + i * digits + j]);
              if (x < 0)
                return FALSE;
              d = d * 16 + x;
            }
          v[i] = digits == 1 ? d * 17 : d;
        }
      for (guint i = 0; i < 4; i++)
        rgba[i] = v[i] / 255.0;
      return TRUE;
    }
  for (guint i = 0; i < def->n_colors; i++)
    if (strlen (def->colors[i].id) == len && strncmp (def->colors[i].id, s, len) == 0)
      {
        guint32 rgb = def->colors[i].rgb;
        rgba[0] = ((rgb >> 16) & 0xff) / 255.0;
        rgba[1] = ((rgb >> 8) & 0xff) / 255.0;
        rgba[2] = (rgb & 0xff) / 255.0;
        rgba[3] = 1;
        return TRUE;
      }
  return FALSE;
}

static const char *
get_color (FaceLoader   *F,
           const TwNode *layer,
           const char   *key)
{
  const char *t = get_template (F, layer, key);
  double rgba[4];

  if (t == NULL || strchr (t, '{') != NULL)
    return t;
  if (!tw_face_parse_color (F->def, t, rgba))
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autofree char *shown = tw_excerpt (t, TW_EXCERPT_VALUE);
      g_autofree char *all = NULL, *hint = NULL;

      for (guint i = 0; i < F->def->n_colors; i++)
        g_ptr_array_add (ids, F->def->colors[i].id);
      g_ptr_array_add (ids, NULL);
      all = g_strjoinv (", ", (char **) ids->pdata);
      hint = g_strdup_printf (_("write '#rrggbb', '#rrggbbaa', 'none' or a colour id (%s)"), all);
      tw_diag_error (F->diags, tw_node_get (layer, key), hint, _("'%s' is not a colour"), shown);
      return NULL;
    }
  return t;
}

static gboolean
get_length (FaceLoader   *F,
            const TwNode *layer,
            const char   *key,
            TwFaceLength *out)
{
  const TwNode *node = tw_node_get (layer, key);
  static const struct { const char *unit; double mm; } units[] = {
    { "mm", 1 }, { "cm", 10 }, { "in", 25.4 }, { "pt", 25.4 / 72 }, { "%", 0 },
  };
  const char *s;
  char *end;
  double v;

  if (node == NULL || !tw_node_expect (node, TW_NODE_SCALAR, _("a length"), F->diags))
    return FALSE;
  s = node->scalar;
  v = g_ascii_strtod (s, &end);
  if (end != s && isfinite (v) && fabs (v) <= 10000)
    {
      while (*end == ' ')
        end++;
      if (*end == '\0')
        {
          out->value = v;
          out->percent = FALSE;
          return TRUE;
        }
      for (guint i = 0; i < G_N_ELEMENTS (units); i++)
        if (strcmp (end, units[i].unit) == 0)
          {
            out->percent = units[i].mm == 0;
            out->value = out->percent ? v : v * units[i].mm;
            return TRUE;
          }
    }
  {
    g_autofree char *shown = tw_excerpt (s, TW_EXCERPT_VALUE);
    tw_diag_error (F->diags, node, _("write millimetres (12, 12.5mm), or 1in, 10pt, 2cm, 50%"),
                   _("'%s' of a layer is not a length: '%s'"), key, shown);
  }
  return FALSE;
}

static void
get_number (FaceLoader   *F,
            const TwNode *layer,
            const char   *key,
            double        min,
            double        max,
            double       *out)
{
  const TwNode *node = tw_node_get (layer, key);
  double v;

  if (node == NULL || !tw_node_to_double (node, &v, F->diags))
    return;
  if (!(v >= min && v <= max))
    {
      tw_diag_error (F->diags, node, NULL, _("'%s' of a layer must be between %g and %g, not %g"),
                     key, min, max, v);
      return;
    }
  *out = v;
}

static void
get_bool (FaceLoader   *F,
          const TwNode *layer,
          const char   *key,
          gboolean     *out)
{
  const TwNode *node = tw_node_get (layer, key);

  if (node != NULL)
    tw_node_to_bool (node, out, F->diags);
}

static void
get_choice (FaceLoader         *F,
            const TwNode       *layer,
            const char         *key,
            const char * const *choices,
            guint              *out)
{
  const TwNode *node = tw_node_get (layer, key);

  if (node != NULL)
    tw_node_to_choice (node, choices, out, F->diags);
}

static void
load_layer (FaceLoader   *F,
            const TwNode *node,
            TwFaceLayer  *layer)
{
  static const char * const common[] = { "type", "x", "y", "w", "h", "opacity", NULL };
  static const char * const rect_keys[] = { "fill", "stroke", "stroke-width", "radius", "bleed", NULL };
  static const char * const text_keys[] = {
    "text", "font", "size", "weight", "italic", "color", "align", "valign", "wrap", "shrink",
    "markup", NULL
  };
  static const char * const image_keys[] = { "file", "fit", "bleed", NULL };
  static const char * const icon_keys[] = { "icon", "color", NULL };
  static const char * const symbols_keys[] = {
    "icon", "color", "count", "max", "size", "spacing", "align", NULL
  };
  static const char * const aligns[] = { "left", "center", "right", NULL };
  static const char * const valigns[] = { "top", "middle", "bottom", NULL };
  static const char * const fits[] = { "contain", "cover", "stretch", NULL };
  const char * const *specific[] = {
    rect_keys, text_keys, image_keys, icon_keys, symbols_keys, NULL,
  };
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  const TwNode *type_node;
  guint type = 0;
  double weight = 0;

  layer->node = node;
  layer->opacity = 1;
  layer->wrap = TRUE;
  layer->max = MAX_SYMBOLS;
  if (!tw_node_expect (node, TW_NODE_MAP, _("a layer"), F->diags))
    return;
  type_node = tw_node_get (node, "type");
  if (type_node == NULL)
    {
      g_autofree char *all = g_strjoinv (", ", (char **) layer_types);
      g_autofree char *hint = g_strdup_printf (_("the types are: %s"), all);
      tw_diag_error (F->diags, node, hint, _("missing key 'type' in a layer of face '%s'"),
                     F->face->name);
      return;
    }
  if (!tw_node_to_choice (type_node, layer_types, &type, F->diags))
    return;
  layer->type = type;

  for (guint i = 0; common[i] != NULL; i++)
    g_ptr_array_add (keys, (gpointer) common[i]);
  for (guint i = 0; specific[type] != NULL && specific[type][i] != NULL; i++)
    g_ptr_array_add (keys, (gpointer) specific[type][i]);
  g_ptr_array_add (keys, NULL);
  tw_node_check_keys (node, (const char * const *) keys->pdata, _("a layer"), F->diags);

  get_length (F, node, "x", &layer->x);
  get_length (F, node, "y", &layer->y);
  layer->has_w = get_length (F, node, "w", &layer->w);
  layer->has_h = get_length (F, node, "h", &layer->h);
  get_number (F, node, "opacity", 0, 1, &layer->opacity);

  switch (layer->type)
    {
    case TW_LAYER_RECT:
      layer->fill = get_color (F, node, "fill");
      layer->stroke = get_color (F, node, "stroke");
      layer->stroke_width = 0.3;
      get_number (F, node, "stroke-width", 0, 50, &layer->stroke_width);
      get_number (F, node, "radius", 0, 500, &layer->radius);
      get_bool (F, node, "bleed", &layer->bleed);
      if (tw_node_get (node, "fill") == NULL && tw_node_get (node, "stroke") == NULL)
        tw_diag_warning (F->diags, node, _("give it 'fill:' or 'stroke:'"),
                         _("a rect layer without fill or stroke draws nothing"));
      break;
    case TW_LAYER_TEXT:
      layer->text = get_template (F, node, "text");
      if (tw_node_get (node, "text") == NULL)
        tw_diag_error (F->diags, node, _("for example text: \"{title}\""),
                       _("missing key 'text' in a text layer"));
      if (tw_node_get (node, "font") != NULL
          && tw_node_expect (tw_node_get (node, "font"), TW_NODE_SCALAR, _("the font"), F->diags))
        layer->font = tw_node_get (node, "font")->scalar;
      get_number (F, node, "size", 1, 400, &layer->size);
      {
        const TwNode *w = tw_node_get (node, "weight");
        /* bold and normal in words, or a number as in CSS */
        if (w != NULL && w->type == TW_NODE_SCALAR && strcmp (w->scalar, "bold") == 0)
          weight = 700;
        else if (w != NULL && w->type == TW_NODE_SCALAR && strcmp (w->scalar, "normal") == 0)
          weight = 400;
        else
          get_number (F, node, "weight", 100, 1000, &weight);
        layer->weight = (int) weight;
      }
      get_bool (F, node, "italic", &layer->italic);
      layer->color = get_color (F, node, "color");
      get_choice (F, node, "align", aligns, &layer->align);
      get_choice (F, node, "valign", valigns, &layer->valign);
      get_bool (F, node, "wrap", &layer->wrap);
      get_bool (F, node, "shrink", &layer->shrink);
      get_bool (F, node, "markup", &layer->markup);
      break;
    case TW_LAYER_IMAGE:
      layer->file = get_template (F, node, "file");
      if (tw_node_get (node, "file") == NULL)
        tw_diag_error (F->diags, node, _("for example file: \"art/{id}.png\""),
                       _("missing key 'file' in an image layer"));
      get_choice (F, node, "fit", fits, &layer->fit);
      get_bool (F, node, "bleed", &layer->bleed);
      break;
    case TW_LAYER_ICON:
    case TW_LAYER_SYMBOLS:
      layer->icon = get_template (F, node, "icon");
      if (tw_node_get (node, "icon") == NULL)
        layer->icon = "star";
      else if (layer->icon != NULL && strchr (layer->icon, '{') == NULL
               && !g_str_has_suffix (layer->icon, ".svg")
               && !g_strv_contains (icon_names, layer->icon))
        {
          g_autofree char *all = g_strjoinv (", ", (char **) icon_names);
          g_autofree char *hint = g_strdup_printf (_("the icons are: %s; or an .svg file"), all);
          g_autofree char *shown = tw_excerpt (layer->icon, TW_EXCERPT_VALUE);
          tw_diag_error (F->diags, tw_node_get (node, "icon"), hint, _("unknown icon '%s'"), shown);
          layer->icon = NULL;
        }
      layer->color = get_color (F, node, "color");
      if (layer->type == TW_LAYER_SYMBOLS)
        {
          double max = MAX_SYMBOLS;
          layer->count = get_template (F, node, "count");
          if (tw_node_get (node, "count") == NULL)
            tw_diag_error (F->diags, node, _("for example count: \"{points}\""),
                           _("missing key 'count' in a symbols layer"));
          get_number (F, node, "max", 0, MAX_SYMBOLS, &max);
          layer->max = (guint) max;
          layer->size = 4;
          get_number (F, node, "size", 0.5, 200, &layer->size);
          layer->spacing = 0.5;
          get_number (F, node, "spacing", -100, 100, &layer->spacing);
          get_choice (F, node, "align", aligns, &layer->align);
        }
      break;
    case TW_LAYER_COMPONENT:
    default:
      break;
    }
}

/* Adds @name to @f once. */
static void
add_field (GPtrArray  *f,
           GHashTable *seen,
           const char *name)
{
  if (g_hash_table_add (seen, (gpointer) name))
    g_ptr_array_add (f, (gpointer) name);
}

/* Adds the keys of the `fields:` of a component's map @node. */
static void
add_own_fields (GPtrArray    *f,
                GHashTable   *seen,
                const TwNode *node)
{
  const TwNode *fields = tw_node_get (node, "fields");

  for (guint i = 0; fields != NULL && fields->type == TW_NODE_MAP && i < fields->n_children; i++)
    add_field (f, seen, fields->keys[i]->scalar);
}

/* Every field a template of @face may name. */
static void
collect_fields (FaceLoader *F)
{
  static const char * const card_base[] = {
    "id", "title", "text", "points", "count", "kind", "kind-title", "art", NULL
  };
  static const char * const tile_base[] = { "id", "name", "kind", "count", "art", NULL };
  static const char * const piece_base[] = {
    "id", "name", "size", "count", "color", "color-name", "art", NULL
  };
  const TwDefinition *def = F->def;
  GPtrArray *f = F->fields;
  GHashTable *seen = g_hash_table_new (g_str_hash, g_str_equal);
  TwFaceTarget target = F->face->target;
  const char * const *base = target == TW_FACE_CARD ? card_base
                             : target == TW_FACE_TILE ? tile_base
                             : target == TW_FACE_PIECE ? piece_base : NULL;

  add_field (f, seen, "game");
  add_field (f, seen, "description");
  for (guint i = 0; base != NULL && base[i] != NULL; i++)
    add_field (f, seen, base[i]);
  if (target == TW_FACE_CARD)
    {
      for (guint k = 0; def->rules != NULL && k < def->rules->n_card_kinds; k++)
        {
          const TwCardKind *kind = &def->rules->card_kinds[k];
          if (F->face->kind >= 0 && (guint) F->face->kind != k)
            continue;
          for (guint p = 0; p < kind->n_params; p++)
            {
              add_field (f, seen, kind->params[p].name);
              if (kind->params[p].type == TW_VALUE_COLOR)
                {
                  /* lives as long as the module's static tables: interned */
                  g_autofree char *n = g_strconcat (kind->params[p].name, "-name", NULL);
                  add_field (f, seen, g_intern_string (n));
                }
            }
        }
      for (guint c = 0; c < def->n_cards; c++)
        add_own_fields (f, seen, def->cards[c].node);
    }
  else if (target == TW_FACE_TILE)
    for (guint t = 0; t < def->n_tiles; t++)
      add_own_fields (f, seen, def->tiles[t].node);
  else if (target == TW_FACE_PIECE)
    for (guint p = 0; p < def->n_pieces; p++)
      add_own_fields (f, seen, def->pieces[p].node);
  g_hash_table_unref (seen);
}

/* `art:` and `fields:` of a card, tile or piece: what its face may show. */
static void
check_extras (const TwNode  *entry,
              TwDiagnostics *diags)
{
  const TwNode *art = tw_node_get (entry, "art");
  const TwNode *fields = tw_node_get (entry, "fields");

  if (art != NULL)
    tw_node_expect (art, TW_NODE_SCALAR, _("'art' (an image file)"), diags);
  if (fields == NULL || !tw_node_expect (fields, TW_NODE_MAP, _("'fields'"), diags))
    return;
  for (guint i = 0; i < fields->n_children; i++)
    {
      const char *key = fields->keys[i]->scalar;

      if (key[0] == '\0' || strpbrk (key, "{}|") != NULL)
        tw_diag_error (diags, fields->keys[i], _("a field's name is a word such as 'cost'"),
                       _("a field's name cannot contain '{', '}' or '|'"));
      tw_node_expect (fields->children[i], TW_NODE_SCALAR, _("the value of a field"), diags);
    }
}

void
tw_faces_load (TwDefinition  *def,
               const TwNode  *root,
               TwDiagnostics *diags)
{
  const TwNode *faces = tw_node_get (root, "faces");
  guint n;

  for (guint i = 0; i < def->n_cards; i++)
    check_extras (def->cards[i].node, diags);
  for (guint i = 0; i < def->n_tiles; i++)
    check_extras (def->tiles[i].node, diags);
  for (guint i = 0; i < def->n_pieces; i++)
    check_extras (def->pieces[i].node, diags);

  if (faces == NULL || (faces->type == TW_NODE_SCALAR && faces->plain
                        && (faces->scalar[0] == '\0' || strcmp (faces->scalar, "null") == 0
                            || strcmp (faces->scalar, "~") == 0)))
    return;
  if (!tw_node_expect (faces, TW_NODE_MAP, "faces", diags))
    return;
  n = MIN (faces->n_children, MAX_FACES);
  if (faces->n_children > MAX_FACES)
    tw_diag_error (diags, faces->keys[MAX_FACES], _("this is a fixed limit of the format"),
                   _("too many faces: %u, the limit is %u"), faces->n_children, MAX_FACES);
  def->faces = g_new0 (TwFace, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const char *key = faces->keys[i]->scalar;
      const TwNode *list = faces->children[i];
      TwFace *face = &def->faces[def->n_faces];
      FaceLoader F = { def, diags, face, NULL };
      guint n_layers;

      face->name = key;
      face->kind = -1;
      face->node = faces->keys[i];
      if (strcmp (key, "card") == 0)
        face->target = TW_FACE_CARD;
      else if (strcmp (key, "card-back") == 0)
        face->target = TW_FACE_CARD_BACK;
      else if (strcmp (key, "tile") == 0)
        face->target = TW_FACE_TILE;
      else if (strcmp (key, "tile-back") == 0)
        face->target = TW_FACE_TILE_BACK;
      else if (strcmp (key, "piece") == 0)
        face->target = TW_FACE_PIECE;
      else if (g_str_has_prefix (key, "piece."))
        {
          gint piece = tw_definition_find_piece (def, key + 6);

          face->target = TW_FACE_PIECE;
          face->kind = piece;
          if (piece < 0)
            {
              g_autoptr(GPtrArray) ids = g_ptr_array_new ();
              g_autofree char *shown = tw_excerpt (key + 6, TW_EXCERPT_VALUE);
              g_autofree char *hint = NULL;
              const char *near;

              for (guint p = 0; p < def->n_pieces; p++)
                g_ptr_array_add (ids, def->pieces[p].id);
              g_ptr_array_add (ids, NULL);
              near = tw_nearest_word (key + 6, (const char * const *) ids->pdata);
              if (near != NULL)
                hint = g_strdup_printf (_("did you mean 'piece.%s'?"), near);
              else if (def->n_pieces > 0)
                {
                  g_autofree char *all = g_strjoinv (", ", (char **) ids->pdata);
                  hint = g_strdup_printf (_("the pieces are: %s"), all);
                }
              else
                hint = g_strdup (_("this game has no pieces"));
              tw_diag_error (diags, faces->keys[i], hint, _("unknown piece '%s'"), shown);
              continue;
            }
        }
      else if (g_str_has_prefix (key, "card."))
        {
          face->target = TW_FACE_CARD;
          for (guint k = 0; def->rules != NULL && k < def->rules->n_card_kinds; k++)
            if (strcmp (def->rules->card_kinds[k].name, key + 5) == 0)
              face->kind = k;
          if (face->kind < 0)
            {
              g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
              g_autofree char *all = NULL, *hint = NULL;
              g_autofree char *shown = tw_excerpt (key + 5, TW_EXCERPT_VALUE);

              for (guint k = 0; def->rules != NULL && k < def->rules->n_card_kinds; k++)
                g_ptr_array_add (kinds, (gpointer) def->rules->card_kinds[k].name);
              g_ptr_array_add (kinds, NULL);
              all = g_strjoinv (", ", (char **) kinds->pdata);
              hint = kinds->len > 1 ? g_strdup_printf (_("the card kinds are: %s"), all)
                                    : g_strdup (_("this game has no cards"));
              tw_diag_error (diags, faces->keys[i], hint, _("unknown card kind '%s'"), shown);
              continue;
            }
        }
      else
        {
          static const char * const names[] = {
            "card", "card-back", "tile", "tile-back", "piece", NULL
          };
          const char *near = tw_nearest_word (key, names);
          g_autofree char *hint = near ? g_strdup_printf (_("did you mean '%s'?"), near)
                                       : g_strdup (_("faces are card, card.KIND, card-back, tile, "
                                                     "tile-back, piece and piece.ID"));
          g_autofree char *shown = tw_excerpt (key, TW_EXCERPT_VALUE);

          tw_diag_error (diags, faces->keys[i], hint, _("unknown face '%s'"), shown);
          continue;
        }
      for (guint j = 0; j < def->n_faces; j++)
        if (strcmp (def->faces[j].name, key) == 0)
          {
            tw_diag_error (diags, faces->keys[i], NULL, _("face '%s' is given twice"), key);
            face = NULL;
            break;
          }
      if (face == NULL)
        continue;
      if (!tw_node_expect (list, TW_NODE_SEQ, _("a face (a list of layers)"), diags))
        continue;
      n_layers = MIN (list->n_children, MAX_LAYERS);
      if (list->n_children > MAX_LAYERS)
        tw_diag_error (diags, list->children[MAX_LAYERS], _("this is a fixed limit of the format"),
                       _("too many layers: %u, the limit is %u"), list->n_children, MAX_LAYERS);
      F.fields = g_ptr_array_new ();
      collect_fields (&F);
      face->layers = g_new0 (TwFaceLayer, MAX (n_layers, 1));
      for (guint l = 0; l < n_layers; l++)
        load_layer (&F, list->children[l], &face->layers[face->n_layers++]);
      g_ptr_array_unref (F.fields);
      def->n_faces++;
    }
}

void
tw_faces_free (TwDefinition *def)
{
  for (guint i = 0; i < def->n_faces; i++)
    g_free (def->faces[i].layers);
  g_clear_pointer (&def->faces, g_free);
  def->n_faces = 0;
}
