"""What this Python can do besides computing: start threads, start subprocesses, run work later on an
event loop. The one place polis_nb asks; everything else asks it (the Board's bot replies and
reviews, :mod:`.workers` for the review's worker processes).

A browser's Python (Pyodide, ``sys.platform == "emscripten"``; likewise WASI) starts neither threads
(``threading.Thread.start`` raises ``RuntimeError: can't start new thread``) nor subprocesses. Its
event loop (Pyodide's WebLoop) runs whenever the browser is idle, so work there goes in slices: a
chunk, then ``await asyncio.sleep(0)``, and the browser draws and the kernel answers clicks in between.

``POLIS_NB_THREADS=0`` in the environment (read at every ask) makes any Python behave as the
browser's does here: no threads, so no worker processes either (their pool listens in threads). The
tests check the browser's path that way on CPython.

:func:`to_end` runs such a sliced piece of work (a generator that yields between chunks and returns
its result) to its end at once, for callers that may block.
"""
from __future__ import annotations

import asyncio
import os
import sys
from typing import Any, Generator, TypeVar

T = TypeVar("T")
WEB = sys.platform in ("emscripten", "wasi")  # a browser's (or a WebAssembly host's) Python
SWITCH = "POLIS_NB_THREADS"  # "0": behave as if no thread could start


def threads() -> bool:
    """Whether a thread can start here (not in Pyodide, nor with ``POLIS_NB_THREADS=0``)."""
    return not WEB and os.environ.get(SWITCH, "").strip() != "0"


def subprocesses() -> bool:
    """Whether worker processes can run here: a Python with an executable to start, and threads to
    listen to them."""
    return threads() and sys.executable not in ("", None)


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop that runs work in slices while the user may click: the running loop (a
    kernel's, or ``asyncio.run``'s), and in Pyodide its WebLoop, which the browser runs; None where
    no loop runs (a plain script: work then runs at once)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    return asyncio.get_event_loop() if WEB else None  # (Pyodide's loop policy gives its WebLoop)


def to_end(work: Generator[Any, Any, T]) -> T:
    """Run ``work`` (a generator that yields between chunks) to its end; its return value."""
    while True:
        try:
            next(work)
        except StopIteration as stop:
            return stop.value
