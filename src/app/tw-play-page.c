/* tw-play-page.c: the Play view: the table, the move list and the controls
 *
 * Everything here is generic over the rules-module interface: turn and
 * scores come from to_act() and scores(), the move list from the history's
 * notation, the buttons for moves that have no place on the board from the
 * renderer's move_region() and the module's move_to_text().
 *
 * The move list is the whole tree of the history: the main line, and under
 * each move the variations that are alternatives to it, indented and marked
 * "↳"; any row jumps there, and a variation can be promoted to the main line.
 *
 * Passing the device: when two or more seats are people and the seat to act
 * would be shown something the others may not see, the table is covered by a
 * "Pass to …" page until that person says they are at the device. Whether
 * there is such a thing is asked of the renderer, not of the game: the
 * position is drawn once for the seat to act and once for nobody, and the
 * screen is needed when the two drawings differ.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-play-page.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#include "tw-app-util.h"
#include "tw-board-view.h"
#include "tw-definition-document.h"
#include "tw-game-picture.h"
#include "tw-renderer.h"
#include "tw-result.h"
#include "tw-score-breakdown.h"

#define MAX_MOVE_BUTTONS 48
/* The pass-the-device check draws at most this many pixels a side. */
#define HIDDEN_CHECK_SIZE 1200.0
#define HIDDEN_CHECK_SCALE 8.0

static const guint speed_delays_ms[] = { 1500, 500, 150, 0 };

struct _TwPlayPage
{
  AdwBin           parent_instance;

  /* Template widgets */
  GtkStack        *stack;
  AdwStatusPage   *empty_page;
  GtkBox          *empty_box;
  GtkWidget       *empty_picture;  /* the definition's game in progress, over the buttons */
  GtkWidget       *game_box;
  GtkLabel        *turn_label;
  GtkLabel        *stage_label;
  char            *stage;          /* the stage shown (TwRules.stage_text), or NULL */
  gboolean         stage_known;    /* stage is the current game's (not the one before) */
  GtkBox          *scores_box;
  GtkLabel        *seed_label;
  TwBoardView     *board_view;
  GtkBox          *results_box;
  GtkLabel        *results_label;
  GtkLabel        *results_detail;
  GtkBox          *results_seats;
  GtkBox          *breakdown_box;
  GtkLabel        *preview_label;
  GtkButton       *play_selected_button;
  GtkButton       *hint_button;
  GtkButton       *random_button;
  GtkBox          *other_moves_box;
  GtkFlowBox      *other_moves;
  GtkEntry        *move_entry;
  GtkBox          *bots_box;
  GtkBox          *seats_box;
  GtkDropDown     *speed_dropdown;
  GtkToggleButton *pause_toggle;
  GtkListBox      *move_list;
  GtkStack        *panel_stack;
  GtkStackPage    *legend_page;
  GtkStackPage    *breakdown_page;
  gboolean         shown_over;      /* the score page was brought up for this game over */
  GtkLabel        *legend_label;
  GtkScrolledWindow *move_scroller;
  AdwStatusPage   *pass_page;
  GtkButton       *pass_button;

  /* Owned */
  TwGameModel     *model;
  GBinding        *pause_binding;
  TwMoveList       other;     /* the moves behind the buttons */
  GtkWidget       *row_menu;  /* the move list's context menu */
  GCancellable    *hint_cancellable;  /* a hint being searched, or NULL */

  /* Borrowed: who plays each seat, in the rows of seats_box */
  GtkDropDown     *seat_kind[TW_MAX_PLAYERS];
  /* Owned: the spec behind each choice of seat_kind */
  GtkStringList   *seat_specs[TW_MAX_PLAYERS];

  int              revealed_seat;  /* the person last shown the table, or -1 */
  gboolean         follow_end;     /* the current move is the list's last: keep it in view */
  gboolean         reveal_pending; /* bring the current move into view once laid out */
  guint            follow_source;
  guint            reveal_tick;    /* a tick callback on move_scroller, or 0 */
  guint            reveal_tries;   /* frames waited for the rows' layout */
  int              passing_to;     /* the seat the pass screen waits for, or -1 */
  TwDefinition    *definition;     /* the window's, for the "start a game" page */
};

