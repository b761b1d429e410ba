/* tw-print-page.c: the Print view: sheet settings, a live page preview,
 * export to PDF/SVG/PNG and printing
 *
 * Everything is laid out and drawn by the exporter (tw-export.h), the same
 * code the command line uses, so what the preview shows is what is written
 * and printed. A change of setting re-lays the sheets out after a short
 * pause, so that typing "120" in a spin button lays out once, not three
 * times. Writing a file runs in a thread; printing goes through
 * GtkPrintOperation with the print context in millimetres.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tw-print-page.h"

#include <glib/gi18n.h>

#include "tw-app-util.h"
#include "tw-definition-document.h"
#include "tw-export.h"
#include "tw-export-tts.h"

#define RELAYOUT_DELAY_MS 150
#define PREVIEW_PADDING   24.0

typedef enum
{
  PAPER_A4,
  PAPER_LETTER,
  PAPER_A3,
  PAPER_CUSTOM,
} Paper;

static const struct
{
  const char *id;
  double      width, height;  /* mm */
} papers[] = {
  [PAPER_A4]     = { "a4", 210, 297 },
  [PAPER_LETTER] = { "letter", 215.9, 279.4 },
  [PAPER_A3]     = { "a3", 297, 420 },
};

struct _TwPrintPage
{
  AdwBin           parent_instance;

  /* Template widgets */
  GtkStack        *stack;
  GtkSwitch       *tiles_switch;
  GtkSwitch       *cards_switch;
  GtkSwitch       *pieces_switch;
  AdwComboRow     *paper_row;
  GtkWidget       *width_row;
  GtkWidget       *height_row;
  GtkSpinButton   *width_spin;
  GtkSpinButton   *height_spin;
  GtkSpinButton   *margin_spin;
  GtkSpinButton   *gap_spin;
  GtkSpinButton   *bleed_spin;
  GtkSwitch       *crop_switch;
  GtkSwitch       *cut_switch;
  GtkSwitch       *duplex_switch;
  GtkSwitch       *short_edge_switch;
  GtkSwitch       *shared_switch;
  GtkSpinButton   *offset_x_spin;
  GtkSpinButton   *offset_y_spin;
  GtkSpinButton   *tile_spin;
  GtkSpinButton   *card_width_spin;
  GtkSpinButton   *card_height_spin;
  GtkSpinButton   *piece_spin;
  GtkDrawingArea  *preview;
  GtkLabel        *page_label;
  GtkSpinner      *spinner;

  /* Owned */
  TwDefinition    *definition;
  TwExportJob     *job;          /* NULL when the settings give nothing to print */
  TwExportSettings settings;     /* those @job was laid out with */
  char            *layout_error;
  guint            page;
  guint            relayout_id;
  GtkNativeDialog *file_dialog;
  GCancellable    *cancellable;  /* cancelled when the page goes away */
  gboolean         exporting;
};

G_DEFINE_FINAL_TYPE (TwPrintPage, tw_print_page, ADW_TYPE_BIN)

