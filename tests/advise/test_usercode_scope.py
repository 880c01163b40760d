"""A proposal that changes code names the user's source, never a library routine, a system call
or an outlined OpenMP region (issue 22, bullet 6: hot code from line-level data).

The fixtures in ``data/usercode`` are real tool outputs made by ``data/usercode/make.sh``:
``libcall.c``'s ``work()`` calls libm's ``exp`` in its loop (lines 11-12; ~90% of the run is
inside libm) and is called by ``main``; ``ompreg.c``'s ``#pragma omp parallel for`` body is gcc's
``main._omp_fn.0``; ``writer.c`` makes 20,000 ``write`` calls (strace -c).
"""

from __future__ import annotations

from pathlib import Path

from perfscout.advise import aim_at_hot_line
from perfscout.advise.facts import Facts
from perfscout.advise.usercode import innermost_first, internal_name, outlined_parent
from perfscout.ingest.registry import load
from perfscout.model.proposals import Proposal

DATA = Path(__file__).parent / "data" / "usercode"
EXP = "__ieee754_exp_fma"  # libm's routine under exp()


def _facts(*names: str) -> Facts:
    return Facts.build([], None, [load(DATA / n) for n in names])


def _aim(facts: Facts, scope: str, pid: str = "hoist_invariant") -> Proposal:
    return aim_at_hot_line(Proposal(id=pid, kind="source", scope=scope), facts)


def test_a_libm_routine_gives_way_to_its_caller_from_perf_call_chains() -> None:
    # perf record --call-graph dwarf: exp is called from work (perf's callee order); no input
    # has line-level data, so the scope is the caller function and the evidence says so
    p = _aim(_facts("perf-report-dwarf.txt"), EXP)
    assert p.scope == "work"
    assert any("its caller work" in e and "no line-level data" in e for e in p.evidence)


def test_perf_caller_order_chains_are_read_innermost_first() -> None:
    # the same run printed with -g caller (_start first): the caller is still work, not main
    assert _facts("perf-report-dwarf-caller.txt").user_caller(EXP) == (
        "work", "perf-report call chains")
    hs = load(DATA / "perf-report-dwarf-caller.txt").hotspots[0]
    assert innermost_first(hs.name, hs.callpath)[0] == EXP


def test_with_line_level_data_the_callers_hot_line_is_named() -> None:
    # perf report --sort sym,srcline puts work's own samples on libcall.c:11, the loop that
    # calls exp; the lines of libm's e_exp.c and w_exp.c are never taken
    p = _aim(_facts("perf-report-dwarf.txt", "perf-report-srcline.txt"), EXP)
    assert p.scope == "libcall.c:11"
    assert any("its caller work" in e for e in p.evidence)


def test_frame_pointer_chains_name_the_frame_perf_printed() -> None:
    # with -g (frame pointers) perf printed exp's caller as main: that is what the input says
    f = _facts("perf-report-g.txt")
    assert f.user_caller(EXP) == ("main", "perf-report call chains")
    assert _aim(f, EXP).scope == "main"


def test_an_outlined_openmp_region_is_scoped_to_its_parent() -> None:
    # perf report -g none of the OpenMP program: 79% in main._omp_fn.0, no line-level data
    f = _facts("perf-report-omp.txt")
    p = _aim(f, "main._omp_fn.0", "omp_simd")
    assert p.scope == "main"
    assert any("outlined body of an OpenMP region in main" in e for e in p.evidence)


def test_a_system_call_counted_by_strace_is_never_the_scope() -> None:
    # strace -c: 20,000 write calls; nothing names their caller and no profile names modules
    f = _facts("strace-c-writer.txt")
    assert f.foreign("write")
    p = _aim(f, "write", "io_buffering")
    assert p.scope == ""
    assert any("write is not the program's code" in e and "scoped to the program" in e
               for e in p.evidence)


def test_the_users_own_function_keeps_its_scope() -> None:
    # look-alike: work is the program's function (perf's Shared Object is the program):
    # it is not replaced by a caller, and with no line it stays the function
    f = _facts("perf-report-g.txt")
    assert not f.foreign("work")
    assert _aim(f, "work").scope == "work"


