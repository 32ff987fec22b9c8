#!/usr/bin/env python3
"""Writes deploy/layout/weatherhub.order: the functions the service runs, which deploy/build-release has the
linker place next to each other.

The kernel maps a program's code in windows of 64 KB around each page it runs, so functions used at run time
that lie scattered through a 23 MB binary make most of it resident. This script runs the release service
under valgrind (callgrind records every instruction executed) the way footprint.py does: a first start,
a restart with cached state on the demo data with MQTT readings arriving that stays until the scheduler has
reloaded the weather on its own (up to ten minutes), a run that fetches from a loopback server in
OpenWeatherMap's format, a run with the displays benchmark's four TRMNL displays, one with the default
layout and a 2-bit image display, fed from that server, whose web side a TRMNL device, an image client, a
browser and 20 devices waking at once use, and a run where a person signs in and uses every settings page
(the settings benchmark's requests, a preview among them) and a setting is changed, which rebuilds the hub;
each with a `weatherctl reload --wait` over the control socket.
Every function holding an executed instruction goes in the list. Functions missing from it (new code) still
work; they are only laid out further away. Run it again after larger changes, then rebuild and check the
figures with footprint.py:

    deploy/build-release
    Benchmarks/footprint/code-order.py            # needs valgrind and mosquitto (scripts/install-dependencies test)
    deploy/build-release --product weatherhub && Benchmarks/footprint/footprint.py --breakdown
"""
import bisect
import collections
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
import json

import footprint

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(BENCHMARKS, "displays"))
sys.path.insert(0, os.path.join(BENCHMARKS, "web"))
import displays_load  # noqa: E402  (devices waking at once)
import settings_pages  # noqa: E402  (a person using the settings pages)

ORDER = os.path.join(footprint.ROOT, "deploy", "layout", "weatherhub.order")
WEATHERCTL = os.path.join(os.path.dirname(footprint.BINARY), "weatherctl")
TOPIC = "rtl_433/pi/events"  # matches the default subscription rtl_433/+/events
READING = '{"model":"Acurite-Tower","id":1234,"channel":"A","temperature_C":21.5,"humidity":45,"battery_ok":1}'


def functions(binary):
    """(start, end, names) of every function symbol with a size, sorted by address; aliases share one entry."""
    listing = subprocess.run(["nm", "--defined-only", "--print-size", binary], capture_output=True, text=True,
                             check=True).stdout
    spans = {}
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW" and int(fields[1], 16) > 0:
            start, size = int(fields[0], 16), int(fields[1], 16)
            names = spans.setdefault(start, [start + size, []])
            names[0] = max(names[0], start + size)
            names[1].append(fields[3])
    return sorted((start, end, names) for start, (end, names) in spans.items())


def executed_addresses(profile, program):
    """Instruction addresses callgrind saw executed in `program`, and the name it gave each function block."""
    addresses, blocks = set(), collections.defaultdict(set)
    in_program, function = False, None
    with open(profile) as lines:
        for line in lines:
            if line.startswith("ob="):
                in_program = line[3:].strip() == program
            elif line.startswith("fn="):
                function = line[3:].strip()
            elif in_program and line.startswith("0x"):
                address = int(line.split()[0], 16)
                addresses.add(address)
                blocks[function].add(address)
    return addresses, blocks


def load_base(blocks, table):
    """Where valgrind loaded the position-independent binary: the offset that puts most named functions'
    lowest executed instruction (their entry) at their symbol's address."""
    starts = {name: start for start, _, names in table for name in names}
    votes = collections.Counter(min(addresses) - starts[name] for name, addresses in blocks.items() if name in starts)
    return votes.most_common(1)[0][0]


def require_stored_readings(database, run):
    """Stops with a message when the run's MQTT readings did not reach the sensor store (they would then be
    missing from the profile)."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        sensors = connection.execute("SELECT COUNT(*) FROM sensor").fetchone()[0]
    if sensors == 0:
        sys.exit(f"the {run} run stored no sensor reading from {TOPIC}: check the topic and the payload")


def wait_for_scheduled_reload(log):
    """Waits until the weather widget has reloaded on its own once more, so a reload the scheduler starts
    itself, and the panel refresh after it, are profiled too. The demo data asks again at every ten minutes
    of the clock, and the scheduler reloads no sooner than five minutes after the last reload (here the
    `weatherctl reload`): up to ten minutes."""
    def arrivals():
        with open(log) as lines:
            return sum(1 for line in lines if "timeline arrived" in line and "widget.id=weather" in line)

    seen, deadline = arrivals(), time.time() + 15 * 60
    print("waiting for the scheduled reload (up to ten minutes)", file=sys.stderr)
    while arrivals() == seen:
        if time.time() > deadline:
            sys.exit(f"the weather widget did not reload on its own within 15 minutes: see {log}")
        time.sleep(5)
    time.sleep(10)  # the panel refresh after it


BURST = range(256, 276)  # devices that wake at once (MACs 02:00:00:00:01:00 on)
OTHER_DISPLAYS = """  - id: kitchen
    kind: trmnl
    devices: ["02:00:00:00:00:01"]
  - id: hall
    kind: image
    depth: 2
    width: 480
    height: 800
