"""Where seeded tasks run (polis_nb.analysis.cluster): in this process unless asked otherwise; a
local cluster of worker subprocesses on ``workers=N`` that never runs the user's script again; an
unreachable scheduler fails fast; a worker killed mid-run changes nothing but the time taken."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from polis_nb.analysis import cluster
from polis_nb.analysis.cluster import close_local, local_client, run_tasks, task_rng

from .cluster_tasks import draw, slow_draw

TASKS = [(5, i) for i in range(6)]
EXPECTED = [task_rng("test", 5, i).random() for i in range(6)]


@pytest.fixture
def fresh():
    """No shared local cluster before or after (and no remembered failure)."""
    close_local()
    yield
    close_local()


def _gone(pids, within: float = 10.0) -> bool:
    psutil = pytest.importorskip("psutil")

    def alive(p):
        try:
            return psutil.Process(p).status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False

    deadline = time.monotonic() + within
    while any(alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_by_default_tasks_run_here_one_after_the_other(monkeypatch):
    def refuse(*a, **k):
        raise AssertionError("a cluster was started without workers=N")

    monkeypatch.setattr(cluster, "local_client", refuse)
    monkeypatch.setattr(cluster, "_remote_client", refuse)
    assert run_tasks(draw, TASKS) == EXPECTED
    assert run_tasks(draw, TASKS, client="serial") == EXPECTED
    assert run_tasks(draw, TASKS, client=None, workers=None) == EXPECTED
    assert run_tasks(draw, TASKS[:1], workers=2) == EXPECTED[:1]  # one task: no cluster for it
    assert run_tasks(draw, [], workers=2) == []


def test_bad_client_and_workers_are_refused():
    for workers in (0, -1, True, 1.5, "2"):
        with pytest.raises(ValueError, match="workers"):
            run_tasks(draw, TASKS, workers=workers)
    with pytest.raises(ValueError, match="not both"):
        run_tasks(draw, TASKS, client="serial", workers=2)
    with pytest.raises(ValueError, match="scheduler address"):
        run_tasks(draw, TASKS, client="nowhere")
    with pytest.raises(TypeError, match="client"):
        run_tasks(draw, TASKS, client=3)


def test_an_unreachable_scheduler_fails_fast():
    pytest.importorskip("distributed")
    with socket.socket() as s:  # a free port of this machine: nobody listens there
        s.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{s.getsockname()[1]}"
    t = time.monotonic()
    with pytest.raises(ConnectionError) as e:
        run_tasks(draw, TASKS, client=address)
    took = time.monotonic() - t
    assert took < cluster.CONNECT_TIMEOUT + 5, took
    assert address in str(e.value) and "client=None" in str(e.value)


def test_a_local_cluster_whose_workers_fail_falls_back_here(fresh, monkeypatch):
    pytest.importorskip("distributed")
    started = []

    def broken(scheduler, name, directory):
        started.append(name)
        return [sys.executable, "-c", "import sys; sys.exit('no worker here')"]

    monkeypatch.setattr(cluster, "_worker_command", broken)
    with pytest.warns(RuntimeWarning, match=r"local Dask cluster of 2 worker processes .*exited with code 1"
                                            r".*no worker here.*in this process") as w:
        assert run_tasks(draw, TASKS, workers=2) == EXPECTED
    assert len([x for x in w if x.category is RuntimeWarning]) == 1
    assert sorted(started) == ["polis-worker-0", "polis-worker-1"]
    assert "entry" not in cluster._LOCAL  # the half-started cluster is gone
    with pytest.warns(RuntimeWarning, match="in this process"):  # not tried again until close_local
        assert run_tasks(draw, TASKS, workers=2) == EXPECTED
    assert len(started) == 2


def test_a_local_cluster_without_dask_falls_back_here(fresh, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    with pytest.warns(RuntimeWarning, match="not installed.*in this process"):
        assert run_tasks(draw, TASKS, workers=2) == EXPECTED


SCRIPT = """\
import json, os
print("imported", os.getpid(), flush=True)  # no __main__ guard: workers must not run this again

from polis_nb.analysis.cluster import local_client, run_tasks, task_rng


def task(seed, index):  # defined in the script (__main__): travels to the workers by value
    return task_rng("script", seed, index).random(), os.getpid()


