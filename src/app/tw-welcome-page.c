/* tw-welcome-page.c: what a window shows before anything is open
 *
 * A window started without a file (from a launcher) has nothing for the four
 * views to show. This page offers the ways in: each bundled game with a
 * picture of a game in progress, to play (New Game) or to design from; Open
 * for definitions, game records and Lab runs; and the definitions opened
 * recently. The window decides what each choice does (::play, ::design,
 * ::open).
 *
 * The pictures are drawn by the games' own renderers (tw-game-picture.h).
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-game-picture.h"
#include "tw-welcome-page.h"

#define PICTURE_WIDTH   250
#define PICTURE_HEIGHT  180
#define MAX_RECENT_ROWS 8

struct _TwWelcomePage
{
  AdwBin      parent_instance;

  GtkWidget  *games;          /* GtkFlowBox of the bundled games */
  GtkWidget  *recent_group;   /* AdwPreferencesGroup */
  GPtrArray  *recent_rows;    /* the rows in recent_group */
  GSettings  *settings;
  GtkNativeDialog *chooser;
  gboolean    recent_stale;   /* "recent-files" changed while not shown */
};

G_DEFINE_FINAL_TYPE (TwWelcomePage, tw_welcome_page, ADW_TYPE_BIN)

enum { SIGNAL_PLAY, SIGNAL_DESIGN, SIGNAL_OPEN, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* The bundled games                                                        */

static void
play_clicked (GtkButton     *button,
              TwWelcomePage *self)
{
  g_signal_emit (self, signals[SIGNAL_PLAY], 0,
                 g_object_get_data (G_OBJECT (button), "tw-path"));
}

static void
design_clicked (GtkButton     *button,
                TwWelcomePage *self)
{
  g_signal_emit (self, signals[SIGNAL_DESIGN], 0,
                 g_object_get_data (G_OBJECT (button), "tw-path"));
}

static GtkWidget *
game_button (TwWelcomePage *self,
             const char    *path,
             const char    *text,
             const char    *accessible,
             const char    *tooltip,
             GCallback      callback)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (text);

  g_object_set_data_full (G_OBJECT (button), "tw-path", g_strdup (path), g_free);
  gtk_widget_set_tooltip_text (button, tooltip);
  tw_app_set_accessible_label (button, accessible);
  gtk_widget_set_hexpand (button, TRUE);
  g_signal_connect_object (button, "clicked", callback, self, 0);
  return button;
}

static GtkWidget *
game_card (TwWelcomePage *self,
           const char    *path)
{
  g_autofree char *name = tw_app_bundled_game_label (path);
  g_autofree char *play_label = NULL, *design_label = NULL, *picture_label = NULL;
  g_autofree char *play_tip = NULL, *design_tip = NULL;
  GtkWidget *card, *area, *title, *buttons, *play, *design;

  card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "welcome-game");
  gtk_widget_set_overflow (card, GTK_OVERFLOW_HIDDEN);

  area = tw_game_picture_new (PICTURE_WIDTH, PICTURE_HEIGHT);
  tw_game_picture_set_path (area, path);
  /* Translators: what a screen reader says for a bundled game's picture */
  picture_label = g_strdup_printf (_("A game of %s in progress"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, picture_label, -1);
  gtk_box_append (GTK_BOX (card), area);

  title = gtk_label_new (name);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_top (title, 12);
  gtk_widget_set_margin_start (title, 12);
  gtk_widget_set_margin_end (title, 12);
  gtk_box_append (GTK_BOX (card), title);

  /* Translators: accessible names and tooltips of a bundled game's buttons */
  play_label = g_strdup_printf (_("Play %s"), name);
  play_tip = g_strdup_printf (_("Start a new game of %s against people or bots"), name);
  design_label = g_strdup_printf (_("Design from %s"), name);
  design_tip = g_strdup_printf (_("Start a new definition from a copy of %s"), name);
  play = game_button (self, path, _("_Play"), play_label, play_tip, G_CALLBACK (play_clicked));
  gtk_widget_add_css_class (play, "suggested-action");
  design = game_button (self, path, _("_Design"), design_label, design_tip,
                        G_CALLBACK (design_clicked));

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_widget_set_margin_top (buttons, 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  gtk_widget_set_margin_start (buttons, 12);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_box_append (GTK_BOX (buttons), design);
  gtk_box_append (GTK_BOX (buttons), play);
  gtk_box_append (GTK_BOX (card), buttons);
  return card;
}

static void
fill_games (TwWelcomePage *self)
{
  g_autoptr(GPtrArray) paths = tw_app_bundled_games ();

  for (guint i = 0; i < paths->len; i++)
    {
      GtkWidget *card = game_card (self, g_ptr_array_index (paths, i));
      GtkWidget *child = gtk_flow_box_child_new ();

      /* the card's buttons take the focus, not the flow box's child */
      gtk_widget_set_focusable (child, FALSE);
      gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (child), card);
      gtk_flow_box_append (GTK_FLOW_BOX (self->games), child);
    }
}

