/* tw-export-tts.c: a definition's cards and tiles for Tabletop Simulator
 *
 * The saved object follows Tabletop Simulator's knowledge base, "Save File
 * Format" and "Custom Deck" (kb.tabletopsimulator.com/custom-content/; the
 * pages' source is github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base,
 * docs/custom-content/save-file-format.md and custom-deck.md):
 *
 * - a saved object is a SaveState: empty SaveName, Date … and ObjectStates,
 *   the objects;
 * - an ObjectState has Name, Transform {posX … scaleZ}, Nickname and
 *   Description; a card has CardID and CustomDeck, a deck DeckIDs,
 *   CustomDeck and ContainedObjects. CustomDeck's key "matches the hundreth
 *   place of the id (ex. id = 354, index = 3)": a card's id is its sheet's
 *   key times 100 plus its slot on the sheet, counted along the rows from
 *   the top-left;
 * - a sheet's last image is the "hidden" face (a card in someone's hand)
 *   unless Back is Hidden says to use the back. We set BackIsHidden and draw
 *   the back in the last slot too, so that either reading shows the back.
 *
 * What the save-file page does not spell out, the API's custom objects
 * (api.tabletopsimulator.com/custom-game-objects: DeckCustom's width,
 * height, unique_back, back_is_hidden, the card shape type 0) and the
 * knowledge base's "Custom Tile" page (type, top and bottom image,
 * thickness, stackable, stretch) name; the keys as saved (NumWidth,
 * NumHeight, UniqueBack, BackIsHidden, Type; CustomImage with ImageURL,
 * ImageSecondaryURL, ImageScalar, WidthScale and CustomTile {Type,
 * Thickness, Stackable, Stretch}) are those of the published TypeScript
 * declarations of Tabletop Simulator's save data (npm
 * @typed-tabletop-simulator). Not tried in the game itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-export-tts.h"
#include "tw-export-manifest.h"
#include "tw-json.h"
#include "tw-png.h"
#include "tw-rules.h"

/* One face sheet: copies first … first + n - 1 of the deck. */
typedef struct
{
  guint  key;     /* CustomDeck's key, 1 … */
  guint  first;
  guint  n;
  guint  cols, rows;
  char  *face_url;
} Sheet;

typedef struct
{
  TwDefinition     *def;
  TwExportSettings  s;          /* bleed 0: the game cuts sheets on the card edges */
  char             *stem;       /* OUT of OUT.json */
  GPtrArray        *files;      /* TwSaveFile: the images, in order */
  GPtrArray        *names;      /* char *: their names, for the manifest */
  GString          *json;
  guint             n_objects;  /* for GUIDs */
  guint             n_top;      /* objects in ObjectStates */
} Export;

/* Starts an object of ObjectStates. */
static void
begin_object (Export *ex)
{
  g_string_append (ex->json, ex->n_top++ > 0 ? ",\n    " : "    ");
}

static void
export_clear (Export *ex)
{
  g_clear_pointer (&ex->stem, g_free);
  g_clear_pointer (&ex->files, g_ptr_array_unref);
  g_clear_pointer (&ex->names, g_ptr_array_unref);
  if (ex->json != NULL)
    g_string_free (ex->json, TRUE);
  ex->json = NULL;
}

/* Whole pixels that hold @mm at @dpi; a sliver of a pixel more rather than
 * less, so that no artwork is cut. */
static int
pixels (double mm,
        double dpi)
{
  return (int) ceil (mm * dpi / 25.4 - 1e-9);
}

/* Whether a grid of @cols x @rows images of @w x @h mm stays within the
 * game's limit at @dpi; if not, says what DPI would. */
static gboolean
check_size (const char  *what,
            double       w,
            double       h,
            guint        cols,
            guint        rows,
            double       dpi,
            GError     **error)
{
  int pw = (int) cols * pixels (w, dpi), ph = (int) rows * pixels (h, dpi);
  int most = (int) floor (dpi);

  if (pw <= TW_EXPORT_TTS_MAX_PIXELS && ph <= TW_EXPORT_TTS_MAX_PIXELS)
    return TRUE;
  while (most > 10 && ((int) cols * pixels (w, most) > TW_EXPORT_TTS_MAX_PIXELS
                       || (int) rows * pixels (h, most) > TW_EXPORT_TTS_MAX_PIXELS))
    most--;
  g_set_error (error, TW_EXPORT_ERROR, 0,
               _("%s would be %dx%d pixels at %g DPI, more than the %d a side Tabletop Simulator takes: use --dpi %d or less"),
               what, pw, ph, dpi, TW_EXPORT_TTS_MAX_PIXELS, most);
  return FALSE;
}

