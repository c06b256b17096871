"""Studies: a self-play position stripped down (or given this round's event card) so that the exact
solver can prove every choice of it; the generator (:mod:`polis_nb.puzzles.generate`) tries them.

A study keeps the game's board (poleis, prestige, markets, tribute taken) and strips what makes
proofs big. Each kind below says what it keeps.

* :func:`studies`: a side acting alone in the last round, one territory, market or proxenos at a
  time;
* :func:`battle_study`: the last exchange of a last-round battle;
* :func:`event_studies`: a territory study with a card of this round's deck in force whose rule
  changes what tribute there is worth (Pacifism, Etna), first edition;
* :func:`phoros_study`: the second side's Phoros at the end of the round before the last, with the
  last round bare (both editions).
"""
from __future__ import annotations

from dataclasses import replace

from ..analysis.hidden import hidden_from
from ..rules import (PLAYERS, PolisError, State, apply_unchecked, topology_of, edit, invariant_problems, is_last_round,
                     legal_actions, wheat_need)
from .prove import groups

STUDY_AREAS = 2  # territory studies of one position, at most
STUDY_SILVER = 6  # silver kept in a market or proxenos study, at most
STUDY_POLEIS = 4  # poleis of the side acting alone in a study, at most
STUDY_UNITS = 2  # units per area of the side that passed, in a study
PHOROS_SILVER = 3  # silver the deciding side keeps in a Phoros study, at most
#: the effects of an event card that change what tribute in one territory is worth, and whether
#: the territory is the side's home region (Pacifism) or the card's named area (Etna)
TRIBUTE_EVENTS = ("quell-pacifists", "tribute-cap")


def battle_ends(s: State) -> bool:
    """A battle answer after which the battle is over, whatever is played (so the cards the side to
    decide cannot see do not matter)."""
    if s.pending.kind != "battle-defend" or s.battle is None:
        return False
    area = s.battle.area
    for a in legal_actions(s):
        t = apply_unchecked(s, a)
        if t.battle is not None and t.battle.area == area and t.outcome is None:
            return False
    return True


def _acting_alone(s: State) -> bool:
    p = s.pending.player
    return s.pending.kind == "turn" and bool(s.passed) and s.passed[0] != p and is_last_round(s)


Units = tuple[tuple[int, int], ...]  # (Athens, Sparta) in each area


def _strip(s: State, goods: list[int], units: Units | None = None, ships: bool = False,
           proxenos: bool = False) -> State | None:
    """The common part of the acting-alone studies: the side to act feeds its cubes with prestige
    instead of wheat (its wheat, up to what its cubes eat, becomes as much prestige: the same score
    once fed) and keeps ``goods`` only; the passed side keeps only the wheat its cubes eat; no
    project is on display; only ``units`` stand on the map (none by default); the side's trade ships
    stay in port and its proxenos free only if asked. None if the result breaks an invariant."""
    p = s.pending.player
    mine = s.goods[p]
    wheat = len(mine) - 1
    theirs = list(s.goods[1 - p])
    theirs[wheat] = min(theirs[wheat], wheat_need(s, 1 - p))
    pr = list(s.prestige)
    pr[p] += min(mine[wheat], wheat_need(s, p))
    units = units if units is not None else tuple((0, 0) for _ in s.units)
    b = topology_of(s)
    both = (tuple(goods), tuple(theirs)) if p == 0 else (tuple(theirs), tuple(goods))
    prox = list(s.proxenos)
    if not proxenos:
        prox[p] = -1
    port = list(s.ships_port)
    if not ships:
        port[p] = 0
    t = s.evolve(goods=both, prestige=(pr[0], pr[1]), units=units, display=(), proxenos=(prox[0], prox[1]),
                 ships_port=(port[0], port[1]),
                 siege_discs=tuple(d for d in s.siege_discs if units[b.polis_area[d[0]]][d[1]]))
    return None if invariant_problems(t) else t


