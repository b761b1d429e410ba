/* cf-rules.c: Colorfield, every rule in play
 *
 * The rules as read in doc/rules/colorfield.md (from shared/rules/colorfield.md):
 * paint tiles laid upright on a 2x3 canvas whose border shows two or three
 * colours per edge space, three ability tokens per round (Rotate, Swap), a
 * three-tile face-up tray refilled at once and refreshed after a full cycle
 * of blind draws, five turns of draw and replace-or-discard, round scoring
 * with the specialty colour, three rounds, and the fourteen Community Tools
 * as effect kinds with parameters (Advanced Mode keeps them). What runs when
 * a definition loads is in cf-prepare.c, the schemas and the rules table in
 * cf-module.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cf-private.h"

/* ------------------------------------------------------------------------ */
/* Scoring                                                                  */

int
cf_specialty (const TwGame  *game,
              const CfState *s,
              guint          seat)
{
  return s->painter[seat] == CF_NONE ? -1 : cf_prep (game)->painters[s->painter[seat]].specialty;
}

/* Which sides of each tile of the canvas @slot/@rot of @seat score: bit d
 * of matched[i]. The canvas is passed apart so that bots can try changes. */
void
cf_matched_sides_of (const TwGame  *game,
                     const CfState *s,
                     guint          seat,
                     const guint8  *slot,
                     const guint8  *rot,
                     guint8         matched[CF_SLOTS])
{
  const CfPrep *p = cf_prep (game);
  const guint16 *border = cf_border_of (p, s, seat);

  for (guint i = 0; i < CF_SLOTS; i++)
    {
      guint t = slot[i];
      matched[i] = 0;
      if (t == CF_NONE)
        continue;
      const guint8 *e = p->edge[t][rot[i]];
      for (guint d = 0; d < 4; d++)
        {
          int n = p->neighbour[i][d];
          if (n >= 0)
            {
              guint u = slot[n];
              if (u != CF_NONE && p->edge[u][rot[n]][tw_dir_opposite (d)] == e[d])
                matched[i] |= 1u << d;
            }
          else if (border[p->border_of[i][d]] & (1u << e[d]))
            matched[i] |= 1u << d;
        }
    }
}

static void
matched_sides (const TwGame  *game,
               const CfState *s,
               guint          seat,
               guint8        *matched)
{
  cf_matched_sides_of (game, s, seat, s->slot[seat], s->rot[seat], matched);
}

void
cf_matched_sides (const TwGame  *game,
                  const CfState *s,
                  guint          seat,
                  guint8         matched[CF_SLOTS])
{
  matched_sides (game, s, seat, matched);
}

/* The points of tile @t turned @r with the sides @matched. */
static int
points_of (const TwGame  *game,
           const CfState *s,
           guint          seat,
           guint          t,
           guint          r,
           guint8         matched)
{
  const CfPrep *p = cf_prep (game);
  int spec = cf_specialty (game, s, seat);
  int pts = 0;

  if (t == CF_NONE)
    return 0;
  guint two = (p->two[t] + r) & 3;
  for (guint d = 0; d < 4; d++)
    if (matched & (1u << d))
      pts += cf_side_value (game, s, spec, d == two, p->edge[t][r][d]);
  return pts;
}

static int
tile_points_with (const TwGame  *game,
                  const CfState *s,
                  guint          seat,
                  guint          slot,
                  guint8         matched)
{
  return points_of (game, s, seat, s->slot[seat][slot], s->rot[seat][slot], matched);
}

/**
 * cf_tile_points:
 *
 * What the tile in @slot of @seat's canvas scores by itself: its matched
 * sides (1, the 2-side 2, a specialty 2-side 4), as the rulebook's scoring
 * guide counts tile by tile.
 */
int
cf_tile_points (const TwGame  *game,
                const CfState *s,
                guint          seat,
                guint          slot)
{
  guint8 matched[CF_SLOTS];
  matched_sides (game, s, seat, matched);
  return tile_points_with (game, s, seat, slot, matched[slot]);
}

guint
cf_tokens_unused (const TwGame  *game,
                  const CfState *s,
                  guint          seat)
{
  int tokens = cf_opt (game, CF_OPT_TOKENS);
  int uses = s->uses[seat];
  int spent = uses;

  if (s->fx.abilities > tokens && cf_opt (game, CF_OPT_COLLECTIVE_TOKENS) == 1)
    spent = MAX (0, uses - (s->fx.abilities - tokens));
  return (guint) MAX (0, tokens - spent);
}

/* The spaces of the canvas @slot/@rot joined to space @i (not empty) by
 * touching sides of colour @color, as a mask of spaces: a swath. */
guint
cf_swath_mask (const CfPrep *p,
               const guint8 *slot,
               const guint8 *rot,
               guint         color,
               guint         i)
{
  guint8 stack[CF_SLOTS];
  guint sp = 0, mask = 1u << i;

  stack[sp++] = i;
  while (sp > 0)
    {
      guint a = stack[--sp];
      const guint8 *ea = p->edge[slot[a]][rot[a]];
      for (guint d = 0; d < 4; d++)
        {
          int b = p->neighbour[a][d];
          if (b < 0 || (mask & (1u << b)) || slot[b] == CF_NONE)
            continue;
          if (ea[d] == color && p->edge[slot[b]][rot[b]][tw_dir_opposite (d)] == color)
            {
              mask |= 1u << b;
              stack[sp++] = b;
            }
        }
    }
  return mask;
}

gboolean
cf_shows_color (const CfPrep *p,
                guint         t,
                guint         r,
                guint         color)
{
  const guint8 *e = p->edge[t][r];
  return e[0] == color || e[1] == color || e[2] == color || e[3] == color;
}

/* The largest group of tiles joined by touching sides of colour @color. */
static guint
largest_swath (const TwGame  *game,
               const CfState *s,
               guint          seat,
               guint          color)
{
  const CfPrep *p = cf_prep (game);
  const guint8 *slot = s->slot[seat], *rot = s->rot[seat];
  guint seen = 0, best = 0;

  for (guint i = 0; i < CF_SLOTS; i++)
    {
      guint mask, n;
      if ((seen & (1u << i)) || slot[i] == CF_NONE)
        continue;
      mask = cf_swath_mask (p, slot, rot, color, i);
      seen |= mask;
      n = __builtin_popcount (mask);
      /* a tile alone is a swath only if it shows the colour at all */
      if (n == 1 && !cf_shows_color (p, slot[i], rot[i], color))
        n = 0;
      best = MAX (best, n);
    }
  return best;
}

