"""The search bot: information-set Monte Carlo tree search over the kernel's decisions.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration deals the cards the
searching side cannot see anew (:func:`.hidden.determinise`), walks down one shared tree whose
edges are decisions, picking among the choices legal in that deal by UCB with availability counts,
adds one node, plays the game out with a fast policy (the sensible bot by default) through the
kernel's unchecked path, and scores the end: 1 for a win, ½ for a shared result, 0 for a loss.

Chance steps (dice, card and tile draws) are sampled with their exact probabilities
(:func:`polis_nb.sample_chance`) and are nodes of the tree keyed by their outcome, except the cards
the other side draws, which the searching side does not see: those draws share one node.

Everything random comes from the injected ``random.Random``; with a budget in iterations the same
generator state gives the same tree and the same choice. A budget in seconds depends on the speed
of the machine.
"""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from typing import Any

from ..rules import Action, State, legal_actions, sample_chance
from ..rules.engine import apply_unchecked
from ..rules.state import CHANCE, PLAYERS
from .bots import POLICIES, Policy
from .hidden import determinise, viewer_index

HIDDEN_DRAW = Action("card", ("?",))  # the key of a card drawn by a side the searcher cannot see into
EXPLORATION = 0.7  # UCB constant for rewards in [0, 1]


class Node:
    """One node of the search tree: the decision (or chance outcome) that led here, seen from the
    player who made it (``player``; -1 for chance), with its visits, summed rewards for that player
    and the number of iterations in which it was available."""

    __slots__ = ("player", "visits", "value", "avail", "children")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.children: dict[Action, Node] = {}

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


def rollout_policy(rollout: "str | Policy") -> Policy:
    """The playout policy from a name ("random", "sensible", "greedy") or a policy function."""
    if isinstance(rollout, str):
        if rollout not in POLICIES:
            raise ValueError(f"unknown rollout policy {rollout!r}; known: {', '.join(POLICIES)}")
        return POLICIES[rollout]
    if not callable(rollout):
        raise TypeError(f"rollout must be a policy name or a function (state, rng) -> Action, not {rollout!r}")
    return rollout


def rewards(s: State) -> tuple[float, float]:
    """(Athens, Sparta) reward of a finished game: 1 a win, 0 a loss, ½ each for a shared result."""
    w = s.outcome.winner  # type: ignore[union-attr]
    return (0.5, 0.5) if w is None else (1.0, 0.0) if w == PLAYERS[0] else (0.0, 1.0)


def play_to_end(s: State, policy: Policy, rng: random.Random, max_decisions: int = 100_000) -> State:
    """Play ``s`` to the end with ``policy`` for both sides and ``rng`` for chance, unchecked."""
    n = 0
    while s.outcome is None:
        a = sample_chance(s, rng) if s.pending.player == CHANCE else policy(s, rng)
        s = apply_unchecked(s, a)
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"a playout did not end within {max_decisions} decisions")
    return s


