"""Reading the fields of a state from untrusted JSON: each field's type and range, field by field.

:func:`read_fields` turns the JSON form of a state (:meth:`State.to_dict`) into the keyword arguments
of :class:`State`, checking every value against the component set it names: whole numbers (never
floats, NaN or booleans) within the game's bounds, ids the component set knows, lists of the right
length. A fault raises :class:`NotationError` naming the field and why. Whether the fields agree with
one another (the pending decision, the battle, the round end) is :mod:`.statecheck`'s concern.
"""
from __future__ import annotations

from typing import Any, Callable

from ..data.safeio import lone_surrogate, number_words as _num
from .actions import PolisError
from .battle import card_types
from .topology import Topology, topology_named, components_named
from .decisions import ACTIONS, DECISIONS
from .editions import EDITIONS, Edition
from .index import RULES
from .modifiers import EVENT_DATA_KEYS
from .phases import PHASES
from .roundend import STEPS
from .state import BATTLE_FIELDS, Battle, Outcome, Pending

#: No rulebook gives the length of the prestige and goods tracks (polis-data §13.8) and the kernel does
#: not clamp them; 999 lies far beyond what a game reaches and keeps every decision's list short.
TRACK_MAX = 999
MAX_PLY = 10**9
SEED_BITS = 64  # a seed is a whole number of at most 64 bits (as new_game accepts)
MAX_SCORE = 10**4
MAX_TEXT = 1000  # an outcome's reason
MAX_DATA = 64  # items in a pending decision's context (and in each list inside it)

CHANCE_KINDS = frozenset(k for k, d in DECISIONS.items() if d.chance) | {"over"}
PENDING_KINDS = frozenset(DECISIONS) | {"over"}


class NotationError(PolisError):
    """A position text or dict that cannot be read; says which field and why."""


