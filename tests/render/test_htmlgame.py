"""The exported annotated game (``Game.to_html``): every node's board rebuilt exactly from the shared
pieces, the commentary and tree in the page's data, user text escaped and kept whole, no reference to
anything outside the file, deterministic output, and the atomic write. (The page in a real browser:
tests/browser/test_static_export.py.)"""
from __future__ import annotations

import html
import json
import random
import re

import pytest

import polis_nb as pn
from polis_nb.analysis import sensible_policy
from polis_nb.render import svg
from polis_nb.render.htmlgame import game_html, pieces
from polis_nb.render.svg import svg_layers
from polis_nb.render.text import cite_sections
from tests.record.builders import SPARTA_INTO_ARKADIA, TRICKY

PAYLOAD = '<img src=x onerror="window.__pwned=1"></script><script>window.__pwned=2</script> & "quotes"'


def annotated() -> pn.Game:
    """Seed 3: Sparta into Arkadia, a siege of Argos; a named variation at the first decision;
    comments (one hostile), glyphs and marks."""
    g = pn.Game(seed=3, headers={"Event": "Export <test> & co", "Athens": "Ann <b>", "Sparta": "Bo"})
    g.play(SPARTA_INTO_ARKADIA)
    g.play("siege; polis argos")
    march = next(n for n in g.root.walk() if str(n.action) == "to arkadia")
    g.comment(PAYLOAD, node=march)
    g.glyph("!?", node=march)
    g.arrow("lakedaimon", "arkadia", "red", node=march)
    g.goto(next(n for n in g.root.walk() if str(n.action) == "hoplites").parent)
    other = next(a for a in pn.legal_actions(g.state) if a.kind not in ("hoplites", "pass"))
    g.branch("plan <B>").play(other)
    g.comment("Build first " + "".join(TRICKY), node=g.node)
    g.goto(g.root)
    return g


def page_data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="polis-game-data">(.*?)</script>', page, re.S)
    assert m, "the page carries its data"
    return json.loads(m.group(1))


def layer_markup(data: dict, layer: int) -> str:
    return "".join(data["pieces"][i] for i in data["layers"][layer])


def test_every_node_board_is_rebuilt_exactly_from_the_shared_pieces():
    g = annotated()
    data = page_data(game_html(g))
    nodes = list(g.root.walk())
    assert len(data["nodes"]) == len(nodes)
    for n, d in zip(nodes, data["nodes"]):
        attrs, layers = svg_layers(n.state, marks=tuple(n.marks))
        want = [m for name, m in layers if name not in ("title", "style")]
        assert [layer_markup(data, k) for k in d["l"]] == want
        assert d["a"] == attrs["aria-label"]


def test_tree_links_match_the_record():
    g = annotated()
    data = page_data(game_html(g))
    nodes = list(g.root.walk())
    index = {id(n): k for k, n in enumerate(nodes)}
    for n, d in zip(nodes, data["nodes"]):
        assert d["c"] == [index[id(c)] for c in n.variations]
        assert d["p"] == (index[id(n.parent)] if n.parent else -1)
    var = next(d for d in data["nodes"] if d["var"])
    assert var["nm"] == "plan <B>" and var["d"] and var["who"] == "Sparta"


def test_page_opens_at_the_start_with_the_whole_board_inline():
    g = annotated()
    page = game_html(g)
    inline = re.search(r'<div class="board" id="board">(<svg .*?</svg>)</div>', page, re.S).group(1)
    assert inline == svg(g.root.state)


def test_commentary_keeps_user_text_whole_and_the_page_escapes_it():
    g = annotated()
    page = game_html(g)
    data = page_data(page)
    k = next(k for k, n in enumerate(g.root.walk()) if str(n.action) == "to arkadia")
    march = data["nodes"][k]
    assert march["cm"] == PAYLOAD  # nothing lost
    assert march["g"] == ["!?"] and march["mk"] == ["arrow from Lakedaimon to Arkadia (red)"]
    assert "Build first " + "".join(TRICKY) in [d["cm"] for d in data["nodes"]]
    # no user text reaches the page as markup: no second script, no img, the payload only escaped
    assert page.count("<script") == 2 and "<img" not in page
    assert "</script><script>window" not in page
    assert html.escape("Export <test> & co") in page and "Export <test>" not in page
    assert "Ann &lt;b&gt;" in page and "plan &lt;B&gt;" in page


