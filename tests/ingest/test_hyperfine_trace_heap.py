"""hyperfine exports, ``perf trace -s`` summaries and ``heaptrack_print`` output, made here with
the real tools by ``tests/ingest/data/readers13/make.sh``: the values read are the ones the
tools printed (checked against the files by hand), every mutated input parses or raises
ParseError, and ``perfscout analyze`` reads each form instead of skipping it (naming the cause
where a rule reads the quantities: the O(n^2) sweep, the write per record)."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from tests.conftest import run_cli

from ingest.fuzzing import mutated_lines
from perfscout.diagnose.engine import Context
from perfscout.diagnose.thresholds import DEFAULTS
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile, ScopeKind

D = Path(__file__).parent / "data" / "readers13"


def _by(p: Profile, name: str, kind: ScopeKind | None = None) -> dict[str, float]:
    return {m.scope.name: m.value for m in p.metrics
            if m.name == name and (kind is None or m.scope.kind == kind)}


def _ctx(*files: str) -> Context:
    return Context(tuple(derive(load(D / f)) for f in files), None,
                   {k: t.value for k, t in DEFAULTS.items()})


@pytest.mark.parametrize(("name", "fmt"), [
    ("hf-dedup.json", "hyperfine"), ("hf-dedup.csv", "hyperfine"), ("hf-dedup.md", "hyperfine"),
    ("hf-threads.json", "hyperfine"), ("pt-records.txt", "perf-trace-summary"),
    ("pt-threads.txt", "perf-trace-summary"), ("pt-with-summary.txt", "perf-trace-summary"),
    ("ht-steps.txt", "heaptrack"), ("ht-words.txt", "heaptrack")])
def test_each_form_is_recognised_and_read_whole(name: str, fmt: str) -> None:
    assert detect(D / name).name == fmt
    p = load(D / name)
    assert p.metrics and p.unparsed_lines == 0


def test_hyperfine_json_sweep_is_a_size_sweep_of_median_times() -> None:
    # "-L n 10000,...,80000": n=80000 median 0.775749529 s, user 0.76336 + system 0.0038623
    p = load(D / "hf-dedup.json")
    size = _by(p, "scaling.size", ScopeKind.RUN)
    assert size == {"n=10000": 10000, "n=20000": 20000, "n=40000": 40000, "n=80000": 80000}
    el = {m.scope.name: m for m in p.metrics if m.name == "time.elapsed"}
    assert el["n=80000"].value == pytest.approx(0.775749529)
    assert el["n=80000"].stat == "median"
    # stddev / mean of the n=80000 runs: 0.121035 / 0.839195
    assert el["n=80000"].variance_pct == pytest.approx(14.423, abs=0.01)
    assert _by(p, "time.cpu")["n=80000"] == pytest.approx(0.76336033 + 0.00386233)
    assert set(_by(p, "exit_status").values()) == {0}
    assert p.meta["command"].endswith("dedup 10000")
    assert get_adapter("hyperfine").family == "os_accounting"


def test_hyperfine_csv_and_markdown_give_the_same_sweep() -> None:
    js, cs, md = (load(D / f) for f in ("hf-dedup.json", "hf-dedup.csv", "hf-dedup.md"))
    assert _by(cs, "time.elapsed") == _by(js, "time.elapsed")
    assert _by(cs, "scaling.size") == _by(js, "scaling.size")
    # the markdown table has no parameters and only the mean (ms): the sizes come from the
    # one numeric argument that differs between the commands
    assert sorted(_by(md, "scaling.size").values()) == [10000, 20000, 40000, 80000]
    mean = {m.scope.name: m.value for m in md.metrics if m.name == "time.elapsed"}
    assert min(mean.values()) == pytest.approx(0.0243)
    assert max(mean.values()) == pytest.approx(0.8392)
    assert not _by(md, "time.cpu")


def test_hyperfine_thread_scan_gives_the_sweep_points_and_cpu_shares() -> None:
    # --parameter-scan t 1 2 "env OMP_NUM_THREADS={t} ./amdahl": medians 0.4225 / 0.4886 s
    p = load(D / "hf-threads.json")
    assert _by(p, "scaling.threads", ScopeKind.RUN) == {"t=1": 1, "t=2": 2}
    assert p.meta["command"].endswith("amdahl")  # env settings left out of the rerun
    import perfscout.diagnose.rules  # noqa: F401  (the rules import placement first)
    from perfscout.diagnose.placement import cpu_shares, sweep_points

    ctx = _ctx("hf-threads.json")
    pts = sweep_points(ctx)
    assert [(n, round(t, 4)) for n, t, _ in pts] == [(1, 0.4225), (2, 0.4886)]
    # user + system over wall: under the machine's load the one-thread run got 0.80 CPUs
    shares = next(iter(cpu_shares(ctx).values()))
    assert shares[0][0] == pytest.approx((0.215303 + 0.12235867) / 0.42254655)


def test_hyperfine_names_an_omp_parameter_by_its_use(tmp_path: Path) -> None:
    doc = json.loads((D / "hf-threads.json").read_text())
    for r in doc["results"]:
        r["parameters"] = {"k": r["parameters"]["t"]}  # a name no sweep table uses
    f = tmp_path / "k.json"
    f.write_text(json.dumps(doc))
    assert sorted(_by(load(f), "scaling.threads").values()) == [1, 2]


def test_perf_trace_summary_reads_like_strace_c() -> None:
    # "write  20001  0  1094.xxx ..." in one thread: calls and seconds per call, all summed
    p = load(D / "pt-records.txt")
    calls = _by(p, "syscall.calls", ScopeKind.FUNCTION)
    assert calls["write"] == 20001 and calls["execve"] == 1
    secs = _by(p, "syscall.time", ScopeKind.FUNCTION)
    total = _by(p, "syscall.total_calls", ScopeKind.PROCESS)[""]
    assert total == sum(calls.values())
    assert _by(p, "syscall.time", ScopeKind.PROCESS)[""] == pytest.approx(sum(secs.values()))
    assert _by(p, "syscall.errors", ScopeKind.FUNCTION) == {"access": 1}
    text = (D / "pt-records.txt").read_text()
    row = next(ln for ln in text.splitlines() if ln.strip().startswith("write "))
    assert secs["write"] == pytest.approx(float(row.split()[3]) / 1e3)
    assert get_adapter("perf-trace-summary").family == get_adapter("strace-c").family


def test_perf_trace_threads_are_summed_and_kept_per_thread() -> None:
    p = load(D / "pt-threads.txt")
    assert _by(p, "syscall.calls", ScopeKind.FUNCTION)["write"] == 10001  # 5000 + 5000 + 1
    per = _by(p, "syscall.thread_calls", ScopeKind.THREAD)
    assert len(per) == 3 and sorted(per.values())[-2:] == [5008, 5008]
    tt = _by(p, "syscall.thread_time", ScopeKind.THREAD)
    assert sum(tt.values()) == pytest.approx(_by(p, "syscall.time", ScopeKind.PROCESS)[""])
    assert p.meta["threads"] == "3"


def test_perf_trace_with_summary_skips_the_calls_and_errno_lines() -> None:
    p = load(D / "pt-with-summary.txt")  # -S --errno-summary: 51 writes, two failing calls
    assert p.unparsed_lines == 0
    assert _by(p, "syscall.calls", ScopeKind.FUNCTION)["write"] == 51
    assert _by(p, "syscall.errors", ScopeKind.FUNCTION) == {"access": 1, "ioctl": 1}


def test_perf_trace_without_errors_column(tmp_path: Path) -> None:
    f = tmp_path / "old.txt"
    f.write_text("\n Summary of events:\n\n a.out (7), 8 events, 100.0%\n\n"
                 "   syscall            calls    total       min       avg       max      stddev\n"
                 "                               (msec)    (msec)    (msec)    (msec)        (%)\n"
                 "   --------------- -------- --------- --------- --------- ---------     ------\n"
                 "   read                   4     2.000     0.100     0.500     1.000     10.00%\n")
    p = load(f)
    assert p.format == "perf-trace-summary" and p.unparsed_lines == 0
    assert _by(p, "syscall.time", ScopeKind.FUNCTION) == {"read": 0.002}
    # --summary-mode=total: one table under " total, N events", no thread of its own
    f.write_text(f.read_text().replace(" a.out (7), 8 events, 100.0%", " total, 8 events"))
    p = load(f)
    assert p.unparsed_lines == 0 and not _by(p, "syscall.thread_calls")
    assert _by(p, "syscall.calls", ScopeKind.FUNCTION) == {"read": 4}


def test_heaptrack_summary_and_the_per_step_scratch_site() -> None:
    from perfscout.diagnose.rules.common import hotspot_shares

    # "calls to allocation functions: 40004 (147616/s)", "temporary memory allocations: 40000",
    # "peak heap memory consumption: 175.10K", "total memory leaked: 4.10K"
    p = load(D / "ht-steps.txt")
    run = _by(p, "alloc.calls", ScopeKind.PROCESS)[""]
    assert run == 40004 and _by(p, "alloc.rate")[""] == 147616
    assert _by(p, "alloc.temporary", ScopeKind.PROCESS)[""] == 40000
    assert _by(p, "alloc.temporary_share")[""] == pytest.approx(40000 / 40004)
    assert _by(p, "heap.peak")[""] == 175100 and _by(p, "heap.leaked")[""] == 4100
    sites = _by(p, "alloc.calls", ScopeKind.CALLSITE)
    assert sites["step (steps.c:6)"] == 20000 and sites["label (steps.c:13)"] == 20000
    assert _by(p, "alloc.temporary", ScopeKind.CALLSITE)["step (steps.c:6)"] == 20000
    assert _by(p, "heap.site_peak")["step (steps.c:6)"] == 32770  # 4096 doubles: "32.77K"
    assert p.meta["command"] == "./steps 4096 20000"
    top = p.hotspots[0]
    assert (top.name, top.calls, Path(top.location.file).name if top.location else "") == (
        "step", 20000, "steps.c")
    assert not hotspot_shares(p)  # call counts, no time shares for the time rules to misread


def test_heaptrack_site_is_the_programs_frame_under_library_frames() -> None:
    # std::__new_allocator::allocate ... _M_realloc_insert, then push_back, longest, main
    p = load(D / "ht-words.txt")
    assert _by(p, "alloc.calls", ScopeKind.CALLSITE)["longest (words.cpp:10)"] == 100000
    assert p.hotspots[0].name == "longest"
    assert p.hotspots[0].callpath[0].startswith("std::__new_allocator")
    assert _by(p, "alloc.temporary_share")[""] < 0.001  # the vector grows, never freed first


SEEDS = [("hyperfine", ["hf-dedup.csv"]), ("hyperfine", ["hf-dedup.md"]),
         ("hyperfine", ["hf-threads.json"]),
         ("perf-trace-summary", ["pt-threads.txt", "pt-with-summary.txt"]),
         ("heaptrack", ["ht-steps.txt", "ht-words.txt"])]


@pytest.mark.parametrize(("fmt", "files"), SEEDS, ids=[s[1][0] for s in SEEDS])
def test_fuzzed_inputs_parse_or_raise_parse_error(fmt: str, files: list[str]) -> None:
    seed = "\n".join((D / f).read_text() for f in files).splitlines()
    assert get_adapter(fmt).parse(D / files[0]).metrics  # the unmutated seed is read
    suffix = Path(files[0]).suffix

    @settings(max_examples=30, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(data=mutated_lines(seed))
    def run(data: list[str]) -> None:
        with tempfile.TemporaryDirectory() as d:
            target = Path(d) / f"x{suffix}"
            target.write_text("\n".join(data) + "\n", encoding="utf-8")
            with contextlib.suppress(ParseError):
                get_adapter(fmt).parse(target)

    run()


def _analyze(*files: str) -> dict:  # type: ignore[type-arg]
    cp = run_cli("analyze", *(str(D / f) for f in files), "--json")
    assert cp.returncode == 0, cp.stdout + cp.stderr
    data: dict = json.loads(cp.stdout)["data"]  # type: ignore[type-arg]
    assert not data["skipped"]
    return data


def test_analyze_names_the_quadratic_scan_in_a_hyperfine_sweep(ps_home: Path) -> None:
    data = _analyze("hf-dedup.json")
    assert data["findings"][0]["id"] == "alg.complexity"


def test_analyze_names_a_write_per_record_from_perf_trace(ps_home: Path) -> None:
    data = _analyze("pt-records.txt", "rec-out.txt")  # "wrote 20000 records"
    top = data["findings"][0]
    assert top["id"] == "app.io_hotspot" and top["status"] == "confirmed"


def test_analyze_reads_heaptrack_output(ps_home: Path) -> None:
    data = _analyze("ht-steps.txt")
    assert [i["format"] for i in data["inputs"]] == ["heaptrack"]
    assert data["data_requests"]  # no rule reads allocation counts yet: it asks for a profile
