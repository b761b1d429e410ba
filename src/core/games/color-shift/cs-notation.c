/* cs-notation.c: Color Shift's move and position notation (doc/rules/color-shift.md)
 *
 * Moves (a region is named by the edge triangles it covers, as the tile lies
 * on the play area: N, E, S, W, clockwise from north):
 *   wr-half 1,0 r2          place the hand tile wr-half at x=1, y=0 (y grows
 *                           south), turned two quarters clockwise
 *   discard wr-half         a hand tile that fits nowhere
 *   meeple NE               put a meeple on the region NE of the tile just placed
 *   move 2 -1,3 S           the mover's meeple 2 goes to the tile at -1,3, region S
 *   move 2 ENN S            the same given as a path of 1 to 3 steps (read only)
 *   shift E                 push the placed tile and the run of tiles east of it
 *   pass                    no action
 * The tile id of a placement is optional when reading (the first hand tile).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cs-private.h"
#include "tw-notation.h"

/* The notation in short (TwRules.notation, `tilewright-cli rules`). */
const char cs_notation_summary[] =
  "Coordinates x,y: x grows east, y grows south; the start tile is at 0,0. A region is named by the edge triangles it covers (letters of NESW).\n"
  "wr-half 1,0 r2     place the hand tile wr-half at 1,0 turned 2 quarter turns clockwise (the id is optional when read)\n"
  "discard wr-half    discard a hand tile that fits nowhere (a replacement is drawn)\n"
  "meeple NE          put a meeple on region NE of the tile just placed\n"
  "move 2 -1,3 S      the mover's meeple 2 goes to the tile at -1,3, region S\n"
  "move 2 ENN S       the same, as a path of 1 to 3 steps (read only)\n"
  "shift E            slide the placed tile east with the run of tiles it pushes\n"
  "pass               no action\n";

static const char * const phase_names[] = { "place", "action", "done", NULL };

/* A placement starts with the tile's id, the other moves with these words
 * (cs_move_from_text()): a tile of that id could not be read back. ("pass"
 * is read as a move only alone, so a placement "pass 1,0 r2" still reads.) */
const TwReservedId cs_reserved_ids[] = {
  { "tiles", "shift", N_("the move 'shift DIR'") },
  { "tiles", "discard", N_("the move 'discard [TILE]'") },
  { "tiles", "meeple", N_("the move 'meeple REGION'") },
  { "tiles", "move", N_("the move 'move MEEPLE X,Y REGION'") },
  { NULL }
};

static const char *
region_name (const CsPrep  *p,
             const CsState *s,
             guint          tile,
             guint          sec)
{
  const CsPlaced *pl = &CS_PLACED (p, s)[tile];
  const TwTileFace *f = cs_face (p, pl->inst, pl->rot);

  return sec < f->n_sections ? tw_dir_mask_name (f->section_mask[sec]) : "?";
}

void
cs_move_to_text (const TwGame  *game,
                 const TwState *state,
                 const TwMove  *move,
                 GString       *out)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  guint seat = s->current;

  switch (move->kind)
    {
    case CS_MOVE_PLACE:
      if (seat < s->n_players && move->c < s->hand_len[seat])
        g_string_append_printf (out, "%s ", cs_inst_def (game, s->hand[seat][move->c])->id);
      g_string_append_printf (out, "%d,%d r%u", move->x, move->y, move->b);
      break;
    case CS_MOVE_DISCARD:
      g_string_append (out, "discard");
      if (seat < s->n_players && move->c < s->hand_len[seat])
        g_string_append_printf (out, " %s", cs_inst_def (game, s->hand[seat][move->c])->id);
      break;
    case CS_MOVE_MEEPLE:
      g_string_append_printf (out, "meeple %s",
                              s->placed != CS_NONE ? region_name (p, s, s->placed, move->c) : "?");
      break;
    case CS_MOVE_WALK:
      {
        guint8 j = cs_at (p, s, move->x, move->y);
        g_string_append_printf (out, "move %u %d,%d %s", move->a + 1u, move->x, move->y,
                                j != CS_NONE ? region_name (p, s, j, move->c) : "?");
        break;
      }
    case CS_MOVE_SHIFT:
      g_string_append_printf (out, "shift %c", tw_dir_letter (move->a));
      break;
    case CS_MOVE_PASS:
      g_string_append (out, "pass");
      break;
    default:
      g_string_append (out, "?");
      break;
    }
}

