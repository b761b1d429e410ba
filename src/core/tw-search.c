/* tw-search.c: Monte Carlo tree search over the rules-module interface
 *
 * The search behind the `mcts` bot and the "Strong" preset. It knows no game:
 * everything it learns about one comes from the TwRules table.
 *
 *  - Hidden information: every simulation starts from a copy of the real
 *    state whose hidden parts the module's observe() resampled for the seat
 *    that searches, so the bot never sees a deck order or a hand it could
 *    not ("determinization"). One tree is shared by every sample: a child
 *    whose move is not legal in the current sample is skipped, moves legal
 *    only in it are added to the node, and a child's exploration counts the
 *    simulations in which it was available (single-observer information set
 *    MCTS, Cowling, Powley and Whitehouse 2012).
 *  - Playouts run to the end of the game, each move picked by the module's
 *    playout policy (TwRules.playout_pick, uniform when it has none); the
 *    reward is 1 for a win, split between seats tied for first.
 *  - Priors: when a node is expanded every move is applied once and judged by
 *    the module's heuristic from the mover's view; the moves' values, scaled
 *    from the siblings' worst (0) to their best (1) and raised to the power
 *    `sharp`, give `prior` virtual simulations won at 0.05 + 0.9 times that
 *    rate. A module with its own move weights
 *    (TwRules.move_priors) gives them without applying the moves; a move's
 *    rate is then sqrt (weight / best weight). With hundreds of moves (Blokus) this is
 *    what keeps the search on the few that matter ("progressive bias").
 *    A leaf is expanded once it has had 1 + moves/64 simulations, so wide
 *    nodes are paid for by the simulations they get.
 *  - RAVE (all moves as first, Gelly and Silver 2007): a child's value is
 *    blended with the rate at which its move won when the same seat played
 *    it anywhere later in a simulation, with weight rn / (rn + n + rn n / k),
 *    k = `rave`; 0 turns it off.
 *  - Selection: the blended value plus c * sqrt (ln avail / n).
 *  - Budget: `ms` of this thread's CPU time per move (so a busy machine does
 *    not weaken it), `seconds` of wall-clock time, `iterations` simulations;
 *    the first reached ends the search. Without any, 1000 simulations.
 *  - Tree reuse: the bot keeps its tree; at the next move the node whose
 *    position is the new one (found by replaying tree moves on the last real
 *    position, a few plies deep) becomes the root with its statistics.
 *  - Threads: `threads` independent trees searched at once, their root visits
 *    summed ("root parallelization"); with an iteration budget the result is
 *    still a function of the seed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "tw-bot.h"
#include "tw-clock.h"

enum
{
  OPT_MS,
  OPT_ITERATIONS,
  OPT_SECONDS,
  OPT_THREADS,
  OPT_C,
  OPT_RAVE,
  OPT_PRIOR,
  OPT_RANK,
  OPT_SCORE,
  OPT_MOVE_PRIORS,
  OPT_SHARP,
  N_OPTS,
};

static const TwBotOptionSpec mcts_options[] = {
  [OPT_MS] = { "ms", N_("Time per move (ms of CPU)"),
               N_("CPU time each search thread spends on a move; 0 for no limit"),
               0, 3600000, 0, TRUE },
  [OPT_ITERATIONS] = { "iterations", N_("Simulations per move"),
                       N_("Simulated games per move, all threads together; "
                          "unset: 1000 when no time is set, else no limit"),
                       1, 100000000, 0, TRUE },
  [OPT_SECONDS] = { "seconds", N_("Wall-clock limit (s)"),
                    N_("Wall-clock time per move; 0 for no limit"),
                    0, 3600, 0, FALSE },
  [OPT_THREADS] = { "threads", N_("Threads"),
                    N_("Independent search trees run at once"),
                    1, 64, 1, TRUE },
  [OPT_C] = { "c", N_("Exploration"),
              N_("Weight of the exploration term"),
              0, 100, 0.2, FALSE },
  [OPT_RAVE] = { "rave", N_("RAVE equivalence"),
                 N_("Simulations at which a move's own value and its all-moves-as-first "
                    "value weigh the same; 0 turns RAVE off, -1 takes the game's choice"),
                 -1, 1000000, -1, FALSE },
  [OPT_PRIOR] = { "prior", N_("Prior weight"),
                  N_("Virtual simulations given to the evaluation of each move "
                     "when a node is expanded; 0 turns priors off"),
                  0, 10000, 10, FALSE },
  [OPT_RANK] = { "rank", N_("Place weight"),
                 N_("With 3 or more seats, the share of a simulation's reward that counts "
                    "the seats beaten rather than only a win"),
                 0, 1, 0, FALSE },
  [OPT_SCORE] = { "score", N_("Margin weight"),
                  N_("The share of a simulation's reward that grows with the seat's score "
                     "margin, so a seat that cannot win still plays for points"),
                  0, 1, 0.1, FALSE },
  [OPT_MOVE_PRIORS] = { "mprior", N_("Game's move priors"),
                        N_("1: priors from the game's own move weights where it has them; "
                           "0: every move applied and judged by the heuristic"),
                        0, 1, 1, FALSE },
  [OPT_SHARP] = { "sharp", N_("Prior sharpness"),
                  N_("The power of a move's prior rate (0 to 1) that its virtual simulations "
                     "win: above 1 the search spends more of its time on the moves the "
                     "evaluation likes best; -1 takes the game's choice"),
                  -1, 8, -1, FALSE },
};

G_STATIC_ASSERT (G_N_ELEMENTS (mcts_options) == N_OPTS);
G_STATIC_ASSERT (N_OPTS <= TW_BOT_MAX_OPTIONS);

#define NO_NODE        G_MAXUINT32
/* ~44 bytes a node: about 92 MB per tree before expansion stops */
#define MAX_NODES      (1u << 21)
#define MAX_PLAYOUT    100000
/* plies below the last root searched for the new position */
#define REUSE_DEPTH    (2 * TW_MAX_PLAYERS)

