/* tw-lab-form.h: the Lab's settings: players, games, seed, threads, a bot
 * per seat, the options and what B changes
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition.h"
#include "tw-lab-run.h"
#include "tw-sim.h"

G_BEGIN_DECLS

#define TW_TYPE_LAB_FORM (tw_lab_form_get_type ())

G_DECLARE_FINAL_TYPE (TwLabForm, tw_lab_form, TW, LAB_FORM, AdwBin)

GtkWidget    *tw_lab_form_new                   (void);
void          tw_lab_form_set_definition        (TwLabForm          *self,
                                                 TwDefinition       *definition);
TwDefinition *tw_lab_form_get_definition        (TwLabForm          *self);
void          tw_lab_form_set_settings          (TwLabForm          *self,
                                                 GSettings          *settings);
void          tw_lab_form_keep                  (TwLabForm          *self);
guint         tw_lab_form_read_lineup           (TwLabForm          *self,
                                                 TwBotSpec          *bots,
                                                 TwOptions          *options);
guint         tw_lab_form_get_jobs              (TwLabForm          *self);
double        tw_lab_form_get_negligible        (TwLabForm          *self);
gboolean      tw_lab_form_get_config            (TwLabForm          *self,
                                                 TwLabRunConfig     *config,
                                                 GError            **error);
void          tw_lab_form_show_run              (TwLabForm          *self,
                                                 const TwSimLabRun  *run,
                                                 const TwBotSpec    *bots,
                                                 const TwOptions    *a,
                                                 const TwOptions    *b,
                                                 guint               compared,
                                                 TwDefinition       *definition_b);
void          tw_lab_form_note_saved_definition (TwLabForm          *self);

gboolean      tw_lab_form_b_supports_players    (const TwDefinition *def,
                                                 guint               n_players,
                                                 GError            **error);

G_END_DECLS