static gint
dir_of (char c)
{
  switch (c)
    {
    case 'N': return TW_NORTH;
    case 'E': return TW_EAST;
    case 'S': return TW_SOUTH;
    case 'W': return TW_WEST;
    default: return -1;
    }
}

/* The section of placement @tile covering the edges named in @text. */
static gint
parse_region (const CsPrep  *p,
              const CsState *s,
              guint          tile,
              const char    *text,
              GString       *why)
{
  const CsPlaced *pl = &CS_PLACED (p, s)[tile];
  const TwTileFace *f = cs_face (p, pl->inst, pl->rot);
  guint mask = 0;

  for (const char *c = text; *c; c++)
    {
      gint d = dir_of (*c);
      if (d < 0)
        {
          g_string_printf (why, _("a region is named by its edges, letters N, E, S and W, not '%s'"), text);
          return -1;
        }
      mask |= 1u << d;
    }
  for (guint sec = 0; mask && sec < f->n_sections; sec++)
    if ((f->section_mask[sec] & mask) == mask)
      return sec;
  g_string_printf (why, _("no single colour region of the tile at %d,%d covers '%s'"), pl->x, pl->y, text);
  return -1;
}

/* The hand slot of the mover holding tile definition @id. */
static gint
hand_slot (const TwGame  *game,
           const CsState *s,
           const char    *id,
           GString       *why)
{
  const CsPrep *p = cs_prep (game);
  gint t = tw_definition_find_tile (game->definition, id);

  if (t < 0)
    {
      g_string_printf (why, _("unknown tile '%s'"), id);
      return -1;
    }
  for (guint h = 0; s->current < s->n_players && h < s->hand_len[s->current]; h++)
    if (p->inst_def[s->hand[s->current][h]] == (guint) t)
      return h;
  g_string_printf (why, _("there is no %s in your hand"), id);
  return -1;
}

