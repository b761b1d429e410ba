/* test-module-util.c: the plumbing the rules modules share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-module-util.h"
#include "tw-tile.h"

/* The hash step is the one every module's hash() was built on: changing it
 * would change every recorded hash. */
static void
test_mix64 (void)
{
  g_assert_cmphex (tw_mix64 (0, 0), ==, G_GUINT64_CONSTANT (0x2e72b465594082e3));
  g_assert_cmphex (tw_mix64 (tw_mix64 (0x243f6a8885a308d3ull, 1), 2), ==,
                   G_GUINT64_CONSTANT (0xb0f7d83c91aeeb05));
  g_assert_cmphex (tw_mix64 (1, 2), !=, tw_mix64 (2, 1));
}

static void
test_layout (void)
{
  gsize off = 13;

  g_assert_cmpuint (tw_layout_take (&off, 3), ==, 16);
  g_assert_cmpuint (off, ==, 19);
  g_assert_cmpuint (tw_layout_take (&off, 0), ==, 24);
  g_assert_cmpuint (tw_layout_take (&off, 8), ==, 24);
  g_assert_cmpuint (off, ==, 32);
  g_assert_cmpuint (tw_layout_end (off), ==, 32);
  g_assert_cmpuint (tw_layout_end (33), ==, 40);
}

static void
test_refuse (void)
{
  g_autoptr(GString) why = g_string_new ("a: ");

  g_assert_false (tw_refuse (why, "not your turn"));
  g_assert_cmpstr (why->str, ==, "a: not your turn");
  g_assert_false (tw_refuse (NULL, "nobody asks"));
}

static void
test_counters (void)
{
  const guint32 counters[3] = { 7, G_MAXUINT32, 0 };
  guint64 out[4] = { 1, 1, 1, 99 };

  tw_counters_copy (counters, 3, out);
  g_assert_cmpuint (out[0], ==, 7);
  g_assert_cmpuint (out[1], ==, G_MAXUINT32);
  g_assert_cmpuint (out[2], ==, 0);
  g_assert_cmpuint (out[3], ==, 99);
}

/* Equal scores share a place, the next place skips them (1, 2, 2, 4). */
static void
test_rank (void)
{
  const int score[] = { 7, 12, 7, 3, 12 };
  guint rank[G_N_ELEMENTS (score)];

  tw_rank_by_score (score, G_N_ELEMENTS (score), rank);
  g_assert_cmpuint (rank[0], ==, 2);
  g_assert_cmpuint (rank[1], ==, 0);
  g_assert_cmpuint (rank[2], ==, 2);
  g_assert_cmpuint (rank[3], ==, 4);
  g_assert_cmpuint (rank[4], ==, 0);
}

static void
test_names (void)
{
  static const char * const names[] = { "place", "draft", "done", NULL };

  g_assert_cmpint (tw_name_index (names, "place"), ==, 0);
  g_assert_cmpint (tw_name_index (names, "done"), ==, 2);
  g_assert_cmpint (tw_name_index (names, "Done"), ==, -1);
  g_assert_cmpint (tw_name_index (names, ""), ==, -1);
}

static void
test_numbers (void)
{
  int v = 99, x = 0, y = 0;

  g_assert_true (tw_notation_parse_int ("-30000", &v));
  g_assert_cmpint (v, ==, -30000);
  g_assert_true (tw_notation_parse_int ("+12", &v));
  g_assert_cmpint (v, ==, 12);
  v = 99;
  g_assert_false (tw_notation_parse_int ("30001", &v));
  g_assert_false (tw_notation_parse_int ("12a", &v));
  g_assert_false (tw_notation_parse_int ("", &v));
  g_assert_false (tw_notation_parse_int (NULL, &v));
  g_assert_cmpint (v, ==, 99);

  g_assert_true (tw_notation_parse_xy ("-3,14", &x, &y));
  g_assert_cmpint (x, ==, -3);
  g_assert_cmpint (y, ==, 14);
  g_assert_false (tw_notation_parse_xy ("1,2,3", &x, &y));
  g_assert_false (tw_notation_parse_xy ("1", &x, &y));
  g_assert_false (tw_notation_parse_xy ("1,", &x, &y));
}

