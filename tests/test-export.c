/* test-export.c: print sheets land where the maths says
 *
 * PDFs are checked with pdfinfo (page count and size) and rendered with
 * pdftoppm at 254 DPI (10 pixels per millimetre) to look at pixels where crop
 * marks and artwork must be, and must not be. PNGs carry their DPI; the
 * Tabletop Simulator export's JSON is read back with json-glib and its
 * images measured.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "tw-export.h"
#include "tw-export-manifest.h"
#include "tw-export-tts.h"
#include "tw-png.h"

static TwDefinition *def;

static char *
run (const char *cmdline)
{
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (!g_spawn_command_line_sync (cmdline, &out, NULL, &status, &error))
    g_error ("%s: %s", cmdline, error->message);
  g_assert_cmpint (status, ==, 0);
  return g_steal_pointer (&out);
}

/* The value of a "Key:   value" line of pdfinfo's output. */
static char *
info_value (const char *info,
            const char *key)
{
  const char *at = strstr (info, key);
  g_assert_nonnull (at);
  at += strlen (key);
  const char *end = strchr (at, '\n');
  g_autofree char *value = g_strndup (at, end ? (gsize) (end - at) : strlen (at));
  return g_strdup (g_strstrip (value));
}

static char *
tmp_path (const char *name)
{
  static char *dir;
  if (dir == NULL)
    dir = g_dir_make_tmp ("tw-export-XXXXXX", NULL);
  return g_build_filename (dir, name, NULL);
}

/* The pHYs chunk of a PNG file, read from its chunks (not with the library
 * that wrote it): pixels per metre across and down, and the unit (1 = metre).
 * FALSE when there is none before the image data. */
/* A big-endian 32-bit number at any address (PNG chunks are not aligned). */
static guint32
be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static gboolean
read_phys (const char *path,
           guint32    *x,
           guint32    *y,
           guint      *unit)
{
  g_autofree guint8 *data = NULL;
  gsize len = 0;
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

  g_assert_true (g_file_get_contents (path, (char **) &data, &len, NULL));
  g_assert_cmpuint (len, >, 8);
  g_assert_cmpmem (data, 8, signature, 8);
  for (gsize at = 8; at + 12 <= len;)
    {
      guint32 n = be32 (data + at);
      const guint8 *type = data + at + 4, *body = data + at + 8;

      g_assert_cmpuint (at + 12 + n, <=, len);
      if (memcmp (type, "IDAT", 4) == 0)
        return FALSE;
      if (memcmp (type, "pHYs", 4) == 0)
        {
          g_assert_cmpuint (n, ==, 9);
          *x = be32 (body);
          *y = be32 (body + 4);
          *unit = body[8];
          return TRUE;
        }
      at += 12 + n;
    }
  return FALSE;
}

static TwExportJob *
job_for (TwExportWhat what,
         const char  *paper,
         double       bleed)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;

  tw_export_settings_init (&s);
  /* the layout of the first release: margins, gaps, no shared cuts */
  s.margin = 10;
  s.gap = 4;
  s.shared_cuts = 0;
  s.what = what;
  s.bleed = bleed;
  g_assert_true (tw_export_set_paper (&s, paper, &error));
  TwExportJob *job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  return job;
}

/* 75 tiles of 40 mm with 3 mm bleed and 4 mm gaps: 3 across and 5 down on A4
 * inside 10 mm margins, so 5 pages of 595x842 pt; the grid, 3 x 46 mm + 2 x
 * 4 mm = 146 mm wide, centred across the 210 mm page: 32 mm on each side. */
