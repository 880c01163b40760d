"""``perf annotate --stdio2`` (the TUI layout as text) read like ``--stdio``: real outputs made
here (tests/diagnose/data/diag20/make.sh: gcc, perf record -e cpu-clock, perf annotate)."""

from __future__ import annotations

import contextlib
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import ParseError

D = Path(__file__).parents[1] / "diagnose" / "data" / "diag20"


def _one(p: object, name: str) -> float | None:
    return next((m.value for m in p.metrics if m.name == name  # type: ignore[attr-defined]
                 and not m.scope.name), None)


def _hand_locked(name: str) -> tuple[int, float]:
    """(samples, share of samples on each lock-prefixed line and the line after it), read
    straight from the text: a sample skids onto the instruction after the atomic."""
    lines = (D / name).read_text().splitlines()
    n = int(re.match(r"Samples: (\d+)", lines[0])[1])  # type: ignore[index]
    pct = 0.0
    for i, ln in enumerate(lines):
        if re.search(r"\block\s", ln):
            for x in (ln, lines[i + 1]):
                m = re.match(r"^\s*(\d+\.\d+)", x)
                pct += float(m[1]) if m else 0.0
    return n, pct / 100


def test_atomic_histogram_locked_share_matches_the_text() -> None:
    for name in ("hist-annotate2.txt", "histw-annotate2.txt"):
        p = load(D / name)
        assert p.format == "perf-annotate-stdio2"
        n, share = _hand_locked(name)
        samples = [m for m in p.metrics if m.name == "samples"]
        assert [(m.scope.name, m.value) for m in samples] == [("main._omp_fn.0", n)]
        assert abs((_one(p, "insn.locked_share") or 0) - share) < 1e-9
        assert share >= 0.2  # the atomic (lock add / lock cmpxchg retry) holds rt.locked_share


def test_stdio2_and_stdio_of_one_run_agree_on_the_mix() -> None:
    # both layouts of the same perf.data: the same weighted counts
    for run in ("hist", "cmul"):
        a, b = load(D / f"{run}-annotate.txt"), load(D / f"{run}-annotate2.txt")
        assert a.format == "perf-annotate"
        for name in ("insn.locked", "insn.packed", "insn.scalar", "insn.complex_calls"):
            assert _one(a, name) == _one(b, name), (run, name)


def test_cold_complex_helper_call_is_counted_as_a_call_site() -> None:
    # `→ call __muldc3` on the NaN-recovery path has no samples; it is still a call site
    text = (D / "cmul-annotate2.txt").read_text()
    assert text.count("call     __muldc3") == 1
    assert _one(load(D / "cmul-annotate2.txt"), "insn.complex_calls") == 1.0
    assert _one(load(D / "cmulf-annotate2.txt"), "insn.complex_calls") is None  # -ffast-math


def test_stdio_annotate_is_not_taken_for_stdio2() -> None:
    assert load(D / "hist-annotate.txt").format == "perf-annotate"


SEED = (D / "histw-annotate2.txt").read_text().splitlines()


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=mutated_lines(SEED))
def test_fuzzed_stdio2_parses_or_raises_parse_error(data: list[str]) -> None:
    with tempfile.TemporaryDirectory() as d:
        target = Path(d) / "annotate2.txt"
        target.write_text("\n".join(data) + "\n", encoding="utf-8")
        with contextlib.suppress(ParseError):
            get_adapter("perf-annotate-stdio2").parse(target)
