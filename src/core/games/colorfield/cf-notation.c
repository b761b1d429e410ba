/* cf-notation.c: Colorfield's move and position notation (doc/rules/colorfield.md)
 *
 * Moves (spaces 1-6 as the definition's canvas: numbers them, rotations r0-r3 clockwise):
 *   painter wei-ta-chin     choose a Player Card
 *   side 3b                 choose the face of the dealt canvas board
 *   setup 4                 Rounded Wooden Palette: the revealed tile goes in space 4
 *   skip | rotate 2 r1 | swap 1 5           the ability step
 *   take 2 | deck | deck2 | refresh | pass  the draw step
 *   place 3 | place 3 r2 | discard          the drawn tile
 *   place 3 #2 | discard #2                 after a Sketchbook draw: which of the two
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cf-private.h"
#include "tw-notation.h"

/* The notation in short (TwRules.notation, `tilewright-cli rules`). */
const char cf_notation_summary[] =
  "Spaces 1-6 as the definition's canvas: numbers them; rotations r0-r3 quarter turns clockwise from upright.\n"
  "painter wei-ta-chin     choose a Player Card\n"
  "side 3b                 choose the face of the dealt canvas board\n"
  "setup 4                 Rounded Wooden Palette: the revealed tile goes in space 4\n"
  "skip                    no ability this turn\n"
  "rotate 2 r1             ability Rotate: the tile in space 2 to rotation r1\n"
  "swap 1 5                ability Swap: the tiles in spaces 1 and 5 trade places\n"
  "take 2                  draw the 2nd face-up tile of the tray\n"
  "deck                    draw the top tile of the deck\n"
  "deck2                   Watercolor Paper Sketchbook: draw two from the deck\n"
  "refresh                 Angled Rigger Brush: replace the face-up tiles before drawing\n"
  "pass                    no tile is left to draw\n"
  "place 3, place 3 r2     the drawn tile replaces space 3 (r2: turned, with the New Wave Palette)\n"
  "discard                 discard the drawn tile\n"
  "place 3 #2, discard #1  after deck2: which of the two drawn tiles\n";

/* Moves name painters and canvas faces after a word of their own, but a
 * position writes '-' for an empty place of the tray or a canvas, for a
 * painter not chosen yet and for a face not chosen yet (cf_state_to_text()). */
const TwReservedId cf_reserved_ids[] = {
  { "tiles", "-", N_("an empty place of the tray or of a canvas (in a position)") },
  { "painters", "-", N_("no painter chosen yet (in a position)") },
  { "canvases.faces", "-", N_("no face chosen yet (in a position)") },
  { NULL }
};

/* The ids of Colorfield's own lists are written in moves ("painter ID",
 * "side FACE") and positions ("board=ID"): one word each. */
const TwIdList cf_own_id_lists[] = {
  { "painters", N_("painter") },
  { "canvases", N_("canvas board") },
  { "canvases.faces", N_("canvas face") },
  { NULL }
};

static const char *
tile_id (const TwGame *game,
         guint         inst)
{
  if (inst == CF_NONE)
    return "-";
  return game->definition->tiles[cf_prep (game)->inst_def[inst]].id;
}

void
cf_move_to_text (const TwGame  *game,
                 const TwState *state,
                 const TwMove  *move,
                 GString       *out)
{
  const CfPrep *p = cf_prep (game);
  const CfState *s = (const CfState *) state;

  switch (move->kind)
    {
    case CF_MOVE_PAINTER:
      g_string_append_printf (out, "painter %s",
                              move->a < p->n_painters ? p->painters[move->a].id : "?");
      break;
    case CF_MOVE_SIDE:
      g_string_append_printf (out, "side %s", move->a < 2 && s->current < s->n_players
                              ? p->boards[s->board[s->current]].face_id[move->a] : "?");
      break;
    case CF_MOVE_SETUP:
      g_string_append_printf (out, "setup %u", move->a + 1u);
      break;
    case CF_MOVE_SKIP:
      g_string_append (out, "skip");
      break;
    case CF_MOVE_ROTATE:
      g_string_append_printf (out, "rotate %u r%u", move->a + 1u, move->b);
      break;
    case CF_MOVE_SWAP:
      g_string_append_printf (out, "swap %u %u", move->a + 1u, move->b + 1u);
      break;
    case CF_MOVE_REFRESH:
      g_string_append (out, "refresh");
      break;
    case CF_MOVE_TAKE:
      g_string_append_printf (out, "take %u", move->a + 1u);
      break;
    case CF_MOVE_DECK:
      g_string_append (out, "deck");
      break;
    case CF_MOVE_DECK2:
      g_string_append (out, "deck2");
      break;
    case CF_MOVE_PASS:
      g_string_append (out, "pass");
      break;
    case CF_MOVE_PLACE:
      g_string_append_printf (out, "place %u", move->a + 1u);
      if (move->b != 0)
        g_string_append_printf (out, " r%u", move->b);
      if (s->n_hand == 2)
        g_string_append_printf (out, " #%u", move->c + 1u);
      break;
    case CF_MOVE_DISCARD:
      g_string_append (out, "discard");
      if (s->n_hand == 2)
        g_string_append_printf (out, " #%u", move->c + 1u);
      break;
    default:
      g_string_append (out, "?");
      break;
    }
}

