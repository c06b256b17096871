"""Bots: every bot's choices are legal over seeded games of both editions (checked by the kernel),
the same seed gives the same choice, the search never looks at the hidden hand it cannot see, and
the greedy battle bot now lives in the analysis layer (the Combat widget imports it from there)."""
from __future__ import annotations

import random

import pytest

import polis_nb as pn
from polis_nb.analysis import SearchBot, make_bot
from polis_nb.analysis.bots import PolicyBot, bot_names, greedy_policy
from polis_nb.analysis.hidden import determinise, hidden_from
from polis_nb.analysis.odds import setup_state
from polis_nb.analysis.search import Tree
from polis_nb.rules.engine import is_legal

EDITIONS = ("ed1", "ed2")


def _play_checked(edition: str, seed: int, bots) -> pn.State:
    """A full game, every bot choice checked against the listing and applied through the checked
    path (an illegal choice raises IllegalActionError)."""
    rng = random.Random(seed)
    s = pn.new_game(edition, seed=seed)
    while not s.is_terminal:
        if s.is_chance:
            a = pn.sample_chance(s, rng)
        else:
            a = bots[s.pending.player].choose(s, rng)
            assert a in pn.legal_actions(s) and is_legal(s, a), (edition, seed, s.pending.kind, a)
        s = pn.apply(s, a)
    return s


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", ["random", "sensible", "greedy"])
def test_policy_bots_choose_legal_actions_in_seeded_games(edition, name):
    bot = make_bot(name)
    other = make_bot("sensible")
    for seed in range(6):
        end = _play_checked(edition, seed, (bot, other) if seed % 2 else (other, bot))
        assert end.outcome is not None
    assert bot.name == name


@pytest.mark.parametrize("edition", EDITIONS)
def test_search_bot_chooses_legal_actions_in_a_seeded_game(edition):
    end = _play_checked(edition, 5, (SearchBot(iterations=3), make_bot("greedy")))
    assert end.outcome is not None and end.outcome.winner in (None, "athens", "sparta")


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_bot_answers_legally_inside_a_battle(edition):
    """Battle decisions (retreat window, attack, answer) with hidden hands, for each bot."""
    comp = pn.default_components(edition).name
    for name in ("random", "sensible", "greedy", "search"):
        bot = make_bot(name, iterations=6) if name == "search" else make_bot(name)
        s = pn.settle(setup_state("land", (4, 4), (3, 3), components=comp), random.Random(2))
        rng = random.Random(4)
        kinds = set()
        while s.battle is not None and not s.is_terminal:
            if s.is_chance:
                s = pn.apply(s, pn.sample_chance(s, rng))
                continue
            a = bot.choose(s, rng)
            assert is_legal(s, a), (name, s.pending.kind, a)
            kinds.add(s.pending.kind)
            s = pn.apply(s, "fight" if s.pending.kind == "battle-retreat" else a)  # keep the battle going
        assert {"battle-attack", "battle-defend"} <= kinds, (name, kinds)


def test_same_seed_same_choice():
    s = pn.settle(pn.new_game("ed1", seed=11))
    for bot in (make_bot("random"), make_bot("sensible"), make_bot("greedy"), SearchBot(iterations=12)):
        picks = {bot.choose(s, random.Random(7)) for _ in range(3)}
        assert len(picks) == 1, bot


def test_search_bot_answers_a_forced_decision_without_searching():
    s = pn.settle(pn.new_game("ed1", seed=3))
    s = pn.apply(pn.apply(s, "hoplites"), "to arkadia")
    s = pn.apply(s, "from lakedaimon")
    forced = next(x for x in _walk(s) if len(pn.legal_actions(x)) == 1 and not x.is_chance)
    rng = random.Random(1)
    state = rng.getstate()
    assert SearchBot(iterations=50).choose(forced, rng) == pn.legal_actions(forced)[0]
    assert rng.getstate() == state  # no search ran: the generator was not touched


def _walk(s):
    rng = random.Random(0)
    while not s.is_terminal:
        yield s
        s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else pn.legal_actions(s)[-1])


def test_bots_refuse_chance_steps_and_finished_games():
    s = pn.new_game("ed1", seed=1)
    assert s.is_chance
    for bot in (make_bot("sensible"), SearchBot(iterations=2)):
        with pytest.raises(ValueError, match="chance"):
            bot.choose(s, random.Random(0))


