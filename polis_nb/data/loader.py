"""Load, overlay and validate Polis component files (JSON) into :class:`~polis_nb.data.types.Components`.

File format ``polis_nb.components/1``
=====================================

A component file is one JSON object. Files are parsed with :mod:`json` only.

Header keys: ``format`` (always ``"polis_nb.components/1"``), ``name`` (the set's name, e.g.
``"ed1-default"``), ``edition`` (``"ed1"`` | ``"ed2"``; optional in an overlay, where it must match the
base), ``extends`` (overlay only: the packaged set it modifies, e.g. ``"ed1-default"``), ``description``
(optional text).

Every *entity* below carries its provenance inline: ``"provenance"`` (``stated`` | ``derived`` |
``reconstructed``), ``"source"`` (e.g. ``"Ed1 · Aktionen › h. Tribut einfordern"`` or
``"polis-data.md §2.3"``), ``"basis"`` (one line; required when reconstructed) and optionally
``"field_provenance": {field: {"provenance", "source", "basis"?}}`` for fields whose provenance differs
from the entity's (e.g. a polis stated as a whole but its port reconstructed).

Sections (all required in a complete file; the shape of one entity is given):

=================  ==========================================================================================
``constants``      object: ``goods``, ``market_goods``, ``perishable`` (lists of good ids),
                   ``cubes_per_player``, ``ships_per_player``, ``battle_threshold`` (integers)
``rounds``         object: ``rows``: list of ``{label, name, stacking, max_load}``, first round first
``areas``          list of ``{id, name, kind: "land"|"sea", home_of: player|null}``; territories first, then
                   seas; the list position is ``Area.index``
``adjacency``      list of edges ``{kind: "land"|"coast"|"sea", between: [id, id]}``, each stored **once**:
                   land = territory-territory, coast = territory-sea, sea = sea-sea (the diolkos is not an
                   edge). ``Area.neighbours`` / ``Area.coasts`` are built from them, so they are symmetric.
``diolkos``        object: ``{polis, seas: [sea, sea]}``
``poleis``         list of ``{id, name, territory: id|null, base, growth, max_pop, ports: [sea...],
                   capital_of: player|null, trade_city_of: player|null, project_types: [type...]}``
``markets``        list of ``{id, name, seas: [sea...], land_route_from: polis|null}``
``offers``         object keyed by market id: ``{rows: [{load, demand: [good...], receive}...]}``; the row
                   position is the slot (0 = leftmost), the offer id is ``"<market>.<slot>"``
``trade_ports``    object: ``{ports: {player: [sea...]}}``
``tribute``        object keyed by territory id: ``{rows: [{good, amounts: [int...]}...]}``;
                   ``field_provenance`` may be keyed by a good of the rows
``market_table``   object: ``{rows: {"3": [int...], "4": [...], "5": [...]}}`` (goods to hand over per marker
                   position, worse to the right)
``market_start``   object: ``{positions: {market good: position}}``
``projects``       list of ``{id, name, type, cost: {good: amount}, prestige, end_prestige,
                   prestige_rule?: null|"half-capital-pop-up"}``
``events``         list of ``{id, name, deck: round label, copies, effects: [{op, player, args, when?}...]}``;
                   ops, players and args as in the :class:`~polis_nb.data.types.Effect` docstring
``combat_cards``   object: ``{rows: [{count, land: {formation, manoeuvre, value}, sea: {...}}...]}``; card
                   ids run 0..23 in row order; ``field_provenance`` may name ``pairing``
``setup``          object keyed by player: ``{poleis: {polis: cubes}, hoplites: {territory: n},
                   galleys: {sea: n}, ships_in_port, proxenos: polis, goods: {good: n}, prestige}``
=================  ==========================================================================================

Overlays (``"extends": "ed1-default"``) hold only the sections they change. List sections and keyed
objects are merged **by id** (edges by their unordered pair, ``offers``/``tribute``/``setup`` by key): an
entry with a known id replaces the base entry whole, in place; a new id is appended;
``{"id": ..., "remove": true}`` (``{"between": [...], "remove": true}`` for edges) deletes a base entry.
Single-object sections (``constants``, ``rounds``, ``diolkos``, ``trade_ports``, ``market_table``,
``market_start``, ``combat_cards``) are replaced whole. The merged set is then validated as a whole.

Provenance keys in ``Components.provenance``: each constants field by name (``"goods"``,
``"cubes_per_player"``...), ``"rounds"``, ``"diolkos"``, ``"trade_ports"``, ``"market_table"``,
``"market_start"``, ``"combat_cards"`` (+ ``"combat_cards.pairing"``), ``"areas.<id>"``,
``"adjacency.<a>-<b>"`` (recorded under both orders), ``"poleis.<id>"``, ``"markets.<id>"``,
``"markets.<id>.offers"``, ``"tribute.<territory>"``, ``"projects.<id>"``, ``"events.<id>"``,
``"setup.<player>"``, plus ``"<entity key>.<field>"`` for every field override.

Validation collects every problem as ``"<file>: <json path>: <what is wrong>"`` and raises
:class:`ComponentError` with all of them; a file with any problem is refused whole.
"""
from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

