/* tw-definition.c: loading and checking a game definition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The loader reads a TwNode tree and checks it section by section, reporting
 * every problem it finds rather than stopping at the first: a designer fixes
 * a file in one pass. A part with a problem is skipped, and what depends on
 * it is checked as far as it still makes sense (a colour with a bad rgb still
 * defines its id, so tiles that use it do not report a second, false error).
 * The rules module sees the definition only when the core found nothing
 * wrong, so modules can rely on every core invariant in validate/prepare.
 * The tiles:, pieces: and cards: lists are read in tw-definition-entries.c.
 */
#include "config.h"

#include "tw-definition.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "tw-definition-private.h"

G_DEFINE_QUARK (tw-definition-error-quark, tw_definition_error)

#define MAX_FILE_BYTES TW_DEFINITION_MAX_BYTES

/* ---------------------------------------------------------------------- */
/* Small helpers                                                           */

/* A NULL-terminated array of borrowed strings, for tw_nearest_word() and
 * tw_node_check_keys(). */
GPtrArray *
tw_def_names_new (void)
{
  return g_ptr_array_new ();
}

const char * const *
tw_def_names_end (GPtrArray *names)
{
  g_ptr_array_add (names, NULL);
  return (const char * const *) names->pdata;
}

char *
tw_def_did_you_mean (const char         *word,
                     const char * const *candidates)
{
  const char *nearest = tw_nearest_word (word, candidates);

  return nearest ? g_strdup_printf (_("did you mean '%s'?"), nearest) : NULL;
}

/* Text of a scalar shown in a message (tw_excerpt()). */
char *
tw_def_shown (const char *s)
{
  return tw_excerpt (s, TW_EXCERPT_VALUE);
}

/* Whether a scalar means "no value": YAML's null written plainly. */
gboolean
tw_def_is_null (const TwNode *node)
{
  return node->type == TW_NODE_SCALAR && node->plain
         && (node->scalar[0] == '\0' || strcmp (node->scalar, "~") == 0
             || strcmp (node->scalar, "null") == 0);
}

/* A string value of @map. Absent: FALSE, and an error when @required. */
gboolean
tw_def_get_string (Loader       *L,
                   const TwNode *map,
                   const char   *key,
                   const char   *what,
                   gboolean      required,
                   char        **out)
{
  const TwNode *node = tw_node_get (map, key);
  g_autofree char *where = g_strdup_printf (_("'%s' of %s"), key, what);

  if (node == NULL)
    {
      if (required)
        tw_diag_error (L->diags, map, NULL, _("missing key '%s' in %s"), key, what);
      return FALSE;
    }
  if (!tw_node_expect (node, TW_NODE_SCALAR, where, L->diags))
    return FALSE;
  if (tw_def_is_null (node))
    {
      if (required)
        tw_diag_error (L->diags, node, NULL, _("%s is empty"), where);
      return FALSE;
    }
  g_free (*out);
  *out = g_strdup (node->scalar);
  return TRUE;
}

/* Where @id has a character that an id may not have (anything but letters,
 * digits, '-' and '_'), or NULL. Ids are written in the move notation, in
 * positions and in records, whose readers split on spaces and on ; , : @ =
 * (doc/notation.md): any other character could make a move that the notation
 * prints but cannot read back. */
static const char *
bad_id_char (const char *id)
{
  for (const char *c = id; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if (!g_unichar_isalnum (u) && u != '-' && u != '_')
        return c;
    }
  return NULL;
}

const char *
tw_card_text (const TwDefinition *def,
              const TwCardDef    *card)
{
  const TwCardKind *kind;

  g_return_val_if_fail (def != NULL && card != NULL, NULL);

  if (card->text != NULL)
    return card->text;
  if (def->rules == NULL || card->kind >= def->rules->n_card_kinds)
    return NULL;
  kind = &def->rules->card_kinds[card->kind];
  if (card->text_param != NULL)
    for (guint p = 0; p < kind->n_params; p++)
      if (kind->params[p].type == TW_VALUE_TEXT && kind->params[p].expression != 0)
        return card->text_param;
  return _(kind->description);
}

gboolean
tw_definition_id_is_valid (const char *id)
{
  return id != NULL && *id != '\0' && g_utf8_validate (id, -1, NULL) && bad_id_char (id) == NULL;
}

