/* tw-tile-set-editor.c: the Design view's tile set editor
 *
 * The tiles of the document's last definition that loaded, their patterns
 * and totals, and the selected tile's edges, count and sections. Adding,
 * duplicating, deleting and moving a tile, and every change of a tile, is
 * one span edit of the text, announced as ::apply-edit.
 *
 * The list is a GtkStringList of tile ids, rebuilt when the definition
 * changes, bound to a GtkFlowBox (gtk_flow_box_bind_model()): a grid of
 * small tiles, whose children carry their own accessible names and which
 * assistive technologies can select from (GTK 4.8's list and grid views can
 * do neither).
 *
 * The tile's name and id popover and the new name offered after a recolour
 * are in tw-tile-set-editor-names.c (tw-tile-set-editor-private.h).
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-tile-set-editor-private.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tw-render.h"
#include "tw-rules.h"

static const char * const dir_names[4] = { N_("North"), N_("East"), N_("South"), N_("West") };

G_DEFINE_FINAL_TYPE (TwTileSetEditor, tw_tile_set_editor, ADW_TYPE_BIN)

static TwDesignEdit *
design_edit_copy (const TwDesignEdit *edit)
{
  TwDesignEdit *copy = g_new (TwDesignEdit, 1);

  copy->start = edit->start;
  copy->end = edit->end;
  copy->text = g_strdup (edit->text);
  return copy;
}

G_DEFINE_BOXED_TYPE (TwDesignEdit, tw_design_edit, design_edit_copy, tw_design_edit_free)

enum
{
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  APPLY_EDIT,
  SHOW_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_tile_editor (TwTileSetEditor *self);

/* The document's last definition that loaded, or NULL. */
TwDefinition *
_tw_tile_set_editor_definition (TwTileSetEditor *self)
{
  return self->document != NULL ? tw_definition_document_get_definition (self->document) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Edits of the text                                                        */

static void
show_message (TwTileSetEditor *self,
              const char      *message)
{
  g_signal_emit (self, signals[SHOW_MESSAGE], 0, message);
}

static void
apply_edit (TwTileSetEditor    *self,
            const char         *text,
            const TwDesignEdit *edit)
{
  g_signal_emit (self, signals[APPLY_EDIT], 0, text, edit);
}

/* Parses the document's text as it is now; NULL (and a message) when it is
 * not YAML. */
static TwNode *
parse_current (TwTileSetEditor  *self,
               char            **text_out)
{
  TwNode *root = tw_definition_document_parse_text (self->document, text_out);

  if (root == NULL)
    show_message (self, _("Fix the YAML syntax in the text first"));
  return root;
}

/* ------------------------------------------------------------------------ */
/* Tile set editor                                                          */

const TwTileDef *
_tw_tile_set_editor_selected_tile (TwTileSetEditor *self)
{
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  gint i;

  if (def == NULL || self->selected_tile == NULL)
    return NULL;
  i = tw_definition_find_tile (def, self->selected_tile);
  return i >= 0 ? &def->tiles[i] : NULL;
}

static void
draw_tile (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  TwTileSetEditor *self = user_data;
  const char *id = g_object_get_data (G_OBJECT (area), "tile-id");
  const TwTileDef *tile;
  double size = MIN (width, height) - 4;
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  gint i;

  if (def == NULL)
    return;
  i = id != NULL ? tw_definition_find_tile (def, id) : -1;
  tile = i >= 0 ? &def->tiles[i] : _tw_tile_set_editor_selected_tile (self);
  if (tile == NULL || size <= 0)
    return;
  tw_render_tile (cr, def, tile, 0, (width - size) / 2, (height - size) / 2, size);
}

char *
_tw_tile_set_editor_color_name (const TwDefinition *def,
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
        g_autofree char *c = _tw_tile_set_editor_color_name (def, tile->edges[d]);

        g_string_append_printf (s, ", %s %s", _(dir_names[d]), c);
      }
  return g_string_free (s, FALSE);
}

