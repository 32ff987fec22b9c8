/* The devices of Benchmarks/displays/displays_load.py: many TRMNL devices waking at the same instant, each
 * asking GET /api/display and then fetching the image it is told about, on a new connection each time, as
 * the firmware does. Written in C so that the client takes little of the cores it shares with the service:
 * the latencies it measures are then the service's, not the client's. Connecting and sending are plain
 * calls (on loopback the kernel completes the handshake and takes the small request at once, before the
 * service accepts); the answers are read as they come, through epoll.
 *
 *     trmnl_burst PORT HUB_PID ROUNDS < devices      (one "MAC API_KEY" line per device)
 *
 * Prints one line per request ("display SECONDS", "image SECONDS"), then for the measured rounds the
 * service's CPU time ("cpu SECONDS", utime + stime of HUB_PID) and the wall time ("wall SECONDS"). The first
 * round warms the service up and is not printed. Rounds are a second apart. Exits 1 with a message on stderr
 * when a request fails or an answer is not what the firmware expects.
 */
#define _GNU_SOURCE /* strcasestr */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_DEVICES 500  /* two descriptors each at most, within the usual limit of 1024 */

enum phase { ASKING_DISPLAY, FETCHING_IMAGE };

struct device {
    char mac[32], key[64];
    enum phase phase;
    int socket;
    double started;
    char answer[8192];   /* the /api/display answer whole; of the image, its head and first bytes */
    size_t length;       /* bytes kept in `answer` */
    size_t received;     /* bytes received in all */
    char image_path[512];
};

static struct device devices[MAX_DEVICES];
static int device_count, port;

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

static void fail(const struct device *device, const char *what) {
    fprintf(stderr, "device %s: %s\n", device->mac, what);
    exit(1);
}

static double service_cpu_seconds(const char *pid) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    FILE *stat = fopen(path, "r");
    if (!stat || !fgets(text, sizeof text, stat)) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
    fclose(stat);
    /* Fields after the command name in parentheses: state is the 3rd field, utime the 14th, stime the 15th. */
    char *field = strrchr(text, ')') + 2;
    unsigned long utime = 0, stime = 0;
    sscanf(field, "%*c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %lu %lu", &utime, &stime);
    return (double)(utime + stime) / sysconf(_SC_CLK_TCK);
}

/* Opens a connection and sends the request for the device's current phase; the socket joins `poller`. */
static void start_request(struct device *device, int poller) {
    device->socket = socket(AF_INET, SOCK_STREAM, 0);
    if (device->socket < 0) fail(device, strerror(errno));
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons(port) };
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    device->started = now();
    if (connect(device->socket, (struct sockaddr *)&address, sizeof address) != 0) fail(device, strerror(errno));
    char request[1024];
    int length = device->phase == ASKING_DISPLAY
        ? snprintf(request, sizeof request,
                   "GET /api/display HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\nID: %s\r\n"
                   "Access-Token: %s\r\nRefresh-Rate: 900\r\nBattery-Voltage: 4.10\r\nFW-Version: 1.5.7\r\n"
                   "RSSI: -60\r\nWidth: 800\r\nHeight: 480\r\n\r\n", port, device->mac, device->key)
        : snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n",
                   device->image_path, port);
    if (write(device->socket, request, length) != length) fail(device, "cannot send the request");
    device->length = device->received = 0;
    struct epoll_event event = { .events = EPOLLIN, .data.ptr = device };
    epoll_ctl(poller, EPOLL_CTL_ADD, device->socket, &event);
}

/* The answer to /api/display is complete: checks it and keeps the image's path. */
static void read_display_answer(struct device *device) {
    if (!strstr(device->answer, "\"status\":0")) fail(device, device->answer);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "\"image_url\":\"http://127.0.0.1:%d", port);
    const char *url = strstr(device->answer, prefix);
    const char *end = url ? strchr(url + strlen(prefix), '"') : NULL;
    if (!end || end - (url + strlen(prefix)) >= (long)sizeof device->image_path) fail(device, "no image_url in the answer");
    size_t length = end - (url + strlen(prefix));
    memcpy(device->image_path, url + strlen(prefix), length);
    device->image_path[length] = 0;
}

/* Whether the answer kept in `answer` is a 200 whose body is as long as its Content-Length says. */
static int complete_ok(const struct device *device) {
    const char *end_of_head = strstr(device->answer, "\r\n\r\n");
    const char *length = strcasestr(device->answer, "\r\ncontent-length:");
    if (strncmp(device->answer, "HTTP/1.1 200", 12) != 0 || !end_of_head || !length || length > end_of_head) return 0;
    size_t head = (size_t)(end_of_head + 4 - device->answer);
    return device->received - head == strtoul(length + 17, NULL, 10);
}

/* Reads what arrived; at the end of an answer, records its latency and moves the device on. */
static int on_readable(struct device *device, int poller, int print) {
    char scratch[65536];
    ssize_t count = read(device->socket, scratch, sizeof scratch);
    if (count < 0) fail(device, strerror(errno));
    if (count > 0) {
        device->received += (size_t)count;
        size_t room = sizeof device->answer - 1 - device->length;
        size_t kept = (size_t)count < room ? (size_t)count : room;
        memcpy(device->answer + device->length, scratch, kept);
        device->length += kept;
        return 0;
    }
    double elapsed = now() - device->started;
    close(device->socket);
    device->answer[device->length] = 0;
    if (!complete_ok(device)) {
        device->answer[strcspn(device->answer, "\r\n")] = 0;  /* the status line says enough */
        fail(device, device->answer[0] ? device->answer : "the connection closed without an answer");
    }
    if (device->phase == ASKING_DISPLAY) {
        read_display_answer(device);
        if (print) printf("display %.6f\n", elapsed);
        device->phase = FETCHING_IMAGE;
        start_request(device, poller);
        return 0;
    }
    if (print) printf("image %.6f\n", elapsed);
    return 1;
}

/* Every device wakes at once and runs its two requests; returns when all are done. */
static void wake_all(int print) {
    int poller = epoll_create1(0);
    for (int index = 0; index < device_count; index++) {
        devices[index].phase = ASKING_DISPLAY;
        start_request(&devices[index], poller);
    }
    struct epoll_event events[64];
    for (int done = 0; done < device_count;) {
        int ready = epoll_wait(poller, events, 64, 10000);
        if (ready <= 0) { fprintf(stderr, "the service did not answer within 10 s\n"); exit(1); }
        for (int index = 0; index < ready; index++) done += on_readable(events[index].data.ptr, poller, print);
    }
    close(poller);
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: trmnl_burst PORT HUB_PID ROUNDS < devices\n"); return 2; }
    port = atoi(argv[1]);
    int rounds = atoi(argv[3]);
    char mac[32], key[64];
    while (scanf("%31s %63s", mac, key) == 2) {
        if (device_count == MAX_DEVICES) { fprintf(stderr, "at most %d devices\n", MAX_DEVICES); return 2; }
        strcpy(devices[device_count].mac, mac);
        strcpy(devices[device_count].key, key);
        device_count++;
    }
    wake_all(0);
    double cpu = 0, wall = 0;
    for (int round = 0; round < rounds; round++) {
        sleep(1);  /* real wake-ups are minutes apart: each device stays within its request budget */
        double cpu_before = service_cpu_seconds(argv[2]), started = now();
        wake_all(1);
        wall += now() - started;
        cpu += service_cpu_seconds(argv[2]) - cpu_before;
    }
    printf("cpu %.6f\nwall %.6f\n", cpu, wall);
    return 0;
}