def json_kind(v: Any) -> str:
    """What a JSON value is, in words."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return f"the boolean {str(v).lower()}"
    if isinstance(v, int):
        return f"the number {_num(v)}"
    if isinstance(v, float):
        return f"the decimal number {v!r}"
    if isinstance(v, str):
        return f"the text {_short(v)}"
    if isinstance(v, (list, tuple)):
        return f"a list of {len(v)}"
    if isinstance(v, dict):
        return "an object"
    return f"a {type(v).__name__}"


def _short(text: str) -> str:
    return repr(text[:40] + ("…" if len(text) > 40 else ""))


def bad(where: str, why: str) -> NotationError:
    return NotationError(f"{where}: {why}")


def whole(v: Any, where: str, lo: int, hi: int) -> int:
    """``v`` if it is a whole number in lo..hi (booleans and decimals are refused)."""
    if type(v) is not int:
        raise bad(where, f"expected a whole number, got {json_kind(v)}")
    if not lo <= v <= hi:
        raise bad(where, f"{_num(v)} is outside {lo}..{hi}")
    return v


def text(v: Any, where: str, choices=None, what: str = "") -> str:
    """``v`` if it is text (one of ``choices``, when given)."""
    if type(v) is not str:
        raise bad(where, f"expected text, got {json_kind(v)}")
    if choices is not None and v not in choices:
        raise bad(where, f"unknown {what or 'value'} {_short(v)}")
    return v


def seq(v: Any, where: str, n: int | None = None, most: int | None = None) -> list | tuple:
    """``v`` if it is a list (of exactly ``n`` or at most ``most`` items)."""
    if not isinstance(v, (list, tuple)):
        raise bad(where, f"expected a list, got {json_kind(v)}")
    if n is not None and len(v) != n:
        raise bad(where, f"expected {n} entries, got {len(v)}")
    if most is not None and len(v) > most:
        raise bad(where, f"at most {most} entries, got {len(v)}")
    return v


def tuple_of(v: Any, where: str, item: Callable[[Any, str], Any], n: int | None = None,
             most: int | None = None, unique: bool = False, ordered: bool = False) -> tuple:
    """A tuple of ``item(x)`` for each entry; ``unique``/``ordered`` refuse repeats / unsorted entries."""
    out = tuple(item(x, f"{where}[{k}]") for k, x in enumerate(seq(v, where, n, most)))
    if unique and len(set(out)) != len(out):
        raise bad(where, "an entry is repeated")
    if ordered and list(out) != sorted(out):
        raise bad(where, "entries must be in ascending order")
    return out


def _player(v, where):
    return whole(v, where, 0, 1)


def _side_or_none(v, where):
    return whole(v, where, -1, 1)


class _Reader:
    """The field readers of one component set (bounds come from its pieces)."""

    def __init__(self, b: Topology, ed: Edition):
        self.b, self.comp, self.ed = b, b.comp, ed

    def index(self, n: int) -> Callable[[Any, str], int]:
        return lambda v, where: whole(v, where, 0, n - 1)

    def polis(self, v, where):
        return whole(v, where, 0, len(self.comp.poleis) - 1)

    def area(self, v, where):
        return whole(v, where, 0, len(self.comp.areas) - 1)

    def tile(self, v, where):
        return text(v, where, self.b.project_index, "project tile")

    def event(self, v, where):
        return text(v, where, {e.id for e in self.comp.events}, "event card")

    def placed(self, v, where):  # (project tile, polis index)
        t = seq(v, where, 2)
        return (self.tile(t[0], f"{where}[0]"), self.polis(t[1], f"{where}[1]"))

    # --- the fields ---------------------------------------------------------------------------
    def options(self, v, where):
        known = self.ed.options

        def pair(x, w):
            k, val = seq(x, w, 2)
            text(k, f"{w}[0]", known, f"option for {self.ed.id}")
            return (k, text(val, f"{w}[1]", known[k], f"value of option {k}"))

        out = tuple_of(v, where, pair, ordered=True)
        if len({k for k, _ in out}) != len(out):
            raise bad(where, "an option is given twice")
        return out

    def seed(self, v, where):
        return whole(v, where, -2 ** (SEED_BITS - 1), 2 ** SEED_BITS - 1)

    def ply(self, v, where):
        return whole(v, where, 0, MAX_PLY)

    def round(self, v, where):
        return whole(v, where, 0, len(self.comp.rounds) - 1)

    def phase(self, v, where):
        return text(v, where, PHASES, "phase")

    def pending(self, v, where):
        if not isinstance(v, dict):
            raise bad(where, f"expected an object with kind, player and data, got {json_kind(v)}")
        extra = sorted(map(str, set(v) - {"kind", "player", "data"}))
        if extra:
            raise bad(where, "unknown key(s) " + ", ".join(extra))
        if "kind" not in v or "player" not in v:
            raise bad(where, "needs kind and player")
        kind = text(v["kind"], f"{where}.kind", PENDING_KINDS, "decision")
        lo, hi = (-1, -1) if kind in CHANCE_KINDS else (0, 1)
        who = "chance (-1)" if lo < 0 else "athens (0) or sparta (1)"
        if type(v["player"]) is not int or not lo <= v["player"] <= hi:
            raise bad(f"{where}.player", f"the {kind!r} decision belongs to {who}, got {json_kind(v['player'])}")
        return Pending(kind, v["player"], _data(v.get("data", ()), f"{where}.data", 0))

    def prestige(self, v, where):
        return tuple_of(v, where, lambda x, w: whole(x, w, 0, TRACK_MAX), n=2)

    def goods(self, v, where):
        n = len(self.comp.goods)
        return tuple_of(v, where, lambda x, w: tuple_of(x, w, lambda y, u: whole(y, u, 0, TRACK_MAX), n=n), n=2)

    def owner(self, v, where):
        return tuple_of(v, where, _side_or_none, n=len(self.comp.poleis))

    def pop(self, v, where):
        return tuple_of(v, where, lambda x, w: whole(x, w, 0, self.comp.cubes_per_player), n=len(self.comp.poleis))

    def units(self, v, where):
        most = self.comp.cubes_per_player
        return tuple_of(v, where, lambda x, w: tuple_of(x, w, lambda y, u: whole(y, u, 0, most), n=2),
                        n=len(self.comp.areas))

    def ships_port(self, v, where):
        return tuple_of(v, where, lambda x, w: whole(x, w, 0, self.comp.ships_per_player), n=2)

    def offers(self, v, where):  # NEUTRAL = free, a player's ship, or 2 = closed by an event
        return tuple_of(v, where, lambda x, w: whole(x, w, -1, 2), n=len(self.b.offer_ids))

    def proxenos(self, v, where):
        return tuple_of(v, where, lambda x, w: whole(x, w, -1, len(self.comp.poleis) - 1), n=2)

    def markers(self, v, where):
        top = len(self.comp.market_table[3]) - 1
        return tuple_of(v, where, lambda x, w: whole(x, w, 0, top), n=len(self.comp.market_goods))

    def tribute_done(self, v, where):
        def territory(x, w):
            t = self.area(x, w)
            if self.b.area_ids[t] not in self.comp.tribute:
                raise bad(w, f"{self.comp.areas[t].name} pays no tribute")
            return t

        return tuple_of(v, where, territory, unique=True, ordered=True)

    def display(self, v, where):
        return tuple_of(v, where, self.tile, unique=True)

    def pile(self, v, where):
        return tuple_of(v, where, self.tile, unique=True, ordered=True)

    def started(self, v, where):
        return tuple_of(v, where, self.placed, unique=True, most=len(self.comp.projects))

    def done(self, v, where):
        return self.started(v, where)

    def event_field(self, v, where):
        return None if v is None else self.event(v, where)

    def closed(self, v, where):
        return tuple_of(v, where, lambda x, w: text(x, w, self.b.market_index, "market"), unique=True)

    def start_player(self, v, where):
        return _side_or_none(v, where)

    def triggers(self, v, where):
        return tuple_of(v, where, self.event, unique=True)

    def passed(self, v, where):
        return tuple_of(v, where, _player, unique=True)

    def turn_actions(self, v, where):
        return tuple_of(v, where, lambda x, w: text(x, w, ACTIONS, "action"), most=TRACK_MAX)

    def sieged(self, v, where):
        return tuple_of(v, where, self.polis, unique=True)

    def battles(self, v, where):
        return tuple_of(v, where, self.area, unique=True)

    def battle(self, v, where):
        return None if v is None else _battle(v, where, self)

    def roundend(self, v, where):
        t = seq(v, where)
        if not t:
            return ()
        if len(t) != 2:
            raise bad(where, f"expected [] or [step, index], got {len(t)} entries")
        return (whole(t[0], f"{where}[0]", 0, len(STEPS) - 1), whole(t[1], f"{where}[1]", 0, 2))

    def siege_discs(self, v, where):
        def disc(x, w):
            i, p = seq(x, w, 2)
            return (self.polis(i, f"{w}[0]"), _player(p, f"{w}[1]"))

        out = tuple_of(v, where, disc, ordered=True)  # each failed siege leaves a disc: repeats are real
        if out and not self.ed.siege_discs:
            raise bad(where, f"the {self.ed.id} edition has no siege discs [siege.discs]")
        return out

    def covered(self, v, where):
        out = tuple_of(v, where, self.index(len(self.b.offer_ids)), unique=True, ordered=True)
        if out and not self.comp.market_covers:
            raise bad(where, f"component set {self.comp.name!r} has no black cubes on the markets")
        return out

    def tribute_discs(self, v, where):
        most = self.comp.discs_per_player or 0  # where discs are not limited none are counted
        return tuple_of(v, where, lambda x, w: whole(x, w, 0, most), n=2)

    def event_data(self, v, where):
        def entry(x, w):
            key, p, n = seq(x, w, 3)
            return (text(key, f"{w}[0]", EVENT_DATA_KEYS, "event memory key"), _player(p, f"{w}[1]"),
                    whole(n, f"{w}[2]", 0, TRACK_MAX))

        return tuple_of(v, where, entry, most=MAX_DATA, unique=True, ordered=True)

    def outcome(self, v, where):
        if v is None:
            return None
        if not isinstance(v, dict) or set(v) != {"winner", "scores", "reason", "rules"}:
            raise bad(where, "expected null or an object with winner, scores, reason and rules")
        winner = v["winner"] if v["winner"] is None else text(v["winner"], f"{where}.winner", ("athens", "sparta"), "side")
        scores = v["scores"] if v["scores"] is None else tuple_of(
            v["scores"], f"{where}.scores", lambda x, w: whole(x, w, 0, MAX_SCORE), n=2)
        reason = text(v["reason"], f"{where}.reason")
        if len(reason) > MAX_TEXT or lone_surrogate(reason) is not None:
            raise bad(f"{where}.reason", f"expected plain text of at most {MAX_TEXT} characters")
        rules = tuple_of(v["rules"], f"{where}.rules", lambda x, w: text(x, w, RULES, "rule id"), most=16)
        return Outcome(winner, scores, reason, rules)


def _data(v: Any, where: str, depth: int) -> Any:
    """A pending decision's context: whole numbers, short ids and short lists of them (as tuples)."""
    if isinstance(v, (list, tuple)):
        if depth >= 3 or len(v) > MAX_DATA:
            raise bad(where, f"expected a short list (at most {MAX_DATA} entries, 3 levels deep)")
        return tuple(_data(x, f"{where}[{k}]", depth + 1) for k, x in enumerate(v))
    if depth == 0:
        raise bad(where, f"expected a list, got {json_kind(v)}")
    if type(v) is int:
        return whole(v, where, -1, MAX_PLY)
    if type(v) is str and len(v) <= 64:
        return v
    raise bad(where, f"expected a whole number or a short id, got {json_kind(v)}")