"""


def displays_config(port):
    """The displays run's `displays:` and `http:` sections: the displays benchmark's four TRMNL displays with
    the burst spread over them (so the code their layouts run is placed too), a TRMNL display with the
    default layout for the device of `use_web_side`, and an image display in 2-bit grey."""
    entries = displays_load.display_entries(BURST, len(displays_load.LAYOUTS))
    return "\n".join(["displays:", *entries]) + "\n" + OTHER_DISPLAYS + f"http:\n  address: 127.0.0.1\n  port: {port}\n"


def use_web_side(port, pid, work):
    """What a TRMNL device, an image client and a browser ask of the web side, and 20 devices waking at once
    (the paths of many connections at a time: back-pressure, pending writes)."""
    base = f"http://127.0.0.1:{port}"

    def get(path, headers=None):
        with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers or {}), timeout=60) as response:
            return response.read()

    device = {"ID": "02:00:00:00:00:01", "FW-Version": "1.5.7", "Battery-Voltage": "4.1", "RSSI": "-60"}
    key = json.loads(get("/api/setup", device))["api_key"]
    for _ in range(3):
        answer = json.loads(get("/api/display", dict(device, **{"Access-Token": key})))
        get(answer["image_url"].split(str(port), 1)[1])
    get("/api/setup", {"ID": "02:00:00:00:00:99"})
    get("/")
    get("/status/panel.png")
    get("/status/displays/hall.png")
    displays_load.wake_rounds(displays_load.build_client(work), port, pid, 1, displays_load.set_up(port, BURST))


def settings_config(port):
    """The web side on `port` with one TRMNL display, as the settings benchmark has it."""
    return (f"http:\n  address: 127.0.0.1\n  port: {port}\n"
            "displays:\n  - id: kitchen\n    kind: trmnl\n    layout:\n      - kind: weather\n        family: extraLarge\n")


def use_settings_pages(port, environment):
    """Signs in, makes each settings request a few times, then changes a setting the way `config set` does."""
    browser = settings_pages.Browser(port)
    for _, method, path, form in settings_pages.settings_requests(browser):
        for _ in range(3):
            browser.request(method, path, form)
    subprocess.run([WEATHERCTL, "config", "set", "display.language", "de"], env=environment, check=True,
                   stdout=subprocess.DEVNULL, timeout=300)
    browser.request("GET", "/settings/weather")


def profile_runs(binary, work):
    """Runs the service three times under callgrind; returns the profiles' paths."""
    port = footprint.free_port()
    broker = subprocess.Popen(["mosquitto", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    weather = footprint.OpenWeatherMapServer()
    profiles = []
    try:
        time.sleep(0.5)
        runs = [("first-start", None), ("restart", None), ("openweathermap", weather.url), ("displays", weather.url),
                ("settings", None)]
        for name, weather_url in runs:
            # The restart reads the first start's state.
            state = os.path.join(work, name if weather_url or name == "settings" else "demo")
            os.makedirs(state, exist_ok=True)
            web_port = footprint.free_port()
            web = {"displays": displays_config, "settings": settings_config}.get(name, lambda _: "")(web_port)
            config = footprint.write_config(state, footprint.sources(port, weather_url) + web)
            environment = dict(os.environ, WEATHERHUB_CONFIG=config, WEATHERHUB_STATE_DIR=os.path.join(state, "state"),
                               WEATHERHUB_RUNTIME_DIR=os.path.join(state, "run"))
            if name == "settings":
                subprocess.run([WEATHERCTL, "web", "password"], input=settings_pages.PASSWORD + "\n", text=True,
                               env=environment, check=True, capture_output=True)
            profile = os.path.join(work, name + ".callgrind")
            command = ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-strings=no",
                       "--compress-pos=no", f"--callgrind-out-file={profile}", binary]
            hub, _ = footprint.start_hub(state, config, os.path.join(state, "notify.sock"), command, timeout=300)
            for _ in range(3):
                subprocess.run(["mosquitto_pub", "-p", str(port), "-t", TOPIC, "-m", READING], check=True)
                time.sleep(1)
            if name == "displays":
                use_web_side(web_port, hub.pid, state)
            if name == "settings":
                use_settings_pages(web_port, environment)
            # A reload asked for over the control socket: the path every scheduled reload takes too.
            subprocess.run([WEATHERCTL, "reload", "--wait"], env=environment, check=True, stdout=subprocess.DEVNULL,
                           timeout=120)
            time.sleep(5)
            if name == "restart":
                wait_for_scheduled_reload(os.path.join(state, "weatherhub.log"))
            hub.terminate()
            hub.wait()
            require_stored_readings(os.path.join(state, "state", "sensors.sqlite"), name)
            profiles.append(profile)
            print(f"profiled {name}", file=sys.stderr)
    finally:
        weather.close()
        broker.terminate()
        broker.wait()
    return profiles


def main():
    footprint.require_release_build()
    if not os.path.exists(WEATHERCTL):
        sys.exit(f"build weatherctl too: deploy/build-release ({WEATHERCTL} is missing)")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is missing: sudo apt install valgrind")
    work = tempfile.mkdtemp(prefix="weatherhub-code-order-")
    try:
        # valgrind cannot read the DWARF 5 of the release build; the symbol table is all it needs.
        stripped = os.path.join(work, "weatherhub")
        subprocess.run(["objcopy", "--strip-debug", footprint.BINARY, stripped], check=True)
        table = functions(footprint.BINARY)
        starts = [start for start, _, _ in table]
        order, listed = [], set()
        for profile in profile_runs(stripped, work):
            addresses, blocks = executed_addresses(profile, stripped)
            base = load_base(blocks, table)
            for address in sorted(addresses):
                index = bisect.bisect_right(starts, address - base) - 1
                if index < 0 or address - base >= table[index][1]:
                    continue  # code without a symbol: deploy/layout/local-code.ld places it
                for name in table[index][2]:
                    if name not in listed:
                        listed.add(name)
                        order.append(name)
        with open(ORDER, "w") as handle:
            handle.write("\n".join(order) + "\n")
        print(f"{len(order)} functions written to {os.path.relpath(ORDER, footprint.ROOT)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
