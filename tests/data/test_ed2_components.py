"""Integrity of the packaged second-edition (Devir 2020) component set, and the edition-aware checks."""
from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from polis_nb.data import PROVENANCES, CardSide, Components, default_components, load_components

from .helpers import has as _has
from .helpers import overlay, problems
from .helpers import write as _write


def _overlay(base: str = "ed2-default", **sections: Any) -> dict[str, Any]:
    return overlay(base, **sections)


def _problems(path: Path) -> list[str]:
    return problems(path, "polis_nb/data/ed2.json")


PACKAGED = resources.files("polis_nb.data").joinpath("ed2.json")
PACKAGED_ED1 = resources.files("polis_nb.data").joinpath("ed1.json")
ED1 = default_components("ed1")


@pytest.fixture(scope="module")
def comp() -> Components:
    return default_components("ed2")


@pytest.fixture(scope="module")
def ed1() -> Components:
    return default_components("ed1")


@pytest.fixture()
def ed2_raw() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(PACKAGED.read_text(encoding="utf-8"))
    return raw


def _by_id(items: Any) -> dict[str, Any]:
    return {x.id: x for x in items}


# ----------------------------------------------------------------------------------- default set
def test_ed2_default_set_is_cached_and_named(comp: Components) -> None:
    assert default_components("ed2") is comp
    assert (comp.name, comp.edition) == ("ed2-default", "ed2")
    with resources.as_file(PACKAGED) as path:
        assert load_components(path) == comp


def test_ed2_set_is_known_to_the_kernel_by_name(comp: Components) -> None:
    from polis_nb.rules.topology import components_named

    assert components_named("ed2-default") is comp


def test_ed2_constants_and_rounds(comp: Components) -> None:
    assert comp.goods == ("iron", "wood", "wine", "silver", "wheat")
    assert comp.market_goods == ("iron", "wood", "wine") and comp.perishable == ("wine", "wheat")
    assert (comp.cubes_per_player, comp.ships_per_player, comp.battle_threshold) == (39, 8, 8)
    assert (comp.train_good, comp.discs_per_player, comp.market_covers) == ("iron", 25, True)
    assert dict(comp.terms) == {"ship": "merchant", "ships": "merchants", "build-ships": "hire merchants",
                                "builds-ship": "hires a merchant"}
    assert comp.words("Build trade ships; Athens builds a trade ship") == "Hire merchants; Athens hires a merchant"
    assert default_components("ed1").words("Build trade ships") == "Build trade ships"
    assert (comp.term("ship"), comp.term("ships")) == ("merchant", "merchants")
    assert [(r.label, r.name, r.stacking, r.max_load) for r in comp.rounds] == [
        ("alpha", "Alpha (Λ)", 3, 3), ("epsilon", "Epsilon (Σ)", 4, 4), ("omega", "Omega (Ω)", 5, 5)]
    assert comp.provenance_of("cubes_per_player").kind == "derived"
    assert comp.provenance_of("train_good").kind == "stated"
    with pytest.raises(TypeError):
        comp.terms["ship"] = "boat"  # type: ignore[index]


def test_ed1_new_fields_keep_first_edition_values(ed1: Components) -> None:
    assert (ed1.train_good, ed1.discs_per_player, ed1.market_covers, dict(ed1.terms)) == ("metal", None, False, {})
    assert (ed1.term("ship"), ed1.term("ships")) == ("trade ship", "trade ships")
    assert ed1.provenance_of("discs_per_player").kind == "stated"


def test_ed2_counts(comp: Components) -> None:
    assert [a.kind for a in comp.areas] == ["land"] * 12 + ["sea"] * 5
    assert (len(comp.poleis), len(comp.markets), len(comp.projects), len(comp.combat_cards)) == (18, 5, 14, 24)
    assert [c.id for c in comp.combat_cards] == list(range(24))
    assert sum(len(m.offers) for m in comp.markets) == 13  # Illyria and Thraki hold two offers each