from .types import (
    PLAYERS,
    PROVENANCES,
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

__all__ = ["ComponentError", "FORMAT", "PACKAGED", "default_components", "load_components"]

FORMAT = "polis_nb.components/1"
PACKAGED: Mapping[str, str] = MappingProxyType({"ed1-default": "ed1.json"})
_DEFAULT_SET = {"ed1": "ed1-default"}
_EDITIONS = ("ed1", "ed2")

PROJECT_TYPES = ("philosopher", "artist", "temple", "theatre", "statue", "festival", "games")
PRESTIGE_RULES = ("half-capital-pop-up",)
EFFECT_OPS = ("gain", "lose", "place", "remove-own-unit", "close-market", "start-player", "close-offer")
EFFECT_PLAYERS = (*PLAYERS, "both")
EFFECT_WHEN = ("now", "end-of-turn", "end-of-round")
LOADS = (3, 4, 5)
RECEIVED = ("wheat", "silver")
MAX_TRIBUTE_ROW = 5
CARD_VALUES = (2, 1, 0, -1)
COUNTS = {"land": 12, "sea": 5, "poleis": 18, "markets": 5, "projects": 14, "combat cards": 24}
ED1_PROJECT_TYPES = {"philosopher": 3, "artist": 1, "temple": 2, "theatre": 2, "statue": 2, "festival": 2, "games": 2}
COMBAT_DISTRIBUTION = {  # stated for Ed2 (S3 tables), derived for Ed1; (formation, manoeuvre, value) -> count
    "land": {("phalanx", "othismos", 2): 3, ("phalanx", "advance", 1): 5, ("cavalry", "advance", 1): 4,
             ("cavalry", "hold", 0): 2, ("archers", "advance", 1): 3, ("archers", "shoot", 0): 2,
             ("peltasts", "hold", 0): 3, ("mercenaries", "hold", 0): 1, ("salpinx", "ambush", -1): 1},
    "sea": {("elite-trireme", "diekplous", 2): 3, ("elite-trireme", "periplous", 1): 5,
            ("trireme", "periplous", 1): 4, ("trireme", "kyklos", 0): 2, ("bireme", "periplous", 1): 3,
            ("bireme", "kyklos", 0): 2, ("triacontor", "kyklos", 0): 3, ("mercenaries", "kyklos", 0): 1,
            ("salpinx", "ambush", -1): 1},
}


class ComponentError(ValueError):
    """A component file was refused; ``problems`` lists every problem found (file, entry, what)."""

    def __init__(self, file: str, problems: list[str]) -> None:
        self.file = file
        self.problems = list(problems)
        head = f"component file {file} refused: {len(self.problems)} problem(s)"
        super().__init__("\n  ".join([head, *self.problems]))


# --------------------------------------------------------------------------------------------- types
@dataclass(frozen=True)
class _T:
    what: str
    ok: Callable[[Any], bool]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_str(v: Any) -> bool:
    return isinstance(v, str) and v.strip() != ""


STR = _T("a non-empty string", _is_str)
OPT_STR = _T("a string or null", lambda v: v is None or _is_str(v))
INT = _T("an integer", _is_int)
OBJ = _T("an object", lambda v: isinstance(v, dict))
LIST = _T("a list", lambda v: isinstance(v, list))
STRS = _T("a list of strings", lambda v: isinstance(v, list) and all(_is_str(x) for x in v))
OBJS = _T("a list of objects", lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v))
INT_MAP = _T("an object of integers", lambda v: isinstance(v, dict) and all(_is_int(x) for x in v.values()))
INTS_MAP = _T("an object of integer lists", lambda v: isinstance(v, dict) and all(
    isinstance(x, list) and all(_is_int(i) for i in x) for x in v.values()))
STRS_MAP = _T("an object of string lists", lambda v: isinstance(v, dict) and all(STRS.ok(x) for x in v.values()))
INTS = _T("a list of integers", lambda v: isinstance(v, list) and all(_is_int(x) for x in v))

Schema = tuple[dict[str, _T], dict[str, _T]]  # required, optional
_PROV_REQ = {"provenance": STR, "source": STR}
_PROV_OPT = {"basis": STR}

ENTITY: dict[str, Schema] = {
    "constants": ({"goods": STRS, "market_goods": STRS, "perishable": STRS, "cubes_per_player": INT,
                   "ships_per_player": INT, "battle_threshold": INT}, {}),
    "rounds": ({"rows": OBJS}, {}),
    "areas": ({"id": STR, "name": STR, "kind": STR, "home_of": OPT_STR}, {}),
    "adjacency": ({"kind": STR, "between": STRS}, {}),
    "diolkos": ({"polis": STR, "seas": STRS}, {}),
    "poleis": ({"id": STR, "name": STR, "territory": OPT_STR, "base": INT, "growth": INT, "max_pop": INT,
                "ports": STRS, "capital_of": OPT_STR, "trade_city_of": OPT_STR, "project_types": STRS}, {}),
    "markets": ({"id": STR, "name": STR, "seas": STRS, "land_route_from": OPT_STR}, {}),
    "offers": ({"rows": OBJS}, {}),
    "trade_ports": ({"ports": STRS_MAP}, {}),
    "tribute": ({"rows": OBJS}, {}),
    "market_table": ({"rows": INTS_MAP}, {}),
    "market_start": ({"positions": INT_MAP}, {}),
    "projects": ({"id": STR, "name": STR, "type": STR, "cost": INT_MAP, "prestige": INT, "end_prestige": INT},
                 {"prestige_rule": OPT_STR}),
    "events": ({"id": STR, "name": STR, "deck": STR, "copies": INT, "effects": OBJS}, {}),
    "combat_cards": ({"rows": OBJS}, {}),
    "setup": ({"poleis": INT_MAP, "hoplites": INT_MAP, "galleys": INT_MAP, "ships_in_port": INT, "proxenos": STR,
               "goods": INT_MAP, "prestige": INT}, {}),
}
ROW: dict[str, Schema] = {
    "rounds": ({"label": STR, "name": STR, "stacking": INT, "max_load": INT}, {}),
    "offers": ({"load": INT, "demand": STRS, "receive": STR}, {}),
    "tribute": ({"good": STR, "amounts": INTS}, {}),
    "effect": ({"op": STR, "player": STR, "args": LIST}, {"when": STR}),
    "combat_cards": ({"count": INT, "land": OBJ, "sea": OBJ}, {}),
    "side": ({"formation": STR, "manoeuvre": STR, "value": INT}, {}),
}
LIST_SECTIONS = ("areas", "adjacency", "poleis", "markets", "projects", "events")
MAP_SECTIONS = ("offers", "tribute", "setup")
SINGLE_SECTIONS = ("constants", "rounds", "diolkos", "trade_ports", "market_table", "market_start", "combat_cards")
SECTIONS = ("constants", "rounds", "areas", "adjacency", "diolkos", "poleis", "markets", "offers", "trade_ports",
            "tribute", "market_table", "market_start", "projects", "events", "combat_cards", "setup")
