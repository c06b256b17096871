"""The rules kernel: state, decisions, legality, effects, chance, battles, round end, scoring."""
from .actions import Action, Explanation, IllegalActionError, InvalidActionError, PolisError
from .engine import (apply, apply_unchecked, chance_outcomes, chance_rng, explain, legal_actions, new_game,
                     parse_action, sample_chance, settle)
from .editor import PositionError, edit, position
from .index import RULES, RuleRef
from .notation import NotationError
from .payment import paid_with
from .scoring import outcome, score
from .state import Battle, LogEntry, Outcome, Pending, State

__all__ = ["Action", "Battle", "Explanation", "IllegalActionError", "InvalidActionError", "LogEntry", "Outcome",
           "NotationError", "Pending", "PolisError", "PositionError", "edit", "position", "RULES", "RuleRef", "State", "apply", "apply_unchecked", "chance_outcomes",
           "chance_rng", "explain", "legal_actions", "new_game", "outcome", "paid_with", "parse_action", "sample_chance",
           "score", "settle"]
