"""build_wheel.py and tools/serve.py on bad input: what --out may be, broken sources, failed builds,
the locale, a busy port, the build id. One real build (under an ASCII locale); the rest run the
checks, or assemble() with the slow steps faked."""
from __future__ import annotations

import ast
import json
import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import build_wheel  # noqa: E402
import serve  # noqa: E402

ICON_LINK = '<link rel="icon" href="../icons/icon.svg">'


def _exit_message(exc: pytest.ExceptionInfo[SystemExit]) -> str:
    """The message a sys.exit(str) carried."""
    assert isinstance(exc.value.code, str), f"exit without a message: {exc.value.code!r}"
    return exc.value.code


# --------------------------------------------------------------------------- --out


def test_out_holding_other_files_is_refused_and_left_alone(tmp_path: Path) -> None:
    """`--out /var/www/html` must not be wiped: the command exits at once, naming the reason."""
    victim = tmp_path / "www"
    victim.mkdir()
    (victim / "other-site.html").write_text("someone else's page", encoding="utf-8")
    (victim / "CNAME").write_text("games.example.org", encoding="utf-8")
    result = subprocess.run([sys.executable, str(ROOT / "build_wheel.py"), "--out", str(victim)],
                            cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert result.returncode != 0
    assert "not a previous build" in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert sorted(p.name for p in victim.iterdir()) == ["CNAME", "other-site.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["www"], "the refused build left files beside --out"


@pytest.mark.parametrize("out", [ROOT, ROOT.parent, ROOT / "site", ROOT / "engine" / "out", ROOT / "dist"],
                         ids=["project", "above-project", "site", "engine-sub", "dist-itself"])
def test_out_in_or_around_the_project_is_refused(out: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        build_wheel.check_out(out)
    assert "--out" in _exit_message(exc)


def test_out_reaching_the_project_by_a_relative_path_or_a_symlink_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "link").symlink_to(ROOT, target_is_directory=True)
    monkeypatch.chdir(ROOT)
    for out in (Path("."), Path("site"), tmp_path / "link", tmp_path / "link" / "site"):
        with pytest.raises(SystemExit):
            build_wheel.check_out(out)
    assert (ROOT / "site" / "index.html").is_file()


def test_out_that_may_be_replaced_is_accepted(tmp_path: Path) -> None:
    """A new folder, an empty one, a previous build, or dist/<name>: the build may replace them."""
    (tmp_path / "empty").mkdir()
    (tmp_path / "previous" / "js").mkdir(parents=True)
    (tmp_path / "previous" / "build.json").write_text("{}", encoding="utf-8")
    (tmp_path / "previous" / "js" / "main.js").write_text("", encoding="utf-8")
    for out in (tmp_path / "new", tmp_path / "empty", tmp_path / "previous", ROOT / "dist" / "site"):
        build_wheel.check_out(out)


def test_out_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "site").write_text("x", encoding="utf-8")
    with pytest.raises(SystemExit):
        build_wheel.check_out(tmp_path / "site")


# --------------------------------------------------------------------------- --build-id


@pytest.mark.parametrize("build_id", ['1.0"><script>', "a<b", "a b", "", "x" * 101, "é"])
def test_a_build_id_that_would_break_the_page_is_refused(tmp_path: Path, build_id: str) -> None:
    with pytest.raises(SystemExit) as exc:
        build_wheel.main(["--out", str(tmp_path / "site"), "--build-id", build_id])
    assert "--build-id" in _exit_message(exc)
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("build_id", ["test-A", "1.0.0-0123abcdef01", "r21a+C_1", None])
def test_ordinary_build_ids_are_accepted(build_id: str | None) -> None:
    build_wheel.check_build_id(build_id)


# --------------------------------------------------------------------------- broken sources


@pytest.fixture
def site_src(tmp_path: Path) -> Path:
    """The sources the rules pages and the catalogue check read, copied so a test may break them."""
    src = tmp_path / "site"
    (src / "js").mkdir(parents=True)
    shutil.copy2(build_wheel.SITE_SRC / "js" / "i18n.js", src / "js" / "i18n.js")
    shutil.copytree(build_wheel.SITE_SRC / "rules", src / "rules")
    shutil.copytree(build_wheel.SITE_SRC / "i18n", src / "i18n")
    return src


def test_a_malformed_rules_text_is_named_in_the_error(site_src: Path) -> None:
    path = site_src / "rules" / "_text" / "fr.json"
    path.write_text(path.read_text(encoding="utf-8").replace('",\n', '"\n', 1), encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        build_wheel.rules_pages(site_src)
    assert "fr.json" in _exit_message(exc)


def test_a_missing_rules_text_is_named_in_the_error(site_src: Path) -> None:
    (site_src / "rules" / "_text" / "lt.json").unlink()
    with pytest.raises(SystemExit) as exc:
        build_wheel.rules_pages(site_src)
    assert "lt.json" in _exit_message(exc) and "missing" in _exit_message(exc)


def test_a_rules_text_that_is_not_an_object_is_named_in_the_error(site_src: Path) -> None:
    (site_src / "rules" / "_text" / "it.json").write_text('["title"]', encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        build_wheel.rules_pages(site_src)
    assert "it.json" in _exit_message(exc)


@pytest.mark.parametrize("damage", ["missing", "malformed", "not-an-object"])
def test_an_offered_language_without_a_parsable_catalogue_fails_the_build(
        site_src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    """i18n.js offers vi: without a usable i18n/vi.json the menu would offer a language the page cannot show."""
    path = site_src / "i18n" / "vi.json"
    if damage == "missing":
        path.unlink()
    else:
        path.write_text("{" if damage == "malformed" else "[]", encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        build_wheel.check_catalogues(site_src)
    assert "vi.json" in _exit_message(exc)
    # assemble() checks before any slow step
    monkeypatch.setattr(build_wheel, "SITE_SRC", site_src)
    monkeypatch.setattr(build_wheel, "build_engine_wheel", lambda *a: pytest.fail("built with a broken catalogue"))
    with pytest.raises(SystemExit) as exc:
        build_wheel.assemble(tmp_path / "out", "r21a")
    assert "vi.json" in _exit_message(exc) and not (tmp_path / "out").exists()


def test_the_real_catalogues_and_rules_texts_pass() -> None:
    build_wheel.check_catalogues()
    assert set(build_wheel.rules_pages()) == set(build_wheel.site_languages())


# --------------------------------------------------------------------------- the rules pages' icon


def test_rules_pages_name_the_games_icon_and_their_csp_allows_it() -> None:
    """Without a <link rel="icon">, a rules page served under /games/belote/ asks the host for /favicon.ico."""
    index = (build_wheel.SITE_SRC / "index.html").read_text(encoding="utf-8")
    assert '<link rel="icon" href="icons/icon.svg">' in index, "the game page's icon changed: mirror it here"
    assert (build_wheel.SITE_SRC / "rules" / "../icons/icon.svg").resolve().is_file()
    for lang, page in build_wheel.rules_pages().items():
        head = page.split("</head>", 1)[0]
        assert head.count('rel="icon"') == 1 and ICON_LINK in head, lang
        csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', head)
        if csp:
            rules = dict((d.split() + [""])[:2] for d in csp.group(1).split(";") if d.strip())
            assert "'self'" in rules.get("img-src", rules.get("default-src", "'self'")), (lang, csp.group(1))


# --------------------------------------------------------------------------- failed builds leave nothing


@pytest.fixture
def fake_slow_steps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """assemble() with the wheels, the runtime, the library and the fonts faked (tiny files), and
    tempfile's folder private; returns that folder."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(temp))
    fakes = tmp_path / "fakes"
    runtime = fakes / "pyodide"
    runtime.mkdir(parents=True)
    for name in build_wheel.RUNTIME_FILES:
        (runtime / name).write_bytes(b"x")
    (runtime / "pyodide-lock.json").write_text('{"info": {"version": "0"}, "packages": {}}', encoding="utf-8")

    def wheel(out_dir: Path) -> Path:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "belote-1.0.0-py3-none-any.whl").write_bytes(b"pure")
        return out_dir / "belote-1.0.0-py3-none-any.whl"

    def compiled(runtime: Path, wheel: Path, out_dir: Path) -> Path:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "belote-1.0.0-cp314-none-any.whl").write_bytes(b"compiled")
        return out_dir / "belote-1.0.0-cp314-none-any.whl"

    (fakes / "python_stdlib-0.zip").write_bytes(b"zip")
    (fakes / "micropip-0.11.1-py3-none-any.whl").write_bytes(b"mp")
    monkeypatch.setattr(build_wheel, "ensure_runtime", lambda version: runtime)
    monkeypatch.setattr(build_wheel, "build_engine_wheel", wheel)
    monkeypatch.setattr(build_wheel, "compile_engine_wheel", compiled)
    monkeypatch.setattr(build_wheel, "build_stdlib", lambda *a: fakes / "python_stdlib-0.zip")
    monkeypatch.setattr(build_wheel, "check_stdlib", lambda *a: None)
    monkeypatch.setattr(build_wheel, "micropip_wheel", lambda: fakes / "micropip-0.11.1-py3-none-any.whl")
    monkeypatch.setattr(build_wheel, "copy_fonts", lambda site: None)
    return temp


def _fail(*args: object) -> None:
    sys.exit("failed on purpose")


@pytest.mark.parametrize("step", ["build_engine_wheel", "compile_engine_wheel", "write_rules_pages",
                                  "stamp_pages", "write_sw_manifest"])
def test_a_failed_build_leaves_no_half_built_copy_nor_scratch_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_slow_steps: Path, step: str) -> None:
    """A failure leaves neither <out>.tmp<pid> (15 MB, one more per failed run) nor /tmp/belote-whl-*."""
    monkeypatch.setattr(build_wheel, step, _fail)
    dist = tmp_path / "dist"
    dist.mkdir()
    with pytest.raises(SystemExit):
        build_wheel.assemble(dist / "site", "r21a")
    assert sorted(p.name for p in dist.iterdir()) == [], "a failed build left its working copy"
    assert sorted(p.name for p in fake_slow_steps.iterdir()) == [], "a failed build left its scratch folder"


def test_a_failed_build_keeps_the_previous_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 fake_slow_steps: Path) -> None:
    out = tmp_path / "dist" / "site"
    build_wheel.assemble(out, "r21a-1")
    monkeypatch.setattr(build_wheel, "write_sw_manifest", _fail)
    with pytest.raises(SystemExit):
        build_wheel.assemble(out, "r21a-2")
    assert json.loads((out / "build.json").read_text(encoding="utf-8"))["build"] == "r21a-1"
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]


def test_a_build_replaces_a_previous_build_and_leaves_nothing_beside_it(tmp_path: Path,
                                                                         fake_slow_steps: Path) -> None:
    out = tmp_path / "dist" / "site"
    build_wheel.assemble(out, "r21a-1")
    (out / "stale.txt").write_text("from the previous build", encoding="utf-8")
    info = build_wheel.assemble(out, "r21a-2")
    assert info["build"] == "r21a-2" and not (out / "stale.txt").exists()
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]
    assert sorted(p.name for p in fake_slow_steps.iterdir()) == []
    assert '<meta name="belote-build" content="r21a-2">' in (out / "rules" / "en.html").read_text(encoding="utf-8")


def test_a_failed_stdlib_trim_leaves_no_partial_folder_in_the_cache(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    (runtime / "python_stdlib.zip").write_bytes(b"zip")
    monkeypatch.setattr(build_wheel, "CACHE", tmp_path / "cache")

    def trim(*args: str) -> subprocess.CompletedProcess:
        partial = Path(args[3])
        partial.mkdir(parents=True)
        (partial / "half.pyc").write_bytes(b"")
        return subprocess.CompletedProcess(["node"], 1, "", "boom")

    monkeypatch.setattr(build_wheel, "_run_stdlib_tool", trim)
    with pytest.raises(SystemExit):
        build_wheel.build_stdlib(runtime, "0")
    assert list((tmp_path / "cache" / "stdlib").iterdir()) == []


# --------------------------------------------------------------------------- the locale


@pytest.mark.parametrize("path", ["build_wheel.py", "tools/serve.py", "tools/trim_stdlib.py",
                                  "tools/compile_wheel.py", "tools/stdlib_check.py"])
def test_text_io_names_its_encoding(path: str) -> None:
    """read_text/write_text/open of text and subprocess text output say utf-8, never the locale's."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Attribute, ast.Name)):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
        kwargs = {k.arg: k.value for k in node.keywords}
        mode = node.args[1] if name == "open" and len(node.args) > 1 else kwargs.get("mode")
        binary = isinstance(mode, ast.Constant) and "b" in str(mode.value)
        text = kwargs.get("text")
        text_run = name == "run" and isinstance(text, ast.Constant) and bool(text.value)
        if (name in ("read_text", "write_text") or (name == "open" and not binary) or text_run) \
                and "encoding" not in kwargs:
            pytest.fail(f"{path}:{node.lineno}: {name}() without encoding=")


def test_a_build_under_an_ascii_locale(tmp_path: Path) -> None:
    """The one real build: LC_ALL=C without UTF-8 mode (Windows' cp1252 likewise); it leaves nothing
    in the temporary folder or beside --out, and ships the rules pages' icon."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    out = tmp_path / "out" / "site"
    env = dict(os.environ, LC_ALL="C", PYTHONUTF8="0", TMPDIR=str(temp))
    env.pop("PYTHONIOENCODING", None)
    result = subprocess.run([sys.executable, str(ROOT / "build_wheel.py"), "--out", str(out), "--build-id", "r21a-C"],
                            cwd=ROOT, env=env, capture_output=True, timeout=600)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")[-2000:]
    assert [p.name for p in out.parent.iterdir()] == ["site"]
    assert not [p.name for p in temp.iterdir() if p.name.startswith("belote-")]
    info = json.loads((out / "build.json").read_text(encoding="utf-8"))
    assert "icons/icon.svg" in info["precache"]["site"]
    for lang in ("hi", "vi"):
        page = (out / "rules" / f"{lang}.html").read_text(encoding="utf-8")
        assert ICON_LINK in page and '<meta name="belote-build" content="r21a-C">' in page
        assert page == build_wheel.rules_pages()[lang].replace(
            "<head>", '<head>\n<meta name="belote-build" content="r21a-C">', 1)


# --------------------------------------------------------------------------- tools/serve.py


def test_serve_on_a_busy_port_says_so_and_suggests_another(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html>", encoding="utf-8")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(SystemExit) as exc:
            serve.main(["--dir", str(tmp_path), "--port", str(port)])
    message = _exit_message(exc)
    assert f"port {port}" in message and "already in use" in message and "make play PORT=" in message


def test_serve_lists_no_folder_as_a_static_host_does(tmp_path: Path) -> None:
    """`make play` listed /rules/ (the rules pages' folder, no index.html) where a static host
    answers 404; a folder with an index.html still serves it."""
    import urllib.error
    import urllib.request

    (tmp_path / "index.html").write_text("<!doctype html><title>game</title>", encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "en.html").write_text("<!doctype html>", encoding="utf-8")
    server = serve.make_server(tmp_path)
    serve.start_in_thread(server)
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with urllib.request.urlopen(base) as response:
            assert response.status == 200 and b"<title>game" in response.read()
        with pytest.raises(urllib.error.HTTPError) as listing:
            urllib.request.urlopen(base + "rules/")
        assert listing.value.code == 404
        with urllib.request.urlopen(base + "rules/en.html") as response:
            assert response.status == 200
    finally:
        server.shutdown()
        server.server_close()