/* ------------------------------------------------------------------------ */
/* Open and the recent definitions                                          */

static void
recent_activated (AdwActionRow  *row,
                  TwWelcomePage *self)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_object_get_data (G_OBJECT (row), "tw-path"));

  g_signal_emit (self, signals[SIGNAL_OPEN], 0, file);
}

/* ~/games/x.yaml for a file under the home folder, as file managers say it */
static char *
display_path (const char *path)
{
  const char *home = g_get_home_dir ();
  gsize n = strlen (home);
  g_autofree char *dir = g_path_get_dirname (path);

  if (n > 1 && g_str_has_prefix (dir, home) && (dir[n] == '/' || dir[n] == '\0'))
    return g_strconcat ("~", dir + n, NULL);
  return g_steal_pointer (&dir);
}

static void
fill_recent (TwWelcomePage *self)
{
  g_auto(GStrv) recent = NULL;
  guint shown = 0;

  for (guint i = 0; i < self->recent_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->recent_group),
                                  g_ptr_array_index (self->recent_rows, i));
  g_ptr_array_set_size (self->recent_rows, 0);

  if (self->settings != NULL)
    recent = g_settings_get_strv (self->settings, "recent-files");
  for (guint i = 0; recent != NULL && recent[i] != NULL && shown < MAX_RECENT_ROWS; i++)
    {
      g_autofree char *name = NULL, *base = NULL, *where = NULL;
      GtkWidget *row, *icon;

      if (!g_file_test (recent[i], G_FILE_TEST_IS_REGULAR))
        continue;
      name = tw_app_definition_name (recent[i]);
      base = g_path_get_basename (recent[i]);
      where = display_path (recent[i]);
      row = adw_action_row_new ();
      /* the game's name, and where the file is; the file's name when the
       * definition has no game name */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name != NULL ? name : base);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      if (name != NULL)
        {
          g_autofree char *subtitle = g_build_filename (where, base, NULL);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        }
      else
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
      icon = gtk_image_new_from_icon_name ("go-next-symbolic");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "tw-path", g_strdup (recent[i]), g_free);
      g_signal_connect_object (row, "activated", G_CALLBACK (recent_activated), self, 0);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->recent_group), row);
      g_ptr_array_add (self->recent_rows, row);
      shown++;
    }
  gtk_widget_set_visible (self->recent_group, shown > 0);
}

/* GTK 4.8 warns "Trying to snapshot … without a current allocation" when
 * the rows of a hidden GtkStack page change (the window's studio shows while
 * another window opens a file): a page not shown refills when it shows. */
static void
recent_changed (TwWelcomePage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    fill_recent (self);
  else
    self->recent_stale = TRUE;
}

static void
welcome_map (GtkWidget *widget)
{
  TwWelcomePage *self = TW_WELCOME_PAGE (widget);

  GTK_WIDGET_CLASS (tw_welcome_page_parent_class)->map (widget);
  if (self->recent_stale)
    {
      self->recent_stale = FALSE;
      fill_recent (self);
    }
}

static void
chooser_response (GtkNativeDialog *dialog,
                  int              response,
                  TwWelcomePage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        g_signal_emit (self, signals[SIGNAL_OPEN], 0, file);
    }
}

