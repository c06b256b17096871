"""Event cards: drawing the round's card and resolving its effects from the effect vocabulary.

The reader (more prestige, Athens on a tie) applies their part first, then the other player.
Effects act when the card is revealed ("now"), after every turn of the round ("end-of-turn", the
timing of Hermenfrevel) or when the round ends ("end-of-round"). Some effects stay in force for the
whole round and are consulted by the rules they change: training and building (``hire-units``),
tribute (``quell-pacifists``, ``tribute-cap``) and battles (``battle-threshold``,
``double-battle-prestige``, ``replay-tied-exchanges``). Everything lasts for this round only. A card
whose effect no source states (``EventCard.effect_unknown``) changes nothing, and the log says so.

The rules a card puts in force, and what a card remembers during its round (``State.event_data``,
cleared when the next round is prepared), are read through :mod:`.modifiers`. When the card's part is
done, play goes on through the round's transitions (:mod:`.phases`). :func:`describe_card` is what a
renderer shows of a card.
"""
from __future__ import annotations

from fractions import Fraction

from . import phases
from ..data import Components, Effect, EventCard
from ..i18n import Phrase, message, plural
from .actions import Action, Explanation, shared
from .topology import Topology, topology_of
from .common import Log, add_good, add_prestige, have, polis_name, poss, say, side
from .decisions import decision, no_data, shape
from .modifiers import (EVENT_DATA_KEYS, PLAYER_IDS, UNIT_AREAS, away, deck_for_round, event_card,  # noqa: F401
                        in_force, memo, round_card, set_memo)
from .routes import trade_route
from .state import CHANCE, PLAYERS, Outcome, Pending, State, other, tset

# effects on the board itself, or rules in force for the round: they act (or are announced) once, in
# the reader's part
SHARED_OPS = frozenset({"close-market", "close-offer", "start-player", "landing", "battle-threshold", "tribute-cap",
                        "replay-tied-exchanges", "return-abroad", "hire-units", "quell-pacifists",
                        "double-battle-prestige"})
# the rule each effect op follows (cited by logs and by describe_card)
OP_RULES = {
    "gain": "event.effects", "lose": "event.effects", "place": "event.effects", "remove-own-unit": "event.effects",
    "close-market": "trade.market-closed", "close-offer": "trade.market-closed", "start-player": "event.start-player",
    "cede-polis": "event.betrayal", "send-abroad": "event.units-abroad", "return-abroad": "event.units-abroad",
    "sell-prestige": "event.treasury", "blockade-penalty": "event.free-trade",
    "double-battle-prestige": "event.great-commanders", "hire-units": "event.mercenaries",
    "quell-pacifists": "event.pacifism", "battle-threshold": "event.alcibiades", "landing": "event.carthage",
    "tribute-cap": "event.etna", "replay-tied-exchanges": "event.superstition",
}


# --------------------------------------------------------------------------------------------
# the cards


def describe_card(comp: Components, cid: str) -> dict:
    """What a renderer shows of an event card: id, name, deck (round label and name), copies, our
    one-line ``text``, ``effect_unknown`` with the ``note`` on what is known, ``timing``, the rule ids its
    effects follow, and its provenance (kind and source).

    ``text`` is the card's own text. Where the file gives none, a card with effects gets a sentence
    composed from them (:func:`effects_text`; ``composed`` is then True), so it never reads "no effect";
    a card without effects reads "effect unknown" (``effect_unknown``) or "no effect"."""
    ev = next(e for e in comp.events if e.id == cid)
    rnd = next((r for r in comp.rounds if r.label == ev.deck), None)
    rules = list(dict.fromkeys(OP_RULES[e.op] for e in ev.effects))
    if ev.effect_unknown:
        rules.append("event.unknown-effect")
    if ev.timing == "end-of-turn":
        rules.append("event.end-of-turn")
    prov = comp.provenance_of("events", cid)
    composed = not ev.text and bool(ev.effects)
    text = ev.text or (effects_text(comp, ev) if composed else "effect unknown" if ev.effect_unknown else "no effect")
    return {"id": ev.id, "name": ev.name, "deck": ev.deck, "round": rnd.name if rnd else ev.deck,
            "copies": ev.copies, "text": text, "composed": composed,
            "effect_unknown": ev.effect_unknown, "note": ev.note, "timing": ev.timing, "rules": rules,
            "provenance": prov.kind, "source": prov.source}


