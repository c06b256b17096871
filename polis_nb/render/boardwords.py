"""The board in sentences, for a screen reader (issue 28): what each territory and sea holds (who
controls it, the units of each side counted in words, its poleis, a battle), which areas it borders
(the rules' topology: borders, coasts), the ports on a sea and the markets it reaches. The Board's
"The board in words" tab shows this (``describe(s, sentences=True)``); the compact one-line-per-place
form of :func:`.text.describe` (terminals, tutorials) takes the borders from here as well. Said in the
current language (:mod:`polis_nb.i18n`). Pure Python; nothing here decides a rule."""
from __future__ import annotations

from typing import Any

from ..i18n import Phrase, message, plural
from ..rules import ATHENS, PLAYERS, SPARTA, State, Topology, topology_of
from .say import say
from .text import SEAS, TERRITORIES, and_list

BORDERS = message("board-words.borders", "{area} borders {what}.")
BORDERS_NONE = message("board-words.borders-none", "{area} borders no other area.")
BORDERS_AND = message("board-words.borders-and", "{first}, and {second}")
THE_SEA = plural("board-words.the-sea", "the sea {areas}", "the seas {areas}")
THE_COAST = plural("board-words.the-coast", "the coast of {areas}", "the coasts of {areas}")
UNITS = {("hoplite", ATHENS): plural("board-words.hoplites-athens", "{n} Athenian hoplite", "{n} Athenian hoplites"),
         ("hoplite", SPARTA): plural("board-words.hoplites-sparta", "{n} Spartan hoplite", "{n} Spartan hoplites"),
         ("galley", ATHENS): plural("board-words.galleys-athens", "{n} Athenian galley", "{n} Athenian galleys"),
         ("galley", SPARTA): plural("board-words.galleys-sparta", "{n} Spartan galley", "{n} Spartan galleys")}
NO_UNITS = {("hoplite", ATHENS): message("board-words.no-hoplites-athens", "no Athenian hoplites"),
            ("hoplite", SPARTA): message("board-words.no-hoplites-sparta", "no Spartan hoplites"),
            ("galley", ATHENS): message("board-words.no-galleys-athens", "no Athenian galleys"),
            ("galley", SPARTA): message("board-words.no-galleys-sparta", "no Spartan galleys")}
OWNED = message("board-words.polis-owned", "owned by {side}, population {n} of base {base}")
NEUTRAL = message("board-words.polis-neutral", "neutral, base {base}")
CAPITAL = message("board-words.polis-capital", "the capital of {side}")
PROXENOS = (message("board-words.proxenos-athens", "the Athenian proxenos is there"),
            message("board-words.proxenos-sparta", "the Spartan proxenos is there"))
DISCS = (plural("board-words.discs-athens", "{n} Athenian siege disc beside it", "{n} Athenian siege discs beside it"),
         plural("board-words.discs-sparta", "{n} Spartan siege disc beside it", "{n} Spartan siege discs beside it"))
POLIS = message("board-words.polis", "{polis} ({facts})")
AREA = message("board-words.area", "{area}: {controls} it, with {units_a} and {units_s}.")
AREA_HOME = message("board-words.area-home", "{area}, home of {side}: {controls} it, with {units_a} and {units_s}.")
CONTROLS = message("board-words.controls", "{side} controls")
NO_ONE = message("board-words.no-one-controls", "No one controls")
PORTS = message("board-words.ports", "Ports on it: {poleis}.")
REACHES = plural("board-words.reaches", "It reaches the market of {markets}.", "It reaches the markets of {markets}.")
POLEIS = plural("board-words.poleis", "Its polis: {poleis}.", "Its poleis: {poleis}.")
NO_POLIS = message("board-words.no-polis", "It has no polis.")
TRIBUTE = message("board-words.tribute", "It has paid tribute this round.")
BATTLE = {"land": message("board-words.land-battle", "A land battle is going on here, {side} attacking."),
          "sea": message("board-words.sea-battle", "A sea battle is going on here, {side} attacking.")}


def and_words(items: list[str]) -> str:
    """"A", "A and B", "A, B and C" (in the current language)."""
    return and_list(items)


def _names(b: Topology, kind: str, ids) -> list[str]:
    return [say("{%s}" % kind, components=b.comp.name, **{kind: x}) for x in ids]


