"""The key to the map's symbols: each piece the map draws (units, poleis, proxenos, tribute, trade
ships, offers in their states), drawn by the map's own functions, with what it means in words.

The colours of land and sea have their key on the map itself (:func:`polis_nb.render.svg.draw_legend`);
the symbols would cover too much of the map, so the widgets show this key below it (the Board's
"Key" tab, the Viewer's "Key to the symbols" below its notes). Pure Python; plain JSON for the widgets.
"""
from __future__ import annotations

from functools import lru_cache

from ..i18n import get_language, message
from ..rules import ATHENS, SPARTA, topology_named
from .say import say
from .svg import (BLACK_CUBE, INK, LATER_CELL, OFFER_FROM, SIDE_COLOUR, _badge, _f, _proxenos, _ship, _text,
                  choice_sample)
from .text import english, ships_one, ships_word

NAME = message("map.key.name", "Key to the map's symbols")
HOPLITES = message("map.key.hoplites", "Hoplites in a land area: the side's colour, a shield and how many")
GALLEYS = message("map.key.galleys", "Galleys in a sea area: a hull and how many")
NEUTRAL = message("map.key.neutral", "A neutral polis: the number is its base population, the cubes a side "
                                     "needs there to take it")
OWNED = message("map.key.owned", "A polis Athens owns: cubes in it now / its base population (the score counts the "
                                 "cubes)")
CAPITAL = message("map.key.capital", "A capital: the larger disc with an inner ring (one for each side)")
TRADE_CITY = message("map.key.trade-city", "A trade city: the small square in its side's colour")
A_POLIS = message("map.key.a-polis", "a polis")
PROXENOS = message("map.key.proxenos", "A proxenos: the side's envoy, drawn above the polis it stands in")
TRIBUTE = message("map.key.tribute", "Tribute was taken from this territory this round (beside its name)")
TRIBUTE_MARK = message("map.tribute-mark", "T")
SHIPS = message("map.key.ships", "{ships} waiting in the home port, and how many")
OPEN = message("map.key.open-mark", "open")
OFFER_OPEN = message("map.key.offer-open", "An offer any side may take now")
OFFER_TAKEN = message("map.key.offer-taken", "An offer taken: the taker's colour and its {ship} on it")
OFFER_CLOSED = message("map.key.offer-closed", "An offer closed this round (an event closed its market)")
LATER = message("map.key.later-mark", "later")
OFFER_LATER = message("map.key.offer-later", "An offer that opens in a later round (greyed, with the first round it is "
                                             "offered)")
OFFER_COVERED = message("map.key.offer-covered",
                        "An offer covered by a black cube (second edition): no one may take it")
CHOICE = message("map.key.choice", "A gold outline edged in dark amber: a choice now (click it)")

H = 40  # height of a sample, in map units (the samples are drawn at the map's own scale)


