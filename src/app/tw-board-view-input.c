/* tw-board-view-input.c: the board view's pointer, drag, scroll and key controllers
 *
 * Hovering picks the region under the pointer; a click picks up a
 * component or plays the region under it; a primary-button drag carries
 * the held component and a release plays it; a middle-button drag or the
 * wheel pans, Ctrl+wheel zooms; the keys zoom, fit, move the cursor, turn
 * through variants and alternatives, and play. The state they change is
 * the view's (tw-board-view-private.h); what a selection or a move does
 * is decided in tw-board-view.c.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-board-view-private.h"

/* How far (pixels) a press moves before it is a drag, not a click */
#define DRAG_SLOP     4.0

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
  _tw_board_view_hover (self);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          TwBoardView              *self)
{
  self->pointer_in = FALSE;
  if (!self->sel_keyboard && self->sel_region >= 0)
    {
      self->sel_region = -1;
      _tw_board_view_update_preview_text (self);
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
  _tw_board_view_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The legal move whose component is drawn at (wx, wy), or -1. */
static int
source_at (TwBoardView *self,
           double       wx,
           double       wy)
{
  double bx = (wx - self->off_x) / self->scale;
  double by = (wy - self->off_y) / self->scale;
  const TwMoveList *legal;

  if (self->model == NULL || tw_game_model_is_over (self->model))
    return -1;
  legal = tw_game_model_get_legal_moves (self->model);
  for (guint i = 0; i < legal->len; i++)
    if (self->has_source[i] && tw_rect_contains (&self->sources[i], bx, by))
      return i;
  return -1;
}

/* A click on the component of the legal move @index: picks it up, or puts
 * it back when it is the one held. A component that has no move with a
 * place on the board and one move only (a tile to discard) is played. */
static void
pick_up (TwBoardView *self,
         guint        index)
{
  const TwMoveList *legal = tw_game_model_get_legal_moves (self->model);
  int only = -1;
  guint n_placed = 0, n_other = 0;

  if (self->held && tw_rect_equal (&self->held_rect, &self->sources[index]))
    {
      _tw_board_view_set_held (self, NULL, FALSE);
      return;
    }
  for (guint r = 0; r < self->regions->len; r++)
    {
      const Region *region = &g_array_index (self->regions, Region, r);
      for (guint k = 0; k < region->count; k++)
        n_placed += _tw_board_view_same_source (self, self->members[region->first + k], index);
    }
  for (guint i = 0; i < legal->len; i++)
    if (_tw_board_view_same_source (self, i, index))
      {
        n_other++;
        only = i;
      }
  n_other -= n_placed;
  if (n_placed == 0 && n_other == 1)
    {
      _tw_board_view_play_move (self, &legal->moves[only]);
      return;
    }
  _tw_board_view_set_held (self, &self->sources[index], FALSE);
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               TwBoardView    *self)
{
  self->dragging = FALSE;
  self->drag_cancelled = FALSE;
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
    {
      /* a drag that starts on a component carries that component only */
      int index = source_at (self, x, y);
      if (index >= 0
          && !(self->held && tw_rect_equal (&self->held_rect, &self->sources[index])))
        _tw_board_view_set_held (self, &self->sources[index], TRUE);
    }
  self->dragging = TRUE;
  /* the ghost follows the pointer: the same hit test as hovering */
  self->pointer_x = x + dx;
  self->pointer_y = y + dy;
  self->pointer_in = TRUE;
  self->sel_keyboard = FALSE;
  _tw_board_view_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
      /* a click: with a component held, where it goes; else a component
       * picks it up; else play what is shown under the pointer */
      int index = source_at (self, x, y);
      if (index >= 0 && !(self->held && _tw_board_view_region_at (self, x, y) >= 0))
        pick_up (self, index);
      else
        _tw_board_view_play_at (self, x, y);
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
      _tw_board_view_update_preview_text (self);
      return;
    }
  _tw_board_view_play_at (self, x, y);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             TwBoardView    *self)
{
  drag_end (gesture, dx, dy, self);
  /* whatever a drag picked up is put back (a move played cleared it already) */
  if (self->held && self->held_by_drag)
    _tw_board_view_set_held (self, NULL, FALSE);
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
      _tw_board_view_zoom_at (self, dy < 0 ? 1.15 : 1 / 1.15,
                              self->pointer_in ? self->pointer_x
                                               : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                              self->pointer_in ? self->pointer_y
                                               : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
      return TRUE;
    }
  self->off_x -= dx * 40;
  self->off_y -= dy * 40;
  self->fit_mode = FALSE;
  _tw_board_view_hover (self);
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
      if (self->held && !self->dragging)
        {
          _tw_board_view_set_held (self, NULL, FALSE);
          return TRUE;
        }
      if (!self->dragging || self->drag_cancelled)
        return FALSE;
      /* the drag goes on until the button is released, but plays nothing */
      self->drag_cancelled = TRUE;
      self->sel_region = -1;
      _tw_board_view_update_preview_text (self);
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
    case GDK_KEY_a:
    case GDK_KEY_A:
      tw_board_view_cycle_alternative (self, shift ? -1 : 1);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      tw_board_view_move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      tw_board_view_move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      tw_board_view_move_cursor (self, 0, -1);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      tw_board_view_move_cursor (self, 0, 1);
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

void
_tw_board_view_input_init (TwBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *drag;

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
}
