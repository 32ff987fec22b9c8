#include "CGPIOD.h"

#include <errno.h>
#include <gpiod.h>
#include <stdlib.h>
#include <string.h>

/* libgpiod v1 (Debian 12: 1.6.x) defines GPIOD_LINE_BULK_MAX_LINES; v2 (Raspberry Pi OS,
 * libgpiod 2.x) replaced line bulks with request objects and dropped the macro. */
#ifdef GPIOD_LINE_BULK_MAX_LINES
#define CGPIOD_API_MAJOR 1
#else
#define CGPIOD_API_MAJOR 2
#endif

int cgpiod_api_major(void) { return CGPIOD_API_MAJOR; }

static void copy_name(char *buffer, size_t size, const char *name) {
    if (size == 0) return;
    if (name == NULL) name = "";
    strncpy(buffer, name, size - 1);
    buffer[size - 1] = '\0';
}

#if CGPIOD_API_MAJOR == 1

struct cgpiod_request {
    struct gpiod_chip *chip;
    struct gpiod_line_bulk lines;
    /* The levels last driven on each output line, in bulk order. Lines requested together share one
     * kernel handle, and GPIOHANDLE_SET_LINE_VALUES sets every line of a handle: libgpiod v1's
     * gpiod_line_set_value() on the second line of a bulk request sends its value for the *first*
     * line and 0 for the others. So a set always writes the whole bulk with these levels. */
    int values[GPIOD_LINE_BULK_MAX_LINES];
};

const char *cgpiod_library_version(void) { return gpiod_version_string(); }

static int v1_bias_flags(cgpiod_bias bias) {
    switch (bias) {
    case CGPIOD_BIAS_DISABLED: return GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
    case CGPIOD_BIAS_PULL_UP: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
    case CGPIOD_BIAS_PULL_DOWN: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
    case CGPIOD_BIAS_AS_IS: break;
    }
    return 0;
}

static cgpiod_request *v1_open(const char *chip_path, const unsigned int *offsets, size_t count,
                               int *error) {
    if (count == 0 || count > GPIOD_LINE_BULK_MAX_LINES) {
        *error = EINVAL;
        return NULL;
    }
    cgpiod_request *request = calloc(1, sizeof *request);
    if (request == NULL) {
        *error = ENOMEM;
        return NULL;
    }
    request->chip = gpiod_chip_open(chip_path);
    if (request->chip == NULL) {
        *error = errno;
        free(request);
        return NULL;
    }
    if (gpiod_chip_get_lines(request->chip, (unsigned int *)offsets, (unsigned int)count,
                             &request->lines) < 0) {
        *error = errno;
        gpiod_chip_close(request->chip);
        free(request);
        return NULL;
    }
    return request;
}

static cgpiod_request *v1_fail(cgpiod_request *request, int *error) {
    *error = errno;
    gpiod_chip_close(request->chip);
    free(request);
    return NULL;
}

cgpiod_request *cgpiod_request_outputs(const char *chip_path, const char *consumer,
                                       const unsigned int *offsets, const int *initial_values,
                                       size_t count, int *error) {
    cgpiod_request *request = v1_open(chip_path, offsets, count, error);
    if (request == NULL) return NULL;
    if (gpiod_line_request_bulk_output(&request->lines, consumer, initial_values) < 0)
        return v1_fail(request, error);
    for (size_t i = 0; i < count; i++) request->values[i] = initial_values[i] ? 1 : 0;
    return request;
}

cgpiod_request *cgpiod_request_inputs(const char *chip_path, const char *consumer,
                                      const unsigned int *offsets, size_t count, cgpiod_bias bias,
                                      int *error) {
    cgpiod_request *request = v1_open(chip_path, offsets, count, error);
    if (request == NULL) return NULL;
    if (gpiod_line_request_bulk_both_edges_events_flags(&request->lines, consumer,
                                                        v1_bias_flags(bias)) < 0)
        return v1_fail(request, error);
    return request;
}

/* The line's position in the request's bulk, or -1. */
static int v1_index(cgpiod_request *request, unsigned int offset) {
    for (unsigned int i = 0; i < request->lines.num_lines; i++) {
        if (gpiod_line_offset(request->lines.lines[i]) == offset) return (int)i;
    }
    return -1;
}

