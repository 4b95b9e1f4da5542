#!/usr/bin/env python3
"""Build the belote wheel and assemble the deployable static site in dist/site/.

    python build_wheel.py [--out dist/site] [--build-id ID]

--out is replaced whole, so it must be new, empty or a previous build (it holds build.json),
and inside the project only under dist/. A failed build leaves --out as it was.

dist/site/ gets:
  - the site/ sources (pages, JS modules, CSS, translations, rules, service worker, manifest);
  - wheels/belote-<version>-py3-none-any.whl (the engine) and micropip's own wheel, so a
    plain Pyodide page can micropip.install the engine from this site alone;
  - wheels/belote-<version>-cp<NNN>-none-any.whl: the same engine precompiled to bytecode by
    the pinned Pyodide itself (tools/compile_wheel.mjs, in Node), which the game's worker
    installs: importing it compiles nothing, which is most of the engine's share of the boot;
  - pyodide/<pyodide version>/ with the runtime copied from the npm package pinned in
    package.json (`npm ci` runs when node_modules is missing or holds another version);
  - rules/<lang>.html: the rules page of each language, generated from one template
    (site/rules/_page.html) and that language's texts (site/rules/_text/<lang>.json);
  - fonts/: the Devanagari subset of Noto Sans Devanagari (regular and bold, OFL) from the
    npm package pinned in package.json, for Hindi on systems without such a font;
  - stdlib/python_stdlib-<hash>.zip: the standard library modules the game needs
    (tools/stdlib_modules.txt) compiled to bytecode by the pinned Pyodide, which the game's
    worker boots with instead of the runtime's full 2.5 MB python_stdlib.zip; the build fails
    unless the game runs on it (tools/stdlib.mjs check: the bridge, the AI, a whole match, the review);
  - js/build-info.js and build.json: the version stamp (package version + a content hash of
    every file) that the page, the worker and the service worker share;
  - sw.js with the precache lists filled in (site files keyed by the build id, the runtime
    keyed by the Pyodide version).
Nothing is fetched from a CDN; npm and pip downloads are cached (node_modules, build/cache), and so
are the trimmed library and its passed check, keyed by everything they are made from.
"""
from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE_SRC = ROOT / "site"
CACHE = ROOT / "build" / "cache"
MICROPIP = "micropip==0.11.1"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# What the game itself loads from the runtime folder (its worker brings its own trimmed library
# and an empty lock file); the service worker precaches only these. The full library and the
# lock file stay in the folder for micropip pages.
GAME_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_LIST = ROOT / "tools" / "stdlib_modules.txt"
STDLIB_TOOLS = ("stdlib.mjs", "trim_stdlib.py")
STDLIB_CHECK_TOOLS = ("stdlib.mjs", "stdlib_check.py")
# Served by the site but not needed to play: left out of the service worker's precache.
# The game's own (bytecode) wheel is precached all the same; the pure one is for micropip users.
NOT_PRECACHED_PREFIXES = ("dev/", "wheels/micropip-", "wheels/belote-")
SW_MARKER = "/*@BUILD@*/null"
# Sources the build reads but the site does not serve: translation fingerprints, the rules
# pages' template and texts (every name starting with "_").
SOURCE_ONLY = ("_*",)
# Hindi on a system without a Devanagari font (a bare Linux desktop): the Devanagari subset only,
# the weights the pages use (500 resolves to 400, 600 and 800 to 700); the CSS loads a file only
# when a Devanagari character is on screen (@font-face unicode-range).
FONT_PACKAGE = "@fontsource/noto-sans-devanagari"
FONT_FILES = {f"noto-sans-devanagari-{w}.woff2": f"files/noto-sans-devanagari-devanagari-{w}-normal.woff2"
              for w in (400, 700)}


# What --build-id may hold: it goes as is into each page's <meta name="belote-build" content="...">,
# build.json and sw.js, so nothing that would need escaping there.
BUILD_ID = re.compile(r"[A-Za-z0-9._+-]{1,100}")


