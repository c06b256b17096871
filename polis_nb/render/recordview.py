"""The Viewer widget's view model: the record as rows (rounds, then turns numbered ``3.A2`` — round 3,
Athens' second turn — with their decisions and variations), the board at the node shown, and the
commentary of that node and its turn — all in plain words: a turn by what it did ("Athens trained 2
hoplites in Athenai and Chios, paying 2 metal"), decisions by what they do ("To Arkadia", not "to
arkadia"), marks by what they point at, rulebook sections in English (the printed title rides along
for a tooltip).

The record is read in *steps* (:mod:`polis_nb.record.turns`): a player's turn with all its
sub-decisions and chance steps, the draws that open a round, a battle, the end of a round. The Viewer
steps a whole step at a time by default and shows one row per step; its decisions are shown on demand.
"""
from __future__ import annotations

from ..record import Game, Node
from ..record.result import result_at
from ..record.turns import StepInfo, index_steps, step_last
from ..rules import PLAYERS, RULES, topology_of
from .playview import group_sentence, group_steps
from ..i18n import get_language, message
from .say import say
from .viewmodel import printed_tip
from .text import SIDE_NAME, action_words, cite_words, mark_words, plain

MAX_ROWS = 3000
START = message("record.start", "Start")
CARD_HIDDEN = message("record.card-hidden", "chance: card for {side} (hidden)")
CHANCE = message("record.chance", "chance: {action}")
TURN = message("record.step.turn", "Round {round} · {side}, turn {number}")
TURN_OF = message("record.step.turn-of", "Round {round} · {side:gen} turn")
A_TURN = message("record.step.a-turn", "Round {round} · a turn")
ROUND_BEGINS = message("record.step.round-start", "Round {round} begins")
A_BATTLE = message("record.step.battle", "Round {round} · a battle")
ROUND_ENDS = message("record.step.round-end", "End of round {round}")
ROUND = message("record.step.round", "Round {round}")
TITLED = message("record.step.titled", "{title}: {words}")
THEN = message("record.step.then", "; then ")
OUTCOME = message("record.outcome", "{result}.")
#: how the Viewer steps and lists the record: a whole step (a turn ...) at a time, or one decision
STEPS = ("turn", "decision")


def node_ids(game: Game) -> list[Node]:
    """Every node in a fixed order (depth first, main line first); a node's id is 'n<index>'."""
    return list(game.root.walk())


def _label(n: Node, viewer: str | None) -> str:
    """The decision that led to ``n``, in words (a card drawn for a side ``viewer`` may not see is hidden)."""
    parent = n.parent.state if n.parent is not None else None
    if parent is None or n.action is None:
        return say(START)
    return action_words(parent, n.action, viewer=viewer)


def _notation(n: Node, viewer: str | None) -> str:
    """The decision that led to ``n`` in notation ("to arkadia"; "chance: die 4"; a card drawn for a
    side ``viewer`` may not see is hidden), for pages that show the record's own text."""
    parent = n.parent.state if n.parent is not None else None
    if parent is None or not parent.is_chance:
        return str(n.action)
    bt = parent.battle
    if viewer is not None and parent.pending.kind == "draw-card" and bt is not None and bt.draws \
            and PLAYERS[bt.draws[0]] != viewer:
        return say(CARD_HIDDEN, side=PLAYERS[bt.draws[0]])
    return say(CHANCE, action=str(n.action))


def sentences(n: Node) -> list[dict]:
    """What the decision at ``n`` did: ``{text, cite, cite_original, printed}`` per log entry (the kernel's
    words in the current language; ``printed``: the tip saying the section as the rulebook prints it)."""
    s = n.state
    out = []
    for e in s.log:
        cite, original = cite_words(tuple(r for r in e.rules if r in RULES), s.edition)
        out.append({"text": plain(e.words(), s.components), "cite": cite, "cite_original": original,
                    "printed": printed_tip(cite, original)})
    return out


