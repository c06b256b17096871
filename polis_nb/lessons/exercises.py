"""The tutorials' exercises, one per tutorial (01-15): how each starts and how it is judged.

Each judge works out from the kernel what counts as solved (the legal choices, the best one, what a
decision yields) and compares the reader's answer with it. Its hints point at the rule to look at and
never name the decisions of a solution.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from ..record import Game, Node
from ..record.steps import node_title
from ..rules import (ACTIONS, PolisError, State, apply, topology_of, card_types, civil_war_cost, explain, legal_actions, outcome,
                     position as new_position, score, settle, start_battle)
from .battles import deal, words
from ..record.words import outcome_words
from ..render.htmlpage import e as html_escaped
from ..render.questions import answer_words, asker, own_comment
from ..render.text import edition_words
from .core import Verdict, correct, exercise, not_yet, position
from .positions import ATHENS, SPARTA, area_names, cubes, fresh, have, polis_name

if TYPE_CHECKING:
    from ..puzzles import Puzzle

NOTHING_YET = "nothing decided yet."


def _ending(end: State) -> str:
    """How the game ended at the position ``end`` (which is over), in words."""
    o = outcome(end)
    assert o is not None, "the position is not the end of the game"
    return outcome_words(o)


def taken_words(s: State) -> str:
    """The actions taken this turn, by their names ("Move hoplites and Besiege a polis", "none")."""
    names = [edition_words(topology_of(s).comp, ACTIONS[k].title) if k in ACTIONS else k for k in s.turn_actions]
    return " and ".join(names) or "none"


# --- 01 · the tour ------------------------------------------------------------------------------
def _tour() -> State:
    g = Game(edition="ed1", seed=4)
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
    g.play("siege; polis argos")
    return g.state


@exercise("01-thebai", task="Athens' first action brings enough hoplites beside Thebai to besiege it with the "
          "second action", rules=("move.one-destination", "control.majority", "siege.requirements",
                                  "turn.two-different-actions"), start=_tour)
def _thebai(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    if s is None:
        return not_yet(f"{NOTHING_YET} Write Athens' first action in `answer`, decisions separated by ';'. Hint: "
                       "a siege needs control of the territory and as many hoplites there as the polis' "
                       "fortification; where do Athens' hoplites stand now?")
    b = topology_of(s)
    thebai, boiotia = b.polis_index["thebai"], b.area_index["boiotia"]
    fort = b.comp.poleis[thebai].base
    if s.current_player != "athens" or s.pending.kind != "turn":
        return not_yet("Athens' move is not finished yet: bring the next hoplite, or end the move.")
    if s.turn_actions != ("hoplites",):
        return not_yet(f"use exactly one action, moving hoplites (Athens took {taken_words(s)}). "
                       "The siege must be the turn's other action.")
    athens, sparta = s.units[boiotia]
    if not explain(s, "siege").legal or "polis thebai" not in {str(a) for a in legal_actions(apply(s, "siege"))}:
        return not_yet(f"Athens has {athens} hoplite{'s' if athens != 1 else ''} in Boiotia; besieging Thebai needs "
                       f"control of Boiotia and at least {fort} hoplites there, its fortification.")
    return correct(f"{athens} Athenian hoplites stand in Boiotia against {sparta} Spartan, so Athens controls it "
                   f"with at least Thebai's fortification of {fort}: the siege is open for the second action.")


# --- 02 · setup and the goal --------------------------------------------------------------------
def _phoros() -> State:
    s = new_position(seed=1, round="4", to_move="sparta", passed=["athens"],
                     goods={"athens": {"wheat": 8, "silver": 0}, "sparta": {"wheat": 7}},
                     prestige={"athens": 3, "sparta": 2})
    return apply(s, "pass")  # Sparta passes too: both are fed, and Athens decides its Phoros first


def _after_phoros(s: State) -> State:
    while not s.is_terminal and s.pending.kind == "phoros":  # the other side takes nothing
        s = apply(s, "phoros 0")
    return s


@exercise("02-phoros", task="Athens takes as much silver at Phoros as it can without being ostracised",
          rules=("roundend.phoros", "end.ostracism", "end.score"), start=_phoros)
def _phoros_judge(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    if s is None:
        return not_yet(f"{NOTHING_YET} Write Athens' Phoros decision in `answer`; pn.legal_actions lists the "
                       "choices. Hint: Phoros turns prestige into silver, one for one, and a side left without "
                       "prestige afterwards is ostracised.")
    silver = have(start, ATHENS, "silver")
    safe = []
    for a in legal_actions(start):
        t = _after_phoros(apply(start, a))
        if not t.is_terminal:
            safe.append(have(t, ATHENS, "silver") - silver)
    end = _after_phoros(s)
    if end.is_terminal:
        return not_yet(f"{_ending(end)}. Athens must keep some prestige through Phoros.")
    got = have(end, ATHENS, "silver") - silver
    if got < max(safe):
        return not_yet(f"safe, but Athens takes only {got} silver and keeps {end.prestige[ATHENS]} prestige; it could "
                       "turn more prestige into silver and still not be ostracised.")
    return correct(f"Athens turns {got} prestige into {got} silver and keeps {end.prestige[ATHENS]}, the least that "
                   f"escapes ostracism; round {topology_of(end).comp.rounds[end.round].name} begins.")


# --- 03 · the skeleton of a round ---------------------------------------------------------------
def _alone() -> State:
    g = Game(edition="ed1", seed=0)
    g.play("train; polis pylos; pay metal")
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; end")
    g.play("ships; polis athenai; pay wood; end")
    g.play("hoplites; to boiotia; from attika; from attika; end")
    g.play("pass")  # Sparta gives up both actions of its turn: Athens acts alone
    return g.state


@exercise("03-acting-alone", task="after Sparta has passed, Athens adds a galley in the Kyklades and one in the "
          "Noties Sporades without giving up any wheat",
          rules=("turn.pass", "turn.alone", "turn.two-different-actions", "galley.polis", "galley.cost"),
          start=_alone)
def _acting_alone(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    if s is None:
        return not_yet(f"{NOTHING_YET} Write Athens' decisions in `answer`, separated by ';'. Hint: Sparta has "
                       "passed; what may Athens do now that it could not before, and what does each action cost? "
                       "pn.legal_actions lists the choices.")
    b = topology_of(s)
    kyk, nts = b.area_index["kyklades"], b.area_index["noties"]
    gained = (s.units[kyk][ATHENS] - start.units[kyk][ATHENS], s.units[nts][ATHENS] - start.units[nts][ATHENS])
    if gained[0] < 1 or gained[1] < 1:
        return not_yet(f"Athens has {gained[0]} more galley(s) in the Kyklades and {gained[1]} in the Noties "
                       "Sporades; it wants one more in each. Hint: one build action uses one polis, each polis' "
                       "port opens on a sea, and a side acting alone may take the same action again.")
    wheat = have(start, ATHENS, "wheat") - have(s, ATHENS, "wheat")
    if wheat > 0:
        return not_yet(f"both galleys are there, but Athens gave up {wheat} wheat. Each action after the "
                       "opponent has passed costs one good of Athens' choice: choose another good.")
    spent = ", ".join(f"{n} {g}" for g in topology_of(s).comp.goods
                      if (n := have(start, ATHENS, g) - have(s, ATHENS, g)) > 0)
    return correct("a galley more in the Kyklades and in the Noties Sporades, from two build actions in a row, "
                   f"which only a side acting alone may take, one good apiece (Athens spent {spent}; no wheat).")


# --- 04 · growing a league ----------------------------------------------------------------------
def _temple() -> State:
    return new_position(seed=1, round="4", to_move="sparta", display=["zeus", "demeter", "sokrates"],
                        goods={"sparta": {"metal": 3, "wood": 1, "silver": 7}})


@exercise("04-temple", task="Sparta starts the Temple of Zeus in Sparta with the goods it holds",
          rules=("project.polis", "project.cost", "data.prototype"), start=_temple)
def _temple_judge(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    if s is None:
        return not_yet(f"{NOTHING_YET} Write the whole action in `answer`: the action, the tile, the polis and the "
                       "payment. Hint: silver may stand in for a kind of good, but only for all of it.")
    b = topology_of(s)
    if ("zeus", b.polis_index["sparta"]) in s.started:
        paid = next((e.text for e in s.log if "project.cost" in e.rules), "")
        return correct(f"{paid}. Silver replaced whole kinds of goods only, as the rule asks.")
    if s.pending.kind != "turn":
        return not_yet("the action is not finished: pick the tile, the polis and a payment "
                       "(pn.legal_actions lists the payments Sparta can afford).")
    return not_yet("the Temple of Zeus has not been started in Sparta.")


# --- 05 · moving and blocking -------------------------------------------------------------------
def _galleys() -> State:
    return fresh(round="4", to_move="athens", units={"kyklades": (2, 2), "noties": (1, 0)})


@exercise("05-galleys-in-order", task="one fleet action brings all three Athenian galleys to the Thrakikon Pelagos",
          rules=("move.one-destination", "move.one-at-a-time", "control.majority",
                 "move.no-passing-through-controlled"), start=_galleys)
def _galleys_judge(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    if s is None:
        return not_yet(f"{NOTHING_YET} Write the fleet action in `answer`: moving galleys, the destination, then "
                       "the sea each galley comes from, one galley at a time. Hint: the galleys arrive one at a time, "
                       "and each one that leaves a sea can change who controls it.")
    b = topology_of(s)
    fleet = sum(start.units[i][ATHENS] for i in range(len(b.area_ids)) if b.is_sea[i])
    arrived = s.units[b.area_index["thrakikon"]][ATHENS]
    if s.turn_actions[:1] != ("fleet",) or len(s.turn_actions) > 1:
        return not_yet(f"use one action, moving galleys (Athens took {taken_words(s)}).")
    if arrived < fleet:
        return not_yet(f"{arrived} of Athens' {fleet} galleys reached the Thrakikon Pelagos. Hint: a galley may "
                       "always leave the sea it starts in, but may not pass through a sea the opponent controls; "
                       "which galley has to pass through the Kyklades, and when do they change hands?")
    return correct(f"all {fleet} galleys reached the Thrakikon Pelagos in one action: the one that had to cross "
                   "the Kyklades did so while they were contested, before any Athenian galley left them.")


# --- 06 · sieges and tribute --------------------------------------------------------------------
def _sikelia() -> State:
    return fresh(round="4", to_move="sparta", poleis={"syrakousai": ("sparta", 4)}, units={"sikelia": (0, 4)},
                 goods={"sparta": {"wine": 0, "oil": 0, "wheat": 0}})


def _gains(s: State, start: State, side: int, goods: tuple[str, ...]) -> dict[str, int]:
    return {g: have(s, side, g) - have(start, side, g) for g in goods}


@exercise("06-sikelia", task="Sparta's tribute in Sikelia brings at least 3 wheat and, with that, as much wine "
          "as possible", rules=("tribute.requirements", "tribute.rows", "action.military-cost"), start=_sikelia)
def _sikelia_judge(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    if s is None:
        return not_yet(f"{NOTHING_YET} Write the tribute in `answer`: the action, the territory, then how the "
                       "hoplites stand on the rows. Hint: every hoplite of the territory goes on a row, and a row pays "
                       "the number under its last hoplite.")
    goods = ("wine", "oil", "wheat")
    at_rows = apply(apply(start, "tribute"), "area sikelia")
    options = [_gains(apply(at_rows, a), start, SPARTA, goods) for a in legal_actions(at_rows)]
    best = max(o["wine"] for o in options if o["wheat"] >= 3)
    got = _gains(s, start, SPARTA, goods)
    if got["wheat"] < 3:
        return not_yet(f"{got['wheat']} wheat is too little; Sparta needs at least 3. How many hoplites must stand "
                       "on the wheat row for that?")
    if got["wine"] < best:
        return not_yet(f"enough wheat, but only {got['wine']} wine: the hoplites the wheat does not need could "
                       "bring more.")
    return correct(f"{got['wheat']} wheat and {got['wine']} wine, the most wine any spread with enough wheat gives, "
                   f"for {start.prestige[SPARTA] - s.prestige[SPARTA]} prestige (Sikelia is not Sparta's home).")


# --- 07 · trade ---------------------------------------------------------------------------------
def _trade() -> State:
    return new_position(seed=1, round="4", to_move="athens", units={"noties": (1, 2), "myrtoon": (0, 0)},
                        goods={"athens": {"wine": 5, "oil": 4, "metal": 4, "silver": 3, "wheat": 0}})


def _offer_words(s: State, oid: str) -> str:
    """An offer by its id in words: "the Aigyptos offer of 4 wheat for wine"."""
    b = topology_of(s)
    m = next(m for m in b.comp.markets if any(o.id == oid for o in m.offers))
    o = next(o for o in m.offers if o.id == oid)
    return f"the {m.name} offer of {o.load} {o.receive} for {o.demand[0]}"


@exercise("07-trade", task="one trade brings Athens at least 4 wheat and keeps its silver",
          rules=("trade.route", "trade.offer", "trade.exchange", "trade.buy-wheat", "control.majority"),
          start=_trade)
def _trade_judge(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    b = topology_of(start)
    used = [oid for oid, k, k0 in zip(b.offer_ids, s.offers if s else start.offers, start.offers)
            if k == ATHENS and k0 != ATHENS]
    if s is None or not used:
        return not_yet("Athens has not traded: no Athenian ship stands on a market offer. Write the trade action "
                       "and then one offer in the exercise cell. Hint: Persis is blocked; which other market sells a "
                       "load of 4 wheat, and which seas would the ship cross to get there?")
    wheat = have(s, ATHENS, "wheat") - have(start, ATHENS, "wheat")
    silver = have(s, ATHENS, "silver") - have(start, ATHENS, "silver")
    if silver < 0:
        return not_yet(f"{_offer_words(s, used[0])} brings {wheat} wheat, but Athens paid {-silver} silver for it, "
                       "and the silver was to be kept. Pay with goods instead: an exchange, not a purchase.")
    if wheat < 4:
        return not_yet(f"{_offer_words(s, used[0])} brings only {wheat} wheat, and Athens needs 4. Round 4 also "
                       "sells loads of 4: look for one whose route Sparta does not block.")
    route = b.trade_route(start, ATHENS, used[0].split(".")[0])
    way = f"through {area_names(start, route)}" if route else "overland"
    return correct(f"{_offer_words(s, used[0])} brings {wheat} wheat {way}, where Sparta controls no sea, and "
                   "the silver stays in the treasury.")


# --- 08 · the proxenos --------------------------------------------------------------------------
def _proxenos() -> State:
    return fresh(round="4", to_move="athens",
                 units={"megaris": (0, 1), "arkadia": (0, 2), "myrtoon": (0, 2), "kyklades": (2, 0)},
                 goods={"athens": {"silver": 8}})


def _where(s: State, side: int) -> str:
    i = s.proxenos[side]
    return "captivity" if i < 0 else polis_name(s, i)


@exercise("08-proxenos", task="Athens' proxenos reaches Argos with the silver for a civil war there left over",
          rules=("proxenos.route", "proxenos.bribe", "civilwar.cost"), start=_proxenos)
def _proxenos_judge(answer: Any, start: State) -> Verdict:
    s = position(answer, start) or start
    argos = topology_of(start).polis_index["argos"]
    cost = civil_war_cost(start, argos)[0]
    left = have(s, ATHENS, "silver")
    paid = have(start, ATHENS, "silver") - left
    if s.proxenos[ATHENS] != argos:
        return not_yet(f"Athens' proxenos stands in {_where(s, ATHENS)}, not in Argos. Move the proxenos, then "
                       "choose Argos by land or by sea. Hint: every Spartan unit in an area of the trip (the first and the last "
                       "included) takes one silver; count them on both kinds of trip before you go.")
    if left < cost:
        return not_yet(f"the proxenos reached Argos, but its bribes took {paid} silver, and the {left} left do not "
                       f"pay for the civil war ({cost}). Count the Spartan units on the other kind of trip.")
    return correct(f"the trip cost {paid} silver in bribes, leaving {left} for the civil war in Argos ({cost}) on the "
                   "next action.")


# --- 09 · battles -------------------------------------------------------------------------------
def _battle() -> State:
    b = topology_of(fresh())
    s = start_battle(fresh(round="4", to_move="athens", units={"boiotia": (4, 4)}), b.area_index["boiotia"], [])
    g = Game.from_state(s, settle=False)
    deal(g, "phalanx:othismos", "cavalry:advance", "archers:shoot", "peltasts:hold",  # Sparta
         "phalanx:advance", "phalanx:advance", "cavalry:hold", "mercenaries:hold")    # Athens
    g.play("fight; fight")
    return g.state


def _attacked(answer: Any, start: State) -> State | Verdict:
    """The position right after the attacker laid its two cards, or the verdict saying why not."""
    trail = getattr(answer, "trail", None)
    if trail is not None and not isinstance(answer, (State, Game)):  # the Combat widget
        after = next((st.state for st in trail if st.before is not None and st.before.pending.kind == "battle-attack"),
                     None)
        return after if after is not None else not_yet(
            "Sparta has not attacked in the widget. Show Sparta's hand, pick two cards and attack.")
    if isinstance(answer, str):
        if not answer.strip():
            return not_yet("no attack written yet. Sparta must lay two cards of its own hand. Hint: look at "
                           "Athens' hand for the formations it holds no card of; only its single Mercenaries card "
                           "can stand in for a missing one.")
        try:
            return apply(start, answer)
        except PolisError as err:
            cards = answer.split()
            try:  # the two cards the other way round
                return apply(start, " ".join(cards[:1] + cards[1:][::-1]))
            except PolisError:
                raise err from None
    s = position(answer, start)
    if s is None or s.battle is None or not s.battle.played:
        return not_yet("Sparta has not attacked yet: lay two cards of its hand.")
    return s


@exercise("09-sure-loss", task="Sparta attacks with two cards that cost Athens a hoplite whatever it answers",
          rules=("battle.exchange", "battle.formation", "battle.mercenaries"), start=_battle)
def _sure_loss(answer: Any, start: State) -> Verdict:
    attacked = _attacked(answer, start)
    if isinstance(attacked, Verdict):
        return attacked
    bt = attacked.battle
    assert bt is not None  # (_attacked answers a position in a battle)
    area, dfn = bt.area, 1 - bt.attacker
    losses = {a: start.units[area][dfn] - apply(attacked, a).units[area][dfn] for a in legal_actions(attacked)}
    best = min(losses, key=losses.__getitem__)
    if losses[best] >= 1:
        types = card_types(attacked.components, bt.kind)[0]
        held = bt.hands[dfn]
        missing = sorted({types[i].formation_label for i in bt.played
                          if not any(k and types[j].formation == types[i].formation for j, k in enumerate(held))})
        lacks = " and ".join(f"no {f}" for f in missing) or "too few matching cards"
        return correct(f"Athens loses at least {losses[best]} hoplite whatever it answers: it holds {lacks}, and its "
                       "one Mercenaries card can stand in for only one attacking card.")
    return not_yet(f"Athens answers with {' and '.join(words(c) for c in best.args)} and loses nothing. Which "
                   "formations can Athens not match at all, apart from its single Mercenaries card?")


# --- 10 · round end and game end ----------------------------------------------------------------
def _round_end() -> Game:
    g = Game(seed=1)
    g.play("hoplites; to messenia; from lakedaimon; from lakedaimon; from lakedaimon")
    g.play("tribute; area messenia; rows wheat:3")
    g.play("pass")                                # Athens passes first
    g.play("trade +metal; offer aigyptos.0 buy")  # Sparta acts alone; the market die is rolled from the seed
    g.play("pass")                                # and passes too: the round ends, Athens feeds first
    return g


def finish_round(s: State) -> State:
    """Play the rest of a round end quietly: no growth, no Phoros sales, chance from the seed."""
    while not s.is_terminal and s.phase == "roundend":
        if s.is_chance:
            s = settle(s)
        elif s.pending.kind == "grow":
            s = apply(s, "end")
        elif s.pending.kind == "phoros":
            s = apply(s, "phoros 0")
        else:
            break
    return s


def _fed(s: State, side: int) -> Iterator[State]:
    """Every position after ``side`` has finished its feeding decisions from ``s``."""
    if s.pending.kind == "feed" and s.current_player == ("athens", "sparta")[side]:
        for a in legal_actions(s):
            yield from _fed(apply(s, a), side)
    else:
        yield s


@exercise("10-feeding", task="Athens feeds its league without being ostracised at the round's end, keeping as "
          "many cubes as it can", rules=("roundend.feeding", "roundend.no-single-cubes", "roundend.phoros",
                                         "end.ostracism"), start=_round_end)
def _feeding(answer: Any, start: State) -> Verdict:
    s = position(answer, start) or start
    if s.pending.kind == "feed" and s.current_player == "athens":
        short = cubes(s, ATHENS) - have(s, ATHENS, "wheat")
        return not_yet(f"Athens has not finished feeding: {cubes(s, ATHENS)} cubes, {have(s, ATHENS, 'wheat')} wheat "
                       f"and {s.prestige[ATHENS]} prestige, so {short} wheat are missing. Each missing wheat costs "
                       "a prestige unless you release a whole polis (its cubes then need no wheat). Hint: what is "
                       "left for Phoros if prestige pays for everything?")
    best = max(cubes(t, ATHENS) for t in _fed(start, ATHENS) if outcome(finish_round(t)) is None)
    kept = cubes(s, ATHENS)
    end = finish_round(s)
    if outcome(end) is not None:
        return not_yet(f"Athens would be ostracised ({_ending(end)}). It paid with all its prestige; "
                       "release a polis first, so that prestige covers less.")
    if kept < best:
        return not_yet(f"safe from ostracism, but Athens keeps only {kept} cubes (and {s.prestige[ATHENS]} "
                       "prestige). Releasing fewer cubes would do: which release is the smallest that still leaves "
                       "a prestige after paying the rest?")
    freed = [i for i, (o0, o) in enumerate(zip(start.owner, s.owner)) if o0 == ATHENS and o != ATHENS]
    released = " and ".join(f"{polis_name(s, i)} ({start.pop[i]} cube{'s' if start.pop[i] != 1 else ''})"
                            for i in freed) or "no polis"
    return correct(f"Athens releases {released} and pays the rest of the meal with prestige: it keeps {kept} cubes "
                   f"and {s.prestige[ATHENS]} prestige, and round {topology_of(end).comp.rounds[end.round].name} begins.")


# --- 11 · an annotated game ---------------------------------------------------------------------
def _finish_game(s: State) -> State:
    while not s.is_terminal:  # nobody grows any more
        s = apply(s, "end")
    return s


def _best_growth(s: State, seen: dict) -> int:
    """Sparta's best final score from a growth step of the last round."""
    key = s
    if key not in seen:
        if s.is_terminal or s.pending.kind != "grow" or s.current_player != "sparta":
            seen[key] = score(_finish_game(s), SPARTA)
        else:
            seen[key] = max(_best_growth(apply(s, a), seen) for a in legal_actions(s))
    return seen[key]


