/* tw-definition-entries.c: the tiles:, pieces: and cards: lists of a definition
 *
 * Each list is read entry by entry with the helpers of tw-definition.c, so
 * one bad entry is reported and skipped while the others still load. Tiles
 * bring their edge sections (given, or worked out from the edge colours);
 * cards bring their parameters, checked against the card kinds of the rules
 * module.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-definition-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#define MAX_POINTS 1000

static const char * const dir_letters = "NESW";

/* Parses "NE", "S" ... into an edge mask; FALSE on anything else. */
static gboolean
parse_section (const char *s,
               guint8     *mask)
{
  *mask = 0;
  if (*s == '\0')
    return FALSE;
  for (const char *c = s; *c != '\0'; c++)
    {
      const char *d = strchr (dir_letters, g_ascii_toupper (*c));
      guint8 bit;

      if (d == NULL || *c == '\0')
        return FALSE;
      bit = 1 << (d - dir_letters);
      if (*mask & bit)
        return FALSE;
      *mask |= bit;
    }
  return TRUE;
}

static char *
section_name (guint8 mask)
{
  GString *out = g_string_new (NULL);

  for (guint d = 0; d < 4; d++)
    if (mask & (1 << d))
      g_string_append_c (out, dir_letters[d]);
  return g_string_free (out, FALSE);
}

/* Without `sections:`, edges of one colour that are clockwise neighbours
 * (N-E, E-S, S-W, W-N) form one section: union-find over the four edges. */
static void
default_sections (TwTileDef *tile)
{
  guint parent[4] = { 0, 1, 2, 3 };

  for (guint d = 0; d < 4; d++)
    {
      guint e = (d + 1) % 4;

      if (tile->edges[d] == tile->edges[e])
        {
          guint a = d, b = e;

          while (parent[a] != a)
            a = parent[a];
          while (parent[b] != b)
            b = parent[b];
          if (a != b)
            parent[MAX (a, b)] = MIN (a, b);
        }
    }

  /* Sections in the order of their first edge, clockwise from north. */
  tile->n_sections = 0;
  for (guint d = 0; d < 4; d++)
    {
      guint r = d;

      while (parent[r] != r)
        r = parent[r];
      if (r == d)
        {
          guint s = tile->n_sections++;

          tile->section_mask[s] = 0;
          tile->section_color[s] = tile->edges[d];
          for (guint e = 0; e < 4; e++)
            {
              guint re = e;

              while (parent[re] != re)
                re = parent[re];
              if (re == d)
                tile->section_mask[s] |= 1 << e;
            }
        }
    }
}

