/* tw-app-util.c: dialog and menu plumbing the studio's views share
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-app-util.h"
#include "tw-bot.h"
#include "tw-definition.h"
#include "tw-record-format.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

typedef struct
{
  TwAppContinue  next;
  gpointer       user_data;
  GDestroyNotify destroy;
} Continuation;

static void
continuation_free (gpointer data)
{
  Continuation *c = data;

  if (c->destroy != NULL)
    c->destroy (c->user_data);
  g_free (c);
}

static gboolean
continue_idle (gpointer data)
{
  Continuation *c = data;

  c->next (c->user_data);
  continuation_free (c);
  return G_SOURCE_REMOVE;
}

static void
discard_response (AdwMessageDialog *dialog,
                  const char       *response,
                  gpointer          user_data)
{
  /* the dialog holds the continuation until it answers, so a dialog
   * destroyed without an answer frees it too */
  Continuation *c = g_object_steal_data (G_OBJECT (dialog), "tw-continuation");

  if (c == NULL)
    return;
  if (g_strcmp0 (response, "discard") == 0)
    /* Not from inside the dialog's signal: @next may close the window,
     * which would destroy the dialog's transient parent under it. */
    g_idle_add (continue_idle, c);
  else
    continuation_free (c);
}

/**
 * tw_app_confirm_discard:
 * @for_widget: the dialog is transient for this widget's window
 * @heading: the question, e.g. "Discard Unsaved Changes?"
 * @body: what is lost
 * @next: runs from an idle once the user chose Discard
 * @user_data: for @next
 * @destroy: (nullable): frees @user_data once @next ran or the user cancelled
 *
 * Asks whether to give unsaved work up, with Cancel as the default and
 * Escape answer. Callers check first whether anything is unsaved.
 */
void
tw_app_confirm_discard (GtkWidget      *for_widget,
                        const char     *heading,
                        const char     *body,
                        TwAppContinue   next,
                        gpointer        user_data,
                        GDestroyNotify  destroy)
{
  GtkRoot *root;
  GtkWidget *dialog;
  Continuation *c;

  g_return_if_fail (GTK_IS_WIDGET (for_widget));
  g_return_if_fail (next != NULL);

  root = gtk_widget_get_root (for_widget);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  c = g_new0 (Continuation, 1);
  c->next = next;
  c->user_data = user_data;
  c->destroy = destroy;
  g_object_set_data_full (G_OBJECT (dialog), "tw-continuation", c, continuation_free);
  g_signal_connect (dialog, "response", G_CALLBACK (discard_response), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * tw_app_show_error:
 * @for_widget: the dialog is transient for this widget's window
 * @heading: what failed, e.g. "Could Not Save the Run"
 * @message: why, and what to do
 *
 * Says that something failed in a dialog with one button, Close.
 */
void
tw_app_show_error (GtkWidget  *for_widget,
                   const char *heading,
                   const char *message)
{
  GtkRoot *root;
  GtkWidget *dialog;

  g_return_if_fail (GTK_IS_WIDGET (for_widget));

  root = gtk_widget_get_root (for_widget);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, NULL);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

char *
tw_app_definition_name (const char *path)
{
  g_autofree char *text = NULL;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, &len, NULL))
    return NULL;
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (path);
  g_autoptr(TwNode) root = tw_node_parse (text, len, NULL, diags);
  const TwNode *name = tw_node_get (tw_node_get (root, "game"), "name");
  return name != NULL && name->type == TW_NODE_SCALAR && *name->scalar != '\0'
         ? g_strdup (name->scalar) : NULL;
}

GPtrArray *
tw_app_bundled_games (void)
{
  g_autofree char *dir = tw_definition_bundled_dir ();
  g_autoptr(GDir) d = dir != NULL ? g_dir_open (dir, 0, NULL) : NULL;
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".yaml"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (paths, compare_names);
  return paths;
}

char *
tw_app_definition_title (const char *name,
                         const char *path,
                         const char *other_name)
{
  g_autofree char *basename = NULL;

  if (g_strcmp0 (name, other_name) != 0 || path == NULL)
    return g_strdup (name);
  basename = g_path_get_basename (path);
  return g_strdup_printf ("%s (%s)", name, basename);
}

