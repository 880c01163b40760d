"""Mutated corpus files never raise anything but ParseError (hypothesis)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perfscout.ingest import get_adapter
from perfscout.model.errors import ParseError

FILES = [
    ("perf-stat", "perf_stat/hybrid-r5-repeats-not-counted-atom-topdown-L2.txt"),
    ("perf-stat", "perf_stat/csv-x-comma-multiplexed-stalled-continuation-row.csv"),
    ("perf-stat", "perf_stat/hybrid-alderlake-de-locale-main.profile.txt"),
    ("perf-report", "perf_report/report-stdio-multi-event-cache.txt"),
    ("perf-script", "perf_report/perf-script-header-cycles-instructions-lbr.txt"),
    ("likwid-perfctr", "likwid/perfctr-FLOPS_DP-coffeelake-i5-7500-marker-3regions.txt"),
    ("likwid-perfctr", "likwid/mpirun-perfctr-MEM_DP-icelakeSP-8ranks-O-csv-DEBUG.csv"),
    ("likwid-bench", "likwid/bench-stream-avx-epyc7451-naples-marker-O-csv.raw"),
]

mutation = st.lists(st.tuples(st.sampled_from(["del", "trunc", "flip", "insert"]),
                              st.floats(0, 1), st.binary(min_size=1, max_size=40)),
                    min_size=1, max_size=6)


def _mutate(data: bytes, ops: list[tuple[str, float, bytes]]) -> bytes:
    for op, where, junk in ops:
        lines = data.split(b"\n")
        i = int(where * max(len(lines) - 1, 0))
        if op == "del" and lines:
            del lines[i]
            data = b"\n".join(lines)
        elif op == "trunc":
            data = data[: int(where * len(data))]
        elif op == "flip" and data:
            k = int(where * (len(data) - 1))
            data = data[:k] + bytes([data[k] ^ junk[0]]) + data[k + 1:]
        else:
            lines.insert(i, junk)
            data = b"\n".join(lines)
    return data


@pytest.mark.parametrize("fmt,rel", FILES, ids=[f[1].split("/")[1][:30] for f in FILES])
def test_mutations_only_raise_parse_error(corpus: Path, tmp_path: Path, fmt: str,
                                          rel: str) -> None:
    original = (corpus / rel).read_bytes()[:60000]
    ad = get_adapter(fmt)
    target = tmp_path / "m.txt"

    @settings(max_examples=40, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(mutation)
    def run(ops: list[tuple[str, float, bytes]]) -> None:
        target.write_bytes(_mutate(original, ops))
        with contextlib.suppress(ParseError):
            ad.parse(target)

    run()
