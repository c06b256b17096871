"""Smoke test of every tutorial in real JupyterLab: it runs to the end, every widget renders
(no blank widget), and the page logs no JavaScript error."""
from pathlib import Path

import pytest

from .labserver import open_notebook

pytestmark = pytest.mark.browser
TUTORIALS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "tutorials").glob("*.ipynb"))


@pytest.mark.parametrize("name", TUTORIALS)
def test_tutorial_runs_and_widgets_render_in_lab(page, lab_tutorials, name):
    open_notebook(page, lab_tutorials, name)
    tracebacks = page.locator(".jp-OutputArea-output .ansi-red-fg, .jp-OutputArea-output:has-text('Traceback')")
    assert tracebacks.count() == 0, f"{name}: a cell raised"
    widgets = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.widget-view+json']")
    for i in range(widgets.count()):
        w = widgets.nth(i)
        w.locator(".pnb-board, .pnb-viewer").first.wait_for(state="attached", timeout=30_000)
        w.locator("svg [data-layer='lands']").wait_for(state="attached", timeout=30_000)
        assert w.locator("svg .area").count() == 17, f"{name}: widget {i} drew no map"
    assert not page.errors, f"{name}: JavaScript errors {page.errors}"
