/* tw-renderer.h: one renderer per game, looked up by rules id
 *
 * A TwRenderer draws a whole position of one game (its boards side by side,
 * hands, decks, goal cards) into a cairo context, in "board units": one unit
 * is one cell of the game's main grid, and the caller scales the context to
 * whatever size it wants. It knows no GTK: the app's board view and the
 * exporter share it.
 *
 * The key to a generic board view is move_region(): where on the drawing a
 * move lands. The view hit-tests the pointer against the regions of the legal
 * moves, previews the one under it, cycles through the moves that share a
 * region (rotations, variants) and offers moves without a region (choosing a
 * colour, passing) as buttons labelled with the move's notation. No view ever
 * needs to know which game it shows.
 *
 * Adding a game: write src/render/tw-render-<rules-id>.c defining
 * `const TwRenderer tw_renderer_<rules_id>` (dashes as underscores); the
 * build picks the file up and the registry lists it. A game without a
 * renderer is drawn by the fallback renderer (its position as text).
 */
#pragma once

#include <cairo.h>
#include <string.h>

#include "tw-game.h"

G_BEGIN_DECLS

/* A rectangle in board units. */
typedef struct
{
  double x;
  double y;
  double width;
  double height;
} TwRect;

static inline gboolean
tw_rect_contains (const TwRect *r,
                  double        x,
                  double        y)
{
  return x >= r->x && y >= r->y && x < r->x + r->width && y < r->y + r->height;
}

static inline gboolean
tw_rect_equal (const TwRect *a,
               const TwRect *b)
{
  return a->x == b->x && a->y == b->y && a->width == b->width && a->height == b->height;
}

#define TW_LAYOUT_MAX_AREAS 24

typedef enum
{
  TW_AREA_BOARD,     /* a shared board */
  TW_AREA_PRIVATE,   /* a seat's own board, hand or tableau */
  TW_AREA_SUPPLY,    /* the tile to play, a draft row, a deck */
  TW_AREA_CARDS,     /* face-up cards (goals, objectives) */
  TW_AREA_INFO,      /* scores, chosen colours, text */
} TwAreaKind;

/* One named part of a drawn position. @label is owned by the renderer's
 * static data or by the layout's string chunk (valid as long as the layout). */
typedef struct
{
  TwAreaKind  kind;
  int         seat;     /* the seat it belongs to, or -1 */
  TwRect      rect;
  const char *label;
} TwArea;

/* Where everything goes: the total size (origin at 0,0) and the areas, used
 * by the view to fit the drawing and to describe it for screen readers. */
typedef struct
{
  double  width;
  double  height;
  guint   n_areas;
  TwArea  areas[TW_LAYOUT_MAX_AREAS];
} TwLayout;

/* What the caller wants drawn on top of the position. All fields may be
 * zero/NULL. Moves are for the seat to act in the drawn state. */
typedef struct
{
  int                 viewer;          /* seat whose hidden parts may be shown, -1 for none */
  const char * const *seat_names;      /* n_players names, or NULL for "Player N" */
  const TwMove       *targets;         /* moves whose regions are highlighted */
  guint               n_targets;
  const TwMove       *preview;         /* a move drawn as it would land, or NULL */
  gboolean            preview_selected;/* the preview is the keyboard selection */
  const TwMove       *last_move;       /* the last move played, marked, or NULL */
  const TwState      *last_state;      /* the state before it (for last_move), or NULL */
  double              aspect;          /* width / height of the space the drawing is to fill,
                                        * or 0: a renderer may arrange its parts to suit it */
} TwRenderParams;

typedef struct
{
  const char *rules_id;

  /* Fills @layout for @state; sizes in board units. */
  void      (*layout)       (const TwGame          *game,
                             const TwState         *state,
                             const TwRenderParams  *params,
                             TwLayout              *layout);
  /* Draws @state with its top-left at (0, 0), one unit per cell. The caller
   * has painted the background and set the transform. */
  void      (*draw)         (cairo_t               *cr,
                             const TwGame          *game,
                             const TwState         *state,
                             const TwRenderParams  *params);
  /* Where @move (legal in @state) lands, in the same units as draw(); FALSE
   * for a move that has no place on the board (it is then offered as a
   * button). Moves with equal regions are variants of each other. @params
   * (may be NULL) are those of the drawing: a layout that follows
   * @params->aspect puts the regions where draw() draws them. */
  gboolean  (*move_region)  (const TwGame          *game,
                             const TwState         *state,
                             const TwMove          *move,
                             const TwRenderParams  *params,
                             TwRect                *rect);
  /* Optional, for games where a move takes a component that is drawn
   * somewhere else than where it lands (a piece in a tray, a tile in a hand
   * or a draft row, the meeple that walks, the other tile of a swap): sets
   * @rect to where that component is drawn for @move (legal in @state) and
   * returns TRUE; FALSE when the move takes no such component. NULL: no move
   * does. The view lets the player click (or start a drag on) a component
   * to pick it up, and then offers only the moves that take it; moves with
   * equal regions and equal sources differ in how the component is turned
   * (R), with different sources in which component moves (A). */
  gboolean  (*move_source)  (const TwGame          *game,
                             const TwState         *state,
                             const TwMove          *move,
                             const TwRenderParams  *params,
                             TwRect                *rect);
} TwRenderer;

/* The renderer for @rules_id, or the fallback renderer (never NULL). */
const TwRenderer *tw_renderer_lookup        (const char          *rules_id);
/* TRUE when @renderer is the text-only fallback. */
gboolean          tw_renderer_is_fallback   (const TwRenderer    *renderer);

