"""A plain-text board description: for terminals, screen readers and stable notebook output.

``describe(state, marks=...)`` says what the SVG shows, in words and in a fixed order: round and
event, every territory and sea (controller, units, poleis, tribute), the unenterable poleis, the
markets and their offers, both players, the projects and the marks. The small word helpers here
are shared with :mod:`polis_nb.render.svg` so the picture and the words never disagree.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..record.words import mark_words, set_words, target_name  # noqa: F401 - shared with render
from ..rules import (ACTIONS, ALONE_COST, ATHENS, NEUTRAL, PLAYERS, RULES, SPARTA, State, Topology, topology_of,
                     card_name, card_types, describe_pending, edition_of, event_card, hire_cost, offer_covered,
                     offer_status, price, retreat_cost)

SIDE_NAME = ("Athens", "Sparta")
SIDE_ADJ = ("Athenian", "Spartan")
#: what a place that is a choice now adds to its name on the map, for a screen reader (render/placeview.py)
CHOICE_NOW = "a choice now"
NOBODY = "nobody"  # a viewer who may see no hand (card draws are all hidden from them)
# a count or a slot in action text: ASCII digits only (str.isdigit also takes "²" and "٣", which int() refuses
# or reads as another number), and short enough to be a real one
_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)


# --- shared word helpers -----------------------------------------------------------------------
def controller_words(c: int) -> str:
    return "no one controls" if c == NEUTRAL else f"{SIDE_NAME[c]} controls"


def price_words(s: State, offer) -> str:
    """What an exchange costs in words: "3 wood" (Ed1), "5 iron or 5 wine" (an Ed2 offer that accepts
    several goods)."""
    return " or ".join(f"{price(s, offer, g)} {g}" for g in offer.demand)


def edition_words(comp, text: str) -> str:
    """Shared first-edition wording in this edition's terms (e.g. merchants for trade ships)."""
    return comp.words(text)


def loads_words(s: State, comp) -> str:
    """What the markets offer this round: "loads up to 4" (Ed1), or how many offers black cubes still
    cover (Ed2)."""
    if comp.market_covers:
        n = len(s.covered)
        return f"{n} offer{'' if n == 1 else 's'} covered"
    return f"loads up to {comp.rounds[s.round].max_load}"


def first_round(comp, load: int) -> str:
    """Name of the first round whose largest load reaches ``load``."""
    for r in comp.rounds:
        if r.max_load >= load:
            return r.name
    return "never"


def siege_disc_words(s: State, b: Topology, polis: int | None = None) -> list[str]:
    """The siege discs (second edition) in words, e.g. "Athenian siege disc beside Thibae (+1 to
    later Athenian siege rolls in Boiotia)"; only those beside ``polis`` when given."""
    out = []
    for i, p in s.siege_discs:
        if polis is not None and i != polis:
            continue
        name = b.comp.poleis[i].name
        where = f" in {b.comp.areas[b.polis_area[i]].name}" if b.polis_area[i] >= 0 else ""
        out.append(f"{SIDE_ADJ[p]} siege disc beside {name} (+1 to later {SIDE_ADJ[p]} siege rolls{where})")
    return out


def status_words(s: State) -> str:
    """Who is to decide what, or how the game ended."""
    if s.outcome is not None:
        return f"Game over: {s.outcome}"
    who = "Chance" if s.pending.player < 0 else SIDE_NAME[s.pending.player]
    return f"{who} to decide: {edition_words(topology_of(s).comp, describe_pending(s))}"


# --- the description -----------------------------------------------------------------------------
def _polis_words(s: State, b: Topology, i: int) -> str:
    p = b.comp.poleis[i]
    o = s.owner[i]
    w = f"{p.name} ({SIDE_NAME[o]}, population {s.pop[i]} of base {p.base}" if o in (ATHENS, SPARTA) \
        else f"{p.name} (neutral, base {p.base}"
    if p.capital_of:
        w += f", capital of {p.capital_of.capitalize()}"
    for q in (ATHENS, SPARTA):
        if s.proxenos[q] == i:
            w += f", {SIDE_ADJ[q]} proxenos"
    for q in (ATHENS, SPARTA):
        n = sum(1 for j, x in s.siege_discs if j == i and x == q)
        if n:
            w += f", {n} {SIDE_ADJ[q]} siege disc{'s' if n > 1 else ''} beside it"
    return w + ")"


