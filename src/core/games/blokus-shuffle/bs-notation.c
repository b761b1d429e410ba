/* bs-notation.c: Blokus Shuffle's move and position notation
 *
 * Cells are written as in Pentobi and standard Blokus records: a column
 * letter from the left (a..) and a row number from the bottom (1..N), so
 * a20 is the top-left corner of the 20 x 20 board, where blue starts.
 *
 * Moves (doc/rules/blokus-shuffle.md):
 *   l5 a20,a19,a18,a17,b17   place piece l5 on these cells (the id is optional when read)
 *   pass                     no piece can be placed
 *   skip / reverse / draw-2 / edge-to-edge / double-play      play that card
 *   wild red                 play Wild, declaring red
 *   recycle c18              play Recycle on the piece covering c18
 *   warp c18 e5,e6,e7,f7,g7  play Warp: the piece covering c18 moves to these cells
 *   recycle / warp           the card played with nothing it can do
 * Card words are the ids of the definition's cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bs-private.h"
#include "tw-notation.h"

/* The notation in short (TwRules.notation, `tilewright-cli rules`). */
const char bs_notation_summary[] =
  "Cells: a column letter from the left and a row number from the bottom, as in Pentobi (a20 is the top-left corner of a 20 x 20 board).\n"
  "l5 a20,a19,a18,a17,b17     place piece l5 on these cells (the piece id is optional when read)\n"
  "pass                       no piece can be placed\n"
  "skip, reverse, draw-2, edge-to-edge, double-play   play that card (card words are the definition's card ids)\n"
  "wild red                   play Wild, declaring red\n"
  "recycle c18                play Recycle on the piece covering c18\n"
  "warp c18 e5,e6,e7,f7,g7    play Warp: the piece covering c18 moves to these cells\n"
  "recycle, warp              the card played with nothing it can do\n";

/* A card is played by its id alone, and each colour's pieces are a line of
 * the position named by the colour's id (bs_move_from_text(),
 * bs_state_from_text()). That a card's id is not a piece's is checked by
 * bs_validate(). */
const TwReservedId bs_reserved_ids[] = {
  { "cards", "pass", N_("the move 'pass'") },
  { "colors", "drawn", N_("the position's line 'drawn:', the two cards of a Draw 2") },
  { NULL }
};

void
bs_append_cell (const TwGame *game,
                guint         x,
                guint         y,
                GString      *out)
{
  g_string_append_printf (out, "%c%u", 'a' + x, bs_prep (game)->size - y);
}

/* The cells of orientation @og anchored at (x, y), top row first. */
void
bs_append_cells (const TwGame *game,
                 guint         og,
                 guint         x,
                 guint         y,
                 GString      *out)
{
  const BsOrient *or = &bs_prep (game)->orients[og];

  for (guint i = 0; i < or->cells.n; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      bs_append_cell (game, x + or->cells.x[i], y + or->cells.y[i], out);
    }
}

const char *
bs_deck_name (const TwGame *game,
              guint         n_players,
              guint         deck,
              char          buf[16])
{
  if (n_players == 2 && bs_opt (game, BS_OPT_TWO_PLAYER_DECK) == 0)
    {
      g_snprintf (buf, 16, "p%u", deck + 1);
      return buf;
    }
  return game->definition->colors[deck].id;
}

static void
append_placed (const TwGame   *game,
               const BsPlaced *pl,
               GString        *out)
{
  const BsPrep *p = bs_prep (game);
  bs_append_cells (game, p->first_orient[pl->piece] + pl->orient, pl->x, pl->y, out);
}

