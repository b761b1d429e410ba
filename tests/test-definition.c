/* test-definition.c: loading and checking game definitions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Error cases are a table: a piece of YAML and the lines the designer would
 * read, position included. Module-dependent cases use the Colorblock module.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tw-definition.h"
#include "tw-game.h"
#include "tw-rng.h"
#include "tw-rules.h"
#include "tw-test-rules.h"

/* Generous so that runs under valgrind pass; a hang takes far longer. */
#define MAX_SECONDS 5.0

/* Four lines that later cases build on: two colours. */
#define HEADER \
  "game: {name: T, rules: colorblock}\n" \
  "colors:\n" \
  "  - {id: red, rgb: \"#ff0000\"}\n" \
  "  - {id: blue, rgb: \"#0000ff\"}\n"

static const char *valid_yaml =
  "format: 1\n"
  "game:\n"
  "  name: Test game\n"
  "  rules: colorblock\n"
  "  description: A test.\n"
  "  author: Someone\n"
  "  version: 1.2\n"
  "colors:\n"
  "  - {id: red, rgb: \"#ff0000\"}\n"
  "  - {id: blue, name: Blue, rgb: \"#0000FF\"}\n"
  "tiles:\n"
  "  - {id: half, count: 2, edges: [red, red, blue, blue]}\n"
  "  - {id: quad, edges: [red, blue, red, blue], sections: [NS, E, W]}\n"
  "  - {id: ring, edges: [red, blue, blue, red]}\n"
  "  - {id: full, count: 0, name: Full, kind: plain, edges: [red, red, red, red]}\n"
  "  - {id: stripes, edges: [red, blue, red, blue]}\n"
  "pieces:\n"
  "  - {id: s, cells: [\"##.\", \".##\"], count: 3}\n"
  "  - {id: mono, name: Monomino, cells: \"#\"}\n"
  "cards:\n"
  "  - {id: s3, kind: shape-size, params: {tiles: 3}, points: 2}\n"
  "  - {id: pic, kind: pictured-shape, params: {shape: [\"#.\", \"##\"]}, title: Elbow}\n"
  "  - {id: b5, kind: color-shape-size, params: {color: blue}, count: 2, text: Blue!}\n"
  "variant:\n"
  "  rotation: false\n"
  "  goal-boards: shared-only\n"
  "  private-board-size: 4\n";

static TwDefinition *
load (const char     *yaml,
      TwDiagnostics **diags_out,
      GError        **error)
{
  TwDiagnostics *diags = tw_diagnostics_new ("t.yaml");
  TwDefinition *def = tw_definition_load_data (yaml, -1, "t.yaml", diags, error);

  *diags_out = diags;
  return def;
}

static void
test_registry_has_colorblock (void)
{
  g_assert_nonnull (tw_rules_lookup ("colorblock"));
}

static void
test_valid (void)
{
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = load (valid_yaml, &diags, &error);
  const TwRules *rules = tw_rules_lookup ("colorblock");
  const TwTileDef *t;
  const TwCardDef *c;
  guint opt;

  g_assert_no_error (error);
  g_assert_nonnull (def);
  g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 0);
  g_assert_true (def->rules == rules);
  g_assert_nonnull (def->prepared);
  g_assert_cmpstr (def->name, ==, "Test game");
  g_assert_cmpstr (def->description, ==, "A test.");
  g_assert_cmpstr (def->path, ==, "t.yaml");
  g_assert_cmpstr (def->text, ==, valid_yaml);
  g_assert_cmpuint (def->min_players, ==, rules->min_players);
  g_assert_cmpuint (def->max_players, ==, rules->max_players);

  g_assert_cmpuint (def->n_colors, ==, 2);
  g_assert_cmpstr (def->colors[0].name, ==, "red");   /* the id when no name */
  g_assert_cmphex (def->colors[0].rgb, ==, 0xff0000);
  g_assert_cmpstr (def->colors[1].name, ==, "Blue");
  g_assert_cmphex (def->colors[1].rgb, ==, 0x0000ff);

  g_assert_cmpuint (def->n_tiles, ==, 5);
  g_assert_cmpuint (def->total_tiles, ==, 2 + 1 + 1 + 0 + 1);

  /* Default sections join clockwise neighbours of one colour. */
  t = &def->tiles[tw_definition_find_tile (def, "half")];
  g_assert_cmpuint (t->count, ==, 2);
  g_assert_cmpuint (t->n_edges, ==, 4);
  g_assert_cmpuint (t->n_sections, ==, 2);
  g_assert_cmpuint (t->section_mask[0], ==, 0x3);   /* N E */
  g_assert_cmpuint (t->section_mask[1], ==, 0xC);   /* S W */
  g_assert_cmpuint (t->section_color[0], ==, 0);
  g_assert_cmpuint (t->section_color[1], ==, 1);
  g_assert_null (t->name);

  t = &def->tiles[tw_definition_find_tile (def, "ring")];
  g_assert_cmpuint (t->n_sections, ==, 2);
  g_assert_cmpuint (t->section_mask[0], ==, 0x9);   /* W-N wraps around */
  g_assert_cmpuint (t->section_mask[1], ==, 0x6);

  t = &def->tiles[tw_definition_find_tile (def, "full")];
  g_assert_cmpuint (t->n_sections, ==, 1);
  g_assert_cmpuint (t->section_mask[0], ==, 0xF);
  g_assert_cmpuint (t->count, ==, 0);
  g_assert_cmpstr (t->name, ==, "Full");
  g_assert_cmpstr (t->kind, ==, "plain");

  t = &def->tiles[tw_definition_find_tile (def, "stripes")];
  g_assert_cmpuint (t->n_sections, ==, 4);

  /* Explicit sections, in the order written. */
  t = &def->tiles[tw_definition_find_tile (def, "quad")];
  g_assert_cmpuint (t->n_sections, ==, 3);
  g_assert_cmpuint (t->section_mask[0], ==, 0x5);
  g_assert_cmpuint (t->section_mask[1], ==, 0x2);
  g_assert_cmpuint (t->section_mask[2], ==, 0x8);
  g_assert_cmpuint (t->section_color[0], ==, 0);
  g_assert_cmpuint (t->section_color[1], ==, 1);
  g_assert_true (t->node == def->root->children[3]->children[1]);

  g_assert_cmpuint (def->n_pieces, ==, 2);
  g_assert_cmpuint (def->pieces[0].shape.n, ==, 4);
  g_assert_cmpuint (def->pieces[0].count, ==, 3);
  g_assert_cmpuint (def->pieces[1].shape.n, ==, 1);
  g_assert_cmpuint (def->pieces[1].count, ==, 1);
  g_assert_cmpstr (def->pieces[1].name, ==, "Monomino");
  g_assert_cmpint (tw_definition_find_piece (def, "mono"), ==, 1);

  g_assert_cmpuint (def->n_cards, ==, 3);
  c = &def->cards[tw_definition_find_card (def, "s3")];
  g_assert_cmpstr (rules->card_kinds[c->kind].name, ==, "shape-size");
  g_assert_cmpint (c->params[0], ==, 3);
  g_assert_cmpint (c->params[1], ==, rules->card_kinds[c->kind].params[1].default_value);
  g_assert_cmpint (c->points, ==, 2);
  g_assert_cmpuint (c->count, ==, 1);
  g_assert_cmpstr (c->title, ==, rules->card_kinds[c->kind].title);
  g_assert_cmpstr (c->text, ==, rules->card_kinds[c->kind].description);
  c = &def->cards[tw_definition_find_card (def, "pic")];
  g_assert_cmpuint (c->shape.n, ==, 3);
  g_assert_cmpstr (c->title, ==, "Elbow");
  c = &def->cards[tw_definition_find_card (def, "b5")];
  g_assert_cmpint (c->params[0], ==, 1);   /* the colour index of blue */
  g_assert_cmpuint (c->count, ==, 2);
  g_assert_cmpint (c->points, ==, 0);
  g_assert_cmpstr (c->text, ==, "Blue!");

  /* Options: module defaults, overridden by `variant:`. */
  g_assert_nonnull (tw_option_find (rules->options, rules->n_options, "rotation", &opt));
  g_assert_cmpint (def->options.values[opt], ==, 0);
  g_assert_nonnull (tw_option_find (rules->options, rules->n_options, "goal-boards", &opt));
  g_assert_cmpint (def->options.values[opt], ==, 1);
  g_assert_nonnull (tw_option_find (rules->options, rules->n_options, "private-board-size",
                                    &opt));
  g_assert_cmpint (def->options.values[opt], ==, 4);
  g_assert_nonnull (tw_option_find (rules->options, rules->n_options, "goals", &opt));
  g_assert_cmpint (def->options.values[opt], ==, rules->options[opt].default_value);

  g_assert_cmpint (tw_definition_find_color (def, "blue"), ==, 1);
  g_assert_cmpint (tw_definition_find_color (def, "green"), ==, -1);
  g_assert_cmpint (tw_definition_find_tile (def, "nope"), ==, -1);
  g_assert_cmpint (tw_definition_find_card (def, "nope"), ==, -1);
  g_assert_cmpint (tw_definition_find_piece (def, "nope"), ==, -1);

  /* Shared by reference. */
  tw_definition_ref (def);
  g_assert_cmpint (def->ref_count, ==, 2);
  tw_definition_unref (def);
}

