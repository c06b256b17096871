"""Tutorials without a kernel: nbconvert's HTML of every tutorial, as stored, shows each widget as a
picture (a board, or the battle for Combat) instead of its text repr. GitHub and nbviewer render
notebooks with nbconvert, so this is what a reader sees there.

nbconvert shows a widget's live view only when the notebook stores widget state; otherwise it takes
the next type of the output, here the widget's ``image/svg+xml``. Tutorials are therefore saved
without widget state: execute them with
``jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.store_widget_state=False``."""
from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

FOLDER = Path(__file__).resolve().parents[1] / "tutorials"
# the English tutorials and their translations, a folder a language (tutorials/de/, tutorials/pl/)
TUTORIALS = sorted(FOLDER.glob("[0-9][0-9]-*.ipynb")) + sorted(FOLDER.glob("[a-z][a-z]/[0-9][0-9]-*.ipynb"))
VIEW = "application/vnd.jupyter.widget-view+json"
PICTURES = ("polis-board", "polis-combat")  # the root class of a board and of a battle picture


def _svgs(page: str) -> list[ET.Element]:
    imgs = re.findall(r'data-mime-type="image/svg\+xml"[^>]*>\s*<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"',
                      page)
    return [ET.fromstring(base64.b64decode(x)) for x in imgs]


def test_there_are_tutorials():
    assert len(TUTORIALS) >= 10
    assert {p.parent.name for p in TUTORIALS} >= {"tutorials", "de", "pl"}  # the translations are checked too
    assert set(FOLDER.rglob("*.ipynb")) - {p for p in FOLDER.rglob("*.ipynb") if ".ipynb_checkpoints" in p.parts} \
        == set(TUTORIALS), "a notebook in tutorials/ is neither a tutorial NN-*.ipynb nor in a language's folder"


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: str(p.relative_to(FOLDER).with_suffix("")))
def test_nbconvert_html_of_tutorial_shows_its_widgets_as_pictures(path):
    from nbconvert import HTMLExporter

    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata, (
        f"{path.name} stores widget state, so nbconvert, GitHub and nbviewer would try the live widget "
        "(from a CDN) instead of its picture; execute it with --ExecutePreprocessor.store_widget_state=False")
    widgets = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if VIEW in o.get("data", {})]
    missing = [o.data["text/plain"] for o in widgets if "image/svg+xml" not in o.data]
    assert not missing, f"{path.name}: widget outputs without a picture (re-execute the notebook): {missing}"
    page, _ = HTMLExporter().from_notebook_node(nb)
    pictures = [e for e in _svgs(page) if set((e.get("class") or "").split()) & set(PICTURES)]
    assert len(pictures) >= max(1, len(widgets)), f"{path.name}: a widget shows no picture in the HTML"
    battles_only = all(o.data["text/plain"].startswith("Combat(") for o in widgets)
    assert battles_only or any("polis-board" in (e.get("class") or "").split() for e in pictures), \
        f"{path.name}: no board picture in the HTML"
    for o in widgets:  # the repr is not what the page shows
        assert o.data["text/plain"] not in page