def test_names_that_are_never_user_code() -> None:
    for name in ("__GI___printf_fp_l", "GOMP_loop_nonmonotonic_dynamic_next", "exp@plt",
                 "std::__introsort_loop<double*, long>", "0x0000000000004f94",
                 "__GI___exp (inlined)", "(below main)", "_int_malloc", "malloc",
                 "operator new(unsigned long)", "strftime", "exp@@GLIBC_2.29",
                 "_gfortran_st_write@GFORTRAN_8"):  # versioned: a shared library's
        assert internal_name(name), name
    for name in ("work", "main", "MAIN__", "gauss_solve", "_Z4workv", "malloc_pool",
                 "__solverlib_MOD_solve"):  # a gfortran module procedure is the user's
        assert not internal_name(name), name
    assert outlined_parent("main._omp_fn.0") == "main"
    assert outlined_parent("MAIN__._omp_fn.3") == "MAIN__"
    assert outlined_parent("main") is None


def test_a_parameter_proposal_for_a_library_routine_names_the_users_caller() -> None:
    # rebalance_decomposition (a parameter change) aimed at libm's routine: its caller work
    p = aim_at_hot_line(Proposal(id="rebalance_decomposition", kind="param", scope=EXP),
                        _facts("perf-report-dwarf.txt"))
    assert p.scope == "work"


def test_rows_of_a_profile_sorted_by_cpu_or_pid_name_no_code() -> None:
    assert internal_name("000") and internal_name("4242:ompreg")


def test_a_proposal_with_no_line_asks_for_line_level_data() -> None:
    from perfscout.pipeline.analyze import analyze

    a = analyze([DATA / "perf-report-dwarf.txt"])
    assert any(p.kind == "source" and p.scope == "work" for p in a.proposals)
    asks = [r for r in a.data_requests if r.for_findings == ("line_level",)]
    assert len(asks) == 1 and "line of work" in asks[0].reason
    assert asks[0].command[:6] == ("perf", "record", "-e", "cpu-clock", "--call-graph", "dwarf")
    # with a line-level profile the proposal names its line, and nothing more is asked
    b = analyze([DATA / "perf-report-dwarf.txt", DATA / "perf-report-srcline.txt"])
    assert all(r.for_findings != ("line_level",) for r in b.data_requests)


def test_flags_for_an_outlined_region_or_a_library_routine_name_the_users_function() -> None:
    omp = aim_at_hot_line(Proposal(id="compiler_opt_level", kind="flags", scope="main._omp_fn.0"),
                          _facts("perf-report-omp.txt"))
    assert omp.scope == "main"
    lib = aim_at_hot_line(Proposal(id="compiler_opt_level", kind="flags", scope=EXP),
                          _facts("perf-report-dwarf.txt"))
    assert lib.scope == "work"


def test_call_chain_frames_keep_their_function_name() -> None:
    from perfscout.advise.usercode import frame_function

    assert frame_function("work callpow.c:9") == "work"
    assert frame_function("Grid::step(int, double)") == "Grid::step(int, double)"
    assert frame_function("__GI___exp (inlined)") == "__GI___exp (inlined)"
    assert frame_function("sum_inl f.c:3 (inlined)") == "sum_inl (inlined)"


def test_with_no_caller_the_programs_own_hottest_line_is_named_as_such() -> None:
    # perf report --sort srcline alone: libm's samples name no caller, but the program's own
    # lines are measured; a change aimed at exp names the program's hottest line (the loop
    # around the call, libcall.c:11), says no input shows it calling exp, and never takes a
    # line of libm's own sources
    p = _aim(_facts("perf-report-srcline.txt"), EXP)
    assert p.scope == "libcall.c:11"
    assert any("no input names its caller" in e and "no input shows calling it" in e
               and "hottest line" in e for e in p.evidence)
    # look-alike: with no line-level data at all, nothing is guessed
    q = _aim(_facts("strace-c-writer.txt"), "write", "io_buffering")
    assert q.scope == ""
