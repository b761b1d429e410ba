/* tw-sim.h: batch simulation of bot games and their statistics
 *
 * A simulation plays games 0 … N-1 of one configuration (game, bots, seed).
 * Game i is a pure function of (seed, i): its state is seeded with
 * tw_sim_game_seed (seed, i) and seat p's bot draws from a generator seeded
 * with tw_sim_seat_seed (that game seed, p). Every statistic is reduced
 * from exact sums and histograms of the games (tw-sim-acc.c), whose value
 * does not depend on the order they are added in, so a run gives the same
 * bytes whatever the number of threads, and disjoint slices of the indexes
 * (shards) merge into exactly the full run.
 *
 * A TwSimArm is the result of one configuration over some game indexes: the
 * configuration as text (what merging checks) plus either one TwSimGame per
 * game or, for a run that streams (TwSimConfig.stream), a TwSimAcc: exact,
 * mergeable sums of everything the statistics need, whose size does not
 * grow with the number of games (tw-sim-acc.c).
 * It owns everything in it. Runs happen on GThreads; the core has no main
 * loop, so progress is a callback on the calling thread and cancellation is
 * a flag the caller sets.
 *
 * Code: tw-sim.c (seeds, arms, the runner), tw-sim-playtest.c (the quick
 * playtest: can a game score at all?), tw-sim-acc.c (the exact sums),
 * tw-sim-stats.c (statistics),
 * tw-sim-json.c and tw-sim-csv.c (results as JSON and CSV), tw-lab-file.c
 * (the Lab's run files).
 */
#pragma once

#include <glib.h>

#include "tw-bot.h"
#include "tw-game.h"

G_BEGIN_DECLS

#define TW_SIM_MAX_COUNTERS 32

#define TW_SIM_ERROR (tw_sim_error_quark ())
GQuark tw_sim_error_quark (void);

typedef enum
{
  TW_SIM_ERROR_RULES,      /* a game did not end, or a bot found no legal move: a bug */
  TW_SIM_ERROR_CANCELLED,  /* the cancel flag was set */
  TW_SIM_ERROR_PARSE,      /* a results file is not valid JSON of this format */
  TW_SIM_ERROR_MISMATCH,   /* results of different configurations cannot merge */
} TwSimError;

/* The seed of game @index of a run seeded with @seed, and of a seat's bot. */
guint64          tw_sim_game_seed        (guint64            seed,
                                          guint64            index);
guint64          tw_sim_seat_seed        (guint64            game_seed,
                                          guint              seat);

/* One finished game. rank[] is 0 for first, equal ranks share a place. */
typedef struct
{
  guint64 index;
  guint64 seed;
  guint32 moves;
  guint8  rank[TW_MAX_PLAYERS];
  double  score[TW_MAX_PLAYERS];
  guint64 counters[TW_SIM_MAX_COUNTERS];
  /* How the game went (TwSimArm.has_play): */
  guint8  end_reason;     /* index in the arm's end_reasons; 0 when the module has none */
  guint8  comeback;       /* 1: the sole winner was not first at half time */
  guint32 lead_changes;   /* times the sole leader changed (ties lead nobody) */
  guint32 decided;        /* the move after which the sole winner led to the end
                           * (moves: at the end; a tie for first: moves) */
  guint32 forced;         /* decisions with one legal move */
  guint64 legal;          /* legal moves summed over the decisions */
} TwSimGame;

/* What the games of an arm did with one component of the definition
 * (`simulate --impact`), as exact sums, so that shards merge to the same
 * figures whatever the order. A seat's win in a game counts 840 when it
 * wins alone and 840/k in a k-way tie for first (840 is divisible by every
 * k up to TW_MAX_PLAYERS). */
typedef struct
{
  guint64 games;       /* games in which it came into play */
  guint64 uses;        /* times a seat used it */
  guint64 users;       /* seat-games in which the seat used it */
  guint64 win_users;   /* the users' wins, in 1/840 */
  guint64 win2_users;  /* the sum of their squares */
  guint64 win_all;     /* every seat's wins in the games it came into play */
  guint64 win2_all;
} TwSimImpact;

#define TW_SIM_WIN_UNIT 840

/* The statistics of an arm's games as exact, mergeable sums (tw-sim-acc.c):
 * per metric the histogram of its per-game values, the game indexes as
 * ranges, and in arm B of a comparison played by pairs the sums of the
 * paired differences. */
