/* tw-sgf.c: SGF records of a foreign game (Pentobi's .blksgf)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-history.h"
#include "tw-rules.h"
#include "tw-diag.h"
#include "tw-sgf.h"

G_DEFINE_QUARK (tw-sgf-error-quark, tw_sgf_error)


typedef struct
{
  char  *id;
  char  *value;
  guint  line;
  guint  column;
} SgfProp;

typedef struct
{
  const char *p;
  const char *end;
  guint       line;
  guint       column;
  const char *name;
} Cursor;

static void
advance (Cursor *c)
{
  if (*c->p == '\n')
    {
      c->line++;
      c->column = 1;
    }
  else if (((guchar) *c->p & 0xc0) != 0x80)
    c->column++;
  c->p++;
}

static void
skip_space (Cursor *c)
{
  while (c->p < c->end && g_ascii_isspace (*c->p))
    advance (c);
}

static gboolean
syntax_error (Cursor      *c,
              GError     **error,
              const char  *what)
{
  g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_SYNTAX, "%s:%u:%u: error: %s",
               c->name, c->line, c->column, what);
  return FALSE;
}

static void
free_prop (SgfProp *prop)
{
  g_free (prop->id);
  g_free (prop->value);
  g_free (prop);
}

static void
free_node (GPtrArray *props)
{
  g_ptr_array_unref (props);
}

/* The main line: nodes of the first game tree, descending into the first
 * variation wherever the tree branches. Each node is a GPtrArray of SgfProp. */
static GPtrArray *
parse_main_line (Cursor  *c,
                 GError **error)
{
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) free_node);

  skip_space (c);
  if (c->p >= c->end || *c->p != '(')
    {
      syntax_error (c, error, "an SGF record starts with '('");
      return NULL;
    }
  advance (c);
  for (;;)
    {
      skip_space (c);
      if (c->p >= c->end)
        {
          syntax_error (c, error, "the record ends before its ')'");
          return NULL;
        }
      if (*c->p == '(')
        {
          /* the first variation continues the main line */
          advance (c);
          continue;
        }
      if (*c->p == ')')
        break;
      if (*c->p != ';')
        {
          syntax_error (c, error, "expected ';' to start a node");
          return NULL;
        }
      advance (c);
      GPtrArray *props = g_ptr_array_new_with_free_func ((GDestroyNotify) free_prop);
      g_ptr_array_add (nodes, props);
      for (;;)
        {
          skip_space (c);
          if (c->p >= c->end || !g_ascii_isalnum (*c->p))
            break;
          const char *start = c->p;
          guint id_line = c->line, id_column = c->column;
          while (c->p < c->end && g_ascii_isalnum (*c->p))
            advance (c);
          g_autofree char *id = g_strndup (start, c->p - start);
          skip_space (c);
          if (c->p >= c->end || *c->p != '[')
            {
              c->line = id_line;
              c->column = id_column;
              syntax_error (c, error, "a property needs a value in [ ]");
              return NULL;
            }
          while (c->p < c->end && *c->p == '[')
            {
              GString *value = g_string_new (NULL);
              guint vline = c->line, vcolumn = c->column + 1;
              advance (c);
              while (c->p < c->end && *c->p != ']')
                {
                  if (*c->p == '\\' && c->p + 1 < c->end)
                    advance (c);
                  g_string_append_c (value, *c->p);
                  advance (c);
                }
              if (c->p >= c->end)
                {
                  g_string_free (value, TRUE);
                  c->line = vline;
                  c->column = vcolumn - 1;   /* at its '[' */
                  syntax_error (c, error, "a value is not closed by ']'");
                  return NULL;
                }
              advance (c);
              SgfProp *prop = g_new0 (SgfProp, 1);
              prop->id = g_strdup (id);
              prop->value = g_string_free (value, FALSE);
              prop->line = vline;
              prop->column = vcolumn;
              g_ptr_array_add (props, prop);
              skip_space (c);
            }
        }
    }
  return g_steal_pointer (&nodes);
}


