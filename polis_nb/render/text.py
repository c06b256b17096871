"""A plain-text board description: for terminals, screen readers and stable notebook output.

``describe(state, marks=...)`` says what the SVG shows, in words and in a fixed order: round and
event, every territory and sea (controller, units, poleis, tribute), the unenterable poleis, the
markets and their offers, both players, the projects and the marks. The small word helpers here
are shared with :mod:`polis_nb.render.svg` so the picture and the words never disagree. Everything
is said in the current language (:mod:`polis_nb.i18n`); the English is the messages' own templates.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..i18n import Either, Message, Phrase, Sentences, get_language, message, plural
from ..record.words import mark_words, set_words, target_name  # noqa: F401 - shared with render
from ..rules import (ACTIONS, ALONE_COST, ATHENS, NEUTRAL, PLAYERS, RULES, SPARTA, State, Topology, topology_of,
                     card_name, card_types, describe_pending, edition_of, event_card, hire_cost, offer_covered,
                     offer_status, price, retreat_cost)
from .say import say

SIDE_NAME = ("Athens", "Sparta")
SIDE_ADJ = ("Athenian", "Spartan")
#: what a place that is a choice now adds to its name on the map, for a screen reader (render/placeview.py)
CHOICE_NOW = message("map.choice-now", "a choice now")
NOBODY = "nobody"  # a viewer who may see no hand (card draws are all hidden from them)
# a count or a slot in action text: ASCII digits only (str.isdigit also takes "²" and "٣", which int() refuses
# or reads as another number), and short enough to be a real one
_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)

CONTROLS = message("words.controls", "{side} controls")
NO_ONE_CONTROLS = message("words.no-one-controls", "no one controls")
PRICE = message("words.price", "{n} {good}")
COVERED_N = plural("words.offers-covered", "{n} offer covered", "{n} offers covered")
LOADS = message("words.loads", "loads up to {n}")
NEVER = message("words.never", "never")
SIEGE_DISC = (message("words.siege-disc-athens",
                      "Athenian siege disc beside {polis} (+1 to later Athenian siege rolls{where})"),
              message("words.siege-disc-sparta",
                      "Spartan siege disc beside {polis} (+1 to later Spartan siege rolls{where})"))
SIEGE_WHERE = message("words.siege-disc-where", " in {area}")
GAME_OVER = message("words.game-over", "Game over: {outcome}")
TO_DECIDE = message("words.to-decide", "{side} to decide: {prompt}")
CHANCE_DECIDES = message("words.chance-to-decide", "Chance to decide: {prompt}")
LIST_AND = message("words.list-and", "{items} and {last}")
POLIS_OWNED = message("words.polis-owned", "{polis} ({side}, population {n} of base {base}{facts})")
POLIS_NEUTRAL = message("words.polis-neutral", "{polis} (neutral, base {base}{facts})")
CAPITAL = message("words.polis-capital", ", capital of {side}")
PROXENOS_HERE = (message("words.polis-proxenos-athens", ", Athenian proxenos"),
                 message("words.polis-proxenos-sparta", ", Spartan proxenos"))
DISCS_BESIDE = (plural("words.polis-discs-athens", ", {n} Athenian siege disc beside it",
                       ", {n} Athenian siege discs beside it"),
                plural("words.polis-discs-sparta", ", {n} Spartan siege disc beside it",
                       ", {n} Spartan siege discs beside it"))
AREA_HEAD = message("words.area-head", "  {area}: {parts}")
AREA_HOME = message("words.area-home", "  {area} (home of {side}): {parts}")
HOPLITES_COUNT = message("words.area-hoplites", "hoplites Athens {a}, Sparta {b}")
GALLEYS_COUNT = message("words.area-galleys", "galleys Athens {a}, Sparta {b}")
POLEIS = message("words.area-poleis", "poleis {poleis}")
NO_POLIS = message("words.area-no-polis", "no polis")
TRIBUTE_PAID = message("words.area-tribute-paid", "tribute paid this round")
BATTLE_ON = {"land": message("words.area-land-battle", "land battle in progress, {side} attacking"),
             "sea": message("words.area-sea-battle", "sea battle in progress, {side} attacking")}
MARKET_LINE = message("words.market", "  {market} (via {via}{closed}): {offers}")
MARKET_OVERLAND = message("words.market-overland", "{seas} or overland from {polis}")
MARKET_CLOSED = message("words.market-closed", ", closed this round")
OFFER_LINE = message("words.offer", "{n}) {load} {good} for {price}, {status}")
OFFER_WORDS = {"open": message("words.offer-open", "open"), "closed": message("words.offer-closed", "closed"),
               "athens": message("words.offer-athens", "taken by Athens"),
               "sparta": message("words.offer-sparta", "taken by Sparta"),
               "covered": message("words.offer-covered", "covered by a black cube"),
               "later": message("words.offer-later", "not offered yet (from round {round})")}
OFFER_LATER_NEVER = message("words.offer-later-never", "not offered yet (from round never)")
OFFER_ALSO_COVERED = message("words.offer-also-covered", "{status}, covered by a black cube")
PLAYER_LINE = message("words.player", "{side}: prestige {n}; {goods}; {ships} {port} in port, {markets} at markets; "
                                      "proxenos {proxenos}; cubes free {cubes}{discs}{flags}")
PLAYER_GOOD = message("words.player-good", "{good} {n}")
PROXENOS_IN = message("words.proxenos-in", "in {polis}")
CAPTURED = message("words.proxenos-captured", "captured")
DISCS_FREE = message("words.discs-free", "; discs free {n}")
TO_MOVE = message("words.flag-to-move", "; to move")
PASSED = message("words.flag-passed", "; passed")
HEADER = message("words.header", "Polis ({edition}) — round {round} (stacking limit {n}, {loads}), phase {phase}")
PHASE = {"start": message("describe.phase-start", "start"), "actions": message("describe.phase-actions", "actions"),
         "battles": message("describe.phase-battles", "battles"),
         "roundend": message("describe.phase-roundend", "roundend"), "over": message("describe.phase-over", "over")}
EVENT = message("words.event", "Event: {event}")
EVENT_NONE_YET = message("words.event-none-yet", "Event: none yet")
EVENT_NONE = message("words.event-none", "Event: none")
WILD = message("words.wild-poleis", "Poleis on unenterable land: {poleis}")
SIEGE_DISCS = message("words.siege-discs", "Siege discs: {discs}")
MARKETS = message("words.markets", "Markets:")
MARKET_VALUE = message("words.market-value", "Market value: {values}")
ON_DISPLAY = message("words.on-display", "Projects on display: {project}")
ON_DISPLAY_NONE = message("words.on-display-none", "Projects on display: none")
BUILT = message("words.built", "Projects built: {projects}")
BUILT_ONE = message("words.built-one", "{project} in {polis}")
STARTED_ONE = message("words.started-one", "{project} in {polis} (started)")
MARKS = message("words.marks", "Marks: {marks}")
TERRITORIES = message("words.territories", "Territories:")
SEAS = message("words.seas", "Seas:")
BORDERS = message("words.borders", "Borders:")


def english() -> bool:
    """Whether words are said in English now."""
    return get_language() == "en"


def _comp_name(comp) -> str | None:
    return getattr(comp, "name", None)


def ships_word(comp) -> str:
    """The edition's trade ships ("trade ships", "merchants") in the current language."""
    return comp.term("ships") if english() else say("{unit:nom.pl}", unit="ship")


