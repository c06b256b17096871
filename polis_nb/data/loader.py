"""Load, overlay and validate Polis component files (JSON) into :class:`~polis_nb.data.types.Components`.

File format ``polis_nb.components/1``
=====================================

A component file is one JSON object. Files are parsed with :mod:`json` only.

Header keys: ``format`` (always ``"polis_nb.components/1"``), ``name`` (the set's name, e.g.
``"ed1-default"``), ``edition`` (``"ed1"`` | ``"ed2"``; optional in an overlay, where it must match the
base), ``extends`` (overlay only: the packaged set it modifies, e.g. ``"ed1-default"``), ``description``
(optional text).

Every *entity* below carries its provenance inline: ``"provenance"`` (``stated`` | ``derived`` |
``prototype`` | ``reconstructed``), ``"source"`` (e.g. ``"Ed1 · Aktionen › h. Tribut einfordern"`` or
``"polis-data.md §2.3"``), ``"basis"`` (one line; required when reconstructed) and optionally
``"field_provenance": {field: {"provenance", "source", "basis"?}}`` for fields whose provenance differs
from the entity's (e.g. a polis stated as a whole but its port reconstructed).

Sections (all required in a complete file; the shape of one entity is given):

=================  ==========================================================================================
``constants``      object: ``goods``, ``market_goods``, ``perishable`` (lists of good ids),
                   ``cubes_per_player``, ``ships_per_player``, ``battle_threshold`` (integers); optional
                   ``train_good`` (pays for a hoplite besides silver; default ``"metal"``),
                   ``discs_per_player`` (integer, or null = not a limit; default null), ``market_covers``
                   (true: black cubes cover the 4- and 5-load offers at setup; default false) and ``terms``
                   (words for the texts, keys ``ship``/``ships``; default: "trade ship(s)")
``rounds``         object: ``rows``: list of ``{label, name, stacking, max_load}``, first round first
``areas``          list of ``{id, name, kind: "land"|"sea", home_of: player|null}``; territories first, then
                   seas; the list position is ``Area.index``
``adjacency``      list of edges ``{kind: "land"|"coast"|"sea", between: [id, id]}``, each stored **once**:
                   land = territory-territory, coast = territory-sea, sea = sea-sea (the diolkos is not an
                   edge). ``Area.neighbours`` / ``Area.coasts`` are built from them, so they are symmetric.
``diolkos``        object: ``{polis, seas: [sea, sea]}``
``poleis``         list of ``{id, name, territory: id|null, base, growth, max_pop, ports: [sea...],
                   capital_of: player|null, trade_city_of: player|null, project_types: [type...]}``
``markets``        list of ``{id, name, seas: [sea...], land_route_from: polis|null}``
``offers``         object keyed by market id: ``{rows: [{load, demand: [good...], receive}...]}``; the row
                   position is the slot (0 = leftmost), the offer id is ``"<market>.<slot>"``
``trade_ports``    object: ``{ports: {player: [sea...]}}``
``tribute``        object keyed by territory id: ``{rows: [{good, amounts: [int...]}...]}``;
                   ``field_provenance`` may be keyed by a good of the rows
``market_table``   object: ``{rows: {"3": [int...], "4": [...], "5": [...]}}`` (goods to hand over per marker
                   position, worse to the right)
``market_start``   object: ``{positions: {market good: position}}``
``projects``       list of ``{id, name, type, cost: {good: amount}, prestige, end_prestige,
                   prestige_rule?: null|"half-capital-pop-up"}``
``events``         list of ``{id, name, deck: round label, copies, effects: [{op, player, args, when?}...],
                   effect_unknown?, text?, note?, timing?}``; ops, players and args as in the
                   :class:`~polis_nb.data.types.Effect` docstring; ``effect_unknown: true`` marks a card
                   known only by name (no effects), ``timing`` fixes when all its effects act
``combat_cards``   object: ``{rows: [{count, land: {formation, manoeuvre, value, formation_name?,
                   manoeuvre_name?}, sea: {...}}...]}``; card ids run 0..23 in row order; the formation and
                   manoeuvre ids are the same in every edition, the optional names are for display (default:
                   the id capitalised, "elite-trireme" -> "Elite trireme"); ``field_provenance`` may name
                   ``pairing``
``setup``          object keyed by player: ``{poleis: {polis: cubes}, hoplites: {territory: n},
                   galleys: {sea: n}, ships_in_port, proxenos: polis, goods: {good: n}, prestige}``
=================  ==========================================================================================

Ids (of areas, poleis, markets, projects, events, goods, rounds, card formations and manoeuvres, and the
keys of ``offers`` and ``tribute``) are ASCII letters, digits, ``-`` and ``_`` only (at most 64, the first
a letter or a digit), so that the game notation can carry them. Any text of a file (names, sources,
keys) holds no lone surrogate and no control character other than tab and line ends, and every whole
number lies within -999..999 (a position holds prestige and goods up to 999), so that every position a
set leads to can be drawn and written.

Packaged sets: ``ed1-default`` (``ed1.json``), ``ed2-default`` (``ed2.json``) and ``ed1-prototype``
(``ed1-prototype.json``, an overlay of ``ed1-default`` holding the values of the designer's prototype;
see ``docs/data-provenance.md``). :func:`packaged_components` loads one by name.

Overlays (``"extends"`` naming a packaged set) hold only the sections they change. List sections and keyed
objects are merged **by id** (edges by their unordered pair, ``offers``/``tribute``/``setup`` by key): an
entry with a known id replaces the base entry whole, in place; a new id is appended;
``{"id": ..., "remove": true}`` (``{"between": [...], "remove": true}`` for edges) deletes a base entry.
Single-object sections (``constants``, ``rounds``, ``diolkos``, ``trade_ports``, ``market_table``,
``market_start``, ``combat_cards``) are replaced whole. The merged set is then validated as a whole.

Provenance keys in ``Components.provenance``: each constants field by name (``"goods"``,
``"cubes_per_player"``...), ``"rounds"``, ``"diolkos"``, ``"trade_ports"``, ``"market_table"``,
``"market_start"``, ``"combat_cards"`` (+ ``"combat_cards.pairing"``), ``"areas.<id>"``,
``"adjacency.<a>-<b>"`` (recorded under both orders), ``"poleis.<id>"``, ``"markets.<id>"``,
``"markets.<id>.offers"``, ``"tribute.<territory>"``, ``"projects.<id>"``, ``"events.<id>"``,
``"setup.<player>"``, plus ``"<entity key>.<field>"`` for every field override.

Validation collects every problem as ``"<file>: <json path>: <what is wrong>"`` and raises
:class:`ComponentError` with all of them; a file with any problem is refused whole.

This module reads files and merges overlays; the checks live in :mod:`polis_nb.data.validate` and the
building of the dataclasses in :mod:`polis_nb.data.build`.
"""
from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .build import build
from .safeio import JSONDepthError, loads_json
from .types import Components
from .validate import FORMAT, LIST_SECTIONS, MAP_SECTIONS, Doc, Problems, locate, validate

