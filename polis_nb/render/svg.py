"""A complete, standalone SVG of a position (ARCHITECTURE §6: static rendering needs no widget).

``svg(state)`` draws the map (areas coloured by control, poleis, units, trade ships (Ed2: merchants),
proxenoi, markets and their offers, tribute discs, the diolkos; second edition: siege discs beside
poleis and black cubes on covered offers), the round track with the event and the projects on
display, both player panels, and optional marks on top. Every name comes from the component set.
The output is deterministic (same state → same bytes), has no external references and escapes
every piece of text.

The widget contract (the widgets find elements by these attributes; keep them stable). A place is
``role="button" tabindex="0"`` on a widget's map where a click does something (``svg_layers(...,
interactive=True)``: the root is then ``role="group"``); everywhere else (:func:`svg`, the exported
pages, a Viewer stepping through a record) the board is a picture, ``role="img"``, whose places are
``role="img"``, none focusable. Every place's accessible name holds the words it shows, in that order.

* area: ``<path id="area-<id>" class="area land|area sea" data-area="<id>" role=…
  aria-label="<Name>: <who controls>, Athens n, Sparta m">``
* polis: ``<g id="polis-<id>" class="polis" data-polis="<id>" role=… aria-label="<Name> <value> (<area>): …">``
  (its name drawn before its value, "Athenai 5/5")
* market: ``<g id="market-<id>" class="market" data-market="<id>" role="group">`` holding each offer as
  ``<g class="offer" data-offer="<market>.<slot>" role=… aria-label="<Market> offer <n>: 2 wine for 3 wood, …">``
* player panel: ``<g class="panel" data-player="athens|sparta">``
* second edition: ``<g class="siege-disc" data-siege="<polis id>" data-player="athens|sparta" aria-label=...>``
  beside a polis (not a click target: clicks reach the polis or area below), and
  ``<rect class="black-cube">`` inside each covered offer
* ids in ``highlight`` add the class ``legal`` to their area, polis, market or offer (outlined: "a choice
  now"), and on an interactive map the root the class ``choosing`` (the style dims every other place by
  colour, its words kept at 4.5:1 or more)
* a sea someone controls keeps its water colour under diagonal stripes of that side's colour
  (``<path class="hatch" data-area>`` right after the area, no click target)
* ``<g class="legend" role="group">``: the key to the colours, on the map
* the names of the areas and the unit badges are ``aria-hidden`` (the areas' names say them)

Type is at least 13.5 units high: on a board 850 pixels wide that is over 11 pixels on screen.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape

from ..rules import (ATHENS, NEUTRAL, PLAYERS, SPARTA, State, Topology, topology_of, describe_card, names_for,
                     offer_covered, offer_status, price)
from . import geometry as geo
from ..i18n import Phrase, get_language, message, render
from .say import say
from .text import (OFFER_STATUS_WORDS, SIEGE_DISC, SIEGE_WHERE, controller_words, english, first_round, loads_words,
                   mark_words, offer_status_words, price_words, prompt_words, ships_word)

# the map's words (its names are the terms of the current language: polis_nb/i18n/terms.json)
AREA_LABEL = message("map.area", "{area}: {controls}, Athens {a}, Sparta {b}")
TRIBUTE_PAID = message("map.tribute-paid", "{area}: tribute paid this round")
TRIBUTE_MARK = message("map.tribute-mark", "T")
BATTLE = message("map.battle", "battle")
POLIS_OWNED = message("map.polis-owned", "{polis} {value} ({where}): {side}, population {n} of base {base}{facts}")
POLIS_NEUTRAL = message("map.polis-neutral", "{polis} {value} ({where}): neutral, base {base}{facts}")
POLIS_WILD = message("map.polis-wild", "unenterable land")
FACTS = message("map.polis-facts", "; {facts}")
CAPITAL = message("map.capital", "capital of {side}")
TRADE_CITY = message("map.trade-city", "trade city of {side}")
PROXENOS_HERE = (message("map.proxenos-here-athens", "Athenian proxenos here"),
                 message("map.proxenos-here-sparta", "Spartan proxenos here"))
PROXENOS_IN = (message("map.proxenos-in-athens", "Athenian proxenos in {place}"),
               message("map.proxenos-in-sparta", "Spartan proxenos in {place}"))
PORT = message("map.port", "{side}: {n} {ships} in port")
FOR = message("map.for", "for")
PRICE = message("map.price", "for {price}")
LOAD = message("map.load", "{n} {good}")
OFFER_CLOSED = message("map.offer-closed", "closed")
OFFER_COVERED = message("map.offer-covered", "covered")
OFFER_FROM = message("map.offer-from", "from {round}")
OFFER_HEAD = message("map.offer-head", "{market} offer {n}: {load} {good} {price}")
PRICE_SHOWN = message("map.price-shown", "{shown} ({price})")
OFFER_LATER = message("map.offer-later", "{head} from {round}, {status}")
OFFER_STATE = message("map.offer-state", "{head}, {status}")
ALSO_COVERED = message("map.offer-also-covered", "{label}, covered by a black cube")
MARKET = message("map.market", "{market} market, reached via {via}")
MARKET_CLOSED = message("map.market-closed", "{market} market, reached via {via}, closed this round")
OVERLAND = message("map.market-overland", "{seas} or by land from {polis}")
TITLE_CLOSED = message("map.market-title-closed", "{title} — closed")
TRACK = message("map.track", "Round")
STACKING = message("map.stacking", "Stacking limit {n} · {loads}")
STACKING_LOADS = message("map.stacking-loads", "Stacking limit {n} · loads up to {m}")
EVENT = message("map.event", "Event: {event}")
EVENT_NONE_YET = message("map.event-none-yet", "Event: none yet")
EVENT_NONE = message("map.event-none", "Event: none")
EVENT_TIP = message("map.event-tip", "{name} ({round}): {text}")
MARKET_VALUE = message("map.market-value", "Market value: {values}")
GOOD_VALUE = message("map.good-value", "{good} {n}")
PROJECT = message("map.project", "{project}: {ptype}, costs {costs}, {n} prestige")
COST = message("map.cost", "{n} {good}")
WINS = message("map.wins", "Game over: {side} wins{scores}")
SHARED = message("map.shared", "Game over: Shared result{scores}")
SCORES = message("map.scores", " {a}–{b}")
CHANCE = message("map.chance", "Chance: {prompt}")
TO_MOVE = message("map.to-move", "{side} to move: {prompt}")
PRESTIGE = message("map.prestige", "prestige {n}")
FLAG_TO_MOVE = message("map.flag-to-move", "to move")
FLAG_PASSED = message("map.flag-passed", "passed")
PANEL_SHIPS = message("map.panel-ships", "{ships}: {port} in port, {markets} at markets, {free} not built")
PANEL_PROXENOS = message("map.panel-proxenos", "Proxenos: {polis}")
PANEL_CAPTURED = message("map.panel-captured", "Proxenos: captured")
PANEL_PIECES = message("map.panel-pieces", "Poleis {n} · cubes free {cubes}")
PANEL_PIECES_DISCS = message("map.panel-pieces-discs", "Poleis {n} · cubes free {cubes} · discs free {discs}")
PANEL_BUILT = message("map.panel-built", "{project} ({polis})")
PANEL_STARTED = message("map.panel-started", "{project} ({polis}, started)")
PANEL_PROJECTS = message("map.panel-projects", "Projects: {projects}")
PANEL_NO_PROJECTS = message("map.panel-no-projects", "Projects: none")
LEGEND = (("athens", message("map.legend-athens", "Athens controls")),
          ("sparta", message("map.legend-sparta", "Sparta controls")),
          ("neutral", message("map.legend-neutral", "No one controls")),
          ("sea", message("map.legend-sea", "Sea, no one controls")),
          ("sea-athens", message("map.legend-sea-athens", "Sea Athens controls")),
          ("sea-sparta", message("map.legend-sea-sparta", "Sea Sparta controls")),
          ("wild", message("map.legend-wild", "No unit may enter")),
          ("diolkos", message("map.legend-diolkos", "Diolkos (Isthmus)")))
LEGEND_CHOICE = message("map.legend-choice", "A choice now")
LEGEND_NAME = message("map.legend-name", "Key to the colours")
LEGEND_TITLE = message("map.legend-title", "Key")
SUMMARY = message("map.summary", "Polis board, round {round}: Athens prestige {a}, Sparta prestige {b}; {status}")

# The sides differ in lightness as well as in hue, so the map reads in greyscale and for a reader who
# cannot tell blue from red: Athens a dark blue, Sparta a lighter red (white type on both at 4.5:1 or
# more); a territory a side controls a light tint of it, Athens' darker than Sparta's, both darker than
# a territory no one controls (tests/render/test_colours.py).
SIDE_COLOUR = ("#1c4480", "#d13b2f")  # Athens blue, Sparta red: units, poleis, panels, taken offers
LAND_COLOUR = ("#7d9fca", "#eeae9c")  # a territory Athens, Sparta controls
NEUTRAL_LAND = "#eadfc0"
LAND_BASE = "#f3ecd9"
WILD_LAND = "#e9e6df"
WATER = "#cfe1ee"
INK = "#2d2a26"
MARK_COLOURS = {"green": "#2f9e44", "red": "#f03e3e", "blue": "#1971c2", "yellow": "#f0b400"}
GOOD_COLOURS = {"metal": "#7b8794", "iron": "#4a5568", "wood": "#8a5a2b", "wine": "#7b2d8b", "oil": "#a39000",
                "silver": "#b8c2cc", "wheat": "#d9a21b"}
BLACK_CUBE = "#111111"
OFFER_W, OFFER_H = geo.OFFER_W, geo.OFFER_H

# A place that is a choice now: a gold line edged in a dark amber that stands out at 3:1 or more against
# every colour around it (land, sea, the market box; the gold against the dark 5:1 or more).
CHOICE = "#5a3700"
GOLD = "#f0b400"
HATCH_OPACITY = (".55", ".4")  # a sea's stripes: Athens' darker than Sparta's
# While a place is being chosen the others are dimmed by colour, never by opacity, so their words keep
# 4.5:1 against what is behind them: a polis or a taken offer a pale tint of its side's colour under dark
# type, the other type a muted ink.
DIM_COLOUR = ("#b4c3d9", "#f5d2cb")  # Athens, Sparta
DIM_INK = "#4f473c"
LATER_CELL = "#f3f1ec"  # an offer not offered yet this round (its words in muted ink)

# every rule is scoped to the board's root class, so an SVG inlined in a page styles only itself;
# no type is smaller than 13.5 units (over 11 pixels on a board 850 pixels wide)
_RULES = (
    "text{font-family:sans-serif;fill:#2d2a26;font-size:13.5px}",
    ".area{stroke:#6b5d48;stroke-width:1;stroke-linejoin:round}",
    ".area.sea{stroke:#fff;stroke-width:1.4;stroke-dasharray:6 4}",
    ".hatch{fill:none;stroke-width:3;pointer-events:none}",
    ".area:focus,.polis:focus,.offer:focus{outline:none}",
    f".area.legal{{stroke:{CHOICE};stroke-width:5.5;stroke-dasharray:none}}",
    f".polis.legal .disc{{stroke:{GOLD};stroke-width:3}}",
    f".offer.legal .cell{{stroke:{CHOICE};stroke-width:3}}",
    f".choice{{fill:none;stroke:{CHOICE};stroke-width:2.5;pointer-events:none}}",
    f".choice-in{{fill:none;stroke:{GOLD};stroke-width:2;stroke-linejoin:round;pointer-events:none}}",
    f".market.legal .box{{stroke:{CHOICE};stroke-width:3.5}}",
    # the focus ring comes after the choice outline: it wins
    ".area:focus-visible{stroke:#000;stroke-width:3}",
    ".area:focus-visible+.choice-in,.area:focus-visible+.hatch+.choice-in{display:none}",
    ".polis:focus-visible .disc,.offer:focus-visible .cell{stroke:#000;stroke-width:3.5}",
    ".choosing .area.land:not(.legal){fill-opacity:.5}",
    ".choosing .area.sea:not(.legal){stroke-opacity:.45}",
    ".choosing .area:not(.legal)+.hatch.athens{stroke-opacity:.3}",
    ".choosing .area:not(.legal)+.hatch.sparta{stroke-opacity:.2}",
    ".choosing .polis:not(.legal) .disc{stroke:#8a8275}",
    f".choosing .polis:not(.legal) .athens,.choosing .offer:not(.legal) .athens{{fill:{DIM_COLOUR[0]}}}",
    f".choosing .polis:not(.legal) .sparta,.choosing .offer:not(.legal) .sparta{{fill:{DIM_COLOUR[1]}}}",
    f".choosing .polis:not(.legal) text,.choosing .offer:not(.legal) text{{fill:{DIM_INK}}}",
    ".choosing .offer:not(.legal) .cell{stroke:#a0a7b0}",
    ".lbl{font-size:15px;font-weight:bold;letter-spacing:.2px;fill:#4a3d29;text-anchor:middle;"
    "paint-order:stroke;stroke:#f3ecd9;stroke-width:3.5px;stroke-linejoin:round}",
    ".sealbl{font-size:15px;font-style:italic;fill:#2f5d7e;text-anchor:middle;"
    "paint-order:stroke;stroke:#e4eef5;stroke-width:3.5px;stroke-linejoin:round}",
    ".pn{font-size:13.5px;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px;"
    "stroke-linejoin:round}",
    ".pv{font-size:13.5px;font-weight:bold;text-anchor:middle}",
    ".cnt{font-size:13.5px;font-weight:bold;fill:#fff}",
    ".md{font-size:14px}", ".lg{font-size:17px;font-weight:bold}", ".hd{font-size:15px;font-weight:bold}",
    ".ctr{text-anchor:middle}", ".end{text-anchor:end}", ".start{text-anchor:start}",
    ".w{fill:#fff}", ".b{font-weight:bold}", ".mute{fill:#5f5648}",
    ".halo{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}",
    ".route{fill:none;stroke:#6d8ea6;stroke-width:1.8;stroke-dasharray:6 4}",
    ".lroute{fill:none;stroke:#8a7552;stroke-width:1.8;stroke-dasharray:2 3}",
    ".marks,.legend{pointer-events:none}",
)


def _scoped(rule: str) -> str:
    """A rule for this board only: ``.choosing`` is a class of the board's root itself."""
    sel, body = rule.split("{", 1)
    return ",".join(f".polis-board.choosing {x[10:]}" if x.startswith(".choosing ") else f".polis-board {x}"
                    for x in sel.split(",")) + "{" + body


