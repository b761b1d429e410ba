/* tw-export.c: print-ready sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "tw-export.h"
#include "tw-export-manifest.h"
#include "tw-face-draw.h"
#include "tw-pdf-boxes.h"
#include "tw-file.h"
#include "tw-png.h"
#include "tw-render.h"
#include "tw-rules.h"

G_DEFINE_QUARK (tw-export-error-quark, tw_export_error)

#define MM_TO_PT (72.0 / 25.4)

typedef enum
{
  ITEM_TILE,
  ITEM_CARD_FRONT,
  ITEM_CARD_BACK,
  ITEM_PIECE,
  ITEM_TILE_BACK,
  ITEM_NONE,     /* drawn already, by the definition's face */
} ItemKind;

typedef struct
{
  ItemKind kind;
  guint    index;   /* tile, card or piece definition */
  guint    color;   /* pieces: the colour of their set */
  guint    page;
  double   x, y, w, h;   /* the cut rectangle, mm */
  guint8   shared;       /* SIDE_* bits: sides where a neighbour shares the cut, no bleed */
} Item;

enum
{
  SIDE_TOP    = 1 << 0,
  SIDE_RIGHT  = 1 << 1,
  SIDE_BOTTOM = 1 << 2,
  SIDE_LEFT   = 1 << 3,
};

struct _TwExportJob
{
  TwDefinition     *def;
  TwExportSettings  settings;
  GArray           *items;
  guint             n_pages;
  double            page_w, page_h;   /* of every page, mm */
};

void
tw_export_settings_init (TwExportSettings *s)
{
  memset (s, 0, sizeof *s);
  s->what = TW_EXPORT_ALL;
  s->format = TW_EXPORT_PDF;
  s->page_width = 210;
  s->page_height = 297;
  /* nine 63x88 mm cards edge to edge fit A4 and Letter inside 6 mm
   * margins with 1.5 mm of bleed around the block; tiles keep their bleed
   * on every side and touch bleed to bleed */
  s->margin = 6;
  s->gap = 0;
  s->bleed = 1.5;
  s->shared_cuts = TW_EXPORT_CARDS;
  s->crop_marks = TRUE;
  s->tile_size = 40;
  s->card_width = 63;
  s->card_height = 88;
  s->piece_cell = 12;
  s->dpi = 300;
}

gboolean
tw_export_parse_length (const char  *text,
                        double      *mm,
                        GError     **error)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);
  double unit = 1;

  if (end == text || !isfinite (v) || v < 0)
    goto bad;
  if (*end == '\0' || g_str_equal (end, "mm"))
    unit = 1;
  else if (g_str_equal (end, "cm"))
    unit = 10;
  else if (g_str_equal (end, "in"))
    unit = 25.4;
  else if (g_str_equal (end, "pt"))
    unit = 25.4 / 72;
  else
    goto bad;
  *mm = v * unit;
  if (*mm > 2000)
    goto bad;
  return TRUE;

bad:
  g_set_error (error, TW_EXPORT_ERROR, 0,
               _("'%s' is not a length (examples: 3mm, 0.5cm, 0.125in, 8pt)"), text);
  return FALSE;
}

