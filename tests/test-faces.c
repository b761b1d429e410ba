/* test-faces.c: card and tile faces as data (tw-faces.h, tw-face-draw.h)
 *
 * The `faces:` section read and checked at line and column, fields filled
 * in, layers drawn where they say (pixels of a cairo image at 10 px/mm),
 * images loaded and refused, and the sheets' layouts: nine poker cards to
 * a page edge to edge, duplex backs of tiles on the short edge with an
 * offset.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tw-export.h"
#include "tw-face-draw.h"
#include "tw-test-render.h"
#include "tw-pdf-boxes.h"
#include "tw-rules.h"

static char *tmp_dir;

/* Colorblock's own file up to its variant, then @faces; written next to the
 * test's images so that relative paths resolve. */
static char *
definition_text (const char *faces)
{
  g_autofree char *path = tw_definition_bundled_path ("colorblock");
  g_autofree char *text = NULL;
  char *variant;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  variant = strstr (text, "\nvariant:");
  g_assert_nonnull (variant);
  variant[1] = '\0';
  return g_strconcat (text, faces, NULL);
}

static TwDefinition *
load (const char     *faces,
      TwDiagnostics **diags_out)
{
  g_autofree char *text = definition_text (faces);

  return tw_test_load_text (tmp_dir, text, diags_out);
}

/* The line of the text where @needle is (1-based). */
static guint
line_of (const char *faces,
         const char *needle)
{
  g_autofree char *text = definition_text (faces);
  const char *at = strstr (text, needle);
  guint line = 1;

  g_assert_nonnull (at);
  for (const char *c = text; c < at; c++)
    line += *c == '\n';
  return line;
}

/* Whether @diags has a problem at @line whose message contains @words. */
static gboolean
has_problem (TwDiagnostics *diags,
             TwDiagLevel    level,
             guint          line,
             const char    *words)
{
  for (guint i = 0; i < tw_diagnostics_get_n (diags); i++)
    {
      const TwDiag *d = tw_diagnostics_get (diags, i);
      if (d->level == level && d->line == line && strstr (d->message, words) != NULL)
        return TRUE;
    }
  {
    g_autofree char *all = tw_diagnostics_to_string (diags);
    g_test_message ("wanted at line %u: %s; got:\n%s", line, words, all);
  }
  return FALSE;
}

static void
write_png (const char *name,
           int         w,
           int         h,
           double      r,
           double      g,
           double      b)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, r, g, b);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
}

static void
test_fields (void)
{
  g_autoptr(TwDefinition) def = load (
    "faces:\n"
    "  card:\n"
    "    - {type: text, text: \"{title} ({points}) {{x}} {color-name|no colour} {art|-}\"}\n", NULL);
  gint five_red = tw_definition_find_card (def, "five-red");
  gint size_3 = tw_definition_find_card (def, "size-3");
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  g_assert_nonnull (def);
  g_assert_cmpuint (def->n_faces, ==, 1);
  g_assert_nonnull (tw_face_find (def, TW_FACE_CARD, five_red));
  g_assert_null (tw_face_find (def, TW_FACE_CARD_BACK, 0));
  g_assert_null (tw_face_find (def, TW_FACE_TILE, 0));
  a = tw_face_expand (def, TW_FACE_CARD, five_red, def->faces[0].layers[0].text, FALSE);
  g_assert_cmpstr (a, ==, "Red Five (2) {x} Red -");
  b = tw_face_expand (def, TW_FACE_CARD, size_3, def->faces[0].layers[0].text, FALSE);
  g_assert_cmpstr (b, ==, "Three (1) {x} no colour -");
  /* a parameter by its name, the card's default text, markup escaped */
  c = tw_face_expand (def, TW_FACE_CARD, size_3, "{tiles}|{text}|{game}", TRUE);
  g_assert_cmpstr (c, ==, "3|Make any shape with the pictured number of tiles.|Colorblock");
}

/* A card written as an expression and without text of its own says its
 * condition, not its kind's "meet the condition written on the card"; a card
 * with text says its text; one of a C kind its kind's description. */
