"""A throwaway JupyterLab server and helpers to drive it (used by the browser tests and by
bench/widgets.py). Recipes: ../shared/testing/BROWSER-TESTS.md §4c."""
from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

#: JupyterLab settings that keep its news and update toasts off the widgets (shared with scripts/lab.sh)
LAB_SETTINGS = Path(__file__).resolve().parents[2] / "scripts" / "jupyterlab-settings.json"
CHROMIUM = os.environ.get("POLIS_CHROMIUM", "/usr/bin/chromium")
CHROME_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", "--disable-quic"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """JupyterLab on 127.0.0.1 serving a copy of ``notebooks`` from ``base`` (nothing in the repo is touched)."""

    def __init__(self, notebooks: Path, base: Path, extra_path: Path | None = None):
        self.notebooks, self.base, self.extra_path = Path(notebooks), Path(base), extra_path
        self.proc: subprocess.Popen | None = None

    def start(self) -> dict:
        base = self.base
        root = base / "root"
        shutil.copytree(self.notebooks, root)
        cfg = base / "config"
        (cfg / "labconfig").mkdir(parents=True)
        (cfg / "labconfig" / "page_config.json").write_text(
            json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
        settings = base / "user-settings"  # this throwaway server's own: no one's settings are touched
        for plugin, values in json.loads(LAB_SETTINGS.read_text()).items():
            ext, _, name = plugin.partition(":")
            (settings / ext).mkdir(parents=True, exist_ok=True)
            (settings / ext / f"{name}.jupyterlab-settings").write_text(json.dumps(values))
        port, token = free_port(), secrets.token_hex(16)
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(base / "runtime"), JUPYTER_CONFIG_DIR=str(cfg),
                   JUPYTERLAB_WORKSPACES_DIR=str(base / "ws"))
        if self.extra_path is not None:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(self.extra_path), env.get("PYTHONPATH")]))
        self._log = open(base / "lab.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
             "--port-retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
             "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             "--LabApp.extension_manager=readonly", f"--LabApp.workspaces_dir={base / 'ws'}",
             f"--LabApp.user_settings_dir={settings}"],
            env=env, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2).read()
                break
            except OSError:
                if self.proc.poll() is not None or time.time() > deadline:
                    self._log.flush()
                    raise RuntimeError("JupyterLab did not start:\n" + (base / "lab.log").read_text()[-3000:])
                time.sleep(0.2)
        return {"url": url, "token": token, "root": root, "runtime": base / "runtime"}

    def stop(self) -> None:
        if self.proc is None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self._log.close()
        self.proc = None


def open_notebook(page, lab: dict, name: str) -> None:
    """Open a notebook, wait for its kernel, run all cells and wait until the last one finished."""
    from playwright.sync_api import expect

    page.goto(f"{lab['url']}/lab/tree/{name}?token={lab['token']}&reset")
    expect(page.get_by_role("contentinfo")).to_contain_text("| Idle", timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # A cell whose input is collapsed (the exercises' check cells) shows an empty placeholder prompt,
    # so wait on the last prompt that shows a number, then until no cell is still queued or running.
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt:not(.jp-Placeholder-prompt)")
    expect(prompts.last).to_have_text(re.compile(r"\[\d+\]:"), timeout=90_000)
    busy = page.locator(".jp-CodeCell .jp-InputPrompt", has_text="[*]")
    expect(busy).to_have_count(0, timeout=90_000)


def kernel_client(lab: dict, name: str):
    """A second client on the notebook's kernel, to check the Python side."""
    from jupyter_client import BlockingKernelClient

    with urllib.request.urlopen(f"{lab['url']}/api/sessions?token={lab['token']}") as r:
        sessions = json.load(r)
    # the notebook's own session: "bot.ipynb" must not match "search_bot.ipynb"
    kid = next(s["kernel"]["id"] for s in sessions if s["path"] == name or s["path"].endswith("/" + name))
    kc = BlockingKernelClient(connection_file=str(lab["runtime"] / f"kernel-{kid}.json"))
    kc.load_connection_file()
    kc.start_channels()
    kc.wait_for_ready(timeout=30)
    return kc


def kernel_ask(lab: dict, name: str, code: str) -> str:
    """What ``code`` prints in the kernel of notebook ``name`` (a client made for the one question)."""
    kc = kernel_client(lab, name)
    try:
        return kernel_eval(kc, code)
    finally:
        kc.stop_channels()


def kernel_eval(kc, code: str) -> str:
    out: list[str] = []

    def hook(msg):
        if msg["header"]["msg_type"] == "stream":
            out.append(msg["content"]["text"])
        elif msg["header"]["msg_type"] == "error":
            out.append("ERROR: " + msg["content"]["ename"] + ": " + msg["content"]["evalue"])

    kc.execute_interactive(code, output_hook=hook, timeout=30)
    return "".join(out).strip()


# --- acting on a widget and waiting for Python's answer ----------------------------------------

def shot(page, name: str) -> None:
    """Save a screenshot when POLIS_SCREENSHOTS names a folder (for looking, not for asserting)."""
    folder = os.environ.get("POLIS_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def rev(page, sel: str) -> str:
    """The revision of the view a widget shows (its root's data-rev)."""
    return page.eval_on_selector(sel, "e => e.dataset.rev")


def act_and_wait(page, sel: str, act) -> None:
    """Do ``act()`` and wait until Python has answered with a new view (the revision changed)."""
    before = rev(page, sel)
    act()
    page.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, before])


def click_and_wait(page, sel: str, locator) -> None:
    act_and_wait(page, sel, locator.click)


def key_and_wait(page, sel: str, key: str, locator=None) -> None:
    """Press a key (on ``locator`` after focusing it, if given) and wait for the new view."""
    def act():
        if locator is not None:
            locator.focus()
        page.keyboard.press(key)
    act_and_wait(page, sel, act)