def effects_text(comp: Components, ev: EventCard) -> str:
    """A plain sentence saying what the card's effects do, one clause per effect in their order (with its
    timing when it does not act at once), for a card whose file gives no ``text``; "" without effects."""
    area = {a.id: a.name for a in comp.areas}
    market = {m.id: m.name for m in comp.markets}

    def who(p: str) -> str:
        return "each side" if p == "both" else side(PLAYER_IDS[p])

    def whose(p: str) -> str:
        return "each side's" if p == "both" else poss(PLAYER_IDS[p])

    def clause(e: Effect) -> str:
        a, w = e.args, who(e.player)
        if e.op in ("gain", "lose"):
            return f"{w} {e.op}s {a[1]} {a[0]}"
        if e.op == "place":
            return f"{w} places a {a[0]} from its supply in {area[str(a[1])]}"
        if e.op == "remove-own-unit":
            n = int(a[0])
            return f"{w} takes {'one' if n == 1 else n} of its own hoplites or galleys off the board"
        if e.op == "close-market":
            return f"{market[str(a[0])]} takes no trade this round"
        if e.op == "close-offer":
            return f"offer {a[0]} takes no trade this round"
        if e.op == "start-player":
            return f"{who(str(a[0]))} starts this round, whatever the prestige"
        if e.op == "cede-polis":
            return (f"{w} hands one of its poleis of population {a[0]} (not the capital) with its projects to the "
                    "rival, who picks it")
        if e.op == "send-abroad":
            unit, to, need, each = str(a[0]), market[str(a[1])], int(a[2]), int(a[3])
            paid = f" for {each} prestige each" if each else ""
            if need:
                return (f"before the round {w} sends at least {_units(need, unit)} to {to}{paid} (1 prestige for "
                        "each it cannot send)")
            return f"before the round {w} may send {unit}s to {to}{paid}"
        if e.op == "return-abroad":
            return ("the units sent abroad all come back" if a[0] == "all"
                    else "half the units sent abroad come back, rounded up")
        if e.op == "sell-prestige":
            return f"before the round {w} may give prestige for {a[0]} silver each"
        if e.op == "blockade-penalty":
            m1, m2, loss, galleys, s1, s2 = (str(x) for x in a)
            return (f"{'a side' if e.player == 'both' else w} ending its turn with the rival cut off from "
                    f"{market[m1]} or {market[m2]} loses {loss} prestige, unless it holds {galleys} galleys in "
                    f"{area[s1]} and {area[s2]}")
        if e.op == "double-battle-prestige":
            return f"once this round {w} may double the prestige it won in one battle"
        if e.op == "hire-units":
            return (f"this round {w} may hire hoplites and galleys for {a[0]} silver each, the cube coming from the "
                    "supply")
        if e.op == "quell-pacifists":
            return (f"this round tribute in {whose(e.player)} home region may put hoplites, up to the capital's "
                    f"population, on the pacifists for {a[0]} prestige each")
        if e.op == "battle-threshold":
            return f"this round a battle starts at {a[0]} units in an area"
        if e.op == "landing":
            where = area[str(a[0])]
            return (f"the side with more hoplites in {where} loses up to {a[1]} (both on a tie); an empty {where} "
                    "pays no tribute this round")
        if e.op == "tribute-cap":
            return f"at most {a[1]} hoplites collect tribute in {area[str(a[0])]} this round"
        if e.op == "replay-tied-exchanges":
            return "this round a battle exchange whose cards tie is fought again by the same attacker"
        raise ValueError(f"effect {e.op!r} is not in the vocabulary")  # pragma: no cover - the loader checks it

    when = {"now": "", "end-of-turn": "at the end of every turn, ", "end-of-round": "at round end, "}
    said = {("blockade-penalty", "end-of-turn")}  # clauses that name their moment themselves
    text = "; ".join(("" if (e.op, e.when) in said else when[e.when]) + clause(e) for e in ev.effects)
    return text[:1].upper() + text[1:] + "." if text else ""


# --------------------------------------------------------------------------------------------
# drawing and revealing


def event_options(s: State) -> list[Action]:
    return [shared("event", (e.id,)) for e in deck_for_round(s)]


def event_probability(s: State, a: Action) -> Fraction:
    deck = deck_for_round(s)
    total = sum(e.copies for e in deck)
    return Fraction(next(e.copies for e in deck if e.id == a.args[0]), total)


