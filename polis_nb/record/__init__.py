"""Game records: the decision tree, what-if branches, commentary, and the .polis / JSON files."""
from .game import Game, Turn
from .node import COLOURS, GLYPHS, Mark, Node, Quiz, RecordError
from .result import Result

__all__ = ["COLOURS", "GLYPHS", "Game", "Mark", "Node", "Quiz", "RecordError", "Result", "Turn"]
