"""Topology and board queries, precomputed once per component set.

`Topology` turns the component data into index-based tables the kernel can query quickly: areas,
adjacency, coasts, ports, offers, control, stacking and the paths units, ships and proxenoi take.
"""
from __future__ import annotations

from dataclasses import dataclass
import heapq
import warnings

from ..data import PACKAGED, Components, packaged_components
from ..data.types import picklable
from .state import ATHENS, NEUTRAL, SPARTA, State, other

_REGISTRY: dict[str, Components] = {}


def register_components(comp: Components) -> None:
    """Make a component set available to states that name it."""
    old = _REGISTRY.get(comp.name)
    if old is not None and old is not comp and old != comp:
        raise ValueError(f"a different component set named {comp.name!r} is already registered")
    _REGISTRY[comp.name] = comp


def components_named(name: str) -> Components:
    comp = _REGISTRY.get(name)
    if comp is None:
        if name in PACKAGED:
            comp = packaged_components(name)
            register_components(comp)
            return comp
        raise KeyError(f"unknown component set {name!r}; load it with polis_nb.load_components first")
    return comp


@dataclass(frozen=True)
class Topology:
    comp: Components
    area_ids: tuple[str, ...]
    area_index: dict
    is_sea: tuple[bool, ...]
    land_nb: tuple[tuple[int, ...], ...]  # territory -> territories
    sea_nb: tuple[tuple[int, ...], ...]  # sea -> seas (without diolkos)
    coasts: tuple[tuple[int, ...], ...]  # territory -> seas, sea -> territories
    polis_ids: tuple[str, ...]
    polis_index: dict
    polis_area: tuple[int, ...]  # polis -> territory index, -1 if none
    polis_ports: tuple[tuple[int, ...], ...]
    # per side (two entries; of any length to the compiled kernel, which would box a fixed-length tuple each
    # time a side indexes it)
    capital: tuple[int, ...]  # polis index of each side's capital
    home: tuple[int, ...]  # territory index of each side's home region
    trade_cities: tuple[tuple[int, ...], ...]
    trade_ports: tuple[tuple[int, ...], ...]
    diolkos: tuple[int, int, int]  # polis, sea, sea
    offer_ids: tuple[str, ...]
    offer_index: dict
    offers: tuple  # the Offer of each offer index
    market_index: dict
    good_index: dict
    project_index: dict
    territories: tuple[int, ...]
    seas: tuple[int, ...]

    # --- areas ------------------------------------------------------------------------------
    def name(self, area: int) -> str:
        return self.comp.areas[area].name

    def limit(self, s: State) -> int:
        return self.comp.rounds[s.round].stacking

    def controller(self, s: State, area: int) -> int:
        a, b = s.units[area]
        return ATHENS if a > b else SPARTA if b > a else NEUTRAL

    def has_diolkos(self, s: State, p: int) -> bool:
        return s.owner[self.diolkos[0]] == p

    def sea_neighbours(self, s: State, p: int, sea: int) -> tuple[int, ...]:
        nb = self.sea_nb[sea]
        _, x, y = self.diolkos
        if (sea == x or sea == y) and self.has_diolkos(s, p):
            nb = nb + ((y if sea == x else x),)
        return nb

    # --- unit paths -------------------------------------------------------------------------
    def can_pass(self, s: State, p: int, area: int, own_limit: bool) -> bool:
        """May a unit of p pass *through* area (not start or end there)?"""
        if self.controller(s, area) == other(p):
            return False
        if own_limit and s.units[area][p] >= self.limit(s):
            return False
        return True

    def hoplite_route(self, s: State, p: int, src: int, dst: int) -> tuple[str, tuple[int, ...]] | None:
        """A legal path for one hoplite of p from territory src to dst, or None.

        Returns ("land"|"sea", intermediate areas). Land paths pass only through territories that
        the opponent does not control and where p is below the stacking limit; sea paths start in
        a sea on src's coast, end on dst's coast and pass only seas the opponent does not control.
        """
        if src == dst:
            return None
        # land
        seen = {src}
        frontier: list[tuple[int, tuple[int, ...]]] = [(src, ())]
        while frontier:
            nxt = []
            for a, path in frontier:
                for b in self.land_nb[a]:
                    if b in seen:
                        continue
                    seen.add(b)
                    if b == dst:
                        return ("land", path)
                    if self.can_pass(s, p, b, True):
                        nxt.append((b, path + (b,)))
            frontier = nxt
        # sea
        dst_coast = set(self.coasts[dst])
        seen = set()
        frontier = []
        for sea in self.coasts[src]:
            if self.can_pass(s, p, sea, False):
                seen.add(sea)
                frontier.append((sea, (sea,)))
        while frontier:
            nxt = []
            for a, path in frontier:
                if a in dst_coast:
                    return ("sea", path)
                for b in self.sea_neighbours(s, p, a):
                    if b not in seen and self.can_pass(s, p, b, False):
                        seen.add(b)
                        nxt.append((b, path + (b,)))
            frontier = nxt
        return None

    def galley_route(self, s: State, p: int, src: int, dst: int) -> tuple[int, ...] | None:
        """Intermediate seas of a legal galley path from sea src to sea dst, or None."""
        if src == dst:
            return None
        seen = {src}
        frontier: list[tuple[int, tuple[int, ...]]] = [(src, ())]
        while frontier:
            nxt = []
            for a, path in frontier:
                for b in self.sea_neighbours(s, p, a):
                    if b in seen:
                        continue
                    seen.add(b)
                    if b == dst:
                        return path
                    if self.can_pass(s, p, b, True):
                        nxt.append((b, path + (b,)))
            frontier = nxt
        return None

    def route(self, s: State, p: int, src: int, dst: int):
        return self.galley_route(s, p, src, dst) if self.is_sea[src] else self.hoplite_route(s, p, src, dst)

    # --- trade ------------------------------------------------------------------------------
    def trade_route(self, s: State, p: int, market: str) -> tuple[str, ...] | None:
        """Seas a trade ship of p crosses to reach market (names), () for a land route, or None."""
        m = self.comp.markets[self.market_index[market]]
        if m.land_route_from is not None and s.owner[self.polis_index[m.land_route_from]] == p:
            return ()
        targets = {self.area_index[x] for x in m.seas}
        opp = other(p)
        frontier: list[tuple[int, tuple[int, ...]]] = []
        seen = set()
        for sea in self.trade_ports[p]:
            if self.controller(s, sea) != opp:
                seen.add(sea)
                frontier.append((sea, (sea,)))
        while frontier:
            nxt = []
            for a, path in frontier:
                if a in targets:
                    return tuple(self.area_ids[x] for x in path)
                for b in self.sea_neighbours(s, p, a):
                    if b not in seen and self.controller(s, b) != opp:
                        seen.add(b)
                        nxt.append((b, path + (b,)))
            frontier = nxt
        return None

    # --- proxenos -----------------------------------------------------------------------------
    def proxenos_routes(self, s: State, p: int, src: int, mode: str) -> dict[int, tuple[int, tuple[int, ...]]]:
        """Cheapest (bribe, areas) from polis src to every reachable area, by land or by sea.

        The bribe is one silver per enemy unit in every area of the path, start and end included;
        on equal bribes the path through fewer areas wins. Control does not stop a proxenos.
        """
        opp = other(p)
        if mode == "land":
            a = self.polis_area[src]
            if a < 0:
                return {}
            starts: tuple[int, ...] = (a,)
            nb = (lambda x: self.land_nb[x])
        else:
            if not self.polis_ports[src]:
                return {}
            starts, nb = self.polis_ports[src], (lambda x: self.sea_neighbours(s, p, x))
        heap: list[tuple[int, int, int, tuple[int, ...]]] = [(s.units[x][opp], 1, x, (x,)) for x in starts]
        heapq.heapify(heap)
        best: dict[int, tuple[int, tuple[int, ...]]] = {}
        while heap:
            cost, n, a, path = heapq.heappop(heap)
            if a in best:
                continue
            best[a] = (cost, path)
            for b in nb(a):
                if b not in best:
                    heapq.heappush(heap, (cost + s.units[b][opp], n + 1, b, path + (b,)))
        return best

    def proxenos_route(self, s: State, p: int, src: int, dst: int, mode: str,
                       routes: dict | None = None) -> tuple[int, tuple[int, ...]] | None:
        """Cheapest (bribe, areas) for p's proxenos from polis src to polis dst by mode, or None.
        A land trip ends in dst's territory; a sea trip in a sea dst's arrow points to."""
        routes = self.proxenos_routes(s, p, src, mode) if routes is None else routes
        ends = (self.polis_area[dst],) if mode == "land" else self.polis_ports[dst]
        found = [routes[x] for x in ends if x >= 0 and x in routes]
        return min(found, key=lambda r: (r[0], len(r[1]))) if found else None

    # --- supply -------------------------------------------------------------------------------
    def supply(self, s: State, p: int) -> int:
        """Cubes of p not on the board (poleis, hoplites, galleys)."""
        used = sum(pp for o, pp in zip(s.owner, s.pop) if o == p)
        used += sum(u[p] for u in s.units)
        if s.event_data:  # units an event sent off the board ("away-..." entries) are not in supply
            used += sum(n for key, q, n in s.event_data if q == p and key.startswith("away-"))
        return self.comp.cubes_per_player - used

    def discs_free(self, s: State, p: int) -> int | None:
        """Discs of p not on the board (control, tribute and siege discs), or None where discs are
        not limited (first edition)."""
        if self.comp.discs_per_player is None:
            return None
        used = sum(1 for o in s.owner if o == p) + s.tribute_discs[p] + sum(1 for _, q in s.siege_discs if q == p)
        return self.comp.discs_per_player - used

    def initial_covers(self) -> tuple[int, ...]:
        """Offers under a black cube at setup (second edition: every load of 4 or 5), else none."""
        if not self.comp.market_covers:
            return ()
        return tuple(i for i, o in enumerate(self.offers) if o.load >= 4)

    def lift_covers(self, covered: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(covers left, offers opened) after a round end: each market with a cube loses its topmost."""
        lifted = []
        for m in self.comp.markets:
            mine = [self.offer_index[o.id] for o in m.offers if self.offer_index[o.id] in covered]
            if mine:
                lifted.append(min(mine, key=lambda i: self.offers[i].slot))
        return tuple(i for i in covered if i not in lifted), tuple(lifted)

    def ships_free(self, s: State, p: int) -> int:
        at_markets = sum(1 for o in s.offers if o == p)
        return self.comp.ships_per_player - s.ships_port[p] - at_markets


picklable(Topology)
_BUILT: dict[str, Topology] = {}  # by component set: a name stands for one set (register_components)


def _built(name: str) -> Topology:
    """The Topology of the set ``name``, built once (a dict, not lru_cache: it is asked a dozen times per
    decision)."""
    t = _BUILT.get(name)
    if t is None:
        t = _BUILT[name] = _build(name)
    return t


def _build(name: str) -> Topology:
    comp = components_named(name)
    area_ids = tuple(a.id for a in comp.areas)
    ai = {x: i for i, x in enumerate(area_ids)}
    is_sea = tuple(a.kind == "sea" for a in comp.areas)
    land_nb = tuple(tuple(ai[n] for n in a.neighbours) if a.kind == "land" else () for a in comp.areas)
    sea_nb = tuple(tuple(ai[n] for n in a.neighbours) if a.kind == "sea" else () for a in comp.areas)
    coasts = tuple(tuple(ai[n] for n in a.coasts) for a in comp.areas)
    pids = tuple(p.id for p in comp.poleis)
    pi = {x: i for i, x in enumerate(pids)}
    cap = [0, 0]
    tc: list[list[int]] = [[], []]
    for i, p in enumerate(comp.poleis):
        if p.capital_of:
            cap[("athens", "sparta").index(p.capital_of)] = i
        if p.trade_city_of:
            tc[("athens", "sparta").index(p.trade_city_of)].append(i)
    home = [0, 0]
    for a in comp.areas:
        if a.home_of:
            home[("athens", "sparta").index(a.home_of)] = ai[a.id]
    offers = tuple(o.id for m in comp.markets for o in m.offers)
    dp, dx, dy = comp.diolkos
    return Topology(
        comp=comp,
        area_ids=area_ids,
        area_index=ai,
        is_sea=is_sea,
        land_nb=land_nb,
        sea_nb=sea_nb,
        coasts=coasts,
        polis_ids=pids,
        polis_index=pi,
        polis_area=tuple(ai[p.territory] if p.territory else -1 for p in comp.poleis),
        polis_ports=tuple(tuple(ai[x] for x in p.ports) for p in comp.poleis),
        capital=(cap[0], cap[1]),
        home=(home[0], home[1]),
        trade_cities=(tuple(tc[0]), tuple(tc[1])),
        trade_ports=tuple(tuple(ai[x] for x in comp.trade_ports[pl]) for pl in ("athens", "sparta")),
        diolkos=(pi[dp], ai[dx], ai[dy]),
        offer_ids=offers,
        offer_index={x: i for i, x in enumerate(offers)},
        offers=tuple(o for m in comp.markets for o in m.offers),
        market_index={m.id: i for i, m in enumerate(comp.markets)},
        good_index={g: i for i, g in enumerate(comp.goods)},
        project_index={p.id: p for p in comp.projects},
        territories=tuple(i for i, a in enumerate(comp.areas) if a.kind == "land"),
        seas=tuple(i for i, a in enumerate(comp.areas) if a.kind == "sea"),
    )


def topology_of(s: State) -> Topology:
    """The map of the state's component set (areas, borders, poleis, markets), built once per set."""
    return _built(s.components)


def topology_named(name: str) -> Topology:
    """The map of the component set ``name`` ("ed1", "ed2", or one registered)."""
    return _built(name)


def board(s: State) -> Topology:
    """Deprecated: the former name of :func:`topology_of` (kept for a release; the Board is the widget)."""
    warnings.warn("polis_nb.rules.board() is now topology_of()", DeprecationWarning, stacklevel=2)
    return topology_of(s)


def board_named(name: str) -> Topology:
    """Deprecated: the former name of :func:`topology_named` (kept for a release)."""
    warnings.warn("polis_nb.rules.board_named() is now topology_named()", DeprecationWarning, stacklevel=2)
    return topology_named(name)
