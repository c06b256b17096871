"""One self-contained HTML page of an annotated game: what a tutorial author publishes.

``game_html(game)`` holds the board at every node of the record, the commentary (the narrated decisions
with their rule citations, comments, glyphs, marks in words), the variations as a tree to click
through, and keyboard navigation (←/→ steps, ↑/↓ switches between variations, Home/End). It needs no
kernel, no network and no CDN: the page carries its own script and styles (``widgets/htmlgame.js``,
``widgets/htmlgame.css``, beside the widgets' browser files, inlined) and opens from ``file://``.

Size: the boards are not stored whole. Every layer of :func:`polis_nb.render.svg.svg_layers` is cut
into its top-level elements; each distinct element is stored once, each distinct layer once as a list
of elements, and a node is a list of layer numbers. The map, the routes and the labels are therefore
stored once, and a move that changes one area stores little more than that area's units.

User text (headers, comments, variation names) is escaped in the HTML and set as text by the script;
the page's data sits in a ``<script type="application/json">`` with ``<``, ``>`` and ``&`` escaped.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from html import escape

from ..record import Game, Node
from ..rules.board import board
from ..rules.index import RULES
from .assets import asset_text
from .recordview import node_ids, rows
from .svg import BARE_LAYERS, join_layers, svg_layers
from .text import mark_words
from .viewmodel import prompt

GLYPH_WORDS = {"!": "a good decision", "?": "a mistake", "!!": "an excellent decision", "??": "a blunder",
               "!?": "an interesting decision", "?!": "a dubious decision"}
_TAG = re.compile(r"<(/?)[A-Za-z][^<>]*?(/?)>")


def _e(x) -> str:
    return escape(str(x), quote=True)


@lru_cache(maxsize=4)
def _asset(name: str) -> str:
    return asset_text(name)


def pieces(markup: str) -> list[str]:
    """``markup`` cut before and after each of its top-level elements and those of a single wrapping
    element (``<g class="units">…</g>`` gives the opening tag, one piece per unit, the closing tag).
    The pieces always join back to ``markup``; where the cut would not, the markup stays whole."""
    out: list[str] = []
    depth, start = 0, 0
    for t in _TAG.finditer(markup):
        if t.group(1):  # a closing tag
            depth -= 1
            if depth <= 1:
                out.append(markup[start:t.end()])
                start = t.end()
        elif t.group(2):  # self-closing
            if depth <= 1:
                out.append(markup[start:t.end()])
                start = t.end()
        else:
            if depth == 0:
                out.append(markup[start:t.end()])
                start = t.end()
            depth += 1
    if start < len(markup):
        out.append(markup[start:])
    return out if "".join(out) == markup and depth == 0 else [markup]


class LayerTable:
    """Distinct board pieces and layers, numbered in the order they are first seen."""

    def __init__(self) -> None:
        self.pieces: dict[str, int] = {}
        self.layers: dict[tuple[int, ...], int] = {}

    def add(self, markup: str) -> int:
        ids = tuple(self.pieces.setdefault(p, len(self.pieces)) for p in pieces(markup))
        return self.layers.setdefault(ids, len(self.layers))

    def to_json(self) -> tuple[list[str], list[list[int]]]:
        return list(self.pieces), [list(k) for k in self.layers]


def _who(n: Node) -> str:
    if n.parent is None:
        return ""
    s = n.parent.state
    return "Chance" if s.is_chance else s.current_player.capitalize()


def _where(n: Node) -> str:
    s = (n.parent or n).state
    return f"Round {board(s).comp.rounds[s.round].name}"


def _node_json(n: Node, layers: list[int], aria: str, index: dict[int, int], label: str, used: set[str]) -> dict:
    s = n.state
    log = []
    for e in s.log:
        log.append([e.text, list(e.rules)])
        used.update(e.rules)
    parent = n.parent
    return {
        "p": index[id(parent)] if parent is not None else -1,
        "c": [index[id(c)] for c in n.variations],
        "l": layers,
        "a": aria,
        "d": label,
        "who": _who(n),
        "where": _where(n),
        "ply": s.ply,
        "g": list(n.glyphs),
        "cm": n.comment,
        "cb": n.starting_comment,
        "nm": n.name if n.starts_variation() else "",
        "var": n.starts_variation(),
        "log": log,
        "mk": [mark_words(board(s), m) for m in n.marks],
        "next": prompt(s),
    }


def _tree(rws: list[dict], cut: bool) -> str:
    """The record as a list of links in reading order (each variation right after the decision it
    replaces, indented by its depth), built from the Viewer's rows."""
    out = ['<ol class="tree" id="tree" aria-label="Decisions and variations">',
           '<li class="mv-row" style="--d:0"><a class="mv" href="#n0" data-n="0">Start</a></li>']
    for r in rws:
        if r.get("heading"):
            out.append(f'<li class="turn" role="presentation">{_e(r["text"])}</li>')
            continue
        k = r["id"][1:]
        name = f'<span class="vname">{_e(r["name"])}</span> ' if r["name"] else ""
        glyph = f'<span class="glyph">{_e(r["glyphs"])}</span>' if r["glyphs"] else ""
        comment = f'<span class="tcomment">{_e(r["comment"])}</span>' if r["comment"] else ""
        cls = "mv-row var" if r["variation"] else "mv-row"
        out.append(f'<li class="{cls}" style="--d:{int(r["depth"])}">{name}<a class="mv" href="#n{k}" '
                   f'data-n="{k}">{_e(r["text"])}{glyph}</a>{comment}</li>')
    if cut:
        out.append('<li class="turn">… the list stops here; step on with the keys to see the rest</li>')
    out.append("</ol>")
    return "".join(out)


