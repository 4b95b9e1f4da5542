"""The engine type-checks under ``mypy --strict`` (the package ships ``py.typed``)."""

import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def test_engine_passes_mypy_strict() -> None:
    """Type hints are part of the API contract: an error here is a broken promise to users."""
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "belote"],
        cwd=ENGINE, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
