#!/usr/bin/env bash
# Removes what deploy/install.sh added: the service, binaries, unit, rules, sysusers and tmpfiles
# entries, the example configuration and the broker snippet. Asks before deleting the state
# (/var/lib/weatherhub), the configuration and the key in /etc/weatherhub, and the weatherhub user.
#
#   sudo deploy/uninstall.sh [--purge] [--prefix DIR] [--root DIR] [--dry-run]
#
#   --purge     delete state, configuration, key and user without asking
#   --keep      keep them without asking
#   --prefix    where install.sh put the binaries (default /usr/local)
#   --root      a root directory other than / (tests)
#   --dry-run   print the system commands instead of running them
set -euo pipefail

prefix=/usr/local
root=/
dry_run=0
purge=ask

while [ $# -gt 0 ]; do
    case "$1" in
        --purge) purge=yes; shift ;;
        --keep) purge=no; shift ;;
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --root) root=${2:?--root needs a directory}; shift 2 ;;
        --dry-run) dry_run=1; shift ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "uninstall.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
root=${root%/}
print_only=0
[ "$dry_run" -eq 1 ] && [ -z "$root" ] && print_only=1

say() { printf '%s\n' "$*"; }
# System commands act on the running system: printed with --dry-run, skipped for another --root.
run() {
    if [ "$dry_run" -eq 1 ]; then say "would run: $*"
    elif [ -n "$root" ]; then say "skipped    $* (not the running system)"
    else "$@"; fi
}
remove() {
    local target=$root$1
    if [ -e "$target" ] || [ -L "$target" ]; then
        if [ "$print_only" -eq 1 ]; then say "would remove $1"; else rm -rf -- "$target"; say "removed    $1"; fi
    fi
}

[ "$dry_run" -eq 1 ] || [ "$(id -u)" -eq 0 ] || { echo "uninstall.sh: run as root, or add --dry-run" >&2; exit 1; }

run systemctl disable --now weatherhub.service
remove /etc/systemd/system/weatherhub.service
run systemctl daemon-reload
remove "$prefix/bin/weatherhub"
remove "$prefix/bin/weatherctl"
remove /etc/udev/rules.d/60-weatherhub.rules
run udevadm control --reload
remove /usr/lib/tmpfiles.d/weatherhub.conf
remove /usr/lib/sysusers.d/weatherhub.conf
remove /etc/weatherhub/config.example.yaml
remove /etc/mosquitto/conf.d/weatherhub.conf

if [ "$purge" = ask ]; then
    if [ -t 0 ]; then
        printf 'Delete the state (/var/lib/weatherhub), the configuration and API key (/etc/weatherhub) and the weatherhub user? [y/N] '
        read -r answer
        case "$answer" in [yY]*) purge=yes ;; *) purge=no ;; esac
    else
        purge=no
        say "kept       state, configuration and key (not a terminal: use --purge to delete them)"
    fi
fi
if [ "$purge" = yes ]; then
    remove /var/lib/weatherhub
    remove /etc/weatherhub
    remove /run/weatherhub
    if id weatherhub >/dev/null 2>&1; then run userdel weatherhub; fi
    if getent group weatherhub >/dev/null 2>&1; then run groupdel weatherhub; fi
else
    say "kept       /var/lib/weatherhub, /etc/weatherhub and the weatherhub user (reinstalling picks them up)"
fi
say "done"
