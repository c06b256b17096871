"""Real-browser fixtures: a JupyterLab server (session scope) and Debian's Chromium driven by
Playwright. Locally a missing Chromium skips these tests; under CI it fails them (a skip must not
pass for green). Recipes: ../shared/testing/BROWSER-TESTS.md."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from .labserver import CHROME_ARGS, CHROMIUM, LabServer

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


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    _need_browser()
    server = LabServer(HERE / "notebooks", tmp_path_factory.mktemp("lab"), extra_path=HERE.parents[1])
    yield server.start()
    server.stop()


@pytest.fixture(scope="session")
def lab_tutorials(tmp_path_factory):
    """JupyterLab serving a copy of tutorials/ (the notebooks users open)."""
    _need_browser()
    server = LabServer(HERE.parents[1] / "tutorials", tmp_path_factory.mktemp("lab-tut"), extra_path=HERE.parents[1])
    yield server.start()
    server.stop()


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


@pytest.fixture
def page1280(browser):
    """A page at 1280×800 that collects page errors, console errors and warnings (``.problems``) and
    every request it makes (``.requests``)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(20_000)
    pg = ctx.new_page()
    pg.problems = []  # type: ignore[attr-defined]
    pg.requests = []  # type: ignore[attr-defined]
    pg.on("pageerror", lambda e: pg.problems.append(f"page error: {e}"))  # type: ignore[attr-defined]
    pg.on("console", lambda m: pg.problems.append(f"console {m.type}: {m.text}")  # type: ignore[attr-defined]
          if m.type in ("error", "warning") else None)
    pg.on("request", lambda r: pg.requests.append(r.url))  # type: ignore[attr-defined]
    yield pg
    ctx.close()
