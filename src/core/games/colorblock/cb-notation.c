/* cb-notation.c: Colorblock's move and position notation (doc/notation.md)
 *
 * Moves:
 *   h-rg S 2,-1 r1          place the drawn tile on the shared board at x=2, y=-1,
 *                           turned one quarter clockwise
 *   h-rg P 0,1 r0           ... on the mover's private board
 *   pick 2 h-rg S 0,1 r3    expert draft: take the 2nd tile of the row and place it
 *   pick 3 q-rgbr discard   expert draft: take a tile that fits nowhere and discard it
 *   color green             choose the colour to score (also the lightning round)
 * The tile id is optional when reading and checked when present.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cb-private.h"
#include "tw-notation.h"

/* The notation in short (TwRules.notation, `tilewright-cli rules`). */
const char cb_notation_summary[] =
  "Coordinates x,y on a board, S the shared board, P the mover's private board; rotations r0-r3 quarter turns clockwise.\n"
  "h-rg S 2,-1 r1          place the drawn tile h-rg on the shared board at 2,-1 turned once (the id is optional when read)\n"
  "h-rg P 0,1 r0           ... on the mover's private board\n"
  "pick 2 h-rg S 0,1 r3    Expert Mode: take the 2nd tile of the row and place it\n"
  "pick 3 q-rgbr discard   Expert Mode: take a tile that fits nowhere and discard it\n"
  "color green             choose the colour to score (also in the lightning round)\n";

static const char * const phase_names[] = { "place", "draft", "choose", "lightning", "done", NULL };

/* A move starts with the tile's id, or with one of these words
 * (cb_move_from_text()): a tile of that id could not be read back. */
const TwReservedId cb_reserved_ids[] = {
  { "tiles", "color", N_("the move 'color ID' that chooses a colour to score") },
  { "tiles", "colour", N_("the move 'color ID' that chooses a colour to score") },
  { "tiles", "pick", N_("the draft move 'pick N'") },
  { "tiles", "discard", N_("the end of the draft move 'pick N discard'") },
  { "tiles", "S", N_("the shared board in a move ('S 2,-1 r1')") },
  { "tiles", "P", N_("the mover's own board in a move ('P 0,1 r0')") },
  { NULL }
};

void
cb_move_to_text (const TwGame  *game,
                 const TwState *state,
                 const TwMove  *move,
                 GString       *out)
{
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;

  switch (move->kind)
    {
    case CB_MOVE_PLACE:
    case CB_MOVE_DISCARD:
      {
        guint inst = s->tile;
        if (move->c != CB_NONE)
          {
            g_string_append_printf (out, "pick %u ", move->c + 1u);
            inst = move->c < s->draft_len ? s->draft[move->c] : CB_NONE;
          }
        if (inst != CB_NONE)
          g_string_append_printf (out, "%s ", cb_inst_def (game, inst)->id);
        if (move->kind == CB_MOVE_DISCARD)
          g_string_append (out, "discard");
        else
          g_string_append_printf (out, "%c %d,%d r%u", move->a ? 'P' : 'S',
                                  move->x, move->y, move->b);
        break;
      }
    case CB_MOVE_COLOR:
      g_string_append_printf (out, "color %s",
                              move->a < def->n_colors ? def->colors[move->a].id : "?");
      break;
    default:
      g_string_append (out, "?");
      break;
    }
}