/* An id: a required non-empty word (bad_id_char()). */
gboolean
tw_def_get_id (Loader       *L,
               const TwNode *map,
               const char   *what,
               char        **out)
{
  const char *hint = _("write ids as one word of letters, digits, '-' and '_', such as 'red' "
                       "or 'corner-3'");
  const TwNode *node;
  const char *c;

  if (!tw_def_get_string (L, map, "id", what, TRUE, out))
    return FALSE;
  node = tw_node_get (map, "id");
  if (**out == '\0')
    tw_diag_error (L->diags, node, hint, _("the id of %s is empty"), what);
  else if ((c = bad_id_char (*out)) != NULL)
    {
      g_autofree char *s = tw_def_shown (*out);

      if (g_unichar_isspace (g_utf8_get_char (c)) || (guchar) *c < 0x20)
        tw_diag_error (L->diags, node, hint, _("the id '%s' of %s contains a space"), s, what);
      else
        tw_diag_error (L->diags, node, hint, _("the id '%s' of %s contains '%.*s', which the "
                         "move notation cannot read back"), s, what,
                       (int) (g_utf8_next_char (c) - c), c);
    }
  else
    return TRUE;
  g_clear_pointer (out, g_free);
  return FALSE;
}

/* Calls @func on every entry of list @path under @node with a scalar id
 * (@path as TwReservedId.list: "tiles", or "canvases.faces" for the entries
 * of the lists `faces` of each entry of `canvases`), with the entry's place
 * in its list. */
static void
each_list_id (Loader        *L,
              const TwNode  *node,
              const char    *path,
              void         (*func) (Loader *, const TwNode *, guint, const TwNode *, gconstpointer),
              gconstpointer  data)
{
  const char *dot = strchr (path, '.');
  g_autofree char *key = dot != NULL ? g_strndup (path, dot - path) : g_strdup (path);
  const TwNode *list = tw_node_get (node, key);

  for (guint i = 0; list != NULL && list->type == TW_NODE_SEQ && i < list->n_children; i++)
    {
      const TwNode *entry = list->children[i];
      const TwNode *id = tw_node_get (entry, "id");

      if (dot != NULL)
        each_list_id (L, entry, dot + 1, func, data);
      else if (id != NULL && id->type == TW_NODE_SCALAR)
        func (L, entry, i, id, data);
    }
}

/* An id that is @data's word (a TwReservedId) is an error at the id. */
static void
check_reserved (Loader        *L,
                const TwNode  *entry,
                guint          index,
                const TwNode  *id,
                gconstpointer  data)
{
  const TwReservedId *r = data;
  g_auto(GStrv) keys = NULL;
  g_autoptr(GString) where = NULL;

  if (g_strcmp0 (id->scalar, r->word) != 0)
    return;
  /* "canvases.faces" as "`faces` of `canvases`" */
  keys = g_strsplit (r->list, ".", -1);
  where = g_string_new (NULL);
  for (guint k = g_strv_length (keys); k > 0; k--)
    /* Translators: a list of the definition inside another ("`faces` of `canvases`") */
    g_string_append_printf (where, k < g_strv_length (keys) ? _(" of `%s`") : "`%s`",
                            keys[k - 1]);
  tw_diag_error (L->diags, id, _("choose another id"),
                 /* Translators: an id, the list of the definition it is in
                  * ("`tiles`"), the game, and what its notation reads the word
                  * as (TwReservedId.reason: "the draft move 'pick N'") */
                 _("'%s' cannot be an id in %s: %s's notation reads it as %s"),
                 r->word, where->str, L->rules->display_name, _(r->reason));
}

/* An id of a module's own list (@data, a TwIdList) is one word, as
 * tw_def_get_id() wants the core's; the module reports missing ones. */
static void
check_own_id (Loader        *L,
              const TwNode  *entry,
              guint          index,
              const TwNode  *id,
              gconstpointer  data)
{
  const TwIdList *own = data;
  g_autofree char *what = NULL;
  g_autofree char *ignored = NULL;

  if (tw_definition_id_is_valid (id->scalar))
    return;
  what = tw_def_entry_name (entry, _(own->noun), index);
  tw_def_get_id (L, entry, what, &ignored);
}

/* Ids that the module's notation would print and could not read back, being
 * words it reads as its own there (TwRules.reserved_ids), or not one word
 * (in the module's own lists, TwRules.own_id_lists). */
static void
check_reserved_ids (Loader       *L,
                    const TwNode *root)
{
  if (L->rules == NULL)
    return;
  for (const TwReservedId *r = L->rules->reserved_ids; r != NULL && r->list != NULL; r++)
    each_list_id (L, root, r->list, check_reserved, r);
  for (const TwIdList *own = L->rules->own_id_lists; own != NULL && own->list != NULL; own++)
    each_list_id (L, root, own->list, check_own_id, own);
}

/* An optional integer; FALSE (and *out unchanged) when absent or wrong. */
gboolean
tw_def_get_int (Loader       *L,
                const TwNode *map,
                const char   *key,
                gint64        min,
                gint64        max,
                gint64       *out)
{
  const TwNode *node = tw_node_get (map, key);

  if (node == NULL)
    return FALSE;
  return tw_node_to_int (node, min, max, out, L->diags);
}

/* How messages name the @i-th entry of a list: by its id when it has a
 * usable one ("tile 'a'"), else by its place ("tile #3"). */
