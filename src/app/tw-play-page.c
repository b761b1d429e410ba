/* tw-play-page.c: the Play view: the table, the move list and the controls
 *
 * Everything here is generic over the rules-module interface: turn and
 * scores come from to_act() and scores(), the move list from the history's
 * notation, the buttons for moves that have no place on the board from the
 * renderer's move_region() and the module's move_to_text().
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-play-page.h"

#include <glib/gi18n.h>

#include "tw-board-view.h"
#include "tw-renderer.h"

#define MAX_MOVE_BUTTONS 48

static const guint speed_delays_ms[] = { 1500, 500, 150, 0 };

struct _TwPlayPage
{
  AdwBin           parent_instance;

  /* Template widgets */
  GtkStack        *stack;
  GtkLabel        *turn_label;
  GtkBox          *scores_box;
  GtkLabel        *seed_label;
  TwBoardView     *board_view;
  GtkBox          *results_box;
  GtkLabel        *results_label;
  GtkLabel        *preview_label;
  GtkButton       *play_selected_button;
  GtkButton       *hint_button;
  GtkButton       *random_button;
  GtkBox          *other_moves_box;
  GtkFlowBox      *other_moves;
  GtkEntry        *move_entry;
  GtkBox          *bots_box;
  GtkDropDown     *speed_dropdown;
  GtkToggleButton *pause_toggle;
  GtkListBox      *move_list;

  /* Owned */
  TwGameModel     *model;
  GBinding        *pause_binding;
  TwMoveList       other;     /* the moves behind the buttons */
};

G_DEFINE_FINAL_TYPE (TwPlayPage, tw_play_page, ADW_TYPE_BIN)

static void
toast (TwPlayPage *self,
       const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  AdwToast *t;

  if (overlay == NULL)
    return;
  t = adw_toast_new (message);
  adw_toast_set_timeout (t, 4);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), t);
}

static char *
seat_name (TwPlayPage *self,
           guint       seat)
{
  return g_strdup (tw_record_get_seat_name (tw_game_model_get_record (self->model), seat));
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static void
update_header (TwPlayPage *self)
{
  TwGame *game = tw_game_model_get_game (self->model);
  const TwState *state = tw_game_model_get_state (self->model);
  int to_act = tw_game_model_get_to_act (self->model);
  double scores[TW_MAX_PLAYERS] = { 0 };
  g_autofree char *turn = NULL;
  g_autofree char *seed = NULL;

  if (to_act < 0)
    turn = g_strdup (_("Game over"));
  else
    {
      g_autofree char *name = seat_name (self, to_act);
      if (tw_game_model_get_thinking (self->model))
        /* Translators: the turn indicator while a bot thinks */
        turn = g_strdup_printf (_("%s is thinking…"), name);
      else
        /* Translators: the turn indicator: whose decision comes next */
        turn = g_strdup_printf (_("%s to play"), name);
    }
  gtk_label_set_label (self->turn_label, turn);

  /* Translators: the seed the game was dealt from */
  seed = g_strdup_printf (_("Seed %" G_GUINT64_FORMAT),
                          tw_history_get_seed (tw_game_model_get_history (self->model)));
  gtk_label_set_label (self->seed_label, seed);

  game->rules->scores (game, state, scores);
  clear_box (GTK_WIDGET (self->scores_box));
  for (guint p = 0; p < game->n_players; p++)
    {
      g_autofree char *name = seat_name (self, p);
      g_autofree char *escaped = g_markup_escape_text (name, -1);
      g_autofree char *text = NULL;
      GtkWidget *label;

      /* Translators: one seat in the score panel: name and score */
      text = g_strdup_printf ((int) p == to_act ? _("<b>%s: %g</b>") : _("%s: %g"), escaped,
                              scores[p]);
      label = gtk_label_new (NULL);
      gtk_label_set_markup (GTK_LABEL (label), text);
      gtk_box_append (self->scores_box, label);
    }
}

static void
update_results (TwPlayPage *self)
{
  TwGame *game = tw_game_model_get_game (self->model);
  const TwState *state = tw_game_model_get_state (self->model);
  double scores[TW_MAX_PLAYERS] = { 0 };
  guint rank[TW_MAX_PLAYERS] = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->results_box), tw_game_model_is_over (self->model));
  if (!tw_game_model_is_over (self->model))
    return;

  game->rules->scores (game, state, scores);
  game->rules->ranking (game, state, rank);
  for (guint place = 0; place < game->n_players; place++)
    for (guint p = 0; p < game->n_players; p++)
      if (rank[p] == place)
        {
          g_autofree char *name = seat_name (self, p);
          g_autofree char *escaped = g_markup_escape_text (name, -1);
          if (text->len > 0)
            g_string_append_c (text, '\n');
          /* Translators: a line of the results: place, name, score */
          g_string_append_printf (text, place == 0 ? _("<b>%u. %s — %g</b>") : _("%u. %s — %g"),
                                  place + 1, escaped, scores[p]);
        }
  gtk_label_set_markup (self->results_label, text->str);
}