def ships_one(comp) -> str:
    """One trade ship ("trade ship", "merchant") in the current language."""
    return edition_words(comp, "trade ship") if english() else say("{unit}", unit="ship")


def and_list(items) -> str:
    """"A", "A and B", "A, B and C" in the current language."""
    items = [x for x in items if x]
    if len(items) <= 1:
        return "".join(items)
    return say(LIST_AND, items=", ".join(items[:-1]), last=items[-1])


# --- shared word helpers -----------------------------------------------------------------------
def controller_words(c: int) -> str:
    return say(NO_ONE_CONTROLS) if c == NEUTRAL else say(CONTROLS, side=PLAYERS[c])


def price_words(s: State, offer) -> str:
    """What an exchange costs in words: "3 wood" (Ed1), "5 iron or 5 wine" (an Ed2 offer that accepts
    several goods)."""
    return say("{prices}", prices=Either(Phrase(PRICE, {"n": price(s, offer, g), "good": g}) for g in offer.demand),
               components=s.components)


def edition_words(comp, text: str) -> str:
    """Shared first-edition wording in this edition's terms (e.g. merchants for trade ships)."""
    return comp.words(text)


def loads_words(s: State, comp) -> str:
    """What the markets offer this round: "loads up to 4" (Ed1), or how many offers black cubes still
    cover (Ed2)."""
    if comp.market_covers:
        return say(COVERED_N, n=len(s.covered))
    return say(LOADS, n=comp.rounds[s.round].max_load)


def first_round(comp, load: int) -> str:
    """Name of the first round whose largest load reaches ``load``."""
    for r in comp.rounds:
        if r.max_load >= load:
            return say("{round}", round=r.label, components=_comp_name(comp))
    return say(NEVER)


def _first_label(comp, load: int) -> str | None:
    return next((r.label for r in comp.rounds if r.max_load >= load), None)


def siege_disc_words(s: State, b: Topology, polis: int | None = None) -> list[str]:
    """The siege discs (second edition) in words, e.g. "Athenian siege disc beside Thibae (+1 to
    later Athenian siege rolls in Boiotia)"; only those beside ``polis`` when given."""
    out = []
    for i, p in s.siege_discs:
        if polis is not None and i != polis:
            continue
        where = Phrase(SIEGE_WHERE, {"area": b.area_ids[b.polis_area[i]]}) if b.polis_area[i] >= 0 else ""
        out.append(say(SIEGE_DISC[p], polis=b.polis_ids[i], where=where, components=s.components))
    return out


