"""Running many seeded tasks: in this process, or on dask.distributed.

Big runs (playouts of :func:`.evaluate.analyse`, games of :func:`.ladder.ladder`) are lists of
independent tasks. Each task gets its own generator, seeded from the run's seed and the task's
*index* (:func:`task_rng`), never from the worker that runs it, and results come back in task
order: the same run gives the same result in this process, on one worker or on twenty.

``client`` chooses where tasks run:

* ``None`` (the default): a :class:`distributed.LocalCluster` of ``workers`` processes (one per
  core by default), started on first use and shared by later runs; a run of one task stays here;
* ``"serial"``: this process, one task after the other (no Dask);
* a scheduler address such as ``"tcp://10.0.0.5:8786"``: an existing cluster;
* a :class:`distributed.Client`: used as it is.

Dask is imported only when a run goes to it. ``progress=True`` shows a tqdm bar (a widget in a
notebook, text in a terminal).
"""
from __future__ import annotations

import atexit
import os
import random
from typing import Any, Callable, Sequence

SERIAL = "serial"
_LOCAL: dict[int, Any] = {}
_REMOTE: dict[str, Any] = {}


def task_rng(kind: str, seed: int, index: int) -> random.Random:
    """The generator of task ``index`` of a run seeded ``seed`` (string seeding: the same in every
    process and Python version)."""
    return random.Random(f"polis:{kind}:{seed}:{index}")


def local_client(workers: int | None = None):
    """The shared LocalCluster client with ``workers`` processes (default: one per core)."""
    from distributed import Client, LocalCluster

    n = workers or os.cpu_count() or 1
    c = _LOCAL.get(n)
    if c is None or c.status not in ("running", "connecting"):
        # on this machine only, on free ports (several notebooks may each start one)
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address="127.0.0.1:0")
        c = _LOCAL[n] = Client(cluster)
    return c


def close_local() -> None:
    """Shut down the shared LocalClusters and close connections to remote ones (also at exit)."""
    while _REMOTE:
        _REMOTE.popitem()[1].close()
    while _LOCAL:
        _, c = _LOCAL.popitem()
        cluster = c.cluster
        c.close()
        if cluster is not None:
            cluster.close()


atexit.register(close_local)


def _client(client: Any, workers: int | None):
    if client is None:
        return local_client(workers)
    if isinstance(client, str):
        c = _REMOTE.get(client)
        if c is None or c.status not in ("running", "connecting"):
            from distributed import Client

            c = _REMOTE[client] = Client(client)
        return c
    if hasattr(client, "map") and hasattr(client, "gather"):
        return client
    raise TypeError(f"client must be None (a local cluster), 'serial', a scheduler address or a "
                    f"distributed.Client, not {client!r}")


def check_client(client: Any) -> None:
    """Refuse a ``client`` argument that names nothing usable, before any work starts."""
    if client is None or client == SERIAL or isinstance(client, str):
        if isinstance(client, str) and client != SERIAL and "://" not in client and ":" not in client:
            raise ValueError(f"client {client!r} is neither 'serial' nor a scheduler address like 'tcp://host:8786'")
        return
    if not (hasattr(client, "map") and hasattr(client, "gather")):
        raise TypeError(f"client must be None (a local cluster), 'serial', a scheduler address or a "
                        f"distributed.Client, not {client!r}")


def run_tasks(fn: Callable, tasks: Sequence[tuple], *, client: Any = None, workers: int | None = None,
              progress: bool = False, desc: str = "") -> list:
    """``[fn(*t) for t in tasks]``, run where ``client`` says (see the module docstring), results
    in task order. ``fn`` must be a module-level function (it travels to the workers by name)."""
    check_client(client)
    tasks = list(tasks)
    bar = _bar(len(tasks), progress, desc)
    try:
        if client == SERIAL or (client is None and len(tasks) <= 1):
            out = []
            for t in tasks:
                out.append(fn(*t))
                bar.update(1)
            return out
        c = _client(client, workers)
        futures = c.map(fn, *zip(*tasks), pure=False) if tasks else []
        index = {f.key: i for i, f in enumerate(futures)}
        results: list = [None] * len(futures)
        from distributed import as_completed

        for f in as_completed(futures):
            results[index[f.key]] = f.result()
            bar.update(1)
        return results
    finally:
        bar.close()


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool, desc: str):
    if not progress:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc or None, leave=False)
