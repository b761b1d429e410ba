/* tw-sim.c: batch simulation of bot games: seeds, arms and the runner
 *
 * The statistics are in tw-sim-stats.c, the results as JSON in
 * tw-sim-json.c, as CSV in tw-sim-csv.c, and the Lab's run files in
 * tw-lab-file.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim-private.h"
#include "tw-clock.h"

#include <string.h>
#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (tw-sim-error-quark, tw_sim_error)

/* A game that does not end after this many decisions is a rules bug. */
#define MAX_MOVES 100000

/* ------------------------------------------------------------------------ */
/* Seeds                                                                    */

/**
 * tw_sim_game_seed:
 * @seed: the run's seed
 * @index: the game's index, 0-based
 *
 * Returns: the seed of game @index, a function of (@seed, @index) only.
 */
guint64
tw_sim_game_seed (guint64 seed,
                  guint64 index)
{
  guint64 x = seed ^ (index * G_GUINT64_CONSTANT (0xd1b54a32d192ed03));
  guint64 y = tw_splitmix64 (&x);

  /* Two rounds so that neighbouring seeds and indexes do not line up. */
  x = y ^ G_GUINT64_CONSTANT (0x5851f42d4c957f2d);
  return tw_splitmix64 (&x);
}

/**
 * tw_sim_seat_seed:
 * @game_seed: the seed the game's state was created with
 * @seat: 0-based
 *
 * Returns: the seed of the generator @seat's bot draws from; `play --seed S`
 * uses the same, so a simulated game is replayed by `play` with its seed.
 */
guint64
tw_sim_seat_seed (guint64 game_seed,
                  guint   seat)
{
  guint64 x = game_seed ^ ((seat + G_GUINT64_CONSTANT (1)) * G_GUINT64_CONSTANT (0xa0761d6478bd642f));

  x = tw_splitmix64 (&x) ^ G_GUINT64_CONSTANT (0xe7037ed1a0b428db);
  return tw_splitmix64 (&x);
}

/* ------------------------------------------------------------------------ */
/* Arms                                                                     */

/**
 * tw_sim_arm_new:
 * @game: the configuration's game (definition, players, options)
 * @path: (nullable): the definition file, informative
 * @bots: one spec per seat
 * @seed: the run's seed
 * @total_games: N, the number of games of the full run
 *
 * Returns: (transfer full): an arm with no games yet.
 */
TwSimArm *
tw_sim_arm_new (const TwGame    *game,
                const char      *path,
                const TwBotSpec *bots,
                guint64          seed,
                guint64          total_games)
{
  const TwRules *rules = game->rules;
  TwSimArm *arm = g_new0 (TwSimArm, 1);
  guint n_counters = 0;

  arm->rules_id = g_strdup (rules->id);
  arm->definition = g_strdup (game->definition->name);
  if (game->definition->text != NULL)
    arm->definition_sha256 = g_compute_checksum_for_string (G_CHECKSUM_SHA256,
                                                            game->definition->text, -1);
  arm->path = g_strdup (path);
  arm->n_players = game->n_players;
  arm->bots = g_new0 (char *, game->n_players + 1);
  for (guint p = 0; p < game->n_players; p++)
    arm->bots[p] = tw_bot_spec_to_string (&bots[p]);
  arm->options = g_new0 (char *, rules->n_options + 1);
  for (guint i = 0; i < rules->n_options; i++)
    {
      g_autofree char *value = tw_option_value_to_string (&rules->options[i],
                                                          game->options.values[i]);
      arm->options[i] = g_strdup_printf ("%s=%s", rules->options[i].name, value);
    }
  arm->seed = seed;
  arm->total_games = total_games;
  while (rules->counter_names != NULL && rules->counter_names[n_counters] != NULL
         && n_counters < TW_SIM_MAX_COUNTERS)
    n_counters++;
  arm->n_counters = n_counters;
  arm->counter_names = g_new0 (char *, n_counters + 1);
  for (guint i = 0; i < n_counters; i++)
    arm->counter_names[i] = g_strdup (rules->counter_names[i]);
  arm->end_reasons = g_strdupv ((char **) (rules->end_reason != NULL ? rules->end_reasons : NULL));
  if (arm->end_reasons == NULL)
    arm->end_reasons = g_new0 (char *, 1);
  arm->has_play = TRUE;
  arm->games = g_array_new (FALSE, TRUE, sizeof (TwSimGame));
  return arm;
}

void
tw_sim_arm_free (TwSimArm *arm)
{
  if (arm == NULL)
    return;
  g_free (arm->label);
  g_free (arm->change);
  g_free (arm->rules_id);
  g_free (arm->definition);
  g_free (arm->definition_sha256);
  g_free (arm->path);
  g_strfreev (arm->bots);
  g_strfreev (arm->options);
  g_strfreev (arm->counter_names);
  g_strfreev (arm->end_reasons);
  g_clear_pointer (&arm->games, g_array_unref);
  g_clear_pointer (&arm->acc, tw_sim_acc_free);
  g_strfreev (arm->component_ids);
  g_free (arm->impact);
  g_free (arm);
}

