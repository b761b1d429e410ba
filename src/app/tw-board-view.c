/* tw-board-view.c: a game's position, drawn by its renderer, played by pointer or keys
 *
 * The view knows no game: it asks the renderer for the layout and the
 * drawing, and for the region of every legal move. Moves whose regions are
 * equal are variants (rotations, which tile of a draft row): the pointer or
 * Page Up/Down picks a region, R and Shift+R turn through its variants, a
 * click or Return plays the one shown. Pressing and dragging carries the
 * ghost with the pointer (it snaps to the legal region under it, a red sign
 * marks a spot where nothing legal lands) and releasing plays it, exactly as
 * a click there would; Escape or releasing outside the view cancels. A drag
 * that starts on an item of a hand or tray (when the renderer can tell,
 * hand_item_at()) carries that item only: the ghost and the drop are limited
 * to the moves that play it. Moves without a region are the play page's
 * buttons.
 *
 * Pan with a middle-button drag or the scroll wheel, zoom with Ctrl+scroll or
 * +/-, fit with 0. Until the user pans or zooms, the view fits the position
 * to the widget when a game starts and when the widget is resized; after a
 * move it keeps its scale (only recentring) unless the position has grown
 * past the edge, and then it shrinks with some room to spare, so that the
 * table does not change scale after every move.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-board-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tw-renderer.h"

#define FIT_PADDING   12.0
#define MIN_SCALE     4.0
#define MAX_SCALE     400.0
#define DRAG_SLOP     4.0
/* When the position outgrows the view, it is refitted this much smaller than
 * needed, so that the next few moves fit without another change of scale. */
#define GROW_ROOM     1.12

typedef struct
{
  TwRect rect;
  guint  first;   /* into members */
  guint  count;
} Region;

struct _TwBoardView
{
  GtkWidget         parent_instance;

  /* Owned */
  TwGameModel      *model;
  GArray           *regions;       /* Region */
  guint            *members;       /* legal move indices grouped by region */
  TwState          *last_state;    /* the state before the current node's move */
  TwMove            last_move;
  GStrv             seat_names;
  char             *preview_text;

  /* Borrowed */
  const TwRenderer *renderer;

  TwLayout          layout;
  double            scale;
  double            off_x;
  double            off_y;
  gboolean          fit_mode;
  int               fit_width;     /* the widget size the scale was fitted to */
  int               fit_height;
  gboolean          show_targets;

  int               sel_region;     /* -1: none */
  guint             sel_variant;
  gboolean          sel_keyboard;   /* chosen with keys, not under the pointer */
  double            pointer_x;
  double            pointer_y;
  gboolean          pointer_in;

  /* panning (middle button) */
  double            pan_off_x;
  double            pan_off_y;
  gboolean          panning;

  /* placing (primary button): a press that moved past DRAG_SLOP */
  gboolean          dragging;
  gboolean          drag_cancelled;
  /* a drag that started on an item of the hand or tray (the renderer's
   * hand_item_at()): per legal move, whether it plays that item; NULL for a
   * drag from anywhere else */
  gboolean         *drag_item;
};

G_DEFINE_FINAL_TYPE (TwBoardView, tw_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_MODEL,
  PROP_SHOW_TARGETS,
  PROP_PREVIEW_TEXT,
  N_PROPS
};