typedef struct
{
  const char *name;
  const char *yaml;
  guint       n_errors;          /* 0: do not check the number */
  const char *expected[4];       /* lines of the report, without "t.yaml" */
} BadCase;

static const BadCase bad_cases[] = {
  { "root-list", "- a\n- b\n", 1,
    { ":1:1: error: a definition must be a map of sections" } },
  { "missing-game", "colors: []\n", 1,
    { ":1:1: error: missing section 'game'" } },
  { "game-keys",
    "game:\n  name: T\n  rules: colorblock\n  playrs: {min: 2}\n", 1,
    { ":4:3: error: unknown key 'playrs' in game (did you mean 'players'?)" } },
  { "game-missing-name", "game:\n  rules: colorblock\n", 1,
    { ":2:3: error: missing key 'name' in game" } },
  { "game-empty-name", "game:\n  name:\n  rules: colorblock\n", 1,
    { ":2:8: error: 'name' of game is empty" } },
  { "unknown-rules", "game: {name: T, rules: colourblock}\n", 1,
    { ":1:24: error: unknown rules module 'colourblock' (did you mean 'colorblock'?)" } },
  { "missing-rules", "game: {name: T}\n", 1,
    { ":1:7: error: missing key 'rules' in game (the rules modules are: colorblock" } },
  { "players-below", "game: {name: T, rules: colorblock, players: {min: 1}}\n", 1,
    { ":1:51: error: players.min is 1, but Colorblock needs at least 2 players" } },
  { "players-above", "game: {name: T, rules: colorblock, players: {max: 5}}\n", 1,
    { ":1:51: error: players.max is 5, but Colorblock allows at most 4 players" } },
  { "players-range", "game: {name: T, rules: colorblock, players: {min: 2, max: 99}}\n", 1,
    { ":1:59: error: 99 is out of range: expected a whole number from 1 to 8" } },
  { "players-order", "game: {name: T, rules: colorblock, players: {min: 4, max: 3}}\n", 1,
    { ":1:51: error: players.min (4) is more than players.max (3)" } },
  { "format", "format: 2\n" HEADER, 1,
    { ":1:9: error: format 2 is not supported" } },
  { "top-level-typo", HEADER "tilez: []\n", 1,
    { ":5:1: error: unknown key 'tilez' in the definition (did you mean 'tiles'?)" } },
  { "duplicate-section", HEADER "tiles: []\ntiles: []\n", 1,
    { ":6:1: error: duplicate key 'tiles' in the definition (the first is at line 5)" } },
  { "colors-not-list", "game: {name: T, rules: colorblock}\ncolors: {red: 1}\n", 1,
    { ":2:9: error: colors must be a list, found a map" } },
  { "rgb-comment", "game: {name: T, rules: colorblock}\ncolors:\n  - id: red\n    rgb: #f00\n",
    1, { ":4:9: error: rgb of colour 'red' is empty ('#' starts a comment in YAML" } },
  { "rgb-bad", "game: {name: T, rules: colorblock}\ncolors:\n  - {id: red, rgb: \"#ff00zz\"}\n",
    1, { ":3:20: error: rgb of colour 'red' is '#ff00zz', not a colour like \"#d03030\"" } },
  { "rgb-missing", "game: {name: T, rules: colorblock}\ncolors:\n  - {id: red}\n", 1,
    { ":3:5: error: missing key 'rgb' in colour 'red'" } },
  { "color-id-missing", "game: {name: T, rules: colorblock}\ncolors:\n  - {rgb: \"#000000\"}\n",
    1, { ":3:5: error: missing key 'id' in colour #1" } },
  { "color-id-space", "game: {name: T, rules: colorblock}\ncolors:\n  - {id: dark red, "
    "rgb: \"#000000\"}\n", 1, { ":3:10: error: the id 'dark red' of colour #1 contains a space" } },
  { "color-id-empty", "game: {name: T, rules: colorblock}\ncolors:\n  - {id: '', "
    "rgb: \"#000000\"}\n", 1, { ":3:10: error: the id of colour #1 is empty" } },
  { "tile-id-notation", HEADER "tiles:\n  - {id: 'a;P', edges: [red, red, blue, blue]}\n", 1,
    { ":6:10: error: the id 'a;P' of tile #1 contains ';', which the move notation cannot read" } },
  { "tile-id-at", HEADER "tiles:\n  - {id: a@b, edges: [red, red, blue, blue]}\n", 1,
    { ":6:10: error: the id 'a@b' of tile #1 contains '@'" } },
  { "duplicate-color", HEADER "  - {id: red, rgb: \"#ff0001\"}\n", 1,
    { ":5:10: error: duplicate colour id 'red' (the first is at line 3)" } },
  { "color-typo-key", HEADER "  - {id: green, rbg: \"#00ff00\"}\n", 2,
    { ":5:5: error: missing key 'rgb' in colour 'green'",
      ":5:17: error: unknown key 'rbg' in colour 'green' (did you mean 'rgb'?)" } },
  { "unknown-edge-color", HEADER "tiles:\n  - {id: a, edges: [red, rde, blue, blue]}\n", 1,
    { ":6:26: error: unknown colour 'rde' in the edges of tile 'a' (did you mean 'red'?)" } },
  { "three-edges", HEADER "tiles:\n  - {id: a, edges: [red, red, blue]}\n", 1,
    { ":6:20: error: tile 'a' has 3 edge colours; a tile has 4" } },
  { "sections-missing-edge",
    HEADER "tiles:\n  - {id: a, edges: [red, red, blue, blue], sections: [N, SW]}\n", 1,
    { ":6:54: error: sections of tile 'a' do not partition its edges: E is in none" } },
  { "sections-overlap",
    HEADER "tiles:\n  - {id: a, edges: [red, red, red, blue], sections: [NE, ES, W]}\n", 1,
    { ":6:53: error: sections of tile 'a' do not partition its edges: E is in 2 sections" } },
  { "sections-mixed-colors",
    HEADER "tiles:\n  - {id: a, edges: [red, red, blue, blue], sections: [NES, W]}\n", 1,
    { ":6:55: error: section 'NES' of tile 'a' joins edges of different colours: "
      "N is red, S is blue" } },
  { "sections-bad-letters",
    HEADER "tiles:\n  - {id: a, edges: [red, red, blue, blue], sections: [NX, ESW]}\n", 1,
    { ":6:55: error: 'NX' in the sections of tile 'a' is not a set of the edge letters" } },
  { "sections-without-edges", HEADER "tiles:\n  - {id: a, sections: [NESW]}\n", 1,
    { ":6:23: error: tile 'a' has sections but no edges" } },
  { "tile-count-range", HEADER "tiles:\n  - {id: a, count: 300}\n", 1,
    { ":6:20: error: 300 is out of range: expected a whole number from 0 to 250" } },
  { "tile-count-huge", HEADER "tiles:\n  - {id: a, count: 99999999999999999999999}\n", 1,
    { ":6:20: error: expected a whole number from 0 to 250, found '99999999999999999999999'" } },
  { "tile-count-negative", HEADER "tiles:\n  - {id: a, count: -1}\n", 1,
    { ":6:20: error: -1 is out of range" } },
  { "tiles-total", HEADER "tiles:\n  - {id: a, count: 200}\n  - {id: b, count: 200}\n", 1,
    { ":6:3: error: the tiles add up to 400 copies, more than the limit of 250" } },
  { "duplicate-tile", HEADER "tiles:\n  - {id: a, edges: [red, red, red, red]}\n"
    "  - {id: a, edges: [red, red, red, red]}\n", 1,
    { ":7:10: error: duplicate tile id 'a' (the first is at line 6)" } },
  { "tile-unknown-key", HEADER "tiles:\n  - {id: a, edgse: [red, red, red, red]}\n", 1,
    { ":6:13: error: unknown key 'edgse' in tile 'a' (did you mean 'edges'?)" } },
  { "piece-disconnected", HEADER "pieces:\n  - {id: p, cells: [\"#.\", \".#\"]}\n", 1,
    { ":6:20: error: the cells of piece 'p': the cells of the shape are not all connected" } },
  { "piece-no-cells", HEADER "pieces:\n  - {id: p}\n", 1,
    { ":6:5: error: missing key 'cells' in piece 'p'" } },
  { "card-unknown-kind", HEADER "cards:\n  - {id: c, kind: shape-sise}\n", 1,
    { ":6:19: error: unknown card kind 'shape-sise' in card 'c' (did you mean 'shape-size'?)" } },
  { "card-missing-kind", HEADER "cards:\n  - {id: c}\n", 1,
    { ":6:5: error: missing key 'kind' in card 'c' (the kinds are: shape-size" } },
  { "card-param-typo", HEADER "cards:\n  - {id: c, kind: shape-size, params: {tile: 3}}\n", 2,
    { ":6:39: error: card 'c' (kind 'shape-size') is missing the parameter 'tiles'",
      ":6:40: error: unknown parameter 'tile' for card kind 'shape-size' "
      "(did you mean 'tiles'?)" } },
  { "card-param-range", HEADER "cards:\n  - {id: c, kind: shape-size, params: {tiles: 100}}\n",
    1, { ":6:47: error: 100 is out of range: expected a whole number from 1 to 99" } },
  { "card-param-choice", HEADER "cards:\n  - {id: c, kind: island, params: {board: sharde}}\n",
    1, { ":6:43: error: expected one of any, shared, private, found 'sharde' "
         "(did you mean 'shared'?)" } },
  { "card-param-color", HEADER "cards:\n  - {id: c, kind: first-to-score, params: "
    "{color: purple}}\n", 1,
    { ":6:51: error: unknown colour 'purple' in parameter 'color' of card 'c'" } },
  { "card-param-shape", HEADER "cards:\n  - {id: c, kind: pictured-shape, params: "
    "{shape: [\"#o\"]}}\n", 1,
    { ":6:51: error: parameter 'shape' of card 'c': unexpected character 'o'" } },
  { "card-points", HEADER "cards:\n  - {id: c, kind: island, points: lots}\n", 1,
    { ":6:35: error: expected a whole number from -1000 to 1000, found 'lots'" } },
  { "duplicate-card", HEADER "cards:\n  - {id: c, kind: island}\n  - {id: c, kind: island}\n", 1,
    { ":7:10: error: duplicate card id 'c' (the first is at line 6)" } },
  { "variant", HEADER "variant:\n  rotaton: false\n  expert-draft: maybe\n"
    "  private-board-size: 9\n", 3,
    { ":6:3: error: unknown key 'rotaton' in variant (did you mean 'rotation'?)",
      ":7:17: error: expected true or false, found 'maybe'",
      ":8:23: error: 9 is out of range: expected a whole number from 2 to 5" } },
  { "variant-choice", HEADER "variant: {goal-boards: shared}\n", 1,
    { ":5:24: error: expected one of shared-or-own-private, shared-only, found 'shared'" } },
  /* The module's own check runs only once the core found nothing wrong. */
  { "module-validate", "game: {name: T, rules: colorblock}\n", 2,
    { ":1:7: error: Colorblock needs at least one colour",
      ":1:7: error: Colorblock needs at least one tile (add a `tiles:` list)" } },
};

