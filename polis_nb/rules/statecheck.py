"""Whether the fields of a state agree with one another, so that the engine can play it.

:func:`state_problems` lists what is wrong with a state whose fields each have the right type and
range (:mod:`.statefields`): the invariants of the pieces (the position editor's
:func:`~.editor.invariant_problems`), the project tiles, and the pending decision against the phase,
the battle, the round end, the passes and the decision's own context (``Pending.data``). A state
without problems has a legal decision to take (or is over), and play goes on from it.
"""
from __future__ import annotations

from .battle import BATTLE_STAGES, card_types, retreat_cost
from .topology import Topology, topology_of
from .decisions import DECISIONS, action_of, no_data
from .editions import edition_of
from .editor import invariant_problems
from .flow import battle_areas
from .roundend import STEPS
from .state import PLAYERS, Battle, State, other



def state_problems(s: State) -> list[str]:
    """Everything that keeps ``s`` from being a position the engine can play (empty if none)."""
    probs = invariant_problems(s)
    if probs:
        return probs
    probs = _project_problems(s) + _phase_problems(s)
    if probs:
        return probs
    return _decision_problems(s)


def _project_problems(s: State) -> list[str]:
    b = topology_of(s)
    out = []
    seen: dict[str, str] = {}
    for where, tiles in (("display", s.display), ("pile", s.pile), ("started", [t for t, _ in s.started]),
                         ("done", [t for t, _ in s.done])):
        for t in tiles:
            if t in seen:
                out.append(f"{where}: project {t!r} is also in {seen[t]}")
            seen[t] = where
    for where, placed in (("started", s.started), ("done", s.done)):
        for t, i in placed:
            if b.project_index[t].type not in b.comp.poleis[i].project_types:
                out.append(f"{where}: {b.comp.poleis[i].name} allows no {b.project_index[t].type} project "
                           "[project.polis]")
    if len({i for _, i in s.started}) != len(s.started):
        out.append("started: a polis begins at most one project a round [project.polis]")
    return out


def _phase_problems(s: State) -> list[str]:
    kind = s.pending.kind
    out = []
    if _phase_of(kind) != s.phase:
        out.append(f"pending: a {kind!r} decision does not belong to the {s.phase!r} phase")
    if (s.outcome is None) != (s.phase != "over"):
        out.append("outcome: a game has an outcome exactly when its phase is 'over'")
    if (s.battle is not None) != (kind in BATTLE_STAGES):
        out.append("battle: a battle is in progress exactly while a battle decision is pending")
    if s.phase != "over":
        if s.roundend and s.phase != "roundend":
            out.append("roundend: set only while the round ends")
        if s.battles and s.phase != "battles":
            out.append("battles: battles wait only in the battles phase")
        if s.phase in ("start", "roundend", "battles") and (s.turn_actions or s.sieged):
            out.append("turn_actions, sieged: no turn is under way in this phase")
    if s.phase == "start" and s.passed:
        out.append("passed: nobody has passed before a round's actions begin")
    if s.phase == "roundend" and len(s.passed) != 2:
        out.append("passed: a round ends only after both players passed [turn.pass]")
    return out


def _phase_of(kind: str) -> str | None:
    """The phase a decision of ``kind`` belongs to (None: no such decision)."""
    if kind == "over":
        return "over"
    d = DECISIONS.get(kind)
    return d.phase if d is not None else None


def _decision_problems(s: State) -> list[str]:
    b = topology_of(s)
    kind = s.pending.kind
    d = DECISIONS.get(kind)
    why = (d.context if d is not None else no_data)(s, b)
    if why:
        return [f"pending ({kind}): {why}"]
    if s.phase == "actions":
        why = _actor_problem(s, kind)
    elif s.phase == "roundend":
        why = _roundend_problem(s, kind)
    elif s.phase == "battles":
        why = _battle_problem(s, s.battle, b) if s.battle is not None else _queue_problem(s, b)
        if why is None and s.battle is not None:
            why = _queue_problem(s, b)
    return [f"pending ({kind}): {why}"] if why else []


# --- who acts -------------------------------------------------------------------------------------

