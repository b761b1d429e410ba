/* tw-record.h: a game record on disk (YAML, see doc/record-format.md)
 *
 * A record is self-contained: it embeds the definition text it was played
 * with, the seats, the options that differ from the definition's, the seed and
 * the whole move tree in the game's notation. Loading replays and checks every
 * move, so a record that loads is a record that is legal under the current
 * rules; the first move that is not is reported with its file position.
 *
 * Ownership: a TwRecord owns its history (and through it a reference on the
 * game and its definition).
 */
#pragma once

#include <glib.h>

#include "tw-history.h"

G_BEGIN_DECLS

#define TW_RECORD_FORMAT_VERSION 1
/* the largest record file read (doc/record-format.md, "Limits"); the YAML
 * reader's own limit, checked before reading */
#define TW_RECORD_MAX_BYTES (4 * 1024 * 1024)

typedef struct _TwRecord TwRecord;

#define TW_RECORD_ERROR (tw_record_error_quark ())
GQuark tw_record_error_quark (void);

typedef enum
{
  TW_RECORD_ERROR_IO,            /* could not read or write the file */
  TW_RECORD_ERROR_SYNTAX,        /* not YAML */
  TW_RECORD_ERROR_INVALID,       /* YAML, but not a record: keys, types, values */
  TW_RECORD_ERROR_DEFINITION,    /* the embedded definition does not load */
  TW_RECORD_ERROR_ILLEGAL_MOVE,  /* a move is unreadable or illegal */
  TW_RECORD_ERROR_HASH,          /* replaying gives another position than recorded */
} TwRecordError;

/**
 * tw_record_new:
 * @game: the game (a reference is taken)
 * @seed: the seed of the initial state
 *
 * Creates a record with an empty history. Seats are named "Player 1" ... and
 * marked "human"; the definition path is the definition's.
 *
 * Returns: (transfer full): a new record, free with tw_record_free()
 */
TwRecord    *tw_record_new                 (TwGame          *game,
                                            guint64          seed);

/**
 * tw_record_free:
 * @record: (nullable): a record
 *
 * Frees the record and its history.
 */
void         tw_record_free                (TwRecord        *record);

/**
 * tw_record_get_history:
 *
 * Returns: (transfer none): the record's history; play moves into it
 */
TwHistory   *tw_record_get_history         (TwRecord        *record);

/**
 * tw_record_get_game:
 *
 * Returns: (transfer none): the game of the record's history
 */
TwGame      *tw_record_get_game            (const TwRecord  *record);

/**
 * tw_record_set_seat:
 * @seat: a seat below the game's player count
 * @name: (nullable): the seat's display name; NULL keeps the current one
 * @player: (nullable): "human" or a bot spec such as "mcts:iterations=2000";
 *   NULL keeps the current one
 *
 * Sets who sits at @seat.
 */
void         tw_record_set_seat            (TwRecord        *record,
                                            guint            seat,
                                            const char      *name,
                                            const char      *player);

/**
 * tw_record_get_seat_name:
 *
 * Returns: (transfer none): the display name of @seat
 */
const char  *tw_record_get_seat_name       (const TwRecord  *record,
                                            guint            seat);

/**
 * tw_record_get_seat_player:
 *
 * Returns: (transfer none): "human" or the bot spec of @seat
 */
const char  *tw_record_get_seat_player     (const TwRecord  *record,
                                            guint            seat);

/**
 * tw_record_get_definition_path:
 *
 * Returns: (transfer none) (nullable): where the definition was originally
 *   loaded from, as written in the record
 */
const char  *tw_record_get_definition_path (const TwRecord  *record);

/**
 * tw_record_set_definition_path:
 * @path: (nullable): the path to write as `definition-path`
 */
void         tw_record_set_definition_path (TwRecord        *record,
                                            const char      *path);

/**
 * tw_record_to_data:
 *
 * Writes the record as YAML: metadata, the move tree from the root, the
 * current node when it is not the end of the main line, the hash at the end of
 * the main line, and the embedded definition text last.
 *
 * Returns: (transfer full): the YAML text, or NULL with @error set when it
 *   cannot be written (a definition without text)
 */
char        *tw_record_to_data             (const TwRecord  *record,
                                            GError         **error);

/**
 * tw_record_save:
 * @path: the file to write
 *
 * Saves the record atomically: the text goes to a temporary file in the same
 * directory, which is synced and then renamed over @path, so a crash leaves
 * either the old file or the new one.
 *
 * Returns: TRUE on success; FALSE with TW_RECORD_ERROR_IO naming @path
 */
gboolean     tw_record_save                (const TwRecord  *record,
                                            const char      *path,
                                            GError         **error);

/**
 * tw_record_load_data:
 * @text: the YAML text
 * @len: its length, or -1 when NUL-terminated
 * @name_for_messages: (nullable): the file name shown in errors ("<string>" if NULL)
 *
 * Parses a record, loads its embedded definition, recreates the game and
 * replays every move of the tree, checking each one. On the first problem the
 * error says where ("FILE:LINE:COLUMN: error: ..."): for a move, its index,
 * its text and the rules' reason. The current node is the one the record
 * names, else the end of the main line.
 *
 * Returns: (transfer full): the record, or NULL with @error set
 */
TwRecord    *tw_record_load_data           (const char      *text,
                                            gssize           len,
                                            const char      *name_for_messages,
                                            GError         **error);

/**
 * tw_record_load_file:
 * @path: a record file
 *
 * Reads @path and loads it as tw_record_load_data() does.
 *
 * Returns: (transfer full): the record, or NULL with @error set
 */
TwRecord    *tw_record_load_file           (const char      *path,
                                            GError         **error);

/**
 * tw_hash_to_string:
 *
 * Returns: (transfer full): @hash as 16 lower-case hex digits
 */
char        *tw_hash_to_string             (guint64          hash);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwRecord, tw_record_free)

G_END_DECLS