static gboolean
explicit_sections (Loader       *L,
                   TwTileDef    *tile,
                   const TwNode *list,
                   const char   *what)
{
  g_autofree char *list_what = g_strdup_printf (_("the sections of %s"), what);
  guint in_count[4] = { 0, };
  g_autoptr(GString) problems = NULL;
  gboolean ok = TRUE;

  if (!tw_node_expect (list, TW_NODE_SEQ, list_what, L->diags))
    return FALSE;
  if (list->n_children == 0 || list->n_children > 4)
    {
      tw_diag_error (L->diags, list, _("for example [NE, SW], [NES, W] or [NS, E, W]"),
                     g_dngettext (GETTEXT_PACKAGE, "%s has %u section; a tile has 1 to 4",
                                  "%s has %u sections; a tile has 1 to 4", list->n_children),
                     what, list->n_children);
      return FALSE;
    }

  tile->n_sections = list->n_children;
  for (guint s = 0; s < list->n_children; s++)
    {
      const TwNode *entry = list->children[s];
      guint8 mask;

      if (!tw_node_expect (entry, TW_NODE_SCALAR, list_what, L->diags))
        {
          ok = FALSE;
          continue;
        }
      if (!parse_section (entry->scalar, &mask))
        {
          g_autofree char *sh = tw_def_shown (entry->scalar);

          tw_diag_error (L->diags, entry, _("for example [NE, SW], [NES, W] or [NS, E, W]"),
                         _("'%s' in the sections of %s is not a set of the edge letters "
                           "N, E, S, W"), sh, what);
          ok = FALSE;
          continue;
        }
      tile->section_mask[s] = mask;
      for (guint d = 0; d < 4; d++)
        if (mask & (1 << d))
          in_count[d]++;
    }
  if (!ok)
    return FALSE;

  problems = g_string_new (NULL);
  for (guint d = 0; d < 4; d++)
    if (in_count[d] != 1)
      {
        if (problems->len > 0)
          g_string_append (problems, ", ");
        if (in_count[d] == 0)
          g_string_append_printf (problems, _("%c is in none"), dir_letters[d]);
        else
          g_string_append_printf (problems, g_dngettext (GETTEXT_PACKAGE, "%c is in %u section",
                                                         "%c is in %u sections", in_count[d]),
                                  dir_letters[d], in_count[d]);
      }
  if (problems->len > 0)
    {
      tw_diag_error (L->diags, list, _("each of N, E, S, W must be in exactly one section"),
                     _("sections of %s do not partition its edges: %s"), what, problems->str);
      return FALSE;
    }

  for (guint s = 0; s < tile->n_sections; s++)
    {
      guint8 mask = tile->section_mask[s];
      guint first = 0;

      while (!(mask & (1 << first)))
        first++;
      tile->section_color[s] = tile->edges[first];
      for (guint d = first + 1; d < 4; d++)
        if ((mask & (1 << d)) && tile->edges[d] != tile->edges[first])
          {
            g_autofree char *name = section_name (mask);

            tw_diag_error (L->diags, list->children[s],
                           _("split the section, or give its edges one colour"),
                           _("section '%s' of %s joins edges of different colours: "
                             "%c is %s, %c is %s"), name, what,
                           dir_letters[first], L->def->colors[tile->edges[first]].id,
                           dir_letters[d], L->def->colors[tile->edges[d]].id);
            ok = FALSE;
            break;
          }
    }
  return ok;
}

static void
load_tile (Loader             *L,
           const TwNode       *entry,
           guint               i,
           const char * const *keys,
           GHashTable         *seen)
{
  TwTileDef *tile = &L->def->tiles[L->def->n_tiles];
  /* Translators: the kind of an entry in messages: "tile 'red-3'" */
  g_autofree char *what = tw_def_entry_name (entry, _("tile"), i);
  const TwNode *edges, *sections;
  gint64 count = 1;
  gboolean edges_ok = TRUE;

  if (!tw_node_check_keys (entry, keys, what, L->diags) && entry->type != TW_NODE_MAP)
    return;
  if (!tw_def_get_id (L, entry, what, &tile->id)
      || !tw_def_check_unique (L, seen, tile->id, entry, _("tile")))
    g_clear_pointer (&tile->id, g_free);
  tw_def_get_string (L, entry, "name", what, FALSE, &tile->name);
  tw_def_get_string (L, entry, "kind", what, FALSE, &tile->kind);
  if (tw_def_get_int (L, entry, "count", 0, TW_MAX_TILE_COUNT, &count))
    tile->count = count;
  else
    tile->count = tw_node_get (entry, "count") ? 0 : 1;
  tile->node = entry;

  edges = tw_node_get (entry, "edges");
  sections = tw_node_get (entry, "sections");
  if (edges != NULL)
    {
      g_autofree char *edges_what = g_strdup_printf (_("the edges of %s"), what);

      if (!tw_node_expect (edges, TW_NODE_SEQ, edges_what, L->diags))
        edges_ok = FALSE;
      else if (edges->n_children != 4)
        {
          tw_diag_error (L->diags, edges, _("list the colours of the N, E, S and W edges, "
                           "for example [red, red, blue, blue]"),
                         g_dngettext (GETTEXT_PACKAGE, "%s has %u edge colour; a tile has 4",
                                      "%s has %u edge colours; a tile has 4", edges->n_children),
                         what, edges->n_children);
          edges_ok = FALSE;
        }
      else
        for (guint d = 0; d < 4; d++)
          if (!tw_def_color_ref (L, edges->children[d], edges_what, &tile->edges[d]))
            edges_ok = FALSE;

      if (edges_ok)
        {
          tile->n_edges = 4;
          if (sections != NULL)
            {
              if (!explicit_sections (L, tile, sections, what))
                default_sections (tile);
            }
          else
            default_sections (tile);
        }
    }
  else if (sections != NULL)
    tw_diag_error (L->diags, sections, _("add 'edges: [n, e, s, w]' with the edge colours"),
                   _("%s has sections but no edges"), what);

  if (tile->id != NULL)
    {
      L->def->n_tiles++;
      L->def->total_tiles += tile->count;
    }
  else
    {
      g_clear_pointer (&tile->name, g_free);
      g_clear_pointer (&tile->kind, g_free);
      memset (tile, 0, sizeof *tile);
    }
}

