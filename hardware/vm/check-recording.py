#!/usr/bin/env python3
"""Checks what the VM test's guest saw (hardware/vm/run-vm-test.sh) against what the hub meant to do.

For each scenario directory it reads:
  spi.rec      the CUSE spidev's recording: settings ioctls, every transfer with the D/C, RST and PWR
               levels read from gpio-sim at that moment, BUSY changes, rule violations;
  panel.trace  the hub's own trace (panel.trace): what the driver emitted above the C shims;
  gpio.trace   the kernel's gpio:gpio_value tracepoint: every line value set or read through gpiolib;
  lineinfo     the line flags the kernel reports while the hub holds the lines;
  state-N.json every version of the hub's persisted panel state (counters, fingerprint of the frame shown);
  hub.log, hub.exit, city.txt, status.txt.
It prints one "ok"/"FAIL" line per check and a closing "N passed, N failed"; exits 1 on any failure.
Usage: check-recording.py RESULTS_DIR SCENARIO...
"""
import json
import re
import sys
from pathlib import Path

PANELS = {
    # model: (controller, native width, native height)
    "waveshare-2in13-v4": ("ssd1680", 122, 250),
    "waveshare-7in5-v2": ("uc8179", 800, 480),
}
BUSY_TIMEOUT = {"refresh": 10.0, "stuck": 1.0}
RETRY_INTERVAL = 2.0
LINES = {"rst": 17, "pwr": 18, "busy": 24, "dc": 25}

passed = failed = 0


