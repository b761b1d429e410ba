/* test-notation.c: the shared reader of positions (tw-notation.h)
 *
 * The header's typed fields and their refusals, the section lines and how
 * they are matched, handed over, kept or collected, and the TILE@X,YrR
 * placement parser, on made-up formats: each game's own reader is tested
 * by its rules tests.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tw-game.h"
#include "tw-notation.h"

static const char * const phases[] = { "open", "play", "done", NULL };

typedef struct
{
  int         phase;
  int         to_act;
  int         count;
  guint64     seed;
  const char *tile;             /* lives as long as the reader */
  char        tile_copy[16];
  gboolean    flag;
  int         custom;
} Head;

static gboolean
read_even (gpointer    user_data,
           const char *value,
           gpointer    dest,
           GString    *why)
{
  int v = atoi (value);

  g_assert_cmpstr (user_data, ==, "user");
  if (v % 2 != 0)
    {
      if (g_str_equal (value, "7"))
        g_string_append (why, "seven is right out");
      return FALSE;
    }
  *(int *) dest = v;
  return TRUE;
}

/* Reads @text's header with a table of every field type; the refusal in
 * @why, or "" when it reads. */
static gboolean
read_head (const char *text,
           Head       *h,
           const char *refusal,
           gboolean    digits,
           GString    *why)
{
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new (text, 3);
  const TwNotationField fields[] = {
    { "players", TW_FIELD_PLAYERS },
    { "phase", TW_FIELD_NAME, &h->phase, .names = phases, .accept = 1u << 0 | 1u << 1 },
    { "to-act", TW_FIELD_SEAT, &h->to_act },
    { "count", TW_FIELD_INT, &h->count, 0, 9 },
    { "seed", TW_FIELD_SEED, &h->seed },
    { "tile", TW_FIELD_TEXT, &h->tile },
    { "flag", TW_FIELD_FLAG, &h->flag },
    { "even", TW_FIELD_CUSTOM, &h->custom, .read = read_even },
    { "end", TW_FIELD_REFUSED, .refusal = "no {key} here" },
    { NULL }
  };
  const TwNotationHeader header = { "demo", "Demo", fields, refusal, digits, "user" };

  gboolean ok;

  memset (h, 0, sizeof *h);
  g_string_truncate (why, 0);
  ok = tw_notation_read_header (reader, &header, why);
  if (h->tile)
    g_strlcpy (h->tile_copy, h->tile, sizeof h->tile_copy);
  h->tile = NULL;
  return ok;
}

static void
test_header_fields (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  Head h;

  g_assert_true (read_head ("demo players=3 phase=play to-act=2 count=9 seed=12345678901 "
                            "tile=h-rg flag=1 even=4", &h, NULL, FALSE, why));
  g_assert_cmpint (h.phase, ==, 1);
  g_assert_cmpint (h.to_act, ==, 2);
  g_assert_cmpint (h.count, ==, 9);
  g_assert_cmpuint (h.seed, ==, G_GUINT64_CONSTANT (12345678901));
  g_assert_cmpstr (h.tile_copy, ==, "h-rg");
  g_assert_true (h.flag);
  g_assert_cmpint (h.custom, ==, 4);

  /* keys in any order, none required; a flag other than 1 is off */
  g_assert_true (read_head ("demo flag=yes count=-0", &h, NULL, FALSE, why));
  g_assert_false (h.flag);
  g_assert_cmpint (h.phase, ==, 0);
}

