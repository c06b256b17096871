"""State serialisation: a JSON-safe dict and a one-line position notation, both exact round trips.

The notation is a line of ``key=value`` fields separated by single spaces, beginning with
``polis/1``. Poleis and units use a compact readable form (``athenai:A5``, ``attika:3/0``); the
other fields are compact JSON (spaces inside strings are escaped, so the line splits cleanly).
"""
from __future__ import annotations

import json
import re
from dataclasses import fields

from ..data.safeio import loads_json
from .topology import topology_named
from .engine import legal_actions
from .state import BATTLE_FIELDS, Battle, Outcome, Pending, State
from .statecheck import state_problems
from .statefields import NotationError, json_kind, read_fields

__all__ = ["FORMAT", "NotationError", "state_from_dict", "state_from_notation", "state_to_dict", "state_to_notation"]

FORMAT = "polis_nb.state/1"


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, Pending):
        return {"kind": v.kind, "player": v.player, "data": _plain(v.data)}
    if isinstance(v, Battle):
        return {f: _plain(getattr(v, f)) for f in BATTLE_FIELDS}
    if isinstance(v, Outcome):
        return {"winner": v.winner, "scores": _plain(v.scores), "reason": v.reason, "rules": list(v.rules)}
    return v


_FIELDS = [f.name for f in fields(State) if f.name != "log"]
_FIELD_SET = frozenset(_FIELDS)
# fields written only when they differ from their default (second-edition pieces), so first-edition
# positions read and write exactly as before
_OPTIONAL = {f.name: f.default for f in fields(State)
             if f.name in ("siege_discs", "covered", "tribute_discs", "event_data")}
# fields a dict may leave out: those above, and two that are empty in most positions
_MAY_MISS = frozenset(("outcome", "roundend", *_OPTIONAL))


def state_to_dict(s: State) -> dict:
    d = {"format": FORMAT}
    for name in _FIELDS:
        v = getattr(s, name)
        if name in _OPTIONAL and v == _OPTIONAL[name]:
            continue
        d[name] = _plain(v)
    return d


def state_from_dict(d: object) -> State:
    if not isinstance(d, dict):
        raise TypeError(f"State.from_dict needs a dict (the JSON object of State.to_dict), not {type(d).__name__}")
    if d.get("format") != FORMAT:
        raise NotationError(f"format: unknown state format {json_kind(d.get('format'))}; expected {FORMAT!r}")
    missing = [n for n in _FIELDS if n not in d and n not in _MAY_MISS]
    if missing:
        raise NotationError("missing field(s): " + ", ".join(missing))
    extra = sorted(repr(k) if not isinstance(k, str) else k for k in d if k not in _FIELD_SET and k != "format")
    if extra:
        raise NotationError("unknown field(s): " + ", ".join(x[:40] for x in extra[:10]))
    s = State(**read_fields(d))
    probs = state_problems(s)
    if probs:
        raise NotationError("position breaks the rules: " + "; ".join(probs))
    _check_playable(s)
    return s


def _check_playable(s: State) -> None:
    """The last word: a state that passed every check has a decision to take (or is over). A failure
    here means a check is missing; it is still refused, never let through."""
    try:
        ok = s.outcome is not None or bool(legal_actions(s))
    except Exception as e:  # noqa: BLE001 - a state the engine cannot handle is refused, whatever the cause
        raise NotationError(f"pending: the position cannot be played ({type(e).__name__}: {e})") from None
    if not ok:
        raise NotationError(f"pending: {s.current_player} has no legal choice at the {s.pending.kind!r} decision, "
                            "so the position cannot arise in a game")


# --- one-line notation ------------------------------------------------------------------------

_SIDE = {0: "A", 1: "S", -1: "-"}
_UNSIDE = {"A": 0, "S": 1, "-": -1}


def _j(v) -> str:
    return json.dumps(_plain(v), separators=(",", ":"), ensure_ascii=True).replace(" ", "\\u0020")