enum
{
  ILLEGAL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Whether the legal move @index may be chosen now: any, except during a
 * drag from a hand item, which only places that item. */
static gboolean
member_allowed (TwBoardView *self,
                guint        index)
{
  return self->drag_item == NULL || self->drag_item[index];
}

static gboolean
region_allowed (TwBoardView  *self,
                const Region *r)
{
  for (guint k = 0; k < r->count; k++)
    if (member_allowed (self, self->members[r->first + k]))
      return TRUE;
  return FALSE;
}

static const TwMove *
selected_move (TwBoardView *self)
{
  const TwMoveList *legal;
  const Region *r;

  if (self->model == NULL || self->sel_region < 0 || (guint) self->sel_region >= self->regions->len)
    return NULL;
  legal = tw_game_model_get_legal_moves (self->model);
  r = &g_array_index (self->regions, Region, self->sel_region);
  /* the variant chosen, or the next one that is allowed */
  for (guint k = 0; k < r->count; k++)
    {
      guint index = self->members[r->first + (self->sel_variant + k) % r->count];
      if (member_allowed (self, index))
        return &legal->moves[index];
    }
  return NULL;
}

static void
update_accessible (TwBoardView *self)
{
  g_autoptr(GString) desc = g_string_new (NULL);
  TwGame *game;
  int to_act;

  if (self->model == NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("No game"), -1);
      return;
    }
  game = tw_game_model_get_game (self->model);
  to_act = tw_game_model_get_to_act (self->model);
  /* Translators: describes the board for screen readers: game name */
  g_string_append_printf (desc, _("%s position."), game->definition->name);
  for (guint i = 0; i < self->layout.n_areas; i++)
    if (self->layout.areas[i].label != NULL)
      {
        g_string_append_c (desc, ' ');
        if (self->layout.areas[i].seat >= 0 && self->seat_names != NULL)
          /* Translators: an area of the board and the seat it belongs to */
          g_string_append_printf (desc, _("%s of %s."), self->layout.areas[i].label,
                                  self->seat_names[self->layout.areas[i].seat]);
        else
          g_string_append_printf (desc, "%s.", self->layout.areas[i].label);
      }
  if (to_act >= 0 && self->seat_names != NULL)
    {
      g_string_append_c (desc, ' ');
      g_string_append_printf (desc, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s to play, %u target on the board.",
                                                 "%s to play, %u targets on the board.",
                                                 self->regions->len),
                              self->seat_names[to_act], self->regions->len);
    }
  else if (to_act < 0)
    g_string_append_printf (desc, " %s", _("The game is over."));
  if (self->preview_text != NULL)
    {
      g_string_append_c (desc, ' ');
      /* Translators: the move shown on the board, in notation */
      g_string_append_printf (desc, _("Selected move: %s."), self->preview_text);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc->str, -1);
}

static void
update_preview_text (TwBoardView *self)
{
  const TwMove *move = selected_move (self);
  g_autofree char *text = NULL;

  if (move != NULL)
    text = tw_move_to_string (tw_game_model_get_game (self->model),
                              tw_game_model_get_state (self->model), move);
  if (g_strcmp0 (text, self->preview_text) != 0)
    {
      g_free (self->preview_text);
      self->preview_text = g_steal_pointer (&text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREVIEW_TEXT]);
    }
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The scale at which the whole position just fits the widget. */
static double
fit_scale (TwBoardView *self,
           int          w,
           int          h)
{
  double scale = MIN ((w - 2 * FIT_PADDING) / self->layout.width,
                      (h - 2 * FIT_PADDING) / self->layout.height);
  return CLAMP (scale, MIN_SCALE, MAX_SCALE);
}

static void
center (TwBoardView *self,
        int          w,
        int          h)
{
  self->off_x = (w - self->layout.width * self->scale) / 2;
  self->off_y = (h - self->layout.height * self->scale) / 2;
}

static void
fit (TwBoardView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (w <= 0 || h <= 0)
    return;
  self->scale = fit_scale (self, w, h);
  self->fit_width = w;
  self->fit_height = h;
  center (self, w, h);
}

/* After a move, in fit mode: the same scale while the position still fits;
 * past the edge, a smaller one with room to grow. */
static void
fit_stable (TwBoardView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  double needed;

  if (w <= 0 || h <= 0)
    return;
  if (w != self->fit_width || h != self->fit_height)
    {
      fit (self);
      return;
    }
  needed = fit_scale (self, w, h);
  if (self->scale > needed)
    self->scale = MAX (needed / GROW_ROOM, MIN_SCALE);
  center (self, w, h);
}

