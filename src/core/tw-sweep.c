/* tw-sweep.c: sweep axes, read and expanded into cells
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-sweep.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-design-edit.h"
#include "tw-json.h"
#include "tw-rules.h"

G_DEFINE_QUARK (tw-sweep-error-quark, tw_sweep_error)

struct _TwSweep
{
  GPtrArray *axes;  /* TwSweepAxis, owned */
};

static void
axis_free (TwSweepAxis *axis)
{
  g_free (axis->name);
  g_strfreev (axis->values);
  g_free (axis);
}

TwSweep *
tw_sweep_new (void)
{
  TwSweep *sweep = g_new0 (TwSweep, 1);

  sweep->axes = g_ptr_array_new_with_free_func ((GDestroyNotify) axis_free);
  return sweep;
}

void
tw_sweep_free (TwSweep *sweep)
{
  if (sweep == NULL)
    return;
  g_ptr_array_unref (sweep->axes);
  g_free (sweep);
}

/* The map holding the number a path axis sweeps, and the number's key in it:
 * @path is SECTION.ID.KEY, or SECTION.ID.MAP.….KEY for a key of a map in the
 * item (`cards.size-5.params.size`). NULL with @error when the path names
 * nothing, or something that is not a whole number. */
static const TwNode *
find_path (const TwNode  *root,
           const char    *path,
           const char   **key,
           GError       **error)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  guint n = g_strv_length (parts);
  const TwNode *section, *map, *value;
  gint64 number;

  if (n < 3)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME,
                   _("'%s' is not a path: write SECTION.ID.KEY, as cards.size-5.points"), path);
      return NULL;
    }
  section = tw_node_get (root, parts[0]);
  if (section == NULL || section->type != TW_NODE_SEQ)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME,
                   _("the definition has no list '%s:' for the path '%s'"), parts[0], path);
      return NULL;
    }
  map = tw_design_find_item (root, parts[0], parts[1]);
  if (map == NULL)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME,
                   _("no item with id '%s' in '%s:' for the path '%s'"), parts[1], parts[0], path);
      return NULL;
    }
  for (guint i = 2; i + 1 < n && map != NULL; i++)
    map = tw_node_get (map, parts[i]);
  value = map != NULL ? tw_node_get (map, parts[n - 1]) : NULL;
  if (map == NULL || map->type != TW_NODE_MAP || value == NULL)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME,
                   _("the item '%s' of '%s:' has no key at '%s'"), parts[1], parts[0], path);
      return NULL;
    }
  if (value->type != TW_NODE_SCALAR
      || !g_ascii_string_to_signed (value->scalar, 10, G_MININT, G_MAXINT, &number, NULL))
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME,
                   _("'%s' is not a whole number in the definition, so it cannot be swept"), path);
      return NULL;
    }
  /* the last part is a suffix of @path: borrowed from it */
  *key = path + strlen (path) - strlen (parts[n - 1]);
  return map;
}

/* @text as one canonical value of the axis, or NULL with @error. */
static char *
canonical_value (const TwDefinition *def,
                 const char         *name,
                 const TwOptionSpec *spec,
                 guint               index,
                 const char         *text,
                 GError            **error)
{
  if (spec == NULL && strchr (name, '.') != NULL)
    {
      gint64 number;

      if (!g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &number, NULL))
        {
          g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_VALUE,
                       _("invalid value '%s' for %s: expected a whole number"), text, name);
          return NULL;
        }
      return g_strdup_printf ("%" G_GINT64_FORMAT, number);
    }
  if (spec == NULL)
    {
      guint64 players;

      if (!g_ascii_string_to_unsigned (text, 10, def->min_players, def->max_players, &players,
                                       NULL))
        {
          g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_VALUE,
                       _("invalid value '%s' for players: expected a whole number from %u to %u "
                         "(the seats of %s)"), text, def->min_players, def->max_players, def->name);
          return NULL;
        }
      return g_strdup_printf ("%" G_GUINT64_FORMAT, players);
    }
  else
    {
      /* through --set's parser, for its checks and its messages */
      g_autofree char *assignment = g_strdup_printf ("%s=%s", name, text);
      TwOptions scratch = def->options;

      if (!tw_options_set_from_string (&scratch, def->rules->options, def->rules->n_options,
                                       assignment, error))
        return NULL;
      return tw_option_value_to_string (spec, scratch.values[index]);
    }
}