def log(msg: str) -> None:
    """Print a progress line."""
    print(f"build_wheel: {msg}", flush=True)


def check_out(out: Path) -> None:
    """Exit unless `out` (resolved), which the build replaces whole, is new, empty or a previous build."""
    dist = ROOT / "dist"
    where = out.resolve()  # where it really is, through symlinks and relative paths
    # Never the project or a folder holding it; inside the project, only under dist/.
    if ROOT.is_relative_to(where):
        sys.exit(f"--out {out}: that folder holds the project; the build replaces --out whole")
    if where.is_relative_to(ROOT) and (where == dist or not where.is_relative_to(dist)):
        sys.exit(f"--out {out}: inside the project, the output goes under dist/ (e.g. dist/site); "
                 "the build replaces --out whole")
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        sys.exit(f"--out {out}: not a folder; the build would replace it")
    if out.is_dir() and not (out / "build.json").is_file() and any(out.iterdir()):
        sys.exit(f"--out {out}: the folder holds files and is not a previous build (no build.json); "
                 "the build replaces --out whole: give an empty or new folder")


def check_build_id(build_id: str | None) -> None:
    """Exit unless the --build-id can go into an HTML attribute and a file as is."""
    if build_id is not None and not BUILD_ID.fullmatch(build_id):
        sys.exit(f"--build-id {build_id!r}: use 1 to 100 of the characters A-Z a-z 0-9 . _ + -")


