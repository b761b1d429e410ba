/* tw-test-render.c: what the tests of faces and sheets share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tw-test-render.h"

TwDefinition *
tw_test_load_text (const char     *dir,
                   const char     *text,
                   TwDiagnostics **diags_out)
{
  g_autofree char *path = g_build_filename (dir, "game.yaml", NULL);
  TwDiagnostics *diags = tw_diagnostics_new (path);
  TwDefinition *def;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  def = tw_definition_load_file (path, diags, NULL);
  if (diags_out != NULL)
    *diags_out = diags;
  else
    tw_diagnostics_free (diags);
  return def;
}

char *
tw_test_screenshot_path (const char *name)
{
  const char *build = g_getenv ("TILEWRIGHT_BUILDDIR");
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;

  if (build == NULL)
    return NULL;
  dir = g_build_filename (build, "tests", "gui", "screenshots", NULL);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    return NULL;
  file = g_strconcat (name, ".png", NULL);
  return g_build_filename (dir, file, NULL);
}

void
tw_test_keep_render (cairo_surface_t *img,
                     const char      *name)
{
  g_autofree char *path = tw_test_screenshot_path (name);

  if (path != NULL)
    cairo_surface_write_to_png (img, path);
}
