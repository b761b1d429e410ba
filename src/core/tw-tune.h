/* tw-tune.h: searching the values that bring the games to a target
 *
 * The designer's "what value makes this fair?": the values to try are the
 * cells of a sweep (tw-sweep.h), each a game with its bots; the search is
 * successive halving. Every cell plays @start games (the same seeds in every
 * cell), the half whose figures miss the targets least plays twice as many,
 * and so on until one is left, which plays on to @games. Games are spent
 * where the answer is still open. `tilewright-cli tune` and the Lab's
 * Balance… both run it.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-sim.h"
#include "tw-sweep.h"

G_BEGIN_DECLS

#define TW_TUNE_ERROR (tw_tune_error_quark ())
GQuark tw_tune_error_quark (void);

typedef enum
{
  TW_TUNE_ERROR_TARGET,     /* a target that cannot be read */
  TW_TUNE_ERROR_CANCELLED,  /* stopped before a round ended */
  TW_TUNE_ERROR_FAILED,     /* the best values cannot be written */
  TW_TUNE_ERROR_PENDING,    /* a round's games are not played yet (TwTuneConfig.play) */
} TwTuneError;

/* A figure to reach: the mean of @metric within [lo, hi] (shares as
 * fractions). */
typedef struct
{
  TwSimMetric metric;
  double      lo;
  double      hi;
} TwTuneTarget;

/* "NAME=V" or "NAME=LO..HI", NAME one of win_pK, advantage_pK, moves, tie
 * or end:REASON (a sweep's CSV columns) for a game like @game. */
gboolean        tw_tune_target_parse (const char          *text,
                                      const TwGame        *game,
                                      TwTuneTarget        *target,
                                      GError             **error);

/* How far @rows (tw_sim_summarize()) are from the targets: the sum of the
 * distances from each mean to its target's range, in moves and in points
 * of a share (0.01 of a share weighs one move). */
double          tw_tune_miss         (GArray              *rows,
                                      const TwTuneTarget  *targets,
                                      guint                n_targets);

/* One round of the search, as it ends: the cells still in it, nearest the
 * targets first, and their misses. */
typedef struct
{
  guint         round;       /* 1, 2, … */
  guint         n_cells;
  const guint  *cells;
  const double *miss;
  guint64       games;       /* each has played */
} TwTuneRound;

typedef void (*TwTuneRoundFunc) (const TwTuneRound *round,
                                 gpointer           user_data);

/* Plays games sim->first … sim->last-1 of cell @cell (sim->game and
 * sim->bots are the cell's) in place of tw_sim_run(). A search run round
 * by round hands out the games its shards played: NULL with
 * TW_TUNE_ERROR_PENDING says they are not played yet; the round still asks
 * for every other cell, then the search stops with that error. */
typedef TwSimArm *(*TwTunePlayFunc) (const TwSimConfig *sim,
                                     guint              cell,
                                     gpointer           user_data,
                                     GError           **error);

typedef struct
{
  guint               n_cells;
  TwGame * const     *games;      /* a game per cell */
  const TwBotSpec    *bots;       /* TW_MAX_PLAYERS per cell */
  const char         *path;       /* for the results, may be NULL */
  guint64             seed;
  guint64             start;      /* games every cell plays first (≥ 1) */
  guint64             games_max;  /* games the best plays in the end */
  guint               jobs;
  const gint         *cancel;     /* nullable, polled */
  const TwTuneTarget *targets;
  guint               n_targets;
  TwTuneRoundFunc     round;      /* nullable: after every round, on the calling thread */
  gpointer            round_data;
  TwTunePlayFunc      play;       /* nullable: tw_sim_run() */
  gpointer            play_data;
} TwTuneConfig;

typedef struct
{
  guint      best;         /* the cell nearest the targets */
  double     miss;
  TwSimArm  *arm;          /* its games */
  GArray    *rows;         /* tw_sim_summarize (arm) */
  guint      rounds;
  gboolean   interrupted;  /* cancelled: best is the leader of the last round that ended,
                            * not confirmed; arm may hold fewer games */
} TwTuneResult;

/* Runs the search on the calling thread (the games on config->jobs
 * threads). NULL with @error when a game fails or when it was cancelled
 * before a round ended. */
TwTuneResult   *tw_tune_run          (const TwTuneConfig  *config,
                                      GError             **error);
void            tw_tune_result_free  (TwTuneResult        *result);

/* Whether @arm holds exactly the games @first … @last-1: a round's
 * results, checked before the search takes them. */
gboolean        tw_tune_arm_covers   (const TwSimArm      *arm,
                                      guint64              first,
                                      guint64              last);

/* The text of @def with cell @cell's values: numbers at their paths as the
 * sweep wrote them, options in `variant:`; comments and layout kept. */
char           *tw_tune_cell_text    (const TwSweep       *sweep,
                                      TwDefinition        *def,
                                      guint                cell,
                                      GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwTuneResult, tw_tune_result_free)

G_END_DECLS
