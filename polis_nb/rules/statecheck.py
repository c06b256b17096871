"""Whether the fields of a state agree with one another, so that the engine can play it.

:func:`state_problems` lists what is wrong with a state whose fields each have the right type and
range (:mod:`.statefields`): the invariants of the pieces (the position editor's
:func:`~.editor.invariant_problems`), the project tiles, and the pending decision against the phase,
the battle, the round end, the passes and the decision's own context (``Pending.data``). A state
without problems has a legal decision to take (or is over), and play goes on from it.
"""
from __future__ import annotations

from typing import Callable

from .battle import card_types
from .board import Board, board
from .editions import edition_of
from .events import deck_for_round
from .flow import battle_areas
from .roundend import STEPS
from .state import PLAYERS, State, other

# the decisions each phase may wait for
PHASE_DECISIONS = {
    "start": frozenset({"draw-project", "project-remove", "draw-event", "event-remove", "event-cede", "event-send",
                        "event-sell"}),
    "actions": frozenset({"turn", "train-polis", "train-pay", "galley-polis", "galley-pay", "ships-polis",
                          "ships-pay", "project-tile", "project-polis", "project-pay", "move-dest", "move-from",
                          "siege-polis", "siege-die", "tribute-area", "tribute-rows", "trade-offer", "market-die",
                          "proxenos-dest"}),
    "battles": frozenset({"battle-order", "draw-card", "battle-retreat", "battle-attack", "battle-defend",
                          "event-double"}),
    "roundend": frozenset({"event-return", "feed", "grow", "phoros"}),
    "over": frozenset({"over"}),
}
BATTLE_DECISIONS = frozenset({"draw-card", "battle-retreat", "battle-attack", "battle-defend"})
# the action each step of an action belongs to (moves: by the unit moved)
ACTION_OF = {"train-polis": "train", "train-pay": "train", "galley-polis": "galleys", "galley-pay": "galleys",
             "ships-polis": "ships", "ships-pay": "ships", "project-tile": "project", "project-polis": "project",
             "project-pay": "project", "siege-polis": "siege", "siege-die": "siege", "tribute-area": "tribute",
             "tribute-rows": "tribute", "trade-offer": "trade", "market-die": "trade",
             "proxenos-dest": "proxenos"}
MOVE_ACTION = {"hoplite": "hoplites", "galley": "fleet"}


def state_problems(s: State) -> list[str]:
    """Everything that keeps ``s`` from being a position the engine can play (empty if none)."""
    from .editor import invariant_problems

    probs = invariant_problems(s)
    if probs:
        return probs
    probs = _project_problems(s) + _phase_problems(s)
    if probs:
        return probs
    return _decision_problems(s)


def _project_problems(s: State) -> list[str]:
    b = board(s)
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
    if kind not in PHASE_DECISIONS[s.phase]:
        out.append(f"pending: a {kind!r} decision does not belong to the {s.phase!r} phase")
    if (s.outcome is None) != (s.phase != "over"):
        out.append("outcome: a game has an outcome exactly when its phase is 'over'")
    if (s.battle is not None) != (kind in BATTLE_DECISIONS):
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


def _decision_problems(s: State) -> list[str]:
    b = board(s)
    kind = s.pending.kind
    check = _CONTEXT.get(kind, _no_data)
    why = check(s, b)
    if why:
        return [f"pending ({kind}): {why}"]
    if s.phase == "actions":
        why = _actor_problem(s, kind)
    elif s.phase == "roundend":
        why = _roundend_problem(s, kind)
    elif s.phase == "battles":
        why = _battle_problem(s, b) if s.battle is not None else _queue_problem(s, b)
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
    want = MOVE_ACTION[s.pending.data[0]] if kind in ("move-dest", "move-from") else ACTION_OF[kind]
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

def _queue_problem(s: State, b: Board) -> str | None:
    ready = set(battle_areas(s))
    for a in s.battles:
        if a not in ready:
            return f"battles: no battle can be fought in {b.name(a)} [battle.trigger]"
        if s.battle is not None and a == s.battle.area:
            return f"battles: the battle in {b.name(a)} is already in progress"
    if s.pending.kind == "battle-order" and not s.battles:
        return "battles: no battle waits to be ordered"
    return None


