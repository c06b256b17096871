"""The browser half of each widget as anywidget takes it: one ES module and one stylesheet, given as
source strings. ``esm("board", panels=("engine", ...))`` is ``widgets/core.js``, then each panel's
``widgets/panels/<panel>.js`` (its factory: ``makeEngine`` ...), then the widget's small layout file
``widgets/board.js`` (whose last line is the module's ``export default``); ``css("board")`` is ``core.css`` followed by ``board.css``
when there is one. There is no Node step, no bundler and no ``import`` between the files: anywidget
loads one module, and a relative import inside it would not resolve. The files are found by
:func:`polis_nb.render.assets.asset` (the checkout's ``widgets/``, or ``polis_nb/widgets/static`` in
a wheel); a missing one fails fast with the places searched.

Hot reload while editing: with ``ANYWIDGET_HMR=1`` set before ``polis_nb.widgets`` is imported, in a
source checkout and with ``watchfiles`` installed (anywidget's own hot reload needs it too), ``esm``
and ``css`` return anywidget's in-memory file objects instead of strings, and a thread joins the
files again whenever one in ``widgets/`` changes: every live widget then gets the new module or
styles, as anywidget does for a single ``_esm`` file."""
from __future__ import annotations

import logging
import os
import threading
import warnings
from typing import Any

from ..analysis import runtime
from ..render import assets as _files
from ..render.assets import asset, asset_text

__all__ = ["asset", "css", "esm", "join"]

CORE = "core"  # widgets/core.js and core.css: what every widget's module and styles start with
log = logging.getLogger("polis_nb.widgets")
_live: dict[tuple[str, tuple[str, ...], str], Any] = {}  # (name, panels, "js" | "css") -> VirtualFileContents
_lock = threading.Lock()
_stop = threading.Event()
_warned = threading.Event()  # the missing watchfiles said once
_watcher: threading.Thread | None = None


def esm(name: str, panels: tuple[str, ...] = ()) -> Any:
    """The ES module of the widget ``name`` (``"board"``, ``"viewer"``, ``"combat"``) with the browser
    halves of its ``panels`` (``widgets/panels/<panel>.js``, in that order): a class's ``_esm``."""
    return _serve(name, "js", tuple(panels))


def css(name: str) -> Any:
    """The styles of the widget ``name``: a class's ``_css``."""
    return _serve(name, "css", ())


def join(name: str, ext: str, panels: tuple[str, ...] = ()) -> str:
    """``core.<ext>``, then ``panels/<panel>.<ext>`` for each of ``panels``, then ``<name>.<ext>``, as
    one text, each part headed by the file it comes from. The widget's own ``.js`` is required; its
    ``.css`` is optional."""
    if not name.isidentifier() or name == CORE:
        raise ValueError(f"a widget's browser half is named like 'board', not {name!r}")
    bad = [p for p in panels if not isinstance(p, str) or not p.isidentifier()]
    if bad or len(set(panels)) != len(panels):
        raise ValueError(f"a widget's panels are distinct names like 'engine', not {panels!r}")
    files = [f"{CORE}.{ext}", *(f"panels/{p}.{ext}" for p in panels), f"{name}.{ext}"]
    if ext == "css":
        try:
            asset(files[-1])
        except FileNotFoundError:
            files.pop()
    return "\n".join(f"/* polis_nb: widgets/{f} */\n{asset_text(f)}" for f in files)


def _serve(name: str, ext: str, panels: tuple[str, ...]) -> Any:
    text = join(name, ext, panels)
    if not _hot_reload():
        return text
    from anywidget._file_contents import VirtualFileContents

    with _lock:
        live = _live.get((name, panels, ext))
        if live is None:
            live = _live[(name, panels, ext)] = VirtualFileContents(text)
        _watch()
    return live


def _hot_reload() -> bool:
    """Development only: ANYWIDGET_HMR=1, the files in a checkout (not an installed wheel), a thread
    to watch them from and watchfiles importable."""
    if (os.getenv("ANYWIDGET_HMR") != "1" or asset(f"{CORE}.js").parent != _files.PLACES[-1]
            or not runtime.threads()):
        return False
    try:
        import watchfiles  # noqa: F401
        from anywidget._file_contents import VirtualFileContents  # noqa: F401
    except ImportError as e:  # watchfiles not installed, or an anywidget that moved VirtualFileContents
        if not _warned.is_set():
            _warned.set()
            warnings.warn(f"polis_nb: ANYWIDGET_HMR=1, but the widgets' hot reload is off ({e}; it needs the "
                          "'watchfiles' package); the widgets load without it", stacklevel=4)
        return False
    return True


def _watch() -> None:
    """Start (once) the thread that joins the files again when one in ``widgets/`` changes."""
    global _watcher
    if _watcher is not None and _watcher.is_alive():
        return
    _stop.clear()
    _watcher = threading.Thread(target=_rejoin, args=(_files.PLACES[-1],), name="polis_nb-widgets-hmr", daemon=True)
    _watcher.start()


def _rejoin(folder: os.PathLike[str]) -> None:
    from watchfiles import watch

    for _changes in watch(folder, stop_event=_stop):
        with _lock:
            live = list(_live.items())
        for (name, panels, ext), file in live:
            try:
                text = join(name, ext, panels)
            except OSError:  # a file being saved or renamed: keep the last module
                continue
            if text != file.contents:
                try:
                    file.contents = text  # anywidget sets _esm / _css on every widget using it
                except Exception:
                    log.exception("polis_nb: hot reload of widgets/%s.%s failed", name, ext)
