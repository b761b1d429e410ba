/* tw-cli.h: what the commands of tilewright-cli share
 *
 * Each command group lives in its own tw-cli-<group>.c and exposes one
 * `int tw_cli_<command> (int argc, char **argv)` that parses its own options
 * with a GOptionContext and returns a TwExit code. Messages go to stderr as
 * "tilewright-cli: COMMAND: what went wrong"; results go to stdout.
 */
#pragma once

#include <glib.h>

#include "tw-definition.h"
#include "tw-file.h"
#include "tw-bot.h"
#include "tw-game.h"
#include "tw-sim.h"
#include "tw-sweep.h"

G_BEGIN_DECLS

/* Exit codes, documented in --help and doc/cli.md. */
typedef enum
{
  TW_EXIT_OK           = 0,
  TW_EXIT_FAILURE      = 1,  /* an internal error: a bug, please report it */
  TW_EXIT_USAGE        = 2,  /* bad command line */
  TW_EXIT_INVALID_FILE = 3,  /* a definition or record has problems */
  TW_EXIT_ILLEGAL_MOVE = 4,  /* a move is unreadable or illegal */
  TW_EXIT_IO           = 5,  /* a file cannot be read or written */
  TW_EXIT_INTERRUPTED  = 130,/* stopped by Ctrl-C (SIGINT), as shells report it */
} TwExit;

typedef struct
{
  const char *name;
  const char *parameters;  /* for the usage line: "FILE…" */
  const char *summary;
  int       (*run)        (int    argc,
                           char **argv);
} TwCliCommand;

/* Errors raised by the CLI itself; the code is the TwExit to return. */
#define TW_CLI_ERROR (tw_cli_error_quark ())
GQuark          tw_cli_error_quark        (void);

/* Commands */
int             tw_cli_validate           (int                  argc,
                                           char               **argv);
int             tw_cli_rules              (int                  argc,
                                           char               **argv);
int             tw_cli_play               (int                  argc,
                                           char               **argv);
int             tw_cli_replay             (int                  argc,
                                           char               **argv);
int             tw_cli_bench              (int                  argc,
                                           char               **argv);
int             tw_cli_simulate           (int                  argc,
                                           char               **argv);
int             tw_cli_merge              (int                  argc,
                                           char               **argv);
int             tw_cli_tune               (int                  argc,
                                           char               **argv);
int             tw_cli_tournament         (int                  argc,
                                           char               **argv);
int             tw_cli_export             (int                  argc,
                                           char               **argv);
int             tw_cli_import             (int                  argc,
                                           char               **argv);
int             tw_cli_gtp                (int                  argc,
                                           char               **argv);

/* tw-cli-common.c */
const TwCliCommand *tw_cli_get_commands   (guint               *n_commands);
const TwCliCommand *tw_cli_find_command   (const char          *name);
/* The command that is running, named in messages. */
void            tw_cli_set_command        (const char          *name);
const char     *tw_cli_exit_codes_help    (void);
/* Prints "tilewright-cli: COMMAND: MESSAGE" on stderr. */
void            tw_cli_error              (const char          *format,
                                           ...) G_GNUC_PRINTF (1, 2);
/* Prints "Try “tilewright-cli COMMAND --help”." on stderr, after a usage error. */
void            tw_cli_try_help           (void);
/* A context for @command: its usage line, summary and the exit codes. */
GOptionContext *tw_cli_context_new        (const char          *command,
                                           const GOptionEntry  *entries);
/* Parses and reports a usage error; returns TW_EXIT_OK or TW_EXIT_USAGE. */
int             tw_cli_parse              (GOptionContext      *context,
                                           int                 *argc,
                                           char              ***argv);
/* Prints the error and returns the exit code for it. */
int             tw_cli_report_error       (const GError        *error);
int             tw_cli_exit_for_error     (const GError        *error);
/* Loads a definition; on failure prints every diagnostic and sets @exit_code. */
TwDefinition   *tw_cli_load_definition    (const char          *path,
                                           int                 *exit_code);
/* The faces' image files and fonts (tw-face-draw.h): every problem printed
 * as FILE:LINE:COLUMN; FALSE and *exit_code set when an image cannot be
 * used. For the commands that print: validate, export. */
gboolean        tw_cli_check_faces        (TwDefinition        *def,
                                           int                 *exit_code);
