/* tw-lab-file.c: a run of the Lab view in one file (.twlab)
 *
 * The definition's text, the settings of the form and the results
 * (doc/simulate.md, "Lab runs"), written with tw-json.h's writer around
 * tw_sim_to_json() and read with json-glib through tw-json.h, every refusal
 * at the line and column of the value at fault.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sim-private.h"
#include "tw-file.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gi18n-lib.h>

/**
 * tw_sim_lab_run_new:
 *
 * Returns: (transfer full): an empty run with an empty list of arms.
 */
TwSimLabRun *
tw_sim_lab_run_new (void)
{
  TwSimLabRun *run = g_new0 (TwSimLabRun, 1);

  run->arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  return run;
}

void
tw_sim_lab_run_free (TwSimLabRun *run)
{
  if (run == NULL)
    return;
  g_free (run->definition_path);
  g_free (run->definition_name);
  g_free (run->definition_text);
  g_strfreev (run->bots);
  g_strfreev (run->options);
  g_free (run->compare);
  g_free (run->compare_definition_path);
  g_free (run->compare_definition_name);
  g_free (run->compare_definition_text);
  g_clear_pointer (&run->arms, g_ptr_array_unref);
  g_free (run);
}

/**
 * tw_sim_lab_run_to_json:
 * @run: a run with one arm, or two when @run->compare is set
 * @out: where the document is appended
 *
 * Writes the format of doc/simulate.md ("Lab runs"): the definition (path,
 * name, text and the SHA-256 of the text), the settings, and under
 * "results" the document tw_sim_to_json() writes for the arms.
 */
/* {"path", "name", "sha256" of the text, "text"} */
static void
json_definition (GString    *out,
                 const char *path,
                 const char *name,
                 const char *text)
{
  g_autofree char *sha256 = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);

  g_string_append (out, "{\n  \"path\": ");
  tw_json_append_string (out, path);
  g_string_append (out, ",\n  \"name\": ");
  tw_json_append_string (out, name);
  g_string_append (out, ",\n  \"sha256\": ");
  tw_json_append_string (out, sha256);
  g_string_append (out, ",\n  \"text\": ");
  tw_json_append_string (out, text);
  g_string_append (out, "\n}");
}

void
tw_sim_lab_run_to_json (const TwSimLabRun *run,
                        GString           *out)
{
  g_return_if_fail (run != NULL && run->definition_text != NULL);

  /* version 2 only when B is another definition: version 1 readers refuse
   * such a file by its version instead of misreading it */
  g_string_append_printf (out, "{\n\"format\": \"tilewright-lab-run\",\n\"version\": %d,\n"
                          "\"definition\": ", run->compare_definition_text != NULL ? 2 : 1);
  json_definition (out, run->definition_path, run->definition_name, run->definition_text);
  if (run->compare_definition_text != NULL)
    {
      g_string_append (out, ",\n\"compare_definition\": ");
      json_definition (out, run->compare_definition_path, run->compare_definition_name,
                       run->compare_definition_text);
    }
  g_string_append_printf (out, ",\n\"settings\": {\n  \"players\": %u,\n  \"bots\": ",
                          run->n_players);
  tw_json_append_strv (out, run->bots);
  /* 64-bit seeds as strings, as in the results */
  g_string_append_printf (out, ",\n  \"games\": %" G_GUINT64_FORMAT ",\n  \"seed\": \"%"
                          G_GUINT64_FORMAT "\",\n  \"jobs\": %u,\n  \"options\": ",
                          run->games, run->seed, run->jobs);
  tw_json_append_strv (out, run->options);
  g_string_append (out, ",\n  \"compare\": ");
  tw_json_append_string (out, run->compare);
  g_string_append (out, "\n},\n\"results\": ");
  tw_sim_to_json (run->arms, out);
  g_string_append (out, "}\n");
}

/* How deep in the document tw_lab_fail() can point: the root's members
 * (1), theirs (2: "bots", "arms") and their items (3: a seat, a result). */
#define LAB_LOCATED_DEPTH 3

