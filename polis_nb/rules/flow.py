"""Turn structure: choosing actions, passing, ending actions and turns, queuing battles, and
starting rounds. The transitions between the phases of a round are a small table (:mod:`.phases`)
that this module fills at the end; battles, events and the round end name them when their part is done."""
from __future__ import annotations

from typing import Callable

from . import phases
from .actions import Action, Explanation, shared
from .battle import start_battle
from .topology import Topology, topology_of
from ..i18n import Phrase, message, plural
from .common import Log, add_good, explained, have, say, side_id
from .decisions import ACTION_ORDER, ACTIONS, Opens, decision, no_data, shape, uniform
from .editions import edition_of
from .events import end_of_turn, offer_doubling
from .modifiers import battle_threshold, deck_for_round
from .roundend import begin_roundend, resume_roundend
from .state import CHANCE, Pending, State, other, tadd, tset

# --------------------------------------------------------------------------------------------
# the "turn" decision: choose an action (paying a good first when acting alone) or pass

#: the goods of one kind (the player's choice) a player acting alone pays for each action [turn.alone]
ALONE_COST = 1


def alone(s: State, p: int) -> bool:
    return other(p) in s.passed


def _action_ok(s: State, p: int, kind: str) -> bool:
    spec = ACTIONS[kind]
    if s.prestige[p] < spec.prestige_cost:
        return False
    return spec.available(s, p)


_CHOICES: dict[str, dict[str, Action]] = {}  # kind -> good paid ("" for none) -> the Action


def _choice(kind: str, paid: str = "") -> Action:
    """The Action choosing ``kind`` (paying one ``paid`` good when acting alone); made once and
    shared, as the same few dozen choices are listed at every turn."""
    by_good = _CHOICES.get(kind)
    if by_good is None:
        by_good = _CHOICES[kind] = {}
    a = by_good.get(paid)
    if a is None:
        a = by_good[paid] = Action(kind, ("+" + paid,)) if paid else Action(kind)
    return a


def turn_options(s: State) -> list[Action]:
    p = s.pending.player
    out: list[Action] = []
    free = edition_of(s).free_actions
    if alone(s, p):
        b = topology_of(s)
        # an action possible before paying stays possible unless the good paid is one it may spend;
        # an action that can say so from the goods alone (``paying``) is asked with the goods paid,
        # the others on a copy of the State with the good paid
        before = [kind for kind in ACTION_ORDER if kind not in free and _action_ok(s, p, kind)]
        tests: dict[str, Callable[[tuple[int, ...]], bool]] = {}
        mine = s.goods[p]
        for gi, g in enumerate(b.comp.goods):
            if mine[gi] < ALONE_COST:
                continue
            paid: State | None = None
            left: tuple[int, ...] | None = None
            for kind in before:
                spec = ACTIONS[kind]
                spends = spec.spends
                if spends is not None and g not in spends:
                    out.append(_choice(kind, g))
                    continue
                if spec.paying is not None:
                    test = tests.get(kind)
                    if test is None:
                        test = tests[kind] = spec.paying(s, p)
                    left = left or tadd(mine, gi, -ALONE_COST)
                    ok = test(left)
                else:
                    paid = paid or add_good(s, p, g, -ALONE_COST)
                    ok = _action_ok(paid, p, kind)
                if ok:
                    out.append(_choice(kind, g))
    else:
        for kind in ACTION_ORDER:
            if kind not in s.turn_actions and kind not in free and _action_ok(s, p, kind):
                out.append(_choice(kind))
    out += [_choice(kind) for kind in free if _action_ok(s, p, kind)]
    out.append(_choice("pass"))
    return out


PASS_NO_ARGS = message("turn.pass-no-arguments", "'pass' takes no arguments.")
FREE_NO_GOOD = message("turn.free-action-no-good", "{action} is no action in this edition: it costs no good and does "
                       "not count towards the turn; write '{keyword}'.")
ALONE_NEEDS_GOOD = message("turn.alone-needs-good", "{side} has passed, so every action first costs one good: write "
                           "e.g. '{keyword} +wood'.")
NOT_A_GOOD = message("turn.not-a-good", "'{text}' is not a good of this edition.")
NO_GOOD_FOR_EXTRA = message("turn.no-good-for-extra", "{side} has no {good} to pay for the extra action.")
ONLY_ALONE_PAYS = message("turn.only-alone-pays", "Only a player acting alone pays a good for an action.")
ALREADY_TOOK = message("turn.already-took", "{side} already took '{keyword}' this turn; the two actions of a turn must "
                       "differ.")
MILITARY_COST_SHORT = message("turn.military-cost-short", "{action} is a military action and costs {cost} prestige; "
                              "{side} has {has}.")