void
bs_move_to_text (const TwGame  *game,
                 const TwState *state,
                 const TwMove  *move,
                 GString       *out)
{
  const BsPrep *p = bs_prep (game);
  const BsState *s = (const BsState *) state;
  const TwDefinition *def = game->definition;

  switch (move->kind)
    {
    case BS_MOVE_PLACE:
      if (!bs_place_in_range (p, move))
        {
          g_string_append (out, "?");
          return;
        }
      g_string_append_printf (out, "%s ", def->pieces[move->a].id);
      bs_append_cells (game, p->first_orient[move->a] + move->b, move->x, move->y, out);
      break;
    case BS_MOVE_PASS:
      g_string_append (out, "pass");
      break;
    case BS_MOVE_CARD:
      {
        if (move->a >= def->n_cards)
          {
            g_string_append (out, "?");
            return;
          }
        guint kind = def->cards[move->a].kind;
        g_string_append (out, def->cards[move->a].id);
        if (!move->q)
          break;
        if (kind == BS_CARD_WILD && move->b < BS_N_COLORS)
          g_string_append_printf (out, " %s", def->colors[move->b].id);
        else if ((kind == BS_CARD_RECYCLE || kind == BS_CARD_WARP) && move->b < BS_N_COLORS
                 && move->c < s->n_placed[move->b])
          {
            const BsPlaced *pl = &s->placed[move->b][move->c];
            const BsOrient *or = &p->orients[p->first_orient[pl->piece] + pl->orient];
            g_string_append_c (out, ' ');
            bs_append_cell (game, pl->x + or->cells.x[0], pl->y + or->cells.y[0], out);
            if (kind == BS_CARD_WARP && move->p < p->first_orient[pl->piece + 1] - p->first_orient[pl->piece])
              {
                g_string_append_c (out, ' ');
                bs_append_cells (game, p->first_orient[pl->piece] + move->p, move->x, move->y, out);
              }
          }
        else
          g_string_append (out, " ?");
        break;
      }
    default:
      g_string_append (out, "?");
      break;
    }
}

/* "a20" on a board of side @n: column letter, row counted from the bottom
 * (the notation's cells and the definition's `board: starts:`). */
gboolean
bs_parse_cell (const char *text,
               guint       n,
               guint      *x,
               guint      *y)
{
  char *end = NULL;
  guint64 row;

  if (text[0] < 'a' || text[0] > 'z')
    return FALSE;
  row = g_ascii_strtoull (text + 1, &end, 10);
  if (end == text + 1 || *end != '\0' || row < 1 || row > n || (guint) (text[0] - 'a') >= n)
    return FALSE;
  *x = text[0] - 'a';
  *y = n - (guint) row;
  return TRUE;
}

/* "a20,a19,b19" into a global orientation and anchor; -1 with a reason. */
static int
parse_cells (const TwGame *game,
             const char   *text,
             guint        *orient,
             guint        *x,
             guint        *y,
             GString      *why)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  TwPolyomino poly = { 0 };
  guint n = g_strv_length (parts);
  int og;

  if (n == 0 || n > TW_POLY_MAX_CELLS)
    {
      g_string_printf (why, _("expected the piece's cells such as a20,a19,b19, not '%s'"), text);
      return -1;
    }
  for (guint i = 0; i < n; i++)
    {
      guint cx, cy;
      if (!bs_parse_cell (parts[i], bs_prep (game)->size, &cx, &cy))
        {
          g_string_printf (why, _("'%s' is not a cell of the board (columns a.., rows 1..%u)"),
                           parts[i], bs_prep (game)->size);
          return -1;
        }
      for (guint j = 0; j < poly.n; j++)
        if (poly.x[j] == (int) cx && poly.y[j] == (int) cy)
          {
            g_string_printf (why, _("cell %s is listed twice"), parts[i]);
            return -1;
          }
      poly.x[poly.n] = cx;
      poly.y[poly.n] = cy;
      poly.n++;
    }
  og = bs_find_orient (game, &poly, orient, x, y);
  if (og < 0)
    g_string_printf (why, _("no piece has the shape %s"), text);
  return og;
}