def step_title(info: StepInfo, s) -> str:
    """The step in words: "Round 3 · Athens, turn 2", "Round 4 begins", "Round 5β · a battle",
    "End of round 3" (``s`` is a position of the step, for the round's name)."""
    name = topology_of(s).comp.rounds[s.round].label
    c = s.components
    if info.kind == "turn":
        side = PLAYERS[info.player] if info.player is not None else None
        if info.number:
            return say(TURN, components=c, round=name, side=side if side is not None else "?", number=info.number)
        return say(TURN_OF, components=c, round=name, side=side) if side is not None else say(A_TURN, components=c, round=name)
    return say(_KINDS.get(info.kind, ROUND), components=c, round=name)


_KINDS = {"round-start": ROUND_BEGINS, "battle": A_BATTLE, "round-end": ROUND_ENDS}


def step_words(nodes: list[Node], kind: str, player: int | None = None) -> str:
    """What a run of decisions of one step did, in one sentence: "Athens trained 2 hoplites in
    Athenai, paying 1 metal; then demanded tribute from Attika and got 2 wine" (the side is named
    once), "Round 4 begins: Nemea, Zeus and Apollon go on display; the event is Xerxes"."""
    if not nodes:
        return ""
    steps = [(n.before, n.decision, n.state) for n in nodes]
    said: list[str] = []
    for g in group_steps(steps):
        text = group_sentence(g).rstrip(".").strip()
        if text and text not in said[-1:]:
            said.append(text)
    if kind == "turn" and player is not None:
        if get_language() == "en":  # English names the side once ("…; then demanded tribute"); other
            who = SIDE_NAME[player] + " "  # languages keep each clause whole (German puts the verb second)
            said = [said[0]] + [x[len(who):] if x.startswith(who) else x for x in said[1:]] if said else said
        return say(THEN).join(said)
    return "; ".join(said)


class Steps:
    """The steps of a record and their words, computed once per view (see :func:`rows`)."""

    def __init__(self, game: Game, viewer: str | None, cache: dict | None = None):
        self.game, self.viewer = game, viewer
        self.info = index_steps(game.root)
        # (id(first), id(last)) -> (first, last, words): the nodes are kept, so their ids stay theirs
        self._words: dict[tuple[int, int], tuple[Node, Node, str]] = {} if cache is None else cache
        if len(self._words) > 20_000:
            self._words.clear()

    def of(self, n: Node) -> StepInfo:
        return self.info[id(n)]

    def nodes(self, first: Node, last: Node) -> list[Node]:
        """The decisions from ``first`` down to ``last`` (``first`` an ancestor of ``last`` or ``last`` itself)."""
        out = [last]
        while out[-1] is not first and out[-1].parent is not None:
            out.append(out[-1].parent)
        return out[::-1]

    def words(self, first: Node, last: Node) -> str:
        """What the step did from ``first`` to ``last``; the end of a round says so first."""
        key = (id(first), id(last))
        known = self._words.get(key)
        if known is not None and known[0] is first and known[1] is last:
            return known[2]
        info = self.of(last)
        said = step_words(self.nodes(first, last), info.kind, info.player)
        if info.kind == "round-end":
            said = say(TITLED, title=self.title(first), words=said) if said else self.title(first)
        self._words[key] = (first, last, said)
        return said

    def title(self, n: Node) -> str:
        return step_title(self.of(n), n.before)


def _decision_row(n: Node, index: dict[int, str], viewer: str | None, depth: int, starts: bool, current: Node,
                  on_line: set[int]) -> dict:
    ps = n.before
    return {"id": index[id(n)], "num": ps.ply + 1, "text": _notation(n, viewer), "words": _label(n, viewer),
            "depth": depth, "glyphs": "".join(n.glyphs), "comment": n.comment, "name": n.name if starts else "",
            "current": n is current, "on_line": id(n) in on_line, "variation": starts, "auto": n.auto,
            "chance": ps.is_chance, "sub": True, "quiz": n.quiz is not None}


