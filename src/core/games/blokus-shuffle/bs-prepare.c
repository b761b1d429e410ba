/* bs-prepare.c: Blokus Shuffle at definition time
 *
 * What runs once when a definition loads, never during play: the `board:`
 * section, the pieces and cards, and the terms of `advanced-scoring:` read
 * and checked into the immutable BsPrep (bs-private.h) that every game of
 * the definition shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-private.h"

/* ------------------------------------------------------------------------ */
/* Definition time                                                          */

/* Reads `board:` for a game of @n_colors colours; fills size and starts,
 * reporting problems when @diags. */
static gboolean
read_board (const TwDefinition *def,
            TwDiagnostics      *diags,
            guint               n_colors,
            guint              *size,
            guint8             *sx,
            guint8             *sy)
{
  static const char * const keys[] = { "size", "starts", NULL };
  const TwNode *board = tw_node_get (def->root, "board");
  const TwNode *starts;
  gint64 n = 20;
  gboolean ok = TRUE;

  if (board != NULL)
    {
      if (!tw_node_check_keys (board, keys, "board", diags))
        return FALSE;
      if (tw_node_get (board, "size")
          && !tw_node_to_int (tw_node_get (board, "size"), 5, BS_MAX_SIZE, &n, diags))
        return FALSE;
    }
  *size = n;
  /* standard Blokus: blue top-left (a20), yellow top-right, red bottom-right, green bottom-left */
  sx[0] = 0;     sy[0] = 0;
  sx[1] = n - 1; sy[1] = 0;
  sx[2] = n - 1; sy[2] = n - 1;
  sx[3] = 0;     sy[3] = n - 1;
  if (n_colors == 2)
    {
      /* two colours: the top-left and bottom-right corners */
      sx[1] = n - 1; sy[1] = n - 1;
    }
  starts = board ? tw_node_get (board, "starts") : NULL;
  if (starts == NULL)
    return TRUE;
  if (!tw_node_expect (starts, TW_NODE_SEQ, "board.starts", diags))
    return FALSE;
  if (starts->n_children != n_colors)
    {
      tw_diag_error (diags, starts, _("one start cell per colour, in colour order"),
                     g_dngettext (GETTEXT_PACKAGE, "board.starts lists %u cell, this file has %u colours",
                                  "board.starts lists %u cells, this file has %u colours", starts->n_children), starts->n_children,
                     n_colors);
      return FALSE;
    }
  for (guint i = 0; i < n_colors; i++)
    {
      guint x, y;
      if (!tw_node_expect (starts->children[i], TW_NODE_SCALAR, _("a start cell"), diags))
        return FALSE;
      if (!bs_parse_cell (starts->children[i]->scalar, n, &x, &y))
        {
          tw_diag_error (diags, starts->children[i], _("write a column letter and a row, e.g. a20"),
                         _("'%s' is not a cell of a %u x %u board"),
                         starts->children[i]->scalar, (guint) n, (guint) n);
          ok = FALSE;
          continue;
        }
      sx[i] = x;
      sy[i] = y;
    }
  return ok;
}

void
bs_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  guint size;
  guint8 sx[BS_N_COLORS], sy[BS_N_COLORS];
  guint total = 0, placements = 0;

  if (def->n_colors != BS_N_COLORS && def->n_colors != 2)
    {
      tw_diag_error (diags, tw_node_get (def->root, "colors"),
                     _("list blue, yellow, red, green in turn order (or two colours for Blokus Duo)"),
                     _("Blokus Shuffle needs 4 colours, or 2 for a two-colour game, in turn order; "
                       "this file has %u"), def->n_colors);
      return;
    }
  if (def->n_colors == 2 && def->max_players > 2)
    tw_diag_error (diags, tw_node_get (tw_node_get (def->root, "game"), "players"),
                   _("write players: {min: 2, max: 2}"),
                   _("a two-colour game is for 2 players (one colour each), this file allows up to %u"),
                   def->max_players);
  if (!read_board (def, diags, def->n_colors, &size, sx, sy))
    return;
  if (def->n_pieces == 0)
    tw_diag_error (diags, tw_node_get (def->root, "game"), _("add a `pieces:` list"),
                   _("Blokus Shuffle needs at least one piece"));
  for (guint i = 0; i < def->n_pieces; i++)
    {
      const TwPieceDef *piece = &def->pieces[i];
      TwPolyomino o[8];
      guint n_o;

      total += piece->count;
      if (tw_polyomino_width (&piece->shape) > size || tw_polyomino_height (&piece->shape) > size)
        {
          tw_diag_error (diags, piece->node, _("make the board bigger or the piece smaller"),
                         _("piece '%s' does not fit on a %u x %u board"), piece->id, size, size);
          continue;
        }
      n_o = tw_polyomino_orientations (&piece->shape, o);
      for (guint k = 0; k < n_o; k++)
        if (tw_polyomino_width (&o[k]) <= size && tw_polyomino_height (&o[k]) <= size)
          placements += (size - tw_polyomino_width (&o[k]) + 1)
                        * (size - tw_polyomino_height (&o[k]) + 1);
    }
  if (def->n_pieces > BS_MAX_PIECES || total > BS_MAX_PIECES)
    tw_diag_error (diags, tw_node_get (def->root, "pieces"), _("lower some counts"),
                   g_dngettext (GETTEXT_PACKAGE, "a colour may have at most %u piece, this file gives %u",
                                "a colour may have at most %u pieces, this file gives %u", BS_MAX_PIECES), BS_MAX_PIECES, total);
  if (placements > BS_MAX_PLACEMENTS)
    tw_diag_error (diags, tw_node_get (def->root, "pieces"), _("use fewer or smaller pieces"),
                   g_dngettext (GETTEXT_PACKAGE, "the pieces have %u placement on this board, more than the %u the engine indexes",
                                "the pieces have %u placements on this board, more than the %u the engine indexes",
                                placements),
                   placements, BS_MAX_PLACEMENTS);

  total = 0;
  for (guint i = 0; i < def->n_cards; i++)
    total += def->cards[i].count;
  if (total > BS_MAX_CARDS)
    tw_diag_error (diags, tw_node_get (def->root, "cards"), _("lower some counts"),
                   g_dngettext (GETTEXT_PACKAGE, "a colour's deck may hold at most %u card, this file gives %u",
                                "a colour's deck may hold at most %u cards, this file gives %u", BS_MAX_CARDS), BS_MAX_CARDS, total);
  for (guint i = 0; i < def->n_cards; i++)
    {
      /* (the card "pass" the loader refuses: bs_reserved_ids) */
      if (tw_definition_find_piece (def, def->cards[i].id) >= 0)
        tw_diag_error (diags, tw_node_get (def->cards[i].node, "id"), _("rename the card"),
                       _("card id '%s' is also a piece id: the notation would read that piece's placements as the card"),
                       def->cards[i].id);
    }

  TwExprTerms terms = { 0, };
  tw_expr_terms_read (&terms, def, "advanced-scoring", &bs_expr_vocabulary, diags);
  tw_expr_terms_clear (&terms);
}

