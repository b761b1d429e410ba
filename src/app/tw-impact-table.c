/* tw-impact-table.c: the per-component figures of a Lab run as a table
 *
 * One row per component that came into play (tw_sim_impact_rows()): the
 * share of games it was in play, its uses a game, the win share of the
 * seats that used it and of the others, and the difference with its 95%
 * interval, marked when significant after Holm's correction. Every column
 * sorts (GtkColumnView's sorter over a GtkSortListModel); the rows start
 * outliers first, as the CLI prints them.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-impact-table.h"

#include <math.h>

#include <glib/gi18n.h>

/* ------------------------------------------------------------------------ */
/* One row                                                                  */

#define TW_TYPE_IMPACT_ITEM (tw_impact_item_get_type ())
G_DECLARE_FINAL_TYPE (TwImpactItem, tw_impact_item, TW, IMPACT_ITEM, GObject)

struct _TwImpactItem
{
  GObject   parent_instance;
  char     *id;
  double    appeared;
  double    uses;
  double    users;      /* win shares; NAN when the group is empty */
  double    others;
  double    diff;       /* NAN when not compared */
  double    lo;
  double    hi;
  gboolean  significant;
};

G_DEFINE_FINAL_TYPE (TwImpactItem, tw_impact_item, G_TYPE_OBJECT)

enum
{
  ITEM_PROP_0,
  ITEM_PROP_ID,
  ITEM_PROP_APPEARED,
  ITEM_PROP_USES,
  ITEM_PROP_USERS,
  ITEM_PROP_OTHERS,
  ITEM_PROP_DIFF,
  ITEM_PROP_SIGNIFICANT,
  ITEM_N_PROPS
};

static GParamSpec *item_props[ITEM_N_PROPS];

/* A sort key for a figure that may be missing: missing ones sort first
 * ascending, last descending, like the smallest number. */
static double
key (double value)
{
  return isnan (value) ? -G_MAXDOUBLE : value;
}

static void
tw_impact_item_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TwImpactItem *self = TW_IMPACT_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case ITEM_PROP_APPEARED:
      g_value_set_double (value, self->appeared);
      break;
    case ITEM_PROP_USES:
      g_value_set_double (value, self->uses);
      break;
    case ITEM_PROP_USERS:
      g_value_set_double (value, key (self->users));
      break;
    case ITEM_PROP_OTHERS:
      g_value_set_double (value, key (self->others));
      break;
    case ITEM_PROP_DIFF:
      g_value_set_double (value, key (self->diff));
      break;
    case ITEM_PROP_SIGNIFICANT:
      g_value_set_boolean (value, self->significant);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_impact_item_finalize (GObject *object)
{
  g_free (TW_IMPACT_ITEM (object)->id);
  G_OBJECT_CLASS (tw_impact_item_parent_class)->finalize (object);
}

static void
tw_impact_item_class_init (TwImpactItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  static const char * const doubles[] = {
    [ITEM_PROP_APPEARED] = "appeared", [ITEM_PROP_USES] = "uses", [ITEM_PROP_USERS] = "users",
    [ITEM_PROP_OTHERS] = "others", [ITEM_PROP_DIFF] = "diff",
  };

  object_class->get_property = tw_impact_item_get_property;
  object_class->finalize = tw_impact_item_finalize;
  item_props[ITEM_PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  for (guint p = ITEM_PROP_APPEARED; p <= ITEM_PROP_DIFF; p++)
    item_props[p] = g_param_spec_double (doubles[p], NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                         flags);
  item_props[ITEM_PROP_SIGNIFICANT] = g_param_spec_boolean ("significant", NULL, NULL, FALSE,
                                                            flags);
  g_object_class_install_properties (object_class, ITEM_N_PROPS, item_props);
}

static void
tw_impact_item_init (TwImpactItem *self)
{
}

/* ------------------------------------------------------------------------ */
/* The table                                                                */

struct _TwImpactTable
{
  AdwBin          parent_instance;
  GListStore     *store;     /* TwImpactItem, outliers first */
  GtkSortListModel *sorted;
  GtkColumnView  *view;
};

G_DEFINE_FINAL_TYPE (TwImpactTable, tw_impact_table, ADW_TYPE_BIN)

typedef enum
{
  COLUMN_ID,
  COLUMN_APPEARED,
  COLUMN_USES,
  COLUMN_USERS,
  COLUMN_OTHERS,
  COLUMN_DIFF,
  N_COLUMNS
} Column;

static char *
share_text (double value)
{
  return isnan (value) ? g_strdup ("—") : g_strdup_printf ("%.1f %%", 100 * value);
}

/* The text of @item in @column. */
static char *
cell_text (TwImpactItem *item,
           Column        column)
{
  switch (column)
    {
    case COLUMN_ID:
      return g_strdup (item->id);
    case COLUMN_APPEARED:
      return share_text (item->appeared);
    case COLUMN_USES:
      return g_strdup_printf ("%.2f", item->uses);
    case COLUMN_USERS:
      return share_text (item->users);
    case COLUMN_OTHERS:
      return share_text (item->others);
    case COLUMN_DIFF:
    default:
      if (isnan (item->diff))
        /* Translators: a component the Lab could not compare */
        return g_strdup (isnan (item->users) ? _("never used") : _("too few games"));
      /* Translators: a difference in points of win share, its 95% interval,
       * and ★ when it is significant */
      return g_strdup_printf (_("%+.1f  [%+.1f, %+.1f]%s"), 100 * item->diff, 100 * item->lo,
                              100 * item->hi, item->significant ? " ★" : "");
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  data)
{
  Column column = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_ID ? 0 : 1);
  if (column != COLUMN_ID)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  data)
{
  TwImpactItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = cell_text (item, GPOINTER_TO_UINT (data));

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), text);
}

