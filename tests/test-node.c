/* test-node.c: the positioned YAML tree and its hard limits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "tw-node.h"
#include "tw-rng.h"

/* Hostile inputs must be refused quickly, not merely eventually (generous
 * so that runs under valgrind pass; a hang takes far longer). */
#define MAX_SECONDS 5.0

static TwNode *
parse (const char     *text,
       gssize          len,
       TwDiagnostics **diags_out)
{
  TwDiagnostics *diags = tw_diagnostics_new ("test.yaml");
  TwNode *root = tw_node_parse (text, len, NULL, diags);

  *diags_out = diags;
  return root;
}

static char *
slice (const char   *text,
       const TwNode *node)
{
  return g_strndup (text + node->start_offset, node->end_offset - node->start_offset);
}

static void
test_positions (void)
{
  const char *text =
    "# comment\n"
    "game:\n"
    "  name: Café Ω\n"
    "  list: [a, 'b c', \"d\"]\n"
    "ñame: 'ü'\n";
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(TwNode) root = parse (text, -1, &diags);
  const TwNode *game, *name, *list, *n2;
  g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL;

  g_assert_nonnull (root);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 0);
  g_assert_cmpint (root->type, ==, TW_NODE_MAP);
  g_assert_cmpuint (root->n_children, ==, 2);

  game = tw_node_get (root, "game");
  g_assert_nonnull (game);
  g_assert_cmpuint (game->line, ==, 3);
  g_assert_cmpuint (game->column, ==, 3);

  name = tw_node_get (game, "name");
  g_assert_cmpstr (name->scalar, ==, "Café Ω");
  g_assert_true (name->plain);
  g_assert_cmpuint (name->line, ==, 3);
  g_assert_cmpuint (name->column, ==, 9);
  s1 = slice (text, name);
  g_assert_cmpstr (s1, ==, "Café Ω");

  list = tw_node_get (game, "list");
  g_assert_cmpint (list->type, ==, TW_NODE_SEQ);
  g_assert_cmpuint (list->n_children, ==, 3);
  g_assert_true (list->children[0]->plain);
  g_assert_false (list->children[1]->plain);
  g_assert_cmpstr (list->children[1]->scalar, ==, "b c");
  g_assert_false (list->children[2]->plain);
  s2 = slice (text, list);
  g_assert_cmpstr (s2, ==, "[a, 'b c', \"d\"]");

  /* Byte offsets after multi-byte characters on earlier lines and in the key. */
  n2 = tw_node_get (root, "ñame");
  g_assert_nonnull (n2);
  g_assert_cmpuint (n2->line, ==, 5);
  g_assert_cmpuint (n2->column, ==, 7);
  s3 = slice (text, n2);
  g_assert_cmpstr (s3, ==, "'ü'");
  g_assert_cmpuint (root->keys[1]->start_offset, ==, strstr (text, "ñame") - text);

  g_assert_null (tw_node_get (root, "absent"));
  g_assert_null (tw_node_get (name, "x"));
}

static void
test_bom (void)
{
  const char *text = "\xEF\xBB\xBF" "kéy: välue\n";
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(TwNode) root = parse (text, -1, &diags);
  g_autofree char *s = NULL;

  g_assert_nonnull (root);
  s = slice (text, root->children[0]);
  g_assert_cmpstr (s, ==, "välue");
  g_assert_cmpuint (root->keys[0]->start_offset, ==, 3);
}

static void
test_empty_documents (void)
{
  static const char * const texts[] = { "", "# only a comment\n", "---\n", "---\n...\n", "\n\n" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(TwDiagnostics) diags = NULL;
      g_autoptr(TwNode) root = parse (texts[i], -1, &diags);

      g_assert_nonnull (root);
      g_assert_cmpint (root->type, ==, TW_NODE_MAP);
      g_assert_cmpuint (root->n_children, ==, 0);
    }
}

