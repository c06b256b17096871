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
from typing import Any

from . import phases
from ..data import Components, Effect, EventCard, default_components
from ..i18n import Message, Phrase, message, plural, render, resolve
from .actions import Action, Explanation, shared
from .topology import Topology, topology_of
from .common import Log, add_good, add_prestige, ended, explained, have, say, side_id
from .words import names_of
from .decisions import decision, no_data, shape
from .modifiers import (EVENT_DATA_KEYS, PLAYER_IDS, UNIT_AREAS, away, deck_for_round, event_card,  # noqa: F401
                        in_force, memo, round_card, set_memo)
from .routes import trade_route
from .state import CHANCE, PLAYERS, Pending, State, other, tset

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


_declare = message  # (a message made from data: scripts/i18n.py takes it from the registry, not the code)
NO_EFFECT = message("card.no-effect", "no effect")
EFFECT_UNKNOWN = message("card.effect-unknown", "effect unknown")


def _card_texts() -> dict[tuple[str, str], Message]:
    """The packaged sets' cards' own texts as messages ``card-text.<set>.<card id>``, their words the
    set's text (a catalogue gives each language's; scripts/i18n.py adds them to the template)."""
    out: dict[tuple[str, str], Message] = {}
    for edition in ("ed1", "ed2"):
        comp = default_components(edition)
        for ev in comp.events:
            if ev.text:
                out[(comp.name, ev.id)] = _declare(f"card-text.{comp.name}.{ev.id}", ev.text)
    return out


CARD_TEXTS = _card_texts()