typedef struct
{
  TwMove  move;
  guint32 first_child;   /* NO_NODE until expanded */
  guint32 n_children;    /* a block [first_child, first_child + n_children) */
  float   n;             /* simulations, with the prior's virtual ones */
  float   w;             /* reward summed, for `player` */
  float   rn;            /* AMAF simulations */
  float   rw;            /* AMAF reward */
  guint32 visits;        /* real simulations through this node */
  guint32 avail;         /* simulations in which the move was legal */
  gint8   player;        /* the seat that makes `move` */
} Node;

typedef struct
{
  guint64 key;
  guint32 stamp;
  guint32 index;
} Slot;

/* One tree and the scratch memory of one thread. */
typedef struct
{
  GArray     *nodes;
  guint32     root;
  TwState    *root_state;   /* the real position at the root, for reuse */
  TwState    *sim;
  TwState    *tmp;
  TwMoveList  moves;
  TwMoveList  more;         /* legal moves missing from a node's children */
  guint32    *path;
  guint       path_cap;
  guint64    *seq;          /* AMAF: (player, move) keys of one simulation */
  guint       seq_cap;
  Slot       *slots;        /* AMAF key set, open addressing */
  guint       n_slots;
  guint32     stamp;
  double     *prior;
  guint       prior_cap;
  GByteArray *seen;         /* match_children(): legal moves that have a child */
  TwState    *reuse[REUSE_DEPTH];   /* find_position(): one position per ply, made on demand */
  TwRng       rng;
  guint64     simulations;
  double      margin_scale;   /* running mean of |score margin| */
} Tree;

typedef struct
{
  TwGame       *game;       /* a reference: no other game can take its address */
  guint         n_trees;
  Tree         *trees;
  guint64       simulations;
  guint64       nodes;
} Memory;

typedef struct
{
  const TwBotSpec *spec;
  const TwGame    *game;
  const TwState   *state;
  const gint      *cancel;
  Tree            *tree;
  guint64          iterations;
  gint64           wall_deadline;   /* monotonic µs, 0 for none */
  gint64           cpu_budget;      /* ns of thread CPU time, 0 for none */
  gint64           cpu_start;       /* thread CPU time at the start, 0: when the thread starts */
  double           rave;            /* the RAVE equivalence in force, 0 for none */
  double           sharp;           /* the power of the prior rates in force */
} Job;

static inline Node *
node_at (Tree *t, guint32 i)
{
  return &g_array_index (t->nodes, Node, i);
}

