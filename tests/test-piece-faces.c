/* test-piece-faces.c: faces of polyomino pieces (tw-faces.h, tw-export.h)
 *
 * The `piece` and `piece.ID` faces read and checked at line and column,
 * their fields filled in per piece and colour set, and the sheets: a face
 * changes the pixels inside a piece's outline (its cells and their bleed)
 * and none outside it, and without a face (or with a face of the module's
 * drawing alone) a piece prints as it always has.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "tw-export.h"
#include "tw-face-draw.h"
#include "tw-faces.h"
#include "tw-test-render.h"

#define PX_PER_MM 10

static char *tmp_dir;

/* Blokus Shuffle's own file, with @edit applied to its pieces (the text
 * after "{id: @after, " gets @insert) and @faces at the end. */
static char *
definition_text (const char *faces,
                 const char *after,
                 const char *insert)
{
  g_autofree char *path = tw_definition_bundled_path ("blokus-shuffle");
  g_autofree char *text = NULL;
  GString *s;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  s = g_string_new (text);
  if (after != NULL)
    {
      g_autofree char *needle = g_strdup_printf ("{id: %s, ", after);
      const char *at = strstr (s->str, needle);

      g_assert_nonnull (at);
      g_string_insert (s, at - s->str + strlen (needle), insert);
    }
  g_string_append (s, "\n");
  g_string_append (s, faces);
  return g_string_free (s, FALSE);
}

static TwDefinition *
load_edited (const char     *faces,
             const char     *after,
             const char     *insert,
             TwDiagnostics **diags_out)
{
  g_autofree char *text = definition_text (faces, after, insert);

  return tw_test_load_text (tmp_dir, text, diags_out);
}

static TwDefinition *
load (const char     *faces,
      TwDiagnostics **diags_out)
{
  return load_edited (faces, NULL, NULL, diags_out);
}

/* The line (1-based) and column of @needle in the text. */
static void
position_of (const char *faces,
             const char *needle,
             guint      *line,
             guint      *column)
{
  g_autofree char *text = definition_text (faces, NULL, NULL);
  const char *at = strstr (text, needle);
  const char *line_start = text;

  g_assert_nonnull (at);
  *line = 1;
  for (const char *c = text; c < at; c++)
    if (*c == '\n')
      {
        (*line)++;
        line_start = c + 1;
      }
  *column = at - line_start + 1;
}

/* Whether @diags has an error where @needle is whose message contains
 * @words (and, when not NULL, whose hint contains @hint). */
static gboolean
has_error_at (TwDiagnostics *diags,
              const char    *faces,
              const char    *needle,
              const char    *words,
              const char    *hint)
{
  guint line, column;

  position_of (faces, needle, &line, &column);
  for (guint i = 0; i < tw_diagnostics_get_n (diags); i++)
    {
      const TwDiag *d = tw_diagnostics_get (diags, i);
      if (d->level == TW_DIAG_ERROR && d->line == line && d->column == column
          && strstr (d->message, words) != NULL
          && (hint == NULL || (d->hint != NULL && strstr (d->hint, hint) != NULL)))
        return TRUE;
    }
  {
    g_autofree char *all = tw_diagnostics_to_string (diags);
    g_test_message ("wanted at %u:%u: %s; got:\n%s", line, column, words, all);
  }
  return FALSE;
}