static void
test_header_refusals (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  Head h;
  static const struct { const char *text; const char *why; } cases[] = {
    { "", "a Demo position starts with 'demo'" },
    { "other players=3", "a Demo position starts with 'demo'" },
    { "demo players", "expected KEY=VALUE, not 'players'" },
    { "demo colour=red", "unknown key 'colour' in the position header" },
    { "demo players=2", "this game has 3 players, the position 2" },
    { "demo players=three", "this game has 3 players, the position three" },
    { "demo to-act=4", "to-act must be a seat from 1 to 3" },
    { "demo to-act=0", "to-act must be a seat from 1 to 3" },
    { "demo count=10", "count must be from 0 to 9, not '10'" },
    { "demo count=1x", "count must be from 0 to 9, not '1x'" },
    { "demo phase=done", "unknown phase 'done'" },
    { "demo phase=later", "unknown phase 'later'" },
    { "demo even=3", "" },
    { "demo even=7", "seven is right out" },
    { "demo end=1", "no end here" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_false (read_head (cases[i].text, &h, NULL, FALSE, why));
      if (*cases[i].why)
        g_assert_cmpstr (why->str, ==, cases[i].why);
    }
  /* a custom reader that gives no reason gets the type's template */
  g_assert_false (read_head ("demo even=3", &h, NULL, FALSE, why));
  g_assert_cmpstr (why->str, ==, "bad value '3' for even");

  /* the header's own template for fields without one */
  g_assert_false (read_head ("demo count=12", &h, "bad value '{value}' for {key}", FALSE, why));
  g_assert_cmpstr (why->str, ==, "bad value '12' for count");
  g_assert_false (read_head ("demo end=1", &h, "bad value '{value}' for {key}", FALSE, why));
  g_assert_cmpstr (why->str, ==, "no end here");

  /* digits: no sign */
  g_assert_true (read_head ("demo count=+3", &h, NULL, FALSE, why));
  g_assert_cmpint (h.count, ==, 3);
  g_assert_false (read_head ("demo count=+3", &h, NULL, TRUE, why));
  g_assert_false (read_head ("demo to-act=+1", &h, NULL, TRUE, why));
  g_assert_true (read_head ("demo to-act=01", &h, NULL, TRUE, why));
  g_assert_cmpint (h.to_act, ==, 1);
}

/* Words are separated by any blanks; lines are trimmed. */
static void
test_blanks (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  Head h;

  g_assert_true (read_head ("  demo\tto-act=3  count=2\r", &h, NULL, FALSE, why));
  g_assert_cmpint (h.to_act, ==, 3);
  g_assert_cmpint (h.count, ==, 2);
}

static void
test_refuse_template (void)
{
  g_autoptr(GString) why = g_string_new ("old text");

  tw_notation_refuse (why, "{key}={value}: {min}..{max} of {players} {unknown} {key", "k", "v",
                      4, -2, 7);
  g_assert_cmpstr (why->str, ==, "k=v: -2..7 of 4 {unknown} {key");
}

/* Sections -------------------------------------------------------------- */

typedef struct
{
  GString *log;
  gboolean refuse;
} Log;

static gboolean
log_line (gpointer        data,
          TwNotationLine *line,
          GString        *why)
{
  Log *L = data;

  g_string_append_printf (L->log, "%u:%s#%u", line->line, line->key, line->number);
  if (line->arg)
    g_string_append_printf (L->log, "(%s)", line->arg);
  for (guint w = 0; w < line->n_words; w++)
    g_string_append_printf (L->log, " %s", line->words[w]);
  g_string_append_c (L->log, ';');
  g_assert_null (line->words[line->n_words]);
  if (L->refuse)
    g_string_append (why, "refused");
  return !L->refuse;
}

static gboolean
read_sections (const char             *text,
               Log                    *L,
               TwNotationSectionFlags  flags,
               GStrv                  *keep,
               GPtrArray              *collect,
               GString                *why)
{
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new (text, 2);
  const TwNotationSection sections[] = {
    { "board", log_line },
    { "hand", log_line, 2, .refusal = "no seat called '{key}'" },
    { "p", log_line, 3, "-canvas", "no player '{key}'" },
    { "deck ", log_line, .named = TRUE },
    { "goals", .keep = keep },
    { "stack", .collect = collect },
    { "chosen", NULL },
    { NULL }
  };

  g_string_truncate (L->log, 0);
  g_string_truncate (why, 0);
  return tw_notation_read_sections (reader, sections, L, flags, why);
}

static void
test_sections (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GPtrArray) collect = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) keep = NULL;
  Log L = { log, FALSE };

  g_assert_true (read_sections ("demo\n"
                                "board: a@0,0r0  b@1,0r1\n"
                                "\n"
                                "  hand2 :\tx y\r\n"
                                "p3-canvas: q\n"
                                "deck blue: s t\n"
                                "goals: g1 g2\n"
                                "goals: g3\n"
                                "stack: 1 2\n"
                                "stack: 3\n"
                                "chosen: anything at all\n",
                                &L, 0, &keep, collect, why));
  g_assert_cmpstr (log->str, ==,
                   "2:board#0 a@0,0r0 b@1,0r1;4:hand2#2 x y;5:p3-canvas#3 q;"
                   "6:deck blue#0(blue) s t;");
  /* a later line replaces what is kept, and adds to what is collected */
  g_assert_cmpuint (g_strv_length (keep), ==, 1);
  g_assert_cmpstr (keep[0], ==, "g3");
  g_assert_cmpuint (collect->len, ==, 3);
  g_assert_cmpstr (collect->pdata[2], ==, "3");

  /* the header alone, or nothing */
  g_assert_true (read_sections ("demo", &L, 0, &keep, collect, why));
  g_assert_true (read_sections ("", &L, 0, &keep, collect, why));
  g_assert_cmpstr (log->str, ==, "");
}

