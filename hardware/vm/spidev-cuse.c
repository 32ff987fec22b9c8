/*
 * spidev-cuse: a /dev/spidevB.C made in user space with CUSE (libfuse3), standing in for the SPI
 * controller and the e-paper controller behind it during the VM test (hardware/vm/run-vm-test.sh).
 *
 * It answers the spidev ioctls the way drivers/spi/spidev.c does (mode, LSB first, bits per word,
 * maximum speed, SPI_IOC_MESSAGE(N)) and records every transfer with the levels of the panel's
 * D/C, RST and PWR lines at that moment, read from the gpio-sim chip's sysfs attributes
 * (sim_gpioN/value). Like the controller, it drives BUSY (sim_gpioN/pull) busy for a while after the
 * commands that start a long operation, with the controller's polarity, so the hub's edge waits see
 * real kernel edge events. A command other than UC8179's 0x71 while BUSY is asserted is recorded as
 * a violation.
 *
 * Usage: spidev-cuse --name spidev0.0 --record FILE --chip-dir /sys/devices/platform/gpio-sim.0/gpiochip0
 *                    --controller ssd1680|uc8179 [--stuck] [--dc 25 --rst 17 --pwr 18 --busy 24]
 *   --stuck: BUSY is busy from the start and never released (the hub must time out).
 * Runs in the foreground, single-threaded (one request at a time), until killed.
 *
 * Facts used (see hardware/README.md, "VM test"): CUSE servers must ask for CUSE_UNRESTRICTED_IOCTL
 * to read memory an ioctl argument points to (the tx_buf of each spi_ioc_transfer); they fetch it by
 * answering fuse_reply_ioctl_retry() with the user-space addresses (fuse_lowlevel.h, libfuse's
 * example/cuse.c, fs/fuse/cuse.c). spidev refuses a message whose tx (or rx) bytes exceed its bufsiz
 * with EMSGSIZE, and a transfer with speed_hz 0 uses the device's speed (drivers/spi/spidev.c).
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE

#include <cuse_lowlevel.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/spi/spidev.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

enum { SPIDEV_BUFSIZ = 4096 }; /* spidev's default bufsiz module parameter */

struct busy_rule { uint8_t opcode; unsigned milliseconds; };

/* How long BUSY stays asserted after a command. The real times are seconds (protocol notes, 1.2);
 * these are short so the test stays fast, long enough that the hub must wait for the edge. */
static const struct busy_rule ssd1680_rules[] = { { 0x12, 20 }, { 0x20, 150 }, { 0, 0 } };
static const struct busy_rule uc8179_rules[] = { { 0x04, 30 }, { 0x12, 150 }, { 0x02, 30 }, { 0, 0 } };

static struct {
    const char *name, *record_path, *chip_dir;
    unsigned dc, rst, pwr, busy;
    int busy_high;              /* BUSY level meaning busy: 1 on SSD1680, 0 on UC8179 */
    int status_command;         /* a command allowed while busy (UC8179 0x71), or -1 */
    const struct busy_rule *rules;
    int stuck;
} opt = { .dc = 25, .rst = 17, .pwr = 18, .busy = 24, .status_command = -1 };

/* Device state as spidev keeps it. */
static uint32_t spi_mode, spi_speed = 500000;
static uint8_t spi_bits = 8, spi_lsb_first;

static FILE *record;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t timer_wake;
static int busy_asserted, release_pending;
static struct timespec release_at;

static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* One line of the recording, stamped with CLOCK_MONOTONIC seconds; callers hold `lock`. */
static void note(const char *format, ...) {
    va_list args;
    fprintf(record, "%.6f ", seconds_now());
    va_start(args, format);
    vfprintf(record, format, args);
    va_end(args);
    fputc('\n', record);
    fflush(record);
}

static void sim_path(char *path, size_t size, unsigned line, const char *attribute) {
    snprintf(path, size, "%s/sim_gpio%u/%s", opt.chip_dir, line, attribute);
}

/* The level of a gpio-sim line: what its user drives for an output, the pull for an input. */
static int line_level(unsigned line) {
    char path[512], text[8] = "";
    sim_path(path, sizeof path, line, "value");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t length = read(fd, text, sizeof text - 1);
    close(fd);
    return length > 0 && text[0] == '1' ? 1 : (length > 0 ? 0 : -1);
}