G_DEFINE_FINAL_TYPE (TwPlayPage, tw_play_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_DEFINITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_hint_running (TwPlayPage *self,
                  gboolean    running)
{
  if (!running)
    g_clear_object (&self->hint_cancellable);
  gtk_button_set_label (self->hint_button, running ? _("Stop _Hint") : _("_Hint"));
}

static void
cancel_hint (TwPlayPage *self)
{
  if (self->hint_cancellable != NULL)
    g_cancellable_cancel (self->hint_cancellable);
}

/* Stops a hint being searched, and says so on its button. */
static void
stop_hint (TwPlayPage *self)
{
  if (self->hint_cancellable == NULL)
    return;
  cancel_hint (self);
  set_hint_running (self, FALSE);
}

static char *
seat_name (TwPlayPage *self,
           guint       seat)
{
  return g_strdup (tw_record_get_seat_name (tw_game_model_get_record (self->model), seat));
}

/* Removes the rows or items of @box, leaving a popover (the move list's
 * context menu) where it is. */
static void
clear_box (GtkWidget *box)
{
  GtkWidget *child, *next;

  for (child = gtk_widget_get_first_child (box); child != NULL; child = next)
    {
      next = gtk_widget_get_next_sibling (child);
      if (GTK_IS_POPOVER (child))
        continue;
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

/* The stage of the game under the turn, when the module tells one; a new
 * stage reached by a move is announced in a toast too (not the first one
 * shown for a game, which the player sees as the game opens). */
static void
update_stage (TwPlayPage *self)
{
  TwGame *game = tw_game_model_get_game (self->model);
  const TwState *state = tw_game_model_get_state (self->model);
  g_autofree char *stage = game->rules->stage_text != NULL
                           ? game->rules->stage_text (game, state) : NULL;
  gboolean announce = stage != NULL && g_strcmp0 (stage, self->stage) != 0
                      && self->stage_known;

  gtk_label_set_label (self->stage_label, stage != NULL ? stage : "");
  gtk_widget_set_visible (GTK_WIDGET (self->stage_label), stage != NULL);
  if (announce)
    tw_app_toast (GTK_WIDGET (self), stage);
  g_free (self->stage);
  self->stage = g_steal_pointer (&stage);
  self->stage_known = TRUE;
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
  update_stage (self);

  /* Translators: the seed the game was dealt from */
  seed = g_strdup_printf (_("Seed %llu"), (unsigned long long)
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

/* The end of the game: who won in a sentence and how (a tie-break, a shared
 * win), one card per seat in the order of the ranking with its place, name
 * and final score; and in the side panel every seat's score by rule. */
static void
update_results (TwPlayPage *self)
{
  TwGame *game = tw_game_model_get_game (self->model);
  const TwState *state = tw_game_model_get_state (self->model);
  gboolean over = tw_game_model_is_over (self->model);
  double scores[TW_MAX_PLAYERS] = { 0 };
  guint rank[TW_MAX_PLAYERS] = { 0 };
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *headline = NULL;
  g_autofree char *how = NULL;
  GtkWidget *title;

  clear_box (GTK_WIDGET (self->results_seats));
  clear_box (GTK_WIDGET (self->breakdown_box));
  gtk_widget_set_visible (GTK_WIDGET (self->results_box), over);
  gtk_stack_page_set_visible (self->breakdown_page, over);
  /* the score by rule comes up once when the game ends; the player may go
   * back to the moves from there */
  if (over && !self->shown_over)
    gtk_stack_set_visible_child_name (self->panel_stack, "score");
  self->shown_over = over;
  if (!over)
    return;

  for (guint p = 0; p < game->n_players; p++)
    g_ptr_array_add (names, seat_name (self, p));
  g_ptr_array_add (names, NULL);
  game->rules->scores (game, state, scores);
  game->rules->ranking (game, state, rank);
  for (guint place = 0; place < game->n_players; place++)
    for (guint p = 0; p < game->n_players; p++)
      if (rank[p] == place)
        {
          const char *name = g_ptr_array_index (names, p);
          g_autofree char *line = NULL;
          g_autofree char *points = NULL;
          g_autofree char *a11y = NULL;
          GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *label;

          gtk_widget_add_css_class (card, "card");
          gtk_widget_add_css_class (card, place == 0 ? "winner" : "placed");
          /* Translators: a seat's card in the results: place and name */
          line = g_strdup_printf (_("%u. %s"), place + 1, name);
          label = gtk_label_new (line);
          gtk_widget_add_css_class (label, "title-3");
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_box_append (GTK_BOX (card), label);
          /* Translators: a seat's final score in the results */
          points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%g point", "%g points",
                                                 scores[p] == 1 ? 1 : 2), scores[p]);
          label = gtk_label_new (points);
          gtk_widget_add_css_class (label, "title-1");
          gtk_widget_add_css_class (label, "numeric");
          gtk_box_append (GTK_BOX (card), label);
          /* Translators: a seat's card in the results, for screen readers */
          a11y = g_strdup_printf (_("Place %u: %s, %s"), place + 1, name, points);
          gtk_accessible_update_property (GTK_ACCESSIBLE (card),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
          gtk_box_append (self->results_seats, card);
        }
  tw_result_explain_parts (game, state, (const char * const *) names->pdata, &headline, &how);
  gtk_label_set_label (self->results_label, headline);
  gtk_label_set_label (self->results_detail, how);
  gtk_widget_set_visible (GTK_WIDGET (self->results_detail), *how != '\0');
  title = gtk_label_new (_("Score by Rule"));
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_box_append (self->breakdown_box, title);
  gtk_box_append (self->breakdown_box,
                  tw_score_breakdown_new (game, state, (const char * const *) names->pdata));
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
    tw_app_toast (GTK_WIDGET (self), error->message);
}

/* The legend of the game's cards: each kind of card in the definition once,
 * its title and what it does (the card's own text, else its kind's
 * description from the module's catalogue). */
static void
update_legend (TwPlayPage *self)
{
  const TwDefinition *def = tw_game_model_get_game (self->model)->definition;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < def->n_cards; i++)
    {
      const TwCardDef *card = &def->cards[i];
      const TwCardKind *kind = card->kind < def->rules->n_card_kinds
                               ? &def->rules->card_kinds[card->kind] : NULL;
      const char *title = card->title ? card->title : kind ? _(kind->title) : card->id;
      const char *what = card->text ? card->text : kind ? _(kind->description) : NULL;
      g_autofree char *line = NULL;

      if (title == NULL || what == NULL || g_hash_table_contains (seen, title))
        continue;
      g_hash_table_add (seen, (gpointer) title);
      /* Translators: a line of the card legend: the card's title, what it does */
      line = g_markup_printf_escaped (_("<b>%s</b> — %s"), title, what);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, line);
    }
  gtk_label_set_markup (self->legend_label, text->str);
  gtk_stack_page_set_visible (self->legend_page, text->len > 0);
}

static gboolean
human_to_act (TwPlayPage *self)
{
  int to_act = self->model != NULL ? tw_game_model_get_to_act (self->model) : -1;

  return to_act >= 0 && !tw_game_model_seat_is_bot (self->model, to_act);
}

/* @move, legal now, in the module's words with the seat to act as its
 * subject ("Player 1 chooses blue to score"). */

static void
update_other_moves (TwPlayPage *self)
{
  TwGame *game = tw_game_model_get_game (self->model);
  const TwState *state = tw_game_model_get_state (self->model);
  const TwMoveList *legal = tw_game_model_get_legal_moves (self->model);
  const TwRenderer *renderer = tw_renderer_lookup (game->rules->id);
  gboolean human = human_to_act (self);

  clear_box (GTK_WIDGET (self->other_moves));
  tw_move_list_clear (&self->other);
  for (guint i = 0; i < legal->len && self->other.len < MAX_MOVE_BUTTONS; i++)
    {
      TwRect rect;
      g_autofree char *notation = NULL;
      g_autofree char *text = NULL;
      g_autofree char *change = NULL;
      g_autofree char *tooltip = NULL;
      GtkWidget *button;

      if (tw_renderer_move_region (renderer, game, state, &legal->moves[i], NULL, &rect))
        continue;
      *tw_move_list_push (&self->other) = legal->moves[i];
      notation = tw_move_to_string (game, state, &legal->moves[i]);
      text = tw_game_model_describe_move (self->model, &legal->moves[i]);
      change = tw_game_model_describe_score_change (self->model, &legal->moves[i]);
      if (change != NULL)
        {
          /* the option and, under it, what it yields */
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
          GtkWidget *label = gtk_label_new (text);
          GtkWidget *yields = gtk_label_new (change);

          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);

          gtk_widget_add_css_class (yields, "caption");
          gtk_widget_add_css_class (yields, "dim-label");
          gtk_label_set_wrap (GTK_LABEL (yields), TRUE);
          gtk_label_set_justify (GTK_LABEL (yields), GTK_JUSTIFY_CENTER);
          gtk_box_append (GTK_BOX (box), label);
          gtk_box_append (GTK_BOX (box), yields);
          button = gtk_button_new ();
          gtk_button_set_child (GTK_BUTTON (button), box);
          /* Translators: a move button's name: the move in words and what it
           * does to the scores */
          tooltip = g_strdup_printf (_("%s: %s"), text, change);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
        }
      else
        {
          button = gtk_button_new_with_label (text);
          gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
        }
      /* the notation, as typed in the move entry and kept in records */
      gtk_widget_set_tooltip_text (button, notation);
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
append_move_row (TwPlayPage      *self,
                 guint            id,
                 guint            level,
                 gboolean         variation_start,
                 const gboolean  *played)
{
  TwHistory *history = tw_game_model_get_history (self->model);
  const TwHistoryNode *node = tw_history_get_node (history, id);
  g_autofree char *name = seat_name (self, MAX (node->player, 0));
  g_autofree char *sentence = NULL;
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;
  TwState *before = tw_history_dup_state_at (history, node->parent);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label;

  /* the move in the module's words; the notation in the tooltip and for
   * screen readers' description, as the record keeps it */
  sentence = tw_move_describe (tw_history_get_game (history), before, &node->move, name);
  tw_state_free (before);
  /* Translators: a row of the move list: number, the move in words */
  text = g_strdup_printf (_("%u. %s"), node->depth, sentence);
  if (variation_start)
    /* Translators: the first move of a variation in the move list */
    shown = g_strdup_printf (_("↳ %s"), text);
  label = gtk_label_new (shown != NULL ? shown : text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (label, node->text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, node->text, -1);
  gtk_widget_set_margin_start (label, 6 + 16 * level);
  if (!played[id])
    gtk_widget_add_css_class (label, "dim-label");
  if (level > 0)
    gtk_widget_add_css_class (row, "variation");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_object_set_data (G_OBJECT (row), "node", GUINT_TO_POINTER (id));
  gtk_list_box_append (self->move_list, row);
  if (id == tw_history_get_current (history))
    gtk_list_box_select_row (self->move_list, GTK_LIST_BOX_ROW (row));
}

/* One line of the tree from @start down its first children; after each move
 * that is a first child, its later siblings (the alternatives to it) follow as
 * lines of their own, one level deeper. */
static void
append_line (TwPlayPage     *self,
             guint           start,
             guint           level,
             gboolean        variation,
             const gboolean *played)
{
  TwHistory *history = tw_game_model_get_history (self->model);

  for (guint id = start; id != TW_HISTORY_NONE; id = tw_history_get_node (history, id)->first_child)
    {
      gboolean first = id == start && variation;

      append_move_row (self, id, level, first, played);
      if (first)
        continue;   /* its siblings belong to the line above */
      for (guint sib = tw_history_get_node (history, id)->next_sibling; sib != TW_HISTORY_NONE;
           sib = tw_history_get_node (history, sib)->next_sibling)
        append_line (self, sib, level + 1, TRUE, played);
    }
}

/* Brings the selected row (the current move) into view, scrolling as
 * little as possible. FALSE while the list is not laid out on screen. */
static gboolean
reveal_selected (TwPlayPage *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->move_scroller);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->move_list);
  double value = gtk_adjustment_get_value (adj);
  double page = gtk_adjustment_get_page_size (adj);
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self->move_scroller)) || page <= 0)
    return FALSE;
  if (row == NULL)
    return TRUE;
  if (!gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->move_list), &bounds)
      || bounds.size.height <= 0)
    return FALSE;
  if (bounds.origin.y < value)
    gtk_adjustment_set_value (adj, bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > value + page)
    gtk_adjustment_set_value (adj, bounds.origin.y + bounds.size.height - page);
  return TRUE;
}

