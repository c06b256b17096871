"""Validation of component files: the schema, locating entries by id, and the checks of a merged set.

Internal to :mod:`polis_nb.data.loader`, whose docstring describes the file format.
:func:`locate` and :func:`validate` collect every problem as ``"<file>: <json path>: <what is wrong>"``
in a :class:`Problems` list instead of raising; the loader refuses a file with any.
"""
from __future__ import annotations

import json
import re
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Callable

from .safeio import number_words
from .types import DEFAULT_TERMS, PLAYERS, PROVENANCES, default_name

__all__ = [
    "EDITION_FACTS",
    "ENTITY",
    "FORMAT",
    "LIST_SECTIONS",
    "MAP_SECTIONS",
    "SINGLE_SECTIONS",
    "At",
    "Doc",
    "Problems",
    "locate",
    "validate",
]

FORMAT = "polis_nb.components/1"
_EDITIONS = ("ed1", "ed2")

PROJECT_TYPES = ("philosopher", "artist", "temple", "theatre", "statue", "festival", "games")
PRESTIGE_RULES = ("half-capital-pop-up",)
EFFECT_ARGS = {  # op -> names of its arguments (for messages); types.Effect documents each op
    "gain": ("good or 'prestige'", "amount"), "lose": ("good or 'prestige'", "amount"),
    "place": ("unit", "area"), "remove-own-unit": ("count",), "close-market": ("market",),
    "start-player": ("side",), "close-offer": ("offer id",),
    "cede-polis": ("population",), "send-abroad": ("unit", "market", "required", "prestige each"),
    "return-abroad": ("share",), "sell-prestige": ("silver each",),
    "blockade-penalty": ("market", "market", "prestige", "galleys", "sea", "sea"),
    "double-battle-prestige": (), "hire-units": ("silver each",), "quell-pacifists": ("prestige each",),
    "battle-threshold": ("units",), "landing": ("territory", "losses"), "tribute-cap": ("territory", "hoplites"),
    "replay-tied-exchanges": (),
}
EFFECT_OPS = tuple(EFFECT_ARGS)
EFFECT_PLAYERS = (*PLAYERS, "both")
EFFECT_WHEN = ("now", "end-of-turn", "end-of-round")
# ops that may act only at one moment (the others may act at any of EFFECT_WHEN)
EFFECT_ONLY_WHEN = {
    "remove-own-unit": "now", "cede-polis": "now", "send-abroad": "now", "sell-prestige": "now",
    "return-abroad": "end-of-round", "blockade-penalty": "end-of-turn", "double-battle-prestige": "now",
    "hire-units": "now", "quell-pacifists": "now", "battle-threshold": "now", "landing": "now",
    "tribute-cap": "now", "replay-tied-exchanges": "now",
}
# integer arguments: op -> {argument position: smallest allowed value}
EFFECT_INTS = {
    "remove-own-unit": {0: 1}, "cede-polis": {0: 1}, "send-abroad": {2: 0, 3: 0}, "sell-prestige": {0: 1},
    "blockade-penalty": {2: 1, 3: 0}, "hire-units": {0: 1}, "quell-pacifists": {0: 1},
    "battle-threshold": {0: 2}, "landing": {1: 1}, "tribute-cap": {1: 1},
}
RETURN_SHARES = ("all", "half-up")
# ids travel in the game notation (``poleis=athenai:A5``, ``rows wine:3,oil:2``, ``event holy-war``,
# offer ids ``persis.1``, provenance keys ``projects.zeus.cost``): letters, digits, '-' and '_' only
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
# strings no component file may hold: lone surrogates, control characters but tab and line ends, non-characters
_BAD_TEXT = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
MAX_TEXT_PROBLEMS = 20
#: Whole numbers in a component file lie within ±999: a position holds prestige and goods up to 999
#: (``polis_nb.rules.statefields.TRACK_MAX``, which a test keeps equal), and no count of the game
#: comes near it.
MAX_NUMBER = 999
MAX_MESSAGE = 500
LOADS = (3, 4, 5)
RECEIVED = ("wheat", "silver")
MAX_TRIBUTE_ROW = 5
CARD_VALUES = (2, 1, 0, -1)
COUNTS = {"land": 12, "sea": 5, "poleis": 18, "markets": 5, "projects": 14, "combat cards": 24}
ED1_PROJECT_TYPES = {"philosopher": 3, "artist": 1, "temple": 2, "theatre": 2, "statue": 2, "festival": 2, "games": 2}
ED2_PROJECT_TYPES = {"philosopher": 2, "artist": 2, "temple": 2, "theatre": 2, "statue": 2, "festival": 2, "games": 2}


