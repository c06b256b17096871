"""Battles: hands drawn from the shuffled combat deck, exchanges of two attacks, formations,
Mercenaries and Salpinx, redraws, retreats and the ways a battle ends.

Cards are tracked as counts per card *type* of the battle's kind (land or sea side), so a draw is
a chance decision over at most nine types with exact probabilities.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from . import phases
from ..i18n import Phrase, message, plural
from .actions import Action, Explanation, shared
from .topology import topology_of, components_named
from .common import Log, add_prestige, ended, explained, say, side_id
from .decisions import DECISIONS, decision, prestige_cost
from .editions import edition_of
from .modifiers import battle_prestige, tied_exchange_replayed
from .state import ATHENS, BATTLE_FIELDS, CHANCE, SPARTA, Battle, Pending, State, other, tadd, tset


def _fight(s: State) -> Battle:
    """The battle being fought: every decision of this module is taken during one."""
    bt = s.battle
    assert bt is not None, "no battle is being fought"
    return bt


@lru_cache(maxsize=32)
def card_types(components: str, kind: str) -> tuple:
    """Distinct card sides of one kind, in deck order, with their counts."""
    comp = components_named(components)
    types: list = []
    counts: list[int] = []
    for c in comp.combat_cards:
        side_ = c.land if kind == "land" else c.sea
        if side_ in types:
            counts[types.index(side_)] += 1
        else:
            types.append(side_)
            counts.append(1)
    return tuple(types), tuple(counts)


def card_name(t) -> str:
    return f"{t.formation}:{t.manoeuvre}"


@lru_cache(maxsize=32)
def card_names(components: str, kind: str) -> tuple[str, ...]:
    """The notation of each card type, in the order of card_types."""
    return tuple(card_name(t) for t in card_types(components, kind)[0])


def _types(s: State):
    return card_types(s.components, _fight(s).kind)[0]


def _names(s: State) -> tuple[str, ...]:
    return card_names(s.components, _fight(s).kind)


BATTLE_BEGINS = {"sea": message("battle.sea-begins", "Sea battle in {area}: {side_athens} {a} against {side_sparta} {b}; "
                                 "{side} attacks first"),
                 "land": message("battle.land-begins", "Land battle in {area}: {side_athens} {a} against {side_sparta} "
                                 "{b}; {side} attacks first")}
DRAWS_CARD = message("battle.draws-card", "{side} draws a combat card")


def start_battle(s: State, area: int, log: Log, turn_of: int | None = None) -> State:
    """Open the battle in ``area``; ``turn_of`` is the player whose turn just ended (by default the
    player of the pending decision, if it is not chance)."""
    b = topology_of(s)
    kind = "sea" if b.is_sea[area] else "land"
    att = ATHENS if kind == "sea" else SPARTA
    types, counts = card_types(s.components, kind)
    n = s.units[area]
    draws = (att,) * n[att] + (other(att),) * n[other(att)]
    bt = Battle(area=area, kind=kind, attacker=att, hands=((0,) * len(types), (0,) * len(types)), deck=counts,
                draws=draws, after="attack",
                turn_of=turn_of if turn_of is not None else s.pending.player if s.pending.player >= 0 else att)
    say(log, BATTLE_BEGINS[kind], "battle.first-attacker", "battle.hands", area=b.area_ids[area], side_athens="athens",
        a=n[0], side_sparta="sparta", b=n[1], side=side_id(att))
    return s.evolve(battle=bt, phase="battles", pending=Pending("draw-card", CHANCE))


# --- chance: drawing cards --------------------------------------------------------------------

def draw_options(s: State) -> list[Action]:
    return [shared("card", (n,)) for n, k in zip(_names(s), _fight(s).deck) if k > 0]


def draw_probability(s: State, a: Action) -> Fraction:
    i = _names(s).index(a.args[0])
    return Fraction(_fight(s).deck[i], sum(_fight(s).deck))


def draw_weights(s: State, acts) -> list[tuple[int, int]]:
    """The probability of each draw in ``acts`` as (numerator, denominator): cards of its type in
    the deck over the cards in the deck."""
    deck = _fight(s).deck
    index: dict[str, int] = {}
    for i, n in enumerate(_names(s)):
        index.setdefault(n, i)  # the first type of that name, as draw_probability
    total = sum(deck)
    return [(deck[index[a.args[0]]], total) for a in acts]


def draw_apply(s: State, a: Action, log: Log) -> State:
    bt = _fight(s)
    i = _names(s).index(a.args[0])
    p = bt.draws[0]
    say(log, DRAWS_CARD, "battle.hands" if bt.exchanges == 0 else "battle.redraw", player=p, side=side_id(p))
    bt = Battle(bt.area, bt.kind, bt.attacker, tset(bt.hands, p, tadd(bt.hands[p], i, 1)), tadd(bt.deck, i, -1),
                bt.draws[1:], bt.played, bt.exchanges, bt.last_losses, bt.after, bt.asked, bt.turn_of)
    s = s.evolve(battle=bt)
    if bt.draws:
        return s.evolve(pending=Pending("draw-card", CHANCE))
    if bt.exchanges == 0:  # the opening deal: a retreat window before the first exchange
        return _window(s, log)
    return _attack(s, log)


decision("draw-card", "battles", draw_options, draw_apply, keywords=("card",),
         prompt=message("prompt.draw-card", "draw a combat card"),
         weights=draw_weights, stage="draw")


# --- retreat windows --------------------------------------------------------------------------

def retreat_cost() -> int:
    """The prestige a retreat costs, paid when it is announced [battle.retreat]: the battle-retreat
    decision's cost of 'retreat'."""
    return prestige_cost("battle-retreat", "retreat")


