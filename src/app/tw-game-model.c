/* tw-game-model.c: one game at the table, as a GObject
 *
 * The model owns a TwRecord (and through it the history tree and the game):
 * every view of a game in progress reads it and asks it to play, undo, redo
 * or jump, and listens to `changed`. Bots think on a worker thread (GTask)
 * over a copy of the state; a GCancellable connected to the bot's cancel
 * flag stops them when the position changes under them or the model goes.
 *
 * Every change of the current node or of the tree (a move, undo, redo, a jump,
 * a new variation) is written to the autosave, atomically, so that a crash
 * restores the very position on screen, through the autosave service
 * (tw-autosave.h): the first change arms a short timeout (AUTOSAVE_DELAY_MS)
 * and whatever changes come before it fires go out in one write, made on
 * the service's worker thread, and an older write never replaces a newer
 * one. tw_game_model_flush_autosave() writes at once; saving, stopping and
 * disposing the model flush.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-game-model.h"

#include <gio/gio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tw-autosave.h"
#include "tw-bot.h"
#include "tw-result.h"

#define DEFAULT_BOT_DELAY_MS 400
/* At most this long between a change and the write that holds it (plus the
 * write itself): far below the ~1 s of play a crash may lose, far above the
 * gap between the steps of a held-down Ctrl+Z or of bots at full speed. */
#define AUTOSAVE_DELAY_MS 250

struct _TwGameModel
{
  GObject       parent_instance;

  /* Owned */
  TwRecord     *record;
  TwMoveList    legal;
  TwRng         rng;
  GFile        *file;
  TwAutosave   *autosave;
  GCancellable *bot_cancellable;

  guint         bot_source;
  guint         bot_delay;
  guint         n_nodes_saved;
  gboolean      paused;
  gboolean      thinking;
  gboolean      modified;
  gboolean      can_undo;
  gboolean      can_redo;

  /* The last score change described (the board's screen-reader text and
   * the Play page's preview ask for the same move in turn): the node and
   * move it is for, forgotten whenever the position changes */
  char         *change_text;
  guint         change_node;
  TwMove        change_move;
};

G_DEFINE_FINAL_TYPE (TwGameModel, tw_game_model, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PAUSED,
  PROP_THINKING,
  PROP_MODIFIED,
  PROP_BOT_DELAY,
  N_PROPS
};