/**
 * tw_sim_arm_copy:
 * @arm: an arm
 *
 * Returns: (transfer full): a deep copy of @arm.
 */
TwSimArm *
tw_sim_arm_copy (const TwSimArm *arm)
{
  TwSimArm *copy;

  g_return_val_if_fail (arm != NULL, NULL);

  copy = g_new0 (TwSimArm, 1);
  copy->label = g_strdup (arm->label);
  copy->change = g_strdup (arm->change);
  copy->rules_id = g_strdup (arm->rules_id);
  copy->definition = g_strdup (arm->definition);
  copy->definition_sha256 = g_strdup (arm->definition_sha256);
  copy->path = g_strdup (arm->path);
  copy->n_players = arm->n_players;
  copy->bots = g_strdupv (arm->bots);
  copy->options = g_strdupv (arm->options);
  copy->seed = arm->seed;
  copy->total_games = arm->total_games;
  copy->n_counters = arm->n_counters;
  copy->counter_names = g_strdupv (arm->counter_names);
  copy->end_reasons = g_strdupv (arm->end_reasons);
  copy->has_play = arm->has_play;
  copy->interrupted = arm->interrupted;
  if (arm->games != NULL)
    {
      copy->games = g_array_sized_new (FALSE, TRUE, sizeof (TwSimGame), arm->games->len);
      g_array_append_vals (copy->games, arm->games->data, arm->games->len);
    }
  if (arm->acc != NULL)
    copy->acc = tw_sim_acc_copy (arm->acc);
  copy->n_components = arm->n_components;
  copy->component_ids = g_strdupv (arm->component_ids);
  copy->impact = arm->impact != NULL
                 ? g_memdup2 (arm->impact, arm->n_components * sizeof (TwSimImpact)) : NULL;
  return copy;
}

guint64
tw_sim_arm_n_games (const TwSimArm *arm)
{
  g_return_val_if_fail (arm != NULL, 0);

  if (arm->games != NULL)
    return arm->games->len;
  return arm->acc != NULL ? arm->acc->n : 0;
}

gboolean
tw_sim_strv_equal (char **a,
            char **b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal ((const char * const *) a, (const char * const *) b);
}

int
tw_sim_compare_game_index (gconstpointer a,
                    gconstpointer b)
{
  const TwSimGame *x = a, *y = b;
  return (x->index > y->index) - (x->index < y->index);
}

/* Adds the @n per-component sums of @add to @to. */
static void
impact_add (TwSimImpact       *to,
            const TwSimImpact *add,
            guint              n)
{
  for (guint c = 0; c < n; c++)
    {
      to[c].games += add[c].games;
      to[c].uses += add[c].uses;
      to[c].users += add[c].users;
      to[c].win_users += add[c].win_users;
      to[c].win2_users += add[c].win2_users;
      to[c].win_all += add[c].win_all;
      to[c].win2_all += add[c].win2_all;
    }
}

/* Keeps the first @n metrics of @acc (and of its paired sums). */
static void
acc_keep_metrics (TwSimAcc *acc,
                  guint     n)
{
  while (acc->n_metrics > n)
    tw_sim_hist_clear (&acc->hist[--acc->n_metrics]);
  acc->n_pair_metrics = MIN (acc->n_pair_metrics, n);
}

/* What merging @other into @arm does to the figures beside the games. */
static void
merge_figures (TwSimArm       *arm,
               const TwSimArm *other)
{
  /* results written before games carried how they went have no such figures */
  arm->has_play = arm->has_play && other->has_play;
  /* per-component figures add up when both have them for the same components */
  if (arm->impact != NULL && other->impact != NULL
      && tw_sim_strv_equal (arm->component_ids, other->component_ids))
    impact_add (arm->impact, other->impact, arm->n_components);
  else
    tw_sim_arm_drop_impact (arm);
}

/**
 * tw_sim_arm_merge:
 * @arm: results to add to
 * @other: results of the same configuration on other game indexes
 * @error: a TW_SIM_ERROR_MISMATCH naming what differs, or the duplicate game
 *
 * Returns: %TRUE when @other's games were added; @arm is unchanged otherwise.
 */