@dataclass(frozen=True)
class EditionFacts:
    """What a complete set of one edition must show (checked on the merged set)."""

    rounds: int  # number of rounds
    single_demand: bool  # every offer demands exactly one good
    project_types: dict[str, int]  # project type -> tiles
    prestige_rules: tuple[str, ...]  # prestige rules a project may carry
    covers: int | None  # black cubes that cover 4- and 5-load offers (market_covers), None = no covers


EDITION_FACTS = {
    # Ed1 · Spielablauf (4 rounds); Aktionen › i. Handel treiben (one good per offer); d. Neues Projekt beginnen
    "ed1": EditionFacts(4, True, ED1_PROJECT_TYPES, PRESTIGE_RULES, None),
    # Ed2 · Jak przebiega gra (3 rounds); 9. Handel (alternatives); 4. Opracowanie projektu; Komponenty (11 black
    # cubes, 3 of them market markers: 8 covers)
    "ed2": EditionFacts(3, False, ED2_PROJECT_TYPES, (), 8),
}
COMBAT_DISTRIBUTION = {  # stated for Ed2 (S3 tables), derived for Ed1; (formation, manoeuvre, value) -> count
    "land": {("phalanx", "othismos", 2): 3, ("phalanx", "advance", 1): 5, ("cavalry", "advance", 1): 4,
             ("cavalry", "hold", 0): 2, ("archers", "advance", 1): 3, ("archers", "shoot", 0): 2,
             ("peltasts", "hold", 0): 3, ("mercenaries", "hold", 0): 1, ("salpinx", "ambush", -1): 1},
    "sea": {("elite-trireme", "diekplous", 2): 3, ("elite-trireme", "periplous", 1): 5,
            ("trireme", "periplous", 1): 4, ("trireme", "kyklos", 0): 2, ("bireme", "periplous", 1): 3,
            ("bireme", "kyklos", 0): 2, ("triacontor", "kyklos", 0): 3, ("mercenaries", "kyklos", 0): 1,
            ("salpinx", "ambush", -1): 1},
}


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
OPT_INT = _T("an integer or null", lambda v: v is None or _is_int(v))
BOOL = _T("true or false", lambda v: isinstance(v, bool))
OBJ = _T("an object", lambda v: isinstance(v, dict))
LIST = _T("a list", lambda v: isinstance(v, list))
STRS = _T("a list of strings", lambda v: isinstance(v, list) and all(_is_str(x) for x in v))
OBJS = _T("a list of objects", lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v))
INT_MAP = _T("an object of integers", lambda v: isinstance(v, dict) and all(_is_int(x) for x in v.values()))
INTS_MAP = _T("an object of integer lists", lambda v: isinstance(v, dict) and all(
    isinstance(x, list) and all(_is_int(i) for i in x) for x in v.values()))
STR_MAP = _T("an object of non-empty strings", lambda v: isinstance(v, dict) and all(_is_str(x) for x in v.values()))
STRS_MAP = _T("an object of string lists", lambda v: isinstance(v, dict) and all(STRS.ok(x) for x in v.values()))
INTS = _T("a list of integers", lambda v: isinstance(v, list) and all(_is_int(x) for x in v))

Schema = tuple[dict[str, _T], dict[str, _T]]  # required, optional
_PROV_REQ = {"provenance": STR, "source": STR}
_PROV_OPT = {"basis": STR}