enum
{
  CHANGED,
  AUTOSAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void schedule_bot (TwGameModel *self);

static void
set_bool (TwGameModel *self,
          gboolean    *field,
          gboolean     value,
          guint        prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
cancel_bot (TwGameModel *self)
{
  g_clear_handle_id (&self->bot_source, g_source_remove);
  if (self->bot_cancellable != NULL)
    {
      g_cancellable_cancel (self->bot_cancellable);
      g_clear_object (&self->bot_cancellable);
    }
  set_bool (self, &self->thinking, FALSE, PROP_THINKING);
}

/* ------------------------------------------------------------------------ */
/* Autosave (tw-autosave.h: debounced, off-thread, atomic, newest wins)     */

/* The record as it is on screen, taken on the main thread when a write is
 * due. */
static GBytes *
autosave_snapshot (gpointer   user_data,
                   GError   **error)
{
  TwGameModel *self = user_data;
  char *data = tw_record_to_data (self->record, error);

  return data != NULL ? g_bytes_new_take (data, strlen (data)) : NULL;
}

/* Told once until a write succeeds again, so that a full disk does not raise
 * one message per move. */
static void
autosave_failed (gpointer      user_data,
                 const GError *error)
{
  g_signal_emit (user_data, signals[AUTOSAVE_FAILED], 0, error->message);
}

/* The record changed outside update(): write it (coalesced) like any change. */
static void
autosave (TwGameModel *self)
{
  tw_autosave_changed (self->autosave);
}

/* Everything that follows a change of the current node; @changed: the
 * record changed (the current node or the tree), so the autosave must too. */
static void
update (TwGameModel *self,
        gboolean     changed)
{
  TwHistory *history = tw_record_get_history (self->record);
  TwGame *game = tw_history_get_game (history);
  const TwState *state = tw_history_get_state (history);

  cancel_bot (self);

  g_clear_pointer (&self->change_text, g_free);
  tw_move_list_clear (&self->legal);
  if (!tw_state_is_terminal (game, state))
    game->rules->legal_moves (game, state, &self->legal);

  set_bool (self, &self->can_undo, tw_history_can_undo (history), PROP_CAN_UNDO);
  set_bool (self, &self->can_redo, tw_history_can_redo (history), PROP_CAN_REDO);
  if (tw_history_get_n_nodes (history) != self->n_nodes_saved)
    set_bool (self, &self->modified, TRUE, PROP_MODIFIED);

  if (changed)
    autosave (self);

  g_signal_emit (self, signals[CHANGED], 0);
  schedule_bot (self);
}

/* ------------------------------------------------------------------------ */
/* Bots                                                                     */

typedef struct
{
  TwGame    *game;
  TwState   *state;
  TwBotSpec  spec;
  TwRng      rng;
  gint       cancel;
  guint      node;
  TwMove     move;
} BotJob;

static void
bot_job_free (gpointer data)
{
  BotJob *job = data;

  tw_state_free (job->state);
  tw_game_unref (job->game);
  g_free (job);
}

static void
bot_cancelled (GCancellable *cancellable,
               gpointer      data)
{
  BotJob *job = data;

  g_atomic_int_set (&job->cancel, 1);
}

static void
bot_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  BotJob *job = task_data;
  gulong handler = 0;
  gboolean found;

  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (bot_cancelled), job, NULL);
  found = tw_bot_choose (&job->spec, job->game, job->state, &job->rng, &job->cancel, &job->move);
  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);

  if (g_task_return_error_if_cancelled (task))
    return;
  if (!found)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                             _("no move: the game is over"));
  else
    g_task_return_boolean (task, TRUE);
}

static void
bot_done (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  TwGameModel *self = TW_GAME_MODEL (object);
  BotJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) why = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    return;   /* cancelled: whoever cancelled has moved on */

  set_bool (self, &self->thinking, FALSE, PROP_THINKING);
  g_clear_object (&self->bot_cancellable);
  if (tw_history_get_current (tw_record_get_history (self->record)) != job->node)
    return;
  why = g_string_new (NULL);
  if (!tw_history_play (tw_record_get_history (self->record), &job->move, why))
    {
      g_message ("The bot chose an illegal move: %s", why->str);
      self->paused = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
      return;
    }
  update (self, TRUE);
}

/* A bot @spec thinking for the seat to act at the current node, or NULL
 * when the game is over or the spec cannot be read. */
static BotJob *
bot_job_new (TwGameModel *self,
             const char  *spec)
{
  TwHistory *history = tw_record_get_history (self->record);
  TwGame *game = tw_history_get_game (history);
  int seat = tw_state_to_act (game, tw_history_get_state (history));
  g_autoptr(GError) error = NULL;
  BotJob *job;

  if (seat < 0)
    return NULL;
  job = g_new0 (BotJob, 1);
  if (!tw_bot_spec_parse (spec, &job->spec, &error))
    {
      g_message ("Seat %d has an unknown bot: %s", seat + 1, error->message);
      g_free (job);
      return NULL;
    }
  /* at the table a search bot thinks on every core (up to 4): the same time
   * per move buys more simulations; the Lab and the CLI keep what was asked */
  if (tw_bot_spec_get (&job->spec, "threads", 0) == 1)
    tw_bot_spec_set (&job->spec, "threads", CLAMP (g_get_num_processors (), 1, 4));
  job->game = tw_game_ref (game);
  job->state = tw_state_copy (game, tw_history_get_state (history));
  job->node = tw_history_get_current (history);
  tw_rng_seed (&job->rng, tw_rng_next (&self->rng));
  return job;
}

