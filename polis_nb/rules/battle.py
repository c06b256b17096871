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
from .actions import Action, Explanation, shared
from .topology import topology_of, components_named
from .common import Log, add_prestige, say, side
from .decisions import DECISIONS, decision, prestige_cost
from .editions import edition_of
from .modifiers import battle_prestige, tied_exchange_replayed
from .state import ATHENS, BATTLE_FIELDS, CHANCE, SPARTA, Battle, Outcome, Pending, State, other, tadd, tset


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
    say(log, f"{'Sea' if kind == 'sea' else 'Land'} battle in {b.name(area)}: Athens {n[0]} against Sparta {n[1]}; "
        f"{side(att)} attacks first", "battle.first-attacker", "battle.hands")
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
    say(log, f"{side(p)} draws a combat card", "battle.hands" if bt.exchanges == 0 else "battle.redraw", player=p)
    bt = Battle(bt.area, bt.kind, bt.attacker, tset(bt.hands, p, tadd(bt.hands[p], i, 1)), tadd(bt.deck, i, -1),
                bt.draws[1:], bt.played, bt.exchanges, bt.last_losses, bt.after, bt.asked, bt.turn_of)
    s = s.evolve(battle=bt)
    if bt.draws:
        return s.evolve(pending=Pending("draw-card", CHANCE))
    if bt.exchanges == 0:  # the opening deal: a retreat window before the first exchange
        return _window(s, log)
    return _attack(s, log)


decision("draw-card", "battles", draw_options, draw_apply, keywords=("card",), prompt="draw a combat card",
         weights=draw_weights, stage="draw")


# --- retreat windows --------------------------------------------------------------------------

def retreat_cost() -> int:
    """The prestige a retreat costs, paid when it is announced [battle.retreat]: the battle-retreat
    decision's cost of 'retreat'."""
    return prestige_cost("battle-retreat", "retreat")


def _retreat_payment(s: State, p: int) -> str:
    """How ``p`` pays for a retreat, in the edition's terms ("pays Sparta 1 prestige")."""
    n = retreat_cost()
    return (f"pays {side(other(p))} {n} prestige" if edition_of(s).retreat_pays_opponent
            else f"loses {n} prestige, {side(other(p))} gains {n}")


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
        say(log, f"{side(p)} retreats from the battle in {topology_of(s).name(bt.area)} and "
            f"{_retreat_payment(s, p)}; its units stay",
            "battle.retreat", "battle.end", player=p)
        return end_battle(s, log)
    say(log, f"{side(p)} fights on", "battle.retreat", player=p)
    return _window(s.evolve(battle=_with(bt, asked=bt.asked + (p,))), log)


decision("battle-retreat", "battles", retreat_options, retreat_apply, keywords=("fight", "retreat"),
         prompt="retreat or fight on", prestige_costs={"retreat": 1}, stage="window")


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