STYLE = "<style>" + "".join(_scoped(r) for r in _RULES) + "</style>"


def _f(v: float) -> str:
    """A coordinate with at most one decimal ("12", "12.5")."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def _e(x) -> str:
    return escape(str(x), quote=True)


def _d(polys) -> str:
    """Path data for one or more closed polygons."""
    return "".join("M" + " ".join(f"{_f(x)},{_f(y)}" for x, y in pts) + "Z" for pts in polys)


def _text(x: float, y: float, s: str, cls: str = "", extra: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f'<text x="{_f(x)}" y="{_f(y)}"{c}{extra}>{_e(s)}</text>'


def _cls(base: str, ident: str, highlight) -> str:
    return base + " legal" if ident in highlight else base


# --- context ---------------------------------------------------------------------------------
PLACE_CONTROL, PLACE_PICTURE = ' role="button" tabindex="0"', ' role="img"'  # what a place is on a map


class _Ctx:
    __slots__ = ("s", "b", "comp", "hl", "ctrl", "place", "_names", "_lang", "_terms")

    def __init__(self, s: State, highlight, interactive: bool = False) -> None:
        self.s = s
        self.b: Topology = topology_of(s)
        self.comp = self.b.comp
        self.hl = frozenset(highlight)
        self.ctrl = tuple(ATHENS if a > b else SPARTA if b > a else NEUTRAL for a, b in s.units)
        # a place of the map: a control where a click does something, else a named part of the picture
        self.place = PLACE_CONTROL if interactive else PLACE_PICTURE
        self._names: dict[tuple[str, str], str] = {}
        self._lang = get_language()  # the words of one drawing in one language, its terms as this set names them
        self._terms = names_for(s.components)

    def name(self, kind: str, ident: str) -> str:
        """A place's, a good's or a project's name in the current language (English: the component set's)."""
        key = (kind, ident)
        if key not in self._names:
            self._names[key] = self.say("{%s}" % kind, **{kind: ident})
        return self._names[key]

    def say(self, msg, **args) -> str:
        return render(msg, args, self._lang, self._terms)


def _fallback(i: int) -> tuple[float, float]:
    """Anchor for an id the geometry does not know (custom component sets)."""
    return (30.0 + 40.0 * (i % 20), 630.0 - 30.0 * (i // 20))


# --- static layers (depend only on the geometry and the component names) ---------------------
_WATER_RECT = f'<rect class="water" x="0" y="0" width="{geo.WIDTH}" height="{geo.HEIGHT}" fill="{WATER}"/>'


@lru_cache(maxsize=64)
def _hatch_d(area_id: str) -> str:
    """Path data of the stripes that mark a controlled sea (cut to the map)."""
    polys = geo.AREAS.get(area_id)
    if polys is None:
        return ""
    return "".join(f"M{_f(a[0])},{_f(a[1])}L{_f(b[0])},{_f(b[1])}" for a, b in geo.stripes(polys, 13.0))


@lru_cache(maxsize=64)
def _area_d(area_id: str) -> str | None:
    polys = geo.AREAS.get(area_id)
    return _d(polys) if polys is not None else None


@lru_cache(maxsize=8)
def _static_routes() -> str:
    parts = ['<g class="routes" pointer-events="none">']
    for pts in geo.MARKET_ROUTES.values():
        parts.append(f'<path class="route" d="M{" ".join(f"{_f(x)},{_f(y)}" for x, y in pts)}"/>')
    for a, b in geo.LAND_ROUTES.values():
        parts.append(f'<path class="lroute" d="M{_f(a[0])},{_f(a[1])} {_f(b[0])},{_f(b[1])}"/>')
    parts.append("</g>")
    return "".join(parts)


@lru_cache(maxsize=8)
def _static_land(territories: tuple[str, ...]) -> str:
    polys = [p for a in territories for p in geo.AREAS.get(a, ())]
    return (f'<path class="landbase" d="{_d(polys)}" fill="{LAND_BASE}"/>'
            f'<g class="wild">'
            + "".join(f'<path data-land="{_e(k)}" d="{_d((v,))}" fill="{WILD_LAND}" stroke="#9a9182" '
                      f'stroke-width=".8" stroke-dasharray="3 2"/>' for k, v in geo.WILD.items())
            + f'<path d="{_d(geo.DECOR)}" fill="{WILD_LAND}" stroke="#9a9182" stroke-width=".6"/></g>')


# --- areas -----------------------------------------------------------------------------------
def _area_attrs(ctx: _Ctx, i: int) -> tuple[str, str, str]:
    a = ctx.comp.areas[i]
    kind = "sea" if a.kind == "sea" else "land"
    n_a, n_s = ctx.s.units[i]
    label = ctx.say(AREA_LABEL, area=a.id, controls=controller_words(ctx.ctrl[i]), a=n_a, b=n_s)
    return kind, _cls(f"area {kind}", a.id, ctx.hl), label


def _area(ctx: _Ctx, i: int, fill: str, opacity: str, after: str = "") -> str:
    """An area's path, then ``after`` (a sea's stripes), then where it is a choice now the gold line
    along its dark outline (hidden while the area has the focus: the focus ring shows alone)."""
    a = ctx.comp.areas[i]
    kind, cls, label = _area_attrs(ctx, i)
    d = _area_d(a.id)
    if d is None:
        x, y = _fallback(i)
        d = _d((((x - 15, y - 10), (x + 15, y - 10), (x + 15, y + 10), (x - 15, y + 10)),))
    gold = f'<path class="choice-in" d="{d}"/>' if a.id in ctx.hl else ""
    return (f'<path id="area-{_e(a.id)}" class="{cls}" data-area="{_e(a.id)}"{ctx.place} '
            f'aria-label="{_e(label)}" fill="{fill}" fill-opacity="{opacity}" d="{d}"/>{after}{gold}')


def _choices_last(ctx: _Ctx, areas) -> list[int]:
    """The areas in drawing order: those that are a choice now after the others, so that no neighbour
    drawn later covers the outer half of their outline."""
    ids = ctx.comp.areas
    return [i for i in areas if ids[i].id not in ctx.hl] + [i for i in areas if ids[i].id in ctx.hl]


def draw_seas(ctx: _Ctx) -> str:
    """Seas stay water-coloured; one a side controls carries diagonal stripes in its colour."""
    out = ['<g class="seas">']
    for i in _choices_last(ctx, ctx.b.seas):
        c = ctx.ctrl[i]
        aid = ctx.comp.areas[i].id
        hatch = (f'<path class="hatch {PLAYERS[c]}" data-area="{_e(aid)}" d="{_hatch_d(aid)}" '
                 f'stroke="{SIDE_COLOUR[c]}" '
                 f'stroke-opacity="{HATCH_OPACITY[c]}"/>' if c != NEUTRAL else "")
        out.append(_area(ctx, i, WATER, "1", hatch))
    out.append("</g>")
    return "".join(out)


def draw_lands(ctx: _Ctx) -> str:
    out = ['<g class="lands">']
    for i in _choices_last(ctx, ctx.b.territories):
        c = ctx.ctrl[i]
        out.append(_area(ctx, i, NEUTRAL_LAND if c == NEUTRAL else LAND_COLOUR[c], "1"))
    out.append("</g>")
    return "".join(out)


def draw_labels(ctx: _Ctx) -> str:
    out = ['<g class="labels" pointer-events="none" aria-hidden="true">']  # the areas' names say them
    for i, a in enumerate(ctx.comp.areas):
        x, y = geo.LABELS.get(a.id) or _fallback(i)
        out.append(_text(x, y, ctx.name("area", a.id), "lbl" if a.kind == "land" else "sealbl"))
    out.append("</g>")
    return "".join(out)


def draw_diolkos(ctx: _Ctx) -> str:
    (x1, y1), (x2, y2) = geo.DIOLKOS
    o = ctx.s.owner[ctx.b.diolkos[0]]
    col = SIDE_COLOUR[o] if o in (ATHENS, SPARTA) else "#6b5d48"
    return (f'<g class="diolkos" pointer-events="none"><path d="M{_f(x1)},{_f(y1)} {_f(x2)},{_f(y2)}" '
            f'stroke="{col}" stroke-width="3" stroke-dasharray="2 2"/></g>')


def draw_tribute(ctx: _Ctx) -> str:
    out = ['<g class="tributes" pointer-events="none">']
    for t in ctx.s.tribute_done:
        a = ctx.comp.areas[t]
        if a.id in geo.LABELS:  # a "T" disc just after the territory's name
            lx, ly = geo.LABELS[a.id]
            x, y = lx + len(ctx.name("area", a.id)) * 4.6 + 13, ly - 5
        else:
            x, y = geo.TRIBUTE.get(a.id) or _fallback(t)
        out.append(f'<g class="tribute" data-area="{_e(a.id)}" role="img" '
                   f'aria-label="{_e(ctx.say(TRIBUTE_PAID, area=a.id))}"><circle cx="{_f(x)}" cy="{_f(y)}" r="9.5" '
                   f'fill="#b7791f" stroke="#fff" stroke-width="1.4"/>'
                   + _text(x, y + 5, say(TRIBUTE_MARK), "ctr w b") + "</g>")
    out.append("</g>")
    return "".join(out)


# --- units -------------------------------------------------------------------------------------
BADGE_W, BADGE_H = 36.0, 18.0


def _badge(x: float, y: float, p: int, n: int, sea: bool) -> str:
    """A count badge: hoplites (a shield) or galleys (a hull), in the side's colour."""
    col = SIDE_COLOUR[p]
    if sea:
        icon = (f'<path d="M{_f(x + 3)},{_f(y + 8)} h12 l-2.5,5 h-7z M{_f(x + 9)},{_f(y + 2.5)} v5.5" fill="#fff" '
                f'stroke="#fff" stroke-width="1.2"/>')
    else:
        icon = f'<circle cx="{_f(x + 9)}" cy="{_f(y + 9)}" r="5" fill="#fff"/>'
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(BADGE_W)}" height="{_f(BADGE_H)}" rx="3.5" fill="{col}" '
            f'stroke="#fff" stroke-width="1.2"/>{icon}' + _text(x + 25.5, y + 14, str(n), "cnt ctr"))


