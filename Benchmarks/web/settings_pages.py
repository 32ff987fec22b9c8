#!/usr/bin/env python3
"""The signed-in web pages' cost (issue 31): p50 and p99 of each page, and of the Panel page's preview
(the whole panel drawn by the hub and encoded as a PNG), over 200 requests, and what using them adds to
the service's resident memory beside the read-only web side.

Starts the release `weatherhub` (demo data, simulated panel, `http:` on a loopback port, one TRMNL display)
as footprint.py does (as root, after dropping the page cache), sets the web password with `weatherctl` (next to the binary, else .build/debug),
takes the resident memory once the status page has been served, signs in, asks each page 200 times on one
keep-alive connection, and takes the resident memory again. A benchmark, not a test: it prints figures.

    deploy/build-release --product weatherhub && swift build --product weatherctl
    Benchmarks/web/settings_pages.py [--requests 200]
"""
import argparse
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "footprint"))
import footprint  # noqa: E402  (free_port, memory_kib, write_config, start_hub, the release binary)

PASSWORD = "correct horse battery"


def weatherctl():
    beside = os.path.join(os.path.dirname(footprint.BINARY), "weatherctl")
    return beside if os.path.exists(beside) else os.path.join(footprint.ROOT, ".build", "debug", "weatherctl")


class Browser:
    """One keep-alive connection with the session cookie a browser would send."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=90)
        self.cookie = None

    def request(self, method, path, form=None):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        self.connection.request(method, path, body=body, headers=headers)
        answer = self.connection.getresponse()
        text = answer.read().decode(errors="replace")
        elapsed = time.perf_counter() - started
        cookie = answer.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return answer.status, text, elapsed

    def token(self, path):
        status, page, _ = self.request("GET", path)
        match = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        if status != 200 or not match:
            sys.exit(f"{path} answered {status} without a form")
        return match.group(1)


def settings_requests(browser):
    """Signs `browser` in and returns the signed-in requests a person makes, as (name, method, path, form): each
    settings page, the city search with candidates, the Panel page's preview and its image."""
    status, _, _ = browser.request("POST", "/sign-in", {"csrf": browser.token("/sign-in"), "password": PASSWORD})
    if status != 303:
        sys.exit(f"sign-in answered {status}")
    token = browser.token("/settings/weather")
    _, panel_page, _ = browser.request("GET", "/settings/panel")
    version = re.search(r'name="version" value="([0-9a-f]+)"', panel_page).group(1)
    preview = {"csrf": token, "version": version, "action": "preview", "model": "simulated", "rotation": "180",
               "layout": "weather-sensors", "minimum_interval": "5s", "quiet_hours": ""}
    return [
        ("GET /", "GET", "/", None),
        ("GET /settings/weather", "GET", "/settings/weather", None),
        ("GET /settings/displays", "GET", "/settings/displays", None),
        ("GET /settings/password", "GET", "/settings/password", None),
        ("POST city Paris (candidates)", "POST", "/settings/weather/city", {"csrf": token, "name": "Paris"}),
        ("GET /settings/panel", "GET", "/settings/panel", None),
        ("GET /settings/sensors", "GET", "/settings/sensors", None),
        ("POST panel preview (draw+PNG)", "POST", "/settings/panel", preview),
        ("GET the preview's PNG", "GET", "/settings/preview.png", None),
    ]


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=200, help="requests per page")
    arguments = parser.parse_args()
    footprint.require_release_build()
    work = tempfile.mkdtemp(prefix="weatherhub-web-bench-")
    port = footprint.free_port()
    config = footprint.write_config(work, (
        f"provider:\n  demo: true\nhttp:\n  address: 127.0.0.1\n  port: {port}\n"
        "displays:\n  - id: kitchen\n    kind: trmnl\n    layout:\n      - kind: weather\n        family: extraLarge\n"))
    environment = dict(os.environ, WEATHERHUB_CONFIG=config, WEATHERHUB_STATE_DIR=os.path.join(work, "state"),
                       WEATHERHUB_RUNTIME_DIR=os.path.join(work, "run"))
    subprocess.run([weatherctl(), "web", "password"], input=PASSWORD + "\n", text=True, env=environment, check=True,
                   capture_output=True)
    dropped = footprint.cold_page_cache()
    hub, _ = footprint.start_hub(work, config, os.path.join(work, "notify.sock"), command=(footprint.BINARY,))
    try:
        browser = Browser(port)
        for _ in range(20):
            browser.request("GET", "/")
        time.sleep(12)  # the heap trim after a quiet spell (10 s), as after any burst
        read_only = [footprint.memory_kib(hub.pid, field) for field in ("Rss", "Private_Dirty")]
        mappings_before = dict(footprint.rss_by_mapping(hub.pid))

        pages = settings_requests(browser)
        print(f"{arguments.requests} requests per page, one keep-alive connection, {footprint.BINARY}; "
              f"{footprint.cache_note(dropped)}")
        for name, method, path, form in pages:
            samples = [browser.request(method, path, form)[2] * 1000 for _ in range(arguments.requests)]
            print(f"  {name:<30} p50 {percentile(samples, 0.5):6.2f} ms   p99 {percentile(samples, 0.99):6.2f} ms")
        time.sleep(12)
        in_use = [footprint.memory_kib(hub.pid, field) for field in ("Rss", "Private_Dirty")]
        for name, before, after in zip(("resident", "private (heap, stacks)"), read_only, in_use):
            print(f"{name}: read-only web side {before / 1024:.1f} MiB, settings in use {after / 1024:.1f} MiB "
                  f"(+{(after - before) / 1024:.2f} MiB)")
        growth = [(mapping, kib - mappings_before.get(mapping, 0)) for mapping, kib in footprint.rss_by_mapping(hub.pid)]
        print("grown: " + ", ".join(f"{os.path.basename(m)} +{k / 1024:.2f} MiB" for m, k in sorted(growth, key=lambda g: -g[1])[:4]))
    finally:
        hub.terminate()
        hub.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
