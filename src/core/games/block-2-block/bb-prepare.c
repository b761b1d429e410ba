/* bb-prepare.c: Block 2 Block at definition time
 *
 * What runs once when a definition loads, never during play: the module's
 * own sections (board, markers, die, short-stack, end-scoring) read and
 * checked into the immutable BbPrep (bb-private.h) that every game of the
 * definition shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bb-private.h"

/* ------------------------------------------------------------------------ */
/* Definition time                                                          */

/* Reads the module's own sections into @p (when not NULL), reporting every
 * problem to @diags. The loader has checked the core sections already. */
static gboolean
parse_config (const TwDefinition *def,
              TwDiagnostics      *diags,
              BbPrep             *p)
{
  static const char * const board_keys[] = { "rows", "tier-value", NULL };
  static const char * const short_keys[] = { "holdings", NULL };
  const TwNode *board = tw_node_get (def->root, "board");
  const TwNode *markers = tw_node_get (def->root, "markers");
  const TwNode *die = tw_node_get (def->root, "die");
  const TwNode *short_stack = tw_node_get (def->root, "short-stack");
  const TwNode *game = tw_node_get (def->root, "game");
  guint before = tw_diagnostics_n_errors (diags);
  gint64 v;

  if (board == NULL)
    tw_diag_error (diags, game, _("add `board: {rows: [4, 5, 4, 3, 3, 2, 2, 2], tier-value: 3}`"),
                   _("Block 2 Block needs a `board:` section with the row widths"));
  else if (tw_node_expect (board, TW_NODE_MAP, _("the board"), diags)
           && tw_node_check_keys (board, board_keys, "board", diags))
    {
      const TwNode *rows = tw_node_get (board, "rows");
      const TwNode *tv = tw_node_get (board, "tier-value");
      guint slots = 0;

      if (rows == NULL)
        tw_diag_error (diags, board, _("list the width of each row from the bottom, e.g. [4, 5, 4, 3]"),
                       _("the board needs `rows:`"));
      else if (tw_node_expect (rows, TW_NODE_SEQ, _("the board rows"), diags))
        {
          if (rows->n_children < 1 || rows->n_children > BB_MAX_ROWS)
            tw_diag_error (diags, rows, _("two rows make a tier"),
                           g_dngettext (GETTEXT_PACKAGE, "the board has %u row; Block 2 Block supports 1 to %u",
                                        "the board has %u rows; Block 2 Block supports 1 to %u",
                                        rows->n_children),
                           rows->n_children, BB_MAX_ROWS);
          for (guint r = 0; r < rows->n_children && r < BB_MAX_ROWS; r++)
            if (tw_node_to_int (rows->children[r], 1, 16, &v, diags))
              {
                if (p)
                  {
                    p->row_width[r] = v;
                    p->row_start[r] = slots;
                  }
                slots += v;
              }
          if (slots > BB_MAX_SLOTS)
            tw_diag_error (diags, rows, NULL, g_dngettext (GETTEXT_PACKAGE, "the rows hold %u slot; at most %u are supported",
                                                           "the rows hold %u slots; at most %u are supported", slots),
                           slots, BB_MAX_SLOTS);
          if (p)
            {
              p->n_rows = MIN (rows->n_children, BB_MAX_ROWS);
              p->n_slots = slots;
            }
        }
      if (tv == NULL)
        tw_diag_error (diags, board, _("the rulebook: \"Tiers are worth 3 points each\""),
                       _("the board needs `tier-value:`, the points of a tier per level"));
      else if (tw_node_to_int (tv, 0, 100, &v, diags) && p)
        p->tier_value = v;
    }

  if (markers == NULL)
    tw_diag_error (diags, game, _("the rulebook has 30 markers per player: `markers: 30`"),
                   _("Block 2 Block needs `markers:`, the markers of each player"));
  else if (tw_node_to_int (markers, 1, BB_MAX_MARKERS, &v, diags) && p)
    p->markers = v;

  if (die == NULL)
    tw_diag_error (diags, game, _("the rulebook rolls a D4: `die: 4`"),
                   _("Block 2 Block needs `die:`, the sides of the die rolled each turn"));
  else if (tw_node_to_int (die, 1, 20, &v, diags) && p)
    p->die = v;

  if (short_stack == NULL)
    tw_diag_error (diags, game, _("the rulebook deals 3: `short-stack: {holdings: 3}`"),
                   _("Block 2 Block needs `short-stack:` with the holdings dealt in that variant"));
  else if (tw_node_expect (short_stack, TW_NODE_MAP, "short-stack", diags)
           && tw_node_check_keys (short_stack, short_keys, "short-stack", diags))
    {
      const TwNode *h = tw_node_get (short_stack, "holdings");
      if (h == NULL)
        tw_diag_error (diags, short_stack, NULL, _("short-stack needs `holdings:`"));
      else if (tw_node_to_int (h, 0, BB_MAX_HOLDINGS, &v, diags) && p)
        p->holdings = v;
    }

  if (def->total_tiles == 0 || def->total_tiles > BB_MAX_TILES)
    tw_diag_error (diags, tw_node_get (def->root, "tiles"), NULL,
                   g_dngettext (GETTEXT_PACKAGE, "Block 2 Block needs 1 to %u tile, this file has %u",
                                "Block 2 Block needs 1 to %u tiles, this file has %u", BB_MAX_TILES), BB_MAX_TILES,
                   def->total_tiles);
  for (guint i = 0; i < def->n_tiles; i++)
    {
      const TwTileDef *tile = &def->tiles[i];
      guint k;

      if (tile->n_edges != 0)
        tw_diag_error (diags, tile->node, _("remove `edges:`; a block has only a `kind:`"),
                       _("Block 2 Block tile '%s' has edges"), tile->id);
      for (k = 0; k < BB_N_KINDS; k++)
        if (tile->kind && g_str_equal (tile->kind, bb_kind_names[k]))
          break;
      if (k == BB_N_KINDS)
        tw_diag_error (diags, tile->node,
                       _("the kinds are clean, gold, crumble, move, swap and remove-marker"),
                       tile->kind ? _("tile '%s' has an unknown kind") : _("tile '%s' needs a `kind:`"),
                       tile->id);
      else if (p)
        p->def_kind[i] = k;
    }
  return tw_diagnostics_n_errors (diags) == before;
}

