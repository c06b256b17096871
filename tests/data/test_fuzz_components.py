"""Hostile component files (issue 12): ids the game notation cannot carry are refused for every kind
of id, with the path of the entry; a seeded fuzzer feeds damaged component JSON to
:func:`pn.load_components` — overlays of the packaged sets with entries whose fields hold wrong types,
odd ids, odd unicode, huge numbers or deep nesting; whole files damaged as JSON trees and as text and
bytes — and only :class:`ComponentError` may escape, naming the file in every problem. A file that is
accepted starts a game that plays and draws, and the packaged sets are the same afterwards.

Seeded and bounded: hypothesis with ``derandomize=True``; ``POLIS_FUZZ_EXAMPLES=<n>`` runs n examples
per target instead of the few of the normal suite (``-s`` prints how many files each target read).
"""
from __future__ import annotations

import collections
import copy
import dataclasses
import functools
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polis_nb as pn
from polis_nb.data import ComponentError, load_components, packaged_components
from polis_nb.data.loader import PACKAGED, _load_text, _packaged_label, _packaged_text
from polis_nb.data.validate import ID_PATTERN
from polis_nb.render.svg import svg

from .helpers import overlay

SCALE = int(os.environ.get("POLIS_FUZZ_EXAMPLES", "0"))
READ: collections.Counter[str] = collections.Counter()  # files read per target (reported with -s)
BASES = {"ed1-default": "ed1", "ed2-default": "ed2", "ed1-prototype": "ed1"}


def fuzz(default: int):
    """Settings of one fuzz target: ``default`` examples, or POLIS_FUZZ_EXAMPLES."""
    return settings(max_examples=SCALE or default, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck), print_blob=False)


@functools.cache
def raw(name: str) -> dict[str, Any]:
    """A packaged set as parsed JSON (a fresh copy is the caller's to damage)."""
    return json.loads(_packaged_text(name))


def fresh_sets() -> dict[str, Any]:
    """The packaged sets built afresh from their files (not the cached objects)."""
    return {n: _load_text(_packaged_text(n), _packaged_label(n)) for n in PACKAGED}


@pytest.fixture(scope="module", autouse=True)
def packaged_sets_stay():
    """The packaged sets before the fuzzing, built afresh, and the cached objects every game uses; after
    it, the files still hold the same sets (compared as sets: the check does not depend on formatting)."""
    fresh = fresh_sets()
    cached = {n: packaged_components(n) for n in PACKAGED}
    yield fresh, cached
    assert fresh_sets() == fresh
    if SCALE:
        print("\nfiles read per target:", dict(READ))