HEADER: Schema = ({"format": STR, "name": STR}, {"edition": STR, "extends": STR, "description": STR})


# ------------------------------------------------------------------------------------ located entries
@dataclass
class _At:
    """One entity of a file, with where it came from (for messages)."""

    value: dict[str, Any]
    file: str
    path: str


@dataclass
class _Doc:
    file: str
    name: str = ""
    edition: str = ""
    overlay: bool = False
    extends: str | None = None  # base set name when ``overlay`` and the name is a string
    keyed: dict[str, dict[str, _At]] = field(default_factory=dict)  # list and map sections, by id
    single: dict[str, _At] = field(default_factory=dict)
    removals: list[tuple[str, str, _At]] = field(default_factory=list)


def _edge_key(between: list[str]) -> str:
    return "-".join(sorted(between))


class _Problems(list[str]):
    def at(self, at: _At, sub: str, msg: str) -> None:
        self.append(f"{at.file}: {at.path}{sub}: {msg}")


def _parse(text: str, file: str) -> Any:
    dups: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                dups.append(k)
            out[k] = v
        return out

    try:
        raw = json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as e:
        raise ComponentError(file, [f"{file}: line {e.lineno}, column {e.colno}: invalid JSON: {e.msg}"]) from None
    if dups:
        raise ComponentError(file, [f"{file}: duplicate key '{k}' in one JSON object" for k in dups])
    return raw


def _check_keys(probs: _Problems, at: _At, sub: str, obj: dict[str, Any], schema: Schema) -> bool:
    """Unknown, missing and mistyped keys; False if a required key is missing or mistyped."""
    req, opt = schema
    ok = True
    for k in obj:
        if k not in req and k not in opt:
            probs.at(at, sub, f"unknown key '{k}'")
    for k, t in req.items():
        if k not in obj:
            probs.at(at, sub, f"missing key '{k}'")
            ok = False
        elif not t.ok(obj[k]):
            probs.at(at, f"{sub}.{k}", f"must be {t.what}")
            ok = False
    for k, t in opt.items():
        if k in obj and not t.ok(obj[k]):
            probs.at(at, f"{sub}.{k}", f"must be {t.what}")
            ok = False
    return ok


def _locate(raw: dict[str, Any], file: str, probs: _Problems) -> _Doc:
    doc = _Doc(file)
    top = _At(raw, file, "$")
    overlay = "extends" in raw
    req, opt = HEADER
    for k in raw:
        if k not in req and k not in opt and k not in SECTIONS:
            probs.at(top, "", f"unknown top-level key '{k}'")
    for k, t in {**req, **opt}.items():
        if k in raw and not t.ok(raw[k]):
            probs.at(top, f".{k}", f"must be {t.what}")
    for k in [*req, *([] if overlay else ["edition"])]:
        if k not in raw:
            probs.at(top, "", f"missing key '{k}'")
    if raw.get("format", FORMAT) != FORMAT:
        probs.at(top, ".format", f"must be '{FORMAT}'")
    if "edition" in raw and raw["edition"] not in _EDITIONS:
        probs.at(top, ".edition", f"must be one of {', '.join(_EDITIONS)}")
    doc.name, doc.edition = str(raw.get("name", "")), str(raw.get("edition", ""))
    doc.overlay = overlay
    doc.extends = raw["extends"] if overlay and isinstance(raw["extends"], str) else None
    for sec in SECTIONS:
        if sec not in raw:
            if not overlay:
                probs.append(f"{file}: {sec}: missing section")
            continue
        val = raw[sec]
        if sec in SINGLE_SECTIONS:
            if isinstance(val, dict):
                doc.single[sec] = _At(val, file, sec)
            else:
                probs.append(f"{file}: {sec}: must be an object")
        elif sec in MAP_SECTIONS:
            if not isinstance(val, dict):
                probs.append(f"{file}: {sec}: must be an object keyed by id")
                continue
            doc.keyed[sec] = {}
            for key, v in val.items():
                at = _At(v if isinstance(v, dict) else {}, file, f"{sec}.{key}")
                if not isinstance(v, dict):
                    probs.at(at, "", "must be an object")
                    continue
                doc.keyed[sec][key] = at
        else:
            _locate_list(doc, sec, val, overlay, probs)
    return doc


def _locate_list(doc: _Doc, sec: str, val: Any, overlay: bool, probs: _Problems) -> None:
    if not isinstance(val, list):
        probs.append(f"{doc.file}: {sec}: must be a list")
        return
    entries: dict[str, _At] = {}
    for i, v in enumerate(val):
        at = _At(v if isinstance(v, dict) else {}, doc.file, f"{sec}[{i}]")
        if not isinstance(v, dict):
            probs.at(at, "", "must be an object")
            continue
        if sec == "adjacency":
            b = v.get("between")
            if not (isinstance(b, list) and STRS.ok(b) and len(b) == 2):
                probs.at(at, ".between", "must be a list of two area ids")
                continue
            key, id_field = _edge_key(b), "between"
        else:
            if not _is_str(v.get("id")):
                probs.at(at, ".id", "missing or not a non-empty string")
                continue
            key, id_field = v["id"], "id"
        if key in entries:
            probs.at(at, "", f"duplicate {'edge' if sec == 'adjacency' else 'id'} '{key}' "
                             f"(also at {entries[key].path})")
            continue
        if "remove" in v:
            if not overlay or v["remove"] is not True or set(v) != {id_field, "remove"}:
                probs.at(at, "", f"a removal must be {{\"{id_field}\": ..., \"remove\": true}} inside an overlay")
            else:
                doc.removals.append((sec, key, at))
            continue
        entries[key] = at
    doc.keyed[sec] = entries


