/* fuzz-main.c: runs a fuzz target over files, for builds without libFuzzer
 *
 * Every file under the directories given (the seed corpus and the inputs
 * that once crashed) is fed to LLVMFuzzerTestOneInput as a TAP test, so the
 * regressions run in every build, not only in the clang fuzzing build.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>

#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
collect (const char *dir,
         GPtrArray  *files)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect (path, files);
      else
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

int
main (int argc, char **argv)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  for (int i = 1; i < argc; i++)
    {
      if (argv[i][0] == '-')
        continue;
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        collect (argv[i], files);
      else
        g_ptr_array_add (files, g_strdup (argv[i]));
    }
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  printf ("1..%u\n", files->len);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *data = NULL;
      gsize len;
      if (!g_file_get_contents (files->pdata[i], &data, &len, NULL))
        {
          printf ("not ok %u - %s (unreadable)\n", i + 1, (char *) files->pdata[i]);
          continue;
        }
      /* an exact-size copy without the NUL that g_file_get_contents adds, as
       * libFuzzer passes its inputs: reads past the end must show */
      g_autofree guint8 *exact = g_memdup2 (data, len);
      LLVMFuzzerTestOneInput (exact, len);
      printf ("ok %u - %s\n", i + 1, (char *) files->pdata[i]);
      fflush (stdout);
    }
  return 0;
}
