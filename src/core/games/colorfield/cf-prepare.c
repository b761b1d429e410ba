/* cf-prepare.c: Colorfield at definition time
 *
 * What runs once when a definition loads, never during play: the module's
 * own data read and checked (tiles' 2-sides, the canvas, the painters and
 * their boards, the tool cards) into the immutable CfPrep (cf-private.h)
 * that every game of the definition shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cf-private.h"

/* ------------------------------------------------------------------------ */
/* Definition time: tiles' 2-sides, canvases and painters                   */

#define CF_ERR(diags, ...) \
  G_STMT_START { if ((diags) != NULL) tw_diag_error ((diags), __VA_ARGS__); } G_STMT_END

static gboolean
parse_dir (const char *text,
           guint      *out)
{
  static const char * const names[][3] = {
    { "N", "n", "north" }, { "E", "e", "east" }, { "S", "s", "south" }, { "W", "w", "west" },
  };
  for (guint d = 0; d < 4; d++)
    for (guint k = 0; k < 3; k++)
      if (g_ascii_strcasecmp (text, names[d][k]) == 0)
        {
          *out = d;
          return TRUE;
        }
  return FALSE;
}

static gboolean
scalar_of (const TwNode  *node,
           const char    *what,
           TwDiagnostics *diags)
{
  if (node == NULL || node->type != TW_NODE_SCALAR)
    {
      CF_ERR (diags, node, NULL, _("%s must be a single word"), what);
      return FALSE;
    }
  return TRUE;
}

/* The canvas: `canvas: {spaces: [[1, 2, 3], [4, 5, 6]]}` says which space
 * number lies where (rows from the top); absent, reading order, the notes'
 * [ASSUMPTION]. Fills the slots' places, neighbours and border sides. */
static gboolean
parse_canvas (const TwDefinition *def,
              TwDiagnostics      *report,
              CfPrep             *p)
{
  static const char * const keys[] = { "spaces", NULL };
  /* the node helpers want a list to report to, also in prepare() */
  g_autoptr(TwDiagnostics) scratch = report ? NULL : tw_diagnostics_new (NULL);
  TwDiagnostics *diags = report ? report : scratch;
  const TwNode *canvas = tw_node_get (def->root, "canvas");
  const TwNode *spaces = canvas ? tw_node_get (canvas, "spaces") : NULL;
  gint8 at[CF_CANVAS_H][CF_CANVAS_W];
  guint seen = 0;

  for (guint i = 0; i < CF_SLOTS; i++)
    at[i / CF_CANVAS_W][i % CF_CANVAS_W] = i;
  if (canvas != NULL)
    {
      if (!tw_node_expect (canvas, TW_NODE_MAP, "canvas", diags)
          || !tw_node_check_keys (canvas, keys, "canvas", diags))
        return FALSE;
      if (spaces == NULL || spaces->type != TW_NODE_SEQ || spaces->n_children != CF_CANVAS_H)
        {
          CF_ERR (diags, spaces ? spaces : canvas, _("e.g. `spaces: [[1, 2, 3], [4, 5, 6]]`"),
                  g_dngettext (GETTEXT_PACKAGE, "canvas spaces: %u row of %u space numbers",
                               "canvas spaces: %u rows of %u space numbers", CF_CANVAS_H), CF_CANVAS_H, CF_CANVAS_W);
          return FALSE;
        }
      for (guint y = 0; y < CF_CANVAS_H; y++)
        {
          const TwNode *row = spaces->children[y];
          if (row->type != TW_NODE_SEQ || row->n_children != CF_CANVAS_W)
            {
              CF_ERR (diags, row, _("e.g. `[1, 2, 3]`"), g_dngettext (GETTEXT_PACKAGE, "a canvas row holds %u space number",
                                                                   "a canvas row holds %u space numbers", CF_CANVAS_W),
                      CF_CANVAS_W);
              return FALSE;
            }
          for (guint x = 0; x < CF_CANVAS_W; x++)
            {
              gint64 n;
              if (!tw_node_to_int (row->children[x], 1, CF_SLOTS, &n, diags))
                return FALSE;
              if (seen & (1u << (n - 1)))
                {
                  CF_ERR (diags, row->children[x], _("number the spaces 1 to 6, each once"),
                          _("canvas space %d is named twice"), (int) n);
                  return FALSE;
                }
              seen |= 1u << (n - 1);
              at[y][x] = n - 1;
            }
        }
    }

  for (guint y = 0; y < CF_CANVAS_H; y++)
    for (guint x = 0; x < CF_CANVAS_W; x++)
      {
        guint i = at[y][x];
        p->slot_x[i] = x;
        p->slot_y[i] = y;
        p->neighbour[i][0] = y > 0 ? at[y - 1][x] : -1;
        p->neighbour[i][1] = x + 1 < CF_CANVAS_W ? at[y][x + 1] : -1;
        p->neighbour[i][2] = y + 1 < CF_CANVAS_H ? at[y + 1][x] : -1;
        p->neighbour[i][3] = x > 0 ? at[y][x - 1] : -1;
        /* border spaces clockwise: the top row, the right side, the bottom
         * row (right to left), the left side (bottom to top) */
        p->border_of[i][0] = y == 0 ? (int) x : -1;
        p->border_of[i][1] = x == CF_CANVAS_W - 1 ? (int) (CF_CANVAS_W + y) : -1;
        p->border_of[i][2] = y == CF_CANVAS_H - 1 ? (int) (CF_CANVAS_W + CF_CANVAS_H + CF_CANVAS_W - 1 - x) : -1;
        p->border_of[i][3] = x == 0 ? (int) (2 * CF_CANVAS_W + CF_CANVAS_H + CF_CANVAS_H - 1 - y) : -1;
      }
  return TRUE;
}

