"""Commentary: a line of the record narrated as sentences with rule citations, grouped by round and
turn, with the author's comments and glyphs. Text, Markdown and (escaped) HTML forms."""
from __future__ import annotations

import html
from dataclasses import dataclass

from ..rules import RULES, LogEntry, board, poss
from .node import Node


def cite(rule_ids: tuple[str, ...], edition: str = "ed1") -> str:
    """'rule siege.failure, Ed1 · Aktionen › g. Polis belagern' (several rules joined by '; '), naming
    the section of ``edition``'s rulebook."""
    parts = []
    for rid in rule_ids:
        ref = RULES.get(rid)
        parts.append(f"rule {rid}, {ref.section(edition)}" if ref else f"rule {rid}")
    return "; ".join(parts)


def sentence(e: LogEntry, edition: str = "ed1") -> str:
    text = e.text if e.text.endswith((".", "!", "?")) else e.text + "."
    return f"{text} — {cite(e.rules, edition)}" if e.rules else text


@dataclass(frozen=True)
class Entry:
    heading: str  # "" or a round / turn heading
    decision: str  # the decision as notation ("" for headings)
    glyphs: str
    sentences: tuple[str, ...]
    comment_before: str
    comment: str
    variation: str  # name of the variation this decision starts, if any


class Commentary:
    """The narration of nodes; display it in a notebook or print it."""

    def __init__(self, entries: list[Entry], title: str):
        self.entries = entries
        self.title = title

    def __str__(self) -> str:
        out = [self.title]
        for e in self.entries:
            if e.heading:
                out.append("")
                out.append(e.heading)
                continue
            if e.variation:
                out.append(f"  [variation: {e.variation}]")
            if e.comment_before:
                out.append(f"  {{{e.comment_before}}}")
            out.append(f"  {e.decision}{e.glyphs}")
            out += [f"    {s}" for s in e.sentences]
            if e.comment:
                out.append(f"    — {e.comment}")
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"<Commentary {self.title!r}: {sum(1 for e in self.entries if not e.heading)} decisions>"

    def _repr_markdown_(self) -> str:
        out = [f"**{_md(self.title)}**", ""]
        for e in self.entries:
            if e.heading:
                out += ["", f"#### {_md(e.heading)}", ""]
                continue
            extra = f" *(variation: {_md(e.variation)})*" if e.variation else ""
            before = f" *{_md(e.comment_before)}*" if e.comment_before else ""
            out.append(f"- `{e.decision}`{_md(e.glyphs)}{extra}{before}")
            out += [f"  - {_md(s)}" for s in e.sentences]
            if e.comment:
                out.append(f"  - comment: {_md(e.comment)}")
        return "\n".join(out)

    def _repr_html_(self) -> str:
        esc = html.escape
        out = [f"<div class='polis-commentary'><p><b>{esc(self.title)}</b></p>"]
        open_list = False
        for e in self.entries:
            if e.heading:
                if open_list:
                    out.append("</ul>")
                out.append(f"<h4>{esc(e.heading)}</h4><ul>")
                open_list = True
                continue
            if not open_list:
                out.append("<ul>")
                open_list = True
            extra = f" <i>(variation: {esc(e.variation)})</i>" if e.variation else ""
            before = f" <i>{esc(e.comment_before)}</i>" if e.comment_before else ""
            items = "".join(f"<li>{esc(s)}</li>" for s in e.sentences)
            comment = f"<li class='comment'>{esc(e.comment)}</li>" if e.comment else ""
            out.append(f"<li><code>{esc(e.decision)}</code>{esc(e.glyphs)}{extra}{before}<ul>{items}{comment}</ul></li>")
        if open_list:
            out.append("</ul>")
        out.append("</div>")
        return "".join(out)


def _md(text: str) -> str:
    for ch in "\\`*_[]<>#|":
        text = text.replace(ch, "\\" + ch)
    return text


def narrate(nodes: list[Node], title: str, *, round: str | None = None) -> Commentary:
    entries: list[Entry] = []
    last_round = None
    for n in nodes:
        if n.parent is None:
            continue
        parent = n.parent.state
        comp = board(parent).comp
        label = comp.rounds[parent.round].label
        if round is not None and label != round:
            continue
        if label != last_round:
            entries.append(Entry(f"Round {comp.rounds[parent.round].name}", "", "", (), "", "", ""))
            last_round = label
        if parent.pending.kind == "turn" and not parent.turn_actions:
            entries.append(Entry(f"{poss(parent.pending.player)} turn", "", "", (), "", "", ""))
        said = tuple(sentence(e, n.state.edition) for e in n.state.log)
        entries.append(Entry("", str(n.action), "".join(n.glyphs), said,
                             n.starting_comment, n.comment, n.name if n.starts_variation() else ""))
    return Commentary(entries, title)