gboolean        tw_cli_parse_seed         (const char          *text,
                                           guint64             *seed,
                                           GError             **error);
/* Creates the game for --players and --set; @players 0 means the minimum. */
TwGame         *tw_cli_new_game           (TwDefinition        *def,
                                           int                  players,
                                           char               **sets,
                                           GError             **error);
/* @text with control characters as \xNN (or \u00NN for C1) and invalid
 * UTF-8 as \xNN: a name read from a file, safe to print on a terminal. */
char           *tw_cli_printable          (const char          *text);
/* Writes text as UTF-8 bytes whatever the locale. */
void            tw_cli_print              (const char          *format,
                                           ...) G_GNUC_PRINTF (1, 2);

/* Whether the first 255 bytes of @path hold @text (a JSON document's
 * format), for merge to choose its reader; an unreadable file does not. */
gboolean        tw_cli_file_head_has      (const char          *path,
                                           const char          *text);

/* Writes @out to @path (atomically) or, when NULL, to standard output. */
gboolean        tw_cli_write_output       (const GString       *out,
                                           const char          *path,
                                           GError             **error);

/* The results' --format of simulate and merge. */
typedef enum
{
  TW_CLI_FORMAT_TEXT,
  TW_CLI_FORMAT_JSON,
  TW_CLI_FORMAT_CSV,
} TwCliFormat;

/* tw-cli-tune-rounds.c: a search run round by round (doc/simulate.md,
 * "A search on a cluster"). */
typedef struct _TwCliRounds TwCliRounds;

/* The most shards the printed commands split a round into. */
#define TW_CLI_ROUNDS_MAX_SHARDS 10000

/* tw-cli-sweep.c: `simulate --sweep`, what tw_cli_simulate() read from its
 * command line (checked, except the sweeps and how they fit with the rest). */
typedef struct
{
  const char   *path;
  TwDefinition *def;
  char        **sweeps;       /* the --sweep arguments */
  char        **sets;         /* nullable */
  int           players;      /* 0: not given */
  const char   *bots;         /* nullable: random */
  guint64       seed;
  guint64       games;
  guint         jobs;
  TwCliFormat   format;
  const char   *output;       /* nullable: standard output */
  char        **targets;      /* nullable: --target, a search instead of the grid */
  guint64       start;        /* --start: the first round's games of a search */
  const char   *write;        /* nullable: --write, the best cell's definition */
  const char   *sweep_option; /* nullable: how messages name a sweep ("--sweep") */
  guint         shard_k;      /* --shard K/N: every cell plays the K-th slice of its games */
  guint         shard_n;      /* 0 or 1: the whole */
  gboolean      impact;       /* --impact: every cell measures its components */
  TwCliRounds  *rounds;       /* nullable: a search run round by round (with targets) */
} TwCliSweepArgs;

/* Plays every cell of the sweep and prints the table; returns a TwExit. */
int             tw_cli_sweep_run          (const TwCliSweepArgs *args);
/* Whether @path looks like a sweep's JSON results (its first bytes name the
 * format), for merge to choose its reader; an unreadable file is not. */
gboolean        tw_cli_sweep_results_file (const char           *path);
/* merge over the JSON results of shards of one sweep: the cells merged one
 * by one, printed as the whole sweep would be; returns a TwExit. */
int             tw_cli_sweep_merge        (char                **paths,
                                           guint                 n_paths,
                                           TwCliFormat           format);

/* What `tune --round-state` and `simulate --round-state` read from their
 * command line. Without @results and @shard_n the search begins as given;
 * otherwise it is the state's, and the options given must be its own. */
typedef struct
{
  const char   *state;        /* --round-state */
  char        **results;      /* nullable: --round-results, the last round's (shards) */
  const char   *path;         /* nullable after the first step */
  char        **varies;       /* nullable after the first step, as the rest */
  char        **targets;
  char        **sets;
  int           players;
  const char   *bots;
  guint64       seed;
  gboolean      seed_given;
  guint64       games;        /* 0: not given */
  guint64       start;        /* 0: not given */
  guint         shards;       /* 0: not given */
  guint         jobs;
  const char   *output;
  const char   *write;
  const char   *sweep_option;
  guint         shard_k;      /* simulate --round-state --shard K/N */
  guint         shard_n;      /* 0: not a shard */
} TwCliRoundsArgs;

