"""The record tree: one node per decision, main line first, with comments, glyphs and marks.

Shaped after python-chess ``pgn.GameNode``: ``variations[0]`` continues the main line, the others
are what-if branches. A node caches the State it leads to (states are immutable, so caching is safe).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterator

from ..rules import Action, State, apply, topology_of, paid_with, parse_action
from .steps import node_title
from ..i18n import Message, message, render, resolve
from .words import action_words, say

GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
COLOURS = ("green", "red", "blue", "yellow")
NODE = message("record.node", "<Node {n} · {title}: {decision}{glyphs}{quiz}>")
NODE_START = message("record.node-start", "<Node 0 · the start of the record>")
NODE_QUIZ = message("record.node-quiz", "(a question)")
#: the results an evaluation can call proven, from Athens' side
PROVEN = ("win", "loss", "shared")
#: the most playouts an evaluation may claim (a bound for the readers, far above any real run)
MAX_PLAYOUTS = 10**15
_ACTION_TEXT = re.compile(r"[A-Za-z0-9\-.:,+_/]+(?: [A-Za-z0-9\-.:,+_/]+)*")


WHERE = message("record-error.where", "line {line}, column {column}: {problem}")


class RecordError(ValueError):
    """A bad record file or edit; ``.line``/``.column`` (1-based) say where, when known. ``message`` is
    the problem in English; given as a message with its arguments (``RecordError(MSG, line, col,
    char="#")``) it is said in any language by :meth:`words`."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None, **params):
        self.msg = message if isinstance(message, Message) else None
        self.params = params
        text = render(message, params) if self.msg is not None else message
        self.message, self.line, self.column = text, line, column
        where = f"line {line}, column {column}: " if line is not None else ""
        super().__init__(where + text)

    def words(self, lang: str | None = None) -> str:
        """The error in ``lang`` (None: the current language); English where it has no message."""
        lang = resolve(lang)
        problem = render(self.msg, self.params, lang) if self.msg is not None else self.message
        if self.line is None:
            return problem
        return render(WHERE, {"line": self.line, "column": self.column, "problem": problem}, lang)


@dataclass(frozen=True, slots=True)
class Mark:
    """A board mark for the widgets: an arrow between two areas, or a highlighted area or polis."""

    kind: str  # "arrow" | "highlight"
    targets: tuple[str, ...]  # (from, to) for arrows, (area or polis,) for highlights
    colour: str = "green"

    def __str__(self) -> str:
        head = "%arrow" if self.kind == "arrow" else "%hl"
        return f"[{head} {' '.join(self.targets)} {self.colour}]"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "targets": list(self.targets), "colour": self.colour}

    @classmethod
    def arrow(cls, src: str, dst: str, colour: str = "green") -> "Mark":
        return cls("arrow", (src, dst), colour)

    @classmethod
    def highlight(cls, target: str, colour: str = "yellow") -> "Mark":
        return cls("highlight", (target,), colour)