static inline guint64
move_key (int player, const TwMove *m)
{
  guint64 h = 0xcbf29ce484222325ull ^ (guint64) (player + 1);
  const guint8 *b = (const guint8 *) m;

  for (guint i = 0; i < sizeof *m; i++)
    h = (h ^ b[i]) * 0x100000001b3ull;
  return h | 1;   /* never 0 */
}

/* The AMAF set: cleared by bumping the stamp. */
static void
set_reset (Tree *t, guint min_entries)
{
  guint want = 64;

  while (want < 2 * min_entries)
    want *= 2;
  if (want > t->n_slots)
    {
      g_free (t->slots);
      t->slots = g_new0 (Slot, want);
      t->n_slots = want;
      t->stamp = 0;
    }
  if (++t->stamp == 0)
    {
      memset (t->slots, 0, t->n_slots * sizeof (Slot));
      t->stamp = 1;
    }
}

static inline Slot *
set_find (Tree *t, guint64 key)
{
  guint mask = t->n_slots - 1;

  for (guint i = (guint) (key >> 20) & mask;; i = (i + 1) & mask)
    {
      Slot *s = &t->slots[i];

      if (s->stamp != t->stamp || s->key == key)
        return s;
    }
}

static inline void
set_add (Tree *t, guint64 key, guint32 index)
{
  Slot *s = set_find (t, key);

  if (s->stamp != t->stamp)
    {
      s->stamp = t->stamp;
      s->key = key;
      s->index = index;
    }
}

static inline gboolean
set_has (Tree *t, guint64 key)
{
  return set_find (t, key)->stamp == t->stamp;
}

static void
tree_init (Tree *t, const TwGame *game, guint64 seed)
{
  memset (t, 0, sizeof *t);
  t->nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  t->root = NO_NODE;
  t->root_state = g_malloc (game->state_size);
  t->sim = g_malloc (game->state_size);
  t->tmp = g_malloc (game->state_size);
  tw_move_list_init (&t->moves);
  tw_move_list_init (&t->more);
  t->path_cap = 64;
  t->path = g_new (guint32, t->path_cap);
  t->seq_cap = 256;
  t->seq = g_new (guint64, t->seq_cap);
  t->seen = g_byte_array_new ();
  tw_rng_seed (&t->rng, seed);
  t->margin_scale = 1;
}

static void
tree_clear (Tree *t)
{
  g_array_unref (t->nodes);
  g_free (t->root_state);
  g_free (t->sim);
  g_free (t->tmp);
  tw_move_list_free (&t->moves);
  tw_move_list_free (&t->more);
  g_free (t->path);
  g_free (t->seq);
  g_free (t->slots);
  g_free (t->prior);
  g_byte_array_unref (t->seen);
  for (guint i = 0; i < REUSE_DEPTH; i++)
    g_free (t->reuse[i]);
}

static void
memory_free (gpointer data)
{
  Memory *m = data;

  for (guint i = 0; i < m->n_trees; i++)
    tree_clear (&m->trees[i]);
  g_free (m->trees);
  tw_game_unref (m->game);
  g_free (m);
}

static guint32
new_root (Tree *t)
{
  Node root = { .first_child = NO_NODE, .player = -1 };

  g_array_set_size (t->nodes, 0);
  g_array_append_val (t->nodes, root);
  return 0;
}

/* Copies the subtree under @from into a fresh array, @from first. */
static void
keep_subtree (Tree *t, guint32 from)
{
  GArray *old = t->nodes;
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (Node));
  guint head = 0;

  g_array_append_val (kept, g_array_index (old, Node, from));
  while (head < kept->len)
    {
      Node *n = &g_array_index (kept, Node, head);
      guint32 first = n->first_child, count = n->n_children;

      if (first != NO_NODE)
        {
          g_array_index (kept, Node, head).first_child = kept->len;
          g_array_append_vals (kept, &g_array_index (old, Node, first), count);
        }
      head++;
    }
  g_array_unref (old);
  t->nodes = kept;
  t->root = 0;
}

/* Depth-first search of the old tree for the node whose real position is
 * @state: moves are replayed on real positions (chance inside apply() comes
 * from the real state), so a match is exact. */
