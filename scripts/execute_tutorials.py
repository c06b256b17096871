"""Re-execute tutorial notebooks in place, the way they are stored in the repository.

    .venv/bin/python scripts/execute_tutorials.py               # every tutorial
    .venv/bin/python scripts/execute_tutorials.py tutorials/07-trade.ipynb
    .venv/bin/python scripts/execute_tutorials.py tutorials/de/01-tour.ipynb

Every tutorial: the English ones (``tutorials/NN-*.ipynb``) and their translations, one folder a language
(``tutorials/de/``, ``tutorials/pl/``: :func:`tutorials`).

Each notebook runs top to bottom in a fresh kernel of this Python (nbclient), and is saved:
- without widget state, so nbconvert, GitHub and nbviewer show each widget's static picture
  (its ``image/svg+xml`` output) rather than trying to load the live widget from a CDN;
- without per-cell execution timestamps, so a re-run changes only what the code printed;
- with adjacent outputs of one stream joined, so how the kernel happened to flush (a busy machine
  splits a print into pieces) never shows in the diff.
nbval (strict) then compares the stored outputs with a fresh run.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def execute(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=False, record_timing=False).execute()
    took = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = joined_streams(cell.outputs)
    nbformat.write(nb, path)
    return took


def joined_streams(outputs: list) -> list:
    """``outputs`` with each run of adjacent stream outputs of the same stream made one output."""
    out: list = []
    for o in outputs:
        last = out[-1] if out else None
        if (o.output_type == "stream" and last is not None and last.output_type == "stream"
                and last.name == o.name):
            last.text = "".join(last.text) + "".join(o.text)
        else:
            out.append(o)
    return out


def tutorials(folder: Path = ROOT / "tutorials") -> list[Path]:
    """The tutorials: ``NN-*.ipynb`` in ``folder``, then those of each language's folder (``de/``, ``pl/``)."""
    return sorted(folder.glob("[0-9][0-9]-*.ipynb")) + sorted(folder.glob("[a-z][a-z]/[0-9][0-9]-*.ipynb"))


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or tutorials()
    for p in paths:
        shown = p.resolve().relative_to(ROOT / "tutorials") if p.resolve().is_relative_to(ROOT / "tutorials") else p
        print(f"{shown}: {execute(p):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