def read_json(path: Path, what: str) -> object:
    """A source JSON file, or exit naming it (missing, unreadable or malformed)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        sys.exit(f"{path}: missing ({what})")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        sys.exit(f"{path}: cannot read {what}: {e}")


def check_catalogues(site_src: Path = SITE_SRC) -> None:
    """Exit unless every language the game offers has a parsable site/i18n/<lang>.json."""
    for lang in site_languages(site_src):
        path = site_src / "i18n" / f"{lang}.json"
        if not isinstance(read_json(path, f"the translations of {lang}, offered by js/i18n.js"), dict):
            sys.exit(f"{path}: the translations of {lang} must be a JSON object")


def pinned_pyodide_version() -> str:
    """The Pyodide version package.json pins."""
    spec = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    if not spec[:1].isdigit():
        sys.exit(f"package.json must pin pyodide exactly, found {spec!r}")
    return spec


def ensure_runtime(version: str) -> Path:
    """node_modules/pyodide at `version` (npm ci when it is not)."""
    pkg = ROOT / "node_modules" / "pyodide"
    installed = None
    if (pkg / "package.json").exists():
        installed = json.loads((pkg / "package.json").read_text(encoding="utf-8")).get("version")
    if installed != version:
        log(f"npm ci (pyodide {installed or 'missing'} -> {version})")
        if shutil.which("npm") is None:
            sys.exit("npm is needed once to fetch the pinned Pyodide runtime (package-lock.json): "
                     "install Node.js 20+ with npm (Debian: apt-get install npm), then run this again")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    missing = [f for f in RUNTIME_FILES if not (pkg / f).exists()]
    if missing:
        sys.exit(f"node_modules/pyodide lacks {missing}")
    return pkg


def copy_fonts(site: Path) -> None:
    """Copy the self-hosted Devanagari font files and their licence into site/fonts/."""
    spec = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"][FONT_PACKAGE]
    pkg = ROOT / "node_modules" / FONT_PACKAGE
    installed = None
    if (pkg / "package.json").exists():
        installed = json.loads((pkg / "package.json").read_text(encoding="utf-8")).get("version")
    if installed != spec:
        log(f"npm ci ({FONT_PACKAGE} {installed or 'missing'} -> {spec})")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    (site / "fonts").mkdir(exist_ok=True)
    for name, source in FONT_FILES.items():
        shutil.copy2(pkg / source, site / "fonts" / name)
    shutil.copy2(pkg / "LICENSE", site / "fonts" / "OFL.txt")


RULES_SLOT = re.compile(r"\{\{([\w.]+)\}\}")
RULES_INLINE_TAGS = {"strong", "em"}  # all the markup a translated text may carry


def site_languages(site_src: Path = SITE_SRC) -> dict[str, str]:
    """The languages the game offers, code -> own name, in order (site/js/i18n.js LANGUAGES)."""
    js = (site_src / "js" / "i18n.js").read_text(encoding="utf-8")
    block = re.search(r"LANGUAGES\s*=\s*\{(.*?)\}", js, re.S)
    if not block:
        sys.exit("site/js/i18n.js: LANGUAGES not found")
    return dict(re.findall(r'^\s*([a-z]{2}):\s*"([^"]+)"', block.group(1), re.M))


def rules_pages(site_src: Path = SITE_SRC) -> dict[str, str]:
    """Each language's rules page: rules/_page.html with its {{slots}} filled from rules/_text/<lang>.json.

    A text goes in as written (it may hold <strong> and <em>), or escaped inside an attribute;
    {{lang}}, {{alternates}} and {{languages}} (the switcher) are made here. Every language must
    give exactly the texts English gives, and the template must use them all."""
    template = (site_src / "rules" / "_page.html").read_text(encoding="utf-8")
    languages = site_languages(site_src)
    slots = set(RULES_SLOT.findall(template)) - {"lang", "alternates", "languages"}
    pages = {}
    for lang in languages:
        texts = read_json(site_src / "rules" / "_text" / f"{lang}.json", f"the rules page's texts in {lang}")
        if not isinstance(texts, dict) or not all(isinstance(t, str) for t in texts.values()):
            sys.exit(f"{site_src / 'rules' / '_text' / f'{lang}.json'}: must be a JSON object of texts")
        if set(texts) != slots:
            sys.exit(f"rules/_text/{lang}.json: missing {sorted(slots - set(texts))}, "
                     f"not in the template {sorted(set(texts) - slots)}")
        for key, text in texts.items():
            tags = set(re.findall(r"</?([a-zA-Z][\w-]*)", text))
            if tags - RULES_INLINE_TAGS or "{{" in text or not text.strip():
                sys.exit(f"rules/_text/{lang}.json: {key}: empty, or markup other than {sorted(RULES_INLINE_TAGS)}")
        generated = {
            "lang": lang,
            "alternates": "\n".join(f'<link rel="alternate" hreflang="{c}" href="{c}.html">' for c in languages),
            "languages": "    <ul>\n" + "".join(
                f'      <li><a href="{c}.html" hreflang="{c}" lang="{c}"'
                + (' aria-current="page"' if c == lang else "") + f">{html.escape(name)}</a></li>\n"
                for c, name in languages.items()) + "    </ul>",
        }

        def fill(match: re.Match, texts=texts, generated=generated) -> str:
            key = match.group(1)
            if key in generated:
                return generated[key]
            # inside an attribute value (after `name="`): plain text, escaped
            in_attribute = re.search(r'=\s*"[^"<>]*$', match.string[max(0, match.start() - 200):match.start()])
            return html.escape(texts[key], quote=True) if in_attribute else texts[key]

        pages[lang] = RULES_SLOT.sub(fill, template)
    return pages


def write_rules_pages(site: Path, site_src: Path = SITE_SRC) -> None:
    """Write rules/<lang>.html into the assembled site."""
    for lang, page in rules_pages(site_src).items():
        (site / "rules" / f"{lang}.html").write_text(page, encoding="utf-8")


def build_engine_wheel(out_dir: Path) -> Path:
    """Build the pure wheel from a private copy of the sources into out_dir.

    The copy keeps concurrent builds apart and keeps setuptools' build/lib from shipping a
    module that was deleted from engine/."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="belote-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, src / name)
        shutil.copytree(ROOT / "engine", src / "engine",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")  # reproducible zip timestamps
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(Path(tmp) / "out")],
            cwd=src, check=True, env=env,
        )
        wheels = sorted((Path(tmp) / "out").glob("belote-*-py3-none-any.whl"))
        if len(wheels) != 1:
            sys.exit(f"expected one pure belote wheel, found {[w.name for w in wheels]}")
        dest = out_dir / wheels[0].name
        shutil.copy2(wheels[0], dest)
        return dest