/* What follows the first document is not parsed (doc/definition-format.md):
 * broken YAML there is ignored; the whole file is still checked as text. */
static void
test_after_first_document (void)
{
  static const char * const ignored[] = { "---\nfoo: [unclosed\n", "...\n: : :\n" };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ignored); i++)
    {
      g_autoptr(TwDiagnostics) diags = NULL;
      g_autofree char *text = g_strconcat (valid_yaml, ignored[i], NULL);
      g_autoptr(TwDefinition) def = load (text, &diags, &error);

      g_assert_no_error (error);
      g_assert_nonnull (def);
      g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 0);
    }
  {
    g_autoptr(TwDiagnostics) diags = NULL;
    g_autofree char *text = g_strconcat (valid_yaml, "---\n\x01\n", NULL);
    g_autoptr(TwDefinition) def = load (text, &diags, &error);
    g_autofree char *report = NULL;

    g_assert_null (def);
    report = tw_diagnostics_to_string (diags);
    g_assert_nonnull (strstr (report, "control characters are not allowed"));
  }
}

static void
test_bad_cases (void)
{
  g_autoptr(GString) failures = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *c = &bad_cases[i];
      g_autoptr(TwDiagnostics) diags = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(TwDefinition) def = load (c->yaml, &diags, &error);
      g_autofree char *report = tw_diagnostics_to_string (diags);

      /* Every case is checked before failing, so one run shows every mismatch. */
      if (def != NULL)
        {
          g_string_append_printf (failures, "case %s: loaded\n", c->name);
          continue;
        }
      g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID);
      if (c->n_errors != 0 && tw_diagnostics_n_errors (diags) != c->n_errors)
        g_string_append_printf (failures, "case %s: %u errors, expected %u:\n%s", c->name,
                                tw_diagnostics_n_errors (diags), c->n_errors, report);
      for (guint k = 0; k < G_N_ELEMENTS (c->expected) && c->expected[k]; k++)
        if (strstr (report, c->expected[k]) == NULL)
          g_string_append_printf (failures, "case %s: expected\n  %s\nin\n%s", c->name,
                                  c->expected[k], report);
    }
  if (failures->len > 0)
    g_error ("%s", failures->str);
}

