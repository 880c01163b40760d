"""The readers added since the diag31 fuzz test, under mutation: llvm-mca, a user's note of
constraints, environment files (an Lmod module, a sourced settings file) and ``pmap -x``. A
damaged file is read or refused with ParseError, never an internal error; each fixture is
first detected as its own reader, so a test cannot pass by refusing everything (fixtures:
real tool outputs, and notes and module files written as users and sites write them)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import ParseError

D = Path(__file__).parent / "data"
CASES = {"llvm-mca": D / "llvm_mca" / "mca.txt",
         "user-note": D / "user_notes" / "keep_double.txt",
         "env-settings": D / "env_files" / "stars.lua",
         "pmap": D / "env_files" / "pmap-x.txt"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_fixture_is_detected_as_its_reader(name: str) -> None:
    assert load(CASES[name]).format == name


@pytest.mark.parametrize("name", sorted(CASES))
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_reader(tmp_path: Path, name: str, data: st.DataObject) -> None:
    lines = data.draw(mutated_lines(CASES[name].read_text().splitlines()))
    target = tmp_path / "x.txt"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="replace")
    with contextlib.suppress(ParseError):
        p = get_adapter(name).parse(target)
        assert all(m.value == m.value for m in p.metrics)  # no NaN from a damaged number