def prompt_words(s: State) -> str:
    """What the pending decision asks, in words and in this edition's terms ("choose the destination")."""
    text = describe_pending(s)
    said = say(text, components=s.components) if isinstance(text, Message) else text
    return edition_words(topology_of(s).comp, said)


def outcome_text(o) -> str:
    """An outcome as ``str`` gives it in English, else in the current language."""
    return str(o) if english() or getattr(o, "msg", None) is None else o.words()


def status_words(s: State) -> str:
    """Who is to decide what, or how the game ended."""
    if s.outcome is not None:
        return say(GAME_OVER, outcome=outcome_text(s.outcome))
    if s.pending.player < 0:
        return say(CHANCE_DECIDES, prompt=prompt_words(s))
    return say(TO_DECIDE, side=PLAYERS[s.pending.player], prompt=prompt_words(s))


# --- the description -----------------------------------------------------------------------------
def _polis_words(s: State, b: Topology, i: int) -> str:
    p = b.comp.poleis[i]
    o = s.owner[i]
    facts = []
    if p.capital_of:
        facts.append(Phrase(CAPITAL, {"side": p.capital_of}))
    facts += [Phrase(PROXENOS_HERE[q]) for q in (ATHENS, SPARTA) if s.proxenos[q] == i]
    for q in (ATHENS, SPARTA):
        n = sum(1 for j, x in s.siege_discs if j == i and x == q)
        if n:
            facts.append(Phrase(DISCS_BESIDE[q], {"n": n}))
    if o in (ATHENS, SPARTA):
        return say(POLIS_OWNED, polis=p.id, side=PLAYERS[o], n=s.pop[i], base=p.base, facts=_joined(facts),
                   components=s.components)
    return say(POLIS_NEUTRAL, polis=p.id, base=p.base, facts=_joined(facts), components=s.components)


def _joined(parts) -> Sentences | str:
    """Phrases written one after the other (each brings its own leading separator)."""
    return Sentences(parts) if parts else ""


def _area_line(s: State, b: Topology, i: int) -> str:
    a = b.comp.areas[i]
    n_a, n_s = s.units[i]
    parts = [controller_words(topology_of(s).controller(s, i)),
             say(GALLEYS_COUNT if a.kind == "sea" else HOPLITES_COUNT, a=n_a, b=n_s)]
    if a.kind == "land":
        poleis = [_polis_words(s, b, j) for j in range(len(b.comp.poleis)) if b.polis_area[j] == i]
        parts.append(say(POLEIS, poleis=", ".join(poleis)) if poleis else say(NO_POLIS))
        if i in s.tribute_done:
            parts.append(say(TRIBUTE_PAID))
    if s.battle is not None and s.battle.area == i and s.battle.kind in BATTLE_ON:
        parts.append(say(BATTLE_ON[s.battle.kind], side=PLAYERS[s.battle.attacker]))
    if a.home_of:
        return say(AREA_HOME, area=a.id, side=a.home_of, parts="; ".join(parts), components=s.components)
    return say(AREA_HEAD, area=a.id, parts="; ".join(parts), components=s.components)


def _market_line(s: State, b: Topology, m) -> str:
    seas = tuple(x for x in m.seas if x in b.area_index)
    via = say("{area}", area=seas, components=s.components) if seas else ""
    if m.land_route_from:
        via = say(MARKET_OVERLAND, seas=via, polis=m.land_route_from, components=s.components)
    offers = []
    for o in m.offers:
        st = offer_status(s, m, o)
        if st == "later":
            label = _first_label(b.comp, o.load)
            word = say(OFFER_WORDS[st], round=label, components=s.components) if label else say(OFFER_LATER_NEVER)
        else:
            word = say(OFFER_WORDS[st])
        if st == "closed" and offer_covered(s, o):
            word = say(OFFER_ALSO_COVERED, status=word)
        offers.append(say(OFFER_LINE, n=o.slot + 1, load=o.load, good=o.receive, price=price_words(s, o), status=word,
                          components=s.components))
    closed = Phrase(MARKET_CLOSED) if m.id in s.closed else ""
    return say(MARKET_LINE, market=m.id, via=via, closed=closed, offers="; ".join(offers), components=s.components)