static char *
file_url (const char  *name,
          GError     **error)
{
  g_autofree char *abs = g_canonicalize_filename (name, NULL);

  return g_filename_to_uri (abs, NULL, error);
}

/* Draws one component filling the @w x @h pixels at (@x, @y): the card or
 * tile stretched by less than a pixel to the whole slot, since the game cuts
 * the sheet into equal parts. */
static void
draw_at (cairo_t                *cr,
         TwDefinition           *def,
         const TwExportSettings *s,
         TwExportComponent       what,
         guint                   index,
         int                     x,
         int                     y,
         int                     w,
         int                     h)
{
  gboolean tile = what == TW_EXPORT_COMPONENT_TILE || what == TW_EXPORT_COMPONENT_TILE_BACK;
  double mm_w = tile ? s->tile_size : s->card_width;
  double mm_h = tile ? s->tile_size : s->card_height;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_clip (cr);
  cairo_scale (cr, w / mm_w, h / mm_h);
  tw_export_draw_component (cr, def, what, index, s);
  cairo_restore (cr);
}

/* Encodes @surface into a new save of @name, kept in @ex->files, and frees it. */
static gboolean
save_png (Export           *ex,
          cairo_surface_t  *surface,
          const char       *name,
          GError          **error)
{
  TwSaveFile *file = tw_save_file_begin (name, error);
  gboolean ok;

  if (file == NULL)
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  g_ptr_array_add (ex->files, file);
  g_ptr_array_add (ex->names, g_strdup (name));
  ok = tw_png_write (surface, ex->s.dpi, file, name, error);
  cairo_surface_destroy (surface);
  return ok;
}

static cairo_surface_t *
new_image (int      w,
           int      h,
           cairo_t **cr)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);

  *cr = cairo_create (surface);
  cairo_set_source_rgb (*cr, 1, 1, 1);
  cairo_paint (*cr);
  return surface;
}

/* One component alone, as OUT-back.png or OUT-tile-ID.png. */
static gboolean
write_single (Export                 *ex,
              const TwExportSettings *s,
              TwExportComponent       what,
              guint                   index,
              const char             *name,
              GError                **error)
{
  gboolean tile = what == TW_EXPORT_COMPONENT_TILE || what == TW_EXPORT_COMPONENT_TILE_BACK;
  int w = pixels (tile ? s->tile_size : s->card_width, s->dpi);
  int h = pixels (tile ? s->tile_size : s->card_height, s->dpi);
  cairo_t *cr;
  cairo_surface_t *surface = new_image (w, h, &cr);

  draw_at (cr, ex->def, s, what, index, 0, 0, w, h);
  cairo_destroy (cr);
  return save_png (ex, surface, name, error);
}

static void
append_key (GString    *out,
            const char *key)
{
  tw_json_append_string (out, key);
  g_string_append (out, ": ");
}

static void
append_guid (Export  *ex,
             GString *out)
{
  g_autofree char *guid = g_strdup_printf ("%06x", 0x7e0000 + ex->n_objects++);

  append_key (out, "GUID");
  tw_json_append_string (out, guid);
  g_string_append (out, ", ");
}

/* "Transform": where the object lies; the game's units are about an inch,
 * y is up, and a card turned over (rotZ 180) lies face down. */
static void
append_transform (GString  *out,
                  double    x,
                  double    z,
                  gboolean  face_down)
{
  const struct { const char *key; double value; } fields[] = {
    { "posX", x }, { "posY", 1 }, { "posZ", z },
    { "rotX", 0 }, { "rotY", 180 }, { "rotZ", face_down ? 180 : 0 },
    { "scaleX", 1 }, { "scaleY", 1 }, { "scaleZ", 1 },
  };

  append_key (out, "Transform");
  g_string_append_c (out, '{');
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_key (out, fields[i].key);
      tw_json_append_number (out, fields[i].value, 15);
    }
  g_string_append (out, "}, ");
}

static void
append_text (GString    *out,
             const char *key,
             const char *value)
{
  append_key (out, key);
  tw_json_append_string (out, value != NULL ? value : "");
  g_string_append (out, ", ");
}

