"""The adapters for the evidence users actually have, on real-tool fixtures made here
(tests/ingest/data/user_evidence/make.sh); each value was read off the file by hand."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile, ScopeKind

D = Path(__file__).parent / "data" / "user_evidence"


def _val(p: Profile, name: str, scope: str = "") -> float:
    hits = [m.value for m in p.metrics if m.name == name and (not scope or m.scope.name == scope)]
    assert hits, (name, scope)
    return hits[0]


def test_program_printout_key_value_units_and_repeated_runs() -> None:
    p = load(D / "program-report.txt")
    assert p.format == "program-output"
    # "run=1 time=35.182 ms bandwidth=1.36 GB/s" is the second run
    assert abs(_val(p, "time.elapsed", "run 2") - 0.035182) < 1e-9
    assert _val(p, "mem.bandwidth", "run 2") == 1360.0
    # "Performance: 0.068 GFLOP/s" is the third
    assert abs(_val(p, "flops.rate", "run 3") - 68.0) < 1e-9
    assert _val(p, "lups.rate") == 51.06  # "stencil: 51.06 MLUP/s"
    assert _val(p, "mpi.latency") == 0.020  # "latency: 0.020 us"
    assert len([m for m in p.metrics if m.name == "time.elapsed"]) == 3
    assert all(m.scope.kind == ScopeKind.RUN for m in p.metrics if m.name == "mem.bandwidth")


def test_thread_sweep_table() -> None:
    p = load(D / "thread-sweep.txt")
    assert p.format == "program-output"
    assert _val(p, "time.elapsed", "threads=2") == 4.18  # row "2 4.18"
    assert sorted(m.value for m in p.metrics if m.name == "scaling.threads") == [1, 2, 4]


def test_open_mpi_report_bindings() -> None:
    p = load(D / "report-bindings.txt")
    assert p.format == "runtime-report"
    # ranks 0 and 1 bound to core 0 [B/.] and core 1 [./B]
    assert _val(p, "ranks.count") == 2 and _val(p, "affinity.cpus") == 2


def test_omp_display_env_and_affinity_interleaved_with_output() -> None:
    p = load(D / "omp-interleaved.txt")
    assert _val(p, "threads.requested") == 2  # OMP_NUM_THREADS = '2'
    assert _val(p, "affinity.threads") == 2 and _val(p, "affinity.cpus") == 2  # affinity 0, 1
    assert p.meta["OMP_PROC_BIND"] == "CLOSE"
    assert all(m.family == "runtime_report" for m in p.metrics)


def test_bound_to_one_core_is_seen(tmp_path: Path) -> None:
    # the same report as the fixture with both ranks on core 0 (a rankfile does this)
    text = (D / "report-bindings.txt").read_text().replace("core 1[hwt 0]]: [./B]",
                                                           "core 0[hwt 0]]: [B/.]")
    f = tmp_path / "rb.txt"
    f.write_text(text)
    p = load(f)
    assert _val(p, "ranks.count") == 2 and _val(p, "affinity.cpus") == 1


def test_program_output_with_omp_lines_keeps_both_families(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text((D / "omp-interleaved.txt").read_text() + "threads=2\ntime=1.5 s\n")
    p = load(f)
    assert p.format == "program-output"
    fam = {m.name: m.family for m in p.metrics}
    assert fam["affinity.cpus"] == "runtime_report" and fam["time.elapsed"] == ""


def test_strace_c_and_f_c() -> None:
    p = load(D / "strace-c.txt")
    assert p.format == "strace-c"
    assert _val(p, "syscall.calls", "mmap") == 30  # "0.00 0.000000 0 30 mmap"
    assert _val(p, "syscall.total_calls") == 145  # "100.00 0.000000 0 145 19 total"
    assert [m.value for m in p.metrics if m.name == "syscall.errors" and not m.scope.name] == [19]
    assert load(D / "strace-fc.txt").format == "strace-c"


def test_objdump_instruction_mix() -> None:
    p = load(D / "objdump-mix.txt")
    assert p.format == "objdump"
    # ld_sum: fldz, fldt, fmul, faddp, fldz (five x87 instructions)
    assert _val(p, "insn.x87", "ld_sum") == 5
    assert not [m for m in p.metrics if m.name == "insn.packed" and m.scope.name == "ld_sum"]
    assert _val(p, "insn.packed", "d_axpy") >= 1 and _val(p, "insn.vector_bits", "d_axpy") == 256
    assert _val(p, "insn.libm_calls", "d_exp") == 1  # call 1030 <exp@plt>


def test_taskset_and_numactl_show() -> None:
    assert _val(load(D / "taskset-p.txt"), "affinity.cpus") == 2  # mask 3
    assert _val(load(D / "numactl-show.txt"), "affinity.cpus") == 2  # physcpubind: 0 1


def test_likwid_bench_several_runs() -> None:
    p = load(D / "likwid-bench-3runs.txt")
    assert [m.value for m in p.metrics if m.name == "bench.bandwidth"] == [2813.69, 2135.12,
                                                                            1973.43]


FUZZ = ["program-report.txt", "rank-prose.txt", "thread-sweep.txt", "report-bindings.txt",
        "omp-interleaved.txt", "strace-c.txt", "strace-fc.txt", "objdump-mix.txt",
        "taskset-p.txt", "numactl-show.txt"]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines((D / FUZZ[0]).read_text().splitlines()))
def test_fuzz_program_output(tmp_path: Path, data: list[str]) -> None:
    _only_parse_error("program-output", tmp_path / "p.txt", data)


def _only_parse_error(fmt: str, target: Path, lines: list[str]) -> None:
    target.write_text("\n".join(lines) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter(fmt).parse(target)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines("\n".join((D / f).read_text() for f in FUZZ[1:]).splitlines()))
def test_fuzz_every_new_adapter(tmp_path: Path, data: list[str]) -> None:
    for fmt in ("program-output", "runtime-report", "strace-c", "objdump"):
        _only_parse_error(fmt, tmp_path / f"{fmt}.txt", data)


def test_each_fixture_is_recognised_by_content() -> None:
    want = {"program-report.txt": "program-output", "thread-sweep.txt": "program-output",
            "report-bindings.txt": "runtime-report", "strace-fc.txt": "strace-c",
            "objdump-mix.txt": "objdump", "taskset-p.txt": "runtime-report"}
    assert {f: detect(D / f).name for f in want} == want


def test_per_thread_table_is_scoped_per_thread_not_a_sweep() -> None:
    # "thread busy_s" then "0 0.053" / "1 0.076": two threads' busy times, not sweep points
    p = load(D / "thread-busy.txt")
    assert p.format == "program-output"
    busy = {m.scope.name: m.value for m in p.metrics if m.name == "busy.time"}
    assert busy == {"0": 0.053, "1": 0.076}
    assert all(m.scope.kind == ScopeKind.THREAD for m in p.metrics if m.name == "busy.time")
    assert not [m for m in p.metrics if m.name.startswith("scaling.")]
    assert _val(p, "time.elapsed") == 0.081  # "time=0.081 s"


def test_size_table_with_a_named_count_column() -> None:
    # "items time_s": each row a problem-size sweep point
    p = load(D / "size-sweep.txt")
    assert sorted(m.value for m in p.metrics if m.name == "scaling.size") == [
        4000, 8000, 16000, 32000]
    assert _val(p, "time.elapsed", "items=32000") == 0.2340


def test_cachegrind_branch_simulation_log() -> None:
    # --cache-sim=no --branch-sim=yes: "Branches: 9,463,083", "Mispredicts: 2,100,273",
    # "Mispred rate: 22.2%"; no D1 lines at all
    assert detect(D / "cachegrind-branch.log").name == "valgrind-log"
    p = load(D / "cachegrind-branch.log")
    assert _val(p, "branches") == 9463083
    assert _val(p, "branch_misses") == 2100273
    assert abs(_val(p, "branch_miss_ratio") - 0.222) < 1e-9
    assert not [m for m in p.metrics if m.name == "d1.miss_ratio"]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines("\n".join((D / f).read_text() for f in (
    "thread-busy.txt", "size-sweep.txt", "cachegrind-branch.log")).splitlines()))
def test_fuzz_scoped_tables_and_branch_log(tmp_path: Path, data: list[str]) -> None:
    for fmt in ("program-output", "valgrind-log"):
        _only_parse_error(fmt, tmp_path / f"{fmt}.txt", data)


def test_objdump_counts_integer_division() -> None:
    # modsum's loop holds one "idivq (%rsi,%rcx,8)" and no floating point at all
    p = load(D / "objdump-intdiv.txt")
    assert _val(p, "insn.int_div", "modsum") == 1
    assert not [m for m in p.metrics if m.name == "insn.fp_total"]


def test_prose_per_rank_lines_are_scoped_to_their_rank() -> None:
    # "rank 0: compute 0.013 s, wait 0.014 s" / "rank 1: compute 0.027 s, wait 0.000 s"
    p = load(D / "rank-prose.txt")
    assert p.format == "program-output"
    assert {m.scope.name: m.value for m in p.metrics if m.name == "busy.time"} == {
        "0": 0.013, "1": 0.027}
    assert {m.scope.name: m.value for m in p.metrics if m.name == "mpi.wait_time"} == {
        "0": 0.014, "1": 0.0}
    assert all(m.scope.kind == ScopeKind.RANK for m in p.metrics)


def test_a_thread_that_took_a_time_worked_that_long(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("Thread 0 took 1.39 s\nThread 1 took 2.00 s\nTotal time: 2.1 s\n")
    p = load(f)
    assert {m.scope.name: m.value for m in p.metrics if m.name == "busy.time"} == {
        "0": 1.39, "1": 2.0}
    assert _val(p, "time.elapsed") == 2.1


def test_shell_time_and_gnu_time_default_output() -> None:
    # bash: "real 0m0.045s", "user 0m0.045s", "sys 0m0.000s"
    assert detect(D / "shell-time.txt").name == "shell-time"
    p = load(D / "shell-time.txt")
    assert (_val(p, "time.elapsed"), _val(p, "time.user"), _val(p, "time.sys")) == (
        0.045, 0.045, 0.0)
    # GNU: "0.04user 0.00system 0:00.04elapsed 97%CPU (0avgtext+0avgdata 1628maxresident)k",
    # "0inputs+0outputs (0major+93minor)pagefaults 0swaps"
    g = load(D / "gnu-time.txt")
    assert g.format == "shell-time" and get_adapter("shell-time").family == "os_accounting"
    assert (_val(g, "time.user"), _val(g, "time.elapsed"), _val(g, "cpu.percent")) == (
        0.04, 0.04, 97.0)
    assert _val(g, "mem.max_rss") == 1628 and _val(g, "page_faults.minor") == 93


def test_program_output_followed_by_the_shell_time_report() -> None:
    # "items=16000 time=0.0481 s pairs=120000" then bash's real/user/sys
    p = load(D / "output-and-time.txt")
    assert p.format == "program-output"
    assert _val(p, "time.elapsed", "run 1") == 0.0481
    timed = [m for m in p.metrics if m.name == "time.user"]
    assert [m.value for m in timed] == [0.049] and timed[0].family == "os_accounting"


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines("\n".join((D / f).read_text() for f in (
    "shell-time.txt", "gnu-time.txt", "output-and-time.txt")).splitlines()))
def test_fuzz_time_reports(tmp_path: Path, data: list[str]) -> None:
    for fmt in ("shell-time", "program-output"):
        _only_parse_error(fmt, tmp_path / f"{fmt}.txt", data)


def test_perf_report_sorted_by_pid_gives_each_rank_its_compute_share() -> None:
    # --sort pid,sym of "mpirun -np 2 rw": 2783:rw main 31.23% + do_lookup_x 0.74%;
    # 2782:rw main 15.61% (opal_progress, hex addresses and [k] rows are not computing);
    # mpirun's two processes are the launcher, not ranks
    p = load(D / "perf-report-pid.txt")
    shares = {m.scope.name: m.value for m in p.metrics if m.name == "compute.share"}
    assert shares.keys() == {"pid 2782", "pid 2783"}
    assert abs(shares["pid 2783"] - 0.3197) < 1e-9 and abs(shares["pid 2782"] - 0.1561) < 1e-9


def test_a_singular_thread_column_counting_from_one_is_a_sweep(tmp_path: Path) -> None:
    f = tmp_path / "sweep.txt"
    f.write_text("thread time\n1 2.0\n2 1.1\n4 0.6\n")
    p = load(f)
    assert sorted(m.value for m in p.metrics if m.name == "scaling.threads") == [1, 2, 4]
    assert not [m for m in p.metrics if m.scope.kind == ScopeKind.THREAD]


def test_colon_lines_with_a_wall_time() -> None:
    # "steps: 30 / field: 128 MB / sum: 14262326.086 / wall: 2.622 s"
    p = load(D / "kv-colon-lines.txt")
    assert p.format == "program-output"
    assert _val(p, "time.elapsed") == 2.622
    assert _val(p, "event.field") == 128 and _val(p, "event.steps") == 30


def test_inline_key_value_pairs_without_separators() -> None:
    # "records 1000000 first 1.025153324e-02 last 9.999985979e+03 sort_time 5.887 s"
    p = load(D / "kv-inline-spaced.txt")
    assert p.format == "program-output"
    assert _val(p, "scaling.size") == 1000000  # a size word: one point of a size sweep
    assert _val(p, "event.first") == 1.025153324e-02
    assert _val(p, "event.last") == 9.999985979e+03
    sort = next(m for m in p.metrics if m.name == "event.sort_time")
    assert (sort.value, sort.unit) == (5.887, "s")


def test_two_column_block_and_its_thread_count() -> None:
    # "rows 4000000 / nonzeros 36000000 / threads 1 / time 0.488 s / bandwidth 10.82 GB/s /
    # GFLOP/s 1.475", then the same program on 2 threads
    one, two = load(D / "two-column-1-threads.txt"), load(D / "two-column-2-threads.txt")
    assert one.format == two.format == "program-output"
    assert (_val(one, "threads.requested"), _val(two, "threads.requested")) == (1, 2)
    assert (_val(one, "time.elapsed"), _val(two, "time.elapsed")) == (0.488, 0.760)
    assert _val(one, "mem.bandwidth") == 10820.0 and _val(two, "mem.bandwidth") == 6950.0
    assert _val(one, "flops.rate") == 1475.0 and _val(two, "flops.rate") == 947.0


def test_rank_of_size_lines_feed_per_rank_compute_and_barrier_wait() -> None:
    # "rank 0/2 steps 200000 compute 0.228 s barrier 0.298 s total 0.530 s (u=3.251e-05)"
    p = load(D / "rank-slash-lines.txt")
    assert p.format == "program-output"
    assert (_val(p, "busy.time", "0"), _val(p, "busy.time", "1")) == (0.228, 0.126)
    assert (_val(p, "mpi.wait_time", "0"), _val(p, "mpi.wait_time", "1")) == (0.298, 0.4)
    assert _val(p, "time.elapsed", "1") == 0.53
    assert {m.scope.kind for m in p.metrics if m.name == "busy.time"} == {ScopeKind.RANK}


def test_notes_and_build_warnings_are_not_program_output() -> None:
    from perfscout.ingest.registry import load_set

    got = load_set([D / "notes-prose.md", D / "gfortran-build.txt", D / "kv-colon-lines.txt"])
    # the printout is program output; gfortran's copy warnings are compiler evidence
    assert [p.format for p in got.profiles] == ["compiler-warnings", "program-output"]
    assert {Path(s.file).name: s.reason for s in got.skipped} == {
        "notes-prose.md": "unknown_format"}


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines("\n".join((D / f).read_text() for f in (
    "kv-colon-lines.txt", "kv-inline-spaced.txt", "two-column-1-threads.txt",
    "rank-slash-lines.txt")).splitlines()))
def test_fuzz_key_value_shapes(tmp_path: Path, data: list[str]) -> None:
    _only_parse_error("program-output", tmp_path / "p.txt", data)
