"""View models: the plain JSON the widgets draw (ARCHITECTURE §6). Python decides everything —
which targets are legal now, what each button does, what a side may see; the browser only draws
this and sends intents back.

Hidden information: a view for one side never holds the other side's battle hand, and while the
other side (or chance) decides, it lists no options at all (the options would show that hand).
"""
from __future__ import annotations

import re

from ..i18n import get_language, message
from ..rules import (ACTIONS, ALONE_COST, RULES, Action, Explanation, State, topology_of, describe_pending, explain,
                     legal_actions, offer_status, PLAYERS, target_of, view as visible_state)
# where a click points and what it means are the decisions' to say (the widgets import them from here)
from .say import say
from .text import (action_words, cite_words, controller_words, edition_words, offer_status_words, plain, price_words,
                   retreat_words, rule_json, target_name)

_PAY_ALONE = message("view.label.pay-alone", "{action} (pay {cost} {good})")
_LABELS = {"pass": message("view.label.pass", "Pass"), "end": message("view.label.end", "End the action"),
           "fight": message("view.label.fight", "Fight on")}

def label_of(a: Action, s: State | None = None) -> str:
    """A button label in plain words (in the edition's terms when the position ``s`` is given)."""
    if s is not None:
        return action_words(s, a)
    if a.kind in ACTIONS:
        title = say(ACTIONS[a.kind].title)
        return say(_PAY_ALONE, action=title, cost=ALONE_COST, good=a.args[0][1:]) if a.args else title
    if a.kind == "retreat":
        return retreat_words()
    return say(_LABELS[a.kind]) if a.kind in _LABELS else str(a)


_EXPLAIN = {"legal": message("view.explain.legal", "Legal: "), "illegal": message("view.explain.illegal", "Not allowed: "),
            "rules": message("view.explain.rules", "Rules"), "printed": message("view.explain.printed", "Printed: {cite}")}


def printed_tip(cite: str, original: str) -> str:
    """The tip of a citation: the section as the rulebook prints it, where that is not what is shown."""
    return say(_EXPLAIN["printed"], cite=original) if original and original != cite else ""


def explanation_json(e: Explanation | None, comp=None, edition: str = "ed1") -> dict | None:
    """An explanation as plain JSON; with ``comp`` (the component set), in that edition's terms. Each
    rule carries its section in English (``source``) and as printed (``source_original``, and the tip
    ``printed`` saying so where the two differ); ``head`` is what the screen puts before the words
    ("Legal: "), ``rules_label`` the name of the list of rules."""
    if e is None:
        return None
    text = edition_words(comp, e.words()) if comp is not None else e.words()
    rules = [rule_json(r.id, edition) if r.id in RULES else
             {"id": r.id, "source": r.source, "source_original": r.source, "summary": r.summary} for r in e.rules]
    for r in rules:
        r["printed"] = printed_tip(r["source"], r["source_original"])
    return {"legal": e.legal, "text": plain(text, comp.name if comp is not None else None), "rules": rules,
            "head": say(_EXPLAIN["legal" if e.legal else "illegal"]), "rules_label": say(_EXPLAIN["rules"])}


def log_json(entries, s: State) -> list[dict]:
    """Log entries for the screen: plain text, rule ids, the citation in English (``cite``) and as the
    rulebook prints it (``cite_original``, for a tooltip)."""
    out = []
    for e in entries:
        cite, original = cite_words(tuple(r for r in e.rules if r in RULES), s.edition)
        out.append({"text": plain(e.words(), s.components), "rules": list(e.rules), "cite": cite,
                    "cite_original": original, "printed": printed_tip(cite, original)})
    return out


_KINDS = {"area": message("view.place-kind.area", "territory or sea"), "polis": message("view.place-kind.polis", "polis"),
          "offer": message("view.place-kind.offer", "market offer"), "": message("view.place-kind.place", "place")}
_KINDS_PL = {"area": message("view.place-kinds.area", "territories or seas"),
             "polis": message("view.place-kinds.polis", "poleis"),
             "offer": message("view.place-kinds.offer", "market offers")}