static void
test_first_document_only (void)
{
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(TwNode) root = parse ("a: 1\n---\nb: [unclosed\n", -1, &diags);

  g_assert_nonnull (root);
  g_assert_cmpuint (root->n_children, ==, 1);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 0);
}

static void
test_aliases (void)
{
  const char *text =
    "base: &b {x: 1, y: [2, 3]}\n"
    "copy: *b\n"
    "s: &s hello\n"
    "t: *s\n";
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(TwNode) root = parse (text, -1, &diags);
  const TwNode *base, *copy, *t;

  g_assert_nonnull (root);
  base = tw_node_get (root, "base");
  copy = tw_node_get (root, "copy");
  g_assert_true (base != copy);
  g_assert_cmpint (copy->type, ==, TW_NODE_MAP);
  g_assert_cmpstr (tw_node_get (copy, "x")->scalar, ==, "1");
  g_assert_cmpuint (tw_node_get (copy, "y")->n_children, ==, 2);
  /* The copy is positioned where the alias is written. */
  g_assert_cmpuint (copy->line, ==, 2);
  g_assert_cmpuint (copy->column, ==, 7);
  t = tw_node_get (root, "t");
  g_assert_cmpstr (t->scalar, ==, "hello");
}

typedef struct
{
  const char *name;
  const char *text;
  guint       line;
  guint       column;
  const char *message;   /* a part of the message */
} BadCase;

static const BadCase bad_cases[] = {
  { "bad-indent", "a: b\n  c: d\n", 2, 4, "mapping values are not allowed" },
  { "unclosed-flow", "a: [1, 2\nb: 3\n", 2, 2, "did not find expected ',' or ']'" },
  { "unclosed-quote", "a: 'abc\n", 2, 1, "invalid YAML" },
  { "tab-indent", "a:\n\t- b\n", 2, 1, "invalid YAML" },
  { "unknown-alias", "a: *nothing\n", 1, 4, "unknown anchor 'nothing'" },
  { "self-alias", "a: &x [1, *x]\n", 1, 11, "unknown anchor 'x'" },
  { "complex-key", "? [a, b]\n: c\n", 1, 3, "a key must be a scalar" },
  { "flow-map-key", "{[a]: b}\n", 1, 2, "a key must be a scalar" },
  { "nul-byte", "a: b\nc: \0d\n", 2, 4, "NUL byte" },
  { "invalid-utf8", "a: b\nc: d\xff\n", 2, 5, "not valid UTF-8" },
  { "truncated-utf8", "x: \xc3", 1, 4, "not valid UTF-8" },
  { "control-char", "a: b\x01\n", 1, 5, "control characters" },
  { "utf16-bom", "\xff\xfe" "a\0:\0", 1, 1, "not valid UTF-8" },
};

static void
test_syntax_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *c = &bad_cases[i];
      g_autoptr(TwDiagnostics) diags = NULL;
      g_autoptr(TwNode) root = NULL;
      const TwDiag *d;
      gsize len = strlen (c->text);

      /* Cases with a NUL byte give their length explicitly. */
      if (strcmp (c->name, "nul-byte") == 0)
        len = 11;
      else if (strcmp (c->name, "utf16-bom") == 0)
        len = 6;
      root = parse (c->text, len, &diags);
      if (root != NULL || tw_diagnostics_get_n (diags) != 1)
        g_error ("%s: expected exactly one error", c->name);
      d = tw_diagnostics_get (diags, 0);
      g_assert_cmpint (d->level, ==, TW_DIAG_ERROR);
      if (strstr (d->message, c->message) == NULL || d->line != c->line
          || d->column != c->column)
        g_error ("%s: got %u:%u: %s, expected %u:%u: ...%s...", c->name, d->line, d->column,
                 d->message, c->line, c->column, c->message);
    }
}