@exercise("11-last-growth", task="Sparta's last growth step scores the most points it can", start=None,
          rules=("roundend.growth", "roundend.megalopolis", "roundend.last-round", "end.score"))
def _last_growth(answer: Any, start: State) -> Verdict:
    s = position(answer, start) or start
    end = _finish_game(s)
    b = topology_of(start)
    grown = [f"{p.name} +{end.pop[i] - start.pop[i]}" for i, p in enumerate(b.comp.poleis)
             if end.owner[i] == SPARTA and end.pop[i] > start.pop[i]]
    final, athens, best = score(end, SPARTA), score(end, ATHENS), _best_growth(start, {})
    done = ", ".join(grown) or "nothing grown"
    if final < best and not grown:
        return not_yet(f"Sparta scores {final} against {athens} ({done}). Every wheat left over is a cube not grown: "
                       "which poleis can still take cubes this round?")
    if final < best:
        return not_yet(f"Sparta scores {final} against {athens} ({done}); {_ending(end)}. There is "
                       "still a point to "
                       "gain: a polis that can grow further, or one that would rise above its base for a "
                       "Megalopolis prestige.")
    return correct(f"Sparta scores {final} against {athens} ({done}): {_ending(end)}. Each polis "
                   "grew as far as "
                   "its growth rate allows this round; the wheat left over has nowhere to go.")


