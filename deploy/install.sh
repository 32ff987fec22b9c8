#!/usr/bin/env bash
# Installs WeatherHub as a systemd service on Raspberry Pi OS 64-bit (bookworm, trixie) or Debian 12.
# Safe to run again: an upgrade replaces the binaries, unit and rules, and keeps the configuration,
# the API key and the state. See docs/deployment.md.
#
#   sudo deploy/install.sh                      build in release here, install, start
#   sudo deploy/install.sh --binary DIR         install prebuilt weatherhub and weatherctl from DIR
#   deploy/install.sh --root DIR --dry-run      write every file under DIR, run no system command
#
# Options:
#   --binary DIR     take weatherhub and weatherctl from DIR instead of building
#   --prefix DIR     where the binaries go (default /usr/local: /usr/local/bin)
#   --root DIR       install into DIR instead of / (a throwaway root for tests or an image)
#   --dry-run        print the system commands (apt-get, systemctl, …) instead of running them
#   --with-broker    also install mosquitto with deploy/mosquitto/weatherhub.conf
#   --no-start       install and enable, but do not (re)start the service
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
binary_dir=""
prefix=/usr/local
root=/
dry_run=0
with_broker=0
start=1

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary_dir=${2:?--binary needs a directory}; shift 2 ;;
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --root) root=${2:?--root needs a directory}; shift 2 ;;
        --dry-run) dry_run=1; shift ;;
        --with-broker) with_broker=1; shift ;;
        --no-start) start=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
