/* tw-export-tts.h: a definition's cards and tiles for Tabletop Simulator
 *
 * One export writes a saved object (OUT.json, for Tabletop Simulator's
 * "Saved Objects" folder) and the images it names by file:// URL beside it:
 *
 *   OUT-faces-1.png, OUT-faces-2.png …  the card fronts, one slot per copy,
 *       at most 69 a sheet in a grid of at most 10x7; the grid's last slot
 *       (bottom-right) holds the hidden face, drawn as the card back;
 *   OUT-back.png                        the card back, one card;
 *   OUT-tile-ID.png                     each tile, once per definition;
 *   OUT-tiles-back.png                  the back of every tile.
 *
 * The cards become one "DeckCustom" ("Card" when there is one), the tiles
 * one "Custom_Tile" per copy. Every file goes through an atomic save
 * (tw-file.h) and all are renamed into place together, the JSON last, and
 * then OUT.json.manifest, which lists them all with their sizes and SHA-256
 * (tw-export-manifest.h): the export is complete when the files match it.
 */
#pragma once

#include "tw-export.h"

G_BEGIN_DECLS

/* Tabletop Simulator's limits on a card sheet. */
#define TW_EXPORT_TTS_SHEET_CARDS   69     /* 10x7, less the hidden face */
#define TW_EXPORT_TTS_SHEET_COLUMNS 10
#define TW_EXPORT_TTS_MAX_PIXELS    10000  /* a side of any image */
/* 63x88 mm cards at 150 DPI make a full sheet of 3730x3640 pixels, under
 * the 4096 Tabletop Simulator's guide recommends. */
#define TW_EXPORT_TTS_DEFAULT_DPI   150

/* What an export wrote. */
typedef struct
{
  guint cards;    /* copies of cards in the deck */
  guint sheets;   /* face sheets */
  guint tiles;    /* copies of tiles */
  guint files;    /* files written, the JSON and the manifest included */
} TwExportTtsSummary;

/* Writes the cards and tiles (@settings->what; pieces have no form here) at
 * @settings->dpi with @settings->card_width/height and tile_size; bleed,
 * paper, margins and marks do not apply. @path is the JSON file; the images
 * take its name without ".json". @summary may be NULL. */
gboolean tw_export_tts_write (TwDefinition            *def,
                              const TwExportSettings  *settings,
                              const char              *path,
                              TwExportTtsSummary      *summary,
                              GError                 **error);

G_END_DECLS
