/* tw-test-widgets.c: what the in-process widget tests share
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-test-widgets.h"

/* A bound on every wait: a wait that never ends fails the case instead of
 * hanging the suite. No case depends on how long anything takes. */
#define WAIT_LIMIT_S 60

static gboolean
wait_expired (gpointer user_data)
{
  gboolean *expired = user_data;

  *expired = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done holds. */
void
wait_until (Condition  done,
            gpointer   data,
            const char *what)
{
  gboolean expired = FALSE;
  guint limit = g_timeout_add_seconds (WAIT_LIMIT_S, wait_expired, &expired);

  while (!done (data) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (expired)
    g_error ("gave up waiting for %s", what);
  g_source_remove (limit);
}

gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

gboolean
holds_only_ref (gpointer data)
{
  /* the main loop may still hold the object through a task being
   * dispatched or a worker's answer: this drains those */
  return g_atomic_int_get (&G_OBJECT (data)->ref_count) == 1;
}

/* Lets the main loop run until @object is referenced by the test alone,
 * then checks that dropping that reference finalizes it. */
void
finalize_after_idle (gpointer object)
{
  wait_until (holds_only_ref, object, G_OBJECT_TYPE_NAME (object));
  g_assert_finalize_object (object);
}

/* A window showing @child, mapped. */
GtkWindow *
show_in_window (GtkWidget *child)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, 900, 700);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  wait_until (is_mapped, child, "the window to show");
  return window;
}

/* Destroys @window (the toplevel holds the only reference the toolkit
 * keeps) and waits for it to be finalized. */
void
destroy_window (GtkWindow *window)
{
  GWeakRef ref;

  g_weak_ref_init (&ref, window);
  gtk_window_destroy (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (g_weak_ref_get (&ref));
  g_weak_ref_clear (&ref);
}

/* Every widget of @type below @widget (itself included), depth first in
 * the order the children are drawn. */
static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    collect (c, type, out);
}

GPtrArray *
find_all (GtkWidget *widget,
          GType      type)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (widget, type, out);
  return out;
}

/* The widget of @type inside the preferences row titled @title. */
GtkWidget *
find_in_row (GtkWidget  *widget,
             const char *title,
             GType       type)
{
  g_autoptr(GPtrArray) rows = find_all (widget, ADW_TYPE_PREFERENCES_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), title) == 0)
      {
        g_autoptr(GPtrArray) inside = find_all (rows->pdata[i], type);

        if (inside->len > 0)
          return inside->pdata[0];
      }
  return NULL;
}

TwDefinition *
load_bundled (const char *id)
{
  g_autofree char *path = tw_definition_bundled_path (id);
  g_autoptr(GError) error = NULL;
  TwDefinition *def = tw_definition_load_file (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (def);
  return def;
}

/* The whole text of @buffer. Free with g_free(). */
char *
buffer_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}
