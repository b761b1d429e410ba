/* tw-application.h: the studio's AdwApplication
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TW_TYPE_APPLICATION (tw_application_get_type ())

G_DECLARE_FINAL_TYPE (TwApplication, tw_application, TW, APPLICATION, AdwApplication)

TwApplication *tw_application_new          (void);
/* The application's settings, or NULL when the schema is not installed (an
 * uninstalled run without GSETTINGS_SCHEMA_DIR): callers then skip persistence. */
GSettings     *tw_application_get_settings (TwApplication *self);

G_END_DECLS
