#!/usr/bin/env python3
"""Footprint of the release service (issue 8's goals: < 20 MB resident, < 0.1 % of one core idle, first
frame < 300 ms with cached data).

Starts `weatherhub` (release build) on the demo data and the simulated panel, subscribed to a real
mosquitto broker on a free loopback port, as a systemd service would run it (NOTIFY_SOCKET, so the time to
READY=1 is the time to the first frame on the panel). Prints: time to the first frame (cold, then with the
state of the first run), resident memory after start and after the soak, and the CPU time used while
idle over --idle seconds.

    swift build -c release --static-swift-stdlib --product weatherhub   # the build deploy/install.sh installs
    Benchmarks/footprint/footprint.py [--idle 60] [--soak 300] [--breakdown]
"""
import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "release", "weatherhub")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def memory_kib(pid, field):
    """A total of /proc/PID/smaps_rollup, in KiB: "Rss" (resident) or "Private_Dirty" (memory only this
    process holds and the kernel cannot drop: anonymous and written pages)."""
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_by_mapping(pid):
    """Resident KiB per mapped file (anonymous memory as [heap] and [anon]), largest first."""
    totals = {}
    name = None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                name = fields[5] if len(fields) > 5 else "[anon]"
            elif fields[0] == "Rss:":
                totals[name] = totals.get(name, 0) + int(fields[1])
    return sorted(totals.items(), key=lambda item: -item[1])


def start_hub(work, port, notify_path):
    config = os.path.join(work, "config.yaml")
    with open(config, "w") as handle:
        handle.write(f"provider:\n  demo: true\nmqtt:\n  enabled: true\n  host: 127.0.0.1\n  port: {port}\n")
    receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if os.path.exists(notify_path):
        os.unlink(notify_path)
    receiver.bind(notify_path)
    receiver.settimeout(30)
    environment = dict(os.environ, WEATHERHUB_CONFIG=config, WEATHERHUB_STATE_DIR=os.path.join(work, "state"),
                       WEATHERHUB_RUNTIME_DIR=os.path.join(work, "run"), NOTIFY_SOCKET=notify_path,
                       MALLOC_ARENA_MAX="2")
    started = time.monotonic()
    hub = subprocess.Popen([BINARY], env=environment, stdout=subprocess.DEVNULL,
                           stderr=open(os.path.join(work, "weatherhub.log"), "a"))
    while True:
        message = receiver.recv(4096).decode()
        if "READY=1" in message.split("\n"):
            break
    ready = time.monotonic() - started
    receiver.close()
    return hub, ready


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--idle", type=int, default=60, help="seconds of idle CPU measurement")
    parser.add_argument("--breakdown", action="store_true", help="also print resident memory per mapped file")
    parser.add_argument("--soak", type=int, default=300, help="seconds the service runs before the last memory reading")
    arguments = parser.parse_args()
    build = "swift build -c release --static-swift-stdlib --product weatherhub"
    if not os.path.exists(BINARY):
        sys.exit(f"build the release service first: {build} ({BINARY} is missing)")
    if "libswiftCore.so" in subprocess.run(["ldd", BINARY], capture_output=True, text=True).stdout:
        sys.exit(f"{BINARY} links the Swift runtime dynamically, unlike the deployed service: {build}")
    os.sync()  # a freshly linked binary's pages would otherwise count as written (dirty) until written back
    work = tempfile.mkdtemp(prefix="weatherhub-footprint-")
    port = free_port()
    broker = subprocess.Popen(["mosquitto", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    notify_path = os.path.join(work, "notify.sock")
    try:
        time.sleep(0.5)
        hub, cold = start_hub(work, port, notify_path)
        hub.terminate()
        hub.wait()
        hub, warm = start_hub(work, port, notify_path)
        time.sleep(5)
        rss_start = memory_kib(hub.pid, "Rss")
        cpu_before = cpu_seconds(hub.pid)
        time.sleep(arguments.idle)
        idle_cpu = cpu_seconds(hub.pid) - cpu_before
        time.sleep(max(0, arguments.soak - arguments.idle - 5))
        rss_soak = memory_kib(hub.pid, "Rss")
        private_soak = memory_kib(hub.pid, "Private_Dirty")
        breakdown = rss_by_mapping(hub.pid)
        hub.terminate()
        status = hub.wait()
        print(f"first frame (READY=1), first start:          {cold * 1000:.0f} ms")
        print(f"first frame (READY=1), with cached state:    {warm * 1000:.0f} ms")
        print(f"resident memory 5 s after start:             {rss_start / 1024:.1f} MiB")
        print(f"resident memory after {arguments.soak} s:                 {rss_soak / 1024:.1f} MiB")
        print(f"  of which private and written (heap, stacks, relocated data): {private_soak / 1024:.1f} MiB; the rest maps files, mostly code")
        print(f"CPU while idle over {arguments.idle} s:                  {idle_cpu:.2f} s = {idle_cpu / arguments.idle * 100:.3f} % of one core")
        print(f"exit status after SIGTERM:                   {status}")
        if arguments.breakdown:
            print("resident memory by mapping after the soak:")
            for name, kib in breakdown:
                if kib >= 256:
                    print(f"  {kib / 1024:6.1f} MiB  {name}")
    finally:
        broker.terminate()
        broker.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
