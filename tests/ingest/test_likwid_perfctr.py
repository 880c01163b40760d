"""likwid-perfctr / likwid-bench adapters: values a person read off each corpus file."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest import load
from perfscout.ingest.derive import derive
from perfscout.model.metrics import Metric, Profile, ScopeKind


def _pick(p: Profile, name: str, *, kind: ScopeKind | None = None, sname: str | None = None,
          parent: str | None = None, stat: str = "") -> Metric:
    for m in p.metrics:
        if (m.name == name and (kind is None or m.scope.kind == kind) and m.stat == stat
                and (sname is None or m.scope.name == sname)
                and (parent is None or m.scope.parent == parent)):
            return m
    raise AssertionError(f"{name} {kind} {sname} {parent} {stat} not found")


# (file, [(canonical, scope kind, scope name, parent, stat, value)]) — value read by hand
CASES = [
    ("perfctr-FLOPS_DP-coffeelake-i5-7500-marker-3regions.txt", [
        # Region LU: "|      DP MFLOP/s      |      18.4574 |"
        ("flops.dp", ScopeKind.THREAD, "Core 3", "LU", "", 18.4574),
        # Region LU: "|    FP_ARITH_INST_RETIRED_SCALAR_DOUBLE   |   PMC1  |     22 |"
        ("event.FP_ARITH_INST_RETIRED_SCALAR_DOUBLE", ScopeKind.THREAD, "Core 3", "LU", "", 22),
        # Region EDO0: "|      Clock [MHz]     |    3850.0327 |"
        ("clock.mhz", ScopeKind.THREAD, "Core 3", "EDO0", "", 3850.0327),
    ]),
    ("perfctr-FLOPS_DP-kabylake-O-csv-HWThread.log", [
        # TABLE,Region MatPtrVet ... "DP [MFLOP/s],1566.5403,"
        ("flops.dp", ScopeKind.THREAD, "HWThread 1", "MatPtrVet", "", 1566.5403),
        # "INSTR_RETIRED_ANY,FIXC0,7351805"
        ("instructions", ScopeKind.THREAD, "HWThread 1", "MatPtrVet", "", 7351805),
        # "CPI,0.6414," in MatPtrRowVet
        ("cpi", ScopeKind.THREAD, "HWThread 1", "MatPtrRowVet", "", 0.6414),
    ]),
    ("mpirun-perfctr-MEM_DP-icelakeSP-8ranks-O-csv-DEBUG.csv", [
        # 8-rank table: "DP [MFLOP/s],3149.4207,3201.2648,..." column f0486:1:1 is rank 1
        ("flops.dp", ScopeKind.RANK, "1", None, "", 3201.2648),
        # "Memory bandwidth [MBytes/s],22653.2144,0,0,..." rank 0
        ("mem.bandwidth", ScopeKind.RANK, "0", None, "", 662.6281),
        # STAT: "DP [MFLOP/s] STAT,25418.5529,3075.9899,3249.8835,..."
        ("flops.dp", None, None, None, "sum", 25418.5529),
    ]),
    ("bench-stream-avx-epyc7451-naples-marker-O-csv.raw", [
        # first run: "MByte/s:		96204.08"
        ("bench.bandwidth", ScopeKind.RUN, "run 1", None, "", 96204.08),
        # "Memory bandwidth [MBytes/s] STAT,128452.9230,0,32138.0629,5352.2051"
        ("mem.bandwidth", ScopeKind.REGION, "bench", None, "sum", 128452.9230),
        ("mem.bandwidth", ScopeKind.REGION, "bench", None, "max", 32138.0629),
    ]),
]


@pytest.mark.parametrize("name,checks", CASES, ids=[c[0][:40] for c in CASES])
def test_values_read_off_corpus(corpus: Path, name: str, checks: list[tuple]) -> None:  # type: ignore[type-arg]
    p = load(corpus / "likwid" / name)
    assert p.format == "likwid-perfctr"
    for cname, kind, sname, parent, stat, want in checks:
        m = _pick(p, cname, kind=kind, sname=sname, parent=parent, stat=stat)
        assert m.value == pytest.approx(want), (cname, m)


ALL = [
    "bench-stream-triad-vsx4-power9-marker-O-csv.raw",
    "bench-triad-avx512-cascadelake-2socket-marker-O-csv.raw",
    "perfctr-FLOPS_DP-sandybridgeEP-E5-2670-app-output-interleaved.txt",
    "perfctr-L2-broadwellEP-dense-mvm-O-csv.raw",
    "perfctr-L2CACHE-kabylake-O-csv-HWThread.log",
    "perfctr-L3-kabylake-O-csv-HWThread.log",
    "perfctr-L3-zen2-ryzen3700x-HWThread.txt",
    "perfctr-MEM_DP-FLOPS_DP-epyc7702-rome-slurm-cpuset.out",
    "perfctr-MEM_DP-sapphirerapids-8470-O-csv-thread-sweep.csv",
]


@pytest.mark.parametrize("name", ALL)
def test_other_files_parse_with_metrics(corpus: Path, name: str) -> None:
    p = load(corpus / "likwid" / name)
    assert p.format == "likwid-perfctr"
    assert p.first("time.elapsed") is not None
    assert p.meta.get("cpu_name")


def test_slurm_cpuset_info_and_angle_regions(corpus: Path) -> None:
    p = load(corpus / "likwid/perfctr-MEM_DP-FLOPS_DP-epyc7702-rome-slurm-cpuset.out")
    # line 1: "INFO: You are running LIKWID in a cpuset with 1 CPUs..."
    assert p.notes and p.notes[0].startswith("line 1: INFO: You are running LIKWID in a cpuset")
    assert p.meta["groups"] == "MEM_DP,FLOPS_DP"
    assert any(m.scope.parent == "function_d" for m in p.metrics)  # "Region <function_d>, ..."


def test_derive_vector_share_and_imbalance(corpus: Path) -> None:
    p = derive(load(corpus / "likwid/mpirun-perfctr-MEM_DP-icelakeSP-8ranks-O-csv-DEBUG.csv"))
    imb = [m for m in p.get("imbalance.max_over_mean") if m.raw_name == "flops.dp"]
    assert imb and imb[0].derived
    ranks = [3149.4207, 3201.2648, 3249.8835, 3207.4104, 3208.8106, 3075.9899, 3146.5427,
             3179.2303]
    assert any(m.value == pytest.approx(max(ranks) / (sum(ranks) / 8), rel=1e-6) for m in imb)