static gboolean reveal_on_tick (GtkWidget     *widget,
                                GdkFrameClock *clock,
                                gpointer       data);
static void     follow_upper   (TwPlayPage    *self);

static gboolean
follow_idle (gpointer data)
{
  TwPlayPage *self = TW_PLAY_PAGE (data);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->move_scroller);

  self->follow_source = 0;
  if (self->follow_end)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj)
                                   - gtk_adjustment_get_page_size (adj));
  else if (self->reveal_pending && reveal_selected (self))
    self->reveal_pending = FALSE;
  else if (self->reveal_pending && self->reveal_tick == 0 && self->reveal_tries++ < 10
           && gtk_widget_get_mapped (GTK_WIDGET (self->move_scroller)))
    /* the rows are not laid out yet, and an undo or a jump leaves the list
     * as long as it was, so no change of the adjustment will call again:
     * try again after the next frame's layout (a few frames at most) */
    self->reveal_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->move_scroller),
                                                      reveal_on_tick, self, NULL);
  return G_SOURCE_REMOVE;
}

static gboolean
reveal_on_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  TwPlayPage *self = TW_PLAY_PAGE (data);

  self->reveal_tick = 0;
  follow_upper (self);
  return G_SOURCE_REMOVE;
}

/* Keeps the end of the move list in view while the current move is its
 * last, and otherwise brings the current move into view after the list
 * changed or came back on screen. The adjustment changes while the
 * viewport is being allocated, when a new value is not laid out until the
 * next frame: the value is set again once the allocation is over. */