static void
test_every_problem_at_once (void)
{
  const char *yaml =
    "game:\n"
    "  name: T\n"
    "  rules: colorblock\n"
    "  playrs: 3\n"
    "colors:\n"
    "  - {id: red, rgb: \"#ff0000\"}\n"
    "tiles:\n"
    "  - {id: a, edges: [red, red, red, blu]}\n"
    "  - {id: a, count: 999}\n"
    "cards:\n"
    "  - {id: c, kind: nope}\n"
    "variant: {rotation: 7}\n";
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = load (yaml, &diags, &error);

  g_assert_null (def);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 6);
  g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "t.yaml: 6 problems, the first at 4:3: unknown key 'playrs' in game "
                   "(did you mean 'players'?)");
}

static void
test_one_problem_message (void)
{
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = load ("game: {name: T, rules: colourblock}\n", &diags, &error);

  g_assert_null (def);
  g_assert_cmpstr (error->message, ==,
                   "t.yaml: 1 problem at 1:24: unknown rules module 'colourblock' "
                   "(did you mean 'colorblock'?)");

  /* Without a caller's diagnostics the message is the same. */
  g_clear_error (&error);
  g_assert_null (tw_definition_load_data ("game: {name: T, rules: colourblock}\n", -1,
                                          "dir/t.yaml", NULL, &error));
  g_assert_nonnull (strstr (error->message, "t.yaml: 1 problem at 1:24"));
}

static void
test_too_many (void)
{
  GString *s = g_string_new ("game: {name: T, rules: colorblock}\ncolors:\n");
  g_autofree char *yaml = NULL;
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autofree char *report = NULL;

  for (guint i = 0; i < 17; i++)
    g_string_append_printf (s, "  - {id: c%u, rgb: \"#000000\"}\n", i);
  g_string_append (s, "tiles:\n");
  for (guint i = 0; i < 600; i++)
    g_string_append_printf (s, "  - {id: t%u, edges: [c0, c1, c2, c3]}\n", i);
  yaml = g_string_free (s, FALSE);

  def = load (yaml, &diags, &error);
  g_assert_null (def);
  report = tw_diagnostics_to_string (diags);
  g_assert_nonnull (strstr (report, ":19:5: error: too many colours: 17, the limit is 16"));
  g_assert_nonnull (strstr (report, "error: too many tile definitions: 600, the limit is 512"));
  g_assert_nonnull (strstr (report, "the tiles add up to 512 copies, more than the limit of 250"));
}

static void
assert_refused_quickly (const char *name,
                        const char *text,
                        gsize       len,
                        const char *message)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(TwDefinition) def = tw_definition_load_data (text, len, name, diags, &error);
  const TwDiag *d;

  g_assert_null (def);
  g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID);
  d = tw_diagnostics_get (diags, 0);
  g_assert_cmpuint (d->line, >=, 1);
  if (strstr (d->message, message) == NULL)
    g_error ("%s: '%s' lacks '%s'", name, d->message, message);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, MAX_SECONDS);
}

static void
test_hostile (void)
{
  GString *s;
  g_autofree char *deep = NULL;
  g_autofree char *huge = NULL;
  g_autofree char *wide = NULL;
  gsize deep_len, huge_len = 5 * 1024 * 1024, wide_len;
  const char *bomb =
    "game: &a {name: [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]}\n"
    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
    "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n";

  assert_refused_quickly ("bomb.yaml", bomb, strlen (bomb), "more than 200000 values");

  s = g_string_new ("game: ");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (s, '[');
  deep_len = s->len;
  deep = g_string_free (s, FALSE);
  assert_refused_quickly ("deep.yaml", deep, deep_len, "nested more than 64 levels");

  huge = g_malloc (huge_len);
  memset (huge, '#', huge_len);
  assert_refused_quickly ("huge.yaml", huge, huge_len, "more than the limit of 4.0 MiB");

  /* Many entries, each cheap: bounded by the definition limits. */
  s = g_string_new ("game: {name: T, rules: colorblock}\ncards:\n");
  for (guint i = 0; i < 30000; i++)
    g_string_append (s, "  - {id: x, kind: island}\n");
  wide_len = s->len;
  wide = g_string_free (s, FALSE);
  assert_refused_quickly ("wide.yaml", wide, wide_len, "too many cards: 30000, the limit is 256");

  assert_refused_quickly ("nul.yaml", "game:\0", 6, "NUL byte");
  assert_refused_quickly ("latin1.yaml", "game: {name: Caf\xe9}", 18, "not valid UTF-8");
}

/* Random damage to valid files never crashes the loader, and every failure
 * comes with at least one positioned message. */
