/* tw-cli-rules.c: `rules MODULE|FILE`, what a rules module lets a designer set
 *
 * Everything printed comes from the module's table (TwRules): its options
 * with their labels, values, defaults, descriptions and the rulebook passage
 * or reading each comes from, its card kinds with their typed parameters, the
 * tile keys and sections it reads, its simulation counters and its notation
 * in short. Given a definition file, the file's own values are shown beside
 * the defaults.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <stdio.h>
#include <string.h>

#include "tw-json.h"

static const char *
type_name (TwValueType type)
{
  switch (type)
    {
    case TW_VALUE_BOOL:   return "bool";
    case TW_VALUE_INT:    return "int";
    case TW_VALUE_CHOICE: return "choice";
    case TW_VALUE_COLOR:  return "color";
    case TW_VALUE_SHAPE:  return "shape";
    case TW_VALUE_TEXT:   return "text";
    default:              return "?";
    }
}

/* "true or false", "1 to 10", "touching-edge | any-colour", "a colour id" */
static char *
values_text (TwValueType         type,
             int                 min,
             int                 max,
             const char * const *choices)
{
  switch (type)
    {
    case TW_VALUE_BOOL:
      return g_strdup ("true or false");
    case TW_VALUE_INT:
      return g_strdup_printf ("%d to %d", min, max);
    case TW_VALUE_CHOICE:
      return choices ? g_strjoinv (" | ", (char **) choices) : g_strdup ("");
    case TW_VALUE_COLOR:
      return g_strdup ("a colour id of the definition");
    case TW_VALUE_SHAPE:
      return g_strdup ("rows of # and .");
    case TW_VALUE_TEXT:
    default:
      return g_strdup ("any text");
    }
}

/* A value as JSON: true, 12, "shared-only". */
static void
append_json_value (GString            *out,
                   TwValueType         type,
                   const char * const *choices,
                   int                 value)
{
  switch (type)
    {
    case TW_VALUE_BOOL:
      g_string_append (out, value ? "true" : "false");
      break;
    case TW_VALUE_CHOICE:
      tw_json_append_string (out, choices && value >= 0 && value < (int) g_strv_length ((char **) choices)
                                  ? choices[value] : NULL);
      break;
    case TW_VALUE_INT:
      g_string_append_printf (out, "%d", value);
      break;
    default:
      g_string_append (out, "null");
      break;
    }
}

static void
append_json_strv (GString            *out,
                  const char * const *strv)
{
  tw_json_append_strv (out, (char **) strv);
}

/* , "key": "value" */
static void
member (GString    *out,
        const char *key,
        const char *value)
{
  g_string_append_printf (out, ", \"%s\": ", key);
  tw_json_append_string (out, value);
}

/* The type of an option or parameter and what values it takes. */
static void
append_json_type (GString            *out,
                  TwValueType         type,
                  int                 min,
                  int                 max,
                  const char * const *choices)
{
  member (out, "type", type_name (type));
  if (type == TW_VALUE_INT)
    g_string_append_printf (out, ", \"min\": %d, \"max\": %d", min, max);
  if (type == TW_VALUE_CHOICE)
    {
      g_string_append (out, ", \"choices\": ");
      append_json_strv (out, choices);
    }
}

/* The notation text as a JSON list of lines. */
static void
append_json_lines (GString    *out,
                   const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text ? text : "", "\n", -1);
  guint n = g_strv_length (lines);

  /* the text ends with a newline: no empty last line */
  if (n > 0 && *lines[n - 1] == '\0')
    {
      g_free (lines[n - 1]);
      lines[n - 1] = NULL;
    }
  append_json_strv (out, (const char * const *) lines);
}

/* A query's name with its argument's words: "shapes(shared|own|any)" */
static char *
query_signature (const TwExprQuery *q)
{
  g_autofree char *args = NULL;

  if (q->choices == NULL)
    return g_strdup (q->name);
  args = g_strjoinv ("|", (char **) q->choices);
  return g_strdup_printf ("%s(%s)", q->name, args);
}

/* The module's expression vocabulary, or null: where expressions go, the
 * queries and the record types with their fields. */