/* Each hostile input: refused, with one positioned error, in little time. */
static void
assert_refused (const char *name,
                const char *text,
                gsize       len,
                const char *message)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (name);
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(TwNode) root = tw_node_parse (text, len, NULL, diags);
  const TwDiag *d;

  if (root != NULL)
    g_error ("%s: accepted", name);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 1);
  d = tw_diagnostics_get (diags, 0);
  g_assert_cmpuint (d->line, >=, 1);
  g_assert_cmpuint (d->column, >=, 1);
  if (strstr (d->message, message) == NULL)
    g_error ("%s: message '%s' lacks '%s'", name, d->message, message);
  if (g_timer_elapsed (timer, NULL) > MAX_SECONDS)
    g_error ("%s: took %.2f s", name, g_timer_elapsed (timer, NULL));
}

static void
test_alias_bomb (void)
{
  const char *bomb =
    "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
    "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
    "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n";

  assert_refused ("bomb.yaml", bomb, strlen (bomb), "more than 200000 values");
}

static void
test_alias_text_bomb (void)
{
  /* Few values, but each alias copies a 1 MiB scalar. */
  GString *s = g_string_new ("a: &a '");
  g_autofree char *text = NULL;
  gsize len;

  for (guint i = 0; i < 1024 * 1024; i++)
    g_string_append_c (s, 'x');
  g_string_append (s, "'\nb: [");
  for (guint i = 0; i < 100; i++)
    g_string_append (s, "*a, ");
  g_string_append (s, "*a]\n");
  len = s->len;
  text = g_string_free (s, FALSE);
  assert_refused ("text-bomb.yaml", text, len, "more text than the limit");
}

static void
test_deep_nesting (void)
{
  static const char * const openers[] = { "[", "{a: ", "- " };

  for (guint o = 0; o < G_N_ELEMENTS (openers); o++)
    {
      GString *s = g_string_new (NULL);
      gsize len;
      g_autofree char *text = NULL;

      for (guint i = 0; i < 100000; i++)
        g_string_append (s, openers[o]);
      g_string_append (s, "x");
      len = s->len;
      text = g_string_free (s, FALSE);
      assert_refused ("deep.yaml", text, len, "nested more than 64 levels");
    }
}

static void
test_huge_file (void)
{
  gsize len = 5 * 1024 * 1024;
  g_autofree char *text = g_malloc (len);

  for (gsize i = 0; i < len; i++)
    text[i] = i % 64 == 63 ? '\n' : 'a';
  assert_refused ("huge.yaml", text, len, "more than the limit of 4.0");
}

static void
test_custom_limits (void)
{
  TwNodeLimits limits = { 100, 10, 3 };
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (NULL);
  TwNode *root;

  root = tw_node_parse ("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]", -1, &limits, diags);
  g_assert_null (root);
  root = tw_node_parse ("[[[[1]]]]", -1, &limits, diags);
  g_assert_null (root);
  root = tw_node_parse ("[[[1]]]", -1, &limits, diags);
  g_assert_nonnull (root);
  tw_node_free (root);
  /* An alias that would push a copy past the depth limit. */
  root = tw_node_parse ("a: &a [[1]]\nb: [*a]\n", -1, &limits, diags);
  g_assert_null (root);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 3);
}

