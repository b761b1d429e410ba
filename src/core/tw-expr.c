/* tw-expr.c: the expression language of definitions, compiled once
 *
 * Three passes over an expression's text, all bounded by the limits of
 * tw-expr.h: a lexer into tokens, a recursive-descent parser into a small
 * tree (syntax only), and one walk of the tree that resolves names against
 * the scopes and the module's vocabulary, checks types and emits a flat
 * array of instructions for a stack machine. The tree is needed because
 * `sum(s.size for s in shapes(own))` names its variable after using it.
 *
 * Loops (count, sum, max, min, any, all) keep their cursor, the query's
 * argument, the bound element and their accumulator in numbered slots, so
 * the evaluator's whole state is two fixed arrays on the C stack. The
 * compiler tracks the stack depth and the slots of every instruction and
 * refuses a program that would exceed them, so the evaluator checks nothing.
 *
 * Arithmetic is on 64-bit integers and wraps around on overflow; a division
 * or remainder by zero is 0 (doc/definition-format.md, "Expressions").
 *
 * The lexer and parser are in tw-expr-parse.c, the evaluator in
 * tw-expr-eval.c; what they share in tw-expr-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-expr-private.h"

#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (tw-expr-error-quark, tw_expr_error)

/* ------------------------------------------------------------------------ */
/* Types, names and code                                                    */

char *
tw_expr_type_name (const TwExprVocabulary *vocabulary,
                   TwExprType              type)
{
  if (type & TW_EXPR_LIST)
    {
      g_autofree char *of = tw_expr_type_name (vocabulary, type & ~TW_EXPR_LIST);
      /* Translators: a type of the expression language: "collection of shape" */
      return g_strdup_printf (_("collection of %s"), of);
    }
  switch (type)
    {
    /* Translators: the types of the expression language in messages */
    case TW_EXPR_NUMBER: return g_strdup (_("number"));
    case TW_EXPR_BOOL:   return g_strdup (_("boolean"));
    case TW_EXPR_COLOR:  return g_strdup (_("colour"));
    default:
      if (type >= TW_EXPR_RECORD0 && vocabulary != NULL
          && type - TW_EXPR_RECORD0 < (int) vocabulary->n_records)
        return g_strdup (vocabulary->records[type - TW_EXPR_RECORD0].name);
      return g_strdup (_("nothing"));
    }
}

/* "a number", "a shape", "a collection of shape" */
static char *
a_type (Compiler  *C,
        TwExprType type)
{
  g_autofree char *name = tw_expr_type_name (C->vocab, type);

  /* Translators: a value of a type ("a number", "a shape"); the second
   * form is English's before a vowel: translate both alike */
  return g_strdup_printf (strchr ("aeiou", name[0]) ? _("an %s") : _("a %s"), name);
}

static gboolean
type_error (Compiler   *C,
            guint       offset,
            const char *what,
            TwExprType  got)
{
  g_autofree char *a = a_type (C, got);
  return fail (C, TW_EXPR_ERROR_TYPE, offset, NULL, _("%s, not %s"), what, a);
}

static void
emit (Compiler *C,
      InstrCode code,
      guint     a,
      guint     b,
      gint32    imm,
      int       stack_delta)
{
  Instr in = { (guint8) code, (guint8) a, (guint16) b, imm };

  g_array_append_val (C->code, in);
  C->stack = (guint) ((int) C->stack + stack_delta);
  C->max_stack = MAX (C->max_stack, C->stack);
}

static guint
here (Compiler *C)
{
  return C->code->len;
}

static void
patch (Compiler *C,
       guint     at,
       guint     target)
{
  g_array_index (C->code, Instr, at).imm = (gint32) target;
}

static const Binding *
lookup (Compiler *C,
        guint     off,
        guint     len)
{
  for (guint i = C->scope->len; i-- > 0;)
    {
      const Binding *b = &g_array_index (C->scope, Binding, i);
      if (b->len == len && memcmp (b->name, C->text + off, len) == 0)
        return b;
    }
  return NULL;
}

static int
find_query (Compiler *C,
            guint     off,
            guint     len)
{
  for (guint q = 0; C->vocab && q < C->vocab->n_queries; q++)
    if (name_is (C, off, len, C->vocab->queries[q].name))
      return (int) q;
  return -1;
}

static int
find_color (Compiler *C,
            guint     off,
            guint     len)
{
  for (guint c = 0; C->def && c < C->def->n_colors; c++)
    if (C->def->colors[c].id && name_is (C, off, len, C->def->colors[c].id))
      return (int) c;
  return -1;
}

static gboolean
take_slots (Compiler *C,
            guint     n,
            guint     offset,
            guint    *first)
{
  if (C->slots + n > TW_EXPR_MAX_SLOTS)
    return fail (C, TW_EXPR_ERROR_LIMIT, offset, g_strdup (_("use fewer names and loops at once")),
                 _("the expression holds too many values at once (more than %u)"),
                 TW_EXPR_MAX_SLOTS);
  *first = C->slots;
  C->slots += n;
  return TRUE;
}

static void
bind (Compiler  *C,
      guint      off,
      guint      len,
      Binding    b)
{
  /* an unnamed loop variable is `it` */
  b.name = len > 0 ? C->text + off : "it";
  b.len = len > 0 ? len : 2;
  g_array_append_val (C->scope, b);
}

