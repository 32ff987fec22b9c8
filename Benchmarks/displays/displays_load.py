#!/usr/bin/env python3
"""Networked displays under load (issue 16's goals: p99 < 20 ms for /api/display and the image, resident
memory < 24 MiB with the web side on).

Starts the release `weatherhub` (simulated panel; demo data, or with `--provider openweathermap` a loopback
server answering in OpenWeatherMap's format, so the HTTPS stack is loaded as on a real installation; with
`--mqtt` also subscribed to a real mosquitto broker on loopback) with four TRMNL displays of 800×480 (or
`--displays N`) and the devices spread over them, sets the 100 devices up (`/api/setup`), then wakes all of them at once, `--rounds`
times, a second apart: each device asks `/api/display` and fetches the image it is told about, on a new
connection each time, as the firmware does. Prints the p50 and p99 latency of both requests as the devices saw them, the
service's CPU time per request over the measured rounds (all threads, from /proc), and its resident memory
before, right after the rounds, once the web side has been quiet long enough to trim the heap, and its peak.

    deploy/build-release --product weatherhub
    Benchmarks/displays/displays_load.py [--devices 100] [--rounds 20] [--displays 4] [--provider openweathermap] [--mqtt]
"""
import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "footprint"))
import footprint  # noqa: E402  (the release binary, start-up, /proc readings)

QUIET = 10  # seconds without a request after which the web side trims the heap (QuietHeapTrim's default)
LAYOUTS = [
    ["  - kind: weather", "    family: extraLarge"],
    ["  - kind: weather", "    family: large", "    region: { x: 0, y: 0, width: 528, height: 480 }",
     "  - kind: sensors", "    family: small", "    region: { x: 528, y: 0, width: 272, height: 480 }"],
    ["  - kind: forecast", "    family: large"],
    ["  - kind: weather", "    family: extraLarge"],
]


def mac(index):
    return f"02:00:00:00:{index // 256:02X}:{index % 256:02X}"


def display_entries(indices, displays):
    """The entries of the configuration's `displays:` list: `displays` TRMNL displays of 800×480, each with its
    layout from LAYOUTS, and the devices numbered `indices` spread over them."""
    lines = []
    for display in range(displays):
        listed = ", ".join(f'"{mac(index)}"' for number, index in enumerate(indices) if number % displays == display)
        lines += [f"  - id: screen{display}", "    kind: trmnl", f"    devices: [{listed}]", "    layout:"]
        lines += ["    " + line for line in LAYOUTS[display]]
    return lines


def write_config(work, port, devices, displays, sources):
    """`sources`: the configuration's provider (and mqtt) part, from footprint.sources."""
    lines = [sources.rstrip("\n"), "displays:", *display_entries(range(devices), displays)]
    lines += ["http:", "  address: 127.0.0.1", f"  port: {port}"]
    return footprint.write_config(work, "\n".join(lines) + "\n")


def set_up(port, indices):
    """Each device's `/api/setup`, as the firmware does on its first boot: "MAC API_KEY" lines."""
    lines = []
    for index in indices:
        connection = http.client.HTTPConnection("127.0.0.1", port)
        connection.request("GET", "/api/setup", headers={"ID": mac(index), "FW-Version": "1.5.7"})
        answer = connection.getresponse()
        body = answer.read()
        connection.close()
        if answer.status != 200 or json.loads(body).get("status") != 200:
            raise SystemExit(f"setup of {mac(index)} refused: {body[:200]!r}")
        lines.append(f"{mac(index)} {json.loads(body)['api_key']}\n")
    return "".join(lines)


def build_client(work):
    """Compiles trmnl_burst.c, the devices (C on epoll, so the client takes little of the shared cores)."""
    binary = os.path.join(work, "trmnl_burst")
    compiler = shutil.which("cc") or shutil.which("clang")  # the Swift toolchain brings clang
    if not compiler:
        raise SystemExit("no C compiler (cc or clang) on PATH to build the devices: apt install gcc")
    subprocess.run([compiler, "-O2", "-o", binary, os.path.join(HERE, "trmnl_burst.c")], check=True)
    return binary


