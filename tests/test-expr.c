/* test-expr.c: the expression language of definitions (tw-expr.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Against a vocabulary of the test's own (items with a weight, a colour and
 * a flag), so that the language is tested without any game: every operator
 * evaluated, every kind of error with its exact offset, message and hint,
 * and every limit. Positions in a definition file (line:column through
 * quoting and block scalars) are tested through Colorblock's expression
 * goals, the first module to use the language.
 */
#include "config.h"

#include <string.h>

#include "tw-definition.h"
#include "tw-expr.h"

/* ------------------------------------------------------------------------ */
/* A vocabulary to test with                                                */

typedef struct
{
  int      weight;
  gboolean heavy;
  int      tint;     /* a colour index */
} Item;

typedef struct
{
  const Item *items;
  guint       n_items;
  int         focus;        /* the element `focus` answers */
  guint       n_queries;    /* value() calls, to see short circuits */
} Env;

enum { Q_ITEMS, Q_TOTAL, Q_FOCUS, Q_FLAG };
enum { F_WEIGHT, F_HEAVY, F_TINT };

#define NEEDS_FOCUS 4u

static const char * const item_sets[] = { "all", "odd", NULL };

static const TwExprField item_fields[] = {
  [F_WEIGHT] = { "weight", TW_EXPR_NUMBER, "" },
  [F_HEAVY] = { "heavy", TW_EXPR_BOOL, "" },
  [F_TINT] = { "tint", TW_EXPR_COLOR, "" },
};

static const TwExprRecordType item_records[] = {
  { "item", item_fields, G_N_ELEMENTS (item_fields), "" },
};

static const TwExprQuery item_queries[] = {
  [Q_ITEMS] = { "items", TW_EXPR_LIST_OF (TW_EXPR_RECORD (0)), item_sets, 0, "" },
  [Q_TOTAL] = { "total", TW_EXPR_NUMBER, NULL, 0, "" },
  [Q_FOCUS] = { "focus", TW_EXPR_RECORD (0), NULL, NEEDS_FOCUS, "" },
  [Q_FLAG] = { "flag", TW_EXPR_BOOL, NULL, 0, "" },
};

static gint64
item_value (gconstpointer env_,
            guint         query,
            gint64        arg)
{
  Env *env = (Env *) env_;
  gint64 total = 0;

  env->n_queries++;
  switch (query)
    {
    case Q_TOTAL:
      for (guint i = 0; i < env->n_items; i++)
        total += env->items[i].weight;
      return total;
    case Q_FOCUS:
      return env->focus;
    case Q_FLAG:
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
item_next (gconstpointer env_,
           guint         query,
           gint64        arg,
           gint64       *cursor,
           gint64       *element)
{
  const Env *env = env_;

  g_assert_cmpuint (query, ==, Q_ITEMS);
  if (arg == 1 && *cursor % 2 == 0)
    (*cursor)++;   /* odd: the items at odd indexes */
  if (*cursor >= env->n_items)
    return FALSE;
  *element = (*cursor)++;
  return TRUE;
}

static gint64
item_field (gconstpointer env_,
            guint         record,
            guint         field,
            gint64        element)
{
  const Env *env = env_;
  const Item *item = &env->items[element];

  g_assert_cmpuint (record, ==, 0);
  switch (field)
    {
    case F_WEIGHT: return item->weight;
    case F_HEAVY:  return item->heavy;
    case F_TINT:   return item->tint;
    default:       g_assert_not_reached ();
    }
}

static const TwExprVocabulary items_vocabulary = {
  "items", item_queries, G_N_ELEMENTS (item_queries), item_records, G_N_ELEMENTS (item_records),
  item_value, item_next, item_field,
};

/* The same vocabulary answering items as sets too (TwExprVocabulary's
 * set_queries): bit k is item k, the odd items' part without the even. */
static guint n_set_calls;

static gboolean
item_next_set (gconstpointer env_,
               guint         query,
               gint64        arg,
               gint64       *cursor,
               gint64       *base,
               guint64      *bits)
{
  const Env *env = env_;

  g_assert_cmpuint (query, ==, Q_ITEMS);
  n_set_calls++;
  if (*cursor > 0)
    return FALSE;
  *cursor = 1;
  *base = 0;
  *bits = (G_GUINT64_CONSTANT (1) << env->n_items) - 1;
  if (arg == 1)
    *bits &= G_GUINT64_CONSTANT (0xaaaaaaaaaaaaaaaa);
  return TRUE;
}

static guint64
item_field_set (gconstpointer env,
                guint         record,
                guint         field,
                gint64        base,
                guint64       bits,
                gint64        value)
{
  guint64 out = 0;

  for (guint k = 0; k < 64; k++)
    if ((bits & (G_GUINT64_CONSTANT (1) << k)) && item_field (env, record, field, base + k) == value)
      out |= G_GUINT64_CONSTANT (1) << k;
  return out;
}

static const guint32 item_set_fields[] = { (1u << F_HEAVY) | (1u << F_TINT) };

static const TwExprVocabulary items_set_vocabulary = {
  "items", item_queries, G_N_ELEMENTS (item_queries), item_records, G_N_ELEMENTS (item_records),
  item_value, item_next, item_field,
  1u << Q_ITEMS, item_set_fields, item_next_set, item_field_set,
};

static const Item test_items[] = {
  { 3, FALSE, 0 },   /* red */
  { 8, TRUE, 1 },    /* green */
  { 5, TRUE, 2 },    /* dark-blue */
  { 1, FALSE, 0 },   /* red */
};

static TwColorDef test_colors[] = {
  { "red", "Red", 0xff0000 },
  { "green", "Green", 0x00ff00 },
  { "dark-blue", "Dark blue", 0x000080 },
};

static TwDefinition test_def;

static void
setup_def (void)
{
  test_def.colors = test_colors;
  test_def.n_colors = G_N_ELEMENTS (test_colors);
}

static gint64
eval_text (const char *text,
           TwExprType  want,
           Env        *env)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TwExprProgram) program = tw_expr_compile (text, -1, &items_vocabulary, &test_def,
                                                      want, NULL, &error);
  if (program == NULL)
    g_error ("'%s' does not compile: %s", text, error->message);
  return tw_expr_eval (program, env);
}

