"""``pn.Game``: the notebook object — play, undo/redo, go to any node, branch, what-if, comment.

    g = pn.Game(edition="ed1", seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
    g.play("siege; polis argos")  # the die is rolled from the seed
    g.what_if(die=1)            # a new branch with a forced chance outcome
    g.compare(a, b)             # what differs between two nodes, in plain words
"""
from __future__ import annotations

import json
import pathlib
from collections.abc import Mapping
from typing import Any, Callable, Iterator

from ..data.safeio import check_text, write_text_atomic
from ..i18n import language as in_language, message, resolve
from ..rules import (Action, IllegalActionError, State, apply, topology_of, chance_outcomes, chance_rng, new_game,
                     parse_action, sample_chance)
from . import jsonio, textio
from .checks import check_savable, need, need_path, own_node
from .commentary import narrate
from .compare import Comparison
from .headers import GAME_HEADERS, Headers, start_position
from .node import GLYPHS, Mark, Node, Quiz, RecordError, check_mark, quiz_problem
from .reading import unix_lines
from .result import Result, result_at
from .turns import Turn, line_steps
from .words import english, mark_words, outcome_words, say

COMMENTARY = message("record.commentary-title", "Polis {edition}, seed {seed}")
COMMENTARY_ROUND = message("record.commentary-title-round", "Polis {edition}, seed {seed}, round {label}")
IN_DECISION = message("record.in-decision", "in decision {n} of {count} ({text}); nothing was played")
LAST_TURN = message("record.last-turn", "Last turn")
MARK = message("record.mark-line", "Mark: {mark}")

# keywords of chance outcomes, by what a what-if names
_CHANCE_WORDS = {"die": ("die", "roll"), "card": ("card",), "event": ("event",), "project": ("draw",)}

# the game review of the analysis layer, registered by polis_nb.analysis.review (record sits below analysis)
_REVIEWER: dict[str, Callable[..., Any]] = {}


def set_reviewer(run: Callable[..., Any], stored: Callable[..., Any]) -> None:
    """Register the game review: ``run(game, budget, **options)`` for :meth:`Game.review` and
    ``stored(game)`` for :meth:`Game.review_result`. :mod:`polis_nb.analysis.review` registers its
    own when it is imported (as ``import polis_nb`` does)."""
    _REVIEWER.clear()
    _REVIEWER.update(run=run, stored=stored)


def _reviewer(kind: str) -> Callable[..., Any]:
    if kind not in _REVIEWER:
        raise RuntimeError("no game review is registered; import polis_nb.analysis (import polis_nb does)")
    return _REVIEWER[kind]


def split_decisions(text: str) -> list[str]:
    return [p.strip() for line in text.splitlines() for p in line.split(";") if p.strip()]


