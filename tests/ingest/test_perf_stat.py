"""perf stat adapter: corpus values read by a person, real perf runs, fuzzing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from tests.conftest import require_tool

from perfscout.ingest import load
from perfscout.ingest.derive import derive
from perfscout.model.metrics import Profile, ScopeKind


def _val(p: Profile, name: str, kind: ScopeKind | None = None, sname: str | None = None,
         idx: int = 0) -> float:
    ms = [m for m in p.get(name, kind) if sname is None or m.scope.name == sname]
    return ms[idx].value


def test_hybrid_de_locale(corpus: Path) -> None:
    p = load(corpus / "perf_stat/hybrid-alderlake-de-locale-main.profile.txt")
    # "     3.642.649.330      cpu_atom/cycles/   #    3,308 GHz   (0,68%)"
    cyc = p.get("cycles", ScopeKind.CORE)[0]
    assert (cyc.value, cyc.scope.name, cyc.enabled_pct) == (3642649330, "cpu_atom", 0.68)
    # "          1.101,01 msec task-clock"
    assert _val(p, "time.task_clock") == pytest.approx(1101.01)
    # "       1,101976138 seconds time elapsed"
    assert _val(p, "time.elapsed") == pytest.approx(1.101976138)
    assert p.meta["command"] == "bin/main 3000 3000 3000 perf"


def test_r5_not_counted_topdown(corpus: Path) -> None:
    p = load(corpus / "perf_stat/hybrid-r5-repeats-not-counted-atom-topdown-L2.txt")
    # "            377.06 msec task-clock   #    0.995 CPUs utilized   ( +-  0.10% )"
    tc = p.get("time.task_clock")[0]
    assert (tc.value, tc.variance_pct) == (377.06, 0.10)
    # "     <not counted>      cpu_atom/cycles/   (0.00%)" -> a note, no zero value
    assert any("cpu_atom/cycles/ <not counted>" in n for n in p.notes)
    assert [m.scope.name for m in p.get("cycles")] == ["cpu_core"]
    # "cpu_core/topdown-mem-bound/ # 0.1% Memory Bound # 72.7% Core Bound" (two metrics)
    assert _val(p, "topdown.core_bound") == pytest.approx(0.727)
    assert _val(p, "topdown.backend_bound") == pytest.approx(0.728)
    assert p.meta["repeats"] == "5"


def test_csv_multiplexed_continuation(corpus: Path) -> None:
    p = load(corpus / "perf_stat/csv-x-comma-multiplexed-stalled-continuation-row.csv")
    # "1904697017,,cycles,343558962,66.13,3.666,GHz"
    cyc = p.get("cycles")[0]
    assert (cyc.value, cyc.enabled_pct) == (1904697017, 66.13)
    # "3228986005,,instructions,351439544,67.64,1.70,insn per cycle"
    assert _val(p, "ipc") == pytest.approx(1.70)
    # ",,,,0.32,stalled cycles per insn" (metric-only continuation row)
    assert _val(p, "stalled_cycles.per_insn") == pytest.approx(0.32)


def test_r1000_not_supported_two_runs(corpus: Path) -> None:
    p = load(corpus / "perf_stat/r1000-not-supported-LLC-multiplex-with-comments.txt")
    # "         3,849,533      cycles   #    3.672 GHz   ( +-  0.92% )  (29.45%)"
    cyc = p.get("cycles")[0]
    assert (cyc.value, cyc.variance_pct, cyc.enabled_pct) == (3849533, 0.92, 29.45)
    assert cyc.scope.kind == ScopeKind.RUN
    assert any("LLC-loads <not supported>" in n for n in p.notes)
    assert not p.get("llc.loads")
    # "              2.20 msec task-clock" in the second run
    assert _val(p, "time.task_clock", ScopeKind.RUN, "run 2") == pytest.approx(2.20)


def test_topdown_three_runs(corpus: Path) -> None:
    p = load(corpus / "perf_stat/topdown-slots-3runs-concatenated.txt")
    # "   360,624,561,420      slots"
    assert _val(p, "topdown.slots") == 360624561420
    # "   267,075,091,601      topdown-retiring          #     73.8% retiring"
    assert _val(p, "topdown.retiring") == pytest.approx(0.738)
    # second run: "    73,634,185,028      cycles"
    assert _val(p, "cycles", ScopeKind.RUN, "run 2") == 73634185028
    assert p.meta["runs_in_file"] == "3"


def test_user_modifier(corpus: Path) -> None:
    p = load(corpus / "perf_stat/user-modifier-50cpus-sortnetsat.txt")
    # " 2,015,511,676,522      cycles:u"
    c = p.get("cycles")[0]
    assert (c.value, c.raw_name) == (2015511676522, "cycles:u")
    # "        647,202.51 msec task-clock:u   #   49.651 CPUs utilized"
    assert _val(p, "cpu.utilized") == pytest.approx(49.651)
    # "     3,584,206,775      cache-misses:u   #   27.418 % of all cache refs"
    assert _val(p, "cache.miss_ratio") == pytest.approx(0.27418)
    # "     624.896052000 seconds user"
    assert _val(p, "time.user") == pytest.approx(624.896052)


def test_appended_runs(corpus: Path) -> None:
    p = load(corpus / "perf_stat/appended-11-runs-dtlb.txt")
    # run 1: "        14,402,543      dTLB-load-misses"; run 2: "     3,862,273 dTLB-store-misses"
    assert _val(p, "dtlb.load_misses", ScopeKind.RUN, "run 1") == 14402543
    assert _val(p, "dtlb.store_misses", ScopeKind.RUN, "run 2") == 3862273
    # run 3: "      10.232841193 seconds time elapsed"
    assert _val(p, "time.elapsed", ScopeKind.RUN, "run 3") == pytest.approx(10.232841193)
    assert p.meta["runs_in_file"] == "11"


@pytest.mark.parametrize("name,checks", [
    # "       14006883755      cache-references" / "83086398141 cycles" / "35574.95 msec task-clock"
    ("no-thousands-separator.txt",
     {"cache.references": 14006883755, "cycles": 83086398141, "time.task_clock": 35574.95}),
    # "       174,815,404      stalled-cycles-frontend" / "# 0.19% frontend cycles idle" /
    # "    93,026,790,157      cycles"
    ("stalled-frontend-continuation-line.txt",
     {"stalled_cycles.frontend": 174815404, "stalled_cycles.frontend_share": 0.0019,
      "cycles": 93026790157}),
])  # the two hybrid files not listed here have their values in test_corpus_values.py
def test_more_corpus_files(corpus: Path, name: str, checks: dict[str, float]) -> None:
    p = load(corpus / "perf_stat" / name)
    assert p.format == "perf-stat"
    for key, want in checks.items():
        got = p.first(key)
        assert got is not None, key
        assert got.value == pytest.approx(want)


def test_derive_ipc_from_counters(corpus: Path) -> None:
    p = derive(load(corpus / "perf_stat/no-thousands-separator.txt"))
    ipc = [m for m in p.get("ipc") if m.derived]
    # perf printed "0.33 insn per cycle"; derive() must not duplicate it in the same scope
    assert not ipc
    # "             74097      branch-misses  #    0.00% of all branches": printed value kept
    br = p.get("branch_miss_ratio")
    assert len(br) == 1 and br[0].value == 0.0 and not br[0].derived


@pytest.fixture(scope="module")
def prog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    gcc = require_tool("gcc")
    d = tmp_path_factory.mktemp("perfprog")
    src = d / "t.c"
    src.write_text(
        "#include <stdio.h>\n#include <stdlib.h>\n"
        "static double work(double*a,long n){double s=0;for(long i=0;i<n;i++)s+=a[i]*1.0001;"
        "return s;}\nstatic double outer(double*a,long n){double s=0;"
        "for(int r=0;r<60;r++)s+=work(a,n);return s;}\n"
        "int main(){long n=2000000;double*a=malloc(n*sizeof(double));"
        "for(long i=0;i<n;i++)a[i]=i;printf(\"%f\\n\",outer(a,n));return 0;}\n")
    exe = d / "t"
    subprocess.run([gcc, "-O1", "-g", "-fno-omit-frame-pointer", "-fno-inline", str(src),
                    "-o", str(exe)], check=True)
    return exe


def _perf(*args: str) -> None:
    perf = require_tool("perf")
    subprocess.run([perf, *args], check=True, capture_output=True, timeout=120)


def test_real_perf_stat_software_events(prog: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.txt"
    _perf("stat", "-e", "task-clock,page-faults,context-switches,cpu-migrations",
          "-o", str(out), str(prog))
    p = load(out)
    assert p.format == "perf-stat"
    assert p.first("time.task_clock").value > 0  # type: ignore[union-attr]
    assert p.first("page_faults").value > 100  # type: ignore[union-attr]  # 16 MB array
    assert p.first("context_switches") is not None and p.first("cpu_migrations") is not None
    assert p.meta["command"] == str(prog)


def test_real_perf_stat_csv_and_not_supported(prog: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    _perf("stat", "-x", ",", "-e", "task-clock,page-faults,cycles,instructions",
          "-o", str(out), str(prog))
    p = load(out)
    assert p.first("page_faults").value > 100  # type: ignore[union-attr]
    text = out.read_text()
    if "<not supported>" in text:  # no hardware counters on this machine
        assert not p.get("cycles") and any("cycles <not supported>" in n for n in p.notes)
    else:
        assert p.first("cycles").value > 0  # type: ignore[union-attr]


def test_real_perf_stat_interval(prog: Path, tmp_path: Path) -> None:
    out = tmp_path / "i.txt"
    _perf("stat", "-I", "100", "-e", "task-clock,page-faults,cycles", "-o", str(out), str(prog))
    p = load(out)
    text = out.read_text().splitlines()
    rows = [ln for ln in text if ln.strip() and not ln.lstrip().startswith("#")]
    tc = next(s for s in p.series if s.name == "time.task_clock")
    # one value per printed task-clock row, in time order, each with its own line
    assert len(tc) == sum(1 for ln in rows if " task-clock" in ln) >= 1
    assert list(tc.times) == sorted(tc.times) and len(set(tc.lines)) == len(tc)
    first = text[tc.lines[0] - 1].split()
    assert tc.times[0] == float(first[0]) and tc.values[0] == float(first[1])
    assert tc.source(0).line == tc.lines[0]
    # the aggregate metric is the sum over the intervals, cited at the first row
    total = next(m for m in p.metrics if m.name == "time.task_clock")
    assert total.stat == "sum" and total.value == pytest.approx(sum(tc.values))
    util = next(s for s in p.series if s.name == "cpu.utilized")
    assert util.stat == "avg" and len(util) == len(tc)
    if any("<not supported>" in ln for ln in rows):  # no hardware counters here: one note
        assert sum("cycles <not supported>" in n for n in p.notes) == 1
    assert p.meta["intervals"] == str(len(tc))
    from perfscout.ingest.summary import summarize

    row = next(r for r in summarize(p).series if r.name == "time.task_clock")
    assert row.intervals == len(tc) and row.max == max(tc.values)
    assert row.source == f"{out}:{tc.lines[0]}"


def _both_paths(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Profile, Profile, int]:
    """The profile read with the fast path, with the full parser only, and how many lines
    the fast path took (those that never reached the full parser)."""
    from perfscout.ingest.adapters import perf_stat

    real = perf_stat._State.line
    full_calls = []

    def counting(self: perf_stat._State, no: int, line: str) -> None:
        full_calls.append(no)
        real(self, no, line)

    monkeypatch.setattr(perf_stat._State, "line", counting)
    fast = load(path)
    monkeypatch.undo()
    monkeypatch.setattr(perf_stat, "FAST_PATH", False)
    slow = load(path)
    n_lines = len(path.read_text().splitlines())
    return fast, slow, n_lines - len(set(full_calls))


def _columns(p: Profile) -> list[tuple[object, ...]]:
    return [(s.name, s.unit, s.scope, s.raw_name, s.stat, list(s.times), list(s.values),
             list(s.lines), list(s.enabled_pct)) for s in p.series]


def test_interval_fast_path_reads_what_the_full_parser_reads(
        prog: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "real.txt"
    _perf("stat", "-I", "50", "-e", "task-clock,page-faults,context-switches", "-o", str(real),
          str(prog))
    # the other row shapes: a %-comment, multiplexing shares, hybrid PMUs, a rate comment,
    # <not counted>, a variance column (full parser only) and a decimal-comma file
    synth = tmp_path / "synth.txt"
    synth.write_text(
        "#           time             counts unit events\n"
        "     1.000000000    2,004,300,771    cpu_core/cycles/    #  2.01 GHz  (83.33%)\n"
        "     1.000000000    1,500,000,000    instructions:u    #  0.75  insn per cycle  (50.00%)\n"
        "  1.000000000    300,000,000    stalled-cycles-frontend  # 14.97% frontend cycles idle\n"
        "     1.000000000              3,000      page-faults                     #  3.000 K/sec\n"
        "     1.000000000    <not counted>    cpu_atom/cycles/    (0.00%)\n"
        "     1.000000000            100.000 msec task-clock   ( +-  1.20% )\n"
        "     2.000000000    2,104,300,771    cpu_core/cycles/    #  2.11 GHz  (83.40%)\n"
        "     2.000000000    1,600,000,000    instructions:u    #  0.76  insn per cycle  (50.10%)\n"
        "  2.000000000    310,000,000    stalled-cycles-frontend  # 15.01% frontend cycles idle\n"
        "     2.000000000              2,000      page-faults                     #  2.000 K/sec\n"
        "     2.000000000    <not counted>    cpu_atom/cycles/    (0.00%)\n"
        "     2.000000000            101.000 msec task-clock   ( +-  1.30% )\n")
    comma = tmp_path / "de.txt"
    comma.write_text(
        "#           time             counts unit events\n"
        "     1,000000000      3.642.649.330      instructions     #    1,10  insn per cycle\n"
        "     1,000000000             101,52 msec task-clock       #    1,015 CPUs utilized\n"
        "     2,000000000      3.742.649.330      instructions     #    1,12  insn per cycle\n"
        "     2,000000000             100,37 msec task-clock       #    1,004 CPUs utilized\n")
    for path, min_fast in ((real, 3), (synth, 8), (comma, 4)):
        fast, slow, n_fast = _both_paths(path, monkeypatch)
        monkeypatch.undo()
        assert n_fast >= min_fast, path.name  # the fast path did read the common rows
        assert _columns(fast) == _columns(slow), path.name
        assert fast.metrics == slow.metrics and fast.notes == slow.notes, path.name
        assert fast.unparsed_lines == slow.unparsed_lines == 0, path.name
    fast = load(synth)
    by = {(s.name, s.scope.name): s for s in fast.series}
    assert list(by[("cycles", "cpu_core")].values) == [2004300771.0, 2104300771.0]
    assert list(by[("cycles", "cpu_core")].enabled_pct) == [83.33, 83.40]
    assert list(by[("ipc", "")].values) == [0.75, 0.76]
    assert by[("stalled_cycles.frontend_share", "")].values[0] == pytest.approx(0.1497)
    assert ("page_faults", "") in by and not any(s.name.endswith("/sec") for s in fast.series)
    assert list(by[("time.task_clock", "")].values) == [100.0, 101.0]
    assert any("cpu_atom/cycles/ <not counted> (in 2 intervals)" in n for n in fast.notes)
    de = load(comma)
    ins = next(s for s in de.series if s.name == "instructions")
    assert list(ins.times) == [1.0, 2.0] and list(ins.values) == [3642649330.0, 3742649330.0]
    assert [round(v, 3) for v in next(s for s in de.series if s.name == "ipc").values] == \
        [1.10, 1.12]