static int
region_at (TwBoardView *self,
           double       wx,
           double       wy)
{
  double bx = (wx - self->off_x) / self->scale;
  double by = (wy - self->off_y) / self->scale;

  for (guint i = 0; i < self->regions->len; i++)
    if (tw_rect_contains (&g_array_index (self->regions, Region, i).rect, bx, by)
        && region_allowed (self, &g_array_index (self->regions, Region, i)))
      return i;
  return -1;
}

static void
hover (TwBoardView *self)
{
  int r;

  if (!self->pointer_in || self->sel_keyboard)
    return;
  r = region_at (self, self->pointer_x, self->pointer_y);
  if (r != self->sel_region)
    {
      self->sel_region = r;
      update_preview_text (self);
    }
}

static void
rebuild (TwBoardView *self)
{
  const TwMoveList *legal;
  TwHistory *history;
  TwGame *game;
  const TwState *state;
  const TwHistoryNode *node;
  TwRenderParams params = { .viewer = self->model ? tw_game_model_get_viewer (self->model) : -1 };
  g_autofree TwRect *rects = NULL;
  g_autofree int *region_of = NULL;
  g_autofree guint *fill = NULL;

  g_array_set_size (self->regions, 0);
  g_clear_pointer (&self->members, g_free);
  /* its indices were into the old legal moves */
  g_clear_pointer (&self->drag_item, g_free);
  g_clear_pointer (&self->last_state, tw_state_free);
  g_clear_pointer (&self->seat_names, g_strfreev);
  self->sel_region = -1;
  self->sel_keyboard = FALSE;

  if (self->model == NULL)
    {
      memset (&self->layout, 0, sizeof self->layout);
      self->layout.width = self->layout.height = 1;
      update_preview_text (self);
      return;
    }

  game = tw_game_model_get_game (self->model);
  history = tw_game_model_get_history (self->model);
  state = tw_game_model_get_state (self->model);
  legal = tw_game_model_get_legal_moves (self->model);
  self->renderer = tw_renderer_lookup (game->rules->id);

  self->seat_names = g_new0 (char *, game->n_players + 1);
  for (guint i = 0; i < game->n_players; i++)
    self->seat_names[i] = g_strdup (tw_record_get_seat_name (tw_game_model_get_record (self->model), i));

  node = tw_history_get_node (history, tw_history_get_current (history));
  if (node->parent != TW_HISTORY_NONE)
    {
      self->last_move = node->move;
      self->last_state = tw_history_dup_state_at (history, node->parent);
    }

  /* group the legal moves by region, in legal order */
  rects = g_new (TwRect, MAX (legal->len, 1));
  region_of = g_new (int, MAX (legal->len, 1));
  for (guint i = 0; i < legal->len; i++)
    {
      region_of[i] = -1;
      if (!tw_renderer_move_region (self->renderer, game, state, &legal->moves[i], &rects[i]))
        continue;
      for (guint r = 0; r < self->regions->len; r++)
        if (tw_rect_equal (&g_array_index (self->regions, Region, r).rect, &rects[i]))
          {
            region_of[i] = r;
            g_array_index (self->regions, Region, r).count++;
            break;
          }
      if (region_of[i] < 0)
        {
          Region region = { .rect = rects[i], .count = 1 };
          region_of[i] = self->regions->len;
          g_array_append_val (self->regions, region);
        }
    }
  self->members = g_new (guint, MAX (legal->len, 1));
  fill = g_new0 (guint, MAX (self->regions->len, 1));
  for (guint r = 0, first = 0; r < self->regions->len; r++)
    {
      g_array_index (self->regions, Region, r).first = first;
      first += g_array_index (self->regions, Region, r).count;
    }
  for (guint i = 0; i < legal->len; i++)
    if (region_of[i] >= 0)
      {
        Region *region = &g_array_index (self->regions, Region, region_of[i]);
        self->members[region->first + fill[region_of[i]]++] = i;
      }

  params.seat_names = (const char * const *) self->seat_names;
  tw_renderer_layout (self->renderer, game, state, &params, &self->layout);
  if (self->fit_mode)
    fit_stable (self);
  hover (self);
  update_preview_text (self);
}

