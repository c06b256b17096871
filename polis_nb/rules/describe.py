"""A plain-text description of a position (terminals, screen readers, stable notebook output), in English
(``str(state)``) or any language (``describe(s, "de")``)."""
from __future__ import annotations

from ..i18n import Phrase, message, render, resolve
from .topology import topology_of
from .decisions import DECISIONS
from .state import PLAYERS, State
from .words import names_for, outcome_phrase

HEADER = message("describe.header", "Polis ({edition}) — round {round}, limit {n}, phase {phase}")
PHASE = {"start": message("describe.phase-start", "start"), "actions": message("describe.phase-actions", "actions"),
         "battles": message("describe.phase-battles", "battles"),
         "roundend": message("describe.phase-roundend", "roundend"), "over": message("describe.phase-over", "over")}
SIDE = message("describe.side", "{side}: prestige {n}; {goods}; ships in port {m}; proxenos {polis}")
GOOD = message("describe.good", "{good} {n}")
CAPTURED = message("describe.captured", "captured")
POLEIS = message("describe.poleis", "  poleis: {poleis}")
POLIS = message("describe.polis", "{polis} {n}")
NONE = message("describe.none", "none")
UNITS = message("describe.units", "Units ({side_athens}/{side_sparta}): {units}")
AREA_UNITS = message("describe.area-units", "{area} {a}/{b}")
ON_DISPLAY = message("describe.on-display", "Projects on display: {project_list}")
PROJECTS = message("describe.projects", "Projects: {projects}")
DONE = message("describe.project-done", "{project} in {polis}")
STARTED = message("describe.project-started", "{project} in {polis} (started)")
EVENT = message("describe.event", "Event: {event}")
OVER = message("describe.over", "Game over: {outcome}")
WAITING = message("describe.waiting", "Waiting for {side}: {prompt}")
CHANCE = message("describe.chance", "chance")


def lines(s: State) -> list[Phrase]:
    """The description's lines, as phrases."""
    b = topology_of(s)
    comp = b.comp
    out = [Phrase(HEADER, {"edition": s.edition, "round": comp.rounds[s.round].label, "n": comp.rounds[s.round].stacking,
                           "phase": Phrase(PHASE[s.phase]) if s.phase in PHASE else s.phase})]
    for p, name in enumerate(PLAYERS):
        goods = tuple(Phrase(GOOD, {"good": g, "n": n}) for g, n in zip(comp.goods, s.goods[p]))
        poleis = tuple(Phrase(POLIS, {"polis": b.polis_ids[i], "n": s.pop[i]}) for i, o in enumerate(s.owner) if o == p)
        prox = Phrase(CAPTURED) if s.proxenos[p] < 0 else b.polis_ids[s.proxenos[p]]
        out.append(Phrase(SIDE, {"side": name, "n": s.prestige[p], "goods": goods, "m": s.ships_port[p],
                                 "polis": prox}))
        out.append(Phrase(POLEIS, {"poleis": poleis or Phrase(NONE)}))
    army = tuple(Phrase(AREA_UNITS, {"area": b.area_ids[i], "a": a, "b": sp}) for i, (a, sp) in enumerate(s.units) if a or sp)
    out.append(Phrase(UNITS, {"side_athens": "athens", "side_sparta": "sparta", "units": army or Phrase(NONE)}))
    if s.display:
        out.append(Phrase(ON_DISPLAY, {"project_list": tuple(s.display)}))
    if s.started or s.done:
        pr = tuple(Phrase(DONE if (t, i) in s.done else STARTED, {"project": t, "polis": b.polis_ids[i]})
                   for t, i in s.started + s.done)
        out.append(Phrase(PROJECTS, {"projects": pr}))
    if s.event:
        out.append(Phrase(EVENT, {"event": s.event}))
    if s.outcome is not None:
        out.append(Phrase(OVER, {"outcome": outcome_phrase(s.outcome)}))
    else:
        d = DECISIONS.get(s.pending.kind)
        out.append(Phrase(WAITING, {"side": Phrase(CHANCE) if s.pending.player < 0 else PLAYERS[s.pending.player],
                                    "prompt": Phrase(d.prompt) if d is not None else s.pending.kind}))
    return out


def describe(s: State, lang: str | None = "en") -> str:
    """The position in plain text, in ``lang`` (English: ``str(s)``; None: the current language)."""
    lang = resolve(lang)
    names = names_for(s.components)
    return "\n".join(render(x.msg, x.args, lang, names) for x in lines(s))
