/* tw-module-util.c: plumbing every rules module needs */

#include "config.h"

#include "tw-module-util.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

void
tw_append_word_list (GString            *out,
                     const char * const *words,
                     guint               n)
{
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        /* Translators: between the items of a list ("Player 1, Player 2 and
         * Player 3"); the first between the last two */
        g_string_append (out, i + 1 == n ? _(" and ") : _(", "));
      g_string_append (out, words[i]);
    }
}

void
tw_seat_phrase_part (GString *out,
                     gsize    start)
{
  if (out->len > start)
    /* Translators: between the parts of what a seat holds, for screen
     * readers: "3 meeples in the supply; holds Half red / green" */
    g_string_append (out, _("; "));
}

void
tw_seat_phrase_holds (GString            *out,
                      const char * const *names,
                      guint               n)
{
  /* Translators: in what a seat holds, for screen readers: then the names
   * of the tiles or cards in its hand ("holds Half red / green") */
  g_string_append (out, _("holds "));
  tw_append_word_list (out, names, n);
}

void
tw_rank_by_score (const int *score,
                  guint      n,
                  guint     *rank)
{
  for (guint q = 0; q < n; q++)
    {
      rank[q] = 0;
      for (guint o = 0; o < n; o++)
        if (score[o] > score[q])
          rank[q]++;
    }
}

gint
tw_name_index (const char * const *names,
               const char         *name)
{
  for (guint i = 0; names[i]; i++)
    if (g_str_equal (names[i], name))
      return i;
  return -1;
}

gboolean
tw_check_instance_at (guint8     *seen,
                      guint       inst,
                      gboolean    loc_agrees,
                      const char *where,
                      GString    *why)
{
  if (seen[inst]++ == 0 && loc_agrees)
    return TRUE;
  g_string_printf (why, _("tile instance %u is %s and elsewhere"), inst, where);
  return FALSE;
}

gboolean
tw_check_instances_placed (const guint8 *seen,
                           const guint8 *loc,
                           guint         n_inst,
                           guint8        loc_away,
                           GString      *why)
{
  for (guint t = 0; t < n_inst; t++)
    if (!seen[t] && loc[t] != loc_away)
      {
        g_string_printf (why, _("tile instance %u is nowhere"), t);
        return FALSE;
      }
  return TRUE;
}

gboolean
tw_notation_parse_int (const char *text,
                       int        *out)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = strtol (text, &end, 10);
  if (*end != '\0' || v < -30000 || v > 30000)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

gboolean
tw_notation_parse_xy (const char *text,
                      int        *x,
                      int        *y)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  return g_strv_length (parts) == 2
         && tw_notation_parse_int (parts[0], x) && tw_notation_parse_int (parts[1], y);
}

char **
tw_notation_words (const char *text,
                   const char *separators)
{
  g_auto(GStrv) raw = g_strsplit_set (text, separators, -1);
  GPtrArray *w = g_ptr_array_new ();

  for (guint i = 0; raw[i]; i++)
    if (*raw[i])
      g_ptr_array_add (w, g_strdup (raw[i]));
  g_ptr_array_add (w, NULL);
  return (char **) g_ptr_array_free (w, FALSE);
}

gboolean
tw_notation_header_tag (char * const *head,
                        const char   *tag,
                        const char   *title,
                        GString      *why)
{
  if (head[0] != NULL && g_str_equal (head[0], tag))
    return TRUE;
  g_string_append_printf (why, _("a %s position starts with '%s'"), title, tag);
  return FALSE;
}

const char *
tw_notation_split_key (char    *word,
                       GString *why)
{
  char *eq = strchr (word, '=');

  if (eq == NULL)
    {
      g_string_printf (why, _("expected KEY=VALUE, not '%s'"), word);
      return NULL;
    }
  *eq = '\0';
  return eq + 1;
}

gboolean
tw_notation_check_players (const char *val,
                           guint       n_players,
                           GString    *why)
{
  int v;

  if (tw_notation_parse_int (val, &v) && (guint) v == n_players)
    return TRUE;
  g_string_printf (why, g_dngettext (GETTEXT_PACKAGE, "this game has %u player, the position %s",
                                     "this game has %u players, the position %s", n_players), n_players, val);
  return FALSE;
}

gboolean
tw_notation_parse_seat (const char *val,
                        guint       n_players,
                        const char *key,
                        int        *seat,
                        GString    *why)
{
  if (tw_notation_parse_int (val, seat) && *seat >= 1 && (guint) *seat <= n_players)
    return TRUE;
  g_string_printf (why, _("%s must be a seat from 1 to %u"), key, n_players);
  return FALSE;
}

gint
tw_notation_take_instance (const TwDefinition *def,
                           const guint16      *inst_def,
                           guint               n_inst,
                           guint8             *used,
                           const char         *id,
                           GString            *why)
{
  gint t = tw_definition_find_tile (def, id);

  if (t < 0)
    {
      g_string_printf (why, _("unknown tile '%s'"), id);
      return -1;
    }
  for (guint i = 0; i < n_inst; i++)
    if (inst_def[i] == (guint) t && !used[i])
      {
        used[i] = 1;
        return i;
      }
  g_string_printf (why, _("more '%s' tiles than the definition has"), id);
  return -1;
}