int cgpiod_set_value(cgpiod_request *request, unsigned int offset, int value) {
    int index = v1_index(request, offset);
    if (index < 0) return -EINVAL;
    int previous = request->values[index];
    request->values[index] = value ? 1 : 0;
    if (gpiod_line_set_value_bulk(&request->lines, request->values) < 0) {
        request->values[index] = previous;
        return -errno;
    }
    return 0;
}

int cgpiod_get_value(cgpiod_request *request, unsigned int offset) {
    /* Read the whole bulk for the same reason: a handle reports its lines in bulk order. */
    int index = v1_index(request, offset);
    if (index < 0) return -EINVAL;
    int values[GPIOD_LINE_BULK_MAX_LINES];
    if (gpiod_line_get_value_bulk(&request->lines, values) < 0) return -errno;
    return values[index];
}

int cgpiod_wait_events(cgpiod_request *request, int64_t timeout_ns) {
    struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
    int result = gpiod_line_event_wait_bulk(&request->lines, timeout_ns < 0 ? NULL : &timeout, NULL);
    return result < 0 ? -errno : result;
}

int cgpiod_read_events(cgpiod_request *request, cgpiod_event *events, size_t capacity) {
    size_t count = 0;
    const struct timespec now = { 0, 0 };
    for (unsigned int i = 0; i < request->lines.num_lines && count < capacity; i++) {
        struct gpiod_line *line = request->lines.lines[i];
        while (count < capacity) {
            int pending = gpiod_line_event_wait(line, &now);
            if (pending < 0) return -errno;
            if (pending == 0) break;
            struct gpiod_line_event event;
            if (gpiod_line_event_read(line, &event) < 0) return -errno;
            events[count].offset = gpiod_line_offset(line);
            events[count].rising = event.event_type == GPIOD_LINE_EVENT_RISING_EDGE;
            count++;
        }
    }
    return (int)count;
}

void cgpiod_release(cgpiod_request *request) {
    if (request == NULL) return;
    gpiod_line_release_bulk(&request->lines);
    gpiod_chip_close(request->chip);
    free(request);
}

int cgpiod_line_consumer(const char *chip_path, unsigned int offset, char *buffer, size_t size) {
    struct gpiod_chip *chip = gpiod_chip_open(chip_path);
    if (chip == NULL) return -errno;
    struct gpiod_line *line = gpiod_chip_get_line(chip, offset);
    if (line == NULL) {
        int error = errno;
        gpiod_chip_close(chip);
        return -error;
    }
    copy_name(buffer, size, gpiod_line_is_used(line) ? gpiod_line_consumer(line) : "");
    gpiod_chip_close(chip);
    return 0;
}

#else /* libgpiod v2 */

enum { CGPIOD_EVENT_BUFFER = 16 };

struct cgpiod_request {
    struct gpiod_chip *chip;
    struct gpiod_line_request *lines;
    struct gpiod_edge_event_buffer *events;
};

const char *cgpiod_library_version(void) { return gpiod_api_version(); }

static enum gpiod_line_bias v2_bias(cgpiod_bias bias) {
    switch (bias) {
    case CGPIOD_BIAS_DISABLED: return GPIOD_LINE_BIAS_DISABLED;
    case CGPIOD_BIAS_PULL_UP: return GPIOD_LINE_BIAS_PULL_UP;
    case CGPIOD_BIAS_PULL_DOWN: return GPIOD_LINE_BIAS_PULL_DOWN;
    case CGPIOD_BIAS_AS_IS: break;
    }
    return GPIOD_LINE_BIAS_AS_IS;
}

