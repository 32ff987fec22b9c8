#ifndef CHUBSYSTEM_H
#define CHUBSYSTEM_H

/// Linux interfaces that Swift cannot import directly (timerfd macros and functions).

/// Opens a timerfd on CLOCK_REALTIME armed far in the future with TFD_TIMER_CANCEL_ON_SET, so that
/// any discontinuous change of the wall clock (settimeofday, NTP step) wakes a reader.
/// Returns the descriptor, or -1 with errno set.
int chubsystem_clock_change_open(void);

/// Blocks until the wall clock is set (returns 1), `stop_fd` becomes readable (returns 0) or an error
/// happens (returns -1, errno set). Re-arms the timer after a change.
int chubsystem_clock_change_wait(int timer_fd, int stop_fd);

#endif
