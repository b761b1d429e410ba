/* tw-notation.c: the one reader of positions in the notation
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-notation.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "tw-module-util.h"

#define BLANKS " \t\r"

struct _TwNotationReader
{
  /* Owned */
  char  **lines;
  char  **head;         /* the header's words, cut at '=' as they are read */
  guint   n_players;
};

TwNotationReader *
tw_notation_reader_new (const char *text,
                        guint       n_players)
{
  TwNotationReader *reader;

  g_return_val_if_fail (text != NULL, NULL);

  reader = g_new0 (TwNotationReader, 1);
  reader->lines = g_strsplit (text, "\n", -1);
  reader->n_players = n_players;
  return reader;
}

void
tw_notation_reader_free (TwNotationReader *reader)
{
  if (reader == NULL)
    return;
  g_strfreev (reader->lines);
  g_strfreev (reader->head);
  g_free (reader);
}

void
tw_notation_refuse (GString    *why,
                    const char *refusal,
                    const char *key,
                    const char *value,
                    guint       n_players,
                    int         min,
                    int         max)
{
  g_string_truncate (why, 0);
  for (const char *c = refusal; *c; c++)
    {
      if (*c == '{')
        {
          const char *end = strchr (c, '}');
          gsize len = end ? (gsize) (end - c - 1) : 0;
          if (end && len == 3 && strncmp (c + 1, "key", 3) == 0)
            g_string_append (why, key);
          else if (end && len == 5 && strncmp (c + 1, "value", 5) == 0)
            g_string_append (why, value);
          else if (end && len == 7 && strncmp (c + 1, "players", 7) == 0)
            g_string_append_printf (why, "%u", n_players);
          else if (end && len == 3 && strncmp (c + 1, "min", 3) == 0)
            g_string_append_printf (why, "%d", min);
          else if (end && len == 3 && strncmp (c + 1, "max", 3) == 0)
            g_string_append_printf (why, "%d", max);
          else
            end = NULL;
          if (end)
            {
              c = end;
              continue;
            }
        }
      g_string_append_c (why, *c);
    }
}

/* A number as the header reads them: plain digits when @digits, else a
 * sign is allowed (tw_notation_parse_int). */
static gboolean
parse_number (const char *text,
              gboolean    digits,
              int        *out)
{
  if (digits && !g_ascii_isdigit (text[0]))
    return FALSE;
  return tw_notation_parse_int (text, out);
}

static const char *
type_refusal (TwNotationFieldType type)
{
  switch (type)
    {
    case TW_FIELD_SEAT:
      return _("{key} must be a seat from 1 to {players}");
    case TW_FIELD_PLAYERS:
      return _("this game has {players} players, the position {value}");
    case TW_FIELD_NAME:
      return _("unknown {key} '{value}'");
    case TW_FIELD_INT:
      return _("{key} must be from {min} to {max}, not '{value}'");
    default:
      return _("bad value '{value}' for {key}");
    }
}

/* Reads @value into @field's destination; FALSE when it is refused, with
 * @why set when the field said why itself. */
static gboolean
read_field (const TwNotationReader *reader,
            const TwNotationHeader *header,
            const TwNotationField  *field,
            const char             *value,
            GString                *why)
{
  int v;

  switch (field->type)
    {
    case TW_FIELD_INT:
      if (!parse_number (value, header->digits, &v) || v < field->min || v > field->max)
        return FALSE;
      *(int *) field->dest = v;
      return TRUE;
    case TW_FIELD_SEAT:
      if (!parse_number (value, header->digits, &v) || v < 1 || (guint) v > reader->n_players)
        return FALSE;
      *(int *) field->dest = v;
      return TRUE;
    case TW_FIELD_PLAYERS:
      return parse_number (value, header->digits, &v) && (guint) v == reader->n_players;
    case TW_FIELD_NAME:
      v = tw_name_index (field->names, value);
      if (v < 0 || (field->accept != 0 && !(field->accept & (1u << v))))
        return FALSE;
      *(int *) field->dest = v;
      return TRUE;
    case TW_FIELD_SEED:
      *(guint64 *) field->dest = g_ascii_strtoull (value, NULL, 10);
      return TRUE;
    case TW_FIELD_TEXT:
      *(const char **) field->dest = value;
      return TRUE;
    case TW_FIELD_FLAG:
      *(gboolean *) field->dest = g_str_equal (value, "1");
      return TRUE;
    case TW_FIELD_CUSTOM:
      return field->read (header->user_data, value, field->dest, why);
    case TW_FIELD_REFUSED:
    default:
      return FALSE;
    }
}