# --- 12 · authoring -----------------------------------------------------------------------------
@exercise("12-annotate", task="a record of Sparta's march on Argos with a glyph, a comment, an arrow and a "
          "what-if, which survives the .polis text", rules=("siege.fortification", "siege.failure"),
          start=lambda: Game(seed=1))
def _annotate(answer: Any, start: State) -> Verdict:
    if not isinstance(answer, Game):
        return not_yet("the answer is a record: start it with pn.Game(seed=1) and play and annotate in it.")
    record = answer
    nodes = list(record.root.walk())[1:]
    missing = []
    if not any(str(n.action) == "polis argos" and n.parent is not None and n.parent.state.pending.kind == "siege-polis" for n in nodes):
        missing.append("the siege of Argos (answer.play, as in section 2)")
    if not any(n.glyphs for n in nodes):
        missing.append("a glyph (answer.glyph)")
    if not any(n.comment or n.starting_comment for n in nodes) and not record.root.comment:
        missing.append("a comment (answer.comment)")
    if not any(m.kind == "arrow" for n in nodes for m in n.marks):
        missing.append("an arrow (answer.arrow)")
    if not any(n.starts_variation() and n.parent is not None and n.parent.state.is_chance for n in nodes):
        missing.append("a what-if variation on a chance outcome (answer.what_if)")
    if missing:
        return not_yet("the record still lacks " + "; ".join(missing) + ". Section 3 lists the calls.")
    again = Game.from_text(record.to_text())
    if not again.same_record(record) or again.errors:
        problems = f" ({len(again.errors)} problems reading it back, the first on line {again.errors[0].line})" \
            if again.errors else ""
        return not_yet(f"the text round trip changed the record{problems}.")
    return correct(f"{len(nodes)} nodes with glyphs, comments, an arrow and a what-if, and the .polis text reads "
                   "back to the same record.")


