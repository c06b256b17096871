"""A round-robin ladder: every pair of bots plays ``games`` full games, win rates with 95% intervals.

Each pair's games alternate the editions and, within each edition, the colours (who plays Athens),
so every bot meets every other as both sides in both editions. Every game is a task seeded from the
ladder's seed and its index (:mod:`.cluster`): the table is the same with one worker or many.

    >>> lad = ladder(["random", "sensible"], games=4, seed=1, client="serial")
    >>> sum(r.games for r in lad.pairs), lad.pairs[0].a, lad.pairs[0].b
    (4, 'random', 'sensible')
"""
from __future__ import annotations

import html
import time
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from ..rules import CHANCE, PLAYERS, apply_unchecked, new_game, sample_chance
from .battle_result import wilson
from .bots import Bot, make_bot
from .cluster import check_client, run_tasks, task_rng

EDITIONS = ("ed1", "ed2")


@dataclass(frozen=True)
class GameResult:
    """One ladder game: who played which side, how it ended, how many decisions it took."""

    index: int
    edition: str
    athens: str
    sparta: str
    winner: str | None  # the winning bot's name, None for a shared result
    rules: tuple[str, ...]
    decisions: int
    seconds: float


@dataclass(frozen=True)
class PairResult:
    """The games of bot ``a`` against bot ``b``: ``a`` won ``wins``, lost ``losses``, shared
    ``shared``. ``score`` counts a shared result as half a win; ``low``/``high`` bound it at 95%
    (Wilson)."""

    a: str
    b: str
    wins: int
    shared: int
    losses: int
    ended_by: dict[tuple[str, ...], int]

    @property
    def games(self) -> int:
        return self.wins + self.shared + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.shared / 2) / self.games if self.games else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + self.shared / 2, self.games)


class Ladder:
    """Results of :func:`ladder`: ``games`` (every game), ``pairs`` (one row per pair, bot ``a``
    first in the order given) and :meth:`table` (the same, for one edition or all)."""

    def __init__(self, names: Sequence[str], games: list[GameResult], editions: Sequence[str], seed: int,
                 seconds: float):
        self.names, self.games, self.editions, self.seed, self.seconds = tuple(names), games, tuple(editions), seed, seconds
        self.pairs = self.table()

    def table(self, edition: str | None = None) -> list[PairResult]:
        """One :class:`PairResult` per pair, over the games of ``edition`` (None: all)."""
        if edition is not None and edition not in self.editions:
            raise ValueError(f"this ladder played {', '.join(self.editions)}, not {edition!r}")
        out = []
        for a, b in combinations(self.names, 2):
            gs = [g for g in self.games if {g.athens, g.sparta} == {a, b} and edition in (None, g.edition)]
            w = sum(g.winner == a for g in gs)
            l = sum(g.winner == b for g in gs)  # noqa: E741
            ended = Counter(g.rules for g in gs)
            out.append(PairResult(a, b, w, len(gs) - w - l, l, dict(ended.most_common())))
        return out

    def standings(self) -> list[tuple[str, float, int]]:
        """(bot, score over all its games, games), best first."""
        rows = []
        for n in self.names:
            gs = [g for g in self.games if n in (g.athens, g.sparta)]
            sc = sum(1.0 if g.winner == n else 0.5 if g.winner is None else 0.0 for g in gs)
            rows.append((n, sc / len(gs) if gs else 0.0, len(gs)))
        return sorted(rows, key=lambda r: -r[1])

    def to_dict(self) -> dict:
        return {"bots": list(self.names), "editions": list(self.editions), "seed": self.seed,
                "pairs": [{"a": p.a, "b": p.b, "wins": p.wins, "shared": p.shared, "losses": p.losses,
                           "score": p.score, "interval": list(p.interval)} for p in self.pairs],
                "games": [g.__dict__ | {"rules": list(g.rules)} for g in self.games]}

    def __repr__(self) -> str:
        return f"<Ladder {', '.join(self.names)}: {len(self.games)} games>"

    def __str__(self) -> str:
        rows = [f"Ladder, {len(self.games)} games ({', '.join(self.editions)}, colours alternated), seed {self.seed}"]
        for ed in (None, *self.editions) if len(self.editions) > 1 else (None,):
            rows.append(f" {'all editions' if ed is None else ed}:")
            rows.append(f"  {'pair':24} {'games':>5} {'W-S-L':>11} {'score':>6}  95% interval")
            for p in self.table(ed):
                lo, hi = p.interval
                rows.append(f"  {p.a + ' v ' + p.b:24} {p.games:5d} {f'{p.wins}-{p.shared}-{p.losses}':>11} "
                            f"{p.score:6.1%}  [{lo:.1%}, {hi:.1%}]")
        rows.append(" standings: " + ", ".join(f"{n} {sc:.1%}" for n, sc, _ in self.standings()))
        rows.append(" how the games ended: " + self.endings())
        return "\n".join(rows)

    def endings(self) -> str:
        """How the games ended, in words: the share that reached the final scoring, and the sudden
        deaths by rule (an unfed capital, ostracism, prestige owed, an unpaid Salpinx)."""
        n = len(self.games)
        if not n:
            return "no games"
        scored = sum(1 for g in self.games if any(r.startswith("end.score") for r in g.rules))
        deaths = Counter(g.rules[0] for g in self.games if not any(r.startswith("end.score") for r in g.rules))
        return (f"final scoring {scored}/{n} ({scored / n:.0%})"
                + "".join(f", {r} {k}" for r, k in deaths.most_common()))

    def _repr_html_(self) -> str:
        esc = html.escape
        body = "".join(
            f"<tr><td>{esc(p.a)}</td><td>{esc(p.b)}</td><td>{p.games}</td><td>{p.wins}-{p.shared}-{p.losses}</td>"
            f"<td>{p.score:.1%}</td><td>[{p.interval[0]:.1%}, {p.interval[1]:.1%}]</td></tr>" for p in self.pairs)
        return ("<table class='polis-ladder'><tr><th>bot A</th><th>bot B</th><th>games</th><th>A: W-S-L</th>"
                f"<th>A's score</th><th>95% interval</th></tr>{body}</table>")


