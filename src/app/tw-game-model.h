/* tw-game-model.h: one game at the table, as a GObject
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tw-record.h"

G_BEGIN_DECLS

#define TW_TYPE_GAME_MODEL (tw_game_model_get_type ())

G_DECLARE_FINAL_TYPE (TwGameModel, tw_game_model, TW, GAME_MODEL, GObject)

TwGameModel   *tw_game_model_new            (TwRecord      *record);
TwRecord      *tw_game_model_get_record     (TwGameModel   *self);
TwHistory     *tw_game_model_get_history    (TwGameModel   *self);
TwGame        *tw_game_model_get_game       (TwGameModel   *self);
const TwState *tw_game_model_get_state      (TwGameModel   *self);
/* The legal moves at the current node (valid until the next change). */
const TwMoveList *tw_game_model_get_legal_moves (TwGameModel *self);
/* The seat to act, -1 when the game is over. */
int            tw_game_model_get_to_act     (TwGameModel   *self);
gboolean       tw_game_model_is_over        (TwGameModel   *self);
/* TRUE when @seat is played by a bot. */
gboolean       tw_game_model_seat_is_bot    (TwGameModel   *self,
                                             guint          seat);

int            tw_game_model_get_viewer     (TwGameModel   *self);
gboolean       tw_game_model_play           (TwGameModel   *self,
                                             const TwMove  *move,
                                             GError       **error);
/* Plays a uniformly random legal move (the model's own RNG, seeded from the
 * game's seed so that a session is reproducible). */
gboolean       tw_game_model_play_random    (TwGameModel   *self);
gboolean       tw_game_model_undo           (TwGameModel   *self);
gboolean       tw_game_model_redo           (TwGameModel   *self);
gboolean       tw_game_model_goto           (TwGameModel   *self,
                                             guint          node);
gboolean       tw_game_model_get_can_undo   (TwGameModel   *self);
gboolean       tw_game_model_get_can_redo   (TwGameModel   *self);

/* Bots: they move by themselves after @delay_ms unless paused. At a table of
 * people and bots, undo goes back to the previous decision of a person (the
 * bots' replies with it) and redo forward to the next one; undo, redo and
 * goto that land where a bot is to act pause them, so that stepping back
 * does not start them again. */
gboolean       tw_game_model_get_paused     (TwGameModel   *self);
void           tw_game_model_set_paused     (TwGameModel   *self,
                                             gboolean       paused);
guint          tw_game_model_get_bot_delay  (TwGameModel   *self);
void           tw_game_model_set_bot_delay  (TwGameModel   *self,
                                             guint          delay_ms);
gboolean       tw_game_model_get_thinking   (TwGameModel   *self);

/* A move for the seat to act from the strong bot preset, computed on a
 * worker thread (cancellable). The finish fails when the game is over or the
 * search was cancelled. */
void           tw_game_model_suggest_async  (TwGameModel         *self,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean       tw_game_model_suggest_finish (TwGameModel   *self,
                                             GAsyncResult  *result,
                                             TwMove        *out,
                                             GError       **error);

/* Who plays @seat from now on, mid-game too: "human" or a bot spec. */
gboolean       tw_game_model_set_seat_player (TwGameModel  *self,
                                             guint          seat,
                                             const char    *player,
                                             GError       **error);

/* Saving: the file the game was last saved to or opened from (nullable), and
 * whether moves were made since. */
GFile         *tw_game_model_get_file       (TwGameModel   *self);
gboolean       tw_game_model_get_modified   (TwGameModel   *self);
gboolean       tw_game_model_save           (TwGameModel   *self,
                                             GFile         *file,
                                             GError       **error);
void           tw_game_model_set_file       (TwGameModel   *self,
                                             GFile         *file);
/* Stops a bot that is thinking and flushes the autosave, for a model about
 * to be dropped. */
void           tw_game_model_stop_bots      (TwGameModel   *self);
/* Where every change of the current node or the tree is also written,
 * atomically (NULL: nowhere). The writes are coalesced and run on a worker
 * thread: the file holds a change at most ~AUTOSAVE_DELAY_MS (250 ms) plus
 * one write after it; tw_game_model_flush_autosave() writes at once (a window
 * closing, a save; dispose does it too). */
void           tw_game_model_set_autosave_path (TwGameModel *self,
                                             const char    *path);
void           tw_game_model_flush_autosave (TwGameModel   *self);
guint          tw_game_model_get_n_autosaves (TwGameModel  *self);

/* @move (legal now) in words, with the seat to act (its record name) as
 * its subject: "Player 1 places Half red/green on the shared board". */
char          *tw_game_model_describe_move  (TwGameModel   *self,
                                             const TwMove  *move);
/* What @move (legal now) would do to the scores, for the one about to
 * choose it: "+4 for you, −1 for Player 2", computed on a copy of the state
 * through the rules table (tw_state_score_change()), then the parts of the
 * chooser's score it adds or changes (tw_result_term_changes()): a colour
 * chosen shows its shapes even when no total changes yet. NULL for an
 * illegal move or a game that is over. */
char          *tw_game_model_describe_score_change (TwGameModel  *self,
                                                    const TwMove *move);

/* Makes the line through @node the main line (autosaved, marks modified). */
gboolean       tw_game_model_promote        (TwGameModel   *self,
                                             guint          node);

G_END_DECLS
