"""The rules kernel: state, decisions, legality, effects, chance, battles, round end, scoring.

This package's ``__all__`` is the one face of the kernel: the layers above it (record, analysis, puzzles,
render, lessons and widgets) import the rules from ``polis_nb.rules`` only, never from its
modules (``tests/test_layering.py`` checks it). A name they need is added here, under a public name.

The first group is the kernel contract (ARCHITECTURE §2, also ``polis_nb``'s own names); the rest are the
kernel's tables and queries that analysis and the views read.
"""
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from .actions import Action, Explanation, IllegalActionError, InvalidActionError, PolisError
from .engine import (apply, apply_unchecked, chance_outcomes, chance_rng, choices_at, cite_edition_log, explain, is_legal,
                     legal_actions, new_game, parse_action, sample_chance, settle)
from .editor import PositionError, edit, invariant_problems, position
from .index import RULES, RuleRef
from .notation import NotationError
from .payment import paid_with
from .scoring import outcome, score, score_parts
from .state import ATHENS, CHANCE, NEUTRAL, PLAYERS, SPARTA, Battle, LogEntry, Outcome, Pending, State

# the map of a component set: ``topology_of(s)`` is the Topology of the state's set (not the Board widget)
from .topology import Topology, board, board_named, components_named, register_components, topology_named, topology_of
from .battle import (BATTLE_STAGES, SALPINX_COST, SIDE_BATTLE_DECISIONS, answer_pairs, attack_pairs, card_name,
                     card_names, card_types, matched, retreat_cost, start_battle)
from .common import is_last_round, poss, round_name
from .decisions import (ACTIONS, click_target, decisions_of_phase, describe_pending, prestige_cost, target_of,
                        why_action)
from .editions import ED1, ED2, EDITIONS, Edition, edition_of
from .events import describe_card
from .flow import ALONE_COST, draw_next_project
from .military import siege_bonus, siege_refusal, tribute_refusal
from .modifiers import event_card, hire_cost
from .politics import civil_war_cost, offer_covered, offer_status, open_offers, price, trade_available
from .roundend import advance_roundend, phoros_step, wheat_need
from .visibility import HIDDEN, view
from .words import names_for
from . import engine as _engine, state as _state

#: True when the compiled kernel runs (the wheel ``scripts/wheel.sh`` builds), False when its Python source does
COMPILED: bool = _state.COMPILED and str(_engine.__file__).endswith(tuple(_EXTENSION_SUFFIXES))

__all__ = [
    # the kernel contract
    "COMPILED", "Action", "Battle", "Explanation", "IllegalActionError", "InvalidActionError", "LogEntry", "NotationError",
    "Outcome", "Pending", "PolisError", "PositionError", "RULES", "RuleRef", "State", "apply", "apply_unchecked",
    "chance_outcomes", "chance_rng", "choices_at", "edit", "explain", "legal_actions", "new_game", "outcome", "paid_with",
    "parse_action", "position", "sample_chance", "score", "settle",
    # sides
    "ATHENS", "CHANCE", "NEUTRAL", "PLAYERS", "SPARTA",
    # the map
    "Topology", "components_named", "register_components", "topology_named", "topology_of",
    "board", "board_named",  # deprecated: the former names of topology_of and topology_named
    # editions
    "ED1", "ED2", "EDITIONS", "Edition", "edition_of", "cite_edition_log",
    # decisions and actions
    "ACTIONS", "ALONE_COST", "click_target", "decisions_of_phase", "describe_pending", "is_legal", "prestige_cost", "target_of",
    "why_action",
    # battles
    "BATTLE_STAGES", "SALPINX_COST", "SIDE_BATTLE_DECISIONS", "answer_pairs", "attack_pairs", "card_name",
    "card_names", "card_types", "matched", "retreat_cost", "start_battle",
    # event cards
    "describe_card", "event_card", "hire_cost",
    # queries of the actions and the round
    "civil_war_cost", "invariant_problems", "is_last_round", "offer_covered", "offer_status", "open_offers", "price", "poss", "round_name", "score_parts",
    "siege_bonus", "siege_refusal", "trade_available", "tribute_refusal",
    # steps of a round (for the other edition's view of a position)
    "advance_roundend", "draw_next_project", "phoros_step", "wheat_need",
    # what one side may see
    "HIDDEN", "view",
    # the English names of a component set's terms, for words said above the kernel
    "names_for",
]