/* Builds one request where every line shares `settings` except for the output values. */
static cgpiod_request *v2_request(const char *chip_path, const char *consumer,
                                  const unsigned int *offsets, const int *initial_values,
                                  size_t count, struct gpiod_line_settings *settings, int *error) {
    cgpiod_request *request = NULL;
    struct gpiod_line_config *line_config = NULL;
    struct gpiod_request_config *request_config = NULL;
    struct gpiod_chip *chip = NULL;
    *error = 0;
    if (settings == NULL) goto failed;
    line_config = gpiod_line_config_new();
    request_config = gpiod_request_config_new();
    if (line_config == NULL || request_config == NULL) goto failed;
    gpiod_request_config_set_consumer(request_config, consumer);
    if (gpiod_line_config_add_line_settings(line_config, offsets, count, settings) < 0) goto failed;
    if (initial_values != NULL) {
        enum gpiod_line_value values[64];
        if (count > 64) {
            errno = EINVAL;
            goto failed;
        }
        for (size_t i = 0; i < count; i++)
            values[i] = initial_values[i] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
        if (gpiod_line_config_set_output_values(line_config, values, count) < 0) goto failed;
    }
    chip = gpiod_chip_open(chip_path);
    if (chip == NULL) goto failed;
    request = calloc(1, sizeof *request);
    if (request == NULL) {
        errno = ENOMEM;
        goto failed;
    }
    request->lines = gpiod_chip_request_lines(chip, request_config, line_config);
    if (request->lines == NULL) goto failed;
    request->events = gpiod_edge_event_buffer_new(CGPIOD_EVENT_BUFFER);
    if (request->events == NULL) goto failed;
    request->chip = chip;
    gpiod_line_config_free(line_config);
    gpiod_request_config_free(request_config);
    gpiod_line_settings_free(settings);
    return request;

failed:
    *error = errno != 0 ? errno : EIO;
    if (request != NULL) {
        if (request->lines != NULL) gpiod_line_request_release(request->lines);
        free(request);
    }
    if (chip != NULL) gpiod_chip_close(chip);
    gpiod_line_config_free(line_config);
    gpiod_request_config_free(request_config);
    gpiod_line_settings_free(settings);
    return NULL;
}

cgpiod_request *cgpiod_request_outputs(const char *chip_path, const char *consumer,
                                       const unsigned int *offsets, const int *initial_values,
                                       size_t count, int *error) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (settings != NULL) gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
    return v2_request(chip_path, consumer, offsets, initial_values, count, settings, error);
}

cgpiod_request *cgpiod_request_inputs(const char *chip_path, const char *consumer,
                                      const unsigned int *offsets, size_t count, cgpiod_bias bias,
                                      int *error) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (settings != NULL) {
        gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
        gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH);
        gpiod_line_settings_set_bias(settings, v2_bias(bias));
    }
    return v2_request(chip_path, consumer, offsets, NULL, count, settings, error);
}

int cgpiod_set_value(cgpiod_request *request, unsigned int offset, int value) {
    enum gpiod_line_value level = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_value(request->lines, offset, level) < 0 ? -errno : 0;
}

int cgpiod_get_value(cgpiod_request *request, unsigned int offset) {
    enum gpiod_line_value value = gpiod_line_request_get_value(request->lines, offset);
    if (value == GPIOD_LINE_VALUE_ERROR) return -errno;
    return value == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

int cgpiod_wait_events(cgpiod_request *request, int64_t timeout_ns) {
    int result = gpiod_line_request_wait_edge_events(request->lines, timeout_ns);
    return result < 0 ? -errno : result;
}

int cgpiod_read_events(cgpiod_request *request, cgpiod_event *events, size_t capacity) {
    size_t count = 0;
    while (count < capacity) {
        int pending = gpiod_line_request_wait_edge_events(request->lines, 0);
        if (pending < 0) return -errno;
        if (pending == 0) break;
        size_t wanted = capacity - count < CGPIOD_EVENT_BUFFER ? capacity - count : CGPIOD_EVENT_BUFFER;
        int read = gpiod_line_request_read_edge_events(request->lines, request->events, wanted);
        if (read < 0) return -errno;
        for (int i = 0; i < read; i++) {
            struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(request->events, (unsigned long)i);
            events[count].offset = gpiod_edge_event_get_line_offset(event);
            events[count].rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
            count++;
        }
    }
    return (int)count;
}

void cgpiod_release(cgpiod_request *request) {
    if (request == NULL) return;
    gpiod_line_request_release(request->lines);
    gpiod_edge_event_buffer_free(request->events);
    gpiod_chip_close(request->chip);
    free(request);
}

int cgpiod_line_consumer(const char *chip_path, unsigned int offset, char *buffer, size_t size) {
    struct gpiod_chip *chip = gpiod_chip_open(chip_path);
    if (chip == NULL) return -errno;
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip, offset);
    if (info == NULL) {
        int error = errno;
        gpiod_chip_close(chip);
        return -error;
    }
    copy_name(buffer, size, gpiod_line_info_is_used(info) ? gpiod_line_info_get_consumer(info) : "");
    gpiod_line_info_free(info);
    gpiod_chip_close(chip);
    return 0;
}

#endif