PAYS_OPPONENT = message("battle.retreat-pays", "pays {side} {n} prestige")
LOSES_PRESTIGE = message("battle.retreat-loses", "loses {n} prestige, {side} gains {n}")
RETREATS = message("battle.retreats", "{side} retreats from the battle in {area} and {payment}; its units stay")
FIGHTS_ON = message("battle.fights-on", "{side} fights on")


def _retreat_payment(s: State, p: int) -> Phrase:
    """How ``p`` pays for a retreat, in the edition's terms ("pays Sparta 1 prestige")."""
    n = retreat_cost()
    return Phrase(PAYS_OPPONENT if edition_of(s).retreat_pays_opponent else LOSES_PRESTIGE,
                  {"side": side_id(other(p)), "n": n})


def _window(s: State, log: Log) -> State:
    """Ask each player in turn (next attacker first) whether to retreat, if they can pay."""
    bt = _fight(s)
    for p in (bt.attacker, other(bt.attacker)):
        if p not in bt.asked and s.prestige[p] >= retreat_cost():
            return s.evolve(pending=Pending("battle-retreat", p))
    bt = _with(bt, asked=())
    s = s.evolve(battle=bt)
    if bt.after == "refill":
        return _refill(s, log)
    return _attack(s, log)


def retreat_options(s: State) -> list[Action]:
    return [shared("fight"), shared("retreat")]


def retreat_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    bt = _fight(s)
    if a.kind == "retreat":
        n = retreat_cost()
        s = add_prestige(add_prestige(s, p, -n), other(p), n)
        say(log, RETREATS, "battle.retreat", "battle.end", player=p, side=side_id(p),
            area=topology_of(s).area_ids[bt.area], payment=_retreat_payment(s, p))
        return end_battle(s, log)
    say(log, FIGHTS_ON, "battle.retreat", player=p, side=side_id(p))
    return _window(s.evolve(battle=_with(bt, asked=bt.asked + (p,))), log)


decision("battle-retreat", "battles", retreat_options, retreat_apply, keywords=("fight", "retreat"),
         prompt=message("prompt.battle-retreat", "retreat or fight on"), prestige_costs={"retreat": 1}, stage="window")


def _with(bt: Battle, **kw: Any) -> Battle:
    """A copy of ``bt`` with the fields ``kw`` changed."""
    new = Battle(bt.area, bt.kind, bt.attacker, bt.hands, bt.deck, bt.draws, bt.played, bt.exchanges, bt.last_losses,
                 bt.after, bt.asked, bt.turn_of)
    for name, v in kw.items():
        if name not in BATTLE_FIELDS:
            raise TypeError(f"unknown Battle field {name!r}")
        object.__setattr__(new, name, v)
    return new


# --- exchanges --------------------------------------------------------------------------------

#: the prestige an attacker owes for a Salpinx it plays (it loses the game if it cannot pay) [battle.salpinx]
SALPINX_COST = 1


def _salpinx(types) -> int:
    for i, t in enumerate(types):
        if t.formation == "salpinx":
            return i
    return -1