static void
test_fields (void)
{
  g_autoptr(TwDefinition) def = load_edited (
    "faces:\n"
    "  piece:\n"
    "    - {type: text, text: \"{id} {name} {size} {count} {color} {color-name} {game}\"}\n"
    "    - {type: text, text: \"{art|-} {flavour|plain}\"}\n"
    "  piece.i5:\n"
    "    - {type: rect, fill: \"{color}\"}\n",
    "l5", "name: Long L, art: \"art/{color}.png\", fields: {flavour: Salty}, ", NULL);
  gint l5, i5, i1;
  g_autofree char *red_l5 = NULL, *blue_i1 = NULL, *own = NULL, *none = NULL, *i5_color = NULL;

  g_assert_nonnull (def);
  l5 = tw_definition_find_piece (def, "l5");
  i5 = tw_definition_find_piece (def, "i5");
  i1 = tw_definition_find_piece (def, "i1");
  g_assert_cmpint (l5, >=, 0);
  /* 21 pieces in each of the 4 colours' sets */
  g_assert_cmpuint (tw_face_n_subjects (def, TW_FACE_PIECE), ==, 21 * 4);
  g_assert_cmpuint (tw_face_piece_index (def, l5, 2), ==, 2 * 21 + l5);

  red_l5 = tw_face_expand (def, TW_FACE_PIECE, tw_face_piece_index (def, l5, 2),
                           def->faces[0].layers[0].text, FALSE);
  g_assert_cmpstr (red_l5, ==, "l5 Long L 5 1 red Red Blokus Shuffle");
  blue_i1 = tw_face_expand (def, TW_FACE_PIECE, tw_face_piece_index (def, i1, 0),
                            def->faces[0].layers[0].text, FALSE);
  g_assert_cmpstr (blue_i1, ==, "i1 i1 1 1 blue Blue Blokus Shuffle");
  /* the piece's own art and fields; another piece has none */
  own = tw_face_expand (def, TW_FACE_PIECE, tw_face_piece_index (def, l5, 3),
                        def->faces[0].layers[1].text, FALSE);
  g_assert_cmpstr (own, ==, "art/{color}.png Salty");
  none = tw_face_expand (def, TW_FACE_PIECE, tw_face_piece_index (def, i1, 3),
                         def->faces[0].layers[1].text, FALSE);
  g_assert_cmpstr (none, ==, "- plain");
  i5_color = tw_face_expand (def, TW_FACE_PIECE, tw_face_piece_index (def, i5, 1),
                             def->faces[1].layers[0].fill, FALSE);
  g_assert_cmpstr (i5_color, ==, "yellow");

  /* one piece's own face comes first, in every set, whatever the order */
  for (guint set = 0; set < 4; set++)
    {
      g_assert_true (tw_face_find (def, TW_FACE_PIECE, tw_face_piece_index (def, i5, set))
                     == &def->faces[1]);
      g_assert_true (tw_face_find (def, TW_FACE_PIECE, tw_face_piece_index (def, l5, set))
                     == &def->faces[0]);
    }
  /* piece faces are no tile's or card's */
  g_assert_null (tw_face_find (def, TW_FACE_TILE, 0));
  g_assert_null (tw_face_find (def, TW_FACE_CARD, 0));
}

static void
test_errors (void)
{
  static const char faces[] =
    "faces:\n"
    "  piece.i6:\n"
    "    - {type: component}\n"
    "  piece.nothing-like-it:\n"
    "    - {type: component}\n"
    "  piece:\n"
    "    - {type: text, text: \"{title}\"}\n"
    "    - {type: rect, fill: \"{colour}\"}\n"
    "    - {type: component, fill: red}\n"
    "  pieces:\n"
    "    - {type: component}\n";
  TwDiagnostics *diags = NULL;
  TwDefinition *def = load (faces, &diags);

  g_assert_null (def);
  g_assert_true (has_error_at (diags, faces, "piece.i6", "unknown piece 'i6'", "did you mean 'piece.i"));
  g_assert_true (has_error_at (diags, faces, "piece.nothing", "unknown piece 'nothing-like-it'",
                               "the pieces are: i1, i2, i3"));
  g_assert_true (has_error_at (diags, faces, "\"{title}\"", "unknown field '{title}' in face 'piece'",
                               NULL));
  g_assert_true (has_error_at (diags, faces, "\"{colour}\"", "unknown field '{colour}'",
                               "did you mean '{color}'?"));
  g_assert_true (has_error_at (diags, faces, "fill: red}\n  pieces", "fill", NULL));
  g_assert_true (has_error_at (diags, faces, "pieces:\n    - {type: component}\n",
                               "unknown face 'pieces'", "did you mean 'piece'?"));
  tw_diagnostics_free (diags);

  /* a piece's fields as on tiles and cards: a map of scalars */
  def = load_edited ("", "i2", "fields: [a, b], ", &diags);
  g_assert_null (def);
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 1);
  g_assert_nonnull (strstr (tw_diagnostics_get (diags, 0)->message, "'fields' must be a map"));
  tw_diagnostics_free (diags);
}

/* The first page of @def's pieces, at PX_PER_MM, and its job. */
static cairo_surface_t *
draw_first_page (TwDefinition  *def,
                 TwExportJob  **job_out)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;
  TwExportJob *job;
  cairo_surface_t *img;
  cairo_t *cr;

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_PIECES;
  job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 210 * PX_PER_MM, 297 * PX_PER_MM);
  cr = cairo_create (img);
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  tw_export_draw_page (job, cr, 0);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  *job_out = job;
  return img;
}

static guint32
pixel_at (cairo_surface_t *img,
          int              px,
          int              py)
{
  const guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);

  return *(const guint32 *) (data + py * stride + px * 4) & 0xffffff;
}

/* The pixel at (x, y) mm of the page. */
static guint32
pixel_mm (cairo_surface_t *img,
          double           x,
          double           y)
{
  return pixel_at (img, (int) (x * PX_PER_MM), (int) (y * PX_PER_MM));
}

enum { OUTSIDE, EDGE, INSIDE };

