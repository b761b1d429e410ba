/* tw-definition.h: a game definition as a designer wrote it, checked
 *
 * A definition is loaded from YAML (see doc/definition-format.md), checked
 * against the core schema and the rules module's schemas, and then frozen:
 * it is immutable and shared by reference between the app, games, bots and
 * threads. The rules module's prepare() hangs its precomputed tables on it.
 *
 * Ownership: everything in a TwDefinition belongs to it; nodes point into
 * its document tree (root), which lives as long as the definition.
 */
#pragma once

#include <glib.h>

#include "tw-diag.h"
#include "tw-faces.h"
#include "tw-node.h"
#include "tw-polyomino.h"
#include "tw-schema.h"

G_BEGIN_DECLS

typedef struct _TwRules TwRules;

/* the largest definition file (doc/definition-format.md, "Limits") */
#define TW_DEFINITION_MAX_BYTES (4 * 1024 * 1024)
#define TW_MAX_COLORS        16
#define TW_MAX_TILE_DEFS     512
#define TW_MAX_TILE_COUNT    250   /* total tiles of a definition, counts summed */
#define TW_MAX_CARD_DEFS     256
#define TW_MAX_PIECE_DEFS    64

/* Edge directions of a square tile, clockwise from north. */
typedef enum
{
  TW_NORTH = 0,
  TW_EAST  = 1,
  TW_SOUTH = 2,
  TW_WEST  = 3,
} TwDir;

typedef struct
{
  char    *id;
  char    *name;
  guint32  rgb;         /* 0xRRGGBB */
} TwColorDef;

/* A square tile. Edges and sections are present when n_edges == 4 (edge-matching
 * games); a tile may instead carry only a `kind` (Block 2 Block's blocks).
 * Sections partition the four edges: section_mask[s] has bit d set when edge
 * d belongs to section s; all edges of a section share its colour. Two
 * sections of one tile are never connected to each other inside the tile. */
typedef struct
{
  char         *id;
  char         *name;            /* optional display name, NULL if absent */
  char         *kind;            /* optional module-defined kind, NULL if absent */
  guint         count;           /* copies in the game */
  guint8        n_edges;         /* 0 or 4 */
  guint8        edges[4];        /* colour index per TwDir */
  guint8        n_sections;      /* 1..4 when n_edges == 4 */
  guint8        section_mask[4];
  guint8        section_color[4];
  const TwNode *node;            /* the tile's map, for module-specific keys */
} TwTileDef;

typedef struct
{
  char         *id;
  char         *name;            /* optional, NULL if absent */
  TwPolyomino   shape;
  guint         count;
  const TwNode *node;
} TwPieceDef;

/* A card built from an entry of the module's card catalogue. */
typedef struct
{
  char         *id;
  guint         kind;                   /* index into rules->card_kinds */
  int           params[TW_MAX_PARAMS];  /* indexed like the kind's params; BOOL/INT/CHOICE/COLOR */
  TwPolyomino   shape;                  /* the SHAPE parameter, if the kind has one */
  char         *text_param;             /* the TEXT parameter, if the kind has one */
  int           points;                 /* stars or points printed on the card */
  guint         count;
  char         *title;
  char         *text;
  const TwNode *node;
} TwCardDef;

typedef struct _TwDefinition TwDefinition;

struct _TwDefinition
{
  /*< private >*/
  gint           ref_count;

  /*< public, read-only >*/
  char          *path;         /* file name used in messages */
  char          *base_dir;     /* where files it names (faces' images) are, or NULL:
                                * the folder of path */
  char          *text;         /* the YAML text as loaded */
  TwNode        *root;

  char          *name;         /* game.name */
  char          *description;  /* game.description, may be NULL */
  const TwRules *rules;        /* from game.rules */
  guint          min_players;
  guint          max_players;

  TwColorDef    *colors;
  guint          n_colors;
  TwTileDef     *tiles;
  guint          n_tiles;
  guint          total_tiles;  /* sum of counts */
  TwPieceDef    *pieces;
  guint          n_pieces;
  TwCardDef     *cards;
  guint          n_cards;

  TwOptions      options;      /* module defaults overridden by `variant:` */

  TwFace        *faces;        /* `faces:`, how printed components look (tw-faces.h) */
  guint          n_faces;

  gpointer       prepared;     /* rules->prepare() result, freed by rules->free_prepared */
};

#define TW_DEFINITION_ERROR (tw_definition_error_quark ())
GQuark tw_definition_error_quark (void);

typedef enum
{
  TW_DEFINITION_ERROR_IO,        /* could not read the file */
  TW_DEFINITION_ERROR_INVALID,   /* problems were found; see the diagnostics */
} TwDefinitionError;

/* Load and check a definition. Every problem found is added to @diags (which
 * may be NULL); on any error the result is NULL and @error says how many
 * problems there were and the first one. */
TwDefinition *tw_definition_load_file   (const char          *path,
                                         TwDiagnostics       *diags,
                                         GError             **error);
/* @name_for_messages is the file name shown in messages ("<string>" if NULL). */
TwDefinition *tw_definition_load_data   (const char          *text,
                                         gssize               len,
                                         const char          *name_for_messages,
                                         TwDiagnostics       *diags,
                                         GError             **error);
/* The folder whose files the definition names (its faces' images), for a
 * definition loaded from a text whose file name for messages is not a path;
 * set it once, right after loading, before the definition is shared. */
void          tw_definition_set_base_dir (TwDefinition       *def,
                                          const char         *dir);
TwDefinition *tw_definition_ref         (TwDefinition        *def);
void          tw_definition_unref       (TwDefinition        *def);

gint          tw_definition_find_color  (const TwDefinition  *def,
                                         const char          *id);   /* -1 if absent */
/* Whether @id is an id a definition accepts: a non-empty word of letters,
 * digits, '-' and '_' (what the move notation reads back). */
gboolean      tw_definition_id_is_valid (const char          *id);
/* What @card says, as its face and the table print it: its own `text:`;
 * else, when its kind's text parameter is an expression, that expression
 * (the condition itself, rather than "meet the condition written on the
 * card"); else its kind's description, translated. NULL without a kind.
 * The loader sets a card's text from this when the file gives none. */
const char   *tw_card_text              (const TwDefinition  *def,
                                         const TwCardDef     *card);
gint          tw_definition_find_tile   (const TwDefinition  *def,
                                         const char          *id);
gint          tw_definition_find_card   (const TwDefinition  *def,
                                         const char          *id);
gint          tw_definition_find_piece  (const TwDefinition  *def,
                                         const char          *id);

/* Directory of the bundled definitions: $TILEWRIGHT_DATADIR/games, else the
 * source tree's data/games when run uninstalled, else PKGDATADIR/games. */
char         *tw_definition_bundled_dir (void);
/* Path of a bundled definition by game id ("colorblock"), NULL if absent. */
char         *tw_definition_bundled_path (const char         *game_id);
/* The tile keys of every module (id, name, kind, count, edges, sections). */
const char * const *tw_definition_tile_keys (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwDefinition, tw_definition_unref)

G_END_DECLS
