"""A page that runs the widgets' real browser half without Jupyter: for fast front-end checks and
screenshots (BROWSER-TESTS.md §9, "front-end unit tests without Jupyter").

``Harness(widgets)`` serves each widget's own ES module and styles (its ``_esm`` and ``_css``: the joined
``widgets/core.js`` + ``widgets/<name>.js``, exactly what anywidget gets) from 127.0.0.1 with a page that
renders each widget through a fake anywidget model. The model's ``send`` posts the intent to this
server, which hands it to the real Python widget (``handle_intent``) and answers with the new view:
the same round trip as in a kernel, minus the comm. Nothing here decides a rule.

    with Harness({"board": Board(g)}) as h:
        page.goto(h.url)          # one widget per key, in a <div id="w-<key>">
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from polis_nb.data.safeio import loads_json

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>polis_nb harness</title><link rel="icon" href="data:,">
{links}
<style>body{{margin:0;padding:12px;font-family:sans-serif}} .harness-cell{{margin-bottom:24px;width:{width}}}</style>
</head><body>{cells}
<script type="module">
const keys = {keys};
for (const key of keys) {{
  const widget = (await import("/esm/" + key)).default;
  const state = await (await fetch("/state/" + key)).json();
  const handlers = {{}};
  const model = {{
    get: (k) => state[k],
    set: (k, v) => {{ state[k] = v; }},
    save_changes: () => {{}},
    on: (ev, fn) => {{ (handlers[ev] = handlers[ev] || []).push(fn); }},
    off: (ev, fn) => {{ handlers[ev] = (handlers[ev] || []).filter((f) => f !== fn); }},
    send: async (msg) => {{
      const r = await fetch("/intent/" + key, {{ method: "POST", body: JSON.stringify(msg) }});
      const views = await r.json();
      for (const v of views) {{
        state.view = v;
        for (const fn of handlers["change:view"] || []) fn();
      }}
    }},
  }};
  const el = document.getElementById("w-" + key);
  widget.render({{ model, el }});
  el.dataset.ready = "1";
}}
</script></body></html>"""


class Harness:
    """Serve a page with ``widgets`` (name → polis_nb widget) drawn by the real ESM."""

    def __init__(self, widgets: dict, *, width: str = "auto"):
        self.widgets = dict(widgets)
        self.width = width
        self._server: ThreadingHTTPServer | None = None

    def page(self) -> str:
        cells = "".join(f'<div class="harness-cell"><div id="w-{k}"></div></div>' for k in self.widgets)
        links = "".join(f'<link rel="stylesheet" href="/css/{k}">' for k in self.widgets)
        return PAGE.format(cells=cells, links=links, keys=json.dumps(list(self.widgets)), width=self.width)

    def __enter__(self) -> "Harness":
        harness = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, body: bytes, ctype: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                if self.path == "/":
                    self._send(harness.page().encode(), "text/html; charset=utf-8")
                elif self.path.startswith("/esm/") and self.path[5:] in harness.widgets:
                    self._send(harness.widgets[self.path[5:]]._esm.encode(), "text/javascript; charset=utf-8")
                elif self.path.startswith("/css/") and self.path[5:] in harness.widgets:
                    self._send(harness.widgets[self.path[5:]]._css.encode(), "text/css; charset=utf-8")
                elif self.path.startswith("/state/"):
                    w = harness.widgets[self.path[7:]]
                    # every synced trait the browser half reads (not the module and styles: served apart)
                    state = {k: getattr(w, k) for k in w.keys if k not in ("_esm", "_css") and not k.startswith("_dom")
                             and not k.startswith("_model") and not k.startswith("_view")}
                    self._send(json.dumps(state, default=str).encode(), "application/json")
                else:
                    self.send_error(404)

            def do_POST(self):
                if not self.path.startswith("/intent/"):
                    self.send_error(404)
                    return
                w = harness.widgets[self.path[8:]]
                msg = loads_json(self.rfile.read(int(self.headers["Content-Length"])).decode())
                views: list = []

                def seen(ch):
                    views.append(ch["new"])

                w.observe(seen, names=["view"])
                try:
                    w.handle_intent(msg)
                finally:
                    w.unobserve(seen, names=["view"])
                self._send(json.dumps(views or [w.view]).encode(), "application/json")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def __exit__(self, *exc) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