/* Sets @key of the tile @id to @value (YAML source), or removes it when
 * @value is NULL. */
static void
rewrite_tile_key (TwTileSetEditor *self,
                  const char      *id,
                  const char      *key,
                  const char      *value)
{
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = parse_current (self, &text);
  g_autoptr(TwDesignEdit) edit = NULL;
  const TwNode *item;

  if (root == NULL)
    return;
  item = tw_design_find_item (root, "tiles", id);
  if (item == NULL || item->type != TW_NODE_MAP)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not in the text any more"), id);
      show_message (self, message);
      return;
    }
  edit = value != NULL ? tw_design_edit_map_set (text, item, key, value)
                       : tw_design_edit_map_remove (text, item, key);
  if (edit != NULL)
    apply_edit (self, text, edit);
}

static void
apply_pending (gpointer    owner,
               const char *id,
               const char *key,
               const char *value)
{
  TwTileSetEditor *self = owner;

  if (self->document != NULL)
    rewrite_tile_key (self, id, key, value);
}

/* An edit asked for by a control, applied once its signal is over
 * (tw-app-util.h). */
void
_tw_tile_set_editor_queue_edit (TwTileSetEditor *self,
                                const char      *id,
                                const char      *key,
                                const char      *value)
{
  tw_pending_edits_push (&self->pending, id, key, value);
}

/* Sets the colour of edge @dir of the selected tile to @color, or to the
 * next colour when @color is -1. When the tile's sections are written out,
 * the whole section of that edge changes colour, as all edges of a section
 * must share one. */
static void
set_edge_color (TwTileSetEditor *self,
                guint            dir,
                int              color)
{
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  g_autofree char *tile_id = NULL;
  GString *value;
  guint8 edges[4];
  guint mask = 1u << dir;

  if (tile == NULL || tile->n_edges != 4 || def->n_colors == 0 || dir >= 4
      || color >= (int) def->n_colors)
    return;
  if (color < 0)
    color = (tile->edges[dir] + 1) % def->n_colors;
  if (color == tile->edges[dir])
    return;
  memcpy (edges, tile->edges, sizeof edges);
  if (tw_node_get (tile->node, "sections") != NULL)
    for (guint s = 0; s < tile->n_sections; s++)
      if (tile->section_mask[s] & mask)
        mask = tile->section_mask[s];
  for (guint d = 0; d < 4; d++)
    if (mask & (1u << d))
      edges[d] = color;

  value = g_string_new ("[");
  for (guint d = 0; d < 4; d++)
    g_string_append_printf (value, "%s%s", d > 0 ? ", " : "", def->colors[edges[d]].id);
  g_string_append_c (value, ']');
  tile_id = g_strdup (tile->id);
  _tw_tile_set_editor_offer_rename (self, tile, edges, tile->edges[dir], color);
  _tw_tile_set_editor_queue_edit (self, tile_id, "edges", value->str);
  g_string_free (value, TRUE);
}

static void
cycle_edge (TwTileSetEditor *self,
            guint            dir)
{
  set_edge_color (self, dir, -1);
}

/* design.tile-edge-color (edge, colour index): from an edge's colour menu */
static void
edge_color_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  guint dir, color;

  g_variant_get (parameter, "(uu)", &dir, &color);
  set_edge_color (TW_TILE_SET_EDITOR (widget), dir, (int) MIN (color, G_MAXINT));
}

static void
edge_button_clicked (GtkButton       *button,
                     TwTileSetEditor *self)
{
  cycle_edge (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "dir")));
}

static void
tile_large_pressed (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    TwTileSetEditor *self)
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
count_changed (GtkSpinButton   *spin,
               TwTileSetEditor *self)
{
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);
  g_autofree char *value = NULL;
  g_autofree char *tile_id = NULL;

  if (self->updating || tile == NULL)
    return;
  if ((guint) gtk_spin_button_get_value_as_int (spin) == tile->count)
    return;
  value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));
  tile_id = g_strdup (tile->id);
  _tw_tile_set_editor_queue_edit (self, tile_id, "count", value);
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
  TwTileSetEditor *self = TW_TILE_SET_EDITOR (widget);
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);
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
  _tw_tile_set_editor_queue_edit (self, tile->id, "sections", value);
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
  TwTileSetEditor *editor;
  TileOp           op;
  char            *id;       /* the selected tile, or NULL */
} TileOpData;

