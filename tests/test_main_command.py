"""The README's main command, ``bash scripts/lab.sh``, with extra arguments for JupyterLab: the user's
own ``--port`` (either spelling) is used, not refused for colliding with the script's choice; a port
that is taken is refused at once; the address the script prints points at the server it started
(that server's token is accepted there, another's is not); and each server keeps its own log.

The tests that start JupyterLab reuse the ``.venv`` that ``scripts/test.sh`` (or ``scripts/lab.sh``)
made (pip only checks it); without one they skip. The timeouts are guards against a hang, not
measurements."""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAB_SH = ROOT / "scripts" / "lab.sh"
URL = re.compile(r"(http://127\.0\.0\.1:(\d+)/lab/tree/01-tour\.ipynb\?token=(\w+))")
LOG = re.compile(r"Its log is (lab-\d+\.log)\.")
GUARD = 300  # seconds: a failure guard for a hung start (pip checks the environment first)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _needs_venv() -> None:
    if not (ROOT / ".venv" / "bin" / "jupyter").exists():
        pytest.skip("the main command installs into .venv; run scripts/test.sh (or scripts/lab.sh) once first")


class _Started:
    """A running ``lab.sh``: what it printed, the address, the port and token in it, and its log."""

    def __init__(self, proc: subprocess.Popen, lines: list[str]):
        self.proc, self.lines = proc, lines
        text = "".join(lines)
        m, log = URL.search(text), LOG.search(text)
        assert m is not None and log is not None, text
        self.url, self.port, self.token = m.group(1), int(m.group(2)), m.group(3)
        self.log = ROOT / log.group(1)


@contextmanager
def _lab(*args: str):
    """Run ``lab.sh --no-browser *args`` until it prints the address; stop it (and JupyterLab) after, and
    remove the log it wrote."""
    logs = set(ROOT.glob("lab-*.log"))
    proc = subprocess.Popen(["bash", str(LAB_SH), "--no-browser", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + GUARD
        while time.monotonic() < deadline:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            if not line:
                break
            lines.append(line)
            if line.startswith("Start with 01-tour.ipynb"):
                break
        yield _Started(proc, lines)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:  # pragma: no cover
            os.killpg(proc.pid, signal.SIGKILL)
        for log in set(ROOT.glob("lab-*.log")) - logs:
            log.unlink(missing_ok=True)


def _status(port: int, token: str) -> int:
    """The HTTP status of /api/status on ``port`` with ``token``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_a_taken_port_is_refused_at_once(tmp_path):
    """Another program listens on the port asked for: the script says so and stops, before it installs
    or starts anything (JupyterLab would move to the next port, and the address printed would be the
    other program's)."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        before = {p.name for p in ROOT.glob("lab-*.log")}
        r = subprocess.run(["bash", str(LAB_SH), "--no-browser", "--port", str(port)], cwd=ROOT,
                           capture_output=True, text=True, timeout=GUARD)
    assert r.returncode != 0
    assert f"Port {port} is already in use on 127.0.0.1" in r.stderr, r.stderr
    assert "Nothing was started" in r.stderr
    assert "==>" not in r.stdout, r.stdout  # no step began: nothing was installed or started
    assert {p.name for p in ROOT.glob("lab-*.log")} == before


def _news_is_off(lab: _Started) -> None:
    """JupyterLab's news and update toasts are off in the JupyterLab the script opens (its settings say so)."""
    url = (f"http://127.0.0.1:{lab.port}/lab/api/settings/@jupyterlab/apputils-extension:notification"
           f"?token={lab.token}")
    with urllib.request.urlopen(url, timeout=10) as r:
        got = json.load(r)
    setting = {k: v.get("default") for k, v in got["schema"]["properties"].items()} | got["settings"]
    assert (setting["fetchNews"], setting["checkForUpdates"]) == ("false", False), setting


def test_the_users_port_in_either_spelling_and_two_servers_with_their_own_addresses_and_logs():
    """The user's own port is used, in either spelling (``--port=N``, then ``--port N``), not refused for
    colliding with the script's choice. A second server asked for the first one's port, with JupyterLab
    allowed to move on (``--port-retries``): the script prints the port that server really listens on
    (its own runtime file says which), where its token is accepted and the first server's is not; each
    server writes its own log, named after its port. (One test, two starts: each start checks the
    environment with pip, the slow part.)"""
    _needs_venv()
    port = _free_port()
    with _lab(f"--port={port}") as first:
        assert first.port == port, first.url
        assert _status(first.port, first.token) == 200
        _news_is_off(first)
        with _lab("--port", str(first.port), "--port-retries=5") as second:
            assert second.port != first.port, second.url
            assert _status(second.port, second.token) == 200
            assert _status(second.port, first.token) == 403
            assert _status(first.port, second.token) == 403
            assert second.log != first.log
            assert (first.log.name, second.log.name) == (f"lab-{first.port}.log", f"lab-{second.port}.log")
            logs = first.log.read_text(errors="replace"), second.log.read_text(errors="replace")
    for lab, log in zip((first, second), logs):
        assert "only accepts one value" not in "".join(lab.lines) + log
    assert f":{first.port}/" in logs[0] and f":{second.port}/" not in logs[0]
    assert f":{second.port}/" in logs[1] and f"The port {first.port} is already in use" in logs[1]