static void
open_clicked (TwWelcomePage *self)
{
  GtkFileChooserNative *chooser;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) known = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL && gtk_native_dialog_get_visible (self->chooser))
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  chooser = gtk_file_chooser_native_new (_("Open"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (known, _("Definitions, games and Lab runs"));
  gtk_file_filter_add_pattern (known, "*.yaml");
  gtk_file_filter_add_pattern (known, "*.yml");
  gtk_file_filter_add_pattern (known, "*.twgame");
  gtk_file_filter_add_pattern (known, "*.twlab");
  tw_app_filter_add_foreign_records (known);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), known);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (chooser_response), self, 0);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

/* ------------------------------------------------------------------------ */

void
tw_welcome_page_set_settings (TwWelcomePage *self,
                              GSettings     *settings)
{
  g_return_if_fail (TW_IS_WELCOME_PAGE (self));

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    g_signal_connect_object (settings, "changed::recent-files", G_CALLBACK (recent_changed),
                             self, G_CONNECT_SWAPPED);
  fill_recent (self);
}

static void
tw_welcome_page_dispose (GObject *object)
{
  TwWelcomePage *self = TW_WELCOME_PAGE (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->recent_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (tw_welcome_page_parent_class)->dispose (object);
}

static void
tw_welcome_page_class_init (TwWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tw_welcome_page_dispose;
  widget_class->map = welcome_map;

  /* a bundled game to play: the path of its definition */
  signals[SIGNAL_PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* a bundled game to design a new definition from */
  signals[SIGNAL_DESIGN] = g_signal_new ("design", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* a file to open: a definition, a game record or a Lab run */
  signals[SIGNAL_OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);
}

static void
tw_welcome_page_init (TwWelcomePage *self)
{
  GtkWidget *scrolled, *clamp, *box, *icon, *title, *blurb, *open, *heading;

  self->recent_rows = g_ptr_array_new ();

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 1000);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (clamp), 800);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 30);
  gtk_widget_set_margin_bottom (box, 30);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);

  icon = gtk_image_new_from_icon_name ("io.github.tilewright.Tilewright");
  gtk_image_set_pixel_size (GTK_IMAGE (icon), 96);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Tilewright"), -1);
  gtk_box_append (GTK_BOX (box), icon);

  title = gtk_label_new (_("Welcome to Tilewright"));
  gtk_widget_add_css_class (title, "title-1");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), title);

  blurb = gtk_label_new (_("Design tile-laying board games, play them with friends or bots, "
                           "let bots play thousands of games to test a rule, and print the "
                           "tiles and cards. Start from one of the games below, or open "
                           "your own."));
  gtk_label_set_wrap (GTK_LABEL (blurb), TRUE);
  gtk_label_set_justify (GTK_LABEL (blurb), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (blurb), 60);
  gtk_widget_set_halign (blurb, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), blurb);

  open = gtk_button_new_with_mnemonic (_("_Open…"));
  gtk_widget_add_css_class (open, "pill");
  gtk_widget_set_halign (open, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (open, 6);
  gtk_widget_set_tooltip_text (open, _("Open a game definition, a saved game or a Lab run"));
  g_signal_connect_object (open, "clicked", G_CALLBACK (open_clicked), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), open);

  heading = gtk_label_new (_("Bundled Games"));
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_halign (heading, GTK_ALIGN_START);
  gtk_widget_set_margin_top (heading, 18);
  gtk_box_append (GTK_BOX (box), heading);

  self->games = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->games), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->games), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->games), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->games), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->games), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->games), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->games), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Bundled Games"), -1);
  gtk_box_append (GTK_BOX (box), self->games);
  fill_games (self);

  self->recent_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->recent_group),
                                   _("Recent Definitions"));
  gtk_widget_set_margin_top (self->recent_group, 18);
  gtk_widget_set_visible (self->recent_group, FALSE);
  gtk_box_append (GTK_BOX (box), self->recent_group);

  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  adw_bin_set_child (ADW_BIN (self), scrolled);
}