def draw_units(ctx: _Ctx) -> str:
    out = ['<g class="unitlayer" pointer-events="none">']
    if ctx.s.battle is not None:
        a = ctx.comp.areas[ctx.s.battle.area]
        x, y = geo.UNITS.get(a.id) or _fallback(ctx.s.battle.area)
        out.append(f'<g class="battle" data-area="{_e(a.id)}"><rect x="{_f(x - 22)}" y="{_f(y - 23)}" width="44" '
                   f'height="46" rx="6" fill="#fff3bf" fill-opacity=".6" stroke="#e8590c" stroke-width="2.5" '
                   f'stroke-dasharray="4 2"/>' + _text(x - 25, y + 5, say(BATTLE), "end b halo") + "</g>")
    for i, (n_a, n_s) in enumerate(ctx.s.units):
        if not (n_a or n_s):
            continue
        a = ctx.comp.areas[i]
        x, y = geo.UNITS.get(a.id) or _fallback(i)
        sea = a.kind == "sea"
        kind = "galleys" if sea else "hoplites"
        for p, n, dy in ((ATHENS, n_a, -BADGE_H - 1.0), (SPARTA, n_s, 0.0)):
            if n:
                out.append(f'<g class="units" data-area="{_e(a.id)}" data-player="{PLAYERS[p]}" data-kind="{kind}" '
                           'aria-hidden="true">'
                           + _badge(x - BADGE_W / 2, y + dy, p, n, sea) + "</g>")
    out.append("</g>")
    return "".join(out)


