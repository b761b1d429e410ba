/* tw-definition-private.h: what the files of the definition loader share
 *
 * The loader is one unit in two files: tw-definition.c (the value helpers,
 * the game:, colors: and variant: sections, loading and the public API) and
 * tw-definition-entries.c (the tiles:, pieces: and cards: lists). Nothing
 * outside those files includes this header.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tw-definition.h"
#include "tw-rules.h"

G_BEGIN_DECLS

/* The state of one load: the definition being filled in, where problems go,
 * and the rules module named by game.rules (NULL when unknown or missing). */
typedef struct
{
  TwDefinition  *def;
  TwDiagnostics *diags;
  const TwRules *rules;
} Loader;

/* tw-definition.c: small helpers; each reports what it finds to L->diags */
GPtrArray          *tw_def_names_new     (void);
const char * const *tw_def_names_end     (GPtrArray          *names);
char               *tw_def_did_you_mean  (const char         *word,
                                          const char * const *candidates);
char               *tw_def_shown         (const char         *s);
gboolean            tw_def_is_null       (const TwNode       *node);
gboolean            tw_def_get_string    (Loader             *L,
                                          const TwNode       *map,
                                          const char         *key,
                                          const char         *what,
                                          gboolean            required,
                                          char              **out);
gboolean            tw_def_get_id        (Loader             *L,
                                          const TwNode       *map,
                                          const char         *what,
                                          char              **out);
gboolean            tw_def_get_int       (Loader             *L,
                                          const TwNode       *map,
                                          const char         *key,
                                          gint64              min,
                                          gint64              max,
                                          gint64             *out);
char               *tw_def_entry_name    (const TwNode       *entry,
                                          const char         *noun,
                                          guint               i);
gboolean            tw_def_check_unique  (Loader             *L,
                                          GHashTable         *seen,
                                          const char         *id,
                                          const TwNode       *map,
                                          const char         *kind);
guint               tw_def_clamp_list    (Loader             *L,
                                          const TwNode       *list,
                                          guint               max,
                                          const char         *what);
gboolean            tw_def_color_ref     (Loader             *L,
                                          const TwNode       *node,
                                          const char         *what,
                                          guint8             *out);
gboolean            tw_def_shape_value   (Loader             *L,
                                          const TwNode       *node,
                                          const char         *what,
                                          TwPolyomino        *out);
gboolean            tw_def_typed_value   (Loader             *L,
                                          const TwNode       *node,
                                          TwValueType         type,
                                          int                 min,
                                          int                 max,
                                          const char * const *choices,
                                          const char         *what,
                                          TwCardDef          *card,
                                          int                *out);

/* tw-definition-entries.c: the lists of the definition, read after colors:
 * (entries name colours) and, for cards, after game.rules (card kinds) */
void                tw_def_load_tiles    (Loader             *L,
                                          const TwNode       *root);
void                tw_def_load_pieces   (Loader             *L,
                                          const TwNode       *root);
void                tw_def_load_cards    (Loader             *L,
                                          const TwNode       *root);

G_END_DECLS
