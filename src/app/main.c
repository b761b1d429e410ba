/* main.c: the studio's entry point
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "tw-application.h"
#include "tw-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TwApplication) app = NULL;

  /* GTK sets the whole locale again when it starts, numbers included. */
  tw_i18n_init (FALSE);

  g_set_application_name (_("Tilewright"));

  app = tw_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
