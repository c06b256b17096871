"""The immutable game state and its small value types.

A :class:`State` holds every piece of the game: round, the pending decision, prestige and goods,
poleis, units, ships, proxenoi, projects, the event, markets, tribute discs, passes, the battle in
progress and the outcome. States are hashable and equal by content; they are never mutated, and
branching (:meth:`State.evolve`) copies the references of the fields, never their contents.

Besides its fields a State has one private slot, ``_legal``: the kernel's listing of the legal
choices, filled the first time it is asked for (see :func:`polis_nb.rules.engine.legal_actions`).
It is no field: equality, hashing, copies and serialisation never see it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

PLAYERS = ("athens", "sparta")
ATHENS, SPARTA = 0, 1
CHANCE = -1
NEUTRAL = -1


def other(p: int) -> int:
    return 1 - p


def tset(t: tuple, i: int, v: Any) -> tuple:
    """Return tuple ``t`` with item ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1 :]


def tadd(t: tuple, i: int, dv: int) -> tuple:
    return t[:i] + (t[i] + dv,) + t[i + 1 :]


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the game waits for: its kind, who decides (-1 = chance) and its context."""

    kind: str
    player: int
    data: tuple = ()


class LogEntry:
    """One thing that happened, with the rule ids that made it happen and the side it concerns.

    What happened is a message and its arguments (``msg``, ``args``: ids and numbers, see
    :mod:`polis_nb.i18n`); ``text`` is its English sentence, put in words the first time it is asked
    for (applying a decision makes the entry, not the sentence). ``words(lang)`` says it in a
    language (None: the current one, :func:`polis_nb.set_language`). ``components``: the component
    set whose names the English sentence uses. An entry made from plain text (``LogEntry("...")``)
    has no message and is the same in every language. Entries are values: do not change one.
    """

    __slots__ = ("msg", "args", "rules", "player", "components", "_text")

    def __init__(self, msg: str, args: dict | None = None, rules: tuple[str, ...] = (), player: str | None = None,
                 components: str | None = None):
        if type(args) is tuple:  # LogEntry(text, rules, player): the plain-text form
            args, rules, player = None, args, rules
        self.msg, self.rules, self.player, self.components = msg, rules, player, components
        self.args = args if args is not None else {}
        self._text: str | None = None

    @property
    def text(self) -> str:
        """The English sentence."""
        t = self._text
        if t is None:
            t = self._text = (_said().english(self.msg, self.args, self.components) if _is_message(self.msg)
                              else self.msg)
        return t

    def words(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (None: the current language)."""
        if not _is_message(self.msg):
            return self.msg
        return _said().words(self.msg, self.args, self.components, lang)

    def with_rules(self, rules: tuple[str, ...]) -> "LogEntry":
        """The same entry citing ``rules``."""
        e = LogEntry(self.msg, self.args, rules, self.player, self.components)
        e._text = self._text
        return e

    def __str__(self) -> str:
        return f"{self.text} [{', '.join(self.rules)}]" if self.rules else self.text

    def __repr__(self) -> str:
        return f"LogEntry(text={self.text!r}, rules={self.rules!r}, player={self.player!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self.rules == other.rules and self.player == other.player and self.text == other.text
                and getattr(self.msg, "id", None) == getattr(other.msg, "id", None) and self.args == other.args)

    def __hash__(self) -> int:
        return hash((self.text, self.rules, self.player))

    def __reduce__(self):
        return (LogEntry, (self.msg, self.args, self.rules, self.player, self.components))


def _is_message(msg: object) -> bool:
    return hasattr(msg, "id")