static void
model_changed (TwBoardView *self)
{
  rebuild (self);
}

/* ------------------------------------------------------------------------ */

/* While a drag is over no legal region: a "no entry" sign at the pointer, in
 * pixels (the areas under it may be hands or cards, not cells), so that the
 * user sees that releasing there would not play. */
static void
draw_illegal_mark (TwBoardView *self,
                   cairo_t     *cr)
{
  const double r = 9;

  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_translate (cr, self->pointer_x + 14, self->pointer_y + 14);
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
  cairo_move_to (cr, -r * 0.7, r * 0.7);
  cairo_line_to (cr, r * 0.7, -r * 0.7);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
tw_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  TwBoardView *self = TW_BOARD_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  TwRenderParams params = { .viewer = self->model ? tw_game_model_get_viewer (self->model) : -1 };
  const TwMoveList *legal;
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  /* the table: the same warm grey in light and dark styles, so that the
   * renderers' colours mean the same everywhere */
  cairo_set_source_rgb (cr, 0.86, 0.84, 0.80);
  cairo_paint (cr);

  if (self->model != NULL)
    {
      legal = tw_game_model_get_legal_moves (self->model);
      params.seat_names = (const char * const *) self->seat_names;
      if (self->show_targets)
        {
          params.targets = legal->moves;
          params.n_targets = legal->len;
        }
      params.preview = selected_move (self);
      params.preview_selected = self->sel_keyboard;
      if (self->last_state != NULL)
        {
          params.last_move = &self->last_move;
          params.last_state = self->last_state;
        }
      cairo_translate (cr, self->off_x, self->off_y);
      cairo_scale (cr, self->scale, self->scale);
      tw_renderer_draw (self->renderer, cr, tw_game_model_get_game (self->model),
                        tw_game_model_get_state (self->model), &params);
      if (self->dragging && !self->drag_cancelled && self->sel_region < 0)
        draw_illegal_mark (self, cr);
    }
  cairo_destroy (cr);

  if (gtk_widget_has_visible_focus (widget))
    {
      GdkRGBA focus = { 0.21, 0.52, 0.89, 0.8 };
      GskRoundedRect outline;
      gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (1, 1, w - 2, h - 2), 0);
      gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 2, 2, 2, 2 },
                                  (GdkRGBA[4]) { focus, focus, focus, focus });
    }
}

static void
tw_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  TwBoardView *self = TW_BOARD_VIEW (widget);

  if (self->fit_mode && (width != self->fit_width || height != self->fit_height))
    fit (self);
}

static void
tw_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  *minimum = 120;
  *natural = 600;
}