def check_mark(s: State, m: Mark) -> None:
    """Raise :class:`RecordError` unless ``m`` is a well-formed mark on the map of position ``s``: an
    arrow (two targets) or a highlight (one), its areas, poleis or markets known, its colour one of
    :data:`COLOURS`."""
    b = topology_of(s)
    known = set(b.area_ids) | set(b.polis_ids) | {mk.id for mk in b.comp.markets}
    bad = [t for t in m.targets if t not in known]
    if bad:
        raise RecordError(f"unknown area, polis or market {', '.join(map(repr, bad))} in a mark")
    if m.colour not in COLOURS:
        raise RecordError(f"unknown colour {m.colour!r}; use one of {', '.join(COLOURS)}")
    if m.kind not in ("arrow", "highlight") or len(m.targets) != (2 if m.kind == "arrow" else 1):
        raise RecordError(f"a mark is an arrow (two targets) or a highlight (one target), not {m}")


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The engine's evaluation of the position a node leads to, kept with the record the way PGN keeps
    ``[%eval ...]`` in a comment (:meth:`polis_nb.Game.review` writes them on the main line).

    ``athens`` is Athens' expected result there (a win 1, a shared result ½, a loss 0), kept to four
    decimals (what the files hold); ``proven`` is "win", "loss" or "shared" when that result, from
    Athens' side, holds with best play by both sides, else None; ``best`` is the choice the engine
    prefers at the position (the text of a legal action; None at a chance step or the game's end);
    ``playouts`` the playouts behind the figure (0 for an exact value such as the game's end).

    In ``.polis`` text: ``[%eval 0.713 playouts=400 best="trade +metal"]`` or ``[%eval 0.0
    proven=loss]`` inside the node's comment; in JSON: ``"eval": {"athens": 0.713, "playouts": 400,
    "best": "trade +metal"}``. Wrong types raise ``TypeError``, values out of range :class:`RecordError`.
    """

    athens: float
    proven: str | None = None
    best: str | None = None
    playouts: int = 0

    def __post_init__(self) -> None:
        a = self.athens
        if not isinstance(a, (int, float)) or isinstance(a, bool):
            raise TypeError(f"an evaluation's athens value must be a number, not {type(a).__name__}")
        if not math.isfinite(a) or not 0 <= a <= 1:
            raise RecordError(f"an evaluation's athens value is Athens' expected result, from 0 to 1, not {a!r}")
        object.__setattr__(self, "athens", round(float(a), 4) + 0.0)
        if self.proven is not None and self.proven not in PROVEN:
            raise RecordError(f"an evaluation's proven result is one of {', '.join(PROVEN)} (or None), "
                              f"not {self.proven!r}")
        if self.best is not None:
            if not isinstance(self.best, str):
                raise TypeError(f"an evaluation's best choice must be action text, not {type(self.best).__name__}")
            if not _ACTION_TEXT.fullmatch(self.best):
                raise RecordError(f"an evaluation's best choice must be action text like 'trade +metal', "
                                  f"not {self.best[:40]!r}")
        n = self.playouts
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"an evaluation's playouts must be a whole number, not {type(n).__name__}")
        if not 0 <= n <= MAX_PLAYOUTS:
            raise RecordError(f"an evaluation's playouts must be from 0 to {MAX_PLAYOUTS}, not {n!r}")

    def __str__(self) -> str:
        out = f"[%eval {self.athens!r}"
        if self.proven is not None:
            out += f" proven={self.proven}"
        if self.playouts:
            out += f" playouts={self.playouts}"
        if self.best is not None:
            out += f' best="{self.best}"'
        return out + "]"

    def to_dict(self) -> dict:
        d: dict = {"athens": self.athens}
        if self.proven is not None:
            d["proven"] = self.proven
        if self.playouts:
            d["playouts"] = self.playouts
        if self.best is not None:
            d["best"] = self.best
        return d

    def checked(self, state: State) -> "Evaluation":
        """This evaluation for a node whose position is ``state``: its best choice must be a legal
        choice there, written the kernel's way (else :class:`RecordError`)."""
        if self.best is None:
            return self
        if state.is_terminal or state.is_chance:
            raise RecordError(f"the evaluation names a best choice {self.best!r}, but "
                              + ("the game is over here" if state.is_terminal else "chance decides here"))
        try:
            a = parse_action(state, self.best)
        except ValueError as e:
            raise RecordError(f"the evaluation's best choice {self.best!r} is not a legal choice here: "
                              f"{getattr(e, 'problem', None) or getattr(e, 'explanation', None) or e}") from None
        text = str(a)
        return self if text == self.best else Evaluation(self.athens, self.proven, text, self.playouts)


@dataclass(frozen=True, slots=True)
class Quiz:
    """A question of a guess-the-move lesson, set on a node by :meth:`polis_nb.Game.quiz`: the student
    sees the position before the node's decision and must find that decision on the board (a choice
    that differs from it only in how it is paid counts as found, see :func:`judge`). ``hint`` is the
    author's first help, shown after a wrong try; the node's comment comes after a second one, and
    only then the answer.

    In ``.polis`` text: ``[%quiz]`` or ``[%quiz hint="Look at Athenai's wheat"]`` inside the node's
    comment (in the hint, ``\\``, ``"``, ``{`` and ``}`` are escaped with a backslash); in JSON:
    ``"quiz": {"hint": "Look at Athenai's wheat"}`` (or ``{}``). A hint that is not text raises
    ``TypeError``."""

    hint: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.hint, str):
            raise TypeError(f"a question's hint must be text, not {type(self.hint).__name__}")

    def __str__(self) -> str:
        if not self.hint:
            return "[%quiz]"
        esc = (self.hint.replace("\\", "\\\\").replace('"', '\\"').replace("{", "\\{").replace("}", "\\}")
               .replace("\r", "\\r"))
        return f'[%quiz hint="{esc}"]'

    def to_dict(self) -> dict:
        return {"hint": self.hint} if self.hint else {}