static void
test_tile_pdf (void)
{
  g_autoptr(TwExportJob) job = job_for (TW_EXPORT_TILES, "a4", 3);
  g_autofree char *path = tmp_path ("tiles.pdf");
  g_autoptr(GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();

  g_assert_cmpuint (tw_export_job_n_pages (job), ==, 5);
  g_assert_true (tw_export_write (job, path, &error));
  g_assert_no_error (error);
  g_test_message ("75-tile sheet as PDF: %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);

  g_autofree char *cmd = g_strdup_printf ("pdfinfo '%s'", path);
  g_autofree char *info = run (cmd);
  g_autofree char *pages = info_value (info, "Pages:");
  g_autofree char *size = info_value (info, "Page size:");
  g_assert_cmpstr (pages, ==, "5");
  g_assert_cmpstr (size, ==, "595.276 x 841.89 pts (A4)");

  /* the first tile's cut rectangle: 32 mm (centred) or 10 mm margin (top),
   * + 3 mm bleed */
  double x, y, w, h;
  g_assert_true (tw_export_cut_rect (job, 0, 0, &x, &y, &w, &h));
  g_assert_cmpfloat_with_epsilon (x, 35, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 13, 1e-9);
  g_assert_cmpfloat_with_epsilon (w, 40, 1e-9);
  g_assert_true (tw_export_cut_rect (job, 0, 1, &x, &y, &w, &h));
  g_assert_cmpfloat_with_epsilon (x, 35 + 40 + 3 + 4 + 3, 1e-9);
  /* the last column's bleed ends 32 mm from the right edge */
  g_assert_true (tw_export_cut_rect (job, 0, 2, &x, &y, &w, &h));
  g_assert_cmpfloat_with_epsilon (210 - (x + w + 3), 32, 1e-9);

  /* render page 1 at 10 px/mm */
  g_autofree char *png_stem = tmp_path ("page");
  g_free (cmd);
  cmd = g_strdup_printf ("pdftoppm -r 254 -f 1 -l 1 -png -singlefile '%s' '%s'", path, png_stem);
  g_free (run (cmd));
  g_autofree char *png = g_strconcat (png_stem, ".png", NULL);
  cairo_surface_t *img = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  /* pdftoppm rounds the page up to whole pixels */
  g_assert_cmpint (ABS (cairo_image_surface_get_width (img) - 2100), <=, 1);
  g_assert_cmpint (ABS (cairo_image_surface_get_height (img) - 2970), <=, 1);
  const guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
#define LUMA(px, py) (data[(py) * stride + (px) * 4 + 1])
  /* a crop mark on the cut line x = 35 mm in the top margin (4..6 mm from the top edge) */
  gboolean mark = FALSE;
  for (int px = 348; px <= 351; px++)
    mark |= LUMA (px, 60) < 160;
  g_assert_true (mark);
  /* nothing beside it, nor inside the margin's corner */
  g_assert_cmpint (LUMA (365, 60), >, 240);
  g_assert_cmpint (LUMA (50, 50), >, 240);
  /* the mark stays out of the bleed: nothing printed just above the bleed edge */
  g_assert_cmpint (LUMA (350, 95), >, 240);
  /* artwork fills the bleed: 1.5 mm outside the cut, inside the bleed */
  g_assert_cmpint (LUMA (470, 115), <, 240);
  cairo_surface_destroy (img);
#undef LUMA
}

static void
test_one_tile_png (void)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tmp_path ("tile.png");

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_TILES;
  s.format = TW_EXPORT_PNG;
  s.bleed = 0;
  g_assert_true (tw_export_set_paper (&s, "fit", &error));
  g_autoptr(TwExportJob) job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tw_export_job_n_pages (job), ==, 75);
  g_assert_true (tw_export_write (job, path, &error));
  g_autofree char *first = tmp_path ("tile-1.png");
  cairo_surface_t *img = cairo_image_surface_create_from_png (first);
  /* 40 mm at 300 DPI = 472.4 pixels */
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, 472);
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, 472);
  cairo_surface_destroy (img);
  /* and says so: 300 DPI is 11811 pixels per metre */
  guint32 ppm_x = 0, ppm_y = 0;
  guint unit = 0;
  g_assert_true (read_phys (first, &ppm_x, &ppm_y, &unit));
  g_assert_cmpuint (ppm_x, ==, 11811);
  g_assert_cmpuint (ppm_y, ==, 11811);
  g_assert_cmpuint (unit, ==, 1);
}

/* tw_png_write on its own: RGB24 and premultiplied ARGB32 pixels read back
 * as cairo drew them, the DPI in the pHYs chunk. */
static void
test_png_writer (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tmp_path ("pixels.png");
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 3, 2);
  cairo_t *cr = cairo_create (img);
  guint32 ppm_x = 0, ppm_y = 0;
  guint unit = 0;

  g_assert_cmpuint (tw_png_pixels_per_metre (300), ==, 11811);
  g_assert_cmpuint (tw_png_pixels_per_metre (150), ==, 5906);
  cairo_set_source_rgba (cr, 0.8, 0.4, 0.2, 0.5);
  cairo_rectangle (cr, 0, 0, 1, 1);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0, 0, 1, 1);
  cairo_rectangle (cr, 1, 0, 1, 1);
  cairo_fill (cr);
  cairo_destroy (cr);

  TwSaveFile *file = tw_save_file_begin (path, &error);
  g_assert_no_error (error);
  g_assert_true (tw_png_write (img, 72, file, path, &error));
  g_assert_no_error (error);
  g_assert_true (tw_save_file_commit (file, &error));
  g_assert_true (read_phys (path, &ppm_x, &ppm_y, &unit));
  g_assert_cmpuint (ppm_x, ==, 2835);

  cairo_surface_t *back = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_format (back), ==, CAIRO_FORMAT_ARGB32);
  cairo_surface_flush (img);
  for (int y = 0; y < 2; y++)
    for (int x = 0; x < 3; x++)
      {
        guint32 a = ((guint32 *) (cairo_image_surface_get_data (img) + y * cairo_image_surface_get_stride (img)))[x];
        guint32 b = ((guint32 *) (cairo_image_surface_get_data (back) + y * cairo_image_surface_get_stride (back)))[x];
        /* unpremultiplying and premultiplying again may move a channel by one */
        for (int shift = 0; shift < 32; shift += 8)
          g_assert_cmpint (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)), <=, 1);
      }
  cairo_surface_destroy (back);
  cairo_surface_destroy (img);
}