_OR = message("list.or", " or ")
# which actions ask for which kind of place, for a click made before any action is chosen
_FIRST_CHOOSE = {"area": message("view.why.first-area", "Move hoplites, Move galleys or Demand tribute then asks for a "
                                                        "territory or sea on the map."),
                 "polis": message("view.why.first-polis", "Train hoplites, Build galleys, Build trade ships, Start a "
                                                          "project, Besiege a polis or Move the proxenos then asks for a "
                                                          "polis on the map."),
                 "offer": message("view.why.first-offer", "Trade then asks for a market offer on the map."),
                 "": message("view.why.first-place", "An action then asks for a place on the map.")}
_PLACE = {"area": message("view.place.area", "{area} ({controller}; hoplites: {side_athens} {athens}, {side_sparta} "
                                             "{sparta})"),
          "sea": message("view.place.sea", "{area} ({controller}; galleys: {side_athens} {athens}, {side_sparta} "
                                           "{sparta})"),
          "owned": message("view.place.polis-owned", "{polis} ({side}, population {pop} of {base})"),
          "neutral": message("view.place.polis-neutral", "{polis} (neutral, base {base})"),
          "offer": message("view.place.offer", "{market} offer {slot} ({load} {good} for {price}, {status})")}
_WHY = {"nothing": message("view.why.nothing", "There is nothing to choose there."),
        "over": message("view.why.over", "{name}: the game is over, nothing more is chosen."),
        "chance": message("view.why.chance", "{name} is not a choice: chance decides now ({what})."),
        "viewer": message("view.why.viewer", "{name} is not a choice for {side_viewer}: it is {side:gen} decision now."),
        "buttons-first": message("view.why.buttons-first",
                                 "{name} is not a choice yet: {side} first picks an action with the buttons. {first}"),
        "buttons": message("view.why.buttons", "{name} is not a choice now: {side} must {what}, with the buttons beside "
                                               "the map."),
        "highlighted": message("view.why.highlighted", "{name} is not one of the choices now: {side} must {what}; the "
                                                       "highlighted places are."),
        "other-kind": message("view.why.other-kind", "{name} is not a choice now: {side} must {what}, which is one of the "
                                                     "highlighted {wanted}, not a {kind}.")}
_SIDES = {"side_athens": "athens", "side_sparta": "sparta"}


def place_words(s: State, target: str) -> str | None:
    """A place on the map in words: "Attika (Athens controls; Athens 5 hoplites, Sparta 0)", "Thebai
    (neutral, base 3)", "Persis offer 1 (3 wheat for 4 wine, open)"; None for an unknown place."""
    kind, _, ident = target.partition(":")
    b = topology_of(s)
    c = s.components
    if kind == "area" and ident in b.area_index:
        i = b.area_index[ident]
        n_a, n_s = s.units[i]
        return say(_PLACE["sea" if b.is_sea[i] else "area"], components=c, area=ident,
                   controller=controller_words(b.controller(s, i)), athens=n_a, sparta=n_s, **_SIDES)
    if kind == "polis" and ident in b.polis_index:
        i = b.polis_index[ident]
        p = b.comp.poleis[i]
        o = s.owner[i]
        if o in (0, 1):
            return say(_PLACE["owned"], components=c, polis=p.id, side=PLAYERS[o], pop=s.pop[i], base=p.base)
        return say(_PLACE["neutral"], components=c, polis=p.id, base=p.base)
    if kind == "offer" and ident in b.offer_index:
        mid, _, slot = ident.partition(".")
        m = b.comp.markets[b.market_index[mid]]
        o = m.offers[int(slot)]
        return say(_PLACE["offer"], components=c, market=m.id, slot=o.slot + 1, load=o.load, good=o.receive,
                   price=price_words(s, o), status=offer_status_words(b.comp, o, offer_status(s, m, o)))
    return None


def _pending_words(s: State) -> str:
    """What the pending decision asks, in words and in the edition's terms ("choose the destination")."""
    return edition_words(topology_of(s).comp, say(describe_pending(s), components=s.components))


