/* tw-export.h: print-ready sheets of a definition's tiles, cards and pieces
 *
 * Every component is drawn by the same code as the boards, at real size in
 * millimetres, laid out in a grid on pages of the chosen paper with margins,
 * gaps, bleed (the artwork runs past the cut line), crop marks outside the
 * cut, and copies per the counts in the definition. Card backs follow their
 * fronts on separate pages, mirrored for duplex printing.
 *
 * cairo only: the app's Print view previews pages with tw_export_draw_page()
 * and prints them through GtkPrintOperation; the CLI writes files.
 */
#pragma once

#include <cairo.h>

#include "tw-definition.h"
#include "tw-file.h"

G_BEGIN_DECLS

typedef enum
{
  TW_EXPORT_TILES  = 1 << 0,
  TW_EXPORT_CARDS  = 1 << 1,
  TW_EXPORT_PIECES = 1 << 2,
  TW_EXPORT_ALL    = 7,
} TwExportWhat;

typedef enum
{
  TW_EXPORT_PDF,
  TW_EXPORT_SVG,
  TW_EXPORT_PNG,
} TwExportFormat;

typedef struct
{
  TwExportWhat   what;
  TwExportFormat format;
  double         page_width;    /* mm */
  double         page_height;   /* mm */
  double         margin;        /* mm, all sides */
  double         gap;           /* mm between components' bleed areas */
  double         bleed;         /* mm of artwork past the cut line */
  gboolean       crop_marks;    /* marks in the margins on every cut line */
  gboolean       cut_lines;     /* a thin line on the cut itself */
  gboolean       duplex;        /* backs of cards and tiles after each page of fronts */
  gboolean       short_edge;    /* duplex flipped on the short edge (else the long one) */
  double         back_offset_x; /* mm: backs moved right, to meet a printer's misalignment */
  double         back_offset_y; /* mm: backs moved down */
  TwExportWhat   shared_cuts;   /* kinds laid edge to edge: neighbours share a cut, the
                                 * bleed runs only past the block's outer edges */
  double         tile_size;     /* mm */
  double         card_width;    /* mm */
  double         card_height;   /* mm */
  double         piece_cell;    /* mm per square of a piece */
  double         dpi;           /* PNG, recorded in each file's pHYs chunk */
} TwExportSettings;

#define TW_EXPORT_ERROR (tw_export_error_quark ())
GQuark tw_export_error_quark (void);

void     tw_export_settings_init  (TwExportSettings        *settings);
/* "a4", "letter", "a3" or "WIDTHxHEIGHT" in mm. */
gboolean tw_export_set_paper      (TwExportSettings        *settings,
                                   const char              *paper,
                                   GError                 **error);
/* "3mm", "0.125in", "3" (mm) into millimetres. */
gboolean tw_export_parse_length   (const char              *text,
                                   double                  *mm,
                                   GError                 **error);

typedef struct _TwExportJob TwExportJob;

/* Lays out every copy of every chosen component. */
TwExportJob *tw_export_job_new    (TwDefinition            *def,
                                   const TwExportSettings  *settings,
                                   GError                 **error);
void         tw_export_job_free   (TwExportJob             *job);
guint        tw_export_job_n_pages (const TwExportJob      *job);
/* Draws page @page (0-based) with user units in millimetres, origin at the
 * page's top-left corner. */
void         tw_export_draw_page  (const TwExportJob       *job,
                                   cairo_t                 *cr,
                                   guint                    page);
/* Writes the pages: PDF one file; SVG and PNG one file per page, named
 * OUT-1.svg, OUT-2.svg ... when there is more than one page. Atomic
 * (tw-file.h): the pages are renamed into place only once all are written. */
gboolean     tw_export_write      (const TwExportJob       *job,
                                   const char              *path,
                                   GError                 **error);
/* A cairo write function into a TwSaveFile (tw-file.h): surfaces made with
 * it write into an atomic save. */
cairo_status_t tw_export_save_write (void                *closure,
                                     const unsigned char *data,
                                     unsigned int         length);
gboolean       tw_export_save_check (cairo_status_t       st,
                                     TwSaveFile          *file,
                                     const char          *path,
                                     GError             **error);

/* Where the cut rectangle of component @index on @page is (mm), for tests. */
gboolean     tw_export_cut_rect   (const TwExportJob       *job,
                                   guint                    page,
                                   guint                    index,
                                   double                  *x,
                                   double                  *y,
                                   double                  *w,
                                   double                  *h);

/* Draws the front of card @card alone, as printed: mm, the cut's top-left
 * corner at (0, 0), the bleed around it (for previews). */
void         tw_export_draw_card  (cairo_t                 *cr,
                                   TwDefinition            *def,
                                   guint                    card,
                                   const TwExportSettings  *settings);

typedef enum
{
  TW_EXPORT_COMPONENT_TILE,
  TW_EXPORT_COMPONENT_CARD_FRONT,
  TW_EXPORT_COMPONENT_CARD_BACK,
  TW_EXPORT_COMPONENT_TILE_BACK,
  TW_EXPORT_COMPONENT_PIECE,
} TwExportComponent;

/* Draws one component as printed, like tw_export_draw_card(): @index is
 * the tile or card (ignored for backs), or for a piece
 * tw_face_piece_index() (the piece in one colour set), its size from
 * @settings (a piece's cut is its bounding box). */
void         tw_export_draw_component (cairo_t                 *cr,
                                       TwDefinition            *def,
                                       TwExportComponent        what,
                                       guint                    index,
                                       const TwExportSettings  *settings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwExportJob, tw_export_job_free)

G_END_DECLS