enum
{
  SIZES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_DEFINITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
read_settings (TwPrintPage      *self,
               TwExportSettings *s)
{
  TwExportWhat what = 0;

  tw_export_settings_init (s);
  if (gtk_switch_get_active (self->tiles_switch))
    what |= TW_EXPORT_TILES;
  if (gtk_switch_get_active (self->cards_switch))
    what |= TW_EXPORT_CARDS;
  if (gtk_switch_get_active (self->pieces_switch))
    what |= TW_EXPORT_PIECES;
  s->what = what;
  s->page_width = gtk_spin_button_get_value (self->width_spin);
  s->page_height = gtk_spin_button_get_value (self->height_spin);
  s->margin = gtk_spin_button_get_value (self->margin_spin);
  s->gap = gtk_spin_button_get_value (self->gap_spin);
  s->bleed = gtk_spin_button_get_value (self->bleed_spin);
  s->crop_marks = gtk_switch_get_active (self->crop_switch);
  s->cut_lines = gtk_switch_get_active (self->cut_switch);
  s->duplex = gtk_switch_get_active (self->duplex_switch);
  s->short_edge = gtk_switch_get_active (self->short_edge_switch);
  s->back_offset_x = gtk_spin_button_get_value (self->offset_x_spin);
  s->back_offset_y = gtk_spin_button_get_value (self->offset_y_spin);
  s->shared_cuts = gtk_switch_get_active (self->shared_switch) ? TW_EXPORT_CARDS : 0;
  s->tile_size = gtk_spin_button_get_value (self->tile_spin);
  s->card_width = gtk_spin_button_get_value (self->card_width_spin);
  s->card_height = gtk_spin_button_get_value (self->card_height_spin);
  s->piece_cell = gtk_spin_button_get_value (self->piece_spin);
}

static void
update_actions (TwPrintPage *self)
{
  guint n = self->job != NULL ? tw_export_job_n_pages (self->job) : 0;
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "print.previous-page", n > 0 && self->page > 0);
  gtk_widget_action_set_enabled (widget, "print.next-page", n > 0 && self->page + 1 < n);
  gtk_widget_action_set_enabled (widget, "print.export", n > 0 && !self->exporting);
  gtk_widget_action_set_enabled (widget, "print.print", n > 0);
}