def _player_line(s: State, b: Topology, p: int) -> str:
    comp = b.comp
    goods = tuple(Phrase(PLAYER_GOOD, {"good": g, "n": n}) for g, n in zip(comp.goods, s.goods[p]))
    at_markets = sum(1 for o in s.offers if o == p)
    prox = Phrase(CAPTURED) if s.proxenos[p] < 0 else Phrase(PROXENOS_IN, {"polis": comp.poleis[s.proxenos[p]].id})
    flags = "".join(say(w) for w, on in ((TO_MOVE, s.pending.player == p and s.outcome is None),
                                         (PASSED, p in s.passed)) if on)
    discs = b.discs_free(s, p)
    return say(PLAYER_LINE, side=PLAYERS[p], n=s.prestige[p], goods=goods, ships=ships_word(comp), port=s.ships_port[p],
               markets=at_markets, proxenos=prox, cubes=b.supply(s, p),
               discs="" if discs is None else Phrase(DISCS_FREE, {"n": discs}), flags=flags,
               components=s.components)


def _event_line(s: State, comp) -> str:
    if s.event:
        return say(EVENT, event=s.event, components=s.components)
    return say(EVENT_NONE_YET if s.phase == "start" else EVENT_NONE)


def describe(state: State, *, marks=(), sentences: bool = False) -> str:
    """The position in plain words, one fact group per line (deterministic), then which areas border
    which. With ``sentences``, each territory and sea is said in sentences instead, with its borders,
    its units counted in words, the ports on a sea and the markets it reaches (a screen reader's
    "board in words": :mod:`.boardwords`); the other lines are the same."""
    from .boardwords import board_sentences, border_sentence

    s = state
    b = topology_of(s)
    comp = b.comp
    r = comp.rounds[s.round]
    phase = Phrase(PHASE[s.phase]) if s.phase in PHASE else s.phase
    lines = [say(HEADER, edition=s.edition, round=r.label, n=r.stacking, loads=loads_words(s, comp), phase=phase,
                 components=s.components), status_words(s)]
    lines.append(_event_line(s, comp))
    head, lines = lines, []
    wild = [_polis_words(s, b, j) for j in range(len(comp.poleis)) if b.polis_area[j] < 0]
    if wild:
        lines.append(say(WILD, poleis=", ".join(wild)))
    if s.siege_discs:
        lines.append(say(SIEGE_DISCS, discs="; ".join(siege_disc_words(s, b))))
    lines.append(say(MARKETS))
    lines += [_market_line(s, b, m) for m in comp.markets]
    lines.append(say(MARKET_VALUE, values=tuple(Phrase(PLAYER_GOOD, {"good": g, "n": v})
                                                for g, v in zip(comp.market_goods, s.markers))))
    lines += [_player_line(s, b, p) for p in (ATHENS, SPARTA)]
    shown = tuple(s.display)
    lines.append(say(ON_DISPLAY, project=shown, components=s.components) if shown else say(ON_DISPLAY_NONE))
    if s.started or s.done:
        pr = tuple(Phrase(BUILT_ONE if (t, i) in s.done else STARTED_ONE, {"project": t, "polis": comp.poleis[i].id})
                   for t, i in s.started + s.done)
        lines.append(say(BUILT, projects=pr, components=s.components))
    if marks:
        lines.append(say(MARKS, marks="; ".join(mark_words(b, m) for m in marks)))
    if sentences:
        return board_sentences(s, head, lines)
    places = ([say(TERRITORIES)] + [_area_line(s, b, i) for i in b.territories] + [say(SEAS)]
              + [_area_line(s, b, i) for i in b.seas] + [say(BORDERS)]
              + [f"  {border_sentence(b, i)}" for i in b.territories + b.seas])
    return "\n".join(head + places + lines)