def _battle_problem(s: State, b: Board) -> str | None:
    bt = s.battle
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
        if p in bt.asked or s.prestige[p] < 1:
            return f"{PLAYERS[p]} was already asked, or cannot pay for a retreat [battle.retreat]"
    if bt.after == "refill" and kind != "draw-card" and sum(bt.deck) < 4 - bt.last_losses:
        return "battle.deck: too few cards left for the redraws [battle.redraw]"
    return None


# --- each decision's own context (Pending.data) -----------------------------------------------------

def _no_data(s: State, b: Board) -> str | None:
    return None if s.pending.data == () else "this decision has no context (data must be [])"


def _shape(data: tuple, *types: type) -> bool:
    return len(data) == len(types) and all(type(x) is t for x, t in zip(data, types))


def _own_polis(s: State, b: Board, i: int) -> str | None:
    if not 0 <= i < len(s.owner) or s.owner[i] != s.pending.player:
        return f"polis {i} is not {PLAYERS[s.pending.player]}'s"
    return None


def _building(ok: Callable[[State, Board, int], bool], what: str):
    def check(s: State, b: Board) -> str | None:
        d = s.pending.data
        if not _shape(d, int, int) or d[1] < 0:
            return "expected [polis index, units built so far]"
        return _own_polis(s, b, d[0]) or (None if ok(s, b, d[0]) else f"{b.comp.poleis[d[0]].name} {what}")
    return check


def _project_polis(s: State, b: Board) -> str | None:
    from .develop import payments

    d = s.pending.data
    if not _shape(d, str) or d[0] not in s.display:
        return "expected [a project tile on display]"
    if not payments(s, s.pending.player, d[0]):
        return f"{PLAYERS[s.pending.player]} cannot pay for {d[0]!r} [project.cost]"
    return None


def _project_pay(s: State, b: Board) -> str | None:
    d = s.pending.data
    if not _shape(d, str, int) or d[0] not in s.display:
        return "expected [a project tile on display, polis index]"
    why = _own_polis(s, b, d[1])
    if why:
        return why
    if b.project_index[d[0]].type not in b.comp.poleis[d[1]].project_types or any(i == d[1] for _, i in s.started):
        return f"{b.comp.poleis[d[1]].name} cannot take this project now [project.polis]"
    return None


def _move_dest(s: State, b: Board) -> str | None:
    d = s.pending.data
    return None if _shape(d, str) and d[0] in MOVE_ACTION else "expected [\"hoplite\"] or [\"galley\"]"


def _move_from(s: State, b: Board) -> str | None:
    d = s.pending.data
    if not _shape(d, str, int, int) or d[0] not in MOVE_ACTION or not 0 <= d[1] < len(s.units):
        return "expected [unit, destination area index, units moved so far]"
    if b.is_sea[d[1]] != (d[0] == "galley") or not 0 <= d[2] <= b.limit(s):
        return "the destination does not suit the unit, or too many units moved [move.land-or-sea]"
    return None


def _siege_die(s: State, b: Board) -> str | None:
    from .military import siege_refusal

    d = s.pending.data
    if not _shape(d, int, int) or d[0] not in (0, 1) or not 0 <= d[1] < len(s.owner):
        return "expected [besieger, polis index]"
    p, i = d
    if i not in s.sieged or b.comp.poleis[i].base <= 1:
        return "the polis is not being besieged with a roll [siege.fortification]"
    e = siege_refusal(s.evolve(sieged=tuple(x for x in s.sieged if x != i)), p, i)
    return None if e is None else f"the siege cannot take place: {e.text}"


def _tribute_rows(s: State, b: Board) -> str | None:
    d = s.pending.data
    if not _shape(d, int) or not 0 <= d[0] < len(s.units) or b.area_ids[d[0]] not in b.comp.tribute:
        return "expected [a territory that pays tribute]"
    if d[0] in s.tribute_done or s.units[d[0]][s.pending.player] < 1:
        return "this territory cannot pay tribute now [tribute.requirements]"
    return None


def _market_die(s: State, b: Board) -> str | None:
    d = s.pending.data
    ed = edition_of(s)
    modes = ("exchange" if ed.exchange_dice == "one" else "exchange-low",
             "buy" if ed.buy_dice == "higher-of-two" else "buy-each")
    if len(d) < 3 or d[0] not in (0, 1) or type(d[0]) is not int or d[2] not in modes:
        return f"expected [player, good, one of {', '.join(modes)}, ...]"
    goods = d[1:2] + d[3:]
    if d[2] != "buy-each" and len(d) > 3 or any(g not in b.comp.market_goods for g in goods) \
            or len(set(goods)) != len(goods):
        return "the goods whose market value moves are not market goods [trade.market-value]"
    return None


