"""The board in words for a screen reader (issue 28): every territory and sea in sentences, with the
units counted in words and the areas it borders as the rules' topology has them; the compact form
keeps its lines and lists the borders after the seas."""
import polis_nb as pn
from polis_nb.render import describe
from polis_nb.render.boardwords import area_sentences, border_sentence
from polis_nb.rules import topology_of


def _start():
    return pn.settle(pn.new_game(seed=3))


def test_every_area_says_what_it_borders():
    s = _start()
    b = topology_of(s)
    for i in b.territories + b.seas:
        said = border_sentence(b, i)
        assert said.startswith(b.name(i) + " borders ")
        near = (b.sea_nb[i] if b.is_sea[i] else b.land_nb[i]) + b.coasts[i]
        assert near and all(b.name(k) in said for k in near), said
        others = set(range(len(b.area_ids))) - set(near) - {i}
        assert not [b.name(k) for k in others if b.name(k) in said.split(" borders ", 1)[1]], said
    attika = b.area_index["attika"]
    assert border_sentence(b, attika) == "Attika borders Boiotia and Megaris, and the sea Kyklades."
    noties = b.area_index["noties"]
    assert border_sentence(b, noties) == "Noties Sporades borders the sea Kyklades, and the coast of Ionia."


def test_an_area_in_sentences_counts_its_units_in_words():
    s = _start()
    b = topology_of(s)
    attika = area_sentences(s, b, b.area_index["attika"])
    assert attika.startswith("Attika, home of Athens: Athens controls it, with 3 Athenian hoplites and no Spartan "
                             "hoplites. Its poleis: Athenai (owned by Athens, population 5 of base 5, the capital of "
                             "Athens, the Athenian proxenos is there) and Chalkis (owned by Athens, population 1 of base 1).")
    sea = area_sentences(s, b, b.area_index["noties"])
    assert "with 1 Athenian galley and no Spartan galleys" in sea and "Ports on it: Samos and Chios." in sea
    assert "It reaches the market of Persis." in sea


def test_describe_in_sentences_keeps_the_other_lines():
    s = _start()
    compact, sentences = describe(s).splitlines(), describe(s, sentences=True).splitlines()
    assert sentences[:4] == compact[:4]  # round, who decides, the event, "Territories:"
    tail = compact[compact.index("Poleis on unenterable land: Epidamnos (neutral, base 1), Abdera (neutral, base 1)"):]
    assert sentences[-len(tail):] == tail
    assert sentences.count("Seas:") == 1 and "Borders:" not in sentences
    b = topology_of(s)
    assert len([x for x in sentences if " borders " in x]) == len(b.area_ids)


def test_compact_describe_lists_the_borders_after_the_seas():
    s = _start()
    lines = describe(s).splitlines()
    at = lines.index("Borders:")
    b = topology_of(s)
    assert lines[at - 1].startswith("  Noties Sporades:")  # after the last sea
    assert lines[at + 1:at + 1 + len(b.area_ids)] == [f"  {border_sentence(b, i)}" for i in b.territories + b.seas]
    assert lines[at + 1 + len(b.area_ids)].startswith("Poleis on unenterable land")


def test_describe_in_sentences_in_the_second_edition_and_in_a_battle():
    text = describe(pn.settle(pn.new_game(edition="ed2", seed=1)), sentences=True)
    assert "Athinae" in text and "Athenai" not in text and " borders " in text
    from polis_nb.widgets.combat import battle_position

    s = pn.settle(battle_position(seed=0))
    boiotia = next(x for x in describe(s, sentences=True).splitlines() if x.startswith("  Boiotia: "))
    assert "with 4 Athenian hoplites and 4 Spartan hoplites" in boiotia
    assert "A land battle is going on here, Sparta attacking." in boiotia
