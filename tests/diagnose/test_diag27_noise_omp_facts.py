"""Machine load beside a run, OpenMP already present, and machine/toolchain fact sheets, from
real outputs made here (tests/diagnose/data/diag27/<case>/gen.sh; labels in label.yaml, committed
before the data):

- the machine's noise ranks after a finding measured in the run's CPU time (a sample share):
  load beside a run stretches its wall time, not its samples; it states how much of the wall
  time it can explain (``noise.wall_share``), and a serial run that got a fraction of a CPU on
  a saturated machine still has ``sys.os_noise`` first;
- a program whose profile is the OpenMP runtime's fork/join and barrier code is
  ``rt.region_overhead``, not a serial fraction, and is never offered a new parallel region;
  a program with no OpenMP still is;
- a vector change is refused while the threads are measured carrying unequal work;
- getconf, lscpu's cache table, ompi_info, gcc -Q --help=..., compiler and MPI versions are read
  as platform facts: a set of only those ends in a data request, exit 0, not an error.
"""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from tests.diagnose import heldout_score as hs

from ingest.fuzzing import mutated_lines
from perfscout.diagnose.chains import machine_second
from perfscout.diagnose.kinds import NOISE_SHARE
from perfscout.ingest.registry import get_adapter, load, load_set
from perfscout.model.errors import ParseError
from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.taxonomy import Layer

D = Path(__file__).parent / "data" / "diag27"


def _analyze(case: str):  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    files = sorted((D / case / "data").iterdir())
    with tempfile.TemporaryDirectory(prefix="perfscout-diag27-") as ws:
        return analyze(files, snapshot=hs.platform(case, D), runner=default_runner(Path(ws)))


def test_code_finding_in_cpu_time_ranks_before_load_beside_the_run() -> None:
    a = _analyze("noise-c-pow-perfstat-loaded")
    ids = [f.id for f in a.findings]
    assert ids[0] == "app.redundant_work", ids
    noise = next(f for f in a.findings if f.id == "sys.os_noise")
    share = next(e.value for e in noise.evidence if e.metric == NOISE_SHARE)
    assert share is not None and 0.3 < share < 1.0  # perf stat: ~0.33 CPUs utilized


def test_serial_run_starved_by_other_jobs_keeps_noise_first() -> None:
    a = _analyze("contention-serial-timev-loaded")
    assert a.findings and a.findings[0].id == "sys.os_noise", [f.id for f in a.findings]
    props = {p.id for p in a.proposals}
    assert not props & {"parallelize_omp", "omp_simd", "compiler_arch"}, props


def _noise(share: float | None) -> Finding:
    ev = [Evidence("cpu.utilized", 0.3, "count", None, "os_accounting", "")]
    if share is not None:
        ev.append(Evidence(NOISE_SHARE, share, "ratio", None, "", ""))
    return Finding("sys.os_noise", Layer.SYSTEM, Status.HYPOTHESIS, 0.7, "", tuple(ev),
                   thresholds={"noise.explains_share": 0.5}, root_cause=True)


def _code(family: str) -> Finding:
    return Finding("app.redundant_work", Layer.APPLICATION, Status.HYPOTHESIS, 0.3, "",
                   (Evidence("hotspot.share", 0.8, "ratio", None, family, ""),),
                   root_cause=True)


def test_noise_ranks_first_only_when_it_explains_much_and_no_cpu_time_finding() -> None:
    big, small, unknown = _noise(0.8), _noise(0.2), _noise(None)
    assert not machine_second(big, [big])  # alone and large: first
    assert machine_second(small, [small])  # explains little of the run
    assert machine_second(unknown, [unknown])  # a switch rate says how often, not how long
    assert machine_second(big, [big, _code("sampling")])  # samples are CPU time
    assert not machine_second(big, [big, _code("program")])  # a wall-time printout is not


def test_tiny_openmp_regions_are_region_overhead_without_new_parallelism() -> None:
    a = _analyze("omp-tiny-regions-perf")
    ids = [f.id for f in a.findings]
    assert ids and ids[0] == "rt.region_overhead" and "rt.serial_fraction" not in ids, ids
    assert "parallelize_omp" not in {p.id for p in a.proposals}