/* Calls through the table that also work on a renderer with a NULL
 * function (the fallback's is used, or nothing lands on the board) and on
 * NULL @params (no viewer, no preference). Inline: a caller reaches the
 * game's renderer with no file between, as the game model reaches the
 * rules through TwRules. */
#define TW_RENDER_PARAMS_OR_NONE(params) \
  ((params) != NULL ? (params) : &(const TwRenderParams) { .viewer = -1 })

static inline void
tw_renderer_layout (const TwRenderer     *renderer,
                    const TwGame         *game,
                    const TwState        *state,
                    const TwRenderParams *params,
                    TwLayout             *layout)
{
  g_return_if_fail (renderer != NULL && game != NULL && state != NULL && layout != NULL);

  memset (layout, 0, sizeof *layout);
  (renderer->layout ? renderer->layout : tw_renderer_lookup (NULL)->layout)
    (game, state, TW_RENDER_PARAMS_OR_NONE (params), layout);
  layout->width = MAX (layout->width, 1);
  layout->height = MAX (layout->height, 1);
}

static inline void
tw_renderer_draw (const TwRenderer     *renderer,
                  cairo_t              *cr,
                  const TwGame         *game,
                  const TwState        *state,
                  const TwRenderParams *params)
{
  g_return_if_fail (renderer != NULL && cr != NULL && game != NULL && state != NULL);

  cairo_save (cr);
  (renderer->draw ? renderer->draw : tw_renderer_lookup (NULL)->draw)
    (cr, game, state, TW_RENDER_PARAMS_OR_NONE (params));
  cairo_restore (cr);
}

static inline gboolean
tw_renderer_move_region (const TwRenderer     *renderer,
                         const TwGame         *game,
                         const TwState        *state,
                         const TwMove         *move,
                         const TwRenderParams *params,
                         TwRect               *rect)
{
  g_return_val_if_fail (renderer != NULL && move != NULL && rect != NULL, FALSE);

  return renderer->move_region != NULL
         && renderer->move_region (game, state, move, TW_RENDER_PARAMS_OR_NONE (params), rect);
}

static inline gboolean
tw_renderer_move_source (const TwRenderer     *renderer,
                         const TwGame         *game,
                         const TwState        *state,
                         const TwMove         *move,
                         const TwRenderParams *params,
                         TwRect               *rect)
{
  g_return_val_if_fail (renderer != NULL && move != NULL && rect != NULL, FALSE);

  return renderer->move_source != NULL
         && renderer->move_source (game, state, move, TW_RENDER_PARAMS_OR_NONE (params), rect);
}

/* Helpers for renderers. */

/* Adds an area to @layout (ignored when full). */
void              tw_layout_add_area        (TwLayout            *layout,
                                             TwAreaKind           kind,
                                             int                  seat,
                                             double               x,
                                             double               y,
                                             double               width,
                                             double               height,
                                             const char          *label);
/* Outlines the regions of @params->targets in the highlight colour. */
void              tw_render_targets         (cairo_t             *cr,
                                             const TwRenderer    *renderer,
                                             const TwGame        *game,
                                             const TwState       *state,
                                             const TwRenderParams *params);
/* The house style every renderer shares: ink for text and lines, a muted
 * grey for secondary text, and a panel (a rounded card, outlined in the
 * highlight colour when @active: the seat to act, the phase). */
void              tw_render_ink             (cairo_t             *cr);
void              tw_render_muted           (cairo_t             *cr);
void              tw_render_panel           (cairo_t             *cr,
                                             double               x,
                                             double               y,
                                             double               width,
                                             double               height,
                                             gboolean             active);
/* tw_render_tile() for renderers in board units: its top-left at (x, y),
 * @size units wide. tw_render_tile() keeps its lines at least half a user
 * unit wide, which suits pixels; a board unit is a whole cell, so this draws
 * at 100 units a tile. */
void              tw_render_board_tile      (cairo_t             *cr,
                                             const TwDefinition  *def,
                                             const TwTileDef     *tile,
                                             guint                rotation,
                                             double               x,
                                             double               y,
                                             double               size);
/* A rounded rectangle path. */
void              tw_render_rounded_rect    (cairo_t             *cr,
                                             double               x,
                                             double               y,
                                             double               width,
                                             double               height,
                                             double               radius);

typedef enum
{
  TW_TEXT_LEFT,
  TW_TEXT_CENTER,
  TW_TEXT_RIGHT,
} TwTextAlign;

/* Draws @text (plain, or Pango markup when @markup) in the current source
 * with its top-left at (x, y), wrapped to @width units (no wrap when <= 0),
 * in a font @size units high; returns the height used in units. Text stays
 * crisp at any scale: layouts are made at a fixed internal resolution. */
double            tw_render_text            (cairo_t             *cr,
                                             double               x,
                                             double               y,
                                             double               width,
                                             double               size,
                                             gboolean             bold,
                                             TwTextAlign          align,
                                             gboolean             markup,
                                             const char          *text);
/* Draws @text (plain) on one line with its top-left at (x, y): shrunk to fit
 * @width units, down to three quarters of @size, then ended with "…" if it
 * still does not fit; returns the height used in units. For a label in a box
 * sized for one line, where a wrapped second line would run into what is
 * under it. */
double            tw_render_text_line       (cairo_t             *cr,
                                             double               x,
                                             double               y,
                                             double               width,
                                             double               size,
                                             gboolean             bold,
                                             TwTextAlign          align,
                                             const char          *text);
/* The display name of @seat from @params, or "Player N" (a new string). */
char             *tw_render_seat_name       (const TwRenderParams *params,
                                             guint                seat);

G_END_DECLS
