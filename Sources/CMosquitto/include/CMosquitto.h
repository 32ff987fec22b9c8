#ifndef CMOSQUITTO_H
#define CMOSQUITTO_H

/* libmosquitto, loaded only when the hub talks MQTT: the library pulls in OpenSSL (libssl and libcrypto),
 * whose relocation and symbol tables alone are about 1.5 MB of resident memory in every process that
 * loads them. `cmosquitto_load` opens libmosquitto.so.1; each `cmosquitto_NAME` then calls the library's
 * `mosquitto_NAME` (the same type: the shim does not compile otherwise). */

#include <mosquitto.h>
#include <mqtt_protocol.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Opens `file` (libmosquitto.so.1) and finds its functions, before any other call. Returns 0, or -1 with
 * the reason in `reason` (also for a second library that would replace the first); a failure changes
 * nothing. */
int cmosquitto_load(const char *file, char *reason, size_t size);

/* The functions the hub uses: X(result, name, parameters, arguments) for those that return a value,
 * V(name, parameters, arguments) for those that do not. */
#define CMOSQUITTO_FUNCTIONS(X, V)                                                                        \
    X(int, lib_init, (void), ())                                                                           \
    X(const char *, strerror, (int code), (code))                                                         \
    X(const char *, connack_string, (int code), (code))                                                   \
    X(const char *, reason_string, (int code), (code))                                                    \
    X(struct mosquitto *, new, (const char *id, bool clean_session, void *userdata), (id, clean_session, userdata)) \
    V(destroy, (struct mosquitto *mosq), (mosq))                                                          \
    X(int, threaded_set, (struct mosquitto *mosq, bool threaded), (mosq, threaded))                        \
    X(int, int_option, (struct mosquitto *mosq, enum mosq_opt_t option, int value), (mosq, option, value)) \
    X(int, property_add_int32, (mosquitto_property **properties, int identifier, uint32_t value),          \
      (properties, identifier, value))                                                                     \
    V(property_free_all, (mosquitto_property **properties), (properties))                                  \
    X(int, username_pw_set, (struct mosquitto *mosq, const char *username, const char *password),          \
      (mosq, username, password))                                                                          \
    X(int, tls_set,                                                                                        \
      (struct mosquitto *mosq, const char *ca_file, const char *ca_path, const char *certificate_file,     \
       const char *key_file, int (*password)(char *buffer, int size, int rwflag, void *userdata)),         \
      (mosq, ca_file, ca_path, certificate_file, key_file, password))                                      \
    X(int, tls_opts_set, (struct mosquitto *mosq, int verify, const char *tls_version, const char *ciphers), \
      (mosq, verify, tls_version, ciphers))                                                                \
    X(int, will_set,                                                                                       \
      (struct mosquitto *mosq, const char *topic, int length, const void *payload, int qos, bool retain),  \
      (mosq, topic, length, payload, qos, retain))                                                         \
    X(int, connect_bind_v5,                                                                                \
      (struct mosquitto *mosq, const char *host, int port, int keepalive, const char *bind_address,        \
       const mosquitto_property *properties),                                                              \
      (mosq, host, port, keepalive, bind_address, properties))                                             \
    X(int, disconnect, (struct mosquitto *mosq), (mosq))                                                   \
    X(int, loop, (struct mosquitto *mosq, int timeout, int max_packets), (mosq, timeout, max_packets))     \
    X(bool, want_write, (struct mosquitto *mosq), (mosq))                                                  \
    X(int, subscribe_v5,                                                                                   \
      (struct mosquitto *mosq, int *mid, const char *pattern, int qos, int options,                        \
       const mosquitto_property *properties),                                                              \
      (mosq, mid, pattern, qos, options, properties))                                                      \
    X(int, publish,                                                                                        \
      (struct mosquitto *mosq, int *mid, const char *topic, int length, const void *payload, int qos,      \
       bool retain),                                                                                       \
      (mosq, mid, topic, length, payload, qos, retain))                                                    \
    V(connect_with_flags_callback_set,                                                                     \
      (struct mosquitto *mosq, void (*callback)(struct mosquitto *, void *, int, int)), (mosq, callback))  \
    V(disconnect_callback_set, (struct mosquitto *mosq, void (*callback)(struct mosquitto *, void *, int)), \
      (mosq, callback))                                                                                    \
    V(subscribe_callback_set,                                                                              \
      (struct mosquitto *mosq, void (*callback)(struct mosquitto *, void *, int, int, const int *)),       \
      (mosq, callback))                                                                                    \
    V(message_callback_set,                                                                                \
      (struct mosquitto *mosq, void (*callback)(struct mosquitto *, void *, const struct mosquitto_message *)), \
      (mosq, callback))                                                                                    \
    V(publish_callback_set, (struct mosquitto *mosq, void (*callback)(struct mosquitto *, void *, int)),   \
      (mosq, callback))                                                                                    \
    V(log_callback_set,                                                                                    \
      (struct mosquitto *mosq, void (*callback)(struct mosquitto *, void *, int, const char *)), (mosq, callback))

#define CMOSQUITTO_DECLARE(result, name, parameters, arguments) result cmosquitto_##name parameters;
#define CMOSQUITTO_DECLARE_VOID(name, parameters, arguments) void cmosquitto_##name parameters;
CMOSQUITTO_FUNCTIONS(CMOSQUITTO_DECLARE, CMOSQUITTO_DECLARE_VOID)
#undef CMOSQUITTO_DECLARE
#undef CMOSQUITTO_DECLARE_VOID

#endif