static gboolean
start_bot (gpointer data)
{
  TwGameModel *self = data;
  TwHistory *history = tw_record_get_history (self->record);
  TwGame *game = tw_history_get_game (history);
  int seat = tw_state_to_act (game, tw_history_get_state (history));
  g_autoptr(GTask) task = NULL;
  BotJob *job;

  self->bot_source = 0;
  if (seat < 0)
    return G_SOURCE_REMOVE;
  job = bot_job_new (self, tw_record_get_seat_player (self->record, seat));
  if (job == NULL)
    return G_SOURCE_REMOVE;

  self->bot_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->bot_cancellable, bot_done, NULL);
  g_task_set_source_tag (task, start_bot);
  g_task_set_task_data (task, job, bot_job_free);
  g_task_run_in_thread (task, bot_thread);
  set_bool (self, &self->thinking, TRUE, PROP_THINKING);

  return G_SOURCE_REMOVE;
}

static void
schedule_bot (TwGameModel *self)
{
  int seat = tw_game_model_get_to_act (self);

  if (self->paused || seat < 0 || !tw_game_model_seat_is_bot (self, seat))
    return;
  self->bot_source = g_timeout_add (self->bot_delay, start_bot, self);
}

/* ------------------------------------------------------------------------ */

/**
 * tw_game_model_new:
 * @record: (transfer full): the game's record
 *
 * Returns: (transfer full): a model playing @record from its current node
 */
TwGameModel *
tw_game_model_new (TwRecord *record)
{
  TwGameModel *self;

  g_return_val_if_fail (record != NULL, NULL);

  self = g_object_new (TW_TYPE_GAME_MODEL, NULL);
  self->record = record;
  self->n_nodes_saved = tw_history_get_n_nodes (tw_record_get_history (record));
  tw_rng_seed (&self->rng, tw_history_get_seed (tw_record_get_history (record)) ^ 0x5eed);
  update (self, FALSE);
  return self;
}

TwRecord *
tw_game_model_get_record (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), NULL);
  return self->record;
}

TwHistory *
tw_game_model_get_history (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), NULL);
  return tw_record_get_history (self->record);
}

TwGame *
tw_game_model_get_game (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), NULL);
  return tw_record_get_game (self->record);
}

const TwState *
tw_game_model_get_state (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), NULL);
  return tw_history_get_state (tw_record_get_history (self->record));
}

const TwMoveList *
tw_game_model_get_legal_moves (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), NULL);
  return &self->legal;
}

int
tw_game_model_get_to_act (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), -1);
  return tw_state_to_act (tw_game_model_get_game (self), tw_game_model_get_state (self));
}

gboolean
tw_game_model_is_over (TwGameModel *self)
{
  return tw_game_model_get_to_act (self) < 0;
}

gboolean
tw_game_model_seat_is_bot (TwGameModel *self,
                           guint        seat)
{
  const char *player;

  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  player = tw_record_get_seat_player (self->record, seat);
  return player != NULL && g_strcmp0 (player, "human") != 0;
}

/**
 * tw_game_model_play:
 * @move: a move for the seat to act
 * @error: TW_GAME_ERROR_ILLEGAL_MOVE with the rules' reason
 *
 * Returns: TRUE when the move was legal and played
 */
gboolean
tw_game_model_play (TwGameModel   *self,
                    const TwMove  *move,
                    GError       **error)
{
  g_autoptr(GString) why = g_string_new (NULL);

  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!tw_history_play (tw_record_get_history (self->record), move, why))
    {
      g_set_error_literal (error, TW_GAME_ERROR, TW_GAME_ERROR_ILLEGAL_MOVE,
                           why->len ? why->str : _("This move is not legal here."));
      return FALSE;
    }
  update (self, TRUE);
  return TRUE;
}

gboolean
tw_game_model_play_random (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);

  if (self->legal.len == 0)
    return FALSE;
  TwMove move = self->legal.moves[tw_rng_below (&self->rng, self->legal.len)];
  return tw_game_model_play (self, &move, NULL);
}

