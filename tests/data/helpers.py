"""Shared helpers for the component-file tests: write a file, build an overlay, collect problems."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from polis_nb.data import ComponentError, load_components


def write(tmp_path: Path, name: str, doc: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def overlay(base: str = "ed1-default", **sections: Any) -> dict[str, Any]:
    return {"format": "polis_nb.components/1", "name": "test-overlay", "extends": base, **sections}


def problems(path: Path, base_file: str = "polis_nb/data/ed1.json") -> list[str]:
    """The problems a refused file reports; each names the file (or the packaged base it extends)."""
    with pytest.raises(ComponentError) as info:
        load_components(path)
    assert info.value.problems, "a ComponentError must list its problems"
    for p in info.value.problems:
        assert p.startswith(f"{path}: ") or p.startswith(f"{base_file}: "), p
    return info.value.problems


def has(found: list[str], *parts: str) -> bool:
    return any(all(x in p for x in parts) for p in found)
