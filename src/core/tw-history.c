/* tw-history.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-history.h"
#include "tw-diag.h"

#include <glib/gi18n-lib.h>

struct _TwHistory
{
  /* Owned */
  TwGame    *game;
  GArray    *nodes;    /* TwHistoryNode, indexed by node id */
  GPtrArray *cache;    /* TwState* or NULL, parallel to nodes */
  GPtrArray *links;    /* GList* of the node in lru or NULL, parallel to nodes */
  GQueue     lru;      /* cached node ids but the root, most recently used first */
  guint      max_cached;  /* states the budget holds, the root's aside */
  TwState   *state;    /* the state at the current node */
  TwState   *scratch;  /* where moves are tried and states recomputed */

  guint64    seed;
  guint      current;
};

static inline TwHistoryNode *
node_at (const TwHistory *history,
         guint            id)
{
  g_assert (id < history->nodes->len);
  return &g_array_index (history->nodes, TwHistoryNode, id);
}

static inline gboolean
is_cached_depth (guint depth)
{
  return depth % TW_HISTORY_CACHE_INTERVAL == 0;
}

/* Drops the least recently used states past the budget. */
static void
cache_shrink (TwHistory *history)
{
  while (history->lru.length > history->max_cached)
    {
      guint old = GPOINTER_TO_UINT (g_queue_pop_tail (&history->lru));

      tw_state_free (g_ptr_array_index (history->cache, old));
      g_ptr_array_index (history->cache, old) = NULL;
      g_ptr_array_index (history->links, old) = NULL;
    }
}

/* Keeps a copy of @state as node @id's (a node at a cached depth), dropping
 * the least recently used state when the budget is full. */
static void
cache_put (TwHistory     *history,
           guint          id,
           const TwState *state)
{
  GList *link;

  g_assert (id != TW_HISTORY_ROOT && g_ptr_array_index (history->cache, id) == NULL);
  g_ptr_array_index (history->cache, id) = tw_state_copy (history->game, state);
  g_queue_push_head (&history->lru, GUINT_TO_POINTER (id));
  link = g_queue_peek_head_link (&history->lru);
  g_ptr_array_index (history->links, id) = link;
  cache_shrink (history);
}

/* Marks node @id's cached state as just used. */
static void
cache_touch (TwHistory *history,
             guint      id)
{
  GList *link = g_ptr_array_index (history->links, id);

  if (link != NULL)
    {
      g_queue_unlink (&history->lru, link);
      g_queue_push_head_link (&history->lru, link);
    }
}

static void
swap_state (TwHistory *history)
{
  TwState *tmp = history->state;
  history->state = history->scratch;
  history->scratch = tmp;
}

TwHistory *
tw_history_new (TwGame  *game,
                guint64  seed)
{
  TwHistory *history;
  TwHistoryNode root = { 0, };

  g_return_val_if_fail (game != NULL, NULL);

  history = g_new0 (TwHistory, 1);
  history->game = tw_game_ref (game);
  history->seed = seed;
  history->nodes = g_array_sized_new (FALSE, TRUE, sizeof (TwHistoryNode), 128);
  history->cache = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_state_free);
  history->links = g_ptr_array_new ();
  g_queue_init (&history->lru);
  tw_history_set_cache_budget (history, TW_HISTORY_CACHE_BUDGET);
  history->state = tw_state_new (game, seed);
  history->scratch = tw_state_copy (game, history->state);

  root.parent = TW_HISTORY_NONE;
  root.first_child = TW_HISTORY_NONE;
  root.next_sibling = TW_HISTORY_NONE;
  root.last_visited = TW_HISTORY_NONE;
  root.depth = 0;
  root.player = -1;
  root.text = g_strdup ("");
  root.hash = game->rules->hash (game, history->state);
  g_array_append_val (history->nodes, root);
  g_ptr_array_add (history->cache, tw_state_copy (game, history->state));
  g_ptr_array_add (history->links, NULL);
  history->current = TW_HISTORY_ROOT;

  return history;
}

void
tw_history_free (TwHistory *history)
{
  if (history == NULL)
    return;

  for (guint i = 0; i < history->nodes->len; i++)
    g_free (node_at (history, i)->text);
  g_array_unref (history->nodes);
  g_ptr_array_unref (history->cache);
  g_ptr_array_unref (history->links);
  g_queue_clear (&history->lru);
  tw_state_free (history->state);
  tw_state_free (history->scratch);
  tw_game_unref (history->game);
  g_free (history);
}