gboolean
tw_sim_arm_merge (TwSimArm        *arm,
                  const TwSimArm  *other,
                  GError         **error)
{
  const char *what = NULL;
  const TwSimGame *b;
  TwSimGame *a;
  guint n, m;

  g_return_val_if_fail (arm != NULL && other != NULL, FALSE);

  if (g_strcmp0 (arm->label, other->label) != 0 || g_strcmp0 (arm->change, other->change) != 0)
    what = _("the compared configurations");
  else if (g_strcmp0 (arm->rules_id, other->rules_id) != 0)
    what = _("the rules");
  else if (g_strcmp0 (arm->definition, other->definition) != 0
           || g_strcmp0 (arm->definition_sha256, other->definition_sha256) != 0)
    what = _("the definition (its text's SHA-256)");
  else if (arm->n_players != other->n_players)
    what = _("the number of players");
  else if (!tw_sim_strv_equal (arm->bots, other->bots))
    what = _("the bots");
  else if (!tw_sim_strv_equal (arm->options, other->options))
    what = _("the options");
  else if (arm->seed != other->seed)
    what = _("the seed");
  else if (arm->total_games != other->total_games)
    what = _("the total number of games");
  else if (!tw_sim_strv_equal (arm->counter_names, other->counter_names))
    what = _("the counters");
  else if (!tw_sim_strv_equal (arm->end_reasons, other->end_reasons))
    what = _("the ways the game can end");
  if (what != NULL)
    {
      g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                   _("the results differ in %s and cannot be merged"), what);
      return FALSE;
    }

  /* A run that streamed has no games to merge: merge the sums, those of
   * games held made first (results of an older version) */
  if (arm->games == NULL || other->games == NULL)
    {
      TwSimAcc *mine = arm->games != NULL ? tw_sim_acc_from_games (arm)
                                          : tw_sim_acc_copy (arm->acc);
      TwSimAcc *theirs = other->games != NULL ? tw_sim_acc_from_games (other)
                                              : tw_sim_acc_copy (other->acc);
      guint64 overlap = 0;
      gboolean ok;

      /* results without how the games went lack those metrics, the last ones */
      acc_keep_metrics (mine, MIN (mine->n_metrics, theirs->n_metrics));
      acc_keep_metrics (theirs, mine->n_metrics);
      ok = tw_sim_acc_merge (mine, theirs, &overlap);
      tw_sim_acc_free (theirs);
      if (!ok)
        {
          tw_sim_acc_free (mine);
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("game %llu is in two of the results (overlapping shards?)"),
                       (unsigned long long) overlap);
          return FALSE;
        }
      merge_figures (arm, other);
      g_clear_pointer (&arm->games, g_array_unref);
      g_clear_pointer (&arm->acc, tw_sim_acc_free);
      arm->acc = mine;
      return TRUE;
    }

  /* Both are sorted by index: find a game in both by walking them side by
   * side, then merge @other in place from the end, so that merging shards
   * takes no memory but the games' own (merge holds every game). */
  n = arm->games->len;
  m = other->games->len;
  a = (TwSimGame *) arm->games->data;
  b = (const TwSimGame *) other->games->data;
  for (guint i = 0, j = 0; i < n && j < m;)
    {
      if (a[i].index == b[j].index)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_MISMATCH,
                       _("game %llu is in two of the results (overlapping shards?)"),
                       (unsigned long long) a[i].index);
          return FALSE;
        }
      if (a[i].index < b[j].index)
        i++;
      else
        j++;
    }
  merge_figures (arm, other);
  g_array_set_size (arm->games, n + m);
  a = (TwSimGame *) arm->games->data;
  for (guint i = n, j = m, k = n + m; j > 0;)
    {
      if (i > 0 && a[i - 1].index > b[j - 1].index)
        a[--k] = a[--i];
      else
        a[--k] = b[--j];
    }
  return TRUE;
}

/* Per-component figures ------------------------------------------------- */

/* The components' ids of @def, "tile:ID", "piece:ID", "card:ID", in the
 * order of their slots (tiles, pieces, cards). */
static char **
component_ids (const TwDefinition *def)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < def->n_tiles; i++)
    g_ptr_array_add (ids, g_strdup_printf ("tile:%s", def->tiles[i].id));
  for (guint i = 0; i < def->n_pieces; i++)
    g_ptr_array_add (ids, g_strdup_printf ("piece:%s", def->pieces[i].id));
  for (guint i = 0; i < def->n_cards; i++)
    g_ptr_array_add (ids, g_strdup_printf ("card:%s", def->cards[i].id));
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

void
tw_sim_arm_drop_impact (TwSimArm *arm)
{
  g_clear_pointer (&arm->component_ids, g_strfreev);
  g_clear_pointer (&arm->impact, g_free);
  arm->n_components = 0;
}

/* What one game did with the components, filled by collect_event(). */
typedef struct
{
  const TwDefinition *def;
  guint               n_players;
  guint               n;         /* components */
  guint8             *appeared;  /* [n] */
  guint8             *used;      /* [n * n_players] */
  guint32            *uses;      /* [n] */
} Collect;

