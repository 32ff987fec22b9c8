#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

/// Every libcurl function the wrappers call, without its `curl_` prefix.
#define CCURL_FUNCTIONS(X) \
    X(global_init)         \
    X(version_info)        \
    X(easy_init)           \
    X(easy_cleanup)        \
    X(easy_perform)        \
    X(easy_strerror)       \
    X(easy_setopt)         \
    X(easy_getinfo)        \
    X(slist_append)        \
    X(slist_free_all)

/// Pointers typed from libcurl's own declarations, so the compiler checks every call.
typedef struct {
#define CCURL_FIELD(name) __typeof__(curl_##name) *name;
    CCURL_FUNCTIONS(CCURL_FIELD)
#undef CCURL_FIELD
} ccurl_functions;

/// Written once, under `ccurl_load_lock`, before `ccurl_loaded` is set (release); read after it is seen.
static ccurl_functions ccurl;
static atomic_bool ccurl_loaded;
static pthread_mutex_t ccurl_load_lock = PTHREAD_MUTEX_INITIALIZER;

bool ccurl_is_loaded(void) {
    return atomic_load_explicit(&ccurl_loaded, memory_order_acquire);
}

/// The name of the first function `library` lacks, or NULL when it has them all.
static const char *ccurl_resolve(void *library, ccurl_functions *functions) {
#define CCURL_RESOLVE(name)                                                     \
    functions->name = (__typeof__(curl_##name) *)dlsym(library, "curl_" #name); \
    if (functions->name == NULL) return "curl_" #name;
    CCURL_FUNCTIONS(CCURL_RESOLVE)
#undef CCURL_RESOLVE
    return NULL;
}

/// The checks and the initialisation, under the lock. A library whose functions were never called is
/// closed again on failure; once its code has run it stays, because its TLS library may have registered exit
/// handlers (OpenSSL does) that must not outlive their code.
static ccurl_load_status ccurl_install(void *library, const ccurl_functions *functions, char *detail,
                                       size_t detail_size) {
    if (atomic_load_explicit(&ccurl_loaded, memory_order_relaxed)) {
        // Another transfer loaded libcurl first; for the same library dlopen only counted a reference.
        dlclose(library);
        return CCURL_LOADED;
    }
    const curl_version_info_data *version = functions->version_info(CURLVERSION_NOW);
    if (version->version_num < CCURL_MINIMUM_VERSION) {
        snprintf(detail, detail_size, "%s", version->version);
        return CCURL_VERSION_TOO_OLD;
    }
    CURLcode result = functions->global_init(CURL_GLOBAL_DEFAULT);
    if (result != CURLE_OK) {
        snprintf(detail, detail_size, "%s", functions->easy_strerror(result));
        return CCURL_INIT_FAILED;
    }
    ccurl = *functions;
    atomic_store_explicit(&ccurl_loaded, true, memory_order_release);
    return CCURL_LOADED;
}

ccurl_load_status ccurl_load(const char *soname, char *detail, size_t detail_size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(detail, detail_size, "%s", dlerror());
        return CCURL_LIBRARY_NOT_FOUND;
    }
    ccurl_functions functions;
    const char *missing = ccurl_resolve(library, &functions);
    if (missing != NULL) {
        snprintf(detail, detail_size, "%s", missing);
        dlclose(library);
        return CCURL_FUNCTION_MISSING;
    }
    pthread_mutex_lock(&ccurl_load_lock);
    ccurl_load_status status = ccurl_install(library, &functions, detail, detail_size);
    pthread_mutex_unlock(&ccurl_load_lock);
    return status;
}

CURL *ccurl_easy_init(void) {
    return ccurl.easy_init();
}

void ccurl_easy_cleanup(CURL *handle) {
    ccurl.easy_cleanup(handle);
}

CURLcode ccurl_easy_perform(CURL *handle) {
    return ccurl.easy_perform(handle);
}

const char *ccurl_easy_strerror(CURLcode code) {
    return ccurl.easy_strerror(code);
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
    return ccurl.slist_append(list, string);
}

void ccurl_slist_free_all(struct curl_slist *list) {
    ccurl.slist_free_all(list);
}

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return ccurl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return ccurl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return ccurl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return ccurl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_data_callback callback) {
    return ccurl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_header_function(CURL *handle, ccurl_data_callback callback) {
    return ccurl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_progress_function(CURL *handle, ccurl_progress_callback callback) {
    CURLcode result = ccurl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
    if (result != CURLE_OK) return result;
    return ccurl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return ccurl.easy_getinfo(handle, info, value);
}