# --- 13 · the two editions ----------------------------------------------------------------------
def _ransom() -> State:
    return new_position("ed2", 3, to_move="sparta", proxenos={"sparta": None}, goods={"sparta": {"silver": 9}},
                        units={"arkadia": (1, 0), "megaris": (1, 0)})


def _civil_wars(start: State) -> dict[str, State]:
    """Every polis Sparta can win by civil war in this one turn, freeing its proxenos first: the
    position after the civil war, by polis id."""
    out = {}
    trip = apply(apply(start, "ransom"), "proxenos")
    b = topology_of(start)
    for a in legal_actions(trip):
        there = apply(trip, a)
        if explain(there, "civilwar").legal:
            out[b.comp.poleis[there.proxenos[SPARTA]].id] = apply(there, "civilwar")
    return out


@exercise("13-free-ransom", task="in the second edition, Sparta frees its proxenos and wins the polis worth the "
          "most prestige by civil war, all in one turn",
          rules=("proxenos.ransom-ed2", "proxenos.ransom", "proxenos.bribe", "civilwar.cost", "civilwar.effect"),
          start=_ransom)
def _free_ransom(answer: Any, start: State) -> Verdict:
    s = position(answer, start)
    if s is None:
        return not_yet(f"{NOTHING_YET} Write Sparta's decisions in `answer`, one pn.apply per line. Hint: what does "
                       "freeing the proxenos cost in this edition, and is it one of the turn's two actions? "
                       "pn.explain(exercise, ...) with the ransom says.")
    if s.edition != "ed2":
        return not_yet("the exercise is played in the second edition; start from `exercise`.")
    if s.proxenos[SPARTA] < 0:
        return not_yet("Sparta's proxenos is still captured: nothing else moves it until the ransom is paid.")
    wars = _civil_wars(start)
    turn_end = min(t.ply for t in wars.values())  # the ply right after the best one-turn line
    won = [i for i, (o0, o) in enumerate(zip(start.owner, s.owner)) if o == SPARTA and o0 != SPARTA]
    if s.ply > turn_end:
        return not_yet("that took more than Sparta's one turn; the ransom, the trip and the civil war fit in one.")
    if not won:
        return not_yet("no polis has joined Sparta by civil war yet. With the proxenos standing in a polis that "
                       "is not Sparta's, a civil war buys it; the trip there is one action and the civil war another.")
    gained = s.prestige[SPARTA] - start.prestige[SPARTA]
    best = max(t.prestige[SPARTA] - start.prestige[SPARTA] for t in wars.values())
    name = polis_name(s, won[0])
    if gained < best:
        return not_yet(f"{name} joins Sparta for {gained} prestige, but another polis within reach would bring more. "
                       "Hint: every Athenian unit in an area of the trip takes a silver, and a neutral polis costs "
                       "twice its base population.")
    return correct(f"the ransom costs no action in this edition, so Sparta's two actions take the proxenos to "
                   f"{name} and win it by civil war: {gained} prestige. In the first edition the ransom is one of "
                   "the two actions, and the civil war would wait a turn.")