static guint
count_people (TwGameModel *self)
{
  TwGame *game = tw_game_model_get_game (self);
  guint n = 0;

  for (guint seat = 0; seat < game->n_players; seat++)
    n += !tw_game_model_seat_is_bot (self, seat);
  return n;
}

static gboolean
bot_to_act (TwGameModel *self)
{
  int seat = tw_game_model_get_to_act (self);

  return seat >= 0 && tw_game_model_seat_is_bot (self, seat);
}

/* Stepping through the history to where a bot is to act pauses the bots:
 * otherwise undoing a bot's move would only make it move again. */
static void
pause_for_navigation (TwGameModel *self)
{
  if (bot_to_act (self))
    tw_game_model_set_paused (self, TRUE);
}

/* One step back or forward, and at a table of people and bots on through
 * the bots' moves to a person's decision: Undo against bots takes back the
 * person's last move with the replies to it, Redo plays them again. A table
 * of bots only steps one move at a time. */
static gboolean
step (TwGameModel *self,
      gboolean     forward)
{
  TwHistory *history = tw_record_get_history (self->record);
  gboolean (*move) (TwHistory *) = forward ? tw_history_redo : tw_history_undo;
  gboolean (*can) (const TwHistory *) = forward ? tw_history_can_redo : tw_history_can_undo;

  if (!move (history))
    return FALSE;
  if (count_people (self) > 0)
    while (bot_to_act (self) && can (history))
      move (history);
  /* back at the start with a bot to act, or forward to where the line
   * stops with one to act: it would move at once */
  if (!forward || count_people (self) == 0)
    pause_for_navigation (self);
  update (self, TRUE);
  return TRUE;
}

gboolean
tw_game_model_undo (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  return step (self, FALSE);
}

gboolean
tw_game_model_redo (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  return step (self, TRUE);
}

gboolean
tw_game_model_goto (TwGameModel *self,
                    guint        node)
{
  TwHistory *history;

  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);

  history = tw_record_get_history (self->record);
  if (node == tw_history_get_current (history))
    return TRUE;
  if (!tw_history_goto (history, node))
    return FALSE;
  pause_for_navigation (self);
  update (self, TRUE);
  return TRUE;
}

gboolean
tw_game_model_get_can_undo (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  return self->can_undo;
}

gboolean
tw_game_model_get_can_redo (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  return self->can_redo;
}

gboolean
tw_game_model_get_paused (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  return self->paused;
}

void
tw_game_model_set_paused (TwGameModel *self,
                          gboolean     paused)
{
  g_return_if_fail (TW_IS_GAME_MODEL (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;
  if (paused)
    cancel_bot (self);
  else
    schedule_bot (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

guint
tw_game_model_get_bot_delay (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), 0);
  return self->bot_delay;
}

void
tw_game_model_set_bot_delay (TwGameModel *self,
                             guint        delay_ms)
{
  g_return_if_fail (TW_IS_GAME_MODEL (self));

  if (self->bot_delay == delay_ms)
    return;
  self->bot_delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOT_DELAY]);
}

gboolean
tw_game_model_get_thinking (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  return self->thinking;
}

/* The bot a hint asks: the strong preset, as it plays at the table. */
#define HINT_BOT "strong"

/**
 * tw_game_model_suggest_async:
 * @cancellable: (nullable): stops the search; the callback then gets
 *   G_IO_ERROR_CANCELLED
 *
 * Asks the strong bot (the "strong" preset, its own short time budget) for a
 * move for the seat to act, on a worker thread over a copy of the position
 * as that seat sees it. Any kind of decision is answered, with or without a
 * place on the board.
 */