static void
append_json_vocabulary (GString       *out,
                        const TwRules *rules)
{
  const TwExprVocabulary *v = rules->expr_vocabulary;

  if (v == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append (out, "{\"where\": ");
  tw_json_append_string (out, rules->expr_where);
  g_string_append (out, ",\n    \"queries\": [");
  for (guint i = 0; i < v->n_queries; i++)
    {
      g_autofree char *type = tw_expr_type_name (v, v->queries[i].type);

      g_string_append (out, i > 0 ? ",\n      {\"name\": " : "\n      {\"name\": ");
      tw_json_append_string (out, v->queries[i].name);
      g_string_append (out, ", \"arguments\": ");
      append_json_strv (out, v->queries[i].choices);
      member (out, "type", type);
      member (out, "description", v->queries[i].description);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n    \"records\": [");
  for (guint r = 0; r < v->n_records; r++)
    {
      const TwExprRecordType *rec = &v->records[r];

      g_string_append (out, r > 0 ? ",\n      {\"name\": " : "\n      {\"name\": ");
      tw_json_append_string (out, rec->name);
      member (out, "description", rec->description);
      g_string_append (out, ", \"fields\": [");
      for (guint f = 0; f < rec->n_fields; f++)
        {
          g_autofree char *type = tw_expr_type_name (v, rec->fields[f].type);

          g_string_append (out, f > 0 ? ", {\"name\": " : "{\"name\": ");
          tw_json_append_string (out, rec->fields[f].name);
          member (out, "type", type);
          member (out, "description", rec->fields[f].description);
          g_string_append_c (out, '}');
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "]}");
}

static void
rules_json (const TwRules      *rules,
            const TwDefinition *def,
            const char         *path,
            GString            *out)
{
  g_string_append (out, "{\n  \"module\": ");
  tw_json_append_string (out, rules->id);
  member (out, "name", rules->display_name);
  g_string_append_printf (out, ",\n  \"players\": {\"min\": %u, \"max\": %u}", rules->min_players,
                          rules->max_players);
  if (def != NULL)
    {
      g_string_append (out, ",\n  \"definition\": {\"path\": ");
      tw_json_append_string (out, path);
      member (out, "name", def->name);
      g_string_append_printf (out, ", \"players\": {\"min\": %u, \"max\": %u}}", def->min_players,
                              def->max_players);
    }

  g_string_append (out, ",\n  \"options\": [");
  for (guint i = 0; i < rules->n_options; i++)
    {
      const TwOptionSpec *o = &rules->options[i];

      g_string_append (out, i > 0 ? ",\n    {\"name\": " : "\n    {\"name\": ");
      tw_json_append_string (out, o->name);
      member (out, "label", o->label);
      append_json_type (out, o->type, o->min, o->max, o->choices);
      g_string_append (out, ", \"default\": ");
      append_json_value (out, o->type, o->choices, o->default_value);
      if (def != NULL)
        {
          g_string_append (out, ", \"value\": ");
          append_json_value (out, o->type, o->choices, def->options.values[i]);
        }
      if (o->max_players != 0)
        g_string_append_printf (out, ", \"max_players\": %u", o->max_players);
      member (out, "description", o->description);
      member (out, "source", o->source);
      g_string_append_c (out, '}');
    }
  g_string_append (out, rules->n_options > 0 ? "\n  ]" : "]");

  g_string_append (out, ",\n  \"card_kinds\": [");
  for (guint k = 0; k < rules->n_card_kinds; k++)
    {
      const TwCardKind *kind = &rules->card_kinds[k];

      g_string_append (out, k > 0 ? ",\n    {\"name\": " : "\n    {\"name\": ");
      tw_json_append_string (out, kind->name);
      member (out, "deck", kind->deck);
      member (out, "title", kind->title);
      member (out, "description", kind->description);
      g_string_append (out, ", \"params\": [");
      for (guint p = 0; p < kind->n_params; p++)
        {
          const TwParamSpec *ps = &kind->params[p];

          g_string_append (out, p > 0 ? ", {\"name\": " : "{\"name\": ");
          tw_json_append_string (out, ps->name);
          append_json_type (out, ps->type, ps->min, ps->max, ps->choices);
          g_string_append_printf (out, ", \"required\": %s", ps->required ? "true" : "false");
          if (!ps->required && (ps->type == TW_VALUE_BOOL || ps->type == TW_VALUE_INT
                                || ps->type == TW_VALUE_CHOICE))
            {
              g_string_append (out, ", \"default\": ");
              append_json_value (out, ps->type, ps->choices, ps->default_value);
            }
          member (out, "description", ps->description);
          g_string_append_c (out, '}');
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, rules->n_card_kinds > 0 ? "\n  ]" : "]");

  g_string_append (out, ",\n  \"tile_keys\": ");
  append_json_strv (out, tw_definition_tile_keys ());
  g_string_append (out, ",\n  \"module_tile_keys\": ");
  append_json_strv (out, rules->extra_tile_keys);
  g_string_append (out, ",\n  \"module_sections\": ");
  append_json_strv (out, rules->extra_sections);
  g_string_append (out, ",\n  \"counters\": ");
  append_json_strv (out, rules->counter_names);
  g_string_append (out, ",\n  \"notation\": ");
  append_json_lines (out, rules->notation);
  g_string_append (out, ",\n  \"expressions\": ");
  append_json_vocabulary (out, rules);
  g_string_append (out, "\n}\n");
}

/* "a, b, c", or "none" */
static char *
list_text (const char * const *strv)
{
  if (strv == NULL || strv[0] == NULL)
    return g_strdup ("none");
  return g_strjoinv (", ", (char **) strv);
}

static void
rules_text (const TwRules      *rules,
            const TwDefinition *def,
            const char         *path,
            GString            *out)
{
  g_string_append_printf (out, "%s (%s), %u to %u players\n", rules->display_name, rules->id,
                          rules->min_players, rules->max_players);
  if (def != NULL)
    g_string_append_printf (out, "Definition: %s (%s, %u to %u players)\n", path, def->name,
                            def->min_players, def->max_players);

  g_string_append_printf (out, "\nOptions (%u): set in `variant:` or with --set NAME=VALUE\n",
                          rules->n_options);
  for (guint i = 0; i < rules->n_options; i++)
    {
      const TwOptionSpec *o = &rules->options[i];
      g_autofree char *values = values_text (o->type, o->min, o->max, o->choices);
      g_autofree char *dflt = tw_option_value_to_string (o, o->default_value);

      g_string_append_printf (out, "\n  %s: %s\n", o->name, o->label);
      g_string_append_printf (out, "    values: %s; default: %s", values, dflt);
      if (def != NULL)
        {
          g_autofree char *value = tw_option_value_to_string (o, def->options.values[i]);
          g_string_append_printf (out, "; in this file: %s", value);
        }
      g_string_append_c (out, '\n');
      if (o->max_players != 0)
        g_string_append_printf (out, "    only with at most %u players\n", o->max_players);
      g_string_append_printf (out, "    %s\n", o->description);
      g_string_append_printf (out, "    from: %s\n", o->source);
    }

  g_string_append_printf (out, "\nCard kinds (%u): a card's `kind:` and its `params:`\n",
                          rules->n_card_kinds);
  for (guint k = 0; k < rules->n_card_kinds; k++)
    {
      const TwCardKind *kind = &rules->card_kinds[k];

      g_string_append_printf (out, "\n  %s (%s deck, \"%s\")\n    %s\n", kind->name, kind->deck,
                              kind->title, kind->description);
      for (guint p = 0; p < kind->n_params; p++)
        {
          const TwParamSpec *ps = &kind->params[p];
          g_autofree char *values = values_text (ps->type, ps->min, ps->max, ps->choices);

          g_string_append_printf (out, "    %s: %s, %s", ps->name, type_name (ps->type), values);
          if (ps->required)
            g_string_append (out, ", required");
          else if (ps->type == TW_VALUE_BOOL || ps->type == TW_VALUE_INT)
            g_string_append_printf (out, ", default %d", ps->default_value);
          else if (ps->type == TW_VALUE_CHOICE && ps->choices != NULL)
            g_string_append_printf (out, ", default %s", ps->choices[ps->default_value]);
          g_string_append_printf (out, ": %s\n", ps->description);
        }
    }

  {
    g_autofree char *common = list_text (tw_definition_tile_keys ());
    g_autofree char *own = list_text (rules->extra_tile_keys);
    g_autofree char *sections = list_text (rules->extra_sections);
    g_autofree char *counters = list_text (rules->counter_names);

    g_string_append_printf (out, "\nTile keys: %s; this module's own: %s\n", common, own);
    g_string_append_printf (out, "Module sections (top-level keys): %s\n", sections);
    g_string_append_printf (out, "Counters (simulate): %s\n", counters);
  }

  if (rules->expr_vocabulary != NULL)
    {
      const TwExprVocabulary *v = rules->expr_vocabulary;

      g_string_append_printf (out, "\nExpressions (doc/definition-format.md): in %s\n",
                              rules->expr_where);
      g_string_append_printf (out, "  Queries (%u):\n", v->n_queries);
      for (guint i = 0; i < v->n_queries; i++)
        {
          g_autofree char *sig = query_signature (&v->queries[i]);
          g_autofree char *type = tw_expr_type_name (v, v->queries[i].type);

          g_string_append_printf (out, "    %s: %s — %s\n", sig, type,
                                  v->queries[i].description ? v->queries[i].description : "");
        }
      for (guint r = 0; r < v->n_records; r++)
        {
          const TwExprRecordType *rec = &v->records[r];

          g_string_append_printf (out, "  Each %s (%s) has:\n", rec->name,
                                  rec->description ? rec->description : "");
          for (guint f = 0; f < rec->n_fields; f++)
            {
              g_autofree char *type = tw_expr_type_name (v, rec->fields[f].type);

              g_string_append_printf (out, "    .%s: %s — %s\n", rec->fields[f].name, type,
                                      rec->fields[f].description ? rec->fields[f].description
                                                                 : "");
            }
        }
    }

  g_string_append (out, "\nNotation (doc/rules/");
  g_string_append_printf (out, "%s.md):\n", rules->id);
  {
    g_auto(GStrv) lines = g_strsplit (rules->notation ? rules->notation : "", "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++)
      if (*lines[i] != '\0')
        g_string_append_printf (out, "  %s\n", lines[i]);
  }
}

int
tw_cli_rules (int    argc,
              char **argv)
{
  g_autofree char *format = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("text (default) or json"), N_("FORMAT") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = tw_cli_context_new ("rules", entries);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  const TwRules *rules;
  gboolean json;
  int rc;

  g_option_context_set_description (context,
    N_("MODULE is a rules module id (colorblock, color-shift, block-2-block,\n"
      "colorfield, blokus-shuffle); FILE a definition, whose values are shown\n"
      "beside the module's defaults. Lists the variant options (label, values,\n"
      "default, description, the rulebook passage or reading), the card kinds\n"
      "with their parameters, tile keys, module sections, simulation counters\n"
      "and the move notation in short.\n\n"
      "Exit status:\n"
      "  0  printed\n"
      "  2  bad command line (no such module, unknown format)\n"
      "  3  the definition has problems\n"
      "  5  the file cannot be read\n"));

  if ((rc = tw_cli_parse (context, &argc, &argv)) != TW_EXIT_OK)
    return rc;
  if (argc != 2)
    {
      tw_cli_error (argc < 2 ? _("no module or file given") : _("one module or file, please"));
      tw_cli_try_help ();
      return TW_EXIT_USAGE;
    }
  if (format != NULL && !g_str_equal (format, "text") && !g_str_equal (format, "json"))
    {
      tw_cli_error (_("--format is text or json, not “%s”"), format);
      return TW_EXIT_USAGE;
    }
  json = format != NULL && g_str_equal (format, "json");

  rules = tw_rules_lookup (argv[1]);
  if (rules == NULL)
    {
      /* not a module id: a file, if it looks like one */
      if (g_file_test (argv[1], G_FILE_TEST_EXISTS) || strchr (argv[1], '/') != NULL
          || g_str_has_suffix (argv[1], ".yaml"))
        {
          def = tw_cli_load_definition (argv[1], &rc);
          if (def == NULL)
            return rc;
          rules = def->rules;
        }
      else
        {
          const char *nearest = tw_nearest_word (argv[1], tw_rules_ids ());
          g_autofree char *ids = g_strjoinv (", ", (char **) tw_rules_ids ());

          if (nearest != NULL)
            tw_cli_error (_("no rules module “%s” (did you mean “%s”?); modules: %s"), argv[1], nearest,
                          ids);
          else
            tw_cli_error (_("no rules module or file “%s”; modules: %s"), argv[1], ids);
          return TW_EXIT_USAGE;
        }
    }

  if (json)
    rules_json (rules, def, argv[1], out);
  else
    rules_text (rules, def, argv[1], out);
  tw_cli_print ("%s", out->str);
  return TW_EXIT_OK;
}