def _battle(v: Any, where: str, r: _Reader) -> Battle:
    if not isinstance(v, dict):
        raise bad(where, f"expected null or an object, got {json_kind(v)}")
    names = BATTLE_FIELDS
    extra = sorted(map(str, set(v) - set(names)))
    if extra:
        raise bad(where, "unknown key(s) " + ", ".join(extra))
    missing = [k for k in ("area", "kind", "attacker", "hands", "deck") if k not in v]
    if missing:
        raise bad(where, "missing key(s) " + ", ".join(missing))
    area = r.area(v["area"], f"{where}.area")
    kind = text(v["kind"], f"{where}.kind", ("land", "sea"), "battle kind")
    if kind != ("sea" if r.b.is_sea[area] else "land"):
        raise bad(f"{where}.kind", f"a battle in {r.comp.areas[area].name} is a {'sea' if kind == 'land' else 'land'} "
                                   "battle")
    n = len(card_types(r.comp.name, kind)[1])
    cards = len(r.comp.combat_cards)
    counts = lambda x, w: tuple_of(x, w, lambda y, u: whole(y, u, 0, cards), n=n)  # noqa: E731
    got: dict[str, Any] = {
        "area": area, "kind": kind, "attacker": _player(v["attacker"], f"{where}.attacker"),
        "hands": tuple_of(v["hands"], f"{where}.hands", counts, n=2), "deck": counts(v["deck"], f"{where}.deck")}
    opt = {"draws": lambda x, w: tuple_of(x, w, _player, most=2 * r.comp.cubes_per_player),
           "played": lambda x, w: tuple_of(x, w, lambda y, u: whole(y, u, 0, n - 1), most=2),
           "exchanges": lambda x, w: whole(x, w, 0, cards), "last_losses": lambda x, w: whole(x, w, 0, 2),
           "after": lambda x, w: text(x, w, ("attack", "refill"), "step"),
           "asked": lambda x, w: tuple_of(x, w, _player, unique=True), "turn_of": _player}
    for k, read in opt.items():
        if k in v:
            got[k] = read(v[k], f"{where}.{k}")
    bt = Battle(**got)
    if bt.played and len(bt.played) != 2:
        raise bad(f"{where}.played", "expected no card or the two attacking cards")
    return bt