static gboolean
parse_uint (const char *text,
            int         lo,
            int         hi,
            int        *out)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0' || !g_ascii_isdigit (*text))
    return FALSE;
  v = strtol (text, &end, 10);
  if (*end != '\0' || v < lo || v > hi)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* Splits on blanks, dropping empty words; returns the count. */
static guint
words_of (const char *text,
          GStrv      *out)
{
  *out = tw_notation_words (text, " \t\r\n");
  return g_strv_length (*out);
}

gboolean
cf_move_from_text (const TwGame  *game,
                   const TwState *state,
                   const char    *text,
                   TwMove        *move,
                   GString       *why)
{
  const CfPrep *p = cf_prep (game);
  const CfState *s = (const CfState *) state;
  g_auto(GStrv) w = NULL;
  guint n = words_of (text, &w);
  int v, r = 0;

  memset (move, 0, sizeof *move);
  if (n == 0)
    {
      g_string_append (why, _("empty move"));
      return FALSE;
    }
  const char *verb = w[0];

  if (g_str_equal (verb, "painter") && n == 2)
    {
      for (guint i = 0; i < p->n_painters; i++)
        if (g_str_equal (p->painters[i].id, w[1]))
          {
            move->kind = CF_MOVE_PAINTER;
            move->a = i;
            return TRUE;
          }
      g_string_append (why, _("unknown painter; the Player Cards are:"));
      for (guint i = 0; i < p->n_painters; i++)
        g_string_append_printf (why, " %s", p->painters[i].id);
      return FALSE;
    }
  if (g_str_equal (verb, "side") && n == 2)
    {
      const CfBoard *b = &p->boards[s->board[MIN (s->current, CF_MAX_PLAYERS - 1)]];
      for (guint f = 0; f < 2; f++)
        if (g_str_equal (b->face_id[f], w[1]))
          {
            move->kind = CF_MOVE_SIDE;
            move->a = f;
            return TRUE;
          }
      g_string_printf (why, _("your canvas board %s has the faces %s and %s"), b->id,
                       b->face_id[0], b->face_id[1]);
      return FALSE;
    }
  if (g_str_equal (verb, "setup") && n == 2)
    {
      if (!parse_uint (w[1], 1, CF_SLOTS, &v))
        {
          g_string_append (why, _("expected 'setup N' with N a space from 1 to 6"));
          return FALSE;
        }
      move->kind = CF_MOVE_SETUP;
      move->a = v - 1;
      return TRUE;
    }
  if (n == 1)
    {
      static const struct { const char *word; guint kind; } simple[] = {
        { "skip", CF_MOVE_SKIP }, { "refresh", CF_MOVE_REFRESH }, { "deck", CF_MOVE_DECK },
        { "deck2", CF_MOVE_DECK2 }, { "pass", CF_MOVE_PASS }, { "discard", CF_MOVE_DISCARD },
      };
      for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
        if (g_str_equal (verb, simple[i].word))
          {
            move->kind = simple[i].kind;
            return TRUE;
          }
    }
  if (g_str_equal (verb, "rotate") && n == 3)
    {
      if (!parse_uint (w[1], 1, CF_SLOTS, &v) || w[2][0] != 'r' || !parse_uint (w[2] + 1, 0, 3, &r))
        {
          g_string_append (why, _("expected 'rotate N rR', e.g. 'rotate 2 r1'"));
          return FALSE;
        }
      move->kind = CF_MOVE_ROTATE;
      move->a = v - 1;
      move->b = r;
      return TRUE;
    }
  if (g_str_equal (verb, "swap") && n == 3)
    {
      int v2;
      if (!parse_uint (w[1], 1, CF_SLOTS, &v) || !parse_uint (w[2], 1, CF_SLOTS, &v2))
        {
          g_string_append (why, _("expected 'swap N M' with two spaces from 1 to 6"));
          return FALSE;
        }
      move->kind = CF_MOVE_SWAP;
      move->a = v - 1;
      move->b = v2 - 1;
      return TRUE;
    }
  if (g_str_equal (verb, "take") && n == 2)
    {
      if (!parse_uint (w[1], 1, CF_MAX_TRAY, &v))
        {
          g_string_append (why, _("expected 'take N' with N a face-up tile from 1 to 3"));
          return FALSE;
        }
      move->kind = CF_MOVE_TAKE;
      move->a = v - 1;
      return TRUE;
    }
  if (g_str_equal (verb, "place") || g_str_equal (verb, "discard"))
    {
      gboolean place = g_str_equal (verb, "place");
      guint i = 1;
      int which = 1;
      if (place)
        {
          if (n < 2 || !parse_uint (w[1], 1, CF_SLOTS, &v))
            {
              g_string_append (why, _("expected 'place N [rR] [#K]' with N a space from 1 to 6"));
              return FALSE;
            }
          move->a = v - 1;
          i = 2;
          if (i < n && w[i][0] == 'r')
            {
              if (!parse_uint (w[i] + 1, 0, 3, &r))
                {
                  g_string_printf (why, _("rotation is r0, r1, r2 or r3, not '%s'"), w[i]);
                  return FALSE;
                }
              move->b = r;
              i++;
            }
        }
      if (i < n && w[i][0] == '#')
        {
          if (!parse_uint (w[i] + 1, 1, 2, &which) || (which == 2 && s->n_hand != 2))
            {
              g_string_printf (why, _("'%s': #1 or #2 chooses between two drawn tiles"), w[i]);
              return FALSE;
            }
          i++;
        }
      if (i != n)
        {
          g_string_printf (why, _("unexpected '%s' in '%s'"), w[i], text);
          return FALSE;
        }
      move->kind = place ? CF_MOVE_PLACE : CF_MOVE_DISCARD;
      move->c = which - 1;
      return TRUE;
    }
  g_string_printf (why, _("expected a move such as 'skip', 'rotate 2 r1', 'swap 1 4', 'take 1', "
                          "'deck', 'place 3' or 'discard', not '%s'"), text);
  return FALSE;
}

