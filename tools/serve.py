#!/usr/bin/env python3
"""Serve a built site (dist/site) over HTTP with the MIME types Pyodide needs.

    python tools/serve.py [--dir dist/site] [--port 8000] [--host 127.0.0.1] [--rate 200000]

Python's http.server guesses types from the platform's tables, which may lack .mjs or
.wasm (a wrong type makes the Pyodide boot hang); this server sets them explicitly, sends
`Cache-Control: no-cache` (so a rebuild is always seen: the service worker does the
caching) and the same Content-Security-Policy as the pages' meta tag (which also covers the
worker, since a worker takes its CSP from its own response). --rate serves every response
through one link of that many bytes a second, as a phone on a slow network gets them (the
first visit's progress, its timeouts). e2e/conftest.py and bench/page_bench.py import
`make_server` from here.
"""
from __future__ import annotations

import argparse
import errno
import functools
import http.server
import socketserver
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".woff2": "font/woff2",
}
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
       "img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'")


class Link:
    """One slow link shared by every connection: `rate` bytes a second for them all together."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = time.monotonic()

    def send(self, n: int) -> None:
        """Waits until `n` more bytes have had their turn on the link."""
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + n / self.rate
            wait = self.free_at - now
        time.sleep(wait)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    csp = True
    link: Link | None = None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.csp:
            self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 (http.server's signature)
        if self.link is None:
            super().copyfile(source, outputfile)
            return
        while chunk := source.read(16384):
            self.link.send(len(chunk))
            outputfile.write(chunk)

    def list_directory(self, path):  # noqa: ANN001 (http.server's signature)
        """No folder listings: a static host shows none (a folder without index.html is a 404)."""
        self.send_error(404, "File not found")
        return None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.hits.append((self.path, int(code) if str(code).isdigit() else 0))
        super().log_request(code, size)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (http.server's name)
        if not self.quiet:
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.hits: list[tuple[str, int]] = []  # (path, status) of every request, for tests

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a tab mid-download is not a server error.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path | str, port: int = 0, host: str = "127.0.0.1", quiet: bool = True,
                csp: bool = True, rate: float | None = None) -> Server:
    """An HTTP server for `directory` (port 0 = a free port); call serve_forever() or start_in_thread().
    csp=False leaves out the game's CSP header (e.g. for a host page that embeds the game); `rate`:
    every response through one link of that many bytes a second."""
    link = Link(rate) if rate else None
    handler = type("SiteHandler", (Handler,), {"quiet": quiet, "csp": csp, "link": link})
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def start_in_thread(server: Server) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


def serve_built_site(site: Path) -> tuple[Server, str]:
    """Serve a site built by build_wheel.py on a free port, in a thread: (server, base URL ending in /).
    Exits with a message when `site` is not a built site (benchmarks take one with --site)."""
    if not (site / "build.json").exists():
        sys.exit(f"{site} is not a built site: run `python build_wheel.py` (make bench does)")
    server = make_server(site, 0)
    start_in_thread(server)
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=ROOT / "dist" / "site")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--rate", type=float, default=None, help="bytes a second for all responses together (a slow link)")
    args = ap.parse_args(argv)
    if args.rate is not None and not args.rate > 0:
        ap.error("--rate must be a number of bytes a second above 0")
    if not (args.dir / "index.html").exists():
        sys.exit(f"{args.dir} has no index.html: run `python build_wheel.py` (or `make play`) first")
    try:
        server = make_server(args.dir, args.port, args.host, quiet=False, rate=args.rate)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            sys.exit(f"port {args.port} on {args.host} is already in use (another server, or a previous "
                     f"`make play` still running): stop it, or use another port, e.g. `make play PORT={args.port + 1}`")
        sys.exit(f"cannot serve on {args.host}:{args.port}: {e.strerror or e} "
                 f"(try another port, e.g. `make play PORT=8001`)")
    print(f"Belote is served from {args.dir}\n\n    http://localhost:{server.server_address[1]}/\n\n(Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