/**
 * cf_round_points:
 *
 * The score of @seat's painting now, item by item, with the active tools.
 * Every tool is a separate item computed from the base rules, so that tools
 * never stack on one another (the rulebook's footnote).
 */
static void
round_points_with (const TwGame  *game,
                   const CfState *s,
                   guint          seat,
                   CfExprEnv     *env,
                   CfScore       *out)
{
  const CfPrep *p = cf_prep (game);
  guint8 matched[CF_SLOTS];
  int spec = cf_specialty (game, s, seat);
  guint unused = cf_tokens_unused (game, s, seat);

  memset (out, 0, sizeof *out);
  /* the round-bonus tools read the same sides: worked out once */
  g_assert (env->seat == seat && env->slot == s->slot[seat]);
  if (s->fx.expr)
    memcpy (matched, cf_expr_env_matched (env, seat), sizeof matched);
  else
    matched_sides (game, s, seat, matched);
  for (guint i = 0; i < CF_SLOTS; i++)
    {
      out->tiles += tile_points_with (game, s, seat, i, matched[i]);
      if (s->slot[seat][i] != CF_NONE && s->rot[seat][i] == 0)
        out->varnish += s->fx.varnish;
      if (s->fx.edge_points)
        for (guint d = 0; d < 4; d++)
          if (p->border_of[i][d] >= 0 && (matched[i] & (1u << d)))
            out->edges += s->fx.edge_points;
    }
  if (s->fx.token_value)
    out->tokens = (int) unused * (s->fx.token_value + (cf_opt (game, CF_OPT_STACK) ? 1 : 0));
  else
    out->tokens = (int) unused;
  if (s->fx.swath_points && spec >= 0
      && largest_swath (game, s, seat, spec) >= s->fx.swath_tiles)
    out->swath = s->fx.swath_points;

  if (s->fx.perfect || s->fx.sponsor)
    for (guint o = 0; o < s->n_players; o++)
      {
        guint8 om[CF_SLOTS];
        if (o == seat)
          continue;
        matched_sides (game, s, o, om);
        for (guint i = 0; i < CF_SLOTS; i++)
          {
            guint t = s->slot[o][i];
            if (t == CF_NONE)
              continue;
            if (om[i] == 0xf)
              out->perfect += s->fx.perfect;
            if (s->fx.sponsor && spec >= 0)
              {
                guint r = s->rot[o][i];
                guint two = (p->two[t] + r) & 3;
                for (guint d = 0; d < 4; d++)
                  if ((om[i] & (1u << d)) && d != two && p->edge[t][r][d] == spec)
                    out->sponsor += s->fx.sponsor;
              }
          }
      }
  out->total = out->tiles + out->tokens + out->perfect + out->sponsor + out->varnish
               + out->swath + out->edges;
  if (s->fx.expr)
    out->total += cf_expr_points (env, s->fx.expr, out->expr);
}

void
cf_round_points (const TwGame  *game,
                 const CfState *s,
                 guint          seat,
                 CfScore       *out)
{
  CfExprEnv env;

  cf_expr_env_init (&env, game, s, seat, s->slot[seat], s->rot[seat]);
  round_points_with (game, s, seat, &env, out);
}

void
cf_round_points_all (const TwGame  *game,
                     const CfState *s,
                     CfScore        out[CF_MAX_PLAYERS])
{
  CfExprEnv env;

  /* one env: what it works out about a canvas serves every seat's tools */
  cf_expr_env_init (&env, game, s, 0, s->slot[0], s->rot[0]);
  for (guint q = 0; q < s->n_players; q++)
    {
      cf_expr_env_seat (&env, q);
      round_points_with (game, s, q, &env, &out[q]);
    }
}

/* ------------------------------------------------------------------------ */
/* Tools                                                                    */

void
cf_compute_effects (const TwGame    *game,
                    const CfState   *s,
                    CfEffects       *fx)
{
  const TwDefinition *def = game->definition;

  memset (fx, 0, sizeof *fx);
  for (guint i = 0; i < s->n_active; i++)
    {
      const TwCardDef *card = &def->cards[s->active[i]];
      const int *pa = card->params;
#define CF_MAXSET(field, v) fx->field = MAX (fx->field, (guint8) CLAMP ((v), 0, 255))
      switch (card->kind)
        {
        case CF_TOOL_PERFECT: CF_MAXSET (perfect, pa[0]); break;
        case CF_TOOL_REFRESH: CF_MAXSET (refresh, pa[0]); break;
        case CF_TOOL_TWO_VALUE: CF_MAXSET (two_value, pa[0]); break;
        case CF_TOOL_ABILITIES: CF_MAXSET (abilities, pa[0]); break;
        case CF_TOOL_DISCARD_BONUS: CF_MAXSET (discard_bonus, pa[0]); break;
        case CF_TOOL_EXTRA_TURNS: CF_MAXSET (extra_turns, pa[0]); break;
        case CF_TOOL_SPONSOR: CF_MAXSET (sponsor, pa[0]); break;
        case CF_TOOL_FREE_ORIENT: fx->free_orient = 1; break;
        case CF_TOOL_DRAW_TWO: fx->draw_two = 1; break;
        case CF_TOOL_FREE_SETUP: fx->free_setup = 1; break;
        case CF_TOOL_VARNISH: CF_MAXSET (varnish, pa[0]); break;
        case CF_TOOL_SWATH:
          if (pa[0] > fx->swath_points || fx->swath_tiles == 0)
            {
              fx->swath_points = CLAMP (pa[0], 0, 255);
              fx->swath_tiles = CLAMP (pa[1], 1, CF_SLOTS);
            }
          break;
        case CF_TOOL_EDGE_POINTS: CF_MAXSET (edge_points, pa[0]); break;
        case CF_TOOL_TOKEN_VALUE: CF_MAXSET (token_value, pa[0]); break;
        case CF_TOOL_ROUND_BONUS:
          for (guint k = 0; k < cf_prep (game)->n_expr; k++)
            if (cf_prep (game)->expr_card[k] == s->active[i])
              fx->expr |= 1u << k;
          break;
        default: break;
        }
#undef CF_MAXSET
    }
}

/* Reveals the next Community Tool; the deck is reshuffled from the used
 * tools when it runs out (a game longer than the deck, or a small deck). */
