/* tw-history.h: the moves of a game as a tree of variations
 *
 * Like an SGF game tree: node 0 is the root (the initial state, no move);
 * every other node is one move played from its parent. The first child of a
 * node is its main line, later children are variations. Undoing and then
 * playing a different move adds a variation instead of forgetting the old
 * line, and playing a move that already exists as a child just goes there.
 *
 * Nodes live in one flat array and are never removed or renumbered, so a node
 * id stays valid for the life of the history. Each node caches the notation
 * of its move (written against the state before it), the seat that made it
 * and the state hash after it.
 *
 * States are kept for the current node, the root, and nodes whose depth is a
 * multiple of TW_HISTORY_CACHE_INTERVAL, within a memory budget: at most
 * TW_HISTORY_CACHE_BUDGET bytes of such states (but at least
 * TW_HISTORY_CACHE_MIN_STATES of them); past it the least recently used one
 * is dropped. Any other state is recomputed by replaying the moves from the
 * nearest kept ancestor (fewer than TW_HISTORY_CACHE_INTERVAL while none was
 * dropped), so a record of many variations loads in bounded memory.
 *
 * Ownership: the history holds a reference on its game. It is not
 * thread-safe; hand copies of states to other threads.
 */
#pragma once

#include <glib.h>

#include "tw-game.h"

G_BEGIN_DECLS

/* "No node": the parent of the root, the child of a leaf. */
#define TW_HISTORY_NONE             G_MAXUINT
#define TW_HISTORY_ROOT             0u
#define TW_HISTORY_CACHE_INTERVAL   16u
#define TW_HISTORY_CACHE_BUDGET     (64u * 1024 * 1024)
#define TW_HISTORY_CACHE_MIN_STATES 8u

typedef struct _TwHistory TwHistory;

/* One node of the tree. Read-only for callers; the text belongs to the
 * history. For the root, move is all zero, text is "" and player is -1. */
typedef struct
{
  guint     parent;        /* TW_HISTORY_NONE for the root */
  guint     first_child;   /* TW_HISTORY_NONE for a leaf */
  guint     next_sibling;  /* TW_HISTORY_NONE for the last child */
  guint     last_visited;  /* child that redo follows, TW_HISTORY_NONE if none yet */
  guint     depth;         /* number of moves from the root */
  int       player;        /* seat that made the move */
  TwMove    move;
  char     *text;          /* the move in the game's notation */
  guint64   hash;          /* hash of the state after the move */
} TwHistoryNode;

/**
 * tw_history_new:
 * @game: the game (a reference is taken)
 * @seed: the seed of the initial state
 *
 * Creates a history whose root is the initial state of @game for @seed; the
 * root is the current node.
 *
 * Returns: (transfer full): a new history, free with tw_history_free()
 */
TwHistory            *tw_history_new           (TwGame             *game,
                                                guint64             seed);

/**
 * tw_history_free:
 * @history: (nullable): a history
 *
 * Frees the history, its nodes and cached states, and drops its game reference.
 */
void                  tw_history_free          (TwHistory          *history);

/**
 * tw_history_get_game:
 *
 * Returns: (transfer none): the game the history plays
 */
TwGame               *tw_history_get_game      (const TwHistory    *history);

/**
 * tw_history_get_seed:
 *
 * Returns: the seed the initial state was made from
 */
guint64               tw_history_get_seed      (const TwHistory    *history);

/**
 * tw_history_get_n_nodes:
 *
 * Returns: the number of nodes, root included; node ids are 0 .. n-1
 */
guint                 tw_history_get_n_nodes   (const TwHistory    *history);

/**
 * tw_history_get_node:
 * @node: a node id below tw_history_get_n_nodes()
 *
 * Returns: (transfer none): the node, valid until the next move is added
 *   (the array may move; the ids and texts do not change)
 */
const TwHistoryNode  *tw_history_get_node      (const TwHistory    *history,
                                                guint               node);

void                  tw_history_set_cache_budget (TwHistory      *history,
                                                   gsize           bytes);
guint                 tw_history_get_cache_size (const TwHistory  *history,
                                                 guint            *max);

/**
 * tw_history_get_current:
 *
 * Returns: the id of the current node
 */
guint                 tw_history_get_current   (const TwHistory    *history);

/**
 * tw_history_get_state:
 *
 * Returns: (transfer none): the state at the current node; it changes with
 *   every play, undo, redo or goto. Copy it to keep it.
 */
const TwState        *tw_history_get_state     (const TwHistory    *history);

