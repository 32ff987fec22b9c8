#include "CHubSystem.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <poll.h>
#include <pthread.h>
#include <string.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <unistd.h>

static int chubsystem_clock_change_arm(int fd) {
    struct itimerspec spec = {0};
    /* Far in the future: the timer never expires, it only reports clock changes. */
    spec.it_value.tv_sec = (time_t)INT32_MAX;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

int chubsystem_clock_change_open(void) {
    int fd = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
    if (fd < 0) return -1;
    if (chubsystem_clock_change_arm(fd) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int chubsystem_clock_change_consume(int timer_fd) {
    uint64_t expirations;
    ssize_t n = read(timer_fd, &expirations, sizeof expirations);
    int changed = (n < 0 && errno == ECANCELED);
    if (n < 0 && !changed && errno != EAGAIN && errno != EINTR) return -1;
    if (chubsystem_clock_change_arm(timer_fd) != 0) return -1;
    return changed;
}

int chubsystem_wait_readable(int fd, int stop_fd) {
    for (;;) {
        struct pollfd fds[2] = {{.fd = fd, .events = POLLIN}, {.fd = stop_fd, .events = POLLIN}};
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (fds[1].revents) return 0;
        if (fds[0].revents & (POLLERR | POLLNVAL)) {
            errno = EBADF;
            return -1;
        }
        if (fds[0].revents) return 1;
    }
}

int chubsystem_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int chubsystem_name_this_thread(const char *name) {
    char truncated[16];
    strncpy(truncated, name, sizeof truncated - 1);
    truncated[sizeof truncated - 1] = '\0';
    return pthread_setname_np(pthread_self(), truncated);
}

void chubsystem_release_free_heap(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