def event_weights(s: State, acts) -> list[tuple[int, int]]:
    """The probability of each card in ``acts`` as (numerator, denominator): its copies over the
    cards of the round's deck (the first card of that id, as :func:`event_probability`)."""
    deck = deck_for_round(s)
    total = sum(e.copies for e in deck)
    copies: dict[str, int] = {}
    for e in deck:
        copies.setdefault(e.id, e.copies)
    return [(copies[a.args[0]], total) for a in acts]


def reader(s: State) -> int:
    """Who reads the event: more prestige, Athens on a tie."""
    a, sp = s.prestige
    return 1 if sp > a else 0


def event_apply(s: State, a: Action, log: Log) -> State:
    ev = event_card(s, a.args[0])
    r = reader(s)
    say(log, f"{side(r)} reveals the event: {ev.name}", "round.event", player=r)
    s = s.evolve(event=ev.id)
    if ev.effect_unknown:
        later = ev.timing == "end-of-turn"
        say(log, f"{ev.name}: no source states this card's effect, so nothing is applied"
            + ("; its effect would act at the end of every turn" if later else ""),
            "event.unknown-effect", *(("event.hermenfrevel",) if later else ()))
    if ev.timing in ("end-of-turn", "end-of-round") or any(e.when != "now" for e in ev.effects):
        s = s.evolve(triggers=s.triggers + (ev.id,))
    return _resolve(s, ev.id, _steps(s, ev, "now", r), log)


def _steps(s: State, ev: EventCard, when: str, first: int) -> tuple:
    """(effect index, player) steps in resolution order: the first player's part, then the other's."""
    out = []
    for p in (first, other(first)):
        for k, e in enumerate(ev.effects):
            if e.when != when:
                continue
            if e.op in SHARED_OPS:
                if p == first:
                    out.append((k, p))
            elif e.player == "both" or PLAYER_IDS.get(e.player) == p:
                out.append((k, p))
    return tuple(out)


def _resolve(s: State, cid: str, steps: tuple, log: Log) -> State:
    """Apply steps until one needs a decision; when all are done the round's actions begin."""
    ev = event_card(s, cid)
    while steps:
        (k, p), steps = steps[0], steps[1:]
        e = ev.effects[k]
        ask = _ASK.get(e.op)
        if ask is not None:
            s, waiting = ask(s, cid, k, p, steps, log)
        else:
            s, waiting = apply_effect(s, e, p, log, ev.name), False
        if waiting or s.outcome is not None:
            return s
    return phases.go("begin-actions", s, log)


def _lose_game(s: State, p: int, n: int, name: str, log: Log) -> State:
    say(log, f"{name}: {side(p)} must pay {n} prestige but has {s.prestige[p]}, and loses the game",
        "end.prestige-owed", player=p)
    return s.evolve(prestige=tset(s.prestige, p, 0), pending=Pending("over", CHANCE), phase="over",
                    outcome=Outcome(side(other(p)).lower(), None, f"{side(p)} owed prestige it lacked",
                                    ("end.prestige-owed",)))


def pay_prestige(s: State, p: int, n: int, name: str, log: Log, text: str, *rules: str) -> State:
    """``p`` pays ``n`` prestige for an event (and loses the game if it cannot)."""
    if s.prestige[p] < n:
        return _lose_game(s, p, n, name, log)
    say(log, f"{name}: {text}", *rules, player=p)
    return add_prestige(s, p, -n)


def apply_effect(s: State, e: Effect, p: int, log: Log, name: str) -> State:
    """Apply one effect that needs no decision (or announce a rule the card puts in force)."""
    b = topology_of(s)
    op, args = e.op, e.args
    if op == "gain":
        what, n = str(args[0]), int(args[1])
        s = add_prestige(s, p, n) if what == "prestige" else add_good(s, p, what, n)
        say(log, f"{name}: {side(p)} gains {n} {what}", "event.effects", player=p)
    elif op == "lose":
        what, n = str(args[0]), int(args[1])
        if what == "prestige":
            return pay_prestige(s, p, n, name, log, f"{side(p)} loses {n} prestige", "event.effects")
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
    elif op == "landing":
        s = _landing(s, b.area_index[str(args[0])], int(args[1]), name, log)
    elif op in _IN_FORCE_TEXT:
        say(log, f"{name}: {_IN_FORCE_TEXT[op](e, b)}", OP_RULES[op])
    else:  # pragma: no cover - the loader validates the vocabulary and _resolve routes the rest
        raise ValueError(f"effect {op!r} cannot act here")
    return s