__all__ = ["ComponentError", "FORMAT", "PACKAGED", "default_components", "load_components", "packaged_components"]

PACKAGED: Mapping[str, str] = MappingProxyType({"ed1-default": "ed1.json", "ed2-default": "ed2.json",
                                               "ed1-prototype": "ed1-prototype.json"})
_DEFAULT_SET = {"ed1": "ed1-default", "ed2": "ed2-default"}


class ComponentError(ValueError):
    """A component file was refused; ``problems`` lists every problem found (file, entry, what)."""

    def __init__(self, file: str, problems: list[str]) -> None:
        self.file = file
        self.problems = list(problems)
        head = f"component file {file} refused: {len(self.problems)} problem(s)"
        super().__init__("\n  ".join([head, *self.problems]))


# ------------------------------------------------------------------------------- reading and merging
def _parse(text: str, file: str) -> Any:
    dups: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                dups.append(k)
            out[k] = v
        return out

    try:
        raw = loads_json(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as e:
        raise ComponentError(file, [f"{file}: line {e.lineno}, column {e.colno}: invalid JSON: {e.msg}"]) from None
    except JSONDepthError as e:
        raise ComponentError(file, [f"{file}: {e}"]) from None
    except ValueError:  # json reads numbers with int(), which refuses more than sys.get_int_max_str_digits() digits
        raise ComponentError(file, [f"{file}: invalid JSON: a number has more than {sys.get_int_max_str_digits()} "
                                    f"digits"]) from None
    if dups:
        probs = Problems()  # keeps each message short and printable (a key may hold anything)
        for k in dups:
            probs.append(f"{file}: duplicate key '{k}' in one JSON object")
        raise ComponentError(file, probs)
    return raw


def _merge(base: Doc, over: Doc, probs: Problems) -> Doc:
    """``base`` with the overlay ``over`` applied (by id; removals last)."""
    out = Doc(over.file, over.name, base.edition, True, over.extends)  # checked as the base's edition
    if over.edition and over.edition != base.edition:
        probs.append(f"{over.file}: $.edition: '{over.edition}' does not match the base set's '{base.edition}'")
    out.single = {**base.single, **over.single}
    for sec in (*LIST_SECTIONS, *MAP_SECTIONS):
        merged = dict(base.keyed.get(sec, {}))
        merged.update(over.keyed.get(sec, {}))
        out.keyed[sec] = merged
    for sec, key, at in over.removals:
        if key in over.keyed.get(sec, {}):
            probs.at(at, "", f"'{key}' is both removed and given in this overlay")
        elif key not in out.keyed[sec]:
            probs.at(at, "", f"cannot remove '{key}': not in {base.name}")
        else:
            del out.keyed[sec][key]
    return out


# -------------------------------------------------------------------------------------------- public
def _packaged_text(name: str) -> str:
    return resources.files(__package__).joinpath(PACKAGED[name]).read_text(encoding="utf-8")


def _packaged_label(name: str) -> str:
    return f"polis_nb/data/{PACKAGED[name]}"


def _locate_text(text: str, file: str, probs: Problems) -> Doc:
    raw = _parse(text, file)
    if not isinstance(raw, dict):
        raise ComponentError(file, [f"{file}: $: a component file must be a JSON object"])
    return locate(raw, file, probs)


def _with_base(doc: Doc, probs: Problems, chain: tuple[str, ...] = ()) -> Doc:
    """``doc`` merged onto the packaged set it extends (itself merged onto its own base, if any)."""
    if doc.extends is None:
        return doc
    if doc.extends not in PACKAGED:
        probs.append(f"{doc.file}: $.extends: unknown base set '{doc.extends}' (known: {', '.join(PACKAGED)})")
        return doc
    if doc.extends in chain:
        probs.append(f"{doc.file}: $.extends: '{doc.extends}' extends itself (through {' -> '.join(chain)})")
        return doc
    base = _locate_text(_packaged_text(doc.extends), _packaged_label(doc.extends), probs)
    return _merge(_with_base(base, probs, (*chain, doc.extends)), doc, probs)


def _load_text(text: str, file: str) -> Components:
    probs = Problems()
    doc = _with_base(_locate_text(text, file, probs), probs)
    validate(doc, probs)
    if probs:
        raise ComponentError(file, probs)
    return build(doc)


def load_components(path: str | os.PathLike[str]) -> Components:
    """Read, merge (for overlays) and validate a component file; raise :class:`ComponentError` if bad."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise ComponentError(file, [f"{file}: not UTF-8 text ({e.reason})"]) from None
    return _load_text(text, file)


def default_components(edition: str = "ed1") -> Components:
    """The packaged default component set of an edition (cached; the result is read-only)."""
    return _default_components(edition)


@lru_cache(maxsize=None)
def _default_components(edition: str) -> Components:
    if edition not in _DEFAULT_SET:
        raise ValueError(f"no packaged component set for edition {edition!r} (have: {', '.join(_DEFAULT_SET)})")
    return packaged_components(_DEFAULT_SET[edition])


def packaged_components(name: str) -> Components:
    """A component set shipped with polis_nb, by name: "ed1-default", "ed2-default" or "ed1-prototype"
    (cached; the result is read-only). ``pn.new_game("ed1", components=packaged_components("ed1-prototype"))``
    plays with the prototype's values."""
    if name not in PACKAGED:
        raise ValueError(f"no packaged component set named {name!r} (have: {', '.join(PACKAGED)})")
    return _packaged_components(name)


@lru_cache(maxsize=None)
def _packaged_components(name: str) -> Components:
    return _load_text(_packaged_text(name), _packaged_label(name))
