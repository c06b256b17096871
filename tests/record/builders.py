"""Builders shared by the record tests: seeded random games with variations and annotations.

Everything is derived from an integer seed (and, for the text, from strings the caller passes),
so a failing example is reproduced by its seed alone.
"""
from __future__ import annotations

import random

import pytest

import polis_nb as pn
from polis_nb.analysis.bots import random_policy, sensible_policy
from polis_nb.rules.topology import topology_of

# pieces of comment / name text that have broken record formats before: the format's own
# delimiters, escapes, quotes, line breaks, non-ASCII text, markup, and text that looks like marks
TRICKY = ("{", "}", "\\", '"', "'", "\n", "\r\n", "\t", " ", "  ", ";", "(", ")", "~", "!", "?!", "é",
          "Ἀθῆναι", "→", "🏛", "<script>alert('x')</script>", "<b>&amp;</b>", "[%arrow attika boiotia red]",
          "[%hl thebai]", "[Seed \"4\"]", "3.S1.", "\\}", "{}", "pass", "x")

POLICIES = (random_policy, sensible_policy)

SPARTA_INTO_ARKADIA = "hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon"


def _alt_first_action() -> str:
    """Seed 3: another first action for Sparta, a project in Sparta on the first tile on display it
    can build there (taken from what the game offers, not from the component data)."""
    g = pn.Game(edition="ed1", seed=3)
    g.play("project")
    tile = next(str(a) for a in pn.legal_actions(g.state))
    return f"project; {tile}; polis sparta; pay"


ALT_FIRST_ACTION = _alt_first_action()


def besieged() -> tuple[pn.Game, pn.Node]:
    """Seed 3: Sparta marches into Arkadia and besieges Argos (fortification 3); the die is rolled
    from the seed. Returns the game (at Athens' first decision) and the node of the die."""
    g = pn.Game(edition="ed1", seed=3)
    g.play(SPARTA_INTO_ARKADIA)
    g.play("siege; polis argos")
    die = g.node
    assert die.auto and die.action.kind == "die" and g.state.current_player == "athens"
    return g, die


def game_until(found, seeds=range(80), plies=700):
    """The first sensible-bot game (by seed) in which ``found(node)`` holds for a node just played."""
    for seed in seeds:
        rng = random.Random(seed)
        g = pn.Game(edition="ed1", seed=seed)
        for _ in range(plies):
            if g.state.is_terminal:
                break
            before = g.node
            g.play(sensible_policy(g.state, rng))
            hit = next((n for n in reversed(g.node.path()[before.depth():]) if found(n)), None)
            if hit is not None:
                return g, hit
    pytest.fail("no game of these seeds gets there")


def play_out(g: pn.Game, rng: random.Random, plies: int, policy=sensible_policy) -> None:
    """Play up to ``plies`` player decisions from the current node (play() settles chance)."""
    for _ in range(plies):
        s = g.state
        if s.is_terminal:
            return
        g.play(policy(s, rng))


def add_variation(g: pn.Game, rng: random.Random, name: str = "", plies: int = 6) -> pn.Node | None:
    """Go back to a random node and play something else there: another legal decision, or
    (at a chance decision) another outcome through what_if. Returns the new variation's first node."""
    nodes = [n for n in g.root.walk() if n.parent is not None]
    n = rng.choice(nodes)
    parent = n.parent
    s = parent.state
    taken = {c.action for c in parent.variations}
    if s.is_chance:
        others = [a for a, _ in pn.chance_outcomes(s) if a not in taken]
        if not others:
            return None
        g.goto(n)
        new = g.what_if(str(rng.choice(others)), name=name)
    else:
        others = [a for a in pn.legal_actions(s) if a not in taken]
        if not others:
            return None
        g.goto(parent)
        if name:
            g.branch(name)
        a = rng.choice(others)
        g.play(a)
        new = parent.child(a)
    play_out(g, rng, plies, rng.choice(POLICIES))
    return new


def annotate(g: pn.Game, rng: random.Random, texts: list[str]) -> None:
    """Spread comments (after, and before variations), glyphs and board marks over the tree."""
    b = topology_of(g.root.state)
    targets = list(b.area_ids) + list(b.polis_ids) + [m.id for m in b.comp.markets]
    nodes = [n for n in g.root.walk() if n.parent is not None]
    for t in texts:
        n = rng.choice(nodes)
        what = rng.randrange(6)
        if what == 0:
            g.comment(t, node=g.root)
        elif what == 1 and n.starts_variation():
            g.comment(t, before=True, node=n)
        else:
            g.comment(t, node=n)
        if rng.random() < 0.5:
            g.glyph(rng.choice(pn.GLYPHS), node=n)
        if rng.random() < 0.4:
            g.arrow(rng.choice(b.area_ids), rng.choice(b.area_ids), rng.choice(("green", "red", "blue", "yellow")),
                    node=n)
        if rng.random() < 0.3:
            g.highlight(rng.choice(targets), node=n)


def reorder(g: pn.Game, rng: random.Random, times: int) -> None:
    """Random promote / demote / promote_to_main on nodes with siblings."""
    for _ in range(times):
        cands = [n for n in g.root.walk() if n.parent is not None and len(n.parent.variations) > 1]
        if not cands:
            return
        n = rng.choice(cands)
        getattr(n, rng.choice(("promote", "demote", "promote_to_main")))()


def random_record(seed: int, *, plies: int = 90, variations: int = 5, texts=(), names=(),
                  reorders: int = 0, edition: str = "ed1") -> pn.Game:
    """A record of a seeded random game with variations, annotations and (optionally) reordering."""
    rng = random.Random(seed)
    g = pn.Game(edition=edition, seed=seed % 97)
    play_out(g, rng, plies, rng.choice(POLICIES))
    for k in range(variations):
        add_variation(g, rng, name=names[k % len(names)] if names else "", plies=rng.randrange(1, 12))
    annotate(g, rng, list(texts))
    reorder(g, rng, reorders)
    g.goto(g.root)
    return g


def states_along(g: pn.Game) -> list:
    """(path of actions, state) for every node of the record, in walk order."""
    return [(tuple(str(n.action) for n in node.path()), node.state) for node in g.root.walk()]
