"""Playing a whole game against a bot in the Board: which bot, which side the user plays, the bot's
replies and undo.

After each decision of the user, the bot plays its side's decisions (chance settled from the game's
seed) until the user is to decide again or the game ends: its *reply*. The reply is first planned on
the positions alone (:meth:`Opponent.plan`, which touches no record and no widget, so it may run in a
background thread), then played into the record (:meth:`Opponent.play`). Each decision's generator
is seeded by the game's seed and the ply, so the same decisions of the user meet the same replies.

**Budgets.** The search bot searches a fixed number of iterations per decision
(:data:`SEARCH_ITERATIONS` for the choice of an action, :data:`STEP_ITERATIONS` for the steps of an
action: where to, which unit, how to pay), so a reply is the same on any machine. A time cap per
reply (:data:`REPLY_SECONDS`) is the safety net: each decision may use at most half of what is left
of it (and at least one wave of the search), and once it is spent the rest of the reply is played by
the search's own playout policy, at once. Only a reply that would run long is cut, and
:attr:`Plan.capped` says so. ``cancel`` (the Board's Cancel button) ends the search the same way: the
bot plays the best choice found so far, and the playout policy plays the rest of the reply.

On a Game the bot's decisions go into the record like the user's (the Viewer shows them); undo goes
back to the position before the user's last decision, keeping what was played as a line of the record.
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Generator

from ..analysis.bots import Bot, make_bot
from ..analysis.runtime import to_end
from ..analysis.search import SearchBot, Tree, rollout_policy
from ..rules import PLAYERS, Action, State, apply, chance_rng, legal_actions, sample_chance

# what the browser offers: (id, label); "none" leaves both sides to the user
BOTS = (("none", "nobody (you play both sides)"), ("random", "random bot"), ("sensible", "sensible bot"),
        ("greedy", "greedy bot"), ("search", "search bot (thinks up to 3 s a reply)"))
SEARCH_ITERATIONS = 120  # the search bot's iterations for the choice of an action (about 0.3 s here)
STEP_ITERATIONS = 48  # ... and for each step of an action (where to, which unit, how to pay)
REPLY_SECONDS = 2.5  # the most a whole reply may search (the cap bites only on long replies)

Step = tuple[State, Action, State]
Stop = Callable[[Tree], bool]  # True ends a search early

if TYPE_CHECKING:
    from ..record import Node
    from .control import Controller


def bot_named(name: str) -> Bot | None:
    """The bot behind a name of :data:`BOTS` (None for "none")."""
    if name == "none":
        return None
    if name == "search":
        return SearchBot(iterations=SEARCH_ITERATIONS)
    if name not in dict(BOTS):
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(dict(BOTS))}")
    return make_bot(name)


@dataclass
class Plan:
    """A reply worked out on the positions: ``steps`` from ``start`` (the bot's decisions and the
    chance steps between them, as the record will hold them), ``cut_short`` when Cancel stopped
    the search, ``capped`` when the time cap shortened it, ``seconds`` it took, ``searched`` the
    decisions the search ran on."""

    start: State
    steps: list[Step] = field(default_factory=list)
    cut_short: bool = False
    capped: bool = False
    seconds: float = 0.0
    searched: int = 0

    @property
    def end(self) -> State:
        return self.steps[-1][2] if self.steps else self.start

    @property
    def decisions(self) -> list[Action]:
        """The bot's own decisions (chance steps are settled by the record as it plays them)."""
        return [a for s, a, _ in self.steps if not s.is_chance]


