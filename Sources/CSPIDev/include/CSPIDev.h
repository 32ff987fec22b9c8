#ifndef CSPIDEV_H
#define CSPIDEV_H

#include <stddef.h>
#include <stdint.h>

/// Where `cspidev_open` failed, so the caller can say which step to fix.
typedef enum {
    CSPIDEV_STEP_OPEN = 0,
    CSPIDEV_STEP_MODE = 1,
    CSPIDEV_STEP_BITS_PER_WORD = 2,
    CSPIDEV_STEP_MAX_SPEED = 3,
} cspidev_step;

/// Opens a spidev node (`/dev/spidevB.C`) for writing and sets the SPI mode, the word size and the
/// maximum clock through SPI_IOC_WR_MODE, SPI_IOC_WR_BITS_PER_WORD and SPI_IOC_WR_MAX_SPEED_HZ.
/// Returns the file descriptor, or -errno with `*failed_step` saying which step failed (the
/// descriptor is closed then).
int cspidev_open(const char *path, uint8_t mode, uint8_t bits_per_word, uint32_t speed_hz,
                 cspidev_step *failed_step);

/// Sends one write-only transfer (one SPI_IOC_MESSAGE(1); chip select is held for its whole length).
/// `count` must not exceed the driver's buffer size. Returns 0 or -errno.
int cspidev_write(int fd, const uint8_t *bytes, uint32_t count, uint32_t speed_hz,
                  uint8_t bits_per_word);

/// Closes a descriptor from `cspidev_open`. Returns 0 or -errno.
int cspidev_close(int fd);

/// Reads the spidev module's transfer buffer size (`/sys/module/spidev/parameters/bufsiz`, 4096
/// unless the module was loaded with another value). Returns the size, or -errno.
long cspidev_read_bufsiz(const char *path);

/// The ioctl request numbers, for tests and diagnostics (the macros do not import into Swift).
unsigned long cspidev_ioc_wr_mode(void);
unsigned long cspidev_ioc_wr_bits_per_word(void);
unsigned long cspidev_ioc_wr_max_speed_hz(void);
unsigned long cspidev_ioc_message_1(void);

#endif
