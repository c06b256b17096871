"""View models: the plain JSON the widgets draw (ARCHITECTURE §6). Python decides everything —
which targets are legal now, what each button does, what a side may see; the browser only draws
this and sends intents back.

Hidden information: a view for one side never holds the other side's battle hand, and while the
other side (or chance) decides, it lists no options at all (the options would show that hand).
"""
from __future__ import annotations

from ..rules import (ACTIONS, ALONE_COST, RULES, Action, Explanation, State, topology_of, describe_pending, explain,
                     legal_actions, offer_status, poss, target_of, view as visible_state)
# where a click points and what it means are the decisions' to say (the widgets import them from here)
from .text import (SIDE_NAME, action_words, cite_words, controller_words, edition_words, offer_status_words, plain,
                   price_words, retreat_words, rule_json)

def label_of(a: Action, s: State | None = None) -> str:
    """A button label in plain words (in the edition's terms when the position ``s`` is given)."""
    if s is not None:
        return action_words(s, a)
    if a.kind in ACTIONS:
        return f"{ACTIONS[a.kind].title} (pay {ALONE_COST} {a.args[0][1:]})" if a.args else ACTIONS[a.kind].title
    words = {"pass": "Pass", "end": "End the action", "fight": "Fight on", "retreat": retreat_words()}
    return words.get(a.kind, str(a))


def explanation_json(e: Explanation | None, comp=None, edition: str = "ed1") -> dict | None:
    """An explanation as plain JSON; with ``comp`` (the component set), in that edition's terms. Each
    rule carries its section in English (``source``) and as printed (``source_original``)."""
    if e is None:
        return None
    text = edition_words(comp, e.text) if comp is not None else e.text
    return {"legal": e.legal, "text": plain(text, comp.name if comp is not None else None),
            "rules": [rule_json(r.id, edition) if r.id in RULES else
                      {"id": r.id, "source": r.source, "source_original": r.source, "summary": r.summary}
                      for r in e.rules]}


def log_json(entries, s: State) -> list[dict]:
    """Log entries for the screen: plain text, rule ids, the citation in English (``cite``) and as the
    rulebook prints it (``cite_original``, for a tooltip)."""
    out = []
    for e in entries:
        cite, original = cite_words(tuple(r for r in e.rules if r in RULES), s.edition)
        out.append({"text": plain(e.text, s.components), "rules": list(e.rules), "cite": cite,
                    "cite_original": original})
    return out


_PLACE_KIND = {"area": ("territory or sea", "territories or seas"), "polis": ("polis", "poleis"),
               "offer": ("market offer", "market offers")}
# which actions ask for which kind of place, for a click made before any action is chosen
_FIRST_CHOOSE = {"area": "Move hoplites, Move galleys or Demand tribute",
                 "polis": "Train hoplites, Build galleys, Build trade ships, Start a project, Besiege a polis or "
                          "Move the proxenos",
                 "offer": "Trade"}


def place_words(s: State, target: str) -> str | None:
    """A place on the map in words: "Attika (Athens controls; Athens 5 hoplites, Sparta 0)", "Thebai
    (neutral, base 3)", "Persis offer 1 (3 wheat for 4 wine, open)"; None for an unknown place."""
    kind, _, ident = target.partition(":")
    b = topology_of(s)
    if kind == "area" and ident in b.area_index:
        i = b.area_index[ident]
        n_a, n_s = s.units[i]
        units = "galleys" if b.is_sea[i] else "hoplites"
        return f"{b.name(i)} ({controller_words(b.controller(s, i))}; {units}: Athens {n_a}, Sparta {n_s})"
    if kind == "polis" and ident in b.polis_index:
        i = b.polis_index[ident]
        p = b.comp.poleis[i]
        o = s.owner[i]
        who = f"{SIDE_NAME[o]}, population {s.pop[i]} of {p.base}" if o in (0, 1) else f"neutral, base {p.base}"
        return f"{p.name} ({who})"
    if kind == "offer" and ident in b.offer_index:
        mid, _, slot = ident.partition(".")
        m = b.comp.markets[b.market_index[mid]]
        o = m.offers[int(slot)]
        state = offer_status_words(b.comp, o, offer_status(s, m, o))
        return f"{m.name} offer {o.slot + 1} ({o.load} {o.receive} for {price_words(s, o)}, {state})"
    return None


