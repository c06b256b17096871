"""Work a widget does while the user may still click (the Board's bot reply and review):
:class:`Background`.

The work is a generator function ``work(sliced)`` that does a chunk of work at each step, yields in
between and returns its result; ``land(result, error)`` takes the result (or the exception the work
raised) once it is done. Where it runs (:func:`way`, asking :mod:`polis_nb.analysis.runtime`):

- ``"thread"`` where threads start (JupyterLab, scripts): in a daemon thread, the work to its end;
- ``"loop"`` where none can (a browser's Python, Pyodide; or ``POLIS_NB_THREADS=0``) but an event loop
  runs: as a task on that loop, one chunk at a time with ``await asyncio.sleep(0)`` in between, so the
  browser draws the view and the kernel answers the user's clicks (Cancel, undo, a new game) between
  two chunks. ``sliced`` is then True: the work yields often (each wave of a search);
- None with neither: nothing can run in the background, and the widget does the work at once.

The work and ``land`` run in the context :class:`Background` was made in (``contextvars``): the
language block the widget drew in (:mod:`polis_nb.i18n`) holds in the thread and in the task too.

What the work and ``land`` do with the widget's state they do under its lock, and ``land`` must
check that the job is still wanted (a click between two chunks may have made it stale): the same
guards serve both ways.
"""
from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any, Callable, Generator

from ..analysis import runtime

Work = Callable[[bool], Generator[Any, Any, Any]]


def way() -> str | None:
    """How background work runs here: "thread", "loop" or None (see the module's docstring)."""
    if runtime.threads():
        return "thread"
    return "loop" if runtime.event_loop() is not None else None


class Background:
    """``work`` run by :func:`way` from :meth:`start`, then ``land(result, error)`` called once."""

    def __init__(self, work: Work, land: Callable[[Any, Exception | None], None], name: str):
        self.way = way()
        if self.way is None:
            raise RuntimeError("nothing can run in the background here (no threads, no event loop)")
        self.name = name
        self._context = contextvars.copy_context()  # (the widget's language, for the thread and the task)
        self._steps = work(self.way == "loop")
        self._land = land
        self.thread: threading.Thread | None = None
        self.task: asyncio.Task | None = None
        self.finished = False

    def start(self) -> None:
        if self.way == "thread":
            self.thread = threading.Thread(target=self._to_end, name=self.name, daemon=True)
            self.thread.start()
        else:
            loop = runtime.event_loop()
            assert loop is not None
            self.task = loop.create_task(self._slices(), name=self.name, context=self._context.copy())

    def wait(self, timeout: float | None = None) -> bool:
        """Until the work has landed (or ``timeout`` seconds passed, in a thread); on an event loop the
        chunks left run now, in the caller (a loop's task cannot be waited for from inside the loop)."""
        if self.thread is not None:
            self.thread.join(timeout)
        elif not self.finished:
            self._to_end()
        return self.finished

    def _to_end(self) -> None:
        while not self.finished and self._context.run(self._step):
            pass

    async def _slices(self) -> None:
        await asyncio.sleep(0)  # the view the start drew reaches the browser first
        while not self.finished and self._step():
            await asyncio.sleep(0)  # the browser draws, the kernel answers clicks

    def _step(self) -> bool:
        """One chunk; True while work is left, else the result has landed."""
        try:
            next(self._steps)
            return True
        except StopIteration as stop:
            result, error = stop.value, None
        except Exception as e:  # a bug: the widget says so (land), it is not lost in a thread or a task
            result, error = None, e
        self.finished = True
        self._land(result, error)
        return False