static void
test_fuzz (void)
{
  g_autofree char *bundled = tw_definition_bundled_path ("colorblock");
  g_autofree char *colorblock = NULL;
  gsize colorblock_len = 0;
  g_autoptr(GTimer) timer = g_timer_new ();
  guint n_loaded = 0, n_refused = 0;
  TwRng rng;

  g_assert_nonnull (bundled);
  g_assert_true (g_file_get_contents (bundled, &colorblock, &colorblock_len, NULL));
  tw_rng_seed (&rng, 77);

  for (guint round = 0; round < 3000; round++)
    {
      const char *base = round % 3 == 0 ? colorblock : valid_yaml;
      gsize base_len = round % 3 == 0 ? colorblock_len : strlen (valid_yaml);
      g_autofree char *buf = g_malloc (base_len + 64);
      gsize len;
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("fuzz.yaml");
      g_autoptr(GError) error = NULL;
      g_autoptr(TwDefinition) def = NULL;

      if (round % 10 == 9)
        {
          /* Pure garbage. */
          len = tw_rng_below (&rng, 64);
          for (gsize i = 0; i < len; i++)
            buf[i] = (char) tw_rng_below (&rng, 256);
        }
      else
        {
          guint n_mut = 1 + tw_rng_below (&rng, 3);

          memcpy (buf, base, base_len);
          len = base_len;
          for (guint m = 0; m < n_mut; m++)
            {
              gsize at = tw_rng_below (&rng, len);

              switch (tw_rng_below (&rng, 4))
                {
                case 0:
                  buf[at] = (char) tw_rng_below (&rng, 256);
                  break;
                case 1:
                  buf[at] = "[]{}:-,&*#NESW0123456789 \n\""[tw_rng_below (&rng, 28)];
                  break;
                case 2:
                  memmove (buf + at, buf + at + 1, len - at - 1);
                  len--;
                  break;
                default:
                  /* Digits inflate counts and params. */
                  memmove (buf + at + 1, buf + at, len - at);
                  buf[at] = '9';
                  len++;
                  break;
                }
            }
        }

      def = tw_definition_load_data (buf, len, "fuzz.yaml", diags, &error);
      if (def == NULL)
        {
          g_assert_nonnull (error);
          g_assert_cmpuint (tw_diagnostics_n_errors (diags), >=, 1);
          g_assert_cmpuint (tw_diagnostics_get (diags, 0)->line, >=, 1);
          n_refused++;
        }
      else
        {
          n_loaded++;
          g_assert_no_error (error);
          g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 0);
          g_assert_cmpuint (def->total_tiles, <=, TW_MAX_TILE_COUNT);
        }
    }
  /* Both outcomes occur, or the fuzzing would test nothing. */
  g_assert_cmpuint (n_loaded, >, 100);
  g_assert_cmpuint (n_refused, >, 100);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 60.0);
}

static void
test_bundled (void)
{
  g_autofree char *dir = tw_definition_bundled_dir ();
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autofree char *report = NULL;

  g_assert_nonnull (path);
  g_assert_true (g_str_has_prefix (path, dir));
  diags = tw_diagnostics_new (path);
  def = tw_definition_load_file (path, diags, &error);
  report = tw_diagnostics_to_string (diags);
  if (def == NULL)
    g_error ("%s", report);
  g_assert_no_error (error);
  g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 0);
  g_assert_cmpstr (def->rules->id, ==, "colorblock");
  g_assert_cmpuint (def->total_tiles, >, 0);
  g_assert_nonnull (def->prepared);

  g_assert_null (tw_definition_bundled_path ("no-such-game"));
  g_assert_null (tw_definition_bundled_path ("../games/colorblock"));
  g_assert_null (tw_definition_bundled_path (""));
}

static void
test_bundled_dir_env (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("TILEWRIGHT_DATADIR"));
  g_autofree char *dir = NULL;

  g_setenv ("TILEWRIGHT_DATADIR", "/somewhere", TRUE);
  dir = tw_definition_bundled_dir ();
  g_assert_cmpstr (dir, ==, "/somewhere/games");
  g_clear_pointer (&dir, g_free);

  g_unsetenv ("TILEWRIGHT_DATADIR");
  dir = tw_definition_bundled_dir ();
  /* Uninstalled: the source tree's data/games. */
  g_assert_cmpstr (dir, ==, SOURCE_DATADIR "/games");

  if (saved != NULL)
    g_setenv ("TILEWRIGHT_DATADIR", saved, TRUE);
}

static void
test_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("tw-def-XXXXXX", NULL);
  g_autofree char *big = g_build_filename (tmpdir, "big.yaml", NULL);
  g_autofree char *good = g_build_filename (tmpdir, "good.yaml", NULL);
  g_autofree char *content = g_malloc (5 * 1024 * 1024);
  g_autoptr(TwDiagnostics) diags = NULL;
  TwDefinition *def;

  /* A file that cannot be read is an I/O error, not a list of problems. */
  def = tw_definition_load_file ("/nonexistent/x.yaml", NULL, &error);
  g_assert_null (def);
  g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "/nonexistent/x.yaml"));
  g_clear_error (&error);

  def = tw_definition_load_file (tmpdir, NULL, &error);
  g_assert_null (def);
  g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_IO);
  g_clear_error (&error);

  memset (content, 'a', 5 * 1024 * 1024);
  g_assert_true (g_file_set_contents (big, content, 5 * 1024 * 1024, NULL));
  diags = tw_diagnostics_new (big);
  def = tw_definition_load_file (big, diags, &error);
  g_assert_null (def);
  g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "big.yaml: 1 problem at 1:1: the file is 5.0 MiB"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (good, valid_yaml, -1, NULL));
  def = tw_definition_load_file (good, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (def);
  g_assert_cmpstr (def->path, ==, good);
  tw_definition_unref (def);

  g_unlink (big);
  g_unlink (good);
  g_rmdir (tmpdir);
}

static void
test_options_from_string (void)
{
  static const struct
  {
    const char *assignment;
    const char *option;
    int         value;     /* when message is NULL */
    const char *message;   /* the error, or NULL */
  } cases[] = {
    { "rotation=false", "rotation", 0, NULL },
    { "rotation=yes", "rotation", 1, NULL },
    { "private-board-size=5", "private-board-size", 5, NULL },
    { "goal-boards=shared-only", "goal-boards", 1, NULL },
    { " tie-break = shared-win", "tie-break", 1, NULL },
    { "rotaton=true", NULL, 0, "unknown option 'rotaton' (did you mean 'rotation'?)" },
    { "zzz=1", NULL, 0, "unknown option 'zzz' (the options are: expert-draft, rotation," },
    { "rotation", NULL, 0, "'rotation' is not an option setting: write name=value" },
    { "rotation=maybe", NULL, 0,
      "invalid value 'maybe' for option 'rotation': expected true or false" },
    { "private-board-size=9", NULL, 0, "invalid value '9' for option 'private-board-size': "
      "expected a whole number from 2 to 5" },
    { "goal-boards=shared-onyl", NULL, 0, "invalid value 'shared-onyl' for option "
      "'goal-boards': expected one of shared-or-own-private, shared-only "
      "(did you mean 'shared-only'?)" },
  };
  const TwRules *rules = tw_rules_lookup ("colorblock");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      TwOptions options, before;
      gboolean ok;

      tw_options_set_defaults (&options, rules->options, rules->n_options);
      before = options;
      ok = tw_options_set_from_string (&options, rules->options, rules->n_options,
                                       cases[i].assignment, &error);
      if (cases[i].message == NULL)
        {
          guint index;
          const TwOptionSpec *spec = tw_option_find (rules->options, rules->n_options,
                                                     cases[i].option, &index);
          g_autofree char *text = NULL;
          g_autofree char *again = NULL;

          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpint (options.values[index], ==, cases[i].value);
          /* The value as text reads back to the same value. */
          text = tw_option_value_to_string (spec, options.values[index]);
          again = g_strdup_printf ("%s=%s", spec->name, text);
          g_assert_true (tw_options_set_from_string (&before, rules->options, rules->n_options,
                                                     again, NULL));
          g_assert_cmpint (before.values[index], ==, cases[i].value);
        }
      else
        {
          g_assert_false (ok);
          g_assert_true (error->domain == TW_SCHEMA_ERROR);
          if (!g_str_has_prefix (error->message, cases[i].message))
            g_error ("%s: '%s' does not start with '%s'", cases[i].assignment,
                     error->message, cases[i].message);
          g_assert_cmpmem (&options, sizeof options, &before, sizeof before);
        }
    }
}