# --- poleis -----------------------------------------------------------------------------------
def _polis_label(ctx: _Ctx, i: int) -> str:
    p = ctx.comp.poleis[i]
    s = ctx.s
    where = (ctx.name("area", ctx.comp.areas[ctx.b.polis_area[i]].id) if ctx.b.polis_area[i] >= 0
             else say(POLIS_WILD))
    o = s.owner[i]
    extra = []
    if p.capital_of:
        extra.append(ctx.say(CAPITAL, side=p.capital_of))
    if p.trade_city_of:
        extra.append(ctx.say(TRADE_CITY, side=p.trade_city_of))
    for q in (ATHENS, SPARTA):
        if s.proxenos[q] == i:
            extra.append(say(PROXENOS_HERE[q]))
    extra += [_siege_disc_words(ctx, i, q) for j, q in s.siege_discs if j == i]
    facts = Phrase(FACTS, {"facts": "; ".join(extra)}) if extra else ""
    if o in (ATHENS, SPARTA):
        return ctx.say(POLIS_OWNED, polis=p.id, value=_polis_value(s, i, p), where=where, side=PLAYERS[o], n=s.pop[i],
                       base=p.base, facts=facts)
    return ctx.say(POLIS_NEUTRAL, polis=p.id, value=_polis_value(s, i, p), where=where, base=p.base, facts=facts)


def _siege_disc_words(ctx: _Ctx, i: int, q: int) -> str:
    """A siege disc of side ``q`` beside polis ``i`` in words (as :func:`.text.siege_disc_words` says it)."""
    b = ctx.b
    where = Phrase(SIEGE_WHERE, {"area": b.area_ids[b.polis_area[i]]}) if b.polis_area[i] >= 0 else ""
    return ctx.say(SIEGE_DISC[q], polis=b.polis_ids[i], where=where)


def _polis_value(s: State, i: int, p) -> str:
    """What a polis disc shows: population/base where a side owns it, else its base."""
    return f"{s.pop[i]}/{p.base}" if s.owner[i] in (ATHENS, SPARTA) else str(p.base)


def _radius(p) -> float:
    """Radius of a polis disc (a capital's is larger)."""
    return 17.5 if p.capital_of else 15.0


def _proxenos(x: float, y: float, p: int, polis_name: str) -> str:
    """A proxenos in the polis ``polis_name`` (a name as said, or its id where the terms know it)."""
    col = SIDE_COLOUR[p]
    words = say(PROXENOS_IN[p], place=polis_name)
    return (f'<g class="proxenos" data-player="{PLAYERS[p]}" role="img" aria-label="{_e(words)}">'
            f'<path d="M{_f(x - 6.5)},{_f(y + 9)} L{_f(x)},{_f(y - 2)} L{_f(x + 6.5)},{_f(y + 9)}Z" '
            f'fill="{col}" stroke="#fff" stroke-width="1.2"/><circle cx="{_f(x)}" cy="{_f(y - 5)}" r="4.2" '
            f'fill="{col}" stroke="#fff" stroke-width="1.2"/></g>')


def _siege_discs(ctx: _Ctx) -> str:
    """Siege discs (second edition): small discs in the besieger's colour at the lower left of the
    polis, side by side when there are several."""
    out = []
    seen: dict[int, int] = {}
    words = {}
    for i, q in ctx.s.siege_discs:
        if not 0 <= i < len(ctx.comp.poleis):
            continue
        p = ctx.comp.poleis[i]
        x, y = geo.POLEIS.get(p.id) or _fallback(40 + i)
        r = _radius(p)
        k = seen.get(i, 0)
        seen[i] = k + 1
        cx, cy = x - r - 1 - 11.0 * k, y + r - 3
        if (i, q) not in words:
            words[(i, q)] = _siege_disc_words(ctx, i, q)
        label = words[(i, q)]
        out.append(f'<g class="siege-disc" data-siege="{_e(p.id)}" data-player="{PLAYERS[q]}" role="img" '
                   f'aria-label="{_e(label)}" pointer-events="none"><title>{_e(label)}</title>'
                   f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="5.5" fill="{SIDE_COLOUR[q]}" stroke="#fff" '
                   f'stroke-width="1.4"/></g>')
    return "".join(out)


def _name(x: float, y: float, r: float, pid: str, name: str) -> str:
    side = geo.POLIS_NAME_SIDE.get(pid, "below")
    if side == "above":
        return _text(x, y - r - 5, name, "pn")
    if side == "left":
        return _text(x - r - 4, y + 5, name, "pn end")
    if side == "right":
        return _text(x + r + 4, y + 5, name, "pn start")
    return _text(x, y + r + 14, name, "pn")


def draw_poleis(ctx: _Ctx) -> str:
    s = ctx.s
    out = ['<g class="poleis">']
    for i, p in enumerate(ctx.comp.poleis):
        x, y = geo.POLEIS.get(p.id) or _fallback(40 + i)
        o = s.owner[i]
        r = _radius(p)
        owned = o in (ATHENS, SPARTA)
        fill, tcls = (SIDE_COLOUR[o], "pv w") if owned else ("#fffdf6", "pv")
        disc = f"disc {PLAYERS[o]}" if owned else "disc"
        val = _polis_value(s, i, p)
        ring = (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r - 3)}" fill="none" stroke="#fff" stroke-width="1.2"/>'
                if p.capital_of else "")
        trade = (f'<rect class="{p.trade_city_of}" x="{_f(x + r - 6)}" y="{_f(y + r - 8)}" width="8.5" height="8.5" '
                 f'fill="{SIDE_COLOUR[PLAYERS.index(p.trade_city_of)]}" stroke="#fff" stroke-width="1.2"/>'
                 if p.trade_city_of and not p.capital_of else "")
        if p.id in ctx.hl:  # a choice now: a dark ring just outside the disc's gold edge
            ring += f'<circle class="choice" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r + 3)}"/>'
        # the name before the value, a space between them: the text a reader sees is "Athenai 5/5", as the
        # accessible name begins
        out.append(f'<g id="polis-{_e(p.id)}" class="{_cls("polis", p.id, ctx.hl)}" data-polis="{_e(p.id)}"'
                   f'{ctx.place} aria-label="{_e(_polis_label(ctx, i))}">'
                   f'<circle class="{disc}" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="{INK}" '
                   f'stroke-width="1.4"/>{ring}{trade}'
                   + _name(x, y, r, p.id, ctx.name("polis", p.id)) + " " + _text(x, y + 4.8, val, tcls) + "</g>")
    out.append(_siege_discs(ctx))
    for q, dx in ((ATHENS, -15.0), (SPARTA, 15.0)):
        i = s.proxenos[q]
        if 0 <= i < len(ctx.comp.poleis):
            p = ctx.comp.poleis[i]
            x, y = geo.POLEIS.get(p.id) or _fallback(40 + i)
            out.append(_proxenos(x + dx, y - _radius(p) - 4, q, ctx.name("polis", p.id)))
    out.append("</g>")
    return "".join(out)


