/* bb-notation.c: Block 2 Block's move and position notation
 *
 * Slots are named by row (1 = bottom) and a letter from the left: 1a, 2e, 8b.
 * Tiers are t1 (rows 1-2) to t4 (rows 7-8); seats are p1 to p6.
 *
 * Moves:
 *   mark 2c            a marker on the tile at 2c
 *   bid t2             a new bid on tier 2
 *   invest t2          one of your bids on tier 2 becomes an investment
 *   move-bid t1 t3     (variant) one of your bids moves from tier 1 to tier 3
 *   done               the end of the turn
 *   replace 3b swap    short stack: crumble the unrevealed tile at 3b, put a held swap there
 *   hold 7a gold       short stack: a held gold tile into the open space 7a
 * Effects of the block just revealed, by the same player:
 *   crumble 2c         Crumble: the tile at 2c leaves the game
 *   move 2c 5a         Move: the tile at 2c to the open space 5a
 *   bulldoze 3a 2c     Bulldozer: 3a leaves the game, the tile at 2c takes its place
 *   swap 2c 4a         Swap: the tiles at 2c and 4a trade places
 *   unmark 3a p2       Remove-Marker: one of seat 2's markers at 3a leaves the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bb-private.h"
#include "tw-notation.h"

/* The notation in short (TwRules.notation, `tilewright-cli rules`). */
const char bb_notation_summary[] =
  "Slots: row (1 = bottom) and a letter from the left: 1a, 2e, 8b. Tiers t1 (rows 1-2) to t4; seats p1 to p6.\n"
  "mark 2c            a marker on the tile at 2c\n"
  "bid t2             a new bid on tier 2\n"
  "invest t2          one of your bids on tier 2 becomes an investment\n"
  "move-bid t1 t3     (option move-bid) one of your bids moves from tier 1 to tier 3\n"
  "done               the end of the turn\n"
  "replace 3b swap    Short Stack: crumble the unrevealed tile at 3b, put a held swap there\n"
  "hold 7a gold       Short Stack: a held gold tile into the open space 7a\n"
  "crumble 2c         effect of a revealed Crumble: the tile at 2c leaves the game\n"
  "move 2c 5a         effect of Move: the tile at 2c to the open space 5a\n"
  "bulldoze 3a 2c     effect of Move, Bulldozer: 3a leaves the game, the tile at 2c takes its place\n"
  "swap 2c 4a         effect of Swap: the tiles at 2c and 4a trade places\n"
  "unmark 3a p2       effect of Remove-Marker: one of seat 2's markers at 3a leaves the game\n";

static const char * const phase_names[] = { "turn", "effect", "done", NULL };

void
bb_slot_name (const BbPrep *p,
              guint         slot,
              GString      *out)
{
  if (slot >= p->n_slots)
    {
      g_string_append (out, "?");
      return;
    }
  g_string_append_printf (out, "%u%c", p->slot_row[slot] + 1u, 'a' + p->slot_col[slot]);
}

void
bb_move_to_text (const TwGame  *game,
                 const TwState *state,
                 const TwMove  *move,
                 GString       *out)
{
  const BbPrep *p = bb_prep (game);
  const TwDefinition *def = game->definition;

  switch (move->kind)
    {
    case BB_MOVE_MARK:
      g_string_append (out, "mark ");
      bb_slot_name (p, move->a, out);
      break;
    case BB_MOVE_BID:
      g_string_append_printf (out, "bid t%u", move->a + 1u);
      break;
    case BB_MOVE_INVEST:
      g_string_append_printf (out, "invest t%u", move->a + 1u);
      break;
    case BB_MOVE_MOVE_BID:
      g_string_append_printf (out, "move-bid t%u t%u", move->a + 1u, move->b + 1u);
      break;
    case BB_MOVE_DONE:
      g_string_append (out, "done");
      break;
    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
      g_string_append (out, move->kind == BB_MOVE_REPLACE ? "replace " : "hold ");
      bb_slot_name (p, move->a, out);
      g_string_append_printf (out, " %s", move->b < def->n_tiles ? def->tiles[move->b].id : "?");
      break;
    case BB_MOVE_CRUMBLE:
      g_string_append (out, "crumble ");
      bb_slot_name (p, move->a, out);
      break;
    case BB_MOVE_SHIFT:
    case BB_MOVE_BULLDOZE:
    case BB_MOVE_SWAP:
      g_string_append (out, move->kind == BB_MOVE_SHIFT ? "move "
                            : move->kind == BB_MOVE_BULLDOZE ? "bulldoze " : "swap ");
      bb_slot_name (p, move->a, out);
      g_string_append_c (out, ' ');
      bb_slot_name (p, move->b, out);
      break;
    case BB_MOVE_UNMARK:
      g_string_append (out, "unmark ");
      bb_slot_name (p, move->a, out);
      g_string_append_printf (out, " p%u", move->b + 1u);
      break;
    default:
      g_string_append (out, "?");
      break;
    }
}