static void
test_expression_text (void)
{
  g_autofree char *base = definition_text ("");
  g_autoptr(GString) text = g_string_new (base);
  g_autofree char *path = g_build_filename (tmp_dir, "expression-text.yaml", NULL);
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (path);
  g_autoptr(TwDefinition) def = NULL;
  g_autofree char *said = NULL;

  g_assert_cmpuint (g_string_replace (text, "\ncards:\n",
                                      "\ncards:\n"
                                      "  - {id: big-island, kind: expression, points: 2, title: Big,\n"
                                      "     params: {when: 'shape.island and shape.size >= 4'}}\n"
                                      "  - {id: told, kind: expression, points: 1, title: Told,\n"
                                      "     params: {when: 'shape.size >= 6'}, text: Six or more.}\n",
                                      1), ==, 1);
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  def = tw_definition_load_file (path, diags, NULL);
  g_assert_nonnull (def);

  const TwCardDef *big = &def->cards[tw_definition_find_card (def, "big-island")];
  const TwCardDef *told = &def->cards[tw_definition_find_card (def, "told")];
  const TwCardDef *size3 = &def->cards[tw_definition_find_card (def, "size-3")];
  g_assert_cmpstr (tw_card_text (def, big), ==, "shape.island and shape.size >= 4");
  g_assert_cmpstr (tw_card_text (def, told), ==, "Six or more.");
  g_assert_cmpstr (tw_card_text (def, size3), ==,
                   def->rules->card_kinds[size3->kind].description);
  /* the face's {text} is the same */
  said = tw_face_expand (def, TW_FACE_CARD, tw_definition_find_card (def, "big-island"),
                         "{text}", FALSE);
  g_assert_cmpstr (said, ==, "shape.island and shape.size >= 4");
}

static void
test_own_fields (void)
{
  /* a card's own `art:` and `fields:`, which a face may name */
  g_autofree char *text = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new ("own.yaml");
  g_autofree char *v = NULL, *none = NULL;
  gint island;

  text = definition_text ("faces:\n  card:\n    - {type: text, text: \"{flavour|plain} <{art}>\"}\n");
  {
    /* give the island card a flavour and art */
    GString *s = g_string_new (text);
    const char *at = strstr (s->str, "{id: island, kind: island");
    g_assert_nonnull (at);
    g_string_insert (s, at - s->str + 1, "art: island.png, fields: {flavour: Salty}, ");
    g_free (text);
    text = g_string_free (s, FALSE);
  }
  def = tw_definition_load_data (text, -1, "own.yaml", diags, NULL);
  g_assert_nonnull (def);
  island = tw_definition_find_card (def, "island");
  v = tw_face_expand (def, TW_FACE_CARD, island, def->faces[0].layers[0].text, FALSE);
  g_assert_cmpstr (v, ==, "Salty <island.png>");
  none = tw_face_expand (def, TW_FACE_CARD, 0, def->faces[0].layers[0].text, FALSE);
  g_assert_cmpstr (none, ==, "plain <>");
}

static void
test_errors (void)
{
  static const char faces[] =
    "faces:\n"
    "  card:\n"
    "    - {type: txt, text: hello}\n"
    "    - {type: text, text: \"{titel}\"}\n"
    "    - {type: rect, fill: purple}\n"
    "    - {type: rect, fill: \"#fff\", x: 3 furlongs}\n"
    "    - {type: icon, icon: unicorn}\n"
    "    - {type: text, text: \"{title\"}\n"
    "    - {type: image, file: a.png, colour: red}\n"
    "  card.no-such-kind:\n"
    "    - {type: component}\n"
    "  tiles:\n"
    "    - {type: component}\n";
  TwDiagnostics *diags = NULL;
  TwDefinition *def = load (faces, &diags);

  g_assert_null (def);
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "type: txt"), "txt"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "{titel}"), "unknown field '{titel}'"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "purple"), "not a colour"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "furlongs"), "not a length"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "unicorn"), "unknown icon"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "{title\""), "without its '}'"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "colour: red"), "colour"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "no-such-kind"), "unknown card kind"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "tiles:\n    - {type: component}"),
                              "unknown face 'tiles'"));
  tw_diagnostics_free (diags);
}

