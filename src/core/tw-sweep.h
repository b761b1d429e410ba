/* tw-sweep.h: a grid of variant settings to simulate, cell by cell
 *
 * A sweep is a list of axes; each axis is a variant option of a definition,
 * the seat count (named "players") or a whole number of the definition
 * itself addressed by a path (SECTION.ID.KEY: `cards.size-5.points`,
 * `tiles.full-r.count`), with the values it takes. The cells
 * are every combination of one value per axis, in the order of nested loops:
 * the first axis varies slowest, the last fastest. A cell is handed to a
 * game as "name=value" settings (what `--set` takes), a seat count and, for
 * path axes, a definition of its own (tw_sweep_cell_definition()), so
 * whoever plays the cells (`simulate --sweep`, later the Lab) builds its
 * games the way it builds any other.
 *
 * Values are validated and written canonically when an axis is added
 * (tw_options_set_from_string(), then tw_option_value_to_string()), so a
 * sweep that was built holds only values the definition accepts one at a
 * time; whether a combination is allowed (an option limited to fewer seats)
 * is for tw_game_new() to say. Everything is owned by the sweep.
 */
#pragma once

#include <glib.h>

#include "tw-definition.h"
#include "tw-game.h"
#include "tw-schema.h"
#include "tw-sim.h"

G_BEGIN_DECLS

/* The axis name that sweeps the seat count instead of an option. */
#define TW_SWEEP_PLAYERS "players"
/* The most cells a sweep may have: a range over a wide integer option is
 * refused instead of queueing millions of runs. */
#define TW_SWEEP_MAX_CELLS 1000

#define TW_SWEEP_ERROR (tw_sweep_error_quark ())
GQuark tw_sweep_error_quark (void);

typedef enum
{
  TW_SWEEP_ERROR_SYNTAX,  /* not NAME=V1,V2,… or NAME=LO..HI */
  TW_SWEEP_ERROR_NAME,    /* no such option, or an axis given twice */
  TW_SWEEP_ERROR_VALUE,   /* a value the option (or the seat count) does not take */
  TW_SWEEP_ERROR_SIZE,    /* more than TW_SWEEP_MAX_CELLS cells */
} TwSweepError;

/* One axis: @values are canonical ("true", "3", "shared-only"), at least
 * one, none twice. @type is the option's type; TW_VALUE_INT for players. */
typedef struct
{
  char        *name;
  TwValueType  type;
  char       **values;   /* NULL-terminated */
  guint        n_values;
  gboolean     path;     /* a number of the definition at the path @name */
} TwSweepAxis;

typedef struct _TwSweep TwSweep;

TwSweep           *tw_sweep_new          (void);
void               tw_sweep_free         (TwSweep           *sweep);
/* Adds the axis @text, "NAME=V1,V2,…" or, for an integer option, a path and
 * players, "NAME=LO..HI" (every integer from LO to HI), checked against
 * @def's options and seat range. On error (TW_SWEEP_ERROR, or
 * TW_SCHEMA_ERROR with --set's message for a bad name or value) the sweep
 * is unchanged; messages do not repeat @text. */
gboolean           tw_sweep_add          (TwSweep           *sweep,
                                          const TwDefinition *def,
                                          const char        *text,
                                          GError           **error);
guint              tw_sweep_n_axes       (const TwSweep     *sweep);
const TwSweepAxis *tw_sweep_get_axis     (const TwSweep     *sweep,
                                          guint              axis);
/* Whether an axis is named @name. */
gboolean           tw_sweep_has_axis     (const TwSweep     *sweep,
                                          const char        *name);
/* The product of the axes' value counts; 1 for a sweep without axes. */
guint              tw_sweep_n_cells      (const TwSweep     *sweep);
/* The value of @axis in @cell (borrowed). */
const char        *tw_sweep_cell_value   (const TwSweep     *sweep,
                                          guint              cell,
                                          guint              axis);
/* The "name=value" settings of @cell's option axes (NULL-terminated, free
 * with g_strfreev); @players is set to the cell's seat count, or to 0 when
 * the seat count is not swept. */
char             **tw_sweep_cell_sets    (const TwSweep     *sweep,
                                          guint              cell,
                                          guint             *players);
/* The definition @cell plays (a new reference): @def, or with the numbers of
 * the path axes set to the cell's values; NULL with @error when that text
 * does not load. */
TwDefinition      *tw_sweep_cell_definition (const TwSweep  *sweep,
                                             TwDefinition   *def,
                                             guint           cell,
                                             GError        **error);
/* The game @cell plays: its definition (tw_sweep_cell_definition()), @base
 * with the cell's option settings over it, and the cell's seat count or,
 * when the seat count is not swept, @n_players. NULL with @error (prefixed
 * with the cell's label) when the definition does not load or the rules
 * refuse the combination. */
TwGame            *tw_sweep_cell_game    (const TwSweep     *sweep,
                                          TwDefinition      *def,
                                          guint              cell,
                                          guint              n_players,
                                          const TwOptions   *base,
                                          GError           **error);
/* "players=3, goals=false": the cell for messages and headings. */
char              *tw_sweep_cell_label   (const TwSweep     *sweep,
                                          guint              cell);

/* The results of the first @n_played cells of @sweep as CSV, a line per
 * cell (`simulate --sweep --format csv`, doc/simulate.md): the axes'
 * values, the games, each seat's win share, the first seat's advantage and
 * the ties with their 95% intervals, the mean moves and the share of each
 * way to end. @arms are the cells' games, @rows their tw_sim_summarize(). */
void               tw_sweep_csv          (GString                *out,
                                          const TwSweep          *sweep,
                                          const TwSimArm * const *arms,
                                          GArray * const         *rows,
                                          guint                   n_played);

/* The largest sweep results file read back: it is read as one tree (some
 * 20 times its size in memory), where a plain run's games are read a batch
 * at a time. */
#define TW_SWEEP_RESULTS_MAX_BYTES (64 * 1024 * 1024)

/* Reads a sweep's results (`simulate --sweep --format json`): returns its
 * axes as a sweep (the values as written, for headings and output: they are
 * not checked against a definition) and appends each cell's results, in
 * cell order, to @arms (TwSimArm, owned). NULL with TW_SIM_ERROR_PARSE when
 * @text is not such a document, its cells do not match its axes, or a
 * cell's results do not read ("cell N: …"). Sets @is_sweep to whether the
 * document says it is a sweep's at all, so a caller can read other results
 * instead. */
TwSweep           *tw_sweep_results_read (const char             *text,
                                          gsize                   len,
                                          GPtrArray              *arms,
                                          gboolean               *is_sweep,
                                          GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwSweep, tw_sweep_free)

G_END_DECLS
