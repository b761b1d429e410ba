/* tw-expr-parse.c: the expression language's lexer and parser
 *
 * The first two passes of tw-expr.c's compiler: the text into tokens, the
 * tokens into a small tree (syntax only) by recursive descent, bounded by
 * the limits of tw-expr.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-expr-private.h"

#include <glib/gi18n-lib.h>

/* ------------------------------------------------------------------------ */
/* Lexer                                                                    */

static gboolean
lex (Compiler *C)
{
  const char *t = C->text;
  gsize i = 0, n = C->len;

  while (i < n)
    {
      Token tok = { T_END, (guint) i, 1, 0 };
      char c = t[i];

      if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        {
          i++;
          continue;
        }
      if (g_ascii_isdigit (c))
        {
          gsize j = i;
          gint64 v = 0;
          while (j < n && g_ascii_isdigit (t[j]))
            {
              v = v * 10 + (t[j] - '0');
              if (v > G_MAXINT32)
                return fail (C, TW_EXPR_ERROR_LIMIT, (guint) i,
                             g_strdup (_("numbers are whole numbers up to 2147483647")),
                             _("this number is too large"));
              j++;
            }
          if (j < n && (g_ascii_isalpha (t[j]) || t[j] == '_' || t[j] == '.'))
            return fail (C, TW_EXPR_ERROR_SYNTAX, (guint) j,
                         g_strdup (t[j] == '.' ? _("numbers are whole numbers")
                                               : _("put a space between a number and a name")),
                         _("unexpected '%c' after a number"), t[j]);
          tok.kind = T_NUMBER;
          tok.value = v;
          tok.len = (guint) (j - i);
        }
      else if (g_ascii_isalpha (c) || c == '_')
        {
          gsize j = i;
          while (j < n && (g_ascii_isalnum (t[j]) || t[j] == '_'))
            j++;
          tok.kind = T_NAME;
          tok.len = (guint) (j - i);
        }
      else if (c == '"')
        {
          gsize j = i + 1;
          while (j < n && t[j] != '"')
            {
              if (!(g_ascii_isalnum (t[j]) || t[j] == '-' || t[j] == '_'))
                return fail (C, TW_EXPR_ERROR_SYNTAX, (guint) j,
                             g_strdup (_("quotes hold the id of a colour: letters, digits, '-' and '_'")),
                             _("unexpected character in quotes"));
              j++;
            }
          if (j >= n)
            return fail (C, TW_EXPR_ERROR_SYNTAX, (guint) i, g_strdup (_("close it with '\"'")),
                         _("unterminated quotes"));
          tok.kind = T_STRING;
          tok.len = (guint) (j + 1 - i);
        }
      else
        {
          char d = i + 1 < n ? t[i + 1] : '\0';
          switch (c)
            {
            case '(': tok.kind = T_LPAREN; break;
            case ')': tok.kind = T_RPAREN; break;
            case ',': tok.kind = T_COMMA; break;
            case '.': tok.kind = T_DOT; break;
            case '+': tok.kind = T_PLUS; break;
            case '-': tok.kind = T_MINUS; break;
            case '*': tok.kind = T_STAR; break;
            case '/': tok.kind = T_SLASH; break;
            case '%': tok.kind = T_PERCENT; break;
            case '=':
              tok.kind = d == '=' ? T_EQ : T_ASSIGN;
              break;
            case '!':
              if (d != '=')
                return fail (C, TW_EXPR_ERROR_SYNTAX, (guint) i, g_strdup (_("write 'not' for negation")),
                             _("unexpected '!'"));
              tok.kind = T_NE;
              break;
            case '<':
              tok.kind = d == '=' ? T_LE : T_LT;
              break;
            case '>':
              tok.kind = d == '=' ? T_GE : T_GT;
              break;
            case '&':
            case '|':
              return fail (C, TW_EXPR_ERROR_SYNTAX, (guint) i,
                           g_strdup (c == '&' ? _("write 'and'") : _("write 'or'")),
                           _("unexpected '%c'"), c);
            default:
              if (g_ascii_isprint (c))
                return fail (C, TW_EXPR_ERROR_SYNTAX, (guint) i, NULL,
                             _("unexpected character '%c'"), c);
              return fail (C, TW_EXPR_ERROR_SYNTAX, (guint) i,
                           g_strdup (_("expressions are written in plain ASCII")),
                           _("unexpected character (byte 0x%02x)"), (guint) (guchar) c);
            }
          if (tok.kind == T_EQ || tok.kind == T_NE || tok.kind == T_LE || tok.kind == T_GE)
            tok.len = 2;
        }
      g_array_append_val (C->tokens, tok);
      i += tok.len;
    }
  Token end = { T_END, (guint) n, 0, 0 };
  g_array_append_val (C->tokens, end);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Parser                                                                   */

static inline const Token *
advance (Compiler *C)
{
  const Token *t = peek (C);
  if (t->kind != T_END)
    C->pos++;
  return t;
}

static gboolean
at_word (Compiler   *C,
         const char *word)
{
  const Token *t = peek (C);
  return t->kind == T_NAME && name_is (C, t->offset, t->len, word);
}

static gboolean
accept_word (Compiler   *C,
             const char *word)
{
  if (!at_word (C, word))
    return FALSE;
  advance (C);
  return TRUE;
}

/* What a token is, for "expected X, found Y". */
static char *
describe_token (Compiler    *C,
                const Token *t)
{
  if (t->kind == T_END)
    return g_strdup (_("the end of the expression"));
  g_autofree char *s = shown (C, t->offset, t->len);
  return g_strdup_printf ("'%s'", s);
}

static gboolean
expect (Compiler   *C,
        TokenKind   kind,
        const char *what)
{
  const Token *t = peek (C);
  if (t->kind == kind)
    {
      advance (C);
      return TRUE;
    }
  g_autofree char *found = describe_token (C, t);
  return fail (C, TW_EXPR_ERROR_SYNTAX, t->offset, NULL, _("expected %s, found %s"), what, found);
}

static gboolean
expect_word (Compiler   *C,
             const char *word,
             const char *hint)
{
  if (accept_word (C, word))
    return TRUE;
  g_autofree char *found = describe_token (C, peek (C));
  return fail (C, TW_EXPR_ERROR_SYNTAX, peek (C)->offset, hint ? g_strdup (hint) : NULL,
               _("expected '%s', found %s"), word, found);
}

/* A new node, or -1 past the node limit. */
static int
new_node (Compiler *C,
          NodeKind  kind,
          NodeOp    op,
          guint     offset)
{
  Node n = { kind, op, offset, 0, 0, 0, -1, -1, -1, -1 };

  if (C->nodes->len >= TW_EXPR_MAX_NODES)
    {
      fail (C, TW_EXPR_ERROR_LIMIT, offset, g_strdup (_("split it into simpler cards")),
            g_dngettext (GETTEXT_PACKAGE, "the expression is too large: more than %u part",
                         "the expression is too large: more than %u parts", TW_EXPR_MAX_NODES), TW_EXPR_MAX_NODES);
      return -1;
    }
  g_array_append_val (C->nodes, n);
  return (int) C->nodes->len - 1;
}


static int
binary (Compiler *C,
        NodeOp    op,
        guint     offset,
        int       a,
        int       b)
{
  int n;
  if (a < 0 || b < 0 || (n = new_node (C, N_BINARY, op, offset)) < 0)
    return -1;
  NODE (C, n)->a = a;
  NODE (C, n)->b = b;
  return n;
}

/* Counts one level of nesting; FALSE past the limit. */
static gboolean
enter (Compiler *C,
       guint     offset)
{
  if (++C->depth > TW_EXPR_MAX_DEPTH)
    return fail (C, TW_EXPR_ERROR_LIMIT, offset, g_strdup (_("use 'let' to name a part")),
                 g_dngettext (GETTEXT_PACKAGE, "the expression is nested too deeply: more than %u level",
                              "the expression is nested too deeply: more than %u levels", TW_EXPR_MAX_DEPTH), TW_EXPR_MAX_DEPTH);
  return TRUE;
}

static int parse_expr (Compiler *C);
static int parse_or (Compiler *C);

/* A name the expression binds: not a keyword. */
static gboolean
parse_binding_name (Compiler *C,
                    guint    *off,
                    guint    *len)
{
  const Token *t = peek (C);
  if (t->kind != T_NAME)
    {
      g_autofree char *found = describe_token (C, t);
      return fail (C, TW_EXPR_ERROR_SYNTAX, t->offset, NULL, _("expected a name, found %s"), found);
    }
  if (is_keyword (C, t->offset, t->len))
    {
      g_autofree char *s = shown (C, t->offset, t->len);
      return fail (C, TW_EXPR_ERROR_SYNTAX, t->offset, NULL,
                   _("'%s' is a word of the language, not a name"), s);
    }
  *off = t->offset;
  *len = t->len;
  advance (C);
  return TRUE;
}

/* Fills loop node @n: variable, collection, condition, value. */
static int
set_loop (Compiler *C,
          int       n,
          guint     voff,
          guint     vlen,
          int       coll,
          int       cond,
          int       value)
{
  Node *node = NODE (C, n);

  node->name_off = voff;
  node->name_len = vlen;
  node->a = coll;
  node->b = cond;
  node->d = value;
  return n;
}

/* count(s in C where P), any(...), all(...): the variable may be left out
 * (`count(shapes(own))`, then it is called `it`). */
static int
parse_quantifier (Compiler *C,
                  NodeOp    op,
                  guint     offset)
{
  int n = new_node (C, N_LOOP, op, offset);
  int coll, cond = -1;
  guint voff = 0, vlen = 0;

  if (n < 0)
    return -1;
  const Token *t = peek (C), *u = peek_at (C, 1);
  if (t->kind == T_NAME && u->kind == T_NAME && name_is (C, u->offset, u->len, "in"))
    {
      if (!parse_binding_name (C, &voff, &vlen))
        return -1;
      advance (C);
    }
  if ((coll = parse_or (C)) < 0)
    return -1;
  if (accept_word (C, "where") && (cond = parse_expr (C)) < 0)
    return -1;
  if (!expect (C, T_RPAREN, _("')' or 'where'")))
    return -1;
  return set_loop (C, n, voff, vlen, coll, cond, -1);
}

/* sum(V for s in C where P), max(...), min(...); max(a, b), min(a, b). */
static int
parse_aggregate (Compiler *C,
                 NodeOp    op,
                 guint     offset)
{
  int value, coll, cond = -1, n;
  guint voff, vlen;

  if ((value = parse_expr (C)) < 0)
    return -1;
  if ((op == OP_MAX || op == OP_MIN) && peek (C)->kind == T_COMMA)
    {
      int other;
      advance (C);
      if ((other = parse_expr (C)) < 0 || !expect (C, T_RPAREN, "')'")
          || (n = new_node (C, N_PAIR, op, offset)) < 0)
        return -1;
      NODE (C, n)->a = value;
      NODE (C, n)->b = other;
      return n;
    }
  if (!expect_word (C, "for", op == OP_SUM ? _("write sum(VALUE for NAME in COLLECTION)")
                                          : _("write max(VALUE for NAME in COLLECTION) or max(A, B)"))
      || !parse_binding_name (C, &voff, &vlen)
      || !expect_word (C, "in", NULL)
      || (coll = parse_or (C)) < 0)
    return -1;
  if (accept_word (C, "where") && (cond = parse_expr (C)) < 0)
    return -1;
  if (!expect (C, T_RPAREN, _("')' or 'where'")) || (n = new_node (C, N_LOOP, op, offset)) < 0)
    return -1;
  return set_loop (C, n, voff, vlen, coll, cond, value);
}

static int
parse_primary (Compiler *C)
{
  const Token *t = peek (C);
  int n;

  switch (t->kind)
    {
    case T_NUMBER:
      advance (C);
      if ((n = new_node (C, N_NUMBER, OP_NONE, t->offset)) >= 0)
        NODE (C, n)->value = t->value;
      return n;

    case T_LPAREN:
      advance (C);
      if ((n = parse_expr (C)) < 0 || !expect (C, T_RPAREN, "')'"))
        return -1;
      return n;

    case T_NAME:
      break;

    default:
      {
        g_autofree char *found = describe_token (C, t);
        fail (C, TW_EXPR_ERROR_SYNTAX, t->offset,
              t->kind == T_ASSIGN ? g_strdup (_("compare with '=='")) : NULL,
              _("expected a value, found %s"), found);
        return -1;
      }
    }

  guint off = t->offset, len = t->len;
  if (name_is (C, off, len, "true") || name_is (C, off, len, "false"))
    {
      advance (C);
      if ((n = new_node (C, N_BOOL, OP_NONE, off)) >= 0)
        NODE (C, n)->value = name_is (C, off, len, "true");
      return n;
    }
  if (is_keyword (C, off, len))
    {
      g_autofree char *s = shown (C, off, len);
      fail (C, TW_EXPR_ERROR_SYNTAX, off, NULL, _("expected a value, found '%s'"), s);
      return -1;
    }
  advance (C);
  if (peek (C)->kind != T_LPAREN)
    {
      if ((n = new_node (C, N_NAME, OP_NONE, off)) >= 0)
        {
          NODE (C, n)->name_off = off;
          NODE (C, n)->name_len = len;
        }
      return n;
    }
  advance (C);

  static const struct { const char *name; NodeOp op; } loops[] = {
    { "count", OP_COUNT }, { "any", OP_ANY }, { "all", OP_ALL },
    { "sum", OP_SUM }, { "max", OP_MAX }, { "min", OP_MIN },
  };
  for (guint i = 0; i < G_N_ELEMENTS (loops); i++)
    if (name_is (C, off, len, loops[i].name))
      return i < 3 ? parse_quantifier (C, loops[i].op, off)
                   : parse_aggregate (C, loops[i].op, off);

  if (name_is (C, off, len, "color"))
    {
      const Token *id = peek (C);
      if (id->kind != T_NAME && id->kind != T_STRING)
        {
          g_autofree char *found = describe_token (C, id);
          fail (C, TW_EXPR_ERROR_SYNTAX, id->offset, g_strdup (_("write color(\"dark-blue\")")),
                _("expected the id of a colour, found %s"), found);
          return -1;
        }
      /* an id with hyphens is names and minus signs that touch */
      guint id_off = id->kind == T_STRING ? id->offset + 1 : id->offset;
      guint id_end = id->kind == T_STRING ? id->offset + id->len - 1 : id->offset + id->len;
      advance (C);
      while (id->kind == T_NAME && peek (C)->offset == id_end
             && (peek (C)->kind == T_NAME || peek (C)->kind == T_MINUS || peek (C)->kind == T_NUMBER))
        id_end += advance (C)->len;
      if (!expect (C, T_RPAREN, "')'") || (n = new_node (C, N_COLOR_NAME, OP_NONE, id_off)) < 0)
        return -1;
      NODE (C, n)->name_off = id_off;
      NODE (C, n)->name_len = id_end - id_off;
      return n;
    }

  /* a query with an argument */
  if ((n = new_node (C, N_CALL, OP_NONE, off)) < 0)
    return -1;
  NODE (C, n)->name_off = off;
  NODE (C, n)->name_len = len;
  if (peek (C)->kind != T_RPAREN)
    {
      int arg = parse_expr (C);
      if (arg < 0)
        return -1;
      NODE (C, n)->a = arg;
      if (peek (C)->kind == T_COMMA)
        {
          g_autofree char *s = shown (C, off, len);
          fail (C, TW_EXPR_ERROR_SYNTAX, peek (C)->offset, NULL,
                _("'%s' takes at most one argument"), s);
          return -1;
        }
    }
  if (!expect (C, T_RPAREN, "')'"))
    return -1;
  return n;
}

static int
parse_postfix (Compiler *C)
{
  int n = parse_primary (C);

  while (n >= 0 && peek (C)->kind == T_DOT)
    {
      advance (C);
      const Token *t = peek (C);
      int f;
      if (t->kind != T_NAME)
        {
          g_autofree char *found = describe_token (C, t);
          fail (C, TW_EXPR_ERROR_SYNTAX, t->offset, NULL, _("expected a field name after '.', found %s"),
                found);
          return -1;
        }
      advance (C);
      if ((f = new_node (C, N_FIELD, OP_NONE, t->offset)) < 0)
        return -1;
      NODE (C, f)->name_off = t->offset;
      NODE (C, f)->name_len = t->len;
      NODE (C, f)->a = n;
      n = f;
    }
  return n;
}

static int
parse_unary (Compiler *C)
{
  const Token *t = peek (C);
  int a, n;

  if (t->kind != T_MINUS)
    return parse_postfix (C);
  advance (C);
  if (!enter (C, t->offset) || (a = parse_unary (C)) < 0)
    return -1;
  C->depth--;
  if ((n = new_node (C, N_UNARY, OP_NEG, t->offset)) >= 0)
    NODE (C, n)->a = a;
  return n;
}

typedef int    (*ParseFn) (Compiler *C);
typedef NodeOp (*OpAt)    (Compiler *C);

/* Left-associative operators of one precedence: operand (op operand)*. */
static int
parse_left (Compiler *C,
            ParseFn   operand,
            OpAt      op_at)
{
  int a = operand (C);
  NodeOp op;

  while (a >= 0 && (op = op_at (C)) != OP_NONE)
    {
      guint off = advance (C)->offset;
      a = binary (C, op, off, a, operand (C));
    }
  return a;
}

static NodeOp
mul_op (Compiler *C)
{
  switch (peek (C)->kind)
    {
    case T_STAR:    return OP_MUL;
    case T_SLASH:   return OP_DIV;
    case T_PERCENT: return OP_MOD;
    default:        return OP_NONE;
    }
}

static NodeOp
add_op (Compiler *C)
{
  switch (peek (C)->kind)
    {
    case T_PLUS:  return OP_ADD;
    case T_MINUS: return OP_SUB;
    default:      return OP_NONE;
    }
}

static NodeOp
and_op (Compiler *C)
{
  return at_word (C, "and") ? OP_AND : OP_NONE;
}

static NodeOp
or_op (Compiler *C)
{
  return at_word (C, "or") ? OP_OR : OP_NONE;
}

static int
parse_mul (Compiler *C)
{
  return parse_left (C, parse_unary, mul_op);
}

static int
parse_add (Compiler *C)
{
  return parse_left (C, parse_mul, add_op);
}

static NodeOp
comparison_op (TokenKind kind)
{
  switch (kind)
    {
    case T_EQ: return OP_EQ;
    case T_NE: return OP_NE;
    case T_LT: return OP_LT;
    case T_LE: return OP_LE;
    case T_GT: return OP_GT;
    case T_GE: return OP_GE;
    default:   return OP_NONE;
    }
}

static int
parse_comparison (Compiler *C)
{
  int a = parse_add (C);
  const Token *t = peek (C);
  NodeOp op = comparison_op (t->kind);

  if (a < 0)
    return -1;
  if (t->kind == T_ASSIGN)
    {
      fail (C, TW_EXPR_ERROR_SYNTAX, t->offset, g_strdup (_("compare with '=='")), _("unexpected '='"));
      return -1;
    }
  if (op == OP_NONE)
    return a;
  advance (C);
  a = binary (C, op, t->offset, a, parse_add (C));
  if (a >= 0 && comparison_op (peek (C)->kind) != OP_NONE)
    {
      fail (C, TW_EXPR_ERROR_SYNTAX, peek (C)->offset, g_strdup (_("write a < b and b < c")),
            _("comparisons do not chain"));
      return -1;
    }
  return a;
}

static int
parse_not (Compiler *C)
{
  const Token *t = peek (C);
  int a, n;

  if (!at_word (C, "not"))
    return parse_comparison (C);
  advance (C);
  if (!enter (C, t->offset) || (a = parse_not (C)) < 0)
    return -1;
  C->depth--;
  if ((n = new_node (C, N_UNARY, OP_NOT, t->offset)) >= 0)
    NODE (C, n)->a = a;
  return n;
}

static int
parse_and (Compiler *C)
{
  return parse_left (C, parse_not, and_op);
}

static int
parse_or (Compiler *C)
{
  return parse_left (C, parse_and, or_op);
}

static int
parse_expr (Compiler *C)
{
  const Token *t = peek (C);
  int n = -1;

  if (!enter (C, t->offset))
    return -1;
  if (at_word (C, "let"))
    {
      guint off, len;
      int a, b;
      advance (C);
      if (!parse_binding_name (C, &off, &len) || !expect (C, T_ASSIGN, "'='")
          || (a = parse_expr (C)) < 0 || !expect_word (C, "in", _("write let NAME = VALUE in EXPRESSION"))
          || (b = parse_expr (C)) < 0 || (n = new_node (C, N_LET, OP_NONE, t->offset)) < 0)
        return -1;
      NODE (C, n)->name_off = off;
      NODE (C, n)->name_len = len;
      NODE (C, n)->a = a;
      NODE (C, n)->b = b;
    }
  else if (at_word (C, "if"))
    {
      int a, b, c;
      advance (C);
      if ((a = parse_expr (C)) < 0 || !expect_word (C, "then", NULL)
          || (b = parse_expr (C)) < 0 || !expect_word (C, "else", _("an 'if' needs both branches"))
          || (c = parse_expr (C)) < 0 || (n = new_node (C, N_IF, OP_NONE, t->offset)) < 0)
        return -1;
      NODE (C, n)->a = a;
      NODE (C, n)->b = b;
      NODE (C, n)->c = c;
    }
  else
    n = parse_or (C);
  C->depth--;
  return n;
}

gboolean
_tw_expr_lex (Compiler *C)
{
  return lex (C);
}

int
_tw_expr_parse (Compiler *C)
{
  return parse_expr (C);
}

char *
_tw_expr_describe_token (Compiler    *C,
                         const Token *t)
{
  return describe_token (C, t);
}
