#include "CCurl.h"

#include <pthread.h>

static pthread_once_t ccurl_init_once = PTHREAD_ONCE_INIT;
static CURLcode ccurl_init_result = CURLE_FAILED_INIT;

static void ccurl_global_init_run(void) {
    ccurl_init_result = curl_global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode ccurl_global_init_once(void) {
    pthread_once(&ccurl_init_once, ccurl_global_init_run);
    return ccurl_init_result;
}

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_header_function(CURL *handle, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_progress_function(CURL *handle, ccurl_progress_callback callback) {
    CURLcode result = curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
    if (result != CURLE_OK) return result;
    return curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