static void
tile_op_data_free (gpointer data)
{
  TileOpData *d = data;

  g_object_unref (d->editor);
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
add_tile_edit (TwTileSetEditor  *self,
               const char       *text,
               const TwNode     *root,
               const TwNode     *tiles,
               gint              index,
               char            **new_id)
{
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  const TwTileDef *like = _tw_tile_set_editor_selected_tile (self);
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
  TwTileSetEditor *self = d->editor;
  g_autofree char *text = NULL;
  g_autoptr(TwNode) root = NULL;
  g_autoptr(TwDesignEdit) edit = NULL;
  g_autofree char *select = NULL;
  const TwNode *tiles, *item = NULL;
  gint index = -1;

  if (self->document == NULL)
    return G_SOURCE_REMOVE;   /* the editor went (disposed) before the idle ran */
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
          show_message (self, message);
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
        show_message (self, _("The tiles section is not a list: "
                              "fix it in the text first"));
      else if (d->op == TILE_DUPLICATE)
        show_message (self, _("The tile’s id is not written in its entry: "
                              "copy it in the text"));
      else
        show_message (self, _("The tile cannot be moved further"));
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
  TwTileSetEditor *self = TW_TILE_SET_EDITOR (widget);
  TileOpData *d = g_new0 (TileOpData, 1);
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);

  d->editor = g_object_ref (self);
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

/* Every action's enabled state, from the definition and the selection. */
static void
update_actions (TwTileSetEditor *self)
{
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  guint n = def != NULL ? def->n_tiles : 0;
  gint i = tile != NULL ? (gint) (tile - def->tiles) : -1;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-add", n < TW_MAX_TILE_DEFS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-duplicate",
                                 tile != NULL && n < TW_MAX_TILE_DEFS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-delete", tile != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-move-up", i > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "design.tile-move-down",
                                 i >= 0 && (guint) i + 1 < n);
}

/* What the template cannot say: which edge a button is, the accessible
 * names made from the edges' names, and the copies' upper bound. */
static void
init_edge_controls (TwTileSetEditor *self)
{
  for (guint d = 0; d < 4; d++)
    {
      /* Translators: the accessible name of an edge's "Join…" menu button */
      g_autofree char *join = g_strdup_printf (_("Join %s with"), _(dir_names[d]));
      /* Translators: the accessible name of the "Split" button of an edge */
      g_autofree char *split = g_strdup_printf (_("Split %s off into its own section"),
                                                _(dir_names[d]));
      /* Translators: the accessible name of an edge's colour menu button */
      g_autofree char *color = g_strdup_printf (_("Colour of %s"), _(dir_names[d]));
      GtkWidget *inner = gtk_widget_get_first_child (self->join_buttons[d]);

      g_object_set_data (G_OBJECT (self->edge_buttons[d]), "dir", GUINT_TO_POINTER (d));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->join_buttons[d]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, join, -1);
      /* GTK 4.8 puts the focus and the press action on the menu button's
       * inner toggle button, which would be read as just "Join…" */
      gtk_accessible_update_property (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_PROPERTY_LABEL, join,
                                      -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->split_buttons[d]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, split, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->color_buttons[d]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, color, -1);
      /* as the join menu's: the inner toggle button is what is read */
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (
                                        self->color_buttons[d])),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, color, -1);
    }
  gtk_spin_button_set_range (self->count_spin, 0, TW_MAX_TILE_COUNT);
}

/* Edge @dir's colour menu: every colour of the definition, the edge's own
 * marked as the one it has (its section follows the choice). */