static void
collect_event (TwComponentSection section,
               guint              index,
               int                seat,
               gboolean           used,
               gpointer           data)
{
  Collect *c = data;
  const TwDefinition *def = c->def;
  guint slot;

  switch (section)
    {
    case TW_COMPONENT_TILE:
      slot = index < def->n_tiles ? index : G_MAXUINT;
      break;
    case TW_COMPONENT_PIECE:
      slot = index < def->n_pieces ? def->n_tiles + index : G_MAXUINT;
      break;
    case TW_COMPONENT_CARD:
      slot = index < def->n_cards ? def->n_tiles + def->n_pieces + index : G_MAXUINT;
      break;
    default:
      slot = G_MAXUINT;
    }
  g_return_if_fail (slot != G_MAXUINT);
  c->appeared[slot] = 1;
  if (used && seat >= 0 && (guint) seat < c->n_players)
    {
      c->used[slot * c->n_players + (guint) seat] = 1;
      c->uses[slot]++;
    }
}

static void
collect_init (Collect      *c,
              const TwGame *game)
{
  c->def = game->definition;
  c->n_players = game->n_players;
  c->n = c->def->n_tiles + c->def->n_pieces + c->def->n_cards;
  c->appeared = g_new0 (guint8, MAX (c->n, 1));
  c->used = g_new0 (guint8, MAX (c->n * c->n_players, 1));
  c->uses = g_new0 (guint32, MAX (c->n, 1));
}

static void
collect_clear (Collect *c)
{
  g_free (c->appeared);
  g_free (c->used);
  g_free (c->uses);
}

/* Adds the game @c describes, whose final ranks are @rank, to @impact (one
 * per component). */
