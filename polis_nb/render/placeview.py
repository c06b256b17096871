"""The map for a keyboard and a screen reader (issue 28), as plain JSON for the widgets: which places
border which (the arrow keys move between them), the places that are a choice now as entries of the
choices group (so that every choice is reachable without the map), and the words a place that is a
choice adds to its name. The adjacency is the rules' topology (borders, coasts, ports, the seas that
reach a market); the browser only picks, among a place's neighbours, the one in the arrow's direction.
Pure Python; nothing here decides a rule."""
from __future__ import annotations

from functools import lru_cache

from ..i18n import message, plural
from ..rules import State, topology_named, topology_of
from .say import say
from .text import target_name


#: the map's keys, in the tip of the place that has the keyboard focus
MAP_KEYS = message("map.keys", "Arrow keys: the neighbouring place that way · Home, End: the first, last choice · "
                               "Enter: choose")
CHOICES = plural("map.place-choices", "{place}: {n} choice", "{place}: {n} choices")
NAME = message("map.place-choice-now", "a choice now: {labels}")


def map_keys() -> str:
    """The map's keys in the current language (:data:`MAP_KEYS` is their English)."""
    return say(MAP_KEYS)


def _t(kind: str, ident: str) -> str:
    return f"{kind}:{ident}"


@lru_cache(maxsize=8)
def _neighbours(components: str) -> dict[str, tuple[str, ...]]:
    b = topology_named(components)
    comp = b.comp
    areas = [_t("area", x) for x in b.area_ids]
    poleis = [_t("polis", x) for x in b.polis_ids]
    in_area: dict[int, list[str]] = {}
    port_of: dict[int, list[str]] = {}
    for j in range(len(comp.poleis)):
        if b.polis_area[j] >= 0:
            in_area.setdefault(b.polis_area[j], []).append(poleis[j])
        for sea in b.polis_ports[j]:
            port_of.setdefault(sea, []).append(poleis[j])
    offers_of: dict[str, list[str]] = {m.id: [_t("offer", o.id) for o in m.offers] for m in comp.markets}
    by_sea: dict[int, list[str]] = {}
    by_land: dict[str, list[str]] = {}
    for m in comp.markets:
        for x in m.seas:
            if x in b.area_index:
                by_sea.setdefault(b.area_index[x], []).extend(offers_of[m.id])
        if m.land_route_from:
            by_land.setdefault(m.land_route_from, []).extend(offers_of[m.id])
    out: dict[str, tuple[str, ...]] = {}
    for i, t in enumerate(areas):
        near = [areas[k] for k in (b.sea_nb[i] if b.is_sea[i] else b.land_nb[i])] + [areas[k] for k in b.coasts[i]]
        near += port_of.get(i, []) + by_sea.get(i, []) if b.is_sea[i] else in_area.get(i, [])
        out[t] = tuple(dict.fromkeys(near))
    for j, t in enumerate(poleis):
        a = b.polis_area[j]
        near = ([areas[a]] + [x for x in in_area.get(a, []) if x != t] if a >= 0 else [])
        near += [areas[k] for k in b.polis_ports[j]] + by_land.get(b.polis_ids[j], [])
        out[t] = tuple(dict.fromkeys(near))
    for m in comp.markets:
        seas = [areas[b.area_index[x]] for x in m.seas if x in b.area_index]
        land = [_t("polis", m.land_route_from)] if m.land_route_from and m.land_route_from in b.polis_index else []
        for t in offers_of[m.id]:
            out[t] = tuple(x for x in offers_of[m.id] if x != t) + tuple(seas + land)
    return out


def place_neighbours(s: State) -> dict[str, list[str]]:
    """``{"area:<id>" / "polis:<id>" / "offer:<id>": [its neighbours]}``: a territory's bordering
    territories, its coasts and its poleis; a sea's neighbouring seas, coasts, ports and the market
    offers it reaches; a polis' territory, the other poleis there, its ports and the markets reached
    overland from it; an offer's fellow offers, the seas to its market and the polis of its land route."""
    return {t: list(near) for t, near in _neighbours(s.components).items()}


def place_entries(s: State, targets: dict[str, list[dict]]) -> list[dict]:
    """The places that are a choice now as entries of the choices group, in the view's order:
    ``[{target, label, name}]``. ``label``: the one action's words ("To Boiotia"), or the place and how
    many choices it holds ("Athenai: 2 choices") where a place names several; ``name``: what the
    place adds to its name on the map ("a choice now: To Boiotia")."""
    b = topology_of(s)
    out = []
    for t, acts in targets.items():
        labels = [a["label"] for a in acts]
        place = target_name(b, t.partition(":")[2])
        label = labels[0] if len(labels) == 1 else say(CHOICES, place=place, n=len(labels))
        out.append({"target": t, "label": label, "name": say(NAME, labels="; ".join(labels))})
    return out