/* ------------------------------------------------------------------------ */
/* Evaluation                                                               */

typedef struct
{
  const char *text;
  gint64      value;
} EvalCase;

static void
check_cases (const EvalCase *cases,
             guint           n,
             TwExprType      want)
{
  for (guint i = 0; i < n; i++)
    {
      Env env = { test_items, G_N_ELEMENTS (test_items), 2, 0 };
      gint64 v = eval_text (cases[i].text, want, &env);
      if (v != cases[i].value)
        g_error ("'%s' gives %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT,
                 cases[i].text, v, cases[i].value);
    }
}

static void
test_arithmetic (void)
{
  static const EvalCase cases[] = {
    { "1 + 2 * 3", 7 },
    { "(1 + 2) * 3", 9 },
    { "2 - 3 - 4", -5 },
    { "7 / 2", 3 },
    { "-7 / 2", -3 },            /* division truncates toward zero */
    { "7 % 3", 1 },
    { "-7 % 3", -1 },
    { "5 / 0", 0 },              /* by zero: 0 */
    { "5 % 0", 0 },
    { "-9 / -1", 9 },
    { "- - 4", 4 },
    { "-(3 + 4)", -7 },
    { "max(3, 9)", 9 },
    { "min(3, 9)", 3 },
    { "max(-3, -9) + min(2, 2)", -1 },
    { "total", 17 },
    { "let x = 4 in x * x", 16 },
    { "let x = 1 in let x = x + 1 in x * 10", 20 },
    { "let a = 2 in let b = a + 3 in a * b", 10 },
    { "if 1 < 2 then 10 else 20", 10 },
    { "if 1 > 2 then 10 else 20", 20 },
    { "if flag then if false then 1 else 2 else 3", 2 },
    { "focus.weight", 5 },
    { "2147483647 + 1", G_GINT64_CONSTANT (2147483648) },
    /* 64-bit arithmetic wraps around */
    { "2147483647 * 2147483647 * 2147483647 * 8", (gint64) (G_GUINT64_CONSTANT (2147483647) * 2147483647u * 2147483647u * 8u) },
  };
  check_cases (cases, G_N_ELEMENTS (cases), TW_EXPR_NUMBER);
}