static void
test_section_refusals (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GPtrArray) collect = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) keep = NULL;
  Log L = { log, FALSE };
  static const struct { const char *text; const char *why; } cases[] = {
    { "demo\nboard: a\nno colon here", "line 3: expected 'NAME: ...'" },
    { "demo\nboards: a", "unknown line 'boards:'" },
    { "demo\nhand3: a", "no seat called 'hand3'" },
    { "demo\nhand0: a", "no seat called 'hand0'" },
    { "demo\nhand99999999: a", "no seat called 'hand99999999'" },
    { "demo\nhandx: a", "unknown line 'handx:'" },
    { "demo\np4-canvas: a", "no player 'p4-canvas'" },
    { "demo\np1-easel: a", "unknown line 'p1-easel:'" },
    { "demo\np1: a", "unknown line 'p1:'" },
    { "demo\ndeck: a", "unknown line 'deck:'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_false (read_sections (cases[i].text, &L, 0, &keep, collect, why));
      g_assert_cmpstr (why->str, ==, cases[i].why);
    }

  /* a section's own refusal stops the reading there, named on request */
  L.refuse = TRUE;
  g_assert_false (read_sections ("demo\nboard: a\nhand1: b", &L, 0, &keep, collect, why));
  g_assert_cmpstr (why->str, ==, "refused");
  g_assert_cmpstr (log->str, ==, "2:board#0 a;");
  g_assert_false (read_sections ("demo\nhand1: b", &L, TW_NOTATION_SECTIONS_NAME_ERRORS, &keep,
                                 collect, why));
  g_assert_cmpstr (why->str, ==, "hand1: refused");

  /* some: only the sections of the table, the rest is left for later */
  L.refuse = FALSE;
  g_assert_true (read_sections ("demo\nno colon\nfoo: bar\nboard: a", &L,
                                TW_NOTATION_SECTIONS_SOME, &keep, collect, why));
  g_assert_cmpstr (log->str, ==, "4:board#0 a;");
}

/* Two passes over one reader see the lines as written. */
static void
test_two_passes (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(TwNotationReader) reader = tw_notation_reader_new ("demo\nboard: a@1,2r3\nx: y", 2);
  g_auto(GStrv) board = NULL;
  g_auto(GStrv) x = NULL;
  const TwNotationSection first[] = { { "board", .keep = &board }, { NULL } };
  const TwNotationSection second[] = { { "board", NULL }, { "x", .keep = &x }, { NULL } };
  int px, py, rot;

  g_assert_true (tw_notation_read_sections (reader, first, NULL, TW_NOTATION_SECTIONS_SOME, why));
  g_assert_true (tw_notation_parse_placement (board[0], &px, &py, &rot, why));
  g_assert_true (tw_notation_read_sections (reader, second, NULL, 0, why));
  g_assert_cmpstr (x[0], ==, "y");
  g_assert_cmpstr (board[0], ==, "a");
}

