"""Real-browser fixtures: a JupyterLab server (session scope) and Debian's Chromium driven by
Playwright. Locally a missing Chromium skips these tests; under CI it fails them (a skip must not
pass for green). Recipes: ../shared/testing/BROWSER-TESTS.md."""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("POLIS_CHROMIUM", "/usr/bin/chromium")
CHROME_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", "--disable-quic"]
HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE.parents[1] / "test-artifacts"


def _need_browser():
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append(f"Chromium at {CHROMIUM}")
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing.append("the playwright package")
    if missing:
        msg = "browser tests need " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(msg + " (CI must run them, not skip them)", pytrace=False)
        pytest.skip(msg)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    _need_browser()
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    shutil.copytree(HERE / "notebooks", root)
    cfg = base / "config"
    (cfg / "labconfig").mkdir(parents=True)
    (cfg / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(base / "runtime"), JUPYTER_CONFIG_DIR=str(cfg),
               JUPYTERLAB_WORKSPACES_DIR=str(base / "ws"), PYTHONPATH=str(HERE.parents[1]))
    log = open(base / "lab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
         "--port-retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.extension_manager=readonly", f"--LabApp.workspaces_dir={base / 'ws'}"],
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                log.flush()
                raise RuntimeError("JupyterLab did not start:\n" + (base / "lab.log").read_text()[-3000:])
            time.sleep(0.2)
    yield {"url": url, "token": token, "root": root, "runtime": base / "runtime"}
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    log.close()


@pytest.fixture(scope="session")
def browser():
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


@pytest.fixture
def page(browser, request):
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(30_000)
    pg = ctx.new_page()
    pg.errors = []  # type: ignore[attr-defined]
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))  # type: ignore[attr-defined]
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"failure-{request.node.name}.png"), full_page=True)
    ctx.close()


def open_notebook(page, lab, name: str):
    """Open a notebook, wait for its kernel, run all cells and wait until the last one finished."""
    from playwright.sync_api import expect

    page.goto(f"{lab['url']}/lab/tree/{name}?token={lab['token']}&reset")
    expect(page.get_by_role("contentinfo")).to_contain_text("| Idle", timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt")
    expect(prompts.last).to_have_text(__import__("re").compile(r"\[\d+\]:"), timeout=90_000)


def kernel_client(lab, name: str):
    """A second client on the notebook's kernel, to check the Python side."""
    from jupyter_client import BlockingKernelClient

    with urllib.request.urlopen(f"{lab['url']}/api/sessions?token={lab['token']}") as r:
        sessions = json.load(r)
    kid = next(s["kernel"]["id"] for s in sessions if s["path"].endswith(name))
    kc = BlockingKernelClient(connection_file=str(lab["runtime"] / f"kernel-{kid}.json"))
    kc.load_connection_file()
    kc.start_channels()
    kc.wait_for_ready(timeout=30)
    return kc


def kernel_eval(kc, code: str) -> str:
    out: list[str] = []

    def hook(msg):
        if msg["header"]["msg_type"] == "stream":
            out.append(msg["content"]["text"])
        elif msg["header"]["msg_type"] == "error":
            out.append("ERROR: " + msg["content"]["ename"] + ": " + msg["content"]["evalue"])

    kc.execute_interactive(code, output_hook=hook, timeout=30)
    return "".join(out).strip()
