"""Quantities read from forms a user hands over, from real outputs made here
(tests/diagnose/data/diag25/make.sh):

- ``OMP_THREAD_LIMIT`` in ``OMP_DISPLAY_ENV`` below ``OMP_NUM_THREADS`` caps every team: with
  the program's printout of its team (``threads in parallel team: 1``) that is
  ``rt.threads_lowered`` with the limit as its cause, and the proposal raises the limit
  (not a search of the code for ``omp_set_num_threads``);
- a profile holding the runtime's text conversion (libgfortran list-directed READ, fscanf and
  strtod) with read calls traced is ``app.io_hotspot`` as parsing, confirmed by the trace's small
  read time, and buffering is refused;
- ``/proc/pressure/{cpu,memory,io}`` lines are OS accounting (``psi.cpu.some`` ...): CPU
  pressure in every reading around a run that got a small share of a CPU is ``sys.os_noise``
  (other jobs), binding is refused; pressure alone names no process and decides nothing;
- ``strace`` call lines (``-e trace=memory -f -T``) are a syscall trace with the sizes the calls
  name: a 48 MB array mapped and unmapped every step is page-fault churn, once is nothing;
- ``iostat`` (``-x``, ``-d``) is machine accounting: alone it ends in a data request, not an
  error;
- a thread's busy time keeps the unit its key names (``busy_ms=368.3``), so a printed per-thread
  split and a per-thread profile confirm ``rt.omp_imbalance``; a ``perf report --sort
  pid,srcline`` gives each rank its compute share (own source lines, not ``??:0``);
- without a profile, thousands of reads per CPU-second with the CPU in user space (time -v,
  strace -c) is a weak ``app.io_hotspot`` hypothesis with a request for a profile, and
  buffering is refused when the calls cost under 5% of the CPU; ``wc -l`` is nothing;
- a per-thread profile whose busiest thread implies the sweep's serial fraction
  (``(n b - 1) / (n - 1)``) confirms ``rt.serial_fraction``; a 74/26 split does not."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding

D = Path(__file__).parent / "data" / "diag25"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _findings(*files: Path) -> list[Finding]:
    return list(diagnose([derive(load(f)) for f in files], _two_cpus()).findings)


def test_thread_limit_is_read_from_display_env() -> None:
    p = load(D / "threadlimit.log")
    vals = {m.name: m.value for m in p.metrics}
    assert vals["omp.thread_limit"] == 1.0  # OMP_THREAD_LIMIT = '1', not OMP_TEAMS_THREAD_LIMIT
    assert vals["threads.requested"] == 2.0


def test_thread_limit_lowers_the_team() -> None:
    fs = _findings(D / "threadlimit.log")
    assert fs and fs[0].id == "rt.threads_lowered"
    assert "OMP_THREAD_LIMIT=1" in fs[0].title
    assert {e.metric for e in fs[0].evidence} >= {"omp.thread_limit", "threads.running"}


def _analyze(*files: Path):  # type: ignore[no-untyped-def]
    import tempfile

    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    with tempfile.TemporaryDirectory(prefix="perfscout-diag25-") as ws:
        return analyze(list(files), snapshot=_two_cpus(), runner=default_runner(Path(ws)))


def test_fortran_list_directed_read_is_text_conversion_not_buffering() -> None:
    # perf by dso,sym: strtod 11.6% + str_to_mpn 6.1% + round_and_return 2.4% named, and the
    # stripped libgfortran's addresses; strace -c: 2972 reads in 0.0027 s of a 0.34 s run
    a = _analyze(D / "fortran-read-perf.txt", D / "fortran-read-strace-c.txt")
    top = a.findings[0]
    assert top.id == "app.io_hotspot" and top.status.value == "confirmed"
    share = next(e.value for e in top.evidence if e.metric == "hotspot.share")
    assert share is not None and 0.5 < share < 0.9  # named rows plus the runtime's addresses
    assert {e.source_kind for e in top.evidence} == {"sampling", "instrumentation"}
    assert "io_buffering" not in [p.id for p in a.proposals]
    assert any(r.guard == "buffering_not_for_parsing" for r in a.rejected)


def test_c_fscanf_is_text_conversion_too() -> None:
    # fscanf's __vfscanf_internal 36% + strtod 30% + its mpn helpers: same finding in C
    a = _analyze(D / "c-fscanf-perf.txt", D / "c-fscanf-strace-c.txt")
    assert a.findings[0].id == "app.io_hotspot"
    assert "io_buffering" not in [p.id for p in a.proposals]


def test_runtime_addresses_join_only_past_the_named_share() -> None:
    # a stripped Fortran runtime's addresses count as its I/O only beside named conversion rows
    from perfscout.diagnose.textio import text_io_share

    p = load(D / "fortran-read-perf.txt")
    named = text_io_share(p, 1.0)  # the runtime's addresses join only past the named bar
    full = text_io_share(p, 0.1)
    assert named is not None and full is not None
    assert 0.18 < named.share < 0.25 and full.share > named.share + 0.3


def test_pressure_stall_lines_are_read_by_resource() -> None:
    p = load(D / "pressure-only.txt")
    vals = {m.name: m.value for m in p.metrics}
    assert p.format == "system-outputs"
    assert vals["psi.cpu.some"] > 0.5 and vals["psi.cpu.full"] == 0.0  # some avg10=9x.xx
    assert vals["psi.memory.some"] == 0.0 and "psi.io.some" in vals
    assert all(m.family in ("", "os_accounting") for m in p.metrics)


def test_cpu_pressure_and_a_small_cpu_share_are_other_jobs() -> None:
    # time -v: 0.98 s user, 12% of a CPU, 7.95 s wall; /proc/pressure/cpu some avg10 95-98%
    a = _analyze(D / "contended-psi-time.log")
    top = a.findings[0]
    assert top.id == "sys.os_noise"
    assert {"psi.cpu.some", "cpu.share"} <= {e.metric for e in top.evidence}
    ids = [p.id for p in a.proposals]
    assert "bind_threads" not in ids and "parallelize_omp" not in ids
    assert any(r.guard == "bind_not_for_other_jobs" for r in a.rejected)


def test_pressure_alone_decides_nothing() -> None:
    # machine-wide stall shares name no process: no finding, a request for the run's data
    a = _analyze(D / "pressure-only.txt")
    assert not a.findings and a.data_requests


def test_strace_call_lines_are_counted_with_sizes() -> None:
    p = load(D / "strace-mem-step.txt")
    assert p.format == "strace-calls"
    calls = {m.scope.name: m.value for m in p.metrics if m.name == "syscall.calls"}
    size = {m.scope.name: m.value for m in p.metrics if m.name == "syscall.bytes"}
    timed = {m.scope.name: m.value for m in p.metrics if m.name == "syscall.time"}
    big_maps = sum(1 for ln in (D / "strace-mem-step.txt").read_text().splitlines()
                   if ln.split(" ", 1)[-1].startswith("mmap(NULL, 48001024,"))
    assert big_maps == 15 and calls["mmap"] >= 15 and calls["munmap"] >= 15
    assert size["munmap"] >= 15 * 48001024  # the 48 MB array returned every step
    assert timed["munmap"] > 0  # -T durations read


def test_buffers_mapped_again_each_step_are_page_fault_churn() -> None:
    step = _findings(D / "strace-mem-step.txt")
    assert step and step[0].id == "sys.tlb_pagefaults"
    assert "MiB on average" in " ".join(e.quote for e in step[0].evidence)
    once = _findings(D / "strace-mem-once.txt")  # the same array allocated once
    assert "sys.tlb_pagefaults" not in [f.id for f in once]


def _by(p, name: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    return {m.scope.name: m.value for m in p.metrics if m.name == name}


def test_iostat_reports_are_machine_accounting() -> None:
    x = load(D / "iostat-x.txt")
    assert x.format == "iostat"
    busy = _by(x, "machine.cpu_busy")["machine"]
    assert 0.9 < busy <= 1.0  # the reports after the since-boot one: the reader ran
    assert "device vda" in _by(x, "disk.util") and _by(x, "cpu.online")["machine"] == 2.0
    d = load(D / "iostat-d.txt")  # -d, tps form: the second report, 24 kB/s written
    assert _by(d, "disk.write_rate")["device vda"] == 24 * 1024.0
    assert _by(d, "disk.read_rate")["device vda"] == 0.0


def test_iostat_alone_asks_for_the_run_not_an_error() -> None:
    # device counters of the whole machine cannot tell parsing from I/O wait: undecidable
    a = _analyze(D / "iostat-x.txt")
    assert not a.findings and a.data_requests and not a.skipped


def test_thread_busy_time_keeps_the_unit_its_key_names() -> None:
    # "worker 1 rows=10000 busy_ms=368.3": the thread's busy time in ms, not a unit-less event
    busy = _by(load(D / "tri-threads.txt"), "busy.time")
    assert busy == pytest.approx({"1": 0.3683, "0": 0.1301})


def test_printed_thread_times_and_sampled_threads_confirm_imbalance() -> None:
    fs = _findings(D / "tri-threads.txt", D / "tri-perf-pid.txt")
    assert fs[0].id == "rt.omp_imbalance" and fs[0].status.value == "confirmed"
    kinds = {e.source_kind for e in fs[0].evidence if e.metric == "imbalance.max_over_mean"}
    assert kinds == {"program", "sampling"}


def test_pid_srcline_report_gives_each_rank_its_compute_share() -> None:
    # rows "18762:rootdiag  fenv_private.h:416": source lines compute, ??:0 (MPI) does not
    share = _by(load(D / "mpi-perf-pid-srcline.txt"), "compute.share")
    assert set(share) == {"pid 18762", "pid 18763"}
    assert share["pid 18762"] == pytest.approx(0.2114 + 0.0142)  # it computes the diagnostic
    assert share["pid 18763"] == 0.0713


def test_reads_with_user_time_between_are_a_weak_input_hypothesis() -> None:
    # time -v: 0.31 s user, 0.01 s system; strace -c: 2972 reads in 0.0024 s
    a = _analyze(D / "fortran-read-time-v.txt", D / "fortran-read-strace-c-2.txt")
    top = a.findings[0]
    assert top.id == "app.io_hotspot" and top.status.value == "hypothesis"
    assert top.confidence < 0.5 and top.limits and a.data_requests
    assert "io_buffering" not in [p.id for p in a.proposals]
    assert any(r.guard == "buffering_calls_cheap" for r in a.rejected)
    # wc -l reads the same file at the same call size with no user-space work: nothing
    b = _analyze(D / "wc-time-v.txt", D / "wc-strace-c.txt")
    assert "app.io_hotspot" not in [f.id for f in b.findings]


def _sampled_serial(*files: Path) -> list[float]:
    fs = _findings(*files)
    f = next(f for f in fs if f.id == "rt.serial_fraction")
    return [e.value or 0.0 for e in f.evidence
            if e.metric == "serial_fraction" and e.source_kind == "sampling"]


def test_sampled_split_that_implies_the_fitted_serial_fraction_confirms_it() -> None:
    # sweep 0.44 s -> 0.42 s (fit 91%); perf by pid,sym: one thread 94% of the computation,
    # implied serial fraction (2 x 0.94 - 1) = 87%
    fs = _findings(D / "sort-threads-1-2.txt", D / "sort-perf-pid-sym.txt")
    assert fs[0].id == "rt.serial_fraction" and fs[0].status.value == "confirmed"
    got = _sampled_serial(D / "sort-threads-1-2.txt", D / "sort-perf-pid-sym.txt")
    assert got and 0.8 < got[0] < 0.95
    # a 74/26 split (the triangle loop) implies 48%: not the sweep's serial part
    assert _sampled_serial(D / "sort-threads-1-2.txt", D / "tri-perf-pid.txt") == []


def test_a_state_word_is_not_io() -> None:
    # std::regex built per line: the bracket matcher's _M_ready (5.6%) compiles the pattern
    from perfscout.diagnose.rules.common import is_io

    p = load(D / "regex-perf-sym.txt")
    ready = [h for h in p.hotspots if h.name.endswith("_M_ready")]
    assert ready and not any(is_io(h.name) for h in ready)
    assert is_io("readInput") and is_io("read_field") and not is_io("isWritable")
    assert "app.io_hotspot" not in [f.id for f in _findings(D / "regex-perf-sym.txt")]