/* Ids read as words in forms and tables. */
static void
test_id_to_words (void)
{
  static const struct { const char *id, *words; } cases[] = {
    { "shared-or-own-private", "Shared or own private" },
    { "tiles-ran-out", "Tiles ran out" },
    { "up", "Up" },
    { "per_tile", "Per tile" },
    { "2-player", "2 player" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *words = tw_id_to_words (cases[i].id);
      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

/* A copy of a list of problems has the same problems, errors counted with
 * those over the stored limit, and lives on its own. */
static void
test_diagnostics_copy (void)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("t.yaml");
  g_autoptr(TwDiagnostics) copy = NULL;
  g_autofree char *before = NULL;
  g_autofree char *copied = NULL;

  tw_diagnostics_add (diags, TW_DIAG_WARNING, 3, 7, "a hint", "a warning");
  for (guint i = 0; i < 600; i++)
    tw_diagnostics_add (diags, TW_DIAG_ERROR, 10 + i, 1, NULL, "error %u", i);
  copy = tw_diagnostics_copy (diags);
  g_assert_cmpstr (tw_diagnostics_get_file (copy), ==, "t.yaml");
  g_assert_cmpuint (tw_diagnostics_get_n (copy), ==, tw_diagnostics_get_n (diags));
  g_assert_cmpuint (tw_diagnostics_n_errors (copy), ==, 600);
  before = tw_diagnostics_to_string (diags);
  copied = tw_diagnostics_to_string (copy);
  g_assert_cmpstr (copied, ==, before);
  g_assert_cmpstr (tw_diagnostics_get (copy, 0)->hint, ==, "a hint");
  tw_diagnostics_add (copy, TW_DIAG_WARNING, 1, 1, NULL, "only in the copy");
  g_clear_pointer (&diags, tw_diagnostics_free);
  g_assert_cmpuint (tw_diagnostics_n_errors (copy), ==, 600);
}

/* Reserved ids ---------------------------------------------------------- */

/* The id nodes of the entries of list @path under @node, added to @out. */
static void
each_id (const TwNode *node,
         const char   *path,
         GPtrArray    *out)
{
  const char *dot = strchr (path, '.');
  g_autofree char *key = dot != NULL ? g_strndup (path, dot - path) : g_strdup (path);
  const TwNode *list = tw_node_get (node, key);

  for (guint i = 0; list != NULL && list->type == TW_NODE_SEQ && i < list->n_children; i++)
    {
      const TwNode *id = tw_node_get (list->children[i], "id");

      if (dot != NULL)
        each_id (list->children[i], dot + 1, out);
      else if (id != NULL && id->type == TW_NODE_SCALAR)
        g_ptr_array_add (out, (gpointer) id);
    }
}

/* The id node of the first entry of list @path under @node, or NULL. */
static const TwNode *
first_id (const TwNode *node,
          const char   *path)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  each_id (node, path, ids);
  return ids->len > 0 ? ids->pdata[0] : NULL;
}

/* @text with the bytes of @node replaced by @word, quoted (a lone "-" is
 * YAML's sequence entry). */
static char *
splice (const char   *text,
        const TwNode *node,
        const char   *word)
{
  return g_strdup_printf ("%.*s\"%s\"%s", (int) node->start_offset, text, word,
                          text + node->end_offset);
}

static TwDefinition *
load_bundled (const TwRules *rules)
{
  return tw_test_load_bundled (rules->id);
}

/* For every module and every word its notation reserves (TwRules.
 * reserved_ids), the bundled definition with the first id of that list
 * turned into the word is refused, at that id's line and column, saying
 * what the notation reads the word as; and every other module takes the
 * same word as an id where it reserves nothing. */
static void
test_reserved_ids (void)
{
  guint n_rules, n_cases = 0, n_others = 0, n_own = 0;
  const TwRules * const *all = tw_rules_all (&n_rules);

  for (guint m = 0; m < n_rules; m++)
    for (const TwReservedId *r = all[m]->reserved_ids; r != NULL && r->list != NULL; r++)
      {
        g_autoptr(TwDefinition) def = load_bundled (all[m]);
        const TwNode *id = first_id (def->root, r->list);
        g_autofree char *text = NULL;
        g_autofree char *where = NULL;
        g_autofree char *report = NULL;
        g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("r.yaml");
        g_autoptr(GError) error = NULL;
        g_autoptr(TwDefinition) bad = NULL;
        g_auto(GStrv) lines = NULL;
        guint found = 0;

        g_assert_nonnull (id);
        g_assert_cmpstr (id->scalar, !=, r->word);
        text = splice (def->text, id, r->word);
        bad = tw_definition_load_data (text, -1, "r.yaml", diags, &error);
        g_assert_null (bad);
        g_assert_error (error, TW_DEFINITION_ERROR, TW_DEFINITION_ERROR_INVALID);
        report = tw_diagnostics_to_string (diags);
        where = g_strdup_printf ("r.yaml:%u:%u: ", id->line, id->column);
        lines = g_strsplit (report, "\n", -1);
        for (guint l = 0; lines[l] != NULL; l++)
          if (strstr (lines[l], "notation reads it as") != NULL)
            {
              found++;
              if (!g_str_has_prefix (lines[l], where) || strstr (lines[l], r->word) == NULL
                  || strstr (lines[l], all[m]->display_name) == NULL
                  || strstr (lines[l], r->reason) == NULL)
                g_error ("%s '%s' in %s: expected at %s, got:\n%s", all[m]->id, r->word, r->list,
                         where, report);
            }
        if (found != 1)
          g_error ("%s '%s' in %s: %u reports, expected 1:\n%s", all[m]->id, r->word, r->list,
                   found, report);
        n_cases++;

        /* the same word in the same list of every other module */
        for (guint o = 0; o < n_rules; o++)
          {
            gboolean reserved = FALSE;
            g_autoptr(TwDefinition) other = NULL;
            g_autoptr(TwDefinition) loaded = NULL;
            g_autofree char *other_text = NULL;
            g_autoptr(GError) other_error = NULL;
            const TwNode *other_id;

            for (const TwReservedId *q = all[o]->reserved_ids; q != NULL && q->list != NULL; q++)
              reserved |= g_str_equal (q->list, r->list) && g_str_equal (q->word, r->word);
            if (o == m || reserved)
              continue;
            other = load_bundled (all[o]);
            other_id = first_id (other->root, r->list);
            if (other_id == NULL)
              continue;
            /* only where nothing else names the id, so the file stays valid */
            if (strstr (other->text + other_id->end_offset, other_id->scalar) != NULL)
              continue;
            other_text = splice (other->text, other_id, r->word);
            loaded = tw_definition_load_data (other_text, -1, "o.yaml", NULL, &other_error);
            if (loaded == NULL)
              g_error ("%s refuses the id '%s' in %s, which only %s reserves: %s", all[o]->id,
                       r->word, r->list, all[m]->id, other_error->message);
            n_others++;
          }
      }
  /* Colorblock, Blokus Shuffle, Color Shift and Colorfield reserve words */
  g_assert_cmpuint (n_cases, >=, 4);
  g_assert_cmpuint (n_others, >, 0);

  /* Blokus Shuffle reads a card's id before a piece's: a card named like a
   * piece is refused at its id (bs_validate()) */
  {
    g_autoptr(TwDefinition) def = load_bundled (tw_rules_lookup ("blokus-shuffle"));
    const TwNode *card = first_id (def->root, "cards");
    g_autofree char *text = splice (def->text, card, first_id (def->root, "pieces")->scalar);
    g_autofree char *where = g_strdup_printf ("b.yaml:%u:%u: ", card->line, card->column);
    g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("b.yaml");
    g_autoptr(TwDefinition) bad = tw_definition_load_data (text, -1, "b.yaml", diags, NULL);
    g_autofree char *report = tw_diagnostics_to_string (diags);

    g_assert_null (bad);
    g_assert_true (g_str_has_prefix (report, where));
    g_assert_nonnull (strstr (report, "is also a piece id"));
  }

  /* the ids of a module's own lists (TwRules.own_id_lists) are one word too
   * (Colorfield's painters, canvas boards and faces) */
  for (guint m = 0; m < n_rules; m++)
    for (const TwIdList *own = all[m]->own_id_lists; own != NULL && own->list != NULL; own++)
      n_own++;
  g_assert_cmpuint (n_own, >=, 3);
  for (guint m = 0; m < n_rules; m++)
    for (const TwIdList *own = all[m]->own_id_lists; own != NULL && own->list != NULL; own++)
      for (guint w = 0; w < 2; w++)
        {
          g_autoptr(TwDefinition) def = load_bundled (all[m]);
          const TwNode *id = first_id (def->root, own->list);
          g_autofree char *word = g_strconcat (id->scalar, w == 0 ? " two" : ";two", NULL);
          g_autofree char *text = splice (def->text, id, word);
          g_autofree char *where = g_strdup_printf ("w.yaml:%u:%u: ", id->line, id->column);
          g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("w.yaml");
          g_autoptr(TwDefinition) bad = tw_definition_load_data (text, -1, "w.yaml", diags, NULL);
          g_autofree char *report = tw_diagnostics_to_string (diags);

          g_assert_null (bad);
          if (!g_str_has_prefix (report, where) || strstr (report, own->noun) == NULL
              || strstr (report, w == 0 ? "contains a space" : "contains ';'") == NULL)
            g_error ("%s: '%s' in %s: expected at %s:\n%s", all[m]->id, word, own->list, where,
                     report);
        }
}

/* Ids that look like keywords of the modules' notations (their moves'
 * words, their positions' lines and values), or odd but legal ones ("-",
 * "_", digits, non-ASCII letters), for the round trip below; those a module
 * reserves are left out for it. */
static const char * const legal_pool[] = {
  /* moves */
  "mark", "bid", "invest", "move-bid", "done", "replace", "hold", "crumble", "move", "bulldoze",
  "swap", "unmark", "color", "colour", "pick", "discard", "pass", "shift", "meeple", "painter",
  "side", "setup", "skip", "rotate", "take", "deck", "deck2", "refresh", "place",
  /* positions */
  "none", "tray", "hand", "drawn", "board", "finished", "meeples", "scores", "end", "row1",
  "removed", "box", "tools", "tool-deck", "tool-discard", "shared", "private1", "goals", "draft",
  "chosen", "players", "phase", "seed", "cw", "ccw",
  /* letters, numbers and odd words */
  "S", "P", "N", "E", "W", "x", "r1", "t2", "p1", "a1", "2c", "42", "-", "_", "--", "a-b_c",
  "Über", "été", "tile-9",
};

/* Collects, in the whole tree under @node, every scalar equal to one of
 * @names' keys (an id and its references: edges, card parameters, faces),
 * except under the keys that hold words rather than ids. */
static void
collect_renames (const TwNode *node,
                 const char   *key,
                 GHashTable   *names,
                 GArray       *edits)
{
  static const char * const prose[] = { "name", "title", "text", "description", "kind", "rules",
                                        "when", "points", "value", NULL };

  if (key != NULL && g_strv_contains (prose, key))
    return;
  if (node->type == TW_NODE_SCALAR)
    {
      if (g_hash_table_contains (names, node->scalar))
        g_array_append_val (edits, node);
      return;
    }
  for (guint i = 0; i < node->n_children; i++)
    collect_renames (node->children[i],
                     node->type == TW_NODE_MAP ? node->keys[i]->scalar : key, names, edits);
}

/* Every id in the tree under @node (the value of any key `id`). */
static void
collect_ids (const TwNode *node,
             GHashTable   *out)
{
  for (guint i = 0; i < node->n_children; i++)
    {
      if (node->type == TW_NODE_MAP && g_str_equal (node->keys[i]->scalar, "id")
          && node->children[i]->type == TW_NODE_SCALAR)
        g_hash_table_add (out, node->children[i]->scalar);
      collect_ids (node->children[i], out);
    }
}

static gint
by_offset (gconstpointer a,
           gconstpointer b)
{
  const TwNode *na = *(const TwNode * const *) a, *nb = *(const TwNode * const *) b;

  return na->start_offset < nb->start_offset ? -1 : na->start_offset > nb->start_offset;
}

/* Whether @state's position text reads back to the same text. */
static gboolean
position_round_trips (const TwGame  *game,
                      const TwState *state,
                      GString       *why)
{
  const TwRules *rules = game->rules;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) again = g_string_new (NULL);
  TwState *back = tw_state_new (game, 0);
  gboolean ok;

  rules->state_to_text (game, state, text);
  g_string_truncate (why, 0);
  ok = rules->state_from_text (game, back, text->str, why);
  if (ok)
    {
      rules->state_to_text (game, back, again);
      ok = g_str_equal (text->str, again->str);
      if (!ok)
        g_string_printf (why, "reads back as\n%s", again->str);
    }
  if (!ok)
    g_string_append_printf (why, "\nthe position:\n%s", text->str);
  tw_state_free (back);
  return ok;
}

