#!/bin/busybox sh
# /init of the VM test's initramfs (built by hardware/vm/run-vm-test.sh): PID 1 in a small KVM guest
# running Debian's kernel. For every scenario in /scenarios it makes a gpio-sim chip through configfs,
# starts the CUSE spidev (spidev-cuse) on it, runs the real weatherhub against both, drives a full and a
# partial refresh (or a BUSY that never releases), stops the hub with SIGTERM and keeps what it saw in
# /out. At the end /out goes to the first virtio disk as a tar stream, and the guest powers off.
# Each scenario line: NAME HUB MODEL CONTROLLER MODE   (MODE: refresh or stuck)
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin HOME=/root TZ=UTC
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /run
mkdir -p /dev/pts /out && mount -t devpts devpts /dev/pts
say() { echo "vm-test: $*"; }
for module in $(cat /modules.order); do insmod "/modules/$module" || say "insmod $module failed"; done
mount -t configfs configfs /sys/kernel/config
mount -t tracefs tracefs /sys/kernel/tracing
mount -t debugfs debugfs /sys/kernel/debug
say "kernel $(uname -r), modules: $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
uname -r > /out/kernel

# Waits up to $2 tenths of a second for the command in $1 to succeed.
wait_for() {
    tries=0
    until eval "$1"; do
        tries=$((tries + 1))
        [ "$tries" -ge "$2" ] && return 1
        sleep 0.1
    done
}

# The kernel's own record of every GPIO value set or read (tracepoint gpio:gpio_value), stamped with
# CLOCK_MONOTONIC like the spidev recording.
tracing=/sys/kernel/tracing
echo mono > $tracing/trace_clock
echo 8192 > $tracing/buffer_size_kb
echo 1 > $tracing/events/gpio/gpio_value/enable

# Copies every version of the hub's panel state file ($1) to $2/state-N.json. The hub replaces it atomically
# after every refresh (a new inode each time); refreshes are at least 0.3 s apart, polls 0.1 s.
snapshot_states() {
    last= count=0
    while :; do
        inode=$(stat -c %i "$1" 2>/dev/null)
        if [ -n "$inode" ] && [ "$inode" != "$last" ] && cp "$1" "$2/state.tmp" 2>/dev/null; then
            count=$((count + 1))
            mv "$2/state.tmp" "$2/state-$count.json"
            last=$inode
        fi
        sleep 0.1
    done
}

run_scenario() {
    name=$1 hub=$2 model=$3 controller=$4 mode=$5
    out=/out/$name state=/run/$name/state runtime=/run/$name/run
    mkdir -p "$out" "$state" "$runtime"
    echo "$model $controller $mode $hub" > "$out/scenario"
    say "== $name: $hub, $model ($controller), $mode"

    # A 28-line gpio-sim chip, so BCM numbers 17, 18, 24, 25 are line offsets as on the Pi header.
    sim=/sys/kernel/config/gpio-sim/$name
    mkdir "$sim" "$sim/bank0"
    echo 28 > "$sim/bank0/num_lines"
    echo 1 > "$sim/live" || { say "gpio-sim chip not live"; return; }
    chip=$(cat "$sim/bank0/chip_name")
    chip_dir=/sys/devices/platform/$(cat "$sim/dev_name")/$chip
    echo "$chip $chip_dir" > "$out/chip"

    stuck=
    [ "$mode" = stuck ] && stuck=--stuck
    spidev-cuse --name spidev0.0 --record "$out/spi.rec" --chip-dir "$chip_dir" --controller "$controller" $stuck \
        > "$out/cuse.log" 2>&1 &
    cuse=$!
    wait_for '[ -c /dev/spidev0.0 ]' 50 || say "no /dev/spidev0.0"

    echo > $tracing/trace
    export WEATHERHUB_CONFIG=/scenario/$name.yaml WEATHERHUB_STATE_DIR=$state WEATHERHUB_RUNTIME_DIR=$runtime
    export WEATHERHUB_PANEL__GPIO__CHIP=/dev/$chip
    start=$(cut -d' ' -f1 /proc/uptime)
    "/usr/bin/$hub" > "$out/hub.log" 2>&1 &
    hub_pid=$!
    snapshot_states "$state/panel/state.json" "$out" &
    snapshots=$!

    if [ "$mode" = stuck ]; then
        # BUSY never releases: wait for three timeouts, so at least one retry came after retry_interval
        # (the start-up timeline's frame, which a person is waiting for, may be tried at once).
        wait_for "[ \$(grep -c 'stayed' '$out/hub.log') -ge 3 ]" 200 || say "fewer than three BUSY timeouts"
        gpio-lineinfo "/dev/$chip" 17 18 24 25 > "$out/lineinfo" 2>&1
        weatherctl status > "$out/status.txt" 2>&1; echo "exit $?" >> "$out/status.txt"
    else
        # The first refresh (full) is over when the panel's state file appears.
        wait_for "[ -s '$state/panel/state.json' ]" 300 || say "no first refresh"
        gpio-lineinfo "/dev/$chip" 17 18 24 25 > "$out/lineinfo" 2>&1
        cat /sys/kernel/debug/gpio > "$out/debugfs-gpio"
        # A user's city change: the frame changes, the hub refreshes at once, partially.
        weatherctl city set Paris --country FR --timeout 30 > "$out/city.txt" 2>&1; echo "exit $?" >> "$out/city.txt"
    fi
    kill -TERM "$hub_pid"
    wait "$hub_pid"
    echo "$?" > "$out/hub.exit"
    sleep 0.2
    kill "$snapshots"
    end=$(cut -d' ' -f1 /proc/uptime)
    echo "$start $end" > "$out/uptime"
    cp $tracing/trace "$out/gpio.trace"
    cat /sys/kernel/debug/gpio > "$out/debugfs-gpio-after"
    grep -h "gpiochip.*GPIOs" /sys/kernel/debug/gpio > "$out/chip-base"

    kill -TERM "$cuse"
    wait "$cuse"
    wait_for '[ ! -e /dev/spidev0.0 ]' 50 || say "/dev/spidev0.0 still there"
    echo 0 > "$sim/live"
    rmdir "$sim/bank0" "$sim"
    say "== $name done in $(awk "BEGIN { print $end - $start }") s, hub exit $(cat "$out/hub.exit")"
}

while read -r name hub model controller mode; do
    case "$name" in ''|\#*) continue ;; esac
    run_scenario "$name" "$hub" "$model" "$controller" "$mode"
done < /scenarios

dmesg > /out/dmesg
tar -cf /dev/vda -C /out . && sync
say "results written"
poweroff -f
