"""Readings of growth within one run, pairwise work and a run's floating-point type, from
tests/diagnose/data/diag33 (each case's gen.sh runs the project's own programs with real gcc,
gprof and perf).

- A step table whose work column grows step by step (``step birds step_s total_s``) is a sweep
  inside one run: each step's count and its own time (not the running total) are fitted like
  a size sweep, so an all-pairs step shows as ``alg.complexity``.
- A count of pairwise work printed beside the items (``birds=2000 pairs=1999000``) is never the
  problem's size: the sweep is sized by the items.
- An instrumented profile whose routine was called once per pair of the items of a swept size
  (n(n-1)/2 calls) is a second family's count of the quadratic work: it confirms the sweep.
- libm's long double routines, with their own helpers (``__kernel_sinl``,
  ``__ieee754_rem_pio2l``), holding a large share of a sampling profile are long double
  arithmetic (``app.precision``), with no disassembly needed; a printout holding the same run
  in two types (``mode=long double`` / ``mode=double``) is the program's own A/B, a second
  family.
- A byte rate whose unit is written into its key (``GBps=13.7``) is the program's bandwidth;
  likwid-bench's result lines kept under each echoed command are the benchmark still.
- Two sizes on one run's line (``n=256 ... points=9830400``) belong to that run; the one held
  within 1.3x while the other grows is the work (``work.items``), so the time per point at
  two sizes is a cache measure.
- A printout of several runs, each with its per-thread table, is read per run: thread 0 of
  the one-thread run is not thread 0 of the two-thread run (unequal busy times there are
  imbalance, not a serial part).
- On a rank's line that counts the bytes it sent (``MB_sent``), a phase named for moving
  data between ranks (``transpose_s``) is its MPI time; the monitoring's all-to-all bytes are
  then no reduction when the program names its collective otherwise.
- An output phase and a compute phase timed on one line (``compute_s= output_s=``) are the
  timed run, whatever reader named the compute phase: the output's share of it is I/O.
"""

from __future__ import annotations

from pathlib import Path

from diagnose.own_cases import analyze_case, one_profile
from perfscout.model.findings import Status
from perfscout.model.metrics import Profile, ScopeKind
from perfscout.pipeline.analyze import Analysis

D = Path(__file__).parent / "data" / "diag33"


_profile = one_profile


def _analyse(case: str) -> Analysis:
    return analyze_case(D / case)


def _rows(p: Profile, name: str) -> dict[str, float]:
    return {m.scope.name: m.value for m in p.metrics
            if m.name == name and m.scope.kind == ScopeKind.RUN}


def test_a_step_table_is_read_as_each_steps_count_and_its_own_time() -> None:
    p = _profile(D / "flock-steps" / "data" / "run.txt")
    sizes, times = _rows(p, "scaling.size"), _rows(p, "time.elapsed")
    lines = [ln.split() for ln in (D / "flock-steps" / "data" / "run.txt").read_text()
             .splitlines() if ln.strip()[:1].isdigit()]
    assert len(lines) >= 6
    for step, birds, step_s, _total in lines:
        assert sizes[f"step={step}"] == float(birds)
        assert times[f"step={step}"] == float(step_s)  # the step's own time, not the total
    assert len(times) == len(lines)


def test_an_all_pairs_step_table_is_complexity() -> None:
    a = _analyse("flock-steps")
    assert a.findings and a.findings[0].id == "alg.complexity", [f.id for f in a.findings]
    assert "size^" in a.findings[0].evidence[0].quote


def test_the_pair_count_is_not_the_size_and_per_pair_calls_confirm() -> None:
    p = _profile(D / "flock-sweep-gprof" / "data" / "sizes.txt")
    assert sorted(_rows(p, "scaling.size").values()) == [1000.0, 2000.0, 4000.0, 8000.0]
    a = _analyse("flock-sweep-gprof")
    top = a.findings[0]
    assert top.id == "alg.complexity" and top.status == Status.CONFIRMED, top
    calls = next(e for e in top.evidence if e.metric == "calls.count")
    assert calls.source_kind == "instrumentation" and calls.value == 2000 * 1999 / 2
    assert "near_miss" in calls.quote and "n(n-1)/2 for n = 2,000" in calls.quote


def test_long_double_libm_and_the_printed_type_ab_are_precision() -> None:
    p = _profile(D / "ldfit-modes-perf" / "data" / "modes.txt")
    assert sorted(_rows(p, "precision.type_bytes").values()) == [8.0, 16.0]
    a = _analyse("ldfit-modes-perf")
    top = a.findings[0]
    assert top.id == "app.precision" and top.status == Status.CONFIRMED, top
    fams = {e.source_kind: e for e in top.evidence}
    assert fams["sampling"].value >= 0.30 and "long double libm" in fams["sampling"].quote
    times = [float(w.split("=")[1]) for ln in (D / "ldfit-modes-perf" / "data" / "modes.txt")
             .read_text().splitlines() for w in ln.split() if w.startswith("seconds=")]
    assert fams["program"].value == max(times) / min(times) >= 2.0