/* A card drawn alone at 10 px/mm; returns the image. */
static cairo_surface_t *
draw_card (TwDefinition *def,
           const char   *id,
           double        bleed)
{
  TwExportSettings s;
  cairo_surface_t *img;
  cairo_t *cr;

  tw_export_settings_init (&s);
  s.bleed = bleed;
  img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ((63 + 2 * bleed) * 10),
                                    (int) ((88 + 2 * bleed) * 10));
  cr = cairo_create (img);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, 10, 10);
  cairo_translate (cr, bleed, bleed);
  tw_export_draw_card (cr, def, tw_definition_find_card (def, id), &s);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  return img;
}

/* The pixel at (x, y) mm of the cut, 0xRRGGBB. */
static guint32
pixel (cairo_surface_t *img,
       double           bleed,
       double           x,
       double           y)
{
  const guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
  int px = (int) ((x + bleed) * 10), py = (int) ((y + bleed) * 10);

  return *(const guint32 *) (data + py * stride + px * 4) & 0xffffff;
}

static void
test_draw_layers (void)
{
  g_autoptr(TwDefinition) def = NULL;
  cairo_surface_t *img;

  write_png ("green.png", 40, 20, 0, 1, 0);
  def = load ("faces:\n"
              "  card:\n"
              "    - {type: rect, fill: \"#0000ff\", bleed: true}\n"
              "    - {type: rect, h: 10, fill: \"{color|#ffff00}\", bleed: true}\n"
              "    - {type: image, file: green.png, x: 10, y: 20, w: 40, h: 20, fit: stretch}\n"
              "    - {type: image, file: \"{art}\", x: 10, y: 50, w: 10, h: 10}\n"
              "    - {type: symbols, icon: square, count: \"{points}\", x: 10, y: 70, w: 50, size: 5,"
              " spacing: 1, color: \"#ff0000\"}\n"
              "    - {type: rect, x: 50%, y: 60, w: 5, h: 5, fill: \"#000000\", opacity: 0.5}\n"
              "    - {type: image, file: green.png, x: 45, y: 75, w: 15, h: 12}\n",
              NULL);
  g_assert_nonnull (def);

  /* "five-red": a red header; the picture; two points */
  img = draw_card (def, "five-red", 2);
  g_assert_cmphex (pixel (img, 2, 30, 5), ==, 0xd0312d);     /* header, the card's colour */
  g_assert_cmphex (pixel (img, 2, 30, -1.5), ==, 0xd0312d);  /* run into the bleed */
  g_assert_cmphex (pixel (img, 2, 5, 30), ==, 0x0000ff);     /* the background */
  g_assert_cmphex (pixel (img, 2, 30, 30), ==, 0x00ff00);    /* the image, stretched */
  g_assert_cmphex (pixel (img, 2, 5, -1.5), ==, 0xd0312d);
  g_assert_cmphex (pixel (img, 2, 12.5, 72.5), ==, 0xff0000); /* symbol 1 of 2 */
  g_assert_cmphex (pixel (img, 2, 18.5, 72.5), ==, 0xff0000); /* symbol 2, 6 mm further */
  g_assert_cmphex (pixel (img, 2, 24.5, 72.5), ==, 0x0000ff); /* no third */
  /* half-transparent black over blue */
  g_assert_cmphex (pixel (img, 2, 33.5, 62.5) & 0xffff00, ==, 0);
  g_assert_cmpuint (pixel (img, 2, 33.5, 62.5) & 0xff, >, 0x70);
  g_assert_cmpuint (pixel (img, 2, 33.5, 62.5) & 0xff, <, 0x90);
  /* no art: the layer draws nothing */
  g_assert_cmphex (pixel (img, 2, 15, 55), ==, 0x0000ff);
  /* contained: 15 x 7.5 mm in the middle of its 15 x 12 mm box, the rest
   * of the box untouched */
  g_assert_cmphex (pixel (img, 2, 52, 81), ==, 0x00ff00);
  g_assert_cmphex (pixel (img, 2, 52, 76), ==, 0x0000ff);
  g_assert_cmphex (pixel (img, 2, 52, 86), ==, 0x0000ff);
  tw_test_keep_render (img, "faces-layers-five-red");
  cairo_surface_destroy (img);

  /* "size-3": no colour parameter, the fallback header */
  img = draw_card (def, "size-3", 2);
  g_assert_cmphex (pixel (img, 2, 30, 5), ==, 0xffff00);
  cairo_surface_destroy (img);
}