/* Every name that could stand where @off is, for a hint. */
static char *
hint_for_name (Compiler *C,
               guint     off,
               guint     len,
               gboolean  call)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint q = 0; C->vocab && q < C->vocab->n_queries; q++)
    if (call == (C->vocab->queries[q].choices != NULL))
      g_ptr_array_add (names, g_strdup (C->vocab->queries[q].name));
  if (call)
    {
      for (guint i = 0; i < N_BUILTIN_CALLS; i++)
        g_ptr_array_add (names, g_strdup (builtin_names[i]));
    }
  else
    {
      for (guint i = 0; i < C->scope->len; i++)
        {
          const Binding *b = &g_array_index (C->scope, Binding, i);
          g_ptr_array_add (names, g_strndup (b->name, b->len));
        }
      g_ptr_array_add (names, g_strdup ("colors"));
      for (guint c = 0; C->def && c < C->def->n_colors; c++)
        if (C->def->colors[c].id)
          g_ptr_array_add (names, g_strdup (C->def->colors[c].id));
    }
  return did_you_mean (C, off, len, names);
}

/* The argument of a query: one of its words, as an index. */
static gboolean
query_argument (Compiler          *C,
                const Node        *call,
                const TwExprQuery *q,
                gint32            *out)
{
  g_autofree char *name = shown (C, call->name_off, call->name_len);
  g_autofree char *list = q->choices ? g_strjoinv (", ", (char **) q->choices) : NULL;

  if (q->choices == NULL)
    return fail (C, TW_EXPR_ERROR_TYPE, call->offset, g_strdup_printf (_("write %s without parentheses"), name),
                 _("'%s' takes no argument"), name);
  if (call->a < 0)
    return fail (C, TW_EXPR_ERROR_TYPE, call->offset, g_strdup_printf (_("one of: %s"), list),
                 _("'%s' needs an argument"), name);
  const Node *arg = NODE (C, call->a);
  if (arg->kind == N_NAME)
    for (guint i = 0; q->choices[i] != NULL; i++)
      if (name_is (C, arg->name_off, arg->name_len, q->choices[i]))
        {
          *out = (gint32) i;
          return TRUE;
        }
  char *hint = NULL;
  if (arg->kind == N_NAME)
    {
      g_autoptr(GPtrArray) words = g_ptr_array_new ();
      for (guint i = 0; q->choices[i] != NULL; i++)
        g_ptr_array_add (words, (gpointer) q->choices[i]);
      hint = did_you_mean (C, arg->name_off, arg->name_len, words);
    }
  return fail (C, TW_EXPR_ERROR_NAME, arg->offset,
               hint ? hint : g_strdup_printf (_("one of: %s"), list),
               _("the argument of '%s' is one of its words"), name);
}

/* Resolves a collection: a query (or the colours) and its argument. */
static gboolean
collection (Compiler   *C,
            int         index,
            guint      *query,
            gint32     *arg,
            TwExprType *element)
{
  const Node *n = NODE (C, index);

  if (n->kind == N_NAME)
    {
      const Binding *b = lookup (C, n->name_off, n->name_len);
      int q = -1;
      if (b != NULL && b->kind == BIND_LIST)
        {
          *query = b->query;
          *arg = b->arg;
          *element = b->type & ~TW_EXPR_LIST;
          return TRUE;
        }
      if (b == NULL && (q = find_query (C, n->name_off, n->name_len)) >= 0
          && (C->vocab->queries[q].type & TW_EXPR_LIST))
        {
          if (C->vocab->queries[q].choices != NULL)
            return query_argument (C, n, &C->vocab->queries[q], arg);
          *query = (guint) q;
          *arg = 0;
          *element = C->vocab->queries[q].type & ~TW_EXPR_LIST;
          C->needs |= C->vocab->queries[q].needs;
          return TRUE;
        }
      if (b == NULL && q < 0 && name_is (C, n->name_off, n->name_len, "colors"))
        {
          *query = COLORS_QUERY;
          *arg = 0;
          *element = TW_EXPR_COLOR;
          return TRUE;
        }
    }
  else if (n->kind == N_CALL)
    {
      int q = find_query (C, n->name_off, n->name_len);
      if (q >= 0 && (C->vocab->queries[q].type & TW_EXPR_LIST))
        {
          if (!query_argument (C, n, &C->vocab->queries[q], arg))
            return FALSE;
          *query = (guint) q;
          *element = C->vocab->queries[q].type & ~TW_EXPR_LIST;
          C->needs |= C->vocab->queries[q].needs;
          return TRUE;
        }
    }
  if (n->kind == N_NAME || n->kind == N_CALL)
    {
      /* an unknown name gets its own message; a known one is not a collection */
      const Binding *b = lookup (C, n->name_off, n->name_len);
      if (b == NULL && find_query (C, n->name_off, n->name_len) < 0
          && find_color (C, n->name_off, n->name_len) < 0)
        {
          g_autofree char *s = shown (C, n->name_off, n->name_len);
          return fail (C, TW_EXPR_ERROR_NAME, n->offset, hint_for_name (C, n->name_off, n->name_len,
                                                                       n->kind == N_CALL),
                       n->kind == N_CALL ? _("unknown query '%s'") : _("unknown name '%s'"), s);
        }
    }
  return fail (C, TW_EXPR_ERROR_TYPE, n->offset, g_strdup (_("such as colors, or a query of the game")),
               _("expected a collection to go through"));
}

