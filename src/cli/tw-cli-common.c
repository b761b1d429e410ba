/* tw-cli-common.c: the command table and what commands share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tw-face-draw.h"
#include "tw-record.h"
#include "tw-tune.h"

G_DEFINE_QUARK (tw-cli-error-quark, tw_cli_error)

/* The summaries and parameter names are translated where they are shown:
 * by GOptionContext (its translation domain) and in the main --help. */
static const TwCliCommand commands[] = {
  { "validate", N_("FILE…"),  N_("Check game definition files and report every problem"), tw_cli_validate },
  { "rules",    N_("MODULE|FILE"), N_("List a rules module's options, card kinds, tile keys, counters and notation"), tw_cli_rules },
  { "play",     N_("FILE"),   N_("Play a game with bots and print it in notation"),       tw_cli_play },
  { "replay",   N_("RECORD"), N_("Replay a game record, checking every move"),            tw_cli_replay },
  { "bench",    N_("FILE"),   N_("Measure random playouts per second on one thread"),     tw_cli_bench },
  { "simulate", N_("FILE"),   N_("Play many bot games on several threads; print statistics"), tw_cli_simulate },
  { "tune",     N_("FILE"),   N_("Search the values (of options, points, counts) that bring the games to a target"), tw_cli_tune },
  { "merge",    N_("FILE…"),  N_("Combine the JSON results of simulate shards into one summary"), tw_cli_merge },
  { "tournament", N_("FILE"), N_("Play bots against each other from every seat; rate them"), tw_cli_tournament },
  { "export",   N_("FILE [OUT]"), N_("Print sheets of a definition (PDF, SVG, PNG), a Tabletop Simulator deck (tts), or a record as .blksgf"), tw_cli_export },
  { "import",   N_("RECORD"), N_("Read a .blksgf record of classic Blokus into a Tilewright record"), tw_cli_import },
  { "gtp",      N_("FILE"),   N_("Speak GTP as a classic Blokus engine (Pentobi's command set)"), tw_cli_gtp },
};

static const char *running_command = NULL;
static gboolean help_requested = FALSE;

static const GOptionEntry help_entries[] = {
  { "help", 'h', 0, G_OPTION_ARG_NONE, &help_requested, N_("Show this help and exit"), NULL },
  { NULL }
};

const TwCliCommand *
tw_cli_get_commands (guint *n_commands)
{
  *n_commands = G_N_ELEMENTS (commands);
  return commands;
}

const TwCliCommand *
tw_cli_find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

void
tw_cli_set_command (const char *name)
{
  running_command = name;
}

const char *
tw_cli_exit_codes_help (void)
{
  return _("Exit status:\n"
           "  0  success\n"
           "  1  internal error (a bug: please report it)\n"
           "  2  bad command line (unknown command, option or value)\n"
           "  3  a definition or record file has problems\n"
           "  4  a move is unreadable or illegal\n"
           "  5  a file cannot be read or written\n");
}

void
tw_cli_print (const char *format,
              ...)
{
  va_list args;

  /* Not g_print(): it converts to the locale's charset, and under the C
   * locale that would mangle the UTF-8 in names and messages. */
  va_start (args, format);
  vfprintf (stdout, format, args);
  va_end (args);
}

void
tw_cli_error (const char *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  fflush (stdout);
  if (running_command != NULL)
    fprintf (stderr, "tilewright-cli: %s: %s\n", running_command, message);
  else
    fprintf (stderr, "tilewright-cli: %s\n", message);
}

void
tw_cli_try_help (void)
{
  if (running_command != NULL)
    fprintf (stderr, _("Try “tilewright-cli %s --help”.\n"), running_command);
  else
    fputs (_("Try “tilewright-cli --help”.\n"), stderr);
}

GOptionContext *
tw_cli_context_new (const char         *command,
                    const GOptionEntry *entries)
{
  const TwCliCommand *cmd = tw_cli_find_command (command);
  GOptionContext *context;

  g_assert (cmd != NULL);

  /* The program name already reads "tilewright-cli COMMAND". GOption
   * translates the parameters, summary, description and every entry's
   * description and argument name in this domain. */
  context = g_option_context_new (cmd->parameters);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, cmd->summary);
  g_option_context_set_description (context, tw_cli_exit_codes_help ());
  /* GLib's own --help prints through g_print(), which turns UTF-8 into '?'
   * under the C locale; tw_cli_parse() prints the same text as bytes. */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, help_entries, NULL);
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, NULL);
  return context;
}

