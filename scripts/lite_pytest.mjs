// Run pytest on the site's Python: Pyodide (CPython 3.14 compiled to WebAssembly) in Node.js, with
// this checkout mounted read-write at /repo, so the pure polis_nb is tested on the Python the offline
// site runs. Used by `bash scripts/lite.sh --pytest ARGS...`:
//
//   node scripts/lite_pytest.mjs PYODIDE_DIR REPO WHEEL... -- PYTEST_ARGS...
//
// PYODIDE_DIR holds pyodide.mjs and its runtime; each WHEEL (pytest and what it needs) is loaded as
// it is, nothing is fetched. The exit status is pytest's.
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const cut = args.indexOf("--");
if (cut < 2) {
  console.error("usage: node lite_pytest.mjs PYODIDE_DIR REPO WHEEL... -- PYTEST_ARGS...");
  process.exit(2);
}
const [pyodideDir, repo, ...wheels] = args.slice(0, cut).map((p) => path.resolve(p));
const pytestArgs = args.slice(cut + 1);

// e.g. the WebAssembly stack overflowing on deep recursion, which CPython would have caught: Pyodide
// reports such a fatal error outside the promise it breaks
const fatal = (e) => {
  console.error(`\nlite_pytest: Pyodide stopped (${e && e.message}) during the test named last above`);
  process.exit(3);
};
process.on("unhandledRejection", fatal);
process.on("uncaughtException", fatal);

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
await py.loadPackage(wheels, { messageCallback: () => {}, checkIntegrity: false });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
py.globals.set("pytest_args", py.toPy(pytestArgs));
const code = await py.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True        # no 3.14 .pyc files in the checkout
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = "/tmp/hypothesis"   # nor its database
os.chdir("/repo")
sys.path.insert(0, "/repo")
print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide)", flush=True)
import pytest
int(pytest.main(["-o", "addopts=", "-p", "no:cacheprovider", "--rootdir=/repo", *pytest_args]))
`);
process.exit(code);