def why_words(s: State, target: str, *, viewer: str | None = None) -> str:
    """Why a place is not a choice now, in plain words, when no single action names it (another kind
    of decision, a decision made with buttons, someone else's turn, chance, the end of the game)."""
    kind, _, ident = target.partition(":")
    name = place_words(s, target)
    if name is None:
        return "There is nothing to choose there."
    comp = topology_of(s).comp
    if s.is_terminal:
        return f"{name}: the game is over, nothing more is chosen."
    what = edition_words(comp, describe_pending(s))
    if s.is_chance:
        return f"{name} is not a choice: chance decides now ({what})."
    who = SIDE_NAME[s.pending.player]
    if viewer is not None and s.current_player != viewer:
        return f"{name} is not a choice for {viewer.capitalize()}: it is {poss(s.pending.player)} decision now."
    wants = sorted({t.split(":")[0] for a in legal_actions(s) if (t := target_of(a, s.pending.kind))})
    if not wants:
        if s.pending.kind == "turn":
            return (f"{name} is not a choice yet: {who} first picks an action with the buttons. "
                    f"{edition_words(comp, _FIRST_CHOOSE.get(kind, 'An action'))} then asks for a "
                    f"{_PLACE_KIND.get(kind, ('place',))[0]} on the map.")
        return f"{name} is not a choice now: {who} must {what}, with the buttons beside the map."
    if kind in wants:
        return f"{name} is not one of the choices now: {who} must {what}; the highlighted places are."
    plural = " or ".join(_PLACE_KIND[k][1] for k in wants)
    return (f"{name} is not a choice now: {who} must {what}, which is one of the highlighted {plural}, "
            f"not a {_PLACE_KIND.get(kind, ('place',))[0]}.")


def _offer_line(s: State, b, m, o) -> str:
    return f"{o.load} {o.receive} for {price_words(s, o)} — {offer_status_words(b.comp, o, offer_status(s, m, o))}"


def place_tips(s: State) -> dict[str, dict]:
    """What a pointer resting on a place shows: ``{"polis:<id>" / "area:<id>" / "offer:<id>" /
    "market:<id>": {"title", "lines"}}`` — a polis' owner, population against its maximum,
    fortification and projects; a market's offers and prices; an area's control and units."""
    b = topology_of(s)
    comp = b.comp
    out: dict[str, dict] = {}
    for i, a in enumerate(comp.areas):
        n_a, n_s = s.units[i]
        sea = b.is_sea[i]
        lines = [("Sea" if sea else "Territory") + (f", home of {a.home_of.capitalize()}" if a.home_of else ""),
                 f"{controller_words(b.controller(s, i)).capitalize()}: {'galleys' if sea else 'hoplites'} "
                 f"Athens {n_a}, Sparta {n_s}"]
        if not sea:
            poleis = [comp.poleis[j].name for j in range(len(comp.poleis)) if b.polis_area[j] == i]
            lines.append("Poleis: " + (", ".join(poleis) if poleis else "none"))
            if i in s.tribute_done:
                lines.append("Has paid tribute this round")
        if s.battle is not None and s.battle.area == i:
            lines.append(f"Battle going on, {SIDE_NAME[s.battle.attacker]} attacking")
        out[f"area:{a.id}"] = {"title": a.name, "lines": lines}
    for i, p in enumerate(comp.poleis):
        owner = s.owner[i]
        lines = [f"Owner: {SIDE_NAME[owner]}" if owner in (0, 1) else "Neutral (no owner)"]
        lines.append(f"Population {s.pop[i]} of at most {p.max_pop}" if owner in (0, 1)
                     else f"Population 0 (at most {p.max_pop} once owned)")
        lines.append(f"Fortification {p.base} (its base population)")
        where = comp.areas[b.polis_area[i]].name if b.polis_area[i] >= 0 else "land no unit may enter"
        lines.append(f"In {where}; grows by up to {p.growth} a round")
        if p.capital_of:
            lines.append(f"Capital of {p.capital_of.capitalize()}")
        if p.trade_city_of:
            lines.append(f"Trade city of {p.trade_city_of.capitalize()}")
        lines.append("Port to " + ", ".join(comp.areas[b.area_index[x]].name for x in p.ports if x in b.area_index)
                     if p.ports else "No port")
        built = [f"{b.project_index[t].name if t in b.project_index else t}" + ("" if (t, j) in s.done else
                                                                              " (started)")
                 for t, j in s.started + s.done if j == i]
        lines.append("Projects: " + (", ".join(built) if built else "none"))
        for q in (0, 1):
            if s.proxenos[q] == i:
                lines.append(f"{poss(q)} proxenos is here")
        out[f"polis:{p.id}"] = {"title": p.name, "lines": lines}
    for m in comp.markets:
        via = ", ".join(comp.areas[b.area_index[x]].name for x in m.seas if x in b.area_index)
        reach = f"Reached by sea via {via}" + (f" or overland from {comp.poleis[b.polis_index[m.land_route_from]].name}"
                                               if m.land_route_from else "")
        lines = [reach] + (["Closed this round"] if m.id in s.closed else [])
        lines += [f"Offer {o.slot + 1}: {_offer_line(s, b, m, o)}" for o in m.offers]
        out[f"market:{m.id}"] = {"title": f"{m.name} market", "lines": lines}
        for o in m.offers:
            out[f"offer:{o.id}"] = {"title": f"{m.name}, offer {o.slot + 1}",
                                    "lines": [_offer_line(s, b, m, o), reach]}
    return out