typedef struct _TwSimAcc TwSimAcc;

/* Results of one configuration. Everything is owned by the arm. */
typedef struct
{
  char      *label;          /* "A", "B", or NULL for a single run */
  char      *change;         /* what differs from arm A ("set x=1"), or NULL */
  char      *rules_id;
  char      *definition;     /* the definition's name */
  char      *definition_sha256; /* SHA-256 of the definition's text (what merge compares:
                                 * two definitions may share a name), or NULL
                                 * in results written before it was kept */
  char      *path;           /* the definition file, informative only */
  guint      n_players;
  char     **bots;           /* one canonical spec per seat, NULL-terminated */
  char     **options;        /* every option as "name=value", NULL-terminated */
  guint64    seed;
  guint64    total_games;    /* N of the full run the games are taken from */
  guint      n_counters;
  char     **counter_names;  /* NULL-terminated */
  char     **end_reasons;    /* the module's ways to end, NULL-terminated, maybe empty */
  gboolean   has_play;       /* the games carry how they went (TwSimGame.lead_changes…);
                              * FALSE for results written before they did */
  GArray    *games;          /* TwSimGame, sorted by index, no duplicates; NULL
                              * when the arm streamed: then acc holds its games */
  TwSimAcc  *acc;            /* NULL when games is set */
  /* Per-component figures (config impact, modules with component_events):
   * one per component, the definition's tiles, then pieces, then cards,
   * named "tile:ID", "piece:ID", "card:ID"; NULL when not measured. */
  guint        n_components;
  char       **component_ids;  /* NULL-terminated, or NULL */
  TwSimImpact *impact;
  gboolean   interrupted;    /* cancelled with keep_partial: games holds those that ended;
                              * written to JSON, not read back (merged shards are whole) */
} TwSimArm;

TwSimArm        *tw_sim_arm_new          (const TwGame      *game,
                                          const char        *path,
                                          const TwBotSpec   *bots,
                                          guint64            seed,
                                          guint64            total_games);
void             tw_sim_arm_free         (TwSimArm          *arm);
/* Adds the games of @other (same configuration, disjoint indexes) to @arm. */
gboolean         tw_sim_arm_merge        (TwSimArm          *arm,
                                          const TwSimArm    *other,
                                          GError           **error);

/* The games @arm counts (held, or accumulated). */
guint64          tw_sim_arm_n_games      (const TwSimArm    *arm);

/* Forgets @arm's per-component figures (merged with results without them). */
void             tw_sim_arm_drop_impact  (TwSimArm          *arm);

/* Called on the thread running tw_sim_run() a few times a second and once at
 * the end; @done counts finished games of this run. */
typedef void   (*TwSimProgressFunc)      (guint64            done,
                                          guint64            total,
                                          gpointer           user_data);
/* Called on a worker thread after each bot decision of game @index with the
 * thread CPU time the decision took (CLOCK_THREAD_CPUTIME_ID), in
 * nanoseconds. A game's calls come from one thread, in move order; calls of
 * different games come from several threads at once. A game that is dropped
 * (cancelled) has had calls too. */
typedef void   (*TwSimMoveFunc)          (guint64            index,
                                          guint              seat,
                                          gint64             cpu_ns,
                                          gpointer           user_data);

typedef struct
{
  const TwGame      *game;
  const char        *path;                   /* for the results, may be NULL */
  TwBotSpec          bots[TW_MAX_PLAYERS];   /* one per seat */
  guint64            seed;
  guint64            total_games;            /* N */
  guint64            first;                  /* games first … last-1 are played */
  guint64            last;
  guint              jobs;                   /* threads, at least 1 */
  const gint        *cancel;                 /* nullable; polled by games and bots */
  TwSimProgressFunc  progress;               /* nullable */
  gpointer           progress_data;
  gboolean           keep_partial;           /* when cancelled, return the finished games */
  /* Optional lineups (a tournament): when n_lineups > 0, game i is played by
   * lineups[(i mod n_lineups) * n_players + seat] instead of bots[], still
   * with the seeds of (seed, i); the arm records lineup 0 as its bots. */
  const TwBotSpec   *lineups;
  guint              n_lineups;
  TwSimMoveFunc      on_move;                /* nullable: times every decision */
  gpointer           on_move_data;
  gboolean           impact;                 /* measure per-component figures */
  /* Keep no per-game records: the arm's games are NULL and its acc counts
   * them, so that memory does not grow with the number of games. */
  gboolean           stream;
  /* nullable: called with each game that ended, in index order (a game
   * that ends early waits for those before it), on a worker thread, one
   * call at a time; @arm is 0, or 1 for arm B of tw_sim_run_pair(). */
  void             (*on_game)                (guint              arm,
                                              const TwSimGame   *game,
                                              gpointer           user_data);
  gpointer           on_game_data;
} TwSimConfig;

