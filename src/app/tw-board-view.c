/* tw-board-view.c: a game's position, drawn by its renderer, played by pointer or keys
 *
 * The view knows no game: it asks the renderer for the layout and the
 * drawing, and for the region of every legal move. Moves whose regions are
 * equal are variants. The renderer's move_source() tells them apart: variants
 * that take the same component (the same piece, tile or meeple) differ in how
 * it is turned, and R and Shift+R turn through them; variants that take
 * different components are alternatives (which piece, which meeple walks),
 * and A and Shift+A choose between them. The pointer, Page Up/Down or the
 * arrow keys (a cursor, drawn while the board has the keyboard focus) pick a
 * region; a click or Return plays the move shown.
 *
 * A click on a component in a tray or hand picks it up: it is outlined, the
 * places where it can go are marked, and only its moves are offered until it
 * is played, clicked again or put back with Escape (a component whose only
 * move has no place on the board, such as a tile that must be discarded, is
 * played at once). Pressing and dragging carries the ghost with the pointer
 * (it snaps to the legal region under it, a red sign marks a spot where
 * nothing legal lands) and releasing plays it, exactly as a click there
 * would; Escape or releasing outside the view cancels. A drag that starts on
 * a component carries that component only. Moves without a region are the
 * play page's buttons.
 *
 * Pan with a middle-button drag or the scroll wheel, zoom with Ctrl+scroll or
 * +/-, fit with 0. Until the user pans or zooms, the view fits the position
 * to the widget when a game starts and when the widget is resized; after a
 * move it keeps its scale (only recentring) unless the position has grown
 * past the edge, and then it shrinks with some room to spare, so that the
 * table does not change scale after every move.
 *
 * The controllers that turn pointer, drag, scroll and keys into these
 * actions are in tw-board-view-input.c.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-board-view.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tw-board-view-private.h"

#define FIT_PADDING   12.0
#define MIN_SCALE     4.0
#define MAX_SCALE     400.0
/* When the position outgrows the view, it is refitted this much smaller than
 * needed, so that the next few moves fit without another change of scale. */
#define GROW_ROOM     1.12
/* What is picked up and where it can go: an orange apart from every game's
 * colours and the blue of targets and the seat to act (#F57800) */
#define HELD_R        (245 / 255.0)
#define HELD_G        (120 / 255.0)
#define HELD_B        0.0

G_DEFINE_FINAL_TYPE (TwBoardView, tw_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_MODEL,
  PROP_SHOW_TARGETS,
  PROP_PREVIEW_TEXT,
  PROP_HOLDING,
  N_PROPS
};