gboolean
cb_move_from_text (const TwGame  *game,
                   const TwState *state,
                   const char    *text,
                   TwMove        *move,
                   GString       *why)
{
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;
  g_auto(GStrv) tok = tw_notation_tokens (text);
  g_autoptr(GString) scratch = NULL;
  guint n = g_strv_length (tok), i = 0;
  guint inst;

  if (why == NULL)
    why = scratch = g_string_new (NULL);

  memset (move, 0, sizeof *move);
  if (n == 0)
    {
      g_string_append (why, _("empty move"));
      return FALSE;
    }

  if (g_str_equal (tok[0], "color") || g_str_equal (tok[0], "colour"))
    {
      gint c = n == 2 ? tw_definition_find_color (def, tok[1]) : -1;
      if (c < 0)
        {
          g_string_append (why, _("expected 'color ID' with one of:"));
          for (guint k = 0; k < def->n_colors; k++)
            g_string_append_printf (why, " %s", def->colors[k].id);
          return FALSE;
        }
      move->kind = CB_MOVE_COLOR;
      move->a = c;
      return TRUE;
    }

  inst = s->tile;
  move->c = CB_NONE;
  if (g_str_equal (tok[0], "pick"))
    {
      int slot;
      if (n < 2 || !tw_notation_parse_int (tok[1], &slot) || slot < 1 || slot > CB_MAX_PLAYERS + 1)
        {
          g_string_append (why, _("expected 'pick N ...' with N the tile's place in the draft row"));
          return FALSE;
        }
      move->c = slot - 1;
      inst = move->c < s->draft_len ? s->draft[move->c] : CB_NONE;
      i = 2;
    }

  /* an optional tile id, checked against the tile being played */
  if (i < n && !g_str_equal (tok[i], "S") && !g_str_equal (tok[i], "P")
      && !g_str_equal (tok[i], "discard"))
    {
      gint t = tw_definition_find_tile (def, tok[i]);
      if (t < 0)
        {
          g_string_printf (why, _("unknown tile '%s'"), tok[i]);
          return FALSE;
        }
      if (inst == CB_NONE || cb_prep (game)->inst_def[inst] != (guint) t)
        {
          g_string_printf (why, _("the tile to play is %s, not %s"),
                           inst == CB_NONE ? "none" : cb_inst_def (game, inst)->id, tok[i]);
          return FALSE;
        }
      i++;
    }

  if (i < n && g_str_equal (tok[i], "discard") && move->c != CB_NONE && i + 1 == n)
    {
      move->kind = CB_MOVE_DISCARD;
      return TRUE;
    }

  int x, y, r = 0;
  if (i + 2 > n || (!g_str_equal (tok[i], "S") && !g_str_equal (tok[i], "P"))
      || !tw_notation_parse_xy (tok[i + 1], &x, &y))
    {
      g_string_printf (why, _("expected '[TILE] S|P X,Y rR', e.g. 'S 1,0 r2', not '%s'"), text);
      return FALSE;
    }
  if (i + 3 == n)
    {
      if (!tw_notation_parse_rotation (tok[i + 2], &r, why))
        return FALSE;
    }
  else if (i + 2 != n)
    {
      g_string_printf (why, _("unexpected '%s' after the move"), tok[i + 3]);
      return FALSE;
    }
  move->kind = CB_MOVE_PLACE;
  move->a = g_str_equal (tok[i], "P") ? 1 : 0;
  move->b = r;
  move->x = x;
  move->y = y;
  return TRUE;
}

/* Positions ---------------------------------------------------------------
 *
 *   colorblock players=2 phase=place to-act=1 tile=h-rg
 *   deck: h-rg q-rgbr ...            top of the stack first
 *   shared: h-rg@0,0r1 t-rrg@1,0r0   in the order they were placed
 *   private1: ...
 *   goals: size-3 pattern-l=2        face-up goals, =SEAT when claimed
 *   draft: ...                       expert mode: the row, in reveal order
 *   chosen: 1=green 2=               scoring colours, in the order chosen
 */

static void
append_placements (const TwGame  *game,
                   const CbState *s,
                   guint          board,
                   GString       *out)
{
  const CbPrep *p = cb_prep (game);
  const CbPlaced *placed = CB_PLACED (p, s);

  for (guint i = 0; i < s->n_placed; i++)
    if (placed[i].board == board)
      g_string_append_printf (out, " %s@%d,%dr%u", cb_inst_def (game, placed[i].inst)->id,
                              placed[i].x, placed[i].y, placed[i].rot);
}