def attack_pairs(hand: tuple[int, ...], salpinx: int, broke: bool) -> list[tuple[int, int]]:
    """The unordered pairs of card types an attacker with ``hand`` (counts per type) may play, in
    the kernel's order. Without prestige (``broke``) a pair with the Salpinx is allowed only when
    every pair holds it."""
    out = []
    for i, k in enumerate(hand):
        if not k:
            continue
        if k >= 2:
            out.append((i, i))
        for j in range(i + 1, len(hand)):
            if hand[j]:
                out.append((i, j))
    if broke:
        out = [x for x in out if salpinx not in x] or out
    return out


def answer_pairs(hand: tuple[int, ...], same: bool) -> list[tuple[int, int]]:
    """The ordered answers (to the attacker's first card, to its second) a defender with ``hand``
    may give; when the attacker played two cards of one type, order does not matter."""
    out = []
    for x, k in enumerate(hand):
        if not k:
            continue
        for y, m in enumerate(hand):
            if not m or (x == y and k < 2) or (same and y < x):
                continue
            out.append((x, y))
    return out


CANNOT_PLAY_TWO = message("battle.cannot-play-two", "{side} cannot play two cards; the battle ends")
ATTACKS_WITH = message("battle.attacks-with", "{side} attacks with {card} and {card2}")


def _attack(s: State, log: Log) -> State:
    bt = _fight(s)
    if sum(bt.hands[bt.attacker]) < 2:
        say(log, CANNOT_PLAY_TWO, "battle.end", side=side_id(bt.attacker))
        return end_battle(s, log)
    return s.evolve(pending=Pending("battle-attack", bt.attacker))


def attack_options(s: State) -> list[Action]:
    bt = _fight(s)
    p = bt.attacker
    names = _names(s)
    pairs = attack_pairs(bt.hands[p], _salpinx(_types(s)), s.prestige[p] < SALPINX_COST)
    return [shared("play", (names[i], names[j])) for i, j in pairs]


def attack_apply(s: State, a: Action, log: Log) -> State:
    bt = _fight(s)
    names = _names(s)
    i, j = names.index(a.args[0]), names.index(a.args[1])
    hand = tadd(tadd(bt.hands[bt.attacker], i, -1), j, -1)
    bt = _with(bt, hands=tset(bt.hands, bt.attacker, hand), played=(i, j))
    say(log, ATTACKS_WITH, "battle.exchange", player=bt.attacker, side=side_id(bt.attacker), card=a.args[0],
        card2=a.args[1])
    return s.evolve(battle=bt, pending=Pending("battle-defend", other(bt.attacker)))


def defend_options(s: State) -> list[Action]:
    bt = _fight(s)
    names = _names(s)
    pairs = answer_pairs(bt.hands[other(bt.attacker)], bt.played[0] == bt.played[1])
    return [shared("answer", (names[x], names[y])) for x, y in pairs]


def matched(att, dfn) -> bool:
    if att.formation == "salpinx":
        return False
    if att.formation == "mercenaries":
        return True
    if dfn.formation == "mercenaries":
        return True
    if dfn.formation == "salpinx":
        return False
    return att.formation == dfn.formation


UNMATCHABLE = message("battle.unmatchable", "{card} cannot be matched: {side} loses a unit and {side2} owes {n} prestige")
MATCHES = message("battle.matches", "{card} matches {card2}{why}{gain}")
BY_MERCENARIES = message("battle.by-mercenaries", " (Mercenaries)")
GAIN = message("battle.gain", ": +{n} prestige to {side}")
FAILS = message("battle.fails", "{card} fails against {card2}: {side} loses a unit{gain}")
FAIL_GAIN = message("battle.fail-gain", ", +{n} prestige to {side}")
ANSWERS = message("battle.answers", "{side} answers with {card} and {card2}. {results}")
RESULTS = message("battle.results", "{first}; {second}")
SALPINX_UNPAID = message("battle.salpinx-unpaid", "{side} cannot pay for the Salpinx and loses the game")
SALPINX_REASON = message("battle.salpinx-reason", "{side} could not pay for the Salpinx")
UNITS_LEFT = plural("battle.units-left", "{side} has {n} unit left in {area}; the battle ends",
                    "{side} has {n} units left in {area}; the battle ends")
TOO_FEW_CARDS = message("battle.too-few-cards", "Only {n} cards remain, too few for both redraws; the battle ends")
TIE_AGAIN = message("battle.tie-again", "The cards tie: {side} attacks again instead of changing roles")