/* "K": {"FaceURL": …}, the entry of @sheet in a CustomDeck. */
static void
append_deck_entry (GString     *out,
                   const Sheet *sheet,
                   const char  *back_url)
{
  g_string_append_printf (out, "\"%u\": {", sheet->key);
  append_text (out, "FaceURL", sheet->face_url);
  append_text (out, "BackURL", back_url);
  g_string_append_printf (out, "\"NumWidth\": %u, \"NumHeight\": %u, "
                          "\"BackIsHidden\": true, \"UniqueBack\": false, \"Type\": 0}",
                          sheet->cols, sheet->rows);
}

/* A card: its name and text, its id on its sheet, its sheet. */
static void
append_card (Export      *ex,
             GString     *out,
             guint        card,
             const Sheet *sheet,
             guint        slot,
             const char  *back_url)
{
  const TwCardDef *c = &ex->def->cards[card];
  const TwCardKind *kind = &ex->def->rules->card_kinds[c->kind];

  g_string_append (out, "{\"Name\": \"Card\", ");
  append_guid (ex, out);
  append_transform (out, 0, 0, TRUE);
  append_text (out, "Nickname", c->title ? c->title : _(kind->title));
  append_text (out, "Description", c->text ? c->text : _(kind->description));
  g_string_append_printf (out, "\"CardID\": %u, \"CustomDeck\": {", sheet->key * 100 + slot);
  append_deck_entry (out, sheet, back_url);
  g_string_append (out, "}}");
}

/* The face sheets, the back, and the deck's object. */
static gboolean
write_cards (Export              *ex,
             TwExportTtsSummary  *summary,
             GError             **error)
{
  const TwExportSettings *s = &ex->s;
  g_autoptr(GArray) copies = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) sheets = g_array_new (FALSE, TRUE, sizeof (Sheet));
  g_autofree char *back_name = g_strconcat (ex->stem, "-back.png", NULL);
  g_autofree char *back_url = NULL;
  int cw = pixels (s->card_width, s->dpi), ch = pixels (s->card_height, s->dpi);
  gboolean ok = TRUE;
  GString *out = ex->json;

  for (guint k = 0; k < ex->def->n_cards; k++)
    for (guint c = 0; c < ex->def->cards[k].count; c++)
      g_array_append_val (copies, k);

  /* the sheets, the first the largest */
  for (guint first = 0; first < copies->len; first += TW_EXPORT_TTS_SHEET_CARDS)
    {
      Sheet sheet = { 0 };
      sheet.key = sheets->len + 1;
      sheet.first = first;
      sheet.n = MIN (TW_EXPORT_TTS_SHEET_CARDS, copies->len - first);
      sheet.cols = MIN (TW_EXPORT_TTS_SHEET_COLUMNS, sheet.n + 1);
      sheet.rows = (sheet.n + 1 + sheet.cols - 1) / sheet.cols;
      g_array_append_val (sheets, sheet);
    }
  if (!check_size (_("a sheet of cards"), s->card_width, s->card_height,
                   g_array_index (sheets, Sheet, 0).cols, g_array_index (sheets, Sheet, 0).rows,
                   s->dpi, error))
    return FALSE;
  back_url = file_url (back_name, error);
  if (back_url == NULL)
    return FALSE;

  for (guint i = 0; i < sheets->len && ok; i++)
    {
      Sheet *sheet = &g_array_index (sheets, Sheet, i);
      g_autofree char *name = g_strdup_printf ("%s-faces-%u.png", ex->stem, sheet->key);
      guint last = sheet->cols * sheet->rows - 1;
      cairo_t *cr;
      cairo_surface_t *surface = new_image ((int) sheet->cols * cw, (int) sheet->rows * ch, &cr);

      for (guint slot = 0; slot < sheet->n; slot++)
        draw_at (cr, ex->def, s, TW_EXPORT_COMPONENT_CARD_FRONT,
                 g_array_index (copies, guint, sheet->first + slot),
                 (int) (slot % sheet->cols) * cw, (int) (slot / sheet->cols) * ch, cw, ch);
      draw_at (cr, ex->def, s, TW_EXPORT_COMPONENT_CARD_BACK, 0,
               (int) (last % sheet->cols) * cw, (int) (last / sheet->cols) * ch, cw, ch);
      cairo_destroy (cr);
      sheet->face_url = file_url (name, error);
      ok = sheet->face_url != NULL && save_png (ex, surface, name, error);
      if (sheet->face_url == NULL)
        cairo_surface_destroy (surface);
    }
  ok = ok && write_single (ex, s, TW_EXPORT_COMPONENT_CARD_BACK, 0, back_name, error);

  if (ok && copies->len == 1)
    {
      /* one card is a card, not a deck */
      begin_object (ex);
      append_card (ex, out, g_array_index (copies, guint, 0), &g_array_index (sheets, Sheet, 0), 0, back_url);
    }
  else if (ok)
    {
      begin_object (ex);
      g_string_append (out, "{\"Name\": \"DeckCustom\", ");
      append_guid (ex, out);
      append_transform (out, 0, 0, TRUE);
      append_text (out, "Nickname", ex->def->name);
      append_text (out, "Description", ex->def->description);
      append_key (out, "DeckIDs");
      g_string_append_c (out, '[');
      for (guint i = 0; i < sheets->len; i++)
        {
          const Sheet *sheet = &g_array_index (sheets, Sheet, i);
          for (guint slot = 0; slot < sheet->n; slot++)
            g_string_append_printf (out, "%s%u", sheet->first + slot > 0 ? ", " : "",
                                    sheet->key * 100 + slot);
        }
      g_string_append (out, "],\n     \"CustomDeck\": {");
      for (guint i = 0; i < sheets->len; i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          append_deck_entry (out, &g_array_index (sheets, Sheet, i), back_url);
        }
      g_string_append (out, "},\n     \"ContainedObjects\": [");
      for (guint i = 0; i < sheets->len; i++)
        {
          const Sheet *sheet = &g_array_index (sheets, Sheet, i);
          for (guint slot = 0; slot < sheet->n; slot++)
            {
              g_string_append (out, sheet->first + slot > 0 ? ",\n      " : "\n      ");
              append_card (ex, out, g_array_index (copies, guint, sheet->first + slot), sheet, slot,
                           back_url);
            }
        }
      g_string_append (out, "\n     ]}");
    }
  if (summary != NULL)
    {
      summary->cards = copies->len;
      summary->sheets = sheets->len;
    }
  for (guint i = 0; i < sheets->len; i++)
    g_free (g_array_index (sheets, Sheet, i).face_url);
  return ok;
}