static gboolean
parse_slot (const BbPrep *p,
            const char   *text,
            guint        *slot,
            GString      *why)
{
  char *end = NULL;
  long row = strtol (text, &end, 10);

  if (end == text || end[0] < 'a' || end[0] > 'z' || end[1] != '\0')
    {
      g_string_printf (why, _("a slot is a row and a letter, like 2c, not '%s'"), text);
      return FALSE;
    }
  if (row < 1 || row > (long) p->n_rows || (guint) (end[0] - 'a') >= p->row_width[row - 1])
    {
      g_string_printf (why, _("there is no slot %s on this board"), text);
      return FALSE;
    }
  *slot = p->row_start[row - 1] + (guint) (end[0] - 'a');
  return TRUE;
}

static gboolean
parse_prefixed (const char *text,
                char        prefix,
                int         max,
                guint      *out,
                GString    *why,
                const char *what)
{
  int v;

  if (text[0] != prefix || !tw_notation_parse_int (text + 1, &v) || v < 1 || v > max)
    {
      g_string_printf (why, _("expected %s %c1 to %c%d, not '%s'"), what, prefix, prefix, max, text);
      return FALSE;
    }
  *out = v - 1;
  return TRUE;
}

gboolean
bb_move_from_text (const TwGame  *game,
                   const TwState *state,
                   const char    *text,
                   TwMove        *move,
                   GString       *why)
{
  const BbPrep *p = bb_prep (game);
  const TwDefinition *def = game->definition;
  g_auto(GStrv) w = tw_notation_words (text, " \t");
  guint n = g_strv_length (w);
  guint a = 0, b = 0;

  memset (move, 0, sizeof *move);
  if (n == 0)
    {
      g_string_append (why, _("empty move"));
      return FALSE;
    }

  static const struct { const char *word; guint8 kind; guint8 nargs; } table[] = {
    { "mark", BB_MOVE_MARK, 1 },
    { "bid", BB_MOVE_BID, 1 },
    { "invest", BB_MOVE_INVEST, 1 },
    { "move-bid", BB_MOVE_MOVE_BID, 2 },
    { "done", BB_MOVE_DONE, 0 },
    { "replace", BB_MOVE_REPLACE, 2 },
    { "hold", BB_MOVE_HOLD, 2 },
    { "crumble", BB_MOVE_CRUMBLE, 1 },
    { "move", BB_MOVE_SHIFT, 2 },
    { "bulldoze", BB_MOVE_BULLDOZE, 2 },
    { "swap", BB_MOVE_SWAP, 2 },
    { "unmark", BB_MOVE_UNMARK, 2 },
  };
  guint i;
  for (i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_str_equal (w[0], table[i].word))
      break;
  if (i == G_N_ELEMENTS (table))
    {
      g_string_printf (why, _("unknown move '%s'; the moves are mark, bid, invest, move-bid, done, "
                              "replace, hold, crumble, move, bulldoze, swap and unmark"), w[0]);
      return FALSE;
    }
  if (n != 1u + table[i].nargs)
    {
      g_string_printf (why, g_dngettext (GETTEXT_PACKAGE, "'%s' takes %u argument, e.g. '%s'",
                                         "'%s' takes %u arguments, e.g. '%s'", table[i].nargs),
                       w[0], table[i].nargs,
                       (const char *[]) { "mark 2c", "bid t2", "invest t2", "move-bid t1 t3",
                                          "done", "replace 3b swap", "hold 7a gold",
                                          "crumble 2c", "move 2c 5a", "bulldoze 3a 2c",
                                          "swap 2c 4a", "unmark 3a p2" }[i]);
      return FALSE;
    }

  switch (table[i].kind)
    {
    case BB_MOVE_MARK:
    case BB_MOVE_CRUMBLE:
      if (!parse_slot (p, w[1], &a, why))
        return FALSE;
      break;
    case BB_MOVE_BID:
    case BB_MOVE_INVEST:
      if (!parse_prefixed (w[1], 't', p->n_tiers, &a, why, "a tier"))
        return FALSE;
      break;
    case BB_MOVE_MOVE_BID:
      if (!parse_prefixed (w[1], 't', p->n_tiers, &a, why, "a tier")
          || !parse_prefixed (w[2], 't', p->n_tiers, &b, why, "a tier"))
        return FALSE;
      break;
    case BB_MOVE_DONE:
      break;
    case BB_MOVE_REPLACE:
    case BB_MOVE_HOLD:
      {
        gint t = tw_definition_find_tile (def, w[2]);
        if (!parse_slot (p, w[1], &a, why))
          return FALSE;
        if (t < 0 || t > 255)
          {
            g_string_printf (why, _("unknown tile '%s'"), w[2]);
            return FALSE;
          }
        b = t;
        break;
      }
    case BB_MOVE_SHIFT:
    case BB_MOVE_BULLDOZE:
    case BB_MOVE_SWAP:
      if (!parse_slot (p, w[1], &a, why) || !parse_slot (p, w[2], &b, why))
        return FALSE;
      break;
    case BB_MOVE_UNMARK:
      if (!parse_slot (p, w[1], &a, why)
          || !parse_prefixed (w[2], 'p', game->n_players, &b, why, "a seat"))
        return FALSE;
      break;
    default:
      break;
    }
  move->kind = table[i].kind;
  move->a = a;
  move->b = b;
  return TRUE;
}