def rows(game: Game, index: dict[int, str], viewer: str | None = None, current: Node | None = None, *,
         steps: str = "decision", upto: bool = False, known: Steps | None = None) -> tuple[list[dict], bool]:
    """Display rows in reading order: a heading per round, then one row per step (a turn, the draws
    of a round, a battle, the end of a round: ``{step: True, id, kind, num, title, words, side, text,
    depth, glyphs, comment, name, current, in_current, open, on_line, variation, auto, chance, quiz}``;
    ``id`` is its last decision, ``num`` the turn's label like ``3.A2``), each followed by the rows of
    its decisions (``{sub: True, id, num, text, words, ...}``, ``num`` the decision's number) when
    ``steps`` is "decision", or — with "turn" — only for the step that holds ``current`` when
    ``current`` is not its last decision. Each variation's steps follow the step in which it replaces
    a decision. ``upto`` (a lesson) lists only the line to ``current``, the last step cut there, so
    nothing after it is given away."""
    out: list[dict] = []
    current = game.node if current is None else current
    on_line = {id(n) for n in current.path()}
    st = known or Steps(game, viewer)
    last_round: list[str] = []

    def emit(first_own: Node, last: Node, depth: int, starts: bool) -> None:
        info = st.of(last)
        own = st.nodes(first_own, last)
        first = info.first
        ps = first.before
        if depth == 0 and last_round[-1:] != [info.round]:
            out.append({"heading": True, "text": say(ROUND, components=ps.components,
                                                     round=topology_of(ps).comp.rounds[ps.round].label), "depth": 0})
            last_round.append(info.round)
        holds = any(n is current for n in own)
        expanded = steps == "decision" or (holds and current is not last)
        label = info.turn().label
        glyphs = "".join(dict.fromkeys(g for n in own for g in n.glyphs))
        comments = [n.comment for n in own if n.comment]
        out.append({"step": True, "id": index[id(last)], "kind": info.kind, "num": label,
                    "title": step_title(info, ps), "words": st.words(first, last),
                    "side": PLAYERS[info.player] if info.player is not None else None,
                    "text": "; ".join(_notation(n, viewer) for n in own), "depth": depth, "glyphs": glyphs,
                    "comment": " / ".join(comments), "name": first_own.name if starts else "",
                    "current": holds and not expanded, "in_current": holds, "open": expanded,
                    "on_line": id(last) in on_line or last is current, "variation": starts,
                    "auto": all(n.auto for n in own), "chance": info.kind != "turn",
                    "quiz": any(n.quiz is not None for n in own)})
        if expanded:
            for k, n in enumerate(own):
                out.append(_decision_row(n, index, viewer, depth, starts and k == 0, current, on_line))

    if upto:
        path = current.path()
        k = 0
        while k < len(path) and len(out) < MAX_ROWS:
            first_own = path[k]
            j = k
            while j + 1 < len(path) and st.of(path[j + 1]).first is not path[j + 1]:
                j += 1
            emit(first_own, path[j], 0, False)
            k = j + 1
        return out, len(out) >= MAX_ROWS

    # PGN order, step by step: a step of a line, then each alternative to one of its decisions (with
    # its continuation), then the line goes on. An explicit stack keeps long lines free of recursion.
    stack: list[tuple[Node, int, bool]] = []
    if game.root.variations:
        stack.append((game.root.variations[0], 0, False))
    while stack and len(out) < MAX_ROWS:
        n, depth, starts = stack.pop()
        last = n
        seg = [n]
        while last.variations and st.of(last.variations[0]).first is not last.variations[0]:
            last = last.variations[0]
            seg.append(last)
        emit(n, last, depth, starts)
        if last.variations:
            stack.append((last.variations[0], depth, False))
        for x in reversed(seg):
            p = x.parent
            if p is not None and p.variations[0] is x:
                for var in reversed(p.variations[1:]):
                    stack.append((var, depth + 1, True))
    return out, len(out) >= MAX_ROWS


