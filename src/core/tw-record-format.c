/* tw-record-format.c: the table of foreign record formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-record-format.h"

#include "tw-file.h"
#include "tw-sgf.h"

#include <glib/gi18n-lib.h>

static TwRecord *
blksgf_import (TwDefinition  *def,
               const char    *text,
               gssize         len,
               const char    *name,
               GError       **error)
{
  if (def == NULL)
    return tw_sgf_import (text, len, name, error);
  return tw_sgf_import_with_definition (def, text, len, name, error);
}

static const TwRecordFormat formats[] = {
  {
    .id = "blksgf",
    .suffix = ".blksgf",
    .what = N_("a .blksgf record"),
    .max_bytes = TW_SGF_MAX_BYTES,
    .import = blksgf_import,
    .export = tw_sgf_export,
  },
};

const TwRecordFormat *
tw_record_formats (guint *n_formats)
{
  g_return_val_if_fail (n_formats != NULL, NULL);

  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

const TwRecordFormat *
tw_record_format_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_equal (formats[i].id, id))
      return &formats[i];
  return NULL;
}

const TwRecordFormat *
tw_record_format_for_path (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_has_suffix (path, formats[i].suffix))
      return &formats[i];
  return NULL;
}

TwRecord *
tw_record_format_load (const TwRecordFormat  *format,
                       TwDefinition          *def,
                       const char            *path,
                       const char            *name,
                       GError               **error)
{
  g_autofree char *text = NULL;
  gsize len;

  g_return_val_if_fail (format != NULL && path != NULL, NULL);

  if (!tw_file_read_limited (path, format->max_bytes, format->what, &text, &len, error))
    return NULL;
  return format->import (def, text, len, name ? name : path, error);
}

TwRecord *
tw_record_load_any (const char  *path,
                    const char  *name,
                    GError     **error)
{
  const TwRecordFormat *format;

  g_return_val_if_fail (path != NULL, NULL);

  format = tw_record_format_for_path (path);
  if (format != NULL)
    return tw_record_format_load (format, NULL, path, name, error);
  return tw_record_load_file (path, error);
}