static void
follow_upper (TwPlayPage *self)
{
  if ((self->follow_end || self->reveal_pending) && self->follow_source == 0)
    self->follow_source = g_idle_add_full (G_PRIORITY_LOW, follow_idle, self, NULL);
}

/* The moves came back on screen (the side panel's page was switched) */
static void
panel_page_changed (TwPlayPage *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->panel_stack), "moves") != 0)
    return;
  self->reveal_pending = TRUE;
  self->reveal_tries = 0;
  follow_upper (self);
}

static gboolean
on_main_line (TwHistory *history,
              guint      node)
{
  for (guint id = node; id != TW_HISTORY_ROOT; id = tw_history_get_node (history, id)->parent)
    if (tw_history_get_child (history, tw_history_get_node (history, id)->parent, 0) != id)
      return FALSE;
  return TRUE;
}

static void
update_move_list (TwPlayPage *self)
{
  TwHistory *history = tw_game_model_get_history (self->model);
  guint current = tw_history_get_current (history);
  g_autofree gboolean *played = g_new0 (gboolean, tw_history_get_n_nodes (history));
  GtkWidget *start_row;

  /* the moves that led to the current position are shown as played */
  for (guint id = current; id != TW_HISTORY_NONE; id = tw_history_get_node (history, id)->parent)
    played[id] = TRUE;

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

  append_line (self, tw_history_get_node (history, TW_HISTORY_ROOT)->first_child, 0, FALSE, played);

  /* the list follows the game: when the current move is the last row, the
   * list stays scrolled to its end as rows are added (the adjustment's upper
   * bound only grows once the new rows are allocated: follow_upper()) */
  {
    GtkWidget *last = gtk_widget_get_last_child (GTK_WIDGET (self->move_list));
    while (last != NULL && !GTK_IS_LIST_BOX_ROW (last))
      last = gtk_widget_get_prev_sibling (last);
    self->follow_end = last != NULL
      && gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (last));
    self->reveal_pending = TRUE;
    self->reveal_tries = 0;
    follow_upper (self);
  }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.promote-variation",
                                 !on_main_line (history, current));
}

static void
update_preview (TwPlayPage *self)
{
  const char *text = tw_board_view_get_preview_text (self->board_view);
  const TwMove *move = tw_board_view_get_selected_move (self->board_view);
  g_autofree char *change = move != NULL ? tw_game_model_describe_score_change (self->model, move) : NULL;
  g_autoptr(GString) label = g_string_new (NULL);
  guint n_turns, n_alternatives;

  tw_board_view_get_choices (self->board_view, &n_turns, &n_alternatives);
  if (text != NULL && move != NULL)
    {
      g_autofree char *words = tw_game_model_describe_move (self->model, move);

      /* Translators: the move shown on the board, in words ("Player 1
       * places Half red/green on the shared board at 2,-1") */
      g_string_append_printf (label, _("Selected: %s"), words);
      if (change != NULL)
        /* Translators: what the move shown does to the scores ("+4 for you") */
        g_string_append_printf (label, _(" — %s."), change);
      else
        g_string_append_c (label, '.');
      if (n_turns > 1)
        g_string_append_printf (label, " %s", _("R turns it."));
      if (n_alternatives > 1)
        /* Translators: the key that puts another piece, tile or meeple on the
         * place selected */
        g_string_append_printf (label, " %s", _("A puts another one here."));
      g_string_append_printf (label, " %s", _("Click, drag there or Return plays it."));
    }
  else if (self->model != NULL && tw_board_view_get_holding (self->board_view))
    g_string_append (label, _("Picked up: click one of the marked places to play it there. "
                              "Click it again or press Escape to put it back."));
  else if (self->model != NULL && !tw_game_model_is_over (self->model))
    g_string_append (label, _("Point at a cell to preview a move, or click a piece or tile in "
                              "a tray or hand to pick it up; the arrow keys move a cursor."));
  gtk_label_set_label (self->preview_label, label->str);
  /* the notation of the move shown, for those who write it (and records) */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->preview_label), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text != NULL ? text : "",
                                  -1);
  /* at the end of the game there is nothing to say: no gap in the panel */
  gtk_widget_set_visible (GTK_WIDGET (self->preview_label), label->len > 0);
  /* never while a bot thinks, nor for a bot's seat */
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_selected_button),
                            text != NULL && human_to_act (self)
                            && !tw_game_model_get_thinking (self->model));
}

