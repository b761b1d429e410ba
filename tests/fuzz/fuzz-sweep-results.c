/* fuzz-sweep-results.c: the reader of a sweep's results (merge) on
 * arbitrary bytes
 *
 * Anything is read or refused with a message, never a crash; a document
 * that reads gives no more cells than its axes make, each a run of the
 * games it holds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>

#include "tw-sim.h"
#include "tw-sweep.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  g_autoptr(TwSweep) sweep = NULL;
  gboolean is_sweep = FALSE;

  sweep = tw_sweep_results_read ((const char *) data, size, arms, &is_sweep, &error);
  g_assert ((sweep == NULL) == (error != NULL));
  g_assert (sweep == NULL || is_sweep);
  if (sweep == NULL)
    {
      g_assert (arms->len == 0);
      return 0;
    }
  g_assert (arms->len >= 1 && arms->len <= tw_sweep_n_cells (sweep));
  for (guint c = 0; c < arms->len; c++)
    {
      const TwSimArm *arm = g_ptr_array_index (arms, c);
      g_autoptr(GArray) rows = tw_sim_summarize (arm);
      g_autofree char *label = tw_sweep_cell_label (sweep, c);

      g_assert (arm->games->len <= arm->total_games);
      g_assert (label != NULL);
    }
  return 0;
}