int
tw_cli_parse (GOptionContext   *context,
              int              *argc,
              char           ***argv)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      tw_cli_error ("%s", error->message);
      tw_cli_try_help ();
      return TW_EXIT_USAGE;
    }
  if (help_requested)
    {
      /* freed by hand: exit() runs no g_autofree cleanup */
      char *help = g_option_context_get_help (context, TRUE, NULL);

      fputs (help, stdout);
      fflush (stdout);
      g_free (help);
      exit (TW_EXIT_OK);
    }
  return TW_EXIT_OK;
}

int
tw_cli_exit_for_error (const GError *error)
{
  if (error->domain == TW_CLI_ERROR)
    return error->code;
  if (error->domain == TW_RECORD_ERROR)
    switch ((TwRecordError) error->code)
      {
      case TW_RECORD_ERROR_IO:           return TW_EXIT_IO;
      case TW_RECORD_ERROR_ILLEGAL_MOVE: return TW_EXIT_ILLEGAL_MOVE;
      case TW_RECORD_ERROR_SYNTAX:
      case TW_RECORD_ERROR_INVALID:
      case TW_RECORD_ERROR_DEFINITION:
      case TW_RECORD_ERROR_HASH:
      default:                           return TW_EXIT_INVALID_FILE;
      }
  if (error->domain == TW_DEFINITION_ERROR)
    return error->code == TW_DEFINITION_ERROR_IO ? TW_EXIT_IO : TW_EXIT_INVALID_FILE;
  if (error->domain == TW_GAME_ERROR)
    switch ((TwGameError) error->code)
      {
      case TW_GAME_ERROR_ILLEGAL_MOVE:
      case TW_GAME_ERROR_NOTATION:       return TW_EXIT_ILLEGAL_MOVE;
      case TW_GAME_ERROR_PLAYERS:
      case TW_GAME_ERROR_OPTION:
      default:                           return TW_EXIT_USAGE;
      }
  if (error->domain == TW_TUNE_ERROR)
    return error->code == TW_TUNE_ERROR_TARGET ? TW_EXIT_USAGE : TW_EXIT_FAILURE;
  if (error->domain == G_FILE_ERROR)
    return TW_EXIT_IO;
  if (error->domain == TW_FILE_ERROR)
    return TW_EXIT_INVALID_FILE;
  return TW_EXIT_FAILURE;
}

char *
tw_cli_printable (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text != NULL ? text : "";
  const char *end = p + strlen (p);

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
          continue;
        }
      if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02X", c);
      else if (c >= 0x80 && c < 0xa0)
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_unichar (out, c);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

int
tw_cli_report_error (const GError *error)
{
  tw_cli_error ("%s", error->message);
  return tw_cli_exit_for_error (error);
}

/* Every problem of @diags on stderr, after what stdout has so far. */
static void
print_diagnostics (const TwDiagnostics *diags)
{
  if (tw_diagnostics_get_n (diags) > 0)
    {
      g_autofree char *text = tw_diagnostics_to_string (diags);

      fflush (stdout);
      fputs (text, stderr);
      if (*text != '\0' && text[strlen (text) - 1] != '\n')
        fputc ('\n', stderr);
    }
}

TwDefinition *
tw_cli_load_definition (const char *path,
                        int        *exit_code)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (path);
  g_autoptr(GError) error = NULL;
  TwDefinition *def;

  def = tw_definition_load_file (path, diags, &error);
  print_diagnostics (diags);
  if (def == NULL)
    {
      /* The diagnostics already say it all for an invalid file. */
      if (tw_diagnostics_n_errors (diags) == 0 && error != NULL)
        tw_cli_error ("%s", error->message);
      *exit_code = error != NULL ? tw_cli_exit_for_error (error) : TW_EXIT_INVALID_FILE;
      return NULL;
    }

  *exit_code = TW_EXIT_OK;
  return def;
}

gboolean
tw_cli_parse_seed (const char  *text,
                   guint64     *seed,
                   GError     **error)
{
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL))
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   _("--seed must be a whole number from 0 to %llu, not “%s”"),
                   (unsigned long long) G_MAXUINT64, text);
      return FALSE;
    }
  return TRUE;
}

