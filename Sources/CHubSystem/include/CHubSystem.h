#ifndef CHUBSYSTEM_H
#define CHUBSYSTEM_H

/// Linux interfaces that Swift cannot import directly (timerfd), and a blocking wait used by the
/// watcher threads. Every symbol is prefixed with `chubsystem_`.

/// Opens a timerfd on CLOCK_REALTIME armed far in the future with TFD_TIMER_CANCEL_ON_SET, so that any
/// discontinuous change of the wall clock (settimeofday, an NTP step) makes it readable.
/// Returns the descriptor, or -1 with errno set.
int chubsystem_clock_change_open(void);

/// Reads a readable clock-change timerfd and re-arms it. Returns 1 when the wall clock was set, 0 for a
/// spurious wake-up, -1 on error (errno set).
int chubsystem_clock_change_consume(int timer_fd);

/// Blocks until `fd` is readable (returns 1), `stop_fd` is readable (returns 0) or an error happens
/// (returns -1, errno set). Retries on EINTR.
int chubsystem_wait_readable(int fd, int stop_fd);

/// Creates a close-on-exec pipe (`pipe2`, which needs _GNU_SOURCE). Returns 0, or -1 with errno set.
int chubsystem_pipe(int fds[2]);

/// Names the calling thread (`pthread_setname_np`, a GNU extension); Linux keeps at most 15 bytes.
/// Returns 0, or an error number.
int chubsystem_name_this_thread(const char *name);

/// Returns the free pages of every malloc arena to the system (glibc's `malloc_trim(0)`, which Swift's
/// Glibc module does not export); does nothing on other C libraries.
void chubsystem_release_free_heap(void);

#endif
