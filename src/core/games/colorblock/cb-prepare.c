/* cb-prepare.c: Colorblock at definition time
 *
 * What runs once when a definition loads, never during play: the checks a
 * Colorblock definition must pass, and the immutable tables (tile instances,
 * faces and rotations, goal cards, the state layout) that every game of the
 * definition shares (cb-private.h, CbPrep).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-private.h"

/* ------------------------------------------------------------------------ */
/* Definition time                                                          */

/* The `when` of an expression goal, compiled against cb-expr.c's
 * vocabulary; NULL with the problem in @diags (NULL when validated). */
static TwExprProgram *
compile_when (const TwDefinition *def,
              const TwCardDef    *card,
              TwDiagnostics      *diags)
{
  const TwCardKind *kind = &cb_card_kinds[card->kind];
  const TwNode *when = tw_node_get (tw_node_get (card->node, "params"), "when");
  const TwParamSpec *spec = NULL;

  if (when == NULL)
    return NULL;   /* a missing parameter is the loader's to report */
  /* the type the parameter says its expression gives, as the card editor checks it */
  for (guint k = 0; k < kind->n_params && spec == NULL; k++)
    if (g_str_equal (kind->params[k].name, "when"))
      spec = &kind->params[k];
  g_assert (spec != NULL && spec->expression != 0);
  return tw_expr_compile_node (when, def->text, &cb_expr_vocabulary, def, spec->expression, diags);
}

void
cb_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  if (def->n_colors == 0)
    tw_diag_error (diags, tw_node_get (def->root, "game"), NULL,
                   _("Colorblock needs at least one colour under `colors`"));
  if (def->n_colors > 15)
    tw_diag_error (diags, tw_node_get (def->root, "colors"), NULL,
                   _("Colorblock supports at most 15 colours, this file has %u"), def->n_colors);
  if (def->total_tiles == 0)
    tw_diag_error (diags, tw_node_get (def->root, "game"), _("add a `tiles:` list"),
                   _("Colorblock needs at least one tile"));
  for (guint i = 0; i < def->n_tiles; i++)
    if (def->tiles[i].n_edges != 4)
      tw_diag_error (diags, def->tiles[i].node, _("give it `edges: [N, E, S, W]` colours"),
                     _("Colorblock tile '%s' has no edges"), def->tiles[i].id);
  for (guint i = 0; i < def->n_cards; i++)
    {
      const TwCardDef *card = &def->cards[i];
      if (card->kind == CB_GOAL_PICTURED_SHAPE && card->shape.n == 0)
        tw_diag_error (diags, card->node, NULL, _("goal '%s' needs a `shape`"), card->id);
      if (card->kind == CB_GOAL_EXPRESSION)
        tw_expr_program_free (compile_when (def, card, diags));
    }
}

gpointer
cb_prepare (const TwDefinition *def)
{
  CbPrep *p = g_new0 (CbPrep, 1);
  guint T = def->total_tiles;

  p->n_inst = T;
  p->side = T + 3;
  p->n_colors = def->n_colors;
  p->n_cards = def->n_cards;
  p->inst_def = g_new0 (guint16, MAX (T, 1));
  for (guint i = 0, k = 0; i < def->n_tiles; i++)
    for (guint c = 0; c < def->tiles[i].count; c++)
      p->inst_def[k++] = i;

  p->faces = g_malloc0 (sizeof (TwTileFace[4]) * MAX (def->n_tiles, 1));
  p->rotations = g_malloc0 (sizeof (guint8[4]) * MAX (def->n_tiles, 1));
  p->n_rotations = g_new0 (guint8, MAX (def->n_tiles, 1));
  for (guint i = 0; i < def->n_tiles; i++)
    {
      for (guint r = 0; r < 4; r++)
        tw_tile_face (&def->tiles[i], r, &p->faces[i][r]);
      p->n_rotations[i] = tw_tile_distinct_rotations (&def->tiles[i], p->rotations[i]);
    }

  guint n_goal_cards = 0;
  for (guint i = 0; i < def->n_cards; i++)
    n_goal_cards += def->cards[i].count;
  p->goal_cards = g_new0 (guint16, MAX (n_goal_cards, 1));
  for (guint i = 0; i < def->n_cards; i++)
    for (guint c = 0; c < def->cards[i].count; c++)
      p->goal_cards[p->n_goal_cards++] = i;
  p->goal_canon = g_new0 (TwPolyomino, MAX (def->n_cards, 1));
  for (guint i = 0; i < def->n_cards; i++)
    if (def->cards[i].shape.n > 0)
      tw_polyomino_canonical (&def->cards[i].shape, &p->goal_canon[i]);
  p->goal_expr = g_new0 (TwExprProgram *, MAX (def->n_cards, 1));
  for (guint i = 0; i < def->n_cards; i++)
    if (def->cards[i].kind == CB_GOAL_EXPRESSION)
      {
        /* validated: it compiles */
        p->goal_expr[i] = compile_when (def, &def->cards[i], NULL);
        g_assert (p->goal_expr[i] != NULL);
      }

  gsize off = sizeof (CbState);
  p->off_deck = tw_layout_take (&off, T);
  p->off_loc = tw_layout_take (&off, T);
  p->off_placed = tw_layout_take (&off, T * sizeof (CbPlaced));
  p->off_parent = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_open = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_flags = tw_layout_take (&off, 4 * T);
  p->off_grid = tw_layout_take (&off, (gsize) p->side * p->side * sizeof (guint16));
  p->off_frontier = tw_layout_take (&off, (4 * T + 4) * sizeof (CbFront));
  p->size = tw_layout_end (off);
  return p;
}

void
cb_free_prepared (gpointer data)
{
  CbPrep *p = data;

  g_free (p->inst_def);
  g_free (p->faces);
  g_free (p->rotations);
  g_free (p->n_rotations);
  g_free (p->goal_cards);
  g_free (p->goal_canon);
  for (guint i = 0; i < p->n_cards; i++)
    tw_expr_program_free (p->goal_expr[i]);
  g_free (p->goal_expr);
  g_free (p);
}

gsize
cb_state_size (const TwGame *game)
{
  return cb_prep (game)->size;
}