static void
collect_add (const Collect *c,
             const guint   *rank,
             TwSimImpact   *impact)
{
  guint64 win[TW_MAX_PLAYERS] = { 0, };
  guint n_first = 0;

  for (guint p = 0; p < c->n_players; p++)
    n_first += rank[p] == 0;
  for (guint p = 0; p < c->n_players; p++)
    win[p] = rank[p] == 0 && n_first > 0 ? TW_SIM_WIN_UNIT / n_first : 0;
  for (guint k = 0; k < c->n; k++)
    {
      TwSimImpact *x = &impact[k];

      if (!c->appeared[k])
        continue;
      x->games++;
      x->uses += c->uses[k];
      for (guint p = 0; p < c->n_players; p++)
        {
          x->win_all += win[p];
          x->win2_all += win[p] * win[p];
          if (c->used[k * c->n_players + p])
            {
              x->users++;
              x->win_users += win[p];
              x->win2_users += win[p] * win[p];
            }
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Running                                                                  */

void
tw_sim_shard_range (guint64  total,
                    guint    k,
                    guint    n,
                    guint64 *first,
                    guint64 *last)
{
  g_return_if_fail (n > 0 && k >= 1 && k <= n);

  /* Contiguous slices whose sizes differ by at most one. */
  *first = total / n * (k - 1) + MIN (total % n, (guint64) (k - 1));
  *last = total / n * k + MIN (total % n, (guint64) k);
}

static inline gboolean
is_cancelled (const gint *cancel)
{
  return cancel != NULL && g_atomic_int_get (cancel);
}

/* tw_bot_play(), timed and reported to @on_move when it is set. */
static gboolean
bot_play_timed (TwBot         *bot,
                const TwGame  *game,
                const TwState *state,
                TwRng         *rng,
                const gint    *cancel,
                TwSimMoveFunc  on_move,
                gpointer       on_move_data,
                guint64        index,
                guint          seat,
                TwMove        *move)
{
  gint64 start;
  gboolean chosen;

  if (on_move == NULL)
    return tw_bot_play (bot, game, state, rng, cancel, move);
  start = tw_thread_cpu_ns ();
  chosen = tw_bot_play (bot, game, state, rng, cancel, move);
  on_move (index, seat, tw_thread_cpu_ns () - start, on_move_data);
  return chosen;
}

/* The lead of a finished game, from @leaders (after each move, the bits of
 * the seats ranked first) and the final ranks @rank: how often the sole
 * leader changed, the move after which the sole winner was sole leader to
 * the end, and whether it was not first at half time. */
static void
play_figures (const TwGame     *game,
              const guint      *rank,
              const GByteArray *leaders,
              TwSimGame        *out)
{
  int winner = -1, last = -1;
  guint n_first = 0;

  for (guint p = 0; p < game->n_players; p++)
    if (rank[p] == 0)
      {
        winner = (int) p;
        n_first++;
      }
  for (guint i = 0; i < leaders->len; i++)
    {
      guint8 first = leaders->data[i];

      if (first == 0 || (first & (first - 1)) != 0)
        continue;   /* a tie leads nobody */
      if (last >= 0 && first != 1u << last)
        out->lead_changes++;
      last = __builtin_ctz (first);
    }
  out->decided = out->moves;
  if (n_first != 1)
    return;
  while (out->decided > 0 && leaders->data[out->decided - 1] == 1u << winner)
    out->decided--;
  /* after move moves/2, rounded down (before any move: not behind) */
  out->comeback = out->moves >= 2 && !(leaders->data[out->moves / 2 - 1] >> winner & 1);
}

/* One game with @bots, whose buffers a worker reuses from game to game.
 * With @on_move, each decision is timed and reported as game @index's. */
static gboolean
play_game (const TwGame  *game,
           TwBot         *bots,
           guint64        game_seed,
           const gint    *cancel,
           TwSimMoveFunc  on_move,
           gpointer       on_move_data,
           guint64        index,
           TwSimImpact   *impact,
           TwSimGame     *out,
           GError       **error)
{
  const TwRules *rules = game->rules;
  Collect collect = { 0, };
  guint8 *before = NULL;   /* the module's mark of the state before a move */
  TwRng rng[TW_MAX_PLAYERS];
  guint rank[TW_MAX_PLAYERS] = { 0, };
  guint64 counters[TW_SIM_MAX_COUNTERS] = { 0, };
  TwState *state;
  TwMoveList legal;
  GByteArray *leaders;
  gboolean ok = TRUE;
  guint n_legal = 0;
  int seat;

  memset (out, 0, sizeof *out);
  out->seed = game_seed;
  for (guint p = 0; p < game->n_players; p++)
    tw_rng_seed (&rng[p], tw_sim_seat_seed (game_seed, p));

  state = tw_state_new (game, game_seed);
  if (impact != NULL)
    {
      collect_init (&collect, game);
      before = g_malloc0 (MAX (rules->component_mark_size (game), 1));
      rules->component_events (game, NULL, NULL, state, collect_event, &collect);
    }
  tw_move_list_init (&legal);
  leaders = g_byte_array_new ();
  while (ok && (seat = rules->to_act (game, state)) >= 0)
    {
      TwMove move;

      if (before != NULL)
        rules->component_mark (game, state, before);
      /* how many moves the seat may choose from: a bot that lists them
       * says after choosing; for the others, count them now */
      if ((guint) seat < game->n_players && !bots[seat].spec.klass->lists_moves)
        {
          tw_move_list_clear (&legal);
          rules->legal_moves (game, state, &legal);
          n_legal = legal.len;
        }
      if (is_cancelled (cancel))
        {
          g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED, _("cancelled"));
          ok = FALSE;
        }
      else if (out->moves >= MAX_MOVES || (guint) seat >= game->n_players)
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_RULES,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "game with seed %llu did not end after %u move "
                                    "(seat to act: %d): a rules bug",
                                    "game with seed %llu did not end after %u moves "
                                    "(seat to act: %d): a rules bug", out->moves),
                       (unsigned long long) game_seed, out->moves, seat);
          ok = FALSE;
        }
      else if (!bot_play_timed (&bots[seat], game, state, &rng[seat], cancel, on_move,
                                on_move_data, index, (guint) seat, &move))
        {
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_RULES,
                       _("game with seed %llu, move %u: P%d has no legal move "
                         "but the game is not over: a rules bug"),
                       (unsigned long long) game_seed, out->moves + 1, seat + 1);
          ok = FALSE;
        }
      else if (is_cancelled (cancel))
        {
          /* a search cut short returns its best move so far: playing it would
           * make a game that is not game i of the run, so drop the game */
          g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED, "cancelled");
          ok = FALSE;
        }
      else if (!rules->apply (game, state, &move, NULL))
        {
          /* an illegal move leaves the state as it was: ask again for the reason */
          g_autoptr(GString) why = g_string_new (NULL);

          rules->apply (game, state, &move, why);
          g_set_error (error, TW_SIM_ERROR, TW_SIM_ERROR_RULES,
                       _("game with seed %llu, move %u: the bot of P%d chose an illegal move: %s"),
                       (unsigned long long) game_seed, out->moves + 1, seat + 1, why->str);
          ok = FALSE;
        }
      else
        {
          guint8 first = 0;

          /* how the game goes: the legal moves of each decision, the seats
           * first after each move (a byte of seat bits: TW_MAX_PLAYERS is 8) */
          if (bots[seat].spec.klass->lists_moves)
            n_legal = bots[seat].moves.len;
          if (before != NULL)
            rules->component_events (game, before, &move, state, collect_event, &collect);
          out->moves++;
          out->legal += n_legal;
          out->forced += n_legal == 1;
          rules->ranking (game, state, rank);
          for (guint p = 0; p < game->n_players; p++)
            first |= (rank[p] == 0) << p;
          g_byte_array_append (leaders, &first, 1);
        }
    }
  tw_move_list_free (&legal);

  if (ok)
    {
      double scores[TW_MAX_PLAYERS] = { 0, };

      rules->scores (game, state, scores);
      rules->ranking (game, state, rank);
      if (rules->counters != NULL)
        {
          /* The module writes all its counters; give it room for them all. */
          g_autofree guint64 *all = g_new0 (guint64, 256);

          rules->counters (game, state, all);
          memcpy (counters, all, sizeof counters);
        }
      for (guint p = 0; p < game->n_players; p++)
        {
          out->score[p] = scores[p];
          out->rank[p] = (guint8) MIN (rank[p], 255);
        }
      memcpy (out->counters, counters, sizeof counters);
      if (rules->end_reason != NULL)
        out->end_reason = (guint8) MIN (rules->end_reason (game, state), 255);
      play_figures (game, rank, leaders, out);
      if (before != NULL)
        collect_add (&collect, rank, impact);
    }
  g_byte_array_unref (leaders);
  if (before != NULL)
    {
      collect_clear (&collect);
      g_free (before);
    }
  tw_state_free (state);
  return ok;
}