def quiz_problem(node: "Node") -> str | None:
    """Why the decision at ``node`` cannot be a question of a lesson (None if it can)."""
    if node.parent is None:
        return "a question asks for a decision, and the start of the game is none"
    s = node.parent.state
    if s.is_chance:
        return "a question asks for a player's decision, and chance decides here"
    if s.is_terminal:
        return "the game is over here"
    return None


#: the sides that can resign (a node's ``resigned``)
SIDES = ("athens", "sparta")


def resign_problem(node: "Node", side: object) -> str | None:
    """Why ``side`` cannot resign at ``node``'s position (None if it can): it must be "athens" or
    "sparta", and the game must still go on there."""
    if side not in SIDES:
        return f"the side that resigns is 'athens' or 'sparta', not {side!r}"
    if node.state.is_terminal:
        return "the game is over here: nobody can resign"
    return None


def judge(state: State, answer: Action, given: Action) -> str:
    """How ``given`` compares with the recorded ``answer`` at ``state``: ``"right"`` (the same
    decision), ``"paid"`` (the same choice paid another way, which counts as found, see
    :func:`polis_nb.paid_with`) or ``"wrong"``."""
    if given == answer:
        return "right"
    a, g = paid_with(state, answer), paid_with(state, given)
    if a is not None and g is not None and a[0] == g[0]:
        return "paid"
    return "wrong"