typedef enum
{
  LAB_OBJECT,
  LAB_ARRAY,
  LAB_STRING,
} LabType;

static gboolean
lab_is (JsonNode *node,
        LabType   type)
{
  switch (type)
    {
    case LAB_OBJECT: return JSON_NODE_HOLDS_OBJECT (node);
    case LAB_ARRAY:  return JSON_NODE_HOLDS_ARRAY (node);
    case LAB_STRING:
    default:         return tw_json_string (node) != NULL;
    }
}

/* The member @key of @object, of @type, or NULL after an error that says
 * where; a null member passes when @nullable. */
static JsonNode *
lab_member (TwJsonDoc   *doc,
            JsonNode    *object,
            const char  *object_name,
            const char  *key,
            LabType      type,
            gboolean     nullable,
            GError     **error)
{
  static const char * const type_names[] = { N_("an object"), N_("a list"), N_("a string") };
  JsonNode *node = tw_json_member (object, key);

  if (node == NULL)
    {
      tw_json_doc_fail (doc, object, error, _("%s has no “%s”"), object_name, key);
      return NULL;
    }
  if (!lab_is (node, type) && !(nullable && tw_json_is_null (node)))
    {
      tw_json_doc_fail (doc, node, error, _("“%s” must be %s"), key, _(type_names[type]));
      return NULL;
    }
  return node;
}

static gboolean
lab_u64 (TwJsonDoc   *doc,
         JsonNode    *object,
         const char  *object_name,
         const char  *key,
         guint64      min,
         guint64      max,
         guint64     *out,
         GError     **error)
{
  JsonNode *node = tw_json_member (object, key);

  if (node == NULL)
    return tw_json_doc_fail (doc, object, error, _("%s has no “%s”"), object_name, key);
  if (!tw_json_u64 (node, min, max, out))
    return tw_json_doc_fail (doc, node, error,
                             _("“%s” must be a whole number from %llu to %llu"), key,
                             (unsigned long long) min, (unsigned long long) max);
  return TRUE;
}

static char **
lab_strv (TwJsonDoc   *doc,
          JsonNode    *node,
          const char  *key,
          GError     **error)
{
  JsonArray *array = json_node_get_array (node);

  for (guint i = 0; i < json_array_get_length (array); i++)
    if (tw_json_string (json_array_get_element (array, i)) == NULL)
      {
        tw_json_doc_fail (doc, json_array_get_element (array, i), error,
                          _("“%s” must be a list of strings"), key);
        return NULL;
      }
  return tw_json_strv (node);
}

/* The object @def ("definition" or "compare_definition"): path, name, and
 * the text, checked against its SHA-256. */
static gboolean
lab_read_definition (TwJsonDoc   *doc,
                     JsonNode    *def,
                     const char  *key,
                     char       **path_out,
                     char       **name_out,
                     char       **text_out,
                     GError     **error)
{
  g_autofree char *in = g_strdup_printf ("“%s”", key);
  JsonNode *path, *name, *sha, *yaml;
  g_autofree char *actual = NULL;

  if ((path = lab_member (doc, def, in, "path", LAB_STRING, TRUE, error)) == NULL
      || (name = lab_member (doc, def, in, "name", LAB_STRING, FALSE, error)) == NULL
      || (sha = lab_member (doc, def, in, "sha256", LAB_STRING, FALSE, error)) == NULL
      || (yaml = lab_member (doc, def, in, "text", LAB_STRING, FALSE, error)) == NULL)
    return FALSE;
  if (*tw_json_string (yaml) == '\0')
    return tw_json_doc_fail (doc, yaml, error, _("the text of %s is empty"), in);
  actual = g_compute_checksum_for_string (G_CHECKSUM_SHA256, tw_json_string (yaml), -1);
  if (g_ascii_strcasecmp (actual, tw_json_string (sha)) != 0)
    return tw_json_doc_fail (doc, sha, error, _("the text of %s does not match its SHA-256: "
                               "the file was changed after it was saved"), in);
  *path_out = g_strdup (tw_json_string (path));
  *name_out = g_strdup (tw_json_string (name));
  *text_out = g_strdup (tw_json_string (yaml));
  return TRUE;
}