char *
tw_def_entry_name (const TwNode *entry,
                   const char   *noun,
                   guint         i)
{
  const TwNode *id = tw_node_get (entry, "id");

  if (id != NULL && id->type == TW_NODE_SCALAR && !tw_def_is_null (id) && id->scalar[0] != '\0'
      && strlen (id->scalar) <= 64 && g_utf8_validate (id->scalar, -1, NULL)
      && bad_id_char (id->scalar) == NULL)
    /* Translators: how a message names an entry of a list: its kind
     * ("tile", "card") and its id */
    return g_strdup_printf (_("%s '%s'"), noun, id->scalar);
  /* Translators: how a message names an entry of a list without an id: its
   * kind ("tile", "card") and its place in the list */
  return g_strdup_printf (_("%s #%u"), noun, i + 1);
}

/* Reports an id seen before; otherwise remembers it. */
gboolean
tw_def_check_unique (Loader       *L,
                     GHashTable   *seen,
                     const char   *id,
                     const TwNode *map,
                     const char   *kind)
{
  const TwNode *id_node = tw_node_get (map, "id");
  const TwNode *first = g_hash_table_lookup (seen, id);

  if (first != NULL)
    {
      g_autofree char *hint = g_strdup_printf (_("the first is at line %u"), first->line);
      g_autofree char *s = tw_def_shown (id);

      /* Translators: the kind of entry ("tile", "card") and the id */
      tw_diag_error (L->diags, id_node, hint, _("duplicate %s id '%s'"), kind, s);
      return FALSE;
    }
  g_hash_table_insert (seen, (gpointer) id, (gpointer) id_node);
  return TRUE;
}

/* Checks the length of a list of entries against a limit; returns how many
 * entries to read. */
guint
tw_def_clamp_list (Loader       *L,
                   const TwNode *list,
                   guint         max,
                   const char   *what)
{
  if (list->n_children > max)
    {
      /* Translators: what the list holds ("colours", "cards"), how many it has, the limit */
      tw_diag_error (L->diags, list->children[max], _("this is a fixed limit of the format"),
                     _("too many %s: %u, the limit is %u"), what, list->n_children, max);
      return max;
    }
  return list->n_children;
}

static gint
find_color (const TwDefinition *def,
            const char         *id)
{
  for (guint i = 0; i < def->n_colors; i++)
    if (def->colors[i].id != NULL && strcmp (def->colors[i].id, id) == 0)
      return i;
  return -1;
}

/* A colour id; reports an unknown one with the nearest known id. */
gboolean
tw_def_color_ref (Loader       *L,
                  const TwNode *node,
                  const char   *what,
                  guint8       *out)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *s = NULL;
  gint index;

  if (!tw_node_expect (node, TW_NODE_SCALAR, what, L->diags))
    return FALSE;
  index = find_color (L->def, node->scalar);
  if (index >= 0)
    {
      *out = index;
      return TRUE;
    }

  names = tw_def_names_new ();
  for (guint i = 0; i < L->def->n_colors; i++)
    if (L->def->colors[i].id != NULL)
      g_ptr_array_add (names, L->def->colors[i].id);
  hint = tw_def_did_you_mean (node->scalar, tw_def_names_end (names));
  if (hint == NULL)
    hint = g_strdup (L->def->n_colors > 0 ? _("colours are defined under 'colors:'")
                                          : _("define the colours under 'colors:' first"));
  s = tw_def_shown (node->scalar);
  tw_diag_error (L->diags, node, hint, _("unknown colour '%s' in %s"), s, what);
  return FALSE;
}

/* A polyomino drawn as a list of rows, or as one string of rows joined by
 * '/' (the form tw_polyomino_to_string() writes). */
gboolean
tw_def_shape_value (Loader       *L,
                    const TwNode *node,
                    const char   *what,
                    TwPolyomino  *out)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) split = NULL;
  g_autofree const char **rows = NULL;
  guint n_rows = 0;

  if (node->type == TW_NODE_SCALAR)
    {
      split = g_strsplit (node->scalar, "/", 64);
      n_rows = g_strv_length (split);
      rows = g_new0 (const char *, n_rows + 1);
      for (guint i = 0; i < n_rows; i++)
        rows[i] = split[i];
    }
  else if (node->type == TW_NODE_SEQ)
    {
      n_rows = node->n_children;
      rows = g_new0 (const char *, n_rows + 1);
      for (guint i = 0; i < n_rows; i++)
        {
          g_autofree char *row_what = g_strdup_printf (_("row %u of %s"), i + 1, what);

          if (!tw_node_expect (node->children[i], TW_NODE_SCALAR, row_what, L->diags))
            return FALSE;
          rows[i] = node->children[i]->scalar;
        }
    }
  else
    {
      tw_diag_error (L->diags, node, _("draw it as a list of rows such as [\"##.\", \".##\"]"),
                     _("%s must be a list of rows, found a map"), what);
      return FALSE;
    }

  if (!tw_polyomino_from_rows (out, rows, n_rows, &error))
    {
      tw_diag_error (L->diags, node, NULL, "%s: %s", what, error->message);
      return FALSE;
    }
  return TRUE;
}