static const char * const base_tile_keys[] = {
  "id", "name", "kind", "count", "edges", "sections", "art", "fields", NULL
};

/**
 * tw_definition_tile_keys:
 *
 * Returns: (transfer none): the keys every tile entry may have whatever its
 *   rules module (a module adds its own: TwRules.extra_tile_keys),
 *   NULL-terminated
 */
const char * const *
tw_definition_tile_keys (void)
{
  return base_tile_keys;
}

void
tw_def_load_tiles (Loader       *L,
                   const TwNode *root)
{
  const char * const *base_keys = base_tile_keys;
  const TwNode *list = tw_node_get (root, "tiles");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) keys = tw_def_names_new ();
  guint n;

  /* An empty `tiles:` is the same as none. */
  if (list == NULL || tw_def_is_null (list)
      || !tw_node_expect (list, TW_NODE_SEQ, "tiles", L->diags))
    return;

  for (guint i = 0; base_keys[i] != NULL; i++)
    g_ptr_array_add (keys, (gpointer) base_keys[i]);
  if (L->rules != NULL && L->rules->extra_tile_keys != NULL)
    for (guint i = 0; L->rules->extra_tile_keys[i] != NULL; i++)
      g_ptr_array_add (keys, (gpointer) L->rules->extra_tile_keys[i]);
  else if (L->rules == NULL)
    {
      /* Unknown module (already reported): accept any module's tile keys
       * rather than flag keys that are probably right. */
      guint n_all;
      const TwRules * const *all = tw_rules_all (&n_all);

      for (guint m = 0; m < n_all; m++)
        for (guint i = 0; all[m]->extra_tile_keys && all[m]->extra_tile_keys[i]; i++)
          g_ptr_array_add (keys, (gpointer) all[m]->extra_tile_keys[i]);
    }
  tw_def_names_end (keys);

  n = tw_def_clamp_list (L, list, TW_MAX_TILE_DEFS, _("tile definitions"));
  L->def->tiles = g_new0 (TwTileDef, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    load_tile (L, list->children[i], i, (const char * const *) keys->pdata, seen);

  if (L->def->total_tiles > TW_MAX_TILE_COUNT)
    tw_diag_error (L->diags, list, _("lower some counts"),
                   g_dngettext (GETTEXT_PACKAGE,
                                "the tiles add up to %u copy, more than the limit of %u",
                                "the tiles add up to %u copies, more than the limit of %u",
                                L->def->total_tiles),
                   L->def->total_tiles, TW_MAX_TILE_COUNT);
}

