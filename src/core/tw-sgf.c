/* tw-sgf.c: SGF records of a foreign game (Pentobi's .blksgf)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

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

/* A problem at a place in the record, as "NAME:LINE:COLUMN: error: MESSAGE":
 * the form stays, the message is translated. */
static void G_GNUC_PRINTF (6, 7)
set_error_at (GError     **error,
              TwSgfError   code,
              const char  *name,
              guint        line,
              guint        column,
              const char  *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, TW_SGF_ERROR, code, "%s:%u:%u: error: %s", name, line, column, message);
}

static gboolean
syntax_error (Cursor      *c,
              GError     **error,
              const char  *what)
{
  set_error_at (error, TW_SGF_ERROR_SYNTAX, c->name, c->line, c->column, "%s", what);
  return FALSE;
}

static void
free_prop (SgfProp *prop)
{
  g_free (prop->id);
  g_free (prop->value);
  g_free (prop);
}

/* One node of the record's tree: its properties and the node it follows
 * (NONE: the first node of the record). */
typedef struct
{
  GPtrArray *props;    /* of SgfProp */
  guint      parent;
} SgfNode;

#define SGF_NONE G_MAXUINT

static void
free_node (SgfNode *node)
{
  g_ptr_array_unref (node->props);
  g_free (node);
}

/* The first game tree with all its variations. Nodes come in document order,
 * so a node's parent always comes before it and, among the nodes following
 * one node, the first variation (the main line) comes first. Parsed without
 * recursion: '(' remembers the node a variation branches from, ')' returns
 * to it. */
static GPtrArray *
parse_tree (Cursor  *c,
            GError **error)
{
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) free_node);
  g_autoptr(GArray) branch = g_array_new (FALSE, FALSE, sizeof (guint));
  guint current = SGF_NONE;

  skip_space (c);
  if (c->p >= c->end || *c->p != '(')
    {
      syntax_error (c, error, _("an SGF record starts with '('"));
      return NULL;
    }
  advance (c);
  g_array_append_val (branch, current);
  for (;;)
    {
      skip_space (c);
      if (c->p >= c->end)
        {
          syntax_error (c, error, _("the record ends before its ')'"));
          return NULL;
        }
      if (*c->p == '(')
        {
          /* a variation from the current node */
          advance (c);
          g_array_append_val (branch, current);
          continue;
        }
      if (*c->p == ')')
        {
          advance (c);
          current = g_array_index (branch, guint, branch->len - 1);
          g_array_set_size (branch, branch->len - 1);
          if (branch->len == 0)
            break;   /* the end of the first game tree */
          continue;
        }
      if (*c->p != ';')
        {
          syntax_error (c, error, _("expected ';' to start a node"));
          return NULL;
        }
      advance (c);
      SgfNode *node = g_new0 (SgfNode, 1);
      GPtrArray *props = g_ptr_array_new_with_free_func ((GDestroyNotify) free_prop);
      node->props = props;
      node->parent = current;
      current = nodes->len;
      g_ptr_array_add (nodes, node);
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
              syntax_error (c, error, _("a property needs a value in [ ]"));
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
                  syntax_error (c, error, _("a value is not closed by ']'"));
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

/* Plays every node's moves into a new record of @def's foreign game: each
 * variation from the position of the node it follows, so that the record's
 * history holds the same tree (the main line first); the record ends at the
 * end of its main line. */
static TwRecord *
import_nodes (TwDefinition  *def,
              GPtrArray     *nodes,
              const char    *name,
              GError       **error)
{
  const TwRules *rules = def->rules;
  guint n_players;
  TwOptions options;

  const SgfProp *gm = nodes->len > 0 ? find_prop (((SgfNode *) nodes->pdata[0])->props, "GM") : NULL;
  if (gm == NULL || !g_strv_contains (rules->foreign_games, gm->value))
    {
      g_autofree char *known = g_strjoinv ("], GM[", (char **) rules->foreign_games);
      set_error_at (error, TW_SGF_ERROR_GAME, name, gm ? gm->line : 1, gm ? gm->column : 1,
                    _("the record is not a game of %s (GM[%s] expected)"),
                    rules->display_name, known);
      return NULL;
    }
  if (!rules->foreign_setup (def, gm->value, &n_players, &options, error))
    return NULL;

  g_autoptr(TwGame) game = tw_game_new (def, n_players, &options, error);
  if (game == NULL)
    return NULL;
  g_autoptr(TwRecord) record = tw_record_new (game, 0);
  TwHistory *history = tw_record_get_history (record);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GString) color = g_string_new (NULL);
  /* per node: the history node after it, and the moves from the start */
  g_autofree guint *at = g_new (guint, MAX (nodes->len, 1));
  g_autofree guint *moves_to = g_new0 (guint, MAX (nodes->len, 1));
  guint root = tw_history_get_current (history);

  for (guint i = 0; i < nodes->len; i++)
    {
      const SgfNode *node = nodes->pdata[i];
      GPtrArray *props = node->props;
      guint n_moves = node->parent == SGF_NONE ? 0 : moves_to[node->parent];

      guint from = node->parent == SGF_NONE ? root : at[node->parent];
      /* a variation starts again from the node it follows (goto walks the
       * path, so only when needed: a long main line stays linear) */
      if (tw_history_get_current (history) != from)
        tw_history_goto (history, from);
      for (guint j = 0; j < props->len; j++)
        {
          const SgfProp *prop = props->pdata[j];
          TwMove move;

          if (g_str_equal (prop->id, "AB") || g_str_equal (prop->id, "AW") || g_str_equal (prop->id, "AE")
              || g_str_equal (prop->id, "A1") || g_str_equal (prop->id, "A2")
              || g_str_equal (prop->id, "A3") || g_str_equal (prop->id, "A4"))
            {
              set_error_at (error, TW_SGF_ERROR_UNSUPPORTED, name, prop->line, prop->column,
                            _("setup properties (%s) are not supported; only games played "
                              "from the empty board"), prop->id);
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
                  set_error_at (error, TW_SGF_ERROR_MOVE, name, prop->line, prop->column,
                                _("move %u comes after the end of the game"), n_moves);
                  return NULL;
                }
              rules->foreign_color (game, state, color);
              if (g_str_equal (color->str, prop->id))
                break;
              g_string_truncate (why, 0);
              if (guard >= 8 || !rules->foreign_move_from_text (game, state, "pass", &move, why)
                  || !tw_history_play (history, &move, why))
                {
                  set_error_at (error, TW_SGF_ERROR_MOVE, name, prop->line, prop->column,
                                _("move %u is colour %s's, but colour %s is to play and can "
                                  "still move"), n_moves, prop->id, color->str);
                  return NULL;
                }
            }
          g_string_truncate (why, 0);
          if (!rules->foreign_move_from_text (game, tw_history_get_state (history), prop->value, &move, why)
              || !tw_history_play (history, &move, why))
            {
              g_autofree char *value = tw_excerpt (prop->value, TW_EXCERPT_VALUE);
              g_autofree char *reason = tw_excerpt (why->str, TW_EXCERPT_REASON);

              set_error_at (error, TW_SGF_ERROR_MOVE, name, prop->line, prop->column,
                            _("move %u (%s[%s]): %s"), n_moves, prop->id, value, reason);
              return NULL;
            }
        }
      at[i] = tw_history_get_current (history);
      moves_to[i] = n_moves;
    }
  tw_history_goto (history, tw_history_get_main_line_end (history));
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
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_SYNTAX, g_dngettext (GETTEXT_PACKAGE, "%s: larger than %u byte",
                                                                          "%s: larger than %u bytes", TW_SGF_MAX_BYTES), c.name, TW_SGF_MAX_BYTES);
      return NULL;
    }
  if (memchr (text, '\0', size))
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_SYNTAX, _("%s: not a text file (it holds NUL bytes)"), c.name);
      return NULL;
    }
  c.end = text + size;
  if (def->rules->foreign_game == NULL)
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME, _("%s has no SGF records"), def->rules->display_name);
      return NULL;
    }

  g_autoptr(GPtrArray) nodes = parse_tree (&c, error);
  if (nodes == NULL)
    return NULL;
  return import_nodes (def, nodes, c.name, error);
}