def defend_apply(s: State, a: Action, log: Log) -> State:
    bt = _fight(s)
    types = _types(s)
    names = _names(s)
    att, dfn = bt.attacker, other(bt.attacker)
    x, y = names.index(a.args[0]), names.index(a.args[1])
    hand = tadd(tadd(bt.hands[dfn], x, -1), y, -1)
    bt = _with(bt, hands=tset(bt.hands, dfn, hand))
    b = topology_of(s)
    losses, gain, salpinx, tied = 0, 0, False, True
    parts = []
    for ai, di in zip(bt.played, (x, y)):
        ta, td = types[ai], types[di]
        tied = tied and matched(ta, td) and ta.value == td.value
        if ta.formation == "salpinx":
            salpinx = True
            losses += 1
            parts.append(Phrase(UNMATCHABLE, {"card": card_name(ta), "side": side_id(dfn), "side2": side_id(att),
                                              "n": SALPINX_COST}))
            continue
        if matched(ta, td):
            g = max(0, ta.value - td.value)
            gain += g
            why = Phrase(BY_MERCENARIES) if "mercenaries" in (ta.formation, td.formation) else ""
            parts.append(Phrase(MATCHES, {"card": card_name(td), "card2": card_name(ta), "why": why,
                                          "gain": Phrase(GAIN, {"n": g, "side": side_id(att)}) if g else ""}))
        else:
            losses += 1
            gain += max(0, ta.value)
            parts.append(Phrase(FAILS, {"card": card_name(td), "card2": card_name(ta), "side": side_id(dfn),
                                        "gain": Phrase(FAIL_GAIN, {"n": ta.value, "side": side_id(att)})
                                        if ta.value > 0 else ""}))
    rules = ["battle.formation"]
    if any(types[i].formation == "mercenaries" for i in bt.played + (x, y)):
        rules.append("battle.mercenaries")
    if salpinx:
        rules.append("battle.salpinx")
    say(log, ANSWERS, *rules, side=side_id(dfn), card=a.args[0], card2=a.args[1],
        results=Phrase(RESULTS, {"first": parts[0], "second": parts[1]}))
    s = add_prestige(s, att, gain)
    if gain and s.event is not None:
        s = battle_prestige(s, att, gain)
    if salpinx:
        if s.prestige[att] < SALPINX_COST:
            say(log, SALPINX_UNPAID, "battle.salpinx-unpayable", "end.prestige-owed", player=att, side=side_id(att))
            return s.evolve(battle=None, outcome=ended(dfn, SALPINX_REASON, "battle.salpinx-unpayable",
                                                       side=side_id(att)),
                            pending=Pending("over", CHANCE), phase="over")
        s = add_prestige(s, att, -SALPINX_COST)
    area = bt.area
    u = s.units[area]
    lost = min(losses, u[dfn])
    s = s.evolve(units=tset(s.units, area, tset(u, dfn, u[dfn] - lost)))
    bt = _with(bt, played=(), exchanges=bt.exchanges + 1, last_losses=lost)
    s = s.evolve(battle=bt)
    left = s.units[area][dfn]
    if left < 2:
        say(log, UNITS_LEFT, "battle.end", side=side_id(dfn), n=left, area=b.area_ids[area])
        return end_battle(s, log)
    if sum(bt.deck) < 4 - lost:
        say(log, TOO_FEW_CARDS, "battle.end", n=sum(bt.deck))
        return end_battle(s, log)
    again = tied and s.event is not None and tied_exchange_replayed(s)
    if again:
        say(log, TIE_AGAIN, "event.superstition", side=side_id(att))
    bt = _with(bt, attacker=att if again else dfn, after="refill", asked=())
    return _window(s.evolve(battle=bt), log)


WRITE_CARDS = message("battle.write-cards", "Write '{keyword} <card> <card>' with two {kind} cards, e.g. '{example}'.")
LAND_SEA = {"land": message("battle.kind-land", "land"), "sea": message("battle.kind-sea", "sea")}
OWN_HAND = {"attack": message("battle.attack-own-hand", "{side} must attack with two cards of its own hand ({held})."),
            "answer": message("battle.answer-own-hand", "{side} must answer with two cards of its own hand ({held}).")}