/* The texts of "LO..HI": every integer from LO to HI. */
static GPtrArray *
expand_range (const char  *range,
              const char  *dots,
              GError     **error)
{
  g_autofree char *lo_text = g_strstrip (g_strndup (range, dots - range));
  g_autofree char *hi_text = g_strstrip (g_strdup (dots + 2));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  gint64 lo, hi;

  if (!g_ascii_string_to_signed (lo_text, 10, G_MININT, G_MAXINT, &lo, NULL)
      || !g_ascii_string_to_signed (hi_text, 10, G_MININT, G_MAXINT, &hi, NULL))
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
                   _("'%s' is not a range: write LO..HI with two whole numbers"), range);
      return NULL;
    }
  if (lo > hi)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
                   _("the range '%s' is empty: write LO..HI with LO at most HI"), range);
      return NULL;
    }
  if (hi - lo >= TW_SWEEP_MAX_CELLS)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SIZE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "the range '%s' has %lld values, more than the limit of %d cell",
                                "the range '%s' has %lld values, more than the limit of %d cells",
                                TW_SWEEP_MAX_CELLS),
                   range, (long long) (hi - lo + 1), TW_SWEEP_MAX_CELLS);
      return NULL;
    }
  for (gint64 v = lo; v <= hi; v++)
    g_ptr_array_add (texts, g_strdup_printf ("%" G_GINT64_FORMAT, v));
  return g_steal_pointer (&texts);
}

/* The texts of "V1,V2,…", each stripped of spaces. */
static GPtrArray *
split_list (const char  *list,
            GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (list, ",", -1);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  /* g_strsplit() splits "" into no parts at all: "NAME=" is one empty value */
  for (guint i = 0; i == 0 || parts[i] != NULL; i++)
    {
      if (parts[i] != NULL)
        g_strstrip (parts[i]);
      if (parts[i] == NULL || parts[i][0] == '\0')
        {
          g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
                       _("an empty value: write NAME=V1,V2,… or NAME=LO..HI"));
          return NULL;
        }
      g_ptr_array_add (texts, g_strdup (parts[i]));
    }
  return g_steal_pointer (&texts);
}

/**
 * tw_sweep_add:
 * @sweep: the sweep
 * @def: the definition the sweep is played on
 * @text: "NAME=V1,V2,…" or "NAME=LO..HI"
 * @error: a TW_SWEEP_ERROR, or --set's TW_SCHEMA_ERROR for a bad option
 *
 * Returns: whether the axis was added; on error @sweep is unchanged
 */