void
tw_game_model_suggest_async (TwGameModel         *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  BotJob *job;

  g_return_if_fail (TW_IS_GAME_MODEL (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tw_game_model_suggest_async);
  job = bot_job_new (self, HINT_BOT);
  if (job == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                             _("no move: the game is over"));
      return;
    }
  g_task_set_task_data (task, job, bot_job_free);
  g_task_run_in_thread (task, bot_thread);
}

/**
 * tw_game_model_suggest_finish:
 * @out: the move suggested, for the position the hint was asked in
 *
 * Returns: FALSE with @error set when the search was cancelled or the game
 *   is over
 */
gboolean
tw_game_model_suggest_finish (TwGameModel   *self,
                              GAsyncResult  *result,
                              TwMove        *out,
                              GError       **error)
{
  BotJob *job;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  *out = job->move;
  return TRUE;
}

/**
 * tw_game_model_set_seat_player:
 * @player: "human" or a bot spec (a preset name such as "strong")
 *
 * Hands @seat to a bot or gives it back to a person, in the middle of a game
 * too: a bot whose seat is to act starts thinking (unless the bots are
 * paused); a bot thinking for a seat taken back stops. The record keeps who
 * plays each seat, so the game counts as modified.
 */
gboolean
tw_game_model_set_seat_player (TwGameModel  *self,
                               guint         seat,
                               const char   *player,
                               GError      **error)
{
  TwBotSpec spec;

  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (player != NULL, FALSE);
  g_return_val_if_fail (seat < tw_game_model_get_game (self)->n_players, FALSE);

  if (g_strcmp0 (player, "human") != 0 && !tw_bot_spec_parse (player, &spec, error))
    return FALSE;
  if (g_strcmp0 (tw_record_get_seat_player (self->record, seat), player) == 0)
    return TRUE;
  tw_record_set_seat (self->record, seat, NULL, player);
  set_bool (self, &self->modified, TRUE, PROP_MODIFIED);
  update (self, TRUE);
  return TRUE;
}

GFile *
tw_game_model_get_file (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), NULL);
  return self->file;
}

gboolean
tw_game_model_get_modified (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  return self->modified;
}

/**
 * tw_game_model_save:
 * @file: a local file
 *
 * Saves the record atomically to @file, which becomes the model's file.
 *
 * Returns: TRUE on success
 */
gboolean
tw_game_model_save (TwGameModel  *self,
                    GFile        *file,
                    GError      **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Games can only be saved to local files"));
      return FALSE;
    }
  /* the autosave first: what is marked clean after a save must be this */
  tw_game_model_flush_autosave (self);
  if (!tw_record_save (self->record, path, error))
    return FALSE;
  g_set_object (&self->file, file);
  self->n_nodes_saved = tw_history_get_n_nodes (tw_record_get_history (self->record));
  set_bool (self, &self->modified, FALSE, PROP_MODIFIED);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* For a record loaded from a file: it is that file, unmodified. */
void
tw_game_model_set_file (TwGameModel *self,
                        GFile       *file)
{
  g_return_if_fail (TW_IS_GAME_MODEL (self));
  g_set_object (&self->file, file);
}

/* Stops a bot that is thinking and writes the autosave if a change is still
 * waiting, for a model about to be dropped. */
void
tw_game_model_stop_bots (TwGameModel *self)
{
  g_return_if_fail (TW_IS_GAME_MODEL (self));
  cancel_bot (self);
  tw_game_model_flush_autosave (self);
}

/**
 * tw_game_model_set_autosave_path:
 * @path: (nullable): the autosave file, NULL for none
 *
 * Where every change is written (coalesced: see the top of this file). A
 * change still waiting for the old path is written there first.
 */
void
tw_game_model_set_autosave_path (TwGameModel *self,
                                 const char  *path)
{
  g_return_if_fail (TW_IS_GAME_MODEL (self));
  tw_autosave_set_path (self->autosave, path);
}

/**
 * tw_game_model_flush_autosave:
 *
 * Writes the autosave now (on this thread) when a change has not reached it
 * yet, or a write of it is still under way: when this returns, the autosave
 * holds the record as it is. For a window closing, a save, a model dropped.
 */