@pytest.fixture(scope="module")
def where(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("components") / "hostile.json"


def put(path: Path, doc: Any) -> None:
    """Write ``doc`` as JSON (ASCII, so that lone surrogates travel as ``\\udXXX`` escapes)."""
    path.write_text(json.dumps(doc, ensure_ascii=True), encoding="utf-8")


# --- one test per kind of id -------------------------------------------------------------------------

def _entry(section: str, k: int = 0) -> dict[str, Any]:
    return copy.deepcopy(raw("ed1-default")[section][k])


def _with_id(section: str, ident: str) -> dict[str, Any]:
    return overlay(**{section: [dict(_entry(section), id=ident)]})


def _goods(ident: str) -> dict[str, Any]:
    c = copy.deepcopy(raw("ed1-default")["constants"])
    c["goods"][1] = ident
    return overlay(constants=c)


def _round(ident: str) -> dict[str, Any]:
    r = copy.deepcopy(raw("ed1-default")["rounds"])
    r["rows"][1]["label"] = ident
    return overlay(rounds=r)


def _card(field: str):
    def make(ident: str) -> dict[str, Any]:
        c = copy.deepcopy(raw("ed1-default")["combat_cards"])
        c["rows"][0]["land"][field] = ident
        return overlay(combat_cards=c)
    return make


def _keyed(section: str, key: str):
    def make(ident: str) -> dict[str, Any]:
        return overlay(**{section: {ident: copy.deepcopy(raw("ed1-default")[section][key])}})
    return make


ID_KINDS = {  # kind of id -> (overlay holding the id, path of the id in the messages)
    "area": (functools.partial(_with_id, "areas"), "areas[0].id"),
    "polis": (functools.partial(_with_id, "poleis"), "poleis[0].id"),
    "market": (functools.partial(_with_id, "markets"), "markets[0].id"),
    "project": (functools.partial(_with_id, "projects"), "projects[0].id"),
    "event": (functools.partial(_with_id, "events"), "events[0].id"),
    "removed entry": (lambda i: overlay(poleis=[{"id": i, "remove": True}]), "poleis[0].id"),
    "good": (_goods, "constants.goods[1]"),
    "round label": (_round, "rounds.rows[1].label"),
    "card formation": (_card("formation"), "combat_cards.rows[0].land.formation"),
    "card manoeuvre": (_card("manoeuvre"), "combat_cards.rows[0].land.manoeuvre"),
    "offer key (market)": (_keyed("offers", "persis"), "offers.{}"),
    "tribute key (territory)": (_keyed("tribute", "attika"), "tribute.{}"),
}
BAD_IDS = ["at tika", "a<b", "a;b", 'a"b', "a{b}", "a\\b", "a:b", "a.b", "a,b", "a/b", "é", "٣", "a\tb", "-a",
           "x" * 65]


@pytest.mark.parametrize("bad", BAD_IDS)
@pytest.mark.parametrize("kind", sorted(ID_KINDS))
def test_ids_the_notation_cannot_carry_are_refused(kind, bad, where):
    make, path = ID_KINDS[kind]
    put(where, make(bad))
    with pytest.raises(ComponentError) as info:
        load_components(where)
    at = f"{where}: {path.format(bad)}: "
    mine = [p for p in info.value.problems if p.startswith(at)]
    assert mine, (at, info.value.problems)
    assert any("cannot be written in the game notation" in p or "must begin with a letter or a digit" in p
               or "longer than 64" in p for p in mine), mine


@pytest.mark.parametrize("kind", sorted(ID_KINDS))
def test_a_good_id_of_each_kind_passes_the_id_check(kind, where):
    """The same overlays with a plain id raise no id problem (other problems may remain: a new round
    label is not in the event decks, a new market has no offers...)."""
    make, path = ID_KINDS[kind]
    put(where, make("plain-id_2"))
    try:
        load_components(where)
    except ComponentError as e:
        assert not any("game notation" in p for p in e.problems), e.problems


@pytest.mark.parametrize("text, words", [("\ud800", "lone surrogate (U+D800)"), ("a\x0bb", "control character U+000B"),
                                         ("\x00", "control character U+0000"), ("\uffff", "non-character U+FFFF")])
def test_text_a_picture_cannot_show_is_refused(text, words, where):
    put(where, overlay(poleis=[dict(_entry("poleis", 2), name=f"Ko{text}rinth")], description=text))
    with pytest.raises(ComponentError) as info:
        load_components(where)
    found = info.value.problems
    assert any(p.startswith(f"{where}: poleis[0].name: holds") and words in p for p in found), found
    assert any(p.startswith(f"{where}: $.description: holds") for p in found), found
    str(info.value).encode("utf-8")  # the message itself can be printed


@pytest.mark.parametrize("section, make, path", [
    ("setup", lambda e: dict(e, prestige=10**30), "setup.athens.prestige"),
    ("setup", lambda e: dict(e, goods=dict(e["goods"], wheat=1000)), "setup.athens.goods.wheat"),
    ("events", lambda e: dict(e, copies=10**7), "events[0].copies"),
    ("tribute", lambda e: dict(e, rows=[dict(e["rows"][0], amounts=[-10**4000])]), "tribute.attika.rows[0].amounts[0]"),
])
def test_numbers_beyond_every_track_are_refused(section, make, path, where):
    """A set whose positions the notation could not write (prestige and goods stop at 999) is refused."""
    base = raw("ed1-default")[section]
    if isinstance(base, list):
        doc = overlay(**{section: [make(copy.deepcopy(base[0]))]})
    else:
        key = "athens" if section == "setup" else "attika"
        doc = overlay(**{section: {key: make(copy.deepcopy(base[key]))}})
    put(where, doc)
    with pytest.raises(ComponentError) as info:
        load_components(where)
    assert any(p.startswith(f"{where}: {path}: ") and "out of range" in p for p in info.value.problems), \
        info.value.problems


def test_a_number_too_long_for_python_to_read_is_refused(where):
    where.write_text('{"format": "polis_nb.components/1", "name": "t", "extends": "ed1-default", "x": '
                     + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(ComponentError, match="a number has more than"):
        load_components(where)


def test_the_number_limit_is_the_track_a_position_holds():
    from polis_nb.data.validate import MAX_NUMBER
    from polis_nb.rules.statefields import TRACK_MAX

    assert MAX_NUMBER == TRACK_MAX


def test_messages_stay_short_and_printable(where):
    put(where, overlay(**{"x\ud800" * 5000: 1}, poleis=[{"id": "a\ud800" * 9000}]))
    with pytest.raises(ComponentError) as info:
        load_components(where)
    assert all(len(p) <= 501 for p in info.value.problems)
    str(info.value).encode("utf-8")


# --- the fuzzer --------------------------------------------------------------------------------------

ODD_IDS = ["", " ", "at tika", "a<b", "a;b", 'a"b', "{", "}", "~", "é", "٣", "²", "\ud800", "\x00", "\x0b", "\ufeff",
           "-x", "x" * 65, "attika", "athenai", "persis", "wine", "metal", "5a", "phalanx", "athens", "sparta"]
ODD_VALUES = [None, True, False, 0, -1, 1, 2, 3, 7, 24, 2**31, 10**30, 1.5, -0.0, float("nan"), float("inf"), "",
              "x", "land", "sea", "stated", "reconstructed", [], [1], ["attika"], [None], {}, {"x": 1},
              {"provenance": "stated", "source": "x"}] + ODD_IDS
where_ = st.integers(min_value=0, max_value=2**31)
values = st.one_of(st.sampled_from(ODD_VALUES), st.text(max_size=6), st.integers(), st.floats())
tree_ops = st.one_of(
    st.tuples(st.just("set"), where_, values),
    st.tuples(st.just("drop"), where_),
    st.tuples(st.just("rename"), where_, st.one_of(st.sampled_from(ODD_IDS), st.text(max_size=4))),
    st.tuples(st.just("double"), where_),
    st.tuples(st.just("swap"), where_, where_),
    st.tuples(st.just("nest"), where_, st.integers(1, 200)),
    st.tuples(st.just("copy"), where_, where_),
)


def _slots(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of a JSON tree, breadth first (without recursion)."""
    out: list[tuple[Any, Any]] = []
    level = [doc]
    while level:
        nxt = []
        for v in level:
            keys = list(v) if isinstance(v, dict) else range(len(v)) if isinstance(v, list) else ()
            for k in keys:
                out.append((v, k))
                nxt.append(v[k])
        level = nxt
    return out


def damage_tree(doc: Any, ops) -> Any:
    """``doc`` (a fresh copy, changed in place) with each op applied at a slot chosen by index."""
    for op, i, *args in ops:
        slots = _slots(doc)
        if not slots:
            return doc
        box, key = slots[i % len(slots)]
        if op == "set":
            box[key] = args[0]
        elif op == "drop":
            del box[key]
        elif op == "rename" and isinstance(box, dict):
            box[args[0]] = box.pop(key)
        elif op == "double" and isinstance(box, list):
            box.insert(key, copy.deepcopy(box[key]))
        elif op == "swap":
            box2, key2 = slots[args[0] % len(slots)]
            box[key], box2[key2] = box2[key2], box[key]
        elif op == "nest":
            v = box[key]
            for _ in range(args[0]):
                v = [v]
            box[key] = v
        elif op == "copy":
            box2, key2 = slots[args[0] % len(slots)]
            box[key] = copy.deepcopy(box2[key2])
    return doc


@st.composite
def overlays(draw) -> dict[str, Any]:
    """An overlay of a packaged set: a few sections, each an entry or the whole section of a packaged
    set (perhaps another edition's), then damaged as a tree."""
    base = draw(st.sampled_from(sorted(BASES) + ["ed3-default", "ed1-default"]))
    source = raw(draw(st.sampled_from(["ed1-default", "ed2-default"])))
    doc: dict[str, Any] = overlay(base)
    for sec in draw(st.lists(st.sampled_from(sorted(k for k in source if k not in ("format", "name", "edition"))),
                             min_size=1, max_size=3, unique=True)):
        v = copy.deepcopy(source[sec])
        if isinstance(v, list) and v and draw(st.booleans()):
            v = [v[draw(where_) % len(v)]]  # one entry: it replaces the base entry of its id
        elif isinstance(v, dict) and sec in ("offers", "tribute", "setup") and draw(st.booleans()):
            k = sorted(v)[draw(where_) % len(v)]
            v = {k: v[k]}
        doc[sec] = v
    if draw(st.booleans()):
        doc["edition"] = draw(st.sampled_from(["ed1", "ed2", "ed3", 1, None]))
    return damage_tree(doc, draw(st.lists(tree_ops, max_size=4)))


def check_load(path: Path, target: str, fresh_and_cached) -> None:
    """The invariant: a Components (that plays and draws) or a ComponentError naming the file; the
    packaged sets unchanged."""
    READ[target] += 1
    try:
        comp = load_components(path)
    except ComponentError as e:
        assert e.problems and e.file == str(path)
        for p in e.problems:
            assert p.startswith(f"{path}: ") or p.startswith("polis_nb/data/"), p
        str(e).encode("utf-8")
    else:
        READ[target + " (accepted)"] += 1
        for ident in [a.id for a in comp.areas] + [p.id for p in comp.poleis] + [e.id for e in comp.events]:
            assert ID_PATTERN.fullmatch(ident), ident
        # states find their set by name, and a name stands for one set: play this one under a name of its own
        comp = dataclasses.replace(comp, name=f"fuzz-{target}-{READ[target]}")
        s = pn.settle(pn.new_game(comp.edition, seed=1, components=comp))
        rng = random.Random(1)
        for _ in range(20):
            if s.is_terminal:
                break
            s = pn.settle(pn.apply(s, rng.choice(pn.legal_actions(s))), rng)
        assert pn.State.from_notation(s.to_notation()) == s  # its positions can be written and read back
        svg(s).encode("utf-8")
    fresh, cached = fresh_and_cached
    for n in PACKAGED:
        assert packaged_components(n) is cached[n] and cached[n] == fresh[n], f"packaged set {n} changed"


@fuzz(default=60)
@given(doc=overlays())
def test_fuzz_overlays(doc, where, packaged_sets_stay):
    put(where, doc)
    check_load(where, "overlays", packaged_sets_stay)


@fuzz(default=30)
@given(name=st.sampled_from(sorted(BASES)), ops=st.lists(tree_ops, min_size=1, max_size=6))
def test_fuzz_whole_files(name, ops, where, packaged_sets_stay):
    doc = damage_tree(copy.deepcopy(raw(name)), ops)
    put(where, doc)
    check_load(where, "whole files", packaged_sets_stay)


text_ops = st.one_of(
    st.tuples(st.just("flip"), where_, st.integers(1, 255)),
    st.tuples(st.just("insert"), where_, st.one_of(st.sampled_from(
        [b"{", b"}", b"[", b"]", b'"', b",", b":", b"\\", b"\\ud800", b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\x00",
         b'"id": "a b", ', b'"id": 1, ', b"[" * 5000, b"NaN", b"1e999", b"9" * 5000, b"1000"]),
        st.binary(min_size=1, max_size=3))),
    st.tuples(st.just("truncate"), where_),
    st.tuples(st.just("delete"), where_, st.integers(1, 40)),
)


@fuzz(default=30)
@given(name=st.sampled_from(sorted(BASES)), ops=st.lists(text_ops, min_size=1, max_size=4))
def test_fuzz_damaged_bytes(name, ops, where, packaged_sets_stay):
    b = bytearray(_packaged_text(name).encode("utf-8"))
    for op, i, *args in ops:
        n = len(b)
        if op == "flip" and n:
            b[i % n] ^= args[0]
        elif op == "insert":
            b[i % (n + 1):i % (n + 1)] = args[0]
        elif op == "truncate":
            del b[i % (n + 1):]
        elif op == "delete" and n:
            del b[i % n:i % n + args[0]]
    where.write_bytes(bytes(b))
    check_load(where, "damaged bytes", packaged_sets_stay)