def _area_line(s: State, b: Topology, i: int) -> str:
    a = b.comp.areas[i]
    n_a, n_s = s.units[i]
    units = "galleys" if a.kind == "sea" else "hoplites"
    head = a.name + (f" (home of {a.home_of.capitalize()})" if a.home_of else "")
    parts = [controller_words(topology_of(s).controller(s, i)), f"{units} Athens {n_a}, Sparta {n_s}"]
    if a.kind == "land":
        poleis = [_polis_words(s, b, j) for j in range(len(b.comp.poleis)) if b.polis_area[j] == i]
        parts.append("poleis " + ", ".join(poleis) if poleis else "no polis")
        if i in s.tribute_done:
            parts.append("tribute paid this round")
    if s.battle is not None and s.battle.area == i:
        parts.append(f"{s.battle.kind} battle in progress, {SIDE_NAME[s.battle.attacker]} attacking")
    return f"  {head}: " + "; ".join(parts)


def _market_line(s: State, b: Topology, m) -> str:
    via = ", ".join(b.comp.areas[b.area_index[x]].name for x in m.seas if x in b.area_index)
    if m.land_route_from:
        via += " or overland from " + b.comp.poleis[b.polis_index[m.land_route_from]].name
    offers = []
    for o in m.offers:
        st = offer_status(s, m, o)
        word = {"open": "open", "closed": "closed", "athens": "taken by Athens", "sparta": "taken by Sparta",
                "covered": "covered by a black cube",
                "later": f"not offered yet (from round {first_round(b.comp, o.load)})"}[st]
        if st == "closed" and offer_covered(s, o):
            word += ", covered by a black cube"
        offers.append(f"{o.slot + 1}) {o.load} {o.receive} for {price_words(s, o)}, {word}")
    closed = ", closed this round" if m.id in s.closed else ""
    return f"  {m.name} (via {via}{closed}): " + "; ".join(offers)