static void
reveal_tool (const TwGame *game,
             CfState      *s)
{
  if (s->tool_deck_len == 0 && s->tool_discard_len > 0)
    {
      memcpy (s->tool_deck, s->tool_discard, s->tool_discard_len);
      s->tool_deck_len = s->tool_discard_len;
      s->tool_discard_len = 0;
      tw_rng_shuffle_u8 (&s->rng, s->tool_deck, s->tool_deck_len);
    }
  if (s->tool_deck_len > 0 && s->n_active < CF_MAX_ACTIVE)
    s->active[s->n_active++] = s->tool_deck[--s->tool_deck_len];
  cf_compute_effects (game, s, &s->fx);
}

/* ------------------------------------------------------------------------ */
/* Tiles                                                                    */

static void
reshuffle (const TwGame *game,
           CfState      *s)
{
  for (guint i = 0; i < s->discard_len; i++)
    s->deck[s->deck_len++] = s->discard[i];
  s->discard_len = 0;
  if (cf_opt (game, CF_OPT_RESHUFFLE) == 1)
    for (guint q = 0; q < s->n_players; q++)
      {
        for (guint i = 0; i < s->pdisc_len[q]; i++)
          s->deck[s->deck_len++] = s->pdisc[q][i];
        s->pdisc_len[q] = 0;
      }
  tw_rng_shuffle_u8 (&s->rng, s->deck, s->deck_len);
  s->counters[CF_COUNTER_RESHUFFLES]++;
}

/* Tiles that a draw can reach: the deck and what a reshuffle would add. */
static guint
available (const TwGame  *game,
           const CfState *s)
{
  guint n = s->deck_len + s->discard_len;
  if (cf_opt (game, CF_OPT_RESHUFFLE) == 1)
    for (guint q = 0; q < s->n_players; q++)
      n += s->pdisc_len[q];
  return n;
}

static guint8
draw_top (const TwGame *game,
          CfState      *s)
{
  if (s->deck_len == 0)
    {
      if (available (game, s) == 0)
        return CF_NONE;
      reshuffle (game, s);
    }
  return s->deck[--s->deck_len];
}

static inline void
to_discard (CfState *s,
            guint8   tile,
            guint8   seen)
{
  s->discard_seen[s->discard_len] = seen;
  s->discard[s->discard_len++] = tile;
}

static void
fill_tray (const TwGame *game,
           CfState      *s)
{
  guint n = (guint) cf_opt (game, CF_OPT_TRAY);
  for (guint i = 0; i < n; i++)
    if (s->tray[i] == CF_NONE)
      s->tray[i] = draw_top (game, s);
}

static void
refresh_tray (const TwGame *game,
              CfState      *s)
{
  guint n = (guint) cf_opt (game, CF_OPT_TRAY);
  for (guint i = 0; i < n; i++)
    if (s->tray[i] != CF_NONE)
      {
        to_discard (s, s->tray[i], CF_NONE);
        s->tray[i] = CF_NONE;
      }
  fill_tray (game, s);
}

/* ------------------------------------------------------------------------ */
/* Rounds and turns                                                         */

static gboolean
can_use_ability (const TwGame  *game,
                 const CfState *s,
                 guint          seat)
{
  int limit = MAX (cf_opt (game, CF_OPT_TOKENS), (int) s->fx.abilities);
  return s->uses[seat] < limit;
}

static void
begin_turn (const TwGame *game,
            CfState      *s)
{
  s->n_hand = 0;
  s->drew = CF_DREW_NONE;
  s->refreshed = 0;
  s->phase = can_use_ability (game, s, s->current) ? CF_PHASE_ABILITY : CF_PHASE_DRAW;
}

static void start_round (const TwGame *game, CfState *s);

static void
end_round (const TwGame *game,
           CfState      *s)
{
  CfScore sc[CF_MAX_PLAYERS];
  /* after the last round the canvases stay as they were scored: the final
   * position is what the players look at when the game is over */
  gboolean last = (int) s->round + 1 >= cf_opt (game, CF_OPT_ROUNDS);

  /* everyone scores on the same canvases before anything is cleared */
  cf_round_points_all (game, s, sc);
  for (guint q = 0; q < s->n_players; q++)
    {
      const int items[CF_N_ITEMS] = {
        [CF_ITEM_TILES] = sc[q].tiles, [CF_ITEM_TOKENS] = sc[q].tokens,
        [CF_ITEM_PERFECT] = sc[q].perfect, [CF_ITEM_SPONSOR] = sc[q].sponsor,
        [CF_ITEM_VARNISH] = sc[q].varnish, [CF_ITEM_SWATH] = sc[q].swath,
        [CF_ITEM_EDGES] = sc[q].edges,
      };

      s->round_score[s->round][q] = sc[q].total;
      s->score[q] += sc[q].total;
      for (guint k = 0; k < CF_N_ITEMS; k++)
        s->item_score[q][k] += items[k];
      for (guint k = 0; k < cf_prep (game)->n_expr; k++)
        s->item_score[q][CF_N_ITEMS + k] += sc[q].expr[k];
      for (guint i = 0; i < CF_SLOTS && !last; i++)
        {
          if (s->slot[q][i] != CF_NONE)
            to_discard (s, s->slot[q][i], CF_NONE);
          s->slot[q][i] = CF_NONE;
          s->rot[q][i] = 0;
        }
      /* face-down personal discards keep their secrets in the common pile */
      for (guint i = 0; i < s->pdisc_len[q]; i++)
        to_discard (s, s->pdisc[q][i], s->pdisc_seen[q][i]);
      s->pdisc_len[q] = 0;
    }
  for (guint i = 0; i < CF_MAX_TRAY; i++)
    if (s->tray[i] != CF_NONE)
      {
        to_discard (s, s->tray[i], CF_NONE);
        s->tray[i] = CF_NONE;
      }
  if (!cf_opt (game, CF_OPT_ADVANCED))
    {
      for (guint i = 0; i < s->n_active; i++)
        s->tool_discard[s->tool_discard_len++] = s->active[i];
      s->n_active = 0;
      cf_compute_effects (game, s, &s->fx);
    }
  s->n_hand = 0;
  s->drew = CF_DREW_NONE;
  s->round++;
  if (s->round >= cf_opt (game, CF_OPT_ROUNDS))
    {
      s->phase = CF_PHASE_DONE;
      s->current = s->first;
      return;
    }
  start_round (game, s);
}

/* After the setup tiles are on the canvases: the tray, the tool (printed
 * order), and the first turn. */
static void
finish_setup (const TwGame *game,
              CfState      *s)
{
  fill_tray (game, s);
  if (cf_opt (game, CF_OPT_TOOL_REVEAL) == 1)
    reveal_tool (game, s);
  s->turn_limit = MIN (cf_opt (game, CF_OPT_TURNS) + s->fx.extra_turns, CF_MAX_TURNS);
  s->current = s->first;
  begin_turn (game, s);
}