def state_to_notation(s: State) -> str:
    b = topology_named(s.components)
    parts = ["polis/1"]
    for name in _FIELDS:
        v = getattr(s, name)
        if name == "owner":
            parts.append("poleis=" + ",".join(f"{pid}:{_SIDE[o]}{p if o >= 0 else ''}"
                                              for pid, o, p in zip(b.polis_ids, s.owner, s.pop)))
        elif name == "pop" or (name in _OPTIONAL and v == _OPTIONAL[name]):
            continue
        elif name == "units":
            parts.append("units=" + (",".join(f"{b.area_ids[i]}:{a}/{sp}" for i, (a, sp) in enumerate(v) if a or sp)
                                     or "-"))
        else:
            parts.append(f"{name}={_j(v)}")
    return " ".join(parts)


_COUNT = re.compile(r"[0-9]{1,6}")  # ASCII digits only: str.isdigit and int() also take '²' and '٣'
_NOTATION_KEYS = (_FIELD_SET - {"owner", "pop"}) | {"poleis"}


def state_from_notation(text: object) -> State:
    if not isinstance(text, str):
        raise TypeError(f"State.from_notation needs the position text (str), not {type(text).__name__}")
    raw = _split(text)
    name = raw.get("components", ("", 0))[0]
    try:
        comp_name = loads_json(name) if name else None
        if not isinstance(comp_name, str):
            raise TypeError("the name of a component set is text")
        b = topology_named(comp_name)
    except (KeyError, ValueError, TypeError):
        raise NotationError(f"components=: unknown or missing component set {name[:60]!r}") from None
    d: dict = {"format": FORMAT}
    for k, (v, col) in raw.items():
        where = f"{k}= (column {col})"
        if k == "poleis":
            d["owner"], d["pop"] = _read_poleis(v, b, where)
        elif k == "units":
            d["units"] = _read_units(v, b, where)
        else:
            try:
                d[k] = loads_json(v)
            except ValueError as e:
                raise NotationError(f"{where}: not valid JSON ({e})") from None
    return state_from_dict(d)


def _split(text: str) -> dict[str, tuple[str, int]]:
    """The ``key=value`` fields of a position text, each with the (1-based) column it starts at."""
    head, sep, rest = text.partition(" ")
    if head != "polis/1":
        raise NotationError("position text must start with 'polis/1'")
    raw: dict[str, tuple[str, int]] = {}
    col = len(head) + 2
    for tok in rest.split(" ") if sep else ():
        k, eq, v = tok.partition("=")
        if not eq:
            raise NotationError(f"column {col}: field without '=': {tok[:40]!r}")
        if k not in _NOTATION_KEYS:
            raise NotationError(f"column {col}: unknown field {k[:40]!r}")
        if k in raw:
            raise NotationError(f"column {col}: field {k}= is given twice")
        raw[k] = (v, col)
        col += len(tok) + 1
    return raw


def _read_poleis(v: str, b, where: str) -> tuple[list[int], list[int]]:
    owner, pop = [], []
    items = v.split(",")
    if len(items) != len(b.polis_ids):
        raise NotationError(f"{where}: needs {len(b.polis_ids)} entries, got {len(items)}")
    for item, pid in zip(items, b.polis_ids):
        got, _, val = item.partition(":")
        if got != pid or not val or val[0] not in _UNSIDE:
            raise NotationError(f"{where}: expected {pid}:A<n>, {pid}:S<n> or {pid}:-, got {item[:40]!r}")
        o = _UNSIDE[val[0]]
        if (o < 0 and val != "-") or (o >= 0 and not _COUNT.fullmatch(val[1:])):
            raise NotationError(f"{where}: bad population in {item[:40]!r} (digits 0-9)")
        pop.append(int(val[1:]) if o >= 0 else 0)
        owner.append(o)
    return owner, pop


def _read_units(v: str, b, where: str) -> list[list[int]]:
    units = [[0, 0] for _ in b.area_ids]
    if v == "-":
        return units
    seen = set()
    for item in v.split(","):
        aid, _, n = item.partition(":")
        a, slash, sp = n.partition("/")
        if aid not in b.area_index or aid in seen or not slash:
            raise NotationError(f"{where}: bad or repeated entry {item[:40]!r}")
        if not (_COUNT.fullmatch(a) and _COUNT.fullmatch(sp)):
            raise NotationError(f"{where}: bad counts in {item[:40]!r} (digits 0-9)")
        seen.add(aid)
        units[b.area_index[aid]] = [int(a), int(sp)]
    return units