void
cb_state_to_text (const TwGame  *game,
                  const TwState *state,
                  GString       *out)
{
  const CbPrep *p = cb_prep (game);
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;
  const guint8 *deck = CB_DECK (p, s);

  g_string_append_printf (out, "colorblock players=%u phase=%s to-act=%u",
                          s->n_players, phase_names[s->phase], s->current + 1u);
  if (s->tile != CB_NONE)
    g_string_append_printf (out, " tile=%s", cb_inst_def (game, s->tile)->id);
  if (cb_opt (game, CB_OPT_EXPERT))
    g_string_append_printf (out, " dealer=%u", s->dealer + 1u);
  if (s->trigger != CB_NONE)
    g_string_append_printf (out, " trigger=%u", s->trigger + 1u);
  g_string_append (out, "\ndeck:");
  for (guint i = s->deck_len; i > 0; i--)
    g_string_append_printf (out, " %s", cb_inst_def (game, deck[i - 1])->id);
  g_string_append (out, "\nshared:");
  append_placements (game, s, 0, out);
  for (guint q = 0; q < s->n_players; q++)
    {
      g_string_append_printf (out, "\nprivate%u:", q + 1);
      append_placements (game, s, 1 + q, out);
    }
  g_string_append (out, "\ngoals:");
  for (guint g = 0; g < s->n_goals; g++)
    {
      g_string_append_printf (out, " %s", def->cards[s->goal_card[g]].id);
      if (s->goal_owner[g] != CB_NONE)
        g_string_append_printf (out, "=%u", s->goal_owner[g] + 1u);
    }
  if (s->draft_len > 0)
    {
      g_string_append (out, "\ndraft:");
      for (guint i = 0; i < s->draft_len; i++)
        g_string_append_printf (out, " %s", cb_inst_def (game, s->draft[i])->id);
    }
  g_string_append (out, "\nchosen:");
  for (guint q = 0; q < s->n_players; q++)
    {
      g_string_append_printf (out, " %u=", q + 1);
      for (guint i = 0; i < s->n_chosen[q]; i++)
        g_string_append_printf (out, "%s%s", i ? "," : "", def->colors[s->chosen[q][i]].id);
    }
  g_string_append_c (out, '\n');
}

/* Reading --------------------------------------------------------------- */

typedef struct
{
  const TwGame *game;
  CbState      *s;
  guint8       *used;             /* one byte a tile instance */
} CbReading;

/* Takes an instance of tile definition @id that is still unassigned. */
static gint
take_instance (const TwGame *game,
               guint8       *used,
               const char   *id,
               GString      *why)
{
  const CbPrep *p = cb_prep (game);

  return tw_notation_take_instance (game->definition, p->inst_def, p->n_inst, used, id, why);
}

/* "shared:" or "privateN:": TILE@X,YrR in the order they were placed. */
static gboolean
read_board (gpointer        data,
            TwNotationLine *line,
            GString        *why)
{
  CbReading *R = data;
  CbState *s = R->s;
  guint board = line->number;      /* 0 for the shared board */

  for (guint w = 0; w < line->n_words; w++)
    {
      int x, y, rot;
      gint inst;
      if (!tw_notation_parse_placement (line->words[w], &x, &y, &rot, why))
        return FALSE;
      inst = take_instance (R->game, R->used, line->words[w], why);
      if (inst < 0)
        return FALSE;
      /* placed in order, as they were played; legality is the test's business */
      guint seat = board == 0 ? s->current : board - 1;
      if (!cb_can_place (R->game, s, seat, board, inst, rot, x, y, why))
        {
          g_autofree char *reason = g_strdup (why->str);

          g_string_printf (why, _("placement cannot be built: %s"), reason);
          return FALSE;
        }
      guint keep = s->current;
      s->current = seat;
      cb_place (R->game, s, board, inst, rot, x, y);
      s->current = keep;
    }
  return TRUE;
}