/* Games @first … @last-1 of shard @k (1-based) of @n over @total games. */
void             tw_sim_shard_range      (guint64            total,
                                          guint              k,
                                          guint              n,
                                          guint64           *first,
                                          guint64           *last);
/* Plays one game to its end into @out; FALSE with TW_SIM_ERROR_RULES on a
 * rules or bot bug, TW_SIM_ERROR_CANCELLED when cancelled. */
gboolean         tw_sim_play_game        (const TwGame      *game,
                                          const TwBotSpec   *bots,
                                          guint64            game_seed,
                                          const gint        *cancel,
                                          TwSimGame         *out,
                                          GError           **error);
TwSimArm        *tw_sim_run              (const TwSimConfig *config,
                                          GError           **error);
/* Plays game i of @config and then of @game_b (arm B: the same bots, seed
 * and games on another game) together, for every i, so that with
 * config->stream arm B's acc holds the paired differences B - A without
 * keeping games; a game i counts in both arms or in neither (cancelled).
 * Returns arm A, and arm B in @arm_b. */
TwSimArm        *tw_sim_run_pair         (const TwSimConfig *config,
                                          const TwGame      *game_b,
                                          const char        *path_b,
                                          TwSimArm         **arm_b,
                                          GError           **error);

/* Quick playtest ----------------------------------------------------------- */

/* Whether a game can reach its scoring at all, asked cheaply (the Design
 * view asks it after every edit that loads; doc/architecture.md): games
 * 0, 1, … of a run seeded with @seed, one after another on the calling
 * thread, until one ends with a seat's final score (TwRules.scores) other
 * than 0 or @max_games have ended with every score 0. Even games are played
 * by the greedy bot in every seat, odd ones by the random bot (why: in
 * tw-sim-playtest.c). A pure function of the game, @seed and @max_games. */
typedef struct
{
  guint    games;        /* games played */
  gboolean scored;       /* the last of them ended with a score other than 0 */
} TwSimPlaytest;

/* The games and seed the Design view plays: 200 greedy and random games of
 * the slowest bundled game take 1.3 s of CPU on one core (doc/architecture.md). */
#define TW_SIM_PLAYTEST_GAMES 200
#define TW_SIM_PLAYTEST_SEED  1

/* FALSE with TW_SIM_ERROR_RULES on a rules or bot bug, or
 * TW_SIM_ERROR_CANCELLED once @cancel (nullable, polled before every
 * decision) is set. */
gboolean         tw_sim_quick_playtest   (const TwGame      *game,
                                          guint64            seed,
                                          guint              max_games,
                                          const gint        *cancel,
                                          TwSimPlaytest     *out,
                                          GError           **error);

/* Statistics ------------------------------------------------------------ */

typedef enum
{
  TW_SIM_METRIC_WIN,      /* per seat: 1 for a win, 1/k for a k-way tie for first */
  TW_SIM_METRIC_SCORE,    /* per seat */
  TW_SIM_METRIC_MOVES,    /* moves (decisions) in the game */
  TW_SIM_METRIC_TIE,      /* 1 when two or more seats tie for first */
  TW_SIM_METRIC_COUNTER,  /* a module counter, by index */
  /* with TwSimArm.has_play (doc/simulate.md has the definitions): */
  TW_SIM_METRIC_ADVANTAGE,    /* per seat: its win less the fair share 1/players */
  TW_SIM_METRIC_END,          /* 1 when the game ended the way of index (end_reasons) */
  TW_SIM_METRIC_LEAD_CHANGES, /* times the sole leader changed */
  TW_SIM_METRIC_DECIDED,      /* the share of the game after which the winner led for good */
  TW_SIM_METRIC_COMEBACK,     /* 1 when the sole winner was not first at half time */
  TW_SIM_METRIC_MARGIN,       /* the winner's score less the best other seat's (0: a tie) */
  TW_SIM_METRIC_BRANCHING,    /* legal moves per decision */
  TW_SIM_METRIC_FORCED,       /* the share of decisions with one legal move */
} TwSimMetricKind;