def test_narration_cites_the_rulebook_sections_in_words_never_rule_ids():
    g = annotated()
    page = game_html(g)
    data = page_data(page)
    siege = []
    for n, d in zip(g.root.walk(), data["nodes"]):
        assert len(d["log"]) == len(n.state.log)
        for entry, (text, k) in zip(n.state.log, d["log"]):
            known = tuple(r for r in entry.rules if r in pn.RULES)
            if not known:
                assert k == -1
                continue
            cite, tip = data["cites"][k]
            assert cite == cite_sections(known, "ed1")[0]
            for r in known:
                assert f"{pn.RULES[r].section('ed1')}: {pn.RULES[r].summary}" in tip
            if any(r.startswith("siege.") for r in known):
                siege.append((text, cite))
    assert siege, "the siege is narrated with its rulebook section"
    assert all("Besieging a polis" in cite for _, cite in siege)
    for r in pn.RULES:
        assert r not in page or not re.search(rf"(?<![\w.-]){re.escape(r)}(?![\w-])", page), r


def test_nothing_outside_the_file():
    page = game_html(annotated())
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", page))
    assert urls == {"http://www.w3.org/2000/svg"}  # the SVG namespace only: no CDN, no fonts, no images
    assert re.findall(r"<link\b[^>]*>", page) == ['<link rel="icon" href="data:,">']  # no favicon request
    assert not re.search(r"<(iframe|img|object|embed)\b|<[a-z]+[^<>]*\ssrc=|@import|url\(", page)


def test_deterministic():
    assert game_html(annotated()) == game_html(annotated())


def test_static_layers_are_stored_once_for_a_long_game():
    g = pn.Game(seed=105)
    rng = random.Random(105)
    while not g.state.is_terminal:  # about 200 nodes
        g.play(sensible_policy(g.state, rng))
    data = page_data(game_html(g))
    names = data["layer_names"]
    for static in ("water", "wild", "routes", "labels"):
        k = names.index(static)
        assert len({d["l"][k] for d in data["nodes"]}) == 1, static
    whole = sum(len(svg(n.state)) for n in g.root.walk())
    stored = sum(len(p) for p in data["pieces"])
    assert stored * 10 < whole  # pieces shared between nodes, not one board per node


def test_pieces_join_back_and_cut_at_top_level_elements():
    s = pn.position("ed1", round="4", to_move="athens", units={"boiotia": (2, 1), "attika": (1, 0)})
    _, layers = svg_layers(s)
    for _, m in layers:
        assert "".join(pieces(m)) == m
    units = dict(layers)["units"]
    cut = pieces(units)
    assert cut[0] == '<g class="unitlayer" pointer-events="none">' and cut[-1] == "</g>"
    assert len(cut) == 2 + units.count('<g class="units"')  # the wrapper's tags, one piece per badge
    assert sum('data-area="boiotia"' in p for p in cut) == 2  # Athens' and Sparta's badge apart
    assert pieces("<g><a></g>") == ["<g><a></g>"]  # unbalanced: kept whole


def test_to_html_writes_the_page_atomically(tmp_path):
    g = annotated()
    path = tmp_path / "game.html"
    g.to_html(path, title="My <game>")
    text = path.read_bytes().decode("utf-8")  # as written: a comment's "\r\n" stays
    assert text == game_html(g, title="My <game>") and "<title>My &lt;game&gt;</title>" in text
    path.write_text("old", encoding="utf-8")
    with pytest.raises(FileNotFoundError):
        g.to_html(tmp_path / "missing" / "game.html")
    assert path.read_text(encoding="utf-8") == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["game.html"]


def test_game_html_refuses_what_is_not_a_game():
    with pytest.raises(TypeError, match="needs a Game, not State"):
        game_html(pn.new_game())