gboolean
cs_move_from_text (const TwGame  *game,
                   const TwState *state,
                   const char    *text,
                   TwMove        *move,
                   GString       *why)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  g_auto(GStrv) tok = tw_notation_tokens (text);
  guint n = g_strv_length (tok);

  memset (move, 0, sizeof *move);
  if (n == 0)
    {
      g_string_append (why, _("empty move"));
      return FALSE;
    }

  if (g_str_equal (tok[0], "pass") && n == 1)
    {
      move->kind = CS_MOVE_PASS;
      return TRUE;
    }
  if (g_str_equal (tok[0], "shift"))
    {
      if (n != 2 || strlen (tok[1]) != 1 || dir_of (tok[1][0]) < 0)
        {
          g_string_append (why, _("expected 'shift N|E|S|W'"));
          return FALSE;
        }
      move->kind = CS_MOVE_SHIFT;
      move->a = dir_of (tok[1][0]);
      return TRUE;
    }
  if (g_str_equal (tok[0], "discard"))
    {
      gint slot = 0;
      if (n > 2)
        {
          g_string_append (why, _("expected 'discard [TILE]'"));
          return FALSE;
        }
      if (n == 2 && (slot = hand_slot (game, s, tok[1], why)) < 0)
        return FALSE;
      move->kind = CS_MOVE_DISCARD;
      move->c = slot;
      return TRUE;
    }
  if (g_str_equal (tok[0], "meeple"))
    {
      gint sec;
      if (n != 2)
        {
          g_string_append (why, _("expected 'meeple REGION', e.g. 'meeple NE'"));
          return FALSE;
        }
      if (s->placed == CS_NONE)
        {
          g_string_append (why, _("a meeple goes on the tile you just placed, and you placed none"));
          return FALSE;
        }
      if ((sec = parse_region (p, s, s->placed, tok[1], why)) < 0)
        return FALSE;
      move->kind = CS_MOVE_MEEPLE;
      move->c = sec;
      return TRUE;
    }
  if (g_str_equal (tok[0], "move"))
    {
      int k, x, y;
      gint sec;
      guint8 dest;
      if (n != 4 || !tw_notation_parse_int (tok[1], &k) || k < 1 || k > CS_MAX_MEEPLES)
        {
          g_string_append (why, _("expected 'move MEEPLE X,Y REGION' or 'move MEEPLE PATH REGION', "
                                  "e.g. 'move 1 2,0 N' or 'move 1 EEN N'"));
          return FALSE;
        }
      if (s->current >= s->n_players || s->meeple[s->current][k - 1].tile == CS_NONE)
        {
          g_string_printf (why, _("your meeple %d is not on the play area"), k);
          return FALSE;
        }
      if (tw_notation_parse_xy (tok[2], &x, &y))
        dest = cs_at (p, s, x, y);
      else
        {
          /* a path of steps, resolved to where it ends */
          guint len = strlen (tok[2]);
          if (len < 1 || len > 3)
            {
              g_string_append (why, _("a meeple moves 1 - 3 tiles"));
              return FALSE;
            }
          dest = s->meeple[s->current][k - 1].tile;
          for (guint i = 0; i < len; i++)
            {
              gint d = dir_of (tok[2][i]);
              if (d < 0)
                {
                  g_string_printf (why, _("a path is made of N, E, S and W, not '%s'"), tok[2]);
                  return FALSE;
                }
              if (cs_opt (game, CS_OPT_MOVE_PATH) == 1 && tok[2][i] != tok[2][0])
                {
                  g_string_append (why, _("a meeple moves 1 - 3 tiles in one direction"));
                  return FALSE;
                }
              dest = cs_step (p, s, dest, d);
              if (dest == CS_NONE)
                {
                  g_string_printf (why, _("step %u of '%s' leads to no tile"), i + 1, tok[2]);
                  return FALSE;
                }
            }
          x = CS_PLACED (p, s)[dest].x;
          y = CS_PLACED (p, s)[dest].y;
        }
      if (dest == CS_NONE)
        {
          g_string_printf (why, _("there is no tile at %d,%d"), x, y);
          return FALSE;
        }
      if ((sec = parse_region (p, s, dest, tok[3], why)) < 0)
        return FALSE;
      move->kind = CS_MOVE_WALK;
      move->a = k - 1;
      move->c = sec;
      move->x = x;
      move->y = y;
      return TRUE;
    }

  /* a placement: [TILE] X,Y [rR] */
  guint i = 0;
  int x, y, r = 0;
  gint slot = 0;
  if (n >= 1 && !tw_notation_parse_xy (tok[0], &x, &y) && tw_definition_find_tile (game->definition, tok[0]) >= 0)
    {
      if ((slot = hand_slot (game, s, tok[0], why)) < 0)
        return FALSE;
      i = 1;
    }
  if (i >= n || !tw_notation_parse_xy (tok[i], &x, &y))
    {
      g_string_printf (why, _("expected '[TILE] X,Y rR', 'discard', 'meeple REGION', "
                              "'move MEEPLE X,Y REGION', 'shift DIR' or 'pass', not '%s'"), text);
      return FALSE;
    }
  if (i + 2 == n)
    {
      if (!tw_notation_parse_rotation (tok[i + 1], &r, why))
        return FALSE;
    }
  else if (i + 1 != n)
    {
      g_string_printf (why, _("unexpected '%s' after the move"), tok[MIN (i + 2, n - 1)]);
      return FALSE;
    }
  move->kind = CS_MOVE_PLACE;
  move->b = r;
  move->c = slot;
  move->x = x;
  move->y = y;
  return TRUE;
}

