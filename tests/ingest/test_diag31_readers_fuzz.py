"""The readers added with tests/diagnose/data/diag31 under mutation (gcov, a batch script,
perf report --header-only, perf sched timehist -s): a damaged file is read or refused with
ParseError, never an internal error (fixtures: real tool outputs made by each case's gen.sh)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter
from perfscout.model.errors import ParseError

D = Path(__file__).parents[1] / "diagnose" / "data" / "diag31"
CASES = {"gcov": D / "wavetab-gcov-perf" / "data" / "wavetab.c.gcov",
         "job-script": D / "sitenv-jobscript" / "data" / "job.sh",
         "perf-header": D / "header-only" / "data" / "perf-header.txt",
         "perf-sched": D / "serial-sched-summary" / "data" / "perf-sched-summary.txt"}


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
        assert all(0 < (h.self_share or 0) <= 1 for h in p.hotspots if h.kind == "line")


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_fixture_is_detected_as_its_reader(name: str) -> None:
    from perfscout.ingest.registry import load

    assert load(CASES[name]).format == name
