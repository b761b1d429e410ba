/* cf-score.c: Colorfield's score by rule
 *
 * Each round the players score their paintings (matched sides, 2-point
 * sides, the specialty colour, unused ability tokens, the Community Tools)
 * and add the round's points to their total; the Nylon Filbert Brush adds
 * points at once for a drawn tile discarded unplayed. The most points after
 * the last round wins; tied players share the victory.
 *
 * The state keeps each round's total and the rounds' points summed item by
 * item; a position written before the items were kept has only the rounds'
 * totals, and is broken down by round instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cf-private.h"
#include "tw-result.h"

/* How the table names a card: its title, or its id */
static const char *
card_title (const TwCardDef *card)
{
  return card->title != NULL ? card->title : card->id;
}

/* The title of the definition's first card of tool kind @kind, as the
 * table names it, or NULL */
static const char *
tool_title (const TwGame *game,
            guint         kind)
{
  const TwDefinition *def = game->definition;

  for (guint i = 0; i < def->n_cards; i++)
    if (def->cards[i].kind == kind)
      return card_title (&def->cards[i]);
  return NULL;
}

static char *
item_label (const TwGame *game,
            CfItem        item)
{
  static const guint tool_of[CF_N_ITEMS] = {
    [CF_ITEM_PERFECT] = CF_TOOL_PERFECT, [CF_ITEM_SPONSOR] = CF_TOOL_SPONSOR,
    [CF_ITEM_VARNISH] = CF_TOOL_VARNISH, [CF_ITEM_SWATH] = CF_TOOL_SWATH,
    [CF_ITEM_EDGES] = CF_TOOL_EDGE_POINTS,
  };
  /* what each tool's points are for, when the definition has no card of it */
  static const char * const what[CF_N_ITEMS] = {
    [CF_ITEM_PERFECT] = N_("Other players’ perfectly matched tiles"),
    [CF_ITEM_SPONSOR] = N_("Other players’ sides in your specialty colour"),
    [CF_ITEM_VARNISH] = N_("Tiles left upright"),
    [CF_ITEM_SWATH] = N_("A swath of your specialty colour"),
    [CF_ITEM_EDGES] = N_("Sides matched against the board’s border"),
  };
  const char *title;

  if (item >= CF_N_ITEMS)
    /* a round-bonus tool: its card's title, as a C tool's item says it */
    return g_strdup_printf (_("%s (Community Tool)"),
                            card_title (&game->definition->cards[cf_prep (game)->expr_card[item - CF_N_ITEMS]]));
  switch (item)
    {
    case CF_ITEM_TILES:
      /* Translators: a score's part in Colorfield: the paintings' matched
       * sides (1 point, the 2-side 2, the specialty colour's 2-side 4) */
      return g_strdup (_("Matched sides"));
    case CF_ITEM_TOKENS:
      /* Translators: a score's part in Colorfield */
      return g_strdup (_("Ability tokens left unused"));
    default:
      title = tool_title (game, tool_of[item]);
      /* Translators: a score's part in Colorfield from a Community Tool
       * card: the card's title, or what it scores */
      return g_strdup_printf (_("%s (Community Tool)"), title != NULL ? title : _(what[item]));
    }
}

void
cf_score_terms (const TwGame  *game,
                const TwState *state,
                guint          seat,
                GArray        *terms)
{
  const CfState *s = (const CfState *) state;
  guint n_items = CF_N_ITEMS + cf_prep (game)->n_expr;
  int rounds = 0, items = 0;

  for (guint r = 0; r < s->round && r < CF_MAX_ROUNDS; r++)
    rounds += s->round_score[r][seat];
  for (guint k = 0; k < n_items; k++)
    items += s->item_score[seat][k];
  if (items == rounds)
    {
      /* the matched sides always, for a finished round; the rest when they
       * scored: the rules' items, then the round-bonus tools' */
      for (guint k = 0; k < n_items; k++)
        if (s->item_score[seat][k] != 0 || (k == CF_ITEM_TILES && s->round > 0))
          tw_score_terms_add (terms, item_label (game, k), s->item_score[seat][k]);
    }
  else
    for (guint r = 0; r < s->round && r < CF_MAX_ROUNDS; r++)
      /* Translators: a score's part in Colorfield: the painting scored at
       * the end of a round */
      tw_score_terms_add (terms, g_strdup_printf (_("Painting of round %u"), r + 1),
                          s->round_score[r][seat]);
  if (s->bonus[seat] != 0)
    {
      const char *title = tool_title (game, CF_TOOL_DISCARD_BONUS);

      /* Translators: a score's part in Colorfield, from the Community Tool
       * that pays for drawn tiles discarded unplayed: the card's title */
      tw_score_terms_add (terms, title != NULL
                                 ? g_strdup_printf (_("%s: drawn tiles discarded unplayed"), title)
                                 : g_strdup (_("Drawn tiles discarded unplayed (Community Tool)")),
                          s->bonus[seat]);
    }
}