/* Runs one step: writes the next round's plan, plays a shard of it, or
 * prints the report of the search that ended; returns a TwExit. */
int             tw_cli_rounds_run         (const TwCliRoundsArgs *args);
TwCliRounds    *tw_cli_rounds_read        (const char           *state_path,
                                           GError              **error);
void            tw_cli_rounds_free        (TwCliRounds          *rounds);
/* TwTuneConfig.play and the end of a round (tune_run() in tw-cli-sweep.c) */
TwSimArm       *tw_cli_rounds_play        (const TwSimConfig    *sim,
                                           guint                 cell,
                                           gpointer              rounds,
                                           GError              **error);
void            tw_cli_rounds_round_ended (TwCliRounds          *rounds);
/* The search's cells, for messages: set before the search runs. */
void            tw_cli_rounds_set_sweep   (TwCliRounds          *rounds,
                                           const TwSweep        *sweep);
/* The search stopped at a round not played yet: writes the state and
 * appends the next step's commands to @out (or, for a shard, puts its
 * results in @out); returns a TwExit. */
int             tw_cli_rounds_pending     (TwCliRounds          *rounds,
                                           const TwSweep        *sweep,
                                           GString              *out);
/* The search ended: FALSE when the state's rounds are not all its own, or
 * for a shard (nothing is left to play). */
gboolean        tw_cli_rounds_check_done  (const TwCliRounds    *rounds,
                                           GError              **error);
/* Whether @rounds (nullable) plays a shard: simulate --round-state. */
gboolean        tw_cli_rounds_is_shard    (const TwCliRounds    *rounds);
/* merge over the results of shards of one round */
gboolean        tw_cli_rounds_results_file (const char          *path);
int             tw_cli_rounds_merge       (char                **paths);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwCliRounds, tw_cli_rounds_free)

/* Batch runs (simulate, tournament). A progress line on stderr while it is
 * a terminal: pass tw_cli_progress_cb and the struct as TwSimConfig's
 * progress; offset counts games of earlier runs of the same command. */
typedef struct
{
  gboolean enabled;
  gint64   start;
  guint64  offset;
  guint64  grand_total;
  gboolean printed;
} TwCliProgress;

void            tw_cli_progress_init      (TwCliProgress       *progress,
                                           guint64              grand_total);
void            tw_cli_progress_cb        (guint64              done,
                                           guint64              total,
                                           gpointer             user_data);
/* Clears the line if one was drawn. */
void            tw_cli_progress_end       (TwCliProgress       *progress);
/* Catches the first Ctrl-C (SIGINT) into the flag it returns, for
 * TwSimConfig.cancel; a second Ctrl-C quits at once. Release restores the
 * previous handler. */
const gint     *tw_cli_sigint_catch       (void);
void            tw_cli_sigint_release     (void);

/* tw-cli-bots.c: the seat players, from the core's bots (tw-bot.h). */
typedef struct _TwCliBot TwCliBot;

/* Splits a --bots list into specs: "KEY=VALUE" items continue the previous
 * bot's settings ("mcts:iterations=500,c=0.5,greedy" is two bots). */
char          **tw_cli_split_bots         (const char          *list);
/* One spec, "NAME[:KEY=VALUE,…]" (":" also separates settings); an unknown
 * bot or setting is a TW_CLI_ERROR usage error listing what is known. */
gboolean        tw_cli_bot_spec_parse     (const char          *text,
                                           TwBotSpec           *spec,
                                           GError             **error);
/* @list NULL means "random"; one spec for every seat or one per seat. */
gboolean        tw_cli_parse_bots         (const char          *list,
                                           guint                n_players,
                                           TwBotSpec           *specs,
                                           GError             **error);
/* A seat's bot with its own generator, seeded with tw_sim_seat_seed (seed, seat). */
TwCliBot       *tw_cli_bot_new            (const TwBotSpec     *spec,
                                           const TwGame        *game,
                                           guint                seat,
                                           guint64              seed);
/* FALSE when the seat has no legal move (the game is over). */
gboolean        tw_cli_bot_choose         (TwCliBot            *bot,
                                           const TwState       *state,
                                           TwMove              *move);
void            tw_cli_bot_free           (TwCliBot            *bot);
/* "random, greedy, mcts": the known bot names, for messages. */
char           *tw_cli_bot_names          (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwCliBot, tw_cli_bot_free)

G_END_DECLS
