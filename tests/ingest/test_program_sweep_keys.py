"""Sweep sizes, fixed operation counts, own CPU and I/O timers and halo times in a program's
printout (tests/ingest/data/user_evidence/make.sh: src/scanfind.c, spin.c, gridsave.c,
rmaget.c), and the keys that are a time only with a time unit."""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest.registry import load
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "user_evidence"


def _by(path: Path, name: str) -> list[tuple[str, float]]:
    return [(m.scope.name, m.value) for m in load(path).metrics if m.name == name]


def test_a_growing_unknown_count_is_the_sweeps_size_and_fixed_queries_its_operations() -> None:
    # table=1000..8000 queries=20000 time=0.0101..0.1012 s hits=6606 (hits is a result, constant)
    assert _by(D / "scanfind-scan.txt", "scaling.size") == [
        ("run 1", 1000), ("run 2", 2000), ("run 3", 4000), ("run 4", 8000)]
    assert {v for _, v in _by(D / "scanfind-scan.txt", "scaling.ops")} == {20000}
    assert _by(D / "scanfind-scan.txt", "time.elapsed")[-1] == ("run 4", 0.1012)


def test_several_jobs_printouts_keep_their_cpu_and_wall_times_per_run() -> None:
    # job1: wall=2.080 s cpu=0.197 s ... job4: wall=2.120 s cpu=0.198 s
    cpu = _by(D / "spin-xargs-p4.txt", "time.cpu")
    assert cpu[0] == ("run 1", 0.197) and len(cpu) == 4
    assert _by(D / "spin-xargs-p4.txt", "time.elapsed")[0] == ("run 1", 2.080)


def test_output_timer_and_halo_time_and_put_counts() -> None:
    assert _by(D / "gridsave-output.txt", "io.time") == [("run 1", 0.2374)]
    p = load(D / "rmaget-output.txt")
    got = {(m.name, m.scope.kind, m.scope.name): m.value for m in p.metrics}
    assert got[("mpi.time", ScopeKind.RANK, "1")] == 0.8702
    assert got[("mpi.msg_count", ScopeKind.RANK, "1")] == 50000


def test_unitless_cpu_halo_and_output_are_not_times(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("cpu: 3 halo=2 output=5 n=100 time=1.5 s\nwrite: 480 MB/s\n")
    names = {m.name: m.value for m in load(f).metrics}
    assert "time.cpu" not in names and "mpi.time" not in names and "io.time" not in names
    assert names["io.throughput"] == 480 and names["time.elapsed"] == 1.5


def test_a_unitless_total_or_work_count_is_no_time() -> None:
    # src/sumcheck.c: points=4000000 total=2006000000.000000 work=3204000 time=0.042 s
    metrics = load(D / "sumcheck-output.txt").metrics
    times = {m.raw_name: m.value for m in metrics if m.unit == "s"}
    assert times == {"time": 0.042}
    assert [m.value for m in metrics if m.name == "scaling.size"] == [4000000]


def test_only_a_key_that_names_a_time_makes_a_bare_number_seconds(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("total=435200068 compute=7 wait=3 elapsed=2.5\nrank 0 busy 1.5 barrier 0.2\n"
                 "wall_time=4 total=1.2 s\n")
    got = [(m.name, m.value) for m in load(f).metrics if m.unit == "s"]
    assert got == [("time.elapsed", 2.5), ("time.elapsed", 4.0), ("time.elapsed", 1.2)]


def test_bracketed_keys_are_values_and_a_bracketed_unit_is_a_unit(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("step 10: u[mid]=3.9e-323 x[0]=1.5 time[ms]=250\n")
    got = {m.raw_name: (m.name, m.value, m.unit) for m in load(f).metrics}
    assert got["u[mid]"] == ("event.u[mid]", 3.9e-323, "")
    assert got["x[0]"][1] == 1.5
    assert got["time[ms]"] == ("time.step", 0.25, "s")


def test_lock_prefixed_instructions_are_counted_and_weighted_with_their_skid() -> None:
    # atomcount.c: "#pragma omp atomic" -> "lock addq $0x1,(%rcx)" in count_even._omp_fn.0;
    # perf annotate puts 0.00% on it and 94.38% of 498 samples on the add after it (skid)
    od = {(m.scope.name, m.value) for m in load(D / "objdump-atomcount.txt").metrics
          if m.name == "insn.locked"}
    assert od == {("count_even._omp_fn.0", 1.0), ("", 1.0)}
    pa = [m.value for m in load(D / "perf-annotate-atomcount.txt").metrics
          if m.name == "insn.locked"]
    assert len(pa) == 1 and abs(pa[0] - 0.9438 * 498) < 0.05


def test_an_xchg_on_memory_is_locked_and_a_register_xchg_is_not(tmp_path: Path) -> None:
    f = tmp_path / "fn.txt"
    f.write_text("0000000000001130 <spin>:\n" + "".join(
        f"    {0x1130 + i:x}:\t{insn}\n" for i, insn in enumerate((
            "mov    $0x1,%eax", "xchg   %eax,(%rdi)", "xchg   %ax,%ax", "test   %eax,%eax",
            "lock cmpxchg %edx,(%rdi)", "ret"))))
    got = [m.value for m in load(f).metrics if m.name == "insn.locked" and not m.scope.name]
    assert got == [2.0]
