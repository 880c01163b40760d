"""Rules that judge a quantity wherever it comes from: bandwidth between the far-below and
near-peak thresholds, libc routines whose repeated calls are redundant work, packed divide and
square-root code."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import hot, m, prof, snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.diagnose.rules.application import is_parse, is_sort
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef


def _bw_case(program_mb_s: float) -> list[str]:
    bench = prof("likwid-bench", "bench.txt",
                 m("bench.bandwidth", 10000.0, kind=ScopeKind.REGION, scope="triad"))
    own = prof("program-output", "out.txt", m("mem.bandwidth", program_mb_s, unit="MB/s"))
    d = diagnose([bench, own], snapshot(nodes=1, sockets=1))
    return [f.id for f in d.findings]


def test_bandwidth_between_far_below_and_near_peak_is_bandwidth_dominated() -> None:
    # 55% of the measured ceiling: memory traffic dominates (with a limit stating the headroom)
    bench = prof("likwid-bench", "bench.txt",
                 m("bench.bandwidth", 10000.0, kind=ScopeKind.REGION, scope="triad"))
    own = prof("program-output", "out.txt", m("mem.bandwidth", 5500.0, unit="MB/s"))
    d = diagnose([bench, own], snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "hw.memory_bandwidth" and f.limits  # the headroom is stated
    assert any("55%" in str(e) for e in f.evidence)
    assert f.thresholds["bw.far_below_peak"] == 0.40
    # at the ceiling it is more confident; far below it says nothing about bandwidth
    assert _bw_case(9000.0)[0] == "hw.memory_bandwidth"
    near = diagnose([bench, prof("program-output", "o.txt", m("mem.bandwidth", 9000.0))],
                    snapshot(nodes=1, sockets=1)).findings[0]
    assert near.confidence > f.confidence
    assert "hw.memory_bandwidth" not in _bw_case(3000.0)


D = Path(__file__).parent.parent / "ingest" / "data" / "user_evidence"


def _top(*files: str) -> Finding:
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1))
    return d.findings[0]


def test_getenv_per_element_is_redundant_work() -> None:
    # perf report: getenv 78.51% of the samples (the environment scanned for every element)
    f = _top("perf-report-envloop.txt")
    assert f.id == "app.redundant_work" and f.scope == "getenv"
    assert f.evidence[0].value == 0.7851 and "does not change" in f.evidence[0].quote


def test_memset_hotspot_is_redundant_clearing_and_explains_bandwidth() -> None:
    # __memset_avx512_unaligned_erms 78.85%: clearing memory, whatever bandwidth it reaches
    f = _top("perf-report-clearbuf.txt")
    assert f.id == "app.redundant_work" and "clearing" in f.evidence[0].quote
    assert f.evidence[0].value == 0.7885 and f.status.value == "hypothesis"
    # the program's own timer of its clear phase (clear: 0.186 s of total: 0.194 s) agrees
    both = _top("perf-report-clearbuf.txt", "clearbuf-output.txt")
    assert both.id == "app.redundant_work" and both.status.value == "confirmed"
    phase = [e for e in both.evidence if e.metric == "phase.share"]
    assert phase and round(phase[0].value, 3) == round(0.186 / 0.194, 3)
    bench = prof("likwid-bench", "bench.txt",
                 m("bench.bandwidth", 5000.0, kind=ScopeKind.REGION, scope="copy"))
    own = prof("program-output", "out.txt", m("mem.bandwidth", 5300.0, unit="MB/s"))
    d = diagnose([load(D / "perf-report-clearbuf.txt"), bench, own],
                 snapshot(nodes=1, sockets=1))
    by = {x.id: x for x in d.findings}
    assert d.findings[0].id == "app.redundant_work"
    assert "app.redundant_work" in by["hw.memory_bandwidth"].caused_by


def test_parsing_inside_a_sort_is_redundant_work_and_gprof_agrees() -> None:
    # strtod and its internals: 41.02 + 10.47 + 6.11 + 3.99 + 3.37 + ... while msort runs
    f = _top("perf-report-sortkeys.txt")
    assert f.id == "app.redundant_work" and f.scope == "__GI_____strtod_l_internal"
    assert f.evidence[0].value > 0.6
    both = diagnose([load(D / "perf-report-sortkeys.txt"), load(D / "gprof-sortkeys.txt")],
                    snapshot(nodes=1, sockets=1))
    top = both.findings[0]
    assert top.id == "app.redundant_work"
    # gprof (instrumentation) puts 66.77% in the comparator cmp_text
    assert {e.source_kind for e in top.evidence} == {"sampling", "instrumentation"}
    # parsing without any sort is input parsing, not redundancy
    lone = prof("perf-report", "r.txt", hotspots=(hot("__GI_____strtod_l_internal", 0.6, 9),
                                                  hot("main", 0.3, 10)))
    assert "app.redundant_work" not in [x.id for x in diagnose(
        [lone], snapshot(nodes=1, sockets=1)).findings]


def test_routine_classes() -> None:
    assert is_parse("str_to_mpn.part.0.constprop.0") and is_parse("__mpn_lshift")
    assert is_parse("atof") and not is_parse("parse_line") and not is_parse("main")
    assert is_sort("msort_with_tmp.part.0") and is_sort("cmp_text") and is_sort("qsort_r")
    assert not is_sort("compare_and_swap") and not is_sort("main")


def test_printed_broadcast_counts_and_comm_time_are_small_messages() -> None:
    # rank=0 broadcasts=20000 bytes_per_msg=512 comm=0.067 s total=0.068 s
    p = load(D / "bcast-rows.txt")
    got = {(x.name, x.scope.name): x.value for x in p.metrics}
    assert got[("mpi.msg_count", "0")] == 20000 and got[("mpi.msg_size_mean", "1")] == 512
    assert got[("mpi.time", "0")] == 0.067 and got[("time.elapsed", "1")] == 0.068
    assert _top("bcast-rows.txt").id == "alg.small_messages"


def test_two_printouts_at_two_sizes_are_a_size_sweep() -> None:
    # items=8000 time=0.0175 s; items=16000 time=0.0820 s: exponent log2(4.69) = 2.23
    f = _top("pairs-8000.txt", "pairs-16000.txt")
    assert f.id == "alg.complexity" and "size^2.23" in f.evidence[0].quote and f.limits
    # one printout alone is no sweep
    assert "alg.complexity" not in [x.id for x in diagnose(
        [load(D / "pairs-8000.txt")], snapshot(nodes=1, sockets=1)).findings]


def test_packed_divide_and_sqrt_in_the_hot_function_is_compute_bound_confirmed() -> None:
    # objdump of main: 2 of its 5 FP instructions are vsqrtpd/vdivpd, all packed (256-bit);
    # perf annotate -l: main holds all 259 samples, sqrtdiv.c:14 100%
    f = _top("objdump-main-only.txt", "perf-annotate-sqrtdiv-head.txt")
    assert f.id == "hw.compute_bound" and f.status.value == "confirmed"
    assert f.evidence[0].value == 0.4 and f.scope == "main"
    assert {e.source_kind for e in f.evidence} == {"compiler", "sampling"}
    # the disassembly alone: a hypothesis (one family)
    alone = _top("gdb-disassemble-main.txt")
    assert alone.id == "hw.compute_bound" and alone.status.value == "hypothesis"
    # scalar divides are not this finding: vectorizing them still pays
    objd = load(D / "objdump-intdiv.txt")
    assert "insn.div_sqrt" not in {x.name for x in objd.metrics}


def test_array_temporaries_at_a_call_are_redundant_copies_confirmed_by_the_caller_share() -> None:
    # gfortran: temporaries at src/rowsmooth.f90:14 (call smooth); perf: MAIN__ 49.49% (the
    # copies) against smooth_ 43.69% (the work)
    f = _top("gfortran-array-temporaries.txt", "perf-report-rowsmooth.txt")
    assert f.id == "app.redundant_work" and f.status.value == "confirmed"
    assert f.scope == "src/rowsmooth.f90:14"
    assert [e.value for e in f.evidence] == [2.0, 0.4949]
    # the warnings alone: a hypothesis
    alone = _top("gfortran-array-temporaries.txt")
    assert alone.id == "app.redundant_work" and alone.status.value == "hypothesis"


def _printout(path: str, threads: float, wall: float, *extra: Metric) -> Profile:
    run = dict(kind=ScopeKind.RUN, scope="run 1")
    return prof("program-output", path, m("threads.requested", threads, line=2, **run),
                m("time.elapsed", wall, line=3, unit="s", **run), *extra)


def test_printouts_that_state_their_threads_make_a_sweep_that_confirms_affinity() -> None:
    # "threads: 1 / wall: 1.003 s" and "threads: 2 / wall: 0.894 s" with both threads'
    # OMP_DISPLAY_AFFINITY on CPU 0: a 1.12x speedup, about the one CPU allowed
    one = _printout("run-1.txt", 1, 1.003)
    two = _printout("run-2.txt", 2, 0.894)
    two = replace(two, metrics=(*two.metrics,
                                Metric("affinity.threads", 2.0, "count", Scope(), SourceRef(
                                    "run-2.txt", 1), family="runtime_report"),
                                Metric("affinity.cpus", 1.0, "count", Scope(), SourceRef(
                                    "run-2.txt", 1), family="runtime_report")))
    d = diagnose([one, two], snapshot(nodes=1, sockets=1, cores_per_socket=2))
    f = d.findings[0]
    assert f.id == "rt.affinity" and f.status.value == "confirmed"
    assert any(e.metric == "scaling.speedup" and round(e.value, 2) == 1.12 for e in f.evidence)


def test_a_sweep_that_stops_at_the_bandwidth_ceiling_is_not_a_serial_fraction() -> None:
    # 1 thread 0.488 s at 10.82 GB/s, 2 threads 0.760 s; likwid-bench's slowest run 11.2 GB/s
    bw = m("mem.bandwidth", 10820.0, unit="MB/s", kind=ScopeKind.RUN, scope="run 1")
    bench = prof("likwid-bench", "b.txt",
                 m("bench.bandwidth", 20233.0, kind=ScopeKind.RUN, scope="run 1"),
                 m("bench.bandwidth", 11223.0, kind=ScopeKind.RUN, scope="run 2"))
    pts = [_printout("o1.txt", 1, 0.488, bw), _printout("o2.txt", 2, 0.760)]
    snap = snapshot(nodes=1, sockets=1, cores_per_socket=2)
    ids = [f.id for f in diagnose([*pts, bench], snap).findings]
    assert ids[0] == "hw.memory_bandwidth" and "rt.serial_fraction" not in ids
    # without the ceiling the same flat sweep is a serial fraction
    assert "rt.serial_fraction" in [f.id for f in diagnose(pts, snap).findings]


def test_sampled_time_in_the_page_fault_path_confirms_page_faults() -> None:
    # perf stat: 262200 page faults, sys 0.476 s vs user 0.016 s (os accounting); perf report
    # of the same program: exc_page_fault 28.85%, clear_page_erms 9.91%, memcg1_commit_charge
    # 7.71%, __pte_offset_map_lock 5.07%, do_anonymous_page 1.76%, unmap_page_range 1.76%...
    f = next(x for x in diagnose(
        [derive(load(D / f)) for f in ("perf-stat-madvise.txt", "perf-report-dropbuf.txt")],
        snapshot(nodes=1, sockets=1)).findings if x.id == "sys.tlb_pagefaults")
    sampled = [e for e in f.evidence if e.source_kind == "sampling"]
    assert sampled and sampled[0].value >= 0.2885 + 0.0991 + 0.0771 + 0.0507
    assert "exc_page_fault" in sampled[0].quote and f.status.value == "confirmed"


def test_sampled_critical_sections_slower_with_threads_are_contention() -> None:
    # threads=1 ... time=0.054 s; threads=2 ... time=0.086 s (slower: the threads take turns);
    # perf report: GOMP_critical_start 40.91% + GOMP_critical_end 38.64%, and the unnamed
    # addresses of the same libgomp.so.1.0.0 5.68 + 3.41 + 2.27 + 1.14 = 92.05%. An Amdahl
    # serial part caps the speedup at 1x; 1.59x slower is the lock handed between the cores
    # (this case was read as rt.serial_fraction until heldout12 showed the slowdown's reading)
    files = ("critacc-1.txt", "critacc-2.txt", "perf-report-critacc.txt")
    d = diagnose([derive(load(D / f)) for f in files],
                 snapshot(nodes=1, sockets=1, cores_per_socket=2))
    f = d.findings[0]
    assert f.id == "rt.sync_contention" and f.status.value == "confirmed"
    assert "rt.serial_fraction" not in [x.id for x in d.findings]
    held = [e for e in f.evidence if e.source_kind == "sampling"]
    assert held and round(held[0].value, 4) == 0.9205
    slower = [e for e in f.evidence if e.metric == "scaling.slowdown"]
    assert slower and slower[0].source_kind == "program" and round(slower[0].value, 2) == 1.59


def test_traced_per_event_file_calls_confirm_an_io_hotspot() -> None:
    # strace -c: write 50001 + openat 50002 + close 50002 + newfstatat 50003 + lseek 50000
    # + read 1 + pread64 2 in a 0.117 s run (printout): one open and close per write
    files = ("openper-output.txt", "strace-openper.txt", "perf-report-openper.txt")
    f = next(x for x in diagnose([derive(load(D / f)) for f in files],
                                 snapshot(nodes=1, sockets=1)).findings
             if x.id == "app.io_hotspot")
    # the file is opened and closed per event: the open calls are the evidence, named as such
    traced = [e for e in f.evidence if e.metric == "syscall.calls"]
    assert traced and traced[0].value == 50002 and f.status.value == "confirmed"
    assert f.title.startswith("a file opened, written and closed per line")


def test_the_line_that_makes_the_repeated_call_is_named_from_callgrind_line_data() -> None:
    # callgrind_annotate: line 9 "const char *f = getenv(...)" then
    # "56,400,000 (93.80%)  => ./stdlib/./stdlib/getenv.c:getenv (200,000x)"
    p = load(D / "callgrind-annotate-envloop.txt")
    sites = {(m.name, m.scope.name, m.scope.parent): m.value for m in p.metrics
             if m.scope.kind == ScopeKind.CALLSITE}
    assert sites[("callsite.cost", "src/envloop.c:9", "getenv")] == 56_400_000
    assert sites[("callsite.calls", "src/envloop.c:9", "getenv")] == 200_000
    f = _top("perf-report-envloop.txt", "callgrind-annotate-envloop.txt")
    assert f.id == "app.redundant_work" and f.scope == "getenv at src/envloop.c:9"
    assert f.status.value == "confirmed"
    # a sampling profile alone has no line-level call data: no line is named
    assert _top("perf-report-envloop.txt").scope == "getenv"


def test_a_rescanning_string_routine_confirms_super_linear_growth() -> None:
    # items=40000 0.0616 s, 80000 0.1738 s, 160000 0.5733 s (exponent ~1.6); perf report of
    # the largest: __strlen_evex 99.29% (gcc turns strcat into strlen + copy)
    files = ("strgrow-40000.txt", "strgrow-80000.txt", "strgrow-160000.txt",
             "perf-report-strgrow.txt")
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "alg.complexity" and f.status.value == "confirmed"
    assert [round(e.value, 4) for e in f.evidence if e.source_kind == "sampling"] == [0.9929]


def test_a_perf_report_by_srcline_confirms_divider_bound_code_and_names_its_line() -> None:
    # objdump main: 2 of 5 FP instructions divide/sqrt; perf report --sort sym,srcline:
    # "main  sqrtdiv.c:14" 99.62%
    from perfscout.pipeline.analyze import analyze

    a = analyze([D / "objdump-main-only.txt", D / "perf-report-srcline-sqrtdiv.txt"])
    assert a.findings[0].id == "hw.compute_bound" and a.findings[0].status.value == "confirmed"
    assert [(p.id, p.scope) for p in a.proposals if p.id == "loop_unroll"] == [
        ("loop_unroll", "sqrtdiv.c:14")]