gboolean
bs_move_from_text (const TwGame  *game,
                   const TwState *state,
                   const char    *text,
                   TwMove        *move,
                   GString       *why)
{
  const BsPrep *p = bs_prep (game);
  const BsState *s = (const BsState *) state;
  const TwDefinition *def = game->definition;
  g_auto(GStrv) tok = tw_notation_tokens (text);
  guint n = g_strv_length (tok);
  gint card;

  if (n > 8)
    {
      g_string_printf (why, _("too many words in '%s'"), text);
      return FALSE;
    }
  memset (move, 0, sizeof *move);
  if (n == 0)
    {
      g_string_append (why, _("empty move"));
      return FALSE;
    }

  if (g_str_equal (tok[0], "pass") && n == 1)
    {
      move->kind = BS_MOVE_PASS;
      return TRUE;
    }

  card = tw_definition_find_card (def, tok[0]);
  if (card >= 0)
    {
      guint kind = def->cards[card].kind;
      move->kind = BS_MOVE_CARD;
      move->a = card;
      if (n == 1)
        return TRUE;
      move->q = 1;
      if (kind == BS_CARD_WILD && n == 2)
        {
          gint c = tw_definition_find_color (def, tok[1]);
          if (c < 0)
            {
              g_string_printf (why, _("unknown colour '%s'"), tok[1]);
              return FALSE;
            }
          move->b = c;
          return TRUE;
        }
      if ((kind == BS_CARD_RECYCLE && n == 2) || (kind == BS_CARD_WARP && n == 3))
        {
          guint x, y, color, orient, ax, ay;
          int index;
          if (!bs_parse_cell (tok[1], bs_prep (game)->size, &x, &y))
            {
              g_string_printf (why, _("'%s' is not a cell of the board"), tok[1]);
              return FALSE;
            }
          index = bs_piece_at (s, p, x, y, &color);
          if (index < 0)
            {
              g_string_printf (why, _("no piece covers %s"), tok[1]);
              return FALSE;
            }
          move->b = color;
          move->c = index;
          if (kind == BS_CARD_RECYCLE)
            return TRUE;
          int og = parse_cells (game, tok[2], &orient, &ax, &ay, why);
          if (og < 0)
            return FALSE;
          if (p->orients[og].piece != s->placed[color][index].piece)
            {
              g_string_printf (why, _("the piece on %s is %s, the cells %s are another shape"),
                               tok[1], def->pieces[s->placed[color][index].piece].id, tok[2]);
              return FALSE;
            }
          move->p = orient;
          move->x = ax;
          move->y = ay;
          return TRUE;
        }
      /* Translators: a card's name in the notation and what it takes,
       * written as the notation writes it (" COLOUR", " [CELL]") */
      g_string_printf (why, _("expected '%s'%s"), tok[0],
                       kind == BS_CARD_WILD ? " COLOUR"
                       : kind == BS_CARD_RECYCLE ? " [CELL]"
                       : kind == BS_CARD_WARP ? " [CELL CELLS]" : "");
      return FALSE;
    }

  /* a placement: [PIECE] CELLS */
  gint piece = -1;
  guint i = 0, orient, x, y;
  if (n == 2)
    {
      piece = tw_definition_find_piece (def, tok[0]);
      if (piece < 0)
        {
          g_string_printf (why, _("unknown piece or card '%s'"), tok[0]);
          return FALSE;
        }
      i = 1;
    }
  else if (n != 1)
    {
      g_string_printf (why, _("expected 'PIECE CELLS', 'pass' or a card, not '%s'"), text);
      return FALSE;
    }
  int og = parse_cells (game, tok[i], &orient, &x, &y, why);
  if (og < 0)
    return FALSE;
  if (piece >= 0 && p->orients[og].piece != (guint) piece)
    {
      g_string_printf (why, _("the cells %s are piece %s, not %s"), tok[i],
                       def->pieces[p->orients[og].piece].id, tok[0]);
      return FALSE;
    }
  move->kind = BS_MOVE_PLACE;
  move->a = p->orients[og].piece;
  move->b = orient;
  move->x = x;
  move->y = y;
  return TRUE;
}

