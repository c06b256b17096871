"""The search: information-set Monte Carlo tree search that proves what it can.

**One tree, grown in waves.** Every iteration deals the cards the analysing side cannot see anew
(:func:`.hidden.determinise`; single-observer ISMCTS, Cowling, Powley and Whitehouse 2012), walks
down the tree picking among the choices legal in that deal, adds one node and scores it. The
choice at a decision is PUCT's (the rule of AlphaGo Zero's search, here with the playout policy's
weights as the prior and availability counts below hidden cards): the value so far plus an
exploration bonus that is large for choices the policy favours and shrinks as a choice is visited.
So a small budget spends its playouts on the choices the policy would make, and a larger one
overturns the policy only where the playouts say so: more budget buys better choices, not just
wider ones. An analysis first plays every choice at its root once and then spreads its visits by
UCB1, so a learner sees a value for every choice, not only the policy's favourites.

Iterations run in *waves*: a wave selects several leaves at once (each selected path carries a
virtual loss, so the wave spreads out), scores them, then backs all results up. The leaves'
playouts are independent tasks, seeded by the run's seed and the leaf's number, so they may run in
this process or on Dask workers (:mod:`.cluster`) with the same tree either way. A larger budget
runs more waves on the same tree: it deepens, never restarts.

**Scoring a leaf.** A playout plays the game on with the playout policy (:mod:`.playout`) for at
most :data:`~.evaluation.HORIZON` decisions; a game that ends scores its result (1 Athens wins, ½
shared, 0 Sparta wins), one still running is scored by the cut-off evaluation
(:mod:`.evaluation`), an estimate of the share of such playouts Athens would win. A node's value is
the mean of what went through it: an *estimate*.

**Proofs.** Where nothing is hidden from the analysing side (outside battles, or a battle whose
hands it sees), tree nodes are *exact*: one position each. Exact nodes carry bounds on Athens'
value with best play (score-bounded MCTS, after Cazenave and Saffidine 2010, the MCTS-Solver idea
with shared results): a finished game is proven; at a decision the best child's bounds, for the
side to decide, bound the node; at a chance step the bounds are the expectation of the outcomes'
bounds with their exact probabilities (an outcome not yet met counts from 0 to 1). When the bounds
meet, the node is *proven*: its value is exact, the tree stops spending playouts below it, and
choices proven worse than a sibling are no longer tried. Late positions (the last round once a side
has passed, or its round end) are also handed to the exact solver (:mod:`.solver`) with a small
node limit. An analysis hands the solver its root's choices too (:meth:`Tree.solve_root_choices`)
and keeps at those not proven yet while the tree runs (:meth:`Tree.keep_proving`), since a learner
compares them all: once one choice is proven to win, the others are still worth proving. Below a
card the analysing side cannot see, nodes merge many positions and are never proven.

Everything random comes from generators seeded by the run's seed; the same seed and budget in
iterations give the same tree on any number of workers. A budget in seconds depends on the machine.
"""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from fractions import Fraction
from typing import Any, Callable, Generator, Iterator

from ..rules import (CHANCE, Action, State, apply_unchecked, chance_outcomes, is_last_round, legal_actions, paid_with,
                     register_components, sample_chance)
from .bots import POLICIES, Policy
from .playout import prior
from .cluster import run_tasks, task_rng
from .evaluation import HORIZON, athens_value
from .hidden import determinise, hidden_from, viewer_index
from .runtime import to_end
from .solver import ONE, ZERO, Proof, Solver, chance_proof, finished, result

HIDDEN_DRAW = Action("card", ("?",))  # the key of a card drawn by a side the searcher cannot see into
EXPLORATION = 1.0  # PUCT's constant (rewards in [0, 1]); an analysis's root uses UCB1 with ROOT_UCB
ROOT_UCB = 0.7
FPU = 0.1  # a choice not yet visited counts as its decision node's value less this ("first-play urgency")
MIN_PRIOR = 1e-4  # the least prior share of a legal choice: the search may still reach what the policy avoids
WAVE = 16  # leaves selected and scored together
SOLVE_FIRST = 40  # nodes the exact solver may visit at a new late position
SOLVE_AGAIN = (16, 64, 256, 1024, 4096)  # visits of a late node at which the solver tries again ...
SOLVE_PER_VISIT = 25  # ... with this many nodes per visit
SOLVE_SHARE = 2  # solver nodes allowed per iteration run (plus SOLVE_BASE): it never takes over
SOLVE_BASE = 200
ROOT_LIMITS = (30, 150, 800, 4000)  # node limits of the rounds over the root's choices
WIDE_FIRST = 1000  # solver nodes for the root's choices at first where nobody has passed (an analysis, wide)
ROOT_SHARE = 8  # solver nodes per iteration an analysis may spend proving its root's choices as it runs ...
PROVEN_SHARE = 32  # ... and once the root is proven (the rest of the budget is for the choices not proven yet)
CUT = ("cut off",)  # how a playout stopped at the horizon "ended" (for the counts of endings)
TERMINAL = 2  # TreeNode.mover of a finished game
ROUND_CUT = False  # stop playouts at the start of the next round