/* An SVG fitted three ways into a box of another shape: stretched, it
 * fills the box (librsvg alone would keep its proportions); contained, it
 * keeps them inside it; covering, it fills the box and is clipped to it. */
static void
test_svg_fits (void)
{
  g_autofree char *svg = g_build_filename (tmp_dir, "wide.svg", NULL);
  g_autoptr(TwDefinition) def = NULL;
  cairo_surface_t *img;

  /* 2:1, green */
  g_assert_true (g_file_set_contents (svg,
                                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" "
                                      "height=\"100\" viewBox=\"0 0 200 100\"><rect width=\"200\" "
                                      "height=\"100\" fill=\"#00ff00\"/></svg>\n", -1, NULL));
  def = load ("faces:\n"
              "  card:\n"
              "    - {type: rect, fill: \"#0000ff\", bleed: true}\n"
              "    - {type: image, file: wide.svg, x: 5, y: 5, w: 20, h: 30, fit: stretch}\n"
              "    - {type: image, file: wide.svg, x: 30, y: 5, w: 20, h: 30, fit: contain}\n"
              "    - {type: image, file: wide.svg, x: 5, y: 45, w: 20, h: 30, fit: cover}\n",
              NULL);
  g_assert_nonnull (def);
  img = draw_card (def, "five-red", 2);
  /* stretched: the box's top and bottom rows too */
  g_assert_cmphex (pixel (img, 2, 15, 6), ==, 0x00ff00);
  g_assert_cmphex (pixel (img, 2, 15, 34), ==, 0x00ff00);
  g_assert_cmphex (pixel (img, 2, 6, 20), ==, 0x00ff00);
  /* contained: 20 x 10 mm across the middle of the 20 x 30 box */
  g_assert_cmphex (pixel (img, 2, 40, 20), ==, 0x00ff00);
  g_assert_cmphex (pixel (img, 2, 40, 8), ==, 0x0000ff);
  g_assert_cmphex (pixel (img, 2, 40, 32), ==, 0x0000ff);
  /* covering: the whole box, nothing beyond it */
  g_assert_cmphex (pixel (img, 2, 6, 46), ==, 0x00ff00);
  g_assert_cmphex (pixel (img, 2, 24, 74), ==, 0x00ff00);
  g_assert_cmphex (pixel (img, 2, 27, 60), ==, 0x0000ff);
  cairo_surface_destroy (img);
}

static void
test_text_fits (void)
{
  g_autoptr(TwDefinition) def = NULL;
  cairo_surface_t *img;
  gboolean inked_low = FALSE, inked_outside = FALSE;

  /* a long text shrunk into a 40x10 mm box, centred: ink inside, none below */
  def = load ("faces:\n"
              "  card:\n"
              "    - {type: text, text: \"{text} {text} {text}\", x: 10, y: 10, w: 40, h: 10,"
              " size: 30, shrink: true, color: \"#000000\"}\n", NULL);
  g_assert_nonnull (def);
  img = draw_card (def, "five-red", 0);
  for (double y = 10; y < 20; y += 0.2)
    for (double x = 10; x < 50; x += 0.2)
      inked_low |= pixel (img, 0, x, y) != 0xffffff;
  for (double y = 20.5; y < 40; y += 0.2)
    for (double x = 0; x < 63; x += 0.2)
      inked_outside |= pixel (img, 0, x, y) != 0xffffff;
  g_assert_true (inked_low);
  g_assert_false (inked_outside);
  tw_test_keep_render (img, "faces-text-shrunk");
  cairo_surface_destroy (img);
}