/**
 * tw_sim_play_game:
 * @game: the game
 * @bots: one spec per seat
 * @game_seed: the state's seed; seat p's bot draws from tw_sim_seat_seed()
 * @cancel: (nullable): polled before every decision and by the bots
 * @out: (out): the result; its index is left 0
 * @error: TW_SIM_ERROR_RULES or TW_SIM_ERROR_CANCELLED
 */
gboolean
tw_sim_play_game (const TwGame    *game,
                  const TwBotSpec *bots,
                  guint64          game_seed,
                  const gint      *cancel,
                  TwSimGame       *out,
                  GError         **error)
{
  TwBot seats[TW_MAX_PLAYERS];
  gboolean ok;

  for (guint p = 0; p < game->n_players; p++)
    tw_bot_init (&seats[p], &bots[p]);
  ok = play_game (game, seats, game_seed, cancel, NULL, NULL, 0, NULL, out, error);
  for (guint p = 0; p < game->n_players; p++)
    tw_bot_clear (&seats[p]);
  return ok;
}

/* One arm of a run: A, or B of a run by pairs */
typedef struct
{
  const TwGame      *game;
  TwSimArm          *arm;
  TwSimImpact       *impact;    /* the arm's, or NULL: not measured */
  guint              n_components;
  TwSimGame         *results;   /* indexed by game - first; NULL when streaming */
} RunArm;

typedef struct
{
  const TwSimConfig *config;
  guint              n_arms;
  RunArm             arms[2];
  guint8            *finished;  /* indexed by game - first: 1 once the game has ended
                                 * (in every arm); NULL when streaming */
  GMutex             mutex;
  GCond              cond;
  guint64            next;      /* the next game index to play */
  guint64            done;      /* games ended, of every arm */
  guint              running;   /* workers not yet finished */
  gboolean           stop;
  guint64            error_index;
  GError            *error;     /* of the lowest failing game index */
  /* games ended out of order, waiting for those before them (index →
   * TwSimGame[n_arms]), and the index of the next game to hand on */
  GHashTable        *pending;
  guint64            next_emit;
} Run;

/* The spec of @seat in @lineup (0 without lineups). */
static const TwBotSpec *
seat_bot (const TwSimConfig *config,
          guint              lineup,
          guint              seat)
{
  if (config->n_lineups == 0)
    return &config->bots[seat];
  return &config->lineups[lineup * config->game->n_players + seat];
}

/* Hands game @index's results on (on_game) and counts its index in the
 * streamed arms' ranges; with the run's mutex held. */
static void
emit_game (Run             *run,
           const TwSimGame *games)
{
  const TwSimConfig *config = run->config;

  for (guint k = 0; k < run->n_arms; k++)
    {
      TwSimAcc *acc = run->arms[k].arm->acc;

      if (acc != NULL)
        tw_sim_ranges_add (acc->ranges, games[k].index, games[k].index + 1, NULL);
      if (config->on_game != NULL)
        config->on_game (k, &games[k], config->on_game_data);
    }
}

/* Game @index ended in every arm with @games: counts it, with the run's
 * mutex held. */
static void
game_ended (Run             *run,
            guint64          index,
            const TwSimGame *games,
            TwSimImpact    **impact)
{
  const TwSimConfig *config = run->config;

  run->done += run->n_arms;
  for (guint k = 0; k < run->n_arms; k++)
    {
      RunArm *ra = &run->arms[k];

      /* sums of whole numbers: the same whatever order the games end in */
      if (impact[k] != NULL)
        impact_add (ra->impact, impact[k], ra->n_components);
      if (ra->arm->acc != NULL)
        tw_sim_acc_add_game (ra->arm->acc, ra->arm, &games[k]);
      else
        ra->results[index - config->first] = games[k];
    }
  if (run->arms[0].arm->acc != NULL && run->n_arms == 2)
    tw_sim_acc_add_pair (run->arms[1].arm->acc, run->arms[0].arm, &games[0],
                         run->arms[0].arm->acc, run->arms[1].arm, &games[1]);
  if (run->finished != NULL)
    run->finished[index - config->first] = 1;

  if (index != run->next_emit)
    {
      TwSimGame *copy = g_memdup2 (games, run->n_arms * sizeof (TwSimGame));

      g_hash_table_insert (run->pending, &copy[0].index, copy);
      return;
    }
  emit_game (run, games);
  run->next_emit++;
  for (;;)
    {
      TwSimGame *next = g_hash_table_lookup (run->pending, &run->next_emit);

      if (next == NULL)
        break;
      emit_game (run, next);
      g_hash_table_remove (run->pending, &run->next_emit);
      run->next_emit++;
    }
}