/* Positions ---------------------------------------------------------------
 *
 *   block-2-block players=2 to-act=1 phase=turn roll=3 used=0 bid=0 hold=0 progress=0 could=1 open=1 idle=0 turn=1
 *   row1: clean/1 clean/11!1 clean clean
 *   row2: ~crumble swap/2* . ~gold^1
 *   ...
 *   p1: supply=27 bids=0,0,0,0 invest=0,0,0,0 captures=0 lost=0 removed=0 holdings=
 *   removed: move
 *   box:
 *
 * A tile is [~]ID[/MARKERS][!LOCKER][$VALUE][^HIDER][*]: ~ face down, one
 * digit per marker naming its seat, !L locked by seat L, $V the lock value
 * fixed when it locked (lock-values=when-locked), ^H put face down from seat
 * H's holdings, * marked this turn; '.' is an open space.
 */

void
bb_state_to_text (const TwGame  *game,
                  const TwState *state,
                  GString       *out)
{
  const BbPrep *p = bb_prep (game);
  const BbState *s = (const BbState *) state;
  const TwDefinition *def = game->definition;

  g_string_append_printf (out, "block-2-block players=%u to-act=%u phase=%s roll=%u used=%u bid=%u "
                          "hold=%u progress=%u could=%u open=%u idle=%u turn=%u",
                          s->n_players, s->current + 1u, phase_names[MIN (s->phase, 2)], s->roll,
                          s->used, s->bid_done, s->hold_done, s->progress, s->could_place,
                          s->open_rows, s->idle, s->turn_no);
  if (s->phase == BB_PHASE_EFFECT && s->pending < p->n_inst)
    {
      g_string_append (out, " effect=");
      bb_slot_name (p, s->tile_slot[s->pending], out);
    }
  if (s->ended_by_safety)
    g_string_append (out, " safety=1");
  for (guint r = 0; r < p->n_rows; r++)
    {
      g_string_append_printf (out, "\nrow%u:", r + 1);
      for (guint c = 0; c < p->row_width[r]; c++)
        {
          guint t = s->slot_tile[p->row_start[r] + c];
          g_string_append_c (out, ' ');
          if (t == BB_NONE)
            {
              g_string_append_c (out, '.');
              continue;
            }
          if (!(s->revealed & (G_GUINT64_CONSTANT (1) << t)))
            g_string_append_c (out, '~');
          g_string_append (out, def->tiles[p->inst_def[t]].id);
          gboolean any = FALSE;
          for (guint q = 0; q < s->n_players; q++)
            for (guint k = 0; k < s->mk[t][q]; k++)
              {
                if (!any)
                  g_string_append_c (out, '/');
                any = TRUE;
                g_string_append_c (out, '1' + q);
              }
          if (s->tile_locker[t] != BB_NONE)
            {
              g_string_append_printf (out, "!%u", s->tile_locker[t] + 1u);
              if (bb_opt (game, BB_OPT_LOCK_VALUES) == BB_VALUES_WHEN_LOCKED)
                g_string_append_printf (out, "$%u", s->tile_value[t]);
            }
          if (s->tile_hider[t] != BB_NONE)
            g_string_append_printf (out, "^%u", s->tile_hider[t] + 1u);
          if (s->marked_turn & (G_GUINT64_CONSTANT (1) << t))
            g_string_append_c (out, '*');
        }
    }
  for (guint q = 0; q < s->n_players; q++)
    {
      g_string_append_printf (out, "\np%u: supply=%u bids=", q + 1, s->supply[q]);
      for (guint k = 0; k < p->n_tiers; k++)
        g_string_append_printf (out, "%s%u", k ? "," : "", s->bids[k][q]);
      g_string_append (out, " invest=");
      for (guint k = 0; k < p->n_tiers; k++)
        g_string_append_printf (out, "%s%u", k ? "," : "", s->inv[k][q]);
      g_string_append_printf (out, " captures=%u lost=%u removed=%u holdings=",
                              s->capture_points[q], s->lost[q], s->removed[q]);
      gboolean first = TRUE;
      for (guint t = 0; t < p->n_inst; t++)
        if (s->tile_loc[t] == BB_LOC_HOLDING && s->tile_holder[t] == q)
          {
            g_string_append_printf (out, "%s%s", first ? "" : ",", def->tiles[p->inst_def[t]].id);
            first = FALSE;
          }
    }
  g_string_append (out, "\nremoved:");
  for (guint t = 0; t < p->n_inst; t++)
    if (s->tile_loc[t] == BB_LOC_REMOVED)
      g_string_append_printf (out, " %s", def->tiles[p->inst_def[t]].id);
  g_string_append (out, "\nbox:");
  for (guint t = 0; t < p->n_inst; t++)
    if (s->tile_loc[t] == BB_LOC_BOX)
      g_string_append_printf (out, " %s", def->tiles[p->inst_def[t]].id);
  g_string_append_c (out, '\n');
}