def test_make_bot_names_and_errors():
    assert set(bot_names()) == {"random", "sensible", "greedy", "search"}
    assert isinstance(make_bot(greedy_policy), PolicyBot) and make_bot(greedy_policy).name == "greedy_policy"
    sb = SearchBot(iterations=5)
    assert make_bot(sb) is sb and "ISMCTS, 5 iterations, sensible playouts" in repr(sb)
    with pytest.raises(ValueError, match="unknown bot 'alphazero'; known: random, sensible, greedy, search"):
        make_bot("alphazero")
    with pytest.raises(TypeError, match="takes no options"):
        make_bot("random", iterations=3)
    with pytest.raises(ValueError, match="budget"):
        SearchBot(iterations=None, seconds=None)
    with pytest.raises(ValueError, match="unknown rollout policy"):
        SearchBot(rollout="search")
    with pytest.raises(TypeError, match="not int"):
        make_bot(3)


def test_greedy_bot_moved_to_the_analysis_layer():
    from polis_nb.widgets import combat

    assert combat.greedy_policy is greedy_policy and combat._bots()["greedy"] is greedy_policy
    assert greedy_policy.__module__ == "polis_nb.analysis.bots"


# --- hidden information -------------------------------------------------------------------------

def _battle(edition="ed1", seed=2):
    comp = pn.default_components(edition).name
    s = pn.settle(setup_state("land", (4, 3), (3, 3), components=comp), random.Random(seed))
    assert s.battle is not None and not s.is_chance
    return s


def test_determinise_deals_only_what_the_viewer_cannot_see():
    s = _battle()
    me = s.pending.player
    bt = s.battle
    pool = [x + y for x, y in zip(bt.hands[1 - me], bt.deck)]
    seen = set()
    for k in range(30):
        d = determinise(s, me, random.Random(k)).battle
        assert d.hands[me] == bt.hands[me]  # own hand untouched
        assert sum(d.hands[1 - me]) == sum(bt.hands[1 - me])  # sizes kept
        assert [x + y for x, y in zip(d.hands[1 - me], d.deck)] == pool  # the same unseen cards
        seen.add(d.hands[1 - me])
    assert len(seen) > 1  # the other hand really is dealt anew
    spectator = determinise(s, None, random.Random(0)).battle
    assert sum(spectator.hands[0]) == sum(bt.hands[0]) and sum(spectator.hands[1]) == sum(bt.hands[1])
    assert hidden_from(s, None) == (0, 1) and hidden_from(s, me) == (1 - me,)
    outside = pn.settle(pn.new_game("ed1", seed=3))
    assert determinise(outside, 0, random.Random(0)) is outside and hidden_from(outside, 0) == ()


def _swap_hidden(s: pn.State) -> pn.State:
    """The same position as the side to decide sees it, with a different hidden hand."""
    bt = s.battle
    opp = 1 - s.pending.player
    hand, deck = list(bt.hands[opp]), list(bt.deck)
    i = next(t for t, n in enumerate(hand) if n)
    j = next(t for t, n in enumerate(deck) if n and t != i)
    hand[i] -= 1
    hand[j] += 1
    deck[j] -= 1
    deck[i] += 1
    hands = list(bt.hands)
    hands[opp] = tuple(hand)
    from dataclasses import replace

    return s.evolve(battle=replace(bt, hands=tuple(hands), deck=tuple(deck)))


@pytest.mark.parametrize("edition", EDITIONS)
def test_search_does_not_peek_at_the_hidden_hand(edition):
    """Two positions that differ only in the hand the searcher cannot see give the same tree."""
    s = _battle(edition)
    t = _swap_hidden(s)
    assert s != t and s.battle.hands[s.pending.player] == t.battle.hands[t.pending.player]
    a = Tree(s).run(random.Random(3), 40).summary()
    b = Tree(t).run(random.Random(3), 40).summary()
    assert a == b
    # the other side sees that hand, so its search does tell the two positions apart
    opp = 1 - s.pending.player
    c = Tree(s, viewer=opp).run(random.Random(3), 40).summary()
    d = Tree(t, viewer=opp).run(random.Random(3), 40).summary()
    assert c != d
