"""What polis_nb shows in a notebook cell beyond an object's own ``_repr_``: the review's progress.

A review run in a Jupyter kernel (``g.review()``; JupyterLab, or JupyterLite's Pyodide kernel) shows a
bar of the decisions judged so far, one output updated in place (an IPython display with an id). The
analysis layer imports no notebook library, so ``import polis_nb`` registers this with it
(:func:`polis_nb.analysis.review_job.set_notebook_progress`). The output ends as it began, "Review of
N decisions": a notebook re-run gives the same stored output (nbval compares the first form of a
display with the stored, last one, so the two must agree).
"""
from __future__ import annotations

import sys
from html import escape
from typing import Callable

from .analysis.review_job import set_notebook_progress


def in_kernel() -> bool:
    """Whether this Python is a notebook's kernel: an IPython shell with a kernel is running (read
    from what is loaded; nothing is imported to find out)."""
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    shell = get() if get is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def bundle(total: int, done: int | None = None) -> dict[str, str]:
    """The output at ``done`` of ``total`` decisions (None: the start and the end), as plain text and HTML."""
    head = f"Review of {total} decision{'' if total == 1 else 's'}"
    if done is None:
        return {"text/plain": head, "text/html": f"<div class='polis-review-progress'>{escape(head)}</div>"}
    text = f"{head}: {done} judged"
    bar = (f"<progress max='{max(1, total)}' value='{done}' style='width:16em;vertical-align:middle'></progress>")
    return {"text/plain": text, "text/html": f"<div class='polis-review-progress'>{bar} {escape(text)}…</div>"}


def progress(total: int) -> Callable[..., None]:
    """Show a review's progress in this cell: ``show(done, total, end=False)`` updates it."""
    from IPython.display import display

    handle = display(bundle(total), raw=True, display_id=True)
    last: list[int | None] = [None]  # the count shown (None once ended)

    def show(done: int, total: int, end: bool = False) -> None:
        now = None if end else done
        if handle is not None and now != last[0]:
            last[0] = now
            handle.update(bundle(total, now), raw=True)

    return show


set_notebook_progress(in_kernel, progress)