def why_words(s: State, target: str, *, viewer: str | None = None) -> str:
    """Why a place is not a choice now, in plain words, when no single action names it (another kind
    of decision, a decision made with buttons, someone else's turn, chance, the end of the game)."""
    kind, _, ident = target.partition(":")
    name = place_words(s, target)
    if name is None:
        return say(_WHY["nothing"])
    comp = topology_of(s).comp
    if s.is_terminal:
        return say(_WHY["over"], name=name)
    what = _pending_words(s)
    if s.is_chance:
        return say(_WHY["chance"], name=name, what=what)
    who = PLAYERS[s.pending.player]
    if viewer is not None and s.current_player != viewer:
        return say(_WHY["viewer"], name=name, side_viewer=viewer, side=who)
    wants = sorted({t.split(":")[0] for a in legal_actions(s) if (t := target_of(a, s.pending.kind))})
    if not wants:
        if s.pending.kind == "turn":
            first = edition_words(comp, say(_FIRST_CHOOSE.get(kind, _FIRST_CHOOSE[""])))
            return say(_WHY["buttons-first"], name=name, side=who, first=first)
        return say(_WHY["buttons"], name=name, side=who, what=what)
    if kind in wants:
        return say(_WHY["highlighted"], name=name, side=who, what=what)
    wanted = say(_OR).join(say(_KINDS_PL[k]) for k in wants)
    return say(_WHY["other-kind"], name=name, side=who, what=what, wanted=wanted,
               kind=say(_KINDS.get(kind, _KINDS[""])))


_TIP = {
    "territory": message("view.tip.territory", "Territory"), "sea": message("view.tip.sea", "Sea"),
    "territory-home": message("view.tip.territory-home", "Territory, home of {side}"),
    "sea-home": message("view.tip.sea-home", "Sea, home of {side}"),
    "hoplites": message("view.tip.hoplites", "{controller}: hoplites {side_athens} {athens}, {side_sparta} {sparta}"),
    "galleys": message("view.tip.galleys", "{controller}: galleys {side_athens} {athens}, {side_sparta} {sparta}"),
    "poleis": message("view.tip.poleis", "Poleis: {poleis}"), "no-poleis": message("view.tip.no-poleis", "Poleis: none"),
    "tribute": message("view.tip.tribute", "Has paid tribute this round"),
    "battle": message("view.tip.battle", "Battle going on, {side} attacking"),
    "owner": message("view.tip.owner", "Owner: {side}"), "neutral": message("view.tip.neutral", "Neutral (no owner)"),
    "population": message("view.tip.population", "Population {pop} of at most {most}"),
    "population-neutral": message("view.tip.population-neutral", "Population 0 (at most {most} once owned)"),
    "fortification": message("view.tip.fortification", "Fortification {base} (its base population)"),
    "in": message("view.tip.in", "In {area}; grows by up to {growth} a round"),
    "in-nowhere": message("view.tip.in-nowhere", "In land no unit may enter; grows by up to {growth} a round"),
    "capital": message("view.tip.capital", "Capital of {side}"),
    "trade-city": message("view.tip.trade-city", "Trade city of {side}"),
    "port": message("view.tip.port", "Port to {areas}"), "no-port": message("view.tip.no-port", "No port"),
    "projects": message("view.tip.projects", "Projects: {projects}"),
    "no-projects": message("view.tip.no-projects", "Projects: none"),
    "started": message("view.tip.started", "{name} (started)"),
    "proxenos": message("view.tip.proxenos", "{side:gen} proxenos is here"),
    "reached": message("view.tip.reached", "Reached by sea via {areas}"),
    "reached-land": message("view.tip.reached-land", "Reached by sea via {areas} or overland from {polis}"),
    "closed": message("view.tip.closed", "Closed this round"),
    "offer": message("view.tip.offer", "Offer {slot}: {line}"),
    "market": message("view.tip.market", "{market} market"),
    "offer-title": message("view.tip.offer-title", "{market}, offer {slot}"),
    "offer-line": message("view.tip.offer-line", "{load} {good} for {price} — {status}"),
}


