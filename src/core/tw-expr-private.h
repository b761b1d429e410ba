/* tw-expr-private.h: what the expression compiler's files share
 *
 * tw-expr-parse.c (lexer and parser), tw-expr.c (names, types and code;
 * the public compile calls) and tw-expr-eval.c (the evaluator) share the
 * tokens, the tree, the instructions and the compiler's state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-expr.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------ */
/* Tokens                                                                   */

typedef enum
{
  T_END,
  T_NUMBER,
  T_NAME,
  T_STRING,
  T_LPAREN,
  T_RPAREN,
  T_COMMA,
  T_DOT,
  T_PLUS,
  T_MINUS,
  T_STAR,
  T_SLASH,
  T_PERCENT,
  T_ASSIGN,
  T_EQ,
  T_NE,
  T_LT,
  T_LE,
  T_GT,
  T_GE,
} TokenKind;

typedef struct
{
  TokenKind kind;
  guint     offset;
  guint     len;
  gint64    value;       /* T_NUMBER */
} Token;

/* Words the grammar owns: not names of values. */
static const char * const keywords[] = {
  "let", "in", "if", "then", "else", "and", "or", "not", "true", "false", "where", "for", NULL
};

/* The names the language itself answers, whatever the vocabulary: the
 * first N_BUILTIN_CALLS are calls, the rest collections. */
static const char * const builtin_names[] = {
  "count", "sum", "max", "min", "any", "all", "color", "colors", NULL
};
#define N_BUILTIN_CALLS 7

/* ------------------------------------------------------------------------ */
/* The tree                                                                 */

typedef enum
{
  N_NUMBER,
  N_BOOL,
  N_COLOR_NAME,   /* color(dark-blue) or color("dark-blue"): name at name_off */
  N_NAME,         /* a name: a bound variable, a query, `colors`, a colour */
  N_CALL,         /* query(arg): name at name_off, a = the argument or -1 */
  N_FIELD,        /* a.name */
  N_UNARY,        /* op a */
  N_BINARY,       /* a op b */
  N_LET,          /* let name = a in b */
  N_IF,           /* if a then b else c */
  N_LOOP,         /* op(d for name in a where b): b, d may be -1; name_len 0: `it` */
  N_PAIR,         /* max(a, b), min(a, b) */
} NodeKind;

typedef enum
{
  OP_NONE,
  OP_NEG, OP_NOT,
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
  OP_AND, OP_OR,
  OP_COUNT, OP_SUM, OP_MAX, OP_MIN, OP_ANY, OP_ALL,
} NodeOp;

typedef struct
{
  NodeKind kind;
  NodeOp   op;
  guint    offset;     /* the token an error about this node points at */
  guint    name_off;   /* the name this node carries, if any */
  guint    name_len;
  gint64   value;
  int      a, b, c, d;
} Node;