def _sample(body: str, width: float = 72.0) -> str:
    """One sample as a small SVG of its own; the map's style sheet (on the same page) styles it."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="polis-board" viewBox="0 0 {_f(width)} {H}" '
            f'width="{_f(width)}" height="{H}" aria-hidden="true">{body}</svg>')


def _disc(value: str, owner: int | None, *, capital: bool = False, trade: int | None = None) -> str:
    x, y, r = 36.0, 20.0, 17.5 if capital else 15.0
    fill, cls = (SIDE_COLOUR[owner], "pv w") if owner is not None else ("#fffdf6", "pv")
    ring = (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r - 3)}" fill="none" stroke="#fff" stroke-width="1.2"/>'
            if capital else "")
    square = (f'<rect x="{_f(x + r - 6)}" y="{_f(y + r - 8)}" width="8.5" height="8.5" '
              f'fill="{SIDE_COLOUR[trade]}" stroke="#fff" stroke-width="1.2"/>' if trade is not None else "")
    return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="{INK}" stroke-width="1.4"/>'
            f'{ring}{square}' + _text(x, y + 4.8, value, cls))


def _offer_cell(fill: str, *, ship: bool = False, crossed: bool = False, cube: bool = False, words: str = "",
                ink: str = "") -> str:
    w, h = 66.0, 36.0
    x, y = 3.0, 2.0
    extra = ""
    if ship:
        extra += _ship(x + w / 2, y + h - 8, "#1a202c", 1.0)
    if crossed:
        extra += (f'<path d="M{_f(x + 4)},{_f(y + 4)} L{_f(x + w - 4)},{_f(y + h - 4)}" stroke="#7b8794" '
                  f'stroke-width="1.5"/>')
    if cube:
        extra += (f'<rect x="{_f(x + 5)}" y="{_f(y + h - 16)}" width="12" height="12" rx="1.5" '
                  f'fill="{BLACK_CUBE}" stroke="#fff" stroke-width=".8"/>')
    if words:
        extra += _text(x + w / 2, y + 15, words, "ctr b" + (" w" if fill in SIDE_COLOUR else ink))
    return (f'<g><rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" '
            f'height="{_f(h)}" rx="3.5" fill="{fill}" stroke="#6b7785" stroke-width="1.2"/>{extra}</g>')


def _later(comp) -> str:
    """What a later offer says on the map ("from 5α"), short enough for the sample."""
    words = say(OFFER_FROM, round=comp.rounds[-1].label, components=comp.name)
    return words if len(words) <= 9 else say(LATER)


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


@lru_cache(maxsize=8)
def _key(components: str, lang: str) -> tuple[tuple[str, str, str], ...]:
    comp = topology_named(components).comp
    ships = ships_word(comp)
    items = [
        ("units", _sample(_badge(18, 11, ATHENS, 3, False)),
         say(HOPLITES)),
        ("units", _sample(_badge(18, 11, SPARTA, 2, True)),
         say(GALLEYS)),
        ("poleis", _sample(_disc("3", None)),
         say(NEUTRAL)),
        ("poleis", _sample(_disc("2/4", ATHENS)),
         say(OWNED)),
        ("poleis", _sample(_disc("5/5", ATHENS, capital=True)),
         say(CAPITAL)),
        ("poleis", _sample(_disc("1/1", SPARTA, trade=SPARTA)),
         say(TRADE_CITY)),
        ("poleis", _sample(_proxenos(36, 22, ATHENS, say(A_POLIS))),
         say(PROXENOS)),
        ("map", _sample(f'<circle cx="36" cy="20" r="9.5" fill="#b7791f" stroke="#fff" stroke-width="1.4"/>'
                        + _text(36, 25, say(TRIBUTE_MARK), "ctr w b")),
         say(TRIBUTE)),
        ("ships", _sample(_ship(26, 22, SIDE_COLOUR[ATHENS], 1.2) + _text(50, 25, "×2", "md b ctr")),
         say(SHIPS, ships=_capital(ships) if english() else ships)),
        ("offers", _sample(_offer_cell("#ffffff", words=say(OPEN))), say(OFFER_OPEN)),
        ("offers", _sample(_offer_cell(SIDE_COLOUR[SPARTA], ship=True)),
         say(OFFER_TAKEN, ship=ships_one(comp))),
        ("offers", _sample(_offer_cell("#cbd2d9", crossed=True)),
         say(OFFER_CLOSED)),
        ("offers", _sample(_offer_cell(LATER_CELL, ink=" mute", words=_later(comp))),
         say(OFFER_LATER)),
    ]
    if comp.market_covers:
        items.append(("offers", _sample(_offer_cell("#e2e6ea", cube=True)),
                      say(OFFER_COVERED)))
    items.append(("map", _sample(choice_sample(6, 6, 60, 28)),
                  say(CHOICE)))
    return tuple(items)


def symbol_key(components: str = "ed1-default") -> list[dict]:
    """The key to the map's symbols for a component set: ``[{group, svg, words}]``, each ``svg`` a
    small self-contained SVG drawn by the map's own functions, ``words`` in the current language; every entry
    carries the key's own name (``list``, for the browser's list of them)."""
    name = say(NAME)
    return [{"group": g, "svg": s, "words": w, "list": name} for g, s, w in _key(components, get_language())]