static void
test_cards_duplex (void)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_CARDS;
  s.duplex = TRUE;
  s.margin = 10;
  s.gap = 4;
  s.bleed = 3;
  s.shared_cuts = 0;
  g_autoptr(TwExportJob) job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  /* 63x88 mm cards with bleed: 2 x 2 per A4 page, 15 cards: 4 front pages, each followed by its backs */
  g_assert_cmpuint (tw_export_job_n_pages (job), ==, 8);
  double fx, fy, fw, fh, bx, by, bw, bh;
  g_assert_true (tw_export_cut_rect (job, 0, 0, &fx, &fy, &fw, &fh));
  g_assert_true (tw_export_cut_rect (job, 1, 0, &bx, &by, &bw, &bh));
  g_assert_cmpfloat_with_epsilon (bx, 210 - fx - fw, 1e-9);
  g_assert_cmpfloat_with_epsilon (by, fy, 1e-9);

  g_autofree char *path = tmp_path ("cards.pdf");
  g_assert_true (tw_export_write (job, path, &error));
  g_autofree char *cmd = g_strdup_printf ("pdfinfo '%s'", path);
  g_autofree char *info = run (cmd);
  g_autofree char *pages = info_value (info, "Pages:");
  g_assert_cmpstr (pages, ==, "8");
}

static void
test_letter_and_svg (void)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_TILES;
  s.format = TW_EXPORT_SVG;
  g_assert_true (tw_export_set_paper (&s, "letter", &error));
  g_autoptr(TwExportJob) job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  g_autofree char *path = tmp_path ("tiles.svg");
  g_assert_true (tw_export_write (job, path, &error));
  g_autofree char *first = tmp_path ("tiles-1.svg");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (first, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "width=\"612pt\""));
}

/* Tabletop Simulator ---------------------------------------------------- */

static JsonNode *
member (JsonNode   *object,
        const char *key)
{
  g_assert_true (JSON_NODE_HOLDS_OBJECT (object));
  JsonNode *node = json_object_get_member (json_node_get_object (object), key);
  if (node == NULL)
    g_error ("no '%s'", key);
  return node;
}

static gint64
int_member (JsonNode   *object,
            const char *key)
{
  JsonNode *node = member (object, key);
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_INT64);
  return json_node_get_int (node);
}

static const char *
string_member (JsonNode   *object,
               const char *key)
{
  JsonNode *node = member (object, key);
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_STRING);
  return json_node_get_string (node);
}

static gboolean
bool_member (JsonNode   *object,
             const char *key)
{
  JsonNode *node = member (object, key);
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_BOOLEAN);
  return json_node_get_boolean (node);
}

static JsonArray *
array_member (JsonNode   *object,
              const char *key)
{
  JsonNode *node = member (object, key);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  return json_node_get_array (node);
}

static void
check_transform (JsonNode *object)
{
  static const char * const keys[] = { "posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                       "scaleX", "scaleY", "scaleZ" };
  JsonNode *t = member (object, "Transform");
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GType type = json_node_get_value_type (member (t, keys[i]));
      g_assert_true (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE);
    }
}

/* Parses @path. */
static JsonParser *
parse (const char *path)
{
  g_autoptr(GError) error = NULL;
  JsonParser *parser = json_parser_new ();

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return parser;
}

static void
check_png (const char *path,
           int         width,
           int         height,
           guint32     ppm)
{
  cairo_surface_t *img = cairo_image_surface_create_from_png (path);
  guint32 x = 0, y = 0;
  guint unit = 0;

  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, height);
  cairo_surface_destroy (img);
  g_assert_true (read_phys (path, &x, &y, &unit));
  g_assert_cmpuint (x, ==, ppm);
  g_assert_cmpuint (y, ==, ppm);
  g_assert_cmpuint (unit, ==, 1);
}

/* Checks a CustomDeck entry and returns its NumWidth x NumHeight. */
static void
check_deck_entry (JsonNode   *entry,
                  const char *stem,
                  guint       key,
                  gint64     *cols,
                  gint64     *rows)
{
  g_autofree char *face = g_strdup_printf ("%s-faces-%u.png", stem, key);
  g_autofree char *face_url = g_filename_to_uri (face, NULL, NULL);
  g_autofree char *back = g_strdup_printf ("%s-back.png", stem);
  g_autofree char *back_url = g_filename_to_uri (back, NULL, NULL);

  g_assert_cmpstr (string_member (entry, "FaceURL"), ==, face_url);
  g_assert_cmpstr (string_member (entry, "BackURL"), ==, back_url);
  *cols = int_member (entry, "NumWidth");
  *rows = int_member (entry, "NumHeight");
  g_assert_true (bool_member (entry, "BackIsHidden"));
  g_assert_false (bool_member (entry, "UniqueBack"));
  g_assert_cmpint (int_member (entry, "Type"), ==, 0);
}

