"""Bots: policies that choose a legal action, and the protocol every bot follows.

``random_policy`` picks uniformly among the legal choices. ``sensible_policy`` is still random but
avoids the blunders that end uniform-random games in the first round (passing at once, selling all
prestige at Phoros, starving the capital), so that simulated games reach battles and later rounds.
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

from ..rules import Action, State, apply, apply_unchecked, legal_actions, sample_chance

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


_PREFER = {"trade": 4, "tribute": 4, "hoplites": 3, "siege": 4, "train": 2, "fleet": 2, "civilwar": 3,
           "project": 3, "galleys": 1, "ships": 1, "proxenos": 1, "ransom": 2, "pass": 0.3}


_MILITARY = {"hoplites", "fleet", "siege"}


def sensible_policy(s: State, rng: random.Random) -> Action:
    """Random, weighted towards useful actions, and avoiding the blunders that end a game at once."""
    acts = legal_actions(s)
    kind = s.pending.kind
    p = s.pending.player
    if kind == "phoros":
        keep = max(0, s.prestige[p] - 4)
        affordable = [a for a in acts if int(a.args[0]) <= keep]  # "phoros 0" is always among them
        return rng.choice(affordable) if rng.random() < 0.3 else acts[0]
    if kind == "feed":
        feed = [a for a in acts if a.kind == "feed"]
        need = sum(n for o, n in zip(s.owner, s.pop) if o == p)
        if feed and s.prestige[p] - (need - s.goods[p][-1]) >= 3:
            return feed[0]
        rel = [a for a in acts if a.kind == "release"]
        return rng.choice(rel) if rel else acts[0]
    if kind == "battle-retreat":
        return acts[0] if rng.random() < 0.85 else acts[-1]
    if kind == "turn":
        poor = s.prestige[p] <= 2
        weights = [_PREFER.get(a.kind, 1.0) * (0.0 if poor and a.kind in _MILITARY else 1.0) for a in acts]
        if not any(weights):
            return acts[-1]
        if _hungry(s, p):
            weights = [w * (4 if a.kind in ("trade", "tribute") else 1) for a, w in zip(acts, weights)]
        if len(acts) > 1 and not s.turn_actions and not s.passed:
            weights[-1] = 0.02
        return rng.choices(acts, weights)[0]
    if kind == "grow":
        grow = [a for a in acts if a.kind == "grow"]
        spare = s.goods[p][-1] > 3  # keep some wheat for the next feeding
        return rng.choice(grow) if grow and spare and rng.random() < 0.7 else acts[-1]
    if kind == "tribute-area":
        return rng.choice([a for a in acts if _home(s, p, a)] or acts)
    if kind in ("tribute-rows", "trade-offer") and _hungry(s, p):
        wheat = [a for a in acts if "wheat" in str(a) or _gives_wheat(s, a)]
        if wheat:
            return rng.choice(wheat)
    if kind == "move-dest" and rng.random() < 0.7:
        contested = [a for a in acts if _enemies(s, p, a) >= 3]
        if contested:
            return rng.choice(contested)
    if kind in ("train-pay", "galley-pay", "ships-pay", "move-from"):
        more = [a for a in acts if a.kind != "end"]
        if more and rng.random() < 0.8:
            return rng.choice(more)
    return rng.choice(acts)


def greedy_policy(s: State, rng: random.Random) -> Action:
    """The odds' greedy battle policy as a bot (sensible outside battles): attacks with the pair
    worth most on average against the hands the defender could hold (pile plus its hand: nothing
    hidden is used) and a greedy answer; answers with the fewest losses, then the least prestige
    given; always fights on."""
    from .battle_model import Cards, make_policy

    bt = s.battle
    if bt is None or s.pending.kind not in ("battle-retreat", "battle-attack", "battle-defend"):
        return sensible_policy(s, rng)
    if s.pending.kind == "battle-retreat":
        return Action("fight")
    cards = Cards(s.components, bt.kind)
    pol = make_policy("greedy", cards)
    if s.pending.kind == "battle-attack":
        att = bt.attacker
        opts = cards.attack_options(bt.hands[att], s.prestige[att] < 1)
        i, j = pol.best_attack(opts, bt.hands[1 - att], bt.deck, s.units[bt.area][1 - att])
        return Action("play", (cards.names[i], cards.names[j]))
    x, y = pol.best_answer(bt.played, bt.hands[1 - bt.attacker])[1]
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
        return bot  # type: ignore[return-value]
    if callable(bot):
        return PolicyBot(getattr(bot, "__name__", "custom"), bot)
    raise TypeError(f"a bot is a name, an object with name and choose(state, rng), or a policy function; "
                    f"not {type(bot).__name__}")


def _hungry(s: State, p: int) -> bool:
    need = sum(n for o, n in zip(s.owner, s.pop) if o == p)
    return s.goods[p][-1] < need


def _gives_wheat(s: State, a: Action) -> bool:
    from ..rules.board import board

    if a.kind != "offer":
        return False
    b = board(s)
    m, slot = a.args[0].split(".")
    return b.comp.markets[b.market_index[m]].offers[int(slot)].receive == "wheat"


def _enemies(s: State, p: int, a: Action) -> int:
    from ..rules.board import board

    return s.units[board(s).area_index[a.args[0]]][1 - p]


def _home(s: State, p: int, a: Action) -> bool:
    from ..rules.board import board

    return board(s).area_index[a.args[0]] == board(s).home[p]


def play_out(s: State, policy: Policy, rng: random.Random, *, checked: bool = True, max_decisions: int = 100_000):
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