static void
test_placement (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  static const struct { const char *word; const char *id; int x, y, rot; const char *why; } cases[] = {
    { "h-rg@2,-1r1", "h-rg", 2, -1, 1, NULL },
    { "start@0,0r0", "start", 0, 0, 0, NULL },
    { "tr-r@-3,4r3", "tr-r", -3, 4, 3, NULL },
    { "h-rg", NULL, 0, 0, 0, "expected TILE@X,YrR, not 'h-rg'" },
    { "h-rg@1,2", NULL, 0, 0, 0, "expected TILE@X,YrR, not 'h-rg@1,2'" },
    { "h-rg@1,2r4", NULL, 0, 0, 0, "bad placement of 'h-rg'" },
    { "h-rg@1r0", NULL, 0, 0, 0, "bad placement of 'h-rg'" },
    { "h-rg@1,xr0", NULL, 0, 0, 0, "bad placement of 'h-rg'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *word = g_strdup (cases[i].word);
      int x = 99, y = 99, rot = 99;
      gboolean ok = tw_notation_parse_placement (word, &x, &y, &rot, why);

      g_assert_cmpint (ok, ==, cases[i].why == NULL);
      if (!ok)
        {
          g_assert_cmpstr (why->str, ==, cases[i].why);
          continue;
        }
      g_assert_cmpstr (word, ==, cases[i].id);
      g_assert_cmpint (x, ==, cases[i].x);
      g_assert_cmpint (y, ==, cases[i].y);
      g_assert_cmpint (rot, ==, cases[i].rot);
    }
}

/* A move's words, and its rotation word. */
static void
test_move_words (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_auto(GStrv) w = tw_notation_tokens (" \tpick  2\th-rg S 0,1 r3\r\n");
  g_auto(GStrv) none = tw_notation_tokens (" \t ");
  int rot = 9;

  g_assert_cmpuint (g_strv_length (w), ==, 6);
  g_assert_cmpstr (w[0], ==, "pick");
  g_assert_cmpstr (w[5], ==, "r3");
  g_assert_cmpuint (g_strv_length (none), ==, 0);

  g_assert_true (tw_notation_parse_rotation ("r3", &rot, why));
  g_assert_cmpint (rot, ==, 3);
  g_assert_true (tw_notation_parse_rotation ("r0", &rot, why));
  g_assert_cmpint (rot, ==, 0);
  for (guint i = 0; i < 5; i++)
    {
      const char *bad = (const char *[]) { "r4", "r-1", "3", "r", "rx" }[i];
      g_assert_false (tw_notation_parse_rotation (bad, &rot, why));
      g_assert_true (g_str_has_prefix (why->str, "rotation is r0, r1, r2 or r3, not '"));
    }
}

/* Every ```position block of doc/notation.md reads with its game's bundled
 * definition and default options, and what it writes reads again. */
static void
test_doc_examples (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TILEWRIGHT_SRCDIR"), "doc", "notation.md",
                                            NULL);
  g_autofree char *doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) why = g_string_new (NULL);
  g_auto(GStrv) blocks = NULL;
  guint n_read = 0;

  g_assert_true (g_file_get_contents (path, &doc, NULL, &error));
  g_assert_no_error (error);
  blocks = g_strsplit (doc, "```position\n", -1);
  for (guint b = 1; blocks[b]; b++)
    {
      g_autofree char *text = g_strndup (blocks[b], strstr (blocks[b], "```") - blocks[b]);
      g_auto(GStrv) head = g_strsplit_set (text, " \n", 3);
      g_autofree char *def_path = tw_definition_bundled_path (head[0]);
      TwDefinition *def = tw_definition_load_file (def_path, NULL, &error);
      g_autoptr(TwGame) game = NULL;
      g_autofree TwState *state = NULL;
      g_autofree TwState *again = NULL;
      g_autofree char *written = NULL;

      g_assert_no_error (error);
      g_assert_true (g_str_has_prefix (head[1], "players="));
      game = tw_game_new (def, atoi (head[1] + strlen ("players=")), NULL, &error);
      g_assert_no_error (error);
      tw_definition_unref (def);
      state = g_malloc0 (game->state_size);
      again = g_malloc0 (game->state_size);
      g_string_truncate (why, 0);
      if (!game->rules->state_from_text (game, state, text, why))
        g_error ("the %s example of doc/notation.md does not read: %s", head[0], why->str);
      written = tw_state_to_string (game, state);
      g_assert_true (game->rules->state_from_text (game, again, written, why));
      n_read++;
    }
  g_assert_cmpuint (n_read, ==, 5);
}

/* A game's example position of doc/notation.md, with @extra written first
 * on its "p1:" line; what reading it says (NULL when it reads). */
