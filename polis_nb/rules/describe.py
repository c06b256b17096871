"""A plain-text description of a position (terminals, screen readers, stable notebook output)."""
from __future__ import annotations

from .topology import topology_of
from .decisions import describe_pending
from .state import PLAYERS, State


def describe(s: State) -> str:
    b = topology_of(s)
    comp = b.comp
    lines = [f"Polis ({s.edition}) — round {comp.rounds[s.round].name}, limit {comp.rounds[s.round].stacking}, "
             f"phase {s.phase}"]
    for p, name in enumerate(PLAYERS):
        goods = ", ".join(f"{g} {n}" for g, n in zip(comp.goods, s.goods[p]))
        poleis = ", ".join(f"{b.comp.poleis[i].name} {s.pop[i]}" for i, o in enumerate(s.owner) if o == p)
        prox = "captured" if s.proxenos[p] < 0 else comp.poleis[s.proxenos[p]].name
        lines.append(f"{name.capitalize()}: prestige {s.prestige[p]}; {goods}; ships in port {s.ships_port[p]}; "
                     f"proxenos {prox}")
        lines.append(f"  poleis: {poleis or 'none'}")
    army = []
    for i, (a, sp) in enumerate(s.units):
        if a or sp:
            army.append(f"{b.name(i)} {a}/{sp}")
    lines.append("Units (Athens/Sparta): " + (", ".join(army) or "none"))
    if s.display:
        lines.append("Projects on display: " + ", ".join(b.project_index[t].name for t in s.display))
    if s.started or s.done:
        pr = [f"{b.project_index[t].name} in {comp.poleis[i].name}" + ("" if (t, i) in s.done else " (started)")
              for t, i in s.started + s.done]
        lines.append("Projects: " + ", ".join(pr))
    if s.event:
        lines.append(f"Event: {next(e.name for e in comp.events if e.id == s.event)}")
    if s.outcome is not None:
        lines.append(f"Game over: {s.outcome}")
    else:
        who = "chance" if s.pending.player < 0 else PLAYERS[s.pending.player].capitalize()
        lines.append(f"Waiting for {who}: {describe_pending(s)}")
    return "\n".join(lines)