char *
tw_app_bundled_game_label (const char *path)
{
  g_autofree char *base = NULL;
  char *label;

  g_return_val_if_fail (path != NULL, NULL);

  /* the game's name, as everywhere else; the file stem if it has none */
  label = tw_app_definition_name (path);
  if (label != NULL)
    return label;
  base = g_path_get_basename (path);
  if (g_str_has_suffix (base, ".yaml"))
    base[strlen (base) - strlen (".yaml")] = '\0';
  return g_steal_pointer (&base);
}

GMenuModel *
tw_app_bundled_games_menu_new (const char *action)
{
  g_autoptr(GPtrArray) paths = tw_app_bundled_games ();
  GMenu *menu = g_menu_new ();

  g_return_val_if_fail (action != NULL, G_MENU_MODEL (menu));

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *label = tw_app_bundled_game_label (path);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, action, "s", path);
      g_menu_append_item (menu, item);
    }
  return G_MENU_MODEL (menu);
}

const char *
tw_app_option_label (const TwOptionSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  return spec->label != NULL && *spec->label != '\0' ? _(spec->label) : spec->name;
}

void
tw_app_filter_add_foreign_records (GtkFileFilter *filter)
{
  const TwRecordFormat *formats;
  guint n_formats;

  g_return_if_fail (GTK_IS_FILE_FILTER (filter));

  formats = tw_record_formats (&n_formats);
  for (guint i = 0; i < n_formats; i++)
    {
      g_autofree char *pattern = g_strconcat ("*", formats[i].suffix, NULL);
      gtk_file_filter_add_pattern (filter, pattern);
    }
}

GtkStringList *
tw_app_choice_list_new (const TwOptionSpec *spec)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  g_return_val_if_fail (spec != NULL, list);

  for (guint i = 0; spec->choices != NULL && spec->choices[i] != NULL; i++)
    {
      g_autofree char *words = tw_choice_words (spec->choices, spec->choice_labels, i);
      gtk_string_list_append (list, words);
    }
  return list;
}

static void
whole_value_setup (GtkSignalListItemFactory *factory,
                   GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
whole_value_bind (GtkSignalListItemFactory *factory,
                  GtkListItem              *item)
{
  GObject *string = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       GTK_IS_STRING_OBJECT (string)
                       ? gtk_string_object_get_string (GTK_STRING_OBJECT (string)) : "");
}

/**
 * tw_app_combo_row_show_whole_value:
 * @row: a combo row over a GtkStringList
 *
 * Shows the chosen value whole. libadwaita 1.2 ellipsizes it to keep the
 * row's title on its lines ("Shared o…"); the value is what the designer
 * chose, so the title wraps instead.
 */
void
tw_app_combo_row_show_whole_value (gpointer row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_signal_connect (factory, "setup", G_CALLBACK (whole_value_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (whole_value_bind), NULL);
  adw_combo_row_set_factory (ADW_COMBO_ROW (row), factory);
}

#define ACCESSIBLE_LABEL_KEY "tw-accessible-label"

/* Why by hand: GTK 4.8 offers no way to turn the doubled name off. Without
 * its label property, a button is named by its label's text alone; a name
 * given on purpose is kept, with a labelled-by relation to the label. */
static void
name_button (GtkButton *button)
{
  GtkWidget *child = gtk_button_get_child (button);
  const char *label = g_object_get_data (G_OBJECT (button), ACCESSIBLE_LABEL_KEY);

  if (!gtk_button_get_use_underline (button) || !GTK_IS_LABEL (child))
    return;
  if (label == NULL)
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
      return;
    }
  gtk_accessible_update_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  child, NULL, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
button_label_changed (GtkButton *button)
{
  name_button (button);
}

/* A button is named each time it is shown: GTK 4.8 names it again when its
 * mnemonic label is set up, which it does as the button is shown. (A button
 * never shown, on a stack's page behind another, keeps GTK's doubled name:
 * AT-SPI lists it, but a screen reader does not reach it.) */
static gboolean
widget_mapped (GSignalInvocationHint *hint,
               guint                  n_params,
               const GValue          *params,
               gpointer               user_data)
{
  GObject *object = g_value_get_object (&params[0]);

  if (!GTK_IS_BUTTON (object))
    return TRUE;
  name_button (GTK_BUTTON (object));
  if (g_object_get_data (object, "tw-named") == NULL)
    {
      g_object_set_data (object, "tw-named", GINT_TO_POINTER (1));
      /* GTK names the button again when its label changes, before notifying */
      g_signal_connect (object, "notify::label", G_CALLBACK (button_label_changed), NULL);
      g_signal_connect (object, "notify::use-underline", G_CALLBACK (button_label_changed), NULL);
    }
  return TRUE;
}

void
tw_app_fix_button_names (void)
{
  static gsize installed;

  if (g_once_init_enter (&installed))
    {
      /* the class must exist for its signals to be looked up; kept for
       * the process's life */
      g_type_class_ref (GTK_TYPE_WIDGET);
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                                  widget_mapped, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}

void
tw_app_set_accessible_label (GtkWidget  *widget,
                             const char *label)
{
  g_object_set_data_full (G_OBJECT (widget), ACCESSIBLE_LABEL_KEY, g_strdup (label), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
}

void
tw_app_toast (GtkWidget  *widget,
              const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  AdwToast *t;

  if (overlay == NULL)
    {
      g_message ("%s", message);
      return;
    }
  t = adw_toast_new (message);
  adw_toast_set_timeout (t, 5);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), t);
}

void
tw_app_option_control_set (GtkWidget *control,
                           int        value)
{
  if (ADW_IS_COMBO_ROW (control))
    adw_combo_row_set_selected (ADW_COMBO_ROW (control), (guint) MAX (value, 0));
  else if (GTK_IS_SWITCH (control))
    gtk_switch_set_active (GTK_SWITCH (control), value != 0);
  else if (GTK_IS_SPIN_BUTTON (control))
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), value);
}

