/* tw-registry.c: the built-in rules modules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-rules.h"
#include "tw-schema.h"

extern const TwRules tw_colorblock_rules;
extern const TwRules tw_bs_rules;
extern const TwRules tw_cf_rules;
extern const TwRules tw_cs_rules;
extern const TwRules tw_bb_rules;

static const TwRules * const all_rules[] = {
  &tw_colorblock_rules,
  &tw_bs_rules,
  &tw_cf_rules,
  &tw_cs_rules,
  &tw_bb_rules,
};

/**
 * tw_rules_lookup:
 * @id: a module id such as "colorblock"
 *
 * Returns: the module, or %NULL when no module has that id.
 */
const TwRules *
tw_rules_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (all_rules); i++)
    if (strcmp (all_rules[i]->id, id) == 0)
      return all_rules[i];
  return NULL;
}

char *
tw_end_reason_words (const char *rules_id,
                     const char *reason)
{
  const TwRules *rules = rules_id != NULL ? tw_rules_lookup (rules_id) : NULL;

  g_return_val_if_fail (reason != NULL, NULL);

  for (guint i = 0; rules != NULL && rules->end_reasons != NULL && rules->end_reasons[i]; i++)
    if (strcmp (rules->end_reasons[i], reason) == 0)
      return tw_choice_words (rules->end_reasons, rules->end_reason_labels, i);
  return tw_id_to_words (reason);
}

/**
 * tw_rules_all:
 * @n_out: (out): the number of modules
 *
 * Returns: every built-in module, in a fixed order.
 */
const TwRules * const *
tw_rules_all (guint *n_out)
{
  *n_out = G_N_ELEMENTS (all_rules);
  return all_rules;
}

/**
 * tw_rules_ids:
 *
 * Returns: the module ids, %NULL-terminated (for "did you mean" hints).
 */
const char * const *
tw_rules_ids (void)
{
  /* read from the table once, so that a new module cannot be left out */
  static const char *ids[G_N_ELEMENTS (all_rules) + 1];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (all_rules); i++)
        ids[i] = all_rules[i]->id;
      g_once_init_leave (&done, 1);
    }
  return ids;
}