static guint32
find_position (Tree *t, const TwGame *game, const TwState *from, guint32 node,
               const TwState *state, guint depth)
{
  const Node *n = node_at (t, node);

  if (memcmp (from, state, game->state_size) == 0)
    return node;
  if (depth == REUSE_DEPTH || n->first_child == NO_NODE)
    return NO_NODE;
  for (guint32 i = 0; i < n->n_children; i++)
    {
      guint32 c = n->first_child + i;
      TwState *next;

      if (node_at (t, c)->visits == 0)
        continue;
      if (t->reuse[depth] == NULL)
        t->reuse[depth] = g_malloc (game->state_size);
      next = t->reuse[depth];
      tw_state_copy_into (game, next, from);
      if (!game->rules->apply (game, next, &node_at (t, c)->move, NULL))
        continue;
      guint32 found = find_position (t, game, next, c, state, depth + 1);
      if (found != NO_NODE)
        return found;
    }
  return NO_NODE;
}

static void
tree_set_root (Tree *t, const TwGame *game, const TwState *state)
{
  if (t->root != NO_NODE && t->nodes->len > 1)
    {
      guint32 found = find_position (t, game, t->root_state, t->root, state, 0);

      if (found != NO_NODE)
        {
          keep_subtree (t, found);
          node_at (t, 0)->player = -1;
          tw_state_copy_into (game, t->root_state, state);
          return;
        }
    }
  /* a fresh tree learns everything afresh, so that a bot's move never
   * depends on an earlier game it played */
  t->root = new_root (t);
  t->margin_scale = 1;
  tw_state_copy_into (game, t->root_state, state);
}

/* Turns @node into a parent of one child per move in @moves, each with its
 * prior. Returns FALSE when the node budget is spent. */
static gboolean
expand (Tree *t, const Job *job, guint32 node, int player, const TwMoveList *moves)
{
  const TwGame *game = job->game;
  const TwRules *rules = game->rules;
  double weight = job->spec->value[OPT_PRIOR], sharp = job->sharp;
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  guint32 first;

  if (t->nodes->len + moves->len > MAX_NODES)
    return FALSE;
  if (t->prior_cap < moves->len)
    {
      t->prior_cap = MAX (moves->len, 2 * t->prior_cap);
      t->prior = g_renew (double, t->prior, t->prior_cap);
    }
  if (weight > 0 && rules->move_priors != NULL && job->spec->value[OPT_MOVE_PRIORS] > 0
      && rules->move_priors (game, t->sim, moves, t->prior))
    {
      /* the module's weights, as a value sqrt (w / max w): the best move
       * starts at 0.95, one a quarter as likely at half of that */
      for (guint i = 0; i < moves->len; i++)
        hi = MAX (hi, t->prior[i]);
      for (guint i = 0; i < moves->len; i++)
        t->prior[i] = hi > 0 ? sqrt (MAX (t->prior[i], 0) / hi) : 1;
      lo = 0;
      hi = 1;
    }
  else if (weight > 0)
    for (guint i = 0; i < moves->len; i++)
      {
        tw_state_copy_into (game, t->tmp, t->sim);
        t->prior[i] = rules->apply (game, t->tmp, &moves->moves[i], NULL)
                      ? rules->heuristic (game, t->tmp, (guint) player) : -G_MAXDOUBLE;
        if (t->prior[i] > -G_MAXDOUBLE)
          {
            lo = MIN (lo, t->prior[i]);
            hi = MAX (hi, t->prior[i]);
          }
      }

  first = t->nodes->len;
  g_array_set_size (t->nodes, first + moves->len);
  for (guint i = 0; i < moves->len; i++)
    {
      Node *c = node_at (t, first + i);

      memset (c, 0, sizeof *c);
      c->move = moves->moves[i];
      c->first_child = NO_NODE;
      c->player = (gint8) player;
      if (weight > 0)
        {
          double r = hi > lo ? (MAX (t->prior[i], lo) - lo) / (hi - lo) : 0.5;

          if (sharp != 1)
            r = pow (r, sharp);

          c->n = (float) weight;
          c->w = (float) (weight * (0.05 + 0.9 * r));
        }
    }
  /* node_at() again: the array may have moved */
  node_at (t, node)->first_child = first;
  node_at (t, node)->n_children = moves->len;
  return TRUE;
}

/* Adds children for the moves in t->more (legal in this sample only) by
 * moving the node's block to the end of the array, grown. */
