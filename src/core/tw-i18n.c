/* tw-i18n.c: where the programs find their translations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-i18n.h"

#include <libintl.h>
#include <locale.h>

const char *
tw_i18n_localedir (void)
{
  const char *env = g_getenv ("TILEWRIGHT_LOCALEDIR");

  if (env != NULL && env[0] != '\0')
    return env;
  return LOCALEDIR;
}

void
tw_i18n_init (gboolean numbers_as_c)
{
  setlocale (LC_ALL, "");
  if (numbers_as_c)
    setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, tw_i18n_localedir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
