"""Records with questions (:meth:`polis_nb.Game.quiz`) for the tests of the worksheet, its answer key,
the exported pages' words and the lesson Viewer: what follows a question carries words found nowhere
before it, so a test can tell whether any of it leaked."""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import polis_nb as pn
from polis_nb.analysis.bots import make_bot, sensible_policy

TUTORIAL_GAMES = sorted((Path(__file__).resolve().parents[2] / "tutorials" / "games").glob("*.polis"))

#: words of question 1's answer and of everything after it in :func:`quizzed`; none may reach a
#: worksheet or a lesson's view before question 1 is answered (question 2's hint is the question's own)
LATER = {
    "answer 1": "To Arkadia",
    "comment on question 1": "ZEBRA-SECRET",
    "comment after question 1": "QUOKKA-LATER",
    "comment on question 2": "WOMBAT-SECRET",
    "a later decision": "Tribute from Attika",
    "a later glyph": "an excellent decision",
    "a later mark": "arrow from Argos to Messenia (blue)",
    "a later variation": "XENON-PLAN",
    "a later variation's comment": "XENON-COMMENT",
}
#: words before question 1, which the worksheet's lead-in shows
BEFORE = {"the comment before": "OKAPI-BEFORE", "the decision before": "Move hoplites"}


def quizzed() -> pn.Game:
    """Seed 3: Sparta chooses to move hoplites (commented), marches two into Arkadia (question 1: the
    destination, with a hint and a comment), trains one in Sparta paying metal (question 2: the
    payment, with a hint and a comment); Athens then demands tribute from Attika (an excellent
    decision, with a mark and a named variation beside it): see :data:`LATER`."""
    g = pn.Game(seed=3, headers={"Event": "Quiz <test>", "Result": "RESULT-SECRET"})
    g.play("hoplites")
    g.comment("Sparta goes to war. OKAPI-BEFORE")
    g.play("to arkadia; from lakedaimon; from lakedaimon; end")
    march = next(n for n in g.root.walk() if str(n.action) == "to arkadia")
    g.quiz(march, hint="Which area borders Argos?")
    g.comment("Arkadia borders Argos: the siege can follow. ZEBRA-SECRET", node=march)
    g.play("train; polis sparta")
    g.comment("QUOKKA-LATER")
    g.play("pay metal")
    g.quiz(g.node, hint="Metal or silver: which does Sparta need less?")
    g.comment("Metal is spare. WOMBAT-SECRET")
    g.play("end; tribute")
    at = g.node
    g.play("area attika")
    g.glyph("!!")
    g.arrow("argos", "messenia", "blue")
    g.goto(at)
    g.branch("XENON-PLAN").play(next(a for a in pn.legal_actions(g.state) if str(a) != "area attika"))
    g.comment("XENON-COMMENT")
    g.goto(g.root)
    return g


@lru_cache(maxsize=1)
def _reviewed_text() -> str:
    bot = make_bot("sensible")
    s, rng, states = pn.settle(pn.new_game(seed=3)), random.Random(1), []
    while not s.is_terminal:
        states.append(s)
        s = pn.settle(pn.apply(s, bot.choose(s, rng)))
    g = pn.Game.from_state(states[-20])  # the last twenty positions, played to the end (as reviewed.ipynb)
    rng = random.Random(2)
    while not g.state.is_terminal:
        g.play(bot.choose(g.state, rng))
    g.review(budget=8, seed=1)
    return g.to_text()


def reviewed() -> pn.Game:
    """The end of a seeded game between sensible bots, reviewed (``budget=8, seed=1``): glyphs, review
    paragraphs in the comments, evaluations and the engine's variations."""
    return pn.Game.from_text(_reviewed_text())


def reviewed_quizzed() -> tuple[pn.Game, list[pn.Node]]:
    """:func:`reviewed` with its first two judged decisions as questions (the first with a hint)."""
    g = reviewed()
    judged = [n for n in g.root.mainline() if any(gl in ("?!", "?", "??") for gl in n.glyphs)]
    g.quiz(judged[0], hint="Count the prestige.")
    g.quiz(judged[1])
    return g, judged[:2]


def second_edition() -> pn.Game:
    """A second-edition game of sensible bots (seed 5) to its fifth turn, with two questions."""
    g = pn.Game(edition="ed2", seed=5)
    rng = random.Random(5)
    asked = []
    while len(g.turns()) < 6 and not g.state.is_terminal:
        before, choices = g.node, pn.legal_actions(g.state)
        a = sensible_policy(g.state, rng)
        g.play(a)  # and the chance steps after it
        if len(choices) > 1 and len(asked) < 2 and len(g.turns()) in (2, 4):
            asked.append(g.quiz(before.child(a), hint="What does the round's event change?"))
            g.comment(f"Question {len(asked)}'s comment.", node=asked[-1])
    g.goto(g.root)
    return g