gboolean
tw_sweep_add (TwSweep            *sweep,
              const TwDefinition *def,
              const char         *text,
              GError            **error)
{
  const TwOptionSpec *spec = NULL;
  const char *eq, *rest, *dots;
  g_autofree char *name = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  TwSweepAxis *axis;
  guint index = 0;
  guint cells;

  g_return_val_if_fail (sweep != NULL, FALSE);
  g_return_val_if_fail (def != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  eq = strchr (text, '=');
  if (eq != NULL)
    name = g_strstrip (g_strndup (text, eq - text));
  if (eq == NULL || name[0] == '\0')
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
                   _("not a sweep: write NAME=V1,V2,… or NAME=LO..HI"));
      return FALSE;
    }
  rest = eq + 1;
  if (strchr (name, '.') != NULL)
    {
      const char *key;

      /* a number of the definition itself, addressed by its path */
      if (find_path (def->root, name, &key, error) == NULL)
        return FALSE;
    }
  else if (!g_str_equal (name, TW_SWEEP_PLAYERS))
    {
      spec = tw_option_find (def->rules->options, def->rules->n_options, name, &index);
      if (spec == NULL)
        {
          /* --set's message, with its nearest name */
          TwOptions scratch = def->options;
          g_autofree char *assignment = g_strdup_printf ("%s=%s", name, rest);

          if (!tw_options_set_from_string (&scratch, def->rules->options, def->rules->n_options,
                                           assignment, error))
            return FALSE;
          g_assert_not_reached ();
        }
    }
  if (tw_sweep_has_axis (sweep, name))
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME,
                   _("'%s' is swept twice: give all its values in one sweep"), name);
      return FALSE;
    }

  dots = strstr (rest, "..");
  if (dots != NULL && spec != NULL && spec->type != TW_VALUE_INT)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SYNTAX,
                   _("'%s' is not an integer option: list its values, V1,V2,…"), name);
      return FALSE;
    }
  texts = dots != NULL ? expand_range (rest, dots, error) : split_list (rest, error);
  if (texts == NULL)
    return FALSE;

  for (guint i = 0; i < texts->len; i++)
    {
      g_autofree char *value = canonical_value (def, name, spec, index,
                                                g_ptr_array_index (texts, i), error);

      if (value == NULL)
        return FALSE;
      for (guint j = 0; j < seen->len; j++)
        if (g_str_equal (g_ptr_array_index (seen, j), value))
          {
            g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_VALUE,
                         _("the value '%s' of '%s' is listed twice"), value, name);
            return FALSE;
          }
      g_strv_builder_add (values, value);
      g_ptr_array_add (seen, g_steal_pointer (&value));
    }

  cells = tw_sweep_n_cells (sweep);
  if ((guint64) cells * seen->len > TW_SWEEP_MAX_CELLS)
    {
      g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_SIZE,
                   _("the sweep would have %llu cells, more than the limit of %d"),
                   (unsigned long long) cells * seen->len, TW_SWEEP_MAX_CELLS);
      return FALSE;
    }

  axis = g_new0 (TwSweepAxis, 1);
  axis->name = g_steal_pointer (&name);
  axis->type = spec != NULL ? spec->type : TW_VALUE_INT;
  axis->path = strchr (axis->name, '.') != NULL;
  axis->values = g_strv_builder_end (values);
  axis->n_values = seen->len;
  g_ptr_array_add (sweep->axes, axis);
  return TRUE;
}

guint
tw_sweep_n_axes (const TwSweep *sweep)
{
  g_return_val_if_fail (sweep != NULL, 0);

  return sweep->axes->len;
}

const TwSweepAxis *
tw_sweep_get_axis (const TwSweep *sweep,
                   guint          axis)
{
  g_return_val_if_fail (sweep != NULL, NULL);
  g_return_val_if_fail (axis < sweep->axes->len, NULL);

  return g_ptr_array_index (sweep->axes, axis);
}

gboolean
tw_sweep_has_axis (const TwSweep *sweep,
                   const char    *name)
{
  g_return_val_if_fail (sweep != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < sweep->axes->len; i++)
    if (g_str_equal (((const TwSweepAxis *) g_ptr_array_index (sweep->axes, i))->name, name))
      return TRUE;
  return FALSE;
}

guint
tw_sweep_n_cells (const TwSweep *sweep)
{
  guint cells = 1;

  g_return_val_if_fail (sweep != NULL, 0);

  for (guint i = 0; i < sweep->axes->len; i++)
    cells *= ((const TwSweepAxis *) g_ptr_array_index (sweep->axes, i))->n_values;
  return cells;
}

/* The index of @axis's value in @cell: the last axis varies fastest. */
static guint
value_index (const TwSweep *sweep,
             guint          cell,
             guint          axis)
{
  for (guint i = sweep->axes->len; i-- > axis + 1;)
    cell /= ((const TwSweepAxis *) g_ptr_array_index (sweep->axes, i))->n_values;
  return cell % ((const TwSweepAxis *) g_ptr_array_index (sweep->axes, axis))->n_values;
}

