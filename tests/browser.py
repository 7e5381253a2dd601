"""Headless Chromium (Debian's `chromium` package) driven over the DevTools protocol, for tests
that need a real browser: passkey ceremonies, the interactive docs, the e-mail landing pages."""
import contextlib
import json
import os
import shutil
import signal
import subprocess
import time
import urllib.request

import websocket

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--remote-debugging-port=0"]

class DevTools:
    """A minimal Chrome DevTools Protocol client over the page target's WebSocket."""

    def __init__(self, url):
        self.ws = websocket.create_connection(url, timeout=60, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                assert "error" not in message, f"{method}: {message['error']}"
                return message["result"]
            self.events.append(message)

    def wait_for(self, event):
        while not any(m.get("method") == event for m in self.events):
            self.events.append(json.loads(self.ws.recv()))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True,
                           returnByValue=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")  # undefined has none


def read_port_file(path, process, deadline=90.0):
    """Chromium writes its DevTools port to the profile once it listens (a first start on a busy
    2-core machine, beside the suite's other worker, has taken over 30 seconds)."""
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        assert process.poll() is None, "chromium exited early"
        if os.path.exists(path):
            with open(path) as f:
                first = f.readline().strip()
            if first:
                return int(first)
        time.sleep(0.05)
    raise AssertionError("chromium did not open its DevTools port")


@contextlib.contextmanager
def chromium(tmp_path):
    binary = shutil.which("chromium")
    assert binary, "chromium is not installed: apt-get install -y chromium"
    profile = tmp_path / "chromium-profile"
    with open(tmp_path / "chromium.log", "wb") as log:
        process = subprocess.Popen([binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                                    "about:blank"], stdout=log, stderr=log,
                                   start_new_session=True)
    try:
        port = read_port_file(profile / "DevToolsActivePort", process)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
            page = next(t for t in json.load(r) if t["type"] == "page")
        devtools = DevTools(page["webSocketDebuggerUrl"])
        try:
            yield devtools
        finally:
            devtools.ws.close()
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # the browser and its helper processes
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


def open_page(devtools, url):
    devtools.call("Emulation.setFocusEmulationEnabled", enabled=True)  # WebAuthn needs focus
    devtools.call("Page.enable")
    devtools.call("Page.navigate", url=url)
    devtools.wait_for("Page.loadEventFired")


def wait_until(devtools, expression, deadline=30.0):
    """Evaluate `expression` in the page until it is truthy; return its value."""
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        value = devtools.evaluate(expression)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"never true in the page: {expression}")
