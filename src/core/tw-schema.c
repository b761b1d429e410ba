/* tw-schema.c: variant options of a rules module
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-schema.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-diag.h"

G_DEFINE_QUARK (tw-schema-error-quark, tw_schema_error)

/**
 * tw_option_find:
 * @index_out: (out) (optional): the option's index in @specs
 *
 * Returns: (nullable): the option called @name, or NULL
 */
const TwOptionSpec *
tw_option_find (const TwOptionSpec *specs,
                guint               n_specs,
                const char         *name,
                guint              *index_out)
{
  g_return_val_if_fail (specs != NULL || n_specs == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < n_specs; i++)
    if (strcmp (specs[i].name, name) == 0)
      {
        if (index_out != NULL)
          *index_out = i;
        return &specs[i];
      }
  return NULL;
}

/* The values an option takes, for messages: "true or false", "2 to 6",
 * "one of a, b, c". */
static char *
describe_allowed (const TwOptionSpec *spec)
{
  switch (spec->type)
    {
    case TW_VALUE_BOOL:
      return g_strdup (_("true or false"));
    case TW_VALUE_INT:
      return g_strdup_printf (_("a whole number from %d to %d"), spec->min, spec->max);
    case TW_VALUE_CHOICE:
      {
        g_autofree char *list = g_strjoinv (", ", (char **) spec->choices);
        return g_strdup_printf (_("one of %s"), list);
      }
    case TW_VALUE_COLOR:
    case TW_VALUE_SHAPE:
    case TW_VALUE_TEXT:
    default:
      return g_strdup (_("nothing (this option type cannot be set from text)"));
    }
}

static gboolean
parse_value (const TwOptionSpec *spec,
             const char         *text,
             int                *out)
{
  switch (spec->type)
    {
    case TW_VALUE_BOOL:
      {
        /* Besides YAML's words, also what people type on a command line. */
        static const char * const words[] = { "true", "false", "yes", "no",
                                              "on", "off", "1", "0", NULL };

        for (guint i = 0; words[i] != NULL; i++)
          if (g_ascii_strcasecmp (text, words[i]) == 0)
            {
              *out = i % 2 == 0;
              return TRUE;
            }
        return FALSE;
      }

    case TW_VALUE_INT:
      {
        gint64 v;

        if (!g_ascii_string_to_signed (text, 10, spec->min, spec->max, &v, NULL))
          return FALSE;
        *out = (int) v;
        return TRUE;
      }

    case TW_VALUE_CHOICE:
      for (guint i = 0; spec->choices != NULL && spec->choices[i] != NULL; i++)
        if (strcmp (text, spec->choices[i]) == 0)
          {
            *out = (int) i;
            return TRUE;
          }
      return FALSE;

    case TW_VALUE_COLOR:
    case TW_VALUE_SHAPE:
    case TW_VALUE_TEXT:
    default:
      return FALSE;
    }
}

/**
 * tw_options_set_from_string:
 * @assignment: "name=value", as given to `--set`
 *
 * Sets one option. On failure @options is unchanged and @error
 * (TW_SCHEMA_ERROR) says which option, what values it takes, and for an
 * unknown name the nearest known one.
 */