def _said():
    """:mod:`.words`, which puts the kernel's messages in words (imported when first needed)."""
    from . import words

    return words


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle in progress. Hands and deck are counts per card type of the battle's kind."""

    area: int
    kind: str  # "land" | "sea"
    attacker: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    deck: tuple[int, ...]
    draws: tuple[int, ...] = ()  # players still to receive one card each, in order
    played: tuple[int, ...] = ()  # attacker's two card types this exchange
    exchanges: int = 0
    last_losses: int = 0
    after: str = "attack"  # what follows the retreat window: "attack" or "refill"
    asked: tuple[int, ...] = ()  # players already asked about retreating in this window
    turn_of: int = 0  # whose turn ended (orders further battles)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended."""

    winner: str | None  # "athens" | "sparta" | None for a shared result
    scores: tuple[int, int] | None
    reason: str  # plain words (English)
    rules: tuple[str, ...]
    # the reason as a message and its arguments (see polis_nb.i18n; None for an outcome read back from a
    # dict, whose reason is then the same in every language): no part of the outcome's value
    msg: str | None = field(default=None, compare=False)
    args: dict | None = field(default=None, compare=False)

    def __str__(self) -> str:
        who = self.winner.capitalize() + " wins" if self.winner else "Shared result"
        sc = f" ({self.scores[0]}–{self.scores[1]}, Athens–Sparta)" if self.scores else ""
        return f"{who}{sc}: {self.reason} [{', '.join(self.rules)}]"

    def reason_words(self, lang: str | None = None) -> str:
        """The reason in ``lang`` (None: the current language)."""
        return self.reason if self.msg is None else _said().words(self.msg, self.args or {}, None, lang)

    def words(self, lang: str | None = None) -> str:
        """Who won, the scores and why, in ``lang`` (``str(outcome)`` without the rule ids)."""
        return _said().outcome_words(self, lang)


class _Memo:
    """The private slot a State keeps beside its fields (unset until the kernel fills it)."""

    __slots__ = ("_legal",)


@dataclass(frozen=True, slots=True)
class State(_Memo):
    """A position of Polis. Build one with :func:`polis_nb.new_game` or the position editor."""

    edition: str
    components: str  # name of the component set (see polis_nb.data)
    options: tuple[tuple[str, str], ...]
    seed: int
    ply: int
    round: int  # 0-based index into the edition's rounds
    phase: str  # "start" | "actions" | "battles" | "roundend" | "over"
    pending: Pending
    prestige: tuple[int, int]
    goods: tuple[tuple[int, ...], tuple[int, ...]]
    owner: tuple[int, ...]  # per polis: NEUTRAL, ATHENS or SPARTA
    pop: tuple[int, ...]  # cubes per polis (0 while neutral)
    units: tuple[tuple[int, int], ...]  # per area: (athens, sparta) hoplites or galleys
    ships_port: tuple[int, int]
    offers: tuple[int, ...]  # per offer (components order): NEUTRAL = free, else who took it
    proxenos: tuple[int, int]  # polis index, or -1 while captured
    markers: tuple[int, ...]  # market-value marker per market good
    tribute_done: tuple[int, ...]  # territories with a tribute disc this round
    display: tuple[str, ...]  # project tiles on display
    pile: tuple[str, ...]  # project tiles not yet drawn (sorted; order is chance)
    started: tuple[tuple[str, int], ...]  # (project, polis) started this round
    done: tuple[tuple[str, int], ...]  # (project, polis) completed
    event: str | None  # this round's event card
    closed: tuple[str, ...]  # markets closed this round
    start_player: int
    triggers: tuple[str, ...]  # event cards with end-of-turn / end-of-round effects in force
    passed: tuple[int, ...]  # players who passed this round, first passer first
    turn_actions: tuple[str, ...]  # actions taken in the current turn
    sieged: tuple[int, ...]  # poleis besieged in the current turn
    battles: tuple[int, ...]  # areas still to fight after this turn, chosen order pending
    battle: Battle | None
    roundend: tuple = ()  # (step, index in player order) while phase == "roundend"
    # second edition only (empty in the first): siege discs as sorted (polis, player) pairs, foreign-
    # market offers still covered by a black cube, tribute discs each player placed this round
    siege_discs: tuple[tuple[int, int], ...] = ()
    covered: tuple[int, ...] = ()
    tribute_discs: tuple[int, int] = (0, 0)
    # what the round's event card remembers, as sorted (key, player, number) triples: its units off the
    # board ("away-hoplite", "away-galley": neither on the map nor in supply), a polis it made change
    # sides ("ceded", receiver, polis index), Great Commanders ("battle-prestige", "doubled"); empty
    # when the card needs none (see polis_nb.rules.events)
    event_data: tuple[tuple[str, int, int], ...] = ()
    outcome: Outcome | None = None
    log: tuple[LogEntry, ...] = field(default=(), compare=False)

    # --- the protocol -----------------------------------------------------------------------
    @property
    def current_player(self) -> str:
        """"athens", "sparta", "chance", or "terminal" once the game is over."""
        if self.outcome is not None:
            return "terminal"
        p = self.pending.player
        return "chance" if p == CHANCE else PLAYERS[p]

    @property
    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def is_chance(self) -> bool:
        return self.outcome is None and self.pending.player == CHANCE

    def option(self, key: str, default: str | None = None) -> str | None:
        for k, v in self.options:
            if k == key:
                return v
        return default

    def evolve(self, **changes: Any) -> "State":
        """A copy with some fields changed (the fast path behind every decision)."""
        if changes and not changes.keys() <= _STATE_FIELD_SET:
            raise TypeError(f"unknown State field(s): {sorted(set(changes) - _STATE_FIELD_SET)}")
        new = _draft(self)
        for name, v in changes.items():
            setattr(new, name, v)
        new.__class__ = State
        return new

    # --- serialisation (implemented in rules.notation, imported lazily) ------------------------
    def to_dict(self) -> dict:
        return _notation().state_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        return _notation().state_from_dict(d)

    def to_notation(self) -> str:
        return _notation().state_to_notation(self)

    @classmethod
    def from_notation(cls, text: str) -> "State":
        return _notation().state_from_notation(text)

    def __str__(self) -> str:
        return self.words("en")

    def words(self, lang: str | None = None) -> str:
        """The position in plain text in ``lang`` (None: the current language; ``str(s)`` is English)."""
        from .describe import describe

        return describe(self, lang)

    def _repr_svg_(self) -> str:
        from ..render import svg  # lazy, as python-chess does

        return svg(self)


