/* test-game-model.c: the Play view's model writes every change of the
 * current node to the autosave, coalesced, and flushes on demand
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tw-definition.h"
#include "tw-game.h"
#include "tw-game-model.h"
#include "tw-record.h"

typedef struct
{
  char        *dir;
  char        *path;
  TwGameModel *model;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *def_path = tw_definition_bundled_path ("colorblock");
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = tw_definition_load_file (def_path, NULL, &error);
  g_autoptr(TwGame) game = NULL;

  g_assert_no_error (error);
  game = tw_game_new (def, 2, NULL, &error);
  g_assert_no_error (error);
  f->dir = g_dir_make_tmp ("tw-game-model-XXXXXX", &error);
  g_assert_no_error (error);
  /* in a folder that does not exist yet: the model makes it */
  f->path = g_build_filename (f->dir, "tilewright", "autosave.yaml", NULL);
  f->model = tw_game_model_new (tw_record_new (game, 7));
  tw_game_model_set_autosave_path (f->model, f->path);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *sub = g_path_get_dirname (f->path);

  /* a bot or hint task cancelled at the end holds the model until its worker
   * has returned and its answer has been dispatched here */
  while (f->model != NULL && g_atomic_int_get (&G_OBJECT (f->model)->ref_count) > 1)
    {
      /* (the worker's last reference goes without an event here) */
      g_main_context_iteration (NULL, FALSE);
      g_thread_yield ();
    }
  if (f->model != NULL)
    g_assert_finalize_object (f->model);
  g_unlink (f->path);
  g_rmdir (sub);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

/* The autosave's current node against the model's: depth, state hash, tree
 * size and whether redo is possible. */
static gboolean
autosave_matches (Fixture *f)
{
  g_autoptr(TwRecord) saved = tw_record_load_file (f->path, NULL);
  TwHistory *mine = tw_game_model_get_history (f->model);
  TwHistory *theirs;
  const TwHistoryNode *a, *b;

  if (saved == NULL)
    return FALSE;
  theirs = tw_record_get_history (saved);
  a = tw_history_get_node (mine, tw_history_get_current (mine));
  b = tw_history_get_node (theirs, tw_history_get_current (theirs));
  return a->depth == b->depth && a->hash == b->hash &&
         tw_history_get_n_nodes (theirs) == tw_history_get_n_nodes (mine) &&
         tw_history_can_redo (theirs) == tw_history_can_redo (mine);
}

/* Runs the main loop until the model has written @n times and the autosave
 * holds its current node, or @timeout_ms passed; returns the milliseconds it
 * took. */
static gint64
wait_for_autosave (Fixture *f,
                   guint    n,
                   guint    timeout_ms)
{
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + timeout_ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < deadline &&
         !(tw_game_model_get_n_autosaves (f->model) >= n && autosave_matches (f)))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  /* a write still under way (there should be none) would land now */
  for (int i = 0; i < 20; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_true (autosave_matches (f));
  return (g_get_monotonic_time () - start) / G_TIME_SPAN_MILLISECOND;
}

static guint
autosave_depth (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) saved = tw_record_load_file (f->path, &error);
  TwHistory *h;

  g_assert_no_error (error);
  h = tw_record_get_history (saved);
  return tw_history_get_node (h, tw_history_get_current (h))->depth;
}

static void
play_moves (Fixture *f,
            guint    n)
{
  for (guint i = 0; i < n; i++)
    g_assert_true (tw_game_model_play_random (f->model));
}

/* Undo, redo and goto reach the autosave, within the promised delay. */
static void
test_navigation_autosaved (Fixture       *f,
                           gconstpointer  data)
{
  guint n;
  gint64 ms;

  play_moves (f, 5);
  wait_for_autosave (f, 1, 2000);
  g_assert_true (autosave_matches (f));
  g_assert_cmpuint (autosave_depth (f), ==, 5);

  n = tw_game_model_get_n_autosaves (f->model);
  g_assert_true (tw_game_model_undo (f->model));
  /* not yet: the write waits for the timeout */
  g_assert_cmpuint (autosave_depth (f), ==, 5);
  ms = wait_for_autosave (f, n + 1, 2000);
  g_assert_cmpuint (tw_game_model_get_n_autosaves (f->model), ==, n + 1);
  g_assert_cmpint (ms, <, 1000);
  g_assert_cmpuint (autosave_depth (f), ==, 4);
  g_assert_true (tw_game_model_get_can_redo (f->model));
  g_assert_true (autosave_matches (f));

  n = tw_game_model_get_n_autosaves (f->model);
  g_assert_true (tw_game_model_redo (f->model));
  wait_for_autosave (f, n + 1, 2000);
  g_assert_cmpuint (autosave_depth (f), ==, 5);
  g_assert_true (autosave_matches (f));

  /* a jump back to the second move */
  n = tw_game_model_get_n_autosaves (f->model);
  {
    g_autoptr(GArray) line = tw_history_get_main_line (tw_game_model_get_history (f->model));
    g_assert_cmpuint (line->len, >=, 2);
    g_assert_true (tw_game_model_goto (f->model, g_array_index (line, guint, 1)));
  }
  wait_for_autosave (f, n + 1, 2000);
  g_assert_true (autosave_matches (f));
  g_assert_cmpuint (autosave_depth (f), ==, 2);

  /* a new variation from there */
  n = tw_game_model_get_n_autosaves (f->model);
  play_moves (f, 1);
  wait_for_autosave (f, n + 1, 2000);
  g_assert_true (autosave_matches (f));
}