TwDefinition *
tw_sgf_bundled_definition (const TwRules  *rules,
                           const char     *game,
                           GError        **error)
{
  const char *id = rules->id;
  g_autofree char *path = NULL;

  g_return_val_if_fail (rules != NULL && game != NULL, NULL);

  for (guint k = 0; rules->foreign_definitions != NULL && rules->foreign_games != NULL
                    && rules->foreign_games[k] != NULL; k++)
    if (g_str_equal (rules->foreign_games[k], game) && rules->foreign_definitions[k] != NULL)
      id = rules->foreign_definitions[k];
  path = tw_definition_bundled_path (id);
  if (path == NULL)
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME,
                   _("the bundled definition %s.yaml that plays %s is missing"), id, game);
      return NULL;
    }
  return tw_definition_load_file (path, NULL, error);
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
    for (guint k = 0; all[i]->foreign_games != NULL && all[i]->foreign_games[k] != NULL; k++)
    {
      const char *f = all[i]->foreign_games[k];
      /* the text need not end in NUL: compare only inside it */
      gsize rest = (gsize) (text + size - (gm + 3));
      if (rest > strlen (f) && strncmp (gm + 3, f, strlen (f)) == 0 && gm[3 + strlen (f)] == ']')
        {
          g_autoptr(TwDefinition) def = tw_sgf_bundled_definition (all[i], f, error);
          if (def == NULL)
            return NULL;
          return tw_sgf_import_with_definition (def, text, len, name, error);
        }
    }
  g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME,
               _("%s: no game of the studio reads this record (its GM property names none)"),
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

  const char *foreign = rules->foreign_name != NULL ? rules->foreign_name (game) : NULL;
  if (foreign == NULL)
    {
      g_set_error (error, TW_SGF_ERROR, TW_SGF_ERROR_GAME,
                   _("this %s game has no SGF form (for Blokus: cards=false on the 20 x 20 board; "
                     "4 players, 2 with two-player-score=both-colors, or 3 sharing colour 4; "
                     "or two colours on Blokus Duo's 14 x 14 board, data/games/blokus-duo.yaml)"),
                   rules->display_name);
      return NULL;
    }

  GString *out = g_string_new (NULL);
  g_autoptr(GString) color = g_string_new (NULL);
  g_autoptr(GString) move_text = g_string_new (NULL);
  g_autoptr(GArray) line = tw_history_get_main_line (history);
  g_autofree TwState *state = tw_state_new (game, tw_history_get_seed (history));

  g_string_append_printf (out, "(;FF[4]CA[UTF-8]AP[Tilewright:%s]GM[%s]\n", PACKAGE_VERSION,
                          foreign);
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
