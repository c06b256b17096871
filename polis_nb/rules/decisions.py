"""Every kind of decision, declared once: a :class:`Decision` for each kind of pending decision, and
an :class:`ActionSpec` for each of the twelve actions of the rulebook.

A handler module declares its decisions beside the code that opens them
(``decision(kind, phase, options, apply, why, keywords=..., prompt=..., ...)``); everything the kernel
and the view model need to know of a kind is read from its Decision: the options and how to apply
one, why a choice is refused, the words it understands, what it asks in plain words
(:func:`describe_pending`), the action it is a step of (:func:`action_of`), the place on the map its
options name (:func:`target_of`, :func:`why_action`, :func:`click_target`), what its ``Pending.data``
must hold (``context``) and, at a chance decision, the probability of each outcome (``weights``).
Actions register how they start (``begin``), whether they can be taken at all (``available``) and
what they cost (``prestige_cost``). A decision's choice that costs prestige when taken (the retreat)
declares it too (``prestige_costs``); :func:`prestige_cost` answers for both.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from .actions import Action, Explanation
from .topology import Topology, topology_of
from .common import poss
from .phases import PHASES
from .state import PLAYERS, Pending, State, keep_legal

TARGETS = ("area", "polis", "offer")


def no_data(s: State, b: Topology) -> str | None:
    """The context check of a decision whose ``Pending.data`` is empty."""
    return None if s.pending.data == () else "this decision has no context (data must be [])"


def uniform(s: State, acts: tuple[Action, ...]) -> list[tuple[int, int]]:
    """The weights of a chance decision whose outcomes are equally likely (a die, a tile drawn)."""
    n = len(acts)
    return [(1, n)] * n


@dataclass(frozen=True)
class Decision:
    """One kind of pending decision (``Pending.kind``).

    ``options(s)`` lists its legal choices; ``apply(s, a, log)`` applies one unchecked; ``why(s, a)``
    may explain why a choice is refused. ``keywords``: the action keywords it understands, legal now
    or not (so a refusal can cite the real rule). ``prompt``: what is to be done, in words ("choose
    the destination"). ``action``: the action it is a step of, or a function of ``Pending.data`` where
    the data tells (moves: by the unit). ``target``: the kind of place on the map ("area", "polis",
    "offer") its ``why_template`` names: the action a click on such a place means, legal or not
    ("to {}"). ``context(s, board)``: what is wrong with ``Pending.data`` (None if nothing).
    ``weights(s, acts)``: at a chance decision, each outcome's probability as (numerator,
    denominator); a decision with weights is chance's. ``prestige_costs``: the prestige a choice of
    each keyword costs when it is taken (the retreat's). ``stage``: the stage of a battle in progress
    the decision stands for ("draw", "window", "attack", "defend"; None outside a battle).
    """

    kind: str
    phase: str
    options: Callable[[State], list[Action]]
    apply: Callable[[State, Action, list], State]
    why: Callable[[State, Action], Explanation | None] | None = None
    keywords: frozenset[str] = frozenset()
    prompt: str = ""
    action: str | Callable[[tuple], str] | None = None
    target: str | None = None
    why_template: str | None = None
    context: Callable[[State, Topology], str | None] = no_data
    weights: Callable[[State, tuple[Action, ...]], list[tuple[int, int]]] | None = None
    prestige_costs: Mapping[str, int] = field(default_factory=dict)
    stage: str | None = None

    @property
    def chance(self) -> bool:
        """Whether chance takes this decision."""
        return self.weights is not None

    @property
    def target_word(self) -> str | None:
        """The keyword of the options that name a place on the map (the why-template's first word)."""
        return self.why_template.split()[0] if self.why_template else None


@dataclass(frozen=True)
class ActionSpec:
    kind: str
    military: bool
    available: Callable[[State, int], bool]
    begin: Callable[[State, int, list], State]
    why: Callable[[State, int], Explanation | None]  # why the action cannot be chosen now
    rules: tuple[str, ...]
    title: str
    spends: frozenset[str] | None = None  # goods the action may spend (None: any good)
    # prestige paid when the action is chosen [action.military-cost]; tribute pays its own when the
    # territory is chosen (nothing in the home region)
    prestige_cost: int = 0
    # ``paying(s, p)``: a test of ``goods`` (p's goods, by good index) saying whether the action is
    # available in ``s`` with p holding those goods instead, for an action whose availability asks the
    # board once and then the goods (a player acting alone asks once per good it might pay); None: the
    # turn asks ``available`` of a copy of the State with the good paid
    paying: Callable[[State, int], Callable[[tuple[int, ...]], bool]] | None = None


@dataclass(frozen=True)
class Opens:
    """An action's ``begin`` that only opens the action's first decision, ``Pending(kind, player,
    data)``. Being data, the turn decision can set it in the same copy of the State as the action's
    costs."""

    kind: str
    data: tuple = ()

    def __call__(self, s: State, p: int, log: list) -> State:
        return s.evolve(pending=Pending(self.kind, p, self.data))


def with_listing(s: State, options: list[Action]) -> State:
    """``s`` keeping ``options`` as its legal choices: for a handler that has just listed the
    options of the decision ``s`` waits for (``DECISIONS[s.pending.kind].options(s)``), so that
    :func:`~polis_nb.rules.engine.legal_actions` need not list them again."""
    keep_legal(s, tuple(options))
    return s


DECISIONS: dict[str, Decision] = {}
ACTIONS: dict[str, ActionSpec] = {}
ACTION_ORDER = ("train", "galleys", "ships", "project", "hoplites", "fleet", "siege", "tribute",
                "trade", "proxenos", "ransom", "civilwar")


def decision(kind: str, phase: str, options, apply, why=None, **spec) -> Decision:
    """Declare the decision ``kind`` (see :class:`Decision` for ``spec``; ``keywords`` may be any
    collection of words)."""
    if "keywords" in spec:
        spec["keywords"] = frozenset(spec["keywords"])
    d = DECISIONS[kind] = Decision(kind, phase, options, apply, why, **spec)
    return d


def action(spec: ActionSpec) -> None:
    ACTIONS[spec.kind] = spec


# --- lookups ----------------------------------------------------------------------------------------

def describe_pending(s: State) -> str:
    """What the pending decision asks, in words ("choose the destination")."""
    d = DECISIONS.get(s.pending.kind)
    return d.prompt if d is not None else s.pending.kind


def prestige_cost(kind: str, keyword: str) -> int:
    """The prestige a choice costs when it is taken at the decision ``kind``: at the turn decision the
    action's (:attr:`ActionSpec.prestige_cost`), elsewhere the keyword's in its Decision's
    ``prestige_costs`` (the retreat's); 0 for a choice that costs none."""
    if kind == "turn":
        spec = ACTIONS.get(keyword)
        return spec.prestige_cost if spec is not None else 0
    d = DECISIONS.get(kind)
    return d.prestige_costs.get(keyword, 0) if d is not None else 0


def decisions_of_phase(phase: str) -> frozenset[str]:
    """The kinds of the decisions asked in ``phase`` (all of a battle's for "battles": the order of the
    battles, the draws, the windows, the exchanges and the doubling of the prestige won)."""
    return frozenset(k for k, d in DECISIONS.items() if d.phase == phase)


def action_of(s: State) -> str | None:
    """The action the pending decision is a step of (None: the turn decision and the steps of no action)."""
    a = DECISIONS[s.pending.kind].action
    return a(s.pending.data) if callable(a) else a


def _target_words() -> dict[str, str]:
    return {w: d.target for d in DECISIONS.values() if d.target is not None and (w := d.target_word) is not None}


def target_of(a: Action, decision: str | None = None) -> str | None:
    """The map element an action points at: 'area:<id>', 'polis:<id>', 'offer:<id>', or None (a
    button). ``decision``: the pending decision's kind, where the keyword alone does not tell."""
    d = DECISIONS.get(decision) if decision is not None else None
    if d is not None:
        kind = d.target if a.kind == d.target_word else None
    else:
        kind = _target_words().get(a.kind)
    return f"{kind}:{a.args[0]}" if kind and a.args else None


def why_action(s: State, target: str) -> Action | None:
    """The action a click on ``target`` would mean at the current decision (legal or not)."""
    kind, _, ident = target.partition(":")
    d = DECISIONS.get(s.pending.kind)
    if d is None or d.why_template is None or not ident or kind != d.target:
        return None
    return Action.from_text(d.why_template.format(ident))


def click_target(s: State, target: str) -> str:
    """What a click on ``target`` points at now: a click on a polis, while the decision asks for a
    territory, means the polis' territory (the disc covers part of it)."""
    kind, _, ident = target.partition(":")
    d = DECISIONS.get(s.pending.kind)
    if kind == "polis" and d is not None and d.target == "area":
        b = topology_of(s)
        i = b.polis_index.get(ident)
        if i is not None and b.polis_area[i] >= 0:
            return "area:" + b.area_ids[b.polis_area[i]]
    return target


# --- context checks shared by several decisions (``Decision.context``) ------------------------------

def shape(data: tuple, *types: type) -> bool:
    """Whether ``data`` holds exactly values of ``types``, in order."""
    return len(data) == len(types) and all(type(x) is t for x, t in zip(data, types))


def own_polis(s: State, b: Topology, i: int) -> str | None:
    """What is wrong with ``i`` as a polis of the deciding player (None if nothing)."""
    if not 0 <= i < len(s.owner) or s.owner[i] != s.pending.player:
        return f"polis {i} is not {poss(s.pending.player)}"
    return None