# ----------------------------------------------------------------------------------------- map
def test_ed2_map_has_the_first_edition_topology_and_ids(comp: Components, ed1: Components) -> None:
    assert [a.id for a in comp.areas] == [a.id for a in ed1.areas]
    for a, b in zip(comp.areas, ed1.areas):
        assert (a.kind, a.neighbours, a.coasts, a.poleis, a.home_of) == (b.kind, b.neighbours, b.coasts, b.poleis,
                                                                         b.home_of), a.id
    assert [p.id for p in comp.poleis] == [p.id for p in ed1.poleis]
    for p, q in zip(comp.poleis, ed1.poleis):
        assert (p.territory, p.base, p.growth, p.max_pop, p.ports, p.capital_of, p.trade_city_of) == (
            q.territory, q.base, q.growth, q.max_pop, q.ports, q.capital_of, q.trade_city_of), p.id
    assert [(m.id, m.seas, m.land_route_from) for m in comp.markets] == [
        (m.id, m.seas, m.land_route_from) for m in ed1.markets]
    assert comp.diolkos == ed1.diolkos and dict(comp.trade_ports) == dict(ed1.trade_ports)


def test_ed2_names(comp: Components) -> None:
    names = {x.id: x.name for x in (*comp.areas, *comp.poleis, *comp.markets)}
    assert {k: names[k] for k in ("athenai", "sparta", "gytheion", "thebai", "syrakousai", "naupaktos",
                                  "poteidaia", "abdera")} == {
        "athenai": "Athinae", "sparta": "Sparti", "gytheion": "Gythion", "thebai": "Thibae",
        "syrakousai": "Syrakousae", "naupaktos": "Nafpaktos", "poteidaia": "Potidaea", "abdera": "Abdira"}
    assert {k: names[k] for k in ("lakedaimon", "arkadia", "sikelia", "messenia", "achaia", "thrakikon")} == {
        "lakedaimon": "Lakedaemon", "arkadia": "Arcadia", "sikelia": "Sicelia", "messenia": "Messinia",
        "achaia": "Achaea", "thrakikon": "Thrakiko pelagos"}
    assert [m.name for m in comp.markets] == ["Euxinos", "Persia", "Illyria", "Thraki", "Aegyptos"]


def test_ed2_project_places_follow_the_ed2_table(comp: Components) -> None:
    types = {p.id: set(p.project_types) for p in comp.poleis if p.project_types}
    assert types == {
        "athenai": {"philosopher", "artist", "theatre"}, "sparta": {"temple", "statue", "festival"},
        "argos": {"games"}, "korinthos": {"artist", "theatre", "games"}, "thebai": {"theatre"}, "gela": {"statue"},
        "syrakousai": {"philosopher", "artist", "temple"}, "samos": {"festival"}, "poteidaia": {"festival"},
        "pydna": {"games"}, "epidamnos": {"statue"}, "abdera": {"statue"}}
    assert comp.provenance_of("poleis", "korinthos").kind == "stated"
    assert comp.provenance_of("poleis", "argos", "ports").kind == "reconstructed"
    assert comp.provenance_of("poleis", "chalkis", "ports").source.startswith("Ed2 · ")


# --------------------------------------------------------------------------------------- markets
def test_ed2_persia_offers_are_stated(comp: Components) -> None:
    persia = _by_id(comp.markets)["persis"]
    assert [(o.slot, o.load, o.demand, o.receive) for o in persia.offers] == [
        (0, 3, ("iron", "wine"), "wheat"), (1, 4, ("wine",), "wheat"), (2, 5, ("iron", "wood", "wine"), "silver")]
    assert comp.provenance_of("markets", "persis", "offers").kind == "stated"
    # the prototype's Illyria and Thrake demand no oil, so Ed2 takes them; its Euxeinos and Aigyptos
    # demand oil, which Ed2 lacks, so those two stay reconstructed
    for m, kind in (("euxeinos", "reconstructed"), ("illyria", "prototype"), ("thrake", "prototype"),
                    ("aigyptos", "reconstructed")):
        p = comp.provenance_of("markets", m, "offers")
        assert p.kind == kind and p.basis, m


def test_ed2_offers_fit_the_black_cubes(comp: Components) -> None:
    covered = Counter(o.market for m in comp.markets for o in m.offers if o.load >= 4)
    assert sum(covered.values()) == 8  # 11 black cubes - 3 market markers
    assert covered == {"persis": 2, "euxeinos": 2, "aigyptos": 2, "illyria": 1, "thrake": 1}
    for m in comp.markets:
        loads = [o.load for o in m.offers]
        assert len(loads) == (2 if m.id in ("illyria", "thrake") else 3), m.id
        assert loads == sorted(loads) and loads[0] == 3, m.id
        assert all(o.demand and set(o.demand) <= set(comp.market_goods) for o in m.offers), m.id
    assert any(len(o.demand) > 1 for m in comp.markets if m.id != "persis" for o in m.offers)
    by_id = _by_id(comp.markets)
    assert {o.receive for o in by_id["euxeinos"].offers} == {o.receive for o in by_id["aigyptos"].offers} == {"wheat"}