/* Positions ---------------------------------------------------------------
 *
 *   blokus-shuffle players=4 turn=yellow phase=card dir=cw mode=normal
 *   blue: l5:a20,a19,a18,a17,b17 i1:c16     pieces in the order placed
 *   yellow: ...
 *   deck blue: skip wild ...                 top first
 *   hand blue: reverse draw-2
 *   discard blue: warp
 *   drawn: skip recycle                      Draw 2's pair, in the drawn phase
 */

static void
append_colors (const TwGame *game,
               guint         mask,
               GString      *out)
{
  gboolean first = TRUE;
  for (guint c = 0; c < bs_n_colors (game); c++)
    if (mask >> c & 1)
      {
        g_string_append_printf (out, "%s%s", first ? "" : ",", game->definition->colors[c].id);
        first = FALSE;
      }
}

static void
append_cards (const TwGame *game,
              const guint8 *cards,
              guint         n,
              gboolean      top_first,
              GString      *out)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " %s", game->definition->cards[cards[top_first ? n - 1 - i : i]].id);
}

static const char * const mode_names[] = { "normal", "edge", "wild", "double", NULL };

void
bs_state_to_text (const TwGame  *game,
                  const TwState *state,
                  GString       *out)
{
  const BsState *s = (const BsState *) state;
  const TwDefinition *def = game->definition;

  g_string_append_printf (out, "blokus-shuffle players=%u turn=%s phase=%s dir=%s",
                          s->n_players, def->colors[s->color].id, bs_phase_names[s->phase],
                          s->reverse ? "ccw" : "cw");
  if (s->mode != BS_MODE_NORMAL)
    g_string_append_printf (out, " mode=%s", mode_names[s->mode]);
  if (s->mode == BS_MODE_WILD)
    g_string_append_printf (out, " wild=%s", def->colors[s->wild].id);
  if (s->phase == BS_PHASE_DOUBLE)
    {
      const BsPlaced *pl = &s->placed[s->color][s->first];
      const BsOrient *or = &bs_prep (game)->orients[bs_prep (game)->first_orient[pl->piece] + pl->orient];
      g_string_append (out, " first=");
      bs_append_cell (game, pl->x + or->cells.x[0], pl->y + or->cells.y[0], out);
    }
  if (s->skip_mask)
    {
      g_string_append (out, " skip=");
      append_colors (game, s->skip_mask, out);
    }
  if (s->passed_mask)
    {
      g_string_append (out, " passed=");
      append_colors (game, s->passed_mask, out);
    }
  if (s->n_players == 3)
    g_string_append_printf (out, " shared-turns=%u", s->shared_turns);
  for (guint c = 0; c < bs_n_colors (game); c++)
    {
      g_string_append_printf (out, "\n%s:", def->colors[c].id);
      for (guint i = 0; i < s->n_placed[c]; i++)
        {
          g_string_append_printf (out, " %s:", def->pieces[s->placed[c][i].piece].id);
          append_placed (game, &s->placed[c][i], out);
        }
    }
  if (bs_cards (game))
    for (guint d = 0; d < bs_n_colors (game); d++)
      {
        char buf[16];
        const char *name;
        if (!bs_deck_used (game, s->n_players, d))
          continue;
        name = bs_deck_name (game, s->n_players, d, buf);
        g_string_append_printf (out, "\ndeck %s:", name);
        append_cards (game, s->deck[d], s->deck_len[d], TRUE, out);
        g_string_append_printf (out, "\nhand %s:", name);
        append_cards (game, s->hand[d], s->hand_len[d], FALSE, out);
        g_string_append_printf (out, "\ndiscard %s:", name);
        append_cards (game, s->discard[d], s->discard_len[d], FALSE, out);
      }
  if (s->phase == BS_PHASE_DRAWN)
    {
      g_string_append (out, "\ndrawn:");
      append_cards (game, s->drawn, s->drawn_len, FALSE, out);
    }
  g_string_append_c (out, '\n');
}

/* Header values -------------------------------------------------------- */

/* players=N, read as it always was: the leading digits */
static gboolean
read_players (gpointer    user_data,
              const char *value,
              gpointer    dest,
              GString    *why)
{
  const TwGame *game = user_data;

  return g_ascii_strtoull (value, NULL, 10) == game->n_players;
}

