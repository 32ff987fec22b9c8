#!/usr/bin/env bash
# The hub's real hardware path through a kernel: boots Debian's kernel in a small KVM guest and runs the
# release weatherhub inside it against a gpio-sim GPIO chip (the kernel's simulator, configured through
# configfs) and a CUSE /dev/spidev0.0 (hardware/vm/spidev-cuse.c) that records every SPI transfer with
# the D/C level and drives BUSY like the panel's controller. Then hardware/vm/check-recording.py
# compares what the kernel saw with the trace the hub wrote itself (panel.trace). How it works, and
# where each kernel, CUSE and spidev fact comes from: hardware/README.md, "VM test".
#
# Usage: hardware/vm/run-vm-test.sh            (from anywhere; scripts/test runs it)
#   VM_TEST_SCENARIOS="ssd-v1 stuck-v1"        only these scenarios (see the list below)
#   VM_TEST_KEEP=1                              keep the guest's results in .build-vm/results
# Needs: /dev/kvm usable; as root it installs what is missing (scripts/install-dependencies vm);
# otherwise it skips, saying why, when a tool is missing. Work files go to .build-vm/.
# The release binaries come from deploy/build-release (.build-release/release/), built first if absent.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
here=$repo/hardware/vm
work=${VM_TEST_DIR:-$repo/.build-vm}
started=$(date +%s)
say() { echo "vm-test: $*"; }
skip() { say "SKIPPED: $*"; exit 0; }
die() { say "FAILED: $*" >&2; exit 1; }

# --- Can this machine run it? -------------------------------------------------------------------
accel=${VM_TEST_ACCEL:-kvm}
if [ "$accel" = kvm ]; then
    [ -e /dev/kvm ] || skip "/dev/kvm does not exist (no KVM here: a VM without nested virtualisation, or a container without the device); VM_TEST_ACCEL=tcg runs it emulated"
    if ! { exec 3<>/dev/kvm; } 2>/dev/null; then skip "/dev/kvm is not usable by $(id -un) (it needs read and write access: the kvm group)"; fi
    exec 3>&-
fi
if [ "$(id -u)" -eq 0 ]; then
    "$repo/scripts/install-dependencies" vm
fi
missing=()
for tool in qemu-system-x86_64 busybox gcc make cpio pkg-config python3 strip; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
[ -f /usr/include/fuse3/cuse_lowlevel.h ] || missing+=(libfuse3-dev)
# Debian's default kernel (linux-image-amd64) with its headers: the newest that has both.
kernel=
for modules in $(ls -d /lib/modules/*-amd64 2>/dev/null | sort -V); do
    version=${modules##*/}
    [ -r "/boot/vmlinuz-$version" ] && [ -d "$modules/build" ] && kernel=$version
done
[ -n "$kernel" ] || missing+=("a readable /boot/vmlinuz-*-amd64 with its headers (linux-image-amd64, linux-headers-amd64)")
series=$(echo "$kernel" | cut -d. -f1,2)
source_tarball=/usr/src/linux-source-$series.tar.xz
[ -z "$kernel" ] || [ -f "$source_tarball" ] || missing+=("linux-source-$series")
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" -eq 0 ] && die "still missing after scripts/install-dependencies vm: ${missing[*]}"
    skip "not root, and these are missing: ${missing[*]} (run scripts/install-dependencies vm as root)"
fi
say "kernel $kernel, $(qemu-system-x86_64 --version | head -1)"
mkdir -p "$work"

# --- gpio-sim: Debian's kernels do not build it (CONFIG_GPIO_SIM is not set), so build the kernel's own
# drivers/gpio/gpio-sim.c, with kernel/irq/irq_sim.c that it needs, from Debian's linux-source against
# Debian's headers, as one out-of-tree module. ------------------------------------------------------
gpio_sim=$work/gpio-sim-$kernel/gpio-sim.ko
if [ ! -f "$gpio_sim" ]; then
    say "building gpio-sim.ko from $source_tarball"
    build=$work/gpio-sim-$kernel
    rm -rf "$build" && mkdir -p "$build"
    tar -xJf "$source_tarball" -C "$build" --strip-components=1 --wildcards \
        '*/drivers/gpio/gpio-sim.c' '*/drivers/gpio/gpiolib.h' '*/kernel/irq/irq_sim.c'
    cp "$build/drivers/gpio/gpio-sim.c" "$build/gpio-sim-main.c"
    cp "$build/drivers/gpio/gpiolib.h" "$build/"
    # irq_to_desc() is not exported to modules in 6.1; generic_handle_irq() looks up the same descriptor and
    # runs the handler irq_sim installed (handle_simple_irq), so the edge still reaches gpiolib the same way.
    sed 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' \
        "$build/kernel/irq/irq_sim.c" > "$build/irq_sim.c"
    grep -q 'generic_handle_irq(irqnum)' "$build/irq_sim.c" || die "irq_sim.c changed: update the substitution in $0"
    printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' > "$build/Kbuild"
    make -s -C "/lib/modules/$kernel/build" M="$build" modules 2>&1 | grep -v 'Skipping BTF' || true
    [ -f "$gpio_sim" ] || die "gpio-sim.ko did not build"