def test_ed2_market_table_holds_the_ed2_examples(comp: Components) -> None:
    t = comp.market_table
    assert set(t) == {3, 4, 5} and {len(v) for v in t.values()} == {11}  # the prototype's eleven positions
    for row in t.values():
        assert list(row) == sorted(row)
    assert all(t[3][i] <= t[4][i] <= t[5][i] for i in range(11))
    assert dict(comp.market_start) == {"iron": 0, "wood": 0, "wine": 0}
    assert comp.provenance_of("market_start").kind == "stated"
    # Epsilon: 4 wheat for 5 wine; Omega, same picture: 5 silver for 5 iron, 6 wood or 7 wine
    iron, wood, wine = t[5].index(5), t[5].index(6), t[5].index(7)
    assert len({iron, wood, wine}) == 3
    assert t[4][wine] == 5
    assert comp.provenance_of("market_table").kind == "prototype"


# --------------------------------------------------------------------------------------- tribute
def test_ed2_tribute(comp: Components) -> None:
    land = {a.id for a in comp.areas if a.kind == "land"}
    assert set(comp.tribute) == land and comp.tribute["achaia"]
    rows = {r.good: r.amounts for r in comp.tribute["sikelia"]}
    assert rows == {"wine": (1, 3, 6, 10, 15), "wheat": (1, 3, 6)}
    assert rows["wine"][3 - 1] == 6 and rows["wheat"][2 - 1] == 3 and rows["wine"][5 - 1] == 15  # Ed2 example
    assert comp.provenance_of("tribute", "sikelia").kind == "stated"
    assert comp.provenance_of("tribute", "sikelia", "wheat").kind == "derived"
    for t, rs in comp.tribute.items():
        assert len({r.good for r in rs}) == len(rs), t
        for r in rs:
            assert r.good in comp.goods and 1 <= len(r.amounts) <= 5 and list(r.amounts) == sorted(r.amounts), t
        if t != "sikelia":  # the prototype's Ed1 rows without oil, metal read as iron
            assert comp.provenance_of("tribute", t).kind == "prototype", t
            ed1_rows = [(r.good.replace("metal", "iron"), r.amounts) for r in ED1.tribute[t] if r.good != "oil"]
            assert [(r.good, r.amounts) for r in rs] == ed1_rows, t
    # silver stays scarce: only short rows
    assert all(r.amounts[-1] <= 6 for rs in comp.tribute.values() for r in rs if r.good == "silver")


# -------------------------------------------------------------------------------------- projects
def test_ed2_projects(comp: Components) -> None:
    by_id = _by_id(comp.projects)
    assert list(by_id) == ["protagoras", "socrates", "myron", "fidias", "apollo", "zeus", "koilon", "skini",
                           "efebos", "aphrodite", "dionysos", "demeter", "isthmia", "nemea"]
    assert Counter(p.type for p in comp.projects) == {t: 2 for t in (
        "philosopher", "artist", "temple", "theatre", "statue", "festival", "games")}
    myron = by_id["myron"]
    assert (myron.cost, myron.prestige, myron.end_prestige) == ((("wood", 2), ("silver", 3)), 2, 3)
    assert comp.provenance_of("projects", "myron").kind == "stated"
    for p in comp.projects:
        assert p.prestige_rule is None
        assert [g for g, _ in p.cost] == [g for g in comp.goods if g in dict(p.cost)], p.id  # goods order
        if p.id != "myron":
            assert comp.provenance_of("projects", p.id).kind == "reconstructed", p.id
        cost = dict(p.cost)
        if p.type == "philosopher":
            assert set(cost) == {"silver"}
        elif p.type == "artist":
            assert set(cost) == {"wood", "silver"}
        elif p.type == "temple":
            assert set(cost) == {"iron", "wood", "silver"}
        elif p.type == "statue":
            assert cost["wood"] > cost.get("iron", 0)
        elif p.type == "festival":
            assert cost["wine"] >= 4
    temples = [p for p in comp.projects if p.type == "temple"]
    statues = [p for p in comp.projects if p.type == "statue"]
    assert min(p.prestige for p in temples) == max(p.prestige for p in comp.projects)
    assert max(p.prestige for p in statues) <= min(p.prestige for p in comp.projects if p.type != "statue")


