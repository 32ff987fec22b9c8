#include "CHubSystem.h"

#include <errno.h>
#include <poll.h>
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

int chubsystem_clock_change_wait(int timer_fd, int stop_fd) {
    for (;;) {
        struct pollfd fds[2] = {{.fd = timer_fd, .events = POLLIN}, {.fd = stop_fd, .events = POLLIN}};
        int ready = poll(fds, 2, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (fds[1].revents) return 0;
        if (fds[0].revents) {
            uint64_t expirations;
            ssize_t n = read(timer_fd, &expirations, sizeof expirations);
            if (n < 0 && errno == ECANCELED) {
                if (chubsystem_clock_change_arm(timer_fd) != 0) return -1;
                return 1;
            }
            if (n < 0 && errno != EAGAIN && errno != EINTR) return -1;
            /* Spurious wake-up or a re-armed timer: keep waiting. */
            if (chubsystem_clock_change_arm(timer_fd) != 0) return -1;
        }
    }
}
