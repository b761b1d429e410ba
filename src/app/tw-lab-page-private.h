/* tw-lab-page-private.h: what the files of the Lab view share
 *
 * TwLabPage is one class in two files: tw-lab-page.c (the GObject, its
 * actions and its runs) and tw-lab-page-files.c (export, save and open a
 * run). The settings (tw-lab-form.h), the run controller (tw-lab-run.h) and
 * the results (tw-lab-results.h) are classes of their own that the page
 * wires together. The instance struct is here so both files can reach it;
 * nothing outside them includes this header.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tw-lab-form.h"
#include "tw-lab-page.h"
#include "tw-lab-results.h"
#include "tw-lab-run.h"

G_BEGIN_DECLS

struct _TwLabPage
{
  AdwBin           parent_instance;

  /* Template widgets */
  GtkStack        *stack;
  GtkBox          *settings_box;
  TwLabForm       *form;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;
  TwLabResults    *results;

  /* Owned */
  TwDefinition    *definition;         /* the form's */
  TwLabRun        *run;                /* from Run until it has ended */
  GtkNativeDialog *chooser;
  guint            shown_jobs;         /* the threads and B's change of the shown results */
  char            *shown_compare;      /* "name=value", or NULL */
  TwDefinition    *shown_b_definition; /* B's definition of the shown results, or NULL */
  char            *run_file;           /* the last run saved or opened, for the file chooser */
  GCancellable    *io;                 /* a run being saved or opened */
};

/* tw-lab-page.c */
void _tw_lab_page_clear_results      (TwLabPage    *self);
void _tw_lab_page_update_actions     (TwLabPage    *self);
void _tw_lab_page_use_definition     (TwLabPage    *self,
                                      TwDefinition *definition);

/* tw-lab-page-files.c */
void _tw_lab_page_export_activated   (GtkWidget    *widget,
                                      const char   *action_name,
                                      GVariant     *parameter);
void _tw_lab_page_run_file_activated (GtkWidget    *widget,
                                      const char   *action_name,
                                      GVariant     *parameter);

G_END_DECLS
