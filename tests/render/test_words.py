"""Plain words on screen: decisions, rulebook sections, kernel sentences and "why not?" answers say
things a reader understands, never raw notation ("area:attika", "rows metal:1,wheat:2",
"trireme:periplous", "(1 cubes)")."""
import random
import re

import pytest

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.render.text import SECTION_EN, action_words, cite_words, plain, section_words
from polis_nb.render.viewmodel import why_words
from polis_nb.rules.topology import topology_of

# what raw notation looks like: a place id with its kind, a good:count pair, a card id, a plural of one
RAW = re.compile(r"\b(area|polis|offer|market):[a-z]|\b[a-z]+:\d|\b[a-z]+:[a-z]+\b|silver-for|\b1 [a-z]+s\b")


def positions(edition: str, games: int = 3, every: int = 3):
    for seed in range(games):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        pol = sensible_policy if seed % 2 else random_policy
        n = 0
        while not s.is_terminal:
            if n % every == 0 or s.pending.kind not in ("turn", "move-from"):
                yield s
            s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else pol(s, rng))
            n += 1
        yield s


def test_every_rulebook_section_reads_in_english():
    for ref in pn.RULES.values():
        for source in filter(None, (ref.source, ref.source_ed2)):
            for chunk in source.split("; "):
                for piece in chunk.split(" · "):
                    for part in piece.split(" › "):
                        assert part in SECTION_EN or part in ("Ed1", "Ed2") or re.fullmatch(r"[\d.–]+", part) \
                            or re.fullmatch(r"[a-z-]+\.md §.*", part), \
                            f"{ref.id}: no English for {part!r}"
    assert section_words("Ed1 · Aktionen › g. Polis belagern") == "Ed1 · Actions › g. Besieging a polis"
    en, original = cite_words(("siege.failure",))
    assert en == "rule siege.failure, Ed1 · Actions › g. Besieging a polis"
    assert original == "rule siege.failure, " + pn.RULES["siege.failure"].source


def test_kernel_sentences_are_cleaned():
    assert plain("Sparta releases Pylos (1 cubes), which turns neutral") == \
        "Sparta releases Pylos (1 cube), which turns neutral"
    assert plain("Athens feeds 2 cubes") == "Athens feeds 2 cubes"
    text = plain("answers with phalanx:advance and cavalry:hold", "ed1-default")
    assert text.startswith("answers with Phalanx (Advance) and Cavalry (Hold") and not RAW.search(text)


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_every_decision_has_words_without_notation(edition):
    seen = set()
    for s in positions(edition):
        if s.is_terminal:
            continue
        acts = [a for a, _ in pn.chance_outcomes(s)] if s.is_chance else pn.legal_actions(s)
        for a in acts[:12]:
            words = action_words(s, a)
            assert words and not RAW.search(words), (s.pending.kind, str(a), words)
            seen.add(s.pending.kind)
    assert {"turn", "move-dest", "move-from", "tribute-rows", "trade-offer", "train-pay"} <= seen


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_why_not_answers_every_place_in_plain_words(edition):
    """Click every area, polis and offer at many decisions: the answer names the place, says why it is
    not a choice (or that it is one), and holds no notation."""
    from polis_nb.widgets import Board

    kinds = set()
    for s in list(positions(edition, games=2, every=9))[:40]:
        w = Board(s)
        b = topology_of(s)
        places = ([f"area:{a}" for a in b.area_ids] + [f"polis:{p.id}" for p in b.comp.poleis]
                  + [f"offer:{o}" for o in b.offer_index])
        for t in places:
            w.handle_intent({"kind": "why", "target": t, "rev": w.rev})
            v = w.view
            text = (v["explanation"] or {}).get("text", "") or v["note"]
            assert text and not RAW.search(text), (s.pending.kind, t, text)
            assert "not a choice of this decision" not in text
        kinds.add(s.pending.kind)
    assert len(kinds) >= 5


def test_why_words_for_a_territory_before_an_action_is_chosen():
    s = pn.settle(pn.new_game(seed=3))
    text = why_words(s, "area:attika")
    assert text.startswith("Attika (") and "first picks an action" in text and "Move hoplites" in text
    s2 = pn.apply(pn.apply(s, "hoplites"), "to arkadia")
    assert "Thebai" in why_words(s2, "polis:thebai")
    assert why_words(s, "area:nowhere") == "There is nothing to choose there."
