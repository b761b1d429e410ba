/* tw-cli-foreign.c: import, export and gtp
 *
 *   import RECORD.blksgf -o OUT.yaml      a foreign record into a Tilewright record
 *   export RECORD.yaml --format blksgf    a Tilewright record as a foreign record
 *   export DEFINITION --format pdf|svg|png --what tiles|cards|pieces|all ...
 *                                         print-ready sheets (tw-export.h)
 *   export DEFINITION --format tts OUT.json
 *   export --check OUT.manifest          whether a multi-file export is whole
 *                                         a Tabletop Simulator deck and tiles
 *                                         (tw-export-tts.h)
 *   gtp DEFINITION [--bot SPEC]           a GTP engine for the foreign game
 *
 * The foreign parts go through the rules-module interface (foreign_game and
 * its hooks), so no game is named here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tw-cli.h"

#include <glib/gi18n-lib.h>
#include "tw-export.h"
#include "tw-export-manifest.h"
#include "tw-export-tts.h"
#include "tw-history.h"
#include "tw-json.h"
#include "tw-record.h"
#include "tw-record-format.h"
#include "tw-sgf.h"

static gboolean
write_text (const char  *path,
            const char  *text,
            GError     **error)
{
  if (path == NULL || g_str_equal (path, "-"))
    {
      fputs (text, stdout);
      return TRUE;
    }
  return tw_file_save (path, text, -1, error);
}

int
tw_cli_import (int    argc,
               char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *definition = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the record to FILE (default: stdout)"), N_("FILE") },
    { "definition", 'd', 0, G_OPTION_ARG_FILENAME, &definition,
      N_("Play it with this definition instead of the bundled one"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("import", entries);
  g_autoptr(GError) error = NULL;
  const TwRecordFormat *format;
  g_autofree char *text = NULL;
  gsize len;
  int code = tw_cli_parse (context, &argc, &argv);

  if (code != TW_EXIT_OK)
    return code;
  if (argc != 2)
    {
      tw_cli_error (_("expected one record file (a .blksgf), got %d"), argc - 1);
      return TW_EXIT_USAGE;
    }
  /* a file of no known suffix is read as the first foreign format */
  format = tw_record_format_for_path (argv[1]);
  if (format == NULL)
    format = &tw_record_formats (&(guint) { 0 })[0];
  if (!tw_file_read_limited (argv[1], format->max_bytes, _(format->what), &text, &len, &error))
    return tw_cli_report_error (error);

  g_autoptr(TwRecord) record = NULL;
  if (definition)
    {
      g_autoptr(TwDefinition) def = tw_cli_load_definition (definition, &code);
      if (def == NULL)
        return code;
      record = format->import (def, text, len, argv[1], &error);
    }
  else
    record = format->import (NULL, text, len, argv[1], &error);
  if (record == NULL)
    {
      tw_cli_error ("%s", error->message);
      return error->code == TW_SGF_ERROR_MOVE ? TW_EXIT_ILLEGAL_MOVE : TW_EXIT_INVALID_FILE;
    }
  g_autofree char *yaml = tw_record_to_data (record, &error);
  if (yaml == NULL || !write_text (output, yaml, &error))
    return tw_cli_report_error (error);
  return TW_EXIT_OK;
}

static int
export_record (const TwRecordFormat *format,
               const char           *path,
               const char           *output)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) record = tw_record_load_file (path, &error);

  if (record == NULL)
    {
      tw_cli_error ("%s", error->message);
      return TW_EXIT_INVALID_FILE;
    }
  g_autofree char *text = format->export (record, &error);
  if (text == NULL)
    {
      tw_cli_error ("%s", error->message);
      return TW_EXIT_INVALID_FILE;
    }
  if (!write_text (output, text, &error))
    return tw_cli_report_error (error);
  return TW_EXIT_OK;
}

/* The Tabletop Simulator export: a problem with the settings or the
 * definition (nothing to export, sheets too large) is a usage error, one
 * with the files an I/O error. */
static int
export_tts (TwDefinition           *def,
            const TwExportSettings *settings,
            const char             *output)
{
  g_autoptr(GError) error = NULL;
  TwExportTtsSummary summary;
  gint64 t0 = g_get_monotonic_time ();
  g_autofree char *cards = NULL;
  g_autofree char *sheets = NULL;
  g_autofree char *tiles = NULL;
  g_autofree char *files = NULL;

  if (!tw_export_tts_write (def, settings, output, &summary, &error))
    {
      tw_cli_error ("%s", error->message);
      return error->domain == TW_EXPORT_ERROR ? TW_EXIT_USAGE : TW_EXIT_IO;
    }
  cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", summary.cards),
                           summary.cards);
  sheets = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u sheet", "%u sheets", summary.sheets),
                            summary.sheets);
  tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile", "%u tiles", summary.tiles),
                           summary.tiles);
  files = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file", "%u files", summary.files),
                           summary.files);
  /* Translators: what export --format tts wrote: the output file, "12 cards",
   * "2 sheets", "30 tiles", "4 files", the time it took */
  fprintf (stderr, _("%s: %s on %s, %s, %s in %.0f ms\n"), output, cards, sheets, tiles, files,
           (g_get_monotonic_time () - t0) / 1000.0);
  return TW_EXIT_OK;
}

