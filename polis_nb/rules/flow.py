"""Turn structure: choosing actions, passing, ending actions and turns, queuing battles, and
starting rounds. The transitions between the phases of a round are a small table (:mod:`.phases`)
that this module fills at the end; battles, events and the round end name them when their part is done."""
from __future__ import annotations

from typing import Callable

from . import phases
from .actions import Action, Explanation, shared
from .battle import start_battle
from .topology import Topology, topology_of
from .common import Log, add_good, have, round_name, say, side
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


def turn_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    if a.kind == "pass":
        return None if not a.args else Explanation.of(False, "'pass' takes no arguments.", "turn.pass")
    if a.kind not in ACTIONS:
        return None
    spec = ACTIONS[a.kind]
    if a.kind in edition_of(s).free_actions:
        if a.args:
            return Explanation.of(False, f"{spec.title} is no action in this edition: it costs no good and does "
                                  f"not count towards the turn; write '{a.kind}'.", *spec.rules)
    elif alone(s, p):
        if len(a.args) != 1 or not a.args[0].startswith("+"):
            return Explanation.of(False, f"{side(other(p))} has passed, so every action first costs one good: "
                                  f"write e.g. '{a.kind} +wood'.", "turn.alone")
        g = a.args[0][1:]
        if g not in topology_of(s).good_index:
            return Explanation.of(False, f"{g!r} is not a good of this edition.", "turn.alone")
        if have(s, p, g) < ALONE_COST:
            return Explanation.of(False, f"{side(p)} has no {g} to pay for the extra action.", "turn.alone")
        s = add_good(s, p, g, -ALONE_COST)
    else:
        if a.args:
            return Explanation.of(False, "Only a player acting alone pays a good for an action.", "turn.alone")
        if a.kind in s.turn_actions:
            return Explanation.of(False, f"{side(p)} already took '{a.kind}' this turn; the two actions of a turn "
                                  "must differ.", "turn.two-different-actions")
    if s.prestige[p] < spec.prestige_cost:
        has = f"only {s.prestige[p]}" if s.prestige[p] else "none"
        return Explanation.of(False, f"{spec.title} is a military action and costs {spec.prestige_cost} prestige; "
                              f"{side(p)} has {has}.", "action.military-cost")
    if not spec.available(s, p):
        return spec.why(s, p) or Explanation.of(False, f"{spec.title} has no legal use now.", *spec.rules)
    return None


def turn_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    if a.kind == "pass":
        return do_pass(s, p, log)
    goods = s.goods
    if a.args:
        g = a.args[0][1:]
        goods = tset(goods, p, tadd(goods[p], topology_of(s).good_index[g], -ALONE_COST))
        say(log, f"{side(p)} pays {ALONE_COST} {g} to act after {side(other(p))} passed", "turn.alone", player=p)
    spec = ACTIONS[a.kind]
    if a.kind in edition_of(s).free_actions:  # not an action: no turn slot, no extra good
        return spec.begin(s if goods is s.goods else s.evolve(goods=goods), p, log)
    prestige = s.prestige
    if spec.prestige_cost:
        prestige = tadd(prestige, p, -spec.prestige_cost)
        say(log, f"{side(p)} chooses {spec.title} (−{spec.prestige_cost} prestige)", "action.military-cost", player=p)
    else:
        say(log, f"{side(p)} chooses {spec.title}", player=p)
    if isinstance(spec.begin, Opens):  # one copy of the State for the costs and the action's first decision
        return s.evolve(goods=goods, prestige=prestige, turn_actions=s.turn_actions + (a.kind,),
                        pending=Pending(spec.begin.kind, p, spec.begin.data))
    s = s.evolve(goods=goods, prestige=prestige, turn_actions=s.turn_actions + (a.kind,))
    return spec.begin(s, p, log)


decision("turn", "actions", turn_options, turn_apply, turn_why, keywords=ACTION_ORDER + ("pass",),
         prompt="choose an action or pass")

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


def do_pass(s: State, p: int, log: Log) -> State:
    first = not s.passed
    s = s.evolve(passed=s.passed + (p,))
    say(log, f"{side(p)} passes" + (" and takes no more actions this round" if first else ""), "turn.pass", player=p)
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


def queue_battles(s: State, p: int, log: Log) -> State:
    """After a turn: fight every battle, then go on to the next turn or the round end."""
    areas = battle_areas(s)
    if areas:
        b = topology_of(s)
        low = any(sum(s.units[x]) < b.comp.battle_threshold for x in areas)  # an event lowered the threshold
        say(log, "Battle in " + ", ".join(b.name(x) for x in areas), "battle.trigger",
            *(("event.alcibiades",) if low else ()))
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


