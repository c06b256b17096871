"""Smoke test of every tutorial in real JupyterLab: it runs to the end, every widget it displays
renders (as many drawn widgets as the notebook's saved outputs hold widget views — none blank), and
the page logs no JavaScript error."""
import json
from pathlib import Path

import pytest

from .labserver import open_notebook

pytestmark = pytest.mark.browser
FOLDER = Path(__file__).resolve().parents[2] / "tutorials"
# the English tutorials and their translations, a folder a language (tutorials/de/, tutorials/pl/)
TUTORIALS = [p.relative_to(FOLDER).as_posix() for p in sorted(FOLDER.glob("[0-9][0-9]-*.ipynb"))
             + sorted(FOLDER.glob("[a-z][a-z]/[0-9][0-9]-*.ipynb"))]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _widget_outputs(name: str) -> int:
    nb = json.loads((FOLDER / name).read_text(encoding="utf-8"))
    return sum(WIDGET_VIEW in o.get("data", {}) for c in nb["cells"] for o in c.get("outputs", []))


def test_every_tutorial_with_widgets_saves_their_views():
    # the check below compares against the saved outputs, so they must hold the widget views
    assert sum(_widget_outputs(n) for n in TUTORIALS) >= 10


@pytest.mark.parametrize("name", TUTORIALS)
def test_tutorial_runs_and_widgets_render_in_lab(page, lab_tutorials, name):
    open_notebook(page, lab_tutorials, name)
    tracebacks = page.locator(".jp-OutputArea-output .ansi-red-fg, .jp-OutputArea-output:has-text('Traceback')")
    assert tracebacks.count() == 0, f"{name}: a cell raised"
    expected = _widget_outputs(name)
    drawn = page.locator(".jp-OutputArea-output > .pnb-board, .jp-OutputArea-output > .pnb-viewer, "
                         ".jp-OutputArea-output > .pnb-combat, .jp-OutputArea-output > .pnb-puzzle")
    if expected:
        drawn.nth(expected - 1).wait_for(state="attached", timeout=30_000)
    assert drawn.count() == expected, f"{name}: {drawn.count()} widgets drawn, {expected} expected"
    for i in range(expected):
        w = drawn.nth(i)
        if "pnb-combat" in (w.get_attribute("class") or ""):
            w.scroll_into_view_if_needed()
            w.locator(".pc-title").wait_for(state="attached", timeout=30_000)
            assert (w.locator(".pc-title").text_content() or "").strip(), f"{name}: combat widget {i} is blank"
        else:
            w.locator("svg [data-layer='lands']").wait_for(state="attached", timeout=30_000)
            assert w.locator("svg .area").count() == 17, f"{name}: widget {i} drew no map"
    assert not page.errors, f"{name}: JavaScript errors {page.errors}"