# --- rulebook sections in English ---------------------------------------------------------------
# The rule index cites the sections of the printed rulebooks in their own language (German for the
# first edition, Polish for the second). English text shows them in English; the original title
# goes into the citation's tooltip. Every part of a section heading the index uses is listed here.
SECTION_EN = {
    "Aktionen": "Actions", "a. Hopliten ausbilden": "a. Training hoplites", "b. Galeeren bauen": "b. Building galleys",
    "c. Handelsschiffe bauen": "c. Building trade ships", "d. Neues Projekt beginnen": "d. Starting a new project",
    "e. Hopliten bewegen": "e. Moving hoplites", "f. Galeeren bewegen": "f. Moving galleys",
    "g. Polis belagern": "g. Besieging a polis", "h. Tribut einfordern": "h. Demanding tribute",
    "i. Handel treiben": "i. Trading", "j. Proxenos bewegen": "j. Moving the proxenos",
    "k. Proxenos auslösen": "k. Ransoming the proxenos", "l. Bürgerkrieg anzetteln": "l. Starting a civil war",
    "II. Militärische Aktionen": "II. Military actions", "Rundenanfang": "Start of the round",
    "1. Projektplättchen vorbereiten": "1. Preparing the project tiles",
    "2. (yucata note on Hermenfrevel)": "2. (yucata note on the mutilation of the herms)",
    "2. Ereigniskarte ausführen": "2. Resolving the event card", "3. Startspieler bestimmen": "3. Choosing the start player",
    "Rundenende": "End of the round", "1. Projekte": "1. Projects", "2. Versorgung": "2. Feeding",
    "3. Wachstum": "3. Growth", "4. Megalopolis": "4. Megalopolis", "5. Lagerhaltung": "5. Storage",
    "6. Phoros": "6. Phoros", "Vorbereitung der nächsten Runde": "Preparing the next round", "Schlachten": "Battles",
    "Spielablauf": "Course of play", "Allgemeines": "General", "Zwei wichtige Hinweise": "Two important notes",
    "Spielende": "End of the game", "Spielmaterial": "Components", "Aufrunden": "Rounding up",
    "Akcje": "Actions", "4. Opracowanie Projektu": "4. Developing a project", "7. Oblężenie Polis": "7. Besieging a polis",
    "8. Zebranie Daniny": "8. Collecting tribute", "9. Handel": "9. Trade", "Jak przebiega gra": "How the game is played",
    "Koniec gry": "End of the game", "Określenie Zwycięzcy": "Determining the winner", "Koniec rundy": "End of the round",
    "Podstawowe pojęcia": "Basic concepts", "Przygotowanie do gry": "Setting up the game",
    "Karty Wydarzeń": "Event cards", "Walka": "Combat", "Toczenie bitwy": "Fighting a battle",
    "1. Tworzenie Hoplity": "1. Training a hoplite", "2. Tworzenie Galery": "2. Building a galley",
    "3. Zatrudnianie Kupca": "3. Hiring a merchant", "5. Ruch Hoplity": "5. Moving hoplites",
    "6. Ruch Galery": "6. Moving galleys", "10. Ruch Proxenos": "10. Moving the proxenos",
    "11. Wywołaj wojnę domową": "11. Starting a civil war", "Limit kumulacji": "Stacking limit", "tury": "rounds",
    "polis-data.md §13": "data notes §13 (values no source gives)", "polis_nb kernel": "polis_nb kernel",
}


#: the parts of a citation that are no rulebook's heading (our notes, the kernel), said in every language; a
#: heading is cited as printed in a language other than English
SECTION_OWN = {"2. (yucata note on Hermenfrevel)": message("words.section-yucata-note",
                                                          "2. (yucata note on the mutilation of the herms)"),
               "polis-data.md §13": message("words.section-data-notes", "data notes §13 (values no source gives)"),
               "polis_nb kernel": message("words.section-kernel", "polis_nb kernel")}
CITE = message("words.cite", "rule {rule_id}, {section}")
CITE_UNKNOWN = message("words.cite-unknown", "rule {rule_id}")


def section_words(source: str) -> str:
    """A rulebook section in English: "Ed1 · Aktionen › g. Polis belagern" → "Ed1 · Actions ›
    g. Besieging a polis". Parts the table does not know are kept as they are. In another language the
    headings stay as printed (the German and the Polish rulebook's), our own notes said in it."""
    def part(p: str) -> str:
        if english():
            return SECTION_EN.get(p, p)
        return say(SECTION_OWN[p]) if p in SECTION_OWN else p

    return "; ".join(" · ".join(" › ".join(part(x) for x in piece.split(" › ")) for piece in chunk.split(" · "))
                     for chunk in source.split("; "))


def cite_words(rule_ids, edition: str = "ed1") -> tuple[str, str]:
    """(English citation, the original one for a tooltip) of some rule ids: "rule siege.failure,
    Ed1 · Actions › g. Besieging a polis" and "… Ed1 · Aktionen › g. Polis belagern"."""
    en, orig = [], []
    for rid in rule_ids:
        ref = RULES.get(rid)
        if ref is None:
            en.append(say(CITE_UNKNOWN, rule_id=rid))
            orig.append(say(CITE_UNKNOWN, rule_id=rid))
            continue
        sec = ref.section(edition)
        en.append(say(CITE, rule_id=rid, section=section_words(sec)))
        orig.append(say(CITE, rule_id=rid, section=sec))
    return "; ".join(en), "; ".join(orig)


def cite_sections(rule_ids, edition: str = "ed1") -> tuple[str, str]:
    """(English, as printed) citation of some rules for text on screen: each rulebook section once,
    in the order first cited, and no rule ids ("Ed1 · Battles" for three battle rules). Rules the
    index does not know are left out (the tooltip of :func:`cite_words` keeps the ids)."""
    secs = list(dict.fromkeys(RULES[r].section(edition) for r in rule_ids if r in RULES))
    return "; ".join(dict.fromkeys(section_words(x) for x in secs)), "; ".join(secs)


def rule_json(rid: str, edition: str = "ed1") -> dict:
    """One rule for an explanation panel: id, English section, original section and summary."""
    ref = RULES[rid]
    sec = ref.section(edition)
    return {"id": rid, "source": section_words(sec), "source_original": sec,
            "summary": ref.summary if english() else ref.words()}