/* Whether the position drawn for @seat shows something that the position
 * drawn for nobody hides (a hand, a drawn tile): the renderer is the one
 * that knows, for every game alike. */
static gboolean
seat_sees_hidden (TwPlayPage *self,
                  int         seat)
{
  TwGame *game = tw_game_model_get_game (self->model);
  const TwState *state = tw_game_model_get_state (self->model);
  const TwRenderer *renderer = tw_renderer_lookup (game->rules->id);
  const TwRenderParams params[2] = { { .viewer = seat }, { .viewer = -1 } };
  cairo_surface_t *surface[2] = { NULL, NULL };
  TwLayout layout[2];
  gboolean differ;
  double scale;
  int w, h;

  for (guint i = 0; i < 2; i++)
    tw_renderer_layout (renderer, game, state, &params[i], &layout[i]);
  if (layout[0].width != layout[1].width || layout[0].height != layout[1].height)
    return TRUE;
  scale = MIN (HIDDEN_CHECK_SCALE, HIDDEN_CHECK_SIZE / MAX (layout[0].width, layout[0].height));
  w = MAX (1, (int) ceil (layout[0].width * scale));
  h = MAX (1, (int) ceil (layout[0].height * scale));
  for (guint i = 0; i < 2; i++)
    {
      cairo_t *cr;

      surface[i] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cr = cairo_create (surface[i]);
      cairo_scale (cr, scale, scale);
      tw_renderer_draw (renderer, cr, game, state, &params[i]);
      cairo_destroy (cr);
      cairo_surface_flush (surface[i]);
    }
  differ = memcmp (cairo_image_surface_get_data (surface[0]),
                   cairo_image_surface_get_data (surface[1]),
                   (gsize) cairo_image_surface_get_stride (surface[0]) * h) != 0;
  cairo_surface_destroy (surface[0]);
  cairo_surface_destroy (surface[1]);
  return differ;
}

static guint
count_humans (TwPlayPage *self)
{
  TwGame *game = tw_game_model_get_game (self->model);
  guint n = 0;

  for (guint p = 0; p < game->n_players; p++)
    n += !tw_game_model_seat_is_bot (self->model, p);
  return n;
}

/* The table is not only covered but hidden, so that neither the screen nor
 * the accessibility tree (the board's description, the move buttons) shows
 * it until the person confirms; the pass page is emptied when it goes. (The
 * pass page itself stays visible in the stack: a status page first shown
 * while the window is mapped was measured far too tall.) */
static void
show_pass_page (TwPlayPage *self,
                gboolean    show)
{
  if (show)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->pass_button), TRUE);
      gtk_stack_set_visible_child_name (self->stack, "pass");
      gtk_widget_set_visible (self->game_box, FALSE);
      gtk_widget_grab_focus (GTK_WIDGET (self->pass_button));
    }
  else
    {
      gtk_widget_set_visible (self->game_box, TRUE);
      gtk_stack_set_visible_child_name (self->stack, "game");
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
      adw_status_page_set_title (self->pass_page, "");
      adw_status_page_set_description (self->pass_page, NULL);
      gtk_button_set_label (self->pass_button, "");
      gtk_widget_set_visible (GTK_WIDGET (self->pass_button), FALSE);
    }
}

/* Covers the table when the turn has gone from one person to another and
 * the new one would be shown what the previous one may not see. */
static void
update_pass (TwPlayPage *self)
{
  int to_act = tw_game_model_get_to_act (self->model);
  int passing_to = -1;

  if (to_act >= 0 && !tw_game_model_seat_is_bot (self->model, to_act)
      && to_act != self->revealed_seat)
    {
      if (count_humans (self) >= 2 && seat_sees_hidden (self, to_act))
        passing_to = to_act;
      else
        self->revealed_seat = to_act;   /* nothing to hide: they just play */
    }

  if (passing_to == self->passing_to)
    return;
  self->passing_to = passing_to;
  if (passing_to >= 0)
    {
      g_autofree char *name = seat_name (self, passing_to);
      g_autofree char *title = NULL;
      g_autofree char *description = NULL;
      g_autofree char *label = NULL;

      /* Translators: the pass-the-device screen; %s is the next player */
      title = g_strdup_printf (_("Pass to %s"), name);
      /* Translators: the pass-the-device screen; %s is the next player */
      description = g_strdup_printf (_("What only %s may see stays hidden until %s is at the "
                                       "device."), name, name);
      /* Translators: the button of the pass-the-device screen */
      label = g_strdup_printf (_("I am %s — Show"), name);
      adw_status_page_set_title (self->pass_page, title);
      adw_status_page_set_description (self->pass_page, description);
      gtk_button_set_label (self->pass_button, label);
    }
  show_pass_page (self, passing_to >= 0);
}

static void
pass_confirm_clicked (TwPlayPage *self)
{
  if (self->model == NULL || self->passing_to < 0)
    return;
  self->revealed_seat = self->passing_to;
  update_pass (self);
}

static gboolean
pass_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   data)
{
  TwPlayPage *self = TW_PLAY_PAGE (data);

  if (self->passing_to < 0 || !gtk_widget_get_mapped (GTK_WIDGET (self->pass_page)))
    return FALSE;
  pass_confirm_clicked (self);
  return TRUE;
}