# --- 14 · puzzles -------------------------------------------------------------------------------
#: the exercise's position, built by hand so that it is none of the shipped puzzles: first edition,
#: round 5β (the last), Athens has passed and Sparta acts alone with one metal to pay for one more
#: action; Pacifism is in force and three Spartan hoplites stand at home in Lakedaimon. Sparta holds
#: no wheat and feeds its 5 cubes with prestige.
PUZZLE_14: dict[str, Any] = {"round": "5b", "to_move": "sparta", "passed": ["athens"], "event": "pacifism-5b",
             "poleis": {"athenai": ("athens", 6), "sparta": ("sparta", 5), "chalkis": None, "chios": None,
                        "gytheion": None, "pylos": None},
             "units": {"lakedaimon": (0, 3)}, "goods": {"athens": {"wheat": 6}, "sparta": {"metal": 1}},
             "prestige": {"athens": 3, "sparta": 7}, "display": [], "proxenos": {"athens": None, "sparta": None}}


def _puzzle_start() -> State:
    goods = {side: {g: 0 for g in topology_of(new_position()).comp.goods} for side in ("athens", "sparta")}
    for side, got in PUZZLE_14["goods"].items():
        goods[side].update(got)
    return fresh(**{**PUZZLE_14, "goods": goods})


_PUZZLE: list = []  # the proven puzzle of the exercise's position, made once


