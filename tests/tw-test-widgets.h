/* tw-test-widgets.h: what the in-process widget tests share
 *
 * Waiting on the main loop for an event (never for a time), showing a
 * widget in a window and taking it down again with a check that nothing
 * keeps it, finding widgets by type, and loading bundled definitions. A
 * helper fails the case (g_error or an assertion) rather than return an
 * error.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition.h"

G_BEGIN_DECLS

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until @done holds; gives up (g_error) after a bound
 * that only a wait that never ends reaches. */
void          wait_until          (Condition   done,
                                   gpointer    data,
                                   const char *what);
/* Conditions: @data (a widget) is mapped; @data (an object) is referenced by
 * the caller alone. */
gboolean      is_mapped           (gpointer    data);
gboolean      holds_only_ref      (gpointer    data);
/* Lets the main loop run until @object is referenced by the test alone,
 * then checks that dropping that reference finalizes it. */
void          finalize_after_idle (gpointer    object);
/* A window showing @child, mapped. */
GtkWindow    *show_in_window      (GtkWidget  *child);
/* Destroys @window and checks that it is finalized. */
void          destroy_window      (GtkWindow  *window);
/* Every widget of @type below @widget (itself included), depth first in
 * the order the children are drawn. Free with g_ptr_array_unref(). */
GPtrArray    *find_all            (GtkWidget  *widget,
                                   GType       type);
/* The widget of @type inside the preferences row titled @title, or NULL. */
GtkWidget    *find_in_row         (GtkWidget  *widget,
                                   const char *title,
                                   GType       type);
/* The bundled definition of the rules module @id. */
TwDefinition *load_bundled        (const char *id);
/* The whole text of @buffer. Free with g_free(). */
char         *buffer_text         (GtkTextBuffer *buffer);

G_END_DECLS