static const SgfProp *
find_prop (GPtrArray  *props,
           const char *id)
{
  for (guint j = 0; j < props->len; j++)
    if (g_str_equal (((SgfProp *) props->pdata[j])->id, id))
      return props->pdata[j];
  return NULL;
}

static gboolean
is_move_prop (const char *id)
{
  return g_str_equal (id, "1") || g_str_equal (id, "2") || g_str_equal (id, "3")
         || g_str_equal (id, "4") || g_str_equal (id, "B") || g_str_equal (id, "W");
}

/* Plays the main line's moves into a new record of @def's foreign game. */
static TwRecord *
import_nodes (TwDefinition  *def,
              GPtrArray     *nodes,
              const char    *name,
              GError       **error)
{
  const TwRules *rules = def->rules;
  guint n_players;
  TwOptions options;

  const SgfProp *gm = nodes->len > 0 ? find_prop (nodes->pdata[0], "GM") : NULL;
  if (gm == NULL || !g_str_equal (gm->value, rules->foreign_game))
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME,
                   "%s:%u:%u: error: the record is not a game of %s (GM[%s] expected)", name,
                   gm ? gm->line : 1, gm ? gm->column : 1, rules->display_name, rules->foreign_game);
      return NULL;
    }
  if (!rules->foreign_setup (def, &n_players, &options, error))
    return NULL;

  g_autoptr(TwGame) game = tw_game_new (def, n_players, &options, error);
  if (game == NULL)
    return NULL;
  g_autoptr(TwRecord) record = tw_record_new (game, 0);
  TwHistory *history = tw_record_get_history (record);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GString) color = g_string_new (NULL);
  guint n_moves = 0;

  for (guint i = 0; i < nodes->len; i++)
    {
      GPtrArray *props = nodes->pdata[i];
      for (guint j = 0; j < props->len; j++)
        {
          const SgfProp *prop = props->pdata[j];
          TwMove move;

          if (g_str_equal (prop->id, "AB") || g_str_equal (prop->id, "AW") || g_str_equal (prop->id, "AE")
              || g_str_equal (prop->id, "A1") || g_str_equal (prop->id, "A2")
              || g_str_equal (prop->id, "A3") || g_str_equal (prop->id, "A4"))
            {
              g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_UNSUPPORTED,
                           "%s:%u:%u: error: setup properties (%s) are not supported; only games played from the empty board",
                           name, prop->line, prop->column, prop->id);
              return NULL;
            }
          if (!is_move_prop (prop->id))
            continue;
          n_moves++;
          /* colours that cannot move are left out of such records: pass for them */
          for (guint guard = 0;; guard++)
            {
              const TwState *state = tw_history_get_state (history);
              g_string_truncate (color, 0);
              if (tw_state_to_act (game, state) < 0)
                {
                  g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_MOVE,
                               "%s:%u:%u: error: move %u comes after the end of the game",
                               name, prop->line, prop->column, n_moves);
                  return NULL;
                }
              rules->foreign_color (game, state, color);
              if (g_str_equal (color->str, prop->id))
                break;
              g_string_truncate (why, 0);
              if (guard >= 8 || !rules->foreign_move_from_text (game, state, "pass", &move, why)
                  || !tw_history_play (history, &move, why))
                {
                  g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_MOVE,
                               "%s:%u:%u: error: move %u is colour %s's, but colour %s is to play and can still move",
                               name, prop->line, prop->column, n_moves, prop->id, color->str);
                  return NULL;
                }
            }
          g_string_truncate (why, 0);
          if (!rules->foreign_move_from_text (game, tw_history_get_state (history), prop->value, &move, why)
              || !tw_history_play (history, &move, why))
            {
              g_autofree char *value = tw_excerpt (prop->value, TW_EXCERPT_VALUE);
              g_autofree char *reason = tw_excerpt (why->str, TW_EXCERPT_REASON);

              g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_MOVE,
                           "%s:%u:%u: error: move %u (%s[%s]): %s", name, prop->line, prop->column,
                           n_moves, prop->id, value, reason);
              return NULL;
            }
        }
    }
  return g_steal_pointer (&record);
}

