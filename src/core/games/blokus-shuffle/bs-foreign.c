/* bs-foreign.c: classic Blokus as Pentobi writes it (.blksgf, GTP)
 *
 * Classic Blokus is this module with cards=false and four seats. Pentobi
 * names the colours 1 to 4 in turn order (blue, yellow, red, green, as here)
 * and writes a move as its cells, "a20,b20,b19", with a1 the bottom-left
 * corner: the coordinates of this module's own notation. Passes are not
 * written in Pentobi's records; its GTP engine answers "pass". Its
 * final_score counts points (squares placed and bonuses), not squares left.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bs-private.h"

gboolean
bs_foreign_setup (const TwDefinition  *def,
                  guint               *n_players,
                  TwOptions           *options,
                  GError             **error)
{
  *options = def->options;
  options->values[BS_OPT_CARDS] = 0;
  *n_players = 4;
  if (def->max_players < 4)
    {
      g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_PLAYERS,
                   "classic Blokus needs four seats; %s allows %u", def->name, def->max_players);
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_foreign_applies (const TwGame *game)
{
  return !bs_cards (game) && game->n_players == 4 && bs_prep (game)->size == 20;
}

void
bs_foreign_color (const TwGame  *game,
                  const TwState *state,
                  GString       *out)
{
  const BsState *s = (const BsState *) state;
  g_string_append_printf (out, "%u", s->color + 1u);
}

gboolean
bs_foreign_move_from_text (const TwGame  *game,
                           const TwState *state,
                           const char    *text,
                           TwMove        *move,
                           GString       *why)
{
  g_autofree char *lower = g_ascii_strdown (text, -1);

  g_strstrip (lower);
  if (*lower == '\0' || strchr (lower, ' '))
    {
      g_string_printf (why, "expected a piece's cells such as a20,b20,b19 or 'pass', not '%s'", text);
      return FALSE;
    }
  if (!bs_move_from_text (game, state, lower, move, why))
    return FALSE;
  if (move->kind != BS_MOVE_PLACE && move->kind != BS_MOVE_PASS)
    {
      g_string_printf (why, "classic Blokus has no cards: '%s'", text);
      return FALSE;
    }
  return TRUE;
}

static gint
compare_cells (gconstpointer a,
               gconstpointer b)
{
  const guint *p = a, *q = b;
  /* Pentobi orders a1, b1, ..., a2: by row from the bottom, then column */
  return p[1] != q[1] ? (p[1] > q[1] ? -1 : 1) : (p[0] < q[0] ? -1 : p[0] > q[0]);
}

void
bs_foreign_move_to_text (const TwGame  *game,
                         const TwState *state,
                         const TwMove  *move,
                         GString       *out)
{
  const BsPrep *p = bs_prep (game);

  if (move->kind != BS_MOVE_PLACE)
    {
      g_string_append (out, "pass");
      return;
    }
  const BsOrient *or = &p->orients[p->first_orient[move->a] + move->b];
  guint cells[TW_POLY_MAX_CELLS][2];
  for (guint i = 0; i < or->cells.n; i++)
    {
      cells[i][0] = move->x + or->cells.x[i];
      cells[i][1] = move->y + or->cells.y[i];
    }
  qsort (cells, or->cells.n, sizeof cells[0], compare_cells);
  for (guint i = 0; i < or->cells.n; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      bs_append_cell (game, cells[i][0], cells[i][1], out);
    }
}

/* Pentobi's points: a colour's squares on the board, +15 when all its pieces
 * are placed, +5 more when the last of them was the monomino; the list in
 * colour order (its answer to final_score with more than two colours). */
void
bs_foreign_final_score (const TwGame  *game,
                        const TwState *state,
                        GString       *out)
{
  const BsPrep *p = bs_prep (game);
  const BsState *s = (const BsState *) state;

  for (guint c = 0; c < BS_N_COLORS; c++)
    {
      int points = (int) p->total_squares - (int) s->remaining[c];

      if (s->remaining[c] == 0)
        {
          points += 15;
          if (p->monomino >= 0 && s->n_placed[c] > 0
              && s->placed[c][s->n_placed[c] - 1].piece == p->monomino)
            points += 5;
        }
      g_string_append_printf (out, "%s%d", c > 0 ? " " : "", points);
    }
}
