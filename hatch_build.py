"""polis_nb's build hook (hatchling takes one custom hook per file), two jobs:

- **The catalogues of the languages**, compiled from ``polis_nb/locale/*/LC_MESSAGES/polis_nb.po`` to
  ``polis_nb.mo`` with Babel at build time (nothing compiled is committed). A wheel gets the ``.mo`` files
  from a folder of the build (``build/locale``), force-included beside their sources; an editable install
  (``pip install -e .``) writes them beside the ``.po`` files in the source tree (ignored by git), where the
  package reads them. The package never needs them: without a ``.mo``, or with one older than its ``.po``,
  it reads the ``.po`` itself (``polis_nb/i18n/catalog.py``).
- **The compiled kernel**, only with ``POLIS_NB_COMPILE=1`` (``bash scripts/wheel.sh``): mypyc translates the
  modules of ``[tool.polis_nb.compiled]`` (pyproject.toml) to C from the same typed source, the C is built
  into extension modules, and the wheel carries them beside the ``.py`` files (Python imports an extension
  module before a source file of the same name). Without the variable (``pip install .``, the editable
  install, the JupyterLite wheel) the wheel stays pure Python. The kernel says which one runs:
  ``polis_nb.COMPILED``.
"""
from __future__ import annotations

import hashlib
import os
import pathlib
import shutil
import sys
import tempfile
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogues(root: str, version: str, build_data: dict,
                       into: pathlib.Path | None = None) -> list[pathlib.Path]:
    """Compile every ``polis_nb.po`` under ``root`` and add the ``.mo`` files to the build; returns them. An
    editable install gets them beside the ``.po`` files; a wheel from ``into`` (a folder of this build's own,
    so two builds of one checkout at once, such as the compiled wheel's and the offline site's, never
    write the same file), else from ``build/locale``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    base = pathlib.Path(root)
    editable = version == "editable"
    out = []
    for po in sorted((base / "polis_nb" / "locale").glob("*/LC_MESSAGES/polis_nb.po")):
        lang = po.parent.parent.name
        rel = f"polis_nb/locale/{lang}/LC_MESSAGES/polis_nb.mo"
        target = po.with_suffix(".mo") if editable else (into or base / "build" / "locale") / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(po, "rb") as f:
            catalog = read_po(f, locale=lang, domain="polis_nb")
        with open(target, "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        if not editable:
            build_data.setdefault("force_include", {})[str(target)] = rel
        out.append(target)
    return out



def compiled_modules(root: Path) -> list[str]:
    """The modules mypyc compiles, as files: ``[tool.polis_nb.compiled] modules`` in pyproject.toml (the
    list and why the others stay Python are there)."""
    with open(root / "pyproject.toml", "rb") as f:
        names = tomllib.load(f)["tool"]["polis_nb"]["compiled"]["modules"]
    return [name.replace(".", "/") + ".py" for name in names]

#: what the compiled build needs besides hatchling (the mypy the wheel was checked with)
BUILD_REQUIRES = ["mypy==2.4.1", "setuptools>=65"]


#: what the compiled modules are made from besides their own files (the kernel and the data they import, and
#: the build's settings): a change in any of these builds them again
INPUTS = ["polis_nb/rules/*.py", "polis_nb/data/*.py", "polis_nb/i18n/*.py", "hatch_build.py", "pyproject.toml"]


def compiling() -> bool:
    return os.environ.get("POLIS_NB_COMPILE", "") not in ("", "0")


def inputs_key(root: Path) -> str:
    """The hash of what the compiled modules are made from (:data:`INPUTS`, the Python and the mypy)."""
    h = hashlib.sha256(f"{sys.version}|{sys.platform}|{BUILD_REQUIRES}".encode())
    files = {p for pattern in INPUTS for p in root.glob(pattern)} | {root / m for m in compiled_modules(root)}
    for p in sorted(files):
        h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def cached(root: Path) -> Path | None:
    """The folder of compiled modules kept for these inputs under ``$POLIS_NB_COMPILE_CACHE``, if any."""
    cache = os.environ.get("POLIS_NB_COMPILE_CACHE")
    return Path(cache).expanduser() / inputs_key(root) if cache else None


class CompileKernel(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not compiling():
            return []
        keep = cached(Path(self.root))
        return [] if keep is not None and (keep / "lib").is_dir() else BUILD_REQUIRES

    def initialize(self, version: str, build_data: dict) -> None:
        self._mo = None if version == "editable" else Path(tempfile.mkdtemp(prefix="polis_nb-mo-"))
        compile_catalogues(self.root, version, build_data, self._mo)
        if self.target_name != "wheel" or version == "editable" or not compiling():
            return
        root = Path(self.root)
        keep = cached(root)
        if keep is not None and (keep / "lib").is_dir():
            lib = keep / "lib"
        else:
            out = Path(tempfile.mkdtemp(prefix="polis_nb-mypyc-"))
            self._tmp = out
            build(root, out)
            lib = out / "lib"
            if keep is not None:  # keep a copy, put in place whole or not at all
                part = keep.with_name(keep.name + f".part{os.getpid()}")
                shutil.copytree(lib, part / "lib")
                os.replace(part, keep)
        for so in sorted(p for p in lib.rglob("*") if any(p.name.endswith(x) for x in EXTENSION_SUFFIXES)):
            build_data["force_include"][str(so)] = so.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        for tmp in (getattr(self, "_tmp", None), getattr(self, "_mo", None)):
            if tmp is not None:
                shutil.rmtree(tmp, ignore_errors=True)


def build(root: Path, out: Path) -> None:
    """Compile the modules of :func:`compiled_modules` under ``root`` into extension modules under ``out / "lib"``: one per
    module, and the shared library that holds the code of all of them."""
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    here = os.getcwd()
    os.chdir(root)  # mypy reads the project's [tool.mypy] (only its settings of checks matter here)
    try:
        exts = mypycify(["--no-warn-unused-configs", *compiled_modules(root)], opt_level="3", multi_file=True,
                        target_dir=str(out / "c"), group_name="polis_nb")
        dist = Distribution({"name": "polis_nb", "ext_modules": exts})
        cmd = build_ext(dist)
        cmd.build_lib = str(out / "lib")
        cmd.build_temp = str(out / "tmp")
        cmd.parallel = int(os.environ.get("POLIS_NB_COMPILE_JOBS", "") or os.cpu_count() or 1)
        cmd.ensure_finalized()
        cmd.run()
    finally:
        os.chdir(here)