void
tw_def_load_pieces (Loader       *L,
                    const TwNode *root)
{
  static const char * const keys[] = { "id", "name", "cells", "count", "art", "fields", NULL };
  const TwNode *list = tw_node_get (root, "pieces");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n;

  /* An empty `pieces:` is the same as none. */
  if (list == NULL || tw_def_is_null (list)
      || !tw_node_expect (list, TW_NODE_SEQ, "pieces", L->diags))
    return;

  n = tw_def_clamp_list (L, list, TW_MAX_PIECE_DEFS, _("pieces"));
  L->def->pieces = g_new0 (TwPieceDef, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const TwNode *entry = list->children[i];
      TwPieceDef *piece = &L->def->pieces[L->def->n_pieces];
      /* Translators: the kind of an entry in messages: "piece 'L5'" */
      g_autofree char *what = tw_def_entry_name (entry, _("piece"), i);
      g_autofree char *cells_what = NULL;
      const TwNode *cells;
      gint64 count = 1;

      if (!tw_node_check_keys (entry, keys, what, L->diags) && entry->type != TW_NODE_MAP)
        continue;
      if (!tw_def_get_id (L, entry, what, &piece->id)
          || !tw_def_check_unique (L, seen, piece->id, entry, _("piece")))
        g_clear_pointer (&piece->id, g_free);

      tw_def_get_string (L, entry, "name", what, FALSE, &piece->name);
      if (tw_def_get_int (L, entry, "count", 0, TW_MAX_TILE_COUNT, &count))
        piece->count = count;
      else
        piece->count = tw_node_get (entry, "count") ? 0 : 1;
      piece->node = entry;

      cells = tw_node_get (entry, "cells");
      cells_what = g_strdup_printf (_("the cells of %s"), what);
      if (cells == NULL)
        tw_diag_error (L->diags, entry, _("draw the piece, e.g. cells: [\"##.\", \".##\"]"),
                       _("missing key 'cells' in %s"), what);
      else
        tw_def_shape_value (L, cells, cells_what, &piece->shape);

      if (piece->id != NULL)
        L->def->n_pieces++;
      else
        {
          g_clear_pointer (&piece->name, g_free);
          memset (piece, 0, sizeof *piece);
        }
    }
}

static void
load_card_params (Loader           *L,
                  TwCardDef        *card,
                  const TwCardKind *kind,
                  const TwNode     *entry,
                  const char       *what)
{
  const TwNode *params = tw_node_get (entry, "params");
  g_autoptr(GPtrArray) names = tw_def_names_new ();
  guint n_params = MIN (kind->n_params, TW_MAX_PARAMS);  /* more is a module bug */
  g_autofree char *params_what = g_strdup_printf (_("the params of %s"), what);

  for (guint p = 0; p < n_params; p++)
    {
      card->params[p] = kind->params[p].default_value;
      g_ptr_array_add (names, (gpointer) kind->params[p].name);
    }
  tw_def_names_end (names);

  if (params != NULL && tw_def_is_null (params))
    params = NULL;
  if (params != NULL)
    {
      g_autofree char *hint = NULL;

      if (!tw_node_expect (params, TW_NODE_MAP, params_what, L->diags))
        return;
      for (guint i = 0; i < params->n_children; i++)
        {
          const TwNode *key = params->keys[i];
          gboolean known = FALSE;

          for (guint p = 0; p < n_params && !known; p++)
            known = strcmp (key->scalar, kind->params[p].name) == 0;
          if (!known)
            {
              g_autofree char *s = tw_def_shown (key->scalar);

              hint = tw_def_did_you_mean (key->scalar, (const char * const *) names->pdata);
              if (hint == NULL && n_params > 0)
                {
                  g_autofree char *list = g_strjoinv (", ", (char **) names->pdata);
                  hint = g_strdup_printf (_("its parameters are: %s"), list);
                }
              else if (hint == NULL)
                hint = g_strdup (_("it has no parameters"));
              tw_diag_error (L->diags, key, hint, _("unknown parameter '%s' for card kind '%s'"),
                             s, kind->name);
              g_clear_pointer (&hint, g_free);
            }
          for (guint j = 0; j < i; j++)
            if (strcmp (params->keys[j]->scalar, key->scalar) == 0)
              {
                g_autofree char *s = tw_def_shown (key->scalar);

                hint = g_strdup_printf (_("the first is at line %u"), params->keys[j]->line);
                tw_diag_error (L->diags, key, hint, _("duplicate parameter '%s' in %s"), s, what);
                g_clear_pointer (&hint, g_free);
                break;
              }
        }
    }

  for (guint p = 0; p < n_params; p++)
    {
      const TwParamSpec *spec = &kind->params[p];
      const TwNode *value = tw_node_get (params, spec->name);
      g_autofree char *value_what = NULL;

      if (value == NULL)
        {
          if (spec->required)
            tw_diag_error (L->diags, params ? params : entry, _(spec->description),
                           _("%s (kind '%s') is missing the parameter '%s'"), what,
                           kind->name, spec->name);
          continue;
        }
      value_what = g_strdup_printf (_("parameter '%s' of %s"), spec->name, what);
      tw_def_typed_value (L, value, spec->type, spec->min, spec->max, spec->choices, value_what,
                          card, &card->params[p]);
    }
}

