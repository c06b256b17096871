"""The immutable game state and its small value types.

A :class:`State` holds every piece of the game: round, the pending decision, prestige and goods,
poleis, units, ships, proxenoi, projects, the event, markets, tribute discs, passes, the battle in
progress and the outcome. States are hashable and equal by content; they are never mutated, and
branching (:meth:`State.evolve`) copies the references of the fields, never their contents.

The per-player fields (``prestige``, ``goods``, ``ships_port``, ``proxenos``, ``tribute_discs``) hold two
entries but are declared as tuples of any length: the compiled kernel keeps a tuple of fixed length
unboxed and would build a new tuple object each time one is indexed by a player.

Besides its fields a State has one private slot, ``_legal``: the kernel's listing of the legal
choices, filled the first time it is asked for (see :func:`polis_nb.rules.engine.legal_actions`).
It is no field: equality, hashing, copies and serialisation never see it.
"""
from __future__ import annotations

import types
from dataclasses import dataclass, field, fields
from typing import Any, cast

from ..data.types import picklable



def _compiled() -> bool:
    """Whether this module runs compiled (mypyc, ``scripts/wheel.sh``): a compiled function is no
    Python function."""
    return not isinstance(_compiled, types.FunctionType)


#: True when the kernel runs compiled (the wheel ``scripts/wheel.sh`` builds), False from the source
COMPILED = _compiled()

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


# The value classes made at almost every decision (Pending, LogEntry, and Battle in a battle) write their own
# __init__ as the
# dataclass would generate it (frozen: each field stored with object.__setattr__), so that the compiled
# kernel compiles it too (mypyc leaves a generated __init__ interpreted; it compiles object.__setattr__ of
# a field inside the class to a plain store).


@dataclass(frozen=True, slots=True, init=False)
class Pending:
    """The decision the game waits for: its kind, who decides (-1 = chance) and its context."""

    kind: str
    player: int
    data: tuple

    def __init__(self, kind: str, player: int, data: tuple = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "data", data)


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

    def __init__(self, msg: str, args: object = None, rules: object = (), player: object = None,
                 components: str | None = None):
        # (args, rules and player are taken as objects and checked by the casts below: in the plain-text form
        # a tuple of rules comes second, which the compiled kernel would refuse against a declared dict)
        if type(args) is tuple:  # LogEntry(text, rules, player): the plain-text form
            args, rules, player = None, args, rules
        self.msg = msg
        self.rules: tuple[str, ...] = cast("tuple[str, ...]", rules)
        self.player: str | None = cast("str | None", player)
        self.components = components
        self.args: dict = cast(dict, args) if args is not None else {}
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


@dataclass(frozen=True, slots=True, init=False)
class Battle:
    """A battle in progress. Hands and deck are counts per card type of the battle's kind."""

    area: int
    kind: str  # "land" | "sea"
    attacker: int
    hands: tuple[tuple[int, ...], ...]  # per player (two)
    deck: tuple[int, ...]
    draws: tuple[int, ...]  # players still to receive one card each, in order
    played: tuple[int, ...]  # attacker's two card types this exchange
    exchanges: int
    last_losses: int
    after: str  # what follows the retreat window: "attack" or "refill"
    asked: tuple[int, ...]  # players already asked about retreating in this window
    turn_of: int  # whose turn ended (orders further battles)

    def __init__(self, area: int, kind: str, attacker: int, hands: tuple[tuple[int, ...], ...],
                 deck: tuple[int, ...], draws: tuple[int, ...] = (), played: tuple[int, ...] = (), exchanges: int = 0,
                 last_losses: int = 0, after: str = "attack", asked: tuple[int, ...] = (), turn_of: int = 0) -> None:
        object.__setattr__(self, "area", area)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "draws", draws)
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "exchanges", exchanges)
        object.__setattr__(self, "last_losses", last_losses)
        object.__setattr__(self, "after", after)
        object.__setattr__(self, "asked", asked)
        object.__setattr__(self, "turn_of", turn_of)


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


#: the fields of a Battle, in order
BATTLE_FIELDS = tuple(f.name for f in fields(Battle))


