"""Small position helpers shared by the exercises and the tutorials."""
from __future__ import annotations

from typing import Any, Iterable

from ..rules import State, topology_of, position

ATHENS, SPARTA = 0, 1


def fresh(*, edition: str = "ed1", seed: int = 1, **changes: Any) -> State:
    """``pn.position`` on an emptied map: only the units named in ``units`` are placed. Seed 1 (the
    default) draws "No Event" for the first round of the first edition, so no event interferes."""
    base = position(edition, seed)
    units = {a: (0, 0) for a in topology_of(base).area_ids}
    units.update(changes.pop("units", {}))
    return position(edition, seed, units=units, **changes)


def have(s: State, side: int, good: str) -> int:
    """How much of ``good`` side ``side`` (0 Athens, 1 Sparta) holds."""
    return s.goods[side][topology_of(s).good_index[good]]


def cubes(s: State, side: int) -> int:
    """The cubes standing in the poleis of ``side`` (its population)."""
    return sum(n for o, n in zip(s.owner, s.pop) if o == side)


def polis_name(s: State, polis: str | int) -> str:
    """A polis' name in the position's edition ("Thebai" or "Thibae")."""
    b = topology_of(s)
    i = b.polis_index[polis] if isinstance(polis, str) else polis
    return b.comp.poleis[i].name


def area_names(s: State, areas: Iterable[str | int]) -> str:
    """Areas (ids or indices) by name, joined with commas and "and"."""
    b = topology_of(s)
    names = [b.name(b.area_index[a] if isinstance(a, str) else a) for a in areas]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