class Tree:
    """A search from one position, seen by ``viewer`` (the side to decide unless told otherwise).

    ``root.children`` are the choices at the position (at a chance step: its outcomes); ``ends``
    counts, per choice, the rule ids that ended the playouts through it (from
    :func:`polis_nb.outcome`), and ``results`` their (wins, shared, losses) for the side to decide
    (for Athens at a chance step).
    """

    def __init__(self, s: State, *, viewer: "str | int | None" = "mover", rollout: "str | Policy" = "sensible",
                 exploration: float = EXPLORATION):
        if not isinstance(s, State):
            raise TypeError(f"a search needs a State, not {type(s).__name__}")
        if s.is_terminal:
            raise ValueError("the game is over: there is nothing to search")
        self.state = s
        self.player = s.pending.player  # -1 at a chance step: the root's children are its outcomes
        self.side = max(self.player, 0)  # whose results are counted: the side to decide (Athens at chance)
        self.viewer = (None if s.is_chance else self.player) if viewer == "mover" else viewer_index(viewer)
        self.policy = rollout_policy(rollout)
        self.c = exploration
        self.root = Node(CHANCE)
        self.iterations = 0
        self.ends: dict[Action, Counter] = {}
        self.results: dict[Action, list[int]] = {}

    # --- running ------------------------------------------------------------------------------
    def run(self, rng: random.Random, iterations: int | None = None, seconds: float | None = None) -> "Tree":
        """Run ``iterations`` more iterations, or as many as fit in ``seconds`` (both: whichever
        comes first). Returns the tree."""
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 0):
            raise ValueError(f"iterations must be a whole number >= 0, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        stop = None if seconds is None else time.perf_counter() + seconds
        n = 0
        while (iterations is None or n < iterations) and (stop is None or time.perf_counter() < stop):
            self._iterate(rng)
            n += 1
        return self

    def _iterate(self, rng: random.Random) -> None:
        s = determinise(self.state, self.viewer, rng)
        node = self.root
        path = []
        first = None
        expanded = False
        while s.outcome is None and not expanded:
            if s.pending.player == CHANCE:
                a = key = sample_chance(s, rng)
                if s.pending.kind == "draw-card" and s.battle is not None and s.battle.draws[0] != self.viewer:
                    key = HIDDEN_DRAW
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(CHANCE)
            else:
                a, child, expanded = self._select(s, node, rng)
                key = a
            if first is None:
                first = key
            s = apply_unchecked(s, a)
            path.append(child)
            node = child
        if s.outcome is None:
            s = play_to_end(s, self.policy, rng)
        r = rewards(s)
        for n in path:
            n.visits += 1
            if n.player != CHANCE:
                n.value += r[n.player]
        self.iterations += 1
        self.ends.setdefault(first, Counter())[s.outcome.rules] += 1  # type: ignore[index, union-attr]
        res = self.results.setdefault(first, [0, 0, 0])  # type: ignore[arg-type]
        mine = r[self.side]
        res[0 if mine == 1.0 else 1 if mine == 0.5 else 2] += 1

    def _select(self, s: State, node: Node, rng: random.Random) -> tuple[Action, Node, bool]:
        acts = legal_actions(s)
        ch = node.children
        p = s.pending.player
        untried = [a for a in acts if a not in ch]
        for a in acts:
            c = ch.get(a)
            if c is not None:
                c.avail += 1
        if untried:
            if len(untried) == 1:
                a = untried[0]
            else:  # the playout policy's choice first: a small budget falls back on the policy
                a = self.policy(s, rng)
                if a in ch:
                    a = rng.choice(untried)
            c = ch[a] = Node(p)
            c.avail = 1
            return a, c, True
        if len(acts) == 1:
            return acts[0], ch[acts[0]], False
        best, best_v = acts[0], -1.0
        k = self.c
        for a in acts:
            c = ch[a]
            v = c.value / c.visits + k * math.sqrt(math.log(c.avail) / c.visits)
            if v > best_v:
                best, best_v = a, v
        return best, ch[best], False

    # --- reading ------------------------------------------------------------------------------
    def choices(self) -> list[tuple[Action, Node]]:
        """The root's choices tried so far, most visited first (ties: the higher mean reward, then
        the one tried first)."""
        return sorted(self.root.children.items(), key=lambda an: (-an[1].visits, -an[1].mean()))

    def best(self) -> Action:
        """The most visited choice (the first legal choice before any iteration)."""
        got = self.choices()
        return got[0][0] if got else legal_actions(self.state)[0]

    def summary(self, depth: int = 12, min_visits: int = 2) -> dict:
        """Plain data (picklable, mergeable by :func:`merge_summaries`): iterations, the root
        choices with visits, value, results and ending rules, and the tree down to ``depth`` through
        nodes visited at least ``min_visits`` times (for the best line)."""
        def walk(n: Node, d: int) -> dict:
            if d >= depth:
                return {}
            return {str(a): [c.visits, c.value, c.player, walk(c, d + 1)]
                    for a, c in n.children.items() if c.visits >= min_visits}

        return {"iterations": self.iterations, "player": self.player,
                "choices": {str(a): {"visits": n.visits, "value": n.value, "results": list(self.results.get(a, (0, 0, 0))),
                                     "ends": {"|".join(k): v for k, v in self.ends.get(a, {}).items()}}
                            for a, n in self.root.children.items()},
                "tree": walk(self.root, 0)}


def merge_summaries(parts: list[dict]) -> dict:
    """One summary from several (root-parallel trees of the same position): visits, values,
    results and ending rules add up; trees merge by their decision text."""
    out: dict[str, Any] = {"iterations": 0, "player": None, "choices": {}, "tree": {}}
    for part in parts:
        out["iterations"] += part["iterations"]
        out["player"] = part["player"]
        for a, c in part["choices"].items():
            m = out["choices"].setdefault(a, {"visits": 0, "value": 0.0, "results": [0, 0, 0], "ends": {}})
            m["visits"] += c["visits"]
            m["value"] += c["value"]
            m["results"] = [x + y for x, y in zip(m["results"], c["results"])]
            for k, v in c["ends"].items():
                m["ends"][k] = m["ends"].get(k, 0) + v
        _merge_tree(out["tree"], part["tree"])
    return out


def _merge_tree(into: dict, other: dict) -> None:
    for a, (visits, value, player, children) in other.items():
        got = into.get(a)
        if got is None:
            into[a] = got = [0, 0.0, player, {}]
        got[0] += visits
        got[1] += value
        _merge_tree(got[3], children)


class SearchBot:
    """The search bot: ISMCTS with a budget of ``iterations`` per decision, or ``seconds`` (both:
    whichever comes first), playouts by ``rollout`` ("sensible" by default). A decision with one
    legal choice is answered at once. Same generator state and an iteration budget: same choice.

        >>> import random, polis_nb as pn
        >>> s = pn.settle(pn.new_game(seed=3))
        >>> bot = SearchBot(iterations=20)
        >>> bot.choose(s, random.Random(1)) == bot.choose(s, random.Random(1))
        True
    """

    def __init__(self, iterations: int | None = 200, seconds: float | None = None, *,
                 rollout: "str | Policy" = "sensible", exploration: float = EXPLORATION, name: str = "search"):
        if iterations is None and seconds is None:
            raise ValueError("the search bot needs a budget: iterations, seconds or both")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        rollout_policy(rollout)
        self.iterations, self.seconds, self.rollout, self.exploration = iterations, seconds, rollout, exploration
        self.name = name

    def search(self, s: State, rng: random.Random) -> Tree:
        """The tree this bot grows from ``s`` (for inspection; :meth:`choose` keeps only its best)."""
        return Tree(s, rollout=self.rollout, exploration=self.exploration).run(rng, self.iterations, self.seconds)

    def choose(self, s: State, rng: random.Random) -> Action:
        """The most visited choice after the search (at once when only one choice is legal)."""
        if s.is_terminal or s.is_chance:
            raise ValueError(f"the search bot chooses at a player decision, not at "
                             f"{'the end of the game' if s.is_terminal else 'a chance step'} ({s.pending.kind})")
        acts = legal_actions(s)
        if len(acts) == 1:
            return acts[0]
        return self.search(s, rng).best()

    __call__ = choose

    def __repr__(self) -> str:
        budget = " ".join(x for x in (f"{self.iterations} iterations" if self.iterations else "",
                                      f"{self.seconds} s" if self.seconds else "") if x)
        roll = self.rollout if isinstance(self.rollout, str) else getattr(self.rollout, "__name__", "custom")
        return f"<{self.name} bot: ISMCTS, {budget}, {roll} playouts>"