# --- trade ships --------------------------------------------------------------------------------
def _ship(x: float, y: float, col: str, k: float = 1.0) -> str:
    """A small trade ship: hull and sail, its hull centred on (x, y), ``k`` times the usual size."""
    return (f'<path d="M{_f(x - 8 * k)},{_f(y - 2 * k)} h{_f(16 * k)} l{_f(-3 * k)},{_f(5 * k)} h{_f(-10 * k)}z" '
            f'fill="{col}" stroke="#fff" stroke-width=".8"/>'
            f'<path d="M{_f(x)},{_f(y - 3 * k)} v{_f(-9 * k)} l{_f(6 * k)},{_f(8 * k)}z" fill="#fff" stroke="{col}" '
            f'stroke-width=".8"/>')


def draw_ports(ctx: _Ctx) -> str:
    out = ['<g class="ports" pointer-events="none">']
    for p in (ATHENS, SPARTA):
        x, y = geo.TRADE_PORTS.get(PLAYERS[p], _fallback(60 + p))
        n = ctx.s.ships_port[p]
        words = ctx.say(PORT, side=PLAYERS[p], n=n, ships=ships_word(ctx.comp))
        out.append(f'<g class="port" data-player="{PLAYERS[p]}" role="img" aria-label="{_e(words)}">'
                   f'<rect x="{_f(x - 16)}" y="{_f(y - 17)}" width="52" '
                   f'height="26" rx="4" fill="#fff" fill-opacity=".8" stroke="{SIDE_COLOUR[p]}" stroke-width="1.2"/>'
                   + _ship(x - 3, y + 1, SIDE_COLOUR[p], 1.2) + _text(x + 22, y + 2, f"×{n}", "md b ctr") + "</g>")
    out.append("</g>")
    return "".join(out)


# --- markets -----------------------------------------------------------------------------------
def _price_line(ctx: _Ctx, o, cx: float, y: float, tc: str) -> tuple[str, str]:
    """The price line of an offer and the words it shows: "for 3 wood", or for an offer that accepts
    several goods (Ed2) a colour square and the price of each ("for ■5 ■6"; shows "for 5 6"; the whole
    words are in the aria-label)."""
    if len(o.demand) == 1:
        words = ctx.say(PRICE, price=ctx.say(COST, n=price(ctx.s, o), good=o.demand[0]))
        return _text(cx, y, words, f"ctr{tc}"), words
    items = [(g, price(ctx.s, o, g)) for g in o.demand]
    room = OFFER_W - 6
    word = say(FOR)
    shown = [word] if _squares_width(items, word) <= room else []
    return _squares(items, cx, y, room, tc, word), " ".join(shown + [str(n) for _, n in items])


def _squares_width(items, prefix: str = "") -> float:
    """How wide :func:`_squares` draws ``items`` with ``prefix`` in front."""
    widths = [11.0 + 7.6 * len(str(n)) for _, n in items]
    return sum(widths) + 4.0 * (len(items) - 1) + (7.4 * len(prefix) + 3.0 if prefix else 0.0)


def _squares(items, cx: float, y: float, room: float, tc: str = "", prefix: str = "") -> str:
    """Goods and amounts as colour squares and numbers ("■5 ■6"), centred on cx, with ``prefix``
    in front when it fits in ``room``; where words do not fit (the aria-label says them)."""
    items = [(g, str(n)) for g, n in items]
    widths = [11.0 + 7.6 * len(n) for _, n in items]
    if prefix and _squares_width(items, prefix) > room:
        prefix = ""
    total = _squares_width(items, prefix)
    x = cx - total / 2
    out = []
    if prefix:
        out.append(_text(x, y, prefix, f"start{tc}"))
        x += 7.4 * len(prefix) + 3.0
    for (g, n), w in zip(items, widths):
        out.append(f'<rect x="{_f(x)}" y="{_f(y - 9)}" width="9" height="9" fill="{GOOD_COLOURS.get(g, "#999")}" '
                   f'stroke="#fff" stroke-width=".6"/>' + _text(x + 11, y, n, f"start{tc}"))
        x += w + 4.0
    return " ".join(out)


def _offer(ctx: _Ctx, m, o, x: float, y: float) -> str:
    """One offer: what it gives (bold, with the good's colour), what it costs, and, when it is not simply
    open, its state (taken: the side's colour and a ship; closed: crossed out; later: greyed, "from 5α";
    covered (Ed2): a black cube)."""
    st = offer_status(ctx.s, m, o)
    covered = offer_covered(ctx.s, o)
    fill, tc, cell, foot = "#ffffff", "", "cell", ""
    cx = x + OFFER_W / 2
    if st in ("athens", "sparta"):
        p = PLAYERS.index(st)
        fill, tc, cell, foot = SIDE_COLOUR[p], " w", f"cell {st}", _ship(cx, y + OFFER_H - 8, "#1a202c", 1.1)
    elif st == "closed":
        fill, foot = "#cbd2d9", (f'<path d="M{_f(x + 4)},{_f(y + 4)} L{_f(x + OFFER_W - 4)},{_f(y + OFFER_H - 4)}" '
                                 f'stroke="#7b8794" stroke-width="1.5"/>')
    elif st == "later":  # greyed by colour (its words in muted ink), not faded
        fill, tc = LATER_CELL, " mute"
    elif st == "covered":
        fill = "#e2e6ea"
    if o.id in ctx.hl:  # a choice now: a gold line just inside the cell's dark edge
        foot += (f'<rect class="choice-in" x="{_f(x + 2.5)}" y="{_f(y + 2.5)}" width="{_f(OFFER_W - 5)}" '
                 f'height="{_f(OFFER_H - 5)}" rx="2"/>')
    status = (say(OFFER_CLOSED) if st == "closed" else say(OFFER_COVERED) if st == "covered"
              else say(OFFER_FROM, round=_from_round(ctx, o)) if st == "later" else "")
    if covered:  # a black cube lies on the offer (Ed2); the status is written beside it
        foot += (f'<rect class="black-cube" x="{_f(x + 6)}" y="{_f(y + 38)}" width="13" height="13" rx="1.5" '
                 f'fill="{BLACK_CUBE}" stroke="#fff" stroke-width=".8"/>')
        status_el = _text(x + 23, y + 50, status, f"start{tc}", _fit(status, OFFER_W - 27)) if status else ""
    else:
        status_el = _text(cx, y + 50, status, f"ctr b{tc}", _fit(status, OFFER_W - 8)) if status else ""
    line, shown = _price_line(ctx, o, cx, y + 33, tc)
    return (f'<g class="{_cls("offer", o.id, ctx.hl)}" data-offer="{_e(o.id)}"{ctx.place} '
            f'aria-label="{_e(_offer_label(ctx, m, o, st, covered, shown))}">'
            f'<rect class="{cell}" x="{_f(x)}" y="{_f(y)}" width="{_f(OFFER_W)}" height="{_f(OFFER_H)}" rx="3.5" '
            f'fill="{fill}" stroke="#6b7785" stroke-width="1.2"/>'
            f'<rect x="{_f(x + 5)}" y="{_f(y + 6)}" width="9" height="9" fill="{GOOD_COLOURS.get(o.receive, "#999")}" '
            f'stroke="#fff" stroke-width=".6"/>'
            + " ".join(x for x in (_load_text(ctx, o, cx, y, tc), line, status_el) if x)
            + foot + "</g>")


def _from_round(ctx: _Ctx, o) -> str:
    """The first round an offer is offered in: its label (a term), or "never" in words."""
    return next((r.label for r in ctx.comp.rounds if r.max_load >= o.load), None) or first_round(ctx.comp, o.load)


def _fit(words: str, width: float) -> str:
    """The attributes that fit ``words`` into ``width`` when they are longer than an offer's English words
    ("5 silver", "covered", "from 5α"): a language's longer word ("zamknięte") is squeezed, not cut."""
    wide = len(words) > 8 and len(words) * 7.4 > width  # (about 7.4 px a letter at the offers' 13.5 px)
    return f' textLength="{_f(width)}" lengthAdjust="spacingAndGlyphs"' if wide else ""