void
bb_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  TwExprTerms terms = { 0, };

  parse_config (def, diags, NULL);
  tw_expr_terms_read (&terms, def, "end-scoring", &bb_expr_vocabulary, diags);
  tw_expr_terms_clear (&terms);
}

gpointer
bb_prepare (const TwDefinition *def)
{
  BbPrep *p = g_new0 (BbPrep, 1);
  TwDiagnostics *scratch = tw_diagnostics_new (def->path);

  /* validate() passed, so this only fills the tables */
  parse_config (def, scratch, p);
  tw_expr_terms_read (&p->end_terms, def, "end-scoring", &bb_expr_vocabulary, scratch);
  tw_diagnostics_free (scratch);

  p->n_tiers = (p->n_rows + 1) / 2;
  for (guint r = 0; r < p->n_rows; r++)
    for (guint c = 0; c < p->row_width[r]; c++)
      {
        guint slot = p->row_start[r] + c;
        p->slot_row[slot] = r;
        p->slot_col[slot] = c;
        p->row_mask[r] |= G_GUINT64_CONSTANT (1) << slot;
        p->tier_mask[r / 2] |= G_GUINT64_CONSTANT (1) << slot;
      }
  for (guint r = 0; r < p->n_rows; r++)
    p->open_mask[r + 1] = p->open_mask[r] | p->row_mask[r];
  p->all_slots = p->open_mask[p->n_rows];

  for (guint i = 0; i < def->n_tiles; i++)
    for (guint c = 0; c < def->tiles[i].count && p->n_inst < BB_MAX_TILES; c++)
      {
        p->inst_def[p->n_inst] = i;
        p->inst_kind[p->n_inst] = p->def_kind[i];
        p->n_inst++;
      }
  return p;
}

void
bb_free_prepared (gpointer data)
{
  BbPrep *p = data;

  tw_expr_terms_clear (&p->end_terms);
  g_free (p);
}

gsize
bb_state_size (const TwGame *game)
{
  return sizeof (BbState);
}
