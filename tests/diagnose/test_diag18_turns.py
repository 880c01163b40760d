"""Threads taking turns read from a sampling profile, and formatting that never reaches a file,
on real tool outputs made here (gcc, perf record/report with cpu-clock, strace -c / -f -c:
tests/diagnose/data/diag18/make.sh): ``schedule(dynamic,1)`` over one-compare iterations puts
the samples in libgomp's iteration handout (``rt.sync_contention``), a mutex+condvar ring
taking one item per lock puts them in pthread/futex routines (strace -f -c's futex share
agrees: confirmed), and snprintf/strtod in memory is redundant work, not I/O. Each has a
look-alike that must not fire: the same loop under schedule(static), the ring moving 256
items per lock, the same conversion written unbuffered."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding

D = Path(__file__).parent / "data" / "diag18"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _run(*files: str) -> list[Finding]:
    return list(diagnose([derive(load(D / f)) for f in files], _two_cpus()).findings)


def _ids(fs: list[Finding]) -> list[str]:
    return [f.id for f in fs]


def _perf_rows(name: str) -> dict[str, float]:
    """symbol -> percent, read straight from the perf report text (the hand check)."""
    out: dict[str, float] = {}
    for line in (D / name).read_text().splitlines():
        parts = line.split()
        mark = [i for i, x in enumerate(parts) if x in ("[.]", "[k]")]
        if parts and parts[0].endswith("%") and mark:
            out[" ".join(parts[mark[0] + 1:])] = float(parts[0].rstrip("%")) / 100
    return out


def test_dynamic_schedule_handout_is_sync_contention() -> None:
    fs = _run("dyn-perf.txt")
    top = fs[0]
    assert top.id == "rt.sync_contention"
    assert top.scope.startswith("GOMP_loop_nonmonotonic_dynamic_next")
    rows = _perf_rows("dyn-perf.txt")
    # the named handout routine plus libgomp's unresolved rows (the dso column says libgomp)
    want = sum(s for n, s in rows.items() if n.startswith("0x")
               or n.startswith("GOMP_loop_nonmonotonic_dynamic_next"))
    ev = top.evidence[0]
    assert ev.metric == "hotspot.share" and abs((ev.value or 0) - want) < 0.01
    assert (ev.value or 0) > 0.5 and "dynamic schedule" in ev.quote


def test_static_schedule_is_not_sync_contention() -> None:
    # libgomp's barrier spin is as large here, but no iteration handout is sampled
    rows = _perf_rows("dynst-perf.txt")
    assert sum(s for n, s in rows.items() if n.startswith("0x")) > 0.3
    assert "rt.sync_contention" not in _ids(_run("dynst-perf.txt"))


def test_mutex_per_item_is_sync_contention_confirmed_by_futex_trace() -> None:
    fs = _run("mq-perf.txt", "mq-strace.txt")
    top = fs[0]
    assert top.id == "rt.sync_contention" and top.status == "confirmed"
    rows = _perf_rows("mq-perf.txt")
    # by hand: every mutex, condition-variable and futex row (user and kernel side)
    lock = sum(s for n, s in rows.items()
               if "futex" in n or "pthread_mutex" in n or "pthread_cond" in n)
    sampled, traced = top.evidence[0], top.evidence[1]
    assert abs((sampled.value or 0) - lock) < 0.02 and lock >= 0.2
    assert traced.source_kind == "instrumentation" and "futex" in traced.quote
    assert traced.value == 0.917342  # strace -f -c: seconds in futex


def test_batched_ring_and_lone_trace_are_not_sync_contention() -> None:
    assert "rt.sync_contention" not in _ids(_run("mqb-perf.txt", "mqb-strace.txt"))
    # a trace alone cannot tell one item per lock from 256: both spend it in futex
    assert "rt.sync_contention" not in _ids(_run("mq-strace.txt"))
    assert "rt.sync_contention" not in _ids(_run("mqb-strace.txt"))


def test_formatting_in_memory_is_redundant_work_not_io() -> None:
    for files in (("fmt-perf.txt",), ("fmt-perf.txt", "fmt-strace.txt")):
        fs = _run(*files)
        assert fs[0].id == "app.redundant_work", files
    alone = _run("fmt-perf.txt")
    assert "app.io_hotspot" not in _ids(alone)


def test_formatting_that_is_written_stays_io() -> None:
    rows = _perf_rows("fmtio-perf.txt")
    assert rows["__GI___libc_write"] > 0 and rows["generic_perform_write"] > 0
    fs = _run("fmtio-perf.txt")
    assert fs[0].id == "app.io_hotspot"
    assert "app.redundant_work" not in _ids(fs)