/* Positions ---------------------------------------------------------------
 *
 *   colorfield players=2 round=1 phase=place to-act=1 first=1 run=0 drew=tray
 *   tools: mahl-stick              the tools in play (Advanced Mode: several)
 *   tool-deck: minimalism ...      top first
 *   tool-discard: ...
 *   deck: lcnt-s ...               top first
 *   discard: lcnt-s ncl~2 ...      the common pile; ~S: a tile only seat S saw
 *   tray: lcnt-s - tlcn-e          face-up tiles, '-' for an empty place
 *   hand: lcnt-s                   the drawn tile(s)
 *   p1: painter=wei-ta-chin board=board-3 face=3a turns=2 abilities=1 bonus=0 rounds=21,18
 *   p1-canvas: lcnt-s tlcn-e/2 ... spaces 1-6, /R: the rotation when not upright
 *   p1-setup: ...                  face-down setup hand, next tile first
 *   p1-discards: lcnt-s ncl~1 ...  the personal pile, oldest first
 *
 * A score is the sum of the round scores and the bonus; `turns` and
 * `abilities` count this round.
 */

static const char * const drew_names[] = { "none", "tray", "deck", "deck2", NULL };

static void
append_tiles (const TwGame *game,
              GString      *out,
              const guint8 *tiles,
              const guint8 *seen_or_null,
              guint         n,
              gboolean      reversed)
{
  for (guint k = 0; k < n; k++)
    {
      guint i = reversed ? n - 1 - k : k;
      g_string_append_printf (out, " %s", tile_id (game, tiles[i]));
      if (seen_or_null && seen_or_null[i] != CF_NONE)
        g_string_append_printf (out, "~%u", seen_or_null[i] + 1u);
    }
}

