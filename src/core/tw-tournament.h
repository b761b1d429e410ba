/* tw-tournament.h: round-robin bot tournaments and their statistics
 *
 * A tournament of B bots for P seats plays every lineup of a round-robin
 * with every seating rotated: for each ordered pair (X, Y) of distinct bots,
 * X sits in one seat and Y in every other seat, X's seat taking each of the
 * P seats. With P = 2 a lineup of (X, Y) is also one of (Y, X) and is played
 * once, so L = B(B-1) lineups; with P > 2, L = B(B-1)P. Game i of a run is
 * played by lineup i mod L with the seeds of simulate (tw-sim.h, through
 * TwSimConfig.lineups), so the results are a function of (seed, games) only.
 *
 * The statistics (doc/simulate.md, "Tournaments") are reduced from a
 * TwSimArm in game-index order: wins per seat played with Wilson intervals,
 * each pair's head-to-head share, and Bradley–Terry ratings on the Elo scale
 * with percentile intervals from a bootstrap over games whose generator is
 * seeded from the run's seed. Everything in a TwTournament is owned by it.
 */
#pragma once

#include <glib.h>

#include "tw-sim.h"

G_BEGIN_DECLS

/* Bootstrap resamples of the rating intervals. */
#define TW_TOURNAMENT_RESAMPLES 200
/* At most this many bots: L = B(B-1)P lineups grow fast. */
#define TW_TOURNAMENT_MAX_BOTS 16

/* One bot's figures. Seats count (game, seat) pairs: with P > 2 a bot that
 * plays the P-1 copies of a lineup plays P-1 seats of that game. */
typedef struct
{
  guint64 games;      /* games it played in */
  guint64 seats;      /* seats it played */
  double  wins;       /* a k-way tie for first gives each tied seat 1/k */
  double  share;      /* wins / seats */
  double  lo;         /* 95% Wilson interval of share */
  double  hi;
  double  fair;       /* 1 / P: every seat's share if all bots were equal */
  double  ratio;      /* share / fair */
  double  rating;     /* Bradley–Terry, Elo scale, bot 0 is 0 */
  double  rating_lo;  /* 95% bootstrap percentile interval */
  double  rating_hi;
} TwTournamentBot;

/* The games of the lineups of bots a and b (a < b): a's wins over its
 * seats, so that b's share is 1 - share. */
typedef struct
{
  guint   a;
  guint   b;
  guint64 games;
  double  wins;
  double  share;
  double  lo;         /* 95% Wilson interval */
  double  hi;
} TwTournamentPair;

typedef struct
{
  guint              n_bots;
  guint              n_players;
  guint              n_lineups;
  guint             *lineups;    /* n_lineups rows of n_players bot indexes */
  guint64            n_games;    /* games analysed */
  guint              resamples;  /* bootstrap resamples behind the rating intervals */
  TwTournamentBot   *bots;       /* n_bots */
  guint              n_pairs;    /* B(B-1)/2, by a then b */
  TwTournamentPair  *pairs;
} TwTournament;

/* The lineups of @n_bots bots (at least 2) for @n_players seats, in the order
 * games use them: seat of the single bot outermost, so that a run whose
 * length is not a multiple of L favours no bot. With @first_alone only the
 * lineups in which the first bot sits alone: one bot measured against a
 * field of each other bot, in 1/(B-1) of the round-robin's lineups. Free
 * with g_free. */
guint           *tw_tournament_lineups          (guint               n_bots,
                                                 guint               n_players,
                                                 gboolean            first_alone,
                                                 guint              *n_lineups);
/* The figures of @arm's games, played with tw_tournament_lineups
 * (n_bots, arm->n_players, first_alone); @seed seeds the bootstrap. */
TwTournament    *tw_tournament_analyze          (const TwSimArm     *arm,
                                                 guint               n_bots,
                                                 gboolean            first_alone,
                                                 guint64             seed);
void             tw_tournament_free             (TwTournament       *tournament);

/* Bradley–Terry strengths from @wins (n × n, wins[i * n + j] is how often i
 * beat j, ties counted half), by Hunter's MM iteration, as Elo-scale
 * ratings 400·log10(π_i / π_0) into @ratings. One virtual draw between
 * every two bots keeps the ratings finite when a bot never wins or never
 * loses. */
void             tw_tournament_bradley_terry    (const double       *wins,
                                                 guint               n,
                                                 double             *ratings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwTournament, tw_tournament_free)

G_END_DECLS