static void
update_color_menu (TwTileSetEditor *self,
                   const TwTileDef *tile,
                   guint            dir,
                   gboolean         edges)
{
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint c = 0; edges && c < def->n_colors; c++)
    {
      g_autofree char *name = _tw_tile_set_editor_color_name (def, c);
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = c == tile->edges[dir]
                               /* Translators: the colour an edge has, in its colour menu */
                               ? g_strdup_printf (_("%s (now)"), name) : g_strdup (name);

      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "design.tile-edge-color", "(uu)", dir, c);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->color_buttons[dir]),
                                  G_MENU_MODEL (menu));
  gtk_widget_set_sensitive (self->color_buttons[dir], edges && def->n_colors > 1);
}

/* Edge @dir's "Join With…" menu: each other edge of its colour that is in
 * another section, clockwise from the next one. */
static void
update_join_menu (TwTileSetEditor *self,
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
update_tile_editor (TwTileSetEditor *self)
{
  const TwTileDef *tile = _tw_tile_set_editor_selected_tile (self);
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  gboolean edges = tile != NULL && tile->n_edges == 4 && def->n_colors > 0;

  gtk_widget_set_sensitive (GTK_WIDGET (self->tile_editor), tile != NULL);
  /* the offer stands while its tile is shown with the name it was made for */
  if (self->rename_tile != NULL
      && (tile == NULL || g_strcmp0 (tile->id, self->rename_tile) != 0
          || g_strcmp0 (tile->name, self->rename_from) != 0))
    _tw_tile_set_editor_clear_rename (self);
  gtk_label_set_label (self->tile_title, tile == NULL ? _("Select a tile to edit it")
                                         : tile->name != NULL ? tile->name : tile->id);
  for (guint d = 0; d < 4; d++)
    {
      g_autofree char *name = edges ? _tw_tile_set_editor_color_name (def, tile->edges[d]) : NULL;
      g_autofree char *a11y = NULL;

      gtk_button_set_label (GTK_BUTTON (self->edge_buttons[d]), name != NULL ? name : "—");
      gtk_widget_set_sensitive (self->edge_buttons[d], edges);
      /* Translators: a button that changes a tile edge's colour: "North edge: Red" */
      a11y = g_strdup_printf (_("%s edge: %s"), _(dir_names[d]), name != NULL ? name : "—");
      gtk_widget_set_tooltip_text (self->edge_buttons[d], _("Change to the next colour"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->edge_buttons[d]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);

      update_join_menu (self, tile, d, edges);
      update_color_menu (self, tile, d, edges);
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
      g_autofree char *description = tile_description (def, tile);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self->tile_large),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->tile_large));
  update_actions (self);
}

