"""Commentary: a line of the record narrated as sentences with their rulebook sections, grouped by
round and turn, with the author's comments and glyphs. Text, Markdown and (escaped) HTML forms, in
words: each decision as the widgets name it, each sentence followed by the sections of the rulebook
that state its rules (:mod:`.words`). The rule ids and the notation stay in the entries, for code."""
from __future__ import annotations

import html
from dataclasses import dataclass

from ..i18n import message
from ..rules import PLAYERS, LogEntry, topology_of
from .node import Node
from .steps import STEP_TITLES
from .words import cite_sections, english, say, text_words

TURN = message("commentary.turn", "{side:gen} turn")
VARIATION = message("commentary.variation", "variation: {name}")
COMMENT = message("commentary.comment", "comment: {comment}")


def cite(rule_ids: tuple[str, ...], edition: str = "ed1") -> str:
    """Where some rules are stated, in words and without their ids ("Ed1 · Actions › g. Besieging a
    polis"): each section of ``edition``'s rulebook once."""
    return cite_sections(rule_ids, edition)[0]


def sentence(e: LogEntry, edition: str = "ed1", components: str | None = None) -> str:
    """A log entry as a sentence of the commentary: the kernel's words, then its rules' sections."""
    text = text_words(e.text, components) if english() or e.msg is None else e.words()
    text = text if text.endswith((".", "!", "?")) else text + "."
    where = cite(e.rules, edition) if e.rules else ""
    return f"{text} — {where}" if where else text


@dataclass(frozen=True)
class Entry:
    heading: str  # "" or a round / turn heading
    decision: str  # the decision as notation ("" for headings)
    glyphs: str
    sentences: tuple[str, ...]
    comment_before: str
    comment: str
    variation: str  # name of the variation this decision starts, if any
    words: str = ""  # the decision in words, as the widgets name it ("" for headings)
    rules: tuple[tuple[str, ...], ...] = ()  # the rule ids of each sentence

    @property
    def said(self) -> str:
        """The decision as the commentary shows it: in words (its notation if it has none)."""
        return self.words or self.decision


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
                out.append(f"  [{say(VARIATION, {'name': e.variation})}]")
            if e.comment_before:
                out.append(f"  {{{e.comment_before}}}")
            out.append(f"  {e.said}{_glyphs(e)}")
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
            extra = f" *({_md(say(VARIATION, {'name': e.variation}))})*" if e.variation else ""
            before = f" *{_md(e.comment_before)}*" if e.comment_before else ""
            out.append(f"- {_md(e.said)}{_md(_glyphs(e))}{extra}{before}")
            out += [f"  - {_md(s)}" for s in e.sentences]
            if e.comment:
                out.append(f"  - {_md(say(COMMENT, {'comment': e.comment}))}")
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
            extra = f" <i>({esc(say(VARIATION, {'name': e.variation}))})</i>" if e.variation else ""
            before = f" <i>{esc(e.comment_before)}</i>" if e.comment_before else ""
            items = "".join(f"<li>{esc(s)}</li>" for s in e.sentences)
            comment = f"<li class='comment'>{esc(e.comment)}</li>" if e.comment else ""
            out.append(f"<li><b>{esc(e.said)}</b>{esc(_glyphs(e))}{extra}{before}<ul>{items}{comment}</ul></li>")
        if open_list:
            out.append("</ul>")
        out.append("</div>")
        return "".join(out)


def _glyphs(e: Entry) -> str:
    """The entry's glyphs after its words ("Besiege Argos ?!")."""
    return f" {e.glyphs}" if e.glyphs else ""


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
        comp = topology_of(parent).comp
        label = comp.rounds[parent.round].label
        if round is not None and label != round:
            continue
        if label != last_round:
            entries.append(Entry(say(STEP_TITLES[""], {"round": label}, parent.components), "", "", (), "", "", ""))
            last_round = label
        if parent.pending.kind == "turn" and not parent.turn_actions:
            entries.append(Entry(say(TURN, {"side": PLAYERS[parent.pending.player]}), "", "", (), "", "", ""))
        log = n.state.log
        said = tuple(sentence(e, n.state.edition, n.state.components) for e in log)
        entries.append(Entry("", str(n.action), "".join(n.glyphs), said, n.starting_comment, n.comment,
                             n.name if n.starts_variation() else "", n.words(), tuple(e.rules for e in log)))
    return Commentary(entries, title)