/* One value of an option or card parameter, by its declared type. SHAPE and
 * TEXT go to @card. */
gboolean
tw_def_typed_value (Loader             *L,
                    const TwNode       *node,
                    TwValueType         type,
                    int                 min,
                    int                 max,
                    const char * const *choices,
                    const char         *what,
                    TwCardDef          *card,
                    int                *out)
{
  switch (type)
    {
    case TW_VALUE_BOOL:
      {
        gboolean b;

        if (!tw_node_to_bool (node, &b, L->diags))
          return FALSE;
        *out = b;
        return TRUE;
      }

    case TW_VALUE_INT:
      {
        gint64 v;

        if (!tw_node_to_int (node, min, max, &v, L->diags))
          return FALSE;
        *out = (int) v;
        return TRUE;
      }

    case TW_VALUE_CHOICE:
      {
        static const char * const none[] = { NULL };
        guint index;

        if (!tw_node_to_choice (node, choices ? choices : none, &index, L->diags))
          return FALSE;
        *out = (int) index;
        return TRUE;
      }

    case TW_VALUE_COLOR:
      {
        guint8 index;

        if (!tw_def_color_ref (L, node, what, &index))
          return FALSE;
        *out = index;
        return TRUE;
      }

    case TW_VALUE_SHAPE:
      if (card == NULL || !tw_def_shape_value (L, node, what, &card->shape))
        return FALSE;
      *out = card->shape.n;
      return TRUE;

    case TW_VALUE_TEXT:
      if (card == NULL || !tw_node_expect (node, TW_NODE_SCALAR, what, L->diags))
        return FALSE;
      g_free (card->text_param);
      card->text_param = g_strdup (node->scalar);
      *out = 0;
      return TRUE;

    default:
      tw_diag_error (L->diags, node, _("this is a bug in the rules module"),
                     _("%s has a type the loader does not know"), what);
      return FALSE;
    }
}

/* ---------------------------------------------------------------------- */
/* Sections                                                                */

static void
load_format (Loader       *L,
             const TwNode *root)
{
  const TwNode *node = tw_node_get (root, "format");
  gint64 format;

  if (node == NULL)
    return;
  if (!tw_node_to_int (node, G_MININT64, G_MAXINT64, &format, L->diags))
    return;
  if (format != 1)
    tw_diag_error (L->diags, node, _("write 'format: 1' or leave the key out"),
                   _("format %lld is not supported: this version of Tilewright reads format 1"),
                   (long long) format);
}

static void
load_players (Loader       *L,
              const TwNode *game)
{
  static const char * const keys[] = { "min", "max", NULL };
  const TwNode *players = tw_node_get (game, "players");
  guint lo = L->rules ? L->rules->min_players : 1;
  guint hi = L->rules ? L->rules->max_players : TW_MAX_PLAYERS;
  const char *module = L->rules ? L->rules->display_name : "Tilewright";
  const TwNode *min_node, *max_node;
  gint64 min = lo, max = hi;
  gboolean ok = TRUE;

  L->def->min_players = lo;
  L->def->max_players = hi;
  if (players == NULL)
    return;
  if (!tw_node_check_keys (players, keys, "game.players", L->diags)
      && players->type != TW_NODE_MAP)
    return;

  min_node = tw_node_get (players, "min");
  max_node = tw_node_get (players, "max");
  if (min_node != NULL && !tw_node_to_int (min_node, 1, TW_MAX_PLAYERS, &min, L->diags))
    ok = FALSE;
  if (max_node != NULL && !tw_node_to_int (max_node, 1, TW_MAX_PLAYERS, &max, L->diags))
    ok = FALSE;
  if (!ok)
    return;

  if (min < lo)
    {
      tw_diag_error (L->diags, min_node, NULL,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "players.min is %lld, but %s needs at least %u player",
                                  "players.min is %lld, but %s needs at least %u players", lo),
                     (long long) min, module, lo);
      ok = FALSE;
    }
  if (max > hi)
    {
      tw_diag_error (L->diags, max_node, NULL,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "players.max is %lld, but %s allows at most %u player",
                                  "players.max is %lld, but %s allows at most %u players", hi),
                     (long long) max, module, hi);
      ok = FALSE;
    }
  if (ok && min > max)
    {
      tw_diag_error (L->diags, min_node ? min_node : max_node, NULL,
                     _("players.min (%lld) is more than players.max (%lld)"),
                     (long long) min, (long long) max);
      ok = FALSE;
    }
  if (ok)
    {
      L->def->min_players = min;
      L->def->max_players = max;
    }
}

