/* fuzz-definition.c: the definition loader on arbitrary bytes
 *
 * Every input must be either loaded or refused with positioned problems, in
 * bounded time and memory, and without leaks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>

#include "tw-definition.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("fuzz.yaml");
  g_autoptr(GError) error = NULL;
  TwDefinition *def = tw_definition_load_data ((const char *) data, size, "fuzz.yaml", diags, &error);

  if (def == NULL)
    {
      g_autofree char *text = tw_diagnostics_to_string (diags);
      g_assert (text != NULL && *text != '\0');
      g_assert (error != NULL);
      g_assert (tw_diagnostics_n_errors (diags) > 0);
    }
  if (def)
    {
      /* every template of every face, filled in for the first components */
      for (guint f = 0; f < def->n_faces; f++)
        for (guint l = 0; l < def->faces[f].n_layers; l++)
          {
            const TwFaceLayer *layer = &def->faces[f].layers[l];
            const char *templates[] = { layer->text, layer->fill, layer->stroke, layer->color,
                                        layer->file, layer->icon, layer->count };

            for (guint t = 0; t < G_N_ELEMENTS (templates); t++)
              for (guint i = 0; i < 3; i++)
                {
                  g_autofree char *s = tw_face_expand (def, def->faces[f].target, i, templates[t],
                                                       i == 1);
                  g_assert (templates[t] == NULL || s != NULL);
                }
          }
      tw_definition_unref (def);
    }
  return 0;
}