class Node:
    """One decision of a record and the position it leads to."""

    __slots__ = ("parent", "action", "auto", "variations", "comment", "starting_comment", "glyphs", "marks",
                 "name", "_state", "_evaluation", "_quiz", "_resigned")

    def __init__(self, parent: "Node | None", action: Action | None, state: State | None = None, *,
                 auto: bool = False):
        self.parent = parent
        self.action = action
        self.auto = auto  # a chance outcome sampled from the game's seed (not forced by the author)
        self.variations: list[Node] = []
        self.comment = ""  # after the decision
        self.starting_comment = ""  # before a variation's first decision
        self.glyphs: list[str] = []
        self.marks: list[Mark] = []
        self.name = ""  # a variation's name
        self._state = state
        self._evaluation: Evaluation | None = None
        self._quiz: Quiz | None = None
        self._resigned: str | None = None

    @property
    def resigned(self) -> str | None:
        """The side that resigned at this node's position ("athens" or "sparta"), or None: a fact of
        the record, as PGN keeps a result; the position itself goes on (:meth:`polis_nb.Game.resign`).
        In ``.polis`` text ``[%resign athens]`` inside the node's comment; in JSON ``"resigned":
        "athens"``. Setting another value raises ``ValueError``, at the game's end :class:`RecordError`;
        None takes the resignation back."""
        return self._resigned

    @resigned.setter
    def resigned(self, side: str | None) -> None:
        if side is not None:
            problem = resign_problem(self, side)
            if problem is not None:
                raise (ValueError if side not in SIDES else RecordError)(problem)
        self._resigned = side

    @property
    def quiz(self) -> Quiz | None:
        """The question a lesson asks at this node's decision (see :class:`Quiz`), or None."""
        return self._quiz

    @quiz.setter
    def quiz(self, value: Quiz | None) -> None:
        if value is not None and not isinstance(value, Quiz):
            raise TypeError(f"a node's quiz must be a Quiz or None, not {type(value).__name__}")
        self._quiz = value

    @property
    def evaluation(self) -> Evaluation | None:
        """The engine's evaluation of this node's position (see :class:`Evaluation`), or None."""
        return self._evaluation

    @evaluation.setter
    def evaluation(self, value: Evaluation | None) -> None:
        if value is not None and not isinstance(value, Evaluation):
            raise TypeError(f"a node's evaluation must be an Evaluation or None, not {type(value).__name__}")
        self._evaluation = value

    # --- position --------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position after this node's decision (computed from the nearest cached ancestor)."""
        if self._state is None:
            chain = []
            n: Node | None = self
            while n is not None and n._state is None:
                chain.append(n)
                n = n.parent
            assert n is not None, "the root always holds its state"
            s = n._state
            for m in reversed(chain):
                s = apply(s, m.action)
                m._state = s
        return self._state  # type: ignore[return-value]

    @property
    def ply(self) -> int:
        return self.state.ply

    @property
    def before(self) -> State:
        """The position this node's decision was taken at: its parent's. ``ValueError`` at the root,
        which holds the start of the game and no decision."""
        if self.parent is None:
            raise ValueError("the root of a record is the start of the game: no decision was taken there")
        return self.parent.state

    @property
    def decision(self) -> Action:
        """The decision taken at this node (its ``action``, never None below the root); ``ValueError``
        at the root."""
        if self.action is None:
            raise ValueError("the root of a record is the start of the game: no decision was taken there")
        return self.action

    # --- tree --------------------------------------------------------------------------------
    def root(self) -> "Node":
        n = self
        while n.parent is not None:
            n = n.parent
        return n

    def is_main_line(self) -> bool:
        n = self
        while n.parent is not None:
            if n.parent.variations[0] is not n:
                return False
            n = n.parent
        return True

    def starts_variation(self) -> bool:
        return self.parent is not None and self.parent.variations[0] is not self

    def next(self) -> "Node | None":
        return self.variations[0] if self.variations else None

    def child(self, action: Action) -> "Node | None":
        for v in self.variations:
            if v.action == action:
                return v
        return None

    def mainline(self) -> Iterator["Node"]:
        n = self.next()
        while n is not None:
            yield n
            n = n.next()

    def path(self) -> list["Node"]:
        """Nodes from the root (excluded) down to this node."""
        out = []
        n: Node | None = self
        while n is not None and n.parent is not None:
            out.append(n)
            n = n.parent
        return out[::-1]

    def end(self) -> "Node":
        n = self
        while n.variations:
            n = n.variations[0]
        return n

    def depth(self) -> int:
        return len(self.path())

    def walk(self) -> Iterator["Node"]:
        """This node and every node below it, depth first, main line first (iterative)."""
        stack = [self]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.variations))

    # --- editing -----------------------------------------------------------------------------
    def add_variation(self, action: Action, *, auto: bool = False, state: State | None = None) -> "Node":
        """Add (checked) a child for ``action``; an existing child for it is returned unchanged."""
        old = self.child(action)
        if old is not None:
            return old
        s = state if state is not None else apply(self.state, action)
        node = Node(self, action, s, auto=auto)
        self.variations.append(node)
        return node

    def promote_to_main(self) -> None:
        """Make this node's line the main line at every branching above it."""
        n = self
        while n.parent is not None:
            p = n.parent
            p.variations.remove(n)
            p.variations.insert(0, n)
            n = p

    def promote(self) -> None:
        """Move this variation one place up among its siblings."""
        if self.parent is None:
            return
        vs = self.parent.variations
        i = vs.index(self)
        if i > 0:
            vs[i - 1], vs[i] = vs[i], vs[i - 1]

    def demote(self) -> None:
        """Move this variation one place down among its siblings."""
        if self.parent is None:
            return
        vs = self.parent.variations
        i = vs.index(self)
        if i < len(vs) - 1:
            vs[i + 1], vs[i] = vs[i], vs[i + 1]

    def remove(self) -> None:
        """Remove this node and everything below it."""
        if self.parent is None:
            raise RecordError("the root of a record cannot be removed")
        self.parent.variations.remove(self)

    @property
    def number(self) -> int:
        """The decision's number as the widgets show it (``3.`` for the game's third decision); 0 for
        the start of the record."""
        return 0 if self.parent is None else self.parent.state.ply + 1

    @property
    def notation(self) -> str:
        """The decision as action text (``"polis argos"``), ``""`` for the start of the record."""
        return "" if self.action is None else str(self.action)

    def words(self) -> str:
        """The decision in words, as the widgets name it ("Besiege Argos"); ``""`` for the start."""
        if self.parent is None or self.action is None:
            return ""
        return action_words(self.parent.state, self.action)

    def __repr__(self) -> str:
        """Short and in words: the decision's number, its step and what was decided,
        ``<Node 9 · Round 3 · Sparta, turn 1: A hoplite from Lakedaimon !?>``."""
        if self.parent is None:
            return say(NODE_START)
        glyphs = f" {''.join(self.glyphs)}" if self.glyphs else ""
        quiz = " " + say(NODE_QUIZ) if self._quiz is not None else ""
        return say(NODE, {"n": self.number, "title": node_title(self), "decision": self.words(), "glyphs": glyphs,
                          "quiz": quiz})