def _actor(s: State, kind: str) -> int:
    """The player whose action is under way (a chance step names them in its context)."""
    return s.pending.data[0] if kind in ("siege-die", "market-die") else s.pending.player


def _actor_problem(s: State, kind: str) -> str | None:
    p = _actor(s, kind)
    if p in s.passed:
        return f"{PLAYERS[p]} has passed this round and takes no more actions [turn.pass]"
    alone = bool(s.passed)
    free = edition_of(s).free_actions
    if any(a in free for a in s.turn_actions):
        return f"turn_actions: {', '.join(free)} takes no action slot"
    if not alone and (len(set(s.turn_actions)) != len(s.turn_actions) or len(s.turn_actions) > 2):
        return "turn_actions: a turn holds at most two different actions [turn.two-different-actions]"
    if kind == "turn":
        if not alone and len(s.turn_actions) > 1:
            return "turn_actions: after two actions the turn is over [turn.two-different-actions]"
        return None
    want = action_of(s)
    if not s.turn_actions or s.turn_actions[-1] != want:
        return f"turn_actions: this step belongs to the action {want!r}, which is not the action under way"
    return None


def _roundend_problem(s: State, kind: str) -> str | None:
    if kind == "event-return":  # units an event sent abroad come back before the round-end steps
        return "roundend: the round-end steps have not begun yet" if s.roundend else None
    if not s.roundend:
        return "roundend: the round end's step is missing"
    step, idx = s.roundend
    if STEPS[step] != kind or idx > 1:
        return f"roundend: step {list(s.roundend)} is not the {kind!r} step of a player"
    first = s.passed[0]
    if s.pending.player != (first, other(first))[idx]:
        return f"roundend: {PLAYERS[(first, other(first))[idx]]} is the one to decide in this step [roundend.order]"
    return None


# --- battles --------------------------------------------------------------------------------------

def _queue_problem(s: State, b: Topology) -> str | None:
    ready = set(battle_areas(s))
    for a in s.battles:
        if a not in ready:
            return f"battles: no battle can be fought in {b.name(a)} [battle.trigger]"
        if s.battle is not None and a == s.battle.area:
            return f"battles: the battle in {b.name(a)} is already in progress"
    if s.pending.kind == "battle-order" and not s.battles:
        return "battles: no battle waits to be ordered"
    return None


def _battle_problem(s: State, bt: Battle, b: Topology) -> str | None:
    kind = s.pending.kind
    counts = card_types(s.components, bt.kind)[1]
    if any(h0 + h1 + d > c for h0, h1, d, c in zip(*bt.hands, bt.deck, counts)):
        return "battle: more cards in the hands and the deck than the combat deck holds"
    if min(s.units[bt.area]) < 1:
        return f"battle: both sides have units in {b.name(bt.area)} while they fight there"
    if bt.draws and kind != "draw-card" or kind == "draw-card" and not bt.draws:
        return "battle.draws: cards are owed exactly while a card is being drawn"
    if len(bt.draws) > sum(bt.deck):
        return "battle.draws: more cards owed than the deck holds"
    att, dfn = bt.attacker, other(bt.attacker)
    if kind == "battle-attack":
        if s.pending.player != att or bt.played:
            return "the attacker plays two cards before any are played"
        if sum(bt.hands[att]) < 2:
            return "battle: the attacker holds fewer than two cards [battle.exchange]"
    elif kind == "battle-defend":
        if s.pending.player != dfn or len(bt.played) != 2:
            return "the defender answers the attacker's two cards"
        if sum(bt.hands[dfn]) < 2:
            return "battle: the defender holds fewer than two cards [battle.exchange]"
    elif bt.played:
        return "battle.played: cards lie played only while the defender answers"
    if kind == "battle-retreat":
        p = s.pending.player
        if p in bt.asked or s.prestige[p] < retreat_cost():
            return f"{PLAYERS[p]} was already asked, or cannot pay for a retreat [battle.retreat]"
    if bt.after == "refill" and kind != "draw-card" and sum(bt.deck) < 4 - bt.last_losses:
        return "battle.deck: too few cards left for the redraws [battle.redraw]"
    return None