HELD = message("battle.held", "{n}× {card}")
SALPINX_NOT_FORCED = message("battle.salpinx-not-forced", "{side} has no prestige to pay for the Salpinx and holds other "
                             "cards, so it is not forced to play it.")
DECK_ORDER = message("battle.deck-order", "Name the two cards in deck order: '{example}'.")
ANSWER_ORDER = message("battle.answer-order", "Both attacking cards are alike; name the answers in deck order: "
                       "'{example}'.")


def _hand_why(s: State, a: Action, p: int, verb: str) -> Explanation | None:
    """Why two named cards cannot be played from p's hand (None if they can)."""
    names = [card_name(t) for t in _types(s)]
    if len(a.args) != 2 or any(x not in names for x in a.args):
        return explained(s, False, WRITE_CARDS, "decision.wrong-kind", keyword=a.kind, kind=Phrase(LAND_SEA[_fight(s).kind]),
                         example=f"{a.kind} {names[0]} {names[1]}")
    need = tadd(tadd((0,) * len(names), names.index(a.args[0]), 1), names.index(a.args[1]), 1)
    if any(n > h for n, h in zip(need, _fight(s).hands[p])):
        held = tuple(Phrase(HELD, {"n": k, "card": names[i]}) for i, k in enumerate(_fight(s).hands[p]) if k)
        return explained(s, False, OWN_HAND[verb], "battle.exchange", side=side_id(p), held=held)
    return None


def _attack_why(s: State, a: Action) -> Explanation | None:
    p = _fight(s).attacker
    e = _hand_why(s, a, p, "attack")
    if e is not None:
        return e
    names = [card_name(t) for t in _types(s)]
    sal = _salpinx(_types(s))
    if sal >= 0 and names[sal] in a.args and s.prestige[p] < SALPINX_COST:
        return explained(s, False, SALPINX_NOT_FORCED, "battle.salpinx", "battle.salpinx-unpayable", side=side_id(p))
    if a.args[0] != a.args[1] and names.index(a.args[0]) > names.index(a.args[1]):
        return explained(s, False, DECK_ORDER, "decision.wrong-kind", example=f"play {a.args[1]} {a.args[0]}")
    return None


def _defend_why(s: State, a: Action) -> Explanation | None:
    e = _hand_why(s, a, other(_fight(s).attacker), "answer")
    if e is not None:
        return e
    names = [card_name(t) for t in _types(s)]
    played = _fight(s).played
    if len(played) == 2 and played[0] == played[1] and names.index(a.args[0]) > names.index(a.args[1]):
        return explained(s, False, ANSWER_ORDER, "decision.wrong-kind", example=f"answer {a.args[1]} {a.args[0]}")
    return None


decision("battle-attack", "battles", attack_options, attack_apply, _attack_why, keywords=("play",),
         prompt=message("prompt.battle-attack", "play two combat cards"), stage="attack")
decision("battle-defend", "battles", defend_options, defend_apply, _defend_why, keywords=("answer",),
         prompt=message("prompt.battle-defend", "answer each attacking card"), stage="defend")

#: the decisions asked while a battle is in progress, by kind: the stage of the battle each stands for
BATTLE_STAGES: dict[str, str] = {k: d.stage for k, d in DECISIONS.items() if d.stage is not None}
#: the decisions a side takes in a battle in progress (the rest of BATTLE_STAGES are chance's draws)
SIDE_BATTLE_DECISIONS = frozenset(k for k in BATTLE_STAGES if not DECISIONS[k].chance)


REDRAWS = message("battle.redraws", "{side} draws 2 cards, {side2} draws {n}")


def _refill(s: State, log: Log) -> State:
    bt = _fight(s)
    old_att, old_def = other(bt.attacker), bt.attacker  # a replayed exchange lost no unit: both draw 2
    draws = (old_att,) * 2 + (old_def,) * (2 - bt.last_losses)
    say(log, REDRAWS, "battle.redraw", side=side_id(old_att), side2=side_id(old_def), n=2 - bt.last_losses)
    bt = _with(bt, draws=draws, after="attack", asked=())
    s = s.evolve(battle=bt)
    if not draws:
        return _attack(s, log)
    return s.evolve(pending=Pending("draw-card", CHANCE))


def end_battle(s: State, log: Log) -> State:
    """The battle is over: play goes on after it (the Great Commanders' doubling, the next battle, the
    next turn or the round end)."""
    return phases.go("after-battle", s.evolve(battle=None), _fight(s).turn_of, log)