TwRecord *
tw_sgf_import_with_definition (TwDefinition  *def,
                               const char    *text,
                               gssize         len,
                               const char    *name,
                               GError       **error)
{
  Cursor c = { text, NULL, 1, 1, name ? name : "<sgf>" };
  gsize size = len < 0 ? strlen (text) : (gsize) len;

  if (size > TW_SGF_MAX_BYTES)
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_SYNTAX, "%s: larger than %u bytes", c.name, TW_SGF_MAX_BYTES);
      return NULL;
    }
  if (memchr (text, '\0', size))
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_SYNTAX, "%s: not a text file (it holds NUL bytes)", c.name);
      return NULL;
    }
  c.end = text + size;
  if (def->rules->foreign_game == NULL)
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME, "%s has no SGF records", def->rules->display_name);
      return NULL;
    }

  g_autoptr(GPtrArray) nodes = parse_main_line (&c, error);
  if (nodes == NULL)
    return NULL;
  return import_nodes (def, nodes, c.name, error);
}

TwRecord *
tw_sgf_import (const char  *text,
               gssize       len,
               const char  *name,
               GError     **error)
{
  gsize size = len < 0 ? strlen (text) : (gsize) len;
  const char *gm = g_strstr_len (text, MIN (size, 4096), "GM[");
  guint n;
  const TwRules * const *all = tw_rules_all (&n);

  for (guint i = 0; gm && i < n; i++)
    {
      const char *f = all[i]->foreign_game;
      /* the text need not end in NUL: compare only inside it */
      gsize rest = (gsize) (text + size - (gm + 3));
      if (f && rest > strlen (f) && strncmp (gm + 3, f, strlen (f)) == 0 && gm[3 + strlen (f)] == ']')
        {
          g_autofree char *path = tw_definition_bundled_path (all[i]->id);
          if (path == NULL)
            break;
          g_autoptr(TwDefinition) def = tw_definition_load_file (path, NULL, error);
          if (def == NULL)
            return NULL;
          return tw_sgf_import_with_definition (def, text, len, name, error);
        }
    }
  g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME,
               "%s: no game of the studio reads this record (its GM property names none)",
               name ? name : "<sgf>");
  return NULL;
}

char *
tw_sgf_export (TwRecord  *record,
               GError   **error)
{
  TwGame *game = tw_record_get_game (record);
  const TwRules *rules = game->rules;
  TwHistory *history = tw_record_get_history (record);

  if (rules->foreign_game == NULL || !rules->foreign_applies (game))
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME,
                   "this %s game has no SGF form (for Blokus: the classic game, cards=false, 4 players)",
                   rules->display_name);
      return NULL;
    }

  GString *out = g_string_new (NULL);
  g_autoptr(GString) color = g_string_new (NULL);
  g_autoptr(GString) move_text = g_string_new (NULL);
  g_autoptr(GArray) line = tw_history_get_main_line (history);
  g_autofree TwState *state = tw_state_new (game, tw_history_get_seed (history));

  g_string_append_printf (out, "(;FF[4]CA[UTF-8]AP[Tilewright:%s]GM[%s]\n", PACKAGE_VERSION,
                          rules->foreign_game);
  for (guint i = 0; i < line->len; i++)
    {
      const TwHistoryNode *node = tw_history_get_node (history, g_array_index (line, guint, i));
      g_string_truncate (color, 0);
      g_string_truncate (move_text, 0);
      rules->foreign_color (game, state, color);
      rules->foreign_move_to_text (game, state, &node->move, move_text);
      if (!g_str_equal (move_text->str, "pass"))
        g_string_append_printf (out, ";%s[%s]\n", color->str, move_text->str);
      rules->apply (game, state, &node->move, NULL);
    }
  g_string_append (out, ")\n");
  return g_string_free (out, FALSE);
}