/* Exports @d's cards at 100 DPI and checks the deck against @sheets, the
 * number of cards on each face sheet. */
static void
check_deck (TwDefinition *d,
            const char   *name,
            const guint  *sheets,
            guint         n_sheets)
{
  TwExportSettings s;
  TwExportTtsSummary summary;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = tmp_path (name);
  g_autofree char *stem = g_strndup (json, strlen (json) - 5);
  guint total = 0;
  gint64 t0 = g_get_monotonic_time ();

  for (guint i = 0; i < n_sheets; i++)
    total += sheets[i];
  tw_export_settings_init (&s);
  s.what = TW_EXPORT_CARDS;
  s.dpi = 100;
  g_assert_true (tw_export_tts_write (d, &s, json, &summary, &error));
  g_assert_no_error (error);
  g_test_message ("%u cards for Tabletop Simulator: %.0f ms", total,
                  (g_get_monotonic_time () - t0) / 1000.0);
  g_assert_cmpuint (summary.cards, ==, total);
  g_assert_cmpuint (summary.sheets, ==, n_sheets);
  g_assert_cmpuint (summary.tiles, ==, 0);
  g_assert_cmpuint (summary.files, ==, n_sheets + 3);

  g_autoptr(JsonParser) parser = parse (json);
  JsonNode *root = json_parser_get_root (parser);
  JsonArray *objects = array_member (root, "ObjectStates");
  g_assert_cmpuint (json_array_get_length (objects), ==, 1);
  JsonNode *deck = json_array_get_element (objects, 0);
  g_assert_cmpstr (string_member (deck, "Name"), ==, "DeckCustom");
  g_assert_cmpstr (string_member (deck, "Nickname"), ==, d->name);
  check_transform (deck);

  /* the sheets: a grid of at most 10x7, a slot more than its cards; the
   * image the grid times 63x88 mm at 100 DPI (249x347 pixels), 3937
   * pixels per metre */
  JsonNode *custom = member (deck, "CustomDeck");
  g_assert_cmpuint (json_object_get_size (json_node_get_object (custom)), ==, n_sheets);
  for (guint i = 0; i < n_sheets; i++)
    {
      g_autofree char *key = g_strdup_printf ("%u", i + 1);
      g_autofree char *face = g_strdup_printf ("%s-faces-%u.png", stem, i + 1);
      gint64 cols, rows;

      check_deck_entry (member (custom, key), stem, i + 1, &cols, &rows);
      g_assert_cmpint (cols, ==, MIN (10, sheets[i] + 1));
      g_assert_cmpint (rows, <=, 7);
      g_assert_cmpint (cols * rows, >=, sheets[i] + 1);
      g_assert_cmpint (cols * (rows - 1), <, sheets[i] + 1);
      check_png (face, (int) cols * 249, (int) rows * 347, 3937);
    }
  g_autofree char *back = g_strdup_printf ("%s-back.png", stem);
  check_png (back, 249, 347, 3937);

  /* one id per copy: the sheet's key times 100 plus the slot, in order */
  JsonArray *ids = array_member (deck, "DeckIDs");
  JsonArray *cards = array_member (deck, "ContainedObjects");
  g_assert_cmpuint (json_array_get_length (ids), ==, total);
  g_assert_cmpuint (json_array_get_length (cards), ==, total);
  guint n = 0;
  for (guint i = 0; i < n_sheets; i++)
    for (guint slot = 0; slot < sheets[i]; slot++, n++)
      {
        JsonNode *card = json_array_get_element (cards, n);
        g_autofree char *key = g_strdup_printf ("%u", i + 1);
        gint64 cols, rows;

        g_assert_cmpint (json_array_get_int_element (ids, n), ==, (i + 1) * 100 + slot);
        g_assert_cmpstr (string_member (card, "Name"), ==, "Card");
        g_assert_cmpint (int_member (card, "CardID"), ==, (i + 1) * 100 + slot);
        g_assert_cmpuint (strlen (string_member (card, "Nickname")), >, 0);
        string_member (card, "Description");
        check_transform (card);
        JsonNode *own = member (card, "CustomDeck");
        g_assert_cmpuint (json_object_get_size (json_node_get_object (own)), ==, 1);
        check_deck_entry (member (own, key), stem, i + 1, &cols, &rows);
      }
}

/* Colorblock's 15 cards: one sheet of 10x2, the back in the bottom-right
 * slot and white in the empty ones. */