void
tw_def_load_cards (Loader       *L,
                   const TwNode *root)
{
  static const char * const keys[] = {
    "id", "kind", "params", "points", "count", "title", "text", "art", "fields", NULL
  };
  const TwNode *list = tw_node_get (root, "cards");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) kind_names = tw_def_names_new ();
  guint n;

  /* An empty `cards:` is the same as none. */
  if (list == NULL || tw_def_is_null (list)
      || !tw_node_expect (list, TW_NODE_SEQ, "cards", L->diags))
    return;
  if (L->rules != NULL)
    for (guint k = 0; k < L->rules->n_card_kinds; k++)
      g_ptr_array_add (kind_names, (gpointer) L->rules->card_kinds[k].name);
  tw_def_names_end (kind_names);

  n = tw_def_clamp_list (L, list, TW_MAX_CARD_DEFS, _("cards"));
  L->def->cards = g_new0 (TwCardDef, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const TwNode *entry = list->children[i];
      TwCardDef *card = &L->def->cards[L->def->n_cards];
      /* Translators: the kind of an entry in messages: "card 'island'" */
      g_autofree char *what = tw_def_entry_name (entry, _("card"), i);
      const TwCardKind *kind = NULL;
      const TwNode *kind_node;
      gint64 v;

      if (!tw_node_check_keys (entry, keys, what, L->diags) && entry->type != TW_NODE_MAP)
        continue;
      if (!tw_def_get_id (L, entry, what, &card->id)
          || !tw_def_check_unique (L, seen, card->id, entry, _("card")))
        g_clear_pointer (&card->id, g_free);

      card->node = entry;
      card->count = 1;
      if (tw_def_get_int (L, entry, "count", 0, TW_MAX_TILE_COUNT, &v))
        card->count = v;
      if (tw_def_get_int (L, entry, "points", -MAX_POINTS, MAX_POINTS, &v))
        card->points = v;
      tw_def_get_string (L, entry, "title", what, FALSE, &card->title);
      tw_def_get_string (L, entry, "text", what, FALSE, &card->text);

      kind_node = tw_node_get (entry, "kind");
      if (kind_node == NULL)
        {
          g_autofree char *list_s = g_strjoinv (", ", (char **) kind_names->pdata);
          g_autofree char *hint = L->rules ? g_strdup_printf (_("the kinds are: %s"), list_s)
                                           : NULL;

          tw_diag_error (L->diags, entry, hint, _("missing key 'kind' in %s"), what);
        }
      else if (tw_node_expect (kind_node, TW_NODE_SCALAR, _("the kind of a card"), L->diags)
               && L->rules != NULL)
        {
          for (guint k = 0; k < L->rules->n_card_kinds && kind == NULL; k++)
            if (strcmp (L->rules->card_kinds[k].name, kind_node->scalar) == 0)
              {
                kind = &L->rules->card_kinds[k];
                card->kind = k;
              }
          if (kind == NULL)
            {
              g_autofree char *hint =
                tw_def_did_you_mean (kind_node->scalar, (const char * const *) kind_names->pdata);
              g_autofree char *s = tw_def_shown (kind_node->scalar);

              if (hint == NULL)
                {
                  g_autofree char *list_s = g_strjoinv (", ", (char **) kind_names->pdata);
                  hint = g_strdup_printf (_("%s's card kinds are: %s"),
                                          L->rules->display_name, list_s);
                }
              tw_diag_error (L->diags, kind_node, hint, _("unknown card kind '%s' in %s"),
                             s, what);
            }
        }

      if (kind != NULL)
        {
          load_card_params (L, card, kind, entry, what);
          /* a card without a title or text of its own shows its kind's, in
           * the user's language (tw_card_text()) */
          if (card->title == NULL)
            card->title = g_strdup (_(kind->title));
          if (card->text == NULL)
            card->text = g_strdup (tw_card_text (L->def, card));
        }

      if (card->id != NULL)
        L->def->n_cards++;
      else
        {
          g_clear_pointer (&card->title, g_free);
          g_clear_pointer (&card->text, g_free);
          g_clear_pointer (&card->text_param, g_free);
          memset (card, 0, sizeof *card);
        }
    }
}
