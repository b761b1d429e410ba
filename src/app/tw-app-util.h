/* tw-app-util.h: dialog and menu plumbing the studio's views share
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tw-schema.h"

G_BEGIN_DECLS

typedef void (*TwAppContinue) (gpointer user_data);

void tw_app_confirm_discard (GtkWidget      *for_widget,
                             const char     *heading,
                             const char     *body,
                             TwAppContinue   next,
                             gpointer        user_data,
                             GDestroyNotify  destroy);
/* An error in a dialog with Close, transient for @for_widget's window. */
void tw_app_show_error      (GtkWidget      *for_widget,
                             const char     *heading,
                             const char     *message);

/* The game's name in the definition at @path (`game: name:`), read without
 * loading the definition; NULL when the file does not say. */
char       *tw_app_definition_name        (const char         *path);
/* The bundled games: the paths of the .yaml files of the bundled data/games
 * folder, sorted, as a new array that frees them. */
GPtrArray  *tw_app_bundled_games          (void);
/* A definition's name as the Lab's results and charts show it; when two
 * definitions have the same name (@other_name), the file tells them apart. */
char       *tw_app_definition_title       (const char         *name,
                                           const char         *path,
                                           const char         *other_name);
/* What a bundled game is called: its `game: name:`, else its file stem. */
char       *tw_app_bundled_game_label     (const char         *path);
/* The bundled games (the .yaml files of the bundled data/games folder),
 * named by their `game: name:` (the file stem when they have none), as a menu
 * whose items activate @action with the file's path as their "s" target. */
GMenuModel *tw_app_bundled_games_menu_new (const char *action);

/* What a form shows for a variant option: its label from the module's
 * table (its name if a module has none). */
const char *tw_app_option_label           (const TwOptionSpec *spec);
/* A spin button from @lo to @hi by @step showing @digits decimals, set to
 * @value and named @label for assistive technologies, centred in a row. */
GtkSpinButton *tw_app_spin_new            (double              lo,
                                           double              hi,
                                           double              step,
                                           double              value,
                                           guint               digits,
                                           const char         *label);
/* An AdwActionRow titled @title, with @subtitle unless NULL. */
GtkWidget     *tw_app_row_new             (const char         *title,
                                           const char         *subtitle);
/* The controls of a long job in a dialog: a button @start_label (the
 * suggested action), Stop, a progress bar named @progress_label, and under
 * them a status label; a vertical box that holds them. @buttons is their
 * row, for a dialog's own buttons after them. */
typedef struct
{
  GtkButton      *start;
  GtkButton      *stop;
  GtkProgressBar *progress;
  GtkLabel       *status;
  GtkBox         *buttons;
} TwAppJobControls;

GtkWidget     *tw_app_job_controls_new    (const char         *start_label,
                                           const char         *progress_label,
                                           TwAppJobControls   *controls);
/* GTK 4.8 names a button with a mnemonic label by its raw label followed by
 * the label's text ("_Play Selected Play Selected"), and names it so again
 * whenever its label changes. Installed once per process, this names every
 * such button by its label's text alone when it is first shown and after
 * each change of label; a button whose name should differ from its label
 * gets it from tw_app_set_accessible_label(). */
void        tw_app_fix_button_names       (void);
/* Names @widget @label for assistive technologies, and keeps that name
 * when the button name fix above would name it by its label. */
void        tw_app_set_accessible_label   (GtkWidget          *widget,
                                           const char         *label);
/* A toast of five seconds on the overlay around @widget (a log message when
 * there is none, as in tests without a window). */
void        tw_app_toast                  (GtkWidget          *widget,
                                           const char         *message);
/* Adds to @filter the patterns of the foreign records the app reads
 * (the record-format table's suffixes: "*.blksgf"). */
void           tw_app_filter_add_foreign_records (GtkFileFilter *filter);
/* What a file the studio opens holds, and so the view it opens in. */
typedef enum
{
  TW_APP_FILE_DEFINITION,   /* Design */
  TW_APP_FILE_GAME,         /* Play: a saved game, Tilewright's or a foreign record */
  TW_APP_FILE_LAB_RUN,      /* the Lab: a saved run (.twlab) */
} TwAppFileKind;
TwAppFileKind  tw_app_file_kind          (const char    *path);
/* A choice option's values as words ("Shared or own private"), in the
 * order of @spec's choices, for a combo row. */
GtkStringList *tw_app_choice_list_new     (const TwOptionSpec *spec);
/* A combo row (of @row's type: AdwComboRow) showing its chosen value whole. */
void           tw_app_combo_row_show_whole_value (gpointer row);
/* Sets an option's control (a combo row, a switch or a spin button). */
void        tw_app_option_control_set     (GtkWidget          *control,
                                           int                 value);
/* An option made for fewer seats than @n_players (TwOptionSpec.max_players)
 * goes back to its default and its row and @control are disabled, with the
 * reason as the row's subtitle; otherwise both are enabled again. */
void        tw_app_option_allow_players   (GtkWidget          *control,
                                           const TwOptionSpec *spec,
                                           guint               n_players);

/* What a seat can be, in menu order: a person ("Human", the spec "human"),
 * the random bot, then the core's strength presets ("Strong bot"). The
 * labels as a new list, the spec a kind writes into the record, and the
 * kind of a spec (-1 for a spec that is none of them). */
GtkStringList *tw_app_seat_kinds_new  (void);
const char    *tw_app_seat_kind_spec  (guint       kind);
int            tw_app_seat_kind_find  (const char *spec);

/* Edits a form control asks for, handed on from an idle: changing the text
 * re-lays out the text view, which GTK 4.8 must not do while a control (a
 * switch toggling, a spin button changing) is inside its own signal. An edit
 * is three strings, each may be NULL, that mean what the owner makes of
 * them; the owner (a GObject) is referenced while its edits are handed on. */
typedef void (*TwPendingEditFunc) (gpointer    owner,
                                   const char *id,
                                   const char *key,
                                   const char *value);

typedef struct
{
  GQueue             queue;   /* of the edits, in the order asked */
  guint              idle;
  TwPendingEditFunc  func;
  gpointer           owner;
} TwPendingEdits;

void tw_pending_edits_init  (TwPendingEdits    *pending,
                             TwPendingEditFunc  func,
                             gpointer           owner);
void tw_pending_edits_push  (TwPendingEdits    *pending,
                             const char        *id,
                             const char        *key,
                             const char        *value);
/* Drops the edits not handed on yet, and their idle (from a dispose). */
void tw_pending_edits_clear (TwPendingEdits    *pending);

G_END_DECLS
