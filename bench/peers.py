"""Other kernels measured in the same run: a benchmark runs a *peer*, the same bench script under another
Python (the compiled wheel's ``.venv-compiled``) or on another checkout (``main``'s source, to compare
with today's kernel), as a subprocess it asks for one round at a time, so that its rounds interleave
with this process's rounds and both suffer the same load.

    --peer compiled=.venv-compiled/bin/python     an interpreter (with its installed polis_nb)
    --peer main=/path/to/a/checkout               this interpreter on that checkout's source

A peer is started as ``PYTHON bench/<script>.py --serve``: it reads one JSON request a line and
answers one JSON line. The script runs with its own folder on ``sys.path`` (not the checkout), so the
compiled peer imports the installed wheel, never the source beside it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

DEFAULT_COMPILED = Path(__file__).resolve().parents[1] / ".venv-compiled" / "bin" / "python"


class Peer:
    def __init__(self, label: str, where: str, script: str):
        self.label = label
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        env.pop("PYTHONSAFEPATH", None)  # the script's folder (bench/) is on the path, the checkout is not
        if Path(where).is_dir():  # a checkout: this interpreter on its source
            python, env["PYTHONPATH"] = sys.executable, str(Path(where).resolve())
        else:  # an interpreter: its path as given, made absolute (not resolved: a venv's python is a link)
            python = os.path.abspath(where)
        self.proc = subprocess.Popen([python, script, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env, cwd=str(Path(script).resolve().parent))
        self.about = self.ask({"op": "about"})

    def ask(self, request: dict) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the peer {self.label} stopped (exit {self.proc.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def about() -> dict:
    import polis_nb as pn

    return {"compiled": getattr(pn, "COMPILED", False), "source": str(Path(pn.__file__).parent), "python": sys.version.split()[0]}


def serve(ops: dict[str, Callable[[dict], Any]]) -> int:
    """Answer requests on stdin with ``ops[request["op"]](request)``, one JSON line each."""
    ops = {"about": lambda r: about(), **ops}
    for line in sys.stdin:
        req = json.loads(line)
        print(json.dumps(ops[req["op"]](req)), flush=True)
    return 0


def start(specs: list[str], script: str) -> list[Peer]:
    """The peers of ``--peer LABEL=WHERE`` options; the compiled venv by default where it exists."""
    if not specs and DEFAULT_COMPILED.exists():
        specs = [f"compiled={DEFAULT_COMPILED}"]
    peers = []
    for spec in specs:
        if spec == "none":
            continue
        label, _, where = spec.partition("=")
        p = Peer(label, where, script)
        print(f"  peer {label}: polis_nb from {p.about['source']} (compiled: {p.about['compiled']})")
        peers.append(p)
    return peers