static void
seat_kind_changed (GtkDropDown *dropdown,
                   GParamSpec  *pspec,
                   TwPlayPage  *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), "seat"));
  const char *player = gtk_string_list_get_string (self->seat_specs[seat],
                                                   gtk_drop_down_get_selected (dropdown));
  g_autoptr(GError) error = NULL;

  if (self->model == NULL || player == NULL)
    return;
  if (!tw_game_model_set_seat_player (self->model, seat, player, &error))
    tw_app_toast (GTK_WIDGET (self), error->message);
  /* back to the game: the next decision is made on the board */
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* The kind of each seat in its drop-down, as the record says. */
static void
update_seats (TwPlayPage *self)
{
  TwRecord *record = tw_game_model_get_record (self->model);
  TwGame *game = tw_game_model_get_game (self->model);
  gboolean any_bot = FALSE;

  for (guint p = 0; p < game->n_players && self->seat_kind[p] != NULL; p++)
    {
      const char *player = tw_record_get_seat_player (record, p);
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->seat_specs[p]));

      any_bot |= tw_game_model_seat_is_bot (self->model, p);
      for (guint k = 0; k < n; k++)
        if (g_strcmp0 (gtk_string_list_get_string (self->seat_specs[p], k), player) == 0
            && gtk_drop_down_get_selected (self->seat_kind[p]) != k)
          {
            g_signal_handlers_block_by_func (self->seat_kind[p], seat_kind_changed, self);
            gtk_drop_down_set_selected (self->seat_kind[p], k);
            g_signal_handlers_unblock_by_func (self->seat_kind[p], seat_kind_changed, self);
          }
    }
  /* the speed and pause controls while any seat is a bot's */
  gtk_widget_set_visible (GTK_WIDGET (self->bots_box), any_bot);
}

/* One row per seat: its name and who plays it, the same choices as in New
 * Game (a person, the random bot, the strength presets) plus the seat's own
 * spec when it is none of them (a record made in the Lab or the CLI). A
 * choice takes effect at once, in the middle of a game too. */
static void
build_seats (TwPlayPage *self)
{
  TwRecord *record = tw_game_model_get_record (self->model);
  TwGame *game = tw_game_model_get_game (self->model);

  clear_box (GTK_WIDGET (self->seats_box));
  memset (self->seat_kind, 0, sizeof self->seat_kind);
  for (guint p = 0; p < TW_MAX_PLAYERS; p++)
    g_clear_object (&self->seat_specs[p]);
  for (guint p = 0; p < game->n_players; p++)
    {
      const char *player = tw_record_get_seat_player (record, p);
      g_autofree char *name = seat_name (self, p);
      g_autofree char *a11y = NULL;
      GtkStringList *labels = tw_app_seat_kinds_new ();
      guint n = g_list_model_get_n_items (G_LIST_MODEL (labels));
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (name);
      GtkWidget *dropdown;

      self->seat_specs[p] = gtk_string_list_new (NULL);
      for (guint k = 0; k < n; k++)
        gtk_string_list_append (self->seat_specs[p], tw_app_seat_kind_spec (k));
      if (tw_app_seat_kind_find (player) < 0)
        {
          gtk_string_list_append (labels, player);
          gtk_string_list_append (self->seat_specs[p], player);
        }

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (label, TRUE);
      dropdown = gtk_drop_down_new (G_LIST_MODEL (labels), NULL);
      /* one column of choices, whatever each seat's is */
      gtk_widget_set_size_request (dropdown, 150, -1);
      /* Translators: the accessible name of the choice of who plays a seat */
      a11y = g_strdup_printf (_("%s plays"), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
      gtk_widget_set_tooltip_text (dropdown, _("Who plays this seat: hand it to a bot or take it "
                                               "back at any moment of the game"));
      g_object_set_data (G_OBJECT (dropdown), "seat", GUINT_TO_POINTER (p));
      self->seat_kind[p] = GTK_DROP_DOWN (dropdown);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), dropdown);
      gtk_box_append (self->seats_box, row);
    }
  update_seats (self);
  for (guint p = 0; p < game->n_players; p++)
    g_signal_connect (self->seat_kind[p], "notify::selected", G_CALLBACK (seat_kind_changed),
                      self);
}

static void
model_changed (TwPlayPage *self)
{
  /* a hint answers the position it was asked in */
  stop_hint (self);
  update_seats (self);
  update_pass (self);
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
  update_preview (self);
}

static void
play_selected_clicked (TwPlayPage *self)
{
  tw_board_view_play_selected (self->board_view);
}

/* The strong bot's answer: shown on the board when the move has a place
 * there, else its button is marked and named in a toast. */
static void
hint_done (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(TwPlayPage) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;
  TwMove move;

  if (!tw_game_model_suggest_finish (TW_GAME_MODEL (object), result, &move, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_hint_running (self, FALSE);
      return;   /* cancelled: by the user, or the position changed */
    }
  set_hint_running (self, FALSE);
  if (self->model == NULL || TW_GAME_MODEL (object) != self->model)
    return;
  if (tw_board_view_select_move (self->board_view, &move))
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
      return;
    }
  for (guint i = 0; i < self->other.len; i++)
    if (tw_move_equal (&self->other.moves[i], &move))
      {
        GtkWidget *button = gtk_flow_box_child_get_child (
          gtk_flow_box_get_child_at_index (self->other_moves, i));
        gtk_widget_add_css_class (button, "suggested-action");
        gtk_widget_grab_focus (button);
      }
  text = tw_game_model_describe_move (self->model, &move);
  /* Translators: a suggested move that has no place on the board, in words */
  message = g_strdup_printf (_("Suggested: %s"), text);
  tw_app_toast (GTK_WIDGET (self), message);
}

/* Hint asks the strong bot on a worker thread; pressed again while it
 * searches, it stops the search. */