static void
test_words (void)
{
  g_auto(GStrv) w = tw_notation_words ("  a\tbb  c=1 \r", " \t");
  g_auto(GStrv) e = tw_notation_words (" \t ", " \t");
  g_auto(GStrv) r = tw_notation_words ("a\r\nb", " \t\r\n");

  g_assert_cmpuint (g_strv_length (w), ==, 4);
  g_assert_cmpstr (w[0], ==, "a");
  g_assert_cmpstr (w[1], ==, "bb");
  g_assert_cmpstr (w[2], ==, "c=1");
  g_assert_cmpstr (w[3], ==, "\r");
  g_assert_cmpuint (g_strv_length (e), ==, 0);
  g_assert_cmpuint (g_strv_length (r), ==, 2);
}

static void
test_header (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_auto(GStrv) head = tw_notation_words ("colorblock players=2 to-act=3 dealer=x seed", " ");
  g_auto(GStrv) none = tw_notation_words ("", " ");
  const char *val;
  int seat = 0;

  g_assert_true (tw_notation_header_tag (head, "colorblock", "Colorblock", why));
  g_assert_cmpstr (why->str, ==, "");
  g_assert_false (tw_notation_header_tag (none, "colorblock", "Colorblock", why));
  g_assert_cmpstr (why->str, ==, "a Colorblock position starts with 'colorblock'");
  g_string_truncate (why, 0);
  g_assert_false (tw_notation_header_tag (head, "color-shift", "Color Shift", why));
  g_assert_cmpstr (why->str, ==, "a Color Shift position starts with 'color-shift'");

  val = tw_notation_split_key (head[1], why);
  g_assert_cmpstr (head[1], ==, "players");
  g_assert_cmpstr (val, ==, "2");
  g_assert_true (tw_notation_check_players (val, 2, why));
  g_assert_false (tw_notation_check_players (val, 3, why));
  g_assert_cmpstr (why->str, ==, "this game has 3 players, the position 2");
  g_assert_false (tw_notation_check_players ("2x", 2, why));

  val = tw_notation_split_key (head[2], why);
  g_assert_false (tw_notation_parse_seat (val, 2, "to-act", &seat, why));
  g_assert_cmpstr (why->str, ==, "to-act must be a seat from 1 to 2");
  g_assert_true (tw_notation_parse_seat (val, 4, "to-act", &seat, why));
  g_assert_cmpint (seat, ==, 3);
  val = tw_notation_split_key (head[3], why);
  g_assert_false (tw_notation_parse_seat (val, 4, "dealer", &seat, why));
  g_assert_cmpstr (why->str, ==, "dealer must be a seat from 1 to 4");
  g_assert_false (tw_notation_parse_seat ("0", 4, "dealer", &seat, why));

  g_assert_null (tw_notation_split_key (head[4], why));
  g_assert_cmpstr (why->str, ==, "expected KEY=VALUE, not 'seed'");
  g_assert_cmpstr (tw_notation_split_key ((char[]) { "a=b=c" }, why), ==, "b=c");
}

/* Each instance in exactly one place, agreeing with its location byte;
 * the ones seen nowhere are out of the game. */
static void
test_check_instances (void)
{
  g_autoptr(GString) why = g_string_new (NULL);
  const guint8 loc[4] = { 1, 2, 9, 1 };
  guint8 seen[4] = { 0 };

  g_assert_true (tw_check_instance_at (seen, 0, loc[0] == 1, "in the stack", why));
  g_assert_true (tw_check_instance_at (seen, 3, loc[3] == 1, "in the stack", why));
  g_assert_false (tw_check_instances_placed (seen, loc, 4, 9, why));
  g_assert_cmpstr (why->str, ==, "tile instance 1 is nowhere");
  g_assert_false (tw_check_instance_at (seen, 1, loc[1] == 3, "on a board", why));
  g_assert_cmpstr (why->str, ==, "tile instance 1 is on a board and elsewhere");
  g_assert_true (tw_check_instances_placed (seen, loc, 4, 9, why));
  g_assert_false (tw_check_instance_at (seen, 0, TRUE, "in a hand", why));
  g_assert_cmpstr (why->str, ==, "tile instance 0 is in a hand and elsewhere");
}

