/* cf-rules.c: Colorfield, every rule
 *
 * The rules as read in doc/rules/colorfield.md (from shared/rules/colorfield.md):
 * paint tiles laid upright on a 2x3 canvas whose border shows two or three
 * colours per edge space, three ability tokens per round (Rotate, Swap), a
 * three-tile face-up tray refilled at once and refreshed after a full cycle
 * of blind draws, five turns of draw and replace-or-discard, round scoring
 * with the specialty colour, three rounds, and the fourteen Community Tools
 * as effect kinds with parameters (Advanced Mode keeps them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cf-private.h"

/* ------------------------------------------------------------------------ */
/* Schemas                                                                  */

static const char * const tool_reveal_choices[] = { "before-setup", "after-setup", NULL };
static const char * const setup_choices[] = { "choose", "dealt", NULL };
static const char * const first_player_choices[] = { "first-seat", "random", NULL };
static const char * const swap_choices[] = { "keep-rotation", "upright", NULL };
static const char * const reshuffle_choices[] = { "common-discard", "all-discards", NULL };
static const char * const collective_choices[] = { "tokens-first", "free-first", NULL };

const TwOptionSpec cf_options[] = {
  [CF_OPT_ADVANCED] = { "advanced-mode", TW_VALUE_BOOL, 0, 0, 1, NULL,
    "Advanced Mode: each round's Community Tool stays, so rounds have 1, 2 and 3 tools in play.",
    .label = "Advanced Mode",
    .source = "Rulebook, Advanced Mode: each round's Community Tool stays; notes 4.2.4" },
  [CF_OPT_TOOL_DECK_SIZE] = { "tool-deck-size", TW_VALUE_INT, 14, 0, CF_MAX_TOOLS, NULL,
    "The tool deck is the definition's first N cards: the components list 10 cards but the text describes 14, so all by default (10: the printed count; 0: no tools).",
    .label = "Tool deck size",
    .source = "Rulebook: the components list 10 tool cards, the text describes 14; notes 4.2.12 (AMBIGUITY)" },
  [CF_OPT_TOOL_REVEAL] = { "tool-reveal", TW_VALUE_CHOICE, 1, 0, 0, tool_reveal_choices,
    "Round set-up as printed: set-up tiles, the tray, \"Then, draw and reveal one Community Tool Card\" (so the Rounded Wooden Palette acts at set-up only when kept in Advanced Mode); before-setup reveals the tool first, so that it always can.",
    .label = "Round set-up order",
    .source = "Rulebook, round set-up: tiles, then the tray, \"Then, draw and reveal one Community Tool Card\"; notes 4.2.4" },
  [CF_OPT_SETUP_CHOICES] = { "setup-choices", TW_VALUE_CHOICE, 0, 0, 0, setup_choices,
    "Players choose their Player Card and the face of their dealt canvas board, as written; dealt draws both at random (quick simulations).",
    .label = "Player Card and canvas face",
    .source = "Rulebook, game set-up: players choose; notes 4.2.3" },
  [CF_OPT_FIRST_PLAYER] = { "first-player", TW_VALUE_CHOICE, 0, 0, 0, first_player_choices,
    "Who starts (the rulebook: whoever painted most recently; the first player never changes): the first seat, or a seat drawn from the seed.",
    .label = "First player",
    .source = "Rulebook: the most recent painter starts and stays first; notes 4.2.3" },
  [CF_OPT_SWAP_ROTATION] = { "swap-rotation", TW_VALUE_CHOICE, 0, 0, 0, swap_choices,
    "Swapped tiles keep their current rotation (\"follow the orientation rules\" forbids turning them, not keeping an earlier Rotate); upright turns both back to upright.",
    .label = "Swapped tiles' rotation",
    .source = "Rulebook, ability Swap: \"follow the orientation rules\"; notes 4.2.6 (AMBIGUITY)" },
  [CF_OPT_RESHUFFLE] = { "reshuffle", TW_VALUE_CHOICE, 0, 0, 0, reshuffle_choices,
    "When the draw deck runs out, the common discard pile is shuffled into a new deck and the personal discards stay until the round ends; all-discards shuffles the personal piles in too.",
    .label = "Reshuffle",
    .source = "Rulebook: an empty deck; notes 4.2.8 (AMBIGUITY)" },
  [CF_OPT_COLLECTIVE_TOKENS] = { "local-collective-tokens", TW_VALUE_CHOICE, 0, 0, 0, collective_choices,
    "Local Collective allows more abilities than tokens: the tokens are spent first and the extra uses are free (unspent tokens still pay); free-first spends the free uses before any token.",
    .label = "Local Collective tokens",
    .source = "Rulebook, tool Local Collective; notes 4.2.12 (AMBIGUITY)" },
  [CF_OPT_SKETCH_MUST_PLACE] = { "sketchbook-must-place", TW_VALUE_BOOL, 1, 0, 1, NULL,
    "After drawing two with the Sketchbook the kept tile must be played (\"choose one to play and one to discard\"); off: it may also be discarded.",
    .label = "Sketchbook tile must be played",
    .source = "Rulebook, tool Watercolor Paper Sketchbook: \"choose one to play and one to discard\"; notes 4.2.12 (AMBIGUITY)" },
  [CF_OPT_STACK] = { "tool-modifiers-stack", TW_VALUE_BOOL, 0, 0, 1, NULL,
    "Scoring tools do not stack on the rules or specialities (the rulebook's footnote): Minimalism pays 5 per token instead of 1, the Sponge skips specialty sides; on: they add up (6 per token, a specialty 2-side under the Sponge scores 5).",
    .label = "Scoring tools stack",
    .source = "Rulebook footnote: tool effects that modify scoring do not stack; notes 4.2.12" },
  [CF_OPT_ROUNDS] = { "rounds", TW_VALUE_INT, 3, 1, CF_MAX_ROUNDS, NULL,
    "Rounds in a game (the rulebook: three).",
    .label = "Rounds",
    .source = "Rulebook: three rounds; notes 4.2.4" },
  [CF_OPT_TURNS] = { "turns-per-round", TW_VALUE_INT, 5, 1, CF_MAX_TURNS - 4, NULL,
    "Turns each player takes in a round before scoring (the rulebook: five).",
    .label = "Turns per round",
    .source = "Rulebook: five turns per player and round; notes 4.2.5" },
  [CF_OPT_TOKENS] = { "ability-tokens", TW_VALUE_INT, 3, 0, 12, NULL,
    "Ability tokens per player and round (the rulebook: three of the four markers).",
    .label = "Ability tokens",
    .source = "Rulebook: three of the four markers are ability tokens; notes 4.2.3" },
  [CF_OPT_TRAY] = { "tray-size", TW_VALUE_INT, 3, 1, CF_MAX_TRAY, NULL,
    "Face-up tiles on the draw tray (the rulebook: three).",
    .label = "Tray size",
    .source = "Rulebook: three face-up tiles on the draw tray; notes 4.2.4" },
  [CF_OPT_TWO_POINTS] = { "two-side-points", TW_VALUE_INT, 2, 0, 9, NULL,
    "Points for a matched 2-side (the rulebook: 2).",
    .label = "Points for a 2-side",
    .source = "Rulebook, round scoring: a matched 2-side scores 2; notes 4.2.9" },
  [CF_OPT_SPECIALTY_BONUS] = { "specialty-bonus", TW_VALUE_INT, 2, 0, 9, NULL,
    "Bonus for a matched 2-side of the player's Specialty colour (the rulebook: 2, so 4 in all).",
    .label = "Specialty bonus",
    .source = "Rulebook, round scoring: the Specialty colour's 2-side scores 2 more; notes 4.2.9" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (cf_options) == CF_N_OPTIONS);

static const TwParamSpec p_points1[] = {
  { "points", TW_VALUE_INT, FALSE, 1, 0, 20, NULL, "Points for each." },
};
static const TwParamSpec p_points2[] = {
  { "points", TW_VALUE_INT, FALSE, 2, 0, 20, NULL, "Points for each." },
};
static const TwParamSpec p_two_value[] = {
  { "points", TW_VALUE_INT, FALSE, 3, 0, 20, NULL, "What a matched non-specialty 2-side scores." },
};
static const TwParamSpec p_abilities[] = {
  { "abilities", TW_VALUE_INT, FALSE, 5, 1, CF_MAX_TURNS, NULL, "Abilities a player may use this round, one before each turn." },
};
static const TwParamSpec p_turns[] = {
  { "turns", TW_VALUE_INT, FALSE, 1, 1, 4, NULL, "Additional turns before scoring." },
};
static const TwParamSpec p_swath[] = {
  { "points", TW_VALUE_INT, FALSE, 5, 0, 50, NULL, "Bonus for the swath." },
  { "tiles", TW_VALUE_INT, FALSE, 3, 2, CF_SLOTS, NULL, "Tiles the swath must cover." },
};
static const TwParamSpec p_refreshes[] = {
  { "per-turn", TW_VALUE_INT, FALSE, 1, 1, 9, NULL,
    "Refreshes a player may make before one draw (the card says \"before drawing you may refresh the tray\"; "
    "once is the project's reading: a second refresh would only cycle the deck)." },
};
static const TwParamSpec p_token_value[] = {
  { "points", TW_VALUE_INT, FALSE, 5, 0, 20, NULL, "Points per unused ability token." },
};

const TwCardKind cf_card_kinds[] = {
  [CF_TOOL_PERFECT] = { "opponent-perfect-tiles", "tool", "Mahl Stick",
    "When scoring, +N for every tile on an opponent's canvas that matches on all four sides.",
    p_points1, G_N_ELEMENTS (p_points1) },
  [CF_TOOL_REFRESH] = { "refresh-tray", "tool", "Angled Rigger Brush",
    "Before drawing, a player may discard the face-up tiles and replace them from the deck (N times a turn).",
    p_refreshes, G_N_ELEMENTS (p_refreshes) },
  [CF_TOOL_TWO_VALUE] = { "two-side-value", "tool", "High-Density Sponge",
    "Matched non-specialty 2-sides score N.", p_two_value, G_N_ELEMENTS (p_two_value) },
  [CF_TOOL_ABILITIES] = { "ability-every-turn", "tool", "Local Collective",
    "One ability before each turn, up to N this round.", p_abilities, G_N_ELEMENTS (p_abilities) },
  [CF_TOOL_DISCARD_BONUS] = { "discard-bonus", "tool", "Nylon Filbert Brush",
    "+N at once for a drawn tile discarded without playing it.", p_points2, G_N_ELEMENTS (p_points2) },
  [CF_TOOL_EXTRA_TURNS] = { "extra-turns", "tool", "Unpaid Intern",
    "Every player takes N more turns before scoring.", p_turns, G_N_ELEMENTS (p_turns) },
  [CF_TOOL_SPONSOR] = { "sponsorship", "tool", "Corporate Sponsorships",
    "+N for every scoring 1-point side of your specialty colour on opponents' canvases.",
    p_points1, G_N_ELEMENTS (p_points1) },
  [CF_TOOL_FREE_ORIENT] = { "free-orientation", "tool", "Wooden New Wave Palette",
    "Tiles may be played in any rotation on a turn.", NULL, 0 },
  [CF_TOOL_DRAW_TWO] = { "draw-two", "tool", "Watercolor Paper Sketchbook",
    "Draw two from the deck instead of one; play one, the other goes to the discard pile.", NULL, 0 },
  [CF_TOOL_FREE_SETUP] = { "free-setup", "tool", "Rounded Wooden Palette",
    "During Round Setup, revealed tiles go in any empty space.", NULL, 0 },
  [CF_TOOL_VARNISH] = { "orientation-bonus", "tool", "Matte Varnish",
    "+N for every upright tile at the end of the round.", p_points2, G_N_ELEMENTS (p_points2) },
  [CF_TOOL_SWATH] = { "specialty-swath", "tool", "H-Frame Easel",
    "+N if one continuous swath of your specialty colour covers at least T tiles.",
    p_swath, G_N_ELEMENTS (p_swath) },
  [CF_TOOL_EDGE_POINTS] = { "canvas-edge-points", "tool", "Paper Lining Tape",
    "+N for every canvas edge space matched by its tile side.", p_points1, G_N_ELEMENTS (p_points1) },
  [CF_TOOL_TOKEN_VALUE] = { "token-value", "tool", "Minimalism",
    "Unused ability tokens score N each.", p_token_value, G_N_ELEMENTS (p_token_value) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (cf_card_kinds) == CF_N_TOOL_KINDS);

static const char * const cf_counter_names[] = {
  [CF_COUNTER_TURNS] = "turns",
  [CF_COUNTER_TRAY_DRAWS] = "tray-draws",
  [CF_COUNTER_DECK_DRAWS] = "deck-draws",
  [CF_COUNTER_ABILITIES] = "abilities-used",
  [CF_COUNTER_BLIND_REFRESHES] = "tray-refreshes-after-blind-draws",
  [CF_COUNTER_TOOL_REFRESHES] = "tray-refreshes-by-tool",
  [CF_COUNTER_RESHUFFLES] = "deck-reshuffles",
  [CF_COUNTER_UNPLAYED] = "tiles-discarded-unplayed",
  NULL,
};

const char * const cf_phase_names[] = {
  "painter", "side", "setup", "ability", "draw", "place", "done", NULL
};


/* ------------------------------------------------------------------------ */
/* Definition time: tiles' 2-sides, canvases and painters                   */

#define CF_ERR(diags, ...) \
  G_STMT_START { if ((diags) != NULL) tw_diag_error ((diags), __VA_ARGS__); } G_STMT_END

static gboolean
parse_dir (const char *text,
           guint      *out)
{
  static const char * const names[][3] = {
    { "N", "n", "north" }, { "E", "e", "east" }, { "S", "s", "south" }, { "W", "w", "west" },
  };
  for (guint d = 0; d < 4; d++)
    for (guint k = 0; k < 3; k++)
      if (g_ascii_strcasecmp (text, names[d][k]) == 0)
        {
          *out = d;
          return TRUE;
        }
  return FALSE;
}

static gboolean
scalar_of (const TwNode  *node,
           const char    *what,
           TwDiagnostics *diags)
{
  if (node == NULL || node->type != TW_NODE_SCALAR)
    {
      CF_ERR (diags, node, NULL, "%s must be a single word", what);
      return FALSE;
    }
  return TRUE;
}

/* The canvas: `canvas: {spaces: [[1, 2, 3], [4, 5, 6]]}` says which space
 * number lies where (rows from the top); absent, reading order, the notes'
 * [ASSUMPTION]. Fills the slots' places, neighbours and border sides. */
static gboolean
parse_canvas (const TwDefinition *def,
              TwDiagnostics      *report,
              CfPrep             *p)
{
  static const char * const keys[] = { "spaces", NULL };
  /* the node helpers want a list to report to, also in prepare() */
  g_autoptr(TwDiagnostics) scratch = report ? NULL : tw_diagnostics_new (NULL);
  TwDiagnostics *diags = report ? report : scratch;
  const TwNode *canvas = tw_node_get (def->root, "canvas");
  const TwNode *spaces = canvas ? tw_node_get (canvas, "spaces") : NULL;
  gint8 at[CF_CANVAS_H][CF_CANVAS_W];
  guint seen = 0;

  for (guint i = 0; i < CF_SLOTS; i++)
    at[i / CF_CANVAS_W][i % CF_CANVAS_W] = i;
  if (canvas != NULL)
    {
      if (!tw_node_expect (canvas, TW_NODE_MAP, "canvas", diags)
          || !tw_node_check_keys (canvas, keys, "canvas", diags))
        return FALSE;
      if (spaces == NULL || spaces->type != TW_NODE_SEQ || spaces->n_children != CF_CANVAS_H)
        {
          CF_ERR (diags, spaces ? spaces : canvas, "e.g. `spaces: [[1, 2, 3], [4, 5, 6]]`",
                  "canvas spaces: %u rows of %u space numbers", CF_CANVAS_H, CF_CANVAS_W);
          return FALSE;
        }
      for (guint y = 0; y < CF_CANVAS_H; y++)
        {
          const TwNode *row = spaces->children[y];
          if (row->type != TW_NODE_SEQ || row->n_children != CF_CANVAS_W)
            {
              CF_ERR (diags, row, "e.g. `[1, 2, 3]`", "a canvas row holds %u space numbers",
                      CF_CANVAS_W);
              return FALSE;
            }
          for (guint x = 0; x < CF_CANVAS_W; x++)
            {
              gint64 n;
              if (!tw_node_to_int (row->children[x], 1, CF_SLOTS, &n, diags))
                return FALSE;
              if (seen & (1u << (n - 1)))
                {
                  CF_ERR (diags, row->children[x], "number the spaces 1 to 6, each once",
                          "canvas space %d is named twice", (int) n);
                  return FALSE;
                }
              seen |= 1u << (n - 1);
              at[y][x] = n - 1;
            }
        }
    }

  for (guint y = 0; y < CF_CANVAS_H; y++)
    for (guint x = 0; x < CF_CANVAS_W; x++)
      {
        guint i = at[y][x];
        p->slot_x[i] = x;
        p->slot_y[i] = y;
        p->neighbour[i][0] = y > 0 ? at[y - 1][x] : -1;
        p->neighbour[i][1] = x + 1 < CF_CANVAS_W ? at[y][x + 1] : -1;
        p->neighbour[i][2] = y + 1 < CF_CANVAS_H ? at[y + 1][x] : -1;
        p->neighbour[i][3] = x > 0 ? at[y][x - 1] : -1;
        /* border spaces clockwise: the top row, the right side, the bottom
         * row (right to left), the left side (bottom to top) */
        p->border_of[i][0] = y == 0 ? (int) x : -1;
        p->border_of[i][1] = x == CF_CANVAS_W - 1 ? (int) (CF_CANVAS_W + y) : -1;
        p->border_of[i][2] = y == CF_CANVAS_H - 1 ? (int) (CF_CANVAS_W + CF_CANVAS_H + CF_CANVAS_W - 1 - x) : -1;
        p->border_of[i][3] = x == 0 ? (int) (2 * CF_CANVAS_W + CF_CANVAS_H + CF_CANVAS_H - 1 - y) : -1;
      }
  return TRUE;
}

/* Reads the module's own data into @p; with @diags NULL (prepare(), after a
 * validate() that passed) it only fills. Returns FALSE on any problem. */
static gboolean
parse_definition (const TwDefinition *def,
                  TwDiagnostics      *diags,
                  CfPrep             *p)
{
  gboolean ok = TRUE;
  const TwNode *canvases = tw_node_get (def->root, "canvases");
  const TwNode *painters = tw_node_get (def->root, "painters");

  if (def->n_colors == 0 || def->n_colors > 15)
    {
      CF_ERR (diags, tw_node_get (def->root, "colors"), NULL,
              "Colorfield needs 1 to 15 colours, this file has %u", def->n_colors);
      ok = FALSE;
    }
  p->n_colors = def->n_colors;
  if (def->total_tiles < 6 * CF_MAX_PLAYERS + CF_MAX_TRAY || def->total_tiles > CF_MAX_TILES)
    {
      CF_ERR (diags, tw_node_get (def->root, "tiles"),
              "every player needs six tiles and the tray five",
              "Colorfield needs %u to %u tiles, this file has %u",
              6 * CF_MAX_PLAYERS + CF_MAX_TRAY, CF_MAX_TILES, def->total_tiles);
      ok = FALSE;
    }
  for (guint i = 0, k = 0; i < def->n_tiles; i++)
    {
      const TwTileDef *t = &def->tiles[i];
      const TwNode *two = t->node ? tw_node_get (t->node, "two") : NULL;
      guint dir = 0;

      if (t->n_edges != 4)
        {
          CF_ERR (diags, t->node, "give it `edges: [N, E, S, W]` colours",
                  "Colorfield tile '%s' has no edges", t->id);
          ok = FALSE;
        }
      if (two == NULL)
        {
          CF_ERR (diags, t->node, "add `two: S` (the side that shows the 2, tile upright)",
                  "Colorfield tile '%s' does not say which side shows the 2", t->id);
          ok = FALSE;
        }
      else if (two->type != TW_NODE_SCALAR || !parse_dir (two->scalar, &dir))
        {
          CF_ERR (diags, two, "one of N, E, S, W",
                  "the 2-side of tile '%s' must be a direction", t->id);
          ok = FALSE;
        }
      for (guint c = 0; c < t->count && k < CF_MAX_TILES; c++, k++)
        {
          p->inst_def[k] = i;
          p->two[k] = dir;
          for (guint r = 0; r < 4; r++)
            for (guint d = 0; d < 4; d++)
              p->edge[k][r][d] = t->edges[(d + 4 - r) & 3];
        }
    }
  p->n_inst = MIN (def->total_tiles, CF_MAX_TILES);

  /* painters: id, name, specialty */
  if (painters == NULL || painters->type != TW_NODE_SEQ)
    {
      CF_ERR (diags, painters ? painters : tw_node_get (def->root, "game"),
              "a list like `- {id: wei-ta-chin, name: Wei-Ta Chin, specialty: coral}`",
              "Colorfield needs a `painters:` list of player cards");
      ok = FALSE;
    }
  else
    {
      static const char * const keys[] = { "id", "name", "specialty", NULL };
      if (painters->n_children < CF_MAX_PLAYERS || painters->n_children > CF_MAX_PAINTERS)
        {
          CF_ERR (diags, painters, NULL, "Colorfield needs %u to %u painters, this file has %u",
                  CF_MAX_PLAYERS, CF_MAX_PAINTERS, painters->n_children);
          ok = FALSE;
        }
      for (guint i = 0; i < painters->n_children && i < CF_MAX_PAINTERS; i++)
        {
          const TwNode *e = painters->children[i];
          const TwNode *id, *name, *spec;
          if (e->type != TW_NODE_MAP)
            {
              CF_ERR (diags, e, NULL, "painter %u must be a map", i + 1);
              ok = FALSE;
              continue;
            }
          if (diags && !tw_node_check_keys (e, keys, "a painter", diags))
            ok = FALSE;
          id = tw_node_get (e, "id");
          name = tw_node_get (e, "name");
          spec = tw_node_get (e, "specialty");
          /* a wrong type is an error, never replaced by the id */
          if (name != NULL && name->type != TW_NODE_SCALAR)
            {
              CF_ERR (diags, name, "write it as text, such as `name: Wei-Ta Chin`",
                      "the name of a painter must be text, not a %s",
                      name->type == TW_NODE_SEQ ? "list" : "map");
              ok = FALSE;
              continue;
            }
          if (!scalar_of (id, "the id of a painter", diags)
              || !scalar_of (spec, "a specialty", diags))
            {
              ok = FALSE;
              continue;
            }
          gint c = tw_definition_find_color (def, spec->scalar);
          if (c < 0)
            {
              CF_ERR (diags, spec, "use a colour id from `colors:`", "unknown colour '%s'",
                      spec->scalar);
              ok = FALSE;
              continue;
            }
          for (guint j = 0; j < p->n_painters; j++)
            if (g_str_equal (p->painters[j].id, id->scalar))
              {
                CF_ERR (diags, id, NULL, "two painters have the id '%s'", id->scalar);
                ok = FALSE;
              }
          CfPainter *pa = &p->painters[p->n_painters++];
          pa->id = g_strdup (id->scalar);
          pa->name = g_strdup (name && name->type == TW_NODE_SCALAR ? name->scalar : id->scalar);
          pa->specialty = c;
        }
    }

  /* canvases: boards with two faces of ten edge spaces each */
  if (canvases == NULL || canvases->type != TW_NODE_SEQ)
    {
      CF_ERR (diags, canvases ? canvases : tw_node_get (def->root, "game"),
              "a list of boards, each with two `faces:` of 10 `border:` colour sets",
              "Colorfield needs a `canvases:` list of canvas boards");
      ok = FALSE;
    }
  else
    {
      static const char * const board_keys[] = { "id", "faces", NULL };
      static const char * const face_keys[] = { "id", "border", NULL };
      if (canvases->n_children < CF_MAX_PLAYERS || canvases->n_children > CF_MAX_BOARDS)
        {
          CF_ERR (diags, canvases, NULL,
                  "Colorfield needs %u to %u canvas boards, this file has %u",
                  CF_MAX_PLAYERS, CF_MAX_BOARDS, canvases->n_children);
          ok = FALSE;
        }
      for (guint i = 0; i < canvases->n_children && i < CF_MAX_BOARDS; i++)
        {
          const TwNode *e = canvases->children[i];
          const TwNode *id, *faces;
          if (e->type != TW_NODE_MAP)
            {
              CF_ERR (diags, e, NULL, "canvas board %u must be a map", i + 1);
              ok = FALSE;
              continue;
            }
          if (diags && !tw_node_check_keys (e, board_keys, "a canvas board", diags))
            ok = FALSE;
          id = tw_node_get (e, "id");
          faces = tw_node_get (e, "faces");
          if (!scalar_of (id, "the id of a canvas board", diags))
            {
              ok = FALSE;
              continue;
            }
          if (faces == NULL || faces->type != TW_NODE_SEQ || faces->n_children != 2)
            {
              CF_ERR (diags, faces ? faces : e, "a board is two-sided: list two faces",
                      "canvas board '%s' needs `faces:` with two faces", id->scalar);
              ok = FALSE;
              continue;
            }
          CfBoard *b = &p->boards[p->n_boards++];
          b->id = g_strdup (id->scalar);
          for (guint f = 0; f < 2; f++)
            {
              const TwNode *fe = faces->children[f];
              const TwNode *fid = tw_node_get (fe, "id");
              const TwNode *border = tw_node_get (fe, "border");
              if (fe->type != TW_NODE_MAP || !scalar_of (fid, "the id of a face", diags))
                {
                  CF_ERR (diags, fe, NULL, "a face is a map with `id` and `border`");
                  ok = FALSE;
                  b->face_id[f] = g_strdup ("?");
                  continue;
                }
              if (diags && !tw_node_check_keys (fe, face_keys, "a canvas face", diags))
                ok = FALSE;
              b->face_id[f] = g_strdup (fid->scalar);
              for (guint j = 0; j + 1 < p->n_boards; j++)
                for (guint g = 0; g < 2; g++)
                  if (p->boards[j].face_id[g] && g_str_equal (p->boards[j].face_id[g], fid->scalar))
                    {
                      CF_ERR (diags, fid, NULL, "two canvas faces have the id '%s'", fid->scalar);
                      ok = FALSE;
                    }
              if (f == 1 && g_str_equal (b->face_id[0], fid->scalar))
                {
                  CF_ERR (diags, fid, NULL, "two canvas faces have the id '%s'", fid->scalar);
                  ok = FALSE;
                }
              if (border == NULL || border->type != TW_NODE_SEQ || border->n_children != CF_BORDER)
                {
                  CF_ERR (diags, border ? border : fe,
                          "10 colour sets, clockwise from the top of space 1",
                          "face '%s' needs a `border:` of %u edge spaces", fid->scalar, CF_BORDER);
                  ok = FALSE;
                  continue;
                }
              for (guint k = 0; k < CF_BORDER; k++)
                {
                  const TwNode *set = border->children[k];
                  if (set->type != TW_NODE_SEQ || set->n_children == 0)
                    {
                      CF_ERR (diags, set, "e.g. [lemon, navy]",
                              "edge space %u of face '%s' must list its colours", k, fid->scalar);
                      ok = FALSE;
                      continue;
                    }
                  for (guint c = 0; c < set->n_children; c++)
                    {
                      const TwNode *cn = set->children[c];
                      gint ci = cn->type == TW_NODE_SCALAR
                                ? tw_definition_find_color (def, cn->scalar) : -1;
                      if (ci < 0)
                        {
                          CF_ERR (diags, cn, "use a colour id from `colors:`",
                                  "unknown colour in edge space %u of face '%s'", k, fid->scalar);
                          ok = FALSE;
                          continue;
                        }
                      b->border[f][k] |= 1u << ci;
                    }
                }
            }
        }
    }

  if (!parse_canvas (def, diags, p))
    ok = FALSE;

  /* the tool deck: every card, counts expanded */
  for (guint i = 0; i < def->n_cards; i++)
    for (guint c = 0; c < def->cards[i].count; c++)
      {
        if (p->n_tools >= CF_MAX_TOOLS)
          {
            CF_ERR (diags, def->cards[i].node, NULL, "Colorfield takes at most %u tool cards",
                    CF_MAX_TOOLS);
            ok = FALSE;
            break;
          }
        p->tools[p->n_tools++] = i;
      }
  return ok;
}

static void
free_prep (CfPrep *p)
{
  for (guint i = 0; i < p->n_painters; i++)
    {
      g_free (p->painters[i].id);
      g_free (p->painters[i].name);
    }
  for (guint i = 0; i < p->n_boards; i++)
    {
      g_free (p->boards[i].id);
      g_free (p->boards[i].face_id[0]);
      g_free (p->boards[i].face_id[1]);
    }
  g_free (p);
}

static void
cf_validate (TwDefinition  *def,
             TwDiagnostics *diags)
{
  CfPrep *p = g_new0 (CfPrep, 1);
  parse_definition (def, diags, p);
  free_prep (p);
}

static gpointer
cf_prepare (const TwDefinition *def)
{
  CfPrep *p = g_new0 (CfPrep, 1);
  parse_definition (def, NULL, p);
  return p;
}

static void
cf_free_prepared (gpointer data)
{
  free_prep (data);
}

static gsize
cf_state_size (const TwGame *game)
{
  return sizeof (CfState);
}

/* ------------------------------------------------------------------------ */
/* Scoring                                                                  */

int
cf_specialty (const TwGame  *game,
              const CfState *s,
              guint          seat)
{
  return s->painter[seat] == CF_NONE ? -1 : cf_prep (game)->painters[s->painter[seat]].specialty;
}

static inline const guint16 *
border_of (const CfPrep  *p,
           const CfState *s,
           guint          seat)
{
  return p->boards[s->board[seat]].border[s->face[seat] == CF_NONE ? 0 : s->face[seat]];
}

/* Which sides of each tile of the canvas @slot/@rot of @seat score: bit d
 * of matched[i]. The canvas is passed apart so that bots can try changes. */
static void
matched_sides_of (const TwGame  *game,
                  const CfState *s,
                  guint          seat,
                  const guint8  *slot,
                  const guint8  *rot,
                  guint8        *matched)
{
  const CfPrep *p = cf_prep (game);
  const guint16 *border = border_of (p, s, seat);

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
  matched_sides_of (game, s, seat, s->slot[seat], s->rot[seat], matched);
}

void
cf_matched_sides (const TwGame  *game,
                  const CfState *s,
                  guint          seat,
                  guint8         matched[CF_SLOTS])
{
  matched_sides (game, s, seat, matched);
}

/* The value of a matched side of colour @color, the 2-side or not. */
static inline int
side_value (const TwGame  *game,
            const CfState *s,
            int            specialty,
            gboolean       is_two,
            guint          color)
{
  if (!is_two)
    return 1;
  int two = cf_opt (game, CF_OPT_TWO_POINTS);
  if ((int) color == specialty)
    {
      /* the footnote: a tool does not stack on the specialty */
      if (s->fx.two_value && cf_opt (game, CF_OPT_STACK))
        return s->fx.two_value + cf_opt (game, CF_OPT_SPECIALTY_BONUS);
      return two + cf_opt (game, CF_OPT_SPECIALTY_BONUS);
    }
  return s->fx.two_value ? s->fx.two_value : two;
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
      pts += side_value (game, s, spec, d == two, p->edge[t][r][d]);
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

/* The largest group of tiles joined by touching sides of colour @color. */
static guint
largest_swath (const TwGame  *game,
               const CfState *s,
               guint          seat,
               guint          color)
{
  const CfPrep *p = cf_prep (game);
  guint8 comp[CF_SLOTS];
  guint best = 0;

  memset (comp, CF_NONE, sizeof comp);
  for (guint i = 0; i < CF_SLOTS; i++)
    {
      guint8 stack[CF_SLOTS];
      guint sp = 0, n = 0;
      if (comp[i] != CF_NONE || s->slot[seat][i] == CF_NONE)
        continue;
      comp[i] = i;
      stack[sp++] = i;
      while (sp > 0)
        {
          guint a = stack[--sp];
          const guint8 *ea = p->edge[s->slot[seat][a]][s->rot[seat][a]];
          n++;
          for (guint d = 0; d < 4; d++)
            {
              int b = p->neighbour[a][d];
              if (b < 0 || comp[b] != CF_NONE || s->slot[seat][b] == CF_NONE)
                continue;
              const guint8 *eb = p->edge[s->slot[seat][b]][s->rot[seat][b]];
              if (ea[d] == color && eb[tw_dir_opposite (d)] == color)
                {
                  comp[b] = i;
                  stack[sp++] = b;
                }
            }
        }
      /* a tile alone is a swath only if it shows the colour at all */
      if (n == 1)
        {
          const guint8 *e = p->edge[s->slot[seat][i]][s->rot[seat][i]];
          if (e[0] != color && e[1] != color && e[2] != color && e[3] != color)
            n = 0;
        }
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
void
cf_round_points (const TwGame  *game,
                 const CfState *s,
                 guint          seat,
                 CfScore       *out)
{
  const CfPrep *p = cf_prep (game);
  guint8 matched[CF_SLOTS];
  int spec = cf_specialty (game, s, seat);
  guint unused = cf_tokens_unused (game, s, seat);

  memset (out, 0, sizeof *out);
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
  for (guint q = 0; q < s->n_players; q++)
    cf_round_points (game, s, q, &sc[q]);
  for (guint q = 0; q < s->n_players; q++)
    {
      s->round_score[s->round][q] = sc[q].total;
      s->score[q] += sc[q].total;
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

static void
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
static guint64
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

static int
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

/* May @s->current discard drawn tile @c unplayed? */
static inline gboolean
may_discard (const TwGame  *game,
             const CfState *s)
{
  return s->n_hand == 1 || !cf_opt (game, CF_OPT_SKETCH_MUST_PLACE);
}

static void
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
        if (may_discard (game, s))
          for (guint c = 0; c < s->n_hand; c++)
            push (out, CF_MOVE_DISCARD, 0, 0, c);
        break;
      }
    default:
      break;
    }
}

static gboolean
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
    [CF_PHASE_PAINTER] = "choose your Player Card first",
    [CF_PHASE_SIDE] = "choose the face of your canvas board first",
    [CF_PHASE_SETUP] = "place the tile revealed from your hand first",
    [CF_PHASE_ABILITY] = "use an ability or skip before drawing",
    [CF_PHASE_DRAW] = "draw a tile first",
    [CF_PHASE_PLACE] = "place or discard the drawn tile first",
    [CF_PHASE_DONE] = "the game is over",
  };

  if (move->kind == 0 || move->kind > CF_MOVE_DISCARD)
    return tw_refuse (why, "not a Colorfield move");
  if (s->phase == CF_PHASE_DONE)
    return tw_refuse (why, "the game is over");
  if (phase_of[move->kind] != s->phase)
    {
      if (move->kind == CF_MOVE_ROTATE || move->kind == CF_MOVE_SWAP)
        if (s->phase == CF_PHASE_DRAW && !can_use_ability (game, s, seat))
          return tw_refuse (why,
                            "if a player has no more Ability tokens, they may not use their abilities on that turn");
      if ((move->kind == CF_MOVE_ROTATE || move->kind == CF_MOVE_SWAP)
          && s->phase > CF_PHASE_ABILITY)
        return tw_refuse (why, "abilities are used before drawing a tile, one per turn");
      return tw_refuse (why, wrong_phase[s->phase]);
    }

  switch (move->kind)
    {
    case CF_MOVE_PAINTER:
      if (move->a >= p->n_painters)
        return tw_refuse (why, "there is no such Player Card");
      if (painter_taken (s, move->a))
        return tw_refuse (why, "another player has that Player Card");
      s->painter[seat] = move->a;
      choose_next (game, s);
      return TRUE;

    case CF_MOVE_SIDE:
      if (move->a > 1)
        return tw_refuse (why, "a canvas board has two faces");
      s->face[seat] = move->a;
      choose_next (game, s);
      return TRUE;

    case CF_MOVE_SETUP:
      if (move->a >= CF_SLOTS || s->slot[seat][move->a] != CF_NONE)
        return tw_refuse (why, "place the tile in an available space of your canvas");
      s->slot[seat][move->a] = s->setup[seat][--s->setup_len[seat]];
      s->rot[seat][move->a] = 0;
      setup_next (game, s);
      return TRUE;

    case CF_MOVE_SKIP:
      s->phase = CF_PHASE_DRAW;
      return TRUE;

    case CF_MOVE_ROTATE:
      if (move->a >= CF_SLOTS || move->b > 3)
        return tw_refuse (why, "rotate a space 1-6 to r0, r1, r2 or r3");
      if (move->b == s->rot[seat][move->a])
        return tw_refuse (why, "the tile already has that rotation");
      s->rot[seat][move->a] = move->b;
      s->uses[seat]++;
      s->counters[CF_COUNTER_ABILITIES]++;
      s->phase = CF_PHASE_DRAW;
      return TRUE;

    case CF_MOVE_SWAP:
      {
        guint a = move->a, b = move->b;
        if (a >= CF_SLOTS || b >= CF_SLOTS || a >= b)
          return tw_refuse (why, "swap two different spaces of your canvas, the lower first");
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
                          "only the Angled Rigger Brush replaces the face-up tiles before drawing");
      if (s->refreshed >= s->fx.refresh)
        return tw_refuse (why, s->fx.refresh == 1 ? "the face-up tiles were already replaced this turn"
                                                  : "the face-up tiles were replaced as often as the tool allows this turn");
      if (available (game, s) == 0)
        return tw_refuse (why, "there are no tiles left to replace them with");
      refresh_tray (game, s);
      s->refreshed++;
      s->counters[CF_COUNTER_TOOL_REFRESHES]++;
      return TRUE;

    case CF_MOVE_TAKE:
      if (move->a >= (guint) cf_opt (game, CF_OPT_TRAY) || s->tray[move->a] == CF_NONE)
        return tw_refuse (why, "there is no face-up tile there");
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
          return tw_refuse (why, "only the Watercolor Paper Sketchbook draws two tiles");
        if (available (game, s) < n)
          return tw_refuse (why, "the draw deck and the discard pile are out of tiles");
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
          return tw_refuse (why, "there are tiles to draw");
        for (guint i = 0; i < CF_MAX_TRAY; i++)
          if (s->tray[i] != CF_NONE)
            return tw_refuse (why, "there are face-up tiles to draw");
        s->blind_run = 0;
        end_turn (game, s);
        return TRUE;
      }

    case CF_MOVE_PLACE:
      {
        if (move->c >= s->n_hand)
          return tw_refuse (why, "there is no such drawn tile");
        if (move->a >= CF_SLOTS)
          return tw_refuse (why, "the canvas has spaces 1 to 6");
        if (move->b > 3)
          return tw_refuse (why, "rotation is r0, r1, r2 or r3");
        if (move->b != 0 && !s->fx.free_orient)
          return tw_refuse (why, "all tiles must be placed with the number 2 oriented upright");
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
          return tw_refuse (why, "there is no such drawn tile");
        if (!may_discard (game, s))
          return tw_refuse (why,
                            "with the Sketchbook, players must choose one to play and one to discard");
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
      return tw_refuse (why, "not a Colorfield move");
    }
}

static void
cf_scores (const TwGame  *game,
           const TwState *state,
           double        *scores)
{
  const CfState *s = (const CfState *) state;
  for (guint q = 0; q < s->n_players; q++)
    scores[q] = s->score[q];
}

/* The most points wins; tied players share the victory (equal ranks). */
static void
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
static void
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

/* ------------------------------------------------------------------------ */
/* How the bots judge a position (doc/rules/colorfield.md)                  */

/* The points of a canvas of @seat, as the bots weigh a change: the matched
 * sides (2-sides, specialty and Sponge included), Matte Varnish and Paper
 * Lining Tape; the tools that look at the whole canvas or at other players
 * are left to the full count. A tile's points depend on its own sides and
 * its neighbours' only, so a placement is judged by the slots it touches
 * (the playout policy judges every move this way, and it is most of a
 * Colorfield simulation's time). */
typedef struct
{
  const TwGame   *game;
  const CfState  *s;
  const CfPrep   *p;
  const guint16  *border;
  guint           seat;
  int             spec;
  int             two[2];          /* a matched 2-side: another colour, the specialty */
  int             total;           /* the canvas as it is */
  int             at[CF_SLOTS];    /* its slots' parts of total */
} CfCanvas;

/* A matched side's points: side_value() without its lookups. */
static inline int
side_points (const CfCanvas *c,
             gboolean        is_two,
             guint           color)
{
  return is_two ? c->two[(int) color == c->spec] : 1;
}

/* What slot @i of the canvas @slot/@rot scores by itself. */
static int
slot_points (const CfCanvas *c,
             const guint8   *slot,
             const guint8   *rot,
             guint           i)
{
  const CfPrep *p = c->p;
  guint t = slot[i];

  if (t == CF_NONE)
    return 0;
  const guint8 *e = p->edge[t][rot[i]];
  guint two = (p->two[t] + rot[i]) & 3;
  int pts = rot[i] == 0 ? c->s->fx.varnish : 0;
  for (guint d = 0; d < 4; d++)
    {
      int n = p->neighbour[i][d];
      gboolean match;
      if (n >= 0)
        match = slot[n] != CF_NONE && p->edge[slot[n]][rot[n]][tw_dir_opposite (d)] == e[d];
      else
        match = (c->border[p->border_of[i][d]] & (1u << e[d])) != 0;
      if (match)
        pts += side_points (c, d == two, e[d]) + (n < 0 ? c->s->fx.edge_points : 0);
    }
  return pts;
}

static int
canvas_points_of (const CfCanvas *c,
                  const guint8   *slot,
                  const guint8   *rot)
{
  int pts = 0;
  for (guint i = 0; i < CF_SLOTS; i++)
    pts += slot_points (c, slot, rot, i);
  return pts;
}

/* @seat's canvas as it is, ready to judge changes. */
static void
canvas_init (CfCanvas      *c,
             const TwGame  *game,
             const CfState *s,
             guint          seat)
{
  c->game = game;
  c->s = s;
  c->p = cf_prep (game);
  c->border = border_of (c->p, s, seat);
  c->seat = seat;
  c->spec = cf_specialty (game, s, seat);
  c->two[0] = side_value (game, s, -1, TRUE, 0);
  c->two[1] = c->spec >= 0 ? side_value (game, s, c->spec, TRUE, (guint) c->spec) : 0;
  c->total = 0;
  for (guint i = 0; i < CF_SLOTS; i++)
    c->total += c->at[i] = slot_points (c, s->slot[seat], s->rot[seat], i);
}

/* What the canvas gains with tile @t turned @r in @at: the slot itself,
 * and of each neighbour the one side that faces it, change; no other. */
static int
place_gain (const CfCanvas *c,
            guint           at,
            guint           t,
            guint           r)
{
  const CfPrep *p = c->p;
  const guint8 *slot = c->s->slot[c->seat], *rot = c->s->rot[c->seat];
  const guint8 *e = p->edge[t][r];
  const guint8 *was = slot[at] == CF_NONE ? NULL : p->edge[slot[at]][rot[at]];
  guint two = (p->two[t] + r) & 3;
  int gain = (r == 0 ? c->s->fx.varnish : 0) - c->at[at];

  for (guint d = 0; d < 4; d++)
    {
      int n = p->neighbour[at][d];
      if (n < 0)
        {
          if (c->border[p->border_of[at][d]] & (1u << e[d]))
            gain += side_points (c, d == two, e[d]) + c->s->fx.edge_points;
          continue;
        }
      guint u = slot[n];
      if (u == CF_NONE)
        continue;
      guint od = tw_dir_opposite (d);
      guint color = p->edge[u][rot[n]][od];
      gboolean is = e[d] == color;
      if (is)
        gain += side_points (c, d == two, color);
      if (is != (was != NULL && was[d] == color))
        {
          int v = side_points (c, od == ((p->two[u] + rot[n]) & 3), color);
          gain += is ? v : -v;
        }
    }
  return gain;
}

static gboolean
slots_adjacent (const CfPrep *p,
                guint         a,
                guint         b)
{
  for (guint d = 0; d < 4; d++)
    if (p->neighbour[a][d] == (int) b)
      return TRUE;
  return FALSE;
}

/* The best gain of tile @t anywhere on the canvas (0: keep the canvas,
 * the tile can always be discarded). */
static int
best_place_gain (const CfCanvas *c,
                 guint           t)
{
  guint n_rot = c->s->fx.free_orient ? 4 : 1;
  int best = 0;

  for (guint i = 0; i < CF_SLOTS; i++)
    for (guint r = 0; r < n_rot; r++)
      best = MAX (best, place_gain (c, i, t, r));
  return best;
}

/* The heuristic, in points, from @player's view: each seat's banked score
 * plus its painting as it would score now (every scoring item: matched
 * sides, unspent tokens, the active tools); the seat placing a drawn tile
 * adds the best it can gain with it (so drawing the better tile counts
 * before it is placed), or the Nylon Filbert Brush's bonus for discarding
 * it. The result is the player's total minus the mean of the best other
 * seat's and the others' average. A token spent on Rotate or Swap costs
 * its point(s) here, so an ability is used only for a larger gain. */
static double
cf_heuristic (const TwGame  *game,
              const TwState *state,
              guint          player)
{
  const CfState *s = (const CfState *) state;
  double total[CF_MAX_PLAYERS];
  guint n = s->n_players;

  for (guint q = 0; q < n; q++)
    {
      CfScore sc;
      total[q] = s->score[q];
      if (s->phase == CF_PHASE_DONE)
        continue;
      cf_round_points (game, s, q, &sc);
      total[q] += sc.total;
    }
  if (s->phase == CF_PHASE_PLACE && s->n_hand > 0)
    {
      guint q = s->current;
      CfCanvas canvas;
      canvas_init (&canvas, game, s, q);
      int best = may_discard (game, s) ? s->fx.discard_bonus : -100;
      for (guint c = 0; c < s->n_hand; c++)
        best = MAX (best, best_place_gain (&canvas, s->hand[c]));
      total[q] += best;
    }
  if (n < 2)
    return total[player];
  double best = -G_MAXDOUBLE, sum = 0;
  for (guint q = 0; q < n; q++)
    if (q != player)
      {
        best = MAX (best, total[q]);
        sum += total[q];
      }
  return total[player] - 0.5 * (best + sum / (n - 1));
}

/* The playout policy: the move with the best cheap value, nine times in
 * ten (ties at random), else any move. Values: a placement, the canvas
 * points it gains; a discard, the Filbert Brush's bonus; drawing a tray
 * tile, its best gain on the canvas; a blind draw CF_BLIND_DRAW (two with
 * the Sketchbook: CF_BLIND_DRAW + 1), refreshing the tray 0.5; Rotate and
 * Swap, their gain minus the token's points; skipping 0. The set-up choices
 * (painter, face, Rounded Wooden Palette spaces) are uniform. */
#define CF_BLIND_DRAW 1.5

static double
move_value (const TwGame   *game,
            const CfState  *s,
            const TwMove   *m,
            const CfCanvas *now)
{
  guint seat = s->current;
  guint8 slot[CF_SLOTS], rot[CF_SLOTS];
  double token = s->fx.token_value ? s->fx.token_value : 1;

  switch (m->kind)
    {
    case CF_MOVE_PLACE:
      return place_gain (now, m->a, s->hand[m->c], m->b);
    case CF_MOVE_DISCARD:
      return s->fx.discard_bonus;
    case CF_MOVE_TAKE:
      return best_place_gain (now, s->tray[m->a]);
    case CF_MOVE_DECK:
      return CF_BLIND_DRAW;
    case CF_MOVE_DECK2:
      return CF_BLIND_DRAW + 1;
    case CF_MOVE_REFRESH:
      return 0.5;
    case CF_MOVE_ROTATE:
      return place_gain (now, m->a, s->slot[seat][m->a], m->b) - token;
    case CF_MOVE_SWAP:
      {
        gboolean zero = cf_opt (game, CF_OPT_SWAP_ROTATION) == 1;
        guint ra = zero ? 0 : s->rot[seat][m->a], rb = zero ? 0 : s->rot[seat][m->b];
        /* apart, each slot's change is its own; side by side, they share a side */
        if (!slots_adjacent (cf_prep (game), m->a, m->b))
          return place_gain (now, m->a, s->slot[seat][m->b], rb)
                 + place_gain (now, m->b, s->slot[seat][m->a], ra) - token;
        memcpy (slot, s->slot[seat], sizeof slot);
        memcpy (rot, s->rot[seat], sizeof rot);
        slot[m->a] = s->slot[seat][m->b];
        slot[m->b] = s->slot[seat][m->a];
        rot[m->a] = rb;
        rot[m->b] = ra;
        return canvas_points_of (now, slot, rot) - now->total - token;
      }
    default:
      return 0;
    }
}

static guint
cf_playout_pick (const TwGame     *game,
                 const TwState    *state,
                 const TwMoveList *moves,
                 TwRng            *rng)
{
  const CfState *s = (const CfState *) state;
  double best = -G_MAXDOUBLE;
  guint pick = 0, n_best = 0;

  if (s->phase < CF_PHASE_ABILITY || tw_rng_below (rng, 10) == 0)
    return tw_rng_below (rng, moves->len);
  CfCanvas now;
  canvas_init (&now, game, s, s->current);
  for (guint i = 0; i < moves->len; i++)
    {
      double v = move_value (game, s, &moves->moves[i], &now);
      if (v > best + 1e-9)
        {
          best = v;
          pick = i;
          n_best = 1;
        }
      else if (v > best - 1e-9 && tw_rng_below (rng, ++n_best) == 0)
        pick = i;
    }
  return pick;
}

static void
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

static const char * const cf_extra_tile_keys[] = { "two", NULL };
static const char * const cf_extra_sections[] = { "canvases", "canvas", "painters", NULL };

const TwRules tw_cf_rules = {
  .id = "colorfield",
  .display_name = "Colorfield",
  .min_players = 2,
  .max_players = CF_MAX_PLAYERS,
  .options = cf_options,
  .n_options = CF_N_OPTIONS,
  .card_kinds = cf_card_kinds,
  .n_card_kinds = CF_N_TOOL_KINDS,
  .extra_sections = cf_extra_sections,
  .extra_tile_keys = cf_extra_tile_keys,
  .counter_names = cf_counter_names,
  .notation = cf_notation_summary,
  .validate = cf_validate,
  .prepare = cf_prepare,
  .free_prepared = cf_free_prepared,
  .state_size = cf_state_size,
  .init = cf_init,
  .hash = cf_hash,
  .to_act = cf_to_act,
  .legal_moves = cf_legal_moves,
  .apply = cf_apply,
  .scores = cf_scores,
  .ranking = cf_ranking,
  .score_terms = cf_score_terms,
  .move_to_text = cf_move_to_text,
  .describe_move = cf_describe_move,
  .move_from_text = cf_move_from_text,
  .state_to_text = cf_state_to_text,
  .state_from_text = cf_state_from_text,
  .observe = cf_observe,
  .heuristic = cf_heuristic,
  /* RAVE measured off: no help or a loss (doc/bots.md) */
  .search_rave = 0,
  .playout_pick = cf_playout_pick,
  .counters = cf_counters,
  .check = cf_check,
};