/**
 * tw_history_dup_state_at:
 * @node: a node id
 *
 * Computes the state at @node (replaying from the nearest cached ancestor)
 * without changing the current node.
 *
 * Returns: (transfer full): a new state, free with tw_state_free()
 */
TwState              *tw_history_dup_state_at  (TwHistory          *history,
                                                guint               node);

/**
 * tw_history_play:
 * @move: a move for the seat to act at the current node
 * @why: (nullable): receives the rules' reason when the move is illegal
 *
 * Plays @move at the current node. If the current node already has a child
 * with this move, that child becomes current; otherwise a new child is added
 * after the existing ones (a new variation when there are some).
 *
 * Returns: TRUE if the move was legal; on FALSE nothing changed
 */
gboolean              tw_history_play          (TwHistory          *history,
                                                const TwMove       *move,
                                                GString            *why);

/**
 * tw_history_play_text:
 * @text: a move in the game's notation
 * @error: TW_GAME_ERROR_NOTATION when @text cannot be read,
 *   TW_GAME_ERROR_ILLEGAL_MOVE when the move is illegal, with the rules' reason
 *
 * Reads @text against the current state and plays it like tw_history_play().
 *
 * Returns: TRUE if the move was read and played
 */
gboolean              tw_history_play_text     (TwHistory          *history,
                                                const char         *text,
                                                GError            **error);

/**
 * tw_history_can_undo:
 *
 * Returns: TRUE unless the current node is the root
 */
gboolean              tw_history_can_undo      (const TwHistory    *history);

/**
 * tw_history_can_redo:
 *
 * Returns: TRUE if the current node has a child
 */
gboolean              tw_history_can_redo      (const TwHistory    *history);

/**
 * tw_history_undo:
 *
 * Goes to the parent of the current node, remembering the child for redo.
 *
 * Returns: FALSE (and does nothing) at the root
 */
gboolean              tw_history_undo          (TwHistory          *history);

/**
 * tw_history_redo:
 *
 * Goes to the child last visited from the current node, else to its first child.
 *
 * Returns: FALSE (and does nothing) at a leaf
 */
gboolean              tw_history_redo          (TwHistory          *history);

/**
 * tw_history_goto:
 * @node: a node id
 *
 * Makes @node current. Every node on its path records the step taken so that
 * a later redo from an ancestor follows this line.
 *
 * Returns: FALSE (and does nothing) if @node does not exist
 */
gboolean              tw_history_goto          (TwHistory          *history,
                                                guint               node);

/**
 * tw_history_get_path:
 * @node: a node id
 *
 * Returns: (transfer full): the node ids from the root's child down to @node
 *   (root excluded, so the array has depth(@node) elements and element i is
 *   the node after move i + 1), a GArray of guint
 */
GArray               *tw_history_get_path      (const TwHistory    *history,
                                                guint               node);

/**
 * tw_history_get_main_line:
 *
 * Returns: (transfer full): the node ids reached from the root by following
 *   first children, root excluded, a GArray of guint
 */
GArray               *tw_history_get_main_line (const TwHistory    *history);

/**
 * tw_history_get_n_children:
 * @node: a node id
 *
 * Returns: how many moves have been played from @node
 */
guint                 tw_history_get_n_children (const TwHistory   *history,
                                                guint               node);

/**
 * tw_history_get_child:
 * @node: a node id
 * @index: 0 for the main line, then the variations in the order they were added
 *
 * Returns: the id of the child, or TW_HISTORY_NONE if there is no such child
 */
guint                 tw_history_get_child     (const TwHistory    *history,
                                                guint               node,
                                                guint               index);

/**
 * tw_history_find_child:
 * @node: a node id
 * @move: a move
 *
 * Returns: the child of @node made by @move, or TW_HISTORY_NONE
 */
guint                 tw_history_find_child    (const TwHistory    *history,
                                                guint               node,
                                                const TwMove       *move);

/**
 * tw_history_promote:
 * @node: a node id
 *
 * Makes the line through @node the main line: every node on its path becomes
 * the first child of its parent; the order of the other siblings is kept.
 * Node ids do not change.
 */
void                  tw_history_promote       (TwHistory          *history,
                                                guint               node);

/**
 * tw_history_get_main_line_end:
 *
 * Returns: the last node of the main line (the root if no move was played)
 */
guint                 tw_history_get_main_line_end (const TwHistory *history);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwHistory, tw_history_free)

G_END_DECLS
