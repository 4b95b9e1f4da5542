"""tools/compile_wheel.py: the bytecode-only wheel the game's worker installs.

The site's copy is compiled by the pinned Pyodide (3.14) in Node; here the same code runs
under this interpreter, so the result can be installed and played natively."""
from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from compile_wheel import compile_wheel, compiled_name, interpreter_tag  # noqa: E402

PACKAGE = ROOT / "engine" / "belote"
DIST_INFO = "belote-1.0.0.dist-info"


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


@pytest.fixture(scope="module")
def pure_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pure wheel of the engine's sources, laid out as pip builds it."""
    path = tmp_path_factory.mktemp("pure") / "belote-1.0.0-py3-none-any.whl"
    files = {f"belote/{p.relative_to(PACKAGE).as_posix()}": p.read_bytes()
             for p in sorted(PACKAGE.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}
    files[f"{DIST_INFO}/METADATA"] = b"Metadata-Version: 2.4\nName: belote\nVersion: 1.0.0\n"
    files[f"{DIST_INFO}/WHEEL"] = b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{n},{_digest(d)},{len(d)}\n" for n, d in files.items()) + f"{DIST_INFO}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr(f"{DIST_INFO}/RECORD", record)
    return path


@pytest.fixture(scope="module")
def compiled(pure_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_wheel(pure_wheel, tmp_path_factory.mktemp("compiled"))


def test_the_name_carries_this_interpreters_tag(compiled: Path) -> None:
    assert compiled.name == f"belote-1.0.0-{interpreter_tag()}-none-any.whl"
    assert compiled_name("belote-1.0.0-py3-none-any.whl") == compiled.name
    with zipfile.ZipFile(compiled) as z:
        assert f"Tag: {interpreter_tag()}-none-any" in z.read(f"{DIST_INFO}/WHEEL").decode()


def test_every_module_becomes_a_pyc_and_no_source_is_left(pure_wheel: Path, compiled: Path) -> None:
    with zipfile.ZipFile(pure_wheel) as z:
        sources = {n for n in z.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(compiled) as z:
        names = set(z.namelist())
    assert sources and not {n for n in names if n.endswith(".py")}
    assert {n[:-3] + ".pyc" for n in sources} <= names
    assert "belote/py.typed" in names


def test_record_lists_every_file_with_its_hash(compiled: Path) -> None:
    with zipfile.ZipFile(compiled) as z:
        rows = [line.split(",") for line in z.read(f"{DIST_INFO}/RECORD").decode().splitlines()]
        listed = {name for name, _, _ in rows}
        assert listed == set(z.namelist())
        for name, digest, size in rows:
            if name != f"{DIST_INFO}/RECORD":
                data = z.read(name)
                assert (digest, int(size)) == (_digest(data), len(data)), name


def test_the_output_is_reproducible(pure_wheel: Path, compiled: Path, tmp_path: Path) -> None:
    again = compile_wheel(pure_wheel, tmp_path)
    assert again.read_bytes() == compiled.read_bytes()


def test_the_compiled_engine_imports_from_bytecode_and_plays(compiled: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(compiled) as z:
        z.extractall(tmp_path)
    script = (
        "import sys, json\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "import belote, belote.bridge\n"
        "from belote import Game, ai\n"
        "assert belote.__spec__.origin.endswith('.pyc'), belote.__spec__.origin\n"
        "g = Game(seed=3, target=1)\n"
        "while g.to_act is not None:\n"
        "    g.play(ai.choose_action(g.view(g.to_act), 'hard', seed=1))\n"
        "print(json.dumps(g.view(0)['scores']))\n"
    )
    out = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert max(json.loads(out.stdout)) >= 1  # the match reached its target


def test_a_traceback_names_the_package_file_not_the_build_tmp(compiled: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(compiled) as z:
        z.extractall(tmp_path)
    script = (f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
              "from belote import Game\nGame(seed=1).play('nonsense')\n")
    out = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert 'File "belote/game.py"' in out.stderr, out.stderr
