"""Readers and rules for causes shown in forms the earlier rules missed, on real tool outputs made
here (g++/gcc 12, perf record/report with cpu-clock, callgrind + callgrind_annotate
--inclusive=yes, gprof -l: tests/diagnose/data/diag24/make.sh):

- a printout with a text setting between its numbers (``keys=25000 layout=sorted-vector
  cpu_s=0.0083``) keeps each number under its own key; a thread's ``cpu_s=`` is its busy time
  in seconds (inside a /usr/bin/time -v log still the program's measurement, one family); two
  counts printed per run in one ratio (readings and the distinct ids among them) are one size;
- a ``std::regex`` built for every record is ``app.redundant_work`` (an object rebuilt per call)
  from perf or callgrind, scoped to the program's function, never to a libstdc++ routine; the
  same pattern built once is not; ``_M_ready`` is not an I/O word;
- a vector kept sorted by insert (memmove of its tail per key) is ``alg.complexity`` from the
  printed sweep, the simulator's memmove share agreeing; no proposal targets a system header;
- a one-line function in another source file called per element (gprof -l) is
  ``hw.vectorization`` at the calling line with ``-flto``; the -flto build of it is silent;
- a naive matrix product whose time grows as the n^3 work it prints (GFLOP/s held) is no
  ``alg.complexity``."""

from __future__ import annotations

import math
import tempfile
from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.diagnose.rules.common import is_io
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding
from perfscout.model.metrics import ScopeKind
from perfscout.model.snapshot import Compiler, PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.sandbox import default_runner

D = Path(__file__).parent / "data" / "diag24"


def _snap() -> PlatformSnapshot:
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2),
                   compilers=(Compiler("gcc", "gnu", "12.2.0"),))


def _findings(*files: str) -> list[Finding]:
    return list(diagnose([derive(load(D / f)) for f in files], _snap()).findings)


def _analyze(*files: str):  # type: ignore[no-untyped-def]
    with tempfile.TemporaryDirectory() as ws:
        return analyze([D / f for f in files], snapshot=_snap(), runner=default_runner(Path(ws)))


def _values(file: str, name: str) -> list[float]:
    return [m.value for m in load(D / file).metrics if m.name == name]


def test_text_setting_does_not_swallow_the_next_key() -> None:
    # keys=25000 layout=sorted-vector cpu_s=0.0083 ... (4 runs, by hand from the file)
    assert _values("shiftins-sweep.txt", "time.cpu") == [0.0083, 0.0315, 0.1210, 0.4787]
    assert _values("shiftins-sweep.txt", "scaling.size") == [25000, 50000, 100000, 200000]
    assert _values("wordpat-output.txt", "time.cpu") == [2.3001]


def test_thread_cpu_seconds_are_busy_time() -> None:
    busy = {m.scope.name: m.value for m in load(D / "teams-output.txt").metrics
            if m.name == "busy.time" and m.scope.kind == ScopeKind.THREAD}
    assert busy == {"1": 0.1850, "0": 0.0688}
    assert [f.id for f in _findings("teams-output.txt")][:1] == ["rt.omp_imbalance"]


def test_thread_printout_in_a_time_log_is_one_family() -> None:
    # the per-thread cpu_s lines inside a /usr/bin/time -v log are the program's printout: the
    # imbalance derived from them is the program's measurement, not OS accounting agreeing
    top = _findings("teams-timev.txt")[0]
    assert top.id == "rt.omp_imbalance"
    assert {e.source_kind for e in top.evidence} == {"program"}
    assert top.status.value == "hypothesis"
    assert abs(top.evidence[0].value - 0.1846 / ((0.1846 + 0.0696) / 2)) < 1e-6