static void
test_tts_deck (void)
{
  static const guint sheets[] = { 15 };
  g_autofree char *face = tmp_path ("deck-faces-1.png");

  check_deck (def, "deck.json", sheets, 1);

  cairo_surface_t *img = cairo_image_surface_create_from_png (face);
  const guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
#define PIXEL(px, py) (*(const guint32 *) (data + (py) * stride + (px) * 4) & 0xffffff)
  /* the back's ground (0.2, 0.22, 0.3) in the last slot, at the top-left
   * corner, between its pattern's first two rows (5 mm down) */
  g_assert_cmphex (PIXEL (9 * 249 + 30, 347 + 20), ==, 0x33384c);
  /* the slot after the last card is empty */
  g_assert_cmphex (PIXEL (5 * 249 + 120, 347 + 170), ==, 0xffffff);
  /* the first card's title bar */
  g_assert_cmphex (PIXEL (5, 5), !=, 0xffffff);
#undef PIXEL
  cairo_surface_destroy (img);
}

/* 84 copies: a full sheet of 69 (10x7, the 70th slot hidden) and one of 15. */
static void
test_tts_two_sheets (void)
{
  static const guint sheets[] = { 69, 15 };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (def->path, &text, NULL, NULL));
  g_autoptr(GString) more = g_string_new (text);
  g_assert_cmpuint (g_string_replace (more, "points: 1, title: Three}",
                                      "points: 1, count: 70, title: Three}", 1), ==, 1);
  g_autoptr(TwDefinition) big = tw_definition_load_data (more->str, -1, "big.yaml", NULL, &error);
  g_assert_no_error (error);
  check_deck (big, "big.json", sheets, 2);
}

static void
test_tts_tiles (void)
{
  TwExportSettings s;
  TwExportTtsSummary summary;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = tmp_path ("tiles.json");

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_TILES;
  s.dpi = 50;
  g_assert_true (tw_export_tts_write (def, &s, json, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.cards, ==, 0);
  g_assert_cmpuint (summary.tiles, ==, 75);
  /* an image per tile definition, the back, the JSON and the manifest */
  g_assert_cmpuint (summary.files, ==, def->n_tiles + 3);

  g_autoptr(JsonParser) parser = parse (json);
  JsonArray *objects = array_member (json_parser_get_root (parser), "ObjectStates");
  g_assert_cmpuint (json_array_get_length (objects), ==, 75);
  for (guint i = 0; i < 75; i++)
    {
      JsonNode *tile = json_array_get_element (objects, i);
      JsonNode *image = member (tile, "CustomImage");
      JsonNode *shape = member (image, "CustomTile");

      g_assert_cmpstr (string_member (tile, "Name"), ==, "Custom_Tile");
      check_transform (tile);
      g_assert_true (g_str_has_prefix (string_member (image, "ImageURL"), "file:///"));
      g_assert_true (g_str_has_suffix (string_member (image, "ImageSecondaryURL"), "tiles-tiles-back.png"));
      g_assert_cmpint (int_member (image, "ImageScalar"), ==, 1);
      g_assert_cmpint (int_member (image, "WidthScale"), ==, 0);
      g_assert_cmpint (int_member (shape, "Type"), ==, 0);
      g_assert_cmpfloat (json_node_get_double (member (shape, "Thickness")), ==, 0.2);
      g_assert_false (bool_member (shape, "Stackable"));
      g_assert_true (bool_member (shape, "Stretch"));
      if (i == 0)
        {
          /* 40 mm at 50 DPI: 78.7 pixels, 79 */
          g_autofree char *path = g_filename_from_uri (string_member (image, "ImageURL"), NULL, NULL);
          check_png (path, 79, 79, 1969);
        }
    }
}

/* A sheet over 10000 pixels is refused with the DPI that would do, and
 * nothing is written. */
static void
test_tts_too_large (void)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = tmp_path ("too-large");
  g_autofree char *json = g_build_filename (dir, "deck.json", NULL);

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  tw_export_settings_init (&s);
  s.what = TW_EXPORT_CARDS;
  s.dpi = 500;
  g_assert_false (tw_export_tts_write (def, &s, json, NULL, &error));
  g_assert_error (error, TW_EXPORT_ERROR, 0);
  g_assert_nonnull (strstr (error->message, "12410x3466 pixels"));
  g_assert_nonnull (strstr (error->message, "--dpi 403 or less"));
  g_clear_error (&error);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_assert_null (g_dir_read_name (d));

  /* pieces have no form there */
  s.what = TW_EXPORT_PIECES;
  s.dpi = 100;
  g_assert_false (tw_export_tts_write (def, &s, json, NULL, &error));
  g_assert_nonnull (strstr (error->message, "nothing of that kind"));
}

