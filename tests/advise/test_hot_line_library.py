"""A loop change names the program's hot line, never a system header's or a library's line
(issue 22, bullet 6).

The fixtures in ``data/hotline2`` are real tool outputs made by ``data/hotline2/make.sh`` from
``sumsq.cpp``: each step refills a vector with ``std::fill`` (inlined from ``<algorithm>``, so
callgrind charges its loop to ``/usr/include/c++/*/bits/stl_algobase.h`` and perf report
--sort srcline to a bare ``stl_algobase.h:921``) and then sums every fourth element in the
program's own loop (lines 15-16). The header's line is the hottest line of every line-level
profile; the change must go in ``sumsq.cpp``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.advise.conftest import PolicyCheck, finding

from perfscout.advise import LOOP_PROPOSALS, advise, aim_at_hot_line
from perfscout.advise.catalog.common import source_hot_lines
from perfscout.advise.facts import Facts
from perfscout.advise.usercode import same_function
from perfscout.ingest.registry import load
from perfscout.ingest.source_paths import library_source
from perfscout.model.metrics import Profile, source_line
from perfscout.model.proposals import Proposal

DATA = Path(__file__).parent / "data" / "hotline2"
PROGRAM = "sumsq.cpp"


def _profiles(*names: str) -> list[Profile]:
    return [load(DATA / n) for n in names]


def _raw_hottest_line(profiles: list[Profile]) -> str:
    """The hottest source line the profiles name, whoever's it is (what a reader that does
    not tell the program's lines from a header's would pick)."""
    lines = [(h.self_share or 0.0, w) for p in profiles for h in p.hotspots
             if (w := source_line(h)) is not None]
    return max(lines)[1]


@pytest.mark.parametrize(("names", "header", "line"), [
    # callgrind_annotate --auto=yes: the header's full path; 16 is the program's costliest line
    (("callgrind-annotate.txt",), "/usr/include/", 16),
    # perf report --sort srcline and sym,srcline: the header's base name only
    (("perf-report-srcline.txt",), "stl_algobase.h", 15),
    # perf annotate -l main: the header's line as "main line 921" in stl_algobase.h
    (("perf-annotate-main.txt",), "stl_algobase.h", 15),
    (("perf-report-sym-srcline.txt",), "stl_algobase.h", 15),
])
def test_the_hot_line_is_the_programs_never_a_system_headers(
        names: tuple[str, ...], header: str, line: int) -> None:
    profiles = _profiles(*names)
    raw = _raw_hottest_line(profiles)
    assert header in raw and library_source(raw.rpartition(":")[0])  # the trap is there
    f = Facts.build([], None, profiles)
    hot = f.hot_line()
    assert hot is not None and Path(hot.rpartition(":")[0]).name == PROGRAM
    assert hot.endswith(f":{line}")
    # a loop proposal the diagnosis scoped to the function gets the program's line
    p = aim_at_hot_line(Proposal(id="omp_simd", kind="source", scope="main"), f)
    assert p.scope == hot
    assert any(f"target: {hot}" in e for e in p.evidence)


def test_generated_changes_are_never_tried_in_a_system_header() -> None:
    f = Facts.build([], None, _profiles("callgrind-annotate.txt"))
    assert all(not library_source(path) for path, _line, _text in source_hot_lines(f))


def test_only_header_lines_give_no_line_and_the_function_stays_the_scope() -> None:
    # callgrind_annotate asked to annotate the header alone: its lines are the only ones
    profiles = _profiles("callgrind-annotate-header-only.txt")
    assert library_source(_raw_hottest_line(profiles).rpartition(":")[0])
    f = Facts.build([], None, profiles)
    assert f.hot_line() is None
    p = aim_at_hot_line(Proposal(id="loop_unroll", kind="source", scope="main"), f)
    assert p.scope == "main"
    assert not any(".h:" in e for e in p.evidence)


def test_no_line_data_keeps_the_function_and_invents_no_line() -> None:
    # perf report --sort dso,sym of the same samples: functions only
    f = Facts.build([], None, _profiles("perf-report-sym.txt"))
    assert f.hot_line() is None
    p = aim_at_hot_line(Proposal(id="loop_interchange", kind="source", scope="main"), f)
    assert p.scope == "main"
    assert any("no input has line-level data" in e for e in p.evidence)


@pytest.mark.parametrize(("path", "theirs"), [
    ("/usr/include/c++/12/bits/basic_string.h", True),
    ("/usr/lib/gcc/x86_64-linux-gnu/12/include/avxintrin.h", True),
    ("./malloc/./malloc/malloc.c", True),
    ("./string/../sysdeps/x86_64/multiarch/memmove-vec-unaligned-erms.S", True),
    ("./csu/../csu/libc-start.c", True),
    ("./stdio-common/../include/rounding-mode.h", True),  # glibc's own include folder
    ("./src/../lib/grid.c", False),  # a project's relative build path
    ("stl_algobase.h", True),
    ("sumsq.cpp", False),
    ("_src/sumsq.cpp", False),
    ("/home/u/proj/include/grid.h", False),
    ("config.h", False),  # a project's header with a name a sub-library also uses
])
def test_library_sources_by_path(path: str, theirs: bool) -> None:
    assert library_source(path) is theirs


def test_a_vectorisation_change_follows_the_profile_not_the_first_remark(
        policy: PolicyCheck) -> None:
    # gcc's remarks name line 13 (the steps' loop) first and the header's std::fill loop; the
    # sampled profile puts the program's time on line 15: omp_simd goes there
    remarks, perf = _profiles("gcc-vec-missed.txt", "perf-report-sym-srcline.txt")
    first = next(r for r in remarks.remarks if Path(r.file).name == PROGRAM)
    assert first.line == 13
    f = finding("hw.vectorization", scope="main")
    adv = advise([f], None, [remarks, perf], policy_check=policy)
    loops = [p for p in adv.proposals if p.id in LOOP_PROPOSALS]
    assert loops, [p.id for p in adv.proposals]
    for p in loops:
        assert p.scope == "sumsq.cpp:15", (p.id, p.scope)
        assert any("perf-report" in e for e in p.evidence if e.startswith("target:"))


def test_a_kernel_symbol_is_never_the_scope_of_a_code_change() -> None:
    # perf report --sort sym marks the kernel's rows [k] and prints no shared object
    (prof,) = _profiles("perf-report-sym-only.txt")
    kernel = next(h.name for h in prof.hotspots if h.name.startswith("finish_task_switch"))
    f = Facts.build([], None, [prof])
    assert f.foreign(kernel)
    p = aim_at_hot_line(Proposal(id="mpi_aggregate_messages", kind="source", scope=kernel), f)
    # no module names the program's own rows here: the program as a whole, said so
    assert p.scope != kernel and (p.scope == "" or not f.foreign(p.scope))
    assert any("not the program's code" in e for e in p.evidence)


def test_rescheduling_an_openmp_regions_loop_names_that_loops_hot_line() -> None:
    # perf annotate of gcc's outlined region main._omp_fn.0: the inner line 16 of the loop
    f = Facts.build([], None, _profiles("perf-annotate-omp.txt", "perf-report-omp.txt"))
    p = aim_at_hot_line(
        Proposal(id="rebalance_decomposition", kind="param", scope="main._omp_fn.0"), f)
    assert p.scope == "triwork.c:16"
    assert any("OpenMP region main._omp_fn.0" in e for e in p.evidence)
    # without line-level data the region's parent function, as before: no line invented
    g = Facts.build([], None, _profiles("perf-report-omp.txt"))
    q = aim_at_hot_line(
        Proposal(id="rebalance_decomposition", kind="param", scope="main._omp_fn.0"), g)
    assert q.scope == "main"
    # a parameter that is not about the loop's split keeps naming the function
    r = aim_at_hot_line(Proposal(id="thread_count", kind="param", scope="main._omp_fn.0"), f)
    assert r.scope == "main"


def test_a_cxx_function_named_without_its_signature_gets_its_line() -> None:
    # perf report says "walk"; perf annotate names the lines' function by its signature
    ann, rep = _profiles("perf-annotate-walk.txt", "perf-report-walk.txt")
    assert any(h.name == "walk" for h in rep.hotspots)
    assert all(h.name.startswith("walk(std::vector") for h in ann.hotspots)
    f = Facts.build([], None, [ann, rep])
    t = f.target_line("walk")
    assert t.where == "cxxfn.cpp:11"
    p = aim_at_hot_line(Proposal(id="loop_unroll", kind="source", scope="walk"), f)
    assert p.scope == "cxxfn.cpp:11"
    assert any("hottest line of walk" in e for e in p.evidence)


@pytest.mark.parametrize(("a", "b", "same"), [
    ("walk", "walk(std::vector<double, std::allocator<double> > const&, int)", True),
    ("P::norm() const", "P::norm", True),
    ("main", "main._omp_fn.0", False),
    ("walk(int)", "run(int)", False),
    ("(below main)", "below main", False),
])
def test_function_names_across_tools(a: str, b: str, same: bool) -> None:
    assert same_function(a, b) is same


LIBSITE = Path(__file__).parent / "data" / "libsite"


def test_a_library_routine_called_from_a_headers_inlined_line_gets_no_header_line() -> None:
    """data/libsite (make.sh): an ordered insert into a std::vector; callgrind --inclusive puts
    the memmove's call on ``stl_algobase.h:742`` (inlined into main). That line is not where a
    change goes: no target line is named for the memmove, and no generator is tried there."""
    from perfscout.advise.catalog.generated import finding_lines

    profile = load(LIBSITE / "callgrind-inclusive.txt")
    calls = [m.scope.name for m in profile.metrics if m.name == "callsite.cost"]
    assert any("stl_algobase.h:742" in c for c in calls)  # the trap is in the data
    facts = Facts.build([], None, [profile])
    target = facts.target_line("__memcpy_avx_unaligned_erms")
    assert target.where is None or not library_source(target.where.rpartition(":")[0])
    f = finding("app.redundant_work", scope="__memcpy_avx_unaligned_erms")
    assert all(not library_source(p) for p, _n, _t in finding_lines(facts, f))
