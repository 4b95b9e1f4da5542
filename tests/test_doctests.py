"""Run the examples in the engine's docstrings, so the documentation cannot drift."""

import doctest
import importlib
import pkgutil

import pytest

import belote

MODULES = sorted(m.name for m in pkgutil.walk_packages(belote.__path__, "belote."))


@pytest.mark.parametrize("name", ["belote", *MODULES])
def test_docstring_examples(name: str) -> None:
    """Every docstring example in the module gives the output it shows."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
