/* main.c: tilewright-cli, the command table's entry point
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "tw-cli.h"
#include "tw-i18n.h"

static void
print_help (FILE *out)
{
  const TwCliCommand *commands;
  glong column = 18;
  guint n;

  commands = tw_cli_get_commands (&n);
  /* the summaries line up after the longest usage, which a translation of
   * the parameters ("AUFZEICHNUNG") may make longer than the 18 columns of
   * the English */
  for (guint i = 0; i < n; i++)
    column = MAX (column, (glong) strlen (commands[i].name) + 1
                          + g_utf8_strlen (_(commands[i].parameters), -1));
  fputs (_("Usage:\n"
           "  tilewright-cli COMMAND [OPTION…] ARGUMENTS\n"
           "  tilewright-cli COMMAND --help\n"
           "  tilewright-cli --help | --version\n"
           "\n"
           "Design and test tile-laying board games from the command line.\n"
           "\n"
           "Commands:\n"), out);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *usage = g_strdup_printf ("%s %s", commands[i].name,
                                                _(commands[i].parameters));
      /* printf pads in bytes: a character beyond ASCII (the ellipsis, an
       * umlaut) is several bytes but one column. */
      int width = (int) (column + strlen (usage) - g_utf8_strlen (usage, -1));

      fprintf (out, "  %-*s %s\n", width, usage, _(commands[i].summary));
    }
  fputs ("\n", out);
  fputs (tw_cli_exit_codes_help (), out);
  fputs (_("\nSee doc/cli.md for the details of every command.\n"), out);
}

int
main (int    argc,
      char **argv)
{
  const TwCliCommand *command;
  g_autofree char *prgname = NULL;

  tw_i18n_init (TRUE);

  if (argc < 2)
    {
      print_help (stderr);
      return TW_EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      print_help (stdout);
      return TW_EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("tilewright-cli %s\n", PACKAGE_VERSION);
      return TW_EXIT_OK;
    }

  command = tw_cli_find_command (argv[1]);
  if (command == NULL)
    {
      const TwCliCommand *commands;
      const char *names[16] = { NULL, };
      const char *nearest;
      guint n;

      commands = tw_cli_get_commands (&n);
      for (guint i = 0; i < n && i < G_N_ELEMENTS (names) - 1; i++)
        names[i] = commands[i].name;
      nearest = tw_nearest_word (argv[1], names);
      if (argv[1][0] == '-')
        tw_cli_error (_("unknown option “%s”"), argv[1]);
      else if (nearest != NULL)
        tw_cli_error (_("unknown command “%s” (did you mean “%s”?)"), argv[1], nearest);
      else
        tw_cli_error (_("unknown command “%s”"), argv[1]);
      tw_cli_try_help ();
      return TW_EXIT_USAGE;
    }

  /* GOptionContext names the program in its usage line and messages. */
  prgname = g_strdup_printf ("tilewright-cli %s", command->name);
  g_set_prgname (prgname);
  tw_cli_set_command (command->name);

  return command->run (argc - 1, argv + 1);
}
