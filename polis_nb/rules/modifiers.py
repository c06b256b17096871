"""The rules the round's event card puts in force, asked for by the modules they change.

Training and building ask :func:`hire_cost` (Mercenaries), tribute :func:`tribute_rows` (Pacifism,
Etna), battles :func:`battle_threshold` (Alcibiades), :func:`battle_prestige` (Great Commanders) and
:func:`tied_exchange_replayed` (Superstition). What a card remembers during its round lives in
``State.event_data`` as sorted (key, player, number) triples (keys in :data:`EVENT_DATA_KEYS`), read
with :func:`memo` and written with :func:`set_memo`. Drawing and resolving the cards is
:mod:`.events`' work; this module only answers, so the modules below the flow can ask it.
"""
from __future__ import annotations

from functools import lru_cache

from ..data import Effect, EventCard, TributeRow
from .topology import topology_of, components_named
from .state import State

PLAYER_IDS = {"athens": 0, "sparta": 1}
EVENT_DATA_KEYS = ("away-galley", "away-hoplite", "battle-prestige", "ceded", "doubled")
UNIT_AREAS = {"hoplite": "land", "galley": "sea"}


# --------------------------------------------------------------------------------------------
# the cards


@lru_cache(maxsize=32)
def _cards(components: str) -> dict[str, EventCard]:
    return {e.id: e for e in components_named(components).events}


def event_card(s: State, cid: str) -> EventCard:
    return _cards(s.components)[cid]


def round_card(s: State) -> EventCard:
    """The round's event card (asked only while one is in force)."""
    assert s.event is not None, "no event card this round"
    return event_card(s, s.event)


def deck_for_round(s: State) -> list:
    b = topology_of(s)
    label = b.comp.rounds[s.round].label
    return [e for e in b.comp.events if e.deck == label]


def in_force(s: State, op: str, p: int | None = None) -> Effect | None:
    """The effect ``op`` of the round's event card if it is in force (for player ``p``, when given)."""
    if s.event is None:
        return None
    for e in _cards(s.components)[s.event].effects:
        if e.op == op and (p is None or e.player == "both" or PLAYER_IDS.get(e.player) == p):
            return e
    return None


# --------------------------------------------------------------------------------------------
# what a card remembers (State.event_data)


def memo(s: State, key: str, p: int) -> int:
    for k, q, n in s.event_data:
        if k == key and q == p:
            return n
    return 0


def set_memo(s: State, key: str, p: int, n: int) -> State:
    """``s`` with the entry (key, p) set to n (removed at 0)."""
    rest = tuple(x for x in s.event_data if (x[0], x[1]) != (key, p))
    return s.evolve(event_data=tuple(sorted(rest + (((key, p, n),) if n else ()))))


def away(s: State, p: int) -> dict[str, int]:
    """Units of ``p`` the round's event sent off the board, by kind ("hoplite", "galley")."""
    return {kind: n for kind in UNIT_AREAS if (n := memo(s, f"away-{kind}", p))}


# --------------------------------------------------------------------------------------------
# rules in force for the round, asked for by the modules they change


def battle_threshold(s: State) -> int:
    """Units in one area that start a battle this round (Alcibiades lowers it)."""
    e = in_force(s, "battle-threshold")
    return int(e.args[0]) if e is not None else topology_of(s).comp.battle_threshold


def hire_cost(s: State, p: int) -> int:
    """Silver per unit ``p`` may pay to hire a hoplite or galley from the supply (0: not this round)."""
    e = in_force(s, "hire-units", p)
    return int(e.args[0]) if e is not None else 0


def tribute_rows(s: State, p: int, t: int) -> tuple[tuple, int, tuple[str, ...]]:
    """The tribute rows of territory ``t`` for ``p`` this round, the most hoplites that may collect
    there, and the rules of the round's event that changed either (Pacifism, Etna)."""
    b = topology_of(s)
    rows = b.comp.tribute[b.area_ids[t]]
    cap = s.units[t][p]
    rules: tuple[str, ...] = ()
    if s.event is None:
        return rows, cap, rules
    paci = in_force(s, "quell-pacifists", p)
    if paci is not None and t == b.home[p]:
        each = int(paci.args[0])
        k = min(s.pop[b.capital[p]], b.limit(s))
        if k:
            rows = rows + (TributeRow("pacifists", tuple(each * j for j in range(1, k + 1))),)
            rules += ("event.pacifism",)
    e = in_force(s, "tribute-cap")
    if e is not None and b.area_index[str(e.args[0])] == t and cap > int(e.args[1]):
        cap, rules = int(e.args[1]), rules + ("event.etna",)
    return rows, cap, rules


def battle_prestige(s: State, p: int, n: int) -> State:
    """Remember prestige ``p`` won by cards in the current battle (for Great Commanders)."""
    if n and in_force(s, "double-battle-prestige", p) is not None and not memo(s, "doubled", p):
        return set_memo(s, "battle-prestige", p, memo(s, "battle-prestige", p) + n)
    return s


def tied_exchange_replayed(s: State) -> bool:
    """Whether a tied battle exchange is fought again by the same attacker this round (Superstition)."""
    return in_force(s, "replay-tied-exchanges") is not None