static void
add_children (Tree *t, guint32 node, int player)
{
  Node *n = node_at (t, node);
  guint32 old_first = n->first_child, old_count = n->n_children;
  guint32 first = t->nodes->len;

  if (t->nodes->len + old_count + t->more.len > MAX_NODES)
    return;
  g_array_set_size (t->nodes, first + old_count + t->more.len);
  memmove (node_at (t, first), node_at (t, old_first), old_count * sizeof (Node));
  for (guint i = 0; i < t->more.len; i++)
    {
      Node *c = node_at (t, first + old_count + i);

      memset (c, 0, sizeof *c);
      c->move = t->more.moves[i];
      c->first_child = NO_NODE;
      c->player = (gint8) player;
    }
  node_at (t, node)->first_child = first;
  node_at (t, node)->n_children = old_count + t->more.len;
}

static inline double
child_value (const Job *job, const Node *c, double log_avail)
{
  double k = job->rave;
  double v;

  if (c->n <= 0)
    return G_MAXDOUBLE / 2;
  v = c->w / c->n;
  if (k > 0 && c->rn > 0)
    {
      double beta = c->rn / (c->rn + c->n + c->rn * c->n / k);

      v = (1 - beta) * v + beta * c->rw / c->rn;
    }
  return v + job->spec->value[OPT_C] * sqrt (log_avail / c->n);
}

/* Marks which children of @node are legal in the sample (t->moves), collects
 * the legal moves without a child in t->more. Returns TRUE when the children
 * are exactly the legal moves in order (the usual case), then no marks. */
static gboolean
match_children (Tree *t, guint32 node, guint8 *legal)
{
  const Node *n = node_at (t, node);

  if (n->n_children == t->moves.len)
    {
      guint i;

      for (i = 0; i < t->moves.len; i++)
        if (!tw_move_equal (&node_at (t, n->first_child + i)->move, &t->moves.moves[i]))
          break;
      if (i == t->moves.len)
        return TRUE;
    }
  set_reset (t, t->moves.len);
  for (guint i = 0; i < t->moves.len; i++)
    set_add (t, move_key (0, &t->moves.moves[i]), i);
  tw_move_list_clear (&t->more);
  g_byte_array_set_size (t->seen, t->moves.len);
  memset (t->seen->data, 0, t->moves.len);
  {
    guint8 *seen = t->seen->data;

    for (guint32 i = 0; i < n->n_children; i++)
      {
        Slot *s = set_find (t, move_key (0, &node_at (t, n->first_child + i)->move));

        legal[i] = s->stamp == t->stamp
                   && tw_move_equal (&t->moves.moves[s->index], &node_at (t, n->first_child + i)->move);
        if (legal[i])
          seen[s->index] = 1;
      }
    for (guint i = 0; i < t->moves.len; i++)
      if (!seen[i])
        *tw_move_list_push (&t->more) = t->moves.moves[i];
  }
  return FALSE;
}

static void
path_push (Tree *t, guint depth, guint32 node)
{
  if (depth == t->path_cap)
    t->path = g_renew (guint32, t->path, t->path_cap *= 2);
  t->path[depth] = node;
}

static void
seq_push (Tree *t, guint *len, guint64 key)
{
  if (*len == t->seq_cap)
    t->seq = g_renew (guint64, t->seq, t->seq_cap *= 2);
  t->seq[(*len)++] = key;
}

/* A finished simulation's reward per seat: 1 for first place, split between
 * seats tied for it. With @rank_weight > 0 that much of it is instead the
 * share of the other seats the seat finished ahead of (ties half), a denser
 * signal in games of many seats; with 2 seats both are the same. With
 * @score_weight > 0 that much is 0.5 + 0.5 tanh (margin / scale), the
 * seat's score against the others' mean, so a seat that cannot win still
 * plays for points and a won game is won by more (Pentobi mixes a tenth of
 * score into its results the same way). Whether more points are better is
 * read off the ranking; @scale is the tree's running mean of |margin|. */
