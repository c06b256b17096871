"""axe-core in the browser tests: the rules engine from npm (pinned, like Chromium from apt; never from a
CDN), cached outside the clone in ``~/.cache/polis_nb/axe-<version>`` and installed there with npm when
missing. Locally a missing npm or a failed install skips the tests that need it; under CI it fails them,
like the other browser tests (conftest.py).

``violations(page, element=None)`` runs axe over one element (a widget's root: the run is scoped to
it) or the whole page and gives ``{rule: (impact, nodes)}``; ``serious(found)`` keeps the serious and
critical ones."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

AXE_VERSION = "4.14.1"
CACHE = Path(os.environ.get("POLIS_AXE_CACHE", Path.home() / ".cache" / "polis_nb")) / f"axe-{AXE_VERSION}"
SCRIPT = CACHE / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")


def _give_up(msg: str):
    if os.environ.get("CI"):
        pytest.fail(msg + " (CI must run the accessibility tests, not skip them)", pytrace=False)
    pytest.skip(msg)


def axe_script() -> str:
    """The text of axe.min.js, installed with npm into the cache first if it is not there."""
    if not SCRIPT.exists():
        npm = shutil.which("npm")
        if npm is None:
            _give_up(f"axe-core {AXE_VERSION} is not in {CACHE} and npm is missing to install it")
        CACHE.mkdir(parents=True, exist_ok=True)
        run = subprocess.run([npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund", "--no-save",
                              "--loglevel=error", f"axe-core@{AXE_VERSION}"],
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 0 or not SCRIPT.exists():
            _give_up(f"npm could not install axe-core@{AXE_VERSION} into {CACHE}: {run.stderr[-800:]}")
    return SCRIPT.read_text(encoding="utf-8")


def inject(page, script: str) -> None:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=script)


def violations(page, element=None) -> dict[str, tuple[str, int]]:
    """axe's violations within ``element`` (a Playwright locator; None: the whole page)."""
    run = ("async (el) => { const r = await axe.run(el || document, {resultTypes: ['violations']});"
           " return r.violations.map(v => [v.id, v.impact, v.nodes.length]); }")
    found = element.evaluate(run) if element is not None else page.evaluate(run.replace("(el)", "(el = null)"))
    return {rule: (impact, n) for rule, impact, n in found}


def serious(found: dict[str, tuple[str, int]]) -> dict[str, tuple[str, int]]:
    return {k: v for k, v in found.items() if v[0] in GRAVE}


def figures(where: str, found: dict[str, tuple[str, int]]) -> str:
    """One line per place measured: every violated rule with its impact and number of nodes."""
    rules = ", ".join(f"{k} ({imp}, {n})" for k, (imp, n) in sorted(found.items())) or "none"
    return f"axe {AXE_VERSION} · {where}: {rules}"
