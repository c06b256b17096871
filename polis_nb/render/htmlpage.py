"""What the exported pages share (:mod:`.htmlgame`, the annotated game; :mod:`.worksheet`, a worksheet
and its answer key): the document around them, the boards cut into shared pieces, and the record as a
stepper — the board with its notes, the record in words turn by turn, arrow keys — for the nodes a
page may show.

Size: the boards are not stored whole. Every layer of :func:`polis_nb.render.svg.svg_layers` is cut
into its top-level elements; each distinct element is stored once, each distinct layer once as a list
of elements, and a node is a list of layer numbers. The map, the routes and the labels are therefore
stored once, and a move that changes one area stores little more than that area's units.

Words only: a decision is named as the widgets name it (:func:`~polis_nb.render.text.action_words`),
a kernel sentence is cleaned for the screen (:func:`~polis_nb.render.text.plain`), and a rule is cited
by its rulebook section in English (:func:`~polis_nb.render.text.cite_sections`; the section as
printed and the rule's summary ride in a tooltip). No notation and no rule id reaches a page.

User text (headers, comments, variation names) is escaped in the HTML and set as text by the script;
the page's data sits in a ``<script type="application/json">`` with ``<``, ``>`` and ``&`` escaped.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from html import escape

from ..i18n import get_language, message, plural
from ..record import Game, Node
from ..rules import RULES, topology_of
from .assets import asset_text
from .playview import game_over_view
from .svg import BARE_LAYERS, join_layers, svg_layers
from .text import action_words, cite_sections, mark_words, plain
from .say import field, say, side_name
from .viewmodel import prompt

GLYPH_MESSAGES = {"!": message("page.glyph.good", "a good decision"), "?": message("page.glyph.mistake", "a mistake"),
                  "!!": message("page.glyph.excellent", "an excellent decision"),
                  "??": message("page.glyph.blunder", "a blunder"),
                  "!?": message("page.glyph.interesting", "an interesting decision"),
                  "?!": message("page.glyph.dubious", "a dubious decision")}
#: the English words of each glyph
GLYPH_WORDS = {g: str(m) for g, m in GLYPH_MESSAGES.items()}
CHANCE = message("page.chance", "Chance")
ROUND = message("page.round", "Round {round}")
CITE_TIP = message("page.cite-tip", "{section}: {summary}")
GAME_ENDS = message("page.game-ends", "Here the game ends. {text}")
NEXT = message("page.next", "Next: {prompt}")
LINE_ENDS = message("page.line-ends", "Here the line ends. {prompt}")
TREE = message("page.tree", "Turns, decisions and variations")
START = message("page.start", "Start of the game")
LIST_STOPS = message("page.list-stops", "… the list stops here; step on with the keys to see the rest")
BOARD = message("page.board", "Board")
PLAYERS = message("page.players", "{athens} (Athens) v {sparta} (Sparta)")
UNNAMED = message("page.unnamed", "Polis {edition}, seed {seed}")
NAMED = message("page.named", "{base}: {players}")
_STEPPER_WORDS = {
    "toolbar": message("page.toolbar", "Move through the record"),
    "start_tip": message("page.start-tip", "Start (Home)"), "start_aria": message("page.start-aria", "Start of the game (Home)"),
    "back_tip": message("page.back-tip", "Back (←)"), "back_aria": message("page.back-aria", "Back one decision (left arrow)"),
    "forward_tip": message("page.forward-tip", "Forward (→)"),
    "forward_aria": message("page.forward-aria", "Forward one decision (right arrow)"),
    "end_tip": message("page.end-tip", "End of this line (End)"), "end_aria": message("page.end-aria", "End of this line (End)"),
    "up_tip": message("page.up-tip", "Previous variation (↑)"),
    "up_aria": message("page.up-aria", "Previous variation (up arrow)"),
    "down_tip": message("page.down-tip", "Next variation (↓)"), "down_aria": message("page.down-aria", "Next variation (down arrow)"),
    "keys": message("page.keys", "Keys: ← → step · ↑ ↓ switch variation · Home / End"),
    "commentary": message("page.commentary", "Commentary"),
    "noscript": message("page.noscript", "Stepping through the\nrecord needs JavaScript; the board shows the start of the game."),
    "branches": message("page.branches", "Variations here"),
    "record": message("page.record", "The record"),
}
_SCRIPT_WORDS = {
    "start": START,
    "decision": message("page.decision", "{where} · decision {num}"),
    "variation": message("page.variation", "Variation"),
    "marks": message("page.marks", "On the board: "),
    "branches": message("page.branches-here", "The record branches here:"),
    "main_line": message("page.main-line", "main line: "),
    "a_variation": message("page.a-variation", "variation: "),
    "at_start": message("page.at-start", "start"),
    "where_main": message("page.where-main", "decision {num} · main line"),
    "where_variation": message("page.where-variation", "decision {num} · variation"),
    "fold": message("page.fold", "Fold all hints"),
    "open": message("page.open", "Open all hints"),
}
IN_RECORD = plural("page.in-record", "{where} · {n} decision in the record", "{where} · {n} decisions in the record")


def script_words(count: int) -> dict[str, str]:
    """The words the page's script says (``{name}`` fields filled in there), ``count`` the record's decisions."""
    words = {k: field(m) for k, m in _SCRIPT_WORDS.items()}
    words["in_record"] = say(IN_RECORD, n=count, where="{where}")
    return words
_TAG = re.compile(r"<(/?)[A-Za-z][^<>]*?(/?)>")


def e(x) -> str:
    """``x`` as text escaped for HTML (also inside attributes)."""
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


def who(n: Node) -> str:
    """Who took the decision that led to ``n`` ("Athens", "Sparta", "Chance"; "" at the start)."""
    if n.parent is None:
        return ""
    s = n.parent.state
    return say(CHANCE) if s.is_chance else side_name(s.current_player)


def round_words(n: Node) -> str:
    s = (n.parent or n).state
    return say(ROUND, components=s.components, round=topology_of(s).comp.rounds[s.round].label)


class Citations:
    """The rulebook citations of a page's sentences, each stored once: ``[words, tooltip]``, the words
    the rulebook sections in English, the tooltip those sections as printed with the rules' summaries
    (no rule ids)."""

    def __init__(self) -> None:
        self.table: dict[tuple[str, str], int] = {}

    def log(self, s) -> list[list]:
        """The kernel's sentences of the decision that led to ``s``: ``[text, citation number or -1]``."""
        out: list[list] = []
        for entry in s.log:
            known = tuple(r for r in entry.rules if r in RULES)
            cite, original = cite_sections(known, s.edition)
            tip = "; ".join(dict.fromkeys(say(CITE_TIP, section=RULES[r].section(s.edition), summary=RULES[r].words())
                                          for r in known))
            k = self.table.setdefault((cite, tip or original), len(self.table)) if cite else -1
            out.append([plain(entry.words(), s.components), k])  # the kernel's words in the language
        return out

    def to_json(self) -> list[list[str]]:
        return [list(k) for k in self.table]