/* Reads the module's own data into @p; with @diags NULL (prepare(), after a
 * validate() that passed) it only fills. Returns FALSE on any problem. */
static gboolean
parse_definition (const TwDefinition *def,
                  TwDiagnostics      *diags,
                  CfPrep             *p)
{
  gboolean ok = TRUE;
  const TwNode *canvases = tw_node_get (def->root, "canvases");
  const TwNode *painters = tw_node_get (def->root, "painters");

  if (def->n_colors == 0 || def->n_colors > 15)
    {
      CF_ERR (diags, tw_node_get (def->root, "colors"), NULL,
              _("Colorfield needs 1 to 15 colours, this file has %u"), def->n_colors);
      ok = FALSE;
    }
  p->n_colors = def->n_colors;
  if (def->total_tiles < 6 * CF_MAX_PLAYERS + CF_MAX_TRAY || def->total_tiles > CF_MAX_TILES)
    {
      CF_ERR (diags, tw_node_get (def->root, "tiles"),
              _("every player needs six tiles and the tray five"),
              g_dngettext (GETTEXT_PACKAGE, "Colorfield needs %u to %u tile, this file has %u",
                           "Colorfield needs %u to %u tiles, this file has %u", CF_MAX_TILES),
              6 * CF_MAX_PLAYERS + CF_MAX_TRAY, CF_MAX_TILES, def->total_tiles);
      ok = FALSE;
    }
  for (guint i = 0, k = 0; i < def->n_tiles; i++)
    {
      const TwTileDef *t = &def->tiles[i];
      const TwNode *two = t->node ? tw_node_get (t->node, "two") : NULL;
      guint dir = 0;

      if (t->n_edges != 4)
        {
          CF_ERR (diags, t->node, _("give it `edges: [N, E, S, W]` colours"),
                  _("Colorfield tile '%s' has no edges"), t->id);
          ok = FALSE;
        }
      if (two == NULL)
        {
          CF_ERR (diags, t->node, _("add `two: S` (the side that shows the 2, tile upright)"),
                  _("Colorfield tile '%s' does not say which side shows the 2"), t->id);
          ok = FALSE;
        }
      else if (two->type != TW_NODE_SCALAR || !parse_dir (two->scalar, &dir))
        {
          CF_ERR (diags, two, _("one of N, E, S, W"),
                  _("the 2-side of tile '%s' must be a direction"), t->id);
          ok = FALSE;
        }
      for (guint c = 0; c < t->count && k < CF_MAX_TILES; c++, k++)
        {
          p->inst_def[k] = i;
          p->two[k] = dir;
          for (guint r = 0; r < 4; r++)
            for (guint d = 0; d < 4; d++)
              p->edge[k][r][d] = t->edges[(d + 4 - r) & 3];
        }
    }
  p->n_inst = MIN (def->total_tiles, CF_MAX_TILES);

  /* painters: id, name, specialty */
  if (painters == NULL || painters->type != TW_NODE_SEQ)
    {
      CF_ERR (diags, painters ? painters : tw_node_get (def->root, "game"),
              _("a list like `- {id: wei-ta-chin, name: Wei-Ta Chin, specialty: coral}`"),
              _("Colorfield needs a `painters:` list of player cards"));
      ok = FALSE;
    }
  else
    {
      static const char * const keys[] = { "id", "name", "specialty", NULL };
      if (painters->n_children < CF_MAX_PLAYERS || painters->n_children > CF_MAX_PAINTERS)
        {
          CF_ERR (diags, painters, NULL, g_dngettext (GETTEXT_PACKAGE, "Colorfield needs %u to %u painter, this file has %u",
                                                      "Colorfield needs %u to %u painters, this file has %u",
                                                      CF_MAX_PAINTERS),
                  CF_MAX_PLAYERS, CF_MAX_PAINTERS, painters->n_children);
          ok = FALSE;
        }
      for (guint i = 0; i < painters->n_children && i < CF_MAX_PAINTERS; i++)
        {
          const TwNode *e = painters->children[i];
          const TwNode *id, *name, *spec;
          if (e->type != TW_NODE_MAP)
            {
              CF_ERR (diags, e, NULL, _("painter %u must be a map"), i + 1);
              ok = FALSE;
              continue;
            }
          if (diags && !tw_node_check_keys (e, keys, "a painter", diags))
            ok = FALSE;
          id = tw_node_get (e, "id");
          name = tw_node_get (e, "name");
          spec = tw_node_get (e, "specialty");
          /* a wrong type is an error, never replaced by the id */
          if (name != NULL && name->type != TW_NODE_SCALAR)
            {
              CF_ERR (diags, name, _("write it as text, such as `name: Wei-Ta Chin`"),
                      _("the name of a painter must be text, not %s"),
                      tw_node_type_a (name->type));
              ok = FALSE;
              continue;
            }
          if (!scalar_of (id, _("the id of a painter"), diags)
              || !scalar_of (spec, "a specialty", diags))
            {
              ok = FALSE;
              continue;
            }
          gint c = tw_definition_find_color (def, spec->scalar);
          if (c < 0)
            {
              CF_ERR (diags, spec, _("use a colour id from `colors:`"), _("unknown colour '%s'"),
                      spec->scalar);
              ok = FALSE;
              continue;
            }
          for (guint j = 0; j < p->n_painters; j++)
            if (g_str_equal (p->painters[j].id, id->scalar))
              {
                CF_ERR (diags, id, NULL, _("two painters have the id '%s'"), id->scalar);
                ok = FALSE;
              }
          CfPainter *pa = &p->painters[p->n_painters++];
          pa->id = g_strdup (id->scalar);
          pa->name = g_strdup (name && name->type == TW_NODE_SCALAR ? name->scalar : id->scalar);
          pa->specialty = c;
        }
    }

  /* canvases: boards with two faces of ten edge spaces each */
  if (canvases == NULL || canvases->type != TW_NODE_SEQ)
    {
      CF_ERR (diags, canvases ? canvases : tw_node_get (def->root, "game"),
              _("a list of boards, each with two `faces:` of 10 `border:` colour sets"),
              _("Colorfield needs a `canvases:` list of canvas boards"));
      ok = FALSE;
    }
  else
    {
      static const char * const board_keys[] = { "id", "faces", NULL };
      static const char * const face_keys[] = { "id", "border", NULL };
      if (canvases->n_children < CF_MAX_PLAYERS || canvases->n_children > CF_MAX_BOARDS)
        {
          CF_ERR (diags, canvases, NULL,
                  g_dngettext (GETTEXT_PACKAGE, "Colorfield needs %u to %u canvas board, this file has %u",
                               "Colorfield needs %u to %u canvas boards, this file has %u",
                               CF_MAX_BOARDS),
                  CF_MAX_PLAYERS, CF_MAX_BOARDS, canvases->n_children);
          ok = FALSE;
        }
      for (guint i = 0; i < canvases->n_children && i < CF_MAX_BOARDS; i++)
        {
          const TwNode *e = canvases->children[i];
          const TwNode *id, *faces;
          if (e->type != TW_NODE_MAP)
            {
              CF_ERR (diags, e, NULL, _("canvas board %u must be a map"), i + 1);
              ok = FALSE;
              continue;
            }
          if (diags && !tw_node_check_keys (e, board_keys, _("a canvas board"), diags))
            ok = FALSE;
          id = tw_node_get (e, "id");
          faces = tw_node_get (e, "faces");
          if (!scalar_of (id, _("the id of a canvas board"), diags))
            {
              ok = FALSE;
              continue;
            }
          if (faces == NULL || faces->type != TW_NODE_SEQ || faces->n_children != 2)
            {
              CF_ERR (diags, faces ? faces : e, _("a board is two-sided: list two faces"),
                      _("canvas board '%s' needs `faces:` with two faces"), id->scalar);
              ok = FALSE;
              continue;
            }
          CfBoard *b = &p->boards[p->n_boards++];
          b->id = g_strdup (id->scalar);
          for (guint f = 0; f < 2; f++)
            {
              const TwNode *fe = faces->children[f];
              const TwNode *fid = tw_node_get (fe, "id");
              const TwNode *border = tw_node_get (fe, "border");
              if (fe->type != TW_NODE_MAP || !scalar_of (fid, _("the id of a face"), diags))
                {
                  CF_ERR (diags, fe, NULL, _("a face is a map with `id` and `border`"));
                  ok = FALSE;
                  b->face_id[f] = g_strdup ("?");
                  continue;
                }
              if (diags && !tw_node_check_keys (fe, face_keys, _("a canvas face"), diags))
                ok = FALSE;
              b->face_id[f] = g_strdup (fid->scalar);
              for (guint j = 0; j + 1 < p->n_boards; j++)
                for (guint g = 0; g < 2; g++)
                  if (p->boards[j].face_id[g] && g_str_equal (p->boards[j].face_id[g], fid->scalar))
                    {
                      CF_ERR (diags, fid, NULL, _("two canvas faces have the id '%s'"), fid->scalar);
                      ok = FALSE;
                    }
              if (f == 1 && g_str_equal (b->face_id[0], fid->scalar))
                {
                  CF_ERR (diags, fid, NULL, _("two canvas faces have the id '%s'"), fid->scalar);
                  ok = FALSE;
                }
              if (border == NULL || border->type != TW_NODE_SEQ || border->n_children != CF_BORDER)
                {
                  CF_ERR (diags, border ? border : fe,
                          _("10 colour sets, clockwise from the top of space 1"),
                          g_dngettext (GETTEXT_PACKAGE, "face '%s' needs a `border:` of %u edge space",
                                       "face '%s' needs a `border:` of %u edge spaces", CF_BORDER), fid->scalar, CF_BORDER);
                  ok = FALSE;
                  continue;
                }
              for (guint k = 0; k < CF_BORDER; k++)
                {
                  const TwNode *set = border->children[k];
                  if (set->type != TW_NODE_SEQ || set->n_children == 0)
                    {
                      CF_ERR (diags, set, _("e.g. [lemon, navy]"),
                              _("edge space %u of face '%s' must list its colours"), k, fid->scalar);
                      ok = FALSE;
                      continue;
                    }
                  for (guint c = 0; c < set->n_children; c++)
                    {
                      const TwNode *cn = set->children[c];
                      gint ci = cn->type == TW_NODE_SCALAR
                                ? tw_definition_find_color (def, cn->scalar) : -1;
                      if (ci < 0)
                        {
                          CF_ERR (diags, cn, _("use a colour id from `colors:`"),
                                  _("unknown colour in edge space %u of face '%s'"), k, fid->scalar);
                          ok = FALSE;
                          continue;
                        }
                      b->border[f][k] |= 1u << ci;
                    }
                }
            }
        }
    }

  if (!parse_canvas (def, diags, p))
    ok = FALSE;

  /* the round-bonus tools' points, compiled; validate() only reports */
  for (guint i = 0; i < def->n_cards; i++)
    {
      const TwCardDef *card = &def->cards[i];
      const TwNode *points = tw_node_get (tw_node_get (card->node, "params"), "points");
      TwExprProgram *program;

      if (card->kind != CF_TOOL_ROUND_BONUS || points == NULL)
        continue;   /* a missing parameter is the loader's to report */
      if (p->n_expr >= CF_MAX_EXPR_TOOLS)
        {
          CF_ERR (diags, card->node, _("write their points in fewer cards"),
                  g_dngettext (GETTEXT_PACKAGE, "Colorfield takes at most %u round-bonus tool",
                               "Colorfield takes at most %u round-bonus tools", CF_MAX_EXPR_TOOLS),
                  CF_MAX_EXPR_TOOLS);
          ok = FALSE;
          break;
        }
      program = tw_expr_compile_node (points, def->text, &cf_expr_vocabulary, def,
                                      TW_EXPR_NUMBER, diags);
      if (program == NULL)
        {
          ok = FALSE;
          continue;
        }
      p->expr_card[p->n_expr] = i;
      if (!(tw_expr_program_needs (program) & CF_EXPR_NEEDS_WHOLE))
        p->expr_local |= 1u << p->n_expr;
      if (cf_expr_reads_own (program))
        p->expr_own |= 1u << p->n_expr;
      p->expr[p->n_expr++] = program;
    }

  /* the tool deck: every card, counts expanded */
  for (guint i = 0; i < def->n_cards; i++)
    for (guint c = 0; c < def->cards[i].count; c++)
      {
        if (p->n_tools >= CF_MAX_TOOLS)
          {
            CF_ERR (diags, def->cards[i].node, NULL, g_dngettext (GETTEXT_PACKAGE, "Colorfield takes at most %u tool card",
                                                                  "Colorfield takes at most %u tool cards", CF_MAX_TOOLS),
                    CF_MAX_TOOLS);
            ok = FALSE;
            break;
          }
        p->tools[p->n_tools++] = i;
      }
  return ok;
}

static void
free_prep (CfPrep *p)
{
  for (guint k = 0; k < p->n_expr; k++)
    tw_expr_program_free (p->expr[k]);
  for (guint i = 0; i < p->n_painters; i++)
    {
      g_free (p->painters[i].id);
      g_free (p->painters[i].name);
    }
  for (guint i = 0; i < p->n_boards; i++)
    {
      g_free (p->boards[i].id);
      g_free (p->boards[i].face_id[0]);
      g_free (p->boards[i].face_id[1]);
    }
  g_free (p);
}

void
cf_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  CfPrep *p = g_new0 (CfPrep, 1);
  parse_definition (def, diags, p);
  free_prep (p);
}

gpointer
cf_prepare (const TwDefinition *def)
{
  CfPrep *p = g_new0 (CfPrep, 1);
  parse_definition (def, NULL, p);
  return p;
}

void
cf_free_prepared (gpointer data)
{
  free_prep (data);
}

gsize
cf_state_size (const TwGame *game)
{
  return sizeof (CfState);
}