def _headers(game: Game) -> str:
    skip = {"Components", "Options", "Position"}
    items = [(k, v) for k, v in game.headers.items() if k not in skip and v not in ("", "?")]
    return ('<dl class="headers">' + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in items)
            + "</dl>")


def _script_json(data) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _boards(nodes: list[Node]) -> tuple[list[str], LayerTable, list[tuple[list[int], str]], str]:
    """The board of every node as layer numbers: (layer names, the table, [(layer numbers, accessible
    name)] per node, the first node's whole SVG for the page to open with)."""
    table = LayerTable()
    names: list[str] | None = None
    out = []
    first = ""
    for n in nodes:
        attrs, layers = svg_layers(n.state, marks=tuple(n.marks))
        got = [name for name, _ in layers if name not in BARE_LAYERS]
        if names is None:
            names, first = got, join_layers(attrs, layers)
        elif got != names:
            raise ValueError(f"the board's layers changed between nodes ({got} after {names})")
        out.append(([table.add(m) for name, m in layers if name not in BARE_LAYERS], attrs["aria-label"]))
    return names or [], table, out, first


def game_html(game: Game, *, title: str | None = None) -> str:
    """The whole record of ``game`` as one HTML document (a string); see the module docstring."""
    if not isinstance(game, Game):
        raise TypeError(f"game_html needs a Game, not {type(game).__name__}")
    nodes = node_ids(game)
    index = {id(n): k for k, n in enumerate(nodes)}
    rws, cut = rows(game, {id(n): f"n{k}" for k, n in enumerate(nodes)})
    labels = {r["id"]: r["text"] for r in rws if not r.get("heading")}
    names, table, boards, first = _boards(nodes)
    used: set[str] = set()
    data_nodes = []
    for k, (n, (layers, aria)) in enumerate(zip(nodes, boards)):
        label = labels.get(f"n{k}", str(n.action)) if n.parent is not None else ""
        label = label.removeprefix("chance: ")  # the heading already says "Chance: ..."
        data_nodes.append(_node_json(n, layers, aria, index, label, used))
    edition = game.root.state.edition
    pieces_, layers_ = table.to_json()
    rules = {r: [RULES[r].section(edition), RULES[r].summary] for r in sorted(used) if r in RULES}
    data = {"layer_names": names, "pieces": pieces_, "layers": layers_, "nodes": data_nodes, "rules": rules,
            "glyphs": GLYPH_WORDS}
    page_title = title if title is not None else _default_title(game)
    return _PAGE.format(title=_e(page_title), css=_asset("htmlgame.css"), headers=_headers(game), board=first,
                        tree=_tree(rws, cut), data=_script_json(data), js=_asset("htmlgame.js"),
                        count=len(nodes), edition=_e(edition))


def _default_title(game: Game) -> str:
    h = game.headers
    event = h.get("Event", "")
    players = f"{h.get('Athens', '?')} (Athens) v {h.get('Sparta', '?')} (Sparta)"
    base = event or f"Polis {h.get('Edition', '')}, seed {h.get('Seed', '')}"
    return f"{base}: {players}" if "?" not in (h.get("Athens"), h.get("Sparta")) else base


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="polis_nb">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<header class="top">
<h1>{title}</h1>
{headers}
</header>
<main class="layout" data-nodes="{count}" data-edition="{edition}">
<section class="board-pane" aria-label="Board">
<div class="controls" role="toolbar" aria-label="Move through the record">
<button type="button" data-go="start" title="Start (Home)" aria-label="Start of the game (Home)">|◀</button>
<button type="button" data-go="back" title="Back (←)" aria-label="Back one decision (left arrow)">◀</button>
<button type="button" data-go="forward" title="Forward (→)" aria-label="Forward one decision (right arrow)">▶</button>
<button type="button" data-go="end" title="End of this line (End)" aria-label="End of this line (End)">▶|</button>
<button type="button" data-go="up" title="Previous variation (↑)" aria-label="Previous variation (up arrow)">▲</button>
<button type="button" data-go="down" title="Next variation (↓)" aria-label="Next variation (down arrow)">▼</button>
<span class="pos" id="pos" aria-live="polite"></span>
</div>
<div class="board" id="board">{board}</div>
<p class="keys">Keys: ← → step · ↑ ↓ switch variation · Home / End</p>
</section>
<aside class="notes">
<section class="node" id="node" aria-live="polite" aria-label="Commentary"><noscript>Stepping through the
record needs JavaScript; the board shows the start of the game.</noscript></section>
<section class="branches" id="branches" aria-label="Variations here"></section>
<nav class="moves" aria-label="The record">{tree}</nav>
</aside>
</main>
<script type="application/json" id="polis-game-data">{data}</script>
<script>{js}</script>
</body>
</html>
"""
