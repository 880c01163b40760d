"""Sweeps that slow down and ranks that are all in MPI, from real outputs made here
(tests/diagnose/data/diag29/<case>/gen.sh):

- more threads taking longer than fewer (not merely no faster) is a cost that grows per
  thread: with the profile in critical sections it is ``rt.sync_contention``, with the profile
  in the runtime's fork/join code ``rt.region_overhead`` (each confirmed by the sweep); an
  Amdahl serial part (``rt.serial_fraction``) cannot make a run slower and is not claimed;
- a rank's time in one MPI routine printed with a unit suffix (``bcast_s=0.27``) is its time
  in MPI; every rank in MPI longer than the ranks' compute differs is the communication
  itself (``rt.mpi_communication``), not a wait that rebalancing removes;
- a printed key that is a rate unit by itself (``GB/s= 19.2``) is that rate;
- a sweep printing two sizes of each run (a side and its cell count) is fitted on the larger,
  user CPU time times it, and its growth ranks before other jobs' load beside it (CPU time is
  the program's own); a rank table's MPI columns add up and its other timed column is compute;
- ranks each waiting for the other's whole work (a relay) are in MPI no longer than that work:
  waiting (``rt.mpi_wait``, the profile splitting the printout's MPI time), and a weak
  hypothesis (a math routine known by its share) does not become the wait's cause; between two
  ranks no allreduce algorithm is proposed (every algorithm is one exchange);
- heaptrack's temporary blocks above glibc's 32 MiB mmap ceiling, allocated again every step,
  are pages faulted in anew every step (``sys.tlb_pagefaults``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.diagnose import heldout_score as hs

from perfscout.ingest.registry import load
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "diag29"


def _analyze(case: str):  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    files = sorted((D / case / "data").iterdir())
    with tempfile.TemporaryDirectory(prefix="perfscout-diag29-") as ws:
        return analyze(files, snapshot=hs.platform(case, D), runner=default_runner(Path(ws)))


def test_own_cases_reach_their_labels_without_hazards() -> None:
    labels = hs.labels(D)
    assert len(labels) == 7
    for lb in labels:
        s = hs.score(lb)
        assert s.top1, (lb.case, s.ranked, s.error)
        assert not s.hazards, (lb.case, s.hazards)


def _slowdown(a) -> float:  # type: ignore[no-untyped-def]
    top = a.findings[0]
    ev = [e for e in top.evidence if e.metric == "scaling.slowdown"]
    assert ev and ev[0].source_kind == "program", top.evidence
    assert ev[0].value is not None
    return ev[0].value


def test_critical_sections_slower_with_threads_are_contention_not_a_serial_part() -> None:
    a = _analyze("crit-sweep-perf")
    ids = [f.id for f in a.findings]
    assert ids[0] == "rt.sync_contention" and "rt.serial_fraction" not in ids, ids
    assert _slowdown(a) >= 1.15
    assert str(a.findings[0].status.value) == "confirmed"


def test_regions_slower_with_threads_are_region_overhead_confirmed_by_the_sweep() -> None:
    a = _analyze("rowpar-sweep-perf")
    ids = [f.id for f in a.findings]
    assert ids[0] == "rt.region_overhead" and "rt.serial_fraction" not in ids, ids
    assert _slowdown(a) >= 1.15
    assert str(a.findings[0].status.value) == "confirmed"


def test_a_routine_time_with_a_unit_suffix_is_time_in_mpi() -> None:
    p = load(D / "bcast-ranks-perf" / "data" / "run.txt")
    mpi = {m.scope.name: m.value for m in p.metrics
           if m.name == "mpi.time" and m.scope.kind == ScopeKind.RANK}
    assert set(mpi) == {"0", "1"} and all(v > 0.1 for v in mpi.values()), mpi


def test_ranks_all_in_mpi_beyond_the_compute_spread_are_communication() -> None:
    a = _analyze("bcast-ranks-perf")
    ids = [f.id for f in a.findings]
    assert ids[0] == "rt.mpi_communication" and "alg.load_imbalance" not in ids, ids
    assert "rebalance_decomposition" not in [p.id for p in a.proposals]


def test_a_rate_unit_as_the_key_is_that_rate(tmp_path: Path) -> None:
    out = tmp_path / "run.txt"
    out.write_text("threads= 1 n= 8000000 best_sweep_s= 0.0133 GB/s= 19.23\n")
    bw = [m for m in load(out).metrics if m.name == "mem.bandwidth"]
    assert len(bw) == 1 and bw[0].unit == "MB/s" and abs(bw[0].value - 19230.0) < 1e-6


def test_cpu_timed_growth_on_the_larger_size_ranks_before_the_load_beside_it() -> None:
    a = _analyze("quad-csv-loaded")
    ids = [f.id for f in a.findings]
    assert ids[0] == "alg.complexity" and "sys.os_noise" in ids, ids
    ev = a.findings[0].evidence[0]
    assert ev.metric == "time.cpu", ev  # user_s, not the stretched elapsed_s
    k = float(ev.quote.split("size^")[1].split()[0])
    assert 1.5 <= k < 3.0, ev.quote  # against cells (~2), not the side n (~4)


def test_a_rank_tables_mpi_columns_add_up_beside_its_compute(tmp_path: Path) -> None:
    out = tmp_path / "run.txt"
    out.write_text("rank  update(s)  MPI_Gather+max(s)  MPI_Bcast(s)\n"
                   "   0      0.024              0.336         0.151\n"
                   "   1      0.030              0.136         0.356\n")
    got = {(m.name, m.scope.name): m.value for m in load(out).metrics
           if m.scope.kind == ScopeKind.RANK}
    assert abs(got[("mpi.time", "0")] - 0.487) < 1e-9 and abs(got[("mpi.time", "1")] - 0.492) < 1e-9
    assert got[("busy.time", "0")] == 0.024 and got[("busy.time", "1")] == 0.030


def test_ranks_waiting_for_each_others_work_are_waiting_not_communication() -> None:
    a = _analyze("relay-table-perf")
    top = a.findings[0]
    assert top.id == "rt.mpi_wait" and top.root_cause, [f.id for f in a.findings]
    assert str(top.status.value) == "confirmed"
    ids = [p.id for p in a.proposals]
    assert "mpi_nonblocking_overlap" in ids and "mpi_collective_tuning" not in ids, ids


def test_a_header_whose_names_hold_spaces_is_read_by_position(tmp_path: Path) -> None:
    out = tmp_path / "run.txt"
    out.write_text("rank  cells  body cells  compute(s)  MPI_Allreduce(s)\n"
                   "   0  60000           0       0.001             0.327\n"
                   "   1  60000       39599       0.327             0.000\n")
    got = {(m.name, m.scope.name): m.value for m in load(out).metrics
           if m.scope.kind == ScopeKind.RANK}
    assert got[("busy.time", "1")] == 0.327 and got[("mpi.time", "0")] == 0.327, got


def _affinity(name: str) -> dict[str, float]:
    p = load(D / "hwloc" / name)
    return {m.name: m.value for m in p.metrics if m.name.startswith("affinity.")}


def test_hwloc_ps_thread_bindings_are_placement_not_thread_counts() -> None:
    # hwloc-ps -t of a running 2-thread program (hwloc/make.sh): thread ids are no counts
    spread, one = _affinity("spread.txt"), _affinity("one-cpu.txt")
    assert spread == {"affinity.threads": 2.0, "affinity.cpus": 2.0}, spread
    assert one == {"affinity.threads": 2.0, "affinity.cpus": 1.0}, one
    for name in ("spread.txt", "one-cpu.txt"):
        assert not [m for m in load(D / "hwloc" / name).metrics
                    if m.name == "threads.requested"]


def test_fresh_blocks_above_the_mmap_ceiling_every_step_are_page_faults() -> None:
    a = _analyze("freshbuf-heaptrack")
    top = a.findings[0]
    assert top.id == "sys.tlb_pagefaults", [f.id for f in a.findings]
    ev = top.evidence[0]
    assert ev.source_kind == "instrumentation" and ev.value == 20.0, ev
    assert "freshbuf.c:5" in ev.quote and "32 MiB" in ev.quote


def test_a_mild_slowdown_beside_fork_join_code_stays_the_serial_part(tmp_path: Path) -> None:
    # the rowpar profile (the runtime's fork/join code sampled) beside a sweep only 1.8x slower
    # at 2 threads: a serial part inside a region keeps the other thread at its barrier and a
    # busy machine adds the rest; short regions cost far more (rowpar itself: about 30x)
    sweep = tmp_path / "sweep.txt"
    sweep.write_text("threads=1 columns=20000 wall_s=0.3900 a=0.659975\n"
                     "threads=2 columns=20000 wall_s=0.7100 a=0.659975\n")
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    files = [sweep, D / "rowpar-sweep-perf" / "data" / "perf-report.txt"]
    a = analyze(files, snapshot=hs.platform("rowpar-sweep-perf", D),
                runner=default_runner(tmp_path))
    ids = [f.id for f in a.findings]
    assert ids[0] == "rt.serial_fraction", ids
    region = next(f for f in a.findings if f.id == "rt.region_overhead")
    assert all(e.metric != "scaling.slowdown" for e in region.evidence)


def test_a_site_allocating_and_freeing_a_scratch_block_per_step_is_redundant_work() -> None:
    # heaptrack_print of readers13's steps.c: 20000 temporary blocks at step (steps.c:6)
    from perfscout.pipeline.analyze import analyze

    ht = Path(__file__).parents[1] / "ingest" / "data" / "readers13" / "ht-steps.txt"
    a = analyze([ht])
    top = a.findings[0]
    assert top.id == "app.redundant_work" and top.scope == "step", [f.id for f in a.findings]
    assert top.evidence[0].value == 20000.0 and top.evidence[0].source_kind == "instrumentation"
    assert any(p.scope == "step" for p in a.proposals), a.proposals


def test_traced_time_longer_than_the_run_is_no_share_of_it() -> None:
    # readers13: perf trace -s of a write per record (its times carry the tracer's own cost:
    # 64 ms traced) beside hyperfine's untraced run of 14.8 ms: the calls per second decide
    # (app.io_hotspot), not a file-I/O share of 4336% (sys.io)
    from perfscout.pipeline.analyze import analyze

    d = Path(__file__).parents[1] / "ingest" / "data" / "readers13"
    a = analyze([d / "pt-records.txt", d / "hf-rec.json"])
    ids = [f.id for f in a.findings]
    assert ids[0] == "app.io_hotspot" and "sys.io" not in ids, ids


def test_a_file_reopened_per_write_needs_no_run_time() -> None:
    a = _analyze("steplog-perftrace")
    top = a.findings[0]
    assert top.id == "app.io_hotspot" and top.title.startswith("a file opened"), top
    assert top.evidence[0].value == 5002.0 and top.limits, top