typedef struct
{
  TwSimMetricKind kind;
  guint           index;  /* seat, counter or end reason */
} TwSimMetric;

/* A value a metric takes, and in how many games. */
typedef struct
{
  double  value;
  guint64 count;
} TwSimBin;

/* Mean, standard deviation (n-1) and quantiles (linear interpolation between
 * order statistics, as R's type 7 and numpy's default). */
typedef struct
{
  guint64 n;
  double  sum;
  double  sum_sq;
  double  mean;
  double  sd;
  double  min;
  double  q25;
  double  median;
  double  q75;
  double  max;
} TwSimStats;

/* One row of a summary: rows of a share (win, tie, advantage, end,
 * comeback) carry the Wilson interval in lo/hi, other rows the t 95%
 * interval of the mean. */
typedef struct
{
  TwSimMetric metric;
  char       *name;       /* "win", "score", "moves", "tie", "advantage", "lead-changes",
                           * "decided", "comeback", "margin", "branching", "forced",
                           * the counter's name or the end reason's */
  TwSimStats  stats;
  double      lo;
  double      hi;
} TwSimRow;

/* A difference B - A of one metric's mean. */
typedef struct
{
  TwSimMetric metric;
  char       *name;
  guint       index_b;     /* the metric's seat, counter or end reason index in arm B */
  double      mean_a;
  double      mean_b;
  double      diff;
  double      lo;
  double      hi;
  guint64     n;           /* pairs, or games of the smaller arm when unpaired */
  gboolean    paired;
  gboolean    significant; /* the interval excludes 0 */
  double      p;           /* two-sided, normal approximation from the interval */
  double      p_holm;      /* p adjusted by Holm's method within its family: the
                            * seats' wins and the tie, the seats' scores, the
                            * counters, the end reasons, each other metric alone */
} TwSimDiff;

/* What an A/B comparison says about who wins, in plain terms: the seat
 * whose win share changed most, and whether that is a real difference (Holm
 * over the seats' wins and the tie, p < 0.05, and at least @negligible), a
 * negligible one (significant but smaller) or none this run can detect. */
typedef enum
{
  TW_SIM_VERDICT_NONE,
  TW_SIM_VERDICT_NEGLIGIBLE,
  TW_SIM_VERDICT_REAL,
} TwSimVerdictKind;

typedef struct
{
  TwSimVerdictKind kind;
  TwSimMetric      metric;   /* the seat's win (or the tie) that changed most */
  double           diff;     /* B - A, as a share */
  double           lo;
  double           hi;
  double           p_holm;
  /* The ties for first, when they changed by a real difference (Holm p <
   * 0.05 and at least @negligible), else NULL: points into @diffs. */
  const TwSimDiff *ties;
} TwSimVerdict;

/* Holm's method: @adjusted[i] for @p[i] over the @n values that are not NaN
 * (NaN stays NaN). @adjusted may be @p. */
void             tw_sim_holm             (const double      *p,
                                          guint              n,
                                          double            *adjusted);

gboolean         tw_sim_metric_is_share  (const TwSimMetric *metric);
double           tw_sim_game_metric      (const TwSimArm    *arm,
                                          const TwSimGame   *g,
                                          const TwSimMetric *metric);
/* The values @metric takes in @arm's games, ascending, each with how many
 * games take it (held games or a streamed arm's histogram alike), for
 * charts; NULL with 0 bins when the arm has no such metric or no games.
 * Free with g_free. */
TwSimBin        *tw_sim_arm_distribution (const TwSimArm    *arm,
                                          const TwSimMetric *metric,
                                          guint             *n_bins);
/* Every metric of the arm: wins, scores, moves, tie, counters, and with
 * has_play advantage, endings and how the games went. Free with
 * g_array_unref (the rows' names are freed with it). */