def _one_territory(s: State, area: int) -> Units:
    """The units of ``s`` with only ``area``'s kept, the passed side's thinned to
    :data:`STUDY_UNITS` (so that no battle can start)."""
    p = s.pending.player
    b = topology_of(s)
    cap = max(0, min(STUDY_UNITS, b.comp.battle_threshold - b.limit(s) - 2))
    return tuple(((u[0], min(u[1], cap)) if p == 0 else (min(u[0], cap), u[1])) if i == area else (0, 0)
                 for i, u in enumerate(s.units))


def _spare_good(s: State) -> list[int] | None:
    """One good of the kind the side to act holds most of (wheat and silver aside), or None."""
    p = s.pending.player
    mine = s.goods[p]
    silver = topology_of(s).good_index["silver"]
    kinds = [i for i in range(len(mine) - 1) if mine[i] > 0 and i != silver]
    if not kinds:
        return None
    goods = [0] * len(mine)
    goods[max(kinds, key=lambda i: (mine[i], -i))] = 1
    return goods


def studies(s: State) -> list[tuple[State, str]]:
    """Endgame studies of a last-round position where a side acts alone (the other has passed):
    (position, what it studies), at most :data:`STUDY_AREAS` territories, then the market and the
    proxenos (see :func:`_strip` for what every one keeps).

    * a **territory** study keeps the units of one territory where the side to act has hoplites
      (the passed side's thinned to :data:`STUDY_UNITS`, so no battle can start) and one good to
      spend (of the kind the side holds most of, wheat and silver aside; its proxenos is captive,
      its trade ships are out): one action is left, in that territory;
    * a **market** study keeps no units, the side's trade ships in port and up to
      :data:`STUDY_SILVER` silver as its only goods;
    * a **proxenos** study keeps no units, the side's free proxenos and up to :data:`STUDY_SILVER`
      silver as its only goods.

    Nothing where the side to act owns more than :data:`STUDY_POLEIS` poleis (each could be given
    up when it feeds)."""
    p = s.pending.player
    if not _acting_alone(s) or sum(1 for o in s.owner if o == p) > STUDY_POLEIS:
        return []
    b = topology_of(s)
    mine = s.goods[p]
    silver = b.good_index["silver"]
    out: list[tuple[State, str]] = []
    spare = _spare_good(s)
    if spare is not None:
        for area in b.territories:
            if s.units[area][p] and sum(1 for _, k in out if k == "territory") < STUDY_AREAS:
                t = _strip(s, spare, _one_territory(s, area))
                if t is not None:
                    out.append((t, "territory"))
    if mine[silver]:
        goods = [0] * len(mine)
        goods[silver] = min(mine[silver], STUDY_SILVER)
        if s.ships_port[p]:
            t = _strip(s, goods, ships=True)
            if t is not None:
                out.append((t, "market"))
        if s.proxenos[p] >= 0:
            t = _strip(s, goods, proxenos=True)
            if t is not None:
                out.append((t, "proxenos"))
    return out


def event_studies(s: State) -> list[tuple[State, str]]:
    """Territory studies of a side's turn in the last round with a card of this round's deck in
    force that changes what tribute there is worth: (position, "event <card id>"). The side acts
    alone: if the other side has not passed yet, the study says it has (so that one action is left
    to prove, as in :func:`studies`).

    A card with ``quell-pacifists`` (Pacifism: hoplites at home may be put on the pacifists for
    prestige) is tried in the side's home region, a card with ``tribute-cap`` (Etna: at most so
    many hoplites collect in one territory) in its territory when the side has more hoplites there;
    in either, tribute must not yet have been taken there this round. The study is a territory
    study (one good to spend, see :func:`studies`) of that territory, with the card put in force as
    :func:`polis_nb.edit` does (its lasting rules in force)."""
    p = s.pending.player
    if (s.pending.kind != "turn" or not is_last_round(s) or p in s.passed
            or sum(1 for o in s.owner if o == p) > STUDY_POLEIS):
        return []
    if not s.passed:
        s = s.evolve(passed=(1 - p,), turn_actions=())
    b = topology_of(s)
    spare = _spare_good(s)
    if spare is None:
        return []
    label = b.comp.rounds[s.round].label
    out: list[tuple[State, str]] = []
    for card in b.comp.events:
        if card.deck != label:
            continue
        for e in card.effects:
            if e.op == "quell-pacifists":
                area = b.home[p]
            elif e.op == "tribute-cap" and str(e.args[0]) in b.area_index:
                area = b.area_index[str(e.args[0])]
                if s.units[area][p] <= int(e.args[1]):
                    continue
            else:
                continue
            if not s.units[area][p] or area in s.tribute_done:
                continue
            t = _strip(s, spare, _one_territory(s, area))
            if t is None:
                continue
            try:
                out.append((edit(t, event=card.id, to_move=PLAYERS[p]), f"event {card.id}"))
            except PolisError:
                continue
    return out


