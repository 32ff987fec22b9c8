/*
 * gpio-lineinfo: prints how the kernel sees some lines of a GPIO chip (consumer, direction, edge
 * detection, bias, active-low), through the GPIO character device's v2 uAPI
 * (GPIO_V2_GET_LINEINFO_IOCTL, <linux/gpio.h>). The VM test runs it while the hub holds its lines,
 * to check the flags the hub requested them with, whichever libgpiod API it was built against.
 *
 * Usage: gpio-lineinfo /dev/gpiochip0 17 18 24 25
 * Prints one line per offset: "line 24 consumer=weatherhub flags=used,input,edge-rising,edge-falling,bias-disabled"
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static const struct { unsigned long long flag; const char *name; } names[] = {
    { GPIO_V2_LINE_FLAG_USED, "used" },
    { GPIO_V2_LINE_FLAG_ACTIVE_LOW, "active-low" },
    { GPIO_V2_LINE_FLAG_INPUT, "input" },
    { GPIO_V2_LINE_FLAG_OUTPUT, "output" },
    { GPIO_V2_LINE_FLAG_EDGE_RISING, "edge-rising" },
    { GPIO_V2_LINE_FLAG_EDGE_FALLING, "edge-falling" },
    { GPIO_V2_LINE_FLAG_OPEN_DRAIN, "open-drain" },
    { GPIO_V2_LINE_FLAG_OPEN_SOURCE, "open-source" },
    { GPIO_V2_LINE_FLAG_BIAS_PULL_UP, "bias-pull-up" },
    { GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN, "bias-pull-down" },
    { GPIO_V2_LINE_FLAG_BIAS_DISABLED, "bias-disabled" },
};

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: gpio-lineinfo /dev/gpiochipN OFFSET...\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "gpio-lineinfo: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    for (int i = 2; i < argc; i++) {
        struct gpio_v2_line_info info;
        memset(&info, 0, sizeof info); /* the kernel wants the padding zeroed */
        info.offset = (unsigned)strtoul(argv[i], NULL, 0);
        if (ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, &info) < 0) {
            fprintf(stderr, "gpio-lineinfo: line %u: %s\n", info.offset, strerror(errno));
            return 1;
        }
        printf("line %u consumer=%s flags=", info.offset, info.consumer[0] ? info.consumer : "-");
        const char *separator = "";
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
            if (info.flags & names[k].flag) {
                printf("%s%s", separator, names[k].name);
                separator = ",";
            }
        }
        printf("\n");
    }
    close(fd);
    return 0;
}
