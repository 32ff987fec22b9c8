#!/usr/bin/env python3
"""What the sensor database costs the SD card: bytes the service writes per minute while rtl_433 sensors
publish through a real mosquitto broker, for each `sensors.history.flush_interval` asked for.

Starts mosquitto on a free loopback port and `weatherhub` (release build by default) on the simulated panel
with demo weather, publishes Nexus-TH readings at QoS 1 from `mosquitto_pub -l` (40 sensors taking turns,
each reading's values distinct), waits `--settle` seconds, then reads the service's `write_bytes`
(/proc/PID/io: what it handed to the page cache for storage, frames of the panel included) over `--minutes`.

    deploy/build-release --product weatherhub
    Benchmarks/footprint/sensor_writes.py [--rate 20] [--flush 200ms 5s] [--minutes 1]

WEATHERHUB_BENCH_BINARY names another build, as for footprint.py.
"""
import argparse
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import threading
import time

REPO = pathlib.Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def write_bytes(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("write_bytes:"):
            return int(line.split()[1])
    raise RuntimeError("no write_bytes in /proc/PID/io")


def publish(port: int, rate: float, sensors: int, stop: threading.Event) -> None:
    publisher = subprocess.Popen(
        ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(port), "-t", "rtl_433/pi/events", "-q", "1", "-l"],
        stdin=subprocess.PIPE, text=True)
    index = 0
    while not stop.is_set():
        reading = (f'{{"model":"Nexus-TH","id":{1 + index % sensors},"channel":1,"battery_ok":1,'
                   f'"temperature_C":{10 + index / 100:.2f},"humidity":{20 + index % 70}}}\n')
        publisher.stdin.write(reading)
        publisher.stdin.flush()
        index += 1
        time.sleep(1 / rate)
    publisher.stdin.close()
    publisher.wait()


def measure(binary: str, flush: str, rate: float, sensors: int, settle: float, minutes: float) -> float:
    """KiB written per minute with `flush` as the flush interval."""
    directory = pathlib.Path(tempfile.mkdtemp(prefix="weatherhub-writes-"))
    port = free_port()
    (directory / "mosquitto.conf").write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    broker = subprocess.Popen(["mosquitto", "-c", str(directory / "mosquitto.conf")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (directory / "config.yaml").write_text(
        "provider:\n  source: demo\npanel:\n  model: simulated\n"
        f"mqtt:\n  host: 127.0.0.1\n  port: {port}\n  client_id: writes-benchmark\n"
        f"sensors:\n  history:\n    flush_interval: {flush}\n")
    environment = dict(os.environ, WEATHERHUB_CONFIG=str(directory / "config.yaml"),
                       WEATHERHUB_STATE_DIR=str(directory / "state"), WEATHERHUB_RUNTIME_DIR=str(directory / "run"))
    time.sleep(0.5)
    hub = subprocess.Popen([binary], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stop = threading.Event()
    publisher = threading.Thread(target=publish, args=(port, rate, sensors, stop))
    try:
        time.sleep(2)
        publisher.start()
        time.sleep(settle)
        before = write_bytes(hub.pid)
        time.sleep(minutes * 60)
        return (write_bytes(hub.pid) - before) / 1024 / minutes
    finally:
        stop.set()
        if publisher.is_alive():
            publisher.join()
        hub.terminate()
        hub.wait()
        broker.terminate()
        broker.wait()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=20, help="readings a second (default 20)")
    parser.add_argument("--sensors", type=int, default=40)
    parser.add_argument("--flush", nargs="+", default=["200ms", "5s"], help="flush intervals to compare")
    parser.add_argument("--settle", type=float, default=15, help="seconds before measuring")
    parser.add_argument("--minutes", type=float, default=1)
    arguments = parser.parse_args()
    binary = os.environ.get("WEATHERHUB_BENCH_BINARY", str(REPO / ".build-release/release/weatherhub"))
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary} is missing: build it with `deploy/build-release --product weatherhub`")
    for flush in arguments.flush:
        kib = measure(binary, flush, arguments.rate, arguments.sensors, arguments.settle, arguments.minutes)
        print(f"{arguments.sensors} sensors, {arguments.rate:g} readings/s, flush {flush}: "
              f"{kib:.0f} KiB written per minute ({kib * 1440 / 1024 / 1024:.2f} GiB a day)")


if __name__ == "__main__":
    main()