TwGame *
tw_history_get_game (const TwHistory *history)
{
  g_return_val_if_fail (history != NULL, NULL);
  return history->game;
}

guint64
tw_history_get_seed (const TwHistory *history)
{
  g_return_val_if_fail (history != NULL, 0);
  return history->seed;
}

guint
tw_history_get_n_nodes (const TwHistory *history)
{
  g_return_val_if_fail (history != NULL, 0);
  return history->nodes->len;
}

const TwHistoryNode *
tw_history_get_node (const TwHistory *history,
                     guint            node)
{
  g_return_val_if_fail (history != NULL, NULL);
  g_return_val_if_fail (node < history->nodes->len, NULL);
  return node_at (history, node);
}

/**
 * tw_history_set_cache_budget:
 * @bytes: the most memory the kept states may take (the root's aside); at
 *   least TW_HISTORY_CACHE_MIN_STATES states are kept whatever it is
 *
 * Changes the budget (TW_HISTORY_CACHE_BUDGET by default), dropping the least
 * recently used states past it.
 */
void
tw_history_set_cache_budget (TwHistory *history,
                             gsize      bytes)
{
  g_return_if_fail (history != NULL);

  history->max_cached = MAX (TW_HISTORY_CACHE_MIN_STATES,
                             bytes / MAX (history->game->state_size, 1));
  cache_shrink (history);
}

/**
 * tw_history_get_cache_size:
 * @max: (out) (optional): the most that the budget lets it hold
 *
 * Returns: how many states at cached depths the history holds now, the
 *   root's included
 */
guint
tw_history_get_cache_size (const TwHistory *history,
                           guint           *max)
{
  g_return_val_if_fail (history != NULL, 0);
  if (max != NULL)
    *max = history->max_cached + 1;
  return history->lru.length + 1;
}

guint
tw_history_get_current (const TwHistory *history)
{
  g_return_val_if_fail (history != NULL, TW_HISTORY_NONE);
  return history->current;
}

const TwState *
tw_history_get_state (const TwHistory *history)
{
  g_return_val_if_fail (history != NULL, NULL);
  return history->state;
}

/* Writes the state at @node into @dest (which must not be history->state):
 * from the current state when it is on the way up, else from the nearest
 * cached ancestor, replaying the moves below it. While every state at a
 * cached depth is kept, at most TW_HISTORY_CACHE_INTERVAL - 1 moves are
 * replayed; when the budget has dropped some, the replay is longer, and the
 * states it passes at cached depths are kept again on the way. */
static gboolean
compute_state_into (TwHistory *history,
                    guint      node,
                    TwState   *dest)
{
  const TwGame *game = history->game;
  g_autoptr(GArray) stack = g_array_sized_new (FALSE, FALSE, sizeof (guint),
                                               TW_HISTORY_CACHE_INTERVAL);
  guint id = node;
  const TwState *base;

  g_assert (dest != history->state);

  for (;;)
    {
      if (id == history->current)
        {
          base = history->state;
          break;
        }
      if (g_ptr_array_index (history->cache, id) != NULL)
        {
          base = g_ptr_array_index (history->cache, id);
          cache_touch (history, id);
          break;
        }
      g_array_append_val (stack, id);
      id = node_at (history, id)->parent;
      g_assert (id != TW_HISTORY_NONE);
    }

  tw_state_copy_into (game, dest, base);
  for (guint i = stack->len; i > 0; i--)
    {
      guint step_id = g_array_index (stack, guint, i - 1);
      const TwHistoryNode *step = node_at (history, step_id);
      g_autoptr(GString) why = g_string_new (NULL);

      if (!game->rules->apply (game, dest, &step->move, why))
        {
          /* The move was legal when it was added: the rules are not a pure
           * function of seed and moves. Report it loudly but do not crash. */
          g_critical ("history: replaying move %u “%s” failed: %s",
                      step->depth, step->text, why->str);
          return FALSE;
        }
      if (is_cached_depth (step->depth))
        cache_put (history, step_id, dest);
    }

  return TRUE;
}

TwState *
tw_history_dup_state_at (TwHistory *history,
                         guint      node)
{
  TwState *state;

  g_return_val_if_fail (history != NULL, NULL);
  g_return_val_if_fail (node < history->nodes->len, NULL);

  state = tw_state_copy (history->game, history->state);
  if (node != history->current)
    compute_state_into (history, node, state);
  return state;
}

