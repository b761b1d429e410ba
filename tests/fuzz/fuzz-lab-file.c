/* fuzz-lab-file.c: the reader of saved Lab runs (.twlab) on arbitrary bytes
 *
 * A run that reads must write again, and what it writes must read back to
 * the same document: the reader and the writer agree on every run the reader
 * accepts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>

#include "tw-sim.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwSimLabRun) run = tw_sim_lab_run_from_json ((const char *) data, size, &error);

  g_assert ((run == NULL) == (error != NULL));
  if (run != NULL)
    {
      g_autoptr(GString) out = g_string_new (NULL);
      g_autoptr(GString) again = g_string_new (NULL);
      g_autoptr(GError) again_error = NULL;
      g_autoptr(TwSimLabRun) reread = NULL;

      tw_sim_lab_run_to_json (run, out);
      reread = tw_sim_lab_run_from_json (out->str, out->len, &again_error);
      if (reread == NULL)
        g_error ("a run that was read does not read again: %s", again_error->message);
      tw_sim_lab_run_to_json (reread, again);
      g_assert (g_string_equal (out, again));
    }
  return 0;
}
