/* tw-tournament.c: round-robin bot tournaments and their statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-tournament.h"

#include <math.h>
#include <string.h>

#include "tw-rng.h"

/* The MM iteration stops when no strength moves by more than this factor
 * (in log), or after this many rounds. */
#define BT_TOLERANCE 1e-10
#define BT_MAX_ROUNDS 100000

/**
 * tw_tournament_lineups:
 * @n_bots: B, at least 2
 * @n_players: P, at least 2
 * @first_alone: only the lineups in which the first bot is the single one
 * @n_lineups: (out): L
 *
 * Returns: (transfer full): L rows of P bot indexes.
 */
guint *
tw_tournament_lineups (guint     n_bots,
                       guint     n_players,
                       gboolean  first_alone,
                       guint    *n_lineups)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = 0;

  g_return_val_if_fail (n_bots >= 2 && n_bots <= TW_TOURNAMENT_MAX_BOTS, NULL);
  g_return_val_if_fail (n_players >= 2 && n_players <= TW_MAX_PLAYERS, NULL);

  for (guint seat = 0; seat < n_players; seat++)
    for (guint x = 0; x < n_bots; x++)
      for (guint y = 0; y < n_bots; y++)
        {
          guint row[TW_MAX_PLAYERS];
          gboolean seen = FALSE;

          if (x == y || (first_alone && x != 0))
            continue;
          for (guint p = 0; p < n_players; p++)
            row[p] = p == seat ? x : y;
          /* with two seats, X in seat 2 against Y is Y in seat 1 against X */
          for (guint l = 0; l < n && !seen; l++)
            seen = memcmp (&g_array_index (rows, guint, l * n_players), row,
                           n_players * sizeof (guint)) == 0;
          if (!seen)
            {
              g_array_append_vals (rows, row, n_players);
              n++;
            }
        }
  *n_lineups = n;
  return (guint *) g_array_free (g_steal_pointer (&rows), FALSE);
}

void
tw_tournament_free (TwTournament *tournament)
{
  if (tournament == NULL)
    return;
  g_free (tournament->lineups);
  g_free (tournament->bots);
  g_free (tournament->pairs);
  g_free (tournament);
}

/**
 * tw_tournament_bradley_terry:
 * @wins: n × n: wins[i * n + j] is how often i beat j (ties half)
 * @n: bots
 * @ratings: (out): n ratings, 400·log10(π_i / π_0), so ratings[0] is 0
 *
 * Hunter's MM iteration (2004) for the Bradley–Terry model, where i beats j
 * with probability π_i / (π_i + π_j): π_i ← W_i / Σ_j n_ij / (π_i + π_j),
 * with W_i i's wins and n_ij the comparisons of i and j. Each pair also
 * gets one virtual draw (half a win each way), so the maximum exists even
 * when a bot never wins or never loses.
 */
void
tw_tournament_bradley_terry (const double *wins,
                             guint         n,
                             double       *ratings)
{
  g_autofree double *pi = g_new (double, n);
  g_autofree double *next = g_new (double, n);
  g_autofree double *total = g_new0 (double, n);

  for (guint i = 0; i < n; i++)
    {
      pi[i] = 1;
      for (guint j = 0; j < n; j++)
        if (j != i)
          total[i] += wins[i * n + j] + 0.5;
    }

  for (guint round = 0; round < BT_MAX_ROUNDS; round++)
    {
      double change = 0, log_mean = 0;

      for (guint i = 0; i < n; i++)
        {
          double denom = 0;

          for (guint j = 0; j < n; j++)
            if (j != i)
              denom += (wins[i * n + j] + wins[j * n + i] + 1) / (pi[i] + pi[j]);
          next[i] = total[i] / denom;
          log_mean += log (next[i]) / n;
        }
      /* rescale to a geometric mean of 1: the model fixes only ratios */
      for (guint i = 0; i < n; i++)
        {
          double value = next[i] / exp (log_mean);

          change = MAX (change, fabs (log (value / pi[i])));
          pi[i] = value;
        }
      if (change < BT_TOLERANCE)
        break;
    }

  for (guint i = 0; i < n; i++)
    ratings[i] = 400 * log10 (pi[i] / pi[0]);
}

/* Adds game @g's seat comparisons to @wins (n_bots × n_bots), @count times:
 * every two seats of different bots, the better ranked one wins, a tie is
 * half a win each. Seats of the same bot compare nothing of the ratings. */
static void
add_comparisons (const TwSimGame *g,
                 const guint     *lineup,
                 guint            n_players,
                 guint            n_bots,
                 double           count,
                 double          *wins)
{
  for (guint s = 0; s < n_players; s++)
    for (guint t = s + 1; t < n_players; t++)
      {
        guint a = lineup[s], b = lineup[t];

        if (a == b)
          continue;
        if (g->rank[s] < g->rank[t])
          wins[a * n_bots + b] += count;
        else if (g->rank[s] > g->rank[t])
          wins[b * n_bots + a] += count;
        else
          {
            wins[a * n_bots + b] += count / 2;
            wins[b * n_bots + a] += count / 2;
          }
      }
}

