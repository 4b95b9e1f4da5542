"""Every unit test runs against the engine of this checkout, whatever `belote` the venv installed.

The venv's editable install points at one checkout; a second worktree (or CI's fresh clone) must
test its own `engine/`, in this process and in the Python subprocesses some tests start.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ENGINE = str(Path(__file__).resolve().parent.parent / "engine")
if sys.path[:1] != [ENGINE]:
    sys.path.insert(0, ENGINE)
_rest = os.environ.get("PYTHONPATH")
os.environ["PYTHONPATH"] = ENGINE + (os.pathsep + _rest if _rest else "")
