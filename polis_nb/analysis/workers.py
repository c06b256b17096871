"""Worker processes for long analyses made of independent tasks (the game review), with nothing to
install: each worker is a fresh Python subprocess running :func:`serve`, which reads tasks from its
standard input and writes what they yield and return to its standard output (pickles, each preceded
by its length); what it writes to standard error goes to a temporary log, whose end a
:class:`WorkerError` quotes (never into a notebook cell). A fresh interpreter never imports the
caller's ``__main__``, so a script without an ``if __name__ == "__main__":`` guard runs once (as
with :mod:`.cluster`'s Dask workers).

A task names a module-level function of polis_nb and its arguments. The function may be a
generator: every value it yields comes back at once as a *tick* (progress), and its return value is
the task's result. The results depend on the tasks alone, never on which worker ran them, so a run
gives the same answer on any number of workers, or in this process (:func:`available` says whether
worker processes can start here: not in a browser's Python, Pyodide, which has no subprocesses).

The pool of a given size is started on first use (about a second per worker, in parallel), kept for
later runs, and stopped at exit, by :func:`close`, or when a run is abandoned (:meth:`Pool.abort`:
its workers are killed, since they may be busy with tasks nobody waits for).
"""
from __future__ import annotations

import atexit
import importlib
import os
import pickle
import queue
import struct
import subprocess
import sys
import tempfile
import threading
import traceback
from typing import IO, Any, Callable, Generator

from . import runtime

_HEADER = struct.Struct(">Q")
_POOL: dict[str, "Pool"] = {}
_LOCK = threading.Lock()


class WorkerError(RuntimeError):
    """A worker process died or could not start (the message says which and why)."""


def available() -> bool:
    """Whether worker processes can run here (not in Pyodide, whose Python has no subprocesses, nor
    where threads cannot start: :func:`.runtime.subprocesses`)."""
    return runtime.subprocesses()


def _write(stream: IO[bytes], obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)))
    stream.write(data)
    stream.flush()


def _read(stream: IO[bytes]) -> Any:
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        raise EOFError
    (n,) = _HEADER.unpack(head)
    data = stream.read(n)
    if len(data) < n:
        raise EOFError
    return pickle.loads(data)


def call(task: tuple[str, str, tuple], tick: Callable[[Any], None] | None = None) -> Any:
    """Run ``task`` (module, function name, arguments) here: its ticks go to ``tick``, its result is
    returned (what a worker does with a task)."""
    module, name, args = task
    fn = getattr(importlib.import_module(module), name)
    got = fn(*args)
    if not hasattr(got, "__next__"):
        return got
    while True:
        try:
            value = next(got)
        except StopIteration as stop:
            return stop.value
        if tick is not None:
            tick(value)


