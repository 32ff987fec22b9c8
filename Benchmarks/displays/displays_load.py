#!/usr/bin/env python3
"""Networked displays under load (issue 16's goals: p99 < 20 ms for /api/display and the image, resident
memory < 24 MiB with the web side on).

Starts the release `weatherhub` (demo data, simulated panel) with four TRMNL displays of 800×480 (or
`--displays N`) and the devices spread over them, sets the 100 devices up (`/api/setup`), then wakes all of them at once, `--rounds`
times, a second apart: each device asks `/api/display` and fetches the image it is told about, on a new
connection each time, as the firmware does. Prints the p50 and p99 latency of both requests as the devices saw them, the
service's CPU time per request over the measured rounds (all threads, from /proc), and its resident memory
after the rounds (and its peak).

    deploy/build-release --product weatherhub
    Benchmarks/displays/displays_load.py [--devices 100] [--rounds 20] [--displays 4]
"""
import argparse
import asyncio
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "footprint"))
import footprint  # noqa: E402  (the release binary, start-up, /proc readings)

LAYOUTS = [
    ["  - kind: weather", "    family: extraLarge"],
    ["  - kind: weather", "    family: large", "    region: { x: 0, y: 0, width: 528, height: 480 }",
     "  - kind: sensors", "    family: small", "    region: { x: 528, y: 0, width: 272, height: 480 }"],
    ["  - kind: forecast", "    family: large"],
    ["  - kind: weather", "    family: extraLarge"],
]


def mac(index):
    return f"02:00:00:00:{index // 256:02X}:{index % 256:02X}"


def write_config(work, port, devices, displays):
    lines = ["provider:", "  demo: true", "displays:"]
    for display in range(displays):
        listed = ", ".join(f'"{mac(index)}"' for index in range(devices) if index % displays == display)
        lines += [f"  - id: screen{display}", "    kind: trmnl", f"    devices: [{listed}]", "    layout:"]
        lines += ["    " + line for line in LAYOUTS[display]]
    lines += ["http:", "  address: 127.0.0.1", f"  port: {port}"]
    config = os.path.join(work, "config.yaml")
    with open(config, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return config


async def request(port, path, headers):
    """One GET on a new connection: (status, body, seconds)."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
    writer.write(head.encode())
    await writer.drain()
    response = await reader.read()
    elapsed = time.perf_counter() - started
    writer.close()
    header, _, body = response.partition(b"\r\n\r\n")
    return int(header.split(b" ", 2)[1]), body, elapsed


def device_headers(index, key):
    return {"ID": mac(index), "Access-Token": key, "Refresh-Rate": "900", "Battery-Voltage": "4.10",
            "FW-Version": "1.5.7", "RSSI": "-60", "Width": "800", "Height": "480"}


async def wake(port, index, key, timings):
    status, body, display_seconds = await request(port, "/api/display", device_headers(index, key))
    if status != 200 or json.loads(body)["status"] != 0:
        raise SystemExit(f"device {mac(index)}: /api/display answered {status} {body[:200]!r}")
    path = json.loads(body)["image_url"].split(f":{port}", 1)[1]
    status, image, image_seconds = await request(port, path, {})
    if status != 200 or not image:
        raise SystemExit(f"device {mac(index)}: the image answered {status}")
    timings["display"].append(display_seconds)
    timings["image"].append(image_seconds)


def event_loop_runner():
    """uvloop when installed (`pip install uvloop`): the client then takes less of the cores it shares with
    the service, so the latencies are more the service's own."""
    try:
        import uvloop
        return uvloop.run
    except ImportError:
        return asyncio.run


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def run(port, devices, rounds, pid):
    keys = []
    for index in range(devices):
        status, body, _ = await request(port, "/api/setup", {"ID": mac(index), "FW-Version": "1.5.7"})
        if status != 200 or json.loads(body).get("status") != 200:
            raise SystemExit(f"setup of {mac(index)} refused: {body[:200]!r}")
        keys.append(json.loads(body)["api_key"])
    warmup = {"display": [], "image": []}
    await asyncio.gather(*(wake(port, index, keys[index], warmup) for index in range(devices)))
    timings = {"display": [], "image": []}
    cpu = wall = 0.0
    for _ in range(rounds):
        # A second apart, as real wake-ups are at least a minute apart: within each device's request budget.
        await asyncio.sleep(1)
        cpu_before, started = footprint.cpu_seconds(pid), time.perf_counter()
        await asyncio.gather(*(wake(port, index, keys[index], timings) for index in range(devices)))
        wall += time.perf_counter() - started
        cpu += footprint.cpu_seconds(pid) - cpu_before
    return timings, cpu, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--devices", type=int, default=100, help="devices waking at once")
    parser.add_argument("--rounds", type=int, default=20, help="times they all wake")
    parser.add_argument("--displays", type=int, choices=range(1, len(LAYOUTS) + 1), default=len(LAYOUTS),
                        help="displays the devices are spread over")
    arguments = parser.parse_args()
    footprint.require_release_build()
    with tempfile.TemporaryDirectory(prefix="weatherhub-displays-") as work:
        port = footprint.free_port()
        config = write_config(work, port, arguments.devices, arguments.displays)
        hub, ready = footprint.start_hub(work, config, os.path.join(work, "notify.sock"))
        try:
            time.sleep(3)  # every display's first timeline composed
            rss_idle = footprint.memory_kib(hub.pid, "Rss")
            timings, cpu, wall = event_loop_runner()(run(port, arguments.devices, arguments.rounds, hub.pid))
            rss = footprint.memory_kib(hub.pid, "Rss")
            with open(f"/proc/{hub.pid}/status") as status:
                peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        finally:
            hub.terminate()
            hub.wait()
    requests = len(timings["display"]) + len(timings["image"])
    client = "uvloop" if event_loop_runner() is not asyncio.run else "asyncio"
    print(f"{arguments.devices} devices on {arguments.displays} displays, {arguments.rounds} rounds of all waking at once "
          f"(READY after {ready * 1000:.0f} ms; client on {client})")
    for name in ("display", "image"):
        values = timings[name]
        print(f"  {'/api/display' if name == 'display' else 'image':12}  p50 {percentile(values, 0.5) * 1000:6.2f} ms"
              f"   p99 {percentile(values, 0.99) * 1000:6.2f} ms   max {max(values) * 1000:6.2f} ms")
    print(f"  service CPU   {cpu / requests * 1e6:.0f} µs per request ({requests} requests, {requests / wall:.0f}/s)")
    print(f"  resident      {rss_idle / 1024:.1f} MiB before, {rss / 1024:.1f} MiB after the rounds, peak {peak / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
