/* fuzz-record.c: the game-record loaders (own YAML records, .blksgf) on arbitrary bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>

#include "tw-record.h"
#include "tw-sgf.h"

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

  /* the same bytes as a foreign record (.blksgf) */
  g_autoptr(GError) sgf_error = NULL;
  g_autoptr(TwRecord) sgf = tw_sgf_import ((const char *) data, size, "fuzz.blksgf", &sgf_error);
  g_assert ((sgf == NULL) == (sgf_error != NULL));
  if (sgf)
    {
      g_autofree char *again = tw_sgf_export (sgf, NULL);
      g_assert (again != NULL);
    }
  return 0;
}