static void
load_game (Loader       *L,
           const TwNode *root)
{
  static const char * const keys[] = {
    "name", "rules", "description", "author", "version", "players", NULL
  };
  const TwNode *game = tw_node_get (root, "game");
  const TwNode *rules_node;
  g_autofree char *author = NULL;
  g_autofree char *version = NULL;

  if (game == NULL)
    {
      tw_diag_error (L->diags, root, _("start the file with 'game:' and its 'name:' and 'rules:'"),
                     _("missing section 'game'"));
      return;
    }
  if (!tw_node_check_keys (game, keys, "game", L->diags) && game->type != TW_NODE_MAP)
    return;

  tw_def_get_string (L, game, "name", "game", TRUE, &L->def->name);
  tw_def_get_string (L, game, "description", "game", FALSE, &L->def->description);
  /* Kept in the text only, but they must still be single values. */
  tw_def_get_string (L, game, "author", "game", FALSE, &author);
  tw_def_get_string (L, game, "version", "game", FALSE, &version);

  rules_node = tw_node_get (game, "rules");
  if (rules_node == NULL)
    {
      g_autofree char *list = g_strjoinv (", ", (char **) tw_rules_ids ());
      g_autofree char *hint = g_strdup_printf (_("the rules modules are: %s"), list);

      tw_diag_error (L->diags, game, hint, _("missing key 'rules' in game"));
    }
  else if (tw_node_expect (rules_node, TW_NODE_SCALAR, _("'rules' of game"), L->diags))
    {
      L->rules = tw_rules_lookup (rules_node->scalar);
      if (L->rules == NULL)
        {
          g_autofree char *hint = tw_def_did_you_mean (rules_node->scalar, tw_rules_ids ());
          g_autofree char *s = tw_def_shown (rules_node->scalar);

          if (hint == NULL)
            {
              g_autofree char *list = g_strjoinv (", ", (char **) tw_rules_ids ());
              hint = g_strdup_printf (_("the rules modules are: %s"), list);
            }
          tw_diag_error (L->diags, rules_node, hint, _("unknown rules module '%s'"), s);
        }
    }
  L->def->rules = L->rules;

  load_players (L, game);
}

static void
load_colors (Loader       *L,
             const TwNode *root)
{
  static const char * const keys[] = { "id", "name", "rgb", NULL };
  const TwNode *list = tw_node_get (root, "colors");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n;

  /* An empty `colors:` is the same as none. */
  if (list == NULL || tw_def_is_null (list)
      || !tw_node_expect (list, TW_NODE_SEQ, "colors", L->diags))
    return;

  n = tw_def_clamp_list (L, list, TW_MAX_COLORS, _("colours"));
  L->def->colors = g_new0 (TwColorDef, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const TwNode *entry = list->children[i];
      TwColorDef *color = &L->def->colors[L->def->n_colors];
      /* Translators: the kind of an entry in messages: "colour 'red'" */
      g_autofree char *what = tw_def_entry_name (entry, _("colour"), i);
      g_autofree char *rgb = NULL;
      const TwNode *rgb_node;

      if (!tw_node_check_keys (entry, keys, what, L->diags) && entry->type != TW_NODE_MAP)
        continue;
      if (!tw_def_get_id (L, entry, what, &color->id)
          || !tw_def_check_unique (L, seen, color->id, entry, _("colour")))
        g_clear_pointer (&color->id, g_free);

      tw_def_get_string (L, entry, "name", what, FALSE, &color->name);
      rgb_node = tw_node_get (entry, "rgb");
      if (rgb_node != NULL && tw_def_is_null (rgb_node))
        tw_diag_error (L->diags, rgb_node, _("'#' starts a comment in YAML: write \"#rrggbb\" "
                         "with the quotes"), _("rgb of %s is empty"), what);
      else if (tw_def_get_string (L, entry, "rgb", what, TRUE, &rgb))
        {
          if (strlen (rgb) == 7 && rgb[0] == '#'
              && strspn (rgb + 1, "0123456789abcdefABCDEF") == 6)
            color->rgb = (guint32) g_ascii_strtoull (rgb + 1, NULL, 16);
          else
            {
              g_autofree char *sh = tw_def_shown (rgb);

              tw_diag_error (L->diags, rgb_node, _("write it as \"#rrggbb\", with the quotes"),
                             _("rgb of %s is '%s', not a colour like \"#d03030\""), what, sh);
            }
        }

      /* The id is kept even when the rgb is wrong, so that tiles using the
       * colour do not report a second, misleading problem. */
      if (color->id != NULL)
        {
          if (color->name == NULL)
            color->name = g_strdup (color->id);
          L->def->n_colors++;
        }
      else
        {
          g_clear_pointer (&color->name, g_free);
          memset (color, 0, sizeof *color);
        }
    }
}