/* Whether node @index names a collection (then a `let` binds it as a name
 * rather than a value). */
static gboolean
is_collection (Compiler *C,
               int       index)
{
  const Node *n = NODE (C, index);
  const Binding *b;
  int q;

  if (n->kind != N_NAME && n->kind != N_CALL)
    return FALSE;
  b = n->kind == N_NAME ? lookup (C, n->name_off, n->name_len) : NULL;
  if (b != NULL)
    return b->kind == BIND_LIST;
  q = find_query (C, n->name_off, n->name_len);
  if (q >= 0)
    return (C->vocab->queries[q].type & TW_EXPR_LIST) != 0;
  return n->kind == N_NAME && name_is (C, n->name_off, n->name_len, "colors");
}

static gboolean gen (Compiler   *C,
                     int         index,
                     TwExprType *type);

/* Generates @index and checks that it is of type @want. */
static gboolean
gen_want (Compiler   *C,
          int         index,
          TwExprType  want,
          const char *what)
{
  TwExprType t;
  if (!gen (C, index, &t))
    return FALSE;
  if (t != want)
    return type_error (C, NODE (C, index)->offset, what, t);
  return TRUE;
}

static gboolean
gen_name (Compiler   *C,
          const Node *n,
          TwExprType *type)
{
  const Binding *b = lookup (C, n->name_off, n->name_len);
  g_autofree char *s = shown (C, n->name_off, n->name_len);
  int q = -1, c;

  if (b != NULL && b->kind == BIND_VALUE)
    {
      emit (C, I_LOAD, b->slot, 0, 0, +1);
      *type = b->type;
      return TRUE;
    }
  if (b == NULL && (q = find_query (C, n->name_off, n->name_len)) >= 0)
    {
      const TwExprQuery *query = &C->vocab->queries[q];
      if (query->choices != NULL)
        {
          g_autofree char *first = g_strdup (query->choices[0]);
          return fail (C, TW_EXPR_ERROR_TYPE, n->offset, g_strdup_printf (_("such as %s(%s)"), s, first),
                       _("'%s' needs an argument"), s);
        }
      if (!(query->type & TW_EXPR_LIST))
        {
          emit (C, I_QUERY, 0, (guint) q, 0, +1);
          C->needs |= query->needs;
          *type = query->type;
          return TRUE;
        }
    }
  if (b != NULL || q >= 0 || (b == NULL && name_is (C, n->name_off, n->name_len, "colors")))
    return fail (C, TW_EXPR_ERROR_TYPE, n->offset,
                 g_strdup_printf (_("count it, add it up or test it: count(x in %s)"), s),
                 _("'%s' is a collection, not a value"), s);
  if ((c = find_color (C, n->name_off, n->name_len)) >= 0)
    {
      emit (C, I_PUSH, 0, 0, c, +1);
      *type = TW_EXPR_COLOR;
      return TRUE;
    }
  return fail (C, TW_EXPR_ERROR_NAME, n->offset, hint_for_name (C, n->name_off, n->name_len, FALSE),
               _("unknown name '%s'"), s);
}

static gboolean
gen_field (Compiler   *C,
           const Node *n,
           TwExprType *type)
{
  TwExprType t;
  g_autofree char *s = shown (C, n->name_off, n->name_len);

  if (!gen (C, n->a, &t))
    return FALSE;
  if (t < TW_EXPR_RECORD0 || (t & TW_EXPR_LIST) || C->vocab == NULL
      || t - TW_EXPR_RECORD0 >= (int) C->vocab->n_records)
    {
      g_autofree char *a = a_type (C, t);
      return fail (C, TW_EXPR_ERROR_TYPE, n->name_off, NULL, _("%s has no field '%s'"), a, s);
    }
  const TwExprRecordType *rec = &C->vocab->records[t - TW_EXPR_RECORD0];
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  for (guint f = 0; f < rec->n_fields; f++)
    {
      if (name_is (C, n->name_off, n->name_len, rec->fields[f].name))
        {
          emit (C, I_FIELD, t - TW_EXPR_RECORD0, f, 0, 0);
          *type = rec->fields[f].type;
          return TRUE;
        }
      g_ptr_array_add (names, (gpointer) rec->fields[f].name);
    }
  char *hint = did_you_mean (C, n->name_off, n->name_len, names);
  if (hint == NULL)
    {
      g_ptr_array_remove_index (names, names->len - 1);
      g_ptr_array_add (names, NULL);
      g_autofree char *list = g_strjoinv (", ", (char **) names->pdata);
      hint = g_strdup_printf (_("its fields are: %s"), list);
    }
  g_autofree char *a = a_type (C, t);
  return fail (C, TW_EXPR_ERROR_NAME, n->name_off, hint, _("%s has no field '%s'"), a, s);
}