def wake_rounds(client, port, pid, rounds, devices):
    """The devices' rounds: each request's latency by kind, the service's CPU seconds and the wall seconds."""
    result = subprocess.run([client, str(port), str(pid), str(rounds)], input=devices, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"the devices failed: {result.stderr.strip()}")
    timings, totals = {"display": [], "image": []}, {}
    for line in result.stdout.splitlines():
        name, value = line.split()
        if name in timings:
            timings[name].append(float(value))
        else:
            totals[name] = float(value)
    return timings, totals["cpu"], totals["wall"]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--devices", type=int, default=100, help="devices waking at once")
    parser.add_argument("--rounds", type=int, default=20, help="times they all wake")
    parser.add_argument("--displays", type=int, choices=range(1, len(LAYOUTS) + 1), default=len(LAYOUTS),
                        help="displays the devices are spread over")
    parser.add_argument("--provider", choices=["demo", "openweathermap"], default="demo",
                        help="where the weather comes from: the demo data, or OpenWeatherMap's format from a loopback server")
    parser.add_argument("--mqtt", action="store_true", help="also subscribe to a mosquitto broker on loopback, as an installation with sensors does")
    parser.add_argument("--breakdown", action="store_true", help="also print resident memory per mapping once the web side is quiet after the rounds")
    arguments = parser.parse_args()
    footprint.require_release_build()
    dropped = footprint.cold_page_cache()
    with tempfile.TemporaryDirectory(prefix="weatherhub-displays-") as work:
        port = footprint.free_port()
        weather = footprint.OpenWeatherMapServer() if arguments.provider == "openweathermap" else None
        broker_port = footprint.free_port() if arguments.mqtt else None
        broker = subprocess.Popen(["mosquitto", "-p", str(broker_port)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL) if broker_port else None
        sources = footprint.sources(broker_port, weather.url if weather else None)
        config = write_config(work, port, arguments.devices, arguments.displays, sources)
        time.sleep(0.5 if broker else 0)
        hub, ready = footprint.start_hub(work, config, os.path.join(work, "notify.sock"))
        try:
            time.sleep(3)  # every display's first timeline composed
            rss_idle = footprint.memory_kib(hub.pid, "Rss")
            dirty_idle = footprint.memory_kib(hub.pid, "Private_Dirty")
            devices = set_up(port, range(arguments.devices))
            timings, cpu, wall = wake_rounds(build_client(work), port, hub.pid, arguments.rounds, devices)
            rss = footprint.memory_kib(hub.pid, "Rss")
            time.sleep(QUIET + 1)  # the web side gives the burst's freed heap back once it is quiet
            rss_quiet = footprint.memory_kib(hub.pid, "Rss")
            dirty_idle_quiet = dirty_idle, footprint.memory_kib(hub.pid, "Private_Dirty")
            breakdown = footprint.rss_by_mapping(hub.pid)
            with open(f"/proc/{hub.pid}/status") as status:
                peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        finally:
            hub.terminate()
            hub.wait()
            if broker:
                broker.terminate()
                broker.wait()
            if weather:
                weather.close()
    requests = len(timings["display"]) + len(timings["image"])
    sources = ("demo data" if arguments.provider == "demo" else "OpenWeatherMap on loopback") + (", MQTT" if arguments.mqtt else "")
    print(f"{arguments.devices} devices on {arguments.displays} displays, {arguments.rounds} rounds of all waking at once "
          f"({sources}; READY after {ready * 1000:.0f} ms)")
    for name in ("display", "image"):
        values = timings[name]
        print(f"  {'/api/display' if name == 'display' else 'image':12}  p50 {percentile(values, 0.5) * 1000:6.2f} ms"
              f"   p99 {percentile(values, 0.99) * 1000:6.2f} ms   max {max(values) * 1000:6.2f} ms")
    print(f"  service CPU   {cpu / requests * 1e6:.0f} µs per request ({requests} requests, {requests / wall:.0f}/s)")
    print(f"  resident      {rss_idle / 1024:.1f} MiB before, {rss / 1024:.1f} MiB right after the rounds, "
          f"{rss_quiet / 1024:.1f} MiB {QUIET + 1} s later, peak {peak / 1024:.1f} MiB ({footprint.cache_note(dropped)})")
    print(f"  of which only the hub's (private, dirty): {dirty_idle_quiet[0] / 1024:.1f} MiB before, "
          f"{dirty_idle_quiet[1] / 1024:.1f} MiB once quiet")
    if arguments.breakdown:
        for name, kib in breakdown:
            if kib >= 256:
                print(f"  {kib / 1024:6.1f} MiB  {name}")


if __name__ == "__main__":
    main()