static void
rate (TwTournament   *t,
      const TwSimArm *arm,
      guint64         seed)
{
  guint n_bots = t->n_bots, n_players = t->n_players;
  guint64 n_games = arm->games->len;
  g_autofree double *wins = g_new0 (double, n_bots * n_bots);
  g_autofree double *boot = g_new (double, (gsize) t->resamples * n_bots);
  g_autofree double *ratings = g_new (double, n_bots);
  g_autofree double *column = g_new (double, t->resamples);
  g_autofree guint32 *drawn = g_new0 (guint32, MAX (n_games, 1));
  TwRng rng;

  for (guint64 i = 0; i < n_games; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);
      add_comparisons (g, &t->lineups[(g->index % t->n_lineups) * n_players], n_players, n_bots,
                       1, wins);
    }
  tw_tournament_bradley_terry (wins, n_bots, ratings);
  for (guint b = 0; b < n_bots; b++)
    t->bots[b].rating = ratings[b];

  /* a generator of its own, from the run's seed: index G_MAXUINT64 is no game */
  tw_rng_seed (&rng, tw_sim_game_seed (seed, G_MAXUINT64));
  for (guint r = 0; r < t->resamples; r++)
    {
      memset (wins, 0, n_bots * n_bots * sizeof (double));
      memset (drawn, 0, MAX (n_games, 1) * sizeof (guint32));
      for (guint64 k = 0; k < n_games; k++)
        drawn[tw_rng_below (&rng, (guint32) n_games)]++;
      for (guint64 i = 0; i < n_games; i++)
        if (drawn[i] > 0)
          {
            const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);
            add_comparisons (g, &t->lineups[(g->index % t->n_lineups) * n_players], n_players,
                             n_bots, drawn[i], wins);
          }
      tw_tournament_bradley_terry (wins, n_bots, &boot[(gsize) r * n_bots]);
    }
  for (guint b = 0; b < n_bots; b++)
    {
      for (guint r = 0; r < t->resamples; r++)
        column[r] = boot[(gsize) r * n_bots + b];
      t->bots[b].rating_lo = tw_sim_quantile (column, t->resamples, 0.025);
      t->bots[b].rating_hi = tw_sim_quantile (column, t->resamples, 0.975);
    }
}

/**
 * tw_tournament_analyze:
 * @arm: the games, played by lineup (index mod L) of tw_tournament_lineups()
 * @n_bots: B
 * @first_alone: as for tw_tournament_lineups()
 * @seed: seeds the bootstrap (the run's seed)
 *
 * Returns: (transfer full): the figures; with no games the shares and
 * ratings are NAN.
 */
TwTournament *
tw_tournament_analyze (const TwSimArm *arm,
                       guint           n_bots,
                       gboolean        first_alone,
                       guint64         seed)
{
  TwTournament *t;
  const double z = 1.959963984540054;
  guint n_players;

  g_return_val_if_fail (arm != NULL && n_bots >= 2 && n_bots <= TW_TOURNAMENT_MAX_BOTS, NULL);
  g_return_val_if_fail (arm->games->len <= G_MAXUINT32, NULL);

  n_players = arm->n_players;
  t = g_new0 (TwTournament, 1);
  t->n_bots = n_bots;
  t->n_players = n_players;
  t->lineups = tw_tournament_lineups (n_bots, n_players, first_alone, &t->n_lineups);
  t->n_games = arm->games->len;
  t->resamples = TW_TOURNAMENT_RESAMPLES;
  t->bots = g_new0 (TwTournamentBot, n_bots);
  t->n_pairs = n_bots * (n_bots - 1) / 2;
  t->pairs = g_new0 (TwTournamentPair, t->n_pairs);
  for (guint a = 0, k = 0; a < n_bots; a++)
    for (guint b = a + 1; b < n_bots; b++, k++)
      {
        t->pairs[k].a = a;
        t->pairs[k].b = b;
      }

  for (guint i = 0; i < arm->games->len; i++)
    {
      const TwSimGame *g = &g_array_index (arm->games, TwSimGame, i);
      const guint *lineup = &t->lineups[(g->index % t->n_lineups) * n_players];
      guint lo = n_bots, hi = 0, k;
      gboolean in_game[TW_TOURNAMENT_MAX_BOTS] = { FALSE, };

      for (guint p = 0; p < n_players; p++)
        {
          TwSimMetric win = { TW_SIM_METRIC_WIN, p };
          double credit = tw_sim_game_metric (arm, g, &win);
          TwTournamentBot *bot = &t->bots[lineup[p]];

          bot->seats++;
          bot->wins += credit;
          if (!in_game[lineup[p]])
            bot->games++;
          in_game[lineup[p]] = TRUE;
          lo = MIN (lo, lineup[p]);
          hi = MAX (hi, lineup[p]);
        }
      /* the pair (lo, hi) is at index k of the a-then-b order */
      k = lo * n_bots - lo * (lo + 1) / 2 + (hi - lo - 1);
      t->pairs[k].games++;
      for (guint p = 0; p < n_players; p++)
        if (lineup[p] == lo)
          {
            TwSimMetric win = { TW_SIM_METRIC_WIN, p };
            t->pairs[k].wins += tw_sim_game_metric (arm, g, &win);
          }
    }

  for (guint b = 0; b < n_bots; b++)
    {
      TwTournamentBot *bot = &t->bots[b];

      bot->share = bot->seats > 0 ? bot->wins / bot->seats : NAN;
      tw_sim_wilson (bot->wins, bot->seats, z, &bot->lo, &bot->hi);
      bot->fair = 1.0 / n_players;
      bot->ratio = bot->share / bot->fair;
    }
  for (guint k = 0; k < t->n_pairs; k++)
    {
      TwTournamentPair *pair = &t->pairs[k];

      pair->share = pair->games > 0 ? pair->wins / pair->games : NAN;
      tw_sim_wilson (pair->wins, pair->games, z, &pair->lo, &pair->hi);
    }

  if (t->n_games > 0)
    rate (t, arm, seed);
  else
    for (guint b = 0; b < n_bots; b++)
      t->bots[b].rating = t->bots[b].rating_lo = t->bots[b].rating_hi = NAN;
  return t;
}