/* A burst of changes costs one write, which holds the last of them. */
static void
test_burst_coalesced (Fixture       *f,
                      gconstpointer  data)
{
  guint n;

  play_moves (f, 6);
  wait_for_autosave (f, 1, 2000);
  n = tw_game_model_get_n_autosaves (f->model);
  g_assert_cmpuint (n, ==, 1);

  /* a held-down Ctrl+Z, Ctrl+Shift+Z */
  for (int i = 0; i < 10; i++)
    {
      for (int j = 0; j < 3; j++)
        g_assert_true (tw_game_model_undo (f->model));
      for (int j = 0; j < 3; j++)
        g_assert_true (tw_game_model_redo (f->model));
    }
  g_assert_true (tw_game_model_undo (f->model));
  wait_for_autosave (f, n + 1, 2000);
  g_assert_cmpuint (autosave_depth (f), ==, 5);
  g_assert_cmpuint (tw_game_model_get_n_autosaves (f->model), ==, n + 1);
}

/* Dropping the model or saving writes at once, without the main loop. */
static void
test_flush (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *saved = g_build_filename (f->dir, "game.yaml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (saved);
  g_autoptr(GError) error = NULL;

  play_moves (f, 3);
  /* the first write is still waiting for its timeout */
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_true (tw_game_model_save (f->model, file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (autosave_depth (f), ==, 3);

  g_assert_true (tw_game_model_undo (f->model));
  tw_game_model_flush_autosave (f->model);
  g_assert_cmpuint (autosave_depth (f), ==, 2);

  g_assert_true (tw_game_model_undo (f->model));
  g_assert_finalize_object (g_steal_pointer (&f->model));
  g_assert_cmpuint (autosave_depth (f), ==, 1);
  g_unlink (saved);
}

/* Runs the main loop until @done (a condition on the model) holds; the
 * test's time limit is the only bound: nothing here waits on a clock. */
static void
iterate_until (Fixture  *f,
               gboolean (*done) (TwGameModel *model))
{
  while (!done (f->model))
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
person_to_act_and_idle (TwGameModel *model)
{
  int to_act = tw_game_model_get_to_act (model);

  return to_act >= 0 && !tw_game_model_seat_is_bot (model, to_act)
         && !tw_game_model_get_thinking (model);
}

static guint
depth (Fixture *f)
{
  TwHistory *h = tw_game_model_get_history (f->model);

  return tw_history_get_node (h, tw_history_get_current (h))->depth;
}

/* Seats handed to a bot and taken back mid-game; Undo against a bot goes
 * back to the person's previous decision and leaves the bots running; Redo
 * comes forward to the next one. (Colorblock: the seats alternate.) */
static void
test_bots_at_table (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TwRecord *record = tw_game_model_get_record (f->model);

  tw_game_model_set_bot_delay (f->model, 0);
  play_moves (f, 2);

  /* seat 2 to a bot while seat 1 is to act: nothing moves yet */
  g_assert_true (tw_game_model_set_seat_player (f->model, 1, "casual", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tw_record_get_seat_player (record, 1), ==, "casual");
  g_assert_true (tw_game_model_seat_is_bot (f->model, 1));
  g_assert_true (tw_game_model_get_modified (f->model));
  g_assert_false (tw_game_model_get_thinking (f->model));
  g_assert_false (tw_game_model_set_seat_player (f->model, 1, "no-such-bot", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpstr (tw_record_get_seat_player (record, 1), ==, "casual");

  /* the person moves, the bot answers */
  play_moves (f, 1);
  iterate_until (f, person_to_act_and_idle);
  g_assert_cmpuint (depth (f), ==, 4);
  play_moves (f, 1);
  iterate_until (f, person_to_act_and_idle);
  g_assert_cmpuint (depth (f), ==, 6);

  /* undo takes back the person's move with the bot's reply, and the bots
   * are not paused: it is the person's turn */
  g_assert_true (tw_game_model_undo (f->model));
  g_assert_cmpuint (depth (f), ==, 4);
  g_assert_cmpint (tw_game_model_get_to_act (f->model), ==, 0);
  g_assert_false (tw_game_model_get_paused (f->model));
  g_assert_true (tw_game_model_redo (f->model));
  g_assert_cmpuint (depth (f), ==, 6);
  g_assert_cmpint (tw_game_model_get_to_act (f->model), ==, 0);

  /* seat 1 to a bot at its turn: it thinks at once; seat 2 taken back */
  g_assert_true (tw_game_model_set_seat_player (f->model, 1, "human", NULL));
  g_assert_true (tw_game_model_set_seat_player (f->model, 0, "casual", NULL));
  g_assert_false (person_to_act_and_idle (f->model));
  iterate_until (f, person_to_act_and_idle);
  g_assert_cmpuint (depth (f), ==, 7);
  g_assert_cmpint (tw_game_model_get_to_act (f->model), ==, 1);
  g_assert_false (tw_game_model_get_thinking (f->model));

  /* undo skips the bot's move to the person's; a jump to where the bot is
   * to act pauses the bots, or it would move again at once */
  g_assert_true (tw_game_model_undo (f->model));
  g_assert_cmpuint (depth (f), ==, 5);
  g_assert_cmpint (tw_game_model_get_to_act (f->model), ==, 1);
  g_assert_false (tw_game_model_get_paused (f->model));
  g_assert_true (tw_game_model_goto (f->model, TW_HISTORY_ROOT));
  g_assert_cmpint (tw_game_model_get_to_act (f->model), ==, 0);
  g_assert_true (tw_game_model_get_paused (f->model));
  g_assert_false (tw_game_model_get_thinking (f->model));
}

/* A finished game that was saved is not modified, however one steps
 * through it, and neither is the same game opened again from its file
 * (the table must not ask to discard unsaved moves). */
static void
test_finished_saved (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *saved = g_build_filename (f->dir, "finished.yaml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (saved);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) again = NULL;
  g_autoptr(TwGameModel) reopened = NULL;

  while (!tw_game_model_is_over (f->model))
    g_assert_true (tw_game_model_play_random (f->model));
  g_assert_true (tw_game_model_get_modified (f->model));
  g_assert_true (tw_game_model_save (f->model, file, &error));
  g_assert_no_error (error);
  g_assert_false (tw_game_model_get_modified (f->model));
  g_assert_true (tw_game_model_undo (f->model));
  g_assert_true (tw_game_model_redo (f->model));
  g_assert_true (tw_game_model_goto (f->model, TW_HISTORY_ROOT));
  g_assert_false (tw_game_model_get_modified (f->model));

  again = tw_record_load_file (saved, &error);
  g_assert_no_error (error);
  reopened = tw_game_model_new (g_steal_pointer (&again));
  tw_game_model_set_file (reopened, file);
  g_assert_true (tw_game_model_is_over (reopened));
  g_assert_false (tw_game_model_get_modified (reopened));
  g_assert_true (tw_game_model_undo (reopened));
  g_assert_true (tw_game_model_redo (reopened));
  g_assert_false (tw_game_model_get_modified (reopened));
  g_unlink (saved);
}

typedef struct
{
  gboolean done;
  gboolean found;
  TwMove   move;
  GError  *error;
} Hint;

static void
hint_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  Hint *hint = data;

  hint->found = tw_game_model_suggest_finish (TW_GAME_MODEL (object), result, &hint->move,
                                              &hint->error);
  hint->done = TRUE;
}

/* A hint comes from a worker thread, is legal where it was asked, and can
 * be stopped. */
static void
test_hint (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const TwMoveList *legal;
  Hint hint = { 0 };
  gboolean is_legal = FALSE;

  play_moves (f, 3);
  tw_game_model_suggest_async (f->model, NULL, hint_cb, &hint);
  while (!hint.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (hint.error);
  g_assert_true (hint.found);
  legal = tw_game_model_get_legal_moves (f->model);
  for (guint i = 0; i < legal->len; i++)
    is_legal |= tw_move_equal (&legal->moves[i], &hint.move);
  g_assert_true (is_legal);

  memset (&hint, 0, sizeof hint);
  tw_game_model_suggest_async (f->model, cancellable, hint_cb, &hint);
  g_cancellable_cancel (cancellable);
  while (!hint.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (hint.found);
  g_assert_error (hint.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&hint.error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/tw/game-model/navigation-autosaved", Fixture, NULL,
              fixture_set_up, test_navigation_autosaved, fixture_tear_down);
  g_test_add ("/tw/game-model/burst-coalesced", Fixture, NULL,
              fixture_set_up, test_burst_coalesced, fixture_tear_down);
  g_test_add ("/tw/game-model/flush", Fixture, NULL,
              fixture_set_up, test_flush, fixture_tear_down);
  g_test_add ("/tw/game-model/bots-at-table", Fixture, NULL,
              fixture_set_up, test_bots_at_table, fixture_tear_down);
  g_test_add ("/tw/game-model/finished-saved", Fixture, NULL,
              fixture_set_up, test_finished_saved, fixture_tear_down);
  g_test_add ("/tw/game-model/hint", Fixture, NULL,
              fixture_set_up, test_hint, fixture_tear_down);
  return g_test_run ();
}