static void
test_images_checked (void)
{
  g_autofree char *corrupt = g_build_filename (tmp_dir, "corrupt.png", NULL);
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwDiagnostics) diags = NULL;
  static const char faces[] =
    "faces:\n"
    "  card:\n"
    "    - {type: image, file: missing.png}\n"
    "    - {type: image, file: wide.png}\n"
    "    - {type: image, file: corrupt.png}\n"
    "    - {type: image, file: green.png}\n"
    "  card-back:\n"
    "    - {type: text, text: \"{game}\", font: No Such Font Family 12}\n";
  const char png_header[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02\0\0\0";

  write_png ("green.png", 40, 20, 0, 1, 0);
  /* wider than the limit (tiny on disk) */
  write_png ("wide.png", TW_FACE_IMAGE_MAX_SIDE + 1, 1, 1, 1, 1);
  /* a PNG header and nothing after it */
  g_assert_true (g_file_set_contents (corrupt, png_header, sizeof png_header - 1, NULL));
  tw_face_images_clear ();

  def = load (faces, NULL);
  g_assert_nonnull (def);
  diags = tw_diagnostics_new ("game.yaml");
  tw_faces_check (def, diags, TRUE);
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "missing.png"), "missing.png"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "wide.png"), "over the limit"));
  g_assert_true (has_problem (diags, TW_DIAG_ERROR, line_of (faces, "corrupt.png"), "corrupt.png"));
  g_assert_true (has_problem (diags, TW_DIAG_WARNING, line_of (faces, "No Such Font"), "not installed"));
  g_assert_cmpuint (tw_diagnostics_n_errors (diags), ==, 3);

  /* drawing them anyway neither crashes nor stops: a crossed box */
  {
    cairo_surface_t *img = draw_card (def, "size-3", 0);
    g_assert_cmphex (pixel (img, 0, 30, 30), !=, 0xffffff);
    tw_test_keep_render (img, "faces-missing-images");
    cairo_surface_destroy (img);
  }
}

/* Defaults: 63x88 mm cards nine to an A4 page and to a Letter page, edge
 * to edge, a cut shared between neighbours. */
static void
test_nine_up (void)
{
  g_autoptr(TwDefinition) def = load ("", NULL);
  const char *papers[] = { "a4", "letter" };

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      TwExportSettings s;
      g_autoptr(GError) error = NULL;
      g_autoptr(TwExportJob) job = NULL;
      double x0, y0, w, h, x1, y1, x3, y3;

      tw_export_settings_init (&s);
      s.what = TW_EXPORT_CARDS;
      g_assert_true (tw_export_set_paper (&s, papers[p], &error));
      job = tw_export_job_new (def, &s, &error);
      g_assert_no_error (error);
      /* 15 cards: 9 and 6 */
      g_assert_cmpuint (tw_export_job_n_pages (job), ==, 2);
      g_assert_true (tw_export_cut_rect (job, 0, 8, &x0, &y0, &w, &h));
      g_assert_false (tw_export_cut_rect (job, 0, 9, &x0, &y0, &w, &h));
      g_assert_true (tw_export_cut_rect (job, 0, 0, &x0, &y0, &w, &h));
      g_assert_true (tw_export_cut_rect (job, 0, 1, &x1, &y1, &w, &h));
      g_assert_true (tw_export_cut_rect (job, 0, 3, &x3, &y3, &w, &h));
      g_assert_cmpfloat_with_epsilon (x1, x0 + 63, 1e-9);
      g_assert_cmpfloat_with_epsilon (y3, y0 + 88, 1e-9);
      /* the block and its bleed stay inside the margins */
      g_assert_cmpfloat (x0 - s.bleed, >=, s.margin - 1e-9);
      g_assert_cmpfloat (y0 - s.bleed, >=, s.margin - 1e-9);
    }
}