ENTITY: dict[str, Schema] = {
    "constants": ({"goods": STRS, "market_goods": STRS, "perishable": STRS, "cubes_per_player": INT,
                   "ships_per_player": INT, "battle_threshold": INT},
                  {"train_good": STR, "discs_per_player": OPT_INT, "market_covers": BOOL, "terms": STR_MAP}),
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
    "events": ({"id": STR, "name": STR, "deck": STR, "copies": INT, "effects": OBJS},
               {"effect_unknown": BOOL, "text": STR, "note": STR, "timing": STR}),
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
    "side": ({"formation": STR, "manoeuvre": STR, "value": INT}, {"formation_name": STR, "manoeuvre_name": STR}),
}
LIST_SECTIONS = ("areas", "adjacency", "poleis", "markets", "projects", "events")
MAP_SECTIONS = ("offers", "tribute", "setup")
SINGLE_SECTIONS = ("constants", "rounds", "diolkos", "trade_ports", "market_table", "market_start", "combat_cards")
SECTIONS = ("constants", "rounds", "areas", "adjacency", "diolkos", "poleis", "markets", "offers", "trade_ports",
            "tribute", "market_table", "market_start", "projects", "events", "combat_cards", "setup")
HEADER: Schema = ({"format": STR, "name": STR}, {"edition": STR, "extends": STR, "description": STR})


# ------------------------------------------------------------------------------------ located entries
@dataclass
class At:
    """One entity of a file, with where it came from (for messages)."""

    value: dict[str, Any]
    file: str
    path: str


@dataclass
class Doc:
    """The entities of one file, or of a base set merged with an overlay, located for messages."""

    file: str
    name: str = ""
    edition: str = ""
    overlay: bool = False
    extends: str | None = None  # base set name when ``overlay`` and the name is a string
    keyed: dict[str, dict[str, At]] = field(default_factory=dict)  # list and map sections, by id
    single: dict[str, At] = field(default_factory=dict)
    removals: list[tuple[str, str, At]] = field(default_factory=list)


def id_problem(ident: str) -> str | None:
    """Why ``ident`` cannot serve as a component id (the notation could not carry it), or None."""
    if ID_PATTERN.fullmatch(ident):
        return None
    if not ident:
        return "an id cannot be empty"
    if len(ident) > 64:
        return f"id '{ident[:20]}…' is longer than 64 characters"
    bad = next((c for c in ident if not (c.isascii() and (c.isalnum() or c in "-_"))), None)
    if bad is None:  # only the first character is wrong ('-' or '_')
        return f"id '{ident}' must begin with a letter or a digit"
    shown = "a space" if bad == " " else f"'{bad}'" if bad.isprintable() else f"U+{ord(bad):04X}"
    return (f"id {json.dumps(ident, ensure_ascii=False)} cannot be written in the game notation: {shown} is not "
            f"allowed (use letters A-Z, a-z, digits, '-' and '_')")


def text_problem(text: str) -> str | None:
    """Why ``text`` (any string of a component file) cannot be shown or saved, or None: a lone surrogate
    (no UTF-8 for it) or a control character other than tab and line ends (no SVG or XML may hold one)."""
    m = _BAD_TEXT.search(text)
    if m is None:
        return None
    c = m.group()
    if "\ud800" <= c <= "\udfff":
        return f"holds a lone surrogate (U+{ord(c):04X}) at character {m.start() + 1}, which cannot be saved as UTF-8"
    what = "non-character" if c in "\ufffe\uffff" else "control character"
    return f"holds the {what} U+{ord(c):04X} at character {m.start() + 1}, which a picture cannot show"


def _check_values(raw: dict[str, Any], file: str, probs: Problems) -> None:
    """Every string of the file, keys too, passes :func:`text_problem` and every whole number lies
    within ±:data:`MAX_NUMBER`; at most :data:`MAX_TEXT_PROBLEMS` are reported. Paths as in every
    message: ``$.name``, ``poleis[3].name``, ``offers.persis.rows[0]``."""
    found = 0
    todo: deque[tuple[str, Any]] = deque([("$", k) for k in raw])  # keys are reported at their object's path
    todo += [(f"$.{k}" if k in HEADER[0] or k in HEADER[1] else k, v) for k, v in raw.items()]
    while todo:
        path, v = todo.popleft()
        if isinstance(v, dict):
            todo += [(path, k) for k in v] + [(f"{path}.{k}", x) for k, x in v.items()]
        elif isinstance(v, list):
            todo += [(f"{path}[{i}]", x) for i, x in enumerate(v)]
        else:
            bad = text_problem(v) if isinstance(v, str) else number_problem(v) if _is_int(v) else None
            if bad is not None:
                found += 1
                if found <= MAX_TEXT_PROBLEMS:
                    probs.append(f"{file}: {path}: {bad}")
    if found > MAX_TEXT_PROBLEMS:
        probs.append(f"{file}: $: {found - MAX_TEXT_PROBLEMS} more such strings or numbers")