/* Positions ---------------------------------------------------------------
 *
 *   color-shift players=2 phase=action to-act=1 placed=1,0
 *   deck: wr w ...                  top of the stack first
 *   hand1: wr                       each seat's hand
 *   board: start@0,0r0 wr@1,0r2     tiles in placement order, where they are now
 *   finished: 0,0/N 1,0/NE          finished regions
 *   meeples1: 0,0/N 1,0/S:down -    each meeple: on a region (":down" when lying)
 *   scores: 1=0 2=6                 or "-" in the supply
 *   end: 1=3 2=0                    (only when the game is over) end-game points
 */

void
cs_state_to_text (const TwGame  *game,
                  const TwState *state,
                  GString       *out)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  const CsPlaced *placed = CS_PLACED (p, s);
  const guint8 *deck = CS_DECK (p, s);
  const guint8 *flags = CS_FLAGS (p, s);
  guint M = (guint) cs_opt (game, CS_OPT_MEEPLES);

  g_string_append_printf (out, "color-shift players=%u phase=%s to-act=%u",
                          s->n_players, phase_names[s->phase], s->current + 1u);
  if (s->placed != CS_NONE)
    g_string_append_printf (out, " placed=%d,%d", placed[s->placed].x, placed[s->placed].y);
  if (s->discarded)
    g_string_append (out, " discarded=1");
  g_string_append (out, "\ndeck:");
  for (guint i = s->deck_len; i > 0; i--)
    g_string_append_printf (out, " %s", cs_inst_def (game, deck[i - 1])->id);
  for (guint q = 0; q < s->n_players; q++)
    {
      g_string_append_printf (out, "\nhand%u:", q + 1);
      for (guint i = 0; i < s->hand_len[q]; i++)
        g_string_append_printf (out, " %s", cs_inst_def (game, s->hand[q][i])->id);
    }
  g_string_append (out, "\nboard:");
  for (guint i = 0; i < s->n_placed; i++)
    g_string_append_printf (out, " %s@%d,%dr%u", cs_inst_def (game, placed[i].inst)->id,
                            placed[i].x, placed[i].y, placed[i].rot);
  g_string_append (out, "\nfinished:");
  for (guint i = 0; i < s->n_placed; i++)
    for (guint sec = 0; sec < 4; sec++)
      if (flags[4 * i + sec])
        g_string_append_printf (out, " %d,%d/%s", placed[i].x, placed[i].y,
                                region_name (p, s, i, sec));
  for (guint q = 0; q < s->n_players; q++)
    {
      g_string_append_printf (out, "\nmeeples%u:", q + 1);
      for (guint k = 0; k < M; k++)
        {
          const CsMeeple *m = &s->meeple[q][k];
          if (m->tile == CS_NONE)
            g_string_append (out, " -");
          else
            g_string_append_printf (out, " %d,%d/%s%s", placed[m->tile].x, placed[m->tile].y,
                                    region_name (p, s, m->tile, m->sec), m->standing ? "" : ":down");
        }
    }
  g_string_append (out, "\nscores:");
  for (guint q = 0; q < s->n_players; q++)
    g_string_append_printf (out, " %u=%d", q + 1, s->score[q]);
  if (s->phase == CS_PHASE_DONE)
    {
      g_string_append (out, "\nend:");
      for (guint q = 0; q < s->n_players; q++)
        g_string_append_printf (out, " %u=%d", q + 1, s->end_points[q]);
    }
  g_string_append_c (out, '\n');
}

typedef struct
{
  const TwGame *game;
  CsState      *s;
  guint8       *used;             /* one byte a tile instance */
} CsReading;

/* Takes an instance of tile definition @id that is still unassigned. */
static gint
take_instance (const TwGame *game,
               guint8       *used,
               const char   *id,
               GString      *why)
{
  const CsPrep *p = cs_prep (game);

  return tw_notation_take_instance (game->definition, p->inst_def, p->n_inst, used, id, why);
}