void
tw_game_model_flush_autosave (TwGameModel *self)
{
  g_return_if_fail (TW_IS_GAME_MODEL (self));
  tw_autosave_flush (self->autosave);
}

/**
 * tw_game_model_get_n_autosaves:
 *
 * Returns: how many times the autosave was written (started) since the model
 *   was made: shows the coalescing in tests and diagnostics
 */
guint
tw_game_model_get_n_autosaves (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), 0);
  return tw_autosave_get_n_writes (self->autosave);
}

static void
tw_game_model_dispose (GObject *object)
{
  TwGameModel *self = TW_GAME_MODEL (object);

  cancel_bot (self);
  /* a model dropped (a new game, a closed window) keeps nothing back */
  if (self->record != NULL && self->autosave != NULL)
    tw_game_model_flush_autosave (self);
  g_clear_pointer (&self->autosave, tw_autosave_free);

  G_OBJECT_CLASS (tw_game_model_parent_class)->dispose (object);
}

static void
tw_game_model_finalize (GObject *object)
{
  TwGameModel *self = TW_GAME_MODEL (object);

  g_clear_pointer (&self->record, tw_record_free);
  tw_move_list_free (&self->legal);
  g_clear_object (&self->file);
  g_free (self->change_text);

  G_OBJECT_CLASS (tw_game_model_parent_class)->finalize (object);
}

