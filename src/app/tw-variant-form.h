/* tw-variant-form.h: a rules module's options as a form
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "tw-definition.h"

G_BEGIN_DECLS

#define TW_TYPE_VARIANT_FORM (tw_variant_form_get_type ())

G_DECLARE_FINAL_TYPE (TwVariantForm, tw_variant_form, TW, VARIANT_FORM, AdwBin)

GtkWidget *tw_variant_form_new            (void);
void       tw_variant_form_set_definition (TwVariantForm      *self,
                                           const TwDefinition *definition);

G_END_DECLS
