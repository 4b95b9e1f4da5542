"""Locked down: every page carries the CSP, no inline script, no innerHTML with data, no URL of
another origin in what the site loads; the server (like a well-configured host) sends the CSP
header that also binds the worker."""
from __future__ import annotations

import re
from pathlib import Path

from conftest import ROOT

CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', re.I)
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.I | re.S)
EVENT_ATTR = re.compile(r"\son[a-z]+\s*=", re.I)


def pages(site_dir: Path) -> list[Path]:
    return sorted(site_dir.rglob("*.html"))


def test_every_scripted_page_has_the_csp_and_no_inline_script(site_dir):
    for page in pages(site_dir):
        html = page.read_text()
        for attrs, body in SCRIPT_TAG.findall(html):
            assert "src=" in attrs and not body.strip(), f"inline script in {page.relative_to(site_dir)}"
        assert not EVENT_ATTR.search(html), f"inline event handler in {page.relative_to(site_dir)}"
        if "<script" in html:
            match = CSP_META.search(html)
            assert match, f"no CSP meta in {page.relative_to(site_dir)}"
            policy = match.group(1)
            assert "default-src 'self'" in policy
            assert "script-src 'self' 'wasm-unsafe-eval'" in policy
            assert "unsafe-inline" not in policy and "'unsafe-eval'" not in policy


def test_no_innerhtml_or_eval_in_the_site_scripts():
    for js in sorted((ROOT / "site").rglob("*.js")):
        code = js.read_text()
        for bad in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert bad not in code, f"{bad} in {js.relative_to(ROOT)}"


def test_no_other_origin_in_site_sources():
    allowed = ("http://www.w3.org/", "https://www.w3.org/")
    for f in sorted((ROOT / "site").rglob("*")):
        if f.suffix not in (".html", ".js", ".css", ".json", ".webmanifest", ".svg"):
            continue
        for url in re.findall(r"https?://[^\s\"'<>)]+", f.read_text()):
            assert url.startswith(allowed) or "localhost" in url or "host/" in url, f"{url} in {f.relative_to(ROOT)}"


def test_server_sends_csp_and_mime_types(page, site_url, site_dir):
    request = page.context.request
    index = request.get(site_url)
    assert "script-src 'self' 'wasm-unsafe-eval'" in index.headers["content-security-policy"]
    build = __import__("json").loads(request.get(site_url + "build.json").text())
    types = {
        build["pyodideDir"] + "pyodide.asm.wasm": "application/wasm",
        build["pyodideDir"] + "pyodide.mjs": "text/javascript",
        "js/worker.js": "text/javascript",
        "manifest.webmanifest": "application/manifest+json",
        "build.json": "application/json",
    }
    for path, mime in types.items():
        response = request.head(site_url + path) if path.endswith(".wasm") else request.get(site_url + path)
        assert response.ok, path
        assert response.headers["content-type"].startswith(mime), (path, response.headers["content-type"])


def test_manifest_is_installable(page, site_url):
    manifest = page.context.request.get(site_url + "manifest.webmanifest").json()
    assert manifest["start_url"] and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.context.request.get(site_url + icon["src"]).ok, icon["src"]