HAS_ONLY = message("turn.has-only", "only {n}")
HAS_NONE = message("turn.has-none", "none")
NO_LEGAL_USE = message("turn.no-legal-use", "{action} has no legal use now.")


def turn_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    if a.kind == "pass":
        return None if not a.args else explained(s, False, PASS_NO_ARGS, "turn.pass")
    if a.kind not in ACTIONS:
        return None
    spec = ACTIONS[a.kind]
    if a.kind in edition_of(s).free_actions:
        if a.args:
            return explained(s, False, FREE_NO_GOOD, *spec.rules, action=Phrase(spec.title), keyword=a.kind)
    elif alone(s, p):
        if len(a.args) != 1 or not a.args[0].startswith("+"):
            return explained(s, False, ALONE_NEEDS_GOOD, "turn.alone", side=side_id(other(p)), keyword=a.kind)
        g = a.args[0][1:]
        if g not in topology_of(s).good_index:
            return explained(s, False, NOT_A_GOOD, "turn.alone", text=g)
        if have(s, p, g) < ALONE_COST:
            return explained(s, False, NO_GOOD_FOR_EXTRA, "turn.alone", side=side_id(p), good=g)
        s = add_good(s, p, g, -ALONE_COST)
    else:
        if a.args:
            return explained(s, False, ONLY_ALONE_PAYS, "turn.alone")
        if a.kind in s.turn_actions:
            return explained(s, False, ALREADY_TOOK, "turn.two-different-actions", side=side_id(p), keyword=a.kind)
    if s.prestige[p] < spec.prestige_cost:
        has = Phrase(HAS_ONLY, {"n": s.prestige[p]}) if s.prestige[p] else Phrase(HAS_NONE)
        return explained(s, False, MILITARY_COST_SHORT, "action.military-cost", action=Phrase(spec.title),
                         cost=spec.prestige_cost, side=side_id(p), has=has)
    if not spec.available(s, p):
        return spec.why(s, p) or explained(s, False, NO_LEGAL_USE, *spec.rules, action=Phrase(spec.title))
    return None


PAYS_ALONE = message("turn.pays-alone", "{side} pays {n} {good} to act after {side2} passed")
CHOOSES_PAYING = message("turn.chooses-paying", "{side} chooses {action} (−{cost} prestige)")
CHOOSES = message("turn.chooses", "{side} chooses {action}")


def turn_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    if a.kind == "pass":
        return do_pass(s, p, log)
    goods = s.goods
    if a.args:
        g = a.args[0][1:]
        goods = tset(goods, p, tadd(goods[p], topology_of(s).good_index[g], -ALONE_COST))
        say(log, PAYS_ALONE, "turn.alone", player=p, side=side_id(p), n=ALONE_COST, good=g, side2=side_id(other(p)))
    spec = ACTIONS[a.kind]
    if a.kind in edition_of(s).free_actions:  # not an action: no turn slot, no extra good
        return spec.begin(s if goods is s.goods else s.evolve(goods=goods), p, log)
    prestige = s.prestige
    if spec.prestige_cost:
        prestige = tadd(prestige, p, -spec.prestige_cost)
        say(log, CHOOSES_PAYING, "action.military-cost", player=p, side=side_id(p), action=Phrase(spec.title),
            cost=spec.prestige_cost)
    else:
        say(log, CHOOSES, player=p, side=side_id(p), action=Phrase(spec.title))
    if isinstance(spec.begin, Opens):  # one copy of the State for the costs and the action's first decision
        return s.evolve(goods=goods, prestige=prestige, turn_actions=s.turn_actions + (a.kind,),
                        pending=Pending(spec.begin.kind, p, spec.begin.data))
    s = s.evolve(goods=goods, prestige=prestige, turn_actions=s.turn_actions + (a.kind,))
    return spec.begin(s, p, log)


decision("turn", "actions", turn_options, turn_apply, turn_why, keywords=ACTION_ORDER + ("pass",),
         prompt=message("prompt.turn", "choose an action or pass"))

# --------------------------------------------------------------------------------------------
# ending actions and turns


def after_action(s: State, p: int, log: Log) -> State:
    if s.outcome is not None:
        return s
    if alone(s, p):
        return s.evolve(pending=Pending("turn", p))
    if len(s.turn_actions) >= 2:
        return end_turn(s, p, log)
    return s.evolve(pending=Pending("turn", p))


PASSES_FIRST = message("turn.passes-first", "{side} passes and takes no more actions this round")
PASSES = message("turn.passes", "{side} passes")


def do_pass(s: State, p: int, log: Log) -> State:
    first = not s.passed
    s = s.evolve(passed=s.passed + (p,))
    say(log, PASSES_FIRST if first else PASSES, "turn.pass", player=p, side=side_id(p))
    return end_turn(s, p, log)