def test_static_imbalance_refuses_vector_changes() -> None:
    a = _analyze("omp-static-triangle-annotate")
    assert a.findings[0].id == "rt.omp_imbalance", [f.id for f in a.findings]
    props = [p.id for p in a.proposals]
    assert "omp_simd" not in props and "omp_dynamic_schedule" in props, props


def test_openmp_guard_leaves_serial_programs_alone() -> None:
    from perfscout.advise.facts import Facts
    from perfscout.advise.guards import openmp_already
    from perfscout.model.metrics import Hotspot, Profile
    from perfscout.model.proposals import Proposal

    p = Proposal(id="parallelize_omp", addresses=("rt.serial_fraction",), scope="main")
    serial = Profile("perf-report", "r.txt", hotspots=(Hotspot("main", 0.95, module="app"),))
    assert openmp_already(p, Facts.build([], None, [serial]), None) is None  # type: ignore[arg-type]
    omp = Profile("perf-report", "r.txt", hotspots=(
        Hotspot("0x1f7da", 0.6, module="libgomp.so.1.0.0"),
        Hotspot("main._omp_fn.0", 0.3, module="app")))
    assert openmp_already(p, Facts.build([], None, [omp]), None)  # type: ignore[arg-type]


@pytest.mark.parametrize("case", ["und-getconf-lscpu-cache", "und-ompi-info-gcc-optimizers",
                                  "und-numactl-likwid-topology"])
def test_machine_and_toolchain_facts_end_in_a_data_request(case: str) -> None:
    a = _analyze(case)
    assert not a.findings and not a.skipped
    assert a.data_requests, "an undecidable set asks for the data that would settle it"


FORMS = sorted(p for p in (D / "forms").iterdir() if p.suffix in (".txt", ".json"))


@pytest.mark.parametrize("path", FORMS, ids=[p.name for p in FORMS])
def test_every_fact_sheet_form_is_read_as_platform_facts(path: Path) -> None:
    p = load(path)
    assert p.format == "platform-facts" and p.meta.get("platform_facts"), p.format
    assert "no measurement" in " ".join(p.notes)


def test_a_printout_is_not_taken_for_a_fact_sheet(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("L1d cache: 32K\nbest_bandwidth=28.48 GB/s\ntime=1.2 s\n")
    assert load(f).format != "platform-facts"
    both = load_set([f, D / "und-getconf-lscpu-cache" / "data" / "getconf-a.txt"])
    assert len(both.profiles) == 2 and not both.skipped


def test_libmvec_variants_are_the_libm_routine() -> None:
    """gfortran vectorizes ``x**e`` into libmvec's ``_ZGVbN2vv_pow_sse4``: the same pow, so a
    profile holding it is read as a math routine holding the run."""
    from perfscout.model.symbols import libm_routine as _libm

    assert _libm("_ZGVbN2vv_pow_sse4") == "pow" and _libm("_ZGVdN4v_exp_avx2") == "exp"
    assert _libm("_ZGVbN2vv_foo_sse4") is None
    a = _analyze("noise-f90-pow-perfstat-loaded")
    assert [f.id for f in a.findings][:2] == ["app.redundant_work", "sys.os_noise"]


_SHEETS = [D / "und-getconf-lscpu-cache" / "data" / "getconf-a.txt",
           D / "und-getconf-lscpu-cache" / "data" / "lscpu-cache.txt",
           D / "forms" / "ompi_info-parsable.txt", D / "forms" / "gcc-O2-enabled.txt"]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines([x for f in _SHEETS for x in f.read_text().splitlines()[:60]]))
def test_fuzzed_fact_sheets(tmp_path: Path, data: list[str]) -> None:
    """A mutated fact sheet parses or raises ParseError, nothing else."""
    for f in _SHEETS:  # the unmutated sheets parse
        assert load(f).format == "platform-facts"
    target = tmp_path / "x.txt"
    target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
    with contextlib.suppress(ParseError):
        get_adapter("platform-facts").parse(target)