static void
other_move_clicked (GtkButton  *button,
                    TwPlayPage *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "move-index"));
  g_autoptr(GError) error = NULL;
  TwMove move;

  if (self->model == NULL || index >= self->other.len)
    return;
  move = self->other.moves[index];
  if (!tw_game_model_play (self->model, &move, &error))
    toast (self, error->message);
}

static void
update_other_moves (TwPlayPage *self)
{
  TwGame *game = tw_game_model_get_game (self->model);
  const TwState *state = tw_game_model_get_state (self->model);
  const TwMoveList *legal = tw_game_model_get_legal_moves (self->model);
  const TwRenderer *renderer = tw_renderer_lookup (game->rules->id);
  int to_act = tw_game_model_get_to_act (self->model);
  gboolean human = to_act >= 0 && !tw_game_model_seat_is_bot (self->model, to_act);

  clear_box (GTK_WIDGET (self->other_moves));
  tw_move_list_clear (&self->other);
  for (guint i = 0; i < legal->len && self->other.len < MAX_MOVE_BUTTONS; i++)
    {
      TwRect rect;
      g_autofree char *text = NULL;
      GtkWidget *button;

      if (tw_renderer_move_region (renderer, game, state, &legal->moves[i], &rect))
        continue;
      *tw_move_list_push (&self->other) = legal->moves[i];
      text = tw_move_to_string (game, state, &legal->moves[i]);
      button = gtk_button_new_with_label (text);
      gtk_widget_set_tooltip_text (button, text);
      g_object_set_data (G_OBJECT (button), "move-index", GUINT_TO_POINTER (self->other.len - 1));
      g_signal_connect (button, "clicked", G_CALLBACK (other_move_clicked), self);
      gtk_widget_set_sensitive (button, human);
      gtk_flow_box_append (self->other_moves, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->other_moves_box), self->other.len > 0);

  gtk_widget_set_sensitive (GTK_WIDGET (self->random_button), human);
  gtk_widget_set_sensitive (GTK_WIDGET (self->hint_button), human);
  gtk_widget_set_sensitive (GTK_WIDGET (self->move_entry), human);
  gtk_widget_set_sensitive (GTK_WIDGET (self->board_view), TRUE);
}