/* Drives BUSY as the panel would: gpio-sim turns a pull change into an input level change and an
 * edge event for the process that requested the line. Callers hold `lock`. */
static void set_busy(int busy) {
    char path[512];
    int high = busy ? opt.busy_high : !opt.busy_high;
    sim_path(path, sizeof path, opt.busy, "pull");
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    const char *pull = high ? "pull-up" : "pull-down";
    if (fd < 0 || write(fd, pull, strlen(pull)) < 0) note("error cannot write %s: %s", path, strerror(errno));
    if (fd >= 0) close(fd);
    busy_asserted = busy;
    note("busy %d level=%d", busy, high);
}

/* Releases BUSY when the deadline of the last long command has passed. */
static void *busy_timer(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!release_pending) pthread_cond_wait(&timer_wake, &lock);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec > release_at.tv_sec || (now.tv_sec == release_at.tv_sec && now.tv_nsec >= release_at.tv_nsec)) {
            release_pending = 0;
            set_busy(0);
        } else {
            pthread_cond_timedwait(&timer_wake, &lock, &release_at);
        }
    }
    return NULL;
}

/* A command byte went out (D/C low): check the BUSY rule, then start the command's busy time. */
static void command_sent(uint8_t opcode) {
    if (busy_asserted && opcode != opt.status_command) note("violation command %02x while busy", opcode);
    for (const struct busy_rule *rule = opt.rules; rule->milliseconds; rule++) {
        if (rule->opcode != opcode) continue;
        if (!busy_asserted) set_busy(1);
        if (opt.stuck) return;
        clock_gettime(CLOCK_MONOTONIC, &release_at);
        release_at.tv_nsec += (long)rule->milliseconds * 1000000L;
        release_at.tv_sec += release_at.tv_nsec / 1000000000L;
        release_at.tv_nsec %= 1000000000L;
        release_pending = 1;
        pthread_cond_signal(&timer_wake);
    }
}

/* Asks the kernel to call again with `count` bytes at `address` copied in (ioctl argument data). */
static void fetch(fuse_req_t req, const void *address, size_t count, int to_caller) {
    struct iovec area = { (void *)address, count };
    if (to_caller) fuse_reply_ioctl_retry(req, NULL, 0, &area, 1);
    else fuse_reply_ioctl_retry(req, &area, 1, NULL, 0);
}