void
tw_app_option_allow_players (GtkWidget          *control,
                             const TwOptionSpec *spec,
                             guint               n_players)
{
  GtkWidget *row;
  gboolean allowed;

  g_return_if_fail (GTK_IS_WIDGET (control) && spec != NULL);

  if (spec->max_players == 0)
    return;
  allowed = n_players <= spec->max_players;
  /* a combo row is its own row; a switch or a spin button sits in one */
  row = gtk_widget_get_ancestor (control, ADW_TYPE_ACTION_ROW);
  if (!allowed)
    tw_app_option_control_set (control, spec->default_value);
  /* the control too, so that it says so itself (accessibility) */
  gtk_widget_set_sensitive (control, allowed);
  if (row == NULL)
    return;
  gtk_widget_set_sensitive (row, allowed);
  if (allowed)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(spec->description));
  else
    {
      /* TRANSLATORS: why a variant option is disabled in the New Game dialog
       * and the Lab */
      g_autofree char *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Only for up to %u player: %s",
                                                           "Only for up to %u players: %s", spec->max_players),
                                              spec->max_players, _(spec->description));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), why);
    }
}

static guint
n_seat_kinds (void)
{
  guint n;

  tw_bot_presets (&n);
  return 2 + n;
}

GtkStringList *
tw_app_seat_kinds_new (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  guint n_presets;
  const TwBotPreset *presets = tw_bot_presets (&n_presets);

  gtk_string_list_append (list, _("Human"));
  gtk_string_list_append (list, _("Random bot"));
  for (guint k = 0; k < n_presets; k++)
    {
      /* TRANSLATORS: a strength preset ("Strong") as a seat's player */
      g_autofree char *kind = g_strdup_printf (_("%s bot"), _(presets[k].label));

      gtk_string_list_append (list, kind);
    }
  return list;
}

const char *
tw_app_seat_kind_spec (guint kind)
{
  guint n;
  const TwBotPreset *presets = tw_bot_presets (&n);

  if (kind == 0)
    return "human";
  if (kind == 1)
    return "random";
  return presets[MIN (kind, n_seat_kinds () - 1) - 2].name;
}

int
tw_app_seat_kind_find (const char *spec)
{
  for (guint kind = 0; kind < n_seat_kinds (); kind++)
    if (g_strcmp0 (spec, tw_app_seat_kind_spec (kind)) == 0)
      return kind;
  return -1;
}

/* ------------------------------------------------------------------------ */
/* Pending edits                                                            */

typedef struct
{
  char *id;
  char *key;
  char *value;
} PendingEdit;

static void
pending_edit_free (gpointer data)
{
  PendingEdit *e = data;

  g_free (e->id);
  g_free (e->key);
  g_free (e->value);
  g_free (e);
}

void
tw_pending_edits_init (TwPendingEdits    *pending,
                       TwPendingEditFunc  func,
                       gpointer           owner)
{
  g_return_if_fail (pending != NULL && func != NULL && G_IS_OBJECT (owner));

  g_queue_init (&pending->queue);
  pending->idle = 0;
  pending->func = func;
  pending->owner = owner;
}

