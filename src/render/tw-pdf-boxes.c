/* tw-pdf-boxes.c: TrimBox and BleedBox on the pages of a PDF cairo wrote
 *
 * See tw-pdf-boxes.h for why this is written here. cairo writes a classic
 * PDF: each page a dictionary "<< /Type /Page" with its "/MediaBox [ ... ]",
 * one cross-reference table "xref" of 20-byte entries, and "startxref" with
 * the table's offset. The boxes go right after each MediaBox; every offset
 * in the table and startxref moves by the bytes inserted before it.
 * Anything else is left alone, and anything unexpected gives up.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tw-pdf-boxes.h"

#define XREF_ENTRY 20

typedef struct
{
  gsize  at;      /* where in the original */
  char  *text;
} Insert;

static const guint8 *
find (const guint8 *from,
      const guint8 *end,
      const char   *what)
{
  gsize n = strlen (what);

  for (const guint8 *p = from; p + n <= end; p++)
    if (*p == (guint8) what[0] && memcmp (p, what, n) == 0)
      return p;
  return NULL;
}

/* How far a byte at @offset of the original moves. */
static gsize
shift (const Insert *inserts,
       guint         n,
       gsize         offset)
{
  gsize s = 0;

  for (guint i = 0; i < n && inserts[i].at <= offset; i++)
    s += strlen (inserts[i].text);
  return s;
}

static void
box_text (GString        *s,
          const char     *name,
          const TwPdfBox *b)
{
  char v[4][G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (v[0], sizeof v[0], "%.4f", b->x0);
  g_ascii_formatd (v[1], sizeof v[1], "%.4f", b->y0);
  g_ascii_formatd (v[2], sizeof v[2], "%.4f", b->x1);
  g_ascii_formatd (v[3], sizeof v[3], "%.4f", b->y1);
  g_string_append_printf (s, "\n   /%s [ %s %s %s %s ]", name, v[0], v[1], v[2], v[3]);
}

GBytes *
tw_pdf_add_boxes (const guint8   *pdf,
                  gsize           len,
                  const TwPdfBox *trim,
                  const TwPdfBox *bleed,
                  guint           n_pages)
{
  const guint8 *end = pdf + len, *p = pdf, *sx, *xref, *trailer;
  g_autofree Insert *inserts = g_new0 (Insert, MAX (n_pages, 1));
  g_autoptr(GByteArray) out = NULL;
  guint n = 0;
  guint64 xref_at;
  char *stop;
  GBytes *result = NULL;

  g_return_val_if_fail (pdf != NULL && trim != NULL && bleed != NULL, NULL);

  /* every page dictionary, in order, and the end of its MediaBox */
  while ((p = find (p, end, "<< /Type /Page")) != NULL)
    {
      const guint8 *media, *close, *dict_end;

      p += strlen ("<< /Type /Page");
      if (p < end && *p == 's')   /* /Pages, the page tree */
        continue;
      if (n == n_pages)
        goto out;
      dict_end = find (p, end, "endobj");
      media = find (p, dict_end ? dict_end : end, "/MediaBox [");
      close = media ? memchr (media, ']', end - media) : NULL;
      if (close == NULL)
        goto out;
      {
        GString *s = g_string_new (NULL);
        box_text (s, "TrimBox", &trim[n]);
        box_text (s, "BleedBox", &bleed[n]);
        inserts[n].at = close + 1 - pdf;
        inserts[n].text = g_string_free (s, FALSE);
      }
      n++;
    }
  if (n != n_pages)
    goto out;

  /* the table: "startxref\nOFFSET\n%%EOF", the last one in the file */
  sx = NULL;
  for (p = pdf; (p = find (p, end, "startxref")) != NULL; p++)
    sx = p;
  if (sx == NULL)
    goto out;
  xref_at = g_ascii_strtoull ((const char *) sx + strlen ("startxref"), &stop, 10);
  if (xref_at >= len || (const guint8 *) stop > end
      || memcmp (pdf + xref_at, "xref", 4) != 0)
    goto out;
  xref = pdf + xref_at;
  trailer = find (xref, end, "trailer");
  if (trailer == NULL || trailer > sx || inserts[n - 1].at >= xref_at)
    goto out;

  out = g_byte_array_sized_new (len + n * 120);
  /* the objects, with the boxes */
  {
    gsize from = 0;
    for (guint i = 0; i < n; i++)
      {
        g_byte_array_append (out, pdf + from, inserts[i].at - from);
        g_byte_array_append (out, (const guint8 *) inserts[i].text, strlen (inserts[i].text));
        from = inserts[i].at;
      }
    g_byte_array_append (out, pdf + from, xref_at - from);
  }
  /* the table: subsections "FIRST COUNT", then COUNT entries of 20 bytes,
   * "OOOOOOOOOO GGGGG n" with the offset moved */
  p = xref + 4;
  while (p < trailer && (*p == '\r' || *p == '\n'))
    p++;
  g_byte_array_append (out, xref, p - xref);
  while (p < trailer)
    {
      const guint8 *line_end = p;
      guint64 count;

      while (line_end < trailer && *line_end != '\n')
        line_end++;
      if (line_end >= trailer)
        goto out;
      {
        g_autofree char *line = g_strndup ((const char *) p, line_end - p);
        g_auto(GStrv) words = g_strsplit (g_strstrip (line), " ", -1);
        if (g_strv_length (words) != 2)
          goto out;
        count = g_ascii_strtoull (words[1], NULL, 10);
      }
      g_byte_array_append (out, p, line_end + 1 - p);
      p = line_end + 1;
      if (count > (guint64) (trailer - p) / XREF_ENTRY)
        goto out;
      for (guint64 e = 0; e < count; e++, p += XREF_ENTRY)
        {
          char entry[XREF_ENTRY + 1];

          memcpy (entry, p, XREF_ENTRY);
          entry[XREF_ENTRY] = '\0';
          if (entry[10] != ' ' || entry[16] != ' ')
            goto out;
          if (entry[17] == 'n')
            {
              guint64 offset = g_ascii_strtoull (entry, NULL, 10);
              char moved[11];

              if (offset >= len)
                goto out;
              g_snprintf (moved, sizeof moved, "%010" G_GUINT64_FORMAT,
                          offset + shift (inserts, n, offset));
              memcpy (entry, moved, 10);
            }
          g_byte_array_append (out, (const guint8 *) entry, XREF_ENTRY);
        }
    }
  /* the trailer as it was, then the table's new place */
  g_byte_array_append (out, trailer, sx - trailer);
  {
    g_autofree char *tail = g_strdup_printf ("startxref\n%" G_GUINT64_FORMAT "\n%%%%EOF\n",
                                             xref_at + shift (inserts, n, xref_at));
    g_byte_array_append (out, (const guint8 *) tail, strlen (tail));
  }
  result = g_byte_array_free_to_bytes (g_steal_pointer (&out));

out:
  for (guint i = 0; i < n_pages; i++)
    g_free (inserts[i].text);
  return result;
}