static char *
example_with_seat_key (const char *game_id,
                       const char *extra)
{
  g_autofree char *path = g_build_filename (g_getenv ("TILEWRIGHT_SRCDIR"), "doc", "notation.md",
                                            NULL);
  g_autofree char *doc = NULL;
  g_autofree char *start = g_strdup_printf ("```position\n%s ", game_id);
  g_autofree char *def_path = tw_definition_bundled_path (game_id);
  g_autofree char *text = NULL;
  g_autofree char *with = NULL;
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autofree TwState *state = NULL;
  TwDefinition *def;
  const char *block, *seat;
  g_auto(GStrv) head = NULL;

  g_assert_true (g_file_get_contents (path, &doc, NULL, &error));
  block = strstr (doc, start);
  g_assert_nonnull (block);
  block += strlen ("```position\n");
  text = g_strndup (block, strstr (block, "```") - block);
  seat = strstr (text, "\np1: ");
  g_assert_nonnull (seat);
  with = g_strdup_printf ("%.*s\np1: %s %s", (int) (seat - text), text, extra,
                          seat + strlen ("\np1: "));
  head = g_strsplit_set (text, " \n", 3);
  def = tw_definition_load_file (def_path, NULL, &error);
  g_assert_no_error (error);
  game = tw_game_new (def, atoi (head[1] + strlen ("players=")), NULL, &error);
  g_assert_no_error (error);
  tw_definition_unref (def);
  state = g_malloc0 (game->state_size);
  if (game->rules->state_from_text (game, state, with, why))
    return NULL;
  return g_strdup (why->str);
}

/* The seat lines of Block 2 Block and Colorfield ("p1: key=value ...") are
 * read by the field tables the headers use: each key's range, the seat's
 * own refusal for an unknown key, and a value that fits the state (a
 * supply of 300 was cut to 44 before). */
static void
test_seat_lines (void)
{
  struct { const char *game, *extra, *refusal; } cases[] = {
    { "block-2-block", "supply=300", "supply needs a number from 0 to 255, not '300'" },
    { "block-2-block", "lost=-1", "lost needs a number from 0 to 255, not '-1'" },
    { "block-2-block", "captures=1001", "captures needs a number from 0 to 1000, not '1001'" },
    { "block-2-block", "colour=3", "unknown key 'colour' for a seat" },
    { "block-2-block", "bids=1,2", "expected 4 numbers separated by commas, not '1,2'" },
    { "block-2-block", "supply", "expected KEY=VALUE" },
    { "colorfield", "turns=x", "bad player field 'turns=x'" },
    { "colorfield", "bonus=30001", "bad player field 'bonus=30001'" },
    { "colorfield", "zzz=1", "bad player field 'zzz=1'" },
    { "colorfield", "painter=picasso", "unknown painter 'picasso'" },
    { "colorfield", "board=board-9", "unknown canvas board 'board-9'" },
    { "block-2-block", "supply=7", NULL },
    { "colorfield", "bonus=3", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *why = example_with_seat_key (cases[i].game, cases[i].extra);

      g_test_message ("%s: %s -> %s", cases[i].game, cases[i].extra, why ? why : "(reads)");
      if (cases[i].refusal == NULL)
        g_assert_null (why);
      else
        {
          g_assert_nonnull (why);
          g_assert_nonnull (strstr (why, cases[i].refusal));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tw/notation/header-fields", test_header_fields);
  g_test_add_func ("/tw/notation/header-refusals", test_header_refusals);
  g_test_add_func ("/tw/notation/blanks", test_blanks);
  g_test_add_func ("/tw/notation/refuse-template", test_refuse_template);
  g_test_add_func ("/tw/notation/sections", test_sections);
  g_test_add_func ("/tw/notation/section-refusals", test_section_refusals);
  g_test_add_func ("/tw/notation/two-passes", test_two_passes);
  g_test_add_func ("/tw/notation/placement", test_placement);
  g_test_add_func ("/tw/notation/move-words", test_move_words);
  g_test_add_func ("/tw/notation/doc-examples", test_doc_examples);
  g_test_add_func ("/tw/notation/seat-lines", test_seat_lines);
  return g_test_run ();
}