/* The Rounded Wooden Palette: the next player with tiles left in hand. */
static void
setup_next (const TwGame *game,
            CfState      *s)
{
  for (guint i = 0; i < s->n_players; i++)
    {
      guint q = (s->current + i) % s->n_players;
      if (s->setup_len[q] > 0)
        {
          s->current = q;
          s->phase = CF_PHASE_SETUP;
          return;
        }
    }
  finish_setup (game, s);
}

static void
start_round (const TwGame *game,
             CfState      *s)
{
  memset (s->turns, 0, sizeof s->turns);
  memset (s->uses, 0, sizeof s->uses);
  s->blind_run = 0;
  if (cf_opt (game, CF_OPT_TOOL_REVEAL) == 0)
    reveal_tool (game, s);

  /* deal six face down to each player, one at a time from the first */
  for (guint k = 0; k < CF_SLOTS; k++)
    for (guint i = 0; i < s->n_players; i++)
      {
        guint q = (s->first + i) % s->n_players;
        s->setup[q][s->setup_len[q]++] = draw_top (game, s);
      }
  if (s->fx.free_setup)
    {
      s->current = s->first;
      setup_next (game, s);
      return;
    }
  /* reveal the top tile into the lowest-numbered empty space, upright */
  for (guint q = 0; q < s->n_players; q++)
    {
      for (guint i = 0; i < CF_SLOTS; i++)
        {
          s->slot[q][i] = s->setup[q][--s->setup_len[q]];
          s->rot[q][i] = 0;
        }
    }
  finish_setup (game, s);
}

static void
end_turn (const TwGame *game,
          CfState      *s)
{
  guint seat = s->current;

  s->turns[seat]++;
  s->n_hand = 0;
  s->drew = CF_DREW_NONE;
  s->counters[CF_COUNTER_TURNS]++;
  /* a full cycle of blind draws: new face-up tiles before the next turn */
  if (s->blind_run >= s->n_players)
    {
      refresh_tray (game, s);
      s->blind_run = 0;
      s->counters[CF_COUNTER_BLIND_REFRESHES]++;
    }
  s->current = (seat + 1) % s->n_players;
  if (s->current == s->first && s->turns[s->first] >= s->turn_limit)
    {
      end_round (game, s);
      return;
    }
  begin_turn (game, s);
}

/* After the painters and faces are chosen. */
static void
start_game (const TwGame *game,
            CfState      *s)
{
  s->current = s->first;
  start_round (game, s);
}

/* The next player without a painter or a face, from the first player. */
static void
choose_next (const TwGame *game,
             CfState      *s)
{
  for (guint i = 0; i < s->n_players; i++)
    {
      guint q = (s->first + i) % s->n_players;
      if (s->painter[q] == CF_NONE)
        {
          s->current = q;
          s->phase = CF_PHASE_PAINTER;
          return;
        }
      if (s->face[q] == CF_NONE)
        {
          s->current = q;
          s->phase = CF_PHASE_SIDE;
          return;
        }
    }
  start_game (game, s);
}

/* ------------------------------------------------------------------------ */
/* The module interface                                                     */

void
cf_init (const TwGame *game,
         TwState      *state,
         guint64       seed)
{
  const CfPrep *p = cf_prep (game);
  CfState *s = (CfState *) state;
  guint8 order[CF_MAX_BOARDS];

  memset (s, 0, sizeof *s);
  tw_rng_seed (&s->rng, seed);
  s->n_players = game->n_players;
  memset (s->tray, CF_NONE, sizeof s->tray);
  memset (s->hand, CF_NONE, sizeof s->hand);
  memset (s->slot, CF_NONE, sizeof s->slot);
  memset (s->painter, CF_NONE, sizeof s->painter);
  memset (s->face, CF_NONE, sizeof s->face);

  for (guint t = 0; t < p->n_inst; t++)
    s->deck[t] = t;
  s->deck_len = p->n_inst;
  tw_rng_shuffle_u8 (&s->rng, s->deck, s->deck_len);

  guint n_tools = MIN ((guint) cf_opt (game, CF_OPT_TOOL_DECK_SIZE), p->n_tools);
  for (guint i = 0; i < n_tools; i++)
    s->tool_deck[i] = p->tools[i];
  s->tool_deck_len = n_tools;
  tw_rng_shuffle_u8 (&s->rng, s->tool_deck, s->tool_deck_len);

  /* each player is dealt a canvas board at random */
  for (guint b = 0; b < p->n_boards; b++)
    order[b] = b;
  tw_rng_shuffle_u8 (&s->rng, order, p->n_boards);
  for (guint q = 0; q < s->n_players; q++)
    s->board[q] = order[q];

  s->first = cf_opt (game, CF_OPT_FIRST_PLAYER) == 1 ? tw_rng_below (&s->rng, s->n_players) : 0;
  if (cf_opt (game, CF_OPT_SETUP_CHOICES) == 1)
    {
      guint8 cards[CF_MAX_PAINTERS];
      for (guint i = 0; i < p->n_painters; i++)
        cards[i] = i;
      tw_rng_shuffle_u8 (&s->rng, cards, p->n_painters);
      for (guint q = 0; q < s->n_players; q++)
        {
          s->painter[q] = cards[q];
          s->face[q] = tw_rng_below (&s->rng, 2);
        }
    }
  choose_next (game, s);
}

/* Tiles are hashed by definition, so that two copies of one tile in each
 * other's places are the same position; derived fields (the effects, the
 * round's turn limit) are left out. */
