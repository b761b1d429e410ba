/* tw-test-render.h: what the tests of faces and sheets share
 *
 * A definition written out and loaded from a folder of the test's (so that
 * the images its faces name resolve beside it), and renders kept among the
 * GUI suite's screenshots to be looked at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "tw-definition.h"

G_BEGIN_DECLS

/* Writes @text to DIR/game.yaml and loads it: the definition, or NULL with
 * its problems in *@diags_out (when not NULL; the caller frees them). */
TwDefinition *tw_test_load_text   (const char      *dir,
                                   const char      *text,
                                   TwDiagnostics  **diags_out);

/* Where screenshot NAME.png goes among the GUI suite's screenshots
 * (build/tests/gui/screenshots), the folder made; NULL when the test does
 * not run from a build tree. */
char         *tw_test_screenshot_path (const char *name);

/* Keeps @img as NAME.png there. */
void          tw_test_keep_render (cairo_surface_t *img,
                                   const char      *name);

G_END_DECLS
