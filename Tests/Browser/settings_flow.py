#!/usr/bin/env python3
"""The hub's web pages in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven by
Selenium, against the built weatherhub and weatherctl with demo weather and one TRMNL display. It sets the
password with weatherctl, signs in with the keyboard alone, sets a city through its candidates and sees the
panel's frame change, switches the panel's language and sees it applied, approves a waiting TRMNL device,
opens the question before a display is taken out, checks that the Tab key reaches every control of every page,
signs out, and saves screenshots at 390 and 1280 px wide (.build/browser-screenshots/ unless given another
folder)."""
import base64, hashlib, pathlib, shutil, socket, subprocess, sys, tempfile, time, urllib.error, urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.wait import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARIES = ROOT / ".build" / "debug"
PASSWORD = "correct horse battery"
WIDTHS = (390, 1280)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Hub:
    """weatherhub and weatherctl in a directory of their own, as HubSandbox runs them."""

    def __init__(self):
        self.directory = pathlib.Path(tempfile.mkdtemp(prefix="weatherhub-browser-"))
        self.port = free_port()
        (self.directory / "config.yaml").write_text(
            f"provider:\n  demo: true\nhttp:\n  address: 127.0.0.1\n  port: {self.port}\n"
            "displays:\n  - id: kitchen\n    kind: trmnl\n    layout:\n      - kind: weather\n        family: extraLarge\n")
        self.env = {"PATH": "/usr/bin:/bin", "HOME": str(self.directory),
                    "WEATHERHUB_CONFIG": str(self.directory / "config.yaml"),
                    "WEATHERHUB_STATE_DIR": str(self.directory / "state"),
                    "WEATHERHUB_RUNTIME_DIR": str(self.directory / "run")}
        self.base = f"http://127.0.0.1:{self.port}"
        self.service = None

    def ctl(self, *arguments, stdin=""):
        return subprocess.run([str(BINARIES / "weatherctl"), *arguments], input=stdin, env=self.env,
                              capture_output=True, text=True, timeout=120)

    def start(self):
        log = open(self.directory / "weatherhub.log", "w")
        self.service = subprocess.Popen([str(BINARIES / "weatherhub")], env=self.env, stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.service.poll() is not None:
                sys.exit("weatherhub stopped:\n" + (self.directory / "weatherhub.log").read_text())
            try:
                if self.panel_frame():
                    return
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit("weatherhub did not serve a panel frame within 60 s")

    def panel_frame(self):
        """The digest of the frame the panel shows, as the hub serves it."""
        with urllib.request.urlopen(self.base + "/status/panel.png", timeout=5) as answer:
            return hashlib.sha256(answer.read()).hexdigest()

    def device_calls(self, mac):
        """A TRMNL device asks for its key (`/api/setup`); the answer's JSON text."""
        request = urllib.request.Request(self.base + "/api/setup", headers={"ID": mac})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.read().decode()
        except urllib.error.HTTPError as refusal:
            return refusal.read().decode()

    def stop(self):
        if self.service:
            self.service.terminate()
            self.service.wait(timeout=30)
        shutil.rmtree(self.directory, ignore_errors=True)


class Browser:
    def __init__(self, screenshots):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                         "--force-device-scale-factor=1", "--disable-dev-shm-usage"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        self.screenshots = screenshots

    def open(self, url):
        self.driver.get(url)

    def shoot(self, name):
        """Screenshots of the whole page at each width; the window comes back to 1280 px."""
        for width in WIDTHS:
            self.driver.set_window_size(width, 900)
            path = self.screenshots / f"{name}-{width}.png"
            size = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
            path.write_bytes(base64.b64decode(shot["data"]))
            overflow = self.driver.execute_script(
                "return document.documentElement.scrollWidth > document.documentElement.clientWidth")
            check(not overflow, f"{name} is wider than {width} px")
        self.driver.set_window_size(1280, 900)

    def press(self, element, *keys):
        """Types `keys` into `element` and waits for the page they lead to (a form sent, a link followed)."""
        page = self.driver.find_element(By.TAG_NAME, "html")
        element.send_keys(*keys)
        WebDriverWait(self.driver, 90).until(expected_conditions.staleness_of(page))

    def active(self):
        return self.driver.switch_to.active_element

    def tab_order(self):
        """The elements the Tab key focuses, once round the page from wherever the focus is."""
        seen = []
        for _ in range(80):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            element = self.active()
            if element in seen:
                return
            if element.tag_name != "body":
                seen.append(element)
                yield element

    def controls(self):
        """Every link, button and field a person can use."""
        return [e for e in self.driver.find_elements(By.CSS_SELECTOR, "a[href], button, select, input:not([type=hidden])")
                if e.is_displayed()]

    def tab_to(self, matches):
        """Tabs to the control `matches` and leaves it focused."""
        for element in self.tab_order():
            if matches(element):
                return element
        raise AssertionError("the keyboard cannot reach the control; it reaches "
                             + ", ".join(repr(e.text or e.get_attribute("name")) for e in self.tab_order()))

    def quit(self):
        self.driver.quit()


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def every_control_reachable(browser, page):
    reached = list(browser.tab_order())
    missing = [c.get_attribute("outerHTML")[:80] for c in browser.controls() if c not in reached]
    check(not missing, f"{page}: the Tab key never reaches {missing}")


def main():
    screenshots = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / ".build" / "browser-screenshots")
    screenshots.mkdir(parents=True, exist_ok=True)
    hub = Hub()
    browser = None
    try:
        result = hub.ctl("web", "password", stdin=PASSWORD + "\n")
        check(result.returncode == 0, f"weatherctl web password failed: {result.stderr}")
        hub.start()
        browser = Browser(screenshots)

        browser.open(hub.base + "/")
        browser.shoot("status")
        every_control_reachable(browser, "status")
        link = browser.tab_to(lambda e: e.text == "Settings")
        browser.press(link, Keys.ENTER)
        check(browser.driver.current_url.endswith("/sign-in"), f"Settings led to {browser.driver.current_url}")
        browser.shoot("sign-in")
        every_control_reachable(browser, "sign-in")

        field = browser.tab_to(lambda e: e.get_attribute("name") == "password")
        browser.press(field, "a wrong password", Keys.ENTER)
        check("Wrong password." in browser.driver.page_source, "a wrong password is not reported")
        field = browser.tab_to(lambda e: e.get_attribute("name") == "password")
        browser.press(field, PASSWORD, Keys.ENTER)
        check(browser.driver.current_url.endswith("/settings/weather"), f"sign-in led to {browser.driver.current_url}")
        browser.shoot("weather")
        every_control_reachable(browser, "weather")

        before = hub.panel_frame()
        image_before = browser.driver.find_element(By.CSS_SELECTOR, "figure img").get_attribute("src")
        field = browser.tab_to(lambda e: e.get_attribute("name") == "name")
        browser.press(field, "Paris", Keys.ENTER)
        body = browser.driver.find_element(By.TAG_NAME, "main").text
        check("Several places match" in body, f"Paris should be ambiguous in the demo: {body}")
        browser.shoot("weather-candidates")
        every_control_reachable(browser, "weather with candidates")
        choice = browser.tab_to(lambda e: "Paris, TX, US" in e.text)
        browser.press(choice, Keys.ENTER)
        notice = browser.driver.find_element(By.CSS_SELECTOR, ".notice").text
        check(notice.startswith("Saved Paris, TX, US.") and "On the panel after" in notice, f"notice: {notice}")
        check("Paris, TX, US" in browser.driver.find_element(By.TAG_NAME, "strong").text, "the page shows the new city")
        check(hub.panel_frame() != before, "the panel's frame did not change")
        check(browser.driver.find_element(By.CSS_SELECTOR, "figure img").get_attribute("src") != image_before,
              "the page's panel image did not change")
        check("Paris, TX, US" in hub.ctl("city", "get").stdout, "weatherctl city get does not show the new city")
        browser.shoot("weather-saved")

        # The panel's language, a setting of the configuration file: chosen in its menu with the keyboard,
        # saved, applied by the same process, and the page comes back by itself.
        before = hub.panel_frame()
        menu = browser.tab_to(lambda e: e.get_attribute("name") == "language")
        menu.send_keys("D")
        check(menu.get_attribute("value") == "de", f"typing D in the language menu chose {menu.get_attribute('value')}")
        browser.press(browser.tab_to(lambda e: e.text == "Preview"), Keys.ENTER)
        preview = browser.driver.find_element(By.CSS_SELECTOR, "img[alt='The panel with these settings']")
        check(browser.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", preview) > 0,
              "the language's preview is drawn")
        check("language: en" in (hub.directory / "config.yaml").read_text() or "language" not in (hub.directory / "config.yaml").read_text(),
              "a preview wrote the configuration")
        browser.shoot("weather-preview")
        browser.press(browser.tab_to(lambda e: e.text == "Save and apply"), Keys.ENTER)
        check("Applying the new settings" in browser.driver.find_element(By.TAG_NAME, "main").text, "the applying page")
        WebDriverWait(browser.driver, 60).until(
            lambda d: d.current_url.endswith("/settings/weather") and d.find_elements(By.CSS_SELECTOR, ".notice"))
        notice = browser.driver.find_element(By.CSS_SELECTOR, ".notice").text
        check(notice.startswith("Saved language: Deutsch.") and "The hub applied the new settings" in notice, f"notice: {notice}")
        check("language: de" in (hub.directory / "config.yaml").read_text(), "the file says language: de")
        check(hub.panel_frame() != before, "the panel's frame did not change with the language")
        browser.shoot("weather-language")

        # The panel turned half round with the weather and the sensors side by side: previewed by the hub
        # before anything is saved.
        browser.press(browser.tab_to(lambda e: e.text == "Panel"), Keys.ENTER)
        check(browser.driver.current_url.endswith("/settings/panel"), "the Panel link")
        every_control_reachable(browser, "panel")
        config_before = (hub.directory / "config.yaml").read_text()
        menu = browser.tab_to(lambda e: e.get_attribute("name") == "rotation")
        menu.send_keys("1")
        check(menu.get_attribute("value") == "180", f"typing 1 in the rotation menu chose {menu.get_attribute('value')}")
        layout = browser.tab_to(lambda e: e.get_attribute("name") == "layout")
        layout.send_keys(Keys.DOWN, Keys.DOWN)
        check(layout.get_attribute("value") == "weather-sensors", f"two steps down the layout menu chose {layout.get_attribute('value')}")
        browser.press(browser.tab_to(lambda e: e.text == "Preview"), Keys.ENTER)
        check(browser.driver.find_element(By.ID, "layout").get_attribute("value") == "weather-sensors", "the form keeps the layout previewed")
        check("nothing is saved yet" in browser.driver.find_element(By.CSS_SELECTOR, ".notice").text, "the preview's notice")
        preview = browser.driver.find_element(By.CSS_SELECTOR, "img[alt='The panel as these values would show it']")
        check(browser.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", preview) == 400,
              "the preview image is the 400 px wide panel")
        check((hub.directory / "config.yaml").read_text() == config_before, "a preview wrote the configuration")
        browser.shoot("panel-preview")

        # A sensor named and made the outdoor one, from the Sensors page, with the keyboard.
        browser.press(browser.tab_to(lambda e: e.text == "Sensors"), Keys.ENTER)
        check("attic/AM2301" in browser.driver.find_element(By.TAG_NAME, "main").text, "the demo's attic sensor is listed")
        every_control_reachable(browser, "sensors")
        browser.shoot("sensors")
        field = browser.tab_to(lambda e: e.get_attribute("id") == "name-attic/AM2301")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Loft")
        role = browser.tab_to(lambda e: e.get_attribute("id") == "role-attic/AM2301")
        role.send_keys("o")
        check(role.get_attribute("value") == "outdoor", f"typing o in the role menu chose {role.get_attribute('value')}")
        browser.press(browser.tab_to(lambda e: e.get_attribute("aria-label") == "Save Attic"), Keys.ENTER)
        WebDriverWait(browser.driver, 60).until(
            lambda d: d.current_url.endswith("/settings/sensors") and d.find_elements(By.CSS_SELECTOR, ".notice"))
        notice = browser.driver.find_element(By.CSS_SELECTOR, ".notice").text
        check("named Loft" in notice and "Loft: outdoor" in notice and "Balcony: room (one sensor is outdoor)" in notice and "The hub applied the new settings" in notice, f"notice: {notice}")
        check("Loft" in hub.ctl("sensors").stdout, "weatherctl sensors shows the new name")
        browser.shoot("sensors-saved")

        mac = "AA:BB:CC:DD:EE:42"
        check('"status":404' in hub.device_calls(mac), "an unknown device is told it is not registered")
        browser.press(browser.tab_to(lambda e: e.text == "Displays"), Keys.ENTER)
        check(mac in browser.driver.find_element(By.TAG_NAME, "main").text, "the waiting device is listed")
        browser.shoot("displays-waiting")
        every_control_reachable(browser, "displays")
        browser.press(browser.tab_to(lambda e: e.text == "Approve"), Keys.ENTER)
        notice = browser.driver.find_element(By.CSS_SELECTOR, ".notice").text
        check(notice.startswith(f"Approved {mac} for kitchen"), f"notice: {notice}")
        check('"status":200' in hub.device_calls(mac), "the approved device gets its key")
        check(mac in hub.ctl("displays").stdout, "weatherctl displays lists the approved device")
        browser.open(hub.base + "/settings/displays")
        browser.shoot("displays-approved")
        take_out = lambda e: e.get_attribute("aria-label") == "Take the display kitchen out"
        check(not any(take_out(e) for e in browser.controls()), "taking a display out asks first")
        browser.tab_to(lambda e: e.text == "Take this display out…").send_keys(Keys.ENTER)  # opens, stays on the page
        check(any(take_out(e) for e in browser.controls()), "the question shows the button that takes the display out")
        browser.shoot("displays-take-out")
        every_control_reachable(browser, "displays, taking one out")

        browser.press(browser.tab_to(lambda e: e.text == "Password"), Keys.ENTER)
        check(browser.driver.current_url.endswith("/settings/password"), "the Password link")
        browser.shoot("password")
        every_control_reachable(browser, "password")

        browser.press(browser.tab_to(lambda e: e.text == "Sign out"), Keys.ENTER)
        check(browser.driver.current_url == hub.base + "/", f"sign-out led to {browser.driver.current_url}")
        browser.open(hub.base + "/settings/weather")
        check(browser.driver.current_url.endswith("/sign-in"), "after sign-out the settings need a sign-in again")
        print(f"browser test passed; screenshots in {screenshots}")
    finally:
        if browser:
            browser.quit()
        hub.stop()


if __name__ == "__main__":
    main()