static void
load_variant (Loader       *L,
              const TwNode *root)
{
  const TwNode *variant = tw_node_get (root, "variant");
  g_autoptr(GPtrArray) names = tw_def_names_new ();
  guint n_options;

  if (L->rules == NULL)
    return;
  n_options = MIN (L->rules->n_options, TW_MAX_OPTIONS);
  tw_options_set_defaults (&L->def->options, L->rules->options, n_options);

  if (variant == NULL || tw_def_is_null (variant))
    return;
  for (guint i = 0; i < n_options; i++)
    g_ptr_array_add (names, (gpointer) L->rules->options[i].name);
  tw_def_names_end (names);
  if (!tw_node_check_keys (variant, (const char * const *) names->pdata, "variant", L->diags)
      && variant->type != TW_NODE_MAP)
    return;

  for (guint i = 0; i < variant->n_children; i++)
    {
      const TwOptionSpec *spec;
      guint index;
      g_autofree char *what = NULL;

      spec = tw_option_find (L->rules->options, n_options, variant->keys[i]->scalar, &index);
      if (spec == NULL)
        continue;   /* reported by tw_node_check_keys() */
      what = g_strdup_printf (_("option '%s'"), spec->name);
      tw_def_typed_value (L, variant->children[i], spec->type, spec->min, spec->max, spec->choices,
                          what, NULL, &L->def->options.values[index]);
    }
}

static void
check_top_level (Loader       *L,
                 const TwNode *root)
{
  static const char * const base[] = {
    "format", "game", "colors", "tiles", "pieces", "cards", "variant", "faces", NULL
  };
  g_autoptr(GPtrArray) keys = tw_def_names_new ();

  for (guint i = 0; base[i] != NULL; i++)
    g_ptr_array_add (keys, (gpointer) base[i]);
  if (L->rules != NULL)
    {
      for (guint i = 0; L->rules->extra_sections && L->rules->extra_sections[i]; i++)
        g_ptr_array_add (keys, (gpointer) L->rules->extra_sections[i]);
    }
  else
    {
      guint n_all;
      const TwRules * const *all = tw_rules_all (&n_all);

      for (guint m = 0; m < n_all; m++)
        for (guint i = 0; all[m]->extra_sections && all[m]->extra_sections[i]; i++)
          g_ptr_array_add (keys, (gpointer) all[m]->extra_sections[i]);
    }
  tw_def_names_end (keys);
  tw_node_check_keys (root, (const char * const *) keys->pdata, _("the definition"), L->diags);
}

/* ---------------------------------------------------------------------- */
/* Public API                                                              */

static void
definition_free (TwDefinition *def)
{
  if (def->prepared != NULL && def->rules != NULL && def->rules->free_prepared != NULL)
    def->rules->free_prepared (def->prepared);

  for (guint i = 0; i < def->n_colors; i++)
    {
      g_free (def->colors[i].id);
      g_free (def->colors[i].name);
    }
  for (guint i = 0; i < def->n_tiles; i++)
    {
      g_free (def->tiles[i].id);
      g_free (def->tiles[i].name);
      g_free (def->tiles[i].kind);
    }
  for (guint i = 0; i < def->n_pieces; i++)
    {
      g_free (def->pieces[i].id);
      g_free (def->pieces[i].name);
    }
  for (guint i = 0; i < def->n_cards; i++)
    {
      g_free (def->cards[i].id);
      g_free (def->cards[i].title);
      g_free (def->cards[i].text);
      g_free (def->cards[i].text_param);
    }
  tw_faces_free (def);
  g_free (def->colors);
  g_free (def->tiles);
  g_free (def->pieces);
  g_free (def->cards);
  g_free (def->name);
  g_free (def->description);
  tw_node_free (def->root);
  g_free (def->text);
  g_free (def->path);
  g_free (def->base_dir);
  g_free (def);
}

/* The first error added since @first_item, by position. */
static const TwDiag *
first_error (const TwDiagnostics *diags,
             guint                first_item)
{
  const TwDiag *best = NULL;

  for (guint i = first_item; i < tw_diagnostics_get_n (diags); i++)
    {
      const TwDiag *d = tw_diagnostics_get (diags, i);

      if (d->level != TW_DIAG_ERROR)
        continue;
      if (best == NULL || d->line < best->line
          || (d->line == best->line && d->column < best->column))
        best = d;
    }
  return best;
}