static void
tile_selection_changed (TwTileSetEditor *self)
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
clear_patterns (TwTileSetEditor *self)
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
  TwTileSetEditor *self = user_data;
  guint32 pattern = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "pattern"));
  double size = MIN (width, height) - 1, x0 = (width - size) / 2, y0 = (height - size) / 2;
  double cx = x0 + size / 2, cy = y0 + size / 2;
  const double corner[5][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 0 } };
  const TwDefinition *def = _tw_tile_set_editor_definition (self);

  if (def == NULL)
    return;
  for (guint d = 0; d < 4; d++)
    {
      guint c = (pattern >> (8 * (3 - d))) & 0xff;
      guint32 rgb = c < def->n_colors ? def->colors[c].rgb : 0x808080;

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
add_pattern (TwTileSetEditor    *self,
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
      g_autofree char *c = _tw_tile_set_editor_color_name (
        _tw_tile_set_editor_definition (self), (total->pattern >> (8 * (3 - d))) & 0xff);

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
refresh_totals (TwTileSetEditor *self)
{
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
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
      g_autofree char *name = _tw_tile_set_editor_color_name (def, c);

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
            for (j = 0; j < patterns->len
                        && g_array_index (patterns, PatternTotal, j).pattern < key; j++)
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

/* A child of the list: the tile drawn, its id and its copies; named for
 * assistive technologies by its description. */
static GtkWidget *
create_tile_child (gpointer item,
                   gpointer user_data)
{
  TwTileSetEditor *self = user_data;
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  const char *id = gtk_string_object_get_string (item);
  gint i = def != NULL ? tw_definition_find_tile (def, id) : -1;
  GtkWidget *child = gtk_flow_box_child_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *label;

  /* the model is rebuilt with each definition: the tile is in it */
  g_assert (i >= 0);
  g_object_set_data_full (G_OBJECT (area), "tile-id", g_strdup (id), g_free);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 56);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 56);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_tile, self, NULL);
  gtk_box_append (GTK_BOX (box), area);
  label = gtk_label_new (id);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 9);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), label);
  {
    g_autofree char *count = g_strdup_printf ("×%u", def->tiles[i].count);
    g_autofree char *description = tile_description (def, &def->tiles[i]);

    label = gtk_label_new (count);
    gtk_widget_add_css_class (label, "caption");
    gtk_widget_add_css_class (label, "dim-label");
    gtk_box_append (GTK_BOX (box), label);
    gtk_widget_set_tooltip_text (box, description);
    gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  }
  gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (child), box);
  g_object_set_data_full (G_OBJECT (child), "tile-id", g_strdup (id), g_free);
  return child;
}

/* The list, the totals and the controls from the document's definition: the
 * model gets the definition's tile ids, and the list a child for each. */
static void
refresh_tiles (TwTileSetEditor *self)
{
  const TwDefinition *def = _tw_tile_set_editor_definition (self);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  /* after a key in the list (Ctrl+D, Alt+Down...) the new children take the
   * focus back, so that the next key works on the tile just selected */
  gboolean had_focus = focus != NULL
                       && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->tile_flow));
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  GtkFlowBoxChild *selected = NULL;

  focus = NULL;   /* it goes with the old children */
  /* the selected tile is gone (an Add undone): back to the one selected
   * before it, if that is still there */
  if (def != NULL && self->selected_before != NULL
      && (self->selected_tile == NULL || tw_definition_find_tile (def, self->selected_tile) < 0)
      && tw_definition_find_tile (def, self->selected_before) >= 0)
    {
      g_free (self->selected_tile);
      self->selected_tile = g_steal_pointer (&self->selected_before);
    }
  for (guint i = 0; def != NULL && i < def->n_tiles; i++)
    g_ptr_array_add (ids, def->tiles[i].id);
  g_ptr_array_add (ids, NULL);

  self->updating = TRUE;
  gtk_string_list_splice (self->tiles, 0, g_list_model_get_n_items (G_LIST_MODEL (self->tiles)),
                          (const char * const *) ids->pdata);
  for (guint i = 0; def != NULL && i < def->n_tiles; i++)
    if (g_strcmp0 (def->tiles[i].id, self->selected_tile) == 0)
      {
        selected = gtk_flow_box_get_child_at_index (self->tile_flow, i);
        gtk_flow_box_select_child (self->tile_flow, selected);
        if (had_focus)
          focus = GTK_WIDGET (selected);
      }
  self->updating = FALSE;
  if (def == NULL)
    {
      gtk_label_set_label (self->totals_label, "");
      clear_patterns (self);
      update_tile_editor (self);
      return;
    }
  /* the selected tile, or the first when none is: left without a focus
   * widget, GTK 4.8 draws the editor before it is laid out again */
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
/* Public API                                                               */

GtkWidget *
tw_tile_set_editor_new (void)
{
  return g_object_new (TW_TYPE_TILE_SET_EDITOR, NULL);
}

TwDefinitionDocument *
tw_tile_set_editor_get_document (TwTileSetEditor *self)
{
  g_return_val_if_fail (TW_IS_TILE_SET_EDITOR (self), NULL);

  return self->document;
}

