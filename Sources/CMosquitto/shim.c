#include "CMosquitto.h"

#include <dlfcn.h>
#include <stdio.h>

/* The library's functions, typed by <mosquitto.h>'s own prototypes: a wrapper whose parameters do not
 * fit the library's function does not compile. */
#define CMOSQUITTO_FIELD(result, name, parameters, arguments) __typeof__(&mosquitto_##name) name;
#define CMOSQUITTO_FIELD_VOID(name, parameters, arguments) __typeof__(&mosquitto_##name) name;
struct functions {
    CMOSQUITTO_FUNCTIONS(CMOSQUITTO_FIELD, CMOSQUITTO_FIELD_VOID)
};
static struct functions library;

int cmosquitto_load(const char *file, char *reason, size_t size) {
    void *handle = dlopen(file, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(reason, size, "%s", dlerror());
        return -1;
    }
    struct functions found;
#define CMOSQUITTO_FIND(name)                                                                             \
    if ((found.name = (__typeof__(found.name))dlsym(handle, "mosquitto_" #name)) == NULL) {               \
        snprintf(reason, size, "%s has no mosquitto_%s", file, #name);                                    \
        dlclose(handle);                                                                                  \
        return -1;                                                                                        \
    }
#define CMOSQUITTO_FIND_VALUE(result, name, parameters, arguments) CMOSQUITTO_FIND(name)
#define CMOSQUITTO_FIND_VOID(name, parameters, arguments) CMOSQUITTO_FIND(name)
    CMOSQUITTO_FUNCTIONS(CMOSQUITTO_FIND_VALUE, CMOSQUITTO_FIND_VOID)
    library = found;
    return 0;
}

#define CMOSQUITTO_CALL(result, name, parameters, arguments)                                              \
    result cmosquitto_##name parameters { return library.name arguments; }
#define CMOSQUITTO_CALL_VOID(name, parameters, arguments)                                                 \
    void cmosquitto_##name parameters { library.name arguments; }
CMOSQUITTO_FUNCTIONS(CMOSQUITTO_CALL, CMOSQUITTO_CALL_VOID)
