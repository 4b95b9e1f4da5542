"""The game's standard library: the modules listed in tools/stdlib_modules.txt, as bytecode.

    python -X no_debug_ranges tools/trim_stdlib.py FULL_ZIP MODULE_LIST OUT_DIR
        -> OUT_DIR/python_stdlib-<hash>.zip

Pyodide's python_stdlib.zip (2.5 MB) holds the sources of the whole standard library and
compiles every module it imports at each boot. The game needs about 120 of its modules; this
zip holds only those, each a sourceless ``.pyc`` (unchecked-hash, so zipimport reads it as
is). Run under the site's own Pyodide (tools/stdlib.mjs) so the bytecode is the runtime's.

Two choices keep the bytes down (bytecode is bigger than deflated source): docstrings are
left out (like ``-OO``, but ``assert`` statements stay), and the code carries line numbers
without column ranges (``-X no_debug_ranges``, which the caller must set: it is a compile-time
setting of the interpreter). Tracebacks still name the file and line; they show no source
line and no carets, as for the engine's own bytecode. Measured with the 314.0.7 runtime:
1.47 MB with docstrings and ranges, 0.93 MB without, for the same modules.

The name carries a hash of the content: a new build that imports the same modules serves the
same file. The output is reproducible (sorted entries, fixed timestamps).
"""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import marshal
import sys
import zipfile
from pathlib import Path

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
UNCHECKED_HASH_PYC = 0b01  # PEP 552 flags: hash-based, source not checked


def read_module_list(path: Path) -> list[str]:
    """Dotted module names from a list file: one a line, ``#`` starts a comment."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.append(name)
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"{path}: listed twice: {', '.join(duplicates)}")
    return sorted(names)


def module_file(name: str, files: set[str]) -> str:
    """The zip entry of a module: ``json`` -> ``json/__init__.py``, ``re._parser`` -> ``re/_parser.py``."""
    base = name.replace(".", "/")
    for candidate in (f"{base}.py", f"{base}/__init__.py"):
        if candidate in files:
            return candidate
    raise KeyError(f"{name!r} is not a module of the standard library zip "
                   "(frozen and built-in modules need no entry)")


def _drop_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                first = body[0]
                node.body = body[1:] or [ast.Pass(lineno=first.lineno, col_offset=first.col_offset,
                                                  end_lineno=first.lineno, end_col_offset=first.col_offset)]
    return tree


def compile_module(source: bytes, filename: str) -> bytes:
    """A sourceless .pyc of ``source`` for this interpreter; tracebacks name ``filename``."""
    tree = _drop_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    return (importlib.util.MAGIC_NUMBER + UNCHECKED_HASH_PYC.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


def column_ranges_off() -> bool:
    """True when this interpreter compiles without column ranges (``-X no_debug_ranges``)."""
    return all(pos[2] is None for pos in compile("x", "<probe>", "eval").co_positions())


def stdlib_mount() -> str:
    """Where this interpreter looks for its stdlib zip (``/lib/python314.zip`` in Pyodide)."""
    zips = [p for p in sys.path if p.endswith(".zip")]
    return zips[0] if zips else f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"


def trim(full_zip: Path, modules: list[str], out_dir: Path, mount: str | None = None) -> Path:
    """Write the zip of ``modules`` compiled to bytecode into ``out_dir`` and return its path.

    ``mount`` is where the runtime mounts its stdlib zip (tracebacks name files under it);
    default: this interpreter's own, e.g. ``/lib/python314.zip``."""
    if not column_ranges_off():
        raise RuntimeError("run with -X no_debug_ranges: the zip's size and contents assume it")
    mount = mount or stdlib_mount()
    entries: dict[str, bytes] = {}
    with zipfile.ZipFile(full_zip) as zin:
        files = set(zin.namelist())
        for name in modules:
            path = module_file(name, files)
            entries[path + "c"] = compile_module(zin.read(path), f"{mount}/{path}")
    dirs = {p.rsplit("/", 1)[0] + "/" for p in entries if "/" in p}
    for d in list(dirs):  # every parent folder too, as zip tools write them
        while "/" in d.rstrip("/"):
            d = d.rstrip("/").rsplit("/", 1)[0] + "/"
            dirs.add(d)
    tmp = out_dir / "python_stdlib.tmp"
    out_dir.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(tmp, "w") as zout:
        for name in sorted(dirs | set(entries)):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            if name.endswith("/"):
                info.external_attr = (0o40755 << 16) | 0x10
                zout.writestr(info, b"")
            else:
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(info, entries[name], compresslevel=9)
    digest = hashlib.sha256(tmp.read_bytes()).hexdigest()[:12]
    dest = out_dir / f"python_stdlib-{digest}.zip"
    tmp.replace(dest)
    return dest


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    print(trim(Path(sys.argv[1]), read_module_list(Path(sys.argv[2])), Path(sys.argv[3])))