/* export --check: what a reader of a multi-file export checks
 * (tw-export-manifest.h). Complete: exit 0; a file missing or different: 3. */
static int
check_manifest (const char *manifest)
{
  g_autoptr(GError) error = NULL;
  guint n = 0;

  if (!tw_export_manifest_check (manifest, &n, &error))
    {
      tw_cli_error ("%s", error->message);
      return error->domain == G_FILE_ERROR ? TW_EXIT_IO : TW_EXIT_INVALID_FILE;
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%s: complete, %u file as listed\n",
                       "%s: complete, %u files as listed\n", n),
          manifest, n);
  return TW_EXIT_OK;
}

int
tw_cli_export (int    argc,
               char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *format = NULL;
  g_autofree char *what = NULL;
  g_autofree char *paper = NULL;
  g_autofree char *bleed = NULL;
  g_autofree char *margin = NULL;
  g_autofree char *gap = NULL;
  g_autofree char *tile_size = NULL;
  g_autofree char *card_size = NULL;
  g_autofree char *duplex_edge = NULL;
  g_autofree char *back_offset = NULL;
  g_autofree char *shared_cuts = NULL;
  double dpi = NAN;
  gboolean crop_marks = FALSE, no_crop_marks = FALSE, cut_lines = FALSE, duplex = FALSE, tts = FALSE;
  gboolean check = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to FILE (several pages of SVG or PNG: FILE-1, FILE-2 ...); or give FILE after the definition"), N_("FILE") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("pdf (default), svg, png, tts (a Tabletop Simulator deck and tiles: OUT.json and its PNG images beside it), or blksgf for a game record"), N_("FORMAT") },
    { "what", 'w', 0, G_OPTION_ARG_STRING, &what, N_("tiles, cards, pieces or all (default)"), N_("WHAT") },
    { "paper", 'p', 0, G_OPTION_ARG_STRING, &paper, N_("a4 (default), a3, a5, letter, legal, fit (one component a page) or WxH in mm"), N_("PAPER") },
    { "bleed", 0, 0, G_OPTION_ARG_STRING, &bleed, N_("Artwork past the cut line (default 1.5mm)"), N_("LENGTH") },
    { "margin", 0, 0, G_OPTION_ARG_STRING, &margin, N_("Page margins (default 6mm)"), N_("LENGTH") },
    { "gap", 0, 0, G_OPTION_ARG_STRING, &gap, N_("Space between the bleeds of components that do not share cuts (default 0)"), N_("LENGTH") },
    { "shared-cuts", 0, 0, G_OPTION_ARG_STRING, &shared_cuts, N_("Lay these edge to edge, one cut between neighbours: cards (default), tiles, all or none"), N_("WHAT") },
    { "tile-size", 0, 0, G_OPTION_ARG_STRING, &tile_size, N_("Side of a tile (default 40mm)"), N_("LENGTH") },
    { "card-size", 0, 0, G_OPTION_ARG_STRING, &card_size, N_("Card width x height (default 63x88 mm)"), N_("WxH") },
    { "crop-marks", 0, 0, G_OPTION_ARG_NONE, &crop_marks, N_("Crop marks in the margins (the default)"), NULL },
    { "no-crop-marks", 0, 0, G_OPTION_ARG_NONE, &no_crop_marks, N_("No crop marks"), NULL },
    { "cut-lines", 0, 0, G_OPTION_ARG_NONE, &cut_lines, N_("Draw a thin line on every cut"), NULL },
    { "duplex", 0, 0, G_OPTION_ARG_NONE, &duplex, N_("Backs of cards and tiles after each page of fronts, placed for duplex printing"), NULL },
    { "duplex-edge", 0, 0, G_OPTION_ARG_STRING, &duplex_edge, N_("The edge the printer flips the paper on: long (default) or short"), N_("EDGE") },
    { "back-offset", 0, 0, G_OPTION_ARG_STRING, &back_offset, N_("Move the backs by X,Y (mm, right and down) to meet a printer's misalignment"), "X,Y" },
    { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &dpi, N_("PNG resolution (default 300; 150 for tts)"), N_("DPI") },
    { "check", 0, 0, G_OPTION_ARG_NONE, &check, N_("Check instead that the export whose manifest is the FILE given (OUT.manifest) is complete: every file it lists there, with its size and SHA-256 (exit 3 when one is missing or differs)"), NULL },
    /* the first spelling of --format tts, which wrote the face sheet alone */
    { "tts", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &tts, N_("Same as --format tts"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("export", entries);
  g_autoptr(GError) error = NULL;
  TwExportSettings settings;
  int code = tw_cli_parse (context, &argc, &argv);
  gboolean is_tts;

  if (code != TW_EXIT_OK)
    return code;
  if (check)
    {
      if (argc != 2 || output != NULL)
        {
          tw_cli_error (_("export --check takes one manifest, OUT.manifest"));
          return TW_EXIT_USAGE;
        }
      return check_manifest (argv[1]);
    }
  if (argc == 3 && output == NULL)
    output = g_strdup (argv[2]);
  else if (argc != 2)
    {
      tw_cli_error (_("expected a file (a definition, or a record with --format blksgf) and at most one output (or -o FILE), got %d"),
                    argc - 1);
      return TW_EXIT_USAGE;
    }
  if (tts && (format == NULL || g_str_equal (format, "png")))
    {
      g_free (format);
      format = g_strdup ("tts");
    }
  is_tts = format != NULL && g_str_equal (format, "tts");
  if (format && tw_record_format_lookup (format))
    return export_record (tw_record_format_lookup (format), argv[1], output);

  tw_export_settings_init (&settings);
  if (format == NULL || g_str_equal (format, "pdf"))
    settings.format = TW_EXPORT_PDF;
  else if (g_str_equal (format, "svg"))
    settings.format = TW_EXPORT_SVG;
  else if (g_str_equal (format, "png") || g_str_equal (format, "tts"))
    settings.format = TW_EXPORT_PNG;
  else
    {
      tw_cli_error (_("--format is pdf, svg, png, tts or blksgf, not '%s'"), format);
      return TW_EXIT_USAGE;
    }
  if (what == NULL || g_str_equal (what, "all"))
    settings.what = TW_EXPORT_ALL;
  else if (g_str_equal (what, "tiles"))
    settings.what = TW_EXPORT_TILES;
  else if (g_str_equal (what, "cards"))
    settings.what = TW_EXPORT_CARDS;
  else if (g_str_equal (what, "pieces"))
    settings.what = TW_EXPORT_PIECES;
  else
    {
      tw_cli_error (_("--what is tiles, cards, pieces or all, not '%s'"), what);
      return TW_EXIT_USAGE;
    }
  if ((paper && !tw_export_set_paper (&settings, paper, &error))
      || (bleed && !tw_export_parse_length (bleed, &settings.bleed, &error))
      || (margin && !tw_export_parse_length (margin, &settings.margin, &error))
      || (gap && !tw_export_parse_length (gap, &settings.gap, &error))
      || (tile_size && !tw_export_parse_length (tile_size, &settings.tile_size, &error)))
    {
      tw_cli_error ("%s", error->message);
      return TW_EXIT_USAGE;
    }
  if (card_size)
    {
      g_auto(GStrv) wh = g_strsplit (card_size, "x", 2);
      if (!wh[0] || !wh[1] || !tw_export_parse_length (wh[0], &settings.card_width, &error)
          || !tw_export_parse_length (wh[1], &settings.card_height, &error))
        {
          tw_cli_error (_("--card-size is WIDTHxHEIGHT such as 63x88, not '%s'"), card_size);
          return TW_EXIT_USAGE;
        }
    }
  if (shared_cuts)
    {
      if (g_str_equal (shared_cuts, "cards"))
        settings.shared_cuts = TW_EXPORT_CARDS;
      else if (g_str_equal (shared_cuts, "tiles"))
        settings.shared_cuts = TW_EXPORT_TILES;
      else if (g_str_equal (shared_cuts, "all"))
        settings.shared_cuts = TW_EXPORT_CARDS | TW_EXPORT_TILES;
      else if (g_str_equal (shared_cuts, "none"))
        settings.shared_cuts = 0;
      else
        {
          tw_cli_error (_("--shared-cuts is cards, tiles, all or none, not '%s'"), shared_cuts);
          return TW_EXIT_USAGE;
        }
    }
  if (duplex_edge)
    {
      if (!g_str_equal (duplex_edge, "long") && !g_str_equal (duplex_edge, "short"))
        {
          tw_cli_error (_("--duplex-edge is long or short, not '%s'"), duplex_edge);
          return TW_EXIT_USAGE;
        }
      settings.short_edge = g_str_equal (duplex_edge, "short");
    }
  if (back_offset)
    {
      g_auto(GStrv) xy = g_strsplit (back_offset, ",", 2);
      double *out[2] = { &settings.back_offset_x, &settings.back_offset_y };
      gboolean ok = xy[0] != NULL && xy[1] != NULL;

      /* lengths are never negative elsewhere; here a minus moves left or up */
      for (guint i = 0; ok && i < 2; i++)
        {
          const char *t = g_strstrip (xy[i]);
          ok = tw_export_parse_length (t + (t[0] == '-'), out[i], NULL);
          if (t[0] == '-')
            *out[i] = -*out[i];
        }
      if (!ok)
        {
          tw_cli_error (_("--back-offset is X,Y in mm such as 0.5,-1, not '%s'"), back_offset);
          return TW_EXIT_USAGE;
        }
    }
  settings.crop_marks = !no_crop_marks;
  settings.cut_lines = cut_lines;
  settings.duplex = duplex;
  if (tts && !is_tts)
    {
      tw_cli_error (_("--tts is --format tts, not --format %s"), format);
      return TW_EXIT_USAGE;
    }
  if (isnan (dpi))
    dpi = is_tts ? TW_EXPORT_TTS_DEFAULT_DPI : 300;
  settings.dpi = dpi;
  if (output == NULL)
    {
      tw_cli_error (_("give the output file with -o FILE"));
      return TW_EXIT_USAGE;
    }

  g_autoptr(TwDefinition) def = NULL;
  if (is_tts)
    {
      if (!g_str_has_suffix (output, ".json"))
        {
          tw_cli_error (_("a Tabletop Simulator export is a saved object OUT.json with its images beside it: name a .json file, not '%s'"),
                        output);
          return TW_EXIT_USAGE;
        }
      def = tw_cli_load_definition (argv[1], &code);
      if (def == NULL || !tw_cli_check_faces (def, &code))
        return code;
      return export_tts (def, &settings, output);
    }
  def = tw_cli_load_definition (argv[1], &code);
  if (def == NULL || !tw_cli_check_faces (def, &code))
    return code;
  g_autoptr(TwExportJob) job = tw_export_job_new (def, &settings, &error);
  if (job == NULL)
    {
      tw_cli_error ("%s", error->message);
      return TW_EXIT_USAGE;
    }
  gint64 t0 = g_get_monotonic_time ();
  if (!tw_export_write (job, output, &error))
    {
      tw_cli_error ("%s", error->message);
      return TW_EXIT_IO;
    }
  fprintf (stderr, g_dngettext (GETTEXT_PACKAGE, "%s: %u page in %.0f ms\n",
                                "%s: %u pages in %.0f ms\n", tw_export_job_n_pages (job)),
           output, tw_export_job_n_pages (job), (g_get_monotonic_time () - t0) / 1000.0);
  return TW_EXIT_OK;
}

/* The GTP engine ------------------------------------------------------------ */

typedef struct
{
  TwDefinition *def;
  TwGame       *game;
  const char   *name;     /* the foreign game being played (set_game) */
  TwRecord     *record;   /* owns the history (loadsgf replaces it) */
  TwHistory    *history;  /* borrowed from the record */
  TwBotSpec     bot;
  TwBot         player;   /* keeps its search tree from move to move */
  TwRng         rng;
  guint64       seed;
} Gtp;

static const char * const gtp_commands[] = {
  "all_legal", "clear_board", "cputime", "final_score", "genmove", "known_command",
  "list_commands", "loadsgf", "name", "param", "play", "protocol_version", "quit",
  "reg_genmove", "savesgf", "set_game", "set_random_seed", "showboard", "undo", "version", NULL,
};

static void
gtp_set_record (Gtp      *gtp,
                TwRecord *record)
{
  g_clear_pointer (&gtp->record, tw_record_free);
  g_clear_pointer (&gtp->game, tw_game_unref);
  gtp->record = record;
  gtp->game = tw_game_ref (tw_record_get_game (record));
  gtp->history = tw_record_get_history (record);
}

/* A new game of gtp->name: on the definition the engine was started with
 * when it plays that game, else on the bundled definition that does (Blokus
 * Duo's two colours, classic Blokus's four). */
static gboolean
gtp_new_game (Gtp      *gtp,
              GError  **error)
{
  const TwRules *rules = gtp->def->rules;
  g_autoptr(TwDefinition) bundled = NULL;
  g_autoptr(GError) given_error = NULL;
  TwDefinition *def = gtp->def;
  guint n_players;
  TwOptions options;

  if (!rules->foreign_setup (def, gtp->name, &n_players, &options, &given_error))
    {
      bundled = tw_sgf_bundled_definition (rules, gtp->name, NULL);
      if (bundled == NULL || bundled->rules != rules
          || !rules->foreign_setup (bundled, gtp->name, &n_players, &options, NULL))
        {
          g_propagate_error (error, g_steal_pointer (&given_error));
          return FALSE;
        }
      def = bundled;
    }
  g_autoptr(TwGame) game = tw_game_new (def, n_players, &options, error);
  if (game == NULL)
    return FALSE;
  gtp_set_record (gtp, tw_record_new (game, gtp->seed));
  tw_rng_seed (&gtp->rng, gtp->seed);
  return TRUE;
}

static gboolean
gtp_is_over (Gtp *gtp)
{
  return tw_state_is_terminal (gtp->game, tw_history_get_state (gtp->history));
}

/* Whether the only move of the seat to act is a pass (Pentobi: the colour
 * has no more moves). */
static gboolean
gtp_only_pass (Gtp *gtp)
{
  const TwState *state = tw_history_get_state (gtp->history);
  TwMoveList moves;
  TwMove pass;
  gboolean only;

  if (!gtp->game->rules->foreign_move_from_text (gtp->game, state, "pass", &pass, NULL))
    return FALSE;
  tw_move_list_init (&moves);
  gtp->game->rules->legal_moves (gtp->game, state, &moves);
  only = moves.len == 1 && memcmp (&moves.moves[0], &pass, sizeof pass) == 0;
  tw_move_list_free (&moves);
  return only;
}

/* Passes for the colours before @color while they cannot move, so that a
 * controller may name colours the way Pentobi's records do. */
static gboolean
gtp_reach_color (Gtp        *gtp,
                 const char *color,
                 GString    *why)
{
  const TwRules *rules = gtp->game->rules;
  g_autoptr(GString) now = g_string_new (NULL);
  g_autoptr(GString) named = g_string_new (NULL);

  if (rules->foreign_color_from_text != NULL)
    {
      g_string_truncate (why, 0);
      if (!rules->foreign_color_from_text (gtp->game, color, named, why))
        return FALSE;
      color = named->str;
    }
  else if (strlen (color) != 1 || color[0] < '1' || color[0] > '4')
    {
      g_string_printf (why, "unknown colour '%s' (1, 2, 3 or 4)", color);
      return FALSE;
    }
  for (guint guard = 0; guard < 8; guard++)
    {
      const TwState *state = tw_history_get_state (gtp->history);
      TwMove pass;
      if (tw_state_to_act (gtp->game, state) < 0)
        {
          g_string_assign (why, "the game is over");
          return FALSE;
        }
      g_string_truncate (now, 0);
      rules->foreign_color (gtp->game, state, now);
      if (g_str_equal (now->str, color))
        return TRUE;
      if (!rules->foreign_move_from_text (gtp->game, state, "pass", &pass, NULL)
          || !tw_history_play (gtp->history, &pass, NULL))
        {
          /* Pentobi plays any colour at any time (set-up positions); here
           * the colours keep their turn order and only a colour that cannot
           * move is passed over (doc/cli.md) */
          g_string_printf (why, "colour %s is to move and can still place a piece; colours play "
                           "in turn order, so colour %s cannot play now", now->str, color);
          return FALSE;
        }
    }
  g_string_printf (why, "unknown colour '%s' (1, 2, 3 or 4)", color);
  return FALSE;
}

static gboolean
gtp_genmove (Gtp        *gtp,
             const char *color,
             gboolean    play,
             GString    *out)
{
  const TwRules *rules = gtp->game->rules;
  TwMove move;

  /* after the end, or for a colour with nothing left to place: a pass */
  if (gtp_is_over (gtp))
    {
      g_string_assign (out, "pass");
      return TRUE;
    }
  if (!gtp_reach_color (gtp, color, out))
    {
      if (!gtp_is_over (gtp))
        return FALSE;
      g_string_assign (out, "pass");
      return TRUE;
    }
  const TwState *state = tw_history_get_state (gtp->history);
  if (!tw_bot_play (&gtp->player, gtp->game, state, &gtp->rng, NULL, &move))
    {
      g_string_assign (out, "the game is over");
      return FALSE;
    }
  g_string_truncate (out, 0);
  rules->foreign_move_to_text (gtp->game, state, &move, out);
  if (play)
    tw_history_play (gtp->history, &move, NULL);
  return TRUE;
}

/* param: the bot's settings, "KEY VALUE" a line; param KEY VALUE sets one. */
static gboolean
gtp_param (Gtp         *gtp,
           guint        n,
           char       **arg,
           GString     *out)
{
  const TwBotClass *klass = gtp->bot.klass;

  if (n == 0)
    {
      for (guint i = 0; i < klass->n_options; i++)
        {
          g_string_append_printf (out, "%s%s ", i ? "\n" : "", klass->options[i].key);
          tw_json_append_number (out, gtp->bot.value[i], 15);
        }
      return TRUE;
    }
  if (n != 2)
    {
      g_string_assign (out, "expected: param [KEY VALUE]");
      return FALSE;
    }
  char *end = NULL;
  double value = g_ascii_strtod (arg[1], &end);
  TwBotSpec spec = gtp->bot;
  if (end == arg[1] || *end != '\0' || !tw_bot_spec_set (&spec, arg[0], value))
    {
      g_autoptr(GString) keys = g_string_new (NULL);
      for (guint i = 0; i < klass->n_options; i++)
        g_string_append_printf (keys, "%s%s %g..%g", i ? ", " : "", klass->options[i].key,
                                klass->options[i].min, klass->options[i].max);
      g_string_printf (out, "cannot set %s to %s (the %s bot's parameters: %s)", arg[0], arg[1],
                       klass->name, keys->len ? keys->str : "none");
      return FALSE;
    }
  /* a new setting: a fresh bot (its search tree was grown with the old one) */
  tw_bot_clear (&gtp->player);
  gtp->bot = spec;
  tw_bot_init (&gtp->player, &gtp->bot);
  return TRUE;
}

/* loadsgf FILE [MOVE_NUMBER]: the main line of a record of this game, up to
 * the position before move MOVE_NUMBER (counted as Pentobi counts them,
 * without passes), or to its end. */
static gboolean
gtp_loadsgf (Gtp         *gtp,
             guint        n,
             char       **arg,
             GString     *out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize len;
  guint64 number = 0;

  if (n < 1 || n > 2 || (n == 2 && !g_ascii_string_to_unsigned (arg[1], 10, 1, G_MAXUINT, &number, NULL)))
    {
      g_string_assign (out, "expected: loadsgf FILE [MOVE_NUMBER]");
      return FALSE;
    }
  if (!g_file_get_contents (arg[0], &text, &len, &error))
    {
      g_string_assign (out, error->message);
      return FALSE;
    }
  TwRecord *record = tw_sgf_import_with_definition (gtp->def, text, len, arg[0], &error);
  if (record == NULL && error->domain == TW_GAME_ERROR)
    {
      /* a game the engine's definition does not lay out (Blokus Duo on four
       * colours; its setup refused it): on the bundled definition that does */
      record = tw_sgf_import (text, len, arg[0], NULL);
      if (record != NULL && tw_record_get_game (record)->rules != gtp->def->rules)
        g_clear_pointer (&record, tw_record_free);
    }
  if (record == NULL)
    {
      g_string_assign (out, error->message);
      return FALSE;
    }
  gtp_set_record (gtp, record);
  if (gtp->game->rules->foreign_name != NULL && gtp->game->rules->foreign_name (gtp->game) != NULL)
    gtp->name = gtp->game->rules->foreign_name (gtp->game);

  g_autoptr(GArray) line = tw_history_get_main_line (gtp->history);
  guint target = 0;   /* the root */
  guint64 moves = 0;
  for (guint i = 0; i < line->len; i++)
    {
      guint node = g_array_index (line, guint, i);
      if (!g_str_equal (tw_history_get_node (gtp->history, node)->text, "pass"))
        moves++;
      if (number > 0 && moves >= number)
        break;
      target = node;
    }
  tw_history_goto (gtp->history, target);
  return TRUE;
}

/* savesgf FILE: the game up to the current position as a record. */
static gboolean
gtp_savesgf (Gtp         *gtp,
             guint        n,
             char       **arg,
             GString     *out)
{
  g_autoptr(GError) error = NULL;

  if (n != 1)
    {
      g_string_assign (out, "expected: savesgf FILE");
      return FALSE;
    }
  TwRecord *record = tw_record_new (gtp->game, tw_history_get_seed (gtp->history));
  g_autoptr(GArray) path = tw_history_get_path (gtp->history, tw_history_get_current (gtp->history));
  for (guint i = 0; i < path->len; i++)
    tw_history_play (tw_record_get_history (record),
                     &tw_history_get_node (gtp->history, g_array_index (path, guint, i))->move, NULL);
  g_autofree char *sgf = tw_sgf_export (record, &error);
  tw_record_free (record);
  if (sgf == NULL || !g_file_set_contents (arg[0], sgf, -1, &error))
    {
      g_string_assign (out, error->message);
      return FALSE;
    }
  return TRUE;
}

/* One command line; returns FALSE after quit. */
static gboolean
gtp_command (Gtp        *gtp,
             char       *line,
             GString    *reply)
{
  const TwRules *rules = gtp->def->rules;
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean ok = TRUE, go_on = TRUE;
  char *hash = strchr (line, '#');
  const char *id = "";

  if (hash)
    *hash = '\0';
  for (char *p = line; *p; p++)
    if ((guchar) *p < 32 && *p != '\t')
      *p = ' ';
    else if (*p == '\t')
      *p = ' ';
  g_auto(GStrv) words = g_strsplit_set (g_strstrip (line), " ", -1);
  GPtrArray *args = g_ptr_array_new ();
  for (guint i = 0; words[i]; i++)
    if (*words[i])
      g_ptr_array_add (args, words[i]);
  if (args->len == 0)
    {
      g_ptr_array_free (args, TRUE);
      g_string_truncate (reply, 0);
      return TRUE;
    }
  guint a = 0;
  if (g_ascii_isdigit (((char *) args->pdata[0])[0]))
    id = args->pdata[a++];
  const char *cmd = a < args->len ? args->pdata[a++] : "";
  guint n = args->len - a;
  char **arg = (char **) args->pdata + a;

  if (g_str_equal (cmd, "protocol_version"))
    g_string_assign (out, "2");
  else if (g_str_equal (cmd, "name"))
    g_string_assign (out, "Tilewright");
  else if (g_str_equal (cmd, "version"))
    g_string_assign (out, PACKAGE_VERSION);
  else if (g_str_equal (cmd, "known_command"))
    g_string_assign (out, n == 1 && g_strv_contains (gtp_commands, arg[0]) ? "true" : "false");
  else if (g_str_equal (cmd, "list_commands"))
    {
      g_autofree char *all = g_strjoinv ("\n", (char **) gtp_commands);
      g_string_assign (out, all);
    }
  else if (g_str_equal (cmd, "quit"))
    go_on = FALSE;
  else if (g_str_equal (cmd, "set_game"))
    {
      g_autoptr(GString) joined = g_string_new (NULL);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (joined, "%s%s", i ? " " : "", arg[i]);
      const char *name = joined->str;
      g_autoptr(GError) error = NULL;
      guint k = 0;
      while (rules->foreign_games[k] != NULL && !g_str_equal (rules->foreign_games[k], name))
        k++;
      const char *before = gtp->name;
      if (rules->foreign_games[k] == NULL)
        {
          g_autofree char *known = g_strjoinv (", ", (char **) rules->foreign_games);
          ok = FALSE;
          g_string_printf (out, "unsupported game '%s' (this engine plays %s)", name, known);
        }
      else
        {
          gtp->name = rules->foreign_games[k];
          if (!gtp_new_game (gtp, &error))
            {
              gtp->name = before;
              ok = FALSE;
              g_string_assign (out, error->message);
            }
        }
    }
  else if (g_str_equal (cmd, "clear_board"))
    {
      g_autoptr(GError) error = NULL;
      if (!gtp_new_game (gtp, &error))
        {
          ok = FALSE;
          g_string_assign (out, error->message);
        }
    }
  else if (g_str_equal (cmd, "set_random_seed"))
    {
      if (n != 1 || !tw_cli_parse_seed (arg[0], &gtp->seed, NULL))
        {
          ok = FALSE;
          g_string_assign (out, "expected a number");
        }
      else
        tw_rng_seed (&gtp->rng, gtp->seed);
    }
  else if (g_str_equal (cmd, "play"))
    {
      TwMove move;
      g_autoptr(GString) why = g_string_new (NULL);
      if (n != 2)
        {
          ok = FALSE;
          g_string_assign (out, "expected: play COLOR MOVE");
        }
      else if (gtp_is_over (gtp))
        {
          ok = FALSE;
          g_string_assign (out, "illegal move: the game is over");
        }
      else if (!gtp_reach_color (gtp, arg[0], why)
               || !rules->foreign_move_from_text (gtp->game, tw_history_get_state (gtp->history),
                                                  arg[1], &move, why)
               || !tw_history_play (gtp->history, &move, why))
        {
          ok = FALSE;
          g_string_printf (out, "illegal move: %s", why->str);
        }
    }
  else if (g_str_equal (cmd, "genmove") || g_str_equal (cmd, "reg_genmove"))
    {
      gboolean play = g_str_equal (cmd, "genmove");
      guint mark = tw_history_get_current (gtp->history);
      if (n != 1)
        {
          ok = FALSE;
          g_string_assign (out, "expected a colour");
        }
      else
        {
          ok = gtp_genmove (gtp, arg[0], play, out);
          if (!play)
            tw_history_goto (gtp->history, mark);
        }
    }
  else if (g_str_equal (cmd, "undo"))
    {
      /* take back the last move a colour really made, with the passes after it */
      gboolean undone = FALSE;
      while (tw_history_can_undo (gtp->history))
        {
          const TwHistoryNode *node = tw_history_get_node (gtp->history, tw_history_get_current (gtp->history));
          gboolean was_pass = g_str_equal (node->text, "pass");
          tw_history_undo (gtp->history);
          if (!was_pass)
            {
              undone = TRUE;
              break;
            }
        }
      if (!undone)
        {
          ok = FALSE;
          g_string_assign (out, "no move to undo");
        }
    }
  else if (g_str_equal (cmd, "final_score"))
    {
      if (rules->foreign_final_score != NULL)
        rules->foreign_final_score (gtp->game, tw_history_get_state (gtp->history), out);
      else
        {
          double scores[TW_MAX_PLAYERS];
          rules->scores (gtp->game, tw_history_get_state (gtp->history), scores);
          for (guint q = 0; q < gtp->game->n_players; q++)
            {
              g_string_append (out, q ? " " : "");
              tw_json_append_number (out, scores[q], 15);
            }
        }
    }
  else if (g_str_equal (cmd, "cputime"))
    g_string_printf (out, "%.3f", (double) clock () / CLOCKS_PER_SEC);
  else if (g_str_equal (cmd, "param"))
    ok = gtp_param (gtp, n, arg, out);
  else if (g_str_equal (cmd, "loadsgf"))
    ok = gtp_loadsgf (gtp, n, arg, out);
  else if (g_str_equal (cmd, "savesgf"))
    ok = gtp_savesgf (gtp, n, arg, out);
  else if (g_str_equal (cmd, "showboard"))
    {
      g_autofree char *text = tw_state_to_string (gtp->game, tw_history_get_state (gtp->history));
      g_string_printf (out, "\n%s", text);
      while (out->len > 0 && out->str[out->len - 1] == '\n')
        g_string_truncate (out, out->len - 1);
    }
  else if (g_str_equal (cmd, "all_legal"))
    {
      g_autoptr(GString) why = g_string_new (NULL);
      guint mark = tw_history_get_current (gtp->history);
      if (n != 1)
        {
          ok = FALSE;
          g_string_assign (out, "expected a colour");
        }
      else if (gtp_is_over (gtp))
        ;   /* no moves: an empty list */
      else if (!gtp_reach_color (gtp, arg[0], why))
        {
          /* passing the colours before it may end the game */
          ok = gtp_is_over (gtp);
          if (!ok)
            g_string_assign (out, why->str);
        }
      else if (gtp_only_pass (gtp))
        ;   /* a colour with no placement: an empty list, as Pentobi answers */
      else
        {
          TwMoveList moves;
          const TwState *state = tw_history_get_state (gtp->history);
          tw_move_list_init (&moves);
          rules->legal_moves (gtp->game, state, &moves);
          for (guint i = 0; i < moves.len; i++)
            {
              if (i)
                g_string_append_c (out, '\n');
              rules->foreign_move_to_text (gtp->game, state, &moves.moves[i], out);
            }
          tw_move_list_free (&moves);
        }
      tw_history_goto (gtp->history, mark);
    }
  else
    {
      ok = FALSE;
      g_string_printf (out, "unknown command '%s'", cmd);
    }

  g_string_printf (reply, "%c%s%s%s\n\n", ok ? '=' : '?', id, out->len ? " " : "", out->str);
  g_ptr_array_free (args, TRUE);
  return go_on;
}

int
tw_cli_gtp (int    argc,
            char **argv)
{
  g_autofree char *bot = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *game_name = NULL;
  const GOptionEntry entries[] = {
    { "bot", 'b', 0, G_OPTION_ARG_STRING, &bot, N_("The engine's player (default mcts:iterations=1000)"), N_("SPEC") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text, N_("Seed of the bot's choices (default 1)"), N_("SEED") },
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game_name,
      N_("The game to start with, as set_game names it (default the first, e.g. \"Blokus\")"), N_("NAME") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("gtp", entries);
  g_autoptr(GError) error = NULL;
  Gtp gtp = { 0 };
  int code = tw_cli_parse (context, &argc, &argv);

  if (code != TW_EXIT_OK)
    return code;
  if (argc != 2)
    {
      tw_cli_error (_("expected one definition file, got %d"), argc - 1);
      return TW_EXIT_USAGE;
    }
  gtp.seed = 1;
  if (seed_text && !tw_cli_parse_seed (seed_text, &gtp.seed, &error))
    return tw_cli_report_error (error);
  if (!tw_cli_bot_spec_parse (bot ? bot : "mcts:iterations=1000", &gtp.bot, &error))
    return tw_cli_report_error (error);
  gtp.def = tw_cli_load_definition (argv[1], &code);
  if (gtp.def == NULL)
    return code;
  if (gtp.def->rules->foreign_game == NULL)
    {
      tw_cli_error (_("%s has no GTP form"), gtp.def->rules->display_name);
      tw_definition_unref (gtp.def);
      return TW_EXIT_USAGE;
    }
  /* the first game the definition plays itself (Blokus Duo on a two-colour one) */
  gtp.name = gtp.def->rules->foreign_game;
  for (guint k = 0; game_name == NULL && gtp.def->rules->foreign_games[k] != NULL; k++)
    {
      guint n_players;
      TwOptions options;

      if (gtp.def->rules->foreign_setup (gtp.def, gtp.def->rules->foreign_games[k], &n_players,
                                         &options, NULL))
        {
          gtp.name = gtp.def->rules->foreign_games[k];
          break;
        }
    }
  if (game_name != NULL)
    {
      const char * const *games = gtp.def->rules->foreign_games;
      guint k = 0;

      while (games[k] != NULL && !g_str_equal (games[k], game_name))
        k++;
      if (games[k] == NULL)
        {
          g_autofree char *known = g_strjoinv (", ", (char **) games);

          tw_cli_error (_("--game: unsupported game '%s' (this engine plays %s)"), game_name, known);
          tw_definition_unref (gtp.def);
          return TW_EXIT_USAGE;
        }
      gtp.name = games[k];
    }
  if (!gtp_new_game (&gtp, &error))
    {
      tw_definition_unref (gtp.def);
      return tw_cli_report_error (error);
    }

  tw_bot_init (&gtp.player, &gtp.bot);
  g_autoptr(GString) reply = g_string_new (NULL);
  char line[65536];
  while (fgets (line, sizeof line, stdin))
    {
      gboolean go_on = gtp_command (&gtp, line, reply);
      fputs (reply->str, stdout);
      fflush (stdout);
      if (!go_on)
        break;
    }
  tw_bot_clear (&gtp.player);
  g_clear_pointer (&gtp.record, tw_record_free);
  g_clear_pointer (&gtp.game, tw_game_unref);
  tw_definition_unref (gtp.def);
  return TW_EXIT_OK;
}