def _offer_line(s: State, b, m, o) -> str:
    return say(_TIP["offer-line"], components=s.components, load=o.load, good=o.receive, price=price_words(s, o),
               status=offer_status_words(b.comp, o, offer_status(s, m, o)))


def _names(s: State, ids) -> str:
    """Some places named in the language, joined by commas."""
    b = topology_of(s)
    return ", ".join(target_name(b, x) for x in ids)


_PROJECT = message("view.tip.project-name", "{project}")


def place_tips(s: State) -> dict[str, dict]:
    """What a pointer resting on a place shows: ``{"polis:<id>" / "area:<id>" / "offer:<id>" /
    "market:<id>": {"title", "lines"}}`` — a polis' owner, population against its maximum,
    fortification and projects; a market's offers and prices; an area's control and units."""
    b = topology_of(s)
    comp = b.comp
    c = s.components
    out: dict[str, dict] = {}

    def said(key: str, **args) -> str:
        return say(_TIP[key], components=c, **args)

    for i, a in enumerate(comp.areas):
        n_a, n_s = s.units[i]
        sea = b.is_sea[i]
        where = "sea" if sea else "territory"
        controls = controller_words(b.controller(s, i))
        lines = [said(where + "-home", side=a.home_of) if a.home_of else said(where),
                 said("galleys" if sea else "hoplites", controller=controls[:1].upper() + controls[1:], athens=n_a,
                      sparta=n_s, **_SIDES)]
        if not sea:
            poleis = [comp.poleis[j].id for j in range(len(comp.poleis)) if b.polis_area[j] == i]
            lines.append(said("poleis", poleis=_names(s, poleis)) if poleis else said("no-poleis"))
            if i in s.tribute_done:
                lines.append(said("tribute"))
        if s.battle is not None and s.battle.area == i:
            lines.append(said("battle", side=PLAYERS[s.battle.attacker]))
        out[f"area:{a.id}"] = {"title": _names(s, [a.id]), "lines": lines}
    for i, p in enumerate(comp.poleis):
        owner = s.owner[i]
        lines = [said("owner", side=PLAYERS[owner]) if owner in (0, 1) else said("neutral")]
        lines.append(said("population", pop=s.pop[i], most=p.max_pop) if owner in (0, 1)
                     else said("population-neutral", most=p.max_pop))
        lines.append(said("fortification", base=p.base))
        lines.append(said("in", area=comp.areas[b.polis_area[i]].id, growth=p.growth) if b.polis_area[i] >= 0
                     else said("in-nowhere", growth=p.growth))
        if p.capital_of:
            lines.append(said("capital", side=p.capital_of))
        if p.trade_city_of:
            lines.append(said("trade-city", side=p.trade_city_of))
        lines.append(said("port", areas=_names(s, [x for x in p.ports if x in b.area_index]))
                     if p.ports else said("no-port"))
        built = [said("started", name=name) if (t, j) not in s.done else name
                 for t, j in s.started + s.done if j == i
                 for name in [say(_PROJECT, components=c, project=t) if t in b.project_index else t]]
        lines.append(said("projects", projects=", ".join(built)) if built else said("no-projects"))
        for q in (0, 1):
            if s.proxenos[q] == i:
                lines.append(said("proxenos", side=PLAYERS[q]))
        out[f"polis:{p.id}"] = {"title": _names(s, [p.id]), "lines": lines}
    for m in comp.markets:
        via = _names(s, [x for x in m.seas if x in b.area_index])
        reach = (said("reached-land", areas=via, polis=m.land_route_from) if m.land_route_from
                 else said("reached", areas=via))
        lines = [reach] + ([said("closed")] if m.id in s.closed else [])
        lines += [said("offer", slot=o.slot + 1, line=_offer_line(s, b, m, o)) for o in m.offers]
        out[f"market:{m.id}"] = {"title": said("market", market=m.id), "lines": lines}
        for o in m.offers:
            out[f"offer:{o.id}"] = {"title": said("offer-title", market=m.id, slot=o.slot + 1),
                                    "lines": [_offer_line(s, b, m, o), reach]}
    return out