def compile_engine_wheel(runtime: Path, wheel: Path, out_dir: Path) -> Path:
    """The bytecode-only wheel for the pinned runtime, compiled by that runtime in Node."""
    if shutil.which("node") is None:
        sys.exit("node is needed to precompile the engine for the pinned Pyodide: install Node.js 20+")
    result = subprocess.run(
        ["node", str(ROOT / "tools" / "compile_wheel.mjs"), str(runtime), str(wheel), str(out_dir)],
        check=True, capture_output=True, text=True, encoding="utf-8", errors="replace",
    )
    compiled = Path(result.stdout.strip().splitlines()[-1])
    if not compiled.is_file():
        sys.exit(f"tools/compile_wheel.mjs made no wheel: {result.stdout}{result.stderr}")
    return compiled


def _inputs_key(label: str, *parts: bytes) -> str:
    """A short hash of a label and the bytes a cached result is made from."""
    h = hashlib.sha256(label.encode() + b"\0")
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:16]


def _run_stdlib_tool(*args: str) -> subprocess.CompletedProcess:
    """Run tools/stdlib.mjs (its output is UTF-8 whatever the locale)."""
    if shutil.which("node") is None:
        sys.exit("node is needed to build the game's standard library with the pinned Pyodide: install Node.js 20+")
    return subprocess.run(["node", str(ROOT / "tools" / "stdlib.mjs"), *args], capture_output=True, text=True,
                          encoding="utf-8", errors="replace")


def build_stdlib(runtime: Path, version: str) -> Path:
    """The game's trimmed standard library for the pinned runtime (tools/trim_stdlib.py, run by
    that runtime in Node), cached in build/cache/stdlib/ by the files it is made from."""
    key = _inputs_key(f"stdlib {version}", STDLIB_LIST.read_bytes(),
                      (runtime / "python_stdlib.zip").read_bytes(),
                      *((ROOT / "tools" / f).read_bytes() for f in STDLIB_TOOLS))
    cache = CACHE / "stdlib" / key
    found = sorted(cache.glob("python_stdlib-*.zip"))
    if found:
        return found[0]
    log(f"compiling the game's standard library ({STDLIB_LIST.relative_to(ROOT)}) with pyodide {version}")
    tmp = cache.with_name(f"{key}.tmp{os.getpid()}")
    try:
        result = _run_stdlib_tool("trim", str(runtime), str(STDLIB_LIST), str(tmp))
        if result.returncode != 0:
            sys.exit(f"tools/stdlib.mjs trim failed:\n{result.stdout}{result.stderr}")
        built = Path(result.stdout.strip().splitlines()[-1])
        try:
            tmp.rename(cache)  # another build may have made the same one meanwhile: either will do
        except OSError:
            pass
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # a failed trim's partial output, or the loser of a race
    return cache / built.name


def check_stdlib(runtime: Path, stdlib_zip: Path, engine_wheel: Path) -> None:
    """Fail the build unless the game runs on the trimmed library (tools/stdlib_check.py in the
    pinned Pyodide); a pass is remembered for the same library, engine and check."""
    key = _inputs_key("stdlib check", stdlib_zip.read_bytes(), engine_wheel.read_bytes(),
                      *((ROOT / "tools" / f).read_bytes() for f in STDLIB_CHECK_TOOLS))
    passed = CACHE / "stdlib" / f"passed-{key}.txt"
    if passed.exists():
        return
    result = _run_stdlib_tool("check", str(runtime), str(stdlib_zip), str(engine_wheel))
    if result.returncode != 0:
        sys.exit(f"the game does not run on its trimmed standard library:\n{result.stdout}{result.stderr}")
    unused = [line for line in result.stdout.splitlines() if line.startswith("listed but never imported")]
    if unused:
        log(f"{STDLIB_LIST.relative_to(ROOT)}: {unused[0]}")
    passed.parent.mkdir(parents=True, exist_ok=True)
    passed.write_text(result.stdout, encoding="utf-8")