static void
set_invalid_error (GError             **error,
                   const TwDiagnostics *diags,
                   guint                n_errors,
                   guint                first_item)
{
  const TwDiag *first = first_error (diags, first_item);
  g_autofree char *base = g_path_get_basename (tw_diagnostics_get_file (diags));
  g_autofree char *hint = NULL;

  if (first == NULL)
    {
      g_set_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "%s: %u problem", "%s: %u problems", n_errors),
                   base, n_errors);
      return;
    }
  hint = first->hint ? g_strdup_printf (" (%s)", first->hint) : g_strdup ("");
  /* Translators: FILE: the number of problems, where the first one is
   * (LINE:COLUMN), its message and " (its hint)" */
  if (first->line > 0)
    g_set_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID,
                 g_dngettext (GETTEXT_PACKAGE, "%s: %u problem at %u:%u: %s%s",
                              "%s: %u problems, the first at %u:%u: %s%s", n_errors),
                 base, n_errors, first->line, first->column, first->message, hint);
  else
    g_set_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID,
                 g_dngettext (GETTEXT_PACKAGE, "%s: %u problem: %s%s",
                              "%s: %u problems, the first: %s%s", n_errors),
                 base, n_errors, first->message, hint);
}

static TwDefinition *
load_checked (const char          *text,
              gsize                len,
              TwDiagnostics       *diags,
              GError             **error)
{
  g_autoptr(TwDefinition) def = NULL;
  guint errors_before = tw_diagnostics_n_errors (diags);
  guint items_before = tw_diagnostics_get_n (diags);
  Loader L = { 0, };
  TwNode *root;

  root = tw_node_parse (text, len, NULL, diags);
  if (root != NULL)
    {
      def = g_new0 (TwDefinition, 1);
      def->ref_count = 1;
      def->path = g_strdup (tw_diagnostics_get_file (diags));
      def->text = g_strndup (text, len);
      def->root = root;

      L.def = def;
      L.diags = diags;
      if (root->type != TW_NODE_MAP)
        tw_diag_error (diags, root, _("start with 'game:' and its name and rules"),
                       _("a definition must be a map of sections (game:, colors:, tiles: ...), "
                         "found %s"), tw_node_type_a (root->type));
      else
        {
          load_game (&L, root);
          check_top_level (&L, root);
          load_format (&L, root);
          load_colors (&L, root);
          tw_def_load_tiles (&L, root);
          tw_def_load_pieces (&L, root);
          tw_def_load_cards (&L, root);
          load_variant (&L, root);
          check_reserved_ids (&L, root);
          if (L.rules != NULL)
            tw_faces_load (def, root, diags);
        }

      if (tw_diagnostics_n_errors (diags) == errors_before && def->rules != NULL)
        {
          if (def->rules->validate != NULL)
            def->rules->validate (def, diags);
          if (tw_diagnostics_n_errors (diags) == errors_before && def->rules->prepare != NULL)
            def->prepared = def->rules->prepare (def);
        }
    }

  if (tw_diagnostics_n_errors (diags) > errors_before || def == NULL)
    {
      set_invalid_error (error, diags, MAX (tw_diagnostics_n_errors (diags) - errors_before, 1),
                         items_before);
      return NULL;
    }
  return g_steal_pointer (&def);
}

/**
 * tw_definition_load_data:
 * @text: the YAML text
 * @len: its length, or -1 when NUL-terminated
 * @name_for_messages: (nullable): shown in messages; "<string>" if NULL
 * @diags: (nullable): receives every problem
 *
 * Returns: (transfer full) (nullable): the definition, or NULL with @error set
 */
TwDefinition *
tw_definition_load_data (const char     *text,
                         gssize          len,
                         const char     *name_for_messages,
                         TwDiagnostics  *diags,
                         GError        **error)
{
  g_autoptr(TwDiagnostics) own = NULL;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (diags == NULL)
    diags = own = tw_diagnostics_new (name_for_messages ? name_for_messages : "<string>");
  if (text == NULL)
    text = "";
  return load_checked (text, len < 0 ? strlen (text) : (gsize) len, diags, error);
}

/* "4.0 MiB": plain spaces and binary units, as the limits are defined. */
static char *
format_mib (guint64 bytes)
{
  return g_strdup_printf (_("%.1f MiB"), bytes / (1024.0 * 1024.0));
}

/**
 * tw_definition_load_file:
 * @diags: (nullable): receives every problem; its file name is used in
 *   messages, so create it with @path
 *
 * Reads at most 4 MiB: a larger file is refused before it is read whole.
 */