static void
test_conditions (void)
{
  static const EvalCase cases[] = {
    { "3 < 4", 1 }, { "4 < 4", 0 },
    { "4 <= 4", 1 }, { "5 <= 4", 0 },
    { "5 > 6", 0 }, { "7 > 6", 1 },
    { "5 >= 6", 0 }, { "6 >= 6", 1 },
    { "3 == 3", 1 }, { "3 == 4", 0 },
    { "3 != 3", 0 }, { "3 != 4", 1 },
    { "true and false", 0 }, { "true and true", 1 },
    { "false or false", 0 }, { "false or true", 1 },
    { "not false", 1 }, { "not true", 0 },
    { "not 1 == 2", 1 },                 /* not binds looser than == */
    { "true or false and false", 1 },    /* and binds tighter than or */
    { "(true or false) and false", 0 },
    { "red == red", 1 }, { "red != green", 1 },
    { "color(dark-blue) == color(\"dark-blue\")", 1 },
    { "flag == true", 1 },
    { "focus == focus", 1 },
    { "focus.heavy and focus.tint == color(dark-blue)", 1 },
  };
  check_cases (cases, G_N_ELEMENTS (cases), TW_EXPR_BOOL);
}

static void
test_loops (void)
{
  static const EvalCase numbers[] = {
    { "count(i in items(all))", 4 },
    { "count(i in items(odd))", 2 },
    { "count(i in items(all) where i.weight > 2)", 3 },
    { "count(items(all) where it.heavy)", 2 },          /* the unnamed variable */
    { "count(c in colors)", 3 },
    { "sum(i.weight for i in items(all))", 17 },
    { "sum(i.weight for i in items(odd))", 9 },
    { "sum(i.weight * 2 for i in items(all) where not i.heavy)", 8 },
    { "max(i.weight for i in items(all))", 8 },
    { "min(i.weight for i in items(all))", 1 },
    { "min(i.weight for i in items(all) where i.weight > 2)", 3 },
    { "max(i.weight for i in items(all) where i.weight > 100)", 0 },   /* empty: 0 */
    { "min(i.weight for i in items(all) where i.weight > 100)", 0 },
    { "sum(i.weight for i in items(all) where false)", 0 },
    { "max(0 - i.weight for i in items(all))", -1 },   /* the first value counts, not 0 */
    { "let xs = items(odd) in count(i in xs) * 10 + sum(i.weight for i in xs)", 29 },
    { "count(c in colors where any(i in items(all) where i.tint == c))", 3 },
    { "count(a in items(all) where any(b in items(all) where a.tint == b.tint and a != b))", 2 },
    { "count(a in items(all) where count(b in items(all) where count(c in items(all)) > b.weight) > a.weight)", 1 },
  };
  static const EvalCase conditions[] = {
    { "any(i in items(all) where i.heavy)", 1 },
    { "any(i in items(all) where i.weight > 8)", 0 },
    { "any(i in items(odd))", 1 },
    { "all(i in items(all) where i.weight > 0)", 1 },
    { "all(i in items(all) where i.weight > 1)", 0 },
    { "all(c in colors where any(i in items(all) where i.tint == c))", 1 },
    { "all(c in colors where any(i in items(odd) where i.tint == c))", 0 },
  };
  check_cases (numbers, G_N_ELEMENTS (numbers), TW_EXPR_NUMBER);
  check_cases (conditions, G_N_ELEMENTS (conditions), TW_EXPR_BOOL);
}

/* 'and' and 'or' do not evaluate their right side when the left decides,
 * and any/all stop at the first element that decides. */
static void
test_short_circuit (void)
{
  Env env = { test_items, G_N_ELEMENTS (test_items), 0, 0 };

  g_assert_cmpint (eval_text ("false and total > 0", TW_EXPR_BOOL, &env), ==, 0);
  g_assert_cmpuint (env.n_queries, ==, 0);
  g_assert_cmpint (eval_text ("true or total > 0", TW_EXPR_BOOL, &env), ==, 1);
  g_assert_cmpuint (env.n_queries, ==, 0);
  g_assert_cmpint (eval_text ("true and total > 0", TW_EXPR_BOOL, &env), ==, 1);
  g_assert_cmpuint (env.n_queries, ==, 1);
  env.n_queries = 0;
  g_assert_cmpint (eval_text ("any(i in items(all) where total > i.weight)", TW_EXPR_BOOL, &env), ==, 1);
  g_assert_cmpuint (env.n_queries, ==, 1);
  env.n_queries = 0;
  g_assert_cmpint (eval_text ("all(i in items(all) where total < i.weight)", TW_EXPR_BOOL, &env), ==, 0);
  g_assert_cmpuint (env.n_queries, ==, 1);
}

/* count() and any() over a vocabulary that answers sets give what the
 * walk gives, a set at a time where the condition is fields of the
 * element compared with values (the program shorter), else by the walk. */