const char *
tw_sweep_cell_value (const TwSweep *sweep,
                     guint          cell,
                     guint          axis)
{
  const TwSweepAxis *a;

  g_return_val_if_fail (sweep != NULL, NULL);
  g_return_val_if_fail (axis < sweep->axes->len, NULL);
  g_return_val_if_fail (cell < tw_sweep_n_cells (sweep), NULL);

  a = g_ptr_array_index (sweep->axes, axis);
  return a->values[value_index (sweep, cell, axis)];
}

char **
tw_sweep_cell_sets (const TwSweep *sweep,
                    guint          cell,
                    guint         *players)
{
  g_autoptr(GStrvBuilder) sets = g_strv_builder_new ();

  g_return_val_if_fail (sweep != NULL, NULL);
  g_return_val_if_fail (cell < tw_sweep_n_cells (sweep), NULL);
  g_return_val_if_fail (players != NULL, NULL);

  *players = 0;
  for (guint i = 0; i < sweep->axes->len; i++)
    {
      const TwSweepAxis *axis = g_ptr_array_index (sweep->axes, i);
      const char *value = tw_sweep_cell_value (sweep, cell, i);

      if (g_str_equal (axis->name, TW_SWEEP_PLAYERS))
        *players = (guint) g_ascii_strtoull (value, NULL, 10);
      else if (!axis->path)
        {
          g_autofree char *set = g_strdup_printf ("%s=%s", axis->name, value);

          g_strv_builder_add (sets, set);
        }
    }
  return g_strv_builder_end (sets);
}

char *
tw_sweep_cell_label (const TwSweep *sweep,
                     guint          cell)
{
  GString *label = g_string_new (NULL);

  g_return_val_if_fail (sweep != NULL, NULL);
  g_return_val_if_fail (cell < tw_sweep_n_cells (sweep), NULL);

  for (guint i = 0; i < sweep->axes->len; i++)
    g_string_append_printf (label, "%s%s=%s", i > 0 ? ", " : "",
                            ((const TwSweepAxis *) g_ptr_array_index (sweep->axes, i))->name,
                            tw_sweep_cell_value (sweep, cell, i));
  return g_string_free (label, FALSE);
}

static gint
edit_later_first (gconstpointer a,
                  gconstpointer b)
{
  const TwDesignEdit *x = *(TwDesignEdit * const *) a;
  const TwDesignEdit *y = *(TwDesignEdit * const *) b;

  return x->start < y->start ? 1 : x->start > y->start ? -1 : 0;
}

/**
 * tw_sweep_cell_definition:
 * @sweep: the sweep
 * @def: the definition the sweep was built on
 * @cell: a cell
 * @error: the first problem of the cell's definition, when it has one
 *
 * The definition @cell plays: @def itself when the sweep has no path axes,
 * else @def's text with the numbers at the paths set to the cell's values
 * (only those values' bytes change: tw-design-edit.h), loaded and checked
 * again under the name "PATH (LABEL)".
 *
 * Returns: (transfer full) (nullable): the cell's definition
 */
TwDefinition *
tw_sweep_cell_definition (const TwSweep  *sweep,
                          TwDefinition   *def,
                          guint           cell,
                          GError        **error)
{
  g_autoptr(GPtrArray) edits = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_design_edit_free);
  g_autoptr(GString) text = NULL;
  g_autofree char *label = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (sweep != NULL, NULL);
  g_return_val_if_fail (def != NULL, NULL);
  g_return_val_if_fail (cell < tw_sweep_n_cells (sweep), NULL);

  for (guint i = 0; i < sweep->axes->len; i++)
    {
      const TwSweepAxis *axis = g_ptr_array_index (sweep->axes, i);
      const TwNode *map;
      const char *key;
      TwDesignEdit *edit;

      if (!axis->path)
        continue;
      map = find_path (def->root, axis->name, &key, error);
      if (map == NULL)
        return NULL;
      edit = tw_design_edit_map_set (def->text, map, key, tw_sweep_cell_value (sweep, cell, i));
      if (edit == NULL)
        {
          g_set_error (error, TW_SWEEP_ERROR, TW_SWEEP_ERROR_NAME,
                       _("'%s' cannot be rewritten in the definition's text"), axis->name);
          return NULL;
        }
      g_ptr_array_add (edits, edit);
    }
  if (edits->len == 0)
    return tw_definition_ref (def);

  /* from the end of the text back, so that each span is still where the
   * parse found it */
  g_ptr_array_sort (edits, edit_later_first);
  text = g_string_new (def->text);
  for (guint i = 0; i < edits->len; i++)
    {
      const TwDesignEdit *edit = g_ptr_array_index (edits, i);

      g_string_erase (text, (gssize) edit->start, (gssize) (edit->end - edit->start));
      g_string_insert (text, (gssize) edit->start, edit->text);
    }
  label = tw_sweep_cell_label (sweep, cell);
  name = g_strdup_printf ("%s (%s)", def->path != NULL ? def->path : "<string>", label);
  return tw_definition_load_data (text->str, (gssize) text->len, name, NULL, error);
}

