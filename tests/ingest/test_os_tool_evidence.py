"""ltrace -c, mpstat, pidstat, build logs and the THP setting (fixtures made by
tests/ingest/data/os_tool_evidence/make.sh with the real tools). Values read off the files by
hand; look-alikes stay with their own readers; mutated inputs only raise ParseError; a lone file
of each kind is read by ``analyze`` (exit 0) instead of ending in an error."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from tests.conftest import run_cli

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile, ScopeKind

D = Path(__file__).parent / "data" / "os_tool_evidence"
ROOT = Path(__file__).parent / "data"


def _by_scope(p: Profile, name: str) -> dict[str, float]:
    return {m.scope.name: m.value for m in p.metrics if m.name == name}


def _one(p: Profile, name: str, scope: str) -> float:
    return _by_scope(p, name)[scope]


# -- ltrace -c --------------------------------------------------------------------------------

def test_ltrace_c_rows_are_hotspots_with_calls_and_shares() -> None:
    # snprintf 52.88% 0.194265 s 2000 calls; strtod 47.01% 0.172716 s 2000; total 4002 calls
    p = load(D / "ltrace-c.txt")
    assert p.format == "ltrace-c" and p.unparsed_lines == 0
    hot = {h.name: h for h in p.hotspots}
    assert set(hot) == {"snprintf", "strtod", "printf", "strtol"}
    assert hot["snprintf"].calls == 2000 and hot["snprintf"].self_share == pytest.approx(0.5288)
    assert hot["snprintf"].self_value == pytest.approx(0.194265) and hot["snprintf"].unit == "s"
    assert hot["strtod"].self_share == pytest.approx(0.4701) and hot["strtol"].calls == 1
    assert _by_scope(p, "calls") == {"snprintf": 2000, "strtod": 2000, "printf": 1,
                                     "strtol": 1, "": 4002}
    assert get_adapter("ltrace-c").family == "instrumentation"


def test_ltrace_c_f_adds_parent_and_child() -> None:
    # fork 2 calls (parent + child each return), strlen 900 = 600 parent + 300 child
    p = load(D / "ltrace-c-f.txt")
    hot = {h.name: h for h in p.hotspots}
    assert hot["strlen"].calls == 900 and hot["fork"].calls == 2 and hot["waitpid"].calls == 1
    assert hot["waitpid"].self_value == pytest.approx(0.009486)
    assert _one(p, "calls", "") == 2705


def test_ltrace_c_S_system_calls_are_syscalls_not_hotspots() -> None:
    # SYS_mmap 12 calls 0.000158 s, SYS_write 1; library rows stay hotspots
    p = load(D / "ltrace-c-S.txt")
    assert "SYS_mmap" not in {h.name for h in p.hotspots}
    assert _one(p, "syscall.calls", "mmap") == 12 and _one(p, "syscall.calls", "write") == 1
    assert _one(p, "syscall.time", "mmap") == pytest.approx(0.000158)
    assert {h.name: h.calls for h in p.hotspots}["strtod"] == 500
    assert load(D / "ltrace-c-stderr.txt").format == "ltrace-c"


# -- mpstat -----------------------------------------------------------------------------------

def test_mpstat_average_block_per_cpu_and_machine() -> None:
    # LC_ALL=C Average: all usr 94.80 sys 4.46 soft 0.25 iowait 0.25 steal 0.25;
    # cpu 0 usr 93.60 sys 5.42 iowait 0.49 steal 0.49; cpu 1 usr 96.02 sys 3.48 soft 0.50
    p = load(D / "mpstat-P-ALL-C.txt")
    assert p.format == "mpstat" and p.unparsed_lines == 0 and p.meta["block"] == "Average"
    busy = _by_scope(p, "machine.cpu_busy")
    assert busy == pytest.approx({"machine": 0.9951, "cpu 0": 0.9902, "cpu 1": 1.0})
    assert _by_scope(p, "machine.cpu_iowait") == pytest.approx(
        {"machine": 0.0025, "cpu 0": 0.0049, "cpu 1": 0.0})
    assert _by_scope(p, "machine.cpu_steal") == pytest.approx(
        {"machine": 0.0025, "cpu 0": 0.0049, "cpu 1": 0.0})
    assert _one(p, "cpu.online", "machine") == 2
    kinds = {m.scope.name: m.scope.kind for m in p.metrics}
    assert kinds["cpu 0"] == ScopeKind.CORE and kinds["machine"] == ScopeKind.NODE


def test_mpstat_without_average_is_the_mean_of_the_intervals(tmp_path: Path) -> None:
    # mpstat-P-ALL.txt cut before its Average block: cpu 0 busy 96+4, 99+1, 91+9 = 100%;
    # the 'all' rows 90+10, 99+1, 95.48+4.52
    lines = (D / "mpstat-P-ALL.txt").read_text().split("\nAverage:")[0]
    f = tmp_path / "cut.txt"
    f.write_text(lines + "\n")
    p = load(f)
    assert p.meta["block"] == "intervals"
    assert _by_scope(p, "machine.cpu_busy") == pytest.approx(
        {"machine": 1.0, "cpu 0": 1.0, "cpu 1": 1.0})


def test_mpstat_all_only() -> None:
    p = load(D / "mpstat-all.txt")
    assert set(_by_scope(p, "machine.cpu_busy")) == {"machine"}


# -- pidstat ----------------------------------------------------------------------------------

def test_pidstat_u_cpu_and_run_queue_wait_share() -> None:
    # Average: %CPU 56.50, %wait 43.00 -> wait / (CPU + wait) = 43 / 99.5
    p = load(D / "pidstat-u.txt")
    assert p.format == "pidstat" and p.unparsed_lines == 0
    assert _by_scope(p, "cpu.share") == pytest.approx({"pid 9088": 0.565})
    assert _by_scope(p, "sched.wait_share") == pytest.approx({"pid 9088": 43 / 99.5})
    sc = p.metrics[0].scope
    assert sc.kind == ScopeKind.PROCESS and sc.parent == "busy"


def test_pidstat_t_threads() -> None:
    # tid 9098: %CPU 0.99, %wait 6.93; tid 9088: 50.50 / 48.51; the process row 51.49 / 48.51
    p = load(D / "pidstat-t-u.txt")
    cpu = _by_scope(p, "cpu.share")
    assert cpu == pytest.approx({"pid 9088": 0.5149, "tid 9088": 0.505, "tid 9098": 0.0099})
    assert _one(p, "sched.wait_share", "tid 9088") == pytest.approx(48.51 / (50.50 + 48.51))
    # tid 9098 was runnable 0.99 + 6.93 < 10% of the window: its wait share is rounding
    assert set(_by_scope(p, "sched.wait_share")) == {"pid 9088", "tid 9088"}
    kinds = {m.scope.name: m.scope.kind for m in p.metrics}
    assert kinds["tid 9098"] == ScopeKind.THREAD and kinds["pid 9088"] == ScopeKind.PROCESS
    assert {m.scope.parent for m in p.metrics} == {"busy"}  # '|__' taken off
    r = load(D / "pidstat-t-r.txt")
    assert set(_by_scope(r, "page_faults.minor")) == {"pid 9088", "tid 9088", "tid 9098"}


def test_pidstat_r_faults_over_the_window_and_rss() -> None:
    # minflt/s 4122.00 over 17:45:30-31 and 0.00 over 31-32: 4122 faults; RSS 9712 KiB
    p = load(D / "pidstat-r.txt")
    assert _one(p, "page_faults.minor", "pid 9088") == 4122
    assert _one(p, "page_faults.major", "pid 9088") == 0
    assert _one(p, "page_faults", "pid 9088") == 4122
    assert _one(p, "mem.max_rss", "pid 9088") == 9712


def test_pidstat_w_context_switches() -> None:
    # nvcswch/s 158.00 and 160.00 over one second each, cswch/s 0
    p = load(D / "pidstat-w.txt")
    assert _one(p, "context_switches", "pid 9088") == 318
    assert _one(p, "context_switches.involuntary", "pid 9088") == 318


def test_pidstat_h_one_line_per_interval() -> None:
    # -h: 17:45:31 CPU 52.00 wait 48.00 minflt 4113; 17:45:32 CPU 62.38 wait 36.63 minflt 0
    # (the first row's interval is the next one's: 1 s)
    p = load(D / "pidstat-h-ur.txt")
    assert _one(p, "cpu.share", "pid 9088") == pytest.approx((0.52 + 0.6238) / 2)
    assert _one(p, "page_faults.minor", "pid 9088") == 4113
    assert _one(p, "mem.max_rss", "pid 9088") == 9712


def test_pidstat_urw_l_and_d() -> None:
    # -urw: three blocks of one 1 s interval, then three Average blocks: %CPU 52.00 %wait
    # 48.00, minflt/s 4113.00, nvcswch/s 161.00
    urw = load(D / "pidstat-urw.txt")
    assert urw.unparsed_lines == 0
    assert _one(urw, "cpu.share", "pid 9088") == pytest.approx(0.52)
    assert _one(urw, "sched.wait_share", "pid 9088") == pytest.approx(0.48)
    assert _one(urw, "page_faults.minor", "pid 9088") == 4113
    assert _one(urw, "context_switches.involuntary", "pid 9088") == 161
    # -l: the command with its arguments is the scope's parent
    lp = load(D / "pidstat-l-u.txt")
    assert lp.metrics[0].scope.parent.endswith("/busy 5")
    assert _one(lp, "cpu.share", "pid 9088") == pytest.approx(0.5149)
    d = load(D / "pidstat-d.txt")  # kB_rd/s 0.00, kB_wr/s 0.00 over one second
    assert _by_scope(d, "io.read_bytes") == {"pid 9088": 0}
    assert _by_scope(d, "io.write_bytes") == {"pid 9088": 0}


# -- build log --------------------------------------------------------------------------------

def test_build_log_flags_are_build_facts() -> None:
    # g++ -O2 -g -Wall main.cpp; gcc -O3 -march=native -fopenmp -g kern.c; gfortran -O2
    # -funroll-loops solve.f90 (no -g, no -fopenmp); one link line; two warnings
    p = load(D / "build.log")
    assert p.format == "build-log" and not p.metrics
    m = p.meta
    assert m["compiler"] == "g++" and m["opt_level"] == "-O2 -O3" and m["march"] == "native"
    assert m["openmp"] == "some" and m["debug"] == "some"
    assert m["compile_lines"] == "3" and m["link_lines"] == "1" and m["warnings"] == "2"
    assert "-funroll-loops" in m["flags"].split() and "-c" not in m["flags"].split()
    assert get_adapter("build-log").family == "compiler"


def test_build_log_echo_forms(tmp_path: Path) -> None:
    # sh -x '+', ninja '[1/2]', libtool 'compile:'; a one-step 'gcc a.c -o a' compiles and links
    f = tmp_path / "b.log"
    f.write_text("+ gcc -O2 -fopenmp prog.c -o prog -lm\n"
                 "[ 50%] Building C object CMakeFiles/app.dir/a.c.o\n"
                 "[1/2] /usr/bin/cc   -O3 -g -o CMakeFiles/app.dir/a.c.o -c /src/a.c\n"
                 "libtool: compile:  gcc -O2 -c b.c  -fPIC -DPIC -o .libs/b.o\n")
    m = load(f).meta
    assert m["compile_lines"] == "3" and m["link_lines"] == "1"
    assert m["opt_level"] == "-O2 -O3" and m["openmp"] == "some"
    assert m["flags"].split() == ["-O2", "-fopenmp", "-O3", "-g", "-fPIC"]


def test_build_log_every_unit_openmp(tmp_path: Path) -> None:
    f = tmp_path / "b.log"
    f.write_text("cd src && /usr/bin/mpicc -O3 -fopenmp -g -c a.c -o a.o\n"
                 "ccache gcc -fopenmp -g -xHost -c b.c\n")
    m = load(f).meta
    assert m["compiler"] == "mpicc" and m["openmp"] == "1" and m["debug"] == "1"
    assert m["opt_level"] == "-O3 -O0" and m["march"] == "Host"


# -- THP setting ------------------------------------------------------------------------------

def test_thp_settings() -> None:
    assert load(D / "thp-enabled.txt").meta == {"thp_mode": "madvise"}
    assert load(D / "thp-defrag.txt").meta == {"thp_defrag": "madvise"}
    g = load(D / "thp-grep.txt")  # the per-size hugepages-2048kB/enabled line is not read
    assert g.meta == {"thp_mode": "madvise", "thp_defrag": "madvise"} and g.unparsed_lines == 1
    assert get_adapter("thp-setting").family == "os_accounting"
    h = load(D / "thp-head.txt")  # head's '==> .../defrag <==' banner names the file
    assert h.meta == {"thp_mode": "madvise", "thp_defrag": "madvise"} and h.unparsed_lines == 0


@pytest.mark.parametrize(("text", "meta"), [
    ("$ cat /sys/kernel/mm/transparent_hugepage/enabled\n[always] madvise never\n",
     {"thp_mode": "always"}),
    ("THP enabled: always madvise [never]\ndefrag = always defer [defer+madvise] madvise never\n",
     {"thp_mode": "never", "thp_defrag": "defer+madvise"}),
    ("always within_size advise [never] deny force\n", {"thp_shmem": "never"}),
])
def test_thp_labelled_and_transcribed(tmp_path: Path, text: str, meta: dict[str, str]) -> None:
    f = tmp_path / "thp.txt"
    f.write_text(text)
    assert detect(f).name == "thp-setting" and load(f).meta == meta


# -- look-alikes ------------------------------------------------------------------------------

@pytest.mark.parametrize(("rel", "fmt"), [
    ("os_tool_evidence/time-v.txt", "time_v"),
    ("user_evidence/strace-c.txt", "strace-c"),
    ("user_evidence/strace-fc.txt", "strace-c"),
    ("user_evidence/vmstat-3.txt", "vmstat"),
    ("system_evidence/perf-report-sort-pid-sym.txt", "perf-report"),
])
def test_look_alikes_stay_with_their_readers(rel: str, fmt: str) -> None:
    assert detect(ROOT / rel).name == fmt


@pytest.mark.parametrize("rel", ["os_tool_evidence/make.sh", "os_tool_evidence/src/proj/Makefile",
                                 "os_tool_evidence/src/busy.c"])
def test_scripts_that_would_build_are_no_build_log(rel: str) -> None:
    head = (ROOT / rel).read_text()
    assert get_adapter("build-log").sniff(head, ROOT / rel) == 0.0


def test_a_thp_look_alike_line_is_not_a_setting() -> None:
    ad = get_adapter("thp-setting")
    for text in ("always madvise never\n", "[a] b c\n", "always [madvise] never\n" * 5):
        assert ad.sniff(text, D / "x.txt") == 0.0


# -- fuzz -------------------------------------------------------------------------------------

FUZZ = {"ltrace-c": ["ltrace-c.txt", "ltrace-c-f.txt", "ltrace-c-S.txt"],
        "mpstat": ["mpstat-P-ALL.txt", "mpstat-all.txt"],
        "pidstat": ["pidstat-t-u.txt", "pidstat-urw.txt", "pidstat-h-ur.txt", "pidstat-r.txt"],
        "build-log": ["build.log"],
        "thp-setting": ["thp-grep.txt", "thp-head.txt"]}


def _fuzz(name: str, tmp: Path, data: list[str]) -> None:
    target = tmp / "x.txt"
    target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
    with contextlib.suppress(ParseError):
        get_adapter(name).parse(target)


def _lines(name: str) -> list[str]:
    return "\n".join((D / f).read_text() for f in FUZZ[name]).splitlines()


_S = settings(max_examples=40, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])


@_S
@given(data=mutated_lines(_lines("ltrace-c")))
def test_fuzzed_ltrace(tmp_path: Path, data: list[str]) -> None:
    _fuzz("ltrace-c", tmp_path, data)


@_S
@given(data=mutated_lines(_lines("mpstat")))
def test_fuzzed_mpstat(tmp_path: Path, data: list[str]) -> None:
    _fuzz("mpstat", tmp_path, data)


@_S
@given(data=mutated_lines(_lines("pidstat")))
def test_fuzzed_pidstat(tmp_path: Path, data: list[str]) -> None:
    _fuzz("pidstat", tmp_path, data)


@_S
@given(data=mutated_lines(_lines("build-log")))
def test_fuzzed_build_log(tmp_path: Path, data: list[str]) -> None:
    _fuzz("build-log", tmp_path, data)


@_S
@given(data=mutated_lines(_lines("thp-setting")))
def test_fuzzed_thp(tmp_path: Path, data: list[str]) -> None:
    _fuzz("thp-setting", tmp_path, data)


# -- a lone file through the CLI --------------------------------------------------------------

LONE = {"ltrace-c.txt": "ltrace-c", "mpstat-P-ALL.txt": "mpstat", "pidstat-u.txt": "pidstat",
        "pidstat-r.txt": "pidstat", "pidstat-w.txt": "pidstat", "build.log": "build-log",
        "thp-enabled.txt": "thp-setting"}
#: the lone files whose quantities decide nothing: the analysis asks for data. (A lone
#: ltrace -c or pidstat -u may give a hypothesis from the rules that read hotspots and the
#: run-queue wait share; that is the rules' call, checked as exit 0 and nothing confirmed.)
UNDECIDED = ("mpstat-P-ALL.txt", "pidstat-r.txt", "pidstat-w.txt", "build.log",
             "thp-enabled.txt")


@pytest.mark.parametrize("name", sorted(LONE))
def test_a_lone_file_is_analysed_not_refused(name: str) -> None:
    cp = run_cli("analyze", str(D / name), "--json")
    assert cp.returncode == 0, cp.stderr
    env = json.loads(cp.stdout)
    data = env["data"]
    assert not data["skipped"] and not env["errors"]
    assert [i["format"] for i in data["inputs"]] == [LONE[name]]
    assert not [f for f in data["findings"] if f["status"] == "confirmed"]
    if name in UNDECIDED:
        assert data["data_requests"] and not data["findings"]
