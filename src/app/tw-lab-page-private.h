/* tw-lab-page-private.h: what the files of the Lab view share
 *
 * TwLabPage is one class in several files: tw-lab-page.c (the GObject and
 * its runs), tw-lab-page-form.c (the settings) and tw-lab-page-files.c
 * (export, save and open a run); the run controller (tw-lab-run.h) and the
 * results (tw-lab-results.h) are classes of their own. The instance struct
 * is here so each can reach the fields it works on; nothing outside those
 * files includes this header.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tw-bot.h"
#include "tw-game.h"
#include "tw-lab-page.h"
#include "tw-lab-results.h"
#include "tw-lab-run.h"
#include "tw-sim.h"

G_BEGIN_DECLS

struct _TwLabPage
{
  AdwBin          parent_instance;

  /* Template widgets */
  GtkStack       *stack;
  GtkBox         *settings_box;
  GtkProgressBar *progress_bar;
  GtkLabel       *status_label;
  TwLabResults   *results;

  /* Borrowed: the settings, children of the groups */
  GtkSpinButton  *players_spin;
  GtkSpinButton  *games_spin;
  GtkSpinButton  *jobs_spin;
  GtkSpinButton  *negligible_spin;  /* points of win rate below which a change is negligible */
  AdwEntryRow    *seed_row;
  GtkWidget      *seat_rows[TW_MAX_PLAYERS];
  GtkSpinButton  *iteration_spins[TW_MAX_PLAYERS];
  GtkWidget      *option_widgets[TW_MAX_OPTIONS];
  AdwComboRow    *compare_row;
  GtkWidget      *ab_group;
  GtkWidget      *b_row;           /* the value in B, built from the option's schema */
  GtkWidget      *b_widget;        /* its combo row, switch or spin button */
  GtkWidget      *b_definition_row; /* "Definition in B", when B is another definition */
  GtkWidget      *definition_row;

  /* Owned */
  TwDefinition   *definition;
  GPtrArray      *groups;          /* the settings groups built for the definition */
  GSettings      *gsettings;       /* the last run's form is kept here, or NULL */
  TwLabRun       *run;             /* from Run until it has ended */
  GtkNativeDialog *chooser;
  guint           shown_jobs;      /* the threads and B's change of the shown results */
  char           *shown_compare;   /* "name=value", or NULL */
  TwDefinition   *b_definition;    /* chosen for B ("Another definition"), or NULL */
  TwDefinition   *shown_b_definition; /* B's definition of the shown results, or NULL */
  GCancellable   *b_loading;       /* B's definition being loaded */
  char           *run_file;        /* the last run saved or opened, for the file chooser */
  GCancellable   *io;              /* a run being saved or opened */
};

/* tw-lab-page.c */
void                   _tw_lab_page_notify_definition        (TwLabPage *self);

/* tw-lab-page-form.c */
guint                  _tw_lab_page_another_definition_index (TwLabPage *self);
void                   _tw_lab_page_b_definition_activated   (GtkWidget  *widget,
                                                              const char *action_name,
                                                              GVariant   *parameter);
gboolean               _tw_lab_page_b_supports_players       (const TwDefinition  *def,
                                                              guint                n_players,
                                                              GError             **error);
const TwBotOptionSpec *_tw_lab_page_bot_choice_main_option   (guint i);
guint                  _tw_lab_page_bot_choice_of_spec       (const TwBotSpec *spec,
                                                              double          *main_value);
char                  *_tw_lab_page_bot_choice_spec          (guint  i,
                                                              double main_value);
void                   _tw_lab_page_cancel_run               (TwLabPage *self);
void                   _tw_lab_page_clear_results            (TwLabPage *self);
void                   _tw_lab_page_compare_changed          (TwLabPage *self);
int                    _tw_lab_page_control_get_value        (GtkWidget *w);
void                   _tw_lab_page_control_set_value        (GtkWidget *w,
                                                              int        value);
void                   _tw_lab_page_keep_form                (TwLabPage *self);
int                    _tw_lab_page_option_value             (TwLabPage *self,
                                                              guint      i);
guint                  _tw_lab_page_read_lineup              (TwLabPage  *self,
                                                              TwBotSpec  *bots,
                                                              TwOptions  *options);
void                   _tw_lab_page_restore_form             (TwLabPage *self);
gboolean               _tw_lab_page_run_config               (TwLabPage       *self,
                                                              TwLabRunConfig  *config,
                                                              GError         **error);
void                   _tw_lab_page_show_seat_bot            (TwLabPage       *self,
                                                              guint            p,
                                                              const TwBotSpec *spec);
void                   _tw_lab_page_update_actions           (TwLabPage *self);
void                   _tw_lab_page_update_seat_bot          (TwLabPage *self);
void                   _tw_lab_page_use_definition           (TwLabPage    *self,
                                                              TwDefinition *definition);

/* tw-lab-page-files.c */
void                   _tw_lab_page_export_activated         (GtkWidget  *widget,
                                                              const char *action_name,
                                                              GVariant   *parameter);
void                   _tw_lab_page_run_file_activated       (GtkWidget  *widget,
                                                              const char *action_name,
                                                              GVariant   *parameter);
void                   _tw_lab_page_show_error               (TwLabPage  *self,
                                                              const char *heading,
                                                              const char *message);

G_END_DECLS