enum
{
  ILLEGAL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Whether the legal moves @i and @j take the same component (or none). */
gboolean
_tw_board_view_same_source (TwBoardView *self,
                            guint        i,
                            guint        j)
{
  if (self->has_source[i] != self->has_source[j])
    return FALSE;
  return !self->has_source[i] || tw_rect_equal (&self->sources[i], &self->sources[j]);
}

/* Whether the legal move @index may be chosen now: any, except while a
 * component is held, which only the moves that take it may play. */
static gboolean
member_allowed (TwBoardView *self,
                guint        index)
{
  return !self->held
         || (self->has_source[index] && tw_rect_equal (&self->sources[index], &self->held_rect));
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

/* What a screen reader says of the board (its description): the game, each
 * seat's score and what it holds (the module's describe_seat()), the areas
 * drawn, whose turn it is, and the move selected (by the keyboard's cursor
 * or under the pointer) in words with what it would do to the scores. */
static void
update_accessible (TwBoardView *self)
{
  g_autoptr(GString) desc = g_string_new (NULL);
  const TwMove *move;
  const TwState *state;
  double scores[TW_MAX_PLAYERS] = { 0 };
  TwGame *game;
  int to_act;

  if (self->model == NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("No game"), -1);
      return;
    }
  game = tw_game_model_get_game (self->model);
  state = tw_game_model_get_state (self->model);
  to_act = tw_game_model_get_to_act (self->model);
  /* Translators: describes the board for screen readers: game name */
  g_string_append_printf (desc, _("%s position."), game->definition->name);
  game->rules->scores (game, state, scores);
  for (guint p = 0; p < game->n_players && self->seat_names != NULL; p++)
    {
      g_autofree char *holds = tw_state_describe_seat (game, state, p,
                                                       tw_game_model_get_viewer (self->model));

      g_string_append_c (desc, ' ');
      /* Translators: a seat's score on the board, for screen readers: "Player 1: 12 points" */
      g_string_append_printf (desc, g_dngettext (GETTEXT_PACKAGE, "%s: %g point", "%s: %g points",
                                                 scores[p] == 1 ? 1 : 2),
                              self->seat_names[p], scores[p]);
      if (holds != NULL)
        g_string_append_printf (desc, ", %s", holds);
      g_string_append_c (desc, '.');
    }
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
  move = selected_move (self);
  if (move != NULL)
    {
      g_autofree char *words = tw_game_model_describe_move (self->model, move);
      g_autofree char *change = tw_game_model_describe_score_change (self->model, move);

      g_string_append_c (desc, ' ');
      if (change != NULL)
        /* Translators: the move selected on the board, in words, and what it
         * would do to the scores, for screen readers */
        g_string_append_printf (desc, _("Selected: %s — %s."), words, change);
      else
        g_string_append_printf (desc, _("Selected: %s."), words);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc->str, -1);
}

void
_tw_board_view_update_preview_text (TwBoardView *self)
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

int
_tw_board_view_region_at (TwBoardView *self,
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

void
_tw_board_view_hover (TwBoardView *self)
{
  int r;

  if (!self->pointer_in || self->sel_keyboard)
    return;
  r = _tw_board_view_region_at (self, self->pointer_x, self->pointer_y);
  if (r != self->sel_region)
    {
      self->sel_region = r;
      _tw_board_view_update_preview_text (self);
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
  TwRenderParams params = { .viewer = self->model ? tw_game_model_get_viewer (self->model) : -1,
                            .aspect = self->aspect };
  g_autofree TwRect *rects = NULL;
  g_autofree int *region_of = NULL;
  g_autofree guint *fill = NULL;

  g_array_set_size (self->regions, 0);
  g_clear_pointer (&self->members, g_free);
  g_clear_pointer (&self->sources, g_free);
  g_clear_pointer (&self->has_source, g_free);
  /* a component picked up was played, or the position changed under it */
  if (self->held)
    {
      self->held = self->held_by_drag = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOLDING]);
    }
  g_clear_pointer (&self->last_state, tw_state_free);
  g_clear_pointer (&self->seat_names, g_strfreev);
  self->sel_region = -1;
  self->sel_keyboard = FALSE;

  if (self->model == NULL)
    {
      memset (&self->layout, 0, sizeof self->layout);
      self->layout.width = self->layout.height = 1;
      _tw_board_view_update_preview_text (self);
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
      if (!tw_renderer_move_region (self->renderer, game, state, &legal->moves[i], &params,
                                    &rects[i]))
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
  self->sources = g_new (TwRect, MAX (legal->len, 1));
  self->has_source = g_new (gboolean, MAX (legal->len, 1));
  for (guint i = 0; i < legal->len; i++)
    self->has_source[i] = tw_renderer_move_source (self->renderer, game, state, &legal->moves[i],
                                                   &params, &self->sources[i]);
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
  _tw_board_view_hover (self);
  _tw_board_view_update_preview_text (self);
}

/* The same position laid out again (the widget's shape gave the renderer
 * another arrangement): the regions move, and what the player had selected
 * or picked up stays so. */
static void
relayout (TwBoardView *self)
{
  const TwMove *selected = selected_move (self);
  TwMove move = { 0, };
  gboolean had_selection = selected != NULL;
  gboolean keyboard = self->sel_keyboard;
  gboolean by_drag = self->held_by_drag;
  int held = -1;

  if (had_selection)
    move = *selected;
  for (guint i = 0; self->held && self->has_source != NULL
                    && i < tw_game_model_get_legal_moves (self->model)->len; i++)
    if (self->has_source[i] && tw_rect_equal (&self->sources[i], &self->held_rect))
      {
        held = i;
        break;
      }
  rebuild (self);
  if (held >= 0 && self->has_source[held])
    _tw_board_view_set_held (self, &self->sources[held], by_drag);
  if (had_selection && tw_board_view_select_move (self, &move))
    {
      self->sel_keyboard = keyboard;
      _tw_board_view_update_preview_text (self);
    }
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

/* A rounded outline around @r (board units) at least @px pixels wide. */
static void
outline (TwBoardView  *self,
         cairo_t      *cr,
         const TwRect *r,
         double        grow_px,
         double        px)
{
  double g = grow_px / self->scale;

  tw_render_rounded_rect (cr, r->x - g, r->y - g, r->width + 2 * g, r->height + 2 * g,
                          MIN (r->width, r->height) * 0.12 + g);
  cairo_set_line_width (cr, px / self->scale);
  cairo_stroke (cr);
}

/* The component picked up, lifted out of its tray (a thick outline in the
 * selection colour), and a dot on every place it can go. */
static void
draw_held (TwBoardView *self,
           cairo_t     *cr)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, HELD_R, HELD_G, HELD_B);
  outline (self, cr, &self->held_rect, 3, 3);
  for (guint i = 0; i < self->regions->len; i++)
    {
      const Region *r = &g_array_index (self->regions, Region, i);
      double radius = MIN (MIN (r->rect.width, r->rect.height) * 0.18, 7 / self->scale);

      if (!region_allowed (self, r))
        continue;
      cairo_arc (cr, r->rect.x + r->rect.width / 2, r->rect.y + r->rect.height / 2,
                 MAX (radius, 3 / self->scale), 0, 2 * G_PI);
      cairo_set_source_rgb (cr, HELD_R, HELD_G, HELD_B);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, 1.2 / self->scale);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* The keyboard cursor: a double ring (dark inside, light outside) that
 * shows on any colour of tile or cell. */
static void
draw_cursor (TwBoardView  *self,
             cairo_t      *cr,
             const TwRect *r)
{
  cairo_save (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  outline (self, cr, r, 4, 2);
  cairo_set_source_rgb (cr, 0.11, 0.11, 0.13);
  outline (self, cr, r, 1.5, 2.5);
  cairo_restore (cr);
}

static void
tw_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  TwBoardView *self = TW_BOARD_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  TwRenderParams params = { .viewer = self->model ? tw_game_model_get_viewer (self->model) : -1,
                            .aspect = self->aspect };
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
      if (self->held)
        draw_held (self, cr);
      if (self->sel_keyboard && self->sel_region >= 0 && gtk_widget_has_focus (widget))
        draw_cursor (self, cr,
                     &g_array_index (self->regions, Region, self->sel_region).rect);
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

  if (!self->fit_mode || (width == self->fit_width && height == self->fit_height))
    return;
  /* a renderer may arrange the position to suit the widget's shape: when
   * the new shape gives another layout, the regions move with it */
  if (width > 0 && height > 0 && self->model != NULL)
    {
      double aspect = (double) width / height;
      TwRenderParams params = { .viewer = tw_game_model_get_viewer (self->model),
                                .seat_names = (const char * const *) self->seat_names,
                                .aspect = aspect };
      TwLayout layout;

      self->aspect = aspect;
      tw_renderer_layout (self->renderer, tw_game_model_get_game (self->model),
                          tw_game_model_get_state (self->model), &params, &layout);
      if (layout.width != self->layout.width || layout.height != self->layout.height)
        {
          relayout (self);
          return;
        }
    }
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

void
_tw_board_view_zoom_at (TwBoardView *self,
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
  _tw_board_view_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tw_board_view_zoom (TwBoardView *self,
                    double       factor)
{
  g_return_if_fail (TW_IS_BOARD_VIEW (self));
  _tw_board_view_zoom_at (self, factor, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                          gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
tw_board_view_fit (TwBoardView *self)
{
  g_return_if_fail (TW_IS_BOARD_VIEW (self));
  self->fit_mode = TRUE;
  fit (self);
  _tw_board_view_hover (self);
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
  _tw_board_view_update_preview_text (self);
}

/* The selected region and, in @current, the position in it of the move
 * shown; NULL when nothing is selected. */
static const Region *
selection (TwBoardView *self,
           int         *current)
{
  const TwMoveList *legal;
  const TwMove *move = selected_move (self);
  const Region *r;

  if (move == NULL)
    return NULL;
  legal = tw_game_model_get_legal_moves (self->model);
  r = &g_array_index (self->regions, Region, self->sel_region);
  for (guint k = 0; k < r->count; k++)
    if (&legal->moves[self->members[r->first + k]] == move)
      {
        *current = k;
        return r;
      }
  return NULL;
}

/* The position @n steps of @step from @current in @r, round. */
static guint
member_step (const Region *r,
             int           current,
             guint         n,
             int           step)
{
  return ((current + (int) n * step) % (int) r->count + r->count) % r->count;
}

void
tw_board_view_cycle_variant (TwBoardView *self,
                             int          step)
{
  const Region *r;
  int current;

  g_return_if_fail (TW_IS_BOARD_VIEW (self));

  if ((r = selection (self, &current)) == NULL)
    return;
  /* the next way to turn the same component */
  for (guint n = 1; n < r->count; n++)
    {
      guint k = member_step (r, current, n, step);
      guint index = self->members[r->first + k];
      if (member_allowed (self, index)
          && _tw_board_view_same_source (self, index, self->members[r->first + current]))
        {
          self->sel_variant = k;
          break;
        }
    }
  _tw_board_view_update_preview_text (self);
}

void
tw_board_view_cycle_alternative (TwBoardView *self,
                                 int          step)
{
  const Region *r;
  int current;
  guint index;

  g_return_if_fail (TW_IS_BOARD_VIEW (self));

  if ((r = selection (self, &current)) == NULL)
    return;
  /* the first way to play the next component that lands here, in the order
   * the components first appear among the region's moves: the one held is
   * put down for it */
  for (guint n = 1; n < r->count; n++)
    {
      guint k = member_step (r, current, n, step);
      guint first = k;

      index = self->members[r->first + k];
      if (_tw_board_view_same_source (self, index, self->members[r->first + current]))
        continue;
      for (guint j = 0; j < r->count; j++)
        if (_tw_board_view_same_source (self, self->members[r->first + j], index))
          {
            first = j;
            break;
          }
      self->sel_variant = first;
      index = self->members[r->first + first];
      if (self->held)
        _tw_board_view_set_held (self, self->has_source[index] ? &self->sources[index] : NULL,
                                 FALSE);
      break;
    }
  _tw_board_view_update_preview_text (self);
}

void
tw_board_view_get_choices (TwBoardView *self,
                           guint       *n_turns,
                           guint       *n_alternatives)
{
  const Region *r;
  int current;

  g_return_if_fail (TW_IS_BOARD_VIEW (self));

  *n_turns = *n_alternatives = 0;
  if ((r = selection (self, &current)) == NULL)
    return;
  for (guint k = 0; k < r->count; k++)
    {
      guint index = self->members[r->first + k];
      if (_tw_board_view_same_source (self, index, self->members[r->first + current]))
        *n_turns += member_allowed (self, index);
      else
        {
          /* count each other component once */
          gboolean seen = FALSE;
          for (guint j = 0; j < k && !seen; j++)
            seen = _tw_board_view_same_source (self, self->members[r->first + j], index);
          *n_alternatives += !seen;
        }
    }
  *n_alternatives += *n_turns > 0;
}

void
tw_board_view_move_cursor (TwBoardView *self,
                           int          dx,
                           int          dy)
{
  const Region *cur;
  double cx, cy, best = G_MAXDOUBLE;
  int pick = -1;

  g_return_if_fail (TW_IS_BOARD_VIEW (self));

  if (self->sel_region < 0)
    {
      tw_board_view_select_target (self, 1);
      return;
    }
  cur = &g_array_index (self->regions, Region, self->sel_region);
  cx = cur->rect.x + cur->rect.width / 2;
  cy = cur->rect.y + cur->rect.height / 2;
  /* the nearest region ahead in that direction, straight ahead preferred */
  for (guint i = 0; i < self->regions->len; i++)
    {
      const Region *r = &g_array_index (self->regions, Region, i);
      double vx = r->rect.x + r->rect.width / 2 - cx, vy = r->rect.y + r->rect.height / 2 - cy;
      double along = vx * dx + vy * dy, across = fabs (vx * dy - vy * dx), score;

      if ((int) i == self->sel_region || along < 1e-6 || !region_allowed (self, r))
        continue;
      score = along + 2 * across;
      if (score < best)
        {
          best = score;
          pick = i;
        }
    }
  if (pick >= 0)
    {
      self->sel_region = pick;
      self->sel_variant = 0;
    }
  self->sel_keyboard = TRUE;
  _tw_board_view_update_preview_text (self);
}

/* Plays @move (legal now) for the person to act, or says why not. */
gboolean
_tw_board_view_play_move (TwBoardView  *self,
                          const TwMove *move)
{
  g_autoptr(GError) error = NULL;
  int to_act = tw_game_model_get_to_act (self->model);
  TwMove copy = *move;

  if (to_act >= 0 && tw_game_model_seat_is_bot (self->model, to_act))
    {
      /* Translators: a move tried on the board while a bot's seat is to act */
      g_autofree char *why = g_strdup_printf (_("A bot plays %s: wait for its move, or take the "
                                                "seat back under Players."),
                                              self->seat_names[to_act]);
      g_signal_emit (self, signals[ILLEGAL], 0, why);
      return FALSE;
    }
  /* the model's copy of the legal moves goes when the move is played */
  if (!tw_game_model_play (self->model, &copy, &error))
    {
      g_signal_emit (self, signals[ILLEGAL], 0, error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
tw_board_view_play_selected (TwBoardView *self)
{
  const TwMove *move;

  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), FALSE);

  move = selected_move (self);
  return move != NULL && _tw_board_view_play_move (self, move);
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
            _tw_board_view_update_preview_text (self);
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

gboolean
tw_board_view_get_holding (TwBoardView *self)
{
  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), FALSE);
  return self->held;
}

const char *
tw_board_view_get_preview_text (TwBoardView *self)
{
  g_return_val_if_fail (TW_IS_BOARD_VIEW (self), NULL);
  return self->preview_text;
}


void
_tw_board_view_set_held (TwBoardView  *self,
                         const TwRect *rect,
                         gboolean      by_drag)
{
  gboolean was = self->held;

  self->held = rect != NULL;
  self->held_by_drag = rect != NULL && by_drag;
  if (rect != NULL)
    self->held_rect = *rect;
  /* the selection must be one of the held component's moves */
  if (self->sel_region >= 0
      && !region_allowed (self, &g_array_index (self->regions, Region, self->sel_region)))
    self->sel_region = -1;
  if (was != self->held)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOLDING]);
  _tw_board_view_hover (self);
  _tw_board_view_update_preview_text (self);
}

/* Plays the region under (x, y) as a click there does, or says why not. */
void
_tw_board_view_play_at (TwBoardView *self,
                        double       x,
                        double       y)
{
  int r = _tw_board_view_region_at (self, x, y);

  if (r < 0)
    {
      if (self->held)
        g_signal_emit (self, signals[ILLEGAL], 0,
                       _("What you picked up cannot go there: the marked places show where it "
                         "can (Escape puts it back)."));
      else if (!tw_game_model_is_over (self->model) && self->regions->len > 0)
        g_signal_emit (self, signals[ILLEGAL], 0,
                       _("No legal move lands there: the highlighted cells show where one does "
                         "(Show Legal Targets)."));
      return;
    }
  self->sel_region = r;
  self->sel_keyboard = FALSE;
  tw_board_view_play_selected (self);
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
  g_free (self->sources);
  g_free (self->has_source);
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
    case PROP_HOLDING:
      g_value_set_boolean (value, self->held);
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
  properties[PROP_HOLDING] =
    g_param_spec_boolean ("holding", NULL, NULL, FALSE,
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
  self->regions = g_array_new (FALSE, FALSE, sizeof (Region));
  self->scale = 40;
  self->fit_mode = TRUE;
  self->sel_region = -1;
  self->layout.width = self->layout.height = 1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  _tw_board_view_input_init (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"), -1);
  update_accessible (self);
}