TwGame *
tw_sweep_cell_game (const TwSweep    *sweep,
                    TwDefinition     *def,
                    guint             cell,
                    guint             n_players,
                    const TwOptions  *base,
                    GError          **error)
{
  g_autoptr(TwDefinition) cell_def = NULL;
  g_auto(GStrv) sets = NULL;
  g_autoptr(GError) local_error = NULL;
  const TwRules *rules = def->rules;
  TwOptions options = *base;
  TwGame *game = NULL;
  guint players = 0;

  g_return_val_if_fail (base != NULL, NULL);

  sets = tw_sweep_cell_sets (sweep, cell, &players);
  cell_def = tw_sweep_cell_definition (sweep, def, cell, &local_error);
  for (guint i = 0; cell_def != NULL && sets[i] != NULL; i++)
    if (!tw_options_set_from_string (&options, rules->options, rules->n_options, sets[i],
                                     &local_error))
      break;
  if (local_error == NULL)
    game = tw_game_new (cell_def, players != 0 ? players : n_players, &options, &local_error);
  if (game == NULL)
    {
      g_autofree char *label = tw_sweep_cell_label (sweep, cell);

      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", label);
    }
  return game;
}

/* ------------------------------------------------------------------------ */
/* The sweep as CSV                                                         */

static void
csv_share (GString        *out,
           const TwSimRow *row,
           gboolean        interval)
{
  double values[3] = { row != NULL ? row->stats.mean : 0, row != NULL ? row->lo : 0,
                       row != NULL ? row->hi : 0 };

  for (guint i = 0; i < (interval ? 3u : 1u); i++)
    {
      g_string_append_c (out, ',');
      if (row != NULL)
        tw_json_append_number (out, values[i], 15);
    }
}

void
tw_sweep_csv (GString                *out,
              const TwSweep          *sweep,
              const TwSimArm * const *arms,
              GArray * const         *rows,
              guint                   n_played)
{
  const TwSimArm *first;
  guint n_axes = tw_sweep_n_axes (sweep);
  guint seats = 0;

  g_return_if_fail (n_played > 0);

  first = arms[0];
  for (guint c = 0; c < n_played; c++)
    seats = MAX (seats, arms[c]->n_players);

  for (guint a = 0; a < n_axes; a++)
    {
      tw_sim_csv_field (out, tw_sweep_get_axis (sweep, a)->name);
      g_string_append_c (out, ',');
    }
  g_string_append (out, "games,games_total");
  for (guint s = 1; s <= seats; s++)
    g_string_append_printf (out, ",win_p%u,win_p%u_lo,win_p%u_hi", s, s, s);
  g_string_append (out, ",advantage_p1,advantage_p1_lo,advantage_p1_hi,moves,tie,tie_lo,tie_hi");
  for (guint e = 0; first->end_reasons[e] != NULL; e++)
    {
      g_autofree char *name = g_strconcat ("end:", first->end_reasons[e], NULL);

      g_string_append_c (out, ',');
      tw_sim_csv_field (out, name);
    }
  g_string_append_c (out, '\n');

  for (guint c = 0; c < n_played; c++)
    {
      const TwSimArm *arm = arms[c];
      gboolean any = tw_sim_arm_n_games (arm) > 0;

      for (guint a = 0; a < n_axes; a++)
        {
          tw_sim_csv_field (out, tw_sweep_cell_value (sweep, c, a));
          g_string_append_c (out, ',');
        }
      g_string_append_printf (out, "%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT,
                              tw_sim_arm_n_games (arm), arm->total_games);
      for (guint s = 0; s < seats; s++)
        csv_share (out, any && s < arm->n_players
                        ? tw_sim_find_row (rows[c], TW_SIM_METRIC_WIN, s) : NULL, TRUE);
      csv_share (out, any ? tw_sim_find_row (rows[c], TW_SIM_METRIC_ADVANTAGE, 0) : NULL, TRUE);
      csv_share (out, any ? tw_sim_find_row (rows[c], TW_SIM_METRIC_MOVES, 0) : NULL, FALSE);
      csv_share (out, any ? tw_sim_find_row (rows[c], TW_SIM_METRIC_TIE, 0) : NULL, TRUE);
      for (guint e = 0; first->end_reasons[e] != NULL; e++)
        csv_share (out, any ? tw_sim_find_row (rows[c], TW_SIM_METRIC_END, e) : NULL, FALSE);
      g_string_append_c (out, '\n');
    }
}

