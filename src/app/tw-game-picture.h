/* tw-game-picture.h: a picture of a game in progress
 *
 * A drawing area that shows a position of a game as the Play view draws it,
 * made by the game's own renderer: the welcome page's bundled games and the
 * Play view's start page show one. The position is the one the game's policy
 * bot reaches two fifths of the way through a random game's length (or just
 * before its end, if it ends sooner), so that the picture shows the game
 * being played, whatever the game. It is worked out when first drawn.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "tw-definition.h"

G_BEGIN_DECLS

/* A picture @width x @height pixels at least, showing nothing yet. */
GtkWidget *tw_game_picture_new            (int           width,
                                           int           height);
/* Shows the game of the definition file @path, read when first drawn (a file
 * that does not load leaves the picture empty). */
void       tw_game_picture_set_path       (GtkWidget    *picture,
                                           const char   *path);
/* Shows the game of @definition (NULL: nothing); it is kept. */
void       tw_game_picture_set_definition (GtkWidget    *picture,
                                           TwDefinition *definition);

G_END_DECLS