def _puzzle14() -> Puzzle:
    from ..puzzles import puzzle_at

    if not _PUZZLE:
        _PUZZLE.append(puzzle_at(_puzzle_start(), "exercise 14"))
    return _PUZZLE[0]


@exercise("14-puzzle", task="solve a proven puzzle built by hand: Sparta acts alone in the last round with "
          "Pacifism in force; find the one choice that wins by force",
          rules=("tribute.rows", "turn.alone", "end.score", "event.pacifism"), start=_puzzle_start)
def _puzzle_judge(answer: Any, start: State) -> Verdict:
    from ..puzzles import check as puzzle_check, hint as puzzle_hint

    p = _puzzle14()
    hint = puzzle_hint(p)
    if start != p.state():
        return not_yet("this exercise is the puzzle of the notebook; start from `exercise`.")
    if isinstance(answer, str) and not answer.strip():
        return not_yet(f"{NOTHING_YET} Write the choice in `answer`, e.g. answer = \"pass\". Hint: {hint}")
    if not isinstance(answer, str):
        return not_yet(f"the answer is one choice as text, like \"pass\", not {type(answer).__name__}.")
    first = answer.split(";")[0].strip()
    v = puzzle_check(p, first)
    if v.value is None:
        return not_yet(f"{first!r} is not one of the choices here: pn.legal_actions(exercise) lists them. Hint: {hint}")
    if not v.right:
        return not_yet(f"{v.reason} Hint: {hint}")
    return correct(f"{v.reason} The exact solver proves it, and every other choice is worth less.")


