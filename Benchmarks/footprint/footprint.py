#!/usr/bin/env python3
"""Footprint of the release service (issue 8's goals: < 20 MB resident, < 0.1 % of one core idle, first
frame < 300 ms with cached data).

Starts `weatherhub` (release build) on the simulated panel, subscribed to a real mosquitto broker on a free
loopback port, as a systemd service would run it (NOTIFY_SOCKET, so the time to READY=1 is the time to the
first frame on the panel). The weather comes from the demo data, or with `--provider openweathermap` from a
loopback HTTP server answering in OpenWeatherMap's format (the fixtures of the WeatherInfoKit tests), so the
HTTP stack is loaded as on a real installation. Prints: time to the first frame (cold, then with the state of
the first run), resident memory after start and after the soak, and the CPU time and thread wake-ups while idle.

    deploy/build-release --product weatherhub          # the build deploy/install.sh installs
    Benchmarks/footprint/footprint.py [--provider demo|openweathermap] [--web] [--idle 60] [--soak 300] [--breakdown]

This script and displays_load.py measure another build when WEATHERHUB_BENCH_BINARY names it: on a machine
whose speed changes by the hour, two builds compare fairly only in alternating runs.
"""
import argparse
import http.server
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("WEATHERHUB_BENCH_BINARY") or os.path.join(ROOT, ".build-release", "release", "weatherhub")
BUILD = "deploy/build-release --product weatherhub"
FIXTURES = os.path.join(ROOT, "Tests", "WeatherInfoKitTests", "Fixtures")
# OpenWeatherMap's paths and the recorded answers the loopback server gives for them.
ANSWERS = {
    "/geo/1.0/direct": "geocoding_direct_london_limit5_doc.json",
    "/data/2.5/weather": "current_weather_real_london_2020.json",
    "/data/2.5/forecast": "forecast5_doc_excerpt_zocca_standard.json",
    "/data/3.0/onecall": "onecall3_doc_example_standard.json",
}
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


def idle_wakeups(pid, seconds):
    """Waits `seconds` and returns how often the service's threads were scheduled meanwhile (its context
    switches, counted by perf for every thread, also those that start or end meanwhile); idle, each is a
    wake-up. None when perf is missing or not allowed."""
    if shutil.which("perf") is None:
        time.sleep(seconds)
        return None
    counted = subprocess.run(["perf", "stat", "-x", ",", "-e", "context-switches", "-p", str(pid), "--", "sleep", str(seconds)],
                             capture_output=True, text=True)
    for line in counted.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2] == "context-switches" and fields[0].isdigit():
            return int(fields[0])
    print(f"perf could not count the service's context switches: {counted.stderr.strip()}", file=sys.stderr)
    return None


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