static void
hint_clicked (TwPlayPage *self)
{
  if (self->model == NULL)
    return;
  if (self->hint_cancellable != NULL)
    {
      stop_hint (self);
      return;
    }
  self->hint_cancellable = g_cancellable_new ();
  set_hint_running (self, TRUE);
  tw_game_model_suggest_async (self->model, self->hint_cancellable, hint_done,
                               g_object_ref (self));
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
      tw_app_toast (GTK_WIDGET (self), message);
      return;
    }
  if (!tw_game_model_play (self->model, &move, &error))
    {
      /* Translators: the move typed is illegal: the text, the rules' reason */
      g_autofree char *message = g_strdup_printf (_("Illegal move “%s”: %s"), text, error->message);
      tw_app_toast (GTK_WIDGET (self), message);
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
promote_variation_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  TwPlayPage *self = TW_PLAY_PAGE (widget);
  guint node;

  if (self->model == NULL)
    return;
  node = parameter != NULL ? g_variant_get_uint32 (parameter)
                           : tw_history_get_current (tw_game_model_get_history (self->model));
  if (!tw_game_model_promote (self->model, node))
    tw_app_toast (GTK_WIDGET (self), _("This move is on the main line already."));
}

static void
move_list_pressed (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   TwPlayPage      *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->move_list, (int) y);
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenuItem) item = NULL;
  guint node;

  if (row == NULL || self->model == NULL)
    return;
  node = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "node"));
  if (on_main_line (tw_game_model_get_history (self->model), node))
    return;

  menu = g_menu_new ();
  item = g_menu_item_new (_("Pro_mote Variation"), NULL);
  g_menu_item_set_action_and_target_value (item, "play.promote-node", g_variant_new_uint32 (node));
  g_menu_append_item (menu, item);
  if (self->row_menu == NULL)
    {
      self->row_menu = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->row_menu, GTK_WIDGET (self->move_list));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->row_menu), FALSE);
      gtk_widget_set_halign (self->row_menu, GTK_ALIGN_START);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->row_menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->row_menu),
                               &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->row_menu));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
board_illegal (TwPlayPage *self,
               const char *reason)
{
  tw_app_toast (GTK_WIDGET (self), reason);
}

static void
speed_changed (TwPlayPage *self)
{
  guint i = gtk_drop_down_get_selected (self->speed_dropdown);

  if (self->model != NULL && i < G_N_ELEMENTS (speed_delays_ms))
    tw_game_model_set_bot_delay (self->model, speed_delays_ms[i]);
}

/* The "start a game" page says what the open definition is. Only while it
 * is the page shown: GTK 4.8 warns "Trying to snapshot … without a current
 * allocation" (fatal in the tests) when the labels of a GtkStack's hidden
 * page change during a game, so a definition that changes then waits for
 * the page to be shown again. */
static void
update_empty_page (TwPlayPage *self)
{
  TwDefinition *definition = self->definition;
  g_autofree char *players = NULL, *description = NULL;

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "empty") != 0)
    return;
  /* a picture of the game at the table stands for the generic icon */
  gtk_widget_set_visible (self->empty_picture, definition != NULL);
  adw_status_page_set_icon_name (self->empty_page,
                                 definition == NULL ? "media-playback-start-symbolic" : NULL);
  if (definition == NULL)
    {
      adw_status_page_set_title (self->empty_page, _("Play"));
      adw_status_page_set_description (self->empty_page,
                                       _("Play the open game at the table against friends or "
                                         "bots, with unlimited undo."));
      return;
    }
  if (definition->min_players == definition->max_players)
    /* Translators: the player count of a game on the Play view's start page */
    players = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "For %u player.", "For %u players.",
                                            definition->max_players),
                               definition->max_players);
  else
    /* Translators: the player counts of a game on the Play view's start page */
    players = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "For %u to %u player.",
                                            "For %u to %u players.", definition->max_players),
                               definition->min_players, definition->max_players);
  description = g_strdup_printf ("%s%s%s %s", definition->description != NULL
                                              ? definition->description : "",
                                 definition->description != NULL ? "\n\n" : "", players,
                                 _("Play it at the table against friends or bots, with "
                                   "unlimited undo."));
  adw_status_page_set_title (self->empty_page, definition->name);
  adw_status_page_set_description (self->empty_page, g_strstrip (description));
}

void
tw_play_page_set_definition (TwPlayPage   *self,
                             TwDefinition *definition)
{
  g_return_if_fail (TW_IS_PLAY_PAGE (self));

  if (definition == self->definition)
    return;
  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->stage, g_free);
  self->definition = definition != NULL ? tw_definition_ref (definition) : NULL;
  tw_game_picture_set_definition (self->empty_picture, self->definition);
  update_empty_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEFINITION]);
}