class Pool:
    """``n`` worker processes; :meth:`run` hands them tasks, one at a time each."""

    def __init__(self, n: int):
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"a pool needs a whole number of workers >= 1, not {n!r}")
        self.n = n
        self._procs: list[subprocess.Popen] = []
        self._inbox: queue.Queue = queue.Queue()
        self._busy = False
        self._log: IO[bytes] | None = None  # the workers' standard error

    def _start(self) -> None:
        from .cluster import _worker_env  # the workers import what this process imports

        env = _worker_env()
        self._log = tempfile.TemporaryFile()
        for k in range(self.n):
            try:
                p = subprocess.Popen([sys.executable, "-c", "from polis_nb.analysis.workers import serve; serve()"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, env=env)
            except OSError as e:
                self.abort()
                raise WorkerError(f"could not start a worker process ({e})") from e
            self._procs.append(p)
            threading.Thread(target=self._listen, args=(k, p), name=f"polis_nb worker {k}", daemon=True).start()

    def _listen(self, k: int, p: subprocess.Popen) -> None:
        out = p.stdout
        assert out is not None  # (started with stdout=PIPE)
        while True:
            try:
                msg = _read(out)
            except (EOFError, OSError, ValueError, pickle.UnpicklingError):  # (ValueError: closed by abort)
                self._inbox.put((k, p, None))
                return
            self._inbox.put((k, p, msg))

    def alive(self) -> bool:
        return len(self._procs) == self.n and all(p.poll() is None for p in self._procs)

    def run(self, tasks: list[tuple[str, str, tuple]]) -> Generator[tuple[str, int, Any], None, None]:
        """Run ``tasks`` on the workers: yields ``("tick", i, value)`` as task ``i`` reports and
        ``("done", i, result)`` as it ends, in the order they happen. A task that fails raises its
        error here (a :class:`RuntimeError` with the worker's traceback); a worker that dies raises
        :class:`WorkerError`. Stopping early (closing the generator) abandons the run: the workers
        are stopped."""
        self._busy = True
        finished = False
        try:
            if not self.alive():
                self.abort()
                self._start()
            todo = list(enumerate(tasks))[::-1]
            doing: dict[int, int] = {}  # worker -> task
            for k in range(min(self.n, len(todo))):
                self._send(k, todo, doing)
            while doing:
                k, p, msg = self._inbox.get()
                if p is not self._procs[k]:
                    continue  # a message from a worker of an abandoned run
                if msg is None:
                    raise WorkerError(f"worker process {k} (pid {p.pid}) stopped with code {p.wait()} while running "
                                      f"task {doing.get(k)}{self._log_tail()}")
                i, kind, value = msg
                if kind == "error":
                    raise RuntimeError(f"task {i} failed in worker process {k}:\n{value}")
                if kind == "tick":
                    yield "tick", i, value
                    continue
                del doing[k]
                if todo:
                    self._send(k, todo, doing)
                if not doing:  # the last result: the pool is free before it is handed over
                    finished = True
                    self._busy = False
                yield "done", i, value
        finally:
            if not finished:
                self._busy = False
                self.abort()

    def _send(self, k: int, todo: list, doing: dict) -> None:
        i, task = todo.pop()
        doing[k] = i
        stdin = self._procs[k].stdin
        assert stdin is not None  # (started with stdin=PIPE)
        try:
            _write(stdin, (i, task))
        except OSError as e:
            raise WorkerError(f"worker process {k} does not take tasks ({e})") from e

    def _log_tail(self, chars: int = 600) -> str:
        log = self._log
        if log is None:
            return ""
        try:
            log.seek(0, os.SEEK_END)
            log.seek(max(0, log.tell() - chars))
            tail = log.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""
        return f"; its log ends: {tail}" if tail else ""

    def abort(self) -> None:
        """Stop every worker (killed: they may be busy) and forget them; the next run starts new ones."""
        procs, self._procs = self._procs, []
        for p in procs:
            for stream in (p.stdin, p.stdout):
                try:
                    stream.close()  # type: ignore[union-attr]
                except OSError:
                    pass
            if p.poll() is None:
                p.kill()
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        log, self._log = self._log, None
        if log is not None:
            log.close()


def pool(n: int) -> Pool | None:
    """The shared pool of ``n`` workers (started on first use; one size at a time), reserved for one
    :meth:`Pool.run`, which frees it when it ends; None while another run holds it (a review in the
    Board's thread and one in a cell at the same time: the second runs in its own process)."""
    with _LOCK:
        got = _POOL.get("pool")
        if got is not None and got._busy:
            return None
        if got is None or got.n != n:
            if got is not None:
                got.abort()
            _POOL["pool"] = got = Pool(n)
        got._busy = True
        return got


def close() -> None:
    """Stop the shared pool's workers (a later run starts them again)."""
    with _LOCK:
        got = _POOL.pop("pool", None)
    if got is not None:
        got.abort()


atexit.register(close)


def serve() -> None:
    """A worker: run tasks from stdin until it closes, writing ticks and results to stdout."""
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # what a task prints goes to stderr, never into the messages
    sys.stdout = sys.stderr
    inp = sys.stdin.buffer
    while True:
        try:
            i, task = _read(inp)
        except EOFError:
            return
        try:
            result = call(task, lambda v: _write(out, (i, "tick", v)))
        except Exception:
            _write(out, (i, "error", traceback.format_exc()))
            continue
        _write(out, (i, "done", result))