def _attack(s: State, log: Log) -> State:
    bt = _fight(s)
    if sum(bt.hands[bt.attacker]) < 2:
        say(log, f"{side(bt.attacker)} cannot play two cards; the battle ends", "battle.end")
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
    say(log, f"{side(bt.attacker)} attacks with {a.args[0]} and {a.args[1]}", "battle.exchange",
        player=bt.attacker)
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
            parts.append(f"{card_name(ta)} cannot be matched: {side(dfn)} loses a unit and {side(att)} owes "
                         f"{SALPINX_COST} prestige")
            continue
        if matched(ta, td):
            g = max(0, ta.value - td.value)
            gain += g
            why = " (Mercenaries)" if "mercenaries" in (ta.formation, td.formation) else ""
            parts.append(f"{card_name(td)} matches {card_name(ta)}{why}" + (f": +{g} prestige to {side(att)}" if g else ""))
        else:
            losses += 1
            gain += max(0, ta.value)
            parts.append(f"{card_name(td)} fails against {card_name(ta)}: {side(dfn)} loses a unit"
                         + (f", +{ta.value} prestige to {side(att)}" if ta.value > 0 else ""))
    rules = ["battle.formation"]
    if any(types[i].formation == "mercenaries" for i in bt.played + (x, y)):
        rules.append("battle.mercenaries")
    if salpinx:
        rules.append("battle.salpinx")
    say(log, f"{side(dfn)} answers with {a.args[0]} and {a.args[1]}. " + "; ".join(parts), *rules)
    s = add_prestige(s, att, gain)
    if gain and s.event is not None:
        s = battle_prestige(s, att, gain)
    if salpinx:
        if s.prestige[att] < SALPINX_COST:
            say(log, f"{side(att)} cannot pay for the Salpinx and loses the game", "battle.salpinx-unpayable",
                "end.prestige-owed", player=att)
            return s.evolve(battle=None, outcome=Outcome(side(dfn).lower(), None,
                                                          f"{side(att)} could not pay for the Salpinx",
                                                          ("battle.salpinx-unpayable",)),
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
        say(log, f"{side(dfn)} has {left} unit{'s' if left != 1 else ''} left in {b.name(area)}; the battle ends",
            "battle.end")
        return end_battle(s, log)
    if sum(bt.deck) < 4 - lost:
        say(log, f"Only {sum(bt.deck)} cards remain, too few for both redraws; the battle ends", "battle.end")
        return end_battle(s, log)
    again = tied and s.event is not None and tied_exchange_replayed(s)
    if again:
        say(log, f"The cards tie: {side(att)} attacks again instead of changing roles", "event.superstition")
    bt = _with(bt, attacker=att if again else dfn, after="refill", asked=())
    return _window(s.evolve(battle=bt), log)


def _hand_why(s: State, a: Action, p: int, verb: str) -> Explanation | None:
    """Why two named cards cannot be played from p's hand (None if they can)."""
    names = [card_name(t) for t in _types(s)]
    if len(a.args) != 2 or any(x not in names for x in a.args):
        return Explanation.of(False, f"Write '{a.kind} <card> <card>' with two {_fight(s).kind} cards, e.g. "
                              f"'{a.kind} {names[0]} {names[1]}'.", "decision.wrong-kind")
    need = tadd(tadd((0,) * len(names), names.index(a.args[0]), 1), names.index(a.args[1]), 1)
    if any(n > h for n, h in zip(need, _fight(s).hands[p])):
        held = ", ".join(f"{k}× {names[i]}" for i, k in enumerate(_fight(s).hands[p]) if k)
        return Explanation.of(False, f"{side(p)} must {verb} with two cards of its own hand ({held}).",
                              "battle.exchange")
    return None


def _attack_why(s: State, a: Action) -> Explanation | None:
    p = _fight(s).attacker
    e = _hand_why(s, a, p, "attack")
    if e is not None:
        return e
    names = [card_name(t) for t in _types(s)]
    sal = _salpinx(_types(s))
    if sal >= 0 and names[sal] in a.args and s.prestige[p] < SALPINX_COST:
        return Explanation.of(False, f"{side(p)} has no prestige to pay for the Salpinx and holds other cards, so "
                              "it is not forced to play it.", "battle.salpinx", "battle.salpinx-unpayable")
    if a.args[0] != a.args[1] and names.index(a.args[0]) > names.index(a.args[1]):
        return Explanation.of(False, f"Name the two cards in deck order: 'play {a.args[1]} {a.args[0]}'.",
                              "decision.wrong-kind")
    return None


def _defend_why(s: State, a: Action) -> Explanation | None:
    e = _hand_why(s, a, other(_fight(s).attacker), "answer")
    if e is not None:
        return e
    names = [card_name(t) for t in _types(s)]
    played = _fight(s).played
    if len(played) == 2 and played[0] == played[1] and names.index(a.args[0]) > names.index(a.args[1]):
        return Explanation.of(False, f"Both attacking cards are alike; name the answers in deck order: "
                              f"'answer {a.args[1]} {a.args[0]}'.", "decision.wrong-kind")
    return None


decision("battle-attack", "battles", attack_options, attack_apply, _attack_why, keywords=("play",),
         prompt="play two combat cards", stage="attack")
decision("battle-defend", "battles", defend_options, defend_apply, _defend_why, keywords=("answer",),
         prompt="answer each attacking card", stage="defend")

#: the decisions asked while a battle is in progress, by kind: the stage of the battle each stands for
BATTLE_STAGES: dict[str, str] = {k: d.stage for k, d in DECISIONS.items() if d.stage is not None}
#: the decisions a side takes in a battle in progress (the rest of BATTLE_STAGES are chance's draws)
SIDE_BATTLE_DECISIONS = frozenset(k for k in BATTLE_STAGES if not DECISIONS[k].chance)


def _refill(s: State, log: Log) -> State:
    bt = _fight(s)
    old_att, old_def = other(bt.attacker), bt.attacker  # a replayed exchange lost no unit: both draw 2
    draws = (old_att,) * 2 + (old_def,) * (2 - bt.last_losses)
    say(log, f"{side(old_att)} draws 2 cards, {side(old_def)} draws {2 - bt.last_losses}", "battle.redraw")
    bt = _with(bt, draws=draws, after="attack", asked=())
    s = s.evolve(battle=bt)
    if not draws:
        return _attack(s, log)
    return s.evolve(pending=Pending("draw-card", CHANCE))


def end_battle(s: State, log: Log) -> State:
    """The battle is over: play goes on after it (the Great Commanders' doubling, the next battle, the
    next turn or the round end)."""
    return phases.go("after-battle", s.evolve(battle=None), _fight(s).turn_of, log)