# --- 15 · teaching --------------------------------------------------------------------------------
def _tribute_lesson() -> Game:
    """Seed 1: Sparta marches three hoplites into Arkadia and its siege of Argos fails (die 2); Athens
    answers with a tribute from Attika, all three hoplites on the silver row, and builds a trade ship.
    Comments follow the tribute's rows, so a worksheet that leaked them would give the answer away."""
    g = Game(seed=1, headers={"Event": "Athens after the siege of Argos"})
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon; siege; polis argos")
    g.comment("A 2 against a fortification of 3: Argos holds, and Sparta loses a hoplite.")
    g.play("tribute; area attika; rows silver:3")
    g.comment("Three hoplites on one row pay the most: six silver, and no prestige spent at home.")
    g.play("ships; polis athenai; pay silver; end")
    g.comment("The silver builds a trade ship at once.")
    return g


def _rows_node(g: Game) -> Node:
    """The exercise's question: how Athens spreads its hoplites on Attika's tribute rows (the third
    decision of Athens' first turn of round 3), found without moving the record's current node."""
    first = next(t.node for t in g.turns(g.root.end()) if (t.round, t.player, t.number) == ("3", "athens", 1))
    second = first.next()
    third = second.next() if second is not None else None
    assert third is not None, "the record has no third decision in Athens' first turn of round 3"
    return third


