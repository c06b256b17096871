"""Running many seeded tasks: in this process by default, or on dask.distributed when asked.

Big runs (playouts of :func:`.evaluate.analyse`, games of :func:`.ladder.ladder`) are lists of
independent tasks. Each task gets its own generator, seeded from the run's seed and the task's
*index* (:func:`task_rng`), never from the worker that runs it, and results come back in task
order: the same run gives the same result in this process, on one worker or on twenty.

Where tasks run (``client`` and ``workers`` of :func:`run_tasks`, ``analyse`` and ``ladder``):

* nothing (``client=None, workers=None``, the default) or ``client="serial"``: **this process**, one
  task after the other. No Dask, no other process: safe in any script, notebook or test;
* ``workers=N`` (N >= 1): a local cluster of N worker processes on this machine, one thread each.
  The scheduler runs in this process, bound to 127.0.0.1 on a free port; every worker is a fresh
  ``python -m distributed.cli.dask_worker`` subprocess named ``polis-worker-<i>`` (with a Dask
  nanny that restarts it if it dies), so the workers never import your main module: a script
  without an ``if __name__ == "__main__":`` guard runs once. The cluster starts on first use
  (a few seconds), is shared by later runs (rescaled if N changes) and shuts down at exit or on
  :func:`close_local`. A run of a single task stays in this process. If the cluster cannot start
  (dask.distributed missing, workers failing to start), the run goes to this process with a
  :class:`RuntimeWarning` saying why (and later runs too, without trying again until
  :func:`close_local`);
* ``client="tcp://host:8786"``: the scheduler at that address (connection refused or timed out
  after :data:`CONNECT_TIMEOUT` seconds: :class:`ConnectionError`);
* ``client=`` a :class:`distributed.Client`: used as it is.

A worker that dies mid-run costs only time: Dask runs its tasks again elsewhere, with the same
seeds, so the results are the same. Dask is imported only when a run goes to it.
``progress=True`` shows a tqdm bar (a widget in a notebook, text in a terminal).

Dask and tqdm come with the ``analysis`` extra (``pip install 'polis_nb[analysis]'``), not with the
kernel: ``import polis_nb`` imports neither, and a run that needs one that is missing says how to
install it (:func:`extra`).
"""
from __future__ import annotations

import atexit
import functools
import importlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from typing import Any, Callable, Protocol, Sequence

SERIAL = "serial"
CONNECT_TIMEOUT = 5.0  # seconds to reach a scheduler given by address
START_TIMEOUT = 60.0  # seconds for the workers of a local cluster to start and connect
_LOCAL: dict[str, Any] = {}  # "client", "cluster", "directory" of the shared local cluster
_FAILED: dict[int, str] = {}  # workers -> why that local cluster could not start (until close_local)
_REMOTE: dict[str, Any] = {}
_LOCK = threading.RLock()  # one local cluster, even if several threads ask at once


def task_rng(kind: str, seed: int, index: int) -> random.Random:
    """The generator of task ``index`` of a run seeded ``seed`` (string seeding: the same in every
    process and Python version)."""
    return random.Random(f"polis:{kind}:{seed}:{index}")


# --- the local cluster: scheduler here, workers in subprocesses ---------------------------------

class LocalClusterError(RuntimeError):
    """A local cluster could not start (the reason is the message)."""


def _worker_command(scheduler: str, name: str, directory: str) -> list[str]:
    """The command line of one local worker (a fresh interpreter: it never imports ``__main__``)."""
    return [sys.executable, "-m", "distributed.cli.dask_worker", scheduler, "--name", name,
            "--nthreads", "1", "--nworkers", "1", "--host", "127.0.0.1", "--no-dashboard",
            "--local-directory", directory, "--death-timeout", "30"]


