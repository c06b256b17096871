# Pasted into one cell of a notebook in the offline site (tests/browser/test_lite.py): runs every
# tutorial's code cells in the lite kernel, each notebook in a fresh namespace and in order, the way
# "Run All" would (magics through IPython's transformer, the last expression formatted as its output
# would be, without sending it to the page), and prints one JSON line: per notebook, how many code
# cells ran, those that raised and anything written to stderr. The test adds the call: _sweep().
import ast as _ast, contextlib as _cl, io as _io, json as _json, os as _os, time as _time
from IPython import get_ipython as _gi
from IPython.display import clear_output as _clear_output


def _run_notebook(name):
    nb = _json.load(open(name, encoding="utf-8"))
    ns, failed, err, ran = {"__name__": "__main__"}, [], _io.StringIO(), 0
    start = _time.time()
    with _cl.redirect_stdout(_io.StringIO()), _cl.redirect_stderr(err):
        for i, cell in enumerate(c for c in nb["cells"] if c["cell_type"] == "code"):
            where = f"{name} code cell {i + 1}"
            ran += 1
            try:
                tree = _ast.parse(_gi().transform_cell("".join(cell["source"])), where)
                last = tree.body.pop() if tree.body and isinstance(tree.body[-1], _ast.Expr) else None
                exec(compile(tree, where, "exec"), ns)
                if last is not None:
                    value = eval(compile(_ast.Expression(last.value), where, "eval"), ns)
                    if value is not None:
                        _gi().display_formatter.format(value)
            except BaseException as e:  # noqa: BLE001 - a cell's failure is the report
                failed.append({"cell": i + 1, "error": f"{type(e).__name__}: {e}"[:400],
                               "source": "".join(cell["source"])[:160]})
    return {"cells": ran, "failed": failed, "stderr": err.getvalue()[:2000], "seconds": round(_time.time() - start, 1)}


def _tutorials():
    """The tutorials in the site's folder: NN-*.ipynb, and those in each language's folder (de/NN-*.ipynb)."""
    def here(folder):
        return [n for n in _os.listdir(folder) if n.endswith(".ipynb") and n[:2].isdigit()]
    found = here(".")
    for lang in _os.listdir("."):
        if len(lang) == 2 and lang.isalpha() and lang.islower() and _os.path.isdir(lang):
            found += [f"{lang}/{n}" for n in here(lang)]
    return sorted(found)


def _sweep(names=None):
    report = {}
    for name in names or _tutorials():
        print(f"running {name}", flush=True)
        report[name] = _run_notebook(name)
    _clear_output()  # what the notebooks displayed themselves goes: the report is the one output
    print("LITE-SWEEP " + _json.dumps(report), flush=True)
