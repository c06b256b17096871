"""Event cards: drawing the round's card and resolving its effects from the effect vocabulary.

The reader (more prestige, Athens on a tie) applies their part first, then the other player.
Effects marked ``end-of-turn`` act after every turn of the round (Hermenfrevel-style cards);
``end-of-round`` effects act when the round ends. Everything lasts for this round only.
"""
from __future__ import annotations

from fractions import Fraction

from .actions import Action, Explanation
from .board import board
from .common import Log, add_good, add_prestige, have, say, side
from .registry import decision
from .state import CHANCE, Outcome, Pending, State, other, tset

PLAYER_IDS = {"athens": 0, "sparta": 1}
SHARED_OPS = frozenset({"close-market", "close-offer", "start-player"})


def deck_for_round(s: State) -> list:
    b = board(s)
    label = b.comp.rounds[s.round].label
    return [e for e in b.comp.events if e.deck == label]


def event_options(s: State) -> list[Action]:
    return [Action("event", (e.id,)) for e in deck_for_round(s)]


def event_probability(s: State, a: Action) -> Fraction:
    deck = deck_for_round(s)
    total = sum(e.copies for e in deck)
    return Fraction(next(e.copies for e in deck if e.id == a.args[0]), total)


def card(s: State, cid: str):
    return next(e for e in board(s).comp.events if e.id == cid)


def event_apply(s: State, a: Action, log: Log) -> State:
    from .flow import reader

    ev = card(s, a.args[0])
    r = reader(s)
    say(log, f"{side(r)} reveals the event: {ev.name}", "round.event", player=r)
    s = s.evolve(event=ev.id)
    if any(e.when != "now" for e in ev.effects):
        s = s.evolve(triggers=s.triggers + (ev.id,))
    return _resolve(s, ev.id, _steps(s, ev, "now", r), log)


def _steps(s: State, ev, when: str, first: int) -> tuple:
    """(effect index, player) steps in resolution order: the first player's part, then the other's."""
    out = []
    for p in (first, other(first)):
        for k, e in enumerate(ev.effects):
            if e.when != when:
                continue
            if e.op in SHARED_OPS:  # effects on the board itself act once, in the reader's part
                if p == first:
                    out.append((k, p))
            elif e.player == "both" or PLAYER_IDS.get(e.player) == p:
                out.append((k, p))
    return tuple(out)


def _resolve(s: State, cid: str, steps: tuple, log: Log) -> State:
    """Apply steps until one needs a decision; when all are done the round's actions begin."""
    from .flow import begin_actions

    ev = card(s, cid)
    while steps:
        (k, p), steps = steps[0], steps[1:]
        e = ev.effects[k]
        if e.op == "remove-own-unit":
            if any(u[p] for u in s.units):
                return s.evolve(pending=Pending("event-remove", p, (cid, steps)))
            say(log, f"{side(p)} has no unit to remove", "event.effects", player=p)
            continue
        s = apply_effect(s, e, p, log, ev.name)
        if s.outcome is not None:
            return s
    return begin_actions(s, log)


