"""The position editor: state a custom position in a few lines, refused if it breaks an invariant.

    s = pn.position(round="4", to_move="athens",
                    units={"boiotia": (3, 0), "thessalia": (0, 2)},
                    poleis={"thebai": ("athens", 2)}, goods={"athens": {"oil": 6}})
    s = pn.position(round="5a", event="mercenaries")   # the round's event card, in force
"""
from __future__ import annotations

from typing import Any, Mapping

from .actions import PolisError
from .topology import topology_of
from .common import poss
from .editions import edition_of
from .engine import new_game, settle
from .modifiers import in_force, set_memo
from .state import NEUTRAL, PLAYERS, Pending, State, tset
from .statefields import TRACK_MAX

_P = {"athens": 0, "sparta": 1}
_UNSET = object()  # ``event`` not given (None clears the event)


class PositionError(PolisError):
    """A position that breaks an invariant of the game; ``.problems`` lists each one."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid position: " + "; ".join(problems))


def invariant_problems(s: State) -> list[str]:
    """Everything wrong with a position (empty if it could occur under the rules)."""
    b = topology_of(s)
    comp = b.comp
    out = []
    if not 0 <= s.round < len(comp.rounds):
        return [f"round index {s.round} out of range"]
    lim = b.limit(s)
    for i, u in enumerate(s.units):
        for p in (0, 1):
            if u[p] < 0:
                out.append(f"{b.name(i)}: negative unit count for {PLAYERS[p]}")
            elif u[p] > lim:
                out.append(f"{b.name(i)}: {PLAYERS[p]} has {u[p]} units, above the stacking limit {lim} of round "
                           f"{comp.rounds[s.round].name} [stack.limit]")
    for i, pol in enumerate(comp.poleis):
        o, n = s.owner[i], s.pop[i]
        if o == NEUTRAL and n != 0:
            out.append(f"{pol.name}: a neutral polis holds no cubes (got {n})")
        if o != NEUTRAL and not 1 <= n <= pol.max_pop:
            out.append(f"{pol.name}: population {n} outside 1..{pol.max_pop}")
        if pol.capital_of and o != _P[pol.capital_of] and s.outcome is None:
            out.append(f"{pol.name} is {poss(pol.capital_of)} capital and cannot change hands")
    for p in (0, 1):
        if b.supply(s, p) < 0:
            out.append(f"{PLAYERS[p]} uses more than {comp.cubes_per_player} cubes [game.limited-material]")
        if b.ships_free(s, p) < 0 or s.ships_port[p] < 0:
            out.append(f"{PLAYERS[p]} has more than {comp.ships_per_player} trade ships [ships.limit]")
        if any(g < 0 for g in s.goods[p]):
            out.append(f"{PLAYERS[p]} has a negative amount of goods")
        elif any(g > TRACK_MAX for g in s.goods[p]):
            out.append(f"{PLAYERS[p]} has more than {TRACK_MAX} of a good, beyond its track")
        if s.prestige[p] < 0:
            out.append(f"{PLAYERS[p]} has negative prestige")
        elif s.prestige[p] > TRACK_MAX:
            out.append(f"{PLAYERS[p]} has {s.prestige[p]} prestige, beyond the track (at most {TRACK_MAX})")
        if not -1 <= s.proxenos[p] < len(comp.poleis):
            out.append(f"{poss(p)} proxenos is nowhere on the map")
    if s.proxenos[0] >= 0 and s.proxenos[0] == s.proxenos[1] and s.proxenos[0] not in b.capital:
        # only a ransom, which sends a proxenos home, can bring the two together, so only in a capital
        out.append(f"both proxenoi stand in {comp.poleis[s.proxenos[0]].name}, which is no capital "
                   "[proxenos.one-per-polis, proxenos.ransom-shared-capital]")
    if len(s.markers) != len(comp.market_goods) or any(not 0 <= m < len(comp.market_table[3]) for m in s.markers):
        out.append("a market marker is off the track")
    for i, p in s.siege_discs:
        if not 0 <= i < len(s.owner) or p not in (0, 1) or b.polis_area[i] < 0:
            out.append("a siege disc stands where no siege can be [siege.discs]")
        elif s.units[b.polis_area[i]][p] == 0:
            out.append(f"{PLAYERS[p]} has a siege disc at {comp.poleis[i].name} but no hoplite in its territory "
                       "[siege.discs-removal]")
    for p in (0, 1):
        free = b.discs_free(s, p)
        if free is not None and free < 0:
            out.append(f"{PLAYERS[p]} uses more than {comp.discs_per_player} discs [game.discs-limit]")
    return out


_MAPPINGS = ("prestige", "goods", "poleis", "units", "proxenos", "ships_port", "markers", "siege_discs",
             "tribute_discs", "away")
_LISTS = ("display", "passed", "turn_actions", "tribute_done", "covered")


def _check_types(s: Any, args: Mapping[str, Any]) -> None:
    """TypeError, naming the argument, for what :func:`edit` cannot read at all."""
    if not isinstance(s, State):
        raise TypeError(f"edit needs a State (from pn.new_game or pn.position), not {type(s).__name__}")
    for name in _MAPPINGS:
        v = args[name]
        if v is not None and not isinstance(v, Mapping):
            raise TypeError(f"{name} must be a mapping (e.g. a dict by id), not {type(v).__name__}")
    for name in ("goods", "away"):
        for side, v in (args[name] or {}).items():
            if not isinstance(v, Mapping):
                raise TypeError(f"{name}[{side!r}] must be a mapping (e.g. {{'wine': 3}}), not {type(v).__name__}")
    for name in _LISTS:
        v = args[name]
        if v is not None and (isinstance(v, (str, bytes)) or not isinstance(v, (list, tuple))):
            raise TypeError(f"{name} must be a list of ids, not {type(v).__name__}")


def edit(s: State, *, round: str | int | None = None, to_move: str | None = None,
         prestige: Mapping[str, int] | None = None, goods: Mapping[str, Mapping[str, int]] | None = None,
         poleis: Mapping[str, Any] | None = None, units: Mapping[str, tuple[int, int]] | None = None,
         proxenos: Mapping[str, str | None] | None = None, ships_port: Mapping[str, int] | None = None,
         markers: Mapping[str, int] | None = None, display: list[str] | None = None,
         passed: list[str] | None = None, turn_actions: list[str] | None = None,
         tribute_done: list[str] | None = None, siege_discs: Mapping[str, Any] | None = None,
         covered: list[str] | None = None, tribute_discs: Mapping[str, int] | None = None,
         event: Any = _UNSET, away: Mapping[str, Mapping[str, int]] | None = None) -> State:
    """A copy of ``s`` changed as stated, waiting for ``to_move`` to choose an action.

    Changing the round drops the event in force (events belong to their round) and, in the second
    edition, leaves the black cubes a game would have at that round's start.

    ``event`` names the round's event card (one of the current round's deck), as it stands after the
    card was revealed: its lasting effects are in force (a closed market, a start player, the rules it
    changes for the round), its one-time effects are taken as done; ``event=None`` clears it.
    ``away`` says how many units of each side the card has sent off the board, e.g.
    ``{"athens": {"galley": 2}}`` with Egypt Rebels Against Persia.

    Second edition: ``siege_discs`` maps a polis to the side (or list of sides) with a siege disc
    beside it, e.g. ``{"thebai": "athens"}``; ``covered`` lists the offers still under a black cube
    (e.g. ``["persis.1", "persis.2"]``); ``tribute_discs`` says how many tribute discs each side placed
    this round (discs are limited in the second edition).

    Raises :class:`PositionError` naming every problem (unknown ids, broken invariants), and
    TypeError for an argument of the wrong type; the input state is never changed.
    """
    _check_types(s, locals())
    b = topology_of(s)
    comp = b.comp
    probs: list[str] = []

    def side_of(name: str, where: str) -> int | None:
        if name not in _P:
            probs.append(f"{where}: unknown side {name!r} (athens or sparta)")
            return None
        return _P[name]

    if round is not None:
        labels = [r.label for r in comp.rounds]
        if isinstance(round, int) and 0 <= round < len(labels):
            s = _to_round(s, round)
        elif str(round) in labels:
            s = _to_round(s, labels.index(str(round)))
        else:
            probs.append(f"round: {round!r} is not one of {', '.join(labels)}")
    for name, n in (prestige or {}).items():
        p = side_of(name, "prestige")
        if p is not None:
            s = s.evolve(prestige=tset(s.prestige, p, int(n)))
    for name, gs in (goods or {}).items():
        p = side_of(name, "goods")
        if p is None:
            continue
        for g, n in gs.items():
            if g not in b.good_index:
                probs.append(f"goods: unknown good {g!r}")
                continue
            s = s.evolve(goods=tset(s.goods, p, tset(s.goods[p], b.good_index[g], int(n))))
    for pid, val in (poleis or {}).items():
        if pid not in b.polis_index:
            probs.append(f"poleis: unknown polis {pid!r}")
            continue
        i = b.polis_index[pid]
        if val in (None, "neutral"):
            s = s.evolve(owner=tset(s.owner, i, NEUTRAL), pop=tset(s.pop, i, 0))
        else:
            who, n = (val, comp.poleis[i].base) if isinstance(val, str) else val
            p = side_of(who, f"poleis[{pid}]")
            if p is not None:
                s = s.evolve(owner=tset(s.owner, i, p), pop=tset(s.pop, i, int(n)))
    for aid, (a, sp) in (units or {}).items():
        if aid not in b.area_index:
            probs.append(f"units: unknown area {aid!r}")
            continue
        s = s.evolve(units=tset(s.units, b.area_index[aid], (int(a), int(sp))))
    for name, dest in (proxenos or {}).items():
        p = side_of(name, "proxenos")
        if p is None:
            continue
        if dest is None:
            s = s.evolve(proxenos=tset(s.proxenos, p, -1))
        elif dest not in b.polis_index:
            probs.append(f"proxenos: unknown polis {dest!r}")
        else:
            s = s.evolve(proxenos=tset(s.proxenos, p, b.polis_index[dest]))
    for name, n in (ships_port or {}).items():
        p = side_of(name, "ships_port")
        if p is not None:
            s = s.evolve(ships_port=tset(s.ships_port, p, int(n)))
    for g, pos in (markers or {}).items():
        if g not in comp.market_goods:
            probs.append(f"markers: {g!r} has no market marker")
        else:
            s = s.evolve(markers=tset(s.markers, comp.market_goods.index(g), int(pos)))
    if display is not None:
        bad = [t for t in display if t not in b.project_index]
        probs += [f"display: unknown project {t!r}" for t in bad]
        on = tuple(t for t in display if t in b.project_index)
        used = set(on) | {t for t, _ in s.started + s.done}
        s = s.evolve(display=on, pile=tuple(sorted(t for t in b.project_index if t not in used)))
    if passed is not None:
        ps = tuple(_P[x] for x in passed if side_of(x, "passed") is not None)
        s = s.evolve(passed=ps)
    if turn_actions is not None:
        s = s.evolve(turn_actions=tuple(turn_actions))
    if tribute_done is not None:
        s = s.evolve(tribute_done=tuple(sorted(b.area_index[t] for t in tribute_done if t in b.area_index)))
    if siege_discs is not None:
        discs = []
        for pid, who in siege_discs.items():
            if pid not in b.polis_index:
                probs.append(f"siege_discs: unknown polis {pid!r}")
                continue
            for name in ([who] if isinstance(who, str) else list(who)):
                p = side_of(name, f"siege_discs[{pid}]")
                if p is not None:
                    discs.append((b.polis_index[pid], p))
        if discs and not edition_of(s).siege_discs:
            probs.append("siege_discs: this edition has no siege discs [siege.discs]")
        s = s.evolve(siege_discs=tuple(sorted(discs)))
    for name, n in (tribute_discs or {}).items():
        p = side_of(name, "tribute_discs")
        if p is not None:
            s = s.evolve(tribute_discs=tset(s.tribute_discs, p, int(n)))
    if covered is not None:
        bad = [o for o in covered if o not in b.offer_index]
        probs += [f"covered: unknown offer {o!r}" for o in bad]
        if covered and not comp.market_covers:
            probs.append("covered: this edition has no black cubes on the markets [trade.black-cubes]")
        s = s.evolve(covered=tuple(sorted(b.offer_index[o] for o in covered if o in b.offer_index)))
    if event is not _UNSET:
        s = _with_event(s, event, probs)
    for name, units_away in (away or {}).items():
        p = side_of(name, "away")
        if p is not None:
            s = _with_away(s, p, name, units_away, probs)
    p = s.pending.player
    if to_move is not None:
        p = side_of(to_move, "to_move")
    if p is None or p < 0:
        p = 0 if p is None else s.start_player if s.start_player >= 0 else 1
    if p in s.passed:
        probs.append(f"to_move: {PLAYERS[p]} has already passed this round")
    probs += invariant_problems(s)
    if probs:
        raise PositionError(probs)
    return s.evolve(phase="actions", pending=Pending("turn", p), battle=None, battles=(), roundend=(), outcome=None,
                    sieged=(), log=())


def _with_event(s: State, cid: Any, probs: list[str]) -> State:
    """``s`` with the round's event set to card ``cid`` (or cleared for None), its lasting effects in force."""
    b = topology_of(s)
    offers = tuple(-1 if o == 2 else o for o in s.offers)  # 2 = closed by the event
    s = s.evolve(event=None, closed=(), triggers=(), start_player=-1, event_data=(), offers=offers)
    if cid is None:
        return s
    card = next((e for e in b.comp.events if e.id == cid), None)
    label = b.comp.rounds[s.round].label
    if card is None:
        probs.append(f"event: unknown event card {cid!r}")
        return s
    if card.deck != label:
        probs.append(f"event: {card.name} belongs to the deck of round {card.deck}, not of round {label} [round.event]")
        return s
    closed = tuple(str(e.args[0]) for e in card.effects if e.op == "close-market")
    for e in card.effects:
        if e.op == "close-offer" and offers[b.offer_index[str(e.args[0])]] < 0:
            offers = tset(offers, b.offer_index[str(e.args[0])], 2)
        if e.op == "start-player":
            s = s.evolve(start_player=_P[str(e.args[0])])
    later = card.timing in ("end-of-turn", "end-of-round") or any(e.when != "now" for e in card.effects)
    return s.evolve(event=card.id, closed=closed, offers=offers, triggers=(card.id,) if later else ())


