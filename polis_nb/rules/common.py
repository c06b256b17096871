"""Small helpers shared by the decision handlers: goods, prestige, names and logging."""
from __future__ import annotations

from .topology import Topology, topology_of
from .state import PLAYERS, LogEntry, State, tadd, tset

Log = list  # list[LogEntry], appended to while a decision is applied


def say(log: Log, text: str, *rules: str, player: int | None = None) -> None:
    log.append(LogEntry(text, tuple(rules), PLAYERS[player] if player is not None and player >= 0 else None))


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