void
tw_tile_set_editor_set_document (TwTileSetEditor      *self,
                                 TwDefinitionDocument *document)
{
  g_return_if_fail (TW_IS_TILE_SET_EDITOR (self));
  g_return_if_fail (document == NULL || TW_IS_DEFINITION_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "notify::definition", G_CALLBACK (refresh_tiles), self,
                             G_CONNECT_SWAPPED);
  refresh_tiles (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

GListModel *
tw_tile_set_editor_get_tiles (TwTileSetEditor *self)
{
  g_return_val_if_fail (TW_IS_TILE_SET_EDITOR (self), NULL);

  return G_LIST_MODEL (self->tiles);
}

const char *
tw_tile_set_editor_get_selected_tile (TwTileSetEditor *self)
{
  g_return_val_if_fail (TW_IS_TILE_SET_EDITOR (self), NULL);

  return self->selected_tile;
}

gboolean
tw_tile_set_editor_select_tile (TwTileSetEditor *self,
                                const char      *id)
{
  guint n;

  g_return_val_if_fail (TW_IS_TILE_SET_EDITOR (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->tiles));
  for (guint i = 0; i < n; i++)
    if (g_str_equal (gtk_string_list_get_string (self->tiles, i), id))
      {
        gtk_flow_box_select_child (self->tile_flow,
                                   gtk_flow_box_get_child_at_index (self->tile_flow, i));
        return TRUE;
      }
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
tw_tile_set_editor_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TwTileSetEditor *self = TW_TILE_SET_EDITOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_tile_set_editor_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TwTileSetEditor *self = TW_TILE_SET_EDITOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      tw_tile_set_editor_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_tile_set_editor_dispose (GObject *object)
{
  TwTileSetEditor *self = TW_TILE_SET_EDITOR (object);

  tw_pending_edits_clear (&self->pending);
  /* containers emit selection changes while they are torn down */
  if (self->tile_flow != NULL)
    g_signal_handlers_disconnect_by_data (self->tile_flow, self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_TILE_SET_EDITOR);

  G_OBJECT_CLASS (tw_tile_set_editor_parent_class)->dispose (object);
}

static void
tw_tile_set_editor_finalize (GObject *object)
{
  TwTileSetEditor *self = TW_TILE_SET_EDITOR (object);

  g_clear_object (&self->tiles);
  g_clear_pointer (&self->selected_tile, g_free);
  g_clear_pointer (&self->selected_before, g_free);
  g_free (self->rename_tile);
  g_free (self->rename_from);
  g_free (self->rename_to);

  G_OBJECT_CLASS (tw_tile_set_editor_parent_class)->finalize (object);
}

static void
tw_tile_set_editor_class_init (TwTileSetEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  /* the list's keys work where the tile set has the focus, not in the text */
  static const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_Insert, 0, "design.tile-add" },
    { GDK_KEY_d, GDK_CONTROL_MASK, "design.tile-duplicate" },
    { GDK_KEY_Delete, 0, "design.tile-delete" },
    { GDK_KEY_KP_Delete, 0, "design.tile-delete" },
    { GDK_KEY_Up, GDK_ALT_MASK, "design.tile-move-up" },
    { GDK_KEY_Left, GDK_ALT_MASK, "design.tile-move-up" },
    { GDK_KEY_Down, GDK_ALT_MASK, "design.tile-move-down" },
    { GDK_KEY_Right, GDK_ALT_MASK, "design.tile-move-down" },
  };
  /* each edge's buttons, bound into their arrays by their ids */
  static const struct { const char *id; gsize offset; } edge_children[] = {
#define EDGE_CHILD(id, field) { id, G_STRUCT_OFFSET (TwTileSetEditor, field) }
    EDGE_CHILD ("edge_north", edge_buttons[TW_NORTH]),
    EDGE_CHILD ("edge_east", edge_buttons[TW_EAST]),
    EDGE_CHILD ("edge_south", edge_buttons[TW_SOUTH]),
    EDGE_CHILD ("edge_west", edge_buttons[TW_WEST]),
    EDGE_CHILD ("join_north", join_buttons[TW_NORTH]),
    EDGE_CHILD ("join_east", join_buttons[TW_EAST]),
    EDGE_CHILD ("join_south", join_buttons[TW_SOUTH]),
    EDGE_CHILD ("join_west", join_buttons[TW_WEST]),
    EDGE_CHILD ("split_north", split_buttons[TW_NORTH]),
    EDGE_CHILD ("split_east", split_buttons[TW_EAST]),
    EDGE_CHILD ("split_south", split_buttons[TW_SOUTH]),
    EDGE_CHILD ("split_west", split_buttons[TW_WEST]),
    EDGE_CHILD ("color_north", color_buttons[TW_NORTH]),
    EDGE_CHILD ("color_east", color_buttons[TW_EAST]),
    EDGE_CHILD ("color_south", color_buttons[TW_SOUTH]),
    EDGE_CHILD ("color_west", color_buttons[TW_WEST]),
#undef EDGE_CHILD
  };

  object_class->get_property = tw_tile_set_editor_get_property;
  object_class->set_property = tw_tile_set_editor_set_property;
  object_class->dispose = tw_tile_set_editor_dispose;
  object_class->finalize = tw_tile_set_editor_finalize;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, TW_TYPE_DEFINITION_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TwTileSetEditor::apply-edit:
   * @text: the document's text the edit was computed on (its text now)
   * @edit: the span of @text to replace, and with what
   *
   * Asks for one span of the text to be replaced, as one undoable user
   * action of the document's buffer.
   */
  signals[APPLY_EDIT] = g_signal_new ("apply-edit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                      G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                                      TW_TYPE_DESIGN_EDIT | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * TwTileSetEditor::show-message:
   * @message: why an edit could not be made, and what to do
   */
  signals[SHOW_MESSAGE] = g_signal_new ("show-message", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                        G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tilewright/Tilewright/"
                                                             "tile-set-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, totals_label);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, pattern_flow);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, tile_flow);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, tile_editor);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, tile_title);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, tile_large);
  for (guint i = 0; i < G_N_ELEMENTS (edge_children); i++)
    gtk_widget_class_bind_template_child_full (widget_class, edge_children[i].id, FALSE,
                                               edge_children[i].offset);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, count_spin);
  gtk_widget_class_bind_template_child (widget_class, TwTileSetEditor, sections_label);
  gtk_widget_class_bind_template_callback (widget_class, tile_large_pressed);
  gtk_widget_class_bind_template_callback (widget_class, edge_button_clicked);
  gtk_widget_class_bind_template_callback (widget_class, count_changed);

  gtk_widget_class_install_action (widget_class, "design.tile-add", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-duplicate", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-delete", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-move-up", NULL, tile_op_action);
  gtk_widget_class_install_action (widget_class, "design.tile-move-down", NULL, tile_op_action);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods,
                                         keys[i].action, NULL);
  gtk_widget_class_install_action (widget_class, "design.tile-join", "(uu)", sections_action);
  gtk_widget_class_install_action (widget_class, "design.tile-split", "u", sections_action);
  gtk_widget_class_install_action (widget_class, "design.tile-edge-color", "(uu)",
                                   edge_color_action);
  _tw_tile_set_editor_names_class_init (widget_class);
}

static void
tw_tile_set_editor_init (TwTileSetEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  tw_pending_edits_init (&self->pending, apply_pending, self);
  self->tiles = gtk_string_list_new (NULL);
  gtk_flow_box_bind_model (self->tile_flow, G_LIST_MODEL (self->tiles), create_tile_child, self,
                           NULL);
  g_signal_connect_swapped (self->tile_flow, "selected-children-changed",
                            G_CALLBACK (tile_selection_changed), self);
  init_edge_controls (self);
  _tw_tile_set_editor_names_init (self);
  gtk_drawing_area_set_draw_func (self->tile_large, draw_tile, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->tile_large),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Selected tile"), -1);
  refresh_tiles (self);
}
