"""Fuzzing State.from_dict and State.from_notation with hostile input: only NotationError escapes, and
every state accepted plays on (a bounded random playout), round-trips exactly, and leads to states that
load again.

The inputs are mutations of real states (seeded games of both editions, battles, an event's choice):
type swaps, out-of-range and edge numbers, NaN and floats, booleans, deletions, unknown keys, fields
taken from another state, and for the text form broken tokens, foreign digits and lone surrogates.
Seeded and bounded: hypothesis runs derandomized; POLIS_FUZZ_EXAMPLES=<n> sets the examples per target
for long runs (e.g. ``POLIS_FUZZ_EXAMPLES=100000 pytest tests/rules/test_fuzz_state.py
--hypothesis-show-statistics``).
"""
from __future__ import annotations

import copy
import json
import math
import os
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polis_nb as pn
from polis_nb.rules.statefields import TRACK_MAX
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.rules.battle import start_battle
from polis_nb.rules.topology import topology_of

EDITIONS = ("ed1", "ed2")


def _walk(s: pn.State, rng: random.Random, policy, seen: dict, out: list, limit: int) -> None:
    """Play ``s`` to its end, keeping the first state of each decision kind (and every ``limit``-th)."""
    while True:
        key = (s.edition, s.phase, s.pending.kind, s.round if s.pending.kind == "draw-event" else -1)
        if key not in seen or s.ply % limit == 0:
            seen[key] = True
            out.append(s)
        if s.is_terminal:
            return
        s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else policy(s, rng))


def _battle_starts(edition: str) -> list[pn.State]:
    """Positions at the opening of a land and a sea battle, and one choosing between two battles."""
    b = topology_of(pn.position(edition))
    rounds = b.comp.rounds
    r = next(x.label for x in rounds if x.stacking >= 4)
    out = []
    for area in ("boiotia", "kyklades"):
        s = pn.position(edition, seed=3, round=r, to_move="athens", units={area: (4, 4)},
                        prestige={"athens": 3, "sparta": 3})
        out.append(start_battle(s, b.area_index[area], [], turn_of=0))
    two = pn.position(edition, seed=4, round=r, to_move="athens", units={"boiotia": (4, 4), "kyklades": (4, 4)})
    out.append(pn.apply(pn.apply(two, "pass"), "pass"))
    return out


@lru_cache(maxsize=None)
def corpus() -> tuple[pn.State, ...]:
    """States of both editions at every kind of decision: seeded games, battles and a finished game."""
    out: list[pn.State] = []
    seen: dict = {}
    for edition in EDITIONS:
        for seed in range(3):
            rng = random.Random(seed)
            policy = sensible_policy if seed % 2 else random_policy
            _walk(pn.new_game(edition, seed=seed), rng, policy, seen, out, 97)
        for s in _battle_starts(edition):
            _walk(s, random.Random(5), sensible_policy, seen, out, 10**9)
    out += _event_choices(out, seen)
    return tuple(out)


def _event_choices(states: list[pn.State], seen: dict) -> list[pn.State]:
    """Decisions event cards ask for (removing or sending units, ceding a polis, giving prestige): every
    card of each event draw seen, played until the round's actions begin."""
    found: list[pn.State] = []
    for s in states:
        if s.pending.kind != "draw-event":
            continue
        for a in pn.legal_actions(s):
            t, rng = pn.apply(s, a), random.Random(len(found))
            while t.phase == "start":
                key = (t.edition, t.phase, t.pending.kind)
                if key not in seen:
                    seen[key] = True
                    found.append(t)
                t = pn.apply(t, pn.sample_chance(t, rng) if t.is_chance else sensible_policy(t, rng))
    return found


def vocabulary() -> list:
    """Plausible values a mutation may put anywhere: ids of both component sets, kinds, edge numbers."""
    words: set = {"athens", "sparta", "hoplite", "galley", "land", "sea", "attack", "refill", "exchange",
                  "exchange-low", "buy", "buy-each", "yucata", "printed-de", "spoilage", "polis_nb.state/1",
                  "ed1", "ed2", "ed1-default", "ed2-default", "start", "actions", "battles", "roundend", "over"}
    from polis_nb.rules.decisions import ACTIONS, DECISIONS as HANDLERS

    words |= set(HANDLERS) | set(ACTIONS)
    for edition in EDITIONS:
        c = topology_of(pn.position(edition)).comp
        words |= {x.id for x in c.areas} | {x.id for x in c.poleis} | {x.id for x in c.projects}
        words |= {x.id for x in c.events} | {x.id for x in c.markets} | set(c.goods)
    return sorted(words)