/* One image per tile, one back for all, and a Custom_Tile per copy laid out
 * in rows of ten beside the deck. */
static gboolean
write_tiles (Export              *ex,
             TwExportTtsSummary  *summary,
             GError             **error)
{
  const TwExportSettings back = ex->s;
  g_autofree char *back_name = g_strconcat (ex->stem, "-tiles-back.png", NULL);
  g_autofree char *back_url = file_url (back_name, error);
  double step = 2.5;
  guint n = 0;

  if (back_url == NULL || !check_size (_("a tile"), ex->s.tile_size, ex->s.tile_size, 1, 1, ex->s.dpi, error))
    return FALSE;
  /* the tile back: the definition's tile-back face, else the card back's pattern, square */
  if (!write_single (ex, &back, TW_EXPORT_COMPONENT_TILE_BACK, 0, back_name, error))
    return FALSE;

  for (guint t = 0; t < ex->def->n_tiles; t++)
    {
      const TwTileDef *tile = &ex->def->tiles[t];
      g_autofree char *name = NULL;
      g_autofree char *url = NULL;

      if (tile->count == 0)
        continue;
      /* ids are letters, digits, '-' and '_' (doc/definition-format.md) */
      name = g_strdup_printf ("%s-tile-%s.png", ex->stem, tile->id);
      url = file_url (name, error);
      if (url == NULL || !write_single (ex, &ex->s, TW_EXPORT_COMPONENT_TILE, t, name, error))
        return FALSE;
      for (guint c = 0; c < tile->count; c++, n++)
        {
          begin_object (ex);
          g_string_append (ex->json, "{\"Name\": \"Custom_Tile\", ");
          append_guid (ex, ex->json);
          append_transform (ex->json, 4 + step * (n % 10), -step * (n / 10), FALSE);
          append_text (ex->json, "Nickname", tile->name ? tile->name : tile->id);
          append_text (ex->json, "Description", tile->kind);
          append_key (ex->json, "CustomImage");
          g_string_append_c (ex->json, '{');
          append_text (ex->json, "ImageURL", url);
          append_text (ex->json, "ImageSecondaryURL", back_url);
          g_string_append (ex->json, "\"ImageScalar\": 1, \"WidthScale\": 0, \"CustomTile\": "
                           "{\"Type\": 0, \"Thickness\": 0.2, \"Stackable\": false, \"Stretch\": true}}}");
        }
    }
  if (summary != NULL)
    summary->tiles = n;
  return TRUE;
}