def border_sentence(b: Topology, i: int) -> str:
    """Which areas area ``i`` borders: "Attika borders Boiotia and Megaris, and the sea Kyklades." or
    "Kyklades borders the seas Myrtoon Pelagos and Noties Sporades, and the coasts of Attika and Boiotia."."""
    area = b.area_ids[i]
    coasts = _names(b, "area", (b.area_ids[k] for k in b.coasts[i]))
    if b.is_sea[i]:
        seas = _names(b, "area", (b.area_ids[k] for k in b.sea_nb[i]))
        parts = [say(THE_SEA, n=len(seas), areas=and_words(seas)) if seas else "",
                 say(THE_COAST, n=len(coasts), areas=and_words(coasts)) if coasts else ""]
    else:
        lands = _names(b, "area", (b.area_ids[k] for k in b.land_nb[i]))
        parts = [and_words(lands), say(THE_SEA, n=len(coasts), areas=and_words(coasts)) if coasts else ""]
    parts = [p for p in parts if p]
    if not parts:
        return say(BORDERS_NONE, area=area, components=b.comp.name)
    what = parts[0] if len(parts) == 1 else say(BORDERS_AND, first=parts[0], second=parts[1])
    return say(BORDERS, area=area, what=what, components=b.comp.name)


def _units(n: int, side: int, unit: str) -> str:
    return say(NO_UNITS[(unit, side)]) if n == 0 else say(UNITS[(unit, side)], n=n)


def _polis(s: State, b: Topology, j: int) -> str:
    p = b.comp.poleis[j]
    o = s.owner[j]
    facts = [Phrase(OWNED, {"side": PLAYERS[o], "n": s.pop[j], "base": p.base}) if o in (ATHENS, SPARTA)
             else Phrase(NEUTRAL, {"base": p.base})]
    if p.capital_of:
        facts.append(Phrase(CAPITAL, {"side": p.capital_of}))
    facts += [Phrase(PROXENOS[q]) for q in (ATHENS, SPARTA) if s.proxenos[q] == j]
    for q in (ATHENS, SPARTA):
        n = sum(1 for k, x in s.siege_discs if k == j and x == q)
        if n:
            facts.append(Phrase(DISCS[q], {"n": n}))
    return say(POLIS, polis=p.id, facts=tuple(facts), components=s.components)


def area_sentences(s: State, b: Topology, i: int) -> str:
    """Area ``i`` in sentences: who controls it and with what, its poleis (a territory) or its ports and
    markets (a sea), a battle there, and its borders."""
    a = b.comp.areas[i]
    sea = b.is_sea[i]
    unit = "galley" if sea else "hoplite"
    n_a, n_s = s.units[i]
    c = b.controller(s, i)
    controls = Phrase(CONTROLS, {"side": PLAYERS[c]}) if c in (ATHENS, SPARTA) else Phrase(NO_ONE)
    args: dict[str, Any] = {"area": a.id, "controls": controls, "units_a": _units(n_a, ATHENS, unit),
                            "units_s": _units(n_s, SPARTA, unit)}
    out = [say(AREA_HOME, side=a.home_of, components=s.components, **args) if a.home_of
           else say(AREA, components=s.components, **args)]
    if sea:
        ports = [b.comp.poleis[j].id for j in range(len(b.comp.poleis)) if i in b.polis_ports[j]]
        markets = [m.id for m in b.comp.markets if a.id in m.seas]
        if ports:
            out.append(say(PORTS, poleis=and_words(_names(b, "polis", ports))))
        if markets:
            out.append(say(REACHES, n=len(markets), markets=and_words(_names(b, "market", markets))))
    else:
        poleis = [_polis(s, b, j) for j in range(len(b.comp.poleis)) if b.polis_area[j] == i]
        out.append(say(POLEIS, n=len(poleis), poleis=and_words(poleis)) if poleis else say(NO_POLIS))
        if i in s.tribute_done:
            out.append(say(TRIBUTE))
    if s.battle is not None and s.battle.area == i and s.battle.kind in BATTLE:
        out.append(say(BATTLE[s.battle.kind], side=PLAYERS[s.battle.attacker]))
    out.append(border_sentence(b, i))
    return " ".join(out)


def board_sentences(s: State, head: list[str], rest: list[str]) -> str:
    """The board in sentences: ``head`` (the round, who decides, the event), each territory and sea in
    sentences, then ``rest`` (the poleis on no territory, markets, players, projects, marks), as
    :func:`.text.describe` words them."""
    b = topology_of(s)
    lines = head + [say(TERRITORIES)] + [f"  {area_sentences(s, b, i)}" for i in b.territories]
    lines += [say(SEAS)] + [f"  {area_sentences(s, b, i)}" for i in b.seas]
    return "\n".join(lines + rest)