void
cf_state_to_text (const TwGame  *game,
                  const TwState *state,
                  GString       *out)
{
  const CfPrep *p = cf_prep (game);
  const CfState *s = (const CfState *) state;
  const TwDefinition *def = game->definition;

  g_string_append_printf (out, "colorfield players=%u round=%u phase=%s to-act=%u first=%u run=%u",
                          s->n_players, s->round + (s->phase == CF_PHASE_DONE ? 0u : 1u),
                          cf_phase_names[s->phase],
                          s->current + 1u, s->first + 1u, s->blind_run);
  if (s->refreshed)
    g_string_append_printf (out, " refreshed=%u", s->refreshed);
  if (s->drew != CF_DREW_NONE)
    g_string_append_printf (out, " drew=%s", drew_names[s->drew]);
  g_string_append (out, "\ntools:");
  for (guint i = 0; i < s->n_active; i++)
    g_string_append_printf (out, " %s", def->cards[s->active[i]].id);
  g_string_append (out, "\ntool-deck:");
  for (guint i = s->tool_deck_len; i > 0; i--)
    g_string_append_printf (out, " %s", def->cards[s->tool_deck[i - 1]].id);
  g_string_append (out, "\ntool-discard:");
  for (guint i = 0; i < s->tool_discard_len; i++)
    g_string_append_printf (out, " %s", def->cards[s->tool_discard[i]].id);
  g_string_append (out, "\ndeck:");
  append_tiles (game, out, s->deck, NULL, s->deck_len, TRUE);
  g_string_append (out, "\ndiscard:");
  append_tiles (game, out, s->discard, s->discard_seen, s->discard_len, FALSE);
  g_string_append (out, "\ntray:");
  append_tiles (game, out, s->tray, NULL, (guint) cf_opt (game, CF_OPT_TRAY), FALSE);
  g_string_append (out, "\nhand:");
  append_tiles (game, out, s->hand, NULL, s->n_hand, FALSE);
  for (guint q = 0; q < s->n_players; q++)
    {
      g_string_append_printf (out,
                              "\np%u: painter=%s board=%s face=%s turns=%u abilities=%u bonus=%d rounds=",
                              q + 1, s->painter[q] == CF_NONE ? "-" : p->painters[s->painter[q]].id,
                              p->boards[s->board[q]].id,
                              s->face[q] == CF_NONE ? "-" : p->boards[s->board[q]].face_id[s->face[q]],
                              s->turns[q], s->uses[q], s->bonus[q]);
      for (guint r = 0; r < s->round && r < CF_MAX_ROUNDS; r++)
        g_string_append_printf (out, "%s%d", r ? "," : "", s->round_score[r][q]);
      if (s->round > 0)
        {
          g_string_append (out, " items=");
          for (guint k = 0; k < CF_N_ITEMS + p->n_expr; k++)
            g_string_append_printf (out, "%s%d", k ? "," : "", s->item_score[q][k]);
        }
      g_string_append_printf (out, "\np%u-canvas:", q + 1);
      for (guint i = 0; i < CF_SLOTS; i++)
        {
          g_string_append_printf (out, " %s", tile_id (game, s->slot[q][i]));
          if (s->slot[q][i] != CF_NONE && s->rot[q][i] != 0)
            g_string_append_printf (out, "/%u", s->rot[q][i]);
        }
      g_string_append_printf (out, "\np%u-setup:", q + 1);
      append_tiles (game, out, s->setup[q], NULL, s->setup_len[q], TRUE);
      g_string_append_printf (out, "\np%u-discards:", q + 1);
      append_tiles (game, out, s->pdisc[q], s->pdisc_seen[q], s->pdisc_len[q], FALSE);
    }
  g_string_append_c (out, '\n');
}

/* Reading ---------------------------------------------------------------- */

typedef struct
{
  const TwGame *game;
  CfState      *s;
  guint8        used[CF_MAX_TILES];
  GString      *why;
  TwNotationReader *reader;
} Reader;

/* "id", "id/R", "id~S": an unassigned instance of the tile, its rotation and
 * who saw it. Returns the instance or -1 with the reason in why. */
static gint
read_tile (Reader     *R,
           const char *word,
           guint8     *rot,
           guint8     *seen)
{
  const CfPrep *p = cf_prep (R->game);
  g_autofree char *id = g_strdup (word);
  char *tilde = strchr (id, '~');
  char *slash = strchr (id, '/');
  int v;

  if (rot)
    *rot = 0;
  if (seen)
    *seen = CF_NONE;
  if (tilde)
    {
      *tilde = '\0';
      if (seen == NULL || !parse_uint (tilde + 1, 1, R->game->n_players, &v))
        {
          g_string_printf (R->why,
                           _("'%s': ~S (a seat) marks a tile one player saw, in discard piles"), word);
          return -1;
        }
      *seen = v - 1;
    }
  if (slash)
    {
      *slash = '\0';
      if (rot == NULL || !parse_uint (slash + 1, 0, 3, &v))
        {
          g_string_printf (R->why, _("'%s': /R (0-3) is the rotation of a tile on a canvas"), word);
          return -1;
        }
      *rot = v;
    }
  return tw_notation_take_instance (R->game->definition, p->inst_def, p->n_inst, R->used, id, R->why);
}

/* A list of tiles into @tiles (with @seen), at most @max; '-' is an empty
 * place when @allow_empty. */
static gboolean
read_list (Reader    *R,
           char     **words,
           guint8    *tiles,
           guint8    *seen,
           guint8    *rots,
           guint     *n_out,
           guint      max,
           gboolean   allow_empty,
           gboolean   reversed)
{
  guint n = 0;
  guint8 tmp[CF_MAX_TILES], tmp_seen[CF_MAX_TILES], tmp_rot[CF_MAX_TILES];

  for (guint k = 0; words[k]; k++)
    {
      if (n >= max)
        {
          g_string_printf (R->why, _("too many tiles (at most %u) at '%s'"), max, words[k]);
          return FALSE;
        }
      if (g_str_equal (words[k], "-"))
        {
          if (!allow_empty)
            {
              g_string_append (R->why, _("'-' (an empty place) is only for the tray and canvases"));
              return FALSE;
            }
          tmp[n] = CF_NONE;
          tmp_seen[n] = CF_NONE;
          tmp_rot[n] = 0;
          n++;
          continue;
        }
      gint t = read_tile (R, words[k], rots ? &tmp_rot[n] : NULL, seen ? &tmp_seen[n] : NULL);
      if (t < 0)
        return FALSE;
      tmp[n] = t;
      if (!seen)
        tmp_seen[n] = CF_NONE;
      n++;
    }
  for (guint i = 0; i < n; i++)
    {
      guint j = reversed ? n - 1 - i : i;
      tiles[j] = tmp[i];
      if (seen)
        seen[j] = tmp_seen[i];
      if (rots)
        rots[j] = tmp_rot[i];
    }
  *n_out = n;
  return TRUE;
}