void
tw_play_page_set_model (TwPlayPage  *self,
                        TwGameModel *model)
{
  g_return_if_fail (TW_IS_PLAY_PAGE (self));
  g_return_if_fail (model == NULL || TW_IS_GAME_MODEL (model));

  if (self->model == model)
    return;
  stop_hint (self);
  if (self->model != NULL)
    {
      g_clear_pointer (&self->pause_binding, g_binding_unbind);
      g_signal_handlers_disconnect_by_data (self->model, self);
      tw_game_model_stop_bots (self->model);
    }
  g_set_object (&self->model, model);
  tw_board_view_set_model (self->board_view, model);
  self->passing_to = -1;
  self->revealed_seat = -1;
  self->stage_known = FALSE;
  show_pass_page (self, FALSE);

  if (model == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      update_empty_page (self);
      return;
    }

  /* whoever started or opened the game sees the first person's turn; the
   * screen comes when the turn passes on */
  if (tw_game_model_get_to_act (model) >= 0
      && !tw_game_model_seat_is_bot (model, tw_game_model_get_to_act (model)))
    self->revealed_seat = tw_game_model_get_to_act (model);

  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (model, "notify::thinking", G_CALLBACK (thinking_changed), self,
                           G_CONNECT_SWAPPED);
  self->pause_binding = g_object_bind_property (model, "paused", self->pause_toggle, "active",
                                                G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  speed_changed (self);

  build_seats (self);

  gtk_stack_set_visible_child_name (self->stack, "game");
  update_legend (self);
  model_changed (self);
  if (self->passing_to < 0)
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
  cancel_hint (self);
  g_clear_object (&self->hint_cancellable);
  for (guint p = 0; p < TW_MAX_PLAYERS; p++)
    g_clear_object (&self->seat_specs[p]);
  g_clear_handle_id (&self->follow_source, g_source_remove);
  if (self->reveal_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->move_scroller), self->reveal_tick);
      self->reveal_tick = 0;
    }
  g_clear_pointer (&self->row_menu, gtk_widget_unparent);
  /* AdwBin owns the template's root and unparents it itself */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_PLAY_PAGE);

  G_OBJECT_CLASS (tw_play_page_parent_class)->dispose (object);
}

static void
tw_play_page_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  TwPlayPage *self = TW_PLAY_PAGE (object);

  switch (prop_id)
    {
    case PROP_DEFINITION:
      g_value_set_boxed (value, self->definition);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_play_page_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  TwPlayPage *self = TW_PLAY_PAGE (object);

  switch (prop_id)
    {
    case PROP_DEFINITION:
      tw_play_page_set_definition (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_play_page_finalize (GObject *object)
{
  TwPlayPage *self = TW_PLAY_PAGE (object);

  tw_move_list_free (&self->other);
  g_clear_pointer (&self->definition, tw_definition_unref);

  G_OBJECT_CLASS (tw_play_page_parent_class)->finalize (object);
}

static void
tw_play_page_class_init (TwPlayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tw_play_page_get_property;
  object_class->set_property = tw_play_page_set_property;
  object_class->dispose = tw_play_page_dispose;
  object_class->finalize = tw_play_page_finalize;

  /* the window binds it to its definition document's (tw-definition-document.h) */
  properties[PROP_DEFINITION] =
    g_param_spec_boxed ("definition", NULL, NULL, TW_TYPE_DEFINITION,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TW_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/play-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, empty_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, stage_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, scores_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, results_detail);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, breakdown_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, seed_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, board_view);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, results_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, results_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, results_seats);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, preview_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, play_selected_button);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, hint_button);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, random_button);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, other_moves_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, other_moves);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, move_entry);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, bots_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, seats_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, pause_toggle);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, move_list);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, panel_stack);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, legend_page);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, breakdown_page);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, legend_label);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, move_scroller);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, pass_page);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, game_box);
  gtk_widget_class_bind_template_child (widget_class, TwPlayPage, pass_button);
  gtk_widget_class_bind_template_callback (widget_class, pass_confirm_clicked);
  gtk_widget_class_bind_template_callback (widget_class, play_selected_clicked);
  gtk_widget_class_bind_template_callback (widget_class, hint_clicked);
  gtk_widget_class_bind_template_callback (widget_class, random_clicked);
  gtk_widget_class_bind_template_callback (widget_class, move_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, move_row_activated);

  gtk_widget_class_install_action (widget_class, "play.promote-variation", NULL,
                                   promote_variation_action);
  gtk_widget_class_install_action (widget_class, "play.promote-node", "u",
                                   promote_variation_action);
}

static void
tw_play_page_init (TwPlayPage *self)
{
  GtkEventController *controller;
  GtkGesture *click;

  gtk_widget_init_template (GTK_WIDGET (self));
  tw_move_list_init (&self->other);
  self->revealed_seat = -1;
  self->passing_to = -1;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.promote-variation", FALSE);
  self->empty_picture = tw_game_picture_new (360, 220);
  gtk_widget_add_css_class (self->empty_picture, "card");
  gtk_widget_set_overflow (self->empty_picture, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_visible (self->empty_picture, FALSE);
  gtk_box_prepend (self->empty_box, self->empty_picture);
  /* Translators: what a screen reader says for the game's picture on the
   * Play view's start page */
  tw_app_set_accessible_label (self->empty_picture, _("The game at the table"));

  /* Return on the pass screen, wherever the focus is */
  controller = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller),
                                     GTK_SHORTCUT_SCOPE_MANAGED);
  for (guint i = 0; i < 2; i++)
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_keyval_trigger_new (i ? GDK_KEY_KP_Enter : GDK_KEY_Return, 0),
                        gtk_callback_action_new (pass_shortcut, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->pass_page), controller);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (move_list_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->move_list), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_object (self->board_view, "illegal", G_CALLBACK (board_illegal), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "notify::preview-text", G_CALLBACK (update_preview),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "notify::holding", G_CALLBACK (update_preview),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->move_scroller),
                           "notify::upper", G_CALLBACK (follow_upper), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->move_scroller),
                           "notify::page-size", G_CALLBACK (follow_upper), self,
                           G_CONNECT_SWAPPED);
  /* gtk_adjustment_configure() (the viewport's allocation) says "changed" */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->move_scroller),
                           "changed", G_CALLBACK (follow_upper), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->panel_stack, "notify::visible-child",
                           G_CALLBACK (panel_page_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->speed_dropdown, "notify::selected", G_CALLBACK (speed_changed),
                           self, G_CONNECT_SWAPPED);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}