gpointer
bs_prepare (const TwDefinition *def)
{
  BsPrep *p = g_new0 (BsPrep, 1);
  g_autoptr(TwDiagnostics) quiet = tw_diagnostics_new (def->path);
  guint N, P;

  /* validate() has reported any problem already */
  p->n_colors = def->n_colors;
  read_board (def, quiet, p->n_colors, &p->size, p->start_x, p->start_y);
  N = p->size;
  /* what the rules and the table call a start: a corner, or a point (Duo) */
  p->starts_in_corners = TRUE;
  for (guint c = 0; c < p->n_colors; c++)
    p->starts_in_corners &= (p->start_x[c] == 0 || p->start_x[c] == N - 1)
                            && (p->start_y[c] == 0 || p->start_y[c] == N - 1);
  P = p->n_pieces = def->n_pieces;
  p->full = N >= 32 ? 0xffffffffu : (1u << N) - 1;
  p->monomino = -1;
  p->orients = g_new0 (BsOrient, 8 * MAX (P, 1));
  for (guint k = 0; k < P; k++)
    {
      TwPolyomino o[8];
      guint n_o = tw_polyomino_orientations (&def->pieces[k].shape, o);

      p->count[k] = def->pieces[k].count;
      p->squares[k] = def->pieces[k].shape.n;
      p->total_squares += p->count[k] * p->squares[k];
      p->total_pieces += p->count[k];
      if (def->pieces[k].shape.n == 1 && p->monomino < 0)
        p->monomino = k;
      p->first_orient[k] = p->n_orients;
      for (guint j = 0; j < n_o; j++)
        {
          BsOrient *or = &p->orients[p->n_orients++];
          or->piece = k;
          or->index = j;
          or->cells = o[j];
          or->n = o[j].n;
          or->w = tw_polyomino_width (&o[j]);
          or->h = tw_polyomino_height (&o[j]);
          for (guint c = 0; c < o[j].n; c++)
            or->rows[o[j].y[c]] |= 1u << o[j].x[c];
        }
    }
  p->first_orient[P] = p->n_orients;

  /* the row shapes, for gen_place() */
  for (guint og = 0; og < p->n_orients; og++)
    {
      BsOrient *or = &p->orients[og];
      or->by_rows = 1;
      for (guint r = 0; r < or->h; r++)
        {
          guint i;
          for (i = 0; i < p->n_shapes && p->shapes[i] != or->rows[r]; i++)
            ;
          if (i == p->n_shapes && i < BS_MAX_SHAPES)
            p->shapes[p->n_shapes++] = or->rows[r];
          if (i == p->n_shapes)
            or->by_rows = 0;
          or->shape[r] = i < p->n_shapes ? i : 0;
        }
    }

  for (guint i = 0; i < def->n_cards; i++)
    {
      p->card_count[i] = def->cards[i].count;
      p->n_cards += def->cards[i].count;
    }
  tw_expr_terms_read (&p->terms, def, "advanced-scoring", &bs_expr_vocabulary, quiet);
  return p;
}

void
bs_free_prepared (gpointer data)
{
  BsPrep *p = data;

  g_free (p->orients);
  tw_expr_terms_clear (&p->terms);
  g_free (p);
}

gsize
bs_state_size (const TwGame *game)
{
  return sizeof (BsState);
}