static gint
find_card (const TwGame *game,
           const char   *id,
           GString      *why)
{
  gint c = tw_definition_find_card (game->definition, id);
  if (c < 0)
    g_string_printf (why, _("unknown tool card '%s'"), id);
  return c;
}

static gboolean
read_cards (const TwGame *game,
            char        **words,
            guint8       *cards,
            guint8       *n_out,
            guint         max,
            gboolean      reversed,
            GString      *why)
{
  guint8 tmp[CF_MAX_TOOLS];
  guint n = 0;
  for (guint k = 0; words[k]; k++)
    {
      gint c = find_card (game, words[k], why);
      if (c < 0)
        return FALSE;
      if (n >= max)
        {
          g_string_append (why, _("too many tool cards"));
          return FALSE;
        }
      tmp[n++] = c;
    }
  for (guint i = 0; i < n; i++)
    cards[reversed ? n - 1 - i : i] = tmp[i];
  *n_out = n;
  return TRUE;
}

/* The player line's keys read by the field table: the state and the seat */
typedef struct
{
  const TwGame *game;
  CfState      *s;
  guint         q;
  gboolean      has_items;
} PlayerReading;

static gboolean
read_painter (gpointer    data,
              const char *val,
              gpointer    dest,
              GString    *why)
{
  PlayerReading *P = data;
  const CfPrep *p = cf_prep (P->game);

  P->s->painter[P->q] = CF_NONE;
  for (guint i = 0; i < p->n_painters; i++)
    if (g_str_equal (p->painters[i].id, val))
      P->s->painter[P->q] = i;
  if (P->s->painter[P->q] == CF_NONE && !g_str_equal (val, "-"))
    {
      g_string_printf (why, _("unknown painter '%s'"), val);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_canvas_board (gpointer    data,
                   const char *val,
                   gpointer    dest,
                   GString    *why)
{
  PlayerReading *P = data;
  const CfPrep *p = cf_prep (P->game);
  gboolean found = FALSE;

  for (guint b = 0; b < p->n_boards; b++)
    if (g_str_equal (p->boards[b].id, val))
      {
        P->s->board[P->q] = b;
        found = TRUE;
      }
  if (!found)
    g_string_printf (why, _("unknown canvas board '%s'"), val);
  return found;
}

static gboolean
read_round_scores (gpointer    data,
                   const char *val,
                   gpointer    dest,
                   GString    *why)
{
  PlayerReading *P = data;
  CfState *s = P->s;
  g_auto(GStrv) parts = g_strsplit (val, ",", -1);
  guint r = 0;
  int v;

  for (guint i = 0; parts[i]; i++)
    {
      if (*parts[i] == '\0')
        continue;
      if (r >= CF_MAX_ROUNDS || !parse_uint (parts[i], 0, 30000, &v))
        {
          g_string_printf (why, _("bad round scores '%s'"), val);
          return FALSE;
        }
      s->round_score[r++][P->q] = v;
    }
  if (r != s->round)
    {
      g_string_printf (why,
                       g_dngettext (GETTEXT_PACKAGE, "player %u has %u round score in round %u",
                                    "player %u has %u round scores in round %u", r),
                       P->q + 1, r, s->round + 1u);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_item_scores (gpointer    data,
                  const char *val,
                  gpointer    dest,
                  GString    *why)
{
  PlayerReading *P = data;
  g_auto(GStrv) parts = g_strsplit (val, ",", -1);
  /* the rules' items, then one for each round-bonus tool of the definition */
  guint n = CF_N_ITEMS + cf_prep (P->game)->n_expr;
  int v;

  if (g_strv_length (parts) != n)
    {
      g_string_printf (why,
                       g_dngettext (GETTEXT_PACKAGE, "player %u needs %u item score, not '%s'",
                                    "player %u needs %u item scores, not '%s'", n),
                       P->q + 1, n, val);
      return FALSE;
    }
  for (guint k = 0; k < n; k++)
    {
      if (!parse_uint (parts[k], 0, 30000, &v))
        {
          g_string_printf (why, _("bad item scores '%s'"), val);
          return FALSE;
        }
      P->s->item_score[P->q][k] = v;
    }
  P->has_items = TRUE;
  return TRUE;
}

/* The player line: painter=ID board=ID face=ID turns=N abilities=N bonus=N
 * rounds=A,B [items=T,K,P,S,V,W,E,...] (the rounds' points item by item,
 * CfItem, then each round-bonus tool's; written once a round has been
 * scored, optional when read) */
static gboolean
read_player (TwNotationReader *reader,
             const TwGame     *game,
             CfState          *s,
             guint             q,
             char            **words,
             GString          *why)
{
  const CfPrep *p = cf_prep (game);
  PlayerReading P = { game, s, q, FALSE };
  const char *face_id = NULL;
  int turns = s->turns[q], uses = s->uses[q], bonus = s->bonus[q];
  const TwNotationField fields[] = {
    { "painter", TW_FIELD_CUSTOM, .read = read_painter },
    { "board", TW_FIELD_CUSTOM, .read = read_canvas_board },
    { "face", TW_FIELD_TEXT, &face_id },
    { "turns", TW_FIELD_INT, &turns, 0, CF_MAX_TURNS },
    { "abilities", TW_FIELD_INT, &uses, 0, CF_MAX_TURNS },
    { "bonus", TW_FIELD_INT, &bonus, 0, 30000 },
    { "rounds", TW_FIELD_CUSTOM, .read = read_round_scores },
    { "items", TW_FIELD_CUSTOM, .read = read_item_scores },
    { NULL }
  };
  const TwNotationHeader keys = { NULL, NULL, fields, _("bad player field '{key}={value}'"), TRUE,
                                  &P };

  if (!tw_notation_read_fields (reader, &keys, words, _("bad player field '{key}={value}'"), why))
    return FALSE;
  s->turns[q] = turns;
  s->uses[q] = uses;
  s->bonus[q] = bonus;
  if (P.has_items)
    {
      int rounds = 0, items = 0;

      for (guint r = 0; r < s->round && r < CF_MAX_ROUNDS; r++)
        rounds += s->round_score[r][q];
      for (guint k = 0; k < CF_N_ALL_ITEMS; k++)
        items += s->item_score[q][k];
      if (items != rounds)
        {
          g_string_printf (why, _("player %u's item scores add up to %d, the rounds to %d"),
                           q + 1, items, rounds);
          return FALSE;
        }
    }
  if (face_id && !g_str_equal (face_id, "-"))
    {
      const CfBoard *b = &p->boards[s->board[q]];
      if (g_str_equal (b->face_id[0], face_id))
        s->face[q] = 0;
      else if (g_str_equal (b->face_id[1], face_id))
        s->face[q] = 1;
      else
        {
          g_string_printf (why, _("face '%s' is not a face of board %s"), face_id, b->id);
          return FALSE;
        }
    }
  s->score[q] = s->bonus[q];
  for (guint r = 0; r < s->round; r++)
    s->score[q] += s->round_score[r][q];
  return TRUE;
}

/* Section lines ---------------------------------------------------------- */

/* "tools:", "tool-deck:" (top first), "tool-discard:" */
static gboolean
read_tool_line (gpointer        data,
                TwNotationLine *line,
                GString        *why)
{
  Reader *R = data;
  CfState *s = R->s;

  if (g_str_equal (line->key, "tools"))
    return read_cards (R->game, line->words, s->active, &s->n_active, CF_MAX_ACTIVE, FALSE, why);
  if (g_str_equal (line->key, "tool-deck"))
    return read_cards (R->game, line->words, s->tool_deck, &s->tool_deck_len, CF_MAX_TOOLS,
                       TRUE, why);
  return read_cards (R->game, line->words, s->tool_discard, &s->tool_discard_len, CF_MAX_TOOLS,
                     FALSE, why);
}

/* "deck:" (top first), "discard:", "tray:", "hand:" */
static gboolean
read_tile_line (gpointer        data,
                TwNotationLine *line,
                GString        *why)
{
  Reader *R = data;
  CfState *s = R->s;
  guint n;

  if (g_str_equal (line->key, "tray"))
    return read_list (R, line->words, s->tray, NULL, NULL, &n, cf_opt (R->game, CF_OPT_TRAY),
                      TRUE, FALSE);
  if (g_str_equal (line->key, "deck"))
    {
      if (!read_list (R, line->words, s->deck, NULL, NULL, &n, CF_MAX_TILES, FALSE, TRUE))
        return FALSE;
      s->deck_len = n;
    }
  else if (g_str_equal (line->key, "discard"))
    {
      if (!read_list (R, line->words, s->discard, s->discard_seen, NULL, &n, CF_MAX_TILES, FALSE,
                      FALSE))
        return FALSE;
      s->discard_len = n;
    }
  else
    {
      if (!read_list (R, line->words, s->hand, NULL, NULL, &n, 2, FALSE, FALSE))
        return FALSE;
      s->n_hand = n;
    }
  return TRUE;
}

/* "pN-canvas:" (spaces 1-6), "pN-setup:" (next first), "pN-discards:" */
static gboolean
read_seat_tiles (gpointer        data,
                 TwNotationLine *line,
                 GString        *why)
{
  Reader *R = data;
  CfState *s = R->s;
  const char *what = strchr (line->key, '-');
  guint q = line->number - 1;
  guint n;

  if (g_str_equal (what, "-canvas"))
    {
      if (!read_list (R, line->words, s->slot[q], NULL, s->rot[q], &n, CF_SLOTS, TRUE, FALSE))
        return FALSE;
      if (n != CF_SLOTS)
        {
          g_string_printf (why, _("a canvas has 6 spaces ('-' when empty), p%u-canvas lists %u"),
                           q + 1, n);
          return FALSE;
        }
    }
  else if (g_str_equal (what, "-setup"))
    {
      if (!read_list (R, line->words, s->setup[q], NULL, NULL, &n, CF_SLOTS, FALSE, TRUE))
        return FALSE;
      s->setup_len[q] = n;
    }
  else
    {
      if (!read_list (R, line->words, s->pdisc[q], s->pdisc_seen[q], NULL, &n, CF_MAX_TURNS,
                      FALSE, FALSE))
        return FALSE;
      s->pdisc_len[q] = n;
    }
  return TRUE;
}

static gboolean
read_seat (gpointer        data,
           TwNotationLine *line,
           GString        *why)
{
  Reader *R = data;

  return read_player (R->reader, R->game, R->s, line->number - 1, line->words, why);
}

gboolean
cf_state_from_text (const TwGame  *game,
                    TwState       *state,
                    const char    *text,
                    GString       *why)
{
  const CfPrep *p = cf_prep (game);
  CfState *s = (CfState *) state;
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new (text, game->n_players);
  Reader R = { .game = game, .s = s, .why = why, .reader = reader };
  guint n_players = game->n_players;
  int phase = CF_PHASE_ABILITY, to_act = 1, first = 1, run = 0, round = 1, refreshed = 0;
  int drew = CF_DREW_NONE;
  guint64 seed = 0;

  memset (s, 0, sizeof *s);
  s->n_players = n_players;
  memset (s->tray, CF_NONE, sizeof s->tray);
  memset (s->hand, CF_NONE, sizeof s->hand);
  memset (s->slot, CF_NONE, sizeof s->slot);
  memset (s->painter, CF_NONE, sizeof s->painter);
  memset (s->face, CF_NONE, sizeof s->face);
  for (guint q = 0; q < n_players; q++)
    s->board[q] = q;

  const TwNotationField fields[] = {
    { "players", TW_FIELD_PLAYERS },
    { "round", TW_FIELD_INT, &round, 1, cf_opt (game, CF_OPT_ROUNDS) },
    { "phase", TW_FIELD_NAME, &phase, .names = cf_phase_names },
    { "to-act", TW_FIELD_SEAT, &to_act },
    { "first", TW_FIELD_SEAT, &first },
    { "run", TW_FIELD_INT, &run, 0, n_players },
    { "refreshed", TW_FIELD_INT, &refreshed, 0, 9 },
    { "drew", TW_FIELD_NAME, &drew, .names = drew_names },
    { "seed", TW_FIELD_SEED, &seed },
    { NULL }
  };
  const TwNotationHeader header = { "colorfield", "Colorfield", fields,
                                    _("bad value '{value}' for {key}"), TRUE };
  if (!tw_notation_read_header (reader, &header, why))
    return FALSE;
  tw_rng_seed (&s->rng, seed);
  s->phase = phase;
  s->current = to_act - 1;
  s->first = first - 1;
  s->blind_run = run;
  s->refreshed = refreshed;
  s->drew = drew;
  /* a finished game shows its last round; the count of rounds played is one more */
  s->round = phase == CF_PHASE_DONE ? round : round - 1;

  const TwNotationSection sections[] = {
    { "tools", read_tool_line },
    { "tool-deck", read_tool_line },
    { "tool-discard", read_tool_line },
    { "deck", read_tile_line },
    { "discard", read_tile_line },
    { "tray", read_tile_line },
    { "hand", read_tile_line },
    { "p", read_seat, n_players, .refusal = _("no player '{key}'") },
    { "p", read_seat_tiles, n_players, "-canvas", _("no player '{key}'") },
    { "p", read_seat_tiles, n_players, "-setup", _("no player '{key}'") },
    { "p", read_seat_tiles, n_players, "-discards", _("no player '{key}'") },
    { NULL }
  };
  if (!tw_notation_read_sections (reader, sections, &R, TW_NOTATION_SECTIONS_NAME_ERRORS, why))
    return FALSE;

  /* unlisted tiles wait in the common discard pile */
  for (guint t = 0; t < p->n_inst; t++)
    if (!R.used[t])
      {
        s->discard_seen[s->discard_len] = CF_NONE;
        s->discard[s->discard_len++] = t;
      }
  /* unlisted tool cards of the deck are used ones */
  {
    guint n_tools = MIN ((guint) cf_opt (game, CF_OPT_TOOL_DECK_SIZE), p->n_tools);
    guint8 taken[CF_MAX_TOOLS] = { 0 };
    const guint8 *lists[3] = { s->tool_deck, s->active, s->tool_discard };
    guint lens[3] = { s->tool_deck_len, s->n_active, s->tool_discard_len };
    for (guint l = 0; l < 3; l++)
      for (guint i = 0; i < lens[l]; i++)
        {
          gboolean found = FALSE;
          for (guint k = 0; k < n_tools && !found; k++)
            if (p->tools[k] == lists[l][i] && !taken[k])
              taken[k] = found = TRUE;
          if (!found)
            {
              g_string_printf (why, _("tool card '%s' is listed twice or is not in the deck "
                                      "(tool-deck-size=%u)"),
                               game->definition->cards[lists[l][i]].id, n_tools);
              return FALSE;
            }
        }
    for (guint k = 0; k < n_tools; k++)
      if (!taken[k])
        s->tool_discard[s->tool_discard_len++] = p->tools[k];
  }
  for (guint q = 0; q < n_players; q++)
    for (guint o = 0; o < q; o++)
      if (s->board[o] == s->board[q])
        {
          g_string_printf (why,
                           _("players %u and %u have the same canvas board; give each a board="), o + 1, q + 1);
          return FALSE;
        }
  if ((s->n_hand > 0) != (phase == CF_PHASE_PLACE))
    {
      g_string_append (why, _("the place phase, and only it, has a drawn tile in 'hand:'"));
      return FALSE;
    }
  if (phase == CF_PHASE_PLACE && s->drew == CF_DREW_NONE)
    s->drew = s->n_hand == 2 ? CF_DREW_DECK2 : CF_DREW_DECK;
  cf_compute_effects (game, s, &s->fx);
  s->turn_limit = MIN (cf_opt (game, CF_OPT_TURNS) + s->fx.extra_turns, CF_MAX_TURNS);
  /* only consistent positions: play goes on from them safely */
  if (!cf_check (game, state, why))
    {
      g_autofree char *reason = g_strdup (why->str);

      g_string_printf (why, _("inconsistent position: %s"), reason);
      return FALSE;
    }
  return TRUE;
}

/* "takes tile 2 from the tray", "paints space 5 with the tile in hand,
 * upright": what follows the player's name. */
void
cf_describe_move (const TwGame  *game,
                  const TwState *state,
                  const TwMove  *move,
                  GString       *out)
{
  const CfPrep *p = cf_prep (game);
  const CfState *s = (const CfState *) state;
  /* Translators: how a tile is turned on a canvas, in a move in words */
  static const char * const turns[] = { N_("upright"), N_("turned once"), N_("turned twice"),
                                        N_("turned three times") };
  /* which tile in hand: one drawn, or the first or second of two */
  guint which = s->n_hand == 2 ? (move->c ? 2 : 1) : 0;

  /* Translators: the moves of Colorfield in words, after the player's name
   * ("Player 1 takes tile 2 from the tray") */
  switch (move->kind)
    {
    case CF_MOVE_PAINTER:
      g_string_append_printf (out, _("chooses the painter %s"), move->a < p->n_painters
                              ? (p->painters[move->a].name ? p->painters[move->a].name
                                                           : p->painters[move->a].id) : "?");
      break;
    case CF_MOVE_SIDE:
      g_string_append_printf (out, _("plays side %s of their canvas"),
                              move->a < 2 && s->current < s->n_players
                              ? p->boards[s->board[s->current]].face_id[move->a] : "?");
      break;
    case CF_MOVE_SETUP:
      g_string_append_printf (out, _("puts the revealed tile on space %u"), move->a + 1u);
      break;
    case CF_MOVE_SKIP:
      g_string_append (out, _("uses no ability this turn"));
      break;
    case CF_MOVE_ROTATE:
      g_string_append_printf (out, _("turns the tile on space %u to %s"), move->a + 1u,
                              _(turns[move->b & 3]));
      break;
    case CF_MOVE_SWAP:
      g_string_append_printf (out, _("swaps the tiles on spaces %u and %u"), move->a + 1u,
                              move->b + 1u);
      break;
    case CF_MOVE_REFRESH:
      g_string_append (out, _("replaces the face-up tiles of the tray"));
      break;
    case CF_MOVE_TAKE:
      g_string_append_printf (out, _("takes tile %u from the tray"), move->a + 1u);
      break;
    case CF_MOVE_DECK:
      g_string_append (out, _("draws the top tile of the deck"));
      break;
    case CF_MOVE_DECK2:
      g_string_append (out, _("draws the top two tiles of the deck"));
      break;
    case CF_MOVE_PASS:
      g_string_append (out, _("passes: no tile is left to draw"));
      break;
    case CF_MOVE_PLACE:
      g_string_append_printf (out, which == 0 ? _("paints space %u with the tile in hand, %s")
                              : which == 1 ? _("paints space %u with the first tile in hand, %s")
                              : _("paints space %u with the second tile in hand, %s"),
                              move->a + 1u, _(turns[move->b & 3]));
      break;
    case CF_MOVE_DISCARD:
      g_string_append (out, which == 0 ? _("discards the tile in hand unplayed")
                       : which == 1 ? _("discards the first tile in hand unplayed")
                       : _("discards the second tile in hand unplayed"));
      break;
    default:
      g_string_append (out, _("makes an unknown move"));
      break;
    }
}
