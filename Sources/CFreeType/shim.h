#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SIZES_H

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

#endif