def rollout_policy(rollout: "str | Policy") -> Policy:
    """The playout policy from a name ("sensible", "random", "greedy") or a policy function."""
    if isinstance(rollout, str):
        if rollout not in POLICIES:
            raise ValueError(f"unknown rollout policy {rollout!r}; known: {', '.join(POLICIES)}")
        return POLICIES[rollout]
    if not callable(rollout):
        raise TypeError(f"rollout must be a policy name or a function (state, rng) -> Action, not {rollout!r}")
    return rollout


def rewards(s: State) -> tuple[float, float]:
    """(Athens, Sparta) reward of a finished game: 1 a win, 0 a loss, ½ each for a shared result."""
    if s.outcome is None:
        raise ValueError("rewards are those of a finished game, and this one goes on")
    v = float(result(s.outcome))
    return v, 1.0 - v


# --- scoring leaves (module level: the tasks travel to Dask workers by name) ---------------------

def playout(s: State, policy: Policy, rng: random.Random, horizon: int = HORIZON) -> tuple[float, tuple[str, ...]]:
    """Athens' score of a playout from ``s``: the result if the game ends within ``horizon``
    decisions (and the rule ids that ended it), else the cut-off evaluation (and :data:`CUT`)."""
    n = 0
    start = s.round
    while s.outcome is None:
        if n >= horizon or (ROUND_CUT and s.round > start):
            return athens_value(s), CUT
        a = sample_chance(s, rng) if s.pending.player == CHANCE else policy(s, rng)
        s = apply_unchecked(s, a)
        n += 1
    return float(result(s.outcome)), s.outcome.rules


def score_leaves(leaves: list, rollout: Any, horizon: int, seed: int, comp: Any = None) -> list:
    """Playouts of ``leaves`` ((State, leaf number) pairs; a State may also come as its notation):
    one task of a wave. ``comp``: a user's component set the worker must know first."""
    if comp is not None:
        register_components(comp)
    policy = rollout_policy(rollout)
    out = []
    for s, k in leaves:
        if isinstance(s, str):
            s = State.from_notation(s)
        out.append(playout(s, policy, task_rng("playout", seed, k), horizon))
    return out


# --- the tree ------------------------------------------------------------------------------------

class TreeNode:
    """A node of the tree: the position after the decision (or chance outcome) ``player`` made
    (-1 for chance; the root's is -1 too). ``mover`` decides at it (0, 1, -1 chance, 2 finished).
    ``visits`` and ``total`` (Athens' summed scores; ``sq`` their squares) make the estimate;
    ``avail`` counts the iterations in which its decision was legal (ISMCTS). Exact nodes keep their
    State, the number of choices (``nacts``) or chance probabilities (``probs``) and Athens' value
    bounds ``lo``/``hi`` (Fractions); ``proof`` once they meet."""

    __slots__ = ("player", "mover", "visits", "total", "sq", "avail", "children", "exact", "state", "nacts",
                 "probs", "lo", "hi", "flo", "fhi", "proof", "prior")

    def __init__(self, player: int, exact: bool):
        self.player = player
        self.mover = CHANCE
        self.visits = 0
        self.total = 0.0
        self.sq = 0.0
        self.avail = 0
        self.children: dict[Action, TreeNode] = {}
        self.exact = exact
        self.state: State | None = None
        self.nacts = 0
        self.probs: dict[Action, Fraction] | None = None
        self.lo = ZERO
        self.hi = ONE
        self.flo, self.fhi = 0.0, 1.0  # the bounds as floats, for choosing quickly
        self.proof: Proof | None = None
        self.prior: dict[Action, float] | None = None  # the playout policy's share of each choice (exact nodes)

    def position(self) -> State:
        """The position an exact node keeps."""
        if self.state is None:
            raise RuntimeError("only an exact node keeps its position")
        return self.state

    def chances(self) -> dict[Action, Fraction]:
        """The probabilities of a chance step's outcomes, which exact nodes keep."""
        if self.probs is None:
            raise RuntimeError("only an exact node at a chance step keeps its outcomes' probabilities")
        return self.probs

    def set_bounds(self, lo: Fraction, hi: Fraction) -> None:
        self.lo, self.hi = lo, hi
        self.flo, self.fhi = float(lo), float(hi)

    def mean(self) -> float:
        """Athens' mean score through this node (½ before any visit)."""
        return self.total / self.visits if self.visits else 0.5

    def se(self) -> float:
        """The standard error of :meth:`mean` (0 if proven; ½ with fewer than two visits)."""
        if self.proof is not None:
            return 0.0
        n = self.visits
        if n < 2:
            return 0.5
        m = self.total / n
        return math.sqrt(max(self.sq / n - m * m, 1e-4) / (n - 1))

    def for_player(self, p: int) -> float:
        """The estimate for side ``p``: exact if proven."""
        v = float(self.proof.value) if self.proof is not None else self.mean()
        return v if p == 0 else 1.0 - v


def _proven(n: TreeNode) -> Proof:
    if n.proof is None:
        raise RuntimeError("a proof was asked of a node not proven")
    return n.proof


