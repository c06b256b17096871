"""Widgets without a kernel: each widget's output carries the live view, its repr and a static SVG of
what it shows, so nbconvert HTML, GitHub and nbviewer show the board (or the battle) instead of
``Board(state, ply 4: …)``. Also: the SVG is well-formed and deterministic (nbval compares
``image/svg+xml`` in strict mode), the bundle holds nothing nbconvert would rank above the SVG, the
picture shows no hidden hand, and nbconvert's exporter picks the SVG exactly when the notebook holds
no widget state (so notebooks are saved without it)."""
from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import nbformat
import pytest

import polis_nb as pn
from polis_nb.render.combatsvg import combat_svg
from polis_nb.render.viewmodel import view_svg
from polis_nb.widgets import Board, Combat, Viewer

from .helpers import send

VIEW = "application/vnd.jupyter.widget-view+json"
SVG = "image/svg+xml"
NS = "{http://www.w3.org/2000/svg}"
# what nbconvert's HTML exporter ranks above image/svg+xml (HTMLExporter.display_data_priority)
ABOVE_SVG = {"application/javascript", "text/html", "text/markdown"}


def bundle(w) -> dict:
    data, _meta = w._repr_mimebundle_()
    return data


def game():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia")
    return g


def combat(**kw):
    kw.setdefault("odds", False)
    return Combat.setup(kind="land", units=(4, 4), seed=0, **kw)


def widgets():
    g = game()
    g.arrow("lakedaimon", "arkadia", "red")
    return {"board-game": Board(game()), "board-state": Board(pn.position("ed1", round="4", to_move="athens")),
            "viewer": Viewer(g), "combat-hotseat": combat(), "combat-bot": combat(mode="bot", side="athens")}


@pytest.mark.parametrize("name", ["board-game", "board-state", "viewer", "combat-hotseat", "combat-bot"])
def test_bundle_holds_the_view_the_repr_and_a_well_formed_svg(name):
    w = widgets()[name]
    data = bundle(w)
    assert set(data) == {VIEW, SVG, "text/plain"}
    assert not ABOVE_SVG & set(data)
    assert data["text/plain"] == repr(w) and "object at 0x" not in data["text/plain"]
    assert data[VIEW]["model_id"] == w.model_id
    root = ET.fromstring(data[SVG])
    assert root.tag == NS + "svg" and root.get("role") == "img" and root.get("aria-label")
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", data[SVG])  # no external references


def test_board_picture_is_the_board_the_widget_shows():
    b = Board(game())
    assert bundle(b)[SVG] == b.svg == view_svg(b.view)
    # legal places are marked as in the widget: the destinations of the move
    legal = {e.get("data-area") for e in ET.fromstring(bundle(b)[SVG]).iter() if "legal" in (e.get("class") or "")}
    assert legal == {t.split(":")[1] for t in b.view["targets"]}
    before = bundle(b)[SVG]
    send(b, kind="click", target="area:lakedaimon")
    assert bundle(b)[SVG] != before and bundle(b)[SVG] == b.svg  # taken when displayed, from the view now


def test_viewer_picture_is_the_current_node_with_its_marks():
    g = game()
    g.arrow("lakedaimon", "arkadia", "red")
    v = Viewer(g)
    picture = bundle(v)[SVG]
    assert picture == view_svg(v.view["board"])
    marks = [e for e in ET.fromstring(picture).iter(NS + "g") if e.get("class") == "mark"]
    assert [(m.get("data-kind"), m.get("data-colour")) for m in marks] == [("arrow", "red")]


def test_pictures_are_deterministic():
    """nbval compares image/svg+xml: the same widget on the same position gives the same bytes."""
    for name, w in widgets().items():
        assert bundle(w)[SVG] == bundle(widgets()[name])[SVG], name


def _sides(picture: str) -> dict[str, list[str]]:
    root = ET.fromstring(picture)
    return {g.get("data-side"): [c.get("data-card") for c in g.iter(NS + "g") if c.get("class") == "card-face"]
            for g in root.iter(NS + "g") if g.get("class") == "side"}


def test_combat_picture_shows_no_hidden_hand():
    hot = combat()
    assert hot.view["gate"]  # hot seat: nobody has shown a hand yet
    assert _sides(bundle(hot)[SVG]) == {"athens": [], "sparta": []}
    bot = combat(mode="bot", side="athens")
    shown = _sides(bundle(bot)[SVG])
    assert shown["sparta"] == [] and shown["athens"] == [c["name"] for c in bot.view["sides"][0]["hand"]]
    assert "4 cards (hidden)" in bundle(bot)[SVG]


def test_combat_picture_follows_the_battle_to_its_end():
    w = combat(mode="bot", side="athens")
    while not w.over:
        ch = w.view["choice"]
        w.play("fight" if ch["kind"] == "window" else ch["options"][0]["action"])
    picture = bundle(w)[SVG]
    end = next(g for g in ET.fromstring(picture).iter(NS + "g") if g.get("class") == "battle-end")
    assert "The battle is over: " + w.view["end"]["cause_text"] in "".join(end.itertext())
    assert w.view["reveal"] and "Exchange " in picture


def test_combat_picture_escapes_text():
    v = dict(combat().view, title="<script>x</script>", prompt='a & b "c"')
    picture = combat_svg(v)
    ET.fromstring(picture)
    assert "<script>" not in picture and "&lt;script&gt;" in picture


# --- what nbconvert does with these outputs (GitHub and nbviewer render notebooks with it) -------

def _notebook(ws, state: bool) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    for k, w in enumerate(ws):
        data, meta = w._repr_mimebundle_()
        cell = nbformat.v4.new_code_cell(f"w{k}")
        cell.outputs = [nbformat.v4.new_output("execute_result", data=data, metadata=meta, execution_count=k + 1)]
        nb.cells.append(cell)
    if state:
        nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
            "version_major": 2, "version_minor": 0,
            "state": {w.model_id: {"model_name": "AnyModel", "model_module": "anywidget",
                                   "model_module_version": "*", "state": {}} for w in ws}}}
    return nb


def _exported_svgs(page: str) -> list[str]:
    imgs = re.findall(r'data-mime-type="image/svg\+xml"[^>]*>\s*<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"', page)
    return [base64.b64decode(x).decode("utf-8") for x in imgs]


def test_nbconvert_html_shows_the_picture_when_no_widget_state_is_saved():
    from nbconvert import HTMLExporter

    ws = list(widgets().values())
    page, _ = HTMLExporter().from_notebook_node(_notebook(ws, state=False))
    assert _exported_svgs(page) == [bundle(w)[SVG] for w in ws]
    assert not any(repr(w) in page for w in ws)  # not the text repr
    # with widget state saved, nbconvert takes the widget view instead (its JS comes from a CDN):
    # notebooks are therefore executed with --ExecutePreprocessor.store_widget_state=False
    page, _ = HTMLExporter().from_notebook_node(_notebook(ws, state=True))
    assert _exported_svgs(page) == []
    assert page.count(f'<script type="{VIEW}">') == len(ws)
