"""Small helpers shared by the decision handlers: goods, prestige, names and logging."""
from __future__ import annotations

from ..i18n import Message
from . import words as _words  # noqa: F401 - declares the outcome's messages
from .actions import Explanation
from .topology import Topology, topology_of
from .state import PLAYERS, LogEntry, Outcome, State, tadd, tset



def say(log: Log, msg: Message, *rules: str, player: int | None = None, **args) -> None:
    """Log that ``msg`` happened, with its arguments (ids and numbers), citing ``rules``; ``player``:
    the side it concerns. The sentence is made only when read (:attr:`LogEntry.text`)."""
    log.append(LogEntry(msg, args, rules, PLAYERS[player] if player is not None and player >= 0 else None))


Log = list  # list[LogEntry], appended to while a decision is applied


def in_components(log: list, components: str) -> list:
    """``log`` with the component set whose names its entries use noted on the entries that lack it (the
    kernel's entries are fresh: noted in place)."""
    for e in log:
        if e.components is None:
            e.components = components
    return log


def explained(s: State, legal: bool, msg: Message, *rules: str, **args) -> Explanation:
    """An Explanation that says ``msg`` with ``args`` (its English text made now), citing ``rules``."""
    return Explanation.said(legal, msg, args, s.components, *rules)


def ended(winner: int | None, msg: Message, *rules: str, scores: tuple[int, int] | None = None, **args) -> Outcome:
    """An Outcome whose reason says ``msg`` with ``args`` (its English made now); ``winner``: the
    winning side's index, None for a shared result."""
    return Outcome(PLAYERS[winner] if winner is not None else None, scores, _words.english(msg, args, None), rules, msg,
                   args)


def side_id(p: int) -> str:
    """The id of side ``p`` ("athens", "sparta"), as messages take it."""
    return PLAYERS[p]


def side(p: int) -> str:
    return PLAYERS[p].capitalize()


def have(s: State, p: int, good: str) -> int:
    return s.goods[p][topology_of(s).good_index[good]]


def add_good(s: State, p: int, good: str, n: int) -> State:
    g = topology_of(s).good_index[good]
    return s.evolve(goods=tset(s.goods, p, tadd(s.goods[p], g, n)))


def add_prestige(s: State, p: int, n: int) -> State:
    return s.evolve(prestige=tadd(s.prestige, p, n))


def polis_name(b: Topology, i: int) -> str:
    return b.comp.poleis[i].name


def round_name(s: State) -> str:
    return topology_of(s).comp.rounds[s.round].name


def is_last_round(s: State) -> bool:
    return s.round == len(topology_of(s).comp.rounds) - 1


def poss(p: int | str) -> str:
    """Possessive of a side's name: "Athens'" or "Sparta's" (``p``: the side's index, or "athens",
    "sparta"; other text, such as "chance", is taken as it is). The one place that makes it: never
    "Athens's"."""
    name = side(p) if isinstance(p, int) else side(PLAYERS.index(p)) if p in PLAYERS else p
    return name + ("'" if name.endswith("s") else "'s")


def cubes(n: int) -> str:
    return f"{n} cube" + ("" if n == 1 else "s")
