/* tw-cli-validate.c: `validate FILE…`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

int
tw_cli_validate (int    argc,
                 char **argv)
{
  g_autoptr(GOptionContext) context = tw_cli_context_new ("validate", NULL);
  int status = TW_EXIT_OK;
  int rc;

  g_option_context_set_description (context,
    N_("Prints “FILE: ok (GAME, N tiles, N cards)” for a good file, else every\n"
       "problem as “FILE:LINE:COLUMN: error: MESSAGE (HINT)” on stderr.\n"
       "With several files the exit status is the worst one.\n\n"
       "Exit status:\n"
       "  0  every file is valid\n"
       "  2  bad command line\n"
       "  3  a file has problems\n"
       "  5  a file cannot be read\n"));

  if ((rc = tw_cli_parse (context, &argc, &argv)) != TW_EXIT_OK)
    return rc;
  if (argc < 2)
    {
      tw_cli_error (_("no file given"));
      tw_cli_try_help ();
      return TW_EXIT_USAGE;
    }

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(TwDefinition) def = NULL;
      g_autoptr(GString) summary = g_string_new (NULL);
      guint n_cards = 0, n_pieces = 0;
      int file_status;

      def = tw_cli_load_definition (argv[i], &file_status);
      if (def == NULL || !tw_cli_check_faces (def, &file_status))
        {
          status = MAX (status, file_status);
          continue;
        }

      for (guint c = 0; c < def->n_cards; c++)
        n_cards += def->cards[c].count;
      for (guint p = 0; p < def->n_pieces; p++)
        n_pieces += def->pieces[p].count;

      g_string_append_printf (summary, "%s, %u tiles", def->name, def->total_tiles);
      if (def->n_pieces > 0)
        g_string_append_printf (summary, ", %u pieces", n_pieces);
      if (def->n_cards > 0 || n_pieces == 0)
        g_string_append_printf (summary, ", %u cards", n_cards);
      tw_cli_print ("%s: ok (%s)\n", argv[i], summary->str);
    }

  return status;
}