def why_explanation(s: State, a: Action, clicked: str = "") -> Explanation:
    """``explain(s, a)`` for a place on the map, in plain words: a legal choice is named in words
    instead of notation; ``clicked`` (e.g. "Thebai lies in Boiotia.") goes in front."""
    e = explain(s, a)
    text = e.text
    if e.legal:
        rest = text.split(". ", 1)[1] if ". " in text else ""
        text = f"{action_words(s, a)} is a choice now: click it to play it." + (" " + rest if rest else "")
    return Explanation(e.legal, e.rules, (clicked + " " + text).strip())


def prompt(s: State, acts=None) -> str:
    """The pending decision in words, e.g. "Athens: choose the destination"; "— or end the action"
    when ending is one of the choices (``acts``: the legal actions, if already listed)."""
    if s.is_terminal:
        return f"Game over — {s.outcome}"
    who = "Chance" if s.is_chance else s.current_player.capitalize()
    what = edition_words(topology_of(s).comp, describe_pending(s))
    if s.is_chance:
        return f"{who}: {what}"
    acts = legal_actions(s) if acts is None else acts
    can_end = any(a.kind == "end" for a in acts)
    what = what.replace(" (or end the action)", "").replace(" (or end)", "")
    return f"{who}: {what}" + (" — or end the action" if can_end and s.pending.kind != "grow" else
                               " — or stop" if can_end else "")


def view_svg(view: dict) -> str:
    """The picture of the board a view model draws (its layers joined, as :func:`.svg.svg` draws it:
    nothing in it focusable)."""
    from .svg import join_layers, still

    return join_layers(*still(view["svg_attrs"], [tuple(x) for x in view["svg_layers"]]))


def board_view(s: State, *, viewer: str | None = None, marks=(), explanation: Explanation | None = None,
               rev: int = 0, note: str = "", interactive: bool = True) -> dict:
    """The Board widget's view model for position ``s`` as ``viewer`` may see it; ``interactive``: a
    click on a place of the map does something (its places are buttons), else the map is a picture."""
    from . import geometry as geo
    from .placeview import MAP_KEYS, place_entries, place_neighbours
    from .svg import svg_layers
    from .text import describe

    acting = not s.is_terminal and not s.is_chance and (viewer is None or s.current_player == viewer)
    acts = legal_actions(s) if acting else ()
    targets: dict[str, list[dict]] = {}
    buttons = []
    for a in acts:
        t = target_of(a, s.pending.kind)
        item = {"action": str(a), "label": label_of(a, s), "kind": a.kind}
        if t is None:
            buttons.append(item)
        else:
            targets.setdefault(t, []).append(item)
    highlight = [t.split(":", 1)[1] for t in targets]
    seen = visible_state(s, viewer)
    b = topology_of(s)
    attrs, layers = svg_layers(s, marks=marks, highlight=highlight, interactive=interactive)
    return {
        "rev": rev,
        "viewer": viewer,
        "svg_attrs": attrs,
        "svg_layers": [list(x) for x in layers],
        "prompt": prompt(s, legal_actions(s)),
        "player": s.current_player,
        "decision": s.pending.kind,
        "targets": targets,
        "places": place_entries(s, targets),
        "neighbours": place_neighbours(s),
        "map_keys": MAP_KEYS,
        "buttons": buttons,
        "log": log_json(s.log, s),
        "players": [{"side": side, "prestige": s.prestige[p],
                     "goods": dict(zip(b.comp.goods, s.goods[p]))} for p, side in enumerate(("athens", "sparta"))],
        "battle": seen.get("battle"),
        "explanation": explanation_json(explanation, b.comp, s.edition),
        "note": note,
        "description": describe(s, marks=marks, sentences=True),
        "tips": place_tips(s),
        "map_box": [0, 0, geo.WIDTH, geo.MAP_BOTTOM],
        "band_box": [0, geo.MAP_BOTTOM, geo.WIDTH, geo.BAND_H],
    }