# ---------------------------------------------------------------------------------------- events
def test_ed2_events_hold_only_the_known_card(comp: Components) -> None:
    assert [(e.id, e.name, e.deck, e.copies) for e in comp.events] == [("xerxes", "Xerxes assassinated", "alpha", 1)]
    assert [(x.op, x.player, x.args) for x in comp.events[0].effects] == [("close-market", "both", ("persis",))]
    decks = Counter(e.deck for e in comp.events)
    assert decks["epsilon"] == decks["omega"] == 0
    assert comp.provenance_of("events", "xerxes").kind == "stated"


# ---------------------------------------------------------------------------------- combat cards
def test_ed2_combat_cards_keep_ids_and_show_greek_names(comp: Components, ed1: Components) -> None:
    def ids(c: Components, kind: str) -> list[tuple[str, str, int]]:
        return [(getattr(x, kind).formation, getattr(x, kind).manoeuvre, getattr(x, kind).value)
                for x in c.combat_cards]

    assert ids(comp, "land") == ids(ed1, "land") and ids(comp, "sea") == ids(ed1, "sea")
    land = {(c.land.formation, c.land.formation_name) for c in comp.combat_cards}
    land |= {(c.land.manoeuvre, c.land.manoeuvre_name) for c in comp.combat_cards}
    assert dict(land) == {"phalanx": "Phalanx", "cavalry": "Ippiko", "archers": "Toxotis", "peltasts": "Peltasta",
                          "mercenaries": "Misthoforos", "salpinx": "Salpinx", "othismos": "Othismos",
                          "advance": "Proothisi", "hold": "Antistasi", "shoot": "Voli", "ambush": "Enedra"}
    sea = {(c.sea.formation, c.sea.formation_name) for c in comp.combat_cards}
    sea |= {(c.sea.manoeuvre, c.sea.manoeuvre_name) for c in comp.combat_cards}
    assert dict(sea) == {"elite-trireme": "Anotera Treeris", "trireme": "Treeris", "bireme": "Bireme",
                         "triacontor": "Triacontor", "mercenaries": "Misthoforos", "salpinx": "Salpinx",
                         "diekplous": "Diekplous", "periplous": "Periplous", "kyklos": "Kyklos", "ambush": "Enedra"}
    assert comp.provenance_of("combat_cards").kind == "stated"
    assert comp.provenance_of("combat_cards", "pairing").kind == "reconstructed"


def test_ed1_combat_cards_carry_english_names(ed1: Components) -> None:
    names = {(s.formation, s.formation_name) for c in ed1.combat_cards for s in (c.land, c.sea)}
    names |= {(s.manoeuvre, s.manoeuvre_name) for c in ed1.combat_cards for s in (c.land, c.sea)}
    assert dict(names) == {
        "phalanx": "Phalanx", "cavalry": "Cavalry", "archers": "Archers", "peltasts": "Peltasts",
        "mercenaries": "Mercenaries", "salpinx": "Salpinx", "othismos": "Othismos", "advance": "Advance",
        "hold": "Hold position", "shoot": "Shoot", "ambush": "Ambush", "elite-trireme": "Elite trireme",
        "trireme": "Trireme", "bireme": "Bireme", "triacontor": "Triacontor", "diekplous": "Diekplous",
        "periplous": "Periplous", "kyklos": "Kyklos"}


def test_card_side_names_default_to_the_id() -> None:
    side = CardSide("elite-trireme", "diekplous", 2)
    assert (side.formation_label, side.manoeuvre_label) == ("Elite trireme", "Diekplous")
    assert CardSide("cavalry", "hold", 0, "Ippiko", "Antistasi").formation_label == "Ippiko"


def test_card_names_default_when_a_file_omits_them(tmp_path: Path, ed2_raw: dict[str, Any]) -> None:
    cards = copy.deepcopy(ed2_raw["combat_cards"])
    for r in cards["rows"]:
        for s in ("land", "sea"):
            del r[s]["formation_name"], r[s]["manoeuvre_name"]
    c = load_components(_write(tmp_path, "names.json", _overlay(combat_cards=cards)))
    assert (c.combat_cards[0].sea.formation_name, c.combat_cards[0].land.manoeuvre_name) == (
        "Elite trireme", "Othismos")