class Game:
    """A game record: a tree of decisions from a new game, with a current node.

    Arguments of the wrong type raise ``TypeError`` saying which argument; text that cannot be saved
    as UTF-8 (a lone surrogate in a comment, a name or a header) raises ``ValueError`` naming the
    field. Either way nothing changes. ``headers`` is checked the same way (see :class:`Headers`).
    """

    def __init__(self, edition: str = "ed1", seed: int = 0, *, components=None, headers: dict | None = None,
                 settle: bool = True, **options: str):
        self._start(Node(None, None, new_game(edition, seed, components=components, **options)), headers, settle)

    @classmethod
    def from_state(cls, state: State, *, headers: dict | None = None, settle: bool = True) -> "Game":
        """A record that starts at ``state`` — e.g. a position from :func:`polis_nb.position`. The start
        is kept in the ``Position`` header (its one-line notation), so the record saves and reloads."""
        if not isinstance(state, State):
            raise TypeError(f"from_state needs a State, not {type(state).__name__}")
        g = cls.__new__(cls)
        g._start(Node(None, None, state), headers, settle, position=True)
        return g

    @classmethod
    def from_headers(cls, headers: Mapping[str, str], root: Node | None = None) -> "Game":
        """The record that ``headers`` (as read from a file) describe, with no chance settled: a new game
        for its Edition, Seed, Components and Options, or the position of its Position header
        (:func:`~polis_nb.record.headers.start_position`; :class:`RecordError` for headers that describe
        no game). ``root`` is the tree a reader built from that start. This is how the readers make a
        record: the headers that describe the game's start are written the game's own way (``Seed "03"``
        becomes ``"3"``); the others are kept as read (the reader has reported those it doubts)."""
        need(headers, Mapping, "headers")
        g = cls.__new__(cls)
        g._start(root if root is not None else Node(None, None, start_position(headers)), None, False,
                 position="Position" in headers)
        g.headers._load(headers)
        return g

    def _start(self, root: Node, headers: dict | None, settle: bool, position: bool = False) -> None:
        s = root.state
        start = {"Edition": s.edition, "Seed": str(s.seed), "Components": s.components,
                 "Options": ",".join(f"{k}={v}" for k, v in s.options), "Athens": "?", "Sparta": "?"}
        if position:
            start["Position"] = s.to_notation()
        h = Headers(start, GAME_HEADERS)
        if headers is not None:
            need(headers, Mapping, "headers")
            h.update(headers)  # checked whole, before the record exists
        self._headers = h
        self.root = root
        self.node = self.root
        self.errors: list[RecordError] = []
        self._redo: list[Node] = []
        self._branch_name: tuple[Node, str] | None = None  # (where, name) from branch()
        if settle:
            self._settle()

    @property
    def headers(self) -> Headers:
        """The record's headers (a dict of text). Names and values are checked when set: a header
        name is an ASCII letter followed by letters, digits, '-' or '_' (own names start with 'X-');
        a value is text without lone surrogates. Edition, Seed, Components, Options and Position
        describe the start of the game and cannot change. Assigning a dict replaces the other headers
        (all checked before any changes)."""
        return self._headers

    @headers.setter
    def headers(self, value: "Mapping[str, str]") -> None:
        need(value, Mapping, "headers")
        self._headers = self._headers.fresh(value)

    # --- the position ---------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position at the current node."""
        return self.node.state

    @property
    def seed(self) -> int:
        return self.root.state.seed

    # --- playing ------------------------------------------------------------------------------
    def play(self, decisions: str | Action | list, *, settle: bool = True) -> Node:
        """Play one or more decisions (text separated by ';' or new lines, an Action, or a list).

        All are checked first; if one is illegal nothing is added and IllegalActionError says which.
        An existing child with the same decision is followed rather than duplicated. Afterwards chance
        decisions are resolved from the game's seed (``settle=False`` leaves them to you).
        Anything but text, an Action or a list/tuple of them raises ``TypeError``.
        """
        need(decisions, (str, Action, list, tuple), "play(decisions)")
        items = split_decisions(decisions) if isinstance(decisions, str) else (
            [decisions] if isinstance(decisions, Action) else list(decisions))
        for k, item in enumerate(items):
            need(item, (str, Action), f"decision {k + 1} of play()")
        s = self.node.state
        plan: list[tuple[Action, State]] = []
        for k, item in enumerate(items):
            try:
                a = parse_action(s, item) if isinstance(item, str) else item
                s = apply(s, a)
            except ValueError as e:
                if len(items) > 1:
                    e.add_note(say(IN_DECISION, {"n": k + 1, "count": len(items), "text": str(item)}))
                raise
            plan.append((a, s))
        name = self._pending_name()
        for a, st in plan:
            known = self.node.child(a)
            self.node = known if known is not None else self.node.add_variation(a, state=st)
            if known is None and name is not None:  # the name goes to where the new line starts
                self.node.name = self.node.name or name
                name = None
        self._redo.clear()
        if settle:
            self._settle()
        return self.node

    def _settle(self) -> None:
        while self.node.state.is_chance:
            s = self.node.state
            a = sample_chance(s, chance_rng(s))
            child = self.node.child(a)
            self.node = child if child is not None else self.node.add_variation(a, auto=True)

    # --- moving around ------------------------------------------------------------------------
    def undo(self, n: int = 1) -> Node:
        """Back to before the last ``n`` player decisions (seeded chance outcomes that followed
        them go too). The record keeps them: :meth:`redo` returns."""
        need(n, int, "undo(n)")
        for _ in range(n):
            decided = [m for m in self.node.path() if not m.auto]
            if not decided:
                break  # only the seeded draws of the start: nothing to undo
            while self.node is not decided[-1].parent:
                self._redo.append(self.node)
                self.node = self.node.parent  # type: ignore[assignment]
        return self.node

    def redo(self) -> Node:
        """Forward again along what was undone (or the main continuation): one decision and the
        seeded chance outcomes that follow it."""
        moved = False
        while True:
            undone = self._redo[-1] if self._redo and self._redo[-1].parent is self.node else None
            nxt = undone or self.node.next()
            if nxt is None or (moved and not nxt.auto):
                break
            if undone is not None:
                self._redo.pop()
            self.node, moved = nxt, True
        return self.node

    def goto(self, target: Node | int) -> Node:
        """Go to a node of this record, or to a ply on the current line (``TypeError`` for anything else)."""
        need(target, (Node, int), "goto(target)")
        if isinstance(target, Node):
            self.node = own_node(self, target)
        else:
            for n in self.line():
                if n.ply == target:
                    self.node = n
                    break
            else:
                raise RecordError(f"no node at ply {target} on the current line")
        self._redo.clear()
        return self.node

    def step(self, n: int = 1) -> Node:
        """Move n nodes forward along the main continuation (negative: back)."""
        need(n, int, "step(n)")
        for _ in range(abs(n)):
            nxt = self.node.next() if n > 0 else self.node.parent
            if nxt is None:
                break
            self.node = nxt
        return self.node

    def line(self) -> list[Node]:
        """The current line: root, the path to the current node, then its main continuation."""
        return [self.root] + self.node.path() + list(self.node.mainline())

    def replay(self) -> list[RecordError]:
        """Recompute every position from scratch, checking each decision and each seeded chance
        outcome; returns the problems found (none for a sound record)."""
        problems: list[RecordError] = []
        stack = [(self.root, self.root.state)]
        while stack:
            node, s = stack.pop()
            for child in node.variations:
                try:
                    t = apply(s, child.action)
                except IllegalActionError as e:
                    problems.append(RecordError(f"ply {s.ply}: {e}"))
                    continue
                if child.auto and sample_chance(s, chance_rng(s)) != child.action:
                    problems.append(RecordError(
                        f"ply {s.ply}: the outcome '{child.action}' is not what seed {s.seed} gives "
                        f"('{sample_chance(s, chance_rng(s))}')"))
                if t != child.state:
                    problems.append(RecordError(f"ply {s.ply}: the cached position differs from the replay"))
                stack.append((child, t))
        return problems

    # --- the turn index -----------------------------------------------------------------------
    def turns(self, node: Node | None = None, *, every_step: bool = False) -> list[Turn]:
        """Every turn on the line through ``node`` (default: the current node), in order. With
        ``every_step=True`` also what lies between turns: the draws that open a round, each battle
        and the end of each round (:class:`Turn` with ``kind`` "round-start", "battle", "round-end"),
        and a turn already under way where the record starts: the steps the Viewer takes."""
        nodes = ([self.root] + node.path() + list(node.mainline())) if node else self.line()
        steps = line_steps(nodes)
        return steps if every_step else [t for t in steps if t.kind == "turn" and t.number]

    def turn(self, round: str | int, player: str, number: int = 1) -> Node:
        """Go to the first decision of a player's n-th turn in a round (on the current line)."""
        labels = [r.label for r in topology_of(self.root.state).comp.rounds]
        label = labels[round - 1] if isinstance(round, int) else str(round)
        for t in self.turns():
            if t.round == label and t.player == player and t.number == number:
                self.node = t.node
                return t.node
        raise RecordError(f"no turn {number} of {player} in round {label} on the current line")

    # --- branches -----------------------------------------------------------------------------
    def branch(self, name: str = "") -> "Game":
        """Name the variation that the next decision played here starts (a decision that differs
        from the main continuation always starts a new variation; one that matches follows it)."""
        check_text(name, "the branch name")
        self._branch_name = (self.node, name)
        return self

    def _pending_name(self) -> str | None:
        """The name given by :meth:`branch` for a decision played here (moving away forgets it)."""
        pending, self._branch_name = self._branch_name, None
        return pending[1] if pending is not None and pending[0] is self.node else None

    def what_if(self, outcome: str | None = None, *, name: str = "", **kind: int | str) -> Node:
        """A new branch where the most recent chance decision on the way to the current node (or the
        one still open at it) has the given outcome, e.g. ``what_if(die=4)``,
        ``what_if(card="salpinx:ambush")``, ``what_if(event="holy-war")`` or ``what_if("roll 2")``.
        The branch is named after the outcome unless ``name`` (or :meth:`branch`) names it."""
        if outcome is not None:
            need(outcome, str, "what_if(outcome)")
        check_text(name, "the branch name")
        for word, value in kind.items():
            need(value, (int, str), f"what_if({word}=...)")
        name = name or self._pending_name() or ""
        # candidates: the chance decision that led here (nearest above), then one at this node itself
        places = []
        n = self.node
        while n.parent is not None and not n.parent.state.is_chance:
            n = n.parent
        if n.parent is not None:
            places.append(n.parent)
        if self.node.state.is_chance:
            places.append(self.node)
        if not places:
            raise RecordError("no chance decision on the way to this node")
        if outcome is None and len(kind) != 1:
            raise RecordError("name one outcome, e.g. what_if(die=4) or what_if('card phalanx:othismos')")
        wanted: list[Action] = []
        for at in places:
            legal = [a for a, _ in chance_outcomes(at.state)]
            if outcome is not None:
                wanted = [a for a in legal if str(a) == outcome.strip()]
            else:
                (word, value), = kind.items()
                words = _CHANCE_WORDS.get(word, (word,))
                wanted = [a for a in legal if a.kind in words and a.args == (str(value),)]
            if wanted:
                break
        if not wanted:
            s = places[0].state
            raise RecordError(f"that outcome is not possible at ply {s.ply}; possible: "
                              + ", ".join(str(a) for a, _ in chance_outcomes(s)))
        self.node = at
        node = self.node.add_variation(wanted[0])
        if not node.name and node.starts_variation():
            node.name = name or f"what if {wanted[0]}"
        self.node = node
        self._settle()
        return node

    # --- annotation ---------------------------------------------------------------------------
    def comment(self, text: str, *, before: bool = False, node: Node | None = None) -> Node:
        """Comment the current node (or ``node``): after its decision, or ``before=True`` ahead of a
        variation's first decision. On the root the comment is about the whole game.
        ``TypeError`` if ``text`` is not a str; ``ValueError`` if it cannot be saved (a lone surrogate)."""
        n = self.node if node is None else own_node(self, node)
        check_text(text, "the comment before a decision" if before else "the comment")
        if before and n.parent is not None:
            if not n.starts_variation():
                raise RecordError("a comment before a decision opens a variation; here, comment the decision "
                                  "before it instead (or the game itself, on the root)")
            n.starting_comment = text
        else:
            n.comment = text
        return n

    def glyph(self, glyph: str, node: Node | None = None) -> Node:
        """Judge the current node's (or ``node``'s) decision with a glyph: one of :data:`GLYPHS`."""
        need(glyph, str, "the glyph")
        if glyph not in GLYPHS:
            raise RecordError(f"unknown glyph {glyph!r}; use one of {' '.join(GLYPHS)}")
        n = self.node if node is None else own_node(self, node)
        if n.parent is None:
            raise RecordError("a glyph judges a decision, and the start of the game is none; comment it instead")
        if glyph not in n.glyphs:
            n.glyphs.append(glyph)
        return n

    def quiz(self, node: Node | None = None, hint: str = "") -> Node:
        """Make the decision at ``node`` (default: the current node) a question of a guess-the-move
        lesson: ``Viewer(game, lesson=True)`` stops before it, and the student must find it on the
        board; a wrong try shows ``hint``, a second one the node's comment, and only then the answer
        may be shown. The question saves with the record (``[%quiz hint="..."]`` in the node's
        comment; ``"quiz"`` in JSON) and ``to_html(path, worksheet=True)`` exports the lesson as a
        worksheet. Marking it again replaces the hint. Only a player's decision can be asked
        (:class:`RecordError` for the start of the game or a chance step)."""
        n = self.node if node is None else own_node(self, node)
        need(hint, str, "the hint")
        check_text(hint, "the hint")
        bad = quiz_problem(n)
        if bad is not None:
            raise RecordError(bad)
        n.quiz = Quiz(hint)
        return n

    def unquiz(self, node: Node | None = None) -> Node:
        """Remove the question at ``node`` (default: the current node), if it holds one."""
        n = self.node if node is None else own_node(self, node)
        n.quiz = None
        return n

    def resign(self, side: str | None = None, node: Node | None = None) -> Node:
        """Record that ``side`` ("athens" or "sparta"; default: the side to decide) resigns at ``node``
        (default: the current node): the other side wins. The resignation is a fact of the record, as
        in PGN: the position does not change, and :attr:`result` says how the game ended. It saves
        with the record (``[%resign athens]`` in the node's comment; ``"resigned"`` in JSON);
        :meth:`unresign` takes it back. :class:`RecordError` where the game is already over, where a
        side has resigned already, or at a chance step without ``side``."""
        n = self.node if node is None else own_node(self, node)
        if n.resigned is not None:
            raise RecordError(f"{n.resigned.capitalize()} has already resigned here; unresign() takes it back")
        if side is None:
            who = n.state.current_player
            if who not in ("athens", "sparta"):
                raise RecordError("no side decides here (the game is over or chance decides): say which side "
                                  "resigns, e.g. resign('athens')")
            side = who
        need(side, str, "the side that resigns")
        n.resigned = side
        return n

    def unresign(self, node: Node | None = None) -> Node:
        """Take back the resignation at ``node`` (default: the current node), if it holds one."""
        n = self.node if node is None else own_node(self, node)
        n.resigned = None
        return n

    @property
    def result(self) -> Result | None:
        """How the record's main line ends (:class:`~polis_nb.record.result.Result`: a side's
        resignation or the outcome of the rules, ``str()`` in words), or None while it goes on."""
        return result_at(self.root.end())

    def result_at(self, node: Node | None = None) -> Result | None:
        """How the game ends at ``node`` (default: the current node), or None: see :attr:`result`."""
        return result_at(self.node if node is None else own_node(self, node))

    def questions(self, node: Node | None = None) -> list[Node]:
        """The questions (:meth:`quiz`) on the line through ``node`` (default: the current node), in order."""
        n = self.node if node is None else own_node(self, node)
        return [m for m in n.path() + list(n.mainline()) if m.quiz is not None]

    def arrow(self, src: str, dst: str, colour: str = "green", node: Node | None = None) -> Node:
        """Draw an arrow between two areas on the current node (or ``node``)."""
        return self._mark(Mark.arrow(src, dst, colour), node)

    def highlight(self, target: str, colour: str = "yellow", node: Node | None = None) -> Node:
        """Highlight an area, polis or market on the current node (or ``node``)."""
        return self._mark(Mark.highlight(target, colour), node)

    def _mark(self, m: Mark, node: Node | None) -> Node:
        for t in m.targets:
            need(t, str, f"the {m.kind}'s area")
        need(m.colour, str, f"the {m.kind}'s colour")
        check_mark(self.root.state, m)
        n = self.node if node is None else own_node(self, node)
        if m not in n.marks:
            n.marks.append(m)
        return n

    # --- analysis -----------------------------------------------------------------------------
    def compare(self, a: "Node | State", b: "Node | State | None" = None, *, labels: tuple[str, str] = ("A", "B")):
        """What differs between two nodes (or states); with one argument, between it and the
        current node. Prestige, goods, poleis, control of areas, and the score if the game ended now."""
        if b is None:
            a, b = self.node, a
        sa = a.state if isinstance(a, Node) else a
        sb = b.state if isinstance(b, Node) else b
        return Comparison(sa, sb, *labels)

    def review(self, budget: int | None = None, *, seed: int = 0, client: Any = None, workers: int | None = None,
               progress: Any = None):
        """Review the main line with the engine, the way lichess's computer analysis reviews a chess
        game; returns a :class:`polis_nb.analysis.Review` (summary per side, accuracy, a win-chance
        chart). Each player decision with a choice is judged by what it loses of the decider's
        expected result (a win 1, a shared result ½, a loss 0) against the engine's best choice:

        ========  ===========  ======================================================
        glyph     name         loss
        ========  ===========  ======================================================
        ``?!``    inaccuracy   at least 0.10
        ``?``     mistake      at least 0.20
        ``??``    blunder      at least 0.30, or any decision that turns a game not
                               proven lost into a proven loss
        ========  ===========  ======================================================

        The engine's own choice loses nothing. A side's accuracy is the mean of lichess's accuracy
        of its decisions, ``103.1668 * exp(-0.04354 * loss_pp) - 3.1669`` clamped to 0..100, with
        the loss in percentage points (no loss: 100%, 10 points: 64%, 30 points: 25%).

        A judged decision gets its glyph (a glyph the author set is kept instead), a comment in
        words, and the engine's better choice with its best line as a variation. Every analysed
        position keeps its evaluation (``node.evaluation``), which the record saves, so
        :meth:`review_result` gives the same review after :meth:`save` and :meth:`load`.

        ``budget`` is the engine's playouts per analysed position on average (None: the default,
        :data:`polis_nb.analysis.review_job.BUDGET`); the searches of consecutive positions share their
        tree, and the playouts left over go where a verdict is least certain. ``seed`` makes the review
        repeatable (each position gets its own seed from it and its ply). ``workers``: None runs on as
        many worker processes as the machine has cores when the review is big enough (1: in this
        process; N: on N processes); ``client`` a Dask scheduler runs it there; the result is the same
        wherever it runs. ``progress``: None shows a progress line in a notebook, True always, False
        never, or a function called with (done, total) decisions. The record changes only once every
        position is analysed. For a review in steps (a progress bar of your own, a browser without
        threads), see :class:`polis_nb.analysis.review_job.ReviewJob`.
        """
        return _reviewer("run")(self, budget, seed=seed, client=client, workers=workers, progress=progress)

    def review_result(self):
        """The review kept in the record: a :class:`polis_nb.analysis.Review` built from the
        evaluations on the main line (after :meth:`review`, or in a file that was saved after one),
        with no new analysis; None when the main line holds no reviewed decision."""
        return _reviewer("stored")(self)

    def commentary(self, round: str | int | None = None, node: Node | None = None):
        """The current line (or the line through ``node``) narrated with rule citations; ``round``
        limits it to one round (label like "4" or "5a", or its number 1..4)."""
        n = node or self.node
        nodes = [self.root] + n.path() + list(n.mainline())
        labels = [r.label for r in topology_of(self.root.state).comp.rounds]
        label = labels[round - 1] if isinstance(round, int) else round
        named = label if english() or not label else say("{round}", {"round": label})  # English: the label as given
        args = {"edition": self.headers["Edition"], "seed": self.headers["Seed"], "label": named or ""}
        title = say(COMMENTARY_ROUND if label else COMMENTARY, args, self.root.state.components)
        return narrate(nodes, title, round=label)

    def last_turn(self):
        """Commentary of the turn that leads to the current node."""
        path = self.node.path()
        start = 0
        for k, n in enumerate(path):
            ps = n.before
            if ps.pending.kind == "turn" and not ps.turn_actions:
                start = k
        return narrate(path[start:], say(LAST_TURN))

    # --- files ----------------------------------------------------------------------------------
    def to_text(self) -> str:
        """The record in the .polis text format. ``TypeError`` / ``ValueError`` name a comment, name
        or header that holds something else than text that can be saved (see :meth:`save`)."""
        check_savable(self)
        return textio.write(self.headers, self.root)

    @classmethod
    def from_text(cls, text: str, *, strict: bool = False) -> "Game":
        """Read .polis text. Lenient by default: the valid part is kept and ``game.errors`` lists
        each problem with its line and column; ``strict=True`` raises the first instead. Line ends
        may be LF, CRLF or CR. Problems that leave nothing to keep (a bad Edition, Seed, Components,
        Options or Position header) raise :class:`RecordError` in both modes; ``text`` that is not a
        str raises ``TypeError``."""
        if isinstance(text, (bytes, bytearray)):
            raise TypeError("from_text needs text (str), not bytes: decode it first, or use Game.load(path)")
        need(text, str, "from_text(text)")
        headers, root, errors = textio.read(text)
        if root is None or (strict and errors):
            raise errors[0]
        game = cls.from_headers(headers, root)
        game.errors = errors
        return game

    def to_json(self) -> dict:
        """The record as a JSON-safe dict (headers and a flat node list)."""
        return jsonio.to_json(self.headers, self.root)

    @classmethod
    def from_json(cls, data: "dict | str", *, strict: bool = False) -> "Game":
        """Read the JSON form (a dict or JSON text); lenient like :meth:`from_text`. Errors in JSON
        text carry the line and column of the node or field at fault; errors in a dict name the node.
        Text that is not JSON, or nests deeper than a record ever does, raises :class:`RecordError`;
        ``data`` that is neither a dict nor a str raises ``TypeError``."""
        need(data, (dict, str), "from_json(data)")
        text = None
        value: object = data
        if isinstance(data, str):
            text, value = jsonio.parse(data)
        headers, root, errors = jsonio.from_json(value, text=text)
        if strict and errors:
            raise errors[0]
        game = cls.from_headers(headers, root)
        game.errors = errors
        return game

    def save(self, path) -> None:
        """Write the record: .json gives JSON, anything else the .polis text format. The file is
        written whole or not at all (a temporary file in the same folder, then renamed): a failed
        write leaves the old file as it was. A comment, name or header that is not text, or cannot be
        saved as UTF-8 (a lone surrogate), raises ``TypeError`` / ``ValueError`` naming it, before
        anything is written; a path that is not a str or path-like object raises ``TypeError``."""
        need_path(path, "save(path)")
        path = pathlib.Path(path)
        check_savable(self)
        if path.suffix == ".json":
            text = json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"
        else:
            text = self.to_text()
        write_text_atomic(path, text)

    @classmethod
    def load(cls, path, *, strict: bool = False) -> "Game":
        """Read a record written by :meth:`save` (by its suffix). Bad UTF-8 is reported with its
        line and column and replaced, so the rest can still be read. A path that is not a str or
        path-like object raises ``TypeError``."""
        need_path(path, "load(path)")
        path = pathlib.Path(path)
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
            bad = None
        except UnicodeDecodeError as e:
            text = raw.decode("utf-8", errors="replace")
            before = unix_lines(raw[: e.start].decode("utf-8", errors="replace"))
            bad = RecordError("the file is not valid UTF-8 here (the byte was replaced)",
                              before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1)
        # read leniently, then (strict) raise the first problem in the file, the bad byte included
        try:
            game = cls.from_json(text) if path.suffix == ".json" else cls.from_text(text)
        except RecordError as e:
            if bad is not None and (bad.line, bad.column) <= (e.line or 0, e.column or 0):
                raise bad from e
            raise
        if bad is not None:
            game.errors = sorted([bad] + game.errors, key=lambda e: (e.line or 0, e.column or 0))
        if strict and game.errors:
            raise game.errors[0]
        return game

    def same_record(self, other: "Game") -> bool:
        """Equal headers and equal trees: decisions, chance flags, comments, glyphs, marks, names,
        evaluations, questions, resignations and the order of variations (positions follow from these)."""
        need(other, Game, "same_record(other)")
        if self.headers != other.headers:
            return False
        stack = [(self.root, other.root)]
        while stack:
            x, y = stack.pop()
            if (x.action, x.auto, x.comment, x.starting_comment, x.glyphs, x.marks, x.name, x.evaluation, x.quiz,
                    x.resigned) != (y.action, y.auto, y.comment, y.starting_comment, y.glyphs, y.marks, y.name,
                                    y.evaluation, y.quiz, y.resigned):
                return False
            if len(x.variations) != len(y.variations):
                return False
            stack.extend(zip(x.variations, y.variations))
        return True

    # --- display ------------------------------------------------------------------------------
    def __str__(self) -> str:
        """For terminals: the board as text (with this node's marks) and the last turn narrated."""
        marks = "".join("\n" + say(MARK, {"mark": mark_words(topology_of(self.state), m)}) for m in self.node.marks)
        board_text = str(self.state) if english() else self.state.words()
        o = self.state.outcome
        if o is not None:  # the kernel's outcome ends in its rule ids; here it reads as words
            board_text = board_text.replace(str(o), outcome_words(o))
        return board_text + marks + "\n\n" + str(self.last_turn())

    def _repr_svg_(self) -> str:
        from ..render import svg  # lazy: render sits above the record layer (a display hook, python-chess style)

        return svg(self.state, marks=tuple(self.node.marks))

    def to_html(self, path, *, title: str | None = None, worksheet: bool = False, answers: bool = False,
                language: str | None = None) -> None:
        """Write the whole annotated record as one self-contained HTML page: the board at every node,
        the record in words turn by turn (``3.A2``: round 3, Athens' second turn), the narrated
        decisions with the rulebook sections they follow, comments, glyphs and marks, the variations
        as a tree, keyboard navigation (←/→, ↑/↓ between variations, Home/End). It opens from a file
        with no kernel and no network, and speaks in words (no notation, no rule ids). ``title``
        defaults to the Event header (or edition and seed).

        ``worksheet=True`` writes the record's guess-the-move lesson (the questions of the main line,
        :meth:`quiz`) as a worksheet to hand out: the game up to the first question to step through,
        then per question its position as a picture, the prompt in words ("Round 3 · Sparta, turn 1:
        what should Sparta do?"), how to answer, the hint folded away, and room to write; printed,
        one question a page. The file holds nothing of the record after the first question (no later
        decision, comment, glyph, mark, review or engine line), so the answers are not in it at all.

        ``worksheet=True, answers=True`` writes its answer key, a separate page for the teacher: per
        question the position, the answer in words, the whole turn, the hint and the comment, and
        the engine's judgement, figures and line when the record holds a review (:meth:`review`).

        A worksheet of a record without questions is refused (``ValueError``), as is ``answers=True``
        without ``worksheet=True``::

            g.to_html("lesson.html", worksheet=True)              # to hand out
            g.to_html("lesson-key.html", worksheet=True, answers=True)  # for the teacher

        ``language`` (``"en"``, ``"de"``, ``"pl"``; None: the current one, :func:`polis_nb.set_language`)
        is the page's language: its words and its ``<html lang>``::

            g.to_html("partie.html", language="de")"""
        from ..render.htmlgame import game_html  # lazy: render sits above the record layer (a display hook)

        need(worksheet, bool, "worksheet")
        need(answers, bool, "answers")
        with in_language(resolve(language)):
            page = game_html(self, title=title, worksheet=worksheet, answers=answers)
        write_text_atomic(path, page)

    def _repr_html_(self) -> str:
        return (f"<div class='polis-game' style='display:flex;flex-wrap:wrap;gap:12px'>"
                f"<div style='flex:1 1 560px;max-width:900px'>{self._repr_svg_()}</div>"
                f"<div style='flex:1 1 260px'>{self.last_turn()._repr_html_()}</div></div>")

    def __repr__(self) -> str:
        s = self.state
        nodes = sum(1 for _ in self.root.walk()) - 1
        who = "game over" if s.is_terminal else f"{s.current_player.capitalize()} to decide"
        at = f"at decision {self.node.number}" if self.node.parent is not None else "at the start"
        return (f"<Game {self.headers['Edition']} seed={self.headers['Seed']}: {nodes} decisions, {at}, "
                f"round {topology_of(s).comp.rounds[s.round].name}, {who}>")

    def __iter__(self) -> Iterator[Node]:
        return iter(self.line()[1:])