def apply_effect(s: State, e, p: int, log: Log, name: str) -> State:
    b = board(s)
    op, args = e.op, e.args
    if op == "gain":
        what, n = args[0], int(args[1])
        s = add_prestige(s, p, n) if what == "prestige" else add_good(s, p, what, n)
        say(log, f"{name}: {side(p)} gains {n} {what}", "event.effects", player=p)
    elif op == "lose":
        what, n = args[0], int(args[1])
        if what == "prestige":
            if s.prestige[p] < n:
                say(log, f"{name}: {side(p)} must pay {n} prestige but has {s.prestige[p]}, and loses the game",
                    "end.prestige-owed", player=p)
                return s.evolve(prestige=tset(s.prestige, p, 0), pending=Pending("over", CHANCE), phase="over",
                                outcome=Outcome(side(other(p)).lower(), None, f"{side(p)} owed prestige it lacked",
                                                ("end.prestige-owed",)))
            s = add_prestige(s, p, -n)
        else:
            n = min(n, have(s, p, what))
            s = add_good(s, p, what, -n)
        say(log, f"{name}: {side(p)} loses {n} {what}", "event.effects", player=p)
    elif op == "place":
        unit, area = args[0], b.area_index[str(args[1])]
        if b.supply(s, p) < 1 or s.units[area][p] >= b.limit(s):
            say(log, f"{name}: no {unit} for {side(p)} in {b.name(area)} (no supply cube or stacking limit)",
                "event.effects", "stack.limit", player=p)
        else:
            u = s.units[area]
            s = s.evolve(units=tset(s.units, area, tset(u, p, u[p] + 1)))
            say(log, f"{name}: {side(p)} places a {unit} in {b.name(area)}", "event.effects", player=p)
    elif op == "close-market":
        m = str(args[0])
        if m not in s.closed:
            s = s.evolve(closed=s.closed + (m,))
            say(log, f"{name}: {b.comp.markets[b.market_index[m]].name} takes no trade this round", "event.effects",
                "trade.market-closed")
    elif op == "close-offer":
        oi = b.offer_index[str(args[0])]
        if s.offers[oi] < 0:
            s = s.evolve(offers=tset(s.offers, oi, 2))  # 2 = closed by an event
            say(log, f"{name}: offer {args[0]} is closed this round", "event.effects", "trade.market-closed")
    elif op == "start-player":
        q = PLAYER_IDS[str(args[0])]
        s = s.evolve(start_player=q)
        say(log, f"{name}: {side(q)} will start this round", "event.start-player")
    else:  # pragma: no cover - the loader validates the vocabulary
        raise ValueError(f"unknown effect {op!r}")
    return s


def remove_options(s: State) -> list[Action]:
    p = s.pending.player
    b = board(s)
    return [Action("remove", (b.area_ids[i],)) for i, u in enumerate(s.units) if u[p]]


def remove_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    cid, steps = s.pending.data
    b = board(s)
    i = b.area_index[a.args[0]]
    u = s.units[i]
    s = s.evolve(units=tset(s.units, i, tset(u, p, u[p] - 1)))
    kind = "galley" if b.is_sea[i] else "hoplite"
    say(log, f"{card(s, cid).name}: {side(p)} removes a {kind} from {b.name(i)}", "event.effects", player=p)
    return _resolve(s, cid, steps, log)


def _remove_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    b = board(s)
    if len(a.args) != 1 or a.args[0] not in b.area_index:
        return Explanation.of(False, "Write 'remove <area>', naming an area holding one of your units.",
                              "decision.wrong-kind")
    if s.units[b.area_index[a.args[0]]][p] < 1:
        return Explanation.of(False, f"{side(p)} has no unit in {b.name(b.area_index[a.args[0]])} to remove.",
                              "event.effects")
    return None


decision("draw-event", event_options, event_apply)
decision("event-remove", remove_options, remove_apply, _remove_why)


def end_of_turn(s: State, p: int, log: Log) -> State:
    """Apply end-of-turn effects of the round's event (yucata's reading of Hermenfrevel)."""
    for cid in s.triggers:
        ev = card(s, cid)
        steps = _steps(s, ev, "end-of-turn", p)
        for k, q in steps:
            e = ev.effects[k]
            if e.op == "remove-own-unit":
                continue  # a choice at turn end is not in the known vocabulary of triggers
            say(log, f"{ev.name} acts at the end of the turn", "event.end-of-turn")
            s = apply_effect(s, e, q, log, ev.name)
            if s.outcome is not None:
                return s
    return s


def end_of_round(s: State, log: Log) -> State:
    from .flow import reader

    for cid in s.triggers:
        ev = card(s, cid)
        for k, q in _steps(s, ev, "end-of-round", reader(s)):
            e = ev.effects[k]
            if e.op == "remove-own-unit":
                continue
            s = apply_effect(s, e, q, log, ev.name)
            if s.outcome is not None:
                return s
    return s