def _whom(e: Effect) -> str:
    return "each side" if e.player == "both" else side(PLAYER_IDS[e.player])


def _whose(e: Effect) -> str:
    return "each side's" if e.player == "both" else poss(PLAYER_IDS[e.player])


def _units(n: int, unit: str) -> str:
    """The number and the unit: "1 galley", "3 galleys"."""
    return f"{n} {unit}{'' if n == 1 else 's'}"


_IN_FORCE_TEXT = {
    "hire-units": lambda e, b: f"this round {_whom(e)} may hire hoplites and galleys for {e.args[0]} silver each, "
                               "taking the cube from its supply instead of the polis",
    "quell-pacifists": lambda e, b: f"this round tribute in {_whose(e)} home region may put hoplites, up to the "
                                    f"capital's population, on the pacifists, worth {e.args[0]} prestige each",
    "double-battle-prestige": lambda e, b: f"once this round {_whom(e)} may double the prestige won in one battle",
    "battle-threshold": lambda e, b: f"this round a battle starts at {e.args[0]} units in an area",
    "tribute-cap": lambda e, b: f"this round at most {e.args[1]} hoplites collect tribute in "
                                f"{b.name(b.area_index[str(e.args[0])])}",
    "replay-tied-exchanges": lambda e, b: "this round a battle exchange whose cards tie (every attacking card "
                                          "matched by one of equal value) is fought again by the same attacker",
}


def _landing(s: State, t: int, most: int, name: str, log: Log) -> State:
    """Carthage lands: the stronger side in the territory loses up to ``most`` hoplites (both on a
    tie); with no hoplite left there, the territory pays no tribute this round."""
    b = topology_of(s)
    a, sp = s.units[t]
    hit = (0,) if a > sp else (1,) if sp > a else (0, 1)
    u = s.units[t]
    for p in hit:
        n = min(most, u[p])
        if n:
            u = tset(u, p, u[p] - n)
            say(log, f"{name}: {side(p)} loses {n} hoplite{'s' if n > 1 else ''} in {b.name(t)}"
                + (" (the stronger side there)" if len(hit) == 1 else " (both sides are equally strong)"),
                "event.carthage", player=p)
    s = s.evolve(units=tset(s.units, t, u))
    if u == (0, 0) and t not in s.tribute_done:
        s = s.evolve(tribute_done=tuple(sorted(s.tribute_done + (t,))))
        say(log, f"{name}: no Greek hoplite is left in {b.name(t)}, which pays no tribute this round",
            "event.carthage", "tribute.once-per-round")
    return s


# --------------------------------------------------------------------------------------------
# effects that ask a player (each returns the state and whether it now waits for a decision)


def _ask_remove(s: State, cid: str, k: int, p: int, steps: tuple, log: Log):
    if any(u[p] for u in s.units):
        return s.evolve(pending=Pending("event-remove", p, (cid, steps))), True
    say(log, f"{event_card(s, cid).name}: {side(p)} has no unit to remove", "event.effects", player=p)
    return s, False


def _cede_choices(s: State, giver: int, pop: int) -> list[int]:
    """Poleis the giver may lose to Betrayal: its own of that population, not its capital, and not
    one it has just received from the same card."""
    b = topology_of(s)
    received = {n - 1 for key, q, n in s.event_data if key == "ceded" and q == giver}  # stored as index + 1
    return [i for i, o in enumerate(s.owner)
            if o == giver and s.pop[i] == pop and i != b.capital[giver] and i not in received]


def _ask_cede(s: State, cid: str, k: int, p: int, steps: tuple, log: Log):
    ev = event_card(s, cid)
    pop = int(ev.effects[k].args[0])
    q = other(p)
    if not _cede_choices(s, p, pop):
        say(log, f"{ev.name}: {side(p)} owns no polis of population {pop} besides its capital, so none changes "
            "sides", "event.betrayal", player=p)
        return s, False
    if topology_of(s).supply(s, q) < pop:
        say(log, f"{ev.name}: {side(q)} has no cube in supply to take a polis of {side(p)}", "event.betrayal",
            "event.effects", player=q)
        return s, False
    return s.evolve(pending=Pending("event-cede", q, (cid, steps, k))), True