def _worker_env() -> dict[str, str]:
    # the workers import what this process can (modules beside a script or a notebook, sys.path
    # edits), as multiprocessing's spawn would, and log warnings only (to their log file)
    paths = [os.getcwd() if p == "" else p for p in sys.path]
    paths = [p for p in dict.fromkeys(paths) if os.path.exists(p)]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(paths + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.setdefault("DASK_LOGGING__DISTRIBUTED", "warning")
    return env


#: how to install what the analysis needs beyond the kernel (Dask and tqdm)
INSTALL_ANALYSIS = "pip install 'polis_nb[analysis]'"


def extra(module: str, what: str) -> Any:
    """The module ``module`` of the ``analysis`` extra (``distributed``, ``tqdm.auto``), imported now;
    an ``ImportError`` saying that ``what`` needs it, and how to install it, when it is missing."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{what} needs {module.split('.')[0]}, which is not installed; it comes with "
                          f"polis_nb's analysis extra: {INSTALL_ANALYSIS}") from e


@functools.cache
def _classes() -> tuple[type, type]:
    """The local cluster's classes (built on first use: Dask is imported only then)."""
    import asyncio

    from distributed import SpecCluster
    from distributed.deploy.spec import ProcessInterface

    class WorkerProcess(ProcessInterface):
        """One worker: a ``python -m distributed.cli.dask_worker`` subprocess."""

        def __init__(self, scheduler: str, name: str, directory: str):
            self.scheduler, self.name, self.directory = scheduler, name, directory
            self.process: subprocess.Popen | None = None
            self.log = os.path.join(directory, f"{name}.log")
            super().__init__(scheduler, name)

        async def start(self) -> None:
            # its own session: an interrupt of this process (Ctrl-C, a notebook's interrupt
            # button) stops the run, not the workers
            detached: dict[str, Any]
            if sys.platform == "win32":
                detached = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
            else:
                detached = {"start_new_session": True}
            with open(self.log, "ab") as log:
                self.process = subprocess.Popen(
                    _worker_command(self.scheduler, self.name, self.directory), stdin=subprocess.DEVNULL,
                    stdout=log, stderr=subprocess.STDOUT, env=_worker_env(), cwd=os.getcwd(), **detached)
            await super().start()

        def exited(self) -> int | None:
            return None if self.process is None else self.process.poll()

        def log_tail(self, chars: int = 600) -> str:
            try:
                with open(self.log, "rb") as f:
                    text = f.read().decode(errors="replace").strip()
            except OSError:
                return ""
            return text[-chars:]

        async def close(self) -> None:
            p = self.process
            if p is not None and p.poll() is None:
                p.terminate()  # the worker CLI closes its nanny and worker on SIGTERM
                for _ in range(100):
                    if p.poll() is not None:
                        break
                    await asyncio.sleep(0.05)
                else:
                    _kill_tree(p)
            await super().close()

    class PolisCluster(SpecCluster):
        """The scheduler in this process, workers in subprocesses (see :func:`local_client`)."""

        def _new_worker_name(self, worker_number: int) -> str:
            return f"polis-worker-{worker_number}"

        def processes(self) -> list:
            return list(self.workers.values())

    return WorkerProcess, PolisCluster


def _kill_tree(p: subprocess.Popen) -> None:
    try:
        import psutil

        for child in psutil.Process(p.pid).children(recursive=True):
            child.kill()
    except Exception:
        pass
    p.kill()
    try:
        p.wait(5)
    except subprocess.TimeoutExpired:
        pass


def _healthy(entry: dict) -> bool:
    c, cluster = entry["client"], entry["cluster"]
    return (c.status == "running" and cluster.status.name == "running"
            and all(w.exited() is None for w in cluster.processes()))


def _wait_for_workers(cluster: Any, n: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        procs = cluster.processes()
        for w in procs:
            code = w.exited()
            if code is not None:
                tail = w.log_tail()
                raise LocalClusterError(f"worker {w.name} exited with code {code}"
                                        + (f": {tail}" if tail else ""))
        names = {ws.name for ws in list(cluster.scheduler.workers.values())}
        if len(procs) == n and names == {w.name for w in procs}:
            return
        if time.monotonic() > deadline:
            raise LocalClusterError(f"{len(names)} of {n} workers connected within {START_TIMEOUT:g} s")
        time.sleep(0.05)


def local_client(workers: int | None = None) -> Any:
    """The :class:`distributed.Client` of the shared local cluster, with ``workers`` worker
    processes (default: one per core), started (or rescaled) now and waited for. Raises
    :class:`LocalClusterError` (or ImportError) if it cannot start; :func:`run_tasks` then
    runs in this process instead, with a warning."""
    n = workers or os.cpu_count() or 1
    distributed = extra("distributed", f"a local Dask cluster (workers={n})")
    with _LOCK:
        return _local_client(distributed, n)


def _local_client(distributed: Any, n: int) -> Any:
    entry = _LOCAL.get("entry")
    if entry is not None and not _healthy(entry):
        _drop_local()
        entry = None
    if entry is not None:
        cluster = entry["cluster"]
        if len(cluster.processes()) != n or len(cluster.worker_spec) != n:
            cluster.scale(n)
            try:
                _wait_for_workers(cluster, n)
            except BaseException:
                _drop_local()
                raise
        return entry["client"]

    import logging

    WorkerProcess, PolisCluster = _classes()
    directory = tempfile.mkdtemp(prefix="polis-dask-")
    spec = {"cls": WorkerProcess, "options": {"directory": directory}}
    cluster = client = None
    try:
        cluster = PolisCluster(
            workers={f"polis-worker-{i}": spec for i in range(n)}, worker=spec,
            scheduler={"cls": distributed.Scheduler,
                       "options": {"host": "127.0.0.1", "port": 0, "dashboard": True,
                                   "dashboard_address": "127.0.0.1:0"}},
            silence_logs=logging.WARN, name="polis_nb")
        cluster._i = n
        _LOCAL["entry"] = {"client": None, "cluster": cluster, "directory": directory}
        _wait_for_workers(cluster, n)
        client = distributed.Client(cluster, set_as_default=False)
        _LOCAL["entry"]["client"] = client
    except BaseException:
        _LOCAL.pop("entry", None)
        _close_local_cluster(client, cluster, directory)
        raise
    # close ours before dask.distributed's own exit handlers run (atexit runs the last one first)
    atexit.unregister(close_local)
    atexit.register(close_local)
    return client


def _close_local_cluster(client: Any, cluster: Any, directory: str) -> None:
    for step in (client, cluster):
        if step is not None:
            try:
                step.close()
            except Exception:
                pass
    if cluster is not None:
        for w in cluster.processes():  # should be gone; never leave one behind
            if w.exited() is None:
                _kill_tree(w.process)
    shutil.rmtree(directory, ignore_errors=True)


def _drop_local() -> None:
    entry = _LOCAL.pop("entry", None)
    if entry is not None:
        _close_local_cluster(entry["client"], entry["cluster"], entry["directory"])


def close_local() -> None:
    """Shut down the shared local cluster and close connections to remote ones (also at exit).
    A local cluster that failed to start is tried again afterwards."""
    with _LOCK:
        while _REMOTE:
            try:
                _REMOTE.popitem()[1].close()
            except Exception:
                pass
        _drop_local()
        _FAILED.clear()


atexit.register(close_local)


# --- choosing where to run ----------------------------------------------------------------------

def _remote_client(address: str) -> Any:
    c = _REMOTE.get(address)
    if c is not None and c.status == "running":
        return c
    Client = extra("distributed", f"client={address!r} (client=None runs in this process)").Client
    try:
        c = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as e:
        raise ConnectionError(f"no Dask scheduler answers at {address} (gave up after {CONNECT_TIMEOUT:g} s: "
                              f"{e}); start one there, or pass client=None to run in this process "
                              f"(workers=N: a local cluster)") from e
    _REMOTE[address] = c
    return c


def check_client(client: Any, workers: Any = None) -> None:
    """Refuse a ``client``/``workers`` argument that names nothing usable, before any work starts."""
    if workers is not None:
        if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
            raise ValueError(f"workers is a number of worker processes >= 1 (or None: this process), "
                             f"not {workers!r}")
        if client is not None:
            raise ValueError(f"pass client or workers, not both (client={client!r} decides where the tasks "
                             f"run; workers=N starts a local cluster)")
    if client is None or client == SERIAL or isinstance(client, str):
        if isinstance(client, str) and client != SERIAL and "://" not in client and ":" not in client:
            raise ValueError(f"client {client!r} is neither 'serial' nor a scheduler address like "
                             f"'tcp://host:8786'")
        return
    if not (hasattr(client, "map") and hasattr(client, "gather")):
        raise TypeError(f"client must be None or 'serial' (this process), a scheduler address or a "
                        f"distributed.Client, not {client!r}")


def run_tasks(fn: Callable, tasks: Sequence[tuple], *, client: Any = None, workers: int | None = None,
              progress: bool = False, desc: str = "") -> list:
    """``[fn(*t) for t in tasks]``, run where ``client``/``workers`` say (see the module docstring;
    by default here, one after the other), results in task order. ``fn`` must be a module-level
    function (it travels to the workers by name, or by value if it is in ``__main__``)."""
    check_client(client, workers)
    tasks = list(tasks)
    c = None
    if workers is not None and len(tasks) > 1:
        reason = _FAILED.get(workers)
        if reason is None:
            try:
                c = local_client(workers)
            except ImportError:
                reason = f"dask.distributed is not installed ({INSTALL_ANALYSIS})"
            except Exception as e:
                reason = str(e) or type(e).__name__
            if reason is not None:
                _FAILED[workers] = reason
        if c is None:
            warnings.warn(f"polis_nb could not start a local Dask cluster of {workers} worker process"
                          f"{'es' if workers != 1 else ''} ({reason}); running the tasks in this process, "
                          f"one after the other", RuntimeWarning, stacklevel=2)
    elif isinstance(client, str) and client != SERIAL:
        c = _remote_client(client)
    elif client is not None and client != SERIAL:
        c = client
    bar = _bar(len(tasks), progress, desc)
    try:
        if c is None:
            out = []
            for t in tasks:
                out.append(fn(*t))
                bar.update(1)
            return out
        return _run_on(c, fn, tasks, bar)
    finally:
        bar.close()


def _run_on(c: Any, fn: Callable, tasks: list[tuple], bar: Bar) -> list:
    from distributed import wait

    # no retries: tasks are deterministic, so an error would only come again; tasks of a worker
    # that dies are run again by the scheduler (up to distributed.scheduler.allowed-failures)
    futures = c.map(fn, *zip(*tasks), pure=False) if tasks else []
    index = {f.key: i for i, f in enumerate(futures)}
    results: list = [None] * len(futures)
    pending = set(futures)
    try:
        while pending:
            try:
                with c.as_current():  # wait() asks for "the" client; ours is not the default
                    done, pending = wait(pending, timeout=1.0, return_when="FIRST_COMPLETED")
            except TimeoutError:
                _check_local(c)
                continue
            for f in done:
                results[index[f.key]] = _result(c, f)
                bar.update(1)
        return results
    finally:
        if pending:
            try:
                c.cancel(list(pending))
            except Exception:
                pass


def _result(c: Any, f: Any) -> Any:
    while True:  # a result lost with its worker is computed again: wait for it, if anyone can
        try:
            return f.result(timeout=1.0)
        except TimeoutError:
            _check_local(c)


def _check_local(c: Any) -> None:
    """Stop waiting if every worker process of our local cluster is gone for good."""
    entry = _LOCAL.get("entry")
    if entry is None or entry["client"] is not c:
        return
    procs = entry["cluster"].processes()
    if procs and all(w.exited() is not None for w in procs):
        raise LocalClusterError("every worker process of the local cluster exited: "
                                + "; ".join(f"{w.name}: {w.log_tail(200)}" for w in procs))


class Bar(Protocol):
    """A progress bar: tqdm's, or :class:`_NoBar` where none is shown."""

    def update(self, n: int) -> Any: ...

    def close(self) -> None: ...


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool, desc: str) -> Bar:
    if not progress:
        return _NoBar()
    tqdm = extra("tqdm.auto", "progress=True").tqdm
    return tqdm(total=total, desc=desc or None, leave=False)