static void
mark (guint8 *where,
      int     width,
      int     height,
      double  x0,
      double  y0,
      double  x1,
      double  y1,
      guint8  what,
      guint8  over)
{
  for (int py = MAX (0, (int) (y0 * PX_PER_MM)); py < MIN (height, (int) (y1 * PX_PER_MM) + 1); py++)
    for (int px = MAX (0, (int) (x0 * PX_PER_MM)); px < MIN (width, (int) (x1 * PX_PER_MM) + 1); px++)
      {
        double cx = (px + 0.5) / PX_PER_MM, cy = (py + 0.5) / PX_PER_MM;
        if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1 && where[py * width + px] == over)
          where[py * width + px] = what;
      }
}

/* Every pixel of page 0 of @job: INSIDE a piece's outline (a cell grown by
 * the bleed) by more than 0.2 mm, OUTSIDE every outline by more than that,
 * or on an EDGE where antialiasing blends the two. */
static guint8 *
classify (const TwExportJob *job,
          const TwDefinition *def,
          int                width,
          int                height)
{
  guint8 *where = g_new0 (guint8, (gsize) width * height);
  double cell = 12, b = 1.5, e = 0.2, x, y, w, h;

  for (int pass = 0; pass < 2; pass++)
    for (guint n = 0; tw_export_cut_rect (job, 0, n, &x, &y, &w, &h); n++)
      {
        /* every piece once in each set, in the definition's order */
        const TwPolyomino *poly = &def->pieces[n % def->n_pieces].shape;

        for (guint i = 0; i < poly->n; i++)
          {
            double cx = x + poly->x[i] * cell, cy = y + poly->y[i] * cell;
            if (pass == 0)
              mark (where, width, height, cx - b - e, cy - b - e, cx + cell + b + e,
                    cy + cell + b + e, EDGE, OUTSIDE);
            else
              mark (where, width, height, cx - b + e, cy - b + e, cx + cell + b - e,
                    cy + cell + b - e, INSIDE, EDGE);
          }
      }
  return where;
}

static void
test_outline (void)
{
  g_autoptr(TwDefinition) plain = load ("", NULL);
  g_autoptr(TwDefinition) faced = load (
    "faces:\n"
    "  piece:\n"
    "    - {type: rect, fill: \"#00ff00\", bleed: true}\n"
    "  piece.i5:\n"
    "    - {type: rect, fill: \"#ff00ff\", bleed: true}\n", NULL);
  g_autoptr(TwExportJob) plain_job = NULL, faced_job = NULL;
  cairo_surface_t *before, *after;
  g_autofree guint8 *where = NULL;
  int width, height;
  guint n_inside = 0, n_outside = 0;
  gint i5;

  g_assert_nonnull (plain);
  g_assert_nonnull (faced);
  i5 = tw_definition_find_piece (faced, "i5");
  before = draw_first_page (plain, &plain_job);
  after = draw_first_page (faced, &faced_job);
  width = cairo_image_surface_get_width (after);
  height = cairo_image_surface_get_height (after);
  where = classify (faced_job, faced, width, height);

  for (int py = 0; py < height; py++)
    for (int px = 0; px < width; px++)
      {
        guint8 w = where[py * width + px];

        if (w == OUTSIDE)
          {
            /* the paper, as without a face: nothing drawn past the outline */
            g_assert_cmphex (pixel_at (after, px, py), ==, pixel_at (before, px, py));
            n_outside++;
          }
        else if (w == INSIDE)
          {
            guint32 v = pixel_at (after, px, py);
            g_assert_true (v == 0x00ff00 || v == 0xff00ff);
            g_assert_cmphex (v, !=, pixel_at (before, px, py));
            n_inside++;
          }
      }
  /* both kinds of pixel were seen, in numbers */
  g_assert_cmpuint (n_inside, >, 100000);
  g_assert_cmpuint (n_outside, >, 100000);

  /* i5's own face, and inside the bounding box of a piece with a hole in
   * it (x5's corner) the paper shows */
  {
    double x, y, w, h;
    gint x5 = tw_definition_find_piece (faced, "x5");

    g_assert_true (tw_export_cut_rect (faced_job, 0, i5, &x, &y, &w, &h));
    g_assert_cmphex (pixel_mm (after, x + 30, y + 6), ==, 0xff00ff);
    g_assert_true (tw_export_cut_rect (faced_job, 0, x5, &x, &y, &w, &h));
    g_assert_cmphex (pixel_mm (after, x + 3, y + 3), ==, 0xffffff);
    g_assert_cmphex (pixel_mm (after, x + 18, y + 18), ==, 0x00ff00);
    /* the halo: in the bleed of a cell, outside its cut */
    g_assert_cmphex (pixel_mm (after, x + 12 - 0.7, y + 3), ==, 0x00ff00);
  }
  tw_test_keep_render (after, "piece-faces-outline");
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
}

