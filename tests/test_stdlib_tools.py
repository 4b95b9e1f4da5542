"""tools/trim_stdlib.py and tools/stdlib_check.py: the game's trimmed standard library.

The site's copy is compiled and checked by the pinned Pyodide in Node (tools/stdlib.mjs, run by
build_wheel.py); here the same code runs under this interpreter on a small zip of its own."""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from trim_stdlib import module_file, read_module_list  # noqa: E402

LIST = ROOT / "tools" / "stdlib_modules.txt"
RUNTIME_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"

SOURCES = {
    "pkg/__init__.py": '"""Package docstring."""\nVALUE = 1\n',
    "pkg/mod.py": ('"""Module docstring."""\n\ndef f(x):\n    """Function docstring."""\n'
                   "    assert x > 0, 'asserts stay'\n    return x * 2\n\n"
                   "def fail():\n    raise ValueError('from line 9')\n"),
    "other.py": "X = 'not listed'\n",
}


def trim_in_subprocess(full: Path, modules: list[str], out: Path, *flags: str) -> subprocess.CompletedProcess:
    script = ("import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); import trim_stdlib\n"
              "print(trim_stdlib.trim(Path(sys.argv[2]), sys.argv[4].split(','), Path(sys.argv[3]), '/lib/std.zip'))")
    return subprocess.run([sys.executable, *flags, "-c", script, str(ROOT / "tools"), str(full), str(out),
                           ",".join(modules)], capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def full_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("full") / "stdlib.zip"
    with zipfile.ZipFile(path, "w") as z:
        for name, text in SOURCES.items():
            z.writestr(name, text)
    return path


@pytest.fixture(scope="module")
def trimmed(full_zip: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = trim_in_subprocess(full_zip, ["pkg", "pkg.mod"], tmp_path_factory.mktemp("trimmed"), "-X", "no_debug_ranges")
    assert out.returncode == 0, out.stderr
    return Path(out.stdout.strip())


def test_the_list_names_each_module_once_and_each_is_in_the_pinned_runtime() -> None:
    modules = read_module_list(LIST)
    assert len(modules) == len(set(modules)) > 50
    if not RUNTIME_STDLIB.exists():
        pytest.skip("node_modules/pyodide is not installed (build_wheel.py installs it)")
    with zipfile.ZipFile(RUNTIME_STDLIB) as z:
        files = set(z.namelist())
    for name in modules:
        module_file(name, files)  # raises KeyError for a name that is no module of the zip


def test_a_module_that_is_not_in_the_zip_is_refused() -> None:
    with pytest.raises(KeyError, match="frozen"):
        module_file("os.path", {"os.py"})
    assert module_file("json", {"json/__init__.py"}) == "json/__init__.py"
    assert module_file("re._parser", {"re/_parser.py"}) == "re/_parser.py"


def test_a_duplicate_entry_is_refused(tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text("# comment\njson\n\nrandom  # why\njson\n")
    with pytest.raises(ValueError, match="json"):
        read_module_list(listing)
    listing.write_text("# comment\njson\n\nrandom  # why\n")
    assert read_module_list(listing) == ["json", "random"]


def test_only_the_listed_modules_go_in_as_bytecode(trimmed: Path) -> None:
    assert trimmed.name.startswith("python_stdlib-") and trimmed.suffix == ".zip"
    with zipfile.ZipFile(trimmed) as z:
        assert sorted(n for n in z.namelist() if not n.endswith("/")) == ["pkg/__init__.pyc", "pkg/mod.pyc"]


def test_the_bytecode_imports_without_docstrings_keeps_asserts_and_names_its_lines(trimmed: Path) -> None:
    script = (f"import sys; sys.path.insert(0, {str(trimmed)!r})\n"
              "import pkg, pkg.mod\n"
              "assert pkg.mod.__spec__.origin.endswith('.pyc'), pkg.mod.__spec__.origin\n"
              "assert pkg.__doc__ is None and pkg.mod.__doc__ is None and pkg.mod.f.__doc__ is None\n"
              "assert pkg.VALUE == 1 and pkg.mod.f(2) == 4\n"
              "try:\n    pkg.mod.f(-1)\nexcept AssertionError as e:\n    assert str(e) == 'asserts stay'\n"
              "else:\n    raise SystemExit('assert was dropped')\n"
              "pkg.mod.fail()\n")
    out = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1, out.stderr
    assert 'File "/lib/std.zip/pkg/mod.py", line 9, in fail' in out.stderr, out.stderr
    assert "ValueError: from line 9" in out.stderr


def test_the_zip_is_reproducible_and_named_by_its_content(full_zip: Path, trimmed: Path, tmp_path: Path) -> None:
    again = trim_in_subprocess(full_zip, ["pkg.mod", "pkg"], tmp_path, "-X", "no_debug_ranges")
    assert again.returncode == 0, again.stderr
    assert Path(again.stdout.strip()).read_bytes() == trimmed.read_bytes()
    assert Path(again.stdout.strip()).name == trimmed.name


def test_without_no_debug_ranges_the_tool_refuses(full_zip: Path, tmp_path: Path) -> None:
    out = trim_in_subprocess(full_zip, ["pkg"], tmp_path)
    assert out.returncode != 0 and "no_debug_ranges" in out.stderr


def test_the_check_script_passes_on_the_full_library() -> None:
    # The build runs it in Pyodide on the trimmed zip; here it proves the checks themselves pass.
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "stdlib_check.py")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    names = [c["name"] for c in report["checks"]]
    assert {"whole_match_through_the_bridge", "errors_come_back_as_data"} <= set(names)
    assert all(c["ok"] for c in report["checks"]), report