class OpenWeatherMapServer:
    """A loopback HTTP server answering OpenWeatherMap's endpoints with recorded responses."""

    def __init__(self):
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                name = ANSWERS.get(self.path.split("?")[0])
                body = open(os.path.join(FIXTURES, name), "rb").read() if name else b'{"cod":404,"message":"not found"}'
                self.send_response(200 if name else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                # A service stopped in the middle of a fetch is no error of the server's.
                if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
                    super().handle_error(request, client_address)

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def sources(port, weather_url=None):
    """The configuration's data sources: the demo data or OpenWeatherMap at `weather_url`, and the broker on
    `port` (none when `port` is None)."""
    provider = "provider:\n  demo: true\n"
    if weather_url:
        provider = (f"provider:\n  base_url: {weather_url}\n  api_key: 0123456789abcdef0123456789abcdef\n"
                    "  city: London\n  country: GB\n")
    return provider + (f"mqtt:\n  enabled: true\n  host: 127.0.0.1\n  port: {port}\n" if port else "")


def write_config(work, text):
    """Writes the service's configuration, private to its owner, as a file holding an API key must be."""
    config = os.path.join(work, "config.yaml")
    with open(os.open(config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:
        handle.write(text)
    return config


def start_hub(work, config, notify_path, command=(BINARY,), timeout=30):
    """Starts the service (`command`, possibly wrapped in a profiler) and returns it with the seconds it took
    to send READY=1."""
    receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if os.path.exists(notify_path):
        os.unlink(notify_path)
    receiver.bind(notify_path)
    receiver.settimeout(timeout)
    environment = dict(os.environ, WEATHERHUB_CONFIG=config, WEATHERHUB_STATE_DIR=os.path.join(work, "state"),
                       WEATHERHUB_RUNTIME_DIR=os.path.join(work, "run"), NOTIFY_SOCKET=notify_path,
                       MALLOC_ARENA_MAX="2")
    started = time.monotonic()
    hub = subprocess.Popen(list(command), env=environment, stdout=subprocess.DEVNULL,
                           stderr=open(os.path.join(work, "weatherhub.log"), "a"))
    while True:
        message = receiver.recv(4096).decode()
        if "READY=1" in message.split("\n"):
            break
    ready = time.monotonic() - started
    receiver.close()
    return hub, ready


def cold_page_cache():
    """Writes the page cache back and, when run as root, drops it, so the service starts as after a boot.
    The kernel maps the cached neighbours of every page a program touches (fault-around, 64 KiB), so a
    binary that was just linked or just run counts 1–2 MiB more resident than the same binary read cold.
    Returns whether the cache was dropped."""
    os.sync()
    try:
        with open("/proc/sys/vm/drop_caches", "w") as caches:
            caches.write("1\n")
        return True
    except OSError:
        return False


def cache_note(dropped):
    return "page cache dropped first" if dropped else "page cache not dropped (not root): resident figures read high"


def require_release_build():
    if not os.path.exists(BINARY):
        sys.exit(f"build the release service first: {BUILD} ({BINARY} is missing)")
    if "libswiftCore.so" in subprocess.run(["ldd", BINARY], capture_output=True, text=True).stdout:
        sys.exit(f"{BINARY} links the Swift runtime dynamically, unlike the deployed service: {BUILD}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--provider", choices=["demo", "openweathermap"], default="demo",
                        help="where the weather comes from: the demo data, or OpenWeatherMap's format from a loopback server")
    parser.add_argument("--idle", type=int, default=60, help="seconds of idle CPU measurement")
    parser.add_argument("--breakdown", action="store_true", help="also print resident memory per mapped file")
    parser.add_argument("--web", action="store_true", help="with the web side on (`http:` on a loopback port, no display)")
    parser.add_argument("--soak", type=int, default=300, help="seconds the service runs before the last memory reading")
    arguments = parser.parse_args()
    require_release_build()
    dropped = cold_page_cache()
    work = tempfile.mkdtemp(prefix="weatherhub-footprint-")
    port = free_port()
    broker = subprocess.Popen(["mosquitto", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    notify_path = os.path.join(work, "notify.sock")
    weather = OpenWeatherMapServer() if arguments.provider == "openweathermap" else None
    config = write_config(work, sources(port, weather.url if weather else None))
    if arguments.web:
        with open(config, "a") as handle:
            handle.write(f"http:\n  address: 127.0.0.1\n  port: {free_port()}\n")
    try:
        time.sleep(0.5)
        hub, cold = start_hub(work, config, notify_path)
        hub.terminate()
        hub.wait()
        hub, warm = start_hub(work, config, notify_path)
        time.sleep(5)
        rss_start = memory_kib(hub.pid, "Rss")
        cpu_before = cpu_seconds(hub.pid)
        wakeups = idle_wakeups(hub.pid, arguments.idle)
        idle_cpu = cpu_seconds(hub.pid) - cpu_before
        time.sleep(max(0, arguments.soak - arguments.idle - 5))
        rss_soak = memory_kib(hub.pid, "Rss")
        private_soak = memory_kib(hub.pid, "Private_Dirty")
        breakdown = rss_by_mapping(hub.pid)
        hub.terminate()
        status = hub.wait()
        print(f"first frame (READY=1), first start:          {cold * 1000:.0f} ms")
        print(f"first frame (READY=1), with cached state:    {warm * 1000:.0f} ms")
        print(f"resident memory 5 s after start:             {rss_start / 1024:.1f} MiB ({cache_note(dropped)})")
        print(f"resident memory after {arguments.soak} s:                 {rss_soak / 1024:.1f} MiB")
        print(f"  of which private and written (heap, stacks, relocated data): {private_soak / 1024:.1f} MiB; the rest maps files, mostly code")
        print(f"CPU while idle over {arguments.idle} s:                  {idle_cpu:.2f} s = {idle_cpu / arguments.idle * 100:.3f} % of one core")
        if wakeups is None:
            print("wake-ups while idle:                         not counted (needs linux-perf, run as root)")
        else:
            print(f"wake-ups while idle:                         {wakeups} in {arguments.idle} s = {wakeups * 60 / arguments.idle:.1f} a minute")
        print(f"exit status after SIGTERM:                   {status}")
        if arguments.breakdown:
            print("resident memory by mapping after the soak:")
            for name, kib in breakdown:
                if kib >= 256:
                    print(f"  {kib / 1024:6.1f} MiB  {name}")
    finally:
        if weather:
            weather.close()
        broker.terminate()
        broker.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