TwGame *
tw_cli_new_game (TwDefinition  *def,
                 int            players,
                 char         **sets,
                 GError       **error)
{
  const TwRules *rules = def->rules;
  TwOptions options = def->options;
  g_autoptr(GError) local_error = NULL;
  TwGame *game;

  if (players == 0)
    players = (int) def->min_players;
  if (players < (int) def->min_players || players > (int) def->max_players)
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   _("--players must be between %u and %u for %s"),
                   def->min_players, def->max_players, def->name);
      return NULL;
    }

  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    if (!tw_options_set_from_string (&options, rules->options, rules->n_options, sets[i],
                                     &local_error))
      {
        g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE, "--set %s: %s",
                     sets[i], local_error->message);
        return NULL;
      }

  game = tw_game_new (def, (guint) players, &options, &local_error);
  if (game == NULL)
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE, "%s", local_error->message);
      return NULL;
    }
  return game;
}

gboolean
tw_cli_write_output (const GString  *out,
                     const char     *path,
                     GError        **error)
{
  if (path != NULL)
    return tw_file_save (path, out->str, (gssize) out->len, error);
  fwrite (out->str, 1, out->len, stdout);
  fflush (stdout);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Batch runs: progress and Ctrl-C (simulate, tournament)                   */

/* Drawn only while stderr is a terminal: piped, stderr stays silent. */
void
tw_cli_progress_init (TwCliProgress *progress,
                      guint64        grand_total)
{
  memset (progress, 0, sizeof *progress);
  progress->enabled = isatty (STDERR_FILENO);
  progress->start = g_get_monotonic_time ();
  progress->grand_total = grand_total;
}

void
tw_cli_progress_cb (guint64  done,
                    guint64  total,
                    gpointer user_data)
{
  TwCliProgress *progress = user_data;
  guint64 all = progress->offset + done;
  double elapsed = (g_get_monotonic_time () - progress->start) / (double) G_USEC_PER_SEC;
  double rate = elapsed > 0 ? all / elapsed : 0;
  guint64 left = rate > 0 ? (guint64) ((progress->grand_total - all) / rate + 0.5) : 0;

  (void) total;
  if (!progress->enabled)
    return;
  fputs ("\r", stderr);
  /* Translators: the progress of simulate and tournament on a terminal:
   * COMMAND: games done/of all games, games per second, minutes:seconds left */
  fprintf (stderr, _("%s: %llu/%llu games, %.1f games/s, %llu:%02u left"),
           running_command != NULL ? running_command : "tilewright-cli",
           (unsigned long long) all, (unsigned long long) progress->grand_total, rate,
           (unsigned long long) (left / 60), (guint) (left % 60));
  fputs ("\033[K", stderr);
  fflush (stderr);
  progress->printed = TRUE;
}

void
tw_cli_progress_end (TwCliProgress *progress)
{
  if (progress->printed)
    {
      fputs ("\r\033[K", stderr);
      fflush (stderr);
    }
}

/* The run's cancel flag: SIGINT sets it, the workers poll it before every
 * decision (the same flag the Lab's Cancel button sets), so a run stops
 * within one bot decision and the games that ended are kept. */
static gint interrupted;
static struct sigaction previous_sigint;

static void
on_sigint (int signum)
{
  (void) signum;
  /* a lock-free atomic store is async-signal-safe */
  g_atomic_int_set (&interrupted, 1);
}

/* Catches the first SIGINT; SA_RESETHAND gives the second one its default
 * action, so a user who presses Ctrl-C twice is never kept waiting. */
const gint *
tw_cli_sigint_catch (void)
{
  struct sigaction action = { 0, };

  g_atomic_int_set (&interrupted, 0);
  action.sa_handler = on_sigint;
  action.sa_flags = SA_RESETHAND;
  sigemptyset (&action.sa_mask);
  sigaction (SIGINT, &action, &previous_sigint);
  return &interrupted;
}

void
tw_cli_sigint_release (void)
{
  sigaction (SIGINT, &previous_sigint, NULL);
}

gboolean
tw_cli_check_faces (TwDefinition *def,
                    int          *exit_code)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (def->path);

  tw_faces_check (def, diags, TRUE);
  print_diagnostics (diags);
  if (tw_diagnostics_n_errors (diags) > 0)
    {
      *exit_code = TW_EXIT_INVALID_FILE;
      return FALSE;
    }
  return TRUE;
}

gboolean
tw_cli_file_head_has (const char *path,
                      const char *text)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFileInputStream) in = g_file_read (file, NULL, NULL);
  char head[256];
  gsize got = 0;

  if (in == NULL
      || !g_input_stream_read_all (G_INPUT_STREAM (in), head, sizeof head - 1, &got, NULL, NULL))
    return FALSE;
  head[got] = '\0';
  return strstr (head, text) != NULL;
}
