/* tw-file.h: saving files atomically, reading them with a size limit
 *
 * Every file Tilewright writes (records, exports, Lab runs, simulation
 * results, autosaves) goes through TwSaveFile, so that the named file holds
 * either its old content or the whole new one, whatever happens: a full
 * disk, a kill, a power cut. The contract:
 *
 * - the new content goes to a temporary file in the same folder as the
 *   target ('.NAME.XXXXXX.tw-save'), is flushed to the disk (fsync) and
 *   renamed over the target; the folder is flushed too;
 * - a target that is a symbolic link is written through: the link stays and
 *   the file it points to (following every link in the chain) is replaced;
 * - the replaced file's permission bits, owner and group are kept (the owner
 *   only where the writer may set it, i.e. as root or as that owner); a new
 *   file gets 0666 minus the umask, as open() would give it;
 * - the writer holds an advisory lock (flock) on its temporary file; the
 *   next save of the same target removes any temporary file left by a save
 *   that was killed (one nobody holds the lock on any more);
 * - on any failure the temporary file is removed and the target untouched.
 *
 * Errors are in G_FILE_ERROR and read "cannot write 'PATH': REASON".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TwSaveFile TwSaveFile;

#define TW_FILE_ERROR (tw_file_error_quark ())
GQuark tw_file_error_quark (void);

typedef enum
{
  TW_FILE_ERROR_TOO_LARGE,   /* over the documented limit for its format */
} TwFileError;

TwSaveFile *tw_save_file_begin          (const char    *path,
                                         GError       **error);
TwSaveFile *tw_save_file_begin_with_mode (const char   *path,
                                         int            mode,
                                         GError       **error);
const char *tw_save_file_get_path       (const TwSaveFile *file);
gboolean    tw_save_file_write          (TwSaveFile    *file,
                                         const void    *data,
                                         gsize          len,
                                         GError       **error);
gboolean    tw_save_file_commit         (TwSaveFile    *file,
                                         GError       **error);
gboolean    tw_save_files_commit        (TwSaveFile   **files,
                                         guint          n_files,
                                         GError       **error);
void        tw_save_file_abort          (TwSaveFile    *file);

gboolean    tw_file_save                (const char    *path,
                                         const void    *data,
                                         gssize         len,
                                         GError       **error);
gboolean    tw_file_save_with_mode      (const char    *path,
                                         const void    *data,
                                         gssize         len,
                                         int            mode,
                                         GError       **error);

gboolean    tw_file_read_limited        (const char    *path,
                                         gsize          max_bytes,
                                         const char    *what,
                                         char         **contents,
                                         gsize         *length,
                                         GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TwSaveFile, tw_save_file_abort)

G_END_DECLS
