/* test-tournament.c: tournament lineups, shares and Bradley–Terry ratings
 *
 * Checked on hand-made results, where every figure is known.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#include "tw-tournament.h"

static void
test_lineups (void)
{
  struct { guint bots, players, lineups; } cases[] = {
    { 2, 2, 2 }, { 3, 2, 6 }, { 2, 3, 6 }, { 3, 4, 24 }, { 4, 4, 48 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      guint b = cases[c].bots, p = cases[c].players, n = 0;
      g_autofree guint *rows = tw_tournament_lineups (b, p, FALSE, &n);
      g_autofree guint *alone = g_new0 (guint, b * p);  /* [bot][seat]: lineups with bot alone there */

      g_assert_cmpuint (n, ==, cases[c].lineups);
      for (guint l = 0; l < n; l++)
        {
          const guint *row = &rows[l * p];

          for (guint m = 0; m < l; m++)
            g_assert_false (memcmp (&rows[m * p], row, p * sizeof (guint)) == 0);
          for (guint s = 0; s < p; s++)
            {
              guint same = 0, other = G_MAXUINT;

              g_assert_cmpuint (row[s], <, b);
              for (guint t = 0; t < p; t++)
                {
                  same += row[t] == row[s];
                  if (row[t] != row[s])
                    {
                      /* exactly two bots in a lineup */
                      g_assert_true (other == G_MAXUINT || other == row[t]);
                      other = row[t];
                    }
                }
              g_assert_cmpuint (other, !=, G_MAXUINT);
              if (same == 1)
                alone[row[s] * p + s]++;
            }
        }
      /* every bot sits alone in every seat, once against each other bot */
      for (guint x = 0; x < b; x++)
        for (guint s = 0; s < p; s++)
          g_assert_cmpuint (alone[x * p + s], ==, b - 1);
    }
}

/* --alone: the first bot alone in every seat against each other bot, once;
 * with more than two seats nobody else alone. */