def _load_text(ctx: _Ctx, o, cx: float, y: float, tc: str) -> str:
    """What an offer gives, in bold beside its good's colour ("3 wheat"); words longer than the longest English
    ones ("5 silver") are fitted into the cell (a language's longer name of a good: "3 Pszenica")."""
    words = ctx.say(LOAD, n=o.load, good=o.receive)
    return _text(cx + 6, y + 16, words, f"ctr b{tc}", _fit(words, OFFER_W - 24))


def _offer_label(ctx: _Ctx, m, o, st: str, covered: bool, shown: str) -> str:
    """An offer's accessible name: its market and slot, then the words it shows in the order it shows
    them ("2 wine for 3 wood", "… from 5α", "… closed"), then its state. Where the price shows as
    colour squares (Ed2: "for 5 6"), those numbers come first and the goods follow in brackets."""
    words = price_words(ctx.s, o)
    whole = ctx.say(PRICE, price=words)
    price_part = whole if shown == whole else ctx.say(PRICE_SHOWN, shown=shown, price=words)
    head = ctx.say(OFFER_HEAD, market=m.id, n=o.slot + 1, load=o.load, good=o.receive, price=price_part)
    if st == "later":
        return ctx.say(OFFER_LATER, head=head, round=_from_round(ctx, o), status=say(OFFER_STATUS_WORDS["later"]))
    label = ctx.say(OFFER_STATE, head=head, status=offer_status_words(ctx.comp, o, st))
    return ctx.say(ALSO_COVERED, label=label) if covered and st != "covered" else label


def _market_place(ctx: _Ctx, k: int, mid: str):
    return geo.MARKETS.get(mid) or (_fallback(80 + k), "h")


def draw_markets(ctx: _Ctx) -> str:
    out = ['<g class="markets">']
    for k, m in enumerate(ctx.comp.markets):
        corner, orient = _market_place(ctx, k, m.id)
        x, y, w, h = geo.market_box(corner, orient, len(m.offers))
        closed = m.id in ctx.s.closed
        via = " · ".join(ctx.name("area", a) for a in m.seas if a in ctx.b.area_index)
        if m.land_route_from:
            via = ctx.say(OVERLAND, seas=via, polis=m.land_route_from)
        label = ctx.say(MARKET_CLOSED if closed else MARKET, market=m.id, via=via)
        name = ctx.name("market", m.id)
        title = name if orient == "h" else name.split()[0]
        out.append(f'<g id="market-{_e(m.id)}" class="{_cls("market", m.id, ctx.hl)}" data-market="{_e(m.id)}" '
                   f'role="group" aria-label="{_e(label)}"><rect class="box" x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" '
                   f'height="{_f(h)}" rx="5" fill="#fbf7ee" stroke="#6b5d48" stroke-width="1.2"/>'
                   + _text(x + geo.BOX_PAD, y + 16,
                           say(TITLE_CLOSED, title=title) if closed and orient == "h" else title,
                           "hd"))
        for j, o in enumerate(m.offers):
            ox, oy = geo.offer_cell(corner, orient, j)
            out.append(_offer(ctx, m, o, ox, oy))
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


# --- bottom band: round track and panels ------------------------------------------------------
CHAR_W, BOLD_W = 7.0, 7.8  # about how wide a character of 13.5-unit type is (regular, bold)


def _lines_of(text: str, room: float, max_lines: int, char_w: float = CHAR_W, seps=(" · ", ", ", "; ", " ")
              ) -> list[str]:
    """Break ``text`` into at most ``max_lines`` lines of about ``room`` units, at the first kind of
    separator that fits; the last line ends with "…" when something is left over."""
    width = max(4, int(room / char_w))
    if len(text) <= width:
        return [text]
    sep = next((x for x in seps if x in text), " ")
    out: list[str] = []
    cur = ""
    for part in text.split(sep):
        nxt = f"{cur}{sep}{part}" if cur else part
        if len(nxt) > width and cur:
            out.append(cur + sep.rstrip())
            cur = part
        else:
            cur = nxt
    out.append(cur)
    out = [line if len(line) <= width else line[: width - 1] + "…" for line in out]
    if len(out) > max_lines:
        last = out[max_lines - 1].rstrip(",;·")
        out = out[: max_lines - 1] + [(last[: width - 2] if len(last) > width - 2 else last) + " …"]
    return out


