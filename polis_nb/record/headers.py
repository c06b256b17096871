"""Building a game from a record's headers (edition, seed, component set, options)."""
from __future__ import annotations

from ..rules.board import components_named
from ..rules.engine import EDITIONS, OPTIONS
from .node import RecordError


def header_error(message: str, header: str) -> RecordError:
    e = RecordError(message)
    e.header = header  # type: ignore[attr-defined]
    return e


def game_from_headers(headers: dict[str, str]):
    """A fresh Game (no chance settled) for the headers of a record; clear errors otherwise."""
    from .game import Game

    edition = headers.get("Edition", "ed1")
    if edition not in EDITIONS:
        raise header_error(f"this reader does not know edition {edition!r} (known: {', '.join(EDITIONS)})",
                           "Edition")
    try:
        seed = int(headers.get("Seed", "0"))
    except ValueError:
        raise header_error(f"Seed must be a whole number, not {headers.get('Seed')!r}", "Seed") from None
    comp_name = headers.get("Components", EDITIONS[edition])
    try:
        comp = components_named(comp_name)
    except KeyError:
        raise header_error(f"the record uses component set {comp_name!r}, which is not loaded here; load it with "
                           "pn.load_components(path) first", "Components") from None
    options = {}
    for part in filter(None, (x.strip() for x in headers.get("Options", "").split(","))):
        k, _, v = part.partition("=")
        if k not in OPTIONS or v not in OPTIONS[k]:
            raise header_error(f"unknown option {part!r}", "Options")
        options[k] = v
    if "Position" in headers:
        from ..rules import NotationError, State

        try:
            start = State.from_notation(headers["Position"])
        except (NotationError, ValueError) as e:
            raise header_error(f"the Position header is not a valid position: {e}", "Position") from None
        if (start.edition, start.seed, start.components, dict(start.options)) != (edition, seed, comp.name, options):
            raise header_error("the Position header disagrees with the Edition, Seed, Components or Options "
                               "headers", "Position")
        g = Game.from_state(start, settle=False)
    else:
        g = Game(edition, seed, components=comp, settle=False, **options)
    for k, v in headers.items():
        g.headers[k] = v
    return g