def _notation():
    """:mod:`.notation`, which reads and writes States (it stands above this module, so it is imported
    when first needed)."""
    from . import notation

    return notation


_STATE_FIELDS = tuple(f.name for f in fields(State))
_STATE_FIELD_SET = frozenset(_STATE_FIELDS)

#: ``keep_legal(s, acts)``: keep ``acts``, the legal choices of ``s``, in its private slot (for the
#: kernel: :func:`polis_nb.rules.engine.legal_actions` and the handlers that list them first)
keep_legal = _Memo._legal.__set__  # type: ignore[attr-defined]


# A copy is the fast path behind every decision (a few per decision), so it is made as cheaply as
# Python allows: on an unfrozen twin of State with the very same slots, plain attribute stores
# (which the interpreter specialises for slots) fill a new object, and ``__class__`` assignment
# then makes it a State. CPython permits that assignment only between classes of identical layout
# (it checks the base and the slot names), which the twin has by construction.
_Draft = type("_Draft", (_Memo,), {"__slots__": _STATE_FIELDS, "__doc__": "A State being copied."})


def _drafter():
    """``_draft(s)``: a new _Draft holding the same field values as ``s`` (not its ``_legal``
    slot), in straight-line code generated from the field names, as dataclasses generate
    ``__init__``."""
    lines = ["def _draft(s):", "    new = _new(_Draft)"]
    lines += [f"    new.{name} = s.{name}" for name in _STATE_FIELDS]
    lines.append("    return new")
    env = {"_new": object.__new__, "_Draft": _Draft}
    exec("\n".join(lines), env)  # noqa: S102 - the text is built from the field names above
    return env["_draft"]


_draft = _drafter()