static gboolean
read_color (gpointer    user_data,
            const char *value,
            gpointer    dest,
            GString    *why)
{
  const TwGame *game = user_data;
  gint c = tw_definition_find_color (game->definition, value);

  if (c < 0)
    return FALSE;
  *(guint8 *) dest = c;
  return TRUE;
}

/* "red,blue": a mask of colours */
static gboolean
read_colors (gpointer    user_data,
             const char *value,
             gpointer    dest,
             GString    *why)
{
  const TwGame *game = user_data;
  g_auto(GStrv) parts = tw_notation_words (value, ",");
  guint8 *mask = dest;

  *mask = 0;
  for (guint i = 0; parts[i]; i++)
    {
      gint c = tw_definition_find_color (game->definition, parts[i]);
      if (c < 0)
        {
          g_string_printf (why, _("unknown colour '%s'"), parts[i]);
          return FALSE;
        }
      *mask |= 1u << c;
    }
  return TRUE;
}

/* first=CELL: the x, y of the cell */
static gboolean
read_cell (gpointer    user_data,
           const char *value,
           gpointer    dest,
           GString    *why)
{
  guint x, y;
  int *xy = dest;

  if (!bs_parse_cell (value, bs_prep (user_data)->size, &x, &y))
    return FALSE;
  xy[0] = x;
  xy[1] = y;
  return TRUE;
}

/* Section lines --------------------------------------------------------- */

typedef struct
{
  const TwGame *game;
  BsState      *s;
  guint         left[BS_N_COLORS][TW_MAX_CARD_DEFS];   /* cards not yet named */
  gboolean      drawn_line;
} BsReading;

/* Cards named in @words, appended to @cards (at most @cap), taken from @left. */
static gboolean
read_cards (const TwGame *game,
            char        **words,
            guint8       *cards,
            guint8       *len,
            guint         cap,
            guint        *left,
            gboolean      top_first,
            GString      *why)
{
  guint8 tmp[BS_MAX_DECK];
  guint n = 0;

  for (guint w = 0; words[w]; w++)
    {
      gint k = tw_definition_find_card (game->definition, words[w]);
      if (k < 0)
        {
          g_string_printf (why, _("unknown card '%s'"), words[w]);
          return FALSE;
        }
      if (left[k] == 0 || n >= cap)
        {
          g_string_printf (why, _("more '%s' cards than the deck holds"), words[w]);
          return FALSE;
        }
      left[k]--;
      tmp[n++] = k;
    }
  for (guint i = 0; i < n; i++)
    cards[i] = tmp[top_first ? n - 1 - i : i];
  *len = n;
  return TRUE;
}

/* "COLOUR: PIECE:CELLS ...", in the order placed */
static gboolean
read_pieces (gpointer        data,
             TwNotationLine *line,
             GString        *why)
{
  BsReading *R = data;
  const BsPrep *p = bs_prep (R->game);
  const TwDefinition *def = R->game->definition;
  BsState *s = R->s;
  guint c = tw_definition_find_color (def, line->key);

  for (guint w = 0; w < line->n_words; w++)
    {
      char *sep = strchr (line->words[w], ':');
      guint orient, x, y;
      gint piece;
      int og;
      if (sep == NULL)
        {
          g_string_printf (why, _("expected PIECE:CELLS, not '%s'"), line->words[w]);
          return FALSE;
        }
      *sep = '\0';
      piece = tw_definition_find_piece (def, line->words[w]);
      og = parse_cells (R->game, sep + 1, &orient, &x, &y, why);
      if (og < 0)
        return FALSE;
      if (piece < 0 || p->orients[og].piece != (guint) piece)
        {
          g_string_printf (why, _("'%s' is not the piece with cells %s"), line->words[w], sep + 1);
          return FALSE;
        }
      if (s->supply[c][piece] == 0 || s->n_placed[c] >= BS_MAX_PIECES)
        {
          g_string_printf (why, _("%s has no '%s' left to place"), def->colors[c].name,
                           line->words[w]);
          return FALSE;
        }
      for (guint r = 0; r < p->orients[og].h; r++)
        {
          guint32 all = s->occ[0][y + r] | s->occ[1][y + r] | s->occ[2][y + r] | s->occ[3][y + r];
          if (all & (p->orients[og].rows[r] << x))
            {
              g_string_printf (why, _("%s overlaps a piece already placed"), sep + 1);
              return FALSE;
            }
        }
      bs_put_piece (R->game, s, c, piece, orient, x, y);
    }
  return TRUE;
}