def _with_away(s: State, p: int, name: str, units: Mapping[str, int], probs: list[str]) -> State:
    """``s`` with p's units abroad (sent off the board by the round's event) set."""
    e = in_force(s, "send-abroad", p)
    for unit, n in units.items():
        if e is None or unit != e.args[0]:
            probs.append(f"away: the round's event sends no {unit}s of {name} abroad [event.units-abroad]")
        elif int(n) < 0:
            probs.append(f"away: {name} cannot have {n} {unit}s abroad")
        else:
            s = set_memo(s, f"away-{unit}", p, int(n))
    return s


def _to_round(s: State, r: int) -> State:
    """``s`` moved to round ``r``: the earlier round's event leaves, and the black cubes (second
    edition) are those left after ``r`` round ends (``covered=`` may set them otherwise)."""
    if r == s.round:
        return s
    b = topology_of(s)
    covered = b.initial_covers()
    for _ in range(r):
        covered = b.lift_covers(covered)[0]
    return s.evolve(round=r, event=None, closed=(), triggers=(), start_player=-1, covered=covered, event_data=())


def position(edition: str = "ed1", seed: int = 0, **changes: Any) -> State:
    """A fresh game (first round set up with ``seed``) edited by :func:`edit`."""
    return edit(settle(new_game(edition, seed)), **changes)