guint64
cf_hash (const TwGame  *game,
         const TwState *state)
{
  const CfPrep *p = cf_prep (game);
  const CfState *s = (const CfState *) state;
  guint64 h = 0x6a09e667f3bcc908ull;
#define DEF(t) ((t) == CF_NONE ? 0xffffu : p->inst_def[t])

  h = tw_mix64 (h, s->n_players | (guint64) s->phase << 8 | (guint64) s->current << 16
                   | (guint64) s->first << 24 | (guint64) s->round << 32
                   | (guint64) s->blind_run << 48
                   | (guint64) s->refreshed << 56);
  h = tw_mix64 (h, s->n_hand | (guint64) s->drew << 8 | (guint64) DEF (s->hand[0]) << 16
                   | (guint64) DEF (s->hand[1]) << 32);
  for (guint i = 0; i < 4; i++)
    h = tw_mix64 (h, s->rng.s[i]);
  for (guint i = 0; i < CF_MAX_TRAY; i++)
    h = tw_mix64 (h, DEF (s->tray[i]));
  for (guint q = 0; q < s->n_players; q++)
    {
      h = tw_mix64 (h, s->painter[q] | (guint64) s->board[q] << 8 | (guint64) s->face[q] << 16
                       | (guint64) s->turns[q] << 24 | (guint64) s->uses[q] << 32
                       | (guint64) (guint16) s->score[q] << 40);
      h = tw_mix64 (h, (guint16) s->bonus[q]);
      for (guint r = 0; r < CF_MAX_ROUNDS; r++)
        h = tw_mix64 (h, (guint16) s->round_score[r][q]);
      for (guint i = 0; i < CF_SLOTS; i++)
        h = tw_mix64 (h, DEF (s->slot[q][i]) | (guint64) s->rot[q][i] << 16);
      for (guint i = 0; i < s->setup_len[q]; i++)
        h = tw_mix64 (h, DEF (s->setup[q][i]) | 0x10000);
      for (guint i = 0; i < s->pdisc_len[q]; i++)
        h = tw_mix64 (h, DEF (s->pdisc[q][i]) | (guint64) s->pdisc_seen[q][i] << 16 | 0x20000000);
    }
  for (guint i = 0; i < s->deck_len; i++)
    h = tw_mix64 (h, DEF (s->deck[i]) | 0x30000);
  for (guint i = 0; i < s->discard_len; i++)
    h = tw_mix64 (h, DEF (s->discard[i]) | (guint64) s->discard_seen[i] << 16 | 0x40000000);
  for (guint i = 0; i < s->tool_deck_len; i++)
    h = tw_mix64 (h, s->tool_deck[i] | 0x500);
  for (guint i = 0; i < s->n_active; i++)
    h = tw_mix64 (h, s->active[i] | 0x600);
  for (guint i = 0; i < s->tool_discard_len; i++)
    h = tw_mix64 (h, s->tool_discard[i] | 0x700);
#undef DEF
  return h;
}

int
cf_to_act (const TwGame  *game,
           const TwState *state)
{
  const CfState *s = (const CfState *) state;
  return s->phase == CF_PHASE_DONE ? -1 : s->current;
}

static inline void
push (TwMoveList *out,
      guint       kind,
      guint       a,
      guint       b,
      guint       c)
{
  TwMove *m = tw_move_list_push (out);
  m->kind = kind;
  m->a = a;
  m->b = b;
  m->c = c;
}

static gboolean
painter_taken (const CfState *s,
               guint          card)
{
  for (guint q = 0; q < s->n_players; q++)
    if (s->painter[q] == card)
      return TRUE;
  return FALSE;
}

void
cf_legal_moves (const TwGame  *game,
                const TwState *state,
                TwMoveList    *out)
{
  const CfPrep *p = cf_prep (game);
  const CfState *s = (const CfState *) state;
  guint seat = s->current;

  switch (s->phase)
    {
    case CF_PHASE_PAINTER:
      for (guint i = 0; i < p->n_painters; i++)
        if (!painter_taken (s, i))
          push (out, CF_MOVE_PAINTER, i, 0, 0);
      break;
    case CF_PHASE_SIDE:
      push (out, CF_MOVE_SIDE, 0, 0, 0);
      push (out, CF_MOVE_SIDE, 1, 0, 0);
      break;
    case CF_PHASE_SETUP:
      for (guint i = 0; i < CF_SLOTS; i++)
        if (s->slot[seat][i] == CF_NONE)
          push (out, CF_MOVE_SETUP, i, 0, 0);
      break;
    case CF_PHASE_ABILITY:
      push (out, CF_MOVE_SKIP, 0, 0, 0);
      for (guint i = 0; i < CF_SLOTS; i++)
        for (guint r = 0; r < 4; r++)
          if (r != s->rot[seat][i])
            push (out, CF_MOVE_ROTATE, i, r, 0);
      for (guint i = 0; i < CF_SLOTS; i++)
        for (guint j = i + 1; j < CF_SLOTS; j++)
          push (out, CF_MOVE_SWAP, i, j, 0);
      break;
    case CF_PHASE_DRAW:
      {
        guint avail = available (game, s);
        gboolean any = avail > 0;
        for (guint i = 0; i < (guint) cf_opt (game, CF_OPT_TRAY); i++)
          if (s->tray[i] != CF_NONE)
            {
              push (out, CF_MOVE_TAKE, i, 0, 0);
              any = TRUE;
            }
        if (avail > 0)
          push (out, CF_MOVE_DECK, 0, 0, 0);
        if (s->fx.draw_two && avail >= 2)
          push (out, CF_MOVE_DECK2, 0, 0, 0);
        if (s->refreshed < s->fx.refresh && avail > 0)
          push (out, CF_MOVE_REFRESH, 0, 0, 0);
        if (!any)
          push (out, CF_MOVE_PASS, 0, 0, 0);
        break;
      }
    case CF_PHASE_PLACE:
      {
        guint n_rot = s->fx.free_orient ? 4 : 1;
        for (guint c = 0; c < s->n_hand; c++)
          for (guint i = 0; i < CF_SLOTS; i++)
            for (guint r = 0; r < n_rot; r++)
              push (out, CF_MOVE_PLACE, i, r, c);
        if (cf_may_discard (game, s))
          for (guint c = 0; c < s->n_hand; c++)
            push (out, CF_MOVE_DISCARD, 0, 0, c);
        break;
      }
    default:
      break;
    }
}