static void
zoom_at (TwBoardView *self,
         double       factor,
         double       wx,
         double       wy)
{
  double scale = CLAMP (self->scale * factor, MIN_SCALE, MAX_SCALE);

  factor = scale / self->scale;
  self->off_x = wx - (wx - self->off_x) * factor;
  self->off_y = wy - (wy - self->off_y) * factor;
  self->scale = scale;
  self->fit_mode = FALSE;
  hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tw_board_view_zoom (TwBoardView *self,
                    double       factor)
{
  g_return_if_fail (TW_IS_BOARD_VIEW (self));
  zoom_at (self, factor, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
tw_board_view_fit (TwBoardView *self)
{
  g_return_if_fail (TW_IS_BOARD_VIEW (self));
  self->fit_mode = TRUE;
  fit (self);
  hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tw_board_view_select_target (TwBoardView *self,
                             int          step)
{
  int n;

  g_return_if_fail (TW_IS_BOARD_VIEW (self));

  n = self->regions->len;
  if (n == 0)
    return;
  if (self->sel_region < 0)
    self->sel_region = step >= 0 ? 0 : n - 1;
  else
    self->sel_region = ((self->sel_region + step) % n + n) % n;
  self->sel_keyboard = TRUE;
  update_preview_text (self);
}

void
tw_board_view_cycle_variant (TwBoardView *self,
                             int          step)
{
  const Region *r;

  g_return_if_fail (TW_IS_BOARD_VIEW (self));

  if (self->sel_region < 0)
    return;
  r = &g_array_index (self->regions, Region, self->sel_region);
  /* during a drag from a hand item, only that item's variants */
  for (guint k = 0; k < r->count; k++)
    {
      self->sel_variant = ((self->sel_variant % r->count) + r->count + step) % r->count;
      if (member_allowed (self, self->members[r->first + self->sel_variant]))
        break;
    }
  update_preview_text (self);
}

gboolean
tw_board_view_play_selected (TwBoardView *self)
{
  const TwMove *move;
  g_autoptr(GError) error = NULL;
  TwMove copy;

  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), FALSE);

  move = selected_move (self);
  if (move == NULL)
    return FALSE;
  copy = *move;
  if (!tw_game_model_play (self->model, &copy, &error))
    {
      g_signal_emit (self, signals[ILLEGAL], 0, error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
tw_board_view_select_move (TwBoardView  *self,
                           const TwMove *move)
{
  const TwMoveList *legal;

  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (self->model == NULL)
    return FALSE;
  legal = tw_game_model_get_legal_moves (self->model);
  for (guint r = 0; r < self->regions->len; r++)
    {
      const Region *region = &g_array_index (self->regions, Region, r);
      for (guint k = 0; k < region->count; k++)
        if (tw_move_equal (&legal->moves[self->members[region->first + k]], move))
          {
            self->sel_region = r;
            self->sel_variant = k;
            self->sel_keyboard = TRUE;
            update_preview_text (self);
            return TRUE;
          }
    }
  return FALSE;
}

const TwMove *
tw_board_view_get_selected_move (TwBoardView *self)
{
  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), NULL);
  return selected_move (self);
}

const char *
tw_board_view_get_preview_text (TwBoardView *self)
{
  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), NULL);
  return self->preview_text;
}

/* ------------------------------------------------------------------------ */
/* Input                                                                    */

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           TwBoardView              *self)
{
  /* a real move of the pointer takes over from the keyboard selection */
  if (self->pointer_in && (ABS (x - self->pointer_x) > 1 || ABS (y - self->pointer_y) > 1))
    self->sel_keyboard = FALSE;
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_in = TRUE;
  hover (self);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          TwBoardView              *self)
{
  self->pointer_in = FALSE;
  if (!self->sel_keyboard && self->sel_region >= 0)
    {
      self->sel_region = -1;
      update_preview_text (self);
    }
}

static void
pan_begin_cb (GtkGestureDrag *gesture,
              double          x,
              double          y,
              TwBoardView    *self)
{
  self->pan_off_x = self->off_x;
  self->pan_off_y = self->off_y;
  self->panning = FALSE;
}