static void
update_page_label (TwPrintPage *self)
{
  g_autofree char *text = NULL;
  g_autofree char *description = NULL;

  if (self->job == NULL)
    {
      text = g_strdup (self->layout_error ? self->layout_error : "");
      description = g_strdup (_("Nothing to preview"));
    }
  else
    {
      guint n = tw_export_job_n_pages (self->job);

      /* Translators: the page shown in the print preview and the number of pages */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Page %u of %u", "Page %u of %u", n),
                              self->page + 1, n);
      /* Translators: the print preview's description: paper size in mm and the page shown */
      description = g_strdup_printf (_("Sheet of %s on %.0f × %.0f mm paper, page %u of %u"),
                                     self->definition->name, self->settings.page_width,
                                     self->settings.page_height, self->page + 1, n);
    }
  gtk_label_set_text (self->page_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static void
relayout (TwPrintPage *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&self->relayout_id, g_source_remove);
  g_clear_pointer (&self->job, tw_export_job_free);
  g_clear_pointer (&self->layout_error, g_free);

  if (self->definition != NULL)
    {
      read_settings (self, &self->settings);
      if (self->settings.what == 0)
        self->layout_error = g_strdup (_("Choose tiles, cards or pieces to print"));
      else
        {
          self->job = tw_export_job_new (self->definition, &self->settings, &error);
          if (self->job == NULL)
            self->layout_error = g_strdup (error->message);
        }
    }

  if (self->job != NULL)
    self->page = MIN (self->page, tw_export_job_n_pages (self->job) - 1);
  else
    self->page = 0;

  update_page_label (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static gboolean
relayout_timeout (gpointer data)
{
  TwPrintPage *self = data;

  self->relayout_id = 0;
  relayout (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_relayout (TwPrintPage *self)
{
  g_clear_handle_id (&self->relayout_id, g_source_remove);
  self->relayout_id = g_timeout_add (RELAYOUT_DELAY_MS, relayout_timeout, self);
}

static void
paper_changed (TwPrintPage *self)
{
  guint paper = adw_combo_row_get_selected (self->paper_row);
  gboolean custom = paper >= PAPER_CUSTOM;

  if (!custom)
    {
      gtk_spin_button_set_value (self->width_spin, papers[paper].width);
      gtk_spin_button_set_value (self->height_spin, papers[paper].height);
    }
  gtk_widget_set_sensitive (self->width_row, custom);
  gtk_widget_set_sensitive (self->height_row, custom);
  schedule_relayout (self);
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  TwPrintPage *self = data;
  double pw, ph, scale, x, y;

  if (self->job == NULL)
    return;

  pw = self->settings.page_width;
  ph = self->settings.page_height;
  scale = MIN ((width - 2 * PREVIEW_PADDING) / pw, (height - 2 * PREVIEW_PADDING) / ph);
  if (scale <= 0)
    return;
  /* whole device pixels, so that the page's border is crisp */
  x = floor ((width - pw * scale) / 2);
  y = floor ((height - ph * scale) / 2);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0, 0, pw, ph);
  cairo_clip (cr);
  tw_export_draw_page (self->job, cr, self->page);
  cairo_restore (cr);

  /* a plain border instead of a shadow: the page's edge on any background */
  cairo_rectangle (cr, x - 0.5, y - 0.5, ceil (pw * scale) + 1, ceil (ph * scale) + 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* ------------------------------------------------------------------------ */
/* Pages                                                                    */

static void
show_page (TwPrintPage *self,
           guint        page)
{
  self->page = page;
  update_page_label (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
previous_page_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TwPrintPage *self = TW_PRINT_PAGE (widget);

  if (self->job != NULL && self->page > 0)
    show_page (self, self->page - 1);
}

static void
next_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TwPrintPage *self = TW_PRINT_PAGE (widget);

  if (self->job != NULL && self->page + 1 < tw_export_job_n_pages (self->job))
    show_page (self, self->page + 1);
}

/* ------------------------------------------------------------------------ */
/* Export                                                                   */

typedef struct
{
  TwExportJob       *job;        /* sheets; NULL for a Tabletop Simulator export */
  TwDefinition      *definition; /* a Tabletop Simulator export's */
  TwExportSettings   settings;
  TwExportTtsSummary summary;
  char              *path;
  guint              n_pages;
} ExportData;

static void
export_data_free (ExportData *data)
{
  g_clear_pointer (&data->job, tw_export_job_free);
  g_clear_pointer (&data->definition, tw_definition_unref);
  g_free (data->path);
  g_free (data);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportData *data = task_data;
  GError *error = NULL;

  /* the job and its definition are only read here; the page lays out a new
   * job of its own when a setting changes meanwhile */
  if (data->job != NULL ? tw_export_write (data->job, data->path, &error)
                        : tw_export_tts_write (data->definition, &data->settings, data->path,
                                               &data->summary, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  TwPrintPage *self = TW_PRINT_PAGE (source);
  ExportData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_path_get_basename (data->path);
  g_autofree char *message = NULL;

  self->exporting = FALSE;
  gtk_spinner_stop (self->spinner);
  update_actions (self);

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* Translators: exporting the print sheets failed: the reason */
      message = g_strdup_printf (_("Could not export the sheets: %s"), error->message);
      tw_app_toast (GTK_WIDGET (self), message);
      return;
    }
  if (data->job == NULL)
    /* Translators: a Tabletop Simulator deck was written: files, the JSON file's name */
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Exported a Tabletop Simulator object to “%s” (%u file)",
                                            "Exported a Tabletop Simulator object to “%s” (%u files)",
                                            data->summary.files),
                               basename, data->summary.files);
  else
    /* Translators: the sheets were written: number of pages, file name */
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Exported %u page to “%s”",
                                            "Exported %u pages to “%s”", data->n_pages),
                               data->n_pages, basename);
  tw_app_toast (GTK_WIDGET (self), message);
}

static gboolean
format_from_path (const char     *path,
                  TwExportFormat *format)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".pdf"))
    *format = TW_EXPORT_PDF;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = TW_EXPORT_SVG;
  else if (g_str_has_suffix (lower, ".png"))
    *format = TW_EXPORT_PNG;
  else
    return FALSE;
  return TRUE;
}

/* A Tabletop Simulator saved object, its images beside it. */
static gboolean
is_tts_path (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  return g_str_has_suffix (lower, ".json");
}