static void
update_move_list (TwPlayPage *self)
{
  TwHistory *history = tw_game_model_get_history (self->model);
  guint current = tw_history_get_current (history);
  guint end = current;
  g_autoptr(GArray) path = NULL;
  GtkWidget *start_row;

  /* the line through the current node, continued the way redo would go */
  for (;;)
    {
      const TwHistoryNode *node = tw_history_get_node (history, end);
      guint next = node->last_visited != TW_HISTORY_NONE ? node->last_visited : node->first_child;
      if (next == TW_HISTORY_NONE)
        break;
      end = next;
    }
  path = tw_history_get_path (history, end);

  clear_box (GTK_WIDGET (self->move_list));
  start_row = gtk_list_box_row_new ();
  {
    GtkWidget *label = gtk_label_new (_("Start of the game"));
    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_widget_set_margin_start (label, 6);
    gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (start_row), label);
  }
  g_object_set_data (G_OBJECT (start_row), "node", GUINT_TO_POINTER (TW_HISTORY_ROOT));
  gtk_list_box_append (self->move_list, start_row);
  if (current == TW_HISTORY_ROOT)
    gtk_list_box_select_row (self->move_list, GTK_LIST_BOX_ROW (start_row));

  for (guint i = 0; i < path->len; i++)
    {
      guint id = g_array_index (path, guint, i);
      const TwHistoryNode *node = tw_history_get_node (history, id);
      g_autofree char *name = seat_name (self, MAX (node->player, 0));
      g_autofree char *text = NULL;
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *label;

      /* Translators: a row of the move list: number, seat, move in notation */
      text = g_strdup_printf (_("%u. %s: %s"), node->depth, name, node->text);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_start (label, 6);
      if (node->depth > tw_history_get_node (history, current)->depth)
        gtk_widget_add_css_class (label, "dim-label");
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      g_object_set_data (G_OBJECT (row), "node", GUINT_TO_POINTER (id));
      gtk_list_box_append (self->move_list, row);
      if (id == current)
        gtk_list_box_select_row (self->move_list, GTK_LIST_BOX_ROW (row));
    }
}

static void
update_preview (TwPlayPage *self)
{
  const char *text = tw_board_view_get_preview_text (self->board_view);
  g_autofree char *label = NULL;

  if (text != NULL)
    /* Translators: the move shown on the board; R turns it */
    label = g_strdup_printf (_("Selected: %s — R turns it, click or Return plays it"), text);
  else if (self->model != NULL && !tw_game_model_is_over (self->model))
    label = g_strdup (_("Point at a cell to preview a move; Page Down selects the next target."));
  gtk_label_set_label (self->preview_label, label ? label : "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_selected_button), text != NULL);
}

static void
model_changed (TwPlayPage *self)
{
  update_header (self);
  update_results (self);
  update_other_moves (self);
  update_move_list (self);
  update_preview (self);
}

static void
thinking_changed (TwPlayPage *self)
{
  update_header (self);
}

static void
play_selected_clicked (TwPlayPage *self)
{
  tw_board_view_play_selected (self->board_view);
}

static void
hint_clicked (TwPlayPage *self)
{
  TwMove move;
  g_autofree char *text = NULL;

  if (self->model == NULL || !tw_game_model_suggest (self->model, &move))
    return;
  if (!tw_board_view_select_move (self->board_view, &move))
    {
      text = tw_move_to_string (tw_game_model_get_game (self->model),
                                tw_game_model_get_state (self->model), &move);
      /* Translators: a suggested move that has no place on the board */
      g_autofree char *message = g_strdup_printf (_("Suggested: %s"), text);
      toast (self, message);
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
random_clicked (TwPlayPage *self)
{
  if (self->model != NULL)
    tw_game_model_play_random (self->model);
}

static void
move_entry_activate (TwPlayPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->move_entry));
  g_autoptr(GError) error = NULL;
  TwGame *game;
  TwMove move;
  g_autoptr(GString) why = g_string_new (NULL);

  if (self->model == NULL || *text == '\0')
    return;
  game = tw_game_model_get_game (self->model);
  if (!game->rules->move_from_text (game, tw_game_model_get_state (self->model), text, &move, why))
    {
      /* Translators: the move typed cannot be read: the text, the rules' reason */
      g_autofree char *message = g_strdup_printf (_("Cannot read “%s”: %s"), text, why->str);
      toast (self, message);
      return;
    }
  if (!tw_game_model_play (self->model, &move, &error))
    {
      /* Translators: the move typed is illegal: the text, the rules' reason */
      g_autofree char *message = g_strdup_printf (_("Illegal move “%s”: %s"), text, error->message);
      toast (self, message);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->move_entry), "");
}