static gint
compare_index_ptr (gconstpointer a,
                   gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

/* The games still waiting when the run stopped early (after a game that
 * was dropped), handed on in index order. */
static void
emit_pending (Run *run)
{
  GList *keys = g_list_sort (g_hash_table_get_keys (run->pending), compare_index_ptr);

  for (GList *l = keys; l != NULL; l = l->next)
    emit_game (run, g_hash_table_lookup (run->pending, l->data));
  g_list_free (keys);
  g_hash_table_remove_all (run->pending);
}

static gpointer
worker (gpointer data)
{
  Run *run = data;
  const TwSimConfig *config = run->config;
  guint n_players = config->game->n_players;
  TwBot bots[2][TW_MAX_PLAYERS];
  guint lineup = 0;  /* the lineup bots[] holds */
  TwSimImpact *impact[2] = { NULL, NULL };

  for (guint k = 0; k < run->n_arms; k++)
    {
      if (run->arms[k].impact != NULL)
        impact[k] = g_new (TwSimImpact, run->arms[k].n_components);
      for (guint p = 0; p < n_players; p++)
        tw_bot_init (&bots[k][p], seat_bot (config, 0, p));
    }

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      TwSimGame out[2];
      guint64 index;

      g_mutex_lock (&run->mutex);
      index = run->next;
      if (!run->stop && index < config->last)
        run->next++;
      g_mutex_unlock (&run->mutex);
      if (run->stop || index >= config->last)
        break;

      if (config->n_lineups > 0 && index % config->n_lineups != lineup)
        {
          lineup = (guint) (index % config->n_lineups);
          for (guint k = 0; k < run->n_arms; k++)
            for (guint p = 0; p < n_players; p++)
              {
                tw_bot_clear (&bots[k][p]);
                tw_bot_init (&bots[k][p], seat_bot (config, lineup, p));
              }
        }

      for (guint k = 0; k < run->n_arms && error == NULL; k++)
        {
          if (impact[k] != NULL)
            memset (impact[k], 0, run->arms[k].n_components * sizeof (TwSimImpact));
          if (play_game (run->arms[k].game, bots[k], tw_sim_game_seed (config->seed, index),
                         config->cancel, config->on_move, config->on_move_data, index,
                         impact[k], &out[k], &error))
            out[k].index = index;
        }

      g_mutex_lock (&run->mutex);
      if (error != NULL)
        {
          gboolean cancelled = g_error_matches (error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED);
          gboolean was_cancelled = run->error != NULL
                                   && g_error_matches (run->error, TW_SIM_ERROR,
                                                       TW_SIM_ERROR_CANCELLED);

          /* a rules bug wins over a cancellation, then the lowest index */
          run->stop = TRUE;
          if (run->error == NULL || (was_cancelled && !cancelled)
              || (was_cancelled == cancelled && index < run->error_index))
            {
              g_clear_error (&run->error);
              run->error = g_steal_pointer (&error);
              run->error_index = index;
            }
        }
      else
        game_ended (run, index, out, impact);
      g_mutex_unlock (&run->mutex);
    }

  for (guint k = 0; k < run->n_arms; k++)
    {
      for (guint p = 0; p < n_players; p++)
        tw_bot_clear (&bots[k][p]);
      g_free (impact[k]);
    }

  g_mutex_lock (&run->mutex);
  run->running--;
  g_cond_signal (&run->cond);
  g_mutex_unlock (&run->mutex);
  return NULL;
}

/* A new arm of @game for @config, ready to be played into. */
static TwSimArm *
run_arm_init (RunArm            *ra,
              const TwSimConfig *config,
              const TwGame      *game,
              const char        *path,
              guint64            count)
{
  TwSimArm *arm = tw_sim_arm_new (game, path,
                                  config->n_lineups > 0 ? config->lineups : config->bots,
                                  config->seed, config->total_games);

  ra->game = game;
  ra->arm = arm;
  if (config->impact && game->rules->component_events != NULL)
    {
      arm->component_ids = component_ids (game->definition);
      arm->n_components = g_strv_length (arm->component_ids);
      arm->impact = g_new0 (TwSimImpact, MAX (arm->n_components, 1));
      ra->n_components = arm->n_components;
      ra->impact = arm->impact;
    }
  if (config->stream)
    {
      g_clear_pointer (&arm->games, g_array_unref);
      arm->acc = tw_sim_acc_new (arm);
    }
  else
    {
      g_array_set_size (arm->games, count);
      ra->results = (TwSimGame *) (gpointer) arm->games->data;
    }
  return arm;
}

