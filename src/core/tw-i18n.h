/* tw-i18n.h: where the programs find their translations
 *
 * The core, render, the CLI and the app share one gettext domain,
 * GETTEXT_PACKAGE. The core and render mark their strings with
 * <glib/gi18n-lib.h>, which looks them up in that domain whatever the
 * program's default domain is; each program's main() binds the domain once,
 * with tw_i18n_init(), before the first message is made.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The folder holding LANG/LC_MESSAGES/GETTEXT_PACKAGE.mo:
 * $TILEWRIGHT_LOCALEDIR when set (the tests and build-aux/tw point it at
 * the build tree's po/, where meson compiles the catalogues), else LOCALEDIR. */
const char *tw_i18n_localedir (void);
/* What a program's main() does first: the user's locale from the
 * environment, the domain bound to tw_i18n_localedir() in UTF-8 and made the
 * default. With @numbers_as_c, LC_NUMERIC stays "C", so that printf's
 * numbers in what a program writes for machines (CSV, JSON, notation) keep
 * their '.' whatever the user's locale. */
void        tw_i18n_init      (gboolean numbers_as_c);

G_END_DECLS