static gboolean
gen_binary (Compiler   *C,
            const Node *n,
            TwExprType *type)
{
  static const InstrCode codes[] = {
    [OP_ADD] = I_ADD, [OP_SUB] = I_SUB, [OP_MUL] = I_MUL, [OP_DIV] = I_DIV, [OP_MOD] = I_MOD,
    [OP_EQ] = I_EQ, [OP_NE] = I_NE, [OP_LT] = I_LT, [OP_LE] = I_LE, [OP_GT] = I_GT, [OP_GE] = I_GE,
  };
  g_autofree char *what = NULL;
  TwExprType ta, tb;

  if (n->op == OP_AND || n->op == OP_OR)
    {
      what = g_strdup_printf (_("'%s' joins conditions (true or false)"), op_text[n->op]);
      if (!gen_want (C, n->a, TW_EXPR_BOOL, what))
        return FALSE;
      guint jump = here (C);
      emit (C, n->op == OP_AND ? I_AND : I_OR, 0, 0, 0, -1);
      if (!gen_want (C, n->b, TW_EXPR_BOOL, what))
        return FALSE;
      patch (C, jump, here (C));
      *type = TW_EXPR_BOOL;
      return TRUE;
    }
  if (n->op >= OP_ADD && n->op <= OP_MOD)
    {
      what = g_strdup_printf (_("'%s' needs numbers"), op_text[n->op]);
      if (!gen_want (C, n->a, TW_EXPR_NUMBER, what) || !gen_want (C, n->b, TW_EXPR_NUMBER, what))
        return FALSE;
      emit (C, codes[n->op], 0, 0, 0, -1);
      *type = TW_EXPR_NUMBER;
      return TRUE;
    }
  /* comparisons */
  if (!gen (C, n->a, &ta) || !gen (C, n->b, &tb))
    return FALSE;
  if ((n->op == OP_EQ || n->op == OP_NE) ? ta != tb : (ta != TW_EXPR_NUMBER || tb != TW_EXPR_NUMBER))
    {
      g_autofree char *a = a_type (C, ta);
      g_autofree char *b = a_type (C, tb);
      return fail (C, TW_EXPR_ERROR_TYPE, n->offset,
                   n->op == OP_EQ || n->op == OP_NE ? NULL : g_strdup (_("only numbers are ordered")),
                   _("'%s' cannot compare %s with %s"), op_text[n->op], a, b);
    }
  emit (C, codes[n->op], 0, 0, 0, -1);
  *type = TW_EXPR_BOOL;
  return TRUE;
}

static gboolean
gen_let (Compiler   *C,
         const Node *n,
         TwExprType *type)
{
  guint scope = C->scope->len, slots = C->slots;
  Binding b = { 0, };

  if (is_collection (C, n->a))
    {
      TwExprType element;
      if (!collection (C, n->a, &b.query, &b.arg, &element))
        return FALSE;
      b.kind = BIND_LIST;
      b.type = TW_EXPR_LIST_OF (element);
    }
  else
    {
      if (!gen (C, n->a, &b.type) || !take_slots (C, 1, n->offset, &b.slot))
        return FALSE;
      emit (C, I_STORE, b.slot, 0, 0, -1);
      b.kind = BIND_VALUE;
    }
  bind (C, n->name_off, n->name_len, b);
  if (!gen (C, n->b, type))
    return FALSE;
  g_array_set_size (C->scope, scope);
  C->slots = slots;
  return TRUE;
}

static gboolean
gen_if (Compiler   *C,
        const Node *n,
        TwExprType *type)
{
  TwExprType other;

  if (!gen_want (C, n->a, TW_EXPR_BOOL, _("the condition of 'if' must be true or false")))
    return FALSE;
  guint to_else = here (C);
  emit (C, I_JUMP_IF_FALSE, 0, 0, 0, -1);
  if (!gen (C, n->b, type))
    return FALSE;
  guint to_end = here (C);
  emit (C, I_JUMP, 0, 0, 0, -1);    /* the else branch starts without the then value */
  patch (C, to_else, here (C));
  if (!gen (C, n->c, &other))
    return FALSE;
  patch (C, to_end, here (C));
  if (other != *type)
    {
      g_autofree char *a = a_type (C, *type);
      g_autofree char *what = g_strdup_printf (_("both branches of 'if' must give the same type: "
                                                 "'then' gives %s"), a);
      return type_error (C, NODE (C, n->c)->offset, what, other);
    }
  return TRUE;
}