def draw_track(ctx: _Ctx) -> str:
    s, comp = ctx.s, ctx.comp
    x0, y0 = geo.TRACK
    w = geo.TRACK_W
    out = [f'<g class="track"><rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(w)}" height="{_f(geo.PANEL_H)}" '
           f'rx="6" fill="#fbf7ee" stroke="#6b5d48"/>', _text(x0 + 8, y0 + 23, say(TRACK), "hd")]
    n = max(1, len(comp.rounds))
    cw = min(46.0, (w - 72 - 4 * (n - 1)) / n) if all(len(r.name) <= 3 for r in comp.rounds) \
        else (w - 72 - 4 * (n - 1)) / n
    names = [ctx.name("round", r.label) for r in comp.rounds]
    short = any(len(n) * BOLD_W > cw - 4 for n in names)  # "Alpha (Λ)" → "Alpha" on every cell
    for k, r in enumerate(comp.rounds):
        cx = x0 + 64 + k * (cw + 4)
        cur = k == s.round
        fill = "#2d2a26" if cur else ("#d8d2c4" if k < s.round else "#fff")
        name = names[k].split(" ")[0] if short else names[k]
        out.append(f'<g class="round{" current" if cur else ""}" data-round="{_e(r.label)}"><rect x="{_f(cx)}" '
                   f'y="{_f(y0 + 6)}" width="{_f(cw)}" height="23" rx="3" fill="{fill}" stroke="#6b5d48"/>'
                   + _text(cx + cw / 2, y0 + 23, name, "ctr b" + (" w" if cur else "")) + "</g>")
    rs = comp.rounds[s.round]
    limits = (say(STACKING, n=rs.stacking, loads=loads_words(s, comp)) if comp.market_covers
              else say(STACKING_LOADS, n=rs.stacking, m=rs.max_load))
    out.append(_text(x0 + 8, y0 + 48, limits))
    ev = (ctx.say(EVENT, event=s.event) if s.event else say(EVENT_NONE_YET) if s.phase == "start" else say(EVENT_NONE))
    line = _text(x0 + 8, y0 + 65, _lines_of(ev, w - 16, 1)[0])
    if s.event:  # the card's text as a tooltip (and for screen readers)
        card = describe_card(comp, s.event)
        tip = say(EVENT_TIP, name=card['name'], round=card['round'], text=card['text'])
        line = (f'<g class="event" data-event="{_e(s.event)}" role="img" aria-label="{_e(tip)}">'
                f'<title>{_e(tip)}</title>'
                f"{line}</g>")
    out.append(line)
    vals = tuple(Phrase(GOOD_VALUE, {"good": g, "n": v}) for g, v in zip(comp.market_goods, s.markers))
    out.append(_text(x0 + 8, y0 + 82, _lines_of(ctx.say(MARKET_VALUE, values=vals), w - 16, 1)[0]))
    out.append(_text(x0 + 8, y0 + 99, _lines_of(_status(ctx), w - 16, 1, BOLD_W)[0], "b"))
    shown = list(s.display)
    per_row = 3
    rows = max(1, -(-len(shown) // per_row))
    tw = (w - 16 - (per_row - 1) * 4) / per_row
    th = 58.0 if rows == 1 else 40.0
    for k, t in enumerate(shown):
        out.append(_project_tile(ctx, t, x0 + 8 + (k % per_row) * (tw + 4), y0 + 106 + (k // per_row) * (th + 4),
                                 tw, th))
    out.append("</g>")
    return "".join(out)


def _project_tile(ctx: _Ctx, t: str, x: float, y: float, w: float, h: float = 58.0) -> str:
    """A project tile on display: its name (two lines where it needs them and there is room) and its
    cost as colour squares with numbers (the words are in its aria-label)."""
    pr = ctx.b.project_index.get(t)
    name = ctx.name("project", t)
    costs = tuple(Phrase(COST, {"n": n, "good": g}) for g, n in pr.cost) if pr else ()
    label = ctx.say(PROJECT, project=t, ptype=pr.type, costs=costs, n=pr.prestige) if pr else name
    cx = x + w / 2
    lines = _lines_of(name, w - 6, 2 if h >= 58 else 1, BOLD_W, (" ",))
    body = "".join(_text(cx, y + 17 + 16 * k, line, "ctr b") for k, line in enumerate(lines))
    if pr is not None:
        body += _squares(pr.cost, cx, y + h - 7, w - 6)
    return (f'<g class="project" data-project="{_e(t)}" role="img" aria-label="{_e(label)}">'
            f'<rect x="{_f(x)}" y="{_f(y)}" '
            f'width="{_f(w)}" height="{_f(h)}" rx="3" fill="#fff" stroke="#8a7552"/>' + body + "</g>")


def _status(ctx: _Ctx) -> str:
    s = ctx.s
    if s.outcome is not None:
        o = s.outcome
        scores = Phrase(SCORES, {"a": o.scores[0], "b": o.scores[1]}) if o.scores else ""
        return say(WINS, side=o.winner, scores=scores) if o.winner else say(SHARED, scores=scores)
    if s.pending.player < 0:
        return say(CHANCE, prompt=prompt_words(s))
    return say(TO_MOVE, side=PLAYERS[s.pending.player], prompt=prompt_words(s))


def draw_panel(ctx: _Ctx, p: int) -> str:
    s, comp, b = ctx.s, ctx.comp, ctx.b
    x0, y0 = geo.PANELS[PLAYERS[p]]
    pw = geo.PANEL_W
    col = SIDE_COLOUR[p]
    name = say("{side}", side=PLAYERS[p]).upper()
    out = [f'<g class="panel" data-player="{PLAYERS[p]}"><rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(pw)}" '
           f'height="{_f(geo.PANEL_H)}" rx="6" fill="#fff" stroke="{col}" stroke-width="2"/>'
           f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(pw)}" height="28" rx="6" fill="{col}"/>',
           _text(x0 + 10, y0 + 20, name, "lg w"),
           _text(x0 + pw - 10, y0 + 20, say(PRESTIGE, n=s.prestige[p]), "lg w end")]
    flags = [say(w) for w, on in ((FLAG_TO_MOVE, s.pending.player == p and s.outcome is None),
                                  (FLAG_PASSED, p in s.passed)) if on]
    if flags:  # after the side's name (a language's longer name moves them right)
        out.append(_text(x0 + max(104.0, 18.0 + 11 * len(name)), y0 + 19, " · ".join(flags), "md w b"))
    n = max(1, len(comp.goods))
    gw = (pw - 16 - 3 * (n - 1)) / n
    for k, (g, cnt) in enumerate(zip(comp.goods, s.goods[p])):
        gx = x0 + 8 + k * (gw + 3)
        cx = gx + gw / 2
        out.append(f'<g class="good" data-good="{_e(g)}"><rect x="{_f(gx)}" y="{_f(y0 + 34)}" width="{_f(gw)}" '
                   f'height="42" rx="3" fill="#f7f3ea" stroke="#c9bfa9"/>'
                   + _text(cx, y0 + 50, ctx.name("good", g), "ctr")
                   + f'<rect x="{_f(cx - 15)}" y="{_f(y0 + 59)}" width="9" height="9" '
                   f'fill="{GOOD_COLOURS.get(g, "#999")}"/>' + _text(cx + 4, y0 + 70, str(cnt), "hd ctr") + "</g>")
    at_markets = sum(1 for o in s.offers if o == p)
    prox = (say(PANEL_CAPTURED) if s.proxenos[p] < 0
            else ctx.say(PANEL_PROXENOS, polis=comp.poleis[s.proxenos[p]].id))
    poleis = sum(1 for o in s.owner if o == p)
    discs = b.discs_free(s, p)
    pieces = (say(PANEL_PIECES, n=poleis, cubes=b.supply(s, p)) if discs is None
              else say(PANEL_PIECES_DISCS, n=poleis, cubes=b.supply(s, p), discs=discs))
    pr = [ctx.say(PANEL_BUILT if (t, i) in s.done else PANEL_STARTED, project=t, polis=comp.poleis[i].id)
          for t, i in s.started + s.done if 0 <= i < len(s.owner) and s.owner[i] == p]
    room = pw - 20
    ships = ships_word(comp)
    lines = (_lines_of(say(PANEL_SHIPS, ships=ships[:1].upper() + ships[1:] if english() else ships,
                           port=s.ships_port[p], markets=at_markets, free=b.ships_free(s, p)), room, 2)
             + _lines_of(prox, room, 1) + _lines_of(pieces, room, 1))
    lines += _lines_of(say(PANEL_PROJECTS, projects="; ".join(pr)) if pr else say(PANEL_NO_PROJECTS), room,
                       max(1, 6 - len(lines)))
    for k, line in enumerate(lines[:6]):
        out.append(_text(x0 + 10, y0 + 96 + 17 * k, line))
    out.append("</g>")
    return "".join(out)


def draw_band(ctx: _Ctx) -> str:
    return (f'<rect x="0" y="{_f(geo.MAP_BOTTOM)}" width="{geo.WIDTH}" height="{_f(geo.BAND_H)}" '
            f'fill="#efe8d8"/>' + draw_panel(ctx, ATHENS) + draw_track(ctx) + draw_panel(ctx, SPARTA))


# --- the key to the colours --------------------------------------------------------------------
def _swatch(x: float, y: float, kind: str) -> str:
    """A small sample of what a colour means on the map (22 × 14 units, top-left at x, y)."""
    box = f'x="{_f(x)}" y="{_f(y)}" width="22" height="14" rx="2"'
    if kind in ("athens", "sparta"):
        p = PLAYERS.index(kind)
        return f'<rect {box} fill="{LAND_COLOUR[p]}" stroke="#6b5d48"/>'
    if kind in ("sea-athens", "sea-sparta"):
        p = 0 if kind == "sea-athens" else 1
        cell = (((x, y), (x + 22, y), (x + 22, y + 14), (x, y + 14)),)
        lines = "".join(f"M{_f(a[0])},{_f(a[1])}L{_f(b[0])},{_f(b[1])}"
                        for a, b in geo.stripes(cell, 7.0, (x, y, x + 22, y + 14)))
        return (f'<rect {box} fill="{WATER}"/><path d="{lines}" stroke="{SIDE_COLOUR[p]}" stroke-opacity="{HATCH_OPACITY[p]}" '
                f'stroke-width="2.5"/><rect {box} fill="none" stroke="#8fb3cc"/>')
    if kind == "sea":
        return f'<rect {box} fill="{WATER}" stroke="#8fb3cc"/>'
    if kind == "neutral":
        return f'<rect {box} fill="{NEUTRAL_LAND}" stroke="#6b5d48"/>'
    if kind == "wild":
        return f'<rect {box} fill="{WILD_LAND}" stroke="#9a9182" stroke-dasharray="3 2"/>'
    if kind == "diolkos":
        return (f'<path d="M{_f(x + 1)},{_f(y + 7)}H{_f(x + 21)}" stroke="#6b5d48" stroke-width="3" '
                f'stroke-dasharray="2 2"/>')
    return choice_sample(x, y, 22, 14)


def choice_sample(x: float, y: float, w: float, h: float) -> str:
    """The look of a place that is a choice now, as a box: the dark outline with the gold line inside."""
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="2" fill="#fff" stroke="{CHOICE}" '
            f'stroke-width="3"/><rect x="{_f(x + 2.5)}" y="{_f(y + 2.5)}" width="{_f(w - 5)}" height="{_f(h - 5)}" '
            f'rx="1" fill="none" stroke="{GOLD}" stroke-width="2"/>')


def draw_legend(ctx: _Ctx) -> str:
    """The key to the map's colours (and, when places are highlighted, to the outline of a choice)."""
    items = [(kind, say(words)) for kind, words in LEGEND + ((("legal", LEGEND_CHOICE),) if ctx.hl else ())]
    x, y = geo.LEGEND
    h = 26 + geo.LEGEND_ROW * len(items)
    out = [f'<g class="legend" role="group" aria-label="{_e(say(LEGEND_NAME))}">'
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(geo.LEGEND_W)}" '
           f'height="{_f(h)}" rx="5" fill="#fbf7ee" fill-opacity=".92" stroke="#8a7552"/>',
           _text(x + 8, y + 18, say(LEGEND_TITLE), "hd")]
    for k, (kind, words) in enumerate(items):
        yy = y + 26 + geo.LEGEND_ROW * k
        out.append(_swatch(x + 8, yy + 1, kind) + _text(x + 36, yy + 13, words))
    out.append("</g>")
    return "".join(out)


