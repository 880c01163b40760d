"""vmstat samples (tests/ingest/data/user_evidence/make.sh: ``vmstat 1 3``, ``vmstat -t 1 2``).
Values read off the files by hand; the first row (averages since boot) is left out."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "user_evidence"


def _values(name: str) -> dict[str, float]:
    p = load(D / name)
    assert p.format == "vmstat" and p.unparsed_lines == 0
    assert all(m.scope.kind == ScopeKind.NODE and m.scope.name == "machine" for m in p.metrics)
    return {m.name: m.value for m in p.metrics}


def test_samples_after_the_boot_average() -> None:
    # rows 2-3: r 2, 2; us+sy 45+6, 42+8; wa 0, 1; st 0, 0; si+so 0
    v = _values("vmstat-3.txt")
    assert v["machine.run_queue"] == 2.0
    assert abs(v["machine.cpu_busy"] - (51 + 50) / 200) < 1e-9
    assert abs(v["machine.cpu_iowait"] - 0.005) < 1e-9
    assert v["machine.cpu_steal"] == 0.0 and v["machine.swap_io"] == 0.0


def test_timestamped_rows() -> None:
    # vmstat -t: row 2 only: r 2, us 40 + sy 11; the date and time after the numbers
    v = _values("vmstat-t.txt")
    assert v["machine.run_queue"] == 2.0 and abs(v["machine.cpu_busy"] - 0.51) < 1e-9


def test_recognised_by_content() -> None:
    assert detect(D / "vmstat-3.txt").name == "vmstat"
    assert detect(D / "vmstat-t.txt").name == "vmstat"


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines("\n".join((D / f).read_text() for f in (
    "vmstat-3.txt", "vmstat-t.txt")).splitlines()))
def test_fuzzed_vmstat_parses_or_raises_parse_error(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "x.txt"
    target.write_text("\n".join(data) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter("vmstat").parse(target)
