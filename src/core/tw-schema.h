/* tw-schema.h: what a rules module publishes about its data
 *
 * Variant options and card kinds are declared by each rules module as static
 * tables. The loader checks definition files against them, the CLI parses
 * `--set name=value` with them, and the app builds its forms from them: a new
 * option or card kind is one table row plus its effect.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TW_MAX_OPTIONS 48
#define TW_MAX_PARAMS  6

typedef enum
{
  TW_VALUE_BOOL,    /* true / false */
  TW_VALUE_INT,     /* an integer in [min, max] */
  TW_VALUE_CHOICE,  /* one of choices[]; stored as the index */
  TW_VALUE_COLOR,   /* a colour id of the definition; stored as the colour index */
  TW_VALUE_SHAPE,   /* a polyomino drawn as rows of '#' and '.'; stored on the card */
  TW_VALUE_TEXT,    /* free text; stored on the card */
} TwValueType;

/* One variant option. Every ambiguity in a rulebook reading is one of these,
 * defaulting to the project's reading; the description says what the
 * alternative means and why the default was chosen, the source where in the
 * rulebook (or the project's notes, shared/rules/<game>.md) it comes from.
 * Forms show the label and the description, never the name; `tilewright-cli
 * rules` lists all of it. Every option of every module has a label and a
 * source (tests/test-games.c checks it). */
typedef struct
{
  const char         *name;          /* kebab-case, unique within the module */
  TwValueType         type;          /* BOOL, INT or CHOICE */
  int                 default_value; /* CHOICE: index into choices */
  int                 min;           /* INT only */
  int                 max;           /* INT only */
  const char * const *choices;       /* CHOICE only: NULL-terminated */
  const char         *description;   /* one line, shown in forms and --help */
  const char         *label;         /* a few words for forms: "Short Stack" */
  const char         *source;        /* the rulebook passage or reading */
  /* 0: any seat count. Else a game with more seats refuses the option when
   * it is not at its default (a BOOL: when on); forms disable it there. */
  guint               max_players;
  /* CHOICE: what forms show for each choice, marked with N_() (as many as
   * choices), or NULL: the ids in words (tw_choice_words()) */
  const char * const *choice_labels;
} TwOptionSpec;

/* One parameter of a card kind. */
typedef struct
{
  const char         *name;
  TwValueType         type;
  gboolean            required;
  int                 default_value;
  int                 min;           /* INT only */
  int                 max;
  const char * const *choices;       /* CHOICE only */
  const char         *description;
  const char * const *choice_labels; /* CHOICE: as TwOptionSpec's, or NULL */
  /* TEXT only: 0, or the TwExprType (tw-expr.h) of the expression the text
   * is, compiled against the module's expr_vocabulary (TW_EXPR_BOOL: a
   * condition). Editors check it as it is typed and highlight it. */
  guint               expression;
} TwParamSpec;

/* One entry of a module's card catalogue: a goal condition, a tool effect,
 * an action card. A card in a definition names one of these as its `kind`. */
typedef struct
{
  const char        *name;         /* e.g. "shape-size", "skip", "mahl-stick" */
  const char        *deck;         /* the card family: "goal", "tool", "action" */
  const char        *title;        /* default title */
  const char        *description;  /* what the card does, one or two lines */
  const TwParamSpec *params;
  guint              n_params;
} TwCardKind;

/* Option values for one game, indexed like the module's option table. */
typedef struct
{
  int values[TW_MAX_OPTIONS];
} TwOptions;

/* Errors of tw_options_set_from_string(). */
#define TW_SCHEMA_ERROR (tw_schema_error_quark ())
GQuark tw_schema_error_quark (void);

typedef enum
{
  TW_SCHEMA_ERROR_SYNTAX,          /* not of the form name=value */
  TW_SCHEMA_ERROR_UNKNOWN_OPTION,  /* no option of that name */
  TW_SCHEMA_ERROR_INVALID_VALUE,   /* wrong type or out of range */
} TwSchemaError;

const TwOptionSpec *tw_option_find        (const TwOptionSpec *specs,
                                           guint               n_specs,
                                           const char         *name,
                                           guint              *index_out);
/* Parse "name=value" against @specs into @options; a GError names the option,
 * the allowed values and the nearest option name when unknown. */
gboolean            tw_options_set_from_string (TwOptions          *options,
                                           const TwOptionSpec *specs,
                                           guint               n_specs,
                                           const char         *assignment,
                                           GError            **error);
/* The value as text: "true", "12", "shared-only". Free with g_free(). */
/* An id as words for a form or a table: "shared-or-own-private" gives
 * "Shared or own private" (hyphens become spaces, the first letter a
 * capital). Modules name choices and end reasons with such ids; this is
 * what the views show for them. */
char               *tw_id_to_words            (const char         *id);
/* What a form shows for choice @i of @choices: @labels[i] translated, or
 * the id in words when the module gives no label. Free with g_free(). */
char               *tw_choice_words           (const char * const *choices,
                                               const char * const *labels,
                                               guint               i);
char               *tw_option_value_to_string (const TwOptionSpec *spec,
                                           int                 value);
void                tw_options_set_defaults (TwOptions         *options,
                                           const TwOptionSpec *specs,
                                           guint               n_specs);
/* Whether @spec may take @value with @n_players seats; if not, and @why is
 * not NULL, appends why ("Short Stack is for at most 4 players"). */
gboolean            tw_option_allowed     (const TwOptionSpec *spec,
                                           int                 value,
                                           guint               n_players,
                                           GString            *why);

G_END_DECLS
