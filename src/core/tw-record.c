/* tw-record.c
 *
 * Records are written with libyaml's emitter, which quotes and escapes every
 * string correctly (notation, seat names, the embedded definition as a literal
 * block when the text allows one), and read with tw_node_parse() so that
 * every problem is reported at its line and column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-record.h"
#include "tw-file.h"

#include <string.h>
#include <yaml.h>
#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (tw-record-error-quark, tw_record_error)

typedef struct
{
  char *name;
  char *player;
} TwSeat;

struct _TwRecord
{
  /* Owned */
  TwHistory *history;
  char      *definition_path;
  TwSeat     seats[TW_MAX_PLAYERS];
};

/* Keys of a record, in the order they are written. */
static const char * const record_keys[] = {
  "tilewright-record",
  "game",
  "rules",
  "players",
  "seed",
  "seats",
  "options",
  "moves",
  "current",
  "hashes",
  "definition-path",
  "definition",
  NULL
};

static const char * const seat_keys[] = { "name", "player", NULL };
static const char * const move_keys[] = { "move", "variations", NULL };
static const char * const hash_keys[] = { "final", NULL };

char *
tw_hash_to_string (guint64 hash)
{
  return g_strdup_printf ("%016" G_GINT64_MODIFIER "x", hash);
}

TwRecord *
tw_record_new (TwGame  *game,
               guint64  seed)
{
  TwRecord *record;

  g_return_val_if_fail (game != NULL, NULL);

  record = g_new0 (TwRecord, 1);
  record->history = tw_history_new (game, seed);
  record->definition_path = g_strdup (game->definition->path);
  for (guint i = 0; i < game->n_players; i++)
    {
      record->seats[i].name = g_strdup_printf (_("Player %u"), i + 1);
      record->seats[i].player = g_strdup ("human");
    }

  return record;
}

void
tw_record_free (TwRecord *record)
{
  if (record == NULL)
    return;

  for (guint i = 0; i < TW_MAX_PLAYERS; i++)
    {
      g_free (record->seats[i].name);
      g_free (record->seats[i].player);
    }
  g_free (record->definition_path);
  tw_history_free (record->history);
  g_free (record);
}

TwHistory *
tw_record_get_history (TwRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return record->history;
}

TwGame *
tw_record_get_game (const TwRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return tw_history_get_game (record->history);
}

void
tw_record_set_seat (TwRecord   *record,
                    guint       seat,
                    const char *name,
                    const char *player)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (seat < tw_record_get_game (record)->n_players);

  if (name != NULL)
    {
      g_free (record->seats[seat].name);
      record->seats[seat].name = g_strdup (name);
    }
  if (player != NULL)
    {
      g_free (record->seats[seat].player);
      record->seats[seat].player = g_strdup (player);
    }
}

const char *
tw_record_get_seat_name (const TwRecord *record,
                         guint           seat)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (seat < tw_record_get_game (record)->n_players, NULL);
  return record->seats[seat].name;
}

const char *
tw_record_get_seat_player (const TwRecord *record,
                           guint           seat)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (seat < tw_record_get_game (record)->n_players, NULL);
  return record->seats[seat].player;
}

const char *
tw_record_get_definition_path (const TwRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return record->definition_path;
}