def end_turn(s: State, p: int, log: Log) -> State:
    s = end_of_turn(s, p, log)
    if s.outcome is not None:
        return s
    s = s.evolve(turn_actions=(), sieged=())
    if len(s.passed) == 2:
        return queue_battles(s, p, log)
    if s.passed:  # one player passed: the other acts alone, battles wait
        q = other(s.passed[0])
        return s.evolve(pending=Pending("turn", q))
    return queue_battles(s, p, log)


def battle_areas(s: State) -> tuple[int, ...]:
    t = battle_threshold(s)
    return tuple(i for i, (x, y) in enumerate(s.units) if x and y and x + y >= t)


BATTLE_IN = message("battle.in", "Battle in {area_list}")


def queue_battles(s: State, p: int, log: Log) -> State:
    """After a turn: fight every battle, then go on to the next turn or the round end."""
    areas = battle_areas(s)
    if areas:
        b = topology_of(s)
        low = any(sum(s.units[x]) < b.comp.battle_threshold for x in areas)  # an event lowered the threshold
        say(log, BATTLE_IN, "battle.trigger", *(("event.alcibiades",) if low else ()),
            area_list=tuple(b.area_ids[x] for x in areas))
        s = s.evolve(battles=areas, phase="battles")
        return next_battle(s, p, log)
    return after_battles(s, p, log)


def battle_over(s: State, p: int, log: Log) -> State:
    """A battle after the turn of ``p`` is over: a side that won prestige in it may double it once this
    round (Great Commanders), then the next battle is fought."""
    if s.event_data:
        s, waiting = offer_doubling(s, p, log)
        if waiting:
            return s
    return next_battle(s, p, log)


def next_battle(s: State, p: int, log: Log) -> State:
    if not s.battles:
        return after_battles(s, p, log)
    if len(s.battles) == 1:
        area = s.battles[0]
        return start_battle(s.evolve(battles=()), area, log, turn_of=p)
    return s.evolve(pending=Pending("battle-order", p))


def order_options(s: State) -> list[Action]:
    b = topology_of(s)
    return [shared("battle", (b.area_ids[x],)) for x in s.battles]


FIGHTS_FIRST = message("battle.fights-first", "{side} fights in {area} first")


def order_apply(s: State, a: Action, log: Log) -> State:
    b = topology_of(s)
    area = b.area_index[a.args[0]]
    say(log, FIGHTS_FIRST, "battle.order", player=s.pending.player, side=side_id(s.pending.player), area=a.args[0])
    return start_battle(s.evolve(battles=tuple(x for x in s.battles if x != area)), area, log,
                        turn_of=s.pending.player)


decision("battle-order", "battles", order_options, order_apply, keywords=("battle",),
         prompt=message("prompt.battle-order", "choose the next battle"), target="area", why_template="battle {}")


def after_battles(s: State, p: int, log: Log) -> State:
    """Battles (if any) are over: next player's turn, or the round end once both passed."""
    if s.outcome is not None:
        return s
    if len(s.passed) == 2:
        return begin_roundend(s.evolve(phase="roundend"), log)
    q = other(p) if not s.passed else other(s.passed[0])
    return s.evolve(phase="actions", pending=Pending("turn", q))


# --------------------------------------------------------------------------------------------
# round start: three projects, the event, the start player


ROUND_BEGINS = message("round.begins", "Round {round} begins")
REMOVES_ONE = message("project.removes-one", "{side} removes one of the {n} drawn project tiles ({why})")
LESS_PRESTIGE = message("project.remover-less-prestige", "less prestige")
TIE_FIRST_PASSER = message("project.remover-tie", "{side} passed first last round on equal prestige")
TIE_SPARTA = message("project.remover-tie-sparta", "{side} on equal prestige")


def start_round(s: State, log: Log, first_passer: int = -1) -> State:
    """Begin the round; ``first_passer`` (who passed first in the round before) breaks a prestige tie
    when an edition lets the weaker player remove a project tile."""
    say(log, ROUND_BEGINS, "game.rounds", round=topology_of(s).comp.rounds[s.round].label)
    s = s.evolve(phase="start")
    return draw_next_project(s, log, first_passer)


def draw_next_project(s: State, log: Log, first_passer: int = -1) -> State:
    """Round start: draw tiles up to the edition's number, let the weaker side remove one where the
    edition says so, then go on to the event."""
    ed = edition_of(s)
    if len(s.display) < ed.project_draws[s.round] and s.pile:
        keep = (first_passer,) if ed.project_removal and first_passer >= 0 else ()
        return s.evolve(pending=Pending("draw-project", CHANCE, keep))
    if ed.project_removal and s.round > 0 and len(s.display) > 1:
        p = remover(s, first_passer)
        a, sp = s.prestige
        why = Phrase(LESS_PRESTIGE) if a != sp else first_passer_text(first_passer)
        say(log, REMOVES_ONE, "project.draft", player=p, side=side_id(p), n=len(s.display), why=why)
        return s.evolve(pending=Pending("project-remove", p))
    return _after_projects(s, log)