static void
export_to (TwPrintPage *self,
           const char  *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  TwExportSettings settings;
  ExportData *data;
  TwExportJob *job;

  if (self->definition == NULL || self->exporting)
    return;
  /* the settings now, not those of a re-layout still waiting */
  relayout (self);
  settings = self->settings;
  if (is_tts_path (path))
    {
      /* the cards and tiles chosen, each an image at the size TTS reads */
      data = g_new0 (ExportData, 1);
      data->definition = tw_definition_ref (self->definition);
      data->settings = settings;
      data->settings.dpi = TW_EXPORT_TTS_DEFAULT_DPI;
      data->path = g_strdup (path);
      goto run;
    }
  if (!format_from_path (path, &settings.format))
    {
      tw_app_toast (GTK_WIDGET (self), _("Choose a file name that ends in .pdf, .svg, .png, or .json for Tabletop Simulator"));
      return;
    }
  job = tw_export_job_new (self->definition, &settings, &error);
  if (job == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not export the sheets: %s"),
                                                  error->message);
      tw_app_toast (GTK_WIDGET (self), message);
      return;
    }

  data = g_new0 (ExportData, 1);
  data->job = job;
  data->path = g_strdup (path);
  data->n_pages = tw_export_job_n_pages (job);

run:
  self->exporting = TRUE;
  gtk_spinner_start (self->spinner);
  update_actions (self);

  task = g_task_new (self, self->cancellable, export_done, NULL);
  g_task_set_source_tag (task, export_to);
  g_task_set_task_data (task, data, (GDestroyNotify) export_data_free);
  g_task_run_in_thread (task, export_thread);
}

static void
export_response (GtkNativeDialog *dialog,
                 int              response,
                 TwPrintPage     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path == NULL)
        tw_app_toast (GTK_WIDGET (self), _("Choose a folder on this computer to export to"));
      else
        export_to (self, path);
    }
  /* dropped when the next dialog is made or with the page: unreffing it in
   * its own response handler frees it under GTK's feet */
}

static void
add_filter (GtkFileChooser *chooser,
            const char     *name,
            const char     *pattern)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TwPrintPage *self = TW_PRINT_PAGE (widget);
  GtkFileChooserNative *chooser;
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *name = NULL;
  g_autofree char *stem = NULL;

  if (self->definition == NULL || self->exporting)
    return;
  if (self->file_dialog != NULL && gtk_native_dialog_get_visible (self->file_dialog))
    return;
  if (self->file_dialog != NULL)
    gtk_native_dialog_destroy (self->file_dialog);
  g_clear_object (&self->file_dialog);

  chooser = gtk_file_chooser_native_new (_("Export Sheets"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  add_filter (GTK_FILE_CHOOSER (chooser), _("PDF document"), "*.pdf");
  add_filter (GTK_FILE_CHOOSER (chooser), _("SVG images, one per page"), "*.svg");
  add_filter (GTK_FILE_CHOOSER (chooser), _("PNG images, one per page"), "*.png");
  add_filter (GTK_FILE_CHOOSER (chooser), _("Tabletop Simulator object, its images beside it"),
              "*.json");
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  stem = g_path_get_basename (self->definition->path);
  if (strrchr (stem, '.') != NULL)
    *strrchr (stem, '.') = '\0';
  /* Translators: the suggested file name of the exported sheets; keep .pdf */
  name = g_strdup_printf (_("%s-sheets.pdf"), stem);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (export_response), self, 0);
  self->file_dialog = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->file_dialog);
}

/* ------------------------------------------------------------------------ */
/* Print                                                                    */

static void
begin_print (GtkPrintOperation *operation,
             GtkPrintContext   *context,
             TwExportJob       *job)
{
  gtk_print_operation_set_n_pages (operation, (int) tw_export_job_n_pages (job));
}

static void
draw_page (GtkPrintOperation *operation,
           GtkPrintContext   *context,
           int                page,
           TwExportJob       *job)
{
  /* the operation's unit is millimetres and it uses the full page, so the
   * context's user space is the exporter's: mm from the paper's corner */
  tw_export_draw_page (job, gtk_print_context_get_cairo_context (context), (guint) page);
}