static gboolean
hand_on_pending (gpointer user_data)
{
  TwPendingEdits *pending = user_data;
  g_autoptr(GObject) owner = g_object_ref (pending->owner);
  PendingEdit *e;

  pending->idle = 0;
  /* a handler may dispose of the owner, which clears the queue */
  while ((e = g_queue_pop_head (&pending->queue)) != NULL)
    {
      pending->func (owner, e->id, e->key, e->value);
      pending_edit_free (e);
    }
  return G_SOURCE_REMOVE;
}

void
tw_pending_edits_push (TwPendingEdits *pending,
                       const char     *id,
                       const char     *key,
                       const char     *value)
{
  PendingEdit *e;

  g_return_if_fail (pending != NULL && pending->func != NULL);

  e = g_new0 (PendingEdit, 1);
  e->id = g_strdup (id);
  e->key = g_strdup (key);
  e->value = g_strdup (value);
  g_queue_push_tail (&pending->queue, e);
  if (pending->idle == 0)
    pending->idle = g_idle_add (hand_on_pending, pending);
}

void
tw_pending_edits_clear (TwPendingEdits *pending)
{
  g_return_if_fail (pending != NULL);

  g_clear_handle_id (&pending->idle, g_source_remove);
  g_queue_clear_full (&pending->queue, pending_edit_free);
}

/* Whether @path is a game record rather than a definition: a foreign one
 * (by its extension, .blksgf) or Tilewright's own, whose first key is
 * "tilewright-record" whatever its extension (.twgame, or .yaml as records
 * were saved before; definitions are YAML too). Only the first lines are
 * read. */
static gboolean
is_game_record (const char *path)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) in = NULL;
  char head[4096];
  gsize n = 0;

  /* a foreign record is known by its extension, before any reading */
  if (tw_record_format_for_path (path) != NULL)
    return TRUE;
  file = g_file_new_for_path (path);
  in = g_file_read (file, NULL, NULL);
  if (in == NULL
      || !g_input_stream_read_all (G_INPUT_STREAM (in), head, sizeof head - 1, &n, NULL, NULL))
    return FALSE;
  head[n] = '\0';
  for (char *line = head, *next; line != NULL && *line != '\0'; line = next)
    {
      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      line = g_strstrip (line);
      /* comments, blank lines, the document marker and directives */
      if (*line == '\0' || *line == '#' || *line == '%' || g_str_has_prefix (line, "---"))
        continue;
      return g_str_has_prefix (line, "tilewright-record:");
    }
  return FALSE;
}

TwAppFileKind
tw_app_file_kind (const char *path)
{
  if (g_str_has_suffix (path, ".twlab"))
    return TW_APP_FILE_LAB_RUN;
  if (is_game_record (path))
    return TW_APP_FILE_GAME;
  return TW_APP_FILE_DEFINITION;
}


GtkSpinButton *
tw_app_spin_new (double      lo,
                 double      hi,
                 double      step,
                 double      value,
                 guint       digits,
                 const char *label)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (lo, hi, step));

  gtk_spin_button_set_digits (spin, digits);
  gtk_spin_button_set_value (spin, value);
  gtk_widget_set_valign (GTK_WIDGET (spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return spin;
}

GtkWidget *
tw_app_row_new (const char *title,
                const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  return row;
}

GtkWidget *
tw_app_job_controls_new (const char       *start_label,
                         const char       *progress_label,
                         TwAppJobControls *c)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  c->buttons = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12));
  c->start = GTK_BUTTON (gtk_button_new_with_mnemonic (start_label));
  gtk_widget_add_css_class (GTK_WIDGET (c->start), "suggested-action");
  c->stop = GTK_BUTTON (gtk_button_new_with_mnemonic (_("S_top")));
  c->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (c->progress), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (c->progress), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (c->progress), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  progress_label, -1);
  gtk_box_append (c->buttons, GTK_WIDGET (c->start));
  gtk_box_append (c->buttons, GTK_WIDGET (c->stop));
  gtk_box_append (c->buttons, GTK_WIDGET (c->progress));
  c->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (c->status, 0);
  gtk_label_set_wrap (c->status, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (c->status), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (c->buttons));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (c->status));
  return box;
}