guint
tw_history_find_child (const TwHistory *history,
                       guint            node,
                       const TwMove    *move)
{
  g_return_val_if_fail (history != NULL, TW_HISTORY_NONE);
  g_return_val_if_fail (node < history->nodes->len, TW_HISTORY_NONE);
  g_return_val_if_fail (move != NULL, TW_HISTORY_NONE);

  for (guint c = node_at (history, node)->first_child; c != TW_HISTORY_NONE;
       c = node_at (history, c)->next_sibling)
    if (tw_move_equal (&node_at (history, c)->move, move))
      return c;

  return TW_HISTORY_NONE;
}

static guint
add_child (TwHistory    *history,
           guint         parent,
           const TwMove *move,
           const TwState *after)
{
  const TwGame *game = history->game;
  TwHistoryNode child = { 0, };
  g_autoptr(GString) text = g_string_new (NULL);
  guint id = history->nodes->len;
  guint last;

  /* The notation is read against the state before the move: the current one. */
  g_assert (parent == history->current);
  game->rules->move_to_text (game, history->state, move, text);

  child.parent = parent;
  child.first_child = TW_HISTORY_NONE;
  child.next_sibling = TW_HISTORY_NONE;
  child.last_visited = TW_HISTORY_NONE;
  child.depth = node_at (history, parent)->depth + 1;
  child.player = tw_state_to_act (game, history->state);
  child.move = *move;
  child.text = g_string_free (g_steal_pointer (&text), FALSE);
  child.hash = game->rules->hash (game, after);
  g_array_append_val (history->nodes, child);
  g_ptr_array_add (history->cache, NULL);
  g_ptr_array_add (history->links, NULL);
  if (is_cached_depth (child.depth))
    cache_put (history, id, after);

  last = node_at (history, parent)->first_child;
  if (last == TW_HISTORY_NONE)
    node_at (history, parent)->first_child = id;
  else
    {
      while (node_at (history, last)->next_sibling != TW_HISTORY_NONE)
        last = node_at (history, last)->next_sibling;
      node_at (history, last)->next_sibling = id;
    }

  return id;
}

gboolean
tw_history_play (TwHistory    *history,
                 const TwMove *move,
                 GString      *why)
{
  const TwGame *game;
  guint child;

  g_return_val_if_fail (history != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  game = history->game;
  tw_state_copy_into (game, history->scratch, history->state);
  if (!game->rules->apply (game, history->scratch, move, why))
    return FALSE;

  child = tw_history_find_child (history, history->current, move);
  if (child == TW_HISTORY_NONE)
    child = add_child (history, history->current, move, history->scratch);

  node_at (history, history->current)->last_visited = child;
  swap_state (history);
  history->current = child;
  return TRUE;
}

gboolean
tw_history_play_text (TwHistory   *history,
                      const char  *text,
                      GError     **error)
{
  const TwGame *game;
  g_autoptr(GString) why = g_string_new (NULL);
  TwMove move = { 0, };
  gboolean read;

  g_return_val_if_fail (history != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = history->game;
  read = game->rules->move_from_text (game, history->state, text, &move, why);
  if (!read || !tw_history_play (history, &move, why))
    {
      g_autofree char *shown = tw_excerpt (text, TW_EXCERPT_VALUE);
      g_autofree char *reason = tw_excerpt (why->str, TW_EXCERPT_REASON);

      if (!read)
        g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_NOTATION,
                     _("cannot read the move “%s”: %s"), shown,
                     why->len > 0 ? reason : _("not in the game's notation"));
      else
        g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_ILLEGAL_MOVE,
                     _("the move “%s” is illegal: %s"), shown,
                     why->len > 0 ? reason : _("the rules refuse it"));
      return FALSE;
    }

  return TRUE;
}

gboolean
tw_history_can_undo (const TwHistory *history)
{
  g_return_val_if_fail (history != NULL, FALSE);
  return history->current != TW_HISTORY_ROOT;
}

gboolean
tw_history_can_redo (const TwHistory *history)
{
  g_return_val_if_fail (history != NULL, FALSE);
  return node_at (history, history->current)->first_child != TW_HISTORY_NONE;
}

gboolean
tw_history_undo (TwHistory *history)
{
  g_return_val_if_fail (history != NULL, FALSE);

  if (!tw_history_can_undo (history))
    return FALSE;
  return tw_history_goto (history, node_at (history, history->current)->parent);
}