static void
test_errors (void)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;
  double mm;

  tw_export_settings_init (&s);
  g_assert_false (tw_export_set_paper (&s, "tabloidish", &error));
  g_assert_nonnull (strstr (error->message, "unknown paper"));
  g_clear_error (&error);
  g_assert_true (tw_export_parse_length ("0.125in", &mm, NULL));
  g_assert_cmpfloat_with_epsilon (mm, 3.175, 1e-9);
  g_assert_false (tw_export_parse_length ("3 parsecs", &mm, &error));
  g_clear_error (&error);
  s.tile_size = 500;
  s.what = TW_EXPORT_TILES;
  g_assert_null (tw_export_job_new (def, &s, &error));
  g_assert_nonnull (strstr (error->message, "does not fit"));
}

/* Manifests ------------------------------------------------------------- */

/* The manifest read as the documentation tells a reader to, without the
 * code that wrote it: a name → "SHA256  SIZE" table, its entries checked
 * against the files beside it. */
static GHashTable *
read_manifest (const char *manifest)
{
  g_autofree char *text = NULL;
  g_autofree char *dir = g_path_get_dirname (manifest);
  g_autoptr(GHashTable) entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_true (g_file_get_contents (manifest, &text, NULL, NULL));
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "# Tilewright export manifest 1");
  for (guint l = 1; lines[l] != NULL; l++)
    {
      if (lines[l][0] == '#' || lines[l][0] == '\0')
        continue;
      g_auto(GStrv) f = g_strsplit (lines[l], "  ", 3);
      g_assert_cmpuint (g_strv_length (f), ==, 3);
      g_assert_cmpuint (strlen (f[0]), ==, 64);
      g_autofree char *path = g_build_filename (dir, f[2], NULL);
      g_autofree char *data = NULL;
      gsize len = 0;
      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      g_autofree char *sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (guchar *) data, len);
      g_autofree char *size = g_strdup_printf ("%" G_GSIZE_FORMAT, len);
      g_assert_cmpstr (f[0], ==, sum);
      g_assert_cmpstr (f[1], ==, size);
      g_assert_false (g_hash_table_contains (entries, f[2]));
      g_hash_table_insert (entries, g_strdup (f[2]), g_strconcat (f[0], "  ", f[1], NULL));
    }
  return g_steal_pointer (&entries);
}

/* Every file of @dir and its bytes. */
static GHashTable *
snapshot (const char *dir)
{
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      char *data = NULL;
      gsize len = 0;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      g_hash_table_insert (files, g_strdup (name), g_bytes_new_take (data, len));
    }
  return files;
}

/* @after holds every file of @before with the same bytes (a planted folder
 * aside), and no temporary file. */
static void
assert_unchanged (GHashTable *before,
                  const char *dir)
{
  g_autoptr(GHashTable) after = snapshot (dir);
  GHashTableIter it;
  gpointer name, bytes;

  g_hash_table_iter_init (&it, before);
  while (g_hash_table_iter_next (&it, &name, &bytes))
    {
      GBytes *now = g_hash_table_lookup (after, name);

      g_assert_nonnull (now);
      g_assert_true (g_bytes_equal (now, bytes));
    }
  g_assert_cmpuint (g_hash_table_size (after), ==, g_hash_table_size (before));
}

static TwExportJob *
png_job (const char *paper,
         double      dpi)
{
  TwExportSettings s;
  g_autoptr(GError) error = NULL;

  tw_export_settings_init (&s);
  s.what = TW_EXPORT_TILES;
  s.format = TW_EXPORT_PNG;
  s.dpi = dpi;
  g_assert_true (tw_export_set_paper (&s, paper, &error));
  TwExportJob *job = tw_export_job_new (def, &s, &error);
  g_assert_no_error (error);
  return job;
}

/* A multi-page export ends with its manifest, which lists every page as
 * written; an export that fails half-way (a page's file cannot be made)
 * leaves the old pages and the old manifest as they were, which still match,
 * and no temporary file; a page replaced without the others (a kill between
 * the renames) no longer matches the manifest, and the check says which. */