/* SPI_IOC_MESSAGE(N): first the transfer array, then every tx buffer, then the transfers. */
static void message(fuse_req_t req, unsigned cmd, void *arg, const void *in, size_t in_size, size_t out_size) {
    size_t array_size = _IOC_SIZE(cmd);
    if (array_size == 0 || array_size % sizeof(struct spi_ioc_transfer) != 0) {
        fuse_reply_err(req, EINVAL);
        return;
    }
    if (in_size < array_size) {
        fetch(req, arg, array_size, 0);
        return;
    }
    size_t count = array_size / sizeof(struct spi_ioc_transfer);
    struct spi_ioc_transfer transfers[count];
    memcpy(transfers, in, array_size);
    struct iovec in_areas[1 + count], out_areas[count];
    size_t in_areas_used = 1, out_areas_used = 0, tx_total = 0, rx_total = 0;
    in_areas[0] = (struct iovec){ arg, array_size };
    for (size_t i = 0; i < count; i++) {
        if (transfers[i].tx_buf) {
            in_areas[in_areas_used++] = (struct iovec){ (void *)(uintptr_t)transfers[i].tx_buf, transfers[i].len };
            tx_total += transfers[i].len;
        }
        if (transfers[i].rx_buf) {
            out_areas[out_areas_used++] = (struct iovec){ (void *)(uintptr_t)transfers[i].rx_buf, transfers[i].len };
            rx_total += transfers[i].len;
        }
    }
    if (tx_total > SPIDEV_BUFSIZ || rx_total > SPIDEV_BUFSIZ) {
        pthread_mutex_lock(&lock);
        note("refused n=%zu tx=%zu rx=%zu EMSGSIZE", count, tx_total, rx_total);
        pthread_mutex_unlock(&lock);
        fuse_reply_err(req, EMSGSIZE);
        return;
    }
    if (in_size < array_size + tx_total || out_size < rx_total) {
        fuse_reply_ioctl_retry(req, in_areas, in_areas_used, out_areas_used ? out_areas : NULL, out_areas_used);
        return;
    }
    /* The data is here: this is the moment the bytes would go out on the wire. */
    pthread_mutex_lock(&lock);
    const uint8_t *data = (const uint8_t *)in + array_size;
    size_t total = 0;
    int dc = line_level(opt.dc), rst = line_level(opt.rst), pwr = line_level(opt.pwr);
    for (size_t i = 0; i < count; i++) {
        const struct spi_ioc_transfer *t = &transfers[i];
        uint32_t speed = t->speed_hz ? t->speed_hz : spi_speed;
        unsigned bits = t->bits_per_word ? t->bits_per_word : spi_bits;
        fprintf(record, "%.6f xfer dc=%d rst=%d pwr=%d busy=%d mode=%u speed=%u bits=%u cs_change=%u n=%u ",
                seconds_now(), dc, rst, pwr, busy_asserted, spi_mode, speed, bits, t->cs_change, t->len);
        if (t->tx_buf) {
            for (uint32_t k = 0; k < t->len; k++) fprintf(record, "%02x", data[k]);
        } else {
            fputs("-", record);
        }
        fputc('\n', record);
        fflush(record);
        if (t->tx_buf && dc == 0) {
            for (uint32_t k = 0; k < t->len; k++) command_sent(data[k]);
        }
        if (t->tx_buf) data += t->len;
        total += t->len;
    }
    pthread_mutex_unlock(&lock);
    if (rx_total) {
        uint8_t *zeros = calloc(1, rx_total);
        fuse_reply_ioctl(req, (int)total, zeros, rx_total); /* MISO is not wired: reads as zeros */
        free(zeros);
    } else {
        fuse_reply_ioctl(req, (int)total, NULL, 0);
    }
}

static void spidev_ioctl(fuse_req_t req, int signed_cmd, void *arg, struct fuse_file_info *fi, unsigned flags,
                         const void *in, size_t in_size, size_t out_size) {
    (void)fi;
    unsigned cmd = (unsigned)signed_cmd;
    if (flags & FUSE_IOCTL_COMPAT) {
        fuse_reply_err(req, ENOSYS);
        return;
    }
    if (_IOC_TYPE(cmd) != SPI_IOC_MAGIC) {
        fuse_reply_err(req, ENOTTY);
        return;
    }
    if (_IOC_NR(cmd) == _IOC_NR(SPI_IOC_MESSAGE(0)) && _IOC_DIR(cmd) == _IOC_WRITE) {
        message(req, cmd, arg, in, in_size, out_size);
        return;
    }
    /* The settings: one value each, written by _IOW and read by _IOR requests. */
    size_t size = _IOC_SIZE(cmd);
    int writing = _IOC_DIR(cmd) == _IOC_WRITE;
    if ((writing && in_size < size) || (!writing && out_size < size)) {
        fetch(req, arg, size, !writing);
        return;
    }
    uint32_t value = 0;
    if (writing) memcpy(&value, in, size); /* little-endian: a u8 lands in the low byte */
    const char *what;
    pthread_mutex_lock(&lock);
    switch (cmd) {
    case SPI_IOC_WR_MODE: case SPI_IOC_WR_MODE32: spi_mode = value; what = "wr_mode"; break;
    case SPI_IOC_WR_LSB_FIRST: spi_lsb_first = (uint8_t)value; what = "wr_lsb_first"; break;
    case SPI_IOC_WR_BITS_PER_WORD: spi_bits = (uint8_t)(value ? value : 8); what = "wr_bits"; break;
    case SPI_IOC_WR_MAX_SPEED_HZ: spi_speed = value; what = "wr_speed"; break;
    case SPI_IOC_RD_MODE: case SPI_IOC_RD_MODE32: value = spi_mode; what = "rd_mode"; break;
    case SPI_IOC_RD_LSB_FIRST: value = spi_lsb_first; what = "rd_lsb_first"; break;
    case SPI_IOC_RD_BITS_PER_WORD: value = spi_bits; what = "rd_bits"; break;
    case SPI_IOC_RD_MAX_SPEED_HZ: value = spi_speed; what = "rd_speed"; break;
    default:
        note("ioctl unknown %08x", cmd);
        pthread_mutex_unlock(&lock);
        fuse_reply_err(req, ENOTTY);
        return;
    }
    note("ioctl %s %u", what, value);
    pthread_mutex_unlock(&lock);
    fuse_reply_ioctl(req, 0, writing ? NULL : &value, writing ? 0 : size);
}