def game_lock_file(runtime: Path) -> dict:
    """The lock file the game boots with: the runtime's own header, no packages (the game
    installs its wheel itself), so the 120 kB pyodide-lock.json is not downloaded."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def micropip_wheel() -> Path:
    """micropip's wheel, downloaded once into build/cache/micropip/."""
    name, version = MICROPIP.split("==")
    dest = CACHE / "micropip"
    found = sorted(dest.glob(f"{name}-{version}-py3-none-any.whl"))
    if not found:
        log(f"pip download {MICROPIP}")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "--python-version", "3.14",
             "--only-binary=:all:", "-d", str(dest), MICROPIP],
            check=True,
        )
        found = sorted(dest.glob(f"{name}-{version}-py3-none-any.whl"))
    if not found:
        sys.exit(f"pip download gave no {name}-{version} wheel in {dest}")
    return found[0]


def files_under(base: Path) -> list[str]:
    """Every file under `base`, as sorted POSIX paths relative to it."""
    return sorted(p.relative_to(base).as_posix() for p in base.rglob("*") if p.is_file())


def content_hash(base: Path, names: list[str], salt: str) -> str:
    """A short hash of the named files' names and bytes."""
    h = hashlib.sha256(salt.encode() + b"\0")
    for name in names:
        h.update(name.encode() + b"\0")
        h.update(hashlib.sha256((base / name).read_bytes()).digest())
    return h.hexdigest()[:12]


def site_hashes(site: Path, urls: list[str]) -> list[list]:
    """[url, sha256 of its bytes] per precached file (site and runtime), so the service worker
    stores, or takes from the HTTP cache, only the bytes of this build (not a file that arrived
    broken, nor another build's)."""
    return [[url, hashlib.sha256((site / ("index.html" if url == "./" else url)).read_bytes()).hexdigest()]
            for url in urls]


def write_sw_manifest(site: Path, manifest: dict) -> None:
    """Fill in the service worker's precache manifest (site/sw.js carries the marker)."""
    sw_path = site / "sw.js"
    sw_src = sw_path.read_text(encoding="utf-8")
    if SW_MARKER not in sw_src:
        sys.exit(f"site/sw.js lacks the marker {SW_MARKER}")
    sw_path.write_text(sw_src.replace(SW_MARKER, json.dumps(manifest, indent=1)), encoding="utf-8")


def stamp_pages(site: Path, build: str) -> None:
    """Put the build id in every page, so a page and the files it loads can be checked against each other."""
    meta = f'<meta name="belote-build" content="{build}">'
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "<head>" in text and 'name="belote-build"' not in text:
            page.write_text(text.replace("<head>", "<head>\n" + meta, 1), encoding="utf-8")


def assemble(out: Path, build_id: str | None) -> dict:
    """Build the site into `out` (resolved), replacing it whole; nothing is left behind on failure."""
    # Refuse before the slow part, and before anything in `out` can be touched.
    check_out(out)
    check_build_id(build_id)
    check_catalogues(SITE_SRC)
    out.parent.mkdir(parents=True, exist_ok=True)  # only once `out` is known to be safe to replace
    pyodide_version = pinned_pyodide_version()
    runtime = ensure_runtime(pyodide_version)
    work = Path(tempfile.mkdtemp(prefix="belote-whl-"))
    tmp = out.with_name(f"{out.name}.tmp{os.getpid()}")
    done = False
    try:
        info = build_site(tmp, work, runtime, pyodide_version, build_id)
        # Swap in the new site; a server still serving the old folder keeps its open files.
        old = out.with_name(f"{out.name}.old{os.getpid()}")
        if out.exists():
            out.rename(old)
        try:
            tmp.rename(out)
        except OSError:
            if old.exists():
                old.rename(out)  # put the previous build back
            raise
        done = True
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if not done:
            shutil.rmtree(tmp, ignore_errors=True)  # a half-built copy is 15 MB
    return info


