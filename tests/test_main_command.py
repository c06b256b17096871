"""The README's main command, ``bash scripts/lab.sh``, with extra arguments for JupyterLab: the user's
own ``--port`` (either spelling) is used, not refused for colliding with the script's choice, and the
address the script prints points at the server that answers there."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("spelling", ["--port {}", "--port={}"])
def test_the_main_command_takes_the_users_port(spelling, tmp_path):
    if not (ROOT / ".venv" / "bin" / "jupyter").exists():
        pytest.skip("the main command installs into .venv; run scripts/test.sh (or scripts/lab.sh) once first")
    port = _free_port()
    args = ["bash", str(ROOT / "scripts" / "lab.sh"), "--no-browser", *spelling.format(port).split()]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 180
        url = None
        while time.monotonic() < deadline and url is None:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            if not line:
                break
            lines.append(line)
            m = re.search(r"(http://\S+/lab/tree/01-tour\.ipynb\?token=(\w+))", line)
            if m:
                url = m.group(1)
        assert url is not None, "".join(lines)
        assert f"127.0.0.1:{port}/" in url, url
        token = url.rsplit("token=", 1)[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=10) as r:
            assert r.status == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:  # pragma: no cover
            os.killpg(proc.pid, signal.SIGKILL)
    assert "only accepts one value" not in "".join(lines) + (ROOT / "lab.log").read_text(errors="replace")
