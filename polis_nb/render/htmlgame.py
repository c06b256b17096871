"""One self-contained HTML page of an annotated game: what a tutorial author publishes.

``game_html(game)`` holds the board at every node of the record, the commentary (the narrated decisions
with their rule citations, comments, glyphs, marks in words), the record as the Viewer lists it — in
words, turn by turn (``3.A2``: round 3, Athens' second turn, then that turn's decisions), each
variation after the turn it branches from — to click through, and keyboard navigation (←/→ steps,
↑/↓ switches between variations, Home/End). It needs no kernel, no network and no CDN: the page
carries its own script and styles (``widgets/htmlgame.js``, ``widgets/htmlgame.css``, beside the
widgets' browser files, inlined) and opens from ``file://``.

``game_html(game, worksheet=True)`` makes the record's guess-the-move lesson (the decisions marked with
:meth:`polis_nb.Game.quiz`) a worksheet: stepping stops before each question with the position on the
board, and the decision stays hidden — in the record's list too — until the reader asks for the hint
(if the author gave one) and then for the answer. Without a kernel nothing checks a guess, and the
answers ride in the page's data: a worksheet for honest readers, not an exam.

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
from ..rules import RULES, board
from .assets import asset_text
from .recordview import Steps, node_ids, rows
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


def _node_json(n: Node, layers: list[int], aria: str, index: dict[int, int], label: str, used: set[str],
               question: tuple[int, str] | None = None) -> dict:
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
        **({"q": question[0], "qh": question[1]} if question is not None else {}),
    }


def _tree(rws: list[dict], cut: bool, asked: dict[str, int] | None = None) -> tuple[str, dict[str, str]]:
    """The record as the Viewer lists it, in words (built from its rows): a heading per round, one row
    per turn (or round start, battle, round end) linking to its last decision, and under it a link
    to each of its decisions; each variation after the turn it branches from, indented by its depth.

    ``asked`` (a worksheet) maps the node ids of questions to their numbers: their decisions and the
    words of the turns that hold them are replaced by "Question k"; the hidden texts are returned
    (``{key: text}``) for the page to show once the reader has revealed every question they hide."""
    asked = asked or {}
    hidden: dict[str, str] = {}
    out = ['<ol class="tree" id="tree" aria-label="Turns, decisions and variations">',
           '<li class="mv-row start-row" style="--d:0"><a class="mv" href="#n0" data-n="0">Start of the game</a></li>']
    step: dict | None = None
    subs: list[str] = []
    qs: list[int] = []

    def close() -> None:
        nonlocal step
        if step is None:
            return
        r = step
        k = r["id"][1:]
        glyph = f'<span class="glyph">{_e(r["glyphs"])}</span>' if r["glyphs"] else ""
        name = f'<span class="vname">{_e(r["name"])}</span> ' if r["name"] else ""
        comment = f'<span class="tcomment">{_e(r["comment"])}</span>' if r["comment"] else ""
        cls = "step-row var" if r["variation"] else "step-row"
        side = f' data-side="{_e(r["side"])}"' if r["side"] else ""
        num = f'<span class="num">{_e(r["num"])}</span> ' if r["num"] else ""
        if qs:
            key = f"s{k}"
            hidden[key] = r["words"]
            words = (f'<span class="sw asked" data-h="{key}" data-q="{" ".join(map(str, qs))}">'
                     f'Question {qs[0]}: find the decision</span>')
        else:
            words = f'<span class="sw">{_e(r["words"])}</span>'
        out.append(f'<li class="{cls}" style="--d:{int(r["depth"])}"{side} data-kind="{_e(r["kind"])}">{name}'
                   f'<a class="st" href="#n{k}" data-n="{k}" title="{_e(r["title"])}">{num}{words}{glyph}</a>'
                   f'{comment}<div class="subs">{"".join(subs)}</div></li>')
        step = None
        subs.clear()
        qs.clear()

    for r in rws:
        if r.get("heading"):
            close()
            out.append(f'<li class="turn" role="presentation">{_e(r["text"])}</li>')
            continue
        if r.get("step"):
            close()
            step = r
            continue
        k = r["id"][1:]
        cls = "mv sub" + (" chance" if r["chance"] else "")
        glyph = f'<span class="glyph">{_e(r["glyphs"])}</span>' if r["glyphs"] else ""
        q = asked.get(r["id"])
        if q is None:
            subs.append(f'<a class="{cls}" href="#n{k}" data-n="{k}">{_e(r["words"])}{glyph}</a>')
            continue
        hidden[f"d{k}"] = r["words"]
        qs.append(q)
        subs.append(f'<a class="{cls} asked" href="#n{k}" data-n="{k}" data-h="d{k}" data-q="{q}">Question {q}</a>')
    close()
    if cut:
        out.append('<li class="turn">… the list stops here; step on with the keys to see the rest</li>')
    out.append("</ol>")
    return "".join(out), hidden


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


def game_html(game: Game, *, title: str | None = None, worksheet: bool = False) -> str:
    """The whole record of ``game`` as one HTML document (a string); see the module docstring."""
    if not isinstance(game, Game):
        raise TypeError(f"game_html needs a Game, not {type(game).__name__}")
    nodes = node_ids(game)
    index = {id(n): k for k, n in enumerate(nodes)}
    ids = {id(n): f"n{k}" for k, n in enumerate(nodes)}
    steps = Steps(game, None)
    rws, cut = rows(game, ids, current=game.root, steps="decision", known=steps)
    labels = {r["id"]: r["words"] for r in rws if not r.get("heading") and not r.get("step")}
    asked = {ids[id(n)]: k for k, n in enumerate((n for n in nodes if n.quiz is not None), start=1)} if worksheet else {}
    tree, hidden = _tree(rws, cut, asked)
    names, table, boards, first = _boards(nodes)
    used: set[str] = set()
    data_nodes = []
    for k, (n, (layers, aria)) in enumerate(zip(nodes, boards)):
        label = labels.get(f"n{k}", str(n.action)) if n.parent is not None else ""
        q = (asked[f"n{k}"], n.quiz.hint) if f"n{k}" in asked and n.quiz is not None else None
        data_nodes.append(_node_json(n, layers, aria, index, label, used, q))
    edition = game.root.state.edition
    pieces_, layers_ = table.to_json()
    rules = {r: [RULES[r].section(edition), RULES[r].summary] for r in sorted(used) if r in RULES}
    data = {"layer_names": names, "pieces": pieces_, "layers": layers_, "nodes": data_nodes, "rules": rules,
            "glyphs": GLYPH_WORDS, "worksheet": worksheet, "questions": len(asked), "hidden": hidden}
    page_title = title if title is not None else _default_title(game)
    intro = ""
    if worksheet:
        count = f"{len(asked)} question{'s' if len(asked) != 1 else ''}" if asked else "no question"
        intro = (f'<p class="worksheet-intro">A worksheet with {count}: stepping stops before each one. Find '
                 "the decision yourself on the board, then ask for the hint and the answer.</p>")
    return _PAGE.format(title=_e(page_title), css=_asset("htmlgame.css"), headers=_headers(game) + intro,
                        board=first, tree=tree, data=_script_json(data), js=_asset("htmlgame.js"),
                        count=len(nodes), edition=_e(edition), kind="worksheet" if worksheet else "game")


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
<main class="layout" data-nodes="{count}" data-edition="{edition}" data-kind="{kind}">
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
<section class="question" id="question" aria-live="polite" aria-label="Question" hidden></section>
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