def _player_line(s: State, b: Topology, p: int) -> str:
    comp = b.comp
    goods = ", ".join(f"{g} {n}" for g, n in zip(comp.goods, s.goods[p]))
    at_markets = sum(1 for o in s.offers if o == p)
    prox = "captured" if s.proxenos[p] < 0 else "in " + comp.poleis[s.proxenos[p]].name
    flags = "".join(f"; {w}" for w, on in (("to move", s.pending.player == p and s.outcome is None),
                                             ("passed", p in s.passed)) if on)
    discs = b.discs_free(s, p)
    discs_w = "" if discs is None else f"; discs free {discs}"
    return (f"{SIDE_NAME[p]}: prestige {s.prestige[p]}; {goods}; {comp.term('ships')} {s.ships_port[p]} in port, "
            f"{at_markets} at markets; proxenos {prox}; cubes free {b.supply(s, p)}{discs_w}{flags}")


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
    lines = [f"Polis ({s.edition}) — round {r.name} (stacking limit {r.stacking}, {loads_words(s, comp)}), "
             f"phase {s.phase}", status_words(s)]
    ev = (next((e.name for e in comp.events if e.id == s.event), s.event) if s.event
          else "none yet" if s.phase == "start" else "none")
    lines.append(f"Event: {ev}")
    head, lines = lines, []
    wild = [_polis_words(s, b, j) for j in range(len(comp.poleis)) if b.polis_area[j] < 0]
    if wild:
        lines.append("Poleis on unenterable land: " + ", ".join(wild))
    if s.siege_discs:
        lines.append("Siege discs: " + "; ".join(siege_disc_words(s, b)))
    lines.append("Markets:")
    lines += [_market_line(s, b, m) for m in comp.markets]
    lines.append("Market value: " + ", ".join(f"{g} {v}" for g, v in zip(comp.market_goods, s.markers)))
    lines += [_player_line(s, b, p) for p in (ATHENS, SPARTA)]
    shown = [b.project_index[t].name if t in b.project_index else t for t in s.display]
    lines.append("Projects on display: " + (", ".join(shown) if shown else "none"))
    if s.started or s.done:
        pr = [f"{b.project_index[t].name if t in b.project_index else t} in {comp.poleis[i].name}"
              + ("" if (t, i) in s.done else " (started)") for t, i in s.started + s.done]
        lines.append("Projects built: " + ", ".join(pr))
    if marks:
        lines.append("Marks: " + "; ".join(mark_words(b, m) for m in marks))
    if sentences:
        return board_sentences(s, head, lines)
    places = (["Territories:"] + [_area_line(s, b, i) for i in b.territories] + ["Seas:"]
              + [_area_line(s, b, i) for i in b.seas] + ["Borders:"]
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


def section_words(source: str) -> str:
    """A rulebook section in English: "Ed1 · Aktionen › g. Polis belagern" → "Ed1 · Actions ›
    g. Besieging a polis". Parts the table does not know are kept as they are."""
    def part(p: str) -> str:
        return SECTION_EN.get(p, p)

    return "; ".join(" · ".join(" › ".join(part(x) for x in piece.split(" › ")) for piece in chunk.split(" · "))
                     for chunk in source.split("; "))


def cite_words(rule_ids, edition: str = "ed1") -> tuple[str, str]:
    """(English citation, the original one for a tooltip) of some rule ids: "rule siege.failure,
    Ed1 · Actions › g. Besieging a polis" and "… Ed1 · Aktionen › g. Polis belagern"."""
    en, orig = [], []
    for rid in rule_ids:
        ref = RULES.get(rid)
        if ref is None:
            en.append(f"rule {rid}")
            orig.append(f"rule {rid}")
            continue
        sec = ref.section(edition)
        en.append(f"rule {rid}, {section_words(sec)}")
        orig.append(f"rule {rid}, {sec}")
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
    return {"id": rid, "source": section_words(sec), "source_original": sec, "summary": ref.summary}


# --- kernel sentences, cleaned for the screen ------------------------------------------------------
_ONE = re.compile(r"\b1 (cube|unit|hoplite|galley|trade ship|ship|merchant|card|disc|good|prestige point)s\b")
_CARD = re.compile(r"\b([a-z]+(?:-[a-z]+)*):([a-z]+)\b")  # formation ids may hold a hyphen (elite-trireme)


@lru_cache(maxsize=16)
def _card_labels(components: str) -> dict[str, str]:
    out = {}
    for kind in ("land", "sea"):
        try:
            types = card_types(components, kind)[0]
        except (KeyError, ValueError):
            continue
        for t in types:
            out[card_name(t)] = f"{t.formation_label} ({t.manoeuvre_label})"
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
def _goods_list(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _place(b: Topology, ident: str) -> str:
    return target_name(b, ident)


def _unit_in(b: Topology, area: str) -> str:
    """The kind of unit that stands in an area: galleys at sea, hoplites on land."""
    return "galley" if area in b.area_index and b.is_sea[b.area_index[area]] else "hoplite"


def retreat_words() -> str:
    """The retreat's button words, its cost from the rules: "Retreat (1 prestige)"."""
    return f"Retreat ({retreat_cost()} prestige)"


#: an offer's status (:func:`~polis_nb.rules.offer_status`) in words
OFFER_STATUS_WORDS = {"open": "open", "closed": "closed this round", "later": "not offered yet this round",
                      "athens": "taken by Athens", "sparta": "taken by Sparta", "covered": "covered by a black cube"}


def offer_status_words(comp, o, status: str) -> str:
    """An offer's status in words; an offer not offered yet says from which round it is."""
    words = OFFER_STATUS_WORDS[status]
    return f"{words} (from round {first_round(comp, o.load)})" if status == "later" else words


def action_words(s: State, a, *, viewer: str | None = None) -> str:
    """A decision at position ``s`` (where it is taken) in plain words: "Move hoplites", "To Arkadia",
    "Pay with 1 metal", "Tribute: 2 hoplites on the metal row", "Die shows 4". A card drawn for a side
    ``viewer`` may not see is hidden."""
    b = topology_of(s)
    comp = b.comp
    k, args = a.kind, tuple(a.args)
    decision = s.pending.kind
    if k in ACTIONS:
        title = edition_words(comp, ACTIONS[k].title)
        if k in edition_of(s).free_actions and not args:
            return f"{title} (free: no action)"
        return f"{title} (pay {ALONE_COST} {args[0][1:]})" if args and args[0].startswith("+") else title
    if k == "pass":
        return "Pass"
    if k == "end":
        return "End the action" if decision not in ("grow",) else "Stop growing"
    if k == "fight":
        return "Fight on"
    if k == "retreat":
        return retreat_words()
    if k == "feed":
        return "Cover the shortfall with prestige"
    if k == "to" and args:
        return f"To {_place(b, args[0])}"
    if k == "from" and args:
        unit = _unit_in(b, args[0])
        return f"A {unit} from {_place(b, args[0])}"
    if k == "area" and args:
        return f"Tribute from {_place(b, args[0])}"
    if k == "remove" and args:
        if decision == "project-remove" or args[0] in b.project_index:
            pr = b.project_index.get(args[0])
            return f"Remove {pr.name if pr else args[0]} from the game"
        return f"Remove a unit from {_place(b, args[0])}"
    if k == "battle" and args:
        return f"Battle in {_place(b, args[0])} first"
    if k == "polis" and args:
        name = _place(b, args[0])
        if decision == "proxenos-dest":
            how = {"land": "by land", "sea": "by sea"}.get(args[-1], "") if len(args) > 1 else ""
            return f"Proxenos to {name}" + (f", {how}" if how else "")
        verb = {"train-polis": "Train hoplites in", "galley-polis": "Build galleys in",
                "ships-polis": f"Build {comp.term('ships')} in", "project-polis": "Build the project in",
                "siege-polis": "Besiege"}.get(decision, "")
        return f"{verb} {name}" if verb else name
    if k == "grow" and args:
        return f"Grow {_place(b, args[0])}"
    if k == "release" and args:
        return f"Release {_place(b, args[0])} (it turns neutral)"
    if k == "tile" and args:
        pr = b.project_index.get(args[0])
        return f"Project: {pr.name if pr else args[0]}"
    if k == "pay":
        if not args:
            return "Pay the cost"
        if args[0].startswith("silver-for:"):
            return f"Pay, with silver instead of {_goods_list(args[0].split(':', 1)[1].split(','))}"
        where = f", into the {_place(b, args[1])}" if len(args) > 1 else ""
        return f"Pay 1 {args[0]}{where}"
    if k == "rows" and args:
        parts = []
        for part in args[0].split(","):
            g, _, n = part.partition(":")
            parts.append(f"{n} hoplite{'s' if n != '1' else ''} on the {g} row")
        return "Tribute: " + _goods_list(parts)
    if k == "offer" and args:
        return _offer_words(s, b, args)
    if k == "phoros" and args:
        got = edition_of(s).phoros.get(int(args[0])) if _NUMBER.fullmatch(args[0]) else None
        if args[0] == "0":
            return "No phoros (keep the prestige)"
        return f"Phoros: {args[0]} prestige → {got} silver" if got else f"Phoros: {args[0]} prestige → silver"
    if k == "die" and args:
        return f"The siege die shows {args[0]}"
    if k == "roll" and args:
        return f"The market die shows {args[0]}"
    if k == "event" and args:
        ev = next((e.name for e in comp.events if e.id == args[0]), args[0])
        return f"Event: {ev}"
    if k == "draw" and args:
        pr = b.project_index.get(args[0])
        return f"Project tile drawn: {pr.name if pr else args[0]}"
    if k == "sell" and args and _NUMBER.fullmatch(args[0]):
        n = int(args[0])
        each = _event_arg(s, 0)
        if n == 0:
            return "Keep the prestige (sell none)"
        return f"Give {n} prestige for {n * each} silver" if each else f"Give {n} prestige for silver"
    if k == "take" and args:
        return f"Take {_place(b, args[0])}"
    if k == "send" and args:
        unit = _unit_in(b, args[0])
        return f"Send a {unit} abroad from {_place(b, args[0])}"
    if k == "place" and args:
        return f"Bring it back to {_place(b, args[0])}"
    if k == "double":
        return "Double the prestige won in this battle"
    if k == "keep":
        return "Keep the doubling for a later battle"
    if k == "hire":
        cost = hire_cost(s, s.pending.player) if s.pending.player in (0, 1) else 0
        unit = "galley" if decision == "galley-pay" else "hoplite"
        return f"Hire a {unit} for {cost} silver" if cost else f"Hire a {unit}"
    if k == "card" and args:
        bt = s.battle
        who = PLAYERS[bt.draws[0]] if bt is not None and bt.draws else None
        if viewer is not None and who is not None and who != viewer:
            return f"A card for {who.capitalize()} (hidden)"
        label = _card_labels(s.components).get(args[0], args[0])
        return f"Card for {who.capitalize()}: {label}" if who else f"Card: {label}"
    if k in ("play", "answer") and len(args) == 2:
        labels = _card_labels(s.components)
        verb = "Attack with" if k == "play" else "Answer with"
        return f"{verb} {labels.get(args[0], args[0])} and {labels.get(args[1], args[1])}"
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
        return f"{where}: {' '.join(args[1:])}"
    o = offers[int(slot)]
    if len(args) > 1 and args[1] == "buy":
        return f"{where}: {o.load} {o.receive}, bought with silver"
    good = args[2] if len(args) > 2 else o.demand[0]
    return f"{where}: {o.load} {o.receive} for {price(s, o, good)} {good}"


def register_words() -> None:
    """Give the layers below render (a Node's repr, the commentary, analyses, the review's comments)
    these words for decisions, kernel sentences and citations (see :mod:`polis_nb.record.words`);
    done when this module is imported."""
    set_words(action=action_words, text=plain, sections=cite_sections)


register_words()