def next_words(n: Node, has_next: bool) -> str:
    """What the notes say after a node: the decision that comes next, or that the line (or the game) ends."""
    s = n.state
    if s.is_terminal:
        over = game_over_view(s)
        return say(GAME_ENDS, text=over["text"] if over else "").strip()
    return say(NEXT, prompt=prompt(s)) if has_next else say(LINE_ENDS, prompt=prompt(s))


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


def tree_html(rws: list[dict], cut: bool) -> str:
    """The record as the Viewer lists it, in words (built from its rows): a heading per round, one row
    per turn (or round start, battle, round end) linking to its last decision, and under it a link
    to each of its decisions; each variation after the turn it branches from, indented by its depth."""
    out = [f'<ol class="tree" id="tree" aria-label="{e(say(TREE))}">',
           f'<li class="mv-row start-row" style="--d:0"><a class="mv" href="#n0" data-n="0">{e(say(START))}</a></li>']
    step: dict | None = None
    subs: list[str] = []

    def close() -> None:
        nonlocal step
        if step is None:
            return
        r = step
        k = r["id"][1:]
        glyph = f'<span class="glyph">{e(r["glyphs"])}</span>' if r["glyphs"] else ""
        name = f'<span class="vname">{e(r["name"])}</span> ' if r["name"] else ""
        comment = f'<span class="tcomment">{e(r["comment"])}</span>' if r["comment"] else ""
        cls = "step-row var" if r["variation"] else "step-row"
        side = f' data-side="{e(r["side"])}"' if r["side"] else ""
        num = f'<span class="num">{e(r["num"])}</span> ' if r["num"] else ""
        out.append(f'<li class="{cls}" style="--d:{int(r["depth"])}"{side} data-kind="{e(r["kind"])}">{name}'
                   f'<a class="st" href="#n{k}" data-n="{k}" title="{e(r["title"])}">{num}'
                   f'<span class="sw">{e(r["words"])}</span>{glyph}</a>'
                   f'{comment}<div class="subs">{"".join(subs)}</div></li>')
        step = None
        subs.clear()

    for r in rws:
        if r.get("heading"):
            close()
            out.append(f'<li class="turn">{e(r["text"])}</li>')
            continue
        if r.get("step"):
            close()
            step = r
            continue
        k = r["id"][1:]
        cls = "mv sub" + (" chance" if r["chance"] else "")
        glyph = f'<span class="glyph">{e(r["glyphs"])}</span>' if r["glyphs"] else ""
        subs.append(f'<a class="{cls}" href="#n{k}" data-n="{k}">{e(r["words"])}{glyph}</a>')
    close()
    if cut:
        out.append(f'<li class="turn">{e(say(LIST_STOPS))}</li>')
    out.append("</ol>")
    return "".join(out)


def headers_html(game: Game, skip: tuple[str, ...] = ()) -> str:
    """The record's headers a reader cares about (not the component set, options or start position)."""
    leave = {"Components", "Options", "Position", *skip}
    items = [(k, v) for k, v in game.headers.items() if k not in leave and v not in ("", "?")]
    return ('<dl class="headers">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in items)
            + "</dl>")