def _draw_project(s: State, b: Board) -> str | None:
    d = s.pending.data
    if d and not (_shape(d, int) and d[0] in (0, 1) and edition_of(s).project_removal):
        return "expected [] or [the player who passed first last round]"
    if not s.pile:
        return "no project tile is left to draw"
    return None


def _draw_event(s: State, b: Board) -> str | None:
    return _no_data(s, b) or (None if deck_for_round(s) else "this round has no event deck")


def _event_step(op: str | None, *more: type):
    """The context of a decision an event card asks for: [card, remaining steps] (plus, when ``op`` is
    given, the index of the card's effect ``op`` and the ``more`` values)."""
    def check(s: State, b: Board) -> str | None:
        d = s.pending.data
        shape = (str, tuple) + ((int,) + more if op else ())
        if not _shape(d, *shape) or d[0] != s.event:
            return f"expected [this round's event, its remaining steps{', effect index' if op else ''}, ...]"
        effects = next(e for e in b.comp.events if e.id == d[0]).effects
        for step in d[1]:
            if not (type(step) is tuple and _shape(step, int, int) and 0 <= step[0] < len(effects)
                    and step[1] in (0, 1)):
                return "each remaining step is [effect index, player]"
        if op and not (0 <= d[2] < len(effects) and effects[d[2]].op == op):
            return f"effect {d[2]} of the card is no {op!r} effect"
        if any(type(x) is int and not 0 <= x <= b.comp.cubes_per_player for x in d[3:]):
            return "a count is out of range"
        return None
    return check


def _memo(s: State, key: str, p: int) -> int:
    return next((n for k, q, n in getattr(s, "event_data", ()) if k == key and q == p), 0)


def _event_return(s: State, b: Board) -> str | None:
    d = s.pending.data
    if not _shape(d, str) or d[0] not in MOVE_ACTION:
        return "expected [\"hoplite\"] or [\"galley\"]"
    if not _memo(s, f"away-{d[0]}", s.pending.player):
        return f"{PLAYERS[s.pending.player]} has no {d[0]} abroad to bring back [event.units-abroad]"
    return None


def _event_double(s: State, b: Board) -> str | None:
    d = s.pending.data
    if not _shape(d, int) or d[0] not in (0, 1):
        return "expected [the player whose turn the battle followed]"
    if not _memo(s, "battle-prestige", s.pending.player):
        return f"{PLAYERS[s.pending.player]} won no prestige in the battle to double [event.great-commanders]"
    return None


def _grow(s: State, b: Board) -> str | None:
    d = s.pending.data
    polis = [x[0] for x in d if type(x) is tuple and _shape(x, int, int)]
    if len(polis) != len(d) or polis != sorted(set(polis)):
        return "expected [[polis index, cubes grown], ...] in polis order"
    for i, n in d:
        if _own_polis(s, b, i) or not 1 <= n <= b.comp.poleis[i].growth:
            return f"polis {i} cannot have grown by {n} [roundend.growth]"
    return None


def _project_remove(s: State, b: Board) -> str | None:
    return _no_data(s, b) or (None if s.display else "no project tile is on display to remove")


_CONTEXT: dict[str, Callable[[State, Board], str | None]] = {
    "train-pay": _building(lambda s, b, i: b.polis_area[i] >= 0, "lies in no territory [train.polis]"),
    "galley-pay": _building(lambda s, b, i: bool(b.polis_ports[i]), "has no port [galley.polis]"),
    "ships-pay": _building(lambda s, b, i: i in b.trade_cities[s.pending.player],
                           "is not a trade city of this side [ships.trade-city]"),
    "project-polis": _project_polis, "project-pay": _project_pay, "move-dest": _move_dest,
    "move-from": _move_from, "siege-die": _siege_die, "tribute-rows": _tribute_rows, "market-die": _market_die,
    "draw-project": _draw_project, "draw-event": _draw_event, "grow": _grow, "project-remove": _project_remove,
    "event-remove": _event_step(None), "event-cede": _event_step("cede-polis"),
    "event-send": _event_step("send-abroad", int), "event-sell": _event_step("sell-prestige"),
    "event-return": _event_return, "event-double": _event_double,
}