def number_problem(n: int) -> str | None:
    """Why the whole number ``n`` has no place in a component file (beyond every track), or None."""
    if -MAX_NUMBER <= n <= MAX_NUMBER:
        return None
    return f"{number_words(n)} is out of range: numbers in a component file lie within -{MAX_NUMBER}..{MAX_NUMBER}"


def _edge_key(between: list[str]) -> str:
    return "-".join(sorted(between))


class Problems(list[str]):
    """Messages ``"<file>: <json path>: <what is wrong>"``; each is cut to :data:`MAX_MESSAGE` characters
    and made printable (a lone surrogate quoted from the file is written as ``\\udXXX``)."""

    def append(self, msg: str) -> None:
        msg = msg.encode("utf-8", "backslashreplace").decode("utf-8")
        super().append(msg if len(msg) <= MAX_MESSAGE else msg[:MAX_MESSAGE] + "…")

    def at(self, at: At, sub: str, msg: str) -> None:
        self.append(f"{at.file}: {at.path}{sub}: {msg}")


def _object_entry(v: Any, file: str, path: str, probs: Problems) -> At | None:
    """``v`` located at ``path``, or None (reported) when it is not an object."""
    if isinstance(v, dict):
        return At(v, file, path)
    probs.at(At({}, file, path), "", "must be an object")
    return None


def _check_keys(probs: Problems, at: At, sub: str, obj: dict[str, Any], schema: Schema) -> bool:
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


def locate(raw: dict[str, Any], file: str, probs: Problems) -> Doc:
    """Check the header and the shape of every section of one parsed file; index its entries by id."""
    doc = Doc(file)
    top = At(raw, file, "$")
    overlay = "extends" in raw
    _check_values(raw, file, probs)
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
                doc.single[sec] = At(val, file, sec)
            else:
                probs.append(f"{file}: {sec}: must be an object")
        elif sec in MAP_SECTIONS:
            if not isinstance(val, dict):
                probs.append(f"{file}: {sec}: must be an object keyed by id")
                continue
            doc.keyed[sec] = {}
            for key, v in val.items():
                bad = id_problem(key)
                if bad is not None:  # a market, territory or player id: the notation must carry it
                    probs.append(f"{file}: {sec}.{key}: {bad}")
                    continue
                at = _object_entry(v, file, f"{sec}.{key}", probs)
                if at is not None:
                    doc.keyed[sec][key] = at
        else:
            _locate_list(doc, sec, val, overlay, probs)
    return doc


def _locate_list(doc: Doc, sec: str, val: Any, overlay: bool, probs: Problems) -> None:
    if not isinstance(val, list):
        probs.append(f"{doc.file}: {sec}: must be a list")
        return
    entries: dict[str, At] = {}
    for i, v in enumerate(val):
        at = _object_entry(v, doc.file, f"{sec}[{i}]", probs)
        if at is None:
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
            bad = id_problem(key)
            if bad is not None:
                probs.at(at, ".id", bad)
                continue
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


# ---------------------------------------------------------------------------------------- validation
def validate(doc: Doc, probs: Problems) -> None:
    """Check a complete (merged) document; append every problem found to ``probs``."""
    _Validator(doc, probs).run()


_KIND_NAMES = ("territory", "sea", "polis", "market", "good", "player")