def _position(node: Node, st: Steps, horizon: Node | None = None) -> dict | None:
    """The step that holds ``node``, for the notes beside the map: ``{kind, label, title, words,
    side, index, count, at_end}`` (words up to ``node``; ``index`` its place among the step's
    decisions, ``count`` their number on the main continuation, none counted past ``horizon``: a
    lesson's next question), or None at the start."""
    if node.parent is None:
        return None
    info = st.of(node)
    nodes = st.nodes(info.first, node)
    last = step_last(node)
    if horizon is not None:
        n = node
        while n is not last and n is not horizon:
            nxt = n.next()
            assert nxt is not None, "a step's last decision is on the line of its others"
            n = nxt
        last = n
    count = len(nodes) + len(st.nodes(node, last)) - 1
    return {"kind": info.kind, "label": info.turn().label, "title": st.title(info.first),
            "words": st.words(info.first, node), "side": PLAYERS[info.player] if info.player is not None else None,
            "index": len(nodes), "count": count, "at_end": last is node}


def _outcome(node: Node) -> str | None:
    """How the game ends at ``node``, in words ("Athens resigns: Sparta wins."), or None."""
    r = result_at(node)
    return None if r is None else say(OUTCOME, result=r.text.rstrip("."))


def record_view(game: Game, *, mode: str, rev: int, viewer: str | None = None, node: Node | None = None,
                steps: str = "turn", nav: dict | None = None, cache: dict | None = None,
                horizon: Node | None = None) -> dict:
    """The Viewer's record at ``node`` (by default the Game's current node): the navigate panel's slice
    of its view model (the map is the play panel's, :func:`.viewmodel.board_view`). ``steps`` is how
    the record is stepped and listed (:data:`STEPS`); in ``mode`` "lesson" the record is listed only
    up to ``node``; ``nav`` which of back, forward, start, end, up, down can go somewhere (the widget
    knows: in a lesson a question stops the way forward); ``cache`` keeps the words of the steps from
    one view to the next (a dict the caller holds); ``horizon`` (a lesson) the last node the view may
    tell of: nothing past it is listed, counted or named, and the game's result (the Result header)
    is left out."""
    nodes = node_ids(game)
    index = {id(n): f"n{i}" for i, n in enumerate(nodes)}
    node = game.node if node is None else node
    st = Steps(game, viewer, cache)
    rws, cut = rows(game, index, viewer, node, steps=steps, upto=mode == "lesson", known=st)
    siblings = node.parent.variations if node.parent is not None else [node]
    k = siblings.index(node) if node in siblings else 0
    path = node.path()
    first = st.of(node).first if node.parent is not None else None
    start = next((i for i, n in enumerate(path) if n is first), len(path))
    turn = [{"decision": _label(n, viewer), "num": n.before.ply + 1,
             "sentences": sentences(n), "comment": n.comment, "glyphs": "".join(n.glyphs), "current": n is node}
            for n in path[start:]]
    b = topology_of(node.state)
    default_nav = {"back": node.parent is not None, "forward": bool(node.variations), "up": k > 0,
                   "down": k < len(siblings) - 1}
    return {
        "rev": rev,
        "mode": mode,
        "steps": steps,
        "rows": rws,
        "rows_cut": cut,
        "current": index[id(node)],
        "node": {"id": index[id(node)], "num": node.parent.state.ply + 1 if node.parent is not None else 0,
                 "decision": _label(node, viewer),
                 "comment": node.comment, "starting_comment": node.starting_comment,
                 "can_comment_before": node.starts_variation(), "glyphs": list(node.glyphs), "name": node.name,
                 "marks": [mark_words(b, m) for m in node.marks],
                 "sentences": sentences(node), "quiz": node.quiz.to_dict() if node.quiz is not None else None,
                 "outcome": _outcome(node)},
        "position": _position(node, st, horizon),
        "turn": turn,
        "nav": dict(default_nav, **(nav or {})),
        "headers": {k: v for k, v in game.headers.items() if horizon is None or k != "Result"},
    }