static void spidev_open(fuse_req_t req, struct fuse_file_info *fi) {
    pthread_mutex_lock(&lock);
    note("open");
    pthread_mutex_unlock(&lock);
    fuse_reply_open(req, fi);
}

static void spidev_release(fuse_req_t req, struct fuse_file_info *fi) {
    (void)fi;
    pthread_mutex_lock(&lock);
    note("release");
    pthread_mutex_unlock(&lock);
    fuse_reply_err(req, 0);
}

/* spidev's plain write(): one transfer at the device's settings. The hub does not use it. */
static void spidev_write(fuse_req_t req, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void)buf; (void)off; (void)fi;
    pthread_mutex_lock(&lock);
    note("write n=%zu (not recorded as a transfer)", size);
    pthread_mutex_unlock(&lock);
    fuse_reply_err(req, EOPNOTSUPP);
}

static unsigned number(const char *text) { return (unsigned)strtoul(text, NULL, 0); }

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *key = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(key, "--stuck") == 0) { opt.stuck = 1; continue; }
        if (value == NULL) { fprintf(stderr, "spidev-cuse: %s needs a value\n", key); return 2; }
        i++;
        if (strcmp(key, "--name") == 0) opt.name = value;
        else if (strcmp(key, "--record") == 0) opt.record_path = value;
        else if (strcmp(key, "--chip-dir") == 0) opt.chip_dir = value;
        else if (strcmp(key, "--dc") == 0) opt.dc = number(value);
        else if (strcmp(key, "--rst") == 0) opt.rst = number(value);
        else if (strcmp(key, "--pwr") == 0) opt.pwr = number(value);
        else if (strcmp(key, "--busy") == 0) opt.busy = number(value);
        else if (strcmp(key, "--controller") == 0 && strcmp(value, "ssd1680") == 0) {
            opt.rules = ssd1680_rules; opt.busy_high = 1;
        } else if (strcmp(key, "--controller") == 0 && strcmp(value, "uc8179") == 0) {
            opt.rules = uc8179_rules; opt.busy_high = 0; opt.status_command = 0x71;
        } else { fprintf(stderr, "spidev-cuse: unknown option %s %s\n", key, value); return 2; }
    }
    if (!opt.name || !opt.record_path || !opt.chip_dir || !opt.rules) {
        fprintf(stderr, "usage: spidev-cuse --name spidev0.0 --record FILE --chip-dir DIR --controller ssd1680|uc8179 [--stuck]\n");
        return 2;
    }
    record = fopen(opt.record_path, "w");
    if (record == NULL) { perror(opt.record_path); return 1; }
    fprintf(record, "# spidev-cuse recording 1 controller=%s busy_high=%d stuck=%d dc=%u rst=%u pwr=%u busy=%u\n",
            opt.rules == ssd1680_rules ? "ssd1680" : "uc8179", opt.busy_high, opt.stuck, opt.dc, opt.rst, opt.pwr, opt.busy);

    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&timer_wake, &attributes);
    pthread_mutex_lock(&lock);
    set_busy(opt.stuck);
    pthread_mutex_unlock(&lock);
    pthread_t timer;
    pthread_create(&timer, NULL, busy_timer, NULL);

    char devname[128];
    snprintf(devname, sizeof devname, "DEVNAME=%s", opt.name);
    const char *info[] = { devname };
    struct cuse_info ci = { .dev_info_argc = 1, .dev_info_argv = info, .flags = CUSE_UNRESTRICTED_IOCTL };
    static const struct cuse_lowlevel_ops ops = {
        .open = spidev_open, .release = spidev_release, .write = spidev_write, .ioctl = spidev_ioctl,
    };
    char *fuse_argv[] = { argv[0], "-f", "-s", NULL };
    return cuse_lowlevel_main(3, fuse_argv, &ci, &ops, NULL);
}