GArray          *tw_sim_summarize        (const TwSimArm    *arm);
/* The verdict on who wins from tw_sim_compare()'s @diffs; @negligible: the
 * smallest difference of win share (0.02 for 2 points) called real. FALSE
 * when the diffs hold no seat's win. */
gboolean         tw_sim_win_verdict      (GArray            *diffs,
                                          double             negligible,
                                          TwSimVerdict      *out);
/* Whether every seat of @arm has the same bot. */
gboolean         tw_sim_arm_same_bots    (const TwSimArm    *arm);
/* The verdict on seat advantage in one run, from tw_sim_summarize()'s
 * @rows of an arm of @n_players: the seat whose win share is farthest from
 * the fair share 1/@n_players (a score test of the share against it, Holm
 * over the seats), real when the adjusted p is under 0.05 and the distance
 * at least @negligible, negligible when smaller, none otherwise. @out's
 * diff, lo and hi are the seat's win share and interval less the fair
 * share. FALSE when the rows hold no game. */
gboolean         tw_sim_seat_verdict     (GArray            *rows,
                                          guint              n_players,
                                          double             negligible,
                                          TwSimVerdict      *out);
/* The row of a summary for @kind and @index, or NULL. */
const TwSimRow  *tw_sim_find_row         (GArray            *rows,
                                          TwSimMetricKind    kind,
                                          guint              index);
/* The differences of every metric the arms share (counters by name). Paired
 * by game when both arms hold the same game indexes and seeds, else Welch. */
GArray          *tw_sim_compare          (const TwSimArm    *a,
                                          const TwSimArm    *b);

void             tw_sim_stats_compute    (const double      *values,
                                          guint64            n,
                                          TwSimStats        *out);
/* Wilson score interval of @successes (may be fractional) in @n trials. */
void             tw_sim_wilson           (double             successes,
                                          double             n,
                                          double             z,
                                          double            *lo,
                                          double            *hi);
/* The @q quantile (0 … 1) of @values, interpolated as tw_sim_stats_compute()
 * does; reorders @values; NAN when @n is 0. */
double           tw_sim_quantile         (double            *values,
                                          guint64            n,
                                          double             q);
/* The 97.5% quantile of Student's t with @df degrees of freedom. */
double           tw_sim_t975             (double             df);

/* One component's figures (tw_sim_impact_rows()): how often it came into
 * play and was used, and the win share of the seats that used it against
 * that of the seats that did not, in the games it came into play. */
typedef struct
{
  const char *id;            /* "card:size-5", the arm's */
  guint       component;     /* index in the arm's component_ids */
  double      appeared;      /* the share of games it came into play */
  double      uses;          /* uses per game it came into play */
  guint64     users;         /* seat-games in which it was used */
  guint64     others;        /* seat-games of those games in which it was not */
  double      win_users;     /* their win shares */
  double      win_others;
  double      diff;          /* win_users - win_others */
  double      lo;            /* its 95% interval (normal approximation) */
  double      hi;
  double      p;             /* two-sided p of no difference */
  double      p_holm;        /* p adjusted by Holm's method over the rows with both groups */
  gboolean    significant;   /* p_holm < 0.05 */
} TwSimImpactRow;

/* The components of @arm that came into play, outliers first: those with
 * both users and others by |diff| descending, then the rest by id. NULL
 * when the arm has no figures. Free with g_array_unref. */
GArray          *tw_sim_impact_rows      (const TwSimArm    *arm);

/* Results as JSON ---------------------------------------------------------- */

/* Appends the document {"format": "tilewright-simulation", "arms": [...],
 * "comparison": [...]} with every game, so that it can be merged; with
 * "interrupted": true after "version" when an arm is interrupted. */
void             tw_sim_to_json          (GPtrArray         *arms,
                                          GString           *out);
/* The largest results file `merge` reads (doc/simulate.md, "Limits"): over a
 * million games of 2-4 players at 150-250 bytes per game. Larger runs are
 * split into more shards. */
#define TW_SIM_RESULTS_MAX_BYTES (256 * 1024 * 1024)
/* The largest .twlab file read: a Lab run of TW_SIM_LAB_KEEP_GAMES games per
 * arm is under 70 MB (a streamed A/B run of 200,000 games, 424 KB). */
#define TW_SIM_LAB_FILE_MAX_BYTES (256 * 1024 * 1024)