static gboolean
lab_read_definitions (TwJsonDoc    *doc,
                      JsonNode     *root,
                      guint64       version,
                      TwSimLabRun  *run,
                      GError      **error)
{
  JsonNode *def, *other;

  if ((def = lab_member (doc, root, _("the document"), "definition", LAB_OBJECT, FALSE,
                         error)) == NULL
      || !lab_read_definition (doc, def, "definition", &run->definition_path,
                               &run->definition_name, &run->definition_text, error))
    return FALSE;
  other = tw_json_member (root, "compare_definition");
  if (version < 2)
    {
      if (other != NULL && !tw_json_is_null (other))
        return tw_json_doc_fail (doc, other, error, _("“compare_definition” needs version 2"));
      return TRUE;
    }
  if ((other = lab_member (doc, root, _("the document"), "compare_definition", LAB_OBJECT, TRUE,
                           error)) == NULL)
    return FALSE;
  if (tw_json_is_null (other))
    return TRUE;
  return lab_read_definition (doc, other, "compare_definition", &run->compare_definition_path,
                              &run->compare_definition_name, &run->compare_definition_text,
                              error);
}

static gboolean
lab_read_settings (TwJsonDoc    *doc,
                   JsonNode     *root,
                   TwSimLabRun  *run,
                   GError      **error)
{
  const char *in = _("“settings”");
  JsonNode *settings, *bots, *options, *compare;
  guint n_bots;
  guint64 v;

  if ((settings = lab_member (doc, root, _("the document"), "settings", LAB_OBJECT, FALSE,
                              error)) == NULL
      || !lab_u64 (doc, settings, in, "players", 1, TW_MAX_PLAYERS, &v, error))
    return FALSE;
  run->n_players = (guint) v;
  if ((bots = lab_member (doc, settings, in, "bots", LAB_ARRAY, FALSE, error)) == NULL
      || (run->bots = lab_strv (doc, bots, "bots", error)) == NULL)
    return FALSE;
  n_bots = json_array_get_length (json_node_get_array (bots));
  if (n_bots != run->n_players)
    return tw_json_doc_fail (doc, bots, error, g_dngettext (GETTEXT_PACKAGE, "%u bot for %u players",
                                                            "%u bots for %u players", n_bots), n_bots,
                             run->n_players);
  for (guint p = 0; p < run->n_players; p++)
    {
      g_autoptr(GError) bot_error = NULL;
      TwBotSpec spec;

      if (!tw_bot_spec_parse (run->bots[p], &spec, &bot_error))
        return tw_json_doc_fail (doc, json_array_get_element (json_node_get_array (bots), p),
                                 error, _("seat %u: %s"), p + 1, bot_error->message);
    }
  if (!lab_u64 (doc, settings, in, "games", 1, G_MAXUINT32, &run->games, error)
      || !lab_u64 (doc, settings, in, "seed", 0, G_MAXUINT64, &run->seed, error)
      || !lab_u64 (doc, settings, in, "jobs", 1, 1024, &v, error))
    return FALSE;
  run->jobs = (guint) v;
  if ((options = lab_member (doc, settings, in, "options", LAB_ARRAY, FALSE, error)) == NULL
      || (run->options = lab_strv (doc, options, "options", error)) == NULL)
    return FALSE;
  for (guint i = 0; run->options[i] != NULL; i++)
    if (strchr (run->options[i], '=') == NULL)
      return tw_json_doc_fail (doc, json_array_get_element (json_node_get_array (options), i),
                               error, _("an option must be written name=value"));
  if ((compare = lab_member (doc, settings, in, "compare", LAB_STRING, TRUE, error)) == NULL)
    return FALSE;
  if (!tw_json_is_null (compare))
    {
      if (strchr (tw_json_string (compare), '=') == NULL)
        return tw_json_doc_fail (doc, compare, error, _("“compare” must be written name=value"));
      run->compare = g_strdup (tw_json_string (compare));
    }
  return TRUE;
}