def describe_card(comp: Components, cid: str, lang: str | None = None) -> dict:
    """What a renderer shows of an event card: id, name, deck (round label and name), copies, our
    one-line ``text``, ``effect_unknown`` with the ``note`` on what is known, ``timing``, the rule ids its
    effects follow, and its provenance (kind and source).

    ``name``, ``round`` and ``text`` are in ``lang`` (None: the current language; the packaged sets'
    cards' texts from the catalogue, a card of one's own as its file writes it).

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
    lang = resolve(lang)
    names = names_of(comp)
    if ev.text:
        own = CARD_TEXTS.get((comp.name, ev.id))
        # the default sets' cards in the catalogue; a card of one's own (another text) as its file says it
        text = render(own, {}, lang) if own is not None and own == ev.text else ev.text
    elif composed:
        text = effects_text(comp, ev, lang)
    else:
        text = render(EFFECT_UNKNOWN if ev.effect_unknown else NO_EFFECT, {}, lang)
    name = ev.name if lang == "en" else render("{event}", {"event": ev.id}, lang, names)
    round_ = (rnd.name if lang == "en" else render("{round}", {"round": rnd.label}, lang, names)) if rnd else ev.deck
    return {"id": ev.id, "name": name, "deck": ev.deck, "round": round_,
            "copies": ev.copies, "text": text, "composed": composed,
            "effect_unknown": ev.effect_unknown, "note": ev.note, "timing": ev.timing, "rules": rules,
            "provenance": prov.kind, "source": prov.source}


EFFECT_CLAUSES: dict[str, Any] = {  # op -> its clause (or, by unit or share, its clauses)
    "gain": message("card.gain", "{side} gains {n} {good}"),
    "lose": message("card.lose", "{side} loses {n} {good}"),
    "place": message("card.place", "{side} places a {unit} from its supply in {area}"),
    "remove-own-unit": plural("card.remove-own-unit", "{side} takes one of its own hoplites or galleys off the board",
                              "{side} takes {n} of its own hoplites or galleys off the board"),
    "close-market": message("card.close-market", "{market} takes no trade this round"),
    "close-offer": message("card.close-offer", "offer {offer_id} takes no trade this round"),
    "start-player": message("card.start-player", "{side} starts this round, whatever the prestige"),
    "cede-polis": message("card.cede-polis", "{side} hands one of its poleis of population {n} (not the capital) with its "
                          "projects to the rival, who picks it"),
    "send-abroad": {"hoplite": plural("card.send-hoplites", "before the round {side} sends at least {n} hoplite to "
                                      "{market}{paid} (1 prestige for each it cannot send)", "before the round {side} "
                                      "sends at least {n} hoplites to {market}{paid} (1 prestige for each it cannot send)"),
                    "galley": plural("card.send-galleys", "before the round {side} sends at least {n} galley to "
                                     "{market}{paid} (1 prestige for each it cannot send)", "before the round {side} "
                                     "sends at least {n} galleys to {market}{paid} (1 prestige for each it cannot send)")},
    "may-send": {"hoplite": message("card.may-send-hoplites", "before the round {side} may send hoplites to "
                                    "{market}{paid}"),
                 "galley": message("card.may-send-galleys", "before the round {side} may send galleys to {market}{paid}")},
    "return-abroad": {"all": message("card.all-come-back", "the units sent abroad all come back"),
                      "half-up": message("card.half-come-back", "half the units sent abroad come back, rounded up")},
    "sell-prestige": message("card.sell-prestige", "before the round {side} may give prestige for {n} silver each"),
    "blockade-penalty": message("card.blockade-penalty", "{side} ending its turn with the rival cut off from {market} or "
                                "{market2} loses {n} prestige, unless it holds {m} galleys in {area} and {area2}"),
    "double-battle-prestige": message("card.double-battle-prestige", "once this round {side} may double the prestige it "
                                      "won in one battle"),
    "hire-units": message("card.hire-units", "this round {side} may hire hoplites and galleys for {n} silver each, the "
                          "cube coming from the supply"),
    "quell-pacifists": message("card.quell-pacifists", "this round tribute in {whose} home region may put hoplites, up to "
                               "the capital's population, on the pacifists for {n} prestige each"),
    "battle-threshold": message("card.battle-threshold", "this round a battle starts at {n} units in an area"),
    "landing": message("card.landing", "the side with more hoplites in {area} loses up to {n} (both on a tie); an empty "
                       "{area} pays no tribute this round"),
    "tribute-cap": message("card.tribute-cap", "at most {n} hoplites collect tribute in {area} this round"),
    "replay-tied-exchanges": message("card.replay-tied-exchanges", "this round a battle exchange whose cards tie is fought "
                                     "again by the same attacker"),
}
EACH_PAID = message("card.each-paid", " for {n} prestige each")
A_SIDE = message("card.a-side", "a side")
WHEN = {"end-of-turn": message("card.at-turn-end", "at the end of every turn, {clause}"),
        "end-of-round": message("card.at-round-end", "at round end, {clause}")}
CLAUSES = message("card.clauses", "{first}; {rest}")
SENTENCE = message("card.sentence", "{clauses}.")


def _clause(e: Effect) -> Phrase:
    """What one effect does, as a phrase."""
    a, op = e.args, e.op
    w = _who(e)
    if op in ("gain", "lose"):
        return Phrase(EFFECT_CLAUSES[op], {"side": w, "n": a[1], "good": str(a[0])})
    if op == "place":
        return Phrase(EFFECT_CLAUSES[op], {"side": w, "unit": str(a[0]), "area": str(a[1])})
    if op in ("remove-own-unit", "cede-polis", "sell-prestige", "hire-units", "battle-threshold"):
        return Phrase(EFFECT_CLAUSES[op], {"side": w, "n": int(a[0])})
    if op == "close-market":
        return Phrase(EFFECT_CLAUSES[op], {"market": str(a[0])})
    if op == "close-offer":
        return Phrase(EFFECT_CLAUSES[op], {"offer_id": str(a[0])})
    if op == "start-player":
        return Phrase(EFFECT_CLAUSES[op], {"side": _who(Effect(op, str(a[0]), ()))})
    if op == "send-abroad":
        unit, need, each = str(a[0]), int(a[2]), int(a[3])
        args = {"side": w, "market": str(a[1]), "n": need, "paid": Phrase(EACH_PAID, {"n": each}) if each else ""}
        return Phrase(EFFECT_CLAUSES["send-abroad" if need else "may-send"][unit], args)
    if op == "return-abroad":
        return Phrase(EFFECT_CLAUSES[op][str(a[0])])
    if op == "blockade-penalty":
        m1, m2, loss, galleys, s1, s2 = (str(x) for x in a)
        return Phrase(EFFECT_CLAUSES[op], {"side": Phrase(A_SIDE) if e.player == "both" else w, "market": m1,
                                            "market2": m2, "n": loss, "m": galleys, "area": s1, "area2": s2})
    if op == "double-battle-prestige":
        return Phrase(EFFECT_CLAUSES[op], {"side": w})
    if op == "quell-pacifists":
        return Phrase(EFFECT_CLAUSES[op], {"whose": _whose_phrase(e), "n": a[0]})
    if op in ("landing", "tribute-cap"):
        return Phrase(EFFECT_CLAUSES[op], {"area": str(a[0]), "n": a[1]})
    if op == "replay-tied-exchanges":
        return Phrase(EFFECT_CLAUSES[op])
    raise ValueError(f"effect {op!r} is not in the vocabulary")  # pragma: no cover - the loader checks it


def effects_phrase(ev: EventCard) -> Phrase | None:
    """What the card's effects do, one clause per effect in their order (with its timing when it does not
    act at once), as a phrase; None without effects."""
    said = {("blockade-penalty", "end-of-turn")}  # clauses that name their moment themselves
    clauses = [_clause(e) if e.when == "now" or (e.op, e.when) in said else
               Phrase(WHEN[e.when], {"clause": _clause(e)}) for e in ev.effects]
    if not clauses:
        return None
    chained = clauses[-1]
    for c in reversed(clauses[:-1]):
        chained = Phrase(CLAUSES, {"first": c, "rest": chained})
    return Phrase(SENTENCE, {"clauses": chained})


def effects_text(comp: Components, ev: EventCard, lang: str = "en") -> str:
    """A plain sentence saying what the card's effects do (:func:`effects_phrase`), for a card whose file
    gives no ``text``, in ``lang`` (English by default); "" without effects."""
    phrase = effects_phrase(ev)
    if phrase is None:
        return ""
    text = render(phrase.msg, phrase.args, resolve(lang), names_of(comp))
    return text[:1].upper() + text[1:]


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


#: what an event card does, said as "<card>: <what>" (``what``: a Phrase)
SAID = message("event.said", "{event}: {what}")
REVEALS = message("event.reveals", "{side} reveals the event: {event}")
UNKNOWN = message("event.unknown", "no source states this card's effect, so nothing is applied")
UNKNOWN_LATER = message("event.unknown-later", "no source states this card's effect, so nothing is applied; its effect "
                        "would act at the end of every turn")


def event_apply(s: State, a: Action, log: Log) -> State:
    ev = event_card(s, a.args[0])
    r = reader(s)
    say(log, REVEALS, "round.event", player=r, side=side_id(r), event=ev.id)
    s = s.evolve(event=ev.id)
    if ev.effect_unknown:
        later = ev.timing == "end-of-turn"
        say(log, SAID, "event.unknown-effect", *(("event.hermenfrevel",) if later else ()), event=ev.id,
            what=Phrase(UNKNOWN_LATER if later else UNKNOWN))
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
            s, waiting = apply_effect(s, e, p, log, ev.id), False
        if waiting or s.outcome is not None:
            return s
    return phases.go("begin-actions", s, log)


MUST_PAY = message("event.must-pay", "{side} must pay {n} prestige but has {m}, and loses the game")
OWED_PRESTIGE = message("event.owed-prestige", "{side} owed prestige it lacked")


def _lose_game(s: State, p: int, n: int, cid: str, log: Log) -> State:
    say(log, SAID, "end.prestige-owed", player=p, event=cid,
        what=Phrase(MUST_PAY, {"side": side_id(p), "n": n, "m": s.prestige[p]}))
    return s.evolve(prestige=tset(s.prestige, p, 0), pending=Pending("over", CHANCE), phase="over",
                    outcome=ended(other(p), OWED_PRESTIGE, "end.prestige-owed", side=side_id(p)))


def pay_prestige(s: State, p: int, n: int, cid: str, log: Log, what: Phrase, *rules: str) -> State:
    """``p`` pays ``n`` prestige for the event card ``cid`` (and loses the game if it cannot); ``what``
    says it."""
    if s.prestige[p] < n:
        return _lose_game(s, p, n, cid, log)
    say(log, SAID, *rules, player=p, event=cid, what=what)
    return add_prestige(s, p, -n)


GAINS = message("event.gains", "{side} gains {n} {good}")
LOSES = message("event.loses", "{side} loses {n} {good}")
LOSES_PRESTIGE = message("event.loses-prestige", "{side} loses {n} prestige")
NO_ROOM = message("event.no-room", "no {unit} for {side} in {area} (no supply cube or stacking limit)")
PLACES = message("event.places", "{side} places a {unit} in {area}")
NO_TRADE = message("event.market-closed", "{market} takes no trade this round")
OFFER_CLOSED = message("event.offer-closed", "offer {offer_id} is closed this round")
WILL_START = message("event.will-start", "{side} will start this round")


def apply_effect(s: State, e: Effect, p: int, log: Log, cid: str) -> State:
    """Apply one effect of the event card ``cid`` that needs no decision (or announce a rule the card
    puts in force)."""
    b = topology_of(s)
    op, args = e.op, e.args
    if op == "gain":
        what, n = str(args[0]), int(args[1])
        s = add_prestige(s, p, n) if what == "prestige" else add_good(s, p, what, n)
        say(log, SAID, "event.effects", player=p, event=cid, what=Phrase(GAINS, {"side": side_id(p), "n": n, "good": what}))
    elif op == "lose":
        what, n = str(args[0]), int(args[1])
        if what == "prestige":
            return pay_prestige(s, p, n, cid, log, Phrase(LOSES_PRESTIGE, {"side": side_id(p), "n": n}), "event.effects")
        n = min(n, have(s, p, what))
        s = add_good(s, p, what, -n)
        say(log, SAID, "event.effects", player=p, event=cid, what=Phrase(LOSES, {"side": side_id(p), "n": n, "good": what}))
    elif op == "place":
        unit, area = str(args[0]), b.area_index[str(args[1])]
        where = {"unit": unit, "side": side_id(p), "area": b.area_ids[area]}
        if b.supply(s, p) < 1 or s.units[area][p] >= b.limit(s):
            say(log, SAID, "event.effects", "stack.limit", player=p, event=cid, what=Phrase(NO_ROOM, where))
        else:
            u = s.units[area]
            s = s.evolve(units=tset(s.units, area, tset(u, p, u[p] + 1)))
            say(log, SAID, "event.effects", player=p, event=cid, what=Phrase(PLACES, where))
    elif op == "close-market":
        m = str(args[0])
        if m not in s.closed:
            s = s.evolve(closed=s.closed + (m,))
            say(log, SAID, "event.effects", "trade.market-closed", event=cid, what=Phrase(NO_TRADE, {"market": m}))
    elif op == "close-offer":
        oi = b.offer_index[str(args[0])]
        if s.offers[oi] < 0:
            s = s.evolve(offers=tset(s.offers, oi, 2))  # 2 = closed by an event
            say(log, SAID, "event.effects", "trade.market-closed", event=cid,
                what=Phrase(OFFER_CLOSED, {"offer_id": str(args[0])}))
    elif op == "start-player":
        q = PLAYER_IDS[str(args[0])]
        s = s.evolve(start_player=q)
        say(log, SAID, "event.start-player", event=cid, what=Phrase(WILL_START, {"side": side_id(q)}))
    elif op == "landing":
        s = _landing(s, b.area_index[str(args[0])], int(args[1]), cid, log)
    elif op in _IN_FORCE_TEXT:
        say(log, SAID, OP_RULES[op], event=cid, what=_IN_FORCE_TEXT[op](e, b))
    else:  # pragma: no cover - the loader validates the vocabulary and _resolve routes the rest
        raise ValueError(f"effect {op!r} cannot act here")
    return s


EACH_SIDE = message("event.each-side", "each side")
EACH_SIDES = message("event.each-sides", "each side's")


def _who(e: Effect):
    """The side an effect concerns (its id), or "each side"."""
    return Phrase(EACH_SIDE) if e.player == "both" else PLAYERS[PLAYER_IDS[e.player]]


def _whose_phrase(e: Effect):
    return Phrase(EACH_SIDES) if e.player == "both" else Phrase(SIDES, {"side": PLAYERS[PLAYER_IDS[e.player]]})


SIDES = message("event.sides", "{side:gen}")
IN_FORCE = {
    "hire-units": message("event.hire-units", "this round {side} may hire hoplites and galleys for {n} silver each, "
                          "taking the cube from its supply instead of the polis"),
    "quell-pacifists": message("event.quell-pacifists", "this round tribute in {whose} home region may put hoplites, up "
                               "to the capital's population, on the pacifists, worth {n} prestige each"),
    "double-battle-prestige": message("event.double-battle-prestige", "once this round {side} may double the prestige "
                                      "won in one battle"),
    "battle-threshold": message("event.battle-threshold", "this round a battle starts at {n} units in an area"),
    "tribute-cap": message("event.tribute-cap", "this round at most {n} hoplites collect tribute in {area}"),
    "replay-tied-exchanges": message("event.replay-tied-exchanges", "this round a battle exchange whose cards tie "
                                     "(every attacking card matched by one of equal value) is fought again by the same "
                                     "attacker"),
}
_IN_FORCE_TEXT = {
    "hire-units": lambda e, b: Phrase(IN_FORCE["hire-units"], {"side": _who(e), "n": e.args[0]}),
    "quell-pacifists": lambda e, b: Phrase(IN_FORCE["quell-pacifists"], {"whose": _whose_phrase(e), "n": e.args[0]}),
    "double-battle-prestige": lambda e, b: Phrase(IN_FORCE["double-battle-prestige"], {"side": _who(e)}),
    "battle-threshold": lambda e, b: Phrase(IN_FORCE["battle-threshold"], {"n": e.args[0]}),
    "tribute-cap": lambda e, b: Phrase(IN_FORCE["tribute-cap"], {"n": e.args[1], "area": str(e.args[0])}),
    "replay-tied-exchanges": lambda e, b: Phrase(IN_FORCE["replay-tied-exchanges"]),
}


LANDING_LOSS = {1: plural("event.landing-loss", "{side} loses {n} hoplite in {area} (the stronger side there)",
                          "{side} loses {n} hoplites in {area} (the stronger side there)"),
                2: plural("event.landing-loss-tie", "{side} loses {n} hoplite in {area} (both sides are equally strong)",
                          "{side} loses {n} hoplites in {area} (both sides are equally strong)")}
LANDING_EMPTY = message("event.landing-empty", "no Greek hoplite is left in {area}, which pays no tribute this round")


def _landing(s: State, t: int, most: int, cid: str, log: Log) -> State:
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
            say(log, SAID, "event.carthage", player=p, event=cid,
                what=Phrase(LANDING_LOSS[len(hit)], {"side": side_id(p), "n": n, "area": b.area_ids[t]}))
    s = s.evolve(units=tset(s.units, t, u))
    if u == (0, 0) and t not in s.tribute_done:
        s = s.evolve(tribute_done=tuple(sorted(s.tribute_done + (t,))))
        say(log, SAID, "event.carthage", "tribute.once-per-round", event=cid,
            what=Phrase(LANDING_EMPTY, {"area": b.area_ids[t]}))
    return s


# --------------------------------------------------------------------------------------------
# effects that ask a player (each returns the state and whether it now waits for a decision)


NO_UNIT_TO_REMOVE = message("event.no-unit-to-remove", "{side} has no unit to remove")
NO_POLIS_TO_CEDE = message("event.no-polis-to-cede", "{side} owns no polis of population {n} besides its capital, so none "
                           "changes sides")
NO_CUBE_TO_TAKE = message("event.no-cube-to-take", "{side} has no cube in supply to take a polis of {side2}")
NO_PRESTIGE_TO_GIVE = message("event.no-prestige-to-give", "{side} has no prestige to give")


def _ask_remove(s: State, cid: str, k: int, p: int, steps: tuple, log: Log):
    if any(u[p] for u in s.units):
        return s.evolve(pending=Pending("event-remove", p, (cid, steps))), True
    say(log, SAID, "event.effects", player=p, event=cid, what=Phrase(NO_UNIT_TO_REMOVE, {"side": side_id(p)}))
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
        say(log, SAID, "event.betrayal", player=p, event=cid, what=Phrase(NO_POLIS_TO_CEDE, {"side": side_id(p), "n": pop}))
        return s, False
    if topology_of(s).supply(s, q) < pop:
        say(log, SAID, "event.betrayal", "event.effects", player=q, event=cid,
            what=Phrase(NO_CUBE_TO_TAKE, {"side": side_id(q), "side2": side_id(p)}))
        return s, False
    return s.evolve(pending=Pending("event-cede", q, (cid, steps, k))), True


def _ask_send(s: State, cid: str, k: int, p: int, steps: tuple, log: Log):
    e = event_card(s, cid).effects[k]
    if _send_areas(s, p, str(e.args[0])):
        return s.evolve(pending=Pending("event-send", p, (cid, steps, k, 0))), True
    return _sent(s, cid, k, p, 0, log), False


def _ask_sell(s: State, cid: str, k: int, p: int, steps: tuple, log: Log):
    if s.prestige[p] < 1:
        say(log, SAID, "event.treasury", player=p, event=cid, what=Phrase(NO_PRESTIGE_TO_GIVE, {"side": side_id(p)}))
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
    say(log, SAID, "event.effects", player=p, event=cid,
        what=Phrase(REMOVES, {"side": side_id(p), "unit": kind, "area": a.args[0]}))
    return _resolve(s, cid, steps, log)


REMOVES = message("event.removes", "{side} removes a {unit} from {area}")
WRITE_REMOVE = message("event.write-remove", "Write 'remove <area>', naming an area holding one of your units.")
NO_UNIT_THERE = message("event.no-unit-there", "{side} has no unit in {area} to remove.")


def _remove_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    b = topology_of(s)
    if len(a.args) != 1 or a.args[0] not in b.area_index:
        return explained(s, False, WRITE_REMOVE, "decision.wrong-kind")
    if s.units[b.area_index[a.args[0]]][p] < 1:
        return explained(s, False, NO_UNIT_THERE, "event.effects", side=side_id(p), area=a.args[0])
    return None


# --- cede-polis (Betrayal): the receiver takes one polis of the giver

def cede_options(s: State) -> list[Action]:
    q = s.pending.player
    cid, _, k = s.pending.data
    b = topology_of(s)
    pop = int(event_card(s, cid).effects[k].args[0])
    return [Action("take", (b.polis_ids[i],)) for i in _cede_choices(s, other(q), pop)]


LEAVES = plural("event.polis-leaves", "{polis} ({n} cube) leaves {side} for {side2}, with its projects",
                "{polis} ({n} cubes) leaves {side} for {side2}, with its projects")
TAKES_ONE = message("event.takes-one", "{side} takes one polis of {side2} with population {n}, never its capital nor a "
                    "polis that has just changed sides: {choices}.")


def cede_apply(s: State, a: Action, log: Log) -> State:
    q = s.pending.player
    p = other(q)
    cid, steps, _ = s.pending.data
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    s = s.evolve(owner=tset(s.owner, i, q))
    s = set_memo(s, "ceded", q, i + 1)
    say(log, SAID, "event.betrayal", "project.follows-polis", player=q, event=cid,
        what=Phrase(LEAVES, {"polis": a.args[0], "n": s.pop[i], "side": side_id(p), "side2": side_id(q)}))
    return _resolve(s, cid, steps, log)


def _cede_why(s: State, a: Action) -> Explanation | None:
    q = s.pending.player
    b = topology_of(s)
    cid, _, k = s.pending.data
    pop = int(event_card(s, cid).effects[k].args[0])
    return explained(s, False, TAKES_ONE, "event.betrayal", side=side_id(q), side2=side_id(other(q)), n=pop,
                     choices=tuple(str(x) for x in cede_options(s)))


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


SENDS_NO_MORE = {"hoplite": message("event.sends-no-more-hoplites", "{side} sends no more hoplites"),
                 "galley": message("event.sends-no-more-galleys", "{side} sends no more galleys")}
SENDS = message("event.sends", "{side} sends a {unit} from {area} to {market}{gain}")
SEND_GAIN = message("event.send-gain", " (+{n} prestige)")
NONE_TO_SEND = message("event.none-to-send", "{side} has no {unit} to send")
CANNOT_SEND = {"hoplite": plural("event.cannot-send-hoplites", "{side} cannot send {n} more hoplite and loses {n} prestige",
                                 "{side} cannot send {n} more hoplites and loses {n} prestige"),
               "galley": plural("event.cannot-send-galleys", "{side} cannot send {n} more galley and loses {n} prestige",
                                "{side} cannot send {n} more galleys and loses {n} prestige")}
MUST_SEND = {"hoplite": plural("event.must-send-hoplites", "{side} must send at least {n} hoplite while it has any (sent "
                               "so far: {sent}).", "{side} must send at least {n} hoplites while it has any (sent so "
                               "far: {sent}).", count="n"),
             "galley": plural("event.must-send-galleys", "{side} must send at least {n} galley while it has any (sent "
                              "so far: {sent}).", "{side} must send at least {n} galleys while it has any (sent so far: "
                              "{sent}).", count="n")}
SEND_ONE = {"hoplite": message("event.send-one-hoplite", "Send one of {side:gen} own hoplites: {choices}."),
            "galley": message("event.send-one-galley", "Send one of {side:gen} own galleys: {choices}.")}


def send_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    cid, steps, k, sent = s.pending.data
    ev = event_card(s, cid)
    e = ev.effects[k]
    unit, market, each = str(e.args[0]), str(e.args[1]), int(e.args[3])
    b = topology_of(s)
    if a.kind == "end":
        say(log, SAID, "event.units-abroad", player=p, event=cid, what=Phrase(SENDS_NO_MORE[unit], {"side": side_id(p)}))
        return _resolve(_sent(s, cid, k, p, sent, log), cid, steps, log)
    i = b.area_index[a.args[0]]
    u = s.units[i]
    s = s.evolve(units=tset(s.units, i, tset(u, p, u[p] - 1)))
    s = set_memo(s, f"away-{unit}", p, memo(s, f"away-{unit}", p) + 1)
    if each:
        s = add_prestige(s, p, each)
    say(log, SAID, "event.units-abroad", player=p, event=cid,
        what=Phrase(SENDS, {"side": side_id(p), "unit": unit, "area": a.args[0], "market": market,
                            "gain": Phrase(SEND_GAIN, {"n": each}) if each else ""}))
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
            say(log, SAID, "event.units-abroad", player=p, event=cid,
                what=Phrase(NONE_TO_SEND, {"side": side_id(p), "unit": str(e.args[0])}))
        return s
    return pay_prestige(s, p, missing, cid, log, Phrase(CANNOT_SEND[str(e.args[0])], {"side": side_id(p), "n": missing}),
                        "event.units-abroad")


def _send_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    cid, _, k, sent = s.pending.data
    e = event_card(s, cid).effects[k]
    if a.kind == "end":
        return explained(s, False, MUST_SEND[str(e.args[0])], "event.units-abroad", side=side_id(p), n=int(e.args[2]),
                         sent=sent)
    return explained(s, False, SEND_ONE[str(e.args[0])], "event.units-abroad", side=side_id(p),
                     choices=tuple(str(x) for x in send_options(s)))


# --- sell-prestige (Transfer of the Treasury)

def sell_options(s: State) -> list[Action]:
    return [Action("sell", (str(n),)) for n in range(s.prestige[s.pending.player] + 1)]


GIVES = message("event.gives", "{side} gives {n} prestige for {m} silver")
KEEPS = message("event.keeps", "{side} keeps its prestige")
WRITE_SELL = message("event.write-sell", "Write 'sell <n>' with n from 0 to {n}, the prestige {side} has.")


def sell_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    cid, steps, k = s.pending.data
    ev = event_card(s, cid)
    n, each = int(a.args[0]), int(ev.effects[k].args[0])
    if n:
        s = add_good(add_prestige(s, p, -n), p, "silver", n * each)
        say(log, SAID, "event.treasury", player=p, event=cid, what=Phrase(GIVES, {"side": side_id(p), "n": n, "m": n * each}))
    else:
        say(log, SAID, "event.treasury", player=p, event=cid, what=Phrase(KEEPS, {"side": side_id(p)}))
    return _resolve(s, cid, steps, log)


def _sell_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    return explained(s, False, WRITE_SELL, "event.treasury", n=s.prestige[p], side=side_id(p))


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


decision("draw-event", "start", event_options, event_apply, keywords=("event",),
         prompt=message("prompt.draw-event", "draw the round's event"),
         context=_draw_event_context, weights=event_weights)
decision("event-remove", "start", remove_options, remove_apply, _remove_why, keywords=("remove",),
         prompt=message("prompt.event-remove", "remove one of its units"), target="area", why_template="remove {}", context=_event_step(None))
decision("event-cede", "start", cede_options, cede_apply, _cede_why, keywords=("take",),
         prompt=message("prompt.event-cede", "take a polis the event hands over"), context=_event_step("cede-polis"))
decision("event-send", "start", send_options, send_apply, _send_why, keywords=("send", "end"),
         prompt=message("prompt.event-send", "send units abroad for the event (or end)"), context=_event_step("send-abroad", int))
decision("event-sell", "start", sell_options, sell_apply, _sell_why, keywords=("sell",),
         prompt=message("prompt.event-sell", "choose how much prestige to give for silver"),
         context=_event_step("sell-prestige"))


# --------------------------------------------------------------------------------------------
# end of turn and end of round


ACTS_AT_TURN_END = message("event.acts-at-turn-end", "{event} acts at the end of the turn")
BLOCKS_KEEPS = message("event.blocks-keeps", "{side} blocks {side2:gen} route to {market} but keeps {n} galleys in "
                       "{area} and {area2}, so it pays nothing")
BLOCKS_PAYS = message("event.blocks-pays", "{side} ends its turn blocking {side2:gen} route to {market} and loses {n} "
                      "prestige")
BOTH = message("event.both-markets", "{market} and {market2}")


def end_of_turn(s: State, p: int, log: Log) -> State:
    """Apply end-of-turn effects of the round's event (Hermenfrevel's timing, per the errata)."""
    for cid in s.triggers:
        ev = event_card(s, cid)
        for k, q in _steps(s, ev, "end-of-turn", p):
            e = ev.effects[k]
            if e.op == "blockade-penalty":
                if q == p:  # only the side whose turn ends is judged
                    s = _blockade(s, e, p, log, ev.id)
            elif e.op not in _ASK:  # a choice at turn end is not in the vocabulary of triggers
                say(log, ACTS_AT_TURN_END, "event.end-of-turn", event=ev.id)
                s = apply_effect(s, e, q, log, ev.id)
            if s.outcome is not None:
                return s
    return s


def _blockade(s: State, e: Effect, p: int, log: Log, cid: str) -> State:
    """Free Trade: ``p`` loses prestige when its control leaves the rival no free route to one of the
    two markets, unless it keeps the stated number of galleys in the two seas."""
    b = topology_of(s)
    m1, m2, n, galleys, sea1, sea2 = e.args
    r = other(p)
    cut = [m for m in (str(m1), str(m2)) if trade_route(s, r, m) is None]
    if not cut:
        return s
    names = Phrase(BOTH, {"market": cut[0], "market2": cut[1]}) if len(cut) == 2 else cut[0]
    held = s.units[b.area_index[str(sea1)]][p] + s.units[b.area_index[str(sea2)]][p]
    if held >= int(galleys):
        say(log, SAID, "event.free-trade", player=p, event=cid,
            what=Phrase(BLOCKS_KEEPS, {"side": side_id(p), "side2": side_id(r), "market": names, "n": held,
                                       "area": str(sea1), "area2": str(sea2)}))
        return s
    return pay_prestige(s, p, int(n), cid, log, Phrase(BLOCKS_PAYS, {"side": side_id(p), "side2": side_id(r),
                                                                     "market": names, "n": n}),
                        "event.free-trade", "event.end-of-turn")



def end_of_round(s: State, log: Log) -> tuple[State, bool]:
    """End-of-round effects of the round's event, before the round-end steps. Returns the state and
    whether it waits for a player (units coming back are placed one at a time)."""
    for cid in s.triggers:
        ev = event_card(s, cid)
        for k, q in _steps(s, ev, "end-of-round", reader(s)):
            e = ev.effects[k]
            if e.op == "return-abroad":
                s = _coming_back(s, str(e.args[0]), ev.id, log)
            elif e.op not in _ASK:
                s = apply_effect(s, e, q, log, ev.id)
            if s.outcome is not None:
                return s, False
    return _next_return(s, reader(s), log)


COME_BACK = {"hoplite": plural("event.hoplites-come-back", "{back} of {side:gen} {n} hoplite abroad comes back{how}",
                               "{back} of {side:gen} {n} hoplites abroad comes back{how}"),
             "galley": plural("event.galleys-come-back", "{back} of {side:gen} {n} galley abroad comes back{how}",
                              "{back} of {side:gen} {n} galleys abroad comes back{how}")}
COME_BACK_MANY = {"hoplite": plural("event.hoplites-come-back-many", "{back} of {side:gen} {n} hoplite abroad come "
                                    "back{how}", "{back} of {side:gen} {n} hoplites abroad come back{how}"),
                  "galley": plural("event.galleys-come-back-many", "{back} of {side:gen} {n} galley abroad come back{how}",
                                   "{back} of {side:gen} {n} galleys abroad come back{how}")}
HALF_UP = message("event.half-up", ", half rounded up in {side:gen} favour; {n} lost")
NO_ROOM_BACK = {"hoplite": plural("event.no-room-hoplites", "no area has room for {side:gen} {n} hoplite, which goes back "
                                  "to its supply", "no area has room for {side:gen} {n} hoplites, which go back to its "
                                  "supply"),
                "galley": plural("event.no-room-galleys", "no area has room for {side:gen} {n} galley, which goes back to "
                                 "its supply", "no area has room for {side:gen} {n} galleys, which go back to its supply")}
THE_EVENT = message("event.the-event", "The event")
COMES_BACK = {"hoplite": message("event.hoplite-comes-back", "{side:gen} hoplite comes back to {area}"),
              "galley": message("event.galley-comes-back", "{side:gen} galley comes back to {area}")}
PLACE_BACK = {"hoplite": message("event.place-hoplite", "Place {side:gen} hoplite in an area of its kind below the "
                                 "stacking limit: {choices}."),
              "galley": message("event.place-galley", "Place {side:gen} galley in an area of its kind below the stacking "
                                "limit: {choices}.")}


def _coming_back(s: State, share: str, cid: str, log: Log) -> State:
    """The share of each side's units abroad that comes back; the rest return to the supply (lost)."""
    for p in (0, 1):
        for unit, n in away(s, p).items():
            back = n if share == "all" else (n + 1) // 2
            rules = ["event.units-abroad"] + (["event.egypt-rounding"] if share == "half-up" else [])
            how = "" if share == "all" else Phrase(HALF_UP, {"side": side_id(p), "n": n - back})
            said = (COME_BACK if back == 1 else COME_BACK_MANY)[unit]
            say(log, SAID, *rules, player=p, event=cid,
                what=Phrase(said, {"back": back, "side": side_id(p), "n": n, "how": how}))
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
            say(log, SAID, "event.units-abroad", "stack.limit", player=q, event=s.event or Phrase(THE_EVENT),
                what=Phrase(NO_ROOM_BACK[unit], {"side": side_id(q), "n": n}))
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
    say(log, SAID, "event.units-abroad", player=p, event=round_card(s).id,
        what=Phrase(COMES_BACK[unit], {"side": side_id(p), "area": a.args[0]}))
    s, waiting = _next_return(s, other(p), log)
    return s if waiting else phases.go("resume-roundend", s.evolve(roundend=(0, 0)), log)