static void
print_done (GtkPrintOperation       *operation,
            GtkPrintOperationResult  result,
            TwPrintPage             *self)
{
  g_autoptr(GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    return;
  gtk_print_operation_get_error (operation, &error);
  if (error != NULL)
    {
      /* Translators: printing failed: the reason */
      g_autofree char *message = g_strdup_printf (_("Could not print: %s"), error->message);
      tw_app_toast (GTK_WIDGET (self), message);
    }
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TwPrintPage *self = TW_PRINT_PAGE (widget);
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  g_autoptr(GError) error = NULL;
  GtkPaperSize *paper;
  GtkRoot *root = gtk_widget_get_root (widget);
  TwExportJob *job;
  GtkPrintOperationResult result;

  relayout (self);
  if (self->job == NULL)
    return;
  /* a job of its own: the settings may change while the dialog is open */
  job = tw_export_job_new (self->definition, &self->settings, &error);
  if (job == NULL)
    {
      tw_app_toast (GTK_WIDGET (self), error->message);
      return;
    }

  operation = gtk_print_operation_new ();
  setup = gtk_page_setup_new ();
  paper = gtk_paper_size_new_custom ("tilewright", _("Sheet paper"), self->settings.page_width,
                                     self->settings.page_height, GTK_UNIT_MM);
  gtk_page_setup_set_paper_size (setup, paper);
  gtk_paper_size_free (paper);
  gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_MM);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_allow_async (operation, TRUE);
  gtk_print_operation_set_n_pages (operation, (int) tw_export_job_n_pages (job));
  gtk_print_operation_set_job_name (operation, self->definition->name);
  g_object_set_data_full (G_OBJECT (operation), "tw-export-job", job,
                          (GDestroyNotify) tw_export_job_free);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page), job);
  g_signal_connect_object (operation, "done", G_CALLBACK (print_done), self, 0);

  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                    GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *message = g_strdup_printf (_("Could not print: %s"), error->message);
      tw_app_toast (GTK_WIDGET (self), message);
    }
}

/* ------------------------------------------------------------------------ */

/**
 * tw_print_page_set_definition:
 * @self: the Print view
 * @definition: (nullable): the open game definition
 *
 * Shows the sheets of @definition with the current settings, or says that no
 * game is open.
 */
void
tw_print_page_set_definition (TwPrintPage  *self,
                              TwDefinition *definition)
{
  g_return_if_fail (TW_IS_PRINT_PAGE (self));

  if (definition == self->definition)
    return;
  if (definition != NULL)
    tw_definition_ref (definition);
  g_clear_pointer (&self->definition, tw_definition_unref);
  self->definition = definition;
  self->page = 0;
  gtk_stack_set_visible_child_name (self->stack, definition ? "sheets" : "empty");
  if (definition != NULL)
    {
      /* only what the game has: no Pieces switch for a game without pieces */
      const struct { GtkWidget *widget; gboolean has; } rows[] = {
        { GTK_WIDGET (self->tiles_switch), definition->n_tiles > 0 },
        { GTK_WIDGET (self->tile_spin), definition->n_tiles > 0 },
        { GTK_WIDGET (self->cards_switch), definition->n_cards > 0 },
        { GTK_WIDGET (self->card_width_spin), definition->n_cards > 0 },
        { GTK_WIDGET (self->card_height_spin), definition->n_cards > 0 },
        { GTK_WIDGET (self->shared_switch), definition->n_cards > 0 },
        { GTK_WIDGET (self->pieces_switch), definition->n_pieces > 0 },
        { GTK_WIDGET (self->piece_spin), definition->n_pieces > 0 },
      };

      for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
        {
          GtkWidget *row = gtk_widget_get_ancestor (rows[i].widget, ADW_TYPE_PREFERENCES_ROW);
          if (row != NULL)
            gtk_widget_set_visible (row, rows[i].has);
        }
    }
  relayout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEFINITION]);
}

