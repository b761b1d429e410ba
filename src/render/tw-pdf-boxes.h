/* tw-pdf-boxes.h: TrimBox and BleedBox on the pages of a PDF cairo wrote
 *
 * A print shop reads where to cut (TrimBox) and how far the artwork runs
 * past it (BleedBox) from each page. cairo 1.16, Debian 12's, has no API for
 * either (nor does any later cairo), and the PDF libraries Debian has that
 * could add them (qpdf, poppler's writer) are C++ and far larger than the
 * job: this adds the two keys to each page dictionary of cairo's output and
 * rewrites the cross-reference table for the moved objects, nothing else.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A rectangle in PDF user space: points, from the page's bottom-left. */
typedef struct
{
  double x0, y0, x1, y1;
} TwPdfBox;

/* @pdf (@len bytes, as cairo wrote it, @n_pages pages) with /TrimBox
 * @trim[i] and /BleedBox @bleed[i] on page i; NULL when the file is not laid
 * out as cairo lays it out (a page or the table not where expected): the
 * caller then keeps the file as it is. */
GBytes *tw_pdf_add_boxes (const guint8   *pdf,
                          gsize           len,
                          const TwPdfBox *trim,
                          const TwPdfBox *bleed,
                          guint           n_pages);

G_END_DECLS