static void
add_column (TwImpactTable *self,
            Column         column,
            const char    *title,
            const char    *property,
            GtkSortType    first)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *col;
  GtkSorter *sorter;
  GtkExpression *expression = gtk_property_expression_new (TW_TYPE_IMPACT_ITEM, NULL, property);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (column));
  col = gtk_column_view_column_new (title, factory);
  if (column == COLUMN_ID)
    sorter = GTK_SORTER (gtk_string_sorter_new (expression));
  else
    {
      sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
      /* figures are read largest first */
      gtk_numeric_sorter_set_sort_order (GTK_NUMERIC_SORTER (sorter), first);
    }
  gtk_column_view_column_set_sorter (col, sorter);
  gtk_column_view_column_set_expand (col, column == COLUMN_DIFF);
  gtk_column_view_append_column (self->view, col);
  g_object_unref (sorter);
  g_object_unref (col);
}

static void
tw_impact_table_dispose (GObject *object)
{
  TwImpactTable *self = TW_IMPACT_TABLE (object);

  adw_bin_set_child (ADW_BIN (self), NULL);
  g_clear_object (&self->sorted);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tw_impact_table_parent_class)->dispose (object);
}

static void
tw_impact_table_class_init (TwImpactTableClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tw_impact_table_dispose;
}

static void
tw_impact_table_init (TwImpactTable *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkSelectionModel *selection;

  self->store = g_list_store_new (TW_TYPE_IMPACT_ITEM);
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->sorted))));
  gtk_column_view_set_model (self->view, selection);
  g_object_unref (selection);
  gtk_column_view_set_show_row_separators (self->view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Components by impact"), -1);

  /* Translators: the Lab's table of components; column titles */
  add_column (self, COLUMN_ID, _("Component"), "id", GTK_SORT_ASCENDING);
  add_column (self, COLUMN_APPEARED, _("In Play"), "appeared", GTK_SORT_DESCENDING);
  add_column (self, COLUMN_USES, _("Uses"), "uses", GTK_SORT_DESCENDING);
  add_column (self, COLUMN_USERS, _("Users Won"), "users", GTK_SORT_DESCENDING);
  add_column (self, COLUMN_OTHERS, _("Others Won"), "others", GTK_SORT_DESCENDING);
  add_column (self, COLUMN_DIFF, _("Difference [95 %]"), "diff", GTK_SORT_DESCENDING);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 280);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->view));
  adw_bin_set_child (ADW_BIN (self), scrolled);
}

GtkWidget *
tw_impact_table_new (void)
{
  return g_object_new (TW_TYPE_IMPACT_TABLE, NULL);
}

void
tw_impact_table_set_arm (TwImpactTable  *self,
                         const TwSimArm *arm)
{
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (TW_IS_IMPACT_TABLE (self));

  rows = arm != NULL ? tw_sim_impact_rows (arm) : NULL;
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const TwSimImpactRow *row = &g_array_index (rows, TwSimImpactRow, i);
      TwImpactItem *item = g_object_new (TW_TYPE_IMPACT_ITEM, NULL);

      item->id = g_strdup (row->id);
      item->appeared = row->appeared;
      item->uses = row->uses;
      item->users = row->users > 0 ? row->win_users : NAN;
      item->others = row->others > 0 ? row->win_others : NAN;
      item->diff = row->diff;
      item->lo = row->lo;
      item->hi = row->hi;
      if (isnan (row->p))
        item->diff = NAN;
      item->significant = row->significant;
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
}

GListModel *
tw_impact_table_get_model (TwImpactTable *self)
{
  g_return_val_if_fail (TW_IS_IMPACT_TABLE (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

GtkColumnView *
tw_impact_table_get_view (TwImpactTable *self)
{
  g_return_val_if_fail (TW_IS_IMPACT_TABLE (self), NULL);
  return self->view;
}
