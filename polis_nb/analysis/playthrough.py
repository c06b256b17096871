"""Golden playthroughs: every state, legal list, chance distribution and decision of a seeded game.

Regenerate the committed files with::

    python -m polis_nb.analysis.playthrough tests/golden

A test replays each file's header and diffs the text line by line, so any change in the rules,
the notation or the logs shows up as a reviewable diff.
"""
from __future__ import annotations

import argparse
import pathlib
import random

from ..rules import apply, chance_outcomes, legal_actions, new_game, sample_chance
from .bots import random_policy, sensible_policy

POLICIES = {"random": random_policy, "sensible": sensible_policy}
GOLDEN = (("ed1", 3, "random"), ("ed1", 20, "sensible"), ("ed1", 30, "sensible"), ("ed2", 3, "random"),
          ("ed2", 20, "sensible"), ("ed2", 30, "sensible"))


def playthrough(edition: str, seed: int, policy: str) -> str:
    rng = random.Random(seed)
    pol = POLICIES[policy]
    s = new_game(edition, seed=seed)
    out = [f"# polis_nb playthrough: edition {edition}, seed {seed}, policy {policy}"]
    out += [f"log {e}" for e in s.log]
    while not s.is_terminal:
        out.append(f"ply {s.ply}")
        out.append(f"state {s.to_notation()}")
        if s.is_chance:
            out.append("chance " + " | ".join(f"{a}={p}" for a, p in chance_outcomes(s)))
            a = sample_chance(s, rng)
        else:
            out.append(f"legal[{s.current_player}] " + " | ".join(str(a) for a in legal_actions(s)))
            a = pol(s, rng)
        out.append(f"decision {a}")
        s = apply(s, a)
        out += [f"log {e}" for e in s.log]
    out.append(f"state {s.to_notation()}")
    out.append(f"outcome {s.outcome}")
    return "\n".join(out) + "\n"


def filename(edition: str, seed: int, policy: str) -> str:
    return f"{edition}-seed{seed}-{policy}.txt"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="regenerate the golden playthrough files")
    ap.add_argument("folder", type=pathlib.Path)
    args = ap.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    for ed, seed, pol in GOLDEN:
        path = args.folder / filename(ed, seed, pol)
        path.write_text(playthrough(ed, seed, pol), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
