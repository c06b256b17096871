"""The board in sentences, for a screen reader (issue 28): what each territory and sea holds (who
controls it, the units of each side counted in words, its poleis, a battle), which areas it borders
(the rules' topology: borders, coasts), the ports on a sea and the markets it reaches. The Board's
"The board in words" tab shows this (``describe(s, sentences=True)``); the compact one-line-per-place
form of :func:`.text.describe` (terminals, tutorials) takes the borders from here as well. Pure
Python; nothing here decides a rule."""
from __future__ import annotations

from ..rules import ATHENS, SPARTA, State, Topology, topology_of
from .text import SIDE_ADJ, SIDE_NAME, controller_words


def and_words(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = [x for x in items if x]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def border_sentence(b: Topology, i: int) -> str:
    """Which areas area ``i`` borders: "Attika borders Boiotia and Megaris, and the sea Kyklades." or
    "Kyklades borders the seas Myrtoon Pelagos and Noties Sporades, and the coasts of Attika and Boiotia."."""
    name = b.name(i)
    coasts = [b.name(k) for k in b.coasts[i]]
    if b.is_sea[i]:
        seas = [b.name(k) for k in b.sea_nb[i]]
        parts = [("the sea " if len(seas) == 1 else "the seas ") + and_words(seas) if seas else "",
                 ("the coast of " if len(coasts) == 1 else "the coasts of ") + and_words(coasts) if coasts else ""]
    else:
        lands = [b.name(k) for k in b.land_nb[i]]
        parts = [and_words(lands), ("the sea " if len(coasts) == 1 else "the seas ") + and_words(coasts) if coasts else ""]
    parts = [p for p in parts if p]
    return f"{name} borders " + ", and ".join(parts) + "." if parts else f"{name} borders no other area."


def _units(n: int, side: int, unit: str) -> str:
    return f"{'no' if n == 0 else n} {SIDE_ADJ[side]} {unit}{'' if n == 1 else 's'}"


def _polis(s: State, b: Topology, j: int) -> str:
    p = b.comp.poleis[j]
    o = s.owner[j]
    facts = [f"owned by {SIDE_NAME[o]}, population {s.pop[j]} of base {p.base}" if o in (ATHENS, SPARTA)
             else f"neutral, base {p.base}"]
    if p.capital_of:
        facts.append(f"the capital of {p.capital_of.capitalize()}")
    facts += [f"the {SIDE_ADJ[q]} proxenos is there" for q in (ATHENS, SPARTA) if s.proxenos[q] == j]
    for q in (ATHENS, SPARTA):
        n = sum(1 for k, x in s.siege_discs if k == j and x == q)
        if n:
            facts.append(f"{n} {SIDE_ADJ[q]} siege disc{'s' if n > 1 else ''} beside it")
    return f"{p.name} ({', '.join(facts)})"


def area_sentences(s: State, b: Topology, i: int) -> str:
    """Area ``i`` in sentences: who controls it and with what, its poleis (a territory) or its ports and
    markets (a sea), a battle there, and its borders."""
    a = b.comp.areas[i]
    sea = b.is_sea[i]
    unit = "galley" if sea else "hoplite"
    n_a, n_s = s.units[i]
    head = a.name + (f", home of {a.home_of.capitalize()}" if a.home_of else "")
    out = [f"{head}: {controller_words(b.controller(s, i)).capitalize()} it, with {_units(n_a, ATHENS, unit)} "
           f"and {_units(n_s, SPARTA, unit)}."]
    if sea:
        ports = [b.comp.poleis[j].name for j in range(len(b.comp.poleis)) if i in b.polis_ports[j]]
        markets = [m.name for m in b.comp.markets if a.id in m.seas]
        if ports:
            out.append(f"Ports on it: {and_words(ports)}.")
        if markets:
            out.append(f"It reaches the market{'s' if len(markets) > 1 else ''} of {and_words(markets)}.")
    else:
        poleis = [_polis(s, b, j) for j in range(len(b.comp.poleis)) if b.polis_area[j] == i]
        out.append(f"Its pol{'eis' if len(poleis) > 1 else 'is'}: {and_words(poleis)}." if poleis else "It has no polis.")
        if i in s.tribute_done:
            out.append("It has paid tribute this round.")
    if s.battle is not None and s.battle.area == i:
        out.append(f"A {s.battle.kind} battle is going on here, {SIDE_NAME[s.battle.attacker]} attacking.")
    out.append(border_sentence(b, i))
    return " ".join(out)


def board_sentences(s: State, head: list[str], rest: list[str]) -> str:
    """The board in sentences: ``head`` (the round, who decides, the event), each territory and sea in
    sentences, then ``rest`` (the poleis on no territory, markets, players, projects, marks), as
    :func:`.text.describe` words them."""
    b = topology_of(s)
    lines = head + ["Territories:"] + [f"  {area_sentences(s, b, i)}" for i in b.territories]
    lines += ["Seas:"] + [f"  {area_sentences(s, b, i)}" for i in b.seas]
    return "\n".join(lines + rest)