def _merge(base: _Doc, over: _Doc, probs: _Problems) -> _Doc:
    out = _Doc(over.file, over.name, over.edition or base.edition, True, over.extends)
    if over.edition and over.edition != base.edition:
        probs.append(f"{over.file}: $.edition: '{over.edition}' does not match the base set's '{base.edition}'")
    out.single = {**base.single, **over.single}
    for sec in (*LIST_SECTIONS, *MAP_SECTIONS):
        merged = dict(base.keyed.get(sec, {}))
        merged.update(over.keyed.get(sec, {}))
        out.keyed[sec] = merged
    for sec, key, at in over.removals:
        if key in over.keyed.get(sec, {}):
            probs.at(at, "", f"'{key}' is both removed and given in this overlay")
        elif key not in out.keyed[sec]:
            probs.at(at, "", f"cannot remove '{key}': not in {base.name}")
        else:
            del out.keyed[sec][key]
    return out


# ---------------------------------------------------------------------------------------- validation
_KIND_NAMES = ("territory", "sea", "polis", "market", "good", "player")


class _Validator:
    """Checks a merged document; fills ``probs``. Reference sets are None when their section is broken."""

    def __init__(self, doc: _Doc, probs: _Problems) -> None:
        self.doc, self.probs = doc, probs
        self.known: dict[str, set[str] | None] = {k: None for k in _KIND_NAMES}
        self.known["player"] = set(PLAYERS)
        self.market_goods: list[str] | None = None
        self.round_labels: set[str] | None = None
        self.stacking1: int | None = None
        self.offers: set[str] | None = None
        self.constants: dict[str, Any] = {}
        self.polis_max: dict[str, int] = {}

    # helpers -------------------------------------------------------------------------------------
    def section(self, sec: str, msg: str) -> None:
        self.probs.append(f"{self.doc.file}: {sec}: {msg}")

    def ref(self, at: _At, sub: str, kind: str, value: Any) -> bool:
        """True if ``value`` is a known id of ``kind`` (or that kind's ids are unknown); else report it."""
        known = self.known[kind]
        if not isinstance(value, str):
            self.probs.at(at, sub, f"must be a {kind} id (got {json.dumps(value)})")
            return False
        if known is None or value in known:
            return True
        self.unknown(at, sub, kind, value)
        return False

    def unknown(self, at: _At, sub: str, kind: str, value: Any) -> None:
        other = [k for k in _KIND_NAMES if k != kind and value in (self.known[k] or ())]
        hint = f" ('{value}' is a {other[0]} id)" if other else ""
        self.probs.at(at, sub, f"unknown {kind} '{value}'{hint}")

    def keyed(self, sec: str) -> dict[str, _At] | None:
        """Entries of a list/map section, or None when the section is absent (already reported)."""
        return self.doc.keyed.get(sec)

    def entity(self, sec: str, at: _At, extra_fields: tuple[str, ...] = ()) -> bool:
        req, opt = ENTITY[sec]
        schema = ({**req, **_PROV_REQ}, {**opt, **_PROV_OPT, "field_provenance": OBJ})
        ok = _check_keys(self.probs, at, "", at.value, schema)
        self.provenance(at, "", at.value)
        fp = at.value.get("field_provenance")
        if isinstance(fp, dict):
            allowed = {*req, *opt, *extra_fields} - {"id"}
            for f, p in fp.items():
                sub = f".field_provenance.{f}"
                if f not in allowed:
                    self.probs.at(at, sub, f"unknown field '{f}'")
                elif not isinstance(p, dict):
                    self.probs.at(at, sub, "must be an object")
                elif _check_keys(self.probs, at, sub, p, (dict(_PROV_REQ), dict(_PROV_OPT))):
                    self.provenance(at, sub, p)
        return ok

    def provenance(self, at: _At, sub: str, obj: dict[str, Any]) -> None:
        kind = obj.get("provenance")
        if _is_str(kind) and kind not in PROVENANCES:
            self.probs.at(at, f"{sub}.provenance", f"'{kind}' is not one of {', '.join(PROVENANCES)}")
        if kind == "reconstructed" and not _is_str(obj.get("basis")):
            self.probs.at(at, sub, "a reconstructed value needs a one-line 'basis'")

    def rows(self, at: _At, key: str, schema: str) -> list[tuple[str, dict[str, Any]]]:
        """Rows of ``at.value[key]`` that pass the row schema, with their sub-paths."""
        out: list[tuple[str, dict[str, Any]]] = []
        if not OBJS.ok(at.value.get(key)):
            return out  # reported by the entity check
        for i, r in enumerate(at.value[key]):
            sub = f".{key}[{i}]"
            if _check_keys(self.probs, at, sub, r, ROW[schema]):
                out.append((sub, r))
        return out

    def positive(self, at: _At, sub: str, v: int, minimum: int = 1) -> None:
        if v < minimum:
            self.probs.at(at, sub, f"must be at least {minimum} (got {v})")

    def exact_keys(self, at: _At, sub: str, got: Any, want: list[str], what: str) -> None:
        missing = [k for k in want if k not in got]
        extra = [k for k in got if k not in want]
        if missing:
            self.probs.at(at, sub, f"missing {what}: {', '.join(map(str, missing))}")
        for k in extra:
            self.probs.at(at, f"{sub}.{k}", f"unknown {what[:-1] if what.endswith('s') else what} '{k}'")

    # sections ------------------------------------------------------------------------------------
    def run(self) -> None:
        for step in (self.constants_, self.rounds, self.areas, self.poleis, self.markets, self.adjacency,
                     self.diolkos, self.trade_ports, self.offers_, self.tribute, self.market_table,
                     self.projects, self.events, self.combat_cards, self.setup):
            step()

    def single(self, sec: str) -> _At | None:
        at = self.doc.single.get(sec)
        if at is not None and self.entity(sec, at, ("pairing",) if sec == "combat_cards" else ()):
            return at
        return None

    def constants_(self) -> None:
        at = self.single("constants")
        if at is None:
            return
        c = at.value
        goods = c["goods"]
        if len(set(goods)) != len(goods) or not goods:
            self.probs.at(at, ".goods", "must be a non-empty list of distinct good ids")
        self.known["good"] = set(goods)
        for k in ("market_goods", "perishable"):
            for i, g in enumerate(c[k]):
                self.ref(at, f".{k}[{i}]", "good", g)
        self.market_goods = list(c["market_goods"])
        self.positive(at, ".cubes_per_player", c["cubes_per_player"])
        self.positive(at, ".ships_per_player", c["ships_per_player"], 0)
        self.positive(at, ".battle_threshold", c["battle_threshold"], 2)
        self.constants = c

    def rounds(self) -> None:
        at = self.single("rounds")
        if at is None:
            return
        rows = self.rows(at, "rows", "rounds")
        if not at.value["rows"]:
            self.probs.at(at, ".rows", "needs at least one round")
        labels = [r["label"] for _, r in rows]
        for sub, r in rows:
            if labels.count(r["label"]) > 1:
                self.probs.at(at, f"{sub}.label", f"duplicate round label '{r['label']}'")
            self.positive(at, f"{sub}.stacking", r["stacking"])
            if r["max_load"] not in LOADS:
                self.probs.at(at, f"{sub}.max_load", f"must be one of 3, 4, 5 (got {r['max_load']})")
        if len(rows) == len(at.value["rows"]) and rows:
            self.round_labels, self.stacking1 = set(labels), rows[0][1]["stacking"]

    def areas(self) -> None:
        areas = self.keyed("areas")
        if areas is None:
            return
        kinds: dict[str, str] = {}
        homes: Counter[str] = Counter()
        seen_sea = False
        for key, at in areas.items():
            if not self.entity("areas", at):
                continue
            a = at.value
            if a["kind"] not in ("land", "sea"):
                self.probs.at(at, ".kind", f"must be 'land' or 'sea' (got '{a['kind']}')")
                continue
            kinds[key] = a["kind"]
            if a["kind"] == "sea":
                seen_sea = True
            elif seen_sea:
                self.probs.at(at, ".kind", "territories must come before seas")
            if a["home_of"] is not None:
                if a["home_of"] not in PLAYERS:
                    self.probs.at(at, ".home_of", f"unknown player '{a['home_of']}'")
                elif a["kind"] != "land":
                    self.probs.at(at, ".home_of", "a home region must be a territory")
                homes[a["home_of"]] += 1
        if len(kinds) == len(areas):
            self.known["territory"] = {k for k, v in kinds.items() if v == "land"}
            self.known["sea"] = {k for k, v in kinds.items() if v == "sea"}
            for kind, name in (("land", "territories"), ("sea", "seas")):
                n = sum(1 for v in kinds.values() if v == kind)
                if n != COUNTS[kind]:
                    self.section("areas", f"expected {COUNTS[kind]} {name}, found {n}")
            for p in PLAYERS:
                if homes[p] != 1:
                    self.section("areas", f"player '{p}' needs exactly one home region (found {homes[p]})")

    def poleis(self) -> None:
        poleis = self.keyed("poleis")
        if poleis is None:
            return
        good = 0
        capitals: Counter[str] = Counter()
        homes = {at.value["home_of"]: k for k, at in (self.keyed("areas") or {}).items()
                 if isinstance(at.value.get("home_of"), str)}
        for key, at in poleis.items():
            if not self.entity("poleis", at):
                continue
            good += 1
            p = at.value
            self.polis_max[key] = p["max_pop"]
            if p["territory"] is not None:
                self.ref(at, ".territory", "territory", p["territory"])
            for i, s in enumerate(p["ports"]):
                self.ref(at, f".ports[{i}]", "sea", s)
            for f in ("capital_of", "trade_city_of"):
                if p[f] is not None and p[f] not in PLAYERS:
                    self.probs.at(at, f".{f}", f"unknown player '{p[f]}'")
            if p["capital_of"] in PLAYERS:
                capitals[p["capital_of"]] += 1
                home = homes.get(p["capital_of"])
                if home is not None and p["territory"] != home:
                    self.probs.at(at, ".territory", f"a capital must lie in its side's home region '{home}'")
            for i, t in enumerate(p["project_types"]):
                if t not in PROJECT_TYPES:
                    self.probs.at(at, f".project_types[{i}]", f"unknown project type '{t}'")
            self.positive(at, ".base", p["base"])
            self.positive(at, ".growth", p["growth"])
            if p["base"] > p["max_pop"]:
                self.probs.at(at, ".base", f"base {p['base']} exceeds max_pop {p['max_pop']}")
        if len(poleis) != COUNTS["poleis"]:
            self.section("poleis", f"expected {COUNTS['poleis']} poleis, found {len(poleis)}")
        if good == len(poleis):
            self.known["polis"] = set(poleis)
            for pl in PLAYERS:
                if capitals[pl] != 1:
                    self.section("poleis", f"player '{pl}' needs exactly one capital (found {capitals[pl]})")

    def markets(self) -> None:
        markets = self.keyed("markets")
        if markets is None:
            return
        good = 0
        for key, at in markets.items():
            if not self.entity("markets", at):
                continue
            good += 1
            m = at.value
            if not m["seas"] and m["land_route_from"] is None:
                self.probs.at(at, ".seas", "a market needs a sea or a land route")
            for i, s in enumerate(m["seas"]):
                self.ref(at, f".seas[{i}]", "sea", s)
            if m["land_route_from"] is not None:
                self.ref(at, ".land_route_from", "polis", m["land_route_from"])
        if len(markets) != COUNTS["markets"]:
            self.section("markets", f"expected {COUNTS['markets']} markets, found {len(markets)}")
        if good == len(markets):
            self.known["market"] = set(markets)

    def adjacency(self) -> None:
        land, sea = self.known["territory"], self.known["sea"]
        for key, at in (self.keyed("adjacency") or {}).items():
            if not self.entity("adjacency", at):
                continue
            e = at.value
            a, b = e["between"]
            if a == b:
                self.probs.at(at, ".between", f"an edge needs two different areas (got '{a}' twice)")
                continue
            want = {"land": ("territory", "territory"), "sea": ("sea", "sea"), "coast": ("territory", "sea")}
            if e["kind"] not in want:
                self.probs.at(at, ".kind", f"must be 'land', 'coast' or 'sea' (got '{e['kind']}')")
                continue
            if land is None or sea is None:
                continue
            kinds = ["territory" if x in land else "sea" if x in sea else None for x in (a, b)]
            for i, x in enumerate((a, b)):
                if kinds[i] is None:
                    other = kinds[1 - i]
                    expect = want[e["kind"]][0] if e["kind"] != "coast" else (
                        "area" if other is None else "sea" if other == "territory" else "territory")
                    self.unknown(at, f".between[{i}]", expect, x)
            if None not in kinds and sorted(str(k) for k in kinds) != sorted(want[e["kind"]]):
                joins = {"land": "two territories", "sea": "two seas", "coast": "a territory and a sea"}
                self.probs.at(at, ".between", f"a {e['kind']} edge must join {joins[e['kind']]} "
                                              f"('{a}' is a {kinds[0]}, '{b}' is a {kinds[1]})")

    def diolkos(self) -> None:
        at = self.single("diolkos")
        if at is None:
            return
        self.ref(at, ".polis", "polis", at.value["polis"])
        seas = at.value["seas"]
        if len(seas) != 2 or len(set(seas)) != 2:
            self.probs.at(at, ".seas", "must name two different seas")
        for i, s in enumerate(seas):
            self.ref(at, f".seas[{i}]", "sea", s)

    def trade_ports(self) -> None:
        at = self.single("trade_ports")
        if at is None:
            return
        ports = at.value["ports"]
        self.exact_keys(at, ".ports", ports, list(PLAYERS), "players")
        for p, seas in ports.items():
            if not seas:
                self.probs.at(at, f".ports.{p}", "needs at least one sea")
            for i, s in enumerate(seas):
                self.ref(at, f".ports.{p}[{i}]", "sea", s)

    def offers_(self) -> None:
        offers = self.keyed("offers")
        if offers is None:
            return
        ids: set[str] = set()
        for key, at in offers.items():
            if not self.ref(at, "", "market", key) or not self.entity("offers", at):
                continue
            if not at.value["rows"]:
                self.probs.at(at, ".rows", "a market needs at least one offer")
            for n, (sub, r) in enumerate(self.rows(at, "rows", "offers")):
                ids.add(f"{key}.{n}")
                if r["load"] not in LOADS:
                    self.probs.at(at, f"{sub}.load", f"must be one of 3, 4, 5 (got {r['load']})")
                if r["receive"] not in RECEIVED:
                    self.probs.at(at, f"{sub}.receive", f"must be 'wheat' or 'silver' (got '{r['receive']}')")
                d = r["demand"]
                if not d or len(set(d)) != len(d):
                    self.probs.at(at, f"{sub}.demand", "must list one or more distinct goods")
                elif self.doc.edition == "ed1" and len(d) != 1:
                    self.probs.at(at, f"{sub}.demand", "an Ed1 offer demands exactly one good")
                for i, g in enumerate(d):
                    if self.market_goods is not None and g not in self.market_goods:
                        self.probs.at(at, f"{sub}.demand[{i}]", f"'{g}' is not a market good")
        for m in sorted(self.known["market"] or ()):
            if m not in offers:
                self.section("offers", f"no offers for market '{m}'")
        self.offers = ids

    def tribute(self) -> None:
        tribute = self.keyed("tribute")
        if tribute is None:
            return
        for key, at in tribute.items():
            if not self.ref(at, "", "territory", key):
                continue
            rows = self.rows(at, "rows", "tribute")
            goods_here = [r["good"] for _, r in rows]
            if not self.entity("tribute", at, tuple(goods_here)):
                continue
            if not at.value["rows"]:
                self.probs.at(at, ".rows", "a territory needs at least one tribute row")
            for sub, r in rows:
                self.ref(at, f"{sub}.good", "good", r["good"])
                if goods_here.count(r["good"]) > 1:
                    self.probs.at(at, f"{sub}.good", f"good '{r['good']}' has more than one row")
                am = r["amounts"]
                if not am or len(am) > MAX_TRIBUTE_ROW:
                    self.probs.at(at, f"{sub}.amounts", f"must hold 1 to {MAX_TRIBUTE_ROW} amounts (got {len(am)})")
                if any(x < 1 for x in am):
                    self.probs.at(at, f"{sub}.amounts", "amounts must be positive")
                if any(x > y for x, y in zip(am, am[1:])):
                    self.probs.at(at, f"{sub}.amounts", f"amounts must not decrease (got {am})")
        for t in sorted(self.known["territory"] or ()):
            if t not in tribute:
                self.section("tribute", f"no tribute rows for territory '{t}'")

    def market_table(self) -> None:
        at = self.single("market_table")
        length = None
        if at is not None:
            rows = at.value["rows"]
            self.exact_keys(at, ".rows", rows, [str(n) for n in LOADS], "loads")
            lengths = {len(v) for v in rows.values()}
            if len(lengths) > 1:
                self.probs.at(at, ".rows", f"rows for loads 3, 4, 5 must have equal length (got {sorted(lengths)})")
            for k, v in rows.items():
                if not v or any(x < 1 for x in v):
                    self.probs.at(at, f".rows.{k}", "must be a non-empty list of positive amounts")
                elif any(x > y for x, y in zip(v, v[1:])):
                    self.probs.at(at, f".rows.{k}", "amounts must not decrease to the right")
            if len(lengths) == 1:
                length = lengths.pop()
        at = self.single("market_start")
        if at is None:
            return
        pos = at.value["positions"]
        if self.market_goods is not None:
            self.exact_keys(at, ".positions", pos, self.market_goods, "market goods")
        for g, p in pos.items():
            if length is not None and not 0 <= p < length:
                self.probs.at(at, f".positions.{g}", f"position {p} is off the track (0..{length - 1})")

    def projects(self) -> None:
        projects = self.keyed("projects")
        if projects is None:
            return
        types: Counter[str] = Counter()
        for key, at in projects.items():
            if not self.entity("projects", at):
                continue
            p = at.value
            types[p["type"]] += 1
            if p["type"] not in PROJECT_TYPES:
                self.probs.at(at, ".type", f"unknown project type '{p['type']}'")
            if not p["cost"]:
                self.probs.at(at, ".cost", "a project needs a cost")
            for g, n in p["cost"].items():
                self.ref(at, f".cost.{g}", "good", g)
                self.positive(at, f".cost.{g}", n)
            self.positive(at, ".prestige", p["prestige"], 0)
            self.positive(at, ".end_prestige", p["end_prestige"], 0)
            rule = p.get("prestige_rule")
            if rule is not None and rule not in PRESTIGE_RULES:
                self.probs.at(at, ".prestige_rule", f"unknown prestige rule '{rule}'")
        if len(projects) != COUNTS["projects"]:
            self.section("projects", f"expected {COUNTS['projects']} projects, found {len(projects)}")
        elif self.doc.edition == "ed1" and sum(types.values()) == len(projects) and types != ED1_PROJECT_TYPES:
            self.section("projects", f"Ed1 has {ED1_PROJECT_TYPES} project types, found {dict(types)}")

    def events(self) -> None:
        for key, at in (self.keyed("events") or {}).items():
            if not self.entity("events", at):
                continue
            e = at.value
            if self.round_labels is not None and e["deck"] not in self.round_labels:
                self.probs.at(at, ".deck", f"unknown round label '{e['deck']}'")
            self.positive(at, ".copies", e["copies"])
            for i, eff in enumerate(e["effects"]):
                sub = f".effects[{i}]"
                if _check_keys(self.probs, at, sub, eff, ROW["effect"]):
                    self.effect(at, sub, eff)

    def effect(self, at: _At, sub: str, eff: dict[str, Any]) -> None:
        op, args = eff["op"], eff["args"]
        if eff["player"] not in EFFECT_PLAYERS:
            self.probs.at(at, f"{sub}.player", f"must be one of {', '.join(EFFECT_PLAYERS)}")
        if eff.get("when", "now") not in EFFECT_WHEN:
            self.probs.at(at, f"{sub}.when", f"must be one of {', '.join(EFFECT_WHEN)}")
        sig = {"gain": ("good or 'prestige'", "amount"), "lose": ("good or 'prestige'", "amount"),
               "place": ("unit", "area"), "remove-own-unit": ("count",), "close-market": ("market",),
               "start-player": ("side",), "close-offer": ("offer id",)}
        if op not in sig:
            self.probs.at(at, f"{sub}.op", f"unknown effect op '{op}' (vocabulary: {', '.join(EFFECT_OPS)})")
            return
        if len(args) != len(sig[op]):
            self.probs.at(at, f"{sub}.args", f"'{op}' takes {len(sig[op])} argument(s) ({', '.join(sig[op])}), "
                                             f"got {len(args)}")
            return
        a0 = args[0]
        asub = f"{sub}.args"
        if op in ("gain", "lose"):
            if a0 != "prestige":
                self.ref(at, f"{asub}[0]", "good", a0)
            if not _is_int(args[1]) or args[1] < 1:
                self.probs.at(at, f"{asub}[1]", "amount must be a positive integer")
        elif op == "place":
            if a0 not in ("hoplite", "galley"):
                self.probs.at(at, f"{asub}[0]", f"unit must be 'hoplite' or 'galley' (got {a0!r})")
            else:
                self.ref(at, f"{asub}[1]", "territory" if a0 == "hoplite" else "sea", args[1])
        elif op == "remove-own-unit":
            if not _is_int(a0) or a0 < 1:
                self.probs.at(at, f"{asub}[0]", "count must be a positive integer")
        elif op == "close-market":
            self.ref(at, f"{asub}[0]", "market", a0)
        elif op == "start-player":
            if a0 not in PLAYERS:
                self.probs.at(at, f"{asub}[0]", f"unknown player {a0!r}")
        elif self.offers is not None and (not isinstance(a0, str) or a0 not in self.offers):
            self.probs.at(at, f"{asub}[0]", f"unknown offer id {a0!r}")

    def combat_cards(self) -> None:
        at = self.single("combat_cards")
        if at is None:
            return
        total = 0
        found: dict[str, Counter[tuple[str, str, int]]] = {"land": Counter(), "sea": Counter()}
        for sub, r in self.rows(at, "rows", "combat_cards"):
            self.positive(at, f"{sub}.count", r["count"])
            total += r["count"]
            for s in ("land", "sea"):
                side = r[s]
                if _check_keys(self.probs, at, f"{sub}.{s}", side, ROW["side"]):
                    if side["value"] not in CARD_VALUES:
                        self.probs.at(at, f"{sub}.{s}.value", f"must be one of 2, 1, 0, -1 (got {side['value']})")
                    found[s][(side["formation"], side["manoeuvre"], side["value"])] += r["count"]
        if total != COUNTS["combat cards"]:
            self.probs.at(at, ".rows", f"expected {COUNTS['combat cards']} combat cards, found {total}")
        for s, want in COMBAT_DISTRIBUTION.items():
            for k in sorted(set(want) | set(found[s])):
                if want.get(k, 0) != found[s].get(k, 0):
                    self.probs.at(at, ".rows", f"{s} side {'/'.join(map(str, k))}: the stated distribution has "
                                               f"{want.get(k, 0)} card(s), found {found[s].get(k, 0)}")

    def setup(self) -> None:
        setup = self.keyed("setup")
        if setup is None:
            return
        owners: dict[str, str] = {}
        cubes_max = self.constants.get("cubes_per_player")
        ships_max = self.constants.get("ships_per_player")
        for key, at in setup.items():
            if key not in PLAYERS:
                self.probs.at(at, "", f"unknown player '{key}'")
                continue
            if not self.entity("setup", at):
                continue
            s = at.value
            for pol, n in s["poleis"].items():
                sub = f".poleis.{pol}"
                if self.ref(at, sub, "polis", pol):
                    if pol in owners:
                        self.probs.at(at, sub, f"polis '{pol}' is also owned by '{owners[pol]}'")
                    owners[pol] = key
                    mx = self.polis_max.get(pol)
                    if n < 1 or (mx is not None and n > mx):
                        self.probs.at(at, sub, f"cubes must be 1..max_pop ({mx}), got {n}")
            for unit, kind in (("hoplites", "territory"), ("galleys", "sea")):
                for area, n in s[unit].items():
                    sub = f".{unit}.{area}"
                    self.ref(at, sub, kind, area)
                    self.positive(at, sub, n, 0)
                    if self.stacking1 is not None and n > self.stacking1:
                        self.probs.at(at, sub, f"{n} {unit} exceed the round-1 stacking limit {self.stacking1}")
            if self.ref(at, ".proxenos", "polis", s["proxenos"]) and s["proxenos"] not in s["poleis"]:
                self.probs.at(at, ".proxenos", "the proxenos must start in one of the side's own poleis")
            if self.known["good"] is not None:
                self.exact_keys(at, ".goods", s["goods"], self.constants["goods"], "goods")
            for g, n in s["goods"].items():
                self.positive(at, f".goods.{g}", n, 0)
            self.positive(at, ".prestige", s["prestige"], 0)
            if ships_max is not None and not 0 <= s["ships_in_port"] <= ships_max:
                self.probs.at(at, ".ships_in_port", f"must be 0..{ships_max} (got {s['ships_in_port']})")
            cubes = sum(s["poleis"].values()) + sum(s["hoplites"].values()) + sum(s["galleys"].values())
            if cubes_max is not None and cubes > cubes_max:
                self.probs.at(at, "", f"{cubes} cubes placed, more than cubes_per_player {cubes_max}")
        for pl in PLAYERS:
            if pl not in setup:
                self.section("setup", f"no setup for player '{pl}'")