static void
test_fuzz (void)
{
  static const char *valid =
    "game:\n"
    "  name: Fuzz\n"
    "  rules: colorblock\n"
    "  players: {min: 2, max: 4}\n"
    "colors:\n"
    "  - {id: red, name: Red, rgb: \"#d03030\"}\n"
    "  - &c {id: blue, rgb: \"#3050d0\"}\n"
    "tiles:\n"
    "  - id: t1\n"
    "    edges: [red, blue, red, blue]\n"
    "    sections: [NS, E, W]\n"
    "  - |\n"
    "    literal\n"
    "    text ü\n"
    "x: *c\n";
  gsize valid_len = strlen (valid);
  g_autoptr(GTimer) timer = g_timer_new ();
  TwRng rng;
  char buf[512];

  tw_rng_seed (&rng, 20240601);
  for (guint round = 0; round < 6000; round++)
    {
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("fuzz.yaml");
      g_autoptr(TwNode) root = NULL;
      gsize len;

      if (round % 2 == 0)
        {
          /* Random bytes, biased towards YAML's own punctuation. */
          static const char alphabet[] = "[]{}:-,&*!|>'\"#%@` \n\tab1\xc3\xa9\xff";

          len = tw_rng_below (&rng, 200);
          for (gsize i = 0; i < len; i++)
            buf[i] = tw_rng_below (&rng, 2)
                     ? alphabet[tw_rng_below (&rng, sizeof alphabet - 1)]
                     : (char) tw_rng_below (&rng, 256);
        }
      else
        {
          /* A few random mutations of a valid file. */
          guint n_mut = 1 + tw_rng_below (&rng, 4);

          memcpy (buf, valid, valid_len);
          len = valid_len;
          for (guint m = 0; m < n_mut; m++)
            {
              gsize at = tw_rng_below (&rng, len);

              switch (tw_rng_below (&rng, 3))
                {
                case 0:
                  buf[at] = (char) tw_rng_below (&rng, 256);
                  break;
                case 1:
                  memmove (buf + at, buf + at + 1, len - at - 1);
                  len--;
                  break;
                default:
                  if (len < sizeof buf - 1)
                    {
                      memmove (buf + at + 1, buf + at, len - at);
                      buf[at] = "[]{}:-,&* \n"[tw_rng_below (&rng, 11)];
                      len++;
                    }
                  break;
                }
            }
        }

      root = tw_node_parse (buf, len, NULL, diags);
      if (root == NULL)
        {
          const TwDiag *d;

          g_assert_cmpuint (tw_diagnostics_n_errors (diags), >=, 1);
          d = tw_diagnostics_get (diags, 0);
          g_assert_cmpuint (d->line, >=, 1);
          g_assert_nonnull (d->message);
        }
      else
        {
          g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 0);
          g_assert_cmpuint (root->end_offset, <=, len);
          g_assert_cmpuint (root->start_offset, <=, root->end_offset);
        }
    }
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 20.0);
}

