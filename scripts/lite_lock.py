"""Rewrite Pyodide's package lock to the pure wheels the offline site ships (used by scripts/lite.sh).

Pyodide's npm package brings a ``pyodide-lock.json`` that names ~350 packages but no wheel files, and
the names, sizes and hashes in it are those of Pyodide's own repacked wheels on its CDN. This keeps
only the packages we ship, each pointing at the wheel we ship (a PyPI wheel, the kernel's own wheels,
polis_nb), with that file's sha256, its import names and its dependencies read from its metadata:

    python scripts/lite_lock.py --lock npm/pyodide-lock.json --out site/static/pyodide \\
        --settings site/jupyter-lite.json --preload micropip polis-nb -- wheels/*.whl

writes ``site/static/pyodide/pyodide-lock.json``, copies the wheels beside it and writes the kernel's
settings (preload these packages; no PyPI fallback). It refuses, naming
the package, a wheel that is not pure, two wheels of one package, a package of Pyodide's lock shipped
in another version than the lock's, a dependency (for Pyodide: Python 3.14 on emscripten) that no
shipped wheel satisfies, a preload name that is not shipped, and a wheel that nothing preloaded needs.
"""
from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version


class LockError(Exception):
    pass


def pyodide_environment(python: str) -> dict:
    """The marker environment of Pyodide's Python (``python`` as in the lock's info, e.g. 3.14.2)."""
    env = default_environment()
    env.update(python_version=".".join(python.split(".")[:2]), python_full_version=python,
               implementation_version=python, sys_platform="emscripten", platform_system="Emscripten",
               os_name="posix", platform_machine="wasm32", platform_release="", platform_version="",
               implementation_name="cpython", platform_python_implementation="CPython")
    return env


def read_wheel(path: Path) -> dict:
    """Name, version, imports and requirements of one wheel, from its own files."""
    name, version, _build, tags = parse_wheel_filename(path.name)
    if any(t.abi != "none" or t.platform != "any" for t in tags):
        raise LockError(f"{path.name}: not a pure wheel (Pyodide can only take pure wheels from PyPI)")
    with zipfile.ZipFile(path) as z:
        files = z.namelist()
        meta_name = next((f for f in files if f.count("/") == 1 and f.endswith(".dist-info/METADATA")), None)
        if meta_name is None:
            raise LockError(f"{path.name}: no .dist-info/METADATA in the wheel")
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode("utf-8"))
    if canonicalize_name(meta["Name"]) != name or Version(meta["Version"]) != version:
        raise LockError(f"{path.name}: its metadata says {meta['Name']} {meta['Version']}")
    imports = set()
    for f in files:
        top = f.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in f and f.endswith("/__init__.py") and f.count("/") == 1:
            imports.add(top)
        elif "/" not in f and f.endswith(".py"):
            imports.add(f[:-3])
    return {"name": name, "display": meta["Name"], "version": version, "imports": sorted(imports),
            "requires": [Requirement(r) for r in meta.get_all("Requires-Dist") or []],
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "path": path}


def needed(requirements: list[Requirement], env: dict) -> list[Requirement]:
    """The requirements that apply in ``env`` with no extra chosen."""
    return [r for r in requirements if r.marker is None or r.marker.evaluate({**env, "extra": ""})]


def build_lock(lock: dict, wheels: list[Path], preload: list[str]) -> dict:
    """A lock with the same ``info`` as ``lock`` and one entry per wheel in ``wheels``."""
    env = pyodide_environment(lock["info"]["python"])
    known = {canonicalize_name(k): v for k, v in lock["packages"].items()}
    shipped: dict[str, dict] = {}
    for path in wheels:
        w = read_wheel(path)
        if w["name"] in shipped:
            raise LockError(f"two wheels of {w['name']}: {shipped[w['name']]['path'].name} and {path.name}")
        if w["name"] in known and Version(known[w["name"]]["version"]) != w["version"]:
            raise LockError(f"{path.name}: Pyodide's lock has {w['name']} {known[w['name']]['version']}; "
                            "ship that version (the kernel's other packages were built against it)")
        shipped[w["name"]] = w
    packages = {}
    for name, w in sorted(shipped.items()):
        depends = []
        for r in needed(w["requires"], env):
            dep = canonicalize_name(r.name)
            if dep not in shipped:
                raise LockError(f"{w['path'].name} needs {r} on Pyodide, and no wheel of {r.name} is shipped")
            if not r.specifier.contains(shipped[dep]["version"], prereleases=True):
                raise LockError(f"{w['path'].name} needs {r}, and the shipped {r.name} is "
                                f"{shipped[dep]['version']}")
            depends.append(dep)
        packages[name] = {
            "name": w["display"], "version": str(w["version"]), "file_name": w["path"].name,
            "install_dir": "site", "sha256": w["sha256"], "package_type": "package",
            "imports": known[name]["imports"] if name in known else w["imports"],
            "depends": sorted(set(depends)), "unvendored_tests": False,
        }
    missing = [p for p in preload if canonicalize_name(p) not in packages]
    if missing:
        raise LockError(f"preloaded but not shipped: {', '.join(missing)}")
    loaded, todo = set(), [canonicalize_name(p) for p in preload]
    while todo:
        name = todo.pop()
        if name not in loaded:
            loaded.add(name)
            todo.extend(packages[name]["depends"])
    unused = sorted(set(packages) - loaded)
    if preload and unused:
        raise LockError(f"shipped but neither preloaded nor needed by a preloaded package: {', '.join(unused)}")
    return {"info": lock["info"], "packages": packages}


def kernel_settings(preload: list[str]) -> dict:
    """jupyter-lite.json for the Pyodide kernel: ``loadPyodide`` loads ``preload`` (and what they need)
    from the lock as it starts, so the kernel skips its own ``piplite.install`` of those, and a
    notebook imports polis_nb with no ``%pip`` cell; ``%pip`` never reaches PyPI."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Polis tutorials",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(preload)}}}}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lock", type=Path, required=True, help="pyodide-lock.json from Pyodide's npm package")
    ap.add_argument("--out", type=Path, required=True, help="folder for the new lock and the wheels")
    ap.add_argument("--preload", nargs="*", default=[], help="names the kernel loads at start (checked)")
    ap.add_argument("--settings", type=Path, help="write a jupyter-lite.json here: the kernel preloads --preload "
                    "from this lock and never falls back to PyPI")
    ap.add_argument("wheels", nargs="+", type=Path)
    args = ap.parse_args(argv)
    try:
        new = build_lock(json.loads(args.lock.read_text(encoding="utf-8")), args.wheels, args.preload)
    except LockError as e:
        print(f"lite_lock: {e}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for w in args.wheels:
        shutil.copy2(w, args.out / w.name)
    (args.out / "pyodide-lock.json").write_text(json.dumps(new, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if args.settings:
        args.settings.write_text(json.dumps(kernel_settings(args.preload), indent=2) + "\n", encoding="utf-8")
    print(f"lite_lock: {len(new['packages'])} packages in {args.out / 'pyodide-lock.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
