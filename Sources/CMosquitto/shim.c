#include "CMosquitto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* Each wrapper has exactly the type of the library's function in <mosquitto.h>. */
#define CMOSQUITTO_SAME_TYPE(name)                                                                        \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&cmosquitto_##name), __typeof__(&mosquitto_##name)), \
                   "cmosquitto_" #name " differs from mosquitto_" #name);
#define CMOSQUITTO_CHECK(result, name, parameters, arguments) CMOSQUITTO_SAME_TYPE(name)
#define CMOSQUITTO_CHECK_VOID(name, parameters, arguments) CMOSQUITTO_SAME_TYPE(name)
CMOSQUITTO_FUNCTIONS(CMOSQUITTO_CHECK, CMOSQUITTO_CHECK_VOID)

#define CMOSQUITTO_FIELD(result, name, parameters, arguments) __typeof__(&mosquitto_##name) name;
#define CMOSQUITTO_FIELD_VOID(name, parameters, arguments) __typeof__(&mosquitto_##name) name;
struct functions {
    CMOSQUITTO_FUNCTIONS(CMOSQUITTO_FIELD, CMOSQUITTO_FIELD_VOID)
};
/* Written once, under the lock, before any wrapper is called. */
static struct functions library;
static int loaded;
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

/* Resolves every function of `handle` into `found`; -1 with the missing one's name in `reason`. */
static int find_functions(void *handle, const char *file, struct functions *found, char *reason, size_t size) {
#define CMOSQUITTO_FIND(name)                                                                             \
    if ((found->name = (__typeof__(found->name))dlsym(handle, "mosquitto_" #name)) == NULL) {             \
        snprintf(reason, size, "%s has no mosquitto_%s", file, #name);                                    \
        return -1;                                                                                        \
    }
#define CMOSQUITTO_FIND_VALUE(result, name, parameters, arguments) CMOSQUITTO_FIND(name)
#define CMOSQUITTO_FIND_VOID(name, parameters, arguments) CMOSQUITTO_FIND(name)
    CMOSQUITTO_FUNCTIONS(CMOSQUITTO_FIND_VALUE, CMOSQUITTO_FIND_VOID)
    return 0;
}

int cmosquitto_load(const char *file, char *reason, size_t size) {
    void *handle = dlopen(file, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(reason, size, "%s", dlerror());
        return -1;
    }
    struct functions found;
    int result = find_functions(handle, file, &found, reason, size);
    pthread_mutex_lock(&loading);
    if (result == 0 && loaded) {
        snprintf(reason, size, "libmosquitto is loaded already");
        result = -1;
    } else if (result == 0) {
        library = found;
        loaded = 1;
    }
    pthread_mutex_unlock(&loading);
    if (result != 0) dlclose(handle);
    return result;
}

#define CMOSQUITTO_CALL(result, name, parameters, arguments)                                              \
    result cmosquitto_##name parameters { return library.name arguments; }
#define CMOSQUITTO_CALL_VOID(name, parameters, arguments)                                                 \
    void cmosquitto_##name parameters { library.name arguments; }
CMOSQUITTO_FUNCTIONS(CMOSQUITTO_CALL, CMOSQUITTO_CALL_VOID)
