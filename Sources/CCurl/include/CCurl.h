#ifndef CCURL_H
#define CCURL_H

/// libcurl for Swift: the library's own header, plus typed wrappers for the calls Swift cannot make
/// (`curl_easy_setopt` and `curl_easy_getinfo` are variadic) and a once-only global initialisation.

#include <curl/curl.h>

/// Initialises libcurl once per process, whatever thread calls first. `curl_global_init` itself is not
/// thread-safe in every libcurl release, so every transfer calls this before its first easy handle.
/// Returns the result of the one `curl_global_init` call.
CURLcode ccurl_global_init_once(void);

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