static void
test_sets (void)
{
  static const struct
  {
    const char *text;
    TwExprType  want;
    gint64      value;
    gboolean    fused;
  } cases[] = {
    { "count(i in items(all) where i.heavy)", TW_EXPR_NUMBER, 2, TRUE },
    { "count(i in items(odd) where not i.heavy)", TW_EXPR_NUMBER, 1, TRUE },
    { "count(items(all) where it.tint == red)", TW_EXPR_NUMBER, 2, TRUE },
    { "count(i in items(all) where red == i.tint and i.heavy)", TW_EXPR_NUMBER, 0, TRUE },
    { "count(i in items(all) where i.tint != red and i.heavy)", TW_EXPR_NUMBER, 2, TRUE },
    { "let c = focus.tint in count(i in items(all) where i.tint == c)", TW_EXPR_NUMBER, 1, TRUE },
    { "2 * count(i in items(odd)) + 1", TW_EXPR_NUMBER, 5, TRUE },
    { "any(i in items(odd) where i.tint == green)", TW_EXPR_BOOL, 1, TRUE },
    { "any(i in items(all) where i.tint == green and not i.heavy)", TW_EXPR_BOOL, 0, TRUE },
    { "count(a in items(all) where any(b in items(all) where b.tint == a.tint and b.heavy))",
      TW_EXPR_NUMBER, 2, TRUE },
    /* walked: a field not answered as a set, 'or', a value naming the element */
    { "count(i in items(all) where i.weight == 3)", TW_EXPR_NUMBER, 1, FALSE },
    { "count(i in items(all) where i.heavy or i.tint == red)", TW_EXPR_NUMBER, 4, FALSE },
    { "count(i in items(all) where i.tint == i.tint)", TW_EXPR_NUMBER, 4, FALSE },
    { "sum(i.weight for i in items(all) where i.heavy)", TW_EXPR_NUMBER, 13, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Env env = { test_items, G_N_ELEMENTS (test_items), 2, 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(TwExprProgram) walk = tw_expr_compile (cases[i].text, -1, &items_vocabulary,
                                                       &test_def, cases[i].want, NULL, &error);
      g_autoptr(TwExprProgram) sets = tw_expr_compile (cases[i].text, -1, &items_set_vocabulary,
                                                       &test_def, cases[i].want, NULL, &error);
      g_assert_no_error (error);
      n_set_calls = 0;
      if (tw_expr_eval (walk, &env) != cases[i].value || n_set_calls != 0)
        g_error ("'%s' walked gives %" G_GINT64_FORMAT, cases[i].text, tw_expr_eval (walk, &env));
      if (tw_expr_eval (sets, &env) != cases[i].value)
        g_error ("'%s' by sets gives %" G_GINT64_FORMAT, cases[i].text, tw_expr_eval (sets, &env));
      if (cases[i].fused != (n_set_calls > 0)
          || cases[i].fused != (tw_expr_program_size (sets) < tw_expr_program_size (walk)))
        g_error ("'%s' %s counted by sets", cases[i].text, cases[i].fused ? "not" : "wrongly");
    }
}

static void
test_needs (void)
{
  g_autoptr(TwExprProgram) a = tw_expr_compile ("focus.weight > 1", -1, &items_vocabulary, &test_def,
                                                TW_EXPR_BOOL, NULL, NULL);
  g_autoptr(TwExprProgram) b = tw_expr_compile ("total > 1 and count(i in items(all)) > 0", -1,
                                                &items_vocabulary, &test_def, TW_EXPR_BOOL, NULL, NULL);
  g_autoptr(TwExprProgram) c = tw_expr_compile ("let f = focus in true", -1, &items_vocabulary,
                                                &test_def, TW_EXPR_BOOL, NULL, NULL);

  g_assert_cmpuint (tw_expr_program_needs (a), ==, NEEDS_FOCUS);
  g_assert_cmpuint (tw_expr_program_needs (b), ==, 0);
  g_assert_cmpuint (tw_expr_program_needs (c), ==, NEEDS_FOCUS);
  /* compact: a few instructions per part */
  g_assert_cmpuint (tw_expr_program_size (a), <=, 6);
  /* the queries a program asks, with their arguments, walked or by sets */
  g_assert_true (tw_expr_program_asks (b, Q_TOTAL, 0));
  g_assert_true (tw_expr_program_asks (b, Q_ITEMS, 0));
  g_assert_false (tw_expr_program_asks (b, Q_ITEMS, 1));
  g_assert_false (tw_expr_program_asks (a, Q_TOTAL, 0));
  g_autoptr(TwExprProgram) d = tw_expr_compile ("count(i in items(odd) where i.heavy)", -1,
                                                &items_set_vocabulary, &test_def, TW_EXPR_NUMBER,
                                                NULL, NULL);
  g_assert_true (tw_expr_program_asks (d, Q_ITEMS, 1));
  g_assert_false (tw_expr_program_asks (d, Q_ITEMS, 0));
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */

typedef struct
{
  const char *text;
  TwExprType  want;
  TwExprError code;
  guint       offset;
  const char *message;
  const char *hint;     /* NULL: none */
} ErrorCase;

static void
check_errors (const ErrorCase *cases,
              guint            n)
{
  for (guint i = 0; i < n; i++)
    {
      const ErrorCase *c = &cases[i];
      g_autoptr(GError) error = NULL;
      TwExprWhere where = { 0, };
      g_autoptr(TwExprProgram) program = tw_expr_compile (c->text, -1, &items_vocabulary, &test_def,
                                                          c->want, &where, &error);
      if (program != NULL)
        g_error ("'%.60s' compiles", c->text);
      if (error->code != (int) c->code || where.offset != c->offset
          || g_strcmp0 (error->message, c->message) != 0 || g_strcmp0 (where.hint, c->hint) != 0)
        g_error ("'%.60s': got code %d at %u: '%s' (%s), expected code %d at %u: '%s' (%s)",
                 c->text, error->code, where.offset, error->message, where.hint,
                 c->code, c->offset, c->message, c->hint);
      tw_expr_where_clear (&where);
    }
}

#define B TW_EXPR_BOOL
#define N TW_EXPR_NUMBER

static void
test_errors (void)
{
  static const ErrorCase cases[] = {
    /* syntax */
    { "", B, TW_EXPR_ERROR_SYNTAX, 0, "the expression is empty", "write a condition such as shape.size >= 3" },
    { "1 +", N, TW_EXPR_ERROR_SYNTAX, 3, "expected a value, found the end of the expression", NULL },
    { "(1 + 2", N, TW_EXPR_ERROR_SYNTAX, 6, "expected ')', found the end of the expression", NULL },
    { "1 2", N, TW_EXPR_ERROR_SYNTAX, 2, "expected the end of the expression, found '2'", NULL },
    { "total = 3", B, TW_EXPR_ERROR_SYNTAX, 6, "unexpected '='", "compare with '=='" },
    { "1 < 2 < 3", B, TW_EXPR_ERROR_SYNTAX, 6, "comparisons do not chain", "write a < b and b < c" },
    { "flag && flag", B, TW_EXPR_ERROR_SYNTAX, 5, "unexpected '&'", "write 'and'" },
    { "!flag", B, TW_EXPR_ERROR_SYNTAX, 0, "unexpected '!'", "write 'not' for negation" },
    { "total # 2", N, TW_EXPR_ERROR_SYNTAX, 6, "unexpected character '#'", NULL },
    { "total \xc3\xa9", N, TW_EXPR_ERROR_SYNTAX, 6, "unexpected character (byte 0xc3)", "expressions are written in plain ASCII" },
    { "1.5 > 1", B, TW_EXPR_ERROR_SYNTAX, 1, "unexpected '.' after a number", "numbers are whole numbers" },
    { "3items", N, TW_EXPR_ERROR_SYNTAX, 1, "unexpected 'i' after a number", "put a space between a number and a name" },
    { "99999999999 > 1", B, TW_EXPR_ERROR_LIMIT, 0, "this number is too large", "numbers are whole numbers up to 2147483647" },
    { "let in = 3 in in", N, TW_EXPR_ERROR_SYNTAX, 4, "'in' is a word of the language, not a name", NULL },
    { "let x = 3 x", N, TW_EXPR_ERROR_SYNTAX, 10, "expected 'in', found 'x'", "write let NAME = VALUE in EXPRESSION" },
    { "if flag then 1", N, TW_EXPR_ERROR_SYNTAX, 14, "expected 'else', found the end of the expression", "an 'if' needs both branches" },
    { "sum(i in items(all))", N, TW_EXPR_ERROR_SYNTAX, 6, "expected 'for', found 'in'", "write sum(VALUE for NAME in COLLECTION)" },
    { "count(i in items(all) if true)", N, TW_EXPR_ERROR_SYNTAX, 22, "expected ')' or 'where', found 'if'", NULL },
    { "all(i in items(all))", B, TW_EXPR_ERROR_SYNTAX, 0, "all() needs a condition", "write all(x in C where CONDITION)" },
    { "focus.", N, TW_EXPR_ERROR_SYNTAX, 6, "expected a field name after '.', found the end of the expression", NULL },
    { "color(3)", B, TW_EXPR_ERROR_SYNTAX, 6, "expected the id of a colour, found '3'", "write color(\"dark-blue\")" },
    { "items(all, odd)", N, TW_EXPR_ERROR_SYNTAX, 9, "'items' takes at most one argument", NULL },
    /* names */
    { "count(i in itms(all))", N, TW_EXPR_ERROR_NAME, 11, "unknown query 'itms'", "did you mean 'items'?" },
    { "totl > 1", B, TW_EXPR_ERROR_NAME, 0, "unknown name 'totl'", "did you mean 'total'?" },
    { "count(i in items(all) where j.heavy)", N, TW_EXPR_ERROR_NAME, 28, "unknown name 'j'", NULL },
    { "focus.wieght", N, TW_EXPR_ERROR_NAME, 6, "an item has no field 'wieght'", "did you mean 'weight'?" },
    { "focus.mass", N, TW_EXPR_ERROR_NAME, 6, "an item has no field 'mass'", "its fields are: weight, heavy, tint" },
    { "focus.tint == grene", B, TW_EXPR_ERROR_NAME, 14, "unknown name 'grene'", "did you mean 'green'?" },
    { "focus.tint == color(dark-bleu)", B, TW_EXPR_ERROR_NAME, 20, "unknown colour 'dark-bleu'", "did you mean 'dark-blue'?" },
    { "count(i in items(evn))", N, TW_EXPR_ERROR_NAME, 17, "the argument of 'items' is one of its words", "one of: all, odd" },
    { "count(i in items(al))", N, TW_EXPR_ERROR_NAME, 17, "the argument of 'items' is one of its words", "did you mean 'all'?" },
    /* types */
    { "1 + flag", N, TW_EXPR_ERROR_TYPE, 4, "'+' needs numbers, not a boolean", NULL },
    { "red < green", B, TW_EXPR_ERROR_TYPE, 4, "'<' cannot compare a colour with a colour", "only numbers are ordered" },
    { "red == 1", B, TW_EXPR_ERROR_TYPE, 4, "'==' cannot compare a colour with a number", NULL },
    { "flag and 1", B, TW_EXPR_ERROR_TYPE, 9, "'and' joins conditions (true or false), not a number", NULL },
    { "not total", B, TW_EXPR_ERROR_TYPE, 4, "'not' needs true or false, not a number", NULL },
    { "total", B, TW_EXPR_ERROR_TYPE, 0, "the expression must give a boolean, not a number", NULL },
    { "flag", N, TW_EXPR_ERROR_TYPE, 0, "the expression must give a number, not a boolean", NULL },
    { "if total then 1 else 2", N, TW_EXPR_ERROR_TYPE, 3, "the condition of 'if' must be true or false, not a number", NULL },
    { "if flag then 1 else red", N, TW_EXPR_ERROR_TYPE, 20, "both branches of 'if' must give the same type: 'then' gives a number, not a colour", NULL },
    { "total.weight", N, TW_EXPR_ERROR_TYPE, 6, "a number has no field 'weight'", NULL },
    { "items(all) == items(all)", B, TW_EXPR_ERROR_TYPE, 0, "'items' is a collection, not a value", "count it, add it up or test it: count(x in items(...))" },
    { "count(c in colors) + colors", N, TW_EXPR_ERROR_TYPE, 21, "'colors' is a collection, not a value", "count it, add it up or test it: count(x in colors)" },
    { "items > 1", B, TW_EXPR_ERROR_TYPE, 0, "'items' needs an argument", "such as items(all)" },
    { "total(all)", N, TW_EXPR_ERROR_TYPE, 0, "'total' takes no argument", "write total without parentheses" },
    { "count(i in total)", N, TW_EXPR_ERROR_TYPE, 11, "expected a collection to go through", "such as colors, or a query of the game" },
    { "count(i in items(all) where i.weight)", N, TW_EXPR_ERROR_TYPE, 30, "the condition of count() must be true or false, not a number", NULL },
    { "sum(i.heavy for i in items(all))", N, TW_EXPR_ERROR_TYPE, 6, "sum() adds up numbers, not a boolean", NULL },
    { "max(i.tint for i in items(all))", N, TW_EXPR_ERROR_TYPE, 6, "max() compares numbers, not a colour", NULL },
    { "max(1, flag)", N, TW_EXPR_ERROR_TYPE, 7, "max(a, b) compares numbers, not a boolean", NULL },
    { "-flag", N, TW_EXPR_ERROR_TYPE, 1, "'-' needs a number, not a boolean", NULL },
  };
  check_errors (cases, G_N_ELEMENTS (cases));
}

/* ------------------------------------------------------------------------ */
/* Limits                                                                   */

static char *
repeat (const char *head,
        const char *piece,
        guint       n,
        const char *tail)
{
  GString *s = g_string_new (head);
  for (guint i = 0; i < n; i++)
    g_string_append (s, piece);
  g_string_append (s, tail);
  return g_string_free (s, FALSE);
}

static void
check_limit (const char *text,
             TwExprType  want,
             guint       offset,
             const char *message)
{
  g_autoptr(GError) error = NULL;
  TwExprWhere where = { 0, };
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(TwExprProgram) program = tw_expr_compile (text, -1, &items_vocabulary, &test_def, want,
                                                      &where, &error);

  /* refused at once, however hostile */
  g_assert_cmpint (g_get_monotonic_time () - t0, <, G_USEC_PER_SEC);
  g_assert_null (program);
  g_assert_error (error, TW_EXPR_ERROR, TW_EXPR_ERROR_LIMIT);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpuint (where.offset, ==, offset);
  tw_expr_where_clear (&where);
}

static void
test_limits (void)
{
  g_autofree char *long_text = repeat ("1", " + 1", 500, "");   /* 2001 bytes */
  g_autofree char *deep = repeat ("", "(", 30, "1");
  g_autofree char *deep_not = repeat ("", "not ", 30, "flag");
  g_autofree char *deep_neg = repeat ("", "-", 30, "1");
  g_autofree char *many = repeat ("1", "+1", 450, "");
  g_autofree char *loops = g_strdup ("count(a in items(all) where any(b in items(all) where "
                                     "all(c in items(all) where any(d in items(all) where true))))");
  g_autofree char *huge = repeat ("", "((((((((((", 100000, "");

  check_limit (long_text, TW_EXPR_NUMBER, TW_EXPR_MAX_LENGTH,
               "the expression is too long: 2001 bytes, more than 2000");
  check_limit (huge, TW_EXPR_NUMBER, TW_EXPR_MAX_LENGTH,
               "the expression is too long: 1000000 bytes, more than 2000");
  /* the 25th level */
  check_limit (deep, TW_EXPR_NUMBER, 24, "the expression is nested too deeply: more than 24 levels");
  check_limit (deep_not, TW_EXPR_BOOL, 92, "the expression is nested too deeply: more than 24 levels");
  check_limit (deep_neg, TW_EXPR_NUMBER, 23, "the expression is nested too deeply: more than 24 levels");
  check_limit (many, TW_EXPR_NUMBER, 399, "the expression is too large: more than 400 parts");
  check_limit (loops, TW_EXPR_BOOL, 80, "loops are nested too deeply: at most 3 inside one another");

  /* just inside the limits, it works */
  g_autofree char *deep_ok = repeat ("", "(", 23, "1");
  g_autofree char *closing = g_strnfill (23, ')');
  g_autofree char *deep_ok_text = g_strconcat (deep_ok, closing, NULL);
  Env env = { test_items, G_N_ELEMENTS (test_items), 0, 0 };
  g_assert_cmpint (eval_text (deep_ok_text, TW_EXPR_NUMBER, &env), ==, 1);
  g_autofree char *many_ok = repeat ("1", "+1", 190, "");
  g_assert_cmpint (eval_text (many_ok, TW_EXPR_NUMBER, &env), ==, 191);
  g_assert_cmpint (eval_text ("count(a in items(all) where any(b in items(all) where "
                              "all(c in items(all) where c.weight > 0)))", TW_EXPR_NUMBER, &env), ==, 4);
}

/* Every prefix of valid expressions, and bytes of every value, either
 * compile or give an error with an offset inside the text: nothing else. */
static void
test_prefixes (void)
{
  static const char *texts[] = {
    "let xs = items(odd) in count(i in xs where i.tint == color(\"dark-blue\")) >= 1 or not flag",
    "if max(i.weight for i in items(all) where i.heavy) > 4 then sum(i.weight for i in items(odd)) else -1",
  };
  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    for (gsize n = 0; n <= strlen (texts[t]); n++)
      for (TwExprType want = TW_EXPR_NUMBER; want <= TW_EXPR_BOOL; want++)
        {
          g_autoptr(GError) error = NULL;
          TwExprWhere where = { 0, };
          g_autoptr(TwExprProgram) p = tw_expr_compile (texts[t], n, &items_vocabulary, &test_def,
                                                        want, &where, &error);
          g_assert_true ((p == NULL) == (error != NULL));
          if (p != NULL)
            {
              Env env = { test_items, G_N_ELEMENTS (test_items), 0, 0 };
              tw_expr_eval (p, &env);
            }
          else
            g_assert_cmpuint (where.offset, <=, n);
          tw_expr_where_clear (&where);
        }
}

/* ------------------------------------------------------------------------ */
/* Positions in a definition file                                           */

#define HEADER \
  "game: {name: T, rules: colorblock}\n" \
  "colors:\n" \
  "  - {id: red, rgb: \"#ff0000\"}\n" \
  "  - {id: blue, rgb: \"#0000ff\"}\n" \
  "tiles:\n" \
  "  - {id: half, count: 4, edges: [red, red, blue, blue]}\n" \
  "cards:\n"

typedef struct
{
  const char *cards;
  const char *expect;   /* the diagnostics, as printed */
} FileCase;

static void
test_file_positions (void)
{
  static const FileCase cases[] = {
    /* plain, in a flow map: line 8 */
    { "  - {id: g, kind: expression, params: {when: count(s in shpes(own)) >= 2}}\n",
      "t.yaml:8:57: error: unknown query 'shpes' (did you mean 'shapes'?)" },
    /* single quotes */
    { "  - {id: g, kind: expression, params: {when: 'shape.color == red and shape.size >= x'}}\n",
      "t.yaml:8:84: error: unknown name 'x'" },
    /* single quotes, one doubled inside */
    { "  - {id: g, kind: expression, params: {when: 'shape.own or ''x'' == 1'}}\n",
      "t.yaml:8:60: error: unexpected character \'\'\'" },
    /* double quotes with an escape before the error */
    { "  - {id: g, kind: expression, params: {when: \"shape.size\\t>= 3 and shape.colour == red\"}}\n",
      "t.yaml:8:74: error: a shape has no field 'colour' (did you mean 'color'?)" },
    /* a block scalar: the second line */
    { "  - id: g\n"
      "    kind: expression\n"
      "    params:\n"
      "      when: |\n"
      "        shape.own and\n"
      "          shape.size >= blue\n",
      "t.yaml:13:22: error: '>=' cannot compare a number with a colour (only numbers are ordered)" },
    /* a plain scalar folded over two lines */
    { "  - id: g\n"
      "    kind: expression\n"
      "    params:\n"
      "      when: shape.size >= 3\n"
      "        and shape.islnd\n",
      "t.yaml:12:19: error: a shape has no field 'islnd' (did you mean 'island'?)" },
    /* the type of the whole */
    { "  - {id: g, kind: expression, params: {when: tiles(own) + 1}}\n",
      "t.yaml:8:46: error: the expression must give a boolean, not a number" },
    /* not a scalar */
    { "  - {id: g, kind: expression, params: {when: [1]}}\n",
      "t.yaml:8:46: error: parameter 'when' of card 'g' must be a scalar, found a list" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *yaml = g_strconcat (HEADER, cases[i].cards, NULL);
      g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("t.yaml");
      g_autoptr(GError) error = NULL;
      TwDefinition *def = tw_definition_load_data (yaml, -1, "t.yaml", diags, &error);
      g_autofree char *text = tw_diagnostics_to_string (diags);

      g_assert_null (def);
      g_strchomp (text);
      if (g_strcmp0 (text, cases[i].expect) != 0)
        g_error ("case %u: got\n%s\nexpected\n%s", i, text, cases[i].expect);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  setup_def ();

  g_test_add_func ("/tw/expr/arithmetic", test_arithmetic);
  g_test_add_func ("/tw/expr/conditions", test_conditions);
  g_test_add_func ("/tw/expr/loops", test_loops);
  g_test_add_func ("/tw/expr/short-circuit", test_short_circuit);
  g_test_add_func ("/tw/expr/sets", test_sets);
  g_test_add_func ("/tw/expr/needs", test_needs);
  g_test_add_func ("/tw/expr/errors", test_errors);
  g_test_add_func ("/tw/expr/limits", test_limits);
  g_test_add_func ("/tw/expr/prefixes", test_prefixes);
  g_test_add_func ("/tw/expr/file-positions", test_file_positions);
  return g_test_run ();
}
