/* tw-expr.h: a small typed expression language for rules written as data
 *
 * Designers write goal conditions and scoring terms in a definition's YAML
 * ("two completed shapes of different colours on your private board")
 * instead of asking for C. The language (doc/definition-format.md,
 * "Expressions") knows no game: numbers, booleans, colours, and the records
 * and collections a rules module publishes in a TwExprVocabulary, with the
 * queries that answer them over its state.
 *
 * An expression is parsed, checked against the vocabulary and compiled once,
 * when the definition loads, to a flat array of instructions; evaluating it
 * uses a fixed stack on the C stack and never allocates, so bots can check it
 * on every move. Hostile text is refused in bounded time: the length, the
 * nesting depth, the number of nodes and the nesting of loops are limited
 * (TW_EXPR_MAX_*), each with its own message.
 *
 * Ownership: a TwExprProgram is immutable once compiled and may be shared
 * between threads; it points to its vocabulary, which must outlive it (a
 * module's vocabulary is a static table).
 */
#pragma once

#include <glib.h>

#include "tw-definition.h"
#include "tw-diag.h"
#include "tw-node.h"

G_BEGIN_DECLS

/* Limits on an expression's text and shape; a larger one is refused with a
 * message that names the limit. */
#define TW_EXPR_MAX_LENGTH 2000   /* bytes of text */
#define TW_EXPR_MAX_DEPTH  24     /* nested parentheses, operators and calls */
#define TW_EXPR_MAX_NODES  400    /* literals, names, operators, calls */
#define TW_EXPR_MAX_LOOPS  3      /* count/sum/max/min/any/all inside one another */
#define TW_EXPR_MAX_STACK  64     /* values the evaluator holds at once */
#define TW_EXPR_MAX_SLOTS  48     /* names bound at once, loop state included */

/* A type: a scalar, an element of one of the vocabulary's record types, or a
 * collection of either (only ever iterated, never a value on the stack). */
typedef guint16 TwExprType;

enum
{
  TW_EXPR_NONE    = 0,
  TW_EXPR_NUMBER  = 1,    /* a 64-bit integer */
  TW_EXPR_BOOL    = 2,
  TW_EXPR_COLOR   = 3,    /* a colour of the definition, by index */
  TW_EXPR_RECORD0 = 8,    /* TW_EXPR_RECORD0 + k: record type k of the vocabulary */
  TW_EXPR_LIST    = 0x100 /* flag: a collection of the type in the low bits */
};

#define TW_EXPR_RECORD(k)   ((TwExprType) (TW_EXPR_RECORD0 + (k)))
#define TW_EXPR_LIST_OF(t)  ((TwExprType) ((t) | TW_EXPR_LIST))

/* A field of a record type: `s.size`. */
typedef struct
{
  const char *name;
  TwExprType  type;          /* a scalar or a record type, never a list */
  const char *description;
} TwExprField;

/* A record type: what the elements of a collection are ("shape"). */
typedef struct
{
  const char        *name;
  const TwExprField *fields;
  guint              n_fields;
  const char        *description;
} TwExprRecordType;

/* A name the module answers: a value (`players`), the element the caller
 * is asking about (`shape`), or a collection (`shapes(own)`). A query may
 * take one argument, a word among @choices, fixed when the expression
 * compiles and passed to the callbacks as its index. */
typedef struct
{
  const char         *name;
  TwExprType          type;
  const char * const *choices;      /* NULL: no argument; else NULL-terminated */
  guint32             needs;        /* module bits: what the caller must provide */
  const char         *description;
} TwExprQuery;

/* What a rules module publishes. The callbacks read the module's state
 * through @env, which the module passes to tw_expr_eval(); they must not
 * change the state. value() answers a query that is not a collection;
 * next() walks a collection: *cursor is 0 at the start, and next() sets
 * *element and moves *cursor on, or returns FALSE when there is no further
 * element; field() reads a field of an element that a query or next()
 * gave. Elements are the module's own handles (indexes), opaque to the
 * language. */
