#!/bin/sh
# Proves that the CGPIOD shim compiles, links and runs against both libgpiod APIs:
#   v1: the system library (Debian 12: libgpiod-dev 1.6.x)
#   v2: libgpiod 2.x built from the sources vendored in the PyPI sdist gpiod==2.2.1
#       (the API of current Raspberry Pi OS).
# Usage: hardware/ci/check-gpiod-shim.sh   (from the package root; CI runs it)
# Needs gcc, the libgpiod v1 headers and library (Debian: libgpiod-dev), and pip with access to PyPI (or
# GPIOD_V2_SDIST pointing at a downloaded gpiod-2.2.1.tar.gz). Work files go to .build-gpiod-check/.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
work=${GPIOD_CHECK_DIR:-"$root/.build-gpiod-check"}
shim="$root/Sources/CGPIOD"
probe="$root/hardware/ci/gpiod-shim-probe.c"
cflags="-std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE"
mkdir -p "$work"
not_a_chip="$work/not-a-chip"
: > "$not_a_chip"

echo "== libgpiod v1 (system headers and library)"
gcc $cflags -I"$shim/include" "$shim/shim.c" "$probe" -lgpiod -o "$work/probe-v1"
"$work/probe-v1" 1 "$not_a_chip"

echo "== libgpiod v2 (sources from the gpiod 2.2.1 sdist)"
sdist=${GPIOD_V2_SDIST:-"$work/gpiod-2.2.1.tar.gz"}
if [ ! -f "$sdist" ]; then
    python3 -m pip download --quiet --no-deps --no-binary :all: gpiod==2.2.1 -d "$work"
fi
rm -rf "$work/v2" && mkdir -p "$work/v2"
tar -xzf "$sdist" -C "$work/v2"
src="$work/v2/gpiod-2.2.1"
version=$(cat "$src/libgpiod-version.txt")
objects=""
for file in "$src"/lib/*.c; do
    object="$work/v2/$(basename "$file" .c).o"
    gcc -std=gnu11 -D_GNU_SOURCE -DGPIOD_VERSION_STR="\"$version\"" -I"$src/include" -I"$src/lib" -c "$file" -o "$object"
    objects="$objects $object"
done
ar rcs "$work/v2/libgpiod.a" $objects
# -I puts the v2 gpiod.h ahead of /usr/include/gpiod.h (v1), exactly as on a system with only v2.
gcc $cflags -I"$src/include" -I"$shim/include" "$shim/shim.c" "$probe" "$work/v2/libgpiod.a" -o "$work/probe-v2"
"$work/probe-v2" 2 "$not_a_chip"
echo "both libgpiod APIs build, link and run"