# ------------------------------------------------------------------------------------------ building
def _prov(obj: Mapping[str, Any]) -> Provenance:
    return Provenance(obj["provenance"], obj["source"], obj.get("basis", ""))


def _record(out: dict[str, Provenance], key: str, obj: Mapping[str, Any]) -> None:
    out[key] = _prov(obj)
    for f, p in obj.get("field_provenance", {}).items():
        out[f"{key}.{f}"] = _prov(p)


def _build(doc: _Doc) -> Components:
    k, s = doc.keyed, doc.single
    prov: dict[str, Provenance] = {}
    c = s["constants"].value
    for f in ENTITY["constants"][0]:
        fp = c.get("field_provenance", {}).get(f)
        prov[f] = _prov(fp or c)
    for sec in ("rounds", "diolkos", "trade_ports", "market_table", "market_start", "combat_cards"):
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
        events.append(EventCard(e["id"], e["name"], e["deck"], e["copies"], effects))
        _record(prov, f"events.{e['id']}", e)
    cards: list[CombatCard] = []
    for r in s["combat_cards"].value["rows"]:
        land, sea = (CardSide(r[x]["formation"], r[x]["manoeuvre"], r[x]["value"]) for x in ("land", "sea"))
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
        provenance=MappingProxyType(prov))


