#!/usr/bin/env bash
# Links a second weatherhub from the release build's objects with the CGPIOD shim compiled against the
# libgpiod v2 API (libgpiod 2.1.3 from the PyPI sdist gpiod==2.2.1, as hardware/ci/check-gpiod-shim.sh
# builds it) and that library linked in statically. Only the shim differs: the Swift code sees the
# shim's own header (CGPIOD.h), never gpiod.h, so its objects are the same for both APIs and
# rebuilding them would only take minutes. The link command is SwiftPM's own, read from
# .build-release/release.yaml, with the shim object and -lgpiod swapped.
# Usage: hardware/vm/relink-gpiod2.sh OUTDIR   (writes OUTDIR/weatherhub)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
mkdir -p "$out"
manifest=$repo/.build-release/release.yaml
release=$repo/.build-release/release/weatherhub
# Up to date: newer than the release binary and the shim.
if [ -x "$out/weatherhub" ] && [ "$out/weatherhub" -nt "$release" ] && [ "$out/weatherhub" -nt "$repo/Sources/CGPIOD/shim.c" ]; then
    exit 0
fi
[ -f "$manifest" ] || { echo "relink-gpiod2: no $manifest: run deploy/build-release first" >&2; exit 1; }

# libgpiod v2 from the sdist (downloaded once; shared with check-gpiod-shim.sh when it is there).
sdist=${GPIOD_V2_SDIST:-$repo/.build-gpiod-check/gpiod-2.2.1.tar.gz}
if [ ! -f "$sdist" ]; then
    sdist=$out/gpiod-2.2.1.tar.gz
    [ -f "$sdist" ] || python3 -m pip download --quiet --no-deps --no-binary :all: gpiod==2.2.1 -d "$out"
fi
src=$out/gpiod-2.2.1
if [ ! -f "$out/libgpiod.a" ]; then
    rm -rf "$src" && tar -xzf "$sdist" -C "$out"
    version=$(cat "$src/libgpiod-version.txt")
    for file in "$src"/lib/*.c; do
        gcc -std=gnu11 -O2 -fPIC -D_GNU_SOURCE -DGPIOD_VERSION_STR="\"$version\"" -I"$src/include" -I"$src/lib" \
            -c "$file" -o "$out/$(basename "$file" .c).o"
    done
    rm -f "$out/libgpiod.a" && ar rcs "$out/libgpiod.a" "$out"/*.o
fi
# The shim against the v2 header (-I puts it ahead of /usr/include/gpiod.h, the v1 one).
gcc -std=gnu11 -O2 -fPIC -ffunction-sections -D_GNU_SOURCE -I"$src/include" -I"$repo/Sources/CGPIOD/include" \
    -c "$repo/Sources/CGPIOD/shim.c" -o "$out/cgpiod-shim-v2.o"

python3 - "$manifest" "$out" <<'EOF'
import json, subprocess, sys
manifest, out = sys.argv[1], sys.argv[2]
lines = open(manifest).read().split("\n")
args = None
for index, line in enumerate(lines):
    if line.strip().startswith('description: "Linking') and line.rstrip().endswith('/weatherhub"'):
        args = json.loads(lines[index + 1].split("args: ", 1)[1])
if args is None:
    sys.exit("relink-gpiod2: no link command for weatherhub in " + manifest)
shim_v2 = out + "/cgpiod-shim-v2.o"
relinked = []
for arg in args:
    if arg.startswith("@") and arg.endswith("Objects.LinkFileList"):
        objects = open(arg[1:]).read().split("\n")
        swapped = [shim_v2 if o.strip('"').endswith("/CGPIOD.build/shim.c.o") else o for o in objects]
        if swapped == objects:
            sys.exit("relink-gpiod2: the CGPIOD shim object is not in " + arg[1:])
        open(out + "/Objects.LinkFileList", "w").write("\n".join(swapped))
        arg = "@" + out + "/Objects.LinkFileList"
    elif arg == "-lgpiod":
        arg = out + "/libgpiod.a"
    relinked.append(arg)
relinked[relinked.index("-o") + 1] = out + "/weatherhub"
subprocess.run(relinked, check=True)
EOF
if ldd "$out/weatherhub" | grep -q libgpiod; then
    echo "relink-gpiod2: $out/weatherhub still loads a shared libgpiod" >&2
    exit 1
fi
