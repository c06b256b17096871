"""Route searches, done once per origin and position, shared by every rule that asks.

Which areas a hoplite or galley can reach, a trade ship's route to a market and a proxenos'
cheapest trips depend on the units on the map and on a few other things: the component set, the
side, the origin, the round's stacking limit, whether the side owns the diolkos, and for trade
whether it owns the polis of a land route. Listing the destinations of a move, checking whether an
action is possible at all and applying the choice ask the same questions many times; here each
search runs once and its answer is kept until the units change.

The answers are kept in :mod:`.memo` (one board of units at a time), keyed by everything else the
search reads.

:func:`unit_routes` gives, in one search from an origin, the route :meth:`Topology.route` finds to
every destination (the same path, area for area; a test checks it); the others keep what the
:class:`~polis_nb.rules.topology.Topology` methods return.
"""
from __future__ import annotations

import heapq
from functools import lru_cache

from .topology import Topology, topology_of, topology_named
from .memo import answers as _answers
from .state import State


def _diolkos(b: Topology, s: State, p: int) -> bool:
    return s.owner[b.diolkos[0]] == p


@lru_cache(maxsize=16)
def _coast_of(components: str) -> tuple[tuple[int, ...], ...]:
    """For every area, the areas whose coast holds it (a sea: the territories it touches)."""
    b = topology_named(components)
    return tuple(tuple(t for t in range(len(b.coasts)) if a in b.coasts[t]) for a in range(len(b.coasts)))


# --- hoplites and galleys ---------------------------------------------------------------------

def unit_routes(s: State, p: int, src: int) -> dict:
    """{destination: route} for a unit of ``p`` in ``src``: every area :meth:`Topology.route` finds a
    route to, with that route (a hoplite: ("land"|"sea", areas passed); a galley: seas passed).
    The dict is shared through the memo: read it, never change it."""
    b = topology_of(s)
    key = ("unit", s.components, p, src, b.limit(s), _diolkos(b, s, p))
    memo = _answers(s)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _galley_table(b, s, p, src) if b.is_sea[src] else _hoplite_table(b, s, p, src)
    return got


def route(s: State, p: int, src: int, dst: int):
    """:meth:`Topology.route` from the memo: the route of a unit of ``p`` from ``src`` to ``dst``, or None."""
    return unit_routes(s, p, src).get(dst)


def _hoplite_table(b: Topology, s: State, p: int, src: int) -> dict:
    """Topology.hoplite_route's two searches, run to the end instead of stopping at one destination:
    what they meet first is what the single search would return."""
    out: dict = {}
    seen = {src}
    frontier: list = [(src, ())]
    while frontier:  # by land, through territories the side may pass
        nxt = []
        for a, path in frontier:
            for x in b.land_nb[a]:
                if x in seen:
                    continue
                seen.add(x)
                out[x] = ("land", path)
                if b.can_pass(s, p, x, True):
                    nxt.append((x, path + (x,)))
        frontier = nxt
    coast_of = _coast_of(s.components)
    seen = set()
    frontier = []
    for sea in b.coasts[src]:  # by sea, from a sea on the origin's coast
        if b.can_pass(s, p, sea, False):
            seen.add(sea)
            frontier.append((sea, (sea,)))
    while frontier:
        nxt = []
        for a, path in frontier:
            for t in coast_of[a]:
                if t != src and t not in out:
                    out[t] = ("sea", path)
            for x in b.sea_neighbours(s, p, a):
                if x not in seen and b.can_pass(s, p, x, False):
                    seen.add(x)
                    nxt.append((x, path + (x,)))
        frontier = nxt
    return out


def _galley_table(b: Topology, s: State, p: int, src: int) -> dict:
    """Topology.galley_route's search run to the end."""
    out: dict = {}
    seen = {src}
    frontier: list = [(src, ())]
    while frontier:
        nxt = []
        for a, path in frontier:
            for x in b.sea_neighbours(s, p, a):
                if x in seen:
                    continue
                seen.add(x)
                out[x] = path
                if b.can_pass(s, p, x, True):
                    nxt.append((x, path + (x,)))
        frontier = nxt
    return out


# --- trade ships ------------------------------------------------------------------------------

def trade_route(s: State, p: int, market: str) -> tuple[str, ...] | None:
    """:meth:`Topology.trade_route` from the memo: () overland, the seas crossed, or None."""
    b = topology_of(s)
    m = b.comp.markets[b.market_index[market]]
    if m.land_route_from is not None and s.owner[b.polis_index[m.land_route_from]] == p:
        return ()
    return sea_trade_routes(s, p).get(market)


def sea_trade_routes(s: State, p: int) -> dict[str, tuple[str, ...]]:
    """{market: seas a trade ship of ``p`` crosses to reach it} for every market reachable by sea,
    from one search: Topology.trade_route's search from the trade ports, run to the end; the first sea
    of a market it meets gives that market's route, as the single search would. The dict is shared
    through the memo: read it, never change it."""
    b = topology_of(s)
    key = ("trade", s.components, p, _diolkos(b, s, p))
    memo = _answers(s)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _trade_table(b, s, p)
    return got


