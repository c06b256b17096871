"""``polis-demo``: play and narrate a seeded game of either edition in the terminal. Both sides
are played by the sensible random policy."""
from __future__ import annotations

import argparse
import random

from .analysis import sensible_policy
from .i18n import available, get_language, language, resolve
from .rules import LogEntry, State, apply, new_game, sample_chance


def said(e: LogEntry) -> str:
    """A log entry as the demo narrates it, with its rule ids: in English as ``str(e)``, else in the
    current language."""
    if get_language() == "en" or e.msg is None:
        return str(e)
    return f"{e.words()} [{', '.join(e.rules)}]" if e.rules else e.words()


def position(s: State) -> str:
    """The final position as the demo prints it (``str(s)`` in English)."""
    return str(s) if get_language() == "en" else s.words()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="polis-demo", description=__doc__)
    ap.add_argument("--seed", type=int, default=7, help="seed for chance and for both players (default 7)")
    ap.add_argument("--edition", choices=("ed1", "ed2"), default="ed1",
                    help="ed1: first edition (yucata rules, default); ed2: second edition (Devir 2020)")
    ap.add_argument("--quiet", action="store_true", help="print only the final position and outcome")
    ap.add_argument("--language", choices=available(), default=None,
                    help="the language of the narration (default: POLIS_LANG, else the locale's, else en)")
    args = ap.parse_args(argv)
    with language(resolve(args.language)):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    s = new_game(args.edition, seed=args.seed)
    if not args.quiet:
        for e in s.log:
            print(said(e))
    while not s.is_terminal:
        a = sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng)
        s = apply(s, a)
        if not args.quiet:
            for e in s.log:
                print(said(e))
    print()
    print(position(s))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
