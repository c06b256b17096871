"""Write docs/board.svg, the board picture of the README (Sparta's march on Argos, seed 3).

    .venv/bin/python scripts/readme_board.py
"""
from pathlib import Path

import polis_nb as pn
from polis_nb.render import svg

g = pn.Game(seed=3)
g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
g.play("siege; polis argos")  # the die is rolled from the game's seed
g.arrow("lakedaimon", "arkadia", "red")
out = Path(__file__).resolve().parents[1] / "docs" / "board.svg"
out.write_text(svg(g.state, marks=g.node.marks), encoding="utf-8")
print(f"wrote {out}: {g.state.log[-1].text}")