/* "deck NAME:" (top first), "hand NAME:", "discard NAME:" */
static gboolean
read_deck_line (gpointer        data,
                TwNotationLine *line,
                GString        *why)
{
  BsReading *R = data;
  BsState *s = R->s;
  gint d = -1;
  char buf[16];

  for (guint k = 0; k < bs_n_colors (R->game) && d < 0 && bs_cards (R->game); k++)
    if (bs_deck_used (R->game, s->n_players, k)
        && g_str_equal (bs_deck_name (R->game, s->n_players, k, buf), line->arg))
      d = k;
  if (d < 0)
    {
      g_string_printf (why, _("no deck called '%s' in this game"), line->arg);
      return FALSE;
    }
  if (g_str_has_prefix (line->key, "deck "))
    return read_cards (R->game, line->words, s->deck[d], &s->deck_len[d], BS_MAX_DECK,
                       R->left[d], TRUE, why);
  if (g_str_has_prefix (line->key, "hand "))
    return read_cards (R->game, line->words, s->hand[d], &s->hand_len[d], BS_MAX_HAND,
                       R->left[d], FALSE, why);
  return read_cards (R->game, line->words, s->discard[d], &s->discard_len[d], BS_MAX_DECK,
                     R->left[d], FALSE, why);
}

/* "drawn:" Draw 2's pair */
static gboolean
read_drawn (gpointer        data,
            TwNotationLine *line,
            GString        *why)
{
  BsReading *R = data;
  BsState *s = R->s;

  if (!bs_cards (R->game))
    {
      g_string_append (why, _("no cards in this game"));
      return FALSE;
    }
  R->drawn_line = TRUE;
  return read_cards (R->game, line->words, s->drawn, &s->drawn_len, 2,
                     R->left[bs_deck_of (R->game, s->n_players, s->color)], FALSE, why);
}