class _Validator:
    """Checks a merged document; fills ``probs``. Reference sets are None when their section is broken."""

    def __init__(self, doc: Doc, probs: Problems) -> None:
        self.doc, self.probs = doc, probs
        self.facts = EDITION_FACTS.get(doc.edition)  # None when the edition is broken (already reported)
        self.ed = doc.edition.capitalize()  # "Ed1" | "Ed2", for messages
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

    def ref(self, at: At, sub: str, kind: str, value: Any) -> bool:
        """True if ``value`` is a known id of ``kind`` (or that kind's ids are unknown); else report it."""
        known = self.known[kind]
        if not isinstance(value, str):
            self.probs.at(at, sub, f"must be a {kind} id (got {json.dumps(value)})")
            return False
        if known is None or value in known:
            return True
        self.unknown(at, sub, kind, value)
        return False

    def unknown(self, at: At, sub: str, kind: str, value: Any) -> None:
        other = [k for k in _KIND_NAMES if k != kind and value in (self.known[k] or ())]
        hint = f" ('{value}' is a {other[0]} id)" if other else ""
        self.probs.at(at, sub, f"unknown {kind} '{value}'{hint}")

    def keyed(self, sec: str) -> dict[str, At] | None:
        """Entries of a list/map section, or None when the section is absent (already reported)."""
        return self.doc.keyed.get(sec)

    def entity(self, sec: str, at: At, extra_fields: tuple[str, ...] = ()) -> bool:
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

    def provenance(self, at: At, sub: str, obj: dict[str, Any]) -> None:
        kind = obj.get("provenance")
        if _is_str(kind) and kind not in PROVENANCES:
            self.probs.at(at, f"{sub}.provenance", f"'{kind}' is not one of {', '.join(PROVENANCES)}")
        if kind == "reconstructed" and not _is_str(obj.get("basis")):
            self.probs.at(at, sub, "a reconstructed value needs a one-line 'basis'")

    def rows(self, at: At, key: str, schema: str) -> list[tuple[str, dict[str, Any]]]:
        """Rows of ``at.value[key]`` that pass the row schema, with their sub-paths."""
        out: list[tuple[str, dict[str, Any]]] = []
        if not OBJS.ok(at.value.get(key)):
            return out  # reported by the entity check
        for i, r in enumerate(at.value[key]):
            sub = f".{key}[{i}]"
            if _check_keys(self.probs, at, sub, r, ROW[schema]):
                out.append((sub, r))
        return out

    def notation_id(self, at: At, sub: str, ident: str) -> None:
        bad = id_problem(ident)
        if bad is not None:
            self.probs.at(at, sub, bad)

    def positive(self, at: At, sub: str, v: int, minimum: int = 1) -> None:
        if v < minimum:
            self.probs.at(at, sub, f"must be at least {minimum} (got {v})")

    def exact_keys(self, at: At, sub: str, got: Any, want: list[str], what: str) -> None:
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

    def single(self, sec: str) -> At | None:
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
        for i, g in enumerate(goods):
            self.notation_id(at, f".goods[{i}]", g)
        self.known["good"] = set(goods)
        for k in ("market_goods", "perishable"):
            for i, g in enumerate(c[k]):
                self.ref(at, f".{k}[{i}]", "good", g)
        self.market_goods = list(c["market_goods"])
        self.positive(at, ".cubes_per_player", c["cubes_per_player"])
        self.positive(at, ".ships_per_player", c["ships_per_player"], 0)
        self.positive(at, ".battle_threshold", c["battle_threshold"], 2)
        if "train_good" in c:
            self.ref(at, ".train_good", "good", c["train_good"])
        elif "metal" not in goods:
            self.probs.at(at, "", "missing key 'train_good' (the default 'metal' is not a good of this set)")
        if c.get("discs_per_player") is not None:
            self.positive(at, ".discs_per_player", c["discs_per_player"])
        for k in c.get("terms", {}):
            if k not in DEFAULT_TERMS:
                self.probs.at(at, f".terms.{k}", f"unknown term '{k}' (known: {', '.join(DEFAULT_TERMS)})")
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
            self.notation_id(at, f"{sub}.label", r["label"])
            if labels.count(r["label"]) > 1:
                self.probs.at(at, f"{sub}.label", f"duplicate round label '{r['label']}'")
            self.positive(at, f"{sub}.stacking", r["stacking"])
            if r["max_load"] not in LOADS:
                self.probs.at(at, f"{sub}.max_load", f"must be one of 3, 4, 5 (got {r['max_load']})")
        if len(rows) == len(at.value["rows"]) and rows:
            self.round_labels, self.stacking1 = set(labels), rows[0][1]["stacking"]
        if self.facts is not None and len(at.value["rows"]) != self.facts.rounds:
            self.probs.at(at, ".rows", f"{self.ed} has {self.facts.rounds} rounds, found {len(at.value['rows'])}")

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
        covers = self.constants.get("market_covers") is True
        covered: list[str] = []  # offers under a black cube at setup (load 4 or 5) when covers are used
        for key, at in offers.items():
            if not self.ref(at, "", "market", key) or not self.entity("offers", at):
                continue
            if not at.value["rows"]:
                self.probs.at(at, ".rows", "a market needs at least one offer")
            last = 0
            for n, (sub, r) in enumerate(self.rows(at, "rows", "offers")):
                ids.add(f"{key}.{n}")
                if covers and _is_int(r["load"]):
                    if r["load"] < last:
                        self.probs.at(at, f"{sub}.load", f"with market covers the loads must not decrease from the "
                                                         f"top (covers go topmost first), got {r['load']} after {last}")
                    last = max(last, r["load"])
                    if r["load"] >= 4:
                        covered.append(f"{key}.{n}")
                if r["load"] not in LOADS:
                    self.probs.at(at, f"{sub}.load", f"must be one of 3, 4, 5 (got {r['load']})")
                if r["receive"] not in RECEIVED:
                    self.probs.at(at, f"{sub}.receive", f"must be 'wheat' or 'silver' (got '{r['receive']}')")
                d = r["demand"]
                if not d or len(set(d)) != len(d):
                    self.probs.at(at, f"{sub}.demand", "must list one or more distinct goods")
                elif self.facts is not None and self.facts.single_demand and len(d) != 1:
                    self.probs.at(at, f"{sub}.demand", f"an {self.ed} offer demands exactly one good")
                for i, g in enumerate(d):
                    if self.market_goods is not None and g not in self.market_goods:
                        self.probs.at(at, f"{sub}.demand[{i}]", f"'{g}' is not a market good")
        for m in sorted(self.known["market"] or ()):
            if m not in offers:
                self.section("offers", f"no offers for market '{m}'")
        limit = self.facts.covers if self.facts is not None else None
        if covers and limit is not None and len(covered) > limit:
            self.section("offers", f"{len(covered)} offers of load 4 or 5, but {self.ed} has only {limit} black cubes "
                                   f"to cover them ({', '.join(covered)})")
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
            elif rule is not None and self.facts is not None and rule not in self.facts.prestige_rules:
                self.probs.at(at, ".prestige_rule", f"{self.ed} has no prestige rule '{rule}' (its tiles print "
                                                    f"their prestige)")
        want = self.facts.project_types if self.facts is not None else None
        if len(projects) != COUNTS["projects"]:
            self.section("projects", f"expected {COUNTS['projects']} projects, found {len(projects)}")
        elif want is not None and sum(types.values()) == len(projects) and types != want:
            self.section("projects", f"{self.ed} has {want} project types, found {dict(types)}")

    def events(self) -> None:
        for key, at in (self.keyed("events") or {}).items():
            if not self.entity("events", at):
                continue
            e = at.value
            if self.round_labels is not None and e["deck"] not in self.round_labels:
                self.probs.at(at, ".deck", f"unknown round label '{e['deck']}'")
            self.positive(at, ".copies", e["copies"])
            if e.get("effect_unknown") and e["effects"]:
                self.probs.at(at, ".effects", "a card whose effect is unknown lists no effects (never invent one)")
            timing = e.get("timing")
            if timing is not None and timing not in EFFECT_WHEN:
                self.probs.at(at, ".timing", f"must be one of {', '.join(EFFECT_WHEN)}")
            for i, eff in enumerate(e["effects"]):
                sub = f".effects[{i}]"
                if _check_keys(self.probs, at, sub, eff, ROW["effect"]):
                    self.effect(at, sub, eff)
                    when = eff.get("when", "now")
                    if timing in EFFECT_WHEN and when != timing:
                        self.probs.at(at, f"{sub}.when", f"this card's effects act at '{timing}' (its timing), "
                                                         f"not '{when}'")

    def effect(self, at: At, sub: str, eff: dict[str, Any]) -> None:
        op, args = eff["op"], eff["args"]
        if eff["player"] not in EFFECT_PLAYERS:
            self.probs.at(at, f"{sub}.player", f"must be one of {', '.join(EFFECT_PLAYERS)}")
        when = eff.get("when", "now")
        if when not in EFFECT_WHEN:
            self.probs.at(at, f"{sub}.when", f"must be one of {', '.join(EFFECT_WHEN)}")
        if op not in EFFECT_ARGS:
            self.probs.at(at, f"{sub}.op", f"unknown effect op '{op}' (vocabulary: {', '.join(EFFECT_OPS)})")
            return
        only = EFFECT_ONLY_WHEN.get(op)
        if only is not None and when in EFFECT_WHEN and when != only:
            self.probs.at(at, f"{sub}.when", f"'{op}' acts only at '{only}' (got '{when}')")
        sig = EFFECT_ARGS[op]
        if len(args) != len(sig):
            self.probs.at(at, f"{sub}.args", f"'{op}' takes {len(sig)} argument(s)"
                                             + (f" ({', '.join(sig)})" if sig else "") + f", got {len(args)}")
            return
        asub = f"{sub}.args"
        for i, least in EFFECT_INTS.get(op, {}).items():
            if not _is_int(args[i]) or args[i] < least:
                self.probs.at(at, f"{asub}[{i}]", f"{sig[i]} must be an integer of at least {least} "
                                                  f"(got {json.dumps(args[i])})")
        a0 = args[0] if args else None
        if op in ("gain", "lose"):
            if a0 != "prestige":
                self.ref(at, f"{asub}[0]", "good", a0)
            if not _is_int(args[1]) or args[1] < 1:
                self.probs.at(at, f"{asub}[1]", "amount must be a positive integer")
        elif op in ("place", "send-abroad"):
            if a0 not in ("hoplite", "galley"):
                self.probs.at(at, f"{asub}[0]", f"unit must be 'hoplite' or 'galley' (got {a0!r})")
            elif op == "place":
                self.ref(at, f"{asub}[1]", "territory" if a0 == "hoplite" else "sea", args[1])
            if op == "send-abroad":
                self.ref(at, f"{asub}[1]", "market", args[1])
        elif op == "close-market":
            self.ref(at, f"{asub}[0]", "market", a0)
        elif op == "start-player":
            if a0 not in PLAYERS:
                self.probs.at(at, f"{asub}[0]", f"unknown player {a0!r}")
        elif op == "close-offer":
            if self.offers is not None and (not isinstance(a0, str) or a0 not in self.offers):
                self.probs.at(at, f"{asub}[0]", f"unknown offer id {a0!r}")
        elif op == "return-abroad":
            if a0 not in RETURN_SHARES:
                self.probs.at(at, f"{asub}[0]", f"share must be one of {', '.join(RETURN_SHARES)} (got {a0!r})")
        elif op == "blockade-penalty":
            for i in (0, 1):
                self.ref(at, f"{asub}[{i}]", "market", args[i])
            for i in (4, 5):
                self.ref(at, f"{asub}[{i}]", "sea", args[i])
        elif op in ("landing", "tribute-cap"):
            self.ref(at, f"{asub}[0]", "territory", a0)

    def combat_cards(self) -> None:
        at = self.single("combat_cards")
        if at is None:
            return
        total = 0
        found: dict[str, Counter[tuple[str, str, int]]] = {"land": Counter(), "sea": Counter()}
        names: dict[str, tuple[str, str]] = {}  # formation or manoeuvre id -> (display name, where first given)
        for sub, r in self.rows(at, "rows", "combat_cards"):
            self.positive(at, f"{sub}.count", r["count"])
            total += r["count"]
            for s in ("land", "sea"):
                side = r[s]
                if _check_keys(self.probs, at, f"{sub}.{s}", side, ROW["side"]):
                    for f in ("formation", "manoeuvre"):
                        self.notation_id(at, f"{sub}.{s}.{f}", side[f])
                    if side["value"] not in CARD_VALUES:
                        self.probs.at(at, f"{sub}.{s}.value", f"must be one of 2, 1, 0, -1 (got {side['value']})")
                    found[s][(side["formation"], side["manoeuvre"], side["value"])] += r["count"]
                    for f in ("formation", "manoeuvre"):
                        name = side.get(f"{f}_name", default_name(side[f]))
                        first = names.setdefault(side[f], (name, f"{sub}.{s}"))
                        if first[0] != name:
                            self.probs.at(at, f"{sub}.{s}.{f}_name", f"{f} '{side[f]}' is named '{name}' here but "
                                                                      f"'{first[0]}' at {at.path}{first[1]}")
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