out = run_tasks(task, [(7, i) for i in range(8)], workers=2)
c = local_client(2)
print("results", json.dumps([x for x, _ in out]))
print("ran in", json.dumps(sorted({p for _, p in out})))
print("processes", json.dumps(sorted([*c.run(os.getpid).values(), *c.run(os.getppid).values()])))
"""


def test_a_script_without_a_main_guard_runs_once(tmp_path):
    pytest.importorskip("distributed")
    script = tmp_path / "plain.py"
    script.write_text(SCRIPT)
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    imported = [ln for ln in lines if ln.startswith("imported")]
    assert len(imported) == 1, run.stdout
    pid = int(imported[0].split()[1])
    got = {ln.split(" ", 1)[0]: ln.split(" ", 1)[1] for ln in lines if not ln.startswith("imported")}
    assert json.loads(got["results"]) == [task_rng("script", 7, i).random() for i in range(8)]
    ran_in = json.loads(got["ran"].removeprefix("in "))
    assert pid not in ran_in  # on the workers, not in the script's process
    assert "RuntimeWarning" not in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert _gone(json.loads(got["processes"])), "worker processes outlived the script"


def test_a_worker_killed_mid_run_changes_nothing(fresh):
    pytest.importorskip("distributed")
    tasks = [(11, i) for i in range(8)]
    here = run_tasks(slow_draw, tasks)
    c = local_client(2)
    workers = c.run(os.getpid)  # address -> pid of the worker process (its nanny is the parent)
    nannies = c.run(os.getppid)
    assert len(workers) == 2 and os.getpid() not in workers.values()
    assert {w["name"] for w in c.scheduler_info()["workers"].values()} == {"polis-worker-0", "polis-worker-1"}
    assert all(w["nthreads"] == 1 for w in c.scheduler_info()["workers"].values())
    assert all(a.startswith("tcp://127.0.0.1:") for a in [c.scheduler.address, *workers])

    out: dict = {}

    def run():
        try:
            out["results"] = run_tasks(slow_draw, tasks, workers=2)
        except BaseException as e:  # pragma: no cover - reported below
            out["error"] = e

    thread = threading.Thread(target=run)
    thread.start()
    victim = None
    deadline = time.monotonic() + 30
    while victim is None and time.monotonic() < deadline:
        busy = [a for a, keys in c.processing().items() if keys]
        victim = busy[0] if busy else None
        time.sleep(0.02)
    assert victim is not None
    time.sleep(0.1)  # a task is under way there (each takes about 0.3 s)
    assert thread.is_alive()
    os.kill(workers[victim], signal.SIGKILL)
    thread.join(120)
    assert not thread.is_alive()
    assert "error" not in out, out.get("error")
    assert out["results"] == here  # in task order, whoever ran them
    # the cluster is still usable (the nanny restarted the worker) and shuts down cleanly
    assert run_tasks(draw, TASKS, workers=2) == EXPECTED
    assert workers[victim] not in c.run(os.getpid).values()
    processes = [*c.run(os.getpid).values(), *nannies.values()]
    close_local()
    assert _gone(processes + [workers[victim]])


def test_an_analysis_with_a_worker_killed_midway_equals_the_one_here(fresh):
    """pn.analyse on two worker processes, one of them killed while the search runs: the tree and
    every figure are those of the analysis in this process (the playouts are seeded by the leaf's
    number, not by the worker; Dask reruns what the dead worker held)."""
    pytest.importorskip("distributed")
    import polis_nb as pn

    s = pn.settle(pn.new_game("ed1", seed=3))
    here = pn.analyse(s, budget=800, seed=3)
    c = local_client(2)
    workers = c.run(os.getpid)
    out: dict = {}

    def run():
        try:
            out["analysis"] = pn.analyse(s, budget=800, seed=3, workers=2)
        except BaseException as e:  # pragma: no cover - reported below
            out["error"] = e

    thread = threading.Thread(target=run)
    thread.start()
    victim = None
    deadline = time.monotonic() + 30
    while victim is None and time.monotonic() < deadline and thread.is_alive():
        busy = [a for a, keys in c.processing().items() if keys]
        victim = busy[0] if busy else None
        time.sleep(0.01)
    assert victim is not None, "no playouts ever reached the workers"
    os.kill(workers[victim], signal.SIGKILL)
    thread.join(180)
    assert not thread.is_alive()
    assert "error" not in out, out.get("error")
    assert out["analysis"].to_dict() == here.to_dict()
