"""State serialisation: a JSON-safe dict and a one-line position notation, both exact round trips.

The notation is a line of ``key=value`` fields separated by single spaces, beginning with
``polis/1``. Poleis and units use a compact readable form (``athenai:A5``, ``attika:3/0``); the
other fields are compact JSON (spaces inside strings are escaped, so the line splits cleanly).
"""
from __future__ import annotations

import json
from dataclasses import fields

from .actions import PolisError
from .board import board_named
from .state import Battle, Outcome, Pending, State

FORMAT = "polis_nb.state/1"


class NotationError(PolisError):
    """A position text or dict that cannot be read; says which field and why."""


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, Pending):
        return {"kind": v.kind, "player": v.player, "data": _plain(v.data)}
    if isinstance(v, Battle):
        return {f: _plain(getattr(v, f)) for f in Battle.__slots__}
    if isinstance(v, Outcome):
        return {"winner": v.winner, "scores": _plain(v.scores), "reason": v.reason, "rules": list(v.rules)}
    return v


def _tup(v):
    return tuple(_tup(x) for x in v) if isinstance(v, list) else v


_FIELDS = [f.name for f in fields(State) if f.name != "log"]
# fields written only when they differ from their default (second-edition pieces), so first-edition
# positions read and write exactly as before
_OPTIONAL = {f.name: f.default for f in fields(State) if f.name in ("siege_discs", "covered", "tribute_discs")}


def state_to_dict(s: State) -> dict:
    d = {"format": FORMAT}
    for name in _FIELDS:
        v = getattr(s, name)
        if name in _OPTIONAL and v == _OPTIONAL[name]:
            continue
        d[name] = _plain(v)
    return d


def state_from_dict(d: dict) -> State:
    if not isinstance(d, dict):
        raise NotationError("a state must be a JSON object")
    if d.get("format") != FORMAT:
        raise NotationError(f"unknown state format {d.get('format')!r}; expected {FORMAT!r}")
    missing = [n for n in _FIELDS if n not in d and n not in ("outcome", "roundend", *_OPTIONAL)]
    if missing:
        raise NotationError("missing field(s): " + ", ".join(missing))
    extra = [k for k in d if k not in _FIELDS and k != "format"]
    if extra:
        raise NotationError("unknown field(s): " + ", ".join(sorted(extra)))
    kw = {}
    try:
        for name in _FIELDS:
            if name not in d:
                continue
            v = d[name]
            if name == "pending":
                v = Pending(str(v["kind"]), int(v["player"]), _tup(v.get("data", [])))
            elif name == "battle" and v is not None:
                v = Battle(**{k: _tup(x) for k, x in v.items()})
            elif name == "outcome" and v is not None:
                v = Outcome(v["winner"], _tup(v["scores"]), v["reason"], tuple(v["rules"]))
            else:
                v = _tup(v)
            kw[name] = v
        s = State(**kw)
    except (KeyError, TypeError, ValueError) as e:
        raise NotationError(f"bad state field: {e}") from None
    _check(s)
    return s


def _check(s: State) -> None:
    try:
        b = board_named(s.components)
    except KeyError as e:
        raise NotationError(str(e).strip("'\"")) from None
    n = len(b.comp.poleis)
    if len(s.owner) != n or len(s.pop) != n:
        raise NotationError(f"owner and pop need {n} entries each")
    if len(s.units) != len(b.comp.areas):
        raise NotationError(f"units need {len(b.comp.areas)} entries")
    from .editor import invariant_problems

    probs = invariant_problems(s)
    if probs:
        raise NotationError("position breaks the rules: " + "; ".join(probs))


# --- one-line notation ------------------------------------------------------------------------

_SIDE = {0: "A", 1: "S", -1: "-"}
_UNSIDE = {"A": 0, "S": 1, "-": -1}


def _j(v) -> str:
    return json.dumps(_plain(v), separators=(",", ":"), ensure_ascii=True).replace(" ", "\\u0020")


def state_to_notation(s: State) -> str:
    b = board_named(s.components)
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


def state_from_notation(text: str) -> State:
    if not isinstance(text, str) or not text.startswith("polis/1"):
        raise NotationError("position text must start with 'polis/1'")
    d: dict = {"format": FORMAT}
    col = len("polis/1") + 1
    raw: dict[str, str] = {}
    for tok in text.split(" ")[1:]:
        if "=" not in tok:
            raise NotationError(f"field without '=' at column {col}: {tok!r}")
        k, v = tok.split("=", 1)
        raw[k] = v
        col += len(tok) + 1
    name = raw.get("components")
    try:
        comp_name = json.loads(name) if name else None
        b = board_named(comp_name)
    except (KeyError, ValueError, TypeError):
        raise NotationError(f"unknown or missing component set {name!r}") from None
    for k, v in raw.items():
        if k == "poleis":
            owner, pop = [], []
            items = v.split(",")
            if len(items) != len(b.polis_ids):
                raise NotationError(f"poleis= needs {len(b.polis_ids)} entries, got {len(items)}")
            for item, pid in zip(items, b.polis_ids):
                got, _, val = item.partition(":")
                if got != pid or not val or val[0] not in _UNSIDE:
                    raise NotationError(f"poleis=: expected {pid}:A<n>, {pid}:S<n> or {pid}:-, got {item!r}")
                o = _UNSIDE[val[0]]
                try:
                    pop.append(int(val[1:]) if o >= 0 else 0)
                except ValueError:
                    raise NotationError(f"poleis=: bad population in {item!r}") from None
                owner.append(o)
            d["owner"], d["pop"] = owner, pop
        elif k == "units":
            units = [[0, 0] for _ in b.area_ids]
            if v != "-":
                for item in v.split(","):
                    aid, _, n = item.partition(":")
                    if aid not in b.area_index or "/" not in n:
                        raise NotationError(f"units=: bad entry {item!r}")
                    a, _, sp = n.partition("/")
                    try:
                        units[b.area_index[aid]] = [int(a), int(sp)]
                    except ValueError:
                        raise NotationError(f"units=: bad counts in {item!r}") from None
            d["units"] = units
        else:
            try:
                d[k] = json.loads(v)
            except ValueError as e:
                raise NotationError(f"field {k}: not valid JSON ({e})") from None
    return state_from_dict(d)