def test_a_rate_in_the_key_and_trimmed_likwid_bench_place_the_bandwidth_at_the_ceiling() -> None:
    run = _profile(D / "triad-gbps-likwid" / "data" / "run.txt")
    bw = sorted(m.value for m in run.metrics if m.name == "mem.bandwidth" and
                m.scope.kind == ScopeKind.RUN)
    printed = sorted(float(w.split("=")[1]) * 1000 for ln in (
        D / "triad-gbps-likwid" / "data" / "run.txt").read_text().splitlines()
        for w in ln.split() if w.startswith("GBps="))
    assert bw == printed and len(bw) == 2
    bench = _profile(D / "triad-gbps-likwid" / "data" / "likwid-bench.txt")
    assert bench.format == "likwid-bench" and bench.meta.get("test") == "stream"
    assert len({m.scope.name for m in bench.metrics if m.name == "bench.bandwidth"}) == 4
    top = _analyse("triad-gbps-likwid").findings[0]
    assert top.id == "hw.memory_bandwidth" and top.status == Status.CONFIRMED, top


def test_two_sizes_of_one_run_and_the_work_held_make_a_cache_measure() -> None:
    p = _profile(D / "colnorm-two-sizes" / "data" / "run.txt")
    assert sorted(_rows(p, "scaling.size").values()) == [256.0, 2048.0]
    work = {m.scope.name: m.value for m in p.metrics if m.name == "work.items"}
    assert set(work) == set(_rows(p, "scaling.size")) and len(work) == 2
    top = _analyse("colnorm-two-sizes").findings[0]
    assert top.id == "hw.cache_locality", top
    assert top.evidence[0].metric == "scaling.rate_drop" and top.evidence[0].value >= 4


def test_each_runs_thread_table_is_its_own() -> None:
    top = _analyse("uneven-thread-tables").findings
    assert top[0].id == "rt.omp_imbalance", [f.id for f in top]
    assert "rt.serial_fraction" not in [f.id for f in top]
    rows = [ln.split() for ln in (D / "uneven-thread-tables" / "data" / "run.txt").read_text()
            .splitlines() if ln.strip()[:1].isdigit()][1:]  # the two-thread run's rows
    busy = [float(r[2]) for r in rows]
    assert top[0].evidence[0].value == max(busy) / (sum(busy) / len(busy))


def test_a_ranks_transpose_is_its_mpi_time_and_no_reduction() -> None:
    p = _profile(D / "pencils-ranks-mon" / "data" / "run.txt")
    mpi = {m.scope.name: m for m in p.metrics if m.name == "mpi.time"}
    sent = {m.scope.name: m.value for m in p.metrics if m.name == "mpi.bytes_sent"}
    assert set(mpi) == {"0", "1"} and all(m.raw_name == "transpose_s" for m in mpi.values())
    assert set(sent.values()) == {167.8e6}
    ids = [f.id for f in _analyse("pencils-ranks-mon").findings]
    assert ids[0] == "rt.mpi_communication" and "app.redundant_work" not in ids, ids


def test_an_output_phase_beside_a_compute_phase_on_one_line_is_the_run_share() -> None:
    """``compute_s=0.0041 output_s=0.0911``: the compute phase (read as the run's busy time)
    and the output phase are the timed run; the output's share of it is the I/O finding."""
    line = (D / "tidelog-phases" / "data" / "run.txt").read_text().splitlines()[1]
    vals = {w.split("=")[0]: float(w.split("=")[1]) for w in line.split()}
    top = _analyse("tidelog-phases").findings[0]
    assert top.id == "app.io_hotspot", top
    share = vals["output_s"] / (vals["output_s"] + vals["compute_s"])
    assert top.evidence[0].value == share


def test_the_first_count_that_grows_is_the_size_beside_what_the_run_found() -> None:
    """``reads=2000 pairs=... duplicates=117``: the duplicates grow with the reads but are what
    the run found; the first printed count is the sweep's size, and the pair scan fits as
    ``alg.complexity``."""
    p = _profile(D / "dupwords-sweep" / "data" / "sizes.txt")
    assert sorted(_rows(p, "scaling.size").values()) == [2000.0, 4000.0, 8000.0, 16000.0]
    top = _analyse("dupwords-sweep").findings[0]
    assert top.id == "alg.complexity", top