/* Unions go under the lower root and say which root they joined. */
static void
test_uf_union (void)
{
  guint16 parent[6] = { 0, 1, 2, 3, 4, 5 };
  guint16 joined = 99;

  g_assert_cmpuint (tw_uf_union (parent, 4, 2, &joined), ==, 2);
  g_assert_cmpuint (joined, ==, 4);
  g_assert_cmpuint (tw_uf_union (parent, 5, 3, &joined), ==, 3);
  g_assert_cmpuint (joined, ==, 5);
  g_assert_cmpuint (tw_uf_union (parent, 5, 4, &joined), ==, 2);
  g_assert_cmpuint (joined, ==, 3);
  g_assert_cmpuint (tw_uf_union (parent, 3, 4, &joined), ==, 2);
  g_assert_cmpuint (joined, ==, 2);
  for (guint16 x = 2; x < 6; x++)
    g_assert_cmpuint (tw_uf_find (parent, x), ==, 2);
  g_assert_cmpuint (tw_uf_find (parent, 0), ==, 0);
  g_assert_cmpuint (tw_uf_find (parent, 1), ==, 1);
}

/* Instances are taken in order, each once, and only of the tile named. */
static void
test_take_instance (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  TwDefinition *def = tw_definition_load_file (path, NULL, &error);
  g_autoptr(GString) why = g_string_new (NULL);
  guint8 used[5] = { 0 };
  gint r, g;

  g_assert_no_error (error);
  r = tw_definition_find_tile (def, "full-r");
  g = tw_definition_find_tile (def, "full-g");
  g_assert_cmpint (r, >=, 0);
  g_assert_cmpint (g, >=, 0);
  {
    const guint16 inst_def[5] = { g, r, g, r, r };

    g_assert_cmpint (tw_notation_take_instance (def, inst_def, 5, used, "full-r", why), ==, 1);
    g_assert_cmpint (tw_notation_take_instance (def, inst_def, 5, used, "full-g", why), ==, 0);
    g_assert_cmpint (tw_notation_take_instance (def, inst_def, 5, used, "full-r", why), ==, 3);
    g_assert_cmpint (tw_notation_take_instance (def, inst_def, 5, used, "full-g", why), ==, 2);
    g_assert_cmpint (tw_notation_take_instance (def, inst_def, 5, used, "full-g", why), ==, -1);
    g_assert_cmpstr (why->str, ==, "more 'full-g' tiles than the definition has");
    g_assert_cmpint (tw_notation_take_instance (def, inst_def, 5, used, "nope", why), ==, -1);
    g_assert_cmpstr (why->str, ==, "unknown tile 'nope'");
    g_assert_cmpint (tw_notation_take_instance (def, inst_def, 5, used, "full-r", why), ==, 4);
    g_assert_cmpuint (used[0] & used[1] & used[2] & used[3] & used[4], ==, 1);
  }
  tw_definition_unref (def);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tw/module-util/mix64", test_mix64);
  g_test_add_func ("/tw/module-util/layout", test_layout);
  g_test_add_func ("/tw/module-util/refuse", test_refuse);
  g_test_add_func ("/tw/module-util/counters", test_counters);
  g_test_add_func ("/tw/module-util/rank", test_rank);
  g_test_add_func ("/tw/module-util/names", test_names);
  g_test_add_func ("/tw/module-util/numbers", test_numbers);
  g_test_add_func ("/tw/module-util/words", test_words);
  g_test_add_func ("/tw/module-util/header", test_header);
  g_test_add_func ("/tw/module-util/check-instances", test_check_instances);
  g_test_add_func ("/tw/module-util/uf-union", test_uf_union);
  g_test_add_func ("/tw/module-util/take-instance", test_take_instance);
  return g_test_run ();
}