TwDefinition *
tw_definition_load_file (const char     *path,
                         TwDiagnostics  *diags,
                         GError        **error)
{
  g_autoptr(TwDiagnostics) own = NULL;
  g_autofree char *buf = NULL;
  g_autofree char *display = NULL;
  FILE *fp;
  GStatBuf st;
  gsize len = 0;
  int saved_errno;
  TwDefinition *def;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (diags == NULL)
    diags = own = tw_diagnostics_new (path);
  display = g_filename_display_name (path);

  fp = g_fopen (path, "rb");
  if (fp == NULL)
    {
      saved_errno = errno;
      g_set_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_IO,
                   _("could not open '%s': %s"), display, g_strerror (saved_errno));
      return NULL;
    }
  if (fstat (fileno (fp), &st) == 0 && S_ISREG (st.st_mode) && st.st_size > MAX_FILE_BYTES)
    {
      g_autofree char *size = format_mib (st.st_size);
      g_autofree char *limit = format_mib (MAX_FILE_BYTES);

      fclose (fp);
      tw_diagnostics_add (diags, TW_DIAG_ERROR, 1, 1, _("a definition is a few kB of text"),
                          _("the file is %s, more than the limit of %s"), size, limit);
      set_invalid_error (error, diags, 1, tw_diagnostics_get_n (diags) - 1);
      return NULL;
    }

  /* Bounded read: a FIFO or device file gets no more than the limit + 1. */
  buf = g_malloc (MAX_FILE_BYTES + 1);
  while (len < MAX_FILE_BYTES + 1)
    {
      size_t n = fread (buf + len, 1, MAX_FILE_BYTES + 1 - len, fp);

      if (n == 0)
        break;
      len += n;
    }
  if (ferror (fp))
    {
      saved_errno = errno;
      fclose (fp);
      g_set_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_IO,
                   _("could not read '%s': %s"), display, g_strerror (saved_errno));
      return NULL;
    }
  fclose (fp);

  /* Over the limit, tw_node_parse() reports the size at 1:1. */
  def = load_checked (buf, len, diags, error);
  /* the folder of the file, whatever name its messages use */
  if (def != NULL)
    {
      g_autofree char *abs = g_canonicalize_filename (path, NULL);
      def->base_dir = g_path_get_dirname (abs);
    }
  return def;
}

void
tw_definition_set_base_dir (TwDefinition *def,
                            const char   *dir)
{
  g_return_if_fail (def != NULL);
  g_free (def->base_dir);
  def->base_dir = g_strdup (dir);
}

TwDefinition *
tw_definition_ref (TwDefinition *def)
{
  g_return_val_if_fail (def != NULL, NULL);
  g_atomic_int_inc (&def->ref_count);
  return def;
}

/* Thread-safe: definitions are shared between the app, games and bots. */
void
tw_definition_unref (TwDefinition *def)
{
  g_return_if_fail (def != NULL);
  if (g_atomic_int_dec_and_test (&def->ref_count))
    definition_free (def);
}

gint
tw_definition_find_color (const TwDefinition *def,
                          const char         *id)
{
  g_return_val_if_fail (def != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  return find_color (def, id);
}

gint
tw_definition_find_tile (const TwDefinition *def,
                         const char         *id)
{
  g_return_val_if_fail (def != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  for (guint i = 0; i < def->n_tiles; i++)
    if (strcmp (def->tiles[i].id, id) == 0)
      return i;
  return -1;
}

gint
tw_definition_find_card (const TwDefinition *def,
                         const char         *id)
{
  g_return_val_if_fail (def != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  for (guint i = 0; i < def->n_cards; i++)
    if (strcmp (def->cards[i].id, id) == 0)
      return i;
  return -1;
}

gint
tw_definition_find_piece (const TwDefinition *def,
                          const char         *id)
{
  g_return_val_if_fail (def != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  for (guint i = 0; i < def->n_pieces; i++)
    if (strcmp (def->pieces[i].id, id) == 0)
      return i;
  return -1;
}

/**
 * tw_definition_bundled_dir:
 *
 * Returns: (transfer full): $TILEWRIGHT_DATADIR/games when that is set, else
 *   the source tree's data/games when it exists (running uninstalled), else
 *   PKGDATADIR/games
 */
char *
tw_definition_bundled_dir (void)
{
  const char *env = g_getenv ("TILEWRIGHT_DATADIR");

  if (env != NULL && env[0] != '\0')
    return g_build_filename (env, "games", NULL);
  if (g_file_test (SOURCE_DATADIR "/games", G_FILE_TEST_IS_DIR))
    return g_strdup (SOURCE_DATADIR "/games");
  return g_strdup (PKGDATADIR "/games");
}

/**
 * tw_definition_bundled_path:
 * @game_id: a bundled game's id, e.g. "colorblock"
 *
 * Returns: (transfer full) (nullable): the path of `<game_id>.yaml` in the
 *   bundled directory, or NULL when there is no such file
 */
char *
tw_definition_bundled_path (const char *game_id)
{
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  char *path;

  g_return_val_if_fail (game_id != NULL, NULL);

  /* An id is a file name, never a path. */
  if (game_id[0] == '\0' || strchr (game_id, '/') != NULL || strchr (game_id, '\\') != NULL
      || game_id[0] == '.')
    return NULL;

  dir = tw_definition_bundled_dir ();
  file = g_strconcat (game_id, ".yaml", NULL);
  path = g_build_filename (dir, file, NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_free (path);
      return NULL;
    }
  return path;
}