gboolean
cf_apply (const TwGame  *game,
          TwState       *state,
          const TwMove  *move,
          GString       *why)
{
  const CfPrep *p = cf_prep (game);
  CfState *s = (CfState *) state;
  guint seat = s->current;
  static const guint8 phase_of[] = {
    [CF_MOVE_PAINTER] = CF_PHASE_PAINTER, [CF_MOVE_SIDE] = CF_PHASE_SIDE,
    [CF_MOVE_SETUP] = CF_PHASE_SETUP, [CF_MOVE_SKIP] = CF_PHASE_ABILITY,
    [CF_MOVE_ROTATE] = CF_PHASE_ABILITY, [CF_MOVE_SWAP] = CF_PHASE_ABILITY,
    [CF_MOVE_REFRESH] = CF_PHASE_DRAW, [CF_MOVE_TAKE] = CF_PHASE_DRAW,
    [CF_MOVE_DECK] = CF_PHASE_DRAW, [CF_MOVE_DECK2] = CF_PHASE_DRAW,
    [CF_MOVE_PASS] = CF_PHASE_DRAW, [CF_MOVE_PLACE] = CF_PHASE_PLACE,
    [CF_MOVE_DISCARD] = CF_PHASE_PLACE,
  };
  static const char * const wrong_phase[] = {
    [CF_PHASE_PAINTER] = N_("choose your Player Card first"),
    [CF_PHASE_SIDE] = N_("choose the face of your canvas board first"),
    [CF_PHASE_SETUP] = N_("place the tile revealed from your hand first"),
    [CF_PHASE_ABILITY] = N_("use an ability or skip before drawing"),
    [CF_PHASE_DRAW] = N_("draw a tile first"),
    [CF_PHASE_PLACE] = N_("place or discard the drawn tile first"),
    [CF_PHASE_DONE] = N_("the game is over"),
  };

  if (move->kind == 0 || move->kind > CF_MOVE_DISCARD)
    return tw_refuse (why, N_("not a Colorfield move"));
  if (s->phase == CF_PHASE_DONE)
    return tw_refuse (why, N_("the game is over"));
  if (phase_of[move->kind] != s->phase)
    {
      if (move->kind == CF_MOVE_ROTATE || move->kind == CF_MOVE_SWAP)
        if (s->phase == CF_PHASE_DRAW && !can_use_ability (game, s, seat))
          return tw_refuse (why,
                            N_("if a player has no more Ability tokens, they may not use their abilities on that turn"));
      if ((move->kind == CF_MOVE_ROTATE || move->kind == CF_MOVE_SWAP)
          && s->phase > CF_PHASE_ABILITY)
        return tw_refuse (why, N_("abilities are used before drawing a tile, one per turn"));
      return tw_refuse (why, wrong_phase[s->phase]);
    }

  switch (move->kind)
    {
    case CF_MOVE_PAINTER:
      if (move->a >= p->n_painters)
        return tw_refuse (why, N_("there is no such Player Card"));
      if (painter_taken (s, move->a))
        return tw_refuse (why, N_("another player has that Player Card"));
      s->painter[seat] = move->a;
      choose_next (game, s);
      return TRUE;

    case CF_MOVE_SIDE:
      if (move->a > 1)
        return tw_refuse (why, N_("a canvas board has two faces"));
      s->face[seat] = move->a;
      choose_next (game, s);
      return TRUE;

    case CF_MOVE_SETUP:
      if (move->a >= CF_SLOTS || s->slot[seat][move->a] != CF_NONE)
        return tw_refuse (why, N_("place the tile in an available space of your canvas"));
      s->slot[seat][move->a] = s->setup[seat][--s->setup_len[seat]];
      s->rot[seat][move->a] = 0;
      setup_next (game, s);
      return TRUE;

    case CF_MOVE_SKIP:
      s->phase = CF_PHASE_DRAW;
      return TRUE;

    case CF_MOVE_ROTATE:
      if (move->a >= CF_SLOTS || move->b > 3)
        return tw_refuse (why, N_("rotate a space 1-6 to r0, r1, r2 or r3"));
      if (move->b == s->rot[seat][move->a])
        return tw_refuse (why, N_("the tile already has that rotation"));
      s->rot[seat][move->a] = move->b;
      s->uses[seat]++;
      s->counters[CF_COUNTER_ABILITIES]++;
      s->phase = CF_PHASE_DRAW;
      return TRUE;

    case CF_MOVE_SWAP:
      {
        guint a = move->a, b = move->b;
        if (a >= CF_SLOTS || b >= CF_SLOTS || a >= b)
          return tw_refuse (why, N_("swap two different spaces of your canvas, the lower first"));
        guint8 t = s->slot[seat][a], r = s->rot[seat][a];
        s->slot[seat][a] = s->slot[seat][b];
        s->rot[seat][a] = s->rot[seat][b];
        s->slot[seat][b] = t;
        s->rot[seat][b] = r;
        if (cf_opt (game, CF_OPT_SWAP_ROTATION) == 1)
          s->rot[seat][a] = s->rot[seat][b] = 0;
        s->uses[seat]++;
        s->counters[CF_COUNTER_ABILITIES]++;
        s->phase = CF_PHASE_DRAW;
        return TRUE;
      }

    case CF_MOVE_REFRESH:
      if (!s->fx.refresh)
        return tw_refuse (why,
                          N_("only the Angled Rigger Brush replaces the face-up tiles before drawing"));
      if (s->refreshed >= s->fx.refresh)
        return tw_refuse (why, s->fx.refresh == 1 ? N_("the face-up tiles were already replaced this turn")
                                                  : N_("the face-up tiles were replaced as often as the tool allows this turn"));
      if (available (game, s) == 0)
        return tw_refuse (why, N_("there are no tiles left to replace them with"));
      refresh_tray (game, s);
      s->refreshed++;
      s->counters[CF_COUNTER_TOOL_REFRESHES]++;
      return TRUE;

    case CF_MOVE_TAKE:
      if (move->a >= (guint) cf_opt (game, CF_OPT_TRAY) || s->tray[move->a] == CF_NONE)
        return tw_refuse (why, N_("there is no face-up tile there"));
      s->hand[0] = s->tray[move->a];
      s->hand[1] = CF_NONE;
      s->n_hand = 1;
      s->drew = CF_DREW_TRAY;
      /* immediately replaced with the top tile from the draw deck */
      s->tray[move->a] = draw_top (game, s);
      s->blind_run = 0;
      s->counters[CF_COUNTER_TRAY_DRAWS]++;
      s->phase = CF_PHASE_PLACE;
      return TRUE;

    case CF_MOVE_DECK:
    case CF_MOVE_DECK2:
      {
        guint n = move->kind == CF_MOVE_DECK2 ? 2 : 1;
        if (n == 2 && !s->fx.draw_two)
          return tw_refuse (why, N_("only the Watercolor Paper Sketchbook draws two tiles"));
        if (available (game, s) < n)
          return tw_refuse (why, N_("the draw deck and the discard pile are out of tiles"));
        s->hand[0] = draw_top (game, s);
        s->hand[1] = n == 2 ? draw_top (game, s) : CF_NONE;
        s->n_hand = n;
        s->drew = n == 2 ? CF_DREW_DECK2 : CF_DREW_DECK;
        s->blind_run++;
        s->counters[CF_COUNTER_DECK_DRAWS]++;
        s->phase = CF_PHASE_PLACE;
        return TRUE;
      }

    case CF_MOVE_PASS:
      {
        if (available (game, s) > 0)
          return tw_refuse (why, N_("there are tiles to draw"));
        for (guint i = 0; i < CF_MAX_TRAY; i++)
          if (s->tray[i] != CF_NONE)
            return tw_refuse (why, N_("there are face-up tiles to draw"));
        s->blind_run = 0;
        end_turn (game, s);
        return TRUE;
      }

    case CF_MOVE_PLACE:
      {
        if (move->c >= s->n_hand)
          return tw_refuse (why, N_("there is no such drawn tile"));
        if (move->a >= CF_SLOTS)
          return tw_refuse (why, N_("the canvas has spaces 1 to 6"));
        if (move->b > 3)
          return tw_refuse (why, N_("rotation is r0, r1, r2 or r3"));
        if (move->b != 0 && !s->fx.free_orient)
          return tw_refuse (why, N_("all tiles must be placed with the number 2 oriented upright"));
        guint8 old = s->slot[seat][move->a];
        s->pdisc_seen[seat][s->pdisc_len[seat]] = CF_NONE;
        s->pdisc[seat][s->pdisc_len[seat]++] = old;
        s->slot[seat][move->a] = s->hand[move->c];
        s->rot[seat][move->a] = move->b;
        if (s->n_hand == 2)
          to_discard (s, s->hand[1 - move->c], seat);
        s->hand[0] = s->hand[1] = CF_NONE;
        end_turn (game, s);
        return TRUE;
      }

    case CF_MOVE_DISCARD:
      {
        if (move->c >= s->n_hand)
          return tw_refuse (why, N_("there is no such drawn tile"));
        if (!cf_may_discard (game, s))
          return tw_refuse (why,
                            N_("with the Sketchbook, players must choose one to play and one to discard"));
        guint8 seen = s->drew == CF_DREW_TRAY ? CF_NONE : seat;
        s->pdisc_seen[seat][s->pdisc_len[seat]] = seen;
        s->pdisc[seat][s->pdisc_len[seat]++] = s->hand[move->c];
        if (s->n_hand == 2)
          to_discard (s, s->hand[1 - move->c], seat);
        s->hand[0] = s->hand[1] = CF_NONE;
        if (s->fx.discard_bonus)
          {
            s->bonus[seat] += s->fx.discard_bonus;
            s->score[seat] += s->fx.discard_bonus;
          }
        s->counters[CF_COUNTER_UNPLAYED]++;
        end_turn (game, s);
        return TRUE;
      }

    default:
      return tw_refuse (why, N_("not a Colorfield move"));
    }
}

