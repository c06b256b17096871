"""scripts/lite_lock.py: Pyodide's lock rewritten to the wheels the offline site ships, on small
wheels made here (the real build is tested in tests/browser/test_lite.py)."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lite_lock", ROOT / "scripts" / "lite_lock.py")
lite_lock = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_lock)

LOCK = {"info": {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"},
        "packages": {
            "micropip": {"name": "micropip", "version": "0.11.1", "file_name": "micropip-0.11.1-py3-none-any.whl",
                         "sha256": "0" * 64, "imports": ["micropip"], "depends": [], "install_dir": "site",
                         "package_type": "package", "unvendored_tests": False},
            "numpy": {"name": "numpy", "version": "2.3.0", "file_name": "numpy-2.3.0-cp314-cp314-pyemscripten.whl",
                      "sha256": "1" * 64, "imports": ["numpy"], "depends": [], "install_dir": "site",
                      "package_type": "package", "unvendored_tests": False},
        }}


def wheel(folder: Path, name: str, version: str, requires: tuple[str, ...] = (), tag: str = "py3-none-any",
          modules: tuple[str, ...] = ()) -> Path:
    dist = name.replace("-", "_")
    path = folder / f"{dist}-{version}-{tag}.whl"
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"] + [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{dist}/__init__.py", "")
        for m in modules:
            z.writestr(m, "")
        z.writestr(f"{dist}-{version}.dist-info/METADATA", "\n".join(meta) + "\n")
        z.writestr(f"{dist}-{version}.dist-info/RECORD", "")
    return path


def test_the_lock_holds_exactly_the_shipped_wheels_with_their_own_hashes_and_needs(tmp_path):
    w = [wheel(tmp_path, "micropip", "0.11.1"),
         wheel(tmp_path, "polis-nb", "0.1.0", ("anywidget>=0.9", "dask[distributed]>=2024.1; extra == 'analysis'")),
         wheel(tmp_path, "anywidget", "0.11.0", ("typing-extensions>=4.2", 'pexpect>4.6; sys_platform != "emscripten"',
                                                 'tomli>=2; python_version < "3.11"'), modules=("_anywidget_extra.py",)),
         wheel(tmp_path, "typing_extensions", "4.15.0")]
    lock = lite_lock.build_lock(LOCK, w, ["micropip", "polis_nb"])
    assert lock["info"] == LOCK["info"]
    assert sorted(lock["packages"]) == ["anywidget", "micropip", "polis-nb", "typing-extensions"]  # numpy gone
    mp = lock["packages"]["micropip"]
    assert mp["file_name"] == "micropip-0.11.1-py3-none-any.whl"
    assert mp["sha256"] == hashlib.sha256(w[0].read_bytes()).hexdigest() != LOCK["packages"]["micropip"]["sha256"]
    # only what Python 3.14 on emscripten needs, with no extra chosen
    assert lock["packages"]["polis-nb"]["depends"] == ["anywidget"]
    assert lock["packages"]["anywidget"]["depends"] == ["typing-extensions"]
    assert lock["packages"]["anywidget"]["imports"] == ["_anywidget_extra", "anywidget"]
    assert lock["packages"]["polis-nb"]["imports"] == ["polis_nb"]


@pytest.mark.parametrize("wheels, preload, message", [
    ([("micropip", "0.10.0", ())], ["micropip"], "Pyodide's lock has micropip 0.11.1"),
    ([("polis-nb", "0.1.0", ("anywidget",))], ["polis-nb"], "needs anywidget on Pyodide, and no wheel of anywidget"),
    ([("polis-nb", "0.1.0", ("anywidget>=1",)), ("anywidget", "0.11.0", ())], ["polis-nb"],
     "the shipped anywidget is 0.11.0"),
    ([("micropip", "0.11.1", ())], ["micropip", "polis-nb"], "preloaded but not shipped: polis-nb"),
    ([("micropip", "0.11.1", ()), ("six", "1.17.0", ())], ["micropip"], "nor needed by a preloaded package: six"),
])
def test_a_lock_that_would_break_the_kernel_is_refused_naming_the_package(tmp_path, wheels, preload, message):
    paths = [wheel(tmp_path, *w) for w in wheels]
    with pytest.raises(lite_lock.LockError, match=message):
        lite_lock.build_lock(LOCK, paths, preload)


def test_compiled_wheels_and_two_wheels_of_one_package_are_refused(tmp_path):
    compiled = wheel(tmp_path, "psygnal", "0.16.1", tag="cp314-cp314-manylinux_2_17_x86_64")
    with pytest.raises(lite_lock.LockError, match="not a pure wheel"):
        lite_lock.build_lock(LOCK, [compiled], [])
    (tmp_path / "b").mkdir()
    twice = [wheel(tmp_path, "comm", "0.2.3"), wheel(tmp_path / "b", "comm", "0.2.2")]
    with pytest.raises(lite_lock.LockError, match="two wheels of comm"):
        lite_lock.build_lock(LOCK, twice, [])


def test_main_writes_the_lock_the_wheels_and_the_kernel_settings(tmp_path, capsys):
    lock_file = tmp_path / "pyodide-lock.json"
    lock_file.write_text(json.dumps(LOCK))
    w = wheel(tmp_path, "micropip", "0.11.1")
    out = tmp_path / "site" / "static" / "pyodide"
    settings = tmp_path / "site" / "jupyter-lite.json"
    (tmp_path / "site").mkdir()
    assert lite_lock.main(["--lock", str(lock_file), "--out", str(out), "--settings", str(settings),
                           "--preload", "micropip", "--", str(w)]) == 0
    assert (out / w.name).read_bytes() == w.read_bytes()
    assert list(json.loads((out / "pyodide-lock.json").read_text())["packages"]) == ["micropip"]
    kernel = json.loads(settings.read_text())["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel == {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": ["micropip"]}}
    # a refusal writes nothing and says why
    assert lite_lock.main(["--lock", str(lock_file), "--out", str(tmp_path / "other"), "--preload", "numpy",
                           "--", str(w)]) == 1
    assert "preloaded but not shipped: numpy" in capsys.readouterr().err
    assert not (tmp_path / "other").exists()