def _ask_send(s: State, cid: str, k: int, p: int, steps: tuple, log: Log):
    e = event_card(s, cid).effects[k]
    if _send_areas(s, p, str(e.args[0])):
        return s.evolve(pending=Pending("event-send", p, (cid, steps, k, 0))), True
    return _sent(s, cid, k, p, 0, log), False


def _ask_sell(s: State, cid: str, k: int, p: int, steps: tuple, log: Log):
    if s.prestige[p] < 1:
        say(log, f"{event_card(s, cid).name}: {side(p)} has no prestige to give", "event.treasury", player=p)
        return s, False
    return s.evolve(pending=Pending("event-sell", p, (cid, steps, k))), True


_ASK = {"remove-own-unit": _ask_remove, "cede-polis": _ask_cede, "send-abroad": _ask_send, "sell-prestige": _ask_sell}


# --- remove-own-unit (Philopersians)

def remove_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [Action("remove", (b.area_ids[i],)) for i, u in enumerate(s.units) if u[p]]


def remove_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    cid, steps = s.pending.data
    b = topology_of(s)
    i = b.area_index[a.args[0]]
    u = s.units[i]
    s = s.evolve(units=tset(s.units, i, tset(u, p, u[p] - 1)))
    kind = "galley" if b.is_sea[i] else "hoplite"
    say(log, f"{event_card(s, cid).name}: {side(p)} removes a {kind} from {b.name(i)}", "event.effects", player=p)
    return _resolve(s, cid, steps, log)


def _remove_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    b = topology_of(s)
    if len(a.args) != 1 or a.args[0] not in b.area_index:
        return Explanation.of(False, "Write 'remove <area>', naming an area holding one of your units.",
                              "decision.wrong-kind")
    if s.units[b.area_index[a.args[0]]][p] < 1:
        return Explanation.of(False, f"{side(p)} has no unit in {b.name(b.area_index[a.args[0]])} to remove.",
                              "event.effects")
    return None


# --- cede-polis (Betrayal): the receiver takes one polis of the giver

def cede_options(s: State) -> list[Action]:
    q = s.pending.player
    cid, _, k = s.pending.data
    b = topology_of(s)
    pop = int(event_card(s, cid).effects[k].args[0])
    return [Action("take", (b.polis_ids[i],)) for i in _cede_choices(s, other(q), pop)]


def cede_apply(s: State, a: Action, log: Log) -> State:
    q = s.pending.player
    p = other(q)
    cid, steps, _ = s.pending.data
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    s = s.evolve(owner=tset(s.owner, i, q))
    s = set_memo(s, "ceded", q, i + 1)
    say(log, f"{event_card(s, cid).name}: {polis_name(b, i)} ({s.pop[i]} cube{'s' if s.pop[i] > 1 else ''}) leaves "
        f"{side(p)} for {side(q)}, with its projects", "event.betrayal", "project.follows-polis", player=q)
    return _resolve(s, cid, steps, log)


def _cede_why(s: State, a: Action) -> Explanation | None:
    q = s.pending.player
    b = topology_of(s)
    cid, _, k = s.pending.data
    pop = int(event_card(s, cid).effects[k].args[0])
    names = ", ".join(str(x) for x in cede_options(s))
    return Explanation.of(False, f"{side(q)} takes one polis of {side(other(q))} with population {pop}, never its "
                          f"capital nor a polis that has just changed sides: {names}.", "event.betrayal")


# --- send-abroad (Egypt Revolts, Murder of the Persian King)

def _send_areas(s: State, p: int, unit: str) -> list[int]:
    b = topology_of(s)
    sea = UNIT_AREAS[unit] == "sea"
    return [i for i, u in enumerate(s.units) if u[p] and b.is_sea[i] == sea]


def send_options(s: State) -> list[Action]:
    p = s.pending.player
    cid, _, k, sent = s.pending.data
    e = event_card(s, cid).effects[k]
    b = topology_of(s)
    out = [Action("send", (b.area_ids[i],)) for i in _send_areas(s, p, str(e.args[0]))]
    if sent >= int(e.args[2]):
        out.append(shared("end"))
    return out


