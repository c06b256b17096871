"""polis_nb — learn, analyse and annotate Polis (Fran Diaz) in Jupyter.

The kernel contract (see ARCHITECTURE §2)::

    import polis_nb as pn
    s = pn.new_game(edition="ed1", seed=7)
    acts = pn.legal_actions(s)
    s2 = pn.apply(s, acts[0])
"""
from .data import ComponentError, Components, default_components, load_components
from .i18n import get_language, language, set_language
from .rules import (COMPILED, RULES, Action, Battle, Explanation, IllegalActionError, InvalidActionError, LogEntry, Outcome,
                    Pending, PolisError, RuleRef, State, apply, apply_unchecked, chance_outcomes, chance_rng, explain,
                    legal_actions, new_game, outcome, parse_action, sample_chance, score, settle,
                    NotationError, PositionError, edit, position)

from .record import GLYPHS, Game, Mark, Node, RecordError, Turn
from .analysis.edition_diff import edition_diff
from .analysis.evaluate import analyse
from .puzzles import Puzzle, PuzzleError, puzzles
from . import render as _render  # noqa: F401 - words for the review's comments (render registers them)
from . import notebook as _notebook  # noqa: F401 - the review's progress in a notebook cell

__version__ = "0.1.0"

__all__ = ["COMPILED", "GLYPHS", "Game", "Mark", "Node", "RecordError", "Turn", "RULES", "Action", "Battle", "ComponentError", "Components", "Explanation", "IllegalActionError",
           "InvalidActionError", "LogEntry", "Outcome", "Pending", "PolisError", "RuleRef", "State", "apply",
           "apply_unchecked", "chance_outcomes", "chance_rng", "default_components", "explain", "legal_actions",
           "load_components", "new_game", "NotationError", "PositionError", "edit", "position", "outcome", "parse_action", "sample_chance", "score", "settle",
           "edition_diff", "analyse", "Puzzle", "PuzzleError", "puzzles", "get_language", "language", "set_language"]
