"""The event-card gallery of tutorials/glossary.md (section "Event cards"), made from
``polis_nb.rules.events.describe_card``: one markdown table for ed1-default, one for ed2-default.

``python docs/card_gallery.py`` prints both tables; ``python docs/card_gallery.py --write`` puts them in
place in tutorials/glossary.md (the two tables whose header reads "what it does (our words)", first
edition first) and leaves the rest of the file as it is. Run it again after changing a card in a
component file. A text composed from a card's effects (a card without its own text) is marked \\*.
"""
import sys
from pathlib import Path

from polis_nb.data import packaged_components
from polis_nb.rules.events import describe_card

GLOSSARY = Path(__file__).resolve().parents[1] / "tutorials" / "glossary.md"
HEADER = "| deck | id | name | copies | what it does (our words) | rule ids | provenance |"
SETS = ("ed1-default", "ed2-default")  # in the order of the glossary's tables


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def table(name: str) -> list[str]:
    """The gallery's lines for one packaged component set."""
    comp = packaged_components(name)
    lines = [HEADER, "|---|---|---|---|---|---|---|"]
    for e in comp.events:
        d = describe_card(comp, e.id)
        if d["effect_unknown"]:
            text = "**Effect unknown**, changes nothing." + (f" {d['note']}" if d["note"] else "")
        else:
            text = d["text"] + (" \\*" if d["composed"] else "")
        rules = ", ".join(f"`{r}`" for r in d["rules"]) or "—"
        lines.append(f"| {d['round']} | `{e.id}` | {_cell(e.name)} | {e.copies} | {_cell(text)} | {rules} "
                     f"| {d['provenance']} |")
    return lines


def write(path: Path = GLOSSARY) -> bool:
    """Replace the gallery tables in ``path``; whether the file changed."""
    old = path.read_text(encoding="utf-8").split("\n")
    starts = [i for i, line in enumerate(old) if line.strip() == HEADER]
    if len(starts) != len(SETS):
        raise SystemExit(f"{path}: expected {len(SETS)} gallery tables, found {len(starts)}")
    new, at = [], 0
    for start, name in zip(starts, SETS):
        end = start
        while end < len(old) and old[end].startswith("|"):
            end += 1
        new += old[at:start] + table(name)
        at = end
    new += old[at:]
    if new == old:
        return False
    path.write_text("\n".join(new), encoding="utf-8")
    return True


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        print(f"{GLOSSARY}: {'updated' if write() else 'unchanged'}")
    else:
        for name in SETS:
            print(f"\n{name}\n")
            print("\n".join(table(name)))