gboolean
tw_export_set_paper (TwExportSettings  *s,
                     const char        *paper,
                     GError           **error)
{
  static const struct { const char *name; double w, h; } sizes[] = {
    { "a4", 210, 297 }, { "a3", 297, 420 }, { "a5", 148, 210 },
    { "letter", 215.9, 279.4 }, { "legal", 215.9, 355.6 }, { "fit", 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (g_ascii_strcasecmp (paper, sizes[i].name) == 0)
      {
        s->page_width = sizes[i].w;
        s->page_height = sizes[i].h;
        return TRUE;
      }

  g_auto(GStrv) wh = g_strsplit (paper, "x", 2);
  if (wh[0] && wh[1] && tw_export_parse_length (wh[0], &s->page_width, NULL)
      && tw_export_parse_length (wh[1], &s->page_height, NULL)
      && s->page_width >= 50 && s->page_height >= 50)
    return TRUE;
  g_set_error (error, TW_EXPORT_ERROR, 0,
               _("unknown paper '%s' (a4, a3, a5, letter, legal, fit, or WIDTHxHEIGHT in mm of at least 50x50)"),
               paper);
  return FALSE;
}

static void
component_size (const TwExportJob *job,
                const Item        *item,
                double            *w,
                double            *h)
{
  const TwExportSettings *s = &job->settings;

  switch (item->kind)
    {
    case ITEM_TILE:
    case ITEM_TILE_BACK:
      *w = *h = s->tile_size;
      break;
    case ITEM_CARD_FRONT:
    case ITEM_CARD_BACK:
      *w = s->card_width;
      *h = s->card_height;
      break;
    case ITEM_PIECE:
      {
        const TwPolyomino *poly = &job->def->pieces[item->index].shape;
        *w = tw_polyomino_width (poly) * s->piece_cell;
        *h = tw_polyomino_height (poly) * s->piece_cell;
        break;
      }
    default:
      g_assert_not_reached ();
    }
}

/* Marks the sides of shared-cut items that touch a neighbour's cut. */
static void
find_shared_sides (GArray *items,
                   guint   first)
{
  const double eps = 1e-6;

  for (guint i = first; i < items->len; i++)
    {
      Item *a = &g_array_index (items, Item, i);

      for (guint j = first; j < items->len; j++)
        {
          const Item *o = &g_array_index (items, Item, j);
          gboolean rows_meet = o->y < a->y + a->h - eps && a->y < o->y + o->h - eps;
          gboolean cols_meet = o->x < a->x + a->w - eps && a->x < o->x + o->w - eps;

          if (j == i || o->page != a->page)
            continue;
          if (rows_meet && fabs (o->x - (a->x + a->w)) < eps)
            a->shared |= SIDE_RIGHT;
          if (rows_meet && fabs (o->x + o->w - a->x) < eps)
            a->shared |= SIDE_LEFT;
          if (cols_meet && fabs (o->y - (a->y + a->h)) < eps)
            a->shared |= SIDE_BOTTOM;
          if (cols_meet && fabs (o->y + o->h - a->y) < eps)
            a->shared |= SIDE_TOP;
        }
    }
}

/* Flows @items[first..] (all of one size class) onto new pages in a grid.
 * With @shared, components touch and share their cuts, and the bleed runs
 * around the block only; otherwise each has its bleed on every side and
 * the gap between bleed and bleed. */
static gboolean
flow (TwExportJob  *job,
      guint         first,
      gboolean      shared,
      GError      **error)
{
  const TwExportSettings *s = &job->settings;
  GArray *items = job->items;
  double b = s->bleed;
  double pad = shared ? 0 : b, outer = shared ? b : 0, gap = shared ? 0 : s->gap;

  if (first >= items->len)
    return TRUE;

  if (s->page_width == 0)
    {
      /* "fit": one component per page, the page its bleed box */
      for (guint i = first; i < items->len; i++)
        {
          Item *it = &g_array_index (items, Item, i);
          component_size (job, it, &it->w, &it->h);
          it->page = job->n_pages++;
          it->x = b;
          it->y = b;
        }
      return TRUE;
    }

  double x0 = s->margin + outer, y0 = s->margin + outer;
  double x = x0, y = y0, row_h = 0;
  gboolean page_open = FALSE;
  for (guint i = first; i < items->len; i++)
    {
      Item *it = &g_array_index (items, Item, i);
      double w, h;
      component_size (job, it, &w, &h);
      if (w + 2 * b > job->page_w - 2 * s->margin || h + 2 * b > job->page_h - 2 * s->margin)
        {
          g_set_error (error, TW_EXPORT_ERROR, 0,
                       _("a component of %.0fx%.0f mm with %.1f mm bleed does not fit on a %.0fx%.0f mm page with %.0f mm margins"),
                       w, h, b, job->page_w, job->page_h, s->margin);
          return FALSE;
        }
      if (!page_open)
        {
          job->n_pages++;
          page_open = TRUE;
        }
      if (x + w + 2 * pad + outer > job->page_w - s->margin + 1e-6)
        {
          x = x0;
          y += row_h + gap;
          row_h = 0;
        }
      if (y + h + 2 * pad + outer > job->page_h - s->margin + 1e-6)
        {
          job->n_pages++;
          x = x0;
          y = y0;
          row_h = 0;
        }
      it->page = job->n_pages - 1;
      it->x = x + pad;
      it->y = y + pad;
      it->w = w;
      it->h = h;
      x += w + 2 * pad + gap;
      row_h = MAX (row_h, h + 2 * pad);
    }

  /* centre the grid across the page: the widest row of this flow sets the
   * shift, so that columns stay lined up from page to page (and mirrored
   * duplex backs still meet their fronts) */
  double right = s->margin;
  for (guint i = first; i < items->len; i++)
    {
      const Item *it = &g_array_index (items, Item, i);
      right = MAX (right, it->x + it->w + b);
    }
  double shift = (job->page_w - s->margin - right) / 2;
  for (guint i = first; i < items->len; i++)
    g_array_index (items, Item, i).x += MAX (shift, 0);
  if (shared)
    find_shared_sides (items, first);
  return TRUE;
}

/* Each page of fronts from @first on is followed by a page of their backs,
 * placed to meet them when printed on both sides: mirrored left to right
 * for a flip on the long edge, top to bottom on the short edge, then moved
 * by the printer's offset. */
static void
add_backs (TwExportJob *job,
           guint        first,
           guint        first_page,
           ItemKind     back_kind)
{
  const TwExportSettings *s = &job->settings;
  guint last = job->items->len;
  guint n_front_pages = job->n_pages - first_page;

  if (last == first)
    return;
  for (guint i = first; i < last; i++)
    {
      Item back = g_array_index (job->items, Item, i);
      guint8 sh = back.shared;

      back.kind = back_kind;
      back.page = job->n_pages + (back.page - first_page);
      if (s->page_width > 0 && !s->short_edge)
        {
          back.x = job->page_w - back.x - back.w;
          back.shared = (sh & (SIDE_TOP | SIDE_BOTTOM)) | (sh & SIDE_LEFT ? SIDE_RIGHT : 0)
                        | (sh & SIDE_RIGHT ? SIDE_LEFT : 0);
        }
      else if (s->page_width > 0)
        {
          back.y = job->page_h - back.y - back.h;
          back.shared = (sh & (SIDE_LEFT | SIDE_RIGHT)) | (sh & SIDE_TOP ? SIDE_BOTTOM : 0)
                        | (sh & SIDE_BOTTOM ? SIDE_TOP : 0);
        }
      back.x += s->back_offset_x;
      back.y += s->back_offset_y;
      g_array_append_val (job->items, back);
    }
  /* interleave: front page k, then its back page */
  for (guint i = first; i < job->items->len; i++)
    {
      Item *it = &g_array_index (job->items, Item, i);
      gboolean is_back = it->kind == back_kind;
      guint k = is_back ? it->page - job->n_pages : it->page - first_page;
      it->page = first_page + 2 * k + is_back;
    }
  job->n_pages += n_front_pages;
}

TwExportJob *
tw_export_job_new (TwDefinition            *def,
                   const TwExportSettings  *settings,
                   GError                 **error)
{
  g_autoptr(TwExportJob) job = g_new0 (TwExportJob, 1);
  const TwExportSettings *s = settings;

  job->def = tw_definition_ref (def);
  job->settings = *settings;
  job->items = g_array_new (FALSE, TRUE, sizeof (Item));
  job->page_w = s->page_width;
  job->page_h = s->page_height;

  if (s->tile_size <= 0 || s->card_width <= 0 || s->card_height <= 0 || s->piece_cell <= 0
      || s->dpi < 10 || s->dpi > 2400 || s->bleed > 20 || s->gap > 100 || s->margin > 100
      || fabs (s->back_offset_x) > 20 || fabs (s->back_offset_y) > 20)
    {
      g_set_error (error, TW_EXPORT_ERROR, 0,
                   _("sizes must be positive, bleed at most 20 mm, back offsets at most 20 mm, "
                     "DPI between 10 and 2400"));
      return NULL;
    }

  if (s->what & TW_EXPORT_TILES)
    {
      guint first = job->items->len;
      guint first_page = job->n_pages;
      for (guint t = 0; t < def->n_tiles; t++)
        for (guint c = 0; c < def->tiles[t].count; c++)
          g_array_append_val (job->items, ((Item) { .kind = ITEM_TILE, .index = t }));
      if (!flow (job, first, (s->shared_cuts & TW_EXPORT_TILES) != 0, error))
        return NULL;
      if (s->duplex)
        add_backs (job, first, first_page, ITEM_TILE_BACK);
    }
  if (s->what & TW_EXPORT_CARDS)
    {
      guint first = job->items->len;
      guint first_page = job->n_pages;
      for (guint k = 0; k < def->n_cards; k++)
        for (guint c = 0; c < def->cards[k].count; c++)
          g_array_append_val (job->items, ((Item) { .kind = ITEM_CARD_FRONT, .index = k }));
      if (!flow (job, first, (s->shared_cuts & TW_EXPORT_CARDS) != 0, error))
        return NULL;
      if (s->duplex)
        add_backs (job, first, first_page, ITEM_CARD_BACK);
    }
  if ((s->what & TW_EXPORT_PIECES) && def->n_pieces > 0)
    {
      guint first = job->items->len;
      guint n_sets = MAX (def->n_colors, 1);
      for (guint c = 0; c < n_sets; c++)
        for (guint p = 0; p < def->n_pieces; p++)
          for (guint k = 0; k < def->pieces[p].count; k++)
            g_array_append_val (job->items, ((Item) { .kind = ITEM_PIECE, .index = p, .color = c }));
      /* pieces are cut along their outlines: never edge to edge */
      if (!flow (job, first, FALSE, error))
        return NULL;
    }
  if (job->items->len == 0)
    {
      g_set_error (error, TW_EXPORT_ERROR, 0, _("%s has nothing of that kind to print"), def->name);
      return NULL;
    }
  return g_steal_pointer (&job);
}

void
tw_export_job_free (TwExportJob *job)
{
  if (job == NULL)
    return;
  g_clear_pointer (&job->def, tw_definition_unref);
  if (job->items)
    g_array_unref (job->items);
  g_free (job);
}

guint
tw_export_job_n_pages (const TwExportJob *job)
{
  return job->n_pages;
}

static void
page_size (const TwExportJob *job,
           guint              page,
           double            *w,
           double            *h)
{
  if (job->settings.page_width > 0)
    {
      *w = job->page_w;
      *h = job->page_h;
      return;
    }
  for (guint i = 0; i < job->items->len; i++)
    {
      const Item *it = &g_array_index (job->items, Item, i);
      if (it->page == page)
        {
          *w = it->w + 2 * job->settings.bleed;
          *h = it->h + 2 * job->settings.bleed;
          return;
        }
    }
  *w = *h = 10;
}

gboolean
tw_export_cut_rect (const TwExportJob *job,
                    guint              page,
                    guint              index,
                    double            *x,
                    double            *y,
                    double            *w,
                    double            *h)
{
  guint n = 0;
  for (guint i = 0; i < job->items->len; i++)
    {
      const Item *it = &g_array_index (job->items, Item, i);
      if (it->page != page)
        continue;
      if (n++ == index)
        {
          *x = it->x;
          *y = it->y;
          *w = it->w;
          *h = it->h;
          return TRUE;
        }
    }
  return FALSE;
}

static void
layout_text (cairo_t    *cr,
             const char *text,
             const char *font,
             double      x,
             double      y,
             double      width,
             double      max_height,
             gboolean    center)
{
  g_autoptr(PangoLayout) layout = tw_face_layout_new (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_height (layout, (int) (max_height * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, center ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
  pango_layout_set_text (layout, text, -1);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_polyomino (cairo_t           *cr,
                const TwPolyomino *poly,
                double             x,
                double             y,
                double             cell)
{
  for (guint i = 0; i < poly->n; i++)
    cairo_rectangle (cr, x + poly->x[i] * cell, y + poly->y[i] * cell, cell, cell);
}

/* A card front: title, points as stars, the text, and the parameters a
 * designer would picture (a shape drawn as cells, a colour as a swatch). */
static void
draw_card_front (const TwExportJob *job,
                 cairo_t           *cr,
                 const Item        *it)
{
  const TwDefinition *def = job->def;
  const TwCardDef *card = &def->cards[it->index];
  const TwCardKind *kind = &def->rules->card_kinds[card->kind];
  double b = job->settings.bleed, inset = 4;
  double x = it->x, y = it->y, w = it->w, h = it->h;
  gint color = -1;

  for (guint p = 0; p < kind->n_params; p++)
    if (kind->params[p].type == TW_VALUE_COLOR && card->params[p] >= 0)
      color = card->params[p];

  /* the background runs into the bleed */
  cairo_rectangle (cr, x - b, y - b, w + 2 * b, h + 2 * b);
  cairo_set_source_rgb (cr, 0.97, 0.96, 0.93);
  cairo_fill (cr);
  cairo_rectangle (cr, x - b, y - b, w + 2 * b, 14 + b);
  if (color >= 0)
    tw_render_set_color (cr, def, color);
  else
    cairo_set_source_rgb (cr, 0.22, 0.24, 0.3);
  cairo_fill (cr);

  cairo_set_source_rgb (cr, 1, 1, 1);
  layout_text (cr, card->title ? card->title : _(kind->title), "Sans Bold 11",
               x + inset, y + 3, w - 2 * inset - 14, 9, FALSE);
  if (card->points > 0)
    {
      g_autoptr(GString) stars = g_string_new (NULL);
      for (int i = 0; i < MIN (card->points, 10); i++)
        g_string_append (stars, "★");
      layout_text (cr, stars->str, "Sans 9", x + w - inset - 20, y + 4, 20, 8, FALSE);
    }

  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  double ty = y + 20;
  /* what the card's parameters picture: its shape, its number, its colour */
  {
    double used = tw_render_card_picture (cr, def, card, x + inset, ty, w - 2 * inset, 24);
    if (used > 0)
      ty += used + 5;
  }
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  layout_text (cr, tw_card_text (def, card), "Sans 10",
               x + inset, ty, w - 2 * inset, y + h - inset - 6 - ty, FALSE);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.42);
  layout_text (cr, def->name, "Sans Italic 6", x + inset, y + h - inset - 3, w - 2 * inset, 4, FALSE);
}

static void
draw_card_back (const TwExportJob *job,
                cairo_t           *cr,
                const Item        *it)
{
  double b = job->settings.bleed;
  double x = it->x, y = it->y, w = it->w, h = it->h;

  cairo_rectangle (cr, x - b, y - b, w + 2 * b, h + 2 * b);
  cairo_set_source_rgb (cr, 0.2, 0.22, 0.3);
  cairo_fill (cr);
  /* a pattern of the game's colours, running into the bleed; laid out from
   * the card's own corner so that every back is the same and none tells
   * which card it is */
  for (int row = 0; row * 6 < h + 2 * b; row++)
    for (int col = 0; col * 12 < w + 2 * b; col++)
      {
        guint c = (guint) (row + col) % MAX (job->def->n_colors, 1);
        cairo_rectangle (cr, x - b + col * 12 + (row % 2) * 6, y - b + row * 6, 4, 4);
        tw_render_set_color (cr, job->def, c);
        cairo_fill (cr);
      }
  cairo_rectangle (cr, x + 6, y + h / 2 - 8, w - 12, 16);
  cairo_set_source_rgb (cr, 0.97, 0.96, 0.93);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  layout_text (cr, job->def->name, "Sans Bold 11", x + 6, y + h / 2 - 5, w - 12, 10, TRUE);
}

/* A tile as its module draws it, the bleed included when it fills the cut. */
static void
draw_tile_component (const TwExportJob *job,
                     cairo_t           *cr,
                     guint              index,
                     double             x,
                     double             y,
                     double             w,
                     double             h,
                     double             b)
{
  const TwTileDef *tile = &job->def->tiles[index];

  if (tile->n_edges == 4)
    /* drawn larger by the bleed on every side: sections keep their
     * diagonals through the centre and run past the cut */
    tw_render_tile (cr, job->def, tile, 0, x - b, y - b, MIN (w, h) + 2 * b);
  else
    {
      cairo_rectangle (cr, x - b, y - b, w + 2 * b, h + 2 * b);
      cairo_set_source_rgb (cr, 0.9, 0.9, 0.88);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
      layout_text (cr, tile->name ? tile->name : (tile->kind ? tile->kind : tile->id),
                   "Sans Bold 10", x + 2, y + h / 2 - 4, w - 4, h / 2, TRUE);
    }
}

/* A piece as printed without a face: its cells in its set's colour at
 * @cell mm a square, a halo of @b mm of colour around them (the bleed of a
 * piece cut along its outline), and thin lines between the cells. */
static void
draw_piece_component (const TwExportJob *job,
                      cairo_t           *cr,
                      guint              index,
                      guint              color,
                      double             x,
                      double             y,
                      double             cell,
                      double             b)
{
  const TwPolyomino *poly = &job->def->pieces[index].shape;

  cairo_set_line_width (cr, 2 * b);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  draw_polyomino (cr, poly, x, y, cell);
  tw_render_set_color (cr, job->def, color);
  cairo_fill_preserve (cr);
  if (b > 0)
    cairo_stroke_preserve (cr);
  cairo_new_path (cr);
  cairo_set_line_width (cr, 0.25);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  draw_polyomino (cr, poly, x, y, cell);
  cairo_stroke (cr);
}

/* The piece's outline grown by @b on every side: its cells, each with its
 * bleed, which is where a piece's artwork may be (its halo). */
static void
piece_outline_path (cairo_t           *cr,
                    const TwPolyomino *poly,
                    double             x,
                    double             y,
                    double             cell,
                    double             b)
{
  /* every square is traced the same way round: with the nonzero rule,
   * overlaps count once */
  for (guint i = 0; i < poly->n; i++)
    cairo_rectangle (cr, x + poly->x[i] * cell - b, y + poly->y[i] * cell - b,
                     cell + 2 * b, cell + 2 * b);
}

/* What a face's `component` layer draws (tw-face-draw.h). */
typedef struct
{
  const TwExportJob *job;
  const Item        *it;
} Component;

static void
face_component (cairo_t  *cr,
                double    x,
                double    y,
                double    w,
                double    h,
                gpointer  data)
{
  const Component *c = data;
  const TwExportJob *job = c->job;

  switch (c->it->kind)
    {
    case ITEM_TILE:
      /* the whole tile: its sections run into the bleed like the default */
      if (x <= c->it->x + 0.01 && y <= c->it->y + 0.01
          && w >= c->it->w - 0.01 && h >= c->it->h - 0.01)
        draw_tile_component (job, cr, c->it->index, x, y, w, h, job->settings.bleed);
      else
        draw_tile_component (job, cr, c->it->index, x, y, w, h, 0);
      break;
    case ITEM_CARD_FRONT:
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
      tw_render_card_picture (cr, job->def, &job->def->cards[c->it->index], x, y, w, h);
      break;
    case ITEM_PIECE:
      {
        const TwPolyomino *poly = &job->def->pieces[c->it->index].shape;
        double pw = tw_polyomino_width (poly), ph = tw_polyomino_height (poly);
        double cell = MIN (w / pw, h / ph);

        /* the whole piece: drawn as without a face, halo and all; in a
         * smaller box, the piece fitted and centred, without a halo */
        if (x <= c->it->x + 0.01 && y <= c->it->y + 0.01
            && w >= c->it->w - 0.01 && h >= c->it->h - 0.01)
          draw_piece_component (job, cr, c->it->index, c->it->color, c->it->x, c->it->y,
                                job->settings.piece_cell, job->settings.bleed);
        else
          draw_piece_component (job, cr, c->it->index, c->it->color, x + (w - pw * cell) / 2,
                                y + (h - ph * cell) / 2, cell, 0);
        break;
      }
    case ITEM_CARD_BACK:
    case ITEM_TILE_BACK:
      {
        Item back = *c->it;
        back.x = x;
        back.y = y;
        back.w = w;
        back.h = h;
        draw_card_back (job, cr, &back);
        break;
      }
    default:
      break;
    }
}

/* Draws the item with the definition's face for it; FALSE when it has none. */
static gboolean
draw_face (const TwExportJob *job,
           cairo_t           *cr,
           const Item        *it)
{
  TwFaceTarget target;
  const TwFace *face;
  Component c = { job, it };
  guint index = it->index;

  switch (it->kind)
    {
    case ITEM_TILE:
      target = TW_FACE_TILE;
      break;
    case ITEM_CARD_FRONT:
      target = TW_FACE_CARD;
      break;
    case ITEM_CARD_BACK:
      target = TW_FACE_CARD_BACK;
      break;
    case ITEM_TILE_BACK:
      target = TW_FACE_TILE_BACK;
      break;
    case ITEM_PIECE:
      target = TW_FACE_PIECE;
      index = tw_face_piece_index (job->def, it->index, it->color);
      break;
    default:
      return FALSE;
    }
  face = tw_face_find (job->def, target, index);
  if (face == NULL)
    return FALSE;
  if (it->kind == ITEM_PIECE)
    {
      /* a piece is cut along its outline: its face is too */
      piece_outline_path (cr, &job->def->pieces[it->index].shape, it->x, it->y,
                          job->settings.piece_cell, job->settings.bleed);
      cairo_clip (cr);
    }
  tw_face_draw (cr, job->def, face, index, it->x, it->y, it->w, it->h, job->settings.bleed,
                face_component, &c);
  return TRUE;
}

static void
draw_item (const TwExportJob *job,
           cairo_t           *cr,
           const Item        *it)
{
  const TwDefinition *def = job->def;
  double b = job->settings.bleed;

  cairo_save (cr);
  {
    /* no bleed where a neighbour shares the cut: its own artwork is there */
    double t = it->shared & SIDE_TOP ? 0 : b, r = it->shared & SIDE_RIGHT ? 0 : b;
    double bo = it->shared & SIDE_BOTTOM ? 0 : b, l = it->shared & SIDE_LEFT ? 0 : b;
    cairo_rectangle (cr, it->x - l, it->y - t, it->w + l + r, it->h + t + bo);
  }
  cairo_clip (cr);
  switch (draw_face (job, cr, it) ? ITEM_NONE : it->kind)
    {
    case ITEM_TILE:
      draw_tile_component (job, cr, it->index, it->x, it->y, it->w, it->h, b);
      break;
    case ITEM_CARD_FRONT:
      draw_card_front (job, cr, it);
      break;
    case ITEM_CARD_BACK:
    case ITEM_TILE_BACK:
      draw_card_back (job, cr, it);
      break;
    case ITEM_PIECE:
      /* pieces are cut along their outline; the bleed is a halo of colour */
      draw_piece_component (job, cr, it->index, it->color, it->x, it->y,
                            job->settings.piece_cell, b);
      break;
    default:
      break;
    }
  cairo_restore (cr);

  if (job->settings.cut_lines)
    {
      cairo_save (cr);
      cairo_set_line_width (cr, 0.15);
      cairo_set_source_rgba (cr, 0.3, 0.3, 0.3, 0.8);
      if (it->kind == ITEM_PIECE)
        draw_polyomino (cr, &def->pieces[it->index].shape, it->x, it->y, job->settings.piece_cell);
      else
        cairo_rectangle (cr, it->x, it->y, it->w, it->h);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

static gint
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Crop marks: in the margins, on the line of every cut edge, never inside
 * the area where components and their bleed are printed. */
static void
draw_crop_marks (const TwExportJob *job,
                 cairo_t           *cr,
                 guint              page)
{
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  double b = job->settings.bleed, m = job->settings.margin;
  double top = G_MAXDOUBLE, bottom = 0, left = G_MAXDOUBLE, right = 0;

  for (guint i = 0; i < job->items->len; i++)
    {
      const Item *it = &g_array_index (job->items, Item, i);
      double v;
      if (it->page != page || it->kind == ITEM_PIECE)
        continue;
      v = it->x;
      g_array_append_val (xs, v);
      v = it->x + it->w;
      g_array_append_val (xs, v);
      v = it->y;
      g_array_append_val (ys, v);
      v = it->y + it->h;
      g_array_append_val (ys, v);
      top = MIN (top, it->y - b);
      bottom = MAX (bottom, it->y + it->h + b);
      left = MIN (left, it->x - b);
      right = MAX (right, it->x + it->w + b);
    }
  if (xs->len == 0)
    return;
  g_array_sort (xs, compare_double);
  g_array_sort (ys, compare_double);

  double len = MIN (5, m - 1);
  if (len <= 0.5)
    return;
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.1);
  for (guint i = 0; i < xs->len; i++)
    {
      double x = g_array_index (xs, double, i);
      if (i > 0 && fabs (x - g_array_index (xs, double, i - 1)) < 0.01)
        continue;
      cairo_move_to (cr, x, top - 1 - len);
      cairo_line_to (cr, x, top - 1);
      cairo_move_to (cr, x, bottom + 1);
      cairo_line_to (cr, x, bottom + 1 + len);
    }
  for (guint i = 0; i < ys->len; i++)
    {
      double y = g_array_index (ys, double, i);
      if (i > 0 && fabs (y - g_array_index (ys, double, i - 1)) < 0.01)
        continue;
      cairo_move_to (cr, left - 1 - len, y);
      cairo_line_to (cr, left - 1, y);
      cairo_move_to (cr, right + 1, y);
      cairo_line_to (cr, right + 1 + len, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
tw_export_draw_page (const TwExportJob *job,
                     cairo_t           *cr,
                     guint              page)
{
  double w, h;

  page_size (job, page, &w, &h);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);
  for (guint i = 0; i < job->items->len; i++)
    {
      const Item *it = &g_array_index (job->items, Item, i);
      if (it->page == page)
        draw_item (job, cr, it);
    }
  if (job->settings.crop_marks && job->settings.page_width > 0)
    draw_crop_marks (job, cr, page);
  cairo_restore (cr);
}

static char *
page_path (const char *path,
           const char *ext,
           guint       page,
           guint       n_pages)
{
  if (n_pages == 1)
    return g_strdup (path);
  g_autofree char *stem = g_str_has_suffix (path, ext)
                          ? g_strndup (path, strlen (path) - strlen (ext)) : g_strdup (path);
  return g_strdup_printf ("%s-%u%s", stem, page + 1, ext);
}

/**
 * tw_export_save_write:
 * @closure: a TwSaveFile
 *
 * A cairo_write_func_t writing into an atomic save (tw-file.h), for
 * cairo_*_surface_create_for_stream() and cairo_surface_write_to_png_stream().
 */
cairo_status_t
tw_export_save_write (void                *closure,
                      const unsigned char *data,
                      unsigned int         length)
{
  return tw_save_file_write (closure, data, length, NULL) ? CAIRO_STATUS_SUCCESS
                                                           : CAIRO_STATUS_WRITE_ERROR;
}

/**
 * tw_export_save_check:
 * @st: the status of the surface that wrote into @file
 * @file: the save
 * @path: the file's name for the message
 *
 * Whether cairo wrote @file without a problem. A failed write is reported
 * with the system's reason (kept in @file, e.g. "No space left on device"),
 * anything else with cairo's.
 */
gboolean
tw_export_save_check (cairo_status_t   st,
                      TwSaveFile      *file,
                      const char      *path,
                      GError         **error)
{
  if (st == CAIRO_STATUS_SUCCESS)
    return TRUE;
  if (tw_save_file_write (file, "", 0, error))
    g_set_error (error, TW_EXPORT_ERROR, 0, _("cannot write %s: %s"), path, cairo_status_to_string (st));
  return FALSE;
}

/* Finishes and frees a vector surface writing to @file. */
static gboolean
finish_surface (cairo_surface_t  *surface,
                TwSaveFile       *file,
                const char       *path,
                GError          **error)
{
  cairo_status_t st;

  cairo_surface_finish (surface);
  st = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return tw_export_save_check (st, file, path, error);
}

/* Encodes an image surface as PNG into @file, its pHYs at @dpi (tw-png.h),
 * and frees the surface. */
static gboolean
finish_png (cairo_surface_t  *surface,
            double            dpi,
            TwSaveFile       *file,
            const char       *path,
            GError          **error)
{
  gboolean ok = tw_png_write (surface, dpi, file, path, error);

  cairo_surface_destroy (surface);
  return ok;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Where page @page is cut (TrimBox: around every cut on it) and how far its
 * artwork runs (BleedBox), in PDF points from the bottom-left corner. */
static void
page_boxes (const TwExportJob *job,
            guint              page,
            TwPdfBox          *trim,
            TwPdfBox          *bleed)
{
  double w, h, b = job->settings.bleed;
  double left = G_MAXDOUBLE, top = G_MAXDOUBLE, right = -G_MAXDOUBLE, bottom = -G_MAXDOUBLE;

  page_size (job, page, &w, &h);
  for (guint i = 0; i < job->items->len; i++)
    {
      const Item *it = &g_array_index (job->items, Item, i);
      if (it->page != page)
        continue;
      left = MIN (left, it->x);
      top = MIN (top, it->y);
      right = MAX (right, it->x + it->w);
      bottom = MAX (bottom, it->y + it->h);
    }
  if (right < left)
    {
      left = top = 0;
      right = w;
      bottom = h;
    }
  trim->x0 = left * MM_TO_PT;
  trim->x1 = right * MM_TO_PT;
  trim->y0 = (h - bottom) * MM_TO_PT;
  trim->y1 = (h - top) * MM_TO_PT;
  bleed->x0 = MAX (left - b, 0) * MM_TO_PT;
  bleed->x1 = MIN (right + b, w) * MM_TO_PT;
  bleed->y0 = MAX (h - bottom - b, 0) * MM_TO_PT;
  bleed->y1 = MIN (h - top + b, h) * MM_TO_PT;
}

/**
 * tw_export_write:
 * @job: the pages
 * @path: the PDF, or the SVG or PNG file of a one-page export; with more
 *   pages, the pages go to PATH-1.EXT, PATH-2.EXT, …
 * @error: a G_FILE_ERROR or TW_EXPORT_ERROR
 *
 * Writes the export atomically (tw-file.h): each file goes to a temporary
 * file first, and the files of a multi-page export are renamed into place
 * only once every page is written and on the disk, so a full disk or a kill
 * while drawing leaves the old files and no new page. A multi-page export
 * ends with its manifest, PATH.manifest (tw-export-manifest.h), which lists
 * the pages with their sizes and SHA-256: a kill between the pages' renames
 * leaves an old manifest that no longer matches them. A one-file export
 * removes the manifest an earlier multi-page export of the same name left.
 */
/* After a one-file export to @path: a manifest of an earlier multi-page
 * export of the same name would still match that export's old pages and
 * say it is complete, beside a file that replaced it; it goes. */
static void
drop_old_manifest (const char *path)
{
  g_autofree char *manifest = tw_export_manifest_path (path);

  if (g_unlink (manifest) != 0 && errno != ENOENT)
    g_message (_("%s: an old manifest could not be removed: %s"), manifest, g_strerror (errno));
}

gboolean
tw_export_write (const TwExportJob  *job,
                 const char         *path,
                 GError            **error)
{
  const TwExportSettings *s = &job->settings;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_save_file_abort);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *manifest = NULL;
  double w, h;

  if (s->format == TW_EXPORT_PDF)
    {
      g_autoptr(TwSaveFile) file = tw_save_file_begin (path, error);
      g_autoptr(GByteArray) bytes = g_byte_array_new ();
      g_autoptr(GBytes) boxed = NULL;
      g_autofree TwPdfBox *trim = g_new0 (TwPdfBox, MAX (job->n_pages, 1));
      g_autofree TwPdfBox *bleed = g_new0 (TwPdfBox, MAX (job->n_pages, 1));
      cairo_surface_t *surface;
      cairo_status_t st;
      cairo_t *cr;

      if (file == NULL)
        return FALSE;
      page_size (job, 0, &w, &h);
      /* into memory first: the page boxes are added to cairo's file */
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, w * MM_TO_PT, h * MM_TO_PT);
      cr = cairo_create (surface);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, job->def->name);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Tilewright");
      for (guint p = 0; p < job->n_pages; p++)
        {
          page_size (job, p, &w, &h);
          page_boxes (job, p, &trim[p], &bleed[p]);
          cairo_pdf_surface_set_size (surface, w * MM_TO_PT, h * MM_TO_PT);
          cairo_save (cr);
          cairo_scale (cr, MM_TO_PT, MM_TO_PT);
          tw_export_draw_page (job, cr, p);
          cairo_restore (cr);
          cairo_show_page (cr);
        }
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      st = cairo_surface_status (surface);
      cairo_surface_destroy (surface);
      if (!tw_export_save_check (st, file, path, error))
        return FALSE;
      boxed = tw_pdf_add_boxes (bytes->data, bytes->len, trim, bleed, job->n_pages);
      if (boxed == NULL)
        g_warning (_("%s: the PDF was not laid out as expected: written without TrimBox and BleedBox"), path);
      if (!(boxed != NULL ? tw_save_file_write (file, g_bytes_get_data (boxed, NULL),
                                                g_bytes_get_size (boxed), error)
                          : tw_save_file_write (file, bytes->data, bytes->len, error)))
        return FALSE;
      if (!tw_save_file_commit (g_steal_pointer (&file), error))
        return FALSE;
      drop_old_manifest (path);
      return TRUE;
    }

  for (guint p = 0; p < job->n_pages; p++)
    {
      char *name = page_path (path, s->format == TW_EXPORT_SVG ? ".svg" : ".png", p, job->n_pages);
      TwSaveFile *file = tw_save_file_begin (name, error);
      cairo_surface_t *surface;
      cairo_t *cr;
      gboolean ok;

      g_ptr_array_add (names, name);
      if (file == NULL)
        return FALSE;
      g_ptr_array_add (files, file);
      page_size (job, p, &w, &h);
      if (s->format == TW_EXPORT_SVG)
        {
          surface = cairo_svg_surface_create_for_stream (tw_export_save_write, file, w * MM_TO_PT, h * MM_TO_PT);
          cr = cairo_create (surface);
          cairo_scale (cr, MM_TO_PT, MM_TO_PT);
        }
      else
        {
          double scale = s->dpi / 25.4;
          surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) lround (w * scale),
                                                (int) lround (h * scale));
          cr = cairo_create (surface);
          cairo_scale (cr, scale, scale);
        }
      tw_export_draw_page (job, cr, p);
      cairo_destroy (cr);
      ok = s->format == TW_EXPORT_PNG ? finish_png (surface, s->dpi, file, name, error)
                                      : finish_surface (surface, file, name, error);
      if (!ok)
        return FALSE;
    }
  g_ptr_array_set_free_func (files, NULL);
  if (files->len < 2)
    {
      if (!tw_save_files_commit ((TwSaveFile **) files->pdata, files->len, error))
        return FALSE;
      drop_old_manifest (path);
      return TRUE;
    }
  manifest = tw_export_manifest_path (path);
  return tw_export_commit_manifest ((TwSaveFile **) files->pdata, (const char * const *) names->pdata,
                                    files->len, manifest, error);
}

/**
 * tw_export_draw_card:
 * @def: the definition
 * @card: index of the card in @def->cards
 * @settings: the card size (card_width, card_height) and bleed to draw at
 *
 * Draws the front of one card exactly as the sheets print it, with user
 * units in millimetres and the cut rectangle's top-left corner at (0, 0);
 * the artwork runs @settings->bleed past it on every side. The Design view's
 * card preview uses it, so that what is previewed is what prints.
 */
void
tw_export_draw_card (cairo_t                *cr,
                     TwDefinition           *def,
                     guint                   card,
                     const TwExportSettings *settings)
{
  g_return_if_fail (def != NULL && card < def->n_cards);

  tw_export_draw_component (cr, def, TW_EXPORT_COMPONENT_CARD_FRONT, card, settings);
}

/**
 * tw_export_draw_component:
 * @def: the definition
 * @what: which kind of component
 * @index: the tile or card in @def (ignored for backs), or the piece in
 *   one colour set (tw_face_piece_index())
 * @settings: the sizes and bleed to draw at
 *
 * Draws one component exactly as the sheets print it (mm, the cut's top-left
 * corner at (0, 0), the bleed around it): the Design view's face preview and
 * the Tabletop Simulator export's images (tw-export-tts.h).
 */
void
tw_export_draw_component (cairo_t                *cr,
                          TwDefinition           *def,
                          TwExportComponent       what,
                          guint                   index,
                          const TwExportSettings *settings)
{
  static const ItemKind kinds[] = {
    [TW_EXPORT_COMPONENT_TILE] = ITEM_TILE,
    [TW_EXPORT_COMPONENT_CARD_FRONT] = ITEM_CARD_FRONT,
    [TW_EXPORT_COMPONENT_CARD_BACK] = ITEM_CARD_BACK,
    [TW_EXPORT_COMPONENT_TILE_BACK] = ITEM_TILE_BACK,
    [TW_EXPORT_COMPONENT_PIECE] = ITEM_PIECE,
  };
  TwExportJob job = { 0 };
  Item it = { 0 };

  g_return_if_fail (cr != NULL && def != NULL && settings != NULL);
  g_return_if_fail ((guint) what < G_N_ELEMENTS (kinds));
  g_return_if_fail (what != TW_EXPORT_COMPONENT_TILE || index < def->n_tiles);
  g_return_if_fail (what != TW_EXPORT_COMPONENT_CARD_FRONT || index < def->n_cards);
  g_return_if_fail (what != TW_EXPORT_COMPONENT_PIECE
                    || index < tw_face_n_subjects (def, TW_FACE_PIECE));

  job.def = def;
  job.settings = *settings;
  it.kind = kinds[what];
  it.index = index;
  if (what == TW_EXPORT_COMPONENT_PIECE)
    {
      it.index = index % def->n_pieces;
      it.color = index / def->n_pieces;
    }
  component_size (&job, &it, &it.w, &it.h);
  draw_item (&job, cr, &it);
}
