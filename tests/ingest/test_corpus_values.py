"""Corpus files that were checked only for 'parses / metric present': at least three values a
person read off each file (sed/grep/od; the source line is quoted next to each value)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest import load
from perfscout.model.metrics import CallNode, Hotspot, Metric, Profile, ScopeKind

T, RN, RG, RU = ScopeKind.THREAD, ScopeKind.RANK, ScopeKind.REGION, ScopeKind.RUN


def _pick(p: Profile, name: str, kind: ScopeKind, sname: str, parent: str = "",
          stat: str = "") -> Metric:
    hits = [m for m in p.metrics if m.name == name and m.scope.kind == kind and m.stat == stat
            and m.scope.name == sname and m.scope.parent == parent]
    assert hits, (name, kind, sname, parent, stat)
    return hits[0]


def _hot(p: Profile, name: str) -> Hotspot:
    return next(h for h in p.hotspots if h.name == name)


def _node(root: CallNode | None, *path: str) -> CallNode:
    node = root
    for name in path:
        assert node is not None
        node = next(c for c in node.children if c.name == name)
    assert node is not None
    return node


# (file, [(canonical, scope kind, scope name, parent, stat, value)]), value read off the file
LIKWID = [
    ("bench-stream-triad-vsx4-power9-marker-O-csv.raw", [
        # line 56: "MByte/s:		105428.72" (first likwid-bench run)
        ("bench.bandwidth", RU, "run 1", "", "", 105428.72),
        # line 115: "Memory read bandwidth [MBytes/s],105625.2304,0,0,..." (Core 0, Region bench)
        ("mem.read_bandwidth", T, "Core 0", "bench", "", 105625.2304),
        # line 114: "Runtime (RDTSC) [s],7.2844,7.2845,..." -> Core 4 is the second column
        ("time.elapsed", T, "Core 4", "bench", "", 7.2845),
    ]),
    ("bench-triad-avx512-cascadelake-2socket-marker-O-csv.raw", [
        # line 57: "MByte/s:		81818.00"
        ("bench.bandwidth", RU, "run 1", "", "", 81818.0),
        # line 79: "INSTR_RETIRED_ANY,FIXC0,239008300,243041600,..." -> Core 1
        ("instructions", T, "Core 1", "bench", "", 243041600),
        # line 96: "INSTR_RETIRED_ANY STAT,FIXC0,4806291700,237563900,243355100,240314585"
        ("instructions", RG, "bench", "", "max", 243355100),
    ]),
    ("perfctr-FLOPS_DP-sandybridgeEP-E5-2670-app-output-interleaved.txt", [
        # line 39: "|  CPU_CLK_UNHALTED_CORE  |  FIXC1  |   22016 |" (Core 15)
        ("cycles", T, "Core 15", "eliminacaoDeGauss", "", 22016),
        # line 53: "|      DP MFLOP/s      |      62.8505 |"
        ("flops.dp", T, "Core 15", "eliminacaoDeGauss", "", 62.8505),
        # line 52: "|         CPI          |       2.7784 |"
        ("cpi", T, "Core 15", "eliminacaoDeGauss", "", 2.7784),
    ]),
    ("perfctr-L2-broadwellEP-dense-mvm-O-csv.raw", [
        # line 25: "INSTR_RETIRED_ANY,FIXC0,2581303,2644546,2731557,2772372" -> Core 3
        ("instructions", T, "Core 3", "MVM", "", 2772372),
        # line 33: "INSTR_RETIRED_ANY STAT,FIXC0,10729778,2581303,2772372,2.682444e+06"
        ("instructions", RG, "MVM", "", "sum", 10729778),
        # line 34: "CPU_CLK_UNHALTED_CORE STAT,FIXC1,5742943,1399603,1457150,1.435736e+06"
        ("cycles", RG, "MVM", "", "min", 1399603),
    ]),
    ("perfctr-L2CACHE-kabylake-O-csv-HWThread.log", [
        # line 16: "INSTR_RETIRED_ANY,FIXC0,7351712" (Region MatPtrVet, HWThread 1)
        ("instructions", T, "HWThread 1", "MatPtrVet", "", 7351712),
        # line 29: "L2 miss ratio,0.3005,"
        ("l2.miss_ratio", T, "HWThread 1", "MatPtrVet", "", 0.3005),
        # line 27: "L2 request rate,0.0801,"
        ("l2.request_rate", T, "HWThread 1", "MatPtrVet", "", 0.0801),
    ]),
    ("perfctr-L3-kabylake-O-csv-HWThread.log", [
        # line 17: "CPU_CLK_UNHALTED_CORE,FIXC1,4694864"
        ("cycles", T, "HWThread 1", "MatPtrVet", "", 4694864),
        # line 31: "L3 bandwidth [MBytes/s],12148.4960,"
        ("l3.bandwidth", T, "HWThread 1", "MatPtrVet", "", 12148.496),
        # line 32: "L3 data volume [GBytes],0.0164,"
        ("l3.data_volume", T, "HWThread 1", "MatPtrVet", "", 0.0164),
    ]),
    ("perfctr-L3-zen2-ryzen3700x-HWThread.txt", [
        # line 20 "Region Metodo_Newton:_10, Group 1: L3"; line 31 "| ACTUAL_CPU_CLOCK | FIXC1 |
        # 1177570 |"
        ("cycles", T, "HWThread 3", "Metodo_Newton:_10", "", 1177570),
        # line 33: "| RETIRED_INSTRUCTIONS |   PMC0  |      84627 |"
        ("instructions", T, "HWThread 3", "Metodo_Newton:_10", "", 84627),
        # line 45: "|               CPI              |     1.9706 |"
        ("cpi", T, "HWThread 3", "Metodo_Newton:_10", "", 1.9706),
    ]),
    ("perfctr-MEM_DP-FLOPS_DP-epyc7702-rome-slurm-cpuset.out", [
        # line 9 "Region <init_datastructures>, Group 1: MEM_DP"; line 20 "| ACTUAL_CPU_CLOCK |
        # FIXC1 |  5838849000 |"
        ("cycles", T, "HWThread 64", "init_datastructures", "", 5838849000),
        # line 38: "|    Memory bandwidth [MBytes/s]    |   14905.7212 |"
        ("mem.bandwidth", T, "HWThread 64", "init_datastructures", "", 14905.7212),
        # line 39: "|    Memory data volume [GBytes]    |      26.0579 |"
        ("mem.data_volume", T, "HWThread 64", "init_datastructures", "", 26.0579),
    ]),
    ("perfctr-MEM_DP-sapphirerapids-8470-O-csv-thread-sweep.csv", [
        # line 341: "INSTR_RETIRED_ANY,FIXC0,27124058518" (first run, 1 thread)
        ("instructions", T, "HWThread 0", "", "", 27124058518),
        # line 744 (second run, 2 threads): "INSTR_RETIRED_ANY,FIXC0,14248303122,14516709813,,"
        ("instructions", T, "HWThread 1", "run 2", "", 14516709813),
        # line 389: "Energy [J],925.1998,"
        ("energy.pkg", T, "HWThread 0", "", "", 925.1998),
    ]),
]


@pytest.mark.parametrize("name,checks", LIKWID, ids=[c[0][:40] for c in LIKWID])
def test_likwid_values(corpus: Path, name: str, checks: list[tuple]) -> None:  # type: ignore[type-arg]
    p = load(corpus / "likwid" / name)
    assert p.format == "likwid-perfctr"
    for cname, kind, sname, parent, stat, want in checks:
        assert _pick(p, cname, kind, sname, parent, stat).value == pytest.approx(want), cname


def test_likwid_sapphirerapids_sweep_keeps_program_output_apart(corpus: Path) -> None:
    p = load(corpus / "likwid/perfctr-MEM_DP-sapphirerapids-8470-O-csv-thread-sweep.csv")
    # line 7 "Running problem size 30^3 per domain until completion": program output, counted
    assert p.unparsed_lines > 100 and 7 in p.unparsed_examples
    # line 848 (run 2 Metric table): "Memory bandwidth [MBytes/s],1259.7957,0,,,"
    assert _pick(p, "mem.bandwidth", T, "HWThread 0", "run 2").value == pytest.approx(1259.7957)


def test_perf_stat_alderlake_parallel2(corpus: Path) -> None:
    p = load(corpus / "perf_stat/hybrid-alderlake-de-locale-parallel2.profile.txt")
    # line 7: "    36.246.187.668      cpu_core/cycles/   #    1,837 GHz     (57,96%)"
    cyc = next(m for m in p.get("cycles", ScopeKind.CORE) if m.scope.name == "cpu_core")
    assert (cyc.value, cyc.enabled_pct) == (36246187668, 57.96)
    # line 10: "         19.730,56 msec task-clock        #    9,826 CPUs utilized"
    assert p.first("time.task_clock").value == pytest.approx(19730.56)  # type: ignore[union-attr]
    assert p.first("cpu.utilized").value == pytest.approx(9.826)  # type: ignore[union-attr]
    # line 26: "        81.526.033      cpu_core/LLC-load-misses/  #   12,78% of all LL-cache ..."
    llc = next(m for m in p.get("llc.load_misses") if m.scope.name == "cpu_core")
    assert (llc.value, llc.enabled_pct) == (81526033, 65.33)
    # line 30: "       2,007931346 seconds time elapsed"; line 32: "19,600099000 seconds user"
    assert p.first("time.elapsed").value == pytest.approx(2.007931346)  # type: ignore[union-attr]
    assert p.first("time.user").value == pytest.approx(19.600099)  # type: ignore[union-attr]


def test_perf_stat_r5_runtime_expensive(corpus: Path) -> None:
    p = load(corpus / "perf_stat/hybrid-r5-repeats-runtime-expensive.txt")
    # line 24: "  6,376.55 msec task-clock  #  1.002 CPUs utilized  ( +-  0.19% )"
    tc = p.first("time.task_clock")
    assert tc is not None and (tc.value, tc.variance_pct) == (6376.55, 0.19)
    # line 29: "26,164,786,666  cpu_atom/cycles/  #  4.111 G/sec  ( +- 20.00% )  (0.13%)"
    atom = next(m for m in p.get("cycles") if m.scope.name == "cpu_atom")
    assert (atom.value, atom.variance_pct, atom.enabled_pct) == (26164786666, 20.0, 0.13)
    # line 41: "cpu_core/topdown-heavy-ops/ #  7.1% Heavy Operations  #  71.2% Light Operations"
    assert p.first("topdown.light_operations").value == pytest.approx(0.712)  # type: ignore[union-attr]
    # line 43: "... #  1.1% Fetch Latency  #  20.5% Fetch Bandwidth"
    assert p.first("topdown.fetch_bandwidth").value == pytest.approx(0.205)  # type: ignore[union-attr]
    # line 46: "            6.3658 +- 0.0119 seconds time elapsed  ( +-  0.19% )"
    assert p.first("time.elapsed").value == pytest.approx(6.3658)  # type: ignore[union-attr]
    # lines 1-19: the benchmark's own output, counted as unparsed, not dropped silently
    assert p.unparsed_examples[:3] == (1, 2, 3) and p.meta["repeats"] == "5"


def test_timemory_wall_tree(corpus: Path) -> None:
    p = load(corpus / "timemory/wall.tree.json")
    # rank 0: outer-loop-0 inclusive "repr_data": 35.638487535 (line 103) + outer-loop-1
    # "repr_data": 22.997982187 (line 498); root exclusive printed "repr_data": -58.636469722
    assert _pick(p, "app.time", RN, "0").value == pytest.approx(35.638487535 + 22.997982187)
    # outer-loop-0 inclusive on rank 0 (line 103) and rank 1 ("repr_data": 33.403509927, 951)
    outer = _node(p.calltree, "generate_history/outer-loop-0")
    assert outer.inclusive_value == pytest.approx(35.638487535 + 33.403509927)
    # line 310: "prefix": "generate_history@hatchet_tests.cpp:118/inner-loop-1"
    inner = _hot(p, "generate_history/inner-loop-1")
    assert inner.location is not None and str(inner.location) == "hatchet_tests.cpp:118"


def test_hpctoolkit_osu_allgather_values(corpus: Path) -> None:
    p = load(corpus / "hpctoolkit/osu-allgather-database")
    # `od -A d -t f8 --endian=big -j 32 1.osu_allgather-000000-000-....metric-db`: the
    # largest value, 2615761 (CPUTIME usec, inclusive) = rank 0's whole run
    assert _pick(p, "app.time", RN, "0").value == pytest.approx(2.615761)
    # experiment.xml line 630: '<PF i="10" s="4" l="14" lm="2" f="3" n="4">' with
    # <Procedure i="4" n="main"/>, File i="3" ".../collective/osu_allgather.c",
    # LoadModule i="2" ".../mpi/collective/osu_allgather"
    main = _hot(p, "main")
    assert main.location is not None and main.location.line == 14
    assert main.location.file.endswith("mpi/collective/osu_allgather.c")
    assert main.module.endswith("mpi/collective/osu_allgather")
    # experiment.xml line 243: <Metric i="2" n="CPUTIME (usec):Sum (I)" ...>
    assert main.unit == "us"


CALI = [
    # (file, function, self (exclusive) value, inclusive value) read off the ctx records
    # line 52: "__rec=ctx,ref=181,attr=97=105=111=117=148,data=0.000051=0.001470=0.095906=..."
    # (node 181 = CalcEnergyForElems, attr 111 = sum#time.duration; a leaf)
    ("lulesh-annotation-profile.cali", "CalcEnergyForElems", 0.095906, 0.095906),
    # line 56: "__rec=ctx,ref=56=149,attr=...,data=0.240649=0.240649=..." (CalcFBHourglass...)
    ("ordered-mpi-230525-151723_1930647_FSY8b8cKSEEi.cali", "CalcFBHourglassForceForElems",
     0.240649, 0.240649),
    # line 54: "__rec=ctx,ref=44=79,...,data=30.377211=31.908925=30.543713=1954.797623=64=..."
    ("spotdb-0.cali", "CalcFBHourglassForceForElems", 1954.797623, 1954.797623),
    # line 53: "__rec=ctx,ref=49=80,...,data=0.066653=0.066653=0.066653=0.066653=1=0.066653"
    ("example-profile.cali", "CalcFBHourglassForceForElems", 0.066653, 0.066653),
]


@pytest.mark.parametrize("name,func,self_v,incl_v", CALI, ids=[c[0][:24] for c in CALI])
def test_caliper_cali_values(corpus: Path, name: str, func: str, self_v: float,
                             incl_v: float) -> None:
    p = load(corpus / "caliper" / name)
    assert p.format == "caliper"
    h = _hot(p, func)
    assert h.self_value == pytest.approx(self_v) and h.inclusive_value == pytest.approx(incl_v)


def test_caliper_cali_inclusive_roots(corpus: Path) -> None:
    # ordered-mpi line 30: "__rec=ctx,ref=36=149,...,data=1.264876=..." (node 36 = main)
    o = load(corpus / "caliper/ordered-mpi-230525-151723_1930647_FSY8b8cKSEEi.cali")
    assert _hot(o, "main").inclusive_value == pytest.approx(1.264876)
    # ordered-mpi line 42: "__rec=ctx,ref=49=149,...,data=0.000170=..." (TimeIncrement,
    # inclusive), its child line 75 "id=123,...,data=MPI_Allreduce,parent=49" with line 76
    # "ref=123=149,...,data=0.000087=...": exclusive = 0.000170 - 0.000087
    ti = _hot(o, "TimeIncrement")
    assert ti.inclusive_value == pytest.approx(0.000170)
    assert ti.self_value == pytest.approx(0.000170 - 0.000087)
    # spotdb line 27: "__rec=ctx,ref=30=79,...,data=235.056114=235.067781=235.060251=
    # 15043.856074=64=15043.856074" (main, Total time over 64 ranks)
    s = load(corpus / "caliper/spotdb-0.cali")
    assert _hot(s, "main").inclusive_value == pytest.approx(15043.856074)
    # spotdb line 38: "...ref=36=79,...,data=7.435697=56.787544=40.394059=2585.219803=64=..."
    assert _hot(s, "TimeIncrement").self_value == pytest.approx(2585.219803)
    # lulesh line 17: "__rec=ctx,ref=155,...,data=0.000285=0.024836=0.025121=0.012561=2" (main)
    lu = load(corpus / "caliper/lulesh-annotation-profile.cali")
    assert _hot(lu, "main").self_value == pytest.approx(0.025121)
    assert lu.calltree is not None and lu.calltree.name == "main"
    assert [c.name for c in lu.calltree.children] == ["lulesh.cycle"]  # line 19 parent=155


def test_caliper_sw4_cuda_activity(corpus: Path) -> None:
    p = load(corpus / "caliper/sw4-cuda-activity-profile-summary-v2.cali")
    # line 3: "__rec=node,id=94,attr=8,data=sum#scale#cupti.activity.duration,parent=23"
    assert p.meta["metric"] == "sum#scale#cupti.activity.duration"
    # line 30: "__rec=ctx,ref=41,attr=24=94,data=0.002335=0.002150": node 41 cudaLaunchKernel
    # under rhs4th3wind (35) < compute_preliminary_predictor (34)
    launch = _node(p.calltree, *_path_to(p.calltree, "rhs4th3wind"), "cudaLaunchKernel")
    assert launch.self_value == pytest.approx(0.002150)
    # host-side regions have no device activity of their own: 'main' self is 0
    assert _hot(p, "main").self_value == 0.0 and _hot(p, "main").inclusive_share == 1.0


def _path_to(root: CallNode | None, name: str) -> list[str]:
    def walk(n: CallNode, acc: list[str]) -> list[str] | None:
        for c in n.children:
            if c.name == name:
                return [*acc, c.name]
            found = walk(c, [*acc, c.name])
            if found:
                return found
        return None

    assert root is not None
    found = walk(root, [])
    assert found, name
    return found


def test_caliper_json_cpi_callpath(corpus: Path) -> None:
    p = load(corpus / "caliper/cpi-callpath-profile.json")
    assert p.format == "caliper_json"
    # "nodes"[3] = {"label": "main", ...}; rows "[ 62, 0, 0, 3, 4, 309432.000000 ]",
    # "[ 62, 0, 1, 3, 4, 309754.0 ]", "[ 62, 0, 2, 3, 4, 309573.0 ]", "[ 69, 0, 3, 3, 4, 344782.0 ]"
    assert _hot(p, "main").self_value == pytest.approx(309432 + 309754 + 309573 + 344782)
    # "columns": [..., "mpi.rank", ...]: four ranks 0..3
    assert sorted(m.scope.name for m in p.get("app.time", RN)) == ["0", "1", "2", "3"]
    assert p.meta["metric"] == "sum#time.duration"


def test_caliper_json_lulesh_values(corpus: Path) -> None:
    p = load(corpus / "caliper/lulesh-annotation-profile.json")
    # data row "[5882425.0, 0, 121489.0, 0]" is rank 0 in node 0 ("main"): 5.882425 s
    assert _pick(p, "app.time", RN, "0").value == pytest.approx(5.882425)
    assert p.meta["metric"] == "sum#time.duration"


def test_perf_annotate_blocks(corpus: Path) -> None:
    p = load(corpus / "perf_report/annotate-stdio-cpp-source-disasm-task-clock.txt")
    # `grep -c '^ *Percent |'` -> 79 annotated symbols
    assert p.meta["symbols"] == "79"
    # line 1206: "Percent | Source code & Disassembly of run_benchmarks for task-clock:upppH
    # (2754 samples, percent: local period)" -> the second symbol
    per_fn = p.get("samples", ScopeKind.FUNCTION)
    assert [m.value for m in per_fn[:2]] == [3106, 2754]
    assert per_fn[1].source is not None and per_fn[1].source.line == 1206


def test_tau_every_rank_file(corpus: Path) -> None:
    p = load(corpus / "tau/cpi-mpi")
    # '".TAU application" 1 7 419 55329 0' in profile.1.0.0, '... 429 54029 0' in profile.2.0.0
    assert _pick(p, "app.time", RN, "1").value == pytest.approx(0.055329)
    assert _pick(p, "app.time", RN, "2").value == pytest.approx(0.054029)
    # '"MPI_Bcast()  " 1 0 218 218 0' (profile.0), 333 (profile.1, line 12), 418, 406
    assert _hot(p, "MPI_Bcast()").self_value == pytest.approx(218 + 333 + 418 + 406)


def test_gprof2dot_main(corpus: Path) -> None:
    p = load(corpus / "gprof/gprof2dot-callgrind-cpi.dot")
    # line 176: main [... label="cpi\nmain\n97.94%\n(53.77%)\n1×"]: module cpi, 53.77% self,
    # 97.94% total (the inclusive share comes from the graph's edges, within 0.1%)
    main = _hot(p, "main")
    assert main.module == "cpi"
    assert main.self_share == pytest.approx(0.5377, abs=1e-3)
    assert main.inclusive_share == pytest.approx(0.9794, abs=1e-3)


def test_imb_2021_more_rows(corpus: Path) -> None:
    p = load(corpus / "benchmarks/imb/imb-2021.2-pingpong-azure-lustre-in-readme.md")
    rows = {(m.name, m.scope.name): m for m in p.metrics}
    # line 131: "         1024         1000         3.00       341.76"
    assert rows[("bench.latency", "size=1024")].value == pytest.approx(3.00)
    assert rows[("bench.bandwidth", "size=1024")].value == pytest.approx(341.76)
    # line 143: "      4194304           10       369.64     11347.01"
    assert rows[("bench.latency", "size=4194304")].value == pytest.approx(369.64)
    assert rows[("bench.latency", "size=4194304")].source.line == 143  # type: ignore[union-attr]


def test_hpl_banner_residual_check(corpus: Path) -> None:
    p = load(corpus / "benchmarks/hpl/hpl-2.1-intel-mkl-10nodes-xeonphi-banner.log")
    # line 169: "||Ax-b||_oo/(eps*(||A||_oo*||x||_oo+||b||_oo)*N)= 0.0023723 ...... PASSED"
    assert (p.meta["passed"], p.meta["failed"]) == ("1", "0")
    # line 163: "WC00C2R2      448512   384     2     5            2707.15            2.22188e+04"
    assert p.first("time.elapsed").source.line == 163  # type: ignore[union-attr]


def test_hatchet_csv_export_is_not_a_profile(corpus: Path) -> None:
    from perfscout.ingest.registry import detect
    from perfscout.model.errors import InputError

    # a hatchet GraphFrame dumped to CSV: no profiler wrote it; it names the formats tried
    with pytest.raises(InputError, match="matches no known format") as e:
        detect(corpus / "hpctoolkit/hatchet-cpi-graphframe.csv")
    assert "hpctoolkit" in e.value.hint
