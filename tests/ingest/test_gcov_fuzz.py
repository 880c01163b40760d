"""gcov's annotated source under mutation: a damaged file is read or refused with ParseError,
never an internal error (fixture: tests/diagnose/data/diag31/wavetab-gcov-perf, real gcov)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter
from perfscout.model.errors import ParseError

GCOV = (Path(__file__).parents[1] / "diagnose" / "data" / "diag31" / "wavetab-gcov-perf" / "data"
        / "wavetab.c.gcov")


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines(GCOV.read_text().splitlines()))
def test_fuzzed_gcov(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "x.gcov"
    target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
    with contextlib.suppress(ParseError):
        p = get_adapter("gcov").parse(target)
        assert all(0 < (h.self_share or 0) <= 1 for h in p.hotspots if h.kind == "line")
