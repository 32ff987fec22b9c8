#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SIZES_H
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/// FT_LOAD_TARGET_MONO is a function-like macro: hinting tuned for one-bit output.
static inline FT_Int32 cfreetype_load_target_mono(void) {
    return FT_LOAD_TARGET_MONO;
}

/// FT_HAS_KERNING is a macro: whether the face carries a legacy 'kern' table FreeType can read.
static inline int cfreetype_has_kerning(FT_Face face) {
    return FT_HAS_KERNING(face) ? 1 : 0;
}

/// FT_IS_SCALABLE is a macro: whether the face holds outlines (not only fixed bitmap strikes).
static inline int cfreetype_is_scalable(FT_Face face) {
    return FT_IS_SCALABLE(face) ? 1 : 0;
}

/// Reads `count` bytes at `offset` for FreeType; a zero count is a seek, which always succeeds.
static unsigned long cfreetype_read_file(FT_Stream stream, unsigned long offset, unsigned char *buffer,
                                         unsigned long count) {
    unsigned long done = 0;
    while (done < count) {
        ssize_t got = pread((int)stream->descriptor.value, buffer + done, count - done, (off_t)(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        done += (unsigned long)got;
    }
    return done;
}

/// Closes the file and frees the stream when FreeType is done with the face (or fails to open it).
static void cfreetype_close_file(FT_Stream stream) {
    close((int)stream->descriptor.value);
    free(stream);
}

/// FT_New_Face without mapping the font file: FreeType reads the tables and glyphs it needs with pread,
/// so the process keeps only those bytes, not the pages of the whole file it touched.
static inline FT_Error cfreetype_open_face(FT_Library library, const char *path, FT_Face *face) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return FT_Err_Cannot_Open_Resource;
    struct stat info;
    FT_Stream stream = calloc(1, sizeof *stream);
    if (fstat(descriptor, &info) != 0 || stream == NULL) {
        close(descriptor);
        free(stream);
        return FT_Err_Cannot_Open_Resource;
    }
    stream->descriptor.value = descriptor;
    stream->size = (unsigned long)info.st_size;
    stream->read = cfreetype_read_file;
    stream->close = cfreetype_close_file;
    FT_Open_Args arguments = {.flags = FT_OPEN_STREAM, .stream = stream};
    return FT_Open_Face(library, &arguments, 0, face);
}

#endif