def check(condition, what, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok    {what}")
    else:
        failed += 1
        print(f"FAIL  {what}" + (f": {detail}" if detail else ""))
    return condition


def read_recording(path):
    """The CUSE recording: settings, transfers, busy changes, violations."""
    record = {"ioctls": [], "transfers": [], "busy": [], "violations": [], "refused": [], "events": []}
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            continue
        stamp, kind, *rest = line.split(" ")
        time = float(stamp)
        record["events"].append((time, kind))
        if kind == "ioctl":
            record["ioctls"].append((rest[0], int(rest[1])))
        elif kind == "xfer":
            fields = dict(item.split("=") for item in rest[:-1])
            data = bytes.fromhex(rest[-1]) if rest[-1] != "-" else b""
            record["transfers"].append({"time": time, "data": data, **{k: int(v) for k, v in fields.items()}})
        elif kind == "busy":
            record["busy"].append((time, int(rest[0])))
        elif kind == "violation":
            record["violations"].append(line)
        elif kind == "refused":
            record["refused"].append(line)
    return record


def read_trace(path):
    """The hub's trace: its SPI transfers as (dc, bytes), and the other event lines."""
    transfers, events = [], []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            continue
        parts = line.split(" ")
        if parts[1] == "spi" and parts[2].startswith("dc="):
            transfers.append((int(parts[2][3:]), bytes.fromhex(parts[4])))
        events.append(" ".join(parts[1:]))
    return transfers, events


def read_gpio_trace(path, base):
    """gpio_value events of our lines: (time, name, 'set'|'get', value)."""
    names = {base + offset: name for name, offset in LINES.items()}
    events = []
    for match in re.finditer(r"\s(\d+\.\d+): gpio_value: (\d+) (set|get) (\d+)", path.read_text()):
        gpio = int(match.group(2))
        if gpio in names:
            events.append((float(match.group(1)), names[gpio], match.group(3), int(match.group(4))))
    return events


def commands(transfers):
    """Groups transfers into (opcode, parameter bytes, time) like the controller sees them."""
    result = []
    for transfer in transfers:
        if transfer["dc"] == 0:
            for opcode in transfer["data"]:
                result.append([opcode, bytearray(), transfer["time"]])
        elif result:
            result[-1][1] += transfer["data"]
    return result


def ssd_updates(cmds, width, height):
    """Replays SSD1680 RAM writes (window, counter, data entry mode 3) and returns every display update as
    (kind, native image bytes with bit 1 = white), plus the last command."""
    row_bytes = (width + 7) // 8
    ram = {0x24: bytearray(b"\xff" * row_bytes * height), 0x26: bytearray(b"\xff" * row_bytes * height)}
    xs, xe, ys, ye, x, y, sequence = 0, row_bytes - 1, 0, height - 1, 0, 0, None
    updates = []
    for opcode, data, _ in cmds:
        if opcode == 0x44:
            xs, xe = data[0], data[1]
        elif opcode == 0x45:
            ys, ye = data[0] | data[1] << 8, data[2] | data[3] << 8
        elif opcode == 0x4E:
            x = data[0]
        elif opcode == 0x4F:
            y = data[0] | data[1] << 8
        elif opcode == 0x11 and data[0] != 0x03:
            raise ValueError(f"data entry mode {data[0]:#x}, the replay knows only 0x03")
        elif opcode in ram:
            for byte in data:
                ram[opcode][y * row_bytes + x] = byte
                x += 1
                if x > xe:
                    x, y = xs, y + 1
                    if y > ye:
                        y = ys
        elif opcode == 0x22:
            sequence = data[0]
        elif opcode == 0x20 and sequence is not None and sequence & 0x04:
            updates.append(("partial" if sequence & 0x08 else "full", bytes(ram[0x24]), sequence))
    return updates


def uc_updates(cmds, width, height):
    """Replays UC8179 plane writes (whole plane, or the 0x90 window between 0x91 and 0x92) and returns
    every refresh (0x12) as (kind, native image bytes with bit 1 = white)."""
    row_bytes = width // 8
    planes = {0x10: bytearray(row_bytes * height), 0x13: bytearray(row_bytes * height)}
    partial, window, ddx, updates = False, None, 0, []
    for opcode, data, _ in cmds:
        if opcode == 0x91:
            partial = True
        elif opcode == 0x92:
            partial = False
        elif opcode == 0x90:
            hrst, hred = data[0] << 8 | data[1], data[2] << 8 | data[3]
            vrst, vred = data[4] << 8 | data[5], data[6] << 8 | data[7]
            window = (hrst // 8, hred // 8, vrst, vred)
        elif opcode == 0x50:
            ddx = data[0] & 0x03
        elif opcode in planes:
            x0, x1, y0, y1 = window if partial else (0, row_bytes - 1, 0, height - 1)
            positions = [(row, column) for row in range(y0, y1 + 1) for column in range(x0, x1 + 1)]
            if len(data) != len(positions):
                raise ValueError(f"{opcode:#04x}: {len(data)} bytes for a window of {len(positions)}")
            for (row, column), byte in zip(positions, data):
                planes[opcode][row * row_bytes + column] = byte
        elif opcode == 0x12:
            new = planes[0x13]
            white_is_one = bytes(new) if ddx & 1 else bytes(b ^ 0xFF for b in new)
            updates.append(("partial" if partial else "full", white_is_one, ddx))
    return updates


def frame_digest(width, height, native_white_is_one):
    """The hub's FrameDigest (Sources/EPaper/Refresh/FrameDigest.swift): FNV-1a 64 over the width and
    height as little-endian Int64, the capability's name and the frame bytes (bit 1 = black, rows padded
    with zero bits). Rotation 0: the frame is the native image, inverted."""
    row_bytes = (width + 7) // 8
    tail = width % 8
    frame = bytearray(b ^ 0xFF for b in native_white_is_one)
    if tail:
        mask = (0xFF << (8 - tail)) & 0xFF
        for row in range(height):
            frame[row * row_bytes + row_bytes - 1] &= mask
    value = 0xCBF29CE484222325
    data = width.to_bytes(8, "little") + height.to_bytes(8, "little") + b"monochrome" + bytes(frame)
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def shown_digest(path):
    state = json.loads(path.read_text())
    shown = state.get("shownFrame")
    return shown["value"] if isinstance(shown, dict) else shown


def check_common(name, directory, record, trace_transfers, gpio, model, stuck=False):
    controller, width, height = PANELS[model]
    check(("wr_mode", 0) in record["ioctls"], f"{name}: SPI_IOC_WR_MODE set mode 0", str(record["ioctls"]))
    check(("wr_bits", 8) in record["ioctls"], f"{name}: SPI_IOC_WR_BITS_PER_WORD set 8 bits", str(record["ioctls"]))
    check(("wr_speed", 4000000) in record["ioctls"], f"{name}: SPI_IOC_WR_MAX_SPEED_HZ set 4 MHz", str(record["ioctls"]))
    transfers = record["transfers"]
    recorded = [(t["dc"], t["data"]) for t in transfers]
    same = recorded == trace_transfers
    detail = ""
    if not same:
        first = next((i for i, (a, b) in enumerate(zip(recorded, trace_transfers)) if a != b), min(len(recorded), len(trace_transfers)))
        detail = f"{len(recorded)} transfers through the kernel, {len(trace_transfers)} in panel.trace; first difference at #{first}"
    check(same, f"{name}: the {len(recorded)} transfers through the kernel ({sum(len(d) for _, d in recorded)} bytes) are "
          "exactly panel.trace's, each with the D/C level the hub traced", detail)
    check(all(len(t["data"]) <= 4096 and t["n"] == len(t["data"]) for t in transfers),
          f"{name}: every transfer is at most spidev's bufsiz (4096), largest {max((t['n'] for t in transfers), default=0)}")
    check(all(t["speed"] == 4000000 and t["bits"] == 8 and t["mode"] == 0 for t in transfers),
          f"{name}: every transfer at 4 MHz, 8 bits, mode 0")
    check(all(t["pwr"] == 1 and t["rst"] == 1 for t in transfers), f"{name}: PWR high and RST high during every transfer")
    violations = record["violations"]
    if stuck:
        # After a BUSY timeout the driver still puts the controller to sleep (deep sleep needs no BUSY).
        sleep_opcodes = {"10"} if controller == "ssd1680" else {"50", "02", "07"}
        violations = [v for v in violations if v.split()[3] not in sleep_opcodes]
    check(not violations, f"{name}: no command while BUSY was asserted (UC8179 0x71 excepted"
          + ("; the deep sleep after a timeout excepted)" if stuck else ")"), "; ".join(violations[:3]))
    check(not record["refused"], f"{name}: spidev refused no message", "; ".join(record["refused"][:3]))
    check(gpio and [e for e in gpio if e[1] == "pwr" and e[2] == "set"][-1:] == [e for e in gpio if e[1] == "pwr" and e[2] == "set" and e[3] == 0][-1:]
          and any(e[1] == "pwr" and e[2] == "set" and e[3] == 0 for e in gpio),
          f"{name}: the kernel saw PWR driven low last (gpio_value tracepoint)")
    last_transfer = transfers[-1]["time"] if transfers else 0
    pwr_low = [e[0] for e in gpio if e[1] == "pwr" and e[2] == "set" and e[3] == 0]
    check(pwr_low and pwr_low[-1] >= last_transfer, f"{name}: PWR went low after the last SPI transfer")
    hub_exit = (directory / "hub.exit").read_text().strip()
    check(hub_exit == "0", f"{name}: weatherhub exited 0 after SIGTERM", f"exit {hub_exit}")
    events = [kind for _, kind in record["events"]]
    check("release" in events and events.index("release") > max((i for i, k in enumerate(events) if k == "xfer"), default=-1),
          f"{name}: the hub closed /dev/spidev0.0 after its last transfer")
    return controller, width, height


def check_lineinfo(name, directory, api):
    info = {}
    for line in (directory / "lineinfo").read_text().splitlines():
        match = re.match(r"line (\d+) consumer=(\S+) flags=(\S*)", line)
        if match:
            info[int(match.group(1))] = (match.group(2), set(match.group(3).split(",")))
    busy = info.get(LINES["busy"], ("-", set()))
    # Kernel 6.1 reports edge detection only for v2 requests: lineevent_create() (the v1 uAPI) does not
    # set the descriptor's edge flags. For v1 the edge interrupt shows in gpio.trace instead.
    want = {"used", "input", "bias-disabled"} | ({"edge-rising", "edge-falling"} if api == 2 else set())
    check(busy[0] == "weatherhub" and want <= busy[1] and not busy[1] & {"output", "active-low"},
          f"{name}: BUSY (24) held by weatherhub as an input, bias disabled"
          + (", both edges" if api == 2 else " (v1: edges not reported by lineinfo)"), str(busy))
    for line in ("rst", "dc", "pwr"):
        consumer, flags = info.get(LINES[line], ("-", set()))
        check(consumer == "weatherhub" and {"used", "output"} <= flags and not flags & {"input", "active-low", "open-drain", "open-source"},
              f"{name}: {line.upper()} ({LINES[line]}) held by weatherhub as a plain output", f"{consumer} {sorted(flags)}")


def check_refresh(name, directory, model, api):
    record = read_recording(directory / "spi.rec")
    trace_transfers, trace_events = read_trace(directory / "panel.trace")
    base = int(re.search(r"GPIOs (\d+)-", (directory / "chip-base").read_text()).group(1))
    gpio = read_gpio_trace(directory / "gpio.trace", base)
    controller, width, height = check_common(name, directory, record, trace_transfers, gpio, model)
    check_lineinfo(name, directory, api)
    check((directory / "city.txt").read_text().strip().endswith("exit 0"), f"{name}: weatherctl city set Paris --country FR succeeded",
          (directory / "city.txt").read_text().strip()[-300:])
    cmds = commands(record["transfers"])
    updates = ssd_updates(cmds, width, height) if controller == "ssd1680" else uc_updates(cmds, width, height)
    kinds = [u[0] for u in updates]
    # At start the placeholder goes out with a full refresh; the start-up timeline's frame and the city change
    # (both asked for by a person, so shown at once) follow as partial refreshes.
    check(len(updates) >= 2 and kinds[0] == "full" and set(kinds[1:]) == {"partial"},
          f"{name}: a full refresh, then {len(kinds) - 1} partial (start-up weather, city change), went through the kernel",
          str(kinds))
    # Every version of the hub's state file, in order: one per refresh, each with the fingerprint of the
    # frame the hub meant to show.
    states = sorted(directory.glob("state-[0-9]*.json"), key=lambda path: int(path.stem.split("-")[1]))
    # (The hub also saves the file at shutdown, with the same counters: that version adds no refresh.)
    hub, hub_kinds, previous = [], [], {}
    for path in states:
        counters = json.loads(path.read_text())["counters"]
        grown = {kind: counters.get(kind + "Refreshes", 0) - previous.get(kind + "Refreshes", 0) for kind in ("full", "partial", "fast")}
        if sum(grown.values()) == 1:
            hub.append((counters, shown_digest(path)))
            hub_kinds.append("full" if grown["fast"] else max(grown, key=grown.get))
        elif sum(grown.values()) > 1:
            hub_kinds.append("missed")  # two refreshes between two snapshots: fails below
        previous = counters
    recorded = [frame_digest(width, height, image) for _, image, _ in updates]
    check(len(hub) == len(updates) and hub_kinds == kinds,
          f"{name}: the hub recorded the same {len(hub)} refreshes ({', '.join(hub_kinds)})",
          f"hub {hub_kinds}, kernel {kinds}")
    for index, (digest, (_, expected)) in enumerate(zip(recorded, hub)):
        check(digest == expected, f"{name}: refresh {index + 1} ({kinds[index]}): the image bytes through the kernel "
              f"are the frame the hub showed (fingerprint {digest:016x})", f"recorded {digest:016x}, hub {expected:016x}")
    check(len(set(recorded)) == len(recorded), f"{name}: every refresh changed the image")
    sleep = (0x10, b"\x01") if controller == "ssd1680" else (0x07, b"\xa5")
    check(cmds and (cmds[-1][0], bytes(cmds[-1][1])) == sleep,
          f"{name}: the last command is deep sleep ({sleep[0]:02x} {sleep[1].hex()})",
          f"last {cmds[-1][0]:02x} {bytes(cmds[-1][1]).hex()}" if cmds else "no commands")
    # BUSY: every release was followed by the next command within 1 s (the hub saw the edge, or polled; a
    # missed edge would wait for busy_timeout, 10 s), never before it (no violations above).
    latencies = []
    for index, (time, level) in enumerate(record["busy"]):
        if level == 0 and index > 0:  # the first entry is the idle level set at start
            after = [t["time"] for t in record["transfers"] if t["time"] >= time]
            if after:
                latencies.append(after[0] - time)
    busy_periods = sum(1 for _, level in record["busy"] if level == 1)
    check(busy_periods >= 3 and latencies and max(latencies) < 1.0,
          f"{name}: {busy_periods} BUSY periods through gpio-sim; the hub went on within "
          f"{max(latencies, default=0) * 1000:.1f} ms of each release", str(latencies))
    irq_reads = re.findall(r"irq/\d+-\S*\s.*gpio_value: (\d+) get", (directory / "gpio.trace").read_text())
    check(any(int(gpio) == base + LINES["busy"] for gpio in irq_reads),
          f"{name}: the kernel ran the BUSY line's edge interrupt thread ({len(irq_reads)} edges)")
    edges = sum(1 for e in trace_events if e.startswith("wait busy") and e.endswith("edge"))
    check(edges >= 1, f"{name}: the hub's trace shows {edges} BUSY waits ended by a kernel edge event")
    resets = [e for e in gpio if e[1] == "rst" and e[2] == "set" and e[3] == 0]
    check(len(resets) == len(updates), f"{name}: one RST pulse per refresh seen by the kernel ({len(resets)})")


def check_stuck(name, directory, model, api):
    record = read_recording(directory / "spi.rec")
    trace_transfers, _ = read_trace(directory / "panel.trace")
    base = int(re.search(r"GPIOs (\d+)-", (directory / "chip-base").read_text()).group(1))
    gpio = read_gpio_trace(directory / "gpio.trace", base)
    controller, _, _ = check_common(name, directory, record, trace_transfers, gpio, model, stuck=True)
    check_lineinfo(name, directory, api)
    log = (directory / "hub.log").read_text()
    level = "high" if controller == "ssd1680" else "low"
    pattern = rf"BUSY \(GPIO 24 on /dev/gpiochip\d+\) stayed {level}"
    timeouts = re.findall(pattern, log)
    check(len(timeouts) >= 3, f"{name}: the hub reported the BUSY timeout naming the line ({len(timeouts)} times)",
          log[-600:])
    status = (directory / "status.txt").read_text()
    check(status.strip().endswith("exit 0"), f"{name}: the hub kept running (weatherctl status answered)", status[-400:])
    # Each attempt: a RST pulse to wake, the BUSY timeout, a RST pulse and deep sleep. The next attempt
    # comes retry_interval after that, except for a frame a person asked for (the start-up timeline is
    # one), which the hub shows at once.
    resets = [e[0] for e in gpio if e[1] == "rst" and e[2] == "set" and e[3] == 0]
    attempts = list(zip(resets[0::2], resets[1::2]))
    waits = [sleep - wake for wake, sleep in attempts]
    pauses = [attempts[i + 1][0] - attempts[i][1] for i in range(len(attempts) - 1)]
    timeout = BUSY_TIMEOUT["stuck"]
    check(len(resets) % 2 == 0 and len(attempts) >= 2 and all(timeout <= w <= timeout + 1.0 for w in waits),
          f"{name}: {len(attempts)} attempts, each gave up after busy_timeout ({timeout:.0f} s): "
          + ", ".join(f"{w:.2f} s" for w in waits), f"RST pulses at {resets}")
    scheduled = [p for p in pauses if RETRY_INTERVAL <= p <= RETRY_INTERVAL + 1.5]
    early = [p for p in pauses if p < RETRY_INTERVAL]
    check(len(attempts) >= 3 and scheduled and len(early) <= 1 and len(scheduled) + len(early) == len(pauses),
          f"{name}: retries came retry_interval ({RETRY_INTERVAL:.0f} s) after a failure (at most one sooner, for the "
          "start-up frame): " + ", ".join(f"{p:.2f} s" for p in pauses), str(pauses))


def main():
    results, scenarios = Path(sys.argv[1]), sys.argv[2:]
    kernel = (results / "kernel").read_text().strip() if (results / "kernel").exists() else "?"
    print(f"guest kernel {kernel}")
    for name in scenarios:
        directory = results / name
        if not check(directory.is_dir() and (directory / "spi.rec").exists(), f"{name}: the guest ran the scenario"):
            continue
        hub_log = (directory / "hub.log").read_text()
        version = re.search(r"libgpiod[^0-9]*([0-9][0-9.]*)", hub_log)
        print(f"--- {name}: libgpiod {version.group(1) if version else '?'}")
        api = int(version.group(1).split(".")[0]) if version else 0
        model, _, mode, _ = (directory / "scenario").read_text().split()
        try:
            if mode == "stuck":
                check_stuck(name, directory, model, api)
            else:
                check_refresh(name, directory, model, api)
        except Exception as error:  # a malformed recording is a failure, not a crash
            check(False, f"{name}: the recordings could be read", repr(error))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