void
cf_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const CfState *s = (const CfState *) state;
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = s->score[q];
}

/* The most points wins; tied players share the victory (equal ranks). */
void
cf_ranking (const TwGame  *game,
            const TwState *state,
            guint         *rank)
{
  const CfState *s = (const CfState *) state;
  int sc[CF_MAX_PLAYERS];

  for (guint q = 0; q < s->n_players; q++)
    sc[q] = s->score[q];
  tw_rank_by_score (sc, s->n_players, rank);
}

/* Resamples what @player has not seen: the deck order, the face-down setup
 * hands, a tile another player drew blind and has in hand, and tiles
 * others saw alone in the discard piles. */
void
cf_observe (const TwGame *game,
            TwState      *state,
            guint         player,
            TwRng        *rng)
{
  CfState *s = (CfState *) state;
  guint8 *where[CF_MAX_TILES];
  guint8 values[CF_MAX_TILES];
  guint n = 0;

#define CF_HIDE(ptr) G_STMT_START { where[n] = (ptr); values[n] = *(ptr); n++; } G_STMT_END
  for (guint i = 0; i < s->deck_len; i++)
    CF_HIDE (&s->deck[i]);
  for (guint q = 0; q < s->n_players; q++)
    {
      for (guint i = 0; i < s->setup_len[q]; i++)
        CF_HIDE (&s->setup[q][i]);
      for (guint i = 0; i < s->pdisc_len[q]; i++)
        if (s->pdisc_seen[q][i] != CF_NONE && s->pdisc_seen[q][i] != player)
          CF_HIDE (&s->pdisc[q][i]);
    }
  for (guint i = 0; i < s->discard_len; i++)
    if (s->discard_seen[i] != CF_NONE && s->discard_seen[i] != player)
      CF_HIDE (&s->discard[i]);
  if (s->current != player && s->n_hand > 0 && s->drew != CF_DREW_TRAY)
    for (guint i = 0; i < s->n_hand; i++)
      CF_HIDE (&s->hand[i]);
#undef CF_HIDE
  tw_canonical_pool (values, n);
  tw_rng_shuffle_u8 (rng, values, n);
  for (guint i = 0; i < n; i++)
    *where[i] = values[i];
  tw_rng_seed (&s->rng, tw_rng_next (rng));
}

void
cf_counters (const TwGame  *game,
             const TwState *state,
             guint64       *out)
{
  tw_counters_copy (((const CfState *) state)->counters, CF_N_COUNTERS, out);
}

static gboolean
fail (GString    *why,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GString    *why,
      const char *format,
      ...)
{
  va_list args;
  if (why)
    {
      va_start (args, format);
      g_string_append_vprintf (why, format, args);
      va_end (args);
    }
  return FALSE;
}

/* From scratch: every tile instance and tool card in exactly one place,
 * canvases full whenever turns are played, scores equal to their parts,
 * the tools' effects equal to the active cards'. */