static void
tw_game_model_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TwGameModel *self = TW_GAME_MODEL (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_BOT_DELAY:
      g_value_set_uint (value, self->bot_delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_game_model_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TwGameModel *self = TW_GAME_MODEL (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      tw_game_model_set_paused (self, g_value_get_boolean (value));
      break;
    case PROP_BOT_DELAY:
      tw_game_model_set_bot_delay (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_game_model_class_init (TwGameModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tw_game_model_dispose;
  object_class->finalize = tw_game_model_finalize;
  object_class->get_property = tw_game_model_get_property;
  object_class->set_property = tw_game_model_set_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_PAUSED] = g_param_spec_boolean ("paused", NULL, NULL, FALSE, rw);
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  properties[PROP_BOT_DELAY] = g_param_spec_uint ("bot-delay", NULL, NULL, 0, 60000,
                                                  DEFAULT_BOT_DELAY_MS, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TwGameModel::changed:
   *
   * The current node, the tree or the saved state changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * TwGameModel::autosave-failed:
   * @message: why the write failed
   *
   * An autosave could not be written. Emitted once, then not again until a
   * write has succeeded: a view can show it without repeating it per move.
   */
  signals[AUTOSAVE_FAILED] = g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tw_game_model_init (TwGameModel *self)
{
  tw_move_list_init (&self->legal);
  self->bot_delay = DEFAULT_BOT_DELAY_MS;
  self->autosave = tw_autosave_new ("the game", AUTOSAVE_DELAY_MS,
                                    autosave_snapshot, autosave_failed, self);
}

/**
 * tw_game_model_get_viewer:
 *
 * The seat whose hidden information (hand, private cards) the table may show:
 * the seat to act when a person plays it; otherwise the only seat a person
 * plays, if there is just one (someone playing against bots always sees
 * their own hand); else -1, nothing hidden is shown.
 */
int
tw_game_model_get_viewer (TwGameModel *self)
{
  g_return_val_if_fail (TW_IS_GAME_MODEL (self), -1);

  if (self->record == NULL)
    return -1;
  TwGame *game = tw_record_get_game (self->record);
  int to_act = tw_game_model_get_to_act (self);
  int human = -1;
  guint n_human = 0;

  if (to_act >= 0 && !tw_game_model_seat_is_bot (self, to_act))
    return to_act;
  for (guint q = 0; q < game->n_players; q++)
    if (!tw_game_model_seat_is_bot (self, q))
      {
        human = q;
        n_human++;
      }
  return n_human == 1 ? human : -1;
}

/**
 * tw_game_model_promote:
 * @node: a node id
 *
 * Makes the line through @node the main line of the history (see
 * tw_history_promote()). The position does not change; the tree does, so the
 * game counts as modified, is autosaved and `changed` is emitted.
 *
 * Returns: FALSE (and does nothing) when @node does not exist or is already
 *   on the main line
 */
gboolean
tw_game_model_promote (TwGameModel *self,
                       guint        node)
{
  TwHistory *history;

  g_return_val_if_fail (TW_IS_GAME_MODEL (self), FALSE);

  history = tw_record_get_history (self->record);
  if (node >= tw_history_get_n_nodes (history))
    return FALSE;
  for (guint id = node; id != TW_HISTORY_ROOT; id = tw_history_get_node (history, id)->parent)
    if (tw_history_get_child (history, tw_history_get_node (history, id)->parent, 0) != id)
      {
        tw_history_promote (history, node);
        set_bool (self, &self->modified, TRUE, PROP_MODIFIED);
        autosave (self);
        g_signal_emit (self, signals[CHANGED], 0);
        return TRUE;
      }
  return FALSE;
}

char *
tw_game_model_describe_move (TwGameModel  *self,
                             const TwMove *move)
{
  TwGame *game = tw_game_model_get_game (self);
  const char *name = tw_record_get_seat_name (self->record, MAX (tw_game_model_get_to_act (self), 0));

  return tw_move_describe (game, tw_game_model_get_state (self), move, name);
}

static char *describe_score_change (TwGameModel  *self,
                                    const TwMove *move);

char *
tw_game_model_describe_score_change (TwGameModel  *self,
                                     const TwMove *move)
{
  guint node = tw_history_get_current (tw_record_get_history (self->record));

  if (self->change_text == NULL || self->change_node != node
      || memcmp (&self->change_move, move, sizeof *move) != 0)
    {
      g_autofree char *text = describe_score_change (self, move);

      if (text == NULL)
        return NULL;
      g_free (self->change_text);
      self->change_text = g_steal_pointer (&text);
      self->change_node = node;
      self->change_move = *move;
    }
  return g_strdup (self->change_text);
}

static char *
describe_score_change (TwGameModel  *self,
                       const TwMove *move)
{
  TwGame *game = tw_game_model_get_game (self);
  const TwState *state = tw_game_model_get_state (self);
  int to_act = tw_game_model_get_to_act (self);
  double delta[TW_MAX_PLAYERS] = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GArray) terms = NULL;

  if (to_act < 0 || !tw_state_score_change (game, state, move, delta))
    return NULL;
  /* the one choosing first, then the others in seat order */
  for (guint i = 0; i < game->n_players; i++)
    {
      guint p = (to_act + i) % game->n_players;

      if (delta[p] == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      if ((int) p == to_act)
        /* Translators: a move's effect on the score of the one choosing it: "+4 for you" */
        g_string_append_printf (text, _("%+g for you"), delta[p]);
      else
        /* Translators: a move's effect on another seat's score: "-1 for Player 2" */
        g_string_append_printf (text, _("%+g for %s"), delta[p],
                                tw_record_get_seat_name (self->record, p));
    }
  /* the parts of the chooser's score it adds or changes, by rule */
  terms = tw_result_term_changes (game, state, move, to_act);
  for (guint i = 0; terms != NULL && i < terms->len; i++)
    {
      const TwScoreTerm *term = &g_array_index (terms, TwScoreTerm, i);

      if (i == 0 && text->len > 0)
        g_string_append (text, " — ");
      else if (i > 0)
        g_string_append (text, "; ");
      /* Translators: a part of the score a move gives, by the rule that
       * gives it, and its points: "Red shapes: 1 on the private board × 0
       * on the shared board = 0" */
      g_string_append_printf (text, _("%s = %d"), term->label, term->points);
    }
  if (text->len == 0)
    /* Translators: a move that changes nobody's score */
    g_string_append (text, _("no change in score"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}
