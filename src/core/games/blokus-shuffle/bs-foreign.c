/* bs-foreign.c: classic Blokus and Blokus Duo as Pentobi writes them (.blksgf, GTP)
 *
 * Classic Blokus is this module with cards=false and four seats; Pentobi's
 * Blokus Two-Player is two seats with both colours scoring, its Blokus
 * Three-Player three seats sharing green. Pentobi names the colours 1 to 4
 * in turn order (blue, yellow, red, green, as here). Blokus Duo is a
 * two-colour definition (data/games/blokus-duo.yaml: 14 x 14, the first
 * colour starting on e10, the second on j5, as Pentobi's StartingPoints);
 * Pentobi names its colours B and W, the first and the second player, as
 * in every game of two players with one colour each.
 * A move is written as its cells, "a20,b20,b19", with a1 the bottom-left
 * corner: the coordinates of this module's own notation. Passes are not
 * written in Pentobi's records; its GTP engine answers "pass". Its
 * final_score counts points (squares placed and bonuses), not squares left.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bs-private.h"

/* Pentobi's names of the Blokus games this module plays without cards, and
 * beside them the bundled definition each is played on when it is not the
 * module's own (bs_foreign_definitions, NULL: blokus-shuffle.yaml). */
const char * const bs_foreign_games[] = {
  "Blokus", "Blokus Two-Player", "Blokus Three-Player", "Blokus Duo", NULL,
};
const char * const bs_foreign_definitions[] = { NULL, NULL, NULL, "blokus-duo", NULL };

#define DUO_SIZE 14

/* Whether @def lays out Pentobi's Duo: two colours on 14 x 14, starting on
 * e10 and j5 (the cells (4, 4) and (9, 9) from the top-left). */
static gboolean
is_duo_board (const TwDefinition *def)
{
  const BsPrep *p = def->prepared;

  return p != NULL && p->n_colors == 2 && p->size == DUO_SIZE
         && p->start_x[0] == 4 && p->start_y[0] == 4 && p->start_x[1] == 9 && p->start_y[1] == 9;
}

gboolean
bs_foreign_setup (const TwDefinition  *def,
                  const char          *name,
                  guint               *n_players,
                  TwOptions           *options,
                  GError             **error)
{
  *options = def->options;
  options->values[BS_OPT_CARDS] = 0;
  if (g_str_equal (name, "Blokus Duo"))
    {
      if (!is_duo_board (def))
        {
          const BsPrep *p = def->prepared;

          g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_OPTION,
                       _("Blokus Duo is played on two colours, a 14 x 14 board and the starts e10 "
                         "and j5 (data/games/blokus-duo.yaml); %s has %u colours on %u x %u"),
                       def->name, def->n_colors, p->size, p->size);
          return FALSE;
        }
      *n_players = 2;
    }
  else if (def->n_colors != BS_N_COLORS)
    {
      g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_OPTION,
                   _("%s is played on four colours; %s has %u (data/games/blokus-shuffle.yaml "
                     "plays it)"), name, def->name, def->n_colors);
      return FALSE;
    }
  else if (g_str_equal (name, "Blokus"))
    *n_players = 4;
  else if (g_str_equal (name, "Blokus Two-Player"))
    {
      /* two colours each (blue and red against yellow and green), both count */
      *n_players = 2;
      options->values[BS_OPT_TWO_PLAYER_SCORE] = 1;
    }
  else if (g_str_equal (name, "Blokus Three-Player"))
    {
      /* green is played by the three players in turn and scores for nobody */
      *n_players = 3;
      options->values[BS_OPT_SHARED_COLOR] = 4;
    }
  else
    {
      g_autofree char *known = g_strjoinv (", ", (char **) bs_foreign_games);
      g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_OPTION,
                   _("unsupported game '%s' (%s plays %s)"), name, def->name, known);
      return FALSE;
    }
  if (*n_players < def->min_players || *n_players > def->max_players)
    {
      g_set_error (error, TW_GAME_ERROR, TW_GAME_ERROR_PLAYERS,
                   g_dngettext (GETTEXT_PACKAGE, "%s needs %u seat; %s allows %u to %u",
                                "%s needs %u seats; %s allows %u to %u", *n_players), name, *n_players, def->name,
                   def->min_players, def->max_players);
      return FALSE;
    }
  return TRUE;
}

