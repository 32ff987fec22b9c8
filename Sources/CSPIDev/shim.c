#include "CSPIDev.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/spi/spidev.h>
#include <sys/ioctl.h>

int cspidev_open(const char *path, uint8_t mode, uint8_t bits_per_word, uint32_t speed_hz,
                 cspidev_step *failed_step) {
    *failed_step = CSPIDEV_STEP_OPEN;
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return -errno;
    struct { cspidev_step step; unsigned long request; const void *value; } settings[] = {
        { CSPIDEV_STEP_MODE, SPI_IOC_WR_MODE, &mode },
        { CSPIDEV_STEP_BITS_PER_WORD, SPI_IOC_WR_BITS_PER_WORD, &bits_per_word },
        { CSPIDEV_STEP_MAX_SPEED, SPI_IOC_WR_MAX_SPEED_HZ, &speed_hz },
    };
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
        if (ioctl(fd, settings[i].request, settings[i].value) < 0) {
            int error = errno;
            close(fd);
            *failed_step = settings[i].step;
            return -error;
        }
    }
    return fd;
}

int cspidev_write(int fd, const uint8_t *bytes, uint32_t count, uint32_t speed_hz,
                  uint8_t bits_per_word) {
    struct spi_ioc_transfer transfer;
    memset(&transfer, 0, sizeof transfer);
    transfer.tx_buf = (uint64_t)(uintptr_t)bytes;
    transfer.len = count;
    transfer.speed_hz = speed_hz;
    transfer.bits_per_word = bits_per_word;
    if (ioctl(fd, SPI_IOC_MESSAGE(1), &transfer) < 0) return -errno;
    return 0;
}

unsigned long cspidev_ioc_wr_mode(void) { return SPI_IOC_WR_MODE; }
unsigned long cspidev_ioc_wr_bits_per_word(void) { return SPI_IOC_WR_BITS_PER_WORD; }
unsigned long cspidev_ioc_wr_max_speed_hz(void) { return SPI_IOC_WR_MAX_SPEED_HZ; }
unsigned long cspidev_ioc_message_1(void) { return SPI_IOC_MESSAGE(1); }

#else

int cspidev_open(const char *path, uint8_t mode, uint8_t bits_per_word, uint32_t speed_hz,
                 cspidev_step *failed_step) {
    (void)path; (void)mode; (void)bits_per_word; (void)speed_hz;
    *failed_step = CSPIDEV_STEP_OPEN;
    return -ENOSYS;
}

int cspidev_write(int fd, const uint8_t *bytes, uint32_t count, uint32_t speed_hz,
                  uint8_t bits_per_word) {
    (void)fd; (void)bytes; (void)count; (void)speed_hz; (void)bits_per_word;
    return -ENOSYS;
}

unsigned long cspidev_ioc_wr_mode(void) { return 0; }
unsigned long cspidev_ioc_wr_bits_per_word(void) { return 0; }
unsigned long cspidev_ioc_wr_max_speed_hz(void) { return 0; }
unsigned long cspidev_ioc_message_1(void) { return 0; }

#endif

int cspidev_close(int fd) {
    return close(fd) < 0 ? -errno : 0;
}

long cspidev_read_bufsiz(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -errno;
    char text[32];
    ssize_t length = read(fd, text, sizeof text - 1);
    int error = errno;
    close(fd);
    if (length < 0) return -error;
    text[length] = '\0';
    char *end = NULL;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno != 0 || end == text || value <= 0) return -EINVAL;
    return value;
}
