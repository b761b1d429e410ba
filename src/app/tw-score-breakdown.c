/* tw-score-breakdown.c: a finished game's scores by rule, as widgets
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-score-breakdown.h"

#include <glib/gi18n.h>
#include <math.h>

#include "tw-result.h"

/* A row: the rule in words, its points at the end. */
static GtkWidget *
term_row (const TwScoreTerm *term)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (term->label);
  g_autofree char *points = g_strdup_printf ("%d", term->points);
  g_autofree char *a11y = NULL;
  GtkWidget *value = gtk_label_new (points);

  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 12);
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (value, "numeric");
  gtk_widget_add_css_class (value, "heading");
  gtk_widget_set_valign (value, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), value);
  /* Translators: a part of a score, for screen readers: the rule, its points */
  a11y = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %d point", "%s: %d points",
                                       ABS (term->points)), term->label, term->points);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  return row;
}

GtkWidget *
tw_score_breakdown_new (const TwGame       *game,
                        const TwState      *state,
                        const char * const *names)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  double scores[TW_MAX_PLAYERS] = { 0 };
  guint rank[TW_MAX_PLAYERS] = { 0 };

  game->rules->scores (game, state, scores);
  game->rules->ranking (game, state, rank);
  for (guint place = 0; place < game->n_players; place++)
    for (guint p = 0; p < game->n_players; p++)
      {
        g_autoptr(GArray) terms = NULL;
        g_autofree char *heading = NULL;
        g_autofree char *list_name = NULL;
        GtkWidget *label, *list;
        int points;

        if (rank[p] != place)
          continue;
        terms = tw_result_terms (game, state, p);
        points = (int) lround (scores[p]);
        /* Translators: a seat's heading in the score by rule: name and total */
        heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %d point",
                                                "%s — %d points", ABS (points)),
                                   names[p], points);
        label = gtk_label_new (heading);
        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
        gtk_widget_add_css_class (label, "heading");
        gtk_widget_set_margin_top (label, place > 0 || p > 0 ? 6 : 0);
        gtk_box_append (GTK_BOX (box), label);

        list = gtk_list_box_new ();
        gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
        gtk_widget_add_css_class (list, "boxed-list");
        /* Translators: the accessible name of a seat's list of score parts */
        list_name = g_strdup_printf (_("%s’s score by rule"), names[p]);
        gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        list_name, -1);
        for (guint i = 0; i < terms->len; i++)
          {
            GtkWidget *row = term_row (&g_array_index (terms, TwScoreTerm, i));
            gtk_list_box_append (GTK_LIST_BOX (list), row);
            gtk_list_box_row_set_activatable (
              GTK_LIST_BOX_ROW (gtk_widget_get_parent (row)), FALSE);
          }
        gtk_box_append (GTK_BOX (box), list);
      }
  return box;
}