# ----------------------------------------------------------------------------------------- setup
def test_ed2_setup(comp: Components) -> None:
    sp, at = comp.setup["sparta"], comp.setup["athens"]
    assert (dict(sp.poleis), dict(sp.hoplites), dict(sp.galleys)) == (
        {"sparta": 4, "gytheion": 1, "pylos": 2}, {"lakedaimon": 3}, {"ionion": 1, "myrtoon": 2})
    assert (dict(at.poleis), dict(at.hoplites), dict(at.galleys)) == (
        {"athenai": 5, "chalkis": 1, "chios": 2}, {"attika": 3, "ionia": 2}, {"kyklades": 2, "noties": 1})
    assert (sp.ships_in_port, at.ships_in_port, sp.proxenos, at.proxenos) == (1, 1, "sparta", "athenai")
    assert dict(sp.goods) == {"iron": 4, "wood": 4, "wine": 4, "silver": 4, "wheat": 0}
    assert dict(at.goods) == {"iron": 4, "wood": 4, "wine": 4, "silver": 0, "wheat": 4}
    assert sp.prestige == at.prestige == 3
    assert comp.provenance_of("setup", "athens", "goods").kind == "stated"


# ------------------------------------------------------------------------------------ provenance
def test_ed2_every_entity_has_provenance(comp: Components) -> None:
    for key, p in comp.provenance.items():
        assert p.kind in PROVENANCES and p.source.strip(), key
        if p.reconstructed:
            assert p.basis.strip(), key
        assert len(p.source) <= 120, key  # short citations, no pasted rule text
    keys = ["rounds", "diolkos", "trade_ports", "market_table", "market_start", "combat_cards",
            "combat_cards.pairing", "goods", "market_goods", "perishable", "cubes_per_player", "ships_per_player",
            "battle_threshold", "train_good", "discs_per_player", "market_covers", "terms"]
    keys += [f"areas.{a.id}" for a in comp.areas] + [f"poleis.{p.id}" for p in comp.poleis]
    keys += [f"markets.{m.id}" for m in comp.markets] + [f"markets.{m.id}.offers" for m in comp.markets]
    keys += [f"tribute.{t}" for t in comp.tribute] + [f"projects.{p.id}" for p in comp.projects]
    keys += [f"events.{e.id}" for e in comp.events] + [f"setup.{p}" for p in comp.setup]
    keys += [f"adjacency.{a.id}-{n}" for a in comp.areas for n in (*a.neighbours, *a.coasts)]
    missing = [k for k in keys if k not in comp.provenance]
    assert not missing, missing
    kinds = Counter(p.kind for p in comp.provenance.values())
    assert kinds["stated"] and kinds["derived"] and kinds["reconstructed"]


# -------------------------------------------------------------------------------------- overlays
def test_ed2_overlay_replaces_tribute_offers_and_removes_the_event(tmp_path: Path, comp: Components) -> None:
    tri = {"rows": [{"good": "silver", "amounts": [1, 2, 4]}, {"good": "wine", "amounts": [1, 3, 6, 10]}],
           "provenance": "stated", "source": "Ed2 board, tribute box Attika (user's copy)"}
    ill = {"rows": [{"load": 3, "demand": ["iron", "wood"], "receive": "wheat"},
                    {"load": 3, "demand": ["wine"], "receive": "silver"},
                    {"load": 5, "demand": ["iron", "wood", "wine"], "receive": "silver"}],
           "provenance": "stated", "source": "Ed2 board (user's copy)"}
    doc = _overlay(tribute={"attika": tri}, offers={"illyria": ill}, events=[{"id": "xerxes", "remove": True}])
    c = load_components(_write(tmp_path, "o.json", doc))
    assert (c.name, c.edition) == ("test-overlay", "ed2")
    assert [(r.good, r.amounts) for r in c.tribute["attika"]] == [("silver", (1, 2, 4)), ("wine", (1, 3, 6, 10))]
    assert _by_id(c.markets)["illyria"].offers[2].demand == ("iron", "wood", "wine")
    assert c.provenance_of("markets", "illyria", "offers").kind == "stated"
    assert c.events == ()  # every deck may be empty
    assert c.poleis == comp.poleis and c.combat_cards == comp.combat_cards and c.train_good == "iron"
    assert default_components("ed2") is comp and comp.events  # the default is untouched


