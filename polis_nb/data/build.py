"""Build :class:`~polis_nb.data.types.Components` and its provenance keys from a validated document.

Internal to :mod:`polis_nb.data.loader`; the input must have passed :func:`polis_nb.data.validate.validate`
without problems, so nothing here checks or reports.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from .types import (
    PLAYERS,
    default_name,
    Area,
    CardSide,
    CombatCard,
    Components,
    Effect,
    EventCard,
    Market,
    Offer,
    PlayerSetup,
    Polis,
    Project,
    Provenance,
    RoundSpec,
    TributeRow,
)
from .validate import ENTITY, SINGLE_SECTIONS, Doc

__all__ = ["build"]


def _prov(obj: Mapping[str, Any]) -> Provenance:
    return Provenance(obj["provenance"], obj["source"], obj.get("basis", ""))


def _record(out: dict[str, Provenance], key: str, obj: Mapping[str, Any]) -> None:
    out[key] = _prov(obj)
    for f, p in obj.get("field_provenance", {}).items():
        out[f"{key}.{f}"] = _prov(p)


def build(doc: Doc) -> Components:
    """The frozen component set of a validated document, with every provenance key recorded."""
    k, s = doc.keyed, doc.single
    prov: dict[str, Provenance] = {}
    c = s["constants"].value
    for f in (*ENTITY["constants"][0], *(f for f in ENTITY["constants"][1] if f in c)):
        fp = c.get("field_provenance", {}).get(f)
        prov[f] = _prov(fp or c)
    for sec in SINGLE_SECTIONS:
        if sec != "constants":  # recorded per field above
            _record(prov, sec, s[sec].value)
    goods = tuple(c["goods"])
    area_raw = [at.value for at in k["areas"].values()]
    order = {a["id"]: i for i, a in enumerate(area_raw)}
    nbrs: dict[str, set[str]] = {a: set() for a in order}
    coasts: dict[str, set[str]] = {a: set() for a in order}
    for at in k["adjacency"].values():
        a, b = sorted(at.value["between"], key=order.__getitem__)
        (coasts if at.value["kind"] == "coast" else nbrs)[a].add(b)
        (coasts if at.value["kind"] == "coast" else nbrs)[b].add(a)
        _record(prov, f"adjacency.{a}-{b}", at.value)
        _record(prov, f"adjacency.{b}-{a}", at.value)
    poleis = tuple(
        Polis(p["id"], p["name"], i, p["territory"], p["base"], p["growth"], p["max_pop"], tuple(p["ports"]),
              p["capital_of"], p["trade_city_of"], tuple(p["project_types"]))
        for i, p in enumerate(at.value for at in k["poleis"].values()))
    areas = tuple(
        Area(a["id"], a["name"], i, a["kind"], tuple(sorted(nbrs[a["id"]], key=order.__getitem__)),
             tuple(sorted(coasts[a["id"]], key=order.__getitem__)),
             tuple(p.id for p in poleis if p.territory == a["id"]), a["home_of"])
        for i, a in enumerate(area_raw))
    for a in area_raw:
        _record(prov, f"areas.{a['id']}", a)
    for p in (at.value for at in k["poleis"].values()):
        _record(prov, f"poleis.{p['id']}", p)
    markets = []
    for m in (at.value for at in k["markets"].values()):
        o = k["offers"][m["id"]].value
        offers = tuple(Offer(f"{m['id']}.{n}", m["id"], n, r["load"], r["receive"], tuple(r["demand"]))
                       for n, r in enumerate(o["rows"]))
        markets.append(Market(m["id"], m["name"], tuple(m["seas"]), m["land_route_from"], offers))
        _record(prov, f"markets.{m['id']}", m)
        _record(prov, f"markets.{m['id']}.offers", o)
    tribute = {}
    for t in (a["id"] for a in area_raw if a["kind"] == "land"):
        v = k["tribute"][t].value
        tribute[t] = tuple(TributeRow(r["good"], tuple(r["amounts"])) for r in v["rows"])
        _record(prov, f"tribute.{t}", v)
    projects = []
    for p in (at.value for at in k["projects"].values()):
        cost = tuple((g, p["cost"][g]) for g in goods if g in p["cost"])
        projects.append(Project(p["id"], p["name"], p["type"], cost, p["prestige"], p["end_prestige"],
                                p.get("prestige_rule")))
        _record(prov, f"projects.{p['id']}", p)
    events = []
    for e in (at.value for at in k["events"].values()):
        effects = tuple(Effect(x["op"], x["player"], tuple(x["args"]), x.get("when", "now")) for x in e["effects"])
        events.append(EventCard(e["id"], e["name"], e["deck"], e["copies"], effects, e.get("effect_unknown", False),
                                e.get("text", ""), e.get("note", ""), e.get("timing", "")))
        _record(prov, f"events.{e['id']}", e)
    cards: list[CombatCard] = []
    for r in s["combat_cards"].value["rows"]:
        land, sea = (CardSide(r[x]["formation"], r[x]["manoeuvre"], r[x]["value"],
                              r[x].get("formation_name", default_name(r[x]["formation"])),
                              r[x].get("manoeuvre_name", default_name(r[x]["manoeuvre"])))
                     for x in ("land", "sea"))
        first = len(cards)
        cards.extend(CombatCard(first + n, land, sea) for n in range(r["count"]))
    setup = {}
    for pl in PLAYERS:
        v = k["setup"][pl].value
        setup[pl] = PlayerSetup(
            MappingProxyType(dict(v["poleis"])), MappingProxyType(dict(v["hoplites"])),
            MappingProxyType(dict(v["galleys"])), v["ships_in_port"], v["proxenos"],
            MappingProxyType({g: v["goods"][g] for g in goods}), v["prestige"])
        _record(prov, f"setup.{pl}", v)
    rows = s["rounds"].value["rows"]
    dk = s["diolkos"].value
    return Components(
        name=doc.name, edition=doc.edition, goods=goods, market_goods=tuple(c["market_goods"]),
        perishable=tuple(c["perishable"]),
        rounds=tuple(RoundSpec(r["label"], r["name"], r["stacking"], r["max_load"]) for r in rows),
        areas=areas, poleis=poleis, markets=tuple(markets),
        trade_ports=MappingProxyType({p: tuple(v) for p, v in s["trade_ports"].value["ports"].items()}),
        diolkos=(dk["polis"], dk["seas"][0], dk["seas"][1]),
        tribute=MappingProxyType(tribute),
        market_table=MappingProxyType({int(n): tuple(v) for n, v in s["market_table"].value["rows"].items()}),
        market_start=MappingProxyType(dict(s["market_start"].value["positions"])),
        projects=tuple(projects), events=tuple(events), combat_cards=tuple(cards),
        setup=MappingProxyType(setup), cubes_per_player=c["cubes_per_player"],
        ships_per_player=c["ships_per_player"], battle_threshold=c["battle_threshold"],
        train_good=c.get("train_good", "metal"), discs_per_player=c.get("discs_per_player"),
        market_covers=c.get("market_covers", False), terms=MappingProxyType(dict(c.get("terms", {}))),
        provenance=MappingProxyType(prov))