/**
 * tw_export_tts_write:
 * @def: the definition
 * @settings: what (cards and tiles), dpi, card and tile sizes
 * @path: the saved object, OUT.json
 * @summary: (out) (optional): what was written
 * @error: a TW_EXPORT_ERROR or G_FILE_ERROR
 *
 * Writes the Tabletop Simulator export (tw-export-tts.h): all its files or,
 * on any failure, none.
 */
gboolean
tw_export_tts_write (TwDefinition            *def,
                     const TwExportSettings  *settings,
                     const char              *path,
                     TwExportTtsSummary      *summary,
                     GError                 **error)
{
  Export ex = { 0 };
  g_autoptr(TwSaveFile) json_file = NULL;
  guint total_cards = 0;
  gboolean cards, tiles, ok = TRUE;

  g_return_val_if_fail (def != NULL && settings != NULL && path != NULL, FALSE);

  if (summary != NULL)
    memset (summary, 0, sizeof *summary);
  if (settings->tile_size <= 0 || settings->card_width <= 0 || settings->card_height <= 0
      || settings->dpi < 10 || settings->dpi > 2400)
    {
      g_set_error (error, TW_EXPORT_ERROR, 0, _("sizes must be positive, DPI between 10 and 2400"));
      return FALSE;
    }
  for (guint k = 0; k < def->n_cards; k++)
    total_cards += def->cards[k].count;
  cards = (settings->what & TW_EXPORT_CARDS) && total_cards > 0;
  tiles = (settings->what & TW_EXPORT_TILES) && def->total_tiles > 0;
  if (!cards && !tiles)
    {
      g_set_error (error, TW_EXPORT_ERROR, 0,
                   _("%s has nothing of that kind for Tabletop Simulator (the export takes cards and tiles)"),
                   def->name);
      return FALSE;
    }

  /* the JSON's save first: a folder that cannot be written fails before
   * any drawing */
  json_file = tw_save_file_begin (path, error);
  if (json_file == NULL)
    return FALSE;

  ex.def = def;
  ex.s = *settings;
  ex.s.bleed = 0;
  ex.s.cut_lines = FALSE;
  ex.stem = g_str_has_suffix (path, ".json") ? g_strndup (path, strlen (path) - 5) : g_strdup (path);
  ex.files = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_save_file_abort);
  ex.names = g_ptr_array_new_with_free_func (g_free);
  ex.json = g_string_new ("{\n");
  /* a saved object: the table's fields empty (the game fills them) */
  for (const char * const *key = (const char * const[]) { "SaveName", "GameMode", "Date", "Table", "Sky",
                                                           "Note", "Rules", "LuaScript", "LuaScriptState",
                                                           "XmlUI", NULL };
       *key != NULL; key++)
    g_string_append_printf (ex.json, "  \"%s\": \"\",\n", *key);
  g_string_append (ex.json, "  \"ObjectStates\": [\n");

  if (cards)
    ok = write_cards (&ex, summary, error);
  if (ok && tiles)
    ok = write_tiles (&ex, summary, error);
  if (ok)
    {
      g_string_append (ex.json, "\n  ],\n  \"TabStates\": {}\n}\n");
      ok = tw_save_file_write (json_file, ex.json->str, ex.json->len, error);
    }
  if (ok)
    {
      g_autofree char *manifest = tw_export_manifest_path (path);

      /* the images first, the JSON that names them next, the manifest
       * that lists all of them last */
      g_ptr_array_add (ex.files, g_steal_pointer (&json_file));
      g_ptr_array_add (ex.names, g_strdup (path));
      if (summary != NULL)
        summary->files = ex.files->len + 1;
      g_ptr_array_set_free_func (ex.files, NULL);
      ok = tw_export_commit_manifest ((TwSaveFile **) ex.files->pdata,
                                      (const char * const *) ex.names->pdata, ex.files->len,
                                      manifest, error);
    }
  export_clear (&ex);
  return ok;
}