gboolean
cf_check (const TwGame  *game,
          const TwState *state,
          GString       *why)
{
  const CfPrep *p = cf_prep (game);
  const CfState *s = (const CfState *) state;
  guint8 seen[CF_MAX_TILES] = { 0 };
  guint8 tool_seen[CF_MAX_TOOLS] = { 0 };
  gboolean in_turns = s->phase == CF_PHASE_ABILITY || s->phase == CF_PHASE_DRAW
                      || s->phase == CF_PHASE_PLACE;
#define SEE(t, where) \
  G_STMT_START { \
    guint t_ = (t); \
    if (t_ >= p->n_inst) \
      return fail (why, "%s holds tile instance %u, which does not exist", where, t_); \
    if (seen[t_]++) \
      return fail (why, "tile instance %u is in %s and elsewhere", t_, where); \
  } G_STMT_END

  if (s->n_players != game->n_players)
    return fail (why, "the state has %u players, the game %u", s->n_players, game->n_players);
  for (guint i = 0; i < s->deck_len; i++)
    SEE (s->deck[i], "the deck");
  for (guint i = 0; i < s->discard_len; i++)
    SEE (s->discard[i], "the discard pile");
  for (guint i = 0; i < CF_MAX_TRAY; i++)
    if (s->tray[i] != CF_NONE)
      {
        if (i >= (guint) cf_opt (game, CF_OPT_TRAY))
          return fail (why, "a tile lies beyond the tray");
        SEE (s->tray[i], "the tray");
      }
  if (s->n_hand > 2 || (s->n_hand > 0) != (s->phase == CF_PHASE_PLACE))
    return fail (why, "%u drawn tiles in the %s phase", s->n_hand, cf_phase_names[s->phase]);
  for (guint i = 0; i < s->n_hand; i++)
    SEE (s->hand[i], "the hand");
  if ((s->n_hand == 2) != (s->drew == CF_DREW_DECK2))
    return fail (why, "two drawn tiles without the Sketchbook draw");
  for (guint q = 0; q < s->n_players; q++)
    {
      guint filled = 0;
      for (guint i = 0; i < CF_SLOTS; i++)
        if (s->slot[q][i] != CF_NONE)
          {
            SEE (s->slot[q][i], "a canvas");
            filled++;
            if (s->rot[q][i] > 3)
              return fail (why, "a tile has rotation %u", s->rot[q][i]);
          }
      for (guint i = 0; i < s->setup_len[q]; i++)
        SEE (s->setup[q][i], "a setup hand");
      if (s->setup_len[q] > CF_SLOTS || (s->phase != CF_PHASE_DONE
                                         && filled + s->setup_len[q] != CF_SLOTS
                                         && s->phase >= CF_PHASE_SETUP))
        return fail (why, "player %u has %u tiles on the canvas and %u in hand", q + 1, filled,
                     s->setup_len[q]);
      if (in_turns && filled != CF_SLOTS)
        return fail (why, "player %u plays a turn with an unfinished canvas", q + 1);
      if (s->pdisc_len[q] > CF_MAX_TURNS)
        return fail (why, "player %u's discard pile is too long", q + 1);
      for (guint i = 0; i < s->pdisc_len[q]; i++)
        SEE (s->pdisc[q][i], "a personal discard pile");
      /* a turn discards one tile (none when there was nothing to draw) */
      if (s->pdisc_len[q] > s->turns[q])
        return fail (why, "player %u took %u turns but discarded %u tiles", q + 1, s->turns[q],
                     s->pdisc_len[q]);
      int sum = s->bonus[q];
      for (guint r = 0; r < s->round && r < CF_MAX_ROUNDS; r++)
        sum += s->round_score[r][q];
      if (sum != s->score[q])
        return fail (why, "player %u has %d points, the rounds add up to %d", q + 1, s->score[q],
                     sum);
      if (s->phase >= CF_PHASE_SETUP && (s->painter[q] >= p->n_painters || s->face[q] > 1))
        return fail (why, "player %u plays without a painter or a canvas face", q + 1);
      for (guint o = 0; o < q; o++)
        if (s->board[o] == s->board[q] || (s->painter[q] != CF_NONE
                                           && s->painter[o] == s->painter[q]))
          return fail (why, "players %u and %u share a canvas board or a Player Card", o + 1,
                       q + 1);
      if (in_turns && s->uses[q] > MAX (cf_opt (game, CF_OPT_TOKENS), (int) s->fx.abilities))
        return fail (why, "player %u used %u abilities", q + 1, s->uses[q]);
      if (in_turns && (s->turns[q] > s->turn_limit
                       || (q == s->current && s->turns[q] >= s->turn_limit)))
        return fail (why, "player %u took %u turns of %u", q + 1, s->turns[q], s->turn_limit);
    }
  for (guint t = 0; t < p->n_inst; t++)
    if (!seen[t])
      return fail (why, "tile instance %u is nowhere", t);
  if (s->current >= s->n_players || s->first >= s->n_players || s->phase >= CF_N_PHASES)
    return fail (why, "no such seat or phase");
  if (s->phase == CF_PHASE_SETUP && s->setup_len[s->current] == 0)
    return fail (why, "player %u places a setup tile with none in hand", s->current + 1);
  if (s->phase == CF_PHASE_PAINTER && s->painter[s->current] != CF_NONE)
    return fail (why, "player %u already has a Player Card", s->current + 1);
  if ((s->round >= cf_opt (game, CF_OPT_ROUNDS)) != (s->phase == CF_PHASE_DONE))
    return fail (why, "round %u of %d", s->round + 1u, cf_opt (game, CF_OPT_ROUNDS));
#undef SEE

  /* tool cards: the definition's first N, each once */
  guint n_tools = MIN ((guint) cf_opt (game, CF_OPT_TOOL_DECK_SIZE), p->n_tools);
  guint counted = s->tool_deck_len + s->n_active + s->tool_discard_len;
  if (counted != n_tools)
    return fail (why, "%u tool cards in play, the deck has %u", counted, n_tools);
  {
    guint8 all[CF_MAX_TOOLS * 3];
    guint n = 0;
    memcpy (all + n, s->tool_deck, s->tool_deck_len);
    n += s->tool_deck_len;
    memcpy (all + n, s->active, s->n_active);
    n += s->n_active;
    memcpy (all + n, s->tool_discard, s->tool_discard_len);
    n += s->tool_discard_len;
    for (guint i = 0; i < n; i++)
      {
        gboolean found = FALSE;
        for (guint k = 0; k < n_tools && !found; k++)
          if (p->tools[k] == all[i] && !tool_seen[k])
            {
              tool_seen[k] = 1;
              found = TRUE;
            }
        if (!found)
          return fail (why, "tool card %u is counted twice or is not in the deck", all[i]);
      }
  }
  if (in_turns && !cf_opt (game, CF_OPT_ADVANCED) && s->n_active > 1)
    return fail (why, "%u tools in play outside Advanced Mode", s->n_active);
  CfEffects fx;
  cf_compute_effects (game, s, &fx);
  if (memcmp (&fx, &s->fx, sizeof fx) != 0)
    return fail (why, "the tools' effects do not match the tools in play");
  if (in_turns && s->turn_limit != MIN (cf_opt (game, CF_OPT_TURNS) + fx.extra_turns, CF_MAX_TURNS))
    return fail (why, "the round has %u turns", s->turn_limit);
  /* the count reaches a full cycle during a turn and is acted on at its end */
  if (s->blind_run > s->n_players || (s->blind_run == s->n_players && s->phase != CF_PHASE_PLACE))
    return fail (why, "a cycle of blind draws was not followed by new face-up tiles");
  return TRUE;
}
