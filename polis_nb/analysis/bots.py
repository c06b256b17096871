"""Bots: policies that choose a legal action, and the protocol every bot follows.

``random_policy`` picks uniformly among the legal choices. ``sensible_policy`` (the search's playout
policy, :mod:`.playout`) is still random but keeps the food and prestige it needs, so that its games
reach the final scoring instead of ending in a starved capital or ostracism.
``greedy_policy`` plays battles with the odds' greedy battle policy and is sensible elsewhere. The
search bot (information-set Monte Carlo tree search) is in :mod:`.search`. All of them draw only
from the injected ``random.Random``.

A bot is any object with a ``name`` and ``choose(state, rng) -> Action`` (:class:`Bot`); a policy
is a plain function ``(state, rng) -> Action``. :func:`make_bot` turns a name or a function into a
bot; bots are callable, so a bot also serves wherever a policy is expected (e.g. :func:`play_out`).

    >>> import random, polis_nb as pn
    >>> bot = make_bot("greedy")
    >>> s = pn.settle(pn.new_game(seed=3))
    >>> bot.choose(s, random.Random(1)) in pn.legal_actions(s)
    True
"""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol, runtime_checkable

from ..rules import SIDE_BATTLE_DECISIONS, Action, State, apply, apply_unchecked, legal_actions, sample_chance
from .playout import sensible_policy

Policy = Callable[[State, random.Random], Action]


@runtime_checkable
class Bot(Protocol):
    """What every bot offers: a ``name`` and ``choose(state, rng)``, which returns one of
    ``legal_actions(state)`` for a player decision (never a chance outcome), drawing randomness only
    from ``rng``. The same state and the same generator state give the same choice."""

    name: str

    def choose(self, s: State, rng: random.Random) -> Action: ...


class PolicyBot:
    """A bot made from a policy function ``(state, rng) -> Action``."""

    def __init__(self, name: str, policy: Policy):
        self.name, self.policy = name, policy

    def choose(self, s: State, rng: random.Random) -> Action:
        """The policy's choice at a player decision."""
        if s.is_terminal or s.is_chance:
            raise ValueError(f"{self.name} bot chooses at a player decision, not at "
                             f"{'the end of the game' if s.is_terminal else 'a chance step'} ({s.pending.kind})")
        return self.policy(s, rng)

    __call__ = choose

    def __repr__(self) -> str:
        return f"<{self.name} bot>"


def random_policy(s: State, rng: random.Random) -> Action:
    """Uniform over the legal choices."""
    return rng.choice(legal_actions(s))


def greedy_policy(s: State, rng: random.Random) -> Action:
    """The odds' greedy battle policy as a bot (sensible outside battles): attacks with the pair
    worth most on average against the hands the defender could hold (pile plus its hand: nothing
    hidden is used) and a greedy answer; answers with the fewest losses, then the least prestige
    given; always fights on."""
    from .battle_model import Cards, GreedyPolicy, played_pair

    bt = s.battle
    if bt is None or s.pending.kind not in SIDE_BATTLE_DECISIONS:
        return sensible_policy(s, rng)
    if s.pending.kind == "battle-retreat":
        return Action("fight")
    cards = Cards(s.components, bt.kind)
    pol = GreedyPolicy(cards)
    if s.pending.kind == "battle-attack":
        att = bt.attacker
        opts = cards.attack_options(bt.hands[att], s.prestige[att] < 1)
        i, j = pol.best_attack(opts, bt.hands[1 - att], bt.deck, s.units[bt.area][1 - att])
        return Action("play", (cards.names[i], cards.names[j]))
    x, y = pol.best_answer(played_pair(bt.played), bt.hands[1 - bt.attacker])[1]
    return Action("answer", (cards.names[x], cards.names[y]))


POLICIES: dict[str, Policy] = {"random": random_policy, "sensible": sensible_policy, "greedy": greedy_policy}


def bot_names() -> tuple[str, ...]:
    """The names :func:`make_bot` knows: the policies and "search"."""
    return (*POLICIES, "search")


def make_bot(bot: "str | Bot | Policy", **options: Any) -> Bot:
    """A bot from a name ("random", "sensible", "greedy", "search"), a bot, or a policy function.
    ``options`` go to the search bot (see :class:`.search.SearchBot`); the others take none."""
    if isinstance(bot, str):
        if bot == "search":
            from .search import SearchBot

            return SearchBot(**options)
        if bot not in POLICIES:
            raise ValueError(f"unknown bot {bot!r}; known: {', '.join(bot_names())}")
        if options:
            raise TypeError(f"the {bot} bot takes no options (got {', '.join(sorted(options))})")
        return PolicyBot(bot, POLICIES[bot])
    if options:
        raise TypeError("options apply only to a bot given by name")
    if hasattr(bot, "choose") and hasattr(bot, "name"):
        return bot
    if callable(bot):
        return PolicyBot(getattr(bot, "__name__", "custom"), bot)
    raise TypeError(f"a bot is a name, an object with name and choose(state, rng), or a policy function; "
                    f"not {type(bot).__name__}")


def play_out(s: State, policy: Policy, rng: random.Random, *, checked: bool = True,
             max_decisions: int = 100_000) -> tuple[State, int]:
    """Play to the end with ``policy`` for both sides and ``rng`` for chance; return (final state, decisions)."""
    step = apply if checked else apply_unchecked
    n = 0
    while not s.is_terminal:
        a = sample_chance(s, rng) if s.is_chance else policy(s, rng)
        s = step(s, a)
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return s, n