/* Without a face, a piece is its set's colour with a halo of it in the
 * bleed; a face of the module's drawing alone prints the same page. (That
 * a sheet without faces is byte for byte what it was before faces of
 * pieces was checked once, by cmp of the PNG and SVG exports.) */
static void
test_default (void)
{
  g_autoptr(TwDefinition) plain = load ("", NULL);
  g_autoptr(TwDefinition) component = load ("faces:\n  piece:\n    - {type: component}\n", NULL);
  g_autoptr(TwExportJob) plain_job = NULL, component_job = NULL;
  cairo_surface_t *before, *after;
  int width, height;
  guint n_differ = 0;
  double x, y, w, h;
  gint x5;

  g_assert_nonnull (plain);
  g_assert_nonnull (component);
  before = draw_first_page (plain, &plain_job);
  after = draw_first_page (component, &component_job);
  width = cairo_image_surface_get_width (after);
  height = cairo_image_surface_get_height (after);
  /* the same page; the face's clip to the outline composites the cells'
   * translucent lines through a mask, which may round a channel by 2/255 */
  for (int py = 0; py < height; py++)
    for (int px = 0; px < width; px++)
      {
        guint32 u = pixel_at (before, px, py), v = pixel_at (after, px, py);

        for (int k = 0; k < 24; k += 8)
          g_assert_cmpint (abs ((int) ((u >> k) & 0xff) - (int) ((v >> k) & 0xff)), <=, 2);
        n_differ += u != v;
      }
  /* and the same wherever nothing translucent is drawn: nearly everywhere */
  g_assert_cmpuint (n_differ, <, (guint) (width * height / 100));

  /* x5, blue: its cells, its halo, the paper in its corner */
  x5 = tw_definition_find_piece (plain, "x5");
  g_assert_true (tw_export_cut_rect (plain_job, 0, x5, &x, &y, &w, &h));
  g_assert_cmphex (pixel_mm (before, x + 18, y + 18), ==, 0x1f5fbf);
  g_assert_cmphex (pixel_mm (before, x + 12 - 0.7, y + 3), ==, 0x1f5fbf);
  g_assert_cmphex (pixel_mm (before, x + 12 - 2, y + 3), ==, 0xffffff);
  g_assert_cmphex (pixel_mm (before, x + 3, y + 3), ==, 0xffffff);
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
}

/* A component layer in a smaller box: the piece fitted into it, centred;
 * the Design view's preview draws one piece of one set alone. */
static void
test_component_box (void)
{
  g_autoptr(TwDefinition) def = load (
    "faces:\n"
    "  piece:\n"
    "    - {type: rect, fill: \"#ffffff\", bleed: true}\n"
    "    - {type: component, w: 100%, h: 50%}\n", NULL);
  TwExportSettings s;
  cairo_surface_t *img;
  cairo_t *cr;
  gint o4;

  g_assert_nonnull (def);
  o4 = tw_definition_find_piece (def, "o4");
  tw_export_settings_init (&s);
  img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 27 * PX_PER_MM, 27 * PX_PER_MM);
  cr = cairo_create (img);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  cairo_translate (cr, 1.5, 1.5);
  tw_export_draw_component (cr, def, TW_EXPORT_COMPONENT_PIECE,
                            tw_face_piece_index (def, o4, 3), &s);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  /* o4 is 24 x 24 mm; in the top half, 24 x 12 mm, it is drawn 12 x 12 mm
   * from x = 6 mm, in green, the fourth set's colour */
  g_assert_cmphex (pixel_mm (img, 1.5 + 9, 1.5 + 3), ==, 0x2e9e4f);
  g_assert_cmphex (pixel_mm (img, 1.5 + 15, 1.5 + 9), ==, 0x2e9e4f);
  g_assert_cmphex (pixel_mm (img, 1.5 + 3, 1.5 + 3), ==, 0xffffff);   /* beside it */
  g_assert_cmphex (pixel_mm (img, 1.5 + 21, 1.5 + 3), ==, 0xffffff);
  g_assert_cmphex (pixel_mm (img, 1.5 + 9, 1.5 + 18), ==, 0xffffff);  /* below the box */
  g_assert_cmphex (pixel_mm (img, 0.5, 0.5), ==, 0xffffff);           /* the bleed */
  cairo_surface_destroy (img);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("tw-piece-faces-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/tw/piece-faces/fields", test_fields);
  g_test_add_func ("/tw/piece-faces/errors", test_errors);
  g_test_add_func ("/tw/piece-faces/outline", test_outline);
  g_test_add_func ("/tw/piece-faces/default", test_default);
  g_test_add_func ("/tw/piece-faces/component-box", test_component_box);
  status = g_test_run ();
  {
    g_autofree char *game = g_build_filename (tmp_dir, "game.yaml", NULL);
    g_unlink (game);
    g_rmdir (tmp_dir);
  }
  return status;
}