fi

# --- KVM or emulation --------------------------------------------------------------------------
# Some hosts offer a /dev/kvm that cannot start an ordinary kernel: PVM (the kvm_pvm module, KVM by
# shadow paging inside a VM without hardware virtualisation) runs only kernels built as PVM guests,
# and Debian's are not. There, and wherever a tiny guest does not boot under KVM within 20 s, the
# test runs under QEMU's emulator (TCG) instead, which is slower but goes through the same kernel.
boot() { # $1: accelerator, $2: initramfs, $3: console log, $4: seconds; other arguments go to QEMU
    local accelerator=$1 initramfs=$2 console=$3 seconds=$4 cpu=host
    shift 4
    [ "$accelerator" = tcg ] && cpu=max
    timeout "$seconds" qemu-system-x86_64 -machine "q35,accel=$accelerator" -cpu "$cpu" -smp 2 -m 1536 \
        -nodefaults -display none -no-reboot -kernel "/boot/vmlinuz-$kernel" -initrd "$initramfs" \
        -append "console=ttyS0 panic=-1 quiet" -serial "file:$console" "$@"
}
if [ "$accel" = kvm ]; then
    if [ -d /sys/module/kvm_pvm ] && [ ! -d /sys/module/kvm_intel ] && [ ! -d /sys/module/kvm_amd ]; then
        accel=tcg
        say "NOTE: /dev/kvm is PVM (kvm_pvm), which cannot boot Debian's kernel: running the guest emulated (TCG), slower"
    else
        probe=$work/probe
        rm -rf "$probe" && mkdir -p "$probe/bin"
        cp /bin/busybox "$probe/bin/"
        printf '#!/bin/busybox sh\n/bin/busybox echo vm-test-probe-booted\n/bin/busybox poweroff -f\n' > "$probe/init"
        chmod 755 "$probe/init"
        (cd "$probe" && find . | cpio -o -H newc --quiet) > "$work/probe.cpio"
        if ! boot kvm "$work/probe.cpio" "$work/probe.log" 20 || ! grep -q vm-test-probe-booted "$work/probe.log"; then
            accel=tcg
            say "NOTE: a tiny guest did not boot under KVM within 20 s: running the guest emulated (TCG), slower"
        fi
    fi
fi

# --- The guest's own tools ------------------------------------------------------------------------
cflags=(-std=gnu11 -O2 -Wall -Wextra -Werror)
gcc "${cflags[@]}" $(pkg-config --cflags fuse3) "$here/spidev-cuse.c" $(pkg-config --libs fuse3) -o "$work/spidev-cuse"
gcc "${cflags[@]}" "$here/gpio-lineinfo.c" -o "$work/gpio-lineinfo"

# --- The hub: the release build, and the same objects relinked against libgpiod v2 --------------------
release=$repo/.build-release/release
if [ ! -x "$release/weatherhub" ] || [ ! -x "$release/weatherctl" ]; then
    say "no release build yet: running deploy/build-release (several minutes)"
    "$repo/deploy/build-release"
elif [ -n "$(find "$repo/Sources" "$repo/Package.swift" -newer "$release/weatherhub" -print -quit)" ]; then
    say "sources changed since the release build: running deploy/build-release"
    "$repo/deploy/build-release"
fi
"$here/relink-gpiod2.sh" "$work/gpiod2"

