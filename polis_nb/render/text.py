"""A plain-text board description: for terminals, screen readers and stable notebook output.

``describe(state, marks=...)`` says what the SVG shows, in words and in a fixed order: round and
event, every territory and sea (controller, units, poleis, tribute), the unenterable poleis, the
markets and their offers, both players, the projects and the marks. The small word helpers here
are shared with :mod:`polis_nb.render.svg` so the picture and the words never disagree.
"""
from __future__ import annotations

from ..rules.board import Board, board
from ..rules.state import ATHENS, NEUTRAL, PLAYERS, SPARTA, State

SIDE_NAME = ("Athens", "Sparta")
SIDE_ADJ = ("Athenian", "Spartan")


# --- shared word helpers -----------------------------------------------------------------------
def controller(s: State, area: int) -> int:
    a, b = s.units[area]
    return ATHENS if a > b else SPARTA if b > a else NEUTRAL


def controller_words(c: int) -> str:
    return "no one controls" if c == NEUTRAL else f"{SIDE_NAME[c]} controls"


def offer_price(s: State, offer, good: str | None = None) -> int:
    """Goods of the demanded kind (by default the first) an exchange costs now (the market value of
    that good)."""
    comp = board(s).comp
    pos = s.markers[comp.market_goods.index(good or offer.demand[0])]
    row = comp.market_table[offer.load]
    return row[min(pos, len(row) - 1)]


def price_words(s: State, offer) -> str:
    """What an exchange costs in words: "3 wood" (Ed1), "5 iron or 5 wine" (an Ed2 offer that accepts
    several goods)."""
    return " or ".join(f"{offer_price(s, offer, g)} {g}" for g in offer.demand)


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


def offer_covered(s: State, b: Board, offer) -> bool:
    """Whether a black cube still covers the offer (second edition)."""
    return b.comp.market_covers and b.offer_index[offer.id] in s.covered


def offer_status(s: State, b: Board, market, offer) -> str:
    """"open", "athens", "sparta", "closed", "covered" (under a black cube: Ed2) or "later" (load not
    offered this round: Ed1)."""
    v = s.offers[b.offer_index[offer.id]]
    if v in (ATHENS, SPARTA):
        return PLAYERS[v]
    if market.id in s.closed or v == 2:  # 2: closed by the round's event
        return "closed"
    if b.comp.market_covers:
        return "covered" if offer_covered(s, b, offer) else "open"
    if offer.load > b.comp.rounds[s.round].max_load:
        return "later"
    return "open"


def siege_disc_words(s: State, b: Board, polis: int | None = None) -> list[str]:
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


def target_name(b: Board, t: str) -> str:
    """Plain name of a mark target (area, polis, market or offer id); unknown ids as given."""
    if t in b.area_index:
        return b.comp.areas[b.area_index[t]].name
    if t in b.polis_index:
        return b.comp.poleis[b.polis_index[t]].name
    if t in b.market_index:
        return b.comp.markets[b.market_index[t]].name
    if t in b.offer_index:
        m, slot = t.split(".")
        return f"{b.comp.markets[b.market_index[m]].name} offer {int(slot) + 1}"
    return t


def mark_words(b: Board, m) -> str:
    """A mark in words, e.g. "arrow from Lakedaimon to Arkadia (red)"; marks are duck-typed
    (``.kind``, ``.targets``, ``.colour``)."""
    kind = str(getattr(m, "kind", ""))
    targets = tuple(str(t) for t in getattr(m, "targets", ()))
    colour = str(getattr(m, "colour", "green"))
    names = [target_name(b, t) for t in targets]
    if kind == "arrow" and len(names) >= 2:
        return f"arrow from {names[0]} to {names[1]} ({colour})"
    return f"{kind or 'mark'} on {', '.join(names) or 'nothing'} ({colour})"


def status_words(s: State) -> str:
    """Who is to decide what, or how the game ended."""
    if s.outcome is not None:
        return f"Game over: {s.outcome}"
    from ..rules.engine import describe_pending

    who = "Chance" if s.pending.player < 0 else SIDE_NAME[s.pending.player]
    return f"{who} to decide: {edition_words(board(s).comp, describe_pending(s))}"


# --- the description -----------------------------------------------------------------------------
def _polis_words(s: State, b: Board, i: int) -> str:
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


def _area_line(s: State, b: Board, i: int) -> str:
    a = b.comp.areas[i]
    n_a, n_s = s.units[i]
    units = "galleys" if a.kind == "sea" else "hoplites"
    head = a.name + (f" (home of {a.home_of.capitalize()})" if a.home_of else "")
    parts = [controller_words(controller(s, i)), f"{units} Athens {n_a}, Sparta {n_s}"]
    if a.kind == "land":
        poleis = [_polis_words(s, b, j) for j in range(len(b.comp.poleis)) if b.polis_area[j] == i]
        parts.append("poleis " + ", ".join(poleis) if poleis else "no polis")
        if i in s.tribute_done:
            parts.append("tribute paid this round")
    if s.battle is not None and s.battle.area == i:
        parts.append(f"{s.battle.kind} battle in progress, {SIDE_NAME[s.battle.attacker]} attacking")
    return f"  {head}: " + "; ".join(parts)


def _market_line(s: State, b: Board, m) -> str:
    via = ", ".join(b.comp.areas[b.area_index[x]].name for x in m.seas if x in b.area_index)
    if m.land_route_from:
        via += " or overland from " + b.comp.poleis[b.polis_index[m.land_route_from]].name
    offers = []
    for o in m.offers:
        st = offer_status(s, b, m, o)
        word = {"open": "open", "closed": "closed", "athens": "taken by Athens", "sparta": "taken by Sparta",
                "covered": "covered by a black cube",
                "later": f"not offered yet (from round {first_round(b.comp, o.load)})"}[st]
        if st == "closed" and offer_covered(s, b, o):
            word += ", covered by a black cube"
        offers.append(f"{o.slot + 1}) {o.load} {o.receive} for {price_words(s, o)}, {word}")
    closed = ", closed this round" if m.id in s.closed else ""
    return f"  {m.name} (via {via}{closed}): " + "; ".join(offers)


def _player_line(s: State, b: Board, p: int) -> str:
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


def describe(state: State, *, marks=()) -> str:
    """The position in plain words, one fact group per line (deterministic)."""
    s = state
    b = board(s)
    comp = b.comp
    r = comp.rounds[s.round]
    lines = [f"Polis ({s.edition}) — round {r.name} (stacking limit {r.stacking}, {loads_words(s, comp)}), "
             f"phase {s.phase}", status_words(s)]
    ev = (next((e.name for e in comp.events if e.id == s.event), s.event) if s.event
          else "none yet" if s.phase == "start" else "none")
    lines.append(f"Event: {ev}")
    lines.append("Territories:")
    lines += [_area_line(s, b, i) for i in b.territories]
    lines.append("Seas:")
    lines += [_area_line(s, b, i) for i in b.seas]
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
    return "\n".join(lines)