/* The round, and what happens before the first turn of one */
char *
cf_stage_text (const TwGame  *game,
               const TwState *state)
{
  const CfState *s = (const CfState *) state;
  guint rounds = (guint) cf_opt (game, CF_OPT_ROUNDS);

  switch (s->phase)
    {
    case CF_PHASE_DONE:
      return NULL;
    case CF_PHASE_PAINTER:
    case CF_PHASE_SIDE:
      /* Translators: a stage of Colorfield's game */
      return g_strdup (_("Before the first round: everyone chooses a painter and a canvas."));
    case CF_PHASE_SETUP:
      /* Translators: a stage of Colorfield's game: round N of M */
      return g_strdup_printf (_("Round %u of %u: everyone places their set-up tiles."),
                              s->round + 1u, rounds);
    default:
      /* Translators: a stage of Colorfield's game: round N of M */
      return g_strdup_printf (_("Round %u of %u."), s->round + 1u, rounds);
    }
}

/* A paint tile for people: its name when the definition gives one, else its
 * sides upright, clockwise from the top, and where its 2 is. */
static char *
paint_tile_words (const TwGame *game,
                  guint         inst)
{
  const CfPrep *p = cf_prep (game);
  const TwDefinition *def = game->definition;
  const TwTileDef *tile = &def->tiles[p->inst_def[inst]];
  const guint8 *edge = p->edge[inst][0];

  if (tile->name != NULL)
    return g_strdup (tile->name);
  /* Translators: a Colorfield tile, upright: its four sides' colours
   * clockwise from the top, then the colour of the side with the 2 */
  return g_strdup_printf (_("%s / %s / %s / %s from the top clockwise with the 2 on %s"),
                          tw_color_words (def, edge[0]), tw_color_words (def, edge[1]),
                          tw_color_words (def, edge[2]), tw_color_words (def, edge[3]),
                          tw_color_words (def, edge[p->two[inst] & 3]));
}

/* What a seat has beside its canvas: its painter and specialty, the tile it
 * drew (named when it came from the face-up tray or to the drawer itself,
 * else counted, as cf_observe() hides it), its face-down set-up tiles, the
 * ability tokens it has left and the points of the rounds played. */
void
cf_describe_seat (const TwGame  *game,
                  const TwState *state,
                  guint          seat,
                  int            viewer,
                  GString       *out)
{
  const CfState *s = (const CfState *) state;
  const CfPrep *p = cf_prep (game);
  guint tokens = cf_tokens_unused (game, s, seat);
  gsize start = out->len;

  if (s->painter[seat] != CF_NONE)
    {
      const CfPainter *painter = &p->painters[s->painter[seat]];

      /* Translators: in what a seat holds, for screen readers: its painter
       * card and the painter's specialty colour */
      g_string_append_printf (out, _("paints as %s, specialty %s"),
                              painter->name != NULL ? painter->name : painter->id,
                              tw_color_words (game->definition, painter->specialty));
    }

  if (s->phase == CF_PHASE_PLACE && s->current == seat && s->n_hand > 0)
    {
      tw_seat_phrase_part (out, start);
      if (s->drew == CF_DREW_TRAY || viewer == (int) seat)
        {
          char *tiles[2] = { NULL, NULL };

          for (guint c = 0; c < s->n_hand && c < 2; c++)
            tiles[c] = paint_tile_words (game, s->hand[c]);
          tw_seat_phrase_holds (out, (const char * const *) tiles, MIN (s->n_hand, 2));
          g_free (tiles[0]);
          g_free (tiles[1]);
        }
      else
        /* Translators: in what a seat holds: tiles drawn that the listener may not see */
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u tile drawn from the deck",
                                                  "%u tiles drawn from the deck", s->n_hand),
                                s->n_hand);
    }

  if (s->setup_len[seat] > 0)
    {
      tw_seat_phrase_part (out, start);
      /* Translators: in what a seat holds: the tiles dealt face down at a round's start */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u set-up tile face down",
                                                "%u set-up tiles face down", s->setup_len[seat]),
                              s->setup_len[seat]);
    }

  tw_seat_phrase_part (out, start);
  if (tokens == 0)
    /* Translators: in what a seat holds */
    g_string_append (out, _("no ability token left"));
  else
    /* Translators: in what a seat holds */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u ability token left",
                                              "%u ability tokens left", tokens), tokens);

  if (s->round > 0)
    {
      char points[CF_MAX_ROUNDS][16];
      const char *list[CF_MAX_ROUNDS];
      guint n = MIN (s->round, CF_MAX_ROUNDS);

      for (guint r = 0; r < n; r++)
        {
          g_snprintf (points[r], sizeof points[r], "%d", s->round_score[r][seat]);
          list[r] = points[r];
        }
      tw_seat_phrase_part (out, start);
      /* Translators: in what a seat holds: then each finished round's points ("12, 9 and 15") */
      g_string_append (out, g_dngettext (GETTEXT_PACKAGE, "round score: ", "round scores: ", n));
      tw_append_word_list (out, list, n);
    }
}