def play_game(edition: str, athens: Bot, sparta: Bot, seed: int, index: int, game_seed: int) -> dict:
    """One seeded game between two bots (a ladder task): the winner's side, the ending rules and
    the number of decisions. Chance and each bot draw from their own generator of this task."""
    t0 = time.perf_counter()
    bots = (athens, sparta)
    rngs = (task_rng("ladder-athens", seed, index), task_rng("ladder-sparta", seed, index))
    chance = task_rng("ladder-chance", seed, index)
    s = new_game(edition, seed=game_seed)
    n = 0
    while s.outcome is None:
        p = s.pending.player
        a = sample_chance(s, chance) if p == CHANCE else bots[p].choose(s, rngs[p])
        s = apply_unchecked(s, a)
        n += 1
    return {"winner": s.outcome.winner, "rules": s.outcome.rules, "decisions": n,
            "seconds": time.perf_counter() - t0}


def ladder(bots: "Sequence[Any] | dict[str, Any]", games: int = 200, *, editions: Sequence[str] = EDITIONS,
           seed: int = 0, client: Any = None, workers: int | None = None, progress: bool = False) -> Ladder:
    """Every pair of ``bots`` plays ``games`` games (split evenly over ``editions``, colours
    alternated within each). ``bots`` are names ("random", "sensible", "greedy", "search"), bot
    objects, or a dict of name -> bot. ``client``/``workers``: where the games run (see
    :mod:`.cluster`; by default in this process, ``workers=N`` on a local Dask cluster of N worker
    processes)."""
    named = _named(bots)
    if len(named) < 2:
        raise ValueError("a ladder needs at least two bots")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    for ed in editions:
        if ed not in EDITIONS:
            raise ValueError(f"unknown edition {ed!r}; known: {', '.join(EDITIONS)}")
    check_client(client)
    names = list(named)
    tasks, meta = [], []
    for pi, (a, b) in enumerate(combinations(names, 2)):
        for g in range(games):
            ed = editions[g % len(editions)]
            swap = (g // len(editions)) % 2 == 1
            ath, spa = (b, a) if swap else (a, b)
            index = pi * games + g
            tasks.append((ed, named[ath], named[spa], seed, index, index))
            meta.append((index, ed, ath, spa))
    t0 = time.perf_counter()
    out = run_tasks(play_game, tasks, client=client, workers=workers, progress=progress, desc="ladder")
    results = []
    for (index, ed, ath, spa), r in zip(meta, out):
        win = None if r["winner"] is None else ath if r["winner"] == PLAYERS[0] else spa
        results.append(GameResult(index, ed, ath, spa, win, tuple(r["rules"]), r["decisions"], r["seconds"]))
    return Ladder(names, results, editions, seed, time.perf_counter() - t0)


def _named(bots: Any) -> dict[str, Bot]:
    items = bots.items() if isinstance(bots, dict) else ((None, b) for b in bots)
    out: dict[str, Bot] = {}
    for name, b in items:
        bot = make_bot(b)
        key = name or bot.name
        if key in out:
            raise ValueError(f"two bots are named {key!r}; pass a dict to name them apart")
        out[key] = bot
    return out