static void
test_conversions (void)
{
  static const struct
  {
    const char *yaml;
    char        kind;      /* i int, b bool, d double, c choice */
    gboolean    ok;
    double      value;
    const char *message;   /* part of the error */
  } cases[] = {
    { "v: 42", 'i', TRUE, 42, NULL },
    { "v: -7", 'i', TRUE, -7, NULL },
    { "v: 101", 'i', FALSE, 0, "101 is out of range" },
    { "v: '5'", 'i', FALSE, 0, "quoted text" },
    { "v: 4.5", 'i', FALSE, 0, "whole number" },
    { "v: abc", 'i', FALSE, 0, "found 'abc'" },
    { "v: [1]", 'i', FALSE, 0, "found a list" },
    { "v: 99999999999999999999999", 'i', FALSE, 0, "whole number" },
    { "v:", 'i', FALSE, 0, "found nothing" },
    { "v: true", 'b', TRUE, 1, NULL },
    { "v: No", 'b', TRUE, 0, NULL },
    { "v: yes", 'b', TRUE, 1, NULL },
    { "v: FALSE", 'b', TRUE, 0, NULL },
    { "v: 'true'", 'b', FALSE, 0, "true or false" },
    { "v: 1", 'b', FALSE, 0, "true or false" },
    { "v: 2.5", 'd', TRUE, 2.5, NULL },
    { "v: -1e3", 'd', TRUE, -1000, NULL },
    { "v: nan", 'd', FALSE, 0, "a number" },
    { "v: 2.5x", 'd', FALSE, 0, "a number" },
    { "v: shared-only", 'c', TRUE, 1, NULL },
    { "v: 'any'", 'c', TRUE, 0, NULL },
    { "v: shared-onyl", 'c', FALSE, 0, "expected one of any, shared-only, private" },
    { "v: {a: b}", 'c', FALSE, 0, "found a map" },
  };
  static const char * const choices[] = { "any", "shared-only", "private", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TwDiagnostics) diags = NULL;
      g_autoptr(TwNode) root = parse (cases[i].yaml, -1, &diags);
      const TwNode *v = tw_node_get (root, "v");
      gboolean ok = FALSE;
      double value = 0;

      g_assert_nonnull (v);
      switch (cases[i].kind)
        {
        case 'i':
          {
            gint64 n = 0;
            ok = tw_node_to_int (v, -100, 100, &n, diags);
            value = n;
            break;
          }
        case 'b':
          {
            gboolean b = FALSE;
            ok = tw_node_to_bool (v, &b, diags);
            value = b;
            break;
          }
        case 'd':
          ok = tw_node_to_double (v, &value, diags);
          break;
        case 'c':
          {
            guint c = 0;
            ok = tw_node_to_choice (v, choices, &c, diags);
            value = c;
            break;
          }
        default:
          g_assert_not_reached ();
        }

      if (ok != cases[i].ok)
        g_error ("case %u (%s): ok=%d", i, cases[i].yaml, ok);
      if (ok)
        {
          g_assert_cmpfloat (value, ==, cases[i].value);
          g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 0);
        }
      else
        {
          const TwDiag *d = tw_diagnostics_get (diags, 0);

          g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 1);
          g_assert_cmpuint (d->line, ==, 1);
          if (strstr (d->message, cases[i].message) == NULL)
            g_error ("case %u (%s): '%s' lacks '%s'", i, cases[i].yaml, d->message,
                     cases[i].message);
        }
    }

  {
    g_autoptr(TwDiagnostics) diags = NULL;
    g_autoptr(TwNode) root = parse ("v: shared-onyl", -1, &diags);

    tw_node_to_choice (tw_node_get (root, "v"), choices, NULL, diags);
    g_assert_cmpstr (tw_diagnostics_get (diags, 0)->hint, ==, "did you mean 'shared-only'?");
    /* NULL nodes fail silently: the caller reports what is missing. */
    g_assert_false (tw_node_to_int (NULL, 0, 1, NULL, diags));
    g_assert_false (tw_node_expect (NULL, TW_NODE_MAP, "x", diags));
    g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 1);
  }
}

static void
test_expect (void)
{
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(TwNode) root = parse ("tiles: {a: 1}\nname: x\n", -1, &diags);

  g_assert_true (tw_node_expect (root, TW_NODE_MAP, "the file", diags));
  g_assert_false (tw_node_expect (tw_node_get (root, "tiles"), TW_NODE_SEQ, "tiles", diags));
  g_assert_false (tw_node_expect (tw_node_get (root, "name"), TW_NODE_MAP, "name", diags));
  g_assert_cmpstr (tw_diagnostics_get (diags, 0)->message, ==, "tiles must be a list, found a map");
  g_assert_cmpstr (tw_diagnostics_get (diags, 1)->message, ==, "name must be a map, found 'x'");
  g_assert_cmpstr (tw_node_type_a (TW_NODE_SCALAR), ==, "a scalar");
}

static void
test_check_keys (void)
{
  static const char * const allowed[] = { "name", "rules", "players", NULL };
  const char *text =
    "game:\n"
    "  name: a\n"
    "  playrs: 3\n"
    "  name: b\n"
    "  zzzzzz: 1\n";
  g_autoptr(TwDiagnostics) diags = NULL;
  g_autoptr(TwNode) root = parse (text, -1, &diags);
  g_autofree char *out = NULL;

  g_assert_false (tw_node_check_keys (tw_node_get (root, "game"), allowed, "game", diags));
  out = tw_diagnostics_to_string (diags);
  g_assert_cmpstr (out, ==,
                   "test.yaml:3:3: error: unknown key 'playrs' in game (did you mean 'players'?)\n"
                   "test.yaml:4:3: error: duplicate key 'name' in game (the first is at line 2)\n"
                   "test.yaml:5:3: error: unknown key 'zzzzzz' in game "
                   "(known keys: name, rules, players)\n");
  g_assert_false (tw_node_check_keys (tw_node_get (root, "nothing"), allowed, "x", diags));
}

