/* tw-lab-run.h: a Lab run: bots play a game many times off the main loop
 *
 * The run controller of the Lab view, without widgets: it plays the games
 * of its configuration on a worker thread through tw_sim_run(), in chunks of
 * consecutive game indexes, and hands the finished chunks to the main loop
 * ("results"), with the progress ("progress") and, once, how it ended
 * ("finished" or "failed").
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "tw-bot.h"
#include "tw-game.h"
#include "tw-sim.h"

G_BEGIN_DECLS

/* What a run plays. An A/B run plays B's game with the same bots, seed and
 * game indexes as A's; its results are labelled "A" and "B", and B's carry
 * @change. */
typedef struct
{
  TwGame    *games[2];             /* owned: A's, and B's in an A/B run (else NULL) */
  char      *change;               /* B's difference as its results say it: "set NAME=VALUE"
                                    * or "definition TITLE"; NULL for one arm */
  char      *compare;              /* B's option as "NAME=VALUE" when B sets one, else NULL */
  TwBotSpec  bots[TW_MAX_PLAYERS]; /* a bot per seat */
  guint64    seed;
  guint64    total;                /* games per arm */
  guint      jobs;                 /* threads */
  gboolean   stream;               /* keep no games, only exact statistics: always so
                                    * above TW_SIM_LAB_KEEP_GAMES games */
} TwLabRunConfig;

void tw_lab_run_config_clear (TwLabRunConfig *config);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TwLabRunConfig, tw_lab_run_config_clear)

#define TW_TYPE_LAB_RUN (tw_lab_run_get_type ())

G_DECLARE_FINAL_TYPE (TwLabRun, tw_lab_run, TW, LAB_RUN, GObject)

TwLabRun             *tw_lab_run_new          (const TwLabRunConfig *config);
const TwLabRunConfig *tw_lab_run_get_config   (TwLabRun             *self);
guint                 tw_lab_run_get_n_arms   (TwLabRun             *self);
void                  tw_lab_run_start        (TwLabRun             *self);
void                  tw_lab_run_cancel       (TwLabRun             *self);
void                  tw_lab_run_discard      (TwLabRun             *self);
gboolean              tw_lab_run_get_running  (TwLabRun             *self);
void                  tw_lab_run_get_progress (TwLabRun             *self,
                                               guint64              *done,
                                               guint64              *total);
double                tw_lab_run_get_elapsed  (TwLabRun             *self);

G_END_DECLS