static gboolean
gen_loop_walk (Compiler   *C,
               const Node *n,
               TwExprType *type)
{
  guint scope = C->scope->len, slots = C->slots;
  guint query = 0, base = 0;
  gint32 arg;
  TwExprType element;
  Binding var = { 0, };
  g_autofree char *op = g_strdup (op_text[n->op]);

  if (++C->loops > TW_EXPR_MAX_LOOPS)
    return fail (C, TW_EXPR_ERROR_LIMIT, n->offset, g_strdup (_("every loop inside another multiplies the work")),
                 _("loops are nested too deeply: at most %u inside one another"), TW_EXPR_MAX_LOOPS);
  if (!collection (C, n->a, &query, &arg, &element))
    return FALSE;
  /* cursor, argument, element, then the accumulator and its `seen` flag */
  if (!take_slots (C, 5, n->offset, &base))
    return FALSE;
  var.kind = BIND_VALUE;
  var.type = element;
  var.slot = base + 2;
  bind (C, n->name_off, n->name_len, var);

  guint acc = base + 3;
  g_autofree char *where = g_strdup_printf (_("the condition of %s() must be true or false"), op);
  if (n->b < 0 && n->op == OP_ALL)
    return fail (C, TW_EXPR_ERROR_SYNTAX, n->offset, g_strdup (_("write all(x in C where CONDITION)")),
                 _("all() needs a condition"));

  if (n->op == OP_ANY || n->op == OP_ALL)
    {
      /* any: a match gives true at once, the end false; all: the other way */
      gboolean any = n->op == OP_ANY;
      guint settled;
      emit (C, I_ITER, base, 0, arg, 0);
      guint top = here (C);
      emit (C, I_NEXT, base, query, 0, 0);
      if (n->b >= 0)
        {
          if (!gen_want (C, n->b, TW_EXPR_BOOL, where))
            return FALSE;
          settled = here (C);
          emit (C, any ? I_JUMP_IF_TRUE : I_JUMP_IF_FALSE, 0, 0, 0, -1);
          emit (C, I_JUMP, 0, 0, (gint32) top, 0);
        }
      else
        {
          settled = here (C);
          emit (C, I_JUMP, 0, 0, 0, 0);
        }
      patch (C, top, here (C));
      emit (C, I_PUSH, 0, 0, !any, +1);
      guint end = here (C);
      emit (C, I_JUMP, 0, 0, 0, 0);
      patch (C, settled, here (C));
      C->stack--;                  /* the other way in: nothing pushed yet */
      emit (C, I_PUSH, 0, 0, any, +1);
      patch (C, end, here (C));
      *type = TW_EXPR_BOOL;
    }
  else
    {
      /* count, sum, max, min: an accumulator (and for max and min whether
       * it holds a value yet), 0 for an empty collection */
      emit (C, I_SET, acc, 0, 0, 0);
      emit (C, I_SET, acc + 1, 0, 0, 0);
      emit (C, I_ITER, base, 0, arg, 0);
      guint top = here (C);
      emit (C, I_NEXT, base, query, 0, 0);
      guint skip = G_MAXUINT;
      if (n->b >= 0)
        {
          if (!gen_want (C, n->b, TW_EXPR_BOOL, where))
            return FALSE;
          skip = here (C);
          emit (C, I_JUMP_IF_FALSE, 0, 0, (gint32) top, -1);
        }
      if (n->op == OP_COUNT)
        emit (C, I_INC, acc, 0, 0, 0);
      else
        {
          g_autofree char *what = g_strdup_printf (n->op == OP_SUM ? _("%s() adds up numbers")
                                                                   : _("%s() compares numbers"), op);
          if (!gen_want (C, n->d, TW_EXPR_NUMBER, what))
            return FALSE;
          emit (C, n->op == OP_SUM ? I_ADD_TO : n->op == OP_MAX ? I_MAX_TO : I_MIN_TO, acc, 0, 0, -1);
        }
      emit (C, I_JUMP, 0, 0, (gint32) top, 0);
      (void) skip;
      patch (C, top, here (C));
      emit (C, I_LOAD, acc, 0, 0, +1);
      *type = TW_EXPR_NUMBER;
    }
  g_array_set_size (C->scope, scope);
  C->slots = slots;
  C->loops--;
  return TRUE;
}

/* Whether node @index is the name of loop @loop's element. */
static gboolean
is_element (Compiler   *C,
            int         index,
            const Node *loop)
{
  const Node *n = NODE (C, index);

  if (n->kind != N_NAME)
    return FALSE;
  if (loop->name_len == 0)
    return name_is (C, n->name_off, n->name_len, "it");
  return n->name_len == loop->name_len
         && memcmp (C->text + n->name_off, C->text + loop->name_off, n->name_len) == 0;
}

/* Whether the text of node @index names loop @loop's element anywhere
 * (also where an inner name hides it: the answer need only be safe). */
static gboolean
mentions_element (Compiler   *C,
                  int         index,
                  const Node *loop)
{
  const Node *n;

  if (index < 0)
    return FALSE;
  n = NODE (C, index);
  return is_element (C, index, loop)
         || mentions_element (C, n->a, loop) || mentions_element (C, n->b, loop)
         || mentions_element (C, n->c, loop) || mentions_element (C, n->d, loop);
}

/* One test of a condition a set loop can take (fused): `x.f` (a boolean
 * field), `not x.f`, `x.f == v` or `x.f != v` (either way round, v not
 * naming x). */
typedef struct
{
  guint field;
  guint flags;     /* ATOM_NE, ATOM_STACK */
  int   value;     /* ATOM_STACK: the node of v */
} Atom;

/* The field of the element that node @index reads (x.f), if the
 * vocabulary answers it as a set, or -1. */
static int
set_field (Compiler   *C,
           int         index,
           const Node *loop,
           guint       record)
{
  const Node *n = NODE (C, index);
  const TwExprRecordType *rec = &C->vocab->records[record];

  if (n->kind != N_FIELD || !is_element (C, n->a, loop))
    return -1;
  for (guint f = 0; f < rec->n_fields && f < 32; f++)
    if (name_is (C, n->name_off, n->name_len, rec->fields[f].name))
      return (C->vocab->set_fields[record] & (1u << f)) ? (int) f : -1;
  return -1;
}

/* The tests of condition @index, joined by `and`, into @atoms; FALSE if
 * it is not of that form. */
