"""Each kind of decision is declared once, whole, in its :class:`~polis_nb.rules.decisions.Decision`.

Everything the kernel and the view model ask of a kind (its phase, its words, its prompt, the action it
belongs to, the place on the map its options name, what a click there means, its context check and, at
chance, its weights) is read from that one declaration. These tests hold the declarations to what the
kernel creates and to what the options of real games look like.
"""
from __future__ import annotations

import ast
import pathlib
import random

import pytest

import polis_nb as pn
from polis_nb.rules.battle import start_battle
from polis_nb.rules.topology import topology_of
from polis_nb.rules.decisions import (ACTION_ORDER, ACTIONS, DECISIONS, PHASES, TARGETS, Decision, action_of,
                                      describe_pending, no_data, target_of, why_action)

RULES_DIR = pathlib.Path(pn.__file__).parent / "rules"


def test_every_decision_is_complete():
    """No field the kernel or the view model needs is missing or inconsistent."""
    for kind, d in DECISIONS.items():
        assert isinstance(d, Decision) and d.kind == kind
        assert d.phase in PHASES and d.phase != "over", kind
        assert callable(d.options) and callable(d.apply) and callable(d.context), kind
        assert d.why is None or callable(d.why), kind
        assert isinstance(d.prompt, str) and d.prompt and d.prompt != kind, f"{kind}: no prompt"
        assert d.keywords and all(isinstance(k, str) and k for k in d.keywords), f"{kind}: no keywords"
        assert d.weights is None or callable(d.weights), kind
        # a step of an action names the action (the turn decision chooses one)
        if d.phase == "actions" and kind != "turn":
            assert d.action is not None, f"{kind}: the step of which action?"
        if isinstance(d.action, str):
            assert d.action in ACTIONS, kind
        # a decision whose options name places on the map says which places, and what a click means
        assert (d.target is None) == (d.why_template is None), kind
        if d.target is not None:
            assert d.target in TARGETS, kind
            assert d.why_template.count("{}") == 1 and d.target_word in d.keywords, kind


def test_the_turn_decision_understands_every_action():
    assert set(ACTIONS) == set(ACTION_ORDER)
    assert DECISIONS["turn"].keywords == frozenset(ACTION_ORDER) | {"pass"}


def _kernel_calls() -> list[tuple[str, str, int, ast.Call]]:
    """(callee, module, line, call) for every call of Pending, Opens and decision in ``rules/``."""
    out = []
    for path in sorted(RULES_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                if name in ("Pending", "Opens", "decision"):
                    out.append((name, path.name, node.lineno, node))
    return out


def test_every_kind_the_kernel_creates_is_declared_once():
    """Scan the kernel's source: every ``Pending("<kind>", ...)`` and ``Opens("<kind>")`` names a declared
    decision (or "over"), every declared decision is created somewhere, and each is declared once."""
    created: set[str] = set()
    declared: list[str] = []
    dynamic = []
    for name, module, line, call in _kernel_calls():
        first = call.args[0] if call.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            (declared.append if name == "decision" else created.add)(first.value)
        elif name != "decision" and module not in ("decisions.py",):
            dynamic.append(f"{module}:{line}")
    assert created - set(DECISIONS) <= {"over"}, created - set(DECISIONS)
    assert set(DECISIONS) <= created, set(DECISIONS) - created
    assert sorted(declared) == sorted(DECISIONS), "each kind is declared exactly once"
    # the only kinds not written out: those an action's Opens carries (the turn decision opens them) and
    # those a saved position names (its reader checks them against the declared kinds)
    assert {m.split(":")[0] for m in dynamic} <= {"flow.py", "statefields.py"}, dynamic


def _games():
    """Seeded games of both editions (random choices, a few starting in battles), every state."""
    for edition in ("ed1", "ed2"):
        b = topology_of(pn.position(edition))
        late = next(x.label for x in b.comp.rounds if x.stacking >= 4)
        for seed in range(8):
            rng = random.Random(seed)
            if seed in (2, 5):
                area = ("boiotia", "kyklades")[seed == 5]
                s = pn.position(edition, seed=seed, round=late, to_move="athens", units={area: (4, 4)},
                                prestige={"athens": 3, "sparta": 3})
                s = start_battle(s, b.area_index[area], [], turn_of=0)
            else:
                s = pn.new_game(edition, seed=seed)
            for _ in range(400):
                yield s
                if s.is_terminal:
                    break
                acts = pn.legal_actions(s)
                busy = [a for a in acts if a.kind not in ("pass", "end")]
                a = (pn.sample_chance(s, rng) if s.is_chance
                     else rng.choice(busy if busy and rng.random() < 0.85 else acts))
                s = pn.apply(s, a)


@pytest.fixture(scope="module")
def played():
    return list(_games())


def test_every_kind_met_in_play_is_declared(played):
    met = {s.pending.kind for s in played}
    assert met - set(DECISIONS) <= {"over"}
    assert len(met) > 25, sorted(met)


def test_options_speak_the_declared_words(played):
    """Every legal choice uses a keyword of its decision; chance decides exactly the decisions with
    weights; a choice that names a place means that place when the place is clicked."""
    for s in played:
        if s.is_terminal:
            continue
        d = DECISIONS[s.pending.kind]
        assert d.chance == s.is_chance, d.kind
        assert describe_pending(s) == d.prompt
        for a in pn.legal_actions(s):
            assert a.kind in d.keywords, (d.kind, str(a))
            t = target_of(a, d.kind)
            assert (t is not None) == (a.kind == d.target_word and bool(a.args)), (d.kind, str(a))
            if t is not None:
                meant = why_action(s, t)
                assert meant is not None and (meant.kind, meant.args[0]) == (a.kind, a.args[0]), (d.kind, str(a))
        if s.phase == "actions" and d.kind != "turn" and not s.is_chance:
            assert action_of(s) == s.turn_actions[-1], d.kind


def test_context_checks_accept_the_states_of_play(played):
    """Each decision's context check accepts the ``Pending.data`` real play gives it."""
    for s in played:
        if s.is_terminal:
            continue
        b = topology_of(s)
        assert DECISIONS[s.pending.kind].context(s, b) is None, (s.pending.kind, s.pending.data)
    s = pn.new_game("ed1", seed=1)
    assert no_data(s.evolve(pending=pn.Pending("turn", 0, (1,))), topology_of(s)) is not None


def test_an_action_carries_its_prestige_cost():
    """Moving hoplites or galleys and besieging cost 1 prestige when chosen; tribute costs nothing then
    (its territory decides: 1 prestige, none in the home region) [action.military-cost, tribute.home-free]."""
    from polis_nb.analysis.odds import SIEGE_ACTION_COST

    assert {k: a.prestige_cost for k, a in ACTIONS.items() if a.prestige_cost} == {"hoplites": 1, "fleet": 1,
                                                                                   "siege": 1}
    assert ACTIONS["tribute"].military and ACTIONS["tribute"].prestige_cost == 0
    assert SIEGE_ACTION_COST == ACTIONS["siege"].prestige_cost
