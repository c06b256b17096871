"""Conformance over seeded random games (OpenSpiel-style random simulation test).

Every step checks: the chosen listed action is accepted; a random action that is not listed is
refused with rule ids that exist and leaves the state unchanged; the position keeps every invariant
(stacking, cube and ship counts, goods and prestige never negative); chance probabilities sum to 1;
notation and JSON round-trip exactly. Every rule id cited (log, refusal, outcome) belongs to the
edition played. Every game ends with a valid outcome, and replaying the same seed gives the identical
game. Every packaged component set runs (ed1-default, ed1-prototype, ed2-default);
``POLIS_CONFORMANCE_GAMES`` sets the number of games per set (CI: 1000).

The save soak: every position any bot reaches (random, sensible, greedy, search), in both editions,
comes back equal from its notation and from its dict sent through JSON, so any game can be saved
wherever it stands. A few seeded games per bot run always; ``POLIS_SOAK_GAMES=<n>`` runs the larger
soak marked ``slow`` (n games per policy bot and edition, n // 50 + 1 for the search bot).
"""
import json
import os
import random
from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.analysis import make_bot, random_policy, sensible_policy
from polis_nb.data import packaged_components
from polis_nb.rules.topology import topology_of
from polis_nb.rules.editor import invariant_problems
from polis_nb.rules.engine import is_legal

GAMES = int(os.environ.get("POLIS_CONFORMANCE_GAMES", "1000"))
CHUNK = 50
KEYWORDS = ["train", "galleys", "ships", "project", "hoplites", "fleet", "siege", "tribute", "trade", "proxenos",
            "ransom", "civilwar", "pass", "end", "polis", "pay", "to", "from", "area", "rows", "offer", "tile",
            "battle", "card", "fight", "retreat", "play", "answer", "release", "feed", "grow", "phoros", "remove",
            "die", "roll", "draw", "event", "ransom"]


def _junk(s: pn.State, rng: random.Random) -> pn.Action:
    b = topology_of(s)
    pool = list(b.area_ids) + list(b.polis_ids) + list(b.comp.goods) + ["1", "2", "3", "4", "5", "+wood", "by",
                                                                         "land", "sea", "persis.0", "exchange"]
    while True:
        a = pn.Action(rng.choice(KEYWORDS), tuple(rng.choice(pool) for _ in range(rng.randint(0, 3))))
        if a not in pn.legal_actions(s):
            return a


def _cited(s: pn.State, ids) -> None:
    assert ids and all(r in pn.RULES and s.edition in pn.RULES[r].editions for r in ids), (s.edition, ids)


def _check_step(s: pn.State, rng: random.Random, deep: bool) -> None:
    probs = invariant_problems(s)
    assert not probs, probs
    acts = pn.legal_actions(s)
    assert acts and len(set(acts)) == len(acts), s.pending
    if s.is_chance:
        assert sum(p for _, p in pn.chance_outcomes(s)) == Fraction(1)
    assert all(is_legal(s, a) for a in acts)
    before = s.to_dict()
    bad = _junk(s, rng)
    assert not is_legal(s, bad)
    with pytest.raises(pn.IllegalActionError) as err:
        pn.apply(s, bad)
    _cited(s, err.value.explanation.rule_ids)
    assert s.to_dict() == before
    if deep:
        assert pn.State.from_dict(s.to_dict()) == s
        assert pn.State.from_notation(s.to_notation()) == s
        a = rng.choice(acts)
        assert pn.parse_action(s, str(a)) == a


def _play(edition: str, seed: int, check: bool, components: str | None = None):
    rng = random.Random(seed)
    checker = random.Random(-1 - seed)  # checks draw from their own generator, so play is unaffected
    policy = sensible_policy if seed % 2 else random_policy
    s = pn.new_game(edition, seed=seed, components=packaged_components(components) if components else None)
    trace = []
    while not s.is_terminal:
        if check:
            _check_step(s, checker, deep=s.ply % 7 == 0)
        a = pn.sample_chance(s, rng) if s.is_chance else policy(s, rng)
        trace.append(str(a))
        s = pn.apply(s, a)
        assert s.log, f"decision {a} logged nothing"
        for e in s.log:
            assert all(r in pn.RULES and edition in pn.RULES[r].editions for r in e.rules), e
    return s, trace


SETS = {"ed1-default": "ed1", "ed1-prototype": "ed1", "ed2-default": "ed2"}


@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
@pytest.mark.parametrize("components", list(SETS))
def test_conformance_random_games(components, start):
    edition = SETS[components]
    for seed in range(start, min(GAMES, start + CHUNK)):
        s, trace = _play(edition, seed, check=True, components=components)
        o = pn.outcome(s)
        assert o is not None
        _cited(s, o.rules)
        assert o.winner in ("athens", "sparta", None)
        if o.scores is not None:
            assert o.scores == (pn.score(s, 0), pn.score(s, 1))
        if seed % 25 == 0:  # same seed and decisions => identical game
            s2, trace2 = _play(edition, seed, check=False, components=components)
            assert trace2 == trace and s2 == s and s2.to_notation() == s.to_notation()


# --- the save soak: every reached position round-trips ----------------------------------------------

SEARCH_BUDGET = 3  # iterations per decision: a real search, kept cheap
SOAK_GAMES = {"random": 6, "sensible": 1, "greedy": 1, "search": 1}  # per edition, always run
BIG_SOAK = int(os.environ.get("POLIS_SOAK_GAMES", "0"))


def _saves(s: pn.State, where: str) -> None:
    """``s`` comes back equal from its notation and from its dict sent through JSON."""
    try:
        back = pn.State.from_notation(s.to_notation())
        again = pn.State.from_dict(json.loads(json.dumps(s.to_dict())))
    except pn.PolisError as e:
        raise AssertionError(f"{where}: the position does not load again: {e}") from None
    assert back == s, f"{where}: the notation gives another position"
    assert again == s, f"{where}: the dict gives another position"


def _soak(edition: str, bot_name: str, seeds: range) -> int:
    """Play each seed with ``bot_name`` for both sides (the slow search bot for one side, Athens on even
    seeds, against the sensible bot); check every position reached; return how many."""
    if bot_name == "search":
        bots = (make_bot("search", iterations=SEARCH_BUDGET), make_bot("sensible"))
    else:
        bots = (make_bot(bot_name),) * 2
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        while True:
            _saves(s, f"{edition} {bot_name} seed {seed} ply {s.ply} ({s.pending.kind})")
            checked += 1
            if s.is_terminal:
                break
            a = pn.sample_chance(s, rng) if s.is_chance else bots[(s.pending.player + seed) % 2].choose(s, rng)
            s = pn.apply(s, a)
    return checked


@pytest.mark.parametrize("bot_name", list(SOAK_GAMES))
@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_every_reached_position_round_trips(edition, bot_name):
    games = SOAK_GAMES[bot_name]
    assert _soak(edition, bot_name, range(games)) > games  # each game has positions beyond its start


@pytest.mark.slow
@pytest.mark.skipif(not BIG_SOAK, reason="set POLIS_SOAK_GAMES=<n> for the larger save soak")
@pytest.mark.parametrize("bot_name", list(SOAK_GAMES))
@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_every_reached_position_round_trips__soak(edition, bot_name):
    games = BIG_SOAK // 50 + 1 if bot_name == "search" else BIG_SOAK
    first = SOAK_GAMES[bot_name]  # the seeds the quick test plays are skipped
    assert _soak(edition, bot_name, range(first, first + games)) > games