/* The results must be what these settings played: the file can be edited. */
static gboolean
lab_check_arm (TwJsonDoc          *doc,
               JsonNode           *node,
               const TwSimLabRun  *run,
               guint               k,
               const TwSimArm     *arm,
               GError            **error)
{
  gboolean ab = run->compare != NULL || run->compare_definition_text != NULL;
  const char *name = !ab ? _("the result") : k == 0 ? _("result A") : _("result B");
  const char *definition = k == 1 && run->compare_definition_text != NULL
                           ? run->compare_definition_name : run->definition_name;

  if (arm->n_players != run->n_players || !tw_sim_strv_equal (arm->bots, run->bots))
    return tw_json_doc_fail (doc, node, error,
                             _("%s: the players or bots differ from the settings"), name);
  if (arm->seed != run->seed || arm->total_games != run->games)
    return tw_json_doc_fail (doc, node, error, _("%s: the seed or number of games differs "
                               "from the settings"), name);
  if (k == 0 && !tw_sim_strv_equal (arm->options, run->options))
    return tw_json_doc_fail (doc, node, error,
                             _("result A: the options differ from the settings"));
  if (ab && g_strcmp0 (arm->label, k == 0 ? "A" : "B") != 0)
    return tw_json_doc_fail (doc, node, error, _("result %u must be labelled “%s”"), k + 1,
                             k == 0 ? "A" : "B");
  if (g_strcmp0 (arm->definition, definition) != 0)
    return tw_json_doc_fail (doc, node, error, _("%s is of the definition “%s”, not “%s”"), name,
                             arm->definition, definition);
  /* each game's index, seed, ranks and scores: tw_sim_arm_from_json() */
  return TRUE;
}

static gboolean
lab_read_results (TwJsonDoc    *doc,
                  JsonNode     *root,
                  TwSimLabRun  *run,
                  GError      **error)
{
  JsonNode *results, *format, *list;
  guint n_arms = run->compare != NULL || run->compare_definition_text != NULL ? 2 : 1;
  JsonArray *items;

  if ((results = lab_member (doc, root, _("the document"), "results", LAB_OBJECT, FALSE,
                             error)) == NULL
      || (format = lab_member (doc, results, _("“results”"), "format", LAB_STRING, FALSE,
                               error)) == NULL)
    return FALSE;
  if (!g_str_equal (tw_json_string (format), "tilewright-simulation"))
    return tw_json_doc_fail (doc, format, error,
                             _("the results must be “tilewright-simulation”"));
  if ((list = lab_member (doc, results, _("“results”"), "arms", LAB_ARRAY, FALSE, error)) == NULL)
    return FALSE;
  items = json_node_get_array (list);
  if (json_array_get_length (items) != n_arms)
    return tw_json_doc_fail (doc, list, error, n_arms == 2
                             ? _("an A/B run must have two results, A and B")
                             : _("a run without “compare” or “compare_definition” must have "
                                 "one result"));
  for (guint k = 0; k < n_arms; k++)
    {
      JsonNode *node = json_array_get_element (items, k);
      g_autoptr(GError) arm_error = NULL;
      TwSimArm *arm = NULL;

      if (!tw_sim_arm_from_json (node, k, NULL, NULL, &arm, &arm_error))
        return tw_json_doc_fail (doc, node, error, "%s", arm_error->message);
      g_ptr_array_add (run->arms, arm);
      /* a run of over TW_SIM_LAB_KEEP_GAMES keeps no games, only their
       * statistics; A and B of one run are played alike, so that B is
       * compared with A game by game */
      if (k == 1 && (arm->games == NULL)
                    != (((TwSimArm *) g_ptr_array_index (run->arms, 0))->games == NULL))
        return tw_json_doc_fail (doc, node, error,
                                 _("result B must keep its games as result A does, or "
                                   "neither"));
      if (!lab_check_arm (doc, node, run, k, arm, error))
        return FALSE;
    }
  if (n_arms == 2)
    {
      const TwSimArm *a = g_ptr_array_index (run->arms, 0);
      const TwSimArm *b = g_ptr_array_index (run->arms, 1);

      /* another definition may be of another module; the same one cannot */
      if (run->compare_definition_text == NULL && !g_str_equal (a->rules_id, b->rules_id))
        return tw_json_doc_fail (doc, list, error,
                                 _("A and B are results of different rules modules"));
    }
  return TRUE;
}