def order_apply(s: State, a: Action, log: Log) -> State:
    b = topology_of(s)
    area = b.area_index[a.args[0]]
    say(log, f"{side(s.pending.player)} fights in {b.name(area)} first", "battle.order", player=s.pending.player)
    return start_battle(s.evolve(battles=tuple(x for x in s.battles if x != area)), area, log,
                        turn_of=s.pending.player)


decision("battle-order", "battles", order_options, order_apply, keywords=("battle",),
         prompt="choose the next battle", target="area", why_template="battle {}")


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


def start_round(s: State, log: Log, first_passer: int = -1) -> State:
    """Begin the round; ``first_passer`` (who passed first in the round before) breaks a prestige tie
    when an edition lets the weaker player remove a project tile."""
    say(log, f"Round {round_name(s)} begins", "game.rounds")
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
        why = f"{first_passer_text(first_passer)} on equal prestige" if a == sp else "less prestige"
        say(log, f"{side(p)} removes one of the {len(s.display)} drawn project tiles ({why})", "project.draft",
            player=p)
        return s.evolve(pending=Pending("project-remove", p))
    return _after_projects(s, log)


def remover(s: State, first_passer: int) -> int:
    """Who removes a drawn project tile: less prestige; on a tie whoever passed first last round."""
    a, sp = s.prestige
    if a != sp:
        return 0 if a < sp else 1
    return first_passer if first_passer >= 0 else 1


def first_passer_text(p: int) -> str:
    return f"{side(p)} passed first last round" if p >= 0 else "Sparta"


def project_remove_options(s: State) -> list[Action]:
    return [Action("remove", (t,)) for t in s.display]


def project_remove_apply(s: State, a: Action, log: Log) -> State:
    t = a.args[0]
    s = s.evolve(display=tuple(x for x in s.display if x != t))
    say(log, f"{side(s.pending.player)} removes project {topology_of(s).project_index[t].name} from the game; "
        f"{len(s.display)} remain on display", "project.draft", player=s.pending.player)
    return _after_projects(s, log)


def _project_remove_why(s: State, a: Action) -> Explanation | None:
    return Explanation.of(False, "Name one of the tiles on display: " + ", ".join(s.display) + ".",
                          "project.draft")


def _project_remove_context(s: State, b: Topology) -> str | None:
    return no_data(s, b) or (None if s.display else "no project tile is on display to remove")


decision("project-remove", "start", project_remove_options, project_remove_apply, _project_remove_why,
         keywords=("remove",), prompt="remove one drawn project tile from the game", context=_project_remove_context)


def _after_projects(s: State, log: Log) -> State:
    if deck_for_round(s):
        return s.evolve(pending=Pending("draw-event", CHANCE))
    say(log, f"No event card is known for round {round_name(s)}; the round has no event", "round.event")
    return begin_actions(s, log)


def project_draw_options(s: State) -> list[Action]:
    return [shared("draw", (t,)) for t in s.pile]


def project_draw_apply(s: State, a: Action, log: Log) -> State:
    t = a.args[0]
    proj = topology_of(s).project_index[t]
    s = s.evolve(display=s.display + (t,), pile=tuple(x for x in s.pile if x != t))
    say(log, f"Project {proj.name} is put on display", "round.projects")
    return draw_next_project(s, log, s.pending.data[0] if s.pending.data else -1)


def _draw_project_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if d and not (shape(d, int) and d[0] in (0, 1) and edition_of(s).project_removal):
        return "expected [] or [the player who passed first last round]"
    if not s.pile:
        return "no project tile is left to draw"
    return None


decision("draw-project", "start", project_draw_options, project_draw_apply, keywords=("draw",),
         prompt="draw a project tile", context=_draw_project_context, weights=uniform)


def begin_actions(s: State, log: Log) -> State:
    if s.outcome is not None:
        return s
    a, sp = s.prestige
    if s.start_player >= 0:
        first = s.start_player
        say(log, f"{side(first)} starts the round, as the event says", "event.start-player")
    else:
        first = 0 if a < sp else 1
        why = "Sparta starts on a tie" if a == sp else "the side with less prestige starts"
        say(log, f"{side(first)} starts the round (prestige Athens {a}, Sparta {sp}; {why})", "round.start-player")
    return s.evolve(phase="actions", start_player=first, pending=Pending("turn", first))


# the transitions between the phases of a round (see phases.TRANSITIONS)
phases.fill({"begin-actions": begin_actions, "after-battle": battle_over, "resume-roundend": resume_roundend,
             "start-round": start_round})