def test_ed2_overlay_with_the_wrong_edition_is_refused(tmp_path: Path) -> None:
    probs = _problems(_write(tmp_path, "e.json", _overlay(edition="ed1")))
    assert _has(probs, "$.edition", "'ed1' does not match the base set's 'ed2'")
    assert len(probs) == 1  # the merged set is still checked as the base's edition


# ------------------------------------------------------------------------------ edition checks
def test_bad_ed2_file_gives_precise_messages(tmp_path: Path, ed2_raw: dict[str, Any]) -> None:
    raw = copy.deepcopy(ed2_raw)
    raw["rounds"]["rows"].append({"label": "omega2", "name": "Omega 2", "stacking": 5, "max_load": 5})
    raw["offers"]["illyria"]["rows"][0]["load"] = 5  # a 9th covered offer, and loads 5, 4
    raw["offers"]["thrake"]["rows"][1]["demand"] = ["oil"]
    raw["projects"][3]["prestige_rule"] = "half-capital-pop-up"
    raw["projects"][0]["type"] = "artist"
    raw["constants"]["train_good"] = "metal"
    raw["constants"]["terms"]["galley"] = "trireme"
    raw["combat_cards"]["rows"][1]["land"]["formation_name"] = "Falanga"
    path = _write(tmp_path, "ed2-bad.json", raw)
    probs = _problems(path)
    expected = [
        ("rounds.rows", "Ed2 has 3 rounds, found 4"),
        ("offers", "9 offers of load 4 or 5, but Ed2 has only 8 black cubes to cover them"),
        ("offers.illyria.rows[1].load", "loads must not decrease from the top", "got 4 after 5"),
        ("offers.thrake.rows[1].demand[0]", "'oil' is not a market good"),
        ("projects[3].prestige_rule", "Ed2 has no prestige rule 'half-capital-pop-up'"),
        ("projects", "Ed2 has", "'philosopher': 2, 'artist': 2", "found"),
        ("constants.train_good", "unknown good 'metal'"),
        ("constants.terms.galley", "unknown term 'galley' (known: build-ships, builds-ship, ships, ship)"),
        ("combat_cards.rows[1].land.formation_name", "formation 'phalanx' is named 'Falanga' here but 'Phalanx' at "
                                                    "combat_cards.rows[0].land"),
    ]
    for parts in expected:
        assert _has(probs, f"{path}: {parts[0]}", *parts[1:]), (parts, probs)
    assert len(probs) == len(expected), probs


def test_ed2_file_without_train_good_is_refused(tmp_path: Path, ed2_raw: dict[str, Any]) -> None:
    raw = copy.deepcopy(ed2_raw)
    del raw["constants"]["train_good"]
    raw["constants"]["discs_per_player"] = 0
    raw["constants"]["market_covers"] = "yes"
    probs = _problems(_write(tmp_path, "tg.json", raw))
    assert _has(probs, "constants.market_covers", "must be true or false")
    raw["constants"]["market_covers"] = True
    probs = _problems(_write(tmp_path, "tg.json", raw))
    assert _has(probs, "constants:", "missing key 'train_good' (the default 'metal' is not a good of this set)")
    assert _has(probs, "constants.discs_per_player", "must be at least 1 (got 0)")


def test_ed1_checks_stay_first_edition(tmp_path: Path) -> None:
    ed1_raw = json.loads(PACKAGED_ED1.read_text(encoding="utf-8"))
    rounds = copy.deepcopy(ed1_raw["rounds"])
    del rounds["rows"][3]
    offer = {"rows": [{"load": 3, "demand": ["wine", "oil"], "receive": "wheat"}], "provenance": "stated",
             "source": "x"}
    doc = _overlay("ed1-default", rounds=rounds, offers={"persis": offer})
    probs = problems(_write(tmp_path, "ed1.json", doc), "polis_nb/data/ed1.json")
    assert _has(probs, "rounds.rows", "Ed1 has 4 rounds, found 3")
    assert _has(probs, "deck", "unknown round label '5b'")  # the 5β deck lost its round
    assert _has(probs, "offers.persis.rows[0].demand", "an Ed1 offer demands exactly one good")
    assert not _has(probs, "black cubes")  # Ed1 has no market covers
