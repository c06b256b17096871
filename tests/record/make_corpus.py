"""Regenerate tests/record/corpus/ (base record and its damaged copies) with the library itself.

Run from the project root after a change of the packaged component data:
    .venv/bin/python tests/record/make_corpus.py
then update the positions in test_reader_errors.CASES where the new words are of other lengths.
"""
import json
import pathlib

import polis_nb as pn

CORPUS = pathlib.Path("tests/record/corpus")

# --- the base record: a short seed-3 ed1 game ------------------------------------------------
g = pn.Game(edition="ed1", seed=3)
g.headers = {**g.headers, "Athens": "Ada", "Sparta": "Brasidas"}
g.comment("Seed 3, a short game for the reader tests.", node=g.root)
g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
g.comment("Into Arkadia.")
g.arrow("lakedaimon", "arkadia", "red")
g.play("siege; polis argos")          # the die is drawn from the seed
die = g.node
assert die.auto and die.action.kind == "die"
g.glyph("!", node=die)
g.play("trade")
offer = next(str(a) for a in pn.legal_actions(g.state))  # the market offer round 3 has for Athens
g.play(offer)                         # the market roll is drawn from the seed
g.play("pass")
g.play("train +metal; polis sparta; pay metal; end")
g.play("pass")                        # Sparta passes too: the round ends
g.play("feed prestige; release gytheion; release argos; release pylos; feed prestige")
g.play("phoros 0")
g.play("phoros 0")                    # then the draws of round 4
main_end = g.node
# the what-if variation at the siege die
g.goto(die)
g.what_if("die 1", name="what if die 1")
g.comment("Argos holds.")
g.play("pass")
g.goto(g.root)

base = CORPUS / "base.polis"
g.save(base)
g.save(CORPUS / "base.json")
text = base.read_text(encoding="utf-8")
assert text == g.to_text()
lines = text.split("\n")
print(text)


def damaged(name, new_text=None, *, data=None):
    p = CORPUS / name
    if data is not None:
        p.write_bytes(data)
    else:
        p.write_text(new_text, encoding="utf-8", newline="\n")


def once(s, old, new):
    assert s.count(old) >= 1, old
    return s.replace(old, new, 1)


def line_with(prefix):
    return next(i for i, l in enumerate(lines) if l.startswith(prefix))


# truncated in the middle of a decision: the Athens trade offer, cut after "offer " + 6 characters
ia = line_with("3.A1. trade;")
cut = lines[ia].index(offer) + len("offer ") + 6
damaged("truncated_mid_decision.polis", "\n".join(lines[:ia] + [lines[ia][:cut]]))
# truncated in the middle of a comment: "Into Arkad"
i1 = line_with("3.S1.")
cut = lines[i1].index("{Into Arkadia.") + len("{Into Arkad")
damaged("truncated_mid_comment.polis", "\n".join(lines[:i1] + [lines[i1][:cut]]))
# wrong notation: a '<' inside "to thessalia"
damaged("wrong_notation.polis", once(text, "to arkadia;", "to thess<alia;"))
# an illegal decision in the main line: Athens besieges instead of trading
damaged("illegal_in_main_line.polis", once(text, "3.A1. trade;", "3.A1. siege;"))
# an illegal decision in the variation
damaged("illegal_in_variation.polis", once(text, "  3.A1. pass )", "  3.A1. siege )"))
# an unknown header after the players
damaged("unknown_header.polis", once(text, '[Sparta "Brasidas"]\n', '[Sparta "Brasidas"]\n[Foo "x"]\n'))
# the variation is not closed
damaged("unclosed_variation.polis", once(text, "  3.A1. pass )", "  3.A1. pass"))
# a ')' without '(' at the end of the Athens line
damaged("unmatched_close.polis", "\n".join(lines[:ia] + [lines[ia] + " )"] + lines[ia + 1:]))
# a bad UTF-8 byte (0xff) in a comment and in a decision
raw = text.encode("utf-8")
damaged("bad_utf8_in_comment.polis", data=raw.replace(b"Into Arkadia.", b"Into Ark\xffadia.", 1))
damaged("bad_utf8_in_decision.polis", data=raw.replace(b"polis argos", b"polis ar\xffgos", 1))
# headers: another seed, an unknown edition, an unknown component set
damaged("other_seed.polis", once(text, '[Seed "3"]', '[Seed "4"]'))
damaged("unknown_edition.polis", once(text, '[Edition "ed1"]', '[Edition "ed3"]'))
damaged("unknown_components.polis", once(text, '[Components "ed1-default"]', '[Components "homebrew-v2"]'))

# JSON: an illegal node (Sparta besieges its own capital), and JSON text cut inside a node
jtext = (CORPUS / "base.json").read_text(encoding="utf-8")
damaged("illegal_node.json", once(jtext, '"action": "polis argos"', '"action": "polis sparta"'))
jl = jtext.split("\n")
damaged("invalid.json", "\n".join(jl[:13] + [jl[13][:6]]))