# --- marks -------------------------------------------------------------------------------------
def _target_point(ctx: _Ctx, t: str):
    b = ctx.b
    if t in b.area_index:
        return geo.UNITS.get(t) or _fallback(b.area_index[t])
    if t in b.polis_index:
        return geo.POLEIS.get(t) or _fallback(40 + b.polis_index[t])
    if t in b.market_index:
        corner, orient = _market_place(ctx, b.market_index[t], t)
        x, y, w, h = geo.market_box(corner, orient, len(ctx.comp.markets[b.market_index[t]].offers))
        return (x + w / 2, y + h / 2)
    if t in b.offer_index:
        m, slot = t.split(".")
        corner, orient = _market_place(ctx, b.market_index[m], m)
        x, y = geo.offer_cell(corner, orient, int(slot))
        return (x + OFFER_W / 2, y + OFFER_H / 2)
    return None


def _arrow(p1, p2, col: str) -> str:
    (x1, y1), (x2, y2) = p1, p2
    dx, dy = x2 - x1, y2 - y1
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / n, dy / n
    sx, sy = x1 + ux * 10, y1 + uy * 10
    ex, ey = x2 - ux * 12, y2 - uy * 12
    bx, by = ex - ux * 14, ey - uy * 14
    return (f'<path d="M{_f(sx)},{_f(sy)} L{_f(bx)},{_f(by)}" stroke="{col}" stroke-width="5" '
            f'stroke-linecap="round" opacity=".85"/>'
            f'<path d="M{_f(ex)},{_f(ey)} L{_f(bx - uy * 9)},{_f(by + ux * 9)} L{_f(bx + uy * 9)},{_f(by - ux * 9)}Z" '
            f'fill="{col}" opacity=".9"/>')


def _ring(ctx: _Ctx, t: str, col: str) -> str:
    b = ctx.b
    if t in b.area_index and t in geo.AREAS:
        return (f'<path d="{_area_d(t)}" fill="{col}" fill-opacity=".12" stroke="{col}" stroke-width="4" '
                f'stroke-linejoin="round"/>')
    pt = _target_point(ctx, t)
    if pt is None:
        return ""
    if t in b.market_index:
        corner, orient = _market_place(ctx, b.market_index[t], t)
        x, y, w, h = geo.market_box(corner, orient, len(ctx.comp.markets[b.market_index[t]].offers))
        return (f'<rect x="{_f(x - 3)}" y="{_f(y - 3)}" width="{_f(w + 6)}" height="{_f(h + 6)}" '
                f'rx="7" fill="none" stroke="{col}" stroke-width="4"/>')
    if t in b.offer_index:
        return (f'<rect x="{_f(pt[0] - OFFER_W / 2 - 3)}" y="{_f(pt[1] - OFFER_H / 2 - 3)}" width="{_f(OFFER_W + 6)}" '
                f'height="{_f(OFFER_H + 6)}" rx="5" fill="none" stroke="{col}" stroke-width="4"/>')
    return f'<circle cx="{_f(pt[0])}" cy="{_f(pt[1])}" r="19" fill="none" stroke="{col}" stroke-width="4"/>'


def draw_marks(ctx: _Ctx, marks) -> str:
    if not marks:
        return ""
    out = ['<g class="marks">']
    for m in marks:
        kind = str(getattr(m, "kind", ""))
        targets = tuple(str(t) for t in getattr(m, "targets", ()))
        colour = str(getattr(m, "colour", "green"))
        col = MARK_COLOURS.get(colour, MARK_COLOURS["green"])
        body = ""
        if kind == "arrow" and len(targets) >= 2:
            p1, p2 = _target_point(ctx, targets[0]), _target_point(ctx, targets[1])
            if p1 is not None and p2 is not None:
                body = _arrow(p1, p2, col)
        else:
            body = "".join(_ring(ctx, t, col) for t in targets)
        out.append(f'<g class="mark" data-kind="{_e(kind)}" data-colour="{_e(colour)}">'
                   f'<title>{_e(mark_words(ctx.b, m))}</title>{body}</g>')
    out.append("</g>")
    return "".join(out)


# --- the whole board ---------------------------------------------------------------------------
def _summary(ctx: _Ctx) -> str:
    s, comp = ctx.s, ctx.comp
    return ctx.say(SUMMARY, round=comp.rounds[s.round].label, a=s.prestige[0], b=s.prestige[1], status=_status(ctx))


def svg_layers(state: State, *, marks=(), size=None, highlight=(), title=None, interactive: bool = False
               ) -> tuple[dict, list]:
    """The board as (attributes of the root <svg>, [(layer name, markup), ...]) in drawing order.

    Widgets send this form so the browser re-parses only the layers that changed; :func:`svg`
    joins it into one document, each layer in ``<g data-layer="name">``. ``interactive``: the map of a
    widget where a click on a place does something: the board is a group of controls (its places are
    buttons, and with ``highlight`` the places that are no choice are dimmed); otherwise it is a
    picture (``role="img"``) whose places are named parts, none of them focusable.
    """
    ctx = _Ctx(state, highlight, interactive)
    name = title if title is not None else _summary(ctx)
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {geo.WIDTH} {geo.HEIGHT}"}
    if size:
        attrs["width"], attrs["height"] = str(int(size)), str(int(round(int(size) * geo.HEIGHT / geo.WIDTH)))
    attrs.update({"role": "group" if interactive else "img", "aria-label": name,
                  "class": "polis-board choosing" if ctx.hl and interactive else "polis-board"})
    territories = tuple(ctx.comp.areas[i].id for i in ctx.b.territories)
    layers = [
        ("title", f"<title>{_e(name)}</title>"),
        ("style", STYLE),
        ("water", _WATER_RECT),
        ("seas", draw_seas(ctx)),
        ("wild", _static_land(territories)),
        ("lands", draw_lands(ctx)),
        ("routes", _static_routes()),
        ("labels", draw_labels(ctx)),
        ("diolkos", draw_diolkos(ctx)),
        ("tribute", draw_tribute(ctx)),
        ("units", draw_units(ctx)),
        ("ports", draw_ports(ctx)),
        ("poleis", draw_poleis(ctx)),
        ("markets", draw_markets(ctx)),
        ("legend", draw_legend(ctx)),
        ("band", draw_band(ctx)),
        ("marks", draw_marks(ctx, marks)),
    ]
    return attrs, layers


BARE_LAYERS = ("title", "style")  # direct children of <svg> (the accessible name must be)


def still(attrs: dict, layers) -> tuple[dict, list]:
    """An interactive board (``svg_layers(..., interactive=True)``) as the picture :func:`svg` draws of
    the same position: ``role="img"``, its places named parts, none focusable, nothing dimmed. (User
    text is escaped, so the attribute text of a control appears in the markup only as one.)"""
    pic = dict(attrs, role="img", **{"class": "polis-board"})
    return pic, [(n, m.replace(PLACE_CONTROL, PLACE_PICTURE)) for n, m in layers]


def join_layers(attrs: dict, layers: list) -> str:
    head = " ".join(f'{k}="{_e(v)}"' for k, v in attrs.items())
    body = "".join(m if n in BARE_LAYERS else f'<g data-layer="{n}">{m}</g>' for n, m in layers)
    return f"<svg {head}>{body}</svg>"


def svg(state: State, *, marks=(), size=None, highlight=(), title=None) -> str:
    """The whole position as a standalone SVG document (a string).

    ``marks``: objects with ``.kind`` ("arrow" | "highlight"), ``.targets`` (area, polis, market or
    offer ids) and ``.colour`` (green, red, blue, yellow), drawn on top. ``highlight``: ids of areas,
    poleis, markets or offers that get the class ``legal``. ``size``: pixel width (height follows
    the viewBox, 1000 × 860); ``None`` lets the SVG scale to its container. ``title``: accessible name.
    The document is a picture (``role="img"``): nothing in it is a control or focusable.
    """
    return join_layers(*svg_layers(state, marks=marks, size=size, highlight=highlight, title=title))
