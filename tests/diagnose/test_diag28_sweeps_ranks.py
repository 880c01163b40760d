"""Sweeps, per-rank printouts and line-level container code, from real outputs made here
(tests/diagnose/data/diag28/<case>/gen.sh; labels in label.yaml, committed before the data):

- a job log holding ``--report-bindings`` lines and each rank's own timers is the program's
  printout too (its ranks' unequal work is ``alg.load_imbalance``); the idle CPU that unequal
  work leaves is no serial part, and ranks reported bound one per core are not offered binding;
- a ``perf stat`` log of one program at several sizes names each run's size from the command
  lines (fitted on task-clock, CPU time, before wall time);
- a timer named with a unit suffix (``build_cpu_s= 0.0031``) times the run, a sweep is fitted
  within the file that holds it (a printout inside a valgrind log is no point of it), and a size
  named last in a phrase (``jobs n=40000``) is the size;
- wall-clock phases printed per run (``fill_wall= s sum_wall= s``) sum to the run's time;
- an instruction mix sampled from a couple of dozen samples is not read as a vector finding;
- std::map code found on the source lines a line profile names (``stl_tree.h:788``,
  ``stl_pair.h:665`` inside ``main``) is ``app.data_structure``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.diagnose import heldout_score as hs

from perfscout.ingest.adapters.program_output import ProgramOutputAdapter, RuntimeReportAdapter
from perfscout.ingest.registry import load
from perfscout.ingest.runtime_lines import Placement, placement_metrics, read_runtime_line
from perfscout.ingest.textutil import size_argument
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "diag28"


def _analyze(case: str, only: str = ""):  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    files = sorted(f for f in (D / case / "data").iterdir() if only in f.name)
    with tempfile.TemporaryDirectory(prefix="perfscout-diag28-") as ws:
        return analyze(files, snapshot=hs.platform(case, D), runner=default_runner(Path(ws)))


def _runs(path: Path, name: str) -> list[float]:
    return [m.value for m in load(path).metrics
            if m.name == name and m.scope.kind == ScopeKind.RUN]


def test_own_cases_reach_their_labels_without_hazards() -> None:
    for lb in hs.labels(D):
        s = hs.score(lb)
        assert s.top1, (lb.case, s.ranked, s.error)
        assert not s.hazards, (lb.case, s.hazards)


def test_rank_printout_beside_bindings_is_program_output() -> None:
    log = D / "mpi-rankline-bindings-timev" / "data" / "job.log"
    head = log.read_text()
    assert ProgramOutputAdapter().sniff(head, log) > RuntimeReportAdapter().sniff(head, log)
    p = load(log)
    busy = {m.scope.name: m.value for m in p.metrics
            if m.name == "busy.time" and m.scope.kind == ScopeKind.RANK}
    assert set(busy) == {"0", "1"} and max(busy.values()) > 3 * min(busy.values()), busy
    assert any(m.name == "ranks.count" for m in p.metrics)  # the bindings are still read


def test_unequal_ranks_leave_no_serial_fraction_and_no_binding() -> None:
    a = _analyze("mpi-rankline-bindings-timev")
    ids = [f.id for f in a.findings]
    assert ids[0] == "alg.load_imbalance", ids
    assert "rt.serial_fraction" not in ids, ids  # time -v's ~0.8 CPUs: rank 0 waiting
    props = {p.id for p in a.proposals}
    assert not props & {"bind_threads", "mpi_bind_map", "parallelize_omp"}, props
    refused = [r for r in a.rejected if r.id == "bind_threads"]
    assert refused and "bound already" in refused[0].reason, a.rejected


def test_pinned_only_when_each_rank_has_a_core_of_its_own() -> None:
    def pinned(lines: list[str]) -> float | None:
        pl = Placement()
        for no, line in enumerate(lines, 1):
            assert read_runtime_line(line, no, pl)
        return next((m.value for m in placement_metrics(pl, Path("x"), "runtime_report")
                     if m.name == "affinity.pinned"), None)

    own = ["[vm:1] MCW rank 0 bound to socket 0[core 0[hwt 0]]: [B/.]",
           "[vm:1] MCW rank 1 bound to socket 0[core 1[hwt 0]]: [./B]"]
    shared = ["[vm:1] MCW rank 0 bound to socket 0[core 0[hwt 0]], socket 0[core 1[hwt 0]]: "
              "[B/B]", "[vm:1] MCW rank 1 bound to socket 0[core 0[hwt 0]], socket 0[core 1["
              "hwt 0]]: [B/B]"]
    assert pinned(own) == 2
    assert pinned(shared) is None


def test_perf_stat_log_of_sizes_names_each_runs_size() -> None:
    log = D / "sweep-perfstat-sizes" / "data" / "perf-stat-sizes.log"
    assert _runs(log, "scaling.size") == [10000, 20000, 40000]
    a = _analyze("sweep-perfstat-sizes")
    top = a.findings[0]
    assert top.id == "alg.complexity", [f.id for f in a.findings]
    assert top.evidence[0].metric == "time.task_clock", top.evidence[0]  # CPU time, not wall
    assert "replace_algorithm" in {p.id for p in a.proposals}


def test_size_argument_of_command_lines() -> None:
    assert size_argument([["./a", "400"], ["./a", "800"]]) == 1
    assert size_argument([["./q", "5000", "5"], ["./q", "10000", "5"]]) == 1
    assert size_argument([["./c", "40", "40"], ["./c", "80", "80"]]) == 1  # one size twice
    assert size_argument([["./c", "40", "3"], ["./c", "80", "9"]]) is None  # independent
    assert size_argument([["./a", "400"], ["./b", "800"]]) is None  # two programs
    assert size_argument([["./a", "400"]]) is None
    # a launcher's rank count and a thread option are the run's parallelism, not its size
    assert size_argument([["mpirun", "-np", "2", "./h", "400"],
                          ["mpirun", "-np", "6", "./h", "400"]]) is None
    assert size_argument([["mpirun", "--oversubscribe", "-np", "2", "./h"],
                          ["mpirun", "--oversubscribe", "-np", "4", "./h"]]) is None
    assert size_argument([["./a", "--threads", "2", "9"], ["./a", "--threads", "4", "9"]]) is None
    mca = ["mpirun", "--oversubscribe", "--mca", "mpi_yield_when_idle", "0", "-np"]
    assert size_argument([[*mca, "2", "./h", "400"], [*mca, "6", "./h", "400"]]) is None
    # the program's own -n after the program is its own (often the size)
    assert size_argument([["./a", "-n", "4000"], ["./a", "-n", "8000"]]) == 2
    assert size_argument([["mpirun", "-np", "2", "./a", "-n", "4000"],
                          ["mpirun", "-np", "2", "./a", "-n", "8000"]]) == 5


def test_unit_suffix_timer_and_valgrind_printout() -> None:
    sweep = D / "sweep-suffix-keys-callgrind" / "data" / "sweep.txt"
    assert _runs(sweep, "scaling.size") == [5000, 10000, 20000, 40000]
    times = _runs(sweep, "time.elapsed")
    assert len(times) == 4 and times[-1] > 20 * times[0], times
    a = _analyze("sweep-suffix-keys-callgrind")
    top = a.findings[0]
    assert top.id == "alg.complexity", [f.id for f in a.findings]
    # fitted on the sweep's four runs: the slow run under the simulator is not a fifth point
    assert "4 sizes (4 runs)" in top.evidence[0].quote, top.evidence[0].quote
    assert top.evidence[0].source is not None and top.evidence[0].source.file.endswith("sweep.txt")


def test_size_named_last_in_a_phrase() -> None:
    sweep = D / "cxx-insert-front-sweep" / "data" / "sweep.txt"
    assert _runs(sweep, "scaling.size") == [40000, 80000, 160000]
    a = _analyze("cxx-insert-front-sweep")
    assert a.findings and a.findings[0].id == "alg.complexity", [f.id for f in a.findings]


def test_wall_phases_sum_to_the_runs_time(tmp_path: Path) -> None:
    sweep = D / "omp-serial-fill-sweep" / "data" / "sweep.txt"
    text = sweep.read_text()
    times = _runs(sweep, "time.elapsed")
    assert len(times) == 4 and all(t > 0 for t in times)
    first = next(ln for ln in text.splitlines() if "fill_wall" in ln)
    parts = [float(w.split("=")[1]) for w in first.split() if w.split("=")[0].endswith("_wall")]
    assert abs(times[0] - sum(parts)) < 1e-9, (times[0], parts)
    a = _analyze("omp-serial-fill-sweep")
    assert a.findings and a.findings[0].id == "rt.serial_fraction", [f.id for f in a.findings]
    # phases not named as wall-clock times are not summed; a printed run time is the run's
    cpu = tmp_path / "cpu.txt"
    cpu.write_text("threads=1 fill=0.2 s sum=0.1 s\nthreads=2 fill=0.2 s sum=0.05 s\n")
    assert _runs(cpu, "time.elapsed") == []
    timed = tmp_path / "timed.txt"
    timed.write_text("threads=1 fill_wall=0.2 s sum_wall=0.1 s time=0.35 s\n"
                     "threads=2 fill_wall=0.2 s sum_wall=0.05 s time=0.3 s\n")
    assert _runs(timed, "time.elapsed") == [0.35, 0.3]


def test_tree_code_on_the_lines_of_a_line_profile() -> None:
    a = _analyze("cxx-pairmap-annotate", only="annotate")
    assert a.findings and a.findings[0].id == "app.data_structure", [f.id for f in a.findings]


def test_a_small_annotation_says_nothing_about_vectors() -> None:
    # perf annotate of the outlined region at -F 999: about two dozen samples, most of the
    # run in sin/exp; the threads' printout measures the static split
    a = _analyze("omp-static-libm-annotate")
    ids = [f.id for f in a.findings]
    assert ids and ids[0] == "rt.omp_imbalance", ids
    assert "hw.vectorization" not in ids, ids
    assert "omp_simd" not in {p.id for p in a.proposals}


def test_mix_samples_count_the_annotation_not_its_fp_instructions() -> None:
    from perfscout.diagnose.rules.hardware import _mix_samples
    from perfscout.diagnose.thresholds import DEFAULTS

    lim = DEFAULTS["vector.min_mix_samples"].value
    small = load(D / "omp-static-libm-annotate" / "data" / "perf-annotate-omp_fn.txt")
    big = load(D / "cxx-pairmap-annotate" / "data" / "perf-annotate-main.txt")
    assert 0 < _mix_samples(small) < lim <= _mix_samples(big)