static void
tw_print_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TwPrintPage *self = TW_PRINT_PAGE (object);

  switch (prop_id)
    {
    case PROP_DEFINITION:
      g_value_set_boxed (value, self->definition);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_print_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TwPrintPage *self = TW_PRINT_PAGE (object);

  switch (prop_id)
    {
    case PROP_DEFINITION:
      tw_print_page_set_definition (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tw_print_page_dispose (GObject *object)
{
  TwPrintPage *self = TW_PRINT_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->relayout_id, g_source_remove);
  if (self->file_dialog != NULL)
    gtk_native_dialog_destroy (self->file_dialog);
  g_clear_object (&self->file_dialog);
  /* AdwBin owns the template's root and unparents it itself */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TW_TYPE_PRINT_PAGE);

  G_OBJECT_CLASS (tw_print_page_parent_class)->dispose (object);
}

static void
tw_print_page_finalize (GObject *object)
{
  TwPrintPage *self = TW_PRINT_PAGE (object);

  g_clear_pointer (&self->job, tw_export_job_free);
  g_clear_pointer (&self->definition, tw_definition_unref);
  g_clear_pointer (&self->layout_error, g_free);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (tw_print_page_parent_class)->finalize (object);
}

static void
tw_print_page_class_init (TwPrintPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tw_print_page_get_property;
  object_class->set_property = tw_print_page_set_property;
  object_class->dispose = tw_print_page_dispose;
  object_class->finalize = tw_print_page_finalize;

  /* the window binds it to its definition document's (tw-definition-document.h) */
  properties[PROP_DEFINITION] =
    g_param_spec_boxed ("definition", NULL, NULL, TW_TYPE_DEFINITION,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tilewright/Tilewright/print-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, tiles_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, cards_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, pieces_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, paper_row);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, width_row);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, height_row);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, width_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, height_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, margin_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, gap_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, bleed_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, crop_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, cut_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, duplex_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, short_edge_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, shared_switch);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, offset_x_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, offset_y_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, tile_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, card_width_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, card_height_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, piece_spin);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, preview);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, page_label);
  gtk_widget_class_bind_template_child (widget_class, TwPrintPage, spinner);

  /**
   * TwPrintPage::sizes-changed:
   *
   * The card or tile size or the bleed was changed (tw_print_page_get_sizes()).
   */
  signals[SIZES_CHANGED] =
    g_signal_new ("sizes-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "print.previous-page", NULL,
                                   previous_page_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_CONTROL_MASK,
                                       "print.previous-page", NULL);
  gtk_widget_class_install_action (widget_class, "print.next-page", NULL, next_page_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_CONTROL_MASK,
                                       "print.next-page", NULL);
  gtk_widget_class_install_action (widget_class, "print.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "print.export", NULL);
  gtk_widget_class_install_action (widget_class, "print.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "print.print", NULL);
}

static void
sizes_changed (TwPrintPage *self)
{
  g_signal_emit (self, signals[SIZES_CHANGED], 0);
}

/**
 * tw_print_page_get_sizes:
 * @settings: (out): the export settings, the sizes as the sheets have them
 *
 * What the sheets are laid out with (per session, not saved): the card and
 * tile sizes and the bleed in @settings are those of the form.
 */
void
tw_print_page_get_sizes (TwPrintPage      *self,
                         TwExportSettings *settings)
{
  g_return_if_fail (TW_IS_PRINT_PAGE (self));

  read_settings (self, settings);
}

static void
tw_print_page_init (TwPrintPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  GtkSwitch *switches[] = {
    self->tiles_switch, self->cards_switch, self->pieces_switch,
    self->crop_switch, self->cut_switch, self->duplex_switch, self->short_edge_switch,
    self->shared_switch,
  };
  GtkSpinButton *spins[] = {
    self->width_spin, self->height_spin, self->margin_spin, self->gap_spin, self->bleed_spin,
    self->tile_spin, self->card_width_spin, self->card_height_spin, self->piece_spin,
    self->offset_x_spin, self->offset_y_spin,
  };

  self->cancellable = g_cancellable_new ();
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_signal_connect_object (switches[i], "notify::active", G_CALLBACK (schedule_relayout),
                             self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (spins); i++)
    g_signal_connect_object (spins[i], "value-changed", G_CALLBACK (schedule_relayout),
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->paper_row, "notify::selected", G_CALLBACK (paper_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->card_width_spin, "value-changed",
                           G_CALLBACK (sizes_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->card_height_spin, "value-changed",
                           G_CALLBACK (sizes_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tile_spin, "value-changed",
                           G_CALLBACK (sizes_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->bleed_spin, "value-changed",
                           G_CALLBACK (sizes_changed), self, G_CONNECT_SWAPPED);
  paper_changed (self);
  relayout (self);
}