gboolean
tw_options_set_from_string (TwOptions          *options,
                            const TwOptionSpec *specs,
                            guint               n_specs,
                            const char         *assignment,
                            GError            **error)
{
  g_autofree char *name = NULL;
  const char *eq;
  const char *value;
  const TwOptionSpec *spec;
  guint index;
  int parsed;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (specs != NULL || n_specs == 0, FALSE);
  g_return_val_if_fail (assignment != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  eq = strchr (assignment, '=');
  if (eq == NULL || eq == assignment)
    {
      g_set_error (error, TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_SYNTAX,
                   _("'%s' is not an option setting: write name=value"), assignment);
      return FALSE;
    }
  name = g_strstrip (g_strndup (assignment, eq - assignment));
  value = eq + 1;
  while (g_ascii_isspace (*value))
    value++;

  spec = tw_option_find (specs, n_specs, name, &index);
  if (spec == NULL)
    {
      g_autofree const char **names = g_new0 (const char *, n_specs + 1);
      g_autofree char *list = NULL;
      const char *nearest;

      for (guint i = 0; i < n_specs; i++)
        names[i] = specs[i].name;
      nearest = tw_nearest_word (name, names);
      list = g_strjoinv (", ", (char **) names);
      if (nearest != NULL)
        g_set_error (error, TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_UNKNOWN_OPTION,
                     _("unknown option '%s' (did you mean '%s'?)"), name, nearest);
      else if (n_specs > 0)
        g_set_error (error, TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_UNKNOWN_OPTION,
                     _("unknown option '%s' (the options are: %s)"), name, list);
      else
        g_set_error (error, TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_UNKNOWN_OPTION,
                     _("unknown option '%s' (this game has no options)"), name);
      return FALSE;
    }
  if (index >= TW_MAX_OPTIONS)
    {
      g_set_error (error, TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_UNKNOWN_OPTION,
                   g_dngettext (GETTEXT_PACKAGE, "option '%s' is past the limit of %d option",
                                "option '%s' is past the limit of %d options", TW_MAX_OPTIONS), name, TW_MAX_OPTIONS);
      return FALSE;
    }

  if (!parse_value (spec, value, &parsed))
    {
      g_autofree char *allowed = describe_allowed (spec);
      const char *nearest = NULL;

      if (spec->type == TW_VALUE_CHOICE && spec->choices != NULL)
        nearest = tw_nearest_word (value, spec->choices);
      if (nearest != NULL)
        g_set_error (error, TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_INVALID_VALUE,
                     _("invalid value '%s' for option '%s': expected %s (did you mean '%s'?)"),
                     value, name, allowed, nearest);
      else
        g_set_error (error, TW_SCHEMA_ERROR, TW_SCHEMA_ERROR_INVALID_VALUE,
                     _("invalid value '%s' for option '%s': expected %s"), value, name, allowed);
      return FALSE;
    }

  options->values[index] = parsed;
  return TRUE;
}

/**
 * tw_option_value_to_string:
 *
 * Returns: (transfer full): @value as text, as tw_options_set_from_string()
 *   reads it back
 */
char *
tw_id_to_words (const char *id)
{
  char *words;

  g_return_val_if_fail (id != NULL, NULL);

  words = g_strdelimit (g_strdup (id), "-_", ' ');
  /* ids are ASCII words (notation-safe, checked when a module is loaded) */
  if (g_ascii_islower (words[0]))
    words[0] = g_ascii_toupper (words[0]);
  return words;
}

char *
tw_choice_words (const char * const *choices,
                 const char * const *labels,
                 guint               i)
{
  g_return_val_if_fail (choices != NULL && choices[i] != NULL, NULL);

  if (labels != NULL && labels[i] != NULL)
    return g_strdup (_(labels[i]));
  return tw_id_to_words (choices[i]);
}

char *
tw_option_value_to_string (const TwOptionSpec *spec,
                           int                 value)
{
  g_return_val_if_fail (spec != NULL, NULL);

  switch (spec->type)
    {
    case TW_VALUE_BOOL:
      return g_strdup (value ? "true" : "false");
    case TW_VALUE_CHOICE:
      if (spec->choices != NULL && value >= 0)
        for (int i = 0; spec->choices[i] != NULL; i++)
          if (i == value)
            return g_strdup (spec->choices[i]);
      return g_strdup_printf ("%d", value);
    case TW_VALUE_INT:
    case TW_VALUE_COLOR:
    case TW_VALUE_SHAPE:
    case TW_VALUE_TEXT:
    default:
      return g_strdup_printf ("%d", value);
    }
}

void
tw_options_set_defaults (TwOptions          *options,
                         const TwOptionSpec *specs,
                         guint               n_specs)
{
  g_return_if_fail (options != NULL);
  g_return_if_fail (specs != NULL || n_specs == 0);

  memset (options, 0, sizeof (TwOptions));
  for (guint i = 0; i < n_specs && i < TW_MAX_OPTIONS; i++)
    options->values[i] = specs[i].default_value;
}

/**
 * tw_option_allowed:
 * @spec: an option
 * @value: a value of it
 * @n_players: the seat count of the game
 * @why: (nullable): where to append the reason when it is not allowed
 *
 * Returns: whether the option may have @value in a game of @n_players seats
 *   (see TwOptionSpec.max_players).
 */
gboolean
tw_option_allowed (const TwOptionSpec *spec,
                   int                 value,
                   guint               n_players,
                   GString            *why)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  if (spec->max_players == 0 || n_players <= spec->max_players || value == spec->default_value)
    return TRUE;
  if (why != NULL)
    {
      g_autofree char *text = tw_option_value_to_string (spec, value);
      if (spec->type == TW_VALUE_BOOL)
        g_string_append_printf (why, g_dngettext (GETTEXT_PACKAGE, "%s (%s) is for at most %u player, not %u",
                                                  "%s (%s) is for at most %u players, not %u", spec->max_players),
                                spec->label ? _(spec->label) : spec->name, spec->name,
                                spec->max_players, n_players);
      else
        g_string_append_printf (why, g_dngettext (GETTEXT_PACKAGE, "%s=%s (%s) is for at most %u player, not %u",
                                                  "%s=%s (%s) is for at most %u players, not %u", spec->max_players),
                                spec->name, text, spec->label ? _(spec->label) : spec->name,
                                spec->max_players, n_players);
    }
  return FALSE;
}
