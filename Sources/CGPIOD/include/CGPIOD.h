#ifndef CGPIOD_H
#define CGPIOD_H

#include <stddef.h>
#include <stdint.h>

/// One line request (outputs, or inputs with edge events) on one GPIO chip, whichever libgpiod
/// API (v1 or v2) the shim was compiled against.
typedef struct cgpiod_request cgpiod_request;

/// Pull resistor for input lines.
typedef enum {
    CGPIOD_BIAS_AS_IS = 0,
    CGPIOD_BIAS_DISABLED = 1,
    CGPIOD_BIAS_PULL_UP = 2,
    CGPIOD_BIAS_PULL_DOWN = 3,
} cgpiod_bias;

/// One edge seen on an input line.
typedef struct {
    unsigned int offset;
    /// 1 for a rising edge, 0 for a falling edge.
    int rising;
} cgpiod_event;

/// The libgpiod API major version the shim was compiled against (1 or 2), decided from the headers.
int cgpiod_api_major(void);

/// The version string of the libgpiod library linked at run time ("1.6.3", "2.1.3").
const char *cgpiod_library_version(void);

/// Requests `count` lines of the chip at `chip_path` as outputs with their initial values and a
/// consumer name. Returns NULL with `*error` set to an errno value on failure.
cgpiod_request *cgpiod_request_outputs(const char *chip_path, const char *consumer,
                                       const unsigned int *offsets, const int *initial_values,
                                       size_t count, int *error);

/// Requests `count` lines as inputs with the given bias and edge events on both edges.
/// Returns NULL with `*error` set to an errno value on failure.
cgpiod_request *cgpiod_request_inputs(const char *chip_path, const char *consumer,
                                      const unsigned int *offsets, size_t count, cgpiod_bias bias,
                                      int *error);

/// Drives one requested output line (0 or 1). Returns 0 or -errno.
int cgpiod_set_value(cgpiod_request *request, unsigned int offset, int value);

/// Reads one requested line: 0 or 1, or -errno.
int cgpiod_get_value(cgpiod_request *request, unsigned int offset);

/// Waits for edge events through the library's event wait (poll on the request's descriptors).
/// A negative timeout waits forever. Returns 1 when events are pending, 0 on timeout, or -errno.
int cgpiod_wait_events(cgpiod_request *request, int64_t timeout_ns);

/// Reads the pending edge events without blocking, up to `capacity`. Returns the count or -errno.
int cgpiod_read_events(cgpiod_request *request, cgpiod_event *events, size_t capacity);

/// Releases the lines and closes the chip.
void cgpiod_release(cgpiod_request *request);

/// Copies the consumer name the kernel reports for a line (empty when the line is free) into
/// `buffer`. Returns 0 or -errno.
int cgpiod_line_consumer(const char *chip_path, unsigned int offset, char *buffer, size_t size);

#endif