static void
move_row_activated (TwPlayPage    *self,
                    GtkListBoxRow *row)
{
  if (self->model != NULL)
    tw_game_model_goto (self->model,
                        GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "node")));
}

static void
board_illegal (TwPlayPage *self,
               const char *reason)
{
  toast (self, reason);
}

static void
speed_changed (TwPlayPage *self)
{
  guint i = gtk_drop_down_get_selected (self->speed_dropdown);

  if (self->model != NULL && i < G_N_ELEMENTS (speed_delays_ms))
    tw_game_model_set_bot_delay (self->model, speed_delays_ms[i]);
}

void
tw_play_page_set_model (TwPlayPage  *self,
                        TwGameModel *model)
{
  g_return_if_fail (TW_IS_PLAY_PAGE (self));
  g_return_if_fail (model == NULL || TW_IS_GAME_MODEL (model));

  if (self->model == model)
    return;
  if (self->model != NULL)
    {
      g_clear_pointer (&self->pause_binding, g_binding_unbind);
      g_signal_handlers_disconnect_by_data (self->model, self);
      tw_game_model_stop_bots (self->model);
    }
  g_set_object (&self->model, model);
  tw_board_view_set_model (self->board_view, model);

  if (model == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (model, "notify::thinking", G_CALLBACK (thinking_changed), self,
                           G_CONNECT_SWAPPED);
  self->pause_binding = g_object_bind_property (model, "paused", self->pause_toggle, "active",
                                                G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  speed_changed (self);

  {
    TwGame *game = tw_game_model_get_game (model);
    gboolean any_bot = FALSE;
    for (guint p = 0; p < game->n_players; p++)
      any_bot |= tw_game_model_seat_is_bot (model, p);
    gtk_widget_set_visible (GTK_WIDGET (self->bots_box), any_bot);
  }

  gtk_stack_set_visible_child_name (self->stack, "game");
  model_changed (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

TwGameModel *
tw_play_page_get_model (TwPlayPage *self)
{
  g_return_val_if_fail (TW_IS_PLAY_PAGE (self), NULL);
  return self->model;
}

static void
tw_play_page_dispose (GObject *object)
{
  TwPlayPage *self = TW_PLAY_PAGE (object);

  if (self->model != NULL)
    {
      g_clear_pointer (&self->pause_binding, g_binding_unbind);
      tw_game_model_stop_bots (self->model);
    }
  g_clear_object (&self->model);
  /* AdwBin owns the template's root and unparents it itself */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_PLAY_PAGE);

  G_OBJECT_CLASS (tw_play_page_parent_class)->dispose (object);
}

static void
tw_play_page_finalize (GObject *object)
{
  TwPlayPage *self = TW_PLAY_PAGE (object);

  tw_move_list_free (&self->other);

  G_OBJECT_CLASS (tw_play_page_parent_class)->finalize (object);
}

static void
tw_play_page_class_init (TwPlayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_play_page_dispose;
  object_class->finalize = tw_play_page_finalize;

  g_type_ensure (TW_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/play-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, scores_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, seed_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, board_view);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, results_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, results_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, preview_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, play_selected_button);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, hint_button);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, random_button);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, other_moves_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, other_moves);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, move_entry);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, bots_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, pause_toggle);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, move_list);
  gtk_widget_class_bind_template_callback (widget_class, play_selected_clicked);
  gtk_widget_class_bind_template_callback (widget_class, hint_clicked);
  gtk_widget_class_bind_template_callback (widget_class, random_clicked);
  gtk_widget_class_bind_template_callback (widget_class, move_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, move_row_activated);
}

static void
tw_play_page_init (TwPlayPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tw_move_list_init (&self->other);

  g_signal_connect_object (self->board_view, "illegal", G_CALLBACK (board_illegal), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "notify::preview-text", G_CALLBACK (update_preview),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->speed_dropdown, "notify::selected", G_CALLBACK (speed_changed),
                           self, G_CONNECT_SWAPPED);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}
