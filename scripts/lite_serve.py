"""Serve the offline site (build/lite) on 127.0.0.1, as any static file server would; used by
``bash scripts/lite.sh --serve [--port N]`` and the browser test.

    python scripts/lite_serve.py build/lite --port 8000

Prints the address of tutorial 01 once the port is bound (port 0: any free port); a port already
taken is said at once, with exit status 2.
"""
from __future__ import annotations

import argparse
import errno
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
         ".ipynb": "application/json", ".md": "text/markdown; charset=utf-8"}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format, *args):  # only what went wrong
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            sys.stderr.write(f"{self.address_string()} {format % args}\n")


def port_number(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the offline Polis tutorials on 127.0.0.1.")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--port", type=port_number, default=8000)
    args = ap.parse_args(argv)
    if not (args.folder / "jupyter-lite.json").is_file():
        print(f"{args.folder} holds no built site (no jupyter-lite.json): run bash scripts/lite.sh", file=sys.stderr)
        return 1
    try:
        server = ThreadingHTTPServer(("127.0.0.1", args.port),
                                     functools.partial(Handler, directory=str(args.folder)))
    except OSError as e:
        why = "is already in use" if e.errno == errno.EADDRINUSE else f"cannot be used ({e.strerror})"
        print(f"port {args.port} on 127.0.0.1 {why}: choose another with --port N", file=sys.stderr)
        return 2
    url = f"http://127.0.0.1:{server.server_address[1]}/lab/index.html?path=01-tour.ipynb"
    print(f"\nThe tutorials are served from {args.folder}. Open this address in your browser:\n\n    {url}\n\n"
          "Press Ctrl-C here to stop the server.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
