"""The browser half as anywidget gets it: each widget's one ES module is ``widgets/core.js``, then its
panels' files (``widgets/panels/<panel>.js``), then its own layout file, joined in Python (no Node, no imports between the files); a missing file fails fast;
the exported page inlines ``widgets/htmlgame.js`` / ``.css`` through the same lookup."""
import re
import time

import pytest

from polis_nb.render import assets as render_assets
from polis_nb.render.htmlgame import game_html
from polis_nb.widgets import Board, Combat, PuzzleBoard, Viewer
from polis_nb.widgets import _assets
from polis_nb.widgets.base import IntentWidget
from polis_nb.widgets.panels import scripts

WIDGETS = {"board": Board, "viewer": Viewer, "combat": Combat, "puzzle": PuzzleBoard}
# each widget's panels with a browser half, from its composition (a panel added is in its module)
PANELS = {"board": scripts(Board.PANELS), "viewer": scripts(Viewer.PANELS), "combat": scripts(Combat.PANELS),
          "puzzle": scripts(PuzzleBoard.PANELS)}
TOP = re.compile(r"^(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)", re.M)


def _text(name):
    return render_assets.asset(name).read_text(encoding="utf-8")


def _widget_files():
    folder = render_assets.asset("core.js").parent
    return sorted(p.stem for p in folder.glob("*.js") if p.stem not in ("core", "htmlgame"))


def test_every_widget_module_is_core_then_its_panels_then_its_own_file():
    assert _widget_files() == sorted(WIDGETS)
    board = ("engine", "opponent", "review", "game_over", "question", "key")  # among others a panel may add
    assert tuple(p for p in PANELS["board"] if p in board) == board
    folder = render_assets.asset("core.js").parent
    assert sorted(p.stem for p in (folder / "panels").glob("*.js")) == sorted(set(sum(PANELS.values(), ())))
    for name, cls in WIDGETS.items():
        files = ["core.js", *(f"panels/{p}.js" for p in PANELS[name]), f"{name}.js"]
        assert cls._esm == _assets.esm(name, PANELS[name]) == "\n".join(
            f"/* polis_nb: widgets/{f} */\n{_text(f)}" for f in files)
        assert cls._css == _assets.css(name) == (f"/* polis_nb: widgets/core.css */\n{_text('core.css')}\n"
                                                 f"/* polis_nb: widgets/{name}.css */\n{_text(name + '.css')}")
        assert issubclass(cls, IntentWidget)


def test_one_module_without_imports_and_one_export():
    core = _text("core.js")
    assert "export " not in core and not re.search(r"^\s*import\b", core, re.M)
    shared = set(TOP.findall(core))
    assert {"h", "updateSvg", "drawExplanation", "makeMap"} <= shared
    declared = {}  # name -> the panel file declaring it: no two files of a module declare the same name
    for p in sorted(set(sum(PANELS.values(), ()))):
        text = _text(f"panels/{p}.js")
        assert "export " not in text and not re.search(r"^\s*import\b", text, re.M), p
        for n in TOP.findall(text):
            assert n not in shared and n not in declared, f"panels/{p}.js declares {n} again"
            declared[n] = p
    assert {"makeEngine": "engine", "makeReview": "review", "makeKey": "key", "makeOpponent": "opponent",
            "makeGameOver": "game_over", "makeQuestion": "question"}.items() <= declared.items()
    shared |= set(declared)
    for name in WIDGETS:
        own = _text(name + ".js")
        module = _assets.esm(name, PANELS[name])
        assert not re.search(r"^\s*import\b|\bimport\s*\(", module, re.M), name  # anywidget loads one module
        assert module.count("export default") == 1 and own.rstrip().endswith(
            f"export default {{ render: render{name.capitalize()} }};"), name
        clash = shared & set(TOP.findall(own))
        assert not clash, f"{name}.js declares again what core.js declares: {clash}"


def test_a_widget_without_its_own_styles_gets_the_shared_ones(monkeypatch, tmp_path):
    for f in ("core.js", "core.css"):
        (tmp_path / f).write_text(f"/* {f} */", encoding="utf-8")
    (tmp_path / "plain.js").write_text("export default { render() {} };", encoding="utf-8")
    monkeypatch.setattr(render_assets, "PLACES", (tmp_path,))
    assert _assets.css("plain") == "/* polis_nb: widgets/core.css */\n/* core.css */"
    assert _assets.esm("plain").endswith("export default { render() {} };")


def test_a_missing_file_fails_fast_with_the_places_searched(monkeypatch, tmp_path):
    with pytest.raises(FileNotFoundError, match=r"'nosuch\.js' not found in .*static.*widgets"):
        _assets.esm("nosuch")
    monkeypatch.setattr(render_assets, "PLACES", (tmp_path / "static", tmp_path / "widgets"))
    with pytest.raises(FileNotFoundError, match=r"'core\.js' not found in .*static, .*widgets; reinstall"):
        _assets.esm("board")
    with pytest.raises(ValueError, match="named like 'board'"):
        _assets.esm("../board")


def test_the_exported_page_inlines_its_script_and_styles():
    import polis_nb as pn

    page = game_html(pn.Game(seed=1))
    assert _text("htmlgame.js") in page and _text("htmlgame.css") in page


def test_hot_reload_joins_the_files_again_when_one_changes(monkeypatch, tmp_path):
    """ANYWIDGET_HMR=1 in a checkout: the module is anywidget's in-memory file, joined again on a change."""
    pytest.importorskip("watchfiles")
    folder = tmp_path / "widgets"
    folder.mkdir()
    for f in ("core.js", "core.css", "demo.js"):
        (folder / f).write_text(f"// {f}\n", encoding="utf-8")
    monkeypatch.setattr(render_assets, "PLACES", (tmp_path / "static", folder))
    monkeypatch.setenv("ANYWIDGET_HMR", "1")
    monkeypatch.setattr(_assets, "_live", {})
    try:
        live = _assets.esm("demo")
        assert str(live) == "/* polis_nb: widgets/core.js */\n// core.js\n\n/* polis_nb: widgets/demo.js */\n// demo.js\n"
        seen = []
        live.changed.connect(seen.append)
        time.sleep(0.3)  # the watcher is up
        (folder / "core.js").write_text("// core.js, edited\n", encoding="utf-8")
        for _ in range(100):
            if seen:
                break
            time.sleep(0.1)
        assert seen and "// core.js, edited" in seen[-1] and str(live) == seen[-1]
    finally:
        _assets._stop.set()
        _assets._watcher.join(5)
        _assets._watcher = None