def script_json(data) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def stepper(nodes: list[Node], rws: list[dict], cut: bool, *, ends: dict[int, str] | None = None,
            label: str | None = None, tag: str = "main") -> tuple[str, dict]:
    """The markup and the data for stepping through ``nodes`` (the record's nodes a page may show, in
    a fixed order; a node's children are those of its children among them): the board at each, its
    notes (the decision in words, the kernel's sentences with their rulebook sections, comments,
    glyphs, marks in words), the record's rows ``rws`` as a tree. ``ends`` replaces the closing words
    of a node (by ``id``) that has no child here. ``tag`` is the element around it all: the page's
    ``main`` landmark, or a ``div`` inside one (a worksheet's lead-in)."""
    index = {id(n): k for k, n in enumerate(nodes)}
    labels = {r["id"]: r["words"] for r in rws if not r.get("heading") and not r.get("step")}
    names, table, boards, first = _boards(nodes)
    cites = Citations()
    data_nodes = []
    for k, (n, (layers, aria)) in enumerate(zip(nodes, boards)):
        kids = [index[id(c)] for c in n.variations if id(c) in index]
        s = n.state
        data_nodes.append({
            "p": index[id(n.parent)] if n.parent is not None and id(n.parent) in index else -1,
            "c": kids,
            "l": layers,
            "a": aria,
            "d": "" if n.parent is None else labels.get(f"n{k}") or action_words(n.parent.state, n.action),
            "who": who(n),
            "where": round_words(n),
            "num": n.parent.state.ply + 1 if n.parent is not None else 0,  # numbered as the widgets number it
            "g": list(n.glyphs),
            "cm": n.comment,
            "cb": n.starting_comment,
            "nm": n.name if n.starts_variation() else "",
            "var": n.starts_variation(),
            "log": cites.log(s),
            "mk": [mark_words(topology_of(s), m) for m in n.marks],
            "next": (ends or {}).get(id(n)) or next_words(n, bool(kids)),
        })
    pieces_, layers_ = table.to_json()
    data = {"layer_names": names, "pieces": pieces_, "layers": layers_, "nodes": data_nodes, "cites": cites.to_json(),
            "glyphs": {g: say(GLYPH_MESSAGES[g]) for n in nodes for g in n.glyphs if g in GLYPH_MESSAGES},
            "words": script_words(len(nodes) - 1)}
    edition = nodes[0].state.edition if nodes else ""
    markup = _STEPPER.format(label=e(say(BOARD) if label is None else label), board=first, tree=tree_html(rws, cut),
                             count=len(nodes), edition=e(edition), tag=tag,
                             **{k: e(say(m)) for k, m in _STEPPER_WORDS.items()})
    return markup, data


def document(title: str, body: str, *, kind: str, data: dict | None = None, script: bool = False) -> str:
    """A whole page: ``body`` with the pages' styles; the pages' script when it has a stepper's ``data``
    (or ``script``: a worksheet's buttons)."""
    code = (f'<script type="application/json" id="polis-game-data">{script_json(data)}</script>\n'
            if data is not None else "")
    if data is not None or script:
        code += f'<script>{_asset("htmlgame.js")}</script>\n'
    return _PAGE.format(title=e(title), css=_asset("htmlgame.css"), kind=e(kind), body=body, script=code,
                        lang=e(get_language()))


def default_title(game: Game) -> str:
    h = game.headers
    event = h.get("Event", "")
    players = say(PLAYERS, athens=h.get("Athens", "?"), sparta=h.get("Sparta", "?"))
    base = event or say(UNNAMED, edition=h.get("Edition", ""), seed=h.get("Seed", ""))
    return say(NAMED, base=base, players=players) if "?" not in (h.get("Athens"), h.get("Sparta")) else base


_STEPPER = """<{tag} class="layout" data-nodes="{count}" data-edition="{edition}">
<section class="board-pane" aria-label="{label}">
<div class="controls" role="toolbar" aria-label="{toolbar}">
<button type="button" data-go="start" title="{start_tip}" aria-label="{start_aria}">|◀</button>
<button type="button" data-go="back" title="{back_tip}" aria-label="{back_aria}">◀</button>
<button type="button" data-go="forward" title="{forward_tip}" aria-label="{forward_aria}">▶</button>
<button type="button" data-go="end" title="{end_tip}" aria-label="{end_aria}">▶|</button>
<button type="button" data-go="up" title="{up_tip}" aria-label="{up_aria}">▲</button>
<button type="button" data-go="down" title="{down_tip}" aria-label="{down_aria}">▼</button>
<span class="pos" id="pos" aria-live="polite"></span>
</div>
<div class="board" id="board">{board}</div>
<p class="keys">{keys}</p>
</section>
<aside class="notes">
<section class="node" id="node" aria-live="polite" aria-label="{commentary}"><noscript>{noscript}</noscript></section>
<section class="branches" id="branches" aria-label="{branches}"></section>
<nav class="moves" aria-label="{record}">{tree}</nav>
</aside>
</{tag}>
"""

_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="polis_nb">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>{css}</style>
</head>
<body data-kind="{kind}">
{body}{script}</body>
</html>
"""