static void
pan_update_cb (GtkGestureDrag *gesture,
               double          dx,
               double          dy,
               TwBoardView    *self)
{
  if (!self->panning && dx * dx + dy * dy < DRAG_SLOP * DRAG_SLOP)
    return;
  self->panning = TRUE;
  self->fit_mode = FALSE;
  self->off_x = self->pan_off_x + dx;
  self->off_y = self->pan_off_y + dy;
  hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A drag starting on an item of the hand or tray carries that item only. */
static void
grab_hand_item (TwBoardView *self,
                double       wx,
                double       wy)
{
  const TwMoveList *legal;
  TwRenderParams params = { 0 };
  g_autofree gboolean *selects = NULL;

  g_clear_pointer (&self->drag_item, g_free);
  if (self->model == NULL || self->renderer == NULL || self->renderer->hand_item_at == NULL
      || tw_game_model_is_over (self->model))
    return;
  legal = tw_game_model_get_legal_moves (self->model);
  selects = g_new0 (gboolean, MAX (legal->len, 1));
  params.viewer = tw_game_model_get_viewer (self->model);
  params.seat_names = (const char * const *) self->seat_names;
  if (self->renderer->hand_item_at (tw_game_model_get_game (self->model),
                                    tw_game_model_get_state (self->model), &params,
                                    (wx - self->off_x) / self->scale,
                                    (wy - self->off_y) / self->scale,
                                    legal->moves, legal->len, selects))
    self->drag_item = g_steal_pointer (&selects);
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               TwBoardView    *self)
{
  self->dragging = FALSE;
  self->drag_cancelled = FALSE;
  g_clear_pointer (&self->drag_item, g_free);
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                TwBoardView    *self)
{
  double x, y;

  if (self->drag_cancelled)
    return;
  if (!self->dragging && dx * dx + dy * dy < DRAG_SLOP * DRAG_SLOP)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!self->dragging)
    grab_hand_item (self, x, y);
  self->dragging = TRUE;
  /* the ghost follows the pointer: the same hit test as hovering */
  self->pointer_x = x + dx;
  self->pointer_y = y + dy;
  self->pointer_in = TRUE;
  self->sel_keyboard = FALSE;
  hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Plays the region under (x, y) as a click there does, or says why not. */
static void
play_at (TwBoardView *self,
         double       x,
         double       y)
{
  int r = region_at (self, x, y);

  if (r < 0)
    {
      if (!tw_game_model_is_over (self->model) && self->regions->len > 0)
        g_signal_emit (self, signals[ILLEGAL], 0,
                       _("No legal move lands there: the highlighted cells show where one does "
                         "(Show Legal Targets)."));
      return;
    }
  self->sel_region = r;
  self->sel_keyboard = FALSE;
  tw_board_view_play_selected (self);
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          TwBoardView    *self)
{
  double x, y;
  gboolean dragged = self->dragging, cancelled = self->drag_cancelled;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  self->dragging = FALSE;
  self->drag_cancelled = FALSE;
  if (self->model == NULL || cancelled)
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!dragged)
    {
      /* a click: play what is shown under the pointer */
      play_at (self, x, y);
      return;
    }
  x += dx;
  y += dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* dropped outside the view: the user took it back */
  if (x < 0 || y < 0 || x >= w || y >= h)
    {
      self->pointer_in = FALSE;
      self->sel_region = -1;
      update_preview_text (self);
      return;
    }
  play_at (self, x, y);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             TwBoardView    *self)
{
  drag_end (gesture, dx, dy, self);
  /* whatever was carried is put back (a move played cleared it already) */
  if (self->drag_item != NULL)
    {
      g_clear_pointer (&self->drag_item, g_free);
      update_preview_text (self);
    }
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           TwBoardView              *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (mods & GDK_CONTROL_MASK)
    {
      zoom_at (self, dy < 0 ? 1.15 : 1 / 1.15,
               self->pointer_in ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
               self->pointer_in ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
      return TRUE;
    }
  self->off_x -= dx * 40;
  self->off_y -= dy * 40;
  self->fit_mode = FALSE;
  hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static gboolean
key_cb (GtkEventControllerKey *controller,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        TwBoardView           *self)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Escape:
      if (!self->dragging || self->drag_cancelled)
        return FALSE;
      /* the drag goes on until the button is released, but plays nothing */
      self->drag_cancelled = TRUE;
      self->sel_region = -1;
      update_preview_text (self);
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      tw_board_view_zoom (self, 1.25);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      tw_board_view_zoom (self, 1 / 1.25);
      return TRUE;
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
      tw_board_view_fit (self);
      return TRUE;
    case GDK_KEY_r:
    case GDK_KEY_R:
      tw_board_view_cycle_variant (self, shift ? -1 : 1);
      return TRUE;
    case GDK_KEY_Page_Down:
    case GDK_KEY_n:
      tw_board_view_select_target (self, 1);
      return TRUE;
    case GDK_KEY_Page_Up:
    case GDK_KEY_N:
      tw_board_view_select_target (self, -1);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      return tw_board_view_play_selected (self);
    default:
      return FALSE;
    }
}