def send_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    cid, steps, k, sent = s.pending.data
    ev = event_card(s, cid)
    e = ev.effects[k]
    unit, market, each = str(e.args[0]), str(e.args[1]), int(e.args[3])
    b = topology_of(s)
    if a.kind == "end":
        say(log, f"{ev.name}: {side(p)} sends no more {unit}s", "event.units-abroad", player=p)
        return _resolve(_sent(s, cid, k, p, sent, log), cid, steps, log)
    i = b.area_index[a.args[0]]
    u = s.units[i]
    s = s.evolve(units=tset(s.units, i, tset(u, p, u[p] - 1)))
    s = set_memo(s, f"away-{unit}", p, memo(s, f"away-{unit}", p) + 1)
    mname = b.comp.markets[b.market_index[market]].name
    if each:
        s = add_prestige(s, p, each)
    say(log, f"{ev.name}: {side(p)} sends a {unit} from {b.name(i)} to {mname}"
        + (f" (+{each} prestige)" if each else ""), "event.units-abroad", player=p)
    sent += 1
    if not _send_areas(s, p, unit):
        s = _sent(s, cid, k, p, sent, log)
        return s if s.outcome is not None else _resolve(s, cid, steps, log)
    return s.evolve(pending=Pending("event-send", p, (cid, steps, k, sent)))


def _sent(s: State, cid: str, k: int, p: int, sent: int, log: Log) -> State:
    """The sending is over: one prestige for each unit of the required number that could not go."""
    ev = event_card(s, cid)
    e = ev.effects[k]
    missing = max(0, int(e.args[2]) - sent)
    if not missing:
        if not sent and not _send_areas(s, p, str(e.args[0])):
            say(log, f"{ev.name}: {side(p)} has no {e.args[0]} to send", "event.units-abroad", player=p)
        return s
    return pay_prestige(s, p, missing, ev.name, log, f"{side(p)} cannot send {missing} more {e.args[0]}"
                        f"{'s' if missing > 1 else ''} and loses {missing} prestige", "event.units-abroad")


def _send_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    cid, _, k, sent = s.pending.data
    e = event_card(s, cid).effects[k]
    if a.kind == "end":
        return Explanation.of(False, f"{side(p)} must send at least {_units(int(e.args[2]), str(e.args[0]))} "
                              "while it has any "
                              f"(sent so far: {sent}).", "event.units-abroad")
    return Explanation.of(False, f"Send one of {poss(p)} own {e.args[0]}s: "
                          + ", ".join(str(x) for x in send_options(s)) + ".", "event.units-abroad")


# --- sell-prestige (Transfer of the Treasury)

def sell_options(s: State) -> list[Action]:
    return [Action("sell", (str(n),)) for n in range(s.prestige[s.pending.player] + 1)]


def sell_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    cid, steps, k = s.pending.data
    ev = event_card(s, cid)
    n, each = int(a.args[0]), int(ev.effects[k].args[0])
    if n:
        s = add_good(add_prestige(s, p, -n), p, "silver", n * each)
        say(log, f"{ev.name}: {side(p)} gives {n} prestige for {n * each} silver", "event.treasury", player=p)
    else:
        say(log, f"{ev.name}: {side(p)} keeps its prestige", "event.treasury", player=p)
    return _resolve(s, cid, steps, log)


def _sell_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    return Explanation.of(False, f"Write 'sell <n>' with n from 0 to {s.prestige[p]}, the prestige {side(p)} has.",
                          "event.treasury")


def _draw_event_context(s: State, b: Topology) -> str | None:
    return no_data(s, b) or (None if deck_for_round(s) else "this round has no event deck")


def _event_step(op: str | None, *more: type):
    """The context of a decision an event card asks for: [card, remaining steps] (plus, when ``op`` is
    given, the index of the card's effect ``op`` and the ``more`` values)."""
    def check(s: State, b: Topology) -> str | None:
        d = s.pending.data
        types = (str, tuple) + ((int,) + more if op else ())
        if not shape(d, *types) or d[0] != s.event:
            return f"expected [this round's event, its remaining steps{', effect index' if op else ''}, ...]"
        effects = next(e for e in b.comp.events if e.id == d[0]).effects
        for step in d[1]:
            if not (type(step) is tuple and shape(step, int, int) and 0 <= step[0] < len(effects)
                    and step[1] in (0, 1)):
                return "each remaining step is [effect index, player]"
        if op and not (0 <= d[2] < len(effects) and effects[d[2]].op == op):
            return f"effect {d[2]} of the card is no {op!r} effect"
        if any(type(x) is int and not 0 <= x <= b.comp.cubes_per_player for x in d[3:]):
            return "a count is out of range"
        return None
    return check