# -------------------------------------------------------------------------------------------- public
def _packaged_text(name: str) -> str:
    return resources.files(__package__).joinpath(PACKAGED[name]).read_text(encoding="utf-8")


def _packaged_label(name: str) -> str:
    return f"polis_nb/data/{PACKAGED[name]}"


def _load_text(text: str, file: str) -> Components:
    raw = _parse(text, file)
    if not isinstance(raw, dict):
        raise ComponentError(file, [f"{file}: $: a component file must be a JSON object"])
    probs = _Problems()
    doc = _locate(raw, file, probs)
    if doc.extends is not None:
        if doc.extends not in PACKAGED:
            probs.append(f"{file}: $.extends: unknown base set '{doc.extends}' (known: {', '.join(PACKAGED)})")
        else:
            label = _packaged_label(doc.extends)
            base_raw = _parse(_packaged_text(doc.extends), label)
            base = _locate(base_raw, label, probs)
            if base.overlay:
                probs.append(f"{label}: $.extends: a packaged base set must be complete")
            doc = _merge(base, doc, probs)
    _Validator(doc, probs).run()
    if probs:
        raise ComponentError(file, probs)
    return _build(doc)


def load_components(path: str | os.PathLike[str]) -> Components:
    """Read, merge (for overlays) and validate a component file; raise :class:`ComponentError` if bad."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise ComponentError(file, [f"{file}: not UTF-8 text ({e.reason})"]) from None
    return _load_text(text, file)


def default_components(edition: str = "ed1") -> Components:
    """The packaged default component set of an edition (cached; the result is read-only)."""
    return _default_components(edition)


@lru_cache(maxsize=None)
def _default_components(edition: str) -> Components:
    if edition not in _DEFAULT_SET:
        raise ValueError(f"no packaged component set for edition {edition!r} (have: {', '.join(_DEFAULT_SET)})")
    name = _DEFAULT_SET[edition]
    return _load_text(_packaged_text(name), _packaged_label(name))