def _trade_table(b: Topology, s: State, p: int) -> dict[str, tuple[str, ...]]:
    markets_at = _markets_at(s.components)
    opp = 1 - p
    out: dict[str, tuple[str, ...]] = {}
    frontier: list[tuple[int, tuple[int, ...]]] = []
    seen = set()
    for sea in b.trade_ports[p]:
        if b.controller(s, sea) != opp:
            seen.add(sea)
            frontier.append((sea, (sea,)))
    while frontier:
        nxt = []
        for a, path in frontier:
            for m in markets_at[a]:
                if m not in out:
                    out[m] = tuple(b.area_ids[x] for x in path)
            for x in b.sea_neighbours(s, p, a):
                if x not in seen and b.controller(s, x) != opp:
                    seen.add(x)
                    nxt.append((x, path + (x,)))
        frontier = nxt
    return out


@lru_cache(maxsize=16)
def _markets_at(components: str) -> tuple[tuple[str, ...], ...]:
    """For every area, the markets a trade ship reaches there (the seas of each market)."""
    b = topology_named(components)
    at: list[list[str]] = [[] for _ in b.area_ids]
    for m in b.comp.markets:
        for x in m.seas:
            if m.id not in at[b.area_index[x]]:
                at[b.area_index[x]].append(m.id)
    return tuple(tuple(x) for x in at)


# --- the proxenos -----------------------------------------------------------------------------

def proxenos_routes(s: State, p: int, src: int, mode: str) -> dict:
    """:meth:`Topology.proxenos_routes` from the memo (do not change the dict it returns)."""
    b = topology_of(s)
    key = ("proxenos", s.components, p, src, mode, _diolkos(b, s, p))
    memo = _answers(s)
    got = memo.get(key)
    if got is None:
        got = memo[key] = b.proxenos_routes(s, p, src, mode)
    return got


def proxenos_route(s: State, p: int, src: int, dst: int, mode: str) -> tuple[int, tuple[int, ...]] | None:
    """:meth:`Topology.proxenos_route` from the memo: (bribe, areas) of the cheapest trip, or None."""
    return topology_of(s).proxenos_route(s, p, src, dst, mode, proxenos_routes(s, p, src, mode))


def proxenos_bribes(s: State, p: int, src: int, mode: str) -> tuple[int | None, ...]:
    """Per polis, the bribe of the cheapest trip of ``p``'s proxenos from ``src`` by ``mode``
    (None where no route leads): ``proxenos_route(...)[0]`` for every destination at once, by the
    cheapest-first search of :meth:`Topology.proxenos_routes` without keeping the paths (the first
    time the search reaches an area where a trip to a polis may end gives that polis' bribe)."""
    b = topology_of(s)
    key = ("bribes", s.components, p, src, mode, _diolkos(b, s, p))
    memo = _answers(s)
    got = memo.get(key)
    if got is not None:
        return got
    if mode == "land":
        a = b.polis_area[src]
        starts: tuple[int, ...] = (a,) if a >= 0 else ()
    else:
        starts = b.polis_ports[src]
    ends = _trip_ends(s.components, mode)
    opp = 1 - p
    units = s.units
    bribes: list[int | None] = [None] * len(s.owner)
    heap = [(units[x][opp], x) for x in starts]
    heapq.heapify(heap)
    done: set[int] = set()
    while heap:
        cost, a = heapq.heappop(heap)
        if a in done:
            continue
        done.add(a)
        for d in ends[a]:
            if bribes[d] is None:
                bribes[d] = cost
        for x in (b.land_nb[a] if mode == "land" else b.sea_neighbours(s, p, a)):
            if x not in done:
                heapq.heappush(heap, (cost + units[x][opp], x))
    got = memo[key] = tuple(bribes)
    return got


@lru_cache(maxsize=16)
def _trip_ends(components: str, mode: str) -> tuple[tuple[int, ...], ...]:
    """For every area, the poleis a proxenos trip by ``mode`` may end at there (by land: the
    poleis of a territory; by sea: the poleis whose arrows point to a sea)."""
    b = topology_named(components)
    ends: list[list[int]] = [[] for _ in b.area_ids]
    for d in range(len(b.polis_ids)):
        for x in ((b.polis_area[d],) if mode == "land" else b.polis_ports[d]):
            if x >= 0:
                ends[x].append(d)
    return tuple(tuple(e) for e in ends)


def proxenos_can_travel(s: State, p: int, src: int, silver: int, theirs: int) -> bool:
    """Whether ``p``'s proxenos in ``src`` can afford a trip, by land or by sea, to a polis other
    than ``src`` and ``theirs`` (the rival proxenos' polis): the cheapest-first search of
    :meth:`Topology.proxenos_routes`, stopped at the first such polis or once bribes exceed ``silver``."""
    b = topology_of(s)
    opp = 1 - p
    units = s.units
    for mode in ("land", "sea"):
        if mode == "land":
            a = b.polis_area[src]
            starts: tuple[int, ...] = (a,) if a >= 0 else ()
        else:
            starts = b.polis_ports[src]
        if not starts:
            continue
        ends = _trip_ends(s.components, mode)
        heap = [(units[x][opp], x) for x in starts]
        heapq.heapify(heap)
        done: set[int] = set()
        while heap:
            cost, a = heapq.heappop(heap)
            if cost > silver:
                break
            if a in done:
                continue
            done.add(a)
            for d in ends[a]:
                if d != src and d != theirs:
                    return True
            for x in (b.land_nb[a] if mode == "land" else b.sea_neighbours(s, p, a)):
                if x not in done:
                    heapq.heappush(heap, (cost + units[x][opp], x))
    return False