_PAGE_KIND = re.compile(r'<body data-kind="([a-z-]+)"')  # what an exported page is: game, worksheet, answer-key


def _read_page(path: Any) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


@exercise("15-worksheet", task="a worksheet of one question with a hint: how Athens spreads its hoplites on "
          "Attika's tribute rows after the siege of Argos, with nothing of the answer in the page",
          rules=("tribute.rows", "tribute.home-free"), start=_tribute_lesson)
def _worksheet(answer: Any, start: State) -> Verdict:
    if not (isinstance(answer, tuple) and len(answer) == 2):
        return not_yet("hand in the record and the worksheet's file together, as a pair: (answer, sheet).")
    record, path = answer
    if not isinstance(record, Game):
        return not_yet(f"the first of the pair is the record (a Game from start(\"15-worksheet\")), not "
                       f"{type(record).__name__}.")
    if record.root.end().state != start:
        return not_yet("that record is not the exercise's game: start from start(\"15-worksheet\") and only add "
                       "the question (its moves stay as they are).")
    target = _rows_node(record)
    asked = [n for n in record.root.walk() if n.quiz is not None]
    if not asked:
        return not_yet("the record holds no question yet: mark the decision with answer.quiz(node, hint=...). "
                       "Hint: answer.turn(...) finds the first decision of a turn, and node.next() the one after it.")
    others = [n for n in asked if n is not target]
    if target not in asked:
        n = others[0]
        return not_yet(f"the question asks for “{n.words()}”, decision {n.number} ({node_title(n)}); the exercise "
                       f"asks how Athens spreads its hoplites on the tribute rows, decision {target.number}. "
                       "answer.unquiz(node) takes a question back.")
    if others:
        listed = ", ".join(str(n.number) for n in others)
        return not_yet(f"the record asks {len(asked)} questions; the worksheet should ask one. Take back the "
                       f"other{'s' if len(others) > 1 else ''} (decision {listed}) with answer.unquiz(node).")
    hint = target.quiz.hint  # type: ignore[union-attr]
    if not hint.strip():
        return not_yet("the question has no hint: give one with hint=... (marking the decision again replaces "
                       "it). A hint points at what to look at, without naming the answer.")
    if not isinstance(path, (str, Path)):
        return not_yet(f"the second of the pair is the worksheet's file name, not {type(path).__name__}.")
    page = _read_page(path)
    name = Path(path).name
    if page is None:
        return not_yet(f"there is no worksheet at {name} yet: write it with answer.to_html(sheet, worksheet=True).")
    kind = _PAGE_KIND.search(page)
    if kind is not None and kind.group(1) == "answer-key":
        return not_yet(f"{name} is the answer key: it names the answer, so it is for you, not the class. Write the "
                       "worksheet with worksheet=True alone.")
    if kind is None or kind.group(1) != "worksheet":
        what = "the page of the whole game" if kind is not None and kind.group(1) == "game" else "no page of polis_nb"
        return not_yet(f"{name} is {what}, not a worksheet: write it with answer.to_html(sheet, worksheet=True).")
    if "Question 1 of 1" not in page or html_escaped(hint) not in page:
        return not_yet(f"{name} does not hold the question as the record has it now: it was written before the "
                       "question or its hint last changed. Write it again.")
    later = [x for n in [target, *target.mainline()] if (x := own_comment(n))]
    said = f"{asker(target)} chose “{answer_words(target)}”"
    leaked = [x for x in [said, *later] if html_escaped(x) in page]
    if leaked:
        return not_yet(f"{name} holds words from the answer or after it (“{leaked[0]}”), so it gives the answer "
                       "away. Write it again with answer.to_html(sheet, worksheet=True).")
    return correct(f"one question, decision {target.number} ({node_title(target)}), with the hint “{hint}”. The "
                   f"worksheet {name} asks it, and holds neither the answer nor the {len(later)} comments that "
                   "follow it.")