def _lo(n: TreeNode, p: int) -> float:
    """The lower bound of ``n``'s value for side ``p`` (a float: for ordering and pruning)."""
    return n.flo if p == 0 else 1.0 - n.fhi


def _hi(n: TreeNode, p: int) -> float:
    return n.fhi if p == 0 else 1.0 - n.flo


def _late(s: State) -> bool:
    """Positions worth handing to the exact solver: the last round once a side has passed, and
    every round end (where a choice may end the game at once: ostracism, an unfed capital)."""
    return s.phase == "roundend" or (is_last_round(s) and bool(s.passed))


class Tree:
    """A search from position ``s``, seen by ``viewer`` (the side to decide unless told otherwise;
    None: a spectator, who sees neither battle hand).

    ``root.children`` are the choices at the position (at a chance step: its outcomes). ``ends``
    counts per root choice how its iterations ended: the rule ids of the finished game (from a
    playout, or the line that proves a node), or :data:`CUT` for a playout stopped at the horizon.
    """

    check_exact = False  # tests: check that a node made exact after a battle meets one position only
    # rank the root's estimated choices by value (less a standard error), not by visits: for a tree whose
    # root came along from an earlier search (follow), where the prior, not the root's UCB, spread the visits
    by_value = False

    def __init__(self, s: State, *, viewer: "str | int | None" = "mover", rollout: "str | Policy" = "sensible",
                 exploration: float = EXPLORATION, horizon: int = HORIZON, wave: int = WAVE,
                 solver: "bool | Solver" = True, prior_root: bool = False):
        if not isinstance(s, State):
            raise TypeError(f"a search needs a State, not {type(s).__name__}")
        if s.is_terminal:
            raise ValueError("the game is over: there is nothing to search")
        if not isinstance(wave, int) or wave < 1:
            raise ValueError(f"wave must be a whole number >= 1, not {wave!r}")
        self.state = s
        self.player = s.pending.player  # -1 at a chance step: the root's children are its outcomes
        self.side = max(self.player, 0)  # whose results are counted: the side to decide (Athens at chance)
        if viewer == "mover":
            self.viewer = None if s.is_chance else self.player
        else:
            self.viewer = viewer_index(viewer)
        self.rollout = rollout
        self.policy = rollout_policy(rollout)
        self.c = exploration
        self.horizon = horizon
        self.wave = wave
        self.prior_root = prior_root  # a bot lets the prior steer at its root too; an analysis tries every choice
        self.solver = solver if isinstance(solver, Solver) else Solver() if solver else None
        self.solved = self.solver.nodes if self.solver is not None else 0  # a shared solver's nodes before this tree
        self.root = TreeNode(CHANCE, exact=not hidden_from(s, self.viewer))
        self._init(self.root, s, root=True)
        # proving the root's choices (solve_root_choices; an analysis keeps at it as it runs, see keep_proving)
        self.root_share = 0  # solver nodes per iteration for that (0: only what solve_root_choices does)
        self.least = 0  # playouts each row of root choices not proven should get before the budget runs out
        self._kids: list[tuple[Action, TreeNode]] = []  # the root's choices the solver may prove
        self._tried: dict[Action, int] = {}  # the node limit a root choice was last tried with in vain
        self._allow = 0  # solver nodes the root's choices may still take
        self._left: int | None = None  # iterations left in the current run (None: a budget in seconds only)
        self._rows: dict[Action, str] = {}  # the root's choices up to how they are paid (see _short)
        self.iterations = 0
        self.leaves = 0  # leaves scored so far (numbers the playouts' generators)
        self.ends: dict[Action, Counter] = {}
        self.cut = 0  # iterations scored by the evaluation

    # --- running ------------------------------------------------------------------------------
    def run(self, rng: random.Random, iterations: int | None = None, seconds: float | None = None, *,
            seed: int = 0, client: Any = "serial", workers: int | None = None, comp: Any = None,
            stop: Callable[["Tree"], bool] | None = None, on_wave: Callable[[int], None] | None = None) -> "Tree":
        """Run ``iterations`` more iterations (or as many waves as fit in ``seconds``; both:
        whichever comes first), in waves; stop early when the root is proven or ``stop(tree)``
        says so. ``rng`` drives the tree (deals and chance steps on the way down), ``seed`` numbers
        the playouts' generators; ``client``/``workers`` say where playouts run. Returns the tree."""
        for done in self.waves(rng, iterations, seconds, seed=seed, client=client, workers=workers, comp=comp,
                               stop=stop):
            if on_wave is not None:
                on_wave(done)
        return self

    def waves(self, rng: random.Random, iterations: int | None = None, seconds: float | None = None, *,
              seed: int = 0, client: Any = "serial", workers: int | None = None, comp: Any = None,
              stop: Callable[["Tree"], bool] | None = None) -> Iterator[int]:
        """:meth:`run` a wave at a time: yields each wave's iterations once they are backed up (so a
        Python with one thread, a browser's, can draw and answer clicks in between)."""
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 0):
            raise ValueError(f"iterations must be a whole number >= 0, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        return self._waves(rng, iterations, None if seconds is None else time.perf_counter() + seconds,
                           seed, client, workers, comp, stop)

    def _waves(self, rng: random.Random, left: int | None, end: float | None, seed: int, client: Any,
               workers: int | None, comp: Any, stop: Callable[["Tree"], bool] | None) -> Iterator[int]:
        while (left is None or left > 0) and not self.settled():
            if end is not None and time.perf_counter() >= end:
                break
            n = self.wave if left is None else min(self.wave, left)
            self._left = left
            done = self._wave(rng, n, seed, client, workers, comp)
            if left is not None:
                left -= done
            self._keep_proving(done)
            yield done
            if stop is not None and stop(self):
                break

    def follow(self, actions: "list[Action] | tuple[Action, ...]", s: State) -> "Tree | None":
        """The search from ``s``, the position ``actions`` lead to from the root, that keeps what this
        tree learnt there: the subtree becomes the new tree's root (its visits, values, proofs and
        priors stay; the counts of endings start afresh). None when the line leaves the exact part of
        the tree (a hidden card on the way), was never searched, or ``s`` hides a card from the side
        to decide there. The new tree shares this one's settings and solver, and the subtree with this
        one: a search in either grows it for both."""
        node = self.root
        for a in actions:
            if not node.exact:
                return None
            child = node.children.get(a)
            if child is None:
                return None
            node = child
        viewer = None if s.is_chance else s.pending.player
        if not node.exact or node.state != s or s.is_terminal or hidden_from(s, viewer):
            return None
        t = Tree.__new__(Tree)
        t.__dict__.update(self.__dict__)
        t.state, t.player, t.side, t.viewer = s, s.pending.player, max(s.pending.player, 0), viewer
        t.root = node
        t.iterations = t.leaves = t.cut = 0
        t.ends = {}
        t.root_share, t.least, t._kids, t._tried, t._allow, t._left, t._rows = 0, 0, [], {}, 0, None, {}
        t.solved = self.solver.nodes if self.solver is not None else 0
        return t

    def settled(self) -> bool:
        """Whether nothing is left to search: the root is proven and so is each of its choices
        (a proven root's other choices are still worth valuing for a learner)."""
        root = self.root
        if root.proof is None:
            return False
        if root.mover not in (0, 1):
            return True
        return len(root.children) >= root.nacts and all(c.proof is not None for c in root.children.values())

    def _wave(self, rng: random.Random, n: int, seed: int, client: Any, workers: int | None, comp: Any) -> int:
        picked = []
        for _ in range(n):
            picked.append(self._descend(rng))
            if self._left is not None:
                self._left -= 1
        todo = [(i, leaf) for i, (_, leaf, _, _) in enumerate(picked) if leaf is not None]
        scores: dict[int, tuple[float, tuple[str, ...]]] = {}
        if todo:
            nums = range(self.leaves, self.leaves + len(todo))
            self.leaves += len(todo)
            if client == "serial" or (client is None and workers is None):
                got = score_leaves([(leaf, k) for (_, leaf), k in zip(todo, nums)], self.rollout, self.horizon, seed)
            else:
                items = [(leaf, k) for (_, leaf), k in zip(todo, nums)]  # (States travel pickled, ~50 µs each)
                per = max(1, -(-len(items) // max(1, workers or 2)))
                chunks = [items[i:i + per] for i in range(0, len(items), per)]
                parts = run_tasks(score_leaves, [(c, self.rollout, self.horizon, seed, comp) for c in chunks],
                                  client=client, workers=workers)
                got = [x for part in parts for x in part]
            scores = {i: g for (i, _), g in zip(todo, got)}
        for i, (path, _, value, ended) in enumerate(picked):
            if i in scores:
                value, ended = scores[i]
                if ended is CUT or ended == CUT:
                    self.cut += 1
            self._backup(path, value, ended)
        return n

    def _descend(self, rng: random.Random) -> tuple[list[TreeNode], State | None, float, tuple[str, ...]]:
        """One selection: (path, leaf State to play out or None, value, ending) with a virtual
        loss on the path."""
        node = self.root
        s = self.state if node.exact else determinise(self.state, self.viewer, rng)
        path = [node]
        while True:
            if node.proof is not None and node is not self.root:
                return self._virtual(path), None, float(node.proof.value), node.proof.end.rules
            if s.outcome is not None:  # a finished game below a hidden card (exact ones are proven)
                return self._virtual(path), None, float(result(s.outcome)), s.outcome.rules
            if s.pending.player == CHANCE:
                a = key = sample_chance(s, rng)
                if s.pending.kind == "draw-card" and s.battle is not None and s.battle.draws[0] != self.viewer:
                    key = HIDDEN_DRAW
                child = node.children.get(key)
                new = child is None
                if child is None:
                    child = node.children[key] = TreeNode(CHANCE, node.exact and key is not HIDDEN_DRAW)
            else:
                a, child, new = self._select(s, node, rng)
                key = a
            if child.state is None:
                s = apply_unchecked(s, a)
            else:
                if self.check_exact and not node.exact:  # (tests: a position fixed by public decisions)
                    assert apply_unchecked(s, a) == child.state, "an exact node met two positions"
                s = child.state
            path.append(child)
            node = child
            if new:
                if not node.exact and s.battle is None and key is not HIDDEN_DRAW:
                    node.exact = True  # the battle is over: public decisions alone fix the position again
                self._init(node, s)
                if node.proof is not None:
                    self._prove_up(path)
                    return self._virtual(path), None, float(node.proof.value), node.proof.end.rules
                return self._virtual(path), s, 0.0, ()
            if not node.exact:
                node.mover = TERMINAL if s.outcome is not None else s.pending.player
            elif (node.visits in SOLVE_AGAIN
                  and (proof := self._try_solve(node, SOLVE_PER_VISIT * node.visits)) is not None):
                self._prove_up(path)
                return self._virtual(path), None, float(proof.value), proof.end.rules

    def _init(self, node: TreeNode, s: State, root: bool = False) -> None:
        """Fill a new node from its position (and prove it where it can: a finished game, or a late
        position the solver settles within :data:`SOLVE_FIRST` nodes; not the root, whose
        choices are valued one by one)."""
        node.mover = TERMINAL if s.outcome is not None else s.pending.player
        if not node.exact:
            if root and node.mover == self.viewer:  # own choices are the same in every deal: they bound it
                node.nacts = len(legal_actions(s))
            return
        node.state = s
        if s.outcome is not None:
            self._set_proof(node, finished(s))
            return
        if s.pending.player == CHANCE:
            node.probs = dict(chance_outcomes(s))
        else:
            node.nacts = len(legal_actions(s))
        if not root:
            self._try_solve(node, SOLVE_FIRST)

    def _try_solve(self, node: TreeNode, limit: int) -> Proof | None:
        """Hand an exact, late, unproven node to the solver within ``limit`` nodes (and the run's
        allowance); its proof if it is proven now."""
        if self.solver is None or node.proof is not None or not node.exact or node.state is None:
            return None
        s = node.state
        if s.outcome is not None or not _late(s):
            return None
        allowance = SOLVE_BASE + SOLVE_SHARE * self.iterations - (self.solver.nodes - self.solved)
        limit = min(limit, allowance)
        if limit <= 0:
            return None
        proof = self.solver.solve(s, limit)
        if proof is not None:
            self._set_proof(node, proof)
        return proof

    def solve_root_choices(self, allowance: int = 4000, *, wide: bool = False) -> None:
        """Hand every root choice not yet proven to the solver, in rounds of growing node limits
        (:data:`ROOT_LIMITS`) within ``allowance`` nodes in all, so that a position near a round's end
        reports which choices win or lose by force; updates the root's bounds. Positions far from a
        round's end (nobody has passed, no round end under way) are left to the search; ``wide``
        (an analysis) tries every position of the last round too, whose tree may be small. At a
        battle whose hidden cards cannot matter to a choice (the battle is over once it is made),
        that choice is tried too."""
        kids = self._root_kids(wide)
        for _, c in kids:
            if c.proof is not None:  # (proven as its node was made)
                self._prove_up([self.root, c])
        if not (_late(self.state) or self.state.passed):  # (most such trees are far too big: keep_proving goes on)
            allowance = min(allowance, WIDE_FIRST)
        stop = self._solver_nodes() + allowance
        for limit in ROOT_LIMITS:
            for a, c in kids:
                left = stop - self._solver_nodes()
                if c.proof is None and left > 0 and self._tried.get(a, 0) < limit:
                    self._attempt(a, c, min(limit, left))

    def keep_proving(self, share: int = ROOT_SHARE, least: int = 0) -> None:
        """As the tree runs, go on proving the root's choices (those :meth:`solve_root_choices` took
        on): ``share`` solver nodes per iteration (:data:`PROVEN_SHARE` once the root is proven, when
        the budget's work is valuing the other choices), the choice tried so far with the smallest
        node limit first (the cheapest; of those, the one whose bounds are closest), each with twice
        its last limit. ``least``: see :attr:`least` (each row of the root's choices not proven, the
        choices up to how they are paid, is given that many playouts at the end of the budget, as
        far as the iterations left allow)."""
        self.root_share, self.least = share, least

    def _root_kids(self, wide: bool) -> list[tuple[Action, TreeNode]]:
        """The root's choices the solver may prove (their nodes made where missing), kept for
        :meth:`_keep_proving`."""
        if self._kids:
            return self._kids
        root = self.root
        s = self.state
        if self.solver is None or root.mover not in (0, 1) or not (_late(s) or s.passed or (wide and is_last_round(s))):
            return []
        if not root.exact and root.mover != self.viewer:
            return []
        kids = []
        for a in legal_actions(s):
            c = root.children.get(a)
            if c is None:
                t = apply_unchecked(s, a)
                if not root.exact and (t.battle is not None or hidden_from(t, self.viewer)):
                    continue  # the cards not seen still matter below this choice
                c = root.children[a] = TreeNode(root.mover, True)
                self._init(c, t)
            if c.exact and c.state is not None:
                kids.append((a, c))
        self._kids = kids
        return kids

    def _solver_nodes(self) -> int:
        return self.solver.nodes if self.solver is not None else 0

    def _attempt(self, a: Action, c: TreeNode, limit: int) -> None:
        """One try of the solver at root choice ``a`` within ``limit`` new nodes."""
        assert self.solver is not None
        if c.proof is None:
            proof = self.solver.solve(c.position(), limit)
            if proof is None:
                self._tried[a] = max(self._tried.get(a, 0), limit)
                return
            self._set_proof(c, proof)
        self._prove_up([self.root, c])

    def _keep_proving(self, done: int) -> None:
        """After a wave of ``done`` iterations: spend what it earned on the root's choices (see
        :meth:`keep_proving`)."""
        if not self.root_share or not self._kids:
            return
        self._allow += done * (PROVEN_SHARE if self.root.proof is not None else self.root_share)
        while True:
            todo = [(a, c) for a, c in self._kids if c.proof is None]
            if not todo:
                return
            a, c = min(todo, key=lambda ac: (self._tried.get(ac[0], 0), ac[1].fhi - ac[1].flo))
            limit = max(ROOT_LIMITS[0], 2 * self._tried.get(a, 0))
            if limit > self._allow:
                return
            before = self._solver_nodes()
            self._attempt(a, c, limit)
            spent = self._solver_nodes() - before
            self._allow -= spent
            self.solved += spent  # (not taken from the allowance of the solver's tries inside the tree)

    @staticmethod
    def _set_proof(node: TreeNode, proof: Proof) -> None:
        node.proof = proof
        node.set_bounds(proof.value, proof.value)

    def _select(self, s: State, node: TreeNode, rng: random.Random) -> tuple[Action, TreeNode, bool]:
        """The choice to follow at a decision, the child node and whether it is new: at an
        analysis's root every choice once and then the best by UCB1; elsewhere by PUCT. Choices proven
        worse than a sibling are skipped; at a proven root, the choices not proven yet are valued."""
        acts = legal_actions(s)
        ch = node.children
        p = s.pending.player
        if not node.exact:  # ISMCTS: count the deals in which each choice was legal
            for a in acts:
                c = ch.get(a)
                if c is not None:
                    c.avail += 1
        if len(acts) == 1:
            a = acts[0]
            c = ch.get(a)
            return (a, c, False) if c is not None else self._new(node, a, p)
        ucb = node is self.root and not self.prior_root
        if ucb:  # (below a hidden card other deals may have added other choices)
            untried = next((a for a in acts if a not in ch), None)
            if untried is not None:
                return self._new(node, untried, p)
            if self.least and self._left is not None:
                fresh = next((a for a in acts if ch[a].visits == 0 and ch[a].proof is None), None)
                if fresh is not None:  # (made by the solver's round, not tried yet)
                    return fresh, ch[fresh], False
                short = self._short(acts)
                if short is not None:
                    return short, ch[short], False
        pr = self._prior(s, node, acts) if not ucb else {}  # (UCB uses no prior)
        floor = max((_lo(c, p) for a in acts if (c := ch.get(a)) is not None), default=0.0) if node.exact else 0.0
        if node.proof is not None:  # a proven root: value the choices not proven yet
            floor = -1.0
            acts = tuple(a for a in acts if (c := ch.get(a)) is None or c.proof is None) or acts
        k = ROOT_UCB if ucb else self.c
        log_n = math.log(max(1, node.visits))
        sqrt_n = math.sqrt(max(1, node.visits))
        base = max(0.0, node.for_player(p) - FPU) if node.visits else 0.5
        best, best_v = acts[0], -1.0
        for a in acts:
            c = ch.get(a)
            if c is None:  # (PUCT only: UCB has tried every choice; below a hidden card, as available once)
                v = base + k * pr.get(a, MIN_PRIOR) * (sqrt_n if node.exact else 1.0)
            else:
                if node.exact and _hi(c, p) < floor:
                    continue  # proven worse than a sibling: never the best
                n = c.visits
                if ucb:
                    if n == 0:
                        return a, c, False
                    v = c.for_player(p) + k * math.sqrt(log_n / n)
                else:
                    share = pr.get(a, MIN_PRIOR)
                    visits = sqrt_n if node.exact else math.sqrt(c.avail)
                    v = (c.for_player(p) if n else base) + k * share * visits / (1 + n)
            if v > best_v:
                best, best_v = a, v
        c = ch.get(best)
        return (best, c, False) if c is not None else self._new(node, best, p)

    def _short(self, acts: tuple[Action, ...]) -> Action | None:
        """At the root, once the iterations left are no more than the playouts the rows still lack to
        reach :attr:`least` (a row: the choices that differ only in how they are paid, shown by its
        best; a row with a proven choice or one with enough playouts lacks none): the most visited
        choice of the row closest to it, the better estimate first (so that as many rows as the
        budget allows get an estimate worth showing, the likelier ones first); else None (the search
        chooses)."""
        if self._left is None or self._left > self.least * len(acts):  # (more left than all rows could lack)
            return None
        ch = self.root.children
        rows: dict[str, list[TreeNode]] = {}
        for a in acts:
            rows.setdefault(self._row(a), []).append(ch[a])
        lack = {k: self.least - max(c.visits for c in row) for k, row in rows.items()
                if all(c.proof is None for c in row)}
        lack = {k: n for k, n in lack.items() if n > 0}
        if not lack or self._left > sum(lack.values()):
            return None
        p = self.side
        todo = [(a, ch[a]) for a in acts if self._row(a) in lack]
        return max(todo, key=lambda ac: (ac[1].visits, ac[1].for_player(p)))[0]

    def _row(self, a: Action) -> str:
        """The row of root choice ``a``: what is chosen, up to how it is paid (:func:`paid_with`)."""
        got = self._rows.get(a)
        if got is None:
            pw = paid_with(self.state, a)
            got = self._rows[a] = pw[0] if pw else str(a)
        return got

    @staticmethod
    def _new(node: TreeNode, a: Action, p: int) -> tuple[Action, TreeNode, bool]:
        c = node.children[a] = TreeNode(p, node.exact)
        c.avail = 1
        return a, c, True

    @staticmethod
    def _prior(s: State, node: TreeNode, acts: tuple[Action, ...]) -> dict[Action, float]:
        """The playout policy's share of each legal choice (at least :data:`MIN_PRIOR`); kept on
        exact nodes, worked out anew below hidden cards, where the legal choices vary by deal."""
        pr = node.prior
        if pr is None or not node.exact:
            w = prior(s, acts)
            total = sum(w) or 1.0
            pr = {a: max(x / total, MIN_PRIOR) for a, x in zip(acts, w)}
            if node.exact:
                node.prior = pr
        return pr

    @staticmethod
    def _virtual(path: list[TreeNode]) -> list[TreeNode]:
        """Count the path as visited, with a loss for whoever chose each node, until the wave's
        results come back (so the other selections of the wave look elsewhere)."""
        for n in path:
            n.visits += 1
            if n.player == 1:
                n.total += 1.0
        return path

    def _backup(self, path: list[TreeNode], value: float, ended: tuple[str, ...]) -> None:
        for n in path:
            n.total += value - (1.0 if n.player == 1 else 0.0)
            n.sq += value * value
        self.iterations += 1
        if len(path) > 1:
            first = next(a for a, c in self.root.children.items() if c is path[1])
            self.ends.setdefault(first, Counter())[tuple(ended)] += 1

    # --- proofs ---------------------------------------------------------------------------------
    def _prove_up(self, path: list[TreeNode]) -> None:
        """Tighten the bounds of the exact nodes on ``path`` from the leaf up, while they change."""
        for node in reversed(path[:-1]):
            if node.proof is not None or not (node.exact or (node is self.root and node.nacts)):
                return
            lo, hi = self._bounds(node)
            if lo == node.lo and hi == node.hi:
                return
            node.set_bounds(lo, hi)
            if lo == hi:
                self._set_proof(node, self._proof_of(node))

    def _bounds(self, node: TreeNode) -> tuple[Fraction, Fraction]:
        ch = node.children
        if node.mover == CHANCE:
            lo = hi = ZERO
            for a, prob in node.chances().items():
                c = ch.get(a)
                lo += prob * (c.lo if c is not None else ZERO)
                hi += prob * (c.hi if c is not None else ONE)
            return lo, hi
        full = len(ch) >= node.nacts
        if node.mover == 0:
            lo = max((c.lo for c in ch.values()), default=ZERO)
            hi = max((c.hi for c in ch.values()), default=ONE) if full else ONE
        else:
            hi = min((c.hi for c in ch.values()), default=ONE)
            lo = min((c.lo for c in ch.values()), default=ZERO) if full else ZERO
        return lo, hi

    def _proof_of(self, node: TreeNode) -> Proof:
        """The proof of a node whose bounds met: the line of best play through its children."""
        v = node.lo
        if node.mover == CHANCE:
            # the bounds of a chance step meet only once every outcome is proven
            return chance_proof([(prob, _proven(node.children[a])) for a, prob in node.chances().items()])
        kids = [c.proof for c in node.children.values() if c.proof is not None and c.proof.value == v]
        kids = [q for q in kids if not q.mixed] or kids  # a sure result rather than a toss worth as much
        p = node.mover
        winning = v == (ONE if p == 0 else ZERO)
        pick = min(kids, key=lambda q: q.depth) if winning else max(kids, key=lambda q: q.depth)
        return pick.then(node.nacts > 1)

    # --- reading --------------------------------------------------------------------------------
    def choices(self) -> list[tuple[Action, TreeNode]]:
        """The root's choices tried so far, best first for the side to decide: proven wins and the
        proven choices better than every estimate (by value, the quicker win first), then the
        estimated ones by visits (the search's preference; ties by estimate), then the other proven
        choices. At a chance step: the outcomes by visits. (With :attr:`by_value`, the estimated ones
        by their mean less one standard error instead of by visits.)"""
        kids = list(self.root.children.items())
        if self.player == CHANCE:
            return sorted(kids, key=lambda an: -an[1].visits)
        p = self.side
        if self.by_value:  # a cautious value: the mean less one standard error; untried choices last
            rest = sorted((an for an in kids if an[1].proof is None),
                          key=lambda an: (an[1].visits == 0, an[1].se() - an[1].for_player(p), -an[1].visits))
        else:
            rest = sorted((an for an in kids if an[1].proof is None),
                          key=lambda an: (-an[1].visits, -an[1].for_player(p)))
        proven = sorted((an for an in kids if an[1].proof is not None),
                        key=lambda an: (-_lo(an[1], p), _proven(an[1]).depth))
        top = rest[0][1].for_player(p) if rest else -1.0
        ahead = [_lo(an[1], p) > top or _lo(an[1], p) == 1.0 for an in proven]  # (an estimate of 0 is no proof)
        return [an for an, x in zip(proven, ahead) if x] + rest + [an for an, x in zip(proven, ahead) if not x]

    def line(self, min_visits: int = 2, depth: int = 12) -> list[tuple[Action, TreeNode]]:
        """The line of best play as the tree sees it: at each decision the preferred choice (along a
        proof, the choice that keeps its value), at chance steps the likeliest outcome met, while
        the nodes have at least ``min_visits`` visits or are proven."""
        out: list[tuple[Action, TreeNode]] = []
        node = self.root
        first = True
        while node.children and len(out) < depth:
            if first:
                a, child = self.choices()[0]
                first = False
            elif (proof := node.proof) is not None and node.mover in (0, 1):
                kids = [(a, c) for a, c in node.children.items()
                        if c.proof is not None and c.proof.value == proof.value]
                if not kids:
                    break
                a, child = min(kids, key=lambda ac: abs(_proven(ac[1]).depth - (proof.depth - 1)))
            elif node.mover == CHANCE and (probs := node.probs) is not None:
                a, child = max(((a, c) for a, c in node.children.items()), key=lambda ac: (probs.get(ac[0], 0),
                                                                                          ac[1].visits))
            else:
                p = max(node.mover, 0)
                a, child = max(node.children.items(), key=lambda ac: (_lo(ac[1], p) == 1.0, ac[1].visits,
                                                                      ac[1].for_player(p)))
            if child.visits < min_visits and child.proof is None:
                break
            out.append((a, child))
            node = child
        return out

    def best(self) -> Action:
        """The choice the search prefers (the first legal choice before any iteration)."""
        got = self.choices()
        return got[0][0] if got else legal_actions(self.state)[0]

    def summary(self) -> dict:
        """The root's choices as plain data: visits, Athens' total, proof (for comparisons)."""
        return {"iterations": self.iterations,
                "choices": {str(a): [n.visits, round(n.total, 9), None if n.proof is None else str(n.proof.value)]
                            for a, n in self.root.children.items()}}


class SearchBot:
    """The search bot: the tree search with a budget of ``iterations`` per decision, or ``seconds``
    (both: whichever comes first), playouts by ``rollout`` ("sensible" by default). A decision with
    one legal choice is answered at once. Same generator state and an iteration budget: same choice.

        >>> import random, polis_nb as pn
        >>> s = pn.settle(pn.new_game(seed=3))
        >>> bot = SearchBot(iterations=20)
        >>> bot.choose(s, random.Random(1)) == bot.choose(s, random.Random(1))
        True
    """

    def __init__(self, iterations: int | None = 200, seconds: float | None = None, *,
                 rollout: "str | Policy" = "sensible", exploration: float = EXPLORATION, horizon: int = HORIZON,
                 name: str = "search"):
        if iterations is None and seconds is None:
            raise ValueError("the search bot needs a budget: iterations, seconds or both")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        rollout_policy(rollout)
        self.iterations, self.seconds, self.rollout, self.exploration = iterations, seconds, rollout, exploration
        self.horizon = horizon
        self.name = name

    def search(self, s: State, rng: random.Random, stop: Callable[[Tree], bool] | None = None) -> Tree:
        """The tree this bot grows from ``s`` (for inspection; :meth:`choose` keeps only its best).
        ``stop(tree)``, asked after every wave, may end the search early (e.g. a cancel button)."""
        return to_end(self.searching(s, rng, stop))

    def searching(self, s: State, rng: random.Random, stop: Callable[[Tree], bool] | None = None
                  ) -> Generator[None, None, Tree]:
        """:meth:`search` in slices: yields once the tree is set up (the solver has tried the root's
        choices) and after every wave, returns the tree (:func:`.runtime.to_end` runs it at once)."""
        seed = rng.randrange(2**32)
        tree = Tree(s, rollout=self.rollout, exploration=self.exploration, horizon=self.horizon, prior_root=True)
        tree.solve_root_choices(SOLVE_BASE + SOLVE_SHARE * (self.iterations or 100))
        yield
        for _ in tree.waves(rng, self.iterations, self.seconds, seed=seed, stop=stop):
            yield
        return tree

    def choose(self, s: State, rng: random.Random) -> Action:
        """The search's preferred choice (at once when only one choice is legal)."""
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