class Opponent:
    """A bot playing ``side``'s opponent: the user plays ``side`` ("athens" or "sparta").

    ``iterations`` (the choice of an action, each later step) and ``seconds`` (the cap on a whole
    reply; None: no cap) set the search bot's budget; the other bots answer at once."""

    def __init__(self, bot: str = "none", side: str = "athens", *,
                 iterations: tuple[int, int] = (SEARCH_ITERATIONS, STEP_ITERATIONS),
                 seconds: float | None = REPLY_SECONDS):
        if side not in PLAYERS:
            raise ValueError(f"side must be 'athens' or 'sparta' (the side you play), not {side!r}")
        if (not isinstance(iterations, tuple) or len(iterations) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in iterations)):
            raise ValueError(f"iterations must be two whole numbers >= 1 (an action, its steps), not {iterations!r}")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"seconds must be a number > 0 or None, not {seconds!r}")
        self.bot_name = bot
        self.bot = bot_named(bot)
        self.user = side
        self.iterations = iterations
        self.seconds = seconds

    @property
    def active(self) -> bool:
        return self.bot is not None

    @property
    def bot_side(self) -> str:
        return PLAYERS[1 - PLAYERS.index(self.user)]

    @property
    def thinks(self) -> bool:
        """Whether its replies take a while (the search bot): the Board runs them in the background."""
        return isinstance(self.bot, SearchBot)

    def to_move(self, s: State) -> bool:
        """Whether the bot decides at ``s``."""
        return self.active and not s.is_terminal and s.current_player == self.bot_side

    def rng(self, s: State) -> random.Random:
        return random.Random(f"opponent:{s.seed}:{s.ply}:{self.bot_name}")

    def choose(self, s: State, stop: Stop | None = None, quick: bool = False) -> tuple[Action, bool]:
        """The bot's choice at ``s`` and whether a search ran; ``stop(tree)`` may end the search early;
        ``quick``: the search bot's playout policy answers instead of a search."""
        return to_end(self.choosing(s, stop, quick))

    def choosing(self, s: State, stop: Stop | None = None,
                 quick: bool = False) -> Generator[None, None, tuple[Action, bool]]:
        """:meth:`choose` in slices: yields between the waves of the search bot's search."""
        acts = legal_actions(s)
        if len(acts) == 1:
            return acts[0], False
        assert self.bot is not None  # (only an active opponent chooses)
        if not isinstance(self.bot, SearchBot):
            return self.bot.choose(s, self.rng(s)), False
        if quick:
            return rollout_policy(self.bot.rollout)(s, self.rng(s)), False
        n = self.iterations[0] if s.pending.kind == "turn" else self.iterations[1]
        bot = SearchBot(iterations=n, rollout=self.bot.rollout, exploration=self.bot.exploration)
        tree = yield from bot.searching(s, self.rng(s), stop=stop)
        return tree.best(), True

    def plan(self, s: State, cancel: threading.Event | None = None, limit: int = 2000) -> Plan:
        """The bot's reply from ``s`` worked out on the positions (nothing else changes): its decisions
        and the chance steps between them, drawn from the game's seed as the record draws them, until
        the user is to decide or the game ends. ``cancel`` (set from another thread, or between two
        slices of :meth:`planning`) stops the search: the rest of the reply takes the best choices
        found so far."""
        return to_end(self.planning(s, cancel, limit))

    def planning(self, s: State, cancel: threading.Event | None = None, limit: int = 2000
                 ) -> Generator[None, None, Plan]:
        """:meth:`plan` in slices, for a Python without threads (a browser's): yields after each wave
        of the search and each decision, returns the Plan (the same one :meth:`plan` gives)."""
        plan = Plan(s)
        t0 = time.perf_counter()
        deadline = None if self.seconds is None else t0 + self.seconds
        while plan.end.is_chance or self.to_move(plan.end):
            if len(plan.steps) >= limit:
                raise RuntimeError(f"the {self.bot_name} bot's reply did not end within {limit} steps")
            cur = plan.end
            if cur.is_chance:
                a = sample_chance(cur, chance_rng(cur))
            else:
                now = time.perf_counter()
                until = None if deadline is None else now + max(0.0, deadline - now) / 2
                quick = plan.cut_short or (deadline is not None and now >= deadline)
                plan.capped |= quick and not plan.cut_short

                def stop(_tree: Tree, until: float | None = until) -> bool:
                    if cancel is not None and cancel.is_set():
                        plan.cut_short = True
                        return True
                    if until is not None and time.perf_counter() >= until:
                        plan.capped = True
                        return True
                    return False

                a, searched = yield from self.choosing(cur, stop, quick)
                plan.searched += searched
            plan.steps.append((cur, a, apply(cur, a)))
            if not plan.steps[-1][2].is_chance and not self.to_move(plan.steps[-1][2]):
                break
            yield
        plan.seconds = time.perf_counter() - t0
        return plan

    def play(self, ctl: Controller, plan: Plan) -> int:
        """Play a plan's decisions through ``ctl`` (a Controller at the plan's start); returns how many.
        The record settles the chance steps from the same seed the plan drew them from."""
        n = 0
        for s, a, _ in plan.steps:
            if s.is_chance:
                continue
            if ctl.state != s:
                raise RuntimeError("the bot's reply does not follow from the position shown")
            explanation, note = ctl.play(str(a))
            if explanation is not None or note:  # a bot only plays legal choices; never loop on a refusal
                raise RuntimeError(f"the {self.bot_name} bot's choice was refused: {note or explanation}")
            n += 1
        return n

    def reply(self, ctl: Controller, limit: int = 2000) -> int:
        """Let the bot decide (through ``ctl.play``) while it is its turn; returns how many decisions."""
        if not self.to_move(ctl.state):
            return 0
        return self.play(ctl, self.plan(ctl.state, limit=limit))

    def view(self) -> dict:
        return {"bot": self.bot_name, "side": self.user, "bots": [list(b) for b in BOTS]}

    def __repr__(self) -> str:
        return f"<Opponent: {self.bot_name} bot against {self.user}>"


def undo_target(node: Node | None, opponent: Opponent | None = None) -> Node | None:
    """Where undo goes from ``node``: the position before the user's last decision on the line to
    it, skipping chance steps and, against a bot, the bot's decisions (None if there is none)."""
    n = node
    while n is not None and n.parent is not None:
        who = n.parent.state.current_player
        if who != "chance" and (opponent is None or not opponent.active or who == opponent.user):
            return n.parent
        n = n.parent
    return None


def last_reply(node: Node | None, user: str) -> tuple[list[Step], Node | None]:
    """The bot's last reply on the line to ``node``: the steps between two decisions of ``user``
    around the bot's latest decision (its decisions, the chance steps between them and those right
    after the user's decision), oldest first, and the node it ends at; ([], None) when the bot has
    not decided yet on that line."""
    path = node.path() if node is not None else []
    steps: list[Step] = []
    for n in path:  # (the root is not on a path: every node on it has a parent and an action)
        assert n.parent is not None and n.action is not None
        steps.append((n.parent.state, n.action, n.state))
    who = [before.current_player for before, _, _ in steps]
    last = next((i for i in range(len(path) - 1, -1, -1) if who[i] not in (user, "chance")), None)
    if last is None:
        return [], None
    start, end = last, last + 1
    while start > 0 and who[start - 1] != user:
        start -= 1
    while end < len(path) and who[end] != user:
        end += 1
    return steps[start:end], path[end - 1]