/* "X,Y/REGION" on the play area: placement index and section. */
static gboolean
parse_spot (const TwGame  *game,
            const CsState *s,
            const char    *text,
            guint8        *tile,
            guint8        *sec,
            GString       *why)
{
  const CsPrep *p = cs_prep (game);
  g_autofree char *copy = g_strdup (text);
  char *slash = strchr (copy, '/');
  int x, y;
  gint r;

  if (slash == NULL)
    {
      g_string_printf (why, _("expected X,Y/REGION, not '%s'"), text);
      return FALSE;
    }
  *slash = '\0';
  if (!tw_notation_parse_xy (copy, &x, &y))
    {
      g_string_printf (why, _("expected X,Y/REGION, not '%s'"), text);
      return FALSE;
    }
  *tile = cs_at (p, s, x, y);
  if (*tile == CS_NONE)
    {
      g_string_printf (why, _("there is no tile at %d,%d"), x, y);
      return FALSE;
    }
  if ((r = parse_region (p, s, *tile, slash + 1, why)) < 0)
    return FALSE;
  *sec = r;
  return TRUE;
}

/* placed=X,Y: two ints and whether they were given. */
static gboolean
read_placed (gpointer    user_data,
             const char *value,
             gpointer    dest,
             GString    *why)
{
  int *xy = dest;

  xy[2] = tw_notation_parse_xy (value, &xy[0], &xy[1]);
  return xy[2];
}