# --- The initramfs --------------------------------------------------------------------------------
root=$work/root
rm -rf "$root" && mkdir -p "$root"/{bin,usr/bin,modules,scenario,etc,proc,sys,dev,run,tmp,root,out}
cp /bin/busybox "$root/bin/busybox"
cp "$here/guest-init.sh" "$root/init" && chmod 755 "$root/init"
strip -o "$root/usr/bin/weatherhub" "$release/weatherhub"
strip -o "$root/usr/bin/weatherctl" "$release/weatherctl"
strip -o "$root/usr/bin/weatherhub-gpiod2" "$work/gpiod2/weatherhub"
cp "$work/spidev-cuse" "$work/gpio-lineinfo" "$root/usr/bin/"
# The shared libraries the programs load, from ldd, at the same paths.
for program in "$root"/usr/bin/*; do
    ldd "$program" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }'
done | sort -u | while read -r library; do
    mkdir -p "$root$(dirname "$library")"
    cp -L "$library" "$root$library"
done
# Modules in load order: what each needs first (modules.dep), then the module.
modules_dir=/lib/modules/$kernel
: > "$root/modules.order"
add_module() { # $1: path relative to $modules_dir
    local dependency
    for dependency in $(grep "^$1:" "$modules_dir/modules.dep" | cut -d: -f2); do add_module "$dependency"; done
    grep -qx "$(basename "$1")" "$root/modules.order" && return
    cp "$modules_dir/$1" "$root/modules/"
    basename "$1" >> "$root/modules.order"
}
for module in configfs fuse cuse virtio_pci virtio_blk; do
    add_module "$(grep -o "^[^:]*/$module\.ko[^:]*" "$modules_dir/modules.dep" | head -1)"
done
cp "$gpio_sim" "$root/modules/" && echo gpio-sim.ko >> "$root/modules.order"
# Fonts the renderer looks for, and UTC for the clock.
mkdir -p "$root/usr/share/fonts/truetype" "$root/usr/share/zoneinfo"
cp -r /usr/share/fonts/truetype/dejavu "$root/usr/share/fonts/truetype/"
cp /usr/share/zoneinfo/UTC "$root/usr/share/zoneinfo/UTC" && cp /usr/share/zoneinfo/UTC "$root/etc/localtime"
echo 'root:x:0:0:root:/root:/bin/sh' > "$root/etc/passwd"

# Scenarios: NAME HUB MODEL CONTROLLER MODE. SSD1680 has BUSY high while busy, UC8179 low.
all_scenarios="ssd-v1 weatherhub waveshare-2in13-v4 ssd1680 refresh
uc-v1 weatherhub waveshare-7in5-v2 uc8179 refresh
ssd-v2 weatherhub-gpiod2 waveshare-2in13-v4 ssd1680 refresh
uc-v2 weatherhub-gpiod2 waveshare-7in5-v2 uc8179 refresh
stuck-v1 weatherhub waveshare-2in13-v4 ssd1680 stuck
stuck-v2 weatherhub-gpiod2 waveshare-7in5-v2 uc8179 stuck"
wanted=${VM_TEST_SCENARIOS:-$(echo "$all_scenarios" | cut -d' ' -f1)}
: > "$root/scenarios"
for name in $wanted; do
    line=$(echo "$all_scenarios" | grep "^$name ") || die "unknown scenario $name"
    echo "$line" >> "$root/scenarios"
    set -- $line
    timeout=10s
    [ "$5" = stuck ] && timeout=1s
    # Demo weather (no network); refreshes not asked for by a person wait an hour, so only the start
    # (full) and the city change (partial) reach the panel.
    cat > "$root/scenario/$name.yaml" <<EOF
provider:
  demo: true
  city: Lyon
panel:
  model: $3
  rotation: 0
  spi: { device: /dev/spidev0.0, speed_hz: 4000000 }
  gpio: { chip: /dev/gpiochip0, reset: 17, data_command: 25, busy: 24, power: 18 }
  refresh: { minimum_interval: 1h, retry_interval: 2s }
  busy_timeout: $timeout
  trace: /out/$name/panel.trace
logging:
  level: info
EOF
done
(cd "$root" && find . | cpio -o -H newc --quiet) > "$work/initramfs.cpio"
say "initramfs: $(du -m "$work/initramfs.cpio" | cut -f1) MiB, scenarios: $(echo $wanted)"

# --- Boot ---------------------------------------------------------------------------------------
rm -f "$work/out.img" && truncate -s 64M "$work/out.img"
booted=$(date +%s)
status=0
boot "$accel" "$work/initramfs.cpio" "$work/console.log" 170 -drive "file=$work/out.img,format=raw,if=virtio" || status=$?
say "guest ran $(( $(date +%s) - booted )) s under $accel (qemu exit $status)"
grep 'vm-test:' "$work/console.log" || true
[ "$status" -eq 0 ] || { tail -40 "$work/console.log"; die "qemu failed or timed out (exit $status); the console is in $work/console.log"; }
results=$work/results
rm -rf "$results" && mkdir -p "$results"
tar -xf "$work/out.img" -C "$results" 2>/dev/null || { tail -40 "$work/console.log"; die "the guest wrote no results"; }

check=0
python3 "$here/check-recording.py" "$results" $wanted || check=$?
[ "${VM_TEST_KEEP:-0}" = 1 ] || [ "$check" -ne 0 ] || rm -rf "$results"
say "took $(( $(date +%s) - started )) s in all"
exit "$check"