/* ------------------------------------------------------------------------ */
/* Reading a sweep's results back                                           */

/* An axis value as its canonical text: numbers and booleans as --set takes
 * them, strings as they are; NULL for anything else. */
static char *
value_text (JsonNode    *node,
            TwValueType *type)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      *type = TW_VALUE_INT;
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_BOOLEAN:
      *type = TW_VALUE_BOOL;
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_STRING:
      *type = TW_VALUE_CHOICE;
      return g_strdup (tw_json_string (node));
    default:
      return NULL;
    }
}

TwSweep *
tw_sweep_results_read (const char  *text,
                       gsize        len,
                       GPtrArray   *arms,
                       gboolean    *is_sweep,
                       GError     **error)
{
  g_autoptr(TwJsonDoc) doc = NULL;
  g_autoptr(TwSweep) sweep = tw_sweep_new ();
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  JsonNode *root, *axes, *cells;
  const char *format;
  guint n_axes, n_cells;

  g_return_val_if_fail (text != NULL && arms != NULL && is_sweep != NULL, NULL);

  *is_sweep = FALSE;
  doc = tw_json_doc_parse (text, len, 3, TW_SIM_ERROR, TW_SIM_ERROR_PARSE, error);
  if (doc == NULL)
    return NULL;
  root = tw_json_doc_root (doc);
  format = tw_json_string (tw_json_member (root, "format"));
  if (format == NULL || !g_str_equal (format, "tilewright-sweep"))
    {
      g_set_error_literal (error, TW_SIM_ERROR, TW_SIM_ERROR_PARSE,
                           _("not a sweep's results (no “format”: “tilewright-sweep”)"));
      return NULL;
    }
  *is_sweep = TRUE;
  axes = tw_json_member (root, "sweep");
  cells = tw_json_member (root, "cells");
  n_axes = axes != NULL && JSON_NODE_HOLDS_ARRAY (axes)
           ? json_array_get_length (json_node_get_array (axes)) : 0;
  if (n_axes == 0)
    {
      tw_json_doc_fail (doc, axes != NULL ? axes : root, error,
                        _("“sweep” must be a list of one axis or more"));
      return NULL;
    }
  for (guint a = 0; a < n_axes; a++)
    {
      JsonNode *item = json_array_get_element (json_node_get_array (axes), a);
      const char *name = tw_json_string (tw_json_member (item, "name"));
      JsonNode *values = tw_json_member (item, "values");
      guint n = values != NULL && JSON_NODE_HOLDS_ARRAY (values)
                ? json_array_get_length (json_node_get_array (values)) : 0;
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      TwSweepAxis *axis;
      TwValueType type = TW_VALUE_INT;

      if (name == NULL || *name == '\0' || n == 0 || tw_sweep_has_axis (sweep, name)
          || (guint64) tw_sweep_n_cells (sweep) * n > TW_SWEEP_MAX_CELLS)
        {
          tw_json_doc_fail (doc, item, error, g_dngettext (GETTEXT_PACKAGE, "axis %u: a “name” (once) and a list of “values” were expected, within %d cell",
                                                           "axis %u: a “name” (once) and a list of "
                                                           "“values” were expected, within %d cells", TW_SWEEP_MAX_CELLS), a + 1,
                            TW_SWEEP_MAX_CELLS);
          return NULL;
        }
      for (guint v = 0; v < n; v++)
        {
          JsonNode *node = json_array_get_element (json_node_get_array (values), v);
          g_autofree char *value = value_text (node, &type);

          if (value == NULL)
            {
              tw_json_doc_fail (doc, node, error, _("axis “%s”: a value must be a number, "
                                  "true, false or a string"), name);
              return NULL;
            }
          g_strv_builder_add (builder, value);
        }
      axis = g_new0 (TwSweepAxis, 1);
      axis->name = g_strdup (name);
      axis->type = type;
      axis->path = strchr (name, '.') != NULL;
      axis->values = g_strv_builder_end (builder);
      axis->n_values = n;
      g_ptr_array_add (sweep->axes, axis);
    }

  n_cells = cells != NULL && JSON_NODE_HOLDS_ARRAY (cells)
            ? json_array_get_length (json_node_get_array (cells)) : 0;
  if (n_cells == 0 || n_cells > tw_sweep_n_cells (sweep))
    {
      tw_json_doc_fail (doc, cells != NULL ? cells : root, error,
                        g_dngettext (GETTEXT_PACKAGE, "“cells” must list from 1 to %u cell, one per combination of the axes' values",
                                     "“cells” must list from 1 to %u cells, one per combination of the "
                                     "axes' values", tw_sweep_n_cells (sweep)), tw_sweep_n_cells (sweep));
      return NULL;
    }
  for (guint c = 0; c < n_cells; c++)
    {
      JsonNode *cell = json_array_get_element (json_node_get_array (cells), c);
      JsonNode *values = tw_json_member (cell, "values");
      JsonNode *summary = tw_json_member (cell, "summary");
      g_autoptr(GPtrArray) cell_arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
      g_autoptr(GError) local_error = NULL;
      g_autofree char *summary_text = NULL;

      /* the cells in grid order, each naming its values */
      for (guint a = 0; a < n_axes; a++)
        {
          const TwSweepAxis *axis = g_ptr_array_index (sweep->axes, a);
          TwValueType type;
          g_autofree char *value = value_text (tw_json_member (values, axis->name), &type);

          if (value == NULL || !g_str_equal (value, tw_sweep_cell_value (sweep, c, a)))
            {
              tw_json_doc_fail (doc, cell, error, _("cell %u: its “values” must give %s=%s, "
                                  "the grid's cell %u"), c + 1, axis->name,
                                tw_sweep_cell_value (sweep, c, a), c + 1);
              return NULL;
            }
        }
      if (summary == NULL || !JSON_NODE_HOLDS_OBJECT (summary))
        {
          tw_json_doc_fail (doc, cell, error, _("cell %u: no “summary” object"), c + 1);
          return NULL;
        }
      summary_text = json_to_string (summary, FALSE);
      if (!tw_sim_from_json (summary_text, strlen (summary_text), cell_arms, &local_error))
        {
          tw_json_doc_fail (doc, summary, error, _("cell %u: %s"), c + 1, local_error->message);
          return NULL;
        }
      if (cell_arms->len != 1)
        {
          tw_json_doc_fail (doc, summary, error, _("cell %u: a single run was expected"), c + 1);
          return NULL;
        }
      g_ptr_array_add (read, g_ptr_array_steal_index (cell_arms, 0));
    }
  for (guint c = 0; c < read->len; c++)
    g_ptr_array_add (arms, g_ptr_array_steal_index (read, c--));
  return g_steal_pointer (&sweep);
}