static gboolean
set_atoms (Compiler   *C,
           int         index,
           const Node *loop,
           guint       record,
           Atom       *atoms,
           guint      *n_atoms)
{
  const Node *n = NODE (C, index);
  Atom atom = { 0, 0, -1 };
  int f;

  if (n->kind == N_BINARY && n->op == OP_AND)
    return set_atoms (C, n->a, loop, record, atoms, n_atoms)
           && set_atoms (C, n->b, loop, record, atoms, n_atoms);
  if (*n_atoms >= MAX_ATOMS)
    return FALSE;
  if (n->kind == N_UNARY && n->op == OP_NOT)
    {
      if ((f = set_field (C, n->a, loop, record)) < 0)
        return FALSE;
      atom.flags = ATOM_NE;
    }
  else if (n->kind == N_BINARY && (n->op == OP_EQ || n->op == OP_NE))
    {
      int v = n->b;
      if ((f = set_field (C, n->a, loop, record)) < 0)
        {
          f = set_field (C, n->b, loop, record);
          v = n->a;
        }
      if (f < 0 || mentions_element (C, v, loop))
        return FALSE;
      atom.flags = ATOM_STACK | (n->op == OP_NE ? ATOM_NE : 0);
      atom.value = v;
    }
  else if ((f = set_field (C, index, loop, record)) < 0)
    return FALSE;
  /* a bare field is a test only when it is a boolean */
  if (atom.value < 0 && C->vocab->records[record].fields[f].type != TW_EXPR_BOOL)
    return FALSE;
  atom.field = (guint) f;
  atoms[(*n_atoms)++] = atom;
  return TRUE;
}

/* count() or any() of loop @n, which gen_loop_walk() compiled from @start,
 * counted a set at a time when the vocabulary can (TwExprVocabulary's
 * set_queries): the code is compiled again as I_SET_COUNT, its tests'
 * values first. Left as it is otherwise. */
static void
gen_loop_sets (Compiler   *C,
               const Node *n,
               guint       start,
               guint       stack,
               guint       max_stack)
{
  Atom atoms[MAX_ATOMS];
  guint n_atoms = 0, query, record, walked = here (C), walked_max = C->max_stack;
  gint32 arg;
  TwExprType element;
  g_autoptr(GArray) walk = NULL;

  if ((n->op != OP_COUNT && n->op != OP_ANY) || C->vocab == NULL || C->vocab->next_set == NULL
      || C->vocab->set_fields == NULL
      || !collection (C, n->a, &query, &arg, &element) || query >= 64
      || !(C->vocab->set_queries & (G_GUINT64_CONSTANT (1) << query))
      || element < TW_EXPR_RECORD0 || element - TW_EXPR_RECORD0 >= (int) C->vocab->n_records)
    return;
  record = element - TW_EXPR_RECORD0;
  if (n->b >= 0 && !set_atoms (C, n->b, n, record, atoms, &n_atoms))
    return;

  walk = g_array_sized_new (FALSE, FALSE, sizeof (Instr), walked - start);
  g_array_append_vals (walk, &g_array_index (C->code, Instr, start), walked - start);
  g_array_set_size (C->code, start);
  C->stack = stack;
  C->max_stack = max_stack;
  for (guint k = 0; k < n_atoms; k++)
    if (atoms[k].flags & ATOM_STACK)
      {
        TwExprType t;
        /* compiled before, inside the loop: it cannot fail now */
        if (!gen (C, atoms[k].value, &t))
          g_assert_not_reached ();
      }
  emit (C, I_SET_COUNT, n_atoms | (n->op == OP_ANY ? SET_ANY : 0), query, arg,
        1 - (int) (C->stack - stack));
  for (guint k = 0; k < n_atoms; k++)
    emit (C, I_ATOM, atoms[k].flags, atoms[k].field, 1, 0);
  if (C->max_stack > TW_EXPR_MAX_STACK && walked_max <= TW_EXPR_MAX_STACK)
    {
      /* the values at once hold more than the walk did: keep the walk */
      g_array_set_size (C->code, start);
      g_array_append_vals (C->code, walk->data, walk->len);
      C->stack = stack + 1;
      C->max_stack = walked_max;
    }
}

static gboolean
gen_loop (Compiler   *C,
          const Node *n,
          TwExprType *type)
{
  guint start = here (C), stack = C->stack, max_stack = C->max_stack;

  if (!gen_loop_walk (C, n, type))
    return FALSE;
  gen_loop_sets (C, n, start, stack, max_stack);
  return TRUE;
}