/* Plays @def and @renamed (the same game with other ids) side by side with
 * the same random legal moves: every move of @renamed must read back as the
 * same move, against the state before it, and every position that reads
 * back with @def's ids must read back with @renamed's. Returns the number
 * of moves. */
static guint
play_round_trip (TwDefinition *def,
                 TwDefinition *renamed,
                 guint64       seed,
                 const char   *names)
{
  g_autoptr(GError) error = NULL;
  TwGame *game = tw_game_new (def, def->min_players, NULL, &error);
  TwGame *other = tw_game_new (renamed, def->min_players, NULL, &error);
  const TwRules *rules = def->rules;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) why = g_string_new (NULL);
  TwMoveList list, other_list;
  TwState *state, *other_state;
  TwRng rng;
  guint n = 0;

  g_assert_no_error (error);
  state = tw_state_new (game, seed);
  other_state = tw_state_new (other, seed);
  tw_rng_seed (&rng, seed);
  tw_move_list_init (&list);
  tw_move_list_init (&other_list);
  while (tw_state_to_act (game, state) >= 0 && n++ < 5000)
    {
      TwMove m, back;

      if (rules->state_from_text != NULL && position_round_trips (game, state, why)
          && !position_round_trips (other, other_state, why))
        g_error ("%s with ids %s: before move %u the position does not read back: %s", rules->id,
                 names, n, why->str);
      tw_move_list_clear (&list);
      tw_move_list_clear (&other_list);
      rules->legal_moves (game, state, &list);
      rules->legal_moves (other, other_state, &other_list);
      g_assert_cmpuint (list.len, >, 0);
      g_assert_cmpuint (list.len, ==, other_list.len);
      m = list.moves[tw_rng_below (&rng, list.len)];
      g_string_truncate (text, 0);
      rules->move_to_text (other, other_state, &m, text);
      g_string_truncate (why, 0);
      memset (&back, 0, sizeof back);
      if (!rules->move_from_text (other, other_state, text->str, &back, why) || !tw_move_equal (&m, &back))
        g_error ("%s with ids %s: move %u '%s' does not read back: %s", rules->id, names, n,
                 text->str, why->str);
      g_assert_true (rules->apply (game, state, &m, why));
      g_assert_true (rules->apply (other, other_state, &m, why));
    }
  g_assert_cmpint (tw_state_to_act (other, other_state), <, 0);
  tw_move_list_free (&list);
  tw_move_list_free (&other_list);
  tw_state_free (state);
  tw_state_free (other_state);
  tw_game_unref (game);
  tw_game_unref (other);
  return n;
}