def remover(s: State, first_passer: int) -> int:
    """Who removes a drawn project tile: less prestige; on a tie whoever passed first last round."""
    a, sp = s.prestige
    if a != sp:
        return 0 if a < sp else 1
    return first_passer if first_passer >= 0 else 1


def first_passer_text(p: int) -> Phrase:
    """Why the side that removes a tile on equal prestige does (who passed first, else Sparta)."""
    return Phrase(TIE_FIRST_PASSER, {"side": side_id(p)}) if p >= 0 else Phrase(TIE_SPARTA, {"side": "sparta"})


def project_remove_options(s: State) -> list[Action]:
    return [Action("remove", (t,)) for t in s.display]


REMOVES_PROJECT = plural("project.removes", "{side} removes project {project} from the game; {n} remains on display",
                         "{side} removes project {project} from the game; {n} remain on display")
NAME_A_TILE = message("project.name-a-tile", "Name one of the tiles on display: {tiles}.")


def project_remove_apply(s: State, a: Action, log: Log) -> State:
    t = a.args[0]
    s = s.evolve(display=tuple(x for x in s.display if x != t))
    say(log, REMOVES_PROJECT, "project.draft", player=s.pending.player, side=side_id(s.pending.player), project=t,
        n=len(s.display))
    return _after_projects(s, log)


def _project_remove_why(s: State, a: Action) -> Explanation | None:
    return explained(s, False, NAME_A_TILE, "project.draft", tiles=tuple(s.display))


def _project_remove_context(s: State, b: Topology) -> str | None:
    return no_data(s, b) or (None if s.display else "no project tile is on display to remove")


decision("project-remove", "start", project_remove_options, project_remove_apply, _project_remove_why,
         keywords=("remove",), prompt=message("prompt.project-remove", "remove one drawn project tile from the game"),
         context=_project_remove_context)


NO_EVENT_KNOWN = message("round.no-event-known", "No event card is known for round {round}; the round has no event")
ON_DISPLAY = message("round.project-on-display", "Project {project} is put on display")


def _after_projects(s: State, log: Log) -> State:
    if deck_for_round(s):
        return s.evolve(pending=Pending("draw-event", CHANCE))
    say(log, NO_EVENT_KNOWN, "round.event", round=topology_of(s).comp.rounds[s.round].label)
    return begin_actions(s, log)


def project_draw_options(s: State) -> list[Action]:
    return [shared("draw", (t,)) for t in s.pile]


def project_draw_apply(s: State, a: Action, log: Log) -> State:
    t = a.args[0]
    proj = topology_of(s).project_index[t]
    s = s.evolve(display=s.display + (t,), pile=tuple(x for x in s.pile if x != t))
    say(log, ON_DISPLAY, "round.projects", project=proj.id)
    return draw_next_project(s, log, s.pending.data[0] if s.pending.data else -1)


def _draw_project_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if d and not (shape(d, int) and d[0] in (0, 1) and edition_of(s).project_removal):
        return "expected [] or [the player who passed first last round]"
    if not s.pile:
        return "no project tile is left to draw"
    return None


decision("draw-project", "start", project_draw_options, project_draw_apply, keywords=("draw",),
         prompt=message("prompt.draw-project", "draw a project tile"), context=_draw_project_context, weights=uniform)


STARTS_BY_EVENT = message("round.starts-by-event", "{side} starts the round, as the event says")
STARTS = message("round.starts", "{side} starts the round (prestige {side_athens} {a}, {side_sparta} {b}; {why})")
STARTS_ON_TIE = message("round.starts-on-tie", "{side} starts on a tie")
STARTS_LESS = message("round.starts-less-prestige", "the side with less prestige starts")


def begin_actions(s: State, log: Log) -> State:
    if s.outcome is not None:
        return s
    a, sp = s.prestige
    if s.start_player >= 0:
        first = s.start_player
        say(log, STARTS_BY_EVENT, "event.start-player", side=side_id(first))
    else:
        first = 0 if a < sp else 1
        why = Phrase(STARTS_ON_TIE, {"side": "sparta"}) if a == sp else Phrase(STARTS_LESS)
        say(log, STARTS, "round.start-player", side=side_id(first), side_athens="athens", a=a, side_sparta="sparta",
            b=sp, why=why)
    return s.evolve(phase="actions", start_player=first, pending=Pending("turn", first))


# the transitions between the phases of a round (see phases.TRANSITIONS)
phases.fill({"begin-actions": begin_actions, "after-battle": battle_over, "resume-roundend": resume_roundend,
             "start-round": start_round})
