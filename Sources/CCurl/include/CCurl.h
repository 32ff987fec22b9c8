#ifndef CCURL_H
#define CCURL_H

/// libcurl for Swift, loaded on first use: the library's own header for its types and constants, a
/// loader that opens `libcurl.so.4` with `dlopen` when the first transfer needs it (so a process that
/// never fetches never maps libcurl and its TLS, LDAP, SSH… dependencies), and wrappers that call the
/// loaded functions, typed for the calls Swift cannot make (`curl_easy_setopt` and `curl_easy_getinfo`
/// are variadic). Every `ccurl_easy_*` and `ccurl_slist_*` function may be called only after
/// `ccurl_is_loaded` is true or `ccurl_load` returned `CCURL_LOADED`.

#include <curl/curl.h>
#include <stdbool.h>
#include <stddef.h>

/// The oldest libcurl the hub works with: 7.85.0 brought `CURLOPT_PROTOCOLS_STR`.
#define CCURL_MINIMUM_VERSION 0x075500

/// What `ccurl_load` found.
typedef enum {
    /// A libcurl is loaded and initialised: the wrappers may be called.
    CCURL_LOADED = 0,
    /// `dlopen` failed; the detail is its message (no such file, wrong architecture…).
    CCURL_LIBRARY_NOT_FOUND,
    /// The library lacks a function the hub calls; the detail is the function's name.
    CCURL_FUNCTION_MISSING,
    /// The library is older than `CCURL_MINIMUM_VERSION`; the detail is its version ("7.74.0").
    CCURL_VERSION_TOO_OLD,
    /// `curl_global_init` failed; the detail is libcurl's text for its code.
    CCURL_INIT_FAILED,
} ccurl_load_status;

/// True once a libcurl is loaded and initialised (a lock-free check for every transfer).
bool ccurl_is_loaded(void);

/// Opens `soname` (`RTLD_NOW | RTLD_LOCAL`), resolves every function the wrappers call, checks the
/// version and calls `curl_global_init`, under a lock so that happens once per process. The first
/// library that passes becomes the one the wrappers call, for the life of the process; a later call
/// whose library has every function finds that and returns `CCURL_LOADED` after dropping its own
/// reference (two first transfers racing, or a test). A failure is not kept:
/// each call tries again, so a library installed meanwhile is found without a restart. On failure,
/// `detail` (of `detail_size` bytes) receives a NUL-terminated explanation.
ccurl_load_status ccurl_load(const char *soname, char *detail, size_t detail_size);

/// `curl_easy_init`.
CURL *ccurl_easy_init(void);

/// `curl_easy_cleanup`.
void ccurl_easy_cleanup(CURL *handle);

/// `curl_easy_perform`: runs the transfer to its end on the calling thread.
CURLcode ccurl_easy_perform(CURL *handle);

/// `curl_easy_strerror`: libcurl's text for a result code.
const char *ccurl_easy_strerror(CURLcode code);

/// `curl_slist_append`: a copy of `string` appended; the list's new head, or NULL when out of memory.
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);

/// `curl_slist_free_all`.
void ccurl_slist_free_all(struct curl_slist *list);

/// `curl_easy_setopt` for options that take a `long` (flags, timeouts, limits).
CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);

/// `curl_easy_setopt` for options that take a `curl_off_t` (the `_LARGE` size options).
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value);

/// `curl_easy_setopt` for options that take a C string (libcurl copies it).
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);

/// `curl_easy_setopt` for options that take a pointer (callback user data, error buffer, header list).
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);

/// A body or header callback: `size * count` bytes at `data`; return the number of bytes taken.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

/// A progress callback; returning non-zero aborts the transfer with `CURLE_ABORTED_BY_CALLBACK`.
typedef int (*ccurl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                       curl_off_t upload_total, curl_off_t uploaded);

/// Sets `CURLOPT_WRITEFUNCTION`.
CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_data_callback callback);

/// Sets `CURLOPT_HEADERFUNCTION` (called once per complete header line).
CURLcode ccurl_easy_setopt_header_function(CURL *handle, ccurl_data_callback callback);

/// Sets `CURLOPT_XFERINFOFUNCTION` and turns progress reporting on, so the callback runs at least about
/// once a second even while nothing arrives.
CURLcode ccurl_easy_setopt_progress_function(CURL *handle, ccurl_progress_callback callback);

/// `curl_easy_getinfo` for information returned as a `long` (the response code, for example).
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

#endif
