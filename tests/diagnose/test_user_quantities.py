"""Rules on the quantities of real-tool fixtures (tests/ingest/data/user_evidence/make.sh):
per-thread busy tables, size tables, cachegrind branch simulation, integer division in the hot
function, hybrid ranks x threads."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import m, prof, snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.metrics import ScopeKind

RUN = ScopeKind.RUN
D = Path(__file__).parent.parent / "ingest" / "data" / "user_evidence"


def _ids(*files: str, snap=None) -> list[str]:  # type: ignore[no-untyped-def]
    d = diagnose([derive(load(D / f)) for f in files], snap or snapshot(nodes=1, sockets=1))
    return [f.id for f in d.findings]


def test_per_thread_busy_table_is_thread_imbalance() -> None:
    # thread 0 busy 0.053 s, thread 1 0.076 s: max/mean 1.18 >= imbalance.max_over_mean
    assert _ids("thread-busy.txt")[0] == "rt.omp_imbalance"


def test_size_table_growing_quadratically_is_complexity() -> None:
    # 0.0023 / 0.0103 / 0.0457 / 0.2340 s for 4k..32k items: exponent about 2.2
    assert "alg.complexity" in _ids("size-sweep.txt")


def test_simulated_branch_mispredictions_are_bad_speculation() -> None:
    assert _ids("cachegrind-branch.log")[0] == "hw.bad_speculation"  # 22.2% mispredicted


def test_integer_division_in_the_hot_function_is_compute_not_vectorization() -> None:
    HOT = m("samples", 230.0, scope="modsum", kind=ScopeKind.FUNCTION, line=6)
    ann = prof("perf-annotate", "ann.txt", HOT)
    objd = load(D / "objdump-intdiv.txt")
    d = diagnose([objd, ann], snapshot(nodes=1, sockets=1))
    ids = [f.id for f in d.findings]
    assert ids[0] == "hw.compute_bound" and "hw.vectorization" not in ids
    # a sampled hot function that is floating point is left to the FP rules
    fp = prof("perf-annotate", "ann.txt", HOT,
              m("insn.fp_total", 200.0), m("insn.scalar", 200.0))
    assert "hw.compute_bound" not in [f.id for f in diagnose([objd, fp], snapshot(
        nodes=1, sockets=1)).findings]


def test_hybrid_ranks_times_threads_oversubscribe_and_the_sweep_confirms() -> None:
    # 2 ranks listed by the runtime, 2 threads each, on 2 CPUs; the printed sweep ran 2x1
    # in 0.22 s and 2x2 in 12 s
    out = prof("program-output", "out.txt", m("ranks.count", 2.0, line=3),
               m("threads.requested", 2.0, line=4))
    out = replace(out, metrics=tuple(
        replace(x, family="runtime_report") if x.name == "ranks.count" else x
        for x in out.metrics))
    sweep = prof("program-output", "sweep.txt",
                 m("scaling.ranks", 2.0, scope="ranks=2 threads=1", kind=RUN, line=2),
                 m("scaling.threads", 1.0, scope="ranks=2 threads=1", kind=RUN, line=2),
                 m("time.elapsed", 0.219, scope="ranks=2 threads=1", kind=RUN, line=2),
                 m("scaling.ranks", 2.0, scope="ranks=2 threads=2", kind=RUN, line=3),
                 m("scaling.threads", 2.0, scope="ranks=2 threads=2", kind=RUN, line=3),
                 m("time.elapsed", 12.0, scope="ranks=2 threads=2", kind=RUN, line=3))
    d = diagnose([out, sweep], snapshot(nodes=1, sockets=1, cores_per_socket=2))
    f = d.findings[0]
    assert f.id == "sys.oversubscription" and f.status.value == "confirmed"
    assert "4 threads/ranks on 2 CPUs" in f.evidence[0].quote
    assert "rt.serial_fraction" not in [x.id for x in d.findings]  # 4 workers > 2 CPUs


def test_stat_per_record_is_redundant_work_confirmed_by_system_time() -> None:
    # strace -c: 100003 newfstatat + 1 access for 2 openat, 99.98% of the traced time;
    # time -v of the
    # same program: system 0.75 s > user 0.07 s
    d = diagnose([derive(load(D / f)) for f in ("strace-stat.txt", "time-v-stat.txt")],
                 snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "app.redundant_work" and f.scope == "newfstatat"
    assert f.evidence[0].value == 100004 and f.status.value == "confirmed"
    # ordinary start-up calls (ls: a few stat calls per file opened) are not redundant work
    assert "app.redundant_work" not in _ids("strace-fc.txt", "strace-c.txt")


def test_libm_aliases_summed_make_a_pure_routine_redundant_work() -> None:
    # perf report: __ieee754_exp_fma 47.31% + exp@@GLIBC_2.29 9.68% = 56.99% in exp
    d = diagnose([derive(load(D / "perf-report-exp.txt"))], snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "app.redundant_work")
    assert f.scope == "__ieee754_exp_fma" and abs(f.evidence[0].value - 0.5699) < 1e-6


def test_libm_names_map_to_their_routine_and_nothing_else() -> None:
    from perfscout.model.symbols import libm_routine as _libm

    assert [_libm(n) for n in ("__ieee754_exp_fma", "exp@@GLIBC_2.29", "exp@plt", "sinf",
                               "__log_finite", "cosh")] == ["exp", "exp", "exp", "sin", "log",
                                                            "cosh"]
    assert [_libm(n) for n in ("expand", "main", "explore", "logistic", "_init")] == [None] * 5


def test_madvise_churn_confirms_page_faults() -> None:
    # perf stat: 262200 page faults, 0.476 s sys vs 0.016 s user; strace -c: 16 madvise at
    # 1756 us each (MADV_DONTNEED hands the touched pages back)
    d = diagnose([derive(load(D / f)) for f in ("perf-stat-madvise.txt", "strace-madvise.txt")],
                 snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "sys.tlb_pagefaults")
    churn = [e for e in f.evidence if e.metric == "syscall.calls"]
    assert churn and churn[0].value == 16 and "madvise calls at 1.8 ms" in churn[0].quote
    assert f.status.value == "confirmed"


def test_traced_file_io_confirms_waiting_on_the_file_system() -> None:
    # time -v: elapsed 0.17 s, CPU 0.06 s, 524288 x 512 B written; strace -c: write 73.52% +
    # fsync 15.73% of the traced system time
    d = diagnose([derive(load(D / f)) for f in ("time-v-sync.txt", "strace-sync.txt")],
                 snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "sys.io")
    share = next(e for e in f.evidence if e.metric == "syscall.file_io_share")
    assert abs(share.value - 0.8925) < 0.001 and f.status.value == "confirmed"
    written = next(e for e in f.evidence if e.metric == "io.write_bytes")
    assert written.value == 524288 * 512


def test_long_double_libm_time_confirms_x87_code() -> None:
    # objdump of main: 19 of 19 FP instructions x87; perf report: expl/logl variants
    # 51.20 + 28.52 + 6.87 + 2.41 = 89.00% of the samples
    d = diagnose([derive(load(D / f)) for f in ("objdump-ld.txt", "perf-report-ld.txt")],
                 snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "app.precision" and f.status.value == "confirmed"
    sampled = next(e for e in f.evidence if e.source_kind == "sampling")
    assert abs(sampled.value - 0.89) < 1e-6
    # a double-precision libm profile (exp, not expl) is no long double evidence
    assert "app.precision" not in _ids("perf-report-exp.txt")


def test_sampled_per_rank_compute_confirms_load_imbalance() -> None:
    # the program's per-rank compute/MPI times (rank 1 computes twice rank 0) and a perf
    # report by pid of the same 2-rank program: 31.97% vs 15.61% of the samples computing
    out = prof("program-output", "mpi-out.txt",
               m("busy.time", 0.085, kind=ScopeKind.RANK, scope="1", line=1),
               m("mpi.time", 0.0, kind=ScopeKind.RANK, scope="1", line=1),
               m("busy.time", 0.042, kind=ScopeKind.RANK, scope="0", line=2),
               m("mpi.time", 0.043, kind=ScopeKind.RANK, scope="0", line=2))
    d = diagnose([derive(out), derive(load(D / "perf-report-pid.txt"))],
                 snapshot(nodes=1, sockets=1, cores_per_socket=2))
    f = next(f for f in d.findings if f.id == "alg.load_imbalance")
    sampled = [e for e in f.evidence if e.source_kind == "sampling"]
    assert sampled and abs(sampled[0].value - 0.3197 / ((0.3197 + 0.1561) / 2)) < 1e-6
    assert f.status.value == "confirmed"


def test_soft_float_routines_confirm_float128_precision() -> None:
    # src/quadpoly.c (__float128 Horner): objdump of horner.constprop.0 calls __extenddftf2 x2,
    # __floatditf x2, __divtf3, __multf3, __addtf3 x2, __trunctfdf2 = 9 soft-float calls;
    # perf report: __multf3 37.98 + __addtf3 34.88 + __extenddftf2 13.95 + __divtf3 6.98
    # + __floatditf 1.55 = 95.34% of the samples (__sfp_handle_exceptions is not arithmetic)
    files = ("objdump-softfloat.txt", "perf-report-softfloat.txt")
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "app.precision" and f.status.value == "confirmed"
    share = next(e for e in f.evidence if e.metric == "precision.softfloat_share")
    assert abs(share.value - 0.9534) < 1e-6 and share.source_kind == "sampling"
    calls = next(e for e in f.evidence if e.metric == "insn.softfloat_calls")
    assert calls.value == 9 and calls.source_kind == "compiler"
    # the flat profile gives the caller its self time only (2.33%): the finding is the run's,
    # not horner's, so a change aimed at it is not refused as a 2% function
    assert f.scope == ""
    # the scalar-looking code around the calls is not called a vectorization problem
    assert "hw.vectorization" not in [x.id for x in d.findings]
    # a double-precision profile (exp, no soft-float routine) is no such evidence
    assert "app.precision" not in _ids("perf-report-exp.txt")


def test_measured_growth_explains_the_scalar_hot_loop() -> None:
    # src/cumdev.c: 0.0240 / 0.0962 / 0.3859 s at 10k/20k/40k samples (exponent 2.00); perf
    # annotate of prefix_dev: mulsd 25.13 + addsd 0.25 (+ movsd), no packed instruction, so
    # the loop is scalar; the loop is scalar *and* runs n^2/2 times: the growth is the root
    files = ("cumdev-sweep.txt", "perf-annotate-cumdev.txt")
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1))
    ids = [f.id for f in d.findings]
    assert ids[0] == "alg.complexity"
    growth = d.findings[0].evidence[0]
    assert growth.quote.startswith("time ~ size^2.00")
    vec = next(f for f in d.findings if f.id == "hw.vectorization")
    assert vec.caused_by == ("alg.complexity",) and not vec.root_cause
    # without the sweep the same loop is a vectorization root cause
    alone = diagnose([derive(load(D / files[1]))], snapshot(nodes=1, sockets=1))
    assert alone.findings[0].id == "hw.vectorization" and alone.findings[0].root_cause


def test_ordered_hand_off_in_an_unsymbolized_libgomp_is_the_serial_part() -> None:
    # src/ordsum.c (omp ordered around the whole body, schedule(static,1)): 1 thread 0.0005 s,
    # 2 threads 37.97 s; perf report: GOMP_loop_ordered_static_next 0.04% and 0x... addresses
    # of the same libgomp.so.1.0.0 75.86 + 11.57 + 8.71 + 2.08 + 0.77 + 0.22 + 0.15 + 0.07
    # + 0.03 + 0.03 + 0.02 + 0.02 = 99.53%: 99.57% of the run in the runtime's ordered hand-off
    files = ("perf-report-ordsum.txt", "ordsum-1thread.txt", "ordsum-2threads.txt")
    d = diagnose([derive(load(D / f)) for f in files],
                 snapshot(nodes=1, sockets=1, cores_per_socket=2))
    f = d.findings[0]
    assert f.id == "rt.serial_fraction" and f.status.value == "confirmed"
    held = next(e for e in f.evidence if e.metric == "omp.serialized_share")
    assert abs(held.value - 0.9957) < 1e-6 and held.source_kind == "sampling"
    # the sweep alone says serial, not why: no serialized share without the profile
    alone = diagnose([derive(load(D / f)) for f in files[1:]],
                     snapshot(nodes=1, sockets=1, cores_per_socket=2))
    assert all(e.metric != "omp.serialized_share" for e in alone.findings[0].evidence)


def test_an_lseek_per_read_counts_with_the_read() -> None:
    # src/seekrec.c: strace -c read 50001 + lseek 50000 + write 2 of 100040 calls (99.96%);
    # read alone is 49.98%, under io.rw_syscall_share; time -v: the run 0:00.01
    files = ("strace-seekrec.txt", "time-v-seekrec.txt")
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "app.io_hotspot")
    calls = next(e for e in f.evidence if e.metric == "syscall.calls")
    assert calls.value == 50001 and "100% of all system calls" in calls.quote


def test_popcount_through_libgcc_is_compute_for_an_isa_flag() -> None:
    # src/bitcount.c built with plain -O2: objdump of histogram holds one call of
    # __popcountdi2; perf report: __popcountdi2 54.35%, histogram 45.65%
    files = ("objdump-bitcount.txt", "perf-report-bitcount.txt")
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "hw.compute_bound" and f.status.value == "confirmed"
    assert f.scope == "histogram"
    share = next(e for e in f.evidence if e.metric == "isa.emulated_share")
    assert abs(share.value - 0.5435) < 1e-6 and share.source_kind == "sampling"
    calls = next(e for e in f.evidence if e.metric == "insn.isa_emulated_calls")
    assert calls.value == 1 and calls.source_kind == "compiler"
    assert "hw.vectorization" not in [x.id for x in d.findings]


def test_a_pattern_compiled_per_record_is_redundant_work() -> None:
    # src/rematch.c (regcomp + regfree per identifier): perf report's regcomp.c internals
    # parse_expression 12.24 + re_compile_internal 11.22 + re_compile_fastmap_iter 10.20
    # + create_token_tree 3.06 + calc_eclosure_iter 2.04 = 38.76% (regex_internal.c's
    # re_acquire_state_context and register_state serve regexec too: not counted)
    d = diagnose([derive(load(D / "perf-report-rematch.txt"))], snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "app.redundant_work"
    share = f.evidence[0]
    assert abs(share.value - 0.3876) < 1e-6 and share.quote.startswith("regcomp (")


def test_simulated_instructions_at_two_sizes_show_the_growth() -> None:
    # callgrind of src/cumdev.c at 1500 and 3000 samples ("Profiled target: .../cd 1500"):
    # 6,928,281 and 27,223,285 instructions: exponent log2(3.929) = 1.97
    files = ("callgrind-cumdev-1500.txt", "callgrind-cumdev-3000.txt")
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "alg.complexity")
    assert f.evidence[0].quote.startswith("instructions ~ size^1.97 over 2 sizes")
    assert f.evidence[0].value == 27223285
    # one size alone decides nothing
    one = diagnose([derive(load(D / files[0]))], snapshot(nodes=1, sockets=1))
    assert "alg.complexity" not in [x.id for x in one.findings]


def test_one_sided_get_per_value_is_small_messages_by_its_cost_per_message() -> None:
    # src/rmaget.c: rank 0 gets=50000 halo=0.8702 s total=0.8702 s, no size printed: 17.4 us
    # per message is latency; perf report of rank 0: Open MPI's progress engine and transports
    p = load(D / "rmaget-output.txt")
    got = {(x.name, x.scope.name): x.value for x in p.metrics}
    assert got[("mpi.msg_count", "0")] == 50000 and got[("mpi.time", "0")] == 0.8702
    d = diagnose([derive(p), derive(load(D / "perf-report-rmaget.txt"))],
                 snapshot(nodes=1, sockets=1, cores_per_socket=2))
    f = d.findings[0]
    assert f.id == "alg.small_messages" and f.status.value == "confirmed"
    per = next(e for e in f.evidence if e.metric == "mpi.latency")
    assert abs(per.value - 0.8702 / 50000 * 1e6) < 1e-6 and per.source_kind == "program"
    assert any(e.source_kind == "sampling" and e.metric == "mpi.time_share" and e.value > 0.5
               for e in f.evidence)
    # the printout alone is small messages, a hypothesis
    alone = diagnose([derive(p)], snapshot(nodes=1, sockets=1, cores_per_socket=2)).findings[0]
    assert alone.id == "alg.small_messages" and alone.status.value == "hypothesis"


def test_a_message_that_costs_more_than_its_latency_is_not_called_small() -> None:
    # the same printout with each get costing 100 us: the count alone says nothing of size
    p = load(D / "rmaget-output.txt")
    slow = replace(p, metrics=tuple(replace(x, value=5.0) if x.name == "mpi.time" else x
                                    for x in p.metrics))
    ids = [f.id for f in diagnose([derive(slow)], snapshot(nodes=1, sockets=1)).findings]
    assert "alg.small_messages" not in ids


def test_fixed_queries_against_a_growing_table_scan_is_complexity() -> None:
    # src/scanfind.c: 20000 queries against tables of 1000..8000 by a linear scan:
    # 0.0101 / 0.0228 / 0.0530 / 0.1012 s, the time of one query ~ table^1.1
    p = load(D / "scanfind-scan.txt")
    sizes = [x.value for x in p.metrics if x.name == "scaling.size"]
    ops = {x.value for x in p.metrics if x.name == "scaling.ops"}
    assert sizes == [1000, 2000, 4000, 8000] and ops == {20000}
    f = next(f for f in diagnose([derive(p)], snapshot(nodes=1, sockets=1)).findings
             if f.id == "alg.complexity")
    assert "time per operation ~ size^1.1" in f.evidence[0].quote


def test_fixed_queries_by_binary_search_are_no_complexity() -> None:
    # the same program with bsearch, tables of 1e3..1e6: 0.0234 .. 0.1087 s, exponent 0.22:
    # the time of one query grows like a logarithm, below complexity.per_op_exponent
    assert "alg.complexity" not in _ids("scanfind-bsearch.txt")


def _top_ids(*files: str) -> list[str]:
    return _ids(*files, snap=snapshot(nodes=1, sockets=1, cores_per_socket=2))


def test_threads_each_sweeping_the_whole_array_are_redundant_work_not_serial() -> None:
    # src/allthreads.c dup: 1 thread 1.623 s; 2 threads busy 3.125 / 3.149 s of a 3.172 s
    # run: every thread busy 99%, the least busy 1.93x the whole one-thread run
    ids = _top_ids("allthreads-dup-1.txt", "allthreads-dup-2.txt")
    assert ids[0] == "app.redundant_work" and "rt.serial_fraction" not in ids
    d = diagnose([derive(load(D / f)) for f in ("allthreads-dup-1.txt", "allthreads-dup-2.txt")],
                 snapshot(nodes=1, sockets=1, cores_per_socket=2))
    slow = next(e for e in d.findings[0].evidence if e.metric == "threads.slowdown")
    assert abs(slow.value - 3.125 / 1.623) < 1e-9


def test_the_same_sweep_shared_out_is_not_redundant_work() -> None:
    # allthreads.c for: 1 thread 1.651 s; 2 threads busy 1.828 / 1.829 s: 1.11x, below
    # redundant.thread_slowdown (memory-bound sharing gains little, but repeats nothing)
    assert "app.redundant_work" not in _top_ids("allthreads-for-1.txt", "allthreads-for-2.txt")


def test_unequal_sections_are_thread_imbalance_not_a_serial_fraction() -> None:
    # section heavy busy=0.483 s, light 0.049 s at 2 threads (max/mean 1.82); at 1 thread the
    # two sections ran one after the other on one thread, which is no imbalance
    ids = _top_ids("sections-1thread.txt", "sections-2threads.txt")
    assert ids[0] == "rt.omp_imbalance" and "rt.serial_fraction" not in ids
    assert "rt.omp_imbalance" not in _top_ids("sections-1thread.txt")
    p = load(D / "sections-2threads.txt")
    assert {(x.scope.kind, x.scope.name, x.value) for x in p.metrics if x.name == "busy.time"} \
        == {(ScopeKind.THREAD, "section heavy", 0.483), (ScopeKind.THREAD, "section light", 0.049)}


def test_own_jobs_started_together_beyond_the_cpus_are_oversubscription() -> None:
    # src/spin.c: alone wall=0.447 s cpu=0.194 s (43% of a CPU); four jobs by xargs -P 4 on 2
    # CPUs: 0.197/2.080 .. 0.198/2.120 (9-10%); their /usr/bin/time -v reports say 9% each
    two = snapshot(nodes=1, sockets=1, cores_per_socket=2)
    files = ("spin-alone.txt", "spin-xargs-p4.txt", "spin-time-v-p4.txt")
    d = diagnose([derive(load(D / f)) for f in files], two)
    f = d.findings[0]
    assert f.id == "sys.oversubscription" and f.status.value == "confirmed"
    shares = {e.source_kind: e.value for e in f.evidence if e.metric == "cpu.share"}
    assert abs(shares["os_accounting"] - 0.09) < 1e-9
    assert "4 runs printed together on 2 CPUs" in f.evidence[0].quote


def test_the_same_jobs_one_after_the_other_are_not_oversubscription() -> None:
    # spin.c four times in a row: each gets about the lone run's share of a CPU
    ids = _ids("spin-alone.txt", "spin-sequential.txt",
               snap=snapshot(nodes=1, sockets=1, cores_per_socket=2))
    assert "sys.oversubscription" not in ids


def test_own_jobs_get_no_thread_count_proposal(tmp_path: Path) -> None:
    # the jobs are one-thread processes: how many run at once is the launcher's (xargs -P),
    # a thread count proposal is rejected (advise/guards.py threads_vs_cpus)
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    a = analyze([D / f for f in ("spin-alone.txt", "spin-xargs-p4.txt", "spin-time-v-p4.txt")],
                snapshot=snapshot(nodes=1, sockets=1, cores_per_socket=2),
                runner=default_runner(tmp_path))
    assert a.findings[0].id == "sys.oversubscription"
    assert "thread_count" not in [p.id for p in a.proposals]
    assert "thread_count" in [r.proposal.id if hasattr(r, "proposal") else r.id
                              for r in a.rejected]


def test_a_memmove_per_pop_confirms_the_measured_growth() -> None:
    # src/shiftq.c: items 20000..160000 take 0.0142 .. 2.3950 s (size^2.5); perf report of the
    # largest: 99.38% in __memmove_avx512_unaligned_erms, which moves the whole array per pop
    d = diagnose([derive(load(D / f)) for f in ("shiftq-sweep.txt", "perf-report-shiftq.txt")],
                 snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "alg.complexity")
    moved = [e for e in f.evidence if e.source_kind == "sampling"]
    assert moved and abs(moved[0].value - 0.9938) < 1e-9 and "whole buffer" in moved[0].quote
    assert f.status.value == "confirmed"


def test_threads_per_rank_bound_to_one_core_confirm_affinity() -> None:
    # src/hybridsum.c under mpirun --bind-to core: threads_per_rank=1 wall=0.343 s, then
    # threads_per_rank=2 wall=0.423 s with both threads at affinity 0: no speedup from the
    # second thread (program) where the runtime says both may run on one CPU
    p = load(D / "hybrid-2threads.txt")
    assert [x.value for x in p.metrics if x.name == "threads.requested"] == [2]
    ids = diagnose([derive(load(D / f)) for f in ("hybrid-1thread.txt", "hybrid-2threads.txt")],
                   snapshot(nodes=1, sockets=1, cores_per_socket=2)).findings
    f = ids[0]
    assert f.id == "rt.affinity" and f.status.value == "confirmed"
    assert any(e.source_kind == "program" and e.metric == "scaling.speedup" for e in f.evidence)


def test_the_programs_output_timer_is_io_share() -> None:
    # src/gridsave.c: n=300 solve=0.0011 s output=0.2374 s: 99.5% of the timed run in fprintf
    p = load(D / "gridsave-output.txt")
    assert [(x.name, x.value) for x in p.metrics if x.name == "io.time"] == [("io.time", 0.2374)]
    d = diagnose([derive(p)], snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "app.io_hotspot"
    assert abs(f.evidence[0].value - 0.2374 / (0.2374 + 0.0011)) < 1e-9
    # a write time printed alone says nothing of the rest of the run
    assert "app.io_hotspot" not in _ids("fmtdump-big-output.txt")


def test_a_lone_jobs_own_cpu_share_confirms_the_scheduler_noise() -> None:
    # src/spin.c at nice 19 on the busy machine: wall=0.531 s cpu=0.198 s (37% of a CPU);
    # /usr/bin/time -v: 89 involuntary switches in 0.19 CPU-s (468/s): with a lower
    # noise.ctx_per_cpu_s the switches make the finding, and the program's timers confirm it
    files = ("spin-niced.txt", "spin-niced-time-v.txt")
    d = diagnose([derive(load(D / f)) for f in files], snapshot(nodes=1, sockets=1),
                 thresholds={"noise.ctx_per_cpu_s": 400.0})
    f = next(f for f in d.findings if f.id == "sys.os_noise")
    own = [e for e in f.evidence if e.metric == "cpu.share"]
    assert own and own[0].source_kind == "program" and abs(own[0].value - 0.198 / 0.531) < 1e-9
    assert f.status.value == "confirmed"


def test_threads_all_busy_without_a_slowdown_keep_the_serial_fraction() -> None:
    # allthreads.c for: both threads busy 99% of the run at 1.11x the one-thread time: the
    # timers may include a serial part inside the region, so the Amdahl fit still decides;
    # dup (1.93x) is redundant work and no serial part
    from perfscout.diagnose.engine import Context
    from perfscout.diagnose.rules.runtime import _threads_timed_otherwise
    from perfscout.diagnose.thresholds import DEFAULTS

    def ctx(*files: str) -> Context:
        return Context(tuple(derive(load(D / f)) for f in files),
                       snapshot(nodes=1, sockets=1, cores_per_socket=2),
                       {k: t.value for k, t in DEFAULTS.items()})

    assert not _threads_timed_otherwise(ctx("allthreads-for-1.txt", "allthreads-for-2.txt"))
    assert _threads_timed_otherwise(ctx("allthreads-dup-1.txt", "allthreads-dup-2.txt"))
