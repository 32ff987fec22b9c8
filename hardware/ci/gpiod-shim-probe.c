/* Links the CGPIOD shim against one libgpiod build and checks what can run without a GPIO chip:
 * the API it was compiled for, the library version, and the errors for a missing chip and for a
 * file that is not a chip. Built and run by check-gpiod-shim.sh. */
#include "CGPIOD.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void expect(int condition, const char *what) {
    printf("%s %s\n", condition ? "ok  " : "FAIL", what);
    if (!condition) failures++;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s EXPECTED_API_MAJOR NOT_A_CHIP_FILE\n", argv[0]);
        return 2;
    }
    int expected_major = atoi(argv[1]);
    const char *version = cgpiod_library_version();
    printf("libgpiod API %d, library %s\n", cgpiod_api_major(), version);
    expect(cgpiod_api_major() == expected_major, "compiled against the expected API");
    expect(version != NULL && version[0] == '0' + expected_major, "library version matches the API");

    unsigned int offsets[] = { 17, 25 };
    int values[] = { 1, 0 };
    int error = 0;
    cgpiod_request *request = cgpiod_request_outputs("/dev/gpiochip-missing", "probe", offsets, values, 2, &error);
    expect(request == NULL && error == ENOENT, "a missing chip fails with ENOENT");

    error = 0;
    request = cgpiod_request_inputs(argv[2], "probe", offsets, 1, CGPIOD_BIAS_PULL_UP, &error);
    printf("     not a chip: %s\n", strerror(error));
    expect(request == NULL && (error == ENOTTY || error == ENODEV), "a regular file is refused as a chip");

    char consumer[32];
    expect(cgpiod_line_consumer("/dev/gpiochip-missing", 17, consumer, sizeof consumer) == -ENOENT,
           "the consumer lookup reports a missing chip");
    return failures == 0 ? 0 : 1;
}
