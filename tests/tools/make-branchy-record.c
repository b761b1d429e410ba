/* make-branchy-record.c: writes a record of many variations, for measuring
 * how the history's state cache bears them (doc/record-format.md, "Limits")
 *
 *   make-branchy-record DEFINITION PLAYERS SEED LENGTH MAX_BYTES OUT.yaml
 *
 * Plays a random main line to the end, then, at every node whose children
 * are at a cached depth (15, 31, ...: their states are the ones the cache
 * keeps), adds a variation for every legal move, each LENGTH moves long
 * (random after the first), until the record's text would pass MAX_BYTES.
 * The nodes at such depths that variations reach are branched in turn.
 * LENGTH 0: the most states at cached depths per byte: every move at depth
 * 16k-2, then every move after each of those (depth 16k, a cached state, a
 * move each); the first line at each point runs on to the next 16k-2. Not a test: a
 * tool whose output the measurements in the docs were made with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "tw-definition.h"
#include "tw-game.h"
#include "tw-history.h"
#include "tw-record.h"
#include "tw-rng.h"

static gboolean
play_random (TwHistory *history,
             TwRng     *rng)
{
  const TwGame *game = tw_history_get_game (history);
  TwMoveList list;
  gboolean ok;

  tw_move_list_init (&list);
  game->rules->legal_moves (game, tw_history_get_state (history), &list);
  ok = list.len > 0 && tw_history_play (history, &list.moves[tw_rng_below (rng, list.len)], NULL);
  tw_move_list_free (&list);
  return ok;
}

/* The depth of the first branch points on the main line. */
static guint
first_branch (guint length)
{
  return length > 0 ? TW_HISTORY_CACHE_INTERVAL - 1 : TW_HISTORY_CACHE_INTERVAL - 2;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autoptr(TwRecord) record = NULL;
  TwHistory *history;
  guint length;
  gsize max_bytes, bytes = 0;
  g_autoptr(GArray) main_line = g_array_new (FALSE, FALSE, sizeof (guint));
  GQueue branch_points = G_QUEUE_INIT;
  TwRng rng;

  if (argc != 7)
    {
      g_printerr ("usage: %s DEFINITION PLAYERS SEED LENGTH MAX_BYTES OUT.yaml\n", argv[0]);
      return 2;
    }
  def = tw_definition_load_file (argv[1], NULL, &error);
  if (def != NULL)
    game = tw_game_new (def, atoi (argv[2]), NULL, &error);
  if (game == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  record = tw_record_new (game, g_ascii_strtoull (argv[3], NULL, 10));
  history = tw_record_get_history (record);
  length = atoi (argv[4]);
  max_bytes = g_ascii_strtoull (argv[5], NULL, 10);
  tw_rng_seed (&rng, g_ascii_strtoull (argv[3], NULL, 10));

  g_array_append_val (main_line, (guint) { TW_HISTORY_ROOT });
  while (!tw_state_is_terminal (game, tw_history_get_state (history)) && play_random (history, &rng))
    {
      guint id = tw_history_get_current (history);

      g_array_append_val (main_line, id);
      bytes += strlen (tw_history_get_node (history, id)->text) + 4;
    }

  /* branch points, first in first out: the main line's, then those the
   * variations reach */
  for (guint i = first_branch (length); i + 1 < main_line->len; i += TW_HISTORY_CACHE_INTERVAL)
    g_queue_push_tail (&branch_points, GUINT_TO_POINTER (g_array_index (main_line, guint, i)));
  while (!g_queue_is_empty (&branch_points) && bytes < max_bytes)
    {
      guint at = GPOINTER_TO_UINT (g_queue_pop_head (&branch_points));
      TwMoveList list;

      tw_history_goto (history, at);
      tw_move_list_init (&list);
      game->rules->legal_moves (game, tw_history_get_state (history), &list);
      for (guint m = 0; m < list.len && bytes < max_bytes; m++)
        {
          tw_history_goto (history, at);
          if (tw_history_find_child (history, at, &list.moves[m]) != TW_HISTORY_NONE
              || !tw_history_play (history, &list.moves[m], NULL))
            continue;
          /* "  - - MOVE\n" and "    - MOVE\n" lines */
          for (guint k = 1;; k++)
            {
              guint id = tw_history_get_current (history);
              const TwHistoryNode *node = tw_history_get_node (history, id);
              guint phase = node->depth % TW_HISTORY_CACHE_INTERVAL;

              bytes += strlen (node->text) + 8;
              if (length > 0 && phase == TW_HISTORY_CACHE_INTERVAL - 1)
                {
                  g_queue_push_tail (&branch_points, GUINT_TO_POINTER (id));
                }
              else if (length == 0 && (phase == TW_HISTORY_CACHE_INTERVAL - 1
                                       || (phase == TW_HISTORY_CACHE_INTERVAL - 2 && k > 1)))
                {
                  /* depth 16k-1 from 16k-2: every move, one each; a 16k-2
                   * reached by the first line: branched again */
                  g_queue_push_tail (&branch_points, GUINT_TO_POINTER (id));
                  break;
                }
              if (length > 0 ? k >= length : m > 0 && phase == 0)
                break;
              if (!play_random (history, &rng))
                break;
            }
        }
      tw_move_list_free (&list);
    }
  g_queue_clear (&branch_points);
  tw_history_goto (history, g_array_index (main_line, guint, main_line->len - 1));

  if (!tw_record_save (record, argv[6], &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_printerr ("%s: %u nodes\n", argv[6], tw_history_get_n_nodes (history));
  return 0;
}