decision("draw-event", "start", event_options, event_apply, keywords=("event",), prompt="draw the round's event",
         context=_draw_event_context, weights=event_weights)
decision("event-remove", "start", remove_options, remove_apply, _remove_why, keywords=("remove",),
         prompt="remove one of its units", target="area", why_template="remove {}", context=_event_step(None))
decision("event-cede", "start", cede_options, cede_apply, _cede_why, keywords=("take",),
         prompt="take a polis the event hands over", context=_event_step("cede-polis"))
decision("event-send", "start", send_options, send_apply, _send_why, keywords=("send", "end"),
         prompt="send units abroad for the event (or end)", context=_event_step("send-abroad", int))
decision("event-sell", "start", sell_options, sell_apply, _sell_why, keywords=("sell",),
         prompt="choose how much prestige to give for silver", context=_event_step("sell-prestige"))


# --------------------------------------------------------------------------------------------
# end of turn and end of round


def end_of_turn(s: State, p: int, log: Log) -> State:
    """Apply end-of-turn effects of the round's event (Hermenfrevel's timing, per the errata)."""
    for cid in s.triggers:
        ev = event_card(s, cid)
        for k, q in _steps(s, ev, "end-of-turn", p):
            e = ev.effects[k]
            if e.op == "blockade-penalty":
                if q == p:  # only the side whose turn ends is judged
                    s = _blockade(s, e, p, log, ev.name)
            elif e.op not in _ASK:  # a choice at turn end is not in the vocabulary of triggers
                say(log, f"{ev.name} acts at the end of the turn", "event.end-of-turn")
                s = apply_effect(s, e, q, log, ev.name)
            if s.outcome is not None:
                return s
    return s


def _blockade(s: State, e: Effect, p: int, log: Log, name: str) -> State:
    """Free Trade: ``p`` loses prestige when its control leaves the rival no free route to one of the
    two markets, unless it keeps the stated number of galleys in the two seas."""
    b = topology_of(s)
    m1, m2, n, galleys, sea1, sea2 = e.args
    r = other(p)
    cut = [m for m in (str(m1), str(m2)) if trade_route(s, r, m) is None]
    if not cut:
        return s
    names = " and ".join(b.comp.markets[b.market_index[m]].name for m in cut)
    held = s.units[b.area_index[str(sea1)]][p] + s.units[b.area_index[str(sea2)]][p]
    if held >= int(galleys):
        say(log, f"{name}: {side(p)} blocks {poss(r)} route to {names} but keeps {held} galleys in "
            f"{b.name(b.area_index[str(sea1)])} and {b.name(b.area_index[str(sea2)])}, so it pays nothing",
            "event.free-trade", player=p)
        return s
    return pay_prestige(s, p, int(n), name, log, f"{side(p)} ends its turn blocking {poss(r)} route to {names} "
                        f"and loses {n} prestige", "event.free-trade", "event.end-of-turn")


def end_of_round(s: State, log: Log) -> tuple[State, bool]:
    """End-of-round effects of the round's event, before the round-end steps. Returns the state and
    whether it waits for a player (units coming back are placed one at a time)."""
    for cid in s.triggers:
        ev = event_card(s, cid)
        for k, q in _steps(s, ev, "end-of-round", reader(s)):
            e = ev.effects[k]
            if e.op == "return-abroad":
                s = _coming_back(s, str(e.args[0]), ev.name, log)
            elif e.op not in _ASK:
                s = apply_effect(s, e, q, log, ev.name)
            if s.outcome is not None:
                return s, False
    return _next_return(s, reader(s), log)


def _coming_back(s: State, share: str, name: str, log: Log) -> State:
    """The share of each side's units abroad that comes back; the rest return to the supply (lost)."""
    for p in (0, 1):
        for unit, n in away(s, p).items():
            back = n if share == "all" else (n + 1) // 2
            rules = ["event.units-abroad"] + (["event.egypt-rounding"] if share == "half-up" else [])
            how = "" if share == "all" else f", half rounded up in {poss(p)} favour; {n - back} lost"
            say(log, f"{name}: {back} of {poss(p)} {_units(n, unit)} abroad {'comes' if back == 1 else 'come'} "
                f"back{how}",
                *rules, player=p)
            s = set_memo(s, f"away-{unit}", p, back)
    return s


