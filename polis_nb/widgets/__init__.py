"""anywidget widgets (the Python half); their browser half is in the top-level ``widgets/`` folder."""
from .board import Board
from .combat import Combat
from .puzzle import PuzzleBoard
from .viewer import Viewer

__all__ = ["Board", "Combat", "PuzzleBoard", "Viewer"]