/* Goals after the boards, so that placing did not claim them. */
static gboolean
place_goals (const TwGame *game,
             CbState      *s,
             char        **goal_words,
             GString      *why)
{
  for (guint w = 0; goal_words && goal_words[w]; w++)
    {
      char *eq = strchr (goal_words[w], '=');
      int owner = 0;
      gint card;
      if (eq)
        {
          *eq = '\0';
          if (!tw_notation_parse_int (eq + 1, &owner) || owner < 1 || (guint) owner > s->n_players)
            {
              g_string_printf (why, _("goal '%s' claimed by an unknown seat"), goal_words[w]);
              return FALSE;
            }
        }
      card = tw_definition_find_card (game->definition, goal_words[w]);
      if (card < 0 || s->n_goals >= CB_MAX_GOALS)
        {
          g_string_printf (why, _("unknown goal '%s'"), goal_words[w]);
          return FALSE;
        }
      s->goal_card[s->n_goals] = card;
      s->goal_owner[s->n_goals] = owner ? owner - 1 : CB_NONE;
      s->n_goals++;
    }
  return TRUE;
}

gboolean
cb_state_from_text (const TwGame  *game,
                    TwState       *state,
                    const char    *text,
                    GString       *why)
{
  const CbPrep *p = cb_prep (game);
  CbState *s = (CbState *) state;
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new (text, game->n_players);
  g_autofree guint8 *used = g_new0 (guint8, MAX (p->n_inst, 1));
  g_autoptr(GPtrArray) deck_ids = g_ptr_array_new_with_free_func (g_free);
  CbReading R = { game, s, used };
  g_auto(GStrv) goal_words = NULL;     /* read after the boards */
  g_auto(GStrv) draft_words = NULL;
  guint8 *deck = CB_DECK (p, s);
  guint8 *loc = CB_LOC (p, s);
  int phase = CB_PHASE_PLACE, to_act = 1, dealer = 1;
  const char *tile_id = NULL;
  guint64 seed = 0;
  guint n_players = game->n_players;

  memset (s, 0, p->size);
  memset (CB_GRID (p, s), 0xff, (gsize) p->side * p->side * sizeof (guint16));
  memset (s->pgrid, CB_NONE, sizeof s->pgrid);
  s->tile = s->last_placer = s->trigger = CB_NONE;
  s->n_players = n_players;

  const TwNotationField fields[] = {
    { "players", TW_FIELD_PLAYERS },
    { "phase", TW_FIELD_NAME, &phase, .names = phase_names,
      .accept = 1u << CB_PHASE_PLACE | 1u << CB_PHASE_DRAFT,
      .refusal = _("positions can be written in the place or draft phase, not '{value}'; "
                   "reach the end of a game by playing its moves") },
    { "to-act", TW_FIELD_SEAT, &to_act },
    { "dealer", TW_FIELD_SEAT, &dealer },
    { "tile", TW_FIELD_TEXT, &tile_id },
    { "seed", TW_FIELD_SEED, &seed },
    { "trigger", TW_FIELD_REFUSED,
      .refusal = _("positions in the ending are reached by playing the moves") },
    { NULL }
  };
  const TwNotationHeader header = { "colorblock", "Colorblock", fields };
  if (!tw_notation_read_header (reader, &header, why))
    return FALSE;
  tw_rng_seed (&s->rng, seed);
  s->current = to_act - 1;
  s->dealer = dealer - 1;

  const TwNotationSection sections[] = {
    { "shared", read_board },
    { "private", read_board, n_players, .refusal = _("no board called '{key}'") },
    { "deck", .collect = deck_ids },
    { "goals", .keep = &goal_words },
    { "draft", .keep = &draft_words },
    { "chosen", NULL },
    { NULL }
  };
  if (!tw_notation_read_sections (reader, sections, &R, 0, why)
      || !place_goals (game, s, goal_words, why))
    return FALSE;

  if (tile_id)
    {
      gint inst = take_instance (game, used, tile_id, why);
      if (inst < 0)
        return FALSE;
      s->tile = inst;
      loc[inst] = CB_LOC_HAND;
    }
  for (guint w = 0; draft_words && draft_words[w]; w++)
    {
      gint inst;
      if (s->draft_len > CB_MAX_PLAYERS)
        {
          g_string_append (why, _("the draft row is too long"));
          return FALSE;
        }
      inst = take_instance (game, used, draft_words[w], why);
      if (inst < 0)
        return FALSE;
      s->draft[s->draft_len++] = inst;
      loc[inst] = CB_LOC_HAND;
    }
  /* the deck is written top first; the array keeps its top at the end */
  for (guint i = deck_ids->len; i > 0; i--)
    {
      gint inst = take_instance (game, used, deck_ids->pdata[i - 1], why);
      if (inst < 0)
        return FALSE;
      deck[s->deck_len++] = inst;
      loc[inst] = CB_LOC_DECK;
    }
  for (guint t = 0; t < p->n_inst; t++)
    if (!used[t])
      loc[t] = CB_LOC_DISCARD;

  s->phase = phase;
  if (phase == CB_PHASE_PLACE && s->tile == CB_NONE)
    {
      g_string_append (why, _("the place phase needs tile=ID, the tile to play"));
      return FALSE;
    }
  if (phase == CB_PHASE_DRAFT)
    {
      if (!cb_opt (game, CB_OPT_EXPERT) || s->draft_len == 0)
        {
          g_string_append (why, _("the draft phase needs expert-draft and a 'draft:' row"));
          return FALSE;
        }
      s->picks = (s->current + n_players - s->dealer) % n_players;
    }
  s->last_placer = CB_NONE;
  return TRUE;
}