static void
test_nearest_word (void)
{
  static const char * const words[] = { "players", "rules", "name", "description", "N", NULL };
  static const struct
  {
    const char *word;
    const char *nearest;
  } cases[] = {
    { "playrs", "players" },
    { "Players", "players" },
    { "rule", "rules" },
    { "nmae", "name" },
    { "descripton", "description" },
    { "descriptoin", "description" },
    { "xyz", NULL },
    { "completely-different", NULL },
    { "n", "N" },
    { "", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (tw_nearest_word (cases[i].word, words), ==, cases[i].nearest);
  g_assert_null (tw_nearest_word ("a", NULL));
}

static void
test_diagnostics (void)
{
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("g.yaml");
  g_autofree char *out = NULL;

  tw_diagnostics_add (diags, TW_DIAG_ERROR, 12, 5, "did you mean 'players'?",
                      "unknown key '%s' in game", "playrs");
  tw_diagnostics_add (diags, TW_DIAG_WARNING, 3, 1, NULL, "tile '%s' is never used", "t9");
  tw_diagnostics_add (diags, TW_DIAG_ERROR, 0, 0, NULL, "no position");
  tw_diagnostics_add (diags, TW_DIAG_ERROR, 3, 1, NULL, "second at 3:1");
  g_assert_cmpuint (tw_diagnostics_get_n (diags), ==, 4);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 3);
  g_assert_cmpstr (tw_diagnostics_get_file (diags), ==, "g.yaml");
  out = tw_diagnostics_to_string (diags);
  g_assert_cmpstr (out, ==,
                   "g.yaml: error: no position\n"
                   "g.yaml:3:1: warning: tile 't9' is never used\n"
                   "g.yaml:3:1: error: second at 3:1\n"
                   "g.yaml:12:5: error: unknown key 'playrs' in game (did you mean 'players'?)\n");

  /* A flood of problems is bounded but still counted. */
  for (guint i = 0; i < 2000; i++)
    tw_diagnostics_add (diags, TW_DIAG_ERROR, i + 1, 1, NULL, "problem %u", i);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 2003);
  g_assert_cmpuint (tw_diagnostics_get_n (diags), <=, 500);
  g_clear_pointer (&out, g_free);
  out = tw_diagnostics_to_string (diags);
  g_assert_nonnull (strstr (out, "more problems not shown"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tw/node/positions", test_positions);
  g_test_add_func ("/tw/node/bom", test_bom);
  g_test_add_func ("/tw/node/empty-documents", test_empty_documents);
  g_test_add_func ("/tw/node/first-document-only", test_first_document_only);
  g_test_add_func ("/tw/node/aliases", test_aliases);
  g_test_add_func ("/tw/node/syntax-errors", test_syntax_errors);
  g_test_add_func ("/tw/node/alias-bomb", test_alias_bomb);
  g_test_add_func ("/tw/node/alias-text-bomb", test_alias_text_bomb);
  g_test_add_func ("/tw/node/deep-nesting", test_deep_nesting);
  g_test_add_func ("/tw/node/huge-file", test_huge_file);
  g_test_add_func ("/tw/node/custom-limits", test_custom_limits);
  g_test_add_func ("/tw/node/fuzz", test_fuzz);
  g_test_add_func ("/tw/node/conversions", test_conversions);
  g_test_add_func ("/tw/node/expect", test_expect);
  g_test_add_func ("/tw/node/check-keys", test_check_keys);
  g_test_add_func ("/tw/node/nearest-word", test_nearest_word);
  g_test_add_func ("/tw/node/diagnostics", test_diagnostics);

  return g_test_run ();
}