gboolean
tw_notation_read_fields (TwNotationReader       *reader,
                         const TwNotationHeader *keys,
                         char                  **words,
                         const char             *unknown,
                         GString                *why)
{
  g_return_val_if_fail (reader != NULL && keys != NULL && words != NULL, FALSE);

  for (guint k = 0; words[k]; k++)
    {
      const char *value = tw_notation_split_key (words[k], why);
      const char *key = words[k];
      const TwNotationField *field = keys->fields;

      if (value == NULL)
        return FALSE;
      while (field->key != NULL && !g_str_equal (field->key, key))
        field++;
      if (field->key == NULL)
        {
          tw_notation_refuse (why, unknown, key, value, reader->n_players, 0, 0);
          return FALSE;
        }
      g_string_truncate (why, 0);
      if (!read_field (reader, keys, field, value, why))
        {
          if (why->len == 0)
            tw_notation_refuse (why, field->refusal ? field->refusal
                                     : keys->refusal ? keys->refusal
                                     : type_refusal (field->type),
                                key, value, reader->n_players, field->min, field->max);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
tw_notation_read_header (TwNotationReader       *reader,
                         const TwNotationHeader *header,
                         GString                *why)
{
  g_return_val_if_fail (reader != NULL && header != NULL, FALSE);

  g_clear_pointer (&reader->head, g_strfreev);
  reader->head = tw_notation_words (reader->lines[0] ? reader->lines[0] : "", BLANKS "\n");
  if (!tw_notation_header_tag (reader->head, header->tag, header->title, why))
    return FALSE;
  return tw_notation_read_fields (reader, header, reader->head + 1,
                                  _("unknown key '{key}' in the position header"), why);
}

/* Whether @key is @section's: fills the number or the argument of @line. */
static gboolean
section_matches (const TwNotationSection *section,
                 const char              *key,
                 TwNotationLine          *line)
{
  const char *rest;
  gsize digits;

  if (section->max == 0 && !section->named)
    return g_str_equal (key, section->name);
  if (!g_str_has_prefix (key, section->name))
    return FALSE;
  rest = key + strlen (section->name);
  if (section->named)
    {
      line->arg = rest;
      return TRUE;
    }
  digits = strspn (rest, "0123456789");
  if (digits == 0 || !g_str_equal (rest + digits, section->suffix ? section->suffix : ""))
    return FALSE;
  line->number = digits > 5 ? 0 : (guint) strtoul (rest, NULL, 10);
  return TRUE;
}

gboolean
tw_notation_read_sections (TwNotationReader        *reader,
                           const TwNotationSection *sections,
                           gpointer                 user_data,
                           TwNotationSectionFlags   flags,
                           GString                 *why)
{
  gboolean some = (flags & TW_NOTATION_SECTIONS_SOME) != 0;

  g_return_val_if_fail (reader != NULL && sections != NULL, FALSE);

  for (guint l = 1; reader->lines[0] && reader->lines[l]; l++)
    {
      /* a copy: a later pass reads the lines as written */
      g_autofree char *text = g_strstrip (g_strdup (reader->lines[l]));
      char *colon = strchr (text, ':');
      const TwNotationSection *section;
      TwNotationLine line = { 0 };
      g_auto(GStrv) words = NULL;

      if (*text == '\0')
        continue;
      if (colon == NULL)
        {
          if (some)
            continue;
          g_string_printf (why, _("line %u: expected 'NAME: ...'"), l + 1);
          return FALSE;
        }
      *colon = '\0';
      line.key = g_strchomp (text);
      line.line = l + 1;
      for (section = sections; section->name != NULL; section++)
        if (section_matches (section, line.key, &line))
          break;
      if (section->name == NULL)
        {
          if (some)
            continue;
          g_string_printf (why, _("unknown line '%s:'"), line.key);
          return FALSE;
        }
      if (section->max > 0 && (line.number < 1 || line.number > section->max))
        {
          tw_notation_refuse (why, section->refusal ? section->refusal : _("no line called '{key}'"),
                              line.key, "", reader->n_players, 1, section->max);
          return FALSE;
        }
      words = tw_notation_words (colon + 1, BLANKS);
      if (section->keep != NULL)
        {
          g_strfreev (*section->keep);
          *section->keep = g_steal_pointer (&words);
          continue;
        }
      for (guint w = 0; section->collect != NULL && words[w]; w++)
        g_ptr_array_add (section->collect, g_steal_pointer (&words[w]));
      if (section->read == NULL)
        continue;
      line.words = words;
      line.n_words = g_strv_length (words);
      g_string_truncate (why, 0);
      if (!section->read (user_data, &line, why))
        {
          if (flags & TW_NOTATION_SECTIONS_NAME_ERRORS)
            {
              g_string_prepend (why, ": ");
              g_string_prepend (why, line.key);
            }
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
tw_notation_parse_placement (char    *word,
                             int     *x,
                             int     *y,
                             int     *rot,
                             GString *why)
{
  char *at = strchr (word, '@');
  char *r = at ? strrchr (at, 'r') : NULL;

  if (at == NULL || r == NULL)
    {
      g_string_printf (why, _("expected TILE@X,YrR, not '%s'"), word);
      return FALSE;
    }
  *at = '\0';
  *r = '\0';
  if (!tw_notation_parse_xy (at + 1, x, y) || !tw_notation_parse_int (r + 1, rot)
      || *rot < 0 || *rot > 3)
    {
      g_string_printf (why, _("bad placement of '%s'"), word);
      return FALSE;
    }
  return TRUE;
}

char **
tw_notation_tokens (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));

  return tw_notation_words (copy, " \t");
}

gboolean
tw_notation_parse_rotation (const char *word,
                            int        *rot,
                            GString    *why)
{
  if (word[0] == 'r' && tw_notation_parse_int (word + 1, rot) && *rot >= 0 && *rot <= 3)
    return TRUE;
  g_string_printf (why, _("rotation is r0, r1, r2 or r3, not '%s'"), word);
  return FALSE;
}