/* Reads such a document; appends its arms (TwSimArm, owned) to @arms. */
gboolean         tw_sim_from_json        (const char        *text,
                                          gsize              len,
                                          GPtrArray         *arms,
                                          GError           **error);

/* Results as CSV ----------------------------------------------------------- */

/* Appends the summary: arm,metric,seat,n,mean,sd,min,q25,median,q75,max,lo,hi,
 * significant (doc/simulate.md). */
void             tw_sim_summary_csv      (GPtrArray         *arms,
                                          GString           *out);
/* Appends one row per game: [arm,]game,seed,moves,score_pN…,place_pN…,
 * COUNTER… (place 1 is first; arm with two arms or when @arm_column). */
void             tw_sim_games_csv        (GPtrArray         *arms,
                                          gboolean           arm_column,
                                          GString           *out);
/* The same rows, written as games end (a run that keeps no games): the
 * header is appended to @out by _new, each game's row by _row (@arm: its
 * index in @arms, which must outlive the writer). */
typedef struct _TwSimGamesCsv TwSimGamesCsv;
TwSimGamesCsv   *tw_sim_games_csv_new    (GPtrArray         *arms,
                                          gboolean           arm_column,
                                          GString           *out);
void             tw_sim_games_csv_row    (TwSimGamesCsv     *csv,
                                          guint              arm,
                                          const TwSimGame   *game,
                                          GString           *out);
void             tw_sim_games_csv_free   (TwSimGamesCsv     *csv);
/* Appends @text as one field, quoted when it must be. */
void             tw_sim_csv_field        (GString           *out,
                                          const char        *text);

/* Lab runs ------------------------------------------------------------------ */

/* A run of the Lab view saved to a file (doc/simulate.md, "Lab runs"): the
 * definition's text, the settings of the form, and the results, so that the
 * file reopens to the same settings and charts without playing again.
 * Everything is owned by the run. */
typedef struct
{
  char      *definition_path;  /* nullable, informative */
  char      *definition_name;
  char      *definition_text;  /* the YAML the games were played on */
  guint      n_players;
  char     **bots;             /* one canonical spec per seat, NULL-terminated */
  guint64    games;            /* N asked for; the arms may hold fewer (a cancelled run) */
  guint64    seed;
  guint      jobs;
  char     **options;          /* arm A's options, "name=value", NULL-terminated */
  char      *compare;          /* arm B's change "name=value", or NULL */
  /* When B plays another definition (version 2 of the file): its path
   * (nullable, informative), name and text; all NULL otherwise. A run is an
   * A/B run when compare or compare_definition_text is set. */
  char      *compare_definition_path;
  char      *compare_definition_name;
  char      *compare_definition_text;
  GPtrArray *arms;             /* TwSimArm: A, or A and B */
} TwSimLabRun;

/* The Lab's runs keep every game up to this many games per arm (for the
 * per-game CSV): an A/B run of this many holds about 350 bytes per game and
 * arm (TwSimGame), some 70 MB, and stays well under 200 MB while it is
 * merged, charted and saved. Larger runs stream (TwSimConfig.stream): their
 * exact statistics take the same memory however many games are played. */
#define TW_SIM_LAB_KEEP_GAMES 100000
/* The Lab's largest run, in games per arm: a streamed run's memory does not
 * grow with it; the bound keeps the count within a guint and the form's
 * settings. */
#define TW_SIM_LAB_MAX_GAMES 1000000000

TwSimArm        *tw_sim_arm_copy         (const TwSimArm    *arm);
TwSimLabRun     *tw_sim_lab_run_new      (void);
void             tw_sim_lab_run_free     (TwSimLabRun       *run);
void             tw_sim_lab_run_to_json  (const TwSimLabRun *run,
                                          GString           *out);
TwSimLabRun     *tw_sim_lab_run_from_json (const char       *text,
                                          gsize              len,
                                          GError           **error);
/* Atomically: a temporary file, fsync, rename. */
gboolean         tw_sim_lab_run_save     (const TwSimLabRun *run,
                                          const char        *path,
                                          GError           **error);
TwSimLabRun     *tw_sim_lab_run_load     (const char        *path,
                                          GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwSimArm, tw_sim_arm_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwSimLabRun, tw_sim_lab_run_free)

G_END_DECLS