gboolean
bs_state_from_text (const TwGame  *game,
                    TwState       *state,
                    const char    *text,
                    GString       *why)
{
  const BsPrep *p = bs_prep (game);
  const TwDefinition *def = game->definition;
  BsState *s = (BsState *) state;
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new (text, game->n_players);
  g_autofree BsReading *R = g_new0 (BsReading, 1);
  guint64 seed = 0, shared_turns = 0;
  int phase = BS_PHASE_PIECE, mode = BS_MODE_NORMAL, ccw = 0;
  int first[2] = { -1, -1 };
  static const char * const dir_names[] = { "cw", "ccw", NULL };

  memset (s, 0, sizeof *s);
  s->n_players = game->n_players;
  s->wild = BS_NONE;
  s->first = BS_NONE;
  for (guint c = 0; c < p->n_colors; c++)
    {
      for (guint k = 0; k < p->n_pieces; k++)
        s->supply[c][k] = p->count[k];
      s->remaining[c] = p->total_squares;
    }
  R->game = game;
  R->s = s;
  if (bs_cards (game))
    for (guint c = 0; c < p->n_colors; c++)
      for (guint k = 0; k < def->n_cards; k++)
        R->left[bs_deck_of (game, s->n_players, c)][k] += p->card_count[k];

  const TwNotationField fields[] = {
    { "players", TW_FIELD_CUSTOM, .read = read_players,
      .refusal = _("this game has {players} players, the position {value}") },
    { "turn", TW_FIELD_CUSTOM, &s->color, .read = read_color,
      .refusal = _("unknown colour '{value}'") },
    { "phase", TW_FIELD_NAME, &phase, .names = bs_phase_names },
    { "dir", TW_FIELD_NAME, &ccw, .names = dir_names, .refusal = _("dir is cw or ccw") },
    { "mode", TW_FIELD_NAME, &mode, .names = mode_names },
    { "wild", TW_FIELD_CUSTOM, &s->wild, .read = read_color,
      .refusal = _("unknown colour '{value}'") },
    { "first", TW_FIELD_CUSTOM, first, .read = read_cell, .refusal = _("'{value}' is not a cell") },
    { "skip", TW_FIELD_CUSTOM, &s->skip_mask, .read = read_colors },
    { "passed", TW_FIELD_CUSTOM, &s->passed_mask, .read = read_colors },
    { "shared-turns", TW_FIELD_SEED, &shared_turns },
    { "seed", TW_FIELD_SEED, &seed },
    { NULL }
  };
  const TwNotationHeader header = { "blokus-shuffle", "Blokus Shuffle", fields,
                                    .user_data = (gpointer) game };
  if (!tw_notation_read_header (reader, &header, why))
    return FALSE;
  s->reverse = ccw;
  s->shared_turns = shared_turns;
  tw_rng_seed (&s->rng, seed);
  bs_recompute (game, s);

  TwNotationSection sections[BS_N_COLORS + 5] = { { NULL } };
  guint n = p->n_colors;
  for (guint c = 0; c < n; c++)
    sections[c] = (TwNotationSection) { def->colors[c].id, read_pieces };
  sections[n + 0] = (TwNotationSection) { "deck ", read_deck_line, .named = TRUE };
  sections[n + 1] = (TwNotationSection) { "hand ", read_deck_line, .named = TRUE };
  sections[n + 2] = (TwNotationSection) { "discard ", read_deck_line, .named = TRUE };
  sections[n + 3] = (TwNotationSection) { "drawn", read_drawn };
  if (!tw_notation_read_sections (reader, sections, R, 0, why))
    return FALSE;

  /* cards not written anywhere are in the discard pile */
  for (guint d = 0; d < BS_N_COLORS; d++)
    for (guint k = 0; k < def->n_cards; k++)
      while (R->left[d][k] > 0)
        {
          s->discard[d][s->discard_len[d]++] = k;
          R->left[d][k]--;
        }

  s->phase = phase;
  s->mode = mode;
  if (phase == BS_PHASE_DRAWN && (!R->drawn_line || s->drawn_len == 0))
    {
      g_string_append (why, _("the drawn phase needs a 'drawn:' line with the drawn cards"));
      return FALSE;
    }
  if (phase != BS_PHASE_DRAWN && R->drawn_line)
    {
      g_string_append (why, _("drawn cards belong to the drawn phase"));
      return FALSE;
    }
  if ((mode == BS_MODE_WILD) != (s->wild != BS_NONE))
    {
      g_string_append (why, _("mode=wild goes with wild=COLOUR"));
      return FALSE;
    }
  if ((phase == BS_PHASE_CARD || phase == BS_PHASE_DRAWN) && !bs_cards (game))
    {
      g_string_append (why, _("there are no cards in this game"));
      return FALSE;
    }
  if (phase == BS_PHASE_DOUBLE)
    {
      guint color;
      int index = first[0] < 0 ? -1 : bs_piece_at (s, p, first[0], first[1], &color);
      if (index < 0 || color != s->color)
        {
          g_string_append (why, _("the double phase needs first=CELL on the turn colour's first piece"));
          return FALSE;
        }
      s->first = index;
      s->placed_turn = 1;
    }
  return TRUE;
}

/* Card definition @card as people know it: its title, else its kind's. */
const char *
bs_card_words (const TwGame *game,
               guint         card)
{
  const TwCardDef *def = &game->definition->cards[card];

  if (def->title != NULL)
    return def->title;
  if (def->kind < game->rules->n_card_kinds && game->rules->card_kinds[def->kind].title != NULL)
    return _(game->rules->card_kinds[def->kind].title);
  return def->id;
}