static void
test_manifest_pages (void)
{
  g_autofree char *dir = tmp_path ("manifest-pages");
  g_autofree char *path = g_build_filename (dir, "sheet.png", NULL);
  g_autofree char *manifest = g_build_filename (dir, "sheet.png.manifest", NULL);
  g_autoptr(TwExportJob) job = png_job ("a4", 20);
  g_autoptr(TwExportJob) more = png_job ("a5", 25);
  g_autoptr(GError) error = NULL;
  guint n = tw_export_job_n_pages (job), n_more = tw_export_job_n_pages (more), listed = 0;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_cmpuint (n, >, 1);
  g_assert_cmpuint (n_more, >, n);
  g_assert_true (tw_export_write (job, path, &error));
  g_assert_no_error (error);
  g_autoptr(GHashTable) entries = read_manifest (manifest);
  g_assert_cmpuint (g_hash_table_size (entries), ==, n);
  for (guint p = 1; p <= n; p++)
    {
      g_autofree char *page = g_strdup_printf ("sheet-%u.png", p);
      g_assert_true (g_hash_table_contains (entries, page));
    }
  g_assert_true (tw_export_manifest_check (manifest, &listed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (listed, ==, n);

  /* the larger export cannot make its last page: nothing changes */
  g_autoptr(GHashTable) before = snapshot (dir);
  g_autofree char *last = g_strdup_printf ("%s/sheet-%u.png", dir, n_more);
  g_assert_cmpint (g_mkdir (last, 0755), ==, 0);
  g_assert_false (tw_export_write (more, path, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);
  assert_unchanged (before, dir);
  g_assert_true (tw_export_manifest_check (manifest, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_rmdir (last), ==, 0);

  /* written whole, at another DPI: every page and the manifest new */
  g_assert_true (tw_export_write (more, path, &error));
  g_assert_no_error (error);
  g_autoptr(GHashTable) now = read_manifest (manifest);
  g_assert_cmpuint (g_hash_table_size (now), ==, n_more);
  g_autofree char *first = g_build_filename (dir, "sheet-1.png", NULL);
  g_autoptr(GHashTable) written = snapshot (dir);
  g_assert_false (g_bytes_equal (g_hash_table_lookup (before, "sheet-1.png"),
                                 g_hash_table_lookup (written, "sheet-1.png")));
  g_assert_false (g_bytes_equal (g_hash_table_lookup (before, "sheet.png.manifest"),
                                 g_hash_table_lookup (written, "sheet.png.manifest")));
  g_assert_true (tw_export_manifest_check (manifest, &listed, &error));
  g_assert_cmpuint (listed, ==, n_more);

  /* what a kill between the renames would leave: the old page 2 back beside
   * the new page 1 and the new manifest */
  GBytes *old2 = g_hash_table_lookup (before, "sheet-2.png");
  g_autofree char *second = g_build_filename (dir, "sheet-2.png", NULL);
  g_assert_true (g_file_set_contents (second, g_bytes_get_data (old2, NULL), g_bytes_get_size (old2), NULL));
  g_assert_false (tw_export_manifest_check (manifest, NULL, &error));
  g_assert_error (error, TW_EXPORT_ERROR, 0);
  /* the header, three comment lines, page 1: page 2 is on line 6 */
  g_assert_nonnull (strstr (error->message, "sheet.png.manifest:6:1: 'sheet-2.png' is not the file listed"));
  g_clear_error (&error);
  g_assert_cmpint (g_unlink (first), ==, 0);
  g_assert_false (tw_export_manifest_check (manifest, NULL, &error));
  g_assert_nonnull (strstr (error->message, ":5:"));
  g_assert_nonnull (strstr (error->message, "'sheet-1.png' cannot be read"));
  g_clear_error (&error);

  /* the shorter export again: the longer one's pages beyond it are removed,
   * but not one changed since (the last) nor one it did not list */
  g_autoptr(TwExportJob) again = png_job ("a5", 25);
  g_assert_true (tw_export_write (again, path, &error));
  g_assert_no_error (error);
  g_autofree char *changed = g_strdup_printf ("%s/sheet-%u.png", dir, n_more);
  g_autofree char *foreign = g_strdup_printf ("%s/sheet-%u.png", dir, n_more + 1);
  g_assert_true (g_file_set_contents (changed, "edited", -1, NULL));
  g_assert_true (g_file_set_contents (foreign, "mine", -1, NULL));
  g_assert_true (tw_export_write (job, path, &error));
  g_assert_no_error (error);
  g_assert_true (tw_export_manifest_check (manifest, &listed, &error));
  g_assert_cmpuint (listed, ==, n);
  for (guint p = 1; p <= n_more + 1; p++)
    {
      g_autofree char *page = g_strdup_printf ("%s/sheet-%u.png", dir, p);
      g_assert_cmpint (g_file_test (page, G_FILE_TEST_EXISTS), ==, p <= n || p >= n_more);
    }

  /* a one-page export of the same name: the pages' manifest, which would
   * still call the old pages complete beside it, goes */
  g_autoptr(TwExportJob) one = png_job ("1000x1000", 10);
  g_assert_cmpuint (tw_export_job_n_pages (one), ==, 1);
  g_assert_true (g_file_test (manifest, G_FILE_TEST_EXISTS));
  g_assert_true (tw_export_write (one, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (manifest, G_FILE_TEST_EXISTS));
}

/* The Tabletop Simulator export's manifest lists the images and the JSON;
 * an export that fails after its card images leaves the old ones. */
static void
test_manifest_tts (void)
{
  g_autofree char *dir = tmp_path ("manifest-tts");
  g_autofree char *json = g_build_filename (dir, "deck.json", NULL);
  g_autofree char *manifest = g_build_filename (dir, "deck.json.manifest", NULL);
  g_autofree char *tiles_back = g_build_filename (dir, "deck-tiles-back.png", NULL);
  TwExportSettings s;
  TwExportTtsSummary summary;
  g_autoptr(GError) error = NULL;
  guint listed = 0;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  tw_export_settings_init (&s);
  s.what = TW_EXPORT_CARDS;
  s.dpi = 30;
  g_assert_true (tw_export_tts_write (def, &s, json, &summary, &error));
  g_assert_no_error (error);
  g_autoptr(GHashTable) entries = read_manifest (manifest);
  g_assert_cmpuint (g_hash_table_size (entries), ==, summary.files - 1);
  for (const char * const *name = (const char * const[]) { "deck.json", "deck-faces-1.png", "deck-back.png", NULL };
       *name != NULL; name++)
    g_assert_true (g_hash_table_contains (entries, *name));
  g_assert_true (tw_export_manifest_check (manifest, &listed, &error));
  g_assert_cmpuint (listed, ==, summary.files - 1);

  /* cards and tiles, but the tiles' back cannot be made */
  g_autoptr(GHashTable) before = snapshot (dir);
  g_assert_cmpint (g_mkdir (tiles_back, 0755), ==, 0);
  s.what = TW_EXPORT_CARDS | TW_EXPORT_TILES;
  s.dpi = 31;
  g_assert_false (tw_export_tts_write (def, &s, json, &summary, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);
  assert_unchanged (before, dir);
  g_assert_true (tw_export_manifest_check (manifest, NULL, &error));
  g_assert_no_error (error);
}

/* What the check refuses in the manifest itself, with its line and column. */
static void
test_manifest_syntax (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "sheet-1.png\n", "bad.manifest:1:1: not an export manifest" },
    { "# Tilewright export manifest 1\nABC  12  x.png\n", "bad.manifest:2:1: expected 'SHA256  SIZE  NAME'" },
    { "# Tilewright export manifest 1\n# a comment\n"
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  0 x.png\n",
      "bad.manifest:3:67: expected the size in bytes" },
    { "# Tilewright export manifest 1\n"
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  0  ../x.png\n",
      "bad.manifest:2:67: expected the size in bytes" },
    { "# Tilewright export manifest 1\n"
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  0  gone.png\n",
      "bad.manifest:2:70: 'gone.png' cannot be read" },
    { "# Tilewright export manifest 1\n"
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  1  empty.png\n",
      "bad.manifest:2:1: 'empty.png' is not the file listed (0 bytes, listed 1)" },
    { "# Tilewright export manifest 1\n"
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b85f  0  empty.png\n",
      "bad.manifest:2:1: 'empty.png' is not the file listed (0 bytes as listed, another SHA-256)" },
  };
  g_autofree char *dir = tmp_path ("manifest-syntax");
  g_autofree char *path = g_build_filename (dir, "bad.manifest", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.png", NULL);
  g_autoptr(GError) error = NULL;
  guint listed = 9;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      g_assert_false (tw_export_manifest_check (path, NULL, &error));
      g_assert_error (error, TW_EXPORT_ERROR, 0);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: '%s' does not say '%s'", i, error->message, cases[i].message);
      g_clear_error (&error);
    }
  /* the SHA-256 of nothing: an export of one empty file is complete (in
   * CRLF too) */
  g_assert_true (g_file_set_contents (path, "# Tilewright export manifest 1\r\n"
                                      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  0  empty.png\r\n",
                                      -1, NULL));
  g_assert_true (tw_export_manifest_check (path, &listed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (listed, ==, 1);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  g_test_init (&argc, &argv, NULL);
  path = tw_definition_bundled_path ("colorblock");
  def = tw_definition_load_file (path, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/tw/export/tile-pdf", test_tile_pdf);
  g_test_add_func ("/tw/export/one-tile-png", test_one_tile_png);
  g_test_add_func ("/tw/export/png-writer", test_png_writer);
  g_test_add_func ("/tw/export/cards-duplex", test_cards_duplex);
  g_test_add_func ("/tw/export/letter-svg", test_letter_and_svg);
  g_test_add_func ("/tw/export/tts-deck", test_tts_deck);
  g_test_add_func ("/tw/export/tts-two-sheets", test_tts_two_sheets);
  g_test_add_func ("/tw/export/tts-tiles", test_tts_tiles);
  g_test_add_func ("/tw/export/tts-too-large", test_tts_too_large);
  g_test_add_func ("/tw/export/errors", test_errors);
  g_test_add_func ("/tw/export/manifest-pages", test_manifest_pages);
  g_test_add_func ("/tw/export/manifest-tts", test_manifest_tts);
  g_test_add_func ("/tw/export/manifest-syntax", test_manifest_syntax);
  int ret = g_test_run ();
  tw_definition_unref (def);
  return ret;
}