static void
test_lineups_first_alone (void)
{
  struct { guint bots, players, lineups; } cases[] = {
    { 2, 2, 2 }, { 3, 2, 4 }, { 2, 4, 4 }, { 3, 4, 8 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      guint b = cases[c].bots, p = cases[c].players, n = 0;
      g_autofree guint *rows = tw_tournament_lineups (b, p, TRUE, &n);
      g_autofree guint *seen = g_new0 (guint, b * p);  /* [other bot][seat of bot 0] */

      g_assert_cmpuint (n, ==, cases[c].lineups);
      for (guint l = 0; l < n; l++)
        {
          const guint *row = &rows[l * p];
          guint seat = G_MAXUINT, other = G_MAXUINT;

          for (guint s = 0; s < p; s++)
            if (row[s] == 0)
              {
                g_assert_cmpuint (seat, ==, G_MAXUINT);
                seat = s;
              }
            else
              {
                g_assert_true (other == G_MAXUINT || other == row[s]);
                other = row[s];
              }
          g_assert_cmpuint (seat, !=, G_MAXUINT);
          g_assert_cmpuint (other, <, b);
          seen[other * p + seat]++;
        }
      for (guint y = 1; y < b; y++)
        for (guint s = 0; s < p; s++)
          g_assert_cmpuint (seen[y * p + s], ==, 1);
    }
}

static void
test_bradley_terry (void)
{
  /* two bots: π0/π1 = (W0 + ½)/(W1 + ½) exactly */
  double two[] = { 0, 3, 1, 0 };
  double four[] = { 0, 10, 10, 10,
                    10, 0, 10, 10,
                    10, 10, 0, 10,
                    10, 10, 10, 0 };
  /* a chain: 0 beats 1 and 1 beats 2 three times in four; 0 never met 2 */
  double chain[] = { 0, 3, 0,
                     1, 0, 3,
                     0, 1, 0 };
  /* 0 never wins: the virtual draws keep the rating finite */
  double shutout[] = { 0, 0, 20, 0 };
  double r[4];

  tw_tournament_bradley_terry (two, 2, r);
  g_assert_cmpfloat (r[0], ==, 0);
  g_assert_cmpfloat_with_epsilon (r[1], -400 * log10 (3.5 / 1.5), 1e-6);

  tw_tournament_bradley_terry (four, 4, r);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (r[i], 0, 1e-6);

  tw_tournament_bradley_terry (chain, 3, r);
  g_assert_cmpfloat (r[0], ==, 0);
  g_assert_cmpfloat (r[1], <, 0);
  g_assert_cmpfloat_with_epsilon (r[2] - r[1], r[1] - r[0], 1e-6);  /* symmetric chain */

  tw_tournament_bradley_terry (shutout, 2, r);
  g_assert_true (isfinite (r[1]));
  g_assert_cmpfloat_with_epsilon (r[1], 400 * log10 (20.5 / 0.5), 1e-6);
}

/* Results as tw_sim_run would give them, ranks chosen by @winner (a seat,
 * or -1 for a tie of all). */
static TwSimArm *
make_arm (guint        n_players,
          guint        n_games,
          const int   *winner)
{
  TwSimArm *arm = g_new0 (TwSimArm, 1);

  arm->n_players = n_players;
  arm->total_games = n_games;
  arm->games = g_array_new (FALSE, TRUE, sizeof (TwSimGame));
  for (guint i = 0; i < n_games; i++)
    {
      TwSimGame g = { 0, };

      g.index = i;
      for (guint p = 0; p < n_players; p++)
        g.rank[p] = winner[i] < 0 || (int) p == winner[i] ? 0 : 1;
      g_array_append_val (arm->games, g);
    }
  return arm;
}

static void
test_shares (void)
{
  /* 2 bots, 2 seats: lineups [0,1], [1,0]; bot 1 wins 3 of 4, one tie */
  const int winner[] = { 1, 0, 1, -1, 1 };  /* games 0 … 4, lineup i mod 2 */
  g_autoptr(TwSimArm) arm = make_arm (2, 5, winner);
  g_autoptr(TwTournament) t = tw_tournament_analyze (arm, 2, FALSE, 7);
  g_autoptr(TwTournament) again = tw_tournament_analyze (arm, 2, FALSE, 7);

  /* game 0: [0,1], seat 1 wins: bot 1; game 1: [1,0], seat 0 wins: bot 1;
   * game 2: [0,1], bot 1; game 3: tie; game 4: [0,1], bot 1 */
  g_assert_cmpuint (t->n_lineups, ==, 2);
  g_assert_cmpuint (t->bots[0].games, ==, 5);
  g_assert_cmpuint (t->bots[0].seats, ==, 5);
  g_assert_cmpfloat (t->bots[0].wins, ==, 0.5);
  g_assert_cmpfloat (t->bots[1].wins, ==, 4.5);
  g_assert_cmpfloat (t->bots[1].share, ==, 0.9);
  g_assert_cmpfloat (t->bots[1].fair, ==, 0.5);
  g_assert_cmpfloat_with_epsilon (t->bots[1].ratio, 1.8, 1e-12);
  g_assert_cmpfloat (t->bots[1].lo, <, 0.9);
  g_assert_cmpfloat (t->bots[1].hi, >, 0.9);
  g_assert_cmpuint (t->n_pairs, ==, 1);
  g_assert_cmpuint (t->pairs[0].games, ==, 5);
  g_assert_cmpfloat (t->pairs[0].share, ==, 0.1);

  /* 4.5 comparisons won of 5, plus the virtual draw */
  g_assert_cmpfloat (t->bots[0].rating, ==, 0);
  g_assert_cmpfloat_with_epsilon (t->bots[1].rating, 400 * log10 (5.0 / 1.0), 1e-6);
  g_assert_cmpfloat (t->bots[0].rating_lo, ==, 0);
  g_assert_cmpfloat (t->bots[0].rating_hi, ==, 0);
  g_assert_cmpfloat (t->bots[1].rating_lo, <=, t->bots[1].rating);
  g_assert_cmpfloat (t->bots[1].rating_hi, >=, t->bots[1].rating);
  /* the bootstrap is seeded: the same figures every time */
  g_assert_cmpmem (t->bots, 2 * sizeof (TwTournamentBot), again->bots,
                   2 * sizeof (TwTournamentBot));
}

static void
test_four_seats (void)
{
  /* 2 bots, 4 seats, 8 lineups: seat 0 always wins. Bot x alone in seat 0
   * wins its game; alone elsewhere it loses to a copy of the other. */
  int winner[8] = { 0, };
  g_autoptr(TwSimArm) arm = make_arm (4, 8, winner);
  g_autoptr(TwTournament) t = tw_tournament_analyze (arm, 2, FALSE, 1);

  g_assert_cmpuint (t->n_lineups, ==, 8);
  for (guint b = 0; b < 2; b++)
    {
      g_assert_cmpuint (t->bots[b].games, ==, 8);
      g_assert_cmpuint (t->bots[b].seats, ==, 16);
      g_assert_cmpfloat (t->bots[b].wins, ==, 4);
      g_assert_cmpfloat (t->bots[b].share, ==, 0.25);
      g_assert_cmpfloat (t->bots[b].ratio, ==, 1);
    }
  g_assert_cmpfloat (t->pairs[0].share, ==, 0.5);
  g_assert_cmpfloat_with_epsilon (t->bots[1].rating, 0, 1e-6);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/tournament/lineups", test_lineups);
  g_test_add_func ("/tw/tournament/lineups-first-alone", test_lineups_first_alone);
  g_test_add_func ("/tw/tournament/bradley-terry", test_bradley_terry);
  g_test_add_func ("/tw/tournament/shares", test_shares);
  g_test_add_func ("/tw/tournament/four-seats", test_four_seats);

  return g_test_run ();
}