/**
 * tw_sim_lab_run_from_json:
 * @text: a document written by tw_sim_lab_run_to_json()
 * @len: its length, or -1 when nul-terminated
 * @error: TW_SIM_ERROR_PARSE, the message starting with "LINE:COLUMN: "
 *
 * Reads and checks a saved run: the definition's text against its hash, the
 * bots, and that the results are those of the settings. It does not load the
 * definition or check the options against its module: the caller does.
 *
 * Returns: (transfer full): the run, or NULL with @error set.
 */
TwSimLabRun *
tw_sim_lab_run_from_json (const char  *text,
                          gsize        len,
                          GError     **error)
{
  g_autoptr(TwJsonDoc) doc = NULL;
  g_autoptr(TwSimLabRun) run = tw_sim_lab_run_new ();
  JsonNode *root;
  const char *format;
  guint64 version;

  g_return_val_if_fail (text != NULL, NULL);

  doc = tw_json_doc_parse (text, len, LAB_LOCATED_DEPTH, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           error);
  if (doc == NULL)
    return NULL;
  root = tw_json_doc_root (doc);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      tw_json_doc_fail (doc, root, error,
                        _("not a Tilewright Lab run (the document is not an object)"));
      return NULL;
    }
  format = tw_json_string (tw_json_member (root, "format"));
  if (format == NULL || !g_str_equal (format, "tilewright-lab-run"))
    {
      JsonNode *at = tw_json_member (root, "format");

      tw_json_doc_fail (doc, at != NULL ? at : root, error,
                        _("not a Tilewright Lab run (no “format”: “tilewright-lab-run”)"));
      return NULL;
    }
  if (!lab_u64 (doc, root, _("the document"), "version", 1, G_MAXUINT32, &version, error))
    return NULL;
  if (version > 2)
    {
      tw_json_doc_fail (doc, tw_json_member (root, "version"), error,
                        _("version %llu is newer than this Tilewright reads (2)"),
                        (unsigned long long) version);
      return NULL;
    }
  if (!lab_read_definitions (doc, root, version, run, error)
      || !lab_read_settings (doc, root, run, error)
      || !lab_read_results (doc, root, run, error))
    return NULL;
  return g_steal_pointer (&run);
}

/**
 * tw_sim_lab_run_save:
 * @run: the run
 * @path: the file
 * @error: a GFileError
 *
 * Saves the run atomically (tw_file_save()): @path holds the old run or the
 * new one whatever happens.
 */
gboolean
tw_sim_lab_run_save (const TwSimLabRun  *run,
                     const char         *path,
                     GError            **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (run != NULL && path != NULL, FALSE);

  tw_sim_lab_run_to_json (run, out);
  return tw_file_save (path, out->str, (gssize) out->len, error);
}

/**
 * tw_sim_lab_run_load:
 * @path: a file written by tw_sim_lab_run_save()
 * @error: a GFileError, TW_FILE_ERROR_TOO_LARGE over
 *   TW_SIM_LAB_FILE_MAX_BYTES, or TW_SIM_ERROR_PARSE with "PATH:LINE:COLUMN: "
 *   first
 *
 * Returns: (transfer full): the run, or NULL with @error set.
 */
TwSimLabRun *
tw_sim_lab_run_load (const char  *path,
                     GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  TwSimLabRun *run;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  if (!tw_file_read_limited (path, TW_SIM_LAB_FILE_MAX_BYTES, _("a Lab run"), &text, &len, error))
    return NULL;
  run = tw_sim_lab_run_from_json (text, len, &local_error);
  if (run == NULL)
    {
      g_prefix_error (&local_error, "%s:", path);
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return run;
}
