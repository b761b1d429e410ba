/* fuzz-record.c: the game-record loader on arbitrary bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>

#include "tw-record.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwRecord) record = tw_record_load_data ((const char *) data, size, "fuzz-record.yaml", &error);

  g_assert ((record == NULL) == (error != NULL));
  if (record)
    {
      g_autofree char *again = tw_record_to_data (record, NULL);
      g_assert (again != NULL);
    }
  return 0;
}