static const char * const op_text[] = {
  [OP_NEG] = "-", [OP_NOT] = "not",
  [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_MOD] = "%",
  [OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<", [OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=",
  [OP_AND] = "and", [OP_OR] = "or",
  [OP_COUNT] = "count", [OP_SUM] = "sum", [OP_MAX] = "max", [OP_MIN] = "min",
  [OP_ANY] = "any", [OP_ALL] = "all",
};

/* ------------------------------------------------------------------------ */
/* Instructions                                                             */

typedef enum
{
  I_END,
  I_PUSH,      /* push imm */
  I_LOAD,      /* push slot[a] */
  I_STORE,     /* slot[a] = pop */
  I_SET,       /* slot[a] = imm */
  I_QUERY,     /* push value(query b, arg imm) */
  I_FIELD,     /* top = field(record a, field b, top) */
  I_NEG, I_NOT,
  I_ADD, I_SUB, I_MUL, I_DIV, I_MOD,
  I_EQ, I_NE, I_LT, I_LE, I_GT, I_GE,
  I_MAX2, I_MIN2,
  I_JUMP,      /* to imm */
  I_JUMP_IF_FALSE,
  I_JUMP_IF_TRUE,
  I_AND,       /* short circuit: if top is 0 jump to imm keeping it, else pop */
  I_OR,        /* the same when top is not 0 */
  I_ITER,      /* slot[a] = 0 (cursor), slot[a+1] = imm (the query's argument) */
  I_NEXT,      /* the next element of query b into slot[a+2], or jump to imm */
  I_INC,       /* slot[a]++ */
  I_ADD_TO,    /* slot[a] += pop */
  I_MAX_TO,    /* slot[a] = max (slot[a], pop), the first value taken as is (slot[a+1]: seen) */
  I_MIN_TO,
  I_SET_COUNT, /* push count(element of query b, arg imm, where every atom holds) (any: != 0);
                * a: the atoms that follow (SET_ATOMS bits), SET_ANY; the atoms' values
                * (ATOM_STACK) on the stack in their order, popped */
  I_ATOM,      /* of I_SET_COUNT: field b == value (ATOM_NE: !=), the value imm or popped */
} InstrCode;

/* I_SET_COUNT's a */
#define SET_ATOMS  0x0f
#define SET_ANY    0x80
#define MAX_ATOMS  8
/* I_ATOM's a */
#define ATOM_NE    1
#define ATOM_STACK 2

typedef struct
{
  guint8  code;
  guint8  a;
  guint16 b;
  gint32  imm;
} Instr;

/* the query number of the language's own collection of every colour */
#define COLORS_QUERY 0xffff

struct _TwExprProgram
{
  const TwExprVocabulary *vocabulary;
  guint32                 needs;
  guint                   n_colors;
  guint                   n_code;
  Instr                   code[];
};

/* ------------------------------------------------------------------------ */
/* Compiler state                                                           */

typedef enum
{
  BIND_VALUE,    /* a slot holding a value */
  BIND_LIST,     /* a name for a collection: a query and its argument */
} BindKind;

typedef struct
{
  const char *name;      /* into the text; not NUL-terminated */
  guint       len;
  BindKind    kind;
  TwExprType  type;
  guint       slot;      /* BIND_VALUE */
  guint       query;     /* BIND_LIST */
  gint32      arg;
} Binding;

typedef struct
{
  const char             *text;
  gsize                   len;
  const TwExprVocabulary *vocab;
  const TwDefinition     *def;
  /* lexer and parser */
  GArray                 *tokens;     /* Token */
  guint                   pos;
  GArray                 *nodes;      /* Node */
  guint                   depth;
  /* checker and code */
  GArray                 *scope;      /* Binding */
  GArray                 *code;       /* Instr */
  guint                   stack;      /* values on the stack at this point */
  guint                   max_stack;
  guint                   slots;      /* slots in use at this point */
  guint                   loops;      /* loops around this point */
  guint32                 needs;
  /* the first error */
  GError                 *error;
  guint                   error_offset;
  char                   *error_hint;
} Compiler;

static inline gboolean fail (Compiler   *C,
                      TwExprError code,
                      guint       offset,
                      char       *hint,
                      const char *format,
                      ...) G_GNUC_PRINTF (5, 6);

/* Records the first error (later ones are consequences) and takes @hint. */
static inline gboolean
fail (Compiler   *C,
      TwExprError code,
      guint       offset,
      char       *hint,
      const char *format,
      ...)
{
  va_list args;

  if (C->error != NULL)
    {
      g_free (hint);
      return FALSE;
    }
  va_start (args, format);
  C->error = g_error_new_valist (TW_EXPR_ERROR, code, format, args);
  va_end (args);
  C->error_offset = offset;
  C->error_hint = hint;
  return FALSE;
}

/* A name of the text as a string for a message: at most a few dozen
 * characters, whatever a hostile text holds. */
static inline char *
shown (Compiler *C,
       guint     offset,
       guint     len)
{
  g_autofree char *s = g_strndup (C->text + offset, len);
  return tw_excerpt (s, TW_EXCERPT_VALUE);
}

static inline gboolean
name_is (Compiler   *C,
         guint       offset,
         guint       len,
         const char *word)
{
  return strlen (word) == len && memcmp (C->text + offset, word, len) == 0;
}

static inline gboolean
is_keyword (Compiler *C,
            guint     offset,
            guint     len)
{
  for (guint i = 0; keywords[i] != NULL; i++)
    if (name_is (C, offset, len, keywords[i]))
      return TRUE;
  return FALSE;
}

/* "did you mean 'x'?" for @word among @candidates, or NULL. */
static inline char *
did_you_mean (Compiler  *C,
              guint      offset,
              guint      len,
              GPtrArray *candidates)
{
  g_autofree char *word = g_strndup (C->text + offset, MIN (len, 64));
  const char *near;

  g_ptr_array_add (candidates, NULL);
  near = tw_nearest_word (word, (const char * const *) candidates->pdata);
  return near ? g_strdup_printf (_("did you mean '%s'?"), near) : NULL;
}


/* Node @i of the tree */
#define NODE(C, i) (&g_array_index ((C)->nodes, Node, (i)))

static inline const Token *
peek_at (Compiler *C,
         guint     k)
{
  guint i = MIN (C->pos + k, C->tokens->len - 1);
  return &g_array_index (C->tokens, Token, i);
}

static inline const Token *
peek (Compiler *C)
{
  return peek_at (C, 0);
}

/* tw-expr-parse.c: the tokens of C->text into C->tokens (FALSE: an error
 * is in C), the tree of the whole expression (the root node, or -1), and
 * what a token is for "expected X, found Y". */
gboolean _tw_expr_lex            (Compiler    *C);
int      _tw_expr_parse          (Compiler    *C);
char    *_tw_expr_describe_token (Compiler    *C,
                                  const Token *t);

G_END_DECLS