def test_proportional_counts_are_one_size() -> None:
    # readings=40000 unique=5000 ... readings=320000 unique=40000: readings is the size
    assert _values("uniq-sweep.txt", "scaling.size") == [40000, 80000, 160000, 320000]
    top = _findings("uniq-sweep.txt")[0]
    assert top.id == "alg.complexity"
    assert "size^2.00" in top.evidence[0].quote


def test_regex_built_per_record_from_perf() -> None:
    top = _findings("wordpat-perf.txt", "wordpat-output.txt")[0]
    assert top.id == "app.redundant_work"
    assert top.title.startswith("the same costly object built again")
    # _M_ready 5.08 + use_facet 4.77 + 0.91 + do_transform 4.73 + isctype 1.21 + do_tolower
    # 1.08 + _NFA::_M_insert_matcher 0.26, with the type checks and strxfrm the facet lookups
    # make: __dynamic_cast 20.13 + __do_dyncast 5.77 + 2.78 + __strxfrm_l 3.21 = 49.93%
    assert abs(top.evidence[0].value - 0.4993) < 1e-3


def test_regex_built_once_is_not_redundant() -> None:
    ids = [f.id for f in _findings("wordpat-once-perf.txt", "wordpat-once-output.txt")]
    assert "app.redundant_work" not in ids


def test_regex_callgrind_scopes_the_programs_function_and_is_not_io() -> None:
    a = _analyze("wordpat-callgrind.txt", "wordpat-perf.txt")
    assert a.findings[0].id == "app.redundant_work"
    assert a.findings[0].status.value == "confirmed"  # simulator and sampling agree
    assert "app.io_hotspot" not in [f.id for f in a.findings]
    scopes = {p.id: p.scope for p in a.proposals}
    assert scopes.get("hoist_invariant") == "main"
    assert "io_buffering" not in scopes
    assert not is_io("std::__detail::_BracketMatcher<std::__cxx11::regex_traits<char>, false, "
                     "false>::_M_ready()")
    assert is_io("read_input") and is_io("readRecords")


def test_sorted_insert_is_complexity_with_no_header_scope() -> None:
    a = _analyze("shiftins-sweep.txt", "shiftins-callgrind.txt")
    top = a.findings[0]
    assert top.id == "alg.complexity" and top.status.value == "confirmed"
    k = (math.log(0.4787) - math.log(0.0083)) / math.log(8)  # end points: ~1.95
    assert abs(k - 1.95) < 0.05 and "size^1.95" in top.evidence[0].quote
    assert "replace_algorithm" in [p.id for p in a.proposals]
    assert not any(p.scope.startswith("/usr/") for p in a.proposals)


def test_cross_file_call_per_element_is_vectorization_with_lto() -> None:
    a = _analyze("axpy-gprof-lines.txt", "axpy-output.txt")
    top = a.findings[0]
    assert top.id == "hw.vectorization" and top.scope == "axpy_main.c:14"
    # 0.18 s self over 245,760,000 calls = 0.73 ns per call
    assert abs(top.evidence[0].value - 0.18 / 245760000 * 1e9) < 1e-6
    assert "app.redundant_work" not in [f.id for f in a.findings]
    lto = [p for p in a.proposals if p.id == "compiler_lto"]
    assert lto and lto[0].change.flags == ("-flto",)


def test_inlined_build_and_flat_profile_make_no_cross_file_finding() -> None:
    assert _findings("axpylto-gprof-lines.txt") == []
    # a flat profile names no file: the call stays a repeated-call hypothesis
    assert [f.id for f in _findings("axpy-gprof-flat.txt")] == ["app.redundant_work"]


def test_printed_work_rate_explains_the_growth() -> None:
    t = _values("mm-sweep.txt", "time.cpu")
    n = _values("mm-sweep.txt", "scaling.size")
    assert n == [100, 200, 400, 800] and len(t) == 4
    assert math.log(t[-1] / t[0]) / math.log(8) > 1.5  # the time alone would say super-linear
    assert "alg.complexity" not in [f.id for f in _findings("mm-sweep.txt")]