/* The board: line, before the others, which name its cells. */
static gboolean
place_board (const TwGame *game,
             CsState      *s,
             guint8       *used,
             char        **board,
             GString      *why)
{
  const CsPrep *p = cs_prep (game);

  if (board == NULL)
    {
      g_string_append (why, _("a position needs a 'board:' line with at least the start tile"));
      return FALSE;
    }
  for (guint w = 0; board[w]; w++)
    {
      int x, y, rot;
      gint inst;
      if (!tw_notation_parse_placement (board[w], &x, &y, &rot, why))
        return FALSE;
      if (ABS (x) > 2 * (int) p->n_inst || ABS (y) > 2 * (int) p->n_inst)
        {
          g_string_printf (why, _("%s at %d,%d is farther out than any game reaches"), board[w], x, y);
          return FALSE;
        }
      if (cs_at (p, s, x, y) != CS_NONE)
        {
          g_string_printf (why, _("two tiles at %d,%d"), x, y);
          return FALSE;
        }
      if ((inst = take_instance (game, used, board[w], why)) < 0)
        return FALSE;
      /* shifts leave gaps: a position is any layout within the spread bound */
      cs_put_tile (game, s, inst, rot, x, y);
    }
  if (!cs_spread_ok (s))
    {
      g_string_printf (why, g_dngettext (GETTEXT_PACKAGE, "the tiles spread wider than %u tile can reach, even with shifts",
                                         "the tiles spread wider than %u tiles can reach, even with shifts",
                                         s->n_placed),
                       s->n_placed);
      return FALSE;
    }
  if (s->n_placed == 0)
    {
      g_string_append (why, _("the play area needs at least the start tile"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_deck (gpointer        data,
           TwNotationLine *line,
           GString        *why)
{
  CsReading *R = data;
  const CsPrep *p = cs_prep (R->game);

  /* written top first; the array keeps its top at the end */
  for (guint w = line->n_words; w > 0; w--)
    {
      gint inst = take_instance (R->game, R->used, line->words[w - 1], why);
      if (inst < 0)
        return FALSE;
      CS_DECK (p, R->s)[R->s->deck_len++] = inst;
      CS_LOC (p, R->s)[inst] = CS_LOC_DECK;
    }
  return TRUE;
}

static gboolean
read_hand (gpointer        data,
           TwNotationLine *line,
           GString        *why)
{
  CsReading *R = data;
  CsState *s = R->s;
  guint q = line->number - 1;

  for (guint w = 0; w < line->n_words; w++)
    {
      gint inst = take_instance (R->game, R->used, line->words[w], why);
      if (inst < 0)
        return FALSE;
      if (s->hand_len[q] >= (guint) cs_opt (R->game, CS_OPT_HAND_SIZE))
        {
          g_string_printf (why, _("seat %u holds more tiles than the hand size"), q + 1);
          return FALSE;
        }
      s->hand[q][s->hand_len[q]++] = inst;
      CS_LOC (cs_prep (R->game), s)[inst] = CS_LOC_HAND;
    }
  return TRUE;
}

static gboolean
read_finished (gpointer        data,
               TwNotationLine *line,
               GString        *why)
{
  CsReading *R = data;

  for (guint w = 0; w < line->n_words; w++)
    {
      guint8 tile, sec;
      if (!parse_spot (R->game, R->s, line->words[w], &tile, &sec, why))
        return FALSE;
      CS_FLAGS (cs_prep (R->game), R->s)[4 * tile + sec] = 1;
    }
  return TRUE;
}

static gboolean
read_meeples (gpointer        data,
              TwNotationLine *line,
              GString        *why)
{
  CsReading *R = data;
  guint q = line->number - 1;
  guint M = (guint) cs_opt (R->game, CS_OPT_MEEPLES);

  if (line->n_words > M)
    {
      g_string_printf (why, g_dngettext (GETTEXT_PACKAGE, "seat %u has %u meeple",
                                         "seat %u has %u meeples", M), q + 1, M);
      return FALSE;
    }
  for (guint w = 0; w < line->n_words; w++)
    {
      CsMeeple *m = &R->s->meeple[q][w];
      char *down = strstr (line->words[w], ":down");
      if (g_str_equal (line->words[w], "-"))
        continue;
      if (down)
        *down = '\0';
      if (!parse_spot (R->game, R->s, line->words[w], &m->tile, &m->sec, why))
        return FALSE;
      m->standing = down == NULL;
    }
  return TRUE;
}

/* scores: SEAT=POINTS ... */
static gboolean
read_scores (gpointer        data,
             TwNotationLine *line,
             GString        *why)
{
  CsReading *R = data;

  for (guint w = 0; w < line->n_words; w++)
    {
      char *eq = strchr (line->words[w], '=');
      int q, v;
      if (eq == NULL)
        {
          g_string_printf (why, _("expected SEAT=POINTS, not '%s'"), line->words[w]);
          return FALSE;
        }
      *eq = '\0';
      if (!tw_notation_parse_int (line->words[w], &q) || q < 1 || (guint) q > R->s->n_players
          || !tw_notation_parse_int (eq + 1, &v) || v < 0)
        {
          g_string_printf (why, _("bad score '%s=%s'"), line->words[w], eq + 1);
          return FALSE;
        }
      R->s->score[q - 1] = v;
    }
  return TRUE;
}

gboolean
cs_state_from_text (const TwGame  *game,
                    TwState       *state,
                    const char    *text,
                    GString       *why)
{
  const CsPrep *p = cs_prep (game);
  CsState *s = (CsState *) state;
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new (text, game->n_players);
  g_autofree guint8 *used = g_new0 (guint8, MAX (p->n_inst, 1));
  CsReading R = { game, s, used };
  guint n_players = game->n_players;
  int phase = CS_PHASE_PLACE, to_act = 1, placed[3] = { 0, 0, FALSE };
  gboolean discarded = FALSE;
  guint64 seed = 0;
  g_auto(GStrv) board = NULL;

  cs_reset (game, s, n_players);

  const TwNotationField fields[] = {
    { "players", TW_FIELD_PLAYERS },
    { "phase", TW_FIELD_NAME, &phase, .names = phase_names,
      .accept = 1u << CS_PHASE_PLACE | 1u << CS_PHASE_ACTION,
      .refusal = _("positions can be written in the place or action phase, not '{value}'; "
                   "reach the end of a game by playing its moves") },
    { "to-act", TW_FIELD_SEAT, &to_act },
    { "placed", TW_FIELD_CUSTOM, placed, .read = read_placed,
      .refusal = _("placed=X,Y, not '{value}'") },
    { "discarded", TW_FIELD_FLAG, &discarded },
    { "seed", TW_FIELD_SEED, &seed },
    { NULL }
  };
  const TwNotationHeader header = { "color-shift", "Color Shift", fields };
  if (!tw_notation_read_header (reader, &header, why))
    return FALSE;
  tw_rng_seed (&s->rng, seed);
  s->current = to_act - 1;
  s->phase = phase;
  s->discarded = discarded;

  /* the board first: the other lines name its cells */
  const TwNotationSection board_only[] = { { "board", .keep = &board }, { NULL } };
  if (!tw_notation_read_sections (reader, board_only, NULL, TW_NOTATION_SECTIONS_SOME, why)
      || !place_board (game, s, used, board, why))
    return FALSE;
  cs_rebuild_areas (game, s);

  const TwNotationSection sections[] = {
    { "board", NULL },
    { "deck", read_deck },
    { "hand", read_hand, n_players, .refusal = _("no seat called '{key}'") },
    { "finished", read_finished },
    { "meeples", read_meeples, n_players, .refusal = _("no seat called '{key}'") },
    { "scores", read_scores },
    { NULL }
  };
  if (!tw_notation_read_sections (reader, sections, &R, 0, why))
    return FALSE;

  /* again, now that the finished flags are known: each area counts its unfinished sections */
  cs_rebuild_areas (game, s);

  if (placed[2])
    {
      guint8 j = cs_at (p, s, placed[0], placed[1]);
      if (phase != CS_PHASE_ACTION || j == CS_NONE || j + 1u != s->n_placed)
        {
          g_string_append (why, _("placed=X,Y names the last tile on the board line, in the action phase"));
          return FALSE;
        }
      s->placed = j;
    }
  if (phase == CS_PHASE_PLACE && s->hand_len[s->current] == 0)
    {
      g_string_append (why, _("in the place phase the seat to act needs a tile in hand"));
      return FALSE;
    }
  return TRUE;
}

/* "places Half white/red at 1,0, turned twice", "walks meeple 2 to area N of
 * the tile at -1,3": what follows the player's name. */
void
cs_describe_move (const TwGame  *game,
                  const TwState *state,
                  const TwMove  *move,
                  GString       *out)
{
  const CsPrep *p = cs_prep (game);
  const CsState *s = (const CsState *) state;
  /* Translators: how far a tile is turned, at the end of a move in words */
  static const char * const turns[] = { "", N_(", turned once"), N_(", turned twice"),
                                        N_(", turned three times") };
  static const char * const shifts[] = { N_("shifts the tile just placed north"),
                                         N_("shifts the tile just placed east"),
                                         N_("shifts the tile just placed south"),
                                         N_("shifts the tile just placed west") };
  guint seat = s->current;
  const TwTileDef *tile = NULL;

  if ((move->kind == CS_MOVE_PLACE || move->kind == CS_MOVE_DISCARD) && seat < s->n_players
      && move->c < s->hand_len[seat])
    tile = cs_inst_def (game, s->hand[seat][move->c]);
  /* Translators: the moves of Color Shift in words, after the player's name
   * ("Player 1 takes no action"); an area is named by its edges ("NE") */
  switch (move->kind)
    {
    case CS_MOVE_PLACE:
      g_string_append_printf (out, _("places %s at %d,%d%s"),
                              tile ? tw_tile_words (tile) : _("a tile"),
                              move->x, move->y, (move->b & 3) != 0 ? _(turns[move->b & 3]) : "");
      break;
    case CS_MOVE_DISCARD:
      g_string_append_printf (out, _("discards %s: it fits nowhere"),
                              tile ? tw_tile_words (tile) : _("a tile"));
      break;
    case CS_MOVE_MEEPLE:
      g_string_append_printf (out, _("puts a meeple on area %s of the tile just placed"),
                              s->placed != CS_NONE ? region_name (p, s, s->placed, move->c) : "?");
      break;
    case CS_MOVE_WALK:
      {
        guint8 j = cs_at (p, s, move->x, move->y);
        g_string_append_printf (out, _("walks meeple %u to area %s of the tile at %d,%d"),
                                move->a + 1u, j != CS_NONE ? region_name (p, s, j, move->c) : "?",
                                move->x, move->y);
        break;
      }
    case CS_MOVE_SHIFT:
      g_string_append (out, _(shifts[move->a & 3]));
      break;
    case CS_MOVE_PASS:
      g_string_append (out, _("takes no action"));
      break;
    default:
      g_string_append (out, _("makes an unknown move"));
      break;
    }
}