def without_event(s: State) -> State | None:
    """``s`` with no event card in force (to tell whether the card changes the answer)."""
    try:
        return edit(s, event=None, to_move=PLAYERS[s.pending.player])
    except PolisError:
        return None


def phoros_study(s: State) -> State | None:
    """The study of a Phoros decision at the end of the round before the last, when the other side's
    Phoros is done (or it has none): after this choice the last round begins.

    The last round is left bare, so that the solver can play it out: no units, no project on
    display or to draw, no proxenos and no trade ships in port on either side; the side to decide
    keeps its wheat and up to :data:`PHOROS_SILVER` silver, the other side only the wheat its cubes
    eat. What the prestige sold buys in the last round, against what it would have scored, is the
    puzzle."""
    b = topology_of(s)
    if s.pending.kind != "phoros" or s.round != len(b.comp.rounds) - 2 or hidden_from(s, s.pending.player):
        return None
    if apply_unchecked(s, legal_actions(s)[0]).pending.kind == "phoros":  # the other side decides after
        return None
    p = s.pending.player
    n = len(s.goods[p])
    wheat, silver = n - 1, b.good_index["silver"]
    mine, theirs = [0] * n, [0] * n
    mine[silver] = min(s.goods[p][silver], PHOROS_SILVER)
    mine[wheat] = s.goods[p][wheat]
    theirs[wheat] = min(s.goods[1 - p][wheat], wheat_need(s, 1 - p))
    goods = (tuple(mine), tuple(theirs)) if p == 0 else (tuple(theirs), tuple(mine))
    t = s.evolve(goods=goods, units=tuple((0, 0) for _ in s.units), display=(), pile=(), proxenos=(-1, -1),
                 ships_port=(0, 0), siege_discs=())
    if invariant_problems(t) or len(groups(t)) < 2:
        return None
    return t


def battle_study(s: State) -> State | None:
    """The study of a battle answer in the last round: the draw pile is emptied, so the battle ends
    after this exchange whatever is answered (and the attacker's unseen cards cannot matter), and
    the round's other battles are left out (the units of their areas thinned below the battle
    threshold, from the larger side); both sides keep only the wheat their cubes eat (no growth
    follows)."""
    bt = s.battle
    if bt is None or s.pending.kind != "battle-defend" or not is_last_round(s):
        return None
    b = topology_of(s)
    low = b.comp.battle_threshold - 1  # one lower: an event may lower the threshold
    units = []
    for i, (x, y) in enumerate(s.units):
        while i != bt.area and x and y and x + y >= low:
            x, y = (x - 1, y) if x >= y else (x, y - 1)
        units.append((x, y))
    goods = tuple(g[:-1] + (min(g[-1], wheat_need(s, q)),) for q, g in enumerate(s.goods))
    t = s.evolve(battle=replace(bt, deck=tuple(0 for _ in bt.deck)), battles=(), units=tuple(units),
                 goods=(goods[0], goods[1]))
    if invariant_problems(t) or not battle_ends(t) or len(groups(t)) < 2:
        return None
    return t
