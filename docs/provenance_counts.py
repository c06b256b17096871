"""Provenance counts of docs/data-provenance.md: how the component values' provenance moved between the
data before the prototype change (commit 0bf2980) and now, per category, for ed1-default and ed2-default,
and from ed1-default to the ed1-prototype overlay.  ``python docs/provenance_counts.py`` prints the tables;
``python docs/provenance_counts.py events`` prints the table of the Ed1 event cards."""
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import polis_nb as pn
from polis_nb.data import packaged_components
from polis_nb.rules.events import describe_card

OLD = "0bf2980"  # the commit before the prototype values came in


def at_commit(file):
    """The component set ``polis_nb/data/<file>`` as it was at OLD (read with today's loader)."""
    text = subprocess.run(["git", "show", f"{OLD}:polis_nb/data/{file}"], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent).stdout
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / file).write_text(text, encoding="utf-8")
        return pn.load_components(Path(d) / file)


def units(c):
    """{(category, unit): (provenance path, value)} of one component set."""
    u = {("tribute rows (per territory)", t): (("tribute", t), rows) for t, rows in c.tribute.items()}
    for m in c.markets:
        u["market offers (per market)", m.id] = (("markets", m.id, "offers"), m.offers)
        u["market seas (per market)", m.id] = (("markets", m.id, "seas"), m.seas)
    u["market value table", "-"] = (("market_table",), dict(c.market_table))
    u["market start", "-"] = (("market_start",), dict(c.market_start))
    for p in c.projects:
        for f in ("cost", "prestige", "end_prestige"):
            u["projects: cost, prestige, end prestige", f"{p.id}.{f}"] = (("projects", p.id, f), getattr(p, f))
    for side, s in c.setup.items():
        for f in ("goods", "prestige", "galleys", "poleis", "hoplites", "ships_in_port", "proxenos"):
            cat = "setup: goods, prestige, galleys" if f in ("goods", "prestige", "galleys") else "setup: other"
            u[cat, f"{side}.{f}"] = (("setup", side, f), getattr(s, f))
    for e in c.events:
        u["event cards (per card id)", e.id] = (("events", e.id), e)
    for k in c.provenance:
        if k.startswith("adjacency."):
            a, b = sorted(k.split(".", 1)[1].split("-"))
            u["map edges", f"{a}-{b}"] = (("adjacency", f"{a}-{b}"), True)
    for p in c.poleis:
        u["polis ports", p.id] = (("poleis", p.id, "ports"), p.ports)
    u["trade ports", "-"] = (("trade_ports",), dict(c.trade_ports))
    return u


def table(title, old, new):
    uo, un = units(old), units(new)
    moves = {}
    for key in list(dict.fromkeys([*uo, *un])):
        ko = old.provenance_of(*uo[key][0]).kind if key in uo else "(absent)"
        kn = new.provenance_of(*un[key][0]).kind if key in un else "(absent)"
        changed = key not in uo or key not in un or uo[key][1] != un[key][1]
        moves.setdefault(key[0], Counter())[ko, kn, changed] += 1
    print(f"\n{title}\n\n| category | units before → now "
          "| provenance before → now: count (of which value changed) |")
    print("|---|---|---|")
    for cat, cnt in moves.items():
        pairs = sorted({(a, b) for a, b, _ in cnt}, key=lambda p: (p[0] == p[1], p))  # moves first
        text = "; ".join(f"{a} → {b}: {cnt[a, b, True] + cnt[a, b, False]} ({cnt[a, b, True]})"
                         for a, b in pairs)
        print(f"| {cat} | {sum(k[0] == cat for k in uo)} → {sum(k[0] == cat for k in un)} | {text} |")


def events():
    c = pn.default_components()
    print("| deck | id | name | copies | effect in the kernel | rule ids | provenance |")
    print("|---|---|---|---|---|---|---|")
    for e in c.events:
        d = describe_card(c, e.id)
        text = "**effect unknown** (no effect applied)" if d["effect_unknown"] else d["text"]
        if d["composed"]:  # the file gives no text: describe_card composed it from the effects
            text += " \\*"
        print(f"| {d['round']} | `{e.id}` | {e.name} | {e.copies} | {text} | {', '.join(d['rules']) or '—'} "
              f"| {d['provenance']} |")


if __name__ == "__main__":
    if sys.argv[1:] == ["events"]:
        events()
    else:
        table("ed1-default (polis_nb/data/ed1.json), 0bf2980 → now", at_commit("ed1.json"),
              packaged_components("ed1-default"))
        table("ed2-default (polis_nb/data/ed2.json), 0bf2980 → now", at_commit("ed2.json"),
              packaged_components("ed2-default"))
        table("ed1-default → ed1-prototype overlay (now)", packaged_components("ed1-default"),
              packaged_components("ed1-prototype"))
