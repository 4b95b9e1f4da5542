"""Turn a pure-Python wheel into a bytecode-only wheel for the interpreter running this script.

    python tools/compile_wheel.py SRC.whl OUT_DIR      -> OUT_DIR/<name>-<version>-cp3XX-none-any.whl

Like ``pyodide py-compile``: every ``.py`` of the package becomes a sourceless ``.pyc`` next
to where the source was (unchecked-hash, so import never reads or hashes a source), the tag
names the interpreter (``cp314``), and RECORD is rewritten. Run under the site's own Pyodide
(tools/compile_wheel.mjs) this gives the game's worker a package that imports without
compiling anything; under CPython 3.11 the same code gives a wheel the unit tests can import.
Output is reproducible: sorted entries, fixed timestamps.
"""
from __future__ import annotations

import base64
import hashlib
import py_compile
import sys
import tempfile
import zipfile
from pathlib import Path

ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def interpreter_tag() -> str:
    """The wheel tag of this interpreter's bytecode, e.g. ``cp314``."""
    return f"cp{sys.version_info.major}{sys.version_info.minor}"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def _compile(source: bytes, name: str, tmp: Path) -> bytes:
    src = tmp / "module.py"
    out = tmp / "module.pyc"
    src.write_bytes(source)
    # dfile: tracebacks name the package path, not the temporary file
    py_compile.compile(str(src), cfile=str(out), dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return out.read_bytes()


def compiled_name(wheel_name: str) -> str:
    """``belote-1.0.0-py3-none-any.whl`` -> ``belote-1.0.0-cp314-none-any.whl``."""
    dist, version, _python, abi, platform = wheel_name[: -len(".whl")].split("-")
    return f"{dist}-{version}-{interpreter_tag()}-{abi}-{platform}.whl"


def compile_wheel(src: Path, out_dir: Path) -> Path:
    """Write the bytecode-only wheel of ``src`` into ``out_dir`` and return its path."""
    files: dict[str, bytes] = {}
    record_name = ""
    with zipfile.ZipFile(src) as zin, tempfile.TemporaryDirectory() as tmp:
        for info in zin.infolist():
            if info.is_dir():
                continue
            name, data = info.filename, zin.read(info)
            if name.endswith(".dist-info/RECORD"):
                record_name = name
            elif name.endswith(".dist-info/WHEEL"):
                files[name] = data.replace(b"Tag: py3-none-any", f"Tag: {interpreter_tag()}-none-any".encode())
            elif name.endswith(".py") and ".dist-info/" not in name:
                files[name[:-3] + ".pyc"] = _compile(data, name, Path(tmp))
            else:
                files[name] = data
    if not record_name:
        raise ValueError(f"{src} has no RECORD: not a wheel")
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in sorted(files.items()))
    files[record_name] = (record + f"{record_name},,\n").encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    dest = out_dir / compiled_name(src.name)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        for name in sorted(files, key=lambda n: (n == record_name, n)):  # RECORD last, as wheels do
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, files[name])
    return dest


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print(compile_wheel(Path(sys.argv[1]), Path(sys.argv[2])))