/* Takes an instance of tile definition @id that is still unassigned. */
static gint
take_instance (const TwGame *game,
               guint8       *used,
               const char   *id,
               GString      *why)
{
  const BbPrep *p = bb_prep (game);
  guint16 inst_def[BB_MAX_TILES];

  /* the prepared table is guint8: the move generator is faster over it */
  for (guint i = 0; i < p->n_inst; i++)
    inst_def[i] = p->inst_def[i];
  return tw_notation_take_instance (game->definition, inst_def, p->n_inst, used, id, why);
}

static gboolean
parse_seat_digit (char     c,
                  guint    n_players,
                  guint   *out,
                  GString *why)
{
  if (c < '1' || c > '0' + (int) n_players)
    {
      g_string_printf (why, _("'%c' is not a seat from 1 to %u"), c, n_players);
      return FALSE;
    }
  *out = c - '1';
  return TRUE;
}

/* One tile token of a row line into @slot. */
static gboolean
parse_tile_token (const TwGame *game,
                  BbState      *s,
                  guint8       *used,
                  char         *tok,
                  guint         slot,
                  GString      *why)
{
  gboolean face_down = FALSE;
  char *suffix;
  gint t;

  if (g_str_equal (tok, "."))
    return TRUE;
  if (*tok == '~')
    {
      face_down = TRUE;
      tok++;
    }
  suffix = tok + strcspn (tok, "/!$^*");
  char kind = *suffix;
  *suffix = '\0';
  t = take_instance (game, used, tok, why);
  if (t < 0)
    return FALSE;
  *suffix = kind;
  s->slot_tile[slot] = t;
  s->tile_loc[t] = BB_LOC_BOARD;
  s->tile_slot[t] = slot;
  if (!face_down)
    s->revealed |= G_GUINT64_CONSTANT (1) << t;

  while (*suffix)
    {
      guint seat;
      char c = *suffix++;
      switch (c)
        {
        case '/':
          while (*suffix >= '0' && *suffix <= '9')
            {
              if (!parse_seat_digit (*suffix++, s->n_players, &seat, why))
                return FALSE;
              s->mk[t][seat]++;
            }
          break;
        case '!':
          if (!parse_seat_digit (*suffix++, s->n_players, &seat, why))
            return FALSE;
          s->tile_locker[t] = seat;
          break;
        case '^':
          if (!parse_seat_digit (*suffix++, s->n_players, &seat, why))
            return FALSE;
          s->tile_hider[t] = seat;
          break;
        case '$':
          {
            char *end;
            long v = strtol (suffix, &end, 10);
            if (end == suffix || v < 0 || v > 255)
              {
                g_string_append (why, _("$ needs the lock value"));
                return FALSE;
              }
            s->tile_value[t] = v;
            suffix = end;
            break;
          }
        case '*':
          s->marked_turn |= G_GUINT64_CONSTANT (1) << t;
          break;
        default:
          g_string_printf (why, _("unexpected '%c' in a tile"), c);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_list (const char *text,
            guint       n,
            guint8     *out,
            GString    *why)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  int v;

  if (g_strv_length (parts) != n)
    {
      g_string_printf (why, g_dngettext (GETTEXT_PACKAGE, "expected %u number separated by commas, not '%s'",
                                         "expected %u numbers separated by commas, not '%s'", n), n, text);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      if (!tw_notation_parse_int (parts[i], &v) || v < 0 || v > 255)
        {
          g_string_printf (why, _("'%s' is not a count"), parts[i]);
          return FALSE;
        }
      out[i] = v;
    }
  return TRUE;
}

typedef struct
{
  const TwGame *game;
  BbState      *s;
  guint8       *used;                           /* one byte a tile instance */
  gboolean      supply_given[BB_MAX_PLAYERS];
  gboolean      rows_seen[BB_MAX_ROWS];
  TwNotationReader *reader;
} BbReading;

/* "rowN:" one tile token a slot of the row. */
static gboolean
read_row (gpointer        data,
          TwNotationLine *line,
          GString        *why)
{
  BbReading *R = data;
  const BbPrep *p = bb_prep (R->game);
  guint r = line->number - 1;

  if (R->rows_seen[r])
    {
      g_string_printf (why, _("no row called '%s' (or written twice)"), line->key);
      return FALSE;
    }
  R->rows_seen[r] = TRUE;
  if (line->n_words != p->row_width[r])
    {
      g_string_printf (why, _("row %u has %u slots, the position lists %u"), r + 1,
                       p->row_width[r], line->n_words);
      return FALSE;
    }
  for (guint c = 0; c < line->n_words; c++)
    if (!parse_tile_token (R->game, R->s, R->used, line->words[c], p->row_start[r] + c, why))
      return FALSE;
  return TRUE;
}

/* A seat line's list of counts a tier (bids=, invest=), for the field
 * table: @dest is the seat's column of the state's [tier][seat] array. */
typedef struct
{
  BbReading *R;
  guint      seat;
} BbSeatReading;

static gboolean
read_tier_counts (gpointer    data,
                  const char *value,
                  gpointer    dest,
                  GString    *why)
{
  BbSeatReading *S = data;
  guint8 (*counts)[BB_MAX_PLAYERS] = dest;
  guint8 list[BB_MAX_TIERS];
  guint n_tiers = bb_prep (S->R->game)->n_tiers;

  if (!parse_list (value, n_tiers, list, why))
    return FALSE;
  for (guint t = 0; t < n_tiers; t++)
    counts[t][S->seat] = list[t];
  return TRUE;
}

/* holdings=ID,ID: the tiles the seat holds (Short Stack) */
static gboolean
read_holdings (gpointer    data,
               const char *value,
               gpointer    dest,
               GString    *why)
{
  BbSeatReading *S = data;
  BbState *s = S->R->s;
  g_auto(GStrv) ids = tw_notation_words (value, ",");

  for (guint i = 0; ids[i]; i++)
    {
      gint t = take_instance (S->R->game, S->R->used, ids[i], why);
      if (t < 0)
        return FALSE;
      s->tile_loc[t] = BB_LOC_HOLDING;
      s->tile_holder[t] = S->seat;
      s->n_holdings[S->seat]++;
    }
  return TRUE;
}

/* "pN: supply=27 bids=0,0,0,0 invest=0,0,0,0 captures=0 lost=0 removed=0 holdings=" */
static gboolean
read_seat (gpointer        data,
           TwNotationLine *line,
           GString        *why)
{
  BbReading *R = data;
  BbState *s = R->s;
  guint q = line->number - 1;
  BbSeatReading S = { R, q };
  int supply = -1, captures = s->capture_points[q], lost = s->lost[q], removed = s->removed[q];
  const TwNotationField fields[] = {
    { "supply", TW_FIELD_INT, &supply, 0, G_MAXUINT8 },
    { "bids", TW_FIELD_CUSTOM, s->bids, .read = read_tier_counts },
    { "invest", TW_FIELD_CUSTOM, s->inv, .read = read_tier_counts },
    { "holdings", TW_FIELD_CUSTOM, NULL, .read = read_holdings },
    { "captures", TW_FIELD_INT, &captures, 0, 1000 },
    { "lost", TW_FIELD_INT, &lost, 0, G_MAXUINT8 },
    { "removed", TW_FIELD_INT, &removed, 0, G_MAXUINT8 },
    { NULL }
  };
  const TwNotationHeader keys = { NULL, NULL, fields,
                                  _("{key} needs a number from {min} to {max}, not '{value}'"),
                                  .user_data = &S };

  if (!tw_notation_read_fields (R->reader, &keys, line->words, _("unknown key '{key}' for a seat"),
                                why))
    return FALSE;
  if (supply >= 0)
    {
      s->supply[q] = supply;
      R->supply_given[q] = TRUE;
    }
  s->capture_points[q] = captures;
  s->lost[q] = lost;
  s->removed[q] = removed;
  return TRUE;
}

/* "removed:" and "box:": tiles out of the game, and never in it. */
static gboolean
read_away (gpointer        data,
           TwNotationLine *line,
           GString        *why)
{
  BbReading *R = data;
  BbState *s = R->s;
  gboolean box = g_str_equal (line->key, "box");

  for (guint w = 0; w < line->n_words; w++)
    {
      gint t = take_instance (R->game, R->used, line->words[w], why);
      if (t < 0)
        return FALSE;
      s->tile_loc[t] = box ? BB_LOC_BOX : BB_LOC_REMOVED;
      if (!box)
        s->revealed |= G_GUINT64_CONSTANT (1) << t;
    }
  return TRUE;
}

gboolean
bb_state_from_text (const TwGame  *game,
                    TwState       *state,
                    const char    *text,
                    GString       *why)
{
  const BbPrep *p = bb_prep (game);
  BbState *s = (BbState *) state;
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new (text, game->n_players);
  g_autofree guint8 *used = g_new0 (guint8, BB_MAX_TILES);
  BbReading R = { .game = game, .s = s, .used = used, .reader = reader };
  guint n_players = game->n_players;
  int to_act = 1, phase = BB_PHASE_TURN, roll = 1, open = -1, could = -1, seed = -1;
  int n_used = 0, bid = 0, hold = 0, progress = 0, idle = 0, turn = 0, safety = 0;
  const char *effect = NULL;

  memset (s, 0, sizeof *s);
  s->n_players = n_players;
  memset (s->slot_tile, BB_NONE, sizeof s->slot_tile);
  memset (s->tile_slot, BB_NONE, sizeof s->tile_slot);
  memset (s->tile_holder, BB_NONE, sizeof s->tile_holder);
  memset (s->tile_locker, BB_NONE, sizeof s->tile_locker);
  memset (s->tile_hider, BB_NONE, sizeof s->tile_hider);
  for (guint t = 0; t < BB_MAX_TILES; t++)
    s->tile_loc[t] = BB_LOC_BOX;
  s->pending = BB_NONE;

#define COUNT(key, var) { key, TW_FIELD_INT, &var, 0, 30000 }
  const TwNotationField fields[] = {
    { "players", TW_FIELD_PLAYERS,
      .refusal = _("this game has {players} players, the position {value}") },
    { "phase", TW_FIELD_NAME, &phase, .names = phase_names,
      .refusal = _("the phases are turn, effect and done, not '{value}'") },
    { "effect", TW_FIELD_TEXT, &effect },
    COUNT ("to-act", to_act), COUNT ("roll", roll), COUNT ("used", n_used),
    COUNT ("bid", bid), COUNT ("hold", hold), COUNT ("progress", progress),
    COUNT ("could", could), COUNT ("open", open), COUNT ("idle", idle),
    COUNT ("turn", turn), COUNT ("safety", safety), COUNT ("seed", seed),
    { NULL }
  };
#undef COUNT
  const TwNotationHeader header = { "block-2-block", "Block 2 Block", fields,
                                    _("{key} needs a number, not '{value}'") };
  if (!tw_notation_read_header (reader, &header, why))
    return FALSE;
  if (to_act < 1 || (guint) to_act > n_players)
    {
      g_string_printf (why, _("to-act must be a seat from 1 to %u"), n_players);
      return FALSE;
    }
  if (roll < 1 || (guint) roll > p->die)
    {
      g_string_printf (why, _("roll must be from 1 to %u"), p->die);
      return FALSE;
    }
  s->current = to_act - 1;
  s->roll = roll;
  s->phase = phase;
  s->used = n_used;
  s->bid_done = bid != 0;
  s->hold_done = hold != 0;
  s->progress = progress != 0;
  s->idle = MIN (idle, 255);
  s->turn_no = MIN (turn, G_MAXUINT16 - 1);
  s->ended_by_safety = safety != 0;
  if (seed >= 0)
    tw_rng_seed (&s->rng, (guint64) seed);

  const TwNotationSection sections[] = {
    { "row", read_row, p->n_rows, .refusal = _("no row called '{key}' (or written twice)") },
    { "p", read_seat, n_players, .refusal = _("no seat '{key}'") },
    { "removed", read_away },
    { "box", read_away },
    { NULL }
  };
  if (!tw_notation_read_sections (reader, sections, &R, 0, why))
    return FALSE;

  /* a supply not written is what the other places leave */
  for (guint q = 0; q < n_players; q++)
    if (!R.supply_given[q])
      {
        int rest = (int) p->markers - s->lost[q] - s->removed[q];
        for (guint t = 0; t < BB_MAX_TILES; t++)
          rest -= s->mk[t][q];
        for (guint k = 0; k < BB_MAX_TIERS; k++)
          rest -= s->bids[k][q] + s->inv[k][q];
        if (rest < 0)
          {
            g_string_printf (why, _("seat %u has more than %u markers in play"), q + 1, p->markers);
            return FALSE;
          }
        s->supply[q] = rest;
      }

  bb_recount_masks (game, s);
  if (open < 0)
    {
      s->open_rows = 1;
      bb_update_rows (game, s);
    }
  else if (open < 1 || (guint) open > p->n_rows)
    {
      g_string_printf (why, _("open must be from 1 to %u"), p->n_rows);
      return FALSE;
    }
  else
    s->open_rows = open;
  s->could_place = could < 0 ? bb_can_place (game, s, s->current) : could != 0;

  if (phase == BB_PHASE_EFFECT)
    {
      guint slot;
      if (effect == NULL || !parse_slot (p, effect, &slot, why) || s->slot_tile[slot] == BB_NONE
          || p->inst_kind[s->slot_tile[slot]] < BB_KIND_CRUMBLE)
        {
          if (why->len == 0)
            g_string_append (why, _("the effect phase needs effect=SLOT, a black block"));
          return FALSE;
        }
      s->pending = s->slot_tile[slot];
    }
  else if (effect != NULL)
    {
      g_string_append (why, _("effect=SLOT goes only with phase=effect"));
      return FALSE;
    }
  return TRUE;
}

/* A slot's name ("2c") for a sentence. */
static char *
slot_text (const BbPrep *p,
           guint         slot)
{
  GString *s = g_string_new (NULL);

  bb_slot_name (p, slot, s);
  return g_string_free (s, FALSE);
}

/* "puts a marker on the tile at 2c", "bids on tier 2", "swaps the tile at
 * 2c and the tile at 4a": what follows the player's name. */
void
bb_describe_move (const TwGame  *game,
                  const TwState *state,
                  const TwMove  *move,
                  GString       *out)
{
  const BbPrep *p = bb_prep (game);
  const TwDefinition *def = game->definition;
  const char *held = move->b < def->n_tiles ? tw_tile_words (&def->tiles[move->b]) : "?";
  g_autofree char *a = slot_text (p, move->a);
  g_autofree char *b = slot_text (p, move->b);

  /* Translators: the moves of Block 2 Block in words, after the player's
   * name ("Player 1 bids on tier 2"); a slot is a row and a letter ("2c") */
  switch (move->kind)
    {
    case BB_MOVE_MARK:
      g_string_append_printf (out, _("puts a marker on the tile at %s"), a);
      break;
    case BB_MOVE_BID:
      g_string_append_printf (out, _("bids on tier %u"), move->a + 1u);
      break;
    case BB_MOVE_INVEST:
      g_string_append_printf (out, _("turns a bid on tier %u into an investment"), move->a + 1u);
      break;
    case BB_MOVE_MOVE_BID:
      g_string_append_printf (out, _("moves a bid from tier %u to tier %u"), move->a + 1u,
                              move->b + 1u);
      break;
    case BB_MOVE_DONE:
      g_string_append (out, _("ends the turn"));
      break;
    case BB_MOVE_REPLACE:
      /* Translators: the second %s is the name of the held block */
      g_string_append_printf (out, _("crumbles the tile at %s and puts the held %s there"), a,
                              held);
      break;
    case BB_MOVE_HOLD:
      g_string_append_printf (out, _("puts the held %s into the open space %s"), held, a);
      break;
    case BB_MOVE_CRUMBLE:
      g_string_append_printf (out, _("crumbles the tile at %s"), a);
      break;
    case BB_MOVE_SHIFT:
      g_string_append_printf (out, _("moves the tile at %s to the open space %s"), a, b);
      break;
    case BB_MOVE_BULLDOZE:
      g_string_append_printf (out, _("bulldozes the tile at %s and moves the tile at %s there"),
                              a, b);
      break;
    case BB_MOVE_SWAP:
      g_string_append_printf (out, _("swaps the tile at %s and the tile at %s"), a, b);
      break;
    case BB_MOVE_UNMARK:
      g_string_append_printf (out, _("removes a marker of player %u from the tile at %s"),
                              move->b + 1u, a);
      break;
    default:
      g_string_append (out, _("makes an unknown move"));
      break;
    }
}