def _return_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    return explained(s, False, PLACE_BACK[s.pending.data[0]], "event.units-abroad", "stack.limit", side=side_id(p),
                     choices=tuple(str(x) for x in return_options(s)))


def _return_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, str) or d[0] not in UNIT_AREAS:
        return "expected [\"hoplite\"] or [\"galley\"]"
    if not memo(s, f"away-{d[0]}", s.pending.player):
        return f"{PLAYERS[s.pending.player]} has no {d[0]} abroad to bring back [event.units-abroad]"
    return None


decision("event-return", "roundend", return_options, return_apply, _return_why, keywords=("place",),
         prompt=message("prompt.event-return", "place a unit coming back"), context=_return_context)


def offer_doubling(s: State, turn_of: int, log: Log) -> tuple[State, bool]:
    """A battle is over: a side that won prestige in it may double it once this round (Great
    Commanders). Returns the state and whether it waits for that choice."""
    for p in (0, 1):
        if memo(s, "battle-prestige", p):
            return s.evolve(pending=Pending("event-double", p, (turn_of,))), True
    return s, False


def double_options(s: State) -> list[Action]:
    return [Action("double"), Action("keep")]


DOUBLES = message("event.doubles", "{side} doubles the {n} prestige it won in this battle (+{n})")
KEEPS_DOUBLING = message("event.keeps-doubling", "{side} keeps the doubling for a later battle")
WRITE_DOUBLE = message("event.write-double", "Write 'double' to double the prestige won in this battle (once this round) "
                       "or 'keep' to save it.")


def double_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    n = memo(s, "battle-prestige", p)
    cid = round_card(s).id
    s = set_memo(s, "battle-prestige", p, 0)
    if a.kind == "double":
        s = set_memo(add_prestige(s, p, n), "doubled", p, 1)
        say(log, SAID, "event.great-commanders", player=p, event=cid, what=Phrase(DOUBLES, {"side": side_id(p), "n": n}))
    else:
        say(log, SAID, "event.great-commanders", player=p, event=cid, what=Phrase(KEEPS_DOUBLING, {"side": side_id(p)}))
    return phases.go("after-battle", s, s.pending.data[0], log)


def _double_why(s: State, a: Action) -> Explanation | None:
    return explained(s, False, WRITE_DOUBLE, "event.great-commanders")


def _double_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, int) or d[0] not in (0, 1):
        return "expected [the player whose turn the battle followed]"
    if not memo(s, "battle-prestige", s.pending.player):
        return f"{PLAYERS[s.pending.player]} won no prestige in the battle to double [event.great-commanders]"
    return None


decision("event-double", "battles", double_options, double_apply, _double_why, keywords=("double", "keep"),
         prompt=message("prompt.event-double", "double the prestige won in this battle, or keep the choice"),
         context=_double_context)