/* "places Half red/green on the shared board at 2,-1, turned once": what
 * follows the player's name. */
void
cb_describe_move (const TwGame  *game,
                  const TwState *state,
                  const TwMove  *move,
                  GString       *out)
{
  const CbState *s = (const CbState *) state;
  const TwDefinition *def = game->definition;
  /* Translators: how far a tile is turned, at the end of a move in words */
  static const char * const turns[] = { "", N_(", turned once"), N_(", turned twice"),
                                        N_(", turned three times") };
  gboolean drafted = (move->kind == CB_MOVE_PLACE || move->kind == CB_MOVE_DISCARD)
                     && move->c != CB_NONE;
  guint inst = s->tile;
  g_autofree char *action = NULL;

  if (drafted)
    inst = move->c < s->draft_len ? s->draft[move->c] : CB_NONE;
  /* Translators: the moves of Colorblock in words, after the player's name
   * ("Player 1 chooses Green to score") */
  switch (move->kind)
    {
    case CB_MOVE_PLACE:
      /* Translators: a tile ("Half red/green", "it" or "the tile"), a board,
       * the cell x,y and how far it is turned */
      action = g_strdup_printf (_("places %s on %s at %d,%d%s"),
                                drafted ? _("it")
                                : inst != CB_NONE ? tw_tile_words (cb_inst_def (game, inst))
                                : _("the tile"),
                                move->a ? _("their private board") : _("the shared board"),
                                move->x, move->y,
                                (move->b & 3) != 0 ? _(turns[move->b & 3]) : "");
      break;
    case CB_MOVE_DISCARD:
      action = g_strdup (_("discards it: it fits nowhere"));
      break;
    case CB_MOVE_COLOR:
      action = g_strdup_printf (_("chooses %s to score"),
                                move->a < def->n_colors
                                ? (def->colors[move->a].name ? def->colors[move->a].name
                                                             : def->colors[move->a].id) : "?");
      break;
    default:
      action = g_strdup (_("makes an unknown move"));
      break;
    }
  if (drafted && inst != CB_NONE)
    /* Translators: a place in the draft row, the tile there, and the move
     * made with it ("places it on the shared board at 1,0") */
    g_string_append_printf (out, _("takes tile %u of the draft row, %s and %s"), move->c + 1u,
                            tw_tile_words (cb_inst_def (game, inst)), action);
  else if (drafted)
    g_string_append_printf (out, _("takes tile %u of the draft row and %s"), move->c + 1u,
                            action);
  else
    g_string_append (out, action);
}