/* Plays @config on the games of @n_arms arms (A, and B on @game_b). */
static gboolean
run_arms (const TwSimConfig  *config,
          guint               n_arms,
          const TwGame       *game_b,
          const char         *path_b,
          TwSimArm          **out,
          GError            **error)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  guint64 count;
  guint jobs;
  Run run = { 0, };

  g_return_val_if_fail (config != NULL && config->game != NULL, FALSE);
  g_return_val_if_fail (config->first <= config->last, FALSE);
  g_return_val_if_fail (config->n_lineups == 0 || config->lineups != NULL, FALSE);

  count = config->last - config->first;
  jobs = CLAMP (config->jobs, 1, 256);
  if (jobs > count)
    jobs = MAX (1, (guint) count);

  run.config = config;
  run.n_arms = n_arms;
  out[0] = run_arm_init (&run.arms[0], config, config->game, config->path, count);
  if (n_arms == 2)
    out[1] = run_arm_init (&run.arms[1], config, game_b, path_b, count);
  if (!config->stream)
    run.finished = g_new0 (guint8, MAX (count, 1));
  run.pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  run.next = run.next_emit = config->first;
  run.running = jobs;
  g_mutex_init (&run.mutex);
  g_cond_init (&run.cond);

  for (guint j = 0; j < jobs; j++)
    {
      g_autofree char *name = g_strdup_printf ("tw-sim-%u", j);
      g_ptr_array_add (threads, g_thread_new (name, worker, &run));
    }

  g_mutex_lock (&run.mutex);
  while (run.running > 0)
    {
      gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 4;

      while (run.running > 0 && g_cond_wait_until (&run.cond, &run.mutex, until))
        ;
      if (config->progress != NULL && run.running > 0)
        {
          guint64 done = run.done;

          g_mutex_unlock (&run.mutex);
          config->progress (done, count * n_arms, config->progress_data);
          g_mutex_lock (&run.mutex);
        }
    }
  g_mutex_unlock (&run.mutex);

  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  g_mutex_clear (&run.mutex);
  g_cond_clear (&run.cond);
  emit_pending (&run);
  g_hash_table_unref (run.pending);

  if (run.error != NULL && config->keep_partial
      && g_error_matches (run.error, TW_SIM_ERROR, TW_SIM_ERROR_CANCELLED))
    {
      for (guint k = 0; k < n_arms; k++)
        {
          TwSimArm *arm = out[k];

          if (arm->games != NULL)
            {
              guint kept = 0;

              /* the games that ended, still in index order */
              for (guint64 i = 0; i < count; i++)
                if (run.finished[i])
                  g_array_index (arm->games, TwSimGame, kept++) = g_array_index (arm->games,
                                                                                 TwSimGame, i);
              g_array_set_size (arm->games, kept);
            }
          arm->interrupted = tw_sim_arm_n_games (arm) < count;
        }
      g_clear_error (&run.error);
    }
  g_free (run.finished);
  if (run.error != NULL)
    {
      for (guint k = 0; k < n_arms; k++)
        g_clear_pointer (&out[k], tw_sim_arm_free);
      g_propagate_error (error, run.error);
      return FALSE;
    }
  if (config->progress != NULL)
    config->progress (run.done, count * n_arms, config->progress_data);
  return TRUE;
}

/**
 * tw_sim_run:
 * @config: what to play; games config->first … config->last-1
 * @error: TW_SIM_ERROR_RULES with the first failing game, or
 *   TW_SIM_ERROR_CANCELLED (not with config->keep_partial)
 *
 * Plays the games on config->jobs threads. Each result goes to its game's
 * slot (or, with config->stream, into the arm's exact sums), so the arm is
 * the same whatever the number of threads.
 *
 * When config->cancel is set, the workers stop at their next decision and
 * the games in play are dropped. With config->keep_partial the arm of the
 * games that ended is returned (fewer than last - first: the caller knows it
 * was cancelled); otherwise the run fails with TW_SIM_ERROR_CANCELLED.
 *
 * Returns: (transfer full): the arm, or %NULL on error.
 */
TwSimArm *
tw_sim_run (const TwSimConfig  *config,
            GError            **error)
{
  TwSimArm *arms[2] = { NULL, NULL };

  if (!run_arms (config, 1, NULL, NULL, arms, error))
    return NULL;
  return arms[0];
}

TwSimArm *
tw_sim_run_pair (const TwSimConfig  *config,
                 const TwGame       *game_b,
                 const char         *path_b,
                 TwSimArm          **arm_b,
                 GError            **error)
{
  TwSimArm *arms[2] = { NULL, NULL };

  g_return_val_if_fail (game_b != NULL && arm_b != NULL, NULL);
  g_return_val_if_fail (game_b->n_players == config->game->n_players, NULL);

  if (!run_arms (config, 2, game_b, path_b, arms, error))
    return NULL;
  *arm_b = arms[1];
  return arms[0];
}