static void
rewards_of (const TwGame *game, const TwState *state, double rank_weight,
            double score_weight, double *scale, double *reward)
{
  guint rank[TW_MAX_PLAYERS];
  double score[TW_MAX_PLAYERS];
  guint n_first = 0, n = game->n_players;
  int dir = 0;

  game->rules->ranking (game, state, rank);
  if (score_weight > 0)
    {
      game->rules->scores (game, state, score);
      for (guint a = 0; a < n && dir == 0; a++)
        for (guint b = 0; b < n && dir == 0; b++)
          if (rank[a] < rank[b] && score[a] != score[b])
            dir = score[a] > score[b] ? 1 : -1;
    }
  for (guint q = 0; q < n; q++)
    n_first += rank[q] == 0;
  for (guint q = 0; q < n; q++)
    {
      double beaten = 0, others = 0, v;

      for (guint r = 0; r < n; r++)
        if (r != q)
          {
            beaten += rank[q] < rank[r] ? 1 : rank[q] == rank[r] ? 0.5 : 0;
            others += score[r];
          }
      v = (1 - rank_weight) * (rank[q] == 0 ? 1.0 / n_first : 0.0)
          + rank_weight * (n > 1 ? beaten / (n - 1) : 1);
      if (score_weight > 0)
        {
          double margin = n > 1 ? dir * (score[q] - others / (n - 1)) : 0;

          *scale += 0.001 * (fabs (margin) - *scale);
          v = (1 - score_weight) * v
              + score_weight * (0.5 + 0.5 * tanh (margin / MAX (*scale, 1e-6)));
        }
      reward[q] = v;
    }
}

/* One simulation: descend, maybe expand, play out, back up. */
static void
simulate_once (Tree *t, const Job *job, int root_player, GByteArray *legal_buf)
{
  const TwGame *game = job->game;
  const TwRules *rules = game->rules;
  gboolean rave = job->rave > 0;
  double reward[TW_MAX_PLAYERS];
  guint32 cur = t->root;
  guint depth = 0, seq_len = 0, tree_moves;
  int player;

  tw_state_copy_into (game, t->sim, job->state);
  rules->observe (game, t->sim, (guint) root_player, &t->rng);

  /* selection and expansion */
  while ((player = rules->to_act (game, t->sim)) >= 0)
    {
      Node *n = node_at (t, cur);
      gboolean all_legal;
      guint32 best = NO_NODE;
      double best_v = -G_MAXDOUBLE;

      tw_move_list_clear (&t->moves);
      rules->legal_moves (game, t->sim, &t->moves);
      if (t->moves.len == 0)
        break;
      if (n->first_child == NO_NODE)
        {
          if ((cur != t->root && n->visits < 1 + t->moves.len / 64)
              || !expand (t, job, cur, player, &t->moves))
            break;
          n = node_at (t, cur);
        }

      g_byte_array_set_size (legal_buf, n->n_children);
      all_legal = match_children (t, cur, legal_buf->data);
      if (!all_legal && t->more.len > 0)
        {
          add_children (t, cur, player);
          n = node_at (t, cur);
          g_byte_array_set_size (legal_buf, n->n_children);
          memset (legal_buf->data + n->n_children - t->more.len, 1, t->more.len);
        }
      for (guint32 i = 0; i < n->n_children; i++)
        if (all_legal || legal_buf->data[i])
          node_at (t, n->first_child + i)->avail++;
      for (guint32 i = 0; i < n->n_children; i++)
        {
          const Node *c = node_at (t, n->first_child + i);
          double v;

          if (!all_legal && !legal_buf->data[i])
            continue;
          v = child_value (job, c, log ((double) c->avail));
          if (v > best_v)
            {
              best_v = v;
              best = n->first_child + i;
            }
        }
      if (best == NO_NODE || !rules->apply (game, t->sim, &node_at (t, best)->move, NULL))
        break;
      path_push (t, depth++, best);
      cur = best;
    }
  tree_moves = depth;

  /* playout */
  for (guint step = 0; step < MAX_PLAYOUT && (player = rules->to_act (game, t->sim)) >= 0; step++)
    {
      guint pick;

      tw_move_list_clear (&t->moves);
      rules->legal_moves (game, t->sim, &t->moves);
      if (G_UNLIKELY (t->moves.len == 0))
        break;
      pick = rules->playout_pick != NULL
             ? rules->playout_pick (game, t->sim, &t->moves, &t->rng)
             : tw_rng_below (&t->rng, t->moves.len);
      if (G_UNLIKELY (pick >= t->moves.len))
        pick = 0;
      if (rave)
        seq_push (t, &seq_len, move_key (player, &t->moves.moves[pick]));
      if (G_UNLIKELY (!rules->apply (game, t->sim, &t->moves.moves[pick], NULL)))
        break;
    }
  if (rules->to_act (game, t->sim) < 0)
    rewards_of (game, t->sim, job->spec->value[OPT_RANK], job->spec->value[OPT_SCORE],
                &t->margin_scale, reward);
  else
    for (guint q = 0; q < game->n_players; q++)
      reward[q] = 1.0 / game->n_players;
  t->simulations++;

  /* back-propagation */
  node_at (t, t->root)->visits++;
  for (guint i = 0; i < tree_moves; i++)
    {
      Node *n = node_at (t, t->path[i]);

      n->visits++;
      n->n += 1;
      n->w += (float) reward[n->player];
    }
  if (!rave)
    return;

  /* AMAF: the children of every node on the path whose move the same seat
   * played later in this simulation */
  set_reset (t, seq_len + tree_moves);
  for (guint i = 0; i < seq_len; i++)
    set_add (t, t->seq[i], 0);
  for (guint j = tree_moves + 1; j-- > 0;)
    {
      guint32 parent = j == 0 ? t->root : t->path[j - 1];
      const Node *p = node_at (t, parent);

      if (p->first_child != NO_NODE)
        for (guint32 i = 0; i < p->n_children; i++)
          {
            Node *c = node_at (t, p->first_child + i);

            if (set_has (t, move_key (c->player, &c->move)))
              {
                c->rn += 1;
                c->rw += (float) reward[c->player];
              }
          }
      if (j > 0)
        {
          const Node *m = node_at (t, t->path[j - 1]);

          set_add (t, move_key (m->player, &m->move), 0);
        }
    }
}