class _Memo:
    """The private slot a State keeps beside its fields (unset until the kernel fills it)."""

    __slots__ = ("_legal",)
    _legal: tuple  # the listing of legal choices (a tuple of Actions)


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
    prestige: tuple[int, ...]  # per player (two)
    goods: tuple[tuple[int, ...], ...]  # per player (two): per good
    owner: tuple[int, ...]  # per polis: NEUTRAL, ATHENS or SPARTA
    pop: tuple[int, ...]  # cubes per polis (0 while neutral)
    units: tuple[tuple[int, ...], ...]  # per area: (athens, sparta) hoplites or galleys
    ships_port: tuple[int, ...]  # per player (two)
    offers: tuple[int, ...]  # per offer (components order): NEUTRAL = free, else who took it
    proxenos: tuple[int, ...]  # per player (two): polis index, or -1 while captured
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
    tribute_discs: tuple[int, ...] = (0, 0)  # per player (two)
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
        if COMPILED:
            s = self._copy()
            for name, v in changes.items():
                if name not in _STATE_FIELD_SET:  # the copy is seen by no one: nothing is half-changed
                    _unknown(changes)
                object.__setattr__(s, name, v)
            return s
        if changes and not changes.keys() <= _STATE_FIELD_SET:
            _unknown(changes)
        new = _draft(self)
        for name, v in changes.items():
            setattr(new, name, v)
        new.__class__ = State
        return new

    def _copy(self) -> "State":
        """A new State with the same field values (not the ``_legal`` slot). The compiled kernel's copy:
        each line below stores one field directly (mypyc compiles ``object.__setattr__`` of a literal name
        inside a method of the class to a plain store); ``tests/rules/test_fast_paths.py`` checks that it
        names every field."""
        new: State = State.__new__(State)
        object.__setattr__(new, "edition", self.edition)
        object.__setattr__(new, "components", self.components)
        object.__setattr__(new, "options", self.options)
        object.__setattr__(new, "seed", self.seed)
        object.__setattr__(new, "ply", self.ply)
        object.__setattr__(new, "round", self.round)
        object.__setattr__(new, "phase", self.phase)
        object.__setattr__(new, "pending", self.pending)
        object.__setattr__(new, "prestige", self.prestige)
        object.__setattr__(new, "goods", self.goods)
        object.__setattr__(new, "owner", self.owner)
        object.__setattr__(new, "pop", self.pop)
        object.__setattr__(new, "units", self.units)
        object.__setattr__(new, "ships_port", self.ships_port)
        object.__setattr__(new, "offers", self.offers)
        object.__setattr__(new, "proxenos", self.proxenos)
        object.__setattr__(new, "markers", self.markers)
        object.__setattr__(new, "tribute_done", self.tribute_done)
        object.__setattr__(new, "display", self.display)
        object.__setattr__(new, "pile", self.pile)
        object.__setattr__(new, "started", self.started)
        object.__setattr__(new, "done", self.done)
        object.__setattr__(new, "event", self.event)
        object.__setattr__(new, "closed", self.closed)
        object.__setattr__(new, "start_player", self.start_player)
        object.__setattr__(new, "triggers", self.triggers)
        object.__setattr__(new, "passed", self.passed)
        object.__setattr__(new, "turn_actions", self.turn_actions)
        object.__setattr__(new, "sieged", self.sieged)
        object.__setattr__(new, "battles", self.battles)
        object.__setattr__(new, "battle", self.battle)
        object.__setattr__(new, "roundend", self.roundend)
        object.__setattr__(new, "siege_discs", self.siege_discs)
        object.__setattr__(new, "covered", self.covered)
        object.__setattr__(new, "tribute_discs", self.tribute_discs)
        object.__setattr__(new, "event_data", self.event_data)
        object.__setattr__(new, "outcome", self.outcome)
        object.__setattr__(new, "log", self.log)
        return new

    # --- serialisation (implemented in rules.notation, imported lazily) ------------------------
    def to_dict(self) -> dict:
        return _notation().state_to_dict(self)

    @classmethod
    def from_dict(cls, d: object) -> "State":
        return _notation().state_from_dict(d)

    def to_notation(self) -> str:
        return _notation().state_to_notation(self)

    @classmethod
    def from_notation(cls, text: object) -> "State":
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


def _unknown(changes: dict[str, Any]) -> None:
    raise TypeError(f"unknown State field(s): {sorted(set(changes) - _STATE_FIELD_SET)}")


def _notation():
    """:mod:`.notation`, which reads and writes States (it stands above this module, so it is imported
    when first needed)."""
    from . import notation

    return notation


picklable(Pending, Battle, Outcome, State)  # by their fields (the listing is not kept; a LogEntry has its own __reduce__)

_STATE_FIELDS = tuple(f.name for f in fields(State))
_STATE_FIELD_SET = frozenset(_STATE_FIELDS)

#: ``keep_legal(s, acts)``: keep ``acts``, the legal choices of ``s``, in its private slot (for the
#: kernel: :func:`polis_nb.rules.engine.legal_actions` and the handlers that list them first)
keep_legal = getattr(_Memo, "_legal").__set__


# A copy is the fast path behind every decision (a few per decision), so it is made as cheaply as
# Python allows: on an unfrozen twin of State with the very same slots, plain attribute stores
# (which the interpreter specialises for slots) fill a new object, and ``__class__`` assignment
# then makes it a State. CPython permits that assignment only between classes of identical layout
# (it checks the base and the slot names), which the twin has by construction.
# (The compiled kernel copies with State._copy instead: a compiled class has no such twin.)


def _drafter():
    """``_draft(s)``: a new _Draft holding the same field values as ``s`` (not its ``_legal``
    slot), in straight-line code generated from the field names, as dataclasses generate
    ``__init__``."""
    _Draft = type("_Draft", (_Memo,), {"__slots__": _STATE_FIELDS, "__doc__": "A State being copied."})
    lines = ["def _draft(s):", "    new = _new(_Draft)"]
    lines += [f"    new.{name} = s.{name}" for name in _STATE_FIELDS]
    lines.append("    return new")
    env = {"_new": object.__new__, "_Draft": _Draft}
    exec("\n".join(lines), env)  # noqa: S102 - the text is built from the field names above
    return env["_draft"]


def _no_draft(s: State) -> Any:
    raise AssertionError("the compiled kernel copies a State with State._copy")


_draft = _no_draft if COMPILED else _drafter()