HOSTILE = [-1, 0, 1, 2, 3, 5, 17, 25, 45, 999, 1000, 10**6, 2**63, -2**63 - 1, 10**40, -(10**40),
           0.5, 3.0, float("nan"), float("inf"), -float("inf"), True, False, None, "", "\ud800", "n²", "٣",
           "x" * 200, [], [0], [0, 0], [[0, 0]], {}, {"kind": "turn"}]


def paths(v, here=()) -> list[tuple]:
    """Every path (keys and indices) into a JSON value, the value itself first."""
    out = [here]
    if isinstance(v, dict):
        for k in v:
            out += paths(v[k], here + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += paths(x, here + (i,))
    return out


def get(v, path):
    for k in path:
        v = v[k]
    return v


def mutate(d: dict, choices: list[tuple[int, int, object]], donors: tuple[dict, ...]) -> dict:
    """``d`` (a state's dict) changed by each (path pick, operation, value) in ``choices``.

    Operations: 0 set the value, 1 nudge a number by the value (an int), 2 delete, 3 add an unknown
    key or append, 4 duplicate or drop an entry, 5 take the field from a donor state (``value``
    picks it), 6 turn a list into a string or tuple of itself."""
    d = copy.deepcopy(d)
    for pick, op, value in choices:
        ps = paths(d)[1:]
        if not ps:
            break
        path = ps[pick % len(ps)]
        parent, key = get(d, path[:-1]), path[-1]
        cur = parent[key]
        if op == 0:
            parent[key] = copy.deepcopy(value)
        elif op == 1:
            if type(cur) is int and type(value) is int:
                parent[key] = cur + value
            else:
                parent[key] = copy.deepcopy(value)
        elif op == 2:
            del parent[key]
        elif op == 3:
            if isinstance(cur, dict):
                cur[f"extra{pick % 3}"] = copy.deepcopy(value)
            elif isinstance(cur, list):
                cur.append(copy.deepcopy(value))
            else:
                parent[key] = [cur]
        elif op == 4:
            if isinstance(cur, list) and cur:
                if pick % 2:
                    cur.append(copy.deepcopy(cur[pick % len(cur)]))
                else:
                    del cur[pick % len(cur)]
            elif isinstance(parent, list):
                parent.insert(key, copy.deepcopy(cur))
        elif op == 5:
            donor = donors[(pick if type(value) is not int else value) % len(donors)]
            top = path[0]
            if top in donor:
                d[top] = copy.deepcopy(donor[top])
        elif op == 6:
            parent[key] = json.dumps(cur) if pick % 2 else cur if not isinstance(cur, list) else tuple(cur)
    return d


def play_on(s: pn.State, rng: random.Random, steps: int) -> pn.State:
    """A bounded random playout: every step must have a legal choice until the game ends."""
    for _ in range(steps):
        if s.is_terminal:
            break
        legal = pn.legal_actions(s)
        assert legal, f"no legal choice at a {s.pending.kind!r} decision: {s.to_notation()}"
        if s.is_chance:
            outs = pn.chance_outcomes(s)
            assert sum(p for _, p in outs) == 1
            a = pn.sample_chance(s, rng)
        else:
            a = rng.choice(legal)
            pn.explain(s, a)
        s = pn.apply(s, a)
    return s


def near_track_end(s: pn.State) -> bool:
    """Whether prestige or a good is close to the track's end: the kernel does not clamp there, so a
    playout may carry it past what a position may hold."""
    return max(*s.prestige, *s.goods[0], *s.goods[1]) > TRACK_MAX - 100


def accepted(load, arg):
    """``load(arg)``, or None if it was refused with a NotationError that says where. A refusal by the
    last-resort guard (an exception inside the engine) fails: it means a check is missing."""
    try:
        return load(arg)
    except pn.NotationError as e:
        assert "cannot be played" not in str(e), f"a check is missing: {e}"
        assert ":" in str(e)
        return None


def plays(s: pn.State, seed: int, steps: int = 30) -> None:
    """An accepted state round-trips exactly, plays a bounded random playout, and where it ends loads again."""
    assert pn.State.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    assert pn.State.from_notation(s.to_notation()) == s
    end = play_on(s, random.Random(seed), steps)
    if not near_track_end(end):
        assert pn.State.from_dict(end.to_dict()) == end


# --- hypothesis strategies ---------------------------------------------------------------------------

EXAMPLES = int(os.environ.get("POLIS_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=EXAMPLES or 150, derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

VALUES = st.one_of(st.sampled_from(HOSTILE), st.sampled_from(vocabulary()), st.integers(-3, 50),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
                   st.lists(st.integers(-1, 20), max_size=3))
CHOICES = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 6), VALUES), min_size=1, max_size=3)
HOSTILE_TEXT = st.text(alphabet=st.sampled_from(list(' =,:/[]{}"-+0123456789ASab²٣\ud800\n\x00')), max_size=8)
BASES = st.integers(0, 10**6)