static gpointer
search_thread (gpointer data)
{
  Job *job = data;
  Tree *t = job->tree;
  int root_player = job->game->rules->to_act (job->game, job->state);
  gint64 cpu_start = job->cpu_start > 0 ? job->cpu_start : tw_thread_cpu_ns ();
  g_autoptr(GByteArray) legal = g_byte_array_new ();
  guint check_every = 1;

  t->simulations = 0;
  for (guint64 it = 0; it < job->iterations; it++)
    {
      if (job->cancel != NULL && g_atomic_int_get (job->cancel))
        break;
      if (it % check_every == 0 && it > 0)
        {
          if (job->wall_deadline && g_get_monotonic_time () > job->wall_deadline)
            break;
          if (job->cpu_budget > 0)
            {
              gint64 used = tw_thread_cpu_ns () - cpu_start;

              if (used >= job->cpu_budget)
                break;
              /* look at the clock about every 20 µs of work */
              check_every = (guint) CLAMP (20000 * it / MAX (used, 1), 1, 256);
            }
        }
      simulate_once (t, job, root_player, legal);
    }
  return NULL;
}

static gboolean
choose_mcts (TwBot           *bot,
             const TwBotSpec *spec,
             const TwGame    *game,
             const TwState   *state,
             TwRng           *rng,
             const gint      *cancel,
             TwMoveList      *scratch,
             TwMove          *out)
{
  const TwRules *rules = game->rules;
  guint n_threads = (guint) spec->value[OPT_THREADS];
  double ms = spec->value[OPT_MS], seconds = spec->value[OPT_SECONDS];
  guint64 iterations = (guint64) spec->value[OPT_ITERATIONS];
  Memory *mem = bot != NULL ? bot->memory : NULL;
  Memory local = { 0, };
  Job jobs[64];
  GThread *threads[64];
  gboolean found = FALSE;
  /* the tree reuse below is part of the move's time */
  gint64 cpu_start = tw_thread_cpu_ns ();

  /* a single legal move needs no search */
  tw_move_list_clear (scratch);
  rules->legal_moves (game, state, scratch);
  if (scratch->len == 0)
    return FALSE;
  if (scratch->len == 1)
    {
      *out = scratch->moves[0];
      return TRUE;
    }

  if (iterations == 0)
    iterations = ms > 0 || seconds > 0 ? G_MAXUINT64 : 1000;

  if (mem == NULL || mem->game != game || mem->n_trees != n_threads)
    {
      if (mem != NULL)
        memory_free (mem);
      mem = bot != NULL ? g_new0 (Memory, 1) : &local;
      mem->game = tw_game_ref ((TwGame *) game);
      mem->n_trees = n_threads;
      mem->trees = g_new (Tree, n_threads);
      for (guint i = 0; i < n_threads; i++)
        tree_init (&mem->trees[i], game, 0);
      if (bot != NULL)
        bot->memory = mem;
    }

  for (guint i = 0; i < n_threads; i++)
    {
      Tree *t = &mem->trees[i];

      tw_rng_seed (&t->rng, tw_rng_next (rng));
      tree_set_root (t, game, state);
      jobs[i] = (Job) {
        .spec = spec,
        .game = game,
        .state = state,
        .cancel = cancel,
        .tree = t,
        .iterations = iterations == G_MAXUINT64 ? iterations
                      : iterations / n_threads + (i < iterations % n_threads),
        .wall_deadline = seconds > 0 ? g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC) : 0,
        .cpu_budget = (gint64) (ms * 1e6),
        .cpu_start = i == 0 ? cpu_start : 0,
        .rave = spec->value[OPT_RAVE] >= 0 ? spec->value[OPT_RAVE] : rules->search_rave,
        .sharp = spec->value[OPT_SHARP] > 0 ? spec->value[OPT_SHARP]
                 : rules->search_sharp > 0 ? rules->search_sharp : 1,
      };
    }
  for (guint i = 1; i < n_threads; i++)
    threads[i] = g_thread_new ("tw-search", search_thread, &jobs[i]);
  search_thread (&jobs[0]);
  for (guint i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);

  /* the move most simulated over every tree that is legal in the real state */
  {
    g_autofree double *visits = g_new0 (double, scratch->len);
    g_autofree double *value = g_new0 (double, scratch->len);
    double best = -1, best_q = -1;

    mem->simulations = 0;
    mem->nodes = 0;
    for (guint k = 0; k < n_threads; k++)
      {
        Tree *t = &mem->trees[k];
        const Node *r = node_at (t, t->root);

        mem->simulations += t->simulations;
        mem->nodes += t->nodes->len;
        if (r->first_child == NO_NODE)
          continue;
        for (guint32 i = 0; i < r->n_children; i++)
          {
            const Node *c = node_at (t, r->first_child + i);
            guint j = i < scratch->len && tw_move_equal (&scratch->moves[i], &c->move) ? i : G_MAXUINT;

            for (guint m = 0; j == G_MAXUINT && m < scratch->len; m++)
              if (tw_move_equal (&scratch->moves[m], &c->move))
                j = m;
            if (j == G_MAXUINT)
              continue;
            visits[j] += c->visits;
            value[j] += c->w;
          }
      }
    for (guint j = 0; j < scratch->len; j++)
      {
        double q = visits[j] > 0 ? value[j] / (visits[j] + 1e-9) : 0;

        if (visits[j] > best || (visits[j] == best && q > best_q))
          {
            best = visits[j];
            best_q = q;
            *out = scratch->moves[j];
            found = TRUE;
          }
      }
  }

  /* nothing was searched (cancelled at once, or no memory for a root) */
  if (!found)
    *out = scratch->moves[tw_rng_below (rng, scratch->len)];

  if (mem == &local)
    {
      for (guint i = 0; i < local.n_trees; i++)
        tree_clear (&local.trees[i]);
      g_free (local.trees);
      tw_game_unref (local.game);
    }
  return TRUE;
}

const TwBotClass tw_bot_class_mcts = {
  .name = "mcts",
  .label = N_("Tree search"),
  .description = N_("Monte Carlo tree search: plays thousands of quick games from the "
                    "position and keeps the move that won most"),
  .options = mcts_options,
  .n_options = N_OPTS,
  .main_option = OPT_MS,
  .choose = choose_mcts,
  .free_memory = memory_free,
};

gboolean
tw_bot_last_search (const TwBot *bot,
                    guint64     *simulations,
                    guint64     *nodes)
{
  const Memory *m;

  if (bot->spec.klass != &tw_bot_class_mcts || bot->memory == NULL)
    return FALSE;
  m = bot->memory;
  if (simulations != NULL)
    *simulations = m->simulations;
  if (nodes != NULL)
    *nodes = m->nodes;
  return TRUE;
}