const char *
bs_foreign_name (const TwGame *game)
{
  if (bs_cards (game))
    return NULL;
  if (bs_n_colors (game) == 2)
    return is_duo_board (game->definition) ? bs_foreign_games[3] : NULL;
  if (bs_prep (game)->size != 20)
    return NULL;
  switch (game->n_players)
    {
    case 4:
      return bs_foreign_games[0];
    case 2:
      return bs_opt (game, BS_OPT_TWO_PLAYER_SCORE) == 1 ? bs_foreign_games[1] : NULL;
    case 3:
      return bs_opt (game, BS_OPT_SHARED_COLOR) == 4 ? bs_foreign_games[2] : NULL;
    default:
      return NULL;
    }
}

void
bs_foreign_color (const TwGame  *game,
                  const TwState *state,
                  GString       *out)
{
  const BsState *s = (const BsState *) state;

  if (bs_n_colors (game) == 2)
    g_string_append_c (out, s->color == 0 ? 'B' : 'W');
  else
    g_string_append_printf (out, "%u", s->color + 1u);
}

/* Pentobi's GTP colour arguments: b, black or blue and w, white or green
 * with two colours (GtpEngine::get_color_arg), 1 to 4 or the colour's name
 * with four; also the definition's colour ids (purple, orange); case does
 * not matter. */
gboolean
bs_foreign_color_from_text (const TwGame *game,
                            const char   *text,
                            GString      *out,
                            GString      *why)
{
  static const char * const two[2][3] = { { "b", "black", "blue" }, { "w", "white", "green" } };
  static const char * const four[4][2] = { { "1", "blue" }, { "2", "yellow" }, { "3", "red" },
                                            { "4", "green" } };
  g_autofree char *lower = g_ascii_strdown (text, -1);

  if (bs_n_colors (game) == 2)
    {
      for (guint c = 0; c < 2; c++)
        for (guint k = 0; k <= G_N_ELEMENTS (two[c]); k++)
          if (g_str_equal (lower, k < G_N_ELEMENTS (two[c]) ? two[c][k]
                                                             : game->definition->colors[c].id))
            {
              g_string_append_c (out, c == 0 ? 'B' : 'W');
              return TRUE;
            }
      g_string_printf (why, _("unknown colour '%s' (b or w)"), text);
      return FALSE;
    }
  for (guint c = 0; c < 4; c++)
    for (guint k = 0; k <= G_N_ELEMENTS (four[c]); k++)
      if (g_str_equal (lower, k < G_N_ELEMENTS (four[c]) ? four[c][k]
                                                         : game->definition->colors[c].id))
        {
          g_string_append (out, four[c][0]);
          return TRUE;
        }
  g_string_printf (why, _("unknown colour '%s' (1, 2, 3 or 4)"), text);
  return FALSE;
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
      g_string_printf (why, _("expected a piece's cells such as a20,b20,b19 or 'pass', not '%s'"), text);
      return FALSE;
    }
  if (!bs_move_from_text (game, state, lower, move, why))
    return FALSE;
  if (move->kind != BS_MOVE_PLACE && move->kind != BS_MOVE_PASS)
    {
      g_string_printf (why, _("classic Blokus has no cards: '%s'"), text);
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

/* Pentobi's points of colour @c: its squares on the board, +15 when all its
 * pieces are placed, +5 more when the last of them was the monomino. */
static int
pentobi_points (const TwGame  *game,
                const BsState *s,
                guint          c)
{
  const BsPrep *p = bs_prep (game);
  int points = (int) p->total_squares - (int) s->remaining[c];

  if (s->remaining[c] == 0)
    {
      points += 15;
      if (p->monomino >= 0 && s->n_placed[c] > 0
          && s->placed[c][s->n_placed[c] - 1].piece == p->monomino)
        points += 5;
    }
  return points;
}

/* Pentobi's answer to final_score: with four or three players the points of
 * each player's colour (the shared colour of three players counts for
 * nobody); with two, the result as SGF writes it for Go, "B+2" when the
 * first player (blue and red, or Duo's first colour) has 2 points more,
 * "W+2" for the second, "0" for a draw. */
void
bs_foreign_final_score (const TwGame  *game,
                        const TwState *state,
                        GString       *out)
{
  const BsState *s = (const BsState *) state;

  if (game->n_players == 2)
    {
      int diff = 0;
      for (guint c = 0; c < bs_n_colors (game); c++)
        diff += (c & 1 ? -1 : 1) * pentobi_points (game, s, c);
      if (diff == 0)
        g_string_append (out, "0");
      else
        g_string_append_printf (out, "%c+%d", diff > 0 ? 'B' : 'W', ABS (diff));
      return;
    }
  for (guint c = 0; c < game->n_players; c++)
    g_string_append_printf (out, "%s%d", c > 0 ? " " : "", pentobi_points (game, s, c));
}