# --- kernel sentences, cleaned for the screen ------------------------------------------------------
_ONE = re.compile(r"\b1 (cube|unit|hoplite|galley|trade ship|ship|merchant|card|disc|good|prestige point)s\b")
_CARD = re.compile(r"\b([a-z]+(?:-[a-z]+)*):([a-z]+)\b")  # formation ids may hold a hyphen (elite-trireme)


CARD = message("combat.card", "{formation} ({manoeuvre})")


def _card_labels(components: str) -> dict[str, str]:
    return _labels(components, get_language())


@lru_cache(maxsize=16)
def _labels(components: str, lang: str) -> dict[str, str]:
    out = {}
    for kind in ("land", "sea"):
        try:
            types = card_types(components, kind)[0]
        except (KeyError, ValueError):
            continue
        for t in types:
            out[card_name(t)] = (f"{t.formation_label} ({t.manoeuvre_label})" if lang == "en"
                                 else say(CARD, lang, formation=t.formation, manoeuvre=t.manoeuvre))
    return out


def plain(text: str, components: str | None = None) -> str:
    """A kernel sentence as a reader should see it: combat cards by their names ("Trireme (Periplous)",
    not "trireme:periplous") and "1 cube", never "1 cubes"."""
    text = _ONE.sub(r"1 \1", text)
    if components is not None and ":" in text:
        labels = _card_labels(components)
        text = _CARD.sub(lambda m: labels.get(m.group(0), m.group(0)), text)
    return text


# --- decisions in words --------------------------------------------------------------------------
FREE = message("decision.free", "{title} (free: no action)")
ALONE = message("decision.alone", "{title} (pay {n} {good})")
PASS = message("decision.pass", "Pass")
END = message("decision.end", "End the action")
STOP_GROWING = message("decision.stop-growing", "Stop growing")
FIGHT = message("decision.fight", "Fight on")
RETREAT = message("decision.retreat", "Retreat ({n} prestige)")
FEED = message("decision.feed", "Cover the shortfall with prestige")
TO = message("decision.to", "To {place}")
UNIT_FROM = {"galley": message("decision.galley-from", "A galley from {place}"),
             "hoplite": message("decision.hoplite-from", "A hoplite from {place}")}
TRIBUTE_FROM = message("decision.tribute-from", "Tribute from {place}")
REMOVE_PROJECT = message("decision.remove-project", "Remove {project} from the game")
REMOVE_UNIT = message("decision.remove-unit", "Remove a unit from {place}")
BATTLE_FIRST = message("decision.battle-first", "Battle in {place} first")
PROXENOS_TO = message("decision.proxenos-to", "Proxenos to {place}")
PROXENOS_BY = {"land": message("decision.proxenos-by-land", "Proxenos to {place}, by land"),
               "sea": message("decision.proxenos-by-sea", "Proxenos to {place}, by sea")}
IN_POLIS = {"train-polis": message("decision.train-in", "Train hoplites in {place}"),
            "galley-polis": message("decision.galleys-in", "Build galleys in {place}"),
            "ships-polis": message("decision.ships-in", "Build {ships} in {place}"),
            "project-polis": message("decision.project-in", "Build the project in {place}"),
            "siege-polis": message("decision.besiege", "Besiege {place}")}
GROW = message("decision.grow", "Grow {place}")
RELEASE = message("decision.release", "Release {place} (it turns neutral)")
TILE = message("decision.tile", "Project: {project}")
PAY_COST = message("decision.pay-cost", "Pay the cost")
PAY_SILVER = message("decision.pay-silver", "Pay, with silver instead of {goods}")
PAY_ONE = message("decision.pay-one", "Pay 1 {good}")
PAY_ONE_INTO = message("decision.pay-one-into", "Pay 1 {good}, into the {place}")
ROW = plural("decision.tribute-row", "{n} hoplite on the {good} row", "{n} hoplites on the {good} row")
TRIBUTE_ROWS = message("decision.tribute-rows", "Tribute: {rows}")
NO_PHOROS = message("decision.no-phoros", "No phoros (keep the prestige)")
PHOROS = message("decision.phoros", "Phoros: {n} prestige → {m} silver")
PHOROS_SOME = message("decision.phoros-some", "Phoros: {n} prestige → silver")
SIEGE_DIE = message("decision.siege-die", "The siege die shows {n}")
MARKET_DIE = message("decision.market-die", "The market die shows {n}")
EVENT_IS = message("decision.event", "Event: {event}")
DRAWN = message("decision.tile-drawn", "Project tile drawn: {project}")
SELL_NONE = message("decision.sell-none", "Keep the prestige (sell none)")
SELL = message("decision.sell", "Give {n} prestige for {m} silver")
SELL_SOME = message("decision.sell-some", "Give {n} prestige for silver")
TAKE = message("decision.take", "Take {place}")
SEND = {"galley": message("decision.send-galley", "Send a galley abroad from {place}"),
        "hoplite": message("decision.send-hoplite", "Send a hoplite abroad from {place}")}