/* A piece's cells ("a20,a19,b19") or one cell, for a sentence. */
static char *
cells_text (const TwGame *game,
            guint         og,
            guint         x,
            guint         y)
{
  GString *s = g_string_new (NULL);

  bs_append_cells (game, og, x, y, s);
  return g_string_free (s, FALSE);
}

static char *
cell_text (const TwGame *game,
           guint         x,
           guint         y)
{
  GString *s = g_string_new (NULL);

  bs_append_cell (game, x, y, s);
  return g_string_free (s, FALSE);
}

/* "places blue L5 on a20,a19,a18,a17,b17", "plays Wild, declaring red":
 * what follows the player's name. */
void
bs_describe_move (const TwGame  *game,
                  const TwState *state,
                  const TwMove  *move,
                  GString       *out)
{
  const BsPrep *p = bs_prep (game);
  const BsState *s = (const BsState *) state;
  const TwDefinition *def = game->definition;

  /* Translators: the moves of Blokus Shuffle in words, after the player's
   * name; a colour and a piece ("blue L5"), cells such as "a20,a19,b19" */
  switch (move->kind)
    {
    case BS_MOVE_PLACE:
      {
        g_autofree char *cells = NULL;

        if (!bs_place_in_range (p, move))
          break;
        cells = cells_text (game, p->first_orient[move->a] + move->b, move->x, move->y);
        g_string_append_printf (out, _("places %s %s on %s"), tw_color_words (def, s->color),
                                def->pieces[move->a].name ? def->pieces[move->a].name
                                                          : def->pieces[move->a].id, cells);
        return;
      }
    case BS_MOVE_PASS:
      g_string_append_printf (out, _("passes: no %s piece fits"), tw_color_words (def, s->color));
      return;
    case BS_MOVE_CARD:
      {
        const TwCardDef *card;
        const char *title;
        guint kind;

        if (move->a >= def->n_cards)
          break;
        card = &def->cards[move->a];
        kind = card->kind;
        title = bs_card_words (game, move->a);
        if (!move->q)
          {
            if (kind == BS_CARD_RECYCLE || kind == BS_CARD_WARP)
              g_string_append_printf (out, _("plays %s, which cannot do anything now"), title);
            else
              g_string_append_printf (out, _("plays %s"), title);
            return;
          }
        if (kind == BS_CARD_WILD)
          g_string_append_printf (out, _("plays %s, declaring %s"), title,
                                  tw_color_words (def, move->b));
        else if ((kind == BS_CARD_RECYCLE || kind == BS_CARD_WARP) && move->b < BS_N_COLORS
                 && move->c < s->n_placed[move->b])
          {
            const BsPlaced *pl = &s->placed[move->b][move->c];
            const BsOrient *or = &p->orients[p->first_orient[pl->piece] + pl->orient];
            const char *piece = def->pieces[pl->piece].name ? def->pieces[pl->piece].name
                                                            : def->pieces[pl->piece].id;
            g_autofree char *from = cell_text (game, pl->x + or->cells.x[0],
                                               pl->y + or->cells.y[0]);

            if (kind == BS_CARD_RECYCLE)
              g_string_append_printf (out, _("plays %s, taking %s %s back from %s"), title,
                                      tw_color_words (def, move->b), piece, from);
            else if (move->p < p->first_orient[pl->piece + 1] - p->first_orient[pl->piece])
              {
                g_autofree char *to = cells_text (game, p->first_orient[pl->piece] + move->p,
                                                  move->x, move->y);

                g_string_append_printf (out, _("plays %s, moving %s %s from %s to %s"), title,
                                        tw_color_words (def, move->b), piece, from, to);
              }
            else
              g_string_append_printf (out, _("plays %s, moving %s %s from %s"), title,
                                      tw_color_words (def, move->b), piece, from);
          }
        else
          g_string_append_printf (out, _("plays %s"), title);
        return;
      }
    default:
      break;
    }
  g_string_append (out, _("makes an unknown move"));
}