void
tw_record_set_definition_path (TwRecord   *record,
                               const char *path)
{
  g_return_if_fail (record != NULL);
  g_free (record->definition_path);
  record->definition_path = g_strdup (path);
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */

typedef struct
{
  yaml_emitter_t  emitter;
  GString        *out;
  gboolean        failed;
} Emit;

static int
emit_write (void          *data,
            unsigned char *buffer,
            size_t         size)
{
  g_string_append_len (data, (const char *) buffer, size);
  return 1;
}

/* The emitter destroys the event whether or not it succeeds. */
static void
emit_event (Emit         *e,
            yaml_event_t *event)
{
  if (e->failed)
    {
      yaml_event_delete (event);
      return;
    }
  if (!yaml_emitter_emit (&e->emitter, event))
    e->failed = TRUE;
}

static void
emit_scalar (Emit                *e,
             const char          *value,
             yaml_scalar_style_t  style)
{
  yaml_event_t event;

  if (e->failed)
    return;
  /* Fails only on invalid UTF-8. */
  if (!yaml_scalar_event_initialize (&event, NULL, NULL, (yaml_char_t *) value,
                                     (int) strlen (value), 1, 1, style))
    {
      e->failed = TRUE;
      return;
    }
  emit_event (e, &event);
}

static void
emit_plain (Emit       *e,
            const char *value)
{
  emit_scalar (e, value, YAML_ANY_SCALAR_STYLE);
}

static void
emit_quoted (Emit       *e,
             const char *value)
{
  emit_scalar (e, value, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

static void
emit_uint (Emit    *e,
           guint64  value)
{
  char buf[24];

  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, value);
  emit_scalar (e, buf, YAML_PLAIN_SCALAR_STYLE);
}

static void
emit_map_start (Emit *e)
{
  yaml_event_t event;

  yaml_mapping_start_event_initialize (&event, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
  emit_event (e, &event);
}

static void
emit_map_end (Emit *e)
{
  yaml_event_t event;

  yaml_mapping_end_event_initialize (&event);
  emit_event (e, &event);
}

static void
emit_seq_start (Emit                  *e,
                yaml_sequence_style_t  style)
{
  yaml_event_t event;

  yaml_sequence_start_event_initialize (&event, NULL, NULL, 1, style);
  emit_event (e, &event);
}

static void
emit_seq_end (Emit *e)
{
  yaml_event_t event;

  yaml_sequence_end_event_initialize (&event);
  emit_event (e, &event);
}

/* One line of play starting at @first and following first children. The
 * first child of a node carries the other children as `variations`, each a
 * line of its own starting with the alternative move. */
static void
emit_line (Emit            *e,
           const TwHistory *history,
           guint            first)
{
  emit_seq_start (e, YAML_BLOCK_SEQUENCE_STYLE);
  for (guint id = first; id != TW_HISTORY_NONE && !e->failed;
       id = tw_history_get_node (history, id)->first_child)
    {
      const TwHistoryNode *node = tw_history_get_node (history, id);
      const TwHistoryNode *parent = tw_history_get_node (history, node->parent);

      if (parent->first_child == id && node->next_sibling != TW_HISTORY_NONE)
        {
          emit_map_start (e);
          emit_plain (e, "move");
          emit_plain (e, node->text);
          emit_plain (e, "variations");
          emit_seq_start (e, YAML_BLOCK_SEQUENCE_STYLE);
          for (guint s = node->next_sibling; s != TW_HISTORY_NONE;
               s = tw_history_get_node (history, s)->next_sibling)
            emit_line (e, history, s);
          emit_seq_end (e);
          emit_map_end (e);
        }
      else
        emit_plain (e, node->text);
    }
  emit_seq_end (e);
}

char *
tw_record_to_data (const TwRecord  *record,
                   GError         **error)
{
  const TwHistory *history;
  const TwGame *game;
  const TwDefinition *def;
  const TwRules *rules;
  yaml_event_t event;
  Emit e = { 0, };
  g_autofree char *final_hash = NULL;
  guint current, main_end;
  gboolean any_option = FALSE;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  history = record->history;
  game = tw_history_get_game (history);
  def = game->definition;
  rules = game->rules;

  if (def->text == NULL)
    {
      g_set_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_INVALID,
                   _("the definition of “%s” has no text to embed in the record"), def->name);
      return NULL;
    }

  e.out = g_string_new (NULL);
  yaml_emitter_initialize (&e.emitter);
  yaml_emitter_set_output (&e.emitter, emit_write, e.out);
  yaml_emitter_set_unicode (&e.emitter, 1);
  yaml_emitter_set_width (&e.emitter, -1);

  yaml_stream_start_event_initialize (&event, YAML_UTF8_ENCODING);
  emit_event (&e, &event);
  yaml_document_start_event_initialize (&event, NULL, NULL, NULL, 1);
  emit_event (&e, &event);
  emit_map_start (&e);

  emit_plain (&e, "tilewright-record");
  emit_uint (&e, TW_RECORD_FORMAT_VERSION);
  emit_plain (&e, "game");
  emit_plain (&e, def->name != NULL ? def->name : rules->display_name);
  emit_plain (&e, "rules");
  emit_plain (&e, rules->id);
  emit_plain (&e, "players");
  emit_uint (&e, game->n_players);
  emit_plain (&e, "seed");
  emit_uint (&e, tw_history_get_seed (history));

  emit_plain (&e, "seats");
  emit_seq_start (&e, YAML_BLOCK_SEQUENCE_STYLE);
  for (guint i = 0; i < game->n_players; i++)
    {
      emit_map_start (&e);
      emit_plain (&e, "name");
      emit_plain (&e, record->seats[i].name);
      emit_plain (&e, "player");
      emit_plain (&e, record->seats[i].player);
      emit_map_end (&e);
    }
  emit_seq_end (&e);

  for (guint i = 0; i < rules->n_options; i++)
    {
      g_autofree char *value = NULL;

      if (game->options.values[i] == def->options.values[i])
        continue;
      if (!any_option)
        {
          emit_plain (&e, "options");
          emit_map_start (&e);
          any_option = TRUE;
        }
      value = tw_option_value_to_string (&rules->options[i], game->options.values[i]);
      emit_plain (&e, rules->options[i].name);
      emit_plain (&e, value);
    }
  if (any_option)
    emit_map_end (&e);

  emit_plain (&e, "moves");
  emit_line (&e, history, tw_history_get_node (history, TW_HISTORY_ROOT)->first_child);

  current = tw_history_get_current (history);
  main_end = tw_history_get_main_line_end (history);
  if (current != main_end)
    {
      g_autoptr(GArray) path = tw_history_get_path (history, current);

      emit_plain (&e, "current");
      emit_seq_start (&e, YAML_FLOW_SEQUENCE_STYLE);
      for (guint i = 0; i < path->len; i++)
        {
          guint id = g_array_index (path, guint, i);
          guint parent = tw_history_get_node (history, id)->parent;
          guint index = 0;

          while (tw_history_get_child (history, parent, index) != id)
            index++;
          emit_uint (&e, index);
        }
      emit_seq_end (&e);
    }

  final_hash = tw_hash_to_string (tw_history_get_node (history, main_end)->hash);
  emit_plain (&e, "hashes");
  emit_map_start (&e);
  emit_plain (&e, "final");
  emit_quoted (&e, final_hash);
  emit_map_end (&e);

  if (record->definition_path != NULL)
    {
      emit_plain (&e, "definition-path");
      emit_plain (&e, record->definition_path);
    }
  emit_plain (&e, "definition");
  emit_scalar (&e, def->text, YAML_LITERAL_SCALAR_STYLE);

  emit_map_end (&e);
  yaml_document_end_event_initialize (&event, 1);
  emit_event (&e, &event);
  yaml_stream_end_event_initialize (&event);
  emit_event (&e, &event);

  if (e.failed || !yaml_emitter_flush (&e.emitter))
    {
      g_set_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_INVALID,
                   _("cannot write the record: %s"),
                   e.emitter.problem != NULL ? e.emitter.problem
                                             : _("a text is not valid UTF-8"));
      yaml_emitter_delete (&e.emitter);
      g_string_free (e.out, TRUE);
      return NULL;
    }

  yaml_emitter_delete (&e.emitter);
  return g_string_free (e.out, FALSE);
}

gboolean
tw_record_save (const TwRecord  *record,
                const char      *path,
                GError         **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = tw_record_to_data (record, error);
  if (data == NULL)
    return FALSE;

  /* atomic, through symbolic links, keeping the mode (tw-file.h) */
  if (!tw_file_save (path, data, -1, &local_error))
    {
      g_set_error (error, TW_RECORD_ERROR, TW_RECORD_ERROR_IO,
                   _("cannot save the record: %s"), local_error->message);
      return FALSE;
    }

  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */

typedef struct
{
  const char    *name;     /* file name for messages */
  TwDiagnostics *diags;
  TwRecordError  code;     /* the kind of the first problem */
  gboolean       has_code;
} Load;

static void
load_fail (Load          *l,
           TwRecordError  code)
{
  if (!l->has_code)
    {
      l->code = code;
      l->has_code = TRUE;
    }
}

static gboolean
load_failed (const Load *l)
{
  return l->has_code || tw_diagnostics_n_errors (l->diags) > 0;
}

static void
load_set_error (Load    *l,
                GError **error)
{
  g_autofree char *text = tw_diagnostics_to_string (l->diags);

  g_strchomp (text);
  if (*text == '\0')
    {
      g_free (text);
      text = g_strdup_printf (_("%s: error: not a valid record"), l->name);
    }
  g_set_error_literal (error, TW_RECORD_ERROR,
                       l->has_code ? l->code : TW_RECORD_ERROR_INVALID, text);
}

static const char *
scalar_of (Load         *l,
           const TwNode *node,
           const char   *what)
{
  if (!tw_node_expect (node, TW_NODE_SCALAR, what, l->diags))
    {
      load_fail (l, TW_RECORD_ERROR_INVALID);
      return NULL;
    }
  return node->scalar;
}

/* The embedded definition's problems, moved to where they are in the record
 * when the definition is a literal block (so an editor jumps to the right
 * line); otherwise their positions are inside the embedded text. */
static void
report_definition_problems (Load                *l,
                            const char          *text,
                            gsize                len,
                            const TwNode        *def_node,
                            const TwDiagnostics *ddiags,
                            const GError        *def_error)
{
  guint line_offset = 0, indent = 0;
  gboolean mapped = FALSE;
  gsize pos = def_node->start_offset;

  if (pos < len && text[pos] == '|')
    {
      guint explicit_indent = 0;
      gsize p = pos + 1;

      while (p < len && (text[p] == '+' || text[p] == '-' || g_ascii_isdigit (text[p])))
        {
          if (g_ascii_isdigit (text[p]))
            explicit_indent = text[p] - '0';
          p++;
        }
      /* The content starts on the line after the indicator. */
      while (p < len && text[p] != '\n')
        p++;
      if (p < len)
        {
          gsize q = p + 1;

          /* Skip blank lines to find the block's indentation. */
          while (explicit_indent == 0 && q < len)
            {
              guint spaces = 0;
              while (q + spaces < len && text[q + spaces] == ' ')
                spaces++;
              if (q + spaces < len && text[q + spaces] != '\n')
                {
                  indent = spaces;
                  break;
                }
              q += spaces + 1;
            }
          if (explicit_indent > 0)
            indent = explicit_indent;
          line_offset = def_node->line;
          mapped = indent > 0;
        }
    }

  load_fail (l, TW_RECORD_ERROR_DEFINITION);
  if (ddiags == NULL || tw_diagnostics_n_errors (ddiags) == 0)
    {
      tw_diag_error (l->diags, def_node, NULL, _("the embedded definition does not load: %s"),
                     def_error != NULL ? def_error->message : _("unknown error"));
      return;
    }

  for (guint i = 0; i < tw_diagnostics_get_n (ddiags); i++)
    {
      const TwDiag *d = tw_diagnostics_get (ddiags, i);

      if (d->level != TW_DIAG_ERROR)
        continue;
      if (mapped && d->line > 0)
        tw_diagnostics_add (l->diags, TW_DIAG_ERROR, d->line + line_offset, d->column + indent,
                            d->hint, _("embedded definition: %s"), d->message);
      else
        tw_diagnostics_add (l->diags, TW_DIAG_ERROR, def_node->line, def_node->column, d->hint,
                            _("embedded definition, line %u column %u: %s"),
                            d->line, d->column, d->message);
    }
}

/* Replays one line of the move tree (a sequence node) from @start. */
static gboolean
load_line (Load         *l,
           TwHistory    *history,
           guint         start,
           const TwNode *seq)
{
  TwGame *game = tw_history_get_game (history);
  guint cur = start;

  if (!tw_node_expect (seq, TW_NODE_SEQ, _("a line of moves"), l->diags))
    {
      load_fail (l, TW_RECORD_ERROR_INVALID);
      return FALSE;
    }

  for (guint i = 0; i < seq->n_children; i++)
    {
      const TwNode *item = seq->children[i];
      const TwNode *move_node = item;
      const TwNode *variations = NULL;
      g_autoptr(GString) why = g_string_new (NULL);
      g_autofree char *text = NULL;     /* the move, in messages */
      g_autofree char *reason = NULL;
      TwMove move = { 0, };
      guint index;
      guint child;

      if (item->type == TW_NODE_MAP)
        {
          if (!tw_node_check_keys (item, move_keys, _("a move"), l->diags))
            {
              load_fail (l, TW_RECORD_ERROR_INVALID);
              return FALSE;
            }
          move_node = tw_node_get (item, "move");
          variations = tw_node_get (item, "variations");
          if (move_node == NULL)
            {
              tw_diag_error (l->diags, item, _("write it as {move: TEXT, variations: [...]}"),
                             _("this move has no `move` key"));
              load_fail (l, TW_RECORD_ERROR_INVALID);
              return FALSE;
            }
        }
      if (scalar_of (l, move_node, _("a move in notation")) == NULL)
        return FALSE;

      if (!tw_history_goto (history, cur))
        {
          load_fail (l, TW_RECORD_ERROR_INVALID);
          tw_diag_error (l->diags, move_node, NULL, _("internal error: cannot reach the position"));
          return FALSE;
        }

      index = tw_history_get_node (history, cur)->depth + 1;
      if (tw_state_is_terminal (game, tw_history_get_state (history)))
        {
          load_fail (l, TW_RECORD_ERROR_ILLEGAL_MOVE);
          text = tw_excerpt (move_node->scalar, TW_EXCERPT_VALUE);
          tw_diag_error (l->diags, move_node, NULL, _("move %u “%s” is illegal: the game is over"),
                         index, text);
          return FALSE;
        }
      if (!game->rules->move_from_text (game, tw_history_get_state (history),
                                        move_node->scalar, &move, why))
        {
          load_fail (l, TW_RECORD_ERROR_ILLEGAL_MOVE);
          text = tw_excerpt (move_node->scalar, TW_EXCERPT_VALUE);
          reason = tw_excerpt (why->str, TW_EXCERPT_REASON);
          tw_diag_error (l->diags, move_node, NULL, _("move %u “%s” cannot be read: %s"),
                         index, text, why->len > 0 ? reason : _("not in the game's notation"));
          return FALSE;
        }
      if (!tw_history_play (history, &move, why))
        {
          load_fail (l, TW_RECORD_ERROR_ILLEGAL_MOVE);
          text = tw_excerpt (move_node->scalar, TW_EXCERPT_VALUE);
          reason = tw_excerpt (why->str, TW_EXCERPT_REASON);
          tw_diag_error (l->diags, move_node, NULL, _("move %u “%s” is illegal: %s"),
                         index, text, why->len > 0 ? reason : _("the rules refuse it"));
          return FALSE;
        }
      child = tw_history_get_current (history);

      if (variations != NULL)
        {
          if (!tw_node_expect (variations, TW_NODE_SEQ, _("a list of variations"), l->diags))
            {
              load_fail (l, TW_RECORD_ERROR_INVALID);
              return FALSE;
            }
          for (guint v = 0; v < variations->n_children; v++)
            if (!load_line (l, history, cur, variations->children[v]))
              return FALSE;
        }

      cur = child;
    }

  return TRUE;
}

static gboolean
parse_seed (Load         *l,
            const TwNode *node,
            guint64      *seed)
{
  g_autoptr(GError) error = NULL;
  const char *text = scalar_of (l, node, _("the seed"));

  if (text == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, &error))
    {
      tw_diag_error (l->diags, node, _("a whole number from 0 to 18446744073709551615"),
                     _("the seed “%s” is not a number"), text);
      load_fail (l, TW_RECORD_ERROR_INVALID);
      return FALSE;
    }
  return TRUE;
}

TwRecord *
tw_record_load_data (const char  *text,
                     gssize       len,
                     const char  *name_for_messages,
                     GError     **error)
{
  const char *name = name_for_messages != NULL ? name_for_messages : "<string>";
  g_autoptr(TwDiagnostics) diags = tw_diagnostics_new (name);
  g_autoptr(TwNode) root = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(TwGame) game = NULL;
  g_autoptr(TwRecord) record = NULL;
  Load l = { name, diags, 0, FALSE };
  const TwNode *n_version, *n_rules, *n_players, *n_seed, *n_seats, *n_options;
  const TwNode *n_moves, *n_current, *n_hashes, *n_def_path, *n_def;
  const char *rules_id;
  gint64 version = 0, players = 0;
  guint64 seed = 0;
  TwOptions options;
  gsize text_len;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text_len = len < 0 ? strlen (text) : (gsize) len;
  root = tw_node_parse (text, text_len, NULL, diags);
  if (root == NULL)
    {
      load_fail (&l, TW_RECORD_ERROR_SYNTAX);
      load_set_error (&l, error);
      return NULL;
    }

  if (!tw_node_expect (root, TW_NODE_MAP, _("a game record"), diags))
    {
      load_fail (&l, TW_RECORD_ERROR_INVALID);
      load_set_error (&l, error);
      return NULL;
    }
  n_version = tw_node_get (root, "tilewright-record");
  if (n_version == NULL)
    {
      tw_diag_error (diags, root, _("a record starts with `tilewright-record: 1`"),
                     _("this is not a Tilewright game record"));
      load_fail (&l, TW_RECORD_ERROR_INVALID);
      load_set_error (&l, error);
      return NULL;
    }
  if (!tw_node_to_int (n_version, 1, G_MAXINT, &version, diags))
    load_fail (&l, TW_RECORD_ERROR_INVALID);
  else if (version > TW_RECORD_FORMAT_VERSION)
    {
      tw_diag_error (diags, n_version, _("update Tilewright to read it"),
                     _("record format %lld is newer than this version reads (%d)"),
                     (long long) version, TW_RECORD_FORMAT_VERSION);
      load_fail (&l, TW_RECORD_ERROR_INVALID);
    }
  if (!tw_node_check_keys (root, record_keys, _("a game record"), diags))
    load_fail (&l, TW_RECORD_ERROR_INVALID);

  n_rules = tw_node_get (root, "rules");
  n_players = tw_node_get (root, "players");
  n_seed = tw_node_get (root, "seed");
  n_seats = tw_node_get (root, "seats");
  n_options = tw_node_get (root, "options");
  n_moves = tw_node_get (root, "moves");
  n_current = tw_node_get (root, "current");
  n_hashes = tw_node_get (root, "hashes");
  n_def_path = tw_node_get (root, "definition-path");
  n_def = tw_node_get (root, "definition");

  {
    const struct { const TwNode *node; const char *key; } required[] = {
      { n_rules, "rules" }, { n_players, "players" }, { n_seed, "seed" },
      { n_moves, "moves" }, { n_def, "definition" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (required); i++)
      if (required[i].node == NULL)
        {
          tw_diag_error (diags, root, NULL, _("the record has no `%s`"), required[i].key);
          load_fail (&l, TW_RECORD_ERROR_INVALID);
        }
  }
  if (load_failed (&l))
    {
      load_set_error (&l, error);
      return NULL;
    }

  rules_id = scalar_of (&l, n_rules, _("a rules id"));
  if (scalar_of (&l, n_def, _("the definition text")) == NULL
      || (n_def_path != NULL && scalar_of (&l, n_def_path, _("a path")) == NULL)
      || rules_id == NULL
      || !parse_seed (&l, n_seed, &seed))
    {
      load_set_error (&l, error);
      return NULL;
    }
  if (!tw_node_to_int (n_players, 1, TW_MAX_PLAYERS, &players, diags))
    {
      load_fail (&l, TW_RECORD_ERROR_INVALID);
      load_set_error (&l, error);
      return NULL;
    }

  /* The embedded definition, reported under the record's name. */
  {
    g_autofree char *def_name = g_strdup_printf (_("%s (embedded definition)"), name);
    g_autoptr(TwDiagnostics) ddiags = tw_diagnostics_new (def_name);
    g_autoptr(GError) def_error = NULL;

    def = tw_definition_load_data (n_def->scalar, -1, def_name, ddiags, &def_error);
    if (def == NULL)
      {
        report_definition_problems (&l, text, text_len, n_def, ddiags, def_error);
        load_set_error (&l, error);
        return NULL;
      }
  }

  if (g_strcmp0 (def->rules->id, rules_id) != 0)
    {
      tw_diag_error (diags, n_rules, NULL,
                     _("the record says rules “%s” but its definition uses “%s”"),
                     rules_id, def->rules->id);
      load_fail (&l, TW_RECORD_ERROR_INVALID);
      load_set_error (&l, error);
      return NULL;
    }

  options = def->options;
  if (n_options != NULL)
    {
      if (!tw_node_expect (n_options, TW_NODE_MAP, _("a map of option values"), diags))
        load_fail (&l, TW_RECORD_ERROR_INVALID);
      else
        for (guint i = 0; i < n_options->n_children; i++)
          {
            const TwNode *key = n_options->keys[i];
            const char *value = scalar_of (&l, n_options->children[i], _("an option value"));
            g_autofree char *assignment = NULL;
            g_autoptr(GError) opt_error = NULL;

            if (value == NULL)
              continue;
            assignment = g_strdup_printf ("%s=%s", key->scalar, value);
            if (!tw_options_set_from_string (&options, def->rules->options, def->rules->n_options,
                                             assignment, &opt_error))
              {
                tw_diag_error (diags, key, NULL, "%s", opt_error->message);
                load_fail (&l, TW_RECORD_ERROR_INVALID);
              }
          }
    }
  if (load_failed (&l))
    {
      load_set_error (&l, error);
      return NULL;
    }

  {
    g_autoptr(GError) game_error = NULL;

    game = tw_game_new (def, (guint) players, &options, &game_error);
    if (game == NULL)
      {
        tw_diag_error (diags, n_players, NULL, "%s", game_error->message);
        load_fail (&l, TW_RECORD_ERROR_INVALID);
        load_set_error (&l, error);
        return NULL;
      }
  }

  record = tw_record_new (game, seed);
  tw_record_set_definition_path (record, n_def_path != NULL ? n_def_path->scalar : NULL);

  if (n_seats != NULL)
    {
      if (!tw_node_expect (n_seats, TW_NODE_SEQ, _("a list of seats"), diags))
        load_fail (&l, TW_RECORD_ERROR_INVALID);
      else if (n_seats->n_children != (guint) players)
        {
          tw_diag_error (diags, n_seats, NULL,
                         g_dngettext (GETTEXT_PACKAGE, "the record lists %u seat but has %lld players",
                                      "the record lists %u seats but has %lld players",
                                      n_seats->n_children),
                         n_seats->n_children, (long long) players);
          load_fail (&l, TW_RECORD_ERROR_INVALID);
        }
      else
        for (guint i = 0; i < n_seats->n_children; i++)
          {
            const TwNode *seat = n_seats->children[i];
            const TwNode *seat_name, *seat_player;

            if (!tw_node_expect (seat, TW_NODE_MAP, _("a seat {name, player}"), diags)
                || !tw_node_check_keys (seat, seat_keys, _("a seat"), diags))
              {
                load_fail (&l, TW_RECORD_ERROR_INVALID);
                continue;
              }
            seat_name = tw_node_get (seat, "name");
            seat_player = tw_node_get (seat, "player");
            if ((seat_name != NULL && scalar_of (&l, seat_name, _("a seat name")) == NULL)
                || (seat_player != NULL && scalar_of (&l, seat_player, _("a player")) == NULL))
              continue;
            tw_record_set_seat (record, i,
                                seat_name != NULL ? seat_name->scalar : NULL,
                                seat_player != NULL ? seat_player->scalar : NULL);
          }
    }
  if (load_failed (&l))
    {
      load_set_error (&l, error);
      return NULL;
    }

  if (!load_line (&l, record->history, TW_HISTORY_ROOT, n_moves))
    {
      load_set_error (&l, error);
      return NULL;
    }

  if (n_hashes != NULL)
    {
      const TwNode *n_final;

      if (!tw_node_expect (n_hashes, TW_NODE_MAP, _("a map of hashes"), diags)
          || !tw_node_check_keys (n_hashes, hash_keys, "hashes", diags))
        {
          load_fail (&l, TW_RECORD_ERROR_INVALID);
          load_set_error (&l, error);
          return NULL;
        }
      n_final = tw_node_get (n_hashes, "final");
      if (n_final != NULL)
        {
          const char *expected = scalar_of (&l, n_final, _("a 16-digit hex hash"));
          guint end = tw_history_get_main_line_end (record->history);
          g_autofree char *got = tw_hash_to_string (tw_history_get_node (record->history,
                                                                         end)->hash);

          if (expected == NULL)
            {
              load_set_error (&l, error);
              return NULL;
            }
          if (g_ascii_strcasecmp (expected, got) != 0)
            {
              tw_diag_error (diags, n_final,
                             _("the rules or the definition changed since the record was saved"),
                             _("replaying the main line gives the position hash %s, "
                               "not %s as recorded"), got, expected);
              load_fail (&l, TW_RECORD_ERROR_HASH);
              load_set_error (&l, error);
              return NULL;
            }
        }
    }

  if (n_current != NULL)
    {
      guint id = TW_HISTORY_ROOT;

      if (!tw_node_expect (n_current, TW_NODE_SEQ, _("a list of child indices"), diags))
        load_fail (&l, TW_RECORD_ERROR_INVALID);
      else
        for (guint i = 0; i < n_current->n_children; i++)
          {
            gint64 index;
            guint child;

            if (!tw_node_to_int (n_current->children[i], 0, G_MAXINT, &index, diags))
              {
                load_fail (&l, TW_RECORD_ERROR_INVALID);
                break;
              }
            child = tw_history_get_child (record->history, id, (guint) index);
            if (child == TW_HISTORY_NONE)
              {
                tw_diag_error (diags, n_current->children[i], NULL,
                               _("move %u has no variation %lld"), i + 1, (long long) index);
                load_fail (&l, TW_RECORD_ERROR_INVALID);
                break;
              }
            id = child;
          }
      if (load_failed (&l))
        {
          load_set_error (&l, error);
          return NULL;
        }
      tw_history_goto (record->history, id);
    }
  else
    tw_history_goto (record->history, tw_history_get_main_line_end (record->history));

  return g_steal_pointer (&record);
}

TwRecord *
tw_record_load_file (const char  *path,
                     GError     **error)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!tw_file_read_limited (path, TW_RECORD_MAX_BYTES, _("a record"), &text, &len, &local_error))
    {
      g_set_error (error, TW_RECORD_ERROR,
                   g_error_matches (local_error, TW_FILE_ERROR, TW_FILE_ERROR_TOO_LARGE)
                   ? TW_RECORD_ERROR_INVALID : TW_RECORD_ERROR_IO,
                   "%s", local_error->message);
      return NULL;
    }

  return tw_record_load_data (text, len, path, error);
}