/* ------------------------------------------------------------------------ */

void
tw_board_view_set_model (TwBoardView *self,
                         TwGameModel *model)
{
  g_return_if_fail (TW_IS_BOARD_VIEW (self));
  g_return_if_fail (model == NULL || TW_IS_GAME_MODEL (model));

  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed), self,
                             G_CONNECT_SWAPPED);
  self->fit_mode = TRUE;
  self->fit_width = self->fit_height = 0;   /* a new game is fitted afresh */
  self->sel_variant = 0;
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

TwGameModel *
tw_board_view_get_model (TwBoardView *self)
{
  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), NULL);
  return self->model;
}

void
tw_board_view_set_show_targets (TwBoardView *self,
                                gboolean     show)
{
  g_return_if_fail (TW_IS_BOARD_VIEW (self));

  show = !!show;
  if (self->show_targets == show)
    return;
  self->show_targets = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_TARGETS]);
}

gboolean
tw_board_view_get_show_targets (TwBoardView *self)
{
  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), FALSE);
  return self->show_targets;
}

GtkWidget *
tw_board_view_new (void)
{
  return g_object_new (TW_TYPE_BOARD_VIEW, NULL);
}

static void
tw_board_view_dispose (GObject *object)
{
  TwBoardView *self = TW_BOARD_VIEW (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed, self);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (tw_board_view_parent_class)->dispose (object);
}

static void
tw_board_view_finalize (GObject *object)
{
  TwBoardView *self = TW_BOARD_VIEW (object);

  g_array_unref (self->regions);
  g_free (self->members);
  g_free (self->drag_item);
  g_clear_pointer (&self->last_state, tw_state_free);
  g_strfreev (self->seat_names);
  g_free (self->preview_text);

  G_OBJECT_CLASS (tw_board_view_parent_class)->finalize (object);
}

static void
tw_board_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TwBoardView *self = TW_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_SHOW_TARGETS:
      g_value_set_boolean (value, self->show_targets);
      break;
    case PROP_PREVIEW_TEXT:
      g_value_set_string (value, self->preview_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_board_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TwBoardView *self = TW_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      tw_board_view_set_model (self, g_value_get_object (value));
      break;
    case PROP_SHOW_TARGETS:
      tw_board_view_set_show_targets (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_board_view_class_init (TwBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_board_view_dispose;
  object_class->finalize = tw_board_view_finalize;
  object_class->get_property = tw_board_view_get_property;
  object_class->set_property = tw_board_view_set_property;
  widget_class->snapshot = tw_board_view_snapshot;
  widget_class->size_allocate = tw_board_view_size_allocate;
  widget_class->measure = tw_board_view_measure;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TW_TYPE_GAME_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_TARGETS] =
    g_param_spec_boolean ("show-targets", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PREVIEW_TEXT] =
    g_param_spec_string ("preview-text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TwBoardView::illegal:
   * @reason: why, in the rules' words
   *
   * An attempt to play was refused.
   */
  signals[ILLEGAL] = g_signal_new ("illegal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tw_board_view_init (TwBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *drag;

  self->regions = g_array_new (FALSE, FALSE, sizeof (Region));
  self->scale = 40;
  self->fit_mode = TRUE;
  self->sel_region = -1;
  self->layout.width = self->layout.height = 1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_MIDDLE);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (pan_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (pan_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"), -1);
  update_accessible (self);
}