# the reader of each field (None: read by read_fields itself)
_FIELD = {"options": "options", "seed": "seed", "ply": "ply", "round": "round", "phase": "phase",
          "pending": "pending", "prestige": "prestige", "goods": "goods", "owner": "owner", "pop": "pop",
          "units": "units", "ships_port": "ships_port", "offers": "offers", "proxenos": "proxenos",
          "markers": "markers", "tribute_done": "tribute_done", "display": "display", "pile": "pile",
          "started": "started", "done": "done", "event": "event_field", "closed": "closed",
          "start_player": "start_player", "triggers": "triggers", "passed": "passed",
          "turn_actions": "turn_actions", "sieged": "sieged", "battles": "battles", "battle": "battle",
          "roundend": "roundend", "siege_discs": "siege_discs", "covered": "covered",
          "tribute_discs": "tribute_discs", "event_data": "event_data", "outcome": "outcome"}


def read_fields(d: dict) -> dict:
    """The :class:`State` keyword arguments for the JSON fields in ``d`` (all but ``format``), each
    checked for type and range; raises :class:`NotationError` naming the first bad field."""
    edition = text(d["edition"], "edition", EDITIONS, "edition")
    name = text(d["components"], "components")
    try:
        comp = components_named(name)
    except KeyError:
        raise bad("components", f"unknown component set {_short(name)}; load it with polis_nb.load_components "
                                "first") from None
    if comp.edition != edition:
        raise bad("components", f"component set {name!r} is for {comp.edition}, not {edition}")
    r = _Reader(topology_named(name), EDITIONS[edition])
    kw: dict[str, Any] = {"edition": edition, "components": name}
    for field, meth in _FIELD.items():
        if field in d:
            kw[field] = getattr(r, meth)(d[field], field)
    return kw