_CHOICE_NOW = message("view.why.choice-now", "{action} is a choice now: click it to play it.")


def why_explanation(s: State, a: Action, clicked: str = "") -> Explanation:
    """``explain(s, a)`` for a place on the map, in plain words: a legal choice is named in words
    instead of notation; ``clicked`` (e.g. "Thebai lies in Boiotia.") goes in front."""
    e = explain(s, a)
    text = e.words()
    if e.legal:
        rest = text.split(". ", 1)[1] if ". " in text else ""
        text = say(_CHOICE_NOW, action=action_words(s, a)) + (" " + rest if rest else "")
    return Explanation(e.legal, e.rules, (clicked + " " + text).strip())


_PROMPT = {"over": message("view.prompt.over", "Game over — {outcome}"),
           "chance": message("view.prompt.chance", "Chance: {what}"),
           "decide": message("view.prompt.decide", "{side}: {what}"),
           "or-end": message("view.prompt.or-end", "{side}: {what} — or end the action"),
           "or-stop": message("view.prompt.or-stop", "{side}: {what} — or stop")}
_OR_END = (" (or end the action)", " (or end)")
_TRAILING = re.compile(r"\s*\([^()]*\)$")


def prompt(s: State, acts=None) -> str:
    """The pending decision in words, e.g. "Athens: choose the destination"; "— or end the action"
    when ending is one of the choices (``acts``: the legal actions, if already listed)."""
    if s.is_terminal:
        assert s.outcome is not None
        # in English with the outcome's rule ids, as ``str(outcome)``: widgets take them out (choiceview.rule_free)
        outcome = str(s.outcome) if get_language() == "en" else s.outcome.words()
        return say(_PROMPT["over"], outcome=outcome)
    what = _pending_words(s)
    if s.is_chance:
        return say(_PROMPT["chance"], what=what)
    acts = legal_actions(s) if acts is None else acts
    can_end = any(a.kind == "end" for a in acts)
    english = str(describe_pending(s))
    if any(x in english for x in _OR_END):  # the prompt's "(or end)": said below when ending is a choice
        what = _TRAILING.sub("", what)
    key = "or-end" if can_end and s.pending.kind != "grow" else "or-stop" if can_end else "decide"
    return say(_PROMPT[key], what=what, side=s.current_player)


_MAP = {"zoom": message("view.map.zoom", "Zoom"), "zoom_in": message("view.map.zoom-in", "Zoom in"),
        "zoom_in_tip": message("view.map.zoom-in-tip", "Zoom in (+); Ctrl + wheel or pinch on the map"),
        "zoom_out": message("view.map.zoom-out", "Zoom out"), "zoom_out_tip": message("view.map.zoom-out-tip", "Zoom out (−)"),
        "fit": message("view.map.fit", "Fit"), "fit_aria": message("view.map.fit-aria", "Fit: show the whole board"),
        "fit_tip": message("view.map.fit-tip", "Whole board (0)"),
        "band": message("view.map.band", "The players, the round and the projects")}


def map_words() -> dict[str, str]:
    """The words of the map's own controls (its zoom buttons) and of the band below it, which every map
    widget draws (core.js's makeMap and makeBand read them from the board view)."""
    return {k: say(m) for k, m in _MAP.items()}


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
    from .placeview import map_keys, place_entries, place_neighbours
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
        "map_keys": map_keys(),
        "buttons": buttons,
        "log": log_json(s.log, s),
        "players": [{"side": side, "prestige": s.prestige[p],
                     "goods": dict(zip(b.comp.goods, s.goods[p]))} for p, side in enumerate(("athens", "sparta"))],
        "battle": seen.get("battle"),
        "explanation": explanation_json(explanation, b.comp, s.edition),
        "note": note,
        "description": describe(s, marks=marks, sentences=True),
        "tips": place_tips(s),
        "map_words": map_words(),
        "map_box": [0, 0, geo.WIDTH, geo.MAP_BOTTOM],
        "band_box": [0, geo.MAP_BOTTOM, geo.WIDTH, geo.BAND_H],
    }