BRING_BACK = message("decision.bring-back", "Bring it back to {place}")
DOUBLE = message("decision.double", "Double the prestige won in this battle")
KEEP = message("decision.keep", "Keep the doubling for a later battle")
HIRE = {"galley": message("decision.hire-galley", "Hire a galley for {n} silver"),
        "hoplite": message("decision.hire-hoplite", "Hire a hoplite for {n} silver")}
HIRE_FREE = {"galley": message("decision.hire-galley-free", "Hire a galley"),
             "hoplite": message("decision.hire-hoplite-free", "Hire a hoplite")}
CARD_HIDDEN = message("decision.card-hidden", "A card for {side} (hidden)")
CARD_FOR = message("decision.card-for", "Card for {side}: {card}")
CARD_ONLY = message("decision.card", "Card: {card}")
ATTACK_WITH = message("decision.attack-with", "Attack with {card1} and {card2}")
ANSWER_WITH = message("decision.answer-with", "Answer with {card1} and {card2}")
OFFER_AT = message("decision.offer", "{place}: {load} {good} for {n} {good2}")
OFFER_BUY = message("decision.offer-buy", "{place}: {load} {good}, bought with silver")
OFFER_ODD = message("decision.offer-other", "{place}: {text}")


def _goods_list(items) -> str:
    return and_list(list(items))


def _place(b: Topology, ident: str) -> str:
    return target_name(b, ident)


def _unit_in(b: Topology, area: str) -> str:
    """The kind of unit that stands in an area: galleys at sea, hoplites on land."""
    return "galley" if area in b.area_index and b.is_sea[b.area_index[area]] else "hoplite"


def retreat_words() -> str:
    """The retreat's button words, its cost from the rules: "Retreat (1 prestige)"."""
    return say(RETREAT, n=retreat_cost())


#: an offer's status (:func:`~polis_nb.rules.offer_status`) in words
OFFER_STATUS_WORDS = {"open": message("words.status-open", "open"),
                      "closed": message("words.status-closed", "closed this round"),
                      "later": message("words.status-later", "not offered yet this round"),
                      "athens": message("words.status-athens", "taken by Athens"),
                      "sparta": message("words.status-sparta", "taken by Sparta"),
                      "covered": message("words.status-covered", "covered by a black cube")}
FROM_ROUND = message("words.status-from-round", "{status} (from round {when})")


def offer_status_words(comp, o, status: str) -> str:
    """An offer's status in words; an offer not offered yet says from which round it is."""
    words = say(OFFER_STATUS_WORDS[status])
    return say(FROM_ROUND, status=words, when=first_round(comp, o.load)) if status == "later" else words


def _title(comp, msg) -> str:
    return edition_words(comp, say(msg, components=comp.name)) if isinstance(msg, Message) else edition_words(comp, msg)