root=${root%/}
# --dry-run without --root writes nothing at all; with --root it writes the files there to be checked.
print_only=0
[ "$dry_run" -eq 1 ] && [ -z "$root" ] && print_only=1
case "$prefix" in /*) ;; *) echo "install.sh: --prefix must be an absolute path" >&2; exit 2 ;; esac

say() { printf '%s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# System commands: run, or only printed with --dry-run. `live` ones act on the running system and are
# skipped for another --root; the others take --root.
root_args=()
[ -n "$root" ] && root_args=("--root=$root")
live() {
    if [ -n "$root" ] && [ "$dry_run" -eq 0 ]; then say "skipped    $* (not the running system)"; else run "$@"; fi
}
run() {
    if [ "$dry_run" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

# Installs SOURCE as ROOT/TARGET with MODE when the content or mode differs; says what changed.
changed=0
put() {
    local mode=$1 source=$2 target=$root$3 owner=${4:-}
    if [ "$print_only" -eq 1 ]; then say "would install $3 (mode $mode)"; return 0; fi
    mkdir -p "$(dirname "$target")"
    if [ -f "$target" ] && cmp -s "$source" "$target" && [ "$(stat -c %a "$target")" = "${mode#0}" ]; then
        say "unchanged  $3"
    else
        install -m "$mode" "$source" "$target"
        say "installed  $3"
        changed=1
    fi
    [ -n "$owner" ] && run chown "$owner" "$target"
    return 0
}

# Installs SOURCE as ROOT/TARGET only when TARGET does not exist (configuration, keys).
put_once() {
    local mode=$1 source=$2 target=$root$3 owner=${4:-}
    if [ "$print_only" -eq 1 ]; then say "would install $3 (mode $mode) unless it exists"; return 0; fi
    if [ -e "$target" ]; then
        say "kept       $3"
        return 0
    fi
    mkdir -p "$(dirname "$target")"
    install -m "$mode" "$source" "$target"
    say "installed  $3"
    changed=1
    [ -n "$owner" ] && run chown "$owner" "$target"
    return 0
}

# --- The machine --------------------------------------------------------------------------------
os_release=/etc/os-release
[ -r "$os_release" ] || fail "cannot read $os_release: this script supports Raspberry Pi OS and Debian only"
# shellcheck disable=SC1090
. "$os_release"
codename=${VERSION_CODENAME:-}
case "${ID:-}:$codename" in
    debian:bookworm|debian:trixie|raspbian:bookworm|raspbian:trixie) ;;
    *) fail "unsupported system '${PRETTY_NAME:-unknown}': use Raspberry Pi OS 64-bit (bookworm or trixie) or Debian 12" ;;
esac
arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
case "$arch" in
    arm64|aarch64|amd64|x86_64) ;;
    armhf|armel|armv7l|armv6l) fail "this is a 32-bit system ($arch): Swift needs 64-bit Raspberry Pi OS (arm64); flash the 64-bit image" ;;
    *) fail "unsupported architecture $arch (arm64 or amd64 only)" ;;
esac
say "system     ${PRETTY_NAME:-$ID $codename} ($arch)"
[ "$dry_run" -eq 1 ] || [ "$(id -u)" -eq 0 ] || fail "run as root (sudo deploy/install.sh), or add --dry-run"

# --- Packages -----------------------------------------------------------------------------------
if [ "$codename" = trixie ]; then
    runtime_packages=(libmosquitto1 libgpiod3 fonts-dejavu-core ca-certificates libsqlite3-0 libfreetype6 zlib1g tzdata)
else
    runtime_packages=(libmosquitto1 libgpiod2 fonts-dejavu-core ca-certificates libsqlite3-0 libfreetype6 zlib1g tzdata)
fi
build_packages=(pkg-config libmosquitto-dev libgpiod-dev libfreetype-dev zlib1g-dev libsqlite3-dev)
wanted=("${runtime_packages[@]}")
[ -z "$binary_dir" ] && wanted+=("${build_packages[@]}")
[ "$with_broker" -eq 1 ] && wanted+=(mosquitto mosquitto-clients)
missing=()
for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    run apt-get update
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
else
    say "packages   all present"
fi

# --- Binaries -----------------------------------------------------------------------------------
if [ -z "$binary_dir" ]; then
    command -v swift >/dev/null || fail "swift is not installed: install Swift 6.3 (docs/deployment.md, 'Building on the Pi'), or give --binary DIR"
    # Static Swift runtime (the binaries need no toolchain on the target), code laid out to stay small.
    run "$repo/deploy/build-release" --product weatherhub
    run "$repo/deploy/build-release" --product weatherctl
    binary_dir=$repo/.build-release/release
fi
for program in weatherhub weatherctl; do
    if [ -x "$binary_dir/$program" ]; then
        put 0755 "$binary_dir/$program" "$prefix/bin/$program"
    elif [ "$dry_run" -eq 1 ]; then
        say "would install $binary_dir/$program as $prefix/bin/$program"
    else
        fail "$binary_dir/$program is missing or not executable"
    fi
done

# --- User, groups, directories, devices ---------------------------------------------------------
put 0644 "$repo/deploy/sysusers/weatherhub.conf" /usr/lib/sysusers.d/weatherhub.conf
put 0644 "$repo/deploy/tmpfiles/weatherhub.conf" /usr/lib/tmpfiles.d/weatherhub.conf
put 0644 "$repo/deploy/udev/60-weatherhub.rules" /etc/udev/rules.d/60-weatherhub.rules
run systemd-sysusers "${root_args[@]}" /usr/lib/sysusers.d/weatherhub.conf
run systemd-tmpfiles "${root_args[@]}" --create /usr/lib/tmpfiles.d/weatherhub.conf
live udevadm control --reload
live udevadm trigger --subsystem-match=spidev --subsystem-match=gpio
# The admin who ran sudo may use weatherctl (the shared defaults and the control socket).
if [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
    id -nG "$SUDO_USER" 2>/dev/null | tr ' ' '\n' | grep -qx weatherhub \
        || live usermod -aG weatherhub "$SUDO_USER"
fi

# --- Configuration and key (never overwritten) --------------------------------------------------
if [ "$print_only" -eq 0 ]; then
    mkdir -p "$root/etc/weatherhub"
    # Group-writable and setgid: the settings pages and `weatherctl config set` replace config.yaml.
    chmod 2770 "$root/etc/weatherhub"
fi
run chown root:weatherhub "$root/etc/weatherhub"
put_once 0640 "$repo/config/weatherhub.yaml" /etc/weatherhub/config.yaml root:weatherhub
put 0644 "$repo/config/weatherhub.example.yaml" /etc/weatherhub/config.example.yaml
# Read by systemd (LoadCredential=) as root; empty until a key is written into it.
put_once 0600 /dev/null /etc/weatherhub/openweathermap-api-key root:root

# --- Broker (optional) --------------------------------------------------------------------------
if [ "$with_broker" -eq 1 ]; then
    put 0644 "$repo/deploy/mosquitto/weatherhub.conf" /etc/mosquitto/conf.d/weatherhub.conf
    [ -e "$root/etc/mosquitto/passwd" ] || say "next       create the broker users: see /etc/mosquitto/conf.d/weatherhub.conf"
fi

# --- The unit -----------------------------------------------------------------------------------
unit=$(mktemp)
trap 'rm -f "$unit"' EXIT
# The repository's unit is the package's (/usr/bin); point it at this --prefix.
sed "s|^ExecStart=/usr/bin/weatherhub|ExecStart=$prefix/bin/weatherhub|" \
    "$repo/deploy/systemd/weatherhub.service" > "$unit"
put 0644 "$unit" /etc/systemd/system/weatherhub.service
live systemctl daemon-reload
run systemctl "${root_args[@]}" enable weatherhub.service
if [ "$start" -eq 1 ]; then
    # restart picks up new binaries on an upgrade and starts a fresh install
    live systemctl restart weatherhub.service
fi

# --- SPI ----------------------------------------------------------------------------------------
if [ ! -e "$root/dev/spidev0.0" ]; then
    boot_config=/boot/firmware/config.txt
    [ -e "$root$boot_config" ] || [ ! -e "$root/boot/config.txt" ] || boot_config=/boot/config.txt
    say "SPI        not enabled: /dev/spidev0.0 is missing. A real panel needs it (the simulated panel does not):"
    say "           sudo raspi-config nonint do_spi 0    (or add dtparam=spi=on to $boot_config)"
    say "           then reboot."
fi

if [ "$changed" -eq 0 ]; then say "done       nothing changed"; else say "done"; fi
say "next       edit /etc/weatherhub/config.yaml, check it with: weatherctl config check"
say "           logs: journalctl -u weatherhub -f    status: weatherctl status"
