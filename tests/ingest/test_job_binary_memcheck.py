"""Readers for what a user hands over about a job rather than its run: ``scontrol show job``,
Open MPI ``mpirun --display-map --display-allocation``, valgrind memcheck logs (with errors
and clean) and ``file``/``ldd``/``size`` output (fixtures: tests/ingest/data/user_evidence/
make.sh; values below read off the fixture files by hand)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "user_evidence"


def _vals(name: str, fmt: str) -> dict[str, float]:
    p = load(D / name)
    assert p.format == fmt
    return {m.name: m.value for m in p.metrics}


def test_scontrol_show_job_gives_the_allocation_and_a_running_jobs_time_so_far() -> None:
    # NumNodes=1 NumCPUs=1 NumTasks=1 CPUs/Task=1; RunTime=00:00:03 TimeLimit=00:05:00;
    # TRES=cpu=1,mem=22057M; JobState=RUNNING
    p = load(D / "scontrol-show-job.txt")
    assert p.format == "scontrol-job" and p.unparsed_lines == 0
    v = {m.name: m.value for m in p.metrics}
    assert v["affinity.cpus"] == 1 and v["ranks.count"] == 1
    assert v["threads.cpus_per_task"] == 1 and v["nodes.count"] == 1
    assert v["time.running"] == 3 and v["time.limit"] == 300
    assert "time.elapsed" not in v  # the job had not ended: 3 s is a time so far
    assert v["mem.allocated"] == 22057 * 1024
    assert p.meta["JobState"] == "RUNNING"
    assert {m.scope.name for m in p.metrics} == {"job 1771"}


def test_an_ended_jobs_runtime_is_its_elapsed_time(tmp_path: Path) -> None:
    text = (D / "scontrol-show-job.txt").read_text().replace(
        "JobState=RUNNING", "JobState=COMPLETED").replace("RunTime=00:00:03", "RunTime=01:02:03")
    f = tmp_path / "job.txt"
    f.write_text(text)
    assert {m.name: m.value for m in load(f).metrics}["time.elapsed"] == 3723


def test_display_map_gives_ranks_and_their_cores() -> None:
    # Process rank: 0 Bound: socket 0[core 0[hwt 0]]:[B/.] and rank 1 on [./B]
    p = load(D / "mpirun-display-map.txt")
    v = {m.name: (m.value, m.family) for m in p.metrics}
    assert v["ranks.count"] == (2, "runtime_report")
    assert v["affinity.cpus"][0] == 2 and v["affinity.threads"][0] == 2
    assert "mpi_display_map" in p.notes


def test_memcheck_counts_errors_by_kind_and_the_leak_summary() -> None:
    # ERROR SUMMARY: 2 errors from 2 contexts; Invalid read of size 4 (leaky.c:8);
    # definitely lost: 4,096 bytes in 1 blocks; total heap usage: 3 allocs, 2 frees, 8,232 bytes
    p = load(D / "memcheck-errors.log")
    assert p.format == "memcheck-log" and p.unparsed_lines == 0
    v = {m.name: m.value for m in p.metrics if m.scope.kind != ScopeKind.FUNCTION}
    assert v["memcheck.errors"] == 2 and v["memcheck.error_contexts"] == 2
    assert v["leak.definitely_lost"] == 4096 and v["heap.in_use_at_exit"] == 4096
    assert (v["heap.allocs"], v["heap.frees"], v["heap.bytes_allocated"]) == (3, 2, 8232)
    kinds = {m.scope.name: m.value for m in p.metrics if m.name == "memcheck.error_kind"}
    assert kinds == {"Invalid read of size 4": 1}


def test_a_clean_memcheck_run_is_read_as_zero_errors_not_refused() -> None:
    v = _vals("memcheck-clean.log", "memcheck-log")
    assert v["memcheck.errors"] == 0 and v["leak.definitely_lost"] == 0
    assert v["heap.allocs"] == v["heap.frees"] == 2


def test_file_ldd_size_of_an_openmp_binary() -> None:
    # dynamically linked pie, not stripped; libgomp.so.1; text 2612 data 656 bss 8
    p = load(D / "binary-ws-info.txt")
    v = {m.name: m.value for m in p.metrics if m.name != "binary.linked"}
    assert p.format == "binary-facts" and p.unparsed_lines == 0
    assert (v["binary.static"], v["binary.pie"], v["binary.stripped"]) == (0, 1, 0)
    assert v["binary.links_openmp"] == 1 and v["binary.links_mpi"] == 0
    assert v["binary.links_blas"] == 0
    assert (v["binary.text_bytes"], v["binary.data_bytes"], v["binary.bss_bytes"]) == (
        2612, 656, 8)
    assert "libgomp.so.1" in {m.scope.name for m in p.metrics if m.name == "binary.linked"}


def test_a_static_stripped_binary_has_no_libraries() -> None:
    # statically linked ... stripped; ldd: not a dynamic executable; text 651171
    p = load(D / "binary-static-info.txt")
    assert [m.value for m in p.metrics if m.name == "binary.static"] == [1]
    v = {m.name: m.value for m in p.metrics}
    assert v["binary.stripped"] == 1 and v["binary.text_bytes"] == 651171
    assert not any(m.name == "binary.linked" for m in p.metrics)


def test_ldd_alone_names_mpi_and_blas(tmp_path: Path) -> None:
    f = tmp_path / "ldd.txt"
    f.write_text("\tlinux-vdso.so.1 (0x00007ffd)\n"
                 "\tlibopenblas.so.0 => /lib/x86_64-linux-gnu/libopenblas.so.0 (0x00007f1)\n"
                 "\tlibmpi.so.40 => /lib/x86_64-linux-gnu/libmpi.so.40 (0x00007f2)\n"
                 "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f3)\n")
    v = {m.name: m.value for m in load(f).metrics}
    assert v["binary.links_blas"] == 1 and v["binary.links_mpi"] == 1
    assert v["binary.links_openmp"] == 0


@pytest.mark.parametrize(("fmt", "files"), [
    ("scontrol-job", ["scontrol-show-job.txt"]),
    ("memcheck-log", ["memcheck-errors.log", "memcheck-clean.log"]),
    ("binary-facts", ["binary-ws-info.txt", "binary-static-info.txt"]),
    ("runtime-report", ["mpirun-display-map.txt"]),
])
def test_fuzzed_inputs_parse_or_raise_parse_error(fmt: str, files: list[str]) -> None:
    seed = "\n".join((D / f).read_text() for f in files).splitlines()
    assert get_adapter(fmt).parse(D / files[0]).metrics  # the unmutated seed is read

    @settings(max_examples=30, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(data=mutated_lines(seed))
    def run(data: list[str]) -> None:
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            target = Path(d) / "x.txt"
            target.write_text("\n".join(data) + "\n", encoding="utf-8")
            with contextlib.suppress(ParseError):
                get_adapter(fmt).parse(target)

    run()