def action_words(s: State, a, *, viewer: str | None = None) -> str:
    """A decision at position ``s`` (where it is taken) in plain words: "Move hoplites", "To Arkadia",
    "Pay with 1 metal", "Tribute: 2 hoplites on the metal row", "Die shows 4". A card drawn for a side
    ``viewer`` may not see is hidden."""
    b = topology_of(s)
    comp = b.comp
    k, args = a.kind, tuple(a.args)
    decision = s.pending.kind
    cs = s.components
    if k in ACTIONS:
        title = _title(comp, ACTIONS[k].title)
        if k in edition_of(s).free_actions and not args:
            return say(FREE, title=title)
        return say(ALONE, title=title, n=ALONE_COST, good=args[0][1:], components=cs) \
            if args and args[0].startswith("+") else title
    if k == "pass":
        return say(PASS)
    if k == "end":
        return say(END) if decision not in ("grow",) else say(STOP_GROWING)
    if k == "fight":
        return say(FIGHT)
    if k == "retreat":
        return retreat_words()
    if k == "feed":
        return say(FEED)
    if k == "to" and args:
        return say(TO, place=_place(b, args[0]))
    if k == "from" and args:
        return say(UNIT_FROM[_unit_in(b, args[0])], place=_place(b, args[0]))
    if k == "area" and args:
        return say(TRIBUTE_FROM, place=_place(b, args[0]))
    if k == "remove" and args:
        if decision == "project-remove" or args[0] in b.project_index:
            return say(REMOVE_PROJECT, project=args[0], components=cs)
        return say(REMOVE_UNIT, place=_place(b, args[0]))
    if k == "battle" and args:
        return say(BATTLE_FIRST, place=_place(b, args[0]))
    if k == "polis" and args:
        name = _place(b, args[0])
        if decision == "proxenos-dest":
            how = args[-1] if len(args) > 1 else ""
            return say(PROXENOS_BY[how] if how in PROXENOS_BY else PROXENOS_TO, place=name)
        verb = IN_POLIS.get(decision)
        return say(verb, place=name, ships=ships_word(comp)) if verb else name
    if k == "grow" and args:
        return say(GROW, place=_place(b, args[0]))
    if k == "release" and args:
        return say(RELEASE, place=_place(b, args[0]))
    if k == "tile" and args:
        return say(TILE, project=args[0], components=cs)
    if k == "pay":
        if not args:
            return say(PAY_COST)
        if args[0].startswith("silver-for:"):
            goods = [say("{good}", good=g, components=cs) for g in args[0].split(':', 1)[1].split(',')]
            return say(PAY_SILVER, goods=_goods_list(goods))
        if len(args) > 1:
            return say(PAY_ONE_INTO, good=args[0], place=_place(b, args[1]), components=cs)
        return say(PAY_ONE, good=args[0], components=cs)
    if k == "rows" and args:
        parts = []
        for part in args[0].split(","):
            g, _, n = part.partition(":")
            parts.append(say(ROW, n=n, good=g, components=cs) if not _NUMBER.fullmatch(n)
                         else say(ROW, n=int(n), good=g, components=cs))
        return say(TRIBUTE_ROWS, rows=_goods_list(parts))
    if k == "offer" and args:
        return _offer_words(s, b, args)
    if k == "phoros" and args:
        got = edition_of(s).phoros.get(int(args[0])) if _NUMBER.fullmatch(args[0]) else None
        if args[0] == "0":
            return say(NO_PHOROS)
        return say(PHOROS, n=args[0], m=got) if got else say(PHOROS_SOME, n=args[0])
    if k == "die" and args:
        return say(SIEGE_DIE, n=args[0])
    if k == "roll" and args:
        return say(MARKET_DIE, n=args[0])
    if k == "event" and args:
        return say(EVENT_IS, event=args[0], components=cs)
    if k == "draw" and args:
        return say(DRAWN, project=args[0], components=cs)
    if k == "sell" and args and _NUMBER.fullmatch(args[0]):
        n = int(args[0])
        each = _event_arg(s, 0)
        if n == 0:
            return say(SELL_NONE)
        return say(SELL, n=n, m=n * each) if each else say(SELL_SOME, n=n)
    if k == "take" and args:
        return say(TAKE, place=_place(b, args[0]))
    if k == "send" and args:
        return say(SEND[_unit_in(b, args[0])], place=_place(b, args[0]))
    if k == "place" and args:
        return say(BRING_BACK, place=_place(b, args[0]))
    if k == "double":
        return say(DOUBLE)
    if k == "keep":
        return say(KEEP)
    if k == "hire":
        cost = hire_cost(s, s.pending.player) if s.pending.player in (0, 1) else 0
        unit = "galley" if decision == "galley-pay" else "hoplite"
        return say(HIRE[unit], n=cost) if cost else say(HIRE_FREE[unit])
    if k == "card" and args:
        bt = s.battle
        who = PLAYERS[bt.draws[0]] if bt is not None and bt.draws else None
        if viewer is not None and who is not None and who != viewer:
            return say(CARD_HIDDEN, side=who)
        label = _card_labels(s.components).get(args[0], args[0])
        return say(CARD_FOR, side=who, card=label) if who else say(CARD_ONLY, card=label)
    if k in ("play", "answer") and len(args) == 2:
        labels = _card_labels(s.components)
        return say(ATTACK_WITH if k == "play" else ANSWER_WITH, card1=labels.get(args[0], args[0]),
                   card2=labels.get(args[1], args[1]))
    return plain(str(a), s.components)


def _event_arg(s: State, k: int) -> int:
    """Argument ``k`` of the event effect the pending decision carries out (0 if there is none)."""
    try:
        cid, _, eff = s.pending.data[:3]
        return int(event_card(s, cid).effects[eff].args[k])
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return 0


def _offer_words(s: State, b: Topology, args) -> str:
    """"Persis offer 1: 3 wheat for 4 wine" (an exchange), "…: 3 wheat, bought with silver"."""
    where = _place(b, args[0])
    mid, _, slot = args[0].partition(".")
    offers = b.comp.markets[b.market_index[mid]].offers if mid in b.market_index else ()
    if not _NUMBER.fullmatch(slot) or int(slot) >= len(offers):
        return say(OFFER_ODD, place=where, text=' '.join(args[1:]))
    o = offers[int(slot)]
    if len(args) > 1 and args[1] == "buy":
        return say(OFFER_BUY, place=where, load=o.load, good=o.receive, components=s.components)
    good = args[2] if len(args) > 2 else o.demand[0]
    return say(OFFER_AT, place=where, load=o.load, good=o.receive, n=price(s, o, good), good2=good,
               components=s.components)


def register_words() -> None:
    """Give the layers below render (a Node's repr, the commentary, analyses, the review's comments)
    these words for decisions, kernel sentences and citations (see :mod:`polis_nb.record.words`);
    done when this module is imported."""
    set_words(action=action_words, text=plain, sections=cite_sections)


register_words()
