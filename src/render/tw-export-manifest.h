/* tw-export-manifest.h: the list, written last, that says a multi-file export is whole
 *
 * Each file of an export is saved atomically (tw-file.h), and the files of
 * one export are renamed into place only once all are on the disk; but the
 * renames are several, and a kill between two of them leaves some files of
 * the new export beside some of the old. So an export of several files (SVG
 * or PNG pages, Tabletop Simulator's JSON and images) also writes OUT.manifest
 * (OUT as the export was named: "sheets.png.manifest", "deck.json.manifest"),
 * after all its files are in place:
 *
 *   # Tilewright export manifest 1
 *   # ...comment lines...
 *   SHA256  SIZE  NAME
 *
 * one line a file: its SHA-256 in 64 lower-case hex digits, its size in
 * bytes, its name in the manifest's folder (the rest of the line). The export
 * is complete when every file listed has that size and that SHA-256; a
 * missing manifest, a missing file or a different one means an export that
 * was interrupted (or a file changed since). A failure before the renames
 * leaves the old files and the old manifest, which still matches them. Once
 * the new manifest is in place, the files the old one listed and the new
 * one does not (the pages beyond a shorter export's last) are removed when
 * they are still as listed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "tw-file.h"

G_BEGIN_DECLS

#define TW_EXPORT_MANIFEST_SUFFIX  ".manifest"
#define TW_EXPORT_MANIFEST_HEADER  "# Tilewright export manifest 1"
/* a manifest lists at most a few thousand files: refused when larger */
#define TW_EXPORT_MANIFEST_MAX_BYTES (4 * 1024 * 1024)

char     *tw_export_manifest_path   (const char         *out);
gboolean  tw_export_commit_manifest (TwSaveFile        **files,
                                     const char * const *names,
                                     guint               n_files,
                                     const char         *manifest,
                                     GError            **error);
gboolean  tw_export_manifest_check  (const char         *manifest,
                                     guint              *n_files,
                                     GError            **error);

G_END_DECLS