typedef struct
{
  const char             *name;
  const TwExprQuery      *queries;
  guint                   n_queries;
  const TwExprRecordType *records;
  guint                   n_records;
  gint64                (*value) (gconstpointer env,
                                  guint         query,
                                  gint64        arg);
  gboolean              (*next)  (gconstpointer env,
                                  guint         query,
                                  gint64        arg,
                                  gint64       *cursor,
                                  gint64       *element);
  gint64                (*field) (gconstpointer env,
                                  guint         record,
                                  guint         field,
                                  gint64        element);
  /* Optional, for speed: a collection as sets of elements and a field as
   * the set of those elements where it has a value, so that `count(x in C
   * where x.f and x.g == v)` and `any(...)` are counted a set at a time
   * (set_queries and set_fields may be 0 and the callbacks NULL: every
   * loop then walks next()). next_set() gives the elements of query q
   * (bit q of set_queries) part by part: *base + k for each bit k of
   * *bits, *cursor 0 at the start, FALSE when no part is left; it may give
   * an empty part. field_set() gives, of the elements @base + k for
   * the bits k of @bits (some of a part next_set() gave), those whose field
   * @field (bit @field of set_fields[record]) equals @value, a boolean
   * being 1 or 0. Both answer as next() and field() would, only faster. */
  guint64                 set_queries;
  const guint32          *set_fields;   /* n_records words */
  gboolean              (*next_set)  (gconstpointer env,
                                      guint         query,
                                      gint64        arg,
                                      gint64       *cursor,
                                      gint64       *base,
                                      guint64      *bits);
  guint64               (*field_set) (gconstpointer env,
                                      guint         record,
                                      guint         field,
                                      gint64        base,
                                      guint64       bits,
                                      gint64        value);
} TwExprVocabulary;

typedef struct _TwExprProgram TwExprProgram;

#define TW_EXPR_ERROR (tw_expr_error_quark ())
GQuark tw_expr_error_quark (void);

typedef enum
{
  TW_EXPR_ERROR_SYNTAX,   /* not an expression of the language */
  TW_EXPR_ERROR_NAME,     /* a name, query or field the vocabulary lacks */
  TW_EXPR_ERROR_TYPE,     /* parts that do not fit together */
  TW_EXPR_ERROR_LIMIT,    /* too long, too deep, too many nodes or loops */
} TwExprError;

/* Where a compile error is: the byte offset in the text of the token at
 * fault, and a suggestion ("did you mean 'shapes'?"), or NULL. */
typedef struct
{
  guint  offset;
  char  *hint;
} TwExprWhere;

void           tw_expr_where_clear   (TwExprWhere            *where);

/* The language's reserved words and its built-in calls, NULL-terminated
 * static lists, for editors that highlight expressions. */
const char * const *tw_expr_keywords (void);
const char * const *tw_expr_builtins (void);

/* Compiles @text (@len bytes, -1 when NUL-terminated) against @vocabulary
 * and the colours of @def (nullable: no colour names), expecting a result of
 * type @want (TW_EXPR_BOOL or TW_EXPR_NUMBER). On an error returns NULL,
 * sets @error and, when @where is not NULL, fills it (clear it after). */
TwExprProgram *tw_expr_compile       (const char             *text,
                                      gssize                  len,
                                      const TwExprVocabulary *vocabulary,
                                      const TwDefinition     *def,
                                      TwExprType              want,
                                      TwExprWhere            *where,
                                      GError                **error);
/* The same for a YAML scalar of a definition whose text is @doc_text: an
 * error is added to @diags at the file's line and column of the token at
 * fault, whatever the scalar's quoting. Returns NULL on an error. */
TwExprProgram *tw_expr_compile_node  (const TwNode           *node,
                                      const char             *doc_text,
                                      const TwExprVocabulary *vocabulary,
                                      const TwDefinition     *def,
                                      TwExprType              want,
                                      TwDiagnostics          *diags);
void           tw_expr_program_free  (TwExprProgram          *program);

/* The OR of the `needs` of every query the program uses: a caller that
 * cannot provide one of them need not evaluate it. */
guint32        tw_expr_program_needs (const TwExprProgram    *program);
/* Whether the program asks @query with argument @arg (the index of its
 * word; 0 without one) anywhere: if not, its value does not depend on
 * that answer. */
gboolean       tw_expr_program_asks  (const TwExprProgram    *program,
                                      guint                   query,
                                      gint64                  arg);
/* The number of instructions (a measure of size, for tests and docs). */
guint          tw_expr_program_size  (const TwExprProgram    *program);

/* Runs @program over the module state that @env stands for. No allocation;
 * the result is a number, or 0/1 for a boolean. */
gint64         tw_expr_eval          (const TwExprProgram    *program,
                                      gconstpointer           env);

static inline gboolean
tw_expr_eval_bool (const TwExprProgram *program,
                   gconstpointer        env)
{
  return tw_expr_eval (program, env) != 0;
}

/* The name of a type, as messages say it ("number", "shape", "collection of
 * shape"), translated but for the vocabulary's record names. */
char          *tw_expr_type_name     (const TwExprVocabulary *vocabulary,
                                      TwExprType              type);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwExprProgram, tw_expr_program_free)

G_END_DECLS