def build_site(tmp: Path, work: Path, runtime: Path, pyodide_version: str, build_id: str | None) -> dict:
    """Assemble the whole site in `tmp`, with `work` as scratch space for the wheels; its build.json."""
    wheel = build_engine_wheel(work)
    compiled = compile_engine_wheel(runtime, wheel, work / "compiled")
    stdlib = build_stdlib(runtime, pyodide_version)
    check_stdlib(runtime, stdlib, compiled)
    mp_wheel = micropip_wheel()
    engine_version = wheel.name.split("-")[1]

    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(SITE_SRC, tmp, ignore=shutil.ignore_patterns(".*", "__pycache__", "*.pyc", *SOURCE_ONLY))
    (tmp / "wheels").mkdir(exist_ok=True)
    shutil.copy2(wheel, tmp / "wheels" / wheel.name)
    shutil.copy2(compiled, tmp / "wheels" / compiled.name)
    shutil.copy2(mp_wheel, tmp / "wheels" / mp_wheel.name)
    copy_fonts(tmp)
    write_rules_pages(tmp, SITE_SRC)
    rt_dir = f"pyodide/{pyodide_version}/"
    (tmp / rt_dir).mkdir(parents=True)
    for f in RUNTIME_FILES:
        shutil.copy2(runtime / f, tmp / rt_dir / f)
    (tmp / "stdlib").mkdir()
    shutil.copy2(stdlib, tmp / "stdlib" / stdlib.name)

    generated = {"js/build-info.js", "build.json", "sw.js"}
    site_files = [n for n in files_under(tmp) if not n.startswith(rt_dir) and n not in generated]
    build = build_id or f"{engine_version}-{content_hash(tmp, site_files + ['sw.js'], pyodide_version)}"
    info = {
        "version": engine_version,
        "build": build,
        "pyodide": pyodide_version,
        "pyodideDir": rt_dir,
        "wheel": f"wheels/{wheel.name}",
        "engineWheel": f"wheels/{compiled.name}",
        "micropipWheel": f"wheels/{mp_wheel.name}",
        "stdlib": f"stdlib/{stdlib.name}",
        "pyodideLock": game_lock_file(runtime),
        # what the engine worker fetches to boot (the runtime's wasm, the trimmed standard library,
        # the precompiled wheel): the page's download progress counts against it
        "bootBytes": sum((tmp / name).stat().st_size for name in
                         (f"{rt_dir}pyodide.asm.wasm", f"stdlib/{stdlib.name}", f"wheels/{compiled.name}")),
    }
    (tmp / "js" / "build-info.js").write_text(
        "// Generated by build_wheel.py: the version stamp shared by the page, the worker and sw.js.\n"
        f"export const BUILD = Object.freeze({json.dumps(info, indent=2)});\n",
        encoding="utf-8",
    )
    precached_anyway = {info["engineWheel"]}
    precache = ["./"] + [
        n for n in files_under(tmp)
        if not n.startswith(rt_dir) and n != "sw.js"
        and (not n.startswith(NOT_PRECACHED_PREFIXES) or n in precached_anyway)
    ]
    runtime_urls = [rt_dir + f for f in GAME_RUNTIME_FILES]
    info["precache"] = {"site": precache, "runtime": runtime_urls}
    stamp_pages(tmp, build)
    write_sw_manifest(tmp, {"build": build, "pyodide": pyodide_version,
                            "site": site_hashes(tmp, precache), "runtime": site_hashes(tmp, runtime_urls)})
    (tmp / "build.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return info


def main(argv: list[str] | None = None) -> int:
    """Command line: build the site into --out."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "dist" / "site", help="output folder (default dist/site)")
    ap.add_argument("--build-id", help="override the version stamp (tests use it to make two builds)")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    info = assemble(out, args.build_id)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"{out} ready: build {info['build']}, pyodide {info['pyodide']}, {info['wheel']}, {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