/* Every module's bundled definition with its tile, card, piece, colour,
 * painter and canvas face ids renamed to legal ids (other modules' keywords,
 * odd words) still loads, and games played with random moves write moves and
 * positions that read back. Round k gives the i-th id the word k + i of the
 * pool, so every word stands for many ids, some of those that are played
 * among them: a word missing from a module's TwRules.reserved_ids fails here
 * when a game writes it (the faces' "-" only when a game chooses that face). */
static void
test_legal_ids_round_trip (void)
{
  static const char * const lists[] = { "tiles", "cards", "pieces", "colors", "painters",
                                        "canvases.faces" };
  guint n_rules, n_renamed = 0, n_moves = 0;
  const TwRules * const *all = tw_rules_all (&n_rules);

  for (guint m = 0; m < n_rules; m++)
    for (guint round = 0; round < G_N_ELEMENTS (legal_pool); round += 3)
      {
        guint next = round;

        g_autoptr(TwDefinition) def = load_bundled (all[m]);
        g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
        g_autoptr(GHashTable) used = g_hash_table_new (g_str_hash, g_str_equal);
        g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
        g_autoptr(GArray) edits = g_array_new (FALSE, FALSE, sizeof (const TwNode *));
        g_autoptr(GString) text = g_string_new (def->text);
        g_autoptr(GString) renamed = g_string_new (NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(TwDefinition) again = NULL;

        collect_ids (def->root, ids);
        for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
          {
            g_autoptr(GPtrArray) list_ids = g_ptr_array_new ();

            each_id (def->root, lists[l], list_ids);
            for (guint i = 0; i < list_ids->len; i++)
              {
                const TwNode *id = list_ids->pdata[i];
                const char *word = legal_pool[next++ % G_N_ELEMENTS (legal_pool)];
                gboolean reserved = FALSE;

                /* each new word once, and not another entry's id */
                if (id == NULL || g_hash_table_contains (used, word)
                    || g_hash_table_contains (names, id->scalar) || g_hash_table_contains (ids, word))
                  continue;
                for (const TwReservedId *r = all[m]->reserved_ids; r != NULL && r->list != NULL; r++)
                  reserved |= g_str_equal (r->list, lists[l]) && g_str_equal (r->word, word);
                if (reserved)
                  continue;
                g_hash_table_insert (names, id->scalar, (gpointer) word);
                g_hash_table_add (used, (gpointer) word);
                g_string_append_printf (renamed, "%s%s→%s", renamed->len ? ", " : "", id->scalar, word);
              }
          }
        collect_renames (def->root, NULL, names, edits);
        g_array_sort (edits, by_offset);
        for (guint e = edits->len; e > 0; e--)
          {
            const TwNode *node = g_array_index (edits, const TwNode *, e - 1);

            g_autofree char *quoted = g_strdup_printf ("\"%s\"", (char *) g_hash_table_lookup (names, node->scalar));

            g_string_erase (text, node->start_offset, node->end_offset - node->start_offset);
            g_string_insert (text, node->start_offset, quoted);
          }
        again = tw_definition_load_data (text->str, -1, "renamed.yaml", NULL, &error);
        if (again == NULL)
          g_error ("%s with ids %s: %s", all[m]->id, renamed->str, error->message);
        n_renamed += g_hash_table_size (names);
        n_moves += play_round_trip (def, again, 100 + round, renamed->str);
        g_test_message ("%s: %s", all[m]->id, renamed->str);
      }
  g_test_message ("%u ids renamed, %u moves read back", n_renamed, n_moves);
  g_assert_cmpuint (n_renamed, >, 50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/definition/registry-has-colorblock", test_registry_has_colorblock);
  g_test_add_func ("/tw/definition/valid", test_valid);
  g_test_add_func ("/tw/definition/diagnostics-copy", test_diagnostics_copy);
  g_test_add_func ("/tw/definition/id-to-words", test_id_to_words);
  g_test_add_func ("/tw/definition/bad-cases", test_bad_cases);
  g_test_add_func ("/tw/definition/after-first-document", test_after_first_document);
  g_test_add_func ("/tw/definition/every-problem-at-once", test_every_problem_at_once);
  g_test_add_func ("/tw/definition/one-problem-message", test_one_problem_message);
  g_test_add_func ("/tw/definition/too-many", test_too_many);
  g_test_add_func ("/tw/definition/hostile", test_hostile);
  g_test_add_func ("/tw/definition/fuzz", test_fuzz);
  g_test_add_func ("/tw/definition/bundled", test_bundled);
  g_test_add_func ("/tw/definition/bundled-dir-env", test_bundled_dir_env);
  g_test_add_func ("/tw/definition/files", test_files);
  g_test_add_func ("/tw/definition/options-from-string", test_options_from_string);
  g_test_add_func ("/tw/definition/reserved-ids", test_reserved_ids);
  g_test_add_func ("/tw/definition/legal-ids-round-trip", test_legal_ids_round_trip);

  return g_test_run ();
}