gboolean
tw_history_redo (TwHistory *history)
{
  const TwHistoryNode *cur;

  g_return_val_if_fail (history != NULL, FALSE);

  cur = node_at (history, history->current);
  if (cur->first_child == TW_HISTORY_NONE)
    return FALSE;
  return tw_history_goto (history,
                          cur->last_visited != TW_HISTORY_NONE ? cur->last_visited
                                                               : cur->first_child);
}

static void
mark_path (TwHistory *history,
           guint      node)
{
  for (guint id = node; id != TW_HISTORY_ROOT; id = node_at (history, id)->parent)
    node_at (history, node_at (history, id)->parent)->last_visited = id;
}

gboolean
tw_history_goto (TwHistory *history,
                 guint      node)
{
  g_return_val_if_fail (history != NULL, FALSE);

  if (node >= history->nodes->len)
    return FALSE;

  /* Redo follows the child last visited: first mark the line we leave, so
   * that going up to an ancestor then redoing comes back down it, then the
   * line to @node, which wins where the two share ancestors. */
  mark_path (history, history->current);
  mark_path (history, node);

  if (node == history->current)
    return TRUE;

  if (!compute_state_into (history, node, history->scratch))
    return FALSE;
  swap_state (history);
  history->current = node;
  return TRUE;
}

GArray *
tw_history_get_path (const TwHistory *history,
                     guint            node)
{
  GArray *path;
  guint depth;

  g_return_val_if_fail (history != NULL, NULL);
  g_return_val_if_fail (node < history->nodes->len, NULL);

  depth = node_at (history, node)->depth;
  path = g_array_sized_new (FALSE, FALSE, sizeof (guint), depth);
  g_array_set_size (path, depth);
  for (guint id = node; id != TW_HISTORY_ROOT; id = node_at (history, id)->parent)
    g_array_index (path, guint, node_at (history, id)->depth - 1) = id;

  return path;
}

GArray *
tw_history_get_main_line (const TwHistory *history)
{
  GArray *line;

  g_return_val_if_fail (history != NULL, NULL);

  line = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint id = node_at (history, TW_HISTORY_ROOT)->first_child; id != TW_HISTORY_NONE;
       id = node_at (history, id)->first_child)
    g_array_append_val (line, id);

  return line;
}

guint
tw_history_get_main_line_end (const TwHistory *history)
{
  guint id = TW_HISTORY_ROOT;

  g_return_val_if_fail (history != NULL, TW_HISTORY_NONE);

  while (node_at (history, id)->first_child != TW_HISTORY_NONE)
    id = node_at (history, id)->first_child;
  return id;
}

guint
tw_history_get_n_children (const TwHistory *history,
                           guint            node)
{
  guint n = 0;

  g_return_val_if_fail (history != NULL, 0);
  g_return_val_if_fail (node < history->nodes->len, 0);

  for (guint c = node_at (history, node)->first_child; c != TW_HISTORY_NONE;
       c = node_at (history, c)->next_sibling)
    n++;
  return n;
}

guint
tw_history_get_child (const TwHistory *history,
                      guint            node,
                      guint            index)
{
  guint c;

  g_return_val_if_fail (history != NULL, TW_HISTORY_NONE);
  g_return_val_if_fail (node < history->nodes->len, TW_HISTORY_NONE);

  for (c = node_at (history, node)->first_child; c != TW_HISTORY_NONE && index > 0;
       c = node_at (history, c)->next_sibling)
    index--;
  return c;
}

void
tw_history_promote (TwHistory *history,
                    guint      node)
{
  g_return_if_fail (history != NULL);
  g_return_if_fail (node < history->nodes->len);

  for (guint id = node; id != TW_HISTORY_ROOT; id = node_at (history, id)->parent)
    {
      TwHistoryNode *parent = node_at (history, node_at (history, id)->parent);
      guint prev;

      if (parent->first_child == id)
        continue;

      /* Unlink @id from its siblings, then put it first. */
      prev = parent->first_child;
      while (node_at (history, prev)->next_sibling != id)
        prev = node_at (history, prev)->next_sibling;
      node_at (history, prev)->next_sibling = node_at (history, id)->next_sibling;
      node_at (history, id)->next_sibling = parent->first_child;
      parent->first_child = id;
    }
}