static void
test_tile_backs (void)
{
  g_autoptr(TwDefinition) def = load ("", NULL);
  TwExportSettings s;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwExportJob) job = NULL;
  double fx, fy, fw, fh, bx, by, bw, bh;

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_TILES;
  s.duplex = TRUE;
  s.short_edge = TRUE;
  s.back_offset_x = 0.5;
  s.back_offset_y = -1;
  job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  /* 40 mm tiles with 1.5 mm bleed, bleed to bleed: 4 x 6 on A4, 75 tiles
   * on 4 pages of fronts, each followed by its backs */
  g_assert_cmpuint (tw_export_job_n_pages (job), ==, 8);
  g_assert_true (tw_export_cut_rect (job, 0, 0, &fx, &fy, &fw, &fh));
  g_assert_true (tw_export_cut_rect (job, 1, 0, &bx, &by, &bw, &bh));
  /* flipped on the short edge: the same column, the mirrored row */
  g_assert_cmpfloat_with_epsilon (bx, fx + 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (by, 297 - fy - fh - 1, 1e-9);
  g_assert_true (tw_export_cut_rect (job, 0, 23, &fx, &fy, &fw, &fh));
  g_assert_false (tw_export_cut_rect (job, 0, 24, &fx, &fy, &fw, &fh));
}

static char *
run (const char *cmdline,
     int        *status)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_spawn_command_line_sync (cmdline, &out, &err, status, &error))
    g_error ("%s: %s", cmdline, error->message);
  return g_strconcat (out, err, NULL);
}

/* A PDF of components one to a page ("fit": the page is the bleed box)
 * says where to cut: TrimBox the card, BleedBox the page; qpdf finds the
 * file sound after the boxes went in. */
static void
test_pdf_boxes (void)
{
  g_autoptr(TwDefinition) def = load ("", NULL);
  g_autofree char *path = g_build_filename (tmp_dir, "fit.pdf", NULL);
  g_autofree char *cmd = NULL, *info = NULL, *check = NULL;
  TwExportSettings s;
  g_autoptr(GError) error = NULL;
  g_autoptr(TwExportJob) job = NULL;
  int status;

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_CARDS;
  s.bleed = 3;
  g_assert_true (tw_export_set_paper (&s, "fit", &error));
  job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  g_assert_true (tw_export_write (job, path, &error));
  g_assert_no_error (error);

  cmd = g_strdup_printf ("pdfinfo -box -f 15 -l 15 '%s'", path);
  info = run (cmd, &status);
  g_assert_cmpint (status, ==, 0);
  /* 63 x 88 mm with 3 mm bleed: a 69 x 94 mm page, the cut 3 mm in */
  g_assert_nonnull (strstr (info, "Page   15 TrimBox:       8.50     8.50   187.09   257.95"));
  g_assert_nonnull (strstr (info, "Page   15 BleedBox:      0.00     0.00   195.59   266.46"));
  g_assert_null (strstr (info, "Error"));
  g_free (cmd);
  cmd = g_strdup_printf ("qpdf --check '%s'", path);
  check = run (cmd, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_null (strstr (check, "WARNING"));

  /* what is not cairo's layout is left alone */
  {
    static const char junk[] = "%PDF-1.5\n<< /Type /Page /MediaBox [ 0 0 1 1 ] >>\nno table";
    TwPdfBox box = { 0, 0, 1, 1 };
    g_assert_null (tw_pdf_add_boxes ((const guint8 *) junk, sizeof junk - 1, &box, &box, 1));
    g_assert_null (tw_pdf_add_boxes ((const guint8 *) junk, sizeof junk - 1, &box, &box, 2));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("tw-faces-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/tw/faces/fields", test_fields);
  g_test_add_func ("/tw/faces/own-fields", test_own_fields);
  g_test_add_func ("/tw/faces/expression-text", test_expression_text);
  g_test_add_func ("/tw/faces/errors", test_errors);
  g_test_add_func ("/tw/faces/draw-layers", test_draw_layers);
  g_test_add_func ("/tw/faces/svg-fits", test_svg_fits);
  g_test_add_func ("/tw/faces/text-fits", test_text_fits);
  g_test_add_func ("/tw/faces/images-checked", test_images_checked);
  g_test_add_func ("/tw/faces/nine-up", test_nine_up);
  g_test_add_func ("/tw/faces/tile-backs", test_tile_backs);
  g_test_add_func ("/tw/faces/pdf-boxes", test_pdf_boxes);
  return g_test_run ();
}