static gboolean
gen (Compiler   *C,
     int         index,
     TwExprType *type)
{
  const Node *n = NODE (C, index);

  switch (n->kind)
    {
    case N_NUMBER:
      emit (C, I_PUSH, 0, 0, (gint32) n->value, +1);
      *type = TW_EXPR_NUMBER;
      return TRUE;

    case N_BOOL:
      emit (C, I_PUSH, 0, 0, (gint32) n->value, +1);
      *type = TW_EXPR_BOOL;
      return TRUE;

    case N_COLOR_NAME:
      {
        int c = find_color (C, n->name_off, n->name_len);
        if (c < 0)
          {
            g_autofree char *s = shown (C, n->name_off, n->name_len);
            g_autoptr(GPtrArray) ids = g_ptr_array_new ();
            for (guint i = 0; C->def && i < C->def->n_colors; i++)
              g_ptr_array_add (ids, C->def->colors[i].id);
            return fail (C, TW_EXPR_ERROR_NAME, n->offset,
                         did_you_mean (C, n->name_off, n->name_len, ids),
                         _("unknown colour '%s'"), s);
          }
        emit (C, I_PUSH, 0, 0, c, +1);
        *type = TW_EXPR_COLOR;
        return TRUE;
      }

    case N_NAME:
      return gen_name (C, n, type);

    case N_CALL:
      {
        int q = find_query (C, n->name_off, n->name_len);
        gint32 arg;
        g_autofree char *s = shown (C, n->name_off, n->name_len);
        if (q < 0)
          return fail (C, TW_EXPR_ERROR_NAME, n->offset, hint_for_name (C, n->name_off, n->name_len, TRUE),
                       _("unknown query '%s'"), s);
        if (!query_argument (C, n, &C->vocab->queries[q], &arg))
          return FALSE;
        if (C->vocab->queries[q].type & TW_EXPR_LIST)
          return fail (C, TW_EXPR_ERROR_TYPE, n->offset,
                       g_strdup_printf (_("count it, add it up or test it: count(x in %s(...))"), s),
                       _("'%s' is a collection, not a value"), s);
        emit (C, I_QUERY, 0, (guint) q, arg, +1);
        C->needs |= C->vocab->queries[q].needs;
        *type = C->vocab->queries[q].type;
        return TRUE;
      }

    case N_FIELD:
      return gen_field (C, n, type);

    case N_UNARY:
      if (!gen_want (C, n->a, n->op == OP_NEG ? TW_EXPR_NUMBER : TW_EXPR_BOOL,
                     n->op == OP_NEG ? _("'-' needs a number") : _("'not' needs true or false")))
        return FALSE;
      emit (C, n->op == OP_NEG ? I_NEG : I_NOT, 0, 0, 0, 0);
      *type = n->op == OP_NEG ? TW_EXPR_NUMBER : TW_EXPR_BOOL;
      return TRUE;

    case N_BINARY:
      return gen_binary (C, n, type);

    case N_LET:
      return gen_let (C, n, type);

    case N_IF:
      return gen_if (C, n, type);

    case N_LOOP:
      return gen_loop (C, n, type);

    case N_PAIR:
      {
        const char *what = n->op == OP_MAX ? _("max(a, b) compares numbers") : _("min(a, b) compares numbers");
        if (!gen_want (C, n->a, TW_EXPR_NUMBER, what) || !gen_want (C, n->b, TW_EXPR_NUMBER, what))
          return FALSE;
        emit (C, n->op == OP_MAX ? I_MAX2 : I_MIN2, 0, 0, 0, -1);
        *type = TW_EXPR_NUMBER;
        return TRUE;
      }

    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------------ */
/* Public API: compiling                                                    */

/**
 * tw_expr_keywords:
 *
 * The words of the language that cannot be names (`let`, `and`, `true`...),
 * for editors that highlight it. NULL-terminated, static.
 */
const char * const *
tw_expr_keywords (void)
{
  return keywords;
}

/**
 * tw_expr_builtins:
 *
 * The names the language answers in every vocabulary: its calls (`count`,
 * `sum`, `color`...) and the collection `colors`. NULL-terminated, static.
 */
const char * const *
tw_expr_builtins (void)
{
  return builtin_names;
}

void
tw_expr_where_clear (TwExprWhere *where)
{
  if (where != NULL)
    g_clear_pointer (&where->hint, g_free);
}

TwExprProgram *
tw_expr_compile (const char             *text,
                 gssize                  len,
                 const TwExprVocabulary *vocabulary,
                 const TwDefinition     *def,
                 TwExprType              want,
                 TwExprWhere            *where,
                 GError                **error)
{
  Compiler C = { 0, };
  TwExprProgram *program = NULL;
  TwExprType type = TW_EXPR_NONE;
  int root = -1;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  C.text = text ? text : "";
  C.len = len < 0 ? strlen (C.text) : (gsize) len;
  C.vocab = vocabulary;
  C.def = def;
  C.tokens = g_array_new (FALSE, FALSE, sizeof (Token));
  C.nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  C.scope = g_array_new (FALSE, FALSE, sizeof (Binding));
  C.code = g_array_new (FALSE, FALSE, sizeof (Instr));

  if (C.len > TW_EXPR_MAX_LENGTH)
    fail (&C, TW_EXPR_ERROR_LIMIT, TW_EXPR_MAX_LENGTH, g_strdup (_("split it into simpler cards")),
          g_dngettext (GETTEXT_PACKAGE, "the expression is too long: %zu bytes, more than %u",
                       "the expression is too long: %zu bytes, more than %u", TW_EXPR_MAX_LENGTH),
          (size_t) C.len, TW_EXPR_MAX_LENGTH);
  else if (_tw_expr_lex (&C))
    {
      if (peek (&C)->kind == T_END)
        fail (&C, TW_EXPR_ERROR_SYNTAX, 0, g_strdup (_("write a condition such as shape.size >= 3")),
              _("the expression is empty"));
      else if ((root = _tw_expr_parse (&C)) >= 0 && peek (&C)->kind != T_END)
        {
          g_autofree char *found = _tw_expr_describe_token (&C, peek (&C));
          fail (&C, TW_EXPR_ERROR_SYNTAX, peek (&C)->offset,
                peek (&C)->kind == T_ASSIGN ? g_strdup (_("compare with '=='")) : NULL,
                _("expected the end of the expression, found %s"), found);
        }
      if (C.error == NULL && root >= 0 && gen (&C, root, &type) && type != want)
        {
          g_autofree char *w = a_type (&C, want);
          g_autofree char *what = g_strdup_printf (_("the expression must give %s"), w);
          type_error (&C, 0, what, type);
        }
      if (C.error == NULL && C.max_stack > TW_EXPR_MAX_STACK)
        fail (&C, TW_EXPR_ERROR_LIMIT, 0, g_strdup (_("use 'let' to name a part")),
              _("the expression holds too many values at once (more than %u)"), TW_EXPR_MAX_STACK);
    }

  if (C.error == NULL)
    {
      emit (&C, I_END, 0, 0, 0, 0);
      program = g_malloc (sizeof (TwExprProgram) + C.code->len * sizeof (Instr));
      program->vocabulary = vocabulary;
      program->needs = C.needs;
      program->n_colors = def ? def->n_colors : 0;
      program->n_code = C.code->len;
      memcpy (program->code, C.code->data, C.code->len * sizeof (Instr));
    }
  else
    {
      if (where != NULL)
        {
          where->offset = MIN (C.error_offset, (guint) C.len);
          where->hint = g_steal_pointer (&C.error_hint);
        }
      g_propagate_error (error, g_steal_pointer (&C.error));
    }
  g_free (C.error_hint);
  g_clear_error (&C.error);
  g_array_unref (C.tokens);
  g_array_unref (C.nodes);
  g_array_unref (C.scope);
  g_array_unref (C.code);
  return program;
}

/* Where byte @offset of @node's value is in the file: the scalar's text is
 * walked beside its value, skipping what quoting, escapes and line folding
 * add to the text, so that the position is right for a plain, quoted or
 * block scalar alike. */
static void
scalar_position (const char   *doc,
                 const TwNode *node,
                 gsize         offset,
                 guint        *line,
                 guint        *column)
{
  const char *start = doc + node->start_offset, *end = doc + node->end_offset;
  const char *s = start, *v = node->scalar;
  const char *line_start = NULL;
  char style = *start;
  gsize i = 0;

  if (style == '"' || style == '\'')
    s++;
  else if (style == '|' || style == '>')
    while (s < end && *s != '\n')
      s++;
  while (i < offset && v[i] != '\0' && s < end)
    {
      if (*s == v[i])
        {
          s++;
          i++;
        }
      else if (style == '"' && *s == '\\' && s + 1 < end)
        {
          /* an escape stands for one character of the value */
          char e = s[1];
          s += 2;
          if (e == 'x')
            s += 2;
          else if (e == 'u')
            s += 4;
          else if (e == 'U')
            s += 8;
          if (e != '\n')
            i++;
        }
      else
        s++;
    }
  s = MIN (s, end);
  *line = node->line;
  for (const char *p = start; p < s; p++)
    if (*p == '\n')
      {
        (*line)++;
        line_start = p + 1;
      }
  if (line_start == NULL)
    *column = node->column + (guint) g_utf8_strlen (start, s - start);
  else
    *column = 1 + (guint) g_utf8_strlen (line_start, s - line_start);
}

TwExprProgram *
tw_expr_compile_node (const TwNode           *node,
                      const char             *doc_text,
                      const TwExprVocabulary *vocabulary,
                      const TwDefinition     *def,
                      TwExprType              want,
                      TwDiagnostics          *diags)
{
  g_autoptr(GError) error = NULL;
  TwExprWhere where = { 0, };
  TwExprProgram *program;
  guint line = 0, column = 0;

  g_return_val_if_fail (node != NULL, NULL);

  if (node->type != TW_NODE_SCALAR)
    {
      if (diags != NULL)
        tw_node_expect (node, TW_NODE_SCALAR, _("an expression"), diags);
      return NULL;
    }
  program = tw_expr_compile (node->scalar, -1, vocabulary, def, want, &where, &error);
  if (program != NULL)
    return program;
  if (doc_text != NULL)
    scalar_position (doc_text, node, where.offset, &line, &column);
  else
    {
      line = node->line;
      column = node->column;
    }
  if (diags != NULL)
    tw_diagnostics_add (diags, TW_DIAG_ERROR, line, column, where.hint, "%s", error->message);
  tw_expr_where_clear (&where);
  return NULL;
}

void
tw_expr_program_free (TwExprProgram *program)
{
  g_free (program);
}

guint32
tw_expr_program_needs (const TwExprProgram *program)
{
  g_return_val_if_fail (program != NULL, 0);
  return program->needs;
}

/**
 * tw_expr_program_asks:
 *
 * Whether @program asks query @query with argument @arg anywhere (the
 * argument's index among the query's words, 0 for a query without one):
 * a program that never does gives the same value whatever that query
 * would answer.
 */
gboolean
tw_expr_program_asks (const TwExprProgram *program,
                      guint                query,
                      gint64               arg)
{
  g_return_val_if_fail (program != NULL, FALSE);
  for (guint pc = 0; pc < program->n_code; pc++)
    {
      const Instr *in = &program->code[pc];
      switch ((InstrCode) in->code)
        {
        case I_QUERY:
        case I_SET_COUNT:
          if (in->b == query && in->imm == arg)
            return TRUE;
          break;
        case I_NEXT:
          /* a walk's argument is in the I_ITER just before */
          g_assert (pc > 0 && program->code[pc - 1].code == I_ITER);
          if (in->b == query && program->code[pc - 1].imm == arg)
            return TRUE;
          break;
        default:
          break;
        }
    }
  return FALSE;
}

guint
tw_expr_program_size (const TwExprProgram *program)
{
  g_return_val_if_fail (program != NULL, 0);
  return program->n_code;
}

