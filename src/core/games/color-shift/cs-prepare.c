/* cs-prepare.c: Color Shift at definition time
 *
 * What runs once when a definition loads, never during play: the checks a
 * Color Shift definition must pass, and the immutable tables (tile instances,
 * faces and rotations, the state layout, the terms of `end-scoring:`) that
 * every game of the definition shares (cs-private.h, CsPrep).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cs-private.h"

/* ------------------------------------------------------------------------ */
/* Definition time                                                          */

void
cs_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  guint n_start = 0;

  if (def->n_colors == 0)
    tw_diag_error (diags, tw_node_get (def->root, "game"), NULL,
                   _("Color Shift needs at least one colour under `colors`"));
  if (def->total_tiles > CS_MAX_TILES)
    tw_diag_error (diags, tw_node_get (def->root, "tiles"), NULL,
                   g_dngettext (GETTEXT_PACKAGE, "Color Shift supports at most %u tile, this file has %u",
                                "Color Shift supports at most %u tiles, this file has %u",
                                CS_MAX_TILES),
                   CS_MAX_TILES, def->total_tiles);
  for (guint i = 0; i < def->n_tiles; i++)
    {
      const TwTileDef *t = &def->tiles[i];
      if (t->n_edges != 4)
        tw_diag_error (diags, t->node, _("give it `edges: [N, E, S, W]` colours"),
                       _("Color Shift tile '%s' has no edges"), t->id);
      if (t->kind != NULL && strcmp (t->kind, "start") != 0)
        tw_diag_error (diags, tw_node_get (t->node, "kind"), _("the only kind is 'start'"),
                       _("unknown tile kind '%s' for Color Shift"), t->kind);
      else if (t->kind != NULL)
        n_start += t->count;
    }
  if (n_start > 1)
    tw_diag_error (diags, tw_node_get (def->root, "tiles"),
                   _("give one tile `kind: start` and `count: 1`"),
                   _("Color Shift has one start tile, this file has %u"), n_start);
  if (def->total_tiles < n_start + 1)
    tw_diag_error (diags, tw_node_get (def->root, "game"), _("add tiles to the `tiles:` list"),
                   _("Color Shift needs a start tile and at least one tile to play"));

  TwExprTerms terms = { 0, };
  tw_expr_terms_read (&terms, def, "end-scoring", &cs_expr_vocabulary, diags);
  tw_expr_terms_clear (&terms);
}

gpointer
cs_prepare (const TwDefinition *def)
{
  CsPrep *p = g_new0 (CsPrep, 1);
  guint T = def->total_tiles;

  p->n_inst = T;
  p->n_colors = def->n_colors;
  p->side = 8;
  p->side_shift = 3;
  while (p->side < 2 * T + 2)
    {
      p->side <<= 1;
      p->side_shift++;
    }
  p->start_inst = -1;
  p->inst_def = g_new0 (guint16, MAX (T, 1));
  for (guint i = 0, k = 0; i < def->n_tiles; i++)
    for (guint c = 0; c < def->tiles[i].count; c++)
      {
        if (def->tiles[i].kind != NULL && p->start_inst < 0)
          p->start_inst = k;
        p->inst_def[k++] = i;
      }

  p->faces = g_malloc0 (sizeof (TwTileFace[4]) * MAX (def->n_tiles, 1));
  p->face_bits = g_malloc0 (sizeof (guint64[4]) * MAX (def->n_tiles, 1));
  p->def_colors = g_new0 (guint16, MAX (def->n_tiles, 1));
  p->rotations = g_malloc0 (sizeof (guint8[4]) * MAX (def->n_tiles, 1));
  p->n_rotations = g_new0 (guint8, MAX (def->n_tiles, 1));
  for (guint i = 0; i < def->n_tiles; i++)
    {
      if (def->tiles[i].n_edges != 4)
        continue;
      for (guint r = 0; r < 4; r++)
        {
          tw_tile_face (&def->tiles[i], r, &p->faces[i][r]);
          for (guint d = 0; d < 4; d++)
            p->face_bits[i][r] |= G_GUINT64_CONSTANT (1) << (16 * d + (p->faces[i][r].edge[d] & 15));
        }
      for (guint d = 0; d < 4; d++)
        p->def_colors[i] |= 1u << (def->tiles[i].edges[d] & 15);
      p->n_rotations[i] = tw_tile_distinct_rotations (&def->tiles[i], p->rotations[i]);
    }

  gsize off = sizeof (CsState);
  p->off_deck = tw_layout_take (&off, T);
  p->off_loc = tw_layout_take (&off, T);
  p->off_placed = tw_layout_take (&off, T * sizeof (CsPlaced));
  p->off_parent = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_open = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_flags = tw_layout_take (&off, 4 * T);
  p->off_next = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_unfin = tw_layout_take (&off, 4 * T * sizeof (guint16));
  p->off_front = tw_layout_take (&off, (4 * T + 4) * sizeof (CsFront));
  p->off_grid = tw_layout_take (&off, (gsize) p->side * p->side);
  p->size = tw_layout_end (off);

  g_autoptr(TwDiagnostics) quiet = tw_diagnostics_new (def->path);
  tw_expr_terms_read (&p->end_terms, def, "end-scoring", &cs_expr_vocabulary, quiet);
  return p;
}

void
cs_free_prepared (gpointer data)
{
  CsPrep *p = data;

  g_free (p->inst_def);
  g_free (p->faces);
  g_free (p->face_bits);
  g_free (p->def_colors);
  g_free (p->rotations);
  g_free (p->n_rotations);
  tw_expr_terms_clear (&p->end_terms);
  g_free (p);
}

gsize
cs_state_size (const TwGame *game)
{
  return cs_prep (game)->size;
}