def _base(pick: int) -> pn.State:
    c = corpus()
    return c[pick % len(c)]


@lru_cache(maxsize=None)
def _donors() -> tuple[dict, ...]:
    return tuple(s.to_dict() for s in corpus())


@FUZZ
@given(pick=BASES, choices=CHOICES)
def test_fuzz_state_from_dict(pick, choices):
    d = mutate(_base(pick).to_dict(), choices, _donors())
    s = accepted(pn.State.from_dict, d)
    if s is not None:
        plays(s, pick)


def _mutate_text(text: str, ops: list[tuple[int, int, str]], pick: int) -> str:
    """``text`` with tokens broken: a value replaced, a token dropped or repeated, text inserted, cut."""
    toks = text.split(" ")
    for where, op, junk in ops:
        k = 1 + where % (len(toks) - 1) if len(toks) > 1 else 0
        key, _, value = toks[k].partition("=")
        if op == 0:
            toks[k] = f"{key}={junk}"
        elif op == 1:
            del toks[k]
        elif op == 2:
            toks.insert(k, toks[k])
        elif op == 3:
            i = where % (len(value) + 1)
            toks[k] = f"{key}={value[:i]}{junk}{value[i:]}"
        elif op == 4:
            i = where % (len(value) + 1)
            toks[k] = f"{key}={value[:i]}"
        elif op == 5 and key not in ("poleis", "units", ""):
            try:
                field = json.loads(value)
            except ValueError:
                continue
            changed = mutate({"f": field}, [(where, where % 7, junk)], _donors())
            toks[k] = f"{key}={json.dumps(changed.get('f'), separators=(',', ':'))}".replace(" ", "\\u0020")
        elif op == 6:
            other = _base(pick + where).to_notation().split(" ")
            toks[k] = other[where % len(other)]
    return " ".join(toks)


@FUZZ
@given(pick=BASES, ops=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 6), HOSTILE_TEXT),
                                min_size=1, max_size=3))
def test_fuzz_state_from_notation(pick, ops):
    text = _mutate_text(_base(pick).to_notation(), ops, pick)
    s = accepted(pn.State.from_notation, text)
    if s is not None:
        plays(s, pick)


# decisions asked only by event cards that the packaged decks do not hold (yet): reached by no seeded game
EVENT_ONLY = {"event-cede", "event-send", "event-sell", "event-return", "event-double"}


def test_fuzz_state_corpus_covers_every_decision():
    """The mutations start from states at every kind of decision a game of the packaged sets reaches."""
    from polis_nb.rules.decisions import DECISIONS as HANDLERS

    kinds = {s.pending.kind for s in corpus()}
    assert kinds >= (set(HANDLERS) | {"over"}) - EVENT_ONLY, (set(HANDLERS) | {"over"}) - EVENT_ONLY - kinds


def test_fuzz_state_every_field_refuses_each_hostile_value():
    """Each hostile value put in each field (one at a time) of a position of each edition and of a
    battle is refused with a NotationError naming the field, or plays on."""
    picks = [next(s for s in corpus() if s.edition == ed and s.pending.kind == kind)
             for ed, kind in (("ed1", "turn"), ("ed2", "turn"), ("ed1", "battle-defend"))]
    for s in picks:
        d = s.to_dict()
        for field in d:
            for k, value in enumerate(HOSTILE):
                if field == "format":
                    continue
                got = accepted(pn.State.from_dict, dict(d, **{field: copy.deepcopy(value)}))
                if got is not None:
                    plays(got, k, steps=8)