def _return_areas(s: State, p: int, unit: str) -> list[int]:
    b = topology_of(s)
    sea = UNIT_AREAS[unit] == "sea"
    lim = b.limit(s)
    return [i for i in range(len(s.units)) if b.is_sea[i] == sea and s.units[i][p] < lim]


def _next_return(s: State, p: int, log: Log) -> tuple[State, bool]:
    """Ask the next side (``p`` first, then the other, alternating) to place a unit coming back."""
    for q in (p, other(p)):
        for unit, n in away(s, q).items():
            if _return_areas(s, q, unit):
                return s.evolve(pending=Pending("event-return", q, (unit,))), True
            s = set_memo(s, f"away-{unit}", q, 0)
            say(log, f"{event_card(s, s.event).name if s.event else 'The event'}: no area has room for {poss(q)} "
                f"{_units(n, unit)}, which {'goes' if n == 1 else 'go'} back to its supply", "event.units-abroad",
                "stack.limit", player=q)
    return s, False


def return_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [Action("place", (b.area_ids[i],)) for i in _return_areas(s, p, s.pending.data[0])]


def return_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    unit = s.pending.data[0]
    b = topology_of(s)
    i = b.area_index[a.args[0]]
    u = s.units[i]
    s = s.evolve(units=tset(s.units, i, tset(u, p, u[p] + 1)))
    s = set_memo(s, f"away-{unit}", p, memo(s, f"away-{unit}", p) - 1)
    say(log, f"{round_card(s).name}: {poss(p)} {unit} comes back to {b.name(i)}", "event.units-abroad",
        player=p)
    s, waiting = _next_return(s, other(p), log)
    return s if waiting else phases.go("resume-roundend", s.evolve(roundend=(0, 0)), log)


def _return_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    return Explanation.of(False, f"Place {poss(p)} {s.pending.data[0]} in an area of its kind below the stacking "
                          "limit: " + ", ".join(str(x) for x in return_options(s)) + ".", "event.units-abroad",
                          "stack.limit")


def _return_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, str) or d[0] not in UNIT_AREAS:
        return "expected [\"hoplite\"] or [\"galley\"]"
    if not memo(s, f"away-{d[0]}", s.pending.player):
        return f"{PLAYERS[s.pending.player]} has no {d[0]} abroad to bring back [event.units-abroad]"
    return None


decision("event-return", "roundend", return_options, return_apply, _return_why, keywords=("place",),
         prompt="place a unit coming back", context=_return_context)


def offer_doubling(s: State, turn_of: int, log: Log) -> tuple[State, bool]:
    """A battle is over: a side that won prestige in it may double it once this round (Great
    Commanders). Returns the state and whether it waits for that choice."""
    for p in (0, 1):
        if memo(s, "battle-prestige", p):
            return s.evolve(pending=Pending("event-double", p, (turn_of,))), True
    return s, False


def double_options(s: State) -> list[Action]:
    return [Action("double"), Action("keep")]


def double_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    n = memo(s, "battle-prestige", p)
    name = round_card(s).name
    s = set_memo(s, "battle-prestige", p, 0)
    if a.kind == "double":
        s = set_memo(add_prestige(s, p, n), "doubled", p, 1)
        say(log, f"{name}: {side(p)} doubles the {n} prestige it won in this battle (+{n})",
            "event.great-commanders", player=p)
    else:
        say(log, f"{name}: {side(p)} keeps the doubling for a later battle", "event.great-commanders", player=p)
    return phases.go("after-battle", s, s.pending.data[0], log)


def _double_why(s: State, a: Action) -> Explanation | None:
    return Explanation.of(False, "Write 'double' to double the prestige won in this battle (once this round) or "
                          "'keep' to save it.", "event.great-commanders")


def _double_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, int) or d[0] not in (0, 1):
        return "expected [the player whose turn the battle followed]"
    if not memo(s, "battle-prestige", s.pending.player):
        return f"{PLAYERS[s.pending.player]} won no prestige in the battle to double [event.great-commanders]"
    return None


decision("event-double", "battles", double_options, double_apply, _double_why, keywords=("double", "keep"),
         prompt="double the prestige won in this battle, or keep the choice", context=_double_context)
