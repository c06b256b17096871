"""The render layer (ARCHITECTURE §1, §6): a static SVG and a plain-text description of a position.

    from polis_nb.render import svg, describe
    svg(state, marks=node.marks, highlight={"boiotia"})  # standalone SVG string
    describe(state)                                      # plain text for terminals and screen readers

Pure Python, standard library only; nothing here imports a widget library.
"""
from . import geometry
from .svg import svg
from .text import describe

__all__ = ["svg", "describe", "geometry"]
